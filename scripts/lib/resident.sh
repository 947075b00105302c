# Sourced by the scripts that live a creature: `resident_start WIS HOME` starts
# `wis mind serve` for the home in the background (its log: HOME/mind.log) and waits until its
# socket is there, so no tick loads the model; `resident_stop` ends it, its context saved as the
# home's prompt state. A home on a model server ([llm] url) needs none: the server declines and
# the ticks go on as they would. Nothing depends on it; it only saves each tick the model's load.
resident_pid=
resident_start() {
  local wis=$1 home=$2
  "$wis" --home "$home" mind serve >>"$home/mind.log" 2>&1 &
  resident_pid=$!
  local _
  for _ in $(seq 1 300); do
    [ -S "$home/cache/mind.sock" ] && return 0
    if ! kill -0 "$resident_pid" 2>/dev/null; then
      local rc=0
      wait "$resident_pid" || rc=$?
      resident_pid=
      # 64: the home's mind is a model server; 69: this build has no embedded model.
      case $rc in
        64|69) ;;
        *) echo "note: wis mind serve ended with exit $rc (see $home/mind.log); each tick loads the model" >&2 ;;
      esac
      return 0
    fi
    sleep 0.1
  done
}
resident_stop() {
  if [ -n "$resident_pid" ]; then
    kill "$resident_pid" 2>/dev/null
    wait "$resident_pid" 2>/dev/null
    resident_pid=
  fi
  return 0
}
