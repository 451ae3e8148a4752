#!/usr/bin/env python3
"""BLOB benchmark (VLDB'22 "SQLite: Past, Present, and Future", section 4.3):
one table, one row, one blob of 100 KiB or 10 MiB; each operation reads the
whole blob or replaces it, reads chosen by a seeded generator with a given
probability.  Stock SQLite 3.53.4 and lipsqlite (journal modes DELETE and
WAL), the filesystem (the same driver on a plain file) and DuckDB (Python
package, 1 thread and all cores), in one run, systems alternating run by run.

  python3 bench/blob/run.py [--size 100kb,10mb] [--read-pct 0,10,50,90,100]
                            [--journal delete,wal] [--systems ...] [--repeat 3]
                            [--seconds 1.5] [--sync full]
  python3 bench/blob/run.py --quick        # smoke pass, about a minute

Every SQLite and filesystem run is one process of the driver
bench/blob/blob.c (compiled here; it loads each system's libsqlite3.so with
dlopen) on a fresh file; DuckDB runs in this process on a fresh database,
with the same sequence of operations.  Writes bench/out/blob-<stamp>.csv
(one row per measured run, with the full configuration),
bench/out/blob-<stamp>.md (medians, min-max, ratios of medians) and PNG plots
when matplotlib is importable.
"""
import argparse, csv, os, random, shutil, statistics, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import benchlib
from benchlib import BadInput, TOP, csv_list, die, fmt_med, lipsqlite_version, med, progress, remove_db

benchlib.init('blob')

SIZES = {'100kb': (100 * 1024, '100 KiB'), '10mb': (10 * 1024 * 1024, '10 MiB')}
READ_PCTS = [0, 10, 50, 90, 100]
JOURNALS = ['delete', 'wal']
SYNCS = ['full', 'normal', 'off', 'extra']
SQLITE_SYSTEMS = ['stock', 'stock-dropin', 'ours']
FS_SYSTEMS = ['fs-inplace', 'fs-rename']
DUCK = {'duckdb-1t': 1, 'duckdb-all': os.cpu_count() or 1}
SYSTEMS = SQLITE_SYSTEMS + FS_SYSTEMS + list(DUCK)
ALIASES = {'all': SYSTEMS, 'sqlite': SQLITE_SYSTEMS, 'fs': FS_SYSTEMS, 'duckdb': list(DUCK)}


def pct_list(text):
    return benchlib.number_list(text, '--read-pct', int, 0, 100, 'a percentage of reads')


def file_bytes(path, suffixes):
    return sum(os.path.getsize(path + s) for s in suffixes if os.path.exists(path + s))


def lat_summary(v):
    s = sorted(v)
    if not s:
        return {'n': 0, 'p50_ms': None, 'p99_ms': None, 'mean_ms': None, 'min_ms': None, 'max_ms': None}
    return {'n': len(s), 'p50_ms': benchlib.percentile(s, 50) / 1e3, 'p99_ms': benchlib.percentile(s, 99) / 1e3,
            'mean_ms': sum(s) / len(s) / 1e3, 'min_ms': s[0] / 1e3, 'max_ms': s[-1] / 1e3}


