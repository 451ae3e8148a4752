#!/usr/bin/env python3
"""Correlated IN, EXISTS and NOT EXISTS over a join (issue 57, doc/unnest.md),
side by side: stock SQLite, ours with PRAGMA subquery_unnest OFF and ON, and
DuckDB with 1 thread and with all threads.

  python3 bench/unnest/run.py [--products 1000] [--orders 20000]
                              [--items 100000] [--runs 3]
                              [--shell build/sqlite3] [--stock bench/.stock/sqlite3]

The data: products(id, cat), orders(id, channel, cust), items(id, ord,
product, qty), filled by the same formulas in a SQLite file (made by the
shell) and a DuckDB file; no index but the rowids.  The queries ask for the
products among the products of the orders of the channel of their category,
as the issue does, in three forms (IN, EXISTS, NOT EXISTS).  One shell
process per query, system and round (.timer); DuckDB timed inside Python on
a fresh connection.  1 warm-up round and --runs timed rounds, the systems'
order reversed every other round; median and min-max.  Every system must
give the same numbers.

Writes bench/out/unnest/unnest-<stamp>.{csv,md}.
"""
import argparse, os, statistics, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
TOP = benchlib.TOP
OUT = os.path.join(TOP, 'bench', 'out', 'unnest')

# The tables, by formulas both engines compute alike (n: the row's number)
TABLES = [
    ('products', 'id INTEGER PRIMARY KEY, cat INT', '{products}', 'n, (n*7)%10'),
    ('orders', 'id INTEGER PRIMARY KEY, channel INT, cust INT', '{orders}',
     'n, (n*13)%5, n%997'),
    ('items', 'id INTEGER PRIMARY KEY, ord INT, product INT, qty INT', '{items}',
     'n, 1+(n*31)%{orders}, 1+(n*17)%({products}+{products}/2), n%3'),
]

QUERIES = [
    ('IN', "SELECT count(*), sum(id) FROM products p WHERE p.id IN ("
           "SELECT i.product FROM items i JOIN orders o ON o.id = i.ord "
           "WHERE o.channel = p.cat % 4)"),
    ('EXISTS', "SELECT count(*), sum(id) FROM products p WHERE EXISTS ("
               "SELECT 1 FROM items i JOIN orders o ON o.id = i.ord "
               "WHERE i.product = p.id AND o.channel = p.cat % 4)"),
    ('NOT EXISTS', "SELECT count(*), sum(id) FROM products p WHERE NOT EXISTS ("
                   "SELECT 1 FROM items i JOIN orders o ON o.id = i.ord "
                   "WHERE i.product = p.id AND o.channel = p.cat % 4)"),
]

# (name, shell: 'stock', 'shell' or None for DuckDB, PRAGMAs or DuckDB threads)
SYSTEMS = [
    ('stock', 'stock', ''),
    ('unnest OFF', 'shell', 'PRAGMA subquery_unnest=OFF;'),
    ('unnest ON', 'shell', 'PRAGMA subquery_unnest=ON;'),
    ('duckdb-1t', None, 1),
    ('duckdb', None, os.cpu_count() or 1),
]


