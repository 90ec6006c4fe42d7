package store

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
)

// File is an open input: a local *os.File, or an object behind a URL
// read through its backend. Readers take it where they took an *os.File:
// ReadAt for random access (Parquet, Arrow files, ranges of text parsed
// in parallel), Read for a stream (CSV, NDJSON, compressed text), Stat
// for the size.
type File interface {
	io.Reader
	io.ReaderAt
	io.Seeker
	io.Closer
	Stat() (fs.FileInfo, error)
}

// Open opens the file or object name names: a local path with os.Open, a
// URL through its scheme's backend (the object's size is asked at once,
// so that a missing object is an error here). ctx governs every request
// the File makes until it is closed.
func Open(ctx context.Context, name string) (File, error) {
	if !IsURL(name) {
		f, err := os.Open(name)
		if err != nil {
			return nil, err // *fs.PathError names the path
		}
		return f, nil
	}
	l, err := locate(ctx, name)
	if err != nil {
		return nil, err
	}
	var size int64
	var version string
	err = l.do(ctx, "open", 0, 0, func(ctx context.Context) (err error) {
		size, version, err = l.bucket.Stat(ctx, l.key)
		return err
	})
	if err != nil {
		if l.bucket.NotExist(err) {
			err = &fs.PathError{Op: "open", Path: l.name(), Err: fs.ErrNotExist}
		}
		return nil, err
	}
	return newRemote(ctx, l, size, version), nil
}

// Stat is the size of the file or object name names, and whether it is a
// directory (a local directory, or a URL naming a prefix with objects
// below it rather than an object).
func Stat(ctx context.Context, name string) (size int64, dir bool, err error) {
	if !IsURL(name) {
		st, err := os.Stat(name)
		if err != nil {
			return 0, false, err
		}
		return st.Size(), st.IsDir(), nil
	}
	l, err := locate(ctx, name)
	if err != nil {
		return 0, false, err
	}
	if l.key != "" && l.key[len(l.key)-1] != '/' {
		err = l.do(ctx, "open", 0, 0, func(ctx context.Context) (err error) {
			size, _, err = l.bucket.Stat(ctx, l.key)
			return err
		})
		if err == nil {
			return size, false, nil
		}
		if !l.bucket.NotExist(err) {
			return 0, false, err
		}
	}
	// not an object: a prefix with objects below it is a directory
	prefix := dirKey(l.key)
	found := false
	errFound := errors.New("found")
	err = l.do(ctx, "list", 0, 0, func(ctx context.Context) error {
		err := l.bucket.List(ctx, prefix, func(Entry) error { found = true; return errFound })
		if errors.Is(err, errFound) {
			return nil
		}
		return err
	})
	if found {
		return 0, true, nil
	}
	if err != nil {
		return 0, false, err
	}
	return 0, false, &fs.PathError{Op: "open", Path: l.name(), Err: fs.ErrNotExist}
}

// dirKey is key as a directory prefix: "" for the bucket's root, else
// ending in "/".
func dirKey(key string) string {
	if key == "" || key[len(key)-1] == '/' {
		return key
	}
	return key + "/"
}
