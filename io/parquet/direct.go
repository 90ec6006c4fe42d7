package parquet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// The direct reader decodes the fields whose layout is the common one
// (leaves of booleans, integers, floats, dates, timestamps, decimals
// stored as integers, strings and binary; lists and structs above them;
// PLAIN, dictionary, delta and byte-stream-split pages, v1 or v2, levels
// run-length encoded) without
// pqarrow's record reader and builders: each leaf column is one job
// (direct_leaf.go) that writes its values into the Arrow buffer they end
// in, and the last job of a field puts its arrays together from the
// levels (build), a pass per list and struct. On the benchmark recipes
// pqarrow spent a third of its time delimiting records, growing
// builders and zeroing what they grew.
//
// What the direct reader meets and does not decode (another encoding, a
// page it finds corrupt or levels pqarrow would read otherwise, anything
// that panics) gives the field to pqarrow whole, so a file reads as it
// did before: what pqarrow reads, and the errors it gives. Validity is
// built where pqarrow builds it: a list's only when it is nullable, a
// struct's when it is nullable or every field is a list.

// directFellBack, when not nil, is told of each field the direct reader
// took and gave to pqarrow, and why: a hook for tests.
var directFellBack func(field string, err error)

// directJob is a field read by the direct reader: one leaf job per leaf.
type directJob struct {
	sf    *pqarrow.SchemaField
	outs  []*leafOut   // by the position of the leaf in the fieldJob's leaves
	parts []*leafParts // likewise: a leaf decoded in parts (nil: whole, or none)
	errs  []error
	left  atomic.Int32 // leaf jobs not yet done
}

// planDirect returns the jobs the direct reader takes of a read of the
// given row groups of rdr: those whose field is read whole (every leaf of
// it), of a layout it decodes, from a file whose chunk sizes count their
// dictionary page (parquet-mr before 1.2.9 left it out) and whose row
// groups' page index locations hold (arrow-go refuses a row group whose
// do not, before reading a page: so must the read).
func planDirect(m *pqarrow.SchemaManifest, rdr *file.Reader, groups []int, jobs []*fieldJob) map[*fieldJob]*directJob {
	md := rdr.MetaData()
	if md.WriterVersion().LessThan(metadata.Parquet816FixedVersion) {
		return nil
	}
	for _, g := range groups {
		if idx := rdr.GetPageIndexReader(); idx == nil || guard(func() error { _, err := idx.RowGroup(g); return err }) != nil {
			return nil
		}
	}
	out := map[*fieldJob]*directJob{}
	for _, j := range jobs {
		if j.top < 0 {
			continue
		}
		sf := &m.Fields[j.top]
		seen := map[int]bool{}
		collectLeaves(sf, seen)
		if len(seen) != len(j.leaves) || !directField(sf, md.Schema) {
			continue
		}
		d := &directJob{sf: sf, outs: make([]*leafOut, len(j.leaves)), errs: make([]error, len(j.leaves))}
		d.left.Store(int32(len(j.leaves)))
		out[j] = d
	}
	return out
}

// directField reports whether the direct reader decodes the field sf:
// lists and structs over leaves of directLeafType.
func directField(sf *pqarrow.SchemaField, sc *schema.Schema) bool {
	if sf.LevelInfo.NullSlotUsage != 1 {
		return false
	}
	if sf.IsLeaf() {
		return sf.ColIndex < sc.NumColumns() && directLeafType(sf.Field.Type, sc.Column(sf.ColIndex))
	}
	switch sf.Field.Type.ID() {
	case arrow.STRUCT:
		if len(sf.Children) == 0 {
			return false
		}
	case arrow.LIST, arrow.LARGE_LIST, arrow.MAP:
		if len(sf.Children) != 1 || sf.LevelInfo.DefLevel < 1 || sf.LevelInfo.RepLevel < 1 {
			return false
		}
	default:
		return false
	}
	for i := range sf.Children {
		if !directField(&sf.Children[i], sc) {
			return false
		}
	}
	return true
}

