// Package npy reads and writes NumPy's .npy files (format versions 1.0,
// 2.0 and 3.0) as promote tensors.
//
// # What is read
//
// Every NumPy dtype the catalogue has: bool (|b1), the signed and
// unsigned integers of 1, 2, 4 and 8 bytes, f2, f4, f8, c8 and c16, in
// either byte order ('<', '>', and '|' or '=' taken as little-endian);
// big-endian data is swapped into the tensor's little-endian storage. A
// Fortran-order array is transposed into C order. A bool byte other than
// 0 is true (stored as 1).
//
// ml_dtypes' types (bfloat16, the float8, float6 and float4 types, int2,
// int4, uint1, uint2, uint4, complex32) have no standard descr. Real files
// hold them in three ways, all read here:
//
//   - np.save of an ml_dtypes array writes a raw void descr ('<V2' for
//     bfloat16, '<V1' for the one-byte types; ml_dtypes registers its
//     types with kind 'V'), so the dtype is lost (ml_dtypes issue #41).
//     Such a file is refused unless the caller says which dtype it holds
//     with the ReadAs option; its item size must match.
//   - float8_e5m2 is the exception: ml_dtypes gives it kind 'f', so np.save
//     writes '<f1' (ml_dtypes issues #148 and #216), which no NumPy type
//     has. It is read as f8e5m2.
//   - Writing the header by hand with str(array.dtype) as the descr
//     (the workaround in ml_dtypes issue #41) gives the ml_dtypes name,
//     such as 'bfloat16'; NumPy loads it when ml_dtypes is imported, since
//     ml_dtypes registers its names with numpy.dtype. These names are read
//     as their dtypes.
//
// Sub-byte types are stored one element per byte in every case (the
// ml_dtypes layout: the low bits hold the value, the high bits are
// ignored) and packed into the tensor's dense layout on reading.
//
// # What is written
//
// C order, little-endian, version 1.0 (2.0 when the header needs more
// than 65535 bytes), the header padded to a multiple of 64 bytes as
// NumPy pads it. Catalogue types with a standard descr get it; the others
// get their ml_dtypes name as the descr (so NumPy with ml_dtypes loads the
// right dtype, and this package reads it back), or, with the RawVoid
// option, the raw void descr np.save itself writes ('|V2'), which plain
// NumPy loads as bytes. WriteFile writes to a temporary file in the
// destination directory and renames it into place, so a failure leaves no
// partial file.
//
// # .npz archives
//
// ReadNPZ and WriteNPZ (and their File forms) read and write NumPy's
// archive of arrays: a zip file with one NAME.npy member per array,
// stored as np.savez writes it or deflated as np.savez_compressed does
// (Deflate). Arrays keep their names and order. Reading bounds the member
// count (MaxNPZMembers), the zip directory (MaxNPZDirectory) and the
// members' total uncompressed size (MaxNPZBytes, DefaultMaxNPZBytes, 1
// GiB, by default), checks each member's sizes against the archive before
// reading it (a deflated member may not claim more than deflate can give
// from its compressed bytes, 1032 to 1) and its length and checksum
// after, so a zip bomb or a size that lies is an error. Each array is
// read into one buffer of its size, Fortran-order data too (it is put in
// row-major order as it is read), so reading costs about the arrays'
// size, not a multiple of it. Member names must be NAME.npy with
// a plain NAME (no path separators, no "..", no control characters),
// since callers write arrays out by name.
//
// # Bad input
//
// Every fault is an error naming the file and what is wrong: a bad magic
// string or version, a header length past the end of the file or over
// MaxHeaderSize, a header that is not the dictionary NumPy writes (keys
// descr, fortran_order and shape, each once), an unknown or unsupported
// descr (an object array '|O', whose elements are pickled Python objects,
// is named as such), a shape of more than MaxDims (64, NumPy 2's
// NPY_MAXDIMS) dimensions or whose element count or byte size overflows,
// data shorter or longer than the shape says. Nothing is allocated from a
// header's numbers before they are checked against the file's size, and
// an error echoes each token of the header (a descr, a key, a dimension)
// cut to a few dozen bytes.
//
// # Why not a library
//
// github.com/sbinet/npyio (the Go .npy library) reads into Go values by
// reflection and has no f2, no version 3.0, no raw void or ml_dtypes
// types, Fortran order only into gonum matrices, and a header parser that
// slices by searching for substrings (a malformed header can panic it);
// it also brings in gonum. The format is small, so this package parses it
// itself.
package npy

// RuleSet is the rule set whose promotion the arrays of .npy and .npz
// files follow unless the caller names another: NumPy's, whose formats
// these are (promote convert's default -rules).
const RuleSet = "numpy"
