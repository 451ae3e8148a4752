#!/bin/sh
# Long check: about 10 minutes in CI (the short form: no out-of-memory
# tests, nor the two slowest scripts; LIPSQLITE_DEBUG_FULL=1 runs all).
# The fork's assert()s run: no other build of make test defines
# SQLITE_DEBUG, so this check configures a second build directory,
# BUILD-debug (ignored by git, as build-*/ is), with ./configure
# --enable-debug and the modules and patches of BUILD, builds its
# testfixture and shell, and runs there every Tcl test of ours that BUILD runs
# (tool/run-tests.sh ourstcl: the test lines of src/*/module) and the
# upstream tests below, which exercise the upstream code our hooks sit in
# (the planner and the WHERE loop, joins, IN, count(), collations,
# VACUUM, triggers, automatic indexes).  An assertion failure aborts its
# test script, which the runner counts as a failure; the log of each
# failed script is printed.  It checks that the build is a debug one
# first (sqlite_compileoption_used('DEBUG')), so it cannot pass by
# running the release code.  LIPSQLITE_SKIP_MALLOC=1 leaves out our
# out-of-memory tests, as for BUILD.  Run by tool/run-tests.sh with TOP and
# BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"
dir=${LIPSQLITE_DEBUG_BUILDDIR:-$build-debug}
upstream="where.test where2.test select1.test join.test in.test count.test
  collate2.test vacuum.test trigger1.test autoindex1.test"
t0=$(date +%s)

# The modules and the patch series of BUILD (./configure wrote them there).
args=
if [ -f "$build/.without" ]; then
  for m in $(cat "$build/.without"); do args="$args --without-module=$m"; done
fi
[ -f "$build/.patches" ] && args="$args --patches=$(cat "$build/.patches")"
mkdir -p "$dir" || abort "cannot create $dir"
# shellcheck disable=SC2086
if ! "$top/configure" --builddir="$dir" --makefile="$dir/lipsqlite.mk" $args \
     --enable-debug > "$dir/check-configure.log" 2>&1; then
  tail -n 20 "$dir/check-configure.log"
  abort "configure --enable-debug failed (log: $dir/check-configure.log)"
fi
# The shell too: csvauto.test runs it.  One target at a time (both make
# sqlite3.c); a stale testfixture is not always rebuilt.
rm -f "$dir/testfixture" "$dir/sqlite3"
if ! { make -j2 -f "$dir/lipsqlite.mk" testfixture &&
       make -j2 -f "$dir/lipsqlite.mk" shell; } > "$dir/check-build.log" 2>&1; then
  tail -n 30 "$dir/check-build.log"
  abort "the debug testfixture or shell does not build (log: $dir/check-build.log)"
fi
note "debug testfixture and shell built in $(( $(date +%s) - t0 )) s"

# A debug build, or the check proves nothing.
printf '%s\n' 'sqlite3 db :memory:' \
  "puts [db one {SELECT sqlite_compileoption_used('DEBUG')}]" > "$dir/check-debug.tcl"
dbg=$(cd "$dir" && ./testfixture check-debug.tcl 2>&1)
if [ "$dbg" = 1 ]; then
  pass "the testfixture of $dir is a SQLITE_DEBUG build"
else
  fail "the testfixture of $dir is not a SQLITE_DEBUG build: '$dbg'"
  summary; exit 1
fi

# Our Tcl tests and the upstream ones, two scripts at a time.
skipmalloc=1 skiptests="amortize1.test pcleaner3.test"
if [ "${LIPSQLITE_DEBUG_FULL:-0}" = 1 ]; then skipmalloc=${LIPSQLITE_SKIP_MALLOC:-0} skiptests=; fi
out=$(LIPSQLITE_SKIP_CHECKS=1 LIPSQLITE_ALSO_TESTS="$upstream" NJOBS=${NJOBS:-2} \
  LIPSQLITE_SKIP_MALLOC=$skipmalloc LIPSQLITE_SKIP_TESTS="$skiptests" \
  "$top/tool/run-tests.sh" "$dir" ourstcl 2>&1)
rc=$?
printf '%s\n' "$out" | grep -v '^$' | tail -n 80
last=$(printf '%s\n' "$out" | tail -n 1)
p=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
f=$(echo "$last" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
if [ -z "$p" ] || [ -z "$f" ]; then
  fail "tool/run-tests.sh $dir ourstcl printed no summary (exit $rc)"
elif [ "$rc" != 0 ] || [ "$f" != 0 ] || [ "$p" = 0 ]; then
  fail "on the debug build: $last (exit $rc)"
else
  pass "on the debug build, our Tcl tests and$(echo $upstream | sed 's/^/ /'): $last"
fi
note "debug-build check took $(( $(date +%s) - t0 )) s"
summary
