package parquet

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/arrowcheck"
	"github.com/structframe/structframe/internal/arrowspec"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/internal/mmapfile"
	"github.com/structframe/structframe/structured"
)

// ReadFile reads the Parquet file at path into a Frame (see [Read]).
func ReadFile(path string, opts ...Option) (*frame.Frame, error) {
	t, err := readTensorFile(path, opts)
	if err != nil {
		return nil, err
	}
	return toFrame(t, "Read", path)
}

// Read reads the Parquet data of size bytes in r (an *os.File, a
// bytes.Reader, an io.SectionReader) into a Frame, every column decoded in
// parallel, the column "_index_" becoming the index. Options: [WithColumns],
// [WithParallelism], [WithAllocator].
func Read(r io.ReaderAt, size int64, opts ...Option) (*frame.Frame, error) {
	t, err := ReadTensor(r, size, opts...)
	if err != nil {
		return nil, err
	}
	return toFrame(t, "Read", "")
}

// ReadTensor reads the Parquet data of size bytes in r into a rank-1
// Tensor, one field per column (the index, if any, stays the field
// "_index_"). Options as for [Read].
func ReadTensor(r io.ReaderAt, size int64, opts ...Option) (*structured.Tensor, error) {
	c := makeConfig(opts)
	t, err := readAll(io.NewSectionReader(r, 0, size), c)
	return t, wrapErr("Read", "", -1, "", err)
}

func readTensorFile(path string, opts []Option) (*structured.Tensor, error) {
	f, err := store.Open(context.Background(), path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := readAll(f, makeConfig(opts))
	return t, wrapErr("Read", store.Redact(path), -1, "", err)
}

func toFrame(t *structured.Tensor, op, path string) (*frame.Frame, error) {
	f := frame.FromTensor(t)
	if err := f.Err(); err != nil {
		return nil, wrapErr(op, path, -1, "", err)
	}
	return f, nil
}

// open opens the Parquet footer of src and the Arrow reader over it, with
// the leaf columns the options project to (every column when none).
//
// pqarrow's own Parallel property is left off: it decodes on goroutines of
// its own, where a panic of the decoder on a corrupt file cannot be
// recovered and ends the process. readGroups decodes columns in parallel
// on goroutines of ours instead, each guarded.
func open(src pq.ReaderAtSeeker, c *config) (fr *pqarrow.FileReader, leaves []int, err error) {
	if c.mem == nil {
		c.mem = hugepage.NewAllocator()
	}
	err = guard(func() error {
		props := pq.NewReaderProperties(c.mem)
		if !store.Remote(src) {
			// Pages read from the file as they are decoded, into the
			// page reader's buffer, which it reuses: not each column
			// chunk copied whole into Go memory first. On the recipes:
			// peak RSS 229 -> 205 MB, the read's time unchanged (median
			// of 16, 0.227 against 0.223 s). A remote file is still
			// fetched a chunk at a time, in one request each.
			props.BufferedStreamEnabled = true
			props.BufferSize = 64 << 10
		}
		rdr, err := file.NewParquetReader(src, file.WithReadProps(props))
		if err != nil {
			return err
		}
		if err := checkFooter("Read", rdr.MetaData()); err != nil {
			return err
		}
		c.src, c.size, c.props = src, rdr.MetaData().GetSourceFileSize(), props
		pageLimits(props, rdr.MetaData(), c.size)
		if err := checkStoredSchema(rdr); err != nil {
			return err
		}
		fr, err = pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{BatchSize: 1 << 16, PreAllocBinaryData: true}, c.mem)
		if err != nil {
			return err
		}
		if c.tests, err = compileFilter(fr.Manifest, rdr.MetaData().Schema, c.filter); err != nil {
			return err
		}
		c.durations = int64Durations(fr.Manifest)
		leaves, err = leafColumns(fr.Manifest, c.columns)
		if err == nil && leaves == nil {
			leaves = upTo(rdr.MetaData().Schema.NumColumns())
		}
		return err
	})
	return fr, leaves, err
}

// readAll reads every row group of src into one Tensor.
func readAll(src pq.ReaderAtSeeker, c config) (*structured.Tensor, error) {
	fr, leaves, err := open(src, &c)
	if err != nil {
		return nil, err
	}
	var groups []int // nil: all
	if c.tests != nil {
		groups = []int{}
		md := fr.ParquetReader().MetaData()
		for g := range md.NumRowGroups() {
			if keep(md.RowGroup(g), c.tests) {
				groups = append(groups, g)
			}
		}
	}
	return readGroups(fr, leaves, groups, nil, c)
}

