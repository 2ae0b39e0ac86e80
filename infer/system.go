package infer

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/jax"
)

// Host is the host language whose literal syntax a program is written in.
type Host uint8

// The host languages.
const (
	// Python: 1, 1.0, 0x1F, 0b101, 0o17, 1j, True, False. PyTorch, NumPy,
	// JAX, TensorFlow, the Array API standard, Keras, MLX, Triton, TVM,
	// PaddlePaddle, tinygrad and MindSpore are Python libraries; CANN and
	// OpenVINO are driven from Python frontends (torch_npu, the OpenVINO
	// PyTorch frontend), so their programs use Python literals too.
	Python Host = iota + 1
	// R: 1L (integer), 1 and 1.5 (double), TRUE, FALSE, NaN, Inf; anvil.
	R
	// CPP is C++: 1 (int), 1u, 1L, 1ul, 1ll, 1.0 (double), 1.0f (float),
	// 1.0L (long double), 0x1F, 0b101, 017 (octal), true, false, INFINITY,
	// NAN; kernel_float and the cpp rule set.
	CPP
	// C: C++'s literals but 0b (C23 only, which the c rule set decides);
	// true and false are <stdbool.h>'s (int in C17, bool in C23).
	C
	// Julia: 1 (Int64), 1.0 (Float64), 1f0 (Float32), 0x01 (UInt8, sized by
	// its digits), 0b1, 0o7, true, false, NaN, Inf, NaN32, Inf32.
	Julia
)

// String returns the host language's name.
func (h Host) String() string {
	switch h {
	case Python:
		return "Python"
	case R:
		return "R"
	case CPP:
		return "C++"
	case C:
		return "C"
	case Julia:
		return "Julia"
	}
	return "host?"
}

// sysID names the systems whose op typing differs. A rule set this
// package does not know is typed as sysGeneric: Python literals, and every
// operation keeps the promoted dtype.
type sysID uint8

const (
	sysGeneric sysID = iota
	sysCANN
	sysOpenVINO
	sysKernelFloat
	sysAnvil
	sysPyTorch
	sysNumPy
	sysJAX
	sysTensorFlow
	sysArrayAPI
	sysKeras
	sysMLX
	sysTriton
	sysTVM
	sysPaddle
	sysMindSpore
	sysTinygrad
	sysJulia
	sysC
	sysCPP
)

var sysByName = map[string]sysID{
	"cann": sysCANN, "openvino": sysOpenVINO, "kernel-float": sysKernelFloat, "anvil": sysAnvil,
	"pytorch": sysPyTorch, "numpy": sysNumPy, "jax": sysJAX, "tensorflow": sysTensorFlow, "array-api": sysArrayAPI,
	"keras": sysKeras, "mlx": sysMLX, "triton": sysTriton, "tvm": sysTVM, "paddle": sysPaddle,
	"mindspore": sysMindSpore, "tinygrad": sysTinygrad, "julia": sysJulia, "c": sysC, "cpp": sysCPP,
}

// HostOf returns the host language of programs written for the rule set
// def: R for anvil, C++ for kernel-float and cpp, C for c, Julia for
// julia, Python for every other.
func HostOf(def *promote.Def) Host {
	switch sysByName[def.Name] {
	case sysAnvil:
		return R
	case sysKernelFloat, sysCPP:
		return CPP
	case sysC:
		return C
	case sysJulia:
		return Julia
	}
	return Python
}

// system is what op typing needs to know about a built rule set beyond
// its Result: which system it is and the options that change op typing.
type system struct {
	id   sysID
	host Host
	// weak: the system has weak (JAX, TensorFlow, tinygrad), ambiguous
	// (anvil) or constant (kernel_float) values, so a result may stay
	// weak. Elsewhere a result is never weak (the rule sets refuse weak
	// operands).
	weak bool
	// defaultFloat: PyTorch's torch.get_default_dtype(), tinygrad's
	// DEFAULT_FLOAT.
	defaultFloat dtype.DType
	// x64: JAX's jax_enable_x64.
	x64 bool
	// floatx: Keras's keras.config.floatx(); kerasBackend its backend.
	floatx       dtype.DType
	kerasBackend string
	// tinygradHead: tinygrad's head, where Python scalars are weak consts.
	tinygradHead bool
}

func newSystem(r promote.Rules) *system {
	def := r.Def()
	s := &system{id: sysByName[def.Name], host: HostOf(def), defaultFloat: dtype.F32}
	switch s.id {
	case sysJAX, sysTensorFlow, sysAnvil, sysKernelFloat, sysTinygrad:
		s.weak = true
	}
	set := r.Settings()
	switch s.id {
	case sysPyTorch:
		if set.Enum("default_float") == "f64" {
			s.defaultFloat = dtype.F64
		}
	case sysJAX:
		s.x64 = set.Bool("x64")
	case sysKeras:
		s.floatx = enumDType(set.Enum("floatx"), dtype.F32)
		s.kerasBackend = set.Enum("backend")
	case sysTinygrad:
		s.defaultFloat = enumDType(set.Enum("default_float"), dtype.F32)
		s.tinygradHead = set.Enum("version") == "head"
	}
	return s
}

// enumDType reads an option value that names a dtype (f32, bf16, ...).
func enumDType(name string, def dtype.DType) dtype.DType {
	if d, err := dtype.Parse(name); err == nil {
		return d
	}
	return def
}

// canon is JAX's 32-bit canonicalisation with x64 off; the identity
// elsewhere.
func (s *system) canon(d dtype.DType) dtype.DType {
	if s.id != sysJAX {
		return d
	}
	return jax.Config{X64: s.x64}.Canonical(d)
}
