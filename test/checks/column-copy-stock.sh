#!/bin/sh
# Column copies written by SQLite's that know nothing of them
# (doc/column-copy.md, "The holes"): one test per way in.  The fork builds
# a table of 150,000 rows (three chunks: the
# copy's last chunk holds the last 18,928) and its copy;
# stock SQLite 3.53.4 (bench/.stock/sqlite3, bench/build-stock.sh), in
# another process, writes; then the fork's answers to a set of queries (the
# whole table in rowid order, scans with WHERE terms on each column,
# aggregates), each value quoted with its storage class, must be the same
# with PRAGMA column_scan=ON as with OFF; again after the fork refreshes the
# copy (PRAGMA column_copy); and PRAGMA integrity_check must say ok.  Each
# test also says whether the ON run read the copy ("copy used") or not.
#
#   INSERT, UPDATE, DELETE; writes with conflict clauses and a savepoint
#   on rowids the copy recorded already; INSERT OR REPLACE, REPLACE, UPDATE OR REPLACE
#   and UPSERT deleting another row through a UNIQUE index (BINARY and
#   NOCASE); VACUUM (and VACUUM INTO) renumbering the rowids of a table
#   without INTEGER PRIMARY KEY, without and with an index; ALTER TABLE ADD,
#   DROP and RENAME COLUMN, RENAME TABLE; DROP TABLE and CREATE TABLE of the
#   same name (same row count); a dropped copy trigger; the backup API
#   (.backup of the file, later .restore of that older copy over it, in
#   the fork's own session too); incremental BLOB I/O by stock (a
#   documented limit: reported as "skip" if ON and OFF differ, as
#   doc/column-copy.md says they may, until PRAGMA column_copy; then they
#   must agree) and by the fork (its hook marks the chunk: must agree);
#   triggers switched off by stock (.dbconfig enable_trigger off: documented
#   as unsupported, reported, never a failure).
#
# Then Debian's SQLite (the system's python3 sqlite3 module, 3.40.1 on
# Debian 12) opens the fork's file: integrity_check ok, every table read,
# every table written (the base table through its triggers, the shadow
# tables rewritten as they are), VACUUM; then the fork's ON and OFF agree.
#
# Without stock SQLite, the stock tests are skipped, with the reason, unless
# LIPSQLITE_REQUIRE_STOCK=1 (then bench/build-stock.sh builds it: about a
# minute, from the upstream tarball ./configure fetched).  Without a
# system SQLite older than the fork, the Debian test is skipped.
# Run by tool/run-tests.sh with TOP and BUILD set.
# Long check: about 4 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"
LIPSQLITE_PROG=column-copy-stock
fork=$build/sqlite3
stock=$top/bench/.stock/sqlite3
[ -x "$fork" ] || abort "no $fork: build first"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-ccstock.XXXXXX") || exit 1
[ "${CCSTOCK_KEEP:-0}" = 1 ] || trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s)

if [ ! -x "$stock" ] && [ "${LIPSQLITE_REQUIRE_STOCK:-0}" = 1 ]; then
  "$top/bench/build-stock.sh" > "$tmp/build-stock.log" 2>&1 ||
    { tail -n 20 "$tmp/build-stock.log"; abort "LIPSQLITE_REQUIRE_STOCK=1 and bench/build-stock.sh failed"; }
fi
have_stock=0
if [ -x "$stock" ]; then
  v=$("$stock" :memory: 'SELECT sqlite_version()' 2>/dev/null)
  if [ "$v" = 3.53.4 ] && ! "$stock" :memory: 'PRAGMA lipsqlite_version' 2>/dev/null | grep -q .; then
    have_stock=1
  else
    note "bench/.stock/sqlite3 is not stock SQLite 3.53.4 (version '$v')"
  fi
fi

# fork DB SQL...: run SQL with the fork's shell; stdout and stderr together.
fork() { _db=$1; shift; "$fork" -batch "$_db" "$@" 2>&1; }
# stock_sql DB: run the SQL on stdin with stock SQLite's shell, errors
# kept in $tmp/stock.err (constraint errors are expected in some tests).
stock_sql() { "$stock" -batch "$1" > "$tmp/stock.out" 2> "$tmp/stock.err"; }

