package ipc

import (
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// allTypesFrame is a frame with a column of every scalar dtype and a
// dense [n, 3] leaf.
func allTypesFrame(t *testing.T) *frame.Frame {
	t.Helper()
	v := []any{
		map[string]any{"i8": int8(1), "i16": int16(2), "i32": int32(3), "u8": uint8(4), "u16": uint16(5), "u32": uint32(6), "u64": uint64(7),
			"f32": float32(1.5), "b": []byte("xy")},
		map[string]any{"i8": int8(-1), "i16": nil, "i32": int32(-3), "u8": uint8(0), "u16": uint16(9), "u32": nil, "u64": uint64(1 << 60),
			"f32": nil, "b": nil},
	}
	return frame.FromTensor(structured.Must(structured.FromValue(v)))
}
