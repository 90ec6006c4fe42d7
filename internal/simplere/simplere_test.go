package simplere

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCompileSubset: the patterns of the subset compile; those that
// would need backtracking, or features outside it, are refused.
func TestCompileSubset(t *testing.T) {
	for _, c := range []struct {
		pattern string
		ok      bool
	}{
		{`_[0-9]+$`, true},
		{`[A-Z]{3}-\d{4}`, true},
		{`^\s+`, true},
		{`abc`, true},
		{`^$`, true},
		{`(\d+)-(\d+)`, true},
		{`a.*?`, true},
		{`x[^,]*,`, true},
		{`[0-9]+5`, false},  // 5 is a digit: how many digits to take is a choice
		{`a*b*`, false},     // a repetition of zero or more after a repetition
		{`.*x`, false},      // any rune may be x
		{`a|bc`, false},     // alternation
		{`(?i)abc`, false},  // case folding
		{`(?m)^a`, false},   // line anchors
		{`\bword\b`, false}, // word boundaries
		{`(ab)+`, false},    // repetition of more than one rune
		{`[`, false},        // invalid
		{"a\uFFFDb", false}, // U+FFFD also stands for invalid bytes
	} {
		if _, ok := Compile(c.pattern); ok != c.ok {
			t.Errorf("Compile(%q) ok = %v, want %v", c.pattern, ok, c.ok)
		}
	}
}

// TestAgreesWithRegexp compares every operation with Go's regexp over
// random patterns of the subset (and near it) and random texts with
// non-ASCII runes, newlines and invalid bytes.
func TestAgreesWithRegexp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	compiled := 0
	for trial := 0; trial < 4000; trial++ {
		pattern := randomPattern(rng)
		m, ok := Compile(pattern)
		if !ok {
			continue
		}
		compiled++
		re := regexp.MustCompile(pattern)
		for k := 0; k < 30; k++ {
			s := randomText(rng)
			compare(t, pattern, re, m, s)
		}
	}
	if compiled < 1000 {
		t.Fatalf("only %d of 4000 random patterns compiled: the test covers too little", compiled)
	}
}

func compare(t *testing.T, pattern string, re *regexp.Regexp, m *Matcher, s string) {
	t.Helper()
	if got, want := m.MatchString(s), re.MatchString(s); got != want {
		t.Fatalf("%q on %q: MatchString %v, regexp %v", pattern, s, got, want)
	}
	if got, want := m.FindStringIndex(s), re.FindStringIndex(s); !slices.Equal(got, want) {
		t.Fatalf("%q on %q: FindStringIndex %v, regexp %v", pattern, s, got, want)
	}
	var want []int
	for _, loc := range re.FindAllStringIndex(s, -1) {
		want = append(want, loc...)
	}
	if got := m.AppendAllIndex(nil, s); !slices.Equal(got, want) {
		t.Fatalf("%q on %q: AppendAllIndex %v, regexp %v", pattern, s, got, want)
	}
	if got := m.CountAll(s); got != len(want)/2 {
		t.Fatalf("%q on %q: CountAll %d, regexp %d", pattern, s, got, len(want)/2)
	}
	if got, want := string(m.AppendReplaceAll(nil, s, "<$1>")), re.ReplaceAllLiteralString(s, "<$1>"); got != want {
		t.Fatalf("%q on %q: AppendReplaceAll %q, regexp %q", pattern, s, got, want)
	}
}

var (
	atoms = []string{`a`, `b`, `_`, `-`, ` `, `é`, `日`, `[0-9]`, `\d`, `[a-z]`, `[^a]`, `[^,]`, `\s`, `\w`, `.`, `(?s:.)`, `[é日]`, `[\x{80}-\x{10FFFF}]`, `\pL`}
	reps  = []string{``, ``, ``, `*`, `+`, `?`, `{2}`, `{1,3}`, `{2,}`, `*?`, `+?`, `??`, `{1,2}?`}
)

func randomPattern(rng *rand.Rand) string {
	var b strings.Builder
	if rng.IntN(4) == 0 {
		b.WriteString("^")
	}
	n := 1 + rng.IntN(4)
	for i := 0; i < n; i++ {
		atom := atoms[rng.IntN(len(atoms))]
		if rng.IntN(6) == 0 {
			atom = "(" + atom + ")"
		}
		b.WriteString(atom + reps[rng.IntN(len(reps))])
	}
	if rng.IntN(3) == 0 {
		b.WriteString("$")
	}
	return b.String()
}

var pieces = []string{"a", "b", "_", "-", " ", "1", "42", "é", "日", "\n", ",", "\xff", "\xe2\x82", "aa", "_7"}

func randomText(rng *rand.Rand) string {
	var b strings.Builder
	n := rng.IntN(9)
	for i := 0; i < n; i++ {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// FuzzAgreesWithRegexp compares with Go's regexp on any pattern the
// subset accepts and any text.
func FuzzAgreesWithRegexp(f *testing.F) {
	f.Add(`_[0-9]+$`, "Kuneha_48")
	f.Add(`[A-Z]{3}-\d{4}`, "id ABC-1234, XYZ-99")
	f.Add(`a*?`, "baaa")
	f.Add(`^\s+`, "  \xff x")
	f.Fuzz(func(t *testing.T, pattern, s string) {
		m, ok := Compile(pattern)
		if !ok {
			return
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			t.Fatalf("%q compiled here but not by regexp: %v", pattern, err)
		}
		compare(t, pattern, re, m, s)
	})
}

func BenchmarkReplaceAll(b *testing.B) {
	names := make([]string, 1000)
	for i := range names {
		names[i] = "Kuneha_" + strings.Repeat("4", 1+i%3)
	}
	m, _ := Compile(`_[0-9]+$`)
	re := regexp.MustCompile(`_[0-9]+$`)
	b.Run("simplere", func(b *testing.B) {
		var dst []byte
		for b.Loop() {
			for _, s := range names {
				dst = m.AppendReplaceAll(dst[:0], s, "")
			}
		}
	})
	b.Run("regexp", func(b *testing.B) {
		for b.Loop() {
			for _, s := range names {
				_ = re.ReplaceAllString(s, "")
			}
		}
	})
}
