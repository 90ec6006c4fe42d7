package build

import (
	"encoding/base64"
	"math"
	"strconv"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/jsonstr"
)

// Conflicts under ConflictJSONText: a field whose values do not share a
// type becomes a string column. Strings are kept as they are; every other
// value is stored as its JSON text (1.5, true, {"x":1}, [1,2]); nulls stay
// null. The values seen before the conflict are converted once; later
// records and lists of the field are written as text as their events come
// (textCapture), never built as columns.

// conflict handles a value of kind got that nd cannot hold: an error, or
// under ConflictJSONText (for an inferred field, or a Spec's string field)
// nd becomes a JSON-text string leaf and takes it.
func (b *Builder) conflict(nd *vnode, got string) *buildError {
	if b.opts.Conflicts != ConflictJSONText || b.onRows(nd) {
		return b.mismatch(nd, got) // the rows themselves are never text
	}
	switch {
	case nd.jsonText:
	case nd.spec == nil:
		nd.toJSONText()
	case nd.kind == kindLeaf && nd.typ == storeString:
		nd.jsonText = true
	default:
		return b.mismatch(nd, got)
	}
	return nil
}

// toJSONText turns nd, of any kind, into a string leaf holding the JSON
// text of each of its slots (strings as they are).
func (nd *vnode) toJSONText() {
	text := &vnode{kind: kindLeaf}
	text.typ, text.dtype = storeString, arrow.BinaryTypes.String
	text.initLeaf(nd.n)
	var buf []byte
	for i := range nd.n {
		if nd.isNullSlot(i) {
			text.appendZeros(1)
			text.markNull()
			continue
		}
		if nd.kind == kindLeaf && nd.typ == storeString {
			text.appendBytes(nd.stringAt(i))
			continue
		}
		buf = nd.appendJSON(buf[:0], i)
		text.appendBytes(string(buf))
	}
	text.jsonText = true
	text.firstRow, text.idx, text.keyRow, text.absent = nd.firstRow, nd.idx, nd.keyRow, nd.absent
	*nd = *text
}

// isNullSlot reports whether slot i of nd is null.
func (nd *vnode) isNullSlot(i int) bool {
	if nd.kind == kindNull {
		return true
	}
	return nd.valid.bits != nil && !bitutil.BitIsSet(nd.valid.bits, i)
}

// stringAt returns item i of a string or binary leaf.
func (nd *vnode) stringAt(i int) string {
	if nd.large {
		return string(nd.bytes[nd.off64[i]:nd.off64[i+1]])
	}
	return string(nd.bytes[nd.off32[i]:nd.off32[i+1]])
}

// isAbsent reports whether the record in slot i of the parent lacked the
// key of nd (as opposed to giving it as null).
func (nd *vnode) isAbsent(i int) bool {
	if i >= nd.n {
		return true
	}
	// The [start, end) pairs are sorted: find the last start <= i.
	lo, hi := 0, len(nd.absent)/2
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if nd.absent[2*m] <= i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo > 0 && i < nd.absent[2*(lo-1)+1]
}

// padAbsent pads k nulls for records that lack nd's key, remembering
// that they lacked it (for maps and JSON text).
func (nd *vnode) padAbsent(k int) {
	if k <= 0 {
		return
	}
	if m := len(nd.absent); m > 0 && nd.absent[m-1] == nd.n {
		nd.absent[m-1] += k
	} else {
		nd.absent = append(nd.absent, nd.n, nd.n+k)
	}
	nd.padNulls(k)
}

// appendJSON appends the JSON text of slot i of nd (not null).
func (nd *vnode) appendJSON(buf []byte, i int) []byte {
	if nd.isNullSlot(i) {
		return append(buf, "null"...)
	}
	switch nd.kind {
	case kindList:
		buf = append(buf, '[')
		lo, hi := nd.listBounds(i)
		for j := lo; j < hi; j++ {
			if j > lo {
				buf = append(buf, ',')
			}
			buf = nd.child.appendJSON(buf, j)
		}
		return append(buf, ']')
	case kindStruct:
		buf = append(buf, '{')
		first := true
		for k, c := range nd.kids {
			if c.isAbsent(i) {
				continue
			}
			if !first {
				buf = append(buf, ',')
			}
			first = false
			buf = appendJSONString(buf, nd.names[k])
			buf = append(buf, ':')
			buf = c.appendJSON(buf, i)
		}
		return append(buf, '}')
	case kindMap:
		buf = append(buf, '{')
		lo, hi := nd.listBounds(i)
		keys, vals := nd.child.kids[0], nd.child.kids[1]
		for j := lo; j < hi; j++ {
			if j > lo {
				buf = append(buf, ',')
			}
			buf = appendJSONString(buf, keys.stringAt(j))
			buf = append(buf, ':')
			buf = vals.appendJSON(buf, j)
		}
		return append(buf, '}')
	}
	switch nd.typ {
	case storeInt64:
		return strconv.AppendInt(buf, nd.i64[i], 10)
	case storeFloat64:
		return appendJSONFloat(buf, nd.f64[i])
	case storeDecimal:
		return append(buf, nd.dec[i].ToString(0)...)
	case storeString:
		if nd.jsonText {
			return append(buf, nd.stringAt(i)...)
		}
		return appendJSONString(buf, nd.stringAt(i))
	case storeBinary:
		return appendJSONString(buf, base64.StdEncoding.EncodeToString([]byte(nd.stringAt(i))))
	case storeBool:
		return strconv.AppendBool(buf, bitutil.BitIsSet(nd.bits, i))
	case storeTimestamp:
		unit := nd.dtype.(*arrow.TimestampType).Unit
		return appendJSONString(buf, arrow.Timestamp(nd.i64[i]).ToTime(unit).UTC().Format(time.RFC3339Nano))
	case storeDate32:
		return appendJSONString(buf, arrow.Date32(nd.i32[i]).FormattedString())
	}
	return append(buf, "null"...)
}

