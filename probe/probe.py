# promote probe: asks the frameworks installed in this Python which dtype
# comes out of each query promote sends, and prints their answers.
#
# It never installs anything and never opens a network connection: each
# framework is imported inside try/except, and one that is absent or fails
# to import is reported as such. Protocol (one JSON object a line):
#
#   stdin  1st line  {"frameworks": [NAME, ...], "device": [NAME, ...],
#                     "mem_limit": BYTES}; "device" names the frameworks
#                     asked on a GPU, skipped without a CUDA driver
#   stdout 1st line  {"type": "hello", "python": VERSION, "memory": BOUND,
#                     "frameworks": [{"name", "found", "version",
#                                     "kinds", "note", "dtypes"}]}
#   stdin  then      {"i": N, "f": NAME, "ops": [OPERAND, ...]}, one a
#                    query, until end of input
#   stdout then      {"i": N, "a": DTYPE} or {"i": N, "e": "Class: message"}
#   stdout last      {"type": "done"}
#
# An OPERAND is {"k": "t", "d": DTYPE_NAME, "r": RANK} (a tensor of rank 1
# or 0 filled with ones), {"k": "l", "t": "bool"|"int"|"float"|"complex",
# "v": TEXT} (a Python literal) or {"k": "s", "d": DTYPE_NAME, "t": ...,
# "v": TEXT} (a typed scalar, NumPy's np.float64(1.0)).
import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

# Frameworks print banners and warnings on import, some from C through
# file descriptor 1: the protocol gets a descriptor of its own, and 1 and
# sys.stdout go to standard error, so that only this script's lines reach
# promote.
REAL_STDOUT = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr


def emit(obj):
    REAL_STDOUT.write(json.dumps(obj) + "\n")
    REAL_STDOUT.flush()


def limit_memory(limit):
    # RLIMIT_DATA bounds the memory the process writes to (heap and
    # anonymous mappings); RLIMIT_AS would also count the address space
    # CUDA reserves without using, and make every device probe fail.
    try:
        import resource
    except ImportError:
        return "no resource module: memory not bounded"
    for name in ("RLIMIT_DATA", "RLIMIT_AS"):
        which = getattr(resource, name, None)
        if which is None:
            continue
        try:
            soft, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY and hard < limit:
                limit = hard
            resource.setrlimit(which, (limit, hard))
            return "%s=%d" % (name, limit)
        except (ValueError, OSError) as e:
            return "%s not set: %s" % (name, e)
    return "no memory limit available"


def literal(op):
    t, v = op["t"], op["v"]
    if t == "bool":
        return v == "true"
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    return complex(v.replace("(", "").replace(")", ""))


def error_text(e):
    msg = str(e).strip().splitlines()
    msg = msg[0] if msg else ""
    if len(msg) > 300:
        msg = msg[:300] + "..."
    return "%s: %s" % (type(e).__name__, msg)


def strip_prefix(s, *prefixes):
    for p in prefixes:
        if s.startswith(p):
            return s[len(p):]
    return s


def has_cuda():
    try:
        import ctypes
        for lib in ("libcuda.so.1", "libcuda.so", "nvcuda.dll"):
            try:
                ctypes.CDLL(lib)
                return True
            except OSError:
                pass
    except ImportError:
        pass
    return False


class Adapter:
    """One framework: how to build operands and read the result dtype."""
    name = ""
    module = ""
    # t1: rank-1 tensors; t0: zero-dim tensors; lit: Python literals;
    # big: boundary values among them (2**63, 2**64, 1e300, ...), for
    # adapters that pass the value itself and not only its type; s: typed
    # scalars (NumPy's).
    kinds = ("t1", "t0", "lit", "big")
    note = ""

    def load(self):
        raise NotImplementedError

    def dtypes(self):
        """The names of the framework's own dtypes, where it lists them."""
        return []

    def dtype(self, name):
        raise NotImplementedError

    def tensor(self, dt, rank):
        raise NotImplementedError

    def result(self, objs):
        raise NotImplementedError

    def scalar(self, dt, value):
        raise NotImplementedError

    def operand(self, op):
        if op["k"] == "l":
            return literal(op)
        if op["k"] == "s":
            return self.scalar(self.dtype(op["d"]), literal(op))
        return self.tensor(self.dtype(op["d"]), op["r"])

    def answer(self, ops):
        return self.result([self.operand(o) for o in ops])


