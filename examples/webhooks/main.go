// Command webhooks reads real GitHub webhook payloads (deeply nested JSON,
// one payload per line) and answers questions whose data sit several
// levels down: it explodes lists of structures into rows, unnests
// structures into columns and groups the rows.
//
//	go run ./examples/webhooks [-dir DIR]
//
// Without -dir it reads the payloads of testdata/, embedded in the
// program, so that it runs from any directory.
// The payloads come from the npm package @octokit/webhooks-examples (MIT);
// testdata/SOURCE.md says which and how to fetch them again.
package main

import (
	"embed"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/structframe/structframe/display"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
)

// payloads are the payloads of testdata/, read when no -dir is given.
//
//go:embed testdata/*.ndjson
var payloads embed.FS

func main() {
	if err := mainRun(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "webhooks:", err)
		os.Exit(1)
	}
}

// mainRun is the command: its arguments, and where it prints.
func mainRun(args []string, w io.Writer) error {
	fl := flag.NewFlagSet("webhooks", flag.ContinueOnError)
	dir := fl.String("dir", "", "the directory holding push.ndjson, issues.ndjson and workflow_job.ndjson (default: the embedded testdata/)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	return run(w, *dir)
}

// width is the line width of the tables printed: wide enough for the
// columns shown, the same on every terminal (the golden file's).
const width = 120

// run reads the payloads in dir ("" for the embedded ones) and prints
// the answers.
func run(w io.Writer, dir string) error {
	files, err := fs.Sub(payloads, "testdata")
	if err != nil {
		return err
	}
	if dir != "" {
		files = os.DirFS(dir)
	}
	read := func(name string) (*frame.Frame, error) {
		f, err := files.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		fr, err := json.Read(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return fr, nil
	}

	// 1. Push events: each payload holds a list of commits, each with an
	// author structure and lists of files. One row per commit.
	pushes, err := read("push.ndjson")
	if err != nil {
		return err
	}
	rows, cols := pushes.NumRows(), pushes.NumColumns()
	fmt.Fprintf(w, "== push: %d payloads, %d top-level fields, %d leaf paths\n", rows, cols, pushes.Describe().NumRows())
	commits := pushes.
		Select("repository.full_name", "ref", "commits").
		Explode([]string{"commits"}, frame.WithEmptyAs(frame.ExplodeDrop)).
		WithColumns(frame.MustParseExpr("len(commits.added)").Alias("files_added")).
		Select("repository.full_name", "ref", "commits.author.name", "commits.message", "files_added")
	if err := commits.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n-- one row per commit (exploded; nested paths selected)")
	fmt.Fprintln(w, commits.Text(display.WithWidth(width)))
	perRepo := commits.GroupBy("repository.full_name").Agg(
		frame.Len().Alias("commits"),
		frame.Col("files_added").Sum().Alias("files_added"),
		frame.Col("commits.author.name").NUnique().Alias("authors"),
	)
	if err := perRepo.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n-- commits per repository")
	fmt.Fprintln(w, perRepo.Text(display.WithWidth(width)))

	// 2. Issues events: the labels of each issue are a list of structures
	// two levels down (issue.labels). Which labels occur, in which actions?
	issues, err := read("issues.ndjson")
	if err != nil {
		return err
	}
	labels := issues.
		Select("action", "issue.number", "issue.labels").
		Explode([]string{"issue.labels"}, frame.WithEmptyAs(frame.ExplodeDrop)).
		Unnest("issue.labels", frame.WithPrefixed(true)).
		Select("action", "issue.number", "issue.labels.name")
	if err := labels.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== issues: one row per label of each issue")
	fmt.Fprintln(w, labels.Text(display.WithWidth(width)))
	fmt.Fprintln(w, "\n-- how often each label occurs")
	fmt.Fprintln(w, labels.ValueCounts("issue.labels.name").Text(display.WithWidth(width)))
	byRepo := issues.GroupBy("repository.full_name").Agg(
		frame.Len().Alias("events"),
		frame.Col("action").Implode().Alias("actions"),
		frame.MustParseExpr("len(issue.labels)").Sum().Alias("labels"),
		frame.MustParseExpr("issue.labels is null or len(issue.labels) == 0").Sum().Alias("unlabelled"), // a null list counts as none
	)
	if err := byRepo.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n-- events, actions and labels per repository")
	fmt.Fprintln(w, byRepo.Text(display.WithWidth(width)))

	// 3. Workflow jobs: the steps of each job, as rows, grouped by how
	// they ended; the filter is written as text.
	jobs, err := read("workflow_job.ndjson")
	if err != nil {
		return err
	}
	steps := jobs.
		Select("action", "workflow_job.name", "workflow_job.steps").
		Explode([]string{"workflow_job.steps"}, frame.WithEmptyAs(frame.ExplodeDrop)).
		Unnest("workflow_job.steps", frame.WithPrefixed(true))
	if err := steps.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n== workflow_job: steps per conclusion")
	fmt.Fprintln(w, steps.GroupBy("workflow_job.steps.conclusion").Agg(
		frame.Len().Alias("steps"),
		frame.Col("workflow_job.steps.name").NUnique().Alias("distinct_names"),
	).Text(display.WithWidth(width)))
	failed := steps.Filter(frame.MustParseExpr(`workflow_job.steps.conclusion == 'failure' or workflow_job.steps.conclusion is null`)).
		Select("action", "workflow_job.name", "workflow_job.steps.name", "workflow_job.steps.status")
	if err := failed.Err(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\n-- steps that failed or have not finished")
	fmt.Fprintln(w, failed.Text(display.WithWidth(width)))
	return nil
}
