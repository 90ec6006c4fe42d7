// Package display renders a rank-1 structured.Tensor (a frame's data and
// index) as text for a terminal and as HTML for a notebook.
//
// The text table has a shape line, a header with column names and short
// dtypes, the index column(s), the rows and a footer saying what is
// hidden:
//
//	shape: (3, 5)
//	┌───┬─────┬──────┬─────────────┬────────────────────────────┬─────────────────────────────┐
//	│   │     │      │    addr     │                            │                             │
//	│   │     │      ├──────┬──────┤                            │                             │
//	│   │  id │ name │ city │ zip  │ tags                       │ orders                      │
//	│   │ i64 │ str  │ str  │ str  │ list[str]                  │ list[struct[2]]             │
//	╞═══╪═════╪══════╪══════╪══════╪════════════════════════════╪═════════════════════════════╡
//	│ 0 │   1 │ ann  │ Oslo │ 0150 │ ["a", "b", "c", … +1, "e"] │ [{sku: "x1", qty: 2}, … +1] │
//	│ 1 │   2 │ bob  │ Rome │ null │ []                         │ null                        │
//	│ 2 │   3 │ ""   │ null │      │ null                       │ [{sku: "z3", qty: 5}]       │
//	└───┴─────┴──────┴──────┴──────┴────────────────────────────┴─────────────────────────────┘
//
// How it reads:
//
//   - A structure column opens under a grouped header (addr over city and
//     zip), as deep as MaxDepth and the width allow; where it does not fit
//     it collapses to inline cells with field names, {city: "Oslo", zip:
//     "0150"}. A null structure reads null in its first column, blank in
//     the others; a one-field structure holding nulls stays inline, where
//     null and {a: null} differ.
//   - Lists, maps and lists of structures are inline: the first items, …
//     with the count hidden, the last: [8, 7.5, … +12, 3]. When a cell is
//     too wide, inner lists give way before outer ones. Every cut closes
//     its brackets. null, [], {} and "" all differ: {} is an empty map
//     or a structure with no fields. A record lacking a key that other
//     records have holds null in that field (inference unions key sets),
//     so a JSON {} among {"k": 1} reads {k: null}: the cell shows the
//     data, not the source text. Strings inside nested
//     values are quoted; top-level strings are not.
//   - Rows: beyond MaxRows, the head and tail around a … row. Columns:
//     beyond MaxColumns or the width (the terminal's when standard output
//     is one, else 80), a … column stands for the middle ones. Long
//     strings end in …. Widths are terminal cells: CJK characters take
//     two, combining marks none.
//   - Numbers are right-aligned with their decimal points in one column.
//   - Expanded mode (WithExpand) draws list-of-structure columns as
//     sub-rows under their parent row, one per item, labelled by a tree
//     line and the item's position (├ 0, └ 1), the parent row saying how
//     many items there are. Other columns give way to them first when
//     the width is short.
//   - The index: row numbers, a label index's labels, or one column per
//     MultiIndex level with repeated outer labels left blank (see Text for
//     how the index reaches display).
//   - Styles: Box (default), ASCII, Markdown (one header row, dotted
//     paths; drawn by package display/markdown, imported for its effect)
//     and Borderless.
//
// Printing reads only the rows it shows: every cell is read from the
// Arrow arrays at its own position, so a 10-million-row tensor prints as
// fast as a small one.
//
// Options come from the package defaults (Defaults, SetDefaults) and
// per-call Option values. Tree renders the schema as a tree, HTML the
// table for a notebook.
//
// tablewriter writes the Markdown table (package display/markdown, kept
// apart so that programs without Markdown do not link tablewriter and run
// its start-up work); the other styles are drawn here, with
// grapheme-cluster widths, for the multi-level header and for widths that
// do not depend on the locale (see grid.draw).
package display
