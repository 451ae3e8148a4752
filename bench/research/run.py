#!/usr/bin/env python3
"""The researcher's workflow (Dirk Petersen, "Researchers, please replace
SQLite with DuckDB now", 4 November 2023; issue 18): import a pwalk CSV of
file metadata, then count, sum, summarise per extension, search duplicates,
find the biggest directories.

  python3 bench/research/run.py --rows 1000000 --repeat 3

Systems, each importing the same CSV (bench/research/gen.py) into a new
database file and then running bench/research/queries.sql:
  stock       stock 3.53.4 shell (bench/.stock/sqlite3): CREATE TABLE with
              the column types typed by hand, then .import --csv --skip 1
              (what a careful user of stock SQLite does: its .import alone
              declares no types, see the untyped check below)
  ours        our shell (build/sqlite3): .import --auto
  ours-cc     the same, then PRAGMA column_copy('meta_table') (timed as the
              step "copy"; its bytes in the report): the queries' full
              scans read the column copy
  duckdb-1t   DuckDB (Python package), 1 thread:
              CREATE TABLE ... AS SELECT * FROM read_csv_auto(...)
  duckdb-all  the same with all cores

Imports and queries are timed in rounds, the systems alternating (reversed
every other round), after warm-up rounds; the rows of every query are
compared across systems (numbers normalised, order-independent hash) and a
difference stops the run.  The untyped check runs R3 and R4 once on a
database imported with stock's plain .import --csv (every value TEXT) and
reports whether its rows are the typed systems' rows.

Writes bench/out/research-<stamp>.csv (one row per timed run, with the
configuration), research-<stamp>.md (medians, min-max, ratios) and, if
matplotlib imports, research-<stamp>.png.
"""
import argparse, csv, hashlib, os, re, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
from benchlib import TOP, die, progress

benchlib.init('research')
SHELLS = {'stock': benchlib.STOCK_SHELL, 'ours': benchlib.OURS_SHELL, 'ours-cc': benchlib.OURS_SHELL}
DUCK = {'duckdb-1t': 1, 'duckdb-all': os.cpu_count() or 1}
SYSTEMS = ['stock', 'ours', 'ours-cc', 'duckdb-1t', 'duckdb-all']
ALIASES = {'duckdb': ['duckdb-1t', 'duckdb-all'], 'sqlite': ['stock', 'ours', 'ours-cc'], 'all': SYSTEMS}

# The pwalk columns and the types a careful user declares for stock; ours
# must detect the same ones (checked).
COLUMNS = [('inode', 'INTEGER'), ('parent-inode', 'INTEGER'), ('directory-depth', 'INTEGER'),
           ('filename', 'TEXT'), ('fileExtension', 'TEXT'), ('UID', 'INTEGER'), ('GID', 'INTEGER'),
           ('st_size', 'INTEGER'), ('st_dev', 'INTEGER'), ('st_blocks', 'INTEGER'), ('st_nlink', 'INTEGER'),
           ('st_mode', 'TEXT'), ('st_atime', 'INTEGER'), ('st_mtime', 'INTEGER'), ('st_ctime', 'INTEGER'),
           ('pw_fcount', 'INTEGER'), ('pw_dirsum', 'INTEGER')]
DDL = 'CREATE TABLE meta_table(%s);' % ', '.join('"%s" %s' % c for c in COLUMNS)


def queries():
    text = open(os.path.join(HERE, 'queries.sql')).read()
    parts = re.split(r'^-- (R\d+) (\S+)\n', text, flags=re.M)
    return [(parts[i], parts[i + 1], parts[i + 2].strip()) for i in range(1, len(parts), 3)]


def norm_cell(v):
    """A value as text, numbers normalised so that SQLite's and DuckDB's
    spellings of one number compare equal (12.0 and 12, 1e+20 and 1e20)."""
    if v is None:
        return ''
    s = str(v)
    try:
        f = float(s)
    except ValueError:
        return s
    if f == int(f) and abs(f) < 1e15:
        return '%d' % int(f)
    return '%.10g' % f


def rows_hash(rows):
    """Hash of the rows (lists of cells), independent of their order."""
    return hashlib.sha256('\n'.join(sorted('|'.join(norm_cell(c) for c in r) for r in rows)).encode()).hexdigest()[:16]