// directLeafType reports whether the Arrow type dt pqarrow gives the
// column col is one the direct reader makes from the column's values:
// bools, integers (signed, or unsigned as the file says; 8 and 16 bits
// cut down from 32), floats, dates, times and timestamps in the file's
// unit, decimals stored as integers or fixed-length byte arrays, half
// floats, strings, binary, fixed-size binary and UUIDs.
func directLeafType(dt arrow.DataType, col *schema.Column) bool {
	if col.MaxDefinitionLevel() > math.MaxUint8 || col.MaxRepetitionLevel() > math.MaxUint8 {
		return false
	}
	lt := col.LogicalType()
	intOf := func(bits int8, signed bool) bool {
		switch t := lt.(type) {
		case schema.NoLogicalType:
			return signed
		case schema.IntLogicalType:
			return t.BitWidth() == bits && t.IsSigned() == signed
		}
		return false
	}
	switch col.PhysicalType() {
	case pq.Types.Boolean:
		return dt.ID() == arrow.BOOL
	case pq.Types.Int32:
		switch dt.ID() {
		case arrow.INT32:
			return intOf(32, true)
		case arrow.UINT32:
			return intOf(32, false)
		case arrow.INT8, arrow.UINT8, arrow.INT16, arrow.UINT16:
			return intOf(int8(dt.(arrow.FixedWidthDataType).BitWidth()), dt.ID() == arrow.INT8 || dt.ID() == arrow.INT16)
		case arrow.DECIMAL128:
			return decimalOf(dt, lt)
		case arrow.DATE32:
			_, ok := lt.(schema.DateLogicalType)
			return ok
		case arrow.TIME32:
			t, ok := lt.(schema.TimeLogicalType)
			return ok && t.TimeUnit() == schema.TimeUnitMillis && dt.(*arrow.Time32Type).Unit == arrow.Millisecond
		}
	case pq.Types.Int64:
		switch dt.ID() {
		case arrow.INT64:
			return intOf(64, true)
		case arrow.UINT64:
			return intOf(64, false)
		case arrow.DECIMAL128:
			return decimalOf(dt, lt)
		case arrow.TIMESTAMP:
			t, ok := lt.(schema.TimestampLogicalType)
			unit := map[schema.TimeUnitType]arrow.TimeUnit{schema.TimeUnitMillis: arrow.Millisecond, schema.TimeUnitMicros: arrow.Microsecond, schema.TimeUnitNanos: arrow.Nanosecond}
			u, known := unit[t.TimeUnit()]
			return ok && known && dt.(*arrow.TimestampType).Unit == u
		case arrow.TIME64:
			t, ok := lt.(schema.TimeLogicalType)
			unit := map[schema.TimeUnitType]arrow.TimeUnit{schema.TimeUnitMicros: arrow.Microsecond, schema.TimeUnitNanos: arrow.Nanosecond}
			u, known := unit[t.TimeUnit()]
			return ok && known && dt.(*arrow.Time64Type).Unit == u
		}
	case pq.Types.Float:
		return dt.ID() == arrow.FLOAT32
	case pq.Types.Double:
		return dt.ID() == arrow.FLOAT64
	case pq.Types.ByteArray:
		switch dt.ID() {
		case arrow.STRING, arrow.BINARY, arrow.LARGE_STRING, arrow.LARGE_BINARY:
			return true
		}
	case pq.Types.FixedLenByteArray:
		w := col.TypeLength()
		switch dt.ID() {
		case arrow.FIXED_SIZE_BINARY:
			return w > 0 && dt.(*arrow.FixedSizeBinaryType).ByteWidth == w
		case arrow.EXTENSION: // a UUID: its storage, fixed-size binary, is the column's bytes
			st, ok := dt.(arrow.ExtensionType).StorageType().(*arrow.FixedSizeBinaryType)
			return ok && w > 0 && st.ByteWidth == w
		case arrow.FLOAT16:
			_, ok := lt.(schema.Float16LogicalType)
			return ok && w == 2
		case arrow.DECIMAL128:
			return w > 0 && w <= 16 && decimalOf(dt, lt)
		case arrow.DECIMAL256:
			return w > 0 && w <= 32 && decimalOf(dt, lt)
		}
	}
	return false
}

// decimalOf reports whether dt is the decimal (128 or 256 bits) of the
// decimal logical type lt: the column's integers, or big-endian byte
// arrays, are its unscaled values.
func decimalOf(dt arrow.DataType, lt schema.LogicalType) bool {
	d, ok := lt.(schema.DecimalLogicalType)
	t, isDec := dt.(arrow.DecimalType)
	return ok && isDec && d.Precision() == t.GetPrecision() && d.Scale() == t.GetScale()
}

