package flightsql

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/flight/flightsql"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
)

// Client is a connection to a Flight SQL server: it runs queries and
// statements, prepares statements and ingests frames. It is safe for
// concurrent use; Close it when done.
type Client struct {
	url string // scheme://host:port, as errors name it
	cfg config
	cl  *flightsql.Client
	md  []string // the headers of every call: authorization, WithCallHeader's

	mu     sync.Mutex
	others map[string]*flightsql.Client // endpoints' locations, dialed once
	closed bool
}

// reuseConnection is the location that means "the connection that asked"
// (Flight's arrow-flight-reuse-connection scheme).
const reuseConnection = "arrow-flight-reuse-connection:"

// Open connects to the Flight SQL server at uri: grpc://host:port (or
// grpc+tcp://) in plain text, grpc+tls://host:port over TLS. The
// connection is made on the first call, except with [WithBasicAuth],
// whose handshake Open makes at once (ctx bounds it); the Client holds no
// reference to ctx.
//
//	c, err := flightsql.Open(ctx, "grpc+tls://dremio.example.com:32010", flightsql.WithToken(pat))
//	...
//	defer c.Close()
//	f, err := c.Query(ctx, "SELECT * FROM trips WHERE fare > ?", 10.0)
func Open(ctx context.Context, uri string, opts ...Option) (*Client, error) {
	cfg := makeConfig(config{}, opts)
	u, host, useTLS, err := parseURI(uri)
	if err != nil {
		return nil, &Error{Op: "open", URL: u, Err: err}
	}
	if !useTLS && (cfg.tls != nil || cfg.skipVerify) {
		return nil, &Error{Op: "open", URL: u, Err: fmt.Errorf("%w: TLS options for a plain-text connection; use grpc+tls://", ErrURI)}
	}
	c := &Client{url: u, cfg: cfg}
	c.cl, err = dial(host, useTLS, cfg)
	if err != nil {
		return nil, &Error{Op: "open", URL: u, Err: err}
	}
	c.md = append(c.md, cfg.headers...)
	switch {
	case cfg.basic:
		cctx, cancel := context.WithCancel(ctx)
		authed, err := c.cl.Client.AuthenticateBasicToken(metadata.AppendToOutgoingContext(cctx, cfg.headers...), cfg.user, cfg.pass)
		cancel()
		if err != nil {
			c.cl.Close()
			return nil, wrap(ctx, "open", u, fmt.Errorf("basic authentication: %w", err))
		}
		md, _ := metadata.FromOutgoingContext(authed)
		tokens := md.Get("authorization")
		if len(tokens) == 0 {
			c.cl.Close()
			return nil, &Error{Op: "open", URL: u, Err: errors.New("basic authentication: the server sent no token")}
		}
		c.md = append(c.md, "authorization", tokens[len(tokens)-1])
	case cfg.token != "":
		c.md = append(c.md, "authorization", "Bearer "+cfg.token)
	}
	return c, nil
}

// parseURI checks uri and returns it as errors name it, the address to
// dial and whether it is TLS.
func parseURI(uri string) (shown, host string, useTLS bool, err error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "(unparsable URI)", "", false, fmt.Errorf("%w: %v", ErrURI, redact(err, uri))
	}
	if u.User != nil {
		u.User = nil
		return u.Redacted(), "", false, fmt.Errorf("%w: credentials in the URI; use WithBasicAuth or WithToken", ErrURI)
	}
	shown = u.Scheme + "://" + u.Host
	switch strings.ToLower(u.Scheme) {
	case "grpc", "grpc+tcp":
	case "grpc+tls":
		useTLS = true
	default:
		return shown, "", false, fmt.Errorf("%w: scheme %q; want grpc, grpc+tcp or grpc+tls", ErrURI, u.Scheme)
	}
	if u.Port() == "" || u.Hostname() == "" {
		return shown, "", false, fmt.Errorf("%w: want scheme://host:port", ErrURI)
	}
	return shown, u.Host, useTLS, nil
}

