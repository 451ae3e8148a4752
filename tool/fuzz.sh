#!/bin/sh
# make fuzz: upstream's fuzz tests under AddressSanitizer and
# UndefinedBehaviorSanitizer, on the patched tree (doc/fuzzing.md).
#
# Usage: tool/fuzz.sh              the whole run (make fuzz)
#        tool/fuzz.sh --quick BUILDDIR
#                                  a slice of it, for make test
#                                  (test/checks/fuzz-quick.sh)
#
# The whole run configures two build directories of their own with
# ./configure --disable-tcl CC=<clang if installed, else gcc>
# CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -g -O1":
#
#   build-fuzz/           the default options: LIP Bloom filters on
#                         (SQLITE_LIP_DEFAULT=1), the page cleaner off;
#   build-fuzz-pcleaner/  the same plus -DSQLITE_PCLEANER_DEFAULT=1
#                         -DSQLITE_PCLEANER_THRESHOLD_PCT=0: every connection
#                         starts with PRAGMA page_cleaner=sync and
#                         page_cleaner_threshold=0, so a batch is written at
#                         every page allocation that finds a reclaimable dirty
#                         page (LIP stays on).  FUZZ_PCLEANER=thread uses
#                         page_cleaner=thread instead (fuzzcheck's in-memory
#                         VFS has no file descriptor, so its write queue runs
#                         in deferred mode, drained by the writing thread).
#
# In each, upstream's own make rules (main.mk) build fuzzcheck and
# sessionfuzz, which then run as upstream's "fuzztest" target runs them:
# fuzzcheck over every test/fuzzdata*.db of the tree (main.mk's FUZZDATA),
# sessionfuzz over test/sessionfuzz-data*.db.  (The tree's other fuzzers,
# dbfuzz and dbfuzz2, are libFuzzer harnesses with no corpus in the tree
# beyond dbfuzz2's single seed; upstream's fuzztest does not run them.)
# Each corpus file is one job, FUZZ_JOBS (default: the number of cores) at
# a time; the two builds run in parallel too.
#
# Our own fuzzer, test/fuzz/lipfuzz.c (built in build-fuzz/ by the rules of
# tool/lipfuzz.mk, linked with the same sanitized compile of sqlite3.c as
# fuzzcheck), adds three jobs of FUZZ_SECONDS (default 120) each: "lip"
# (random star and snowflake schemas and join queries, each run with
# PRAGMA lip_filter ON and OFF: equal results), "pc" (random write
# transactions with the page cleaner on, sync and thread, under a
# fault-injecting VFS, against a model) and "corrsub" (random queries with
# correlated subqueries, each run with PRAGMA subquery_amortize ON and OFF:
# the same rows in the same order; also run again after a data change,
# under injected OOM, and write statements).  It prints its seed
# (FUZZ_SEED sets it) and, on a failure, the command line that reruns the
# case.
#
# A job passes if the program exits 0, prints its summary line ("0 errors out
# of N tests" / "N cases, 0 crashes" / "N cases in Ts, 0 failed") and its
# output holds no sanitizer report; it then counts its N test cases as
# passed.  Anything else - a
# sanitizer report, a fatal fuzzcheck error (crash, memory leak, timeout,
# failed invariant), a non-zero exit - counts as one failure, and the start
# of its report is shown.  The last line is "N passed, N failed".
#
# --quick BUILDDIR (for make test): builds upstream's "fuzzcheck-asan" target
# and lipfuzz in an already built build directory from one compile of
# sqlite3.c with -fsanitize=address,undefined -fno-sanitize-recover=undefined
# -O1 and the page-cleaner defines above added (so fuzzcheck has LIP on and
# the cleaner on at threshold 0), moves the binaries out of the build
# directory, and runs every FUZZ_QUICK_SLICE-th case (default 20) of every
# test/fuzzdata*.db (fuzzcheck --slice 0 N) and each part of lipfuzz (lip,
# pc, corrsub) for FUZZ_QUICK_SECONDS (default 30).  Exit 77 if the
# compiler cannot build and run an -fsanitize=address,undefined program.
#
# Before the jobs, a self-test checks that the judging sees failures: a
# planted heap overflow, fuzzcheck's simulated error, and lipfuzz's
# deliberate ones (--corrupt, --no-feature).
#
# Environment: CC (compiler of the whole run; default clang if installed,
# else gcc), FUZZ_JOBS, FUZZ_PCLEANER (sync|thread), FUZZ_TIMEOUT (fuzzcheck's
# time limit for one test case, in ms; fuzzcheck's default is 120000: it has
# no limit for a whole run), FUZZ_QUICK_SLICE, FUZZ_ARGS (more fuzzcheck
# options), FUZZ_KEEP=1 (keep the logs of a passing run), FUZZ_SECONDS and
# FUZZ_QUICK_SECONDS (each part of lipfuzz, whole and quick run), FUZZ_SEED
# (lipfuzz's seed; default: from the clock, printed in its log),
# FUZZ_CC_BUILD (the build directory whose libsqlite3.so.0 the column
# copies' fuzzer, test/fuzz/ccfuzz.py, loads in the whole run: default
# build/; it runs FUZZ_SECONDS as one more job, with stock SQLite writing
# too, bench/build-stock.sh; make test runs it as
# test/checks/column-copy-fuzz.sh).
#
# The corrupt-copy fuzzer, test/fuzz/cccorrupt.c (issue 55, "Untrusted
# bytes"): built in build-fuzz/ too (tool/lipfuzz.mk), linked with its own
# compile of sqlite3.c with SQLITE_DEBUG added (the fork's asserts run), it
# mutates the column copies' shadow tables (BLOBs, directory rows, counts,
# formats, duplicated and deleted chunks) and runs scans, lookups and
# PRAGMAs on them: one more job of FUZZ_SECONDS.  Its summary line is
# "cccorrupt: N cases in Ts, 0 failed"; its self-test: --no-feature (no
# copy built) and --hang (a statement that never ends) must both fail.
#
# --quick-cc BUILDDIR (for make test, test/checks/column-copy-corrupt.sh):
# builds cccorrupt in an already built build directory with
# -fsanitize=address,undefined -fno-sanitize-recover=undefined -O1 and
# SQLITE_DEBUG, moves it out, runs its self-test and then
# CCCORRUPT_QUICK_SECONDS (default 45) of cases.  Exit 77 as --quick.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=lipsqlite-fuzz
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
# halt_on_error: the first report ends the program; exitcode distinct
# from fuzzcheck's own fatal errors (1).
ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:exitcode=86}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

