package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/structured"
)

// The JSONTestSuite files (testdata/JSONTestSuite, see its README.md): y_
// files must be accepted, n_ files rejected, i_ files are left to the
// parser by RFC 8259 and decided here as the top of scan.go says.

// suiteDir holds the test_parsing files of JSONTestSuite.
const suiteDir = "testdata/JSONTestSuite"

// suiteTimeout bounds the scan of one file: a file taking longer is a hang.
// The files are at most 100 KB; each takes well under a millisecond.
const suiteTimeout = time.Minute

// suiteFiles is how many test_parsing files are kept: all 318 but
// n_structure_open_array_object.json (250,001 bytes, over the 100 KB cap;
// its 50,000 `[{"":` levels are covered by TestHostileDepth).
const suiteFiles = 317

// suiteImpl is this package's verdict on each i_ file, and why. ok files
// are accepted by the scanner; the others are rejected with a *SyntaxError
// whose Msg starts with msg.
var suiteImpl = map[string]struct {
	ok  bool
	msg string
	why string
}{
	// Numbers: the grammar of RFC 8259 §6 has no range; the scanner passes
	// the text on unconverted. The Builder's verdict (a float64 beyond its
	// range, an integer beyond 38 digits) is in suiteBuilder.
	"i_number_double_huge_neg_exp":   {true, "", "[123.456e-789]: grammatical; float64 0 (underflow rounds, as strconv does)"},
	"i_number_huge_exp":              {true, "", "grammatical; the Builder refuses a float beyond float64"},
	"i_number_neg_int_huge_exp":      {true, "", "[-1e+9999]: grammatical; the Builder refuses a float beyond float64"},
	"i_number_pos_double_huge_exp":   {true, "", "[1.5e+9999]: grammatical; the Builder refuses a float beyond float64"},
	"i_number_real_neg_overflow":     {true, "", "[-123123e100000]: grammatical; the Builder refuses a float beyond float64"},
	"i_number_real_pos_overflow":     {true, "", "[123123e100000]: grammatical; the Builder refuses a float beyond float64"},
	"i_number_real_underflow":        {true, "", "[123e-10000000]: grammatical; float64 0"},
	"i_number_too_big_neg_int":       {true, "", "30 digits: decimal128(38, 0), exact"},
	"i_number_too_big_pos_int":       {true, "", "21 digits: decimal128(38, 0), exact"},
	"i_number_very_big_negative_int": {true, "", "48 digits: grammatical; the Builder refuses it (JSON text with ConflictJSONText)"},

	// Lone and mis-ordered surrogate escapes: grammatical (RFC 8259 §7
	// allows any \uXXXX; §8.2 leaves their meaning to the reader); decoded
	// as U+FFFD, as encoding/json does (scan.go, decisions).
	"i_object_key_lone_2nd_surrogate":                {true, "", "lone low surrogate in a key: U+FFFD"},
	"i_string_1st_surrogate_but_2nd_missing":         {true, "", "high surrogate then end of string: U+FFFD"},
	"i_string_1st_valid_surrogate_2nd_invalid":       {true, "", `\uD888\u1234: U+FFFD then U+1234`},
	"i_string_incomplete_surrogate_and_escape_valid": {true, "", `\uD800\n: U+FFFD then a newline`},
	"i_string_incomplete_surrogate_pair":             {true, "", `\uDd1ea: U+FFFD then "a"`},
	"i_string_incomplete_surrogates_escape_valid":    {true, "", `\uD800\uD800\n: two U+FFFD then a newline`},
	"i_string_invalid_lonely_surrogate":              {true, "", "lone high surrogate: U+FFFD"},
	"i_string_invalid_surrogate":                     {true, "", `\ud800abc: U+FFFD then "abc"`},
	"i_string_inverted_surrogates_U+1D11E":           {true, "", "low then high: two U+FFFD"},
	"i_string_lone_second_surrogate":                 {true, "", "lone low surrogate: U+FFFD"},

	// Invalid UTF-8 inside a string: RFC 8259 §8.1, JSON text MUST be
	// UTF-8; rejected (encoding/json accepts: see suiteStdDisagree).
	"i_string_UTF-8_invalid_sequence":         {false, "invalid UTF-8 in string", "invalid UTF-8"},
	"i_string_UTF8_surrogate_U+D800":          {false, "invalid UTF-8 in string", "a surrogate encoded as UTF-8 (ED A0 80) is not UTF-8"},
	"i_string_invalid_utf-8":                  {false, "invalid UTF-8 in string", "byte FF"},
	"i_string_iso_latin_1":                    {false, "invalid UTF-8 in string", "Latin-1 é (E9)"},
	"i_string_lone_utf8_continuation_byte":    {false, "invalid UTF-8 in string", "byte 81 alone"},
	"i_string_not_in_unicode_range":           {false, "invalid UTF-8 in string", "F4 BF BF BF is beyond U+10FFFF"},
	"i_string_overlong_sequence_2_bytes":      {false, "invalid UTF-8 in string", "overlong encoding"},
	"i_string_overlong_sequence_6_bytes":      {false, "invalid UTF-8 in string", "overlong encoding"},
	"i_string_overlong_sequence_6_bytes_null": {false, "invalid UTF-8 in string", "overlong encoding of NUL"},
	"i_string_truncated-utf-8":                {false, "invalid UTF-8 in string", "a 2-byte sequence cut short"},

	// Not UTF-8 at all, or a byte order mark: RFC 8259 §8.1 (JSON text
	// MUST be UTF-8 and MUST NOT start with a BOM; a parser MAY ignore
	// one). Rejected as invalid characters, as encoding/json does.
	"i_string_UTF-16LE_with_BOM":         {false, "invalid character 'ÿ' looking for beginning of value", "UTF-16"},
	"i_string_utf16BE_no_BOM":            {false, `invalid character '\x00' looking for beginning of value`, "UTF-16"},
	"i_string_utf16LE_no_BOM":            {false, `invalid character '\x00' looking for beginning of value`, "UTF-16"},
	"i_structure_UTF-8_BOM_empty_object": {false, "invalid character 'ï' looking for beginning of value", "a BOM is not skipped (scan.go, decisions)"},

	// Nesting: 500 levels are well under maxDepth (10,000).
	"i_structure_500_nested_arrays": {true, "", "500 levels, under the limit of 10,000"},
}

