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

// decodeSource returns src as UTF-8. It honours a PEP 263 cookie naming
// UTF-8, ASCII, Latin-1 or one of the single-byte code pages of
// codepages.go, and rejects other encodings, invalid bytes and a BOM with
// a non-UTF-8 cookie with a SyntaxError naming the problem, as CPython's
// tokenizer does (Parser/tokenizer.c, check_coding_spec).
func decodeSource(filename string, src []byte) ([]byte, error) {
	bom := bytes.HasPrefix(src, []byte("\xef\xbb\xbf"))
	enc := ""
	rest := src
	if bom {
		rest = src[3:]
	}
	for line := 1; line <= 2 && len(rest) > 0; line++ {
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		l := rest[:end]
		if m := codingCookie.FindSubmatch(l); m != nil {
			name := string(m[1])
			if bom && cpythonNormalName(name) != "utf-8" {
				return nil, &SyntaxError{Filename: filename, Line: line, Col: 1, Msg: "encoding problem: " + name + " with BOM"}
			}
			if enc = normalEncoding(name); enc == "" {
				return nil, &SyntaxError{Filename: filename, Line: line, Col: 1, Msg: "unknown encoding: " + name}
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
	switch enc {
	case "latin-1":
		var b strings.Builder
		for _, c := range src {
			b.WriteRune(rune(c))
		}
		return []byte(b.String()), nil
	case "", "utf-8":
	case "ascii":
		for off, c := range src {
			if c >= utf8.RuneSelf {
				return nil, decodeError(filename, src, off, "ascii", "ordinal not in range(128)")
			}
		}
	default:
		table := singleByte[enc]
		var b strings.Builder
		for off, c := range src {
			switch {
			case c < utf8.RuneSelf:
				b.WriteByte(c)
			case table[c-0x80] < 0:
				return nil, decodeError(filename, src, off, enc, "character maps to <undefined>")
			default:
				b.WriteRune(table[c-0x80])
			}
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
		return nil, decodeError(filename, src, off, "utf-8", "invalid start byte")
	}
	return src, nil
}

// decodeError reports an undecodable byte at its line and column.
func decodeError(filename string, src []byte, off int, codec, why string) error {
	line := bytes.Count(src[:off], []byte{'\n'}) + 1
	col := off - (bytes.LastIndexByte(src[:off], '\n') + 1)
	return &SyntaxError{Filename: filename, Line: line, Col: col + 1, Msg: "(unicode error) '" + codec + "' codec can't decode byte 0x" + hex2(src[off]) + ": " + why}
}

// cpythonNormalName is CPython's get_normal_name: only "utf-8" spellings
// and Latin-1 spellings are normalized, which decides whether a BOM
// agrees with a cookie ("utf8" with a BOM is an error there).
func cpythonNormalName(name string) string {
	n := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	if n == "utf-8" || strings.HasPrefix(n, "utf-8-") {
		return "utf-8"
	}
	return n
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// normalEncoding maps a cookie's name to "utf-8", "ascii", "latin-1" or
// a key of singleByte, or "" for an encoding this package does not read.
func normalEncoding(name string) string {
	n := strings.ToLower(strings.ReplaceAll(name, "_", "-"))
	switch {
	case n == "utf-8" || strings.HasPrefix(n, "utf-8-") || n == "utf8":
		return "utf-8"
	case n == "ascii" || n == "us-ascii":
		return "ascii"
	case n == "latin-1" || n == "iso-8859-1" || n == "iso-latin-1" || n == "latin1" || n == "iso8859-1" || n == "l1" ||
		strings.HasPrefix(n, "latin-1-") || strings.HasPrefix(n, "iso-8859-1-") || strings.HasPrefix(n, "iso-latin-1-"):
		return "latin-1"
	}
	if _, ok := singleByte[n]; ok {
		return n
	}
	return singleByteAliases[n]
}