# The regular expression of the first line of a sanitizer report.
report_re='(ERROR|WARNING): (AddressSanitizer|LeakSanitizer)|runtime error:|UndefinedBehaviorSanitizer'

# run_one BIN CORPUS LOG LABEL: run one job (fuzzcheck or sessionfuzz on one
# corpus file), judge it, print one result line (and the start of any
# report), and write "pass N" or "fail" to LOG.res.
run_one() {
  bin=$1 corpus=$2 log=$3 label=$4
  t0=$(date +%s)
  case $(basename "$bin") in
    sessionfuzz*)
      "$bin" run "$corpus" > "$log" 2>&1; st=$?
      n=$(sed -n 's/.* \([0-9][0-9]*\) cases, 0 crashes$/\1/p' "$log" | tail -n 1) ;;
    lipfuzz*)
      # Our own fuzzer: "corpus" is the part (lip, pc or corrsub); FUZZ_SECONDS of
      # it, LIPFUZZ_ARGS added (the self-test's --corrupt).
      # shellcheck disable=SC2086
      "$bin" --part "$corpus" --seconds "${FUZZ_SECONDS:-120}" --dir "$(dirname "$log")" \
        ${FUZZ_SEED:+--seed "$FUZZ_SEED"} ${LIPFUZZ_ARGS:-} > "$log" 2>&1; st=$?
      n=$(sed -n 's/^lipfuzz: [a-z]*: \([0-9][0-9]*\) cases in [0-9]*s, 0 failed$/\1/p' "$log" | tail -n 1) ;;
    cccorrupt*)
      # The corrupt-copy fuzzer (test/fuzz/cccorrupt.c): "corpus" unused;
      # FUZZ_SECONDS of it, CCCORRUPT_ARGS added (the self-test's).
      # shellcheck disable=SC2086
      "$bin" --seconds "${FUZZ_SECONDS:-120}" ${FUZZ_SEED:+--seed "$FUZZ_SEED"} \
        ${CCCORRUPT_ARGS:-} > "$log" 2>&1; st=$?
      n=$(sed -n 's/^cccorrupt: \([0-9][0-9]*\) cases in [0-9]*s, 0 failed$/\1/p' "$log" | tail -n 1) ;;
    ccfuzz*)
      # The column copies' fuzzer (test/fuzz/ccfuzz.py, in Python: it loads
      # the fork's library of the build directory "corpus" into python3's
      # sqlite3 module, and runs stock SQLite's shell as another writer if
      # bench/.stock/sqlite3 is built); FUZZ_SECONDS of it.
      # shellcheck disable=SC2086
      python3 "$bin" --build "$corpus" --seconds "${FUZZ_SECONDS:-120}" --dir "$(dirname "$log")/ccfuzz" \
        ${FUZZ_SEED:+--seed "$FUZZ_SEED"} $([ -x "$top/bench/.stock/sqlite3" ] && echo --stock "$top/bench/.stock/sqlite3") \
        > "$log" 2>&1; st=$?
      n=$(sed -n 's/^ccfuzz: \([0-9][0-9]*\) cases in [0-9]*s, 0 failed$/\1/p' "$log" | tail -n 1) ;;
    *)
      # shellcheck disable=SC2086
      "$bin" --brief ${FUZZ_TIMEOUT:+--timeout "$FUZZ_TIMEOUT"} ${FUZZ_SLICE:+--slice 0 "$FUZZ_SLICE"} \
        ${FUZZ_ARGS:-} "$corpus" > "$log" 2>&1; st=$?
      n=$(sed -n 's/^[^ ]* [^ ]*: 0 errors out of \([0-9][0-9]*\) tests,.*/\1/p' "$log" |
          awk '{s+=$1} END {if (NR) print s}') ;;
  esac
  secs=$(( $(date +%s) - t0 ))
  rep=$(grep -n -m 1 -E "$report_re" "$log" | cut -d: -f1)
  case $(basename "$bin") in
    lipfuzz*|ccfuzz*|cccorrupt*) [ -n "$rep" ] || fst=$(grep -n -m 1 '^FAIL' "$log" | cut -d: -f1) ;;
    *) fst= ;;
  esac
  if [ "$st" = 0 ] && [ -n "$n" ] && [ -z "$rep" ]; then
    echo "pass $n" > "$log.res"
    echo "ok   $label: $n test cases, ${secs}s"
  else
    echo fail > "$log.res"
    echo "FAIL $label: exit $st after ${secs}s; log: $log"
    if [ -n "$rep" ]; then
      sed -n "$rep,\$p" "$log" | head -n 40 | sed 's/^/  | /'
    elif [ -n "${fst:-}" ]; then
      sed -n "$fst,\$p" "$log" | head -n 40 | sed 's/^/  | /'
    else
      tail -n 15 "$log" | sed 's/^/  | /'
    fi
    case $(basename "$bin") in
      sessionfuzz*|lipfuzz*|ccfuzz*|cccorrupt*) ;;
      *) echo "  (to find the test case: $bin -v -v $corpus, the last sqlid=,dbid= printed;" \
              "then --sqlid/--dbid and --export-sql/--export-db DIR extract it)" ;;
    esac
  fi
}

