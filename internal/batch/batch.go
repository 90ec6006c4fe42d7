// Package batch holds what the batch Readers of the io packages share.
package batch

import (
	"iter"

	"github.com/structframe/structframe/frame"
)

// Source is a batch Reader: Next reads the next batch, Frame is it, Err is
// the error that ended the batches (nil at the end of the input).
type Source interface {
	Next() bool
	Frame() *frame.Frame
	Err() error
}

// All returns the batches of s as an iterator: each batch with a nil
// error, then, if reading failed, the error once with a nil Frame.
func All(s Source) iter.Seq2[*frame.Frame, error] {
	return func(yield func(*frame.Frame, error) bool) {
		for s.Next() {
			if !yield(s.Frame(), nil) {
				return
			}
		}
		if err := s.Err(); err != nil {
			yield(nil, err)
		}
	}
}
