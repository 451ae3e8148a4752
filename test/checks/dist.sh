#!/bin/sh
# make dist (tool/dist.sh): the autoconf tarball builds with nothing but a C
# compiler and make, with the network cut off, and its shell has the fork's
# features and the feature set of our build's library; the bare sqlite3.c of
# the amalgamation zip, compiled alone with cc -c, has the library's
# PRAGMA compile_options, LIP filters and the fork's version; two runs give
# byte-identical files.
# Run by tool/run-tests.sh with TOP and BUILD set.
# Long check: about 3 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"  # pass, fail and their tally $failed
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# has MODULE: the module's feature is in this build (BUILDDIR/modules of
# tool/prepare.sh: a build made --without-module=NAME has not its feature,
# whose assertions are then skipped, saying so).
has() {
  [ ! -f "$build/modules" ] && return 0
  grep -qx "$1 tested" "$build/modules" && return 0
  echo "skip $2: module $1 is not in this build"; return 1
}

# What tool/dist.sh and the tarball's build need, beyond our build.
cc=
for c in cc gcc; do command -v "$c" >/dev/null 2>&1 && { cc=$(command -v "$c"); break; }; done
[ -n "$cc" ] || { echo "skip: no C compiler (cc, gcc)"; exit 77; }
for t in make tar gzip zip unzip sha256sum; do
  command -v "$t" >/dev/null 2>&1 || { echo "skip: $t not found (tool/dist.sh needs it)"; exit 77; }
done
[ -x "$build/sqlite3" ] && [ -f "$build/libsqlite3.so.0" ] || { echo "FAIL no $build/sqlite3 or libsqlite3.so.0: run make"; exit 1; }
version=$("$top/tool/build-version.sh" "$build" fork) || exit 1
# The builds of this check run at -j2 at most (make test runs it next to
# other work).
MAKEFLAGS= MFLAGS= MAKELEVEL=
export MAKEFLAGS MFLAGS MAKELEVEL

# 1. Two runs, two output directories: the same bytes.  (Outside a git
# checkout tool/dist.sh needs SOURCE_DATE_EPOCH: a fixed one.)
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && ! git -C "$top" log -1 --format=%ct > /dev/null 2>&1; then
  SOURCE_DATE_EPOCH=1700000000; export SOURCE_DATE_EPOCH
fi
for i in 1 2; do
  if ! sh "$top/tool/dist.sh" "$build" "$tmp/d$i" > "$tmp/dist$i.log" 2>&1; then
    cat "$tmp/dist$i.log"; echo "FAIL tool/dist.sh (run $i)"; exit 1
  fi
done
tgz=lipsqlite-autoconf-$version.tar.gz
zipf=lipsqlite-amalgamation-$version.zip
for f in "$tgz" "$zipf"; do
  [ -f "$tmp/d1/$f" ] || { fail "tool/dist.sh wrote no $f"; continue; }
  a=$(sha256sum < "$tmp/d1/$f" | cut -c1-64) b=$(sha256sum < "$tmp/d2/$f" 2>/dev/null | cut -c1-64)
  if [ "$a" = "$b" ]; then pass "$f: two runs give the same sha256 $a"; else fail "$f: two runs differ ($a, $b)"; fi
done
[ $failed = 0 ] || exit 1