// upTo returns 0, 1, ..., n-1: every row group, or every leaf.
func upTo(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// fieldJob is one top-level column to decode: its leaves, and what came
// out.
type fieldJob struct {
	top    int // the field's position in the manifest's Fields
	leaves []int
	field  arrow.Field
	arr    arrow.Array
	err    error
}

// readGroups reads the given leaves of the given row groups (nil: all)
// into one Tensor, sharing the decoded Arrow buffers: one job per
// top-level column, on c.parallelism goroutines (GOMAXPROCS if <= 0).
// ranges, when not nil, are the rows to read of the one group given
// (see pageRanges); the pages outside them are skipped.
func readGroups(fr *pqarrow.FileReader, leaves, groups []int, ranges []rowRange, c config) (*structured.Tensor, error) {
	if groups == nil {
		groups = upTo(fr.ParquetReader().NumRowGroups())
	}
	jobs := splitByField(fr.Manifest, leaves)
	var pages map[int][]pageSpan // of a read by page ranges: the pages read
	if ranges != nil {
		pages = readPages(fr.ParquetReader(), groups[0], jobs, ranges)
	}
	if err := prefetchChunks(c.src, fr.ParquetReader().MetaData(), groups, jobLeaves(fr.Manifest, jobs), pages); err != nil {
		return nil, err
	}
	dictOnly, err := checkChunks("Read", c.src, fr.ParquetReader().MetaData(), c.size, groups, jobLeaves(fr.Manifest, jobs), leafPaths(fr.Manifest, fr.ParquetReader().MetaData().Schema.NumColumns()), pages)
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, j := range jobs {
			if j.arr != nil {
				j.arr.Release()
			}
		}
	}()
	// The jobs that read a column through its dictionary (dict.go) use a
	// reader of their own, which says so.
	md := fr.ParquetReader().MetaData()
	var directs map[*fieldJob]*directJob
	if ranges == nil && !c.noDirect {
		directs = planDirect(fr.Manifest, fr.ParquetReader(), groups, jobs)
	}
	// A local file is read by the direct reader in place, mapped, not
	// copied into buffers first. A fault on it (the file truncated by
	// another process meanwhile) panics in the leaf's guard
	// (SetPanicOnFault), and the field goes to pqarrow, which reports
	// the short file.
	var mapped []byte
	if f, ok := c.src.(*os.File); ok && len(directs) > 0 {
		var unmap func()
		if mapped, unmap, ok = mmapfile.Map(f); ok {
			defer unmap()
		}
	}
	var dictFR *pqarrow.FileReader
	viaDict := map[*fieldJob]bool{}
	if ranges == nil && !c.noReadDict {
		if leaves := dictLeaves(fr, slices.DeleteFunc(slices.Clone(jobs), func(j *fieldJob) bool { return directs[j] != nil }), groups, dictOnly); len(leaves) > 0 {
			props := pqarrow.ArrowReadProperties{BatchSize: 1 << 16, PreAllocBinaryData: true}
			for _, l := range leaves {
				props.SetReadDict(l, true)
			}
			// (An error here, which the reader of fr did not give, leaves
			// every field to fr.)
			if r, err := pqarrow.NewFileReader(fr.ParquetReader(), props, c.mem); err == nil {
				int64Durations(r.Manifest) // as open does for fr
				dictFR = r
				for _, j := range jobs {
					viaDict[j] = slices.ContainsFunc(j.leaves, func(l int) bool { return slices.Contains(leaves, l) })
				}
			}
		}
	}
	// post converts the int64 columns the file says are durations, and
	// checks the column.
	post := func(j *fieldJob) error {
		if typ, ok := c.durations[j.top]; ok {
			d := withType(j.arr.Data(), typ)
			j.arr.Release()
			j.arr = array.MakeFromData(d)
			d.Release()
			j.field.Type = typ
		}
		return validColumn(j.field, j.arr)
	}
	run := func(j *fieldJob) {
		j.err = guard(func() error {
			var col *arrow.Chunked
			if ranges != nil {
				ch, field, err := readRanges(fr, j, groups[0], ranges, c.mem)
				if err != nil {
					return err
				}
				defer ch.Release()
				col, j.field = ch, field
			} else {
				r := fr
				if viaDict[j] {
					r = dictFR
				}
				tbl, err := r.ReadRowGroups(context.Background(), j.leaves, groups)
				if err != nil {
					return err
				}
				defer tbl.Release()
				if tbl.NumCols() != 1 {
					return fmt.Errorf("read %d columns for one field", tbl.NumCols())
				}
				col, j.field = tbl.Column(0).Data(), tbl.Schema().Field(0)
			}
			var err error
			j.arr, err = oneChunk(col, c.mem)
			if err == nil && viaDict[j] {
				plain, perr := plainArray(j.arr, c.mem)
				j.arr.Release()
				j.arr, err = plain, perr
				if err == nil {
					j.field.Type = plain.DataType()
				}
			}
			if err != nil {
				return err
			}
			return post(j)
		})
	}
	nrows := int64(0)
	for _, g := range groups {
		nrows += md.RowGroup(g).NumRows()
	}
	if ranges != nil {
		nrows = rangeRows(ranges)
	}
	// A field of the direct reader is put together by the job of its
	// last leaf; one it cannot decode goes to pqarrow (run), whole.
	direct := func(j *fieldJob, d *directJob) {
		err := errors.Join(d.errs...)
		if err == nil {
			err = guard(func() error {
				arr, err := d.build(j.leaves, c.mem)
				if err != nil {
					return err
				}
				j.arr, j.field = arr, *d.sf.Field
				if int64(arr.Len()) != nrows {
					// pqarrow reads as many records as the row groups
					// say, and may succeed where the levels hold more
					return fmt.Errorf("%w: %d rows, the row groups %d", errStructure, arr.Len(), nrows)
				}
				return post(j)
			})
		} else {
			for _, o := range d.outs {
				if o != nil {
					o.release()
				}
			}
		}
		if err != nil {
			if j.arr != nil {
				j.arr.Release()
				j.arr = nil
			}
			if directFellBack != nil {
				directFellBack(d.sf.Field.Name, err)
			}
			run(j)
		}
	}
	do := func(t readTask, sc *leafScratch) {
		if t.leaf < 0 {
			run(t.job)
			return
		}
		d := directs[t.job]
		leafGroups := groups
		if t.part >= 0 {
			leafGroups = d.parts[t.leaf].groups[t.part]
		}
		var o, reuse *leafOut
		if t.part >= 0 {
			reuse = d.parts[t.leaf].scratch(t.part)
		}
		err := guard(func() (err error) {
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			o, err = readLeafInto(reuse, c.src, mapped, md, t.job.leaves[t.leaf], leafGroups, c.mem, sc)
			return err
		})
		if t.part >= 0 {
			whole, werr, ok := d.parts[t.leaf].finish(t.part, o, err, reuse)
			if !ok {
				return // another part of the leaf finishes it
			}
			o, err = whole, werr
		}
		d.outs[t.leaf], d.errs[t.leaf] = o, err
		if d.left.Add(-1) == 0 {
			direct(t.job, d)
		}
	}
	workers := c.parallelism
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	tasks := readTasks(md, jobs, groups, directs, workers, c.allParts, c.mem)
	workers = min(workers, len(tasks))
	if workers <= 1 {
		sc := &leafScratch{}
		for _, t := range tasks {
			do(t, sc)
		}
	} else {
		next := make(chan readTask)
		var wg sync.WaitGroup
		for range workers {
			wg.Go(func() {
				sc := &leafScratch{}
				for t := range next {
					do(t, sc)
				}
			})
		}
		for _, t := range tasks {
			next <- t
		}
		close(next)
		wg.Wait()
	}
	fields := make([]arrow.Field, len(jobs))
	cols := make([]arrow.Array, len(jobs))
	for i, j := range jobs {
		if j.err != nil {
			name := ""
			if f := fr.Manifest.ColIndexToField[j.leaves[0]]; f != nil {
				name = topField(fr.Manifest, f).Field.Name
			}
			rg := -1
			if len(groups) == 1 {
				rg = groups[0]
			}
			return nil, &Error{Op: "Read", RowGroup: rg, Field: name, Err: j.err}
		}
		if int64(j.arr.Len()) != nrows {
			rg, what := -1, "the row groups"
			if len(groups) == 1 {
				rg, what = groups[0], "the row group"
			}
			if ranges != nil {
				what = "the pages kept of the row group"
			}
			return nil, &Error{Op: "Read", RowGroup: rg, Field: j.field.Name, Err: fmt.Errorf("corrupt file: column has %d rows, %s %d", j.arr.Len(), what, nrows)}
		}
		fields[i], cols[i] = j.field, j.arr
	}
	rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, nrows)
	defer rec.Release()
	// the columns are valid (validColumn): FromRecordBatch joins them
	var t *structured.Tensor
	err = guard(func() error {
		var err error
		if t, err = structured.FromRecordBatch(rec); err != nil {
			return err
		}
		if note := fr.ParquetReader().MetaData().KeyValueMetadata().FindValue(arrowspec.Key); note != nil {
			t, err = arrowspec.Restore(t, *note)
		}
		return err
	})
	if err != nil {
		rg := -1
		if len(groups) == 1 {
			rg = groups[0]
		}
		return nil, &Error{Op: "Read", RowGroup: rg, Err: err}
	}
	return t, nil
}

