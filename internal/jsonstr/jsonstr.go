// Package jsonstr writes JSON strings: the one escaping routine of the
// JSON writer and of the Builder's JSON-text columns, byte for byte as
// encoding/json writes them, scanning 8 bytes at a time.
package jsonstr

import "unicode/utf8"

// Strings are escaped as encoding/json escapes them, byte for byte: `"`
// and `\` with a backslash; \b, \f, \n, \r, \t by name and other control
// characters as \u00XX; U+2028 and U+2029 as \u2028 and \u2029 (JavaScript
// reads them as line ends); each byte of invalid UTF-8 as \ufffd, the
// replacement character, since JSON text is UTF-8. <, > and & are written
// as they are unless html asks for \u003c, \u003e, \u0026.

const hex = "0123456789abcdef"

// jsonSafe[c] is true for ASCII bytes written as they are; htmlSafe
// also excludes <, > and &.
var jsonSafe, htmlSafe = func() (plain, html [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		html[c] = plain[c] && c != '<' && c != '>' && c != '&'
	}
	return plain, html
}()

// Append appends s as a JSON string, escaped as encoding/json escapes it;
// html also escapes <, > and & (encoding/json's default, for text put in
// HTML pages).
func Append[S string | []byte](b []byte, s S, html bool) []byte {
	safe := &jsonSafe
	if html {
		safe = &htmlSafe
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		for i+8 <= len(s) && cleanWord(load64(s, i), html) {
			i += 8
		}
		if i >= len(s) {
			break
		}
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
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
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
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// load64 reads 8 bytes of s at i, little-endian (one load on amd64 and
// arm64: the compiler combines the byte loads).
func load64[S string | []byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

const (
	ones8  = 0x0101010101010101 // 0x01 in every byte
	highs8 = 0x8080808080808080 // 0x80 in every byte
)

// anyZeroByte reports whether some byte of x is 0 (exactly: the SWAR test
// has false positives only above a true zero byte).
func anyZeroByte(x uint64) uint64 { return (x - ones8) & ^x & highs8 }

// cleanWord reports whether the 8 bytes of x are all written as they
// are: ASCII, no control character, no '"' or '\\' (and no <, >, & when
// html), so strings are scanned a word at a time.
func cleanWord(x uint64, html bool) bool {
	bad := x&highs8 | (x-0x20*ones8)&^x&highs8 | anyZeroByte(x^('"'*ones8)) | anyZeroByte(x^('\\'*ones8))
	if html {
		bad |= anyZeroByte(x^('<'*ones8)) | anyZeroByte(x^('>'*ones8)) | anyZeroByte(x^('&'*ones8))
	}
	return bad == 0
}
