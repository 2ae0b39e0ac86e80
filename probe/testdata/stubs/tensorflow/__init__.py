import numpy as _np
import _np as _stub

__version__ = "0.0.stub"


def as_dtype(name):
    return _np.dtype(name)


def ones(shape, dtype):
    return _stub.Box(dtype, len(shape))


class config:
    @staticmethod
    def set_visible_devices(devices, kind):
        pass


class math:
    @staticmethod
    def add(a, b):
        return _stub.add(a, b)
