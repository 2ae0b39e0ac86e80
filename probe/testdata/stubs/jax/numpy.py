import numpy as _np

dtype = _np.dtype
result_type = _np.result_type
