package main

import (
	"fmt"
	"os"

	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

func init() {
	register("W11", writeNDJSON)
}

// writeNDJSON is W11: W4b (the recipes' Parquet read into a Frame), then
// the Frame written as NDJSON to a file in the temporary directory,
// deleted after, as the peers do (Polars' writeJSON with format "lines",
// DuckDB's COPY ... (FORMAT JSON)). Its phases are "read" and "write".
func writeNDJSON(path string) (string, error) {
	f, err := parquet.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	tmp, err := os.CreateTemp("", "structframe-bench-*.ndjson")
	if err != nil {
		return "", err
	}
	out := tmp.Name()
	tmp.Close()
	defer os.Remove(out)
	if err := json.WriteFile(out, f, json.WithFormat(json.NDJSON)); err != nil {
		return "", err
	}
	phase("write")
	st, err := os.Stat(out)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("rows=%d wrote=%t", f.NumRows(), st.Size() > 0), nil
}
