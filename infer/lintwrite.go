package infer

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"text/tabwriter"
	"unicode/utf8"
)

// The lint's reports are written row by row through one buffer: a
// million-line program is a million rows, and a write call or a
// reflective encoding per row would cost more than typing them.

// WriteText writes the lint as promote infer prints it: a table with one
// column per rule set, a row per statement (">" marks the first
// disagreement, "*" the later ones), then "RULES: error: MESSAGE" for
// each rule set that failed, then the verdict: "first disagreement: line
// N", "no rule set could read the program" or "all rule sets agree". The
// columns are aligned as text/tabwriter aligns them with two spaces of
// padding. It returns the first write error.
func (l *Lint) WriteText(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, row := range l.Rows {
		if len(row.Cells) != len(l.Rules) {
			// Not a lint Compare made: align it as text/tabwriter would.
			return l.writeRagged(bw)
		}
	}
	// Cells per line: the mark and line, the name, one per rule set. The
	// last cell of a line is not padded. Widths are in runes, as
	// text/tabwriter counts them.
	ncells := 2 + len(l.Rules)
	width := make([]int, ncells)
	fit := func(k int, s string) {
		if n := textWidth(s); n > width[k] {
			width[k] = n
		}
	}
	fit(0, "  line")
	fit(1, "name")
	for i, r := range l.Rules {
		fit(2+i, r)
	}
	for _, row := range l.Rows {
		if n := 2 + decimalLen(row.Line); n > width[0] {
			width[0] = n
		}
		fit(1, rowName(row))
		for i, c := range row.Cells {
			fit(2+i, c)
		}
	}
	var line []byte
	cell := func(k int, s string) {
		line = append(line, s...)
		if k < ncells-1 {
			for n := width[k] + 2 - textWidth(s); n > 0; n-- {
				line = append(line, ' ')
			}
		}
	}
	cell(0, "  line")
	cell(1, "name")
	for i, r := range l.Rules {
		cell(2+i, r)
	}
	line = append(line, '\n')
	bw.Write(line)
	var tail []byte   // the text of prev, the last row's cells
	var prev []string // the last row's cells
	for i, row := range l.Rows {
		mark := byte(' ')
		switch {
		case i == l.First:
			mark = '>' // the first disagreement
		case !row.Agree:
			mark = '*'
		}
		line = append(line[:0], mark, ' ')
		line = strconv.AppendInt(line, int64(row.Line), 10)
		for n := width[0] + 2 - len(line); n > 0; n-- {
			line = append(line, ' ')
		}
		cell(1, rowName(row))
		bw.Write(line)
		// Rows with the same cells share one slice (Compare makes them
		// so), and then their text too.
		if len(row.Cells) == 0 || len(prev) == 0 || &row.Cells[0] != &prev[0] || len(row.Cells) != len(prev) {
			prev = row.Cells
			line = line[:0]
			for k, c := range row.Cells {
				cell(2+k, c)
			}
			line = append(line, '\n')
			tail = append(tail[:0], line...)
		}
		bw.Write(tail)
	}
	return l.writeVerdict(bw)
}

// writeRagged writes a lint whose rows do not all have a cell per rule
// set, through text/tabwriter.
func (l *Lint) writeRagged(bw *bufio.Writer) error {
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	tw.Write([]byte("  line\tname"))
	for _, r := range l.Rules {
		tw.Write([]byte("\t" + r))
	}
	tw.Write([]byte("\n"))
	for i, row := range l.Rows {
		mark := " "
		switch {
		case i == l.First:
			mark = ">"
		case !row.Agree:
			mark = "*"
		}
		name := row.Name
		if name == "" {
			name = "_"
		}
		tw.Write([]byte(mark + " " + strconv.Itoa(row.Line) + "\t" + name))
		for _, c := range row.Cells {
			tw.Write([]byte("\t" + c))
		}
		tw.Write([]byte("\n"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return l.writeVerdict(bw)
}

// writeVerdict writes each rule set's error and the lint's verdict, and
// flushes.
func (l *Lint) writeVerdict(bw *bufio.Writer) error {
	for _, msg := range l.Skipped {
		bw.WriteString("skipped: ")
		bw.WriteString(msg)
		bw.WriteByte('\n')
	}
	for i, msg := range l.Errors {
		if msg == "" {
			continue
		}
		if i < len(l.Rules) {
			bw.WriteString(l.Rules[i])
		}
		bw.WriteString(": error: ")
		bw.WriteString(msg)
		bw.WriteByte('\n')
	}
	switch {
	case l.Unreadable:
		bw.WriteString("no rule set could read the program\n")
	case l.First >= 0:
		bw.WriteString("first disagreement: line ")
		bw.WriteString(strconv.Itoa(l.FirstLine))
		bw.WriteByte('\n')
	case len(l.Skipped) > 0:
		bw.WriteString("all rule sets agree on the statements they read; ")
		bw.WriteString(strconv.Itoa(len(l.Skipped)))
		if len(l.Skipped) == 1 {
			bw.WriteString(" statement skipped\n")
		} else {
			bw.WriteString(" statements skipped\n")
		}
	default:
		bw.WriteString("all rule sets agree\n")
	}
	return bw.Flush()
}

// rowName is the name column of a row: _ for a bare expression.
func rowName(row LintRow) string {
	if row.Name == "" {
		return "_"
	}
	return row.Name
}

// textWidth is the width text/tabwriter gives s: its runes.
func textWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(s)
		}
	}
	return len(s)
}

