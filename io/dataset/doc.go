// Package dataset reads and writes datasets: many files of one format
// (Parquet, Arrow IPC, CSV, JSON) under a directory, a glob or a list,
// read as one Frame (Read) or batch by batch (Open), and written in Hive's
// partitioned layout (Write with WithPartitionBy).
//
// # Files
//
// A directory is read whole, recursively; a glob matches path elements
// with path.Match, and "**" as a whole element matches any number of
// directories. Files are taken in the sorted order of their paths (a list
// in its order). Names starting with '.' or '_' (_SUCCESS,
// _common_metadata, _metadata, _temporary/, .part-0.parquet.crc) and
// files ending in ".crc" are skipped at every level, as Spark, pyarrow and Polars
// skip them. The format is the one the extensions say in the format
// registry, io/formats (files of other extensions are left out, files of
// two formats are an error; .csv, .tsv and .tab files are all CSV, each
// read with its own delimiter), or the one WithFormat or WithFileFormat
// gives; each format's reader takes its own options (WithParquetOptions,
// WithCSVOptions, ..., or the registry's with WithFormatOptions).
//
// # Schemas
//
// The files' schemas are unioned as frame.Concat unions frames: columns in
// first-seen order, a column (or nested field) a file lacks is null in its
// rows, integers and floats of different widths widen, string types
// become large_string. Any other difference is an ErrConflict error naming
// both files and the field. A CSV column without a value in one file (CSV
// has no types, and its reader makes such a column a string column) is
// read as a column of nulls, which takes the type of the other files.
//
// # Partitions
//
// Directories named key=value between the dataset's root and a file are
// Hive partitions: each adds the column key, constant over the file's rows,
// after the files' columns, in path order (pyarrow and Polars place them
// there too). Values are percent-decoded; __HIVE_DEFAULT_PARTITION__ is
// null; a column is int64 when every value parses as a base-10 integer
// (month=01 is 1), else float64 when every value is a decimal number
// (price=2.5, 1e3), else string, as Polars infers numbers, unless
// WithPartitionStrings or WithPartitionTypes says. Dates (day=2024-01-31)
// stay strings unless WithPartitionTypes gives them a type. A file column of a
// partition's name is replaced by the partition's value.
//
// WithFilter takes a frame.Expr. Its conjuncts (top-level And operands)
// over partition columns alone are evaluated once per distinct partition
// before any file is opened, and the files they reject are never opened
// (partition pruning); the rest is applied to the rows read. WithColumns
// is passed down to the readers that project (Parquet, CSV, JSON).
//
// In Parquet files, the conjuncts comparing a column with a constant (=,
// <, <=, >, >=, in) also skip the row groups whose statistics rule them
// out, unread; the filter still decides each row of the groups kept. A
// comparison is null, so false, on a null, and a column a file lacks is
// null in all its rows: such a file holds no row the filter keeps and none
// of its row groups is read (its columns still count in the schema). Two
// columns are not the files' and are left out: a partition column, whose
// value is the directory's (its conjuncts prune partitions instead), and
// any column of a filter that aggregates, whose value depends on every row.
// A comparison whose constant is not of the column's kind in a file, or
// whose column cannot be told from a name holding a dot, prunes nothing
// there.
//
// # Batches and memory
//
// Read reads WithParallelism files at once (GOMAXPROCS by default) and
// stacks them in order. Open's Reader holds one batch of one file at a
// time: a Parquet row group, an IPC record batch, a CSV or JSON batch; it
// reads every file's schema first (Parquet footers, IPC headers, the type
// inference of CSV and JSON), so that every batch has the same columns.
//
// # Writing
//
// Write with WithPartitionBy writes one file per distinct combination of the
// partition columns' values, under key=value directories, the partition
// columns left out of the files; values are percent-escaped as Hive escapes
// them, a null is __HIVE_DEFAULT_PARTITION__. WithExisting chooses between
// an error (the default), Overwrite, OverwritePartitions and Append.
package dataset
