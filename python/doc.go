// Package python reads Python 3.8 to 3.13 source into a syntax tree that
// mirrors CPython's ast module: the same node types, the same field names
// (in Go CamelCase) and the same positions (line, col_offset, end_line,
// end_col_offset, columns as UTF-8 byte offsets).
//
// It is pure Go and standard library only, so it also runs in WebAssembly.
// Input it cannot parse gets a *SyntaxError with CPython's kind of message
// and position; nesting depth and work are bounded, so no input panics,
// hangs or takes unbounded memory.
//
// Sources: the grammar is CPython's Grammar/python.gram and the tokenizer
// Parser/tokenizer.c (github.com/python/cpython, 3.13 branch); node shapes
// are Parser/Python.asdl.
package python
