#!/usr/bin/env python3
"""Star Schema Benchmark: stock SQLite 3.53.4 against lipsqlite with its LIP
Bloom filters off and on, in one run, alternating systems query by query.

  python3 bench/ssb/run.py --sf 1 --repeat 3 [--text-keys] [--analyze both]
  python3 bench/ssb/run.py --sf 1 --systems lip-on,lip-cc,duckdb-1t --analyze none
  python3 bench/ssb/run.py --sf 1 --lib before=../wt-before/build --systems lip-cc,lip-cc@before --analyze none

lip-cc is lip-on on a copy of the database in which PRAGMA column_copy has
built a column copy of every table (made once per database, next to it:
ssb-sf1-seed1-cc.db; build seconds and bytes in the report and the CSV).

Writes bench/out/ssb-<stamp>.csv (one row per timed run, with the full
configuration) and bench/out/ssb-<stamp>.md (medians, min-max, ratios).
The rows every system returns for a query are compared; a difference stops
the run.
"""
import argparse, csv, hashlib, os, re, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
from benchlib import TOP, die

benchlib.init('ssb')
OURS = benchlib.OURS_SHELL
STOCK = benchlib.STOCK_SHELL
STOCK_DROPIN = benchlib.STOCK_DROPIN_SHELL

def queries(name='queries.sql'):
    text = open(os.path.join(HERE, name)).read()
    out = []
    for block in re.split(r'^-- (Q\d\.\d)\n', text, flags=re.M)[1:]:
        out.append(block)
    return list(zip(out[0::2], [q.strip() for q in out[1::2]]))

def run_with_spinner(label, cmd, stdin_text):
    """Run cmd, feeding stdin_text, showing elapsed time while it runs."""
    t0 = time.time()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    p.stdin.write(stdin_text); p.stdin.close()
    while p.poll() is None:
        sys.stderr.write('\r  %s ... %5.1f s' % (label, time.time() - t0)); sys.stderr.flush()
        time.sleep(0.5)
    sys.stderr.write('\r  %s ... %5.1f s done\n' % (label, time.time() - t0))
    if p.returncode != 0:
        die('%s failed: %s' % (label, p.stderr.read()[-500:]), 1)
    return p.stdout.read()

def make_db(path, sf, seed, text_keys):
    if os.path.exists(path):
        return
    base = path
    if text_keys:
        base = path.replace('-text.db', '.db')
        make_db(base, sf, seed, False)
    tmp = path + '.tmp'
    if os.path.exists(tmp):
        os.remove(tmp)
    if text_keys:
        sql = open(os.path.join(HERE, 'textkeys.sql')).read().replace("'SRC'", "'%s'" % base)
        run_with_spinner('making text-keyed variant %s' % os.path.basename(path), [OURS, tmp], sql)
    else:
        sql = open(os.path.join(HERE, 'gen.sql.in')).read()
        sql = sql.replace('@SF@', repr(float(sf))).replace('@SEED@', str(int(seed)))
        run_with_spinner('generating SSB SF %s seed %s' % (sf, seed), [OURS, tmp], sql)
    os.rename(tmp, path)

def analyzed(path):
    out = path.replace('.db', '-analyze.db')
    if not os.path.exists(out):
        shutil.copyfile(path, out + '.tmp')
        run_with_spinner('ANALYZE %s' % os.path.basename(out), [OURS, out + '.tmp'], 'ANALYZE;\n')
        os.rename(out + '.tmp', out)
    return out

SYSTEMS = {
    'stock':   (STOCK, ''),
    'stock-dropin': (STOCK_DROPIN, ''),
    'lip-off': (OURS, 'PRAGMA lip_filter=OFF;\n'),
    'lip-on':  (OURS, 'PRAGMA lip_filter=ON;\n'),
    'hashagg-off': (OURS, 'PRAGMA lip_filter=ON; PRAGMA hash_aggregate=OFF;\n'),
    'lip-cc':  (OURS, 'PRAGMA lip_filter=ON; PRAGMA column_scan=ON;\n'),
}
# Systems that run on the database with column copies of every table
# (PRAGMA column_copy, built once per database: benchlib.column_copy_db()).
COPIES = {'lip-cc'}

