// Command notebook is the tour of tour.ipynb, the GoNB notebook beside it,
// as a plain Go program: each step (tour.go) is one code cell of the
// notebook, and the frames the notebook shows as HTML tables are printed
// here as text tables. go test runs it (main_test.go), so the tour's code
// is checked where Jupyter is absent; run.sh executes the notebook itself.
//
//	go run ./examples/notebook [-data testdata/recipes.json]
//
// With -check FILE it checks FILE, the notebook as run.sh executed it,
// against the tour instead of printing the tour (check.go).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
)

func main() {
	data := flag.String("data", "testdata/recipes.json", "JSON file of recipes to load")
	check := flag.String("check", "", "check this executed notebook against the tour instead of printing the tour")
	flag.Parse()
	if *check != "" {
		if err := checkFile(*check, *data); err != nil {
			fmt.Fprintln(os.Stderr, "notebook:", *check+":", err)
			os.Exit(1)
		}
		fmt.Println("notebook:", *check+": every cell ran, and each step printed and showed what main.go does")
		return
	}
	if err := run(os.Stdout, *data); err != nil {
		fmt.Fprintln(os.Stderr, "notebook:", err)
		os.Exit(1)
	}
}

// readRecipes reads the recipes the notebook reads.
func readRecipes(dataPath string) (*frame.Frame, error) {
	return json.ReadFile(dataPath)
}

// run prints the tour: each step's heading, what it prints, and the frames
// it shows, as text.
func run(w io.Writer, dataPath string) error {
	recipes, err := readRecipes(dataPath)
	if err != nil {
		return err
	}
	out, err := runTour(recipes)
	if err != nil {
		return err
	}
	for i, o := range out {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "== %d. %s\n", i+1, steps[i].title)
		fmt.Fprint(w, o.printed)
		for _, v := range o.shown {
			fmt.Fprintln(w, v.text())
		}
	}
	return nil
}

// checkFile checks the executed notebook at path against the tour run on
// the recipes at dataPath.
func checkFile(path, dataPath string) error {
	nb, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	recipes, err := readRecipes(dataPath)
	if err != nil {
		return err
	}
	out, err := runTour(recipes)
	if err != nil {
		return err
	}
	return checkNotebook(nb, out)
}
