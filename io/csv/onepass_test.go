package csv

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/structured"
)

// onePassCell is a random cell for column c of a generated file: mostly
// of the column's type, sometimes a null, and, past the sample, now and
// then a cell that changes what the column would be inferred as.
func onePassCell(r *rand.Rand, c, row, sample int) string {
	if r.IntN(12) == 0 {
		if sample > 1<<20 {
			return "" // the default null marker only
		}
		return []string{"", "NA", "null"}[r.IntN(3)]
	}
	if row > sample && r.IntN(40) == 0 {
		// Late: what the sample did not see.
		return []string{"007", "+5", " 12 ", "1.5", "9007199254740993", "1e3", "0.10000000000000000555",
			"NaN", "abc", "2020-02-30", "2020-01-01", "2020-01-01T10:00:00", "2020-01-01T10:00:00Z",
			"True", "yes", `"q""uote"`, `"multi` + "\n" + `line"`, "-0", "", " "}[r.IntN(20)]
	}
	switch c {
	case 0:
		return fmt.Sprint(r.IntN(2000) - 1000)
	case 1:
		return fmt.Sprintf("%.3f", r.Float64()*100)
	case 2:
		return fmt.Sprintf("2021-%02d-%02d", 1+r.IntN(12), 1+r.IntN(28))
	case 3:
		return []string{"true", "false"}[r.IntN(2)]
	case 4:
		return fmt.Sprintf("2021-01-%02dT%02d:00:00", 1+r.IntN(28), r.IntN(24))
	case 5:
		return "" // nulls only, unless late
	case 6:
		return fmt.Sprintf(`"s,%d"`, r.IntN(100))
	}
	return strings.Repeat("w", r.IntN(8))
}

// onePassFile is a random CSV of n records and 8 columns (int, float,
// date, bool, timestamp, all-null, quoted string, string), with blank
// lines, CRLF endings and comments here and there.
func onePassFile(r *rand.Rand, n, sample int) []byte {
	var b bytes.Buffer
	b.WriteString("i,f,d,b,t,z,q,s\n")
	for row := 1; row <= n; row++ {
		for c := range 8 {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString(onePassCell(r, c, row, sample))
		}
		switch r.IntN(30) {
		case 0:
			b.WriteString("\r\n")
		case 1:
			b.WriteString("\n\n")
		case 2:
			b.WriteString("\n#x,y\n")
		default:
			b.WriteByte('\n')
		}
	}
	if r.IntN(2) == 0 {
		b.Truncate(b.Len() - 1) // no final line break
	}
	return b.Bytes()
}

// TestOnePassAgreesWithTwo: the one-pass read gives what the two passes
// give, result or error, on random files whose later records change
// their columns' types, split into chunks small enough to fall inside a
// record or a quoted line break, with every option that changes the
// split or the types.
func TestOnePassAgreesWithTwo(t *testing.T) {
	optSets := [][]Option{
		nil,
		{WithComment('#')},
		{WithComment('#'), WithColumns("i", "s", "z")},
		{WithComment('#'), WithTypes(map[string]arrow.DataType{"i": arrow.PrimitiveTypes.Float64, "z": arrow.PrimitiveTypes.Int64})},
		{WithComment('#'), WithTypes(map[string]arrow.DataType{"s": arrow.BinaryTypes.LargeString, "q": arrow.BinaryTypes.LargeString})},
		{WithComment('#'), WithNullValues("NA")},
		{WithComment('#'), WithStrict(true)},
		{WithComment('#'), WithPadRows(true)},
	}
	agreed, single := 0, 0
	for seed := range uint64(120) {
		r := rand.New(rand.NewPCG(seed, 3))
		sample := 1 + r.IntN(40)
		late := sample
		if seed%2 == 1 {
			late = 1 << 30 // no late cell: the one pass must read it
		}
		data := onePassFile(r, 20+r.IntN(200), late)
		for oi, opts := range optSets {
			common := append([]Option{WithParallelism(1 + r.IntN(3)), withChunkBytes(16 + r.IntN(400))}, opts...)
			two, err2 := Read(bytes.NewReader(data), append(common, withTwoPass())...)
			one, err1 := Read(bytes.NewReader(data), append(common, withSampleRows(sample))...)
			what := fmt.Sprintf("seed %d, options %d, sample %d:\n%s", seed, oi, sample, data)
			if fmt.Sprint(err1) != fmt.Sprint(err2) {
				t.Fatalf("%s\none pass: %v\ntwo passes: %v", what, err1, err2)
			}
			if err2 != nil {
				continue
			}
			if !frameEqual(t, one, two) {
				t.Fatalf("%s\none pass:\n%s\ntwo passes:\n%s", what, dump(t, one), dump(t, two))
			}
			agreed++
			if _, ok := tryOnePass(t, data, append(common, withSampleRows(sample))...); ok {
				single++
			}
		}
	}
	t.Logf("%d reads agreed, %d of them in one pass", agreed, single)
	if single < agreed/4 {
		t.Errorf("only %d of %d reads in one pass", single, agreed)
	}
	// A file whose sample holds every kind of cell is read in one pass.
	data := onePassFile(rand.New(rand.NewPCG(1, 1)), 300, 1<<30)
	if n, ok := tryOnePass(t, data, withChunkBytes(300), WithParallelism(3), WithComment('#')); !ok || n != 300 {
		t.Errorf("a file of plain cells: one pass %v, %d rows", ok, n)
	}
}

