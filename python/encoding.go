package python

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"
)

// codingCookie is PEP 263's declaration, looked for on the first two lines
// (CPython Parser/tokenizer.c, get_coding_spec).
var codingCookie = regexp.MustCompile(`^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`)

// decodeSource returns src as UTF-8: it honours a PEP 263 cookie for UTF-8,
// ASCII and Latin-1 (the encodings found in real trees) and rejects the
// others and invalid UTF-8 with a SyntaxError naming the problem.
func decodeSource(filename string, src []byte) ([]byte, error) {
	enc := ""
	rest := src
	for line := 1; line <= 2 && len(rest) > 0; line++ {
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		l := rest[:end]
		if m := codingCookie.FindSubmatch(l); m != nil {
			enc = normalEncoding(string(m[1]))
			if enc == "" && bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
				return nil, &SyntaxError{Filename: filename, Line: line, Col: 1, Msg: "encoding problem: " + string(m[1]) + " with BOM"}
			}
			if enc == "" {
				return nil, &SyntaxError{Filename: filename, Line: line, Col: 1, Msg: "unknown encoding: " + string(m[1])}
			}
			break
		}
		// Only a blank or comment first line lets line 2 declare it.
		if t := bytes.TrimLeft(l, " \t\f\r"); len(t) > 0 && t[0] != '#' {
			break
		}
		if end == len(rest) {
			break
		}
		rest = rest[end+1:]
	}
	if enc != "" && enc != "utf-8" && bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		return nil, &SyntaxError{Filename: filename, Line: 1, Col: 1, Msg: "encoding problem: " + enc + " with BOM"}
	}
	if enc == "latin-1" {
		var b strings.Builder
		for _, c := range src {
			b.WriteRune(rune(c))
		}
		return []byte(b.String()), nil
	}
	if !utf8.Valid(src) {
		off := 0
		for off < len(src) {
			r, n := utf8.DecodeRune(src[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		line := bytes.Count(src[:off], []byte{'\n'}) + 1
		col := off - (bytes.LastIndexByte(src[:off], '\n') + 1)
		codec := "utf-8"
		if enc == "ascii" {
			codec = "ascii"
		}
		return nil, &SyntaxError{Filename: filename, Line: line, Col: col + 1, Msg: "(unicode error) '" + codec + "' codec can't decode byte 0x" + hex2(src[off]) + ": invalid start byte"}
	}
	return src, nil
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// normalEncoding maps a cookie's name to "utf-8", "ascii" or "latin-1",
// or "" for an encoding this package does not read.
func normalEncoding(name string) string {
	n := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	switch {
	case n == "utf-8" || strings.HasPrefix(n, "utf-8-") || n == "utf8":
		return "utf-8"
	case n == "ascii" || n == "us-ascii":
		return "ascii"
	case n == "latin-1" || n == "iso-8859-1" || n == "iso-latin-1" || n == "latin1" || strings.HasPrefix(n, "latin-1-") || strings.HasPrefix(n, "iso-8859-1-") || strings.HasPrefix(n, "iso-latin-1-"):
		return "latin-1"
	}
	return ""
}