// directCost is what a leaf job costs, for readTasks: its decoded
// bytes and 4 bytes a value.
func directCost(md *metadata.FileMetaData, leaf int, groups []int) int64 {
	cost := int64(0)
	for _, g := range groups {
		if cc, err := md.RowGroup(g).ColumnChunk(leaf); err == nil {
			cost += cc.TotalUncompressedSize() + 4*cc.NumValues()
		}
	}
	return cost
}

// build puts the field together from its decoded leaves (by column
// index), and releases them.
func (d *directJob) build(leaves []int, mem memory.Allocator) (arrow.Array, error) {
	byCol := make(map[int]*leafOut, len(leaves))
	for i, l := range leaves {
		byCol[l] = d.outs[i]
	}
	defer func() {
		for _, o := range d.outs {
			if o != nil {
				o.release()
			}
		}
	}()
	data, err := buildNode(d.sf, byCol, mem)
	if err != nil {
		return nil, err
	}
	defer data.Release()
	return array.MakeFromData(data), nil
}

// errStructure is a field whose levels do not agree between its leaves.
var errStructure = errors.New("the leaves' levels do not agree")

// buildNode builds the array of the node sf.
func buildNode(sf *pqarrow.SchemaField, byCol map[int]*leafOut, mem memory.Allocator) (arrow.ArrayData, error) {
	if sf.IsLeaf() {
		o := byCol[sf.ColIndex]
		if o == nil {
			return nil, fmt.Errorf("%s: leaf %d not decoded", sf.Field.Name, sf.ColIndex)
		}
		return leafData(sf, o, mem)
	}
	lv := levelsOf(sf, byCol)
	if lv == nil {
		return nil, fmt.Errorf("%s: leaf %d not decoded", sf.Field.Name, levelLeaf(sf).ColIndex)
	}
	li := sf.LevelInfo
	kids := make([]arrow.ArrayData, len(sf.Children))
	defer func() {
		for _, k := range kids {
			if k != nil {
				k.Release()
			}
		}
	}()
	for i := range sf.Children {
		k, err := buildNode(&sf.Children[i], byCol, mem)
		if err != nil {
			return nil, err
		}
		kids[i] = k
	}
	if id := sf.Field.Type.ID(); id == arrow.LIST || id == arrow.LARGE_LIST || id == arrow.MAP {
		if lv.defs == nil || lv.reps == nil {
			return nil, errStructure
		}
		n := len(lv.defs)
		offs := newBuffer(mem, (n+1)*4)
		defer offs.Release()
		valid := newBuffer(mem, bitmapBytes(n))
		defer valid.Release()
		slots, children, nulls, err := listLevels(lv.defs, lv.reps, uint8(li.RepeatedAncestorDefLevel), uint8(li.DefLevel), uint8(li.RepLevel), asInt32s(offs.Buf()), valid.Buf())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sf.Field.Name, err)
		}
		if children != kids[0].Len() {
			return nil, fmt.Errorf("%w: %s, a list of %d values over %d", errStructure, sf.Field.Name, children, kids[0].Len())
		}
		offs.Resize((slots + 1) * 4)
		vb := valid
		if !sf.Field.Nullable {
			nulls = 0 // a slot under a null struct is an empty list, as pqarrow reads it
		}
		if nulls == 0 {
			vb = nil
		} else {
			valid.Resize((slots + 7) / 8)
		}
		if id == arrow.LARGE_LIST {
			offs = widen(offs, mem)
			defer offs.Release()
		}
		return array.NewData(sf.Field.Type, slots, []*memory.Buffer{vb, offs}, kids, nulls, 0), nil
	}
	// a struct
	slots, nulls := lv.entries, 0
	var vb *memory.Buffer
	if lv.defs != nil && (!levelsIn(lv.defsSeen, li.RepeatedAncestorDefLevel, li.DefLevel) || !sf.Field.Nullable && !repeated(sf)) {
		// No null (none in the levels, or none pqarrow would read: a
		// struct not nullable, with a field outside lists): a slot where
		// each field has one.
		slots = kids[0].Len()
	} else if lv.defs != nil {
		n := len(lv.defs)
		valid := newBuffer(mem, bitmapBytes(n))
		defer valid.Release()
		slots, nulls = structLevels(lv.defs, lv.reps, uint8(li.RepeatedAncestorDefLevel), uint8(li.DefLevel), uint8(li.RepLevel), valid.Buf())
		if nulls > 0 {
			valid.Resize((slots + 7) / 8)
			vb = valid
		}
	}
	for _, k := range kids {
		if k.Len() != slots {
			return nil, fmt.Errorf("%w: %s, a struct of %d rows with a field of %d", errStructure, sf.Field.Name, slots, k.Len())
		}
	}
	return array.NewData(sf.Field.Type, slots, []*memory.Buffer{vb}, kids, nulls, 0), nil
}