# 2. The tarball's layout.
mkdir "$tmp/u" && tar -xzf "$tmp/d1/$tgz" -C "$tmp/u" || { echo "FAIL cannot unpack $tgz"; exit 1; }
src=$tmp/u/lipsqlite-autoconf-$version
missing=
for f in configure Makefile.in sqlite3.c sqlite3.h sqlite3ext.h shell.c VERSION LIPSQLITE-VERSION \
         README-lipsqlite.md LICENSE-NOTES autosetup/sqlite-config.tcl; do
  [ -f "$src/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then pass "$tgz: one directory lipsqlite-autoconf-$version/ with configure, the amalgamation, shell.c, our notes"
else fail "$tgz lacks:$missing"; fi
[ "$(cat "$src/LIPSQLITE-VERSION" 2>/dev/null)" = "$version" ] || fail "LIPSQLITE-VERSION is not $version"
grep -q '^# define SQLITE_ENABLE_FTS5 1$' "$src/sqlite3.c" || fail "no baked SQLITE_ENABLE_FTS5 default at the top of sqlite3.c"

# 3. The bare sqlite3.c of the zip, compiled alone (cc -c, no -D), in the
#    background while the tarball builds: a program that runs SQL.
mkdir "$tmp/z" && (cd "$tmp/z" && unzip -q "$tmp/d1/$zipf") || { echo "FAIL cannot unpack $zipf"; exit 1; }
zdir=$tmp/z/lipsqlite-amalgamation-$version
cmp -s "$zdir/sqlite3.c" "$src/sqlite3.c" || fail "$zipf and $tgz have different sqlite3.c"
cat > "$tmp/runsql.c" <<'EOF'
/* runsql DB SQL: print every row of SQL, its columns separated by '|'. */
#include <stdio.h>
#include "sqlite3.h"
static int row(void *p, int n, char **v, char **c){
  int i;
  (void)p; (void)c;
  for(i=0; i<n; i++) printf("%s%s", i ? "|" : "", v[i] ? v[i] : "");
  printf("\n");
  return 0;
}
int main(int argc, char **argv){
  sqlite3 *db;
  char *err = 0;
  if( argc!=3 || sqlite3_open(argv[1], &db)!=SQLITE_OK ) return 2;
  if( sqlite3_exec(db, argv[2], row, 0, &err)!=SQLITE_OK ){
    fprintf(stderr, "runsql: %s\n", err ? err : "error");
    return 1;
  }
  sqlite3_close(db);
  return 0;
}
EOF
(cd "$zdir" && "$cc" -c sqlite3.c -o "$tmp/bare.o" > "$tmp/bare.log" 2>&1 &&
   "$cc" -I"$zdir" "$tmp/runsql.c" "$tmp/bare.o" -o "$tmp/runsql-bare" -lm -lpthread -ldl >> "$tmp/bare.log" 2>&1
 echo $? > "$tmp/bare.rc") &
bare_pid=$!

# 4. The tarball: ./configure && make sqlite3 with nothing but the C
#    compiler and its binutils, make and POSIX tools on PATH (no tclsh:
#    autosetup builds its own jimsh), and the network cut off where
#    unshare allows it.
tools=$tmp/tools
mkdir "$tools"
for t in sh dash bash env cc gcc as ld ar ranlib strip nm make rm cp mv mkdir rmdir cat sed awk grep tr chmod ln ls \
         uname head tail sort touch expr test printf echo true false dirname basename pwd find wc \
         cut date tee id mktemp sleep install readlink realpath cmp diff; do
  p=$(command -v "$t" 2>/dev/null) && case $p in /*) ln -s "$p" "$tools/$t" ;; esac
done
[ -e "$tools/cc" ] || ln -s "$cc" "$tools/cc"
netns=
if us=$(command -v unshare 2>/dev/null); then
  if "$us" -n true 2>/dev/null; then netns="$us -n"
  elif "$us" -rn true 2>/dev/null; then netns="$us -rn"
  fi
fi
cat > "$tmp/build.sh" <<'EOF'
# In the network namespace: only lo.  Then the build.
ifs=$(tail -n +3 /proc/self/net/dev | awk -F: '{ gsub(/ /, "", $1); if ($1 != "lo") print $1 }')
if [ -n "$ifs" ]; then echo "NETWORK $ifs"; else echo "NETWORK none"; fi
if command -v tclsh >/dev/null 2>&1 || command -v jimsh >/dev/null 2>&1; then echo "TCL on PATH"; exit 1; fi
./configure > cfg.log 2>&1 || { tail -n 20 cfg.log; exit 1; }
make -j2 sqlite3 > make.log 2>&1 || { tail -n 20 make.log; exit 1; }
EOF
t0=$(date +%s)
if [ -n "$netns" ]; then
  out=$(cd "$src" && PATH=$tools $netns sh "$tmp/build.sh" 2>&1); rc=$?
else
  out=$(cd "$src" && PATH=$tools sh "$tmp/build.sh" 2>&1); rc=$?
fi
t1=$(date +%s)
if [ $rc = 0 ] && [ -x "$src/sqlite3" ]; then
  pass "./configure && make sqlite3 in the unpacked tarball, nothing but cc and make ($((t1 - t0)) s)"
else
  printf '%s\n' "$out"; fail "./configure && make sqlite3 in the unpacked tarball"
  wait $bare_pid; exit 1
fi
if [ -z "$netns" ]; then
  echo "skip the network was not cut off for that build: neither unshare -n nor unshare -rn is permitted here"
elif printf '%s\n' "$out" | grep -qx 'NETWORK none'; then
  pass "the build ran with the network cut off ($netns: no interface but lo)"
else
  fail "the build under $netns still saw a network: $(printf '%s\n' "$out" | grep '^NETWORK')"
fi

# 5. Its shell: the fork's features.
sh3=$src/sqlite3
q() { "$sh3" -batch -bail "$@" 2>&1; }
got=$(q :memory: 'PRAGMA lipsqlite_version')
[ "$got" = "$version" ] && pass "PRAGMA lipsqlite_version: $got" || fail "PRAGMA lipsqlite_version: '$got', want '$version'"
star="CREATE TABLE d1(k INTEGER PRIMARY KEY, cat TEXT);
CREATE TABLE d2(k INTEGER PRIMARY KEY, grp INT);
CREATE TABLE f(a, b, v INT);
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<100)
  INSERT INTO d1 SELECT x, 'c'||(x%10) FROM c;
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<50)
  INSERT INTO d2 SELECT x, x%7 FROM c;
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<3000)
  INSERT INTO f SELECT (x*7)%100+1, (x*13)%50+1, x FROM c;"
starq="SELECT count(*), sum(v) FROM f, d1, d2 WHERE f.a=d1.k AND f.b=d2.k AND d1.cat='c3' AND d2.grp=2"
if has lip "star join's BLOOM FILTER"; then
  plan=$(q :memory: "$star EXPLAIN QUERY PLAN $starq;")
  if [ "$(printf '%s\n' "$plan" | grep -c 'BLOOM FILTER ON d[12]')" = 2 ]; then pass "star join: BLOOM FILTER on both dimensions"
  else printf '%s\n' "$plan"; fail "star join: no BLOOM FILTER in the plan"; fi
  rows=$(q :memory: "$star $starq; PRAGMA lip_filter=OFF; $starq;")
  if [ "$(printf '%s\n' "$rows" | sort -u | wc -l)" = 1 ] && [ -n "$rows" ]; then pass "star join: same rows with LIP on and off ($(printf '%s\n' "$rows" | head -n 1))"
  else fail "star join: rows differ with LIP on and off: $rows"; fi
fi
if has hashagg "GROUP BY's hash table"; then
  plan=$(q :memory: "CREATE TABLE g(k, v); EXPLAIN QUERY PLAN SELECT k, sum(v) FROM g GROUP BY k;")
  printf '%s\n' "$plan" | grep -q 'USE HASH TABLE FOR GROUP BY' && pass "GROUP BY: USE HASH TABLE FOR GROUP BY" ||
    { printf '%s\n' "$plan"; fail "GROUP BY: no hash aggregate in the plan"; }
fi
# The page cleaner, thread: a transaction of ~3 MB through a 100-page cache.
if has pcleaner "page_cleaner=thread"; then
  stats=$(q "$tmp/pc.db" "PRAGMA cache_size=100; PRAGMA page_cleaner=thread; CREATE TABLE t(x);
BEGIN;
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<3000)
  INSERT INTO t SELECT randomblob(1000) FROM c;
COMMIT;
SELECT 'stats', mode, batches, pages FROM pragma_page_cleaner_stats WHERE schema='main';
SELECT 'rows', count(*) FROM t;
PRAGMA integrity_check;")
  set -- $(printf '%s\n' "$stats" | grep '^stats|' | tr '|' ' ')
  if [ "${2:-}" = thread ] && [ "${3:-0}" -gt 0 ] && [ "${4:-0}" -gt 0 ] &&
     printf '%s\n' "$stats" | grep -qx 'rows|3000' && printf '%s\n' "$stats" | grep -qx ok; then
    pass "page_cleaner=thread, a transaction larger than the cache: $3 batches, $4 pages; 3000 rows, integrity ok"
  else printf '%s\n' "$stats"; fail "page_cleaner=thread on a file database"; fi
fi
if has csvauto ".import --auto"; then
  printf 'id,name,score\n1,alpha,1.5\n2,beta,2.25\n3,gamma,3\n' > "$tmp/t.csv"
  got=$(cd "$tmp" && q :memory: ".import --auto t.csv t" \
    "SELECT count(*), typeof(id), typeof(name), typeof(score), sum(score) FROM t;" | tail -n 1)
  [ "$got" = "3|integer|text|real|6.75" ] && pass ".import --auto: INTEGER, TEXT and REAL columns ($got)" ||
    fail ".import --auto of a small CSV: '$got', want '3|integer|text|real|6.75'"
fi

# 6. The feature set: the tarball's shell and our build's shell, compiled
#    with the same shell options, list the same PRAGMA compile_options.
#    The intended differences, left out of both sets:
#    - COMPILER=...: the compiler of each build;
#    - HAVE_ISNAN: a probe of the build machine's libc in the sqlite_cfg.h
#      of our (upstream's canonical) build, which upstream's autoconf
#      bundle does not read; without it SQLite uses its own isnan(), with
#      the same results.  A platform probe, not a feature.
keep() { grep -v -x -e 'COMPILER=.*' -e 'HAVE_ISNAN' | LC_ALL=C sort; }
opts() { "$1" -batch :memory: 'PRAGMA compile_options' | keep; }
opts "$build/sqlite3" > "$tmp/opts.ours"
opts "$sh3" > "$tmp/opts.tgz"
if [ -s "$tmp/opts.ours" ] && cmp -s "$tmp/opts.ours" "$tmp/opts.tgz"; then
  pass "PRAGMA compile_options: the tarball's shell = $build/sqlite3 ($(wc -l < "$tmp/opts.ours") options)"
else
  diff "$tmp/opts.ours" "$tmp/opts.tgz" | sed 's/^/  /'
  fail "PRAGMA compile_options of the tarball's shell differ from $build/sqlite3 (<: ours, >: tarball's)"
fi

# 7. Turning a baked default off: -DX=0 to the compiler (checked on the
#    block of defaults alone, by the preprocessor), --disable-X to the
#    tarball's configure.
awk '/^\*\* lipsqlite .*: the compile-time options/ { on = 1; next }
     on && /^\*\/$/ { body = 1; next }
     body && /^\/\* End of the lipsqlite defaults\. \*\/$/ { exit }
     body { print }' "$src/sqlite3.c" > "$tmp/defaults.h"
grep -q '^/\* End of the lipsqlite defaults\. \*/$' "$src/sqlite3.c" || fail "no end of the baked defaults in sqlite3.c"
printf '#include "defaults.h"\n#ifdef SQLITE_ENABLE_FTS5\nFTS5_ON\n#endif\n#ifdef SQLITE_SECURE_DELETE\nSD_ON\n#endif\n' > "$tmp/pp.c"
pp() { (cd "$tmp" && "$cc" -E -P "$@" pp.c 2>&1 | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//'); }
got="$(pp) / $(pp -DSQLITE_ENABLE_FTS5=0) / $(pp -DSQLITE_ENABLE_FTS5 -DSQLITE_SECURE_DELETE=0)"
want="FTS5_ON SD_ON / SD_ON / FTS5_ON"
[ "$got" = "$want" ] && pass "baked defaults: on by default, -DX=0 turns one off ($(grep -c '^#ifndef' "$tmp/defaults.h") defaults)" ||
  fail "baked defaults with -DX and -DX=0: '$got', want '$want'"
if (cd "$src" && PATH=$tools ./configure --disable-fts5 > cfg2.log 2>&1) &&
   grep -q -- '-DSQLITE_ENABLE_FTS5=0' "$src/Makefile"; then
  pass "the tarball's ./configure --disable-fts5 passes -DSQLITE_ENABLE_FTS5=0"
else
  tail -n 5 "$src/cfg2.log" 2>/dev/null; fail "the tarball's ./configure --disable-fts5 does not turn the baked FTS5 off"
fi

# 8. The bare sqlite3.c: its compile options are those of our library
#    (the same program linked against $build/libsqlite3.so.0; the intended
#    differences of 6. left out), and it has
#    the fork's version and LIP filters.
wait $bare_pid
if [ "$(cat "$tmp/bare.rc" 2>/dev/null)" != 0 ]; then
  tail -n 20 "$tmp/bare.log"; fail "cc -c sqlite3.c of $zipf and a program linked with it"
else
  pass "cc -c sqlite3.c (no -D) of $zipf, linked into a small C program"
  got=$("$tmp/runsql-bare" :memory: 'PRAGMA lipsqlite_version' 2>&1)
  [ "$got" = "$version" ] && pass "bare sqlite3.c: PRAGMA lipsqlite_version $got" || fail "bare sqlite3.c: PRAGMA lipsqlite_version '$got'"
  if has lip "bare sqlite3.c: BLOOM FILTER"; then
    plan=$("$tmp/runsql-bare" :memory: "$star EXPLAIN QUERY PLAN $starq;" 2>&1)
    if [ "$(printf '%s\n' "$plan" | grep -c 'BLOOM FILTER ON d[12]')" = 2 ]; then pass "bare sqlite3.c: BLOOM FILTER on both dimensions"
    else printf '%s\n' "$plan"; fail "bare sqlite3.c: no BLOOM FILTER in the star join's plan"; fi
  fi
  if "$cc" -I"$zdir" "$tmp/runsql.c" -o "$tmp/runsql-lib" -L"$build" -l:libsqlite3.so.0 > "$tmp/lib.log" 2>&1; then
    LD_LIBRARY_PATH=$build "$tmp/runsql-lib" :memory: 'PRAGMA compile_options' | keep > "$tmp/opts.lib"
    "$tmp/runsql-bare" :memory: 'PRAGMA compile_options' | keep > "$tmp/opts.bare"
    if [ -s "$tmp/opts.lib" ] && cmp -s "$tmp/opts.lib" "$tmp/opts.bare"; then
      pass "bare sqlite3.c: PRAGMA compile_options = our libsqlite3.so.0's ($(wc -l < "$tmp/opts.lib") options)"
    else
      diff "$tmp/opts.lib" "$tmp/opts.bare" | sed 's/^/  /'
      fail "bare sqlite3.c: PRAGMA compile_options differ from $build/libsqlite3.so.0's (<: library, >: bare)"
    fi
  else
    tail -n 5 "$tmp/lib.log"; fail "cannot link the program against $build/libsqlite3.so.0"
  fi
fi
[ $failed = 0 ]
