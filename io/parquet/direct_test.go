package parquet

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/structframe/structframe/structured"
)

// viaPqarrow is the option (a test hook) of a read of every field by
// pqarrow, none by the direct reader: the tests of what pqarrow's read
// does (dict.go) take it.
func viaPqarrow(c *config) { c.noDirect = true }

// inParts is the option (a test hook) of a read that decodes every leaf
// of the direct reader in parts, a row group each (direct_parts.go).
func inParts(c *config) { c.allParts = true }

// directSchema has every leaf type the direct reader decodes (8- and
// 16-bit integers and decimals stored as integers among them), at every
// depth: top level, in lists, lists of lists, structs, structs in lists
// and lists in structs, nullable and not; large strings, binary and lists
// (read as such where the Arrow schema is stored, as Polars stores it).
var directSchema = arrow.NewSchema([]arrow.Field{
	{Name: "b", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	{Name: "i32", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "u32", Type: arrow.PrimitiveTypes.Uint32, Nullable: true},
	{Name: "i64", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "u64", Type: arrow.PrimitiveTypes.Uint64, Nullable: true},
	{Name: "f32", Type: arrow.PrimitiveTypes.Float32, Nullable: true},
	{Name: "f64", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "d", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "ts", Type: &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}, Nullable: true},
	{Name: "tsn", Type: &arrow.TimestampType{Unit: arrow.Nanosecond}, Nullable: true},
	{Name: "i8", Type: arrow.PrimitiveTypes.Int8, Nullable: true},
	{Name: "u8", Type: arrow.PrimitiveTypes.Uint8, Nullable: true},
	{Name: "i16", Type: arrow.PrimitiveTypes.Int16, Nullable: true},
	{Name: "u16", Type: arrow.PrimitiveTypes.Uint16, Nullable: true},
	{Name: "dec", Type: &arrow.Decimal128Type{Precision: 9, Scale: 2}, Nullable: true},
	{Name: "dec18", Type: &arrow.Decimal128Type{Precision: 18, Scale: 3}, Nullable: true},
	{Name: "dec38", Type: &arrow.Decimal128Type{Precision: 38, Scale: 10}, Nullable: true},
	{Name: "dec50", Type: &arrow.Decimal256Type{Precision: 50, Scale: 5}, Nullable: true},
	{Name: "f16", Type: arrow.FixedWidthTypes.Float16, Nullable: true},
	{Name: "fsb", Type: &arrow.FixedSizeBinaryType{ByteWidth: 3}, Nullable: true},
	{Name: "uuid", Type: extensions.NewUUIDType(), Nullable: true},
	{Name: "t32", Type: arrow.FixedWidthTypes.Time32ms, Nullable: true},
	{Name: "t64", Type: arrow.FixedWidthTypes.Time64us, Nullable: true},
	{Name: "t64n", Type: arrow.FixedWidthTypes.Time64ns, Nullable: true},
	{Name: "m", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Int32), Nullable: true},
	{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "bin", Type: arrow.BinaryTypes.Binary, Nullable: true},
	{Name: "req", Type: arrow.PrimitiveTypes.Int64},
	{Name: "reqs", Type: arrow.BinaryTypes.String},
	{Name: "l", Type: arrow.ListOf(arrow.PrimitiveTypes.Int64), Nullable: true},
	{Name: "lb", Type: arrow.ListOf(arrow.FixedWidthTypes.Boolean), Nullable: true},
	{Name: "ll", Type: arrow.ListOf(arrow.ListOf(arrow.BinaryTypes.String)), Nullable: true},
	{Name: "lreq", Type: arrow.ListOfNonNullable(arrow.PrimitiveTypes.Int32)},
	{Name: "st", Type: arrow.StructOf(
		arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		arrow.Field{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
		arrow.Field{Name: "in", Type: arrow.StructOf(arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Float64, Nullable: true}), Nullable: true},
	), Nullable: true},
	{Name: "o", Type: arrow.StructOf( // required inside nullable: no null of their own
		arrow.Field{Name: "l", Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)},
		arrow.Field{Name: "in", Type: arrow.StructOf(arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int32, Nullable: true})},
		arrow.Field{Name: "ll", Type: arrow.ListOf(arrow.ListOfNonNullable(arrow.PrimitiveTypes.Int64))},
	), Nullable: true},
	{Name: "s8", Type: arrow.BinaryTypes.LargeString, Nullable: true},
	{Name: "l8", Type: arrow.LargeListOf(arrow.StructOf(
		arrow.Field{Name: "v", Type: arrow.BinaryTypes.LargeBinary, Nullable: true},
		arrow.Field{Name: "xs", Type: arrow.LargeListOf(arrow.PrimitiveTypes.Int32), Nullable: true},
	)), Nullable: true},
	{Name: "ls", Type: arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "name", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "emb", Type: arrow.ListOf(arrow.PrimitiveTypes.Float64), Nullable: true},
		arrow.Field{Name: "ok", Type: arrow.FixedWidthTypes.Boolean},
	)), Nullable: true},
}, nil)

