#!/usr/bin/env bash
# Dequantizing a multi-gigabyte sharded FP8 checkpoint (DeepSeek-V3's
# layout: f8e4m3fn weights with 128x128 block weight_scale_inv, made by
# checkpoint/internal/genckpt) to bf16 with `promote dequant`, timed in
# the same run beside:
#   cp -r of the input (the bytes dequant reads),
#   cp -r of the output (the bytes dequant writes),
#   cp -r followed by sync, beside the default dequant (which fsyncs),
#   iofloor (checkpoint/internal/iofloor): the same reads and writes as
#   dequant, converting nothing (output twice the input, four times for
#   LAYOUT=mxfp4): the least any dequantizer spends on them here,
#   the reference CPU path: PyTorch computing the same dequantization
#   (scripts/ckpt_torch_ref.py) in the trixie chroot's torch, when present.
# Wall time and peak RSS from /usr/bin/time; medians over RUNS, which
# alternate the contenders with the page cache warm. Not part of CI;
# timings are never asserted.
#
# Usage: scripts/ckpt-bench.sh [GiB] [RUNS] [THREADS]
# LAYOUT=mxfp4 makes the checkpoint as gpt-oss ships MXFP4 (experts'
# *_blocks and *_scales, dequantized to bf16 and transposed) instead of
# DeepSeek-V3's FP8; the PyTorch path then computes transformers'
# convert_moe_packed_tensors. LAYOUT=v4 (DeepSeek-V4's packed FP4 routed
# experts), v4dense (its FP8 projections with E8M0 tile scales) and
# nvfp4 (ModelOpt) make those layouts; the PyTorch path is skipped for
# them (TORCH=0 implied: ckpt_torch_ref.py computes V3 and gpt-oss only).
# Files live in $BENCH_DIR (default /tmp/promote-ckpt-bench; a tmpfs such
# as /dev/shm/... takes the disk and its writeback throttling out of the
# comparison, at the cost of RAM: the input plus twice its size twice);
# the chroots under $PROMOTE_ORACLES (default ~/.cache/promote/oracles);
# TORCH=0 skips the PyTorch path. BASE=path/to/another/promote adds that
# build's `dequant -nosync` to every run (before/after in the same run).
#
# WARM=1 writes and deletes twice the input's size (for LAYOUT=mxfp4,
# whose output is four times its input, five times) in $BENCH_DIR before
# each timed command. On a virtual machine whose guest hands freed pages
# back to the host (virtio-balloon free page reporting), a command that
# writes into memory the host has taken back pays for every new page:
# there `cp -r` of dequant's output (2 GiB) took 6.4 s on tmpfs against
# 0.9 s for the same copy repeated at once, and reading that output back
# took 0.25 s. The cost is the page allocation of whichever command runs
# first after memory was freed, not the files; WARM puts every contender
# on the same footing.
set -euo pipefail
cd "$(dirname "$0")/.."
gib=${1:-4}
runs=${2:-3}
threads=${3:-$(nproc)}
dir=${BENCH_DIR:-/tmp/promote-ckpt-bench}
mkdir -p "$dir"
go build -o "$dir/promote" ./cmd/promote
go build -o "$dir/genckpt" ./checkpoint/internal/genckpt
go build -o "$dir/iofloor" ./checkpoint/internal/iofloor
layout=${LAYOUT:-deepseek}
case $layout in
  deepseek) in=$dir/fp8 ;;
  mxfp4|v4|v4dense|nvfp4) in=$dir/$layout ;;
  *) echo "ckpt-bench.sh: LAYOUT=$layout: want deepseek, mxfp4, v4, v4dense or nvfp4" >&2; exit 2 ;;
