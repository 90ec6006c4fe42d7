package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured/internal/build"
)

// Decoding at entry. FromArrow and FromRecordBatch read a few layouts no
// operation handles by decoding them once, where they enter:
//
//   - an extension array is read as its storage array;
//   - a run-end encoded array is expanded to a plain array of its values'
//     type (one item per logical slot);
//   - list_view and large_list_view become list and large_list, their
//     views' items gathered in slot order (shared, not copied, when the
//     views already follow each other from the first item);
//   - a list, large_list or map level with a null slot whose offsets span
//     child items (legal Arrow, but those items belong to no slot) is
//     rebuilt with the null slots empty and the child without those
//     items. Levels without such a slot are shared as they are.
//
// The gathering (gatherArrow) works on any Arrow array the package reads:
// structs (field by field), lists of the three kinds (offsets rebuilt,
// null slots empty), fixed_size_lists (null slots keep their
// placeholders), maps, and the leaf types of the dtype table.

// decodeEntry returns a reference, owned by the caller, to a decoded
// equivalent of a (which the caller keeps owning) if a is an extension,
// run-end encoded, list view or null-spanning list array; ok is false
// when a is read as it is.
func decodeEntry(a arrow.Array) (out arrow.Array, ok bool, err error) {
	switch x := a.(type) {
	case array.ExtensionArray:
		s := x.Storage()
		s.Retain()
		return s, true, nil
	case *array.RunEndEncoded:
		out, err := gatherArrow(x.Values(), reeIndices(x))
		return out, true, err
	case *array.ListView, *array.LargeListView:
		out, err := relist(a.(array.ListLike), nil)
		return out, true, err
	case *array.List, *array.LargeList, *array.Map:
		if !nullSpansItems(a.(array.ListLike)) {
			return nil, false, nil
		}
		out, err := relist(a.(array.ListLike), nil)
		return out, true, err
	}
	return nil, false, nil
}

// reeIndices returns the physical value index of every logical slot.
func reeIndices(r *array.RunEndEncoded) []int {
	idx := make([]int, r.Len())
	if len(idx) == 0 {
		return idx
	}
	ends, _ := dtype.Int64s(r.RunEndsArr().Data(), nil) // int16, int32 or int64
	end := func(k int) int { return int(ends[k]) }
	off := r.Data().Offset()
	p := r.GetPhysicalIndex(0)
	for i := range idx {
		for end(p) <= off+i {
			p++
		}
		idx[i] = p
	}
	return idx
}

// nullSpansItems reports whether a null slot of l has offsets spanning
// child items.
func nullSpansItems(l array.ListLike) bool {
	if l.NullN() == 0 {
		return false
	}
	for i := 0; i < l.Len(); i++ {
		if l.IsNull(i) {
			if s, e := l.ValueOffsets(i); e > s {
				return true
			}
		}
	}
	return false
}

// relist gathers the slots rows of a variable-size list array (all of
// them if rows is nil; negative rows give null slots) into a list of the
// same offset width (list for list and list_view, large_list for
// large_list and large_list_view, map for a map whose entries keep their
// type) whose offsets start at 0 and whose null slots are empty. The child
// is shared when the kept items are one run of it, else gathered.
func relist(l array.ListLike, rows []int) (arrow.Array, error) {
	if rows == nil {
		rows = make([]int, l.Len())
		for i := range rows {
			rows[i] = i
		}
	}
	var items []int
	large := false
	switch l.DataType().ID() {
	case arrow.LARGE_LIST, arrow.LARGE_LIST_VIEW:
		large = true
	}
	offs32 := []int32{0}
	offs64 := []int64{0}
	var vb build.Bitmap
	for _, r := range rows {
		valid := r >= 0 && l.IsValid(r)
		vb.Append(valid)
		if valid {
			s, e := l.ValueOffsets(r)
			for k := s; k < e; k++ {
				items = append(items, int(k))
			}
		}
		if large {
			offs64 = append(offs64, int64(len(items)))
		} else {
			offs32 = append(offs32, int32(len(items)))
		}
	}
	if !large && int64(len(items)) != int64(int32(len(items))) {
		return nil, errorf("FromArrow", ErrShape, "", "a list gathers %d items, more than int32 offsets address", len(items))
	}
	values := l.ListValues()
	var child arrow.Array
	if lo, ok := ascendingRun(items); ok {
		child = childSlice(values, lo, lo+len(items))
	} else {
		var err error
		if child, err = gatherArrow(values, items); err != nil {
			return nil, err
		}
	}
	defer child.Release()
	var offsets *memory.Buffer
	if large {
		offsets = memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(offs64))
	} else {
		offsets = memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(offs32))
	}
	valid := bitmapValidity(vb.Finish())
	var dt arrow.DataType
	switch t := l.DataType().(type) {
	case *arrow.MapType:
		if arrow.TypeEqual(child.DataType(), t.Elem()) {
			dt = t
		} else {
			dt = arrow.ListOfField(withType(t.ElemField(), child.DataType()))
		}
	case arrow.ListLikeType:
		elem := withType(t.ElemField(), child.DataType())
		if large {
			dt = arrow.LargeListOfField(elem)
		} else {
			dt = arrow.ListOfField(elem)
		}
	}
	data := array.NewData(dt, len(rows), []*memory.Buffer{valid.buf, offsets}, []arrow.ArrayData{child.Data()}, valid.nulls, 0)
	defer data.Release()
	return array.MakeFromData(data), nil
}