class Bench(benchlib.DriverBench):
    def __init__(self, a, tmp):
        super().__init__('blob', a, tmp)

    def common_args(self, size, pct):
        a = self.a
        return ['--size', str(SIZES[size][0]), '--ops', str(a.ops), '--seconds', '%g' % a.seconds,
                '--warmup', str(a.warmup_ops), '--read-pct', str(pct), '--seed', str(a.seed)]

    def run(self, system, journal, size, pct):
        a = self.a
        if system in DUCK:
            return self.run_duck(system, size, pct)
        if system in FS_SYSTEMS:
            path = a.db + '.bin'
            cmd = [self.driver, '--fs', path, '--fs-mode', system.split('-', 1)[1]] + self.common_args(size, pct)
        else:
            path = a.db
            cmd = [self.driver, self.libs[system]['snapshot'], path, '--journal', journal, '--sync', a.sync,
                   '--page-size', str(a.page_size)] + self.common_args(size, pct)
            if a.cache is not None:
                cmd += ['--cache', str(a.cache)]
        remove_db(path)
        try:
            res = self.run_json(cmd, '%s %s %s read %d%%' % (system, journal, size, pct))
            res['db_bytes'] = file_bytes(path, ('', '-wal', '-journal'))
        finally:
            remove_db(path)
        return res

    def run_duck(self, system, size, pct):
        """The driver's loop, in DuckDB: same operations, same checks."""
        import duckdb
        a = self.a
        path = a.db + '.duckdb'
        remove_db(path)
        nbytes = SIZES[size][0]
        blob = bytearray(random.Random(a.seed).randbytes(nbytes))
        serial = 1
        blob[0:8] = serial.to_bytes(8, 'little')
        con = duckdb.connect(path)
        try:
            con.execute('SET threads=%d' % DUCK[system])
            cfg = dict(zip(('duckdb_threads', 'duckdb_memory_limit', 'duckdb_checkpoint_threshold'),
                           con.execute("SELECT current_setting('threads'), current_setting('memory_limit'), "
                                       "current_setting('checkpoint_threshold')").fetchone()))
            con.execute('CREATE TABLE blobs(id INTEGER PRIMARY KEY, data BLOB)')
            con.execute('INSERT INTO blobs VALUES (1, ?)', [bytes(blob)])

            def read():
                got = con.execute('SELECT data FROM blobs WHERE id=1').fetchone()[0]
                if len(got) != nbytes:
                    die('%s: read %d bytes, the blob has %d' % (system, len(got), nbytes), 1)
                if int.from_bytes(got[0:8], 'little') != serial:
                    die('%s: read the blob of write #%d, the last write was #%d' % (
                        system, int.from_bytes(got[0:8], 'little'), serial), 1)

            prng = benchlib.Xorshift64Star(a.seed)
            lat_all, lat_rd, lat_wr = [], [], []
            t_start = None
            i = 0
            while i < a.warmup_ops + a.ops:
                is_read = prng.next() % 100 < pct
                if i == a.warmup_ops:
                    t_start = time.perf_counter()
                if i > a.warmup_ops and a.seconds > 0 and time.perf_counter() - t_start >= a.seconds:
                    break
                t0 = time.perf_counter()
                if is_read:
                    read()
                else:
                    serial += 1
                    blob[0:8] = serial.to_bytes(8, 'little')
                    con.execute('UPDATE blobs SET data=? WHERE id=1', [bytes(blob)])
                t = (time.perf_counter() - t0) * 1e6
                if i >= a.warmup_ops:
                    lat_all.append(t)
                    (lat_rd if is_read else lat_wr).append(t)
                i += 1
            t_end = time.perf_counter()
            read()
        finally:
            con.close()
        db_bytes = file_bytes(path, ('', '.wal'))
        remove_db(path)
        total = t_end - t_start
        res = {'system': system, 'ops': len(lat_all), 'reads': len(lat_rd), 'writes': len(lat_wr),
               'total_s': total, 'ops_per_s': len(lat_all) / total,
               'mib_per_s': len(lat_all) * nbytes / 1048576.0 / total,
               'all': lat_summary(lat_all), 'read': lat_summary(lat_rd), 'write': lat_summary(lat_wr),
               'db_bytes': db_bytes, 'duckdb_version': duckdb.__version__}
        res.update(cfg)
        return res