if [ "${1:-}" = --run-one ]; then
  shift
  run_one "$@"
  exit 0
fi

# probe CC DIR: can CC build and run an -fsanitize=address,undefined program?
# The program, DIR/probe, overflows a heap block if given an argument.
probe() {
  cat > "$2/probe.c" <<'EOF'
#include <stdlib.h>
int main(int argc, char **argv){
  volatile char *p = malloc(8);
  int r;
  (void)argv;
  if( p==0 ) return 1;
  p[0] = 0;
  p[argc+6] = 1;          /* p[8] with an argument: one byte past the end */
  r = p[0];
  free((void*)p);
  return r;
}
EOF
  $1 $san -g -O1 "$2/probe.c" -o "$2/probe" > "$2/probe.log" 2>&1 &&
    ASAN_OPTIONS=detect_leaks=0 "$2/probe" > /dev/null 2>&1
}

# selftest DIR FUZZCHECK CORPUS: the judging of run_one sees a sanitizer
# report (DIR/probe's planted overflow, run as a job: UBSan's object-size
# check or ASan reports it) and a fuzzcheck error
# (its own TEST_FAILURE=5, a simulated failure after the first case of a
# corpus of template databases, such as fuzzdata3.db) as failures.  Return non-zero, having said why, if it does not.
selftest() {
  printf '#!/bin/sh\nexec "%s" overflow\n' "$1/probe" > "$1/planted"
  chmod +x "$1/planted"
  sh "$here/fuzz.sh" --run-one "$1/planted" "$3" "$1/planted.log" self-test:planted-overflow > /dev/null
  TEST_FAILURE=5 sh "$here/fuzz.sh" --run-one "$2" "$3" "$1/simulated.log" self-test:simulated > /dev/null
  if [ "$(cat "$1/planted.log.res")" != fail ] || ! grep -Eq "$report_re" "$1/planted.log"; then
    note "self-test: a planted heap overflow was not reported, or not judged a failure"; return 1
  fi
  if [ "$(cat "$1/simulated.log.res")" != fail ] || ! grep -q 'simulated failure' "$1/simulated.log"; then
    note "self-test: fuzzcheck's simulated failure (TEST_FAILURE=5) was not judged a failure"; return 1
  fi
  echo "ok   self-test: a planted heap overflow and a simulated fuzzcheck error are both failures"
}

