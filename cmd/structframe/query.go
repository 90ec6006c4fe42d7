package main

import (
	"context"
	"os"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql"
)

// remoteQuery is the query verb: a statement run on an Arrow Flight SQL
// server, whose result the steps then work on as on a file's.
type remoteQuery struct {
	uri string // grpc://HOST:PORT or grpc+tls://HOST:PORT
	sql string
}

// run connects, runs the statement and reads its whole result (every
// endpoint, several at once). Credentials come from the environment, so
// that they stay out of the command line and the shell's history.
func (q *remoteQuery) run(ctx context.Context) (*frame.Frame, error) {
	var opts []flightsql.Option
	if tok := os.Getenv("STRUCTFRAME_FLIGHT_TOKEN"); tok != "" {
		opts = append(opts, flightsql.WithToken(tok))
	}
	if user := os.Getenv("STRUCTFRAME_FLIGHT_USER"); user != "" {
		opts = append(opts, flightsql.WithBasicAuth(user, os.Getenv("STRUCTFRAME_FLIGHT_PASSWORD")))
	}
	c, err := flightsql.Open(ctx, q.uri, opts...)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return c.Query(ctx, q.sql)
}
