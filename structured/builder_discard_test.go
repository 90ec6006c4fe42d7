package structured

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// pass1 infers the schema of rows in chunks (cut before each of cuts),
// merged into one Builder that drops the values after each chunk, as a
// streaming reader's first pass does.
func pass1(opts []Option, rows []string, cuts []int, st *mergeStats) (*Spec, error) {
	acc := Must(NewBuilder(nil, opts...))
	bounds := append(append([]int{0}, cuts...), len(rows))
	for k := 0; k+1 < len(bounds); k++ {
		if err := chunkedInto(acc, rows[bounds[k]:bounds[k+1]], nil, st); err != nil {
			return nil, err
		}
		if err := acc.DiscardRows(); err != nil {
			return nil, err
		}
		if acc.NumRows() != 0 {
			return nil, fmt.Errorf("NumRows %d after DiscardRows", acc.NumRows())
		}
	}
	return acc.Spec()
}

// TestDiscardSpecMatchesOnePass: the Spec inferred over all rows with the
// values dropped as they go accepts every row, and building with it gives
// what one-pass inference gives (map entries compared as Go maps, JSON
// text aside: see Builder.Spec).
func TestDiscardSpecMatchesOnePass(t *testing.T) {
	var st mergeStats
	for seed := range uint64(400) {
		r := rand.New(rand.NewPCG(seed, 11))
		o := byte(r.IntN(32))
		threshold := []int{0, 0, 3, 5, DefaultMapThreshold}[r.IntN(5)]
		appearance := []float64{0, 0.4, DefaultMapAppearance}[r.IntN(3)]
		opts := fuzzOptions(o, threshold, appearance)
		rows := randomRows(r, 2+r.IntN(14))
		want, werr := oneBuild(opts, rows)
		what := fmt.Sprintf("seed %d, o %d, threshold %d, appearance %v\n%s", seed, o, threshold, appearance, strings.Join(rows, "\n"))

		// Spec without dropping anything is the schema Finish freezes.
		b := Must(NewBuilder(nil, opts...))
		if scanJSON(b, []byte(strings.Join(rows, "\n"))) == nil && werr == nil {
			spec, err := b.Spec()
			if err != nil || spec.String() != streamSpec(want.Spec()).String() {
				t.Fatalf("%s\nSpec %v (%v), Finish freezes %v", what, spec, err, streamSpec(want.Spec()))
			}
			if again := Must(b.Finish()); !again.Equal(want) {
				t.Fatalf("%s\nSpec changed what Finish gives", what)
			}
		}

		for _, cuts := range [][]int{nil, {1}, randomCuts(r, len(rows), 3), randomCuts(r, len(rows), 5)} {
			spec, err := pass1(opts, rows, cuts, &st)
			if werr != nil || err != nil {
				if fmt.Sprint(err) != fmt.Sprint(werr) {
					t.Fatalf("%s\ncuts %v: pass 1: %v\none pass: %v", what, cuts, err, werr)
				}
				continue
			}
			if spec.String() != streamSpec(want.Spec()).String() {
				t.Fatalf("%s\ncuts %v: pass 1 Spec %v, one pass %v", what, cuts, spec, streamSpec(want.Spec()))
			}
			b := Must(NewBuilder(spec, opts...))
			if err := scanJSON(b, []byte(strings.Join(rows, "\n"))); err != nil {
				t.Fatalf("%s\ncuts %v: the pass-1 Spec %v refuses a row: %v", what, cuts, spec, err)
			}
			got := Must(b.Finish())
			if got.Spec().String() != want.Spec().String() {
				t.Fatalf("%s\ncuts %v: pass 2 Spec %v, one pass %v", what, cuts, got.Spec(), want.Spec())
			}
			if o&4 != 0 {
				continue // JSON text: values seen before a conflict are rendered again
			}
			if !reflect.DeepEqual(got.ToValue(), want.ToValue()) {
				t.Fatalf("%s\ncuts %v: pass 2\n%v\none pass\n%v", what, cuts, got, want)
			}
			if threshold == 0 && appearance == 0 && !got.Equal(want) {
				t.Fatalf("%s\ncuts %v: pass 2 not Equal\n%v\none pass\n%v", what, cuts, got, want)
			}
		}
	}
	t.Logf("%+v", st)
}

