package hugepage

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReportsFreePages(t *testing.T) {
	for _, c := range []struct {
		name     string
		features []string // one features file per device; none: no driver
		want     bool
	}{
		{"no balloon", nil, false},
		{"balloon without reporting", []string{"0110000100000000"}, false},
		{"balloon with reporting", []string{"0110010100000000"}, true},
		{"short features file", []string{"0110"}, false},
		{"second device reports", []string{"0000000000", "0000010000"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for i, f := range c.features {
				dev := filepath.Join(dir, "virtio"+string(rune('0'+i)))
				if err := os.Mkdir(dev, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dev, "features"), []byte(f+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := reportsFreePages(dir); got != c.want {
				t.Errorf("reportsFreePages = %v, want %v", got, c.want)
			}
		})
	}
}
