package json

// Format is the layout of JSON text: what a reader expects and what a
// writer produces.
type Format uint8

const (
	// Auto reads whatever the input is: a top-level array is an [Array] of
	// rows, several values one after another are [NDJSON], a single value
	// is a [Document]. Writing, Auto picks NDJSON for paths ending in
	// .ndjson or .jsonl and Array otherwise.
	Auto Format = iota
	// NDJSON is one value per line (newline-delimited JSON, JSON Lines):
	// each line is a row.
	NDJSON
	// Array is one top-level array whose elements are the rows.
	Array
	// Document is one value: read, a single object is a rank-0 Tensor (one
	// structure); written, a rank-0 Tensor is one object.
	Document
)

// Option configures reading and writing. Each option's doc says the side
// it concerns (Reading, Writing, or Reading and writing); the other side
// ignores it, so one option list can serve a read and the write that
// follows.
type Option func(*config)

// config is what the options set, for both sides.
type config struct {
	format Format
	read   readConfig  // read_options.go
	write  writeConfig // write_options.go
	dates  bool        // WithTryParseDates, read_dates.go
}

func makeConfig(opts []Option) config {
	c := config{read: defaultReadConfig(), write: defaultWriteConfig()}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// WithFormat sets the [Format] read or written; the default is [Auto].
// Reading and writing.
func WithFormat(f Format) Option { return func(c *config) { c.format = f } }
