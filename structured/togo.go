package structured

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/internal/dtype"
)

// ToGo decodes the Tensor into the Go value dst points to, the inverse of
// converting Go structs with [FromValue]. dst is a pointer to a struct (or
// to a pointer to one) for a rank-0 Tensor, to a slice (or array) of
// structs for rank 1, to [][]T for rank 2, and so on. *dst is replaced.
//
// Tensor fields are matched to struct fields by name like encoding/json
// does (the name from the `structframe` tag or the Go name, exactly first,
// then case-insensitively; see [SpecOf]); Tensor fields without a struct
// field are ignored and struct fields without a Tensor field stay zero.
// Lists become slices, or arrays of the same length; nested Tensors become
// nested structs or slices of them; nulls become nil pointers, slices and
// maps, or zero values. Integers convert to any Go integer kind (an error
// if they overflow it) and to floats; floats to float32 or float64;
// timestamps and dates to time.Time; Binary to []byte. A destination of
// type any or map[string]any (also as a struct field or slice element)
// gets what [Tensor.ToValue] gives.
//
// Anything that does not fit is an ErrType error (ErrShape for an array of
// the wrong length) naming the field path with its row, as in
// "[3].ingredients[1].amount"; dst may then be partly written.
//
// ToGo works field by field: the flat values of each leaf are walked once
// and assigned into the destinations with typed accessors, without boxing
// items into interfaces. It allocates per field, not per item: the strings
// (and []byte) of one field are cut from one copy of its bytes, so the
// result never aliases the Tensor's Arrow memory; the slices of one field
// and depth are cut from one backing array (each with its capacity limited
// to its length, so appending to one copies it); pointers are taken from
// blocks of values. A value kept alive keeps its block alive with it.
func (t *Tensor) ToGo(dst any) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errorf(opToGo, ErrType, "", "want a non-nil pointer, got %T", dst)
	}
	target := rv.Elem()
	target.SetZero()
	d := newGoDecoder(t, 0, nil, "")
	if err := d.decode(target, 0, 0); err != nil {
		return err
	}
	return d.finish()
}

const opToGo = "ToGo"

// goLocator renders the path of a flat structure of a Tensor reached from
// the root by a chain of fields, computing row positions only when an
// error needs them.
type goLocator struct {
	parent *goLocator // the Tensor holding this one as a field; nil at the root
	name   string     // the field name in parent
	from   int        // the depth of the parent's structures
	rank   int        // the depth of this Tensor's structures
	parts  []*RowPartition
}

// path renders the position of flat structure m, e.g. "[2].steps[4]".
func (l *goLocator) path(m int) string {
	if l == nil {
		return ""
	}
	var idx []int
	for j := l.rank; j > l.from; j-- {
		if j == 1 {
			idx = append(idx, m)
			m = 0
			continue
		}
		p := l.parts[j-2]
		row := partitionRowOf(p, m)
		s, _ := p.Bounds(row)
		idx = append(idx, m-s)
		m = row
	}
	base := ""
	if l.parent != nil {
		base = joinPath(l.parent.path(m), l.name)
	}
	for k := len(idx) - 1; k >= 0; k-- {
		base = indexPath(base, idx[k])
	}
	return base
}

// partitionRowOf returns the row of p holding item m.
func partitionRowOf(p *RowPartition, m int) int {
	if p.uniform > 0 {
		return m / p.uniform
	}
	return sort.Search(p.nrows, func(r int) bool {
		_, e := p.Bounds(r)
		return e > m
	})
}

// goDecoder writes one value (a field, or the root Tensor) into the Go
// destinations of the structures that hold it. Positions are numbered by
// depth: depth 0 is the whole value, depth j+1 the children of the
// positions at depth j (the rows, then the items of each row, ...), and
// depth rank the items of a leaf or the flat structures of a Tensor.
type goDecoder struct {
	v     Value
	nrows int
	parts []*RowPartition
	rank  int // the depth of the items or structures
	from  int // the depth of the positions that are the holders' structures

	loc  *goLocator // the holders' Tensor, for paths
	name string     // the field name, for paths
	cur  int        // the holder structure being decoded, for paths
	idx  []int      // positions within lists below the holder, for paths

	elems map[int][]any   // elements(v, depth), for any / map destinations
	backs []reflect.Value // per depth j, the backing array of the slices of depth j
	ptrs  []ptrBlock      // per depth j, values for the pointers of depth j

	// leaf
	arr       arrow.Array
	copyItems goItemCopier // copies whole rows of primitive items, if arr has them
	itemType  reflect.Type // the Go type copyItems writes
	allNull   bool         // arr is of Arrow type Null (which has no validity bitmap)
	setType   reflect.Type
	set       goItemSetter

	// Tensor
	st  *Tensor
	sub []reflect.Value // the destination of each flat structure
}

