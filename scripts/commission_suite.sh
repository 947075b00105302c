#!/usr/bin/env bash
# The commission suite: a newborn lives in a house drawn from SEED and is given the keeper's
# errands about it, one at a time, each done when its check holds or missed after EACH ticks
# (exam_battery/commissions/README.md). At the end it prints, per kind, how many were done and
# the median ticks to done, the first half of the stream against the second, and writes every
# commission's fate to HOME/suite.json.
#
#   scripts/commission_suite.sh HOME SEED [N]          N errands (default 40)
#
# Env: HALF      the wordings' half: test (default; what the project reports) or tune (what
#                prompt work may look at)
#      RESIDENT=0  each tick loads the model itself (by default `wis mind serve` keeps it
#                loaded for the suite; its log is HOME/mind.log)
#      DARK=1    born with `wis init --dark`: every [wisdom] flag off (the dark twin of the
#                same seed and errands); otherwise born wise, as `wis init` births
#      HOUSE=DIR COMMISSIONS=FILE
#                your own house and errands instead of drawn ones: each line of FILE is
#                `[KIND:] TEXT | CHECK [| gone PATH]` (a check in `wis commission add --check`'s
#                vocabulary; `gone PATH` takes that workspace path away just before giving it)
#      LIST=1    give them as a keeper's list: [keeper] max_open (8) open at once, each given
#                EACH ticks for every open one, a new one given as one ends
#      EACH      ticks an errand is given (default 15)
#      SLEEP_EVERY  a `wis sleep` every so many ticks of age (default 50; 0: only when its own
#                sleep pressure says so)
#      INHERIT   heirloom volumes (space-separated paths, `wis legacy export`) the newborn
#                imports before its first tick: an heir living the suite beside a newborn
#                without them on the same seed (`wis legacy lineage` gives both generations)
#      WIS       the wis binary (default target/release/wis, else wis on PATH)
#
# HOME must not hold a creature yet. Each tick's JSON line goes to HOME/ticks.jsonl, sleeps to
# HOME/sleeps.log, the errands given to HOME/given.log. Killed, it leaves a store `wis check`
# passes; run `wis suite summary HOME` for what it got to.
set -euo pipefail
usage="usage: scripts/commission_suite.sh HOME SEED [N]"
home=${1:?$usage}
seed=${2:?$usage}
count=${3:-40}
here=$(cd "$(dirname "$0")/.." && pwd)
wis=${WIS:-}
if [ -z "$wis" ]; then
  if [ -x "$here/target/release/wis" ]; then wis="$here/target/release/wis"; else wis=wis; fi
fi
each=${EACH:-15}
every=${SLEEP_EVERY:-50}
half=${HALF:-test}
if [ -e "$home/wis.redb" ]; then
  echo "commission_suite: $home already holds a creature; give an empty directory" >&2
  exit 64
fi
if { [ -n "${HOUSE:-}" ] && [ -z "${COMMISSIONS:-}" ]; } || { [ -z "${HOUSE:-}" ] && [ -n "${COMMISSIONS:-}" ]; }; then
  echo "commission_suite: give HOUSE and COMMISSIONS together" >&2
  exit 64
fi
mkdir -p "$home"
if [ -n "${COMMISSIONS:-}" ]; then
  house=$HOUSE
  list=$COMMISSIONS
else
  "$wis" suite generate --seed "$seed" --half "$half" --count "$count" --out "$home/suite" >/dev/null
  house=$home/suite/house
  list=$home/suite/commissions.txt
fi
if [ "${DARK:-0}" = 1 ]; then
  "$wis" --home "$home" init --seed "$seed" --dark >/dev/null
else
  "$wis" --home "$home" init --seed "$seed" >/dev/null
fi
sed -i "s/^#? seed = 42/seed = $seed/" "$home/wis.toml"
if [ -n "${INHERIT:-}" ]; then
  # shellcheck disable=SC2086 # the volumes are a space-separated list
  "$wis" --home "$home" legacy import $INHERIT >&2
fi
cp -R "$house/." "$home/workspace/"
# The model stays loaded for the suite (RESIDENT=0: each tick loads it).
. "$here/scripts/lib/resident.sh"
if [ "${RESIDENT:-1}" = 1 ]; then
  trap resident_stop EXIT
  resident_start "$wis" "$home"