// suiteStdDisagree lists the files on which encoding/json.Valid and this
// scanner disagree, and why. All are invalid UTF-8 inside a string, which
// encoding/json accepts (Valid says true; decoding replaces each bad byte
// with U+FFFD) and this scanner rejects (RFC 8259 §8.1; scan.go,
// decisions). On every other file, n_ and y_ included, the two agree.
var suiteStdDisagree = map[string]string{
	"i_string_UTF-8_invalid_sequence":         "invalid UTF-8 in a string: encoding/json accepts",
	"i_string_UTF8_surrogate_U+D800":          "UTF-8-encoded surrogate: encoding/json accepts",
	"i_string_invalid_utf-8":                  "invalid UTF-8 in a string: encoding/json accepts",
	"i_string_iso_latin_1":                    "Latin-1 byte in a string: encoding/json accepts",
	"i_string_lone_utf8_continuation_byte":    "lone continuation byte in a string: encoding/json accepts",
	"i_string_not_in_unicode_range":           "code point beyond U+10FFFF: encoding/json accepts",
	"i_string_overlong_sequence_2_bytes":      "overlong encoding: encoding/json accepts",
	"i_string_overlong_sequence_6_bytes":      "overlong encoding: encoding/json accepts",
	"i_string_overlong_sequence_6_bytes_null": "overlong encoding: encoding/json accepts",
	"i_string_truncated-utf-8":                "truncated sequence in a string: encoding/json accepts",
}

