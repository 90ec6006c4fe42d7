package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/io/ipc"
	sjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// binary is the command, built once into the directory TestMain makes,
// by the first test that runs it (fuzzing workers, which run none, do not
// build it).
var (
	binary    string
	buildOnce sync.Once
	buildErr  error
)

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "structframe-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "structframe")
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildBinary builds the command once.
func buildBinary(t *testing.T) {
	t.Helper()
	buildOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("building structframe: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
}

// result is what one run of the binary did.
type result struct {
	stdout, stderr string
	code           int
}

// runBinary runs the built command in dir with args and stdin.
func runBinary(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	buildBinary(t)
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "COLUMNS=") // tables at 80 cells, as through a pipe
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

// golden compares got with testdata/name.golden (rewritten by -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s; got:\n%s", path, got)
	}
}

// TestVerbs runs each verb on the bundled recipes and compares the whole
// output, status included, with a golden file per case.
func TestVerbs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"noargs", "", nil},
		{"help", "", []string{"--help"}},
		{"show", "", []string{"show", "recipes.json"}},
		{"file_only", "", []string{"recipes.json"}},
		{"head", "", []string{"head", "-n", "3", "recipes.json"}},
		{"head_default", "", []string{"recipes.json", "head"}},
		{"tail", "", []string{"tail", "-n2", "recipes.json"}},
		{"schema", "", []string{"schema", "recipes.json"}},
		{"describe", "", []string{"describe", "recipes.json"}},
		{"select", "", []string{"select", "recipe.title, tags", "recipes.json"}},
		{"filter", "", []string{"filter", `recipe.est_time < 60 and contains(tags, 'soup')`, "recipes.json"}},
		{"filter_lists", "", []string{"filter", `mean(ratings.score) >= 4.5 or len(ratings) == 0`, "recipes.json", "select", "id,recipe.title,ratings.score"}},
		{"explode", "", []string{"explode", "ingredients", "recipes.json", "select", "recipe.title ingredients", "head", "-n", "6"}},
		{"unnest", "", []string{"unnest", "recipe", "recipes.json", "select", "id title est_time", "head", "-n", "3"}},
		{"sort", "", []string{"sort", "-recipe.est_time,id", "recipes.json", "select", "id,recipe.title,recipe.est_time"}},
		{"webhook_steps", "", []string{"../../examples/webhooks/testdata/workflow_job.ndjson", "select", "workflow_job.name,workflow_job.steps", "explode", "workflow_job.steps", "unnest", "workflow_job.steps", "filter", "conclusion is not null", "select", "name,number,conclusion", "sort", "conclusion,-number", "head", "-n", "5"}},
		{"chain", "", []string{"recipes.json", "filter", "vegetarian", "explode", "tags", "select", "recipe.title tags", "tail", "3"}},
		{"expand", "", []string{"recipes.json", "select", "recipe.title,ratings", "head", "-n", "3", "--expand", "--width", "100"}},
		{"nested_header", "", []string{"recipes.json", "select", "id,recipe", "head", "-n", "3"}},
		{"markdown_depth", "", []string{"recipes.json", "select", "id,recipe", "head", "-n", "3", "--depth", "1", "--style", "markdown"}},
		{"options", "", []string{"recipes.json", "--rows", "4", "--style=ascii", "--depth", "1", "--expand", "--width", "100"}},
		{"stdin_empty", "", []string{"-"}},
		{"stdin", `{"a": 1, "b": [1, 2]}` + "\n" + `{"a": 2, "b": []}` + "\n", []string{"-"}},
		{"stdin_csv", "x,y\n1,hello\n2,\"a, b\"\n", []string{"--from", "csv", "-", "schema"}},
		{"convert_stdout", "", []string{"convert", "recipes.json", "-", "--to", "ndjson", "head", "-n", "2", "select", "id,recipe"}},
		{"convert_stdout_csv", "", []string{"convert", "recipes.json", "-", "--to", "csv", "select", "id,recipe,tags", "head", "-n", "3"}},
		// Errors: one line on standard error, status 1 (data) or 2 (usage).
		{"err_missing_file", "", []string{"nosuch.json"}},
		{"err_bad_json", "", []string{"testdata/bad.json"}},
		{"err_bad_csv", "", []string{"testdata/bad.csv"}},
		{"err_truncated_parquet", "", []string{"testdata/truncated.parquet"}},
		{"err_directory", "", []string{"testdata"}},
		{"err_conflict", "", []string{"testdata/conflict.ndjson", "--strict"}},
		{"conflict", "", []string{"testdata/conflict.ndjson"}},
		{"conflict_movies", "", []string{"testdata/movies.json", "select", "Title,US_Gross"}},
		{"conflict_webhook", "", []string{"testdata/installation.ndjson", "select", "action,installation.created_at", "--to", "ndjson"}},
		{"with", "", []string{"recipes.json", "with", "title=upper(recipe.title); hours = recipe.est_time / 60; quick=recipe.est_time <= 30", "select", "id,title,hours,quick", "head", "-n", "4"}},
		{"with_replace", "", []string{"recipes.json", "with", "id=id * 100;note='a;b=c'", "select", "id,note", "limit", "3"}},
		{"group_by", "", []string{"recipes.json", "group-by", "vegetarian", "agg", "n=count(id); longest=max(recipe.est_time); mean_time=mean(recipe.est_time)"}},
		{"group_by_all", "", []string{"recipes.json", "group-by", "agg", "n=count(id); longest=max(recipe.est_time)"}},
		{"distinct", "", []string{"recipes.json", "distinct", "vegetarian", "select", "id,vegetarian"}},
		{"limit", "", []string{"recipes.json", "limit", "2", "select", "id"}},
		{"chain_to_ndjson", "", []string{"filter", "recipe.est_time > 60", "with", "title=upper(recipe.title)", "recipes.json", "select", "id,title", "--to", "ndjson"}},
		{"err_with_no_name", "", []string{"recipes.json", "with", "upper(recipe.title)"}},
		{"err_with_syntax", "", []string{"recipes.json", "with", "t=upper(recipe.title"}},
		{"err_group_by_no_agg", "", []string{"recipes.json", "group-by", "vegetarian"}},
		{"err_group_by_all_rows", "", []string{"recipes.json", "group-by", "agg", "t=recipe.title"}},
		{"err_to_schema", "", []string{"recipes.json", "schema", "--to", "csv"}},
		{"err_unknown_verb", "", []string{"frobnicate", "recipes.json"}},
		{"err_bad_expr", "", []string{"filter", "recipe.est_time < < 3", "recipes.json"}},
		{"err_expr_column", "", []string{"filter", "nosuch > 3", "recipes.json"}},
		{"err_expr_type", "", []string{"filter", "recipe.title > 3", "recipes.json"}},
		{"err_select_column", "", []string{"select", "recipe.nosuch", "recipes.json"}},
		{"err_explode_scalar", "", []string{"explode", "id", "recipes.json"}},
		{"err_unnest_list", "", []string{"unnest", "tags", "recipes.json"}},
		{"err_sort_list", "", []string{"sort", "tags", "recipes.json"}},
		{"err_option", "", []string{"--rows", "many", "recipes.json"}},
		{"err_unknown_option", "", []string{"--colour", "recipes.json"}},
		{"err_style", "", []string{"--style", "fancy", "recipes.json"}},
		{"err_format", "", []string{"--from", "xml", "recipes.json"}},
		{"err_missing_arg", "", []string{"recipes.json", "filter"}},
		{"err_two_inputs", "", []string{"recipes.json", "other.json"}},
		{"err_convert_no_to", "", []string{"convert", "recipes.json", "-"}},
		{"err_convert_ext", "", []string{"convert", "recipes.json", "out.xyz"}},
		{"err_schema_not_last", "", []string{"schema", "head", "recipes.json"}},
		{"err_head_count", "", []string{"head", "-n", "x", "recipes.json"}},
		{"err_short_option", "", []string{"recipes.json", "-w", "100"}},
		{"err_not_records", "[1,2,3]\n", []string{"-"}},
		{"err_convert_no_dir", "", []string{"convert", "recipes.json", "/nonexistent/dir/x.csv"}},
		{"err_expr_eq_null", "", []string{"filter", "recipe.est_time == null", "recipes.json"}},
		{"err_expr_contains_int", "", []string{"filter", "contains(id, 3)", "recipes.json"}},
		{"err_expr_nested_column", "", []string{"filter", "recipe.nope > 1", "recipes.json"}},
		{"err_expr_list_std", "", []string{"filter", "stddev(tags) > 1", "recipes.json"}},
		{"filter_list_first", "", []string{"filter", "first(tags) == 'soup' and stddev(ingredients.amount) > 1", "recipes.json", "select", "id,tags,ingredients.amount"}},
		{"filter_index_field", "", []string{"filter", "ingredients[1].name == 'flour'", "recipes.json", "select", "id,ingredients.name", "--width", "100"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, ".", tc.stdin, tc.args...)
			got := fmt.Sprintf("$ structframe %s\nexit status %d\n--- stdout\n%s--- stderr\n%s", strings.Join(quoteArgs(tc.args), " "), r.code, r.stdout, r.stderr)
			golden(t, tc.name, got)
			if strings.HasPrefix(tc.name, "err_") {
				if r.code == 0 {
					t.Errorf("exit status 0 for an error case")
				}
				if lines := strings.Count(r.stderr, "\n"); lines < 1 || !strings.HasPrefix(r.stderr, "structframe: ") {
					t.Errorf("stderr %q: want a line starting structframe:", r.stderr)
				}
			} else if r.code != 0 {
				t.Errorf("exit status %d: %s", r.code, r.stderr)
			}
		})
	}
}

