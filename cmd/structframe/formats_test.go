package main

import "testing"

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]format{
		"a.csv": fmtCSV, "A.CSV": fmtCSV, "a.tsv": fmtTSV, "x/y.json": fmtJSON,
		"a.ndjson": fmtNDJSON, "a.jsonl": fmtNDJSON, "a.arrow": fmtArrow, "a.feather": fmtArrow,
		"a.ipc": fmtArrow, "a.parquet": fmtParquet, "a.txt": "", "noext": "",
	} {
		if got := formatOf(path); got != want {
			t.Errorf("formatOf(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestSniff(t *testing.T) {
	for in, want := range map[string]format{
		"ARROW1\x00\x00":         fmtArrow,
		"\xff\xff\xff\xff\x10":   fmtArrow,
		"PAR1\x15":               fmtParquet,
		"[{\"a\":1}]":            fmtJSON,
		"\xef\xbb\xbf \n {\"a\"": fmtJSON,
		"a,b\n1,2\n":             fmtCSV,
		"":                       fmtCSV,
	} {
		if got := sniff([]byte(in)); got != want {
			t.Errorf("sniff(%q) = %q, want %q", in, got, want)
		}
	}
}
