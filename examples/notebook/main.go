// Command notebook is the tour of tour.ipynb, the GoNB notebook beside it,
// as a plain Go program: each step below is one code cell of the notebook,
// printed to the terminal instead of shown in the notebook. go test runs it
// (main_test.go), so the tour's code is checked where Jupyter is absent;
// run.sh executes the notebook itself and checks its outputs.
//
//	go run ./examples/notebook [-data testdata/recipes_sample.ndjson]
//
// With -check FILE it prints nothing of the tour but checks FILE, the
// notebook as run.sh executed it, against it (check.go).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

func main() {
	data := flag.String("data", "testdata/recipes_sample.ndjson", "NDJSON file of recipes to load")
	check := flag.String("check", "", "check this executed notebook against the tour instead of printing the tour")
	flag.Parse()
	if *check != "" {
		if err := checkFile(*check, *data); err != nil {
			fmt.Fprintln(os.Stderr, "notebook:", *check+":", err)
			os.Exit(1)
		}
		fmt.Println("notebook:", *check+": every cell ran, and each step printed what main.go prints")
		return
	}
	if err := run(os.Stdout, *data); err != nil {
		fmt.Fprintln(os.Stderr, "notebook:", err)
		os.Exit(1)
	}
}

// checkFile checks the executed notebook at path against the tour run on
// the recipes at dataPath.
func checkFile(path, dataPath string) error {
	nb, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var tour strings.Builder
	if err := run(&tour, dataPath); err != nil {
		return err
	}
	return checkNotebook(nb, tour.String(), len(steps))
}

// steps are the notebook's code cells in order, after its set-up cell.
var steps = []struct {
	title string
	run   func(w io.Writer, recipes *frame.Frame) error
}{
	{"the RFC's recipe as a StructuredTensor", rfcRecipe},
	{"the recipes as a Frame", show},
	{"select, filter and sort", selectFilter},
	{"explode and unnest: one row per ingredient", explodeUnnest},
	{"group by unit", groupBy},
	{"a MultiIndex", multiIndex},
	{"to gota and back", gota},
	{"the schema as a tree", schemaTree},
}

func run(w io.Writer, dataPath string) error {
	recipes, err := json.ReadFile(dataPath)
	if err != nil {
		return err
	}
	for i, s := range steps {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "== %d. %s\n", i+1, s.title)
		if err := s.run(w, recipes); err != nil {
			return fmt.Errorf("step %d (%s): %w", i+1, s.title, err)
		}
	}
	return nil
}

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

// rfcRecipe builds the RFC's recipe, reads fields by path and indexes it
// with ints, slices and field names mixed.
func rfcRecipe(w io.Writer, _ *frame.Frame) error {
	st, err := structured.FromValue(recipe)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "spec:", st.Spec())
	title, err := st.Field("recipe", "title")
	if err != nil {
		return err
	}
	names, err := st.Field("recipe", "ingredients", "name")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "recipe.title:", title)
	fmt.Fprintln(w, "recipe.ingredients.name:", names)
	for _, key := range [][]any{
		{"recipe", "ingredients", -1, "name"},
		{"recipe", "ingredients", structured.S("::2"), "unit"},
		{"recipe", "user_rating", structured.All, "score"},
	} {
		v, err := st.Index(key...)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "Index%v = %v\n", key, v.ToValue())
	}
	return nil
}

// show prints the recipes read from the file.
func show(w io.Writer, recipes *frame.Frame) error {
	rows, cols := recipes.Shape()
	fmt.Fprintf(w, "%d recipes, %d columns: %v\n", rows, cols, recipes.Columns())
	fmt.Fprintln(w, recipes.Head(3))
	return recipes.Err()
}

// selectFilter keeps the quick recipes, with a column computed from a
// nested list, slowest first.
func selectFilter(w io.Writer, recipes *frame.Frame) error {
	quick := recipes.
		WithColumns(frame.Col("ingredients.name").List().Len().Alias("n_ingredients")).
		Filter(frame.Col("est_time").Lt(frame.Lit(60))).
		Select("title", "est_time", "n_ingredients", "tags").
		Sort(frame.Desc("est_time"))
	fmt.Fprintln(w, quick)
	return quick.Err()
}

// explodeUnnest turns the list of ingredient structures into one row per
// ingredient, its fields as columns.
func explodeUnnest(w io.Writer, recipes *frame.Frame) error {
	ingredients := ingredientRows(recipes)
	fmt.Fprintln(w, ingredients)
	return ingredients.Err()
}

// ingredientRows is one row per ingredient: title, name, amount, unit.
func ingredientRows(recipes *frame.Frame) *frame.Frame {
	return recipes.
		Select("title", "ingredients").
		Explode([]string{"ingredients"}).
		Unnest("ingredients")
}

// groupBy counts and sums the ingredients by unit.
func groupBy(w io.Writer, recipes *frame.Frame) error {
	byUnit := ingredientRows(recipes).
		GroupBy("unit").
		Agg(
			frame.Len().Alias("ingredients"),
			frame.Col("title").NUnique().Alias("recipes"),
			frame.Col("amount").Sum().Alias("total_amount"),
		).
		Sort(frame.Desc("ingredients"), frame.Asc("unit"))
	fmt.Fprintln(w, byUnit)
	return byUnit.Err()
}

// multiIndex indexes the ingredient rows by unit and name: the tensor
// groups the rows by the outer level.
func multiIndex(w io.Writer, recipes *frame.Frame) error {
	byUnit := ingredientRows(recipes).
		Sort(frame.Asc("unit"), frame.Asc("name")).
		SetIndex("unit", "name")
	if err := byUnit.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "index:", byUnit.Index())
	cups := byUnit.Loc("cup")
	fmt.Fprintln(w, `Loc("cup"):`)
	fmt.Fprintln(w, cups.Head(5))
	return cups.Err()
}

// gota converts the ingredient rows to a gota DataFrame and back.
func gota(w io.Writer, recipes *frame.Frame) error {
	ingredients := ingredientRows(recipes).Head(5)
	df, err := ingredients.ToGota()
	if err != nil {
		return err
	}
	fmt.Fprintln(w, df)
	back := frame.FromGota(df, frame.GotaSchema(ingredients.Schema()))
	a, err := back.Data()
	if err != nil {
		return err
	}
	b, err := ingredients.Data()
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "back from gota, equal:", a.Equal(b))
	return nil
}

// schemaTree prints the recipes' schema as a tree.
func schemaTree(w io.Writer, recipes *frame.Frame) error {
	fmt.Fprintln(w, recipes.Schema().Tree())
	return recipes.Err()
}
