#!/usr/bin/env bash
# Makes, reproducibly, a creature with a known lived memory for the experience curve: a
# newborn (seed 7) that
#   - was told the facts in exam_battery/v1.facts.txt, which answer the ops and subsystems
#     tasks of battery v1, and
#   - lived the keeper's plan in exam_battery/v1.life.json through real ticks: on each of its
#     five steps it first tried something that failed, then what worked, each outcome
#     adjudicated by wis itself, so its ledger holds a verified fix for situations like the
#     five procedure tasks. The life's model is scripts/fake_model_server.py playing the
#     script (a test double, used only to make this fixture); a tick whose outcome is not the
#     one the script expects stops the fixture.
# It is left paused so the curve can run on it. Nothing answers the recall tasks. It is born dark
# (`wis init --dark`): its life is a script of model calls, each expected to end one way, and
# the wisdom loop would ask others (a second thought, a reflex in place of a call); the curve's
# wise arm recalls what it was told and lived whatever its flags.
#
#   scripts/curve_fixture.sh HOME_DIR [WIS_BINARY]
#
# Then: wis --home HOME_DIR curve run --min-gain 0.3
# The naive arm (memory = "none") sees nothing of this; the wise arm (memory = "live") recalls
# the facts and the verified fixes.
set -euo pipefail
home=${1:?usage: scripts/curve_fixture.sh HOME_DIR [WIS_BINARY]}
wis=${2:-wis}
here=$(cd "$(dirname "$0")/.." && pwd)
facts="$here/exam_battery/v1.facts.txt"
life="$here/exam_battery/v1.life.json"
die() { echo "curve_fixture: $*" >&2; exit "${code:-1}"; }
if [ -e "$home/wis.redb" ]; then
    code=73 die "$home already holds a creature; give an empty directory"
fi
mkdir -p "$home"
"$wis" --home "$home" init --seed 7 --dark >/dev/null
# The fixture's arms: the same model with and without memory.
cat >>"$home/wis.toml" <<'TOML'

[curve.arms.naive-small]
memory = "none"

[curve.arms.wise-small]
memory = "live"
TOML
n=0
while IFS= read -r fact; do
    [ -n "$fact" ] || continue
    "$wis" --home "$home" memory add --source "fixture:v1" "$fact" >/dev/null
    n=$((n + 1))
done <"$facts"

# The lived part.
work=$(mktemp -d)
server=""
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
python3 "$here/scripts/fake_model_server.py" "$work/port" "$life" 2>"$work/server.log" &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || code=69 die "the scripted model server did not start: $(cat "$work/server.log")"
# One expected outcome per tick: the rumination that plans, then every scripted action in the
# plan's order; a step the world shows done before its script ends (wis closes it by itself)
# leaves the rest of its actions unplayed, and the next tick is the next step's.
ticks=$(python3 - "$life" "$wis" "$home" "http://127.0.0.1:$(cat "$work/port")/v1" <<'PY'
import json, os, subprocess, sys
life_path, wis, home, url = sys.argv[1:5]
life = json.load(open(life_path))
env = dict(os.environ, WIS_LLM_URL=url)
ticks = 0
def tick(want):
    global ticks
    run = subprocess.run([wis, "--home", home, "--output-format", "json", "tick"],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        print(f"tick {ticks + 1} failed: {run.stdout}{run.stderr}")
        sys.exit(1)
    t = json.loads(run.stdout)
    got = t["turn"] + ":" + (t.get("fail_kind") or "ok")
    if got != want:
        print(f"tick {ticks + 1} was {got}, the script expects {want}: {run.stdout}")
        sys.exit(1)
    ticks += 1
    return t
tick("rumination:ok")
for step in life["plans"][0]:
    for item in life["steps"][step]:
        t = tick("work:" + item["expect"])
        if any(e.startswith("step ") and " is done: " in e for e in t.get("events", [])):
            break
print(ticks)
PY
) || die "$ticks"
"$wis" --home "$home" pause >/dev/null 2>&1
echo "curve_fixture: $home: a paused newborn told $n facts, lived $ticks ticks of the keeper's plan"
