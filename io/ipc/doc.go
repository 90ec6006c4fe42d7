// Package ipc reads and writes Arrow IPC data, the file format (Feather
// v2, "ARROW1" magic, random access by footer) and the stream format
// (messages one after another), through arrow-go's arrow/ipc.
//
// Reading ([Read], [ReadFile], [ReadTensor], batch by batch with a
// [Reader]) hands the record batches to structured.FromRecordBatch
// (FromMappedRecordBatch for a mapped file), which shares every buffer:
// nothing is decoded value by value. [ReadFile] maps
// the file into memory and the Frame's buffers point into the mapping (no
// copy, and a read time that does not grow with the row count); the
// mapping is unmapped only once no Frame, Tensor or Arrow array reads it
// any more (see mmap.go), so a Frame stays valid after its Reader is
// closed. A mapped file must not be truncated or rewritten in place while
// a Frame over it is in use: [ReadFile] says what a read then sees, and
// why long-lived services read WithMmap(false). Input from outside is
// checked before arrow-go decodes it (every count and length of the
// footer and messages, see internal/arrowcheck) and every batch's layout
// is validated ([WithValidate]), so a corrupt file is an error naming the
// file, the column and the record batch. Every nested type is read: lists, large lists, fixed size
// lists, list views, structs, maps, dictionaries (kept as dictionary
// columns, or decoded by [WithDecodeDictionaries]), string and binary
// views, decimals, timestamps with zones. Compressed bodies (lz4, zstd)
// are decompressed into fresh memory.
//
// Writing ([Write], [WriteFile], [WriteTensor], batch by batch with a
// [Writer]) converts the Frame to a record batch without copying and
// writes the file format or, by [WithFormat], the stream format,
// compressed by [WithCompression].
//
// A Frame's index travels as the column "_index_" (see index.Encode):
// written by the writers, turned back into the index by the readers. The
// schema's key/value metadata is read ([Reader.ArrowSchema]) and written
// ([WithMetadata]). What a Frame's Spec says and Arrow's types cannot (a
// column of fixed dimension 0, which Arrow writes as a list) is stored as
// the Spec under the key "structframe.spec" and given back on read (see
// internal/arrowspec).
//
// testdata/otherwriters holds files Polars and Arrow JS wrote (with the
// script that made them), compared value by value in the tests, among
// them a stream whose dictionary grows by a delta message and is then
// replaced: arrow-go's stream reader applies both, and each batch reads
// with its own dictionary.
package ipc