def say(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def make_dbs(a, sqlite_path, duck_path):
    sizes = {'products': a.products, 'orders': a.orders, 'items': a.items}
    for p in (sqlite_path, duck_path):
        benchlib.remove_db(p)
    script = []
    for name, cols, count, exprs in TABLES:
        script.append('CREATE TABLE %s(%s);' % (name, cols))
        script.append('WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c '
                      'WHERE n<%s) INSERT INTO %s SELECT %s FROM c;'
                      % (count.format(**sizes), name, exprs.format(**sizes)))
    benchlib.shell_timed(a.shell, sqlite_path, '\n'.join(script))
    con = benchlib.duck_open(duck_path, os.cpu_count() or 1, read_only=False)
    for name, cols, count, exprs in TABLES:
        con.execute('CREATE TABLE %s(%s)' % (name, cols.replace(' INTEGER PRIMARY KEY', ' INTEGER')))
        con.execute('INSERT INTO %s SELECT %s FROM range(1, %s+1) AS r(n)'
                    % (name, exprs.format(**sizes), count.format(**sizes)))
    con.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--products', type=int, default=1000)
    ap.add_argument('--orders', type=int, default=20000)
    ap.add_argument('--items', type=int, default=100000)
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--shell', default=os.path.join(TOP, 'build', 'sqlite3'))
    ap.add_argument('--stock', default=os.path.join(TOP, 'bench', '.stock', 'sqlite3'))
    a = ap.parse_args()
    benchlib.init('unnest')
    if a.runs < 1 or min(a.products, a.orders, a.items) < 1:
        benchlib.die('--runs and the sizes must be at least 1')
    for p in (a.shell, a.stock):
        if not os.path.exists(p):
            benchlib.die('%s does not exist (make; bench/build-stock.sh)' % p)
    os.makedirs(OUT, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    db = os.path.join(OUT, 'unnest-%d-%d-%d.db' % (a.products, a.orders, a.items))
    ddb = db[:-3] + '.duckdb'
    make_dbs(a, db, ddb)
    times = {}
    for qi, (name, sql) in enumerate(QUERIES):
        for rnd in range(a.runs + 1):
            order = SYSTEMS if rnd % 2 == 0 else SYSTEMS[::-1]
            got = {}
            for sysname, shell, arg in order:
                if shell is None:
                    t, rows = benchlib.duck_timed(ddb, sql, arg)
                else:
                    t, rows = benchlib.shell_timed(a.stock if shell == 'stock' else a.shell,
                                                   db, sql, arg)
                got[sysname] = benchlib.rounded_numbers(rows)
                if rnd > 0:
                    times.setdefault((qi, sysname), []).append(t)
            for sysname, _, _ in SYSTEMS:
                if got[sysname] != got['stock']:
                    benchlib.die('%s: %s gave %r, stock %r'
                                 % (name, sysname, got[sysname], got['stock']), 1)
            say('%s, round %d: %s' % (name, rnd, 'warm-up' if rnd == 0 else ' '.join(
                '%s %.3f' % (s[0], times[(qi, s[0])][-1]) for s in order)))
    csv_path = os.path.join(OUT, 'unnest-%s.csv' % stamp)
    md_path = os.path.join(OUT, 'unnest-%s.md' % stamp)
    benchlib.write_round_times(csv_path, times, [q[0] for q in QUERIES])
    with open(md_path, 'w') as f:
        f.write('# Correlated subqueries over a join, unnested (%s)\n\n' % stamp)
        f.write('- data: products %d, orders %d, items %d rows; no index but the rowids\n'
                '- SQLite file %s; DuckDB %s on %s (1 thread, and all threads)\n'
                '- shell: %s (%s); stock: %s (%s)\n'
                '- rounds: 1 warm-up + %d; the systems alternate within each round, the order '
                'reversed every other round\n- machine: %s\n\n'
                % (a.products, a.orders, a.items, db, benchlib.duck_version(), ddb,
                   a.shell, benchlib.shell_ident(a.shell), a.stock,
                   benchlib.shell_ident(a.stock), a.runs, benchlib.machine()))
        f.write('Seconds, median (min-max).\n\n| query | %s | stock / ON | ON / DuckDB 1t |\n|---|%s---:|---:|\n'
                % (' | '.join(s[0] for s in SYSTEMS), '---:|' * len(SYSTEMS)))
        for qi, (name, sql) in enumerate(QUERIES):
            cells, med = [], {}
            for sysname, _, _ in SYSTEMS:
                ts = times[(qi, sysname)]
                med[sysname] = statistics.median(ts)
                cells.append('%.4f (%.4f-%.4f)' % (med[sysname], min(ts), max(ts)))
            f.write('| %s | %s | %.1fx | %.2fx |\n' % (
                name, ' | '.join(cells), med['stock'] / med['unnest ON'],
                med['unnest ON'] / med['duckdb-1t']))
        f.write('\nQueries:\n\n')
        for name, sql in QUERIES:
            f.write('- %s: `%s`\n' % (name, sql))
    print(open(md_path).read())
    say('wrote %s and %s' % (md_path, csv_path))


if __name__ == '__main__':
    main()
