package structured

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The cross-feature properties of pipeline_test.go (checkConversions,
// checkOps) on data built through Arrow rather than FromValue: random
// arrays made with array.FromJSON and array.NewData in the layouts real
// files carry: int32 and int64 list offsets, list views (out of order,
// overlapping), sliced arrays (offsets not at 0, at every level),
// null list slots whose offsets span items, fixed-size lists with null
// slots, dictionaries, string and binary views, run-end encoded columns,
// extension types and the other leaf types of the dtype table. A naive
// reader of the Arrow arrays gives what ToValue must give.

// agNode is a random Arrow type: a leaf, a struct, or a list level.
type agNode struct {
	kind   string // "leaf", "struct", "list", "large_list", "list_view", "large_list_view", "fixed"
	leaf   string // the leaf kind (agLeafKinds)
	size   int    // of a fixed_size_list
	child  *agNode
	names  []string
	fields []*agNode
}

var agLeafKinds = []string{"int32", "int64", "float64", "string", "large_string", "string_view", "binary_view",
	"bool", "decimal128", "float16", "date64", "duration", "fixed_size_binary", "interval", "dict", "dict_view", "ree", "ext"}

// arrowGen generates random Arrow data.
type arrowGen struct {
	r *rand.Rand
}

func (g *arrowGen) structNode(depth int) *agNode {
	s := &agNode{kind: "struct"}
	nf := 1 + g.r.IntN(3)
	for k := 0; k < nf; k++ {
		s.names = append(s.names, "f"+strconv.Itoa(k)+string(rune('a'+depth)))
		s.fields = append(s.fields, g.fieldNode(depth))
	}
	return s
}

// fieldNode is zero to two list levels around a leaf or (rarely, and
// not too deep) a struct.
func (g *arrowGen) fieldNode(depth int) *agNode {
	var inner *agNode
	if depth < 2 && g.r.IntN(4) == 0 {
		inner = g.structNode(depth + 1)
	} else {
		inner = &agNode{kind: "leaf", leaf: agLeafKinds[g.r.IntN(len(agLeafKinds))]}
	}
	for l := g.r.IntN(3); l > 0; l-- {
		inner = g.listNode(inner)
	}
	return inner
}

func (g *arrowGen) listNode(child *agNode) *agNode {
	kind := []string{"list", "large_list", "list_view", "large_list_view", "fixed"}[g.r.IntN(5)]
	return &agNode{kind: kind, child: child, size: 1 + g.r.IntN(3)}
}

// bits returns a validity bitmap of n slots, null with probability 1/p
// (none if p is 0), and the null count.
func (g *arrowGen) bits(n, p int) (*memory.Buffer, []bool, int) {
	valid := make([]bool, n)
	nulls := 0
	for i := range valid {
		valid[i] = p == 0 || g.r.IntN(p) != 0
		if !valid[i] {
			nulls++
		}
	}
	if nulls == 0 {
		return nil, valid, 0
	}
	return validityFromBools(valid).buf, valid, nulls
}

// array returns n slots of node, sometimes as a slice of a longer array.
func (g *arrowGen) array(t testing.TB, node *agNode, n int, nullable bool) arrow.Array {
	if g.r.IntN(4) == 0 {
		pre, post := g.r.IntN(3), g.r.IntN(2)
		whole := g.build(t, node, pre+n+post, nullable)
		defer whole.Release()
		return array.NewSlice(whole, int64(pre), int64(pre+n))
	}
	return g.build(t, node, n, nullable)
}

func (g *arrowGen) build(t testing.TB, node *agNode, n int, nullable bool) arrow.Array {
	p := 0
	if nullable {
		p = 5
	}
	switch node.kind {
	case "leaf":
		return g.leaf(t, node.leaf, n)
	case "struct":
		bits, _, nulls := g.bits(n, p)
		fields := make([]arrow.Field, len(node.fields))
		children := make([]arrow.ArrayData, len(node.fields))
		for k, f := range node.fields {
			c := g.array(t, f, n, true)
			defer c.Release()
			fields[k] = arrow.Field{Name: node.names[k], Type: c.DataType(), Nullable: true}
			children[k] = c.Data()
		}
		d := array.NewData(arrow.StructOf(fields...), n, []*memory.Buffer{bits}, children, nulls, 0)
		defer d.Release()
		return array.MakeFromData(d)
	case "fixed":
		bits, _, nulls := g.bits(n, p)
		c := g.array(t, node.child, n*node.size, true)
		defer c.Release()
		d := array.NewData(arrow.FixedSizeListOf(int32(node.size), c.DataType()), n, []*memory.Buffer{bits}, []arrow.ArrayData{c.Data()}, nulls, 0)
		defer d.Release()
		return array.MakeFromData(d)
	}
	// list levels: lengths, null slots sometimes spanning items
	bits, valid, nulls := g.bits(n, p)
	lens := make([]int, n)
	total := 0
	for i := range lens {
		if valid[i] || g.r.IntN(2) == 0 {
			lens[i] = g.r.IntN(4)
		}
		total += lens[i]
	}
	c := g.array(t, node.child, total, true)
	defer c.Release()
	starts := make([]int, n)
	pos := 0
	for i := range starts {
		starts[i], pos = pos, pos+lens[i]
	}
	isView := strings.Contains(node.kind, "view")
	if isView && g.r.IntN(2) == 0 { // blocks laid out in reverse order
		pos = 0
		for i := n - 1; i >= 0; i-- {
			starts[i], pos = pos, pos+lens[i]
		}
	}
	if isView {
		for i := 1; i < n; i++ {
			if g.r.IntN(4) == 0 { // overlapping: the previous slot's view again
				starts[i], lens[i] = starts[i-1], lens[i-1]
			}
		}
	}
	large := strings.HasPrefix(node.kind, "large")
	offs := make([]int, 0, n+1)
	if isView {
		offs = append(offs, starts...)
	} else {
		offs = append(append(offs, starts...), total)
	}
	buf := func(v []int) *memory.Buffer {
		if large {
			out := make([]int64, len(v))
			for i, x := range v {
				out[i] = int64(x)
			}
			return memory.NewBufferBytes(arrow.Int64Traits.CastToBytes(out))
		}
		out := make([]int32, len(v))
		for i, x := range v {
			out[i] = int32(x)
		}
		return memory.NewBufferBytes(arrow.Int32Traits.CastToBytes(out))
	}
	bufs := []*memory.Buffer{bits, buf(offs)}
	var dt arrow.DataType
	switch node.kind {
	case "list":
		dt = arrow.ListOf(c.DataType())
	case "large_list":
		dt = arrow.LargeListOf(c.DataType())
	case "list_view":
		dt = arrow.ListViewOf(c.DataType())
		bufs = append(bufs, buf(lens))
	default:
		dt = arrow.LargeListViewOf(c.DataType())
		bufs = append(bufs, buf(lens))
	}
	d := array.NewData(dt, n, bufs, []arrow.ArrayData{c.Data()}, nulls, 0)
	defer d.Release()
	return array.MakeFromData(d)
}

// leaf returns n random items of a leaf kind, about one in six null.
func (g *arrowGen) leaf(t testing.TB, kind string, n int) arrow.Array {
	r := g.r
	switch kind {
	case "dict", "dict_view":
		vt := arrow.DataType(arrow.BinaryTypes.String)
		if kind == "dict_view" {
			vt = arrow.BinaryTypes.StringView
		}
		dict := arwJSON(t, vt, `["x", "yy", "a value longer than twelve bytes"]`)
		defer dict.Release()
		if r.IntN(2) == 0 {
			sliced := array.NewSlice(dict, 1, 3)
			defer sliced.Release()
			dict = sliced
		}
		idx := make([]int64, n)
		for i := range idx {
			idx[i] = int64(r.IntN(dict.Len()))
			if r.IntN(6) == 0 {
				idx[i] = -1
			}
		}
		return dtDict(t, []arrow.DataType{arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64}[r.IntN(3)], dict, idx)
	case "ext":
		storage := g.leaf(t, "int32", n)
		defer storage.Release()
		return array.NewExtensionArrayWithStorage(&decExtType{arrow.ExtensionBase{Storage: arrow.PrimitiveTypes.Int32}}, storage)
	case "ree":
		runs := max(1, r.IntN(n+1))
		ends := make([]int32, runs)
		for k := range ends {
			ends[k] = int32((k + 1) * n / runs)
		}
		if n == 0 {
			ends = ends[:0]
		}
		re := arwJSON(t, arrow.PrimitiveTypes.Int32, agJSON(ends))
		defer re.Release()
		vals := g.leaf(t, "string", len(ends))
		defer vals.Release()
		return array.NewRunEndEncodedArray(re, vals, n, 0)
	}
	dt := map[string]arrow.DataType{
		"int32": arrow.PrimitiveTypes.Int32, "int64": arrow.PrimitiveTypes.Int64, "float64": arrow.PrimitiveTypes.Float64,
		"string": arrow.BinaryTypes.String, "large_string": arrow.BinaryTypes.LargeString,
		"string_view": arrow.BinaryTypes.StringView, "binary_view": arrow.BinaryTypes.BinaryView,
		"bool": arrow.FixedWidthTypes.Boolean, "decimal128": &arrow.Decimal128Type{Precision: 7, Scale: 2},
		"float16": arrow.FixedWidthTypes.Float16, "date64": arrow.FixedWidthTypes.Date64,
		"duration": arrow.FixedWidthTypes.Duration_ms, "fixed_size_binary": &arrow.FixedSizeBinaryType{ByteWidth: 2},
		"interval": arrow.FixedWidthTypes.MonthDayNanoInterval,
	}[kind]
	items := make([]string, n)
	for i := range items {
		if r.IntN(6) == 0 {
			items[i] = "null"
			continue
		}
		switch kind {
		case "int32", "int64":
			items[i] = strconv.Itoa(r.IntN(100) - 50)
		case "float64", "float16":
			items[i] = strconv.FormatFloat(float64(r.IntN(40))/4, 'g', -1, 64)
		case "string", "large_string", "string_view":
			items[i] = strconv.Quote([]string{"", "a", "bc", "déf", "a string of more than twelve bytes"}[r.IntN(5)])
		case "binary_view":
			items[i] = strconv.Quote(base64.StdEncoding.EncodeToString([]byte([]string{"", "b", "binary value of some length"}[r.IntN(3)])))
		case "bool":
			items[i] = strconv.FormatBool(r.IntN(2) == 0)
		case "decimal128":
			items[i] = fmt.Sprintf(`"%d.%02d"`, r.IntN(2000)-1000, r.IntN(100))
		case "date64":
			items[i] = strconv.Itoa((r.IntN(20000) - 10000) * 86400000)
		case "duration":
			items[i] = strconv.Itoa(r.IntN(100000) - 50000)
		case "fixed_size_binary":
			b := binary.LittleEndian.AppendUint16(nil, uint16(r.IntN(65536)))
			items[i] = strconv.Quote(base64.StdEncoding.EncodeToString(b))
		case "interval":
			items[i] = fmt.Sprintf(`{"months": %d, "days": %d, "nanoseconds": %d}`, r.IntN(24)-12, r.IntN(60), r.IntN(1000))
		}
	}
	return arwJSON(t, dt, "["+strings.Join(items, ", ")+"]")
}

func agJSON(v []int32) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(int(x))
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// agValue is the naive reading of slot i of an Arrow array: what ToValue
// must give for it.
func agValue(a arrow.Array, i int) any {
	switch x := a.(type) {
	case *array.RunEndEncoded:
		return agValue(x.Values(), x.GetPhysicalIndex(i))
	}
	if a.IsNull(i) {
		return nil
	}
	switch x := a.(type) {
	case *array.Struct:
		m := make(map[string]any, x.NumField())
		for k := 0; k < x.NumField(); k++ {
			m[x.DataType().(*arrow.StructType).Field(k).Name] = agValue(x.Field(k), i)
		}
		return m
	case array.ListLike:
		s, e := x.ValueOffsets(i)
		out := make([]any, 0, e-s)
		for k := s; k < e; k++ {
			out = append(out, agValue(x.ListValues(), int(k)))
		}
		return out
	case *array.Dictionary:
		return scalarAt(x.Dictionary(), x.GetValueIndex(i))
	}
	return scalarAt(a, i)
}

// agCase is one random Arrow value and how to read it.
type agCase struct {
	label string
	arr   arrow.Array       // a struct array, or lists of one
	rec   arrow.RecordBatch // the struct's fields as a batch, when it has no null rows
	whole any               // the naive reading of arr
}

// agGenerate builds a random case: rank 1 to 3.
func agGenerate(t testing.TB, r *rand.Rand, maxRows int) agCase {
	g := &arrowGen{r: r}
	top := g.structNode(0)
	rank := 1 + r.IntN(3)
	node := top
	for k := 1; k < rank; k++ {
		node = g.listNode(node)
	}
	n := r.IntN(maxRows + 1)
	arr := g.array(t, node, n, rank > 1 || r.IntN(2) == 0)
	c := agCase{arr: arr, label: fmt.Sprintf("%s %v", arr.DataType(), arr)}
	whole := make([]any, n)
	for i := range whole {
		whole[i] = agValue(arr, i)
	}
	c.whole = whole
	if st, ok := arr.(*array.Struct); ok && st.NullN() == 0 {
		cols := make([]arrow.Array, st.NumField())
		fields := make([]arrow.Field, st.NumField())
		for k := range cols {
			cols[k] = st.Field(k)
			fields[k] = st.DataType().(*arrow.StructType).Field(k)
		}
		c.rec = array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(n))
	}
	return c
}