# make_template NAME CREATE-SQL [EXTRA-SQL]: the template database NAME:
# table t of 150,000 rows (chunks of 65,536, 65,536 and 18,928 rows) (columns among k, n, c, d, e: k unique texts,
# n texts 'N'||i that a NOCASE index may hold, c small integers, d reals,
# e a mix of NULL, texts, integers, integer-valued reals and blobs), then
# EXTRA-SQL, then its copy.
make_template() {
  _db=$tmp/$1.template.db
  cols=$(echo "$2" | sed -n 's/.*CREATE TABLE t(\(.*\)).*/\1/p')
  {
    echo "$2;"
    echo "CREATE TABLE u(y, z);"
    echo "INSERT INTO u VALUES (5, 'five'), ('k7', 'kay7'), (7.0, 'seven'), (NULL, 'null');"
    echo "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM s WHERE i<150000)"
    echo "INSERT INTO t(k, n, c, d, e) SELECT 'k'||i, 'N'||i, i % 1000, i * 0.5,"
    echo "  CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN 'x'||(i % 13) WHEN 2 THEN i WHEN 3 THEN i * 1.0"
    echo "  WHEN 4 THEN X'00'||randomblob(0) ELSE ' '||(i % 7) END FROM s;"
    echo "${3:-}"
    echo "PRAGMA column_copy('t');"
  } | "$fork" -batch "$_db" > "$tmp/$1.template.log" 2>&1 ||
    { cat "$tmp/$1.template.log"; abort "cannot make the template $1"; }
  : "$cols"
}

# fresh NAME: a copy of template NAME as $db.
fresh() { db=$tmp/$1.db; rm -f "$db" "$db-wal" "$db-shm"; cp "$tmp/$1.template.db" "$db"; }

# queries DB: the queries of a comparison, made from t's columns now.
queries() {
  cols=$("$fork" -batch "$1" "SELECT name FROM pragma_table_info('t')" 2>/dev/null)
  echo "SELECT rowid, * FROM t;"
  echo "SELECT count(*), sum(rowid), max(rowid), min(rowid) FROM t;"
  for c in $cols; do
    echo "SELECT rowid, $c FROM t WHERE $c > 'k9999' AND $c < 'x';"
    echo "SELECT rowid, * FROM t WHERE $c BETWEEN 3 AND 4.5;"
    echo "SELECT rowid, * FROM t WHERE $c IN (7, 'k70000', 'N140000', 'n5', X'00', 'rep', 'QQ', 'QQQ', -1);"
    echo "SELECT count(*), count($c), min($c), max($c), typeof(max($c)) FROM t WHERE $c IS NOT NULL;"
    echo "SELECT typeof($c), count(*) FROM t WHERE $c IS NULL OR rowid % 2 = 0 GROUP BY 1;"
  done
  echo "SELECT t.rowid, u.z FROM t JOIN u ON u.y = t.c WHERE t.d < 2000;"
  echo "SELECT u.z, (SELECT count(*) FROM t WHERE t.c = u.y) FROM u;"
}

# compare DB LABEL: the fork's answers ON and OFF must be equal.  Prints
# one line; sets $used to "copy used" or "copy not used".
compare() {
  queries "$1" > "$tmp/q.sql"
  { echo ".mode quote"; echo "PRAGMA column_scan=ON;"; cat "$tmp/q.sql"; } |
    "$fork" -batch "$1" > "$tmp/on.out" 2>&1
  { echo ".mode quote"; echo "PRAGMA column_scan=OFF;"; cat "$tmp/q.sql"; } |
    "$fork" -batch "$1" > "$tmp/off.out" 2>&1
  if "$fork" -batch "$1" "PRAGMA column_scan=ON" "EXPLAIN QUERY PLAN SELECT * FROM t" 2>&1 |
       grep -q 'USING COLUMN COPY'; then used="copy used"; else used="copy not used"; fi
  if cmp -s "$tmp/on.out" "$tmp/off.out"; then
    if [ ! -s "$tmp/off.out" ] || [ "$(wc -l < "$tmp/off.out")" -lt 1000 ]; then
      fail "$2: too little output: $(head -c 300 "$tmp/off.out")"; return 1
    fi
    return 0
  fi
  diffs=$(diff "$tmp/on.out" "$tmp/off.out" | head -n 8)
  return 1
}

