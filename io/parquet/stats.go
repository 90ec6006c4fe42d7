package parquet

import (
	"context"
	"io"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/structframe/structframe/internal/dtype"
)

// Metadata is what a Parquet file says about itself in its footer, read
// without reading any data page: row counts, row groups and the
// statistics its writer recorded per column chunk.
type Metadata struct {
	NumRows   int64
	CreatedBy string        // the writer, e.g. "parquet-cpp-arrow version 17.0.0"
	Schema    *arrow.Schema // the Arrow schema the file reads as
	// Columns has one entry per leaf column, in file order, its
	// statistics merged over every row group: null counts summed, the
	// smallest Min and largest Max (HasMinMax only when every row group
	// with values recorded them).
	Columns   []ColumnStats
	RowGroups []RowGroupStats
}

// RowGroupStats describes one row group.
type RowGroupStats struct {
	NumRows        int64
	CompressedSize int64 // bytes in the file
	Columns        []ColumnStats
}

// ColumnStats is the statistics of one leaf column (in one row group, or
// merged over the file).
type ColumnStats struct {
	// Path is the dotted path of the leaf as [WithColumns] takes it:
	// list and map levels are stepped through ("ingredients.name" for the
	// field name of the structs of the list ingredients).
	Path string
	// PhysicalType is Parquet's storage type: BOOLEAN, INT32, INT64,
	// FLOAT, DOUBLE, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96.
	PhysicalType string
	// NumValues counts the values stored, nulls included (for a list
	// column, one per item and per null or empty list).
	NumValues    int64
	HasNullCount bool
	// NullCount counts the entries without a value, as Parquet counts
	// them: null items and, under list levels, null and empty lists too.
	NullCount int64
	// HasMinMax tells whether Min and Max are known. They are of the
	// physical type: bool, int32, int64, float32, float64, string (for a
	// BYTE_ARRAY column annotated as a string), []byte, or
	// parquet.Int96; a date or a timestamp is its stored integer.
	HasMinMax        bool
	Min, Max         any
	CompressedSize   int64
	UncompressedSize int64
	Compression      string
}

// Stats reads the footer of the Parquet file at path (see [Metadata]).
func Stats(path string) (*Metadata, error) {
	f, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := readMetadata(f)
	return m, wrapErr("Stats", store.Redact(path), -1, "", err)
}

// ReadStats reads the footer of the Parquet data of size bytes in r.
func ReadStats(r io.ReaderAt, size int64) (*Metadata, error) {
	m, err := readMetadata(io.NewSectionReader(r, 0, size))
	return m, wrapErr("Stats", "", -1, "", err)
}