def label(system, journal):
    return '%s-%s' % (system, journal) if system in SQLITE_SYSTEMS else system


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--systems', default=None,
                    help='comma-separated (default: all available): ' + ', '.join(SYSTEMS) +
                    '; "sqlite" = stock,stock-dropin,ours; "fs" = both fs-*; "duckdb" = both duckdb-*')
    ap.add_argument('--size', default='100kb,10mb', help='100kb,10mb (default both)')
    ap.add_argument('--read-pct', default=','.join(map(str, READ_PCTS)),
                    help='percentages of reads (default 0,10,50,90,100)')
    ap.add_argument('--journal', default='delete,wal', help='journal modes of the SQLite systems: delete,wal')
    ap.add_argument('--sync', default='full', help='PRAGMA synchronous of the SQLite systems (default full)')
    ap.add_argument('--repeat', type=int, default=None, help='measured runs per system and config (default 3)')
    ap.add_argument('--warmup-runs', type=int, default=1, help='unmeasured runs per system and config first (default 1)')
    ap.add_argument('--seconds', type=float, default=None,
                    help='measured section of a run, seconds (default 1.0; --quick 0.2)')
    ap.add_argument('--ops', type=int, default=1000000,
                    help='at most this many measured operations per run (default 1000000: --seconds decides)')
    ap.add_argument('--warmup-ops', type=int, default=None,
                    help='unmeasured operations at the start of each run (default 5; --quick 2)')
    ap.add_argument('--cache', type=int, default=None, help='PRAGMA cache_size (default: the library default)')
    ap.add_argument('--page-size', type=int, default=4096)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--quick', action='store_true',
                    help='smoke pass: all sizes, ratios and systems, --seconds 0.2, repeat 1, ~1 minute')
    ap.add_argument('--log-y', action='store_true', help='plots with a logarithmic throughput axis (the paper: linear)')
    a = benchlib.parse_library_args(ap, dropin=True)

    q = a.quick
    try:
        a.sizes = csv_list(a.size, list(SIZES), 'size')
        a.pcts = pct_list(a.read_pct)
        a.journals = csv_list(a.journal, JOURNALS, 'journal mode')
        a.sync = csv_list(a.sync, SYNCS, 'synchronous')
        if len(a.sync) != 1:
            raise BadInput('--sync takes one value')
        a.sync = a.sync[0]
        a.system_list = (benchlib.system_list(a.systems, SYSTEMS, ALIASES) if a.systems is not None
                         else list(SYSTEMS))
    except BadInput as e:
        die(str(e))
    benchlib.finish_args(a, repeat=(1, 3), seconds=(0.2, 1.0), warmup_ops=(2, 5))
    if a.warmup_ops < 0:
        die('--warmup-ops must be >= 0')
    if a.seconds < 0 or a.seconds != a.seconds:
        die('--seconds must be >= 0 (0: no time limit, --ops decides)')
    if a.ops < 1:
        die('--ops must be at least 1 (got %d)' % a.ops)
    if a.seconds == 0 and a.ops >= 1000000:
        die('--seconds 0 needs an --ops count below 1000000')

    # Systems: one named in --systems must be available; by default, a
    # missing one is reported as skipped.
    libs = benchlib.find_libraries(a)
    duck = benchlib.duck_version()

    def why(s):
        if s == 'stock' and libs['stock'] is None:
            return benchlib.missing_stock(s, a.lib_stock)
        if s == 'stock-dropin' and libs['stock-dropin'] is None:
            return benchlib.missing_stock(s, a.lib_stock_dropin, dropin=True)
        if s == 'ours' and libs['ours'] is None:
            return 'ours: ' + benchlib.MISSING_OURS
        if s in DUCK and duck is None:
            return '%s: DuckDB is not installed (pip install duckdb)' % s
        return None
    skipped = benchlib.drop_unavailable(a.system_list, a.systems is not None, why)

    dbdir, stamp = benchlib.output_dirs(a)
    a.db = os.path.join(dbdir, 'blob-%s.db' % stamp)
    tmp = tempfile.mkdtemp(prefix='blob-')
    try:
        bench(a, tmp, stamp, libs, skipped, dbdir)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for p in (a.db, a.db + '.bin', a.db + '.duckdb'):
            remove_db(p)


CSV_FIELDS = [
    'benchmark', 'stamp', 'system', 'journal', 'size_bytes', 'read_pct', 'run', 'ops', 'reads', 'writes',
    'measured_s', 'ops_per_s', 'mib_per_s', 'p50_ms', 'p99_ms', 'mean_ms', 'max_ms', 'read_p50_ms',
    'read_p99_ms', 'write_p50_ms', 'write_p99_ms', 'db_bytes', 'sync', 'fs_mode', 'seconds_limit',
    'ops_limit', 'warmup_ops', 'warmup_runs', 'seed', 'library', 'library_sha256', 'sqlite_version',
    'source_id', 'lipsqlite_version', 'compile_options', 'journal_mode', 'synchronous', 'page_size',
    'cache_size', 'mmap_size', 'wal_autocheckpoint', 'temp_store', 'locking_mode', 'page_count',
    'secure_delete', 'duckdb_version', 'duckdb_threads', 'duckdb_memory_limit', 'duckdb_checkpoint_threshold',
    'fs', 'mount_type', 'mount_options', 'kernel', 'cpu', 'cores', 'db_dir', 'compiler', 'driver']


