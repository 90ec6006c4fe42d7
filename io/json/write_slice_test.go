package json

import (
	"bytes"
	"testing"

	"github.com/structframe/structframe/frame"
)

// TestWriteSlicedStrings writes string columns of slices and takes of a
// frame: the strings of the rows kept, not of the rows before them (a
// slice's offsets count from the start of the parent's bytes).
func TestWriteSlicedStrings(t *testing.T) {
	f := frame.Must(frame.FromColumns([]string{"s"}, []string{"a", "bb", "ccc", "dddd"}))
	tests := []struct {
		name string
		f    *frame.Frame
		want string
	}{
		{"slice", f.Slice(1, 3), "{\"s\":\"bb\"}\n{\"s\":\"ccc\"}\n"},
		{"tail", f.Tail(1), "{\"s\":\"dddd\"}\n"},
		{"take", f.Take([]int{2}), "{\"s\":\"ccc\"}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, tt.f, WithFormat(NDJSON)); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("wrote %q, want %q", b.String(), tt.want)
			}
		})
	}
}
