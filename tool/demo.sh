#!/bin/sh
# make demo: what lipsqlite is for, in well under a minute on a fresh build.
#
#   tool/demo.sh [BUILDDIR]          (make demo runs it with the configured BUILD)
#
# 1. makes a small Star Schema Benchmark database with bench/ssb/gen.sql.in
#    (scale factor DEMO_SF, default 0.2: about 1.2 million fact rows), showing
#    its progress;
# 2. prints the EXPLAIN QUERY PLAN of one SSB star join (DEMO_QUERY, default
#    Q3.2, from bench/ssb/queries.sql; no ANALYZE) with its BLOOM FILTER lines;
# 3. runs that query with PRAGMA lip_filter=OFF and =ON (one warm-up run of
#    each, then DEMO_RUNS runs of each, alternating), checks that every run
#    returns the same rows and prints PRAGMA lip_filter_stats of the last run;
# 4. runs the workload of bench/largetx (t(k TEXT PRIMARY KEY, v TEXT, n
#    INTEGER), one INSERT statement per row, cache_size=100) with
#    PRAGMA page_cleaner off, sync and thread: a fresh database each, one
#    warm-up and DEMO_TX measured transactions of 8,500 rows (about 1 MB),
#    and prints tx/s and PRAGMA page_cleaner_stats;
# 5. makes a table of DEMO_CC_ROWS rows (default 500,000), builds its column
#    copy (PRAGMA column_copy), prints the EXPLAIN QUERY PLAN of a filtered
#    GROUP BY with its USING COLUMN COPY line, runs it with PRAGMA
#    column_scan=OFF (the rows of the table) and =ON (the copy), one warm-up
#    and DEMO_RUNS runs of each, alternating, and checks that every run
#    returns the same rows; then UPDATEs some rows and checks that the query
#    over the copy returns the new answer, the row path's, before and after
#    the copy is refreshed.  A difference stops the demo with status 1.
#
# It uses BUILDDIR/sqlite3 (and BUILDDIR/libsqlite3.so.0 should the shell be
# linked against it) and writes only to BUILDDIR/demo/, which it empties
# first (it holds nothing else).  The numbers are a few runs on whatever
# machine this is; bench/ (bench/README.md) measures properly.  On a
# terminal the progress is one updating line; on a pipe or a file there are
# plain lines and no control characters.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=demo
build=${1:-$top/build}

sf=${DEMO_SF:-0.2}
query_name=${DEMO_QUERY:-Q3.2}
runs=${DEMO_RUNS:-3}
ntx=${DEMO_TX:-5}
cc_rows=${DEMO_CC_ROWS:-500000}
rows_per_tx=8500
cache_pages=100
threshold=0.8
seed=1
chunks=20            # lineorder is made in this many steps, for the progress

case $sf in
  ''|*[!0-9.]*|*.*.*|.) die "DEMO_SF must be a scale factor such as 0.1, not '$sf'" ;;
esac
awk -v x="$sf" 'BEGIN { exit !(x > 0 && x <= 1) }' ||
  die "DEMO_SF=$sf: the demo takes a scale factor above 0 and at most 1 (bench/ssb/run.py does larger ones)"
case $runs in ''|*[!0-9]*|0) die "DEMO_RUNS must be a positive integer, not '$runs'" ;; esac
case $ntx in ''|*[!0-9]*|0) die "DEMO_TX must be a positive integer, not '$ntx'" ;; esac
case $cc_rows in ''|*[!0-9]*|0*) die "DEMO_CC_ROWS must be a positive integer, not '$cc_rows'" ;; esac
[ "$cc_rows" -ge 10000 ] || die "DEMO_CC_ROWS=$cc_rows: the demo takes at least 10000 rows"

