package tensorflow

import (
	"math"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
)

// pyRepr writes a literal as Python's repr does, for TensorFlow's messages
// that print the value: True, 7, 2500.0, 1e+16, 1j, (1+2j).
func pyRepr(v promote.Value) string {
	switch v.Kind {
	case promote.BoolValue:
		if v.Bool {
			return "True"
		}
		return "False"
	case promote.IntValue:
		return v.Int.String()
	case promote.FloatValue:
		return pyFloat(v.Real, true)
	}
	// complex: a zero real part with a positive sign prints the imaginary
	// part alone; otherwise both in parentheses, the sign always written.
	if v.Real == 0 && !math.Signbit(v.Real) {
		return pyFloat(v.Imag, false) + "j"
	}
	im := pyFloat(v.Imag, false)
	if !strings.HasPrefix(im, "-") {
		im = "+" + im
	}
	return "(" + pyFloat(v.Real, false) + im + "j)"
}

// pyFloat is Python's float repr: the shortest round-tripping digits, in
// positional notation when the decimal exponent is in [-4, 16), else in
// scientific notation with a two-digit exponent; dot0 adds ".0" to an
// integral positional value, as float repr does (complex parts omit it).
func pyFloat(x float64, dot0 bool) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	sign := ""
	if math.Signbit(x) {
		sign, x = "-", -x
	}
	if x == 0 {
		if dot0 {
			return sign + "0.0"
		}
		return sign + "0"
	}
	e := strconv.FormatFloat(x, 'e', -1, 64) // d.ddde±XX
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	n, _ := strconv.Atoi(exp)
	decpt := n + 1
	if decpt > -4 && decpt <= 16 {
		switch {
		case decpt <= 0:
			return sign + "0." + strings.Repeat("0", -decpt) + digits
		case decpt >= len(digits):
			s := sign + digits + strings.Repeat("0", decpt-len(digits))
			if dot0 {
				s += ".0"
			}
			return s
		}
		return sign + digits[:decpt] + "." + digits[decpt:]
	}
	s := digits[:1]
	if len(digits) > 1 {
		s += "." + digits[1:]
	}
	esign := "+"
	if n < 0 {
		esign, n = "-", -n
	}
	es := strconv.Itoa(n)
	if len(es) < 2 {
		es = "0" + es
	}
	return sign + s + "e" + esign + es
}
