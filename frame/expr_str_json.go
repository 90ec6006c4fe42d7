package frame

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/structframe/structframe/internal/jsonscan"
	"github.com/structframe/structframe/structured"
)

// JSONDecode parses each string as JSON text into a nested column (Polars'
// str.json_decode): each string holds one JSON object, which becomes a
// row of a structure column, its arrays lists and its objects nested
// structures. With a nil spec the schema is inferred over every row, as
// the JSON reader infers it; with one, the values are checked and
// converted against it (the Spec of one row's structure, as
// structured.ParseSpec("{a: float32, tags: var * string}") gives, or of
// the whole column, of rank 1). A null string gives a null structure, and so does the text null.
// Malformed JSON or a value that does not fit is an error naming the row.
// The text is tokenized by the JSON reader's scanner straight into a
// structured.Builder, without a Go value per row.
func (s ExprStr) JSONDecode(spec *structured.Spec) Expr {
	extra := "infer"
	if spec != nil {
		extra = spec.String()
	}
	if spec != nil && len(spec.Shape) == 0 {
		// The type of one row's structure: the column's is of rank 1,
		// its structures null where the text is.
		row := *spec
		row.Shape, row.Nullable = structured.Shape{-1}, true
		spec = &row
	}
	return exprStrFn("str.json_decode", s.e, extra, func(a *exprVec) (*exprVec, error) {
		b, err := structured.NewBuilder(spec)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrArgument, err)
		}
		b.Reserve(a.n)
		sc := jsonscan.New(b.Events())
		var rowErr error
		err = exprStrEach(a, func(i int, x string) {
			if rowErr != nil {
				return
			}
			if a.isNull(i) {
				rowErr = b.Null()
			} else {
				rowErr = sc.ScanDocument(unsafe.Slice(unsafe.StringData(x), len(x)))
			}
			if rowErr != nil {
				rowErr = fmt.Errorf("%w: row %d: %v", structured.ErrData, i, rowErr)
			}
		})
		if err == nil {
			err = rowErr
		}
		if err != nil {
			return nil, err
		}
		t, err := b.Finish()
		if err != nil {
			return nil, err
		}
		if t.Rank() != 1 {
			return nil, fmt.Errorf("%w: json_decode takes one JSON object per row, got rank %d values", ErrType, t.Rank())
		}
		out := exprFromValue(t)
		out.scalar = a.scalar
		return out, nil
	})
}

// JSONPathMatch is the value at a JSONPath in each string of JSON text,
// as a string (Polars' str.json_path_match): a JSON string's text, and
// any other value as JSON text ({"a": [1, 2]} at $.a gives "[1,2]" as
// written). It is null where the path leads nowhere, to a null, or the
// text is not valid JSON there. The path starts with $ and goes on with
// .key, ['key'] or ["key"] (a key holding any character) and [n] (item n
// of an array, from 0; negative from the end): $.a.b, $.a[0], $['a b'].
// A path it cannot read is an ErrArgument error, reported before any row
// is read.
func (s ExprStr) JSONPathMatch(path string) Expr {
	const label = "str.json_path_match"
	extra := fmt.Sprintf("%q", path)
	steps, err := exprJSONPath(path)
	if err != nil {
		return exprStrBad(label, s.e, extra, err)
	}
	return exprStrFn(label, s.e, extra, func(a *exprVec) (*exprVec, error) {
		out := exprNew(exprStrT, a)
		out.valid = exprBitsAll(out.n)
		w := exprJSONWalker{sc: jsonscan.New(jsonscan.NopEvents{})}
		err := exprStrEach(a, func(i int, x string) {
			v, ok := "", false
			if !a.isNull(i) {
				v, ok = w.match(x, steps)
			}
			if !ok {
				exprBitClear(out.valid, i)
				return
			}
			out.strs[i] = v
		})
		return out, err
	})
}

// exprJSONStep is one step of a JSONPath: a key, or an index when isIndex.
type exprJSONStep struct {
	key     string
	index   int
	isIndex bool
}

