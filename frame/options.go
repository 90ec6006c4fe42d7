package frame

// Options shared by several verbs and expressions. Each is a named type
// that every verb taking it accepts: the verb's option interface is
// implemented by a method of the type beside that verb (as
// SeparatorOption serves Unnest, Flatten and Unflatten).

// SeedOption is the option WithSeed returns.
type SeedOption uint64

// WithSeed seeds what draws at random (Sample, Shuffle, Rank's RankRandom), so a
// run can be repeated: the same seed gives the same rows. Unset, the seed
// is drawn from the operating system's source on each call.
func WithSeed(seed uint64) SeedOption { return SeedOption(seed) }

// DescendingOption is the option WithDescending returns.
type DescendingOption bool

// WithDescending orders from the greatest value down when true (Rank,
// the sorted columns of Pivot and Unstack); ascending is the default.
func WithDescending(on bool) DescendingOption { return DescendingOption(on) }

// MaintainOrderOption is the option WithMaintainOrder returns.
type MaintainOrderOption bool

// WithMaintainOrder keeps the order in which rows or keys first appear
// when true (Unique, PartitionBy), as Polars' maintain_order. Each verb
// says its default.
func WithMaintainOrder(on bool) MaintainOrderOption { return MaintainOrderOption(on) }
