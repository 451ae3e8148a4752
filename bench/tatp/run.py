#!/usr/bin/env python3
"""TATP (Telecom Application Transaction Processing benchmark): stock SQLite
3.53.4, lipsqlite and DuckDB side by side, one client, systems alternating
run by run.

  python3 bench/tatp/run.py [--subscribers 10000,100000,1000000] [--journal delete,wal]
                            [--sync-rollback full] [--sync-wal normal]
                            [--systems stock,ours,duckdb-1t,duckdb-all]
                            [--repeat 3] [--duration 20] [--warmup 5]
  python3 bench/tatp/run.py --quick          # 1,000 and 10,000 subscribers, about a minute

SQLite runs are processes of the driver bench/tatp/tatp.c (compiled here,
loading each system's libsqlite3.so with dlopen); DuckDB runs are processes
of this script (its --duck-worker mode) using the duckdb Python package, with
the same random stream and transaction logic.  Per system and subscriber
count the database is loaded once (a template), and every run works on a
fresh copy of it.  Writes bench/out/tatp-<stamp>.csv (one row per measured
run, with the full configuration), bench/out/tatp-<stamp>.md (medians,
min-max, ratios within the run) and bench/out/tatp-<stamp>.png when
matplotlib is importable.
"""
import argparse, csv, json, os, platform, shutil, sqlite3, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import benchlib
from benchlib import BadInput, M64, TOP, csv_list, die, lipsqlite_version, med, progress, remove_db

benchlib.init('tatp')

SYSTEMS = ['stock', 'ours', 'duckdb-1t', 'duckdb-all']
DUCK = {'duckdb-1t': 1, 'duckdb-all': os.cpu_count() or 1}
JOURNALS = ['delete', 'truncate', 'persist', 'wal']
SYNCS = ['off', 'normal', 'full', 'extra']
TYPES = ['GET_SUBSCRIBER_DATA', 'GET_NEW_DESTINATION', 'GET_ACCESS_DATA', 'UPDATE_SUBSCRIBER_DATA',
         'UPDATE_LOCATION', 'INSERT_CALL_FORWARDING', 'DELETE_CALL_FORWARDING']
SHORT = ['GSD', 'GND', 'GAD', 'USD', 'UL', 'ICF', 'DCF']
MIX_CUM = [35, 45, 80, 82, 96, 98, 100]
OUTCOMES = ['committed', 'not_found', 'fk', 'duplicate']
DIGEST_AT = [100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000]
TABLES = ['subscriber', 'access_info', 'special_facility', 'call_forwarding']

# DuckDB's copy of the schema of tatp.c (same columns, keys and order).
DUCK_SCHEMA = [
    'CREATE TABLE subscriber(s_id INTEGER PRIMARY KEY, sub_nbr VARCHAR NOT NULL UNIQUE, %s, '
    'msc_location BIGINT, vlr_location BIGINT)' % ', '.join(
        '%s_%d INTEGER' % (c, i) for c in ('bit', 'hex', 'byte2') for i in range(1, 11)),
    'CREATE TABLE access_info(s_id INTEGER NOT NULL, ai_type INTEGER NOT NULL, data1 INTEGER, '
    'data2 INTEGER, data3 VARCHAR, data4 VARCHAR, PRIMARY KEY(s_id, ai_type))',
    'CREATE TABLE special_facility(s_id INTEGER NOT NULL, sf_type INTEGER NOT NULL, '
    'is_active INTEGER NOT NULL, error_cntrl INTEGER, data_a INTEGER, data_b VARCHAR, '
    'PRIMARY KEY(s_id, sf_type))',
    'CREATE TABLE call_forwarding(s_id INTEGER NOT NULL, sf_type INTEGER NOT NULL, '
    'start_time INTEGER NOT NULL, end_time INTEGER, numberx VARCHAR, '
    'PRIMARY KEY(s_id, sf_type, start_time))',
]


def count_list(text, what):
    return benchlib.number_list(text, what, int, 1, None, 'a number of subscribers')


# ---------------------------------------------------------------------------
# The DuckDB side: the same generator, draws and transactions as tatp.c.

class Rng(benchlib.Xorshift64Star):
    """tatp.c's draws from its xorshift64*; rnd(lo, hi) = lo + next() % (hi-lo+1)."""

    def rnd(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)

    def numberx(self):
        return '%015d' % (self.next() % 1000000000000000)

    def nu_sid(self, nsub):
        a = 65535 if nsub <= 1000000 else 1048575 if nsub <= 10000000 else 2097151
        x = self.rnd(0, a)
        y = self.rnd(1, nsub)
        return ((x | y) % nsub) + 1


def duck_settings(con):
    q = lambda s: con.execute("SELECT current_setting('%s')" % s).fetchone()[0]
    return {'duckdb_threads': q('threads'), 'duckdb_memory_limit': q('memory_limit'),
            'duckdb_checkpoint_threshold': q('checkpoint_threshold')}