// directRecord is a record of directSchema, n rows of random values with
// few distinct ones (so that dictionaries are written), nulls and empty
// lists at every level.
func directRecord(t *testing.T, r *rand.Rand, n int) arrow.RecordBatch {
	t.Helper()
	null := func(v string) string {
		if r.IntN(6) == 0 {
			return "null"
		}
		return v
	}
	str := func() string {
		return null(fmt.Sprintf("%q", []string{"", "cup", "a longer value, past eight bytes", "ü", fmt.Sprint(r.IntN(1000))}[r.IntN(5)]))
	}
	num := func(k int) string { return null(fmt.Sprint(r.IntN(k) - k/4)) }
	list := func(max int, item func() string) string {
		var xs []string
		for range r.IntN(max + 1) {
			xs = append(xs, item())
		}
		return null("[" + strings.Join(xs, ", ") + "]")
	}
	var rows []string
	for range n {
		row := map[string]string{
			"b": null(fmt.Sprint(r.IntN(2) == 0)), "i32": num(100), "u32": null(fmt.Sprint(r.Uint32() % 50)),
			"i64": num(1 << 20), "u64": null(fmt.Sprint(r.Uint64() >> r.IntN(64))), "f32": null(fmt.Sprint(float32(r.IntN(64)) / 4)),
			"f64": null(fmt.Sprint(r.NormFloat64())), "d": null(fmt.Sprintf("%q", []string{"2024-02-29", "1970-01-01", "1900-12-31"}[r.IntN(3)])),
			"ts":  null(fmt.Sprintf("%q", []string{"2024-02-29T10:00:00Z", "1970-01-01T00:00:00.000001Z"}[r.IntN(2)])),
			"tsn": null(fmt.Sprintf("%q", []string{"2024-02-29T10:00:00.000000001", "2001-01-01T00:00:00"}[r.IntN(2)])),
			"i8":  null(fmt.Sprint(r.IntN(256) - 128)), "u8": null(fmt.Sprint(r.IntN(256))), "i16": null(fmt.Sprint(r.IntN(1<<16) - 1<<15)), "u16": null(fmt.Sprint(r.IntN(1 << 16))),
			"dec": null(fmt.Sprintf(`"%d.%02d"`, r.IntN(2000000)-1000000, r.IntN(100))), "dec18": null(fmt.Sprintf(`"-%d.%03d"`, r.Int64N(1e14), r.IntN(1000))),
			"dec38": null(fmt.Sprintf(`"%d%d.%010d"`, r.Int64N(1e17)-5e16, r.Int64N(1e10), r.Int64N(1e10))),
			"dec50": null(fmt.Sprintf(`"%d%d%d.%05d"`, r.Int64N(1e15)-5e14, r.Int64N(1e15), r.Int64N(1e15), r.IntN(1e5))),
			"f16":   null(fmt.Sprint(float32(r.IntN(64)-32) / 8)), "fsb": null([]string{`"AQID"`, `"/wAB"`, `"AAAA"`}[r.IntN(3)]),
			"uuid": null(fmt.Sprintf(`"%08x-0000-4000-8000-%012x"`, r.Uint32(), r.Int64N(1<<48))),
			"t32":  null(fmt.Sprint(r.IntN(86400000))), "t64": null(fmt.Sprint(r.Int64N(86400000000))), "t64n": null(fmt.Sprint(r.Int64N(86400000000000))),
			"m": list(3, func() string { return fmt.Sprintf(`{"key": %q, "value": %s}`, fmt.Sprint("k", r.IntN(5)), num(50)) }),
			"s": str(), "bin": null([]string{`"AQI="`, `""`, `"/w=="`}[r.IntN(3)]), "req": fmt.Sprint(r.Int64()), "reqs": fmt.Sprintf("%q", fmt.Sprint(r.IntN(5))),
			"l": list(4, func() string { return num(10) }), "lb": list(3, func() string { return null(fmt.Sprint(r.IntN(3) == 0)) }),
			"ll":   list(3, func() string { return list(3, str) }),
			"lreq": "[" + strings.Repeat("7, ", r.IntN(3)) + "1]",
			"st":   null(fmt.Sprintf(`{"a": %s, "tags": %s, "in": %s}`, num(9), list(3, str), null(fmt.Sprintf(`{"x": %s}`, null("0.5"))))),
			"o": null(fmt.Sprintf(`{"l": %s, "in": {"x": %s}, "ll": %s}`, "["+strings.Repeat("3, ", r.IntN(3))+"4]", num(5),
				"[["+strings.Repeat("1, ", r.IntN(2))+"2]]")),
			"s8": str(),
			"l8": list(3, func() string {
				return null(fmt.Sprintf(`{"v": %s, "xs": %s}`, null(`"AQI="`), list(3, func() string { return num(7) })))
			}),
			"ls": list(3, func() string {
				return null(fmt.Sprintf(`{"name": %s, "emb": %s, "ok": %v}`, str(), list(4, func() string { return null(fmt.Sprint(r.IntN(4))) }), r.IntN(2) == 0))
			}),
		}
		if row["lreq"] == "[1]" && r.IntN(2) == 0 {
			row["lreq"] = "[]"
		}
		var kv []string
		for _, f := range directSchema.Fields() {
			kv = append(kv, fmt.Sprintf("%q: %s", f.Name, row[f.Name]))
		}
		rows = append(rows, "{"+strings.Join(kv, ", ")+"}")
	}
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, directSchema, strings.NewReader("["+strings.Join(rows, ",\n")+"]"))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// writeArrow writes rec with arrow-go's writer and the given properties.
func writeArrow(t *testing.T, rec arrow.RecordBatch, props *pq.WriterProperties, arrowProps pqarrow.ArrowWriterProperties) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(rec.Schema(), &buf, props, arrowProps)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteBuffered(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fellBack records the fields the direct reader gave to pqarrow while
// fn runs.
func fellBack(fn func()) map[string]error {
	var mu sync.Mutex
	got := map[string]error{}
	directFellBack = func(field string, err error) {
		mu.Lock()
		got[field] = err
		mu.Unlock()
	}
	defer func() { directFellBack = nil }()
	fn()
	return got
}

// assertSameRead reads data with the direct reader and without it
// (pqarrow for every field), with the options given, and fails unless
// both give the same Arrow columns. It returns the fields the direct
// reader gave to pqarrow.
func assertSameRead(t *testing.T, name string, data []byte, opts ...Option) map[string]error {
	t.Helper()
	want, err1 := ReadTensor(bytes.NewReader(data), int64(len(data)), append(opts, viaPqarrow)...)
	var got *structured.Tensor
	var err2 error
	fell := fellBack(func() { got, err2 = ReadTensor(bytes.NewReader(data), int64(len(data)), opts...) })
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("%s: pqarrow's read gave %v, the direct reader's %v", name, err1, err2)
	}
	if err1 != nil {
		return fell
	}
	wr, err := want.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer wr.Release()
	gr, err := got.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer gr.Release()
	if !wr.Schema().Equal(gr.Schema()) {
		t.Fatalf("%s: schema\n%v\nwant\n%v", name, gr.Schema(), wr.Schema())
	}
	if !structured.Equal(want, got) { // (ApproxEqual passes validity that differs under a null parent)
		t.Errorf("%s: the direct reader's Tensor differs from pqarrow's", name)
	}
	for i := range wr.Columns() {
		if !array.ApproxEqual(wr.Column(i), gr.Column(i), array.WithNaNsEqual(true), array.WithAbsTolerance(0)) { // Equal, NaN equal to NaN
			t.Errorf("%s: column %s:\n got %v\nwant %v", name, wr.Schema().Field(i).Name, gr.Column(i), wr.Column(i))
		}
	}
	return fell
}