// suiteBuilder lists the accepted files whose value a Builder refuses,
// with a piece of its error under the default options and under
// ConflictJSONText ("" when it builds). Each document is given as the
// field v of one record (see suiteBuild). Every other accepted file
// builds under both.
var suiteBuilder = map[string][2]string{
	// RFC 8259 §4: names SHOULD be unique; the Builder refuses a record
	// with a key twice rather than keep one value silently.
	"y_object_duplicated_key":           {"field v.a: key given twice in one record", "field v.a: key given twice in one record"},
	"y_object_duplicated_key_and_value": {"field v.a: key given twice in one record", "field v.a: key given twice in one record"},
	// [null, 1, "1", {}]: a list of mixed kinds is a conflict; under
	// ConflictJSONText a list of JSON texts.
	"y_array_heterogeneous": {"field v[2]: got string at row 0, want int64", ""},
	// Floats beyond float64: no type holds them; an error under either
	// policy, never a silent ±Inf.
	"i_number_huge_exp":            {"is not a finite float64", "is not a finite float64"},
	"i_number_neg_int_huge_exp":    {"number -1e+9999 at row 0 is not a finite float64", "number -1e+9999 at row 0 is not a finite float64"},
	"i_number_pos_double_huge_exp": {"number 1.5e+9999 at row 0 is not a finite float64", "number 1.5e+9999 at row 0 is not a finite float64"},
	"i_number_real_neg_overflow":   {"number -123123e100000 at row 0 is not a finite float64", "number -123123e100000 at row 0 is not a finite float64"},
	"i_number_real_pos_overflow":   {"number 123123e100000 at row 0 is not a finite float64", "number 123123e100000 at row 0 is not a finite float64"},
	// An integer of 48 digits: no int64, decimal128 nor float64 holds it
	// exactly; its JSON text under ConflictJSONText.
	"i_number_very_big_negative_int": {"has more than 38 digits", ""},
}

// suiteBuilderFirst lists the n_ files where the Builder refuses a value
// before the scanner reaches the syntax error, so that the error is the
// Builder's (a *RecordError), not the *SyntaxError of the bare scan: a
// piece of it under the default options and under ConflictJSONText (""
// when the error is the scanner's).
var suiteBuilderFirst = map[string][2]string{
	// ["a",4 then a truncated literal: 4 conflicts with "a" first (a JSON
	// text under ConflictJSONText, so the syntax error comes).
	"n_array_newlines_unclosed": {"field v[1]: got int64 at row 0, want string", ""},
	// 100,000 '[': the Builder's own limit (10,000 open records and lists)
	// is met first, as the record around the document is one level.
	"n_structure_100000_opening_arrays": {"values nested more than 10000 levels deep", "values nested more than 10000 levels deep"},
}

// suiteBuild scans in through a Builder as the field v of one record, so
// that every document, scalars and arrays of scalars included, is one
// row, and returns the row (or the first error).
func suiteBuild(in []byte, opts ...structured.Option) (*structured.Tensor, error) {
	b, err := structured.NewBuilder(nil, opts...)
	if err != nil {
		return nil, err
	}
	if err := b.BeginRecord(); err != nil {
		return nil, err
	}
	if err := b.Key("v"); err != nil {
		return nil, err
	}
	if err := newScanner(b).ScanDocument(in); err != nil {
		return nil, err
	}
	if err := b.EndRecord(); err != nil {
		return nil, err
	}
	return b.Finish()
}

// suiteFromValue builds what suiteBuild should: the document decoded by
// encoding/json (numbers as json.Number) as the field v of one row.
func suiteFromValue(in []byte, opts ...structured.Option) (*structured.Tensor, error) {
	d := stdjson.NewDecoder(bytes.NewReader(in))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return structured.FromValue([]any{map[string]any{"v": v}}, opts...)
}

// checkSyntaxError checks that err is a *SyntaxError whose position lies
// within in and agrees with itself (Line and Column are those of Offset),
// with a message of bounded size whatever the input, and returns it.
func checkSyntaxError(t *testing.T, in []byte, err error) *SyntaxError {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Errorf("error %v (%T) is not a *SyntaxError", err, err)
		return nil
	}
	if se.Offset < 0 || se.Offset > int64(len(in)) {
		t.Errorf("%v: offset %d outside the input (%d bytes)", se, se.Offset, len(in))
		return se
	}
	before := in[:se.Offset]
	line := 1 + bytes.Count(before, []byte{'\n'})
	col := len(before) - bytes.LastIndexByte(before, '\n')
	if se.Line != line || se.Column != col {
		t.Errorf("%v: line %d column %d, but offset %d is at line %d column %d", se, se.Line, se.Column, se.Offset, line, col)
	}
	if len(se.Error()) > 300 {
		t.Errorf("error message of %d bytes: %.100s…", len(se.Error()), se)
	}
	return se
}

