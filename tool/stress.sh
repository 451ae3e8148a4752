#!/bin/sh
# The crash harnesses (doc/stress.md): real SIGKILLs of writer processes
# (test/stress/killharness.py) and simulated power cuts built from the
# system calls a writer made (test/stress/powerloss.py), for the page
# cleaner's write-behind thread and its baselines.
#
# Usage: tool/stress.sh BUILDDIR [--quick] [--only kill|power]
#        [--workload rows|cc]
#
#   full (make stress):  per journal mode (DELETE TRUNCATE PERSIST WAL),
#        $STRESS_KILLS kills (default 10000) and $STRESS_STATES power-loss
#        states (default 10000) with page_cleaner=thread; the baselines,
#        cleaner off and stock SQLite 3.53.4 (bench/build-stock.sh), with
#        $STRESS_BASELINE_KILLS (default 2000) and $STRESS_BASELINE_STATES
#        (default: $STRESS_STATES); page_cleaner=sync with a tenth.  About
#        an hour on two cores (doc/stress.md).
#   --quick (make test, test/checks/stress.sh): 150 kills and 600 states
#        per journal mode with thread, 40 kills and 200 states with off.
#
# The column-copy workload (--workload cc in the harnesses; doc/stress.md,
# doc/column-copy.md): a table of 70,000 rows with a column copy, random
# INSERT/UPDATE/DELETE/REPLACE transactions, PRAGMA column_copy refreshes
# and rebuilds; each check also verifies the copy against its table.  Full:
# $STRESS_CC_KILLS kills (default 1000) and $STRESS_CC_STATES states
# (default 1000) per journal mode with thread, a fifth of each with off.
# --quick: 25 kills and 60 states in DELETE and WAL modes with thread.
# Its self-test: a writer that marks the copy's chunks stale in a second
# transaction (stress.c --fault split) must be caught by the kill harness
# (DELETE mode) and by the power-loss simulator (WAL).  --workload rows
# runs only the page cleaner's workload, --workload cc only this one.
#
# Both first run the self-test: the power-loss model's own test
# (powerloss.py --self-test-model), then two deliberately broken builds
# (SQLITE_PCLEANER_TEST_BREAK, src/pcleaner/pcleaner.h) must be caught: the kill
# harness must catch broken build 1 (a commit returns before its queue is
# written) in every journal mode and broken build 2 (pages written before
# their journal records are synced) in the rollback modes, and the
# power-loss simulator must catch broken build 2.
#
# Results: BUILDDIR/stress/results.jsonl (--quick: BUILDDIR/stress-quick/),
# one JSON line per harness run, and a summary table.  Failing cases are
# kept in BUILDDIR/stress/out/ with the command that reruns them.  The last line is "N passed, N failed" (one
# per harness run).  STRESS_SEED sets the seed (default: 1).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=stress
build=$(cd "${1:?usage: tool/stress.sh BUILDDIR [--quick]}" && pwd)
quick= only= workloads="rows cc"
shift
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=--quick ;;
    --only) only=${2:?--only kill or power}; shift ;;
    --workload) workloads=${2:?--workload rows or cc}; shift ;;
    *) echo "tool/stress.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
seed=${STRESS_SEED:-1}
sdir=$build/stress
[ "$quick" = --quick ] && sdir=$build/stress-quick
bin=$sdir/bin
out=$sdir/out
results=$sdir/results.jsonl

if [ "$quick" = --quick ]; then
  kills=150 states=600 bkills=40 bstates=200 skills=0 sstates=0
  baselines=off runs=2
  cckills=25 ccstates=60 ccbkills=0 ccbstates=0 ccmodes="delete wal"
else
  kills=${STRESS_KILLS:-10000} states=${STRESS_STATES:-10000}
  bkills=${STRESS_BASELINE_KILLS:-2000}
  bstates=${STRESS_BASELINE_STATES:-$states}
  skills=$((kills / 10)) sstates=$((states / 10))
  baselines="off stock" runs=${STRESS_RUNS:-20}
  cckills=${STRESS_CC_KILLS:-1000} ccstates=${STRESS_CC_STATES:-1000}
  ccbkills=$((cckills / 5)) ccbstates=$((ccstates / 5))
  ccmodes="delete truncate persist wal"