// partTasks returns how many tasks of a read of data with inParts
// decode a part of a leaf, and the file's row groups.
func partTasks(t *testing.T, data []byte) (parts, groups int) {
	t.Helper()
	c := makeConfig(nil)
	fr, leaves, err := open(bytes.NewReader(data), &c)
	if err != nil {
		t.Fatal(err)
	}
	all := upTo(fr.ParquetReader().NumRowGroups())
	jobs := splitByField(fr.Manifest, leaves)
	for _, task := range readTasks(fr.ParquetReader().MetaData(), jobs, all, planDirect(fr.Manifest, fr.ParquetReader(), all, jobs), 2, true, memory.DefaultAllocator) {
		if task.part >= 0 {
			parts++
		}
	}
	return parts, len(all)
}

// directFields returns how many fields of the file the direct reader
// takes, of all.
func directFields(t *testing.T, data []byte) (taken, all int) {
	t.Helper()
	c := makeConfig(nil)
	fr, leaves, err := open(bytes.NewReader(data), &c)
	if err != nil {
		t.Fatal(err)
	}
	jobs := splitByField(fr.Manifest, leaves)
	return len(planDirect(fr.Manifest, fr.ParquetReader(), upTo(fr.ParquetReader().NumRowGroups()), jobs)), len(jobs)
}

