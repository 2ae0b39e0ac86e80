package gen

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// MaxNamesSize bounds a names file, in bytes.
const MaxNamesSize = 64 << 10

// ParseNames reads a names file: one mapping a line, a dtype in any
// spelling promote reads and the identifier the generated enum gives it,
// separated by spaces or a tab; # starts a comment. file names it in
// errors, which name the line. A dtype mapped twice, or two dtypes given
// one name, is an error; a mapped dtype a rule set does not use is
// ignored, so one file serves many rule sets.
//
//	# GoMLX's dtypes
//	f32  Float32
//	bf16 BFloat16
func ParseNames(file string, data []byte) (map[dtype.DType]string, error) {
	if len(data) > MaxNamesSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", file, MaxNamesSize)
	}
	out := map[dtype.DType]string{}
	lineOf := map[dtype.DType]int{}
	nameLine := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), MaxNamesSize+1)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
			continue
		case len(f) != 2:
			return nil, fmt.Errorf("%s:%d: want DTYPE NAME (for example: f32 Float32), got %q", file, n, strings.TrimSpace(line))
		}
		d, err := dtype.Parse(f[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, n, err)
		}
		if !identRE.MatchString(f[1]) || len(f[1]) > 64 {
			return nil, fmt.Errorf("%s:%d: %q is not an identifier (a letter or _, then letters, digits or _; at most 64)", file, n, f[1])
		}
		if first, dup := lineOf[d]; dup {
			return nil, fmt.Errorf("%s:%d: %s is mapped twice (first at line %d)", file, n, d, first)
		}
		if first, dup := nameLine[strings.ToLower(f[1])]; dup {
			return nil, fmt.Errorf("%s:%d: the name %s is given twice (first at line %d; names are compared ignoring case)", file, n, f[1], first)
		}
		out[d], lineOf[d], nameLine[strings.ToLower(f[1])] = f[1], n, n
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return out, nil
}