# judge DB LABEL: compare; then the fork refreshes the copy and compares
# again; integrity_check.  One pass or fail.
judge() {
  if ! compare "$1" "$2"; then
    fail "$2 ($used): column_scan=ON and OFF differ:"; echo "$diffs" | sed 's/^/  | /'; return
  fi
  u1=$used
  r=$(fork "$1" "PRAGMA column_copy('t')" | tail -n 1)
  case $r in *rror*) fail "$2: PRAGMA column_copy after it: $r"; return ;; esac
  if ! compare "$1" "$2, refreshed"; then
    fail "$2, after PRAGMA column_copy ($used): ON and OFF differ:"; echo "$diffs" | sed 's/^/  | /'; return
  fi
  ic=$(fork "$1" "PRAGMA integrity_check")
  [ "$ic" = ok ] || { fail "$2: integrity_check: $(echo "$ic" | head -n 3)"; return; }
  pass "$2 ($u1; then refreshed: $used)"
}

note "the fork: $($fork :memory: 'SELECT sqlite_version()') $($fork :memory: 'PRAGMA lipsqlite_version')"
# A: no INTEGER PRIMARY KEY; k UNIQUE (BINARY), n UNIQUE COLLATE NOCASE.
make_template A "CREATE TABLE t(k TEXT UNIQUE, n TEXT COLLATE NOCASE, c INT, d REAL, e)" \
  "CREATE UNIQUE INDEX tn ON t(n);"
# B: no INTEGER PRIMARY KEY, no index; rows deleted before the copy is
# built, so that VACUUM has rowids to renumber in every chunk.
make_template B "CREATE TABLE t(k TEXT, n TEXT, c INT, d REAL, e)" \
  "DELETE FROM t WHERE rowid % 5 = 0 OR rowid BETWEEN 70000 AND 70100;"
# C: INTEGER PRIMARY KEY and a UNIQUE k.
make_template C "CREATE TABLE t(id INTEGER PRIMARY KEY, k TEXT UNIQUE, n TEXT, c INT, d REAL, e)"
# D: a partial UNIQUE index whose key two rows share, one of them outside
# the index (row 10, c=10; row 69600, c=600: in it), and a partial UNIQUE
# index on an expression (issue 55, reproduction 2).
make_template D "CREATE TABLE t(k TEXT, n TEXT, c INT, d REAL, e)" \
  "CREATE UNIQUE INDEX tp ON t(k) WHERE c>500;
   CREATE UNIQUE INDEX tx ON t(lower(n)) WHERE d IS NOT NULL;
   UPDATE t SET k = 'dup' WHERE rowid IN (10, 69600);"

# The self-test: a comparison that must see a difference.  The OFF side is
# given a different table (one row changed behind the copy's back, by
# editing the copy's own data would need the format: instead, compare
# two different files through the same code).
fresh A
cp "$db" "$tmp/self.db"
fork "$tmp/self.db" "UPDATE t SET c = 999999 WHERE rowid = 66000" > /dev/null
queries "$db" > "$tmp/q.sql"
{ echo ".mode quote"; cat "$tmp/q.sql"; } | "$fork" -batch "$db" > "$tmp/on.out" 2>&1
{ echo ".mode quote"; cat "$tmp/q.sql"; } | "$fork" -batch "$tmp/self.db" > "$tmp/off.out" 2>&1
if cmp -s "$tmp/on.out" "$tmp/off.out"; then
  fail "self-test: the comparison does not see one changed value"
else
  pass "self-test: the comparison sees one changed value"
fi
fresh A
judge "$db" "the fork's own copy, no write (template A)"

if [ $have_stock = 0 ]; then
  skip "stock SQLite writes: no stock SQLite 3.53.4 in bench/.stock (bench/build-stock.sh builds it; LIPSQLITE_REQUIRE_STOCK=1 makes this check build it)"
else
  note "stock: $stock ($("$stock" :memory: 'SELECT sqlite_version()'))"

  fresh A
  stock_sql "$db" <<'EOF'
INSERT INTO t(k, n, c, d, e) VALUES ('new1', 'new1', 7, 1.5, 'new'), ('new2', 'new2', 3, 2.5, NULL);
INSERT INTO t(rowid, k, n, c, d, e) VALUES (70050, 'new3', 'new3', 7, 3.5, 'in chunk 1'), (-3, 'new4', 'new4', 4, 4, 'below');
EOF
  judge "$db" "stock INSERT (tail, inside a chunk, below the first)"

  # The record of changed rowids (issue 56), written by stock's triggers:
  # conflict clauses of the writing statement on rows already recorded
  # (INSERT OR ABORT with an UPSERT, UPDATE OR FAIL, OR ROLLBACK), a
  # savepoint rolled back, must neither fail nor lose a rowid.
  fresh C
  stock_sql "$db" <<'EOF'
