package json

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

func TestWithTryParseDates(t *testing.T) {
	in := `{"d":"2024-02-29","t":"2024-01-15T10:00:00","z":"2024-01-15T10:00:00+01:00","mixed":"2024-01-15T10:00:00Z","bad":"2024-01-15","s":"Ünïcödé","n":null,"ev":[{"at":"1969-07-20"}],"o":{"when":"2024-03-10 02:30:00.25"}}
{"d":null,"t":"1969-12-31 23:59:59.5","z":"2024-01-15T10:00:00Z","mixed":"2024-01-15T10:00:00","bad":"2024-13-01","s":"日本語","n":null,"ev":[],"o":{"when":null}}
{"d":"1900-01-01","t":"2024-01-15","z":null,"mixed":null,"bad":"","s":"","n":null,"ev":null,"o":null}`
	f, err := Read(strings.NewReader(in), WithTryParseDates(true))
	if err != nil {
		t.Fatal(err)
	}
	want := "3 * {d: ?date32, t: timestamp[us], z: ?timestamp[us, tz=UTC], mixed: ?string, bad: string, s: string, n: ?null, ev: ?var * {at: date32}, o: ?{when: ?timestamp[us]}}"
	if got := f.Schema().String(); got != want {
		t.Errorf("schema\n got %s\nwant %s", got, want)
	}
	ts := func(s string) time.Time {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	tests := []struct {
		col  string
		want []any
	}{
		{"d", []any{arrow.Date32(19782), nil, arrow.Date32(-25567)}},
		{"t", []any{ts("2024-01-15T10:00:00Z"), ts("1969-12-31T23:59:59.5Z"), ts("2024-01-15T00:00:00Z")}},
		{"z", []any{ts("2024-01-15T09:00:00Z"), ts("2024-01-15T10:00:00Z"), nil}},
		{"o.when", []any{ts("2024-03-10T02:30:00.25Z"), nil, nil}},
	}
	for _, tt := range tests {
		s, err := f.Column(tt.col)
		if err != nil {
			t.Fatal(err)
		}
		got := s.ToValue()
		for i := range got {
			if tm, ok := got[i].(time.Time); ok {
				got[i] = tm.UTC()
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s = %v, want %v", tt.col, got, tt.want)
		}
	}
	// The default keeps strings.
	plain, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := plain.Schema().String(); !strings.HasPrefix(got, "3 * {d: ?string, t: string") {
		t.Errorf("default schema %s", got)
	}
}

func TestWithTryParseDatesFile(t *testing.T) {
	path := t.TempDir() + "/x.ndjson"
	if err := os.WriteFile(path, []byte("{\"d\":\"2024-01-15\"}\n{\"d\":\"2024-01-16\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := ReadFile(path, WithTryParseDates(true))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Schema().String(); got != "2 * {d: date32}" {
		t.Errorf("schema %s", got)
	}
}
