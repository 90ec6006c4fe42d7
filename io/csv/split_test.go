package csv

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// splitResult is what a scan gives: every kept cell (absolute positions
// and flags), the rows, where it stopped and its error.
type splitResult struct {
	Cells   [][3]uint64
	Rows    int
	End     int
	Partial bool
	Err     string
	ErrOff  int
}

// splitWith scans data from `from` as pass 1 does, with the record
// splitter (scalar false) or the field-by-field code alone.
func splitWith(cfg *config, header []string, data []byte, from int, final bool, maxRows int, scalar bool) (splitResult, error) {
	l, err := newLayout(cfg, header)
	if err != nil {
		return splitResult{}, err
	}
	s := l.scanner(data, final)
	s.scalar = scalar
	s.maxRows = maxRows
	ch := s.newChunk(from, len(data))
	var r splitResult
	s.scan(ch, func(ch *chunk, cells []uint64, rows int) {
		for _, c := range cells[:rows*s.nkeep] {
			if c&fNull != 0 {
				r.Cells = append(r.Cells, [3]uint64{0, 0, c})
				continue
			}
			r.Cells = append(r.Cells, [3]uint64{uint64(ch.base + cellStart(c)), uint64(ch.base + cellEnd(c)), c >> 61})
		}
	})
	r.Rows, r.End, r.Partial = ch.rows, ch.end, ch.partial
	if ch.err != nil {
		r.Err, r.ErrOff = ch.err.Error(), ch.errOff
	}
	return r, nil
}

// splitOptions are the dialects the splitter tests run: the default one
// and each option the splitter looks at.
var splitOptions = []struct {
	name string
	opts []Option
}{
	{"default", nil},
	{"semicolon", []Option{WithDelimiter(';')}},
	{"tab-noquote", []Option{WithDelimiter('\t'), WithQuote(0)}},
	{"comment", []Option{WithComment('#')}},
	{"strict", []Option{WithStrict(true)}},
	{"pad", []Option{WithPadRows(true)}},
	{"columns", []Option{WithColumns("b")}},
	{"minus", []Option{WithDelimiter('-'), WithQuote('\'')}},
}

// compareSplit checks that the record splitter and the field-by-field
// code agree on data, for every dialect, final or not, with and without
// a row limit.
func compareSplit(t *testing.T, data []byte) {
	t.Helper()
	for _, o := range splitOptions {
		cfg := makeConfig(o.opts)
		if cfg.err() != nil {
			continue
		}
		for _, final := range []bool{true, false} {
			header, next, more, perr, _ := cfg.readRecord(data, 0, final)
			if perr != nil || more || header == nil {
				continue
			}
			for _, maxRows := range []int{0, 2} {
				fast, err := splitWith(&cfg, header, data, next, final, maxRows, false)
				if err != nil {
					break // WithColumns naming no column of this header
				}
				slow, _ := splitWith(&cfg, header, data, next, final, maxRows, true)
				if !reflect.DeepEqual(fast, slow) {
					t.Fatalf("%s, final %v, maxRows %d: %q\nsplitter: %+v\nscalar:   %+v", o.name, final, maxRows, data, fast, slow)
				}
			}
		}
	}
}

