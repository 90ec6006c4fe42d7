package ipc

import (
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Format is the Arrow IPC layout read or written.
type Format uint8

const (
	// Auto reads either layout, told apart by the file format's leading
	// "ARROW1" magic; writing, Auto is [File].
	Auto Format = iota
	// File is the IPC file format (Feather v2): magic, stream of
	// messages, footer with the position of every record batch.
	File
	// Stream is the IPC streaming format: a schema message followed by
	// dictionary and record batch messages, for pipes and sockets.
	Stream
)

// Compression is the codec of written record batch bodies.
type Compression uint8

const (
	// Uncompressed writes buffers as they are (the default): a file that
	// [ReadFile] maps without copying.
	Uncompressed Compression = iota
	// LZ4 compresses every buffer with the LZ4 frame format.
	LZ4
	// Zstd compresses every buffer with Zstandard.
	Zstd
)

// Option configures reading and writing. Each option's doc says the side
// it concerns (Reading, Writing, or Reading and writing); the other side
// ignores it, so one option list can serve a read and the write that
// follows.
type Option func(*config)

// config is what the options set, for both sides.
type config struct {
	format      Format
	compression Compression
	batchRows   int
	metadata    map[string]string
	mem         memory.Allocator
	noMmap      bool
	maxBuffer   int
	noValidate  bool
	decodeDict  bool
}

func makeConfig(opts []Option) config {
	c := config{}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.mem == nil {
		c.mem = memory.DefaultAllocator
	}
	if c.maxBuffer <= 0 {
		c.maxBuffer = DefaultMaxBuffer
	}
	return c
}

// WithFormat sets the layout read or written (default [Auto]: detected on
// read, [File] on write). Reading and writing.
func WithFormat(f Format) Option { return func(c *config) { c.format = f } }

// WithCompression compresses the record batches written with the given
// codec (default [Uncompressed]). Reading needs no option: compressed
// input is detected per batch. Writing.
func WithCompression(codec Compression) Option {
	return func(c *config) { c.compression = codec }
}

// WithBatchSize writes the rows in record batches of at most n rows (the
// default, n <= 0, is one batch per Frame written: a file that reads back
// without copying, as a Frame over several batches is concatenated).
// Writing (a Reader's batches are the input's).
func WithBatchSize(n int) Option { return func(c *config) { c.batchRows = n } }

// WithMetadata sets key/value metadata of the schema written, beside the
// Frame's columns (readers keep it: [Reader.ArrowSchema]). Writing.
func WithMetadata(kv map[string]string) Option {
	return func(c *config) {
		c.metadata = make(map[string]string, len(kv))
		for k, v := range kv {
			c.metadata[k] = v
		}
	}
}

// WithAllocator sets the allocator of the memory a reader allocates
// (stream messages, decompressed buffers); the default is Go's heap. The
// memory is released once no value reads it. Reading.
func WithAllocator(mem memory.Allocator) Option { return func(c *config) { c.mem = mem } }

// WithMmap(false) makes [ReadFile] and [OpenFile] read the file through
// ordinary reads instead of mapping it into memory (the default where
// the system allows): each record batch is copied into memory of the
// reader's allocator, and the Frames read never read the file again.
// Use it in long-lived services and for files other processes may
// truncate or rewrite in place: a mapped Frame whose file shrinks faults
// (SIGBUS) when read (see [ReadFile]). Reading.
func WithMmap(on bool) Option { return func(c *config) { c.noMmap = !on } }