// redact keeps what url.Parse said of uri without repeating uri, which
// may hold credentials.
func redact(err error, uri string) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return strings.ReplaceAll(err.Error(), uri, "(URI)")
}

// dial makes a flightsql.Client of the address (no network yet).
func dial(host string, useTLS bool, cfg config) (*flightsql.Client, error) {
	opts := []grpc.DialOption{grpc.WithDefaultCallOptions(
		grpc.MaxCallRecvMsgSize(cfg.maxMessage), grpc.MaxCallSendMsgSize(cfg.maxMessage))}
	if useTLS {
		tc := &tls.Config{}
		if cfg.tls != nil {
			tc = cfg.tls.Clone()
		}
		if tc.ServerName == "" {
			if h, _, err := net.SplitHostPort(host); err == nil {
				tc.ServerName = h
			}
		}
		if cfg.skipVerify {
			tc.InsecureSkipVerify = true
		}
		opts = append(opts, grpc.WithTransportCredentials(credentials.NewTLS(tc)))
	} else {
		opts = append(opts, grpc.WithTransportCredentials(insecure.NewCredentials()))
	}
	return flightsql.NewClient(host, nil, nil, opts...)
}

// outgoing is ctx carrying the headers of every call.
func (c *Client) outgoing(ctx context.Context) context.Context {
	if len(c.md) == 0 {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, c.md...)
}

// call is the context of one call: ctx with the headers, cancelled by
// the returned function once the call has returned. arrow-go's client
// reads some streams (a prepared statement's parameters, an update's
// count) without reading them to their end, and gRPC frees such a stream,
// and the goroutine that watches it, only when its context ends: every
// call is given a context that does.
func (c *Client) call(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	return c.outgoing(ctx), cancel
}

// clientFor is the client that reads an endpoint: the Client's own when
// the endpoint names no location (or the reuse-connection one, or the
// Client's server), else one dialed to its first location of a scheme
// Open takes, kept for the Client's later calls. The location's client
// sends the same headers (the token too).
func (c *Client) clientFor(ep *flight.FlightEndpoint) (*flightsql.Client, string, error) {
	if len(ep.GetLocation()) == 0 {
		return c.cl, c.url, nil
	}
	var firstErr error
	for _, loc := range ep.GetLocation() {
		uri := loc.GetUri()
		if strings.HasPrefix(uri, reuseConnection) {
			return c.cl, c.url, nil
		}
		shown, host, useTLS, err := parseURI(uri)
		if err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("location %s: %w", shown, err)
			}
			continue
		}
		if shown == c.url {
			return c.cl, c.url, nil
		}
		cl, err := c.dialed(shown, host, useTLS)
		return cl, shown, err
	}
	return nil, c.url, firstErr
}

// dialed is the client of another server, dialed on first use.
func (c *Client) dialed(shown, host string, useTLS bool) (*flightsql.Client, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, errors.New("client closed")
	}
	if cl, ok := c.others[shown]; ok {
		return cl, nil
	}
	cl, err := dial(host, useTLS, c.cfg)
	if err != nil {
		return nil, err
	}
	if c.others == nil {
		c.others = map[string]*flightsql.Client{}
	}
	c.others[shown] = cl
	return cl, nil
}

// Close closes the connection and those dialed to endpoints' locations.
// Readers still open end with an error.
func (c *Client) Close() error {
	c.mu.Lock()
	others := c.others
	c.others, c.closed = nil, true
	c.mu.Unlock()
	errs := []error{c.cl.Close()}
	for _, cl := range others {
		errs = append(errs, cl.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return &Error{Op: "close", URL: c.url, Err: err}
	}
	return nil
}

// String is the server's URI, as errors name it.
func (c *Client) String() string { return c.url }

// cleanupTimeout bounds the calls that give a server's resources back
// (closing a prepared statement) once the caller's context is gone.
const cleanupTimeout = 10 * time.Second

// cleanupContext is a context for such a call: not cancelled with ctx,
// but bounded.
func cleanupContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
}
