package lazy_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/lazy"
)

// A query over a CSV file: nothing is read until Collect, and then only
// the columns the query uses.
func Example() {
	dir, _ := os.MkdirTemp("", "lazy")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "weather.csv")
	os.WriteFile(path, []byte("city,temp,wind,note\nOslo,3,12,cold\nRome,18,4,sunny\nOslo,5,9,rain\nRome,21,3,hot\n"), 0o644)

	ctx := context.Background()
	q := csv.Scan(path).
		Filter(frame.Col("temp").Gt(frame.Lit(int64(4)))).
		GroupBy("city").Agg(frame.Col("temp").Mean().Alias("mean_temp")).
		Sort(frame.Asc("city"))
	plan, err := q.Explain(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(strings.ReplaceAll(plan, dir, "DIR"))
	out, err := q.Collect(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output:
	// SORT col(city) asc nulls last
	//   GROUP_BY city AGG col(temp).mean().alias("mean_temp")
	//     FILTER col(temp).gt(lit(4))
	//       SCAN
	//         csv DIR/weather.csv
	//         columns: city, temp
	//         filter: col(temp).gt(lit(4))
	// shape: (2, 2)
	// ┌───┬──────┬───────────┐
	// │   │ city │ mean_temp │
	// │   │ str  │       f64 │
	// ╞═══╪══════╪═══════════╡
	// │ 0 │ Oslo │       5.0 │
	// │ 1 │ Rome │      19.5 │
	// └───┴──────┴───────────┘
}

// A query over a frame in memory (Polars' df.lazy()), streamed in
// batches: Head stops the reading once it has its rows.
func ExampleFrame_Stream() {
	f := frame.FromColumns([]string{"n"}, []int64{1, 2, 3, 4, 5})
	q := lazy.From(f).WithColumns(frame.Col("n").Mul(frame.Lit(int64(10))).Alias("tens")).Head(2)
	for batch, err := range q.Stream(context.Background()) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(batch.NumRows(), batch.Columns())
	}
	// Output:
	// 2 [n tens]
}

// A sort past its memory limit: the batches are sorted into runs on
// disk and merged; the answer is the in-memory sort's.
func ExampleWithMemoryLimit() {
	parts := []*frame.Frame{
		frame.FromColumns([]string{"city", "temp"}, []string{"Rome", "Oslo"}, []int64{18, 3}),
		frame.FromColumns([]string{"city", "temp"}, []string{"Lima", "Oslo"}, []int64{19, 5}),
		frame.FromColumns([]string{"city", "temp"}, []string{"Rome", "Lima"}, []int64{21, 17}),
	}
	q := lazy.From(parts[0]).Concat(lazy.From(parts[1]), lazy.From(parts[2])). // read batch by batch
											Sort(frame.Asc("city"), frame.Desc("temp"))
	var stats lazy.Stats
	out, err := q.Collect(context.Background(), lazy.WithMemoryLimit(1), lazy.WithStats(&stats))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	fmt.Println("runs on disk:", stats.SpillFiles.Load())
	// Output:
	// shape: (6, 2)
	// ┌───┬──────┬──────┐
	// │   │ city │ temp │
	// │   │ str  │  i64 │
	// ╞═══╪══════╪══════╡
	// │ 0 │ Lima │   19 │
	// │ 1 │ Lima │   17 │
	// │ 2 │ Oslo │    5 │
	// │ 3 │ Oslo │    3 │
	// │ 4 │ Rome │   21 │
	// │ 5 │ Rome │   18 │
	// └───┴──────┴──────┘
	// runs on disk: 3
}

// A frame joined to its own group-by: the file is read once, for the
// columns both sides use, and the CACHE feeds both.
func ExampleFrame_Join_commonSubplan() {
	dir, _ := os.MkdirTemp("", "lazy")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "weather.csv")
	os.WriteFile(path, []byte("city,temp,wind,note\nOslo,3,12,cold\nRome,18,4,sunny\nOslo,5,9,rain\nRome,21,3,hot\n"), 0o644)

	ctx := context.Background()
	days := csv.Scan(path)
	q := days.Join(days.GroupBy("city").Agg(frame.Col("temp").Mean().Alias("mean")), frame.On("city"), frame.Inner).
		Filter(frame.Col("temp").Gt(frame.Col("mean"))).
		Select("city", "temp")
	plan, _ := q.Explain(ctx)
	fmt.Print(strings.ReplaceAll(plan, dir, "DIR"))
	out, err := q.Collect(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output:
	// SELECT city, temp
	//   FILTER col(temp).gt(col(mean))
	//     JOIN inner, hash table on the right side
	//       CACHE #1, computed once for 2 uses
	//         SCAN
	//           csv DIR/weather.csv
	//           columns: city, temp
	//       GROUP_BY city AGG col(temp).mean().alias("mean")
	//         CACHE #1 (above)
	// shape: (2, 2)
	// ┌───┬──────┬──────┐
	// │   │ city │ temp │
	// │   │ str  │  i64 │
	// ╞═══╪══════╪══════╡
	// │ 0 │ Oslo │    5 │
	// │ 1 │ Rome │   21 │
	// └───┴──────┴──────┘
}