// validColumn checks a decoded column in full, as a Tensor of one field
// (structured's Validate: offsets, bitmaps, dictionary indices, in time
// linear in its offsets). What pqarrow makes of a corrupt file can break
// Arrow's invariants (a map's offsets past its entries, the mutation
// test found): FromRecordBatch panicked on it, and what it let through
// could panic later, when printed or converted.
func validColumn(f arrow.Field, a arrow.Array) error {
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{f}, nil), []arrow.Array{a}, int64(a.Len()))
	defer rec.Release()
	t, err := structured.FromRecordBatch(rec)
	if err == nil {
		err = t.Validate()
	}
	if err != nil {
		return fmt.Errorf("corrupt file: the decoded column is invalid: %w", err)
	}
	return nil
}

// splitByField groups leaves (in file order) by their top-level field.
func splitByField(m *pqarrow.SchemaManifest, leaves []int) []*fieldJob {
	var jobs []*fieldJob
	var last *pqarrow.SchemaField
	for _, l := range leaves {
		top := topField(m, m.ColIndexToField[l])
		if top != last || len(jobs) == 0 {
			jobs = append(jobs, &fieldJob{top: fieldPos(m, top)})
			last = top
		}
		j := jobs[len(jobs)-1]
		j.leaves = append(j.leaves, l)
	}
	return jobs
}

