package structured

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Rows as JSON text, cut into chunks at row boundaries, each chunk built by
// its own Builder and merged, must give what one Builder given all the
// rows gives: the same Tensor, or the same error. A refused Merge
// (ErrMergeConflict) or a chunk's own error makes the rows of that chunk
// go to the accumulating Builder again, one event at a time, as a reader
// does.

// randomRows returns n rows of JSON text drawn from a small vocabulary of
// keys and values, so that chunks disagree in every way inference merges.
func randomRows(r *rand.Rand, n int) []string {
	rows := make([]string, n)
	for i := range rows {
		var sb strings.Builder
		if r.IntN(12) == 0 {
			sb.WriteString("null")
		} else {
			randomRecord(r, &sb, 0)
		}
		rows[i] = sb.String()
	}
	return rows
}

var randomKeys = []string{"a", "b", "c", "d", "e", "k1", "k2", "k3", "k4", "k5"}

func randomRecord(r *rand.Rand, sb *strings.Builder, depth int) {
	sb.WriteByte('{')
	nk := r.IntN(4)
	if depth == 0 {
		nk++
	}
	seen := map[string]bool{}
	first := true
	for range nk {
		k := randomKeys[r.IntN(len(randomKeys))]
		if depth == 0 {
			k = randomKeys[r.IntN(4)]
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		if !first {
			sb.WriteByte(',')
		}
		first = false
		sb.WriteString(strconv.Quote(k))
		sb.WriteByte(':')
		randomJSONValue(r, sb, depth+1, k)
	}
	sb.WriteByte('}')
}

// randomJSONValue writes a value; the key biases its kind, so that most
// fields agree and a few conflict.
func randomJSONValue(r *rand.Rand, sb *strings.Builder, depth int, key string) {
	if r.IntN(8) == 0 {
		sb.WriteString("null")
		return
	}
	kind := int(key[0]) % 5
	if r.IntN(16) == 0 || depth > 3 {
		kind = r.IntN(5)
	}
	switch kind {
	case 0: // numbers
		switch r.IntN(8) {
		case 0:
			sb.WriteString("1.50")
		case 1:
			sb.WriteString("9007199254740993")
		case 2:
			sb.WriteString("18446744073709551616")
		case 3:
			sb.WriteString(strconv.FormatFloat(r.Float64()*100, 'g', -1, 64))
		default:
			sb.WriteString(strconv.Itoa(r.IntN(200) - 100))
		}
	case 1: // strings
		sb.WriteString(strconv.Quote([]string{"x", "", "héllo", "y z"}[r.IntN(4)]))
	case 2: // lists
		sb.WriteByte('[')
		for j := range r.IntN(4) {
			if j > 0 {
				sb.WriteByte(',')
			}
			randomJSONValue(r, sb, depth+1, key)
		}
		sb.WriteByte(']')
	case 3: // records
		if depth > 4 {
			sb.WriteString("true")
			return
		}
		randomRecord(r, sb, depth)
	default:
		sb.WriteString([]string{"true", "false"}[r.IntN(2)])
	}
}

// oneBuild builds rows with one Builder.
func oneBuild(opts []Option, rows []string) (*Tensor, error) {
	b := Must(NewBuilder(nil, opts...))
	if err := scanJSON(b, []byte(strings.Join(rows, "\n"))); err != nil {
		return nil, err
	}
	return b.Finish()
}

// mergeStats counts what the chunked builds did.
type mergeStats struct{ merged, conflicts, chunkErrs int }

// chunkedInto gives the rows, cut before each index of cuts, to Forks of
// acc merged into acc in order; a chunk that fails or does not merge goes
// to acc event by event.
func chunkedInto(acc *Builder, rows []string, cuts []int, st *mergeStats) error {
	bounds := append(append([]int{0}, cuts...), len(rows))
	for k := 0; k+1 < len(bounds); k++ {
		text := []byte(strings.Join(rows[bounds[k]:bounds[k+1]], "\n"))
		o := acc.Fork()
		err := scanJSON(o, text)
		if err == nil {
			err = acc.Merge(o)
			switch {
			case err == nil:
				st.merged++
				if o.NumRows() != 0 || o.Err() != nil {
					return fmt.Errorf("the merged Builder is not left empty")
				}
				continue
			case errors.Is(err, ErrMergeConflict):
				st.conflicts++
			default:
				return err // acc's own error
			}
		} else {
			st.chunkErrs++
		}
		if err := scanJSON(acc, text); err != nil {
			return err
		}
	}
	return nil
}

func chunkedBuild(opts []Option, rows []string, cuts []int, st *mergeStats) (*Tensor, error) {
	acc := Must(NewBuilder(nil, opts...))
	if err := chunkedInto(acc, rows, cuts, st); err != nil {
		return nil, err
	}
	return acc.Finish()
}

// sameResult compares a Tensor and error with the one-pass ones.
func sameResult(t *testing.T, what string, got *Tensor, gerr error, want *Tensor, werr error) {
	t.Helper()
	switch {
	case werr != nil || gerr != nil:
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("%s:\ngot error  %v\none pass:  %v", what, gerr, werr)
		}
	case !got.Equal(want) || got.String() != want.String():
		t.Fatalf("%s:\ngot\n%v\none pass\n%v", what, got, want)
	}
}

