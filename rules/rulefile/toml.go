package rulefile

import (
	"errors"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// This file turns TOML into a small tree whose every key and value knows
// its line, with TOML's rules on redefinition. go-toml's parser gives the
// syntax and a byte range for each key and value; go-toml's decoder would
// give no line for the semantic errors a rule file needs (an unknown
// dtype in a cell, two cells that conflict), so the tree is built here.

// kind is a value's TOML type, as far as rule files care.
type kind uint8

const (
	kString kind = iota + 1
	kBool
	kArray
	kTable
	kOther // integers, floats, dates: no rule file key takes them
)

// value is one TOML value with the line it starts on.
type value struct {
	kind  kind
	str   string
	b     bool
	arr   []*value
	tab   *table
	line  int
	other string // kOther: the TOML type, for messages
}

// typeName names the value's TOML type for messages.
func (v *value) typeName() string {
	switch v.kind {
	case kString:
		return "a string"
	case kBool:
		return "a boolean"
	case kArray:
		return "an array"
	case kTable:
		return "a table"
	}
	return "a" + article(v.other) + " " + v.other
}

func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "n"
	}
	return ""
}

// table is a TOML table: its keys in order, each with its line.
type table struct {
	line    int
	keys    []string
	vals    map[string]*value
	keyLine map[string]int
	// header: defined by a [header]; inline: an inline table, closed;
	// arrayOf: for a value that is an array of tables ([[header]]).
	header bool
	inline bool
}

func newTable(line int) *table {
	return &table{line: line, vals: map[string]*value{}, keyLine: map[string]int{}}
}

func (t *table) get(k string) *value { return t.vals[k] }

func (t *table) set(k string, v *value, line int) {
	t.keys = append(t.keys, k)
	t.vals[k] = v
	t.keyLine[k] = line
}