MARK = '--lipsqlite-filter-stats--'

WARM = '--lipsqlite-warm-run-done--'
WARM_CONNECTION = False   # --warm-connection


def time_query(system, db, sql, want_stats=False):
    """Run sql once; return (seconds, hash of the rows, number of rows,
    filter statistics).  The statistics (PRAGMA lip_filter_stats: one
    tuple per Bloom filter: register, keys, bytes, probes, rejected, rank,
    status) are read only for lip-on when want_stats is set."""
    shell, pre = SYSTEMS[system]
    post = ''
    if want_stats and system == 'lip-on':
        post = '.timer off\n.print %s\nPRAGMA lip_filter_stats;\n' % MARK
    warm = '%s\n.print %s\n' % (sql, WARM) if WARM_CONNECTION else ''
    r = subprocess.run([shell, '-bail', db],
                       input='%sPRAGMA lip_filter_stats;\n%s.timer on\n%s\n%s' % (
                           pre if system != 'stock' else '', warm, sql, post),
                       capture_output=True, text=True)
    if r.returncode != 0:
        die('%s failed on %s: %s' % (system, db, r.stderr[-300:]), 1)
    lines = r.stdout.splitlines()
    if WARM_CONNECTION:
        lines = lines[lines.index(WARM) + 1:]
    stats = []
    if MARK in lines:
        i = lines.index(MARK)
        stats = [tuple(l.split('|')) for l in lines[i + 1:] if l]
        lines = lines[:i]
    times = [float(m.group(1)) for m in (re.match(r'Run Time: real ([0-9.]+)', l) for l in lines) if m]
    rows = [l for l in lines if not l.startswith('Run Time:')]
    return times[-1], rows_hash(rows), len(rows), stats


def rows_hash(rows):
    """Hash of a result, independent of the order of rows (queries whose
    ORDER BY leaves ties may list them in any order)."""
    return hashlib.sha256('\n'.join(sorted(rows)).encode()).hexdigest()[:16]


# DuckDB, from its Python package, side by side: 1 thread and all cores.
DUCK = {'duckdb-1t': 1, 'duckdb-all': os.cpu_count() or 1}
_duck = {}


def duck_available():
    return benchlib.duck_version() is not None


def duck_db(path):
    """A DuckDB copy of the SQLite database path (made once, next to it),
    loaded from CSV exported by our shell.  Return its file name."""
    import duckdb
    out = path[:-3] + '.duckdb'
    if os.path.exists(out):
        return out
    tmp = out + '.tmp'
    for f in (tmp, tmp + '.wal'):
        if os.path.exists(f):
            os.remove(f)
    con = duckdb.connect(tmp)
    tables = subprocess.run([OURS, path, "SELECT name FROM sqlite_schema WHERE type='table' "
                             "AND name NOT LIKE 'sqlite_%'"], capture_output=True, text=True).stdout.split()
    for t in tables:
        csvf = out + '.' + t + '.csv'
        run_with_spinner('exporting %s for DuckDB' % t, [OURS, path],
                         '.headers on\n.mode csv\n.once %s\nSELECT * FROM "%s";\n' % (csvf, t))
        cols = subprocess.run([OURS, path, "SELECT name, type FROM pragma_table_info('%s')" % t],
                              capture_output=True, text=True).stdout.splitlines()
        types = {}
        for c in cols:
            n, ty = c.split('|')
            types[n] = 'BIGINT' if 'INT' in ty.upper() else ('DOUBLE' if 'REAL' in ty.upper() else 'VARCHAR')
        con.execute('CREATE TABLE "%s" AS SELECT * FROM read_csv(?, header=true, columns=?)' % t,
                    [csvf, types])
        os.remove(csvf)
    con.close()
    os.rename(tmp, out)
    return out


