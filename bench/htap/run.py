#!/usr/bin/env python3
"""A mixed OLTP + analytics benchmark modelled on HATtrick (Milkai,
Zheng, McKelvey, Yu, Rao, Patel, Lomet, Paparizos, "How Good is My HTAP
System?", SIGMOD 2022): SSB's 13 queries as the analytical side, HATtrick's
NewOrder / Payment / CountOrders on SSB's schema (with its added columns,
HISTORY and FRESHNESS tables) as the transactional side, plus single-row
updates of random lineorder rows; throughput of both sides per mix (the
throughput frontier) and the freshness of every query.

  python3 bench/htap/run.py --sf 1 --lib fork=/work/htap-libs/fork0 \\
      --lib-stock bench/.stock/libsqlite3.so.0 --seconds 20 --warmup 5
  python3 bench/htap/run.py --quick                    # SF 0.05, 3 s per mix
  python3 bench/htap/run.py --sf 1 --updates 10000     # queries before/after N updates
  python3 bench/htap/run.py --sf 1 --write-rate        # update tx/s with and without copies

Systems: stock (3.53.4, upstream's options), fork (our build on the
database without column copies), fork-cc (our build on a copy of it where
PRAGMA column_copy built copies of the five SSB tables), duckdb-1t and
duckdb-all (the Python package, 1 thread / all cores).  fork@NAME and
fork-cc@NAME run the build of --lib NAME=DIR.  Every SQLite client is a
process of its own running Python's sqlite3 module with LD_LIBRARY_PATH =
a directory holding only a snapshot of its system's library (checked in
the process: the mapped file, sqlite_version(), compile options); DuckDB
runs every client of a mix as a thread of one process (one process at a
time may open a DuckDB file for writing).

Output: bench/out/htap-<stamp>.csv (one row per measurement, every row with
the full configuration), bench/out/htap-<stamp>.md, and the frontier plot
htap-<stamp>.png when matplotlib imports.  Working files in
bench/out/htap/: the prepared databases (made once; the copies' file once
per build of the shell that made it) and one fresh copy
(cp) per system and mix, removed after it.
"""
import argparse, bisect, csv, json, os, random, re, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
from benchlib import TOP, die, progress

benchlib.init('htap')
WORKER = os.path.join(HERE, 'worker.py')
SSB = os.path.join(TOP, 'bench', 'ssb')
SSB_TABLES = ['lineorder', 'customer', 'supplier', 'part', 'date']
DUCK = {'duckdb-1t': 1, 'duckdb-all': os.cpu_count() or 1}
BASE_SYSTEMS = ['stock', 'fork', 'fork-cc', 'duckdb-1t', 'duckdb-all']
ALIASES = {'sqlite': ['stock', 'fork', 'fork-cc'], 'duckdb': ['duckdb-1t', 'duckdb-all'], 'all': BASE_SYSTEMS}
TX_TYPES = ['neworder', 'payment', 'countorders', 'loupdate']

# HATtrick's additions to SSB's schema, SQLite's spelling.  p_price as
# TPC-H's p_retailprice (HATtrick's generator gives every part a price; the
# formula is ours); the indexes HATtrick creates for its transactions.
PREPARE_SQL = '''
ALTER TABLE part ADD COLUMN p_price REAL;
UPDATE part SET p_price = (90000 + ((p_partkey / 10) % 20001) + 100 * (p_partkey % 1000)) / 100.0;
ALTER TABLE customer ADD COLUMN c_paymentcnt INT NOT NULL DEFAULT 0;
ALTER TABLE supplier ADD COLUMN s_ytd REAL NOT NULL DEFAULT 0;
CREATE TABLE history(h_orderkey INT NOT NULL, h_custkey INT NOT NULL, h_amount REAL);
CREATE TABLE freshness(f_clientnum INTEGER PRIMARY KEY, f_txnnum INT NOT NULL);
CREATE INDEX idx_c_name ON customer(c_name);
CREATE INDEX idx_s_name ON supplier(s_name);
CREATE INDEX idx_d_date ON date(d_date);
CREATE INDEX idx_lo_custkey ON lineorder(lo_custkey);
PRAGMA journal_mode=WAL;
'''
INDEXES = 'customer(c_name), supplier(s_name), date(d_date), lineorder(lo_custkey) (SQLite; DuckDB: none)'


def queries():
    text = open(os.path.join(SSB, 'queries.sql')).read()
    parts = re.split(r'^-- (Q\d\.\d)\n', text, flags=re.M)[1:]
    return [[n, q.strip()] for n, q in zip(parts[0::2], parts[1::2])]


def sh(shell, db, sql, what):
    r = subprocess.run([shell, '-bail', db], input=sql, capture_output=True, text=True)
    if r.returncode != 0:
        die('%s failed: %s' % (what, (r.stderr or r.stdout).strip()[-400:]), 1)
    return r.stdout


def cp(src, dst):
    """A fresh copy of a database file (cp, as a user would), without the
    side files of an earlier copy."""
    benchlib.remove_db(dst)
    if subprocess.run(['cp', src, dst]).returncode != 0:
        die('cp %s %s failed' % (src, dst), 1)


# ------------------------------------------------------------------ data

def ssb_db(a, shell, workdir):
    """The SSB database: --base-db, or bench/out/ssb-sf<SF>-seed<SEED>.db
    if bench/ssb/run.py made it, or generated here by bench/ssb's
    generator (gen.sql.in) with our shell."""
    if a.base_db:
        if not os.path.isfile(a.base_db):
            die('--base-db %s: no such file' % a.base_db)
        return os.path.abspath(a.base_db)
    name = 'ssb-sf%g-seed%d.db' % (a.sf, a.seed)
    for d in (benchlib.OUT, workdir):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    p = os.path.join(workdir, name)
    progress('bench/htap: generating SSB SF %g seed %d with %s' % (a.sf, a.seed, shell))
    sql = open(os.path.join(SSB, 'gen.sql.in')).read().replace('@SF@', repr(float(a.sf))).replace('@SEED@', str(a.seed))
    benchlib.remove_db(p + '.tmp')
    sh(shell, p + '.tmp', sql, 'generating SSB')
    os.rename(p + '.tmp', p)
    return p


