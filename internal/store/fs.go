package store

import (
	"context"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// PathOf is name without a URL's query: what its extension and base
// name are read from ("s3://b/x.csv.gz?region=r" gives "s3://b/x.csv.gz").
// A local path is returned as it is.
func PathOf(name string) string {
	if IsURL(name) {
		if i := strings.IndexByte(name, '?'); i >= 0 {
			return name[:i]
		}
	}
	return name
}

// Join joins path elements to name: filepath.Join for a local path; for
// a URL, the elements are joined to its path and its query is kept.
func Join(name string, elem ...string) string {
	if !IsURL(name) {
		return filepath.Join(append([]string{name}, elem...)...)
	}
	u, err := url.Parse(name)
	if err != nil {
		return PathOf(name) + "/" + path.Join(elem...)
	}
	u.Path = path.Join(append([]string{"/", u.Path}, elem...)...)
	u.RawPath = ""
	return u.String()
}

// Dir is the directory of name (filepath.Dir; for a URL, its path's
// directory, the query kept).
func Dir(name string) string {
	if !IsURL(name) {
		return filepath.Dir(name)
	}
	u, err := url.Parse(name)
	if err != nil {
		return name
	}
	u.Path = path.Dir(u.Path)
	u.RawPath = ""
	return u.String()
}

// Rel is target relative to base, slash-separated, when target lies below
// base (both local paths or both URLs of one bucket); "" otherwise.
func Rel(base, target string) string {
	if !IsURL(base) {
		rel, err := filepath.Rel(base, target)
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			return ""
		}
		return filepath.ToSlash(rel)
	}
	b, err1 := url.Parse(base)
	t, err2 := url.Parse(target)
	if err1 != nil || err2 != nil || b.Scheme != t.Scheme || b.Host != t.Host {
		return ""
	}
	prefix := strings.TrimSuffix(b.Path, "/") + "/"
	rel, ok := strings.CutPrefix(t.Path, prefix)
	if !ok {
		return ""
	}
	return rel
}

// DirEntry is one entry of [ReadDir].
type DirEntry struct {
	Name  string
	IsDir bool
}

// ReadDir lists the entries directly in the directory name, sorted by
// name. A URL naming a prefix with nothing below it is an empty
// directory, as object stores have no directories of their own.
func ReadDir(ctx context.Context, name string) ([]DirEntry, error) {
	if !IsURL(name) {
		entries, err := os.ReadDir(name)
		if err != nil {
			return nil, err
		}
		out := make([]DirEntry, len(entries))
		for i, e := range entries {
			out[i] = DirEntry{Name: e.Name(), IsDir: e.IsDir()}
		}
		return out, nil
	}
	l, err := locate(ctx, name)
	if err != nil {
		return nil, err
	}
	prefix := dirKey(l.key)
	var out []DirEntry
	err = l.do(ctx, "list", 0, 0, func(ctx context.Context) error {
		out = out[:0]
		return l.bucket.List(ctx, prefix, func(e Entry) error {
			n := strings.TrimSuffix(strings.TrimPrefix(e.Key, prefix), "/")
			if n != "" {
				out = append(out, DirEntry{Name: n, IsDir: e.IsDir})
			}
			return nil
		})
	})
	return out, err
}

// MkdirAll makes the directory name and its parents; object stores need
// none.
func MkdirAll(name string) error {
	if IsURL(name) {
		return nil
	}
	return os.MkdirAll(name, 0o777)
}

// Remove removes the file or object name.
func Remove(ctx context.Context, name string) error {
	if !IsURL(name) {
		return os.Remove(name)
	}
	l, err := locate(ctx, name)
	if err != nil {
		return err
	}
	return l.do(ctx, "delete", 0, 0, func(ctx context.Context) error {
		err := l.bucket.Delete(ctx, l.key)
		if l.bucket.NotExist(err) {
			return nil
		}
		return err
	})
}

// RemoveAll removes name and everything below it: os.RemoveAll, or every
// object under the URL's prefix (deleted several at once).
func RemoveAll(ctx context.Context, name string) error {
	if !IsURL(name) {
		return os.RemoveAll(name)
	}
	objects, err := Walk(ctx, name, nil)
	if err != nil {
		return err
	}
	return forEach(len(objects), 8, func(i int) error { return Remove(ctx, objects[i].Name) })
}

// Exists reports whether a file or object (not a directory) is at name.
func Exists(ctx context.Context, name string) bool {
	if !IsURL(name) {
		st, err := os.Stat(name)
		return err == nil && !st.IsDir()
	}
	_, dir, err := Stat(ctx, name)
	return err == nil && !dir
}
