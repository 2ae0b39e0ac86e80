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
