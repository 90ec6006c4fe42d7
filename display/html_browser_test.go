package display

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chromium finds a headless-capable Chromium, or skips the test (fails it
// under CI, where .ci/run installs the Debian package chromium).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium not found, and CI is set: .ci/run installs the Debian package chromium")
	}
	t.Skip("chromium not found: install it (apt-get install chromium) to render the HTML tables in a browser")
	return ""
}

// runChromium runs headless Chromium on args; the deadline only stops a
// browser that hangs, it asserts nothing about speed.
func runChromium(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes()
}

// artifactDir is where the screenshot is kept for a person to look at:
// $STRUCTFRAME_ARTIFACTS if set, else a folder in the system's temp dir.
func artifactDir(t *testing.T) string {
	dir := os.Getenv("STRUCTFRAME_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "structframe-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHTMLInChromium renders the HTML tables in a real browser: the DOM
// Chromium builds must hold the cells as printed (nested headers, the
// index, nulls apart from empties, escaped markup as text, folded lists
// that keep their full view), and a screenshot is taken for people.
func TestHTMLInChromium(t *testing.T) {
	bin := chromium(t)
	var page strings.Builder
	page.WriteString("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>structframe</title></head><body>\n")
	for _, html := range []string{
		HTML(anchor(t), WithExpand(true)),
		HTML(escaping(t)),
		HTML(sampleRecipes(t), WithMaxRows(4)),
		HTML(cjk(t)),
	} {
		page.WriteString(html)
	}
	page.WriteString("</body></html>\n")
	dir := t.TempDir()
	file := filepath.Join(dir, "tables.html")
	if err := os.WriteFile(file, []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	url := "file://" + file
	dom := string(runChromium(t, bin, "--dump-dom", url))
	tables := strings.Split(dom, "<table")
	if len(tables) != 5 {
		t.Fatalf("the browser's DOM has %d tables, want 4:\n%s", len(tables)-1, dom)
	}
	// The anchor table, expanded: two header levels over addr and orders,
	// one row per customer and one per order.
	anchorT := parseTable(t, "<table"+tables[1])
	if anchorT.columns != 8 {
		t.Errorf("anchor table: %d columns, want 8 (index, id, name, city, zip, tags, sku, qty)", anchorT.columns)
	}
	wantRows := [][]string{
		{"0", "1", "ann", "Oslo", "0150", `▶ ["a", "b", "c", … +1, "e"]`, "[2 items]", ""},
		{"├ 0", "", "", "", "", "", "x1", "2"},
		{"└ 1", "", "", "", "", "", "y9", "1"},
		{"1", "2", "bob", "Rome", "null", "[]", "[]", ""},
		{"2", "3", "null", "null", "", "null", "[1 item]", ""},
		{"└ 0", "", "", "", "", "", "z3", "5"},
	}
	if len(anchorT.body) != len(wantRows) {
		t.Fatalf("anchor table: %d body rows, want %d: %q", len(anchorT.body), len(wantRows), anchorT.body)
	}
	for r, want := range wantRows {
		for c := range want {
			got := anchorT.body[r][c]
			// Chromium draws the ▶ marker; the DOM holds the summary.
			want[c] = strings.TrimPrefix(want[c], "▶ ")
			if got != want[c] {
				t.Errorf("anchor row %d cell %d = %q, want %q", r, c, got, want[c])
			}
		}
	}
	if !strings.Contains(anchorT.header[0][3], "addr") || !strings.Contains(anchorT.header[0][5], "orders") {
		t.Errorf("anchor header's first row = %q, want addr and orders as groups", anchorT.header[0])
	}
	// Markup in the data is text in the browser.
	escT := parseTable(t, "<table"+tables[2])
	if got := escT.body[0][1]; got != "<script>alert('x')</script>" {
		t.Errorf("escaped cell reads %q in the browser", got)
	}
	if strings.Contains(dom, "<script>alert") {
		t.Errorf("the browser built a script element from the data")
	}
	// A folded list keeps its full view inside <details>.
	if !strings.Contains(dom, "<details><summary>") || !strings.Contains(dom, "golden beef") {
		t.Errorf("the recipes table lost its folded lists")
	}

	shot := filepath.Join(artifactDir(t), "display_html_tables.png")
	runChromium(t, bin, "--screenshot="+shot, "--window-size=1400,1600", "--hide-scrollbars", url)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", shot, err)
	}
	// Something was drawn: the page is not one flat colour.
	b := img.Bounds()
	first := img.At(b.Min.X, b.Min.Y)
	drawn := false
	for y := b.Min.Y; y < b.Max.Y && !drawn; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			if img.At(x, y) != first {
				drawn = true
				break
			}
		}
	}
	if !drawn {
		t.Errorf("the screenshot %s is blank", shot)
	}
	t.Logf("screenshot kept at %s (%dx%d)", shot, b.Dx(), b.Dy())
}
