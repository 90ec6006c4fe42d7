package structured

import (
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured/internal/build"
)

// Builder builds a Tensor from a stream of events, the way a tokenizer
// meets the values of a JSON or CSV file: [Builder.BeginRecord],
// [Builder.Key], [Builder.BeginList], scalars such as [Builder.Int] and
// [Builder.String], [Builder.EndList], [Builder.EndRecord]. It is the
// engine behind [FromValue], and the one the text readers drive: no
// map[string]any per record, no reflection, values appended straight into
// one growable column per field path, so allocations grow with the number
// of columns and batches, not of values.
//
// Every value given at the top level (outside any record or list) is one
// row: a record per row gives a rank-1 Tensor (a table), a list of records
// per row rank 2, and so on. Inside a record every value follows a Key;
// inside a list values are its items.
//
// Without a Spec the schema is inferred as [FromValue] infers it (key sets
// unioned, fields in first-seen order, ints widened to float64 only where
// that loses nothing, maps inferred past a threshold, conflicts as the
// [ConflictPolicy] says); with one, values are checked and converted as
// [FromValueSpec] does. See the [Option]s.
//
// [Builder.Finish] returns the rows given since the last Finish as a
// Tensor and starts a new batch with the same schema: once a batch has
// been finished, later batches are built against its Spec, with every
// field nullable, so all batches of one stream have one Arrow schema, and a
// value that does not fit it is an error. (Readers that want one schema
// for values that only come late infer over the whole input first and
// pass the Spec.)
//
// Errors. An event that does not fit (a value of another type, a Key
// outside a record, an EndList that closes a record) returns an *Error
// naming the field path, with list positions, and the row, for instance
// `field ingredients[3].amount: got string at row 7, want float64 (first
// seen at row 0)`. After an error the Builder is spent: every later call
// returns the same error. A Builder is not safe for concurrent use.
type Builder struct {
	// The engine, which knows nothing of Tensors: the events go straight
	// to it (each method here is one call, which the compiler inlines),
	// and Finish assembles the Tensor from the columns it hands over.
	e    build.Builder
	spec *Spec // the Spec of NewBuilder, or the schema frozen by the first Finish
}

// Events are the events a [Builder] takes, as an interface: what a
// tokenizer calls, whether it drives a Builder or another consumer (one
// that skips values, say). [Builder.Events] gives a Builder's.
type Events interface {
	BeginRecord() error
	Key(name string) error
	KeyBytes(name []byte) error
	EndRecord() error
	BeginList() error
	EndList() error
	Null() error
	Bool(v bool) error
	Int(v int64) error
	Uint(v uint64) error
	Float(v float64) error
	Number(text []byte) error
	String(v string) error
	StringBytes(v []byte) error
	Bytes(v []byte) error
	Time(v time.Time) error
	Date(v arrow.Date32) error
}

// Events returns b's events as an interface value that reaches the
// Builder's engine directly: a tokenizer that calls its consumer through
// an interface then pays one dynamic call per event, where b itself, as
// the interface value, adds a call to b's method. The events are b's
// own: b's other methods see them.
func (b *Builder) Events() Events { return &b.e }

// NewBuilder returns a Builder that infers the schema (spec nil) or
// checks and converts values against spec, whose rank must be at least 1:
// its outer dimension counts the rows.
func NewBuilder(spec *Spec, opts ...Option) (*Builder, error) {
	b := &Builder{spec: spec}
	if err := b.e.Init(buildConfig("Builder", spec, makeOptions(opts), build.Chunking{})); err != nil {
		return nil, err
	}
	return b, nil
}

// NumRows is the number of rows given since the last Finish (a row being
// built not counted).
func (b *Builder) NumRows() int {
	return b.e.NumRows()
}

// Reserve sizes every column for about rows rows in this batch, judging
// from the rows given so far, so that columns are not copied each time
// they double. Call it once a sample of the rows is in: a reader that
// knows its input's size can estimate the rows from the bytes read. It is
// a hint, capped at 64 times the rows given so far; it limits nothing.
func (b *Builder) Reserve(rows int) {
	b.e.Reserve(rows)
}

// Err returns the Builder's error, if an event has failed.
func (b *Builder) Err() error {
	return b.e.Err()
}

// Depth is the number of open records and lists: 0 between rows.
func (b *Builder) Depth() int {
	return b.e.Depth()
}

// BeginRecord starts a record (a structure): its fields follow, each a
// Key and a value, up to [Builder.EndRecord].
func (b *Builder) BeginRecord() error {
	return b.e.BeginRecord()
}

// Key names the field whose value comes next in the current record.
func (b *Builder) Key(name string) error {
	return b.e.Key(name)
}

// KeyBytes is [Builder.Key] with the name as bytes, which are copied only
// the first time a name is seen at its path.
func (b *Builder) KeyBytes(name []byte) error {
	return b.e.KeyBytes(name)
}