// randomCuts returns k-1 sorted cut points in 1..n-1.
func randomCuts(r *rand.Rand, n, k int) []int {
	if n < 2 {
		return nil
	}
	cuts := make([]int, 0, k-1)
	for range k - 1 {
		cuts = append(cuts, 1+r.IntN(n-1))
	}
	slicesSort(cuts)
	return cuts
}

func slicesSort(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestMergeMatchesOnePass(t *testing.T) {
	var st mergeStats
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 7))
		o := byte(r.IntN(32))
		threshold := []int{0, 0, 3, 5, DefaultMapThreshold}[r.IntN(5)]
		appearance := []float64{0, 0.4, DefaultMapAppearance}[r.IntN(3)]
		opts := fuzzOptions(o, threshold, appearance)
		rows := randomRows(r, 2+r.IntN(12))
		want, werr := oneBuild(opts, rows)
		for cut := 1; cut < len(rows); cut++ {
			got, gerr := chunkedBuild(opts, rows, []int{cut}, &st)
			sameResult(t, fmt.Sprintf("seed %d, o %d, cut %d\n%s", seed, o, cut, strings.Join(rows, "\n")), got, gerr, want, werr)
		}
		for range 4 {
			cuts := randomCuts(r, len(rows), 3+r.IntN(2))
			got, gerr := chunkedBuild(opts, rows, cuts, &st)
			sameResult(t, fmt.Sprintf("seed %d, o %d, cuts %v\n%s", seed, o, cuts, strings.Join(rows, "\n")), got, gerr, want, werr)
		}
	}
	t.Logf("%+v", st)
	if st.merged < 2*st.conflicts {
		t.Errorf("most merges should succeed: %+v", st)
	}
}

// TestMergeFrozen merges into a Builder past its first Finish: the Forks
// build against the frozen schema.
func TestMergeFrozen(t *testing.T) {
	for seed := range uint64(100) {
		r := rand.New(rand.NewPCG(seed, 9))
		opts := fuzzOptions(byte(r.IntN(32)), 0, 0)
		first, rest := randomRows(r, 4), randomRows(r, 6)
		ref := Must(NewBuilder(nil, opts...))
		acc := Must(NewBuilder(nil, opts...))
		if scanJSON(ref, []byte(strings.Join(first, "\n"))) != nil {
			continue
		}
		if err := scanJSON(acc, []byte(strings.Join(first, "\n"))); err != nil {
			t.Fatal(err)
		}
		if _, err := ref.Finish(); err != nil {
			continue
		}
		Must(acc.Finish())
		var werr error
		if werr = scanJSON(ref, []byte(strings.Join(rest, "\n"))); werr != nil {
			werr = ref.Err()
		}
		var want *Tensor
		if werr == nil {
			want, werr = ref.Finish()
		}
		var st mergeStats
		gerr := chunkedInto(acc, rest, randomCuts(r, len(rest), 3), &st)
		var got *Tensor
		if gerr == nil {
			got, gerr = acc.Finish()
		}
		sameResult(t, fmt.Sprintf("seed %d\n%s\n--\n%s", seed, strings.Join(first, "\n"), strings.Join(rest, "\n")), got, gerr, want, werr)
	}
}

