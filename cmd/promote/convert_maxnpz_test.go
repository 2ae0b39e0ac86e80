package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestConvertMaxNPZSize: -max-npz-size bounds the uncompressed size of an
// .npz input (reading costs about that much memory): an archive over it
// is a failed input, under it is read; a size that does not parse is a
// usage error.
func TestConvertMaxNPZSize(t *testing.T) {
	z := writeNPZ(t, t.TempDir(), "w.npz", arr(t, "w", dtype.U8, []int64{4096}, make([]byte, 4096)), arr(t, "b", dtype.F32, []int64{1}, make([]byte, 4)))
	for _, tc := range []struct {
		size string
		code int
		want string
	}{
		{"1KiB", 1, "past the bound of 1024"},
		{"1MiB", 0, "wrote "},
		{"0", 2, "-max-npz-size \"0\": want a positive size"},
		{"lots", 2, "-max-npz-size \"lots\": want a positive size"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		stdout, stderr, code := runPromote(t, "", "convert", "-max-npz-size", tc.size, z, "-o", out)
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("-max-npz-size %s: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.size, code, stdout, stderr, tc.code, tc.want)
		}
	}
}
