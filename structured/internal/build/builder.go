package build

import (
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/jsonnum"
)

// Builder takes the events of a stream of values (records, keys, lists,
// scalars, nulls) and appends each value to the column of its field path,
// inferring the schema or checking it against a [Schema]; [Builder.Finish]
// hands the columns over as a [Column] tree. Every value given at the top
// level (outside any record or list) is one row. After an error the
// Builder is spent: every later call returns the same error. A Builder is
// not safe for concurrent use. structured.Builder documents the events
// for its users; this is the engine behind it and behind FromValue.
type Builder struct {
	op     string
	opts   Options
	errs   func(*Error) error // makes the error returned (see Config.Errors)
	schema *Schema            // the Schema given, or the one frozen by Freeze (see spec)
	source SchemaSource       // a frozen Schema not asked for yet
	root   *vnode             // a list node whose items are the rows
	stack  []bframe
	err    error // the first error; sticky

	pending bool // a Key was given; its value comes next
	rows    bool // positions are reported as rows (not for FromValue of one map)
	frozen  bool // schema is the schema of the first batch
	hinted  bool // the nodes hold the sizes of the last batch (see hintSizes)

	chunking Chunking // when the entry points for Go values build rows in chunks

	row     int    // top-level row of the value being added
	rowBase int    // row of the first row (of a chunk of FromValue's rows)
	last    *vnode // after Finish: the finished batch's rows, until the next batch's nodes are made
	keys    []string
	text    textCapture
}

// Config is what a Builder is made with.
type Config struct {
	// Op names the operation in errors: "Builder", "FromValue", ...
	Op string
	// Schema is the schema values are checked and converted against; nil
	// infers it.
	Schema *Schema
	// Options are the inference options.
	Options Options
	// Chunks says when the entry points for Go values build a long
	// top-level list in chunks (see [Chunking]); Options.Parallelism
	// adjusts it.
	Chunks Chunking
	// Errors turns an error of the Builder into the error its methods
	// return, once (a sticky error is returned again as the same value):
	// structured makes its *Error of it. nil returns the *Error.
	Errors func(*Error) error
}

// bframe is an open record or list.
type bframe struct {
	nd   *vnode
	slot int // record: its slot in nd; list: nd.child.n at BeginList
	next int // record: the field expected next (keys usually come in order)
	cur  int // record: the field of the last Key, -1 before the first
	keys int // record: keys given
	req  int // record: required fields (of a Spec) given
}

// Init makes b, a zero Builder, a Builder of rows
// (structured.NewBuilder): it infers the schema (c.Schema nil) or checks
// and converts values against c.Schema, whose rank must be at least 1:
// its outer dimension counts the rows. (A zero Builder is made in place
// so that structured's Builder can hold it without another allocation.)
func (b *Builder) Init(c Config) error {
	c.init(b)
	b.rows = true
	if c.Schema != nil && len(c.Schema.Shape) == 0 {
		return b.wrap(errorf(b.op, KindSchema, "", "the Spec has rank 0 (one structure): a Builder builds rows, so give it rank >= 1"))
	}
	return b.reset()
}

// builder returns the Builder c describes, with no nodes yet.
func (c *Config) builder() *Builder {
	b := new(Builder)
	c.init(b)
	return b
}

// init makes b the Builder c describes, with no nodes yet.
func (c *Config) init(b *Builder) {
	errs := c.Errors
	if errs == nil {
		errs = func(e *Error) error { return e }
	}
	*b = Builder{op: c.Op, opts: c.Options, errs: errs, schema: c.Schema, chunking: c.Options.chunking(c.Chunks)}
}

// wrap turns e into the error the Builder returns.
func (b *Builder) wrap(e *Error) error { return b.errs(e) }

// errorf returns an error of the Builder's operation, not positioned at
// a field.
func (b *Builder) errorf(kind Kind, format string, args ...any) error {
	return b.wrap(errorf(b.op, kind, "", format, args...))
}