def duck_load(spec):
    """Make the DuckDB template spec['db'] from the CSV files of spec['csv']."""
    import duckdb
    remove_db(spec['db'])
    t0 = time.perf_counter()
    con = duckdb.connect(spec['db'])
    for ddl in DUCK_SCHEMA:
        con.execute(ddl)
    rows = {}
    for t in TABLES:
        con.execute("COPY %s FROM '%s' (FORMAT csv, HEADER false)" % (t, spec['csv'][t]))
        rows[t] = con.execute('SELECT count(*) FROM %s' % t).fetchone()[0]
    con.execute('CHECKPOINT')
    cfg = duck_settings(con)
    con.close()
    out = dict(load_s=time.perf_counter() - t0, rows=rows, duckdb_version=duckdb.__version__)
    out.update(cfg)
    return out


def duck_run(spec):
    """One TATP run on the DuckDB database spec['db'] (see tatp.c)."""
    import duckdb
    con = duckdb.connect(spec['db'])
    con.execute('SET threads=%d' % spec['threads'])
    nsub = con.execute('SELECT count(*) FROM subscriber').fetchone()[0]
    if nsub < 1 or con.execute('SELECT max(s_id) FROM subscriber').fetchone()[0] != nsub:
        raise SystemExit('tatp duckdb: subscriber ids are not 1..%d' % nsub)
    ex = con.execute
    rng = Rng(spec['seed'])
    gsd = ('SELECT s_id, sub_nbr, %s, msc_location, vlr_location FROM subscriber WHERE s_id=?' %
           ', '.join('%s_%d' % (c, i) for c in ('bit', 'hex', 'byte2') for i in range(1, 11)))
    gnd = ('SELECT cf.numberx FROM special_facility AS sf, call_forwarding AS cf '
           'WHERE sf.s_id=? AND sf.sf_type=? AND sf.is_active=1 AND cf.s_id=sf.s_id '
           'AND cf.sf_type=sf.sf_type AND cf.start_time<=? AND ?<cf.end_time')
    gad = 'SELECT data1, data2, data3, data4 FROM access_info WHERE s_id=? AND ai_type=?'

    def sid_by_nbr(nbr):
        r = ex('SELECT s_id FROM subscriber WHERE sub_nbr=?', [nbr]).fetchone()
        if r is None:
            raise SystemExit('tatp duckdb: no subscriber %s' % nbr)
        return r[0]

    def tx(t):
        s = rng.nu_sid(nsub)
        ex('BEGIN')
        out = 0
        if t == 0:
            if len(ex(gsd, [s]).fetchall()) != 1:
                raise SystemExit('tatp duckdb: subscriber %d missing' % s)
        elif t == 1:
            sf = rng.rnd(1, 4); start = 8 * rng.rnd(0, 2); end = rng.rnd(1, 24)
            if not ex(gnd, [s, sf, start, end]).fetchall():
                out = 1
        elif t == 2:
            if not ex(gad, [s, rng.rnd(1, 4)]).fetchall():
                out = 1
        elif t == 3:
            bit = rng.rnd(0, 1); sf = rng.rnd(1, 4); a = rng.rnd(0, 255)
            ex('UPDATE subscriber SET bit_1=? WHERE s_id=?', [bit, s]).fetchall()
            if ex('UPDATE special_facility SET data_a=? WHERE s_id=? AND sf_type=?', [a, s, sf]).fetchone()[0] == 0:
                out = 1
        elif t == 4:
            vlr = rng.rnd(1, 4294967295)
            if ex('UPDATE subscriber SET vlr_location=? WHERE sub_nbr=?', [vlr, '%015d' % s]).fetchone()[0] != 1:
                raise SystemExit('tatp duckdb: sub_nbr %015d missing' % s)
        elif t == 5:
            sf = rng.rnd(1, 4); start = 8 * rng.rnd(0, 2); end = rng.rnd(1, 24); num = rng.numberx()
            sid = sid_by_nbr('%015d' % s)
            types = [r[0] for r in ex('SELECT sf_type FROM special_facility WHERE s_id=?', [sid]).fetchall()]
            if sf not in types:
                out = 2
            else:
                try:
                    ex('INSERT INTO call_forwarding(s_id, sf_type, start_time, end_time, numberx) '
                       'VALUES(?,?,?,?,?)', [sid, sf, start, end, num]).fetchall()
                except duckdb.ConstraintException:
                    out = 3
        else:
            sf = rng.rnd(1, 4); start = 8 * rng.rnd(0, 2)
            sid = sid_by_nbr('%015d' % s)
            if ex('DELETE FROM call_forwarding WHERE s_id=? AND sf_type=? AND start_time=?',
                  [sid, sf, start]).fetchone()[0] == 0:
                out = 1
        ex('COMMIT' if out == 0 else 'ROLLBACK')
        return out

    clock = time.perf_counter
    counts = [[0] * 4 for _ in TYPES]
    lats, typeof = [], []
    digest, ntotal, nwarm, digests = 0xcbf29ce484222325, 0, 0, {}
    t_begin = clock()
    t_start = t_begin + spec['warmup']
    t_end = None
    while True:
        t0 = clock()
        r = rng.rnd(1, 100)
        t = 0
        while r > MIX_CUM[t]:
            t += 1
        if t_end is None and t0 >= t_start:
            t_start = t0
            t_end = t_start + spec['duration']
        measured = t_end is not None
        o = tx(t)
        t1 = clock()
        digest = ((digest ^ (t * 4 + o)) * 0x100000001b3) & M64
        ntotal += 1
        if ntotal in DIGEST_AT:
            digests[str(ntotal)] = '%016x' % digest
        if not measured:
            nwarm += 1
            continue
        lats.append((t1 - t0) * 1e3)
        typeof.append(t)
        counts[t][o] += 1
        if t1 >= t_end:
            t_end = t1
            break
    cfg = duck_settings(con)
    con.close()
    el = t_end - t_start
    ok = sum(c[0] for c in counts)
    s = sorted(lats)
    res = dict(requested=dict(journal=None, sync=None, cache_size=None, duration_s=spec['duration'],
                              warmup_s=spec['warmup'], seed=spec['seed'], sql=[]),
               subscribers=nsub, warmup_tx=nwarm, measured_s=el, tx=len(lats), committed=ok,
               failed=len(lats) - ok, tx_per_s=ok / el, attempted_per_s=len(lats) / el,
               mean_ms=sum(lats) / len(lats), p50_ms=benchlib.percentile(s, 50, 0.0), p99_ms=benchlib.percentile(s, 99, 0.0), max_ms=s[-1],
               digests=digests, types={},
               duckdb_version=duckdb.__version__)
    for i, name in enumerate(TYPES):
        ls = sorted(l for l, ty in zip(lats, typeof) if ty == i)
        d = {'tx': sum(counts[i])}
        d.update({OUTCOMES[o]: counts[i][o] for o in range(4)})
        d.update(p50_ms=benchlib.percentile(ls, 50, 0.0), p99_ms=benchlib.percentile(ls, 99, 0.0))
        res['types'][name] = d
    res.update(cfg)
    return res


