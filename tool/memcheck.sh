#!/bin/sh
# make memcheck: Tcl tests under Valgrind's memcheck, which sees what the
# sanitizers of make fuzz do not: a branch on uninitialised memory (such
# as a read of a struct field before the field is set).  doc/fuzzing.md.
#
# Usage: tool/memcheck.sh [--quick] BUILDDIR
#
# BUILDDIR's testfixture runs each test script of the list under
# "valgrind --error-exitcode=99", MEMCHECK_JOBS (default: the number of
# cores) at a time, each in a scratch directory of its own.  The list:
# every one of our test/*.test whose modules the build has (tool/modules.sh)
# and a few upstream scripts that run statements of every shape through
# our hooks (SELECT without FROM, row values, joins, subqueries,
# aggregates).  --quick (test/checks/memcheck.sh, in make test) takes the
# scripts that run in under a minute under Valgrind.  A script passes if
# it exits 0, prints "0 errors out of N tests" and Valgrind reports
# nothing; its N tests then count as passed, anything else as one failure
# with the start of Valgrind's report.  First a self-test: a program that
# branches on an uninitialised value must be reported.  No valgrind: the
# run is skipped (exit 77), unless LIPSQLITE_REQUIRE_VALGRIND=1 (CI).
# The last line is "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=memcheck
passed=0 failed=0 skipped=0
quick=0
[ "${1:-}" = --quick ] && { quick=1; shift; }
[ $# = 1 ] || die "usage: tool/memcheck.sh [--quick] BUILDDIR"
build=$(cd "$1" && pwd) || die "no build directory $1"
tree=$build/sqlite
[ -x "$build/testfixture" ] || abort "no $build/testfixture: run make testfixture first"
if ! command -v valgrind > /dev/null 2>&1; then
  if [ "${LIPSQLITE_REQUIRE_VALGRIND:-0}" = 1 ]; then
    abort "no valgrind and LIPSQLITE_REQUIRE_VALGRIND=1 (Debian: apt-get install valgrind)"
  fi
  note "skip: no valgrind (Debian: apt-get install valgrind)"
  exit 77
fi
njobs=${MEMCHECK_JOBS:-$(ncpu)}
vg="valgrind -q --error-exitcode=99 --leak-check=no"

# Upstream's scripts; the quick ones first.
upstream_quick="select1.test where.test rowvalue.test rowvalue3.test"
upstream_full="select4.test join.test subquery.test aggnested.test window1.test"
# Ours that take over a minute under Valgrind (the others are quick).
ours_slow="amortize1.test amortize2.test amortizemalloc.test batch1.test
  columncopy1.test columncopymalloc.test hashaggmalloc.test lipmalloc.test
  pcleaner1.test pcleaner2.test pcleaner3.test"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-memcheck.XXXXXX")

# Self-test: memcheck's verdict on a branch on an uninitialised value.
cat > "$tmp/uninit.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(void){
  int *p = malloc(sizeof(int));
  if( *p==12345 ) puts("equal");
  free(p);
  return 0;
}
EOF
if ! ${CC:-cc} -O0 -g -o "$tmp/uninit" "$tmp/uninit.c" 2> "$tmp/uninit.err"; then
  fail "self-test: cannot compile a C program"
elif $vg "$tmp/uninit" > "$tmp/uninit.out" 2>&1; then
  fail "self-test: a branch on an uninitialised value went unreported"
elif [ $? = 99 ] && grep -q "uninitialised" "$tmp/uninit.out"; then
  pass "self-test: a branch on an uninitialised value is reported"
else
  fail "self-test: unexpected result of valgrind on a planted error"
  head -n 20 "$tmp/uninit.out"
fi

list=
for t in $upstream_quick; do list="$list $t"; done
[ $quick = 1 ] || for t in $upstream_full; do list="$list $t"; done
for f in "$tree"/test/*.test; do
  name=$(basename "$f")
  [ -f "$here/../test/$name" ] || continue
  for m in $("$here/modules.sh" owners test "$name"); do
    grep -qx "$m tested" "$build/modules" 2>/dev/null || continue 2
  done
  if [ $quick = 1 ]; then
    case " $(echo $ours_slow) " in *" $name "*) continue ;; esac
  fi
  list="$list $name"
done

# run_one NAME: one script under valgrind in a directory of its own; its
# verdict in $tmp/NAME.res ("N M": passed, failed).
run_one() {
  d=$tmp/run-$1
  mkdir -p "$d"
  (cd "$d" && $vg "$build/testfixture" "$tree/test/$1" > "$tmp/$1.out" 2>&1)
  rc=$?
  n=$(sed -n 's/^\([0-9]*\) errors out of \([0-9]*\) tests.*/\1 \2/p' "$tmp/$1.out" | tail -n 1)
  if [ $rc = 0 ] && [ "${n%% *}" = 0 ] && ! grep -q '^==[0-9]*==' "$tmp/$1.out"; then
    echo "${n#* } 0" > "$tmp/$1.res"
  else
    echo "0 1" > "$tmp/$1.res"
  fi
  rm -rf "$d"
}

start=$(date +%s)
running=0
for t in $list; do
  run_one "$t" &
  running=$((running + 1))
  if [ $running -ge "$njobs" ]; then wait; running=0; fi
done
wait
for t in $list; do
  read p f < "$tmp/$t.res"
  if [ "$f" = 0 ]; then
    note "$t: $p tests, nothing reported"
    count "$p" 0
  else
    note "$t: FAILED (valgrind exit or report, or test errors):"
    grep -E '^==[0-9]*==|errors out of|^! |Expected' "$tmp/$t.out" | head -n 15
    count 0 1
  fi
done
note "$(echo $list | wc -w) scripts in $(( $(date +%s) - start )) s"
if [ $failed = 0 ]; then rm -rf "$tmp"; else note "logs kept in $tmp"; fi
summary
