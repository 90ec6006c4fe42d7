package dataset

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/structframe/structframe/internal/store"
)

// discoverURL is discover for a URL: an object, a prefix, or a glob over
// the URL's path ("s3://b/events/year=2025/**/*.parquet"; in a URL, '?'
// begins the query: match one character with [...] instead). The prefix
// is listed directory by directory, several at once (store.Walk), and
// hidden directories and those the glob cannot match are never listed.
func discoverURL(src string, f Format) (string, []string, Format, error) {
	ctx := context.Background()
	u, err := url.Parse(src)
	if err != nil {
		return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: err}
	}
	root := src
	var pattern []string
	if isGlob(u.Path) {
		elems := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
		i := 0
		for i < len(elems)-1 && !isGlob(elems[i]) {
			i++
		}
		for _, e := range elems[i:] {
			if e != "**" && strings.Contains(e, "**") {
				return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: fmt.Errorf("%w: ** must be a whole path element", ErrOption)}
			}
			if _, err := path.Match(e, ""); err != nil {
				return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: fmt.Errorf("%w: %v", ErrOption, err)}
			}
		}
		r := *u
		r.Path, r.RawPath = "/"+strings.Join(elems[:i], "/"), ""
		root, pattern = r.String(), elems[i:]
	} else {
		_, dir, err := store.Stat(ctx, src)
		if err != nil {
			return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: err}
		}
		if !dir {
			if f == Auto {
				if f = formatOf(src); f == Auto {
					return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: noFormat(store.PathOf(src))}
				}
			}
			return store.Dir(src), []string{src}, f, nil
		}
	}
	objects, err := store.Walk(ctx, root, func(rel string) bool {
		elems := strings.Split(rel, "/")
		return !hidden(elems[len(elems)-1]) && (pattern == nil || matchPrefix(pattern, elems))
	})
	if err != nil {
		return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: err}
	}
	var files []string
	var firstOf [JSON + 1]string
	for _, o := range objects {
		elems := strings.Split(o.Rel, "/")
		if hiddenFile(elems[len(elems)-1]) || pattern != nil && !matchPath(pattern, elems) {
			continue
		}
		ff := formatOf(o.Name)
		if ff == Auto || (f != Auto && ff != f) {
			continue
		}
		if firstOf[ff] == "" {
			firstOf[ff] = store.Redact(o.Name)
		}
		files = append(files, o.Name)
	}
	if f, err = oneFormat(f, firstOf, store.Redact(root)); err != nil {
		return "", nil, f, err
	}
	if len(files) == 0 && pattern != nil {
		return "", nil, f, &Error{Op: "Read", Path: store.Redact(src), Err: fmt.Errorf("%w: the pattern matches no file", ErrNoFiles)}
	}
	return root, files, f, nil
}
