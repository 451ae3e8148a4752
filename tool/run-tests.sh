#!/bin/sh
# Run lipsqlite's tests and print "N passed, N failed" as the last line.
#
# Usage: tool/run-tests.sh BUILDDIR [all|tcl|unit|checks|ours|ourstcl]
#
#   tcl     upstream's veryquick Tcl suite (test/testrunner.tcl, NJOBS jobs,
#           default: the number of cores), then our own Tcl tests (test/*.test
#           of this repository, by the same runner).
#   unit    the cmocka unit tests in test/unit/*.c, each built against the
#           build's amalgamation.
#   checks  every test/checks/*.sh: exit 0 = passed, 77 = skipped, else failed;
#           LIPSQLITE_CHECK_JOBS (default NJOBS) of them at a time.
#   ours    our Tcl tests, unit tests and checks, without upstream's suite
#           (tool/series-check.sh).
#   ourstcl our Tcl tests only (test/checks/debug-build.sh).
#
# Only the tests of the modules tested in the build run (see wanted()), and
# if LIPSQLITE_TEST_MODULES is set (even to nothing), only those of the
# modules it names (tool/series-check.sh --near).
# LIPSQLITE_SKIP_MALLOC=1 leaves out our out-of-memory Tcl tests
# (*malloc*.test), LIPSQLITE_SKIP_TESTS="A.test B.test" those scripts,
# LIPSQLITE_SKIP_CHECKS=1 the checks: the short forms
# that CI's leave-one-out build runs.  LIPSQLITE_ALSO_TESTS names upstream
# test scripts (where.test ...) to run with ours in "ours" (the debug
# build's check, test/checks/debug-build.sh).
#
# Root ignores file permissions, which breaks upstream's permission tests, so
# when run as root the Tcl suite runs as an unprivileged user
# ($LIPSQLITE_TEST_USER, default "nobody") in a directory that user owns.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=lipsqlite-test
build=$(cd "$1" && pwd) || { echo "lipsqlite: no build directory $1" >&2; exit 2; }
what=${2:-all}
njobs=${NJOBS:-$(ncpu)}
cjobs=${LIPSQLITE_CHECK_JOBS:-$njobs}
case $cjobs in
  ''|*[!0-9]*|0*) echo "lipsqlite: run-tests.sh: LIPSQLITE_CHECK_JOBS (or NJOBS) must be a number of checks to run at a time, 1 or more, not '$cjobs'" >&2; exit 2 ;;
esac
testuser=${LIPSQLITE_TEST_USER:-nobody}
tree=$build/sqlite

# wanted KIND FILE: true if every module that lists FILE as a test of KIND
# (test, unit, check; src/*/module) is tested in this build (BUILDDIR/modules,
# written by tool/prepare.sh): the tests of a module left out of the build
# (./configure --without-module=NAME) do not run.  With LIPSQLITE_TEST_MODULES
# set, one of those modules must also be named in it.  A file no module
# lists always runs.  A file that does not run is added to $omitted or to
# $narrowed, for the report at the end.
wanted() {
  owners=$("$here/modules.sh" owners "$1" "$2")
  for m in $owners; do
    grep -qx "$m tested" "$build/modules" 2>/dev/null || { omitted="$omitted $2"; return 1; }
  done
  if [ -n "$owners" ] && [ "${LIPSQLITE_TEST_MODULES+set}" = set ]; then
    for m in $owners; do
      case " $LIPSQLITE_TEST_MODULES " in *" $m "*) return 0 ;; esac
    done
    narrowed="$narrowed $2"
    return 1
  fi
  return 0
}
omitted=
narrowed=
skipped_malloc=

as_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$testuser" -- "$@"; else "$@"; fi
}

# Run testrunner.tcl with the given arguments in $rundir, with $tr_env (one
# VAR=VALUE, or empty) in its environment; add its counts.
tr_env=
testrunner() {
  label=$1; shift
  log=$rundir/$label.out
  note "running $label: testrunner.tcl --jobs $njobs $*"
  (cd "$rundir" && as_user env ${tr_env:+"$tr_env"} ./testfixture "$ttree/test/testrunner.tcl" --jobs "$njobs" "$@") > "$log" 2>&1
  rc=$?
  summary=$(grep -E '^[0-9]+ errors out of [0-9]+ tests' "$log" | tail -n 1)
  if [ -z "$summary" ]; then
    tail -n 20 "$log"
    note "$label: testrunner.tcl printed no summary (exit $rc): counted as 1 failure"
    fail
    return
  fi
  echo "$label: $summary"
  nerr=$(echo "$summary" | awk '{print $1}')
  ntest=$(echo "$summary" | awk '{print $5}')
  if [ "$nerr" -gt 0 ] || [ $rc != 0 ]; then
    (cd "$rundir" && as_user ./testfixture "$ttree/test/testrunner.tcl" errors) | tail -n 60
    [ "$nerr" -gt 0 ] || nerr=1
  fi
  if [ "$ntest" -lt "$nerr" ]; then ntest=$nerr; fi
  if [ "$ntest" = 0 ]; then
    note "$label: no test ran: counted as 1 failure"
    nerr=1; ntest=1
  fi
  count $((ntest - nerr)) "$nerr"
}

