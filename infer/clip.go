package infer

import (
	"strconv"
	"unicode/utf8"
)

// Error messages echo the program's tokens (a name, a literal, an
// operand); a token can be megabytes long, so an echo is cut to clipBytes
// with an ellipsis and the token's length: "99999…" (20000000 bytes).
// The format is the one the operand parser's errors use.
const clipBytes = 64

// clipText is s, or when s is longer than clipBytes its first bytes (cut
// at a character boundary), an ellipsis and its length.
func clipText(s string) string {
	if len(s) <= clipBytes {
		return s
	}
	return clipPrefix(s) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// clipQuote is s quoted as %q does, cut as clipText cuts it, with the
// length after the closing quote.
func clipQuote(s string) string {
	if len(s) <= clipBytes {
		return strconv.Quote(s)
	}
	return strconv.Quote(clipPrefix(s)+"…") + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// clipPrefix is s cut to at most clipBytes-8 bytes at a rune boundary, so
// that with the ellipsis and the length the echo stays near clipBytes.
func clipPrefix(s string) string {
	n := clipBytes - 8
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