def time_duck(system, ddb, sql):
    """Run sql in DuckDB with the thread count of system; return (seconds,
    hash of the rows, number of rows).  Each system keeps one connection,
    in a DuckDB instance of its own (benchlib.duck_open), open while the
    run uses ddb: alternating systems never closes one, so that every
    DuckDB timing after the warm-up is warm (closing it on each change of
    system, as this did before, timed DuckDB with a cold buffer pool)."""
    key = (system, ddb)
    if key not in _duck:
        for k in [k for k in _duck if k[1] != ddb]:
            _duck.pop(k).close()
        _duck[key] = benchlib.duck_open(ddb, DUCK[system])
    con = _duck[key]
    t0 = time.perf_counter()
    res = con.execute(sql).fetchall()
    t = time.perf_counter() - t0
    rows = ['|'.join('' if v is None else str(v) for v in r) for r in res]
    return t, rows_hash(rows), len(rows)


CFG_KEYS = ['sqlite_version', 'source_id', 'compile_options', 'lipsqlite_version', 'lip_filter', 'column_scan',
            'journal_mode', 'synchronous', 'page_size', 'cache_size', 'mmap_size', 'wal_autocheckpoint',
            'temp_store', 'locking_mode', 'duckdb_version', 'duckdb_threads']


def duck_config(system):
    import duckdb
    return {'sqlite_version': '', 'source_id': '', 'compile_options': '', 'lipsqlite_version': '',
            'lip_filter': 'n/a', 'duckdb_version': duckdb.__version__, 'duckdb_threads': DUCK[system]}

def shell_config(system, db):
    shell, pre = SYSTEMS[system]
    sql = pre + ''.join('SELECT %s;\n' % e for e in [
        "sqlite_version()", "sqlite_source_id()",
        "(SELECT group_concat(compile_options, ' ') FROM pragma_compile_options)",
        "(SELECT journal_mode FROM pragma_journal_mode)", "(SELECT synchronous FROM pragma_synchronous)",
        "(SELECT page_size FROM pragma_page_size)", "(SELECT cache_size FROM pragma_cache_size)",
        "(SELECT mmap_size FROM pragma_mmap_size)", "(SELECT wal_autocheckpoint FROM pragma_wal_autocheckpoint)",
        "(SELECT temp_store FROM pragma_temp_store)", "(SELECT locking_mode FROM pragma_locking_mode)"])
    r = subprocess.run([shell, db], input=sql, capture_output=True, text=True).stdout.splitlines()
    keys = ['sqlite_version', 'source_id', 'compile_options', 'journal_mode', 'synchronous',
            'page_size', 'cache_size', 'mmap_size', 'wal_autocheckpoint', 'temp_store', 'locking_mode']
    cfg = dict(zip(keys, r))
    cfg['lipsqlite_version'] = benchlib.lipsqlite_version(cfg)
    base = benchlib.split_system(system)[0]
    cfg['lip_filter'] = {'stock': 'n/a (upstream filter)', 'stock-dropin': 'n/a (upstream filter)',
                         'lip-off': 'OFF', 'lip-on': 'ON', 'hashagg-off': 'ON', 'lip-cc': 'ON'}[base]
    cfg['column_scan'] = 'ON (copies of every table)' if system in COPIES else 'no copies'
    cfg['hash_aggregate'] = {'stock': 'n/a', 'stock-dropin': 'n/a', 'hashagg-off': 'OFF'}.get(base, 'ON')
    return cfg