run_tcl() {
  [ -x "$build/testfixture" ] || { note "no $build/testfixture (configured with --disable-tcl?)"; fail; return; }
  rundir=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-test.XXXXXX")
  chmod 755 "$rundir"
  cp "$build/testfixture" "$rundir/"
  [ -x "$build/sqlite3" ] && cp "$build/sqlite3" "$rundir/"
  ttree=$tree
  if [ "$(id -u)" = 0 ]; then
    id "$testuser" >/dev/null 2>&1 || { note "test user '$testuser' does not exist; set LIPSQLITE_TEST_USER"; fail; return; }
    if ! runuser -u "$testuser" -- test -r "$tree/test/testrunner.tcl"; then
      # The unprivileged user cannot read the tree where it is (e.g. under
      # /root): give it a copy.
      mkdir "$rundir/sqlite" && (cd "$tree" && tar -cf - test ext) | (cd "$rundir/sqlite" && tar -xf -)
      ttree=$rundir/sqlite
    fi
    chown -R "$testuser" "$rundir"
    note "running the Tcl suite as user '$testuser' (root ignores file permissions)"
  fi
  # Our test scripts sit in the tree's test/ beside upstream's (they source
  # its tester.tcl), where veryquick would run them too: QUICKTEST_OMIT
  # (permutations.test) keeps them out of it, so that each runs once, below.
  ours= quickomit=
  for f in "$top"/test/*.test; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    quickomit="$quickomit${quickomit:+,}^$(echo "$name" | sed 's/\./\\./g')\$"
    if [ "${LIPSQLITE_SKIP_MALLOC:-0}" = 1 ] && case $name in *malloc*.test) true ;; *) false ;; esac; then
      skipped_malloc="$skipped_malloc $name"
    elif case " ${LIPSQLITE_SKIP_TESTS:-} " in *" $name "*) true ;; *) false ;; esac; then
      skipped_malloc="$skipped_malloc $name"
    elif wanted test "$name"; then
      ours="$ours $name\$"
    fi
  done
  for name in ${LIPSQLITE_ALSO_TESTS:-}; do
    [ -f "$tree/test/$name" ] || { note "no upstream test $name"; fail; continue; }
    ours="$ours ^full?$name\$"   # "full NAME" (testrunner.tcl matches that)
  done
  if [ "$what" = tcl ] || [ "$what" = all ]; then
    tr_env="QUICKTEST_OMIT=$quickomit"
    testrunner veryquick veryquick
    tr_env=
  fi
  if [ -n "$ours" ]; then
    # "full" holds every test script, so ours run whatever their names.
    testrunner lipsqlite full $ours
  fi
  if [ $failed = 0 ]; then rm -rf "$rundir"; else note "Tcl logs kept in $rundir"; fi
}

run_unit() {
  [ -f "$build/sqlite3.c" ] || { note "no $build/sqlite3.c: run make first"; fail; return; }
  mkdir -p "$build/unit"
  for t in "$top"/test/unit/*.c; do
    [ -f "$t" ] || continue
    name=$(basename "$t" .c)
    wanted unit "$name.c" || continue
    exe=$build/unit/$name
    # A line "** UNIT_CFLAGS: ..." in the test adds compiler options (for
    # example AddressSanitizer).
    extra=$(sed -n 's/^\*\* UNIT_CFLAGS: //p' "$t" | head -n 1)
    if [ ! -x "$exe" ] || [ "$t" -nt "$exe" ] || [ "$build/sqlite3.c" -nt "$exe" ]; then
      note "building unit test $name${extra:+ ($extra)}"
      if ! ${UNIT_CC:-cc} -g -O0 -DSQLITE_DEBUG -DSQLITE_THREADSAFE=1 $extra -I"$build" -I"$top/test/unit" \
           -o "$exe" "$t" -lcmocka -lpthread -lm -ldl 2> "$build/unit/$name.build.log"; then
        cat "$build/unit/$name.build.log"
        note "unit test $name does not build (is libcmocka-dev installed?): counted as 1 failure"
        fail; continue
      fi
    fi
    out=$(cd "$build/unit" && "$exe" 2>&1); rc=$?
    printf '%s\n' "$out" | grep -E '^\[ *(OK|FAILED|PASSED|ERROR|SKIPPED|RUN|==========) *\]|^\[  (OK|FAILED) *\]' | grep -v '\[ RUN' | tail -n 40
    p=$(printf '%s\n' "$out" | grep -o '\[  PASSED  \] [0-9]* test' | awk '{s+=$4} END {print s+0}')
    f=$(printf '%s\n' "$out" | grep -o '\[  FAILED  \] [0-9]* test' | awk '{s+=$4} END {print s+0}')
    if [ $rc != 0 ] && [ "$f" = 0 ]; then f=1; fi
    if [ "$p" = 0 ] && [ "$f" = 0 ]; then note "unit test $name ran no test: counted as 1 failure"; f=1; fi
    note "unit $name: $p passed, $f failed"
    count "$p" "$f"
  done
}

# A check whose opening comment says "# Long check: about N minutes in
# CI." starts before the others, the longest first, so that the parallel
# run below ends with short ones.  check_minutes FILE prints that N, or 0.
check_minutes() {
  n=$(sed -n '1,/^[^#]/p' "$1" | sed -n 's/^# Long check: about \([0-9][0-9]*\) minutes.*/\1/p' | head -n 1)
  echo "${n:-0}"
}

