#!/usr/bin/env bash
# The lived gate: a newborn in the v3 fixture house lives TICKS ticks on the embedded model,
# born wise with its reflexes armed as proposed (scripts/real_life.sh), its keeper's eight
# commissions given at birth, and is then put to the test half of the frozen battery v3
# (exam_battery/v3-test.jsonl, exam_battery/README.md) on every arm. It passes when the arm with
# its lived memory beats the same model without memory by at least MIN_GAIN of the battery,
# paired over the tasks, with a 95% interval wholly above 0 (`wis curve run --min-gain`).
#
#   scripts/lived_gate.sh HOME [TICKS] [SEED]
#
# TICKS defaults to 100 and SEED to 42. Nothing is scripted: the creature reads the house and
# does the commissions on its own, and every v3 answer is one it could only know, or a job it
# could only do that way, by having lived them, so a change that breaks a link of the loop (the
# life does not do the work, the sleep does not distil it, recall does not find it, the model
# does not use it) fails here. The life is sampled, so a pass is evidence, not a proof: the
# design (§4.4) gives the margins the seeds showed at this age. After the battery it prints the
# wise arm task by task, every arm's points per domain (scripts/curve_domains.py), and whether
# each task's answer ever appeared in the life (scripts/battery_life.py).
#
# Env: WIS (the wis binary; default target/release/wis), MIN_GAIN (default 0.3),
#      SLEEP_EVERY (default 50), DARK=1 (born dark: the same life without wisdom, which is not
#      expected to pass). Exit: 0 passed, 1 the gain was too small, other: an error.
set -euo pipefail
home=${1:?usage: scripts/lived_gate.sh HOME [TICKS] [SEED]}
ticks=${2:-100}
seed=${3:-42}
min_gain=${MIN_GAIN:-0.3}
here=$(cd "$(dirname "$0")/.." && pwd)
wis=${WIS:-}
if [ -z "$wis" ]; then
  if [ -x "$here/target/release/wis" ]; then wis="$here/target/release/wis"; else wis=wis; fi
fi
export WIS=$wis

battery="$here/exam_battery/v3-test.jsonl"

start=$(date +%s)
echo "lived_gate: a newborn (seed $seed) lives $ticks ticks in the v3 house; the log is $home/life.log" >&2
HOUSE="$here/exam_battery/v3.house" COMMISSIONS="$here/exam_battery/v3.commissions.txt" \
  "$here/scripts/real_life.sh" "$home" "$ticks" "$seed" >"$home.life.log" 2>&1 || {
    tail -n 40 "$home.life.log" >&2
    echo "lived_gate: the life failed (log above)" >&2
    exit 2
  }
mv "$home.life.log" "$home/life.log"
lived=$(date +%s)
grep -E '^ *(steps closed|repeats|commissions)' "$home/life.log" >&2 || true

echo "lived_gate: battery v3-test on every arm at age $ticks (gate: gain ≥ $min_gain, interval above 0)" >&2
set +e
"$here/scripts/run_curve.sh" "$home" --battery "$battery" \
  --out "$home/curve.jsonl" --min-gain "$min_gain"
rc=$?
set -e
end=$(date +%s)

python3 - "$home" <<'PY'
import json, sys
home = sys.argv[1]
for line in open(f"{home}/curve.jsonl"):
    r = json.loads(line)
    if r.get("memory") != "live":
        continue
    print(f"\nwise arm, task by task (answered from):")
    for t in r["tasks"]:
        src = "-"
        if t.get("answered_from") is not None:
            s = t["shown"][t["answered_from"]]
            src = f'{s["kind"]} {s["provenance"]}'
        print(f'  {t["id"]:<24} {t["domain"]:<10} {t["score"]:.2f}  {src}')
PY
python3 "$here/scripts/curve_domains.py" "$home/curve.jsonl" v3-test || true
"$wis" --home "$home" cachectl export --out "$home/life.cc" >/dev/null 2>&1 &&
  "$wis" --home "$home" cachectl project "$home/life.cc" >"$home/life.projected.jsonl" 2>/dev/null &&
  python3 "$here/scripts/battery_life.py" "$home/life.projected.jsonl" "$battery" || true
echo "lived_gate: life $((lived - start)) s, battery $((end - lived)) s, exit $rc" >&2
exit "$rc"
