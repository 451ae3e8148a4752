#!/bin/sh
# Check that the patch series can be cut: that the fork builds and passes
# its tests with any one module left out, and at every prefix of the series.
#
# Usage:
#   tool/series-check.sh leave-one-out [--quick] [MODULE...]
#       for each MODULE (default: every module but the shared hooks core,
#       shell and hash), configure with --without-module=MODULE, build, and
#       run the tests of the remaining modules
#   tool/series-check.sh prefixes [--quick]
#       for each prefix of patches/series (one patch, two, ...), build what
#       it holds and run the tests of the modules it holds whole
#
# Each build is made in build-check/NAME/ (ignored by git), at -O1 to save
# time.  Tests: --quick runs our Tcl tests and unit tests
# (tool/run-tests.sh ours, without the checks); without it, upstream's
# veryquick suite too, and the checks (tool/run-tests.sh all).  Ends with
# "N passed, N failed", counting one per configuration.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
die() { echo "lipsqlite: series-check: $*" >&2; exit 2; }
mode=${1:-}; [ $# -gt 0 ] && shift
quick=0
if [ "${1:-}" = --quick ]; then quick=1; shift; fi
checkdir=${LIPSQLITE_CHECK_DIR:-$top/build-check}
mkdir -p "$checkdir" || die "cannot create $checkdir"
passed=0 failed=0 failures=

# run NAME CONFIGURE-ARGS...: configure, build and test one configuration.
run() {
  name=$1; shift
  dir=$checkdir/$name
  log=$dir.log
  start=$(date +%s)
  echo "== $name: configure $*"
  if ! "$top/configure" --builddir="$dir" --makefile="$dir/lipsqlite.mk" CFLAGS="-O1 -g0" "$@" > "$log" 2>&1 \
     || ! make -f "$dir/lipsqlite.mk" -j"${NJOBS:-$(nproc 2>/dev/null || echo 2)}" all testfixture >> "$log" 2>&1; then
    tail -n 15 "$log"
    echo "== $name: FAILED to build (log: $log)"
    failed=$((failed + 1)); failures="$failures $name"; return
  fi
  if [ $quick = 1 ]; then set=ours; else set=all; fi
  if [ $quick = 1 ]; then
    LIPSQLITE_SKIP_CHECKS=1 "$here/run-tests.sh" "$dir" "$set" >> "$log" 2>&1
  else
    "$here/run-tests.sh" "$dir" "$set" >> "$log" 2>&1
  fi
  rc=$?
  grep -E '^lipsqlite-test: (not run|unit .*:|check .*:)|^(veryquick|lipsqlite): ' "$log" | tail -n 25
  summary=$(tail -n 1 "$log")
  echo "== $name: $summary ($(( $(date +%s) - start )) s)"
  if [ $rc = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures="$failures $name"; fi
}

case $mode in
  leave-one-out)
    mods=$*
    if [ -z "$mods" ]; then
      mods=$("$here/modules.sh" list | grep -vx 'core\|shell\|hash' | tr '\n' ' ')
    fi
    for m in $mods; do
      run "without-$m" --without-module="$m"
    done ;;
  prefixes)
    patches=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series")
    n=0
    for p in $patches; do
      n=$((n + 1))
      mkdir -p "$checkdir/prefix-$n"
      printf '%s\n' $patches | head -n $n > "$checkdir/prefix-$n/.series"
      run "prefix-$n" 
    done ;;
  *) die "usage: tool/series-check.sh leave-one-out [--quick] [MODULE...] | prefixes [--quick]" ;;
esac
[ -n "$failures" ] && echo "series-check: failed:$failures"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
