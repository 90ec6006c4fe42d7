//go:build noremote

package main

import (
	"context"
	"errors"

	"github.com/structframe/structframe/frame"
)

// run refuses: a build with the tag noremote (CI's fuzzing, whose
// instrumented builds of the clouds' SDKs and gRPC would take minutes)
// links no Flight SQL client.
func (q *remoteQuery) run(context.Context) (*frame.Frame, error) {
	return nil, errors.New("query: this structframe was built with the tag noremote, without Flight SQL")
}
