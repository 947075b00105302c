#!/usr/bin/env bash
# Lives a newborn on the embedded model (or the [llm] server its wis.toml names), born wise
# (`wis init`: the wisdom loop on), and prints the figures of its life: what anyone can run to
# reproduce a measurement of whether a life moves.
#
#   scripts/real_life.sh HOME TICKS [SEED]
#
# HOME must not hold a creature yet. The newborn (genome seed SEED, default 21, which also
# seeds the sampler) lives TICKS ticks, one after another; every SLEEP_EVERY ticks (default
# 50; 0: only when its own sleep pressure says so) it also takes `wis sleep`, as a keeper's
# nap schedule would. Each tick's JSON line goes to HOME/ticks.jsonl, its wall time to
# HOME/walls.txt (`scripts/tick_costs.py HOME` sets it beside the model's work and gives the
# prompt reuse), each sleep's receipt to HOME/sleeps.log. At the end it prints `wis status`
# with the life's figures over the whole life, and writes them as JSON to HOME/life.json.
#
# Env: WIS (the wis binary; default target/release/wis, else wis on PATH),
#      SLEEP_EVERY (default 50), COMMISSIONS (a file of commissions, one per line, each
#      `[KIND:] TEXT [| CHECK]`: a check in `wis commission add --check`'s vocabulary, a kind
#      as the commission suite names them, passed as `--kind`; given to the newborn before its
#      first tick; blank lines and `#` lines are skipped), HOUSE (a
#      folder whose files are copied into the newborn's workspace before its first tick: what
#      a keeper leaves for it to find), CONTINUE=1 (HOME already holds a creature born here:
#      it lives TICKS more, its sleeps keeping the cadence of its age; SEED, HOUSE and
#      COMMISSIONS are not used; scripts/lived_curve.sh lives this way between curve points),
#      DARK=1 (born with `wis init --dark`: every [wisdom] flag off, the same life without
#      wisdom), RESIDENT=0 (each tick loads the model itself; by default `wis mind serve`
#      keeps the embedded model loaded for the life, its log in HOME/mind.log).
# A wise birth leaves arming reflexes to the keeper; nobody keeps this life, so the script arms
# them at once (`reflex_auto_arm = true`), as the measured lives always have.
set -euo pipefail
home=${1:?usage: scripts/real_life.sh HOME TICKS [SEED]}
ticks=${2:?usage: scripts/real_life.sh HOME TICKS [SEED]}
seed=${3:-21}
here=$(cd "$(dirname "$0")/.." && pwd)
wis=${WIS:-}
if [ -z "$wis" ]; then
  if [ -x "$here/target/release/wis" ]; then wis="$here/target/release/wis"; else wis=wis; fi
fi
every=${SLEEP_EVERY:-50}
age=0
if [ -e "$home/wis.redb" ]; then
  if [ "${CONTINUE:-0}" != 1 ]; then
    echo "real_life: $home already holds a creature; give an empty directory (or CONTINUE=1 to live on)" >&2
    exit 64
  fi
  age=$("$wis" --home "$home" status --output-format json | sed -n 's/^  "ticks": \([0-9]*\),$/\1/p')
  age=${age:-0}
else
  mkdir -p "$home"
  if [ "${DARK:-0}" = 1 ]; then
    "$wis" --home "$home" init --seed "$seed" --dark
  else
    "$wis" --home "$home" init --seed "$seed"
    # Unattended: no keeper arms the reflexes it earns, so they are armed when proposed.
    sed -i "s/^reflex_auto_arm = false$/reflex_auto_arm = true/" "$home/wis.toml"
    grep -q "^reflex_auto_arm = true$" "$home/wis.toml" || {
      echo "real_life: the newborn's wis.toml has no reflex_auto_arm line to turn on" >&2
      exit 70
    }
  fi
  # The sampler seeded, so the life can be lived again.
  sed -i "s/^#? seed = 42/seed = $seed/" "$home/wis.toml"
  if [ -n "${HOUSE:-}" ]; then
    cp -R "$HOUSE/." "$home/workspace/"
  fi
  if [ -n "${COMMISSIONS:-}" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      [ -z "${line// }" ] && continue
      case "$line" in \#*) continue ;; esac
      # `KIND: ` first names the errand's kind (`wis commission add --kind`), as the
      # commission suite's lists do.
      args=(commission add)
      if [[ "$line" =~ ^([a-z][a-z0-9-]*):[[:space:]](.*)$ ]]; then
        args+=(--kind "${BASH_REMATCH[1]}")
        line=${BASH_REMATCH[2]}
      fi
      text=${line%%|*}; text=$(echo "$text" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
      if [[ "$line" == *"|"* ]]; then
        check=$(echo "${line#*|}" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
        args+=(--check "$check")
      fi
      "$wis" --home "$home" "${args[@]}" -- "$text"
    done < "$COMMISSIONS"
  fi
fi
. "$here/scripts/lib/resident.sh"
if [ "${RESIDENT:-1}" = 1 ]; then
  trap resident_stop EXIT
  resident_start "$wis" "$home"
fi
start=$(date +%s)
for i in $(seq "$((age + 1))" "$((age + ticks))"); do
  rc=0
  t0=$(date +%s%N)
  "$wis" --home "$home" tick --output-format json >>"$home/ticks.jsonl" 2>>"$home/errors.log" || rc=$?
  # Each tick's wall time, process and all (scripts/tick_costs.py sets it beside the model's).
  echo "$i $rc $(( ($(date +%s%N) - t0) / 1000000 ))" >>"$home/walls.txt"
  case $rc in
    0|75) ;;
    *) echo "real_life: tick $i exited $rc (see $home/errors.log)" >&2 ;;
  esac
  if [ "$every" -gt 0 ] && [ $((i % every)) -eq 0 ]; then
    "$wis" --home "$home" sleep >>"$home/sleeps.log" 2>&1 || echo "real_life: sleep after tick $i failed" >&2
  fi
  if [ $(((i - age) % 25)) -eq 0 ]; then
    echo "real_life: $((i - age)) of $ticks ticks ($(( $(date +%s) - start )) s)" >&2
  fi
done
# The figures cover the whole life, not only these ticks.
window=$((age + ticks + (age + ticks) / 10 + 10))
"$wis" --home "$home" status --window "$window"
"$wis" --home "$home" status --window "$window" --output-format json >"$home/life.json"