class Torch(Adapter):
    name, module = "torch", "torch"

    def load(self):
        import torch
        self.torch = torch
        self.version = torch.__version__
        self.note = "torch.result_type; default dtype %s" % str(torch.get_default_dtype()).replace("torch.", "")

    def dtypes(self):
        # Each dtype by its own name, not its aliases: torch.bit is
        # torch.uint1, torch.half torch.float16.
        t = self.torch
        return sorted({str(getattr(t, n)).replace("torch.", "") for n in dir(t) if isinstance(getattr(t, n), t.dtype)})

    def dtype(self, name):
        dt = getattr(self.torch, name, None)
        if not isinstance(dt, self.torch.dtype):
            raise AttributeError("module 'torch' has no dtype %r" % name)
        return dt

    def tensor(self, dt, rank):
        return self.torch.empty((1,) if rank else (), dtype=dt)

    def result(self, objs):
        return str(self.torch.result_type(*objs)).replace("torch.", "")


class NumPy(Adapter):
    name, module = "numpy", "numpy"

    def load(self):
        import numpy as np
        self.np = np
        self.version = np.__version__
        self.note = "np.result_type"
        state = getattr(np, "_get_promotion_state", None)
        if state is not None:
            self.note += "; promotion state " + state()

    def dtype(self, name):
        return self.np.dtype(name)

    kinds = Adapter.kinds + ("s",)

    def tensor(self, dt, rank):
        return self.np.ones((1,) if rank else (), dtype=dt)

    def scalar(self, dt, value):
        return dt.type(value)

    def result(self, objs):
        return self.np.result_type(*objs).name


class NumPyML(NumPy):
    name, module = "numpy+ml_dtypes", "ml_dtypes"

    def load(self):
        NumPy.load(self)
        import ml_dtypes
        self.ml = ml_dtypes
        self.version = "numpy %s, ml_dtypes %s" % (self.np.__version__, ml_dtypes.__version__)

    def dtypes(self):
        ml, np = self.ml, self.np
        return sorted(n for n in dir(ml) if isinstance(getattr(ml, n), type) and issubclass(getattr(ml, n), np.generic))

    def dtype(self, name):
        t = getattr(self.ml, name, None)
        if t is not None:
            return self.np.dtype(t)
        return self.np.dtype(name)


class JAX(Adapter):
    name, module = "jax", "jax"

    def load(self):
        # Asked as an operation, as promote's jax rule set models it: the
        # dtype jax.eval_shape traces for jnp.add. Tracing converts each
        # Python int to the default integer as every jitted jax.numpy op
        # does (OverflowError past int32 with x64 off), which
        # jnp.result_type never does, as it reads no values; nothing is
        # compiled or run. On the CPU backend, so that no device memory is
        # taken.
        os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
        os.environ["JAX_PLATFORMS"] = "cpu"
        import numpy as np
        import jax
        import jax.numpy as jnp
        try:
            jax.config.update("jax_platforms", "cpu")
        except Exception:
            pass  # a backend was already started, or no such option
        self.np, self.jax, self.jnp = np, jax, jnp
        self.version = jax.__version__
        x64 = bool(jax.config.read("jax_enable_x64"))
        self.eval_shape = getattr(jax, "eval_shape", None)
        if self.eval_shape is not None:
            self.note = "jax.eval_shape(jnp.add) on NumPy arrays and Python scalars, CPU backend; jax_enable_x64=%s" % x64
        else:
            self.note = "jnp.result_type on NumPy arrays (this JAX has no jax.eval_shape); jax_enable_x64=%s" % x64

    def dtype(self, name):
        try:
            return self.jnp.dtype(name)
        except TypeError:
            # A name NumPy's registry lacks that jax.numpy has.
            t = getattr(self.jnp, name, None)
            if t is None or not hasattr(t, "dtype"):
                raise
            return self.np.dtype(t.dtype)

    def tensor(self, dt, rank):
        return self.np.ones((1,) if rank else (), dtype=dt)

    def result(self, objs):
        if self.eval_shape is None:
            return self.jnp.result_type(*objs).name
        return self.np.dtype(self.eval_shape(self.jnp.add, *objs).dtype).name


