package kernels

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestSpecialCases checks testdata/special.tsv against the kernel in
// use, the pure-Go twin and the math/big reference (which keeps the file
// honest).
func TestSpecialCases(t *testing.T) {
	f, err := os.Open("testdata/special.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fs := strings.Split(text, "\t")
		if len(fs) < 4 {
			t.Fatalf("line %d: want 4 fields: %q", line, text)
		}
		s, err1 := dtype.Parse(fs[0])
		d, err2 := dtype.Parse(fs[2])
		in, err3 := strconv.ParseUint(fs[1], 0, 64)
		want, err4 := strconv.ParseUint(fs[3], 0, 64)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			t.Fatalf("line %d: bad fields: %q", line, text)
		}
		if Lookup(d, s) == nil {
			t.Fatalf("line %d: no kernel %s -> %s", line, s, d)
		}
		if r := ref(d, s, in); r != want {
			t.Errorf("line %d: %s %#x -> %s: the file says %#x, the reference %#x", line, s, in, d, want, r)
		}
		// Put the value in every lane of a few vector blocks and a tail.
		const n = 211
		src := make([]byte, n*size(s))
		for i := range n {
			put(src[i*size(s):], s, in)
		}
		for _, impl := range []struct {
			name string
			k    Kernel
			nt   int
		}{{"fast", table[d][s], ntMin}, {"fast non-temporal", table[d][s], 0}, {"pure", pure[d][s], ntMin}} {
			dst := make([]byte, n*size(d))
			old := ntMin
			ntMin = impl.nt
			impl.k(dst, src)
			ntMin = old
			for i := range n {
				if got := get(dst[i*size(d):], d); got != want {
					t.Errorf("line %d: %s %s %#x -> %s = %#x, want %#x (%s)", line, impl.name, s, in, d, got, want, fs[4])
					break
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}
