package structured

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured/internal/build"
)

// errChain is a Go value nested n levels deep by reflection.
type errChain struct {
	Next *errChain `structframe:"next"`
}

// TestErrorsBounded checks that errors stay small however deep, long or
// cyclic the input they quote: paths and messages are cut with "…".
func TestErrorsBounded(t *testing.T) {
	const bound = len("structured: FromValueSpec: field : ") + maxErrorPath + maxErrorMsg
	deepList := func(n int) any {
		var v any = int64(1)
		for range n {
			v = []any{v}
		}
		return v
	}
	deepMap := func(n int) any {
		var v any = int64(1)
		for range n {
			v = map[string]any{"field": v}
		}
		return v
	}
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	var chain *errChain
	for range build.MaxReflectDepth + 5 {
		chain = &errChain{Next: chain}
	}
	st := Must(FromValue(map[string]any{"a": int64(1)}))
	long := strings.Repeat("x", 100_000)
	for _, c := range []struct {
		name string
		err  func() error
		kind error
	}{
		{"ParseSpec too deep", func() error {
			return errOf(ParseSpec(strings.Repeat("{a: ", maxSpecNesting+1) + "int64" + strings.Repeat("}", maxSpecNesting+1)))
		}, ErrSchema},
		{"ParseSpec error deep down", func() error {
			return errOf(ParseSpec(strings.Repeat("{abcdefgh: ", 5000) + "nosuchtype" + strings.Repeat("}", 5000)))
		}, ErrType},
		{"ParseSpec long unknown type", func() error { return errOf(ParseSpec("{a: " + long + "}")) }, ErrType},
		{"ParseSpec long word after", func() error { return errOf(ParseSpec("{a: int64} " + long)) }, ErrSchema},
		{"ParseSpec long dimension", func() error { return errOf(ParseSpec("{a: " + strings.Repeat("9", 100_000) + " * int64}")) }, ErrSchema},
		{"ParseSpec long bad quoted name", func() error { return errOf(ParseSpec(`{"` + long + `\q": int64}`)) }, ErrSchema},
		{"ParseSpec long repeated name", func() error { return errOf(ParseSpec("{" + long + ": int64, " + long + ": int64}")) }, ErrPath},
		{"ParseSpec long timestamp unit", func() error { return errOf(ParseSpec("{a: timestamp[" + long + "]}")) }, ErrType},
		{"FromValue deep list", func() error { return errOf(FromValue(deepList(2 * build.MaxNesting))) }, ErrType},
		{"FromValue deep map", func() error { return errOf(FromValue(deepMap(2 * build.MaxNesting))) }, ErrType},
		{"FromValue cyclic map", func() error { return errOf(FromValue(cyclic)) }, ErrType},
		{"FromValue deep Go value", func() error { return errOf(FromValue(chain)) }, ErrType},
		{"FromValueSpec deep list", func() error {
			return errOf(FromValueSpec([]any{map[string]any{"a": deepList(2 * build.MaxNesting)}}, spMust(t, "var * {a: ?var * int64}")))
		}, ErrSchema},
		{"Compatible deep mismatch", func() error {
			deep := func(leaf string) *Spec {
				return spMust(t, strings.Repeat("{abcdefgh: ", 5000)+leaf+strings.Repeat("}", 5000))
			}
			return deep("int64").Compatible(deep("float64"))
		}, ErrSchema},
		{"FromValueSpec deep Spec error", func() error {
			bad := &Spec{Fields: []FieldSpec{{Name: "x", Type: arrow.ListOf(arrow.PrimitiveTypes.Int64)}}}
			for range 5000 {
				bad = &Spec{Fields: []FieldSpec{{Name: "abcdefgh", Fields: bad.Fields}}}
			}
			return errOf(FromValueSpec(map[string]any{}, bad))
		}, ErrType},
		{"Field long name", func() error { return errOf(st.Field(long)) }, ErrPath},
		{"Field long path", func() error { return errOf(st.Field(append([]string{"a"}, strings.Split(long, "")...)...)) }, ErrPath},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.err()
			if !errors.Is(err, c.kind) {
				t.Fatalf("error %.300v, want %v", err, c.kind)
			}
			msg := err.Error()
			if len(msg) > bound {
				t.Errorf("error of %d bytes, want at most %d: %.300s…", len(msg), bound, msg)
			}
			if !utf8.ValidString(msg) {
				t.Errorf("error cut inside a character: %q", msg)
			}
		})
	}
}

// TestParseSpecDeepMemory checks that the memory of ParseSpec and of what
// takes its Specs grows linearly with the nesting depth (ParseSpec used to
// render the path of every level: 16 GB at 100,000 levels; String an
// indentation per level; Compatible and FromValueSpec the path too), and
// that 10,000 levels, as encoding/json allows, still parse.
func TestParseSpecDeepMemory(t *testing.T) {
	nested := func(n int) string {
		return strings.Repeat("{abc: ", n) + "int64" + strings.Repeat("}", n)
	}
	allocated := func(f func()) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	parse := func(text string) *Spec {
		s, err := ParseSpec(text)
		if err != nil {
			t.Fatalf("ParseSpec of %d bytes: %.300v", len(text), err)
		}
		return s
	}
	for _, c := range []struct {
		name string
		cost func(text string) uint64
	}{
		{"ParseSpec", func(text string) uint64 { return allocated(func() { parse(text) }) }},
		{"Spec.String", func(text string) uint64 {
			s := parse(text)
			return allocated(func() {
				if s.String() != text {
					t.Errorf("String of a deep Spec differs from its text")
				}
			})
		}},
		{"Spec.Compatible", func(text string) uint64 {
			s, o := parse(text), parse(text)
			return allocated(func() {
				if err := s.Compatible(o); err != nil {
					t.Error(err)
				}
			})
		}},
		{"FromValueSpec", func(text string) uint64 {
			s := parse(text)
			return allocated(func() {
				if _, err := FromValueSpec(map[string]any{}, s); !errors.Is(err, ErrSchema) {
					t.Errorf("FromValueSpec of a record lacking its field: %v", err)
				}
			})
		}},
	} {
		text := nested(maxSpecNesting)
		half, full := c.cost(nested(maxSpecNesting/2)), c.cost(text)
		// Linear growth doubles the bytes; quadratic growth quadruples them.
		if full > 3*half {
			t.Errorf("%s allocated %d bytes at depth %d, %d at depth %d: more than linear", c.name, half, maxSpecNesting/2, full, maxSpecNesting)
		}
		if perByte := full / uint64(len(text)); perByte > 200 {
			t.Errorf("%s allocated %d bytes per byte of text at depth %d", c.name, perByte, maxSpecNesting)
		}
	}
}
