package frame

import (
	"fmt"
	"math/rand/v2"
)

// nestSchema is a random schema for random nested records: a leaf kind,
// a list of something, or a structure.
type nestSchema struct {
	kind   string // "int", "str", "list", "struct"
	elem   *nestSchema
	fields []string
	types  []*nestSchema
}

// nestRandSchema draws a schema of at most depth levels.
func nestRandSchema(rng *rand.Rand, depth int) *nestSchema {
	k := rng.IntN(4)
	if depth <= 0 {
		k = rng.IntN(2)
	}
	switch k {
	case 0:
		return &nestSchema{kind: "int"}
	case 1:
		return &nestSchema{kind: "str"}
	case 2:
		return &nestSchema{kind: "list", elem: nestRandSchema(rng, depth-1)}
	}
	s := &nestSchema{kind: "struct"}
	for i := range 1 + rng.IntN(3) {
		s.fields = append(s.fields, fmt.Sprintf("f%d", i))
		s.types = append(s.types, nestRandSchema(rng, depth-1))
	}
	return s
}

// nestRandValue draws a value of schema s; nulls when nulls is set.
func nestRandValue(rng *rand.Rand, s *nestSchema, nulls bool) any {
	if nulls && rng.IntN(6) == 0 {
		return nil
	}
	switch s.kind {
	case "int":
		return int64(rng.IntN(100))
	case "str":
		return string(rune('a' + rng.IntN(26)))
	case "list":
		l := make([]any, rng.IntN(4))
		for i := range l {
			l[i] = nestRandValue(rng, s.elem, nulls)
		}
		return l
	}
	m := make(map[string]any, len(s.fields))
	for i, name := range s.fields {
		m[name] = nestRandValue(rng, s.types[i], nulls)
	}
	return m
}

// nestRandFrame draws a frame of n rows of a random top-level structure,
// with nulls at every level when nulls is set; the structure's schema
// comes back too.
func nestRandFrame(rng *rand.Rand, n int, nulls bool) (*Frame, *nestSchema) {
	s := &nestSchema{kind: "struct"}
	for i := range 1 + rng.IntN(4) {
		s.fields = append(s.fields, fmt.Sprintf("c%d", i))
		s.types = append(s.types, nestRandSchema(rng, 3))
	}
	rows := make([]any, n)
	for i := range rows {
		m := make(map[string]any, len(s.fields))
		for k, name := range s.fields {
			m[name] = nestRandValue(rng, s.types[k], nulls)
		}
		rows[i] = m
	}
	if n == 0 {
		return FromColumns(nil), s
	}
	return FromRecords(rows), s
}