def sh(shell, db, sql, what):
    r = subprocess.run([shell, '-bail', db], input=sql, capture_output=True, text=True)
    if r.returncode != 0:
        die('%s failed: %s' % (what, (r.stderr or r.stdout).strip()[-400:]), 1)
    return r.stdout


def import_shell(system, csvpath, db):
    """Import csvpath into a new database db with the shell of system;
    return (seconds, output)."""
    benchlib.remove_db(db)
    if system == 'stock':
        sql = '%s\n.import --csv --skip 1 %s meta_table\n' % (DDL, csvpath)
    else:
        sql = '.import --auto %s meta_table\n' % csvpath
    t0 = time.perf_counter()
    out = sh(SHELLS[system], db, sql, '%s import' % system)
    return time.perf_counter() - t0, out


def import_duck(system, csvpath, db):
    import duckdb
    benchlib.remove_db(db)
    t0 = time.perf_counter()
    con = duckdb.connect(db)
    con.execute('SET threads=%d' % DUCK[system])
    con.execute('CREATE TABLE meta_table AS SELECT * FROM read_csv_auto(?)', [csvpath])
    con.close()
    return time.perf_counter() - t0, ''


def query_shell(system, db, sql):
    out = sh(SHELLS[system], db, '.timer on\n%s\n' % sql, '%s query' % system)
    lines = out.splitlines()
    times = [float(m.group(1)) for m in (re.match(r'Run Time: real ([0-9.]+)', l) for l in lines) if m]
    rows = [l.split('|') for l in lines if not l.startswith('Run Time:')]
    return times[-1], rows


_duck = {}


def query_duck(system, db, sql):
    """Run sql on system's DuckDB database db: (seconds, rows).  Each
    system keeps one connection, in an instance of its own, for the whole
    run, so that its timings after the warm-up are warm."""
    if system not in _duck:
        _duck[system] = benchlib.duck_open(db, DUCK[system])
    t0 = time.perf_counter()
    res = _duck[system].execute(sql).fetchall()
    return time.perf_counter() - t0, [list(r) for r in res]


def shell_config(system, db):
    sql = ("SELECT sqlite_version(); SELECT sqlite_source_id();\n"
           "SELECT group_concat(compile_options, ' ') FROM pragma_compile_options;\n"
           "PRAGMA journal_mode; PRAGMA synchronous; PRAGMA page_size; PRAGMA cache_size;\n"
           "PRAGMA mmap_size; PRAGMA temp_store;\n")
    keys = ['sqlite_version', 'source_id', 'compile_options', 'journal_mode', 'synchronous',
            'page_size', 'cache_size', 'mmap_size', 'temp_store']
    out = sh(SHELLS[system], db, sql, '%s config' % system).splitlines()
    cfg = dict(zip(keys, out))
    cfg['lipsqlite_version'] = benchlib.lipsqlite_version(cfg)
    cfg['shell_sha256'] = benchlib.sha256(SHELLS[system])
    cfg['import'] = ('CREATE TABLE (typed by hand) + .import --csv --skip 1' if system == 'stock'
                     else '.import --auto' + (", then PRAGMA column_copy('meta_table')" if system == 'ours-cc'
                                              else ''))
    return cfg


def duck_config(system):
    return {'duckdb_version': benchlib.duck_version(), 'duckdb_threads': DUCK[system],
            'import': 'CREATE TABLE AS SELECT * FROM read_csv_auto()'}


