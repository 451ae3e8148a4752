#!/usr/bin/env python3
"""The hash aggregate (issue 16, doc/hashagg.md) on the researcher's GROUP BY
queries (bench/research/queries.sql R3-R6), side by side in one run:

  stock          stock 3.53.4 shell (bench/.stock/sqlite3)
  ours-sorter    our shell with PRAGMA hash_aggregate=OFF (GROUP BY sorts)
  ours           our shell as built (hash aggregate on by default)
  duckdb-1t      DuckDB (Python package), 1 thread

  python3 bench/research/hashagg.py --rows 5000000 --repeat 5

The SQLite systems read the same database file, imported once with our
.import --auto from the CSV bench/research/run.py generates (the same
cached file); DuckDB imports the CSV with read_csv_auto.  Each round runs
every query on every system, the systems alternating (reversed every other
round), after --warmup rounds.  Times are the shell's .timer real time (the
query alone, not the process) and DuckDB's execute+fetchall.  The rows of
the SQLite systems must be identical, text for text and in order; DuckDB's
are compared order-independently with numbers normalised.  A difference
stops the run.  With --callgrind, each SQLite system also runs each query
once under valgrind --tool=callgrind on a --callgrind-rows database (the
instructions, which the machine's noise does not move).

Writes bench/out/hashagg-<stamp>.csv (one row per timed run) and
hashagg-<stamp>.md (configuration, medians with min-max, ratios).
"""
import argparse, csv, os, re, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
sys.path.insert(0, HERE)
import benchlib
from benchlib import die, progress
import run as research

benchlib.init('research')
SQLITE = {'stock': (benchlib.STOCK_SHELL, ''),
          'ours-sorter': (benchlib.OURS_SHELL, 'PRAGMA hash_aggregate=OFF;\n'),
          'ours': (benchlib.OURS_SHELL, '')}
DUCK = {'duckdb-1t': 1}
SYSTEMS = list(SQLITE) + list(DUCK)


def query_sqlite(system, db, sql):
    shell, pre = SQLITE[system]
    out = research.sh(shell, db, '%s.timer on\n%s\n' % (pre, sql), '%s query' % system)
    lines = out.splitlines()
    times = [float(m.group(1)) for m in (re.match(r'Run Time: real ([0-9.]+)', l) for l in lines) if m]
    rows = [l for l in lines if not l.startswith('Run Time:')]
    return times[-1], rows


def query_duck(db, sql):
    return research.query_duck('duckdb-1t', db, sql)


def callgrind(system, db, sql):
    """Instructions of one run of sql (the whole shell process) under
    callgrind."""
    shell, pre = SQLITE[system]
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'cg.out')
        r = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out, shell, db],
                           input=pre + sql + '\n', capture_output=True, text=True)
        m = re.search(r'Collected : (\d+)', r.stderr)
        if r.returncode != 0 or not m:
            die('callgrind of %s failed: %s' % (system, r.stderr[-300:]), 1)
        return int(m.group(1))


