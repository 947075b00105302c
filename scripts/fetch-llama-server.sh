#!/usr/bin/env bash
# Builds a real llama-server (llama.cpp's OpenAI-compatible HTTP server) and installs it into
# wis's data directory:
#
#   ${WIS_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/wis}/bin/llama-server
#
# wis's production path is such a server ([llm] url); the experience curve's larger arm
# ([curve.arms.naive-large]) is one too. This server is what tests/llama_server.rs runs the
# curve against, serving the embedded GGUF under a second name, so the wiring of a second
# model is checked against the real server rather than only a fake one.
#
# The source comes from PyPI: the `llama-cpp-python` source distribution carries llama.cpp
# whole, the server included. It is fetched with `pip download --no-deps` and checked against
# its pinned SHA-256; only its llama.cpp tree is unpacked, and only the `llama-server` target
# is built (CPU, no web UI, no TLS, no curl): about 5 minutes on 2 cores, once.
#
# Idempotent: a server already installed from the pinned source is left alone. A failed build
# changes nothing in the data directory.
#
# Usage: scripts/fetch-llama-server.sh     installs (or confirms) the server; prints its path
# Env:   WIS_DATA_DIR                      where wis keeps its data (as for `wis`)
#        PIP                               the pip command to use (default: pip3, pip, or
#                                          python3 -m pip, whichever exists)
#        JOBS                              parallel compile jobs (default: the number of cores)
set -euo pipefail

readonly PACKAGE="llama-cpp-python==0.3.36"
readonly SDIST_SHA256="832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e"
readonly IN_SDIST="llama_cpp_python-0.3.36/vendor/llama.cpp"

WORK=""
cleanup() { [ -z "$WORK" ] || rm -rf "$WORK"; }
trap cleanup EXIT

FETCH_NAME=fetch-llama-server
. "$(dirname "${BASH_SOURCE[0]}")/lib/fetch.sh"

main() {
    command -v sha256sum >/dev/null 2>&1 || die "sha256sum is not installed" "install coreutils"
    command -v cmake >/dev/null 2>&1 || die "cmake is not installed" "run scripts/install-deps.sh"
    local bin target stamp
    bin="$(data_dir)/bin"
    target="$bin/llama-server"
    stamp="$target.source"
    if [ -x "$target" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$PACKAGE $SDIST_SHA256" ] &&
        "$target" --version >/dev/null 2>&1; then
        say "already installed from $PACKAGE"
        printf '%s\n' "$target"
        return 0
    fi

    WORK="$(mktemp -d "${TMPDIR:-/tmp}/wis-fetch-llama-server.XXXXXX")"
    local work="$WORK" pip
    pip="$(pip_cmd)"
    say "downloading the source of $PACKAGE from PyPI"
    # shellcheck disable=SC2086 # $pip may be "python3 -m pip".
    $pip download --quiet --disable-pip-version-check --no-deps --no-binary=:all: \
        --dest "$work/src" "$PACKAGE" ||
        die "pip download failed" "check that PyPI is reachable, then run this script again"
    local sdists=("$work"/src/*.tar.gz)
    [ -f "${sdists[0]}" ] && [ "${#sdists[@]}" = 1 ] ||
        die "pip did not leave the one source archive expected in $work/src"
    local sum
    sum="$(sha256sum "${sdists[0]}" | cut -d' ' -f1)"
    [ "$sum" = "$SDIST_SHA256" ] || die "source checksum mismatch: got $sum, expected $SDIST_SHA256" \
        "run this script again; if it persists, the package on PyPI has changed"
    tar -xzf "${sdists[0]}" -C "$work" "$IN_SDIST" || die "could not unpack ${sdists[0]}"

    local src="$work/$IN_SDIST" jobs="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
    say "configuring llama.cpp (log: $work/build.log)"
    cmake -S "$src" -B "$src/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
        -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON \
        -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF \
        >"$work/build.log" 2>&1 || {
        tail -20 "$work/build.log" >&2
        die "cmake could not configure llama.cpp" "run scripts/install-deps.sh, then this script again"
    }
    say "building llama-server with $jobs jobs (about 5 minutes on 2 cores)"
    local started=$SECONDS
    cmake --build "$src/build" --target llama-server -j "$jobs" >>"$work/build.log" 2>&1 || {
        tail -20 "$work/build.log" >&2
        die "the llama-server build failed" "the lines above say why"
    }
    "$src/build/bin/llama-server" --version >/dev/null 2>&1 ||
        die "the built llama-server does not run"

    mkdir -p "$bin"
    cp "$src/build/bin/llama-server" "$target.partial.$$"
    mv "$target.partial.$$" "$target"
    printf '%s\n' "$PACKAGE $SDIST_SHA256" >"$stamp"
    say "installed llama-server (built in $((SECONDS - started)) s); llama.cpp is under the MIT licence"
    printf '%s\n' "$target"
}

main "$@"
