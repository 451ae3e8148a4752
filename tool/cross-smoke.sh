#!/bin/sh
# Cross builds for a Raspberry Pi and their smoke test under qemu-user.
#
#   tool/cross-smoke.sh HOST...     e.g. aarch64-linux-gnu arm-linux-gnueabihf
#
# For each HOST: ./configure --host=HOST in build-HOST/ (its own top-level
# make file, build-HOST/lipsqlite.mk), make lib shell amalgamation, then
# under qemu-user (qemu-aarch64 / qemu-arm, with -L /usr/HOST):
#   1. the shell runs and reports the fork's version;
#   2. EXPLAIN QUERY PLAN of a star join shows the LIP Bloom filters, and
#      the join gives the same rows with the filters off;
#   3. a large transaction (more pages than the page cache holds), with the
#      page cleaner on (PRAGMA page_cleaner=sync) writing batches, commits
#      and PRAGMA integrity_check says ok;
#   4. the cmocka unit tests (test/unit/*.c), cross-compiled, pass; this
#      needs the HOST's libcmocka (Debian: dpkg --add-architecture ARCH;
#      apt-get install libcmocka-dev:ARCH), else it is reported as skipped.
# Prints "N passed, N failed" last; exits non-zero on any failure.  A
# missing cross compiler or qemu is one clear error.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=cross-smoke
[ $# -ge 1 ] || { echo "usage: tool/cross-smoke.sh HOST... (aarch64-linux-gnu, arm-linux-gnueabihf)" >&2; exit 2; }
for host in "$@"; do
  case $host in
    aarch64-*) qarch=aarch64 darch=arm64 ;;
    arm-*hf|armv7*) qarch=arm darch=armhf ;;
    *) die_with 2 "unknown host '$host' (aarch64-linux-gnu or arm-linux-gnueabihf)" ;;
  esac
  command -v "$host-gcc" >/dev/null 2>&1 ||
    die_with 2 "$host-gcc not found (Debian: apt-get install gcc-$host)"
  command -v "qemu-$qarch" >/dev/null 2>&1 ||
    die_with 2 "qemu-$qarch not found (Debian: apt-get install qemu-user)"
  b=$top/build-$host
  run() { QEMU_LD_PREFIX=/usr/$host LD_LIBRARY_PATH=$b "qemu-$qarch" "$@"; }
  echo "== $host: configure and build in $b"
  if ! "$top/configure" --host="$host" --builddir="$b" --makefile="$b/lipsqlite.mk" --disable-tcl \
       > "$b.configure.log" 2>&1; then
    tail -n 15 "$b.configure.log"; fail "$host: configure --host=$host"; continue
  fi
  if ! make -f "$b/lipsqlite.mk" lib shell amalgamation > "$b.make.log" 2>&1; then
    tail -n 25 "$b.make.log"; fail "$host: build"; continue
  fi
  mach=$(readelf -h "$b/sqlite3" 2>/dev/null | sed -n 's/^ *Machine: *//p')
  case $qarch:$mach in
    aarch64:AArch64|arm:ARM) pass "$host: built the library and shell for $mach" ;;
    *) fail "$host: the shell is not a $qarch binary (ELF machine '$mach')" ;;
  esac
  # 1. The shell runs.
  v=$(run "$b/sqlite3" :memory: 'PRAGMA lipsqlite_version; SELECT sqlite_version();' 2>&1 | tr '\n' ' ')
  [ "$v" = "$(cat "$top/VERSION") $(sed 's/+.*//' "$top/VERSION") " ] && pass "$host: shell runs: $v" || fail "$host: shell: '$v'"
  # 2. A star join: Bloom filters in the plan, same rows off and on.
  db=$b/smoke.db
  rm -f "$db"
  run "$b/sqlite3" "$db" "
    CREATE TABLE d1(k INTEGER PRIMARY KEY, a); CREATE TABLE d2(k INTEGER PRIMARY KEY, b);
    CREATE TABLE f(x, y, v);
    INSERT INTO d1 SELECT value, value%10 FROM generate_series(1,2000);
    INSERT INTO d2 SELECT value, value%7 FROM generate_series(1,500);
    INSERT INTO f SELECT value%2000+1, value%500+1, value FROM generate_series(1,50000);" 2>&1
  q="SELECT count(*), sum(v) FROM f, d1, d2 WHERE f.x=d1.k AND f.y=d2.k AND d1.a=3 AND d2.b=2"
  plan=$(run "$b/sqlite3" "$db" "EXPLAIN QUERY PLAN $q" 2>&1)
  n=$(printf '%s\n' "$plan" | grep -c 'BLOOM FILTER ON')
  [ "$n" -ge 2 ] && pass "$host: EXPLAIN QUERY PLAN shows $n Bloom filters" || fail "$host: no Bloom filters in the plan: $plan"
  on=$(run "$b/sqlite3" "$db" "PRAGMA lip_filter=ON; $q" 2>&1)
  off=$(run "$b/sqlite3" "$db" "PRAGMA lip_filter=OFF; $q" 2>&1)
  want=$(printf '%s\n' "$q;" | "$top/build/sqlite3" "$db" 2>/dev/null || true)
  [ -n "$on" ] && [ "$on" = "$off" ] && pass "$host: star join: $on with filters on and off" ||
    fail "$host: star join: on '$on' off '$off'"
  [ -z "$want" ] || [ "$want" = "$on" ] || fail "$host: star join: the native build says '$want', $host says '$on'"
  # 3. A large transaction through a small page cache, with the page
  #    cleaner writing batches, commits intact.
  r=$(run "$b/sqlite3" "$db" "
    PRAGMA cache_size=100; PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;
    PRAGMA page_cleaner=sync; PRAGMA page_cleaner_threshold=0.5;
    CREATE TABLE big(k TEXT PRIMARY KEY, t TEXT, i INTEGER);
    BEGIN;
    INSERT INTO big SELECT hex(randomblob(4)) || value, hex(randomblob(50)), value FROM generate_series(1,20000);
    COMMIT;
    SELECT count(*) FROM big; PRAGMA integrity_check;
    SELECT 'batches=' || batches FROM pragma_page_cleaner_stats WHERE schema='main';" 2>&1 | tr '\n' ' ')
  case $r in *"20000 ok batches="[1-9]*) pass "$host: large transaction (20000 rows, cache_size=100, page_cleaner=sync) committed, integrity_check ok, ${r##*batches=}batches" ;;
    *) fail "$host: large transaction with the page cleaner: $r" ;; esac
  # 4. The cmocka unit tests, cross-compiled.
  if printf '#include <stdarg.h>\n#include <stddef.h>\n#include <setjmp.h>\n#include <cmocka.h>\nint main(void){return 0;}\n' |
     "$host-gcc" -x c - -o "$b/cmocka-probe" -lcmocka > /dev/null 2>&1; then
    for t in "$top"/test/unit/*.c; do
      name=$(basename "$t" .c)
      # AddressSanitizer options (UNIT_CFLAGS) are for native runs only.
      if ! "$host-gcc" -g -O0 -DSQLITE_DEBUG -DSQLITE_THREADSAFE=1 -I"$b" -I"$top/test/unit" \
           -o "$b/unit-$name" "$t" -lcmocka -lpthread -lm -ldl > "$b/unit-$name.log" 2>&1; then
        tail -n 5 "$b/unit-$name.log"; fail "$host: unit test $name does not build"; continue
      fi
      out=$(cd "$b" && run "$b/unit-$name" 2>&1); rc=$?
      if [ $rc = 0 ]; then pass "$host: unit test $name: $(printf '%s\n' "$out" | grep -o 'PASSED  \] [0-9]* test' | head -n 1)"
      else printf '%s\n' "$out" | tail -n 10; fail "$host: unit test $name"; fi
    done
  else
    skip "$host: no libcmocka for $host (dpkg --add-architecture $darch; apt-get install libcmocka-dev:$darch): unit tests not run"
  fi
done
note "$skipped skipped"
echo "$passed passed, $failed failed"
[ $failed = 0 ]
