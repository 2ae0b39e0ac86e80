package npy

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/safeout"
	"github.com/promote-dev/promote/tensor"
)

// descrOf returns the descr Write gives d.
func descrOf(d dtype.DType, o options) (string, error) {
	switch d {
	case dtype.Bool:
		return "|b1", nil
	case dtype.I8:
		return "|i1", nil
	case dtype.U8:
		return "|u1", nil
	case dtype.I16, dtype.I32, dtype.I64:
		return "<i" + strconv.Itoa(d.Bits()/8), nil
	case dtype.U16, dtype.U32, dtype.U64:
		return "<u" + strconv.Itoa(d.Bits()/8), nil
	case dtype.F16, dtype.F32, dtype.F64:
		return "<f" + strconv.Itoa(d.Bits()/8), nil
	case dtype.C64, dtype.C128:
		return "<c" + strconv.Itoa(d.Bits()/8), nil
	case dtype.F80:
		return "<f16", nil // longdouble on x86-64 Linux
	case dtype.C160:
		return "<c32", nil // clongdouble on x86-64 Linux
	}
	if o.rawVoid && d.Bits() > 0 {
		return "|V" + strconv.Itoa(itemBytes(d)), nil
	}
	if name, ok := mlName(d); ok {
		return name, nil
	}
	return "", fmt.Errorf("dtype %v cannot be stored in a .npy file", d)
}

// header returns the preamble and header NumPy would write: version 1.0
// unless the header needs 2.0, the dict padded with spaces and ended by a
// newline so the data starts at a multiple of 64 bytes.
func header(descr string, shape []int64) []byte {
	var b strings.Builder
	b.WriteString("{'descr': '")
	b.WriteString(descr)
	b.WriteString("', 'fortran_order': False, 'shape': (")
	for i, d := range shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatInt(d, 10))
	}
	if len(shape) == 1 {
		b.WriteByte(',')
	}
	b.WriteString("), }")
	dict := b.String()
	pad := func(pre int) int { return (64 - (pre+len(dict)+1)%64) % 64 }
	pre := 10
	if len(dict)+pad(10)+1 > 0xffff { // too long for 1.0's 16-bit length
		pre = 12
	}
	total := pre + len(dict) + pad(pre) + 1
	out := make([]byte, 0, total)
	out = append(out, magic...)
	hlen := total - pre
	if pre == 10 {
		out = append(out, 1, 0)
		out = binary.LittleEndian.AppendUint16(out, uint16(hlen))
	} else {
		out = append(out, 2, 0)
		out = binary.LittleEndian.AppendUint32(out, uint32(hlen))
	}
	out = append(out, dict...)
	for range pad(pre) {
		out = append(out, ' ')
	}
	return append(out, '\n')
}

// Write writes t to w as a .npy file in C order, little-endian.
func Write(w io.Writer, t *tensor.Tensor, opts ...Option) error {
	descr, err := checkWritable(t, collect(opts))
	if err != nil {
		return err
	}
	if _, err := w.Write(header(descr, t.Shape)); err != nil {
		return err
	}
	data, err := t.Elements() // one byte per sub-byte element, as ml_dtypes stores them
	if err != nil {
		return err
	}
	data = zeroPadding(data, t.DType, true)
	_, err = w.Write(data)
	return err
}

// checkWritable checks that t can be written as a .npy NumPy loads: a
// well-formed tensor of a dtype with a descr and at most MaxDims
// dimensions. It returns the descr.
func checkWritable(t *tensor.Tensor, o options) (string, error) {
	if err := t.Check(); err != nil {
		return "", err
	}
	if len(t.Shape) > MaxDims {
		return "", fmt.Errorf("%d dimensions; NumPy arrays have at most %d dimensions (NPY_MAXDIMS: %d in NumPy 2, 32 in NumPy 1.x)", len(t.Shape), MaxDims, MaxDims)
	}
	return descrOf(t.DType, o)
}

// WriteFile writes t to the file name (see Write). It writes a temporary
// file in name's directory and renames it over name only when everything
// is written and synced, then syncs the directory, so a failure leaves no
// partial file and an existing file is either kept whole or replaced
// whole. Only a regular file is replaced (a symbolic link is written
// through to its target); a new file's mode is 0644, a replaced file keeps
// its own. Errors name the file, never the temporary one.
func WriteFile(name string, t *tensor.Tensor, opts ...Option) error {
	if _, err := checkWritable(t, collect(opts)); err != nil {
		return fmt.Errorf("npy: %s: %w", name, err)
	}
	return writeAtomic(name, func(w io.Writer) error { return Write(w, t, opts...) })
}

// writeAtomic writes a file through write, buffered, with WriteFile's
// guarantees.
func writeAtomic(name string, write func(io.Writer) error) error {
	f, err := safeout.Create(context.Background(), name)
	if err != nil {
		return fmt.Errorf("npy: %w", err)
	}
	defer f.Abort()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := write(bw); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) { // from the file: it names the path
			return fmt.Errorf("npy: %w", err)
		}
		return fmt.Errorf("npy: %s: %w", name, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("npy: %w", err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("npy: %w", err)
	}
	return nil
}