func decimalLen(n int) int {
	s := 1
	if n < 0 {
		s, n = 2, -n
	}
	for n >= 10 {
		n /= 10
		s++
	}
	return s
}

// WriteJSON writes the lint as one JSON object, exactly as encoding/json's
// Encoder with two-space indentation encodes a Lint, without reflection
// per row. It returns the first write error.
func (l *Lint) WriteJSON(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b []byte
	flush := func() {
		if len(b) >= 32<<10 {
			bw.Write(b)
			b = b[:0]
		}
	}
	b = append(b, "{\n  \"rules\": "...)
	b = appendJSONStrings(b, l.Rules, "  ")
	b = append(b, ",\n  \"rows\": "...)
	switch {
	case l.Rows == nil:
		b = append(b, "null"...)
	case len(l.Rows) == 0:
		b = append(b, "[]"...)
	default:
		b = append(b, '[')
		var types []byte  // the encoding of prev
		var prev []string // the last row's cells
		for i := range l.Rows {
			row := &l.Rows[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n    {\n      \"line\": "...)
			b = strconv.AppendInt(b, int64(row.Line), 10)
			if row.Name != "" {
				b = append(b, ",\n      \"name\": "...)
				b = appendJSONString(b, row.Name)
			}
			b = append(b, ",\n      \"types\": "...)
			// Rows with the same cells share one slice (Compare makes
			// them so), and then their encoding too.
			if len(row.Cells) == 0 || len(prev) == 0 || &row.Cells[0] != &prev[0] || len(row.Cells) != len(prev) {
				prev = row.Cells
				types = appendJSONStrings(types[:0], row.Cells, "      ")
			}
			b = append(b, types...)
			b = append(b, ",\n      \"agree\": "...)
			b = strconv.AppendBool(b, row.Agree)
			b = append(b, "\n    }"...)
			flush()
		}
		b = append(b, "\n  ]"...)
	}
	b = append(b, ",\n  \"first_disagreement\": "...)
	b = strconv.AppendInt(b, int64(l.FirstLine), 10)
	if l.Unreadable {
		b = append(b, ",\n  \"unreadable\": true"...)
	}
	b = append(b, ",\n  \"errors\": "...)
	b = appendJSONStrings(b, l.Errors, "  ")
	if len(l.Skipped) > 0 {
		b = append(b, ",\n  \"skipped\": "...)
		b = appendJSONStrings(b, l.Skipped, "  ")
	}
	b = append(b, "\n}\n"...)
	bw.Write(b)
	return bw.Flush()
}

// appendJSONStrings appends ss as an indented JSON array whose closing
// bracket is at indent.
func appendJSONStrings(b []byte, ss []string, indent string) []byte {
	switch {
	case ss == nil:
		return append(b, "null"...)
	case len(ss) == 0:
		return append(b, "[]"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '\n')
		b = append(b, indent...)
		b = append(b, "  "...)
		b = appendJSONString(b, s)
	}
	b = append(b, '\n')
	b = append(b, indent...)
	return append(b, ']')
}

// appendJSONString appends s as encoding/json writes it. Dtype names,
// program names and cells need no escaping; anything else goes through
// encoding/json, so the escaping (of HTML characters too) is its own.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
