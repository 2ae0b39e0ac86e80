package bytesize

import "testing"

func TestText(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0 B"},
		{-5, "-5 B"},
		{1023, "1023 B"},
		{1024, "1.0 KiB"},
		{1536, "1.5 KiB"},
		{1 << 20, "1.0 MiB"},
		{20<<20 + 1, "20.0 MiB"},
		{1<<30 - 1, "1024.0 MiB"},
		{1 << 30, "1.00 GiB"},
		{5 << 30 / 4, "1.25 GiB"},
		{1 << 40, "1024.00 GiB"},
	} {
		if got := Text(tc.n); got != tc.want {
			t.Errorf("Text(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
