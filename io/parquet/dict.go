package parquet

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Strings read through their dictionary: pqarrow appends a dictionary-
// encoded string to a BinaryBuilder value by value (on the benchmark
// recipes, a third of the time of their ingredients field). Read as
// Arrow dictionaries instead, the pages give indices, and one gather
// (plainStrings) makes the plain strings: the ingredients field read in
// 127 ms on one core where it took 160. Only columns whose every data
// page is dictionary-encoded are read so: a column that fell back to
// plain pages would have each plain value hashed into a dictionary.

// dictLeaves returns the leaves among the jobs' whose column chunks, in
// every group read, hold only dictionary-encoded data pages of strings or
// binary: as the file's encoding statistics say, or, for a file without
// them (DuckDB's, Polars'), as the page headers checkChunks read say
// (dictOnly).
func dictLeaves(fr *pqarrow.FileReader, jobs []*fieldJob, groups []int, dictOnly map[int]bool) []int {
	md := fr.ParquetReader().MetaData()
	var out []int
	for _, j := range jobs {
		for _, l := range j.leaves {
			f := fr.Manifest.ColIndexToField[l]
			if f == nil || (f.Field.Type.ID() != arrow.STRING && f.Field.Type.ID() != arrow.BINARY) || storedDictionary(fr.Manifest, f) {
				continue
			}
			if dictOnly[l] || allDictPages(md, l, groups) {
				out = append(out, l)
			}
		}
	}
	return out
}

// storedDictionary reports whether the Arrow schema stored in the file
// gives the top-level field of leaf f a dictionary type: pqarrow then
// reads a dictionary of that type whatever the options, and it is kept.
func storedDictionary(m *pqarrow.SchemaManifest, f *pqarrow.SchemaField) bool {
	if m.OriginSchema == nil {
		return false
	}
	for _, i := range m.OriginSchema.FieldIndices(topField(m, f).Field.Name) {
		if hasDictionary(m.OriginSchema.Field(i).Type) {
			return true
		}
	}
	return false
}

func allDictPages(md *metadata.FileMetaData, leaf int, groups []int) bool {
	for _, g := range groups {
		cc, err := md.RowGroup(g).ColumnChunk(leaf)
		if err != nil {
			return false
		}
		stats := cc.EncodingStats()
		data := false
		for _, s := range stats {
			// (The page type's package is internal to arrow-go: its names.)
			switch s.PageType.String() {
			case "DATA_PAGE", "DATA_PAGE_V2":
				if s.Encoding != parquet.Encodings.RLEDict && s.Encoding != parquet.Encodings.PlainDict {
					return false
				}
				data = true
			}
		}
		if !data {
			return false
		}
	}
	return true
}