def main():
    global OURS
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--sf', type=float, default=1.0)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--warmup', type=int, default=1)
    ap.add_argument('--analyze', choices=['none', 'analyze', 'both'], default='both')
    ap.add_argument('--text-keys', action='store_true', help='also run the text-keyed variant')
    ap.add_argument('--systems', default='',
                    help='comma-separated, default all: stock,lip-off,lip-on,hashagg-off,'
                         'duckdb-1t,duckdb-all,lip-cc (hashagg-off: lip-on with PRAGMA hash_aggregate=OFF; '
                         'lip-cc: lip-on on the database with column copies of every table)')
    ap.add_argument('--queries', default='', help='comma-separated subset, e.g. Q2.1,Q3.1')
    ap.add_argument('--forced', action='store_true',
                    help='the queries of queries-forced.sql: join orders forced by CROSS JOIN to poor ones')
    ap.add_argument('--warm-connection', action='store_true',
                    help='each SQLite run executes the query once untimed, then timed, in the same shell '
                         'process (what is set up once per connection is not timed)')
    ap.add_argument('--keep-going', action='store_true',
                    help='a system returning other rows than the first one is marked WRONG ROWS in the '
                         'report instead of stopping the run')
    ap.add_argument('--lib', action='append', metavar='NAME=DIR', help=benchlib.LIB_HELP)
    ap.add_argument('--out', default=benchlib.OUT)
    a = ap.parse_args()
    # --lib NAME=DIR: SYSTEM@NAME is one of our systems run by that build's shell.
    extra = benchlib.extra_builds(a.lib)
    for s in (a.systems.split(',') if a.systems else []):
        base, name = benchlib.split_system(s)
        if name is None:
            continue
        if base not in SYSTEMS or SYSTEMS[base][0] != OURS:
            die('unknown system %r: SYSTEM@NAME needs one of our systems (%s)' % (
                s, ', '.join(k for k, v in SYSTEMS.items() if v[0] == OURS)))
        if name not in extra:
            die('system %r: no --lib %s=DIR' % (s, name))
        SYSTEMS[s] = (extra[name]['shell'], SYSTEMS[base][1])
        if base in COPIES:
            COPIES.add(s)
    global WARM_CONNECTION
    WARM_CONNECTION = a.warm_connection
    if a.sf <= 0:
        die('scale factor must be > 0 (got %s)' % a.sf)
    if a.repeat < 1:
        die('--repeat must be at least 1')
    skipped = []
    if a.systems:
        systems = a.systems.split(',')
        for s in systems:
            if s not in SYSTEMS and s not in DUCK:
                die('unknown system %r (known: %s)' % (s, ', '.join(list(SYSTEMS) + list(DUCK))))
        if any(s in DUCK for s in systems) and not duck_available():
            die('DuckDB is not installed (pip install duckdb), but --systems asks for it')
    else:
        systems = list(SYSTEMS) + list(DUCK)
        if not duck_available():
            systems = list(SYSTEMS)
            skipped.append('DuckDB (not installed: pip install duckdb)')
        if not os.access(STOCK_DROPIN, os.X_OK):
            systems.remove('stock-dropin')
            skipped.append('stock-dropin (not built: bench/build-stock.sh --dropin)')
    if not os.access(OURS, os.X_OK):
        die('no %s: run ./configure && make first' % OURS)
    # One build per run: our shell is copied to a scratch directory first.
    snapdir = os.path.join(a.out, '.ssb-shell-%d' % os.getpid())
    os.makedirs(snapdir, exist_ok=True)
    snap = os.path.join(snapdir, 'sqlite3')
    shutil.copy2(OURS, snap)
    for k, (sh_, pre) in list(SYSTEMS.items()):
        if sh_ == OURS:
            SYSTEMS[k] = (snap, pre)
    OURS = snap
    ours_sha = benchlib.sha256(snap)
    shas = {snap: ours_sha}
    for name, b in extra.items():
        esnap = os.path.join(snapdir, 'sqlite3-' + name)
        shutil.copy2(b['shell'], esnap)
        shas[esnap] = benchlib.sha256(esnap)
        for k, (sh_, pre) in list(SYSTEMS.items()):
            if sh_ == b['shell']:
                SYSTEMS[k] = (esnap, pre)
    if 'stock' in systems and not os.access(STOCK, os.X_OK):
        die('no stock build: run bench/build-stock.sh first')
    if 'stock-dropin' in systems and not os.access(STOCK_DROPIN, os.X_OK):
        die('no stock-dropin build: run bench/build-stock.sh --dropin first')
    qfile = 'queries-forced.sql' if a.forced else 'queries.sql'
    qs = queries(qfile)
    if a.queries:
        want = a.queries.split(',')
        unknown = [q for q in want if q not in dict(qs)]
        if unknown:
            die('unknown queries: %s' % ', '.join(unknown))
        qs = [q for q in qs if q[0] in want]
    os.makedirs(a.out, exist_ok=True)
    variants = [('int', False)] + ([('text', True)] if a.text_keys else [])
    stamp = time.strftime('%Y%m%d-%H%M%S')
    mach = benchlib.machine(a.out)
    csvpath = os.path.join(a.out, 'ssb-%s.csv' % stamp)
    results = {}
    filters = {}
    copies = {}   # database -> (its copy with column copies, build info)
    wrong = {}    # (variant, mode, query, system) -> (rows, reference system, its rows), with --keep-going
    with open(csvpath, 'w', newline='') as fcsv:
        w = None
        for vname, text in variants:
            base = os.path.join(a.out, 'ssb-sf%g-seed%d%s.db' % (a.sf, a.seed, '-text' if text else ''))
            make_db(base, a.sf, a.seed, text)
            modes = {'none': ['none'], 'analyze': ['analyze'], 'both': ['none', 'analyze']}[a.analyze]
            for mode in modes:
                db = base if mode == 'none' else analyzed(base)
                ddb = duck_db(base) if any(s in DUCK for s in systems) else None
                # Column copies built by the shell of each build that reads them.
                for s in systems:
                    name = benchlib.split_system(s)[1]
                    if s in COPIES and (vname, mode, name) not in copies:
                        copies[(vname, mode, name)] = benchlib.column_copy_db(
                            SYSTEMS[s][0], db, suffix='-cc' if name is None else '-cc-' + name)
                sdb = {s: copies[(vname, mode, benchlib.split_system(s)[1])][0] if s in COPIES else db
                       for s in systems}
                cfgs = {s: (duck_config(s) if s in DUCK else shell_config(s, sdb[s])) for s in systems}
                for qn, sql in qs:
                    ref = None
                    for rep in range(a.warmup + a.repeat):
                        order = systems if rep % 2 == 0 else systems[::-1]
                        for s in order:
                            last = rep == a.warmup + a.repeat - 1
                            if s in DUCK:
                                t, h, n = time_duck(s, ddb, sql)
                                st = None
                            else:
                                t, h, n, st = time_query(s, sdb[s], sql, want_stats=last)
                            if st:
                                filters[(vname, mode, qn)] = st
                            if ref is None:
                                ref = (s, h, n)
                            elif h != ref[1]:
                                msg = '%s %s %s: %s returned different rows than %s' % (vname, mode, qn, s, ref[0])
                                if not a.keep_going:
                                    die(msg, 1)
                                if (vname, mode, qn, s) not in wrong:
                                    sys.stderr.write('  %s (--keep-going: marked WRONG ROWS)\n' % msg)
                                wrong[(vname, mode, qn, s)] = (n, ref[0], ref[2])
                            if rep < a.warmup:
                                continue
                            results.setdefault((vname, mode, qn, s), []).append(t)
                            dbf = ddb if s in DUCK else sdb[s]
                            row = dict(benchmark='ssb', variant=vname, analyze=mode, query=qn, system=s,
                                       rep=rep - a.warmup + 1, seconds=t, rows=n, sf=a.sf, seed=a.seed,
                                       queries=qfile, warm_connection=int(a.warm_connection), shell_sha256=shas.get(SYSTEMS.get(s, ('',))[0], ''),
                                       wrong_rows=int((vname, mode, qn, s) in wrong),
                                       db=os.path.basename(dbf), db_bytes=os.path.getsize(dbf),
                                       copy_build_s=copies[(vname, mode, benchlib.split_system(s)[1])][1]['build_s'] if s in COPIES else '',
                                       copy_bytes=copies[(vname, mode, benchlib.split_system(s)[1])][1]['copy_bytes'] if s in COPIES else '',
                                       **mach,
                                       **{k: cfgs[s].get(k, '') for k in CFG_KEYS})
                            if w is None:
                                w = csv.DictWriter(fcsv, fieldnames=list(row)); w.writeheader()
                            w.writerow(row)
                    sys.stderr.write('  %s %-7s %s: %s\n' % (vname, mode, qn, '  '.join(
                        '%s %.3f' % (s, statistics.median(results[(vname, mode, qn, s)])) for s in systems)))
    md = os.path.join(a.out, 'ssb-%s.md' % stamp)
    plots = make_plots(a, stamp, variants, systems, qs, results)
    with open(md, 'w') as f:
        f.write('# SSB, scale factor %g, seed %d (%s)\n\n' % (a.sf, a.seed, stamp))
        f.write('Queries: bench/ssb/%s%s.\n' % (qfile, ' (join orders forced by CROSS JOIN)' if a.forced else ''))
        f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s, filesystem %(fs)s.\n' % mach)
        f.write('Warm-up runs per query: %d; timed runs: %d; systems alternate in each run.\n' % (a.warmup, a.repeat))
        if any(s in DUCK for s in systems):
            f.write((benchlib.WARMTH_SHELL_VS_DUCK if not a.warm_connection else
                     'Warm and cold: both sides warm; each SQLite run is a new shell process that runs the query '
                     'once untimed before its timed run (--warm-connection); DuckDB runs every query on one '
                     'long-lived connection per system (its own instance, threads set on it), opened once for '
                     'the whole run.') + '\n')
        if a.warm_connection:
            f.write('--warm-connection: every SQLite run ran the query once untimed, then timed, in one shell process.\n')
        f.write('Our shell: a snapshot of build/sqlite3 taken at the start, SHA-256 %s.\n' % ours_sha)
        for name, b in extra.items():
            f.write('Build %s (--lib, systems SYSTEM@%s): a snapshot of %s/sqlite3, SHA-256 %s.\n' % (
                name, name, b['dir'], shas[os.path.join(snapdir, 'sqlite3-' + name)]))
        for s in skipped:
            f.write('- skipped: %s\n' % s)
        for s in systems:
            c = cfgs[s]
            if s in DUCK:
                f.write('- **%s**: DuckDB %s (Python package), threads=%s, database loaded from the same '
                        'SQLite file (CSV export), ANALYZE not applicable\n' % (s, c['duckdb_version'], c['duckdb_threads']))
                continue
            f.write('- **%s**: `%s` sqlite_version %s, lipsqlite %s, lip_filter %s, hash_aggregate %s, column_scan %s, '
                    'journal_mode %s, '
                    'synchronous %s, page_size %s, cache_size %s, mmap_size %s, temp_store %s, locking_mode %s\n' % (
                        s, SYSTEMS[s][0].replace(TOP + '/', ''), c.get('sqlite_version'), c.get('lipsqlite_version') or '-',
                        c['lip_filter'], c['hash_aggregate'], c['column_scan'], c.get('journal_mode'), c.get('synchronous'), c.get('page_size'),
                        c.get('cache_size'), c.get('mmap_size'), c.get('temp_store'), c.get('locking_mode')))
        for (vname, mode, name), (cdb, info) in copies.items():
            f.write('- column copies (%s keys, %s, built by %s), `%s`: %s\n' % (
                vname, 'no ANALYZE' if mode == 'none' else 'after ANALYZE',
                'our shell' if name is None else 'build ' + name, os.path.basename(cdb),
                benchlib.column_copy_summary(info)))
        f.write('\nTimes in seconds: median (min-max). Full configuration per row in %s.\n' % os.path.basename(csvpath))
        for vname, _ in variants:
            for mode in ({'none': ['none'], 'analyze': ['analyze'], 'both': ['none', 'analyze']}[a.analyze]):
                pairs = [(x, 'lip-on') for x in ('stock', 'stock-dropin', 'hashagg-off')
                         if x in systems and 'lip-on' in systems]
                pairs += [(x, y) for x, y in (('lip-on', 'lip-cc'), ('lip-cc', 'duckdb-1t'))
                          if x in systems and y in systems]
                pairs += [(benchlib.split_system(y)[0], y) for y in systems if '@' in y
                          and benchlib.split_system(y)[0] in systems]
                f.write('\n## %s keys, %s\n\n| query | %s |%s\n|---|%s%s\n' % (
                    vname, 'no ANALYZE' if mode == 'none' else 'after ANALYZE', ' | '.join(systems),
                    ''.join(' %s / %s |' % pr for pr in pairs), '---|' * len(systems), '---|' * len(pairs)))
                tot = {s: 0.0 for s in systems}
                for qn, _ in qs:
                    cells = []
                    for s in systems:
                        v = results[(vname, mode, qn, s)]
                        tot[s] += statistics.median(v)
                        cells.append('%.3f (%.3f-%.3f)%s' % (statistics.median(v), min(v), max(v),
                                     ' **WRONG ROWS**' if (vname, mode, qn, s) in wrong else ''))
                    ratio = ''.join(' %.2fx |' % (statistics.median(results[(vname, mode, qn, x)]) /
                                                  statistics.median(results[(vname, mode, qn, y)])) for x, y in pairs)
                    f.write('| %s | %s |%s\n' % (qn, ' | '.join(cells), ratio))
                f.write('| **total** | %s |%s\n' % (' | '.join('**%.3f**' % tot[s] for s in systems),
                        ''.join(' **%.2fx** |' % (tot[x] / tot[y]) for x, y in pairs)))
                for (v2, m2, qn, s), (n, r, nr) in sorted(wrong.items()):
                    if (v2, m2) == (vname, mode):
                        f.write('\n**%s: %s returned other rows than %s** (%d rows, %s %d; --keep-going): its time '
                                'is not comparable.\n' % (qn, s, r, n, r, nr))
                if any((vname, mode, qn) in filters for qn, _ in qs):
                    f.write('\nLIP Bloom filters of the last lip-on run (PRAGMA lip_filter_stats): '
                            'keys inserted, bytes of the bit array, keys probed / rejected, '
                            'final rank in the adaptive probe order (0 = probed first), status.\n\n'
                            '| query | filters |\n|---|---|\n')
                    for qn, _ in qs:
                        st = filters.get((vname, mode, qn), [])
                        f.write('| %s | %s |\n' % (qn, '; '.join(
                            'r%s: %s keys, %s B, %s/%s rejected, rank %s, %s' % (
                                x[0], x[1], x[2], x[4], x[3], x[5], x[6]) for x in st if len(x) == 7) or '-'))
        benchlib.write_tail(f, plots)
    shutil.rmtree(snapdir, ignore_errors=True)
    benchlib.print_report(md, ('CSV', csvpath), ('Report', md))


