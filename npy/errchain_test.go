package npy

import (
	"archive/zip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestFileErrorsKeepTheirCause: the errors of ReadFile and ReadNPZFile
// name the file and still match their cause with errors.Is, so a caller
// can tell a bad checksum or a short file from other faults.
func TestFileErrorsKeepTheirCause(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	small := npyBytes(t, dtype.U8, []int64{4}, []byte{1, 2, 3, 4})
	for _, tc := range []struct {
		name  string
		read  func() error
		cause error
		text  string
	}{
		{"short .npy", func() error {
			_, err := ReadFile(write("short.npy", small[:len(small)-1]))
			return err
		}, nil, "data truncated"},
		{"short header", func() error {
			_, err := ReadFile(write("hdr.npy", small[:5]))
			return err
		}, io.ErrUnexpectedEOF, "too short for the magic string and version (end of file)"},
		{"bad checksum", func() error {
			_, err := ReadNPZFile(write("crc.npz", archive(t, member{name: "a.npy", data: small, lieCRC: true})))
			return err
		}, zip.ErrChecksum, `member "a.npy": `},
		{"not a zip", func() error {
			_, err := ReadNPZFile(write("text.npz", []byte(strings.Repeat("not a zip archive\n", 10))))
			return err
		}, zip.ErrFormat, "not a readable .npz (zip) archive"},
	} {
		err := tc.read()
		if err == nil || !strings.HasPrefix(err.Error(), "npy: "+dir) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("%s: %v, want an error naming the file and saying %q", tc.name, err, tc.text)
			continue
		}
		if tc.cause != nil && !errors.Is(err, tc.cause) {
			t.Errorf("%s: %v does not match %v", tc.name, err, tc.cause)
		}
	}
}