fi
case " $workloads " in *" rows "*) do_rows=1 ;; *) do_rows= ;; esac
case " $workloads " in *" cc "*) do_cc=1 ;; *) do_cc= ;; esac
wl=                               # the workload of the runs below
modes="delete truncate persist wal"

rm -rf "$out" && mkdir -p "$out"
: > "$results"
"$top/test/stress/build.sh" "$build" "$bin" --broken ||
  abort "cannot build the harness"
if [ "$quick" != --quick ] && [ -n "$do_rows" ]; then
  "$top/bench/build-stock.sh" || abort "no stock build"
fi
lib_of() {
  case $1 in
    stock) echo "$top/bench/.stock" ;;
    broken*) echo "$bin/$1" ;;
    *) echo "$build" ;;
  esac
}
cleaner_of() { case $1 in stock) echo stock ;; *) echo "$1" ;; esac; }

# kill LIB CLEANER KILLS JOURNALS... : one kill-harness run per journal
# mode, two at a time (the machine's cores).
kill_runs() {
  [ "$only" = power ] && return
  lib=$1 cl=$2 n=$3; shift 3
  for j in "$@"; do
    python3 "$top/test/stress/killharness.py" --stress "$bin/stress" \
      --lib "$(lib_of "$lib")" --journal "$j" --cleaner "$(cleaner_of "$cl")" \
      --kills "$n" --seed "$seed" --out "$out/kill$wl-$lib-$cl" \
      ${wl:+--workload cc} \
      --json "$results" > "$out/kill$wl-$lib-$cl-$j.log" 2>&1 &
    two_at_a_time
  done
  wait; running=0
}
# power LIB CLEANER STATES JOURNALS...
power_runs() {
  [ "$only" = kill ] && return
  lib=$1 cl=$2 n=$3; shift 3
  for j in "$@"; do
    sync=FULL
    # DELETE mode makes its commit durable only with EXTRA (the journal's
    # unlink is synced to the directory); FULL promises atomicity there,
    # not durability (https://sqlite.org/pragma.html#pragma_synchronous).
    [ "$j" = delete ] && sync=EXTRA
    # cc: 10 transactions a recording (each scans 70,000 rows twice)
    python3 "$top/test/stress/powerloss.py" --stress "$bin/stress" \
      --plrec "$bin/plrec.so" --lib "$(lib_of "$lib")" --journal "$j" \
      --cleaner "$(cleaner_of "$cl")" --sync "$sync" --runs "$runs" \
      --states "$n" --seed "$seed" --out "$out/power$wl-$lib-$cl-$j" \
      ${wl:+--workload cc --count 10} \
      --keep-failures --json "$results" > "$out/power$wl-$lib-$cl-$j.log" 2>&1 &
    two_at_a_time
  done
  wait; running=0
}
# Two runs at a time (the machine's cores), started in pairs.
running=0
two_at_a_time() {
  running=$((running + 1))
  if [ $running -ge 2 ]; then wait; running=0; fi
}

# The self-test: the broken builds must be caught.
selftest() {
  what=$1; shift
  if "$@" > "$out/selftest-$what.log" 2>&1; then
    pass; note "self-test $what: caught ($(grep -c '^FAIL' "$out/selftest-$what.log") failure lines)"
  else
    fail; note "FAILED: self-test $what: the broken build was NOT caught ($out/selftest-$what.log)"
  fi
}
# The power-loss model on its synthetic cases, with their known answers.
if python3 "$top/test/stress/powerloss.py" --self-test-model > "$out/selftest-model.log" 2>&1; then
  pass; note "self-test of the power-loss model: $(tail -n 1 "$out/selftest-model.log")"
else
  fail; note "FAILED: self-test of the power-loss model ($out/selftest-model.log)"
fi
if [ -n "$do_rows" ]; then
selftest kill-broken1 python3 "$top/test/stress/killharness.py" \
  --stress "$bin/stress" --lib "$bin/broken1" --journal delete,truncate,persist,wal \
  --cleaner thread --kills 1000 --seed "$seed" --out "$out/selftest-kill-broken1" --expect-failure
selftest kill-broken2 python3 "$top/test/stress/killharness.py" \
  --stress "$bin/stress" --lib "$bin/broken2" --journal delete,truncate,persist \
  --cleaner thread --kills 1000 --seed "$seed" --out "$out/selftest-kill-broken2" --expect-failure