// reset makes an empty root for a new batch.
func (b *Builder) reset() error {
	b.stack, b.pending = b.stack[:0], false
	b.text.nd, b.text.open = nil, b.text.open[:0]
	spec := b.spec()
	if spec == nil {
		b.root = &vnode{kind: kindList, splits: []int64{0}, child: &vnode{}}
		return nil
	}
	root, err := specRoot(spec)
	if err != nil {
		err.Op = b.op
		return b.wrap(err)
	}
	if len(spec.Shape) == 0 {
		root = &vnode{kind: kindList, splits: []int64{0}, child: root}
	}
	b.root = root
	return nil
}

// rowsNode is the node the rows are appended to.
func (b *Builder) rowsNode() *vnode {
	if b.root == nil {
		b.nextBatch()
	}
	return b.root.child
}

// NumRows is the number of rows given since the last Finish (a row being
// built not counted).
func (b *Builder) NumRows() int { return b.rowsNode().n }

// maxReserve bounds the growth one Reserve call asks for.
const maxReserve = 64

// Reserve sizes every column for about rows rows in this batch, judging
// from the rows given so far, so that columns are not copied each time
// they double. Call it once a sample of the rows is in: a reader that
// knows its input's size can estimate the rows from the bytes read. It is
// a hint, capped at 64 times the rows given so far; it limits nothing.
func (b *Builder) Reserve(rows int) {
	n := b.rowsNode().n
	if n == 0 || rows <= n {
		return
	}
	// A hint, so a wild one must not allocate without bound: at most
	// maxReserve times what the sample holds.
	b.rowsNode().reserve(min(float64(rows)/float64(n), maxReserve))
}

// Err returns the Builder's error, if an event has failed.
func (b *Builder) Err() error { return b.err }

// Depth is the number of open records and lists: 0 between rows.
func (b *Builder) Depth() int { return len(b.stack) + len(b.text.open) }

// target returns the node the next value goes to, consuming a pending Key.
func (b *Builder) target() (*vnode, *buildError) {
	if len(b.stack) == 0 {
		rows := b.rowsNode() // made here after a Finish, hinted
		if b.hinted {
			b.hinted = false
			rows.applyHints()
		}
		b.row = b.rowBase + rows.n
		return rows, nil
	}
	f := &b.stack[len(b.stack)-1]
	if f.nd.kind == kindList {
		return f.nd.child, nil
	}
	if !b.pending {
		f.cur = -1
		return nil, b.errorAt(KindSchema, "a value%s in a record without a Key before it", b.at())
	}
	b.pending = false
	return f.keyedNode(), nil
}

// keyedNode is the node of the last Key of the open record f: the field's,
// or a map's values.
func (f *bframe) keyedNode() *vnode {
	if f.nd.kind == kindMap {
		return f.nd.child.kids[1]
	}
	return f.nd.kids[f.cur]
}

// fail records e, positioned at the open records and lists, as the
// Builder's error.
func (b *Builder) fail(e *buildError) error {
	var steps []errStep
	for i := range b.stack {
		f := &b.stack[i]
		switch {
		case f.nd.kind == kindList:
			steps = append(steps, errStep{idx: f.nd.child.n - f.slot})
		case f.nd.kind == kindMap:
			if k, ok := f.lastMapKey(); ok {
				steps = append(steps, errStep{name: k, idx: -1})
			}
		case f.cur >= 0:
			steps = append(steps, errStep{name: f.nd.names[f.cur], idx: -1})
		}
	}
	for i := len(e.segs) - 1; i >= 0; i-- {
		steps = append(steps, e.segs[i])
	}
	slices.Reverse(steps) // path() reads the steps innermost first
	e.segs = steps
	msg := e.msg
	if b.frozen {
		msg = strings.ReplaceAll(msg, "the Spec", "the schema of the first batch")
	}
	b.err = b.wrap(&Error{Op: b.op, Path: e.path(), Kind: e.kind, Msg: msg})
	return b.err
}