func newGoDecoder(v Value, from int, loc *goLocator, name string) *goDecoder {
	d := &goDecoder{v: v, from: from, loc: loc, name: name}
	switch x := v.(type) {
	case *Tensor:
		d.st, d.nrows, d.parts, d.rank = x, x.nrows, x.parts, x.rank
		d.sub = make([]reflect.Value, x.Size())
	case Leaf:
		d.arr, d.nrows, d.parts = leafLayout(x)
		d.rank = x.Rank()
		d.copyItems, d.itemType = goNativeCopier(d.arr)
		d.allNull = d.arr.DataType().ID() == arrow.NULL
	}
	return d
}

// goItemCopier copies flat items [s, e) of a primitive leaf to memory
// holding e-s values of the same Go type.
type goItemCopier func(dst unsafe.Pointer, s, e int)

// goNativeCopier returns the copier of a primitive array's items and their
// Go type, or nil.
func goNativeCopier(a arrow.Array) (goItemCopier, reflect.Type) {
	f := dtype.Of(a.DataType())
	if f.Class != dtype.ClassSigned && f.Class != dtype.ClassFloat {
		return nil, nil
	}
	switch f.Storage {
	case dtype.StorageInt64:
		return goCopier(dtype.Values[int64](a.Data()))
	case dtype.StorageFloat64:
		return goCopier(dtype.Values[float64](a.Data()))
	case dtype.StorageInt32:
		return goCopier(dtype.Values[int32](a.Data()))
	case dtype.StorageFloat32:
		return goCopier(dtype.Values[float32](a.Data()))
	}
	return nil, nil
}

func goCopier[T int32 | int64 | float32 | float64](vals []T) (goItemCopier, reflect.Type) {
	return func(dst unsafe.Pointer, s, e int) {
		copy(unsafe.Slice((*T)(dst), e-s), vals[s:e])
	}, reflect.TypeFor[T]()
}

// pathHere renders the position being decoded.
func (d *goDecoder) pathHere() string {
	p := d.name
	if d.loc != nil {
		p = joinPath(d.loc.path(d.cur), d.name)
	}
	for _, k := range d.idx {
		p = indexPath(p, k)
	}
	return p
}

func (d *goDecoder) errorf(kind error, format string, args ...any) error {
	return errorf(opToGo, kind, d.pathHere(), format, args...)
}

// isNull reports whether position i at depth j is null.
func (d *goDecoder) isNull(j, i int) bool {
	switch {
	case j == d.rank && d.st != nil:
		return d.st.IsNull(i)
	case j == d.rank:
		return d.allNull || d.arr.IsNull(i)
	case j == 0:
		return false
	}
	return d.parts[j-1].IsNull(i)
}

// elementsAt returns the Go value of position i at depth j, as ToValue
// would give it.
func (d *goDecoder) elementsAt(j, i int) any {
	if d.elems == nil {
		d.elems = map[int][]any{}
	}
	e, ok := d.elems[j]
	if !ok {
		e = elements(d.v, j)
		d.elems[j] = e
	}
	return e[i]
}

