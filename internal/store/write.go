package store

import (
	"context"
	"errors"
	"io"
	"os"
)

// Output is a file or object being written. Close completes it; Abort
// gives it up, leaving nothing at its name: a local file is removed, an
// object's upload is abandoned before it becomes visible.
type Output interface {
	io.Writer
	// Close completes the output: a local file is closed, an object
	// committed (the last part uploaded and the upload completed).
	Close() error
	// Abort gives the output up; nothing is left at its name.
	Abort()
}

// Create starts writing the file or object name names, replacing one
// there. A local file is created at once (and truncated); an object
// appears at its key only when Close succeeds, as S3's multipart uploads
// and the other stores' writers do.
func Create(ctx context.Context, name string) (Output, error) {
	if !IsURL(name) {
		f, err := os.Create(name)
		if err != nil {
			return nil, err
		}
		return &localOutput{f}, nil
	}
	l, err := locate(ctx, name)
	if err != nil {
		return nil, err
	}
	wctx, cancel := context.WithCancel(ctx)
	w, err := l.bucket.NewWriter(wctx, l.key)
	if err != nil {
		cancel()
		return nil, &Error{Op: "write", URL: l.name(), Err: err}
	}
	return &remoteOutput{w: w, cancel: cancel, loc: l}, nil
}

// WriteFile writes the file or object name names with write, completing
// it when write returns nil and giving it up otherwise, so that a failed
// write leaves nothing (see [Create]).
func WriteFile(ctx context.Context, name string, write func(w io.Writer) error) error {
	out, err := Create(ctx, name)
	if err != nil {
		return err
	}
	if err := write(out); err != nil {
		out.Abort()
		return err
	}
	return out.Close()
}

type localOutput struct{ f *os.File }

func (o *localOutput) Write(p []byte) (int, error) { return o.f.Write(p) }

func (o *localOutput) Close() error {
	if err := o.f.Close(); err != nil {
		os.Remove(o.f.Name())
		return err
	}
	return nil
}

func (o *localOutput) Abort() {
	o.f.Close()
	os.Remove(o.f.Name())
}

type remoteOutput struct {
	w      io.WriteCloser
	cancel context.CancelFunc
	loc    *location
	err    error
}

func (o *remoteOutput) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = &Error{Op: "write", URL: o.loc.name(), Err: err}
		return n, o.err
	}
	return n, nil
}

func (o *remoteOutput) Close() error {
	defer o.cancel()
	if o.err != nil {
		o.Abort()
		return o.err
	}
	if err := o.w.Close(); err != nil {
		return &Error{Op: "write", URL: o.loc.name(), Err: err}
	}
	return nil
}

func (o *remoteOutput) Abort() {
	o.cancel() // before Close: the writer gives the upload up
	_ = o.w.Close()
	if o.err == nil {
		o.err = errors.New("aborted")
	}
}
