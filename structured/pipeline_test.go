package structured

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
)

// Cross-feature properties: a Tensor built by FromValue must survive every
// conversion (ToValue, Arrow arrays and record batches, its Spec) and every
// identity-preserving pipeline of operations (gathers, concatenation of
// halves, masks, expand-then-merge), and the operations must agree with a
// naive implementation over ToValue.

// pipelineSeeds are the seed corpus of FuzzPipeline and cases of
// TestPipelineSeeds.
var pipelineSeeds = []string{
	`{"age": 82, "nicknames": ["Bob", "Bobby"]}`,
	`[{"age": 12, "nicknames": ["Josaphine"]}, {"age": 82, "nicknames": ["Bob", "Bobby"]}, null, {"age": 42, "nicknames": []}]`,
	`[[{"a": 1}], [], null]`,
	`[[{"a": 1, "b": ["foo", "bar"]}, null], [], [{"a": null, "b": []}], null, [{"a": 3, "b": null}]]`,
	`[[[{"a": 1, "b": ["foo"]}, {"a": 1, "b": ["x"]}], [{"a": 1, "b": []}]], [[{"a": 1, "b": ["y"]}]], [null, [], [null]]]`,
	`{"a": [1, 2, 3], "b": [[4, 5], [6, 7]], "c": {"d": [{"e": 1}, null]}}`,
	`[{"l": [{"x": 1, "y": [[1.5, null], []]}, null]}, {"l": null}, {"l": []}, {"l": [{"x": null, "y": null}]}]`,
	`[{"r": {"s": {"t": [1, 2]}}}, {"r": null}, {"r": {"s": null}}, {"r": {"s": {"t": null}}}, {"r": {"s": {"t": []}}}]`,
	`[{"a": 1, "b": 2}, {"a": 3}, {"a": 2.5, "c": [true, false, null]}]`,
	`[[[{}]], [[]], [], null, [null, [{}]]]`,
	`[{"a": []}, {"a": [[]]}, {"a": null}]`,
	`[{"p": [[{"q": "x"}], [], null]}, {"p": [[null, {"q": null}]]}, {"p": []}]`,
	`[]`, `[[], []]`, `[null]`, `[[null]]`,
	// Null lists where every list has one length: fixed-length dimensions
	// with null rows (placeholders) under the fixed Spec.
	`[[{"a": 1}], null, [{"a": 2}]]`, `[{"v": [1, 2]}, {"v": null}, {"v": [3, null]}, {}]`, `[null, [[]]]`,
	`[[{"v": [[1, 2], null]}, null], [null, {"v": null}]]`,
}

// FuzzPipeline checks the cross-feature properties (see checkPipeline) on
// every JSON text FromValue accepts.
func FuzzPipeline(f *testing.F) {
	for _, s := range pipelineSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		checkPipeline(t, string(data), v, pipelineSalt(data))
	})
}

// TestPipelineSeeds runs the properties on the seed corpus, so that plain
// go test checks them without fuzzing.
func TestPipelineSeeds(t *testing.T) {
	for _, s := range pipelineSeeds {
		checkPipeline(t, s, decodeJSON(t, s), pipelineSalt([]byte(s)))
	}
}

// TestPipelineRandom runs the properties on random values of random
// schemas: ranks 0 to 3, nested structures and lists of structures, nulls
// and empty lists at every level, missing keys, and int and float items
// mixed in one field.
func TestPipelineRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	accepted := 0
	for n := 0; n < 300; n++ {
		g := &pipeGen{r: r}
		s := g.schema(0)
		rank := r.IntN(4)
		v := g.top(s, rank)
		b, _ := json.Marshal(v)
		label := fmt.Sprintf("case %d: %s", n, b)
		if _, err := FromValue(v); err != nil {
			t.Errorf("%s: FromValue: %v", label, err)
			continue
		}
		accepted++
		checkPipeline(t, label, v, uint64(n)*2654435761)
		if t.Failed() {
			return
		}
	}
	if accepted < 250 {
		t.Errorf("only %d of 300 random values accepted", accepted)
	}
}

