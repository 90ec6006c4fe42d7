// Package adbc runs SQL through ADBC (Arrow Database Connectivity,
// github.com/apache/arrow-adbc/go/adbc) and gives the results as Frames,
// so that every ADBC driver written in Go (Flight SQL, Snowflake,
// BigQuery, or one loaded through the driver manager) feeds frames: the
// functions take an adbc.Connection ([Query], [QueryReader], [Exec],
// [Prepare], [Ingest]) or an adbc.Database ([QueryDatabase], which opens a
// connection for the call).
//
// A driver returns Arrow record batches; each becomes a Frame over the
// batch's own buffers (structured.FromRecordBatch: nothing is decoded
// value by value or copied), so nested types (lists, structs, maps, lists
// of structs) are nested columns. Every batch's layout is validated
// first, as io/ipc validates a file's. [Query] joins the batches into one
// Frame; a [Reader] gives them one by one, as the other io packages'
// Readers do.
//
// Parameters are Go values, one per placeholder, or a Frame whose rows
// are parameter sets, bound with adbc.Statement.Bind or BindStream (see
// [Stmt]). [Ingest] writes a Frame into a table with ADBC's bulk ingest.
// Errors are [*Error] values naming the operation; the driver's
// adbc.Error (its status code, the server's details) is reached with
// errors.As, and a cancelled context with errors.Is.
//
// The package imports ADBC's API only: the program chooses and links its
// drivers (github.com/apache/arrow-adbc/go/adbc/driver/flightsql, the
// one the tests use against arrow-go's SQLite example server). io/flightsql
// reaches Flight SQL servers without ADBC. ADBC's Flight SQL driver
// (v1.8.0) has no bulk ingest (see [Ingest]), and reads a result of
// several endpoints only when the server sends its schema with the
// FlightInfo: without one it panics in a goroutine of its own (arrow-go's
// SQLite example sends none, but answers with one endpoint); its result
// reader also writes and reads gRPC header destinations from several
// goroutines when a result has several endpoints or is cancelled, which
// the race detector reports. io/flightsql reads all of these.
package adbc
