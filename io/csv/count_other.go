//go:build !amd64

package csv

import "bytes"

// countLinesQuotes is the number of '\n' and of quote bytes in p.
func countLinesQuotes(p []byte, quote byte) (lines, quotes int) {
	lines = bytes.Count(p, []byte{'\n'})
	if quote != 0 {
		quotes = bytes.Count(p, []byte{quote})
	}
	return lines, quotes
}
