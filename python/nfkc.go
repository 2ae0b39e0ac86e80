package python

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// nfkcGz maps each identifier character whose NFKC form differs to that
// form, one "HEX;HEX HEX..." a line, gzipped; derived from Unicode 14.0
// normalization data (the version of CPython 3.11's unicodedata). CPython
// normalizes non-ASCII identifiers with NFKC (PEP 3131), so "µ" and "μ"
// are one name; this per-character map covers identifiers written in
// precomposed characters, which is what real code holds.
//
//go:embed nfkc_identifiers.txt.gz
var nfkcGz []byte

// nfkcMap is nfkcGz read, on first use.
var nfkcMap = sync.OnceValue(func() map[rune]string {
	m := make(map[rune]string, 4000)
	eachHexLine(nfkcGz, func(k rune, to string) {
		var b strings.Builder
		for _, h := range strings.Fields(to) {
			if v, err := strconv.ParseUint(h, 16, 32); err == nil {
				b.WriteRune(rune(v))
			}
		}
		m[k] = b.String()
	})
	return m
})

// eachHexLine calls f with each line of the gzipped table gz that reads
// "HEX;REST": the code point HEX and REST. Lines of another form are
// passed over. The NFKC and the character-name tables are both read
// with it.
func eachHexLine(gz []byte, f func(r rune, rest string)) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		hex, rest, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			continue
		}
		if v, err := strconv.ParseUint(hex, 16, 32); err == nil {
			f(rune(v), rest)
		}
	}
}

// normalizeIdentifier returns the NFKC form of a non-ASCII identifier.
func normalizeIdentifier(s string) string {
	nfkc := nfkcMap()
	var b strings.Builder
	changed := false
	for _, r := range s {
		if r >= utf8.RuneSelf {
			if n, ok := nfkc[r]; ok {
				b.WriteString(n)
				changed = true
				continue
			}
		}
		b.WriteRune(r)
	}
	if !changed {
		return s
	}
	return b.String()
}
