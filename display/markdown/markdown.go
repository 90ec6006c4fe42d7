// Package markdown draws display's Markdown style: a GitHub pipe table,
// written by tablewriter. Import it, for its effect alone, in a program
// that prints Markdown tables:
//
//	import _ "github.com/structframe/structframe/display/markdown"
//
// then ask for the style as for any other (display.WithStyle(
// display.Markdown), or --style markdown in the structframe command).
// Without the import, a Markdown table is an error saying so.
//
// The drawing lives apart from package display, as image/png lives apart
// from image, because tablewriter does work when a process starts (it
// fills a width cache of about 660 KB): a program that prints frames in
// the other styles, or only reads and computes, does not pay for it.
package markdown

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/structframe/structframe/internal/pipetable"
)

func init() { pipetable.Draw = draw }

// draw writes t through tablewriter's Markdown renderer. The cells come
// formatted, cut and escaped by display, so tablewriter is told to write
// them as they are: no header formatting, trimming or wrapping.
func draw(w io.Writer, t pipetable.Table) error {
	aligns := make([]tw.Align, len(t.Header))
	for k := range aligns {
		aligns[k] = tw.AlignLeft
		if k < len(t.Right) && t.Right[k] {
			aligns[k] = tw.AlignRight
		}
	}
	table := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewMarkdown()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithTrimSpace(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: aligns}),
	)
	table.Header(t.Header)
	for _, row := range t.Rows {
		if err := table.Append(row); err != nil {
			return fmt.Errorf("display/markdown: %w", err)
		}
	}
	if err := table.Render(); err != nil {
		return fmt.Errorf("display/markdown: %w", err)
	}
	return nil
}
