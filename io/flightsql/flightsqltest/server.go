// Package flightsqltest starts Arrow Flight SQL servers on the loopback
// interface for tests and examples, as net/http/httptest starts HTTP
// servers: arrow-go's own SQLite-backed example server
// (github.com/apache/arrow-go/v18/arrow/flight/flightsql/example), so
// that a client is tested against a server it did not write, with what
// that server lacks added around it and nothing of its own replaced:
//
//   - [WithEndpoints] splits every query's result into several endpoints
//     (the example answers with one), each a slice of the rows
//     (LIMIT/OFFSET), so that a client's parallel fetch is exercised;
//     [WithLocations] names the server's own address in every endpoint,
//     so that the client dials the location as it would another node.
//   - [Server.AddTable] serves Arrow record batches held in memory as the
//     result of "SELECT * FROM name", for what SQLite cannot hold (nested
//     lists and structures) and for results whose speed should not be
//     SQLite's.
//   - [WithIngest] implements bulk ingest (CommandStatementIngest), which
//     the example does not: it answers Unimplemented.
//   - [WithAuth] requires basic authentication or a bearer token, [WithTLS]
//     serves TLS with a self-signed certificate.
//
// The database is an in-memory SQLite database made by the example's
// CreateDB: tables foreignTable and intTable with a few rows. [Server.DB]
// reaches it directly.
//
// For the tests of its clients (io/flightsql's and io/adbc's), [Start]
// starts a server closed when the test ends, [IntBatches] and
// [NestedBatches] make the tables they serve with AddTable, and
// [Server.WaitIdle] checks that a read cancelled or closed early left
// nothing running.
package flightsqltest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"database/sql"
	"fmt"
	"math/big"
	"net"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/flight/flightsql"
	"github.com/apache/arrow-go/v18/arrow/flight/flightsql/example"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
)

// Server is a running Flight SQL server on 127.0.0.1. Close stops it.
type Server struct {
	// URI is the address clients dial: grpc://127.0.0.1:PORT, or
	// grpc+tls://127.0.0.1:PORT with WithTLS.
	URI string
	// DB is the SQLite database the server answers from.
	DB *sql.DB

	gs   *grpc.Server
	impl *sqliteServer
	cert *x509.Certificate
	done chan struct{}
}

// Option configures a Server.
type Option func(*config)

type config struct {
	endpoints  int
	infoSchema bool
	locations  bool
	ingest     bool
	user       string
	password   string
	token      string
	tls        bool
}

// WithEndpoints splits the result of every query outside a transaction
// into n endpoints (default 1, the example's own answer): endpoint i
// holds the i-th slice of the rows, read by its own ticket as
// "SELECT * FROM (query) LIMIT k OFFSET i*k", and the tables of AddTable
// are split between n endpoints by record batch.
func WithEndpoints(n int) Option { return func(c *config) { c.endpoints = n } }

// WithInfoSchema(true) sends the schema of a split result (WithEndpoints)
// in its FlightInfo, as the schema of "SELECT * FROM (query) LIMIT 0"
// read by the example's batch reader. By default there is none, as the
// example sends none: a client learns the schema from the first stream.
// (ADBC's Flight SQL driver, v1.8.0, needs it for a result of several
// endpoints: without, it panics in a goroutine of its own.)
func WithInfoSchema(on bool) Option { return func(c *config) { c.infoSchema = on } }

// WithLocations(true) names the server's URI as the location of every
// endpoint of a split result or an AddTable table, which a client then
// dials as another node of a cluster (default false: no location, read
// through the connection that asked).
func WithLocations(on bool) Option { return func(c *config) { c.locations = on } }

// WithIngest(true) makes the server implement bulk ingest
// (CommandStatementIngest): the batches are inserted into an SQLite table
// created from their schema when the options ask for it (integers and
// booleans as INTEGER, floats as REAL, strings as TEXT, binaries as BLOB;
// other types are refused). By default the server answers Unimplemented,
// as the example does.
func WithIngest(on bool) Option { return func(c *config) { c.ingest = on } }

// WithAuth makes every call require authentication: the bearer token
// token, which a basic-authentication handshake with user and password
// hands out (arrow-go's flight.CreateServerBasicAuthMiddleware).
func WithAuth(user, password, token string) Option {
	return func(c *config) { c.user, c.password, c.token = user, password, token }
}

// WithTLS(true) serves TLS with a self-signed certificate for 127.0.0.1,
// which [Server.Certificate] returns for the client's root pool.
func WithTLS(on bool) Option { return func(c *config) { c.tls = on } }

