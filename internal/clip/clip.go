// Package clip cuts text that echoes user input in error messages to a
// bounded length, saying how much was cut, so that a 20 MB bad token gives
// a short error line instead of a 40 MB one.
//
// It is shared by the dtype parser, the operand parser and promote.Error;
// it lives in an internal package rather than in the root package because
// dtype, which the root package imports, needs it too.
package clip

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Bounds on echoed input. An operand, a dtype name or a literal in normal
// use is far shorter than TokenBytes.
const (
	// TokenBytes is how many bytes of a token an error message keeps.
	TokenBytes = 64
	// ListItems is how many items of a list an error message keeps.
	ListItems = 8
)

// Quote returns s quoted as %q does when it is at most TokenBytes long;
// a longer s is cut at a character boundary, ended with an ellipsis inside
// the quotes, and followed by its length: "99999…" (20000000 bytes).
func Quote(s string) string {
	if len(s) <= TokenBytes {
		return strconv.Quote(s)
	}
	return strconv.Quote(prefix(s)+"…") + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// QuoteASCII is Quote with strconv.QuoteToASCII's escapes: every byte
// outside printable ASCII is written as an escape, for names that must be
// ASCII (a safetensors tensor name), where the escape shows the bad byte.
func QuoteASCII(s string) string {
	if len(s) <= TokenBytes {
		return strconv.QuoteToASCII(s)
	}
	return strconv.QuoteToASCII(prefix(s)+"…") + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// Text returns s unchanged when it is at most TokenBytes long, else its
// first bytes (cut at a character boundary), an ellipsis and its length:
// 99999… (20000000 bytes).
func Text(s string) string {
	if len(s) <= TokenBytes {
		return s
	}
	return prefix(s) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// prefix is s cut to at most TokenBytes-8 bytes, at a rune boundary, so
// that with its ellipsis and length it stays near TokenBytes.
func prefix(s string) string {
	n := TokenBytes - 8
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// List joins n items, each written by item and cut by Text, with sep
// between them. Past ListItems items it stops and says how many more
// there are: "a b c d e f g h … and 249992 more".
func List(n int, item func(i int) string, sep string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i == ListItems && n > ListItems+1 {
			b.WriteString(sep)
			b.WriteString("… and ")
			b.WriteString(strconv.Itoa(n - i))
			b.WriteString(" more")
			break
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(Text(item(i)))
	}
	return b.String()
}
