// Command structframe shows nested data files as tables in the terminal
// and converts them between formats.
//
//	structframe [FILE]                  show FILE (the bundled recipes without one)
//	structframe head -n 5 FILE          the first rows (tail: the last)
//	structframe schema FILE             the schema as a tree
//	structframe describe FILE           one row of statistics per leaf path
//	structframe select PATHS FILE       some columns, nested paths too (recipe.title)
//	structframe filter EXPR FILE        the rows where EXPR is true
//	structframe with NAME=EXPR;... FILE  add or replace columns
//	structframe group-by KEYS agg NAME=EXPR;... FILE
//	                                    one row per group (no KEYS: the whole input)
//	structframe distinct [COLS] FILE    the first row of each distinct key
//	structframe limit N FILE            the first N rows, as head
//	structframe explode COL FILE        one row per item of a list column
//	structframe unnest COL FILE         a structure column's fields as columns
//	structframe sort [-]COLS FILE       rows ordered by columns (- descending)
//	structframe convert IN OUT          write IN in OUT's format
//
// Verbs chain, applied in order: "structframe data.json filter 'score > 4'
// select title,score head -n 3". The expressions of filter, with and agg
// are frame.ParseExpr's text form; with and agg take NAME=EXPR pieces
// separated by ';', split at the top level only (a ';' or '=' inside
// quotes or parentheses, and ==, <=, >=, != belong to the expression).
//
// The result of any chain is shown as a table, or written instead with
// --to FORMAT (to standard output) or -o FILE (format by extension, or
// --to): "structframe filter 'x > 1' with 'y=upper(name)' data.parquet
// --to ndjson | jq". The formats are csv, tsv, json,
// ndjson/jsonl, arrow/feather/ipc (the Arrow file format), arrows (the
// Arrow stream format) and parquet (io/formats), by extension; --from and
// --to override it, and "-" is standard input (or output, for convert,
// with --to).
//
// A JSON field holding values of two types (a number in one record, a
// string in another) is read as JSON text, as DuckDB's JSON type does,
// and one line on standard error names such fields; --strict makes it an
// error, which the library's readers give by default. CSV and TSV hold no nesting: a structure is written as
// dotted columns (read back into the structure) and a list as JSON text.
// Text inputs compressed with gzip or zstd are read (data.csv.gz,
// events.ndjson.zst, or compressed standard input), and an output named
// so is compressed; content that is none of the formats (a zip archive,
// binary data) is refused, saying what it looks like.
//
// Memory is bounded by a batch of rows, not by the file, for schema,
// describe, convert and a head, with select, filter, explode and unnest
// before them: those run batch by batch. sort, tail, a filter that
// aggregates over rows, and showing every row read the whole input.
// Display options: --rows N, --depth N, --style
// box|ascii|markdown|borderless, --expand, --width N.
//
// The exit status is 2 for a mistake on the command line, 1 for a file
// that cannot be read or written; the message is one line naming the file
// and, as the readers give them, the line, offset and field path.
//
// With no arguments it shows testdata/recipes.json, embedded in the binary,
// so "go run ./cmd/structframe" works from anywhere in the repository.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/structframe/structframe/frame"
	sniffpkg "github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/io/formats"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, isTerminal(os.Stderr)))
}

// Exit statuses.
const (
	exitOK    = 0
	exitData  = 1
	exitUsage = 2
)