shell=$build/sqlite3
[ -d "$build" ] || die "no build directory $build: run ./configure && make first"
[ -x "$shell" ] || die "$shell is not built: run make (or ./configure && make) first"
[ -e "$build/libsqlite3.so.0" ] || die "$build/libsqlite3.so.0 is not built: run make (or ./configure && make) first"
gen=$top/bench/ssb/gen.sql.in
queries=$top/bench/ssb/queries.sql
[ -r "$gen" ] || die "cannot read the SSB generator $gen"
[ -r "$queries" ] || die "cannot read the SSB queries $queries"
query=$(awk -v q="-- $query_name" '$0 == q { on = 1; next } on && /^-- Q/ { exit } on { print }' "$queries")
[ -n "$query" ] || die "no query $query_name in $queries (DEMO_QUERY names one of its '-- Qn.m' blocks)"

# Our shell, and our library should the shell load one.
LD_LIBRARY_PATH=$build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
sql() { "$shell" -batch -bail "$@"; }

version=$(sql :memory: "PRAGMA lipsqlite_version" 2>/dev/null) || version=
[ -n "$version" ] ||
  die "$shell does not know PRAGMA lipsqlite_version: it is not a lipsqlite shell (run make)"
sqlite_version=$(sql :memory: "SELECT sqlite_version()")

# Wall-clock seconds, with nanoseconds where date(1) has them.
now() { date +%s.%N 2>/dev/null | sed 's/\.N*$//'; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

out=$build/demo     # the demo's own directory: emptied at each run
rm -rf "$out"
mkdir -p "$out" || die "cannot create $out"
if [ -t 1 ]; then tty=1; else tty=0; fi
start=$(now)

# alt_runs PRAGMA QUERY N PREFIX [PRE]: print the shell input of N runs of
# QUERY with PRAGMA PRAGMA OFF and ON, alternating, after one warm-up of
# each; run R with mode MODE writes its rows and time to
# PREFIX-MODE-R.txt.  PRE, if given, is SQL run (its output discarded)
# before each timed run.
alt_runs() {
  echo ".output /dev/null"
  echo "PRAGMA $1=OFF;"
  echo "$2"
  echo "PRAGMA $1=ON;"
  echo "$2"
  r=1
  while [ $r -le "$3" ]; do
    for mode in OFF ON; do
      echo ".output /dev/null"
      [ -z "${5:-}" ] || echo "$5"
      echo "PRAGMA $1=$mode;"
      echo ".output \"$4-$mode-$r.txt\""
      echo ".timer once"
      echo "$2"
    done
    r=$((r + 1))
  done
}

# split_runs PREFIX: split each run's file PREFIX-MODE-R.txt (alt_runs)
# into its rows, PREFIX-MODE-R.rows, and its time, PREFIX-MODE-R.time.
split_runs() {
  for f in "$1"-O*-*.txt; do
    grep -v '^Run Time: ' "$f" > "${f%.txt}.rows" || true
    sed -n 's/^Run Time: real \([0-9.]*\).*/\1/p' "$f" > "${f%.txt}.time"
    [ -s "${f%.txt}.time" ] || die "no time in $f"
  done
}

# ratio OFF ON WHAT: print the ratio of the median times OFF / ON (OFF and
# ON as stats prints them, median first) and whether WHAT, the ON side,
# is faster.
ratio() {
  awk -v a="${1%%|*}" -v b="${2%%|*}" -v w="$3" 'BEGIN {
  if (b > 0) printf "median time OFF / ON = %.2f", a / b
  if (a > b) printf " (%s is %.1fx as fast)\n", w, a / b
  else printf " (%s is not faster here)\n", w }'
}

# table: format '|'-separated lines, the first one a header, as an aligned
# plain-text table indented by two spaces; numbers are right-aligned.
table() {
  awk -F'|' '
    { n = NR; if (NF > nf) nf = NF
      for (i = 1; i <= NF; i++) {
        cell[NR, i] = $i
        if (length($i) > w[i]) w[i] = length($i)
        if (NR > 1 && $i !~ /^-?[0-9][0-9.]*$/ && $i != "-") text[i] = 1
      } }
    END {
      for (r = 1; r <= n; r++) {
        line = " "
        for (i = 1; i <= nf; i++)
          line = line " " sprintf("%" (text[i] ? "-" : "") w[i] "s", cell[r, i])
        sub(/ +$/, "", line); print line
        if (r == 1) {
          line = " "
          for (i = 1; i <= nf; i++) { d = ""; while (length(d) < w[i]) d = d "-"; line = line " " d }
          print line
        }
      } }'
}

