package lattice_test

import (
	"fmt"

	"github.com/promote-dev/promote/lattice"
)

// A small promotion lattice: bool below the integers, the integers below
// f32, and a weak Python int i* below i8. The join of two nodes is their
// least upper bound: what the two promote to.
func Example() {
	l, err := lattice.New(
		[]string{"bool", "i*", "i8", "u8", "i16", "f32"},
		[]lattice.Edge{
			{Lower: "bool", Upper: "i*"}, {Lower: "i*", Upper: "i8"}, {Lower: "i*", Upper: "u8"},
			{Lower: "i8", Upper: "i16"}, {Lower: "u8", Upper: "i16"}, {Lower: "i16", Upper: "f32"},
		})
	if err != nil {
		panic(err)
	}
	for _, pair := range [][2]string{{"i8", "u8"}, {"i*", "u8"}, {"bool", "f32"}} {
		a, _ := l.Node(pair[0])
		b, _ := l.Node(pair[1])
		j, err := l.Join2(a, b)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s %s -> %s\n", pair[0], pair[1], l.Name(j))
	}
	// Output:
	// i8 u8 -> i16
	// i* u8 -> u8
	// bool f32 -> f32
}
