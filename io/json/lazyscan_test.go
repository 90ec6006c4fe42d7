package json

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
	"github.com/structframe/structframe/structured"
)

// TestScanLateKeys: a scan gives the whole file's schema: a key first
// seen after the first batch, and a field null in the first batch and a
// number later, read as Read reads them; a Head reads only its rows.
func TestScanLateKeys(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		switch {
		case i == 2999:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": 2.5, \"z\": \"late\"}\n", i)
		case i < 1500:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": null}\n", i)
		default:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": %d.5}\n", i, i)
		}
	}
	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eager, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cond := frame.Col("z").IsNotNull().Or(frame.Col("x").Gt(frame.Lit(2990.0)))
	got, err := Scan(path, WithBatchSize(100)).Filter(cond).Select("a", "x", "z").Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := eager.Filter(cond).Select("a", "x", "z"); got.String() != want.String() {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
	head, err := Scan(path).Head(2).Collect(ctx)
	if err != nil || head.NumRows() != 2 {
		t.Errorf("head: %v (%v)", head, err)
	}
}

// TestScanSampledSchema: a scan takes its schema from its first rows
// and reads the file once, against it; a later row that does not fit makes Collect
// run again on the whole file's schema, so that the result (or the
// error) is the eager read's; a Stream that has already yielded reports
// the row, saying how to avoid it.
func TestScanSampledSchema(t *testing.T) {
	ctx := context.Background()
	cases := []string{
		`{"a":1}` + "\n" + `{"a":2}`,
		`{"a":1}` + "\n" + `{"a":3.0}`,
		`{"a":1}` + "\n" + `{"a":1,"b":"late"}`,
		`{"a":null}` + "\n" + `{"a":1}`,
		`{"a":"x"}` + "\n" + `{"a":1}`, // an error of the eager read too
		`{"a":{"x":1}}` + "\n" + `{"a":{"y":[1]}}`,
		`{"a":[1]}` + "\n" + `{"a":[1.5, 2]}`,
		`{"a":1}` + "\n" + `{"a":123456789012345678901234}`,
	}
	for _, in := range cases {
		path := filepath.Join(t.TempDir(), "x.ndjson")
		if err := os.WriteFile(path, []byte(in+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		eager, eagerErr := ReadFile(path)
		for _, opts := range [][]Option{{WithInferSchemaLength(1)}, {WithInferSchemaLength(1), WithBatchSize(1)}} {
			got, err := Scan(path, opts...).Collect(ctx)
			switch {
			case (err != nil) != (eagerErr != nil):
				t.Errorf("%q: scan %v, eager %v", in, err, eagerErr)
			case err == nil && (got.String() != eager.String() || !sameSchema(got, eager)):
				t.Errorf("%q: scan\n%v %v\neager\n%v %v", in, got, got.Schema(), eager, eager.Schema())
			}
		}
	}

	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(cases[1]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	q := Scan(path, WithBatchSize(1), WithInferSchemaLength(1))
	plan, err := q.Explain(ctx)
	if err != nil || !strings.Contains(plan, "schema: the first 1 rows'") {
		t.Errorf("explain: %v\n%s", err, plan)
	}
	var batches int
	var streamErr error
	for b, err := range q.Stream(ctx) {
		if err != nil {
			streamErr = err
			break
		}
		batches += b.NumRows()
	}
	if batches != 1 || streamErr == nil || !strings.Contains(streamErr.Error(), "WithSchemaFromFirstBatch(false)") {
		t.Errorf("stream: %d rows, then %v", batches, streamErr)
	}
	// Asked for the whole file's schema first, the stream has it.
	batches = 0
	for b, err := range Scan(path, WithBatchSize(1), WithInferSchemaLength(1), WithSchemaFromFirstBatch(false)).Stream(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if b.Schema().Fields[0].Type.ID() != arrow.FLOAT64 {
			t.Errorf("whole-file schema: batch %v", b.Schema())
		}
		batches++
	}
	if batches != 2 {
		t.Errorf("whole-file schema: %d batches", batches)
	}
}

// TestSampleSchemaIsFirstBatch: the schema a scan plans with, inferred
// over the first n rows with no batch kept, is the schema of a Reader's
// first batch of n rows, whatever the blocks the rows are cut into.
func TestSampleSchemaIsFirstBatch(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		switch {
		case i < 700:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": null, \"l\": []}\n", i)
		case i < 1500:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": %d, \"l\": [{\"p\": %d}]}\n", i, i, i)
		default:
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": %d.5, \"l\": [{\"p\": 1.5, \"q\": true}], \"late\": {\"k\": %d}}\n", i, i, i)
		}
	}
	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	smallBlocks := func(c *config) { c.read.blockBytes = 300 }
	for _, n := range []int{1, 7, 699, 700, 701, 1499, 1500, 1501, 2999, 3000, 5000} {
		for _, opts := range [][]Option{nil, {smallBlocks}, {smallBlocks, WithParallelism(1)}} {
			got, err := scanSchema(context.Background(), path, opts, n)
			if err != nil {
				t.Fatal(err)
			}
			r, err := OpenFile(path, append(opts, WithSchemaFromFirstBatch(true), WithBatchSize(n))...)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Next() {
				t.Fatal(r.Err())
			}
			if !sameSchema(got, r.Frame()) {
				t.Errorf("%d rows, %d options: sampled %v, first batch %v", n, len(opts), got.Schema(), r.Frame().Schema())
			}
			r.Close()
		}
	}
}

