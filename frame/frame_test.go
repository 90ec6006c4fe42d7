package frame

import (
	"errors"
	"reflect"
	"testing"

	"github.com/structframe/structframe/structured"
)

func recipes(t *testing.T) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{"title": "soup", "time": int64(30), "recipe": map[string]any{"tags": []any{"hot", "easy"}, "rating": 4.5}},
		map[string]any{"title": "cake", "time": int64(60), "recipe": map[string]any{"tags": []any{}, "rating": nil}},
		map[string]any{"title": "salad", "time": nil, "recipe": nil},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestBasicSurface(t *testing.T) {
	f := recipes(t)
	if s := f.Shape(); !s.Equal(structured.Shape{3, 3}) {
		t.Fatalf("Shape = %v", s)
	}
	if got := f.Columns(); !reflect.DeepEqual(got, []string{"recipe", "time", "title"}) {
		t.Fatalf("Columns = %v", got)
	}
	tests := []struct {
		name string
		got  *Frame
		cols []string
		rows int
		err  error
	}{
		{"select nested path", f.Select("recipe.rating", "title"), []string{"recipe.rating", "title"}, 3, nil},
		{"select twice", f.Select("title", "title"), nil, 0, ErrDuplicate},
		{"select unknown", f.Select("nope"), nil, 0, ErrColumn},
		{"drop nested", f.Drop("recipe.tags"), []string{"recipe", "time", "title"}, 3, nil},
		{"drop top", f.Drop("time"), []string{"recipe", "title"}, 3, nil},
		{"rename", f.Rename(map[string]string{"time": "minutes"}), []string{"recipe", "minutes", "title"}, 3, nil},
		{"rename collision", f.Rename(map[string]string{"time": "title"}), nil, 0, ErrDuplicate},
		{"head", f.Head(2), []string{"recipe", "time", "title"}, 2, nil},
		{"head negative", f.Head(-1), []string{"recipe", "time", "title"}, 2, nil},
		{"tail", f.Tail(5), []string{"recipe", "time", "title"}, 3, nil},
		{"take", f.Take([]int{2, -3}), []string{"recipe", "time", "title"}, 2, nil},
		{"take out of range", f.Take([]int{3}), nil, 0, ErrIndex},
		{"error is sticky", f.Select("nope").Head(1).Drop("title"), nil, 0, ErrColumn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tc.got.Columns(); !reflect.DeepEqual(got, tc.cols) {
				t.Errorf("Columns = %v, want %v", got, tc.cols)
			}
			if got := tc.got.NumRows(); got != tc.rows {
				t.Errorf("NumRows = %d, want %d", got, tc.rows)
			}
		})
	}
	s, err := f.Column("recipe.tags")
	if err != nil {
		t.Fatal(err)
	}
	want := []any{[]any{"hot", "easy"}, []any{}, nil}
	if got := s.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("recipe.tags = %#v, want %#v", got, want)
	}
	tk := f.Take([]int{2, 0})
	s, _ = tk.Column("title")
	if got := s.ToValue(); !reflect.DeepEqual(got, []any{"salad", "soup"}) {
		t.Errorf("Take titles = %v", got)
	}
}

func TestFromColumns(t *testing.T) {
	f := FromColumns([]string{"a", "b", "c"}, []int64{1, 2}, []string{"x", "y"}, [][]float64{{1, 2}, {}})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if got := f.Schema().String(); got != "2 * {a: int64, b: string, c: var * float64}" {
		t.Errorf("Schema = %s", got)
	}
	if err := FromColumns([]string{"a", "b"}, []int64{1}, []int64{1, 2}).Err(); !errors.Is(err, ErrShape) {
		t.Errorf("ragged lengths: err = %v", err)
	}
	if err := FromColumns([]string{"a", "a"}, []int64{1}, []int64{1}).Err(); !errors.Is(err, ErrDuplicate) {
		t.Errorf("duplicate names: err = %v", err)
	}
	empty := FromColumns(nil)
	if r, c := empty.NumRows(), empty.NumColumns(); r != 0 || c != 0 || empty.Err() != nil {
		t.Errorf("empty: %d×%d %v", r, c, empty.Err())
	}
}

// TestSelectKeepsNullRowsAsNullColumns: a frame made from a Tensor with
// null rows gives, selected or with columns added, those rows null in
// each column (the frame's rows themselves are never null).
func TestSelectKeepsNullRowsAsNullColumns(t *testing.T) {
	f := FromTensor(structured.Must(structured.FromValue([]any{nil, map[string]any{"a": 1, "b": "x"}})))
	for _, g := range []*Frame{f.Select("a"), f.WithColumns(Col("a").Alias("c"))} {
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		sp := g.Schema()
		if sp.Nullable {
			t.Errorf("%v: the frame's rows are nullable", sp)
		}
		if a, _, err := sp.Field("a"); err != nil || !a.Nullable {
			t.Errorf("%v: column a should hold the null row", sp)
		}
	}
}