# report_first LOG WHAT: if the log LOG of the self-test run WHAT holds a
# sanitizer report (a real failure, before the run's deliberate one),
# say so with the report's first 20 lines and return 0; else return 1.
report_first() {
  grep -Eq "$report_re" "$1" || return 1
  note "self-test: $2 stopped at a sanitizer report before" \
    "its deliberate failure (log: $1):"
  sed -n "$(grep -n -m 1 -E "$report_re" "$1" | cut -d: -f1),\$p" "$1" |
    head -n 20 | sed 's/^/  | /'
  return 0
}

# selftest_ours DIR LIPFUZZ: the judging of our own fuzzer's jobs sees its
# deliberate failures as failures: --corrupt (one result row of
# lip_filter=ON changed; the model's content changed; two rows of a
# subquery_amortize=ON result swapped, so that only their order differs)
# and --no-feature (LIP, the cleaner, or subquery amortization never
# switched on: a run that does not exercise the feature).  Return
# non-zero, having said why, if it does not.
selftest_ours() {
  for t in "lip:--corrupt:lip_filter=ON and OFF differ" \
           "pc:--corrupt:the content differs from the model" \
           "corrsub:--corrupt:subquery_amortize=ON and OFF differ (the same rows in another order)" \
           "lip:--no-feature:no query used a Bloom filter" \
           "pc:--no-feature:no batch was written" \
           "corrsub:--no-feature:no query used an amortized index"; do
    part=${t%%:*} rest=${t#*:}
    opt=${rest%%:*} msg=${rest#*:}
    log=$1/self-test-lipfuzz-$part$opt.log
    LIPFUZZ_ARGS="--seed 1 --cases 10 $opt" FUZZ_SECONDS=600 \
      sh "$here/fuzz.sh" --run-one "$2" "$part" "$log" self-test > /dev/null
    # A real failure came first: say so, not that the judging is blind
    report_first "$log" "lipfuzz --part $part $opt" && return 1
    if [ "$(cat "$log.res")" != fail ] || ! grep "^FAIL" "$log" | grep -qF "$msg"; then
      note "self-test: lipfuzz --part $part $opt was not judged a failure" \
        "for '$msg' (log: $log)"; return 1
    fi
  done
  rm -rf "$1"/lipfuzz-pc.*   # the scratch directories of the failed pc runs
  echo "ok   self-test: lipfuzz's --corrupt and --no-feature runs (lip, pc, corrsub) are all failures"
}

# selftest_cc DIR CCCORRUPT: the judging of the corrupt-copy fuzzer's job
# sees its deliberate failures as failures: --no-feature (no copy ever
# built: no query used one) and --hang (each case runs a statement that
# never ends: the per-statement time limit).  Return non-zero, having said
# why, if it does not.
selftest_cc() {
  for t in "--cases 10 --no-feature:no query used a column copy" \
           "--cases 1 --hang --stmt-seconds 2:a statement ran longer than"; do
    opt=${t%%:*} msg=${t#*:}
    log=$1/self-test-cccorrupt$(echo "$opt" | tr -d ' ').log
    CCCORRUPT_ARGS="--seed 1 $opt" FUZZ_SECONDS=600 \
      sh "$here/fuzz.sh" --run-one "$2" cc "$log" self-test > /dev/null
    report_first "$log" "cccorrupt $opt" && return 1
    if [ "$(cat "$log.res")" != fail ] || ! grep "^FAIL" "$log" | grep -qF "$msg"; then
      note "self-test: cccorrupt $opt was not judged a failure for '$msg' (log: $log)"
      return 1
    fi
  done
  echo "ok   self-test: cccorrupt's --no-feature and --hang runs are both failures"
}

# build_ours DIR SAN TARGET...: make TARGETs (lipfuzz, fuzzcheck,
# fuzzcheck-asan) in build directory DIR with the rules of
# tool/lipfuzz.mk: sqlite3.c compiled once into sqlite3-fuzz.o (with SAN
# added to the directory's flags), linked into lipfuzz and into upstream's
# fuzzcheck.  Other make arguments may follow the targets.
build_ours() {
  bdir=$1 bsan=$2; shift 2
  src=$(make -s -C "$bdir" --no-print-directory \
          --eval 'lipfuzz-var-%: ; @printf "%s\n" "$($*)"' lipfuzz-var-FUZZCHECK_SRC) || return 1
  src=$(echo " $src " | sed 's| sqlite3\.c | sqlite3-fuzz.o |; s|^ ||; s| $||')
  case " $src " in
    *" sqlite3-fuzz.o "*) ;;
    *) note "upstream's FUZZCHECK_SRC names no sqlite3.c: '$src'"; return 1 ;;
  esac
  make -C "$bdir" --eval "$(cat "$here/lipfuzz.mk")" LIPSQLITE_TOP="$top" \
    LIPFUZZ_SAN="$bsan" FUZZCHECK_SRC="$src" "$@"
}

# run_jobs LISTFILE: run the jobs in LISTFILE (lines "BIN CORPUS LOG LABEL")
# FUZZ_JOBS at a time, then add up their results into passed and failed.
run_jobs() {
  njobs=${FUZZ_JOBS:-$(ncpu)}
  xargs -n 4 -P "$njobs" sh "$here/fuzz.sh" --run-one < "$1"
  while read -r _b _c log _l; do
    res=$(cat "$log.res" 2>/dev/null || echo fail)
    case $res in
      pass\ *) count "${res#pass }" 0 ;;
      *) fail ;;
    esac
  done < "$1"
}

