package python

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// benchSource is a realistic file: the syntax test files repeated to
// about 1 MB.
func benchSource(b *testing.B) []byte {
	files, _ := filepath.Glob(filepath.Join("testdata", "syntax", "*.py"))
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		for _, f := range files {
			if strings.HasSuffix(f, "_312.py") || strings.HasSuffix(f, "_313.py") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			sb.Write(src)
			sb.WriteString("\n")
		}
	}
	return []byte(sb.String())
}

// BenchmarkParse reports parse speed in MB/s; PROMOTE_PYBENCH names a
// real file to use instead.
func BenchmarkParse(b *testing.B) {
	var src []byte
	if name := os.Getenv("PROMOTE_PYBENCH"); name != "" {
		var err error
		if src, err = os.ReadFile(name); err != nil {
			b.Fatal(err)
		}
	} else {
		src = benchSource(b)
	}
	if _, err := Parse("bench.py", src); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, err := Parse("bench.py", src); err != nil {
			b.Fatal(err)
		}
	}
	// MB per CPU second (GC included): wall-clock MB/s is unreliable on a
	// shared machine.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(len(src))*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
	}
}

// TestHostileInputs checks that pathological inputs end in a clear error
// or a tree, never a panic; the work is linear, so they run quickly.
func TestHostileInputs(t *testing.T) {
	cases := map[string]string{
		"deep brackets":   strings.Repeat("(", 100000),
		"deep unary":      "x = " + strings.Repeat("-", 100000) + "1\n",
		"deep not":        "x = " + strings.Repeat("not ", 100000) + "1\n",
		"long line":       "x = " + strings.Repeat("a + ", 1000000) + "1\n",
		"many fields":     "x = f'" + strings.Repeat("{a,}", 100000) + "'\n",
		"deep blocks":     deepBlocks(150),
		"deep lambdas":    "x = " + strings.Repeat("lambda: ", 5000) + "1\n",
		"deep subscripts": "x = a" + strings.Repeat("[0]", 100000) + "\n",
		"binary":          "\xff\xfe\x00\x01",
		"unclosed string": "x = '" + strings.Repeat("a", 100000),
	}
	for name, src := range cases {
		start := time.Now()
		_, err := Parse(name+".py", []byte(src))
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Errorf("%s: %v", name, err)
		}
		t.Logf("%s: %v (%v)", name, err, time.Since(start).Round(time.Millisecond))
	}
}

func deepBlocks(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.WriteString(strings.Repeat(" ", i) + "if x:\n")
	}
	sb.WriteString(strings.Repeat(" ", n) + "pass\n")
	return sb.String()
}
