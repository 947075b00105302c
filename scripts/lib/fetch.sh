# Helpers the fetch scripts share (scripts/fetch-*.sh source this file; it runs nothing).
# The sourcing script sets FETCH_NAME (how its messages begin) first.

say() { printf '%s: %s\n' "$FETCH_NAME" "$*" >&2; }

# Prints an error and a hint, and exits 1.
die() {
    say "error: $1"
    [ $# -gt 1 ] && printf 'hint: %s\n' "$2" >&2
    exit 1
}

# wis's data directory, found as `wis` finds it (`home::data_dir`).
data_dir() {
    if [ -n "${WIS_DATA_DIR:-}" ]; then
        printf '%s\n' "$WIS_DATA_DIR"
    elif [ -n "${XDG_DATA_HOME:-}" ] && [ "${XDG_DATA_HOME#/}" != "$XDG_DATA_HOME" ]; then
        # Like wis, a relative XDG_DATA_HOME is ignored (the XDG spec says so).
        printf '%s/wis\n' "$XDG_DATA_HOME"
    else
        [ -n "${HOME:-}" ] || die "neither WIS_DATA_DIR nor HOME is set" "set WIS_DATA_DIR"
        printf '%s/.local/share/wis\n' "$HOME"
    fi
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# The pip command: $PIP, else pip3, pip or python3 -m pip, whichever exists.
pip_cmd() {
    if [ -n "${PIP:-}" ]; then
        # shellcheck disable=SC2086 # PIP may hold a command with arguments.
        echo $PIP
    elif command -v pip3 >/dev/null 2>&1; then
        echo pip3
    elif command -v pip >/dev/null 2>&1; then
        echo pip
    elif command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1; then
        echo python3 -m pip
    else
        die "pip is not installed" "install it (Debian: apt-get install python3-pip)"
    fi
}
