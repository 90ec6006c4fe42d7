package structured

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestMaxFields: a structure wider than the limit is an error naming the
// key and the row; a map column is not limited; the option lifts it.
func TestMaxFields(t *testing.T) {
	build := func(rows, keysPerRow int, opts ...Option) error {
		b, err := NewBuilder(nil, opts...)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for range rows {
			b.BeginRecord()
			for range keysPerRow {
				b.Key("k" + strconv.Itoa(k))
				b.Int(1)
				k++
			}
			if err := b.EndRecord(); err != nil {
				return err
			}
		}
		_, err = b.Finish()
		return err
	}
	// Every row brings a new key at the top level.
	err := build(20, 1, WithMaxFields(10))
	if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), `"k10"`) || !strings.Contains(err.Error(), "row 10") {
		t.Errorf("11th field: %v, want an ErrSchema naming k10 at row 10", err)
	}
	if err := build(20, 1, WithMaxFields(0)); err != nil {
		t.Errorf("WithMaxFields(0): %v", err)
	}
	if err := build(1, DefaultMaxFields, nil); err != nil {
		t.Errorf("%d fields: %v", DefaultMaxFields, err)
	}
	if err := build(1, DefaultMaxFields+1, nil); !errors.Is(err, ErrSchema) {
		t.Errorf("%d fields: %v, want ErrSchema", DefaultMaxFields+1, err)
	}
	// Below the top level, many keys of one type make a map: no limit.
	v := map[string]any{}
	for i := range 3 * DefaultMaxFields / 2 {
		v["k"+strconv.Itoa(i)] = i
	}
	tn, err := FromValue([]any{map[string]any{"m": v}})
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := tn.Field("m"); m == nil || !m.(*Tensor).IsMap() {
		t.Errorf("m: %v, want a map column", m)
	}
}
