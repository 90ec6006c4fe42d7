package ipc

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/structframe/structframe/internal/expect"
	"github.com/structframe/structframe/structured"
)

// dictMessages lists the messages of an IPC stream: "schema", "batch",
// "dict" (a first dictionary or a replacement) or "delta", read from
// the flatbuffers directly (arrow-go does not expose isDelta).
func dictMessages(t *testing.T, data []byte) []string {
	t.Helper()
	u32 := func(b []byte, at int) int { return int(binary.LittleEndian.Uint32(b[at:])) }
	// slot returns the position of field i of the table at tab, 0 if absent.
	slot := func(b []byte, tab, i int) int {
		vt := tab - int(int32(binary.LittleEndian.Uint32(b[tab:])))
		if 4+2*i+2 > int(binary.LittleEndian.Uint16(b[vt:])) {
			return 0
		}
		if off := int(binary.LittleEndian.Uint16(b[vt+4+2*i:])); off != 0 {
			return tab + off
		}
		return 0
	}
	var kinds []string
	for at := 0; at+8 <= len(data); {
		if u32(data, at) == 0xFFFFFFFF {
			at += 4
		}
		size := u32(data, at)
		at += 4
		if size == 0 {
			break
		}
		meta := data[at : at+size]
		root := u32(meta, 0)
		body := 0
		if p := slot(meta, root, 3); p != 0 {
			body = int(binary.LittleEndian.Uint64(meta[p:]))
		}
		switch meta[slot(meta, root, 1)] {
		case 1:
			kinds = append(kinds, "schema")
		case 2:
			kinds = append(kinds, "dict")
			h := slot(meta, root, 2)
			h += u32(meta, h)
			if p := slot(meta, h, 2); p != 0 && meta[p] == 1 {
				kinds[len(kinds)-1] = "delta"
			}
		case 3:
			kinds = append(kinds, "batch")
		}
		at += size + body
	}
	return kinds
}

// TestDictionaryDeltaReplacement: a stream Arrow JS wrote whose
// dictionary grows by a delta message before the second batch and is
// replaced before the third (arrow-go's stream reader applies both to its
// dictionary memo) reads with each batch's own values: batch by batch,
// whole (the batches joined, dictionaries unified), and decoded.
func TestDictionaryDeltaReplacement(t *testing.T) {
	const path = "testdata/otherwriters/arrowjs_dict_delta_replace.arrows"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	msgs := dictMessages(t, data)
	if want := []string{"schema", "dict", "batch", "delta", "batch", "dict", "batch"}; !slices.Equal(msgs, want) {
		t.Fatalf("the file holds the messages %v, want %v", msgs, want)
	}
	want, err := expect.Load(path + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int
	sb, err := os.ReadFile(path + ".batches.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(sb, &sizes); err != nil {
		t.Fatal(err)
	}
	for _, decode := range []bool{false, true} {
		r := NewReader(bytes.NewReader(data), WithDecodeDictionaries(decode))
		row := 0
		for i := 0; r.Next(); i++ {
			n := r.Tensor().NumRows()
			if i >= len(sizes) || n != sizes[i] {
				t.Fatalf("decode %v: batch %d has %d rows, want the sizes %v", decode, i, n, sizes)
			}
			if d := expect.Diff(expect.Canonical(r.Tensor().ToValue()), want.Rows[row:row+n]); d != "" {
				t.Errorf("decode %v: batch %d: rows%s", decode, i, d)
			}
			row += n
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		if row != len(want.Rows) {
			t.Errorf("decode %v: the Reader gave %d rows, want %d", decode, row, len(want.Rows))
		}
		whole, err := ReadTensor(bytes.NewReader(data), WithDecodeDictionaries(decode))
		if err != nil {
			t.Fatal(err)
		}
		if d := expect.Diff(expect.Canonical(whole.ToValue()), want.Rows); d != "" {
			t.Errorf("decode %v: Read: rows%s", decode, d)
		}
		v, _ := whole.Field("color")
		typ, _ := structured.ArrowType(v)
		if isDict := typ.String() != "utf8" && typ.String() != "string"; isDict == decode {
			t.Errorf("decode %v: the column is %s", decode, typ)
		}
	}
}
