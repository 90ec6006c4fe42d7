package csv

import (
	"bytes"
	encsv "encoding/csv"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestRealFiles reads every .csv under $STRUCTFRAME_REALCSV (skipped when
// unset), checks the record count against encoding/csv and the write/read
// round trip, and logs what it saw: outcomes, column types, BOMs, CRLFs.
func TestRealFiles(t *testing.T) {
	dir := os.Getenv("STRUCTFRAME_REALCSV")
	if dir == "" {
		t.Skip()
	}
	var files []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && filepath.Ext(p) == ".csv" && info.Size() > 0 {
			files = append(files, p)
		}
		return nil
	})
	stats := map[string]int{}
	examples := map[string]string{}
	for _, p := range files {
		data, _ := os.ReadFile(p)
		f, err := ReadFile(p)
		if err != nil {
			var pe *ParseError
			key := "error"
			if errors.As(err, &pe) {
				key = "error: " + errors.Unwrap(pe.Err).Error()
			}
			stats[key]++
			if examples[key] == "" {
				examples[key] = err.Error()
			}
			continue
		}
		stats["ok"]++
		if bytes.HasPrefix(data, bom) {
			stats["with BOM"]++
		}
		if bytes.Contains(data, []byte("\r\n")) {
			stats["with CRLF"]++
		}
		if d, err := f.Data(); err == nil {
			for _, v := range d.Fields() {
				if dd, ok := v.Value.(interface{ DataType() arrow.DataType }); ok {
					stats["column "+dd.DataType().String()]++
				}
			}
		}
		// encoding/csv agreement on record count
		recs, err := encsv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			stats["encoding/csv fails, we read"]++
			examples["encoding/csv fails, we read"] = p + ": " + err.Error()
		} else if len(recs)-1 != f.NumRows() {
			stats["row count differs from encoding/csv"]++
			examples["row count differs from encoding/csv"] = p
		}
		var buf bytes.Buffer
		if err := Write(&buf, f); err != nil {
			stats["write error"]++
			examples["write error"] = p + ": " + err.Error()
			continue
		}
		back, err := Read(bytes.NewReader(buf.Bytes()), typesOf(t, f))
		if err != nil || !frameEqual(t, f, back) {
			stats["round trip differs"]++
			examples["round trip differs"] = p
		}
	}
	keys := make([]string, 0, len(stats))
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%6d %s   e.g. %s", stats[k], k, examples[k])
	}
}