// checkArrowPipeline runs the properties on one case.
func checkArrowPipeline(t *testing.T, c agCase, salt uint64) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s\n%s", c.label, fmt.Sprintf(format, args...))
	}
	st, err := FromArrow(c.arr)
	if err != nil {
		fail("FromArrow: %v", err)
	}
	if err := st.Validate(); err != nil {
		fail("Validate: %v", err)
	}
	if got := st.ToValue(); !reflect.DeepEqual(got, c.whole) {
		fail("ToValue:\n got %#v\nwant %#v", got, c.whole)
	}
	if c.rec != nil {
		fromRec, err := FromRecordBatch(c.rec)
		if err != nil {
			fail("FromRecordBatch: %v", err)
		}
		if !fromRec.Equal(st) {
			fail("FromRecordBatch =\n%v\nwant\n%v", fromRec, st)
		}
	}
	checkConversions(t, c.label, "arrow", st)
	checkOps(t, c.label, "arrow", st, c.whole, salt, 0)
}

// TestArrowPipelineRandom runs the properties on random Arrow data.
func TestArrowPipelineRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	n := 300
	if testing.Short() {
		n = 60
	}
	for k := 0; k < n; k++ {
		c := agGenerate(t, r, 5)
		checkArrowPipeline(t, c, uint64(k)*2654435761)
		if t.Failed() {
			return
		}
	}
}

// FuzzArrowPipeline runs the properties on random Arrow data generated
// from the fuzzer's seed.
func FuzzArrowPipeline(f *testing.F) {
	for _, s := range []uint64{0, 1, 2, 42, 1 << 40} {
		f.Add(s, s>>3)
	}
	f.Fuzz(func(t *testing.T, seed, salt uint64) {
		c := agGenerate(t, rand.New(rand.NewPCG(seed, salt)), 4)
		checkArrowPipeline(t, c, salt)
	})
}
