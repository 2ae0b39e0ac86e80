package python

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// benchSource is about 1 MB of code shaped like real library code:
// docstrings, comments, classes, numeric code, f-strings, comprehensions.
func benchSource(b *testing.B) []byte {
	const unit = `"""Utilities for %[1]d.

Long docstrings are common in library code; they are one string token.
"""
import numpy as np
from collections import defaultdict as _dd  # aliases too


class Block%[1]d(Base):
    """A block."""

    scale: float = 1.5e-3

    def __init__(self, shape, dtype=np.float32, *, name=None, **kw):
        super().__init__(**kw)
        self.shape = tuple(int(s) for s in shape)
        self.data = np.zeros(self.shape, dtype=dtype)
        self._cache = {}  # filled lazily
        if name is None:
            name = f"block{%[1]d}_{len(self.shape)}"
        self.name = name

    def forward(self, x, /, axis=-1):
        # Normalise along axis, then scale.
        m = x.max(axis=axis, keepdims=True)
        e = np.exp(x - m) * self.scale + 0x10
        out = e / e.sum(axis=axis, keepdims=True)
        return out[..., : self.shape[-1]]

    @property
    def size(self):
        return int(np.prod(self.shape)) if self.shape else 1

    def __repr__(self):
        return f"{type(self).__name__}({self.name!r}, shape={self.shape})"


def helper_%[1]d(items, key=lambda kv: kv[1]):
    groups = _dd(list)
    for k, v in sorted(items.items(), key=key):
        if v is not None and k not in ("a", "b"):
            groups[k[:2]].append(v ** 2 %% 7)
    try:
        total = sum(len(g) for g in groups.values())
    except (TypeError, ValueError) as err:
        raise RuntimeError("bad items") from err
    return {k: [x for x in g if x] for k, g in groups.items()}, total

`
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		fmt.Fprintf(&sb, unit, i)
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
		"many specs":      "x = f'" + strings.Repeat("{a:{b}>3}", 100000) + "'\n",
		"deep blocks":     deepBlocks(150),
		"deep lambdas":    "x = " + strings.Repeat("lambda: ", 5000) + "1\n",
		"deep subscripts": "x = a" + strings.Repeat("[0]", 100000) + "\n",
		"binary":          "\xff\xfe\x00\x01",
		"100 MB line":     "x = '" + strings.Repeat("a", 100<<20) + "'\n",
		"not UTF-8":       "x = '\xff'\n",
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
