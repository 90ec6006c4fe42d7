package ipc

import (
	"fmt"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/structured"
)

// WithDecodeDictionaries(true) makes the readers turn dictionary-encoded
// columns, at any depth, into plain columns of their values (a gather of
// the dictionary by the indices, a null index a null value); by default
// they stay dictionaries, sharing the file's indices and dictionary.
// Decoding copies the values, O(rows). Reading.
func WithDecodeDictionaries(on bool) Option { return func(c *config) { c.decodeDict = on } }

// decodeRecord returns rec with its dictionary columns decoded; the
// caller owns the result.
func decodeRecord(rec arrow.RecordBatch) (out arrow.RecordBatch, err error) {
	defer guard(&err, "decoding dictionaries")
	fields := rec.Schema().Fields()
	cols := make([]arrow.Array, len(fields))
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, col := range rec.Columns() {
		d, err := decodeData(col.Data(), fields[i].Name)
		if err != nil {
			return nil, err
		}
		cols[i] = array.MakeFromData(d)
		d.Release()
		fields[i].Type = d.DataType()
	}
	md := rec.Schema().Metadata()
	return array.NewRecordBatch(arrow.NewSchema(fields, &md), cols, rec.NumRows()), nil
}

// decodeData returns d with its dictionaries decoded (d itself, retained,
// when it has none); the caller owns the result.
func decodeData(d arrow.ArrayData, path string) (arrow.ArrayData, error) {
	switch typ := d.DataType().(type) {
	case *arrow.DictionaryType:
		return decodeDict(d, path)
	case *arrow.StructType:
		children, changed, err := decodeChildren(d, path, func(i int) string { return path + "." + typ.Field(i).Name })
		if err != nil || !changed {
			return retained(d, children, err)
		}
		fs := typ.Fields()
		for i := range fs {
			fs[i].Type = children[i].DataType()
		}
		return rebuilt(d, arrow.StructOf(fs...), children), nil
	case *arrow.MapType:
		children, changed, err := decodeChildren(d, path, func(int) string { return path + "[]" })
		if err != nil || !changed {
			return retained(d, children, err)
		}
		kv := children[0].DataType().(*arrow.StructType)
		return rebuilt(d, arrow.MapOfFields(kv.Field(0), kv.Field(1)), children), nil
	case arrow.ListLikeType:
		children, changed, err := decodeChildren(d, path, func(int) string { return path + "[]" })
		if err != nil || !changed {
			return retained(d, children, err)
		}
		elem := typ.ElemField()
		elem.Type = children[0].DataType()
		var nt arrow.DataType
		switch typ := typ.(type) {
		case *arrow.ListType:
			nt = arrow.ListOfField(elem)
		case *arrow.LargeListType:
			nt = arrow.LargeListOfField(elem)
		case *arrow.FixedSizeListType:
			nt = arrow.FixedSizeListOfField(typ.Len(), elem)
		default:
			release(children)
			return nil, fmt.Errorf("%s: cannot decode dictionaries inside %s", path, typ)
		}
		return rebuilt(d, nt, children), nil
	}
	d.Retain()
	return d, nil
}

func decodeChildren(d arrow.ArrayData, path string, name func(int) string) ([]arrow.ArrayData, bool, error) {
	kids := d.Children()
	out := make([]arrow.ArrayData, len(kids))
	changed := false
	for i, k := range kids {
		n, err := decodeData(k, name(i))
		if err != nil {
			release(out)
			return nil, false, err
		}
		out[i] = n
		changed = changed || n != k
	}
	return out, changed, nil
}

func release(ds []arrow.ArrayData) {
	for _, d := range ds {
		if d != nil {
			d.Release()
		}
	}
}

func retained(d arrow.ArrayData, children []arrow.ArrayData, err error) (arrow.ArrayData, error) {
	release(children)
	if err != nil {
		return nil, err
	}
	d.Retain()
	return d, nil
}

// rebuilt is d with another type and children (which it releases).
func rebuilt(d arrow.ArrayData, typ arrow.DataType, children []arrow.ArrayData) arrow.ArrayData {
	defer release(children)
	return array.NewData(typ, d.Len(), d.Buffers(), children, d.NullN(), d.Offset())
}

// decodeDict gathers a dictionary's values by its indices, through a
// one-field Tensor over the dictionary (structured's gather handles every
// value type, nested ones too).
func decodeDict(d arrow.ArrayData, path string) (arrow.ArrayData, error) {
	arr := array.MakeFromData(d).(*array.Dictionary)
	defer arr.Release()
	idx := make([]int, arr.Len())
	for i := range idx {
		if arr.IsNull(i) {
			idx[i] = -1
			continue
		}
		idx[i] = arr.GetValueIndex(i)
		if idx[i] < 0 || idx[i] >= arr.Dictionary().Len() {
			return nil, fmt.Errorf("%s: dictionary index %d at row %d is outside the %d values", path, idx[i], i, arr.Dictionary().Len())
		}
	}
	vals, err := decodeData(arr.Dictionary().Data(), path)
	if err != nil {
		return nil, err
	}
	va := array.MakeFromData(vals)
	vals.Release()
	st, err := array.NewStructArray([]arrow.Array{va}, []string{"v"})
	va.Release()
	if err != nil {
		return nil, store.Wrap(path, err)
	}
	defer st.Release()
	t, err := structured.FromArrow(st)
	if err != nil {
		return nil, store.Wrap(path, err)
	}
	if t, err = t.TakeNullable(idx); err != nil {
		return nil, store.Wrap(path, err)
	}
	out, err := t.ToArrow()
	if err != nil {
		return nil, store.Wrap(path, err)
	}
	defer out.Release()
	v := out.(*array.Struct).Field(0).Data()
	v.Retain()
	return v, nil
}
