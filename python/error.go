package python

import "fmt"

// SyntaxError is the error Parse returns for input it cannot read, with
// CPython's kind of message and position (line from 1, column from 1 as
// CPython's SyntaxError.offset counts it, in bytes).
type SyntaxError struct {
	Filename string
	Line     int
	Col      int
	Msg      string
}

// Error formats the error as "file:line:col: message".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Filename, e.Line, e.Col, e.Msg)
}
