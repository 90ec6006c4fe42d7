package build

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// feedJSON gives the JSON values of text to b as rows, one event per
// token, as a reader's tokenizer does: keys in their order, numbers as
// their text.
func feedJSON(b *Builder, text string) error {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var open []bool // the open containers, true for a record
	key := false    // the next token of the open record is a key
	inRecord := func() bool { return len(open) > 0 && open[len(open)-1] }
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{':
				err = b.BeginRecord()
				open = append(open, true)
			case '[':
				err = b.BeginList()
				open = append(open, false)
			case '}':
				err = b.EndRecord()
				open = open[:len(open)-1]
			case ']':
				err = b.EndList()
				open = open[:len(open)-1]
			}
			if err != nil {
				return err
			}
			key = inRecord()
			continue
		}
		if key {
			if err := b.Key(tok.(string)); err != nil {
				return err
			}
			key = false
			continue
		}
		switch v := tok.(type) {
		case nil:
			err = b.Null()
		case bool:
			err = b.Bool(v)
		case json.Number:
			err = b.Number([]byte(v))
		case string:
			err = b.String(v)
		}
		if err != nil {
			return err
		}
		key = inRecord()
	}
}

// fork returns a Fork of b.
func fork(b *Builder) *Builder {
	f := new(Builder)
	b.Fork(f)
	return f
}

// given is a Schema given to Freeze as it is.
type given Schema

func (g *given) Schema() *Schema { return (*Schema)(g) }

// mustNew returns a Builder of rows.
func mustNew(tb testing.TB, c Config) *Builder {
	tb.Helper()
	b := new(Builder)
	if err := b.Init(c); err != nil {
		tb.Fatal(err)
	}
	return b
}

// mustFeed gives text to b.
func mustFeed(tb testing.TB, b *Builder, text string) {
	tb.Helper()
	if err := feedJSON(b, text); err != nil {
		tb.Fatal(err)
	}
}

// mustFinish finishes b's batch.
func mustFinish(tb testing.TB, b *Builder) Column {
	tb.Helper()
	col, err := b.Finish()
	if err != nil {
		tb.Fatal(err)
	}
	return col
}

// field returns the column of the named field of the rows of col, the
// column Finish returns.
func field(tb testing.TB, col Column, name string) Column {
	tb.Helper()
	rows := col.Child()
	for i, n := range rows.Names() {
		if n == name {
			return rows.Field(i)
		}
	}
	tb.Fatalf("no field %s in %v", name, rows.Names())
	return Column{}
}

func TestFeedJSON(t *testing.T) {
	b := mustNew(t, Config{Op: "Builder"})
	mustFeed(t, b, `{"a": 1, "b": [true, null], "d": {"e": [{}]}} {"a": 2.5} {} null`)
	if n := b.NumRows(); n != 4 {
		t.Fatalf("%d rows", n)
	}
	b = mustNew(t, Config{Op: "Builder"})
	mustFeed(t, b, `{"a": 1, "b": [1, 2], "c": {"d": "x"}} {"a": 2}`)
	col := mustFinish(t, b)
	if rows := col.Child(); strings.Join(rows.Names(), ",") != "a,b,c" || rows.Len() != 2 {
		t.Errorf("rows %v, %d", rows.Names(), rows.Len())
	}
	if l := field(t, col, "b"); l.Layout() != List || l.Child().Values().Len() != 2 {
		t.Errorf("b: %s", describe(l))
	}
}

// describe renders the types of a column tree, for tests: a structure as
// {name: type, ...}, a list as [type] (a map as map[type]), a leaf as its
// Arrow type.
func describe(c Column) string {
	switch c.Layout() {
	case List:
		if c.IsMap() {
			return "map[" + describe(c.Child()) + "]"
		}
		return "[" + describe(c.Child()) + "]"
	case Struct:
		parts := make([]string, len(c.Names()))
		for i, n := range c.Names() {
			parts[i] = n + ": " + describe(c.Field(i))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return typeName(c.Values().DataType())
}
