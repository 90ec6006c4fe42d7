package frame

import "fmt"

// JoinOption is an optional setting of Join: WithSuffix, WithNullsEqual,
// WithValidate, WithCoalesce.
type JoinOption interface{ applyJoin(*joinOptions) }

type joinOptions struct {
	suffix     string
	nullsEqual bool
	validate   JoinValidate
	coalesce   bool
}

// SuffixOption is the option WithSuffix returns; Join and JoinAsof take it.
type SuffixOption string

// WithSuffix sets what is appended to the name of a right column that clashes
// with a left one; the default is "_right", as in Polars.
func WithSuffix(s string) SuffixOption { return SuffixOption(s) }

func (s SuffixOption) applyJoin(o *joinOptions) { o.suffix = string(s) }
func (s SuffixOption) applyAsof(o *asofConfig)  { o.suffix = string(s) }

// NullsEqualOption is the option WithNullsEqual returns.
type NullsEqualOption bool

// WithNullsEqual makes null keys match each other when true (Polars'
// nulls_equal, SQL's IS NOT DISTINCT FROM): a left row whose keys are null
// pairs with each right row whose keys are null. The default, false,
// is SQL's and Polars': a null key matches nothing.
func WithNullsEqual(on bool) NullsEqualOption { return NullsEqualOption(on) }

func (n NullsEqualOption) applyJoin(o *joinOptions) { o.nullsEqual = bool(n) }

// CoalesceOption is the option WithCoalesce returns; Join and JoinAsof
// take it.
type CoalesceOption bool

// WithCoalesce says whether paired key columns are merged into one, as
// Polars' coalesce. True, the default of Join, keeps the left key column
// only, holding in an Outer or Right join the right key's value in rows
// only the right side has; false keeps both key columns as they are, the
// right one suffixed when its name is taken, null where its side has no
// row. Keys reached by a nested path or computed by an expression are
// never merged. JoinAsof drops its right on key when true and the
// keys share a name, and keeps it (suffixed) when false.
func WithCoalesce(on bool) CoalesceOption { return CoalesceOption(on) }

func (c CoalesceOption) applyJoin(o *joinOptions) { o.coalesce = bool(c) }
func (c CoalesceOption) applyAsof(o *asofConfig)  { o.coalesce = bool(c) }

// JoinValidate is what WithValidate checks of the join keys, as Polars'
// validate: whether a key tuple may occur on several rows of a side.
type JoinValidate uint8

// The checks, named after Polars' "m:m", "1:1", "1:m" and "m:1".
const (
	// ManyToMany checks nothing: the default.
	ManyToMany JoinValidate = iota
	// OneToOne checks that no key tuple occurs twice on either side.
	OneToOne
	// OneToMany checks that no key tuple occurs twice on the left side.
	OneToMany
	// ManyToOne checks that no key tuple occurs twice on the right side.
	ManyToOne
)

// String is Polars' name of the check: "m:m", "1:1", "1:m", "m:1".
func (v JoinValidate) String() string {
	switch v {
	case ManyToMany:
		return "m:m"
	case OneToOne:
		return "1:1"
	case OneToMany:
		return "1:m"
	case ManyToOne:
		return "m:1"
	}
	return fmt.Sprintf("JoinValidate(%d)", uint8(v))
}

// ValidateOption is the option WithValidate returns.
type ValidateOption JoinValidate

// WithValidate makes Join check that its keys are unique on the sides v
// names before joining (Polars' validate), so that a join meant to
// look rows up cannot silently multiply them: a key tuple on two rows of
// such a side is an ErrValidate error naming the side, the keys, the
// value and both rows. Null keys are not checked unless WithNullsEqual
// makes them match. The check reads every row of the side, matched or
// not, whatever the kind of join; the default, ManyToMany, checks nothing.
func WithValidate(v JoinValidate) ValidateOption { return ValidateOption(v) }

func (v ValidateOption) applyJoin(o *joinOptions) { o.validate = JoinValidate(v) }
