package frame

import (
	"errors"
	"reflect"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// idxCities is a frame of cities, years and temperatures with a null city
// and a null temperature.
func idxCities(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns([]string{"city", "year", "temp", "tags"},
		[]any{"paris", "paris", "rome", "paris", nil},
		[]int64{2023, 2024, 2024, 2025, 2024},
		[]any{11.5, 12.0, nil, 13.0, 9.0},
		[][]string{{"a"}, {}, {"b", "c"}, {"d"}, {}})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// idxSameFrame reports whether two frames hold equal data and indexes,
// with the same column order.
func idxSameFrame(t *testing.T, got, want *Frame) {
	t.Helper()
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Columns(), want.Columns()) {
		t.Fatalf("columns = %v, want %v", got.Columns(), want.Columns())
	}
	if !got.data.Equal(want.data) {
		t.Fatalf("data = %v, want %v", got.data.ToValue(), want.data.ToValue())
	}
	if !index.Equal(got.idx, want.idx) {
		t.Fatalf("index = %s, want %s", got.idx, want.idx)
	}
}

func idxColumnValues(t *testing.T, f *Frame, ref string) []any {
	t.Helper()
	s, err := f.Column(ref)
	if err != nil {
		t.Fatal(err)
	}
	return s.ToValue()
}

func TestSetIndex(t *testing.T) {
	f := idxCities(t)
	one := f.SetIndex("city")
	if err := one.Err(); err != nil {
		t.Fatal(err)
	}
	if got := one.Columns(); !reflect.DeepEqual(got, []string{"year", "temp", "tags"}) {
		t.Errorf("columns = %v", got)
	}
	if l, ok := one.Index().(*index.Labels); !ok || l.Name() != "city" || l.NumRows() != 5 {
		t.Errorf("index = %s", one.Index())
	}
	two := f.SetIndex("city", "year")
	m, ok := two.Index().(*index.Multi)
	if !ok {
		t.Fatalf("index = %s", two.Index())
	}
	if got := m.GroupLabels(0).ToValue(); !reflect.DeepEqual(got, []any{"paris", "rome", "paris", nil}) {
		t.Errorf("outer groups = %v", got)
	}
	// SetIndex replaces an index.
	again := one.SetIndex("year")
	if got := again.Index().Names(); !reflect.DeepEqual(got, []string{"year"}) || again.NumColumns() != 2 {
		t.Errorf("replace: names %v, columns %v", got, again.Columns())
	}
	// A nested leaf leaves its structure.
	r := recipes(t).SetIndex("recipe.rating")
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if got := r.Schema().String(); got != "3 * {recipe: ?{tags: var * string}, time: ?int64, title: string}" {
		t.Errorf("nested SetIndex schema = %s", got)
	}
	if got := r.Index().Names(); !reflect.DeepEqual(got, []string{"recipe.rating"}) {
		t.Errorf("nested SetIndex names = %v", got)
	}
	errs := []struct {
		name string
		got  *Frame
		want error
	}{
		{"no column", f.SetIndex(), ErrArgument},
		{"unknown", f.SetIndex("nope"), ErrColumn},
		{"twice", f.SetIndex("year", "year"), ErrDuplicate},
		{"list column", f.SetIndex("tags"), ErrType},
		{"struct column", recipes(t).SetIndex("recipe"), ErrType},
		{"sticky", f.Select("nope").SetIndex("year"), ErrColumn},
	}
	for _, tc := range errs {
		if err := tc.got.Err(); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestSetIndexResetIndexRoundTrip(t *testing.T) {
	f := idxCities(t)
	empty := FromColumns([]string{"a", "b", "x"}, []int64{}, []string{}, []float64{})
	tests := []struct {
		name string
		f    *Frame
		cols []string
	}{
		{"one leading", f, []string{"city"}},
		{"two leading", f, []string{"city", "year"}},
		{"three leading", f, []string{"city", "year", "temp"}},
		{"empty frame", empty, []string{"a", "b"}},
		{"empty frame one", empty, []string{"a"}},
		{"only column", FromColumns([]string{"a"}, []int64{2, 1}), []string{"a"}},
		{"only columns", FromColumns([]string{"a", "b"}, []int64{2, 1}, []string{"x", "y"}), []string{"a", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			idxSameFrame(t, tc.f.SetIndex(tc.cols...).ResetIndex(), tc.f)
		})
	}
	// Not leading: the index columns come first.
	got := f.SetIndex("year").ResetIndex()
	if cols := got.Columns(); !reflect.DeepEqual(cols, []string{"year", "city", "temp", "tags"}) {
		t.Errorf("columns = %v", cols)
	}
	if _, ok := got.Index().(index.Range); !ok {
		t.Errorf("index after ResetIndex = %s", got.Index())
	}
	// A Frame with a range index is unchanged.
	if f.ResetIndex() != f {
		t.Error("ResetIndex of a range index made a new Frame")
	}
}

func TestResetIndexNames(t *testing.T) {
	f := idxCities(t)
	data, _ := f.Data()
	city, _ := f.Column("city")
	year, _ := f.Column("year")
	unnamed := newFrame("test", data, structured.Must(index.NewLabels("", year.Value())))
	if got := unnamed.ResetIndex().Columns(); got[0] != "index" {
		t.Errorf("unnamed label index → %v", got)
	}
	m := structured.Must(index.MultiFromLevels([]string{"", ""}, city.Value(), year.Value()))
	if got := newFrame("test", data, m).ResetIndex().Columns(); !reflect.DeepEqual(got[:2], []string{"level_0", "level_1"}) {
		t.Errorf("unnamed MultiIndex → %v", got)
	}
	clash := newFrame("test", data, structured.Must(index.NewLabels("temp", year.Value())))
	if err := clash.ResetIndex().Err(); !errors.Is(err, ErrDuplicate) {
		t.Errorf("collision: err = %v", err)
	}
	twice := structured.Must(index.MultiFromLevels([]string{"k", "k"}, city.Value(), year.Value()))
	if err := newFrame("test", data, twice).ResetIndex().Err(); !errors.Is(err, ErrDuplicate) {
		t.Errorf("levels with one name: err = %v", err)
	}
}

// TestTensorRoundTrip: Tensor then FromTensor gives the Frame back for
// every kind of index, also through an Arrow record batch.
func TestTensorRoundTrip(t *testing.T) {
	f := idxCities(t)
	empty := FromColumns([]string{"a", "b", "x"}, []int64{}, []string{}, []float64{})
	frames := map[string]*Frame{
		"range":        f,
		"labels":       f.SetIndex("city"),
		"multi":        f.SetIndex("city", "year"),
		"multi 3":      f.SetIndex("city", "year", "temp"),
		"empty labels": empty.SetIndex("a"),
		"empty multi":  empty.SetIndex("a", "b"),
		"taken multi":  f.SetIndex("city", "year").Take([]int{4, 0, 2}),
		"sliced multi": f.SetIndex("city", "year").Slice(1, 4),
		"no columns":   FromColumns([]string{"a", "b"}, []int64{2, 1}, []string{"x", "y"}).SetIndex("a", "b"),
	}
	for name, g := range frames {
		t.Run(name, func(t *testing.T) {
			tt, err := g.Tensor()
			if err != nil {
				t.Fatal(err)
			}
			idxSameFrame(t, FromTensor(tt), g)
			rec, err := g.ToRecordBatch()
			if err != nil {
				t.Fatal(err)
			}
			defer rec.Release()
			idxSameFrame(t, FromRecordBatch(rec), g)
		})
	}
}

// TestFromTensorNested: a rank-2 tensor of recipes × ingredients makes a
// Frame of ingredients under a MultiIndex of positions; the recipe without
// ingredients stays an empty group and comes back through Tensor.
func TestFromTensorNested(t *testing.T) {
	rt := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"name": "flour", "g": 200.0}, map[string]any{"name": "egg", "g": 50.0}},
		[]any{},
		[]any{map[string]any{"name": "salt", "g": nil}},
	}))
	f := FromTensor(rt)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if got := idxColumnValues(t, f, "name"); !reflect.DeepEqual(got, []any{"flour", "egg", "salt"}) {
		t.Errorf("names = %v", got)
	}
	m := f.Index().(*index.Multi)
	if m.NumGroups(0) != 3 {
		t.Errorf("recipes = %d, want 3 (the empty one kept)", m.NumGroups(0))
	}
	if got := idxColumnValues(t, f.Loc(0), "name"); !reflect.DeepEqual(got, []any{"flour", "egg"}) {
		t.Errorf("Loc(0) = %v", got)
	}
	back, err := f.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	inner := structured.Must(back.Field("_rows_"))
	if inner.Shape().String() != "[3, var]" {
		t.Errorf("rows tensor shape = %s", inner.Shape())
	}
	idxSameFrame(t, FromTensor(back), f)

	// A null list of ingredients (a recipe whose list is None) stays a
	// null group, apart from the empty one, both ways.
	withNull := structured.Must(structured.FromValue([]any{
		[]any{map[string]any{"name": "flour"}},
		nil,
		[]any{},
		[]any{map[string]any{"name": "salt"}},
	}))
	g := FromTensor(withNull)
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	p := g.Index().(*index.Multi).Partitions()[0]
	if p.NumRows() != 4 || !p.IsNull(1) || p.IsNull(2) {
		t.Fatalf("partition = %s (null rows %d)", p, p.NullN())
	}
	back, err = g.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	if rows := structured.Must(back.Field("_rows_")).ToValue().([]any); rows[1] != nil || rows[2] == nil {
		t.Errorf("_rows_ = %v: want the null list null and the empty one empty", rows)
	}
	idxSameFrame(t, FromTensor(back), g)
	rec, err := g.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	idxSameFrame(t, FromRecordBatch(rec), g)
}
