package display

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// The tables the tests print, each built the way its users build it.

// The RFC's recipe document, a scalar StructuredTensor (one row).
type rfcIngredient struct {
	Amount float64 `structframe:"amount" json:"amount"`
	Unit   string  `structframe:"unit" json:"unit"`
	Name   string  `structframe:"name" json:"name"`
}

type rfcStep struct {
	Description string `structframe:"description" json:"description"`
}

type rfcRating struct {
	UserEmbedding []float64 `structframe:"user_embedding" json:"user_embedding"`
	Score         float64   `structframe:"score" json:"score"`
}

type rfcRecipe struct {
	Title       string          `structframe:"title"`
	EstTime     float64         `structframe:"est_time"`
	Ingredients []rfcIngredient `structframe:"ingredients"`
	Step        []rfcStep       `structframe:"step"`
	UserRating  []rfcRating     `structframe:"user_rating"`
}

type rfcDoc struct {
	UserEmbedding []float64 `structframe:"user_embedding"`
	Recipe        rfcRecipe `structframe:"recipe"`
}

func rfcRecipeTensor(tb testing.TB) *structured.Tensor {
	doc := rfcDoc{
		UserEmbedding: []float64{0.8, 2.1, 0.3, 0.1, 9.2, 1.8},
		Recipe: rfcRecipe{
			Title:   "Snickerdoodle cookies",
			EstTime: 55.0,
			Ingredients: []rfcIngredient{
				{3.0, "cup", "flour"}, {1.0, "cup", "white sugar"}, {0.5, "cup", "brown sugar"},
				{1.0, "cup", "butter"}, {1.0, "teaspoon", "cinnamon"}, {2.0, "teaspoon", "cream of tartar"},
			},
			Step: []rfcStep{
				{"Preheat oven to 350 degrees F."},
				{"Whisk together the flour, cinnamon, baking soda, salt, ..."},
				{"Using an electric mixer, cream together the butter and sugar ..."},
				{"Add the dry ingredients to the wet ingredients and mix until ..."},
			},
			UserRating: []rfcRating{
				{[]float64{0.7, 2.0, 0.3, 0.3, 5.2, 2.2}, 0.8},
				{[]float64{1.4, 0.0, 3.1, 1.1, 1.2, 0.3}, 0.4},
			},
		},
	}
	return structured.Must(structured.FromValue(doc))
}

// The sample recipes of the repository's testdata, read into Go structs
// so that the columns keep the file's order.
type sampleRecipe struct {
	Title       string          `structframe:"title" json:"title"`
	EstTime     float64         `structframe:"est_time" json:"est_time"`
	Ingredients []rfcIngredient `structframe:"ingredients" json:"ingredients"`
	Steps       []rfcStep       `structframe:"steps" json:"steps"`
	UserRating  []rfcRating     `structframe:"user_rating" json:"user_rating"`
	Tags        []string        `structframe:"tags" json:"tags"`
}

func sampleRecipes(tb testing.TB) *structured.Tensor {
	f, err := os.Open("../testdata/recipes_sample.ndjson")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var rows []sampleRecipe
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r sampleRecipe
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			tb.Fatal(err)
		}
		rows = append(rows, r)
	}
	return structured.Must(structured.FromValue(rows))
}

// The API reference's three people.
func people(tb testing.TB) *structured.Tensor {
	return structured.Must(structured.FromValue([]any{
		map[string]any{"age": int64(12), "nicknames": []any{"Josaphine"}},
		map[string]any{"age": int64(82), "nicknames": []any{"Bob", "Bobby"}},
		map[string]any{"age": int64(42), "nicknames": []any{"Elmo"}},
	}))
}

// The anchor study's three records (shared/research/anchors.md), with
// the columns in the study's order.
type anchorAddr struct {
	City string  `structframe:"city"`
	Zip  *string `structframe:"zip"`
}

type anchorOrder struct {
	Sku string `structframe:"sku"`
	Qty int64  `structframe:"qty"`
}

type anchorRow struct {
	ID     int64         `structframe:"id"`
	Name   *string       `structframe:"name"`
	Addr   *anchorAddr   `structframe:"addr"`
	Tags   []string      `structframe:"tags"`
	Orders []anchorOrder `structframe:"orders"`
}

func anchor(tb testing.TB) *structured.Tensor {
	s := func(v string) *string { return &v }
	rows := []anchorRow{
		{1, s("ann"), &anchorAddr{"Oslo", s("0150")}, []string{"a", "b", "c", "d", "e"}, []anchorOrder{{"x1", 2}, {"y9", 1}}},
		{2, s("bob"), &anchorAddr{"Rome", nil}, []string{}, []anchorOrder{}},
		{3, nil, nil, nil, []anchorOrder{{"z3", 5}}},
	}
	return structured.Must(structured.FromValue(rows))
}

