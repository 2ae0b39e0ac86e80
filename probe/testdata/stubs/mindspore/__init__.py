import numpy as _np
import _np as _stub

__version__ = "0.0.stub"


def set_context(**kw):
    pass


class _DT:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name.capitalize()


def __getattr__(name):
    try:
        _np.dtype(name)
    except TypeError:
        raise AttributeError(name)
    return _DT(name)


class ops:
    @staticmethod
    def ones(shape, dt):
        return _stub.Box(dt.name, len(shape))

    @staticmethod
    def add(a, b):
        return type("T", (), {"dtype": _DT(_stub.add(a, b).dt.name)})()
