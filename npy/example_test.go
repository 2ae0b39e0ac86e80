package npy_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/npy"
	"github.com/promote-dev/promote/tensor"
)

func Example() {
	dir, _ := os.MkdirTemp("", "npy-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "x.npy")

	x, _ := tensor.New(dtype.BF16, []int64{2}, []byte{0x80, 0x3f, 0x00, 0x40}) // 1.0, 2.0
	if err := npy.WriteFile(path, x); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(path)
	fmt.Printf("%q\n", bytes.TrimRight(b[10:75], " "))

	y, err := npy.ReadFile(path)
	fmt.Println(y, y.Data, err)

	// np.save of an ml_dtypes array loses the dtype: say which it is.
	raw := filepath.Join(dir, "raw.npy")
	npy.WriteFile(raw, x, npy.RawVoid())
	_, err = npy.ReadFile(raw)
	fmt.Println(err != nil)
	z, _ := npy.ReadFile(raw, npy.ReadAs(dtype.BF16))
	fmt.Println(z)
	// Output:
	// "{'descr': 'bfloat16', 'fortran_order': False, 'shape': (2,), }"
	// bf16[2] [128 63 0 64] <nil>
	// true
	// bf16[2]
}

// An .npz archive is NumPy's zip of named arrays (np.savez stores them,
// np.savez_compressed deflates them); the names come back in order.
func ExampleWriteNPZFile() {
	dir, _ := os.MkdirTemp("", "npz-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "weights.npz")

	w, _ := tensor.New(dtype.F32, []int64{2}, []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40}) // 1.0, 2.0
	b, _ := tensor.New(dtype.I64, []int64{}, []byte{7, 0, 0, 0, 0, 0, 0, 0})
	err := npy.WriteNPZFile(path, []npy.Array{{Name: "w", Tensor: w}, {Name: "b", Tensor: b}}, npy.Deflate())
	if err != nil {
		fmt.Println(err)
		return
	}
	arrays, err := npy.ReadNPZFile(path)
	for _, a := range arrays {
		fmt.Println(a.Name, a.Tensor)
	}
	fmt.Println(err)

	// A member that is not a plain name is refused, naming it.
	err = npy.WriteNPZFile(path, []npy.Array{{Name: "../w", Tensor: w}})
	fmt.Println(err != nil)
	// Output:
	// w f32[2]
	// b i64[]
	// <nil>
	// true
}
