package dataset

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestParsePartitionPath(t *testing.T) {
	tests := []struct {
		dir  string
		want []segment
		err  error
	}{
		{"", nil, nil},
		{"year=2024/month=01", []segment{{key: "year", value: "2024"}, {key: "month", value: "01"}}, nil},
		{"plain/year=2024/other", []segment{{key: "year", value: "2024"}}, nil},
		{"k=__HIVE_DEFAULT_PARTITION__", []segment{{key: "k", null: true}}, nil},
		{"k=", []segment{{key: "k", value: ""}}, nil},
		{"=v/k=a=b", []segment{{key: "k", value: "a=b"}}, nil},
		{"city=New%20York/p=a%2Fb%3Dc", []segment{{key: "city", value: "New York"}, {key: "p", value: "a/b=c"}}, nil},
		{"k=100%25/k2=%zz%4", []segment{{key: "k", value: "100%"}, {key: "k2", value: "%zz%4"}}, nil},
		{"%5Fk=%e2%82%ac", []segment{{key: "_k", value: "€"}}, nil},
		{"k=1/k=2", nil, ErrPartition},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			got, err := parsePartitionPath(tt.dir)
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestFormatSegment(t *testing.T) {
	tests := []struct {
		key, value string
		null       bool
		want       string
	}{
		{"year", "2024", false, "year=2024"},
		{"k", "", true, "k=" + DefaultPartition},
		{"k", "", false, "k="},
		{"p", "a/b=c%d", false, "p=a%2Fb%3Dc%25d"},
		{"p", "New York: \"x\"#?", false, "p=New York%3A %22x%22%23%3F"},
		{"p", "tab\there", false, "p=tab%09here"},
		{"p", DefaultPartition, false, "p=%5F_HIVE_DEFAULT_PARTITION__"},
		{"p", "..", false, "p=%2E."},
		{"_hidden", "1", false, "%5Fhidden=1"},
		{".dot", "1", false, "%2Edot=1"},
		{"k=v", "€", false, "k%3Dv=€"},
	}
	for _, tt := range tests {
		got := formatSegment(tt.key, tt.value, tt.null)
		if got != tt.want {
			t.Errorf("formatSegment(%q, %q, %v) = %q, want %q", tt.key, tt.value, tt.null, got, tt.want)
		}
		if hidden(got) {
			t.Errorf("formatSegment(%q, %q) = %q is a hidden name", tt.key, tt.value, got)
		}
		segs, err := parsePartitionPath(got)
		if err != nil || len(segs) != 1 || segs[0] != (segment{key: tt.key, value: tt.value, null: tt.null}) {
			t.Errorf("parsePartitionPath(%q) = %+v, %v: not the value written", got, segs, err)
		}
	}
}

// FuzzPartitionPath checks that any directory path parses without a
// panic, and that every segment it gives is written back as a directory
// name that parses to itself, is one path element and is not hidden.
func FuzzPartitionPath(f *testing.F) {
	for _, s := range []string{"year=2024/month=01", "k=__HIVE_DEFAULT_PARTITION__", "a%2Fb=c%3D", "x=%zz%", "k=1/k=2", "=/==/a=b=c", "%5F=%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dir string) {
		segs, err := parsePartitionPath(dir)
		if err != nil {
			if !errors.Is(err, ErrPartition) {
				t.Fatalf("error %v is not ErrPartition", err)
			}
			return
		}
		for _, s := range segs {
			if s.key == "" {
				t.Fatalf("an empty key from %q", dir)
			}
			name := formatSegment(s.key, s.value, s.null)
			if strings.Contains(name, "/") || hidden(name) || name == "." || name == ".." {
				t.Fatalf("segment %+v written as %q: not one visible path element", s, name)
			}
			back, err := parsePartitionPath(name)
			if err != nil || len(back) != 1 || back[0] != s {
				t.Fatalf("segment %+v written as %q reads back as %+v, %v", s, name, back, err)
			}
		}
	})
}

// FuzzIsDecimal: what isDecimal takes ParseFloat takes too (its syntax is
// a subset), so a partition column inferred float64 has every value.
func FuzzIsDecimal(f *testing.F) {
	for _, s := range []string{"1", "-2.5", ".5", "5.", "1e3", "1E-3", "+.5e+2", ".", "e3", "1e", "inf", "NaN", "0x1p3", "1_000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !isDecimal(s) {
			return
		}
		if _, err := strconv.ParseFloat(s, 64); err != nil && !errors.Is(err, strconv.ErrRange) {
			t.Errorf("isDecimal(%q) but ParseFloat: %v", s, err)
		}
	})
}
