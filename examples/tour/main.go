// Command tour is the README's tour: nested JSON read into a frame,
// filtered with a textual expression, a list column exploded and grouped,
// and printed as the terminal shows it. The README holds its code and its
// output; the test checks both against this file.
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tour:", err)
		os.Exit(1)
	}
}

// repoFile is a file of the repository, wherever the example runs from.
func repoFile(name string) string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "..", name)
}

func run(w io.Writer) error {
	display.SetDefaults(display.WithWidth(76))
	// tour:begin
	df, err := json.ReadFile(repoFile("testdata/recipes.json")) // 10 nested recipes
	if err != nil {
		return err
	}
	quick := df.Filter(frame.MustParseExpr("recipe.est_time <= 45 and vegetarian")).
		WithColumns(frame.Col("ingredients").List().Len().Alias("items")).
		Select("recipe", "items", "tags")
	fmt.Fprintln(w, quick)

	units := df.Explode([]string{"ingredients"}).Unnest("ingredients").
		GroupBy("unit").
		Agg(frame.Col("name").Count().Alias("n"), frame.Col("name").Implode().Alias("names")).
		Sort(frame.Desc("n")).Head(4)
	fmt.Fprintln(w, units)
	// tour:end
	return units.Err()
}
