package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
)

// Bounds on line-oriented input (batch, cast). A line longer than
// maxLineBytes is answered with an error and skipped without being held
// in memory; a batch line of more than maxOperands operands is refused
// before it is parsed. They are parameters of the loops (lineLimits) so
// tests can shrink them.
const (
	maxLineBytes = 1 << 20
	maxOperands  = 4096
)

// lineLimits bounds one line loop.
type lineLimits struct {
	bytes    int // longest line, without its line ending
	operands int // most operands on a batch line
}

var defaultLimits = lineLimits{bytes: maxLineBytes, operands: maxOperands}

// utf8BOM is the byte-order mark some editors put at the start of a UTF-8
// file; it is not part of the first line.
var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// lineReader reads lines of at most max bytes, holding no more than that
// in memory whatever the input: a longer line is reported as too long and
// read past to its end. A UTF-8 byte-order mark at the start is dropped;
// "\n" and "\r\n" both end a line; a last line without an ending counts.
type lineReader struct {
	r   *bufio.Reader
	max int
	n   int // lines read so far
}

func newLineReader(r io.Reader, max int) *lineReader {
	// Room for the line, a byte-order mark and "\r\n".
	return &lineReader{r: bufio.NewReaderSize(r, max+len(utf8BOM)+2), max: max}
}

// errLineTooLong reports a line over the bound; the reader has moved past
// it.
var errLineTooLong = errors.New("line too long")

// next returns the next line (valid until the following call), or
// errLineTooLong for a line over the bound, or io.EOF at the end, or the
// reader's error.
func (lr *lineReader) next() ([]byte, error) {
	first := lr.n == 0
	line, err := lr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = lr.r.ReadSlice('\n')
		}
		lr.n++
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		return nil, errLineTooLong
	}
	if err != nil && (!errors.Is(err, io.EOF) || len(line) == 0) {
		return nil, err
	}
	if first {
		// Not Peek: it would wait for three bytes that an interactive
		// writer may not send before it reads an answer.
		line = bytes.TrimPrefix(line, utf8BOM)
		if len(line) == 0 { // the input is a byte-order mark alone
			return nil, io.EOF
		}
	}
	lr.n++
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if len(line) > lr.max {
		return nil, errLineTooLong
	}
	return line, nil
}

// tooLong is the answer to an over-long line.
func (lr *lineReader) tooLong() string {
	return "error: line " + strconv.Itoa(lr.n) + ": longer than " + strconv.Itoa(lr.max) + " bytes"
}

// line is the number of the line next returned last (1 for the first).
func (lr *lineReader) line() int { return lr.n }

// idle reports whether the reader holds no more input, so that output
// written so far should be flushed before it blocks: a program driving
// batch or cast a line at a time then sees each answer at once.
func (lr *lineReader) idle() bool { return lr.r.Buffered() == 0 }

// flush flushes e's standard output if it is buffered.
func flush(e *env) error {
	if f, ok := e.stdout.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}
