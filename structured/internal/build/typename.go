package build

import (
	"github.com/apache/arrow-go/v18/arrow"

	"github.com/structframe/structframe/internal/dtype"
)

// typeName names an Arrow type as structured's messages do (dtype.Name).
func typeName(dt arrow.DataType) string { return dtype.Name(dt) }