// within runs f on its own goroutine and fails t if it does not return
// within suiteTimeout, or panics.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	select {
	case p := <-done:
		if p != nil {
			t.Fatalf("panic: %v", p)
		}
	case <-time.After(suiteTimeout):
		t.Fatalf("no result after %v: a hang?", suiteTimeout)
	}
}

// TestJSONTestSuite runs every file of JSONTestSuite's test_parsing through
// the bare scanner and through a Builder: y_ accepted, n_ rejected with a
// *SyntaxError inside the input, i_ as suiteImpl says, no panic or hang;
// encoding/json.Valid agrees except on suiteStdDisagree; an accepted file
// builds the Tensor FromValue builds from encoding/json's decoding, except
// for suiteBuilder.
func TestJSONTestSuite(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(suiteDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != suiteFiles {
		t.Fatalf("%d files in %s, want %d", len(paths), suiteDir, suiteFiles)
	}
	seen := map[string]bool{}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		seen[name] = true
		in, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			within(t, func() { suiteCheck(t, name, in) })
		})
	}
	// The tables name existing files, and every i_ file has a verdict.
	for _, names := range []map[string]bool{keys(suiteImpl), keys(suiteStdDisagree), keys(suiteBuilder), keys(suiteBuilderFirst)} {
		for n := range names {
			if !seen[n] {
				t.Errorf("table entry %s names no file", n)
			}
		}
	}
	for n := range seen {
		if _, ok := suiteImpl[n]; strings.HasPrefix(n, "i_") && !ok {
			t.Errorf("%s: no verdict in suiteImpl", n)
		}
	}
}

