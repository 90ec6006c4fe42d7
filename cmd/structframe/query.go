package main

// remoteQuery is the query verb: a statement run on an Arrow Flight SQL
// server, whose result the steps then work on as on a file's.
type remoteQuery struct {
	uri string // grpc://HOST:PORT or grpc+tls://HOST:PORT
	sql string
}
