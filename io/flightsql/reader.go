package flightsql

import (
	"context"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/batch"
	"github.com/structframe/structframe/internal/sqlresult"
	"github.com/structframe/structframe/structured"
)

// queueDepth is how many batches an endpoint being fetched holds ahead
// of the reader (besides the one its goroutine has in hand).
const queueDepth = 2

// Reader reads a query's result record batch by record batch, each batch
// a Frame over the batch's buffers as they came off the wire (no copy),
// so that a result larger than memory is processed with memory bounded by
// a few batches per endpoint being fetched (and what gRPC's flow control
// lets each stream's transport hold):
//
//	r, err := c.QueryReader(ctx, "SELECT * FROM events")
//	...
//	defer r.Close()
//	for r.Next() {
//		f := r.Frame() // the next record batch
//	}
//	if err := r.Err(); err != nil { ... }
//
// A result of several endpoints (a distributed server's partitions) is
// fetched [WithParallelism] endpoints at a time, each by its own stream
// (from the endpoint's location when it names one), and read in endpoint
// order, as the server listed them. The query's context governs the
// streams: cancelling it ends them and [Reader.Next] reports the
// context's error. Close stops them early. Empty batches are skipped.
//
// A Frame stays valid after the next batch and after Close. A Reader is
// not safe for concurrent use.
type Reader struct {
	c        *Client
	parent   context.Context // the query's
	ctx      context.Context // parent, cancelled when the Reader is done
	cancel   context.CancelFunc
	validate bool
	par      int

	schema *arrow.Schema // the FlightInfo's, or endpoint 0's stream's
	spec   *structured.Spec
	eps    []*endpoint
	cur    int // the endpoint Next reads from
	next   int // the next endpoint to start fetching

	rec arrow.RecordBatch // the batch the Frame is over
	f   *frame.Frame
	err error

	after    func() error // gives back what the query holds (a prepared statement)
	afterErr error
	done     bool // fetching stopped and resources given back
	closed   bool
	wg       sync.WaitGroup

	pending, peak atomic.Int64 // batches fetched and not yet handed out, and their maximum
}

// endpoint is one endpoint of the result and the batches fetched of it.
type endpoint struct {
	ep     *flight.FlightEndpoint
	i      int
	ch     chan item     // closed when its fetch ends
	ready  chan struct{} // closed once the stream is open or failed
	schema *arrow.Schema // the stream's, set before ready is closed
}

// item is a batch fetched, or the error that ended an endpoint.
type item struct {
	rec arrow.RecordBatch
	f   *frame.Frame
	err error
}

// newReader starts fetching info's endpoints under ctx; after, if not
// nil, runs once the Reader is done.
func newReader(ctx context.Context, c *Client, info *flight.FlightInfo, after func() error) (*Reader, error) {
	r := &Reader{c: c, parent: ctx, validate: !c.cfg.noValidate, par: c.cfg.parallelism, after: after}
	if len(info.GetSchema()) > 0 {
		s, err := flight.DeserializeSchema(info.GetSchema(), memory.DefaultAllocator)
		if err != nil {
			return nil, fmt.Errorf("the result's schema: %w", err)
		}
		r.schema = s
	}
	r.ctx, r.cancel = context.WithCancel(ctx)
	for i, ep := range info.GetEndpoint() {
		r.eps = append(r.eps, &endpoint{ep: ep, i: i, ch: make(chan item, queueDepth), ready: make(chan struct{})})
	}
	r.launch()
	return r, nil
}

// launch starts fetching the endpoints of the window [cur, cur+par).
// The endpoint Next waits on is always being fetched, and at most par
// are, each holding at most queueDepth+1 batches.
func (r *Reader) launch() {
	for r.next < len(r.eps) && r.next < r.cur+r.par {
		e := r.eps[r.next]
		r.next++
		r.wg.Add(1)
		go r.fetch(e)
	}
}

// fetch reads the stream of one endpoint into its channel.
func (r *Reader) fetch(e *endpoint) {
	defer r.wg.Done()
	defer close(e.ch)
	opened := false
	defer func() {
		if !opened {
			close(e.ready)
		}
	}()
	send := func(it item) bool {
		select {
		case e.ch <- it:
			return true
		case <-r.ctx.Done():
			if it.rec != nil {
				it.rec.Release()
			}
			return false
		}
	}
	cl, url, err := r.c.clientFor(e.ep)
	if err != nil {
		send(item{err: wrap(r.ctx, "fetch", url, fmt.Errorf("endpoint %d: %w", e.i, err))})
		return
	}
	stream, err := cl.DoGet(r.c.outgoing(r.ctx), e.ep.GetTicket())
	if err != nil {
		send(item{err: wrap(r.ctx, "fetch", url, fmt.Errorf("endpoint %d: %w", e.i, err))})
		return
	}
	defer stream.Release()
	e.schema = stream.Schema()
	opened = true
	close(e.ready)
	for n := 0; stream.Next(); n++ {
		rec := stream.RecordBatch()
		if rec.NumRows() == 0 {
			continue
		}
		f, err := sqlresult.ToFrame(rec, r.validate)
		if err != nil {
			send(item{err: &Error{Op: "fetch", URL: url, Err: fmt.Errorf("endpoint %d, record batch %d: %w", e.i, n, err)}})
			return
		}
		rec.Retain()
		for p := r.pending.Add(1); ; {
			if old := r.peak.Load(); p <= old || r.peak.CompareAndSwap(old, p) {
				break
			}
		}
		if !send(item{rec: rec, f: f}) {
			return
		}
	}
	if err := stream.Err(); err != nil {
		send(item{err: wrap(r.ctx, "fetch", url, fmt.Errorf("endpoint %d: %w", e.i, err))})
	}
}