// plainArray returns a, a field read with some of its leaves through
// their dictionaries, with every dictionary in it (at any depth) replaced
// by the plain array of its values. (A field the file stores with a
// dictionary type is not read so: storedDictionary.)
func plainArray(a arrow.Array, mem memory.Allocator) (arrow.Array, error) {
	d, err := plainData(a.Data(), mem)
	if err != nil {
		return nil, err
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}

func plainData(d arrow.ArrayData, mem memory.Allocator) (arrow.ArrayData, error) {
	if d.DataType().ID() == arrow.DICTIONARY {
		return plainStrings(d, mem)
	}
	if len(d.Children()) == 0 {
		d.Retain()
		return d, nil
	}
	kids := make([]arrow.ArrayData, len(d.Children()))
	defer func() {
		for _, k := range kids {
			if k != nil {
				k.Release()
			}
		}
	}()
	changed := false
	for i, c := range d.Children() {
		k, err := plainData(c, mem)
		if err != nil {
			return nil, err
		}
		kids[i] = k
		changed = changed || k != c
	}
	if !changed {
		d.Retain()
		return d, nil
	}
	dt, err := plainType(d.DataType(), kids)
	if err != nil {
		return nil, err
	}
	return array.NewData(dt, d.Len(), d.Buffers(), kids, d.NullN(), d.Offset()), nil
}

// plainType is dt (a nested type) with its children's types those of
// kids.
func plainType(dt arrow.DataType, kids []arrow.ArrayData) (arrow.DataType, error) {
	field := func(f arrow.Field, k arrow.ArrayData) arrow.Field {
		f.Type = k.DataType()
		return f
	}
	switch t := dt.(type) {
	case *arrow.MapType: // (before ListType: a map is a list of entries)
		entries := kids[0].DataType().(*arrow.StructType)
		key, item := t.KeyField(), t.ItemField()
		key.Type, item.Type = entries.Field(0).Type, entries.Field(1).Type
		m := arrow.MapOfFields(key, item)
		m.KeysSorted = t.KeysSorted
		return m, nil
	case *arrow.ListType:
		return arrow.ListOfField(field(t.ElemField(), kids[0])), nil
	case *arrow.LargeListType:
		return arrow.LargeListOfField(field(t.ElemField(), kids[0])), nil
	case *arrow.FixedSizeListType:
		return arrow.FixedSizeListOfField(t.Len(), field(t.ElemField(), kids[0])), nil
	case *arrow.StructType:
		fs := make([]arrow.Field, len(kids))
		for i, k := range kids {
			fs[i] = field(t.Field(i), k)
		}
		return arrow.StructOf(fs...), nil
	}
	return nil, fmt.Errorf("a dictionary of strings under %s", dt)
}

// plainStrings gathers a dictionary array of strings or binary (int32
// indices) into the plain array of its values: the lengths first, for
// offsets and a data buffer of the exact size, then the bytes.
func plainStrings(d arrow.ArrayData, mem memory.Allocator) (arrow.ArrayData, error) {
	dt := d.DataType().(*arrow.DictionaryType)
	if dt.IndexType.ID() != arrow.INT32 || (dt.ValueType.ID() != arrow.STRING && dt.ValueType.ID() != arrow.BINARY) {
		return nil, fmt.Errorf("a dictionary of %s indexed by %s", dt.ValueType, dt.IndexType)
	}
	var dOffs []int32
	var dBytes []byte
	dictLen := 0
	// None where every slot is null (a nil *array.Data in the interface).
	if dd, ok := d.Dictionary().(*array.Data); ok && dd != nil {
		dict := array.NewBinaryData(dd)
		defer dict.Release()
		dOffs, dBytes, dictLen = dict.ValueOffsets(), dict.ValueBytes(), dict.Len()
	}
	n, off := d.Len(), d.Offset()
	var idx []int32
	if b := d.Buffers()[1]; b != nil {
		all := arrow.Int32Traits.CastFromBytes(b.Bytes())
		if off+n > len(all) {
			return nil, fmt.Errorf("corrupt file: %d dictionary indices, %d needed", len(all), off+n)
		}
		idx = all[off : off+n]
	} else if n > 0 {
		return nil, fmt.Errorf("corrupt file: no dictionary indices")
	}
	var valid []byte
	nulls := d.NullN()
	if b := d.Buffers()[0]; b != nil && nulls != 0 {
		valid = b.Bytes()
		if nulls < 0 { // a slice's, not counted yet
			nulls = n - bitutil.CountSetBits(valid, off, n)
		}
	} else {
		nulls = 0
	}
	offsBuf := memory.NewResizableBuffer(mem)
	offsBuf.Resize((n + 1) * 4)
	offs := arrow.Int32Traits.CastFromBytes(offsBuf.Bytes())[:n+1]
	total := 0
	offs[0] = 0
	for i, k := range idx {
		if valid == nil || bitutil.BitIsSet(valid, off+i) {
			if uint32(k) >= uint32(dictLen) {
				offsBuf.Release()
				return nil, fmt.Errorf("corrupt file: dictionary index %d of %d values", k, dictLen)
			}
			total += int(dOffs[k+1] - dOffs[k])
			if total > math.MaxInt32 {
				offsBuf.Release()
				return nil, fmt.Errorf("strings of more than 2 GiB in one column")
			}
		}
		offs[i+1] = int32(total)
	}
	// The bytes, eight at a time: a value's last word may run past its end
	// into the next value's room, which that value then writes, or into
	// the eight bytes of slack of the buffer and of the dictionary's copy.
	dataBuf := memory.NewResizableBuffer(mem)
	dataBuf.Resize(total + 8)
	out := dataBuf.Bytes()
	padded := make([]byte, len(dBytes)+8)
	copy(padded, dBytes)
	for i, k := range idx {
		s, e := int(offs[i]), int(offs[i+1])
		if e == s {
			continue // null, or empty
		}
		from := int(dOffs[k])
		for ; s < e; s, from = s+8, from+8 {
			*(*uint64)(unsafe.Pointer(&out[s])) = *(*uint64)(unsafe.Pointer(&padded[from]))
		}
	}
	dataBuf.Resize(total)

	var validity *memory.Buffer
	if nulls > 0 {
		validity = memory.NewResizableBuffer(mem)
		validity.Resize(int(bitutil.BytesForBits(int64(n))))
		bitutil.CopyBitmap(valid, off, n, validity.Bytes(), 0)
	}
	res := array.NewData(dt.ValueType, n, []*memory.Buffer{validity, offsBuf, dataBuf}, nil, nulls, 0)
	offsBuf.Release()
	dataBuf.Release()
	if validity != nil {
		validity.Release()
	}
	return res, nil
}

// hasDictionary reports whether dt is or holds a dictionary type.
func hasDictionary(dt arrow.DataType) bool {
	switch t := dt.(type) {
	case *arrow.DictionaryType:
		return true
	case arrow.NestedType:
		for _, f := range t.Fields() {
			if hasDictionary(f.Type) {
				return true
			}
		}
	}
	return false
}
