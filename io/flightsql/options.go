package flightsql

import (
	"crypto/tls"
	"runtime"

	"github.com/structframe/structframe/internal/sqlbind"
)

// Existing says what [Client.Ingest] does when the table exists, in the
// words io/dataset's WithExisting uses for a directory. Its String names
// the mode as its constant. It is io/adbc's Existing too: the modes are
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

// Option configures a [Client] ([Open]) and an [Client.Ingest]. Each
// option's doc says the side it concerns: Reading (queries), Writing
// (ingest and parameters) or Reading and writing (the connection); the
// other side ignores it, so one option list serves both.
type Option func(*config)

// DefaultMaxMessage is the largest gRPC message a Client sends or
// receives by default, as ADBC's Flight SQL driver: 16 MiB.
const DefaultMaxMessage = 16 << 20

// DefaultBatchSize is the rows of a record batch sent by default.
const DefaultBatchSize = sqlbind.DefaultBatchSize

// config is what the options set.
type config struct {
	token       string
	user, pass  string
	basic       bool
	tls         *tls.Config
	skipVerify  bool
	headers     []string // key, value, key, value
	parallelism int
	maxMessage  int
	batchRows   int
	noValidate  bool
	existing    Existing
}

func makeConfig(base config, opts []Option) config {
	c := base
	c.headers = append([]string(nil), base.headers...)
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.parallelism <= 0 {
		c.parallelism = runtime.GOMAXPROCS(0)
	}
	if c.maxMessage <= 0 {
		c.maxMessage = DefaultMaxMessage
	}
	if c.batchRows <= 0 {
		c.batchRows = DefaultBatchSize
	}
	return c
}

// WithToken authenticates every call with the bearer token
// ("authorization: Bearer token"), as a server that hands out tokens
// (Dremio personal access tokens, InfluxDB tokens) expects. Reading and
// writing.
func WithToken(token string) Option { return func(c *config) { c.token = token } }

// WithBasicAuth authenticates with a user and password: [Open] sends them
// once, in Flight's handshake, and every later call carries the bearer
// token the server answers with (arrow-go's AuthenticateBasicToken, as
// ADBC's Flight SQL driver does). They appear in no error message.
// Reading and writing.
func WithBasicAuth(user, password string) Option {
	return func(c *config) { c.user, c.pass, c.basic = user, password, true }
}

// WithTLSConfig sets the TLS configuration of a grpc+tls:// connection:
// root certificates, client certificates for mutual TLS, the server name
// (the URI's host by default). Reading and writing.
func WithTLSConfig(cfg *tls.Config) Option {
	return func(c *config) { c.tls = cfg }
}

// WithInsecureSkipVerify(true) accepts any certificate the server shows,
// for a test server with a self-signed certificate; the connection is
// still encrypted, but not authenticated (default false). Reading and
// writing.
func WithInsecureSkipVerify(skip bool) Option {
	return func(c *config) { c.skipVerify = skip }
}

// WithCallHeader adds the gRPC header key: value to every call (a
// database or tenant name some servers take this way); it may be given
// several times. Reading and writing.
func WithCallHeader(key, value string) Option {
	return func(c *config) { c.headers = append(c.headers, key, value) }
}

// WithParallelism sets how many endpoints of a result are fetched at once
// (n <= 0 means GOMAXPROCS, the default); 1 fetches them one after
// another. Batches come in endpoint order whatever it is; each endpoint
// being fetched holds at most a few batches ahead of the reader. Reading.
func WithParallelism(n int) Option { return func(c *config) { c.parallelism = n } }

// WithMaxMessage sets the largest gRPC message sent or received, in bytes
// (default DefaultMaxMessage, 16 MiB): a record batch larger than this is
// refused, so raise it for a server that sends larger batches. Reading and
// writing.
func WithMaxMessage(bytes int) Option { return func(c *config) { c.maxMessage = bytes } }

// WithBatchSize sets the rows of each record batch sent (default
// DefaultBatchSize): a Frame to ingest or a Frame of parameters is sent in
// slices of that many rows, without copying. Writing.
func WithBatchSize(rows int) Option { return func(c *config) { c.batchRows = rows } }

// WithValidate(false) trusts the server's record batches. By default
// (WithValidate(true)) every batch's layout is checked in full before it
// is handed out, as io/ipc checks a file's (buffers long enough, offsets
// in order and within their data, dictionary indices within their
// dictionary), so that a broken or hostile server gives an error naming
// the column, never a panic later. The check reads offsets and indices,
// never values: O(rows) of list and string columns. Reading.
func WithValidate(on bool) Option { return func(c *config) { c.noValidate = !on } }

// WithExisting says what [Client.Ingest] does with a table that exists
// (default ErrorIfExists). Writing.
func WithExisting(e Existing) Option { return func(c *config) { c.existing = e } }
