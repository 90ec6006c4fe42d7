package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/io/formats"
	sjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// Type conflicts in JSON: real files hold fields whose values are of two
// types (vega-datasets' movies.json has titles that are strings and
// numbers; GitHub's webhooks have a created_at that is a number in one
// payload and a string in another). The library's readers refuse them
// (structured.ConflictError), which would leave the viewer useless on
// such files; the command reads the input again with
// structured.ConflictJSONText, which keeps such a field as a string
// column of each value's JSON text (as DuckDB's JSON type does; strings
// stay as they are), and says so in one line on standard error naming
// the fields. --strict keeps the error.

// lenientOptions are formatOptions with JSON type conflicts read as JSON
// text.
var lenientOptions = append(append([]formats.Option{}, formatOptions...),
	formats.WithJSONOptions(sjson.WithBuildOptions(structured.WithConflicts(structured.ConflictJSONText))))

// isConflict reports whether a read error may be a JSON type conflict,
// which a lenient read forgives: a schema error of the builder.
func isConflict(err error) bool {
	return err != nil && errors.Is(err, structured.ErrSchema)
}

// rowPositions matches the row positions of an error's field path
// ("items[3].x").
var rowPositions = regexp.MustCompile(`\[[0-9]+\]`)

// conflictField is the field path (without row positions) a strict
// read's conflict error names; "" for none.
func conflictField(err error) string {
	var se *structured.Error
	if !isConflict(err) || !errors.As(err, &se) {
		return ""
	}
	return rowPositions.ReplaceAllString(se.Field, "")
}

// maxConflictProbes bounds the reads conflictFields makes.
const maxConflictProbes = 16

// conflictFields names the fields a lenient read kept as JSON text. The
// values do not tell (a string stays as it is, a number becomes its
// text), so it asks the strict reader: each strict read of the string
// fields of the lenient schema spec not named yet stops at the next
// conflict, naming its field, until one goes through (or
// maxConflictProbes reads, past which the list ends with "..."). probe
// reads the input strictly, projected to some paths; a projected read
// of string fields is cheap.
func conflictFields(strictErr error, spec *structured.Spec, probe func(cols []string) error) []string {
	var candidates []string
	stringPaths(spec.Fields, "", &candidates)
	found := map[string]bool{}
	var extra []string // named but no string field of spec (kept in the note)
	note := func(f string) bool {
		if f == "" || found[f] {
			return false
		}
		found[f] = true
		if !slices.Contains(candidates, f) {
			extra = append(extra, f)
		}
		return true
	}
	note(conflictField(strictErr))
	probes := 0
	for ; probes < maxConflictProbes; probes++ {
		var rest []string
		for _, c := range candidates {
			if !found[c] {
				rest = append(rest, c)
			}
		}
		if len(rest) == 0 || !note(conflictField(probe(rest))) {
			break
		}
	}
	var fields []string
	for _, c := range candidates {
		if found[c] {
			fields = append(fields, c)
		}
	}
	fields = append(fields, extra...)
	if probes == maxConflictProbes {
		fields = append(fields, "...")
	}
	return fields
}

// stringPaths lists the dotted paths of the string leaves of fields, in
// schema order, through structures and lists (not map entries).
func stringPaths(fields []structured.FieldSpec, prefix string, out *[]string) {
	for _, f := range fields {
		switch {
		case f.Map:
		case f.IsStruct():
			stringPaths(f.Fields, prefix+f.Name+".", out)
		case dtype.Of(f.Type).Class == dtype.ClassString:
			*out = append(*out, prefix+f.Name)
		}
	}
}

// printConflictNote writes the one line that says which fields were read
// as JSON text.
func printConflictNote(w io.Writer, fields []string) {
	if len(fields) == 0 {
		fmt.Fprintln(w, "structframe: note: a field holds values of several types, read as JSON text (--strict to refuse)")
		return
	}
	word := "field"
	if len(fields) > 1 {
		word = "fields"
	}
	list := strings.Join(fields, ", ")
	fmt.Fprintf(w, "structframe: note: values of several types read as JSON text (--strict to refuse) in %s %s\n", word, list)
}