// levelsIn reports whether seen (a bit per definition level met) has a
// level in [lo, hi): the levels of a slot that is null. Where it has
// none, a struct or leaf has no null, and its validity is not computed.
func levelsIn(seen uint64, lo, hi int16) bool {
	if hi >= 64 || lo < 0 {
		return true
	}
	return seen&(uint64(1)<<hi-1)&^(uint64(1)<<lo-1) != 0
}

// levelsOf is the leaf whose levels give sf's slots, as pqarrow picks
// it: a struct's first field outside every list (one of its lists' when
// every field is or holds one), a list's items'.
func levelsOf(sf *pqarrow.SchemaField, byCol map[int]*leafOut) *leafOut {
	return byCol[levelLeaf(sf).ColIndex]
}

func levelLeaf(sf *pqarrow.SchemaField) *pqarrow.SchemaField {
	for !sf.IsLeaf() && len(sf.Children) > 0 {
		next := &sf.Children[0]
		if sf.Field.Type.ID() == arrow.STRUCT {
			for i := range sf.Children {
				if !repeated(&sf.Children[i]) {
					next = &sf.Children[i]
					break
				}
			}
		}
		sf = next
	}
	return sf
}

// repeated reports whether sf is a list or a struct whose every field is
// or holds one: pqarrow builds the validity of such a struct whether or
// not it is nullable.
func repeated(sf *pqarrow.SchemaField) bool {
	switch sf.Field.Type.ID() {
	case arrow.LIST, arrow.LARGE_LIST:
		return true
	case arrow.STRUCT:
		for i := range sf.Children {
			if !repeated(&sf.Children[i]) {
				return false
			}
		}
		return len(sf.Children) > 0
	}
	return false
}

// The level loops below run over every entry of a leaf, with nulls and
// list ends at random: they branch only to store a word of validity
// bits, once every 64 slots (b2i compiles to a flag set).

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bitmapBytes is the size of a validity bitmap of n bits written a word
// at a time.
func bitmapBytes(n int) int { return (n + 63) / 64 * 8 }

// listLevels writes the offsets and validity of a list (level info rad,
// def, rep) from a leaf's levels: a slot for each entry at or past rad
// that does not continue this list or one inside it (rep level below
// rep), valid at def-1 and past; a value in the list for each entry at
// def or past that does not continue a list inside it. It returns the
// slots, the values and the nulls. valid holds bitmapBytes(len(defs)).
// An entry that continues the list (or one inside it) below def, which no
// writer writes and pqarrow reads otherwise, is an error.
func listLevels(defs, reps []uint8, rad, def, rep uint8, offs []int32, valid []byte) (slots, children, nulls int, err error) {
	var acc uint64
	set, bad := 0, 0
	reps = reps[:len(defs)]
	offs = offs[:len(defs)+1]
	for i, d := range defs {
		r := reps[i]
		in := b2i(d >= rad) & b2i(r < rep)
		v := in & b2i(d >= def-1)
		offs[slots] = int32(children) // the next slot's start, until it starts
		acc |= uint64(v) << (slots & 63)
		set += v
		slots += in
		if slots&63 == 0 && in != 0 {
			binary.LittleEndian.PutUint64(valid[(slots/64-1)*8:], acc)
			acc = 0
		}
		children += b2i(d >= def) & b2i(r <= rep)
		bad += b2i(r >= rep) & b2i(d < def)
	}
	if slots&63 != 0 {
		binary.LittleEndian.PutUint64(valid[(slots/64)*8:], acc)
	}
	offs[slots] = int32(children)
	if bad > 0 {
		return 0, 0, 0, fmt.Errorf("%w: %d entries continue a list below its definition level", errStructure, bad)
	}
	return slots, children, slots - set, nil
}

