package safetensors

import "bytes"

// otherFormat names the format a file is when its first bytes are another
// format's magic number, so that a .npy, .npz or PyTorch file given where a
// .safetensors one belongs is named for what it is, not only reported as
// a header length no safetensors file has; "" when none matches.
func otherFormat(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x93NUMPY")):
		return "; the file is a NumPy .npy array, not a .safetensors file"
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return "; the file is a zip archive (a NumPy .npz, or a PyTorch .pt or .bin checkpoint), not a .safetensors file"
	case bytes.HasPrefix(head, []byte("GGUF")):
		return "; the file is a GGUF model, not a .safetensors file"
	case bytes.HasPrefix(head, []byte("\x80\x02")), bytes.HasPrefix(head, []byte("\x80\x04")):
		return "; the file is a Python pickle (an old PyTorch .bin checkpoint?), not a .safetensors file"
	}
	return ""
}
