// Package python reads Python 3.8 to 3.13 source into a syntax tree that
// mirrors CPython's ast module: the same node types, the same field names
// (in Go CamelCase: decorator_list is DecoratorList) and the same
// positions (Lineno, ColOffset, EndLineno, EndColOffset, columns counted
// in UTF-8 bytes as CPython counts them).
//
// Parse reads a file; Inspect walks the tree. ParseWith takes Options: the
// one tree difference between CPython versions that matters, the spans of
// the parts of f-strings (their own from 3.12, the whole string's before),
// follows Options.PythonMinor. All syntax of 3.8 to 3.13 is read whatever
// the option: PEP 701 f-strings, match statements, except*, PEP 695 type
// parameters and type statements, PEP 696 defaults.
//
// It is pure Go and standard library only, so it also runs in
// WebAssembly, and it is safe for concurrent use. Input it cannot parse
// gets a *SyntaxError with CPython's line and kind of message
// ("file:line:col: message"). Bracket nesting, block nesting and tree
// depth are bounded as CPython bounds them, the work is linear in the
// input and sources over MaxSourceSize are refused, so no input panics,
// hangs or takes unbounded memory.
//
// Sources: the grammar is CPython's Grammar/python.gram, the tokenizer
// Parser/lexer/lexer.c and Parser/tokenizer.c (PEP 263 cookies), string
// escapes Objects/unicodeobject.c, and the node shapes Parser/Python.asdl,
// all in github.com/python/cpython at the 3.13 branch; f-string part
// positions before 3.12 follow Parser/string_parser.c of the 3.11 branch.
// Fidelity is measured against CPython's own ast.parse (see
// testdata/astdump.py, TestFidelity and TestCorpus).
package python
