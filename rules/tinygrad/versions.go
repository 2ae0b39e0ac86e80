package tinygrad

import "github.com/promote-dev/promote/dtype"

// The tinygrad commits each version option follows. "head" is the newest
// commit of the stored snapshot (2026-08-22); the others are release tags.
const (
	commitHead = "a9069c17"
	commit013  = "2d48fe8b" // v0.13.0, 2026-05-22
	commit012  = "6b0a9f5e" // v0.12.0, 2026-01-12
	commit011  = "bcc76230" // v0.11.0, 2025-08-19
)

// The version option's values, newest first.
const (
	VersionHead = "head"
	Version013  = "0.13"
	Version012  = "0.12"
	Version011  = "0.11"
)

// Versions lists the version option's values, newest first.
var Versions = []string{VersionHead, Version013, Version012, Version011}

// weak marks the two weak lattice nodes; a strong node has weakNone.
type weak uint8

const (
	weakNone  weak = iota
	weakInt        // dtypes.weakint: a Python int, or a weak int tensor
	weakFloat      // dtypes.weakfloat: a Python float, or a weak float tensor
)

// node is one DType of tinygrad's promo_lattice: a catalogue dtype or a
// weak node, with the fields DType.__lt__ orders by (priority, bitsize,
// name). least_upper_dtype takes min() over a set of these, so the order
// decides every join.
type node struct {
	dt       dtype.DType // dtype.Invalid for a weak node
	weak     weak
	priority int
	bits     int    // bitsize (v0.11 stored the itemsize in bytes; the order is the same)
	name     string // DType.name, the C type name tinygrad renders
	short    string // the attribute name on dtypes (repr: dtypes.float16)
}

// version is one tinygrad release's promotion lattice.
type version struct {
	name   string
	commit string
	src    string // where the lattice is: repository@commit file
	nodes  []node
	edges  [][2]string // promo_lattice[lower] contains upper, by short name
	// weakInts and weakFloats say whether the version has the weak node
	// (and so accepts weak operands of that kind); pyWeak says whether
	// Python scalars are weak consts (dtypes.from_py returns weak dtypes).
	weakInts, weakFloats, pyWeak bool
}