func readMetadata(src pq.ReaderAtSeeker) (m *Metadata, err error) {
	err = guard(func() error {
		rdr, err := file.NewParquetReader(src)
		if err != nil {
			return err
		}
		fm := rdr.MetaData()
		if err := checkStoredSchema(rdr); err != nil {
			return err
		}
		if err := checkFooter("Stats", fm); err != nil {
			return err
		}
		fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, nil)
		if err != nil {
			return err
		}
		sc, err := fr.Schema()
		if err != nil {
			return err
		}
		paths := leafPaths(fr.Manifest, fm.Schema.NumColumns())
		groups, leaves := upTo(fm.NumRowGroups()), upTo(len(paths))
		if _, err := checkChunks("Stats", nil, fm, fm.GetSourceFileSize(), groups, leaves, paths, nil); err != nil {
			return err
		}
		m = &Metadata{NumRows: fm.NumRows, CreatedBy: fm.GetCreatedBy(), Schema: sc}
		aggs := make([]metadata.TypedStatistics, len(paths))
		m.Columns = make([]ColumnStats, len(paths))
		minmax := make([]bool, len(paths))
		nulls := make([]bool, len(paths))
		for i := range paths {
			m.Columns[i] = ColumnStats{Path: paths[i], PhysicalType: fm.Schema.Column(i).PhysicalType().String()}
			minmax[i], nulls[i] = true, true
		}
		for g := range fm.NumRowGroups() {
			rg := fm.RowGroup(g)
			rs := RowGroupStats{NumRows: rg.NumRows(), CompressedSize: rg.TotalCompressedSize(), Columns: make([]ColumnStats, len(paths))}
			for i := range paths {
				cc, err := rg.ColumnChunk(i)
				if err != nil {
					return &Error{Op: "Stats", RowGroup: g, Field: paths[i], Err: err}
				}
				cs := &rs.Columns[i]
				*cs = ColumnStats{Path: paths[i], PhysicalType: m.Columns[i].PhysicalType, NumValues: cc.NumValues(),
					CompressedSize: cc.TotalCompressedSize(), UncompressedSize: cc.TotalUncompressedSize(), Compression: cc.Compression().String()}
				fc := &m.Columns[i]
				fc.NumValues += cs.NumValues
				fc.CompressedSize += cs.CompressedSize
				fc.UncompressedSize += cs.UncompressedSize
				fc.Compression = cs.Compression
				set, _ := cc.StatsSet()
				var st metadata.TypedStatistics
				if set {
					st, _ = cc.Statistics()
				}
				if st == nil {
					nulls[i] = false
					minmax[i] = minmax[i] && cs.NumValues == 0
					continue
				}
				cs.HasNullCount, cs.NullCount = st.HasNullCount(), st.NullCount()
				cs.HasMinMax = st.HasMinMax()
				if cs.HasMinMax {
					cs.Min, cs.Max = statValues(st, fm.Schema.Column(i))
				}
				nulls[i] = nulls[i] && cs.HasNullCount
				fc.NullCount += cs.NullCount
				minmax[i] = minmax[i] && (cs.HasMinMax || cs.NumValues == cs.NullCount)
				if aggs[i] == nil {
					aggs[i] = metadata.NewStatistics(fm.Schema.Column(i), nil)
				}
				aggs[i].Merge(st)
			}
			m.RowGroups = append(m.RowGroups, rs)
		}
		for i := range m.Columns {
			fc := &m.Columns[i]
			fc.HasNullCount = nulls[i]
			if !nulls[i] {
				fc.NullCount = 0
			}
			if minmax[i] && aggs[i] != nil && aggs[i].HasMinMax() {
				fc.HasMinMax = true
				fc.Min, fc.Max = statValues(aggs[i], fm.Schema.Column(i))
			}
		}
		return nil
	})
	return m, err
}

// statValues returns the min and max of st as Go values.
func statValues(st metadata.TypedStatistics, col *schema.Column) (lo, hi any) {
	switch s := st.(type) {
	case *metadata.BooleanStatistics:
		return s.Min(), s.Max()
	case *metadata.Int32Statistics:
		return s.Min(), s.Max()
	case *metadata.Int64Statistics:
		return s.Min(), s.Max()
	case *metadata.Float32Statistics:
		return s.Min(), s.Max()
	case *metadata.Float64Statistics:
		return s.Min(), s.Max()
	case *metadata.Int96Statistics:
		return s.Min(), s.Max()
	case *metadata.ByteArrayStatistics:
		if _, ok := col.LogicalType().(schema.StringLogicalType); ok || col.ConvertedType() == schema.ConvertedTypes.UTF8 {
			return string(s.Min()), string(s.Max())
		}
		return append([]byte(nil), s.Min()...), append([]byte(nil), s.Max()...)
	case *metadata.FixedLenByteArrayStatistics:
		return append([]byte(nil), s.Min()...), append([]byte(nil), s.Max()...)
	}
	return st.EncodeMin(), st.EncodeMax()
}

// leafPaths returns each leaf column's dotted path, list and map levels
// stepped through.
func leafPaths(m *pqarrow.SchemaManifest, n int) []string {
	out := make([]string, n)
	for i := range n {
		f := m.ColIndexToField[i]
		if f == nil {
			continue
		}
		var parts []string
		for f != nil {
			p := m.ChildToParent[f]
			if p == nil || !dtype.Of(p.Field.Type).ListLike() {
				parts = append(parts, f.Field.Name)
			}
			f = p
		}
		for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
			parts[a], parts[b] = parts[b], parts[a]
		}
		out[i] = strings.Join(parts, ".")
	}
	return out
}
