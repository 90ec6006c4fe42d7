package remote_test

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// s3Server is a real S3 protocol server (gofakes3) on 127.0.0.1 behind
// a handler that counts the object reads it serves and can inject faults.
type s3Server struct {
	*httptest.Server
	backend *s3mem.Backend
	h       http.Handler

	mu    sync.Mutex
	gets  []*get // object reads served, in order
	fault func(w http.ResponseWriter, r *http.Request, n int) bool
	calls int
}

// get is one object read: its key, its Range header and the body bytes
// sent.
type get struct {
	key   string
	rng   string
	bytes int64
}

func newS3(t testing.TB, buckets ...string) *s3Server {
	t.Helper()
	t.Setenv("AWS_ACCESS_KEY_ID", "structframe")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "structframe-secret")
	t.Setenv("AWS_REGION", "us-east-1")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	t.Setenv("AWS_CONFIG_FILE", t.TempDir()+"/none")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", t.TempDir()+"/none")
	s := &s3Server{backend: s3mem.New()}
	s.h = gofakes3.New(s.backend).Server()
	for _, b := range buckets {
		if err := s.backend.CreateBucket(b); err != nil {
			t.Fatal(err)
		}
	}
	s.Server = httptest.NewServer(s)
	t.Cleanup(s.Close)
	return s
}

// url is the s3:// URL of key in bucket, pointed at the server.
func (s *s3Server) url(bucket, key string, params ...string) string {
	q := "endpoint=" + url.QueryEscape(s.URL) + "&use_path_style=true&region=us-east-1"
	for _, p := range params {
		q += "&" + p
	}
	return fmt.Sprintf("s3://%s/%s?%s", bucket, key, q)
}

func (s *s3Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls++
	n, fault := s.calls, s.fault
	s.mu.Unlock()
	if fault != nil && fault(w, r, n) {
		return
	}
	if r.Method != http.MethodGet || !isObject(r) {
		s.h.ServeHTTP(w, r)
		return
	}
	// counted before they are sent, so that a client holding the answer
	// finds it counted
	s.mu.Lock()
	g := &get{key: objectKey(r), rng: r.Header.Get("Range")}
	s.gets = append(s.gets, g)
	s.mu.Unlock()
	s.h.ServeHTTP(&countingWriter{ResponseWriter: w, s: s, g: g}, r)
}

// isObject reports whether r is addressed to an object (path style:
// /bucket/key), not to a bucket's listing.
func isObject(r *http.Request) bool {
	q := r.URL.Query()
	return objectKey(r) != "" && !q.Has("list-type") && !q.Has("uploads") && !q.Has("uploadId")
}

func objectKey(r *http.Request) string {
	_, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	return key
}

// reads is the object reads served so far, and forgets them.
func (s *s3Server) reads() []get {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := make([]get, len(s.gets))
	for i, p := range s.gets {
		g[i] = *p
	}
	s.gets = nil
	return g
}

func (s *s3Server) setFault(f func(w http.ResponseWriter, r *http.Request, n int) bool) {
	s.mu.Lock()
	s.fault, s.calls = f, 0
	s.mu.Unlock()
}

type countingWriter struct {
	http.ResponseWriter
	s *s3Server
	g *get // one of s.gets
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.s.mu.Lock()
	c.g.bytes += int64(len(p))
	c.s.mu.Unlock()
	return c.ResponseWriter.Write(p)
}

// resetMidBody answers r as the server would, but sends only half of the
// body and then closes the connection: a reset in the middle of a read.
func (s *s3Server) resetMidBody(w http.ResponseWriter, r *http.Request) {
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, r)
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(err)
	}
	defer conn.Close()
	resp := rec.Result()
	body := rec.Body.Bytes()
	bw := bufio.NewWriter(buf)
	fmt.Fprintf(bw, "HTTP/1.1 %s\r\n", resp.Status)
	resp.Header.Set("Content-Length", fmt.Sprint(len(body)))
	resp.Header.Write(bw)
	bw.WriteString("\r\n")
	bw.Write(body[:len(body)/2])
	bw.Flush()
	buf.Flush()
}