CFG_KEYS = ['import', 'sqlite_version', 'source_id', 'compile_options', 'lipsqlite_version', 'shell_sha256',
            'journal_mode', 'synchronous', 'page_size', 'cache_size', 'mmap_size', 'temp_store',
            'duckdb_version', 'duckdb_threads']


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--rows', type=int, default=1000000, help='rows of the CSV (default 1,000,000)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--repeat', type=int, default=3, help='timed rounds (default 3)')
    ap.add_argument('--warmup', type=int, default=1, help='warm-up rounds (default 1)')
    ap.add_argument('--systems', default=None, help='comma-separated: %s, or duckdb, sqlite, all '
                    '(default: all that are available)' % ', '.join(SYSTEMS))
    ap.add_argument('--queries', default=None, help='comma-separated subset, e.g. R3,R4 (default all)')
    ap.add_argument('--no-untyped-check', action='store_true', help='skip the untyped check')
    ap.add_argument('--dir', default=None, help='directory of the CSV and the database files (default: --out)')
    ap.add_argument('--out', default=benchlib.OUT)
    ap.add_argument('--no-plots', action='store_true')
    a = ap.parse_args()
    if a.rows < 1:
        die('--rows must be at least 1 (got %d)' % a.rows)
    if a.repeat < 1:
        die('--repeat must be at least 1 (got %d)' % a.repeat)
    if a.warmup < 0:
        die('--warmup must be >= 0 (got %d)' % a.warmup)
    try:
        systems = benchlib.system_list(a.systems or 'all', SYSTEMS, ALIASES)
        qs = queries()
        if a.queries:
            want = benchlib.csv_list(a.queries, [q[0] for q in qs], 'query')
            qs = [q for q in qs if q[0] in want]
    except benchlib.BadInput as e:
        die(str(e))

    def why(s):
        if s in SHELLS and not os.access(SHELLS[s], os.X_OK):
            return ('%s: no shell %s (%s)' % (s, SHELLS[s], 'run bench/build-stock.sh' if s == 'stock'
                                              else 'run ./configure && make'))
        if s in DUCK and benchlib.duck_version() is None:
            return '%s: DuckDB is not installed (pip install duckdb)' % s
        return None
    skipped = benchlib.drop_unavailable(systems, a.systems is not None, why)

    dbdir, stamp = benchlib.output_dirs(a)
    csvpath = os.path.join(dbdir, 'research-r%d-s%d.csv' % (a.rows, a.seed))
    if not os.path.exists(csvpath):
        progress('bench/research: generating %s' % csvpath)
        r = subprocess.run([sys.executable, os.path.join(HERE, 'gen.py'), '--rows', str(a.rows),
                            '--seed', str(a.seed), '-o', csvpath])
        if r.returncode != 0:
            die('the generator failed', 1)
    csv_bytes = os.path.getsize(csvpath)
    dbs = {s: os.path.join(dbdir, 'research-%s.%s' % (s, 'duckdb' if s in DUCK else 'db')) for s in systems}
    mach = benchlib.machine(dbdir)
    t_start = time.time()

    results = {}     # (step, system) -> [seconds]
    rows_out = []
    created = None
    copy_info = None

    def record(step, s, rep, t, n, cfg):
        results.setdefault((step, s), []).append(t)
        rows_out.append(dict(benchmark='research', step=step, system=s, rep=rep, seconds=round(t, 6), rows=n,
                             csv_rows=a.rows, csv_bytes=csv_bytes, seed=a.seed, db=os.path.basename(dbs[s]),
                             db_bytes=os.path.getsize(dbs[s]), **mach, **{k: cfg.get(k, '') for k in CFG_KEYS}))

    # Imports, alternating.
    cfgs = {}
    for rep in range(a.warmup + a.repeat):
        order = systems if rep % 2 == 0 else systems[::-1]
        for s in order:
            if s in DUCK:
                t, out = import_duck(s, csvpath, dbs[s])
            else:
                t, out = import_shell(s, csvpath, dbs[s])
                if s == 'ours':
                    created = out
                if s == 'ours-cc':
                    t0 = time.perf_counter()
                    sh(SHELLS[s], dbs[s], "PRAGMA column_copy('meta_table');", 'column copy')
                    tc = time.perf_counter() - t0
                    if rep >= a.warmup:
                        record('copy', s, rep - a.warmup + 1, tc, a.rows, cfgs.get(s) or shell_config(s, dbs[s]))
                    copy_info = sh(SHELLS[s], dbs[s], '.headers on\nPRAGMA column_copy_list;\n', 'column_copy_list')
            if s not in cfgs:
                cfgs[s] = duck_config(s) if s in DUCK else shell_config(s, dbs[s])
            if rep >= a.warmup:
                record('import', s, rep - a.warmup + 1, t, a.rows, cfgs[s])
        progress('  import round %d: %s' % (rep + 1, '  '.join('%s %.2f s' % (s, results.get(('import', s), [0])[-1])
                                                              for s in systems)))
    # Every system has every row; ours detected the hand-typed columns.
    counts = {}
    for s in systems:
        if s in DUCK:
            counts[s] = query_duck(s, dbs[s], 'SELECT count(*) FROM meta_table')[1][0][0]
        else:
            counts[s] = int(sh(SHELLS[s], dbs[s], 'SELECT count(*) FROM meta_table;', 'count').strip())
    if len(set(counts.values())) != 1:
        die('row counts differ after the import: %s' % counts, 1)
    types_note = ''
    for s0 in [x for x in ('ours', 'ours-cc') if x in systems][:1]:
        got = [l.split('|') for l in sh(SHELLS[s0], dbs[s0],
                                         "SELECT name, type FROM pragma_table_info('meta_table');",
                                         'table_info').splitlines()]
        if [tuple(x) for x in got] != COLUMNS:
            die('ours detected other column types than the hand-typed ones: %s' % got, 1)
        types_note = 'ours (`.import --auto`) detected exactly the hand-typed columns: %s.' % ', '.join(
            '%s %s' % c for c in COLUMNS)
        if any(s in DUCK for s in systems):
            s = next(x for x in systems if x in DUCK)
            dt = query_duck(s, dbs[s], "SELECT column_name, data_type FROM information_schema.columns "
                                       "WHERE table_name='meta_table' ORDER BY ordinal_position")[1]
            m = {'BIGINT': 'INTEGER', 'INTEGER': 'INTEGER', 'DOUBLE': 'REAL', 'VARCHAR': 'TEXT'}
            diff = [(c[0], c[1], d[1]) for c, d in zip(COLUMNS, dt) if m.get(d[1], d[1]) != c[1]]
            types_note += (' DuckDB read_csv_auto: %s.' % ('the same types (BIGINT, VARCHAR)' if not diff else
                           'differs on ' + ', '.join('%s (ours %s, DuckDB %s)' % x for x in diff)))

    # Queries, alternating, rows compared.
    hashes = {}
    for qn, name, sql in qs:
        ref = None
        for rep in range(a.warmup + a.repeat):
            order = systems if rep % 2 == 0 else systems[::-1]
            for s in order:
                if s in DUCK:
                    t, rows = query_duck(s, dbs[s], sql)
                else:
                    t, rows = query_shell(s, dbs[s], sql)
                h = rows_hash(rows)
                if ref is None:
                    ref = (s, h, len(rows))
                elif h != ref[1]:
                    die('%s %s: %s returned other rows (%d) than %s (%d)' % (qn, name, s, len(rows),
                                                                            ref[0], ref[2]), 1)
                if rep >= a.warmup:
                    record(qn, s, rep - a.warmup + 1, t, len(rows), cfgs[s])
        hashes[qn] = ref
        progress('  %s %-20s %s  (%d rows, equal)' % (qn, name, '  '.join(
            '%s %.3f' % (s, statistics.median(results[(qn, s)])) for s in systems), ref[2]))
    for con in _duck.values():
        con.close()

    # The untyped check: stock's plain .import.
    untyped = []
    if not a.no_untyped_check and os.access(SHELLS['stock'], os.X_OK):
        udb = os.path.join(dbdir, 'research-stock-untyped.db')
        benchlib.remove_db(udb)
        sh(SHELLS['stock'], udb, '.import --csv %s meta_table\n' % csvpath, 'untyped import')
        for qn, name, sql in qs:
            if qn not in ('R3', 'R4') or qn not in hashes:
                continue
            rows = [l.split('|') for l in sh(SHELLS['stock'], udb, sql, 'untyped ' + qn).splitlines()]
            untyped.append((qn, name, len(rows), rows_hash(rows) == hashes[qn][1], hashes[qn][2]))
        benchlib.remove_db(udb)

    csvout = os.path.join(a.out, 'research-%s.csv' % stamp)
    with open(csvout, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows_out[0]))
        w.writeheader()
        w.writerows(rows_out)
    steps = ['import'] + (['copy'] if ('copy', 'ours-cc') in results else []) + [q[0] for q in qs]
    names = dict([('import', 'import'), ('copy', 'PRAGMA column_copy')] + [(q[0], q[1]) for q in qs])
    plots = 'plots skipped: --no-plots' if a.no_plots else make_plot(a, stamp, steps, names, systems, results)
    md = os.path.join(a.out, 'research-%s.md' % stamp)
    with open(md, 'w') as f:
        f.write('# The researcher workflow, %s rows (%s)\n\n' % ('{:,}'.format(a.rows), stamp))
        f.write('CSV: `%s`, %s bytes, bench/research/gen.py --rows %d --seed %d, SHA-256 %s.\n' % (
            os.path.basename(csvpath), '{:,}'.format(csv_bytes), a.rows, a.seed, benchlib.sha256(csvpath)[:16]))
        f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s, filesystem %(fs)s.\n' % mach)
        f.write('Warm-up rounds: %d; timed rounds: %d; systems alternate in each round. Imports: wall time of '
                'the whole import into a new database file (shell process, or DuckDB connect to close); '
                'queries: the shell\'s `.timer` real time, DuckDB\'s execute and fetch.\n' % (a.warmup, a.repeat))
        if any(s in DUCK for s in systems):
            f.write(benchlib.WARMTH_SHELL_VS_DUCK + ' (Imports: every system into a new database file.)\n')
        f.write('\n')
        for s in skipped:
            f.write('- skipped: %s\n' % s)
        for s in systems:
            c = cfgs[s]
            if s in DUCK:
                f.write('- **%s**: DuckDB %s (Python package), threads=%s; %s\n' % (
                    s, c['duckdb_version'], c['duckdb_threads'], c['import']))
            else:
                f.write('- **%s**: `%s` sqlite_version %s, lipsqlite %s; %s; journal_mode %s, synchronous %s, '
                        'page_size %s, cache_size %s, mmap_size %s, temp_store %s\n' % (
                            s, SHELLS[s].replace(TOP + '/', ''), c.get('sqlite_version'),
                            c.get('lipsqlite_version') or '-', c['import'], c.get('journal_mode'),
                            c.get('synchronous'), c.get('page_size'), c.get('cache_size'), c.get('mmap_size'),
                            c.get('temp_store')))
        if types_note:
            f.write('\n%s\n' % types_note)
        pairs = [(x, y) for x, y in (('stock', 'ours'), ('ours', 'duckdb-1t'), ('ours', 'duckdb-all'),
                                     ('ours', 'ours-cc'), ('ours-cc', 'duckdb-1t'))
                 if x in systems and y in systems]
        f.write('\nSeconds: median (min-max). Every query returned the same rows on every system '
                '(numbers normalised, rows compared as a set). Full configuration per run in `%s`.\n\n' %
                os.path.basename(csvout))
        f.write('| step | %s |%s\n|---|%s%s\n' % (' | '.join(systems), ''.join(' %s / %s |' % p for p in pairs),
                                                 '---|' * len(systems), '---|' * len(pairs)))
        for st in steps:
            cells = [benchlib.fmt_med(results[(st, s)], 3) if (st, s) in results else '-' for s in systems]
            ratios = ''.join(' %.2fx |' % (statistics.median(results[(st, x)]) / statistics.median(results[(st, y)]))
                             if (st, x) in results and (st, y) in results else ' - |' for x, y in pairs)
            f.write('| %s %s | %s |%s\n' % (st, '' if st == 'import' else names[st], ' | '.join(cells), ratios))
        if untyped:
            f.write('\nUntyped check: stock\'s plain `.import --csv` into a new table (every column TEXT):\n\n')
            for qn, name, n, same, nref in untyped:
                f.write('- %s %s: %d rows, %s (typed systems: %d rows)\n' % (
                    qn, name, n, 'the same rows' if same else '**other rows than the typed systems**', nref))
        if copy_info:
            f.write('\nThe column copy of ours-cc (PRAGMA column_copy_list after the last import):\n\n```\n%s\n```\n'
                    % copy_info.strip())
        if created:
            f.write('\nThe CREATE TABLE of ours:\n\n```\n%s\n```\n' % created.strip())
        benchlib.write_tail(f, plots, time.time() - t_start)
    benchlib.print_report(md, ('CSV', csvout), ('Report', md))


def make_plot(a, stamp, steps, names, systems, results):
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt
    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(steps)), 4.5))
    benchlib.grouped_bars(ax, systems, len(steps), lambda i, s: results.get((steps[i], s), []))
    ax.set_yscale('log')
    ax.set_xticks(range(len(steps)))
    ax.set_xticklabels(['import' if st == 'import' else '%s\n%s' % (st, names[st]) for st in steps], fontsize=7)
    ax.set_ylabel('seconds (median, min-max; log scale)')
    ax.set_title('Researcher workflow, %s-row pwalk CSV (lower is better)' % '{:,}'.format(a.rows))
    ax.legend(fontsize=7)
    ax.grid(axis='y', which='both', alpha=0.3)
    return [benchlib.save_figure(plt, fig, os.path.join(a.out, 'research-%s.png' % stamp))]


if __name__ == '__main__':
    main()
