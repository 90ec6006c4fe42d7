package adbc

import (
	"github.com/apache/arrow-adbc/go/adbc"
	"github.com/structframe/structframe/internal/sqlbind"
)

// Existing says what [Ingest] does when the table exists, in the words
// io/dataset's and io/flightsql's WithExisting use. Its String names the
// mode as its constant. It is io/flightsql's Existing too: the modes are
// defined once, for both packages.
type Existing = sqlbind.Existing

const (
	// ErrorIfExists creates the table and fails if it exists (the
	// default; ADBC's ingest mode "create").
	ErrorIfExists = sqlbind.ErrorIfExists
	// Overwrite replaces the table, dropping the one there (ADBC's
	// "replace").
	Overwrite = sqlbind.Overwrite
	// Append adds the rows to the table, creating it if it is missing
	// (ADBC's "create_append").
	Append = sqlbind.Append
)

// ingestMode is the ADBC ingest mode of e.
func ingestMode(e Existing) string {
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
const DefaultBatchSize = sqlbind.DefaultBatchSize

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
