#!/usr/bin/env bash
# Conversion throughput: promote bench (ratio to a same-size copy measured
# in the same run) and, in the same run, NumPy's and PyTorch's conversions
# of the same pairs as ratios to their own copy of the same bytes, when
# Debian's python3-numpy and python3-torch are installed. TSV. Not part of
# CI; timings are never asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-1}
go build -o /tmp/promote-bench ./cmd/promote
/tmp/promote-bench bench -threads "$threads" -pairs f32:f16,f16:f32,f32:bf16,bf16:f32,f32:f64,f64:f32,f32:i32,i32:f32,u8:f32,f32:f8e4m3fn,f8e4m3fn:f32
/usr/bin/python3 - "$threads" <<'PY' 2>/dev/null || true
import sys, time
n = 16 * 1024 * 1024
def best(f, reps=5):
    t = min(timeit(f) for _ in range(reps))
    return t
def timeit(f):
    t0 = time.perf_counter(); f(); return time.perf_counter() - t0
rows = []
try:
    import numpy as np
    for a, b in [("float32", "float16"), ("float16", "float32"), ("float32", "float64")]:
        src = np.ones(n, a); dst = np.empty(n, b)
        moved = src.nbytes + dst.nbytes
        c1 = np.empty(moved // 2, np.uint8); c2 = np.empty(moved // 2, np.uint8)
        conv = best(lambda: np.copyto(dst, src, casting="unsafe"))
        cp = best(lambda: np.copyto(c2, c1))
        rows.append(("numpy %s:%s" % (a, b), moved / conv / 1e9, moved / cp / 1e9))
except ImportError:
    pass
try:
    import torch
    torch.set_num_threads(int(sys.argv[1]))
    for a, b in [(torch.float32, torch.float16), (torch.float16, torch.float32), (torch.float32, torch.bfloat16)]:
        src = torch.ones(n, dtype=a); dst = torch.empty(n, dtype=b)
        moved = src.element_size() * n + dst.element_size() * n
        c1 = torch.empty(moved // 2, dtype=torch.uint8); c2 = torch.empty(moved // 2, dtype=torch.uint8)
        conv = best(lambda: dst.copy_(src))
        cp = best(lambda: c2.copy_(c1))
        rows.append(("torch %s:%s" % (str(a)[6:], str(b)[6:]), moved / conv / 1e9, moved / cp / 1e9))
except ImportError:
    pass
for name, g, c in rows:
    print("%s\t%.2f GB/s\tcopy %.2f GB/s\tratio %.2f" % (name, g, c, g / c))
PY