def htap_db(src, shell, workdir):
    """src with HATtrick's columns, tables and indexes (made once, in
    workdir; a JSON file beside it says how long it took)."""
    out = os.path.join(workdir, os.path.basename(src)[:-3] + '-htap.db')
    meta = out + '.json'
    if os.path.exists(out) and os.path.exists(meta):
        return out, json.load(open(meta))
    progress('bench/htap: preparing %s (HATtrick columns, tables, indexes)' % os.path.basename(out))
    cp(src, out + '.tmp')
    t0 = time.perf_counter()
    sh(shell, out + '.tmp', PREPARE_SQL, 'preparing the HATtrick schema')
    info = {'source': src, 'prepare_s': round(time.perf_counter() - t0, 2), 'sql': PREPARE_SQL.strip()}
    os.rename(out + '.tmp', out)
    json.dump(info, open(meta, 'w'), indent=1)
    return out, info


def duck_db(src, shell):
    """A DuckDB copy of the prepared SQLite database src (made once, next
    to it), loaded from CSV exported by our shell, in rowid order (so that
    DuckDB's rowid of a lineorder row is SQLite's minus 1)."""
    import duckdb
    out = src[:-3] + '.duckdb'
    if os.path.exists(out):
        return out
    progress('bench/htap: loading %s' % os.path.basename(out))
    tmp = out + '.tmp'
    benchlib.remove_db(tmp)
    con = duckdb.connect(tmp)
    for t in SSB_TABLES + ['history', 'freshness']:
        cols = [l.split('|') for l in sh(shell, src, "SELECT name, type FROM pragma_table_info('%s');" % t,
                                         'reading the schema').splitlines()]
        types = {n: ('BIGINT' if 'INT' in ty.upper() else 'DOUBLE' if 'REAL' in ty.upper() else 'VARCHAR')
                 for n, ty in cols}
        if t in ('history', 'freshness'):
            con.execute('CREATE TABLE "%s" (%s)' % (t, ', '.join('%s %s' % (n, types[n]) for n, _ in cols)))
            continue
        csvf = out + '.' + t + '.csv'
        sh(shell, src, '.headers on\n.mode csv\n.once %s\nSELECT * FROM "%s" ORDER BY rowid;\n' % (csvf, t), 'export')
        con.execute('CREATE TABLE "%s" AS SELECT * FROM read_csv(?, header=true, columns=?)' % t, [csvf, types])
        os.remove(csvf)
    con.execute('CHECKPOINT')
    con.close()
    os.rename(tmp, out)
    return out


def dims(shell, db):
    one = lambda sql: int(sh(shell, db, sql, 'reading sizes').strip())
    return dict(customers=one('SELECT count(*) FROM customer;'), suppliers=one('SELECT count(*) FROM supplier;'),
                parts=one('SELECT count(*) FROM part;'), lineorder_rows=one('SELECT max(rowid) FROM lineorder;'),
                first_orderkey=one('SELECT max(lo_orderkey) FROM lineorder;') + 1,
                dates=sh(shell, db, 'SELECT d_date FROM date ORDER BY d_datekey;', 'dates').split())


# ------------------------------------------------------------------ systems

class System:
    def __init__(self, name):
        self.name = name
        base, self.build = benchlib.split_system(name)
        self.base = base
        self.duck = base in DUCK
        self.copies = base == 'fork-cc'
        self.lib = self.libdir = self.sha = None
        self.config = {}

    def env(self):
        e = dict(os.environ)
        if not self.duck:
            e['LD_LIBRARY_PATH'] = self.libdir
            e.pop('LD_PRELOAD', None)
        return e

    def job(self, **kw):
        j = dict(kw)
        if self.duck:
            j.update(engine='duckdb', threads=DUCK[self.base])
        return j


def run_job(system, job, timeout=3600):
    r = subprocess.run([sys.executable, WORKER, json.dumps(job)], capture_output=True, text=True,
                       env=system.env(), timeout=timeout)
    if r.returncode != 0:
        die('%s: %s job failed: %s' % (system.name, job['role'], r.stderr.strip()[-600:]), 1)
    return json.loads(r.stdout.strip().splitlines()[-1])


def check_config(system, cfg):
    """The process mapped the snapshot of its system's library and no
    other libsqlite3; die() otherwise."""
    if system.duck:
        return
    st = os.stat(system.lib)
    mapped = cfg.get('mapped') or []
    if len(mapped) != 1 or (mapped[0][1], mapped[0][2]) != (st.st_dev, st.st_ino):
        die('%s: the worker maps %s, not the snapshot %s' % (system.name, [m[0] for m in mapped], system.lib), 1)


def lipsqlite_version(cfg):
    return benchlib.lipsqlite_version(cfg)


# ------------------------------------------------------------------ mixes

def parse_mix(m):
    g = re.match(r'^(\d+)w(\d+)a$', m)
    if not g:
        raise benchlib.BadInput('mix %r: expected NwMa, e.g. 1w1a (N writers, M analytical streams)' % m)
    w, s = int(g.group(1)), int(g.group(2))
    if w + s == 0:
        raise benchlib.BadInput('mix %r has no client' % m)
    return w, s


def run_mix(a, system, db, d, qs, writers, streams, rnd):
    """One mix on a fresh copy of db; return the raw results of its
    clients (writers' logs, streams' queries) and the window."""
    common = dict(seed=a.seed * 100 + rnd, warmup=a.warmup, seconds=a.seconds, update_pct=a.update_share,
                  nclients=max(writers, 1), busy_ms=a.busy_ms, queries=qs, **d)
    procs = []
    if system.duck:
        job = system.job(role='duckmix', db=db, writers=writers, streams=streams, **common)
        procs.append(('duckmix', subprocess.Popen([sys.executable, WORKER, json.dumps(job)], stdin=subprocess.PIPE,
                                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                                  env=system.env())))
    else:
        for i in range(writers):
            job = system.job(role='writer', db=db, client=i + 1, **common)
            procs.append(('writer', subprocess.Popen([sys.executable, WORKER, json.dumps(job)], stdin=subprocess.PIPE,
                                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                                     env=system.env())))
        for s in range(streams):
            job = system.job(role='stream', db=db, stream=s + 1, **common)
            procs.append(('stream', subprocess.Popen([sys.executable, WORKER, json.dumps(job)], stdin=subprocess.PIPE,
                                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                                     env=system.env())))
    cfgs = []
    for kind, p in procs:
        line = p.stdout.readline()
        if not line:
            die('%s: a %s client did not start: %s' % (system.name, kind, p.stderr.read()[-600:]), 1)
        cfg = json.loads(line)['config']
        check_config(system, cfg)
        cfgs.append(cfg)
    t0 = time.monotonic() + 0.2
    for _, p in procs:
        p.stdin.write('go %r\n' % t0)
        p.stdin.flush()
    res = {'writers': [], 'streams': [], 'config': cfgs[0], 't0': t0}
    deadline = t0 + a.warmup + a.seconds + a.query_limit
    for kind, p in procs:
        try:
            out, err = p.communicate(timeout=max(deadline - time.monotonic(), 1))
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            die('%s: a %s client ran past --query-limit (%d s) after the end of the mix' % (
                system.name, kind, a.query_limit), 1)
        if p.returncode != 0:
            die('%s: a %s client failed: %s' % (system.name, kind, err.strip()[-600:]), 1)
        r = json.loads(out.strip().splitlines()[-1])
        if kind == 'writer':
            res['writers'].append(r)
        elif kind == 'stream':
            res['streams'].append(r['queries'])
        else:
            res['writers'] += r['writers']
            res['streams'] += r['streams']
    return res


