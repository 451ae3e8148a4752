#!/usr/bin/env python3
"""Large transactions (the proactive coarse-grained page-cleaner paper):
stock SQLite 3.53.4 against lipsqlite with its page cleaner off, synchronous
and in a background thread, and both with an "infinite" cache, in one run,
systems alternating run by run.

  python3 bench/largetx/run.py [--tx-size 1mb,10kb] [--journal delete,truncate,persist,wal]
                               [--sync full,normal] [--systems ...] [--repeat 3]
                               [--threshold 0.8] [--sweep 0.2,0.4,0.6,0.8,1.0] [--syscalls]
  python3 bench/largetx/run.py --quick        # smoke pass, well under a minute
  python3 bench/largetx/run.py --quick --driver python --check-content

Every run is one process of the driver bench/largetx/largetx.c (compiled
here, loading each system's libsqlite3.so with dlopen) on a fresh database,
or with --driver python of bench/largetx/pydriver.py (the same workload
through Python's sqlite3 module, the system's library chosen with
LD_LIBRARY_PATH and checked by the driver).  --check-content runs the
workload once with each driver on each library first and stops unless the
two tables are identical.
Writes bench/out/largetx-<stamp>.csv (one row per measured run, with the
full configuration), bench/out/largetx-<stamp>-latencies.csv (every measured
transaction), bench/out/largetx-<stamp>.md (medians, min-max, ratios of
medians) and PNG plots when matplotlib is importable.
"""
import argparse, csv, hashlib, json, os, re, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import benchlib
from benchlib import BadInput, TOP, csv_list, die, fmt_med, lipsqlite_version, med, progress, remove_db

benchlib.init('largetx')
PYDRIVER = os.path.join(TOP, 'bench', 'largetx', 'pydriver.py')
DRIVERS = ['c', 'python']
STRACE = '/usr/bin/strace'
TRACED = 'write,pwrite64,fsync,fdatasync,writev,pwritev'
WRITES = ('write', 'pwrite64', 'writev', 'pwritev')
SYNCS_CALLS = ('fsync', 'fdatasync')
IOTIME_SRC = os.path.join(TOP, 'bench', 'largetx', 'iotime.c')
IOTIME_KINDS = ('pwrite', 'pread', 'sync')

# Transaction sizes: rows per transaction (about 120 bytes a row) and the
# default number of measured transactions.
TX_SIZES = {'1mb': (8500, 40, '1 MB'), '10kb': (85, 400, '10 KB')}
JOURNALS = ['delete', 'truncate', 'persist', 'wal']
SYNCS = ['full', 'normal']
SYSTEMS = ['stock', 'cleaner-off', 'cleaner-sync', 'cleaner-thread', 'infinite-stock', 'infinite-ours']
ALIASES = {'infinite': ['infinite-stock', 'infinite-ours'], 'all': SYSTEMS,
           'cleaner': ['cleaner-off', 'cleaner-sync', 'cleaner-thread']}


def threshold_list(text, what):
    return benchlib.number_list(text, what, float, 0.0, 1.0, 'a fraction of the cache')


class Bench(benchlib.DriverBench):
    def __init__(self, a, tmp):
        super().__init__('largetx', a, tmp)   # self.libs: 'stock'/'ours'
        self.seccomp = False  # strace --seccomp-bpf: stop at the traced calls only (faster)
        self.python = None    # the Python of --driver python, as pydriver.py --probe reports it
        self.iotime = None    # the LD_PRELOAD library of --iotime

    def compile_iotime(self):
        """Compile bench/largetx/iotime.c, the LD_PRELOAD library of --iotime."""
        self.iotime = os.path.join(self.tmp, 'iotime.so')
        cmd = ['cc', '-O2', '-Wall', '-shared', '-fPIC', '-o', self.iotime, IOTIME_SRC, '-ldl', '-lpthread']
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            die('compiling %s failed: %s' % (rel(IOTIME_SRC), r.stderr.strip().splitlines()[-1:]), 1)

    def command(self, driver, lib, db, opts):
        """The command line and environment (None: this one) of one run of
        driver ('c' or 'python') on library lib, database db, with the
        driver options opts.  The Python driver finds the library's snapshot
        through LD_LIBRARY_PATH and checks it got the file and the source id
        that the C driver's --probe reported."""
        info = self.libs[lib]
        if driver == 'c':
            return [self.driver, info['snapshot'], db] + opts, None
        env = dict(os.environ, LD_LIBRARY_PATH=self.library_dir(lib))
        return [sys.executable, PYDRIVER, info['snapshot'], db] + opts + [
            '--expect-source-id', info['source_id']], env

    def probe_python(self, lib):
        """Check up front that the Python driver runs library lib (see
        command()); record its Python and what it reports."""
        cmd, env = self.command('python', lib, '--probe', [])
        info = self.run_json(cmd, 'pydriver.py --probe of %s' % self.libs[lib]['path'], env=env)
        self.libs[lib]['python'] = info
        self.python = 'Python %s (%s)' % (info['python_version'], sys.executable)

    def system(self, name, threshold=None):
        """(library key, cache_size, extra SQL statements) of a system."""
        a = self.a
        if name == 'stock':
            return 'stock', a.cache, []
        if name == 'infinite-stock':
            return 'stock', a.inf_cache, []
        if name == 'cleaner-off':
            return 'ours', a.cache, ['PRAGMA page_cleaner=off']
        if name == 'infinite-ours':
            return 'ours', a.inf_cache, ['PRAGMA page_cleaner=off']
        mode = name.split('-', 1)[1]
        sql = ['PRAGMA page_cleaner=%s' % mode, 'PRAGMA page_cleaner_threshold=%g' % threshold]
        if mode == 'thread' and a.queue:
            sql.append('PRAGMA page_cleaner_queue=%d' % a.queue)
        return 'ours', a.cache, sql

    def run(self, name, threshold, size, journal, sync, strace_log=None, driver=None, keep=None,
            iotime_out=None):
        """One run of system name with the driver of --driver (or driver);
        its JSON result.  The database is --db, removed after the run, or
        keep, left in place."""
        lib, cache, sql = self.system(name, threshold)
        rows, ntx = TX_SIZES[size][0], (self.a.tx or TX_SIZES[size][1])
        if strace_log and self.a.syscalls_tx:
            ntx = self.a.syscalls_tx
        db = keep or self.a.db
        opts = ['--journal', journal, '--sync', sync, '--cache', str(cache), '--page-size', str(self.a.page_size),
                '--rows', str(rows), '--tx', str(ntx), '--warmup', str(self.a.warmup_tx), '--seed', str(self.a.seed)]
        for q in sql:
            opts += ['--sql', q]
        cmd, env = self.command(driver or self.a.driver, lib, db, opts)
        if iotime_out:
            env = dict(env or os.environ, LD_PRELOAD=self.iotime, IOTIME_OUT=iotime_out)
            if os.path.exists(iotime_out):
                os.remove(iotime_out)
        if strace_log:
            cmd = [STRACE, '-f', '-qq'] + (['--seccomp-bpf'] if self.seccomp else []) + [
                '-o', strace_log, '-e', 'trace=' + TRACED, '--'] + cmd
        remove_db(db)
        try:
            res = self.run_json(cmd, '%s %s %s %s' % (name, size, journal, sync), env=env)
        finally:
            if not keep:
                remove_db(db)
        res['extra_sql'] = sql
        res['lib'] = lib
        if strace_log:
            res['syscalls'] = parse_strace(strace_log, ntx)
        if iotime_out:
            res['iotime'] = parse_iotime(iotime_out, ntx, '%s %s %s %s' % (name, size, journal, sync))
        return res