# On a terminal, one line saying what runs now, cleared by "busy" alone; nothing
# on a pipe.
busy() {
  if [ $tty = 1 ]; then printf '\r%-70s\r' ''; [ $# = 0 ] || printf '%s' "$*"; fi
}

# An integer with thousands separators.
commas() {
  awk -v n="$1" 'BEGIN { while (n ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", n); print n }'
}

echo "lipsqlite $version (SQLite $sqlite_version), shell $shell"
echo "Everything this demo writes goes to $out/ (emptied first)."
echo

# ---------------------------------------------------------------------------
# 1. The star-schema database.
# ---------------------------------------------------------------------------
echo "== 1. A star-schema database (Star Schema Benchmark, scale factor $sf) =="
db=$out/ssb.db

# The generator with its scale factor and seed filled in (as bench/ssb/run.py
# does) and ".print demo-progress TABLE STEP STEPS" lines before the INSERT
# of each table it creates.  The lineorder INSERT, most of the work, is run
# in $chunks steps over consecutive ranges of order numbers: every row is a
# function of its order number, so the rows are the same.  Should the
# generator no longer have the shape this relies on, lineorder is one step.
sfsql=$(awk -v x="$sf" 'BEGIN { s = sprintf("%.6g", x); if (s !~ /[.e]/) s = s ".0"; print s }')
awk -v sf="$sfsql" -v seed="$seed" -v k="$chunks" '
  function flush(   pat, p, i, s, cnt, rest) {
    pat = "generate_series(1, params.nord) AS o"
    cnt = 0; rest = buf
    while ((p = index(rest, pat)) > 0) { cnt++; rest = substr(rest, p + length(pat)) }
    if (cnt != 1) { print ".print demo-progress lineorder 1 1"; print buf; return }
    p = index(buf, pat)
    for (i = 1; i <= k; i++) {
      s = substr(buf, 1, p - 1) "generate_series(params.nord*" (i - 1) "/" k "+1, params.nord*" i "/" k ") AS o" substr(buf, p + length(pat))
      print ".print demo-progress lineorder " i " " k
      print s
    }
  }
  { gsub(/@SF@/, sf); gsub(/@SEED@/, seed) }
  inlo { buf = buf "\n" $0; if ($0 ~ /;[ \t]*(--.*)?$/) { flush(); inlo = 0 }; next }
  /^CREATE TABLE [A-Za-z_]+/ { t = $3; sub(/\(.*/, "", t); made[t] = 1 }
  /^INSERT INTO lineorder/ && made["lineorder"] {
    buf = $0; inlo = 1
    if ($0 ~ /;[ \t]*(--.*)?$/) { flush(); inlo = 0 }
    next
  }
  /^INSERT INTO [A-Za-z_]+/ { t = $3; sub(/\(.*/, "", t); if (t in made) print ".print demo-progress " t " 1 1" }
  { print }
  END { print ".print demo-progress done 1 1" }
' "$gen" > "$out/gen.sql"
grep -q '^\.print demo-progress lineorder' "$out/gen.sql" ||
  die "$gen has no INSERT INTO lineorder: the demo does not know this generator"

# progress: reads the shell's output, shows the demo-progress lines, and
# exits with the shell's status (the last line, "demo-status N").
progress() {
  label="making the demo database:"
  last=
  status=1
  while IFS= read -r line; do
    case $line in
      "demo-progress "*)
        set -- $line
        tbl=$2 step=$3 steps=$4
        if [ "$tbl" = done ]; then
          msg="$label done"
        elif [ "$steps" -gt 1 ]; then
          msg="$label $tbl ... $(( (step - 1) * 100 / steps ))%"
        else
          msg="$label $tbl ..."
        fi
        if [ $tty = 1 ]; then
          printf '\r%-60s' "$msg"
          [ "$tbl" != done ] || printf '\r%-60s\r' ''
        elif [ "$tbl" != done ]; then
          # On a pipe: one line per table, and lineorder every 25%.
          if [ "$tbl" != "$last" ] || [ $(( (step - 1) * 4 % steps )) -eq 0 ]; then
            echo "$msg"
          fi
        fi
        last=$tbl
        ;;
      "demo-status "*) status=${line#demo-status } ;;
    esac
  done
  return "$status"
}

t0=$(now)
if ! { sql "$db.new" < "$out/gen.sql" 2> "$out/gen.err"; echo "demo-status $?"; } | progress; then
  [ $tty = 0 ] || echo
  sed 's/^/  /' "$out/gen.err" >&2
  die "making the database failed (the shell's errors are above and in $out/gen.err)"
fi
mv "$db.new" "$db"
t1=$(now)
counts=$(sql "$db" "SELECT (SELECT count(*) FROM lineorder)||'|'||(SELECT count(*) FROM customer)||'|'||(SELECT count(*) FROM supplier)||'|'||(SELECT count(*) FROM part)||'|'||(SELECT count(*) FROM date)")
size=$(wc -c < "$db" | tr -d ' ')
echo "$counts" | awk -F'|' -v f="$db" -v mb="$size" -v s="$(elapsed "$t0" "$t1")" '
  function c(n) { n = sprintf("%d", n); while (n ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", n); return n }
  { printf "made %s in %s s: %.1f MB, lineorder (the fact table) %s rows;\n", f, s, mb / 1048576, c($1)
    printf "dimensions customer %s, supplier %s, part %s, date %s rows. No ANALYZE: no sqlite_stat1.\n", c($2), c($3), c($4), c($5) }'
echo

# ---------------------------------------------------------------------------
# 2. The plan of one star join.
# ---------------------------------------------------------------------------
printf '%s\n' "$query" > "$out/query.sql"
echo "== 2. The plan of SSB $query_name, a star join (bench/ssb/queries.sql) =="
sed 's/^/  /' "$out/query.sql"
echo
sql "$db" "EXPLAIN QUERY PLAN $query" > "$out/plan.txt" 2> "$out/plan.err" ||
  die "EXPLAIN QUERY PLAN failed: $(cat "$out/plan.err")"
sed -e 's/^/  /' -e 's/\(BLOOM FILTER .*\)$/\1   <-- LIP filter/' "$out/plan.txt"
nbloom=$(grep -c 'BLOOM FILTER' "$out/plan.txt" || true)
# Which table each filter is built from, for the statistics below: the
# filter's register is P1 of its FilterInit, whose P3 is the cursor of the
# dimension, opened by an OpenRead (P1 the cursor, P2 the root page).
sql -list "$db" "SELECT rootpage, name FROM sqlite_schema WHERE rootpage > 0" > "$out/roots.txt"
printf '.explain off\nEXPLAIN %s\n' "$query" | sql -list "$db" > "$out/explain.txt" 2> "$out/explain.err" ||
  die "EXPLAIN failed: $(cat "$out/explain.err")"
awk -F'|' 'FILENAME == ARGV[1] { root[$1] = $2; next }
  $2 == "OpenRead" { cur[$3] = $4 }
  $2 == "FilterInit" { fi[$3] = $5 }
  END { for (r in fi) if ((fi[r] in cur) && (cur[fi[r]] in root)) print r "|" root[cur[fi[r]]] }' \
  "$out/roots.txt" "$out/explain.txt" > "$out/filters.txt"
echo
if [ "$nbloom" -gt 0 ]; then
  echo "The fact table lineorder is scanned; each BLOOM FILTER line is a LIP filter built from"
  echo "the keys of the dimension rows that pass their constraints and probed for every fact row"
  echo "before any dimension is searched."
else
  echo "NOTE: this plan has no BLOOM FILTER line: no LIP filter is used for this query."
fi
echo

# ---------------------------------------------------------------------------
# 3. The query with LIP filters off and on.
# ---------------------------------------------------------------------------
echo "== 3. $query_name with PRAGMA lip_filter=OFF and =ON =="
{
  alt_runs lip_filter "$query" "$runs" "$out/q" "PRAGMA lip_filter_stats;"
  echo ".output \"$out/lip-stats.txt\""
  echo ".headers on"
  echo "SELECT *, printf('%.1f', 100.0 * rejected / max(probes, 1)) AS \"rejected %\""
  echo "  FROM pragma_lip_filter_stats;"
} > "$out/runs.sql"
busy "running $query_name $((2 * runs + 2)) times ..."
sql "$db" < "$out/runs.sql" > /dev/null 2> "$out/runs.err" ||
  die "running $query_name failed: $(cat "$out/runs.err")"
busy

split_runs "$out/q"
ref=$out/q-OFF-1.rows
nrows=$(wc -l < "$ref" | tr -d ' ')
same=1
for f in "$out"/q-O*-*.rows; do cmp -s "$ref" "$f" || same=0; done
stats() {  # median|min|max of the times of one setting
  cat "$out"/q-"$1"-*.time | sort -n | awk '{ t[NR] = $1 } END {
    m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "%.3f|%.3f|%.3f", m, t[1], t[NR] }'
}
off=$(stats OFF)
on=$(stats ON)
echo "one warm-up run of each, then $runs runs of each, alternating; seconds:"
echo
{
  echo "lip_filter|runs|median|min|max"
  echo "OFF|$runs|$off"
  echo "ON|$runs|$on"
} | table
echo
ratio "$off" "$on" "ON"
if [ $same = 1 ]; then
  echo "result: $nrows rows, identical in all $((2 * runs)) runs with lip_filter=OFF and ON."
else
  echo "RESULT MISMATCH: the rows differ between runs; compare the files $out/q-*.rows." >&2
  die "the rows of $query_name differ between lip_filter=OFF and ON: this is a bug"
fi
echo
echo "PRAGMA lip_filter_stats after the last ON run, one row per filter (the columns table and"
echo "rejected % are added by the demo):"
echo
if [ -s "$out/lip-stats.txt" ]; then
  awk -F'|' -v OFS='|' 'FILENAME == ARGV[1] { tab[$1] = $2; next }
    { t = (FNR == 1) ? "table" : (($1 in tab) ? tab[$1] : "?"); $1 = $1 "|" t; print }' \
    "$out/filters.txt" "$out/lip-stats.txt" | table
  echo
  echo "filter: the register holding it; table: the dimension it is built from (from EXPLAIN);"
  echo "keys: the keys of that dimension's rows that pass its constraints; bytes: its bit array;"
  echo "probes: fact rows tested (a row rejected by one filter is not probed by the next);"
  echo "rejected: fact rows dropped without a search of that dimension; rank: the filter's place"
  echo "in the adaptive probe order (0: probed first; -1: never reordered); status: built, skipped"
  echo "(found not worth building at run time) or disabled (doc/lip.md)."
else
  echo "  (no rows: no LIP filter was used)"
fi
echo

# ---------------------------------------------------------------------------
# 4. A large transaction with the page cleaner off, sync and thread.
# ---------------------------------------------------------------------------
echo "== 4. Large transactions with PRAGMA page_cleaner off, sync and thread =="
# The transactions of bench/largetx: 8-letter keys in a pseudo-random order
# (base 26 of a Park-Miller sequence, which never repeats a value, so the
# keys are unique), a 100-byte text and an integer, one INSERT per row.
awk -v n="$ntx" -v rows="$rows_per_tx" -v dir="$out" '
  BEGIN {
    a = "abcdefghijklmnopqrstuvwxyz"
    pad = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua."
    x = 1
    for (tx = 0; tx <= n; tx++) {
      f = dir "/largetx-" (tx == 0 ? "warmup" : "measured") ".sql"
      printf "BEGIN;\n" > f
      for (i = 1; i <= rows; i++) {
        x = (x * 48271) % 2147483647
        k = ""; y = x
        for (j = 0; j < 8; j++) { k = k substr(a, y % 26 + 1, 1); y = int(y / 26) }
        v = substr(pad pad, x % 20 + 1, 100)
        printf "INSERT INTO t VALUES('\''%s'\'','\''%s'\'',%d);\n", k, v, x % 1000000 > f
      }
      printf "COMMIT;\n" > f
      if (tx > 0) printf "SELECT '\''demo-time'\'', unixepoch('\''subsec'\'');\n" > f
    }
  }'
# The thread variant needs a build with threads (SQLITE_THREADSAFE>0).
if sql :memory: "PRAGMA page_cleaner=thread" > /dev/null 2> "$out/thread.err"; then
  modes="off sync thread"
else
  modes="off sync"
  thread_note="page_cleaner=thread is not usable with this build, so it is left out: $(sed 's/^.*argument: //' "$out/thread.err")"
fi
txdb=$out/largetx.db
echo "page_cleaner|transactions|seconds|tx/s|min ms/tx|max ms/tx" > "$out/largetx-summary.txt"
: > "$out/cleaner-stats.txt"
for mode in $modes; do
  rm -f "$txdb" "$txdb-journal" "$txdb-wal" "$txdb-shm"
  {
    echo ".output /dev/null"
    echo "PRAGMA cache_size=$cache_pages;"
    echo "PRAGMA page_cleaner=$mode;"
    echo "PRAGMA page_cleaner_threshold=$threshold;"
    echo ".output \"$out/largetx-config.txt\""
    echo "SELECT (SELECT journal_mode FROM pragma_journal_mode)"
    echo "    || '|' || (SELECT synchronous FROM pragma_synchronous);"
    echo ".output /dev/null"
    echo "CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, n INTEGER);"
    echo ".read \"$out/largetx-warmup.sql\""
    echo ".output \"$out/largetx-$mode.times\""
    echo "SELECT 'demo-time', unixepoch('subsec');"
    echo ".read \"$out/largetx-measured.sql\""
    echo ".output \"$out/largetx-$mode.stats\""
    echo ".headers on"
    echo "SELECT '$mode' AS page_cleaner, * FROM pragma_page_cleaner_stats;"
  } > "$out/largetx-$mode.sql"
  busy "running $((ntx + 1)) transactions with page_cleaner=$mode ..."
  sql "$txdb" < "$out/largetx-$mode.sql" > /dev/null 2> "$out/largetx-$mode.err" ||
    die "the transactions with page_cleaner=$mode failed: $(cat "$out/largetx-$mode.err")"
  awk -F'|' -v mode="$mode" '$1 == "demo-time" { t[n++] = $2 } END {
    if (n < 2) exit 1
    min = max = 0
    for (i = 1; i < n; i++) { d = (t[i] - t[i - 1]) * 1000; if (i == 1 || d < min) min = d; if (d > max) max = d }
    s = t[n - 1] - t[0]
    rate = (s > 0) ? sprintf("%.1f", (n - 1) / s) : "-"
    printf "%s|%d|%.2f|%s|%.0f|%.0f\n", mode, n - 1, s, rate, min, max
  }' "$out/largetx-$mode.times" >> "$out/largetx-summary.txt" ||
    die "no timings in $out/largetx-$mode.times"
  if [ -s "$out/cleaner-stats.txt" ]; then sed 1d "$out/largetx-$mode.stats"; else cat "$out/largetx-$mode.stats"; fi >> "$out/cleaner-stats.txt"
done
busy
IFS='|' read -r jmode syncn < "$out/largetx-config.txt" || die "no configuration in $out/largetx-config.txt"
case $syncn in 0) syncname=OFF ;; 1) syncname=NORMAL ;; 2) syncname=FULL ;; 3) syncname=EXTRA ;; *) syncname=$syncn ;; esac
echo "t(k TEXT PRIMARY KEY, v TEXT, n INTEGER), cache_size=$cache_pages pages, page_cleaner_threshold=$threshold,"
echo "journal_mode=$(echo "$jmode" | tr a-z A-Z), synchronous=$syncname; a transaction is $(commas $rows_per_tx) INSERT statements, one"
echo "per row, parsed by the shell (about 1 MB of rows, against a cache of 400 KB); per setting"
echo "a fresh database, 1 warm-up and $ntx measured transactions. tx/s: measured transactions / their"
echo "wall time."
[ -z "${thread_note:-}" ] || echo "$thread_note"
echo
table < "$out/largetx-summary.txt"
echo
awk -F'|' 'NR == 2 { base = $4 } NR > 2 && base > 0 { r = r sep sprintf("%s %.2f", $1, $4 / base); sep = ", " }
  END { if (r != "") print "tx/s relative to page_cleaner=off: " r }' "$out/largetx-summary.txt"
