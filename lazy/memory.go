package lazy

import (
	"context"
	"math"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// RunOption sets how Collect, Stream and Sink run a query.
type RunOption func(*runConfig)

// runConfig is what the RunOptions set, carried by the run's context.
type runConfig struct {
	memoryLimit int64
	given       bool // WithMemoryLimit was given
	tempDir     string
	stats       *Stats
}

// Stats are counts of a run, filled by the run given WithStats.
type Stats struct {
	// SpilledBytes is the bytes the run wrote to temporary files: the
	// sorted runs of a sort and the partial groups of a group-by past
	// the memory limit.
	SpilledBytes atomic.Int64
	// SpillFiles is the temporary files it made (all removed when it
	// ends).
	SpillFiles atomic.Int64
	// InputBytes is the bytes of input the scans of text files (CSV,
	// JSON) have read so far, as their readers' InputOffset says; a
	// progress bar reads it while the run goes on.
	InputBytes atomic.Int64
}

// WithMemoryLimit bounds the memory a sort or a group-by holds: past
// bytes, a sort writes its input to temporary files as sorted runs and
// merges them, and a group-by writes its partial groups to temporary
// files, partitioned by their keys, and finishes one partition at a time
// (as DuckDB's memory_limit). The default is half of the machine's
// physical memory. The rows a scan reads, a batch at a time, and the
// result of Collect are not counted.
//
// Given, it also lowers the Go runtime's soft memory limit
// (debug.SetMemoryLimit, GOMEMLIMIT) to bytes (64 MiB at least) while
// the run lasts, if it is higher, so that the collector returns the garbage of the batches
// read before the heap doubles; the lowest limit of the runs under way
// holds, and the process's own comes back when the last ends.
func WithMemoryLimit(bytes int64) RunOption {
	return func(c *runConfig) { c.memoryLimit, c.given = bytes, bytes > 0 }
}

// WithTempDir sets the directory of the temporary files (default
// os.TempDir()) a sort or a group-by spills to past the memory limit.
// Outside Windows they are unlinked as soon as they are made, so no file
// is seen there and none is left behind, even by a killed process; their
// space is what the directory's file system must hold.
func WithTempDir(dir string) RunOption {
	return func(c *runConfig) { c.tempDir = dir }
}

// WithStats makes the run count what it does into s.
func WithStats(s *Stats) RunOption {
	return func(c *runConfig) { c.stats = s }
}

type runKey struct{}

// goLimits are the memory limits of the runs under way, and the Go
// runtime's soft limit before the first of them.
var goLimits struct {
	sync.Mutex
	active map[*runConfig]int64
	saved  int64
}

// enter lowers the Go soft memory limit to c's while c runs (see
// WithMemoryLimit); leave undoes it.
func (c *runConfig) enter() (leave func()) {
	if !c.given {
		return func() {}
	}
	goLimits.Lock()
	defer goLimits.Unlock()
	if len(goLimits.active) == 0 {
		goLimits.active = map[*runConfig]int64{}
		goLimits.saved = debug.SetMemoryLimit(-1)
	}
	goLimits.active[c] = c.memoryLimit
	setGoLimit()
	return func() {
		goLimits.Lock()
		defer goLimits.Unlock()
		delete(goLimits.active, c)
		setGoLimit()
	}
}

// minGoLimit is the lowest soft limit a run sets: below it the collector
// would run all the time for little.
const minGoLimit = 64 << 20

// setGoLimit sets the lowest of the limits of the runs under way and the
// process's own.
func setGoLimit() {
	limit := goLimits.saved
	for _, l := range goLimits.active {
		limit = min(limit, max(l, minGoLimit))
	}
	if limit <= 0 {
		limit = math.MaxInt64
	}
	debug.SetMemoryLimit(limit)
}

// withRun returns ctx carrying the configuration of opts.
func withRun(ctx context.Context, opts []RunOption) context.Context {
	c := &runConfig{memoryLimit: defaultMemoryLimit()}
	for _, o := range opts {
		o(c)
	}
	if c.memoryLimit <= 0 {
		c.memoryLimit = defaultMemoryLimit()
	}
	if c.stats == nil {
		c.stats = new(Stats)
	}
	return context.WithValue(ctx, runKey{}, c)
}

// runOf is the configuration ctx carries (the defaults if none).
func runOf(ctx context.Context) *runConfig {
	if c, ok := ctx.Value(runKey{}).(*runConfig); ok {
		return c
	}
	return &runConfig{memoryLimit: defaultMemoryLimit(), stats: new(Stats)}
}

// defaultMemoryLimit is half of the physical memory, or 2 GiB when it is
// unknown.
func defaultMemoryLimit() int64 {
	if m := physicalMemory(); m > 0 {
		return m / 2
	}
	return 2 << 30
}

// frameBytes is the bytes of f's Arrow buffers, each counted once
// however many columns or slices share it.
func frameBytes(f *frame.Frame) int64 {
	rec, err := f.ToRecordBatch()
	if err != nil {
		return 0
	}
	defer rec.Release()
	seen := map[*memory.Buffer]bool{}
	var n int64
	for _, c := range rec.Columns() {
		n += dataBytes(c.Data(), seen)
	}
	return n
}

func dataBytes(d arrow.ArrayData, seen map[*memory.Buffer]bool) int64 {
	if d == nil {
		return 0
	}
	var n int64
	for _, b := range d.Buffers() {
		if b != nil && !seen[b] {
			seen[b] = true
			n += int64(max(b.Cap(), b.Len())) // the memory held, room to grow included
		}
	}
	for _, c := range d.Children() {
		n += dataBytes(c, seen)
	}
	if d.DataType().ID() == arrow.DICTIONARY {
		n += dataBytes(d.Dictionary(), seen)
	}
	return n
}
