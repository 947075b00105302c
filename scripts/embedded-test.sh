#!/usr/bin/env bash
# The embedded model's tests: build wis with the `embedded` feature (llama.cpp compiled from
# source the first time, a few minutes) and run the real-model tests on the base Gemma 3 270M
# that scripts/fetch-model.sh installs. Set WIS_TEST_REQUIRE_MODEL=1 to fail, rather than
# skip, when the model is missing (CI does).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --features embedded --all-targets
cargo test --features embedded --lib -- mind::
cargo test --features embedded --test embedded --test embedded_ticks -- --nocapture
# Three creatures in a cast, 30 cast ticks on the real model: the law, the scene, maintenance.
cargo test --features embedded --test embedded_cast -- --nocapture
# The model fetch script's tests live in the integration suite; with the model installed, the
# one that checks an installed model is left alone runs instead of skipping.
cargo test --features embedded --test suite fetch_model -- --nocapture
# Counterfactual replay on the real model: the same seed gives the same report.
cargo test --features embedded --test embedded_replay -- --nocapture
# The experience curve's larger arm on a real llama-server serving the embedded GGUF under a
# second name: the arm runs, its compute is recorded, a mislabelled arm is refused. Skips
# unless scripts/fetch-llama-server.sh has built the server (CI builds it and requires it).
cargo test --features embedded --test llama_server -- --nocapture
# A dream on the real model: one cluster of told facts compressed into one kept line.
cargo test --features embedded --test embedded_dream -- --nocapture
# The experience curve on the real model: a fixture creature told the facts that answer part
# of battery v1 and with verified fixes lived for its procedure tasks (scripts/curve_fixture.sh).
# Memory must buy a gain of at least 0.3 of the battery with a 95% interval wholly above zero
# (on this model the facts answer 6 tasks and the lived fixes 5, a gain of 0.5; each part alone
# answers fewer than 0.3 of the battery), or the build fails: a change that stops
# wisdom from reaching the prompt fails here.
fixture="$(mktemp -d)/fixture"
scripts/curve_fixture.sh "$fixture" target/debug/wis
target/debug/wis --home "$fixture" curve run --min-gain 0.3