echo
echo "PRAGMA page_cleaner_stats at the end of each setting's connection (all $((ntx + 1)) transactions;"
echo "mode: the mode the pager used; batches: sorted batch writes; pages: the pages they wrote;"
echo "microseconds: time spent writing them (thread: queueing them); busy: batches a lock kept"
echo "from being written; thread only: queued: page writes handed to the writer thread, served:"
echo "reads served from its queue, waits: times the transaction waited for the writer thread):"
echo
table < "$out/cleaner-stats.txt"
echo

# ---------------------------------------------------------------------------
# 5. A column copy: the same query from the table's rows and from the copy.
# ---------------------------------------------------------------------------
echo "== 5. A column copy: PRAGMA column_copy, then column_scan=OFF and =ON =="
ccdb=$out/cc.db
cc_query="SELECT grp, count(*) AS n, sum(qty) AS qty, sum(qty * cents) AS amount FROM t WHERE qty <= 10 AND flag <> 'C' GROUP BY grp ORDER BY grp;"
# One batch of updated rows, in the middle of the table: a few of its chunks.
upd_lo=$((cc_rows / 2 + 1))
upd_hi=$((cc_rows / 2 + cc_rows / 100))
cc_update="UPDATE t SET qty = qty - 1, cents = cents + 1000 WHERE id BETWEEN $upd_lo AND $upd_hi AND qty > 1;"
{
  echo ".output /dev/null"
  echo "CREATE TABLE t(id INTEGER PRIMARY KEY, grp INTEGER, qty INTEGER, cents INTEGER, flag TEXT);"
  echo "INSERT INTO t SELECT value, value * 7919 % 8, value * 48271 % 50 + 1, value * 16807 % 10000 + 100,"
  echo "       char(65 + value % 3) FROM generate_series(1, $cc_rows);"
  echo ".output \"$out/cc-build.txt\""
  echo ".headers on"
  echo "PRAGMA column_copy('t');"
  echo ".headers off"
  echo ".output \"$out/cc-plan.txt\""
  echo "EXPLAIN QUERY PLAN $cc_query"
} > "$out/cc-make.sql"
busy "making a table of $(commas "$cc_rows") rows and its column copy ..."
t0=$(now)
sql "$ccdb" < "$out/cc-make.sql" > /dev/null 2> "$out/cc-make.err" ||
  die "making the column-copy table failed: $(cat "$out/cc-make.err")"
