package parquet

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/structframe/structframe/frame"
)

// dictRecord is a record of n rows with strings at every depth: top
// level, in a list, in a struct, in a list of structs, as a map's keys
// and values; nulls and empty strings at every level, few distinct
// values (so the writer encodes them with a dictionary).
func dictRecord(t *testing.T, r *rand.Rand, n int) arrow.RecordBatch {
	t.Helper()
	str := func() string {
		switch r.IntN(8) {
		case 0:
			return "null"
		case 1:
			return `""`
		}
		return fmt.Sprintf("%q", []string{"cup", "tbsp", "gram", "a longer unit name, past eight bytes", "ü"}[r.IntN(5)])
	}
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
		{Name: "rec", Type: arrow.StructOf(arrow.Field{Name: "u", Type: arrow.BinaryTypes.String, Nullable: true}, arrow.Field{Name: "k", Type: arrow.PrimitiveTypes.Int64, Nullable: true}), Nullable: true},
		{Name: "recs", Type: arrow.ListOf(arrow.StructOf(arrow.Field{Name: "name", Type: arrow.BinaryTypes.String, Nullable: true})), Nullable: true},
		{Name: "m", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String), Nullable: true},
		{Name: "b", Type: arrow.BinaryTypes.Binary, Nullable: true},
	}, nil)
	var rows []string
	for range n {
		var l, recs, m []string
		for range r.IntN(4) {
			l = append(l, str())
		}
		if r.IntN(10) == 0 {
			l = append(l, "null")
		}
		for range r.IntN(3) {
			recs = append(recs, `{"name": `+str()+`}`)
		}
		for i := range r.IntN(3) {
			v := str()
			m = append(m, fmt.Sprintf(`{"key": "k%d", "value": %s}`, i, v))
		}
		row := fmt.Sprintf(`{"s": %s, "l": [%s], "rec": {"u": %s, "k": %d}, "recs": [%s], "m": [%s], "b": %s}`,
			str(), strings.Join(l, ", "), str(), r.IntN(5), strings.Join(recs, ", "), strings.Join(m, ", "), []string{"null", `"AQI="`, `""`}[r.IntN(3)])
		if r.IntN(10) == 0 {
			row = `{"s": null, "l": null, "rec": null, "recs": null, "m": null, "b": null}`
		}
		rows = append(rows, row)
	}
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, schema, strings.NewReader("["+strings.Join(rows, ",\n")+"]"))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestReadThroughDictionary: a file whose strings, at every depth, are
// all dictionary-encoded is read through the dictionaries (dict.go), in
// one row group or several (whose dictionaries differ), whole or by
// columns, and gives what pqarrow's value-by-value read gives.
func TestReadThroughDictionary(t *testing.T) {
	noDict := func(c *config) { c.noReadDict, c.noDirect = true, true }
	for seed := range uint64(12) {
		r := rand.New(rand.NewPCG(seed, 5))
		rec := dictRecord(t, r, 1+r.IntN(300))
		data := writeBytes(t, frame.FromRecordBatch(rec), WithRowGroupRows(1+r.IntN(120)))
		rec.Release()

		c := makeConfig(nil)
		fr, leaves, err := open(bytes.NewReader(data), &c)
		if err != nil {
			t.Fatal(err)
		}
		groups := upTo(fr.ParquetReader().NumRowGroups())
		if got := dictLeaves(fr, splitByField(fr.Manifest, leaves), groups, nil); len(got) < 6 {
			t.Fatalf("seed %d: %d leaves read through their dictionaries (%v), want the string leaves", seed, len(got), got)
		}
		for _, cols := range [][]string{nil, {"recs", "s"}, {"m"}, {"rec.u"}} {
			want, err1 := Read(bytes.NewReader(data), int64(len(data)), WithColumns(cols...), noDict)
			got, err2 := Read(bytes.NewReader(data), int64(len(data)), WithColumns(cols...), viaPqarrow)
			if err1 != nil || err2 != nil {
				t.Fatalf("seed %d, columns %v: %v, %v", seed, cols, err1, err2)
			}
			assertFramesEqual(t, fmt.Sprintf("seed %d, columns %v", seed, cols), want, got)
		}
	}
}

// TestDictionaryFallback: a column whose dictionary grew too large, so
// that later pages are plain, is read value by value (allDictPages), and
// both columns read right.
func TestDictionaryFallback(t *testing.T) {
	n := 5000
	bld := array.NewRecordBuilder(memory.DefaultAllocator, arrow.NewSchema([]arrow.Field{
		{Name: "many", Type: arrow.BinaryTypes.String},
		{Name: "few", Type: arrow.BinaryTypes.String},
	}, nil))
	defer bld.Release()
	for i := range n {
		bld.Field(0).(*array.StringBuilder).Append(fmt.Sprintf("distinct value %d", i))
		bld.Field(1).(*array.StringBuilder).Append([]string{"x", "y"}[i%2])
	}
	rec := bld.NewRecordBatch()
	defer rec.Release()
	props := pq.NewWriterProperties(pq.WithDictionaryPageSizeLimit(4096), pq.WithDataPageSize(4096))
	data := writeArrow(t, rec, props, pqarrow.DefaultWriterProps())
	c := makeConfig(nil)
	fr, leaves, err := open(bytes.NewReader(data), &c)
	if err != nil {
		t.Fatal(err)
	}
	if got := dictLeaves(fr, splitByField(fr.Manifest, leaves), []int{0}, nil); len(got) != 1 || got[0] != 1 {
		t.Errorf("leaves read through their dictionaries: %v, want [1] (few)", got)
	}
	// The page headers say the same as the encoding statistics.
	dictOnly, err := checkChunks("Read", c.src, fr.ParquetReader().MetaData(), c.size, []int{0}, leaves, leafPaths(fr.Manifest, 2), nil)
	if err != nil || dictOnly[0] || !dictOnly[1] {
		t.Errorf("dictionary-only leaves by their page headers: %v, %v; want 1 (few) alone", dictOnly, err)
	}
	f, err := Read(bytes.NewReader(data), int64(len(data)), viaPqarrow)
	if err != nil {
		t.Fatal(err)
	}
	assertFramesEqual(t, "fallback", frame.FromRecordBatch(rec), f)
}