UPDATE t SET c = -1 WHERE id IN (5, 66000);
INSERT OR ABORT INTO t(id, k, n, c) VALUES (5, 'x5', 'x5', 0) ON CONFLICT(id) DO UPDATE SET c = c - 1;
UPDATE OR FAIL t SET c = c - 1 WHERE id = 66000;
UPDATE OR ROLLBACK t SET c = c - 1 WHERE id = 66000;
BEGIN; SAVEPOINT s; UPDATE t SET c = -9 WHERE id = 7; ROLLBACK TO s; DELETE FROM t WHERE id = 8; COMMIT;
EOF
  rec=$(fork "$db" "SELECT group_concat(r) FROM (SELECT r FROM lipsqlite_column_copy_1_changed ORDER BY r)")
  if [ -s "$tmp/stock.err" ]; then
    fail "stock writes on recorded rows: stock failed: $(head -c 300 "$tmp/stock.err")"
  elif [ "$rec" != "5,8,66000" ]; then
    fail "stock writes on recorded rows: the record holds '$rec', not 5,8,66000"
  else
    judge "$db" "stock writes on rowids recorded already (conflict clauses, a savepoint)"
  fi

  fresh A
  stock_sql "$db" <<'EOF'
UPDATE t SET c = 7, e = 'rep' WHERE rowid IN (5, 66000, 140000);
UPDATE t SET rowid = 300000 WHERE rowid = 131000;
UPDATE t SET rowid = 65600 WHERE rowid = 149999;
UPDATE t SET d = NULL WHERE rowid BETWEEN 131073 AND 131080;
EOF
  judge "$db" "stock UPDATE (values, rowid moved out and in)"

  fresh A
  stock_sql "$db" <<'EOF'
DELETE FROM t WHERE rowid IN (1, 65536, 65537, 100000, 131072, 150000);
DELETE FROM t WHERE c = 7 AND rowid < 40000;
EOF
  judge "$db" "stock DELETE"

  fresh A
  stock_sql "$db" <<'EOF'
INSERT OR REPLACE INTO t(k, n, c, d, e) VALUES ('k70000', 'rep1', -1, -1, 'rep');
REPLACE INTO t(k, n, c, d, e) VALUES ('rep2', 'n5', -2, -2, 'rep');
REPLACE INTO t(k, n, c, d, e) VALUES ('k140000', 'N10', -3, -3, 'rep');
EOF
  judge "$db" "stock INSERT OR REPLACE / REPLACE deleting another row via UNIQUE (BINARY, NOCASE)"

  fresh A
  stock_sql "$db" <<'EOF'
UPDATE OR REPLACE t SET k = 'k3' WHERE k = 'k140001';
UPDATE OR REPLACE t SET n = 'n66001' WHERE rowid = 5;
UPDATE OR REPLACE t SET k = 'k131500', n = 'N70' WHERE rowid = 149000;
EOF
  judge "$db" "stock UPDATE OR REPLACE deleting other rows via UNIQUE"

  fresh A
  stock_sql "$db" <<'EOF'
INSERT INTO t(k, n, c, d, e) VALUES ('k66000', 'x1', 0, 0, 'rep') ON CONFLICT(k) DO UPDATE SET e = 'rep', c = -9;
INSERT INTO t(k, n, c, d, e) VALUES ('new9', 'n131999', 0, 0, 'x') ON CONFLICT(n) DO UPDATE SET k = 'rep9';
INSERT INTO t(k, n, c, d, e) VALUES ('k12', 'fresh', 0, 0, 'x') ON CONFLICT DO NOTHING;
INSERT OR REPLACE INTO t(k, n, c, d, e) VALUES ('k100', 'n100000', 1, 1, 'rep2');
EOF
  judge "$db" "stock UPSERT (DO UPDATE, DO NOTHING) and a REPLACE hitting two UNIQUE indexes"

  fresh C
  stock_sql "$db" <<'EOF'
