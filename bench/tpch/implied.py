#!/usr/bin/env python3
"""TPC-H with PRAGMA implied_terms ON and OFF (doc/implied.md).

  python3 bench/tpch/implied.py [--db bench/out/tpch-sf1.db] [--db ...]
                                [--runs 5] [--queries Q7,Q19]
                                [--shell build/sqlite3]

The databases are those bench/tpch/run.py makes (tpch-sf1.db for ours-on,
tpch-sf1-cc.db with column copies for ours-cc); the default runs both.

1. For each of the 22 queries and each database, compares the bytecode
   (EXPLAIN) with the PRAGMA ON and OFF: the queries whose programs differ
   are the only ones the rule touches.
2. Times --queries: in one shell process per run, ON and OFF alternating
   within each round (which goes first alternates too), after one warm-up
   round; the shell's .timer gives the times; ON and OFF must print the
   same rows.  Reports the median and min-max of each and the ratio.

Writes bench/out/tpch-implied-<stamp>.{csv,md}.
"""
import argparse, csv, os, re, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
TOP = benchlib.TOP
OUT = os.path.join(TOP, 'bench', 'out')
TIME_RE = re.compile(r'^Run Time: real ([0-9.]+)')


def say(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def query_text(name):
    path = os.path.join(HERE, 'queries', 'q%02d.sql' % int(name[1:]))
    with open(path) as f:
        return f.read().strip().rstrip(';')


def shell(a, db, script):
    r = subprocess.run([a.shell, '-batch', db], input=script,
                       capture_output=True, text=True)
    if r.returncode != 0:
        benchlib.die('%s failed on %s: %s' % (a.shell, db, r.stderr[-400:]),
                     1)
    return r.stdout


def program(a, db, sql, on):
    return shell(a, db, 'PRAGMA implied_terms=%s;\nEXPLAIN %s;\n'
                 % (on, sql))


def run_once(a, db, sql, on):
    out = shell(a, db, 'PRAGMA implied_terms=%s;\n.timer on\n%s;\n'
                % (on, sql))
    t, rows = None, []
    for line in out.splitlines():
        m = TIME_RE.match(line)
        if m:
            t = float(m.group(1))
        elif line.strip():
            rows.append(line)
    if t is None:
        benchlib.die('no timing in the output of %s' % a.shell, 1)
    return t, rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--db', action='append', default=None)
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--queries', default='Q7,Q19')
    ap.add_argument('--shell', default=os.path.join(TOP, 'build', 'sqlite3'))
    a = ap.parse_args()
    benchlib.init('tpch')
    dbs = a.db or [os.path.join(OUT, 'tpch-sf1.db'),
                   os.path.join(OUT, 'tpch-sf1-cc.db')]
    queries = [q.strip().upper() for q in a.queries.split(',') if q.strip()]
    if a.runs < 1:
        benchlib.die('--runs must be at least 1')
    for q in queries:
        if not re.match(r'^Q([1-9]|1[0-9]|2[0-2])$', q):
            benchlib.die('unknown query %s (Q1 to Q22)' % q)
    for p in dbs + [a.shell]:
        if not os.path.exists(p):
            benchlib.die('%s does not exist (see the usage at the top of '
                         'this file)' % p)
    stamp = time.strftime('%Y%m%d-%H%M%S')

    changed = {}
    for db in dbs:
        changed[db] = [q for q in ['Q%d' % i for i in range(1, 23)]
                       if program(a, db, query_text(q), 'ON')
                       != program(a, db, query_text(q), 'OFF')]
        say('%s: programs differ for %s' % (db, changed[db] or 'none'))

    times = {}
    for db in dbs:
        for q in queries:
            sql = query_text(q)
            for rnd in range(a.runs + 1):
                order = ('ON', 'OFF') if rnd % 2 == 0 else ('OFF', 'ON')
                got = {}
                for on in order:
                    t, rows = run_once(a, db, sql, on)
                    got[on] = rows
                    if rnd > 0:
                        times.setdefault((db, q, on), []).append(t)
                if got['ON'] != got['OFF']:
                    benchlib.die('%s %s: ON printed %r, OFF %r'
                                 % (db, q, got['ON'][:3], got['OFF'][:3]), 1)
                say('%s %s round %d' % (os.path.basename(db), q, rnd))

    csv_path = os.path.join(OUT, 'tpch-implied-%s.csv' % stamp)
    md_path = os.path.join(OUT, 'tpch-implied-%s.md' % stamp)
    with open(csv_path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['db', 'query', 'implied_terms', 'run', 'seconds'])
        for (db, q, on), ts in sorted(times.items()):
            for i, t in enumerate(ts):
                w.writerow([os.path.basename(db), q, on, i + 1, t])
    with open(md_path, 'w') as f:
        f.write('# TPC-H, PRAGMA implied_terms ON and OFF (%s)\n\n' % stamp)
        f.write('- shell: %s (%s)\n- rounds: 1 warm-up + %d; ON and '
                'OFF alternate within each round\n- machine: %s\n\n'
                % (a.shell, benchlib.shell_ident(a.shell), a.runs,
                   benchlib.machine()))
        for db in dbs:
            f.write('- %s: programs differ for %s\n'
                    % (os.path.basename(db), ', '.join(changed[db]) or 'none'))
        f.write('\n| database | query | OFF s (median, min-max) | ON s | '
                'OFF / ON |\n|---|---|---:|---:|---:|\n')
        for db in dbs:
            for q in queries:
                off, on = times[(db, q, 'OFF')], times[(db, q, 'ON')]
                f.write('| %s | %s | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | '
                        '%.2fx |\n' % (os.path.basename(db), q,
                                       statistics.median(off), min(off),
                                       max(off), statistics.median(on),
                                       min(on), max(on),
                                       statistics.median(off)
                                       / statistics.median(on)))
    print(open(md_path).read())
    say('wrote %s and %s' % (md_path, csv_path))


if __name__ == '__main__':
    main()
