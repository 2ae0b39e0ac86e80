package promote

// Family is the display family a system belongs to: promote's listings of
// every system (compare, rules, the explorer's menus) show the rule sets
// in a few blocks of related systems rather than one long list. A rule
// set declares its family in its Def (Def.Family); the zero value is no
// family, a rule file's, shown after them. The constants are in display
// order.
type Family uint8

// The display families.
const (
	// FamilyFrameworks: array and ML frameworks (PyTorch, NumPy, JAX,
	// ...).
	FamilyFrameworks Family = iota + 1
	// FamilyCompilers: compilers, runtimes and kernel libraries (OpenVINO,
	// CANN, Triton, TVM, ...).
	FamilyCompilers
	// FamilyLanguages: programming languages (C, C++, Julia).
	FamilyLanguages

	familyEnd = iota + 1 // one past the last family
)

// Families returns the display families in display order.
func Families() []Family {
	out := make([]Family, 0, familyEnd-1)
	for f := FamilyFrameworks; f < familyEnd; f++ {
		out = append(out, f)
	}
	return out
}

// String returns the family's short name, the word promote compare -only
// takes: frameworks, compilers or languages; "" for no family.
func (f Family) String() string {
	switch f {
	case FamilyFrameworks:
		return "frameworks"
	case FamilyCompilers:
		return "compilers"
	case FamilyLanguages:
		return "languages"
	}
	return ""
}

// Title says what the family is, for headings; "" for no family.
func (f Family) Title() string {
	switch f {
	case FamilyFrameworks:
		return "array and ML frameworks"
	case FamilyCompilers:
		return "compilers, runtimes and kernel libraries"
	case FamilyLanguages:
		return "programming languages"
	}
	return ""
}
