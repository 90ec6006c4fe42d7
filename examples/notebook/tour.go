package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// A step is one code cell of tour.ipynb (tagged step-N), as Go code: it
// prints to w what the cell prints, and returns the frames the cell shows
// as HTML tables (gonbui.DisplayHTML(f.HTMLWith(opts...))), which this
// program prints as text tables instead.
type step struct {
	title string
	run   func(w io.Writer, recipes *frame.Frame) ([]view, error)
}

// A view is a frame a step shows, with the display options it is shown with.
type view struct {
	f    *frame.Frame
	opts []display.Option
}

// text renders v for a terminal, html for the notebook.
func (v view) text() string { return v.f.Text(v.opts...) }
func (v view) html() string { return v.f.HTMLWith(v.opts...) }

// steps are the notebook's code cells in order, after its set-up cells.
var steps = []step{
	{"the RFC's recipe as a StructuredTensor", rfcRecipe},
	{"the recipes as a Frame", showRecipes},
	{"select, filter and sort", selectFilter},
	{"explode and unnest: one row per ingredient", explodeUnnest},
	{"group by unit", groupBy},
	{"a MultiIndex", multiIndex},
	{"to gota and back", gota},
	{"the schema as a tree", schemaTree},
}

// stepOutput is what one step printed and the frames it shows.
type stepOutput struct {
	printed string
	shown   []view
}

// runTour runs every step on recipes.
func runTour(recipes *frame.Frame) ([]stepOutput, error) {
	out := make([]stepOutput, len(steps))
	for i, s := range steps {
		var b strings.Builder
		shown, err := s.run(&b, recipes)
		if err != nil {
			return nil, fmt.Errorf("step %d (%s): %w", i+1, s.title, err)
		}
		for _, v := range shown {
			if err := v.f.Err(); err != nil {
				return nil, fmt.Errorf("step %d (%s): %w", i+1, s.title, err)
			}
		}
		out[i] = stepOutput{printed: b.String(), shown: shown}
	}
	return out, nil
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
func rfcRecipe(w io.Writer, _ *frame.Frame) ([]view, error) {
	st, err := structured.FromValue(recipe)
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(w, "spec:", st.Spec())
	title, err := st.Field("recipe", "title")
	if err != nil {
		return nil, err
	}
	names, err := st.Field("recipe", "ingredients", "name")
	if err != nil {
		return nil, err
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
			return nil, err
		}
		fmt.Fprintf(w, "Index%v = %v\n", key, v.ToValue())
	}
	return nil, nil
}

// showRecipes shows the recipes read from the file.
func showRecipes(w io.Writer, recipes *frame.Frame) ([]view, error) {
	rows, cols := recipes.Shape()
	fmt.Fprintf(w, "%d recipes, %d columns: %v\n", rows, cols, recipes.Columns())
	return []view{{f: recipes}}, nil
}

// selectFilter keeps the quick recipes, with a column computed from a
// nested list, slowest first.
func selectFilter(w io.Writer, recipes *frame.Frame) ([]view, error) {
	quick := recipes.
		WithColumns(frame.Col("ingredients.name").List().Len().Alias("n_ingredients")).
		Filter(frame.Col("est_time").Lt(frame.Lit(60))).
		Select("title", "est_time", "n_ingredients", "tags").
		Sort(frame.Desc("est_time"))
	fmt.Fprintf(w, "%d recipes take less than an hour\n", quick.NumRows())
	return []view{{f: quick}}, nil
}

// ingredientRows is one row per ingredient: title, amount, unit, name.
func ingredientRows(recipes *frame.Frame) *frame.Frame {
	return recipes.
		Select("title", "ingredients").
		Explode([]string{"ingredients"}).
		Unnest("ingredients")
}

// explodeUnnest shows the ingredients of two recipes as sub-rows (the
// expanded view), then one row per ingredient.
func explodeUnnest(w io.Writer, recipes *frame.Frame) ([]view, error) {
	ingredients := ingredientRows(recipes)
	fmt.Fprintf(w, "%d recipes, %d ingredients\n", recipes.NumRows(), ingredients.NumRows())
	return []view{
		{f: recipes.Select("title", "ingredients").Head(2), opts: []display.Option{display.WithExpand(true)}},
		{f: ingredients},
	}, nil
}

// groupBy counts and sums the ingredients by unit.
func groupBy(w io.Writer, recipes *frame.Frame) ([]view, error) {
	byUnit := ingredientRows(recipes).
		GroupBy("unit").
		Agg(
			frame.Len().Alias("ingredients"),
			frame.Col("title").NUnique().Alias("recipes"),
			frame.Col("amount").Sum().Alias("total_amount"),
		).
		Sort(frame.Desc("ingredients"), frame.Asc("unit"))
	fmt.Fprintf(w, "%d units\n", byUnit.NumRows())
	return []view{{f: byUnit, opts: []display.Option{display.WithPrecision(1)}}}, nil
}

// multiIndex indexes the ingredient rows by unit and name: the tensor
// groups the rows by the outer level, and Loc selects a group.
func multiIndex(w io.Writer, recipes *frame.Frame) ([]view, error) {
	byUnit := ingredientRows(recipes).
		Sort(frame.Asc("unit"), frame.Asc("name")).
		SetIndex("unit", "name")
	fmt.Fprintln(w, "index:", byUnit.Index())
	return []view{{f: byUnit}, {f: byUnit.Loc("cup")}}, nil
}

// gota converts the ingredient rows to a gota DataFrame and back.
func gota(w io.Writer, recipes *frame.Frame) ([]view, error) {
	ingredients := ingredientRows(recipes).Head(5)
	df, err := ingredients.ToGota()
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(w, df)
	back := frame.FromGota(df, frame.GotaSchema(ingredients.Schema()))
	a, err := back.Data()
	if err != nil {
		return nil, err
	}
	b, err := ingredients.Data()
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(w, "back from gota, equal:", a.Equal(b))
	return nil, nil
}

// schemaTree prints the recipes' schema as a tree.
func schemaTree(w io.Writer, recipes *frame.Frame) ([]view, error) {
	fmt.Fprintln(w, recipes.SchemaTree())
	return nil, recipes.Err()
}
