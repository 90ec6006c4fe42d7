package frame

import (
	"errors"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// Misuse that once panicked or went unnoticed: each must be an error.
func TestMisuseIsAnError(t *testing.T) {
	base := FromColumns([]string{"k", "x"}, []string{"a", "b"}, []float64{1, 2})
	withS := FromRecords([]any{map[string]any{"p": int64(1), "s": map[string]any{"p": int64(2)}}})
	var (
		s   Series
		ps  *Series
		dn  *structured.Dense
		zro = new(Frame)
	)
	cases := []struct {
		name string
		err  func() error
		kind error
	}{
		{"rename to _index_", func() error { return base.Rename(map[string]string{"x": index.Field}).Err() }, ErrArgument},
		{"alias _index_", func() error { return base.WithColumns(Lit(5).Alias(index.Field)).Err() }, ErrArgument},
		{"nest into _index_", func() error { return base.Nest(index.Field, "k").Err() }, ErrArgument},
		{"FromColumns _index_", func() error { return FromColumns([]string{index.Field}, []int64{1}).Err() }, ErrArgument},
		{"zero Frame", func() error { return zro.Select("a").Err() }, ErrArgument},
		{"zero Frame rows", func() error { _, err := zro.Data(); return err }, ErrArgument},
		{"concat zero Frame", func() error { return base.Concat(zro).Err() }, ErrArgument},
		{"join zero Frame", func() error { return base.Join(zro, On("k"), Inner).Err() }, ErrArgument},
		{"empty Series column", func() error { return FromColumns([]string{"a"}, s).Err() }, ErrArgument},
		{"nil *Series column", func() error { return FromColumns([]string{"a"}, ps).Err() }, ErrArgument},
		{"nil *Dense column", func() error { return FromColumns([]string{"a"}, dn).Err() }, ErrArgument},
		{"NewSeries of empty Series", func() error { return NewSeries("a", s).Err() }, ErrArgument},
		{"unknown collision", func() error { return withS.Unnest("s", WithCollision(99)).Err() }, ErrArgument},
		{"negate a string", func() error { return base.WithColumns(Col("k").Neg()).Err() }, ErrType},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.err(); !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
		})
	}
	if zro.NumRows() != 0 || zro.Columns() != nil || zro.String() == "" {
		t.Error("a zero Frame must read as empty and print its error")
	}
}

func TestIndexMisuseIsAnError(t *testing.T) {
	var (
		nl *index.Labels
		nm *index.Multi
	)
	lab, err := index.NewLabels("k", structured.Must(structured.ValueOf([]any{"a"})))
	if err != nil {
		t.Fatal(err)
	}
	data := structured.Must(structured.FromValue([]any{map[string]any{"x": int64(1)}}))
	for name, err := range map[string]error{
		"Locate nil":       func() error { _, err := index.Locate(nil, 1); return err }(),
		"Locate nil label": func() error { _, err := index.Locate(nl, "a"); return err }(),
		"Levels nil multi": func() error { _, err := index.Levels(nm); return err }(),
		"Concat nil label": func() error { _, err := index.Concat(nl, lab); return err }(),
		"Encode nil label": func() error { _, err := index.Encode(nl, data); return err }(),
		"Encode zero":      func() error { _, err := index.Encode(&index.Multi{}, data); return err }(),
	} {
		if !errors.Is(err, index.ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", name, err)
		}
	}
	if index.Equal(nl, lab) || nl.NumRows() != 0 || (&index.Multi{}).NumRows() != 0 || index.NewRange(-1).NumRows() != 0 {
		t.Error("nil and zero indexes must be empty and equal to nothing")
	}
}