def export_csv(sqlite_db, outdir):
    """Write the four tables of a SQLite template as CSV files (for DuckDB)."""
    con = sqlite3.connect('file:%s?mode=ro' % sqlite_db, uri=True)
    out = {}
    for t in TABLES:
        path = os.path.join(outdir, '%s.csv' % t)
        with open(path, 'w', newline='') as f:
            w = csv.writer(f)
            cur = con.execute('SELECT * FROM %s ORDER BY rowid' % t)
            while True:
                rows = cur.fetchmany(50000)
                if not rows:
                    break
                w.writerows(rows)
        out[t] = path
    con.close()
    return out


# ---------------------------------------------------------------------------
# The runner.

class Bench(benchlib.DriverBench):
    def __init__(self, a, tmp):
        super().__init__('tatp', a, tmp)

    def load_sqlite(self, lib, nsub, db):
        cmd = [self.driver, self.libs[lib]['snapshot'], db, '--load', str(nsub), '--seed', str(self.a.seed),
               '--page-size', str(self.a.page_size), '--progress']
        r = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)   # stderr: the progress bar
        if r.returncode != 0:
            die('loading %d subscribers with %s failed' % (nsub, lib), 1)
        return json.loads(r.stdout)

    def load_duck(self, src_db, nsub, db):
        csvdir = os.path.join(self.tmp, 'csv')
        os.makedirs(csvdir, exist_ok=True)
        t0 = time.perf_counter()
        progress('  exporting %d subscribers as CSV for DuckDB...' % nsub)
        files = export_csv(src_db, csvdir)
        t_export = time.perf_counter() - t0
        progress('  loading DuckDB (COPY)...')
        res = worker(['--duck-worker', json.dumps(dict(mode='load', db=db, csv=files))],
                     'loading DuckDB with %d subscribers' % nsub)
        shutil.rmtree(csvdir, ignore_errors=True)
        res['export_s'] = t_export
        return res

    def run(self, system, journal, sync, template, db):
        a = self.a
        remove_db(db)
        shutil.copyfile(template, db)
        try:
            if system.startswith('duckdb'):
                res = worker(['--duck-worker', json.dumps(dict(
                    mode='run', db=db, threads=DUCK[system], duration=a.duration, warmup=a.warmup,
                    seed=a.seed))], '%s run' % system)
                res['lib'] = None
            else:
                cmd = [self.driver, self.libs[system]['snapshot'], db, '--journal', journal, '--sync', sync,
                       '--duration', '%g' % a.duration, '--warmup', '%g' % a.warmup, '--seed', str(a.seed)]
                if a.cache is not None:
                    cmd += ['--cache', str(a.cache)]
                res = self.run_json(cmd, '%s %s %s' % (system, journal, sync),
                                    timeout=600 + 2 * (a.duration + a.warmup))
                res['lib'] = system
        finally:
            remove_db(db)
        return res