def summarize(a, res):
    """The measures of one mix: see the report's legend."""
    t0 = res['t0']
    w0, w1 = t0 + a.warmup, t0 + a.warmup + a.seconds
    out = {'tx': {t: 0 for t in TX_TYPES}, 'lat': [], 'lat_by': {t: [] for t in TX_TYPES}, 'wait': [],
           'aborts': {t: 0 for t in TX_TYPES}, 'errors': [], 'queries': [], 'qcount': 0.0,
           'stale': 0, 'stale_lag': [], 'checked': 0}
    commits = {}
    for w in res['writers']:
        commits[str(w['client'])] = w['commit_times']
        for t in TX_TYPES:
            out['aborts'][t] += w['aborts'][t]
        out['errors'] += w['errors']
        for kind, start, wait, lat in w['log']:
            end = start + lat
            if w0 <= end < w1:
                out['tx'][kind] += 1
                out['lat'].append(lat)
                out['lat_by'][kind].append(lat)
                if kind != 'countorders':
                    out['wait'].append(wait)
    for s in res['streams']:
        for q in s:
            dur = q['end'] - q['start']
            ov = max(0.0, min(q['end'], w1) - max(q['start'], w0))
            out['qcount'] += ov / dur if dur > 0 else 0
            if w0 <= q['start'] < w1:
                out['queries'].append(q)
            # Freshness: every transaction of every writer that committed
            # (COMMIT returned) before the query began must be visible.
            out['checked'] += 1
            stale_lag = 0.0
            for c, times in commits.items():
                seen = q['fresh'].get(c, 0)
                due = bisect.bisect_left(times, q['start'])
                if due > seen:
                    stale_lag = max(stale_lag, q['start'] - times[seen])
            if stale_lag > 0:
                out['stale'] += 1
                out['stale_lag'].append(stale_lag)
    out['tx_per_s'] = sum(out['tx'].values()) / a.seconds
    out['tx_per_s_by'] = {t: out['tx'][t] / a.seconds for t in TX_TYPES}
    out['q_per_s'] = out['qcount'] / a.seconds
    for k in ('lat', 'wait'):
        out[k].sort()
    return out


def freshness_self_test():
    """summarize() must flag a query that missed a committed transaction
    and pass one that saw everything (run before every benchmark, so that
    a stale count of 0 comes from a check that can fail)."""
    class A:
        warmup, seconds = 1.0, 10.0
    w = {'client': 1, 'commit_times': [1.0, 2.0, 3.0], 'aborts': {t: 0 for t in TX_TYPES}, 'errors': [],
         'log': [('payment', 0.9, 0.0, 0.1), ('payment', 1.9, 0.0, 0.1), ('payment', 2.9, 0.0, 0.1)]}
    q = lambda start, seen: {'query': 'Q1.1', 'start': start, 'end': start + 0.5, 'query_s': 0.5, 'fresh': {'1': seen},
                              'hash': '', 'rows': 1}
    ok = summarize(A, {'t0': 0.0, 'writers': [w], 'streams': [[q(2.5, 2), q(3.5, 3), q(2.0, 1)]]})
    bad = summarize(A, {'t0': 0.0, 'writers': [w], 'streams': [[q(3.5, 2)]]})
    if ok['stale'] != 0 or bad['stale'] != 1 or abs(bad['stale_lag'][0] - 0.5) > 1e-9:
        die('the freshness check does not work (self-test: %d, %d)' % (ok['stale'], bad['stale']), 1)


# ------------------------------------------------------------------ report helpers

def fmt(v, d=1):
    return '-' if v is None else ('{:,.%df}' % d).format(v)


def mmm(values, d=1):
    return benchlib.fmt_med(values, d, thousands=True) if values else '-'


def ms(v):
    return None if v is None else v * 1000


# ------------------------------------------------------------------ main

