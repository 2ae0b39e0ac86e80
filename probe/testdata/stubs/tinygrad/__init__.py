import numpy as _np
import _np as _stub

__version__ = "0.0.stub"


class _DType:
    def __init__(self, name):
        self.name = name


class dtypes:
    pass


for _n in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float16", "float32", "float64"]:
    setattr(dtypes, _n, _DType(_n))


class Tensor(_stub.Box):
    @staticmethod
    def ones(*shape, dtype):
        return Tensor(dtype.name, len(shape))

    def __add__(self, other):
        return type("T", (), {"dtype": _DType(_stub.add(self, other).dt.name)})()

    __radd__ = __add__
