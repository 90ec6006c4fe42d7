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
