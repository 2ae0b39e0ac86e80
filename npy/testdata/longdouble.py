# Writes the longdouble fixtures of longdouble_test.go with NumPy on x86-64
# Linux (run with Debian's /usr/bin/python3 and python3-numpy, NumPy 1.24):
#   cd npy/testdata && /usr/bin/python3 longdouble.py
# The values are the decimal strings of longdouble.tsv, read by NumPy's
# own string-to-longdouble conversion (strtold: subnormal results raise a
# RuntimeWarning about ERANGE, silenced here; the values are right).
import warnings

import numpy as np

assert np.finfo(np.longdouble).nmant == 63, "longdouble is not the x87 format here"
with open("longdouble.tsv") as f:
    vals = [line.strip() for line in f if line.strip() and not line.startswith("#")]
with warnings.catch_warnings():
    warnings.simplefilter("ignore", RuntimeWarning)
    a = np.array([np.longdouble(v) for v in vals], dtype=np.longdouble)
np.save("longdouble.npy", a)
np.save("longdouble_be_2d.npy", a[:12].reshape(3, 4).astype(">g"))
np.save("longdouble_fortran.npy", np.asfortranarray(a[:12].reshape(3, 4)))
c = np.zeros(len(a) - 1, dtype=np.clongdouble)
c.real = a[:-1]
c.imag = a[1:][::-1]
np.save("clongdouble.npy", c)
