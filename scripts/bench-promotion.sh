#!/usr/bin/env bash
# Measures promote's promotion cost next to NumPy's and PyTorch's on this
# machine, in one run, and prints the ratios (TSV). Needs Debian's
# python3-numpy and python3-torch for the anchors; without them it prints
# promote's figures alone. Not part of CI: timings are never asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
py=/usr/bin/python3
anchors() {
  "$py" - <<'PY' 2>/dev/null || true
import timeit
def ns(stmt, setup, n=200000):
    return min(timeit.repeat(stmt, setup, number=n, repeat=5)) / n * 1e9
try:
    import numpy as np
    print("numpy.promote_types(int32, float32)\t%.1f" % ns("p(a, b)", "import numpy as np; p=np.promote_types; a=np.dtype('int32'); b=np.dtype('float32')"))
    print("numpy.result_type(4 arrays)\t%.1f" % ns("r(a, b, a, b)", "import numpy as np; r=np.result_type; a=np.zeros(2, np.int32); b=np.zeros(2, np.float32)"))
except ImportError:
    pass
try:
    import torch
    print("torch.promote_types(int32, float32)\t%.1f" % ns("p(a, b)", "import torch; p=torch.promote_types; a=torch.int32; b=torch.float32"))
    print("torch.result_type(tensor, tensor)\t%.1f" % ns("r(x, y)", "import torch; r=torch.result_type; x=torch.zeros(2, dtype=torch.int32); y=torch.zeros(2, dtype=torch.float32)"))
except ImportError:
    pass
PY
}
go test -run='^$' -bench='PromoteTypes|Result4' -count=1 ./rules/ | awk '/^Benchmark/ {sub(/-[0-9]+$/, "", $1); print $1 "\t" $3}' > /tmp/promote-bench.tsv
anchors > /tmp/promote-anchors.tsv
echo -e "measure\tns/op"
cat /tmp/promote-bench.tsv /tmp/promote-anchors.tsv
np=$(awk -F'\t' '/^numpy.promote_types/ {print $2}' /tmp/promote-anchors.tsv)
th=$(awk -F'\t' '/^torch.promote_types/ {print $2}' /tmp/promote-anchors.tsv)
if [ -n "$np$th" ]; then
  echo
  echo -e "promote PromoteTypes\tns/op\tnumpy.promote_types / it\ttorch.promote_types / it"
  awk -F'\t' -v np="$np" -v th="$th" '/PromoteTypes/ {printf "%s\t%s\t%s\t%s\n", $1, $2, (np ? sprintf("%.0fx", np/$2) : "-"), (th ? sprintf("%.0fx", th/$2) : "-")}' /tmp/promote-bench.tsv
fi
