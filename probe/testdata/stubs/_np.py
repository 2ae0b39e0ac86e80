import numpy as np


def dtype_of(x):
    if isinstance(x, Box):
        return x.dt
    return x


class Box:
    """A tensor stand-in: a dtype and a rank."""

    def __init__(self, dt, rank):
        self.dt, self.rank = np.dtype(dt), rank
        self.dtype = self.dt

    def __add__(self, other):
        return add(self, other)

    def __radd__(self, other):
        return add(other, self)


def add(a, b):
    return Box(np.result_type(unbox(a), unbox(b)), 1)


def unbox(x):
    if isinstance(x, Box):
        return np.ones((1,) if x.rank else (), x.dt)
    return x