def parse_iotime(path, ntx, what):
    """iotime.c's report of one run, per measured transaction: ms of wall
    time, and per kind of call (pwrite, pread, sync) calls and ms inside
    them in the transaction's thread ('tx') and in the other threads
    ('other')."""
    try:
        with open(path) as f:
            raw = json.load(f)
    except (OSError, ValueError) as e:
        die('%s under iotime.so: no report (%s); did the driver issue its markers?' % (what, e), 1)
    out = {'wall_ms': raw['wall_s'] * 1e3 / ntx}
    for grp in ('tx', 'other'):
        for k in IOTIME_KINDS:
            calls, secs = raw[grp][k]
            out['%s_%s_calls' % (grp, k)] = calls / ntx
            out['%s_%s_ms' % (grp, k)] = secs * 1e3 / ntx
        out['%s_io_ms' % grp] = sum(out['%s_%s_ms' % (grp, k)] for k in IOTIME_KINDS)
    return out


def parse_strace(path, ntx):
    """Count the traced system calls between the driver's markers (the
    measured transactions only), per transaction; bytes from the return
    values of the write calls."""
    entry = re.compile(r'^(?:\d+\s+)?(\w+)\((.*)$')
    resumed = re.compile(r'^(?:\d+\s+)?<\.\.\. (\w+) resumed>.*\)\s+=\s+(-?\d+)')
    done = re.compile(r'\)\s+=\s+(-?\d+)')
    counts, nbytes, inside = {}, 0, False
    with open(path, errors='replace') as f:
        for line in f:
            if 'largetx:measure:begin' in line:
                inside = True
                continue
            if 'largetx:measure:end' in line:
                inside = False
                continue
            if not inside:
                continue
            m = entry.match(line)
            if m:
                call = m.group(1)
                counts[call] = counts.get(call, 0) + 1
                if call in WRITES and '<unfinished' not in line:
                    d = done.search(line)
                    if d and int(d.group(1)) > 0:
                        nbytes += int(d.group(1))
                continue
            m = resumed.match(line)
            if m and m.group(1) in WRITES and int(m.group(2)) > 0:
                nbytes += int(m.group(2))
    return {'writes_per_tx': sum(counts.get(c, 0) for c in WRITES) / ntx,
            'fsyncs_per_tx': sum(counts.get(c, 0) for c in SYNCS_CALLS) / ntx,
            'kib_written_per_tx': nbytes / 1024.0 / ntx,
            'calls': ' '.join('%s:%d' % kv for kv in sorted(counts.items()))}


def table_digest(path):
    """What the table t of the database path holds: row count, sums of n,
    of the lengths of k and v and of the first code points of k, the
    SHA-256 of every row (k, v, n) in the order of n, and PRAGMA
    integrity_check.  Read with this Python's own sqlite3 module, neither
    library under test."""
    con = sqlite3.connect(path)
    try:
        out = dict(zip(('rows', 'sum_n', 'sum_length_k', 'sum_length_v', 'sum_unicode_k'), con.execute(
            'SELECT count(*), sum(n), sum(length(k)), sum(length(v)), sum(unicode(k)) FROM t').fetchone()))
        h = hashlib.sha256()
        for k, v, n in con.execute('SELECT k, v, n FROM t ORDER BY n'):
            h.update(('%s\t%s\t%d\n' % (k, v, n)).encode())
        out['sha256'] = h.hexdigest()
        out['integrity'] = con.execute('PRAGMA integrity_check').fetchone()[0]
    finally:
        con.close()
    return out


