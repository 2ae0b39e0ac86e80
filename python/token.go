package python

// Token kinds, after CPython's Include/internal/pycore_token.h. NL and
// COMMENT tokens are not produced: the parser never sees them.
type tokKind uint8

const (
	tEnd tokKind = iota
	tName
	tNumber
	tString
	tOp
	tNewline
	tIndent
	tDedent
	tFStart  // f-string prefix and opening quote
	tFMiddle // literal text of an f-string, undecoded
	tFEnd    // f-string closing quote
)

var tokKindNames = [...]string{"end of file", "name", "number", "string", "operator", "newline", "indent", "dedent", "f-string start", "f-string text", "f-string end"}

func (k tokKind) String() string { return tokKindNames[k] }

// token is one lexical token with CPython's positions (line from 1, column
// as a byte offset in its line) and its byte range in the source.
type token struct {
	kind       tokKind
	s          string // the text, for names, operators and f-string starts
	start, end int    // byte range in the source
	line, col  int
	eline      int
	ecol       int
}
