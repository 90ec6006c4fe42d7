package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatal(...any)          { r.failed = true }

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.golden")
	if err := os.WriteFile(path, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		got  string
		fail bool
	}{{"a\n", false}, {"b\n", true}, {"a", true}} {
		r := &recorder{TB: t}
		Check(r, path, []byte(c.got))
		if r.failed != c.fail {
			t.Errorf("Check(%q) failed = %v, want %v", c.got, r.failed, c.fail)
		}
	}
}
