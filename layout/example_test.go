package layout_test

import (
	"fmt"

	"github.com/promote-dev/promote/layout"
)

// A diamond: bool below i8 and u8, both below i16. The layout puts each
// node a layer above its lower neighbours and draws every edge upwards.
func ExampleCompute() {
	names := []string{"bool", "i8", "u8", "i16"}
	g := layout.Graph{
		Nodes: []layout.Size{{W: 40, H: 20}, {W: 40, H: 20}, {W: 40, H: 20}, {W: 40, H: 20}},
		Edges: []layout.Edge{{Lower: 0, Upper: 1}, {Lower: 0, Upper: 2}, {Lower: 1, Upper: 3}, {Lower: 2, Upper: 3}},
	}
	l, err := layout.Compute(g, layout.Options{})
	if err != nil {
		panic(err)
	}
	for k := len(l.Layers) - 1; k >= 0; k-- {
		fmt.Print("layer ", k, ":")
		for _, n := range l.Layers[k] {
			fmt.Print(" ", names[n])
		}
		fmt.Println()
	}
	fmt.Println("crossings:", l.Crossings)
	// Output:
	// layer 2: i16
	// layer 1: i8 u8
	// layer 0: bool
	// crossings: 0
}
