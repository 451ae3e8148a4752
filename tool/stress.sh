#!/bin/sh
# The crash harnesses (doc/stress.md): real SIGKILLs of writer processes
# (test/stress/killharness.py) and simulated power cuts built from the
# system calls a writer made (test/stress/powerloss.py), for the page
# cleaner's write-behind thread and its baselines.
#
# Usage: tool/stress.sh BUILDDIR [--quick] [--only kill|power]
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
quick= only=
shift
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=--quick ;;
    --only) only=${2:?--only kill or power}; shift ;;
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
else
  kills=${STRESS_KILLS:-10000} states=${STRESS_STATES:-10000}
  bkills=${STRESS_BASELINE_KILLS:-2000}
  bstates=${STRESS_BASELINE_STATES:-$states}
  skills=$((kills / 10)) sstates=$((states / 10))
  baselines="off stock" runs=${STRESS_RUNS:-20}
fi
modes="delete truncate persist wal"

rm -rf "$out" && mkdir -p "$out"
: > "$results"
"$top/test/stress/build.sh" "$build" "$bin" --broken ||
  abort "cannot build the harness"
if [ "$quick" != --quick ]; then
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
      --kills "$n" --seed "$seed" --out "$out/kill-$lib-$cl" \
      --json "$results" > "$out/kill-$lib-$cl-$j.log" 2>&1 &
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
    python3 "$top/test/stress/powerloss.py" --stress "$bin/stress" \
      --plrec "$bin/plrec.so" --lib "$(lib_of "$lib")" --journal "$j" \
      --cleaner "$(cleaner_of "$cl")" --sync "$sync" --runs "$runs" \
      --states "$n" --seed "$seed" --out "$out/power-$lib-$cl-$j" \
      --keep-failures --json "$results" > "$out/power-$lib-$cl-$j.log" 2>&1 &
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

# The runs.
t0=$(date +%s)
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

# The summary, from results.jsonl.
python3 - "$results" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print("\n| harness | journal | cleaner | library | count | commits checked | lost | partial | unreadable | seconds |")
print("|---|---|---|---|---:|---:|---:|---:|---:|---:|")
for r in rows:
    kind = "power" if "states" in r else "kill"
    lib = "stock" if "stock" in r.get("library", "") or r.get("cleaner") == "stock" else "ours"
    print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
        kind, r.get("journal"), r.get("cleaner"), lib,
        r.get("states", r.get("kills", "-")), r.get("commits_checked", "-"),
        r.get("lost_commits", "-"), r.get("partial", "-"),
        r.get("unreadable", "-"), r.get("seconds", "-")))
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
