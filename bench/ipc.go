package main

import (
	"fmt"

	"github.com/structframe/structframe/io/ipc"
)

func init() {
	register("W4a", readRecipesIPC)
	register("W4a-batches", streamRecipesIPC)
}

// readRecipesIPC is W4a: the recipes as an Arrow IPC file, memory-mapped
// and read into one Frame (ipc.ReadFile); the checksum is W2's. The
// file's record batches are shared in place and, being several, joined
// into one Frame (structured.Concat copies them).
func readRecipesIPC(path string) (string, error) {
	f, err := ipc.ReadFile(path)
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

// streamRecipesIPC is W4a batch by batch (ipc.Reader over the mapping):
// one Frame per record batch, each over the file's memory without a
// copy, as arrow-go's own reader gives its record batches; the checksum
// is summed over the batches.
func streamRecipesIPC(path string) (string, error) {
	r, err := ipc.OpenFile(path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	rows, ings, est := 0, 0, 0.0
	for r.Next() {
		f := r.Frame()
		c, err := recipesChecksum(f)
		if err != nil {
			return "", err
		}
		rows += f.NumRows()
		ings += c.ingredients
		est += c.estTime
	}
	if err := r.Err(); err != nil {
		return "", err
	}
	phase("read")
	return fmt.Sprintf("rows=%d ingredients=%d est_time_sum=%.1f", rows, ings, est), nil
}