// TestDirectAgreesWithPqarrow: files of every leaf type at every depth,
// written with and without dictionaries (and with dictionaries that fall
// back to plain pages), data pages v1 and v2, every codec, small pages
// and row groups, with the Arrow schema stored and without, read the
// same with the direct reader as with pqarrow, and no field of them is
// given to pqarrow.
func TestDirectAgreesWithPqarrow(t *testing.T) {
	codecs := []compress.Compression{compress.Codecs.Snappy, compress.Codecs.Uncompressed, compress.Codecs.Zstd, compress.Codecs.Gzip}
	for seed := range uint64(16) {
		r := rand.New(rand.NewPCG(seed, 11))
		rec := directRecord(t, r, 1+r.IntN(400))
		props := []pq.WriterProperty{
			pq.WithCompression(codecs[seed%4]),
			pq.WithMaxRowGroupLength(int64(1 + r.IntN(300))),
			pq.WithDictionaryDefault(seed%3 != 0),
			pq.WithStats(true),
			pq.WithStoreDecimalAsInteger(true), // (those of 38 digits and more as fixed-length byte arrays; TestDirectDecimalBytes stores all so)
		}
		if seed%2 == 1 {
			props = append(props, pq.WithDataPageVersion(pq.DataPageV2))
		}
		if seed%4 == 2 {
			props = append(props, pq.WithDataPageSize(int64(64+r.IntN(512))), pq.WithBatchSize(int64(1+r.IntN(64))))
		}
		if seed%5 == 3 {
			props = append(props, pq.WithDictionaryPageSizeLimit(64)) // plain pages after the dictionary's
		}
		arrowProps := pqarrow.DefaultWriterProps()
		if seed%2 == 0 {
			arrowProps = pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema())
		}
		data := writeArrow(t, rec, pq.NewWriterProperties(props...), arrowProps)
		rec.Release()
		name := fmt.Sprintf("seed %d", seed)
		if taken, all := directFields(t, data); taken != all {
			t.Errorf("%s: the direct reader takes %d fields of %d", name, taken, all)
		}
		if fell := assertSameRead(t, name, data); len(fell) > 0 {
			t.Errorf("%s: fields given to pqarrow: %v", name, fell)
		}
		assertSameRead(t, name+" serial", data, WithParallelism(1))
		assertSameRead(t, name+" projected", data, WithColumns("ls", "st.in", "s"))
		if parts, groups := partTasks(t, data); parts == 0 && groups > 1 {
			t.Errorf("%s: no leaf decoded in parts", name)
		}
		if fell := assertSameRead(t, name+" in parts", data, inParts); len(fell) > 0 {
			t.Errorf("%s in parts: fields given to pqarrow: %v", name, fell)
		}
		assertSameRead(t, name+" in parts, serial", data, inParts, WithParallelism(1))
	}
}

