#!/usr/bin/env bash
# Conversion throughput past the last-level cache, promote beside PyTorch
# and NumPy in one run. promote bench sizes each pair's buffers from the
# cache it detects (both at least four times it) and times
# convert.Buffer against a same-size copy; then, for the pairs PyTorch
# (Debian's python3-torch) and NumPy (python3-numpy) convert, each converts
# the same element count, timed against its own copy of the same bytes in
# the same two buffers, every buffer written before timing (never-written
# memory is the zero page, which makes a copy of it look fast). Float sources hold N(0, 8^2)
# values, integer sources random bytes, in all three. Ratios are throughput
# (bytes read plus written) over the copy's, best of REPS runs each.
# Not part of CI; timings are never asserted.
#
#   scripts/bench-convert.sh [THREADS [PAIRS [REPS]]]
#
# PAIRS is a comma-separated SRC:DST list, "common" (the 169 pairs among
# f64, f32, f16, bf16, the integers and bool) or "small" (the f8, f6, f4
# formats and e8m0 to and from f32, bf16 and f16). Output: promote bench's
# TSV (with the cache size, memory speeds and per-pair ceilings), then one
# TSV row per pair with the three ratios side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-1}
pairs=${2:-f32:f16,f16:f32,f32:bf16,bf16:f32,f32:f64,f64:f32,f32:i32,i32:f32,u8:f32,f32:i8,f32:bool,f32:f8e4m3fn,f8e4m3fn:f32,f32:f8e5m2,f8e5m2:f32}
reps=${3:-5}
common="f64 f32 f16 bf16 i8 i16 i32 i64 u8 u16 u32 u64 bool"
small="f8e3m4 f8e4m3 f8e4m3fn f8e4m3fnuz f8e4m3b11fnuz f8e5m2 f8e5m2fnuz f6e2m3fn f6e3m2fn f4e2m1fn f8e8m0fnu"
case $pairs in
common) pairs=$(for s in $common; do for d in $common; do printf '%s:%s,' "$s" "$d"; done; done) ;;
small) pairs=$(for s in $small; do for d in f32 bf16 f16; do printf '%s:%s,%s:%s,' "$s" "$d" "$d" "$s"; done; done) ;;
esac
pairs=${pairs%,}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/promote" ./cmd/promote
"$tmp/promote" bench -threads "$threads" -reps "$reps" -pairs "$pairs" | tee "$tmp/promote.tsv"
if ! /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
  echo "# NumPy and PyTorch skipped: /usr/bin/python3 has no numpy (apt-get install python3-numpy python3-torch)"
  exit 0
fi
/usr/bin/python3 - "$threads" "$reps" "$tmp/promote.tsv" <<'PY'
import sys, time
import numpy as np
threads, reps, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
try:
    import torch
    torch.set_num_threads(threads)
except ImportError:
    torch = None

NP = {"f64": np.float64, "f32": np.float32, "f16": np.float16, "bool": np.bool_,
      "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
      "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64}
TORCH = {}
if torch is not None:
    TORCH = {"f64": torch.float64, "f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
             "bool": torch.bool, "i8": torch.int8, "i16": torch.int16, "i32": torch.int32,
             "i64": torch.int64, "u8": torch.uint8}  # torch 1.13 has no u16, u32, u64 or f8

rng = np.random.default_rng(1)
TILE = 1 << 16
FLOATS = {"f64", "f32", "f16", "bf16"}
normals = rng.standard_normal(TILE) * 8  # as promote bench: N(0, 8^2) for float sources
tile_bytes = rng.integers(0, 256, size=TILE * 8, dtype=np.uint8)  # integer sources: random bytes

def tiled(block, n):
    reps = -(-n // len(block))
    return np.tile(block, reps)[:n]

def measure(conv, copy, moved):
    # Interleaved, best of reps each, as promote bench does.
    tc, tp = float("inf"), float("inf")
    for _ in range(reps):
        t0 = time.perf_counter(); conv(); tc = min(tc, time.perf_counter() - t0)
        t0 = time.perf_counter(); copy(); tp = min(tp, time.perf_counter() - t0)
    return moved / tc / 1e9, moved / tp / 1e9  # GB/s of the conversion and of the copy

def source_block(a):
    """TILE elements of type a as a NumPy array (bf16: as f32 values)."""
    if a in FLOATS:
        return normals.astype(np.float32 if a == "bf16" else NP[a])
    block = tile_bytes[: TILE * np.dtype(NP[a]).itemsize].view(NP[a]).copy()
    if a == "bool":
        block = tile_bytes[:TILE] & 1
        return block.view(np.bool_)
    return block

# Each system's conversion and its copy anchor move data in the same two
# arenas (as promote bench does): on a virtual machine one buffer's memory
# can be a fifth slower than another's, run after run, so an anchor in
# buffers of its own would misjudge the conversion.
def numpy_ratio(a, b, n):
    if threads != 1 or a not in NP or b not in NP:
        return None  # NumPy's casts are single-threaded
    sb, db = n * np.dtype(NP[a]).itemsize, n * np.dtype(NP[b]).itemsize
    half = (sb + db) // 2
    sa = np.empty(max(sb, half), np.uint8); sa[:] = 1  # every byte written
    da = np.empty(max(db, half), np.uint8); da[:] = 1
    src, dst = sa[:sb].view(NP[a]), da[:db].view(NP[b])
    src[:] = tiled(source_block(a), n)
    return measure(lambda: np.copyto(dst, src, casting="unsafe"), lambda: np.copyto(da[:half], sa[:half]), sb + db)

def torch_ratio(a, b, n):
    if a not in TORCH or b not in TORCH:
        return None
    es = torch.empty(0, dtype=TORCH[a]).element_size()
    ed = torch.empty(0, dtype=TORCH[b]).element_size()
    sb, db = n * es, n * ed
    half = (sb + db) // 2
    sa = torch.empty(max(sb, half), dtype=torch.uint8); sa.fill_(1)
    da = torch.empty(max(db, half), dtype=torch.uint8); da.fill_(1)
    src, dst = sa[:sb].view(TORCH[a]), da[:db].view(TORCH[b])
    src.copy_(torch.from_numpy(tiled(source_block(a), n)).to(TORCH[a]))
    cs, cd = sa[:half], da[:half]
    return measure(lambda: dst.copy_(src), lambda: cd.copy_(cs), sb + db)

def fmt(r):
    # ratio (conversion GB/s / copy GB/s): a system's own copy speed differs
    # from Go's, so the absolute figures are shown beside the ratio.
    return "" if r is None else "%.2f (%.1f/%.1f)" % (r[0] / r[1], r[0], r[1])
print("# ratios to each system's own copy of the same bytes, same element count, %d thread(s), with (conversion GB/s / copy GB/s); NumPy only single-threaded" % threads)
print("pair\tn\tpromote\tceiling\tpytorch\tnumpy")
for line in open(path):
    if line.startswith("#") or line.startswith("pair\t"):
        continue
    f = line.rstrip("\n").split("\t")
    pair, n, ceiling = f[0], int(f[1]), f[7]
    ratio = "%s (%s/%s)" % (f[6], f[4], f[5])
    a, b = pair.split(":")
    if a == b:
        print("%s\t%d\t%s\t%s\t\t" % (pair, n, ratio, ceiling)); continue
    rt, rn = torch_ratio(a, b, n), numpy_ratio(a, b, n)
    print("%s\t%d\t%s\t%s\t%s\t%s" % (pair, n, ratio, ceiling, fmt(rt), fmt(rn)), flush=True)
PY
