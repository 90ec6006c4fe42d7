package structured

import (
	"encoding/binary"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// A rich struct type for round trips through FromValue and ToGo: every
// supported kind, pointers, nested slices of structs, fixed arrays.
type (
	rtEnum  string
	rtInner struct {
		K  string   `structframe:"k"`
		Vs []int16  `structframe:"vs"`
		P  *bool    `structframe:"p"`
		At [2]uint8 `structframe:"at"`
	}
	rtRich struct {
		I    int           `structframe:"i"`
		I8   int8          `structframe:"i8"`
		U32  uint32        `structframe:"u32"`
		U64  uint64        `structframe:"u64"`
		F32  float32       `structframe:"f32"`
		F    float64       `structframe:"f"`
		S    string        `structframe:"s"`
		E    rtEnum        `structframe:"e"`
		B    bool          `structframe:"b"`
		Bs   []byte        `structframe:"bs"`
		T    time.Time     `structframe:"t"`
		D    arrow.Date32  `structframe:"d"`
		Dur  time.Duration `structframe:"dur"`
		PI   *int64        `structframe:"pi"`
		PS   *string       `structframe:"ps"`
		L    []string      `structframe:"l"`
		LL   [][]float64   `structframe:"ll"`
		LP   []*int32      `structframe:"lp"`
		A    [3]int        `structframe:"a"`
		AA   [2][2]float32 `structframe:"aa"`
		In   rtInner       `structframe:"in"`
		PIn  *rtInner      `structframe:"pin"`
		Ins  []rtInner     `structframe:"ins"`
		Grid [][]rtInner   `structframe:"grid"`
		Opt  int           `structframe:"opt,omitempty"`
		Skip string        `structframe:"-"`
	}
)

// rtGen generates rtRich values from a source of random words: math/rand
// for the property test, fuzz bytes for the fuzz target.
type rtGen struct {
	src interface{ Uint64() uint64 }
}

func (g rtGen) n(k int) int { return int(g.src.Uint64() % uint64(k)) }

func (g rtGen) int64() int64 {
	switch g.n(6) {
	case 0:
		return 0
	case 1:
		return math.MaxInt64
	case 2:
		return math.MinInt64
	case 3:
		return int64(g.n(200)) - 100
	}
	return int64(g.src.Uint64())
}

func (g rtGen) float64() float64 {
	switch g.n(5) {
	case 0:
		return math.Inf(1 - 2*g.n(2))
	case 1:
		return float64(g.n(1000)) / 8
	}
	f := math.Float64frombits(g.src.Uint64())
	if math.IsNaN(f) { // NaN != NaN: DeepEqual could not compare it
		return 0
	}
	return f
}

func (g rtGen) float32() float32 {
	f := math.Float32frombits(uint32(g.src.Uint64()))
	if f != f {
		return 1
	}
	return f
}

func (g rtGen) string() string {
	b := make([]byte, g.n(6))
	for i := range b {
		b[i] = "ab\x00é\xffz"[g.n(6)]
	}
	return string(b)
}

// length returns -1 for a nil slice, else a length.
func (g rtGen) length() int { return g.n(5) - 1 }

func rtSlice[T any](g rtGen, gen func() T) []T {
	n := g.length()
	if n < 0 {
		return nil
	}
	out := make([]T, n)
	for i := range out {
		out[i] = gen()
	}
	return out
}

func rtPtr[T any](g rtGen, gen func() T) *T {
	if g.n(3) == 0 {
		return nil
	}
	v := gen()
	return &v
}

func (g rtGen) inner() rtInner {
	return rtInner{
		K:  g.string(),
		Vs: rtSlice(g, func() int16 { return int16(g.src.Uint64()) }),
		P:  rtPtr(g, func() bool { return g.n(2) == 1 }),
		At: [2]uint8{uint8(g.src.Uint64()), uint8(g.n(3))},
	}
}

func (g rtGen) rich() rtRich {
	r := rtRich{
		I:   int(g.int64()),
		I8:  int8(g.src.Uint64()),
		U32: uint32(g.src.Uint64()),
		U64: g.src.Uint64() >> 1,
		F32: g.float32(),
		F:   g.float64(),
		S:   g.string(),
		E:   rtEnum(g.string()),
		B:   g.n(2) == 1,
		Bs:  rtSlice(g, func() byte { return byte(g.src.Uint64()) }),
		T:   time.UnixMicro(g.int64() / 2).UTC(), // FromValue checks years within ±290000
		D:   arrow.Date32(g.src.Uint64()),
		Dur: time.Duration(g.int64()),
		PI:  rtPtr(g, g.int64),
		PS:  rtPtr(g, g.string),
		L:   rtSlice(g, g.string),
		LL:  rtSlice(g, func() []float64 { return rtSlice(g, g.float64) }),
		LP:  rtSlice(g, func() *int32 { return rtPtr(g, func() int32 { return int32(g.src.Uint64()) }) }),
		A:   [3]int{int(g.int64()), 1, int(g.int64())},
		AA:  [2][2]float32{{g.float32(), 2}, {3, g.float32()}},
		In:  g.inner(),
		PIn: rtPtr(g, g.inner),
		Ins: rtSlice(g, g.inner),
		Grid: rtSlice(g, func() []rtInner {
			return rtSlice(g, g.inner)
		}),
	}
	if g.n(2) == 1 {
		r.Opt = int(g.int64())
	}
	return r
}

// rows returns a slice of rows, some of them nil.
func (g rtGen) rows() []*rtRich {
	out := make([]*rtRich, g.n(5))
	for i := range out {
		out[i] = rtPtr(g, g.rich)
	}
	return out
}

// checkRoundTrip converts rows with FromValue and back with ToGo.
func checkRoundTrip(t *testing.T, rows []*rtRich) {
	t.Helper()
	st, err := FromValue(rows)
	if err != nil {
		t.Fatalf("FromValue: %v", err)
	}
	var back []*rtRich
	if err := st.ToGo(&back); err != nil {
		t.Fatalf("ToGo: %v", err)
	}
	if !reflect.DeepEqual(back, rows) {
		for i := range rows {
			if !reflect.DeepEqual(back[i], rows[i]) {
				t.Fatalf("row %d: got\n%#v\nwant\n%#v", i, back[i], rows[i])
			}
		}
		t.Fatalf("got %d rows, want %d", len(back), len(rows))
	}
}

// byteSource reads words from fuzz bytes, then zeros.
type byteSource struct{ b []byte }

func (s *byteSource) Uint64() uint64 {
	var w [8]byte
	n := copy(w[:], s.b)
	s.b = s.b[n:]
	return binary.LittleEndian.Uint64(w[:])
}

// FuzzToGo builds rows of a rich struct type from the fuzz bytes, converts
// them with FromValue and decodes them back with ToGo: the result must
// deep-equal the input.
func FuzzToGo(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{3, 1, 1, 1, 1, 1, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 1})
	f.Add([]byte("a fuzzing seed with some words in it, long enough to fill a few rows of the rich struct"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkRoundTrip(t, rtGen{&byteSource{data}}.rows())
	})
}
