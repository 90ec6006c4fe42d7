package main

import (
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/ipc"
)

func init() {
	readFile := func(path string) (*frame.Frame, error) { return ipc.ReadFile(path) }
	// W4a: the recipes as an Arrow IPC file, memory-mapped and read into
	// one Frame (ipc.ReadFile). The file's record batches, being several,
	// are joined column by column when a column is first read
	// (structured.Concat); the checksum reads its two columns piece by
	// piece (Frame.ColumnChunks) over the mapping, as arrow-go's reader
	// reads its record batches and Polars its chunked columns, so nothing
	// is copied.
	register("W4a", readRecipesSums(readFile, (*recipesSums).addChunks))
	// W4a with the checksum's two columns read through Frame.Column:
	// ingredients' offsets and est_time joined (copied) into one array
	// each.
	register("W4a-joined", readRecipesWith(readFile))
	// W4a batch by batch (ipc.Reader over the mapping): one Frame per
	// record batch over the file's memory without a copy, as arrow-go's
	// own reader gives its record batches.
	register("W4a-batches", streamRecipesWith(func(path string) (batchReader, error) { return ipc.OpenFile(path) }))
}