// NewServer starts a server on 127.0.0.1 at a free port.
func NewServer(opts ...Option) (*Server, error) {
	var c config
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.endpoints < 1 {
		c.endpoints = 1
	}
	db, err := example.CreateDB()
	if err != nil {
		return nil, err
	}
	base, err := example.NewSQLiteFlightSQLServer(db)
	if err != nil {
		db.Close()
		return nil, err
	}
	impl := &sqliteServer{SQLiteFlightSQLServer: base, db: db, cfg: c, tables: map[string][]arrow.RecordBatch{}}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		db.Close()
		return nil, err
	}
	s := &Server{DB: db, impl: impl, done: make(chan struct{})}
	var sopts []grpc.ServerOption
	scheme := "grpc"
	if c.tls {
		cert, leaf, err := selfSigned()
		if err != nil {
			lis.Close()
			db.Close()
			return nil, err
		}
		s.cert = leaf
		sopts = append(sopts, grpc.Creds(credentials.NewServerTLSFromCert(&cert)))
		scheme = "grpc+tls"
	}
	if c.token != "" {
		mw := flight.CreateServerBasicAuthMiddleware(validator{c})
		sopts = append(sopts, grpc.ChainUnaryInterceptor(mw.Unary), grpc.ChainStreamInterceptor(mw.Stream))
	}
	s.gs = grpc.NewServer(sopts...)
	flight.RegisterFlightServiceServer(s.gs, flightsql.NewFlightServer(impl))
	s.URI = scheme + "://" + lis.Addr().String()
	impl.uri = s.URI
	go func() {
		defer close(s.done)
		s.gs.Serve(lis)
	}()
	return s, nil
}

// Close stops the server at once (open streams end with an error) and
// closes its database; the tables of AddTable are released.
func (s *Server) Close() {
	s.gs.Stop()
	<-s.done
	s.DB.Close()
	s.impl.mu.Lock()
	defer s.impl.mu.Unlock()
	for name, recs := range s.impl.tables {
		for _, r := range recs {
			r.Release()
		}
		delete(s.impl.tables, name)
	}
}

// Certificate is the server's self-signed certificate under WithTLS, nil
// otherwise.
func (s *Server) Certificate() *x509.Certificate { return s.cert }

// AddTable serves batches, all of one schema, as the result of the query
// "SELECT * FROM name" (any case, an optional semicolon), ahead of SQLite:
// the batches are sent as they are, split between the endpoints of
// WithEndpoints by batch. The server keeps a reference to each batch until
// Close.
func (s *Server) AddTable(name string, batches ...arrow.RecordBatch) {
	for _, b := range batches {
		b.Retain()
	}
	s.impl.mu.Lock()
	defer s.impl.mu.Unlock()
	for _, b := range s.impl.tables[name] {
		b.Release()
	}
	s.impl.tables[name] = batches
}

// Streams is the number of AddTable results being sent now: a stream
// ends when its batches are sent or when its client goes away, which is
// how a test sees that a cancelled or closed read stopped the server's
// work.
func (s *Server) Streams() int { return int(s.impl.streams.Load()) }

// sqliteServer is the example server with splitting, memory tables and
// bulk ingest added.
type sqliteServer struct {
	*example.SQLiteFlightSQLServer
	db  *sql.DB
	cfg config
	uri string

	mu      sync.RWMutex
	tables  map[string][]arrow.RecordBatch
	streams atomic.Int64
}

var selectAll = regexp.MustCompile(`(?is)^\s*select\s+\*\s+from\s+([A-Za-z_][A-Za-z0-9_]*)\s*;?\s*$`)

// memHandle starts the statement handle of a memory table's ticket; the
// example's handles are "transaction:query", which never start with NUL.
const memHandle = "\x00mem\x00"

func (s *sqliteServer) GetFlightInfoStatement(ctx context.Context, cmd flightsql.StatementQuery, desc *flight.FlightDescriptor) (*flight.FlightInfo, error) {
	query := cmd.GetQuery()
	if m := selectAll.FindStringSubmatch(query); m != nil {
		s.mu.RLock()
		recs, ok := s.tables[m[1]]
		s.mu.RUnlock()
		if ok {
			return s.memInfo(m[1], recs, desc)
		}
	}
	if s.cfg.endpoints > 1 && len(cmd.GetTransactionId()) == 0 {
		return s.splitInfo(ctx, query, desc)
	}
	return s.SQLiteFlightSQLServer.GetFlightInfoStatement(ctx, cmd, desc)
}

