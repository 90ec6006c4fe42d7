package ipc

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// fuzzSeeds are valid inputs of both layouts, plain and compressed, with
// nested and dictionary columns, to corrupt.
func fuzzSeeds(f *testing.F) {
	rec := otherRecord(&testing.T{}, memory.DefaultAllocator)
	defer rec.Release()
	nested := frame.FromTensor(structured.Must(structured.FromValue(nestedRecords))).SetIndex("id")
	for _, format := range []Format{File, Stream} {
		var b bytes.Buffer
		if err := Write(&b, nested, WithFormat(format)); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
		b.Reset()
		if err := Write(&b, nested, WithFormat(format), WithCompression(Zstd), WithBatchSize(2)); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
		f.Add(writeOther(&testing.T{}, format, []arrow.RecordBatch{rec}))
		f.Add(writeOther(&testing.T{}, format, []arrow.RecordBatch{rec}, aipc.WithLZ4()))
		b.Reset()
		if err := Write(&b, zeroDimFrame(&testing.T{}), WithFormat(format)); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes())
	}
	files, _ := filepath.Glob("testdata/otherwriters/*.arrow*")
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil && !strings.HasSuffix(path, ".json") && len(data) <= 1<<16 {
			f.Add(data)
		}
	}
}

// FuzzRead corrupts IPC bytes: reading gives a Frame or an error, never a
// panic or a hang, with the default options (which validate) and batch
// by batch; what it gives can be printed, converted to every format,
// validated and written back.
func FuzzRead(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		// The defaults, with buffers limited so that the fuzzer's memory
		// is (a buffer limit is no validation option).
		if fr, err := Read(bytes.NewReader(data), WithMaxBuffer(16<<20)); err == nil {
			useFrame(fr)
		}
		r := NewReader(bytes.NewReader(data), WithMaxBuffer(16<<20))
		for r.Next() {
			useFrame(r.Frame())
		}
		r.Close()
		tn, err := ReadTensor(bytes.NewReader(data), WithMaxBuffer(16<<20), WithValidate(true))
		if err != nil {
			return
		}
		_ = tn.String()
		if _, err := ReadTensor(bytes.NewReader(data), WithMaxBuffer(16<<20), WithValidate(true), WithDecodeDictionaries(true)); err != nil {
			t.Fatalf("decoding the dictionaries of a valid input: %v", err)
		}
		var b bytes.Buffer
		if err := WriteTensor(&b, tn); err != nil {
			return
		}
		back, err := ReadTensor(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("a Tensor read and written again does not read back: %v", err)
		}
		if !back.Equal(tn) {
			t.Fatalf("read back\n%s\nwant\n%s", back, tn)
		}
	})
}

// FuzzReadFileMapped corrupts IPC files read memory-mapped (ReadFile's
// path: arrow-go's mapped reader, structured.FromMappedRecordBatch):
// read with the default options, what reads is printed and converted to
// every format; validated, a file reads as the same bytes read from
// memory do, or both give an error; never a panic or a hang.
func FuzzReadFileMapped(f *testing.F) {
	fuzzSeeds(f)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		tmp, err := os.CreateTemp(dir, "*.arrow")
		if err != nil {
			t.Fatal(err)
		}
		path := tmp.Name()
		defer os.Remove(path)
		if _, err := tmp.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := tmp.Close(); err != nil {
			t.Fatal(err)
		}
		if fr, err := ReadFile(path, WithMaxBuffer(16<<20)); err == nil {
			useFrame(fr) // the defaults, read as the command reads
		}
		mapped, errMapped := ReadTensorFile(path, WithMaxBuffer(16<<20), WithValidate(true))
		inMemory, errMemory := ReadTensor(bytes.NewReader(data), WithMaxBuffer(16<<20), WithValidate(true))
		if (errMapped == nil) != (errMemory == nil) {
			t.Fatalf("mapped read error %v, in-memory read error %v", errMapped, errMemory)
		}
		if errMapped != nil {
			return
		}
		if !mapped.Equal(inMemory) {
			t.Fatalf("mapped read\n%s\nin-memory read\n%s", mapped, inMemory)
		}
		_ = mapped.String()
	})
}
