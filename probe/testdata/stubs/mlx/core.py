__version__ = "0.0.stub"

import numpy as _np
import _np as _stub


class Dtype:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "mlx.core." + self.name


def __getattr__(name):
    try:
        _np.dtype(name)
    except TypeError:
        raise AttributeError(name)
    return Dtype(name)


def ones(shape, dtype):
    return _stub.Box(dtype.name, len(shape))


def add(a, b):
    r = _stub.add(a, b)
    return type("A", (), {"dtype": Dtype(r.dt.name)})()
