#!/usr/bin/env bash
# Lives a creature: one `wis tick` every N seconds until stopped (Ctrl-C or SIGTERM).
# Exit 75 (busy: a turn still in flight, or the store held) means "try next time".
# Any other failure is printed and the loop goes on, so a server restart does not end a life;
# after 10 failures in a row the loop stops with the last exit code.
#
#   scripts/live.sh HOME [SECONDS]        e.g. scripts/live.sh /srv/creature 60
#   WIS=path/to/wis scripts/live.sh ...   to use a particular binary
set -u
home=${1:?usage: scripts/live.sh HOME [SECONDS]}
every=${2:-60}
wis=${WIS:-wis}
failures=0
trap 'echo "live.sh: stopped" >&2; exit 0' INT TERM
while true; do
  "$wis" --home "$home" tick
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
