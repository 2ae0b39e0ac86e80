# Runs each line of standard input, a Python expression from a finding's
# "repro", under this interpreter's NumPy and prints one line per input:
# "ok DTYPE" (the result's dtype, or the dtype np.result_type returned),
# "ok -" (no dtype: a bool from np.can_cast) or "raise EXCEPTION".
# The first line printed is NumPy's version.
import sys
import warnings

import numpy as np

warnings.simplefilter("ignore")
print(np.__version__)
for line in sys.stdin:
    expr = line.rstrip("\n")
    try:
        r = eval(expr, {"np": np})
    except Exception as e:
        print("raise", type(e).__name__, flush=True)
        continue
    if isinstance(r, np.dtype):
        print("ok", r.name)
    elif hasattr(r, "dtype"):
        print("ok", r.dtype.name)
    else:
        print("ok -")