// withType returns f with its type replaced.
func withType(f arrow.Field, t arrow.DataType) arrow.Field {
	f.Type = t
	return f
}

// gatherArrow gathers items of an Arrow array by position (negative for a
// null), recursing into nested arrays. Entry layouts (extension, run-end
// encoded, list views) are decoded on the way.
func gatherArrow(a arrow.Array, idx []int) (arrow.Array, error) {
	switch x := a.(type) {
	case *array.Struct:
		return gatherStruct(x, idx)
	case *array.FixedSizeList:
		return gatherFixedList(x, idx)
	case array.ListLike:
		return relist(x, idx)
	case array.ExtensionArray:
		return gatherArrow(x.Storage(), idx)
	case *array.RunEndEncoded:
		phys := reeIndices(x)
		sel := make([]int, len(idx))
		for i, j := range idx {
			sel[i] = -1
			if j >= 0 {
				sel[i] = phys[j]
			}
		}
		return gatherArrow(x.Values(), sel)
	}
	return takeArray(a, idx)
}

// gatherStruct gathers the slots of a struct array, field by field.
func gatherStruct(s *array.Struct, idx []int) (arrow.Array, error) {
	typ := s.DataType().(*arrow.StructType)
	fields := make([]arrow.Field, s.NumField())
	children := make([]arrow.ArrayData, s.NumField())
	for k := range fields {
		c, err := gatherArrow(s.Field(k), idx)
		if err != nil {
			return nil, err
		}
		defer c.Release()
		fields[k] = withType(typ.Field(k), c.DataType())
		children[k] = c.Data()
	}
	valid, nulls := takeValidity(s, idx)
	data := array.NewData(arrow.StructOf(fields...), len(idx), []*memory.Buffer{valid}, children, nulls, 0)
	defer data.Release()
	return array.MakeFromData(data), nil
}

// gatherFixedList gathers the slots of a fixed_size_list array; every
// slot, null or not, keeps its items.
func gatherFixedList(l *array.FixedSizeList, idx []int) (arrow.Array, error) {
	typ := l.DataType().(*arrow.FixedSizeListType)
	size := int(typ.Len())
	off := l.Data().Offset()
	items := make([]int, 0, len(idx)*size)
	for _, j := range idx {
		for k := 0; k < size; k++ {
			if j < 0 {
				items = append(items, -1)
			} else {
				items = append(items, (off+j)*size+k)
			}
		}
	}
	child, err := gatherArrow(l.ListValues(), items)
	if err != nil {
		return nil, err
	}
	defer child.Release()
	valid, nulls := takeValidity(l, idx)
	dt := arrow.FixedSizeListOfField(typ.Len(), withType(typ.ElemField(), child.DataType()))
	data := array.NewData(dt, len(idx), []*memory.Buffer{valid}, []arrow.ArrayData{child.Data()}, nulls, 0)
	defer data.Release()
	return array.MakeFromData(data), nil
}
