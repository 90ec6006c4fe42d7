package formats

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/structframe/structframe/io/csv"
)

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func zst(s string) []byte {
	w, _ := zstd.NewWriter(nil)
	return w.EncodeAll([]byte(s), nil)
}

// sniffCases are first bytes and the format they tell, or the error.
var sniffCases = []struct {
	head, inner string
	want        *Format
	err         string
}{
	{"ARROW1\x00\x00", "", Arrow, ""},
	{"\xff\xff\xff\xff\x10\x00\x00\x00", "", ArrowStream, ""},
	{"PAR1\x15", "", Parquet, ""},
	{"[{\"a\":1}]", "", JSON, ""},
	{"\xef\xbb\xbf \n {\"a\"", "", JSON, ""},
	{"a,b\n1,2\n", "", CSV, ""},
	{"", "", CSV, ""},
	{string(gz("x")), "{\"a\": 1}", JSON, ""},
	{string(zst("x")), "a,b\n", CSV, ""},
	{string(gz("x")), "PAR1\x15", nil, "Parquet file compressed with gzip"},
	{string(gz("x")), "PK\x03\x04", nil, "zip archive"},
	{"PK\x03\x04rest", "", nil, "looks like a zip archive"},
	{"\xfd7zXZ\x00", "", nil, "xz stream"},
	{"a\x00b\x01\x02", "", nil, "binary data"},
}

func TestSniff(t *testing.T) {
	for _, tc := range sniffCases {
		got, err := Sniff([]byte(tc.head), []byte(tc.inner))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Sniff(%q, %q): error %v, want one saying %q", tc.head, tc.inner, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Sniff(%q, %q) = %v, %v; want %v", tc.head, tc.inner, got, err, tc.want)
		}
	}
}

// TestDetect: Detect reads the head itself, and looks into gzip and
// zstd streams.
func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want *Format
		err  string
	}{
		{[]byte("x,y\n1,2\n"), CSV, ""},
		{[]byte(" [ {\"a\": 1} ]"), JSON, ""},
		{gz("{\"a\": 1}\n"), JSON, ""},
		{zst("x\ty\n"), CSV, ""},
		{[]byte("PAR1\x15\x00"), Parquet, ""},
		{gz("PAR1\x15\x00"), nil, "looks like a Parquet file compressed with gzip"},
		{gz("ARROW1\x00\x00"), nil, "Arrow IPC file compressed with gzip"},
		{[]byte("\x00\x01\x02\x03binary\x00"), nil, "binary data"},
	} {
		got, err := Detect(bytes.NewReader(tc.in))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Detect(%q): error %v, want one saying %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Detect(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestRefused: the CSV reader's refusal of Parquet and Arrow content
// names the format that reads it; other errors name none.
func TestRefused(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want *Format
	}{
		{"PAR1\x15\x00\x00", Parquet},
		{"ARROW1\x00\x00", Arrow},
		{"PK\x03\x04rest", nil},
	} {
		_, err := csv.Read(strings.NewReader(tc.in))
		if err == nil {
			t.Fatalf("%q: read as CSV", tc.in)
		}
		if got := Refused(err); got != tc.want {
			t.Errorf("Refused(%v) = %v, want %v", err, got, tc.want)
		}
	}
	if Refused(errors.New("other")) != nil || Refused(nil) != nil {
		t.Error("Refused of an error that is no refusal")
	}
}
