#!/usr/bin/env bash
# The table app's load test, old and new side by side in one run (BENCHMARKS.md):
#   scripts/bench_app_compare.sh OLD_REF [ROUNDS] [extra bench_app.py arguments...]
# A temporary `git worktree` of OLD_REF and this working tree each serve the app in turn
# (`panel serve <tree>/dashboards/app.py`, a fresh SQLite file each), alternating old/new for
# ROUNDS rounds (default 2), and this tree's scripts/bench_app.py measures both, so the harness
# is the same. Results: $OUT (default /tmp/bench_app_compare)/{old,new}<round>.out.
set -euo pipefail
old_ref=${1:?usage: $0 OLD_REF [ROUNDS] [bench_app.py args...]}
rounds=${2:-2}
shift $(( $# >= 2 ? 2 : 1 ))
extra=("$@")
root=$(cd "$(dirname "$0")/.." && pwd)
py="$root/.venv/bin/python"
out=${OUT:-/tmp/bench_app_compare}
mkdir -p "$out"
old_tree=$(mktemp -d)
git -C "$root" worktree add --detach "$old_tree" "$old_ref" >/dev/null
trap 'git -C "$root" worktree remove --force "$old_tree"' EXIT

run() {  # tree label
  local tree=$1 label=$2 port
  port=$("$py" -c "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  local db="sqlite:///$out/$label.sqlite"
  rm -f "$out/$label".sqlite* "$out/$label.metrics"
  (cd "$tree" && SW_DATABASE_URL=$db SW_METRICS="$out/$label.metrics" exec "$root/.venv/bin/panel" \
     serve "$tree/dashboards/app.py" --port "$port" --address 127.0.0.1 \
     "--allow-websocket-origin=127.0.0.1:$port" >"$out/$label.server.log" 2>&1) &
  local pid=$!
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.2
  done
  "$py" "$root/scripts/bench_app.py" --url "http://127.0.0.1:$port/app" --db "$db" --pid "$pid" \
    --metrics "$out/$label.metrics" "${extra[@]}" >"$out/$label.out" 2>&1 || true
  kill "$pid"; wait "$pid" 2>/dev/null || true
  grep -E "device: all|tablet: all|server CPU per click|Error" "$out/$label.out" | sed "s/^/$label /" || true
}

for r in $(seq "$rounds"); do
  run "$old_tree" "old$r"
  run "$root" "new$r"
done
