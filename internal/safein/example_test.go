package safein_test

import (
	"fmt"
	"os"

	"github.com/promote-dev/promote/internal/safein"
)

func ExampleOpenRegular() {
	_, err := safein.OpenRegular(os.TempDir())
	fmt.Println(err != nil)
	// Output: true
}