def worker(args, what):
    r = subprocess.run([sys.executable, os.path.abspath(__file__)] + args, capture_output=True, text=True)
    if r.returncode != 0:
        die('%s failed: %s' % (what, r.stderr.strip()[-600:]), 1)
    return json.loads(r.stdout)


def fmt_med(values):
    return benchlib.fmt_med(values, 0, thousands=True)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == '--duck-worker':
        spec = json.loads(sys.argv[2])
        res = duck_load(spec) if spec['mode'] == 'load' else duck_run(spec)
        print(json.dumps(res))
        return
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--systems', default=None,
                    help='comma-separated (default: all available): ' + ', '.join(SYSTEMS))
    ap.add_argument('--subscribers', default=None,
                    help='subscriber counts (default 10000,100000,1000000; --quick 1000,10000)')
    ap.add_argument('--journal', default=None, help='SQLite journal modes: delete,truncate,persist,wal '
                    '(default delete,wal)')
    ap.add_argument('--sync-rollback', default='full',
                    help='PRAGMA synchronous with a rollback journal (delete, truncate, persist); default full')
    ap.add_argument('--sync-wal', default='normal', help='PRAGMA synchronous in WAL mode; default normal')
    ap.add_argument('--repeat', type=int, default=None, help='measured runs per system and config (default 3)')
    ap.add_argument('--warmup-runs', type=int, default=1, help='unmeasured runs first (default 1)')
    ap.add_argument('--duration', type=float, default=None, help='measured seconds per run (default 20)')
    ap.add_argument('--warmup', type=float, default=None,
                    help='seconds of transactions at the start of each run, not measured (default 5)')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--page-size', type=int, default=4096)
    ap.add_argument('--cache', type=int, default=None,
                    help="PRAGMA cache_size of the SQLite systems (default: the library's default)")
    ap.add_argument('--quick', action='store_true',
                    help='smoke pass: 1000,10000 subscribers, delete,wal, 1.5 s runs after 0.5 s, repeat 1')
    a = benchlib.parse_library_args(ap)

    q = a.quick
    try:
        a.subs = count_list(a.subscribers or ('1000,10000' if q else '10000,100000,1000000'), '--subscribers')
        a.journals = csv_list(a.journal or 'delete,wal', JOURNALS, 'journal mode')
        a.sync_rollback = csv_list(a.sync_rollback, SYNCS, 'synchronous (--sync-rollback)')
        a.sync_wal = csv_list(a.sync_wal, SYNCS, 'synchronous (--sync-wal)')
        if len(a.sync_rollback) != 1 or len(a.sync_wal) != 1:
            raise BadInput('--sync-rollback and --sync-wal take one value each')
        a.sync_rollback, a.sync_wal = a.sync_rollback[0], a.sync_wal[0]
        explicit = a.systems is not None
        a.system_list = csv_list(a.systems, SYSTEMS, 'system') if explicit else list(SYSTEMS)
    except BadInput as e:
        die(str(e))
    benchlib.finish_args(a, repeat=(1, 3), duration=(1.5, 20.0), warmup=(0.5, 5.0))
    if not a.duration > 0 or a.warmup < 0:
        die('--duration must be > 0 and --warmup >= 0 seconds')
    if a.seed < 0:
        die('--seed must be >= 0')

    # Systems.  One named in --systems must be available; by default, missing
    # ones are reported as skipped.
    libs = benchlib.find_libraries(a)
    ours, stock = libs['ours'], libs['stock']
    dver = benchlib.duck_version()

    def why(s):
        if s == 'stock' and stock is None:
            return benchlib.missing_stock(s, a.lib_stock)
        if s == 'ours' and ours is None:
            return 'ours: ' + benchlib.MISSING_OURS
        if s.startswith('duckdb') and dver is None:
            return '%s: DuckDB is not importable (pip install duckdb)' % s
        return None
    skipped = benchlib.drop_unavailable(a.system_list, explicit, why)

    dbdir, stamp = benchlib.output_dirs(a)
    tmp = tempfile.mkdtemp(prefix='tatp-')
    made = []
    try:
        bench(a, tmp, stamp, ours, stock, dver, skipped, dbdir, made)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for p in made:
            remove_db(p)