func pipelineSalt(data []byte) uint64 {
	var h uint64 = 14695981039346656037
	for _, c := range data {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// checkPipeline runs every property on v (the JSON it came from is label),
// skipping values FromValue rejects. salt chooses the keys.
func checkPipeline(t *testing.T, label string, v any, salt uint64) {
	t.Helper()
	st, err := FromValue(v)
	if err != nil {
		return
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\n%s", label, fmt.Sprintf(format, args...))
	}
	// 1. Validate and the ToValue round trip.
	if err := st.Validate(); err != nil {
		fail("Validate: %v", err)
	}
	whole := st.ToValue()
	if want := pipeWiden(fillMissingKeys(v)); !reflect.DeepEqual(whole, want) {
		fail("ToValue:\n got %#v\nwant %#v", whole, want)
	}
	checkConversions(t, label, "t", st)

	// 3. Spec: FromValueSpec(ToValue, Spec) gives t back.
	spec := st.Spec()
	back, err := FromValueSpec(whole, spec)
	if err != nil {
		fail("FromValueSpec(ToValue, %s): %v", spec, err)
	}
	if !back.Equal(st) {
		fail("FromValueSpec(ToValue, %s) =\n%v\nwant\n%v", spec, back, st)
	}
	// The same data under a Spec with fixed dimensions where the lists
	// allow it: uniform partitions and dense leaves.
	if fixed, ok := pipeFixDims(whole, spec); ok {
		ft, err := FromValueSpec(whole, fixed)
		if err != nil {
			fail("FromValueSpec(ToValue, %s): %v", fixed, err)
		}
		what := fmt.Sprintf("FromValueSpec(ToValue, %s)", fixed)
		if got := ft.ToValue(); !reflect.DeepEqual(got, whole) {
			fail("%s.ToValue() =\n %#v\nwant %#v", what, got, whole)
		}
		if fs := ft.Spec(); !fs.Equal(fixed) {
			fail("%s.Spec() = %s", what, fs)
		}
		checkConversions(t, label, what, ft)
		if ft.Rank() >= 1 {
			checkOps(t, label, what, ft, whole, salt>>7, 0)
		}
	}
	if st.Rank() == 0 {
		return
	}
	checkOps(t, label, "t", st, whole, salt, 0)

	// The same on a Tensor read from a slice of its Arrow array (offsets
	// not starting at 0, validity bitmaps at a bit offset).
	arr, err := st.ToArrow()
	if err != nil {
		fail("ToArrow: %v", err)
	}
	defer arr.Release()
	n := st.NumRows()
	h := int(salt >> 40 % uint64(n+1))
	part := array.NewSlice(arr, int64(h), int64(n))
	defer part.Release()
	pt, err := FromArrow(part)
	if err != nil {
		fail("FromArrow(slice %d:%d of ToArrow): %v", h, n, err)
	}
	want := Must(st.Index(From(h))).(*Tensor)
	if !reflect.DeepEqual(pt.ToValue(), want.ToValue()) {
		fail("FromArrow(slice %d:%d of ToArrow) =\n%v\nwant\n%v", h, n, pt, want)
	}
	checkOps(t, label, fmt.Sprintf("FromArrow(slice %d:%d of ToArrow)", h, n), pt, want.ToValue(), salt>>3, 0)
}

// checkOps checks operations on st (whose ToValue is whole, of rank >= 1)
// against naive ones, and pipelines of them that give st back.
func checkOps(t *testing.T, label, what string, st *Tensor, whole any, salt uint64, depth int) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\n%s: %s", label, what, fmt.Sprintf(format, args...))
	}
	n := st.NumRows()
	desc := ixDescOf(st)
	i := int(salt%uint64(2*n+3)) - n - 1
	step := -1 - int(salt>>8%3)
	neg := Slice{Step: step}
	if salt>>12%2 == 0 {
		neg.Start, neg.HasStart = int(salt>>16%uint64(n+3))-1, true
	}
	if salt>>20%2 == 0 {
		neg.Stop, neg.HasStop = int(salt>>24%uint64(n+3))-2, true
	}
	keys := [][]any{{i}, {neg}, {All, neg}, {neg, i}, {neg, All, All}}
	if len(desc.names) > 0 {
		name := desc.names[int(salt>>28%uint64(len(desc.names)))]
		keys = append(keys, []any{neg, name}, []any{i, name})
	}
	for _, key := range keys {
		if len(key) > st.Rank() {
			if _, isName := key[len(key)-1].(string); !isName {
				continue
			}
		}
		want, werr := naiveIndex(whole, desc, key)
		if errors.Is(werr, errSkip) {
			continue
		}
		got, err := st.Index(key...)
		switch {
		case werr != nil && err == nil:
			fail("Index%v = %#v, want an error", key, got.ToValue())
		case werr == nil && err != nil:
			fail("Index%v: %v, want %#v", key, err, want)
		case err == nil:
			if gv := got.ToValue(); !reflect.DeepEqual(gv, want) {
				fail("Index%v =\n %#v\nwant %#v", key, gv, want)
			}
			if gt, ok := got.(*Tensor); ok {
				if err := gt.Validate(); err != nil {
					fail("Index%v: Validate: %v", key, err)
				}
				checkConversions(t, label, fmt.Sprintf("Index%v", key), gt)
			}
		}
	}

	rev := make([]int, n)
	for j := range rev {
		rev[j] = n - 1 - j
	}
	r1, err := st.Gather(rev, 0)
	if err != nil {
		fail("Gather(reverse): %v", err)
	}
	if want := naiveIndexMust(t, whole, desc, All.By(-1)); !reflect.DeepEqual(r1.ToValue(), want) {
		fail("Gather(reverse).ToValue() =\n %#v\nwant %#v", r1.ToValue(), want)
	}
	checkConversions(t, label, "Gather(reverse)", r1)
	r2, err := r1.Gather(rev, 0)
	if err != nil {
		fail("Gather(reverse) twice: %v", err)
	}
	if !r2.Equal(st) {
		fail("Gather(reverse) twice =\n%v\nwant\n%v", r2, st)
	}

	h := int(salt >> 32 % uint64(n+1))
	lo, err := st.Slice(0, To(h))
	if err != nil {
		fail("Slice(0, :%d): %v", h, err)
	}
	hiv, err := st.Index(From(h))
	if err != nil {
		fail("Index(%d:): %v", h, err)
	}
	hi := hiv.(*Tensor)
	checkConversions(t, label, fmt.Sprintf("Slice(0, :%d)", h), lo)
	checkConversions(t, label, fmt.Sprintf("Index(%d:)", h), hi)
	cat, err := Concat(0, lo, hi)
	if err != nil {
		fail("Concat(0, :%d, %d:): %v", h, h, err)
	}
	if !cat.Equal(st) {
		fail("Concat(0, :%d, %d:) =\n%v\nwant\n%v", h, h, cat, st)
	}
	// Halves that are copies, not slices, of one array.
	tail := make([]int, h) // rows n-h..n-1 of r1: rows h-1..0 of t
	for j := range tail {
		tail[j] = n - h + j
	}
	rlo, err := r1.Gather(tail, 0)
	if err != nil {
		fail("Gather(reverse of the first half): %v", err)
	}
	rcat, err := Concat(0, Must(rlo.Gather(revOf(h), 0)), hi)
	if err != nil {
		fail("Concat(0, gathered :%d, %d:): %v", h, h, err)
	}
	if !rcat.Equal(st) {
		fail("Concat(0, gathered :%d, %d:) =\n%v\nwant\n%v", h, h, rcat, st)
	}

	mask := make([]bool, n)
	for j := range mask {
		mask[j] = true
	}
	m, err := st.BooleanMask(mask)
	if err != nil {
		fail("BooleanMask(all true): %v", err)
	}
	if !m.Equal(st) {
		fail("BooleanMask(all true) =\n%v\nwant\n%v", m, st)
	}

	e, err := st.ExpandDims(0)
	if err != nil {
		fail("ExpandDims(0): %v", err)
	}
	checkConversions(t, label, "ExpandDims(0)", e)
	em, err := e.MergeDims(0, 1)
	if err != nil {
		fail("ExpandDims(0).MergeDims(0, 1): %v", err)
	}
	if !em.Equal(st) {
		fail("ExpandDims(0).MergeDims(0, 1) =\n%v\nwant\n%v", em, st)
	}

	// Stack(a, t, t) zips t with itself at depth a.
	for a := 0; a <= st.Rank(); a++ {
		sk, err := Stack(a, st, st)
		if err != nil {
			fail("Stack(%d, t, t): %v", a, err)
		}
		if got, want := sk.ToValue(), pipeStack2(whole, a); !reflect.DeepEqual(got, want) {
			fail("Stack(%d, t, t).ToValue() =\n %#v\nwant %#v", a, got, want)
		}
		checkConversions(t, label, fmt.Sprintf("%s: Stack(%d, t, t)", what, a), sk)
	}
	// PartitionOuterDimension then MergeDims(0, 1) gives t back.
	var lengths []int
	for rest, k := n, salt>>9; rest > 0; k >>= 2 {
		l := min(rest, int(k%4))
		if k == 0 {
			l = rest
		}
		lengths = append(lengths, l)
		rest -= l
	}
	lengths = append(lengths, 0)
	po, err := st.PartitionOuterDimension(Must(PartitionFromLengths(lengths)))
	if err != nil {
		fail("PartitionOuterDimension(%v): %v", lengths, err)
	}
	var chunks []any
	for pos, l := 0, 0; len(chunks) < len(lengths); pos += l {
		l = lengths[len(chunks)]
		chunks = append(chunks, append([]any{}, whole.([]any)[pos:pos+l]...))
	}
	if got := po.ToValue(); !reflect.DeepEqual(got, chunks) {
		fail("PartitionOuterDimension(%v).ToValue() =\n %#v\nwant %#v", lengths, got, chunks)
	}
	checkConversions(t, label, fmt.Sprintf("%s.PartitionOuterDimension(%v)", what, lengths), po)
	if back, err := po.MergeDims(0, 1); err != nil || !back.Equal(st) {
		fail("PartitionOuterDimension(%v).MergeDims(0, 1) = %v, %v\nwant\n%v", lengths, back, err, st)
	}
	// Gather([-1, 0], 1): the last and first elements of every row.
	if st.Rank() >= 2 {
		var want []any
		ok := true
		for _, row := range whole.([]any) {
			if row == nil {
				want = append(want, nil)
				continue
			}
			l := row.([]any)
			if len(l) == 0 {
				ok = false
				break
			}
			want = append(want, []any{l[len(l)-1], l[0]})
		}
		g1, err := st.Gather([]int{-1, 0}, 1)
		switch {
		case !ok && err == nil:
			fail("Gather([-1, 0], 1) = %v, want an error (an empty row)", g1)
		case ok && err != nil:
			fail("Gather([-1, 0], 1): %v", err)
		case ok:
			if want == nil {
				want = []any{}
			}
			if got := g1.ToValue(); !reflect.DeepEqual(got, want) {
				fail("Gather([-1, 0], 1).ToValue() =\n %#v\nwant %#v", got, want)
			}
			checkConversions(t, label, what+".Gather([-1, 0], 1)", g1)
		}
	}

	for a := 1; a <= st.Rank(); a++ {
		ea, err := st.ExpandDims(a)
		if err != nil {
			fail("ExpandDims(%d): %v", a, err)
		}
		if got, want := ea.ToValue(), pipeExpand(whole, a); !reflect.DeepEqual(got, want) {
			fail("ExpandDims(%d).ToValue() =\n %#v\nwant %#v", a, got, want)
		}
		checkConversions(t, label, fmt.Sprintf("%s.ExpandDims(%d)", what, a), ea)
		back, err := ea.MergeDims(a-1, a)
		if err != nil {
			fail("ExpandDims(%d).MergeDims(%d, %d): %v", a, a-1, a, err)
		}
		if !back.Equal(st) {
			fail("ExpandDims(%d).MergeDims(%d, %d) =\n%v\nwant\n%v", a, a-1, a, back, st)
		}
		if depth < 1 {
			checkOps(t, label, fmt.Sprintf("%s.ExpandDims(%d)", what, a), ea, pipeExpand(whole, a), salt>>5, depth+1)
		}
	}

	if st.Rank() >= 2 {
		md, err := st.MergeDims(0, 1)
		if err != nil {
			fail("MergeDims(0, 1): %v", err)
		}
		var flat []any
		for _, row := range whole.([]any) {
			if row != nil {
				flat = append(flat, row.([]any)...)
			}
		}
		if flat == nil {
			flat = []any{}
		}
		if got := md.ToValue(); !reflect.DeepEqual(got, flat) {
			fail("MergeDims(0, 1).ToValue() =\n %#v\nwant %#v", got, flat)
		}
		if err := md.Validate(); err != nil {
			fail("MergeDims(0, 1): Validate: %v", err)
		}
		checkConversions(t, label, "MergeDims(0, 1)", md)
	}
}

