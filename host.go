package promote

// Host is the host language whose literal syntax a program for a rule set
// is written in. A rule set declares it in its Def (Def.Host); the zero
// value is Python, the host of most systems.
type Host uint8

// The host languages.
const (
	// HostPython: 1, 1.0, 0x1F, 0b101, 0o17, 1j, True, False. PyTorch,
	// NumPy, JAX, TensorFlow, the Array API standard, Keras, MLX, Triton,
	// TVM, PaddlePaddle, tinygrad and MindSpore are Python libraries; CANN
	// and OpenVINO are driven from Python frontends (torch_npu, the
	// OpenVINO PyTorch frontend), so their programs use Python literals
	// too.
	HostPython Host = iota + 1
	// HostR: 1L (integer), 1 and 1.5 (double), TRUE, FALSE, NaN, Inf;
	// anvil.
	HostR
	// HostCPP is C++: 1 (int), 1u, 1L, 1ul, 1ll, 1.0 (double), 1.0f
	// (float), 1.0L (long double), 0x1F, 0b101, 017 (octal), true, false,
	// INFINITY, NAN; kernel_float and the cpp rule set.
	HostCPP
	// HostC: C++'s literals but 0b (C23 only, which the c rule set
	// decides); true and false are <stdbool.h>'s (int in C17, bool in
	// C23).
	HostC
	// HostJulia: 1 (Int64), 1.0 (Float64), 1f0 (Float32), 0x01 (UInt8,
	// sized by its digits), 0b1, 0o7, true, false, NaN, Inf, NaN32, Inf32.
	HostJulia
)

// String returns the host language's name.
func (h Host) String() string {
	switch h {
	case HostPython:
		return "Python"
	case HostR:
		return "R"
	case HostCPP:
		return "C++"
	case HostC:
		return "C"
	case HostJulia:
		return "Julia"
	}
	return "host?"
}

// HostOf returns the host language of programs written for the rule set
// def: def.Host, or Python when the definition names none.
func HostOf(def *Def) Host {
	if def == nil || def.Host == 0 {
		return HostPython
	}
	return def.Host
}
