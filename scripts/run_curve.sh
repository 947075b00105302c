#!/usr/bin/env bash
# One point of the experience curve for the creature in HOME:
#
#   scripts/run_curve.sh HOME [wis curve run options...]
#
# Pauses the creature, runs the frozen battery on every arm (`wis curve run`), and resumes
# it whatever happens: success, error, Ctrl-C or TERM. A creature that was already paused
# before the script ran is left paused. While a turn that began before the pause is still in
# flight, `wis curve run` exits 75; the run is then retried (RUN_CURVE_TRIES times, default
# 10, RUN_CURVE_RETRY_SECS apart, default 30). The exit status is that of `wis curve run`.
#
# WIS names the wis binary (default: `wis` on PATH).
set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 HOME [wis curve run options...]" >&2
    exit 64
fi
home=$1
shift
wis=${WIS:-wis}
tries=${RUN_CURVE_TRIES:-10}
retry_secs=${RUN_CURVE_RETRY_SECS:-30}

state=$("$wis" --home "$home" --output-format json pause) || exit $?
case $state in
    *'"changed": true'*) paused_here=1 ;;
    *) paused_here=0 ;;
esac

resume() {
    if [ "$paused_here" = 1 ]; then
        "$wis" --home "$home" --quiet resume >/dev/null ||
            echo "run_curve.sh: could not resume the creature; run: $wis --home $home resume" >&2
    fi
}
trap resume EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

while :; do
    "$wis" --home "$home" curve run "$@"
    rc=$?
    if [ "$rc" -ne 75 ] || [ "$tries" -le 1 ]; then
        break
    fi
    tries=$((tries - 1))
    echo "run_curve.sh: busy (exit 75); retrying in ${retry_secs}s" >&2
    sleep "$retry_secs"
done
exit "$rc"
