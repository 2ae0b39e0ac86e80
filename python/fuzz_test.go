package python

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzSeeds adds the syntax test files and a few hostile inputs.
func fuzzSeeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "syntax", "*.py"))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"", "\n", "x", "f'{", "f'{x:{y:{z}}}'", "(" + strings.Repeat("[", 300), "if x:\n\tpass\n        pass\n",
		"match x:\n case [a, *b] | {**c} if d: pass\n", "'\\N{", "0x", "1__0", "\"\"\"", "\\", "def f(*, **k): pass",
		"type X[T: int = str, *Ts, **P] = list[T]\n", "try:\n pass\nexcept* E:\n pass\n",
	} {
		f.Add([]byte(s))
	}
}

// FuzzTokenize checks that the tokenizer never panics and that its tokens
// lie in order inside the source.
func FuzzTokenize(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		text, err := sourceText("fuzz.py", src)
		if err != nil {
			return
		}
		toks, _ := tokenize("fuzz.py", text)
		prev := 0
		for _, tk := range toks {
			if tk.start < prev || tk.end < tk.start || tk.end > len(text) {
				t.Fatalf("token %v [%d,%d) out of order (prev end %d, len %d)", tk.kind, tk.start, tk.end, prev, len(text))
			}
			prev = tk.start
		}
	})
}

// FuzzParse checks that Parse never panics (an internal error would be a
// recovered panic) and that errors carry a position.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		mod, err := Parse("fuzz.py", src)
		if err == nil {
			// Every span must be ordered and inside the source.
			text := strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\r", "\n")
			lines := strings.Count(text, "\n") + 2
			Inspect(mod, func(n Node) bool {
				p := n.Pos()
				if p.Lineno < 1 || p.EndLineno > lines || p.EndLineno < p.Lineno ||
					p.EndLineno == p.Lineno && p.EndColOffset < p.ColOffset || p.ColOffset < 0 {
					t.Fatalf("%T has span %+v", n, p)
				}
				return true
			})
			ParseWith("fuzz.py", src, Options{PythonMinor: 11})
			return
		}
		se, ok := err.(*SyntaxError)
		if !ok {
			t.Fatalf("error %T is not a *SyntaxError: %v", err, err)
		}
		if strings.Contains(se.Msg, "internal error") {
			t.Fatalf("%v", err)
		}
		if se.Line < 1 || se.Col < 1 {
			t.Fatalf("error without position: %v", err)
		}
	})
}