class CuPy(Adapter):
    name, module = "cupy", "cupy"

    def load(self):
        import cupy
        self.cp = cupy
        self.version = cupy.__version__
        n = cupy.cuda.runtime.getDeviceCount()
        if n < 1:
            raise RuntimeError("no CUDA device")
        self.note = "cupy.add on device arrays"

    def dtype(self, name):
        return self.cp.dtype(name)

    def tensor(self, dt, rank):
        return self.cp.ones((1,) if rank else (), dtype=dt)

    def result(self, objs):
        return self.cp.add(*objs).dtype.name


class Triton(Adapter):
    name, module = "triton", "triton"
    kinds = ("t1",)

    def load(self):
        import triton
        import triton.language as tl
        from triton.language import semantic
        self.tl = tl
        self.version = triton.__version__
        import inspect
        fn = getattr(semantic, "computation_type_impl", None)
        if fn is None:
            # Triton 3.4 on: a method of TritonSemantic, which calls
            # self.integer_promote_impl for two integers. Its builder
            # only emits IR, which the type computation does not, so an
            # instance without one answers as a kernel's would.
            cls = getattr(semantic, "TritonSemantic", None)
            if cls is not None and hasattr(cls, "computation_type_impl"):
                try:
                    sem = cls(None)
                except Exception:
                    sem = cls.__new__(cls)
                fn = sem.computation_type_impl
        if fn is None:
            raise RuntimeError("this Triton has no semantic.computation_type_impl")
        params = [p for p in inspect.signature(fn).parameters if p != "self"]
        if "a_is_scalar" in params:
            # Both operands are blocks (tensors), not scalars.
            self.call = lambda a, b: fn(a, False, b, False, False)
        else:
            self.call = lambda a, b: fn(a, b, False)
        self.note = "semantic.computation_type_impl of two tensor element types (no kernel is compiled)"

    def dtypes(self):
        tl = self.tl
        # void is no value type; pointer types are not element types.
        return sorted(n for n in dir(tl) if isinstance(getattr(tl, n), tl.dtype) and n != "void" and not getattr(tl, n).is_ptr())

    def dtype(self, name):
        # promote sends triton.language's own names (int1, float8e4nv).
        dt = getattr(self.tl, name, None)
        if not isinstance(dt, self.tl.dtype):
            raise AttributeError("triton.language has no dtype %r" % name)
        return dt

    def tensor(self, dt, rank):
        return dt

    def result(self, objs):
        return str(self.call(*objs))


class Keras(Adapter):
    name, module = "keras", "keras"
    # result_type takes dtypes and Python types (int, float), not values.
    kinds = ("t1", "lit")

    def load(self):
        import keras
        self.keras = keras
        self.version = keras.__version__
        self.fn = keras.backend.result_type
        self.note = "keras.backend.result_type; backend %s, floatx %s" % (keras.backend.backend(), keras.backend.floatx())

    def dtype(self, name):
        return name

    def tensor(self, dt, rank):
        return dt

    def operand(self, op):
        if op["k"] == "l":
            return type(literal(op))
        return op["d"]

    def result(self, objs):
        return str(self.fn(*objs))


class TensorFlow(Adapter):
    name, module = "tensorflow", "tensorflow"

    def load(self):
        import tensorflow as tf
        self.tf = tf
        self.version = tf.__version__
        try:
            # On the CPU: TensorFlow would otherwise map most of a GPU's
            # memory at its first operation.
            tf.config.set_visible_devices([], "GPU")
        except Exception:
            pass
        self.note = "tf.math.add on the CPU"

    def dtype(self, name):
        return self.tf.as_dtype(name)

    def tensor(self, dt, rank):
        return self.tf.ones([1] if rank else [], dtype=dt)

    def result(self, objs):
        return self.tf.math.add(*objs).dtype.name


class Paddle(Adapter):
    name, module = "paddle", "paddle"

    def load(self):
        import paddle
        self.paddle = paddle
        self.version = paddle.__version__
        paddle.set_device("cpu")
        self.note = "the + operator on CPU tensors"

    def dtype(self, name):
        return name

    def tensor(self, dt, rank):
        return self.paddle.ones([1] if rank else [], dtype=dt)

    def result(self, objs):
        a, b = objs[0], objs[1]
        return strip_prefix(str((a + b).dtype), "paddle.", "VarType.", "DataType.").lower()