// readTask is one task of a read: a field read by pqarrow (leaf -1), or
// one leaf (its position in the job's leaves) of a field the direct
// reader reads.
type readTask struct {
	job  *fieldJob
	leaf int
	part int // of a leaf decoded in parts (directJob.parts), which; -1: whole
}

// readTasks returns the tasks of the jobs in the order to start them:
// the costliest first, so that the last to finish is a small one (on the
// benchmark recipes, one field of six is 40 % of pqarrow's decoding;
// started fifth, it finished alone, 20 ms after the others). A field
// pqarrow reads costs its column chunks' decoded bytes and 24 bytes a
// value, the cost of a value met in pqarrow's level and builder loops,
// as measured on those recipes; a leaf of the direct reader, directCost.
//
// A leaf of the direct reader that costs more than the whole over
// workers - 1/2 (workers: the goroutines of the read) is cut into parts,
// runs of its row groups (leafParts) of about half a worker's share each
// (all: every leaf of two row groups or more, a test hook). A leaf of
// numbers outside lists is cut only where the footer gives each part's
// place (its null counts): the parts are decoded in place. Appending
// parts, as strings' are, costs about half of decoding them (the page
// faults of the memory appended to, on this VM, most of it), and numbers
// little more than that: a file of two such columns, one of them cut and
// appended, read in 0.24-0.32 s rather than 0.20 s; decoded in place,
// 0.18-0.21 s. A file of one string column in ten row groups read in
// 0.18-0.19 s rather than 0.20-0.31 s.
func readTasks(md *metadata.FileMetaData, jobs []*fieldJob, groups []int, directs map[*fieldJob]*directJob, workers int, all bool, mem memory.Allocator) []readTask {
	var tasks []readTask
	var costs []int64
	total := int64(0)
	for _, j := range jobs {
		if directs[j] != nil {
			for _, l := range j.leaves {
				total += directCost(md, l, groups)
			}
		}
	}
	share := total / int64(max(workers, 1))
	for _, j := range jobs {
		if d := directs[j]; d != nil {
			for k, l := range j.leaves {
				cost := directCost(md, l, groups)
				var runs [][]int
				var place *inPlace
				switch {
				case all:
					runs = leafRuns(md, l, groups, 1)
					place = planInPlace(md, l, runs, mem)
				case workers > 1 && cost*int64(2*workers-1) > 2*total:
					runs = leafRuns(md, l, groups, share/2)
					if md.Schema.Column(l).PhysicalType() != pq.Types.ByteArray {
						if place = planInPlace(md, l, runs, mem); place == nil {
							runs = nil
						}
					}
				}
				if runs == nil {
					tasks = append(tasks, readTask{j, k, -1})
					costs = append(costs, cost)
					continue
				}
				if d.parts == nil {
					d.parts = make([]*leafParts, len(j.leaves))
				}
				d.parts[k] = newLeafParts(runs)
				d.parts[k].place = place
				for p, run := range runs {
					tasks = append(tasks, readTask{j, k, p})
					costs = append(costs, directCost(md, l, run))
				}
			}
			continue
		}
		cost := int64(0)
		for _, g := range groups {
			rg := md.RowGroup(g)
			for _, l := range j.leaves {
				if cc, err := rg.ColumnChunk(l); err == nil {
					cost += cc.TotalUncompressedSize() + 24*cc.NumValues()
				}
			}
		}
		tasks = append(tasks, readTask{j, -1, -1})
		costs = append(costs, cost)
	}
	order := upTo(len(tasks))
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case costs[a] > costs[b]:
			return -1
		case costs[a] < costs[b]:
			return 1
		}
		return 0
	})
	out := make([]readTask, len(tasks))
	for i, k := range order {
		out[i] = tasks[k]
	}
	return out
}

