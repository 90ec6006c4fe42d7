package structured

import (
	"errors"
	"testing"

	"github.com/structframe/structframe/structured/internal/build"
)

// TestOptionValues: the engine reads the conflict policy and the field
// order as this package numbers them, and its error kinds are this
// package's sentinels.
func TestOptionValues(t *testing.T) {
	if build.ConflictPolicy(ConflictError) != build.ConflictError || build.ConflictPolicy(ConflictJSONText) != build.ConflictJSONText {
		t.Error("ConflictPolicy values differ from the engine's")
	}
	if build.FieldOrder(FirstSeen) != build.FirstSeen || build.FieldOrder(Sorted) != build.Sorted {
		t.Error("FieldOrder values differ from the engine's")
	}
	for k, want := range map[build.Kind]error{build.KindSchema: ErrSchema, build.KindType: ErrType, build.KindPath: ErrPath,
		build.KindShape: ErrShape, build.KindMergeConflict: ErrMergeConflict} {
		if err := builderError(&build.Error{Kind: k}); !errors.Is(err, want) {
			t.Errorf("kind %d is %v, want %v", k, err, want)
		}
	}
	if got := makeOptions(nil); got.MapThreshold != DefaultMapThreshold || got.MapAppearance != DefaultMapAppearance || got.MaxFields != DefaultMaxFields {
		t.Errorf("default options %+v", got)
	}
}
