package flightsqltest

import (
	"fmt"
	"net"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// fakeTB records what Start and WaitIdle report.
type fakeTB struct {
	cleanups []func()
	failed   []string
}

func (f *fakeTB) Helper()           {}
func (f *fakeTB) Fatal(args ...any) { f.failed = append(f.failed, fmt.Sprint(args...)) }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.failed = append(f.failed, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }

// TestStart: the server listens once started, and no more once the
// test's cleanups have run.
func TestStart(t *testing.T) {
	tb := &fakeTB{}
	srv := Start(tb)
	if len(tb.failed) > 0 || len(tb.cleanups) != 1 {
		t.Fatalf("failures %v, %d cleanups; want none and one", tb.failed, len(tb.cleanups))
	}
	addr := strings.TrimPrefix(srv.URI, "grpc://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial %s: %v", addr, err)
	}
	conn.Close()
	tb.cleanups[0]()
	if conn, err := net.Dial("tcp", addr); err == nil {
		conn.Close()
		t.Errorf("%s still listens after the cleanup", addr)
	}
}

// TestWaitIdle: nothing is reported when the goroutines come back to
// the count, and the goroutine left running is, with its stack.
func TestWaitIdle(t *testing.T) {
	defer func(d time.Duration) { settleTime = d }(settleTime)
	settleTime = 50 * time.Millisecond
	srv := Start(t)
	base := runtime.NumGoroutine()
	stop := make(chan struct{})
	go leftRunning(stop)
	tests := []struct {
		name   string
		before func()
		report string // in what is reported; "": nothing
	}{
		{"a goroutine left", func() {}, "leftRunning"},
		{"all back", func() { close(stop) }, ""},
	}
	for _, tt := range tests {
		tt.before()
		tb := &fakeTB{}
		srv.WaitIdle(tb, base)
		got := strings.Join(tb.failed, "\n")
		if tt.report == "" && got != "" || !strings.Contains(got, tt.report) {
			t.Errorf("%s: reported %q, want %q", tt.name, got, tt.report)
		}
	}
}

func leftRunning(stop chan struct{}) { <-stop }

// TestBatches: the tables count their ids across the batches and hold
// the values their docs say.
func TestBatches(t *testing.T) {
	tests := []struct {
		name   string
		recs   []arrow.RecordBatch
		fields string // name and type of each field
		last   string // the last row, as arrow-go's JSON writes it
	}{
		{"IntBatches", IntBatches(3, 2), "id int64; x float64; name utf8",
			`{"id":5,"name":"row-5","x":2.5}`},
		{"NestedBatches", NestedBatches(3, 2),
			"id int64; tags list<item: utf8, nullable>; point struct<x: float64, y: float64>; items list<item: struct<name: utf8, qty: int64>, nullable>",
			`{"id":5,"items":[{"name":"a","qty":5},{"name":"b","qty":0}],"point":{"x":5.5,"y":-1},"tags":["t5","u"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				for _, r := range tt.recs {
					r.Release()
				}
			}()
			var rows []int64
			for _, r := range tt.recs {
				rows = append(rows, r.NumRows())
			}
			if !reflect.DeepEqual(rows, []int64{2, 2, 2}) {
				t.Errorf("batches of %v rows, want [2 2 2]", rows)
			}
			var fields []string
			for _, f := range tt.recs[0].Schema().Fields() {
				fields = append(fields, f.Name+" "+f.Type.String())
			}
			if got := strings.Join(fields, "; "); got != tt.fields {
				t.Errorf("fields %s, want %s", got, tt.fields)
			}
			last := tt.recs[2].NewSlice(1, 2)
			defer last.Release()
			js, err := last.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(strings.Fields(string(js)), ""); got != "["+tt.last+"]" {
				t.Errorf("last row %s, want [%s]", got, tt.last)
			}
		})
	}
}
