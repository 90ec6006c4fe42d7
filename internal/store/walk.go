package store

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Object is an object found by [Walk].
type Object struct {
	Name string // its URL
	Rel  string // its key relative to the walked directory, slash-separated
	Size int64
}

// Walk lists the objects below the directory root (a URL; a key not
// ending in "/" is taken as a directory), walking its hierarchy with up
// to 8 listings at once. descend is asked, for each directory found
// (its path relative to root, without the final slash), whether to list
// it: hidden directories and partitions a filter rules out are never
// listed. The objects come sorted by their path elements, as a local
// walk gives them.
func Walk(ctx context.Context, root string, descend func(rel string) bool) ([]Object, error) {
	l, err := locate(ctx, root)
	if err != nil {
		return nil, err
	}
	base := dirKey(l.key)
	var (
		mu      sync.Mutex
		objects []Object
		first   error
		wg      sync.WaitGroup
		sem     = make(chan struct{}, 8)
	)
	var list func(prefix string)
	list = func(prefix string) {
		defer wg.Done()
		sem <- struct{}{}
		var dirs []string
		var found []Object
		err := l.do(ctx, "list", 0, 0, func(ctx context.Context) error {
			dirs, found = dirs[:0], found[:0]
			return l.bucket.List(ctx, prefix, func(e Entry) error {
				rel := strings.TrimPrefix(e.Key, base)
				if e.IsDir {
					dirs = append(dirs, strings.TrimSuffix(rel, "/"))
				} else if rel != "" {
					found = append(found, Object{Name: l.urlOf(e.Key), Rel: rel, Size: e.Size})
				}
				return nil
			})
		})
		<-sem
		mu.Lock()
		objects = append(objects, found...)
		if err != nil && first == nil {
			first = err
		}
		mu.Unlock()
		if err != nil {
			return
		}
		for _, d := range dirs {
			if descend == nil || descend(d) {
				wg.Add(1)
				go list(base + d + "/")
			}
		}
	}
	wg.Add(1)
	list(base)
	wg.Wait()
	if first != nil {
		return nil, first
	}
	slices.SortFunc(objects, func(a, b Object) int { return comparePaths(a.Rel, b.Rel) })
	return objects, nil
}

// urlOf is the URL of another key of the location's bucket, with the
// location's query.
func (l *location) urlOf(key string) string {
	u := *l.url
	u.Path = "/" + key
	u.RawPath = ""
	q := u.Query()
	if l.policy.timeout != DefaultTimeout {
		q.Set("request_timeout", l.policy.timeout.String())
	}
	if l.policy.attempts != DefaultAttempts {
		q.Set("max_attempts", strconv.Itoa(l.policy.attempts))
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// comparePaths orders slash-separated paths by their elements.
func comparePaths(a, b string) int {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/"))
}
