#!/usr/bin/env bash
# Makes, reproducibly, a creature with a known lived memory for the experience curve: a
# newborn (seed 7) told the facts in exam_battery/v1.facts.txt, which answer the ops and
# subsystems tasks of battery v1 and nothing else, then paused so the curve can run on it.
#
#   scripts/curve_fixture.sh HOME_DIR [WIS_BINARY]
#
# Then: wis --home HOME_DIR curve run --min-gain 0.1
# The naive arm (memory = "none") sees no fact; the wise arm (memory = "live") recalls them.
set -euo pipefail
home=${1:?usage: scripts/curve_fixture.sh HOME_DIR [WIS_BINARY]}
wis=${2:-wis}
here=$(cd "$(dirname "$0")/.." && pwd)
facts="$here/exam_battery/v1.facts.txt"
if [ -e "$home/wis.redb" ]; then
    echo "curve_fixture: $home already holds a creature; give an empty directory" >&2
    exit 73
fi
mkdir -p "$home"
"$wis" --home "$home" init --seed 7 >/dev/null
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
"$wis" --home "$home" pause >/dev/null
echo "curve_fixture: $home: a paused newborn told $n facts"
