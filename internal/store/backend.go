package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"sync"
)

// Backend opens the objects of one URL scheme. Implementations live
// outside this package (io/remote) and register with [Register].
type Backend interface {
	// Bucket is the bucket that holds the object u names, and the
	// object's key in it. u's query holds the backend's own parameters
	// (endpoint, region...); the store's own (request_timeout,
	// max_attempts) are removed first.
	Bucket(ctx context.Context, u *url.URL) (b Bucket, key string, err error)
}

// Bucket is what a backend gives: the few operations every reader and
// writer is built on. Retries, timeouts and range splitting are the
// store's, not the bucket's.
type Bucket interface {
	// Stat is the object's size in bytes and its version (an ETag, a
	// generation; "" when the store gives none); a missing object is an
	// error for which NotExist reports true.
	Stat(ctx context.Context, key string) (size int64, version string, err error)
	// NewRangeReader reads length bytes of the object from offset
	// (length < 0: to the end). Cancelling ctx ends the read.
	NewRangeReader(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error)
	// NewWriter writes a new object at key, which appears only when Close
	// returns nil; cancelling ctx before Close abandons it.
	NewWriter(ctx context.Context, key string) (io.WriteCloser, error)
	// List lists the entries just below prefix: objects, and directories
	// (keys ending in "/") when the namespace is hierarchical. Paged by
	// the backend; fn is called for each entry.
	List(ctx context.Context, prefix string, fn func(Entry) error) error
	// Delete removes the object at key.
	Delete(ctx context.Context, key string) error
	// NotExist reports whether err says the object does not exist.
	NotExist(err error) bool
	// Permanent reports whether err will not go away when the request is
	// made again (a refused credential, a bad request).
	Permanent(err error) bool
}

// Entry is one result of a listing.
type Entry struct {
	Key   string // the object's key, or the directory's, ending in "/"
	Size  int64  // the object's size; 0 for a directory
	IsDir bool   // a directory of a hierarchical listing
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Backend{}
)

// Register makes URLs of the scheme ("s3", "http") open through b.
// Registering a scheme again replaces its backend.
func Register(scheme string, b Backend) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[strings.ToLower(scheme)] = b
}

// Schemes lists the registered schemes, sorted.
func Schemes() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	s := make([]string, 0, len(registry))
	for k := range registry {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// ErrNoBackend is the cause of an error opening a URL whose scheme has no
// backend registered.
var ErrNoBackend = errors.New("no backend for the URL's scheme")

// IsURL reports whether name is a URL ("scheme://...") rather than a local
// path. A Windows drive letter ("C:\...") is a path.
func IsURL(name string) bool {
	i := strings.Index(name, "://")
	if i < 2 {
		return false
	}
	for j := 0; j < i; j++ {
		c := name[j]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || j > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// location is a parsed URL with the bucket that holds it.
type location struct {
	url    *url.URL // as given, the store's parameters removed
	bucket Bucket
	key    string
	policy policy
}

// locate parses name and opens its bucket.
func locate(ctx context.Context, name string) (*location, error) {
	u, err := url.Parse(name)
	if err != nil {
		return nil, &Error{Op: "open", URL: Redact(name), Err: err}
	}
	p, err := takePolicy(u)
	if err != nil {
		return nil, &Error{Op: "open", URL: redactURL(u), Err: err}
	}
	registryMu.RLock()
	b, ok := registry[strings.ToLower(u.Scheme)]
	registryMu.RUnlock()
	if !ok {
		pkg := "io/remote"
		switch strings.ToLower(u.Scheme) {
		case "gs":
			pkg = "io/remote/gcs"
		case "azblob":
			pkg = "io/remote/azblob"
		}
		return nil, &Error{Op: "open", URL: redactURL(u), Err: fmt.Errorf("%w %q (registered: %s): import _ \"github.com/structframe/structframe/%s\"", ErrNoBackend, u.Scheme, strings.Join(Schemes(), ", "), pkg)}
	}
	bk, key, err := b.Bucket(ctx, u)
	if err != nil {
		return nil, &Error{Op: "open", URL: redactURL(u), Err: err}
	}
	return &location{url: u, bucket: bk, key: key, policy: p}, nil
}

// name is the location as messages give it.
func (l *location) name() string { return redactURL(l.url) }
