#!/usr/bin/env bash
# The experience curve of one life: a newborn in the v2 fixture house lives TICKS ticks on the
# embedded model (or the [llm] server its wis.toml names), born wise with its reflexes armed as
# proposed (scripts/real_life.sh), and every EVERY ticks (and at birth) it is paused and put to
# the frozen battery v2 on every arm.
#
#   scripts/lived_curve.sh HOME TICKS EVERY [SEED]
#
# The house is exam_battery/v2.house (files a keeper leaves: notes, a config, a log) and the
# keeper's commissions are exam_battery/v2.commissions.txt; v2's tasks ask what only that life
# could have shown (exam_battery/README.md). Nothing is scripted: what the creature reads and
# does is its own. At the end it prints the curve (`wis curve show v2`), draws it
# (HOME/curve.svg), and prints, per age, the share of the wise arm's points answered from
# memory it lived (`experienced`), and for every task whether its answer ever appeared in the
# life (a task whose answer never appeared is a defect of the battery or of the life, named).
#
# Each curve point is appended to HOME/curve.jsonl. Env: WIS (the wis binary; default
# target/release/wis), SLEEP_EVERY (default 50) and DARK=1 (born dark), as
# scripts/real_life.sh; HEIRLOOMS, a heirloom volume (`wis legacy export`) the newborn imports
# before its first curve point, so the next generation lives the same life from its ancestor's
# inheritance (the lineage curve); LARGE_URL and LARGE_MODEL (both, or neither), a larger
# model's OpenAI-compatible base URL (ending in /v1) and name: the arm naive-large, without
# memory, is added beside the default four, and the curve then says whether and when
# wise-small crossed it.
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
battery="$here/exam_battery/v2.jsonl"

HOUSE="$here/exam_battery/v2.house" COMMISSIONS="$here/exam_battery/v2.commissions.txt" \
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
  echo "lived_curve: curve point at age $1" >&2
  "$here/scripts/run_curve.sh" "$home" --battery "$battery" --out "$home/curve.jsonl" \
    >>"$home/curve.log" 2>&1 || echo "lived_curve: the curve run at age $1 failed (see $home/curve.log)" >&2
}

point 0
lived=0
while [ "$lived" -lt "$ticks" ]; do
  n=$(( ticks - lived < every ? ticks - lived : every ))
  CONTINUE=1 "$here/scripts/real_life.sh" "$home" "$n" >>"$home/life.log" 2>&1
  lived=$((lived + n))
  point "$lived"
done

"$wis" --home "$home" curve show v2
"$wis" --home "$home" curve plot v2 --out "$home/curve.svg" >/dev/null
tail -n 12 "$home/life.log"
python3 - "$home" <<'PY'
import json, sys
home = sys.argv[1]
points = [json.loads(l) for l in open(f"{home}/curve.jsonl") if l.strip()]
print("\nwise arm: points answered from lived (experienced) memory, by age")
for r in points:
    if r.get("memory") != "live":
        continue
    tasks = r["tasks"]
    lived = sum(t["score"] for t in tasks
                if t.get("answered_from") is not None
                and t["shown"][t["answered_from"]]["provenance"] == "experienced")
    total = sum(t["score"] for t in tasks)
    share = f"{lived / total:.0%}" if total else "-"
    print(f"  age {r['age']['ticks']:>4}: {total:.2f} of {len(tasks)} points, {lived:.2f} from lived memory ({share})")
PY
# Did each task's answer ever appear in the life? Its episodes and the replies it gave.
"$wis" --home "$home" cachectl export --out "$home/life.cc" >/dev/null
"$wis" --home "$home" cachectl project "$home/life.cc" >"$home/life.projected.jsonl" 2>/dev/null || true
python3 - "$home" "$battery" <<'PY'
import json, re, sys
home, battery = sys.argv[1], sys.argv[2]
# What it did and what the world showed: its episodes and stream (not the keeper's commissions, whose
# checks name the answers).
life = ""
try:
    for line in open(f"{home}/life.projected.jsonl"):
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if str(rec.get("type", "")) in ("wis.episode", "wis.stream"):
            life += json.dumps(rec.get("payload")).lower() + "\n"
except OSError:
    pass
print("\nv2 tasks against the life (did the answer ever appear in what it lived?)")
for line in open(battery):
    if not line.strip():
        continue
    t = json.loads(line)
    s = t["scorer"]
    needles = {"exact": lambda: [s.get("answer")] if s.get("answer") else s.get("answers", []),
               "claim": lambda: s["must_include"],
               "regex": lambda: [s["pattern"]],
               "action_signature": lambda: [s.get("args_pattern") or s["tool"]]}[s["type"]]()
    seen = all(re.search(n.lower(), life) if s["type"] in ("regex", "action_signature")
               else n.lower() in life for n in needles)
    print(f"  {t['id']:<22} {'appeared' if seen else 'NEVER APPEARED: a defect to name'}")
PY
