import numpy as _np
import _np as _stub

__version__ = "0.0.stub"


class _DType:
    def __init__(self, name, np_name=None):
        self.name, self.np = name, np_name or name


class dtypes:
    pass


for _n in ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
           "float16", "float32", "float64"]:
    setattr(dtypes, _n, _DType(_n))
# tinygrad's fp8 attributes, whose .name is no attribute (float8_e4m3 is
# dtypes.fp8e4m3); stood in for by float16.
for _n, _name in [("fp8e4m3", "float8_e4m3"), ("fp8e5m2", "float8_e5m2"),
                  ("fp8e4m3fnuz", "float8_e4m3fnuz"), ("fp8e5m2fnuz", "float8_e5m2fnuz")]:
    setattr(dtypes, _n, _DType(_name, "float16"))


class Tensor(_stub.Box):
    @staticmethod
    def ones(*shape, dtype):
        return Tensor(dtype.np, len(shape))

    def __add__(self, other):
        return type("T", (), {"dtype": _DType(_stub.add(self, other).dt.name)})()

    __radd__ = __add__
