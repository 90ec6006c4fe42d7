package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/structframe/structframe/internal/store"

	"github.com/structframe/structframe/io/formats"
)

// usageError is a mistake on the command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// step is one verb of a command line, applied in order.
type step struct {
	verb string
	arg  string // select's paths, filter's expression, explode's columns, with's NAME=EXPR list, group-by's and distinct's keys
	aggs string // group-by's NAME=EXPR list
	n    int    // head's and tail's count
}

// plan is a parsed command line: where the rows come from, what is done
// to them, and where they go.
type plan struct {
	input    string // a path, "-" for standard input, "" for the bundled file
	output   string // convert's or -o's output path, "-" for standard output (--to alone); "" to show
	steps    []step
	from, to *formats.Format // nil: by extension, then by content
	written  string          // -o's path ("" when not given)
	view     viewOptions
	strict   bool // --strict: a type conflict in JSON is an error
	// explainOnly: --explain, print the plan of the steps as a lazy query
	explainOnly bool
	help        bool
	// query: the query verb's server and SQL, run instead of reading an
	// input (see query.go)
	query *remoteQuery
}

// verbs are the verbs and the number of arguments each takes (head,
// tail and limit take an optional count, distinct optional columns,
// group-by its keys, agg and the aggregations, convert its two paths).
var verbs = map[string]int{
	"show": 0, "schema": 0, "describe": 0,
	"head": 0, "tail": 0, "limit": 0, "distinct": 0,
	"select": 1, "filter": 1, "explode": 1, "unnest": 1, "sort": 1, "with": 1,
	"convert": 2, "group-by": 3, "query": 2,
}

// defaultCount is what head and tail show without -n.
const defaultCount = 10

// parseArgs reads a command line: options anywhere (--name value or
// --name=value), then verbs with their arguments and at most one input
// file, in either order: "head -n 5 data.json" or "data.json head -n 5".
// Verbs chain: "data.json filter 'score > 4' select title".
func parseArgs(args []string) (*plan, error) {
	p := &plan{}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-h" || a == "--help" || a == "help" && i == 0 {
			p.help = true
			continue
		}
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if a == "-o" || strings.HasPrefix(a, "-o=") {
			val, ok := strings.CutPrefix(a, "-o=")
			if !ok {
				if i+1 >= len(args) {
					return nil, usagef("-o needs a file")
				}
				i++
				val = args[i]
			}
			if err := p.setOption("output", val); err != nil {
				return nil, err
			}
			continue
		}
		if !strings.HasPrefix(a, "--") {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		if name == "expand" || name == "strict" || name == "explain" {
			on := true
			if hasVal {
				b, err := strconv.ParseBool(val)
				if err != nil {
					return nil, usagef("--%s takes true or false, got %q", name, val)
				}
				on = b
			}
			switch name {
			case "expand":
				p.view.expand = on
			case "explain":
				p.explainOnly = on
			default:
				p.strict = on
			}
			continue
		}
		if !valueOptions[name] {
			return nil, usagef("unknown option --%s", name)
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, usagef("--%s needs a value", name)
			}
			i++
			val = args[i]
		}
		if err := p.setOption(name, val); err != nil {
			return nil, err
		}
	}
	if err := p.parseVerbs(pos); err != nil {
		return nil, err
	}
	return p, nil
}

// valueOptions are the options that take a value.
var valueOptions = map[string]bool{"rows": true, "depth": true, "width": true, "style": true, "from": true, "to": true, "output": true}

