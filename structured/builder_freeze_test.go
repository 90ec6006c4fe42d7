package structured

import (
	"strings"
	"testing"
)

// TestFreezeSchema: a Builder frozen before its first row builds every
// batch as a stream's batches after the first: the rows that fit give
// the batches inference over a first batch gives, and a value the
// schema does not take is an error naming the schema of the first batch
// (where a Spec given to NewBuilder would keep a number's text in a
// string field). Freezing a Builder that has rows or a Spec fails and
// leaves it as it was.
func TestFreezeSchema(t *testing.T) {
	sample := Must(NewBuilder(nil))
	if err := scanJSON(sample, []byte(`{"a": 1, "s": "x", "l": [{"p": 1.5}]}`)); err != nil {
		t.Fatal(err)
	}
	spec := Must(sample.Finish()).Spec()

	rows := []byte(`{"a": 2, "s": "y", "l": [{"p": 2.5}, {"p": null}]} {"a": null, "l": []}`)
	// The reference: a stream whose first batch gave the schema.
	ref := Must(NewBuilder(nil))
	scanJSON(ref, []byte(`{"a": 1, "s": "x", "l": [{"p": 1.5}]}`))
	Must(ref.Finish())
	if err := scanJSON(ref, rows); err != nil {
		t.Fatal(err)
	}
	want := Must(ref.Finish())

	b := Must(NewBuilder(nil))
	if err := b.FreezeSchema(spec); err != nil {
		t.Fatal(err)
	}
	for batch := range 2 {
		if err := scanJSON(b, rows); err != nil {
			t.Fatal(err)
		}
		got := Must(b.Finish())
		if g, w := jsonNorm(t, got.ToValue()), jsonNorm(t, want.ToValue()); g != w {
			t.Errorf("batch %d: %s, want %s", batch, g, w)
		}
		if !got.Spec().Equal(want.Spec()) {
			t.Errorf("batch %d: spec %v, want %v", batch, got.Spec(), want.Spec())
		}
	}

	for _, tc := range []struct{ in, err string }{
		{`{"s": 5}`, "want string (from the schema of the first batch)"},
		{`{"a": 1.5}`, "from the schema of the first batch"},
		{`{"z": true}`, "not in the schema of the first batch"},
	} {
		b := Must(NewBuilder(nil))
		if err := b.FreezeSchema(spec); err != nil {
			t.Fatal(err)
		}
		if err := scanJSON(b, []byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want %q", tc.in, err, tc.err)
		}
	}
	// A Spec given to NewBuilder converts what FreezeSchema refuses.
	withSpec := Must(NewBuilder(streamSpec(spec)))
	if err := scanJSON(withSpec, []byte(`{"s": 5}`)); err != nil {
		t.Errorf("a Spec's string field: %v", err)
	}

	if err := withSpec.FreezeSchema(spec); err == nil {
		t.Error("FreezeSchema of a Builder with a Spec: no error")
	}
	started := Must(NewBuilder(nil))
	scanJSON(started, []byte(`{"q": "r"}`))
	if err := started.FreezeSchema(spec); err == nil {
		t.Error("FreezeSchema after a row: no error")
	}
	if got := jsonNorm(t, Must(started.Finish()).ToValue()); got != `[{"q":"r"}]` {
		t.Errorf("after a refused FreezeSchema: %s", got)
	}
	if err := Must(NewBuilder(nil)).FreezeSchema(&Spec{}); err == nil {
		t.Error("FreezeSchema of a rank-0 Spec: no error")
	}
}
