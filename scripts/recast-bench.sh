#!/usr/bin/env bash
# Times `promote recast -to bf16` of a 1 GiB f32 .safetensors file next to
# `cp` of the same file, alternating, and prints wall time and peak RSS
# (from /usr/bin/time) for each run, with the ratio. The goal (issue 5):
# recast within 1.5x of cp, peak memory under 2x the largest tensor
# (256 MiB here). Not part of CI; timings are never asserted.
#
# Usage: scripts/recast-bench.sh [RUNS] [extra recast flags...]
# Needs /usr/bin/time and python3 with NumPy (Debian's python3-numpy) to
# make the input once; the files live in $BENCH_DIR (default
# /tmp/promote-recast-bench).
# BASE=path/to/another/promote adds that build's recast to every run,
# alternating which goes first (before/after in the same run); WARM=1
# writes and deletes 2 GiB before each timed command, for virtual
# machines that hand freed memory back to the host (see ckpt-bench.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
dir=${BENCH_DIR:-/tmp/promote-recast-bench}
mkdir -p "$dir"
go build -o "$dir/promote" ./cmd/promote
in=$dir/in.safetensors
if [ ! -f "$in" ]; then
  /usr/bin/python3 - "$in" <<'PY'
import json, struct, sys
import numpy as np
# Four 8192x8192 f32 matrices (256 MiB each) and a small i64 tensor: 1 GiB.
rng = np.random.default_rng(0)
names = ["layers.%d.weight" % i for i in range(4)]
n = 8192 * 8192
header, off = {"__metadata__": {"format": "pt"}}, 0
# The reference writer's order: I64 before F32, then by name.
header["step"] = {"dtype": "I64", "shape": [1], "data_offsets": [0, 8]}
off = 8
for name in names:
    header[name] = {"dtype": "F32", "shape": [8192, 8192], "data_offsets": [off, off + 4 * n]}
    off += 4 * n
js = json.dumps(header, separators=(",", ":")).encode()
js += b" " * (-len(js) % 8)
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<Q", len(js)) + js)
    f.write(struct.pack("<q", 1234))
    for _ in names:
        f.write(rng.standard_normal(n, dtype=np.float32).tobytes())
PY
fi
cat "$in" > /dev/null # page cache warm for both contenders
# Before each timed command: the previous one's dirty pages written back,
# and WARM.
warm() {
  sync
  if [ "${WARM:-0}" = 1 ]; then
    dd if=/dev/zero of="$dir/warm" bs=1M count=2048 status=none
    rm -f "$dir/warm"
  fi
}
timed() { warm; { /usr/bin/time -f '%e %M' "$@" ; } 2>&1 | tail -1; }
printf 'run\tcp_s\tcp_maxrss_MiB\trecast_s\trecast_maxrss_MiB\tratio\tbase_s\tbase_ratio\n'
: > "$dir/runs.tsv"
for i in $(seq "$runs"); do
  sync
  b_t="0 0"
  if [ -n "${BASE:-}" ] && [ $((i % 2)) = 0 ]; then
    b_t=$(timed "$BASE" recast -to bf16 "$@" "$in" -o "$dir/base.safetensors"); rm -f "$dir/base.safetensors"
  fi
  cp_t=$(timed cp "$in" "$dir/cp.out")
  rm -f "$dir/cp.out"
  sync
  rc_t=$(timed "$dir/promote" recast -to bf16 "$@" "$in" -o "$dir/out.safetensors")
  rm -f "$dir/out.safetensors"
  if [ -n "${BASE:-}" ] && [ $((i % 2)) = 1 ]; then
    b_t=$(timed "$BASE" recast -to bf16 "$@" "$in" -o "$dir/base.safetensors"); rm -f "$dir/base.safetensors"
  fi
  awk -v i="$i" -v c="$cp_t" -v r="$rc_t" -v b="$b_t" 'BEGIN { split(c, a, " "); split(r, x, " "); split(b, y, " ");
    printf "%d\t%.2f\t%.0f\t%.2f\t%.0f\t%.2f\t%.2f\t%.2f\n", i, a[1], a[2]/1024, x[1], x[2]/1024, (a[1] > 0 ? x[1]/a[1] : 0), y[1], (a[1] > 0 ? y[1]/a[1] : 0) }' | tee -a "$dir/runs.tsv"
done
# Medians: the machine may be shared, so single runs are noisy.
awk '{ c[NR] = $2; r[NR] = $4; if ($5 > m) m = $5; b[NR] = $7 }
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2 }
  END { mc = median(c, NR); mr = median(r, NR); mb = median(b, NR)
    printf "median\t%.2f\t\t%.2f\t%d (max)\t%.2f\t%.2f\t%.2f\n", mc, mr, m, (mc > 0 ? mr/mc : 0), mb, (mc > 0 ? mb/mc : 0) }' "$dir/runs.tsv"
