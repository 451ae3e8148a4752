#!/usr/bin/env python3
"""The large-transaction workload of bench/largetx/largetx.c driven from
Python's sqlite3 module, the way most applications drive SQLite.

  LD_LIBRARY_PATH=DIR python3 bench/largetx/pydriver.py LIBRARY DATABASE [OPTIONS]
  LD_LIBRARY_PATH=DIR python3 bench/largetx/pydriver.py LIBRARY --probe [--expect-source-id ID]

Python's sqlite3 module uses the libsqlite3.so.0 that the dynamic linker
finds, so the library under test is chosen by LD_LIBRARY_PATH (DIR: a
directory holding it under the name libsqlite3.so.0).  LIBRARY names that
file: the driver checks, before it does anything else, that the process
has that very file mapped (/proc/self/maps, compared by device and inode)
and no other libsqlite3, and with --expect-source-id ID that the library
reports sqlite_source_id() ID (what `largetx LIBRARY --probe` reports for
it).  Otherwise it fails with exit status 1, naming what it got.

The options, the workload and the JSON summary are those of largetx.c:
--journal, --sync, --cache (default 100), --page-size, --rows, --tx,
--warmup, --seed, --sql (repeatable), --format json|lines.  The same table
t(k TEXT PRIMARY KEY, v TEXT, n INTEGER), the same xorshift64* stream
(bench/common/benchlib.py), hence the same rows in the same order; a key
already in the table is drawn again, as largetx.c does after the
constraint error.  One transaction is BEGIN, one executemany() of the
INSERT over the transaction's rows, COMMIT, on a connection in autocommit
mode (isolation_level None: the driver issues BEGIN and COMMIT itself)
without a busy timeout, as the C driver's connection.

Timing differs in one point: Python needs ~0.1 s to draw the 8,500 rows
of a 1 MB transaction (the C driver ~1 ms), so each transaction's rows
are drawn before its BEGIN, off the clock.  A latency is BEGIN to the end
of COMMIT (CLOCK_MONOTONIC), as in largetx.c; total_s is the sum of the
measured latencies and tx_per_s the measured transactions divided by it.
The strace markers of largetx.c (write(-1, "largetx:measure:begin"/"end"))
are issued around the measured transactions the same way.

Besides the members of largetx.c's summary, the JSON has driver
("python"), python_version, library_loaded (the mapped file) and
lipsqlite_version (PRAGMA lipsqlite_version; null for stock).

Exit status: 0 on success, 1 if SQLite, the library or its check fails,
2 on bad arguments.  Python standard library only.
"""
import json, os, platform, sqlite3, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import benchlib
from benchlib import die

benchlib.init('largetx/pydriver')
JOURNALS = ('delete', 'truncate', 'persist', 'wal')
SYNCS = ('off', 'normal', 'full', 'extra')
INSERT = 'INSERT INTO t(k, v, n) VALUES(?1, ?2, ?3)'


def parse_args():
    ap = benchlib.Parser(description=__doc__.split('\n\n')[0])
    ap.add_argument('library', help='the libsqlite3 file the process must have loaded')
    ap.add_argument('database', nargs='?', help='the database file (removed first, with its side files)')
    ap.add_argument('--probe', action='store_true', help='check the library, print its version as JSON and exit')
    ap.add_argument('--expect-source-id', default=None, help='the sqlite_source_id() the library must report')
    ap.add_argument('--journal', default='delete', help='|'.join(JOURNALS) + ' (default delete)')
    ap.add_argument('--sync', default='full', help='|'.join(SYNCS) + ' (default full)')
    ap.add_argument('--cache', type=int, default=100, help='PRAGMA cache_size (default 100)')
    ap.add_argument('--page-size', type=int, default=4096, help='PRAGMA page_size of the new database (default 4096)')
    ap.add_argument('--rows', type=int, default=8500, help='inserts per transaction (default 8500)')
    ap.add_argument('--tx', type=int, default=40, help='measured transactions (default 40)')
    ap.add_argument('--warmup', type=int, default=3, help='transactions run first, not measured (default 3)')
    ap.add_argument('--seed', type=int, default=1, help='seed of the key/value generator (default 1)')
    ap.add_argument('--sql', action='append', default=[],
                    help='SQL run after the configuration PRAGMAs (repeatable; may hold several statements)')
    ap.add_argument('--format', default='json', choices=['json', 'lines'])
    a = ap.parse_args()
    if a.database == '--probe':   # largetx.c's spelling: LIBRARY --probe
        a.database, a.probe = None, True
    if not a.probe and a.database is None:
        die('a DATABASE is needed (or --probe)')
    for word, known, what in ((a.journal, JOURNALS, 'journal mode'), (a.sync, SYNCS, 'synchronous')):
        if word.lower() not in known:
            die('unknown %s %r (%s)' % (what, word, ', '.join(known)))
    for opt, lo in (('page_size', 512), ('rows', 1), ('tx', 1), ('warmup', 0), ('seed', 0)):
        if getattr(a, opt) < lo:
            die('--%s wants an integer >= %d, not %d' % (opt.replace('_', '-'), lo, getattr(a, opt)))
    if a.seed >= 1 << 63:
        die('--seed is too large')
    return a


