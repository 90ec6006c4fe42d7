package gota

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/series"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// ordersFixture has a list of structures with items, an empty list, a
// null list and a list holding an item of nulls (a null item comes back
// as one, as Flatten writes it).
func ordersFixture(t *testing.T) *frame.Frame {
	t.Helper()
	f := frame.FromRecords([]any{
		map[string]any{"id": int64(1), "items": []any{map[string]any{"sku": "a", "n": int64(2)}, map[string]any{"sku": "b", "n": nil}}},
		map[string]any{"id": int64(2), "items": []any{}},
		map[string]any{"id": int64(3), "items": nil},
		map[string]any{"id": int64(4), "items": []any{map[string]any{"sku": nil, "n": nil}}},
	}, structured.WithFieldOrder(structured.FirstSeen))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// WithExplode writes one gota row per item, with _row_ and _pos_, and
// reads the lists back exactly: empty, null and [{null}] included.
func TestWithExplode(t *testing.T) {
	f := ordersFixture(t)
	df, err := ToDataFrame(f, WithExplode("items"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := df.Names(), []string{RowColumn, "id", "items.n", "items.sku", PositionColumn}; !reflect.DeepEqual(got, want) {
		t.Errorf("names = %v, want %v", got, want)
	}
	for _, c := range []struct {
		col  string
		want []string
	}{
		{RowColumn, []string{"0", "0", "1", "2", "3"}},
		{PositionColumn, []string{"0", "1", "-1", "NaN", "0"}},
		{"items.sku", []string{"a", "b", "NaN", "NaN", "NaN"}},
	} {
		if got := df.Col(c.col).Records(); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s = %q, want %q", c.col, got, c.want)
		}
	}
	if got := df.Col(PositionColumn).Type(); got != series.Int {
		t.Errorf("%s is %v, want int", PositionColumn, got)
	}
	back, err := FromDataFrame(df, WithSchema(f.Schema()), WithExplode("items"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := data(t, back), data(t, f); !got.Equal(want) {
		t.Errorf("exploded rows → frame:\n%v\nwant\n%v", got, want)
	}
}

// WithExplode's misuses are errors naming what is wrong.
func TestWithExplodeErrors(t *testing.T) {
	f := ordersFixture(t)
	df, err := ToDataFrame(f, WithExplode("items"))
	if err != nil {
		t.Fatal(err)
	}
	withRow := f.WithColumns(frame.Col("id").Alias(RowColumn))
	for _, tc := range []struct {
		name string
		run  func() error
		kind error
		want string
	}{
		{"without WithSchema", func() error {
			_, err := FromDataFrame(df, WithExplode("items"))
			return err
		}, frame.ErrArgument, "needs WithSchema"},
		{"not a list", func() error {
			_, err := FromDataFrame(df, WithSchema(f.Schema()), WithExplode("id"))
			return err
		}, frame.ErrColumn, `"id"`},
		{"not in the Spec", func() error {
			_, err := FromDataFrame(df, WithSchema(f.Schema()), WithExplode("nope"))
			return err
		}, frame.ErrColumn, `"nope"`},
		{"a column _row_", func() error {
			_, err := ToDataFrame(withRow, WithExplode("items"))
			return err
		}, frame.ErrDuplicate, RowColumn},
		{"no such column", func() error {
			_, err := ToDataFrame(f, WithExplode("nope"))
			return err
		}, frame.ErrColumn, "nope"},
	} {
		err := tc.run()
		if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %v naming %s", tc.name, err, tc.kind, tc.want)
		}
	}
}
