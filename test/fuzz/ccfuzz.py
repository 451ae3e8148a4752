#!/usr/bin/env python3
"""ccfuzz: a randomized differential test of column copies (doc/column-copy.md).

Each case makes, in a database file of a scratch directory, a random rowid
table t (with or without INTEGER PRIMARY KEY, UNIQUE constraints and UNIQUE
indexes, columns of every affinity and of collation BINARY, NOCASE or RTRIM,
values of mixed storage classes: integers with the extremes, reals, reals
equal to integers, texts that look like numbers, texts differing in case or
trailing spaces, blobs, zeroblobs, NULLs) of 70,000 to 200,000 rows (several
65,536-row chunks) and a small table u, then runs a random sequence of steps:

  build    PRAGMA column_copy('t') (sometimes inside a transaction that is
           rolled back, or committed), or 1 to 3 maintenance steps (PRAGMA
           column_copy_maintain); the connection also takes steps itself
           (PRAGMA column_copy_step of 0, 20, 100, 500 or 4096 rows);
  query    a random query (full scans with WHERE terms =, <, <=, >, >=,
           BETWEEN, IN (list), IS [NOT] NULL, [NOT] LIKE [ESCAPE], [NOT] GLOB
           (case_sensitive_like in some cases), OR, NOT, COLLATE,
           bound parameters, rowid ranges; aggregates, GROUP BY, ORDER BY
           rowid [DESC], LIMIT/OFFSET, joins (ORs across both tables),
           LEFT JOIN, star joins probing a Bloom filter, lookups of the
           rowid, correlated and scalar subqueries) run with PRAGMA
           column_scan=ON and =OFF: the rows, each value with its
           storage class, in order, or the error, must be the same;
  write    random INSERT (explicit rowids in chunks, in the tail, below and
           far above), UPDATE (also of the rowid and of UNIQUE columns, OR
           REPLACE, zeroblob), DELETE, REPLACE, UPSERT, INSERT OR IGNORE, in
           transactions with savepoints, ROLLBACK TO, RELEASE, ROLLBACK;
  reader   (WAL) a second connection opens a read transaction, the writer
           writes (and may rebuild the copy), then the reader's queries ON
           and OFF must agree with each other and with what the reader saw
           before the writes (its snapshot);
  stock    (when --stock names stock SQLite's shell) the same kind of
           writes made by stock SQLite 3.53.4 in another process, which
           knows nothing of copies: only the triggers keep them honest;
  ddl      DDL by the fork's own connection: CREATE/DROP of an unrelated
           table, of a view, of a non-unique index on t, of a trigger of
           the user's own on t; a UNIQUE index on t (maybe partial, on
           lower(col), COLLATE NOCASE/RTRIM) followed by a REPLACE through
           it and its DROP; ALTER TABLE t ADD COLUMN, DROP COLUMN (of a
           column it added), RENAME COLUMN; VACUUM; sometimes inside a
           transaction or a savepoint rolled back; queries ON and OFF
           before, inside and after it must agree;
  fconst   queries whose WHERE constants call functions (col > abs(?),
           col BETWEEN zeroblob(1) AND zeroblob(5), col IN (upper('a'),
           char(66)), rowid <= length('...'), rowid < nullif(?, 'z'));
  udfwrite an application function in the query (WHERE ccw(rowid, col),
           or in the result) that, at a given row, runs an UPDATE, DELETE
           or INSERT on t through the same connection; the query runs ON
           and OFF each inside BEGIN ... ROLLBACK, so both start from the
           same data, and must agree (with the function's own record);
  attach   a second file ATTACHed as aux with a look-alike t and u (the
           same definitions, a copy built by PRAGMA aux.column_copy('t'),
           or a page-for-page backup of main with its copy), written to,
           sometimes changed by DDL or VACUUM on one side; queries of
           aux.t and main.t ON and OFF must agree.

The four last kinds take --new-kinds (default 0.08) of the steps, in the
ratio 35:25:15:10.  At the end of a case, PRAGMA integrity_check must say ok.

The fork is loaded into Python's sqlite3 module through LD_LIBRARY_PATH
(--build DIR, the build directory with libsqlite3.so.0; the script re-runs
itself with it set).  A case is reproduced by --seed S --case N (printed on
a failure, with the SQL of the failing step and the kept database file).

Self-tests: --corrupt changes one value's storage class in one
column_scan=ON result (the run must fail with "column_scan=ON and OFF
differ"); --no-feature never builds a copy (the run must fail with "no
query used a column copy").

The last line: "ccfuzz: N cases in Ts, N failed".  Exit status 0 if none
failed.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

def reexec_with_fork(build):
    """Re-run this script with the fork's library on LD_LIBRARY_PATH."""
    lib = os.path.join(build, "libsqlite3.so.0")
    if not os.path.exists(lib):
        sys.exit("ccfuzz: no %s (build first, or give --build DIR)" % lib)
    if os.environ.get("CCFUZZ_REEXEC") == "1":
        sys.exit("ccfuzz: python3's sqlite3 module does not load %s "
                 "(is its _sqlite3 linked statically?)" % lib)
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = build + (":" + env["LD_LIBRARY_PATH"]
                                      if env.get("LD_LIBRARY_PATH") else "")
    env["CCFUZZ_REEXEC"] = "1"
    os.execve(sys.executable, [sys.executable] + sys.argv, env)

INT_EXTREMES = [0, 1, -1, 2, 3, 7, 42, 100, 2**63 - 1, -2**63, 2**53 + 1,
                2**53, -2**31, 2**31, 65536, -65537]
REALS = [0.0, -0.0, 0.5, 3.0, -2.5, 1e300, -1e-300, 9007199254740992.0,
         1.5e-7, 42.0, 100.0, 1e18, -7.25]
TEXTS = ['3', ' 3', '3 ', '3.0', '-1', '1e3', '42', '0x10', '7',
         'k3', 'K3', 'k3 ', 'abc', 'ABC', 'abc ', 'Abc', '', ' ', 'é', 'É',
         'a%b', 'a_b', 'zz', '100', '9223372036854775807', '9223372036854775808']
BLOBS = [b'', b'\x00', b'k3', b'3', b'\xff\x00', b'abc', b'\x00\x00\x00']
ALL_VALUES = INT_EXTREMES + REALS + TEXTS + BLOBS + [None]

AFFINITIES = ['INTEGER', 'INT', 'TEXT', 'VARCHAR(10)', 'REAL', 'NUMERIC',
              'BLOB', '', 'DOUBLE', 'BOOLEAN']
COLLATIONS = ['BINARY', 'NOCASE', 'RTRIM']
PROFILES = ['seq', 'small', 'wide', 'real', 'intreal', 'dict', 'text',
            'mixed', 'null', 'const', 'blob', 'runs', 'numtext', 'blocks',
            'blocks', 'tblocks']


class Failure(Exception):
    pass


class TypedText:
    """A TEXT value as fetched: its bytes (not decoded, so that any byte
    sequence compares exactly)."""
    __slots__ = ("b",)

    def __init__(self, b):
        self.b = b

    def __eq__(self, o):
        return isinstance(o, TypedText) and o.b == self.b

    def __hash__(self):
        return hash(self.b)

    def __repr__(self):
        return "t%r" % (self.b,)


def canon(v):
    """A value with its storage class, for an exact comparison."""
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "i%d" % v
    if isinstance(v, int):
        return "i%d" % v
    if isinstance(v, float):
        return "r" + repr(v)
    if isinstance(v, TypedText):
        return "t" + repr(v.b)
    if isinstance(v, (bytes, bytearray)):
        return "x" + bytes(v).hex()
    return "?" + repr(v)


def sql_literal(v):
    if v is None:
        return "NULL"
    if isinstance(v, int):
        if v == -2**63:
            return "(-9223372036854775807-1)"
        return str(v)
    if isinstance(v, float):
        if v == 0.0 and str(v).startswith('-'):
            return "-0.0"
        r = repr(v)
        if 'e' in r and '.' not in r:
            r = r.replace('e', '.0e')
        return r
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    if isinstance(v, (bytes, bytearray)):
        return "X'" + bytes(v).hex() + "'"
    raise ValueError(v)


class Column:
    def __init__(self, name, aff, coll, profile, unique):
        self.name, self.aff, self.coll = name, aff, coll
        self.profile, self.unique = profile, unique


