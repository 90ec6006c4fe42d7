#!/usr/bin/env bash
# Times structframe's bench command beside the peers of ../shared/bench:
# runs that harness's run.sh for the peers, then structframe's workloads the
# same way (whole process under GNU time, warm-up runs, median of the timed
# runs), and prints two Markdown tables: the whole-process figures with each
# one's ratio to the best peer of the same run, then the phases (the
# "phase NAME SECONDS" lines of each program's last run), each phase of
# structframe beside the same-named phase of every peer and its ratio to the
# best of them.
#
# Environment knobs (all optional):
#   RUNS=3              timed runs per figure (median reported)
#   WARMUP=1            untimed runs first
#   ONLY='W1 W2 W3 W4a W4b W5 W6 W7 W8 W9 W10 W11'  workloads
#   PEERS='polars duckdb'  peers to run beside (names as in the shared
#                       run.sh; 'none' runs structframe only)
#   SHARED=dir          the peer harness (default: ../../shared/bench from here)
#   DATA=dir            data directory (default: the harness's data/; made
#                       by the harness's generator when missing)
#   TIME_BIN=/usr/bin/time GO=go
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
SHARED="${SHARED:-$ROOT/../shared/bench}"
RUNS="${RUNS:-3}"
WARMUP="${WARMUP:-1}"
ONLY="${ONLY:-W1 W2 W3 W4a W4b W5 W6 W7 W8 W9 W10 W11}"
PEERS="${PEERS:-polars duckdb}"
DATA="${DATA:-$SHARED/data}"
TIME_BIN="${TIME_BIN:-/usr/bin/time}"
GO="${GO:-go}"
BIN="$HERE/.bin"

log() { echo "bench/run.sh: $*" >&2; }

mkdir -p "$BIN"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

log "building the structframe bench command"
(cd "$ROOT" && "$GO" build -o "$BIN/structframe-bench" ./bench)

# The peers, through their own harness (which also makes the data).
if [ "$PEERS" != none ]; then
  log "peers ($PEERS) through $SHARED/run.sh"
  RUNS="$RUNS" WARMUP="$WARMUP" ONLY="$ONLY" PEERS="$PEERS" DATA="$DATA" \
    TIME_BIN="$TIME_BIN" "$SHARED/run.sh" >"$TMP/peers.md"
fi

input() {
  case "$1" in
    W1 | W5 | W6 | W7 | W8 | W9 | W10) echo flat.csv ;;
    W2 | W3) echo recipes.ndjson ;;
    W4a) echo recipes.arrow ;;
    W4b | W11) echo recipes.parquet ;;
  esac
}

# phaseRows WORKLOAD PROGRAM "NAME 0.123s, NAME 0.456s": one line per phase
# (workload, program, phase, seconds) for the phase table.
phaseRows() {
  echo "$3" | tr ',' '\n' | awk -v w="$1" -v p="$2" 'NF == 2 { sub(/s$/, "", $2); printf "%s\t%s\t%s\t%s\n", w, p, $1, $2 }'
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "nan"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

for w in $ONLY; do
  file="$DATA/$(input "$w")"
  if [ ! -s "$file" ]; then
    log "$w: $file missing (run the shared run.sh once to make the data)"
    exit 1
  fi
  log "$w structframe: $(basename "$file")"
  walls=() rss=()
  for ((i = 1; i <= WARMUP + RUNS; i++)); do
    "$TIME_BIN" -f '%e %M' -o "$TMP/time" "$BIN/structframe-bench" "$w" "$file" >"$TMP/out" 2>"$TMP/err" || {
      log "$w failed: $(tail -n 3 "$TMP/err")"
      exit 1
    }
    if ((i > WARMUP)); then
      read -r e m <"$TMP/time"
      walls+=("$e")
      rss+=("$m")
    fi
  done
  wall="$(printf '%s\n' "${walls[@]}" | median)"
  kib="$(printf '%s\n' "${rss[@]}" | median)"
  phases="$(grep '^phase ' "$TMP/err" | awk '{printf "%s%s %s", (NR>1?", ":""), $2, $3}')"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$w" "$wall" "$kib" "$(printf '%s ' "${walls[@]}")" "$(cat "$TMP/out")" "$phases" >>"$TMP/ours.tsv"
done

# One table: the peers' rows as their harness printed them, then
# structframe's with its ratios to the fastest peer of the workload.
echo "| workload | peer | median wall s | peak RSS MiB | x best peer (wall) | x that peer (RSS) | runs (wall s) | checksum | phases, last run |"
echo "|---|---|---:|---:|---:|---:|---|---|---|"
for w in $ONLY; do
  best="" bestwall="" bestrss=""
  if [ -s "$TMP/peers.md" ]; then
    while IFS='|' read -r _ pw peer pwall prss _ pruns psum pphases _; do
      pw="$(echo "$pw" | xargs)"
      [ "$pw" = "$w" ] || continue
      peer="$(echo "$peer" | xargs)" pwall="$(echo "$pwall" | xargs)" prss="$(echo "$prss" | xargs)"
      echo "| $w | $peer | $pwall | $prss | | | $(echo "$pruns" | xargs) | $(echo "$psum" | xargs) | $(echo "$pphases" | xargs) |"
      phaseRows "$w" "$peer" "$pphases" >>"$TMP/phases.tsv"
      case "$pwall" in '' | *[!0-9.]*) continue ;; esac
      if [ -z "$bestwall" ] || awk -v a="$pwall" -v b="$bestwall" 'BEGIN{exit !(a<b)}'; then
        best="$peer" bestwall="$pwall" bestrss="$prss"
      fi
    done <"$TMP/peers.md"
  fi
  while IFS=$'\t' read -r ow owall okib oruns osum ophases; do
    [ "$ow" = "$w" ] || continue
    mib="$(awk -v k="$okib" 'BEGIN{printf "%.0f", k/1024}')"
    rw="" rr=""
    if [ -n "$bestwall" ]; then
      # A workload below GNU time's 10 ms resolution reads 0.00 s: no
      # ratio (bench/ab.sh times it with perf stat).
      rw="$(awk -v a="$owall" -v b="$bestwall" 'BEGIN{if (b>0) printf "%.2f (%s)", a/b, "'"$best"'"; else print "below 10 ms: bench/ab.sh"}')"
      rr="$(awk -v a="$mib" -v b="$bestrss" 'BEGIN{if (b>0) printf "%.2f", a/b}')"
    fi
    echo "| $w | **structframe** | $owall | $mib | $rw | $rr | $oruns | $osum | $ophases |"
    phaseRows "$w" structframe "$ophases" >>"$TMP/phases.tsv"
  done <"$TMP/ours.tsv"
