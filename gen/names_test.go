package gen_test

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/gen"
)

func TestParseNamesErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"f32\n", "n.txt:1: want DTYPE NAME"},
		{"# c\nf31 X\n", `n.txt:2: unknown dtype "f31"`},
		{"f32 1x\n", `n.txt:1: "1x" is not an identifier`},
		{"f32 A\nfloat32 B\n", "n.txt:2: f32 is mapped twice (first at line 1)"},
		{"f32 A\nf16 a\n", "n.txt:2: the name a is given twice (first at line 1"},
		{"f32 A B\n", "n.txt:1: want DTYPE NAME"},
	} {
		if _, err := gen.ParseNames("n.txt", []byte(tt.src)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want %q", tt.src, err, tt.want)
		}
	}
	m, err := gen.ParseNames("n.txt", []byte("f32 Float32 # comment\n\n  bfloat16\tBFloat16\n"))
	if err != nil || len(m) != 2 {
		t.Errorf("good file: %v %v", m, err)
	}
}

// FuzzParseNames: any input gives a map or an error naming the file;
// every name in a map is an identifier.
func FuzzParseNames(f *testing.F) {
	f.Add([]byte("f32 Float32\nbf16 BFloat16\n"))
	f.Add([]byte("# x\nf31 X\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := gen.ParseNames("fuzz.names", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.names") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for d, n := range m {
			if n == "" || !d.Valid() || strings.ContainsAny(n, " \t#") {
				t.Fatalf("mapping %v -> %q", d, n)
			}
		}
	})
}
