package safein_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/promote-dev/promote/internal/safein"
)

// OpenRegular refuses what is not a regular file, saying what it is,
// without waiting on it.
func ExampleOpenRegular() {
	dir, err := os.MkdirTemp("", "safein")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	_, err = safein.OpenRegular(dir)
	fmt.Println(strings.TrimPrefix(err.Error(), dir+" "))
	fmt.Println(errors.Is(err, safein.ErrNotRegular))
	// Output:
	// is a directory, not a regular file
	// true
}
