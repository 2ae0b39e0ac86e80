package python

import (
	"bufio"
	"bytes"
	"compress/gzip"
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

var (
	namesOnce sync.Once
	namesMap  map[string]rune
)

func loadNames() {
	namesMap = make(map[string]rune, 40000)
	zr, err := gzip.NewReader(bytes.NewReader(unicodeNamesGz))
	if err != nil {
		return
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		line := sc.Text()
		i := strings.IndexByte(line, ';')
		if i < 0 {
			continue
		}
		v, err := strconv.ParseUint(line[:i], 16, 32)
		if err == nil {
			namesMap[line[i+1:]] = rune(v)
		}
	}
}

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

// unicodeNames holds name aliases (NameAliases.txt) met in real code,
// which the table above lacks.
var unicodeNames = map[string]rune{
	"SPACE": ' ', "NO-BREAK SPACE": 0xa0, "EM DASH": 0x2014, "EN DASH": 0x2013,
	"BULLET": 0x2022, "HORIZONTAL ELLIPSIS": 0x2026, "DEGREE SIGN": 0xb0,
	"GREEK SMALL LETTER ALPHA": 0x3b1, "GREEK SMALL LETTER BETA": 0x3b2,
	"GREEK SMALL LETTER GAMMA": 0x3b3, "GREEK SMALL LETTER DELTA": 0x3b4,
	"GREEK SMALL LETTER EPSILON": 0x3b5, "GREEK SMALL LETTER LAMDA": 0x3bb,
	"GREEK SMALL LETTER MU": 0x3bc, "GREEK SMALL LETTER PI": 0x3c0,
	"GREEK SMALL LETTER SIGMA": 0x3c3, "GREEK SMALL LETTER THETA": 0x3b8,
	"GREEK SMALL LETTER CHI": 0x3c7, "GREEK SMALL LETTER PHI": 0x3c6,
	"GREEK SMALL LETTER OMEGA": 0x3c9, "GREEK CAPITAL LETTER DELTA": 0x394,
	"GREEK CAPITAL LETTER SIGMA": 0x3a3, "GREEK CAPITAL LETTER OMEGA": 0x3a9,
	"MICRO SIGN": 0xb5, "MULTIPLICATION SIGN": 0xd7, "PLUS-MINUS SIGN": 0xb1,
	"MINUS SIGN": 0x2212, "INFINITY": 0x221e, "EMPTY SET": 0x2205,
	"LEFT-POINTING DOUBLE ANGLE QUOTATION MARK": 0xab, "RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK": 0xbb,
	"LEFT SINGLE QUOTATION MARK": 0x2018, "RIGHT SINGLE QUOTATION MARK": 0x2019,
	"LEFT DOUBLE QUOTATION MARK": 0x201c, "RIGHT DOUBLE QUOTATION MARK": 0x201d,
	"COPYRIGHT SIGN": 0xa9, "REGISTERED SIGN": 0xae, "SECTION SIGN": 0xa7,
	"PILCROW SIGN": 0xb6, "EURO SIGN": 0x20ac, "POUND SIGN": 0xa3, "YEN SIGN": 0xa5,
	"CHECK MARK": 0x2713, "BLACK SQUARE": 0x25a0, "WHITE SQUARE": 0x25a1,
	"LATIN SMALL LETTER E WITH ACUTE": 0xe9, "LATIN SMALL LETTER A WITH GRAVE": 0xe0,
	"LATIN SMALL LETTER U WITH DIAERESIS": 0xfc, "LATIN SMALL LETTER O WITH DIAERESIS": 0xf6,
	"LATIN SMALL LETTER SHARP S": 0xdf, "ZERO WIDTH SPACE": 0x200b,
	"ZERO WIDTH JOINER": 0x200d, "ZERO WIDTH NON-JOINER": 0x200c,
	"BYTE ORDER MARK": 0xfeff, "ZERO WIDTH NO-BREAK SPACE": 0xfeff,
	"NULL": 0, "LINE FEED": '\n', "CARRIAGE RETURN": '\r', "CHARACTER TABULATION": '\t',
	"ESCAPE": 0x1b, "DELETE": 0x7f, "REPLACEMENT CHARACTER": 0xfffd,
	"SNOWMAN": 0x2603, "BLACK STAR": 0x2605, "WHITE STAR": 0x2606,
	"RIGHTWARDS ARROW": 0x2192, "LEFTWARDS ARROW": 0x2190, "UPWARDS ARROW": 0x2191, "DOWNWARDS ARROW": 0x2193,
	"BOX DRAWINGS LIGHT HORIZONTAL": 0x2500, "BOX DRAWINGS LIGHT VERTICAL": 0x2502,
	"FULL BLOCK": 0x2588, "LIGHT SHADE": 0x2591, "MEDIUM SHADE": 0x2592, "DARK SHADE": 0x2593,
	"IDEOGRAPHIC SPACE": 0x3000, "EM SPACE": 0x2003, "EN SPACE": 0x2002, "THIN SPACE": 0x2009,
	"HYPHEN": 0x2010, "NON-BREAKING HYPHEN": 0x2011, "SOFT HYPHEN": 0xad,
	"LINE SEPARATOR": 0x2028, "PARAGRAPH SEPARATOR": 0x2029,
}

// lookupUnicodeName resolves a \N{name} escape, as unicodedata.lookup
// does: any case, with the aliases above.
func lookupUnicodeName(name string) (rune, bool) {
	name = strings.ToUpper(name)
	namesOnce.Do(loadNames)
	if r, ok := namesMap[name]; ok {
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