INSERT OR REPLACE INTO t(id, k, n, c, d, e) VALUES (66000, 'rep', 'rep', 7, 7, 'rep');
REPLACE INTO t(id, k, n, c, d, e) VALUES (200000, 'k5', 'rep', 7, 7, 'rep');
UPDATE OR REPLACE t SET id = 70000 WHERE id = 140000;
EOF
  judge "$db" "stock REPLACE on the INTEGER PRIMARY KEY and via UNIQUE (table C)"

  fresh D
  stock_sql "$db" <<'EOF'
REPLACE INTO t(k, n, c, d, e) VALUES ('dup', 'rep1', 900, 1, 'rep');
REPLACE INTO t(k, n, c, d, e) VALUES ('rep2', 'n140000', 1, 1, 'rep');
UPDATE OR REPLACE t SET n = 'N66000' WHERE rowid = 3;
EOF
  judge "$db" "stock REPLACE via partial and expression UNIQUE indexes (table D)"

  for tpl in B A; do
    fresh $tpl
    before=$(fork "$db" "SELECT sum(rowid) FROM t")
    echo "VACUUM;" | stock_sql "$db"
    after=$(fork "$db" "SELECT sum(rowid) FROM t")
    case $tpl in B) what="no index" ;; A) what="UNIQUE indexes" ;; esac
    if [ "$before" = "$after" ]; then r="rowids kept"; else r="rowids renumbered"; fi
    judge "$db" "stock VACUUM, no INTEGER PRIMARY KEY, $what ($r)"
  done
  fresh B
  echo "VACUUM INTO '$tmp/into.db';" | stock_sql "$db"
  judge "$tmp/into.db" "stock VACUUM INTO, no INTEGER PRIMARY KEY, no index (the new file)"
  rm -f "$tmp/into.db"
  fresh B
  # The copy refreshed after deletes, then VACUUM (a clean copy with gaps).
  fork "$db" "DELETE FROM t WHERE rowid BETWEEN 1000 AND 1100" "PRAGMA column_copy('t')" > /dev/null
  stock_sql "$db" <<'EOF'
VACUUM;
INSERT INTO t(k, n, c, d, e) VALUES ('new1', 'new1', 7, 7, 'new');
EOF
  judge "$db" "stock VACUUM then INSERT, the copy refreshed before"

  fresh A
  stock_sql "$db" <<'EOF'
ALTER TABLE t ADD COLUMN f INT DEFAULT 7;
UPDATE t SET f = 8, c = 7 WHERE rowid BETWEEN 66000 AND 66010;
INSERT INTO t(k, n, c, d, e, f) VALUES ('ALT1', 'ALT1', 7, 7, 'ALT', 9);
EOF
  judge "$db" "stock ALTER TABLE ADD COLUMN (with a DEFAULT), then writes"

  fresh B
  stock_sql "$db" <<'EOF'
ALTER TABLE t DROP COLUMN d;
UPDATE t SET c = 7 WHERE rowid BETWEEN 131080 AND 131090;
EOF
  judge "$db" "stock ALTER TABLE DROP COLUMN, then writes"

  fresh A
  stock_sql "$db" <<'EOF'
ALTER TABLE t RENAME COLUMN c TO c2;
ALTER TABLE t RENAME COLUMN d TO c;
UPDATE t SET c = 7 WHERE rowid = 66000;
EOF
  judge "$db" "stock ALTER TABLE RENAME COLUMN (two columns' names swapped over)"

  fresh A
  stock_sql "$db" <<'EOF'
ALTER TABLE t RENAME TO t_old;
CREATE TABLE t(k TEXT, n TEXT, c INT, d REAL, e);
INSERT INTO t SELECT k, n, c + 1, d * 2, 'ALT' FROM t_old;
UPDATE t_old SET c = 7 WHERE rowid = 66000;
EOF
  judge "$db" "stock ALTER TABLE RENAME TO, then a new t of the same rows"

  fresh A
  stock_sql "$db" <<'EOF'
DROP TABLE t;
CREATE TABLE t(k TEXT UNIQUE, n TEXT COLLATE NOCASE, c INT, d REAL, e);
CREATE UNIQUE INDEX tn ON t(n);
WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM s WHERE i<150000)
INSERT INTO t(k, n, c, d, e) SELECT 'k'||i, 'N'||i, (i * 7) % 1000, i * 0.25, 'new' FROM s;
EOF
  judge "$db" "stock DROP TABLE and CREATE TABLE of the same name, as many rows"

  fresh A
  tr=$(fork "$db" "SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%_au'")
  stock_sql "$db" <<EOF