// usage is the help text; its formats are io/formats' table.
var usage = `usage: structframe [VERB ARGS]... [FILE] [OPTIONS]

verbs (chain them; applied in order):
  show                the table (the default)
  head [-n N]         the first N rows (10)
  tail [-n N]         the last N rows (10)
  schema              the schema as a tree
  describe            statistics per leaf path
  select PATHS        columns by path: "recipe.title,tags"
  filter EXPR         rows where EXPR holds: "recipe.est_time < 60 and contains(tags, 'soup')"
  with NAME=EXPR;...  add or replace columns: "title=upper(recipe.title); hours=recipe.est_time / 60"
  group-by KEYS agg NAME=EXPR;...
                      one row per group: group-by vegetarian agg "n=count(id); longest=max(recipe.est_time)"
                      (group-by agg ... aggregates the whole input)
  distinct [COLS]     the first row of each distinct value of COLS (all columns without)
  limit N             the first N rows, as head
  explode COLS        one row per list item: "ingredients"
  unnest COL          a structure's fields as columns: "recipe"
  sort COLS           rows ordered by columns, - for descending: "-recipe.est_time,id"
  convert IN OUT      write IN as OUT (format by extension)
  query URL SQL       run SQL on an Arrow Flight SQL server (grpc://HOST:PORT, grpc+tls://...)
                      and take its result as the input; $STRUCTFRAME_FLIGHT_TOKEN is sent as
                      a bearer token, or $STRUCTFRAME_FLIGHT_USER and _PASSWORD as basic auth

formats: ` + formats.List() + `; FILE "-" (or none, with data piped in) is standard input
         text compressed with gzip or zstd is read (data.csv.gz), and an output so named is compressed
         (csv and tsv hold no nesting: structures become dotted columns, lists JSON text)
         a directory or a glob ('data/**/*.parquet') is read as one dataset: files of one
         format, schemas unioned, hive partition folders (year=2024/) become columns
options: --rows N  --depth N  --style box|ascii|markdown|borderless  --expand  --width N
         --from FORMAT  --to FORMAT (write the result to standard output instead of the table)
         -o FILE (write the result to FILE, format by extension or --to)
         --strict (a JSON field holding values of two types is an error, instead of
         being read as JSON text with a note)
         --explain (print the plan of the steps, what each scan reads, and stop)
`

// hint is printed under the bundled table.
const hint = "structframe: this is the bundled testdata/recipes.json; try structframe FILE, structframe schema FILE, structframe --help"

// run is the command: arguments, standard streams, and whether standard
// error is a terminal (for the progress bar). It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer, tty bool) int {
	p, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "structframe: %v\n", err)
		fmt.Fprintln(stderr, "run structframe --help for usage")
		return exitUsage
	}
	if p.help {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	var read, written *progress
	if tty {
		read, written = newProgress(stderr, "reading"), newProgress(stderr, "writing")
	}
	if err := p.execute(stdin, stdout, stderr, read, written); err != nil {
		fmt.Fprintf(stderr, "structframe: %s\n", oneLine(err))
		var ue *usageError
		if errors.As(err, &ue) {
			return exitUsage
		}
		return exitData
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, hint)
	}
	return exitOK
}

// execute reads the input, applies the steps and shows or writes the
// result; read and written draw progress bars (nil: none), and notes on
// what a format changes go to stderr. A command that can runs batch by
// batch (see streaming), its memory bounded by a batch.
func (p *plan) execute(stdin io.Reader, stdout, stderr io.Writer, read, written *progress) error {
	if p.query != nil {
		f, err := p.query.run(context.Background())
		if err != nil {
			return err
		}
		return p.applySteps(f, stdout, stderr, written)
	}
	src := source{name: p.input, path: p.input, stdin: stdin}
	switch p.input {
	case "":
		if b := pipedInput(stdin); len(b) > 0 {
			// cmd | structframe reads the pipe, as jq does.
			src = source{name: "standard input", data: b}
			break
		}
		src = source{name: bundledName, data: bundledRecipes}
		if p.from == nil {
			p.from = formats.JSON
		}
	case "-":
		src = source{name: "standard input", stdin: stdin}
	}
	f := p.from
	if src.path == "" || !isDataset(src.path) {
		var err error
		if src, f, err = src.resolve(f, read); err != nil {
			return named(src.name, explainRead(err))
		}
	}
	if p.explainOnly {
		return p.explain(src, f, stdout)
	}
	if p.lazyWorth(src, f) {
		if handled, err := p.runLazy(src, f, stdout, stderr, read, written); handled {
			return err
		}
	}
	if sp, ok := p.streaming(); ok {
		if handled, err := p.stream(sp, src, f, stdout, stderr, read); handled {
			return err
		}
	}
	return p.whole(src, f, stdout, stderr, read, written)
}

// whole reads the whole input as one frame, applies the steps and shows
// or writes the result.
func (p *plan) whole(src source, from *formats.Format, stdout, stderr io.Writer, read, written *progress) error {
	f, err := src.read(from, read)
	if isConflict(err) && !p.strict {
		// Read again, keeping the fields of two types as JSON text.
		lenient := src
		lenient.lenient = true
		if lf, lerr := lenient.read(from, read); lerr == nil {
			if rs, rf, rerr := src.resolve(from, nil); rerr == nil {
				printConflictNote(stderr, conflictFields(err, lf.Schema(), rs.probe(rf)))
			}
			f, err = lf, nil
		}
	}
	if err != nil {
		return named(src.name, explainRead(err))
	}
	return p.applySteps(f, stdout, stderr, written)
}