// jobLeaves returns every leaf under the jobs' top-level fields, those
// the projection left out included: pqarrow reads both columns of a map
// whichever of them is asked for.
func jobLeaves(m *pqarrow.SchemaManifest, jobs []*fieldJob) []int {
	seen := map[int]bool{}
	for _, j := range jobs {
		if j.top >= 0 {
			collectLeaves(&m.Fields[j.top], seen)
		}
		for _, l := range j.leaves {
			seen[l] = true
		}
	}
	out := make([]int, 0, len(seen))
	for l := range seen {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// fieldPos is the position of the top-level field f in m.Fields, -1 if
// it is none of them.
func fieldPos(m *pqarrow.SchemaManifest, f *pqarrow.SchemaField) int {
	for i := range m.Fields {
		if &m.Fields[i] == f {
			return i
		}
	}
	return -1
}

func topField(m *pqarrow.SchemaManifest, f *pqarrow.SchemaField) *pqarrow.SchemaField {
	for f != nil {
		p := m.ChildToParent[f]
		if p == nil {
			return f
		}
		f = p
	}
	return f
}

// oneChunk returns the column as one array: its chunk when it has one
// (shared), the chunks concatenated (a copy) otherwise.
func oneChunk(col *arrow.Chunked, mem memory.Allocator) (arrow.Array, error) {
	chunks := col.Chunks()
	switch len(chunks) {
	case 0:
		b := array.NewBuilder(mem, col.DataType())
		defer b.Release()
		return b.NewArray(), nil
	case 1:
		chunks[0].Retain()
		return chunks[0], nil
	}
	return array.Concatenate(chunks, mem)
}

// checkStoredSchema checks the Arrow schema a file stores in its metadata
// (ARROW:schema, an IPC message, base64) before pqarrow decodes it:
// arrow-go allocates the body length the message states, and a corrupt one
// asked for 32 GB, a fatal error no recover catches.
func checkStoredSchema(rdr *file.Reader) error {
	v := rdr.MetaData().KeyValueMetadata().FindValue("ARROW:schema")
	if v == nil {
		return nil
	}
	var decoded []byte
	var err error
	if len(*v)%4 == 0 {
		decoded, err = base64.StdEncoding.DecodeString(*v)
	}
	if len(decoded) == 0 || err != nil {
		if decoded, err = base64.RawStdEncoding.DecodeString(*v); err != nil {
			return nil // pqarrow reports it
		}
	}
	if err := arrowcheck.SchemaMessage(decoded); err != nil {
		return fmt.Errorf("the Arrow schema stored in the file is corrupt: %w", err)
	}
	return nil
}