// endpoint is an endpoint of a ticket holding handle.
func (s *sqliteServer) endpoint(handle string) (*flight.FlightEndpoint, error) {
	tkt, err := flightsql.CreateStatementQueryTicket([]byte(handle))
	if err != nil {
		return nil, err
	}
	ep := &flight.FlightEndpoint{Ticket: &flight.Ticket{Ticket: tkt}}
	if s.cfg.locations {
		ep.Location = []*flight.Location{{Uri: s.uri}}
	}
	return ep, nil
}

func (s *sqliteServer) memInfo(name string, recs []arrow.RecordBatch, desc *flight.FlightDescriptor) (*flight.FlightInfo, error) {
	if len(recs) == 0 {
		return nil, status.Errorf(codes.FailedPrecondition, "table %s has no batches", name)
	}
	n := min(s.cfg.endpoints, len(recs))
	info := &flight.FlightInfo{
		FlightDescriptor: desc,
		Schema:           flight.SerializeSchema(recs[0].Schema(), memory.DefaultAllocator),
		TotalBytes:       -1,
	}
	for _, r := range recs {
		info.TotalRecords += r.NumRows()
	}
	for i := range n {
		lo, hi := i*len(recs)/n, (i+1)*len(recs)/n
		ep, err := s.endpoint(memHandle + name + "\x00" + strconv.Itoa(lo) + "\x00" + strconv.Itoa(hi))
		if err != nil {
			return nil, err
		}
		info.Endpoint = append(info.Endpoint, ep)
	}
	return info, nil
}

// splitInfo answers query with one endpoint per slice of its rows.
func (s *sqliteServer) splitInfo(ctx context.Context, query string, desc *flight.FlightDescriptor) (*flight.FlightInfo, error) {
	query = strings.TrimRight(strings.TrimSpace(query), "; \t\n")
	var rows int64
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM ("+query+")").Scan(&rows); err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "%v", err)
	}
	n := int64(s.cfg.endpoints)
	per := max((rows+n-1)/n, 1)
	info := &flight.FlightInfo{FlightDescriptor: desc, TotalRecords: rows, TotalBytes: -1}
	if s.cfg.infoSchema {
		schema, err := s.schemaOf(ctx, query)
		if err != nil {
			return nil, err
		}
		info.Schema = flight.SerializeSchema(schema, memory.DefaultAllocator)
	}
	for off := int64(0); off == 0 || off < rows; off += per {
		// The example's handle: "transaction id:query", no transaction.
		q := fmt.Sprintf(":SELECT * FROM (%s) LIMIT %d OFFSET %d", query, per, off)
		ep, err := s.endpoint(q)
		if err != nil {
			return nil, err
		}
		info.Endpoint = append(info.Endpoint, ep)
	}
	return info, nil
}

// schemaOf is the schema the example gives the result of query.
func (s *sqliteServer) schemaOf(ctx context.Context, query string) (*arrow.Schema, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT * FROM ("+query+") LIMIT 0")
	if err != nil {
		return nil, status.Errorf(codes.InvalidArgument, "%v", err)
	}
	rdr, err := example.NewSqlBatchReader(memory.DefaultAllocator, rows)
	if err != nil {
		return nil, err
	}
	defer rdr.Release()
	return rdr.Schema(), nil
}

func (s *sqliteServer) DoGetStatement(ctx context.Context, cmd flightsql.StatementQueryTicket) (*arrow.Schema, <-chan flight.StreamChunk, error) {
	handle := string(cmd.GetStatementHandle())
	rest, ok := strings.CutPrefix(handle, memHandle)
	if !ok {
		return s.SQLiteFlightSQLServer.DoGetStatement(ctx, cmd)
	}
	parts := strings.Split(rest, "\x00")
	if len(parts) != 3 {
		return nil, nil, status.Error(codes.InvalidArgument, "malformed ticket")
	}
	lo, err1 := strconv.Atoi(parts[1])
	hi, err2 := strconv.Atoi(parts[2])
	s.mu.RLock()
	recs, ok := s.tables[parts[0]]
	if ok && err1 == nil && err2 == nil && 0 <= lo && lo < hi && hi <= len(recs) {
		recs = recs[lo:hi]
		for _, r := range recs {
			r.Retain()
		}
	} else {
		ok = false
	}
	s.mu.RUnlock()
	if !ok {
		return nil, nil, status.Error(codes.NotFound, "no such table or batches")
	}
	schema := recs[0].Schema()
	ch := make(chan flight.StreamChunk)
	s.streams.Add(1)
	go func() {
		defer s.streams.Add(-1)
		defer close(ch)
		for i, r := range recs {
			select {
			case ch <- flight.StreamChunk{Data: r}: // the server releases it once sent
			case <-ctx.Done():
				for _, r := range recs[i:] {
					r.Release()
				}
				return
			}
		}
	}()
	return schema, ch, nil
}