esac
[ -d "$in" ] || "$dir/genckpt" -o "$in" -gib "$gib" -shards 8 -layout "$layout"
# Output bytes per input byte: 2 for FP8 to bf16, 4 for packed FP4.
warmgib=$(( 2 * gib ))
floorx=2
case $layout in mxfp4|v4|nvfp4) warmgib=$(( 5 * gib )); floorx=4 ;; esac
cat "$in"/* > /dev/null

# Before each timed command: the previous one's dirty pages written back
# (on a disk, a command that follows a copy otherwise competes with its
# writeback), and WARM.
warm() {
  sync
  if [ "${WARM:-0}" = 1 ]; then
    dd if=/dev/zero of="$dir/warm" bs=1M count=$(( warmgib * 1024 )) status=none
    rm -f "$dir/warm"
  fi
}
t() { warm; /usr/bin/time -f '%e %M' -o "$dir/time" "$@" > /dev/null 2> "$dir/err"; tail -1 "$dir/time"; }
clean() { rm -rf "$dir/cp" "$dir/cpout" "$dir/bf16" "$dir/bf16s" "$dir/bf16b" "$dir/floor"; sync; }

printf 'run\tcp_in_s\tcp_out_s\tdequant_nosync_s\tmaxrss_MiB\tcp_in_sync_s\tdequant_s\tbase_nosync_s\tbase_maxrss_MiB\tiofloor_s\n'
: > "$dir/runs.tsv"
for i in $(seq "$runs"); do
  clean
  base="0 0"
  if [ -n "${BASE:-}" ] && [ $((i % 2)) = 0 ]; then # alternate which build goes first
    base=$(t "$BASE" dequant -nosync -threads "$threads" "$in" -o "$dir/bf16b"); rm -rf "$dir/bf16b"
  fi
  cpin=$(t cp -r "$in" "$dir/cp")
  dq=$(t "$dir/promote" dequant -nosync -threads "$threads" "$in" -o "$dir/bf16")
  cpout=$(t cp -r "$dir/bf16" "$dir/cpout")
  clean
  if [ -n "${BASE:-}" ] && [ $((i % 2)) = 1 ]; then
    base=$(t "$BASE" dequant -nosync -threads "$threads" "$in" -o "$dir/bf16b"); rm -rf "$dir/bf16b"
  fi
  floor=$(t "$dir/iofloor" -x "$floorx" -threads "$threads" -o "$dir/floor" "$in"); rm -rf "$dir/floor"
  cpsync=$(t sh -c "cp -r '$in' '$dir/cp' && sync")
  dqs=$(t "$dir/promote" dequant -threads "$threads" "$in" -o "$dir/bf16s")
  printf '%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "${cpin% *}" "${cpout% *}" "${dq% *}" "$(( ${dq#* } / 1024 ))" "${cpsync% *}" "${dqs% *}" "${base% *}" "$(( ${base#* } / 1024 ))" "${floor% *}" | tee -a "$dir/runs.tsv"
done
clean
awk '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
    return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2 }
  { a[NR] = $2; b[NR] = $3; c[NR] = $4; if ($5 > m) m = $5; d[NR] = $6; e[NR] = $7; f[NR] = $8; if ($9 > bm) bm = $9; g[NR] = $10 }
  END {
    ci = median(a, NR); co = median(b, NR); dq = median(c, NR); cs = median(d, NR); ds = median(e, NR); bs = median(f, NR); fl = median(g, NR)
    printf "median\t%.2f\t%.2f\t%.2f\t%d (max)\t%.2f\t%.2f\t%.2f\t%d (max)\t%.2f\n", ci, co, dq, m, cs, ds, bs, bm, fl
    printf "dequant -nosync / cp -r of the input: %.2f\n", dq / ci
    printf "iofloor (no conversion) / cp -r of the input: %.2f\n", fl / ci
    printf "dequant -nosync / iofloor: %.2f\n", dq / fl
    printf "dequant -nosync / cp -r of the output: %.2f\n", dq / co
    printf "dequant (fsync) / cp -r + sync of the input: %.2f\n", ds / cs
    if (bs > 0) printf "BASE dequant -nosync / cp -r of the input: %.2f\n", bs / ci
  }' "$dir/runs.tsv" | tee "$dir/summary.txt"

# The reference CPU path, once, in the trixie chroot.
root=${PROMOTE_ORACLES:-$HOME/.cache/promote/oracles}/trixie
case $layout in v4|v4dense|nvfp4) TORCH=0 ;; esac
if [ "${TORCH:-1}" = 0 ]; then
  echo "torch reference path: skipped (TORCH=0)"
elif [ -f "$root/.promote-complete" ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$root/mnt/bench"
  cp scripts/ckpt_torch_ref.py "$dir/"
  exec 9> "$root/.promote-lock"
  flock 9
  procmounted=0
  mountpoint -q "$root/proc" || { mount -t proc proc "$root/proc"; procmounted=1; }
  mount --bind "$dir" "$root/mnt/bench"
  trap 'umount "$root/mnt/bench"; [ $procmounted = 1 ] && umount "$root/proc"; true' EXIT
  rm -rf "$dir/torchout"
  tr=$(t chroot "$root" /usr/bin/python3 /mnt/bench/ckpt_torch_ref.py "/mnt/bench/$(basename "$in")" /mnt/bench/torchout "$threads")
  rm -rf "$dir/torchout"
  dq=$(awk '/^median/ { print $4 }' "$dir/summary.txt")
  awk -v th="$threads" -v tr="$tr" -v dq="$dq" 'BEGIN { split(tr, a, " ");
    printf "torch reference path (trixie, %s threads): %.2f s, %d MiB peak; torch / promote dequant -nosync: %.1f\n", th, a[1], a[2] / 1024, a[1] / dq }' 
else
  echo "torch reference path: skipped (no trixie chroot at $root, or not root)"
fi