def check_content(b, a, dbdir, stamp):
    """--check-content: per library, its first system run once by each
    driver on the first size, journal mode and synchronous setting of the
    run (its transaction counts and seed), each on its own database, kept
    until the tables are compared.  die() with status 1 unless both
    tables are identical and intact; otherwise return the report's line."""
    size, j, s = a.sizes[0], a.journals[0], a.syncs[0]
    parts = []
    for lib in sorted(b.libs):
        name = next(n for n in a.system_list if b.system(n, a.threshold)[0] == lib)
        dig = {}
        for drv in DRIVERS:
            path = os.path.join(dbdir, 'largetx-%s-check-%s.db' % (stamp, drv))
            try:
                b.run(name, a.threshold, size, j, s, driver=drv, keep=path)
                dig[drv] = table_digest(path)
            finally:
                remove_db(path)
        c, p = dig['c'], dig['python']
        if c != p or c['integrity'] != 'ok':
            die('content check, %s: the C driver\'s table %s, the Python driver\'s %s' % (name, c, p), 1)
        progress('bench/largetx: content check %s: C and Python tables identical: %d rows, sha256 %s' % (
            name, c['rows'], c['sha256'][:16]))
        parts.append('%s (%s): %d rows, sum(n) %d, sum(length(k)) %d, sum(length(v)) %d, sum(unicode(k)) %d, '
                     'SHA-256 of the rows `%s`, integrity_check ok' % (
                         name, rel(b.libs[lib]['path']), c['rows'], c['sum_n'], c['sum_length_k'],
                         c['sum_length_v'], c['sum_unicode_k'], c['sha256']))
    return ('Content check (`--check-content`): %s transactions, %s, synchronous=%s, seed %d, %d warm-up + %d '
            'transactions, run once by the C and once by the Python driver per library; the tables (read back '
            'with the runner\'s own sqlite3 module) are identical: %s.' % (
                TX_SIZES[size][2], j.upper(), s.upper(), a.seed, a.warmup_tx, a.tx or TX_SIZES[size][1],
                '; '.join(parts)))


def rel(path):
    """path relative to the top of the tree, where it is inside it."""
    return path.replace(TOP + '/', '')


def cleaner_stats(res):
    """Sum the numeric columns of PRAGMA page_cleaner_stats (one row per
    schema) into batches, pages and microseconds; None if the library has
    no such PRAGMA."""
    rows = res.get('page_cleaner_stats') or []
    if not rows:
        return None
    out = {'batches': 0.0, 'pages': 0.0, 'us': 0.0}
    for row in rows:
        keys = list(row)
        for key, names, pos in (('batches', ('batches', 'batch'), 3), ('pages', ('pages',), 4),
                                ('us', ('microseconds', 'us', 'usec', 'micros'), 5)):
            col = next((k for k in keys if k.lower() in names), keys[pos] if len(keys) > pos else None)
            try:
                out[key] += float(row.get(col) or 0)
            except (TypeError, ValueError):
                pass
    return out


def label(name, threshold):
    return name if threshold is None else '%s@%g' % (name, threshold)


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--systems', default=None,
                    help='comma-separated (default: all whose library exists): ' + ', '.join(SYSTEMS) +
                    '; "infinite" = infinite-stock,infinite-ours; "cleaner" = the three cleaner-*')
    ap.add_argument('--tx-size', default=None, help='1mb,10kb (default both)')
    ap.add_argument('--journal', default=None, help='delete,truncate,persist,wal (default all)')
    ap.add_argument('--sync', default=None, help='full,normal (default both)')
    ap.add_argument('--threshold', default='0.8', help='page_cleaner_threshold of cleaner-sync/-thread (0..1)')
    ap.add_argument('--sweep', default='', help='thresholds for a sweep of cleaner-sync in WAL, e.g. 0.2,0.4,0.6,0.8,1.0')
    ap.add_argument('--sweep-mode', default='sync', choices=['sync', 'thread'], help='cleaner of the sweep')
    ap.add_argument('--sweep-size', default='1mb', help='transaction size of the sweep (default 1mb)')
    ap.add_argument('--sweep-only', action='store_true', help='run the sweep alone, not the matrix')
    ap.add_argument('--repeat', type=int, default=None, help='measured runs per system and config (default 3)')
    ap.add_argument('--warmup-runs', type=int, default=1, help='unmeasured runs per system and config first (default 1)')
    ap.add_argument('--tx', type=int, default=None, help='measured transactions per run (default 40 for 1mb, 400 for 10kb)')
    ap.add_argument('--warmup-tx', type=int, default=3, help='unmeasured transactions at the start of each run (default 3)')
    ap.add_argument('--queue', type=int, default=None,
                    help='page_cleaner_queue of cleaner-thread (default: the library\'s default, 1024 pages)')
    ap.add_argument('--cache', type=int, default=100, help='cache_size of the normal systems (default 100 pages)')
    ap.add_argument('--inf-cache', type=int, default=-1000000, help='cache_size of infinite-* (default -1000000, ~1 GB)')
    ap.add_argument('--page-size', type=int, default=4096)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--driver', default='c', choices=DRIVERS,
                    help='c: bench/largetx/largetx.c (dlopen); python: bench/largetx/pydriver.py '
                    '(Python\'s sqlite3 module, the library chosen with LD_LIBRARY_PATH); default c')
    ap.add_argument('--check-content', action='store_true',
                    help='first run each library once with each driver and stop unless the tables are identical')
    ap.add_argument('--syscalls', action='store_true',
                    help='one extra run per system and config under strace: writes and fsyncs per transaction')
    ap.add_argument('--syscalls-tx', type=int, default=None,
                    help='measured transactions of the strace run (default: as the timed runs); '
                    'strace costs about 0.1 ms per write call here')
    ap.add_argument('--iotime', action='store_true',
                    help='one extra run per system and config with bench/largetx/iotime.c preloaded: wall time '
                    'inside pwrite, pread and fsync, in the transaction\'s thread and in other threads')
    ap.add_argument('--quick', action='store_true',
                    help='smoke pass: 1mb,10kb, wal,delete, full, 8 tx, repeat 1')
    a = benchlib.parse_library_args(ap)

    q = a.quick
    try:
        a.sizes = csv_list(a.tx_size or '1mb,10kb', list(TX_SIZES), 'transaction size')
        a.journals = csv_list(a.journal or ('wal,delete' if q else ','.join(JOURNALS)), JOURNALS, 'journal mode')
        a.syncs = csv_list(a.sync or ('full' if q else ','.join(SYNCS)), SYNCS, 'synchronous')
        a.threshold = threshold_list(a.threshold, '--threshold')
        if len(a.threshold) != 1:
            raise BadInput('--threshold takes one value (use --sweep for several)')
        a.threshold = a.threshold[0]
        a.sweep = threshold_list(a.sweep, '--sweep') if a.sweep else []
        a.sweep_size = csv_list(a.sweep_size, list(TX_SIZES), 'transaction size')[0]
        if a.sweep_only and not a.sweep:
            raise BadInput('--sweep-only needs --sweep')
        a.system_list = (benchlib.system_list(a.systems, SYSTEMS, ALIASES) if a.systems is not None
                         else list(SYSTEMS))
    except BadInput as e:
        die(str(e))
    benchlib.finish_args(a, repeat=(1, 3), tx=(8, None))
    if a.warmup_tx < 0:
        die('--warmup-tx must be >= 0')
    if a.tx is not None and a.tx < 1:
        die('--tx must be at least 1 (got %d)' % a.tx)
    if a.syscalls and not os.access(STRACE, os.X_OK):
        die('--syscalls needs %s' % STRACE)
    if a.syscalls_tx is not None and (a.syscalls_tx < 1 or not a.syscalls):
        die('--syscalls-tx needs --syscalls and a count >= 1')

    # Libraries.  A library named on the command line (or a system named in
    # --systems) must exist; by default, systems without one are skipped.
    libs = benchlib.find_libraries(a)
    ours, stock = libs['ours'], libs['stock']

    def why(s):
        if s in ('stock', 'infinite-stock'):
            return None if stock else benchlib.missing_stock(s, a.lib_stock)
        return None if ours else '%s: %s' % (s, benchlib.MISSING_OURS)
    skipped = benchlib.drop_unavailable(a.system_list, a.systems is not None, why)

    dbdir, stamp = benchlib.output_dirs(a)
    a.db = os.path.join(dbdir, 'largetx-%s.db' % stamp)
    tmp = tempfile.mkdtemp(prefix='largetx-')
    try:
        bench(a, tmp, stamp, ours, stock, skipped, dbdir)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        remove_db(a.db)


