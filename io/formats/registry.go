package formats

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
)

// The formats. Reading, JSON and NDJSON each read both layouts (io/json
// tells them apart), and so do Arrow and ArrowStream (io/ipc does); they
// differ in what they write.
var (
	// CSV is comma-separated values, with a header (io/csv): .csv.
	CSV = &Format{
		name: "csv", exts: []string{".csv"}, kind: KindCSV,
		text: true, untyped: true, ops: csvOps(),
	}
	// TSV is tab-separated values (io/csv with a tab delimiter): .tsv,
	// .tab.
	TSV = &Format{
		name: "tsv", exts: []string{".tsv", ".tab"}, kind: KindCSV,
		text: true, untyped: true, ops: csvOps(csv.WithDelimiter('\t')),
	}
	// JSON is a JSON array of records (io/json): .json. Files of JSON
	// lines named .json read as well.
	JSON = &Format{
		name: "json", exts: []string{".json"}, kind: KindJSON,
		text: true, nested: true, leads: "[{", ops: jsonOps(json.Array),
	}
	// NDJSON is JSON lines, a record a line (io/json): .ndjson, .jsonl.
	NDJSON = &Format{
		name: "ndjson", aliases: []string{"jsonl"}, exts: []string{".ndjson", ".jsonl"}, kind: KindJSON,
		text: true, nested: true, ops: jsonOps(json.NDJSON),
	}
	// Arrow is the Arrow IPC file format, also Feather v2 (io/ipc): .arrow,
	// .feather, .ipc. Reading maps the file.
	Arrow = &Format{
		name: "arrow", aliases: []string{"feather", "ipc"}, exts: []string{".arrow", ".feather", ".ipc"}, kind: KindIPC,
		nested: true, magic: []sniff.Format{sniff.ArrowFile}, ops: ipcOps(ipc.Auto),
	}
	// ArrowStream is the Arrow IPC stream format, for pipes and sockets
	// (io/ipc): .arrows.
	ArrowStream = &Format{
		name: "arrows", exts: []string{".arrows"}, kind: KindIPC,
		nested: true, magic: []sniff.Format{sniff.ArrowStream}, ops: ipcOps(ipc.Stream),
	}
	// Parquet is Apache Parquet (io/parquet): .parquet, .pq, .parq.
	Parquet = &Format{
		name: "parquet", exts: []string{".parquet", ".pq", ".parq"}, kind: KindParquet,
		nested: true, magic: []sniff.Format{sniff.Parquet}, ops: parquetOps(),
	}
)

// registry is every format, in the order messages list them; the first
// of a kind is the one [OfKind] gives.
var registry = []*Format{CSV, TSV, JSON, NDJSON, Arrow, ArrowStream, Parquet}

// ErrUnknown is the cause of the errors of [ByName] and [ByPath] for a
// name or an extension no format has, for errors.Is.
var ErrUnknown = errors.New("unknown format")

// All is every format, in the order messages list them.
func All() []*Format { return slices.Clone(registry) }

// OfKind is the first format of kind k (CSV, JSON, Arrow, Parquet): the
// one a reader of that kind reads a file whose name says nothing as. Nil
// for a kind there is none of.
func OfKind(k Kind) *Format {
	for _, f := range registry {
		if f.kind == k {
			return f
		}
	}
	return nil
}

// ByName is the format a user names: a name of [Format.Names] or an
// extension, with or without its dot, in any case ("ndjson", "jsonl",
// "PQ", ".tab"). Any other name is an error of cause [ErrUnknown]
// listing the names.
func ByName(name string) (*Format, error) {
	n := strings.ToLower(strings.TrimPrefix(name, "."))
	for _, f := range registry {
		if n == f.name || slices.Contains(f.aliases, n) || slices.Contains(f.exts, "."+n) {
			return f, nil
		}
	}
	return nil, fmt.Errorf("%w %q (formats: %s)", ErrUnknown, name, List())
}

// ByPath is the format a file's extension names, in any case. A
// compression extension (.gz, .gzip, .zst, .zstd) is looked through:
// "events.csv.gz" is CSV, which its reader decompresses, and
// "data.parquet.gz" is Parquet, which no reader reads compressed (see
// [Compressed] and [Format.Text]). An extension no format has is an error
// of cause [ErrUnknown] naming the path and the extensions known.
func ByPath(path string) (*Format, error) {
	ext := strings.ToLower(filepath.Ext(sniff.TrimExt(path)))
	for _, f := range registry {
		if slices.Contains(f.exts, ext) {
			return f, nil
		}
	}
	what := "no extension"
	if ext != "" {
		what = fmt.Sprintf("extension %q", ext)
	}
	return nil, fmt.Errorf("%s: %w: %s (extensions: %s; text also compressed, .gz or .zst)", path, ErrUnknown, what, Extensions())
}

// List names the formats for messages: each one's names joined by "/",
// "csv, tsv, json, ndjson/jsonl, arrow/feather/ipc, arrows, parquet".
func List() string {
	names := make([]string, len(registry))
	for i, f := range registry {
		names[i] = strings.Join(f.Names(), "/")
	}
	return strings.Join(names, ", ")
}

// Extensions lists every format's extensions for messages: ".csv, .tsv,
// .tab, .json, ...".
func Extensions() string {
	var exts []string
	for _, f := range registry {
		exts = append(exts, f.exts...)
	}
	return strings.Join(exts, ", ")
}
