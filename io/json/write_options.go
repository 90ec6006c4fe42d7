package json

// writeConfig is what the writer options set.
type writeConfig struct {
	prefix, indent string    // WithIndent; both empty: compact
	nonFinite      NonFinite // WithNonFinite
	noIndex        bool      // WithIndexField(false)
	omitNulls      bool      // WithOmitNulls
	escapeHTML     bool      // WithEscapeHTML
}

func defaultWriteConfig() writeConfig { return writeConfig{} }

// indented reports whether the output is pretty-printed.
func (c *writeConfig) indented() bool { return c.prefix != "" || c.indent != "" }

// NonFinite is what a writer does with a float that JSON cannot hold: NaN,
// +Inf or -Inf (RFC 8259 numbers are finite). The zero value is
// [NonFiniteError].
type NonFinite uint8

const (
	// NonFiniteError refuses the value: the write fails with a
	// *[WriteError] naming the row and the field path. The default, since
	// any other choice changes the value.
	NonFiniteError NonFinite = iota
	// NonFiniteNull writes null, as pandas' to_json and JavaScript's
	// JSON.stringify do. Reading back gives a null, not the NaN.
	NonFiniteNull
	// NonFiniteString writes the strings "NaN", "Infinity" and
	// "-Infinity", the spellings of JavaScript and of Python's json
	// module (which writes them bare). Reading back gives strings unless
	// the reader is told the column is a float.
	NonFiniteString
)

// String names the policy as its constant does.
func (p NonFinite) String() string {
	switch p {
	case NonFiniteError:
		return "NonFiniteError"
	case NonFiniteNull:
		return "NonFiniteNull"
	case NonFiniteString:
		return "NonFiniteString"
	}
	return "NonFinite(?)"
}

// WithNonFinite sets what writing does with NaN and ±Inf (see
// [NonFinite]); the default is [NonFiniteError]. Writing.
func WithNonFinite(p NonFinite) Option {
	return func(c *config) { c.write.nonFinite = p }
}

// WithIndent pretty-prints what is written as an [Array] or a [Document]:
// each element or field on its own line, beginning with prefix and one
// copy of indent per level of nesting, exactly as encoding/json's
// MarshalIndent lays it out. [NDJSON] keeps one row per line and ignores
// it. Writing.
func WithIndent(prefix, indent string) Option {
	return func(c *config) { c.write.prefix, c.write.indent = prefix, indent }
}

// WithIndexField sets whether writing a Frame writes its index as the
// field "_index_" of every row: true (the default) writes a label index or
// MultiIndex there (a range index is never written), so reading the file
// back gives the index again; false writes the columns alone. (CSV, which
// has no such field, names its index columns with csv.WithIndexColumns;
// display.WithIndex is the index a rendering shows.) Writing: [Read]
// always makes a field "_index_" the index.
func WithIndexField(on bool) Option {
	return func(c *config) { c.write.noIndex = !on }
}

// WithOmitNulls sets whether writing leaves out the fields of an object
// whose value is null (a null leaf, a null list, a null structure), where
// the default writes "field": null. Readers take an absent field as null,
// so a file written either way reads back equal, except for a field that
// is null in every row, which disappears with the option on. Map entries
// and list items are always written. Writing.
func WithOmitNulls(on bool) Option {
	return func(c *config) { c.write.omitNulls = on }
}

// WithEscapeHTML sets whether writing escapes <, > and & in strings (as
// \u003c, \u003e, \u0026) so that the JSON can be embedded in HTML, as
// encoding/json does by default. The default is off, as data tools (pandas,
// Polars, DuckDB) write them plainly. Writing.
func WithEscapeHTML(on bool) Option {
	return func(c *config) { c.write.escapeHTML = on }
}
