// Package expect compares what a reader read with the values a file's
// writer says it wrote: the JSON that io/ipc/testdata/otherwriters/make.js
// and io/parquet/testdata/otherwriters/make.js write beside each file
// ("<file>.json"). It is for tests; it lives apart so that both io
// packages compare the same way.
//
// The JSON holds the rows in one canonical form, the one [Canonical]
// turns Tensor.ToValue's Go values into: integers and floats as numbers,
// decimals as exact strings, timestamps as UTC instants
// "2006-01-02T15:04:05.999999999Z", dates as "2006-01-02", durations
// (and times of day) as integer nanoseconds, binaries as strings, maps
// with string keys as objects, nulls as null at every level.
package expect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"reflect"
	"sort"
	"strconv"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// File is the content of a "<file>.json": the rows written and the time
// zone of each zoned timestamp column.
type File struct {
	Rows  []any             `json:"rows"`
	Zones map[string]string `json:"zones"`
}

// Load reads the JSON at path, numbers kept exact (json.Number).
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &f, nil
}

// Canonical turns a value of Tensor.ToValue into the canonical form of
// the package doc. A Go type it does not know becomes a string naming
// the type, which equals no expected value.
func Canonical(v any) any {
	switch x := v.(type) {
	case nil, bool, string:
		return x
	case []byte:
		return string(x)
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64:
		return json.Number(fmt.Sprint(x))
	case float32:
		return json.Number(strconv.FormatFloat(float64(x), 'g', -1, 32))
	case float64:
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	case time.Time:
		return x.UTC().Format("2006-01-02T15:04:05.999999999Z")
	case arrow.Date32:
		return x.ToTime().Format("2006-01-02")
	case time.Duration:
		return json.Number(strconv.FormatInt(int64(x), 10))
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Canonical(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = Canonical(e)
		}
		return out
	}
	return fmt.Sprintf("unexpected Go type %T: %v", v, v)
}

// Diff returns the first difference between got (canonical) and want (as
// Load decodes it), named by its path ("[2].los[0].a"), or "". Numbers
// are equal when their values are (1 and 1.0 are).
func Diff(got, want any) string { return diff("", got, want) }

func diff(path string, got, want any) string {
	switch w := want.(type) {
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !sameNumber(g, w) {
			return fmt.Sprintf("%s: got %#v, want %s", path, got, w)
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: got %#v, want %d items %v", path, got, len(w), w)
		}
		for i := range w {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); d != "" {
				return d
			}
		}
		return ""
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok || len(g) != len(w) {
			return fmt.Sprintf("%s: got %#v, want %v", path, got, w)
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s: no key %q in %v", path, k, g)
			}
			if d := diff(path+"."+k, gv, w[k]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("%s: got %#v, want %#v", path, got, want)
	}
	return ""
}

func sameNumber(a, b json.Number) bool {
	x, ok1 := new(big.Rat).SetString(string(a))
	y, ok2 := new(big.Rat).SetString(string(b))
	return ok1 && ok2 && x.Cmp(y) == 0
}
