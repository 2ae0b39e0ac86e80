// Package safetensors reads and writes .safetensors files, Hugging Face's
// tensor checkpoint format, with the dtypes mapped onto promote's
// catalogue.
//
// # The format
//
// A file is an 8-byte little-endian unsigned length N, then N bytes of
// UTF-8 JSON (the header), then the data buffer. The header is an object
// mapping each tensor name to {"dtype", "shape", "data_offsets"}, where
// data_offsets [begin, end) are byte offsets into the data buffer, plus an
// optional "__metadata__" object of string values. Tensor data is
// little-endian and row-major.
//
// Reading follows the reference implementation (huggingface/safetensors,
// safetensors/src/tensor.rs): a header of at most MaxHeaderSize bytes;
// tensors that, in offset order, start at 0 and follow each other without
// gap or overlap; each tensor's byte count equal to its element count
// times its dtype's width, sub-byte tensors filling whole bytes; the last
// tensor ending at the end of the file. On top of that, this package
// refuses what the reference's JSON library lets through: a repeated
// tensor name, metadata key or field (the reference keeps the last one),
// and tensor names outside printable ASCII (see ErrName). Unknown fields
// in a tensor's entry are skipped, as the reference skips them.
//
// Writing follows the reference writer byte for byte: tensors ordered by
// their dtype's position in the format's dtype list, highest first, then
// by name; the JSON compact, "__metadata__" first; the header padded with
// spaces to a multiple of 8 bytes. Metadata keys, whose order the
// reference leaves to a hash map, are written sorted.
//
// # Dtypes
//
//	BOOL bool          U8 u8        I8 i8        I16 i16      U16 u16
//	F4 f4e2m1fn        F6_E2M3 f6e2m3fn          F6_E3M2 f6e3m2fn
//	F8_E5M2 f8e5m2     F8_E4M3 f8e4m3fn          F8_E8M0 f8e8m0fnu
//	F8_E4M3FNUZ f8e4m3fnuz                       F8_E5M2FNUZ f8e5m2fnuz
//	F16 f16            BF16 bf16    I32 i32      U32 u32      F32 f32
//	C64 c64            F64 f64      I64 i64      U64 u64
//
// F4 is packed two elements a byte and F6 four elements in three bytes,
// least significant bits first (the first F4 element is the low nibble,
// PyTorch's float4_e2m1fn_x2 layout); this is the tensor package's
// packing, so a tensor's Data is the file's bytes unchanged. The format
// defines only the byte count of F6 data; the bit order is this package's
// choice.
//
// # Streaming
//
// Open reads only the header; File.Section and File.ReadAt read one
// tensor's bytes at a time, so a checkpoint of any size can be processed
// in bounded memory. Writer takes the header first, then the tensors'
// bytes in order; FileWriter writes through a temporary file that is
// synced, renamed into place and its directory synced, so a failure never
// leaves a partial file, and it replaces only a regular file (a symbolic
// link is written through to its target).
//
// # Cost
//
// Parsing a header takes time linear in its length (about 100 MB/s) and
// keeps about 1.5 times its length for a checkpoint's usual names and
// shapes: each TensorInfo, its name, its shape in a shared array, and an
// index by name that makes Header.Lookup one map probe. A header's length
// is bounded by MaxHeaderSize.
package safetensors