// misuse reports an event given where it cannot be.
func (b *Builder) misuse(format string, args ...any) error {
	return b.fail(b.errorAt(KindSchema, format, args...))
}

// BeginRecord starts a record (a structure): its fields follow, each a
// Key and a value, up to [Builder.EndRecord].
func (b *Builder) BeginRecord() error {
	if b.err != nil {
		return b.err
	}
	if b.text.nd != nil {
		return b.textEvent('{', nil)
	}
	nd, e := b.target()
	if e != nil {
		return b.fail(e)
	}
	if nd.kind != kindStruct {
		if nd.kind == kindMap {
			return b.beginMap(nd)
		}
		if e := b.becomeKind(nd, kindStruct, "structure"); e != nil {
			return b.fail(e)
		}
		if nd.kind == kindLeaf { // JSON text
			return b.text.begin(b, nd, '{')
		}
	}
	if len(b.stack) >= MaxNesting {
		return b.fail(b.tooDeep())
	}
	b.stack = append(b.stack, bframe{nd: nd, slot: nd.n, cur: -1})
	return nil
}

// becomeKind readies nd to take a value of the given kind: an untyped
// node (not with a Spec) takes it; a node of another kind is a conflict.
func (b *Builder) becomeKind(nd *vnode, kind nodeKind, got string) *buildError {
	switch {
	case nd.kind == kind:
		return nil
	case nd.kind == kindNull && nd.spec == nil:
		nd.become(kind, b.row)
		return nil
	}
	return b.conflict(nd, got)
}

// Key names the field whose value comes next in the current record.
func (b *Builder) Key(name string) error {
	if b.err != nil {
		return b.err
	}
	if b.text.nd != nil {
		return b.textEvent('k', []byte(name))
	}
	f, err := b.recordFrame("Key")
	if err != nil {
		return err
	}
	if f.nd.kind == kindMap {
		return b.mapKey(f, name)
	}
	nd := f.nd
	var c *vnode
	if f.next < len(nd.kids) && nd.names[f.next] == name {
		c = nd.kids[f.next]
	} else if c = nd.children[name]; c == nil {
		if c, err = b.newKey(f, name); err != nil {
			return err
		}
	}
	return b.keyed(f, c, name)
}

// KeyBytes is [Builder.Key] with the name as bytes, which are copied only
// the first time a name is seen at its path.
func (b *Builder) KeyBytes(name []byte) error {
	if b.err != nil {
		return b.err
	}
	if b.text.nd != nil {
		return b.textEvent('k', name)
	}
	f, err := b.recordFrame("Key")
	if err != nil {
		return err
	}
	s := unsafe.String(unsafe.SliceData(name), len(name))
	if f.nd.kind == kindMap {
		return b.mapKey(f, s)
	}
	nd := f.nd
	var c *vnode
	if f.next < len(nd.kids) && nd.names[f.next] == s {
		c = nd.kids[f.next]
	} else if c = nd.children[s]; c == nil {
		if c, err = b.newKey(f, string(name)); err != nil {
			return err
		}
		if c == nil { // the record became a map
			return b.mapKey(f, s)
		}
		s = nd.names[c.idx]
	}
	return b.keyed(f, c, s)
}

// recordFrame returns the open record, for Key and EndRecord.
func (b *Builder) recordFrame(event string) (*bframe, error) {
	if len(b.stack) == 0 {
		return nil, b.misuse("%s%s outside a record", event, b.at())
	}
	f := &b.stack[len(b.stack)-1]
	if f.nd.kind != kindStruct && f.nd.kind != kindMap {
		return nil, b.misuse("%s%s inside a list, not a record", event, b.at())
	}
	if b.pending {
		return nil, b.misuse("%s%s after a Key without a value", event, b.at())
	}
	return f, nil
}

