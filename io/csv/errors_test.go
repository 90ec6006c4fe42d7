package csv

import (
	"errors"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// TestSentinelsOfTheLayersBelow: csv's causes that are cases of a lower
// layer's sentinel match it under errors.Is, as well as their own.
func TestSentinelsOfTheLayersBelow(t *testing.T) {
	_, typeErr := Read(strings.NewReader("a\n1\nx\n"), WithTypes(map[string]arrow.DataType{"a": arrow.PrimitiveTypes.Int64}))
	_, optErr := Read(strings.NewReader("a\n1\n"), WithDelimiter('\n'))
	_, quoteErr := Read(strings.NewReader("a\n\"1\n"))
	tests := []struct {
		name string
		err  error
		is   []error
		not  []error
	}{
		{"cell of the wrong type", typeErr, []error{ErrType, frame.ErrType, structured.ErrType}, []error{ErrOption, frame.ErrArgument}},
		{"invalid option", optErr, []error{ErrOption, frame.ErrArgument}, []error{ErrType, structured.ErrType}},
		{"csv's own cause", quoteErr, []error{ErrQuote}, []error{ErrType, frame.ErrArgument, structured.ErrType}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			for _, s := range tt.is {
				if !errors.Is(tt.err, s) {
					t.Errorf("%v: errors.Is(%v) = false", tt.err, s)
				}
			}
			for _, s := range tt.not {
				if errors.Is(tt.err, s) {
					t.Errorf("%v: errors.Is(%v) = true", tt.err, s)
				}
			}
		})
	}
}