def bench(a, tmp, stamp, ours, stock, dver, skipped, dbdir, made):
    b = Bench(a, tmp)
    b.compile_driver()
    if 'stock' in a.system_list:
        b.snapshot('stock', stock)
    if 'ours' in a.system_list:
        b.snapshot('ours', ours)
    if not b.libs:
        # Only DuckDB: the data are still made by the driver, with either library.
        if ours is None and stock is None:
            die('DuckDB\'s data are loaded by the SQLite driver: build/libsqlite3.so or the stock library is needed')
        b.snapshot('loader', ours or stock)
    mach = benchlib.machine(dbdir)
    sync_of = lambda j: a.sync_wal if j == 'wal' else a.sync_rollback

    # The variants run side by side for each subscriber count: every SQLite
    # system in every journal mode, and each DuckDB system once.
    variants = []
    for s in a.system_list:
        if s.startswith('duckdb'):
            variants.append((s, '', ''))
        else:
            variants += [(s, j, sync_of(j)) for j in a.journals]
    nruns = len(a.subs) * len(variants) * (a.warmup_runs + a.repeat)
    progress('bench/tatp: %d runs of %g s + %g s warm-up; about %.0f minutes plus loading' % (
        nruns, a.duration, a.warmup, nruns * (a.duration + a.warmup + 0.5) / 60))

    csvpath = os.path.join(a.out, 'tatp-%s.csv' % stamp)
    results = {}    # (nsub, label) -> list of results
    loads = {}      # (nsub, system) -> load result
    sysinfo = {}    # system -> first result
    digests = {}    # nsub -> {(label, digest)}
    done = 0
    t_start = time.time()
    fcsv = open(csvpath, 'w', newline='')
    wcsv = None
    for nsub in a.subs:
        # Templates: loaded once per system, copied for every run.
        tmpl = {}
        for lib in [s for s in ('stock', 'ours') if s in a.system_list]:
            db = os.path.join(dbdir, 'tatp-%s-%s-%d.db' % (stamp, lib, nsub))
            made.append(db)
            progress('bench/tatp: loading %d subscribers with %s' % (nsub, lib))
            loads[(nsub, lib)] = r = b.load_sqlite(lib, nsub, db)
            r['bytes'] = os.path.getsize(db)
            tmpl[lib] = db
            progress('  %.1f s, %s rows, %.1f MB' % (r['load_s'], r['rows'], r['bytes'] / 1e6))
        ducks = [s for s in a.system_list if s.startswith('duckdb')]
        if ducks:
            src = tmpl.get('stock') or tmpl.get('ours')
            if src is None:
                # DuckDB alone: its data still come from the driver's loader.
                lib = next(iter(b.libs))
                src = os.path.join(dbdir, 'tatp-%s-%s-%d.db' % (stamp, lib, nsub))
                made.append(src)
                progress('bench/tatp: loading %d subscribers with %s (for DuckDB\'s copy only)' % (nsub, lib))
                b.load_sqlite(lib, nsub, src)
                tmpl['loader'] = src
            ddb = os.path.join(dbdir, 'tatp-%s-duckdb-%d.duckdb' % (stamp, nsub))
            made.append(ddb)
            progress('bench/tatp: loading %d subscribers into DuckDB %s' % (nsub, dver))
            r = b.load_duck(src, nsub, ddb)
            r['bytes'] = os.path.getsize(ddb)
            for s in ducks:
                loads[(nsub, s)] = r
                tmpl[s] = ddb
            progress('  export %.1f s, load %.1f s, %s rows, %.1f MB' % (
                r['export_s'], r['load_s'], r['rows'], r['bytes'] / 1e6))
        rows = {json.dumps(loads[(nsub, s)]['rows'], sort_keys=True) for s in a.system_list}
        if len(rows) != 1:
            die('the systems loaded different data for %d subscribers: %s' % (nsub, ' / '.join(rows)), 1)

        nrun = a.warmup_runs + a.repeat
        for k in range(nrun):
            rot = k % len(variants)
            order = variants[rot:] + variants[:rot]
            for system, j, s in order:
                done += 1
                lb = label(system, j)
                runfile = os.path.join(dbdir, 'tatp-%s-run%s' % (stamp, '.duckdb' if system.startswith('duckdb') else '.db'))
                if runfile not in made:
                    made.append(runfile)
                res = b.run(system, j, s, tmpl[system], runfile)
                what = 'warm-up' if k < a.warmup_runs else 'run %d/%d' % (k - a.warmup_runs + 1, a.repeat)
                progress('[%d/%d %4.0fs] %8d %-18s %-9s %9.0f tx/s  p50 %7.1f us  p99 %7.1f us' % (
                    done, nruns, time.time() - t_start, nsub, lb, what, res['tx_per_s'],
                    res['p50_ms'] * 1e3, res['p99_ms'] * 1e3))
                sysinfo.setdefault(system, res)
                digests.setdefault(nsub, []).append((lb, res['digests']))
                if k < a.warmup_runs:
                    continue
                res['rep'] = k - a.warmup_runs + 1
                results.setdefault((nsub, lb), []).append(res)
                row = csv_row(a, b, stamp, mach, system, j, s, nsub, res, loads[(nsub, system)], dver)
                if wcsv is None:
                    wcsv = csv.DictWriter(fcsv, fieldnames=list(row))
                    wcsv.writeheader()
                wcsv.writerow(row)
                fcsv.flush()
        for lib in list(tmpl):
            remove_db(tmpl[lib])
        # Every run, of every system, saw the same stream of transactions:
        # their outcomes must agree as far as the shortest run went.
        common = [n for n in DIGEST_AT if all(str(n) in d for _, d in digests[nsub])]
        if not common:
            progress('bench/tatp: a run with %d subscribers made fewer than %d transactions: outcomes not '
                     'compared' % (nsub, DIGEST_AT[0]))
            digests[nsub] = None
            continue
        n = str(common[-1])
        ds = {d[n] for _, d in digests[nsub]}
        if len(ds) > 1:
            die('the systems disagree on the outcomes of the first %s transactions with %d subscribers: %s' % (
                n, nsub, ', '.join(sorted({'%s %s' % (lb, d[n]) for lb, d in digests[nsub]}))), 1)
        digests[nsub] = (common[-1], ds.pop())
    fcsv.close()

    md = os.path.join(a.out, 'tatp-%s.md' % stamp)
    plots = make_plot(a, stamp, variants, results) if not a.no_plots else 'plot skipped (--no-plots)'
    write_report(md, a, b, stamp, variants, results, loads, sysinfo, digests, mach, skipped, csvpath, plots,
                 time.time() - t_start, dver)
    benchlib.print_report(md, ('CSV', csvpath), ('Report', md))


