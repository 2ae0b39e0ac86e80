import numpy as _np


def backend():
    return "numpy"


def floatx():
    return "float32"


def result_type(*dtypes):
    conv = {int: 1, float: 1.0, bool: True, complex: 1j}
    return _np.result_type(*[conv.get(d, d) for d in dtypes]).name