// setOption sets the option --name to val.
func (p *plan) setOption(name, val string) error {
	num := func(min int) (int, error) {
		n, err := strconv.Atoi(val)
		if err != nil || n < min {
			return 0, usagef("--%s takes a whole number of at least %d, got %q", name, min, val)
		}
		return n, nil
	}
	var err error
	switch name {
	case "rows":
		p.view.rows, err = num(1)
	case "depth":
		p.view.depth, err = num(1)
	case "width":
		p.view.width, err = num(10)
	case "style":
		if e := checkStyle(val); e != nil {
			return usagef("--style: %v", e)
		}
		p.view.style = strings.ToLower(val)
	case "output":
		if val == "" {
			return usagef("-o needs a file")
		}
		if p.written != "" {
			return usagef("-o is given twice: %q and %q", p.written, val)
		}
		p.written = val
	case "from", "to":
		f, e := formats.ByName(val)
		if e != nil {
			return usagef("--%s: %v", name, e)
		}
		if name == "from" {
			p.from = f
		} else {
			p.to = f
		}
	default:
		return usagef("unknown option --%s", name)
	}
	return err
}

// parseVerbs reads the positional arguments: verbs, their arguments and
// the input.
func (p *plan) parseVerbs(pos []string) error {
	for i := 0; i < len(pos); i++ {
		a := pos[i]
		nargs, isVerb := verbs[a]
		if !isVerb {
			if len(a) > 1 && a[0] == '-' && !fileExists(a) {
				return usagef("unknown option %s (options: --rows N, --depth N, --style S, --expand, --width N, --from F, --to F, -o FILE, --strict)", a)
			}
			if p.input != "" || p.output != "" {
				return usagef("unexpected argument %q (the input is already %q; verbs: %s)", a, p.input, verbList())
			}
			if !store.IsURL(a) && !fileExists(a) && looksLikeVerb(a) {
				return usagef("unknown verb %q (verbs: %s)", a, verbList())
			}
			p.input = a
			continue
		}
		s := step{verb: a}
		switch a {
		case "head", "tail", "limit":
			if a == "limit" {
				s.verb = "head" // a synonym (SQL's LIMIT)
			}
			s.n = defaultCount
			if i+1 < len(pos) {
				n, used, err := parseCount(pos[i+1:])
				if err != nil {
					return usagef("%s: %v", a, err)
				}
				if used > 0 {
					s.n = n
					i += used
				}
			}
		case "query":
			if i+nargs >= len(pos) {
				return usagef("query takes a server and a statement: query grpc://HOST:PORT 'SELECT ...'")
			}
			if p.input != "" || p.query != nil {
				return usagef("query reads from its server, and the input %q was given too", p.input)
			}
			p.query = &remoteQuery{uri: pos[i+1], sql: pos[i+2]}
			i += 2
			continue
		case "convert":
			if i+nargs >= len(pos) {
				return usagef("convert takes an input and an output: convert IN OUT")
			}
			if p.input != "" {
				return usagef("convert names its input itself, and %q was given too", p.input)
			}
			p.input, p.output = pos[i+1], pos[i+2]
			i += 2
			continue
		case "select", "filter", "explode", "unnest", "sort", "with":
			if i+nargs >= len(pos) {
				return usagef("%s takes an argument: %s", a, verbArgs[a])
			}
			s.arg = pos[i+1]
			i++
		case "distinct":
			if i+1 < len(pos) && distinctColumns(pos[i+1]) {
				s.arg = pos[i+1]
				i++
			}
		case "group-by":
			// group-by KEYS agg AGGS, or group-by agg AGGS for the whole frame.
			if i+1 < len(pos) && pos[i+1] == "agg" && (i+2 >= len(pos) || pos[i+2] != "agg") {
				i++
			} else if i+1 < len(pos) {
				s.arg = pos[i+1]
				i += 2
				if i >= len(pos) || pos[i] != "agg" {
					return usagef("group-by takes keys, agg and aggregations: %s", verbArgs[a])
				}
			}
			if i+1 >= len(pos) {
				return usagef("group-by takes keys, agg and aggregations: %s", verbArgs[a])
			}
			s.aggs = pos[i+1]
			i++
		}
		p.steps = append(p.steps, s)
	}
	switch {
	case p.written != "" && p.output != "":
		return usagef("convert names its output itself, and -o %q was given too", p.written)
	case p.written != "":
		p.output = p.written
	case p.output == "" && p.to != nil:
		// --to alone writes the result to standard output.
		p.output = "-"
	}
	for k, s := range p.steps {
		if s.verb == "schema" && k != len(p.steps)-1 {
			return usagef("schema prints the schema and must come last")
		}
		if p.output != "" && (s.verb == "schema" || s.verb == "show") {
			return usagef("%s shows a table; the result is written to %s instead (--to, -o or convert)", s.verb, outputName(p.output))
		}
	}
	if p.output == "-" && p.to == nil {
		return usagef("writing to standard output needs --to FORMAT (%s)", formats.List())
	}
	if p.output != "" && p.output != "-" && p.to == nil && formatOf(p.output) == nil {
		return usagef("cannot tell the format of %q from its extension (known: %s): add --to FORMAT (%s)", p.output, formats.Extensions(), formats.List())
	}
	if to := p.outputFormat(); p.output != "-" && formats.Compressed(p.output) && !to.Text() {
		return usagef("%q: Arrow and Parquet files compress their own pages, and are written uncompressed: drop the compression extension", p.output)
	}
	return nil
}