t1=$(now)
busy
echo "t(id INTEGER PRIMARY KEY, grp INTEGER, qty INTEGER, cents INTEGER, flag TEXT), $(commas "$cc_rows") rows,"
echo "made in $(elapsed "$t0" "$t1") s, then its copy, in the same file:"
echo
echo "  PRAGMA column_copy('t');"
echo
table < "$out/cc-build.txt"
echo
echo "The query, and its plan with column_scan=ON (the default):"
echo
echo "  $cc_query"
echo
sed -e 's/^/  /' -e 's/\(USING COLUMN COPY.*\)$/\1   <-- the copy/' "$out/cc-plan.txt"
grep -q 'USING COLUMN COPY' "$out/cc-plan.txt" ||
  die "the plan has no USING COLUMN COPY line: the query does not read the copy"
echo
echo "SCAN t USING COLUMN COPY: the scan reads only the columns the query uses, from the copy's"
echo "compressed vectors, and evaluates qty<=? on them; IN BATCHES: the aggregate's loop runs a"
echo "vector of rows at a time (doc/column-copy.md, doc/batch.md)."
echo

# cc_runs TAG N: N runs of the query with column_scan OFF and ON, alternating,
# after one warm-up of each; each run's output in $out/cc-TAG-MODE-R.txt.
cc_runs() {
  {
    alt_runs column_scan "$cc_query" "$2" "$out/cc-$1"
  } > "$out/cc-$1.sql"
  sql "$ccdb" < "$out/cc-$1.sql" > /dev/null 2> "$out/cc-$1.err" ||
    die "running the query ($1) failed: $(cat "$out/cc-$1.err")"
  split_runs "$out/cc-$1"
}
# cc_same TAG: the rows of every run of TAG equal those of its first
# column_scan=OFF run, or the demo stops.
cc_same() {
  for f in "$out"/cc-"$1"-O*-*.rows; do
    if ! cmp -s "$out/cc-$1-OFF-1.rows" "$f"; then
      echo "RESULT MISMATCH: compare $out/cc-$1-OFF-1.rows and $f." >&2
      die "the query returns other rows with column_scan=ON than with OFF ($1): this is a bug"
    fi
  done
}
cc_stats() {  # median|min|max of the times of one tag and setting
  cat "$out"/cc-"$1"-"$2"-*.time | sort -n | awk '{ t[NR] = $1 } END {
    m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "%.4f|%.4f|%.4f", m, t[1], t[NR] }'
}

