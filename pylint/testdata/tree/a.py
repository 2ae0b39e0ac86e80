# Aliases and assignments hide each NEP 50 case; every line with a finding
# is one NumPy 1.x and NumPy 2 disagree on (NEP 50's table,
# doc/neps/nep-0050-scalar-promotion.rst).
import numpy as np

scale = np.float32(0.5)
ratio = scale * 2.0
pixels = np.zeros((4, 4), dtype=np.uint8)
brighter = pixels + 300
pixels += np.int16(5)
ok = pixels + 1  # same in both: uint8
quiet = scale * 2.0  # promote: ignore
