package structured

import "github.com/structframe/structframe/structured/internal/build"

// Option configures inference and building: pass options to [FromValue],
// [FromValueSpec], [ValueOf] and [NewBuilder].
type Option func(*buildOptions)

// buildOptions holds what the options set, as the Builder's engine reads
// them. The zero value is not the default: see defaultOptions.
type buildOptions = build.Options

// DefaultMapThreshold is the number of distinct keys above which the
// records at one path are taken as a map (keys are data: language codes,
// IDs, dates) rather than a structure with that many fields. DuckDB's
// read_json uses the same number (map_inference_threshold).
const DefaultMapThreshold = 200

// DefaultMapAppearance is the share of its records a key of a path
// appears in on average, below which the records are taken as a map:
// currency codes, each in a few of 250 countries, rather than fields each
// record has. DuckDB's read_json uses the same number
// (field_appearance_threshold).
const DefaultMapAppearance = 0.1

func defaultOptions() buildOptions {
	return buildOptions{MapThreshold: DefaultMapThreshold, MapAppearance: DefaultMapAppearance, MaxFields: DefaultMaxFields}
}

// DefaultMaxFields is the number of fields an inferred structure may have
// (see [WithMaxFields]).
const DefaultMaxFields = 10000

// WithMaxFields sets how many fields an inferred structure may have; a key
// that would add one more is an ErrSchema error naming the path and the
// row. n <= 0 means no limit. The default is [DefaultMaxFields].
//
// It bounds the memory hostile or unusual input can take: every field is
// a column with a slot in every row, so records that each bring new keys
// (at the top level, where no map is inferred, or in records whose values
// do not share a type) would take memory growing with the square of the
// rows. The top-level structure of 10,000 rows each with a key of its own
// takes about 1.4 GB before the limit stops it.
func WithMaxFields(n int) Option { return func(o *buildOptions) { o.MaxFields = n } }

func makeOptions(opts []Option) buildOptions {
	o := defaultOptions()
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}

// WithStrictKeys(true) makes records at one path that do not all have the
// same keys an error, naming the path, the row and the keys that differ. By
// default (false) the key sets are unioned and a key absent from a record
// is null there, as in pandas, Polars and DuckDB.
func WithStrictKeys(on bool) Option { return func(o *buildOptions) { o.StrictKeys = on } }

// WithMapThreshold sets how many distinct keys the records at one path
// may have before they are taken as a map column (Arrow map<string, T>,
// one entry per key a record has) instead of a structure with a field per
// key. n <= 0 never infers maps. The default is [DefaultMapThreshold].
// The values of a map must share one type (after the usual widening);
// records whose values do not stay a structure. A Spec decides by itself:
// a map field of a Spec is always a map.
func WithMapThreshold(n int) Option { return func(o *buildOptions) { o.MapThreshold = n } }

// WithMapAppearance sets the share of records below which the keys of
// a path, on average, must appear for its records to be taken as a map
// column when the input ends (0 never; the default is
// [DefaultMapAppearance]). With it, sparse keys make a map even below
// the [WithMapThreshold] count: {"currencies": {"EUR": ...}} in one
// country, {"currencies": {"USD": ...}} in another. Values that do not
// share one type stay a structure.
func WithMapAppearance(share float64) Option {
	return func(o *buildOptions) { o.MapAppearance = share }
}

// ConflictPolicy says what happens when a field holds values of kinds
// that do not share a type: a number in one record and a string or a
// structure in another, or integers that float64 cannot hold exactly
// next to floats.
type ConflictPolicy uint8

const (
	// ConflictError makes a conflict an ErrSchema error naming the path,
	// the row and both types. The default.
	ConflictError ConflictPolicy = iota
	// ConflictJSONText turns the field into a string column holding every
	// value as its JSON text (1, "abc" with its quotes, {"x":1}, [1,2];
	// nulls stay null), so that data with conflicts can be loaded and
	// looked at. Values seen before the conflict are converted too.
	ConflictJSONText
)

// WithConflicts sets the [ConflictPolicy]; the default is ConflictError.
func WithConflicts(p ConflictPolicy) Option {
	return func(o *buildOptions) { o.Conflicts = build.ConflictPolicy(p) }
}

// WithParallelism sets how many goroutines [FromValue] and
// [FromValueSpec] may use to read a long top-level list (at least 32,768
// rows): n <= 0 means GOMAXPROCS, at most 8 (the default); 1 reads on the
// calling goroutine only. Results and errors do not depend on it. A
// [Builder] always works on the goroutine that calls it.
func WithParallelism(n int) Option { return func(o *buildOptions) { o.Parallelism = n } }

// FieldOrder is the order of the fields of inferred structures.
type FieldOrder uint8

const (
	// FirstSeen orders fields as their keys first appear in the input (the
	// order of the file; for later keys, after the ones seen before), as
	// Polars, DuckDB and pandas do. The default. Go maps have no order:
	// the fields of structures read from map[string]any are sorted by name
	// whatever the option says.
	FirstSeen FieldOrder = iota
	// Sorted orders fields by name.
	Sorted
)

// WithFieldOrder sets the [FieldOrder] of inferred structures. A Spec's
// fields keep the Spec's order.
func WithFieldOrder(order FieldOrder) Option {
	return func(o *buildOptions) { o.Order = build.FieldOrder(order) }
}