// TestDiscardKeepsInference: what inference reads about dropped rows.
func TestDiscardKeepsInference(t *testing.T) {
	build := func(opts []Option, chunks ...string) (*Builder, error) {
		b := Must(NewBuilder(nil, opts...))
		for _, c := range chunks {
			if err := scanJSON(b, []byte(c)); err != nil {
				return b, err
			}
			if err := b.DiscardRows(); err != nil {
				return b, err
			}
		}
		return b, nil
	}
	cases := []struct {
		name   string
		opts   []Option
		chunks []string
		spec   string // or
		err    string
	}{
		{"widen", nil, []string{`{"a": 1}`, `{"a": 1.5}`}, "?var * {a: ?float64}", ""},
		{"inexact dropped", nil, []string{`{"a": 9007199254740993} {"a": 2}`, `{"a": 1.5}`}, "",
			"field a: got float64 1.5 at row 2, but the field holds integers (first seen at row 0) that float64 cannot hold exactly, such as 9007199254740993"},
		{"key order", nil, []string{`{"b": 1}`, `{"a": 1, "b": 2}`}, "?var * {b: ?int64, a: ?int64}", ""},
		{"row numbers", nil, []string{`{"a": 1} {"a": 2}`, `{"a": "x"}`}, "", "at row 2, want int64 (first seen at row 0)"},
		{"strict", []Option{WithStrictKeys(true)}, []string{`{"a": 1}`, `{"b": 1}`}, "", `key "b" at row 1 is not in the records before it`},
		{"threshold", []Option{WithMapThreshold(2)}, []string{`{"m": {"x": 1, "y": 2.5}}`, `{"m": {"z": 3}}`}, "?var * {m: ?map<string, ?float64>}", ""},
		{"threshold conflict", []Option{WithMapThreshold(2)}, []string{`{"m": {"x": 1, "y": "s"}}`, `{"m": {"z": 3}}`}, "?var * {m: ?{x: ?int64, y: ?string, z: ?int64}}", ""},
		{"appearance", []Option{WithMapAppearance(0.5)}, []string{`{"m": {"x": 1}} {"m": {"y": 2}}`, `{"m": {"z": 3}} {"m": {"w": 4}}`}, "?var * {m: ?map<string, ?int64>}", ""},
		{"appearance not", []Option{WithMapAppearance(0.5)}, []string{`{"m": {"x": 1, "y": 1}} {"m": {"y": 2, "x": 2}}`, `{"m": {"x": 3}}`}, "?var * {m: ?{x: ?int64, y: ?int64}}", ""},
		{"null then typed", nil, []string{`{"a": null}`, `{"a": [1]}`}, "?var * {a: ?var * int64}", ""},
	}
	for _, c := range cases {
		b, err := build(c.opts, c.chunks...)
		var spec *Spec
		if err == nil {
			spec, err = b.Spec()
		}
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: got %v, want error %q", c.name, err, c.err)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case spec.String() != c.spec:
			t.Errorf("%s: Spec %s, want %s", c.name, spec, c.spec)
		}
	}
}

func TestDiscardMisuse(t *testing.T) {
	b := Must(NewBuilder(nil))
	if _, err := b.Spec(); err == nil {
		t.Errorf("Spec before any row")
	}
	if err := b.BeginRecord(); err != nil {
		t.Fatal(err)
	}
	if err := b.DiscardRows(); err == nil {
		t.Errorf("DiscardRows with a record open")
	}
	spec := Must(ParseSpec("?var * {a: int64}"))
	if s := Must(Must(NewBuilder(spec)).Spec()); s != spec {
		t.Errorf("Spec of a Builder given one: %v", s)
	}
}
