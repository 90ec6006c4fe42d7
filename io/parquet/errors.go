package parquet

import (
	"fmt"
	"runtime/debug"
)

// Error is a failure to read or write a Parquet file: the operation, the
// file's path when known, the row group (-1 when the failure is not in
// one) and the dotted column path when known, and the cause, which Unwrap
// returns.
type Error struct {
	Op       string // Read, Reader.Next, Write, Stats
	Path     string // the file's path, "" for a reader or writer
	RowGroup int    // the row group, -1 for none
	Field    string // the dotted column path, "" for none
	Err      error
}

func (e *Error) Error() string {
	s := "parquet: " + e.Op
	if e.Path != "" {
		s += " " + e.Path
	}
	if e.RowGroup >= 0 {
		s += fmt.Sprintf(": row group %d", e.RowGroup)
	}
	if e.Field != "" {
		s += ": column " + e.Field
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// PanicError is the cause of an [Error] when arrow-go's Parquet decoder
// panicked on corrupt input instead of returning an error (it does on
// some hostile files: out-of-range dictionary indices, inconsistent level
// counts). The panic is recovered at this package's boundary only.
type PanicError struct {
	Value any    // what the decoder panicked with
	Stack []byte // where
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("corrupt file: the decoder failed: %v", e.Value)
}

// guard runs fn, turning a panic of arrow-go's decoder into a *PanicError.
func guard(fn func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: debug.Stack()}
		}
	}()
	return fn()
}

func wrapErr(op, file string, rowGroup int, column string, err error) error {
	if err == nil {
		return nil
	}
	if e, ok := err.(*Error); ok {
		if e.Path == "" {
			e.Path = file
		}
		return e
	}
	return &Error{Op: op, Path: file, RowGroup: rowGroup, Field: column, Err: err}
}