// applySteps applies the steps to f and shows or writes the result.
func (p *plan) applySteps(f *frame.Frame, stdout, stderr io.Writer, written *progress) (err error) {
	for _, s := range p.steps {
		if s.verb == "schema" {
			out, err := renderSchema(f)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(stdout, out)
			return err
		}
		if f, err = apply(f, s); err != nil {
			return err
		}
	}
	return p.finish(f, stdout, stderr, written)
}

// finish shows the result f, or writes it to the output.
func (p *plan) finish(f *frame.Frame, stdout, stderr io.Writer, written *progress) (err error) {
	if p.output == "" {
		return p.show(f, stdout)
	}
	to := p.outputFormat()
	if p.output == "-" {
		err = write(written.wrapWriter(stdout), f, to)
		written.done()
	} else {
		err = writeFile(p.output, f, to, written)
	}
	if err == nil {
		p.noteJSONColumns(f, to, stderr)
	}
	return named(p.output, err)
}

// outputFormat is the format convert writes: --to, else the output's
// extension.
func (p *plan) outputFormat() *formats.Format {
	if p.to != nil {
		return p.to
	}
	return formatOf(p.output)
}

// noteJSONColumns says once, naming the columns, that CSV holds no lists
// and wrote them as JSON text, when it did.
func (p *plan) noteJSONColumns(f *frame.Frame, to *formats.Format, stderr io.Writer) {
	if to.Nested() {
		return
	}
	if cols := jsonColumns(f); len(cols) > 0 {
		fmt.Fprintf(stderr, "structframe: note: %s holds no lists; written as JSON text: %s\n", strings.ToUpper(to.Name()), strings.Join(cols, ", "))
	}
}

// show prints f as a table with the command line's display options.
func (p *plan) show(f *frame.Frame, stdout io.Writer) error {
	view := p.view
	if n := p.shownRows(); n > 0 && view.rows == 0 {
		view.rows = n
	}
	out, err := render(f, view)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, out)
	return err
}

// shownRows is the count of the last head or tail, which the table shows
// whole; 0 when there is none. A describe shows every path it lists: a
// statistics table cut in the middle hides what was asked for.
func (p *plan) shownRows() int {
	for k := len(p.steps) - 1; k >= 0; k-- {
		switch s := p.steps[k]; s.verb {
		case "head", "tail":
			return s.n
		case "describe":
			return math.MaxInt
		}
	}
	return 0
}

// apply runs one verb on a frame.
func apply(f *frame.Frame, s step) (*frame.Frame, error) {
	var out *frame.Frame
	switch s.verb {
	case "show":
		return f, nil
	case "head":
		out = f.Head(s.n)
	case "tail":
		out = f.Tail(s.n)
	case "describe":
		// without percentiles: the statistics a stream merges batch by batch
		out = f.Describe(frame.WithPercentiles())
	case "select":
		paths, err := stepList(s)
		if err != nil {
			return nil, err
		}
		out = f.Select(paths...)
	case "explode":
		cols, err := stepList(s)
		if err != nil {
			return nil, err
		}
		out = f.Explode(cols)
	case "unnest":
		// A field named as an existing column is named by its path
		// instead ("recipe.title"), rather than refused.
		out = f.Unnest(strings.TrimSpace(s.arg), frame.WithCollision(frame.CollisionPrefix))
	case "sort":
		keys, err := sortKeys(s)
		if err != nil {
			return nil, err
		}
		out = f.Sort(keys...)
	case "filter":
		e, err := parseExpr("filter", s.arg)
		if err != nil {
			return nil, err
		}
		out = f.Filter(e)
	case "with":
		exprs, _, err := parseExprs("with", s.arg)
		if err != nil {
			return nil, err
		}
		out = f.WithColumns(exprs...)
	case "group-by":
		var err error
		if out, err = groupBy(f, s); err != nil {
			return nil, err
		}
	case "distinct":
		out = f.Unique(splitList(s.arg))
	default:
		return nil, usagef("unknown verb %q", s.verb)
	}
	if err := out.Err(); err != nil {
		var fe *frame.Error
		if errors.As(err, &fe) {
			// "frame: Filter:" would repeat the verb.
			return nil, fmt.Errorf("%s: %s", s.verb, fe.Msg)
		}
		return nil, fmt.Errorf("%s: %w", s.verb, err)
	}
	return out, nil
}