DROP TRIGGER "$tr";
UPDATE t SET c = 7, e = 'rep' WHERE rowid IN (10, 70000, 140000);
EOF
  judge "$db" "stock DROP TRIGGER of the copy, then UPDATE"

  # The backup API: an older copy of the file restored over it.
  fresh A
  echo ".backup '$tmp/old.db'" | stock_sql "$db"
  stock_sql "$db" <<'EOF'
UPDATE t SET c = 7, e = 'rep' WHERE rowid BETWEEN 65000 AND 67000;
DELETE FROM t WHERE rowid BETWEEN 131000 AND 131100;
INSERT INTO t(k, n, c, d, e) VALUES ('new1', 'new1', 7, 7, 'new');
EOF
  fork "$db" "PRAGMA column_copy('t')" > /dev/null
  echo ".restore '$tmp/old.db'" | stock_sql "$db"
  judge "$db" "stock .backup, writes, fork refresh, stock .restore of the older copy"
  fresh A
  queries "$db" > "$tmp/q.sql"
  # In one session of the fork: statements prepared on the newer file,
  # then .restore of the older copy under the same connection.
  fork "$db" "UPDATE t SET c = 7, e = 'rep' WHERE rowid BETWEEN 65000 AND 67000" "PRAGMA column_copy('t')" > /dev/null
  cp "$db" "$tmp/newer.db"
  for m in ON OFF; do
    cp "$tmp/newer.db" "$db"
    { echo ".mode quote"; echo "PRAGMA column_scan=$m;"; echo "SELECT count(*) FROM t WHERE c = 7;"
      echo ".restore '$tmp/old.db'"; cat "$tmp/q.sql"; } | "$fork" -batch "$db" > "$tmp/$m.out" 2>&1
  done
  if cmp -s "$tmp/ON.out" "$tmp/OFF.out"; then pass "fork .restore of an older copy inside an open session (ON and OFF equal)"
  else fail "fork .restore of an older copy inside an open session: ON and OFF differ"; diff "$tmp/ON.out" "$tmp/OFF.out" | head -n 8 | sed 's/^/  | /'; fi
  rm -f "$tmp/old.db"

  # Incremental BLOB I/O by stock: python3's sqlite3 module on stock's
  # libsqlite3.so.0 (Connection.blobopen, Python 3.11+).
  fresh A
  rid=66001   # e = 'x'||(i % 13) there (i % 6 = 1): a 2- or 3-byte text
  if LD_LIBRARY_PATH=$top/bench/.stock python3 - "$db" $rid > "$tmp/blob.log" 2>&1 <<'EOF'
import sqlite3, sys
assert sqlite3.sqlite_version == "3.53.4"
con = sqlite3.connect(sys.argv[1])
try:
    con.execute("PRAGMA lipsqlite_version").fetchone()
    lip = con.execute("PRAGMA lipsqlite_version").fetchone()
except sqlite3.Error:
    lip = None
assert lip is None, "not stock: %r" % (lip,)
b = con.blobopen("t", "e", int(sys.argv[2]))
b.write(b"Q" * len(b))
b.close()
con.commit()
print("wrote", con.execute("SELECT quote(e) FROM t WHERE rowid = ?", (int(sys.argv[2]),)).fetchone())
EOF
  then
    bon=$(fork "$db" "PRAGMA column_scan=ON" "SELECT quote(e) FROM t WHERE +k = 'k$rid'")
    boff=$(fork "$db" "PRAGMA column_scan=OFF" "SELECT quote(e) FROM t WHERE +k = 'k$rid'")
    note "stock blob write of row $rid: $(tail -n 1 "$tmp/blob.log"); the fork reads, full scan: ON $bon, OFF $boff"
    if compare "$db" "stock blob write"; then
      pass "stock incremental BLOB I/O ($used): ON and OFF agree"
    else
      skip "stock incremental BLOB I/O ($used): ON and OFF differ, the documented limit (doc/column-copy.md):"
      echo "$diffs" | head -n 4 | sed 's/^/  | /'
      # The documented way back: drop the copy and build it again
      fork "$db" "PRAGMA column_copy_drop('t')" > /dev/null
      judge "$db" "stock incremental BLOB I/O, then column_copy_drop and column_copy"
    fi
  else
    if grep -q "blobopen" "$tmp/blob.log"; then skip "stock incremental BLOB I/O: python3 has no Connection.blobopen (3.11+)"
    else fail "stock incremental BLOB I/O: $(tail -n 3 "$tmp/blob.log")"; fi
  fi

  # Triggers switched off on stock's connection: unsupported by design.
  fresh A
  stock_sql "$db" <<'EOF'
