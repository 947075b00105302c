#!/usr/bin/env bash
# Soak figures for the store (design §8, docs/reliability.md): not a pass/fail gate, a report.
#
#   scripts/soak.sh [--kills N] [--loop-secs S] [--kill-max-ms MS] [--wis PATH]
#
# (a) N times (default 200) start `wis tick` (every fifth time `wis sleep`) on one creature,
#     kill -9 it at a random moment (0..MS ms, default 120; a debug tick takes about 30-70 ms), run `wis check`, and read the
#     tick count. Counts stores failing `check` and committed ticks lost: a count below one
#     seen before, or a tick that exited 0 and is not counted.
# (b) Four shell loops tick a second creature for S seconds (default 60), beside a keeper's
#     loop (`wis commission add`, `confirm`, `reject`) and a reader's (`status`, `inbox`,
#     `commission list`, `report --out`): the exit codes seen (only 0 and 75 are expected, and
#     65/66 for a word on a commission not live or not given yet), whether `wis check` passes,
#     whether the tick count grew by exactly the number of ticks that exited 0 (none lost, none
#     counted twice), and whether every commission given (exit 0) is kept.
#
# The model is scripts/fake_model_server.py, a test double that answers every call with a
# valid action. WIS (default target/debug/wis, built if missing) is the binary under test. The
# creatures are born wise, as `wis init` births; DARK=1 births them with `--dark` (every
# [wisdom] flag off).
set -uo pipefail
cd "$(dirname "$0")/.."

kills=200 loop_secs=60 kill_max_ms=120 wis=target/debug/wis
while [ $# -gt 0 ]; do
  case "$1" in
    --kills) kills=$2; shift 2 ;;
    --loop-secs) loop_secs=$2; shift 2 ;;
    --kill-max-ms) kill_max_ms=$2; shift 2 ;;
    --wis) wis=$2; shift 2 ;;
    *) echo "usage: $0 [--kills N] [--loop-secs S] [--kill-max-ms MS] [--wis PATH]" >&2; exit 64 ;;
  esac
done
[ -x "$wis" ] || cargo build --quiet --bin wis || exit 70
wis=$(realpath "$wis")

work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

python3 scripts/fake_model_server.py "$work/port" 2>/dev/null & server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "the fake model server did not start" >&2; exit 69; }
export WIS_LLM_URL="http://127.0.0.1:$(cat "$work/port")/v1"
unset WIS_HOME

ticks() { # the committed tick count of home $1, or -1 when status cannot read it
  "$wis" --home "$1" --wait 10 --output-format json status 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["ticks"])' 2>/dev/null || echo -1
}

# (a) kill -9 at random moments.
home="$work/killed"
birth=(init); [ "${DARK:-0}" = 1 ] && birth+=(--dark)
"$wis" --home "$home" "${birth[@]}" --seed 1 >/dev/null 2>&1 || exit 70
failing=0 lost=0 finished=0 killed=0 committed=0
for i in $(seq "$kills"); do
  cmd=tick; [ $((i % 5)) -eq 0 ] && cmd=sleep
  before=$(ticks "$home")
  "$wis" --home "$home" --wait 5 "$cmd" >/dev/null 2>&1 & pid=$!
  sleep "$(awk -v ms=$((RANDOM % (kill_max_ms + 1))) 'BEGIN { printf "%.3f", ms / 1000 }')"
  kill -9 "$pid" 2>/dev/null
  { wait "$pid"; } 2>/dev/null; rc=$?
  if [ "$rc" -eq 137 ]; then killed=$((killed + 1)); else finished=$((finished + 1)); fi
  if ! "$wis" --home "$home" --wait 10 check >/dev/null 2>&1; then
    failing=$((failing + 1)); echo "kill $i ($cmd): wis check fails" >&2
  fi
  after=$(ticks "$home")
  if [ "$after" -lt "$committed" ] || { [ "$cmd" = tick ] && [ "$rc" -eq 0 ] && [ "$after" -le "$before" ]; }; then
    lost=$((lost + 1)); echo "kill $i ($cmd, exit $rc): ticks $before -> $after, $committed committed" >&2
  fi
  [ "$after" -gt "$committed" ] && committed=$after
done
echo "kill -9: $kills runs ($killed killed mid-run, $finished finished first): $failing stores failing check, $lost committed ticks lost; $committed ticks counted"

# (b) four loops ticking one store.
home="$work/contended"
"$wis" --home "$home" "${birth[@]}" --seed 2 >/dev/null 2>&1 || exit 70
start=$(ticks "$home")
deadline=$(( $(date +%s) + loop_secs ))
for l in 1 2 3 4; do
  ( while [ "$(date +%s)" -lt "$deadline" ]; do
      "$wis" --home "$home" --wait 1 tick >/dev/null 2>&1; echo $?
    done > "$work/loop-$l" ) &
done
# The keeper: six errands at most (within [keeper] max_open), a confirmation and a rejection.
( n=0
  while [ "$(date +%s)" -lt "$deadline" ]; do
    n=$((n + 1))
    if [ "$n" -le 6 ]; then
      "$wis" --home "$home" --wait 1 commission add "errand $n" >/dev/null 2>&1
      echo "add $?"
    fi
    "$wis" --home "$home" --wait 1 commission confirm 1 >/dev/null 2>&1; echo "word $?"
    "$wis" --home "$home" --wait 1 commission reject 2 "not yet" >/dev/null 2>&1; echo "word $?"
  done > "$work/keeper" ) &
( while [ "$(date +%s)" -lt "$deadline" ]; do
    for c in status inbox "commission list --all" "report --out $work/page.html"; do
      # shellcheck disable=SC2086
      "$wis" --home "$home" --wait 1 $c >/dev/null 2>&1; echo $?
    done
  done > "$work/reader" ) &
wait_loops() { for job in $(jobs -p); do [ "$job" = "$server" ] || wait "$job"; done; }
wait_loops
tally() { sort -n | uniq -c | awk '{ printf "%s exit %s, ", $1, $2 }'; }
codes=$(cat "$work"/loop-* | tally)
ok=$(cat "$work"/loop-* | grep -cx 0)
other=$(cat "$work"/loop-* | grep -cvx -e 0 -e 75)
keeper_codes=$(awk '{ print $2 }' "$work/keeper" | tally)
reader_codes=$(tally < "$work/reader")
other=$((other + $(awk '($1 == "add" && $2 != 0 && $2 != 75) || ($1 == "word" && $2 !~ /^(0|65|66|75)$/)' "$work/keeper" | wc -l)))
other=$((other + $(grep -cvx -e 0 -e 75 "$work/reader")))
given=$(grep -cx "add 0" "$work/keeper")
kept=$("$wis" --home "$home" --wait 10 --output-format json commission list --all 2>/dev/null | grep -c '"id"')
end=$(ticks "$home")
if "$wis" --home "$home" --wait 10 check >/dev/null 2>&1; then check=passes; else check=FAILS; fi
echo "4 loops for ${loop_secs}s: ${codes%, }; $other other exit codes; ticks $start -> $end for $ok ticks that exited 0 ($([ $((end - start)) -eq "$ok" ] && echo consistent || echo INCONSISTENT)); wis check $check"
echo "beside them, the keeper: ${keeper_codes%, }; $given commissions given, $kept kept ($([ "$given" -eq "$kept" ] && echo consistent || echo INCONSISTENT)); the reader: ${reader_codes%, }"