class MLX(Adapter):
    name, module = "mlx", "mlx"

    def load(self):
        import mlx.core as mx
        self.mx = mx
        try:
            from importlib.metadata import version
            self.version = version("mlx")
        except Exception:
            self.version = getattr(mx, "__version__", "unknown")
        self.note = "mx.add (no evaluation)"

    def dtypes(self):
        return sorted(n for n in dir(self.mx) if isinstance(getattr(self.mx, n), self.mx.Dtype))

    def dtype(self, name):
        dt = getattr(self.mx, name, None)
        if not isinstance(dt, self.mx.Dtype):
            raise AttributeError("mlx.core has no dtype %r" % name)
        return dt

    def tensor(self, dt, rank):
        return self.mx.ones((1,) if rank else (), dtype=dt)

    def result(self, objs):
        return strip_prefix(str(self.mx.add(*objs).dtype), "mlx.core.")


class Tinygrad(Adapter):
    name, module = "tinygrad", "tinygrad"

    def load(self):
        import tinygrad
        from tinygrad import Tensor, dtypes
        self.Tensor, self.dtypes = Tensor, dtypes
        try:
            from importlib.metadata import version
            self.version = version("tinygrad")
        except Exception:
            self.version = getattr(tinygrad, "__version__", "unknown")
        self.note = "the + operator (not realized)"

    def dtype(self, name):
        dt = getattr(self.dtypes, name, None)
        if dt is None:
            raise AttributeError("tinygrad.dtypes has no dtype %r" % name)
        return dt

    def tensor(self, dt, rank):
        return self.Tensor.ones(*((1,) if rank else ()), dtype=dt)

    def result(self, objs):
        a, b = objs[0], objs[1]
        return (a + b).dtype.name


class MindSpore(Adapter):
    name, module = "mindspore", "mindspore"

    def load(self):
        import mindspore
        self.ms = mindspore
        self.version = mindspore.__version__
        try:
            mindspore.set_context(device_target="CPU")
        except Exception:
            pass
        self.note = "mindspore.ops.add on the CPU"

    def dtype(self, name):
        dt = getattr(self.ms, name, None)
        if dt is None:
            raise AttributeError("mindspore has no dtype %r" % name)
        return dt

    def tensor(self, dt, rank):
        return self.ms.ops.ones((1,) if rank else (), dt)

    def result(self, objs):
        return str(self.ms.ops.add(*objs).dtype).lower()


ADAPTERS = [Torch(), NumPy(), NumPyML(), JAX(), CuPy(), Triton(), Keras(),
            TensorFlow(), Paddle(), MLX(), Tinygrad(), MindSpore()]


def main():
    first = sys.stdin.readline()
    if not first:
        return
    config = json.loads(first)
    wanted = set(config.get("frameworks") or [a.name for a in ADAPTERS])
    device = set(config.get("device") or [])
    mem = limit_memory(int(config.get("mem_limit") or 4 << 30))
    found, infos = {}, []
    for a in ADAPTERS:
        if a.name not in wanted:
            continue
        info = {"name": a.name, "found": False}
        try:
            import importlib.util
            if importlib.util.find_spec(a.module) is None:
                info["note"] = "not installed" if a.module == a.name else "%s is not installed" % a.module
                infos.append(info)
                continue
        except Exception as e:
            info["note"] = "not importable: " + error_text(e)
            infos.append(info)
            continue
        if a.name in device and not has_cuda():
            info["note"] = "skipped: needs a CUDA device and no CUDA driver was found"
            infos.append(info)
            continue
        try:
            a.load()
        except BaseException as e:  # SystemExit and friends from broken installs
            if isinstance(e, KeyboardInterrupt):
                raise
            info["note"] = "skipped: " + error_text(e)
            infos.append(info)
            continue
        info.update(found=True, version=str(a.version), kinds=list(a.kinds), note=a.note)
        try:
            info["dtypes"] = list(a.dtypes())
        except Exception:
            pass
        infos.append(info)
        found[a.name] = a
    emit({"type": "hello", "python": sys.version.split()[0], "memory": mem, "frameworks": infos})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        q = json.loads(line)
        a = found.get(q["f"])
        out = {"i": q["i"]}
        if a is None:
            out["e"] = "ProbeError: framework %s was not loaded" % q["f"]
        else:
            try:
                out["a"] = a.answer(q["ops"])
            except MemoryError:
                out["e"] = "MemoryError: out of memory"
            except Exception as e:
                out["e"] = error_text(e)
        emit(out)
    emit({"type": "done"})


main()