// exprJSONPath parses $.a.b[0]['c d'].
func exprJSONPath(path string) ([]exprJSONStep, error) {
	bad := func(why string) error {
		return fmt.Errorf("%w: JSONPath %q: %s (want $ then .key, ['key'] or [n])", ErrArgument, path, why)
	}
	if !strings.HasPrefix(path, "$") {
		return nil, bad("does not start with $")
	}
	var steps []exprJSONStep
	for p := path[1:]; p != ""; {
		switch {
		case p[0] == '.':
			end := strings.IndexAny(p[1:], ".[")
			if end < 0 {
				end = len(p) - 1
			}
			key := p[1 : 1+end]
			if key == "" {
				return nil, bad("empty key after .")
			}
			steps = append(steps, exprJSONStep{key: key})
			p = p[1+end:]
		case strings.HasPrefix(p, "['") || strings.HasPrefix(p, `["`):
			q := p[1]
			end := strings.IndexByte(p[2:], q)
			if end < 0 || !strings.HasPrefix(p[2+end+1:], "]") {
				return nil, bad("unterminated quoted key")
			}
			steps = append(steps, exprJSONStep{key: p[2 : 2+end]})
			p = p[2+end+2:]
		case p[0] == '[':
			end := strings.IndexByte(p, ']')
			if end < 0 {
				return nil, bad("unterminated [")
			}
			n, err := strconv.Atoi(strings.TrimSpace(p[1:end]))
			if err != nil {
				return nil, bad(fmt.Sprintf("index %q is not an integer", p[1:end]))
			}
			steps = append(steps, exprJSONStep{index: n, isIndex: true})
			p = p[end+1:]
		default:
			return nil, bad(fmt.Sprintf("unexpected %q", p))
		}
	}
	return steps, nil
}

// exprJSONWalker finds the value at a path in JSON text, skipping (and
// checking) the values on the way with the scanner.
type exprJSONWalker struct {
	sc *jsonscan.Scanner
}

// match is the value at steps in x, as json_path_match gives it.
func (w exprJSONWalker) match(x string, steps []exprJSONStep) (string, bool) {
	data := unsafe.Slice(unsafe.StringData(x), len(x))
	pos := exprJSONSpace(data, 0)
	for _, st := range steps {
		var ok bool
		if st.isIndex {
			pos, ok = w.item(data, pos, st.index)
		} else {
			pos, ok = w.field(data, pos, st.key)
		}
		if !ok {
			return "", false
		}
	}
	end, err := w.sc.ScanValue(data, pos)
	if err != nil {
		return "", false
	}
	v := x[pos:end]
	switch {
	case v == "null":
		return "", false
	case v[0] == '"':
		if !strings.Contains(v, `\`) {
			return v[1 : len(v)-1], true
		}
		var s string
		if json.Unmarshal(data[pos:end], &s) != nil {
			return "", false
		}
		return s, true
	}
	return v, true
}

// field is the offset of the value of key in the object at pos.
func (w exprJSONWalker) field(data []byte, pos int, key string) (int, bool) {
	if pos >= len(data) || data[pos] != '{' {
		return 0, false
	}
	pos = exprJSONSpace(data, pos+1)
	for pos < len(data) && data[pos] == '"' {
		end, err := w.sc.ScanValue(data, pos)
		if err != nil {
			return 0, false
		}
		raw := data[pos:end]
		same := string(raw[1:len(raw)-1]) == key
		if !same && bytes.IndexByte(raw, '\\') >= 0 {
			var k string
			same = json.Unmarshal(raw, &k) == nil && k == key
		}
		pos = exprJSONSpace(data, end)
		if pos >= len(data) || data[pos] != ':' {
			return 0, false
		}
		pos = exprJSONSpace(data, pos+1)
		if same {
			return pos, true
		}
		if pos, err = w.sc.ScanValue(data, pos); err != nil {
			return 0, false
		}
		pos = exprJSONSpace(data, pos)
		if pos < len(data) && data[pos] == ',' {
			pos = exprJSONSpace(data, pos+1)
		}
	}
	return 0, false
}

// item is the offset of item n of the array at pos (n < 0 from the end).
func (w exprJSONWalker) item(data []byte, pos int, n int) (int, bool) {
	if pos >= len(data) || data[pos] != '[' {
		return 0, false
	}
	pos = exprJSONSpace(data, pos+1)
	var starts []int
	for k := 0; pos < len(data) && data[pos] != ']'; k++ {
		if k == n {
			return pos, true
		}
		if n < 0 {
			starts = append(starts, pos)
		}
		end, err := w.sc.ScanValue(data, pos)
		if err != nil {
			return 0, false
		}
		pos = exprJSONSpace(data, end)
		if pos < len(data) && data[pos] == ',' {
			pos = exprJSONSpace(data, pos+1)
		}
	}
	if n < 0 && -n <= len(starts) {
		return starts[len(starts)+n], true
	}
	return 0, false
}

// exprJSONSpace skips JSON white space from pos.
func exprJSONSpace(data []byte, pos int) int {
	for pos < len(data) && (data[pos] == ' ' || data[pos] == '\t' || data[pos] == '\n' || data[pos] == '\r') {
		pos++
	}
	return pos
}