// parseTOML reads a TOML document into a tree. Errors are *Error with the
// line they are on.
func parseTOML(file string, data []byte) (*table, error) {
	b := &builder{file: file, root: newTable(1), arrays: map[*value]bool{}}
	b.p.Reset(data)
	cur := b.root
	for b.p.NextExpression() {
		e := b.p.Expression()
		var err error
		switch e.Kind {
		case unstable.Table:
			cur, err = b.header(e, false)
		case unstable.ArrayTable:
			cur, err = b.header(e, true)
		case unstable.KeyValue:
			err = b.keyValue(cur, e)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := b.p.Error(); err != nil {
		return nil, b.syntaxError(err)
	}
	return b.root, nil
}

type builder struct {
	file string
	p    unstable.Parser
	root *table
	// arrays marks the values that are arrays of tables ([[header]]), as
	// opposed to arrays written as values, which are closed.
	arrays map[*value]bool
}

func (b *builder) errorf(line int, format string, args ...any) error {
	return errorf(b.file, line, format, args...)
}

// line returns the line a node starts on, or 0 when it has no range.
func (b *builder) line(n *unstable.Node) int {
	if n == nil || n.Raw.Length == 0 && n.Raw.Offset == 0 {
		return 0
	}
	return b.p.Shape(n.Raw).Start.Line
}

// syntaxError turns go-toml's parser error into an *Error on its line.
func (b *builder) syntaxError(err error) error {
	var pe *unstable.ParserError
	line := 0
	msg := err.Error()
	if errors.As(err, &pe) {
		msg = pe.Message
		func() {
			defer func() { _ = recover() }() // a highlight outside the input has no line
			line = b.p.Shape(b.p.Range(pe.Highlight)).Start.Line
		}()
	}
	return b.errorf(line, "TOML syntax: %s", msg)
}

// keyOf returns a key's parts and the line of its first part.
func (b *builder) keyOf(e *unstable.Node) ([]string, int) {
	var parts []string
	line := 0
	it := e.Key()
	for it.Next() {
		if line == 0 {
			line = b.line(it.Node())
		}
		parts = append(parts, string(it.Node().Data))
	}
	return parts, line
}

// header opens the table a [header] or [[header]] names.
func (b *builder) header(e *unstable.Node, array bool) (*table, error) {
	parts, line := b.keyOf(e)
	t := b.root
	for i, k := range parts {
		last := i == len(parts)-1
		v := t.get(k)
		switch {
		case v == nil && last && array:
			nt := newTable(line)
			nt.header = true
			av := &value{kind: kArray, arr: []*value{{kind: kTable, tab: nt, line: line}}, line: line}
			b.arrays[av] = true
			t.set(k, av, line)
			return nt, nil
		case v == nil:
			nt := newTable(line)
			nt.header = last
			t.set(k, &value{kind: kTable, tab: nt, line: line}, line)
			t = nt
		case v.kind == kArray && b.arrays[v]:
			if last && array {
				nt := newTable(line)
				nt.header = true
				v.arr = append(v.arr, &value{kind: kTable, tab: nt, line: line})
				return nt, nil
			}
			if last {
				return nil, b.errorf(line, "[%s] is already an array of tables ([[%s]], line %d)", strings.Join(parts, "."), strings.Join(parts, "."), v.line)
			}
			t = v.arr[len(v.arr)-1].tab
		case v.kind == kTable && !v.tab.inline:
			if last {
				if array {
					return nil, b.errorf(line, "[[%s]]: %s is already a table (line %d)", strings.Join(parts, "."), k, v.line)
				}
				if v.tab.header {
					return nil, b.errorf(line, "table [%s] defined twice (first at line %d)", strings.Join(parts, "."), v.tab.line)
				}
				v.tab.header = true
				v.tab.line = line
			}
			t = v.tab
		default:
			return nil, b.errorf(line, "[%s]: key %q is already %s (line %d)", strings.Join(parts, "."), k, v.typeName(), t.keyLine[k])
		}
	}
	return t, nil
}

// keyValue sets a key = value in t, creating the tables of a dotted key.
func (b *builder) keyValue(t *table, e *unstable.Node) error {
	parts, line := b.keyOf(e)
	for _, k := range parts[:len(parts)-1] {
		v := t.get(k)
		switch {
		case v == nil:
			nt := newTable(line)
			t.set(k, &value{kind: kTable, tab: nt, line: line}, line)
			t = nt
		case v.kind == kTable && !v.tab.inline && !v.tab.header:
			t = v.tab
		default:
			return b.errorf(line, "key %q: %q is already %s (line %d)", strings.Join(parts, "."), k, v.typeName(), t.keyLine[k])
		}
	}
	k := parts[len(parts)-1]
	if v := t.get(k); v != nil {
		return b.errorf(line, "key %q defined twice (first at line %d)", strings.Join(parts, "."), t.keyLine[k])
	}
	v, err := b.value(e.Value(), line)
	if err != nil {
		return err
	}
	t.set(k, v, line)
	return nil
}

// value converts a value node; keyLine is the line of its key, for
// containers without a range of their own.
func (b *builder) value(n *unstable.Node, keyLine int) (*value, error) {
	line := b.line(n)
	if line == 0 {
		line = keyLine
	}
	switch n.Kind {
	case unstable.String:
		return &value{kind: kString, str: string(n.Data), line: line}, nil
	case unstable.Bool:
		return &value{kind: kBool, b: string(n.Data) == "true", line: line}, nil
	case unstable.Array:
		v := &value{kind: kArray, line: line}
		it := n.Children()
		for it.Next() {
			el, err := b.value(it.Node(), line)
			if err != nil {
				return nil, err
			}
			v.arr = append(v.arr, el)
		}
		return v, nil
	case unstable.InlineTable:
		t := newTable(line)
		it := n.Children()
		for it.Next() {
			if err := b.keyValue(t, it.Node()); err != nil {
				return nil, err
			}
		}
		t.inline = true
		return &value{kind: kTable, tab: t, line: line}, nil
	case unstable.Integer:
		return &value{kind: kOther, other: "integer", line: line}, nil
	case unstable.Float:
		return &value{kind: kOther, other: "float", line: line}, nil
	}
	return &value{kind: kOther, other: "date or time", line: line}, nil
}