def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--quick', action='store_true', help='SF 0.05, 3 s per mix after 1 s (make bench)')
    ap.add_argument('--sf', type=float, default=None)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--base-db', default=None, help='an SSB database made by bench/ssb (default: bench/out/ssb-sf<SF>-'
                                                    'seed<SEED>.db, generated if missing)')
    ap.add_argument('--systems', default='all', help='stock,fork,fork-cc,duckdb-1t,duckdb-all (aliases sqlite, duckdb, '
                                                     'all); fork@NAME, fork-cc@NAME with --lib NAME=DIR')
    ap.add_argument('--lib', action='append', metavar='NAME=DIR',
                    help='a build (DIR holding sqlite3 and libsqlite3.so.0); NAME fork is the build of the systems '
                         'fork and fork-cc (default: build/), another NAME is used by fork@NAME; repeatable')
    ap.add_argument('--lib-stock', default=benchlib.STOCK_LIB, help='stock libsqlite3.so.0 (default %(default)s)')
    ap.add_argument('--mixes', default='1w0a,0w1a,1w1a', help='NwMa: N writer clients, M analytical streams')
    ap.add_argument('--seconds', type=float, default=None, help='measured seconds per mix (default 20; quick 3)')
    ap.add_argument('--warmup', type=float, default=None, help='warm-up seconds per mix (default 5; quick 1)')
    ap.add_argument('--repeat', type=int, default=1, help='rounds of every mix and system (order rotated)')
    ap.add_argument('--update-share', type=float, default=10.0,
                    help='percent of a writer\'s iterations that are single-row updates of lineorder (default 10)')
    ap.add_argument('--busy-ms', type=int, default=10000, help='PRAGMA busy_timeout of every SQLite client')
    ap.add_argument('--query-limit', type=int, default=300,
                    help='seconds a query started in the window may run past its end (the run stops beyond)')
    ap.add_argument('--optimize', action='store_true',
                    help='run PRAGMA optimize on each fresh SQLite copy before its mix (recorded; default: never)')
    ap.add_argument('--updates', type=int, default=None, metavar='N',
                    help='instead of the mixes: time the 13 queries on a fresh copy, apply N random single-row '
                         'updates of lineorder (one transaction each, no maintenance), time them again')
    ap.add_argument('--write-rate', action='store_true',
                    help='instead of the mixes: single-row update tx/s of lineorder with and without column copies, '
                         'for the fork\'s and stock\'s writers')
    ap.add_argument('--no-answer-check', action='store_true',
                    help='do not stop when systems return different rows where they must agree')
    ap.add_argument('--out', default=benchlib.OUT)
    ap.add_argument('--no-plots', action='store_true')
    a = ap.parse_args()
    if a.sf is None:
        a.sf = 0.05 if a.quick else 1.0
    if a.seconds is None:
        a.seconds = 3.0 if a.quick else 20.0
    if a.warmup is None:
        a.warmup = 1.0 if a.quick else 5.0
    try:
        names = [x.strip() for x in a.systems.split(',') if x.strip()]
        at = [n for n in names if '@' in n]
        plain = [n for n in names if '@' not in n]
        systems = benchlib.system_list(','.join(plain), BASE_SYSTEMS, ALIASES) if plain else []
        for n in at:
            if benchlib.split_system(n)[0] not in ('fork', 'fork-cc'):
                raise benchlib.BadInput('system %r: SYSTEM@NAME needs fork or fork-cc' % n)
        systems += at
        if not systems:
            raise benchlib.BadInput('empty list for system')
        mixes = [(m, parse_mix(m)) for m in benchlib.csv_list(a.mixes, [m.strip() for m in a.mixes.split(',')], 'mix')]
    except benchlib.BadInput as e:
        die(str(e))
    if a.sf <= 0 or a.seconds <= 0 or a.warmup < 0 or a.repeat < 1 or not 0 <= a.update_share <= 100:
        die('bad value: --sf and --seconds > 0, --warmup >= 0, --repeat >= 1, --update-share 0..100')
    if a.updates is not None and a.updates < 1:
        die('--updates must be at least 1')
    freshness_self_test()
    builds = benchlib.extra_builds(a.lib)
    if 'fork' not in builds:
        lib = next((p for p in benchlib.OURS_LIBS if os.path.exists(p)), None)
        if lib and os.access(benchlib.OURS_SHELL, os.X_OK):
            builds['fork'] = dict(dir=benchlib.OURS_BUILD, shell=benchlib.OURS_SHELL, lib=lib)
    if any(s.startswith('duckdb') for s in systems) and benchlib.duck_version() is None:
        die('DuckDB is not installed (pip install duckdb)')
    sys_objs = []
    for s in systems:
        o = System(s)
        if not o.duck:
            key = 'stock' if o.base == 'stock' else (o.build or 'fork')
            if o.base == 'stock':
                if not os.path.isfile(a.lib_stock):
                    die(benchlib.missing_stock('stock', a.lib_stock))
                o.src_lib = a.lib_stock
            else:
                if key not in builds:
                    die('%s: no build %s (give --lib %s=DIR or ./configure && make)' % (s, key, key))
                o.src_lib = builds[key]['lib']
                o.shell = builds[key]['shell']
        sys_objs.append(o)
    if 'fork' not in builds:
        die('no build of ours for the shell that prepares the data (give --lib fork=DIR)')
    shell = builds['fork']['shell']

    os.makedirs(a.out, exist_ok=True)
    workdir = os.path.join(a.out, 'htap')
    os.makedirs(workdir, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    t_run = time.perf_counter()
    load_start = open('/proc/loadavg').read().strip()
    mach = benchlib.machine(workdir)

    # One build per run: snapshots of the libraries (and shells), each alone
    # in a directory as libsqlite3.so.0 for LD_LIBRARY_PATH.
    scratch = os.path.join(workdir, 'libs-%s' % stamp)
    snaps = {}
    for o in sys_objs:
        if o.duck:
            continue
        key = o.src_lib
        if key not in snaps:
            d = os.path.join(scratch, str(len(snaps)))
            os.makedirs(d)
            shutil.copyfile(o.src_lib, os.path.join(d, 'libsqlite3.so.0'))
            snaps[key] = d
        o.libdir = snaps[key]
        o.lib = os.path.join(o.libdir, 'libsqlite3.so.0')
        o.sha = benchlib.sha256(o.lib)
    shell_snap = os.path.join(scratch, 'sqlite3')
    shutil.copy2(shell, shell_snap)
    shell_sha = benchlib.sha256(shell_snap)
    shell_cc = {}
    for o in sys_objs:
        if o.copies:
            s2 = os.path.join(scratch, 'sqlite3-' + (o.build or 'fork'))
            if not os.path.exists(s2):
                shutil.copy2(o.shell, s2)
            shell_cc[o.name] = s2

    # Data: SSB, then HATtrick's additions, copies for fork-cc, DuckDB's file.
    ssb = ssb_db(a, shell_snap, workdir)
    base, prep = htap_db(ssb, shell_snap, workdir)
    dbs, cc_info = {}, {}
    for o in sys_objs:
        if o.duck:
            dbs[o.name] = duck_db(base, shell_snap)
        elif o.copies:
            # Named by the build's shell, so that a rerun with another build
            # never reuses copies an older one made.
            dbs[o.name], cc_info[o.name] = benchlib.column_copy_db(
                shell_cc[o.name], base, tables=SSB_TABLES, suffix='-cc-' + benchlib.sha256(shell_cc[o.name])[:12])
        else:
            dbs[o.name] = base
    d = dims(shell_snap, base)
    qs = queries()

    # Every system's library and configuration, read in a worker.
    for o in sys_objs:
        cfg = run_job(o, o.job(role='probe', db=dbs[o.name], busy_ms=a.busy_ms) if not o.duck else
                      o.job(role='probe', db=dbs[o.name]))['config']
        check_config(o, cfg)
        o.config = cfg
        progress('bench/htap: %s: %s' % (o.name, cfg.get('sqlite_version') or 'DuckDB %s' % cfg.get('duckdb_version')))

    rows = []
    db_bytes = {o.name: os.path.getsize(dbs[o.name]) for o in sys_objs}

    def row(o, mode, mix, rnd, measure, value, unit, query='', writers='', streams=''):
        c = o.config
        rows.append(dict(
            stamp=stamp, mode=mode, system=o.name, mix=mix, writers=writers, streams=streams, round=rnd,
            measure=measure, query=query, value=value, unit=unit, seconds=a.seconds, warmup=a.warmup, sf=a.sf,
            seed=a.seed, update_pct=a.update_share, optimize=a.optimize, busy_ms=a.busy_ms,
            db_file=os.path.basename(dbs[o.name]), db_bytes=db_bytes[o.name], indexes=INDEXES,
            column_copies_built=('PRAGMA column_copy of %s' % ','.join(SSB_TABLES)) if o.copies else '',
            lib=o.src_lib if not o.duck else '', lib_sha256=o.sha or '', shell_sha256=shell_sha,
            sqlite_version=c.get('sqlite_version', ''), source_id=c.get('source_id', ''),
            compile_options=c.get('compile_options', ''), lipsqlite_version=lipsqlite_version(c),
            column_scan=c.get('column_scan'), lip_filter=c.get('lip_filter'), batch=c.get('batch'),
            column_copies=c.get('column_copies'), journal_mode=c.get('journal_mode', ''),
            synchronous=c.get('synchronous', ''), busy_timeout=c.get('busy_timeout', ''),
            page_size=c.get('page_size', ''), cache_size=c.get('cache_size', ''), mmap_size=c.get('mmap_size', ''),
            wal_autocheckpoint=c.get('wal_autocheckpoint', ''), temp_store=c.get('temp_store', ''),
            locking_mode=c.get('locking_mode', ''), python=c.get('python', ''),
            duckdb_version=c.get('duckdb_version', ''), duckdb_threads=c.get('duckdb_threads', ''),
            duckdb_memory_limit=c.get('duckdb_memory_limit', ''),
            duckdb_checkpoint_threshold=c.get('duckdb_checkpoint_threshold', ''),
            load_start=load_start, kernel=mach['kernel'], cpu=mach['cpu'], cores=mach['cores'], fs=mach['fs'],
            mount_type=mach['mount_type'], mount_options=mach['mount_options']))

    answers = {}

    def check_answer(key, o, q, h):
        if key not in answers:
            answers[key] = (o.name, h)
        elif answers[key][1] != h and not a.no_answer_check:
            die('%s returned other rows for %s than %s (%s)' % (o.name, q, answers[key][0], key[0]), 1)

    if a.write_rate:
        results = write_rate(a, sys_objs, dbs, d, workdir, row)
        mode = 'write-rate'
    elif a.updates is not None:
        results = updates_mode(a, sys_objs, dbs, d, qs, workdir, row, check_answer)
        mode = 'updates'
    else:
        results = {}
        mode = 'mixes'
        for rnd in range(a.repeat):
            for mix, (nw, ns) in mixes:
                order = sys_objs[rnd % len(sys_objs):] + sys_objs[:rnd % len(sys_objs)]
                for o in order:
                    run_db = os.path.join(workdir, 'run-%s%s' % (o.name.replace('@', '-'), '.duckdb' if o.duck else '.db'))
                    cp(dbs[o.name], run_db)
                    if a.optimize and not o.duck:
                        run_job(o, o.job(role='probe', db=run_db, busy_ms=a.busy_ms, pragmas=['PRAGMA optimize']))
                    progress('bench/htap: round %d, %s, %s: %g s after %g s' % (rnd + 1, mix, o.name, a.seconds, a.warmup))
                    raw = run_mix(a, o, run_db, d, qs, nw, ns, rnd)
                    benchlib.remove_db(run_db)
                    s = summarize(a, raw)
                    results.setdefault((o.name, mix), []).append(s)
                    progress('  tx/s %.1f, queries/s %.3f, stale %d of %d' % (s['tx_per_s'], s['q_per_s'], s['stale'],
                                                                           s['checked']))
                    kw = dict(writers=nw, streams=ns)
                    if nw:
                        row(o, mode, mix, rnd, 'tx_per_s', round(s['tx_per_s'], 3), 'tx/s', **kw)
                        for t in TX_TYPES:
                            row(o, mode, mix, rnd, 'tx_per_s_' + t, round(s['tx_per_s_by'][t], 3), 'tx/s', **kw)
                            row(o, mode, mix, rnd, 'aborts_' + t, s['aborts'][t], 'count', **kw)
                        for p in (50, 99):
                            row(o, mode, mix, rnd, 'latency_p%d' % p, ms(benchlib.percentile(s['lat'], p)), 'ms', **kw)
                            row(o, mode, mix, rnd, 'begin_wait_p%d' % p, ms(benchlib.percentile(s['wait'], p)), 'ms', **kw)
                        row(o, mode, mix, rnd, 'latency_max', ms(s['lat'][-1] if s['lat'] else None), 'ms', **kw)
                        row(o, mode, mix, rnd, 'begin_wait_max', ms(s['wait'][-1] if s['wait'] else None), 'ms', **kw)
                    if ns:
                        row(o, mode, mix, rnd, 'queries_per_s', round(s['q_per_s'], 4), 'queries/s', **kw)
                        row(o, mode, mix, rnd, 'stale_queries', s['stale'], 'count', **kw)
                        row(o, mode, mix, rnd, 'queries_checked', s['checked'], 'count', **kw)
                        for q in s['queries']:
                            row(o, mode, mix, rnd, 'query_s', round(q['query_s'], 6), 's', query=q['query'], **kw)
                            if nw == 0:
                                check_answer((mix, q['query']), o, q['query'], q['hash'])
    elapsed = time.perf_counter() - t_run
    load_end = open('/proc/loadavg').read().strip()
    csvpath = os.path.join(a.out, 'htap-%s.csv' % stamp)
    with open(csvpath, 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) + ['load_end'])
        w.writeheader()
        for r in rows:
            r['load_end'] = load_end
            w.writerow(r)
    md = os.path.join(a.out, 'htap-%s.md' % stamp)
    plots = report(a, md, stamp, mode, sys_objs, mixes, results, qs, dbs, prep, cc_info, mach, load_start, load_end,
                   shell_snap, shell_sha, elapsed)
    shutil.rmtree(scratch, ignore_errors=True)
    benchlib.print_report(md, ('csv', csvpath), ('report', md), *(('plot', p) for p in plots))