func TestMergeErrors(t *testing.T) {
	scan := func(b *Builder, s string) *Builder {
		if err := scanJSON(b, []byte(s)); err != nil {
			t.Fatal(err)
		}
		return b
	}
	// Row numbers after a merge count b's rows first.
	b := scan(Must(NewBuilder(nil)), `{"a": 1} {"a": 2}`)
	o := scan(b.Fork(), `{"x": 1} {"b": "s"}`)
	if err := b.Merge(o); err != nil {
		t.Fatal(err)
	}
	err := scanJSON(b, []byte(`{"b": 1}`))
	if err == nil || !strings.Contains(err.Error(), "at row 4") || !strings.Contains(err.Error(), "first seen at row 3") {
		t.Errorf("error after a merge: %v", err)
	}

	// A conflict leaves both Builders as they were.
	b = scan(Must(NewBuilder(nil)), `{"a": 1}`)
	o = scan(b.Fork(), `{"a": "x"}`)
	err = b.Merge(o)
	if !errors.Is(err, ErrMergeConflict) || !strings.Contains(err.Error(), "field a") {
		t.Fatalf("conflict: %v", err)
	}
	if b.NumRows() != 1 || o.NumRows() != 1 || b.Err() != nil || o.Err() != nil {
		t.Errorf("a refused merge changed the Builders")
	}
	if err := scanJSON(b, []byte(`{"a": "x"}`)); err == nil || !strings.Contains(err.Error(), "at row 1") {
		t.Errorf("one pass: %v", err)
	}

	// The map threshold passed only once merged.
	b = scan(Must(NewBuilder(nil, WithMapThreshold(2))), `{"m": {"x": 1, "y": 2}}`)
	o = scan(b.Fork(), `{"m": {"z": 3}}`)
	if err := b.Merge(o); !errors.Is(err, ErrMergeConflict) {
		t.Errorf("threshold: %v", err)
	}

	// Different options or Specs, an error in either, open records.
	if err := Must(NewBuilder(nil)).Merge(Must(NewBuilder(nil, WithStrictKeys(true)))); !errors.Is(err, ErrMergeConflict) {
		t.Errorf("options: %v", err)
	}
	spec := Must(ParseSpec("var * {a: int64}"))
	if err := Must(NewBuilder(nil)).Merge(Must(NewBuilder(spec))); !errors.Is(err, ErrMergeConflict) {
		t.Errorf("spec: %v", err)
	}
	bad := Must(NewBuilder(spec))
	werr := scanJSON(bad, []byte(`{"a": "x"}`))
	if err := Must(NewBuilder(spec)).Merge(bad); err == nil || err.Error() != werr.Error() {
		t.Errorf("o's error: %v, want %v", err, werr)
	}
	open := Must(NewBuilder(nil))
	if err := open.BeginRecord(); err != nil {
		t.Fatal(err)
	}
	if err := Must(NewBuilder(nil)).Merge(open); err == nil || errors.Is(err, ErrMergeConflict) {
		t.Errorf("open record: %v", err)
	}
	if err := open.Merge(Must(NewBuilder(nil))); err == nil {
		t.Errorf("merge into an open record")
	}
}