busy "running the query $((2 * runs + 2)) times ..."
cc_runs before "$runs"
busy
cc_same before
off=$(cc_stats before OFF)
on=$(cc_stats before ON)
echo "one warm-up run of each, then $runs runs of each, alternating; seconds:"
echo
{
  echo "column_scan|reads|runs|median|min|max"
  echo "OFF|the table's rows|$runs|$off"
  echo "ON|the column copy|$runs|$on"
} | table
echo
ratio "$off" "$on" "the copy"
echo "result: identical in all $((2 * runs)) runs with column_scan=OFF and ON:"
echo
{ echo "grp|n|qty|amount"; cat "$out/cc-before-OFF-1.rows"; } | table
echo

# A write: the copy's triggers mark the chunks it touches stale; a scan
# reads those rows from the table until the copy is refreshed.
echo "A write through ordinary SQL (the copy's triggers keep it right; the chunks it touches"
echo "are marked stale and their rows read from the table until the copy is refreshed):"
echo
echo "  $cc_update"
echo
changed=$(sql "$ccdb" "$cc_update SELECT changes();") || die "the UPDATE failed"
sql -header "$ccdb" "PRAGMA column_copy_list" > "$out/cc-list-after.txt" ||
  die "PRAGMA column_copy_list failed"
echo "$(commas "$changed") rows changed; PRAGMA column_copy_list after it:"
echo
table < "$out/cc-list-after.txt"
echo
cc_runs after 1
cc_same after
if cmp -s "$out/cc-before-OFF-1.rows" "$out/cc-after-OFF-1.rows"; then
  die "the UPDATE did not change the query's answer: the demo shows nothing"
fi
sql "$ccdb" "PRAGMA column_copy('t')" > /dev/null || die "refreshing the copy failed"
cc_runs refreshed 1
cc_same refreshed
cmp -s "$out/cc-after-OFF-1.rows" "$out/cc-refreshed-ON-1.rows" ||
  die "the refreshed copy returns other rows than before its refresh: this is a bug"
echo "the query again, column_scan=OFF and ON: the new answer, the same from the table and"
echo "from the copy, and again after PRAGMA column_copy('t') refreshed the copy:"
echo
{ echo "grp|n|qty|amount"; cat "$out/cc-after-ON-1.rows"; } | table
echo

echo "These are a few runs on this machine as it is loaded right now, not a benchmark. The"
echo "LIP filters are on by default; the page cleaner is off by default (doc/pcleaner.md says"
echo "why); a column copy is built only by PRAGMA column_copy, and column_scan is on by"
echo "default. The benchmarks, with stock SQLite and DuckDB side by side, are in bench/"
echo "(bench/README.md)."
echo "demo: done in $(elapsed "$start" "$(now)") s; files in $out/"