func TestSplitter(t *testing.T) {
	long := strings.Repeat("x", 70)
	cases := []string{
		"a,b,c\n1,2,3\n4,5,6\n",
		"a,b,c\n1,2,3\n4,5,6",
		"a,b,c\n1,2,3\r\n4,5,6\r\n",
		"a,b,c\n1,2\r,3\r\n4,5,6\r",
		"a,b,c\n1,,\n,,\n",
		"a,b,c\n\n\n1,2,3\n\r\n4,5,6\n",
		"a,b,c\n1,2\n1,2,3,4\n",
		"a,b,c\n1,\"x,y\",3\n4,5,6\n",
		"a,b,c\n1,\"x\"\"y\",3\n4,\"5\n5\",6\n",
		"a,b,c\n1,x\"y,3\n4,5,6\n",
		"a,b,c\n1,\"x\"y,3\n",
		"a,b,c\n1,\"unclosed\n",
		"a,b,c\n-1,-2,-3\n,-,-\n#,#,#\n",
		"a,b,c\n# comment\n1,2,3\n#,x,y\n",
		"a,b,c\n" + long + "," + long + "," + long + "\n" + long + ",1,2\n",
		"a,b,c\n" + strings.Repeat("1,2,3\n", 40),
		"a,b,c\n" + strings.Repeat("1,2,3\n", 40) + "4,5",
		"a,b,c\n" + strings.Repeat("1,2,3\n", 40) + "4,\"5",
		"a,b,c\n" + strings.Repeat("12345678,"+strings.Repeat("y", 50)+",z\n", 10),
		"a;b;c\n1;2;3\n4;5;6\n",
		"a\tb\tc\n1\t\"2\"\t3\n",
		"a-b-c\n1-2-3\n'x-y'-2-3\n,-,-,\n",
		"a\n1\n\n2\n\r\n3",
		"a\n\"1\"\n\"\"\n",
		"a,b,c\n1,2,3\x00\n\x00,\x01,\x0b\n",
		"a,b,c\n\"a\",\"b\",\"c\"\n\"d\"\r\n",
		// (longer than a window, for the plain-record splitter: a stray
		// quote, a quoted field of doubled quotes across windows, a blank
		// line and a comment among plain records)
		"a,b,c\n" + strings.Repeat("1,abc,3\n", 12) + "1,12\" ruler,3\n" + strings.Repeat("4,\"x,\"\"y\",6\n", 12),
		"a,b,c\n" + strings.Repeat("1,abc,3\n", 7) + "1,\"" + strings.Repeat("\"\"", 40) + "\",3\n\n#,x\n" + strings.Repeat("1,abc,3\n", 9),
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%.20q", c), func(t *testing.T) { compareSplit(t, []byte(c)) })
	}
}

// TestBlockMasks checks the window's bits against the bytes: every
// delimiter, '\n' and quote has its bit, and a bit on another byte is
// only ever just above one of them in its word.
func TestBlockMasks(t *testing.T) {
	var p [64]byte
	for seed := 0; seed < 2000; seed++ {
		x := uint64(seed)*0x9E3779B97F4A7C15 + 1
		for k := range p {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			p[k] = " ,\n\"-#\x0b\x00a1"[x%10]
		}
		m := blockMasks(&p, ','*lsb, '"'*lsb)
		for k, c := range p {
			special := c == ',' || c == '\n' || c == '"'
			got := m>>k&1 == 1
			if special && !got {
				t.Fatalf("%q: byte %d (%q) has no bit", p, k, c)
			}
			if got && !special {
				below := k%8 > 0 && (p[k-1] == ',' || p[k-1] == '\n' || p[k-1] == '"' || (m>>(k-1)&1 == 1))
				if !below {
					t.Fatalf("%q: byte %d (%q) has a bit", p, k, c)
				}
			}
		}
	}
}

// FuzzSplit: the record splitter and the field-by-field code give the
// same cells, rows, stop and error (at the same offset) on any input.
func FuzzSplit(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("a,b,c\n-1,2,3\n\"x\",\"\"\"\",\n#,\r\n"))
	f.Add([]byte("a,b,c\n" + strings.Repeat("1234567,abcdefghijk,0.5\n", 8)))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			return
		}
		compareSplit(t, data)
		if len(data) > 0 && len(data) < 256 {
			// Repeated past a few windows, so that the plain-record
			// splitter (which takes whole windows only) splits it too.
			compareSplit(t, bytes.Repeat(data, 256/len(data)+1))
		}
	})
}

