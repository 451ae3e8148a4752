#!/bin/sh
# Build the crash harnesses' programs (doc/stress.md) into OUT:
#   OUT/stress      the workload writer, reader and checker (stress.c),
#                   linked with -lsqlite3 without an rpath, so that
#                   LD_LIBRARY_PATH chooses the library it runs on (ours,
#                   stock, or a deliberately broken build);
#   OUT/plrec.so    the system-call recorder of the power-loss simulator;
# and with --broken, for the harnesses' self-test, two deliberately broken
# libraries from BUILDDIR/sqlite3.c (SQLITE_PCLEANER_TEST_BREAK, see
# src/pcleaner/pcleaner.h), built in parallel:
#   OUT/broken1/libsqlite3.so.0   a commit can return before its queue is
#                                 written;
#   OUT/broken2/libsqlite3.so.0   batches write pages before their journal
#                                 records are synced.
# Usage: test/stress/build.sh BUILDDIR OUT [--broken]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: build.sh BUILDDIR OUT}" && pwd)
out=${2:?usage: build.sh BUILDDIR OUT}
broken=${3:-}
cc=${CC:-cc}
mkdir -p "$out"
[ -f "$build/sqlite3.h" ] && [ -f "$build/libsqlite3.so.0" ] ||
  { echo "stress: no sqlite3.h and libsqlite3.so.0 in $build: build first" >&2; exit 1; }
# -lsqlite3 finds libsqlite3.so in BUILDDIR (a link to libsqlite3.so.0).
$cc -O2 -g -Wall -I"$build" -o "$out/stress" "$here/stress.c" \
  -L"$build" -lsqlite3
if [ -f "$here/plrec.c" ]; then
  $cc -O2 -g -Wall -shared -fPIC -o "$out/plrec.so" "$here/plrec.c" -ldl -lpthread
fi
if [ "$broken" = --broken ]; then
  [ -f "$build/sqlite3.c" ] || { echo "stress: no $build/sqlite3.c" >&2; exit 1; }
  for n in 1 2; do
    mkdir -p "$out/broken$n"
    if [ ! -f "$out/broken$n/libsqlite3.so.0" ] ||
       [ "$build/sqlite3.c" -nt "$out/broken$n/libsqlite3.so.0" ]; then
      $cc -O1 -shared -fPIC -DSQLITE_PCLEANER_TEST_BREAK=$n \
        -DSQLITE_THREADSAFE=1 -o "$out/broken$n/libsqlite3.so.0" \
        "$build/sqlite3.c" -lpthread -lm -ldl &
    fi
  done
  wait
  for n in 1 2; do
    [ -f "$out/broken$n/libsqlite3.so.0" ] ||
      { echo "stress: the broken build $n failed" >&2; exit 1; }
  done
fi