# quick_start OPTION BUILDDIR NAME [HINT]: the start of a quick run
# (OPTION: --quick or --quick-cc) in the already built build directory
# BUILDDIR: set build to its absolute path, cc to its compiler and tmp to
# a new directory lipsqlite-NAME.XXXXXX for the run.  Abort without a
# built directory; exit 77 (skip), after HINT if given, if the compiler
# cannot build and run an $san program.
quick_start() {
  build=${2:?usage: tool/fuzz.sh $1 BUILDDIR}
  build=$(cd "$build" 2>/dev/null && pwd) ||
    abort "no build directory $2"
  [ -f "$build/sqlite3.c" ] && [ -f "$build/Makefile" ] ||
    abort "no $build/sqlite3.c: build first"
  cc=$(sed -n 's/^CC = //p' "$build/Makefile" | head -n 1)
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-$3.XXXXXX") || exit 1
  if ! probe "${cc:-cc}" "$tmp"; then
    note "skip: ${cc:-cc} cannot build and run an $san program:" \
      "$(grep -m 1 -i error "$tmp/probe.log")"
    [ -z "${4:-}" ] || note "$4"
    rm -rf "$tmp"; exit 77
  fi
}

# quick_end: the end of a quick run: remove its directory unless it
# failed or FUZZ_KEEP=1, print the summary and exit with its status.
quick_end() {
  if [ $failed = 0 ] && [ "${FUZZ_KEEP:-0}" != 1 ]; then rm -rf "$tmp"; else note "logs in $tmp"; fi
  summary
  exit
}

