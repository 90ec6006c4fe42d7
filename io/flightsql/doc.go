// Package flightsql runs SQL on any Arrow Flight SQL server (Dremio,
// InfluxDB 3, Apache Doris, arrow-go's SQLite example, ...) through
// arrow-go's flightsql client, and
// gives the results as Frames: whole ([Client.Query]) or record batch by
// record batch ([Client.QueryReader], a [Reader] as io/ipc's and the other
// io packages' Readers).
//
// The server sends Arrow record batches; each becomes a Frame over the
// batch's own buffers (structured.FromRecordBatch: nothing is decoded
// value by value or copied), so nested types the server holds (lists,
// structs, maps, lists of structs) are nested columns, read as they came
// off the wire. A result of several endpoints (the partitions of a
// distributed server, each with its ticket and maybe its location) is
// fetched by several streams at once ([WithParallelism]) and read in
// endpoint order, each stream holding at most a few batches ahead of the
// reader, so that a result larger than memory is read in bounded memory.
// Every batch's layout is validated before it is handed out
// ([WithValidate]), as io/ipc validates a file's: a broken server is an
// error, not a panic.
//
// Statements with parameters are prepared ([Client.Prepare], a [Stmt], or
// Query and Exec with parameters, which prepare one for the call): the
// parameters are Go values, one per placeholder, or a Frame whose rows
// are parameter sets, as ADBC binds a record batch. [Client.Ingest]
// writes a Frame into a table with Flight SQL's bulk ingest.
//
// [Open] takes grpc://, grpc+tcp:// and grpc+tls:// URIs, a bearer token
// ([WithToken]) or a user and password ([WithBasicAuth], exchanged once for
// a token in Flight's handshake), TLS settings and headers for every call.
// Every call takes a context: cancelling it ends the call, and the streams
// of a Reader it made. Errors are [*Error] values naming the operation and
// the server (never credentials), through which status.Code and
// status.FromError read the server's gRPC status and errors.Is sees
// context.Canceled.
//
// The package links gRPC and arrow-go's Flight; the packages that read
// files do not. io/adbc reads the same results through any ADBC driver
// written in Go (Flight SQL among them); package flightsqltest starts
// arrow-go's SQLite example server for tests and examples.
package flightsql
