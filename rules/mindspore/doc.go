// Package mindspore is the rule set of MindSpore's implicit type
// conversion: the type the inputs of an operator's signature dtype group
// (Add's x and y, a comparison's operands, ...) convert to before the
// operator runs. It reads like rules/mindspore/spec.md, which cites the
// source at each rule.
//
// # rules=table (the default: the current code)
//
// Operands fold left to right (GetSignatureTypeMap). The first sets the
// running type; each next operand of another type meets it through
// scalar_tensor_convert_map when exactly one side has a tensor, else
// through tensor_tensor_convert_map (which also serves two Python
// scalars). The tensor map widens integers (int8 with uint8 is int16),
// gives the float to an integer-float pair, float32 to float16 with
// bfloat16, and the complex of the wider part to a real-complex pair;
// uint16, uint32 and uint64 meet only bool and themselves. In the scalar
// map a Python bool takes any tensor's dtype, an int (Int64) takes an
// integer or floating tensor's dtype and turns a bool tensor int64, a
// float (Float32) turns bool and integer tensors float32 and takes a
// floating tensor's dtype. A pair in neither map is TypeError: "Type
// implicit conversion between ... is not supported."
//
// # rules=priority (the older code) and rules=doc (the note)
//
// One priority order over nine types, bool, int8, uint8, int16, int32,
// int64, float16, float32, float64: the highest tensor in the group
// decides, int8 with uint8 gives int16, and the Python scalars adjust it
// (a bool tensor with an int gives int64, with a float float32; an integer
// tensor with a float gives float32; otherwise a scalar follows the
// tensor). Other dtypes are left unconverted, so they work only among
// themselves. The note (r1.2 to r2.0) says the same except that a bool
// tensor with an int gives int32; MindSpore's own test expects int64
// (TestDisagreement_BoolTensorIntScalar). These two are a set, not a fold.
//
// # Operands
//
// Rank never matters; a typed scalar such as f64(1.5) is a 0-d tensor.
// Python scalars: bool is Bool, int is Int64, float is Float32 (no value
// check); a Python complex is in neither map and is refused. MindSpore has
// no weak tensors.
package mindspore