# ------------------------------------------------------------------ --updates

def updates_mode(a, sys_objs, dbs, d, qs, workdir, row, check_answer):
    """Per system one fresh copy: the 13 queries (one new process per
    round, systems rotated), then N single-row updates of random lineorder
    rows (the same rowids for every system), then the queries again."""
    rng = random.Random(a.seed * 31337)
    rowids = [rng.randint(1, d['lineorder_rows']) for _ in range(a.updates)]
    copies = {}
    for o in sys_objs:
        copies[o.name] = os.path.join(workdir, 'upd-%s%s' % (o.name.replace('@', '-'), '.duckdb' if o.duck else '.db'))
        cp(dbs[o.name], copies[o.name])
    res = {}
    for state in ('before', 'after'):
        if state == 'after':
            for o in sys_objs:
                progress('bench/htap: %s: %d single-row updates' % (o.name, len(rowids)))
                r = run_job(o, o.job(role='updates', db=copies[o.name], rowids=rowids, busy_ms=a.busy_ms))
                res[(o.name, 'update_s')] = r['seconds']
                row(o, 'updates', state, 0, 'apply_updates_s', round(r['seconds'], 4), 's')
                row(o, 'updates', state, 0, 'apply_updates_tx_per_s', round(len(rowids) / r['seconds'], 2), 'tx/s')
        for rnd in range(a.repeat):
            order = sys_objs[rnd % len(sys_objs):] + sys_objs[:rnd % len(sys_objs)]
            for o in order:
                progress('bench/htap: %s, round %d, %s: 13 queries' % (state, rnd + 1, o.name))
                r = run_job(o, o.job(role='queries', db=copies[o.name], queries=qs, busy_ms=a.busy_ms),
                            timeout=a.query_limit * 13)
                for q in r['queries']:
                    res.setdefault((o.name, state, q['query']), []).append(q['seconds'])
                    row(o, 'updates', state, rnd, 'query_s', round(q['seconds'], 6), 's', query=q['query'])
                    check_answer((state, q['query']), o, q['query'], q['hash'])
    for o in sys_objs:
        benchlib.remove_db(copies[o.name])
    res['n'] = len(rowids)
    return res