def bench(a, tmp, stamp, ours, stock, skipped, dbdir):
    b = Bench(a, tmp)
    b.compile_driver()
    need = {('stock' if s in ('stock', 'infinite-stock') else 'ours') for s in a.system_list}
    if 'stock' in need:
        b.snapshot('stock', stock)
    if 'ours' in need:
        b.snapshot('ours', ours)
    if a.driver == 'python' or a.check_content:
        for lib in sorted(b.libs):
            b.probe_python(lib)
    content = check_content(b, a, dbdir, stamp) if a.check_content else None
    mach = benchlib.machine(dbdir)
    if a.syscalls:
        b.seccomp = subprocess.run([STRACE, '-f', '-qq', '--seccomp-bpf', '-o', os.devnull, '-e', 'trace=write',
                                    'true'], capture_output=True).returncode == 0

    # Groups of systems run side by side on one configuration.
    groups = []
    if not a.sweep_only:
        for size in a.sizes:
            for j in a.journals:
                for s in a.syncs:
                    systems = [(n, a.threshold if n in ('cleaner-sync', 'cleaner-thread') else None)
                               for n in a.system_list]
                    groups.append(dict(kind='matrix', size=size, journal=j, sync=s, systems=systems))
    if a.sweep:
        refs = [n for n in ('stock', 'cleaner-off', 'infinite-stock', 'infinite-ours') if n in a.system_list]
        if not any(n in a.system_list for n in ('cleaner-off', 'cleaner-sync', 'cleaner-thread', 'infinite-ours')):
            die('--sweep needs our library (a cleaner-* system)')
        for s in a.syncs:
            systems = [(n, None) for n in refs] + [('cleaner-' + a.sweep_mode, t) for t in a.sweep]
            groups.append(dict(kind='sweep', size=a.sweep_size, journal='wal', sync=s, systems=systems))
    nruns = sum(len(g['systems']) * (a.warmup_runs + a.repeat + (1 if a.syscalls else 0) + (1 if a.iotime else 0))
                for g in groups)
    if a.iotime:
        b.compile_iotime()

    csvpath = os.path.join(a.out, 'largetx-%s.csv' % stamp)
    latpath = os.path.join(a.out, 'largetx-%s-latencies.csv' % stamp)
    results = {}     # (kind, size, journal, sync, label) -> list of result dicts
    sysinfo = {}     # label -> first result (configuration as read back)
    sc = {}          # (kind, size, journal, sync, label) -> syscall counts
    io = {}          # (kind, size, journal, sync, label) -> iotime.c's times per transaction
    done = 0
    t_start = time.time()
    fcsv = open(csvpath, 'w', newline='')
    flat = open(latpath, 'w', newline='')
    wcsv = None
    wlat = csv.writer(flat)
    wlat.writerow(['kind', 'system', 'threshold', 'tx_size', 'journal', 'sync', 'rep', 'tx', 'latency_us'])
    for g in groups:
        size, j, s = g['size'], g['journal'], g['sync']
        nrun = a.warmup_runs + a.repeat
        for k in range(nrun):
            rot = k % len(g['systems'])
            order = g['systems'][rot:] + g['systems'][:rot]
            for name, th in order:
                done += 1
                lb = label(name, th)
                res = b.run(name, th, size, j, s)
                what = 'warm-up' if k < a.warmup_runs else 'run %d/%d' % (k - a.warmup_runs + 1, a.repeat)
                progress('[%d/%d %4.0fs] %s %-5s %-8s %-6s %-20s %-9s %7.1f tx/s  p50 %7.2f ms  p99 %7.2f ms' % (
                    done, nruns, time.time() - t_start, g['kind'], size, j, s, lb, what,
                    res['tx_per_s'], res['p50_ms'], res['p99_ms']))
                sysinfo.setdefault(lb, res)
                if k < a.warmup_runs:
                    continue
                res['rep'] = k - a.warmup_runs + 1
                results.setdefault((g['kind'], size, j, s, lb), []).append(res)
        if a.syscalls:
            for name, th in g['systems']:
                done += 1
                lb = label(name, th)
                log = os.path.join(tmp, 'strace.log')
                res = b.run(name, th, size, j, s, strace_log=log)
                os.remove(log)
                sc[(g['kind'], size, j, s, lb)] = res['syscalls']
                progress('[%d/%d %4.0fs] %s %-5s %-8s %-6s %-20s strace    %7.1f writes/tx  %5.2f fsyncs/tx  %8.1f KiB/tx' % (
                    done, nruns, time.time() - t_start, g['kind'], size, j, s, lb,
                    res['syscalls']['writes_per_tx'], res['syscalls']['fsyncs_per_tx'],
                    res['syscalls']['kib_written_per_tx']))
        if a.iotime:
            for name, th in g['systems']:
                done += 1
                lb = label(name, th)
                res = b.run(name, th, size, j, s, iotime_out=os.path.join(tmp, 'iotime.json'))
                y = io[(g['kind'], size, j, s, lb)] = res['iotime']
                progress('[%d/%d %4.0fs] %s %-5s %-8s %-6s %-20s iotime    %7.2f ms/tx: pwrite %.2f  pread %.2f  '
                         'sync %.2f  (other threads %.2f)' % (
                             done, nruns, time.time() - t_start, g['kind'], size, j, s, lb, y['wall_ms'],
                             y['tx_pwrite_ms'], y['tx_pread_ms'], y['tx_sync_ms'], y['other_io_ms']))
        # The group's rows, now that its system calls are known.
        for name, th in g['systems']:
            key = (g['kind'], size, j, s, label(name, th))
            for res in results.get(key, []):
                cs = cleaner_stats(res)
                sy = sc.get(key, {})
                it = io.get(key, {})
                req = res['requested']
                row = dict(
                    stamp=stamp, kind=g['kind'], system=name,
                    threshold='' if th is None else th, tx_size=size, rows_per_tx=req['rows_per_tx'],
                    tx=req['tx'], warmup_tx=req['warmup_tx'], seed=req['seed'], journal=j, sync=s,
                    cache_size_requested=req['cache_size'], rep=res['rep'],
                    tx_per_s=res['tx_per_s'], p50_ms=res['p50_ms'], p99_ms=res['p99_ms'],
                    mean_ms=res['mean_ms'], min_ms=res['min_ms'], max_ms=res['max_ms'], total_s=res['total_s'],
                    syscalls_tx=(a.syscalls_tx or req['tx']) if sy else '', writes_per_tx=sy.get('writes_per_tx', ''), fsyncs_per_tx=sy.get('fsyncs_per_tx', ''),
                    kib_written_per_tx=sy.get('kib_written_per_tx', ''), syscalls=sy.get('calls', ''),
                    iotime=json.dumps(it, sort_keys=True) if it else '',
                    cleaner_batches=cs['batches'] if cs else '', cleaner_pages=cs['pages'] if cs else '',
                    cleaner_us=cs['us'] if cs else '',
                    page_cleaner=res.get('page_cleaner') if res.get('page_cleaner') is not None else 'absent',
                    page_cleaner_threshold=res.get('page_cleaner_threshold') or '',
                    extra_sql='; '.join(res['extra_sql']), key_collisions=res['key_collisions'],
                    library=b.libs[res['lib']]['path'], library_sha256=b.libs[res['lib']]['sha256'],
                    sqlite_version=res['sqlite_version'], source_id=res['source_id'],
                    compile_options=res['compile_options'], journal_mode=res['journal_mode'],
                    synchronous=res['synchronous'], page_size=res['page_size'], cache_size=res['cache_size'],
                    mmap_size=res['mmap_size'], wal_autocheckpoint=res['wal_autocheckpoint'],
                    temp_store=res['temp_store'], locking_mode=res['locking_mode'],
                    page_count=res['page_count'], lipsqlite_version=lipsqlite_version(res),
                    fs=mach['fs'], mount_type=mach['mount_type'], mount_options=mach['mount_options'],
                    db_dir=mach['db_dir'],
                    kernel=mach['kernel'], cpu=mach['cpu'], cores=mach['cores'], driver=a.driver,
                    driver_cc=b.cc, driver_python=res.get('python_version', ''))
                if wcsv is None:
                    wcsv = csv.DictWriter(fcsv, fieldnames=list(row))
                    wcsv.writeheader()
                wcsv.writerow(row)
                for i, lat in enumerate(res['latencies_us']):
                    wlat.writerow([g['kind'], name, '' if th is None else th, size, j, s, res['rep'], i + 1, lat])
        fcsv.flush()
        flat.flush()
    fcsv.close()
    flat.close()

    md = os.path.join(a.out, 'largetx-%s.md' % stamp)
    plots = make_plots(a, stamp, groups, results) if not a.no_plots else 'plots skipped (--no-plots)'
    write_report(md, a, b, stamp, groups, results, sysinfo, sc, mach, skipped, csvpath, latpath, plots,
                 time.time() - t_start, content, io)
    benchlib.print_report(md, ('CSV', csvpath), ('Latencies', latpath), ('Report', md))


