#!/usr/bin/env bash
# Lives a creature, or a cast of them: one tick every N seconds until stopped (Ctrl-C or
# SIGTERM). Given a cast directory (one holding cast.toml), each step is `wis cast tick`: the
# one participant the initiative law picks takes its turn. Otherwise it is `wis tick` in the
# creature's home, with `wis mind serve` beside it (RESIDENT=0 to leave it out): the embedded
# model stays loaded between ticks, so no tick loads it (its log: HOME/mind.log). A home whose
# mind is a model server ([llm] url) needs none, and the server simply declines.
# Exit 75 (busy: a turn still in flight, the store held, the model server busy) means "try
# next time". Any other failure is printed and the loop goes on, so a server restart does not
# end a life; after 10 failures in a row the loop stops with the last exit code.
#
#   scripts/live.sh HOME [SECONDS]        e.g. scripts/live.sh /srv/creature 60
#   scripts/live.sh CAST_DIR [SECONDS]    e.g. scripts/live.sh /srv/cast 20
#   WIS=path/to/wis scripts/live.sh ...   to use a particular binary
set -u
where=${1:?usage: scripts/live.sh HOME|CAST_DIR [SECONDS]}
every=${2:-60}
wis=${WIS:-wis}
. "$(dirname "${BASH_SOURCE[0]}")/lib/resident.sh"
trap 'resident_stop; echo "live.sh: stopped" >&2; exit 0' INT TERM
trap resident_stop EXIT
if [ -f "$where/cast.toml" ]; then
  step=("$wis" cast --dir "$where" tick)
else
  step=("$wis" --home "$where" tick)
  if [ "${RESIDENT:-1}" = 1 ]; then resident_start "$wis" "$where"; fi
fi
failures=0
while true; do
  "${step[@]}"
  rc=$?
  case $rc in
    0|75) failures=0 ;;
    *)
      failures=$((failures + 1))
      echo "live.sh: tick exited $rc ($failures in a row)" >&2
      if [ "$failures" -ge 10 ]; then exit "$rc"; fi
      ;;
  esac
  sleep "$every" &
  wait $!
done
