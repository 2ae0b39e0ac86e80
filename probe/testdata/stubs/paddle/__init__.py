import _np as _stub

__version__ = "0.0.stub"


def set_device(name):
    pass


class _Tensor(_stub.Box):
    def __add__(self, other):
        r = _stub.add(self, other)
        return type("T", (), {"dtype": "paddle." + r.dt.name})()

    __radd__ = __add__


def ones(shape, dtype):
    return _Tensor(dtype, len(shape))