// TestPlainRecords: the plain-record splitter takes every record of a
// file of unquoted, quoted and escaped fields (quoted line breaks,
// delimiters and quotes, fields longer than a window, CRLF endings)
// itself, in one call, and splits each as the field-by-field code does;
// with every column kept (cells written in place) or some.
func TestPlainRecords(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	fields := []string{"", "1", "abc", `""`, `"x,y"`, `"a""b"`, `"line` + "\n" + `break"`, `""""`, strings.Repeat("z", 70), `"` + strings.Repeat("q,", 40) + `"`, "-2.5"}
	var b strings.Builder
	b.WriteString("a,b,c,d\n")
	const n = 300
	for i := range n {
		for c := range 4 {
			if c > 0 {
				b.WriteByte(',')
			}
			b.WriteString(fields[r.IntN(len(fields))])
		}
		if i%5 == 0 {
			b.WriteByte('\r')
		}
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat(" ", 64)) // (the last record's windows are whole)
	data := []byte(b.String())
	for _, opts := range [][]Option{nil, {WithColumns("b", "d")}} {
		cfg := makeConfig(opts)
		header, next, _, _, _ := cfg.readRecord(data, 0, true)
		l, err := newLayout(&cfg, header)
		if err != nil {
			t.Fatal(err)
		}
		s := l.scanner(data, true)
		var ps plainScratch
		s.plainScratch(&ps, n)
		cells := make([]uint64, n*s.nkeep+64)
		rows, end := s.plainRecords(next, len(data), next, n, cells, &ps)
		if rows != n || end != len(data)-64 {
			t.Fatalf("columns %v: %d records to %d, want %d to %d", opts, rows, end, n, len(data)-64)
		}
		want, _ := splitWith(&cfg, header, data[:len(data)-64], next, true, 0, true)
		for j, c := range cells[:n*s.nkeep] {
			got := [3]uint64{uint64(next + cellStart(c)), uint64(next + cellEnd(c)), c >> 61}
			if got != want.Cells[j] {
				t.Fatalf("columns %v: cell %d is %v, the field-by-field code's %v", opts, j, got, want.Cells[j])
			}
		}
	}
}

// TestSplitterCuts: a chunk's records are those that start before its
// end, whichever splitter takes them.
func TestSplitterCuts(t *testing.T) {
	data := []byte("a,b,c\n" + strings.Repeat("1,\"x,\"\"y\",3\n12345,abcdefghij,0.5\r\n", 6) + "9,9,9\n")
	cfg := makeConfig(nil)
	header, next, _, _, _ := cfg.readRecord(data, 0, true)
	l, err := newLayout(&cfg, header)
	if err != nil {
		t.Fatal(err)
	}
	for to := next; to <= len(data); to++ {
		var got [2]splitResult
		for k, scalar := range []bool{false, true} {
			s := l.scanner(data, true)
			s.scalar = scalar
			ch := s.newChunk(next, to)
			s.scan(ch, func(ch *chunk, cells []uint64, rows int) {
				for _, c := range cells[:rows*s.nkeep] {
					got[k].Cells = append(got[k].Cells, [3]uint64{uint64(ch.base + cellStart(c)), uint64(ch.base + cellEnd(c)), c >> 61})
				}
			})
			got[k].Rows, got[k].End = ch.rows, ch.end
		}
		if !reflect.DeepEqual(got[0], got[1]) {
			t.Fatalf("chunk to %d:\nsplitter: %+v\nscalar:   %+v", to, got[0], got[1])
		}
	}
}

// BenchmarkSplitIrregular splits 8 MB of plain records with an irregular
// line every tenth record (a blank line, a comment, a short record, a
// stray quote), which the plain-record splitter leaves to the field by
// field one: with each of the two. A block is not read ahead for each
// irregular line (the splitter checks records 16 windows at a time), so
// the splitter stays ahead of the field-by-field code.
func BenchmarkSplitIrregular(b *testing.B) {
	for _, odd := range []struct{ name, line string }{{"none", ""}, {"blank", "\n"}, {"comment", "#c\n"}, {"short", "1,2\n"}, {"quote", "1,12\" ruler,3,4\n"}} {
		var sb strings.Builder
		sb.WriteString("a,b,c,d\n")
		for i := 0; sb.Len() < 8<<20; i++ {
			sb.WriteString("12345,abcdefgh,0.25,xyz\n")
			if i%10 == 0 {
				sb.WriteString(odd.line)
			}
		}
		data := []byte(sb.String())
		cfg := makeConfig([]Option{WithComment('#'), WithPadRows(true)})
		header, next, _, _, _ := cfg.readRecord(data, 0, true)
		l, err := newLayout(&cfg, header)
		if err != nil {
			b.Fatal(err)
		}
		for _, scalar := range []bool{false, true} {
			name := odd.name + "/splitter"
			if scalar {
				name = odd.name + "/field-by-field"
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					s := l.scanner(data, true)
					s.scalar = scalar
					ch := s.newChunk(next, len(data))
					s.scan(ch, func(*chunk, []uint64, int) {})
					if ch.err != nil {
						b.Fatal(ch.err)
					}
				}
			})
		}
	}
}
