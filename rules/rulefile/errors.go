package rulefile

import "fmt"

// Error is a rule file that cannot be used: the file, the line the fault
// is on (0 when it is about the whole file), and what is wrong, with what
// would be valid.
type Error struct {
	File string
	Line int
	Msg  string
}

// Error writes "FILE:LINE: MSG", or "FILE: MSG" without a line.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

func errorf(file string, line int, format string, args ...any) error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}