// TestPlainStrings: the gather of a dictionary array, sliced, with nulls,
// with no dictionary at all, and with an index past the dictionary.
func TestPlainStrings(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	dt := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}
	dict, _, _ := array.FromJSON(mem, arrow.BinaryTypes.String, strings.NewReader(`["", "ab", "a value of more than eight bytes"]`))
	defer dict.Release()
	idx, _, _ := array.FromJSON(mem, arrow.PrimitiveTypes.Int32, strings.NewReader(`[2, 1, null, 0, 2, 1, null]`))
	defer idx.Release()
	da := array.NewDictionaryArray(dt, idx, dict)
	defer da.Release()
	base := mem.CurrentAlloc()
	for _, c := range []struct{ from, to int }{{0, 7}, {1, 6}, {3, 4}, {2, 3}} {
		sl := array.NewSlice(da, int64(c.from), int64(c.to))
		got, err := plainStrings(sl.Data(), mem)
		if err != nil {
			t.Fatal(err)
		}
		ga := array.MakeFromData(got)
		want := []any{"a value of more than eight bytes", "ab", nil, "", "a value of more than eight bytes", "ab", nil}[c.from:c.to]
		for i, w := range want {
			s := ga.(*array.String)
			if w == nil != s.IsNull(i) || (w != nil && s.Value(i) != w) {
				t.Errorf("slice %v, slot %d: %q (null %v), want %v", c, i, s.Value(i), s.IsNull(i), w)
			}
		}
		ga.Release()
		got.Release()
		sl.Release()
	}
	if got := mem.CurrentAlloc(); got != base {
		t.Errorf("%d bytes held after the gathered slices were released, %d before", got, base)
	}
	// Every slot null: pqarrow gives no dictionary at all.
	nulls, _, _ := array.FromJSON(mem, arrow.PrimitiveTypes.Int32, strings.NewReader(`[null, null]`))
	noDict := array.NewData(dt, 2, nulls.Data().Buffers(), nil, 2, 0)
	got, err := plainStrings(noDict, mem)
	if err != nil || got.Len() != 2 || got.NullN() != 2 {
		t.Errorf("no dictionary: %v, %v", got, err)
	}
	if got != nil {
		got.Release()
	}
	noDict.Release()
	nulls.Release()
	bad, _, _ := array.FromJSON(mem, arrow.PrimitiveTypes.Int32, strings.NewReader(`[0, 3]`))
	defer bad.Release()
	ba := array.NewDictionaryArray(dt, bad, dict)
	defer ba.Release()
	base = mem.CurrentAlloc()
	if _, err := plainStrings(ba.Data(), mem); err == nil || !strings.Contains(err.Error(), "index 3 of 3") {
		t.Errorf("an index past the dictionary: %v", err)
	}
	if got := mem.CurrentAlloc(); got != base {
		t.Errorf("%d bytes held after the results were released, %d before", got, base)
	}
}

// TestDictionaryWithoutStats: DuckDB and Polars write no encoding
// statistics, so only the page headers (checkChunks) tell which string
// leaves are dictionary-encoded throughout. Their files have such leaves,
// which are read through their dictionaries, to the frames of a read
// value by value.
func TestDictionaryWithoutStats(t *testing.T) {
	files, err := filepath.Glob("testdata/otherwriters/*.parquet")
	if err != nil || len(files) == 0 {
		t.Fatalf("no files: %v", err)
	}
	noDict := func(c *config) { c.noReadDict, c.noDirect = true, true }
	withDict := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c := makeConfig(nil)
		fr, leaves, err := open(bytes.NewReader(data), &c)
		if err != nil {
			t.Fatal(err)
		}
		md := fr.ParquetReader().MetaData()
		groups := upTo(md.NumRowGroups())
		jobs := splitByField(fr.Manifest, leaves)
		if got := dictLeaves(fr, jobs, groups, nil); len(got) > 0 {
			t.Errorf("%s: leaves %v dictionary-encoded by encoding statistics, which the file was not to have", path, got)
		}
		dictOnly, err := checkChunks("Read", c.src, md, c.size, groups, leaves, leafPaths(fr.Manifest, md.Schema.NumColumns()), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := dictLeaves(fr, jobs, groups, dictOnly); len(got) > 0 {
			withDict++
		}
		want, err1 := Read(bytes.NewReader(data), int64(len(data)), noDict)
		got, err2 := Read(bytes.NewReader(data), int64(len(data)), viaPqarrow)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v, %v", path, err1, err2)
		}
		assertFramesEqual(t, path, want, got)
	}
	if withDict == 0 {
		t.Errorf("no file of %d has a leaf read through its dictionary", len(files))
	}
}
