// Command recipes walks through the StructuredTensor RFC's recipe example:
// it builds a StructuredTensor from nested Go values, reads fields and
// paths, indexes it with ints, slices and field names, converts a nested
// table to Arrow and back, and loads a batch of recipes from NDJSON.
//
//	go run ./examples/recipes [-data FILE]
//
// Without -data it reads the repository's testdata/recipes_sample.ndjson,
// found from its source file, so that it runs from any directory.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// recipe is the RFC's example structure: a user embedding and one recipe
// with lists of ingredients, steps and user ratings.
var recipe = map[string]any{
	"user_embedding": []any{0.8, 2.1, 0.3, 0.1, 9.2, 1.8},
	"recipe": map[string]any{
		"title":    "Snickerdoodle cookies",
		"est_time": 55.0,
		"ingredients": []any{
			map[string]any{"amount": 3.0, "unit": "cup", "name": "flour"},
			map[string]any{"amount": 1.0, "unit": "cup", "name": "white sugar"},
			map[string]any{"amount": 0.5, "unit": "cup", "name": "brown sugar"},
			map[string]any{"amount": 1.0, "unit": "cup", "name": "butter"},
			map[string]any{"amount": 1.0, "unit": "teaspoon", "name": "cinnamon"},
			map[string]any{"amount": 2.0, "unit": "teaspoon", "name": "cream of tartar"},
		},
		"step": []any{
			map[string]any{"description": "Preheat oven to 350 degrees F."},
			map[string]any{"description": "Whisk together the flour, cinnamon, baking soda, salt."},
			map[string]any{"description": "Using an electric mixer, cream together the butter and sugar."},
			map[string]any{"description": "Add the dry ingredients to the wet ingredients and mix."},
		},
		"user_rating": []any{
			map[string]any{"user_embedding": []any{0.7, 2.0, 0.3, 0.3, 5.2, 2.2}, "score": 0.8},
			map[string]any{"user_embedding": []any{1.4, 0.0, 3.1, 1.1, 1.2, 0.3}, "score": 0.4},
		},
	},
}

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "recipes:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments, and where it prints.
func mainRun(args []string, w io.Writer) error {
	fl := flag.NewFlagSet("recipes", flag.ContinueOnError)
	data := fl.String("data", "", "NDJSON file of recipes to load (default: the repository's testdata/recipes_sample.ndjson)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		*data = repoFile("testdata/recipes_sample.ndjson")
	}
	return run(w, *data)
}

// repoFile is the path of a file of the repository, found from this
// source file, so that the example runs from any directory.
func repoFile(name string) string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "..", name)
}

