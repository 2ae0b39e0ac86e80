#!/usr/bin/env bash
# Builds the live oracles the version tests compare promote with:
#
#   host      Debian bookworm's own python3-numpy (1.24) and python3-torch (1.13)
#   trixie    a debootstrap chroot with NumPy 2.2 and torch 2.6
#   sid       a debootstrap chroot with NumPy 2.4, torch 2.14 and ml_dtypes 0.5
#
# Usage (as root; Debian's packages are the only source):
#
#   scripts/live-oracles.sh            build whatever is missing
#   scripts/live-oracles.sh status     say which oracles are present
#   scripts/live-oracles.sh test       build, then run the oracle tests with
#                                      their full query sets
#
# A plain `go test ./...` runs the same tests when the oracles are present,
# with every pair and boundary literal but a fixed sample of the triples
# (and one GCC per standard), so that together they take well under a
# minute; `test` sets PROMOTE_EXHAUSTIVE=1 for every triple and every GCC
# (internal/oracle.Exhaustive), which takes a few minutes.
#
# The chroots live under $PROMOTE_ORACLES (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/promote/oracles), outside the repository;
# the tests find them there and skip, with a one-line reason, when one is
# absent. torch needs /proc inside a chroot while it runs: the tests mount it
# for the run and unmount it after (see internal/oracle), nothing stays
# mounted.
set -euo pipefail
cd "$(dirname "$0")/.."

root=${PROMOTE_ORACLES:-${XDG_CACHE_HOME:-$HOME/.cache}/promote/oracles}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
pkgs_trixie=python3-numpy,python3-torch
pkgs_sid=python3-numpy,python3-torch,python3-ml-dtypes

need_root() {
  if [ "$(id -u)" != 0 ]; then
    echo "live-oracles: building a chroot needs root (debootstrap)" >&2
    exit 2
  fi
}

host() {
  if ! /usr/bin/python3 -c 'import numpy, torch' 2>/dev/null; then
    need_root
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-numpy python3-torch >/dev/null
  fi
}

suite() { # suite NAME PACKAGES
  local name=$1 pkgs=$2 dir=$root/$1
  if [ -x "$dir/usr/bin/python3" ] && [ -e "$dir/.promote-complete" ]; then
    return 0
  fi
  need_root
  command -v debootstrap >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
  mkdir -p "$root"
  # A half-built chroot from an interrupted run is thrown away, not reused.
  rm -rf "$dir.partial"
  echo "live-oracles: building $name in $dir (this downloads about a gigabyte)" >&2
  debootstrap --variant=minbase --include="$pkgs" "$name" "$dir.partial" "$mirror" >&2
  touch "$dir.partial/.promote-complete"
  rm -rf "$dir"
  mv "$dir.partial" "$dir"
}

status() {
  printf 'host\t'
  /usr/bin/python3 -c 'import numpy, torch; print("numpy", numpy.__version__, "torch", torch.__version__)' 2>/dev/null || echo absent
  for s in trixie sid; do
    printf '%s\t' "$s"
    if [ -e "$root/$s/.promote-complete" ]; then
      chroot "$root/$s" python3 -c 'import numpy; print("numpy", numpy.__version__, end=" ")
try:
    import ml_dtypes; print("ml_dtypes", ml_dtypes.__version__, end=" ")
except ImportError: pass
print()' 2>/dev/null || echo broken
      # torch's version without importing it (importing needs /proc)
      ls "$root/$s"/usr/lib/python3/dist-packages | grep -E '^torch-.*\.(dist|egg)-info$' | sed 's/^/  /' || true
    else
      echo absent
    fi
  done
}

case "${1:-build}" in
  build) host; suite trixie "$pkgs_trixie"; suite sid "$pkgs_sid"; status ;;
  status) status ;;
  test)
    host; suite trixie "$pkgs_trixie"; suite sid "$pkgs_sid"
    PROMOTE_ORACLES=$root PROMOTE_EXHAUSTIVE=1 go test -count=1 -timeout 30m -run 'Live|Oracle|GCC' ./... ;;
  *) echo "usage: $0 [build|status|test]" >&2; exit 2 ;;
esac