// pipeFixDims returns a copy of spec in which every Unknown dimension
// (but the number of rows) that the lists of v allow is fixed, and whether
// there was one.
func pipeFixDims(v any, spec *Spec) (*Spec, bool) {
	var copyFields func(fs []FieldSpec) []FieldSpec
	copyFields = func(fs []FieldSpec) []FieldSpec {
		if fs == nil {
			return nil
		}
		out := make([]FieldSpec, len(fs))
		for i, f := range fs {
			out[i] = f
			out[i].Dims = append(Shape(nil), f.Dims...)
			out[i].Fields = copyFields(f.Fields)
		}
		return out
	}
	out := &Spec{Shape: append(Shape(nil), spec.Shape...), Fields: copyFields(spec.Fields), Nullable: spec.Nullable}
	var dims []*int
	for j := 1; j < len(out.Shape); j++ {
		dims = append(dims, &out.Shape[j])
	}
	var walk func(fs []FieldSpec)
	walk = func(fs []FieldSpec) {
		for i := range fs {
			for j := range fs[i].Dims {
				dims = append(dims, &fs[i].Dims[j])
			}
			walk(fs[i].Fields)
		}
	}
	walk(out.Fields)
	found := false
	for _, d := range dims {
		if *d != Unknown {
			continue
		}
		for k := 0; k <= 3; k++ {
			*d = k
			if _, err := FromValueSpec(v, out); err == nil {
				found = true
				break
			}
			*d = Unknown
		}
	}
	return out, found
}