// quoteArgs quotes the arguments that a shell would split.
func quoteArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \"'<>|&;()*$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return out
}

// TestExitStatus pins the statuses the golden files record: 2 for the
// command line, 1 for the data.
func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"recipes.json"}, 0},
		{[]string{"nosuch.json"}, 1},
		{[]string{"testdata/bad.json"}, 1},
		{[]string{"filter", "nosuch > 1", "recipes.json"}, 1},
		{[]string{"frobnicate", "recipes.json"}, 2},
		{[]string{"filter", "a >", "recipes.json"}, 2},
		{[]string{"--rows"}, 2},
	} {
		if r := runBinary(t, ".", "", tc.args...); r.code != tc.want {
			t.Errorf("%q: exit status %d, want %d (stderr %q)", tc.args, r.code, tc.want, r.stderr)
		}
	}
}

// TestBadJSONNamesLine checks the message of a syntax error: the file,
// the line and the offset.
func TestBadJSONNamesLine(t *testing.T) {
	r := runBinary(t, ".", "", "testdata/bad.json")
	for _, want := range []string{"testdata/bad.json", "line 4", "offset"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q does not contain %q", r.stderr, want)
		}
	}
	if strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr is not one line: %q", r.stderr)
	}
}

// TestBundledIsTestdata checks that the embedded copy is the repository's
// testdata/recipes.json (go generate refreshes it).
func TestBundledIsTestdata(t *testing.T) {
	want, err := os.ReadFile("../../testdata/recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(bundledRecipes, want) {
		t.Error("cmd/structframe/recipes.json differs from testdata/recipes.json: run go generate ./cmd/structframe")
	}
}

