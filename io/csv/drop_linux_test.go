package csv

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/structframe/structframe/internal/mmapfile"
)

// TestOnePassDropsMappedChunks: a one-pass read of a mapped file leaves
// each chunk it has filled out of the process's resident memory (on
// flat.csv, W1's peak RSS went from 203 to 120 MB), and still reads what the two passes read over bytes in memory, with a
// column retyped after the sample (read again from dropped pages) or
// not.
func TestOnePassDropsMappedChunks(t *testing.T) {
	for _, late := range []int{50, 1 << 30} {
		data := onePassFile(rand.New(rand.NewPCG(uint64(late), 7)), 20000, late)
		path := filepath.Join(t.TempDir(), "t.csv")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		opts := []Option{WithComment('#'), WithParallelism(3), withChunkBytes(32 << 10), withSampleRows(50)}

		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		mapped, unmap, ok := mmapfile.Map(f)
		f.Close()
		if !ok {
			t.Skip("the file was not mapped")
		}
		cfg := makeConfig(opts)
		cfg.mapping = mapped
		header, next, _, _, _ := cfg.readRecord(mapped, 0, true)
		l, err := newLayout(&cfg, header)
		if err != nil {
			t.Fatal(err)
		}
		arrs, n, ok := l.onePass(l.scanner(mapped, true), next)
		rss := mappingRSS(t, mapped)
		for _, a := range arrs {
			a.Release()
		}
		unmap()
		if !ok || n != 20000 {
			t.Fatalf("late cell at %d: one pass %v, %d rows", late, ok, n)
		}
		// (A column retyped after the sample is read again, its pages
		// mapped again.)
		if late > 20000 && rss > len(data)/4 {
			t.Errorf("late cell at %d: %d of the file's %d bytes still resident after the read", late, rss, len(data))
		}

		got, err := ReadFile(path, opts...)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Read(bytes.NewReader(data), append(opts, withTwoPass())...)
		if err != nil {
			t.Fatal(err)
		}
		if !frameEqual(t, got, want) {
			t.Errorf("late cell at %d: ReadFile differs from the two passes over the bytes", late)
		}
	}
}

// mappingRSS is the resident size of the mapping that starts at b, from
// /proc/self/smaps.
func mappingRSS(t *testing.T, b []byte) int {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	start := fmt.Sprintf("%x-", uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if first, _, _ := strings.Cut(line, " "); !strings.HasSuffix(first, ":") { // a mapping's first line: its address range

			in = strings.HasPrefix(line, start)
			continue
		}
		if in && strings.HasPrefix(line, "Rss:") {
			kb, err := strconv.Atoi(strings.Fields(line)[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no mapping at %s in /proc/self/smaps", start)
	return 0
}
