//go:build !noremote

package main

import (
	"strings"
	"testing"

	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// TestQuery runs a statement on a Flight SQL server (arrow-go's SQLite
// example, its result split into two endpoints) and the verbs after it.
func TestQuery(t *testing.T) {
	srv, err := flightsqltest.NewServer(flightsqltest.WithEndpoints(2))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, tt := range []struct {
		args []string
		want string // standard output, when the command succeeds
		err  string
	}{
		{[]string{"query", srv.URI, "SELECT id, keyName, value FROM intTable ORDER BY id", "--to", "csv"},
			"id,keyName,value\n1,one,1\n2,zero,0\n3,negative one,-1\n4,,\n", ""},
		{[]string{"query", srv.URI, "SELECT id, keyName, value FROM intTable ORDER BY id", "filter", "value > 0", "select", "keyName", "--to", "csv"},
			"keyName\none\n", ""},
		{[]string{"query", srv.URI, "SELECT nosuch FROM intTable"}, "", "nosuch"},
		{[]string{"query", "grpc://127.0.0.1:1", "SELECT 1"}, "", "grpc://127.0.0.1:1"},
		{[]string{"query", srv.URI}, "", "query takes a server and a statement"},
	} {
		r := runHere(t, "", tt.args...)
		if tt.err != "" {
			if r.code == 0 || !strings.Contains(r.stderr, tt.err) {
				t.Errorf("%q: (%d) %s, want an error saying %q", tt.args, r.code, r.stderr, tt.err)
			}
			continue
		}
		if r.code != 0 || r.stdout != tt.want {
			t.Errorf("%q: (%d) %q %s", tt.args, r.code, r.stdout, r.stderr)
		}
	}
}
