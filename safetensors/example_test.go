package safetensors_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

func Example() {
	var buf bytes.Buffer
	err := safetensors.Encode(&buf, []safetensors.Named{
		{Name: "embed", Tensor: &tensor.Tensor{DType: dtype.BF16, Shape: []int64{2}, Data: []byte{0x80, 0x3f, 0x00, 0x40}}},
		{Name: "steps", Tensor: &tensor.Tensor{DType: dtype.I64, Shape: []int64{}, Data: make([]byte, 8)}},
	}, map[string]string{"format": "pt"})
	if err != nil {
		log.Fatal(err)
	}
	f, err := safetensors.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "model.safetensors")
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range f.Tensors {
		name, _ := safetensors.Name(t.DType)
		fmt.Printf("%s %s (%v) %v [%d, %d)\n", t.Name, name, t.DType, t.Shape, t.Begin, t.End)
	}
	fmt.Println(f.Metadata)
	// Output:
	// steps I64 (i64) [] [0, 8)
	// embed BF16 (bf16) [2] [8, 12)
	// map[format:pt]
}
