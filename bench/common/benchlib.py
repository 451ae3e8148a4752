"""Helpers shared by the benchmark runners bench/*/run.py: where the builds
are, error handling and argument parsing, the machine's description,
library snapshots and the C drivers, the generator the drivers use,
medians and percentiles, and the common parts of reports and plots.

A runner imports it by its path relative to the runner, so that
`python3 bench/X/run.py` works from any directory:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
    import benchlib

and calls benchlib.init('X') first, so that its messages start with
'bench/X: '.  Python standard library only.
"""
import argparse, hashlib, json, os, platform, re, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, '..', '..'))
OUT = os.path.join(TOP, 'bench', 'out')
# Stock 3.53.4 as bench/build-stock.sh builds it (--dropin: with our options).
STOCK_LIB = os.path.join(TOP, 'bench', '.stock', 'libsqlite3.so.0')
STOCK_SHELL = os.path.join(TOP, 'bench', '.stock', 'sqlite3')
STOCK_DROPIN_LIB = os.path.join(TOP, 'bench', '.stock-dropin', 'libsqlite3.so.0')
STOCK_DROPIN_SHELL = os.path.join(TOP, 'bench', '.stock-dropin', 'sqlite3')
# Our build (./configure && make in build/): the shell, and the places the
# shared library may have, first found wins.
# LIPSQLITE_BENCH_BUILD names another directory holding sqlite3 and
# libsqlite3.so* (a snapshot of build/, so that a rebuild during a run does
# not change what is measured).
OURS_BUILD = os.environ.get('LIPSQLITE_BENCH_BUILD') or os.path.join(TOP, 'build')
OURS_SHELL = os.path.join(OURS_BUILD, 'sqlite3')
OURS_LIBS = [os.path.join(OURS_BUILD, p) for p in
             ('libsqlite3.so.0', '.libs/libsqlite3.so.0', 'libsqlite3.so', '.libs/libsqlite3.so')]
MISSING_OURS = 'no libsqlite3.so in build/ (run ./configure && make, or give --lib-ours)'
M64 = (1 << 64) - 1

_name = 'bench'


def init(name):
    """Name the running benchmark (its directory under bench/): the prefix
    of every message of die() and skipped()."""
    global _name
    _name = 'bench/' + name


class BadInput(Exception):
    """A bad command-line value; main() turns it into die(message)."""


def mapped_sqlite():
    """The files named libsqlite3* this process has mapped: [path, device,
    inode] each, so that a runner can check its child loaded the library
    snapshot it gave it (bench/tpch/child.py, bench/htap/worker.py)."""
    out = set()
    with open('/proc/self/maps') as f:
        for line in f:
            parts = line.split(None, 5)
            if len(parts) == 6 and os.path.basename(parts[5].strip()).startswith('libsqlite3'):
                out.add(parts[5].strip())
    res = []
    for p in sorted(out):
        st = os.stat(p)
        res.append([p, st.st_dev, st.st_ino])
    return res