// decode writes position i at depth j into dst.
func (d *goDecoder) decode(dst reflect.Value, j, i int) error {
	if d.isNull(j, i) {
		dst.SetZero()
		return nil
	}
	for dst.Kind() == reflect.Pointer {
		if dst.IsNil() {
			d.setNewPointer(dst, dst.Type().Elem(), j)
		}
		dst = dst.Elem()
	}
	if dst.Kind() == reflect.Interface || dst.Kind() == reflect.Map && (j < d.rank || d.st != nil) {
		return d.assignAny(dst, d.elementsAt(j, i))
	}
	if j == d.rank {
		if d.st != nil {
			if dst.Kind() != reflect.Struct || dst.Type() == goTimeType {
				return d.errorf(ErrType, "got a structure, want %v", dst.Type())
			}
			d.sub[i] = dst
			return nil
		}
		if d.set == nil || d.setType != dst.Type() {
			set, err := goLeafSetter(d.arr, dst.Type())
			if err != nil {
				return d.errorf(ErrType, "%v", err)
			}
			d.set, d.setType = set, dst.Type()
		}
		if err := d.set(dst, i); err != nil {
			return d.errorf(ErrType, "%v", err)
		}
		return nil
	}
	s, e := 0, d.nrows
	if j > 0 {
		s, e = d.parts[j-1].Bounds(i)
	}
	n := e - s
	switch dst.Kind() {
	case reflect.Slice:
		d.setSlice(dst, j, s, e)
		return d.children(dst, j, s, e)
	case reflect.Array:
		if dst.Len() != n {
			return d.errorf(ErrShape, "got a list of %d, want %v", n, dst.Type())
		}
		return d.children(dst, j, s, e)
	}
	return d.errorf(ErrType, "got a list, want %v", dst.Type())
}

// positions is the number of positions at depth j.
func (d *goDecoder) positions(j int) int {
	switch {
	case j == 0 || d.nrows == Unknown:
		return 1
	case j == 1:
		return d.nrows
	}
	return d.parts[j-2].nvals
}

// setSlice sets the slice dst to a new slice for the children [s, e) of a
// position at depth j. The slices of one depth are cut from one backing
// array holding every position of depth j+1 (one allocation per field and
// depth rather than per list), each with its capacity limited to its
// length so that appending to one copies it. The slice header is written
// in place: reflect's Slice3 would allocate one per list.
func (d *goDecoder) setSlice(dst reflect.Value, j, s, e int) {
	t := dst.Type()
	if d.backs == nil {
		d.backs = make([]reflect.Value, d.rank)
	}
	b := d.backs[j]
	if !b.IsValid() || b.Type() != t {
		n := d.positions(j + 1)
		b = reflect.MakeSlice(t, n, n)
		d.backs[j] = b
	}
	h := (*sliceHeader)(unsafe.Pointer(dst.UnsafeAddr()))
	h.data, h.len, h.cap = b.UnsafePointer(), e-s, e-s
	if e > s {
		h.data = unsafe.Add(h.data, uintptr(s)*t.Elem().Size())
	}
}

// sliceHeader is the memory layout of a Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// ptrBlock is a block of values that pointers of one depth are taken from.
type ptrBlock struct {
	vals reflect.Value
	next int
}

// maxPtrBlock bounds the values allocated at once for pointers, and so the
// memory one retained pointer keeps alive.
const maxPtrBlock = 256

// setNewPointer sets the nil pointer dst, whose element type is t, to a
// new zero value for a position at depth j, taken from a block of up to
// maxPtrBlock values. The pointer is written in place: reflect's Addr
// would look up the pointer type for every value.
func (d *goDecoder) setNewPointer(dst reflect.Value, t reflect.Type, j int) {
	if t.Kind() == reflect.Pointer { // **T: rare, not worth a block
		dst.Set(reflect.New(t))
		return
	}
	if d.ptrs == nil {
		d.ptrs = make([]ptrBlock, d.rank+1)
	}
	b := &d.ptrs[j]
	if !b.vals.IsValid() || b.next == b.vals.Len() || b.vals.Type().Elem() != t {
		n := min(d.positions(j), maxPtrBlock)
		b.vals, b.next = reflect.MakeSlice(reflect.SliceOf(t), n, n), 0
	}
	*(*unsafe.Pointer)(unsafe.Pointer(dst.UnsafeAddr())) = unsafe.Add(b.vals.UnsafePointer(), uintptr(b.next)*t.Size())
	b.next++
}

