package json

import (
	"encoding/base64"
	"unicode/utf8"
)

// Strings are escaped as encoding/json escapes them, byte for byte: `"`
// and `\` with a backslash; \b, \f, \n, \r, \t by name and other control
// characters as \u00XX; U+2028 and U+2029 as \u2028 and \u2029 (JavaScript
// reads them as line ends); each byte of invalid UTF-8 as \ufffd, the
// replacement character, since JSON text is UTF-8. <, > and & are written
// as they are unless WithEscapeHTML asks for \u003c, \u003e, \u0026.
// Binary values are base64 (standard alphabet, padded), as encoding/json
// writes a []byte.

const writeHex = "0123456789abcdef"

// jsonSafe[c] is true for ASCII bytes written as they are; htmlSafe
// also excludes <, > and &.
var jsonSafe, htmlSafe = func() (plain, html [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		html[c] = plain[c] && c != '<' && c != '>' && c != '&'
	}
	return plain, html
}()

// appendString appends s as a JSON string; safe is jsonSafe or htmlSafe.
func appendString[S string | []byte](b []byte, s S, safe *[utf8.RuneSelf]bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', writeHex[c>>4], writeHex[c&0xF])
			}
			i++
			start = i
			continue
		}
		// At most 4 bytes converted, so that the string stays on the
		// stack (as encoding/json does).
		r, size := utf8.DecodeRuneInString(string(s[i : i+min(len(s)-i, utf8.UTFMax)]))
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', writeHex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendBase64 appends v as a JSON string of its base64 encoding.
func appendBase64(b []byte, v []byte) []byte {
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, v)
	return append(b, '"')
}
