package json

// appendIndented appends src, compact JSON the writer made, laid out as
// encoding/json's Indent lays it out: each element of an array and each
// field of an object on its own line, beginning with prefix and depth
// copies of indent (depth counted from depth0 at src's top level), ": "
// after a key, and empty arrays and objects kept as [] and {}. The first
// line gets no prefix, as with Indent. src is valid by construction, so
// unlike Indent this needs no full scanner: only strings, whose content is
// copied as it is, need care. It is several times as fast as Indent.
func appendIndented(b, src []byte, prefix, indent string, depth0 int) []byte {
	depth := depth0
	newline := func(b []byte, depth int) []byte {
		b = append(b, '\n')
		b = append(b, prefix...)
		for range depth {
			b = append(b, indent...)
		}
		return b
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			j := i + 1
			for {
				for j < len(src) && src[j] != '"' && src[j] != '\\' {
					j++
				}
				if j >= len(src) || src[j] == '"' {
					break
				}
				j += 2 // an escape: skip the escaped byte
			}
			j = min(j, len(src)-1)
			b = append(b, src[i:j+1]...)
			i = j
		case '{', '[':
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				b = append(b, c, src[i+1])
				i++
				continue
			}
			depth++
			b = append(b, c)
			b = newline(b, depth)
		case '}', ']':
			depth--
			b = newline(b, depth)
			b = append(b, c)
		case ',':
			b = append(b, ',')
			b = newline(b, depth)
		case ':':
			b = append(b, ':', ' ')
		default:
			b = append(b, c)
		}
	}
	return b
}
