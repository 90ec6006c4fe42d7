package jsonscan

import (
	"fmt"
	"strings"
	"testing"
)

// skipCases are values, valid and not, that skip must end or fail on
// exactly as value does.
var skipCases = []string{
	`1`, `-0.5e+3`, `"a\"b"`, `true`, `false`, `null`, `{}`, `[]`, `[ ]`, `{ }`,
	`{"a":1,"b":[1,2,{"c":"d"}],"e":{}}`, ` [1 , 2 ] `, `{"a" : { "b" : [ ] } }`,
	`[1,]`, `[,1]`, `{"a":1,}`, `{"a" 1}`, `{1:2}`, `[1 2]`, `{"a":1 "b":2}`,
	`[`, `{`, `{"a":`, `[1,`, `"abc`, `tru`, `nul`, `-`, `1.`, `1e`, `01`, `[}`, `{]`,
	`{"a":[1,2}`, `[{"a":1]`, `x`, `"\u00e9\n"`, "\"\x01\"", "\"\xff\"", `[[[[]]]]`,
	strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	strings.Repeat(`{"a":`, 50) + "1" + strings.Repeat("}", 50),
	`{"a":1}}`, `[1]]`, `1 2`,
}

// checkSkip compares skip with value under a sink of no events (how a
// key was skipped before skip), on in.
func checkSkip(t *testing.T, in string) {
	data := []byte(in)
	s := New(NopEvents{})
	s.reset(data, 0)
	s.skipSpace()
	start := s.pos
	err := s.skip()
	r := New(NopEvents{})
	r.reset(data, start)
	wantErr := r.value()
	if fmt.Sprint(err) != fmt.Sprint(wantErr) || err == nil && (s.pos != r.pos || s.depth != r.depth) {
		t.Errorf("%.80q: skip ended at %d depth %d (%v), value at %d depth %d (%v)", in, s.pos, s.depth, err, r.pos, r.depth, wantErr)
	}
}

func TestSkipAsValue(t *testing.T) {
	for _, in := range skipCases {
		checkSkip(t, in)
	}
}

func FuzzSkip(f *testing.F) {
	for _, in := range skipCases {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.TrimSpace(in) == "" {
			return
		}
		checkSkip(t, in)
	})
}
