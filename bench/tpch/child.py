#!/usr/bin/env python3
"""The SQLite side of bench/tpch/run.py: one process per SQLite system,
running queries through Python's sqlite3 module on the libsqlite3.so.0
that LD_LIBRARY_PATH selects.

  LD_LIBRARY_PATH=DIR python3 bench/tpch/child.py DATABASE [--amortize ON|OFF]

It opens DATABASE, runs PRAGMA subquery_amortize=ON|OFF if asked, and
prints one JSON line describing itself: the library the process has mapped
(every mapped file named libsqlite3*, with device and inode, so that the
runner can check it is its snapshot), sqlite3.sqlite_version,
sqlite_source_id(), PRAGMA compile_options, the value PRAGMA
subquery_amortize reads back (null: the PRAGMA gives no row, the library
does not know it), page_size, cache_size and journal_mode.

Then, for each JSON line {"sql": TEXT, "limit": SECONDS} on stdin, it runs
TEXT once and prints {"seconds": S, "rows": ROWS} (S: time.perf_counter()
around execute() and fetchall(); ROWS: normal_rows() of the result) or, if
the run took longer than SECONDS (it is interrupted then, with
sqlite3_interrupt() from a timer), {"seconds": null, "limit": true}.
Statements are not cached: every run prepares its query, as the shell does.

normal_rows() and timed() are the runner's too: the rows of every system
are compared in one form, and DuckDB's runs are limited the same way.
"""
import datetime, decimal, json, os, sqlite3, sys, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import benchlib


def normal_cell(v):
    """A result value in the form every system's rows are compared in:
    numbers other than integers (REAL, DuckDB's DECIMAL and DOUBLE) rounded
    to 2 places, dates as ISO text."""
    if isinstance(v, (float, decimal.Decimal)):
        return round(float(v), 2)
    if isinstance(v, datetime.date):
        return v.isoformat()
    return v


def sort_key(row):
    return [(0, 0) if v is None else (1, v) if isinstance(v, (int, float)) else (2, str(v)) for v in row]


def normal_rows(rows):
    """The rows (tuples) as sorted lists of normal_cell() values: ties of
    an ORDER BY may come in any order."""
    return sorted(([normal_cell(v) for v in r] for r in rows), key=sort_key)


def timed(run, interrupt, limit, interrupted):
    """(seconds, result) of run(), or (None, None) if it took longer than
    limit seconds: interrupt() is called then, from a timer thread, and run()
    is expected to raise an exception of the class interrupted."""
    fired = threading.Event()

    def stop():
        fired.set()
        interrupt()
    timer = threading.Timer(limit, stop)
    timer.start()
    try:
        t0 = time.perf_counter()
        res = run()
        t = time.perf_counter() - t0
    except interrupted:
        if not fired.is_set():   # an error of the query itself
            raise
        return None, None
    finally:
        timer.cancel()
    return (t, res) if t <= limit else (None, None)


def describe(con, amortize):
    one = lambda sql: (con.execute(sql).fetchone() or [None])[0]
    if amortize:
        con.execute('PRAGMA subquery_amortize=%s' % amortize)
    return dict(
        pid=os.getpid(), python=sys.version.split()[0], mapped=benchlib.mapped_sqlite(),
        sqlite_version=sqlite3.sqlite_version, sql_version=one('SELECT sqlite_version()'),
        source_id=one('SELECT sqlite_source_id()'),
        compile_options=' '.join(r[0] for r in con.execute('PRAGMA compile_options')),
        subquery_amortize=one('PRAGMA subquery_amortize'),
        page_size=one('PRAGMA page_size'), cache_size=one('PRAGMA cache_size'),
        journal_mode=one('PRAGMA journal_mode'))


def main():
    args = sys.argv[1:]
    if len(args) not in (1, 3) or (len(args) == 3 and (args[1] != '--amortize' or args[2] not in ('ON', 'OFF'))):
        sys.stderr.write('usage: LD_LIBRARY_PATH=DIR child.py DATABASE [--amortize ON|OFF]\n')
        sys.exit(2)
    if not os.path.isfile(args[0]):
        sys.stderr.write('bench/tpch/child.py: no database %s\n' % args[0])
        sys.exit(1)
    con = sqlite3.connect(args[0], isolation_level=None, cached_statements=0)
    print(json.dumps(describe(con, args[2] if len(args) == 3 else None)), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        t, rows = timed(lambda: con.execute(req['sql']).fetchall(), con.interrupt, req['limit'],
                        sqlite3.OperationalError)
        out = {'seconds': None, 'limit': True} if t is None else {'seconds': t, 'rows': normal_rows(rows)}
        print(json.dumps(out), flush=True)


if __name__ == '__main__':
    main()