def label(system, journal):
    return system if not journal else '%s %s' % (system, journal.upper())


def csv_row(a, b, stamp, mach, system, j, s, nsub, res, load, dver):
    duck = system.startswith('duckdb')
    lib = b.libs.get(system)
    row = dict(stamp=stamp, system=system, subscribers=nsub, journal=j or 'n/a', sync=s or 'n/a', rep=res['rep'],
               duration_s=a.duration, warmup_s=a.warmup, warmup_runs=a.warmup_runs, seed=a.seed,
               measured_s=res['measured_s'], warmup_tx=res['warmup_tx'], tx=res['tx'], committed=res['committed'],
               failed=res['failed'], tx_per_s=res['tx_per_s'], attempted_per_s=res['attempted_per_s'],
               p50_ms=res['p50_ms'], p99_ms=res['p99_ms'], mean_ms=res['mean_ms'], max_ms=res['max_ms'])
    for o in OUTCOMES[1:]:
        row['failed_' + o] = sum(t[o] for t in res['types'].values())
    for name, short in zip(TYPES, SHORT):
        t = res['types'][name]
        row.update({short + '_tx': t['tx'], short + '_committed': t['committed'],
                    short + '_p50_ms': t['p50_ms'], short + '_p99_ms': t['p99_ms']})
    last = max((int(k) for k in res['digests']), default=0)
    row.update(digest=res['digests'].get(str(last), ''), digest_n=last, load_s=load['load_s'],
               template_bytes=load['bytes'], rows=json.dumps(load['rows'], sort_keys=True),
               library=lib['path'] if lib else '', library_sha256=lib['sha256'] if lib else '',
               sqlite_version=res.get('sqlite_version', ''), source_id=res.get('source_id', ''),
               compile_options=res.get('compile_options', ''), lipsqlite_version=lipsqlite_version(res),
               lip_filter=nz(res, 'lip_filter', duck), page_cleaner=nz(res, 'page_cleaner', duck),
               page_cleaner_threshold=nz(res, 'page_cleaner_threshold', duck),
               cache_size_requested='' if a.cache is None else a.cache, page_size_requested=a.page_size)
    for k in ('journal_mode', 'synchronous', 'page_size', 'cache_size', 'mmap_size', 'wal_autocheckpoint',
              'temp_store', 'locking_mode', 'foreign_keys', 'page_count'):
        row[k] = res.get(k, '')
    row.update(duckdb_version=dver if duck else '', duckdb_threads=res.get('duckdb_threads', ''),
               duckdb_memory_limit=res.get('duckdb_memory_limit', ''),
               duckdb_checkpoint_threshold=res.get('duckdb_checkpoint_threshold', ''),
               fs=mach['fs'], mount_type=mach['mount_type'], mount_options=mach['mount_options'],
               db_dir=mach['db_dir'], kernel=mach['kernel'], cpu=mach['cpu'], cores=mach['cores'],
               driver_cc=b.cc, python=platform.python_version())
    return row


def nz(res, key, duck):
    if duck:
        return 'n/a'
    v = res.get(key)
    return 'absent' if v is None else v


