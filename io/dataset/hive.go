package dataset

import (
	"fmt"
	"strings"
)

// DefaultPartition is the directory value Hive, Spark, pyarrow, Polars and
// DuckDB write for a null partition value: key=__HIVE_DEFAULT_PARTITION__.
const DefaultPartition = "__HIVE_DEFAULT_PARTITION__"

// segment is one key=value directory of a hive path, decoded.
type segment struct {
	key, value string
	null       bool // the value was DefaultPartition
}

// parsePartitionPath decodes the hive segments of dir, a '/'-separated
// directory path relative to the dataset's base: every element of the form
// key=value with a non-empty key is a partition, any other element (a
// plain directory name) is skipped, as pyarrow and Polars skip it. Keys and
// values are percent-decoded (%XX, as Hive escapes them; a '%' not
// followed by two hex digits stays as it is, as Hive's unescapePathName
// keeps it), DefaultPartition is null. A key given twice on one path is an
// error: the path says two things about one column.
func parsePartitionPath(dir string) ([]segment, error) {
	var segs []segment
	for elem := range strings.SplitSeq(dir, "/") {
		k, v, ok := strings.Cut(elem, "=")
		if !ok || k == "" {
			continue
		}
		s := segment{key: unescape(k), value: unescape(v)}
		if v == DefaultPartition {
			s.value, s.null = "", true
		}
		for _, o := range segs {
			if o.key == s.key {
				return nil, fmt.Errorf("%w: partition key %q appears twice in %q", ErrPartition, s.key, dir)
			}
		}
		segs = append(segs, s)
	}
	return segs, nil
}

// formatSegment is the directory name of one partition value: key=value,
// both escaped, or key=DefaultPartition for a null.
func formatSegment(key, value string, null bool) string {
	k := escape(key)
	if k != "" && (k[0] == '.' || k[0] == '_') {
		// a name starting with '.' or '_' is hidden from every reader
		k = fmt.Sprintf("%%%02X", k[0]) + k[1:]
	}
	if null {
		return k + "=" + DefaultPartition
	}
	return k + "=" + escape(value)
}

// mustEscape lists the bytes Hive's FileUtils.escapePathName percent-escapes
// (and '%' itself, so that decoding is exact), plus the control bytes and
// DEL: a value may hold '/', '=' or '%' and still be one directory name.
var mustEscape = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	for _, c := range "\"#%'*/:=?\\\x7f{}[]^" {
		t[c] = true
	}
	return t
}()

// escape percent-encodes the bytes of s that cannot stand in a hive
// directory name (see mustEscape), as %XX in upper-case hex. A value
// equal to DefaultPartition, or "." or "..", has its first byte escaped
// so that it is not read back as a null or as a path step.
func escape(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if mustEscape[s[i]] {
			n++
		}
	}
	special := s == DefaultPartition || s == "." || s == ".."
	if n == 0 && !special {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 2*n + 2)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if mustEscape[c] || (special && i == 0) {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// unescape decodes %XX escapes (either case of hex digit); anything else,
// a lone '%' included, stands for itself.
func unescape(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}