def bench(a, tmp, stamp, libs, skipped, dbdir):
    t_begin = time.time()
    b = Bench(a, tmp)
    b.compile_driver()
    for s in SQLITE_SYSTEMS:
        if s in a.system_list:
            b.snapshot(s, libs[s])
    mach = benchlib.machine(dbdir)
    units = []
    for s in a.system_list:
        if s in SQLITE_SYSTEMS:
            units += [(s, j) for j in a.journals]
        else:
            units.append((s, None))
    csvpath = os.path.join(a.out, 'blob-%s.csv' % stamp)
    results = {}   # (size, pct, label) -> [result]
    info = {}      # label -> last result (configuration)
    total_runs = len(a.sizes) * len(a.pcts) * len(units) * (a.warmup_runs + a.repeat)
    done = 0
    with open(csvpath, 'w', newline='') as fcsv:
        w = csv.DictWriter(fcsv, fieldnames=CSV_FIELDS)
        w.writeheader()
        for size in a.sizes:
            for pct in a.pcts:
                for rep in range(a.warmup_runs + a.repeat):
                    k = rep % len(units)
                    order = units[k:] + units[:k]
                    for system, journal in order:
                        res = b.run(system, journal, size, pct)
                        done += 1
                        lb = label(system, journal)
                        if rep < a.warmup_runs:
                            continue
                        results.setdefault((size, pct, lb), []).append(res)
                        info[lb] = res
                        lib = b.libs.get(system, {})
                        row = dict(
                            benchmark='blob', stamp=stamp, system=system, journal=journal or '',
                            size_bytes=SIZES[size][0], read_pct=pct, run=rep - a.warmup_runs + 1,
                            ops=res['ops'], reads=res['reads'], writes=res['writes'],
                            measured_s='%.4f' % res['total_s'], ops_per_s='%.2f' % res['ops_per_s'],
                            mib_per_s='%.2f' % res['mib_per_s'], p50_ms=res['all']['p50_ms'],
                            p99_ms=res['all']['p99_ms'], mean_ms=res['all']['mean_ms'],
                            max_ms=res['all']['max_ms'], read_p50_ms=res['read']['p50_ms'],
                            read_p99_ms=res['read']['p99_ms'], write_p50_ms=res['write']['p50_ms'],
                            write_p99_ms=res['write']['p99_ms'], db_bytes=res['db_bytes'],
                            sync=a.sync if system in SQLITE_SYSTEMS else '',
                            fs_mode=system.split('-', 1)[1] if system in FS_SYSTEMS else '',
                            seconds_limit=a.seconds, ops_limit=a.ops, warmup_ops=a.warmup_ops,
                            warmup_runs=a.warmup_runs, seed=a.seed,
                            library=os.path.relpath(lib['path'], TOP) if lib else '',
                            library_sha256=lib.get('sha256', ''),
                            lipsqlite_version=lipsqlite_version(res), compiler=b.cc, driver=b.compile_cmd,
                            **mach)
                        for key in ('sqlite_version', 'source_id', 'compile_options', 'journal_mode',
                                    'synchronous', 'page_size', 'cache_size', 'mmap_size', 'wal_autocheckpoint',
                                    'temp_store', 'locking_mode', 'page_count', 'secure_delete', 'duckdb_version',
                                    'duckdb_threads', 'duckdb_memory_limit', 'duckdb_checkpoint_threshold'):
                            row[key] = res.get(key, '')
                        w.writerow(row)
                    fcsv.flush()
                progress('  %s read %3d%%: %s  [%d/%d runs]' % (size, pct, '  '.join(
                    '%s %.0f' % (label(s, j), statistics.median(r['ops_per_s'] for r in results[(size, pct, label(s, j))]))
                    for s, j in units), done, total_runs))
    plots = 'plots skipped: --no-plots' if a.no_plots else make_plots(a, stamp, units, results)
    md = os.path.join(a.out, 'blob-%s.md' % stamp)
    write_report(md, a, b, stamp, units, results, info, mach, skipped, csvpath, plots, time.time() - t_begin)
    benchlib.print_report(md, ('CSV', csvpath), ('Report', md))