t0=$(date +%s)
if [ "${1:-}" = --quick-cc ]; then
  # The corrupt-copy fuzzer's quick run, in an already built build directory.
  quick_start --quick-cc "${2:-}" cccorrupt
  flags="$san -O1"
  note "building cccorrupt in $build, sqlite3.c compiled with: $flags -DSQLITE_DEBUG"
  rm -f "$build/cccorrupt" "$build/sqlite3-ccdebug.o"
  if ! build_ours "$build" "$flags" cccorrupt > "$tmp/build.log" 2>&1; then
    tail -n 20 "$tmp/build.log"
    rm -f "$build/sqlite3-ccdebug.o"
    abort "cannot build cccorrupt (log: $tmp/build.log)"
  fi
  mv "$build/cccorrupt" "$tmp/cccorrupt"
  rm -f "$build/sqlite3-ccdebug.o"
  bsecs=$(( $(date +%s) - t0 ))
  selftest_cc "$tmp" "$tmp/cccorrupt" || abort "logs in $tmp"
  FUZZ_SECONDS=${CCCORRUPT_QUICK_SECONDS:-45}
  export FUZZ_SECONDS
  echo "$tmp/cccorrupt cc $tmp/cccorrupt.log cccorrupt/${FUZZ_SECONDS}s" > "$tmp/jobs"
  run_jobs "$tmp/jobs"
  grep '^cccorrupt: [0-9]* mutations' "$tmp/cccorrupt.log" | tail -n 1
  note "cccorrupt built in ${bsecs}s; the quick run took $(( $(date +%s) - t0 ))s in all"
  quick_end
fi
if [ "${1:-}" = --quick ]; then
  # The quick slice, in an already built build directory.
  quick_start --quick "${2:-}" fuzz \
    "(Debian: the gcc package's libasan and libubsan, or apt-get install clang and configure with CC=clang)"
  flags="$san -O1 -DSQLITE_PCLEANER_DEFAULT=1 -DSQLITE_PCLEANER_THRESHOLD_PCT=0"
  note "building upstream's fuzzcheck-asan and our lipfuzz in $build, sqlite3.c compiled once with: $flags"
  rm -f "$build/fuzzcheck-asan" "$build/lipfuzz" "$build/sqlite3-fuzz.o"
  if ! build_ours "$build" "$flags" fuzzcheck-asan lipfuzz \
         "CFLAGS.fuzzcheck-asan.fsanitize=$flags" > "$tmp/build.log" 2>&1; then
    tail -n 20 "$tmp/build.log"
    rm -f "$build/sqlite3-fuzz.o"
    abort "cannot build fuzzcheck-asan and lipfuzz (log: $tmp/build.log)"
  fi
  mv "$build/fuzzcheck-asan" "$tmp/fuzzcheck"
  mv "$build/lipfuzz" "$tmp/lipfuzz"
  rm -f "$build/sqlite3-fuzz.o"
  bsecs=$(( $(date +%s) - t0 ))
  for o in LIP_DEFAULT=1 PCLEANER_DEFAULT=sync PCLEANER_THRESHOLD_PCT=0; do
    grep -aq "$o" "$tmp/fuzzcheck" ||
      abort "the binary's compile_options lack $o"
  done
  if ! selftest "$tmp" "$tmp/fuzzcheck" "$build/sqlite/test/fuzzdata3.db" ||
     ! selftest_ours "$tmp" "$tmp/lipfuzz"; then
    abort "logs in $tmp"
  fi
  FUZZ_SLICE=${FUZZ_QUICK_SLICE:-20}
  FUZZ_SECONDS=${FUZZ_QUICK_SECONDS:-30}
  export FUZZ_SLICE FUZZ_SECONDS
  : > "$tmp/jobs"
  for part in lip pc corrsub; do
    echo "$tmp/lipfuzz $part $tmp/lipfuzz-$part.log lipfuzz:$part/${FUZZ_SECONDS}s" >> "$tmp/jobs"
  done
  for f in "$build"/sqlite/test/fuzzdata*.db; do
    echo "$tmp/fuzzcheck $f $tmp/$(basename "$f" .db).log lip+pcleaner:$(basename "$f")/slice-1-of-$FUZZ_SLICE" >> "$tmp/jobs"
  done
  run_jobs "$tmp/jobs"
  note "fuzzcheck-asan built in ${bsecs}s; the quick run took $(( $(date +%s) - t0 ))s in all"
  quick_end