def mapped_files():
    """The files mapped into this process (/proc/self/maps)."""
    out = set()
    with open('/proc/self/maps') as f:
        for line in f:
            parts = line.rstrip('\n').split(None, 5)
            if len(parts) == 6 and parts[5].startswith('/'):
                out.add(parts[5])
    return out


def check_library(lib, expect_source_id):
    """Make sure the sqlite3 module runs the library file lib (and, if
    expect_source_id, that it reports that source id); die() with status 1
    otherwise.  Return (the mapped path of lib, its source id)."""
    try:
        want = os.stat(lib)
    except OSError as e:
        die('library %s: %s' % (lib, e.strerror), 1)
    hits, others = [], []
    for p in sorted(mapped_files()):
        try:
            st = os.stat(p)
        except OSError:   # deleted or replaced since it was mapped
            st = None
        if st is not None and (st.st_dev, st.st_ino) == (want.st_dev, want.st_ino):
            hits.append(p)
        elif os.path.basename(p).startswith('libsqlite3'):
            others.append(p)
    if not hits or others:
        found = ', '.join(others) or 'no libsqlite3 file (SQLite linked into the module?)'
        what = ('has %s loaded besides %s' if hits else 'runs %s, not %s') % (found, lib)
        die("Python's sqlite3 module %s (LD_LIBRARY_PATH=%s): run the driver with LD_LIBRARY_PATH set "
            "to a directory that holds that library as libsqlite3.so.0" % (
                what, os.environ.get('LD_LIBRARY_PATH', '(unset)')), 1)
    con = sqlite3.connect(':memory:')
    source_id, version = con.execute('SELECT sqlite_source_id(), sqlite_version()').fetchone()
    con.close()
    if version != sqlite3.sqlite_version:
        die('the sqlite3 module reports SQLite %s, the library %s' % (sqlite3.sqlite_version, version), 1)
    if expect_source_id is not None and source_id != expect_source_id:
        die('library %s reports source id %r, expected %r' % (lib, source_id, expect_source_id), 1)
    return hits[0], source_id