// newKey adds a field first seen in the current record.
func (b *Builder) newKey(f *bframe, name string) (*vnode, error) {
	nd := f.nd
	f.cur = -1
	switch {
	case nd.spec != nil:
		return nil, b.fail(b.errorAt(KindSchema, "not in the Spec%s (fields: %s)", b.at(), strings.Join(nd.names, ", ")).field(name))
	case b.opts.StrictKeys && nd.records > 0:
		return nil, b.fail(b.errorAt(KindSchema, "key %s%s is not in the records before it at this path (strict keys; the first record%s)",
			strconv.Quote(name), b.at(), b.rowOf(nd.firstRec)))
	}
	if b.opts.MapThreshold > 0 && len(nd.kids) >= b.opts.MapThreshold {
		if m := b.toMap(f); m {
			return nil, nil
		}
	}
	if b.opts.MaxFields > 0 && len(nd.kids) >= b.opts.MaxFields {
		return nil, b.fail(b.errorAt(KindSchema, "key %s%s would be field %d of a structure of at most %d (WithMaxFields): keys this many are data, not columns; read them as a map column (WithMapThreshold), read some columns only, or raise the limit",
			strconv.Quote(ClipMiddle(name, 40)), b.at(), len(nd.kids)+1, b.opts.MaxFields))
	}
	c := &vnode{idx: len(nd.kids), keyRow: b.row}
	if nd.children == nil {
		nd.children = make(map[string]*vnode)
	}
	nd.children[name] = c
	nd.names = append(nd.names, name)
	nd.kids = append(nd.kids, c)
	return c, nil
}

// keyed makes c, the field name of record f, the target of the next value.
func (b *Builder) keyed(f *bframe, c *vnode, name string) error {
	if c == nil { // the record became a map
		return b.mapKey(f, name)
	}
	if c.n > f.slot {
		f.cur = -1
		return b.fail(b.errorAt(KindSchema, "key given twice in one record%s", b.at()).field(name))
	}
	if c.n < f.slot {
		c.padAbsent(f.slot - c.n)
	}
	f.cur, f.next = c.idx, c.idx+1
	f.keys++
	if c.spec != nil && c.spec.required {
		f.req++
	}
	b.pending = true
	return nil
}

// rowOf renders " at row N" for a row, when positions are rows.
func (b *Builder) rowOf(row int) string {
	if !b.rows {
		return ""
	}
	return " at row " + strconv.Itoa(row)
}

// EndRecord closes the record begun by the matching BeginRecord. Keys of
// the record's path that it did not give are null in it (an error with
// Options.StrictKeys, or for a Schema's required fields).
func (b *Builder) EndRecord() error {
	if b.err != nil {
		return b.err
	}
	if b.text.nd != nil {
		return b.textEvent('}', nil)
	}
	f, err := b.recordFrame("EndRecord")
	if err != nil {
		return err
	}
	if f.nd.kind == kindMap {
		return b.endMap(f)
	}
	nd := f.nd
	if f.keys < len(nd.kids) {
		if e := b.missingKeys(f); e != nil {
			return b.fail(e)
		}
	}
	if nd.records == 0 {
		nd.firstRec = b.row
	}
	nd.records++
	b.stack = b.stack[:len(b.stack)-1]
	nd.markValid()
	return nil
}

// missingKeys checks a record that lacks some of its path's fields.
func (b *Builder) missingKeys(f *bframe) *buildError {
	nd := f.nd
	switch {
	case nd.spec != nil:
		if f.req < nd.spec.nreq {
			for i, c := range nd.kids {
				if c.spec.required && c.n <= f.slot {
					f.cur = -1
					return b.errorAt(KindSchema, "missing%s, and the Spec does not allow nulls here", b.at()).field(nd.names[i])
				}
			}
		}
		if nd.spec.nfixed > 0 {
			// A missing nullable list of fixed length is a null list now:
			// padded later, it would be a (valid) placeholder.
			for i, c := range nd.kids {
				if c.spec.nullFixed && c.n <= f.slot {
					c.padNulls(f.slot - c.n)
					if e := b.addNull(c); e != nil {
						f.cur = -1
						return e.field(nd.names[i])
					}
				}
			}
		}
	case b.opts.StrictKeys && nd.records > 0:
		var lacks []string
		for i, c := range nd.kids {
			if c.n <= f.slot {
				lacks = append(lacks, strconv.Quote(nd.names[i]))
			}
		}
		f.cur = -1
		return b.errorAt(KindSchema, "the record%s lacks key %s, which the records before it at this path have (strict keys; the first record%s)",
			b.at(), strings.Join(lacks, ", "), b.rowOf(nd.firstRec))
	}
	return nil
}