fi

# The whole run.
if [ -n "${CC:-}" ]; then cc=$CC
elif command -v clang > /dev/null 2>&1; then cc=clang
else cc=gcc; fi
pcmode=${FUZZ_PCLEANER:-sync}
case $pcmode in
  sync) pcdef=1 ;;
  thread) pcdef=2 ;;
  *) note "FUZZ_PCLEANER must be sync or thread, not '$pcmode'"; exit 2 ;;
esac
fuzzdir=$top/build-fuzz
mkdir -p "$fuzzdir" || exit 1
if ! probe "$cc" "$fuzzdir"; then
  cat "$fuzzdir/probe.log"
  abort "$cc cannot build and run an $san program (Debian: apt-get install clang, or gcc's libasan/libubsan)"
fi
base="$san -g -O1"
# VARIANT DIR EXTRA-CFLAGS
variants="lip:$fuzzdir: pcleaner-$pcmode:$top/build-fuzz-pcleaner:-DSQLITE_PCLEANER_DEFAULT=$pcdef@-DSQLITE_PCLEANER_THRESHOLD_PCT=0"

note "compiler $cc; CFLAGS $base"
for v in $variants; do
  name=${v%%:*} rest=${v#*:}
  dir=${rest%%:*} extra=$(echo "${rest#*:}" | tr @ ' ')
  note "configuring $name in $dir${extra:+ (with $extra)}"
  if ! "$top/configure" --builddir="$dir" --makefile="$dir/lipsqlite.mk" --disable-tcl \
       CC="$cc" CFLAGS="$base${extra:+ $extra}" > "$fuzzdir/configure-$name.log" 2>&1; then
    tail -n 20 "$fuzzdir/configure-$name.log"
    abort "configure failed for $name"
  fi
done

# The builds, in parallel: upstream's rules in each build directory (each
# binary compiles the whole amalgamation with the sanitizers: -j2 runs the
# two of a directory together).
pids=
for v in $variants; do
  name=${v%%:*} rest=${v#*:}; dir=${rest%%:*}
  case $name in
    lip) what="fuzzcheck, sessionfuzz, lipfuzz and cccorrupt" ;;
    *) what="fuzzcheck and sessionfuzz" ;;
  esac
  note "building $what for $name (log: $dir/fuzz-build.log)"
  case $name in
    # lipfuzz needs only one build (it sets its PRAGMAs itself); fuzzcheck
    # links the same sanitized sqlite3-fuzz.o (tool/lipfuzz.mk).
    lip) build_ours "$dir" "" -j2 fuzzcheck sessionfuzz lipfuzz cccorrupt > "$dir/fuzz-build.log" 2>&1 & ;;
    *) make -j2 -C "$dir" fuzzcheck sessionfuzz > "$dir/fuzz-build.log" 2>&1 & ;;
  esac
  pids="$pids $!"
