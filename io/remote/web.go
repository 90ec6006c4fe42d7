package remote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/structframe/structframe/internal/store"
)

// web reads single files over http:// and https:// by ranged GET
// requests. It lists nothing and writes nothing: a web server is no
// bucket.
type web struct{}

var client = &http.Client{Transport: &http.Transport{
	Proxy:                 http.ProxyFromEnvironment,
	DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	ForceAttemptHTTP2:     true,
	MaxIdleConnsPerHost:   16,
	IdleConnTimeout:       90 * time.Second,
	TLSHandshakeTimeout:   10 * time.Second,
	ExpectContinueTimeout: time.Second,
}}

// Bucket is one file: the URL whole (its query may be a signature), the
// key its path.
func (web) Bucket(ctx context.Context, u *url.URL) (store.Bucket, string, error) {
	c := *u
	return &webFile{url: c.String()}, strings.TrimPrefix(u.Path, "/"), nil
}

type webFile struct{ url string }

// statusError is an answer other than the one asked for.
type statusError struct {
	code       int
	status     string
	retryAfter time.Duration
}

func (e *statusError) Error() string { return "HTTP " + e.status }

// RetryAfter is how long the server asked to wait (Retry-After).
func (e *statusError) RetryAfter() time.Duration { return e.retryAfter }

func answer(resp *http.Response) error {
	resp.Body.Close()
	e := &statusError{code: resp.StatusCode, status: resp.Status}
	if s := resp.Header.Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			e.retryAfter = time.Duration(n) * time.Second
		} else if t, err := http.ParseTime(s); err == nil {
			e.retryAfter = time.Until(t)
		}
	}
	return e
}

func (w *webFile) Stat(ctx context.Context, key string) (int64, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, w.url, nil)
	if err != nil {
		return 0, "", err
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", err
	}
	resp.Body.Close()
	version := resp.Header.Get("ETag")
	if version == "" {
		version = resp.Header.Get("Last-Modified")
	}
	if resp.StatusCode == http.StatusOK && resp.ContentLength >= 0 {
		return resp.ContentLength, version, nil
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusMethodNotAllowed {
		return 0, "", answer(resp)
	}
	// no length from HEAD: the first byte's range says the total
	req, _ = http.NewRequestWithContext(ctx, http.MethodGet, w.url, nil)
	req.Header.Set("Range", "bytes=0-0")
	if resp, err = client.Do(req); err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusPartialContent {
		cr := resp.Header.Get("Content-Range")
		if i := strings.LastIndexByte(cr, '/'); i >= 0 {
			if n, err := strconv.ParseInt(cr[i+1:], 10, 64); err == nil {
				return n, "", nil
			}
		}
	}
	return 0, "", fmt.Errorf("the server gives no size (HTTP %s, no Content-Length nor Content-Range)", resp.Status)
}

func (w *webFile) NewRangeReader(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.url, nil)
	if err != nil {
		return nil, err
	}
	if n >= 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", off, off+n-1))
	} else if off > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", off))
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	switch {
	case resp.StatusCode == http.StatusPartialContent:
		return resp.Body, nil
	case resp.StatusCode == http.StatusOK:
		// the server ignores ranges: skip to the offset
		if _, err := io.CopyN(io.Discard, resp.Body, off); err != nil {
			resp.Body.Close()
			return nil, err
		}
		if n >= 0 {
			return struct {
				io.Reader
				io.Closer
			}{io.LimitReader(resp.Body, n), resp.Body}, nil
		}
		return resp.Body, nil
	}
	return nil, answer(resp)
}

var errReadOnly = errors.New("http(s) URLs are read only: write to s3://, gs://, azblob:// or file://")

func (w *webFile) NewWriter(ctx context.Context, key string) (io.WriteCloser, error) {
	return nil, errReadOnly
}

func (w *webFile) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	return errors.New("an http(s) URL names one file: a web server lists no directory")
}

func (w *webFile) Delete(ctx context.Context, key string) error { return errReadOnly }

func (w *webFile) NotExist(err error) bool {
	var se *statusError
	return errors.As(err, &se) && (se.code == http.StatusNotFound || se.code == http.StatusGone)
}

func (w *webFile) Permanent(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return se.code < 500 && se.code != http.StatusTooManyRequests && se.code != http.StatusRequestTimeout
	}
	return errors.Is(err, errReadOnly)
}
