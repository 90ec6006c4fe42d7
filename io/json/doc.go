// Package json reads and writes JSON rows: NDJSON (one value per line), a
// top-level array of records, or one document (a rank-0 Tensor).
//
// Reading ([Read], [ReadFile], [ReadTensor], batch by batch with a
// [Reader]) never decodes a record into a map[string]any: a hand-written
// tokenizer drives the streaming structured.Builder token by token, and the
// Builder appends every value straight into its Arrow column. The input is
// cut into blocks at line ends (NDJSON) or between the elements of an array
// and parsed on every core; a whole NDJSON file is cut into one range of
// lines per core. The schema is inferred over every row, or given with
// [WithSpec]. Malformed JSON is a *[SyntaxError] and valid JSON that does not
// fit the schema a *[RecordError], both naming the line and the byte offset
// (and the field path), and nothing is returned.
//
// Input compressed with gzip or zstd is recognized by its magic number,
// whatever the file's name, and decompressed as it streams into the
// parser, by every entry point, within [WithMaxDecompressed] bytes (64 GiB
// by default). A binary format recognized by its magic number (Parquet,
// Arrow, zip, xz, ...) is an error of cause [ErrNotText] that says what it
// looks like and what reads it.
//
// One value is read with about twice its size in memory (the input's
// buffer and its column): a row longer than a block is read into one
// buffer sized from the input's size when it is known (a file, a
// SectionReader, a compressed input's header), not doubled as it grows.
//
// Writing ([Write], [WriteFile], [WriteTensor], batch by batch with a
// [Writer]) compiles the Tensor once into one writer per column and appends
// rows into one buffer, on every core for large Tensors; floats are written
// so that they read back exactly.
//
// A Frame's index travels as the field "_index_" (see index.Encode):
// written by the writers, turned back into the index by the readers.
//
// Why a hand-written tokenizer and not github.com/go-faster/jx, the fastest
// maintained Go JSON decoder without JIT (see bench/jsoncompare, which
// drives the same Builder from both over the first 50 MiB of the benchmark
// recipes on one core): the whole path from bytes to Arrow columns is
// about the same speed or a little faster with ours (283 against 251 MB/s,
// medians of 4, on a 2-core VM under load: the Builder is most of the
// cost), and ours also gives what jx does not: errors with line, column and
// byte offset, RFC 8259 conformance including rejecting invalid UTF-8
// (checked on every JSONTestSuite file), string values handed over without
// a copy when they have no escape, a projection that skips keys inside the
// tokenizer, and no dependency.
package json