// readAny reads a file with the io package of its format, in process.
func readAny(t *testing.T, path string) *frame.Frame {
	t.Helper()
	var f *frame.Frame
	var err error
	switch formatOf(path) {
	case formats.CSV:
		f, err = csv.ReadFile(path, csv.WithNested(csv.NestedFlatten))
	case formats.TSV:
		f, err = csv.ReadFile(path, csv.WithDelimiter('\t'), csv.WithNested(csv.NestedFlatten))
	case formats.JSON, formats.NDJSON:
		f, err = sjson.ReadFile(path)
	case formats.Arrow:
		f, err = ipc.ReadFile(path)
	case formats.Parquet:
		f, err = parquet.ReadFile(path)
	default:
		t.Fatalf("no format for %s", path)
	}
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return f
}

// equalFrames fails unless two frames hold the same schema and values.
func equalFrames(t *testing.T, what string, got, want *frame.Frame) {
	t.Helper()
	gt, err := got.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	wt, err := want.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	if !gt.Equal(wt) {
		t.Errorf("%s: frames differ\ngot  %s\nwant %s", what, gt.Spec(), wt.Spec())
	}
}

// TestConvertEveryFormat converts through every pair of formats with the
// binary and back, and checks the rows are those it started from. The
// nested recipes go through the formats that hold nesting; CSV and TSV,
// which hold no lists, take a table of scalars and one structure (written
// as dotted columns, read back as the structure).
func TestConvertEveryFormat(t *testing.T) {
	dir := t.TempDir()
	convert := func(in, out string, extra ...string) {
		t.Helper()
		args := append([]string{"convert", in, out}, extra...)
		if r := runBinary(t, dir, "", args...); r.code != 0 {
			t.Fatalf("convert %s %s: status %d: %s", in, out, r.code, r.stderr)
		}
	}
	recipes, err := filepath.Abs("recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct {
		name    string
		formats []string
		extra   []string // the verbs that make the starting table
	}{
		{"nested", []string{"json", "ndjson", "jsonl", "arrow", "feather", "ipc", "parquet"}, nil},
		{"flat", []string{"csv", "tsv", "json", "ndjson", "arrow", "parquet"}, []string{"select", "id,recipe,vegetarian"}},
	} {
		start := filepath.Join(dir, set.name+"-start.json")
		convert(recipes, start, set.extra...)
		want := readAny(t, start)
		for _, a := range set.formats {
			for _, b := range set.formats {
				pa := filepath.Join(dir, fmt.Sprintf("%s-a.%s", set.name, a))
				pb := filepath.Join(dir, fmt.Sprintf("%s-%s-b.%s", set.name, a, b))
				back := filepath.Join(dir, fmt.Sprintf("%s-%s-%s-back.json", set.name, a, b))
				convert(start, pa)
				convert(pa, pb)
				convert(pb, back)
				equalFrames(t, fmt.Sprintf("%s: json -> %s -> %s -> json", set.name, a, b), readAny(t, back), want)
			}
		}
	}
}