// TestMergeNullThenMap merges a chunk where a path became a map after a
// chunk where it was only null.
func TestMergeNullThenMap(t *testing.T) {
	opts := []Option{WithMapThreshold(2)}
	rows := []string{`{"m": null}`, `{"m": {"x": 1, "y": 2, "z": 3}}`, `{"m": {"w": 4}}`}
	want, werr := oneBuild(opts, rows)
	var st mergeStats
	got, gerr := chunkedBuild(opts, rows, []int{1}, &st)
	sameResult(t, "null then map", got, gerr, want, werr)
	if m, err := got.Field("m"); err != nil || st.merged != 2 || !m.(*Tensor).IsMap() {
		t.Errorf("stats %+v, %v", st, got)
	}
}

// FuzzMerge cuts the JSON rows of data at the given row and merges the
// halves' Builders: the result is the one-pass result. Inferring the Spec
// with the rows dropped as they go, then building against it, gives the
// same values.
func FuzzMerge(f *testing.F) {
	for _, s := range []string{
		`{"a": 1} {"a": 2.5} {"b": "x"}`,
		`{"a": null} {"a": [1]} {"a": {"b": 1}}`,
		`{"m": {"x": 1}} {"m": {"y": 2}} {"m": {"z": 3}}`,
		`{"a": 9007199254740993} {"a": 0.5}`,
		`{"a": 1} {"a": "x"} {"a": {"b": [1, "two"]}}`,
	} {
		f.Add(byte(6), uint8(1), []byte(s))
		f.Add(byte(4), uint8(2), []byte(s))
	}
	f.Fuzz(func(t *testing.T, o byte, cut uint8, data []byte) {
		opts := fuzzOptions(o, int(o&3), float64(o>>5)/8)
		probe := Must(NewBuilder(nil, WithConflicts(ConflictJSONText), WithMapThreshold(0)))
		var rows []string
		s := &jsonScanner{b: probe, data: data}
		for {
			s.space()
			if s.pos >= len(data) {
				break
			}
			start := s.pos
			if s.value() != nil {
				return // not rows this test splits
			}
			rows = append(rows, string(data[start:s.pos]))
		}
		if len(rows) < 2 {
			return
		}
		want, werr := oneBuild(opts, rows)
		var st mergeStats
		cuts := []int{1 + int(cut)%(len(rows)-1)}
		got, gerr := chunkedBuild(opts, rows, cuts, &st)
		sameResult(t, "merged", got, gerr, want, werr)

		// Two passes: the schema of all rows with the values dropped as
		// they go, then the rows built against it (see Builder.Spec).
		spec, err := pass1(opts, rows, cuts, &st)
		if werr != nil || err != nil {
			if fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("pass 1: %v\none pass: %v", err, werr)
			}
			return
		}
		b := Must(NewBuilder(spec, opts...))
		if err := scanJSON(b, []byte(strings.Join(rows, "\n"))); err != nil {
			t.Fatalf("the pass-1 Spec %v refuses a row: %v", spec, err)
		}
		two := Must(b.Finish())
		if two.Spec().String() != want.Spec().String() {
			t.Fatalf("pass 2 Spec %v, one pass %v", two.Spec(), want.Spec())
		}
		if o&4 == 0 && !reflect.DeepEqual(two.ToValue(), want.ToValue()) {
			t.Fatalf("pass 2\n%v\none pass\n%v", two, want)
		}
	})
}

// TestForkKeepsSchema: a Fork has its parent's schema: none before the
// first Finish, then the frozen one (the engine's TestForkKeepsOptions
// checks the options).
func TestForkKeepsSchema(t *testing.T) {
	b := Must(NewBuilder(nil, WithStrictKeys(true)))
	f := b.Fork()
	if f.spec != nil {
		t.Errorf("Fork of an inferring Builder")
	}
	if err := scanJSON(b, []byte(`{"a": 1}`)); err != nil {
		t.Fatal(err)
	}
	Must(b.Finish())
	f = b.Fork()
	if f.spec != b.spec || scanJSON(f, []byte(`{"z": 1}`)) == nil {
		t.Errorf("Fork after Finish does not build against the frozen schema")
	}
}