def matrix_groups(a, groups):
    """Per transaction size and synchronous setting of the matrix: (size,
    sync, its groups (one per journal mode), the labels of their systems)."""
    for size in a.sizes:
        for s in a.syncs:
            gs = [g for g in groups if g['kind'] == 'matrix' and g['size'] == size and g['sync'] == s]
            if gs:
                yield size, s, gs, [label(n, t) for n, t in gs[0]['systems']]


def driver_line(a, b):
    """The report's line on the driver of the measured runs."""
    if a.driver == 'c':
        return ('Driver (`--driver c`): `%s` (%s), one process per run, the library loaded with dlopen, one '
                'prepared INSERT; throughput = measured transactions / their wall time.' % (b.compile_cmd, b.cc))
    return ('Driver (`--driver python`): `%s bench/largetx/pydriver.py`, %s, its sqlite3 module, one process per '
            'run with LD_LIBRARY_PATH = a directory holding only the snapshot of the system\'s library as '
            'libsqlite3.so.0; every run checks that the process has that file mapped (/proc/self/maps) and no '
            'other libsqlite3, and that it reports the source id `largetx --probe` reported. A transaction is '
            'BEGIN, one `executemany()` of the INSERT over its rows (drawn before BEGIN, off the clock), '
            'COMMIT, on a connection with isolation_level None; throughput = measured transactions / the sum '
            'of their latencies.' % (os.path.basename(sys.executable), b.python))