// TestDirectEncodings: the encodings of version 2 pages, as arrow-go
// writes them when asked (delta-encoded integers, lengths and prefixes,
// byte stream split floats and integers), in pages v1 and v2, read as
// pqarrow reads them, none given to it.
func TestDirectEncodings(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	rec := directRecord(t, r, 700)
	defer rec.Release()
	cases := []struct {
		enc  pq.Encoding
		cols []string
	}{
		{pq.Encodings.DeltaBinaryPacked, []string{"i64", "i32", "u32", "u64", "i8", "ts", "d", "dec18", "l.list.element", "req"}},
		{pq.Encodings.DeltaLengthByteArray, []string{"s", "ls.list.element.name", "reqs", "bin"}},
		{pq.Encodings.DeltaByteArray, []string{"s", "ll.list.element.list.element", "s8"}},
		{pq.Encodings.ByteStreamSplit, []string{"f64", "f32", "ls.list.element.emb.list.element", "fsb", "dec38", "f16"}},
	}
	for _, c := range cases {
		for _, v2 := range []bool{false, true} {
			props := []pq.WriterProperty{pq.WithDictionaryDefault(false), pq.WithStoreDecimalAsInteger(true), pq.WithDataPageSize(1 << 10)}
			if v2 {
				props = append(props, pq.WithDataPageVersion(pq.DataPageV2))
			}
			for _, f := range c.cols {
				props = append(props, pq.WithEncodingFor(f, c.enc))
			}
			name := fmt.Sprintf("%s, v2 %v", c.enc, v2)
			data := writeArrow(t, rec, pq.NewWriterProperties(props...), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
			if fell := assertSameRead(t, name, data); len(fell) > 0 {
				t.Errorf("%s: fields given to pqarrow: %v", name, fell)
			}
		}
	}
}

// TestDirectRLEBooleans: booleans run-length encoded (as writers of
// version 2 pages store them), at the top and in a list, in pages v1 and
// v2, read as pqarrow reads them, none given to it.
func TestDirectRLEBooleans(t *testing.T) {
	rec := directRecord(t, rand.New(rand.NewPCG(3, 3)), 300)
	defer rec.Release()
	for _, v := range []pq.DataPageVersion{pq.DataPageV1, pq.DataPageV2} {
		props := pq.NewWriterProperties(pq.WithDictionaryDefault(false), pq.WithStoreDecimalAsInteger(true), pq.WithDataPageVersion(v),
			pq.WithDataPageSize(256), pq.WithEncodingFor("b", pq.Encodings.RLE), pq.WithEncodingFor("lb.list.element", pq.Encodings.RLE))
		data := writeArrow(t, rec, props, pqarrow.DefaultWriterProps())
		if fell := assertSameRead(t, "run-length encoded booleans", data); len(fell) > 0 {
			t.Errorf("pages %v: fields given to pqarrow: %v", v, fell)
		}
	}
}

// TestDirectFallsBack: a page the direct reader does not decode (here
// an int32 page whose header says DELTA_BYTE_ARRAY, an encoding of byte
// arrays) gives its field to pqarrow, and the file reads as pqarrow reads
// it (here, an error), the other field read directly.
func TestDirectFallsBack(t *testing.T) {
	sc := arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.PrimitiveTypes.Int32}, {Name: "y", Type: arrow.PrimitiveTypes.Int32}}, nil)
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, sc, strings.NewReader(`[{"x": 1, "y": 2}, {"x": 3, "y": 4}]`))
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	data := writeArrow(t, rec, pq.NewWriterProperties(pq.WithDictionaryDefault(false), pq.WithCompression(compress.Codecs.Uncompressed)), pqarrow.DefaultWriterProps())
	// The first data page's header (x's): num_values 2, then encoding
	// PLAIN, as Thrift's compact protocol writes them (field deltas of
	// 1, type i32; zigzag varints); PLAIN (0) becomes DELTA_BYTE_ARRAY
	// (7, zigzag 14).
	at := bytes.Index(data, []byte{0x15, 0x04, 0x15, 0x00, 0x15})
	if at < 0 {
		t.Fatal("no data page header found")
	}
	data[at+3] = 14
	fell := assertSameRead(t, "an int32 page said to be DELTA_BYTE_ARRAY", data)
	if len(fell) != 1 || fell["x"] == nil || !strings.Contains(fell["x"].Error(), errUnsupported.Error()) {
		t.Errorf("fields given to pqarrow: %v, want x, as unsupported", fell)
	}
}

