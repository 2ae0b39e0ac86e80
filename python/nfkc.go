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

var (
	nfkcOnce sync.Once
	nfkcMap  map[rune]string
)

func loadNFKC() {
	nfkcMap = make(map[rune]string, 4000)
	zr, err := gzip.NewReader(bytes.NewReader(nfkcGz))
	if err != nil {
		return
	}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		from, to, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			continue
		}
		k, err := strconv.ParseUint(from, 16, 32)
		if err != nil {
			continue
		}
		var b strings.Builder
		for _, h := range strings.Fields(to) {
			if v, err := strconv.ParseUint(h, 16, 32); err == nil {
				b.WriteRune(rune(v))
			}
		}
		nfkcMap[rune(k)] = b.String()
	}
}

// normalizeIdentifier returns the NFKC form of a non-ASCII identifier.
func normalizeIdentifier(s string) string {
	nfkcOnce.Do(loadNFKC)
	var b strings.Builder
	changed := false
	for _, r := range s {
		if r >= utf8.RuneSelf {
			if n, ok := nfkcMap[r]; ok {
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