func run(w io.Writer, dataPath string) error {
	// 1. Build: a map is a scalar (rank-0) StructuredTensor; lists of maps
	// inside it become nested rank-1 StructuredTensors.
	st, err := structured.FromValue(recipe)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "== the recipe as a StructuredTensor")
	fmt.Fprintln(w, st)

	// 2. Fields and paths. Values are field-major: the path
	// recipe.ingredients.name holds the names of all ingredients at once.
	fmt.Fprintln(w, "\n== fields and paths")
	for _, path := range [][]string{
		{"recipe", "title"},
		{"recipe", "ingredients", "name"},
		{"recipe", "user_rating", "score"},
		{"user_embedding"},
	} {
		v, err := st.Field(path...)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%v: %v\n", path, v)
	}
	amounts, err := st.Field("recipe", "ingredients", "amount")
	if err != nil {
		return err
	}
	vals, err := amounts.(*structured.Dense).Float64s() // shares Arrow's buffer
	if err != nil {
		return err
	}
	total := 0.0
	for _, a := range vals {
		total += a
	}
	fmt.Fprintf(w, "total amount of all ingredients: %g\n", total)

	// 3. Indexing: ints, negative ints, slices and field names mixed.
	fmt.Fprintln(w, "\n== indexing")
	for _, key := range [][]any{
		{"recipe", "ingredients", 0, "name"},
		{"recipe", "ingredients", -1, "name"},
		{"recipe", "ingredients", structured.All, "name"},
		{"recipe", "ingredients", structured.S("::2"), "unit"},
		{"recipe", "user_rating", structured.All, "user_embedding", structured.S("::2")},
	} {
		v, err := st.Index(key...)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "st%v = %v\n", formatKey(key), v.ToValue())
	}

	// 4. Arrow: the ingredients are a table; it converts to a record batch
	// whose buffers are the tensor's own, and back.
	fmt.Fprintln(w, "\n== Arrow round trip of the ingredients table")
	ingredients, err := st.Field("recipe", "ingredients")
	if err != nil {
		return err
	}
	table := ingredients.(*structured.Tensor)
	rec, err := table.ToRecordBatch()
	if err != nil {
		return err
	}
	defer rec.Release()
	fmt.Fprint(w, rec.Schema())
	fmt.Fprintf(w, "\nrows: %d\n", rec.NumRows())
	back, err := structured.FromRecordBatch(rec)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "equal after the round trip:", back.Equal(table))

	// 5. A batch of recipes from NDJSON: a rank-1 StructuredTensor, a table.
	fmt.Fprintln(w, "\n== a batch of recipes from", filepath.Base(dataPath))
	records, err := readNDJSON(dataPath)
	if err != nil {
		return err
	}
	batch, err := structured.FromValue(records)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "shape:", batch.Shape(), "fields:", batch.FieldNames())
	for _, path := range [][]string{{"ingredients"}, {"ingredients", "name"}, {"user_rating", "user_embedding"}} {
		v, err := batch.Field(path...)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%v: shape %v\n", path, v.Shape())
	}
	first, err := batch.Index(0, "ingredients", structured.All, "name")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "ingredients of recipe 0:", first.ToValue())
	batchRec, err := batch.ToRecordBatch()
	if err != nil {
		return err
	}
	defer batchRec.Release()
	fmt.Fprint(w, "Arrow schema of the batch:\n", batchRec.Schema())

	// Promote (the RFC's path-based manipulation): copy the ingredient
	// names up to each recipe as a ragged list field, then print the batch
	// as a frame, as the terminal shows it.
	promoted, err := batch.Promote([]string{"ingredients", "name"}, "ingredient_names")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== promoted ingredients.name to ingredient_names, printed as a frame")
	fmt.Fprintln(w, frame.FromTensor(promoted).Select("title", "est_time", "ingredient_names", "user_rating").
		Text(display.WithMaxRows(6), display.WithWidth(120)))

	// 6. The schema as a type string, and back to Go structs.
	fmt.Fprintln(w, "\n\n== the schema of the batch, and Go structs")
	fmt.Fprintln(w, batch.Spec())
	var recipes []Recipe
	if err := batch.ToGo(&recipes); err != nil {
		return err
	}
	r := recipes[0]
	fmt.Fprintf(w, "%d recipes; the first: %q, %.1f minutes, %d ingredients (first %+v), tags %q\n",
		len(recipes), r.Title, r.EstTime, len(r.Ingredients), r.Ingredients[0], r.Tags)
	return nil
}

// Recipe and Ingredient receive rows of the batch through ToGo; fields
// match by structframe tag or by name, case-insensitively.
type Recipe struct {
	Title       string
	EstTime     float64 `structframe:"est_time"`
	Ingredients []Ingredient
	Tags        []string
}

// Ingredient is one element of a recipe's ingredients list.
type Ingredient struct {
	Amount float64
	Unit   string
	Name   string
}

// readNDJSON decodes one JSON value per line.
func readNDJSON(path string) ([]any, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []any
	dec := json.NewDecoder(bufio.NewReader(f))
	for line := 1; ; line++ {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, fmt.Errorf("%s: record %d: %w", path, line, err)
		}
		out = append(out, v)
	}
}

// formatKey renders an index key the way Python would write it.
func formatKey(key []any) string {
	s := "["
	for i, k := range key {
		if i > 0 {
			s += ", "
		}
		switch k := k.(type) {
		case string:
			s += fmt.Sprintf("%q", k)
		default:
			s += fmt.Sprint(k)
		}
	}
	return s + "]"
}