.dbconfig enable_trigger off
UPDATE t SET c = 7, e = 'rep' WHERE rowid IN (10, 70000);
EOF
  if compare "$db" "triggers off"; then
    skip "stock with triggers switched off (.dbconfig enable_trigger off; $used): ON and OFF happen to agree; unsupported (doc/column-copy.md)"
  else
    skip "stock with triggers switched off (.dbconfig enable_trigger off; $used): ON and OFF differ, as documented (unsupported)"
  fi
fi

# The fork's own incremental BLOB I/O: its hook marks the chunk.
fresh A
if LD_LIBRARY_PATH=$build python3 - "$db" > "$tmp/blob.log" 2>&1 <<'EOF'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
assert con.execute("PRAGMA lipsqlite_version").fetchone()
for rid in (7, 66001, 140005):
    b = con.blobopen("t", "e", rid)
    b.write(b"Q" * len(b))
    b.close()
con.commit()
EOF
then judge "$db" "the fork's incremental BLOB I/O (its hook)"
elif grep -q "blobopen" "$tmp/blob.log"; then skip "the fork's incremental BLOB I/O: python3 has no Connection.blobopen"
else fail "the fork's incremental BLOB I/O: $(tail -n 3 "$tmp/blob.log")"; fi

# Debian's SQLite (the system python3's sqlite3 module, not the fork).
sysv=$(env -u LD_LIBRARY_PATH python3 -c 'import sqlite3; print(sqlite3.sqlite_version)' 2>/dev/null)
if [ -z "$sysv" ]; then
  skip "Debian's SQLite: no python3 with a sqlite3 module"
elif [ "$sysv" = "$($fork :memory: 'SELECT sqlite_version()')" ]; then
  skip "Debian's SQLite: python3's sqlite3 module is $sysv, the fork's version (not an older SQLite)"
else
  fresh A
  if env -u LD_LIBRARY_PATH python3 - "$db" > "$tmp/debian.log" 2>&1 <<'EOF'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.text_factory = bytes
try:
    con.execute("PRAGMA lipsqlite_version").fetchone()
    lip = con.execute("PRAGMA lipsqlite_version").fetchone()
except sqlite3.Error:
    lip = None
assert lip is None, "the fork, not Debian's SQLite"
assert con.execute("PRAGMA integrity_check").fetchall() == [(b"ok",)], "integrity_check"
tables = [r[0].decode() for r in con.execute("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
assert any(t.startswith("lipsqlite_column_copy") for t in tables), tables
n = 0
for t in tables:
    n += len(con.execute('SELECT * FROM "%s"' % t).fetchall())
con.execute("BEGIN")
for t in tables:
    if t == "t":
        con.execute("UPDATE t SET c = 7, e = 'rep' WHERE rowid IN (3, 66000, 140000)")
        con.execute("INSERT INTO t(k, n, c, d, e) VALUES ('new1', 'new1', 7, 7, 'new')")
        con.execute("DELETE FROM t WHERE rowid = 131100")
        con.execute("REPLACE INTO t(k, n, c, d, e) VALUES ('k70001', 'rep', 7, 7, 'rep')")
    else:
        # every column rewritten as it is (a rowid table; the WITHOUT ROWID _data too)
        cols = [r[1].decode() for r in con.execute('PRAGMA table_info("%s")' % t)]
        con.execute('UPDATE "%s" SET %s' % (t, ", ".join('"%s" = "%s"' % (c, c) for c in cols)))
con.execute("COMMIT")
con.execute("VACUUM")
assert con.execute("PRAGMA integrity_check").fetchall() == [(b"ok",)], "integrity_check after"
print("Debian's SQLite %s: %d tables, %d rows read, written, VACUUM, integrity_check ok" % (sqlite3.sqlite_version, len(tables), n))
EOF
  then
    pass "$(tail -n 1 "$tmp/debian.log")"
    judge "$db" "after Debian's SQLite $sysv wrote and VACUUMed"
  else
    fail "Debian's SQLite $sysv on the fork's file: $(tail -n 3 "$tmp/debian.log")"
  fi
fi
note "took $(( $(date +%s) - t0 ))s"
summary