// children writes positions [s, e) at depth j+1 into the elements of the
// slice or array list.
func (d *goDecoder) children(list reflect.Value, j, s, e int) error {
	if j+1 == d.rank && d.copyItems != nil && d.arr.NullN() == 0 && list.Type().Elem() == d.itemType {
		if e > s {
			var p unsafe.Pointer
			if list.Kind() == reflect.Array {
				p = unsafe.Pointer(list.UnsafeAddr())
			} else {
				p = list.UnsafePointer() // a slice's data
			}
			d.copyItems(p, s, e)
		}
		return nil
	}
	d.idx = append(d.idx, 0)
	for k := s; k < e; k++ {
		d.idx[len(d.idx)-1] = k - s
		if err := d.decode(list.Index(k-s), j+1, k); err != nil {
			return err
		}
	}
	d.idx = d.idx[:len(d.idx)-1]
	return nil
}

// goDecodeFields decodes the fields of st into the structs dsts, one per
// flat structure of st (invalid for null structures or those decoded as
// maps).
func goDecodeFields(st *Tensor, dsts []reflect.Value, loc *goLocator) error {
	var typ reflect.Type
	for _, v := range dsts {
		if v.IsValid() {
			typ = v.Type()
			break
		}
	}
	if typ == nil {
		return nil
	}
	gfs := goStructFields(typ)
	match := goMatchFields(gfs, st.names)
	for g, f := range match {
		if f < 0 {
			continue
		}
		gf := gfs[g]
		d := newGoDecoder(st.field(f), st.rank, loc, st.names[f])
		for i, sv := range dsts {
			if !sv.IsValid() {
				continue
			}
			fv, ok := goFieldByIndexAlloc(sv, gf.index, !d.isNull(st.rank, i))
			if !ok {
				continue
			}
			d.cur = i
			if err := d.decode(fv, st.rank, i); err != nil {
				return err
			}
		}
		if err := d.finish(); err != nil {
			return err
		}
	}
	return nil
}

// finish decodes the fields of the nested structures collected by decode.
func (d *goDecoder) finish() error {
	if d.st == nil {
		return nil
	}
	loc := &goLocator{parent: d.loc, name: d.name, from: d.from, rank: d.st.rank, parts: d.st.parts}
	return goDecodeFields(d.st, d.sub, loc)
}

// goMatchFields returns, for each Go field, the index of the Tensor field it
// decodes from, or -1: the same name first, then the same name ignoring
// case among Tensor fields no Go field has by its exact name.
func goMatchFields(gfs []goField, names []string) []int {
	match := make([]int, len(gfs))
	taken := make([]bool, len(names))
	for g, gf := range gfs {
		match[g] = -1
		for f, n := range names {
			if n == gf.name {
				match[g], taken[f] = f, true
				break
			}
		}
	}
	for g, gf := range gfs {
		if match[g] >= 0 {
			continue
		}
		for f, n := range names {
			if !taken[f] && strings.EqualFold(n, gf.name) {
				match[g] = f
				break
			}
		}
	}
	return match
}

