//go:build !purego

package checkpoint

//go:noescape
func transpose16(dst, src *byte, rows, cols, nr, nc int)

//go:noescape
func transpose32(dst, src *byte, rows, cols, nr, nc int)

// transposeFast transposes the largest top-left block of src whose sides
// are multiples of 8 (2-byte elements) or 4 (4-byte ones) with SSE2
// unpacks, and returns its rows and columns (0, 0 for other sizes).
func transposeFast(dst, src []byte, rows, cols, eb int64) (nr, nc int64) {
	var k int64
	switch eb {
	case 2:
		k = 8
	case 4:
		k = 4
	default:
		return 0, 0
	}
	nr, nc = rows/k*k, cols/k*k
	if nr == 0 || nc == 0 {
		return 0, 0
	}
	if eb == 2 {
		transpose16(&dst[0], &src[0], int(rows), int(cols), int(nr), int(nc))
	} else {
		transpose32(&dst[0], &src[0], int(rows), int(cols), int(nr), int(nc))
	}
	return nr, nc
}
