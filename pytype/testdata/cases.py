# Lint cases: each line marked "# want: KIND" must give one finding of that
# kind; every other line none. Each case names the NumPy behaviour and its
# source: NEP 50 (doc/neps/nep-0050-scalar-promotion.rst, table in
# "Motivation and scope"), a numpy issue, or a live run (NumPy 1.24.2,
# Debian python3-numpy).
import numpy as np
import numpy.typing as npt
from numpy import float32, zeros, uint8 as U8

# NEP 50 table: float32(3) + 3. was float64, is float32.
a = np.float32(3) + 3.0  # want: dtype-changed
# NEP 50 table: array([3], float32) + float64(3) was float32, is float64.
b = np.zeros(3, dtype=np.float32) + np.float64(1.5)  # want: dtype-changed
# NEP 50 table: uint8(1) + 300 was int64, is OverflowError.
c = np.uint8(1) + 300  # want: raises
# NEP 50 table: array([1], uint8) + int64(1) was uint8, is int64; in place
# NumPy 2 refuses the same_kind cast (NEP 50 "in-place operations").
u8 = np.zeros(4, dtype=np.uint8)
u8 += np.int16(5)  # want: inplace-cast
# NEP 50 table: array([100], uint8) + 200 was uint8, 1000 was uint16; is OverflowError.
d = u8 + 1000  # want: raises
# Same dtype in both: uint8 array + 200 is uint8 (live 1.24: uint8).
d2 = u8 + 200
# Issue 26, live NumPy 2.5.2 vs 1.24: clip(u8, 0, 300) is uint8 in 2.x, uint16 in 1.24.
e = np.clip(u8, 0, 300)  # want: dtype-changed
# NEP 50: np.result_type(int8, 200) was int16, is int8 (values never matter).
f = np.result_type(np.int8, 200)  # want: result-type
# rapidsai/crossfit#56: can_cast on a Python int raises TypeError in NumPy 2.
g = np.can_cast(300, np.uint8)  # want: can-cast
# NEP 50 / numpy#22005 (live 1.24: DeprecationWarning): np.uint8(300) raises OverflowError in 2.
h = np.uint8(300)  # want: raises
# Issue 26, live NumPy 2.5.2: comparisons with out-of-range ints never raise.
k = u8 > 300
# Aliases: from numpy import uint8 as U8.
m = U8(7) * 2.5
n = U8(7) + np.float32(2)
p = np.array([1, 2, 3], dtype=U8) + np.int64(7)  # want: dtype-changed

def annotated(x: npt.NDArray[np.float32], s):
    # An annotation types x; its rank is unknown, so NumPy 1.x's answer
    # depends on it (0-d: float64, with dimensions: float32).
    y = x * np.float64(2.0)  # want: may-change
    return y

def branches(flag):
    if flag:
        q = np.float32(1)
    else:
        q = np.float64(1)
    # q differs on the two paths: unknown, nothing reported.
    return q + 1.0

def loop():
    acc = zeros(3, dtype="float32")
    for i in range(3):
        acc = acc + np.float64(2.0)  # want: dtype-changed
    # The first iteration adds float32 and float64(2.0): reported. After it
    # the versions differ on acc, so later iterations report nothing more.
    return acc

def astype(v):
    w = np.ones(3).astype(np.float16)
    return w + np.float32(1e-3)  # want: dtype-changed

def ignored():
    return np.float32(3) + 3.0  # promote: ignore

# NumPy type strings: "i8" is int64 (not int8): 0x7ff0000000000001 fits.
nan_bits = np.array([0x7ff0000000000001], 'i8')
# ndmin=2 makes an array with dimensions, not a 0-d one (live 1.24:
# np.clip(np.array(1.0, ndmin=2, dtype=np.float32), 0, 1) is float32).
B = np.array(1.0, ndmin=2, dtype=np.float32)
clipped = np.clip(B, 0, 1)

def indexed():
    # x[0] may be a 0-d scalar or an array: NumPy 1.x's dtype depends on
    # it, but NumPy 2 raises either way (NEP 50: 300 does not fit uint8).
    x = np.array([1, 2], dtype=np.uint8)
    return x[0] + 300  # want: raises

def annotated_scalar(s: np.float32):
    # A NumPy scalar parameter: NEP 50 table, float32(3) + 3. case.
    return s * 3.0  # want: dtype-changed

def machine_eps():
    # np.finfo(np.float64).eps is a float64 scalar: NumPy 1.x gave it the
    # smallest dtype holding 2.2e-16 (float16), so a float32 array stayed
    # float32; NumPy 2 gives float64 (NEP 50 table, array + float64 case).
    x = np.ones(3, dtype=np.float32)
    eps = np.finfo(np.float64).eps
    return x + eps  # want: dtype-changed

def elements():
    # Iterating over a uint8 array gives uint8 elements (0-d scalars for a
    # 1-d array): NumPy 2 raises for + 300 either way.
    for v in np.zeros(3, dtype=np.uint8):
        w = v + 300  # want: raises
    big = np.iinfo(np.int16).max
    return np.zeros(2, dtype=np.int8) + big  # want: raises

def half_scale():
    return np.float32(0.5)

def uses_helper():
    # half_scale() always returns a float32 scalar: NEP 50 table,
    # float32(3) + 3. case, through a call of the module's own function.
    return half_scale() * 3.0  # want: dtype-changed

def maybe(flag):
    if flag:
        return np.float32(1)
    # falls off the end: may return None, so its calls are unknown

def uses_maybe():
    return maybe(1) * 3.0

at_module = half_scale() + 1.5  # want: dtype-changed

import struct

def read_uint32(f):
    return np.uint32(struct.unpack('>I', f.read(4))[0])

def record(f):
    # scipy.io's IDL reader (scipy/io/_idl.py, _read_record): a uint32
    # scalar times 2**32 raised OverflowError under NumPy 2.
    return read_uint32(f) * 2**32  # want: raises

def level_set(init):
    # np.int8 of a comparison is an array here (skimage morphsnakes): its
    # rank is unknown, and with dimensions both versions give int8.
    u = np.int8(init > 0)
    return 1 - u
