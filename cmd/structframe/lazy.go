package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/lazy"
)

// Lazy runs: a command over a file or a dataset whose steps all have a
// lazy form runs as one lazy query (package lazy) when that reads less
// or holds less than the other ways: over Parquet and Arrow files and
// datasets, where the scan reads only the columns, row groups and
// partitions the steps use ("filter 'x > 1' select a,b big.parquet"
// reads a, b and x of the row groups that may hold x > 1), and over text
// files when a step needs every row (group-by, sort, distinct, tail),
// where the query aggregates batch by batch and sorts past memory on
// disk. --explain prints the query's plan instead of running it.

// lazySteps is p's steps as lazy verbs on q; ok is false when one has
// none (schema, describe: their streaming forms stay).
func lazySteps(q *lazy.Frame, steps []step) (_ *lazy.Frame, ok bool, err error) {
	for _, s := range steps {
		switch s.verb {
		case "show":
		case "head":
			q = q.Head(s.n)
		case "tail":
			q = q.Tail(s.n)
		case "select":
			paths, err := stepList(s)
			if err != nil {
				return nil, true, err
			}
			q = q.Select(paths...)
		case "explode":
			cols, err := stepList(s)
			if err != nil {
				return nil, true, err
			}
			q = q.Explode(cols)
		case "unnest":
			q = q.Unnest(strings.TrimSpace(s.arg), frame.WithCollision(frame.CollisionPrefix))
		case "sort":
			keys, err := sortKeys(s)
			if err != nil {
				return nil, true, err
			}
			q = q.Sort(keys...)
		case "filter":
			e, err := parseExpr("filter", s.arg)
			if err != nil {
				return nil, true, err
			}
			q = q.Filter(e)
		case "with":
			exprs, _, err := parseExprs("with", s.arg)
			if err != nil {
				return nil, true, err
			}
			q = q.WithColumns(exprs...)
		case "group-by":
			keys, exprs, err := groupArgs(s)
			if err != nil {
				return nil, true, err
			}
			if len(keys) > 0 {
				q = q.GroupBy(keys...).Agg(exprs...)
			} else {
				q = q.SelectExprs(exprs...)
			}
		case "distinct":
			q = q.Unique(splitList(s.arg))
		default:
			return nil, false, nil
		}
	}
	return q, true, nil
}

// scan is the lazy scan of a file or dataset source in format f; nil for
// standard input and the bundled file.
func (s source) scan(f *formats.Format) *lazy.Frame {
	switch {
	case s.path == "" || s.data != nil:
		return nil
	case isDataset(s.path):
		return dataset.Scan(s.path, datasetOptions(f, s.options())...)
	}
	return f.Scan(s.path, s.options()...)
}

// lazyWorth reports whether running p as a lazy query over src in format
// f reads or holds less than the other ways (see above).
func (p *plan) lazyWorth(src source, f *formats.Format) bool {
	if wholeOnly || src.path == "" || src.data != nil {
		return false
	}
	if isDataset(src.path) || !f.Text() {
		return true
	}
	_, streams := p.streaming()
	return !streams
}

// runLazy runs p as a lazy query over src and shows or writes the
// result. handled is false when it did not run (a step without a lazy
// form) or failed before any output: the other ways then run the command
// and give their result or their error (a JSON field of two types read
// as text, with its note).
func (p *plan) runLazy(src source, f *formats.Format, stdout, stderr io.Writer, read, written *progress) (handled bool, err error) {
	scan := src.scan(f)
	if scan == nil {
		return false, nil
	}
	q, ok, err := lazySteps(scan, p.steps)
	if !ok {
		return false, nil
	}
	if err != nil {
		return true, err // a step's arguments: said before any row is read
	}
	ctx := context.Background()
	if _, err := q.Schema(ctx); err != nil {
		if readFailed(err) {
			return false, nil
		}
		return true, planError(err) // an unknown column, a type error
	}
	var stats lazy.Stats
	if f != nil && f.Text() && !isDataset(src.path) {
		// The bar follows the bytes the scan has parsed.
		total := int64(-1)
		if size, dir, err := store.Stat(ctx, src.path); err == nil && !dir && !formats.Compressed(src.path) {
			total = size
		}
		read.watch(total, stats.InputBytes.Load)
	}
	out, err := q.Collect(ctx, lazy.WithStats(&stats))
	read.done()
	if err != nil {
		return false, nil
	}
	return true, p.finish(out, stdout, stderr, written)
}

// readFailed reports whether err is a reader's, not the plan's: the
// other ways read again and report it in their words.
func readFailed(err error) bool {
	var fe *frame.Error
	return !errors.As(err, &fe)
}

// planError is an error of the plan in the words apply uses: "select:
// column "x" not found".
func planError(err error) error {
	var fe *frame.Error
	if errors.As(err, &fe) && fe.Op != "" {
		return fmt.Errorf("%s: %s", verbOf(fe.Op), fe.Msg)
	}
	return err
}

// verbOf is the command's verb for a frame method: "GroupBy" is
// "group-by", "Unique" "distinct".
func verbOf(op string) string {
	switch op {
	case "GroupBy", "Agg", "GroupBy.Agg", "SelectExprs": // (SelectExprs: a group-by without keys)
		return "group-by"
	case "Unique":
		return "distinct"
	case "WithColumns":
		return "with"
	}
	return strings.ToLower(op)
}

// explain prints the plan of p's chain as a lazy query over src: over a
// scan of a file or dataset, what it will read; over standard input or
// the bundled file, over the frame read whole.
func (p *plan) explain(src source, f *formats.Format, stdout io.Writer) error {
	q := src.scan(f)
	if q == nil {
		whole, err := src.read(f, nil)
		if err != nil {
			return named(src.name, explainRead(err))
		}
		q = lazy.From(whole)
	}
	q, ok, err := lazySteps(q, p.steps)
	if err != nil {
		return err
	}
	if !ok {
		return usagef("--explain: schema and describe are not planned; leave them out to see the plan of the other steps")
	}
	plan, err := q.Explain(context.Background())
	if err != nil {
		if readFailed(err) {
			return named(src.name, explainRead(err))
		}
		return planError(err)
	}
	_, err = fmt.Fprint(stdout, plan)
	return err
}
