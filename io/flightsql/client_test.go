package flightsql

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestOpenURI: the schemes Open takes, and the URIs it refuses without
// repeating credentials.
func TestOpenURI(t *testing.T) {
	srv := flightsqltest.Start(t)
	ctx := context.Background()
	port := strings.TrimPrefix(srv.URI, "grpc://127.0.0.1:")
	tests := []struct {
		uri  string
		opts []Option
		ok   bool
	}{
		{srv.URI, nil, true},
		{"grpc+tcp://127.0.0.1:" + port, nil, true},
		{"GRPC://127.0.0.1:" + port, nil, true},
		{"http://127.0.0.1:" + port, nil, false},
		{"grpc://127.0.0.1", nil, false},
		{"grpc://:" + port, nil, false},
		{"grpc://user:s3cret@127.0.0.1:" + port, nil, false},
		{"grpc://127.0.0.1:" + port, []Option{WithInsecureSkipVerify(true)}, false},
		{"grpc://127.0.0.1:" + port, []Option{WithTLSConfig(&tls.Config{})}, false},
		{"::not a uri s3cret", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.uri, func(t *testing.T) {
			c, err := Open(ctx, tt.uri, tt.opts...)
			if !tt.ok {
				if err == nil {
					c.Close()
					t.Fatal("no error")
				}
				if !errors.Is(err, ErrURI) || !errors.Is(err, frame.ErrArgument) {
					t.Errorf("%v is not ErrURI and frame.ErrArgument", err)
				}
				if strings.Contains(err.Error(), "s3cret") {
					t.Errorf("the message shows the password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			f, err := c.Query(ctx, "SELECT count(*) AS n FROM intTable")
			if err != nil {
				t.Fatal(err)
			}
			if got := column(t, f, "n"); len(got) != 1 || got[0] != int64(4) {
				t.Errorf("count %v, want [4]", got)
			}
		})
	}
}

// TestUnreachable: a server that is not there is an Unavailable error
// naming the address.
func TestUnreachable(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	uri := "grpc://" + lis.Addr().String()
	lis.Close() // nothing listens there now
	c, err := Open(context.Background(), uri)
	if err != nil {
		t.Fatal(err) // Open does not connect
	}
	defer c.Close()
	_, err = c.Query(context.Background(), "SELECT 1")
	if status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), uri) {
		t.Errorf("%v: want Unavailable naming %s", err, uri)
	}
}

// TestAuth: a server that requires authentication takes a token, a
// user and password exchanged for the token, or the header itself, and
// refuses the rest; no message shows the password.
func TestAuth(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithAuth("ada", "pa55word", "tok-123"))
	ctx := context.Background()
	tests := []struct {
		name    string
		opts    []Option
		openErr bool       // Open fails (the handshake)
		code    codes.Code // the query's status (OK: it runs)
	}{
		{"none", nil, false, codes.Unauthenticated},
		{"token", []Option{WithToken("tok-123")}, false, codes.OK},
		{"wrong token", []Option{WithToken("tok-999")}, false, codes.Unauthenticated},
		{"basic", []Option{WithBasicAuth("ada", "pa55word")}, false, codes.OK},
		{"wrong password", []Option{WithBasicAuth("ada", "wrong-pa55word")}, true, codes.Unauthenticated},
		{"header", []Option{WithCallHeader("authorization", "Bearer tok-123")}, false, codes.OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Open(ctx, srv.URI, tt.opts...)
			if tt.openErr {
				if status.Code(err) != tt.code {
					t.Fatalf("Open: %v, want %v", err, tt.code)
				}
				if strings.Contains(err.Error(), "pa55word") {
					t.Errorf("the message shows the password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_, err = c.Query(ctx, "SELECT id FROM intTable")
			if got := status.Code(err); got != tt.code {
				t.Fatalf("query: %v, want %v", err, tt.code)
			}
			// Prepared statements, their parameters and the fetch carry the
			// token too.
			if tt.code == codes.OK {
				if _, err := c.Query(ctx, "SELECT id FROM intTable WHERE id = ?", 2); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestTLS: a grpc+tls server is reached with its certificate in the root
// pool or without verifying it, and refused otherwise.
func TestTLS(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithTLS(true))
	if !strings.HasPrefix(srv.URI, "grpc+tls://") {
		t.Fatalf("URI %s", srv.URI)
	}
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	ctx := context.Background()
	plain := strings.Replace(srv.URI, "grpc+tls://", "grpc://", 1)
	tests := []struct {
		name string
		uri  string
		opts []Option
		ok   bool
	}{
		{"root pool", srv.URI, []Option{WithTLSConfig(&tls.Config{RootCAs: pool})}, true},
		{"skip verify", srv.URI, []Option{WithInsecureSkipVerify(true)}, true},
		{"unknown authority", srv.URI, nil, false},
		{"plain text to TLS", plain, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Open(ctx, tt.uri, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			f, err := c.Query(ctx, "SELECT id FROM intTable WHERE id = ?", 3)
			if !tt.ok {
				if err == nil {
					t.Fatal("no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.NumRows() != 1 {
				t.Errorf("%d rows, want 1", f.NumRows())
			}
		})
	}
}