def die(msg, status=2):
    """One line on stderr and exit (2: bad input or a missing system or
    build; 1: a run failed)."""
    sys.stderr.write('%s: %s\n' % (_name, msg))
    sys.exit(status)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit status 2."""

    def error(self, message):
        die(message)


def progress(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def csv_list(text, known, what):
    """The comma-separated words of text, each one of known (matched
    without regard to case, returned as spelled in known), without
    repeats, in the order given.  BadInput for an unknown word or an
    empty list."""
    canon = {str(k).lower(): k for k in known}
    out = []
    for x in [t.strip() for t in text.split(',') if t.strip()]:
        k = canon.get(x.lower())
        if k is None:
            raise BadInput('unknown %s %r (known: %s)' % (what, x, ', '.join(map(str, known))))
        if k not in out:
            out.append(k)
    if not out:
        raise BadInput('empty list for %s' % what)
    return out


def number_list(text, what, kind=int, lo=None, hi=None, meaning=''):
    """The comma-separated numbers of text (kind: int or float), without
    repeats, in the order given, each from lo to hi where they are given
    (meaning: what the range is, for the message).  BadInput for a word
    that is not a number, one out of range or an empty list."""
    out = []
    for x in [t.strip() for t in text.split(',') if t.strip()]:
        try:
            v = kind(x)
        except ValueError:
            raise BadInput('%s: %r is not %s' % (what, x, 'an integer' if kind is int else 'a number'))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            rng = '>= %s' % lo if hi is None else '%s..%s' % (lo, hi)
            raise BadInput('%s: %s is not %s%s' % (what, x, rng, ' (%s)' % meaning if meaning else ''))
        if v not in out:
            out.append(v)
    if not out:
        raise BadInput('empty list for %s' % what)
    return out


def system_list(text, systems, aliases):
    """The systems of a --systems value: names of systems or of aliases
    (a name for a list of systems), in the order of systems.  BadInput for
    an unknown name or an empty list."""
    want = []
    for x in csv_list(text, list(systems) + list(aliases), 'system'):
        want += aliases.get(x, [x])
    return [s for s in systems if s in want]


def finish_args(a, **defaults):
    """Give every option name=(quick, full) of defaults that is still None
    its value for --quick (a.quick) or for a full run, then check_common(a)."""
    for name, (quick, full) in defaults.items():
        if getattr(a, name) is None:
            setattr(a, name, quick if a.quick else full)
    check_common(a)


def check_common(a):
    """Check the options most runners share, where a has them: --repeat
    at least 1, --warmup-runs at least 0, --page-size a power of two from
    512 to 65536.  die() otherwise."""
    if getattr(a, 'repeat', 1) < 1:
        die('--repeat must be at least 1 (got %d)' % a.repeat)
    if getattr(a, 'warmup_runs', 0) < 0:
        die('--warmup-runs must be >= 0 (got %d)' % a.warmup_runs)
    n = getattr(a, 'page_size', 4096)
    if n < 512 or n > 65536 or n & (n - 1):
        die('--page-size must be a power of two from 512 to 65536 (got %d)' % n)


LIB_HELP = ('NAME=DIR: another build of ours (a directory like build/, holding sqlite3 and '
            'libsqlite3.so*), e.g. before=/work/wt-before/build; then SYSTEM@NAME in --systems runs '
            'SYSTEM with that build (its column copies built by its own shell); repeatable')


def extra_builds(values):
    """The builds of the --lib NAME=DIR options (values: a list or None): a
    dict of NAME to dict(dir, shell, lib).  A bad value, or a directory
    without sqlite3 or libsqlite3.so*, dies."""
    out = {}
    for v in values or []:
        name, eq, d = v.partition('=')
        if not eq or not name or not d or not name.replace('-', '').replace('_', '').isalnum():
            die('--lib %r: expected NAME=DIR (NAME letters, digits, - or _)' % v)
        if name in out:
            die('--lib %s given twice' % name)
        d = os.path.abspath(d)
        shell = os.path.join(d, 'sqlite3')
        lib = next((os.path.join(d, p) for p in ('libsqlite3.so.0', '.libs/libsqlite3.so.0', 'libsqlite3.so',
                                                 '.libs/libsqlite3.so') if os.path.exists(os.path.join(d, p))), None)
        if not os.access(shell, os.X_OK) or lib is None:
            die('--lib %s=%s: no sqlite3 and libsqlite3.so* there (./configure && make)' % (name, d))
        out[name] = dict(dir=d, shell=shell, lib=lib)
    return out


def split_system(s):
    """'SYSTEM@NAME' -> ('SYSTEM', 'NAME'); 'SYSTEM' -> ('SYSTEM', None)."""
    base, at, name = s.partition('@')
    return base, (name if at else None)


def parse_library_args(ap, dropin=False):
    """Add to the parser ap the options of a runner that drives libraries
    with a C driver and writes into bench/out: --lib-ours, --lib-stock (and
    --lib-stock-dropin if dropin), --dir, --out, --no-plots; parse the
    command line and return the options."""
    ap.add_argument('--lib-ours', default=None, help='our libsqlite3.so (default: found in build/)')
    ap.add_argument('--lib-stock', default=STOCK_LIB, help='stock libsqlite3.so (default bench/.stock/libsqlite3.so.0)')
    if dropin:
        ap.add_argument('--lib-stock-dropin', default=STOCK_DROPIN_LIB,
                        help='stock built with our options (default bench/.stock-dropin/libsqlite3.so.0)')
    ap.add_argument('--dir', default=None, help='directory of the database files (default: --out)')
    ap.add_argument('--out', default=OUT)
    ap.add_argument('--no-plots', action='store_true')
    return ap.parse_args()


def find_libraries(a):
    """The libraries of the options of parse_library_args(): a dict of
    'ours', 'stock' (and 'stock-dropin' if a has lib_stock_dropin) to a
    path, or None where the default one does not exist.  A library named
    on the command line must exist (die() otherwise)."""
    ours = a.lib_ours
    if ours is None:
        ours = next((p for p in OURS_LIBS if os.path.exists(p)), None)
    elif not os.path.isfile(ours):
        die('--lib-ours %s: no such file' % ours)
    libs = {'ours': ours}
    for key, opt, default in (('stock', 'lib_stock', STOCK_LIB), ('stock-dropin', 'lib_stock_dropin', STOCK_DROPIN_LIB)):
        path = getattr(a, opt, None)
        if path is None:
            continue
        if path != default and not os.path.isfile(path):
            die('--%s %s: no such file' % (opt.replace('_', '-'), path))
        libs[key] = path if os.path.isfile(path) else None
    return libs


def missing_stock(system, path, dropin=False):
    """The message for a stock library that is not there."""
    if dropin:
        return ('%s: no stock library with our options %s (run bench/build-stock.sh --dropin)' % (system, path))
    return '%s: no stock library %s (run bench/build-stock.sh)' % (system, path)


def drop_unavailable(system_list, explicit, why):
    """Remove from system_list (in place) every system for which why(system)
    gives a message, and return the messages.  A system named on the
    command line (explicit) must be available: die() with its message.  So
    must one system at least."""
    skipped = []
    for s in list(system_list):
        msg = why(s)
        if msg:
            if explicit:
                die(msg)
            skipped.append(msg)
            system_list.remove(s)
    if not system_list:
        die('no system to run: ' + '; '.join(skipped))
    for m in skipped:
        progress('%s: skipped %s' % (_name, m))
    return skipped


def output_dirs(a):
    """Make --out if needed and check --dir; return (the directory of the
    database files, the time stamp of this run's output files)."""
    os.makedirs(a.out, exist_ok=True)
    dbdir = os.path.abspath(a.dir or a.out)
    if not os.path.isdir(dbdir):
        die('--dir %s: no such directory' % dbdir)
    return dbdir, time.strftime('%Y%m%d-%H%M%S')


def sha256(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for b in iter(lambda: f.read(1 << 20), b''):
            h.update(b)
    return h.hexdigest()


def machine(dbdir=None):
    """The machine: kernel, cpu (model name), cores; with dbdir, also the
    filesystem of dbdir (`stat -f` type, and findmnt's type and mount
    options where findmnt exists) and dbdir itself."""
    cpu = ''
    with open('/proc/cpuinfo') as f:
        for l in f:
            if l.startswith('model name'):
                cpu = l.split(':', 1)[1].strip()
                break
    out = {'kernel': platform.release(), 'cpu': cpu, 'cores': os.cpu_count()}
    if dbdir is None:
        return out
    fs = subprocess.run(['stat', '-f', '-c', '%T', dbdir], capture_output=True, text=True).stdout.strip()
    mtype = mopts = ''
    if shutil.which('findmnt'):
        mnt = subprocess.run(['findmnt', '-n', '-o', 'FSTYPE,OPTIONS', '--target', dbdir],
                             capture_output=True, text=True).stdout.split()
        if len(mnt) == 2:
            mtype, mopts = mnt
    out.update(fs=fs, mount_type=mtype, mount_options=mopts, db_dir=dbdir)
    return out


def shell_ident(shell):
    """What a run's report says of our shell: 'SOURCE_ID; tree DESCRIBE',
    the shell's sqlite_source_id() and `git describe --always --dirty` of
    the repository."""
    src = subprocess.run([shell, '-batch', ':memory:', 'SELECT sqlite_source_id()'],
                         capture_output=True, text=True).stdout.strip()
    head = subprocess.run(['git', '-C', TOP, 'describe', '--always', '--dirty'],
                          capture_output=True, text=True).stdout.strip()
    return '%s; tree %s' % (src, head)


def remove_db(path):
    """Remove a database and every file next to it that SQLite, DuckDB or
    a driver makes (-journal, -wal, -shm, .wal, .tmp); missing ones are
    not an error."""
    for suffix in ('', '-journal', '-wal', '-shm', '.wal', '.tmp'):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass


def duck_version():
    """The duckdb package's version, or None if it does not import."""
    try:
        import duckdb
        return duckdb.__version__
    except Exception:   # not installed, or a broken installation
        return None


def duck_open(path, threads, config=None, read_only=True):
    """A read-only connection (read_only=False: a read-write one, for a
    runner that writes, bench/htap) to the DuckDB database path, in a DuckDB
    instance of its own with threads threads, for a runner to keep open
    for its whole run (one per system).  duckdb.connect(path) twice in one
    process gives two connections to one instance, whose SET threads is
    global: the second system's setting would become the first's.  An
    in-memory instance that ATTACHes path read-only is its own instance,
    with its own threads setting and its own buffer pool."""
    import duckdb
    con = duckdb.connect(':memory:', config=dict(config or {}))
    con.execute("ATTACH '%s' AS bench%s" % (path.replace("'", "''"), ' (READ_ONLY)' if read_only else ''))
    con.execute('USE bench')
    con.execute('SET threads=%d' % threads)
    got = con.execute("SELECT current_setting('threads')").fetchone()[0]
    if int(got) != threads:
        die('DuckDB: SET threads=%d reads back %s' % (threads, got), 1)
    return con


# What a report says of which side ran warm and which cold, for the runners
# whose SQLite side runs each query in a new shell process (ssb, research).
WARMTH_SHELL_VS_DUCK = (
    'Warm and cold: ours (and every SQLite system) runs each query in a new shell process '
    '(a cold process: an empty page cache, the OS page cache warm); DuckDB runs every query on one '
    'long-lived connection per system (its own instance, threads set on it), opened once for the '
    'whole run, so that every DuckDB timing after the warm-up is warm.')


def lipsqlite_version(res):
    """LIPSQLITE_VERSION of the compile options in res (a dict with
    'compile_options', space-separated), or '' (stock)."""
    for o in (res.get('compile_options') or '').split():
        if o.startswith('LIPSQLITE_VERSION='):
            return o.split('=', 1)[1]
    return ''


# The alphabet of the drivers' random text, and every pair of its letters
# indexed by the two-digit base-62 number they stand for (the first letter
# the low digit).
ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
ALNUM_PAIRS = [ALNUM[i % 62] + ALNUM[i // 62] for i in range(62 * 62)]


class Xorshift64Star:
    """The drivers' generator (bench/common/benchlib.h: prngSeed(),
    prngNext()), so that Python code draws the same stream."""

    def __init__(self, seed):
        self.x = (0x9E3779B97F4A7C15 ^ seed) & M64 or 1

    def next(self):
        x = self.x
        x ^= x >> 12
        x ^= (x << 25) & M64
        x ^= x >> 27
        self.x = x
        return (x * 0x2545F4914F6CDD1D) & M64

    def text(self, n):
        """n pseudo-random letters and digits drawn as prngText() of
        bench/largetx/largetx.c draws them: each output gives up to ten
        characters, its base-62 digits from the least significant, the
        rest of the output unused."""
        out = []
        x = self.x
        while n > 0:
            # prngNext() inline: this runs ~100,000 times per 1 MB transaction.
            x ^= x >> 12
            x ^= (x << 25) & M64
            x ^= x >> 27
            v = (x * 0x2545F4914F6CDD1D) & M64
            # Two base-62 digits at a time (v % 3844: the low digit first).
            a = v % 3844
            v //= 3844
            b = v % 3844
            v //= 3844
            c = v % 3844
            v //= 3844
            d = v % 3844
            v //= 3844
            out.append((ALNUM_PAIRS[a] + ALNUM_PAIRS[b] + ALNUM_PAIRS[c] + ALNUM_PAIRS[d] +
                        ALNUM_PAIRS[v % 3844])[:n])
            n -= 10
        self.x = x
        return ''.join(out)


def percentile(sorted_values, p, empty=None):
    """The p-th percentile of sorted_values by nearest rank, as the drivers
    compute it; empty if there are no values."""
    n = len(sorted_values)
    if not n:
        return empty
    return sorted_values[min(max(int(p / 100.0 * n + 0.999999999), 1), n) - 1]


def med(results, key, field='tx_per_s'):
    """The median of field (a key, or a function of a result) over the
    results[key] list, ignoring None values; None if there are none."""
    f = field if callable(field) else (lambda r: r[field])
    v = [x for x in (f(r) for r in results.get(key) or []) if x is not None]
    return statistics.median(v) if v else None


def fmt_med(values, digits=1, thousands=False):
    """'median (min–max)' of values with digits decimals (and thousands
    separators if asked), or '-' if there are none."""
    if not values:
        return '-'
    f = ('{:,.%df}' if thousands else '{:.%df}') % digits
    return '%s (%s–%s)' % tuple(f.format(v) for v in (statistics.median(values), min(values), max(values)))


class DriverBench:
    """A C driver bench/NAME/NAME.c, compiled into the scratch directory
    tmp, and the snapshots of the libraries it loads (self.libs: key ->
    dict(path, snapshot, sha256, version, source_id))."""

    def __init__(self, name, a, tmp):
        self.name = name
        self.a = a
        self.tmp = tmp
        self.src = os.path.join(TOP, 'bench', name, name + '.c')
        self.driver = os.path.join(tmp, name)
        self.libs = {}

    def compile_driver(self):
        """Compile the driver (it includes ../common/benchlib.h by its
        relative path); record the compiler and the command."""
        cmd = ['cc', '-O2', '-Wall', '-o', self.driver, self.src, '-ldl']
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            die('compiling the driver failed: %s' % r.stderr.strip().splitlines()[-1:], 1)
        self.cc = subprocess.run(['cc', '--version'], capture_output=True, text=True).stdout.splitlines()[0]
        self.compile_cmd = 'cc -O2 -Wall -o %s bench/%s/%s.c -ldl' % (self.name, self.name, self.name)

    def run_json(self, cmd, what, timeout=1800, env=None):
        """Run the driver command cmd (in the environment env if given) and
        return its JSON output; die(), status 1, with the end of its stderr
        if it fails (what: the run)."""
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        if r.returncode != 0:
            die('%s failed: %s' % (what, r.stderr.strip()[-400:]), 1)
        return json.loads(r.stdout)

    def snapshot(self, key, path):
        """Copy the library to the scratch directory, so that the whole run
        uses one build even if it is rebuilt meanwhile, and check that it
        loads.  A library in the middle of being relinked is retried."""
        snap = os.path.join(self.tmp, 'lib%s.so' % key)
        err = ''
        for attempt in range(6):
            if attempt:
                time.sleep(5)
            try:
                shutil.copyfile(path, snap)
            except OSError as e:
                err = str(e)
                continue
            r = subprocess.run([self.driver, snap, '--probe'], capture_output=True, text=True)
            if r.returncode == 0:
                info = json.loads(r.stdout)
                self.libs[key] = dict(path=path, snapshot=snap, sha256=sha256(snap),
                                      version=info['sqlite_version'], source_id=info['source_id'])
                return
            err = r.stderr.strip()
        die('library %s does not load: %s' % (path, err), 1)

    def library_dir(self, key):
        """A directory of the scratch directory that holds the snapshot of
        library key (see snapshot()) under the name libsqlite3.so.0 and
        nothing else: the LD_LIBRARY_PATH of a process whose libsqlite3 is
        found by the dynamic linker (Python's sqlite3 module)."""
        d = os.path.join(self.tmp, 'ld-' + key)
        link = os.path.join(d, 'libsqlite3.so.0')
        if not os.path.exists(link):
            os.makedirs(d, exist_ok=True)
            try:
                os.link(self.libs[key]['snapshot'], link)
            except OSError:   # a file system without hard links
                shutil.copyfile(self.libs[key]['snapshot'], link)
        return d


def write_tail(f, plots, elapsed=None, heading='Plots'):
    """The end of a Markdown report: the plot files (or why there are
    none) and the wall time of the run if given."""
    f.write('\n## %s\n\n' % heading)
    if isinstance(plots, str):
        f.write('%s\n' % plots)
    else:
        for p in plots:
            f.write('- `%s`\n' % os.path.basename(p))
    if elapsed is not None:
        f.write('\nWall time of this benchmark: %.0f s.\n' % elapsed)


def print_report(md, *paths):
    """Print the Markdown report md, then the files of the run
    ((label, path) pairs)."""
    with open(md) as f:
        print(f.read())
    print('\n'.join('%s: %s' % lp for lp in paths))


def pyplot():
    """matplotlib.pyplot with the Agg backend, or a string saying why
    there are no plots."""
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except Exception as e:   # not importable, or a broken installation
        return 'plots skipped: matplotlib is not importable (%s)' % e.__class__.__name__
    return plt


def save_figure(plt, fig, path):
    """Lay out fig, write it to path as a PNG (110 dpi), close it and
    return path."""
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def grouped_bars(ax, labels, ngroups, values, capsize=2):
    """Grouped bars on ax: for each group 0..ngroups-1 one bar per label,
    the median of values(group, label) (a list, maybe empty: no bar), with
    min-max error bars.  Return every value drawn."""
    width = 0.8 / len(labels)
    drawn = []
    for i, lb in enumerate(labels):
        xs, ys, lo, hi = [], [], [], []
        for gi in range(ngroups):
            v = values(gi, lb)
            if not v:
                continue
            m = statistics.median(v)
            drawn += v
            xs.append(gi + (i - (len(labels) - 1) / 2) * width)
            ys.append(m)
            lo.append(m - min(v))
            hi.append(max(v) - m)
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=capsize, label=lb)
    return drawn


# ------------------------------------------------ rounds of side-by-side queries

def rounded_numbers(rows):
    """The numbers of rows printed by the shell (lines 'a|b') or fetched
    from DuckDB (tuples), rounded to 2 places, for comparing systems."""
    out = []
    for row in rows:
        for v in (row.split('|') if isinstance(row, str) else row):
            out.append(round(float(v), 2))
    return out


def duck_timed(path, sql, threads=1):
    """Run sql on the DuckDB file path on a fresh connection with threads
    threads; return (seconds, rows)."""
    con = duck_open(path, threads)
    t0 = time.perf_counter()
    rows = con.execute(sql).fetchall()
    t = time.perf_counter() - t0
    con.close()
    return t, rows


def write_round_times(path, times, names, column='system'):
    """Write times, {(query index, system): [seconds of each timed
    round]}, to the CSV file path: query (names[query index]), column,
    run (from 1), seconds."""
    import csv
    with open(path, 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['query', column, 'run', 'seconds'])
        for (qi, system), ts in sorted(times.items()):
            for i, t in enumerate(ts):
                w.writerow([names[qi], system, i + 1, t])


# ---------------------------------------------------------------- column copies

_TIME_RE = re.compile(r'^Run Time: real ([0-9.]+)')


def shell_timed(shell, db, sql, pragmas='', repeat=1):
    """Run sql repeat times in one process of the sqlite3 shell on db,
    after the PRAGMA statements pragmas, under .timer; return (seconds,
    the shell's real times summed over the repeats, the rows it printed)."""
    script = '%s\n.timer on\n%s' % (pragmas, ('%s;\n' % sql) * repeat)
    r = subprocess.run([shell, '-batch', db], input=script,
                       capture_output=True, text=True)
    if r.returncode != 0:
        die('%s failed: %s' % (shell, r.stderr[-400:]), 1)
    t, rows = None, []
    for line in r.stdout.splitlines():
        m = _TIME_RE.match(line)
        if m:
            t = (t or 0.0) + float(m.group(1))
        elif line.strip():
            rows.append(line)
    if t is None:
        die('no timing in the output of %s' % shell, 1)
    return t, rows


def _copies_current(shell, path):
    """True if every column copy of the database file path is one that
    scans of this build read: PRAGMA column_copy_list succeeds and shows
    every copy with its record of changed rows and no stale chunk."""
    r = subprocess.run([shell, '-bail', '-header', '-separator', '|', path, 'PRAGMA column_copy_list;'],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    if r.returncode != 0 or len(lines) < 2:
        return False
    keys = lines[0].split('|')
    for l in lines[1:]:
        row = dict(zip(keys, l.split('|')))
        if row.get('changed_rows', '') == '' or row.get('stale_chunks') != '0':
            return False
    return True


def column_copy_db(shell, src, tables=None, suffix='-cc'):
    """A copy of the database file src (its name with suffix before the
    extension, made once, next to it, and again when its copies are not
    ones this build reads) in which PRAGMA column_copy(T) has
    built a column copy of every rowid table T (or of tables), by our
    shell.  Return (path, info): info a dict of the build, read back from
    a JSON file beside it when the copy was made by an earlier run:
    per table the seconds of its PRAGMA column_copy (wall time of the
    shell process, and the PRAGMA's own figure), rows, chunks, bytes and
    base_bytes of PRAGMA column_copy_list, and the file's bytes before and
    after.  The shell must know the PRAGMA (lipsqlite with column copies)."""
    root, ext = os.path.splitext(src)
    out = root + suffix + ext
    meta = out + '.json'
    if os.path.exists(out) and os.path.exists(meta):
        if _copies_current(shell, out):
            with open(meta) as f:
                return out, json.load(f)
        # Built by an older lipsqlite (no record of changed rows, trigger
        # version 2): no scan would read its copies.  Build them anew.
        progress('%s: the copies of %s are not current: built anew' % (_name, os.path.basename(out)))
        remove_db(out)
    tmp = out + '.tmp'
    remove_db(tmp)
    shutil.copyfile(src, tmp)
    if tables is None:
        r = subprocess.run([shell, tmp, "SELECT name FROM sqlite_schema WHERE type='table' AND name NOT LIKE "
                                        "'sqlite_%' AND name NOT LIKE 'lipsqlite_%' AND sql NOT LIKE "
                                        "'%WITHOUT ROWID%' ORDER BY name"], capture_output=True, text=True)
        tables = r.stdout.split()
    info = {'file_bytes_before': os.path.getsize(tmp), 'tables': {}}
    for t in tables:
        progress('%s: PRAGMA column_copy(%s) in %s' % (_name, t, os.path.basename(out)))
        t0 = time.perf_counter()
        r = subprocess.run([shell, '-bail', tmp, "PRAGMA column_copy('%s');" % t], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if r.returncode != 0:
            die('PRAGMA column_copy(%s) failed: %s' % (t, (r.stderr or r.stdout).strip()[-400:]), 1)
        parts = r.stdout.strip().split('|')
        info['tables'][t] = {'wall_s': round(wall, 4), 'pragma_s': float(parts[3]) if len(parts) > 3 else None}
    # A second PRAGMA column_copy(T) of every table once all are built: building
    # a later table's copy changes the schema cookie, and a copy built under
    # an older cookie is re-checked rowid by rowid on every new connection.
    for t in tables:
        t0 = time.perf_counter()
        r = subprocess.run([shell, '-bail', tmp, "PRAGMA column_copy('%s');" % t], capture_output=True, text=True)
        if r.returncode != 0:
            die('PRAGMA column_copy(%s) failed: %s' % (t, (r.stderr or r.stdout).strip()[-400:]), 1)
        info['tables'][t]['refresh_s'] = round(time.perf_counter() - t0, 4)
    r = subprocess.run([shell, '-bail', '-header', '-separator', '|', tmp, 'PRAGMA column_copy_list;'],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    if lines:
        keys = lines[0].split('|')
        for l in lines[1:]:
            row = dict(zip(keys, l.split('|')))
            t = row.pop('table', None)
            if t in info['tables']:
                info['tables'][t].update({k: int(v) for k, v in row.items() if v.lstrip('-').isdigit()})
    info['file_bytes_after'] = os.path.getsize(tmp)
    info['build_s'] = round(sum(v['wall_s'] for v in info['tables'].values()), 4)
    info['copy_bytes'] = sum(v.get('bytes', 0) for v in info['tables'].values())
    info['base_bytes'] = sum(v.get('base_bytes', 0) for v in info['tables'].values())
    os.rename(tmp, out)
    with open(meta, 'w') as f:
        json.dump(info, f, indent=1)
    return out, info


def column_copy_summary(info):
    """One line of a report: the build of column_copy_db()'s info."""
    per = ', '.join('%s %.2f s, %s rows, %s of %s bytes (%.2fx)' % (
        t, v['wall_s'], '{:,}'.format(v.get('rows', 0)), '{:,}'.format(v.get('bytes', 0)),
        '{:,}'.format(v.get('base_bytes', 0)), v.get('bytes', 0) / v['base_bytes'] if v.get('base_bytes') else 0)
        for t, v in info['tables'].items())
    return ('copies built in %.2f s in all (%s); then PRAGMA column_copy of every table again (so that each '
            'records the final schema cookie), %.2f s; file %s -> %s bytes' % (
        info['build_s'], per, sum(v.get('refresh_s', 0) for v in info['tables'].values()), '{:,}'.format(info['file_bytes_before']), '{:,}'.format(info['file_bytes_after'])))
