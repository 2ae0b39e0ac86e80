#!/usr/bin/env bash
# Runs the conversion kernels' exactness tests as arm64 code under
# qemu-user (the NEON kernels against their pure-Go twins and the math/big
# reference). Needs a binfmt_misc registration for aarch64 binaries, as
# Debian's qemu-user-static and binfmt-support provide; without one it
# says so and exits 0. Arguments replace the default package list, e.g.
# scripts/test-arm64.sh ./convert/... Exactness only: timings under
# emulation say nothing about an arm64 machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  echo "skipped: no qemu-aarch64 binfmt_misc registration (apt-get install qemu-user-static binfmt-support)"
  exit 0
fi
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./convert/internal/kernels/)
GOARCH=arm64 go test -short -timeout 30m "${pkgs[@]}"
