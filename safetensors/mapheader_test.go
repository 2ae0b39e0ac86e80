package safetensors

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// TestOpenLargeHeader: a header past mapMinHeader (parsed from a mapping
// of the file on Linux) gives the Header that parsing a copy of its bytes
// gives, Lookups included, and stays valid once the file is closed and
// removed (nothing refers to the unmapped bytes).
func TestOpenLargeHeader(t *testing.T) {
	var named []Named
	for i := 0; len(named) == 0 || i < 30000; i++ {
		named = append(named, Named{Name: fmt.Sprintf("model.layers.%d.mlp.experts.%d.w", i/1000, i%1000),
			Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{1}, Data: []byte{0, 0, 0xc0, 0x3f}}})
	}
	var buf bytes.Buffer
	if err := Encode(&buf, named, map[string]string{"format": "pt"}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	n := int64(binary.LittleEndian.Uint64(b))
	if n < mapMinHeader {
		t.Fatalf("the header is %d bytes, under the %d that are mapped", n, mapMinHeader)
	}
	want, err := ParseHeader(b[8:8+n], int64(len(b))-8-n)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "large.safetensors")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Tensors, want.Tensors) || !reflect.DeepEqual(f.Metadata, want.Metadata) {
		t.Fatalf("the mapped header differs from the parsed copy")
	}
	for _, i := range []int{0, 12345, len(named) - 1} {
		name := named[i].Name
		if ti, ok := f.Lookup(name); !ok || ti.Name != name {
			t.Errorf("Lookup(%q) = %+v, %v", name, ti, ok)
		}
	}
}