# ------------------------------------------------------------------ --write-rate

def write_rate(a, sys_objs, dbs, d, workdir, row):
    """Single-row update transactions of lineorder per second, one writer,
    for each SQLite system's writer on the file without copies and on the
    file with them (fork-cc's): fork, fork-cc, stock, stock on the
    copies' file.  One fresh copy per configuration; --repeat rounds, the
    configurations rotated, a new process each."""
    cc = next((o for o in sys_objs if o.copies), None)
    if cc is None:
        die('--write-rate needs fork-cc in --systems (its database has the copies)')
    confs = [(o, 'no copies', dbs[o.name]) for o in sys_objs if not o.duck and not o.copies]
    confs += [(o, 'copies', dbs[o.name]) for o in sys_objs if o.copies]
    # Stock writing the file with copies (our triggers, run by upstream).
    confs += [(o, 'copies', dbs[cc.name]) for o in sys_objs if o.base == 'stock']
    files = {}
    for o, lbl, src in confs:
        f = os.path.join(workdir, 'wr-%s-%s.db' % (o.name.replace('@', '-'), lbl.replace(' ', '')))
        cp(src, f)
        files[(o.name, lbl)] = f
    res = {}
    for rnd in range(a.repeat):
        order = confs[rnd % len(confs):] + confs[:rnd % len(confs)]
        for o, lbl, _ in order:
            f = files[(o.name, lbl)]
            progress('bench/htap: write rate, round %d, %s writer, %s' % (rnd + 1, o.name, lbl))
            r = run_job(o, o.job(role='writerate', db=f, seed=a.seed + rnd, warmup=a.warmup, seconds=a.seconds,
                                 busy_ms=a.busy_ms, lineorder_rows=d['lineorder_rows']))
            check_config(o, r['config'])
            tps = r['tx'] / r['seconds']
            res.setdefault((o.name, lbl), []).append(dict(tps=tps, p50=r['p50'], p99=r['p99'], max=r['max']))
            row(o, 'write-rate', lbl, rnd, 'update_tx_per_s', round(tps, 2), 'tx/s')
            row(o, 'write-rate', lbl, rnd, 'latency_p50', ms(r['p50']), 'ms')
            row(o, 'write-rate', lbl, rnd, 'latency_p99', ms(r['p99']), 'ms')
            row(o, 'write-rate', lbl, rnd, 'latency_max', ms(r['max']), 'ms')
    for f in files.values():
        benchlib.remove_db(f)
    res['confs'] = [(o.name, lbl) for o, lbl, _ in confs]
    return res


# ------------------------------------------------------------------ report

