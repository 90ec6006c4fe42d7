package ipc

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

// TestDecodeDictionaries: with the option, dictionary columns (top level
// and inside a list of structs) read as plain columns with the same
// values, nulls included; without it they stay dictionaries.
func TestDecodeDictionaries(t *testing.T) {
	rec := otherRecord(t, memory.DefaultAllocator)
	defer rec.Release()
	want := structured.Must(structured.FromRecordBatch(rec))
	for _, format := range []Format{File, Stream} {
		data := writeOther(t, format, []arrow.RecordBatch{rec, rec})
		kept, err := ReadTensor(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if typ, _ := kept.ArrowSchema(); !strings.Contains(typ.String(), "dictionary") {
			t.Errorf("%v: dictionaries not kept: %s", format, typ)
		}
		got, err := ReadTensor(bytes.NewReader(data), WithDecodeDictionaries(true))
		if err != nil {
			t.Fatal(err)
		}
		typ, err := got.ArrowSchema()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(typ.String(), "dictionary") {
			t.Errorf("%v: still dictionaries: %s", format, typ)
		}
		w := want.ToValue().([]any)
		if g := got.ToValue().([]any); !reflect.DeepEqual(g, append(w, w...)) {
			t.Errorf("%v: decoded\n%v\nwant\n%v", format, g, append(w, w...))
		}
	}
}
