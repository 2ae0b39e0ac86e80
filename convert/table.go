package convert

import (
	"fmt"

	"github.com/promote-dev/promote/convert/internal/kernels"
)

// Table maps each byte of a source to a result of 1, 2, 4 or 8 bytes
// through a table of 256 results chosen by the caller: the fast path of
// any computation on a one-byte format whose result depends only on the
// byte, such as dequantizing FP8 values that share one scale. Where the
// CPU allows (AVX-512 VBMI on amd64, for 1- and 2-byte results and for
// wider ones whose results are zero below their top 16 bits) the lookups
// run 64 bytes at a time in registers, the kernel Buffer uses for
// one-byte sources; elsewhere a Go loop indexes the table.
//
// A Table is a plain value: keep it in a struct or on the stack; Init and
// Run allocate nothing. A Table may be used by one goroutine at a time
// while Init runs, and by many at once for Run.
type Table struct {
	lut   kernels.LUT
	size  int
	ready bool
}

// Init makes t map byte b to the size-byte little-endian value vals[b]
// (its low size bytes). It returns an error, and leaves t unusable, if
// size is not 1, 2, 4 or 8.
func (t *Table) Init(vals *[256]uint64, size int) error {
	switch size {
	case 1, 2, 4, 8:
	default:
		t.ready = false
		return fmt.Errorf("convert.Table: result size %d: want 1, 2, 4 or 8 bytes", size)
	}
	t.lut.Init(vals, size)
	t.size, t.ready = size, true
	return nil
}

// Run writes the result of each byte of src to dst, which must hold
// len(src) results of the size given to Init; it returns an error, and
// writes nothing, if it does not or if t was not initialized.
func (t *Table) Run(dst, src []byte) error {
	if !t.ready {
		return fmt.Errorf("convert.Table: Run before a successful Init")
	}
	if len(dst) != len(src)*t.size {
		return fmt.Errorf("convert.Table: %d source bytes need %d destination bytes, have %d", len(src), len(src)*t.size, len(dst))
	}
	t.lut.Run(dst, src)
	return nil
}

// RunRows is Run over a matrix stored with strides: rows rows of width
// source bytes, row r's from src[r*srcStride] and its results from byte
// dst[r*dstStride]. It writes what Run would write for each row in turn,
// and nothing between the rows, but keeps the table in registers from
// row to row: made for a block column of a block-scaled weight, whose
// rows share one table and are too short (128 bytes in DeepSeek-V3) to
// pay for loading it each time. It returns an error, and writes nothing,
// if rows or width is negative, a stride is shorter than its row (rows
// would overlap), the rows do not fit in dst or src, or t was not
// initialized.
func (t *Table) RunRows(dst, src []byte, rows, width, dstStride, srcStride int) error {
	if !t.ready {
		return fmt.Errorf("convert.Table: RunRows before a successful Init")
	}
	if rows < 0 || width < 0 {
		return fmt.Errorf("convert.Table: RunRows of %d rows of %d bytes: want neither negative", rows, width)
	}
	if rows == 0 || width == 0 {
		return nil
	}
	if err := fitRows("source", len(src), rows, width, srcStride); err != nil {
		return err
	}
	// width fits in src, so width*t.size cannot overflow.
	if err := fitRows("destination", len(dst), rows, width*t.size, dstStride); err != nil {
		return err
	}
	t.lut.RunRows(dst, src, rows, width, dstStride, srcStride)
	return nil
}

// fitRows checks that rows rows of n bytes, stride bytes apart, neither
// overlap nor run past size bytes.
func fitRows(what string, size, rows, n, stride int) error {
	if n > size {
		return fmt.Errorf("convert.Table: RunRows: a %s row of %d bytes is longer than the %d bytes given", what, n, size)
	}
	if rows > 1 && stride < n {
		return fmt.Errorf("convert.Table: RunRows: %s stride %d is shorter than a row of %d bytes", what, stride, n)
	}
	// The last row starts at (rows-1)*stride; compared by division so
	// that a huge stride cannot overflow.
	if rows > 1 && (rows-1) > (size-n)/stride {
		return fmt.Errorf("convert.Table: RunRows: %d %s rows of %d bytes, %d apart, need more than the %d bytes given", rows, what, n, stride, size)
	}
	return nil
}
