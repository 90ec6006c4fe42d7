package main

import (
	"fmt"

	"github.com/structframe/structframe/io/parquet"
)

func init() {
	register("W4b", readRecipesParquet)
}

// readRecipesParquet is W4b: the recipes as Parquet (Snappy, written by
// the arrow-go peer's convert) read into a Frame in one call, columns
// decoded in parallel; the checksum is W2's.
func readRecipesParquet(path string) (string, error) {
	f, err := parquet.ReadFile(path)
	if err != nil {
		return "", err
	}
	phase("read")
	c, err := recipesChecksum(f)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("rows=%d ingredients=%d est_time_sum=%.1f", f.NumRows(), c.ingredients, c.estTime), nil
}
