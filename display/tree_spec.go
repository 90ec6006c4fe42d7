package display

import (
	"strings"

	"github.com/structframe/structframe/structured"
)

// SpecTree renders a Spec as [Tree] renders a Tensor's: the shape line,
// then one field per line. It is for a schema known without the data in
// one Tensor: the Spec of a file read batch by batch, each batch's Spec
// merged (nullability or'ed) and the rows counted, prints as the whole
// file read at once would. A nil spec gives "<nil>".
func SpecTree(spec *structured.Spec) string {
	if spec == nil {
		return "<nil>"
	}
	var b strings.Builder
	b.WriteString("shape: ")
	b.WriteString(spec.Shape.String())
	if spec.Nullable {
		b.WriteString(" (null rows)")
	}
	b.WriteByte('\n')
	treeFields(&b, spec.Fields, "")
	return strings.TrimSuffix(b.String(), "\n")
}
