package infer

import "github.com/promote-dev/promote/dtype"

// inputHint says, after "undefined name NAME" or "unknown function NAME",
// how to write what a program ported from Python or NumPy most often
// meant by it: the language has no attributes or modules (np.float64(1.5))
// and no typed values inside an expression (i64[](5), f64(1.5)); both are
// declared as inputs and used by name. next is the byte after the name
// (spaces skipped), 0 at the end of the line; "" when no hint applies.
func inputHint(name string, next byte) string {
	switch {
	case next == '.':
		return ": the language has no modules or attributes; declare the value as an input " +
			"(x: f64(1.5)) and use its name"
	case next == '[' || next == '(':
		if _, err := dtype.Parse(name); err == nil {
			return ": a typed value is declared as an input (x: " + name + "[](5) or x: " + name +
				"(5)) and used by its name"
		}
	}
	return ""
}
