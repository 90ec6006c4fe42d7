package adbc

import (
	"strconv"

	"github.com/apache/arrow-adbc/go/adbc"
)

// Existing says what [Ingest] does when the table exists, in the words
// io/dataset's and io/flightsql's WithExisting use.
type Existing uint8

const (
	// ErrorIfExists creates the table and fails if it exists (the
	// default; ADBC's ingest mode "create").
	ErrorIfExists Existing = iota
	// Overwrite replaces the table, dropping the one there (ADBC's
	// "replace").
	Overwrite
	// Append adds the rows to the table, creating it if it is missing
	// (ADBC's "create_append").
	Append
)

// String names the mode as its constant.
func (e Existing) String() string {
	switch e {
	case ErrorIfExists:
		return "ErrorIfExists"
	case Overwrite:
		return "Overwrite"
	case Append:
		return "Append"
	}
	return "Existing(" + strconv.Itoa(int(e)) + ")"
}

// mode is the ADBC ingest mode of e.
func (e Existing) mode() string {
	switch e {
	case Overwrite:
		return adbc.OptionValueIngestModeReplace
	case Append:
		return adbc.OptionValueIngestModeCreateAppend
	}
	return adbc.OptionValueIngestModeCreate
}

// Option configures [Ingest]. Each option's doc says the side it
// concerns, as in every io package; all of this package's are Writing.
type Option func(*config)

// DefaultBatchSize is the rows of a record batch bound by default.
const DefaultBatchSize = 64 << 10

type config struct {
	existing  Existing
	batchRows int
}

func makeConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.batchRows <= 0 {
		c.batchRows = DefaultBatchSize
	}
	return c
}

// WithExisting says what [Ingest] does with a table that exists (default
// ErrorIfExists). Writing.
func WithExisting(e Existing) Option { return func(c *config) { c.existing = e } }

// WithBatchSize sets the rows of each record batch [Ingest] binds
// (default DefaultBatchSize): the Frame is bound in slices of that many
// rows, without copying. Writing.
func WithBatchSize(rows int) Option { return func(c *config) { c.batchRows = rows } }