// goFieldByIndexAlloc follows an index path through embedded structs,
// allocating nil embedded pointers if alloc is set; ok is false when it
// meets a nil one otherwise.
func goFieldByIndexAlloc(v reflect.Value, index []int, alloc bool) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !alloc {
					return reflect.Value{}, false
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// goItemSetter writes flat item i (not null) of a leaf into dst.
type goItemSetter func(dst reflect.Value, i int) error

// goLeafSetter returns the setter writing items of a into values of type t,
// or an error if they do not convert.
func goLeafSetter(a arrow.Array, t reflect.Type) (goItemSetter, error) {
	if t.Kind() == reflect.Interface {
		get := itemReader(a)
		return func(dst reflect.Value, i int) error {
			return goAssign(dst, get(i))
		}, nil
	}
	var set goItemSetter
	d, f := a.Data(), dtype.Of(a.DataType())
	switch {
	case f.Class == dtype.ClassSigned:
		vals, _ := dtype.Int64s(d, nil)
		set = goIntSetter(vals, t)
	case f.Class == dtype.ClassUnsigned:
		vals, _ := dtype.Uint64s(d, nil)
		set = goUintSetter(vals, t)
	case f.Class == dtype.ClassFloat && f.Storage != dtype.StorageFloat16:
		vals, _ := dtype.Float64s(d, nil)
		set = goFloatSetter(vals, t)
	case f.Class == dtype.ClassBool:
		if t.Kind() == reflect.Bool {
			b := a.(*array.Boolean)
			set = func(dst reflect.Value, i int) error {
				dst.SetBool(b.Value(i))
				return nil
			}
		}
	case f.Layout == dtype.LayoutOffsets && f.Class == dtype.ClassString:
		set = goStringSetter(d, f.Large, t)
	case f.Layout == dtype.LayoutOffsets:
		set = goBytesSetter(d, f.Large, t)
	case f.Class == dtype.ClassTimestamp:
		vals, unit := dtype.Values[int64](d), a.DataType().(*arrow.TimestampType).Unit
		if t == goTimeType {
			set = func(dst reflect.Value, i int) error {
				*(*time.Time)(unsafe.Pointer(dst.UnsafeAddr())) = arrow.Timestamp(vals[i]).ToTime(unit)
				return nil
			}
		}
	case f.Class == dtype.ClassDate && f.Storage == dtype.StorageInt32:
		vals := dtype.Values[int32](d)
		switch t {
		case goDate32Type:
			set = func(dst reflect.Value, i int) error {
				dst.SetInt(int64(vals[i]))
				return nil
			}
		case goTimeType:
			set = func(dst reflect.Value, i int) error {
				*(*time.Time)(unsafe.Pointer(dst.UnsafeAddr())) = arrow.Date32(vals[i]).ToTime()
				return nil
			}
		}
	default: // the other types of the dtype table, as ToValue gives them
		get := itemReader(a)
		set = func(dst reflect.Value, i int) error { return goAssign(dst, get(i)) }
	}
	if set == nil {
		return nil, fmt.Errorf("got %s, want %v", typeName(a.DataType()), t)
	}
	return set, nil
}

func goIntSetter[T int8 | int16 | int32 | int64](vals []T, t reflect.Type) goItemSetter {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(dst reflect.Value, i int) error {
			v := int64(vals[i])
			if dst.OverflowInt(v) {
				return fmt.Errorf("%d overflows %v", v, dst.Type())
			}
			dst.SetInt(v)
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return func(dst reflect.Value, i int) error {
			v := int64(vals[i])
			if v < 0 || dst.OverflowUint(uint64(v)) {
				return fmt.Errorf("%d overflows %v", v, dst.Type())
			}
			dst.SetUint(uint64(v))
			return nil
		}
	case reflect.Float32, reflect.Float64:
		return func(dst reflect.Value, i int) error {
			dst.SetFloat(float64(vals[i]))
			return nil
		}
	}
	return nil
}

func goUintSetter[T uint8 | uint16 | uint32 | uint64](vals []T, t reflect.Type) goItemSetter {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(dst reflect.Value, i int) error {
			v := uint64(vals[i])
			if v > 1<<63-1 || dst.OverflowInt(int64(v)) {
				return fmt.Errorf("%d overflows %v", v, dst.Type())
			}
			dst.SetInt(int64(v))
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return func(dst reflect.Value, i int) error {
			v := uint64(vals[i])
			if dst.OverflowUint(v) {
				return fmt.Errorf("%d overflows %v", v, dst.Type())
			}
			dst.SetUint(v)
			return nil
		}
	case reflect.Float32, reflect.Float64:
		return func(dst reflect.Value, i int) error {
			dst.SetFloat(float64(vals[i]))
			return nil
		}
	}
	return nil
}

func goFloatSetter[T float32 | float64](vals []T, t reflect.Type) goItemSetter {
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return func(dst reflect.Value, i int) error {
			v := float64(vals[i])
			if dst.OverflowFloat(v) {
				return fmt.Errorf("%g overflows %v", v, dst.Type())
			}
			dst.SetFloat(v)
			return nil
		}
	}
	return nil
}

// goStringSetter is goStringSetterOf for a string array of either offset
// width (large: 8 bytes).
func goStringSetter(d arrow.ArrayData, large bool, t reflect.Type) goItemSetter {
	if large {
		data, offs := textBuffers[int64](d)
		return goStringSetterOf(data, offs, t)
	}
	data, offs := textBuffers[int32](d)
	return goStringSetterOf(data, offs, t)
}