// wide is a rows x cols frame of floats, cell (i, j) = i*cols + j, as
// Polars' truncation example.
func wide(tb testing.TB, rows, cols int) *structured.Tensor {
	fields := make([]structured.FieldValue, cols)
	for j := range cols {
		b := array.NewFloat64Builder(memory.DefaultAllocator)
		for i := range rows {
			b.Append(float64(i*cols + j))
		}
		arr := b.NewFloat64Array()
		fields[j] = structured.FieldValue{Name: "c" + itoa(j), Value: structured.Must(structured.NewDense(arr))}
		arr.Release()
	}
	return structured.Must(structured.FromFields(fields, 1))
}

func fromJSON(tb testing.TB, text string, opts ...structured.Option) *structured.Tensor {
	tb.Helper()
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		tb.Fatal(err)
	}
	return structured.Must(structured.FromValue(v, opts...))
}

// deep3 has a list of lists of structures holding a list.
func deep3(tb testing.TB) *structured.Tensor {
	return fromJSON(tb, `[
		{"id": 1, "grid": [[{"x": 1, "tags": ["a", "b"]}, {"x": 2, "tags": []}], [], [{"x": 3, "tags": null}]]},
		{"id": 2, "grid": []},
		{"id": 3, "grid": null},
		{"id": 4, "grid": [[{"x": 4, "tags": ["c"]}], [{"x": 5, "tags": ["d", "e", "f", "g", "h", "i"]}, {"x": 6, "tags": ["j"]}, {"x": 7, "tags": []}, {"x": 8, "tags": []}, {"x": 9, "tags": []}]]}
	]`)
}

// maps has a map column (keys are data: languages) and a list of maps.
func maps(tb testing.TB) *structured.Tensor {
	return fromJSON(tb, `[
		{"word": "hello", "tr": {"fr": "bonjour", "de": "hallo"}, "counts": [{"a": 1}, {"b": 2, "c": 3}]},
		{"word": "cat", "tr": {"es": "gato", "it": "gatto", "pt": "gato", "nl": "kat", "sv": "katt", "fi": "kissa"}, "counts": []},
		{"word": "void", "tr": {}, "counts": [{}]},
		{"word": "none", "tr": null, "counts": null}
	]`, structured.WithMapThreshold(2))
}

func cjk(tb testing.TB) *structured.Tensor {
	return fromJSON(tb, `[
		{"city": "東京", "note": "首都であり最大の都市です。人口は約一千四百万人。", "emoji": "👩‍💻 dev", "mark": "cafe\u0301"},
		{"city": "서울", "note": "한국의 수도", "emoji": "🇯🇵", "mark": "naïve"},
		{"city": "Zürich", "note": "plain ascii text that is longer than thirty cells", "emoji": "ok", "mark": "e\u0301e\u0301e\u0301"}
	]`)
}

func nullsEmpties(tb testing.TB) *structured.Tensor {
	return fromJSON(tb, `[
		{"s": "", "l": [], "st": {"a": null, "b": null}, "one": {"a": null}, "lst": [], "m": {}},
		{"s": null, "l": null, "st": null, "one": null, "lst": null, "m": null},
		{"s": "x", "l": [null, 2], "st": {"a": 1, "b": "y"}, "one": {"a": 1}, "lst": [null, {"a": null}], "m": {"k1": null, "k2": 3, "k3": 4}}
	]`, structured.WithMapThreshold(2))
}

// multi is temperatures under a (city, year) MultiIndex.
func multi(tb testing.TB) (*structured.Tensor, index.Index) {
	city := structured.Must(structured.ValueOf([]any{"paris", "paris", "paris", "rome", "rome", nil, "oslo", "oslo", "oslo", "oslo"}))
	year := structured.Must(structured.ValueOf([]int64{2022, 2023, 2024, 2023, 2024, 2024, 2020, 2021, 2022, 2023}))
	m := structured.Must(index.MultiFromLevels([]string{"city", "year"}, city, year))
	data := fromJSON(tb, `[{"temp": 11.5}, {"temp": 12.0}, {"temp": 12.25}, {"temp": 17.5}, {"temp": 18.0},
		{"temp": 9.0}, {"temp": 5.5}, {"temp": 6.0}, {"temp": 6.125}, {"temp": 7.0}]`)
	return data, m
}

// wideNested has cols structure columns of sub float fields each: a
// table far wider than any line, its structures open under headers.
func wideNested(tb testing.TB, rows, cols, sub int) *structured.Tensor {
	fields := make([]structured.FieldValue, cols)
	for j := range cols {
		inner := make([]structured.FieldValue, sub)
		for k := range sub {
			b := array.NewFloat64Builder(memory.DefaultAllocator)
			for i := range rows {
				b.Append(float64(i*cols*sub + j*sub + k))
			}
			arr := b.NewFloat64Array()
			inner[k] = structured.FieldValue{Name: "f" + itoa(k), Value: structured.Must(structured.NewDense(arr))}
			arr.Release()
		}
		fields[j] = structured.FieldValue{Name: "s" + itoa(j), Value: structured.Must(structured.FromFields(inner, 1))}
	}
	return structured.Must(structured.FromFields(fields, 1))
}
