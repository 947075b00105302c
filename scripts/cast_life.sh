#!/usr/bin/env bash
# A cast's life on the embedded model (or the [llm] server the members' wis.toml name): three
# newborns, two on stage and one off, with the maintenance organs (an appraiser and a mutator)
# under the same initiative law, play TICKS cast ticks; then it prints what the cast did.
#
#   scripts/cast_life.sh DIR TICKS [SEED]
#
# DIR must not exist or be empty. The members are born in DIR/a, DIR/b (on stage) and DIR/c
# (off stage) with genome seeds SEED, SEED+1, SEED+2 (default 11); the cast is DIR/cast, with
# one thing in the scene (a lamp) to `use`. Every turn's JSON goes to DIR/ticks.jsonl. When
# nobody is ready, it waits until the first is. At the end: turns by participant and kind,
# scene actions by kind, the organs' receipts, the appraisals and the proposals (`wis cast
# review`), and `wis cast check --schemas` on everything the cast wrote.
#
# Env: WIS (the wis binary; default target/release/wis, else wis on PATH), RECOVERY_SECS (the
# members' rest after a turn, before their initiative speed; default 20), ORGAN_SPEED (default
# 0.5: an organ rests twice a member's base rest), MIN_TURNS (the appraiser's fewest turns on
# stage for an appraisal; default 2), APPRAISALS (the mutator's: how many of a member's latest
# appraisals must each show a pattern; default 3), DARK=1 (the members born with
# `wis init --dark`: every [wisdom] flag off; otherwise born wise, as `wis init` births).
set -euo pipefail
dir=${1:?usage: scripts/cast_life.sh DIR TICKS [SEED]}
ticks=${2:?usage: scripts/cast_life.sh DIR TICKS [SEED]}
seed=${3:-11}
here=$(cd "$(dirname "$0")/.." && pwd)
wis=${WIS:-}
if [ -z "$wis" ]; then
  if [ -x "$here/target/release/wis" ]; then wis="$here/target/release/wis"; else wis=wis; fi
fi
if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
  echo "cast_life: $dir is not empty; give a new directory" >&2
  exit 64
fi
mkdir -p "$dir"
for i in 0 1 2; do
  h="$dir/$(printf 'abc' | cut -c$((i + 1)))"
  if [ "${DARK:-0}" = 1 ]; then
    "$wis" --quiet --home "$h" init --seed $((seed + i)) --dark >/dev/null
  else
    "$wis" --quiet --home "$h" init --seed $((seed + i)) >/dev/null
  fi
done
cast="$dir/cast"
"$wis" --quiet cast init "$cast" --member "$dir/a" --member "$dir/b" --offstage "$dir/c" \
  --recovery-secs "${RECOVERY_SECS:-20}" >/dev/null
"$wis" --quiet cast --dir "$cast" organ add appraiser --speed "${ORGAN_SPEED:-0.5}" \
  --min-turns "${MIN_TURNS:-2}" >/dev/null
"$wis" --quiet cast --dir "$cast" organ add mutator --speed "${ORGAN_SPEED:-0.5}" \
  --appraisals "${APPRAISALS:-3}" >/dev/null
"$wis" --quiet cast --dir "$cast" object add lamp "an oil lamp on the table, unlit" >/dev/null

# One line per turn, as it is played.
show=$(cat <<'PY'
import json, sys
d = json.load(sys.stdin)
r = d.get("receipt", {})
act = ((r.get("act") or {}).get("act") or {}).get("kind", "")
detail = (r.get("detail") or "")[:90]
print(f"cast tick {r.get('cast_tick', '?'):>3}  {r.get('id', ''):<10} {r.get('kind', ''):<11} "
      f"{r.get('turn') or '':<10} {act:<8} {detail}")
PY
)
played=0
while [ "$played" -lt "$ticks" ]; do
  out=$("$wis" --output-format json cast --dir "$cast" tick 2>>"$dir/errors.log") || {
    rc=$?
    if [ "$rc" = 75 ]; then sleep 2; continue; fi
    echo "cast_life: cast tick failed (exit $rc); see $dir/errors.log" >&2
    exit "$rc"
  }
  line=$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)))')
  case $line in
    *'"status": "waiting"'*)
      secs=$(printf '%s' "$line" | python3 -c '
import json, sys, time
d = json.load(sys.stdin)
n = d.get("next_ready_in_ms") or d.get("wait_ms") or 2000
print(max(1, min(60, round(n / 1000))))' 2>/dev/null || echo 2)
      sleep "$secs"
      continue
      ;;
  esac
  printf '%s\n' "$line" >>"$dir/ticks.jsonl"
  played=$((played + 1))
  printf '%s' "$line" | python3 -c "$show" >&2
done

python3 - "$dir" <<'PY'
import collections, json, sys
rows = [json.loads(l) for l in open(f"{sys.argv[1]}/ticks.jsonl")]
turns = collections.Counter((r["receipt"]["id"], r["receipt"]["kind"]) for r in rows)
acts = collections.Counter()
tools = collections.Counter()
for r in rows:
    rec = r["receipt"]
    if rec["kind"] == "maintenance":
        continue
    act = rec.get("act")
    if act:
        acts[act["act"]["kind"] + ("" if act.get("ok") else " (failed)")] += 1
    else:
        tool = (r.get("report") or {}).get("tool")
        tools[tool or rec.get("turn") or "?"] += 1
print("\nturns by participant and kind:")
for (who, kind), n in sorted(turns.items()):
    print(f"  {who:<10} {kind:<11} {n}")
print("scene actions:", dict(acts.most_common()) or "none")
print("tools and turns without a scene action:", dict(tools.most_common()))
PY
echo
"$wis" cast --dir "$cast" log -n 8
echo
"$wis" cast --dir "$cast" review
echo
"$wis" cast --dir "$cast" check --schemas
