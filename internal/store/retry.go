package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Defaults of the request policy; a URL's query parameters request_timeout
// (a Go duration: "30s") and max_attempts override them for its requests.
const (
	DefaultTimeout  = 30 * time.Second
	DefaultAttempts = 5
	backoffBase     = 50 * time.Millisecond
	backoffMax      = 5 * time.Second
)

// policy is how requests to one location are made.
type policy struct {
	timeout  time.Duration // per request; for a streamed read, per wait for bytes
	attempts int
}

// takePolicy removes the store's parameters from u's query.
func takePolicy(u *url.URL) (policy, error) {
	p := policy{timeout: DefaultTimeout, attempts: DefaultAttempts}
	q := u.Query()
	if !q.Has("request_timeout") && !q.Has("max_attempts") {
		return p, nil // the query as given: a signed URL's must not change
	}
	if v := q.Get("request_timeout"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return p, fmt.Errorf("request_timeout=%q: want a positive duration such as 30s", v)
		}
		p.timeout = d
		q.Del("request_timeout")
	}
	if v := q.Get("max_attempts"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return p, fmt.Errorf("max_attempts=%q: want a whole number ≥ 1", v)
		}
		p.attempts = n
		q.Del("max_attempts")
	}
	u.RawQuery = q.Encode()
	return p, nil
}

// Error is a failed operation on a URL: what was done, on which URL
// (credentials removed) and which bytes, and why.
type Error struct {
	Op       string // "open", "read", "write", "list", "delete"
	URL      string // redacted
	Offset   int64  // the range read, when Length > 0
	Length   int64
	Attempts int // requests made, when more than one
	Err      error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.URL)
	if e.Length > 0 {
		fmt.Fprintf(&b, ": bytes %d-%d", e.Offset, e.Offset+e.Length-1)
	}
	fmt.Fprintf(&b, ": %s: %v", e.Op, e.Err)
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (after %d attempts)", e.Attempts)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// errTimeout is the cause of a request that outlived its timeout.
var errTimeout = errors.New("request timed out")

// secret reports whether a query parameter may carry a credential (a
// signature, a token, a key): its value is removed from messages.
func secret(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"sig", "token", "key", "secret", "credential", "password", "pass", "auth", "sas"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// redactURL is u as messages give it: no password, no secret parameter.
func redactURL(u *url.URL) string {
	c := *u
	if c.User != nil {
		c.User = url.User(c.User.Username())
	}
	if c.RawQuery != "" {
		q := c.Query()
		for k := range q {
			if secret(k) {
				q.Set(k, "REDACTED")
			}
		}
		c.RawQuery = q.Encode()
	}
	return c.String()
}

// Redact is name as messages give it: a URL without password and secret
// parameters; a local path unchanged.
func Redact(name string) string {
	if !IsURL(name) {
		return name
	}
	u, err := url.Parse(name)
	if err != nil {
		if i := strings.IndexAny(name, "?@"); i >= 0 {
			return name[:i] + "…"
		}
		return name
	}
	return redactURL(u)
}

// transient reports whether a failed request may succeed when made again.
func (l *location) transient(err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, errTimeout), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.EPIPE):
		return true
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return false // the caller's context: do not retry
	case l.bucket.NotExist(err), l.bucket.Permanent(err):
		return false
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	return true // 5xx, throttling, resets the backend reports in its own words
}

// backoff waits before attempt n (1 for the second request): a full
// jitter exponential backoff, as AWS's SDKs do; false when ctx ended.
// A server's Retry-After (an error with a RetryAfter method) is waited
// for instead, up to 30 seconds.
func backoff(ctx context.Context, n int, cause error) bool {
	d := backoffBase << min(n-1, 16)
	if d > backoffMax || d <= 0 {
		d = backoffMax
	}
	d = d/2 + rand.N(d/2+1)
	var ra interface{ RetryAfter() time.Duration }
	if errors.As(cause, &ra) && ra.RetryAfter() > 0 {
		d = min(ra.RetryAfter(), 30*time.Second)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// do runs one request under the policy: each attempt within the
// timeout, transient failures made again after a backoff. The error is
// the last attempt's, named with the operation and range.
func (l *location) do(ctx context.Context, op string, off, n int64, req func(ctx context.Context) error) error {
	var err error
	attempt := 0
	for attempt < l.policy.attempts {
		if attempt > 0 && !backoff(ctx, attempt, err) {
			break
		}
		attempt++
		actx, cancel := context.WithTimeoutCause(ctx, l.policy.timeout, errTimeout)
		err = req(actx)
		if err != nil && ctx.Err() == nil && context.Cause(actx) == errTimeout {
			err = fmt.Errorf("%w after %v", errTimeout, l.policy.timeout)
		}
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil || !l.transient(err) {
			break
		}
	}
	if ctx.Err() != nil && err == nil {
		err = ctx.Err()
	}
	return &Error{Op: op, URL: l.name(), Offset: off, Length: n, Attempts: attempt, Err: err}
}

// Wrap names path in err, as readers name the file an error is about,
// unless err already names it (a store Error names its URL and range):
// a URL is named without its credentials.
func Wrap(path string, err error) error {
	var se *Error
	if errors.As(err, &se) {
		return err
	}
	return fmt.Errorf("%s: %w", Redact(path), err)
}