// TestOnePassRoom: files whose records the line breaks do not count
// one for one are still read in one pass, in small chunks: a last record
// with no line break, and quoted line breaks on which the cuts fall
// (moved out of the quotes, and the rows of each chunk counted from where
// its cut moved to).
func TestOnePassRoom(t *testing.T) {
	plain, quoted := []byte("i,s\n"), []byte("i,s\n")
	for i := range 200 {
		plain = fmt.Appendf(plain, "%d,w%d\n", i, i%7)
		quoted = fmt.Appendf(quoted, "%d,\"a,\nb\n%d\"\n", i, i%7)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"plain", plain},
		{"plain, no final line break", plain[:len(plain)-1]},
		{"quoted line breaks", quoted},
		{"quoted line breaks, no final line break", quoted[:len(quoted)-1]},
	} {
		for _, chunk := range []int{7, 40, 333, 1 << 20} {
			n, ok := tryOnePass(t, tc.data, withChunkBytes(chunk), WithParallelism(2))
			if !ok || n != 200 {
				t.Errorf("%s, chunks of %d bytes: one pass %v, %d rows; want 200 rows", tc.name, chunk, ok, n)
			}
		}
	}
}

// TestOnePassScratchGrows: a chunk's strings outgrow its scratch buffers
// many times over (they start at 4 KiB), with escaped cells among them,
// and read as the two passes read them.
func TestOnePassScratchGrows(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	var b bytes.Buffer
	b.WriteString("id,s,t\n")
	for i := range 600 {
		s := strings.Repeat("x", r.IntN(3000))
		if i%7 == 0 {
			s = `"` + s + `""q""` + `"`
		}
		fmt.Fprintf(&b, "%d,%s,t%d\n", i, s, i)
	}
	data := b.Bytes()
	for _, chunk := range []int{0, 100 << 10} {
		opts := []Option{withChunkBytes(chunk), WithParallelism(2)}
		if n, ok := tryOnePass(t, data, opts...); !ok || n != 600 {
			t.Fatalf("chunks of %d bytes: one pass %v, %d rows", chunk, ok, n)
		}
		one, err1 := Read(bytes.NewReader(data), opts...)
		two, err2 := Read(bytes.NewReader(data), append(opts, withTwoPass())...)
		if err1 != nil || err2 != nil || !frameEqual(t, one, two) {
			t.Fatalf("chunks of %d bytes: one pass and two passes differ (%v, %v)", chunk, err1, err2)
		}
	}
}

// tryOnePass runs the one pass alone on data (no BOM, a header): the
// number of rows, and whether it did not give up.
func tryOnePass(t *testing.T, data []byte, opts ...Option) (int, bool) {
	t.Helper()
	cfg := makeConfig(opts)
	header, next, _, perr, _ := cfg.readRecord(data, 0, true)
	if perr != nil {
		return 0, false
	}
	l, err := newLayout(&cfg, header)
	if err != nil {
		return 0, false
	}
	_, n, ok := l.onePass(l.scanner(data, true), next)
	return n, ok
}