// pipeStack2 is Stack(a, t, t) on nested values: every element at depth
// a is paired with itself.
func pipeStack2(v any, a int) any {
	if a == 0 {
		return []any{v, v}
	}
	if v == nil {
		return nil
	}
	l := v.([]any)
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = pipeStack2(x, a-1)
	}
	return out
}

// pipeExpand is ExpandDims(a) on nested values: every element at depth a
// (a null list or structure too) is wrapped in a list of one.
func pipeExpand(v any, a int) any {
	if a == 0 {
		return []any{v}
	}
	if v == nil {
		return nil
	}
	l := v.([]any)
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = pipeExpand(x, a-1)
	}
	return out
}

func revOf(n int) []int {
	out := make([]int, n)
	for j := range out {
		out[j] = n - 1 - j
	}
	return out
}

func naiveIndexMust(t *testing.T, v any, d *ixDesc, key ...any) any {
	t.Helper()
	out, err := naiveIndex(v, d, key)
	if err != nil {
		t.Fatalf("naiveIndex%v: %v", key, err)
	}
	return out
}

// checkConversions checks the conversions of a Tensor x (what is its name):
// Arrow arrays (rank >= 1), record batches (rank 1 without null rows), and
// the Spec's text form.
func checkConversions(t *testing.T, label, what string, x *Tensor) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\n%s: %s", label, what, fmt.Sprintf(format, args...))
	}
	if err := x.Validate(); err != nil {
		fail("Validate: %v", err)
	}
	if x.Rank() >= 1 {
		arr, err := x.ToArrow()
		if err != nil {
			fail("ToArrow: %v", err)
		}
		back, err := FromArrow(arr)
		if err != nil {
			fail("FromArrow(ToArrow()): %v", err)
		}
		if err := back.Validate(); err != nil {
			fail("FromArrow(ToArrow()): Validate: %v", err)
		}
		// A uniform dimension of length 0 comes back ragged (documented:
		// ToArrow writes it as a list of empty lists).
		if !back.Equal(x) && (!pipeZeroUniform(x) || !reflect.DeepEqual(back.ToValue(), x.ToValue())) {
			fail("FromArrow(ToArrow()) =\n%v\nwant\n%v", back, x)
		}
		arr.Release()
	}
	if x.Rank() == 1 && x.NullN() == 0 {
		rec, err := x.ToRecordBatch()
		if err != nil {
			fail("ToRecordBatch: %v", err)
		}
		back, err := FromRecordBatch(rec)
		if err != nil {
			fail("FromRecordBatch(ToRecordBatch()): %v", err)
		}
		if !back.Equal(x) && (!pipeZeroUniform(x) || !reflect.DeepEqual(back.ToValue(), x.ToValue())) {
			fail("FromRecordBatch(ToRecordBatch()) =\n%v\nwant\n%v", back, x)
		}
		rec.Release()
	}
	spec := x.Spec()
	parsed, err := ParseSpec(spec.String())
	if err != nil {
		fail("ParseSpec(%q): %v", spec.String(), err)
	}
	if !parsed.Equal(spec) {
		fail("ParseSpec(%q) = %s, want the same", spec.String(), parsed)
	}
	if err := x.ConformsTo(spec); err != nil {
		fail("ConformsTo(own Spec %s): %v", spec, err)
	}
}

