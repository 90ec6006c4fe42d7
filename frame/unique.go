package frame

import (
	"fmt"
	"slices"
)

// UniqueKeep says which row of each distinct key Unique keeps.
type UniqueKeep uint8

const (
	// KeepFirst keeps the first row of each key: the default (pandas'
	// keep="first").
	KeepFirst UniqueKeep = iota
	// KeepLast keeps the last row of each key.
	KeepLast
	// KeepAny keeps one row of each key, whichever is cheapest (Polars'
	// default, keep="any"): here the first.
	KeepAny
	// KeepNone keeps only the rows whose key no other row has (Polars'
	// keep="none", pandas' keep=False).
	KeepNone
)

// String is the name Polars gives the choice: "first", "last", "any" or
// "none".
func (k UniqueKeep) String() string {
	switch k {
	case KeepFirst:
		return "first"
	case KeepLast:
		return "last"
	case KeepAny:
		return "any"
	case KeepNone:
		return "none"
	}
	return fmt.Sprintf("UniqueKeep(%d)", uint8(k))
}

// UniqueOption is an option of Unique: WithKeep, WithMaintainOrder.
type UniqueOption interface{ applyUnique(*uniqueConfig) }

type uniqueConfig struct {
	keep UniqueKeep
}

func (k UniqueKeep) applyUnique(c *uniqueConfig) { c.keep = k }

// WithKeep sets which row of each distinct key Unique keeps (KeepFirst
// unless set).
func WithKeep(k UniqueKeep) UniqueOption { return k }

// applyUnique accepts WithMaintainOrder for Polars' signature: Unique
// keeps the frame's order whatever it says (false allows any order, and
// the frame's is one).
func (o MaintainOrderOption) applyUnique(*uniqueConfig) {}

// Unique keeps one row of each distinct key, in the frame's order
// (pandas' drop_duplicates, Polars' unique(subset, keep,
// maintain_order=True)): the key is the columns of subset (leaves or
// structures, nested paths too), or every column when subset is empty
// (list and structure columns compare item by item, field by field).
// Nulls are equal to each other, and so are NaNs. WithKeep chooses the
// first row of a key (the default), the last, any, or none of a key that
// several rows share (KeepNone). The rows kept come in the order they
// have in the frame, whatever WithMaintainOrder says (Polars' default
// does not keep it; keeping it costs nothing here). Label indexes follow
// the kept rows. A list of lists in the key is an ErrType error.
// Selectors (ColsByType, a ^pattern$) name several columns.
func (f *Frame) Unique(subset []string, opts ...UniqueOption) *Frame {
	const op = "Unique"
	if f.Err() != nil {
		return f
	}
	var cfg uniqueConfig
	for _, o := range opts {
		if o != nil {
			o.applyUnique(&cfg)
		}
	}
	if cfg.keep > KeepNone {
		return failed(errorf(op, ErrArgument, "unknown UniqueKeep %d", uint8(cfg.keep)))
	}
	refs, err := f.expandRefs(op, subset)
	if err != nil {
		return failed(err)
	}
	if len(subset) > 0 && len(refs) == 0 {
		// Not every column, which no column given would mean.
		return failed(errorf(op, ErrColumn, "the selectors name no column"))
	}
	if len(refs) == 0 {
		for _, name := range f.data.FieldNames() {
			refs = append(refs, Path(name))
		}
		if len(refs) == 0 {
			return f
		}
	}
	groups, _, err := grpKeys(op, f, refs)
	if err != nil {
		return failed(err)
	}
	if groups.n == f.data.NumRows() {
		return f
	}
	var rows []int
	switch cfg.keep {
	case KeepFirst, KeepAny:
		rows = groups.firstRows()
	case KeepLast:
		rows = make([]int, groups.n)
		for i, g := range groups.ids {
			rows[g] = i
		}
		slices.Sort(rows)
	case KeepNone:
		counts := uniqueCounts(groups)
		for i, g := range groups.ids {
			if counts[g] == 1 {
				rows = append(rows, i)
			}
		}
	}
	return f.take(op, rows)
}

// uniqueCounts is the number of rows of each group.
func uniqueCounts(g *grpGroups) []int32 {
	counts := make([]int32, g.n)
	for _, id := range g.ids {
		counts[id]++
	}
	return counts
}