// structLevels writes the validity of a struct (level info rad, def,
// rep) from a leaf's levels (reps nil: all 0), and returns its slots and
// nulls. valid holds bitmapBytes(len(defs)).
func structLevels(defs, reps []uint8, rad, def, rep uint8, valid []byte) (slots, nulls int) {
	var acc uint64
	set := 0
	flush := func() {
		binary.LittleEndian.PutUint64(valid[(slots/64-1)*8:], acc)
		acc = 0
	}
	if reps == nil {
		for _, d := range defs {
			in := b2i(d >= rad)
			acc |= uint64(b2i(d >= def)) << (slots & 63)
			set += b2i(d >= def)
			slots += in
			if slots&63 == 0 && in != 0 {
				flush()
			}
		}
	} else {
		reps = reps[:len(defs)]
		for i, d := range defs {
			in := b2i(d >= rad) & b2i(reps[i] <= rep)
			v := in & b2i(d >= def)
			acc |= uint64(v) << (slots & 63)
			set += v
			slots += in
			if slots&63 == 0 && in != 0 {
				flush()
			}
		}
	}
	if slots&63 != 0 {
		binary.LittleEndian.PutUint64(valid[(slots/64)*8:], acc)
	}
	return slots, slots - set
}

// leafData makes the Arrow array of a decoded leaf: its dense values
// spread out to its slots (an entry at or past its level info's rad),
// nulls in between (entries below def).
func leafData(sf *pqarrow.SchemaField, o *leafOut, mem memory.Allocator) (arrow.ArrayData, error) {
	li := sf.LevelInfo
	slots, nulls := o.n, 0
	var valid *memory.Buffer
	if o.defs != nil && levelsIn(o.defsSeen, li.RepeatedAncestorDefLevel, li.DefLevel) {
		valid = newBuffer(mem, bitmapBytes(len(o.defs)))
		defer valid.Release()
		slots, nulls = structLevels(o.defs, nil, uint8(li.RepeatedAncestorDefLevel), uint8(li.DefLevel), 0, valid.Buf())
		if slots-nulls != o.n {
			return nil, fmt.Errorf("%w: %d values for %d slots, %d of them null", errStructure, o.n, slots, nulls)
		}
	} else if o.defs == nil && o.entries != o.n {
		return nil, errStructure
	}
	vb := valid
	if nulls == 0 {
		vb = nil
	} else {
		valid.Resize((slots + 7) / 8)
	}
	var bufs []*memory.Buffer
	switch o.kind {
	case fixedValues:
		o.vals.Resize(slots * o.width)
		if nulls > 0 {
			switch o.width {
			case 8:
				spread(asUint64s(o.vals.Bytes()), o.n, valid.Bytes())
			case 4:
				spread(asUint32s(o.vals.Bytes()), o.n, valid.Bytes())
			default:
				spreadWide(o.vals.Bytes(), o.width, o.n, valid.Bytes())
			}
		}
		vals := o.vals
		switch id := sf.Field.Type.ID(); {
		case o.bigEndian && (id == arrow.DECIMAL128 || id == arrow.DECIMAL256):
			vals = convertBigEndian(vals, o.width, sf.Field.Type.(arrow.FixedWidthDataType).Bytes(), mem)
			defer vals.Release()
		case id == arrow.INT8, id == arrow.UINT8, id == arrow.INT16, id == arrow.UINT16, id == arrow.DECIMAL128:
			vals = convertInts(vals, o.width, sf.Field.Type, mem)
			defer vals.Release()
		}
		bufs = []*memory.Buffer{vb, vals}
	case boolValues:
		bits := o.vals
		if nulls > 0 {
			bits = newBuffer(mem, (slots+7)/8)
			defer bits.Release()
			clear(bits.Bytes()) // bits are set, not written
			spreadBits(bits.Bytes(), o.vals.Bytes(), valid.Bytes(), slots)
		} else {
			o.vals.Resize((slots + 7) / 8)
		}
		bufs = []*memory.Buffer{vb, bits}
	case byteValues:
		o.offs.Resize((slots + 1) * 4)
		if nulls > 0 {
			spreadOffsets(asInt32s(o.offs.Bytes()), o.n, valid.Bytes())
		}
		offs := o.offs
		if id := sf.Field.Type.ID(); id == arrow.LARGE_STRING || id == arrow.LARGE_BINARY {
			offs = widen(offs, mem)
			defer offs.Release()
		}
		bufs = []*memory.Buffer{vb, offs, o.vals}
	}
	return array.NewData(sf.Field.Type, slots, bufs, nil, nulls, 0), nil
}

