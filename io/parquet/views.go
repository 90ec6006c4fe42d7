package parquet

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
)

// String and binary views. Polars writes its strings to Arrow IPC as
// string_view, and pyarrow reads and makes them too; pqarrow (arrow-go
// v18.8.0) writes neither view type ("not implemented: support for
// STRING_VIEW"). Parquet has one byte-array type for both layouts, so the
// writer gives such columns the offsets layout first (string, or
// large_string past 2 GiB of bytes; binary likewise), at any depth. The
// bytes are copied once; reading the file gives strings, as pyarrow and
// Polars read theirs.

// hasView reports whether t is or holds a string or binary view.
func hasView(t arrow.DataType) bool {
	if dtype.Of(t).Layout == dtype.LayoutView {
		return true
	}
	switch t := t.(type) {
	case *arrow.DictionaryType:
		return hasView(t.ValueType)
	case arrow.NestedType:
		for _, f := range t.Fields() {
			if hasView(f.Type) {
				return true
			}
		}
	}
	return false
}

// withoutViews returns a with every string or binary view array in it,
// at any depth, copied to the offsets layout; the rest is shared. The
// caller owns the result.
func withoutViews(a arrow.Array, mem memory.Allocator) (arrow.Array, error) {
	if !hasView(a.DataType()) {
		a.Retain()
		return a, nil
	}
	if f := dtype.Of(a.DataType()); f.Layout == dtype.LayoutView {
		at, _ := dtype.Strings(a.Data())
		return offsetsFromViews(a.Len(), a.IsNull, at, f.Class == dtype.ClassString, mem), nil
	}
	if da, ok := a.(*array.Dictionary); ok {
		dict, err := withoutViews(da.Dictionary(), mem)
		if err != nil {
			return nil, err
		}
		defer dict.Release()
		typ := *da.DataType().(*arrow.DictionaryType)
		typ.ValueType = dict.DataType()
		return array.NewDictionaryArray(&typ, da.Indices(), dict), nil
	}
	// A nested array: its children converted, its own buffers shared.
	d := a.Data()
	kids := d.Children()
	children := make([]arrow.ArrayData, len(kids))
	defer func() {
		for _, c := range children {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, k := range kids {
		ka := array.MakeFromData(k)
		c, err := withoutViews(ka, mem)
		ka.Release()
		if err != nil {
			return nil, err
		}
		children[i] = c.Data()
		children[i].Retain()
		c.Release()
	}
	typ, err := typeWithChildren(a.DataType(), children)
	if err != nil {
		return nil, err
	}
	out := array.NewData(typ, d.Len(), d.Buffers(), children, d.NullN(), d.Offset())
	defer out.Release()
	return array.MakeFromData(out), nil
}

// typeWithChildren is the nested type t with its children's types those
// of children (same names, nullability and metadata).
func typeWithChildren(t arrow.DataType, children []arrow.ArrayData) (arrow.DataType, error) {
	with := func(f arrow.Field, d arrow.ArrayData) arrow.Field { f.Type = d.DataType(); return f }
	switch t := t.(type) {
	case *arrow.StructType:
		fs := t.Fields()
		for i := range fs {
			fs[i] = with(fs[i], children[i])
		}
		return arrow.StructOf(fs...), nil
	case *arrow.MapType:
		entries := children[0].Children()
		m := arrow.MapOfFields(with(t.KeyField(), entries[0]), with(t.ItemField(), entries[1]))
		m.KeysSorted = t.KeysSorted
		return m, nil
	case *arrow.ListType:
		return arrow.ListOfField(with(t.ElemField(), children[0])), nil
	case *arrow.LargeListType:
		return arrow.LargeListOfField(with(t.ElemField(), children[0])), nil
	case *arrow.FixedSizeListType:
		return arrow.FixedSizeListOfField(t.Len(), with(t.ElemField(), children[0])), nil
	}
	return nil, fmt.Errorf("cannot write %s holding string or binary views to Parquet", t)
}

// offsetsFromViews copies n view values into a string (str) or binary
// array, large when the bytes pass 32-bit offsets.
func offsetsFromViews(n int, isNull func(int) bool, value func(int) string, str bool, mem memory.Allocator) arrow.Array {
	total := 0
	for i := range n {
		if !isNull(i) {
			total += len(value(i))
		}
	}
	var typ arrow.BinaryDataType = arrow.BinaryTypes.Binary
	switch {
	case str && total > math.MaxInt32:
		typ = arrow.BinaryTypes.LargeString
	case str:
		typ = arrow.BinaryTypes.String
	case total > math.MaxInt32:
		typ = arrow.BinaryTypes.LargeBinary
	}
	b := array.NewBinaryBuilder(mem, typ)
	defer b.Release()
	b.Reserve(n)
	b.ReserveData(total)
	for i := range n {
		if isNull(i) {
			b.AppendNull()
		} else {
			b.AppendString(value(i))
		}
	}
	built := b.NewArray() // a Binary or LargeBinary array typed typ
	defer built.Release()
	return array.MakeFromData(built.Data())
}