// stepList is the list of columns or paths of a select, explode or sort,
// an error when it is empty.
func stepList(s step) ([]string, error) {
	l := splitList(s.arg)
	if len(l) == 0 {
		what := "columns"
		if s.verb == "select" {
			what = "column paths"
		}
		return nil, usagef("%s: no %s in %q", s.verb, what, s.arg)
	}
	return l, nil
}

// sortKeys are a sort's keys: a column each, descending when it starts
// with "-".
func sortKeys(s step) ([]frame.SortKey, error) {
	refs, err := stepList(s)
	if err != nil {
		return nil, err
	}
	keys := make([]frame.SortKey, len(refs))
	for i, ref := range refs {
		if desc, ok := strings.CutPrefix(ref, "-"); ok {
			keys[i] = frame.Desc(desc)
		} else {
			keys[i] = frame.Asc(strings.TrimPrefix(ref, "+"))
		}
	}
	return keys, nil
}

// splitList splits a list of paths on commas and spaces. A name between
// backquotes is one piece whatever it holds (`Major Genre`,
// `a.b`.c), as in the expressions.
func splitList(s string) []string {
	var out []string
	var pieces []string // of the path being read
	var cur strings.Builder
	quoted, inPath, hadQuote := false, false, false
	end := func() {
		if inPath {
			pieces = append(pieces, cur.String())
			switch {
			case !hadQuote:
				out = append(out, strings.Join(pieces, ".")) // a dotted path, as written
			case len(pieces) == 1 && !strings.Contains(pieces[0], "."):
				out = append(out, pieces[0])
			default:
				out = append(out, frame.Path(pieces...))
			}
		}
		pieces, inPath, hadQuote = pieces[:0], false, false
		cur.Reset()
	}
	for _, r := range s {
		switch {
		case r == '`':
			quoted, inPath, hadQuote = !quoted, true, true
		case quoted:
			cur.WriteRune(r)
		case r == ',' || r == ' ' || r == '\t':
			end()
		case r == '.':
			pieces = append(pieces, cur.String())
			cur.Reset()
			inPath = true
		default:
			cur.WriteRune(r)
			inPath = true
		}
	}
	end()
	return out
}

// quoteRadius is how much of an expression quoteAt shows either side of
// the offset.
const quoteRadius = 30

// quoteAt shows an expression with a marker at the offset, on one line:
// quoteRadius bytes either side of it, … where the rest is left out.
func quoteAt(s string, off int) string {
	off = min(max(off, 0), len(s))
	lo, hi := max(off-quoteRadius, 0), min(off+quoteRadius, len(s))
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo--
	}
	for hi < len(s) && !utf8.RuneStart(s[hi]) {
		hi++
	}
	before, after := s[lo:off], s[off:hi]
	if lo > 0 {
		before = "…" + before
	}
	if hi < len(s) {
		after += "…"
	}
	return fmt.Sprintf("%q", before+"⟨here⟩"+after)
}

// named prefixes an error with the file it is about, unless the message
// names it already (the readers' file functions do).
func named(name string, err error) error {
	if err == nil {
		return nil
	}
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == name {
		err = pe.Err
	}
	if strings.Contains(err.Error(), name+":") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

// explainRead puts a reader's error in the command's words where the
// reader speaks of the Go API: a JSON array of numbers is no table.
func explainRead(err error) error {
	var se *sniffpkg.Error
	if f := formats.Refused(err); f != nil && errors.As(err, &se) {
		// The library's hint names a package: the command has an option.
		return fmt.Errorf("looks like %s, not %s text: read it with --from %s", se.Format, se.Want, f.Name())
	}
	msg := err.Error()
	if _, rest, ok := strings.Cut(msg, "the list holds "); ok && strings.Contains(msg, "no maps (records)") {
		what, _, _ := strings.Cut(rest, " values")
		return fmt.Errorf("the input holds %s values, not records: each row must be a JSON object ({\"name\": value, ...}), in an array or one per line", what)
	}
	return err
}

// oneLine keeps a message on one line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " ")), " ")
}

// pipedInput is what standard input holds when it is a pipe or a file
// (not a terminal, not /dev/null): the input of a command run without a
// FILE. Nil otherwise, or when it is empty or cannot be read.
func pipedInput(stdin io.Reader) []byte {
	f, ok := stdin.(*os.File)
	if !ok || f == nil {
		return nil
	}
	st, err := f.Stat()
	if err != nil || (st.Mode()&os.ModeNamedPipe == 0 && !st.Mode().IsRegular()) {
		return nil
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil
	}
	return b
}