// fileExists reports whether a path names something on disk: an argument
// like -w that does not is a mistyped option, not an input.
func fileExists(path string) bool {
	if store.IsURL(path) {
		return true
	}
	_, err := os.Stat(path)
	return err == nil
}

// outputName names an output path in messages.
func outputName(path string) string {
	if path == "-" {
		return "standard output"
	}
	return fmt.Sprintf("%q", path)
}

// distinctColumns reports whether the argument after distinct is its
// columns rather than the input or the next verb: not a verb, not "-",
// not a file or directory on disk, not a path with a data file's
// extension or a glob.
func distinctColumns(a string) bool {
	if _, isVerb := verbs[a]; isVerb || a == "-" || a == "" || strings.HasPrefix(a, "-") {
		return false
	}
	if fileExists(a) || formatOf(a) != nil || strings.ContainsAny(a, "/*?[") {
		return false
	}
	return true
}

// verbArgs describes the argument of each verb that takes one.
var verbArgs = map[string]string{
	"with":     "NAME=EXPR pairs separated by ;, e.g. with 'total=price * qty; city=upper(city)'",
	"group-by": "group-by KEYS agg NAME=EXPR[;NAME=EXPR...], e.g. group-by city agg 'n=count(id); best=max(score)' (group-by agg ... for the whole input)",
	"select":   "column paths separated by commas or spaces (`odd name` between backquotes), e.g. select recipe.title,tags",
	"filter":   `an expression, e.g. filter 'recipe.est_time < 60 and len(ingredients) > 4'`,
	"explode":  "a list column (several separated by commas), e.g. explode ingredients",
	"unnest":   "a structure column, e.g. unnest recipe",
	"sort":     "columns to sort by, - before one for descending, e.g. sort -recipe.est_time,id",
}

// parseCount reads head's and tail's count at the start of args: -n N,
// -nN, -n=N or N. used is how many arguments it took (0: none given).
func parseCount(args []string) (n, used int, err error) {
	a := args[0]
	var text string
	switch {
	case a == "-n":
		if len(args) < 2 {
			return 0, 0, errors.New("-n needs a number")
		}
		text, used = args[1], 2
	case strings.HasPrefix(a, "-n"):
		text, used = strings.TrimPrefix(a[2:], "="), 1
	default:
		if _, err := strconv.Atoi(a); err != nil {
			return 0, 0, nil
		}
		text, used = a, 1
	}
	n, err = strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, 0, fmt.Errorf("want a count of rows, got %q", text)
	}
	return n, used, nil
}

// looksLikeVerb reports whether an argument that is no verb was more
// likely meant as one than as a file: a plain lower-case word with no
// extension, path separator or dash (and no such file exists).
func looksLikeVerb(a string) bool {
	if a == "" || a == "-" {
		return false
	}
	for _, r := range a {
		if !(r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// verbList names the verbs for messages.
func verbList() string {
	return "show, head, limit, tail, schema, describe, select, filter, with, group-by, distinct, explode, unnest, sort, convert, query"
}