func (s *sqliteServer) DoPutCommandStatementIngest(ctx context.Context, cmd flightsql.StatementIngest, rdr flight.MessageReader) (int64, error) {
	if !s.cfg.ingest {
		return s.SQLiteFlightSQLServer.DoPutCommandStatementIngest(ctx, cmd, rdr)
	}
	table := cmd.GetTable()
	if table == "" || strings.ContainsRune(table, '"') {
		return 0, status.Errorf(codes.InvalidArgument, "bad table name %q", table)
	}
	opts := cmd.GetTableDefinitionOptions()
	var exists int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", table).Scan(&exists); err != nil {
		return 0, err
	}
	create := false
	switch {
	case exists > 0 && opts.GetIfExists() == flightsql.TableDefinitionOptionsTableExistsOptionAppend:
	case exists > 0 && opts.GetIfExists() == flightsql.TableDefinitionOptionsTableExistsOptionReplace:
		if _, err := s.db.ExecContext(ctx, `DROP TABLE "`+table+`"`); err != nil {
			return 0, err
		}
		create = true
	case exists > 0:
		return 0, status.Errorf(codes.AlreadyExists, "table %q exists", table)
	case opts.GetIfNotExist() == flightsql.TableDefinitionOptionsTableNotExistOptionCreate:
		create = true
	default:
		return 0, status.Errorf(codes.NotFound, "no table %q", table)
	}
	schema := rdr.Schema()
	cols := make([]string, schema.NumFields())
	decl := make([]string, schema.NumFields())
	for i, f := range schema.Fields() {
		typ, ok := sqliteType(f.Type)
		if !ok {
			return 0, status.Errorf(codes.InvalidArgument, "column %q: SQLite holds no %s", f.Name, f.Type)
		}
		cols[i] = `"` + strings.ReplaceAll(f.Name, `"`, `""`) + `"`
		decl[i] = cols[i] + " " + typ
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if create {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE "`+table+`" (`+strings.Join(decl, ", ")+`)`); err != nil {
			return 0, err
		}
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO "`+table+`" (`+strings.Join(cols, ", ")+`) VALUES (`+strings.Repeat("?, ", len(cols)-1)+`?)`)
	if err != nil {
		return 0, err
	}
	defer stmt.Close()
	var n int64
	args := make([]any, len(cols))
	for rdr.Next() {
		rec := rdr.RecordBatch()
		for row := range int(rec.NumRows()) {
			for j, col := range rec.Columns() {
				if col.IsNull(row) {
					args[j] = nil
				} else {
					args[j] = col.GetOneForMarshal(row)
				}
			}
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				return 0, err
			}
			n++
		}
	}
	if err := rdr.Err(); err != nil {
		return 0, err
	}
	return n, tx.Commit()
}

// sqliteType is the declared SQLite type of a column of Arrow type t,
// among those the example reads back by name.
func sqliteType(t arrow.DataType) (string, bool) {
	switch t.ID() {
	case arrow.BOOL, arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32:
		return "INTEGER", true
	case arrow.FLOAT32, arrow.FLOAT64:
		return "REAL", true
	case arrow.STRING, arrow.LARGE_STRING:
		return "TEXT", true
	case arrow.BINARY, arrow.LARGE_BINARY:
		return "BLOB", true
	}
	return "", false
}

// validator accepts the configured user, password and token.
type validator struct{ c config }

func (v validator) Validate(user, password string) (string, error) {
	if user == v.c.user && password == v.c.password {
		return v.c.token, nil
	}
	return "", status.Error(codes.Unauthenticated, "wrong user or password")
}

func (v validator) IsValid(token string) (any, error) {
	if token == v.c.token {
		return v.c.user, nil
	}
	return nil, status.Error(codes.Unauthenticated, "invalid token")
}

// selfSigned makes a certificate for 127.0.0.1, valid for a day.
func selfSigned() (tls.Certificate, *x509.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "flightsqltest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, leaf, nil
}
