package main

import (
	"errors"
	"flag"
	"strconv"
	"strings"
)

// checkOperands checks the operand count against c's spec.
func (c *command) checkOperands(ops []string) error {
	s := c.operands
	switch {
	case s.max == 0 && len(ops) > 0:
		return usagef("unexpected argument %s: %s takes no operands", quoteArg(ops[0]), c.name)
	case len(ops) < s.min:
		return usagef("want %s, got %d", s.want(), len(ops))
	case s.max >= 0 && len(ops) > s.max:
		return usagef("unexpected argument %s: want %s", quoteArg(ops[s.max]), s.want())
	}
	return nil
}

// want says how many operands the spec takes, the noun agreeing with the
// number: "at least one input file", "two to three inputs", "at most one
// subcommand name".
func (s operandSpec) want() string {
	n := func(i int) string {
		if i < 4 {
			return [...]string{"no", "one", "two", "three"}[i]
		}
		return strconv.Itoa(i)
	}
	noun := func(i int) string {
		if i == 1 && s.one != "" {
			return s.one
		}
		return s.what
	}
	switch {
	case s.min == s.max:
		return n(s.min) + " " + noun(s.min)
	case s.max < 0:
		return "at least " + n(s.min) + " " + noun(s.min)
	case s.min == 0:
		return "at most " + n(s.max) + " " + noun(s.max)
	}
	return n(s.min) + " to " + n(s.max) + " " + noun(s.max)
}

// parseArgs parses fs's flags wherever they stand among the arguments and
// returns the rest as operands, in order. "--" ends the flags; "-" alone
// is an operand (standard input); with spec.numbers an argument that reads
// as a negative number (-7, -2.5e3, -inf, -nan, -1j) is an operand. Any
// other argument that starts with "-" is a flag, so an unknown one is the
// flag package's error ("flag provided but not defined: -rule").
func parseArgs(fs *flag.FlagSet, args []string, spec operandSpec) ([]string, error) {
	var flagArgs, operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			operands = append(operands, args[i+1:]...)
			i = len(args)
			continue
		case a == "-" || !strings.HasPrefix(a, "-"):
			operands = append(operands, a)
			continue
		case spec.numbers && isNumber(a):
			operands = append(operands, a)
			continue
		}
		flagArgs = append(flagArgs, a)
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		f := fs.Lookup(name)
		if f == nil || hasValue || isBoolFlag(f) {
			continue
		}
		if i+1 < len(args) { // the flag's value, whatever it looks like
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, &flagError{withFlagHint(fs, err)}
	}
	return append(operands, fs.Args()...), nil
}

func isBoolFlag(f *flag.Flag) bool {
	bf, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && bf.IsBoolFlag()
}

// isNumber reports whether a, which starts with "-", is a negative
// number literal rather than a flag: a digit or a point follows the sign,
// or it is -inf, -nan or one of their imaginary forms.
func isNumber(a string) bool {
	if len(a) < 2 {
		return false
	}
	if c := a[1]; c >= '0' && c <= '9' || c == '.' {
		return true
	}
	switch strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(a[1:], "j"), "J")) {
	case "inf", "infinity", "nan":
		return true
	}
	return false
}
