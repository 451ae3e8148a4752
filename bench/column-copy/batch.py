#!/usr/bin/env python3
"""Aggregates of one table through the batch path, against the same scan
row by row and against no copy at all (doc/batch.md): TPC-H Q1 and Q6,
the researcher's R2, R3 and R6.

  python3 bench/column-copy/batch.py [--tpch bench/out/tpch-sf1-cc.db]
                                     [--research bench/out/research-ours-cc.db]
                                     [--runs 5] [--shell build/sqlite3]

Three configurations of the same build, in the same rounds (their order
rotates from round to round), after one warm-up round:

  nocopy   PRAGMA column_scan=OFF (the row path: B-tree and records)
  rows     PRAGMA batch=OFF (the copy's scan, the body in the VDBE)
  batch    both ON (the defaults)

Each query runs in one shell process per configuration and round; the
shell's .timer gives the times.  Reports the median and min-max of each and
the ratios of the medians, and checks that the three print the same rows.
The databases are those bench/tpch/run.py --systems ours-cc and
bench/research/run.py make (tables with copies).

Writes bench/out/column-copy/batch-<stamp>.{csv,md}.
"""
import argparse, csv, os, re, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
TOP = benchlib.TOP
OUT = os.path.join(TOP, 'bench', 'out', 'column-copy')

CONFIGS = [
    ('nocopy', 'PRAGMA column_scan=OFF;'),
    ('rows', 'PRAGMA batch=OFF;'),
    ('batch', ''),
]
TIME_RE = re.compile(r'^Run Time: real ([0-9.]+)')


def tpch(n):
    with open(os.path.join(TOP, 'bench', 'tpch', 'queries', 'q%02d.sql' % n)) as f:
        return f.read().strip().rstrip(';')


def research(name):
    """The query "-- Rn ..." of bench/research/queries.sql."""
    text = open(os.path.join(TOP, 'bench', 'research', 'queries.sql')).read()
    m = re.search(r'^-- %s .*?\n(.*?)(?=^-- R[0-9]|\Z)' % name, text,
                  re.S | re.M)
    if not m:
        benchlib.die('no query %s in bench/research/queries.sql' % name, 1)
    lines = [l for l in m.group(1).splitlines() if not l.startswith('--')]
    return '\n'.join(lines).strip().rstrip(';')


def say(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def run_once(shell, db, sql, pragma):
    """Run sql after pragma; return (seconds, output rows)."""
    script = '%s\n.timer on\n%s;\n' % (pragma, sql)
    r = subprocess.run([shell, '-batch', db], input=script,
                       capture_output=True, text=True)
    if r.returncode != 0:
        benchlib.die('%s failed: %s' % (shell, r.stderr[-400:]), 1)
    t, rows = None, []
    for line in r.stdout.splitlines():
        m = TIME_RE.match(line)
        if m:
            t = float(m.group(1))
        elif line.strip():
            rows.append(line)
    if t is None:
        benchlib.die('no timing in the output of %s' % shell, 1)
    return t, rows


def plan(shell, db, sql):
    r = subprocess.run([shell, '-batch', db], input='EXPLAIN QUERY PLAN %s;\n'
                       % sql, capture_output=True, text=True)
    return ' / '.join(l.strip('|-` ') for l in r.stdout.splitlines()[1:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tpch', default=os.path.join(TOP, 'bench', 'out',
                                                   'tpch-sf1-cc.db'))
    ap.add_argument('--research', default=os.path.join(
        TOP, 'bench', 'out', 'research-ours-cc.db'))
    ap.add_argument('--runs', type=int, default=5)
    ap.add_argument('--shell', default=os.path.join(TOP, 'build', 'sqlite3'))
    a = ap.parse_args()
    benchlib.init('column-copy')
    if a.runs < 1:
        benchlib.die('--runs must be at least 1')
    for p in (a.tpch, a.research, a.shell):
        if not os.path.exists(p):
            benchlib.die('%s does not exist (see the usage at the top of '
                         'this file)' % p)
    queries = [('TPC-H Q1', a.tpch, tpch(1)), ('TPC-H Q6', a.tpch, tpch(6)),
               ('R2 sum', a.research, research('R2')),
               ('R3 extension-summary', a.research, research('R3')),
               ('R6 files-per-directory', a.research, research('R6'))]
    os.makedirs(OUT, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    times = {}
    plans = {}
    for qi, (name, db, sql) in enumerate(queries):
        plans[qi] = plan(a.shell, db, sql)
        for rnd in range(a.runs + 1):
            k = rnd % len(CONFIGS)
            order = CONFIGS[k:] + CONFIGS[:k]
            got = {}
            for cname, pragma in order:
                t, rows = run_once(a.shell, db, sql, pragma)
                got[cname] = rows
                if rnd > 0:
                    times.setdefault((qi, cname), []).append(t)
            if len(set(tuple(v) for v in got.values())) != 1:
                benchlib.die('%s: the configurations printed different rows: %r'
                             % (name, got), 1)
            say('%s, round %d: %s' % (name, rnd, ' '.join(
                '%s %.3f' % (c, times[(qi, c)][-1]) for c, _ in order)
                if rnd > 0 else 'warm-up'))
    csv_path = os.path.join(OUT, 'batch-%s.csv' % stamp)
    md_path = os.path.join(OUT, 'batch-%s.md' % stamp)
    with open(csv_path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['query', 'config', 'run', 'seconds'])
        for (qi, c), ts in sorted(times.items()):
            for i, t in enumerate(ts):
                w.writerow([queries[qi][0], c, i + 1, t])
    with open(md_path, 'w') as f:
        m = benchlib.machine()
        f.write('# Single-table aggregates in batches (%s)\n\n' % stamp)
        f.write('- databases: %s, %s\n- shell: %s (%s)\n'
                '- rounds: 1 warm-up + %d; the configurations rotate within '
                'the rounds\n- nocopy: column_scan=OFF; rows: batch=OFF; '
                'batch: the defaults\n- machine: %s\n\n'
                % (a.tpch, a.research, a.shell, benchlib.shell_ident(a.shell),
                   a.runs, m))
        f.write('| query | nocopy s (median, min-max) | rows s | batch s '
                '| nocopy / batch | rows / batch |\n'
                '|---|---:|---:|---:|---:|---:|\n')
        for qi, (name, db, sql) in enumerate(queries):
            med = {}
            cells = []
            for c, _ in CONFIGS:
                ts = times[(qi, c)]
                med[c] = statistics.median(ts)
                cells.append('%.3f (%.3f-%.3f)' % (med[c], min(ts), max(ts)))
            f.write('| %s | %s | %.2fx | %.2fx |\n'
                    % (name, ' | '.join(cells), med['nocopy'] / med['batch'],
                       med['rows'] / med['batch']))
        f.write('\nPlans (batch):\n\n')
        for qi, (name, db, sql) in enumerate(queries):
            f.write('- %s: %s\n' % (name, plans[qi]))
    print(open(md_path).read())
    say('wrote %s and %s' % (md_path, csv_path))


if __name__ == '__main__':
    main()
