#!/usr/bin/env bash
# Times two commands too fast for GNU time (W4a runs in about 5 ms) with
# `perf stat`, interleaved: ROUNDS rounds of RUNS runs of each, the mean
# elapsed time of every round and the ratio of the means. Interleaving
# spreads the machine's drift over both commands.
#
#   bench/ab.sh                 # W4a: structframe beside arrow-go's mmap read
#   bench/ab.sh -- CMD A... -- CMD B...
#
# With no commands, it builds structframe's bench command and the peers'
# Go command (../shared/bench/peers/go) and times W4a against
# `peers-go ipc-mmap` on DATA/recipes.arrow. Both binaries are copied with
# cp before timing: the same bytes start about 0.7 ms faster from a file cp
# wrote than from the one go build wrote, more than W4a's difference.
#
# Environment: ROUNDS=8 RUNS=100 DATA=../shared/bench/data GO=go
# Needs perf (Debian package linux-perf).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
ROUNDS="${ROUNDS:-8}"
RUNS="${RUNS:-100}"
DATA="${DATA:-$ROOT/../shared/bench/data}"
GO="${GO:-go}"

if ! command -v perf >/dev/null; then
  echo "bench/ab.sh: needs perf (apt-get install linux-perf)" >&2
  exit 1
fi

if [ "${1:-}" = -- ]; then
  shift
  A=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do A+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  B=("$@")
else
  BIN="$HERE/.bin"
  mkdir -p "$BIN"
  (cd "$ROOT" && "$GO" build -o "$BIN/sf.built" ./bench)
  (cd "$ROOT/../shared/bench/peers/go" && "$GO" build -o "$BIN/peer.built" .)
  cp "$BIN/sf.built" "$BIN/structframe-bench-cp"
  cp "$BIN/peer.built" "$BIN/peers-go-cp"
  A=("$BIN/structframe-bench-cp" W4a "$DATA/recipes.arrow")
  B=("$BIN/peers-go-cp" ipc-mmap "$DATA/recipes.arrow")
fi
if [ ${#A[@]} -eq 0 ] || [ ${#B[@]} -eq 0 ]; then
  echo "usage: bench/ab.sh [-- CMD A... -- CMD B...]" >&2
  exit 2
fi

"${A[@]}" || true # a warm-up run, showing each command's output
"${B[@]}" || true
# The mean elapsed ms of RUNS runs (a command that exits non-zero, such
# as a usage message, is timed too: process start alone).
mean_ms() { { perf stat -r "$RUNS" "$@" 2>&1 >/dev/null || true; } | awk '/time elapsed/ {printf "%.3f", $1 * 1000}'; }
echo "A: ${A[*]}"
echo "B: ${B[*]}"
sa=0 sb=0
for ((r = 1; r <= ROUNDS; r++)); do
  a="$(mean_ms "${A[@]}")"
  b="$(mean_ms "${B[@]}")"
  echo "round $r: A $a ms, B $b ms"
  sa="$(awk -v s="$sa" -v x="$a" 'BEGIN {print s + x}')"
  sb="$(awk -v s="$sb" -v x="$b" 'BEGIN {print s + x}')"
done
awk -v a="$sa" -v b="$sb" -v n="$ROUNDS" 'BEGIN {printf "mean A %.3f ms, B %.3f ms, A/B %.3f\n", a / n, b / n, a / b}'