done

# The phases, seconds of each program's last run. Each phase of
# structframe is matched by name with the same phase of each peer; the best
# peer is the one whose phase of that name is the shortest, and the ratio is
# structframe's over it. A phase no peer prints has no ratio. When the
# programs split their work differently (structframe prints several phases,
# or a peer's names differ from structframe's), a last row "all phases"
# compares the sums of each program's phases: the work done in process,
# start-up excluded.
[ -s "$TMP/phases.tsv" ] || exit 0
echo
awk -F '\t' -v only="$ONLY" '
  {
    key = $1 SUBSEP $2
    if (!(key in count)) count[key] = 0
    names[key, ++count[key]] = $3
    secs[$1, $2, $3] = $4
    total[key] += $4
    if ($2 != "structframe" && !($2 in seen)) { seen[$2] = 1; peers[++npeers] = $2 }
  }
  function row(w, label, ours, vals, best, bestpeer,    line, j) {
    line = "| " w " | " label " | " ours
    for (j = 1; j <= npeers; j++) line = line " | " vals[j]
    if (bestpeer == "") line = line " | | |"
    else if (best > 0) line = line sprintf(" | %s | %.2f |", bestpeer, ours / best)
    else line = line " | " bestpeer " | n/a (0 s) |"
    print line
  }
  END {
    head = "| workload | phase | structframe s"
    rule = "|---|---|---:"
    for (j = 1; j <= npeers; j++) { head = head " | " peers[j] " s"; rule = rule "|---:" }
    print head " | best peer | x best peer |"
    print rule "|---|---:|"
    n = split(only, ws, " ")
    for (i = 1; i <= n; i++) {
      w = ws[i]
      ours = w SUBSEP "structframe"
      if (!(ours in count)) continue
      for (k = 1; k <= count[ours]; k++) {
        p = names[ours, k]
        best = ""; bestpeer = ""
        for (j = 1; j <= npeers; j++) {
          vals[j] = ""
          if ((w, peers[j], p) in secs) {
            vals[j] = secs[w, peers[j], p]
            if (bestpeer == "" || vals[j] + 0 < best + 0) { best = vals[j]; bestpeer = peers[j] }
          }
        }
        row(w, p, secs[w, "structframe", p], vals, best, bestpeer)
      }
      # The sums, when the phases do not pair one to one.
      split_ = count[ours] > 1
      for (j = 1; j <= npeers; j++) {
        pk = w SUBSEP peers[j]
        if (!(pk in count)) continue
        if (count[pk] != count[ours]) split_ = 1
        for (k = 1; k <= count[pk]; k++) if (!((w, "structframe", names[pk, k]) in secs)) split_ = 1
      }
      if (!split_) continue
      best = ""; bestpeer = ""
      for (j = 1; j <= npeers; j++) {
        vals[j] = ""
        pk = w SUBSEP peers[j]
        if (!(pk in count)) continue
        vals[j] = sprintf("%.3f", total[pk])
        if (bestpeer == "" || total[pk] < best + 0) { best = total[pk]; bestpeer = peers[j] }
      }
      row(w, "all phases", sprintf("%.3f", total[ours]), vals, best, bestpeer)
    }
  }' "$TMP/phases.tsv"
