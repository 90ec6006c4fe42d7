package structured_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/structframe/structframe/structured"
)

// addRecords gives each map to b as a record of int fields, in key order.
func addRecords(b *structured.Builder, rows []map[string]int64, keys ...string) error {
	for _, r := range rows {
		if err := b.BeginRecord(); err != nil {
			return err
		}
		for _, k := range keys {
			if v, ok := r[k]; ok {
				if err := b.Key(k); err != nil {
					return err
				}
				if err := b.Int(v); err != nil {
					return err
				}
			}
		}
		if err := b.EndRecord(); err != nil {
			return err
		}
	}
	return nil
}

// Chunks of rows built on their own goroutines, each into a Fork, then
// merged in order: the result is that of one Builder given all the rows,
// keys in first-seen order included. A chunk that does not merge
// (ErrMergeConflict) is given to the first Builder again, row by row.
func ExampleBuilder_Merge() {
	chunks := [][]map[string]int64{
		{{"a": 1}, {"a": 2}},
		{{"b": 3}, {"a": 4, "b": 5}},
		{{"c": 6}},
	}
	acc, _ := structured.NewBuilder(nil)
	forks := make([]*structured.Builder, len(chunks))
	errs := make([]error, len(chunks))
	var wg sync.WaitGroup
	for i, rows := range chunks {
		forks[i] = acc.Fork()
		wg.Go(func() { errs[i] = addRecords(forks[i], rows, "a", "b", "c") })
	}
	wg.Wait()
	for i, f := range forks {
		err := errs[i]
		if err == nil {
			err = acc.Merge(f)
		}
		if err != nil && (errs[i] != nil || errors.Is(err, structured.ErrMergeConflict)) {
			err = addRecords(acc, chunks[i], "a", "b", "c") // one pass: the exact result or error
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	st, _ := acc.Finish()
	fmt.Println(st.Spec())
	out, _ := json.Marshal(st.ToValue())
	fmt.Println(string(out))
	// Output:
	// 5 * {a: ?int64, b: ?int64, c: ?int64}
	// [{"a":1,"b":null,"c":null},{"a":2,"b":null,"c":null},{"a":null,"b":3,"c":null},{"a":4,"b":5,"c":null},{"a":null,"b":null,"c":6}]
}

// Whole-input inference in bounded memory, as a streaming reader does it:
// pass 1 gives every row to one Builder, dropping the values every so
// many rows; its Spec then builds every batch of pass 2, so all batches
// share the schema of the whole input, late keys and widened types
// included.
func ExampleBuilder_DiscardRows() {
	batches := [][]map[string]int64{{{"a": 1}}, {{"a": 2}}, {{"a": 3, "b": 4}}}
	pass1, _ := structured.NewBuilder(nil)
	for _, rows := range batches {
		if err := addRecords(pass1, rows, "a", "b"); err != nil {
			fmt.Println(err)
			return
		}
		pass1.DiscardRows() // the values go; the schema learnt stays
	}
	spec, _ := pass1.Spec()
	fmt.Println(spec)

	pass2, _ := structured.NewBuilder(spec)
	for _, rows := range batches {
		addRecords(pass2, rows, "a", "b")
		st, err := pass2.Finish()
		if err != nil {
			fmt.Println(err)
			return
		}
		out, _ := json.Marshal(st.ToValue())
		fmt.Println(string(out))
	}
	// Output:
	// ?var * {a: ?int64, b: ?int64}
	// [{"a":1,"b":null}]
	// [{"a":2,"b":null}]
	// [{"a":3,"b":4}]
}