// pipeZeroUniform reports whether x or one of its fields has a uniform
// dimension of length 0.
func pipeZeroUniform(v Value) bool {
	var parts []*RowPartition
	switch x := v.(type) {
	case *Tensor:
		parts = x.RowPartitions()
		for _, f := range x.fieldValues() {
			if pipeZeroUniform(f) {
				return true
			}
		}
	case *Ragged:
		parts = x.RowPartitions()
	}
	for _, p := range parts {
		if k, ok := p.UniformRowLength(); ok && k == 0 {
			return true
		}
	}
	for j, d := range v.Shape() {
		if j > 0 && d == 0 {
			return true
		}
	}
	return false
}

// pipeWiden converts the int64 items of fields that also hold floats to
// float64, as FromValue widens them; paths are those of fillMissingKeys.
func pipeWiden(v any) any {
	floats := map[string]bool{}
	var collect func(v any, path string)
	collect = func(v any, path string) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				collect(e, path)
			}
		case map[string]any:
			for k, e := range x {
				collect(e, path+"\x00"+k)
			}
		case float64:
			floats[path] = true
		}
	}
	collect(v, "")
	var widen func(v any, path string) any
	widen = func(v any, path string) any {
		switch x := v.(type) {
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = widen(e, path)
			}
			return out
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, e := range x {
				out[k] = widen(e, path+"\x00"+k)
			}
			return out
		case int64:
			if floats[path] {
				return float64(x)
			}
		}
		return v
	}
	return widen(v, "")
}

