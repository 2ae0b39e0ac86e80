// Package bytesize prints byte counts for people: the one formatter of
// the checkpoint reports, their errors and the command's progress bar, so
// that all of them write a size the same way.
package bytesize

import "fmt"

// Text prints n bytes in binary units: "512 B", "1.5 KiB", "20.0 MiB",
// "1.25 GiB" (one decimal below a GiB, two from there up).
func Text(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
