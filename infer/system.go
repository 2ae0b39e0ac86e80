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
	// Python: 1, 1.0, 1j, True, False. PyTorch, NumPy, JAX, TensorFlow and
	// the Array API standard are Python libraries; CANN and OpenVINO are
	// driven from Python frontends (torch_npu, the OpenVINO PyTorch
	// frontend), so their programs use Python literals too.
	Python Host = iota + 1
	// R: 1L (integer), 1 and 1.5 (double), TRUE, FALSE, NaN, Inf; anvil.
	R
	// CPP is C++: 1 (int), 1.0 (double), 1.0f (float), 1u, 1L, true,
	// false; kernel_float.
	CPP
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
)

var sysByName = map[string]sysID{
	"cann": sysCANN, "openvino": sysOpenVINO, "kernel-float": sysKernelFloat, "anvil": sysAnvil,
	"pytorch": sysPyTorch, "numpy": sysNumPy, "jax": sysJAX, "tensorflow": sysTensorFlow, "array-api": sysArrayAPI,
}

// HostOf returns the host language of programs written for the rule set
// def: R for anvil, C++ for kernel-float, Python for every other.
func HostOf(def *promote.Def) Host {
	switch sysByName[def.Name] {
	case sysAnvil:
		return R
	case sysKernelFloat:
		return CPP
	}
	return Python
}

// system is what op typing needs to know about a built rule set beyond
// its Result: which system it is and the options that change op typing.
type system struct {
	id   sysID
	host Host
	// weak: the system has weak (JAX, TensorFlow), ambiguous (anvil) or
	// constant (kernel_float) values, so a result may stay weak. Elsewhere
	// a result is never weak (the rule sets refuse weak operands).
	weak bool
	// defaultFloat: PyTorch's torch.get_default_dtype().
	defaultFloat dtype.DType
	// x64: JAX's jax_enable_x64.
	x64 bool
}

func newSystem(r promote.Rules) *system {
	def := r.Def()
	s := &system{id: sysByName[def.Name], host: HostOf(def), defaultFloat: dtype.F32}
	switch s.id {
	case sysJAX, sysTensorFlow, sysAnvil, sysKernelFloat:
		s.weak = true
	}
	set := r.Settings()
	if s.id == sysPyTorch && set.Enum("default_float") == "f64" {
		s.defaultFloat = dtype.F64
	}
	if s.id == sysJAX {
		s.x64 = set.Bool("x64")
	}
	return s
}

// canon is JAX's 32-bit canonicalisation with x64 off; the identity
// elsewhere.
func (s *system) canon(d dtype.DType) dtype.DType {
	if s.id != sysJAX {
		return d
	}
	return jax.Config{X64: s.x64}.Canonical(d)
}