// pipeSchema is a random schema: a leaf of some kind with dims own list
// levels, or a structure with fields (dims levels of lists of it).
type pipeSchema struct {
	kind   string // "int", "float", "num" (mixed), "string", "bool", "struct"
	dims   int
	names  []string
	fields []*pipeSchema
}

type pipeGen struct {
	r *rand.Rand
}

func (g *pipeGen) schema(depth int) *pipeSchema {
	r := g.r
	s := &pipeSchema{kind: "struct"}
	nf := r.IntN(4)
	if depth == 0 {
		nf++
	}
	for k := 0; k < nf; k++ {
		f := &pipeSchema{dims: r.IntN(3)}
		if depth < 2 && r.IntN(3) == 0 {
			sub := g.schema(depth + 1)
			sub.dims = f.dims
			f = sub
		} else {
			f.kind = []string{"int", "float", "num", "num", "string", "bool"}[r.IntN(6)]
		}
		s.names = append(s.names, "f"+strconv.Itoa(k)+string(rune('a'+depth)))
		s.fields = append(s.fields, f)
	}
	return s
}

func (g *pipeGen) length() int {
	switch g.r.IntN(6) {
	case 0:
		return 0
	case 1:
		return 1
	}
	return 1 + g.r.IntN(4)
}

// top is a value of rank levels of lists around structures of schema s.
func (g *pipeGen) top(s *pipeSchema, rank int) any {
	if rank == 0 {
		return g.structure(s, false)
	}
	return g.lists(rank, func() any { return g.structure(s, true) }, true)
}

// lists is depth levels of lists of item(); inner lists (and the outer one
// unless outer is set) may be null.
func (g *pipeGen) lists(depth int, item func() any, outer bool) any {
	if depth == 0 {
		return item()
	}
	if !outer && g.r.IntN(8) == 0 {
		return nil
	}
	n := g.length()
	out := make([]any, n)
	for i := range out {
		out[i] = g.lists(depth-1, item, false)
	}
	return out
}

func (g *pipeGen) structure(s *pipeSchema, nullable bool) any {
	if nullable && g.r.IntN(8) == 0 {
		return nil
	}
	m := map[string]any{}
	for i, f := range s.fields {
		if i == len(s.fields)-1 && g.r.IntN(6) == 0 {
			continue // a missing key (the last: key sets ordered by inclusion)
		}
		if f.kind == "struct" {
			if f.dims == 0 {
				m[s.names[i]] = g.structure(f, true)
			} else {
				m[s.names[i]] = g.lists(f.dims, func() any { return g.structure(f, true) }, false)
			}
			continue
		}
		m[s.names[i]] = g.lists(f.dims, func() any { return g.item(f.kind) }, false)
	}
	return m
}

func (g *pipeGen) item(kind string) any {
	r := g.r
	if r.IntN(8) == 0 {
		return nil
	}
	switch kind {
	case "int":
		return int64(r.IntN(100) - 50)
	case "float":
		return float64(r.IntN(100)) / 4
	case "num":
		if r.IntN(2) == 0 {
			return int64(r.IntN(10))
		}
		return float64(r.IntN(10)) + 0.5
	case "string":
		return []string{"", "a", "bc", "déf"}[r.IntN(4)]
	}
	return r.IntN(2) == 0
}