// goBytesSetter is goBytesSetterOf for a binary array of either offset
// width.
func goBytesSetter(d arrow.ArrayData, large bool, t reflect.Type) goItemSetter {
	if large {
		data, offs := textBuffers[int64](d)
		return goBytesSetterOf(data, offs, t)
	}
	data, offs := textBuffers[int32](d)
	return goBytesSetterOf(data, offs, t)
}

// textBuffers returns the bytes of the items of a string or binary array
// with offsets O (from its first item's start, as arrow-go's ValueBytes)
// and its offsets.
func textBuffers[O int32 | int64](d arrow.ArrayData) ([]byte, []O) {
	if d.Len() == 0 {
		return nil, []O{0}
	}
	offs := arrow.GetOffsets[O](d, 1)
	var data []byte
	if b := d.Buffers()[2]; b != nil {
		data = b.Bytes()
	}
	return data[offs[0]:offs[len(offs)-1]], offs
}

// goStringSetterOf sets strings cut from one copy of the column's bytes: one
// allocation per column rather than per string.
func goStringSetterOf[O int32 | int64](data []byte, offs []O, t reflect.Type) goItemSetter {
	if t.Kind() != reflect.String {
		return nil
	}
	all, base := string(data), offs[0]
	return func(dst reflect.Value, i int) error {
		dst.SetString(all[offs[i]-base : offs[i+1]-base])
		return nil
	}
}

// goBytesSetterOf sets byte slices cut from one copy of the column's bytes,
// each with its capacity limited to its length so that appending to one
// copies it instead of overwriting the next.
func goBytesSetterOf[O int32 | int64](data []byte, offs []O, t reflect.Type) goItemSetter {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return nil
	}
	all, base := make([]byte, len(data)), offs[0]
	copy(all, data)
	return func(dst reflect.Value, i int) error {
		s, e := offs[i]-base, offs[i+1]-base
		dst.SetBytes(all[s:e:e])
		return nil
	}
}

// assignAny writes a Go value as ToValue gives it into dst, naming the
// position on error.
func (d *goDecoder) assignAny(dst reflect.Value, v any) error {
	if err := goAssign(dst, v); err != nil {
		if ce, ok := err.(*goConvError); ok {
			return errorf(opToGo, ErrType, d.pathHere()+ce.rel, "%s", ce.msg)
		}
		return d.errorf(ErrType, "%v", err)
	}
	return nil
}

// goConvError is a conversion error of goAssign at a position relative to
// where it started, as in "[2].name".
type goConvError struct {
	rel string
	msg string
}

func (e *goConvError) Error() string { return e.rel + ": " + e.msg }

func (e *goConvError) at(prefix string) *goConvError {
	return &goConvError{rel: prefix + e.rel, msg: e.msg}
}

// goAssign writes a Go value as ToValue gives it (nil, scalars, []any,
// map[string]any) into dst, converting as ToGo does. It is the generic path
// for destinations of type any and maps, and for uncommon Arrow types.
func goAssign(dst reflect.Value, v any) error {
	if v == nil {
		dst.SetZero()
		return nil
	}
	rv := reflect.ValueOf(v)
	if rv.Type().AssignableTo(dst.Type()) {
		dst.Set(rv)
		return nil
	}
	switch dst.Kind() {
	case reflect.Pointer:
		p := reflect.New(dst.Type().Elem())
		if err := goAssign(p.Elem(), v); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	case reflect.Interface:
		return &goConvError{msg: fmt.Sprintf("got %T, want %v", v, dst.Type())}
	}
	switch x := v.(type) {
	case map[string]any:
		return goAssignMap(dst, x)
	case []any:
		switch dst.Kind() {
		case reflect.Slice:
			sl := reflect.MakeSlice(dst.Type(), len(x), len(x))
			if err := goAssignList(sl, x); err != nil {
				return err
			}
			dst.Set(sl)
			return nil
		case reflect.Array:
			if dst.Len() != len(x) {
				return &goConvError{msg: fmt.Sprintf("got a list of %d, want %v", len(x), dst.Type())}
			}
			return goAssignList(dst, x)
		}
		return &goConvError{msg: fmt.Sprintf("got a list, want %v", dst.Type())}
	}
	return goConvertScalar(dst, rv)
}