// TestDirectDecimalBytes: decimals stored as fixed-length byte arrays of
// every width (pqarrow's default, and pandas'), big-endian, read as
// pqarrow reads them, with and without dictionaries, none given to it.
func TestDirectDecimalBytes(t *testing.T) {
	for seed := range uint64(4) {
		rec := directRecord(t, rand.New(rand.NewPCG(9, seed)), 300)
		props := pq.NewWriterProperties(pq.WithDictionaryDefault(seed%2 == 0), pq.WithDataPageSize(1<<10))
		data := writeArrow(t, rec, props, pqarrow.DefaultWriterProps())
		rec.Release()
		if taken, all := directFields(t, data); taken != all {
			t.Errorf("seed %d: the direct reader takes %d fields of %d", seed, taken, all)
		}
		if fell := assertSameRead(t, "decimals as bytes", data); len(fell) > 0 {
			t.Errorf("seed %d: fields given to pqarrow: %v", seed, fell)
		}
	}
}

// TestDirectOtherWriters: the files Polars and DuckDB wrote read the same
// with the direct reader as with pqarrow, and the direct reader takes
// some of their fields.
func TestDirectOtherWriters(t *testing.T) {
	files, _ := filepath.Glob("testdata/otherwriters/*.parquet")
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		assertSameRead(t, path, data)
		if taken, all := directFields(t, data); taken < all/2 {
			t.Errorf("%s: the direct reader takes %d fields of %d", path, taken, all)
		}
	}
}

// TestDirectRepeatedInOptional: the protobuf layout, a repeated field
// inside an optional group (optional group o { repeated int32 r; }),
// whose list is not nullable: where o is null, r is an empty list, as
// pqarrow reads it, not a null.
func TestDirectRepeatedInOptional(t *testing.T) {
	opt, rpt := pq.Repetitions.Optional, pq.Repetitions.Repeated
	node := must(schema.NewGroupNode("xs", opt, schema.FieldList{
		must(schema.NewPrimitiveNode("r", rpt, pq.Types.Int32, -1, -1))}, -1))
	// {r: [1, 2]}, null, {r: []}
	data := lowLevelList(t, node, []int32{1, 2}, []int16{2, 2, 0, 1}, []int16{0, 1, 0, 0})
	if taken, all := directFields(t, data); taken != all {
		t.Fatalf("the direct reader takes %d fields of %d", taken, all)
	}
	if fell := assertSameRead(t, "repeated in optional", data); len(fell) > 0 {
		t.Errorf("fields given to pqarrow: %v", fell)
	}
}

// TestInPlaceChecksTheFooter: parts decoded in place hold what the
// footer says each part has, or the leaf is an error (and read by
// pqarrow): a footer whose value counts place a part one value off is
// refused, the leaf's buffers given back.
func TestInPlaceChecksTheFooter(t *testing.T) {
	sc := arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.PrimitiveTypes.Int64, Nullable: true}}, nil)
	var rows []string
	for i := range 50 {
		v := fmt.Sprint(i * 7)
		if i%6 == 0 {
			v = "null"
		}
		rows = append(rows, `{"x": `+v+`}`)
	}
	rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, sc, strings.NewReader("["+strings.Join(rows, ",")+"]"))
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	data := writeArrow(t, rec, pq.NewWriterProperties(pq.WithMaxRowGroupLength(10), pq.WithStats(true)), pqarrow.DefaultWriterProps())
	c := makeConfig(nil)
	fr, _, err := open(bytes.NewReader(data), &c)
	if err != nil {
		t.Fatal(err)
	}
	md := fr.ParquetReader().MetaData()
	runs := leafRuns(md, 0, upTo(md.NumRowGroups()), 1)
	for _, shift := range []int{0, 1} {
		ip := planInPlace(md, 0, runs, memory.DefaultAllocator)
		if ip == nil {
			t.Fatal("no parts in place for a nullable int64 column with null counts")
		}
		ip.values[1] += shift // the footer, as the parts would read it, says part 0 has one more value
		lp := newLeafParts(runs)
		lp.place = ip
		var whole *leafOut
		var werr error
		for p := range runs {
			o, err := readLeafInto(lp.scratch(p), bytes.NewReader(data), nil, md, 0, runs[p], memory.DefaultAllocator, nil)
			if w, e, ok := lp.finish(p, o, err, nil); ok {
				whole, werr = w, e
			}
		}
		switch {
		case shift == 0 && (werr != nil || whole == nil || whole.n != 50-9 || whole.entries != 50):
			t.Errorf("as the footer says: %v, %+v", werr, whole)
		case shift == 1 && (werr == nil || whole != nil || !strings.Contains(werr.Error(), "the footer")):
			t.Errorf("a part one value off: %v, %v", werr, whole)
		}
	}
}
