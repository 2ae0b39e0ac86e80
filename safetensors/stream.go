package safetensors

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/promote-dev/promote/dtype"
)

// CompareLayout orders two tensors as Layout (and the reference writer)
// lays them out: by the dtype's position in the format's dtype list,
// highest first, then by name in byte order. It returns a negative
// number when a comes first, 0 when they tie (same dtype rank and name),
// a positive number otherwise; only Name and DType are read.
func CompareLayout(a, b Spec) int {
	return compareLayout(a.DType, a.Name, b.DType, b.Name)
}

func compareLayout(ad dtype.DType, an string, bd dtype.DType, bn string) int {
	if ra, rb := rankOf[ad], rankOf[bd]; ra != rb {
		return rb - ra
	}
	return strings.Compare(an, bn)
}

// HeaderSize returns the number of bytes WriteHeader writes for the same
// arguments (the 8-byte length, the JSON and its padding), checking them
// as WriteHeader does.
func HeaderSize(n int, spec func(i int) Spec, metadata map[string]string) (int64, error) {
	size, _, err := headerSize(n, spec, metadata)
	return size, err
}

// WriteHeader writes to w the first bytes of a file holding n tensors,
// spec(0) to spec(n-1) in that order at contiguous offsets from 0, and
// the metadata (nil: none): byte for byte what Encode writes for the
// Header Layout builds from the same specs. It returns the bytes written
// and the data size (the sum of the tensors' byte counts).
//
// The specs must come in Layout's order (CompareLayout strictly
// increasing, which also makes names distinct), and obey Layout's rules
// (printable ASCII names, dtypes the format stores, sub-byte tensors
// filling whole bytes); a fault is an error naming the tensor, returned
// before anything is written. spec may be called several times for the
// same i, in any order.
// Unlike Layout and Encode, WriteHeader holds a few KiB whatever n:
// headers of a million tensors are streamed, not built.
func WriteHeader(w io.Writer, n int, spec func(i int) Spec, metadata map[string]string) (written, dataSize int64, err error) {
	size, dataSize, err := headerSize(n, spec, metadata)
	if err != nil {
		return 0, 0, err
	}
	const flushAt = 32 << 10
	b := make([]byte, 8, flushAt+4<<10)
	binary.LittleEndian.PutUint64(b, uint64(size-8))
	flush := func() error {
		k, err := w.Write(b)
		written += int64(k)
		b = b[:0]
		return err
	}
	b = append(b, '{')
	if metadata != nil {
		b = appendMetadata(b, metadata)
	}
	var t TensorInfo
	for i := range n {
		s := spec(i)
		if i > 0 || metadata != nil {
			b = append(b, ',')
		}
		t = TensorInfo{Name: s.Name, DType: s.DType, Shape: s.Shape, Begin: t.End}
		ne, _ := t.NumElements()
		bytes, _ := ByteSize(s.DType, ne)
		t.End = t.Begin + bytes
		b = appendTensor(b, &t)
		if len(b) >= flushAt {
			if err := flush(); err != nil {
				return written, dataSize, err
			}
		}
	}
	b = append(b, '}')
	for (written+int64(len(b)))%8 != 0 {
		b = append(b, ' ')
	}
	if err := flush(); err != nil {
		return written, dataSize, err
	}
	if written != size || t.End != dataSize {
		return written, dataSize, fmt.Errorf("safetensors: the specs changed between WriteHeader's two passes (%d header bytes, %d expected)", written, size)
	}
	return written, dataSize, nil
}

// headerSize checks WriteHeader's arguments and returns the header's
// length with its 8-byte prefix and padding, and the data size.
func headerSize(n int, spec func(i int) Spec, metadata map[string]string) (size, dataSize int64, err error) {
	if n < 0 || n > 1<<31-1 {
		return 0, 0, fmt.Errorf("safetensors: %d tensors: want 0 to 2^31-1", n)
	}
	for k, v := range metadata {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return 0, 0, fmt.Errorf("safetensors: metadata entry %q: %q is not valid UTF-8", k, v)
		}
	}
	var scratch []byte
	size = 8 + 2 // length, braces
	if metadata != nil {
		scratch = appendMetadata(scratch[:0], metadata)
		size += int64(len(scratch))
	}
	var prev Spec
	var t TensorInfo
	var groups [][2]int // runs of one dtype rank, each sorted by name
	for i := range n {
		s := spec(i)
		if i == 0 || rankOf[s.DType] != rankOf[prev.DType] {
			groups = append(groups, [2]int{i, i})
		}
		groups[len(groups)-1][1] = i + 1
		if err := checkName(s.Name); err != nil {
			return 0, 0, err
		}
		switch {
		case s.Name == metadataKey:
			return 0, 0, faultf(ErrName, s.Name, "the name is reserved for the metadata map")
		case !Supported(s.DType):
			return 0, 0, faultf(ErrDType, s.Name, "safetensors cannot store %v", s.DType)
		}
		if i > 0 {
			switch c := CompareLayout(prev, s); {
			case c == 0:
				return 0, 0, faultf(ErrDuplicate, s.Name, "two tensors have this name")
			case c > 0:
				return 0, 0, faultf(ErrOffsets, s.Name, "it comes after %q, out of the layout order", prev.Name)
			}
		}
		prev = s
		ne, err := tensorElements(s.Shape)
		if err != nil {
			return 0, 0, faultf(ErrShape, s.Name, "%v", err)
		}
		bytes, err := ByteSize(s.DType, ne)
		if err != nil {
			return 0, 0, faultf(ErrSize, s.Name, "%v", err)
		}
		if t.End > 1<<63-1-bytes {
			return 0, 0, faultf(ErrSize, s.Name, "the data buffer would pass 2^63 bytes")
		}
		t = TensorInfo{Name: s.Name, DType: s.DType, Shape: s.Shape, Begin: t.End, End: t.End + bytes}
		scratch = appendTensor(scratch[:0], &t)
		size += int64(len(scratch))
		if i > 0 || metadata != nil {
			size++ // the comma
		}
		if size-8 > MaxHeaderSize {
			return 0, 0, fmt.Errorf("safetensors: the header would take more than %d bytes, the limit", MaxHeaderSize)
		}
	}
	if err := distinctAcrossDTypes(spec, groups); err != nil {
		return 0, 0, err
	}
	size = (size + 7) &^ 7
	if size-8 > MaxHeaderSize {
		return 0, 0, fmt.Errorf("safetensors: the header would take %d bytes, past the limit of %d", size-8, MaxHeaderSize)
	}
	return size, t.End, nil
}

// distinctAcrossDTypes refuses a name that two runs of different dtypes
// share (within a run, the strict order already makes names distinct):
// a merge of the runs, each sorted by name, holding one cursor per run.
func distinctAcrossDTypes(spec func(i int) Spec, groups [][2]int) error {
	if len(groups) < 2 {
		return nil
	}
	next := make([]int, len(groups))
	for g := range groups {
		next[g] = groups[g][0]
	}
	prev, first := "", true
	for {
		best, name := -1, ""
		for g := range groups {
			if next[g] == groups[g][1] {
				continue
			}
			if s := spec(next[g]).Name; best < 0 || s < name {
				best, name = g, s
			}
		}
		if best < 0 {
			return nil
		}
		if !first && name == prev {
			return faultf(ErrDuplicate, name, "two tensors have this name")
		}
		prev, first = name, false
		next[best]++
	}
}

// tensorElements is the element count of a shape, as TensorInfo's
// NumElements computes it.
func tensorElements(shape []int64) (int64, error) {
	t := TensorInfo{Shape: shape}
	return t.NumElements()
}
