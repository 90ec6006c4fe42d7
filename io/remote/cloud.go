package remote

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file://
	_ "gocloud.dev/blob/memblob"  // mem://
	_ "gocloud.dev/blob/s3blob"   // s3://
	"gocloud.dev/gcerrors"

	"github.com/structframe/structframe/internal/store"
)

func init() {
	for _, s := range []string{"s3", "file", "mem"} {
		Register(s)
	}
	store.Register("http", web{})
	store.Register("https", web{})
}

// Register makes URLs of the scheme open through gocloud.dev/blob's
// default URL mux, whose driver for the scheme the program imports
// (gocloud.dev/blob/gcsblob registers gs://): what the modules
// io/remote/gcs and io/remote/azblob do, so that the clouds' SDKs a
// program does not use are not linked into it.
func Register(scheme string) { store.Register(scheme, cloud{}) }

// cloud opens gocloud.dev buckets, one per bucket URL for the process:
// opening an S3 bucket loads the SDK's configuration, and a mem:// bucket
// must be the same one on every open to hold anything.
type cloud struct{}

var (
	bucketsMu sync.Mutex
	buckets   = map[string]*cloudBucket{}
)

// Bucket opens the bucket of u: its scheme, host and query; the key is
// u's path without the leading slash. A file:// URL's bucket is the root
// directory, written without metadata side files and with temporary
// files beside their final name.
func (cloud) Bucket(ctx context.Context, u *url.URL) (store.Bucket, string, error) {
	bu := url.URL{Scheme: u.Scheme, Host: u.Host, RawQuery: u.RawQuery}
	key := strings.TrimPrefix(u.Path, "/")
	if u.Scheme == "file" {
		q := bu.Query()
		q.Set("metadata", "skip")
		q.Set("no_tmp_dir", "true")
		bu.Path, bu.RawQuery = "/", q.Encode()
	}
	id := bu.String()
	bucketsMu.Lock()
	defer bucketsMu.Unlock()
	if b, ok := buckets[id]; ok {
		return b, key, nil
	}
	b, err := blob.OpenBucket(ctx, id)
	if err != nil {
		return nil, "", err
	}
	cb := &cloudBucket{b: b}
	buckets[id] = cb
	return cb, key, nil
}

// cloudBucket is a gocloud.dev bucket as the store sees it.
type cloudBucket struct{ b *blob.Bucket }

func (c *cloudBucket) Stat(ctx context.Context, key string) (int64, string, error) {
	a, err := c.b.Attributes(ctx, key)
	if err != nil {
		return 0, "", err
	}
	version := a.ETag
	if version == "" && !a.ModTime.IsZero() {
		version = a.ModTime.Format(time.RFC3339Nano)
	}
	return a.Size, version, nil
}

func (c *cloudBucket) NewRangeReader(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	return c.b.NewRangeReader(ctx, key, off, n, nil)
}

// NewWriter writes key with the content type its extension says, so that
// the writer need not hold the first bytes back to sniff one.
func (c *cloudBucket) NewWriter(ctx context.Context, key string) (io.WriteCloser, error) {
	ct := mime.TypeByExtension(path.Ext(key))
	if ct == "" {
		ct = "application/octet-stream"
	}
	return c.b.NewWriter(ctx, key, &blob.WriterOptions{ContentType: ct})
}

func (c *cloudBucket) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	it := c.b.List(&blob.ListOptions{Prefix: prefix, Delimiter: "/"})
	for {
		o, err := it.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(store.Entry{Key: o.Key, Size: o.Size, IsDir: o.IsDir}); err != nil {
			return err
		}
	}
}

func (c *cloudBucket) Delete(ctx context.Context, key string) error { return c.b.Delete(ctx, key) }

func (c *cloudBucket) NotExist(err error) bool { return gcerrors.Code(err) == gcerrors.NotFound }

func (c *cloudBucket) Permanent(err error) bool {
	switch gcerrors.Code(err) {
	case gcerrors.NotFound, gcerrors.PermissionDenied, gcerrors.InvalidArgument, gcerrors.Unimplemented, gcerrors.FailedPrecondition, gcerrors.AlreadyExists:
		return true
	}
	return errors.Is(err, context.Canceled)
}