// TestScanCountsInput: a run's Stats count the bytes its JSON scans
// parsed, all of the file once it is read (a progress bar's count).
func TestScanCountsInput(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "{\"a\": %d, \"s\": \"row %d\"}\n", i, i)
	}
	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stats lazy.Stats
	if _, err := Scan(path, WithBatchSize(500)).Select("a").Collect(context.Background(), lazy.WithStats(&stats)); err != nil {
		t.Fatal(err)
	}
	if got := stats.InputBytes.Load(); got != int64(b.Len()) {
		t.Errorf("counted %d bytes of %d", got, b.Len())
	}
}

// sameSchema compares two frames' columns and types, nullability and
// row counts aside.
func sameSchema(a, b *frame.Frame) bool {
	types := func(f *frame.Frame) string {
		s := strings.ReplaceAll(f.Schema().String(), "?", "")
		_, fields, _ := strings.Cut(s, " * ")
		return fields
	}
	return types(a) == types(b)
}

// TestScanPaths: a query reading one field of a nested column reads that
// path only (the scan's columns), nested as it was, and gives the eager
// result.
func TestScanPaths(t *testing.T) {
	var b strings.Builder
	for i := range 50 {
		fmt.Fprintf(&b, "{\"id\": %d, \"user\": {\"name\": \"n%d\", \"bio\": \"%s\"}, \"items\": [{\"p\": %d, \"q\": \"x\"}]}\n", i, i, strings.Repeat("b", i), i%7)
	}
	path := filepath.Join(t.TempDir(), "x.ndjson")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eager, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	exprs := []frame.Expr{frame.Col("id"), frame.Col("user.name").Alias("name"), frame.Col("items.p").Alias("p")}
	q := Scan(path).Filter(frame.Col("id").Gt(frame.Lit(int64(40)))).SelectExprs(exprs...)
	plan, err := q.Explain(ctx)
	if err != nil || !strings.Contains(plan, "columns: id, user.name, items.p") {
		t.Errorf("Explain:\n%s (%v)", plan, err)
	}
	got, err := q.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := eager.Filter(frame.Col("id").Gt(frame.Lit(int64(40)))).SelectExprs(exprs...); got.String() != want.String() {
		t.Errorf("scan\n%v\neager\n%v", got, want)
	}
}

// TestSinkLateRow: a row past the first batch that does not fit its
// schema makes Sink write the file again on the whole file's schema, as
// Collect reads it, not fail.
func TestSinkLateRow(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		if i == 250 {
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": \"late\"}\n", i)
		} else {
			fmt.Fprintf(&b, "{\"a\": %d, \"x\": null}\n", i)
		}
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.ndjson"), filepath.Join(dir, "out.ndjson")
	if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Sink(context.Background(), Scan(in, WithBatchSize(10)), out); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := ReadFile(in)
	if got.NumRows() != 300 || !sameSchema(got, want) || got.String() != want.String() {
		t.Errorf("sunk\n%v %v\nread\n%v %v", got, got.Schema(), want, want.Schema())
	}
}

