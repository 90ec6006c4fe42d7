//go:build !noremote

package main

import (
	"context"
	"os"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql"
)

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
