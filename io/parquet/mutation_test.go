package parquet

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"testing"

	"github.com/structframe/structframe/io/json"
)

// mutationFile is a Parquet file the mutation test corrupts, with the
// column paths and the filter column it reads it with.
type mutationFile struct {
	name   string
	data   []byte
	paths  []string
	filter string
	known  []int // footer offsets whose 0xff once crashed the process: always tried
}

// mutationFiles are a file of nested columns (lists of structs, strings,
// nulls, dictionary-encoded strings, the command's conversion of
// testdata/recipes.json) and one of every kind of column, a map and an
// Arrow dictionary among them, in row groups of two rows.
func mutationFiles(t *testing.T) []mutationFile {
	recipes, err := json.ReadFile("../../testdata/recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	return []mutationFile{
		{name: "recipes", data: writeBytes(t, recipes), paths: []string{"ingredients.name", "recipe.serves", "tags"}, filter: "id",
			// set to 0xff, these bytes of the footer made a column chunk's
			// size negative: arrow-go's make([]byte, size) panicked on a
			// goroutine of pqarrow's, killing the process
			known: []int{4746, 4854, 4975, 5069, 5160, 5280, 5473, 5564, 5669}},
		{name: "kinds", data: writeBytes(t, kindFrame(t), WithRowGroupRows(2)), paths: []string{"map.key", "recs.tags", "dict"}, filter: "i64"},
	}
}

// mutation is one corruption of a file: the bytes at off replaced.
type mutation struct {
	off int
	put []byte
}

// mutations lists (a) every byte of the footer set to 0xff and to 0x00
// and (b) the little-endian int32s 0x7fffffff (bytes ff ff ff 7f), 0 and
// -2^31 written over every four bytes of the file, leaving out those that change nothing. Unless full,
// a sample: about limit of them, evenly spread, and the known offsets.
func mutations(data []byte, known []int, full bool, limit int) []mutation {
	footer := len(data) - 8 - int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	var all []mutation
	for off := footer; off < len(data); off++ {
		for _, b := range []byte{0xff, 0x00} {
			all = append(all, mutation{off, []byte{b}})
		}
	}
	for off := 0; off+4 <= len(data); off += 4 {
		for _, v := range []uint32{0x7fffffff, 0, 0x80000000} {
			all = append(all, mutation{off, binary.LittleEndian.AppendUint32(nil, v)})
		}
	}
	keep := all[:0]
	for _, m := range all {
		if !bytes.Equal(data[m.off:m.off+len(m.put)], m.put) {
			keep = append(keep, m)
		}
	}
	all = keep
	if full || len(all) <= limit {
		return all
	}
	var sample []mutation
	step := len(all) / limit
	for i := step / 2; i < len(all); i += step {
		sample = append(sample, all[i])
	}
	for _, off := range known {
		if off < len(data) && data[off] != 0xff {
			sample = append(sample, mutation{off, []byte{0xff}})
		}
	}
	return sample
}

// TestMutations corrupts Parquet files with nested columns byte by byte
// and reads each corrupted file every way, then prints and converts what
// it read: every read gives a Frame or an error, never a panic nor a
// fatal error (an allocation of what a corrupt count says). The default
// run tries a sample of the mutations; STRUCTFRAME_MUTATION=full tries
// them all (about 12,000 per file).
func TestMutations(t *testing.T) {
	full := os.Getenv("STRUCTFRAME_MUTATION") == "full"
	for _, mf := range mutationFiles(t) {
		t.Run(mf.name, func(t *testing.T) {
			var c tally
			readEveryWay(t, mf.name, t.TempDir(), mf.data, mf.paths, mf.filter, &c)
			if c.failed != 0 {
				t.Fatalf("the file before corruption: %d reads failed", c.failed)
			}
			ms := mutations(mf.data, mf.known, full, 15)
			dir := t.TempDir()
			buf := make([]byte, len(mf.data))
			var total tally
			readsFailed, late := 0, 0
			for _, m := range ms {
				copy(buf, mf.data)
				copy(buf[m.off:], m.put)
				c = tally{}
				what := fmt.Sprintf("%s with % x at %d", mf.name, m.put, m.off)
				readEveryWay(t, what, dir, buf, mf.paths, mf.filter, &c)
				if c.late != nil && late < 5 {
					late++
					t.Logf("%s: %v", what, c.late)
				}
				total.ok += c.ok
				total.failed += c.failed
				if c.failed > 0 {
					readsFailed++
				}
			}
			t.Logf("%s: %d bytes, %d mutations (%d with an error from some read, %d read fine every way); %d reads gave a Frame, %d an error",
				mf.name, len(mf.data), len(ms), readsFailed, len(ms)-readsFailed, total.ok, total.failed)
		})
	}
}