def report(a, md, stamp, mode, sys_objs, mixes, results, qs, dbs, prep, cc_info, mach, load_start, load_end,
           shell_snap, shell_sha, elapsed):
    plots = []
    with open(md, 'w') as f:
        f.write('# HTAP (HATtrick-style) %s, SF %g, %s\n\n' % (mode, a.sf, stamp))
        f.write('Command: `python3 bench/htap/run.py %s`\n\n' % ' '.join(sys.argv[1:]))
        f.write('Machine: %s, %s cores, kernel %s, %s (%s %s); load average at the start `%s`, at the end `%s`.\n\n' % (
            mach['cpu'], mach['cores'], mach['kernel'], mach['fs'], mach['mount_type'], mach['mount_options'],
            load_start, load_end))
        f.write('Data: SSB SF %g seed %d with HATtrick\'s additions (p_price, c_paymentcnt, s_ytd, history, '
                'freshness; indexes %s), prepared in %.1f s by our shell (SHA-256 %s). ' % (
                    a.sf, a.seed, INDEXES, prep.get('prepare_s', 0), shell_sha[:16]))
        for n, info in cc_info.items():
            f.write('%s: %s. ' % (n, benchlib.column_copy_summary(info)))
        f.write('\n\nSystems:\n\n')
        for o in sys_objs:
            c = o.config
            if o.duck:
                f.write('- `%s`: DuckDB %s, threads %s, memory_limit %s, checkpoint_threshold %s; file %s\n' % (
                    o.name, c.get('duckdb_version'), c.get('duckdb_threads'), c.get('duckdb_memory_limit'),
                    c.get('duckdb_checkpoint_threshold'), os.path.basename(dbs[o.name])))
            else:
                f.write('- `%s`: %s (SHA-256 %s), sqlite_version %s, %s, lipsqlite %s; journal_mode %s, synchronous '
                        '%s, busy_timeout %s, page_size %s, cache_size %s, mmap_size %s, wal_autocheckpoint %s; '
                        'column_scan %s, copies on the file: %s; file %s\n' % (
                            o.name, o.src_lib, (o.sha or '')[:16], c.get('sqlite_version'), c.get('source_id', '')[:30],
                            lipsqlite_version(c) or '-', c.get('journal_mode'), c.get('synchronous'),
                            c.get('busy_timeout'), c.get('page_size'), c.get('cache_size'), c.get('mmap_size'),
                            c.get('wal_autocheckpoint'), c.get('column_scan'), c.get('column_copies') or 'none',
                            os.path.basename(dbs[o.name])))
        f.write('\nCompile options of each library: in the CSV (`compile_options`).\n\n')
        if mode == 'mixes':
            plots = report_mixes(a, f, md, stamp, sys_objs, mixes, results, qs)
        elif mode == 'updates':
            report_updates(a, f, sys_objs, results, qs)
        else:
            report_write_rate(a, f, results)
        benchlib.write_tail(f, plots if plots else 'no plot (%s)' % ('--no-plots' if a.no_plots else
                                                                     'this mode has none' if mode != 'mixes' else
                                                                     benchlib.pyplot()), elapsed)
    return plots if isinstance(plots, list) else []


def report_mixes(a, f, md, stamp, sys_objs, mixes, results, qs):
    f.write('Mixes: %s; %g s measured after %g s of warm-up, %d round(s), systems rotated from round to round; '
            'every system and mix on a fresh `cp` of its database. Writers: HATtrick\'s mix (NewOrder then Payment '
            'with probability 0.96, CountOrders otherwise), %g%% of iterations a single-row update of a random '
            'lineorder row instead; each writer a process (DuckDB: a thread) with its own connection, SQLite\'s '
            'writing transactions BEGIN IMMEDIATE, CountOrders BEGIN (read). Streams: SSB\'s 13 queries in order '
            'from a random one, each in one read transaction with `SELECT * FROM freshness`.\n\n' % (
                ', '.join(m for m, _ in mixes), a.seconds, a.warmup, a.repeat, a.update_share))
    f.write('Warm and cold: every client is a new process (DuckDB: a new instance) per mix, warmed up by the '
            'mix\'s warm-up seconds; the same for every system.\n\n')
    f.write('## Throughput frontier\n\n')
    f.write('Medians (min–max) over rounds. Queries/s counts each query by the fraction of it inside the window. '
            'Latency: BEGIN to COMMIT of committed transactions of every type; begin wait: BEGIN IMMEDIATE alone '
            '(SQLite: waiting for the write lock; DuckDB: BEGIN, no lock). Stale: queries that missed a transaction '
            'committed before they began (every query of the mix checked, warm-up included).\n\n')
    f.write('| system | mix | writer tx/s | queries/s | stale / checked | latency p50 / p99 / max, ms | begin wait '
            'p50 / p99 / max, ms | aborts |\n|---|---|---:|---:|---:|---:|---:|---:|\n')
    for m, (nw, ns) in mixes:
        for o in sys_objs:
            rs = results.get((o.name, m)) or []
            if not rs:
                continue
            lat = lambda k, p: statistics.median([ms(benchlib.percentile(r[k], p)) or 0 for r in rs])
            mx = lambda k: statistics.median([ms(r[k][-1]) if r[k] else 0 for r in rs])
            f.write('| %s | %s | %s | %s | %s | %s | %s | %d |\n' % (
                o.name, m, mmm([r['tx_per_s'] for r in rs]) if nw else '-',
                mmm([r['q_per_s'] for r in rs], 3) if ns else '-',
                '%d / %d' % (sum(r['stale'] for r in rs), sum(r['checked'] for r in rs)) if ns else '-',
                '%.2f / %.2f / %.1f' % (lat('lat', 50), lat('lat', 99), mx('lat')) if nw else '-',
                '%.3f / %.3f / %.1f' % (lat('wait', 50), lat('wait', 99), mx('wait')) if nw else '-',
                sum(sum(r['aborts'].values()) for r in rs)))
    # Ratios within the run.
    names = [o.name for o in sys_objs]
    pairs = [(x, y) for x, y in (('fork', 'stock'), ('fork-cc', 'fork'), ('fork-cc', 'stock'), ('fork-cc', 'duckdb-1t'))
             if x in names and y in names]
    if pairs:
        f.write('\nRatios of medians within this run (x / y, above 1: x has the higher rate):\n\n| x / y | mix | writer '
                'tx/s | queries/s |\n|---|---|---:|---:|\n')
        for x, y in pairs:
            for m, (nw, ns) in mixes:
                rx, ry = results.get((x, m)), results.get((y, m))
                if not rx or not ry:
                    continue
                ratio = lambda k: (statistics.median([r[k] for r in rx]) / statistics.median([r[k] for r in ry])
                                   if statistics.median([r[k] for r in ry]) else None)
                f.write('| %s / %s | %s | %s | %s |\n' % (x, y, m, fmt(ratio('tx_per_s'), 3) if nw else '-',
                                                          fmt(ratio('q_per_s'), 3) if ns else '-'))
    f.write('\n## Writer transactions per second by type\n\n| system | mix | ' + ' | '.join(TX_TYPES) +
            ' | p50 latency by type, ms |\n|---|---|' + '---:|' * (len(TX_TYPES) + 1) + '\n')
    for m, (nw, ns) in mixes:
        if not nw:
            continue
        for o in sys_objs:
            rs = results.get((o.name, m)) or []
            if not rs:
                continue
            f.write('| %s | %s | %s | %s |\n' % (o.name, m, ' | '.join(
                mmm([r['tx_per_s_by'][t] for r in rs]) for t in TX_TYPES), ' / '.join(
                fmt(statistics.median([ms(benchlib.percentile(sorted(r['lat_by'][t]), 50)) or 0 for r in rs]), 2)
                for t in TX_TYPES)))
    errs = sorted(set(e for rs in results.values() for r in rs for e in r['errors']))
    if errs:
        f.write('\nErrors of aborted transactions (first of each):\n\n' + ''.join('- `%s`\n' % e for e in errs[:10]))
    f.write('\n## SSB queries in the mixes, s\n\nThe query alone (execute and fetch, inside its read transaction), '
            'median (min–max) of the runs that started in the measured window; `-`: none started there.\n\n')
    smixes = [(m, ns) for m, (nw, ns) in mixes if ns]
    for m, _ in smixes:
        f.write('### %s\n\n| query | %s |\n|---|%s\n' % (m, ' | '.join(o.name for o in sys_objs), '---:|' * len(sys_objs)))
        for qn, _ in qs:
            cells = []
            for o in sys_objs:
                v = [q['query_s'] for r in results.get((o.name, m)) or [] for q in r['queries'] if q['query'] == qn]
                cells.append(mmm(v, 3))
            f.write('| %s | %s |\n' % (qn, ' | '.join(cells)))
        f.write('\n')
    if a.no_plots:
        return []
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt
    fig, ax = plt.subplots(figsize=(7, 5))
    for o in sys_objs:
        pts = []
        for m, (nw, ns) in mixes:
            rs = results.get((o.name, m))
            if rs:
                pts.append((statistics.median([r['tx_per_s'] for r in rs]), statistics.median([r['q_per_s'] for r in rs]), m))
        pts.sort()
        if not pts:
            continue
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker='o', label=o.name)
        for x, y, m in pts:
            ax.annotate(m, (x, y), fontsize=7, textcoords='offset points', xytext=(3, 3))
    ax.set_xlabel('writer transactions/s')
    ax.set_ylabel('analytical queries/s')
    ax.set_xscale('symlog', linthresh=1)
    ax.set_yscale('symlog', linthresh=0.01)
    ax.set_title('HTAP throughput frontier, SF %g, %g s per mix' % (a.sf, a.seconds))
    ax.legend(fontsize=8)
    return [benchlib.save_figure(plt, fig, md[:-3] + '.png')]