func keys[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// suiteCheck checks one file (see TestJSONTestSuite).
func suiteCheck(t *testing.T, name string, in []byte) {
	wantOK := strings.HasPrefix(name, "y_")
	wantMsg := ""
	if impl, ok := suiteImpl[name]; ok {
		wantOK, wantMsg = impl.ok, impl.msg
	} else if !wantOK && !strings.HasPrefix(name, "n_") {
		t.Fatalf("%s: neither y_, n_ nor i_", name)
	}

	// The bare scanner.
	err := newScanner(nopEvents{}).ScanDocument(in)
	if (err == nil) != wantOK {
		t.Fatalf("scanDocument: err %v, want accepted %v", err, wantOK)
	}
	var se *SyntaxError
	if err != nil {
		se = checkSyntaxError(t, in, err)
		if se != nil && !strings.HasPrefix(se.Msg, wantMsg) {
			t.Errorf("Msg %q, want it to start with %q", se.Msg, wantMsg)
		}
	}

	// encoding/json.Valid.
	_, disagree := suiteStdDisagree[name]
	if valid := stdjson.Valid(in); (valid != (err == nil)) != disagree {
		t.Errorf("encoding/json.Valid = %v, scanner err %v; listed as a disagreement: %v", valid, err, disagree)
	}

	// Through a Builder, under both conflict policies.
	for i, opts := range [][]structured.Option{nil, {structured.WithConflicts(structured.ConflictJSONText)}} {
		got, berr := suiteBuild(in, opts...)
		if berr != nil && len(berr.Error()) > 2000 {
			t.Errorf("builder error of %d bytes", len(berr.Error()))
		}
		if se != nil {
			// Rejected: the same *SyntaxError, unless the Builder
			// refused a value before the scanner got there.
			if want := suiteBuilderFirst[name][i]; want != "" {
				var re *RecordError
				if !errors.As(berr, &re) || !strings.Contains(berr.Error(), want) {
					t.Errorf("builder: err %v, want a *RecordError containing %q", berr, want)
				}
				continue
			}
			var bse *SyntaxError
			if !errors.As(berr, &bse) || *bse != *se {
				t.Errorf("builder (options %d): err %v, want the scanner's %v", i, berr, se)
			}
			continue
		}
		want := suiteBuilder[name][i]
		if want != "" {
			var re *RecordError
			if !errors.As(berr, &re) || !strings.Contains(berr.Error(), want) {
				t.Errorf("builder (options %d): err %v, want a *RecordError containing %q", i, berr, want)
			}
			continue
		}
		if berr != nil {
			t.Errorf("builder (options %d): %v", i, berr)
			continue
		}
		if got.NumRows() != 1 {
			t.Errorf("builder: %d rows, want 1", got.NumRows())
		}
		// The events carry the values encoding/json decodes: the same
		// Tensor as FromValue (fields sorted, as FromValue sorts the
		// keys of Go maps).
		sorted := append([]structured.Option{structured.WithFieldOrder(structured.Sorted)}, opts...)
		got, berr = suiteBuild(in, sorted...)
		want2, ferr := suiteFromValue(in, opts...)
		if berr != nil || ferr != nil {
			t.Errorf("builder (sorted) %v, FromValue %v", berr, ferr)
			continue
		}
		if !structured.Equal(got, want2) {
			t.Errorf("builder (options %d):\n%v\nFromValue:\n%v", i, got, want2)
		}
	}
}

// TestJSONTestSuiteRead reads every JSONTestSuite file with the public
// reader, as one document, as an array of rows and as NDJSON, in one block
// and in tiny blocks on several goroutines: the reader finds a syntax
// error exactly where the scanner does on the whole input (or a record
// that does not fit starting before it), and none where the scanner finds
// none.
func TestJSONTestSuiteRead(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(suiteDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	layouts := []struct {
		format Format
		scan   func(*scanner, []byte) error
	}{
		{Document, (*scanner).ScanDocument},
		{Array, (*scanner).ScanArray},
		{NDJSON, (*scanner).ScanNDJSON},
	}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		in, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			within(t, func() {
				for _, l := range layouts {
					readAgrees(t, in, l.format, l.scan)
				}
			})
		})
	}
}

// readAgrees checks that ReadTensor of in in format f, with each of
// configs (by default: in one block, and in tiny blocks on several
// goroutines), finds the *SyntaxError scan finds on the whole input (or a
// *RecordError for a record starting before it), and none where scan
// finds none; an input with the signature of another format (a UTF-16
// byte order mark) is ErrNotText instead.
func readAgrees(t *testing.T, in []byte, f Format, scan func(*scanner, []byte) error, configs ...[]Option) {
	t.Helper()
	want := scan(newScanner(nopEvents{}), in)
	var wantSE *SyntaxError
	errors.As(want, &wantSE)
	if configs == nil {
		configs = [][]Option{{WithParallelism(1)}, tinyBlocks}
	}
	for _, opts := range configs {
		_, err := ReadTensor(bytes.NewReader(in), append(opts, WithFormat(f))...)
		var se *SyntaxError
		var re *RecordError
		isSE := errors.As(err, &se)
		switch {
		case sniff.Magic(in) != sniff.Text:
			// A UTF-16 byte order mark: refused before parsing.
			if wantSE == nil || !errors.Is(err, ErrNotText) {
				t.Errorf("format %d: the reader: %v, want ErrNotText (the scanner: %v)", f, err, want)
			}
		case wantSE == nil && isSE:
			t.Errorf("format %d: the reader finds %v, the scanner no syntax error", f, se)
		case wantSE != nil && isSE && *se != *wantSE:
			t.Errorf("format %d: the reader finds %v, the scanner %v", f, se, wantSE)
		case wantSE != nil && !isSE && !(errors.As(err, &re) && re.Offset <= wantSE.Offset):
			t.Errorf("format %d: the reader: %.300v (%T), the scanner %v", f, err, err, wantSE)
		}
	}
}

// tinyBlocks reads in blocks of one element or line, on three goroutines.
var tinyBlocks = []Option{WithParallelism(3), withBlockBytes(1)}
