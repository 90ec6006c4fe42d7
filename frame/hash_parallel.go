package frame

import (
	"runtime"
	"sync"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// grpParallelRows is the fewest rows a one-column grouping splits over
// the cores (a variable for tests): below it, the goroutines cost more
// than they save.
var grpParallelRows = 1 << 18

// grpSampleRows are the first rows grouped to guess the number of
// groups: the parts' groups are merged in a map, which many groups (a
// key nearly a row) make cost more than the cores save.
const grpSampleRows = 4096

// grpManyGroups reports whether a sample's groups are too many for a
// split grouping: more than one row in eight a group.
func grpManyGroups(sample *grpGroups) bool { return sample.n > (len(sample.ids)+7)/8 }

// grpSplitOffsets is grpSingleOffsets on every core: the rows are cut in
// parts (at multiples of 8 rows, so that each part's validity starts at a
// byte), each part is grouped on its own, and the parts' groups are then
// numbered in order of first appearance over all rows, as one pass gives
// them: the first part's groups as they are, then each later part's
// groups that no earlier part holds, in their own order.
func grpSplitOffsets[O int32 | int64](offs []O, data []byte, valid []byte) *grpGroups {
	n := len(offs) - 1
	parts := min(runtime.GOMAXPROCS(0), 8)
	if n < grpParallelRows || parts < 2 || grpManyGroups(grpSingleOffsets(offs[:min(n, grpSampleRows)+1], data, valid)) {
		return grpSingleOffsets(offs, data, valid)
	}
	step := (n/parts + 7) &^ 7
	var bounds []int
	for lo := 0; lo < n; lo += step {
		bounds = append(bounds, lo)
	}
	bounds = append(bounds, n)
	gs := make([]*grpGroups, len(bounds)-1)
	var wg sync.WaitGroup
	for p := range gs {
		wg.Go(func() {
			lo, hi := bounds[p], bounds[p+1]
			var v []byte
			if valid != nil {
				v = valid[lo/8:]
			}
			// (data starts at offs[0]'s byte: a part's at its first offset's)
			gs[p] = grpSingleOffsets(offs[lo:hi+1], data[offs[lo]-offs[0]:], v)
		})
	}
	wg.Wait()
	total := 0
	for _, g := range gs {
		total += g.n
	}
	if total > n/4 {
		// Many groups after all (the sample's rows were not like the
		// rest): merging them in a map would cost more than one pass.
		return grpSingleOffsets(offs, data, valid)
	}

	s := unsafe.String(unsafe.SliceData(data), len(data))
	base := offs[0]
	keyOf := func(row int) (string, bool) {
		if valid != nil && !bitutil.BitIsSet(valid, row) {
			return "", false
		}
		return s[offs[row]-base : offs[row+1]-base], true
	}
	out := &grpGroups{ids: make([]int32, n)}
	global := make(map[string]int32, gs[0].n)
	nullID := int32(-1)
	remap := []int32{}
	for p, g := range gs {
		lo := bounds[p]
		remap = remap[:0]
		for _, f := range g.first {
			row := lo + int(f)
			k, ok := keyOf(row)
			var id int32
			switch {
			case !ok && nullID >= 0:
				id = nullID
			case !ok:
				id = int32(len(out.first))
				nullID = id
				out.first = append(out.first, int32(row))
			default:
				var seen bool
				if id, seen = global[k]; !seen {
					id = int32(len(out.first))
					global[k] = id
					out.first = append(out.first, int32(row))
				}
			}
			remap = append(remap, id)
		}
		ids := out.ids[lo:bounds[p+1]]
		if p == 0 {
			copy(ids, g.ids) // (the first part's ids are the global ones)
			continue
		}
		for i, id := range g.ids {
			ids[i] = remap[id]
		}
	}
	out.n = len(out.first)
	return out
}
