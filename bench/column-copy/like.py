#!/usr/bin/env python3
"""LIKE and GLOB inside the scan of a column copy (issue 57, doc/column-copy.md,
"LIKE and GLOB inside the scan"), side by side with stock SQLite and DuckDB.

  python3 bench/column-copy/like.py [--db bench/out/tpch-sf1-cc.db]
                                    [--duckdb bench/out/tpch-sf1.duckdb]
                                    [--runs 5] [--shell build/sqlite3]
                                    [--stock bench/.stock/sqlite3]

The databases are those bench/tpch/run.py --sf 1 --systems ours-cc,duckdb-1t
makes (every table with a copy; DuckDB's own file).  Systems, on the same
SQLite file: stock 3.53.4's shell (the B-tree), ours with PRAGMA
column_scan=OFF (the B-tree), ours with the copy but PRAGMA
column_scan_like=OFF (the loop's body tests every row), ours with both ON;
and DuckDB with one thread on its file, timed inside one Python process
(a fresh connection per round).  One shell process per query, system and
round; the shell's .timer gives the times.  1 warm-up round and --runs
timed rounds, the systems' order reversed every other round; median and
min-max.  The SQLite systems must print the same rows, DuckDB the same
numbers.

Writes bench/out/column-copy/like-<stamp>.{csv,md}.
"""
import argparse, os, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
TOP = benchlib.TOP
OUT = os.path.join(TOP, 'bench', 'out', 'column-copy')

# (name, SQLite's text, DuckDB's text): DuckDB's LIKE tells the cases apart,
# SQLite's does not (ILIKE is DuckDB's LIKE of SQLite)
QUERIES = [
    ('orders, two words (Q13\'s pattern)',
     "SELECT count(*) FROM orders WHERE o_comment LIKE '%special%requests%'",
     "SELECT count(*) FROM orders WHERE o_comment ILIKE '%special%requests%'"),
    ('orders, NOT LIKE (Q13\'s term, 99% pass)',
     "SELECT count(*) FROM orders WHERE o_comment NOT LIKE '%special%requests%'",
     "SELECT count(*) FROM orders WHERE o_comment NOT ILIKE '%special%requests%'"),
    ('lineitem, a prefix (dictionary) and a word',
     "SELECT sum(l_quantity) FROM lineitem WHERE l_shipinstruct LIKE 'DELIVER%' "
     "AND l_comment LIKE '%fur%'",
     "SELECT sum(l_quantity) FROM lineitem WHERE l_shipinstruct ILIKE 'DELIVER%' "
     "AND l_comment ILIKE '%fur%'"),
    ('part, a word (Q9\'s)',
     "SELECT count(*), sum(p_retailprice) FROM part WHERE p_name LIKE '%green%'",
     "SELECT count(*), sum(p_retailprice) FROM part WHERE p_name ILIKE '%green%'"),
    ('part, a prefix (Q14\'s, dictionary)',
     "SELECT count(*) FROM part WHERE p_type LIKE 'PROMO%'",
     "SELECT count(*) FROM part WHERE p_type ILIKE 'PROMO%'"),
    ('customer, GLOB two words',
     "SELECT count(*) FROM customer WHERE c_comment GLOB '*regular*deposits*'",
     "SELECT count(*) FROM customer WHERE c_comment GLOB '*regular*deposits*'"),
]
# System: (shell option, PRAGMA statements)
SYSTEMS = [
    ('stock', 'stock', ''),
    ('row path', 'shell', 'PRAGMA column_scan=OFF;'),
    ('copy, like OFF', 'shell', 'PRAGMA column_scan=ON; PRAGMA column_scan_like=OFF;'),
    ('copy, like ON', 'shell', 'PRAGMA column_scan=ON; PRAGMA column_scan_like=ON;'),
    ('duckdb-1t', None, None),
]