// convertInts returns a new buffer of the values in b (integers of width
// bytes, little-endian) in the Arrow type dt: 8- and 16-bit integers cut
// down from 32 (as pqarrow casts them), decimal128s sign-extended from 32
// or 64.
func convertInts(b *memory.Buffer, width int, dt arrow.DataType, mem memory.Allocator) *memory.Buffer {
	var in []int64
	if width == 8 {
		in = asInt64s(b.Bytes())
	}
	get := func(i int) int64 {
		if width == 8 {
			return in[i]
		}
		return int64(int32(binary.LittleEndian.Uint32(b.Bytes()[4*i:])))
	}
	n := b.Len() / width
	switch dt.ID() {
	case arrow.INT8, arrow.UINT8:
		out := newBuffer(mem, n)
		to := out.Bytes()
		for i := range to {
			to[i] = byte(get(i))
		}
		return out
	case arrow.INT16, arrow.UINT16:
		out := newBuffer(mem, 2*n)
		to := out.Bytes()
		for i := range n {
			binary.LittleEndian.PutUint16(to[2*i:], uint16(get(i)))
		}
		return out
	}
	out := newBuffer(mem, 16*n) // decimal128: the low word, then the high
	to := asInt64s(out.Bytes())
	for i := range n {
		v := get(i)
		to[2*i], to[2*i+1] = v, v>>63
	}
	return out
}

// convertBigEndian returns a new buffer of the values in b (big-endian
// two's complement integers of width bytes, as Parquet stores decimals in
// fixed-length byte arrays) as little-endian integers of size bytes (16
// for a decimal128, 32 for a decimal256), sign-extended.
func convertBigEndian(b *memory.Buffer, width, size int, mem memory.Allocator) *memory.Buffer {
	in := b.Bytes()
	n := len(in) / width
	out := newBuffer(mem, size*n)
	to := out.Bytes()
	for i := range n {
		v, d := in[i*width:(i+1)*width], to[i*size:(i+1)*size]
		for k := range width {
			d[k] = v[width-1-k]
		}
		fill := byte(0)
		if v[0]&0x80 != 0 {
			fill = 0xff
		}
		for k := width; k < size; k++ {
			d[k] = fill
		}
	}
	return out
}

// widen returns a new buffer of the int32 offsets in b as int64, for a
// large list or string (offsets past 2^31 do not fit the direct reader's
// int32 offsets, and give the field to pqarrow).
func widen(b *memory.Buffer, mem memory.Allocator) *memory.Buffer {
	from := asInt32s(b.Bytes())
	out := newBuffer(mem, len(from)*8)
	to := asInt64s(out.Bytes())
	for i, v := range from {
		to[i] = int64(v)
	}
	return out
}

// spread moves the first n values of v out to the set bits of valid (a
// bit per slot, len(v) slots), back to front, zeroing the others.
func spread[T uint32 | uint64](v []T, n int, valid []byte) {
	j := n - 1
	for s := len(v) - 1; s >= 0; s-- {
		if valid[s>>3]>>(s&7)&1 != 0 {
			v[s] = v[j]
			j--
		} else {
			v[s] = 0
		}
	}
}

// spreadWide is spread for values of width bytes other than 4 and 8.
func spreadWide(v []byte, width, n int, valid []byte) {
	j := n - 1
	for s := len(v)/width - 1; s >= 0; s-- {
		to := v[s*width : (s+1)*width]
		if valid[s>>3]>>(s&7)&1 != 0 {
			copy(to, v[j*width:(j+1)*width])
			j--
		} else {
			clear(to)
		}
	}
}

// spreadOffsets spreads the n+1 offsets of dense values out to the set
// bits of valid (len(offs)-1 slots): a null slot is empty.
func spreadOffsets(offs []int32, n int, valid []byte) {
	j := n - 1
	for s := len(offs) - 2; s >= 0; s-- {
		offs[s+1] = offs[j+1]
		if valid[s>>3]>>(s&7)&1 != 0 {
			j--
		}
	}
}

// spreadBits writes to out the dense bits of src spread out to the set
// bits of valid, over slots bits.
func spreadBits(out, src, valid []byte, slots int) {
	j := 0
	for s := range slots {
		if valid[s>>3]>>(s&7)&1 != 0 {
			if src[j>>3]>>(j&7)&1 != 0 {
				out[s>>3] |= 1 << (s & 7)
			}
			j++
		}
	}
}