selftest power-broken2 python3 "$top/test/stress/powerloss.py" \
  --stress "$bin/stress" --plrec "$bin/plrec.so" --lib "$bin/broken2" \
  --journal truncate --cleaner thread --sync FULL --runs 4 --states 4000 \
  --seed "$seed" --out "$out/selftest-power-broken2" --expect-failure
fi
if [ -n "$do_cc" ]; then
# The column-copy workload's: a writer whose chunk marks commit in a
# transaction after its writes (--fault split) leaves, between the two, a
# copy that claims what the table does not hold.
selftest cc-kill-split python3 "$top/test/stress/killharness.py" \
  --stress "$bin/stress" --lib "$build" --journal delete --cleaner thread \
  --kills 300 --seed "$seed" --workload cc --fault split \
  --out "$out/selftest-cc-kill-split" --expect-failure
selftest cc-power-split python3 "$top/test/stress/powerloss.py" \
  --stress "$bin/stress" --plrec "$bin/plrec.so" --lib "$build" \
  --journal wal --cleaner thread --sync FULL --runs 1 --states 50 --count 3 \
  --seed "$seed" --workload cc --fault split \
  --out "$out/selftest-cc-power-split" --expect-failure
fi

# The runs.
t0=$(date +%s)
if [ -n "$do_rows" ]; then
  kill_runs ours thread "$kills" $modes
  power_runs ours thread "$states" $modes
  for b in $baselines; do
    if [ "$b" = stock ]; then kill_runs stock stock "$bkills" $modes; power_runs stock stock "$bstates" $modes
    else kill_runs ours off "$bkills" $modes; power_runs ours off "$bstates" $modes; fi
  done
  if [ "$skills" -gt 0 ]; then
    kill_runs ours sync "$skills" $modes
    power_runs ours sync "$sstates" $modes
  fi
fi
if [ -n "$do_cc" ]; then
  # Tables with column copies; the copy is ours, so no stock baseline.
  wl=-cc
  kill_runs ours thread "$cckills" $ccmodes
  power_runs ours thread "$ccstates" $ccmodes
  if [ "$ccbkills" -gt 0 ]; then
    kill_runs ours off "$ccbkills" $ccmodes
    power_runs ours off "$ccbstates" $ccmodes
  fi
  wl=
fi

# The summary, from results.jsonl.
python3 - "$results" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print("\n| harness | workload | journal | cleaner | library | count | commits checked | lost | partial | unreadable | seconds |")
print("|---|---|---|---|---|---:|---:|---:|---:|---:|---:|")
for r in rows:
    kind = "power" if "states" in r else "kill"
    lib = "stock" if "stock" in r.get("library", "") or r.get("cleaner") == "stock" else "ours"
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        kind, r.get("workload", "rows"), r.get("journal"), r.get("cleaner"), lib,
        r.get("states", r.get("kills", "-")), r.get("commits_checked", "-"),
        r.get("lost_commits", "-"), r.get("partial", "-"),
        r.get("unreadable", "-"), r.get("seconds", "-")))
cc = [r for r in rows if r.get("workload") == "cc"]
if cc:
    k = sum(r.get("kills", 0) for r in cc if "states" not in r)
    s = sum(r.get("states", 0) for r in cc if "states" in r)
    c = {}
    for r in cc:
        for n, v in r.get("copy", {}).items():
            c[n] = c.get(n, 0) + v
    print("\ncolumn copies: %d kills, %d power-loss states; %d checks with a"
          " copy, %d with clean chunks; %d clean chunks (%d rows) checked"
          " against the table; %d queries read through the copy, each"
          " compared with column_scan=OFF" % (
              k, s, c.get("with_copy", 0), c.get("with_clean", 0),
              c.get("clean_chunks", 0), c.get("clean_rows", 0),
              c.get("copy_scans", 0)))
EOF
for f in "$out"/kill-*.log "$out"/power-*.log; do
  [ -f "$f" ] || continue
  if grep -q '^FAIL' "$f" || ! grep -qE '^(killharness|powerloss): .*(0 failures|failed=0)' "$f"; then
    fail; note "FAILED: $(basename "$f" .log): $(grep -m3 '^FAIL' "$f" | tr '\n' ' ')(log: $f)"
  else
    pass
  fi
done
note "$(($(date +%s) - t0)) s; results in $results, failing cases in $out"
summary
