package csv

import (
	"bytes"
	"fmt"
	"strconv"
)

// readRecord reads the record at data[i:], skipping blank and comment
// lines before it, into unescaped fields. more says the data cut the
// record off (not final): read more and try again.
func (c *config) readRecord(data []byte, i int, final bool) (fields []string, next int, more bool, err *ParseError, errOff int) {
	n := len(data)
	for i < n {
		ch := data[i]
		if ch == '\n' {
			i++
		} else if ch == '\r' && i+1 < n && data[i+1] == '\n' {
			i += 2
		} else if ch == c.comment && c.comment != 0 {
			j := bytes.IndexByte(data[i:], '\n')
			if j < 0 {
				if !final {
					return nil, i, true, nil, 0
				}
				i = n
			} else {
				i += j + 1
			}
		} else {
			break
		}
	}
	if i >= n {
		return nil, i, !final, nil, 0
	}
	var field []byte
	for {
		if len(fields) >= c.maxColumns {
			return nil, i, false, &ParseError{Column: len(fields) + 1, Err: fmt.Errorf("%w: more than %d columns (WithMaxColumns)", ErrHeader, c.maxColumns)}, i
		}
		field = field[:0]
		if c.quote != 0 && i < n && data[i] == c.quote {
			j := i + 1
			for {
				k := bytes.IndexByte(data[j:], c.quote)
				if k < 0 {
					if !final {
						return nil, i, true, nil, 0
					}
					return nil, i, false, &ParseError{Column: len(fields) + 1, Err: fmt.Errorf("%w: quoted field not closed", ErrQuote)}, i
				}
				field = append(field, data[j:j+k]...)
				j += k
				if j+1 < n && data[j+1] == c.quote {
					field = append(field, c.quote)
					j += 2
					continue
				}
				if j+1 >= n && !final {
					return nil, i, true, nil, 0
				}
				break
			}
			i = j + 1
			if i < n {
				if ch := data[i]; ch != c.delim && ch != '\n' && !(ch == '\r' && (i+1 == n || data[i+1] == '\n')) {
					return nil, i, false, &ParseError{Column: len(fields) + 1, Err: fmt.Errorf("%w: text after the closing quote", ErrQuote)}, i
				}
			}
		} else {
			j := i
			for j < n && data[j] != c.delim && data[j] != '\n' {
				j++
			}
			if j == n && !final {
				return nil, i, true, nil, 0
			}
			e := j
			if e > i && data[e-1] == '\r' && (j == n || data[j] == '\n') {
				e--
			}
			field = append(field, data[i:e]...)
			i = j
		}
		fields = append(fields, string(field))
		if i >= n {
			return fields, n, false, nil, 0
		}
		if data[i] == c.delim {
			i++
			continue
		}
		if data[i] == '\r' {
			i++
		}
		return fields, min(i+1, n), false, nil, 0
	}
}

// columnNames names the columns of a header: an empty name is
// column_N (N its 1-based position, as Polars names the columns of a file
// without a header), and a name seen before gets a suffix _1, _2, ... (the
// first that is free). pandas writes a.1, but here the dot separates the
// levels of a nested name.
func columnNames(header []string) []string {
	names := make([]string, len(header))
	seen := make(map[string]bool, len(header))
	for _, h := range header {
		seen[h] = true
	}
	used := make(map[string]bool, len(header))
	for i, h := range header {
		if h == "" {
			h = "column_" + strconv.Itoa(i+1)
		}
		if used[h] {
			for k := 1; ; k++ {
				cand := h + "_" + strconv.Itoa(k)
				if !used[cand] && !seen[cand] {
					h = cand
					break
				}
			}
		}
		used[h] = true
		names[i] = h
	}
	return names
}
