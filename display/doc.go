// Package display renders a rank-1 structured.Tensor (a frame's data and
// index) as text for a terminal and as HTML for a notebook.
//
// The text table has a shape line, a header with column names and short
// dtypes, the index column(s), the rows and a footer saying what is
// hidden:
//
//	shape: (3, 4)
//	┌───┬─────────────────────────┬──────┬───────────────────────────┐
//	│   │         recipe          │      │                           │
//	│   ├───────────────┬─────────┤      │                           │
//	│   │ title         │ minutes │ tags │ steps                     │
//	│   │ str           │     i64 │ ...  │ list[struct[2]]           │
//	╞═══╪═══════════════╪═════════╪══════╪═══════════════════════════╡
//
// How it reads:
//
//   - A structure column opens under a grouped header (recipe over title
//     and minutes), as deep as MaxDepth and the width allow; where it does
//     not fit it collapses to inline cells with field names,
//     {title: "soup", minutes: 55}.
//   - Lists, maps and lists of structures are inline: the first items, …
//     with the count hidden, the last: [8, 7.5, … +12, 3]. Every cut closes
//     its brackets. null, [], {} and "" all differ. Strings inside nested
//     values are quoted; top-level strings are not.
//   - Rows: beyond MaxRows, the head and tail around a … row. Columns:
//     beyond MaxColumns or the width (the terminal's when standard output
//     is one, else 80), a … column stands for the middle ones. Long
//     strings end in …. Widths are terminal cells: CJK characters take
//     two, combining marks none.
//   - Numbers are right-aligned with their decimal points in one column.
//   - Expanded mode (WithExpand) draws list-of-structure columns as
//     sub-rows under their parent row, one per item.
//   - Styles: Box (default), ASCII, Markdown (one header row, dotted
//     paths) and Borderless.
//
// Printing reads only the rows it shows: every cell is read from the
// Arrow arrays at its own position, so a 10-million-row tensor prints as
// fast as a small one.
//
// Options come from the package defaults (Defaults, SetDefaults) and
// per-call Option values. Tree renders the schema as a tree, HTML the
// table for a notebook.
//
// tablewriter draws what it can: the body of every style and the whole
// Markdown table. The multi-level header is drawn here (see grid.draw for
// why).
package display
