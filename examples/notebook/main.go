// Command notebook is the tour of tour.ipynb, the GoNB notebook beside it,
// as a plain Go program: each step (tour.go) is one code cell of the
// notebook, and the frames the notebook shows as HTML tables are printed
// here as text tables. go test runs it (main_test.go), so the tour's code
// is checked where Jupyter is absent; run.sh executes the notebook itself.
//
//	go run ./examples/notebook [-data FILE]
//
// Without -data it reads the repository's testdata/recipes.json, found
// from its source file, so that it runs from any directory.
//
// With -check FILE it checks FILE, the notebook as run.sh executed it,
// against the tour instead of printing the tour (check.go).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
)

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "notebook:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments, and where it prints.
func mainRun(args []string, w io.Writer) error {
	fl := flag.NewFlagSet("notebook", flag.ContinueOnError)
	data := fl.String("data", "", "JSON file of recipes to load (default: the repository's testdata/recipes.json)")
	check := fl.String("check", "", "check this executed notebook against the tour instead of printing the tour")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		*data = repoFile("testdata/recipes.json")
	}
	if *check != "" {
		if err := checkFile(*check, *data); err != nil {
			return fmt.Errorf("%s: %w", *check, err)
		}
		fmt.Fprintln(w, "notebook:", *check+": every cell ran, and each step printed and showed what main.go does")
		return nil
	}
	return run(w, *data)
}

// repoFile is the path of a file of the repository, found from this
// source file, so that the example runs from any directory.
func repoFile(name string) string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "..", name)
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