// TestScanInferSchemaLength: a scan infers its schema from
// WithInferSchemaLength rows and reads the rows against it: a Stream
// whose batches have left reports a later row that does not fit (in a
// column it reads), and Collect reads again on the whole file's schema,
// for the eager result.
func TestScanInferSchemaLength(t *testing.T) {
	write := func(late string) string {
		var b strings.Builder
		for i := range 3000 {
			if i == 2500 && late != "" {
				b.WriteString(late + "\n")
				continue
			}
			fmt.Fprintf(&b, "{\"a\": %d, \"s\": \"row %d\", \"n\": {\"x\": %d, \"y\": \"z\"}}\n", i, i, i)
		}
		path := filepath.Join(t.TempDir(), "x.ndjson")
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	ctx := context.Background()
	for _, tc := range []struct {
		late string // row 2500, when not ""
		bad  string // the column it does not fit
	}{
		{"", ""},
		{`{"a": 1, "s": "x", "n": {"x": 1, "y": "z"}}`, ""},
		{`{"a": 1, "n": null}`, ""},
		{`{"a": 1.5, "s": "x", "n": {"x": 1, "y": "z"}}`, "a"},
		{`{"a": 1, "s": 7, "n": {"x": 1, "y": "z"}}`, "s"},
		{`{"a": 1, "s": "x", "n": {"x": 1, "y": "z", "w": true}}`, "n"},
		{`{"a": 1, "n": {"x": "late"}}`, "n"},
	} {
		path := write(tc.late)
		eager, eagerErr := ReadFile(path)
		for _, cols := range [][]string{{"a", "s", "n"}, {"a"}, {"n"}} {
			q := Scan(path, WithInferSchemaLength(10)).Select(cols...)
			got, err := q.Collect(ctx)
			switch {
			case eagerErr != nil:
				if err == nil && slices.Contains(cols, tc.bad) {
					t.Errorf("%s %v: no error, eager %v", tc.late, cols, eagerErr)
				}
			case err != nil:
				t.Errorf("%s %v: %v", tc.late, cols, err)
			default:
				if want := eager.Select(cols...); got.String() != want.String() || !sameSchema(got, want) {
					t.Errorf("%s %v: scan\n%v %v\neager\n%v %v", tc.late, cols, got, got.Schema(), want, want.Schema())
				}
			}
			var streamErr error
			rows := 0
			for b, err := range Scan(path, WithInferSchemaLength(10), WithBatchSize(100)).Select(cols...).Stream(ctx) {
				if err != nil {
					streamErr = err
					break
				}
				rows += b.NumRows()
			}
			if bad := slices.Contains(cols, tc.bad); (streamErr != nil) != bad || bad && rows != 2500 {
				t.Errorf("%s %v: stream of %d rows ended by %v, want an error at row 2500: %v", tc.late, cols, rows, streamErr, bad)
			}
		}
	}
}

// TestProjectFields: the schema a scan reads its columns against holds
// only the fields of the paths read, nested as they were.
func TestProjectFields(t *testing.T) {
	f, err := Read(strings.NewReader(`{"a": 1, "b": {"x": 1, "y": "s", "z": {"p": 1, "q": 2}}, "l": [{"u": 1, "v": 2}], "m": {"k": 1}}` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	names := func(fs []structured.FieldSpec) string {
		var parts []string
		for _, f := range fs {
			s := f.Name
			if f.Fields != nil {
				var kids []string
				for _, k := range f.Fields {
					kids = append(kids, k.Name)
				}
				s += "{" + strings.Join(kids, " ") + "}"
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " ")
	}
	for _, tc := range []struct {
		cols []string
		want string
	}{
		{[]string{"a"}, "a"},
		{[]string{"b.y", "a"}, "a b{y}"},
		{[]string{"b.z.q"}, "b{z}"},
		{[]string{"b", "b.x"}, "b{x y z}"},
		{[]string{"l.v"}, "l{v}"},
		{[]string{"b.nothere"}, "b{x y z}"},
		{[]string{"nothere"}, ""},
	} {
		p, err := newProjection(tc.cols)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(projectFields(f.Schema().Fields, p)); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.cols, got, tc.want)
		}
		// The scan's schema of those columns is the batches' schema.
		if tc.want == "" {
			continue
		}
		all := func(context.Context) (*frame.Frame, error) { return f, nil }
		s, err := projectSchema(context.Background(), all, tc.cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(s.Schema().Fields); got != tc.want {
			t.Errorf("%v: projectSchema %q, want %q", tc.cols, got, tc.want)
		}
	}
}
