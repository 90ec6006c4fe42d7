package parquet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
)

// tally counts the reads of readEveryWay that gave a Frame and those
// that gave an error, and keeps the first error that is a recovered
// panic of the decoder or invalid decoded data (worth a look: the
// checks before the read did not see it).
type tally struct {
	ok, failed int
	late       error
}

func (c *tally) add(err error) {
	if err == nil {
		c.ok++
		return
	}
	c.failed++
	var p *PanicError
	if c.late == nil && (errors.As(err, &p) || strings.Contains(err.Error(), "decoded data is invalid")) {
		c.late = err
	}
}

// readEveryWay reads the Parquet bytes data (name says which in a
// failure) every way a caller can, with
// the default options and with the others: ReadFile of a copy in dir, Read
// in parallel and WithParallelism(1), the batches of OpenFile and NewReader, a
// projection to each of paths, a row group filter on filterCol, and the
// footer alone (Stats, ReadStats). Every Frame that comes out is printed
// and converted to JSON, CSV and Arrow IPC. A panic is reported with what
// was read, as a failure of t; an error is what a corrupt file should give,
// counted in c.
func readEveryWay(t testing.TB, name, dir string, data []byte, paths []string, filterCol string, c *tally) {
	t.Helper()
	step := "write the file"
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("%s: %s: panic: %v\n%s", name, step, p, debug.Stack())
		}
	}()
	path := filepath.Join(dir, "in.parquet")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	n := int64(len(data))
	use := func(what string, f *frame.Frame, err error) {
		step = what
		c.add(err)
		if err != nil {
			return
		}
		step = what + ", printed"
		_ = fmt.Sprint(f)
		step = what + ", converted to JSON"
		_ = json.Write(io.Discard, f)
		step = what + ", converted to CSV"
		_ = csv.Write(io.Discard, f)
		step = what + ", converted to Arrow IPC"
		_ = ipc.Write(io.Discard, f)
	}
	step = "ReadFile"
	f, err := ReadFile(path)
	use("ReadFile", f, err)
	step = "Read"
	f, err = Read(bytes.NewReader(data), n)
	use("Read", f, err)
	step = "Read WithParallelism(1)"
	f, err = Read(bytes.NewReader(data), n, WithParallelism(1))
	use("Read WithParallelism(1)", f, err)
	for _, p := range paths {
		step = "Read WithColumns " + p
		f, err = Read(bytes.NewReader(data), n, WithColumns(p))
		use(step, f, err)
	}
	if filterCol != "" {
		step = "Read WithRowGroupFilter"
		f, err = Read(bytes.NewReader(data), n, WithRowGroupFilter(Gt(filterCol, 1)), WithParallelism(1))
		use(step, f, err)
	}
	step = "OpenFile"
	if r, err := OpenFile(path); err == nil {
		for r.Next() {
			use("OpenFile batch", r.Frame(), nil)
		}
		c.add(r.Err())
		r.Close()
	} else {
		c.add(err)
	}
	if filterCol != "" {
		// The batches of a Reader given a filter: pages skipped by the
		// page index, read by seeking.
		step = "NewReader WithRowGroupFilter"
		if r, err := NewReader(bytes.NewReader(data), WithRowGroupFilter(Gt(filterCol, 1)), WithParallelism(1)); err == nil {
			for r.Next() {
				use("NewReader WithRowGroupFilter batch", r.Frame(), nil)
			}
			c.add(r.Err())
		} else {
			c.add(err)
		}
	}
	step = "NewReader WithParallelism(1)"
	if r, err := NewReader(bytes.NewReader(data), WithParallelism(1)); err == nil {
		for r.Next() {
			use("NewReader batch", r.Frame(), nil)
		}
		c.add(r.Err())
	} else {
		c.add(err)
	}
	step = "Stats"
	_, err = Stats(path)
	c.add(err)
	step = "ReadStats"
	_, err = ReadStats(bytes.NewReader(data), n)
	c.add(err)
}
