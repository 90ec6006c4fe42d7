// Package csv reads and writes CSV as frames: [Read] and [ReadFile] read a
// whole input into a frame.Frame, a [Reader] reads it batch by batch with
// bounded memory, [Write] and [WriteFile] write a Frame. One [Option] type
// serves both sides; each option says which side it concerns.
//
// # Reading
//
// The reader is a hand-written, quote-aware splitter (RFC 4180: quoted
// fields with delimiters, doubled quotes and line breaks; CRLF or LF; a
// UTF-8 byte order mark is skipped). Records of the header's number of
// fields, quoted or not, are split a block at a time from the bits of
// 64-byte windows, with no decision per field (4.5-4.8 GB/s on one core
// on the benchmark's 84 MB file); any other record field by field, which
// also says what is wrong with it. A whole input is cut into chunks at
// the line break after each tentative cut, parsed on every core, and each
// chunk checked to start where the one before stopped: a cut that fell
// inside a quoted line break is found that way, and the later cuts are
// found again from the quote parity. [Read] and [ReadFile] split each
// record once where they can: the types come from a sample of the first
// 20,480 records (DuckDB's sample size) and every later cell is checked
// against them; each chunk writes its rows where its line breaks give
// room, its strings to a scratch buffer, and is put in place as soon as
// the chunks before it are. A column with a later cell that does not fit
// its sampled type is read again alone, in two passes: the first splits,
// infers the type over everything and sizes the output; the second
// splits again and writes each chunk's rows straight into presized Arrow
// buffers. The whole read runs in those two passes when the input has an
// error, a cut fell inside quotes, or more than half the columns changed
// type. Either way the result is the same; only the time differs. On a
// 25 MB spreadsheet export, the one pass took 0.54 times as long as the
// two passes, and 1.04 times with a cell of its price column at row
// 300,000 that made it a string column (where DuckDB and Polars stop with
// an error). Files are memory-mapped.
//
// Types are inferred over the whole input (see [WithTypes] to fix them),
// never losing what the file says: bool, int64, float64, date32,
// timestamp[us] (UTC when the cells carry a zone) or string, the first
// that every non-null cell of the column fits. "007" stays a string, an
// integer beyond int64 stays a string (it is not rounded into a float),
// a decimal whose digits a float64 cannot hold exactly stays a string, and
// an integer beyond 2^53 among floats makes the column a string. A column
// with no values is a string column.
//
// Nulls are the unquoted empty cell only, as DuckDB reads CSV
// ([WithNullValues] for other markers; [PandasNullValues] reads as pandas
// does, NA, N/A, NULL, null, nan and the rest); a quoted cell is always a
// value, so `""` is an empty string. "NaN" reads as the float NaN (pandas
// reads it as missing: add it to WithNullValues for that).
//
// Spaces and tabs around a number, a date, a timestamp or a boolean are
// ignored when inferring and converting, as DuckDB and pandas read " 1 "
// as 1; a string keeps them.
//
// Header names: an empty name is column_N (N its 1-based position), a
// repeated name gets _1, _2, ... (pandas writes a.1, but the dot is the
// separator of nested names here); without a header the columns are
// column_1, column_2, ... as in Polars. With a single column, a blank line
// is a null row (it is how a null is written); with more, blank lines are
// skipped.
//
// Input exported in Windows-1252 or ISO-8859-1 (as spreadsheets on
// Windows still do) is decoded to UTF-8 first with [WithEncoding].
//
// Input compressed with gzip (klauspost/compress's decoder, single or
// multi-member) or zstd is recognized by its magic number, whatever the
// file's name, and decompressed as it is read, by every entry point:
// [ReadFile] streams it into memory instead of mapping the file, a
// [Reader] streams it batch by batch (twice over a file, to infer the
// types over the whole input). The bytes it may decompress to are bounded
// by [WithMaxDecompressed] (64 GiB by default). Content the reader does
// not read is refused with an error of cause [ErrNotText] that says what
// it looks like: Parquet and Arrow files and streams (with the package
// that reads them), zip, bzip2, xz, 7z and LZ4 archives, images, UTF-16
// text, and binary data (a NUL byte in the header line, or NUL and other
// control bytes throughout the first KiB; a NUL byte in a value further
// on is text).
//
// Errors in the input are *ParseError values naming the line, the
// column, the byte offset and the column name. A record with too many
// fields is always an error; with too few, one unless [WithPadRows].
//
// # Writing
//
// [Write] quotes only where needed, writes nulls as empty cells, floats as
// the shortest text that reads back to the same float, dates as
// YYYY-MM-DD and timestamps as RFC 3339; the index comes first as columns.
// Reading what Write wrote, with the same types ([WithTypes]) and index
// columns ([WithIndexColumns]), gives an equal frame.
package csv
