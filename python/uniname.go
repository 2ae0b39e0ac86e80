package python

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// unicodeNamesGz is the name of every character of the Unicode Character
// Database 14.0 (UnicodeData.txt, the version of CPython 3.11's
// unicodedata), one "HEX;NAME" a line, gzipped; the algorithmic names
// (CJK, Tangut, Khitan, Nushu ideographs, Hangul syllables) are computed
// instead. \N{...} escapes need it; it is read on first use.
//
//go:embed unicode_names.txt.gz
var unicodeNamesGz []byte

// namesMap is unicodeNamesGz read, on first use.
var namesMap = sync.OnceValue(func() map[string]rune {
	m := make(map[string]rune, 40000)
	eachHexLine(unicodeNamesGz, func(r rune, name string) { m[name] = r })
	return m
})

// algorithmic names: prefix and the code point ranges it may name.
var hexNamed = []struct {
	prefix string
	lo, hi rune
}{
	{"CJK UNIFIED IDEOGRAPH-", 0x3400, 0x323af},
	{"CJK COMPATIBILITY IDEOGRAPH-", 0xf900, 0x2fa1f},
	{"TANGUT IDEOGRAPH-", 0x17000, 0x187f7},
	{"KHITAN SMALL SCRIPT CHARACTER-", 0x18b00, 0x18cd5},
	{"NUSHU CHARACTER-", 0x1b170, 0x1b2fb},
}

// Hangul syllable name parts (Unicode 14, chapter 3.12).
var (
	jamoL = []string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	jamoV = []string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"}
	jamoT = []string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

func hangulSyllable(rest string) (rune, bool) {
	for l, ls := range jamoL {
		if !strings.HasPrefix(rest, ls) {
			continue
		}
		for v, vs := range jamoV {
			if !strings.HasPrefix(rest[len(ls):], vs) {
				continue
			}
			for t, ts := range jamoT {
				if rest[len(ls)+len(vs):] == ts {
					return rune(0xac00 + (l*21+v)*28 + t), true
				}
			}
		}
	}
	return 0, false
}

// unicodeNames holds the control-character and format-character aliases
// of NameAliases.txt (Unicode 14.0) that unicodedata.lookup accepts and
// the name table lacks.
var unicodeNames = map[string]rune{
	"ALERT":                0x7,
	"BACKSPACE":            0x8,
	"BEL":                  0x7,
	"BOM":                  0xfeff,
	"BS":                   0x8,
	"BYTE ORDER MARK":      0xfeff,
	"CARRIAGE RETURN":      0xd,
	"CHARACTER TABULATION": 0x9,
	"CR":                   0xd,
	"DEL":                  0x7f,
	"DELETE":               0x7f,
	"END OF LINE":          0xa,
	"EOL":                  0xa,
	"ESC":                  0x1b,
	"ESCAPE":               0x1b,
	"FF":                   0xc,
	"FORM FEED":            0xc,
	"HT":                   0x9,
	"LF":                   0xa,
	"LINE FEED":            0xa,
	"LINE TABULATION":      0xb,
	"LRM":                  0x200e,
	"MMSP":                 0x205f,
	"NBSP":                 0xa0,
	"NEL":                  0x85,
	"NEW LINE":             0xa,
	"NNBSP":                0x202f,
	"NUL":                  0x0,
	"NULL":                 0x0,
	"RLM":                  0x200f,
	"SHY":                  0xad,
	"SP":                   0x20,
	"TAB":                  0x9,
	"VT":                   0xb,
	"WJ":                   0x2060,
	"ZWJ":                  0x200d,
	"ZWNBSP":               0xfeff,
	"ZWNJ":                 0x200c,
	"ZWSP":                 0x200b,
}

// lookupUnicodeName resolves a \N{name} escape, as unicodedata.lookup
// does: any case, with the aliases above.
func lookupUnicodeName(name string) (rune, bool) {
	name = strings.ToUpper(name)
	if r, ok := namesMap()[name]; ok {
		return r, true
	}
	if r, ok := unicodeNames[name]; ok {
		return r, true
	}
	for _, h := range hexNamed {
		if rest, ok := strings.CutPrefix(name, h.prefix); ok && len(rest) >= 4 && len(rest) <= 5 {
			v, err := strconv.ParseUint(rest, 16, 32)
			if err == nil && rune(v) >= h.lo && rune(v) <= h.hi {
				return rune(v), true
			}
		}
	}
	if rest, ok := strings.CutPrefix(name, "HANGUL SYLLABLE "); ok {
		return hangulSyllable(rest)
	}
	return 0, false
}