class Case:
    def __init__(self, opts, seed, num, dirpath, stats):
        self.opts = opts
        self.seed, self.num = seed, num
        self.r = random.Random("%d/%d" % (seed, num))
        self.dir = dirpath
        self.path = os.path.join(dirpath, "cc-%d.db" % num)
        self.stats = stats
        self.log = []          # the SQL of the case, for a failure report
        self.corrupt = opts.corrupt
        self.fmode = False       # fconst: terms whose constants call functions
        self.ddln = 0            # names of what ddl makes
        self.tables, self.views, self.indexes, self.triggers = [], [], [], []
        self.added = []          # columns ALTER TABLE ADD COLUMN added
        self.aux = None          # t's definition when the look-alike was made

    # ---- the schema and the data ----------------------------------------
    def make_schema(self):
        r = self.r
        ncol = r.randint(3, 6)
        self.ipk = r.random() < 0.5
        self.cols = []
        for i in range(ncol):
            aff = r.choice(AFFINITIES)
            coll = r.choice(COLLATIONS) if r.random() < 0.6 else None
            prof = r.choice(PROFILES)
            self.cols.append(Column("c%d" % i, aff, coll, prof, False))
        # UNIQUE: a column constraint, a table constraint on one or two
        # columns, or a CREATE UNIQUE INDEX (maybe with another collation)
        nuniq = r.choice([0, 0, 1, 1, 2])
        self.uniques = []        # lists of column names
        self.unique_sql = []     # CREATE UNIQUE INDEX statements
        table_cons = []
        for k in range(nuniq):
            kind = r.choice(['col', 'table', 'table2', 'index', 'index'])
            c = r.choice(self.cols)
            c.unique = True
            if c.profile not in ('seq', 'wide', 'text', 'real'):
                c.profile = r.choice(['seq', 'wide', 'text', 'real'])
            if kind == 'col':
                c.colcons = ' UNIQUE'
                self.uniques.append([c.name])
            elif kind == 'table':
                table_cons.append("UNIQUE(%s)" % c.name)
                self.uniques.append([c.name])
            elif kind == 'table2':
                d = r.choice(self.cols)
                if d is c:
                    table_cons.append("UNIQUE(%s)" % c.name)
                    self.uniques.append([c.name])
                else:
                    table_cons.append("UNIQUE(%s, %s)" % (c.name, d.name))
                    self.uniques.append([c.name, d.name])
            else:
                coll = r.choice(['', ' COLLATE NOCASE', ' COLLATE RTRIM',
                                 ' COLLATE BINARY'])
                self.unique_sql.append("CREATE UNIQUE INDEX tu%d ON t(%s%s)"
                                       % (k, c.name, coll))
                self.uniques.append([c.name])
        defs = []
        if self.ipk:
            defs.append("id INTEGER PRIMARY KEY")
        for c in self.cols:
            s = c.name
            if c.aff:
                s += " " + c.aff
            if c.coll:
                s += " COLLATE " + c.coll
            s += getattr(c, 'colcons', '')
            defs.append(s)
        defs += table_cons
        self.rid = "id" if self.ipk else "rowid"
        self.create = "CREATE TABLE t(%s)" % ", ".join(defs)
        self.nrow = r.randint(self.opts.min_rows, self.opts.max_rows)
        # a plain index now and then: the planner may use it instead of a scan
        self.plain_index = None
        if r.random() < 0.3:
            c = r.choice(self.cols)
            self.plain_index = "CREATE INDEX ti ON t(%s)" % c.name

    def value(self, c, i):
        r = self.r
        p = c.profile
        if p != 'seq' and p != 'null' and r.random() < 0.03:
            return None
        if p == 'seq':
            return i * 3 + 11
        if p == 'small':
            return r.randint(-50, 50)
        if p == 'wide':
            return r.randint(-2**62, 2**62)
        if p == 'real':
            return r.randint(-10**6, 10**6) / 8.0 + r.random() / 1000.0
        if p == 'intreal':
            return float(r.randint(-100, 100))
        if p == 'dict':
            return r.choice(['k1', 'K1', 'k1 ', 'k2', 'abc', 'ABC', 'abc ', 'x',
                             '', 'é', 'É', '10', ' 10'])
        if p == 'text':
            return "v%07d" % r.randint(0, 10**7)
        if p == 'mixed':
            return r.choice(ALL_VALUES) if r.random() < 0.7 else r.randint(-9, 9)
        if p == 'null':
            return None if r.random() < 0.95 else r.choice(ALL_VALUES)
        if p == 'const':
            if not hasattr(c, 'constv'):
                c.constv = r.choice(ALL_VALUES)
            return c.constv
        if p == 'blob':
            return bytes(r.randint(0, 255) for _ in range(r.randint(0, 6)))
        if p == 'runs':
            if not hasattr(c, 'runv') or r.random() < 0.02:
                c.runv = r.choice([r.randint(-5, 5), r.choice(TEXTS), 2**62])
            return c.runv
        if p == 'blocks':
            # clustered values: whole chunks fall outside a range (zone maps)
            if not hasattr(c, 'blk'):
                c.blk = r.choice([20000, 40000, 65536, 70000])
                c.blkv = [r.choice([1, -1000, 10**6, 2.5, 'k5', 3]) for _ in range(16)]
            v = c.blkv[(i // c.blk) % 16]
            return v + r.randint(0, 9) if isinstance(v, int) else v
        if p == 'tblocks':
            return "b%02d-%d" % ((i // 65536) * 7 % 13, r.randint(0, 99))
        if p == 'numtext':
            return r.choice(['%d' % r.randint(-99, 99), '%d.0' % r.randint(0, 9),
                             ' %d' % r.randint(0, 9), '%de1' % r.randint(0, 9),
                             r.randint(-99, 99)])
        return None

    def row_values(self, i):
        return [self.value(c, i) for c in self.cols]

    def populate(self, db):
        r = self.r
        self.exec(db, self.create)
        for s in self.unique_sql:
            self.exec(db, s)
        if self.plain_index:
            self.exec(db, self.plain_index)
        names = ", ".join(c.name for c in self.cols)
        ph = ", ".join("?" for _ in self.cols)
        # rowids: dense from a random start, with gaps now and then
        start = r.choice([1, 1, 100, -1000, 2**40])
        gapped = r.random() < 0.3
        rows = []
        rid = start
        for i in range(self.nrow):
            rows.append([rid] + self.row_values(i))
            rid += 1
            if gapped and r.random() < 0.01:
                rid += r.randint(1, 5000)
        self.log.append("-- %d rows from rowid %d%s" % (self.nrow, start,
                                                        " with gaps" if gapped else ""))
        db.execute("BEGIN")
        db.executemany("INSERT OR IGNORE INTO t(%s, %s) VALUES (?, %s)"
                       % (self.rid, names, ph), rows)
        db.execute("COMMIT")
        # u: a small table for joins and subqueries
        self.exec(db, "CREATE TABLE u(y, z TEXT)")
        self.exec(db, "CREATE INDEX uy ON u(y)")
        urows = []
        for k in range(r.randint(3, 40)):
            c = r.choice(self.cols)
            urows.append((self.value(c, r.randint(0, self.nrow)), r.choice(TEXTS)))
        db.executemany("INSERT INTO u VALUES (?, ?)", urows)
        if r.random() < 0.3:
            self.exec(db, "ANALYZE")

    # ---- SQL helpers -------------------------------------------------------
    def exec(self, db, sql, params=()):
        self.log.append(sql + (";  -- %r" % (params,) if params else ";"))
        return db.execute(sql, params)

    def outcome(self, db, sql, params):
        try:
            cur = db.execute(sql, params)
            rows = cur.fetchall()
            return ("rows", [tuple(canon(v) for v in row) for row in rows])
        except sqlite3.Error as e:
            return ("error", str(e))

    def run_both(self, db, sql, params=(), who="writer"):
        """Run sql with column_scan ON and OFF on db; compare."""
        db.execute("PRAGMA column_scan=ON")
        try:
            plan = " / ".join(row[3].b.decode() for row in db.execute("EXPLAIN QUERY PLAN " + sql, params))
        except sqlite3.Error as e:
            plan = "(error: %s)" % e
        on = self.outcome(db, sql, params)
        db.execute("PRAGMA column_scan=OFF")
        off = self.outcome(db, sql, params)
        self.stats["queries"] += 1
        if "USING COLUMN COPY" in plan:
            self.stats["copy_queries"] += 1
        if "IN BATCHES" in plan:
            self.stats["batch_queries"] += 1
        if "LIKE ?" in plan or "GLOB ?" in plan:
            self.stats["like_queries"] += 1
        if on[0] == "error":
            self.stats["errors"] += 1
        if self.corrupt and on[0] == "rows" and on[1] and "USING COLUMN COPY" in plan:
            row = list(on[1][0])
            v = row[0]
            row[0] = ("r" + v[1:] + ".0") if v.startswith("i") else "i0" if v != "i0" else "i1"
            on = ("rows", [tuple(row)] + on[1][1:])
            self.corrupt = False
        if on != off:
            diff = self.describe_diff(on, off)
            raise Failure("column_scan=ON and OFF differ (%s)\n  query: %s\n  params: %r\n"
                          "  plan (ON): %s\n  %s" % (who, sql, params, plan, diff))
        return off

    @staticmethod
    def describe_diff(on, off):
        if on[0] != off[0] or on[0] == "error":
            return "ON: %r\n  OFF: %r" % (on[0] == "error" and on or (on[0], len(on[1])),
                                          off[0] == "error" and off or (off[0], len(off[1])))
        a, b = on[1], off[1]
        for i in range(min(len(a), len(b))):
            if a[i] != b[i]:
                return "%d rows ON, %d OFF; first difference at row %d: ON %r, OFF %r" % (
                    len(a), len(b), i, a[i], b[i])
        return "%d rows ON, %d OFF; the longer one goes on with %r" % (
            len(a), len(b), (a[len(b)] if len(a) > len(b) else b[len(a)]))

    # ---- random queries ----------------------------------------------------
    def const(self, c, params):
        r = self.r
        if r.random() < 0.25:
            v = self.value(c, r.randint(0, self.nrow))
        else:
            v = r.choice(ALL_VALUES)
        if v is None and r.random() < 0.7:
            v = r.choice(INT_EXTREMES)
        if r.random() < 0.25:
            params.append(v)
            return "?"
        return sql_literal(v)

    def colref(self, c, alias="t"):
        return "%s.%s" % (alias, c.name) if alias else c.name

    def term(self, params, alias="t", depth=0):
        r = self.r
        if self.fmode and r.random() < 0.7:
            return self.fconst_term(params, alias)
        c = r.choice(self.cols)
        col = self.colref(c, alias)
        k = r.random()
        if depth < 2 and k < 0.08:
            return "(%s OR %s)" % (self.term(params, alias, depth + 1),
                                    self.term(params, alias, depth + 1))
        if depth < 2 and k < 0.11:
            return "NOT (%s)" % self.term(params, alias, depth + 1)
        if k < 0.16:
            rid = "%s.%s" % (alias, self.rid) if alias else self.rid
            lo = r.randint(-2000, 250000)
            hi = lo + r.randint(0, 100000)
            k2 = r.randint(0, 7)
            if k2 == 5:
                # a bound parameter of any storage class
                params.append(r.choice([lo, lo + 0.5, str(hi), None, "x", hi * 1.0]))
                return "%s %s ?" % (rid, r.choice(['>', '>=', '<', '<=']))
            return r.choice(["%s > %d" % (rid, lo), "%s BETWEEN %d AND %d" % (rid, lo, hi),
                             "%s <= %d" % (rid, lo), "%s %% 7 = 3" % rid,
                             "%s >= %d.5 AND %s < '%d'" % (rid, lo, rid, hi),
                             "%s > -(%d.5)" % (rid, lo), "%s < %d.5" % (rid, hi),
                             "%s BETWEEN '%d' AND %d+1" % (rid, lo, hi)])
        op = r.choice(['=', '==', '<', '<=', '>', '>=', '<>', '!=', 'IS', 'IS NOT',
                       'BETWEEN', 'NOT BETWEEN', 'IN', 'NOT IN', 'ISNULL', 'NOTNULL',
                       'IS NULL', 'IS NOT NULL', 'LIKE', 'GLOB', 'COLLATE', 'REV', 'EXPR',
                       '=', '<', '>', 'IN', 'BETWEEN'])
        if op in ('BETWEEN', 'NOT BETWEEN'):
            return "%s %s %s AND %s" % (col, op, self.const(c, params), self.const(c, params))
        if op in ('IN', 'NOT IN'):
            n = r.randint(0, 6)
            return "%s %s (%s)" % (col, op, ", ".join(self.const(c, params) for _ in range(n)))
        if op in ('ISNULL', 'NOTNULL', 'IS NULL', 'IS NOT NULL'):
            return "%s %s" % (col, op)
        if op == 'LIKE':
            # LIKE inside the scan (column_scan_like): wildcards first, last,
            # between; cases; ESCAPE; '_' and non-ASCII (left to the VDBE);
            # sometimes bound
            pat = r.choice(['k%', 'K_', 'abc%', '%3', '1%', '', '%', 'v00%', '_',
                            '%1', '%B%', 'a%c', '%0%0%', 'é%', '%É', '%x!%%', 'k1 ',
                            '%!_%', 'v%5', '%.5'])
            neg = r.choice(['', '', 'NOT '])
            esc = " ESCAPE '!'" if '!' in pat or r.random() < 0.1 else ""
            if r.random() < 0.2:
                params.append(r.choice([pat, pat, None, 1, b'k%']))
                return "%s %sLIKE ?%s" % (col, neg, esc)
            return "%s %sLIKE %s%s" % (col, neg, sql_literal(pat), esc)
        if op == 'GLOB':
            neg = r.choice(['', '', 'NOT '])
            return "%s %sGLOB %s" % (col, neg, sql_literal(r.choice(
                ['k*', 'K?', '*3', 'v0*', '*b*', 'a*c', '*0*0*', '[ak]*', ''])))
        if op == 'COLLATE':
            return "%s COLLATE %s %s %s" % (col, r.choice(COLLATIONS),
                                            r.choice(['=', '<', '>=']), self.const(c, params))
        if op == 'REV':
            return "%s %s %s" % (self.const(c, params), r.choice(['=', '<', '<=', '>', '>=']), col)
        if op == 'EXPR':
            e = r.randint(0, 4)
            if e == 0:
                return "%s+0 > %s" % (col, self.const(c, params))
            if e == 1:
                return "CAST(%s AS TEXT) = %s" % (col, self.const(c, params))
            if e == 2:
                return "typeof(%s) = %s" % (col, sql_literal(r.choice(
                    ['integer', 'real', 'text', 'blob', 'null'])))
            if e == 3:
                return "%s = %s" % (col, self.colref(r.choice(self.cols), alias))
            return "length(%s) > 2" % col
        return "%s %s %s" % (col, op, self.const(c, params))

    def where(self, params, alias="t", lo=0, hi=3):
        n = self.r.randint(lo, hi)
        if n == 0:
            return ""
        return " WHERE " + " AND ".join(self.term(params, alias) for _ in range(n))

    def gen_query(self):
        r = self.r
        params = []
        cols = [c.name for c in self.cols]
        sel = ", ".join("t." + x for x in r.sample(cols, r.randint(1, len(cols))))
        k = r.randint(0, 14)
        limit = ""
        if r.random() < 0.5:
            limit = " LIMIT %d" % r.choice([1, 5, 100, 1000])
            if r.random() < 0.3:
                limit += " OFFSET %d" % r.randint(0, 70000)
        order = r.choice(["", "", " ORDER BY t.%s" % self.rid, " ORDER BY t.%s DESC" % self.rid])
        if k <= 3:
            sql = "SELECT t.%s, %s FROM t%s%s%s" % (self.rid, sel, self.where(params, lo=1), order, limit)
        elif k == 4:
            c = r.choice(cols)
            sql = ("SELECT count(*), count(t.%s), min(t.%s), max(t.%s), total(t.%s), "
                   "count(DISTINCT t.%s), sum(t.%s) FROM t%s" % (c, c, c, c, c, c, self.where(params)))
        elif k == 12:
            # aggregates of columns and arithmetic: the batch path (doc/batch.md)
            c, d = r.choice(cols), r.choice(cols)
            aggs = "count(*), sum(t.%s), total(t.%s * 2), avg(t.%s - t.%s), min(t.%s), max(t.%s + 1)" % (
                c, d, c, d, d, c)
            if r.random() < 0.5:
                g = r.choice(cols)
                sql = "SELECT t.%s, %s FROM t%s GROUP BY t.%s ORDER BY 1" % (g, aggs, self.where(params), g)
            else:
                sql = "SELECT %s FROM t%s" % (aggs, self.where(params))
        elif k == 13:
            # lookups of t's rowid from a scan of t: after a cursor's first
            # 1,024 the copy answers them (doc/column-copy.md, "Lookups")
            c = r.choice(cols + [self.rid])
            sql = "SELECT a.%s, %s FROM t AS a %s t ON t.%s = a.%s + %d%s%s" % (
                self.rid, sel, r.choice(["JOIN", "LEFT JOIN", "CROSS JOIN"]), self.rid, c,
                r.choice([0, 1, -3, 7, 65536]), self.where(params, alias="a", hi=1),
                limit or " LIMIT 5000")
        elif k == 14:
            # a star join: the body tests t's terms, then probes u's Bloom
            # filter, which the scan runs over the vector
            # (doc/column-copy.md, "Bloom filters inside the scan")
            c = r.choice(cols)
            w = self.where(params, lo=1)
            sql = "SELECT count(*), sum(t.%s), max(u.z) FROM t CROSS JOIN u ON u.rowid = t.%s%s AND u.z %s %s" % (
                self.rid, c, w, r.choice(['=', '<', '>=', '<>']),
                sql_literal(r.choice(['k1', 'v00', 'K2', '', 'z'])))
        elif k == 5:
            c = r.choice(cols)
            sql = "SELECT t.%s, count(*), max(t.%s) FROM t%s GROUP BY t.%s%s" % (
                c, self.rid, self.where(params), c, r.choice(["", " ORDER BY 2 DESC, 1"]))
        elif k == 6:
            c = r.choice(cols)
            w = self.where(params)
            if r.random() < 0.5:
                # an OR across t and u: implied terms on t (doc/implied.md)
                ors = " OR ".join("(%s AND u.z %s %s)" % (
                    self.term(params), r.choice(['=', '<', '>=', '<>']),
                    sql_literal(r.choice(['k1', 'v00', 'K2', '', 'z'])))
                    for _ in range(r.randint(2, 3)))
                w = (w + " AND " if w else " WHERE ") + "(" + ors + ")"
            sql = "SELECT t.%s, u.z FROM t %s u ON u.y = t.%s%s%s" % (
                self.rid, r.choice(["JOIN", "LEFT JOIN", "CROSS JOIN"]), c, w, limit)
        elif k == 7:
            c = r.choice(cols)
            sql = "SELECT t.%s, %s FROM t WHERE %s EXISTS (SELECT 1 FROM u WHERE u.y = t.%s)%s%s" % (
                self.rid, sel, r.choice(["", "NOT"]), c,
                self.where(params).replace(" WHERE ", " AND ", 1), limit)
        elif k == 8:
            c = r.choice(cols)
            inner = self.where(params, alias="t2", lo=0, hi=2)
            inner = inner.replace(" WHERE ", " AND ", 1)
            sql = ("SELECT u.y, (SELECT count(*) FROM t AS t2 WHERE t2.%s = u.y%s), "
                   "(SELECT max(t2.%s) FROM t AS t2 WHERE t2.%s > u.y) FROM u LIMIT 3"
                   % (c, inner, self.rid, c))
        elif k == 9:
            c = r.choice(cols)
            sql = "SELECT t.%s, (SELECT z FROM u WHERE u.y = t.%s LIMIT 1) FROM t%s%s" % (
                self.rid, c, self.where(params, lo=1), limit or " LIMIT 500")
        elif k == 10:
            sql = "SELECT (SELECT count(*) FROM t%s), (SELECT min(%s) FROM t%s)" % (
                self.where(params, alias=""), r.choice(cols), self.where(params, alias=""))
        else:
            c = r.choice(cols)
            sql = ("SELECT typeof(t.%s), count(*) FROM t%s GROUP BY 1 "
                   "UNION ALL SELECT 'u', count(*) FROM u LEFT JOIN t ON t.%s = u.y AND t.%s < 1000"
                   % (c, self.where(params), self.rid, self.rid))
        return sql, params

    def query_step(self, db, who="writer"):
        sql, params = self.gen_query()
        self.log.append("-- query (%s): %s  %r" % (who, sql, params))
        return self.run_both(db, sql, params, who)

    # ---- random writes -------------------------------------------------------
    def some_rowid(self):
        r = self.r
        k = r.random()
        if k < 0.6:
            return r.choice(self.base) + r.randint(0, self.nrow + 200)
        if k < 0.8:
            return r.choice(self.base) + r.randint(self.nrow, self.nrow + 70000)
        return r.choice([-5, 0, 1, 2**40 + 7, 2**62, -2**62, 65536, 65535, 131072])

    def gen_write(self):
        """One random write statement: (sql, params)."""
        r = self.r
        names = [c.name for c in self.cols]
        k = r.randint(0, 13)
        if k <= 2:
            n = r.randint(1, 5)
            rows, params = [], []
            explicit = r.random() < 0.6
            for _ in range(n):
                vals = self.row_values(r.randint(0, self.nrow))
                if explicit:
                    vals = [self.some_rowid()] + vals
                rows.append("(" + ", ".join("?" for _ in vals) + ")")
                params += vals
            cols = ([self.rid] if explicit else []) + names
            verb = r.choice(["INSERT", "INSERT OR REPLACE", "REPLACE", "INSERT OR IGNORE"])
            return "%s INTO t(%s) VALUES %s" % (verb, ", ".join(cols), ", ".join(rows)), params
        if k == 3 and self.uniques:
            # a REPLACE that collides with another row's UNIQUE value
            u = r.choice(self.uniques)
            other = [x for x in names if x not in u]
            vals = [self.value(self.cols[names.index(x)], 0) for x in other]
            sel = ", ".join(u + ["?"] * len(other))
            return ("INSERT OR REPLACE INTO t(%s) SELECT %s FROM t WHERE %s >= ? LIMIT 1"
                    % (", ".join(u + other), sel, self.rid), vals + [self.some_rowid()])
        if k == 4 and self.uniques:
            u = r.choice(self.uniques)
            return ("UPDATE OR REPLACE t SET (%s) = (SELECT %s FROM t WHERE %s >= ? LIMIT 1) "
                    "WHERE %s = (SELECT min(%s) FROM t WHERE %s >= ?)" % (
                        ", ".join(u), ", ".join(u), self.rid, self.rid, self.rid, self.rid),
                    [self.some_rowid(), self.some_rowid()])
        if k == 5 and self.uniques:
            u = r.choice(self.uniques)
            c = r.choice(self.cols)
            vals = self.row_values(0)
            ph = ", ".join("?" for _ in names)
            action = r.choice(["DO NOTHING", "DO UPDATE SET %s = excluded.%s" % (c.name, c.name),
                               "DO UPDATE SET %s = %d" % (self.rid, r.randint(-10, 10**6))])
            return ("INSERT INTO t(%s) SELECT %s FROM t WHERE %s >= ? LIMIT 1 ON CONFLICT(%s) %s" % (
                ", ".join(names), ", ".join(u[0] if x == u[0] else "?" for x in names), self.rid,
                ", ".join(u), action),
                [v for x, v in zip(names, vals) if x != u[0]] + [self.some_rowid()])
        if k <= 7:
            c = r.choice(self.cols)
            a = self.some_rowid()
            params = []
            val = r.choice(["?", "zeroblob(%d)" % r.randint(0, 4), "%s + 1" % c.name,
                            "upper(%s)" % c.name, "NULL", "?"])
            if val == "?":
                params.append(self.value(c, r.randint(0, self.nrow)))
            where = r.choice(["%s BETWEEN %d AND %d" % (self.rid, a, a + r.randint(0, 300)),
                              "%s = %d" % (self.rid, a), None])
            if where is None:
                where = self.term(params, alias="")
                where += " AND %s BETWEEN %d AND %d" % (self.rid, a, a + 20000)
            verb = r.choice(["UPDATE", "UPDATE", "UPDATE OR IGNORE", "UPDATE OR REPLACE"])
            return "%s t SET %s = %s WHERE %s" % (verb, c.name, val, where), params
        if k == 8:
            a = self.some_rowid()
            d = r.choice([1, -1, 70000, 65536, -65536, 200000])
            return ("UPDATE OR REPLACE t SET %s = %s + %d WHERE %s BETWEEN %d AND %d"
                    % (self.rid, self.rid, d, self.rid, a, a + r.randint(0, 10)), [])
        if k <= 10:
            a = self.some_rowid()
            params = []
            if r.random() < 0.7:
                return "DELETE FROM t WHERE %s BETWEEN %d AND %d" % (
                    self.rid, a, a + r.choice([0, 1, 10, 1000])), []
            w = self.term(params, alias="")
            return "DELETE FROM t WHERE %s AND %s BETWEEN %d AND %d" % (
                w, self.rid, a, a + 5000), params
        if k == 11:
            return ("INSERT INTO t(%s) SELECT %s FROM t WHERE %s BETWEEN ? AND ?" % (
                ", ".join(names), ", ".join(names), self.rid),
                [self.some_rowid(), self.some_rowid() + 50])
        if k == 12:
            return "INSERT INTO u VALUES (?, ?)", [r.choice(ALL_VALUES), r.choice(TEXTS)]
        return "UPDATE t SET %s = %s WHERE %s %% 997 = %d" % (
            r.choice(names), r.choice(["NULL", "'k3'", "3.0", "X'00'"]), self.rid, r.randint(0, 996)), []

    def write_step(self, db):
        """A transaction of random writes on the fork's connection."""
        r = self.r
        explicit = r.random() < 0.7
        if explicit:
            self.exec(db, "BEGIN")
        sp = 0
        for _ in range(r.randint(1, 6)):
            k = r.random()
            if explicit and k < 0.15:
                sp += 1
                self.exec(db, "SAVEPOINT s%d" % sp)
                continue
            if explicit and sp and k < 0.25:
                # RELEASE ends the savepoint; ROLLBACK TO keeps it open
                how = r.choice(["ROLLBACK TO", "RELEASE"])
                self.exec(db, "%s s%d" % (how, sp))
                if how == "RELEASE":
                    sp -= 1
                continue
            if k < 0.3 and r.random() < 0.3:
                self.build(db, inside=True)
                continue
            sql, params = self.gen_write()
            try:
                self.exec(db, sql, params)
            except sqlite3.IntegrityError:
                pass
            except sqlite3.OperationalError as e:
                if "too many" in str(e) or "overflow" in str(e):
                    pass
                else:
                    raise Failure("write failed: %s\n  %s %r" % (e, sql, params))
            if r.random() < 0.15:
                self.query_step(db, "writer, inside its transaction")
        if explicit:
            self.exec(db, r.choice(["COMMIT", "COMMIT", "COMMIT", "ROLLBACK"]))

    def build(self, db, inside=False):
        if self.opts.no_feature:
            return
        if (not self.corrupt and self.stats["builds"] > 0
                and random.Random("%d/%d/%d" % (self.seed, self.num, self.stats["builds"])).random() < 0.4):
            # Maintenance in small steps: a chunk rebuilt, or the tail cut
            for _ in range(self.r.randint(1, 3)):
                try:
                    self.exec(db, "PRAGMA column_copy_maintain").fetchall()
                    self.stats["maintain_steps"] += 1
                except sqlite3.Error as e:
                    raise Failure("PRAGMA column_copy_maintain failed: %s" % e)
            return
        try:
            self.exec(db, "PRAGMA column_copy('t')").fetchall()
            self.stats["builds"] += 1
        except sqlite3.Error as e:
            raise Failure("PRAGMA column_copy('t') failed: %s" % e)

    # ---- stock SQLite writing ------------------------------------------------
    def stock_step(self, db):
        r = self.r
        lines = [".timeout 20000", ".bail off"]
        for _ in range(r.randint(1, 8)):
            sql, params = self.gen_write()
            lines.append(self.inline(sql, params) + ";")
        if r.random() < 0.5:
            lines.insert(2, "BEGIN;")
            lines.append(r.choice(["COMMIT;", "COMMIT;", "ROLLBACK;"]))
        script = "\n".join(lines) + "\n"
        self.log.append("-- stock SQLite writes:\n" + script)
        p = subprocess.run([self.opts.stock, "-batch", self.path], input=script.encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        err = p.stderr.decode(errors="replace")
        for line in err.splitlines():
            if "constraint failed" in line or "UNIQUE" in line or "overflow" in line:
                continue
            raise Failure("stock SQLite failed: %s\n  script:\n%s" % (line, script))
        self.stats["stock_writes"] += 1

    @staticmethod
    def inline(sql, params):
        out, i, quoted = [], 0, False
        for ch in sql:
            if ch == "'":
                quoted = not quoted
            if ch == "?" and not quoted:
                out.append(sql_literal(params[i]))
                i += 1
            else:
                out.append(ch)
        assert i == len(params), (sql, params)
        return "".join(out)

    # ---- DDL by the fork's own connection --------------------------------------
    def ddl_exec(self, db, sql, params=()):
        """A DDL statement that may fail as SQL (a duplicate key, a column
        in use): True if it ran.  An error naming the copies is a failure."""
        try:
            self.exec(db, sql, params).fetchall()
            return True
        except sqlite3.Error as e:
            m = str(e)
            if "lipsqlite" in m or "column_copy" in m or "corrupt" in m or "malformed" in m:
                raise Failure("DDL failed because of the copies: %s\n  %s %r" % (m, sql, params))
            self.log.append("-- (failed: %s)" % m)
            return False

    def orig_cols(self):
        return [c for c in self.cols if c not in self.added]

    def ddl_action(self, db, in_txn):
        """One random DDL action; returns the updates of the Python model to
        make if it commits (a list of callables)."""
        r = self.r
        self.ddln += 1
        n = self.ddln
        kinds = ['table', 'view', 'index', 'index', 'unique', 'unique', 'unique', 'trigger',
                 'add', 'add', 'dropcol', 'rename']
        if not in_txn:
            kinds.append('vacuum')
        kind = r.choice(kinds)
        self.log.append("-- ddl: %s" % kind)
        done = []
        if kind == 'table':
            if self.tables and r.random() < 0.5:
                x = r.choice(self.tables)
                if self.ddl_exec(db, "DROP TABLE %s" % x):
                    done.append(lambda: self.tables.remove(x))
            else:
                x = "x%d" % n
                if self.ddl_exec(db, "CREATE TABLE %s(a INTEGER PRIMARY KEY, b%s)" % (
                        x, r.choice(["", " UNIQUE", " TEXT"]))):
                    self.ddl_exec(db, "INSERT INTO %s(b) SELECT %s FROM t LIMIT 50" % (
                        x, r.choice(self.cols).name))
                    done.append(lambda: self.tables.append(x))
        elif kind == 'view':
            if self.views and r.random() < 0.5:
                x = r.choice(self.views)
                if self.ddl_exec(db, "DROP VIEW %s" % x):
                    done.append(lambda: self.views.remove(x))
            else:
                x = "v%d" % n
                c = r.choice(self.orig_cols())
                if self.ddl_exec(db, "CREATE VIEW %s AS SELECT rowid AS r, %s FROM t WHERE %s IS NOT NULL"
                                 % (x, c.name, c.name)):
                    done.append(lambda: self.views.append(x))
        elif kind == 'index':
            if self.indexes and r.random() < 0.5:
                x = r.choice(self.indexes)
                if self.ddl_exec(db, "DROP INDEX %s" % x):
                    done.append(lambda: self.indexes.remove(x))
            else:
                x = "ix%d" % n
                c = r.choice(self.orig_cols())
                e = r.choice(["%s", "%s COLLATE NOCASE", "%s DESC", "%s+0", "lower(%s)"]) % c.name
                part = r.choice(["", "", " WHERE %s IS NOT NULL" % c.name])
                if self.ddl_exec(db, "CREATE INDEX %s ON t(%s)%s" % (x, e, part)):
                    done.append(lambda: self.indexes.append(x))
        elif kind == 'unique':
            self.unique_action(db, n)
        elif kind == 'trigger':
            if self.triggers and r.random() < 0.5:
                x = r.choice(self.triggers)
                if self.ddl_exec(db, "DROP TRIGGER %s" % x):
                    done.append(lambda: self.triggers.remove(x))
            else:
                x = "tr%d" % n
                c = r.choice(self.orig_cols())
                d = r.choice(self.orig_cols())
                body = r.choice([
                    "AFTER UPDATE OF %s ON t BEGIN INSERT INTO u VALUES (NEW.%s, 'trg'); END" % (c.name, c.name),
                    "AFTER DELETE ON t WHEN OLD.%s IS NOT NULL BEGIN UPDATE u SET z = 'del' WHERE rowid = 1; END" % c.name,
                    "AFTER INSERT ON t BEGIN UPDATE t SET %s = %s WHERE rowid = NEW.rowid - 1; END" % (d.name, sql_literal(r.choice(ALL_VALUES))),
                    "BEFORE UPDATE ON t WHEN NEW.%s IS 'k3' BEGIN SELECT RAISE(IGNORE); END" % c.name,
                    "AFTER UPDATE ON t BEGIN DELETE FROM t WHERE rowid = NEW.rowid + 7 AND %s IS NULL; END" % d.name])
                if self.ddl_exec(db, "CREATE TRIGGER %s %s" % (x, body)):
                    done.append(lambda: self.triggers.append(x))
                    if r.random() < 0.6:
                        # fire it now
                        sql, params = self.gen_write()
                        try:
                            self.exec(db, sql, params)
                        except sqlite3.Error as e:
                            self.log.append("-- (failed: %s)" % e)
        elif kind == 'add':
            x = "a%d" % n
            aff = r.choice(AFFINITIES)
            coll = r.choice(COLLATIONS) if r.random() < 0.3 else None
            v = r.choice(ALL_VALUES)
            col = Column(x, aff, coll, r.choice(['mixed', 'small', 'dict', 'null', 'real']), False)
            if self.ddl_exec(db, "ALTER TABLE t ADD COLUMN %s%s%s%s" % (
                    x, " " + aff if aff else "", " COLLATE " + coll if coll else "",
                    " DEFAULT %s" % sql_literal(v) if r.random() < 0.7 else "")):
                def add():
                    self.cols.append(col)
                    self.added.append(col)
                done.append(add)
                if r.random() < 0.5:
                    self.ddl_exec(db, "UPDATE t SET %s = %s WHERE rowid %% %d = 0" % (
                        x, sql_literal(r.choice(ALL_VALUES)), r.choice([3, 1000, 65536])))
        elif kind == 'dropcol':
            if self.added:
                col = r.choice(self.added)
                if self.ddl_exec(db, "ALTER TABLE t DROP COLUMN %s" % col.name):
                    def drop():
                        self.cols.remove(col)
                        self.added.remove(col)
                    done.append(drop)
        elif kind == 'rename':
            col = r.choice(self.cols)
            x = "r%d" % n
            if self.ddl_exec(db, "ALTER TABLE t RENAME COLUMN %s TO %s" % (col.name, x)):
                old = col.name
                def rename():
                    col.name = x
                    self.uniques = [[x if y == old else y for y in u] for u in self.uniques]
                done.append(rename)
        else:
            self.ddl_exec(db, "VACUUM")
        return done

    def unique_action(self, db, n):
        """CREATE UNIQUE INDEX, a REPLACE through it, DROP INDEX."""
        r = self.r
        c = r.choice(self.cols)
        others = [d for d in self.cols if d is not c]
        if not others:
            return
        d = r.choice(others)
        form = r.choice(["%s", "lower(%s)", "%s COLLATE NOCASE", "%s COLLATE RTRIM"])
        key = {"%s": "%s", "lower(%s)": "upper(%s)", "%s COLLATE NOCASE": "upper(%s)",
               "%s COLLATE RTRIM": "%s || ' '"}[form] % c.name
        if form == "%s COLLATE RTRIM":
            key = "CASE WHEN typeof(%s) = 'text' THEN %s || ' ' ELSE %s END" % (c.name, c.name, c.name)
        x = "ux%d" % n
        ok, cond = False, ""
        for attempt in range(3):
            if attempt == 0 and r.random() < 0.4:
                cond = ""
            else:
                a = self.some_rowid()
                cond = " WHERE rowid BETWEEN %d AND %d OR %s IS 'zpart'" % (a, a + r.choice([1, 3, 100]), d.name)
            if self.ddl_exec(db, "CREATE UNIQUE INDEX %s ON t(%s)%s" % (x, form % c.name, cond)):
                ok = True
                break
        if not ok:
            return
        if r.random() < 0.5:
            self.query_step(db, "writer, with a UNIQUE index of its own")
        # a REPLACE through the index: a new row with another row's key
        names = [y.name for y in self.cols]
        vals = []
        sel = []
        for y in self.cols:
            if y is c:
                sel.append(key)
            elif y is d and cond:
                sel.append("'zpart'")
            else:
                sel.append("?")
                vals.append(self.value(y, r.randint(0, self.nrow)))
        where = "(%s)" % cond[len(" WHERE "):] if cond else "%s >= %d" % (self.rid, self.some_rowid())
        verb = r.choice(["INSERT OR REPLACE", "REPLACE"])
        try:
            self.exec(db, "%s INTO t(%s) SELECT %s FROM t WHERE %s AND %s IS NOT NULL LIMIT %d" % (
                verb, ", ".join(names), ", ".join(sel), where, c.name, r.choice([1, 1, 3])), vals)
        except sqlite3.Error as e:
            self.log.append("-- (failed: %s)" % e)
        if r.random() < 0.3:
            try:
                self.exec(db, "UPDATE OR REPLACE t SET %s = (SELECT %s FROM t WHERE %s IS NOT NULL AND %s ORDER BY %s LIMIT 1) "
                          "WHERE %s = (SELECT max(%s) FROM t WHERE %s)" % (
                              c.name, key, c.name, where, self.rid, self.rid, self.rid, where))
            except sqlite3.Error as e:
                self.log.append("-- (failed: %s)" % e)
        self.query_step(db, "writer, after a REPLACE through its own UNIQUE index")
        self.ddl_exec(db, "DROP INDEX %s" % x)

    def ddl_step(self, db):
        r = self.r
        wrap = r.choice(["none", "none", "none", "rollback", "commit", "savepoint"])
        # the model of the schema, to put back if the DDL is rolled back
        snap = (list(self.cols), list(self.added), [(c, c.name) for c in self.cols + self.added],
                list(self.tables), list(self.views), list(self.indexes), list(self.triggers),
                [list(u) for u in self.uniques])
        if wrap == "rollback" or wrap == "commit":
            self.exec(db, "BEGIN")
        elif wrap == "savepoint":
            self.exec(db, "SAVEPOINT d")
        for _ in range(r.randint(1, 3)):
            for f in self.ddl_action(db, wrap != "none"):
                f()
            if r.random() < 0.5:
                self.query_step(db, "writer, after its DDL (%s)" % wrap)
        if wrap == "commit":
            self.exec(db, "COMMIT")
        elif wrap != "none":
            if wrap == "rollback":
                self.exec(db, "ROLLBACK")
            else:
                self.exec(db, "ROLLBACK TO d")
                self.exec(db, "RELEASE d")
            (self.cols, self.added, names, self.tables, self.views, self.indexes,
             self.triggers, self.uniques) = snap
            for c, name in names:
                c.name = name
        self.stats["ddl_steps"] += 1
        if r.random() < 0.3:
            self.build(db)
        self.query_step(db, "writer, after DDL (%s)" % wrap)
        if r.random() < 0.5:
            self.query_step(db, "writer, after DDL (%s)" % wrap)

    # ---- function calls in a WHERE clause's constants ---------------------------
    def fconst_term(self, params, alias="t"):
        r = self.r
        c = r.choice(self.cols)
        col = self.colref(c, alias)
        rid = "%s.%s" % (alias, self.rid) if alias else self.rid
        v = r.choice(ALL_VALUES)
        lo = r.choice(self.base) + r.randint(-100, self.nrow)
        k = r.randint(0, 21)
        if k == 0:
            params.append(v)
            return "%s > abs(?)" % col
        if k == 1:
            return "%s BETWEEN zeroblob(%d) AND zeroblob(%d)" % (col, r.randint(0, 2), r.randint(1, 6))
        if k == 2:
            return "%s IN (upper(%s), char(%d), lower(%s))" % (
                col, sql_literal(r.choice(TEXTS)), r.choice([66, 107, 51, 233]), sql_literal(r.choice(TEXTS)))
        if k == 3:
            return "%s <= length('%s')" % (rid, "x" * r.randint(0, 40))
        if k == 4:
            params.append(r.choice([lo, str(lo), lo + 0.5, None, 'z', 'zz']))
            return "%s < nullif(?, 'z')" % rid
        if k == 5:
            params.append(v)
            return "%s = lower(?)" % col
        if k == 6:
            params.append(v)
            return "%s >= coalesce(NULL, ?)" % col
        if k == 7:
            params.append(v)
            return "%s < CAST(? AS %s)" % (col, r.choice(['TEXT', 'INTEGER', 'REAL', 'BLOB', 'NUMERIC']))
        if k == 8:
            params.append(v)
            return "%s > -abs(?)" % col
        if k == 9:
            return "%s IN (abs(-3), round(2.5), hex(%s), %s || '')" % (
                col, sql_literal(r.choice(ALL_VALUES)), sql_literal(r.choice(ALL_VALUES)))
        if k == 10:
            params.append(r.randint(-99, 99))
            return "%s < printf('%%d', ?)" % col
        if k == 11:
            return "%s >= unicode(%s)" % (col, sql_literal(r.choice(['A', 'k', '3', 'é'])))
        if k == 12:
            params.append(v)
            return "%s = typeof(?)" % col
        if k == 13:
            params += [v, r.randint(0, 100)]
            return "%s BETWEEN abs(?) AND abs(?) + 100" % col
        if k == 14:
            params.append(v)
            return "%s > ifnull(?, 0)" % col
        if k == 15:
            params += [v, r.choice(ALL_VALUES)]
            return "%s < max(?, ?)" % col
        if k == 16:
            params += [v, r.choice(ALL_VALUES)]
            return "%s IS nullif(?, ?)" % col
        if k == 17:
            params += [lo, lo + r.randint(0, 70000)]
            return "%s BETWEEN abs(?) AND abs(?) + 1" % rid
        if k == 18:
            return "%s >= length(zeroblob(%d))" % (rid, max(lo, 0))
        if k == 19:
            params += [lo, lo]
            return "%s IN (abs(?), ? + 1, %d)" % (rid, lo)
        if k == 20:
            params.append(r.choice([lo, str(lo), lo * 1.0, 'x']))
            return "%s > CAST(? AS REAL)" % rid
        params.append(v)
        return "%s COLLATE NOCASE = upper(?)" % col

    def fconst_step(self, db):
        self.fmode = True
        try:
            for _ in range(self.r.randint(1, 3)):
                self.query_step(db, "writer, constants that call functions")
        finally:
            self.fmode = False
        self.stats["fconst_steps"] += 1

    # ---- an application function that writes during the scan -------------------
    def udfwrite_step(self, db):
        r = self.r
        cols = [c.name for c in self.cols]
        c = r.choice(self.cols)
        nth = r.choice([1, 2, 5, 100, 1024, 1025, 2000, 65536, 65537, 70000])
        # the write: rows ahead of the scan, behind it, the current row
        k = r.randint(0, 7)
        d = r.choice(self.cols)
        val = sql_literal(r.choice(ALL_VALUES))
        span = r.choice([0, 1, 10, 1000, 70000])
        if k == 0:
            w = "UPDATE t SET %s = %s WHERE %s BETWEEN :rid AND :rid + %d" % (d.name, val, self.rid, span)
        elif k == 1:
            w = "UPDATE t SET %s = %s WHERE %s > :rid AND %s <= :rid + %d" % (d.name, val, self.rid, self.rid, span + 1)
        elif k == 2:
            w = "DELETE FROM t WHERE %s BETWEEN :rid AND :rid + %d" % (self.rid, span)
        elif k == 3:
            w = "DELETE FROM t WHERE %s > :rid AND %s <= :rid + %d" % (self.rid, self.rid, span + 1)
        elif k == 4:
            w = "INSERT OR REPLACE INTO t(%s, %s) VALUES (:rid + %d, %s)" % (
                self.rid, ", ".join(cols), r.choice([1, 2, 100, 65536, 10**9]),
                ", ".join(sql_literal(r.choice(ALL_VALUES)) for _ in cols))
        elif k == 5:
            w = "UPDATE t SET %s = %s WHERE %s BETWEEN :rid - %d AND :rid - 1" % (d.name, val, self.rid, span + 1)
        elif k == 6:
            w = "UPDATE OR REPLACE t SET %s = %s + %d WHERE %s BETWEEN :rid AND :rid + %d" % (
                self.rid, self.rid, r.choice([1, 3, 70000, -1]), self.rid, span)
        else:
            w = "INSERT INTO t(%s) SELECT %s FROM t WHERE %s BETWEEN :rid AND :rid + %d" % (
                ", ".join(cols), ", ".join(cols), self.rid, min(span, 100))
        once = r.random() < 0.7
        state = {}

        def ccw(rid, x):
            state["n"] += 1
            if state["n"] == nth or (not once and state["n"] > nth and state["n"] % 997 == 0):
                try:
                    db.execute(w, {"rid": rid})
                    state["rec"].append(("write", state["n"], rid))
                except sqlite3.Error as e:
                    state["rec"].append(("error", state["n"], rid, str(e)))
            return 1
        db.create_function("ccw", 2, ccw)
        params = []
        sel = ", ".join("t." + x for x in r.sample(cols, r.randint(1, len(cols))))
        form = r.randint(0, 4)
        if form == 0:
            sql = "SELECT t.%s, %s FROM t WHERE ccw(t.%s, t.%s)" % (self.rid, sel, self.rid, c.name)
        elif form == 1:
            sql = "SELECT count(*), sum(t.%s), max(t.%s), min(t.%s) FROM t WHERE ccw(t.%s, t.%s)" % (
                self.rid, c.name, d.name, self.rid, c.name)
        elif form == 2:
            sql = "SELECT t.%s, ccw(t.%s, t.%s), %s FROM t%s" % (
                self.rid, self.rid, c.name, sel, self.where(params))
        elif form == 3:
            sql = "SELECT t.%s, %s FROM t WHERE ccw(t.%s, t.%s) = 1 ORDER BY t.%s%s" % (
                self.rid, sel, self.rid, c.name, self.rid, r.choice(["", " LIMIT 70000"]))
        else:
            sql = "SELECT t.%s, %s, ccw(t.%s, t.%s), %s FROM t%s" % (
                self.rid, sel, self.rid, c.name, sel, self.where(params))
        self.log.append("-- udfwrite: at call %d%s: %s\n-- query: %s  %r" % (
            nth, "" if once else " and every 997th after", w, sql, params))
        res = {}
        for mode in ("ON", "OFF"):
            db.execute("PRAGMA column_scan=%s" % mode)
            if mode == "ON":
                plan = " / ".join(row[3].b.decode() for row in db.execute("EXPLAIN QUERY PLAN " + sql, params))
            state["n"] = 0
            state["rec"] = []
            db.execute("BEGIN")
            try:
                out = self.outcome(db, sql, params)
                after = self.outcome(db, "SELECT count(*), sum(%s), total(length(%s)) FROM t" % (
                    self.rid, d.name), ())
            finally:
                db.execute("ROLLBACK")
            res[mode] = (out, list(state["rec"]), after)
        db.execute("PRAGMA column_scan=ON")
        self.stats["queries"] += 1
        self.stats["udf_steps"] += 1
        self.stats["udf_writes"] += len([x for x in res["OFF"][1] if x[0] == "write"])
        if "USING COLUMN COPY" in plan:
            self.stats["copy_queries"] += 1
        if res["ON"] != res["OFF"]:
            on, off = res["ON"], res["OFF"]
            raise Failure("column_scan=ON and OFF differ (an application function writing at call %d: %s)\n"
                          "  query: %s\n  params: %r\n  plan (ON): %s\n  %s\n  function ON: %r\n"
                          "  function OFF: %r\n  table after ON: %r, OFF: %r" % (
                              nth, w, sql, params, plan, self.describe_diff(on[0], off[0]),
                              on[1][:5], off[1][:5], on[2], off[2]))

    # ---- an attached look-alike ------------------------------------------------
    @staticmethod
    def to_aux(sql):
        def sub(m):
            if m.group(3):
                return "%s aux.%s%s" % (m.group(1), m.group(2), m.group(3))
            return "%s aux.%s AS %s" % (m.group(1), m.group(2), m.group(2))
        return re.sub(r"\b(FROM|JOIN) (t|u)\b(?!\.)( AS \w+)?", sub, sql)

    @staticmethod
    def to_aux_write(sql):
        sql = re.sub(r"\b(INTO|UPDATE|UPDATE OR \w+|FROM) (t|u)\b(?!\.)", r"\1 aux.\2", sql)
        return sql

    def attach_step(self, db):
        r = self.r
        path = self.path[:-3] + "-aux.db"
        # a new look-alike when t's definition changed since the last one
        fresh = self.aux != self.current_create(db) or r.random() < 0.2
        if fresh:
            for suffix in ("", "-wal", "-shm", "-journal"):
                if os.path.exists(path + suffix):
                    os.unlink(path + suffix)
            how = r.choice(["build", "backup"])
            self.log.append("-- attach: a new look-alike by %s" % how)
            if how == "backup":
                dst = sqlite3.connect(path)
                db.backup(dst)
                dst.close()
        else:
            how = "again"
        self.exec(db, "ATTACH %s AS aux" % sql_literal(path))
        try:
            if fresh and how == "build":
                create = self.current_create(db)
                self.exec(db, create.replace("CREATE TABLE t(", "CREATE TABLE aux.t(", 1))
                for s in self.unique_sql:
                    try:
                        self.exec(db, s.replace("CREATE UNIQUE INDEX ", "CREATE UNIQUE INDEX aux.", 1))
                    except sqlite3.Error as e:
                        self.log.append("-- (failed: %s)" % e)
                self.exec(db, "CREATE TABLE aux.u(y, z TEXT)")
                self.exec(db, "INSERT INTO aux.u SELECT * FROM main.u")
                names = ", ".join(c.name for c in self.cols)
                self.exec(db, "INSERT OR IGNORE INTO aux.t(rowid, %s) SELECT rowid, %s FROM main.t%s" % (
                    names, names, r.choice(["", " WHERE rowid % 3 <> 0", " ORDER BY rowid DESC"])))
            if fresh:
                self.aux = self.current_create(db)
            self.stats["attach_steps"] += 1
            # writes to the look-alike (its triggers mark its own chunks)
            for _ in range(r.randint(0, 3)):
                sql, params = self.gen_write()
                try:
                    self.exec(db, self.to_aux_write(sql), params)
                except sqlite3.Error as e:
                    self.log.append("-- (failed: %s)" % e)
            if fresh and how == "build" or r.random() < 0.3:
                try:
                    self.exec(db, "PRAGMA aux.column_copy('t')").fetchall()
                except sqlite3.Error as e:
                    raise Failure("PRAGMA aux.column_copy('t') failed: %s" % e)
            if r.random() < 0.2:
                # a schema change on one side, a VACUUM on the other: alike cookies
                self.ddl_exec(db, "CREATE TABLE aux.y%d(a)" % self.ddln)
                self.ddln += 1
                self.ddl_exec(db, "VACUUM main" if r.random() < 0.5 else "VACUUM aux")
            for _ in range(r.randint(1, 3)):
                sql, params = self.gen_query()
                if r.random() < 0.7:
                    sql = self.to_aux(sql)
                self.log.append("-- query (attached): %s  %r" % (sql, params))
                self.run_both(db, sql, params, "with aux attached")
            if r.random() < 0.3:
                sql, params = self.gen_query()
                sql = self.to_aux(sql) + " UNION ALL " + sql if "LIMIT" not in sql and "ORDER" not in sql else sql
                self.log.append("-- query (attached): %s  %r" % (sql, params + params))
                self.run_both(db, sql, params + params if " UNION ALL " in sql else params, "aux and main")
        finally:
            if db.in_transaction:
                self.exec(db, "ROLLBACK")
            self.exec(db, "DETACH aux")

    def current_create(self, db):
        return db.execute("SELECT sql FROM sqlite_schema WHERE name = 't'").fetchone()[0].b.decode()


    # ---- the case ------------------------------------------------------------
    def connect(self):
        db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        db.text_factory = TypedText
        return db

    def run(self):
        r = self.r
        for suffix in ("", "-wal", "-shm", "-journal"):
            if os.path.exists(self.path + suffix):
                os.unlink(self.path + suffix)
        self.make_schema()
        db = self.connect()
        self.wal = r.random() < 0.6
        self.exec(db, "PRAGMA journal_mode=%s" % ("WAL" if self.wal else r.choice(["DELETE", "TRUNCATE"])))
        if not self.opts.no_feature and not self.corrupt:
            # Automatic maintenance steps among the writes, often (from a
            # stream of its own: the case's other choices are unchanged;
            # not with --corrupt, whose copy must stay as corrupted)
            step = random.Random("%d/%d/step" % (self.seed, self.num))
            self.exec(db, "PRAGMA column_copy_step=%d" % step.choice([0, 20, 100, 500, 4096]))
        # LIKE telling the cases apart, in some cases (a stream of its own)
        if random.Random("%d/%d/csl" % (self.seed, self.num)).random() < 0.3:
            self.exec(db, "PRAGMA case_sensitive_like=ON")
        self.log.append("-- " + self.create)
        self.populate(db)
        self.base = [x[0] for x in db.execute("SELECT min(%s) FROM t" % self.rid)] or [1]
        if self.base[0] is None:
            self.base = [1]
        if r.random() < 0.8:
            self.build(db)
        nstep = r.randint(self.opts.min_steps, self.opts.max_steps)
        for step in range(nstep):
            k = r.random()
            w = self.opts.new_kinds
            if k >= 1 - w:
                # the kinds that DDL, function constants, writing functions
                # and ATTACH add: the old mix's last 8% by default
                k2 = (k - (1 - w)) / w
                if k2 < 0.4375:
                    self.ddl_step(db)
                elif k2 < 0.6875:
                    self.fconst_step(db)
                elif k2 < 0.875:
                    self.udfwrite_step(db)
                else:
                    self.attach_step(db)
            elif (k := k * 0.92 / (1 - w)) < 0.12:
                # (the old mix, rescaled over the rest)
                self.build(db)
            elif k < 0.50:
                self.query_step(db)
            elif k < 0.72:
                self.write_step(db)
                self.query_step(db)
            elif k < 0.82 and self.wal:
                self.reader_step(db)
            elif k < 0.92 and self.opts.stock:
                self.stock_step(db)
                self.query_step(db, "after stock SQLite wrote")
            else:
                self.query_step(db)
        ic = db.execute("PRAGMA integrity_check").fetchall()
        if ic != [(TypedText(b"ok"),)]:
            raise Failure("integrity_check: %r" % (ic,))
        lst = db.execute("PRAGMA column_copy_list").fetchall()
        for row in lst:
            self.stats["clean_chunks"] += row[2] or 0
            self.stats["stale_chunks"] += row[3] or 0
        db.close()

    def reader_step(self, db):
        r = self.r
        rd = self.connect()
        try:
            rd.execute("BEGIN")
            qs = [self.gen_query() for _ in range(r.randint(1, 3))]
            before = [self.run_both(rd, sql, params, "reader, before") for sql, params in qs]
            self.log.append("-- a reader holds its snapshot")
            for _ in range(r.randint(1, 3)):
                if self.opts.stock and r.random() < 0.3:
                    self.stock_step(db)
                else:
                    self.write_step(db)
                if r.random() < 0.4:
                    self.build(db)
            for (sql, params), b in zip(qs, before):
                self.log.append("-- query (reader): %s  %r" % (sql, params))
                after = self.run_both(rd, sql, params, "reader on its snapshot")
                if after != b:
                    raise Failure("a reader's snapshot changed under it\n  query: %s\n  %s"
                                  % (sql, self.describe_diff(after, b)))
            rd.execute("COMMIT")
            self.stats["reader_steps"] += 1
        finally:
            rd.close()


def main():
    ap = argparse.ArgumentParser(description="column copy differential fuzzer")
    ap.add_argument("--build", default=None, help="build directory with the fork's libsqlite3.so.0")
    ap.add_argument("--stock", default=None, help="stock SQLite 3.53.4 shell (writes by stock)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--case", type=int, default=None, help="run only case N of the seed")
    ap.add_argument("--cases", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=None)
    ap.add_argument("--dir", default=None, help="scratch directory (default: a new one in $TMPDIR)")
    ap.add_argument("--min-rows", type=int, default=70000)
    ap.add_argument("--max-rows", type=int, default=200000)
    ap.add_argument("--min-steps", type=int, default=15)
    ap.add_argument("--max-steps", type=int, default=40)
    ap.add_argument("--new-kinds", type=float, default=0.08,
                    help="the share of steps that are ddl, fconst, udfwrite, attach (default 0.08)")
    ap.add_argument("--corrupt", action="store_true")
    ap.add_argument("--no-feature", action="store_true")
    ap.add_argument("--keep", action="store_true")
    opts = ap.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.dirname(os.path.dirname(here))
    build = os.path.abspath(opts.build or os.path.join(top, "build"))
    global sqlite3
    import sqlite3
    try:
        ok = sqlite3.connect(":memory:").execute("PRAGMA lipsqlite_version").fetchone()
    except sqlite3.Error:
        ok = None
    if not ok:
        reexec_with_fork(build)
    if opts.stock and not os.access(opts.stock, os.X_OK):
        sys.exit("ccfuzz: no stock shell %s" % opts.stock)
    if opts.seed is None:
        opts.seed = int(os.environ.get("FUZZ_SEED") or 0) or (int(time.time() * 1000) % 10**9)
    if opts.seconds is None and opts.cases is None and opts.case is None:
        opts.seconds = 30
    scratch = opts.dir or tempfile.mkdtemp(prefix="ccfuzz.", dir=os.environ.get("TMPDIR"))
    os.makedirs(scratch, exist_ok=True)
    print("ccfuzz: seed %d, SQLite %s, lipsqlite %s, stock %s, scratch %s%s" % (
        opts.seed, sqlite3.sqlite_version, ok[0], opts.stock or "(none)", scratch,
        " (--corrupt)" if opts.corrupt else " (--no-feature)" if opts.no_feature else ""))
    sys.stdout.flush()
    stats = dict(queries=0, copy_queries=0, batch_queries=0, errors=0, builds=0, stock_writes=0,
                 reader_steps=0, clean_chunks=0, stale_chunks=0, ddl_steps=0,
                 fconst_steps=0, udf_steps=0, udf_writes=0, attach_steps=0,
                 maintain_steps=0, like_queries=0)
    t0 = time.time()
    nrun = nfail = 0
    num = opts.case if opts.case is not None else 0
    while True:
        if opts.case is not None and nrun == 1:
            break
        if opts.cases is not None and nrun >= opts.cases:
            break
        if opts.seconds is not None and opts.case is None and nrun > 0 and time.time() - t0 >= opts.seconds:
            break
        case = Case(opts, opts.seed, num, scratch, stats)
        tc = time.time()
        try:
            case.run()
            print("ok   case %d: %d rows, %s, %s%s (%.1fs)" % (
                num, case.nrow, case.create, "WAL" if case.wal else "rollback journal",
                ", UNIQUE %r" % case.unique_sql if case.unique_sql else "", time.time() - tc))
            if opts.keep and opts.dir:
                with open(os.path.join(scratch, "cc-%d.sql" % num), "w") as f:
                    f.write("\n".join(case.log) + "\n")
        except (Failure, sqlite3.Error) as e:
            nfail += 1
            keep = case.path + ".failed"
            try:
                shutil.copy(case.path, keep)
                for suffix in ("-wal",):
                    if os.path.exists(case.path + suffix):
                        shutil.copy(case.path + suffix, keep + suffix)
            except OSError:
                keep = "(not kept)"
            logf = os.path.join(scratch, "cc-%d.sql" % num)
            with open(logf, "w") as f:
                f.write("\n".join(case.log) + "\n")
            print("FAIL case %d (seed %d): %s" % (num, opts.seed, e))
            print("  schema: %s %s" % (case.create, "; ".join(case.unique_sql)))
            print("  database at the failure: %s; the case's SQL: %s" % (keep, logf))
            print("  rerun: python3 %s --seed %d --case %d%s" % (
                os.path.relpath(os.path.abspath(__file__)), opts.seed, num,
                " --stock " + opts.stock if opts.stock else ""))
            opts.keep = True
        sys.stdout.flush()
        nrun += 1
        num += 1
    secs = time.time() - t0
    print("ccfuzz: %d queries compared, %d planned with a column copy (%d in batches), "
          "%d errors (equal ON and OFF), "
          "%d builds, %d stock write scripts, %d reader snapshots; chunks at the ends: %d clean, %d stale"
          % (stats["queries"], stats["copy_queries"], stats["batch_queries"], stats["errors"], stats["builds"],
             stats["stock_writes"], stats["reader_steps"], stats["clean_chunks"], stats["stale_chunks"]))
    print("ccfuzz: %d ddl steps, %d fconst steps, %d udfwrite steps (%d writes from the function), "
          "%d attach steps, %d maintenance steps, %d queries with LIKE or GLOB in the scan"
          % (stats["ddl_steps"], stats["fconst_steps"], stats["udf_steps"], stats["udf_writes"],
             stats["attach_steps"], stats["maintain_steps"], stats["like_queries"]))
    if nrun > 0 and stats["copy_queries"] == 0:
        print("FAIL no query used a column copy (a run that does not exercise the feature)")
        nfail += 1
    elif opts.corrupt and case.corrupt:
        print("FAIL --corrupt found no result to change")
        nfail += 1
    if not opts.keep and not opts.dir:
        shutil.rmtree(scratch, ignore_errors=True)
    elif not opts.keep:
        for f in os.listdir(scratch):
            if f.startswith("cc-"):
                os.unlink(os.path.join(scratch, f))
    print("ccfuzz: %d cases in %.0fs, %d failed" % (nrun, secs, nfail))
    sys.exit(1 if nfail else 0)


if __name__ == "__main__":
    main()
