package main

import (
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/parquet"
)

func init() {
	// W4b: the recipes as Parquet (Snappy, written by the arrow-go peer's
	// convert) read into a Frame in one call, columns decoded in parallel.
	register("W4b", readRecipesWith(func(path string) (*frame.Frame, error) { return parquet.ReadFile(path) }))
}
