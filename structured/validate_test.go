package structured

import (
	"errors"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	good := Must(FromFields([]FieldValue{
		{"r", Must(NewRagged(arwI64([]int64{1, 2, 3}, nil), Must(PartitionFromLengths([]int64{2, 1}))))},
	}, 2))
	if err := good.Validate(); err != nil {
		t.Fatalf("a valid Tensor: %v", err)
	}
	// Corrupt copies, as FromArrow could produce from malformed offsets.
	decreasing := newSplitsPartition([]int32{0, 3, 1, 3}, nil)
	badRagged := &Ragged{leafValues{arwI64([]int64{1, 2, 3}, nil)}, 3, []*RowPartition{decreasing}}
	short := &Ragged{leafValues{arwI64([]int64{1, 2}, nil)}, 2, []*RowPartition{Must(PartitionFromLengths([]int64{2, 1}))}}
	cases := []struct {
		name string
		t    *Tensor
		kind error
		want string
	}{
		{"decreasing splits", &Tensor{rank: 1, nrows: 3, names: []string{"x"}, fields: []Value{badRagged}}, ErrPartition, "field x[1]: row partition 0: row ends before it starts (splits 3, 1)"},
		{"too few items", &Tensor{rank: 1, nrows: 2, names: []string{"y"}, fields: []Value{short}}, ErrShape, "field y: row partitions cover 3 items, the array has 2"},
		{"rows differ", &Tensor{rank: 1, nrows: 5, names: []string{"y"}, fields: []Value{good.fields[0]}}, ErrShape, "field y: has 2 rows, its Tensor 5"},
	}
	for _, c := range cases {
		err := c.t.Validate()
		if !errors.Is(err, c.kind) || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want %v saying %q", c.name, err, c.kind, c.want)
		}
	}
}
