package jsonscan

import (
	"testing"
)

// skipAgrees checks that a value skipped (its key left out by the
// projection) is accepted or refused as the same value scanned: the
// same error, at the same offset, or none.
func skipAgrees(t *testing.T, in []byte) {
	t.Helper()
	doc := append(append([]byte(`{"k":`), in...), '}')
	keep := New(NopEvents{})
	kept := keep.ScanDocument(doc)
	skip := New(NopEvents{})
	skip.Proj = &Projection{Kids: map[string]*Projection{"other": nil}}
	skip.Proj.Compile()
	skipped := skip.ScanDocument(doc)
	if (kept == nil) != (skipped == nil) || kept != nil && kept.Error() != skipped.Error() {
		t.Fatalf("%q: scanned: %v; skipped: %v", doc, kept, skipped)
	}
}

var skipCases = []string{
	`1`, `-0.5e+3`, `"plain"`, `"esc\"aped\\"`, `"\u00e9\ud83d\ude00"`, "\"caf\xc3\xa9\"", "\"bad\xff\"", "\"ctl\x01\"",
	`true`, `false`, `null`, `nul`, `tru`, `[]`, `{}`, "\x01", " \x01", `[1,2,[3,{"a":[4]}]]`, `{"a":{"b":{"c":[true,null,"x"]}}}`,
	` [ 1 , 2 ] `, "{\n\"a\" : 1 ,\t\"b\":[ ]}", `[1 2]`, `[1,]`, `{"a" 1}`, `{"a":1,}`, `{a:1}`, `[`, `{"a":`,
	`"unterminated`, `01`, `1.`, `1e`, `-`, `--1`, `[-]`, `{"a":1}}`, `]`, `{"a":[1,2}`, `"a long string of plain bytes past eight"`,
	`{"k1":"v","k2":-12.5e-3,"k3":[{"x":"y"}]}`, `[0.1,1e10,-0,2E-2]`, `{"":""}`, `{"a":"b" , "c" : "d"}`,
}

func TestSkipAgrees(t *testing.T) {
	for _, c := range skipCases {
		skipAgrees(t, []byte(c))
	}
}

func FuzzSkip(f *testing.F) {
	for _, c := range skipCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, in []byte) { skipAgrees(t, in) })
}
