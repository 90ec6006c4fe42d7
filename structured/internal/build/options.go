package build

import "runtime"

// Options are what structured's inference options set (see its
// With... functions for what each means). The zero value is not
// structured's default: it sets the map and field thresholds.
type Options struct {
	StrictKeys    bool
	MapThreshold  int     // > 0: a record path with more distinct keys is a map
	MapAppearance float64 // > 0: a record path whose keys appear in fewer records on average is a map
	Conflicts     ConflictPolicy
	Parallelism   int // goroutines for long top-level lists; 0: GOMAXPROCS, at most 8
	Order         FieldOrder
	MaxFields     int // > 0: a structure with more fields is an error
}

// ConflictPolicy says what a field does with a value of another kind than
// its own; the values are those of structured.ConflictPolicy.
type ConflictPolicy uint8

const (
	// ConflictError makes a conflict an error.
	ConflictError ConflictPolicy = iota
	// ConflictJSONText makes the field a string column holding every
	// value as its JSON text (see text.go).
	ConflictJSONText
)

// FieldOrder is the order of the fields of inferred structures; the
// values are those of structured.FieldOrder.
type FieldOrder uint8

const (
	// FirstSeen orders fields as their keys first appear (fields read from
	// Go maps are sorted regardless).
	FirstSeen FieldOrder = iota
	// Sorted orders fields by name.
	Sorted
)

// chunking is the chunking the parallelism option gives.
func (o *Options) chunking(base Chunking) Chunking {
	switch {
	case o.Parallelism == 1:
		return Chunking{MinRows: base.MinRows, Most: 1}
	case o.Parallelism > 1:
		return Chunking{MinRows: base.MinRows, Most: o.Parallelism}
	}
	if base.Most == 0 {
		base.Most = min(runtime.GOMAXPROCS(0), 8)
	}
	return base
}
