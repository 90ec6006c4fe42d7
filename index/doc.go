// Package index holds the row indexes of a frame: the implicit [Range],
// label indexes over Arrow-backed values ([Labels]), and MultiIndexes
// ([Multi]), with their mapping to and from the field "_index_" of a
// StructuredTensor.
//
// # Kinds
//
// A [Range] numbers the rows 0..n-1. It stores nothing, is not written to
// a tensor, and renumbers after a selection.
//
// A [Labels] index is one level: a name ("" for unnamed) and one label per
// row in a rank-1 leaf of any Arrow scalar type (int64, int32, string,
// string_view, dictionary, date32, timestamp, decimal, ...). Labels may
// repeat and may be null. Labels follow their rows through Take and Slice.
//
// A [Multi] index has L >= 2 levels and is hierarchical, so that a group
// may be empty (a recipe without ingredients is still a recipe):
//
//   - names[k]: the name of level k ("" for unnamed);
//   - labels[k]: one label per group at depth k: level 0 has one label per
//     outer group, level L-1 one per row;
//   - parts[k] (k = 0..L-2): a structured.RowPartition splitting the groups
//     at depth k into the groups at depth k+1.
//
// The labels of a row (the flat pandas view, [Levels]) are the labels of
// the groups it sits in. Built from per-row labels ([MultiFromLevels], a
// frame's SetIndex of several columns), rows are grouped by runs: a group
// starts where an outer label changes from the row before (null equals null
// for grouping), so the order of the rows is kept exactly. Outer labels
// a, a, b, a make three groups a, b, a, and a lookup of "a" finds every
// group labelled a. Take of a Multi derives the per-row labels, selects,
// and regroups by runs: empty groups cannot survive a selection of rows,
// since they have none. Slice keeps the hierarchy of its window as it is
// (an empty group between two of its rows stays) and costs what the groups
// of the window cost, not the whole index.
//
// Lookups ([Locate]) take one key per level, outer first: a label, a list
// of labels, or a [Between] range. The lookup table of a level (label to
// positions) is built on the first lookup, once, typed per Arrow type
// (int64 for every integer and temporal type, float64, string for every
// string layout, bool), never boxing each label into an interface:
// sorted labels without nulls (ids, dates) are searched in place, other
// integer and temporal labels get a flat open-addressing table, the rest a
// Go map. Grouping treats null as equal to null and NaN as equal to NaN;
// a lookup finds null labels with the key nil, but a NaN key finds nothing,
// as NaN equals no number.
//
// # Tensor forms
//
// [Encode] stores an index with the data in one tensor, so that every
// writer and reader of tensors (JSON, Parquet, Arrow) carries it as
// ordinary nested data, and [Decode] reads it back. The index lives in the
// field "_index_" (the StructuredTensor RFC's convention for DataFrames):
//
//   - Range: no field; the tensor is the data.
//   - Labels: "_index_" is the label leaf when the level is unnamed, and a
//     structure of one field named after the level when it is named, so the
//     name travels: {_index_: {city: string}, temp: float64}.
//   - Multi: a rank-1 tensor over the outer groups with two fields, "_index_"
//     (the level-0 label, stored as for a Labels index: a leaf if unnamed,
//     a one-field structure if named) and "_rows_" (the groups of the next
//     level, as a list of structures of the same form one level down). The
//     innermost level holds "_index_" and the data columns. So
//     t.Field("_rows_", ..., "_rows_") (L-1 times) is the rank-L tensor of
//     the rows whose outer L-1 dimensions are the row partitions grouping
//     them by the outer levels, shared, not copied: the RFC's hierarchical
//     row index as a higher-dimensional StructuredTensor. Empty groups are
//     empty lists, null labels null values.
//
// A worked example. The rows
//
//	city   year  temp
//	paris  2023  11.5
//	paris  2024  12.0
//	rome   2024  17.5
//	(null) 2024  9.0
//
// with SetIndex("city", "year") have the MultiIndex
//
//	names  = [city, year]
//	labels = [[paris, rome, null], [2023, 2024, 2024, 2024]]
//	parts  = [row_splits [0 2 3 4]]
//
// and Encode gives the tensor of spec
//
//	3 * {_index_: {city: ?string}, _rows_: var * {_index_: {year: int64}, temp: float64}}
//
// whose JSON is
//
//	[{"_index_": {"city": "paris"}, "_rows_": [{"_index_": {"year": 2023}, "temp": 11.5},
//	                                          {"_index_": {"year": 2024}, "temp": 12.0}]},
//	 {"_index_": {"city": "rome"},  "_rows_": [{"_index_": {"year": 2024}, "temp": 17.5}]},
//	 {"_index_": {"city": null},    "_rows_": [{"_index_": {"year": 2024}, "temp": 9.0}]}]
//
// and whose field "_rows_" is the rank-2 tensor of the four rows, shaped
// [3, var] by the cities.
//
// Decode accepts, besides what Encode writes: "_index_" a structure of
// several fields (per-row tuples, as a flat file holds a MultiIndex; the
// rows are grouped by runs), and any tensor of rank L >= 2 (nested data,
// such as recipes × ingredients): a Multi of positions (level 0 numbers
// the outer rows, each deeper level the position within its group,
// unnamed, empty groups kept), whose innermost labels come from an
// "_index_" field of rank L when there is one. Anything else in "_index_"
// (a list, a nested structure) is an ErrInvalid error naming the field.
// A null structure where a group or a label is stored (a null record in a
// file) reads as a null label.
// Decode(Encode(idx, data)) gives idx and data back ([Equal]), and
// Encode(Decode(t)) is t for every form Encode writes.
//
// Reserved names: "_index_" anywhere the index is stored, and "_rows_"
// at the top of the data: data made of one column "_rows_", a list of
// structures holding "_index_", cannot be encoded under an index (it
// would read back as one more level); Encode says so.
package index