done
bfail=0
for p in $pids; do wait "$p" || bfail=1; done
if [ $bfail = 1 ]; then
  for v in $variants; do
    rest=${v#*:}; dir=${rest%%:*}
    tail -n 10 "$dir/fuzz-build.log"
  done
  abort "a build failed"
fi
note "built in $(( $(date +%s) - t0 ))s"

# Each binary must carry the defaults its run is about.
for v in $variants; do
  name=${v%%:*} rest=${v#*:}; dir=${rest%%:*}
  case $name in
    lip) want="LIP_DEFAULT=1 PCLEANER_DEFAULT=off" ;;
    *) want="LIP_DEFAULT=1 PCLEANER_DEFAULT=$pcmode PCLEANER_THRESHOLD_PCT=0" ;;
  esac
  for o in $want; do
    grep -aq "$o" "$dir/fuzzcheck" ||
      abort "$dir/fuzzcheck: compile_options lack $o"
  done
done

logs=$fuzzdir/logs
rm -rf "$logs"; mkdir -p "$logs"
{ selftest "$fuzzdir" "$fuzzdir/fuzzcheck" "$fuzzdir/sqlite/test/fuzzdata3.db" &&
  selftest_ours "$fuzzdir" "$fuzzdir/lipfuzz" &&
  selftest_cc "$fuzzdir" "$fuzzdir/cccorrupt"; } ||
  abort "self-test logs in $fuzzdir"
# The jobs: our own fuzzer's two parts (FUZZ_SECONDS each) first, then the
# largest corpus files first (of both runs), so that the parallel jobs end
# at about the same time.
FUZZ_SECONDS=${FUZZ_SECONDS:-120}
export FUZZ_SECONDS
: > "$logs/jobs.unsorted"
for part in lip pc corrsub; do
  echo "999999999999 $fuzzdir/lipfuzz $part $logs/lipfuzz-$part.log lip:lipfuzz:$part/${FUZZ_SECONDS}s" >> "$logs/jobs.unsorted"
done
echo "999999999999 $fuzzdir/cccorrupt cc $logs/cccorrupt.log lip:cccorrupt/${FUZZ_SECONDS}s" >> "$logs/jobs.unsorted"
for v in $variants; do
  name=${v%%:*} rest=${v#*:}; dir=${rest%%:*}
  for f in "$dir"/sqlite/test/fuzzdata*.db "$dir"/sqlite/test/sessionfuzz-data*.db; do
    [ -f "$f" ] || continue
    case $f in */sessionfuzz-data*) prog=sessionfuzz ;; *) prog=fuzzcheck ;; esac
    echo "$(wc -c < "$f") $dir/$prog $f $logs/$name-$(basename "$f" .db).log $name:$prog:$(basename "$f")" >> "$logs/jobs.unsorted"
  done
done
# The column copies' fuzzer: on the plain (unsanitized) library of
# FUZZ_CC_BUILD (default build/, the build directory of ./configure), with
# stock SQLite as a second writer (bench/build-stock.sh, built if missing).
ccbuild=${FUZZ_CC_BUILD:-$top/build}
if [ -f "$ccbuild/libsqlite3.so.0" ] && command -v python3 > /dev/null 2>&1; then
  "$top/bench/build-stock.sh" > "$logs/build-stock.log" 2>&1 ||
    note "no stock SQLite (bench/build-stock.sh failed, log: $logs/build-stock.log): ccfuzz runs without stock writes"
  echo "999999999999 $top/test/fuzz/ccfuzz.py $ccbuild $logs/ccfuzz.log column-copy:ccfuzz/${FUZZ_SECONDS}s" >> "$logs/jobs.unsorted"
else
  note "no $ccbuild/libsqlite3.so.0 or no python3: the column copies' fuzzer (test/fuzz/ccfuzz.py) does not run (FUZZ_CC_BUILD=DIR names a build)"
fi
sort -k1,1nr "$logs/jobs.unsorted" | cut -d' ' -f2- > "$logs/jobs"
note "running $(wc -l < "$logs/jobs") jobs, ${FUZZ_JOBS:-$(ncpu)} at a time (logs: $logs)"
run_jobs "$logs/jobs"
note "make fuzz took $(( $(date +%s) - t0 ))s"
summary