def prepare(a, dbdir, rows):
    csvpath = os.path.join(dbdir, 'research-r%d-s%d.csv' % (rows, a.seed))
    if not os.path.exists(csvpath):
        progress('bench/research: generating %s' % csvpath)
        r = subprocess.run([sys.executable, os.path.join(HERE, 'gen.py'), '--rows', str(rows),
                            '--seed', str(a.seed), '-o', csvpath])
        if r.returncode != 0:
            die('the generator failed', 1)
    db = os.path.join(dbdir, 'hashagg-r%d-s%d.db' % (rows, a.seed))
    if not os.path.exists(db):
        progress('bench/research: importing %s' % csvpath)
        research.sh(benchlib.OURS_SHELL, db + '.tmp', '.import --auto %s meta_table\n' % csvpath, 'import')
        os.rename(db + '.tmp', db)
    return csvpath, db


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--rows', type=int, default=5000000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--warmup', type=int, default=1)
    ap.add_argument('--queries', default='R3,R4,R5,R6')
    ap.add_argument('--systems', default=None, help='comma-separated, default all: ' + ','.join(SYSTEMS))
    ap.add_argument('--callgrind', action='store_true')
    ap.add_argument('--callgrind-rows', type=int, default=100000)
    ap.add_argument('--out', default=benchlib.OUT)
    ap.add_argument('--dir', default=None, help='directory of the CSV and database files (default --out)')
    a = ap.parse_args()
    try:
        systems = benchlib.csv_list(a.systems, SYSTEMS, 'system') if a.systems else list(SYSTEMS)
        qnames = benchlib.csv_list(a.queries, [q[0] for q in research.queries()], 'query')
    except benchlib.BadInput as e:
        die(str(e))
    if a.rows < 1 or a.repeat < 1 or a.warmup < 0:
        die('--rows and --repeat must be positive, --warmup not negative')

    def why(s):
        if s in SQLITE and not os.access(SQLITE[s][0], os.X_OK):
            return '%s: no shell %s' % (s, SQLITE[s][0])
        if s in DUCK and benchlib.duck_version() is None:
            return '%s: DuckDB is not installed (pip install duckdb)' % s
        return None
    skipped = benchlib.drop_unavailable(systems, a.systems is not None, why)
    dbdir, stamp = benchlib.output_dirs(a)
    csvpath, db = prepare(a, dbdir, a.rows)
    duckdb_path = None
    if 'duckdb-1t' in systems:
        duckdb_path = os.path.join(dbdir, 'hashagg-r%d-s%d.duckdb' % (a.rows, a.seed))
        if not os.path.exists(duckdb_path):
            research.import_duck('duckdb-1t', csvpath, duckdb_path)
    qs = [q for q in research.queries() if q[0] in qnames]

    results = {}
    rows_out = []
    for rnd in range(a.warmup + a.repeat):
        order = systems if rnd % 2 == 0 else systems[::-1]
        for qn, qname, sql in qs:
            ref = None
            duck_rows = None
            for s in order:
                if s in DUCK:
                    t, rows = query_duck(duckdb_path, sql)
                    duck_rows = rows
                else:
                    t, rows = query_sqlite(s, db, sql)
                    if ref is None:
                        ref = (s, rows)
                    elif rows != ref[1]:
                        die('%s: %s returned other rows than %s' % (qn, s, ref[0]), 1)
                if rnd >= a.warmup:
                    results.setdefault((qn, s), []).append(t)
                    rows_out.append(dict(benchmark='hashagg', query=qn, system=s, rep=rnd - a.warmup,
                                         seconds=round(t, 6), rows=a.rows, seed=a.seed))
            if ref is not None and duck_rows is not None:
                mine = research.rows_hash([r.split('|') for r in ref[1]])
                if mine != research.rows_hash(duck_rows):
                    die('%s: DuckDB returned other rows than %s' % (qn, ref[0]), 1)
            progress('round %d/%d %s done' % (rnd + 1, a.warmup + a.repeat, qn))

    cg = {}
    if a.callgrind:
        _, cgdb = prepare(a, dbdir, a.callgrind_rows)
        for qn, qname, sql in qs:
            for s in systems:
                if s in SQLITE:
                    cg[(qn, s)] = callgrind(s, cgdb, sql)

    csvout = os.path.join(a.out, 'hashagg-%s.csv' % stamp)
    with open(csvout, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows_out[0]))
        w.writeheader()
        w.writerows(rows_out)
    md = os.path.join(a.out, 'hashagg-%s.md' % stamp)
    with open(md, 'w') as f:
        f.write('# Hash aggregate on the researcher GROUP BY queries (%s)\n\n' % stamp)
        f.write('- rows: %d (seed %d), CSV %s\n' % (a.rows, a.seed, csvpath))
        f.write('- rounds: %d warm-up + %d measured, systems alternating\n' % (a.warmup, a.repeat))
        if 'duckdb-1t' in systems:
            f.write('- %s\n' % benchlib.WARMTH_SHELL_VS_DUCK)
        f.write('- machine: %s\n' % benchlib.machine(dbdir))
        for s in systems:
            if s in SQLITE:
                ver = research.sh(SQLITE[s][0], ':memory:',
                                  "SELECT sqlite_version(), (SELECT group_concat(compile_options, ' ') "
                                  "FROM pragma_compile_options);\n", 'version').strip()
                f.write('- %s: %s %s; %s\n' % (s, SQLITE[s][0], SQLITE[s][1].strip() or '(defaults)', ver))
            else:
                f.write('- %s: duckdb %s, threads=1\n' % (s, benchlib.duck_version()))
        for msg in skipped:
            f.write('- skipped: %s\n' % msg)
        f.write('\nSeconds, median (min-max):\n\n| query | %s | stock/ours | ours-sorter/ours |\n|---|%s---|---|\n'
                % (' | '.join(systems), '---|' * len(systems)))
        for qn, qname, sql in qs:
            cells = [benchlib.fmt_med(results.get((qn, s), []), 3) for s in systems]
            def ratio(x):
                if (qn, x) in results and (qn, 'ours') in results:
                    return '%.2fx' % (statistics.median(results[(qn, x)]) / statistics.median(results[(qn, 'ours')]))
                return '-'
            f.write('| %s %s | %s | %s | %s |\n' % (qn, qname, ' | '.join(cells), ratio('stock'), ratio('ours-sorter')))
        if cg:
            f.write('\nCallgrind instructions (whole shell process, %d rows):\n\n| query | %s |\n|---|%s\n'
                    % (a.callgrind_rows, ' | '.join(s for s in systems if s in SQLITE),
                       '---|' * len([s for s in systems if s in SQLITE])))
            for qn, qname, sql in qs:
                f.write('| %s | %s |\n' % (qn, ' | '.join('{:,}'.format(cg[(qn, s)]) for s in systems if s in SQLITE)))
    print(open(md).read())
    print('wrote %s and %s' % (csvout, md))


if __name__ == '__main__':
    main()