// TestOnePassLateCells: one cell past the sample that the sampled type
// does not hold, for each type the sample can give, read in one pass as
// the two passes read it: the column takes the type of all its cells. The
// one pass keeps the other column and reads that one again alone (retype)
// rather than give up.
func TestOnePassLateCells(t *testing.T) {
	bases := map[string]func(i int) string{
		"int":       func(i int) string { return fmt.Sprint(i*7 - 100) },
		"float":     func(i int) string { return fmt.Sprintf("%d.25", i) },
		"bool":      func(i int) string { return []string{"true", "false"}[i%2] },
		"date":      func(i int) string { return fmt.Sprintf("2021-03-%02d", 1+i%28) },
		"timestamp": func(i int) string { return fmt.Sprintf("2021-03-01T%02d:00:00", i%24) },
		"utc":       func(i int) string { return fmt.Sprintf("2021-03-01T%02d:00:00Z", i%24) },
		"null":      func(int) string { return "" },
	}
	late := []string{"007", "+5", "-0", " 12 ", "1.5", "9007199254740993", "99999999999999999999", "1e3",
		"0.10000000000000000555", "NaN", "inf", "abc", "2020-02-30", "2020-01-01", "2020-01-01T10:00:00",
		"2020-01-01T10:00:00Z", "2020-01-01 10:00:00+02:00", "True", "TRUE", "yes", `"q""uote"`, `"5"`, `""`, " ", "NA"}
	for name, base := range bases {
		for _, cell := range late {
			var b strings.Builder
			b.WriteString("c,s\n")
			for i := range 60 {
				if i == 50 {
					fmt.Fprintf(&b, "%s,x\n", cell)
				}
				fmt.Fprintf(&b, "%s,x\n", base(i))
			}
			data := []byte(b.String())
			for _, chunk := range []int{0, 64} {
				opts := []Option{withChunkBytes(chunk), WithParallelism(2)}
				two, err2 := Read(bytes.NewReader(data), append(opts, withTwoPass())...)
				one, err1 := Read(bytes.NewReader(data), append(opts, withSampleRows(40))...)
				what := fmt.Sprintf("%s column, late cell %q, chunks of %d bytes", name, cell, chunk)
				if fmt.Sprint(err1) != fmt.Sprint(err2) {
					t.Fatalf("%s: one pass %v, two passes %v", what, err1, err2)
				}
				if err2 == nil && !frameEqual(t, one, two) {
					t.Fatalf("%s:\none pass:\n%s\ntwo passes:\n%s", what, dump(t, one), dump(t, two))
				}
				if _, ok := tryOnePass(t, data, append(opts, withSampleRows(40))...); err2 == nil && !ok {
					t.Errorf("%s: the one pass gave up", what)
				}
			}
		}
	}
}

// TestOnePassGivesMemoryBack: the string bytes of a one-pass read are a
// memory mapping of their own (hugepage.Sparse); once the frames read are
// unreachable the mappings are gone, and a read that gives up unmaps its
// own at once.
func TestOnePassGivesMemoryBack(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("id,k,name\n")
	for i := range 200000 {
		fmt.Fprintf(&b, "%d,%d,name number %d\n", i, i%7, i)
	}
	data := b.Bytes()
	late := append(append([]byte(nil), data...), "x,y,late\n"...) // gives up: two columns of three are not int64
	before := hugepage.SparseMappings()
	if _, err := Read(bytes.NewReader(late)); err != nil {
		t.Fatal(err)
	}
	if n := hugepage.SparseMappings(); n != before {
		t.Errorf("a one pass that gave up holds %d mappings, %d before", n, before)
	}
	// One column retyped after the sample: the frame reads as the two
	// passes read, and its mappings go with the others.
	retyped := append(append([]byte(nil), data...), "x,1,late\n"...)
	one, err := Read(bytes.NewReader(retyped))
	if err != nil {
		t.Fatal(err)
	}
	two, err := Read(bytes.NewReader(retyped), withTwoPass())
	if err != nil {
		t.Fatal(err)
	}
	if !frameEqual(t, one, two) {
		t.Errorf("a column retyped: the one pass reads otherwise than the two")
	}
	for range 4 {
		f, err := Read(bytes.NewReader(data))
		if err != nil || f.NumRows() != 200000 {
			t.Fatalf("%v, %v rows", err, f)
		}
	}
	if runtime.GOOS == "linux" && hugepage.SparseMappings() == before {
		t.Fatalf("no mapping held by the frames read")
	}
	for range 100 {
		runtime.GC()
		if hugepage.SparseMappings() == before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d mappings after the frames were dropped, %d before", hugepage.SparseMappings(), before)
}

// TestOnePassOneAllocation: a one-pass read puts the values of all its
// columns in one allocation of Go memory (allocRooms: one collection
// where 16 allocations made three), each column on cache lines of its
// own, and its nulls are read as nulls.
func TestOnePassOneAllocation(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("a,b,c,d,e,f,g,h\n")
	for i := range 200000 {
		null := ""
		if i%3 != 0 {
			null = strconv.Itoa(i)
		}
		fmt.Fprintf(&b, "%d,%d,%s,%d,%d,%d,%d,%d\n", i, i%7, null, i, i, i, i, i)
	}
	f, err := Read(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var prev uintptr
	for k, name := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		s, err := f.Column(name)
		if err != nil {
			t.Fatal(err)
		}
		d, ok := s.Value().(*structured.Dense)
		if !ok {
			t.Fatalf("column %s is %T", name, s.Value())
		}
		arr := d.Values()
		if k == 2 && arr.NullN() != (200000+2)/3 {
			t.Errorf("column c: %d nulls", arr.NullN())
		}
		buf := arr.Data().Buffers()[1].Bytes()
		p := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
		if p%64 != 0 {
			t.Errorf("column %s: values at %#x, not on a cache line of their own", name, p)
		}
		if k > 0 && p-prev != (200000*8+8+63)&^63 {
			t.Errorf("column %s: values %d bytes after the column before's, not next to them", name, p-prev)
		}
		prev = p
	}
}
