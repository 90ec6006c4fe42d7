// Package fault turns memory faults on the library's own goroutines into
// errors, and carries any other panic of a worker back to the goroutine
// that waits for it.
//
// A frame read from a memory-mapped file reads the file's pages in place.
// When another process truncates the file, a read of a page past the new
// end raises SIGBUS, which kills a Go process unless the goroutine that
// faulted called debug.SetPanicOnFault(true); then it panics with a
// runtime.Error that has an Addr method, and the panic can be recovered.
// The library cannot set that for its callers' goroutines, but it does for
// every goroutine it starts: a fault there becomes an *Error returned by
// [Group.Wait] (or by [Run]) instead of the death of the process.
package fault

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Error is a memory fault caught while reading: the memory at Addr could
// not be read, most often because a file mapped into memory was truncated
// or replaced by another process while a frame over it was in use.
type Error struct {
	// Addr is the address that faulted.
	Addr uintptr
}

func (e *Error) Error() string {
	return fmt.Sprintf("memory fault at address %#x: the memory-mapped file under this data was truncated or changed while in use (read it with WithMmap(false) to keep a copy)", e.Addr)
}

// addressed is the runtime.Error of a fault under SetPanicOnFault.
type addressed interface {
	runtime.Error
	Addr() uintptr
}

// AsError reports whether a recovered panic value is a memory fault (the
// runtime's, or an *Error raised again by a goroutine that caught one),
// and the *Error for it.
func AsError(p any) (*Error, bool) {
	if fe, ok := p.(*Error); ok {
		return fe, true
	}
	if f, ok := p.(addressed); ok {
		return &Error{Addr: f.Addr()}, true
	}
	return nil, false
}

// Run calls fn on the current goroutine with faults turned into panics
// (debug.SetPanicOnFault), and returns a fault as an *Error; fn's own
// error is returned as is, and any other panic goes on. The goroutine's
// setting is restored after.
func Run(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if fe, ok := AsError(p); ok {
				err = fe
				return
			}
			panic(p)
		}
	}()
	return fn()
}

// Group runs functions on goroutines of their own, as a sync.WaitGroup,
// each under [Run]: the first error (a fault included) is what Wait
// returns, and a worker's other panic is raised again by Wait on the
// waiting goroutine, where its caller can recover it, instead of ending
// the process from a goroutine nobody can guard. The zero Group is ready.
type Group struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error
	panic any
	stack []byte
}

// Go calls fn on a new goroutine.
func (g *Group) Go(fn func() error) {
	g.wg.Go(func() {
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					g.mu.Lock()
					if g.panic == nil {
						g.panic, g.stack = p, debug.Stack()
					}
					g.mu.Unlock()
				}
			}()
			err = Run(fn)
		}()
		if err != nil {
			g.mu.Lock()
			if g.err == nil {
				g.err = err
			}
			g.mu.Unlock()
		}
	})
}

// Wait waits for every function started by Go, raises again the first
// panic one of them raised (other than a fault), and returns the first
// error.
func (g *Group) Wait() error {
	g.wg.Wait()
	if g.panic != nil {
		panic(&WorkerPanic{Value: g.panic, Stack: g.stack})
	}
	return g.err
}

// WorkerPanic is the panic Wait raises again for a worker's panic: the
// value the worker panicked with and the worker's stack, which the
// waiting goroutine's own stack would not show.
type WorkerPanic struct {
	Value any
	Stack []byte
}

func (p *WorkerPanic) Error() string {
	return fmt.Sprintf("panic in a worker goroutine: %v\n\n%s", p.Value, p.Stack)
}

// Unwrap gives the worker's panic value when it is an error.
func (p *WorkerPanic) Unwrap() error {
	if err, ok := p.Value.(error); ok {
		return err
	}
	return nil
}
