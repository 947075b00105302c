#!/usr/bin/env bash
# The experience curve of one life: a newborn in the v3 fixture house lives TICKS ticks on the
# embedded model (or the [llm] server its wis.toml names), born wise with its reflexes armed as
# proposed (scripts/real_life.sh), and every EVERY ticks (and at birth) it is paused and put to
# the frozen battery v3 on every arm: its test half, v3-test (what is reported), or with HALF
# its tune half, v3-tune (what prompt work may look at), or both.
#
#   scripts/lived_curve.sh HOME TICKS EVERY [SEED]
#
# The house is exam_battery/v3.house (files a keeper leaves: notes, a config, a log, lists,
# recipes, a shed) and the keeper's commissions are exam_battery/v3.commissions.txt; v3's tasks
# ask what only that life could have shown: the values its commissions asked for, details it
# read and was never asked about, the calls that did its jobs, and the same jobs on files it never
# touched (exam_battery/README.md). Nothing is scripted: what the creature reads and does is its
# own. At the end it prints the curve (`wis curve show v3-test`), draws it (HOME/curve.svg; with
# HALF=both the tune half's is HOME/curve-tune.svg), prints every arm's points per domain (the
# sort of task) at every age, with the wise arm's points answered from memory it lived
# (`experienced`, scripts/curve_domains.py), and for every task whether its answer ever appeared
# in the life (scripts/battery_life.py: a task whose answer never appeared is a defect of the
# battery or of the life, named).
#
# Each curve point is appended to HOME/curve.jsonl. Env: WIS (the wis binary; default
# target/release/wis), SLEEP_EVERY (default 50) and DARK=1 (born dark), as
# scripts/real_life.sh; HALF, the battery's half: test (default), tune or both; HEIRLOOMS, a
# heirloom volume (`wis legacy export`) the newborn imports before its first curve point, so the
# next generation lives the same life from its ancestor's inheritance (the lineage curve);
# LARGE_URL and LARGE_MODEL (both, or neither), a larger model's OpenAI-compatible base URL
# (ending in /v1) and name: the arm naive-large, without memory, is added beside the default
# four, and the curve then says whether and when wise-small crossed it.
set -euo pipefail
home=${1:?usage: scripts/lived_curve.sh HOME TICKS EVERY [SEED]}
ticks=${2:?usage: scripts/lived_curve.sh HOME TICKS EVERY [SEED]}
every=${3:?usage: scripts/lived_curve.sh HOME TICKS EVERY [SEED]}
seed=${4:-21}
here=$(cd "$(dirname "$0")/.." && pwd)
wis=${WIS:-}
if [ -z "$wis" ]; then
  if [ -x "$here/target/release/wis" ]; then wis="$here/target/release/wis"; else wis=wis; fi
fi
export WIS=$wis
if [ "$every" -le 0 ]; then
  echo "lived_curve: EVERY must be at least 1" >&2
  exit 64
fi
case ${HALF:-test} in
  test) versions=(v3-test) ;;
  tune) versions=(v3-tune) ;;
  both) versions=(v3-test v3-tune) ;;
  *)
    echo "lived_curve: HALF is test, tune or both, not ${HALF}" >&2
    exit 64 ;;
esac
batteries=()
for v in "${versions[@]}"; do batteries+=("$here/exam_battery/$v.jsonl"); done

HOUSE="$here/exam_battery/v3.house" COMMISSIONS="$here/exam_battery/v3.commissions.txt" \
  "$here/scripts/real_life.sh" "$home" 0 "$seed" >"$home.birth.log" 2>&1 || {
    cat "$home.birth.log" >&2
    exit 1
  }
mv "$home.birth.log" "$home/birth.log"
if [ -n "${LARGE_URL:-}${LARGE_MODEL:-}" ]; then
  if [ -z "${LARGE_URL:-}" ] || [ -z "${LARGE_MODEL:-}" ]; then
    echo "lived_curve: set both LARGE_URL and LARGE_MODEL, or neither" >&2
    exit 64
  fi
  for v in "$LARGE_URL" "$LARGE_MODEL"; do
    case $v in
      *[\\\"]* | *[[:cntrl:]]*)
        echo "lived_curve: LARGE_URL and LARGE_MODEL may hold no quote, backslash or control character" >&2
        exit 64 ;;
    esac
  done
  # Arms written replace the default set: all five.
  cat >>"$home/wis.toml" <<TOML

# Set by scripts/lived_curve.sh: the default arms, and a larger model without memory.
[curve.arms.naive-small]
memory = "none"
[curve.arms.wise-small]
memory = "live"
[curve.arms.raw-small]
memory = "raw"
[curve.arms.vote-small]
memory = "none"
samples = 8
[curve.arms.naive-large]
url = "$LARGE_URL"
model = "$LARGE_MODEL"
memory = "none"
TOML
  "$wis" --home "$home" config check --offline >>"$home/birth.log" 2>&1 || {
    cat "$home/birth.log" >&2
    exit 78
  }
fi
if [ -n "${HEIRLOOMS:-}" ]; then
  "$wis" --home "$home" legacy import "$HEIRLOOMS" >>"$home/birth.log" 2>&1 || {
    cat "$home/birth.log" >&2
    exit 1
  }
fi

point() {
  local b
  for b in "${batteries[@]}"; do
    echo "lived_curve: curve point at age $1 ($(basename "$b" .jsonl))" >&2
    "$here/scripts/run_curve.sh" "$home" --battery "$b" --out "$home/curve.jsonl" \
      >>"$home/curve.log" 2>&1 || echo "lived_curve: the curve run of $(basename "$b") at age $1 failed (see $home/curve.log)" >&2
  done
}

point 0
lived=0
while [ "$lived" -lt "$ticks" ]; do
  n=$(( ticks - lived < every ? ticks - lived : every ))
  CONTINUE=1 "$here/scripts/real_life.sh" "$home" "$n" >>"$home/life.log" 2>&1
  lived=$((lived + n))
  point "$lived"
done

for v in "${versions[@]}"; do
  "$wis" --home "$home" curve show "$v"
done
"$wis" --home "$home" curve plot "${versions[0]}" --out "$home/curve.svg" >/dev/null
if [ "${#versions[@]}" -gt 1 ]; then
  "$wis" --home "$home" curve plot "${versions[1]}" --out "$home/curve-tune.svg" >/dev/null
fi
tail -n 12 "$home/life.log"
python3 "$here/scripts/curve_domains.py" "$home/curve.jsonl" "${versions[@]}"
# Did each task's answer ever appear in the life? Its episodes and the world's answers.
"$wis" --home "$home" cachectl export --out "$home/life.cc" >/dev/null
"$wis" --home "$home" cachectl project "$home/life.cc" >"$home/life.projected.jsonl" 2>/dev/null || true
python3 "$here/scripts/battery_life.py" "$home/life.projected.jsonl" "${batteries[@]}"
