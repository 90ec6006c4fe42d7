package json_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
)

// A scan plans with the schema of the file's first rows and reads the
// rows against it, once. Here the sample is 2 rows: the third row's
// "rating" is a float where the sample held integers, so the query runs
// again on the whole file's schema, and the answer is the one a read of
// the whole file gives.
func ExampleWithInferSchemaLength() {
	dir, err := os.MkdirTemp("", "scan")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "reviews.ndjson")
	in := `{"user": "ada", "rating": 4, "text": "good"}
{"user": "bob", "rating": 5, "text": "great"}
{"user": "cy", "rating": 3.5, "text": "fine"}
`
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	q := json.Scan(path, json.WithInferSchemaLength(2)).
		Filter(frame.Col("rating").Ge(frame.Lit(4.0))).
		Select("user", "rating")
	plan, err := q.Explain(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.Contains(plan, "schema: the first 2 rows'"))
	f, err := q.Collect(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	fmt.Println(f.NumRows())
	// Output:
	// true
	// 2 * {user: string, rating: float64}
	// 2
}