run_checks() {
  # tool/series-check.sh --quick runs no checks
  [ "${LIPSQLITE_SKIP_CHECKS:-0}" = 1 ] && { note "checks not run (LIPSQLITE_SKIP_CHECKS=1)"; return; }
  names=
  for c in "$top"/test/checks/*.sh; do
    [ -f "$c" ] || continue
    name=$(basename "$c" .sh)
    wanted check "$name.sh" || continue
    names="$names $name"
  done
  [ -n "$names" ] || return 0
  order=$(for name in $names; do
      echo "$(check_minutes "$top/test/checks/$name.sh") $name"
    done | sort -s -k1,1nr | awk '{ printf " %s", $2 }')
  # $cjobs checks run side by side.  Several build with make -j2 or run
  # two processes for part of their run, so each takes longer than alone;
  # the total is still shorter.  Each writes only into its own temporary
  # directory, build/ subdirectories of its own name, or
  # (bench/build-stock.sh) renames a finished build into place.
  cdir=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-checks.XXXXXX")
  note "running the checks, $cjobs at a time:$order"
  printf '%s\n' $order | xargs -P "$cjobs" -I {} env BUILD="$build" TOP="$top" \
    sh -c 's=$(date +%s); sh "$1/test/checks/$2.sh" > "$3/$2.out" 2>&1; echo "$? $(( $(date +%s) - s ))" > "$3/$2.rc"' \
    check "$top" {} "$cdir"
  for name in $names; do
    tail -n 20 "$cdir/$name.out" 2>/dev/null
    set -- $(cat "$cdir/$name.rc" 2>/dev/null || echo "1 0")
    case $1 in
      0)  note "check $name: passed ($2 s)"; pass ;;
      77) note "check $name: skipped ($2 s)"; skip ;;
      *)  note "check $name: FAILED (exit $1, $2 s)"; fail ;;
    esac
  done
  rm -rf "$cdir"
}

case $what in
  all) run_tcl; run_unit; run_checks ;;
  tcl) run_tcl ;;
  unit) run_unit ;;
  checks) run_checks ;;
  ours) run_tcl; run_unit; run_checks ;;
  ourstcl) run_tcl ;;
  *) echo "lipsqlite: run-tests.sh: unknown test set '$what' (all, tcl, unit, checks, ours, ourstcl)" >&2; exit 2 ;;
esac
if [ -n "$skipped_malloc" ]; then
  note "not run (LIPSQLITE_SKIP_MALLOC=1, the short form):$skipped_malloc"
fi
if [ -n "$narrowed" ]; then
  note "not run, their modules are not in LIPSQLITE_TEST_MODULES (${LIPSQLITE_TEST_MODULES:-none}):$narrowed"
fi
if [ -n "$omitted" ]; then
  note "not run, their modules are left out of this build ($(awk '$2 != "tested" { printf "%s ", $1 }' "$build/modules")):$omitted"
fi
summary