def write_report(md, a, b, stamp, units, results, info, mach, skipped, csvpath, plots, elapsed):
    labels = [label(s, j) for s, j in units]
    with open(md, 'w') as f:
        f.write('# BLOB benchmark (%s)\n\n' % stamp)
        f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s; files in %(db_dir)s on %(fs)s '
                '(%(mount_options)s). The machine is shared: absolute numbers drift, ratios within one run '
                'hold better.\n\n' % mach)
        f.write('Workload (VLDB\'22 §4.3): one table `blobs(id INTEGER PRIMARY KEY, data BLOB)` holding one row '
                'with one blob of %s; each operation reads the whole blob (`SELECT data ... WHERE id=1`, copied '
                'into the application\'s buffer) or replaces it (`UPDATE blobs SET data=?1 WHERE id=1`, one '
                'autocommit transaction); reads are drawn with the given probability by a xorshift64* generator '
                'with seed %d, so every system does the same sequence. Every write stamps a serial number into '
                'the blob and every read checks it. Each run: a fresh file, %d warm-up operations, then '
                'operations for %g s (at most %d); throughput = measured operations / their wall time; MiB/s = '
                'operations × blob size / time (reads and writes alike); latency p50/p99 by nearest rank. Per '
                'system and configuration: %d warm-up run(s), then %d measured run(s), systems alternating, '
                'their order rotated from run to run. The paper warmed up for 10 s and measured 60 s.\n\n' % (
                    ' and '.join(SIZES[s][1] for s in a.sizes), a.seed, a.warmup_ops, a.seconds, a.ops,
                    a.warmup_runs, a.repeat))
        f.write('Warm and cold: the same for every side. Each run of ours (and of every SQLite and filesystem '
                'system) is a new process of the driver on a fresh file; each DuckDB run is a new connection to '
                'a fresh database in the runner\'s process (its own instance, threads set on it); every run '
                'warms up with its %d untimed operations before the timed ones; the OS page cache is warm for '
                'all.\n\n' % a.warmup_ops)
        f.write('Systems:\n\n')
        for s, j in units:
            lb = label(s, j)
            r = info.get(lb)
            if r is None:
                continue
            if s in SQLITE_SYSTEMS:
                lib = b.libs[s]
                f.write('- **%s**: `%s` (sha256 %s…), SQLite %s%s, journal_mode %s, synchronous %s, page_size %s, '
                        'cache_size %s, mmap_size %s, wal_autocheckpoint %s, temp_store %s, locking_mode %s, '
                        'secure_delete %s; driver `%s` (%s), library loaded with dlopen\n' % (
                            lb, os.path.relpath(lib['path'], TOP), lib['sha256'][:12], r['sqlite_version'],
                            (', lipsqlite %s' % lipsqlite_version(r)) if lipsqlite_version(r) else '',
                            r['journal_mode'], r['synchronous'], r['page_size'], r['cache_size'], r['mmap_size'],
                            r['wal_autocheckpoint'], r['temp_store'], r['locking_mode'], r.get('secure_delete'),
                            b.compile_cmd, b.cc))
            elif s == 'fs-inplace':
                f.write('- **fs-inplace**: the same driver on a plain file: a read is open(), read() of the '
                        'whole file, close(); a write overwrites the file in place (pwrite() at offset 0) and '
                        'fdatasync()s it (the paper\'s baseline: not atomic, a crash can leave a torn blob)\n')
            elif s == 'fs-rename':
                f.write('- **fs-rename**: reads as fs-inplace; a write creates a temporary file, write()s the '
                        'blob, fdatasync()s it, rename()s it over the file and fsync()s the directory '
                        '(atomic and durable replacement)\n')
            else:
                f.write('- **%s**: DuckDB %s (Python package, in the runner\'s process), threads=%s, '
                        'memory_limit %s, checkpoint_threshold %s, the same table, statements (with a bound '
                        'parameter), operation sequence and checks; DuckDB\'s own WAL and defaults\n' % (
                            lb, r['duckdb_version'], r['duckdb_threads'], r['duckdb_memory_limit'],
                            r['duckdb_checkpoint_threshold']))
        for m in skipped:
            f.write('- skipped: %s\n' % m)
        f.write('\nEvery parameter of every run is in `%s`.\n' % os.path.basename(csvpath))
        for size in a.sizes:
            nbytes, sname = SIZES[size]
            f.write('\n## %s blob\n\n' % sname)
            f.write('Throughput, operations/s: median (min–max) of %d runs.\n\n' % a.repeat)
            f.write('| read %% | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
            for pct in a.pcts:
                f.write('| %d | %s |\n' % (pct, ' | '.join(
                    fmt_med([r['ops_per_s'] for r in results.get((size, pct, lb), [])]) for lb in labels)))
            f.write('\nThroughput, MiB/s (median).\n\n')
            f.write('| read %% | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
            for pct in a.pcts:
                f.write('| %d | %s |\n' % (pct, ' | '.join(
                    '%.1f' % m if m is not None else '-'
                    for m in (med(results, (size, pct, lb), lambda r: r['mib_per_s']) for lb in labels))))
            pairs = [('ours-%s' % j, '%s-%s' % (st, j)) for st in ('stock', 'stock-dropin') for j in a.journals
                     if 'ours-%s' % j in labels and '%s-%s' % (st, j) in labels]
            pairs += [(x, y) for x, y in (('stock-wal', 'stock-delete'), ('ours-wal', 'fs-inplace'),
                                          ('ours-wal', 'duckdb-1t'))
                      if x in labels and y in labels]
            if pairs:
                f.write('\nRatios of median throughputs within this run (> 1: the first is faster).\n\n')
                f.write('| read %% | %s |\n|---|%s\n' % (' | '.join('%s / %s' % p for p in pairs), '---|' * len(pairs)))
                for pct in a.pcts:
                    cells = []
                    for x, y in pairs:
                        mx = med(results, (size, pct, x), lambda r: r['ops_per_s'])
                        my = med(results, (size, pct, y), lambda r: r['ops_per_s'])
                        cells.append('%.3f' % (mx / my) if mx and my else '-')
                    f.write('| %d | %s |\n' % (pct, ' | '.join(cells)))
            f.write('\nLatency per operation, ms: median over runs of p50 / p99 (all operations).\n\n')
            f.write('| read %% | %s |\n|---|%s\n' % (' | '.join(labels), '---|' * len(labels)))
            for pct in a.pcts:
                cells = []
                for lb in labels:
                    p50 = med(results, (size, pct, lb), lambda r: r['all']['p50_ms'])
                    p99 = med(results, (size, pct, lb), lambda r: r['all']['p99_ms'])
                    cells.append('%.3f / %.3f' % (p50, p99) if p50 is not None else '-')
                f.write('| %d | %s |\n' % (pct, ' | '.join(cells)))
            f.write('\nDatabase (or file) size after a run, bytes (last run at 50% reads, or the last ratio run; '
                    'SQLite: the database after close; DuckDB: .duckdb + .wal after close).\n\n')
            pct_ref = 50 if 50 in a.pcts else a.pcts[-1]
            f.write('| %s |\n|%s\n| %s |\n' % (' | '.join(labels), '---|' * len(labels), ' | '.join(
                '{:,}'.format(results[(size, pct_ref, lb)][-1]['db_bytes']) if results.get((size, pct_ref, lb))
                else '-' for lb in labels)))
        benchlib.write_tail(f, plots, elapsed)


def make_plots(a, stamp, units, results):
    """PNG plots, one per blob size, one panel per journal mode: grouped bars
    of throughput per read ratio (linear scale, as the paper's Figure 7).
    The filesystem and DuckDB, which have no journal mode, appear in each
    panel.  A list of files, or a string saying why there are none."""
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt
    out = []
    for size in a.sizes:
        fig, axes = plt.subplots(1, len(a.journals), figsize=(7 * len(a.journals), 4.8), squeeze=False)
        for ax, j in zip(axes[0], a.journals):
            labels = [label(s, jj) for s, jj in units if jj in (None, j)]
            benchlib.grouped_bars(ax, labels, len(a.pcts), lambda pi, lb: [
                r['ops_per_s'] for r in results.get((size, a.pcts[pi], lb), [])])
            ax.set_xticks(range(len(a.pcts)))
            ax.set_xticklabels(['%d%%' % p for p in a.pcts])
            ax.set_xlabel('read operations')
            ax.set_ylabel('operations/s (median, min–max)%s' % ('; log scale' if a.log_y else ''))
            if a.log_y:
                ax.set_yscale('log')
            ax.set_title('SQLite journal_mode=%s, synchronous=%s' % (j.upper(), a.sync.upper()))
            ax.legend(fontsize=7)
        fig.suptitle('BLOB benchmark, %s blob (%s scale, higher is better)' % (
            SIZES[size][1], 'logarithmic' if a.log_y else 'linear'))
        out.append(benchlib.save_figure(plt, fig, os.path.join(a.out, 'blob-%s-%s.png' % (stamp, size))))
    return out


if __name__ == '__main__':
    main()
