package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/gota"
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
	{"group by tag", groupBy},
	{"a MultiIndex", multiIndex},
	{"to gota and back", gotaRoundTrip},
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
	rows, cols := recipes.NumRows(), recipes.NumColumns()
	fmt.Fprintf(w, "%d recipes, %d columns: %v\n", rows, cols, recipes.Columns())
	return []view{{f: recipes}}, nil
}

// selectFilter keeps the quick vegetarian recipes, with columns computed
// from nested lists, best rated first.
func selectFilter(w io.Writer, recipes *frame.Frame) ([]view, error) {
	quick := recipes.
		WithColumns(
			frame.Col("ingredients.name").List().Len().Alias("n_ingredients"),
			frame.Col("ratings.score").List().Mean().Alias("mean_score"),
		).
		Filter(frame.Col("vegetarian").And(frame.Col("recipe.est_time").Lt(frame.Lit(60)))).
		Select("recipe.title", "recipe.est_time", "n_ingredients", "mean_score").
		Sort(frame.Desc("mean_score"))
	fmt.Fprintf(w, "%d vegetarian recipes take less than an hour\n", quick.NumRows())
	return []view{{f: quick}}, nil
}

// ingredientRows is one row per ingredient: the recipe's title, then the
// ingredient's name, amount and unit.
func ingredientRows(recipes *frame.Frame) *frame.Frame {
	return recipes.
		Select("recipe.title", "ingredients").
		Explode([]string{"ingredients"}).
		Unnest("ingredients")
}

// explodeUnnest shows the ingredients of two recipes as sub-rows (the
// expanded view), then one row per ingredient.
func explodeUnnest(w io.Writer, recipes *frame.Frame) ([]view, error) {
	ingredients := ingredientRows(recipes)
	fmt.Fprintf(w, "%d recipes, %d ingredients\n", recipes.NumRows(), ingredients.NumRows())
	return []view{
		{f: recipes.Select("recipe.title", "ingredients").Head(2), opts: []display.Option{display.WithExpand(true)}},
		{f: ingredients},
	}, nil
}

// groupBy gathers the recipes by tag: a recipe with two tags is in two
// groups, one without tags in none.
func groupBy(w io.Writer, recipes *frame.Frame) ([]view, error) {
	byTag := recipes.
		Explode([]string{"tags"}, frame.WithEmptyAs(frame.ExplodeDrop)).
		GroupBy("tags").
		Agg(
			frame.Len().Alias("recipes"),
			frame.Col("recipe.est_time").Mean().Alias("mean_time"),
			frame.Col("recipe.title").Implode().Alias("titles"),
		).
		Sort(frame.Desc("recipes"), frame.Asc("tags"))
	fmt.Fprintf(w, "%d tags\n", byTag.NumRows())
	return []view{{f: byTag, opts: []display.Option{display.WithPrecision(1)}}}, nil
}

// multiIndex indexes the ratings by user and recipe: the tensor groups
// the ratings by user, and Loc selects one user's.
func multiIndex(w io.Writer, recipes *frame.Frame) ([]view, error) {
	ratings := recipes.
		Select("recipe.title", "ratings").
		Explode([]string{"ratings"}, frame.WithEmptyAs(frame.ExplodeDrop)).
		Unnest("ratings").
		Sort(frame.Asc("user")).
		SetIndex("user", "recipe.title")
	fmt.Fprintln(w, "index:", ratings.Index())
	return []view{{f: ratings}, {f: ratings.Loc("ana")}}, nil
}

// gotaRoundTrip writes two recipes and their ingredients to a flat gota
// DataFrame, one row per ingredient, and reads the nested frame back from
// it.
func gotaRoundTrip(w io.Writer, recipes *frame.Frame) ([]view, error) {
	nested := recipes.Select("id", "recipe.title", "ingredients").Head(2)
	df, err := gota.ToDataFrame(nested, gota.WithExplode("ingredients"))
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(w, df)
	back, err := gota.FromDataFrame(df, gota.WithSchema(nested.Schema()), gota.WithExplode("ingredients"))
	if err != nil {
		return nil, err
	}
	a, err := back.Data()
	if err != nil {
		return nil, err
	}
	b, err := nested.Data()
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
