package gen

import (
	"fmt"
	"strconv"
	"strings"
)

// keywords are the names each language reserves, with the identifiers the
// generated code itself declares next to the enum members.
var keywords = map[Lang][]string{
	Go: {"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go", "goto", "if",
		"import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type", "var",
		"DType", "NumDTypes", "ParseDType", "Promote", "Rule", "Error"},
	C: {"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern", "float", "for",
		"goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
		"switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", "alignas", "alignof",
		"nullptr", "static_assert", "thread_local", "typeof", "NULL"},
	CPP: {"alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch", "char",
		"char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr", "constinit",
		"const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
		"dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
		"inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq", "nullptr", "operator", "or",
		"or_eq", "private", "protected", "public", "register", "reinterpret_cast", "requires", "return", "short", "signed",
		"sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local", "throw",
		"true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile",
		"wchar_t", "while", "xor", "xor_eq", "NULL"},
	Rust: {"as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn", "for",
		"if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static",
		"struct", "super", "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do",
		"final", "gen", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield", "union"},
	Python: {"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
		"elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
		"not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "name", "value", "mro"},
}

// isKeyword reports whether id is reserved in l. Go's predeclared
// identifiers count too: a constant named bool would shadow the type.
func isKeyword(l Lang, id string) bool {
	for _, k := range keywords[l] {
		if k == id {
			return true
		}
	}
	if l == Go {
		switch id {
		case "bool", "byte", "error", "int", "string", "uint8", "uint16", "nil", "true", "false", "len", "iota":
			return true
		}
	}
	return false
}

// cQuote writes s as a C or C++ string literal: ASCII printable as is,
// \ " and ? escaped (no trigraphs), every other byte in octal (which,
// unlike \x, cannot swallow the characters after it).
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == '"' || c == '?':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// rustQuote writes s as a Rust string literal: a rune outside printable
// ASCII as \u{X}.
func rustQuote(s string) string {
	return quoteRunes(s, func(b *strings.Builder, r rune) { fmt.Fprintf(b, "\\u{%x}", r) })
}

// pyQuote writes s as a Python string literal: a rune outside printable
// ASCII as \uXXXX, or \UXXXXXXXX past the Basic Multilingual Plane.
func pyQuote(s string) string {
	return quoteRunes(s, func(b *strings.Builder, r rune) {
		if r <= 0xffff {
			fmt.Fprintf(b, "\\u%04x", r)
		} else {
			fmt.Fprintf(b, "\\U%08x", r)
		}
	})
}

// quoteRunes writes s, rune by rune, as a double-quoted literal: a
// backslash or a double quote behind a backslash, printable ASCII as it
// is, every other rune as escape writes it (Rust and Python differ only
// there).
func quoteRunes(s string, escape func(b *strings.Builder, r rune)) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		default:
			escape(&b, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// goQuote writes s as a Go string literal.
func goQuote(s string) string { return strconv.Quote(s) }
