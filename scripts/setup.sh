#!/usr/bin/env bash
# The newcomer's path: install what wis needs, fetch the embedded model, build wis with it,
# birth a demo creature (born wise) in a small demo house with three of the keeper's errands
# (examples/demo/), live 30 ticks printing each one, then show its status, the errands, what it
# said to the keeper, and write its growth report.
# Idempotent: a second run reuses the packages, the model, the build and the creature.
#
#   bash scripts/setup.sh
#   WIS_DEMO_HOME=/path/to/home TICKS=50 bash scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

home=${WIS_DEMO_HOME:-$PWD/demo-home}
ticks=${TICKS:-30}

echo "== packages"
scripts/install-deps.sh

echo "== models (the embedded chat model and the local embedding model)"
scripts/fetch-model.sh
scripts/fetch-embedder.sh

echo "== build (with the embedded model; the first build compiles llama.cpp, a few minutes)"
cargo build --release --features embedded
wis=$PWD/target/release/wis

echo "== creature"
if [ -e "$home/wis.redb" ]; then
  echo "a creature already lives in $home; it lives on"
else
  "$wis" --home "$home" init
  cp -R examples/demo/house/. "$home/workspace/"
  echo "== the keeper's errands (examples/demo/commissions.txt)"
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|\#*) continue ;; esac
    kind=${line%%:*}
    rest=${line#*: }
    text=$(echo "${rest%%|*}" | sed 's/[[:space:]]*$//')
    check=$(echo "${rest#*|}" | sed 's/^[[:space:]]*//')
    "$wis" --home "$home" commission add "$text" --check "$check" --kind "$kind"
  done < examples/demo/commissions.txt
fi
"$wis" --home "$home" config check --offline

echo "== $ticks ticks (wis mind serve keeps the model loaded between them)"
. scripts/lib/resident.sh
trap resident_stop EXIT
resident_start "$wis" "$home"
for _ in $(seq "$ticks"); do
  rc=0
  "$wis" --home "$home" tick || rc=$?
  case $rc in
    0) ;;
    75) echo "(busy; next)" ;;
    *) echo "tick failed with exit $rc" >&2; exit "$rc" ;;
  esac
done

resident_stop

echo "== status"
"$wis" --home "$home" status
echo
echo "== the keeper's errands"
"$wis" --home "$home" commission list --all
echo
echo "== what it said to the keeper"
"$wis" --home "$home" inbox
echo
"$wis" --home "$home" report --out "$home/report.html"
echo "== its growth report: $home/report.html"
echo
echo "Keep it living:  WIS=$wis scripts/live.sh $home 60   (it keeps the model loaded)"
echo "or from cron:    * * * * * $wis --home $home tick"
echo "                 @reboot   $wis --home $home mind serve   (keeps the model loaded)"
