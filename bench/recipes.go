package main

import (
	"fmt"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// The recipes workloads (W2, W4a, W4b and their batch forms) read the same
// records from different formats and print the same checksum line:
// rows=N ingredients=M est_time_sum=E.

// recipesSums is the checksum of some rows of the recipes.
type recipesSums struct {
	rows        int
	ingredients int // items of the ingredients lists
	estTime     float64
}

func (s recipesSums) String() string {
	return fmt.Sprintf("rows=%d ingredients=%d est_time_sum=%.1f", s.rows, s.ingredients, s.estTime)
}

// add adds the rows of f to the checksum.
func (s *recipesSums) add(f *frame.Frame) error {
	ing, err := f.Column("ingredients")
	if err != nil {
		return err
	}
	lists, ok := ing.Value().(*structured.Tensor)
	if !ok || lists.Rank() != 2 {
		return fmt.Errorf("ingredients: got %T, want a list of records", ing.Value())
	}
	est, err := nestedFloatSum(f, "est_time")
	if err != nil {
		return err
	}
	s.rows += f.NumRows()
	s.ingredients += lists.RowPartitions()[0].NumValues()
	s.estTime += est
	return nil
}

// addChunks is add reading the columns piece by piece
// (Frame.ColumnChunks), as they lie in the record batches of a file read
// whole, without joining them into one array: the way arrow-go's reader
// (its record batches) and Polars (its chunked columns) are read by their
// checksums.
func (s *recipesSums) addChunks(f *frame.Frame) error {
	ing, err := f.ColumnChunks("ingredients")
	if err != nil {
		return err
	}
	est, err := f.ColumnChunks("est_time")
	if err != nil {
		return err
	}
	n, sum := 0, 0.0
	for _, c := range ing {
		lists, ok := c.(*structured.Tensor)
		if !ok || lists.Rank() != 2 {
			return fmt.Errorf("ingredients: got %T, want a list of records", c)
		}
		n += lists.RowPartitions()[0].NumValues()
	}
	for _, c := range est {
		v, err := floatSum("est_time", c)
		if err != nil {
			return err
		}
		sum += v
	}
	s.rows += f.NumRows()
	s.ingredients += n
	s.estTime += sum
	return nil
}

// readRecipesWith is the workload that reads the recipes into one Frame
// with read.
func readRecipesWith(read func(path string) (*frame.Frame, error)) workload {
	return readRecipesSums(read, (*recipesSums).add)
}

// readRecipesSums is the workload that reads the recipes into one Frame
// with read and sums them with add.
func readRecipesSums(read func(path string) (*frame.Frame, error), add func(*recipesSums, *frame.Frame) error) workload {
	return func(path string) (string, error) {
		f, err := read(path)
		if err != nil {
			return "", err
		}
		phase("read")
		var s recipesSums
		if err := add(&s, f); err != nil {
			return "", err
		}
		return s.String(), nil
	}
}

// batchReader is what the formats' batch Readers have in common.
type batchReader interface {
	Next() bool
	Frame() *frame.Frame
	Err() error
	Close() error
}

// streamRecipesWith is the workload that reads the recipes batch by batch
// from the Reader open gives, summing the checksum over the batches.
func streamRecipesWith(open func(path string) (batchReader, error)) workload {
	return func(path string) (string, error) {
		r, err := open(path)
		if err != nil {
			return "", err
		}
		defer r.Close()
		var s recipesSums
		for r.Next() {
			if err := s.add(r.Frame()); err != nil {
				return "", err
			}
		}
		if err := r.Err(); err != nil {
			return "", err
		}
		phase("read")
		return s.String(), nil
	}
}