// EndRecord closes the record begun by the matching BeginRecord. Keys of
// the record's path that it did not give are null in it (an error with
// [WithStrictKeys], or for a Spec's required fields).
func (b *Builder) EndRecord() error {
	return b.e.EndRecord()
}

// BeginList starts a list: its items follow, up to [Builder.EndList].
func (b *Builder) BeginList() error {
	return b.e.BeginList()
}

// EndList closes the list begun by the matching BeginList.
func (b *Builder) EndList() error {
	return b.e.EndList()
}

// Null adds a null: a null item, list or record, whatever the field holds.
func (b *Builder) Null() error {
	return b.e.Null()
}

// Bool adds a bool.
func (b *Builder) Bool(v bool) error {
	return b.e.Bool(v)
}

// Int adds an integer (int64; a field holding floats takes it as a float
// if that is exact).
func (b *Builder) Int(v int64) error {
	return b.e.Int(v)
}

// Uint adds an unsigned integer: int64 when it fits, else (beyond
// MaxInt64) a decimal128(38, 0) field, or a Spec's uint64.
func (b *Builder) Uint(v uint64) error {
	return b.e.Uint(v)
}

// Float adds a float64.
func (b *Builder) Float(v float64) error {
	return b.e.Float(v)
}

// Number adds a number given as its JSON text (as in 42, -1.5e3): an
// int64 when it is an integer that fits, a decimal128(38, 0) when it is an
// integer beyond int64 (up to 38 digits; a longer one is an error, or JSON
// text with [ConflictJSONText]), else a float64.
func (b *Builder) Number(text []byte) error {
	return b.e.Number(text)
}

// String adds a string.
func (b *Builder) String(v string) error {
	return b.e.String(v)
}

// StringBytes adds a string given as bytes, which are copied into the
// column (so the caller may reuse them) without an allocation per value.
func (b *Builder) StringBytes(v []byte) error {
	return b.e.StringBytes(v)
}

// Bytes adds a binary value (copied, as StringBytes).
func (b *Builder) Bytes(v []byte) error {
	return b.e.Bytes(v)
}

// Time adds a timestamp (microseconds, UTC, or a Spec's unit).
func (b *Builder) Time(v time.Time) error {
	return b.e.Time(v)
}

// Date adds a date.
func (b *Builder) Date(v arrow.Date32) error {
	return b.e.Date(v)
}

// Finish returns the rows given since the last Finish as a Tensor (rank 1
// for rows that are records, higher for rows that are lists of records)
// and starts the next batch, which keeps this batch's schema (see
// [Builder]). Rows that are scalars are an error, as is an open record or
// list.
func (b *Builder) Finish() (*Tensor, error) {
	col, err := b.e.Finish()
	if err != nil {
		return nil, err
	}
	t := assemble(col, 0, Unknown, nil).(*Tensor)
	if b.spec == nil && t.NumRows() > 0 {
		b.spec = streamSpec(t.Spec())
		b.e.Freeze((*specSource)(b.spec))
	}
	return t, nil
}

// FreezeSchema makes a Builder that infers build every batch against
// spec (every field nullable), as the batches of a stream after its first
// are built against the first's schema (see [Builder.Finish]): rows read
// against the schema of a sample of them. A value that inference over
// every row would have typed otherwise (a key spec lacks, a number in a
// field of strings, 1.5 in a field of integers) is then an error naming
// "the schema of the first batch", where a Spec given to [NewBuilder]
// converts what it can (a number's text into a string field). Call it
// before the first row; a Builder made with a Spec, or given rows, is an
// error and left as it was.
func (b *Builder) FreezeSchema(spec *Spec) error {
	if b.spec != nil {
		return &Error{Op: "Builder", Err: ErrSchema, Msg: "FreezeSchema: the Builder has a schema already"}
	}
	if spec == nil || len(spec.Shape) == 0 {
		return &Error{Op: "Builder", Err: ErrSchema, Msg: "FreezeSchema: give the rows' Spec (rank >= 1)"}
	}
	frozen := streamSpec(spec)
	if err := b.e.FreezeNow((*specSource)(frozen)); err != nil {
		return err
	}
	b.spec = frozen
	return nil
}

// streamSpec is the schema later batches of a stream are built against:
// the first batch's, with every level nullable.
func streamSpec(s *Spec) *Spec {
	out := &Spec{Shape: s.Shape.clone(), Fields: nullableFields(s.Fields), Nullable: true}
	for i := range out.Shape {
		out.Shape[i] = Unknown
	}
	return out
}

func nullableFields(fs []FieldSpec) []FieldSpec {
	out := make([]FieldSpec, len(fs))
	for i, f := range fs {
		f.Nullable = true
		f.Dims = f.Dims.clone()
		for j := range f.Dims {
			f.Dims[j] = Unknown
		}
		if f.Fields != nil {
			f.Fields = nullableFields(f.Fields)
			if f.Map && len(f.Fields) == 2 {
				f.Fields[0].Nullable = false // map keys are never null
			}
		}
		out[i] = f
	}
	return out
}