def write_report(md, a, b, stamp, variants, results, loads, sysinfo, digests, mach, skipped, csvpath, plots,
                 elapsed, dver):
    rel = lambda p: p.replace(TOP + '/', '')
    labels = [label(s, j) for s, j, _ in variants]
    sql_systems = [s for s in ('stock', 'ours') if s in a.system_list]
    ducks = [s for s in a.system_list if s.startswith('duckdb')]
    with open(md, 'w') as f:
        f.write('# TATP, %s\n\n' % stamp)
        f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s; databases in %(db_dir)s '
                '(filesystem %(mount_type)s, `stat -f` %(fs)s, mount options %(mount_options)s).\n\n' % mach)
        f.write('Workload: TATP, the four tables and their population rules, seed %d; one client running the '
                'mix GET_SUBSCRIBER_DATA 35%%, GET_NEW_DESTINATION 10%%, GET_ACCESS_DATA 35%%, '
                'UPDATE_SUBSCRIBER_DATA 2%%, UPDATE_LOCATION 14%%, INSERT_CALL_FORWARDING 2%%, '
                'DELETE_CALL_FORWARDING 2%%, each in BEGIN ... COMMIT (ROLLBACK for the specification\'s '
                'expected failures), s_id non-uniform as specified. Throughput = committed transactions per '
                'second of the measured interval (the specification\'s MQTh); latency of every measured '
                'transaction (committed or not), BEGIN to end of COMMIT/ROLLBACK, nearest-rank p50/p99. '
                'Each run: a fresh copy of a database loaded once per system and subscriber count, %g s of '
                'warm-up transactions, then %g s measured. Per subscriber count: %d warm-up run(s), then %d '
                'measured run(s) of every system, the systems alternating, their order rotated from one run '
                'to the next. SQLite: driver `%s` (%s), prepared statements, one process per run, the library '
                'loaded with dlopen; synchronous=%s with a rollback journal, %s in WAL mode; page_size %d; '
                'cache_size %s. DuckDB: this script in a separate process per run, the duckdb Python package, '
                'parameterized `execute` calls, the same random stream and transaction logic.\n\n'
                'Warm and cold: the same for every side. Each run of ours (and of stock) is a new driver '
                'process and each DuckDB run a new worker process with one connection, both on a fresh copy '
                'of the loaded database (the OS page cache warm); every run warms up with its untimed seconds '
                'of transactions on that one connection before the measured ones.\n\n' % (
                    a.seed, a.warmup, a.duration, a.warmup_runs, a.repeat, b.compile_cmd, b.cc,
                    a.sync_rollback.upper(), a.sync_wal.upper(), a.page_size,
                    "the library's default" if a.cache is None else a.cache))
        f.write('Systems:\n\n')
        for s in a.system_list:
            r = sysinfo.get(s)
            if r is None:
                continue
            if s.startswith('duckdb'):
                f.write('- **%s**: DuckDB %s (Python package), threads=%s, memory_limit %s, '
                        'checkpoint_threshold %s; no journal mode or synchronous setting (its own WAL)\n' % (
                            s, dver, r.get('duckdb_threads'), r.get('duckdb_memory_limit'),
                            r.get('duckdb_checkpoint_threshold')))
                continue
            lib = b.libs[s]
            extra = ''
            if s == 'ours':
                extra = '; lipsqlite %s, PRAGMA lip_filter=%s, page_cleaner=%s (threshold %s), the defaults' % (
                    lipsqlite_version(r) or '?', r.get('lip_filter'), r.get('page_cleaner'),
                    r.get('page_cleaner_threshold'))
            f.write('- **%s**: `%s` (sha256 %s…), SQLite %s, source id `%s`; cache_size %s, page_size %s, '
                    'mmap_size %s, wal_autocheckpoint %s, temp_store %s, locking_mode %s, foreign_keys %s%s\n' % (
                        s, rel(lib['path']), lib['sha256'][:12], r['sqlite_version'], r['source_id'],
                        r['cache_size'], r['page_size'], r['mmap_size'], r['wal_autocheckpoint'], r['temp_store'],
                        r['locking_mode'], r['foreign_keys'], extra))
        for m in skipped:
            f.write('- skipped: %s\n' % m)
        f.write('\nCompile options of each library and every other parameter are in each row of `%s`.\n' %
                os.path.basename(csvpath))

        f.write('\n## Loading\n\n| subscribers | rows (subscriber / access_info / special_facility / '
                'call_forwarding) | %s |\n|---|---|%s\n' % (
                    ' | '.join('%s: s, MB' % s for s in sql_systems + (['duckdb'] if ducks else [])),
                    '---|' * (len(sql_systems) + (1 if ducks else 0))))
        for nsub in a.subs:
            first = loads[(nsub, a.system_list[0])]['rows']
            cells = ['%.1f, %.1f' % (loads[(nsub, s)]['load_s'], loads[(nsub, s)]['bytes'] / 1e6)
                     for s in sql_systems]
            if ducks:
                d = loads[(nsub, ducks[0])]
                cells.append('%.1f + %.1f export, %.1f' % (d['load_s'], d['export_s'], d['bytes'] / 1e6))
            f.write('| {:,} | {} | {} |\n'.format(nsub, ' / '.join('{:,}'.format(first[t]) for t in TABLES),
                                                   ' | '.join(cells)))

        f.write('\n## Throughput\n\nCommitted transactions per second: median (min–max) of %d runs.\n\n' % a.repeat)
        f.write('| subscribers | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
        for nsub in a.subs:
            f.write('| {:,} | {} |\n'.format(nsub, ' | '.join(
                fmt_med([r['tx_per_s'] for r in results.get((nsub, lb), [])]) for lb in labels)))

        f.write('\nRatios of median throughputs within this run (> 1: the first is faster).\n\n')
        cols = []
        for j in a.journals:
            if 'ours' in sql_systems and 'stock' in sql_systems:
                cols.append(('ours ' + j.upper(), 'stock ' + j.upper()))
            if 'stock' in sql_systems:
                cols += [(d, 'stock ' + j.upper()) for d in ducks]
        if cols:
            f.write('| subscribers | %s |\n|---|%s\n' % (' | '.join('%s / %s' % c for c in cols), '---|' * len(cols)))
            for nsub in a.subs:
                cells = []
                for x, y in cols:
                    mx, my = med(results, (nsub, x)), med(results, (nsub, y))
                    cells.append('%.3f' % (mx / my) if mx and my else '-')
                f.write('| {:,} | {} |\n'.format(nsub, ' | '.join(cells)))

        f.write('\n## Latency\n\nPer transaction, µs: median over runs of p50 / p99.\n\n')
        f.write('| subscribers | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
        for nsub in a.subs:
            cells = []
            for lb in labels:
                k = (nsub, lb)
                cells.append('%.1f / %.1f' % (med(results, k, 'p50_ms') * 1e3, med(results, k, 'p99_ms') * 1e3)
                             if results.get(k) else '-')
            f.write('| {:,} | {} |\n'.format(nsub, ' | '.join(cells)))

        f.write('\n## Transactions and expected failures\n\nAll measured runs of all systems pooled: attempted '
                'transactions of each type, share of the mix, and how they ended (committed, or rolled back as '
                'an expected failure: not_found, fk = no special_facility row of that sf_type, duplicate = the '
                'call_forwarding row exists).\n\n')
        f.write('| subscribers | transaction | attempted | share | committed | not_found | fk | duplicate |\n'
                '|---|---|---|---|---|---|---|---|\n')
        for nsub in a.subs:
            rs = [r for lb in labels for r in results.get((nsub, lb), [])]
            tot = sum(r['tx'] for r in rs)
            for name in TYPES:
                n = sum(r['types'][name]['tx'] for r in rs)
                c = {o: sum(r['types'][name][o] for r in rs) for o in OUTCOMES}
                f.write('| {:,} | {} | {:,} | {:.1f}% | {} |\n'.format(
                    nsub, name, n, 100.0 * n / tot if tot else 0,
                    ' | '.join('%.1f%%' % (100.0 * c[o] / n) if n else '-' for o in OUTCOMES)))
        f.write('\nOutcome check: every run draws the same stream of transactions; an FNV-1a hash of the type '
                'and outcome of each transaction (warm-up included), compared at the largest count that every '
                'run of every system reached, was equal: %s.\n' % '; '.join(
                    '{:,} subscribers: first {:,} transactions, {}'.format(nsub, digests[nsub][0], digests[nsub][1])
                    if digests[nsub] else '{:,} subscribers: **not compared** (a run made fewer than {} '
                    'transactions)'.format(nsub, DIGEST_AT[0]) for nsub in a.subs))
        benchlib.write_tail(f, plots, elapsed, heading='Plot')


def make_plot(a, stamp, variants, results):
    """A PNG of throughput per system and subscriber count (grouped bars)."""
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt.replace('plots skipped', 'plot skipped')
    labels = [label(s, j) for s, j, _ in variants]
    fig, ax = plt.subplots(figsize=(max(7, 1.6 * len(a.subs) * len(labels) / 3), 4.8))
    allv = benchlib.grouped_bars(ax, labels, len(a.subs), lambda gi, lb: [
        r['tx_per_s'] for r in results.get((a.subs[gi], lb), [])])
    pos = [v for v in allv if v > 0]
    if pos and max(pos) / min(pos) > 20:
        ax.set_yscale('log')
    ax.set_xticks(range(len(a.subs)))
    ax.set_xticklabels(['{:,} subscribers'.format(n) for n in a.subs])
    ax.set_ylabel('committed transactions/s (median, min–max)')
    ax.set_title('TATP, one client, %g s measured per run, %d run(s)\nSQLite synchronous=%s with a rollback '
                 'journal, %s in WAL mode' % (a.duration, a.repeat, a.sync_rollback.upper(), a.sync_wal.upper()),
                 fontsize=9)
    ax.legend(fontsize=8)
    return [benchlib.save_figure(plt, fig, os.path.join(a.out, 'tatp-%s.png' % stamp))]


if __name__ == '__main__':
    main()