def write_report(md, a, b, stamp, groups, results, sysinfo, sc, mach, skipped, csvpath, latpath, plots, elapsed,
                 content=None, io=None):
    with open(md, 'w') as f:
        f.write('# Large transactions (page-cleaner paper), %s\n\n' % stamp)
        f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s; database in %(db_dir)s '
                '(filesystem %(mount_type)s, `stat -f` %(fs)s, mount options %(mount_options)s).\n\n' % mach)
        absent = sorted({lb for lb, r in sysinfo.items() if lb.startswith('cleaner-')
                         and not lb.startswith('cleaner-off') and r.get('page_cleaner') is None})
        if absent:
            f.write('**Warning: the library of %s does not know PRAGMA page_cleaner (it returns no row): '
                    'those runs measure the unmodified pager, not the page cleaner.**\n\n' % ', '.join(absent))
        f.write('Workload: table `t(k TEXT PRIMARY KEY, v TEXT, n INTEGER)`; a transaction is BEGIN, N inserts '
                'of (8-character pseudo-random key, 100-byte pseudo-random text, integer), COMMIT; '
                'xorshift64* seed %d. ' % a.seed)
        f.write('Transaction sizes: %s. ' % ', '.join(
            '%s = %d rows, %d measured tx' % (TX_SIZES[x][2], TX_SIZES[x][0], a.tx or TX_SIZES[x][1])
            for x in dict.fromkeys(a.sizes + ([a.sweep_size] if a.sweep else []))))
        f.write('Each run: a fresh database file, page_size %d, %d warm-up transactions not counted, then the '
                'measured ones (throughput: see the driver); latency = BEGIN to end of '
                'COMMIT (p99 by nearest rank). Per system and configuration: %d warm-up run(s), then %d measured '
                'run(s); the systems alternate, their order rotated from one run to the next. '
                'cache_size %d pages; "infinite" = cache_size %d.\n\n' % (
                    a.page_size, a.warmup_tx, a.warmup_runs, a.repeat, a.cache, a.inf_cache))
        f.write(driver_line(a, b) + '\n\n')
        if content:
            f.write(content + '\n\n')
        f.write('Systems:\n\n')
        seen = set()
        for g in groups:
            for name, th in g['systems']:
                lb = label(name, th)
                if lb in seen or lb not in sysinfo:
                    continue
                seen.add(lb)
                r = sysinfo[lb]
                lib = b.libs[r['lib']]
                note = ''
                if name.startswith('cleaner-') or name == 'infinite-ours':
                    want = 'off' if name in ('cleaner-off', 'infinite-ours') else name.split('-', 1)[1]
                    got = r.get('page_cleaner')
                    if got is None and want == 'off':
                        note = ' — PRAGMA page_cleaner is not recognised by this library (no row): a no-op'
                    elif got is None:
                        note = (' — **PRAGMA page_cleaner is not recognised by this library (it returns no row): '
                                'these runs are the unmodified pager, not the cleaner**')
                    elif str(got).lower() != want:
                        note = ' — **PRAGMA page_cleaner reads back %r, not %r**' % (got, want)
                    else:
                        note = ' — page_cleaner reads back %r, threshold %s' % (got, r.get('page_cleaner_threshold'))
                f.write('- **%s**: `%s` (sha256 %s…), SQLite %s, source id `%s`; journal/sync as per table, '
                        'cache_size %s, page_size %s, mmap_size %s, wal_autocheckpoint %s, temp_store %s, '
                        'locking_mode %s; extra SQL: %s%s\n' % (
                            lb, rel(lib['path']), lib['sha256'][:12], r['sqlite_version'], r['source_id'],
                            r['cache_size'], r['page_size'], r['mmap_size'], r['wal_autocheckpoint'],
                            r['temp_store'], r['locking_mode'],
                            '`%s`' % '; '.join(r['extra_sql']) if r['extra_sql'] else 'none', note))
        for m in skipped:
            f.write('- skipped: %s\n' % m)
        f.write('\nCompile options of each library, and every other parameter, are in each row of `%s`; '
                'every measured transaction in `%s`.\n' % (os.path.basename(csvpath), os.path.basename(latpath)))

        # The matrix.
        for size, s, gs, labels in matrix_groups(a, groups):
            rows_per_tx = TX_SIZES[size][0]
            f.write('\n## %s transactions (%d rows), synchronous=%s\n\n' % (TX_SIZES[size][2], rows_per_tx, s.upper()))
            f.write('Throughput, transactions/s: median (min–max) of %d runs.\n\n' % a.repeat)
            f.write('| journal | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
            for g in gs:
                f.write('| %s | %s |\n' % (g['journal'].upper(), ' | '.join(
                    fmt_med([r['tx_per_s'] for r in results.get(('matrix', size, g['journal'], s, lb), [])])
                    for lb in labels)))
            pairs = [(x, y) for x, y in (
                ('cleaner-sync@%g' % a.threshold, 'stock'), ('cleaner-thread@%g' % a.threshold, 'stock'),
                ('cleaner-off', 'stock'),
                ('cleaner-sync@%g' % a.threshold, 'infinite-ours'), ('cleaner-thread@%g' % a.threshold, 'infinite-ours'),
                ('cleaner-off', 'infinite-ours'), ('cleaner-thread@%g' % a.threshold, 'infinite-stock'),
                ('stock', 'infinite-stock'))
                if x in labels and y in labels]
            if pairs:
                f.write('\nRatios of median throughputs within this run (> 1: the first is faster).\n\n')
                f.write('| journal | %s |\n|---|%s\n' % (' | '.join('%s / %s' % p for p in pairs), '---|' * len(pairs)))
                for g in gs:
                    cells = []
                    for x, y in pairs:
                        mx = med(results, ('matrix', size, g['journal'], s, x))
                        my = med(results, ('matrix', size, g['journal'], s, y))
                        cells.append('%.3f' % (mx / my) if mx and my else '-')
                    f.write('| %s | %s |\n' % (g['journal'].upper(), ' | '.join(cells)))
            f.write('\nLatency per transaction, ms: median over runs of p50 / p99.\n\n')
            f.write('| journal | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
            for g in gs:
                cells = []
                for lb in labels:
                    k = ('matrix', size, g['journal'], s, lb)
                    cells.append('%.2f / %.2f' % (med(results, k, 'p50_ms'), med(results, k, 'p99_ms'))
                                 if results.get(k) else '-')
                f.write('| %s | %s |\n' % (g['journal'].upper(), ' | '.join(cells)))
            if a.syscalls:
                f.write('\nSystem calls per measured transaction (one separate run of %s measured '
                        'transactions under `strace -f%s`, counted between the driver\'s markers: the %d '
                        'warm-up transactions, the set-up and the close are excluded): write calls (write, '
                        'pwrite64, writev, pwritev) / fsync calls (fsync, fdatasync) / KiB written.\n\n' % (
                            a.syscalls_tx or a.tx or TX_SIZES[size][1],
                            ' --seccomp-bpf' if b.seccomp else '', a.warmup_tx))
                f.write('| journal | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
                for g in gs:
                    cells = []
                    for lb in labels:
                        y = sc.get(('matrix', size, g['journal'], s, lb))
                        cells.append('%.1f / %.2f / %.0f' % (y['writes_per_tx'], y['fsyncs_per_tx'],
                                                             y['kib_written_per_tx']) if y else '-')
                    f.write('| %s | %s |\n' % (g['journal'].upper(), ' | '.join(cells)))
            if a.iotime:
                write_iotime(f, a, size, s, gs, labels, io)
            cl = [lb for lb in labels if lb.startswith('cleaner-')]
            if cl and any(cleaner_stats(r) for g in gs for lb in cl
                          for r in results.get(('matrix', size, g['journal'], s, lb), [])):
                f.write('\nPage cleaner (PRAGMA page_cleaner_stats of the last run, totals over warm-up and '
                        'measured transactions): batches / pages written / ms spent.\n\n')
                f.write('| journal | %s |\n|---|%s\n' % (' | '.join(cl), '---|' * len(cl)))
                for g in gs:
                    cells = []
                    for lb in cl:
                        rs = results.get(('matrix', size, g['journal'], s, lb), [])
                        cs = cleaner_stats(rs[-1]) if rs else None
                        cells.append('%d / %d / %.1f' % (cs['batches'], cs['pages'], cs['us'] / 1e3) if cs else '-')
                    f.write('| %s | %s |\n' % (g['journal'].upper(), ' | '.join(cells)))

        # The threshold sweep.
        for g in [g for g in groups if g['kind'] == 'sweep']:
            size, s = g['size'], g['sync']
            f.write('\n## Threshold sweep: cleaner-%s, WAL, %s transactions, synchronous=%s\n\n' % (
                a.sweep_mode, TX_SIZES[size][2], s.upper()))
            refs = [label(n, t) for n, t in g['systems'] if t is None]
            cols = [r for r in ('stock', 'infinite-ours') if r in refs]
            f.write('Ratios are of median throughputs; cleaner = batches / pages of PRAGMA page_cleaner_stats in '
                    'the last run (warm-up and measured transactions).\n\n')
            f.write('| system | threshold | tx/s median (min–max) | %sp50 / p99 ms | cleaner |%s\n'
                    '|---|---|---|%s---|---|%s\n' % (
                        ''.join('vs %s | ' % c for c in cols), ' writes/tx | fsyncs/tx |' if a.syscalls else '',
                        '---|' * len(cols), '---|---|' if a.syscalls else ''))
            for n, t in g['systems']:
                lb = label(n, t)
                k = ('sweep', size, 'wal', s, lb)
                if not results.get(k):
                    continue
                ratios = ''.join('%.3f | ' % (med(results, k) / med(results, ('sweep', size, 'wal', s, c)))
                                 for c in cols)
                y = sc.get(k)
                cs = cleaner_stats(results[k][-1])
                f.write('| %s | %s | %s | %s%.2f / %.2f | %s |%s\n' % (
                    n, '-' if t is None else '%g' % t, fmt_med([r['tx_per_s'] for r in results[k]]), ratios,
                    med(results, k, 'p50_ms'), med(results, k, 'p99_ms'),
                    '%d / %d' % (cs['batches'], cs['pages']) if cs else '-',
                    (' %.1f | %.2f |' % (y['writes_per_tx'], y['fsyncs_per_tx']) if y else ' - | - |')
                    if a.syscalls else ''))
        benchlib.write_tail(f, plots, elapsed)


def write_iotime(f, a, size, s, gs, labels, io):
    """The report's table of where the transaction's thread spends its
    time (--iotime), and the bound it sets on taking the writes off it."""
    f.write('\nWhere the time goes (one separate run per system with `bench/largetx/iotime.c` preloaded, '
            'the measured transactions only): ms per transaction of wall time; of it, ms inside pwrite / pread / '
            'fsync+fdatasync in the transaction\'s thread; and ms inside those calls in other threads (the '
            'cleaner\'s writer). "Without pwrite" = wall time minus the thread\'s pwrite time, as transactions/s: '
            'the most that taking every write off the thread could reach if nothing else changed.\n\n')
    f.write('| journal | system | wall ms/tx | pwrite ms (calls) | pread ms (calls) | sync ms (calls) | '
            'rest ms | other threads ms | tx/s | tx/s without pwrite |\n|---|---|---|---|---|---|---|---|---|---|\n')
    for g in gs:
        for lb in labels:
            y = io.get(('matrix', size, g['journal'], s, lb))
            if not y:
                continue
            rest = y['wall_ms'] - y['tx_io_ms']
            f.write('| %s | %s | %.1f | %.1f (%.0f) | %.1f (%.0f) | %.1f (%.1f) | %.1f | %.1f | %.1f | %.1f |\n' % (
                g['journal'].upper(), lb, y['wall_ms'], y['tx_pwrite_ms'], y['tx_pwrite_calls'],
                y['tx_pread_ms'], y['tx_pread_calls'], y['tx_sync_ms'], y['tx_sync_calls'], rest,
                y['other_io_ms'], 1e3 / y['wall_ms'], 1e3 / (y['wall_ms'] - y['tx_pwrite_ms'])))


def make_plots(a, stamp, groups, results):
    """PNG plots; a list of files, or a string saying why there are none."""
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt
    out = []

    def cdf(ax, lats, lb):
        xs = sorted(x / 1e3 for x in lats)
        ax.step([xs[0]] + xs, [0.0] + [(i + 1) / len(xs) for i in range(len(xs))], where='post', label=lb)

    for size, s, gs, labels in matrix_groups(a, groups):
        fig, ax = plt.subplots(figsize=(9, 4.5))
        benchlib.grouped_bars(ax, labels, len(gs), lambda gi, lb: [
            r['tx_per_s'] for r in results.get(('matrix', size, gs[gi]['journal'], s, lb), [])])
        ax.set_xticks(range(len(gs)))
        ax.set_xticklabels([g['journal'].upper() for g in gs])
        ax.set_ylabel('transactions/s (median, min–max)')
        ax.set_title('%s transactions, synchronous=%s, cache_size %d' % (TX_SIZES[size][2], s.upper(), a.cache))
        ax.legend(fontsize=8)
        out.append(benchlib.save_figure(plt, fig,
            os.path.join(a.out, 'largetx-%s-tput-%s-%s.png' % (stamp, size, s))))
        g = next((g for g in gs if g['journal'] == 'wal'), None)
        if g and size == '1mb':
            fig, ax = plt.subplots(figsize=(7, 4.5))
            for lb in labels:
                lats = [x for r in results.get(('matrix', size, 'wal', s, lb), []) for x in r['latencies_us']]
                if lats:
                    cdf(ax, lats, lb)
            ax.set_xlabel('transaction latency, ms')
            ax.set_ylabel('fraction of transactions')
            ax.set_title('1 MB transactions, WAL, synchronous=%s (all measured runs)' % s.upper())
            ax.legend(fontsize=8)
            out.append(benchlib.save_figure(plt, fig,
                os.path.join(a.out, 'largetx-%s-cdf-1mb-wal-%s.png' % (stamp, s))))
    for g in [g for g in groups if g['kind'] == 'sweep']:
        size, s = g['size'], g['sync']
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
        ts = [t for n, t in g['systems'] if t is not None]
        ys, lo, hi = [], [], []
        for t in ts:
            v = [r['tx_per_s'] for r in results[('sweep', size, 'wal', s, label('cleaner-' + a.sweep_mode, t))]]
            ys.append(statistics.median(v))
            lo.append(ys[-1] - min(v))
            hi.append(max(v) - ys[-1])
        ax1.errorbar(ts, ys, yerr=[lo, hi], marker='o', capsize=3, label='cleaner-%s' % a.sweep_mode)
        for n, t in g['systems']:
            if t is None:
                ax1.axhline(med(results, ('sweep', size, 'wal', s, n)), linestyle='--', linewidth=1,
                            color={'stock': 'C3', 'cleaner-off': 'C2', 'infinite-ours': 'C4'}.get(n, 'C5'), label=n)
        ax1.set_xlabel('page_cleaner_threshold (fraction of the cache)')
        ax1.set_ylabel('transactions/s (median, min–max)')
        ax1.legend(fontsize=8)
        for n, t in g['systems']:
            lats = [x for r in results.get(('sweep', size, 'wal', s, label(n, t)), []) for x in r['latencies_us']]
            if lats:
                cdf(ax2, lats, label(n, t))
        ax2.set_xlabel('transaction latency, ms')
        ax2.set_ylabel('fraction of transactions')
        ax2.legend(fontsize=7)
        fig.suptitle('Threshold sweep, WAL, %s transactions, synchronous=%s' % (TX_SIZES[size][2], s.upper()))
        out.append(benchlib.save_figure(plt, fig,
            os.path.join(a.out, 'largetx-%s-sweep-%s-%s.png' % (stamp, size, s))))
    return out


if __name__ == '__main__':
    main()