def as_text(con, value):
    """value as sqlite3_column_text() gives it (what largetx.c reports)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, float):   # SQLite's own conversion, not Python's repr
        return con.execute('SELECT CAST(?1 AS TEXT)', (value,)).fetchone()[0]
    if isinstance(value, bytes):
        return value.decode('utf-8', 'replace')
    return str(value)


def query_text(con, sql, sep=None):
    """The first column of the first row of sql as text, or None if it
    returns no row, NULL, or fails (a PRAGMA the library does not know
    returns no row); with sep, the first columns of all rows joined by it
    (largetx.c's queryText())."""
    try:
        rows = con.execute(sql).fetchall()
    except sqlite3.Error:
        return None
    out = []
    for r in rows:
        if not r or r[0] is None:
            break
        out.append(as_text(con, r[0]))
        if sep is None:
            break
    if not out:
        return None
    return out[0] if sep is None else sep.join(out)


def cleaner_stats(con):
    """The rows of PRAGMA page_cleaner_stats as dicts of column name to
    text (none for a library without it)."""
    try:
        cur = con.execute('PRAGMA page_cleaner_stats')
        rows = cur.fetchall()
    except sqlite3.Error:
        return []
    names = [d[0] for d in cur.description or ()]
    return [{n: as_text(con, v) for n, v in zip(names, r)} for r in rows]


def configure(con, a):
    """The configuration under test, in largetx.c's order: page_size (the
    file is new), journal_mode (read back and checked), synchronous,
    cache_size, then every --sql text."""
    con.execute('PRAGMA page_size=%d' % a.page_size)
    got = query_text(con, 'PRAGMA journal_mode=%s' % a.journal)
    if got is None or got.lower() != a.journal.lower():
        die("PRAGMA journal_mode=%s gave '%s'" % (a.journal, got or 'nothing'), 1)
    con.execute('PRAGMA synchronous=%s' % a.sync)
    con.execute('PRAGMA cache_size=%d' % a.cache)
    for sql in a.sql:
        con.executescript(sql)


def strace_marker(mark):
    """largetx.c's marker system call: write(-1, mark), which fails with
    EBADF but shows up in an strace log."""
    try:
        os.write(-1, mark.encode())
    except OSError:
        pass


def workload(con, a):
    """Create the table and run the transactions; return (the measured
    latencies in microseconds, the keys drawn again)."""
    con.execute('CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, n INTEGER)')
    rng = benchlib.Xorshift64Star(a.seed)
    keys = set()
    n = 0
    collisions = 0
    lat = []
    for i in range(a.warmup + a.tx):
        rows = []
        for _ in range(a.rows):
            n += 1
            k, v = rng.text(8), rng.text(100)
            while k in keys:   # largetx.c: the INSERT fails, a new key and value are drawn
                collisions += 1
                k, v = rng.text(8), rng.text(100)
            keys.add(k)
            rows.append((k, v, n))
        if i == a.warmup:
            strace_marker('largetx:measure:begin')
        t0 = time.monotonic_ns()
        con.execute('BEGIN')
        con.executemany(INSERT, rows)
        con.execute('COMMIT')
        if i >= a.warmup:
            lat.append((time.monotonic_ns() - t0) / 1e3)
    strace_marker('largetx:measure:end')
    return lat, collisions


def summary(con, a, lat, collisions, loaded):
    """The JSON summary: largetx.c's members, in its order, then this
    driver's own."""
    s = sorted(lat)
    total = sum(lat) / 1e6
    res = dict(
        library=a.library, database=a.database,
        requested=dict(journal=a.journal, sync=a.sync, seed=a.seed, sql=a.sql, cache_size=a.cache,
                       page_size=a.page_size, rows_per_tx=a.rows, tx=a.tx, warmup_tx=a.warmup),
        total_s=round(total, 6), tx_per_s=round(a.tx / total, 3), mean_ms=round(total * 1e3 / a.tx, 3),
        p50_ms=round(benchlib.percentile(s, 50.0) / 1e3, 3), p99_ms=round(benchlib.percentile(s, 99.0) / 1e3, 3),
        min_ms=round(s[0] / 1e3, 3), max_ms=round(s[-1] / 1e3, 3),
        key_collisions=collisions, latencies_us=[round(x, 1) for x in lat])
    for key, sql in (('sqlite_version', 'SELECT sqlite_version()'), ('source_id', 'SELECT sqlite_source_id()'),
                     ('journal_mode', None), ('synchronous', None), ('page_size', None), ('cache_size', None),
                     ('mmap_size', None), ('wal_autocheckpoint', None), ('temp_store', None),
                     ('locking_mode', None), ('page_count', None), ('compile_options', None),
                     ('page_cleaner', None), ('page_cleaner_threshold', None)):
        res[key] = query_text(con, sql or 'PRAGMA ' + key, ' ' if key == 'compile_options' else None)
    res['page_cleaner_stats'] = cleaner_stats(con)
    res.update(driver='python', python_version=platform.python_version(), library_loaded=loaded,
               lipsqlite_version=query_text(con, 'PRAGMA lipsqlite_version'))
    return res


def main():
    a = parse_args()
    loaded, source_id = check_library(a.library, a.expect_source_id)
    if a.probe:
        con = sqlite3.connect(':memory:')
        print(json.dumps(dict(
            sqlite_version=sqlite3.sqlite_version, source_id=source_id,
            lipsqlite_version=query_text(con, 'PRAGMA lipsqlite_version'), library_loaded=loaded,
            python_version=platform.python_version())))
        return
    benchlib.remove_db(a.database)
    try:
        con = sqlite3.connect(a.database, isolation_level=None, timeout=0)
        configure(con, a)
        lat, collisions = workload(con, a)
        if a.format == 'lines':
            sys.stdout.write(''.join('%.1f\n' % x for x in lat))
        else:
            print(json.dumps(summary(con, a, lat, collisions, loaded), indent=2))
        con.close()
    except sqlite3.Error as e:
        die('SQLite: %s' % e, 1)


if __name__ == '__main__':
    main()
