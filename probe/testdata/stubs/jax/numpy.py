import numpy as _np

# np.dtype refuses a name NumPy's registry lacks, as jnp.dtype does
# ("data type 'float8_e4m3b11' not understood").
dtype = _np.dtype
result_type = _np.result_type


class _Shape:
    def __init__(self, dt):
        self.dtype = _np.dtype(dt)


def add(a, b):
    return _Shape(_np.result_type(a, b))
