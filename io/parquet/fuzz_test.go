package parquet

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/json"
)

// FuzzRead feeds corrupted Parquet bytes to every read entry point, with
// the default options and the others (see readEveryWay), and prints and
// converts every Frame read: each read gives a Frame or an error, never a
// panic, a fatal error or a hang, and the direct reader's read is
// pqarrow's (see assertSameRead). testdata/fuzz/FuzzRead keeps the inputs
// that once failed: the recipes file with each of nine footer bytes set
// to 0xff (a negative column chunk size, allocated on a goroutine of
// pqarrow's), among others.
func FuzzRead(f *testing.F) {
	small := frame.FromColumns([]string{"id", "name"}, []int64{1, 2, 3}, []string{"a", "", "c"})
	f.Add(writeBytes(f, small))
	f.Add(writeBytes(f, small, WithCompression(Uncompressed)))
	f.Add(writeBytes(f, kindFrame(f), WithRowGroupRows(2)))
	f.Add(writeBytes(f, kindFrame(f), WithCompression(Zstd)))
	f.Add([]byte("PAR1PAR1"))
	f.Add(writeBytes(f, filterFrame(&testing.T{}), WithRowGroupRows(4)))
	f.Add(writeBytes(f, pagesFrame(300, 1), WithDataPageSize(64))) // page indexes of many pages
	f.Add(writeBytes(f, zeroDimFrame(&testing.T{})))
	if recipes, err := json.ReadFile("../../testdata/recipes.json"); err == nil {
		f.Add(writeBytes(f, recipes))
	}
	// Every leaf type the direct reader decodes, decimals as fixed-length
	// byte arrays, booleans run-length encoded in version 2 pages.
	rec := directRecord(&testing.T{}, rand.New(rand.NewPCG(1, 1)), 30)
	f.Add(writeArrow(&testing.T{}, rec, pq.NewWriterProperties(pq.WithDataPageVersion(pq.DataPageV2), pq.WithDictionaryDefault(false),
		pq.WithEncodingFor("b", pq.Encodings.RLE), pq.WithCompression(compress.Codecs.Uncompressed)), pqarrow.DefaultWriterProps()))
	rec.Release()
	files, _ := filepath.Glob("testdata/otherwriters/*.parquet")
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil && len(data) <= 1<<16 {
			f.Add(data)
		}
	}
	// While fuzzing, an input read for a minute is a hang: the panic of
	// the timer's goroutine ends the worker, and the fuzzer keeps the
	// input.
	fuzzing := flag.Lookup("test.fuzz") != nil && flag.Lookup("test.fuzz").Value.String() != ""
	dir := f.TempDir()
	paths := []string{"name", "ingredients.name", "recipe.serves", "map.key", "recs.tags"}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		if fuzzing {
			defer time.AfterFunc(time.Minute, func() { panic("hang: one input read for a minute") }).Stop()
		}
		var c tally
		readEveryWay(t, "the input", dir, data, paths, "id", &c)
		// the direct reader reads what pqarrow reads, or gives the
		// field to it, its leaves whole or in parts
		assertSameRead(t, "the input", data)
		assertSameRead(t, "the input in parts", data, inParts)
	})
}
