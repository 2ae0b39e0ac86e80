from numpy import float64, ones
import numpy.typing as npt
import numpy as np


def weights(x: npt.NDArray[np.float16]) -> npt.NDArray[np.float16]:
    return x.astype(np.float32) * float64(0.1)


def table():
    t = ones(8, dtype="f4")
    return t - float64(1e-3)