def report_updates(a, f, sys_objs, res, qs):
    f.write('Mode `--updates %d`: per system one fresh copy; the 13 queries, each once per round in a new process '
            '(cold process: every system alike; the OS page cache warm), %d round(s), systems rotated; then %d '
            'single-row updates `UPDATE lineorder SET lo_revenue = lo_revenue + 1 WHERE rowid = ?` of random rows '
            '(the same rows for every system), each its own transaction, no maintenance step; then the queries '
            'again. Every system returned the same rows before and the same rows after.\n\n' % (
                res['n'], a.repeat, res['n']))
    f.write('| system | updates applied in, s | updates/s |\n|---|---:|---:|\n')
    for o in sys_objs:
        t = res.get((o.name, 'update_s'))
        f.write('| %s | %s | %s |\n' % (o.name, fmt(t, 2), fmt(res['n'] / t if t else None, 0)))
    f.write('\n| query | ' + ' | '.join('%s before | %s after | after/before' % (o.name, o.name) for o in sys_objs) +
            ' |\n|---|' + '---:|---:|---:|' * len(sys_objs) + '\n')
    tot = {}
    for qn, _ in qs:
        cells = []
        for o in sys_objs:
            b, af = res.get((o.name, 'before', qn)) or [], res.get((o.name, 'after', qn)) or []
            cells += [mmm(b, 3), mmm(af, 3), fmt(statistics.median(af) / statistics.median(b), 2) if b and af else '-']
            for st, v in (('before', b), ('after', af)):
                if v:
                    tot[(o.name, st)] = tot.get((o.name, st), 0) + statistics.median(v)
        f.write('| %s | %s |\n' % (qn, ' | '.join(cells)))
    f.write('| total (sum of medians) | %s |\n' % ' | '.join(
        '%s | %s | %s' % (fmt(tot.get((o.name, 'before')), 3), fmt(tot.get((o.name, 'after')), 3),
                          fmt(tot[(o.name, 'after')] / tot[(o.name, 'before')], 2) if tot.get((o.name, 'before')) else '-')
        for o in sys_objs))


def report_write_rate(a, f, res):
    f.write('Mode `--write-rate`: one writer, `BEGIN IMMEDIATE; UPDATE lineorder SET lo_revenue = lo_revenue + 1 WHERE '
            'rowid = ?; COMMIT` on random rows, %g s after %g s, %d round(s), configurations rotated, each on its own '
            'fresh copy (a writer without our library on the file with copies runs the copies\' triggers).\n\n' % (
                a.seconds, a.warmup, a.repeat))
    f.write('| writer | file | update tx/s | p50 ms | p99 ms | max ms |\n|---|---|---:|---:|---:|---:|\n')
    for name, lbl in res['confs']:
        rs = res[(name, lbl)]
        f.write('| %s | %s | %s | %s | %s | %s |\n' % (
            name, lbl, mmm([r['tps'] for r in rs], 0), fmt(statistics.median([ms(r['p50']) for r in rs]), 3),
            fmt(statistics.median([ms(r['p99']) for r in rs]), 3), fmt(statistics.median([ms(r['max']) for r in rs]), 1)))
    f.write('\nWith copies / without, same writer (medians):\n\n')
    by = {}
    for name, lbl in res['confs']:
        w = 'stock' if name.startswith('stock') else 'fork' + (name[len('fork-cc'):] if name.startswith('fork-cc') else
                                                               name[len('fork'):])
        by.setdefault(w, {})[lbl] = statistics.median([r['tps'] for r in res[(name, lbl)]])
    for w, v in by.items():
        if 'copies' in v and 'no copies' in v:
            f.write('- %s writer: %.3f\n' % (w, v['copies'] / v['no copies']))


if __name__ == '__main__':
    main()
