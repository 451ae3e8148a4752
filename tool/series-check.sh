#!/bin/sh
# Check that the patch series can be cut: that the fork builds and passes
# its tests with any one module left out, and at every prefix of the series.
#
# Usage:
#   tool/series-check.sh leave-one-out [--quick] [--near] [MODULE...]
#       for each MODULE (default: every module but the shared hooks build,
#       core, shell and hash), configure with --without-module=MODULE (and
#       the modules that require it), build, and run the tests of the
#       remaining modules; with --near, only the tests of the modules whose
#       patches change an upstream file that MODULE's change (tool/modules.sh
#       near: those whose hooks cutting MODULE could break)
#   tool/series-check.sh prefixes [--quick|--compile]
#       for each prefix of patches/series (one patch, two, ...), build what
#       it holds and run the tests of the modules it holds whole
#
# Each build is made in build-check/NAME/ (ignored by git), at -O1 to save
# time.  Tests: --quick runs our Tcl tests and unit tests
# (tool/run-tests.sh ours, without the checks); without it, upstream's
# veryquick suite too, and the checks (tool/run-tests.sh all).  --compile
# builds the library and the shell at -O0 and runs only the unit tests.
# Ends with
# "N passed, N failed", counting one per configuration.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: series-check"
mode=${1:-}; [ $# -gt 0 ] && shift
quick=0 compile=0 near=0 cflags="-O1 -g0" targets="all testfixture"
# --quick, --near and --compile in any order; with --compile (which runs
# only the unit tests), --quick does not matter.
while :; do
  case ${1:-} in
    --quick) quick=1; shift ;;
    --near) near=1; shift ;;
    --compile) compile=1; cflags="-O0 -g0"; targets=all; shift ;;
    *) break ;;
  esac
done
checkdir=${LIPSQLITE_CHECK_DIR:-$top/build-check}
mkdir -p "$checkdir" || die_with 2 "cannot create $checkdir"
failures=

# with_dependents MODULE: MODULE and every module that requires it,
# directly or through another, one a line.
with_dependents() {
  set -- "$1"
  all=$("$here/modules.sh" list)
  grow=1
  while [ $grow = 1 ]; do
    grow=0
    for m in $all; do
      case " $* " in *" $m "*) continue ;; esac
      for r in $("$here/modules.sh" get "$m" requires); do
        case " $* " in *" $r "*) set -- "$@" "$m"; grow=1; break ;; esac
      done
    done
  done
  printf '%s\n' "$@"
}

# run NAME CONFIGURE-ARGS...: configure, build and test one configuration.
run() {
  name=$1; shift
  dir=$checkdir/$name
  log=$dir.log
  start=$(date +%s)
  echo "== $name: configure $*"
  if ! "$top/configure" --builddir="$dir" --makefile="$dir/lipsqlite.mk" CFLAGS="$cflags" "$@" > "$log" 2>&1 \
     || ! make -f "$dir/lipsqlite.mk" -j"${NJOBS:-$(ncpu)}" $targets >> "$log" 2>&1; then
    tail -n 15 "$log"
    echo "== $name: FAILED to build (log: $log)"
    fail; failures="$failures $name"; return
  fi
  tests=all
  if [ $compile = 1 ]; then
    # Built; the unit tests need no testfixture
    "$here/run-tests.sh" "$dir" unit >> "$log" 2>&1
    rc=$?
    echo "== $name: built; $(tail -n 1 "$log") ($(( $(date +%s) - start )) s)"
    if [ $rc = 0 ]; then pass; else fail; failures="$failures $name"; fi
    return
  fi
  # A module built without its test patches (a prefix that ends between
  # them) fails upstream's expectations those patches change: our tests only.
  if [ $quick = 1 ] || grep -q ' built$' "$dir/modules"; then tests=ours; fi
  if [ $quick = 1 ]; then
    LIPSQLITE_SKIP_CHECKS=1 "$here/run-tests.sh" "$dir" "$tests" >> "$log" 2>&1
  else
    "$here/run-tests.sh" "$dir" "$tests" >> "$log" 2>&1
  fi
  rc=$?
  grep -E '^lipsqlite-test: (not run|unit .*:|check .*:)|^(veryquick|lipsqlite): ' "$log" | tail -n 25
  summary=$(tail -n 1 "$log")
  echo "== $name: $summary ($(( $(date +%s) - start )) s)"
  if [ $rc = 0 ]; then pass; else fail; failures="$failures $name"; fi
}

case $mode in
  leave-one-out)
    mods=$*
    if [ -z "$mods" ]; then
      mods=$("$here/modules.sh" list | grep -vx 'build\|core\|shell\|hash' | tr '\n' ' ')
    fi
    for m in $mods; do
      # The modules that require m go with it (progressbar with progress).
      args=
      for d in $(with_dependents "$m"); do args="$args --without-module=$d"; done
      if [ $near = 1 ]; then
        nearby=$("$here/modules.sh" near "$m") || exit 2
        LIPSQLITE_TEST_MODULES=$(echo $nearby)
        export LIPSQLITE_TEST_MODULES
        echo "== without-$m: the tests of the modules near it: $LIPSQLITE_TEST_MODULES"
      fi
      run "without-$m" $args
    done ;;
  prefixes)
    [ $near = 0 ] || die_with 2 "--near is an option of leave-one-out only"
    patches=$(series_patches "$top/patches/series")
    n=0
    for p in $patches; do
      n=$((n + 1))
      mkdir -p "$checkdir/prefix-$n"
      printf '%s\n' $patches | head -n $n > "$checkdir/prefix-$n/.series"
      run "prefix-$n" 
    done ;;
  *) die_with 2 "usage: tool/series-check.sh leave-one-out [--quick|--compile] [--near] [MODULE...] | prefixes [--quick|--compile]" ;;
esac
[ -n "$failures" ] && echo "series-check: failed:$failures"
summary
