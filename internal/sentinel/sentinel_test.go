package sentinel

import (
	"errors"
	"fmt"
	"testing"
)

func TestNew(t *testing.T) {
	lower := errors.New("bad index")
	other := errors.New("type mismatch")
	tests := []struct {
		name string
		kind error
		is   []error // errors.Is true
		not  []error // errors.Is false
	}{
		{"wraps its kind", lower, []error{lower}, []error{other}},
		{"no kind", nil, nil, []error{lower, other}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New("label not found", tt.kind)
			err := fmt.Errorf("index: %w: label %q", s, "x")
			if got, want := err.Error(), `index: label not found: label "x"`; got != want {
				t.Errorf("message %q, want %q", got, want)
			}
			if !errors.Is(err, s) {
				t.Errorf("errors.Is(err, the sentinel) = false")
			}
			for _, e := range tt.is {
				if !errors.Is(err, e) {
					t.Errorf("errors.Is(err, %v) = false", e)
				}
			}
			for _, e := range tt.not {
				if errors.Is(err, e) {
					t.Errorf("errors.Is(err, %v) = true", e)
				}
			}
		})
	}
}
