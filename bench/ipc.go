package main

import (
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/ipc"
)

func init() {
	// W4a: the recipes as an Arrow IPC file, memory-mapped and read into
	// one Frame (ipc.ReadFile). The file's record batches, being several,
	// are joined column by column, each column when it is first read
	// (structured.Concat): the checksum copies est_time and nothing else.
	register("W4a", readRecipesWith(func(path string) (*frame.Frame, error) { return ipc.ReadFile(path) }))
	// W4a batch by batch (ipc.Reader over the mapping): one Frame per
	// record batch over the file's memory without a copy, as arrow-go's
	// own reader gives its record batches.
	register("W4a-batches", streamRecipesWith(func(path string) (batchReader, error) { return ipc.OpenFile(path) }))
}