// Next reads the next record batch, reporting false at the end of the
// result or on an error ([Reader.Err] tells which).
func (r *Reader) Next() bool {
	if r.closed || r.done {
		return false
	}
	r.drop()
	for r.cur < len(r.eps) {
		r.launch()
		e := r.eps[r.cur]
		it, ok := <-e.ch
		if !ok {
			if err := r.parent.Err(); err != nil {
				r.fail(&Error{Op: "fetch", URL: r.c.url, Err: err})
				return false
			}
			r.cur++
			continue
		}
		if it.err != nil {
			r.fail(it.err)
			return false
		}
		r.pending.Add(-1)
		if r.schema == nil {
			r.schema = e.schema
		}
		r.rec, r.f = it.rec, it.f
		return true
	}
	r.finish()
	return false
}

// drop lets go of the current batch.
func (r *Reader) drop() {
	if r.rec != nil {
		r.rec.Release()
	}
	r.rec, r.f = nil, nil
}

// fail ends the Reader with err.
func (r *Reader) fail(err error) {
	r.err = err
	r.finish()
}

// finish stops the fetches, waits for them, releases the batches they
// left and runs after: once.
func (r *Reader) finish() {
	if r.done {
		return
	}
	r.done = true
	r.cancel()
	r.wg.Wait()
	for _, e := range r.eps[:r.next] {
		for it := range e.ch {
			if it.rec != nil {
				it.rec.Release()
			}
		}
	}
	if r.after != nil {
		r.afterErr = r.after()
		r.after = nil
	}
}

// Frame is the batch the last successful [Reader.Next] read.
func (r *Reader) Frame() *frame.Frame { return r.f }

// Err is the error that ended the batches, nil at the end of the result:
// an [*Error] whose cause is the server's gRPC status, the context's
// error, or the batch that could not be read.
func (r *Reader) Err() error { return r.err }

// ArrowSchema is the Arrow schema of the result: the one the server sent
// with the query's FlightInfo, or else the first endpoint's stream's
// (waiting for the stream to open). It is nil for a result of no
// endpoint without a schema, and when the first stream could not be opened
// ([Reader.Next] reports why).
func (r *Reader) ArrowSchema() *arrow.Schema {
	if r.schema != nil || len(r.eps) == 0 {
		return r.schema
	}
	e := r.eps[0]
	<-e.ready // closed by its fetch, which newReader started
	r.schema = e.schema
	return r.schema
}

// Schema is the Spec of the Frames [Reader.Next] reads, as every io
// Reader's Schema gives it: the columns over no rows, "0 * {...}". It is
// nil when [Reader.ArrowSchema] is nil or is not one a Frame holds.
func (r *Reader) Schema() *structured.Spec {
	if r.spec != nil {
		return r.spec
	}
	sc := r.ArrowSchema()
	if sc == nil {
		return nil
	}
	f, err := sqlresult.EmptyFrame(sc)
	if err != nil {
		return nil
	}
	r.spec = f.Schema()
	return r.spec
}

// Close stops reading: the streams still open are cancelled and their
// goroutines have ended when it returns; a prepared statement the query
// made is closed on the server, whose error Close returns. Frames read
// stay valid.
func (r *Reader) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	r.drop()
	r.finish()
	if r.afterErr != nil {
		return newError("close", r.c.url, r.afterErr)
	}
	return nil
}

// All returns the batches as an iterator; an error, if reading fails, is
// yielded last, with a nil Frame.
func (r *Reader) All() iter.Seq2[*frame.Frame, error] { return batch.All(r) }

// collect reads r to the end into one Frame and closes it: the batches
// joined by frame.Concat (which shares their buffers), or the schema's
// columns over no rows when there is none; an error of the joining is a
// fetch error (sqlresult.Collect).
func collect(r *Reader) (*frame.Frame, error) {
	return sqlresult.Collect(r, func(err error) error { return &Error{Op: "fetch", URL: r.c.url, Err: err} })
}
