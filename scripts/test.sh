#!/usr/bin/env bash
# The whole test suite: formatting, lints, every test of the default build, then the embedded
# model's real-model tests (built with the `embedded` feature) when the model is installed.
#
#   scripts/test.sh            everything
#   WIS_SKIP_EMBEDDED=1 scripts/test.sh   skip the embedded build and its tests
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "format"
cargo fmt --check

step "lints"
cargo clippy --all-targets -- -D warnings

step "tests (default build)"
if command -v cargo-nextest >/dev/null 2>&1; then
  cargo nextest run --no-fail-fast
  cargo test --doc
else
  cargo test
fi

if [ "${WIS_SKIP_EMBEDDED:-0}" = "1" ]; then
  echo "WIS_SKIP_EMBEDDED=1: skipping the embedded model's tests"
  exit 0
fi
step "embedded model (feature build and real-model tests)"
scripts/embedded-test.sh
