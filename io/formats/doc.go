// Package formats is the one table of the file formats structframe reads
// and writes: CSV, TSV, JSON (an array of records), NDJSON (a record a
// line), the Arrow IPC file and stream formats, and Parquet. Each row (a
// [*Format]) says what users call the format (the names a --format flag
// takes), the extensions its files have, the first bytes that tell its
// content, and how a frame is read whole, read batch by batch and written,
// with which options. io/dataset and the structframe command ask the table
// instead of keeping lists of extensions and switches of their own, so
// that a format is added, or an extension accepted, in one place.
//
// Look a format up by a name ([ByName]), by a file's extension ([ByPath],
// which looks through a compression extension such as .gz or .zst), or by
// content ([Detect], [Sniff]); [All] lists them. Options ([Option]) pass a
// package's own options through ([WithCSVOptions], ...) and say what
// every format understands in its own words ([WithColumns],
// [WithBatchSize], [WithParallelism], [WithDottedColumns]).
package formats
