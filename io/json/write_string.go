package json

import (
	"encoding/base64"

	"github.com/structframe/structframe/internal/jsonstr"
)

// appendString appends s as a JSON string (internal/jsonstr: escaped as
// encoding/json escapes it, and <, >, & too when html).
func appendString[S string | []byte](b []byte, s S, html bool) []byte {
	return jsonstr.Append(b, s, html)
}

// appendBase64 appends v as a JSON string of its base64 encoding, as
// encoding/json writes a []byte (standard alphabet, padded).
func appendBase64(b []byte, v []byte) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}
