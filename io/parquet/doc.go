// Package parquet reads and writes Parquet files as Frames and Tensors,
// with a decoder of its own for the common layouts and arrow-go's pqarrow
// for the rest and for writing.
//
// Reading ([Read], [ReadFile], [ReadTensor], row group by row group with a
// [Reader]) decodes the file's columns into Arrow arrays and hands them to
// structured.FromRecordBatch without copying: nested lists, structs and
// maps become the Tensor's ragged leaves and nested Tensors. [WithColumns]
// reads only the columns under the given dotted paths ("a", "b.c"): the
// other column chunks are never read nor decompressed. The one-call read
// decodes its columns on every core; a [Reader] holds one row group at a
// time, so a file larger than memory is read with memory bounded by its
// largest row group. [Stats] gives the row count, the row groups and the
// per-column null counts and min/max the file records, from its footer
// alone; [WithRowGroupFilter] uses them to skip, unread, the row groups
// where no row can satisfy comparisons ([Eq], [Lt], [Le], [Gt], [Ge],
// [In]) on columns outside lists.
//
// Writing ([Write], [WriteFile], [WriteTensor]) converts the Tensor to an
// Arrow record batch without copying and writes it with Snappy
// compression unless [WithCompression] says otherwise. The Arrow schema is
// stored in the file, so that types Parquet has no word for (large_string,
// large_list, durations) read back as they were written. A duration is
// written as its INT64 storage, the stored Arrow schema saying duration,
// as pyarrow writes it (pqarrow has no writer for it).
//
// A Frame's index travels as the column "_index_" (see index.Encode): written
// by the writers, turned back into the index by the readers, and kept by a
// projection. What a Frame's Spec says and Arrow's types cannot (a column
// of fixed dimension 0) is stored as the Spec under the file's key
// "structframe.spec" and given back on read (internal/arrowspec).
//
// The direct reader (direct.go) decodes the fields it knows whole: bools,
// integers and floats (half floats too), dates, times, timestamps,
// decimals stored as integers or as fixed-length byte arrays (pandas',
// DuckDB's and Polars' wide decimals), fixed-size binary and UUIDs,
// strings and binary (large or not), under lists (large or not), maps
// and structs, from PLAIN, dictionary, run-length encoded (booleans),
// delta (delta.go) and byte-stream-split pages, v1 or v2, levels
// run-length encoded, under any codec arrow-go has. Each leaf column is a job that decompresses its pages into one
// reused buffer (a local file is read in place, mapped) and writes its
// values into the Arrow buffer they end in; the job of a field's last
// leaf builds its lists' offsets and its validity from the levels. A
// column that would keep one core busy while the others wait (a file of
// one or two columns and many row groups) is decoded in parts, runs of
// row groups, on every core: numbers each in its place, as the footer's
// counts give it, strings each appended to the first as soon as the
// parts before it are (direct_parts.go). A
// field it meets anything else in (INT96 timestamps, dictionary-typed
// Arrow fields, delta-encoded fixed-length byte arrays, a page it finds
// corrupt) is read by pqarrow instead, whole, so every file reads as pqarrow reads it,
// errors included; the tests and FuzzRead compare the two on every
// input. On the 56 MB benchmark recipes it reads in 197 ms on one core,
// pqarrow in 341-371 ms.
//
// Files from other writers are read as pqarrow reads them: three-level
// lists (Spark, pyarrow, Polars, DuckDB) and legacy two-level lists become
// lists, pyarrow's and Polars' stored Arrow schema gives large_string,
// large_list, string_view, time zones and durations back (pqarrow cannot
// read a duration column: it is read as its INT64 storage and given its
// type back, see duration.go). testdata/otherwriters holds files Polars
// and DuckDB wrote, compared value by value in the tests. Errors are *[Error]s naming the file, the row group and the
// column where known.
//
// A corrupt file is an error, not a crash. arrow-go trusts the counts
// and lengths of a file's footer and page headers: it allocates a column
// chunk's stated size at once, a page's stated sizes before reading it,
// and decodes as many values as a page says it holds. And pqarrow opens
// the column chunks of a struct's fields on goroutines of its own (an
// errgroup per struct, even with its Parallel property off), where a
// panic cannot be recovered and ends the process. So before arrow-go
// sees a row group, every count and length that decides an allocation
// or a read is checked against the bytes of the file (check.go,
// internal/pqcheck): row counts non-negative and adding up to the
// file's, column chunks inside the file, their value counts covering the
// rows, and each page header's sizes and counts within its chunk and
// within 256 MiB uncompressed. A failed check is an *[Error] naming the
// row group and the column. The decoding itself runs on this package's
// goroutines, where a panic of arrow-go's decoder (FuzzRead found some:
// a nil dictionary page header, out-of-range dictionary indices) is
// recovered and returned as an *[Error] whose cause is a *[PanicError].
// What the decoder makes of a corrupt page can still break Arrow's
// invariants (a map's offsets past its entries): the Tensor a read makes
// is validated in full (structured's Validate, linear in its offsets:
// 6 ms for the 56 MB benchmark recipes file, the checks before the read
// 2.5 ms) before it is returned. pqarrow's Parallel property is never set, since it would decode on its
// goroutines; the parallel decoding is ours: one job per leaf column of
// the direct reader and per top-level column of pqarrow's, on GOMAXPROCS
// goroutines, each guarded.
//
// What the checks cannot bound is a file whose counts agree with each
// other and are large: run-length encoding states a million nulls in a
// few bytes, so a small crafted file can honestly decode to gigabytes.
// Such a file is read as what it says; read it with a [Reader] to hold
// one row group at a time.
//
// On Linux the readers allocate buffers of 1 MiB and more as anonymous
// memory mappings that grow in place and are unmapped when freed, instead
// of Go memory whose every doubling leaves a copy to the collector (see
// alloc_linux.go and [WithAllocator]).
package parquet
