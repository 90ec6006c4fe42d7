package gota

import "github.com/structframe/structframe/structured"

// Option changes how [FromDataFrame] and [ToDataFrame] convert. Each
// option says which direction it affects (from gota, to gota or both); a
// function it does not affect ignores it.
type Option func(*config)

// config is what the options set, for both directions.
type config struct {
	schema  *structured.Spec
	explode string // the list column written as exploded rows, or ""
}

func makeConfig(opts []Option) config {
	var c config
	for _, opt := range opts {
		if opt != nil {
			opt(&c)
		}
	}
	return c
}

// sep joins the names of a dotted column, as Frame.Flatten writes them.
const sep = "."

// Names of the columns [WithExplode] adds: the row each exploded row
// comes from, and the item's position in its list (-1 for an empty list,
// NA for a null one).
const (
	RowColumn      = "_row_"
	PositionColumn = "_pos_"
)

// WithExplode affects both directions. [ToDataFrame] writes the list
// column col as rows instead of JSON text: one gota row per item
// (Frame.Explode), its structure's fields as dotted columns, with the
// columns _row_ (the row it comes from) and _pos_ (its position: -1 for
// an empty list, NA for a null list), so the flat table reads like a SQL
// join of parent and child rows. Given to [FromDataFrame] with
// [WithSchema], it groups the rows back into lists (Frame.NestPositions),
// empty and null lists included. Other list columns stay JSON text.
func WithExplode(col string) Option {
	return func(c *config) { c.explode = col }
}

// WithSchema affects [FromDataFrame] (ToDataFrame ignores it): it gives
// the Spec to rebuild, the Spec of the Frame that ToDataFrame converted
// (Frame.Schema), so the nesting, the lists and the leaf types come back.
func WithSchema(spec *structured.Spec) Option {
	return func(c *config) { c.schema = spec }
}