// TestConvertStdio converts from standard input to standard output.
func TestConvertStdio(t *testing.T) {
	in, err := os.ReadFile("recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	r := runBinary(t, ".", string(in), "convert", "-", "-", "--to", "parquet")
	if r.code != 0 {
		t.Fatalf("status %d: %s", r.code, r.stderr)
	}
	got, err := parquet.Read(bytes.NewReader([]byte(r.stdout)), int64(len(r.stdout)))
	if err != nil {
		t.Fatal(err)
	}
	want, err := sjson.ReadFile("recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	equalFrames(t, "stdin json -> stdout parquet", got, want)
}

// TestConvertFailureLeavesNoFile checks that a conversion that fails
// leaves neither the output nor its temporary file.
func TestConvertFailureLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	abs, err := filepath.Abs("testdata/bad.json")
	if err != nil {
		t.Fatal(err)
	}
	r := runBinary(t, dir, "", "convert", abs, "out.parquet")
	if r.code != 1 {
		t.Fatalf("status %d, want 1", r.code)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("files left behind: %v", entries)
	}
}

// TestReadmeShowsTheViewer: the README's "Run it" output is what the
// command prints with no arguments.
func TestReadmeShowsTheViewer(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	r := runBinary(t, t.TempDir(), "")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(string(readme), "```\n"+r.stdout+"```\n") {
		t.Errorf("README.md does not show what `go run ./cmd/structframe` prints:\n%s", r.stdout)
	}
}

// TestReadsDatasets: a directory of hive partitions, or a glob, is read as
// one frame (io/dataset): the partitions become columns, and a glob that
// matches nothing is a one-line error.
func TestReadsDatasets(t *testing.T) {
	dir := t.TempDir()
	f := frame.FromRecords([]map[string]any{
		{"id": 1, "year": 2024, "tags": []any{"a"}},
		{"id": 2, "year": 2025, "tags": []any{}},
		{"id": 3, "year": 2025, "tags": []any{"b", "c"}},
	})
	if err := dataset.Write(filepath.Join(dir, "ds"), f, dataset.WithPartitionBy("year")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want []string }{
		{[]string{"filter", "year = 2025", "ds"}, []string{"shape: (2, 3)", "│ year │", "2025", `["b", "c"]`}},
		{[]string{"schema", "ds/year=2025/*.parquet"}, []string{"shape: [2]", "tags: var * string"}},
	} {
		r := runBinary(t, dir, "", c.args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, r.code, r.stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, r.stdout)
			}
		}
	}
	r := runBinary(t, dir, "", "ds/none-*.parquet")
	if r.code != 1 || !strings.Contains(r.stderr, "none-*.parquet") || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
		t.Errorf("a glob matching nothing: exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestPipedInputWithoutFile: with no FILE, data piped in is read (as jq
// does); an empty pipe still shows the bundled recipes.
func TestPipedInputWithoutFile(t *testing.T) {
	r := runBinary(t, t.TempDir(), `{"a": 1, "b": [1, 2]}`+"\n", "schema")
	if r.code != 0 || !strings.Contains(r.stdout, "b: var * int64") {
		t.Errorf("piped JSON: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runBinary(t, t.TempDir(), "")
	if r.code != 0 || !strings.Contains(r.stdout, "Snickerdoodle") {
		t.Errorf("empty pipe: exit %d, stdout %q", r.code, r.stdout)
	}
}
