package ipc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
)

// A mutation is one corruption of an input: bytes written at a position.
type mutation struct {
	at   int
	with []byte
}

func (m mutation) apply(data []byte) []byte {
	out := bytes.Clone(data)
	copy(out[m.at:], m.with)
	return out
}

// mutations lists the corruptions of data: with footer, every byte of
// the file format's footer (flatbuffer, length and magic) set to 0xff
// and to 0x00; and 4-byte words 0x7fffffff, 0x00000000 and 0x80000000
// written every 4 bytes across the input. With step > 1, every step-th
// position is taken, with one of its values in turn.
func mutations(data []byte, footer bool, step int) []mutation {
	var out []mutation
	add := func(k, at int, values [][]byte) {
		switch {
		case step == 1:
			for _, v := range values {
				out = append(out, mutation{at, v})
			}
		case k%step == 0:
			out = append(out, mutation{at, values[(k/step)%len(values)]})
		}
	}
	if footer {
		n := int(binary.LittleEndian.Uint32(data[len(data)-10:]))
		for k, at := 0, len(data)-10-n; at < len(data); k, at = k+1, at+1 {
			add(k, at, [][]byte{{0xff}, {0x00}})
		}
	}
	words := [][]byte{{0xff, 0xff, 0xff, 0x7f}, {0, 0, 0, 0}, {0, 0, 0, 0x80}}
	for k, at := 0, 0; at+4 <= len(data); k, at = k+1, at+4 {
		add(k, at, words)
	}
	return out
}

// readWays are the ways a mutated input is read: each returns the
// Frames read (one per batch for the batch readers) or an error.
var readWays = []struct {
	name string
	read func(path string, data []byte, use func(*frame.Frame) int) (int, error)
}{
	{"ReadFile", func(path string, _ []byte, useFrame func(*frame.Frame) int) (int, error) {
		f, err := ReadFile(path, WithMaxBuffer(mutationMaxBuffer))
		if err != nil {
			return 0, err
		}
		return 1 + useFrame(f), nil
	}},
	{"ReadFile WithMmap(false)", func(path string, _ []byte, useFrame func(*frame.Frame) int) (int, error) {
		f, err := ReadFile(path, WithMaxBuffer(mutationMaxBuffer), WithMmap(false))
		if err != nil {
			return 0, err
		}
		return 1 + useFrame(f), nil
	}},
	{"Read", func(_ string, data []byte, useFrame func(*frame.Frame) int) (int, error) {
		f, err := Read(bytes.NewReader(data), WithMaxBuffer(mutationMaxBuffer))
		if err != nil {
			return 0, err
		}
		return 1 + useFrame(f), nil
	}},
	{"OpenFile batches", func(path string, _ []byte, useFrame func(*frame.Frame) int) (int, error) {
		r, err := OpenFile(path, WithMaxBuffer(mutationMaxBuffer))
		if err != nil {
			return 0, err
		}
		defer r.Close()
		n := 0
		for r.Next() {
			n += 1 + useFrame(r.Frame())
		}
		return n, r.Err()
	}},
	{"NewReader batches", func(_ string, data []byte, useFrame func(*frame.Frame) int) (int, error) {
		r := NewReader(bytes.NewReader(data), WithMaxBuffer(mutationMaxBuffer))
		defer r.Close()
		n := 0
		for r.Next() {
			n += 1 + useFrame(r.Frame())
		}
		return n, r.Err()
	}},
	{"ReadFile, columns projected", func(path string, _ []byte, useFrame func(*frame.Frame) int) (int, error) {
		f, err := ReadFile(path, WithMaxBuffer(mutationMaxBuffer))
		if err != nil {
			return 0, err
		}
		cols := f.Columns()
		if len(cols) > 2 {
			cols = cols[len(cols)-2:]
		}
		return 1 + useFrame(f.Select(cols...)), nil
	}},
}

// mutationMaxBuffer bounds each buffer a mutated read allocates: the
// inputs are a few kilobytes.
const mutationMaxBuffer = 16 << 20

// TestMutations corrupts an Arrow file and an Arrow stream of nested
// columns (lists of structs, strings, nulls, a dictionary column): the
// file's footer byte by byte, and 4-byte words across both inputs. Each
// corrupted input is read every way (mapped, copied, from memory, batch
// by batch, columns projected) and what reads is printed and converted
// to JSON, CSV and Parquet: no panic, and the process stays under 512
// MB. By default (bounded for go test -race) every 131st position is
// taken, with one value, and what the mapped read gives is converted,
// what the other ways give printed; STRUCTFRAME_MUTATION=full takes
// every position and value and converts what every way reads.
func TestMutations(t *testing.T) {
	step, full := 131, os.Getenv("STRUCTFRAME_MUTATION") == "full"
	if full {
		step = 1
	}
	printOnly := func(f *frame.Frame) int {
		_ = fmt.Sprint(f)
		return 0
	}
	dir := t.TempDir()
	var peak uint64
	for _, in := range []struct {
		name   string
		format Format
	}{{"file", File}, {"stream", Stream}} {
		data := recipesArrow(t, in.format)
		muts := mutations(data, in.format == File, step)
		outcomes := map[string][2]int{} // way: errors, successes
		panics := 0
		start := time.Now()
		for i, m := range muts {
			bad := m.apply(data)
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.arrow", in.name, i))
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			for w, way := range readWays {
				use := useFrame
				if !full && w > 0 {
					use = printOnly
				}
				p, err := readCatching(way.read, path, bad, use)
				o := outcomes[way.name]
				switch {
				case p != nil:
					panics++
					if panics <= 10 {
						t.Errorf("%s, %x at %d, %s: panic: %v", in.name, m.with, m.at, way.name, p)
					}
				case err != nil:
					o[0]++
				default:
					o[1]++
				}
				outcomes[way.name] = o
			}
			os.Remove(path)
			if i%64 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.Sys)
			}
		}
		ways := make([]string, 0, len(outcomes))
		for w := range outcomes {
			ways = append(ways, w)
		}
		sort.Strings(ways)
		t.Logf("%s of %d bytes: %d mutations in %v, %d panics", in.name, len(data), len(muts), time.Since(start).Round(time.Millisecond), panics)
		for _, w := range ways {
			t.Logf("  %-28s %5d errors %5d read", w, outcomes[w][0], outcomes[w][1])
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	peak = max(peak, ms.Sys)
	t.Logf("memory obtained from the system: %d MB", peak>>20)
	if peak > 512<<20 {
		t.Errorf("the mutated reads took %d MB from the system, above 512 MB", peak>>20)
	}
}

// readCatching runs read, returning its error or the value of its panic.
func readCatching(read func(string, []byte, func(*frame.Frame) int) (int, error), path string, data []byte, use func(*frame.Frame) int) (p any, err error) {
	defer func() {
		if r := recover(); r != nil {
			p = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	_, err = read(path, data, use)
	return nil, err
}
