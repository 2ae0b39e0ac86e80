package bytesize_test

import (
	"fmt"

	"github.com/promote-dev/promote/internal/bytesize"
)

func ExampleText() {
	fmt.Println(bytesize.Text(256 << 20))
	fmt.Println(bytesize.Text(3 << 29))
	// Output:
	// 256.0 MiB
	// 1.50 GiB
}
