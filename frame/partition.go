package frame

// PartitionOption changes PartitionBy: WithIncludeKey, WithMaintainOrder.
type PartitionOption interface{ applyPartition(*partConfig) }

type partConfig struct {
	noKey bool
}

type partOptionFunc func(*partConfig)

func (fn partOptionFunc) applyPartition(c *partConfig) { fn(c) }

// WithIncludeKey(false) leaves the key columns out of PartitionBy's
// frames; true, the default, keeps them (Polars' include_key).
func WithIncludeKey(on bool) PartitionOption {
	return partOptionFunc(func(c *partConfig) { c.noKey = !on })
}

// PartitionBy groups are always in the order their keys first appear:
// WithMaintainOrder(true), Polars' default, states it, and false (which
// lets Polars choose any order) gives the same order, which costs nothing
// here.
func (m MaintainOrderOption) applyPartition(*partConfig) {}

// PartitionBy splits the frame into one frame per distinct value of the
// key columns (Polars' partition_by): the frames come in the order their
// keys first appear, each holding its rows in their order, with the key
// columns (unless WithIncludeKey(false)) and the frame's index labels of
// its rows (a range index counts again from 0). Keys are grouped as
// GroupBy groups them: top-level or nested paths, structures and lists
// too, every null in one group. The keys of a frame are the values of its
// key columns, on any of its rows.
//
// A frame of no rows gives no frames. An unknown column is an ErrColumn
// error, no key an ErrArgument error.
//
// Cost: one grouping pass and one gather of every column into group
// order; each frame is then a window of that gather, sharing its buffers.
func (f *Frame) PartitionBy(keys []string, opts ...PartitionOption) ([]*Frame, error) {
	const op = "PartitionBy"
	if err := f.Err(); err != nil {
		return nil, err
	}
	var cfg partConfig
	for _, o := range opts {
		if o != nil {
			o.applyPartition(&cfg)
		}
	}
	keys, err := f.expandRefs(op, keys)
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, errorf(op, ErrArgument, "no key columns")
	}
	g, _, err := grpKeys(op, f, keys)
	if err != nil {
		return nil, err
	}
	src := f
	if cfg.noKey {
		if src = f.Drop(keys...); src.Err() != nil {
			return nil, wrap(op, src.Err())
		}
	}
	rows, sizes := g.order()
	all := src.take(op, rows)
	if err := all.Err(); err != nil {
		return nil, err
	}
	out := make([]*Frame, g.n)
	start := 0
	for k, size := range sizes {
		stop := start + int(size)
		if out[k] = all.Slice(start, stop); out[k].Err() != nil {
			return nil, out[k].Err()
		}
		start = stop
	}
	return out, nil
}
