package json

import (
	"errors"

	"github.com/structframe/structframe/structured"
)

// mergeBuilders appends src's rows to dst's.
func mergeBuilders(dst, src *structured.Builder) error {
	return errors.New("merge unavailable")
}

// frozenSpec is the schema of the batches after the first.
func frozenSpec(b *structured.Builder) *structured.Spec { return nil }

func discardRows(b *structured.Builder) {}

func builderSpec(b *structured.Builder) (*structured.Spec, error) {
	t, err := b.Finish()
	if err != nil {
		return nil, err
	}
	s := t.Spec()
	s.Shape[0] = structured.Unknown
	return s, nil
}