// BeginList starts a list: its items follow, up to [Builder.EndList].
func (b *Builder) BeginList() error {
	if b.err != nil {
		return b.err
	}
	if b.text.nd != nil {
		return b.textEvent('[', nil)
	}
	nd, e := b.target()
	if e != nil {
		return b.fail(e)
	}
	if nd.kind != kindList {
		if e := b.becomeKind(nd, kindList, "list"); e != nil {
			return b.fail(e)
		}
		if nd.kind == kindLeaf {
			return b.text.begin(b, nd, '[')
		}
	}
	if len(b.stack) >= MaxNesting {
		return b.fail(b.tooDeep())
	}
	b.stack = append(b.stack, bframe{nd: nd, slot: nd.child.n, cur: -1})
	return nil
}

// EndList closes the list begun by the matching BeginList.
func (b *Builder) EndList() error {
	if b.err != nil {
		return b.err
	}
	if b.text.nd != nil {
		return b.textEvent(']', nil)
	}
	if len(b.stack) == 0 || b.stack[len(b.stack)-1].nd.kind != kindList {
		return b.misuse("EndList%s without its BeginList", b.at())
	}
	f := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	nd := f.nd
	if s := nd.spec; s != nil && s.fixed != Unknown {
		if n := nd.child.n - f.slot; n != s.fixed {
			return b.fail(b.errorAt(KindSchema, "got a list of length %d%s, want length %d (from the Spec)", n, b.at(), s.fixed))
		}
	}
	nd.endList()
	return nil
}

// scalar readies the target of a scalar event.
func (b *Builder) scalar() (*vnode, error) {
	if b.err != nil {
		return nil, b.err
	}
	nd, e := b.target()
	if e != nil {
		return nil, b.fail(e)
	}
	return nd, nil
}

// done turns the result of appending a scalar into the event's error.
func (b *Builder) done(e *buildError) error {
	if e != nil {
		return b.fail(e)
	}
	return nil
}