def say(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--db', default=os.path.join(TOP, 'bench', 'out', 'tpch-sf1-cc.db'))
    ap.add_argument('--duckdb', default=os.path.join(TOP, 'bench', 'out', 'tpch-sf1.duckdb'))
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--shell', default=os.path.join(TOP, 'build', 'sqlite3'))
    ap.add_argument('--stock', default=os.path.join(TOP, 'bench', '.stock', 'sqlite3'))
    a = ap.parse_args()
    benchlib.init('column-copy')
    if a.runs < 1:
        benchlib.die('--runs must be at least 1')
    for p in (a.db, a.duckdb, a.shell, a.stock):
        if not os.path.exists(p):
            benchlib.die('%s does not exist (see the usage at the top of this file)' % p)
    os.makedirs(OUT, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    times = {}
    for qi, (name, sql, dsql) in enumerate(QUERIES):
        for rnd in range(a.runs + 1):
            order = SYSTEMS if rnd % 2 == 0 else SYSTEMS[::-1]
            got = {}
            for sysname, shell, pragmas in order:
                if shell is None:
                    t, rows = benchlib.duck_timed(a.duckdb, dsql)
                else:
                    t, rows = benchlib.shell_timed(a.stock if shell == 'stock' else a.shell,
                                                   a.db, sql, pragmas)
                got[sysname] = rows
                if rnd > 0:
                    times.setdefault((qi, sysname), []).append(t)
            ref = got['stock']
            for sysname, shell, _ in SYSTEMS:
                same = (got[sysname] == ref) if shell else (benchlib.rounded_numbers(got[sysname]) == benchlib.rounded_numbers(ref))
                if not same:
                    benchlib.die('%s: %s printed %r, stock %r' % (name, sysname, got[sysname], ref), 1)
            say('%s, round %d: %s' % (name, rnd, 'warm-up' if rnd == 0 else ' '.join(
                '%s %.3f' % (s[0], times[(qi, s[0])][-1]) for s in order)))
    csv_path = os.path.join(OUT, 'like-%s.csv' % stamp)
    md_path = os.path.join(OUT, 'like-%s.md' % stamp)
    benchlib.write_round_times(csv_path, times, [q[0] for q in QUERIES])
    with open(md_path, 'w') as f:
        f.write('# LIKE and GLOB inside the scan of a column copy (%s)\n\n' % stamp)
        f.write('- database: %s; DuckDB %s on %s, 1 thread\n'
                '- shell: %s (%s); stock: %s (%s)\n'
                '- rounds: 1 warm-up + %d; the systems alternate within each round, the order '
                'reversed every other round\n- machine: %s\n\n'
                % (a.db, benchlib.duck_version(), a.duckdb, a.shell, benchlib.shell_ident(a.shell),
                   a.stock, benchlib.shell_ident(a.stock), a.runs, benchlib.machine()))
        f.write('Seconds, median (min-max).\n\n| query | %s | like OFF / ON | ON / DuckDB |\n|---|%s---:|---:|\n'
                % (' | '.join(s[0] for s in SYSTEMS), '---:|' * len(SYSTEMS)))
        for qi, (name, sql, dsql) in enumerate(QUERIES):
            cells, med = [], {}
            for sysname, _, _ in SYSTEMS:
                ts = times[(qi, sysname)]
                med[sysname] = statistics.median(ts)
                cells.append('%.4f (%.4f-%.4f)' % (med[sysname], min(ts), max(ts)))
            f.write('| %s | %s | %.2fx | %.2fx |\n' % (
                name, ' | '.join(cells), med['copy, like OFF'] / med['copy, like ON'],
                med['copy, like ON'] / med['duckdb-1t']))
        f.write('\nQueries (SQLite; DuckDB\'s with ILIKE for LIKE):\n\n')
        for name, sql, dsql in QUERIES:
            f.write('- %s: `%s`\n' % (name, sql))
    print(open(md_path).read())
    say('wrote %s and %s' % (md_path, csv_path))


if __name__ == '__main__':
    main()