// The four lattices, restated from tinygrad/dtype.py (the DType
// definitions in class DTypes and the promo_lattice dict) at each commit.
var (
	headVersion = version{
		name: VersionHead, commit: commitHead, src: "tinygrad/tinygrad@" + commitHead + " tinygrad/dtype.py",
		nodes: []node{
			{dtype.Invalid, weakInt, 0, 800, "weakint", "weakint"},
			{dtype.Bool, weakNone, 0, 1, "bool", "bool"},
			{dtype.I8, weakNone, 1, 8, "signed char", "int8"},
			{dtype.U8, weakNone, 2, 8, "unsigned char", "uint8"},
			{dtype.I16, weakNone, 3, 16, "short", "int16"},
			{dtype.U16, weakNone, 4, 16, "unsigned short", "uint16"},
			{dtype.I32, weakNone, 5, 32, "int", "int32"},
			{dtype.U32, weakNone, 6, 32, "unsigned int", "uint32"},
			{dtype.I64, weakNone, 7, 64, "long", "int64"},
			{dtype.U64, weakNone, 8, 64, "unsigned long", "uint64"},
			{dtype.Invalid, weakFloat, 9, 800, "weakfloat", "weakfloat"},
			{dtype.F8E4M3FN, weakNone, 10, 8, "float8_e4m3", "fp8e4m3"},
			{dtype.F8E5M2, weakNone, 11, 8, "float8_e5m2", "fp8e5m2"},
			{dtype.F8E4M3FNUZ, weakNone, 10, 8, "float8_e4m3fnuz", "fp8e4m3fnuz"},
			{dtype.F8E5M2FNUZ, weakNone, 11, 8, "float8_e5m2fnuz", "fp8e5m2fnuz"},
			{dtype.F16, weakNone, 12, 16, "half", "float16"},
			{dtype.BF16, weakNone, 13, 16, "__bf16", "bfloat16"},
			{dtype.F32, weakNone, 14, 32, "float", "float32"},
			{dtype.F64, weakNone, 15, 64, "double", "float64"},
		},
		edges: [][2]string{
			{"bool", "weakint"}, {"weakint", "int8"}, {"weakint", "uint8"},
			{"int8", "int16"}, {"int16", "int32"}, {"int32", "int64"}, {"int64", "weakfloat"},
			{"uint8", "int16"}, {"uint8", "uint16"}, {"uint16", "int32"}, {"uint16", "uint32"},
			{"uint32", "int64"}, {"uint32", "uint64"}, {"uint64", "weakfloat"},
			{"weakfloat", "fp8e4m3"}, {"weakfloat", "fp8e5m2"}, {"weakfloat", "fp8e4m3fnuz"}, {"weakfloat", "fp8e5m2fnuz"},
			{"fp8e4m3", "float16"}, {"fp8e4m3", "bfloat16"}, {"fp8e5m2", "float16"}, {"fp8e5m2", "bfloat16"},
			{"fp8e4m3fnuz", "float16"}, {"fp8e4m3fnuz", "bfloat16"}, {"fp8e5m2fnuz", "float16"}, {"fp8e5m2fnuz", "bfloat16"},
			{"float16", "float32"}, {"bfloat16", "float32"}, {"float32", "float64"},
		},
		weakInts: true, weakFloats: true, pyWeak: true,
	}

	v013 = version{
		name: Version013, commit: commit013, src: "tinygrad/tinygrad@" + commit013 + " (v0.13.0) tinygrad/dtype.py",
		nodes: []node{
			{dtype.Invalid, weakInt, 0, 800, "weakint", "weakint"},
			{dtype.Bool, weakNone, 0, 1, "bool", "bool"},
			{dtype.I8, weakNone, 1, 8, "signed char", "int8"},
			{dtype.U8, weakNone, 2, 8, "unsigned char", "uint8"},
			{dtype.I16, weakNone, 3, 16, "short", "int16"},
			{dtype.U16, weakNone, 4, 16, "unsigned short", "uint16"},
			{dtype.I32, weakNone, 5, 32, "int", "int32"},
			{dtype.U32, weakNone, 6, 32, "unsigned int", "uint32"},
			{dtype.I64, weakNone, 7, 64, "long", "int64"},
			{dtype.U64, weakNone, 8, 64, "unsigned long", "uint64"},
			{dtype.F8E4M3FN, weakNone, 9, 8, "float8_e4m3", "fp8e4m3"},
			{dtype.F8E5M2, weakNone, 10, 8, "float8_e5m2", "fp8e5m2"},
			{dtype.F8E4M3FNUZ, weakNone, 9, 8, "float8_e4m3fnuz", "fp8e4m3fnuz"},
			{dtype.F8E5M2FNUZ, weakNone, 10, 8, "float8_e5m2fnuz", "fp8e5m2fnuz"},
			{dtype.F16, weakNone, 11, 16, "half", "float16"},
			{dtype.BF16, weakNone, 12, 16, "__bf16", "bfloat16"},
			{dtype.F32, weakNone, 13, 32, "float", "float32"},
			{dtype.F64, weakNone, 14, 64, "double", "float64"},
		},
		edges: [][2]string{
			{"bool", "weakint"}, {"weakint", "int8"}, {"weakint", "uint8"},
			{"int8", "int16"}, {"int16", "int32"}, {"int32", "int64"}, {"int64", "uint64"},
			{"uint8", "int16"}, {"uint8", "uint16"}, {"uint16", "int32"}, {"uint16", "uint32"},
			{"uint32", "int64"}, {"uint32", "uint64"},
			{"uint64", "fp8e4m3"}, {"uint64", "fp8e5m2"}, {"uint64", "fp8e4m3fnuz"}, {"uint64", "fp8e5m2fnuz"},
			{"fp8e4m3", "float16"}, {"fp8e4m3", "bfloat16"}, {"fp8e5m2", "float16"}, {"fp8e5m2", "bfloat16"},
			{"fp8e4m3fnuz", "float16"}, {"fp8e4m3fnuz", "bfloat16"}, {"fp8e5m2fnuz", "float16"}, {"fp8e5m2fnuz", "bfloat16"},
			{"float16", "float32"}, {"bfloat16", "float32"}, {"float32", "float64"},
		},
		weakInts: true,
	}

	// v012Nodes is the node list of v0.12.0 and v0.11.0: no weak nodes,
	// no fnuz fp8 types.
	v012Nodes = []node{
		{dtype.Bool, weakNone, 0, 1, "bool", "bool"},
		{dtype.I8, weakNone, 1, 8, "signed char", "int8"},
		{dtype.U8, weakNone, 2, 8, "unsigned char", "uint8"},
		{dtype.I16, weakNone, 3, 16, "short", "int16"},
		{dtype.U16, weakNone, 4, 16, "unsigned short", "uint16"},
		{dtype.I32, weakNone, 5, 32, "int", "int32"},
		{dtype.U32, weakNone, 6, 32, "unsigned int", "uint32"},
		{dtype.I64, weakNone, 7, 64, "long", "int64"},
		{dtype.U64, weakNone, 8, 64, "unsigned long", "uint64"},
		{dtype.F8E4M3FN, weakNone, 9, 8, "float8_e4m3", "fp8e4m3"},
		{dtype.F8E5M2, weakNone, 10, 8, "float8_e5m2", "fp8e5m2"},
		{dtype.F16, weakNone, 11, 16, "half", "float16"},
		{dtype.BF16, weakNone, 12, 16, "__bf16", "bfloat16"},
		{dtype.F32, weakNone, 13, 32, "float", "float32"},
		{dtype.F64, weakNone, 14, 64, "double", "float64"},
	}

	// v012Shared are the promo_lattice edges v0.12.0 and v0.11.0 share:
	// the integer chains and the fp8, half and float chains. The two
	// differ only in where int64 and uint64 climb to a float (fp8 in
	// v0.12.0, float16 and bfloat16 in v0.11.0), added to each below.
	v012Shared = [][2]string{
		{"bool", "int8"}, {"bool", "uint8"},
		{"int8", "int16"}, {"int16", "int32"}, {"int32", "int64"},
		{"uint8", "int16"}, {"uint8", "uint16"}, {"uint16", "int32"}, {"uint16", "uint32"},
		{"uint32", "int64"}, {"uint32", "uint64"},
		{"fp8e4m3", "float16"}, {"fp8e4m3", "bfloat16"}, {"fp8e5m2", "float16"}, {"fp8e5m2", "bfloat16"},
		{"float16", "float32"}, {"bfloat16", "float32"}, {"float32", "float64"},
	}

	v012 = version{
		name: Version012, commit: commit012, src: "tinygrad/tinygrad@" + commit012 + " (v0.12.0) tinygrad/dtype.py",
		nodes: v012Nodes,
		edges: append(append([][2]string(nil), v012Shared...),
			[2]string{"int64", "fp8e4m3"}, [2]string{"int64", "fp8e5m2"},
			[2]string{"uint64", "fp8e4m3"}, [2]string{"uint64", "fp8e5m2"}),
	}

	v011 = version{
		name: Version011, commit: commit011, src: "tinygrad/tinygrad@" + commit011 + " (v0.11.0) tinygrad/dtype.py",
		nodes: v012Nodes,
		edges: append(append([][2]string(nil), v012Shared...),
			[2]string{"int64", "float16"}, [2]string{"int64", "bfloat16"},
			[2]string{"uint64", "float16"}, [2]string{"uint64", "bfloat16"}),
	}
)