def make_plots(a, stamp, variants, systems, qs, results):
    """One PNG per variant (int / text keys x without / with ANALYZE) in
    the manner of the VLDB'22 paper's SSB figure: per query, the median
    latency of every system as grouped bars on a logarithmic axis, min-max
    as error bars.  A list of files, or a string saying why there are none."""
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt
    out = []
    for vname, _ in variants:
        for mode in {'none': ['none'], 'analyze': ['analyze'], 'both': ['none', 'analyze']}[a.analyze]:
            if not all((vname, mode, qn, s) in results for qn, _ in qs for s in systems):
                continue
            fig, ax = plt.subplots(figsize=(max(6.0, 0.75 * len(qs) * max(1, len(systems)) / 2.5), 4.5))
            benchlib.grouped_bars(ax, systems, len(qs), lambda qi, s: results[(vname, mode, qs[qi][0], s)],
                                  capsize=1.5)
            ax.set_yscale('log')
            ax.set_xticks(range(len(qs)))
            ax.set_xticklabels([qn for qn, _ in qs])
            ax.set_ylabel('seconds (median, min-max; log scale)')
            ax.set_title('SSB SF %g, %s keys, %s (lower is better)' % (
                a.sf, vname, 'no ANALYZE' if mode == 'none' else 'after ANALYZE'))
            ax.legend(fontsize=7, ncol=min(len(systems), 5))
            ax.grid(axis='y', which='both', alpha=0.3)
            out.append(benchlib.save_figure(plt, fig,
                os.path.join(a.out, 'ssb-%s-%s-%s.png' % (stamp, vname, 'noanalyze' if mode == 'none' else 'analyze'))))
    return out

if __name__ == '__main__':
    main()