// listBounds returns the item range of list slot i.
func (nd *vnode) listBounds(i int) (lo, hi int) {
	if nd.spec != nil && nd.spec.fixed != Unknown {
		return i * nd.spec.fixed, (i + 1) * nd.spec.fixed
	}
	return int(nd.splits[i]), int(nd.splits[i+1])
}

// appendJSONFloat appends f as JSON writes it; NaN and infinities, which
// JSON lacks, as the strings "NaN", "+Inf" and "-Inf".
func appendJSONFloat(buf []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(buf, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(buf, `"+Inf"`...)
	case math.IsInf(f, -1):
		return append(buf, `"-Inf"`...)
	}
	return strconv.AppendFloat(buf, f, 'g', -1, 64)
}

// appendJSONString appends s as a JSON string, as encoding/json writes it.
func appendJSONString(buf []byte, s string) []byte { return jsonstr.Append(buf, s, false) }

// textCapture writes a record or list given to a JSON-text field as its
// JSON text, as its events come.
type textCapture struct {
	nd       *vnode // the field; nil when not capturing
	buf      []byte
	open     []byte // the open brackets
	first    bool   // the next item is the first of its container
	afterKey bool   // a key was written: its value follows
	scratch  []byte
}

// begin starts capturing a record ('{') or list ('[') for nd.
func (t *textCapture) begin(b *Builder, nd *vnode, c byte) error {
	t.nd = nd
	t.buf = append(t.buf[:0], c)
	t.open = append(t.open[:0], c)
	t.first, t.afterKey = true, false
	return nil
}

// sep writes the comma before an item, if any.
func (t *textCapture) sep() {
	if t.afterKey {
		t.afterKey = false
		return
	}
	if !t.first {
		t.buf = append(t.buf, ',')
	}
	t.first = false
}

// textEvent handles one event while capturing. kind is '{', '[', '}',
// ']', 'k' (a key: text) or 'v' (a value whose JSON text is text).
func (b *Builder) textEvent(kind byte, text []byte) error {
	t := &b.text
	top := t.open[len(t.open)-1]
	switch kind {
	case '{', '[':
		if top == '{' && !t.afterKey {
			return b.misuse("a value%s in a record without a Key before it", b.at())
		}
		t.sep()
		t.buf = append(t.buf, kind)
		t.open = append(t.open, kind)
		t.first = true
	case 'k':
		if top != '{' || t.afterKey {
			return b.misuse("Key%s outside a record or after a Key without a value", b.at())
		}
		t.sep()
		t.buf = appendJSONString(t.buf, string(text))
		t.buf = append(t.buf, ':')
		t.afterKey = true
	case 'v':
		if top == '{' && !t.afterKey {
			return b.misuse("a value%s in a record without a Key before it", b.at())
		}
		t.sep()
		t.buf = append(t.buf, text...)
	case '}', ']':
		want := byte('{')
		if kind == ']' {
			want = '['
		}
		if top != want || t.afterKey {
			return b.misuse("%c%s does not close the open %c", kind, b.at(), top)
		}
		t.buf = append(t.buf, kind)
		t.open = t.open[:len(t.open)-1]
		t.first = false
		if len(t.open) == 0 {
			t.nd.appendBytes(string(t.buf))
			t.nd = nil
		}
	}
	return nil
}

// textValue adds a scalar's JSON text to the capture.
func (b *Builder) textValue(text []byte) error {
	if b.err != nil {
		return b.err
	}
	return b.textEvent('v', text)
}

// textOwn is textValue for text made in the capture's scratch buffer,
// which it keeps for the next value.
func (b *Builder) textOwn(text []byte) error {
	b.text.scratch = text[:0]
	return b.textValue(text)
}
