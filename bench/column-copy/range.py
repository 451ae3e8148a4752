#!/usr/bin/env python3
"""Scans of a rowid range, and count(*), with and without the column copy
(issue 33, doc/column-copy.md, "Rowid ranges" and "count(*)").

  python3 bench/column-copy/range.py [--db bench/out/tpch-sf1-cc.db]
                                     [--runs 5] [--shell build/sqlite3]

The last query (a range narrower than CC_RANGE_MIN, read from the B-tree
either way) runs 200 times per run, its times summed.  The database is
the TPC-H one that bench/tpch/run.py --systems ours-cc
makes (lineitem with a copy).  Each query runs in one shell process per
round, PRAGMA column_scan ON and OFF alternating within the round (which
goes first alternates too), after one warm-up round; the shell's .timer
gives the times.  Reports the median and min-max of each, the ratio of
the medians, and checks that ON and OFF print the same rows.

Writes bench/out/column-copy/range-<stamp>.{csv,md}.
"""
import argparse, os, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
TOP = benchlib.TOP
OUT = os.path.join(TOP, 'bench', 'out', 'column-copy')

QUERIES = [
    ('half, Q6 terms',
     'SELECT sum(l_extendedprice*l_discount) FROM lineitem '
     'WHERE rowid BETWEEN 1000000 AND 4000000 AND l_quantity < 24 '
     'AND l_discount BETWEEN 0.05 AND 0.07'),
    ('upper half, a month',
     "SELECT count(*), sum(l_quantity) FROM lineitem WHERE rowid > 3000000 "
     "AND l_shipdate >= '1995-01-01' AND l_shipdate < '1995-02-01'"),
    ('first 10%, no term',
     'SELECT count(*), sum(l_quantity), max(l_tax) FROM lineitem '
     'WHERE rowid < 600000'),
    ('count(*) of the table',
     'SELECT count(*) FROM lineitem'),
    ('500 rowids (B-tree), 200 times',
     'SELECT count(*), sum(l_extendedprice) FROM lineitem '
     'WHERE rowid BETWEEN 3000000 AND 3000500'),
]
REPEAT = {4: 200}     # query index: statements per run (the times summed)


def say(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def run_once(shell, db, sql, scan, repeat=1):
    """Run sql repeat times with column_scan=scan; return (seconds, summed
    over the repeats, output rows)."""
    return benchlib.shell_timed(shell, db, sql, 'PRAGMA column_scan=%s;' % scan,
                                repeat)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--db', default=os.path.join(TOP, 'bench', 'out',
                                                 'tpch-sf1-cc.db'))
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--shell', default=os.path.join(TOP, 'build', 'sqlite3'))
    a = ap.parse_args()
    benchlib.init('column-copy')
    if a.runs < 1:
        benchlib.die('--runs must be at least 1')
    for p in (a.db, a.shell):
        if not os.path.exists(p):
            benchlib.die('%s does not exist (see the usage at the top of '
                         'this file)' % p)
    os.makedirs(OUT, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    times = {}
    for qi, (name, sql) in enumerate(QUERIES):
        for rnd in range(a.runs + 1):
            order = ('ON', 'OFF') if rnd % 2 == 0 else ('OFF', 'ON')
            got = {}
            for scan in order:
                t, rows = run_once(a.shell, a.db, sql, scan,
                                   REPEAT.get(qi, 1))
                got[scan] = rows
                if rnd > 0:
                    times.setdefault((qi, scan), []).append(t)
            if got['ON'] != got['OFF']:
                benchlib.die('%s: column_scan ON printed %r, OFF %r'
                             % (name, got['ON'], got['OFF']), 1)
            say('%s, round %d: %s' % (name, rnd, ' '.join(
                '%s %.3f' % (s, times[(qi, s)][-1]) for s in order)
                if rnd > 0 else 'warm-up'))
    csv_path = os.path.join(OUT, 'range-%s.csv' % stamp)
    md_path = os.path.join(OUT, 'range-%s.md' % stamp)
    benchlib.write_round_times(csv_path, times, [q[0] for q in QUERIES],
                               'column_scan')
    with open(md_path, 'w') as f:
        m = benchlib.machine()
        f.write('# Rowid ranges and count(*) with and without the column copy (%s)\n\n'
                % stamp)
        f.write('- database: %s\n- shell: %s (%s)\n'
                '- rounds: 1 warm-up + %d; ON and OFF alternate within each '
                'round\n- machine: %s\n\n'
                % (a.db, a.shell, benchlib.shell_ident(a.shell), a.runs, m))
        f.write('| query | OFF s (median, min-max) | ON s | OFF / ON |\n'
                '|---|---:|---:|---:|\n')
        for qi, (name, sql) in enumerate(QUERIES):
            off, on = times[(qi, 'OFF')], times[(qi, 'ON')]
            f.write('| %s | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | %.2fx |\n'
                    % (name, statistics.median(off), min(off), max(off),
                       statistics.median(on), min(on), max(on),
                       statistics.median(off) / statistics.median(on)))
        f.write('\nQueries:\n\n')
        for name, sql in QUERIES:
            f.write('- %s: `%s`\n' % (name, sql))
    print(open(md_path).read())
    say('wrote %s and %s' % (md_path, csv_path))


if __name__ == '__main__':
    main()
