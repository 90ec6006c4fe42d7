package ipc

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// DefaultMaxBuffer is the largest buffer a reader allocates unless
// [WithMaxBuffer] says otherwise: 4 GiB.
const DefaultMaxBuffer = 4 << 30

// WithMaxBuffer sets the largest single buffer a reader allocates, in
// bytes: a decompressed buffer or a stream message body. The sizes come
// from the input; a corrupt or hostile one could ask for terabytes, which
// would kill the process instead of giving an error. n <= 0 means
// [DefaultMaxBuffer]. Buffers of a mapped or in-memory file are not
// allocated and not limited. Reading.
func WithMaxBuffer(n int) Option { return func(c *config) { c.maxBuffer = n } }

// limitAllocator refuses allocations above max. arrow-go allocates
// through it while decoding a message and has no error path there: the
// refusal is a panic, which arrow-go's RecordBatchAt recovers and our
// guard (source.go) recovers elsewhere, giving an error.
type limitAllocator struct {
	memory.Allocator
	max int
}

func (a limitAllocator) check(n int) {
	if n > a.max {
		panic(fmt.Errorf("a buffer of %d bytes exceeds the limit of %d (WithMaxBuffer)", n, a.max))
	}
}

func (a limitAllocator) Allocate(n int) []byte {
	a.check(n)
	return a.Allocator.Allocate(n)
}

func (a limitAllocator) Reallocate(n int, b []byte) []byte {
	a.check(n)
	return a.Allocator.Reallocate(n, b)
}