// Null adds a null: a null item, list or record, whatever the field holds.
func (b *Builder) Null() error {
	if b.text.nd != nil {
		return b.textOwn(append(b.text.scratch[:0], "null"...))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	return b.done(b.addNull(nd))
}

// Bool adds a bool.
func (b *Builder) Bool(v bool) error {
	if b.text.nd != nil {
		return b.textOwn(strconv.AppendBool(b.text.scratch[:0], v))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	if nd.kind == kindLeaf && nd.typ == storeBool {
		nd.appendBool(v)
		return nil
	}
	return b.done(b.addBool(nd, v))
}

// Int adds an integer (int64; a field holding floats takes it as a float
// if that is exact).
func (b *Builder) Int(v int64) error {
	if b.text.nd != nil {
		return b.textOwn(strconv.AppendInt(b.text.scratch[:0], v, 10))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	if nd.kind == kindLeaf && nd.typ == storeInt64 && nd.spec == nil {
		nd.i64 = push(nd.i64, v)
		nd.markValid()
		return nil
	}
	return b.done(b.addInt(nd, v))
}

// Uint adds an unsigned integer: int64 when it fits, else (beyond
// MaxInt64) a decimal128(38, 0) field, or a Spec's uint64.
func (b *Builder) Uint(v uint64) error {
	if b.text.nd != nil {
		return b.textOwn(strconv.AppendUint(b.text.scratch[:0], v, 10))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	return b.done(b.addUint(nd, v))
}

// Float adds a float64.
func (b *Builder) Float(v float64) error {
	if b.text.nd != nil {
		return b.textOwn(appendJSONFloat(b.text.scratch[:0], v))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	if nd.kind == kindLeaf && nd.typ == storeFloat64 && nd.spec == nil {
		nd.f64 = push(nd.f64, v)
		nd.markValid()
		return nil
	}
	return b.done(b.addFloat(nd, v))
}

// Number adds a number given as its JSON text (as in 42, -1.5e3): an
// int64 when it is an integer that fits, a decimal128(38, 0) when it is an
// integer beyond int64 (up to 38 digits; a longer one is an error, or JSON
// text with [ConflictJSONText]), else a float64.
func (b *Builder) Number(text []byte) error {
	if b.err != nil {
		return b.err
	}
	num := jsonnum.Parse(text)
	return b.number(text, &num)
}

// ScannedNumber is [Builder.Number] for text a JSON tokenizer has scanned
// into num already (with [jsonnum.Num.Scan]): its digits are not read again.
func (b *Builder) ScannedNumber(text []byte, num *jsonnum.Num) error {
	if b.err != nil {
		return b.err
	}
	return b.number(text, num)
}

// number adds the number text, scanned into num.
func (b *Builder) number(text []byte, num *jsonnum.Num) error {
	if !num.OK {
		return b.fail(b.errorAt(KindType, "%q%s is not a number", clip(string(text), 60), b.at()))
	}
	if b.text.nd != nil {
		return b.textValue(text)
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	if nd.kind == kindLeaf && nd.spec == nil && !nd.jsonText {
		// The usual case, a number of an inferred numeric field.
		if num.IsInt {
			if v, ok := num.Int64(); ok && nd.typ == storeInt64 {
				nd.i64 = push(nd.i64, v)
				nd.markValid()
				return nil
			}
		} else if f, ok := num.Float64(); ok && nd.typ == storeFloat64 {
			nd.f64 = push(nd.f64, f)
			nd.markValid()
			return nil
		}
	}
	return b.done(b.addNumber(nd, text, num))
}

// String adds a string.
func (b *Builder) String(v string) error {
	if b.text.nd != nil {
		return b.textOwn(appendJSONString(b.text.scratch[:0], v))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	if nd.kind == kindLeaf && nd.typ == storeString && !nd.jsonText {
		nd.appendBytes(v)
		return nil
	}
	return b.done(b.addString(nd, v))
}

// StringBytes adds a string given as bytes, which are copied into the
// column (so the caller may reuse them) without an allocation per value.
func (b *Builder) StringBytes(v []byte) error {
	return b.String(unsafe.String(unsafe.SliceData(v), len(v)))
}

// Bytes adds a binary value (copied, as StringBytes).
func (b *Builder) Bytes(v []byte) error {
	if b.text.nd != nil {
		return b.textOwn(appendJSONString(b.text.scratch[:0], base64.StdEncoding.EncodeToString(v)))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	if v == nil {
		v = []byte{}
	}
	return b.done(b.addBytes(nd, v))
}

// Time adds a timestamp (microseconds, UTC, or a Spec's unit).
func (b *Builder) Time(v time.Time) error {
	if b.text.nd != nil {
		return b.textOwn(appendJSONString(b.text.scratch[:0], v.UTC().Format(time.RFC3339Nano)))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	return b.done(b.addTime(nd, v))
}

// Date adds a date.
func (b *Builder) Date(v arrow.Date32) error {
	if b.text.nd != nil {
		return b.textOwn(appendJSONString(b.text.scratch[:0], v.FormattedString()))
	}
	nd, err := b.scalar()
	if err != nil {
		return err
	}
	return b.done(b.addDate(nd, v))
}

// Finish returns the columns of the rows given since the last Finish
// (the rows' list, see [Column]) and starts the next batch, which keeps
// this batch's schema once [Builder.Freeze] has given it. Rows that are
// scalars are an error, as is an open record or list.
func (b *Builder) Finish() (Column, error) {
	if b.err != nil {
		return Column{}, b.err
	}
	if len(b.stack) > 0 {
		return Column{}, b.misuse("Finish with %d records or lists open", len(b.stack))
	}
	col, err := b.finishRows()
	if err != nil {
		b.err = err
		return Column{}, err
	}
	// The next batch's nodes are made when it starts (rowsNode): after
	// the last batch of a read, a wide schema's tree is not built for
	// nothing.
	b.last = b.rowsNode()
	b.stack, b.pending = b.stack[:0], false
	b.text.nd, b.text.open = nil, b.text.open[:0]
	b.root = nil
	b.rowBase = 0
	return col, nil
}

// A SchemaSource gives a Schema when asked: structured's Spec, converted
// only when needed.
type SchemaSource interface{ Schema() *Schema }

// Freeze sets the schema the batches after the one just finished are
// built against (the first batch's, every field nullable), so that all
// batches of a stream have one schema; in errors it is "the schema of the
// first batch". Call it after a Finish, before the next event. The
// Schema is asked of s when it is first needed: a Builder finished for
// the last time converts nothing.
func (b *Builder) Freeze(s SchemaSource) {
	b.schema, b.source, b.frozen = nil, s, true
}

// FreezeNow is Freeze given before the first row: the batch it starts is
// built against s as well. It fails, leaving the Builder as it was, when
// a row has been given or s is not a schema the Builder can build.
func (b *Builder) FreezeNow(s SchemaSource) error {
	if b.err != nil {
		return b.err
	}
	if b.Depth() > 0 || b.pending || b.NumRows() > 0 || b.rowBase > 0 {
		return b.errorf(KindSchema, "the schema can be frozen only before the first row")
	}
	schema, source, frozen, root := b.schema, b.source, b.frozen, b.root
	b.Freeze(s)
	if err := b.reset(); err != nil {
		b.schema, b.source, b.frozen, b.root = schema, source, frozen, root
		return err
	}
	b.last, b.hinted = nil, false
	return nil
}

// spec returns the Builder's Schema (nil when it infers), asking a frozen
// one of its source the first time.
func (b *Builder) spec() *Schema {
	if b.source != nil {
		b.schema, b.source = b.source.Schema(), nil
	}
	return b.schema
}

// nextBatch makes the nodes of the batch after a Finish, sized as the
// finished batch needed.
func (b *Builder) nextBatch() {
	if err := b.reset(); err != nil {
		// The schema was accepted when the Builder was made: not reached.
		b.err = err
		b.schema, b.source, b.frozen = nil, nil, false
		b.reset()
		return
	}
	b.root.child.hintSizes(b.last)
	b.last = nil
	b.hinted = true
}

// finishRows returns the columns of the rows, which must be records (or
// lists of them).
func (b *Builder) finishRows() (Column, error) {
	rows := b.rowsNode()
	term := rows
	for term.kind == kindList {
		term = term.child
	}
	switch term.kind {
	case kindLeaf:
		return Column{}, b.errorf(KindType, "the list holds %s values and no maps (records): a Tensor is made of records; use ValueOf for lists of scalars", typeName(term.dtype))
	case kindNull:
		// Only nulls and empty lists: structures with no fields.
		term.become(kindStruct, 0)
	}
	return b.finishRoot()
}

// finishRoot returns the column of the root: the rows as one list.
func (b *Builder) finishRoot() (Column, error) {
	rows := b.rowsNode()
	root := b.root
	if s := root.spec; s != nil && s.fixed != Unknown && rows.n != s.fixed {
		return Column{}, b.errorf(KindSchema, "got %d rows, but the Spec gives %d", rows.n, s.fixed)
	}
	if root.spec == nil || root.spec.fixed == Unknown {
		root.splits = append(root.splits[:1], int64(rows.n))
	}
	root.n = 0
	root.valid = Bitmap{}
	root.markValid()
	return b.finish(root, nil)
}
