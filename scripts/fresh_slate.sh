#!/usr/bin/env bash
# Retire the creature in HOME and birth its descendant with its inheritance (design §4.6):
#
#   scripts/fresh_slate.sh HOME [--seed N] [--letter FILE] [--out DIR]
#
#   1. export   `wis legacy export --force` of its validated corpus into DIR (default:
#               HOME/heirlooms); a busy store or a turn in flight (exit 75) is retried
#               FRESH_SLATE_TRIES times (default 10), FRESH_SLATE_RETRY_SECS apart (default 30);
#               an export is written whole or not at all.
#   2. rebirth  `wis init --force` archives the old creature under HOME/archive/ and births a
#               newborn from --seed N, else from the old creature's own seed.
#   3. import   `wis legacy import` of the volume just exported, and of the letter (a TOML of
#               nuggets) when --letter is given.
#   4. pause    the newborn is left paused; the last line says how to resume it.
#
# Each finished step is recorded in HOME/fresh_slate.state, so after a failure at any step a
# rerun with the same arguments resumes at the step that failed (an import already made is
# passed over by wis itself); the state file is removed when all four are done. The exit
# status is that of the command that failed (0 when done). WIS names the wis binary (default:
# `wis` on PATH).
set -u

usage() {
    echo "usage: $0 HOME [--seed N] [--letter FILE] [--out DIR]" >&2
    exit 64
}

[ $# -ge 1 ] || usage
home=$1
shift
seed=
letter=
out=
while [ $# -gt 0 ]; do
    case $1 in
        --seed) [ $# -ge 2 ] || usage; seed=$2; shift 2 ;;
        --letter) [ $# -ge 2 ] || usage; letter=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
        *) usage ;;
    esac
done
wis=${WIS:-wis}
tries=${FRESH_SLATE_TRIES:-10}
retry_secs=${FRESH_SLATE_RETRY_SECS:-30}
out=${out:-$home/heirlooms}
state_file=$home/fresh_slate.state

say() { echo "fresh_slate.sh: $*" >&2; }

# The state: the step done last, the volume exported, the seed to birth from.
step=none
volume=
born_seed=
if [ -f "$state_file" ]; then
    # shellcheck source=/dev/null
    . "$state_file" || { say "cannot read $state_file"; exit 65; }
    say "resuming after step '$step'"
fi

save() {
    step=$1
    local tmp="$state_file.tmp"
    printf 'step=%q\nvolume=%q\nborn_seed=%q\n' "$step" "$volume" "$born_seed" >"$tmp" &&
        mv -f "$tmp" "$state_file" || { say "cannot write $state_file"; exit 74; }
}

# Runs a wis command, retrying while it answers 75 (busy); prints its stdout.
retrying() {
    local n=1 rc output
    while :; do
        output=$("$wis" --home "$home" "$@")
        rc=$?
        if [ "$rc" -ne 75 ] || [ "$n" -ge "$tries" ]; then
            printf '%s\n' "$output"
            return "$rc"
        fi
        say "the store is busy (try $n of $tries); again in ${retry_secs}s"
        n=$((n + 1))
        sleep "$retry_secs"
    done
}

field() { sed -n "s/^ *\"$1\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p" | head -n 1; }

if [ "$step" = none ]; then
    status=$(retrying --output-format json status) || { rc=$?; say "status failed ($rc)"; exit "$rc"; }
    born_seed=${seed:-$(printf '%s\n' "$status" | field seed)}
    exported=$(retrying --output-format json legacy export --force --out "$out") ||
        { rc=$?; say "export failed ($rc); nothing was retired"; exit "$rc"; }
    volume=$(printf '%s\n' "$exported" | field path)
    [ -n "$volume" ] && [ -f "$volume" ] || { say "the export named no volume"; exit 70; }
    save exported
    say "exported $volume"
fi

if [ "$step" = exported ]; then
    "$wis" --home "$home" init --force --seed "${seed:-$born_seed}" >&2 ||
        { rc=$?; say "rebirth failed ($rc); rerun to resume"; exit "$rc"; }
    save born
fi

if [ "$step" = born ]; then
    set -- "$volume"
    [ -n "$letter" ] && set -- "$@" --letter "$letter"
    retrying legacy import "$@" >&2 ||
        { rc=$?; say "import failed ($rc); rerun to resume"; exit "$rc"; }
    save imported
fi

if [ "$step" = imported ]; then
    retrying --quiet pause >/dev/null || { rc=$?; say "pause failed ($rc); rerun to resume"; exit "$rc"; }
    rm -f "$state_file"
    name=$("$wis" --home "$home" --output-format json status | field name)
    say "$name was born in $home from $volume and is paused"
    echo "resume it with: $wis --home $home resume"
fi
