# The live NumPy oracle for rules/numpy's tests (live_test.go): one Python
# process answers every query of a set. It reads queries on standard input,
# one a line, "MODE<TAB>OPERANDS" with OPERANDS in promote's operand grammar
# and canonical dtype names, and prints one answer a line, in order: the
# canonical dtype name, "object", or "error: EXCEPTION_CLASS".
#
#   pt    np.promote_types(a, b) of two dtype names
#   rt    np.result_type(*operands)
#   add   np.add(a, b).dtype
#   cc    np.can_cast(a, b, "safe") of two dtype names: "true" or "false"
#
# Operands: DTYPE is a 1-element 1-d array, DTYPE[N,...] an array of that
# shape, DTYPE[](VALUE) a 0-d array, DTYPE(VALUE) a NumPy scalar; a literal
# is the Python object (int, float, complex, bool).
#
# The first line of input is a header: "ml_dtypes=true|false".
import re
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore")
np.seterr(all="ignore")

BUILTINS = {
    "bool": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "c64": np.complex64, "c128": np.complex128,
    "f80": np.longdouble, "c160": np.clongdouble,
}
ML = {
    "bf16": "bfloat16", "f8e3m4": "float8_e3m4", "f8e4m3": "float8_e4m3",
    "f8e4m3b11fnuz": "float8_e4m3b11fnuz", "f8e4m3fn": "float8_e4m3fn",
    "f8e4m3fnuz": "float8_e4m3fnuz", "f8e5m2": "float8_e5m2", "f8e5m2fnuz": "float8_e5m2fnuz",
    "f8e8m0fnu": "float8_e8m0fnu", "f6e2m3fn": "float6_e2m3fn", "f6e3m2fn": "float6_e3m2fn",
    "f4e2m1fn": "float4_e2m1fn", "i2": "int2", "u2": "uint2", "i4": "int4", "u4": "uint4",
}

header = sys.stdin.readline().strip()
TYPES = dict(BUILTINS)
if header == "ml_dtypes=true":
    import ml_dtypes
    for k, v in ML.items():
        TYPES[k] = getattr(ml_dtypes, v)
CANON = {np.dtype(v): k for k, v in TYPES.items()}

LITERAL_WORDS = {"true", "false", "nan", "-nan", "+nan", "inf", "-inf", "+inf"}


def literal(text):
    t = text.lower()
    if t in ("true", "false"):
        return t == "true"
    if t.endswith("j") or t.endswith("j)"):
        return complex(t.strip("()"))
    try:
        # CPython refuses to read an int of more than 4300 digits; lift
        # the limit only while reading, so that NumPy's own conversions
        # meet CPython's default.
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return int(t)
        finally:
            sys.set_int_max_str_digits(limit)
    except ValueError:
        return float(t)


TOKEN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\[([^\]]*)\])?(\((.*)\))?$")


def operand(tok):
    if tok[0] in "0123456789+-.(" or tok.lower() in LITERAL_WORDS:
        return literal(tok)
    m = TOKEN.match(tok)
    if not m:
        raise SystemExit("oracle: bad operand %r" % tok)
    name, shaped, dims, valued, value = m.groups()
    t = TYPES[name]
    if valued is not None:
        v = literal(value)
        if shaped is not None:
            return np.array(v, dtype=t)
        return np.dtype(t).type(v)
    if shaped is not None:
        shape = tuple(int(d) for d in dims.split(",")) if dims else ()
        return np.ones(shape, dtype=t)
    return np.ones(1, dtype=t)


def name(dt):
    dt = np.dtype(dt)
    if dt == np.dtype(object):
        return "object"
    return CANON.get(dt, "unknown:" + str(dt))


def answer(mode, ops):
    if mode == "pt":
        return name(np.promote_types(TYPES[ops[0]], TYPES[ops[1]]))
    if mode == "cc":
        return str(bool(np.can_cast(TYPES[ops[0]], TYPES[ops[1]], "safe"))).lower()
    objs = [operand(o) for o in ops]
    if mode == "rt":
        return name(np.result_type(*objs))
    if mode == "add":
        r = np.add(*objs)
        if not hasattr(r, "dtype"):
            return "object"
        return name(r.dtype)
    raise SystemExit("oracle: bad mode %r" % mode)


out = []
for line in sys.stdin:
    mode, _, query = line.rstrip("\n").partition("\t")
    try:
        out.append(answer(mode, query.split()))
    except Exception as e:  # every NumPy error is an answer
        out.append("error: " + type(e).__name__)
sys.stdout.write("\n".join(out) + "\n")