func goAssignList(list reflect.Value, x []any) error {
	for k, e := range x {
		if err := goAssign(list.Index(k), e); err != nil {
			return err.(*goConvError).at(fmt.Sprintf("[%d]", k))
		}
	}
	return nil
}

func goAssignMap(dst reflect.Value, x map[string]any) error {
	switch dst.Kind() {
	case reflect.Map:
		kt := dst.Type().Key()
		if kt.Kind() != reflect.String {
			return &goConvError{msg: fmt.Sprintf("got a structure, want %v (a map needs string keys)", dst.Type())}
		}
		m := reflect.MakeMapWithSize(dst.Type(), len(x))
		for k, e := range x {
			ev := reflect.New(dst.Type().Elem()).Elem()
			if err := goAssign(ev, e); err != nil {
				return err.(*goConvError).at("." + k)
			}
			m.SetMapIndex(reflect.ValueOf(k).Convert(kt), ev)
		}
		dst.Set(m)
		return nil
	case reflect.Struct:
		if dst.Type() == goTimeType {
			break
		}
		gfs := goStructFields(dst.Type())
		names := make([]string, 0, len(x))
		for k := range x {
			names = append(names, k)
		}
		sort.Strings(names)
		for g, f := range goMatchFields(gfs, names) {
			if f < 0 {
				continue
			}
			e := x[names[f]]
			fv, ok := goFieldByIndexAlloc(dst, gfs[g].index, e != nil)
			if !ok {
				continue
			}
			if err := goAssign(fv, e); err != nil {
				return err.(*goConvError).at("." + names[f])
			}
		}
		return nil
	}
	return &goConvError{msg: fmt.Sprintf("got a structure, want %v", dst.Type())}
}

// goConvertScalar converts a Go scalar into dst as ToGo does.
func goConvertScalar(dst reflect.Value, rv reflect.Value) error {
	fail := func(what string) error {
		return &goConvError{msg: fmt.Sprintf("%s %v, want %v", what, rv.Interface(), dst.Type())}
	}
	if rv.Type() == goDate32Type && dst.Type() == goTimeType {
		dst.Set(reflect.ValueOf(rv.Interface().(arrow.Date32).ToTime()))
		return nil
	}
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v := rv.Int()
		switch dst.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if !dst.OverflowInt(v) {
				dst.SetInt(v)
				return nil
			}
			return fail("overflow:")
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if v >= 0 && !dst.OverflowUint(uint64(v)) {
				dst.SetUint(uint64(v))
				return nil
			}
			return fail("overflow:")
		case reflect.Float32, reflect.Float64:
			dst.SetFloat(float64(v))
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v := rv.Uint()
		switch dst.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if v <= 1<<63-1 && !dst.OverflowInt(int64(v)) {
				dst.SetInt(int64(v))
				return nil
			}
			return fail("overflow:")
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if !dst.OverflowUint(v) {
				dst.SetUint(v)
				return nil
			}
			return fail("overflow:")
		case reflect.Float32, reflect.Float64:
			dst.SetFloat(float64(v))
			return nil
		}
	case reflect.Float32, reflect.Float64:
		v := rv.Float()
		switch dst.Kind() {
		case reflect.Float32, reflect.Float64:
			if !dst.OverflowFloat(v) {
				dst.SetFloat(v)
				return nil
			}
			return fail("overflow:")
		}
	case reflect.String:
		if dst.Kind() == reflect.String {
			dst.SetString(rv.String())
			return nil
		}
	case reflect.Bool:
		if dst.Kind() == reflect.Bool {
			dst.SetBool(rv.Bool())
			return nil
		}
	case reflect.Slice:
		if rv.Type().Elem().Kind() == reflect.Uint8 && dst.Kind() == reflect.Slice && dst.Type().Elem().Kind() == reflect.Uint8 {
			dst.SetBytes(append([]byte{}, rv.Bytes()...))
			return nil
		}
	}
	return &goConvError{msg: fmt.Sprintf("got %T, want %v", rv.Interface(), dst.Type())}
}