fi

max_open=8
open_at_once=1
if [ "${LIST:-0}" = 1 ]; then open_at_once=$max_open; fi
due=$((each * open_at_once))

age() { "$wis" --home "$home" status --output-format json | sed -n 's/^  "ticks": \([0-9]*\),$/\1/p'; }
status_of() {
  "$wis" --home "$home" commission show "$1" --output-format json | sed -n 's/^  "status": "\([a-z]*\)",$/\1/p'
}
live_ids=()
# Ticks once (and sleeps on the cadence of its age).
tick() {
  local rc=0
  "$wis" --home "$home" tick --output-format json >>"$home/ticks.jsonl" 2>>"$home/errors.log" || rc=$?
  case $rc in
    0|75) ;;
    *) echo "commission_suite: a tick exited $rc (see $home/errors.log)" >&2 ;;
  esac
  local a; a=$(age); a=${a:-0}
  if [ "$every" -gt 0 ] && [ "$a" -gt 0 ] && [ $((a % every)) -eq 0 ] && [ "$a" != "${last_sleep:-}" ]; then
    last_sleep=$a
    "$wis" --home "$home" sleep >>"$home/sleeps.log" 2>&1 || echo "commission_suite: sleep at age $a failed" >&2
  fi
}
# Drops ended commissions from live_ids and reports them.
reap() {
  local keep=() id st
  for id in "${live_ids[@]}"; do
    st=$(status_of "$id")
    case $st in
      open|rejected) keep+=("$id") ;;
      waiting)
        # Answered with no check: the suite cannot judge it; it is taken back, not done.
        "$wis" --home "$home" commission drop "$id" >/dev/null
        echo "#$id answered, no check: dropped" ;;
      *) echo "#$id $st (age $(age))" ;;
    esac
  done
  live_ids=("${keep[@]+"${keep[@]}"}")
}

start=$(date +%s)
n=0
while IFS= read -r line || [ -n "$line" ]; do
  [ -z "${line// }" ] && continue
  case "$line" in \#*) continue ;; esac
  kind=""
  if [[ "$line" =~ ^([a-z][a-z0-9-]*):[[:space:]](.*)$ ]]; then
    kind=${BASH_REMATCH[1]}
    line=${BASH_REMATCH[2]}
  fi
  IFS='|' read -r text check gone <<<"$line"
  text=$(echo "$text" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
  check=$(echo "${check:-}" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
  gone=$(echo "${gone:-}" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//; s/^gone[[:space:]]*//')
  # A recall waits until nothing live names its file, then the file goes.
  if [ -n "$gone" ]; then
    while [ ${#live_ids[@]} -gt 0 ] && "$wis" --home "$home" commission list --output-format json | grep -qF "$gone"; do
      tick; reap
    done
    case "$gone" in /*|*..*) echo "commission_suite: gone $gone is not a workspace path" >&2; exit 65 ;; esac
    rm -rf -- "$home/workspace/$gone"
  fi
  # Room on the desk.
  while [ ${#live_ids[@]} -ge $open_at_once ]; do tick; reap; done
  args=(commission add "$text" --due-ticks "$due")
  [ -n "$check" ] && args+=(--check "$check")
  [ -n "$kind" ] && args+=(--kind "$kind")
  id=$("$wis" --home "$home" --output-format json "${args[@]}" | sed -n 's/.*"id": \([0-9]*\).*/\1/p')
  n=$((n + 1))
  echo "given #$id ($kind) at age $(age): $text" | tee -a "$home/given.log" >&2
  live_ids+=("$id")
  if [ "$open_at_once" = 1 ]; then
    while [ ${#live_ids[@]} -gt 0 ]; do tick; reap; done
  fi
done <"$list"
while [ ${#live_ids[@]} -gt 0 ]; do tick; reap; done
echo "commission_suite: $n errands in $(( $(date +%s) - start )) s, age $(age)" >&2
"$wis" --home "$home" --output-format json suite summary "$home" --within "$due" >"$home/suite.json"
"$wis" --home "$home" suite summary "$home" --within "$due"
