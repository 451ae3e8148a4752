#!/usr/bin/env python3
"""TPC-H side by side: stock SQLite 3.53.4, lipsqlite with PRAGMA
subquery_amortize off and on, lipsqlite with column copies of every table
(ours-cc), and DuckDB with 1 thread and all cores, on the same data, in one
run, alternating systems query by query.

  python3 bench/tpch/run.py --sf 0.1 [--repeat 3] [--systems stock,ours-on]
                            [--queries Q1,Q17] [--limit SECONDS] [--instructions]
  python3 bench/tpch/run.py --sf 1 --lib before=../wt-before/build --systems ours-cc,ours-cc@before

Data: DuckDB's TPC-H generator (duckdb 1.5.5 and duckdb-extension-tpch
1.5.5 from PyPI), CALL dbgen(sf=SF) into bench/out/tpch-sf<SF>.duckdb, then
the same rows loaded into bench/out/tpch-sf<SF>.db through Python's sqlite3
module: TPC-H's primary keys (INTEGER PRIMARY KEY where the key is one
integer, PRIMARY KEY(...) of partsupp and lineitem), no other index, no
ANALYZE; dates as ISO TEXT, decimals REAL.  Both are reused when present
(the SQLite one when its row counts are DuckDB's).

Queries: DuckDB runs the texts of its tpch_queries(); the SQLite systems
run bench/tpch/queries/qNN.sql, written from them by bench/tpch/rewrite.py
(checked to be up to date).  Every system's rows are compared with
DuckDB's (sorted; numbers rounded to 2 places); a difference stops the run.

Systems: stock (bench/.stock/libsqlite3.so.0, built by bench/build-stock.sh
if missing), ours-off / ours-on (build/libsqlite3.so.0 with PRAGMA
subquery_amortize=OFF / ON, read back), ours-cc (ours-on on
bench/out/tpch-sf<SF>-cc.db: a copy of the database in which PRAGMA
column_copy built a column copy of every table, once; build seconds and
bytes in the report), duckdb-1t (SET threads=1),
duckdb-all (all cores).  A SQLite system runs in its own Python process
(bench/tpch/child.py) whose LD_LIBRARY_PATH holds a snapshot of its library
alone; the runner checks the process maps that file and reports its
version and compile options.  Each query: 1 warm-up run and --repeat timed
runs per system, the systems' order reversed every other run.  A run over
--limit seconds is interrupted and reported as >LIMIT, and that system's
remaining runs of the query are skipped.  --instructions also counts the
instructions of one run of each query per SQLite system under callgrind
(bench/tpch/tpch.c).

Writes bench/out/tpch-<stamp>.csv (one row per timed run, with the full
configuration), tpch-<stamp>.md (medians, min-max, ratios, totals) and,
when matplotlib imports, tpch-<stamp>.png.
"""
import argparse, csv, itertools, json, os, re, select, shutil, signal, sqlite3, statistics, subprocess
import sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
sys.path.insert(0, HERE)
import benchlib
from benchlib import TOP, die, progress
import child, rewrite, tpchlib
from tpchlib import DUCKDB_VERSION, TABLES, duck_connect, query_file

benchlib.init('tpch')
QUERIES = ['Q%d' % n for n in range(1, 23)]
# system -> (library, PRAGMA subquery_amortize value to set)
SQLITE = {'stock': ('stock', None), 'ours-off': ('ours', 'OFF'), 'ours-on': ('ours', 'ON'), 'ours-cc': ('ours', 'ON')}
# Systems that run on the database with column copies of every table
# (tpch-sf<SF>-cc.db, built once by PRAGMA column_copy: benchlib.column_copy_db()).
COPIES = {'ours-cc'}
DUCK = {'duckdb-1t': 1, 'duckdb-all': os.cpu_count() or 1}
SYSTEMS = list(SQLITE) + list(DUCK)
ALIASES = {'ours': ['ours-off', 'ours-on'], 'sqlite': list(SQLITE), 'duckdb': list(DUCK), 'all': SYSTEMS}
RATIOS = [('stock', 'ours-on'), ('ours-on', 'duckdb-1t'), ('ours-on', 'ours-cc'), ('ours-cc', 'duckdb-1t')]
CALLGRIND_SLOWDOWN = 50   # about; for the messages


# ---------------------------------------------------------------- data

def table_counts(con):
    """{table: rows} of the TPC-H tables of a DuckDB or sqlite3 connection."""
    return {t: con.execute('SELECT count(*) FROM %s' % t).fetchone()[0] for t in TABLES}


def make_duck(path, sf):
    """bench/out/tpch-sf<SF>.duckdb: CALL dbgen(sf=SF), unless present."""
    if not os.path.exists(path):
        tmp = path + '.tmp'
        benchlib.remove_db(tmp)
        progress('bench/tpch: generating %s (DuckDB dbgen, sf=%g)' % (os.path.basename(path), sf))
        t0 = time.time()
        con = duck_connect(tmp, tpch=True)
        con.execute('CALL dbgen(sf=%r)' % float(sf))
        con.close()
        os.rename(tmp, path)
        progress('  %.0f s' % (time.time() - t0))
    con = duck_connect(path, read_only=True)
    counts = table_counts(con)
    con.close()
    return counts


def writer_version(path):
    """The version of the SQLite library that last wrote the database file
    path (its header's SQLITE_VERSION_NUMBER, at offset 96)."""
    with open(path, 'rb') as f:
        n = int.from_bytes(f.read(100)[96:100], 'big')
    return '%d.%d.%d' % (n // 1000000, n // 1000 % 1000, n % 1000)


def make_sqlite(path, ddb, counts):
    """bench/out/tpch-sf<SF>.db, the rows of the DuckDB database ddb loaded
    through Python's sqlite3 module (one executemany() and one transaction
    per table, in primary-key order), unless present with the same row
    counts (counts).  Return whether it was loaded now."""
    if os.path.exists(path):
        try:
            con = sqlite3.connect('file:%s?mode=ro' % path, uri=True)
            have = table_counts(con)
            con.close()
        except sqlite3.Error as e:
            have = str(e)
        if have == counts:
            return False
        progress('bench/tpch: %s does not have the rows of %s (%s): loading it again' % (
            os.path.basename(path), os.path.basename(ddb), have))
    tmp = path + '.tmp'
    benchlib.remove_db(tmp)
    progress('bench/tpch: loading %s through Python\'s sqlite3 (SQLite %s)' % (
        os.path.basename(path), sqlite3.sqlite_version))
    dcon = duck_connect(ddb, read_only=True)
    con = sqlite3.connect(tmp, isolation_level=None)
    con.executescript(tpchlib.SCHEMA)
    for t in TABLES:
        t0 = time.time()
        cols = dcon.execute("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = ? "
                            "ORDER BY ordinal_position", [t]).fetchall()
        mine = [(r[1], r[2]) for r in con.execute('PRAGMA table_info(%s)' % t)]
        if [(c, tpchlib.DUCK_TYPES.get(d.split('(')[0], (d,))[0]) for c, d in cols] != mine:
            die('DuckDB\'s %s has columns %s, the SQLite schema %s' % (t, cols, mine), 1)
        keys = [r[1] for r in sorted(con.execute('PRAGMA table_info(%s)' % t), key=lambda r: r[5]) if r[5]]
        cur = dcon.execute('SELECT %s FROM %s ORDER BY %s' % (
            ', '.join(tpchlib.DUCK_TYPES[d.split('(')[0]][1] % c for c, d in cols), t, ', '.join(keys)))
        con.execute('BEGIN')
        con.executemany('INSERT INTO %s VALUES(%s)' % (t, ', '.join('?' * len(cols))),
                        itertools.chain.from_iterable(iter(lambda: cur.fetchmany(50000), [])))
        con.execute('COMMIT')
        progress('  %-9s %9d rows  %5.1f s' % (t, counts[t], time.time() - t0))
    have = table_counts(con)
    con.close()
    dcon.close()
    if have != counts:
        die('loaded %s, DuckDB has %s' % (have, counts), 1)
    os.rename(tmp, path)
    return True


def first_difference(ref, got):
    """None if the rows got (child.normal_rows()) are the rows ref, else a
    description of the first difference.  Numbers may differ by one unit in
    their second place: a value that falls on a rounding boundary may round
    either way after its last bit (DuckDB computes decimals exactly)."""
    def same(a, b):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return abs(a - b) <= 0.0100001 * max(1.0, abs(a) * 1e-12)
        return a == b
    for i, (r, g) in enumerate(zip(ref, got)):
        if len(r) != len(g) or not all(same(a, b) for a, b in zip(r, g)):
            return 'row %d: %s, DuckDB %s' % (i + 1, g, r)
    if len(ref) != len(got):
        return '%d rows, DuckDB %d' % (len(got), len(ref))
    return None


# ---------------------------------------------------------------- systems

class SqliteSystem:
    """A SQLite system: its child process (bench/tpch/child.py) on the
    library's snapshot, checked to be that library."""

    def __init__(self, name, bench, db):
        self.name = name
        self.lib, self.amortize = SQLITE[name]
        self.bench, self.db = bench, db
        self.proc = None
        self.start()

    def start(self):
        ldir = self.bench.library_dir(self.lib)
        cmd = [sys.executable, os.path.join(HERE, 'child.py'), self.db]
        if self.amortize:
            cmd += ['--amortize', self.amortize]
        self.errlog = os.path.join(self.bench.tmp, 'child-%s.err' % self.name)
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=open(self.errlog, 'w'), text=True,
                                     env=dict(os.environ, LD_LIBRARY_PATH=ldir))
        cfg = self.reply(60)
        if cfg is None:
            self.fail('does not start')
        self.check(cfg, os.stat(os.path.join(ldir, 'libsqlite3.so.0')))
        self.cfg = cfg

    def check(self, cfg, st):
        """The child runs the snapshot (mapped, by device and inode, and no
        other libsqlite3), with the probe's version and source id; stock
        has no LIPSQLITE_VERSION compile option, ours has; ours reads back
        the subquery_amortize it set, if it knows the PRAGMA."""
        info = self.bench.libs[self.lib]
        lipv = benchlib.lipsqlite_version(cfg)
        errs = []
        if [m[1:] for m in cfg['mapped']] != [[st.st_dev, st.st_ino]]:
            errs.append('maps %s, not the snapshot %s' % ([m[0] for m in cfg['mapped']], info['snapshot']))
        if (cfg['sqlite_version'], cfg['sql_version'], cfg['source_id']) != (info['version'],) * 2 + (info['source_id'],):
            errs.append('reports SQLite %s (%s), the library %s' % (cfg['sqlite_version'], cfg['source_id'],
                                                                     info['version']))
        if bool(lipv) != (self.lib != 'stock'):
            errs.append('has %s, and it is %s' % ('LIPSQLITE_VERSION=' + lipv if lipv else 'no LIPSQLITE_VERSION',
                                                  self.lib))
        want = {'ON': 1, 'OFF': 0}.get(self.amortize)
        if want is not None and cfg['subquery_amortize'] not in (None, want):
            errs.append('reads back subquery_amortize=%s after setting %s' % (cfg['subquery_amortize'],
                                                                              self.amortize))
        if errs:
            self.fail('; '.join(errs))

    def amortize_value(self):
        """What the report says of PRAGMA subquery_amortize."""
        if self.amortize is None:
            return 'n/a (stock)'
        v = self.cfg['subquery_amortize']
        return 'no row (PRAGMA unknown to this build; %s requested)' % self.amortize if v is None else str(v)

    def reply(self, timeout):
        """The child's next JSON line, or None if none comes in timeout
        seconds."""
        r, _, _ = select.select([self.proc.stdout], [], [], timeout)
        line = self.proc.stdout.readline() if r else ''
        if r and not line:
            self.fail('exited with status %s' % self.proc.wait())
        return json.loads(line) if line else None

    def run(self, sql, limit):
        """(seconds, rows) of one run, or (None, None) over the limit.  A
        child that does not stop within a minute of its limit is killed
        and started again."""
        self.proc.stdin.write(json.dumps({'sql': sql, 'limit': limit}) + '\n')
        self.proc.stdin.flush()
        res = self.reply(limit + 60)
        if res is None:
            progress('  %s: no answer %d s after its limit: killing its process %d' % (
                self.name, limit + 60, self.proc.pid))
            self.stop()
            self.start()
            return None, None
        return res['seconds'], res.get('rows')

    def fail(self, what):
        with open(self.errlog) as f:
            err = f.read().strip()[-400:]
        die('%s (%s): child %s%s' % (self.name, self.bench.libs[self.lib]['path'], what,
                                     ': ' + err if err else ''), 1)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class DuckSystem:
    """A DuckDB system: one read-only connection per system, in a DuckDB
    instance of its own with its threads set once (benchlib.duck_open),
    kept open for the whole run, so that every timing after the warm-up
    is warm."""
    cons = {}

    def __init__(self, name, ddb):
        self.name, self.threads = name, DUCK[name]
        if name not in DuckSystem.cons:
            tpchlib.require_duckdb()
            DuckSystem.cons[name] = benchlib.duck_open(ddb, self.threads, {
                'autoinstall_known_extensions': False, 'autoload_known_extensions': False})

    def run(self, sql, limit):
        import duckdb
        con = DuckSystem.cons[self.name]
        t, rows = child.timed(lambda: con.execute(sql).fetchall(), con.interrupt, limit,
                              duckdb.InterruptException)
        return t, None if rows is None else child.normal_rows(rows)

    def stop(self):
        pass


class Bench(benchlib.DriverBench):
    """The snapshots of the libraries (checked with bench/tpch/tpch.c
    --probe) and the callgrind runs."""

    def __init__(self, a, tmp):
        super().__init__('tpch', a, tmp)

    def instructions(self, system, db, qn, expect_rows, timeout):
        if system in COPIES:
            db = self.copies[SQLITE[system][0]][0]
        """Instructions of one run of query qn by system under callgrind
        (runQuery() of tpch.c only), or None if it takes longer than
        timeout seconds."""
        lib, amortize = SQLITE[system]
        cmd = ['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null', '--toggle-collect=runQuery',
               self.driver, self.libs[lib]['snapshot'], db, query_file(qn)]
        if amortize:
            cmd += ['--sql', 'PRAGMA subquery_amortize=%s' % amortize]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        m = re.search(r'Collected : (\d+)', r.stderr)
        if r.returncode != 0 or not m:
            die('callgrind of Q%d on %s failed: %s' % (qn, system, r.stderr.strip()[-400:]), 1)
        got = json.loads(r.stdout)['rows']
        if got != expect_rows:
            die('callgrind of Q%d on %s: %d rows, %d in the timed runs' % (qn, system, got, expect_rows), 1)
        return int(m.group(1))


# ---------------------------------------------------------------- main

def parse_args():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--sf', type=float, default=None, help='scale factor (default 1; --quick 0.01)')
    ap.add_argument('--repeat', type=int, default=None, help='timed runs per query and system (default 3; --quick 1)')
    ap.add_argument('--systems', default=None, help='comma-separated: %s, or %s (default all)' % (
        ', '.join(SYSTEMS), ', '.join(ALIASES)))
    ap.add_argument('--queries', default=None, help='comma-separated subset, e.g. Q1,Q17 (default all 22)')
    ap.add_argument('--limit', type=float, default=None,
                    help='seconds per query run (default 120 at SF <= 0.1, 300 above; --quick 30)')
    ap.add_argument('--instructions', action='store_true',
                    help='also count instructions per query and SQLite system (valgrind callgrind)')
    ap.add_argument('--instructions-limit', type=float, default=5.0,
                    help='count only queries whose median plain run took at most this many seconds '
                         '(default 5: callgrind runs ~%dx slower)' % CALLGRIND_SLOWDOWN)
    ap.add_argument('--quick', action='store_true', help='SF 0.01, repeat 1, limit 30 s (make bench)')
    ap.add_argument('--keep-going', action='store_true',
                    help='a system returning other rows than DuckDB is marked WRONG ROWS in the report '
                         'instead of stopping the run')
    ap.add_argument('--lib', action='append', metavar='NAME=DIR', help=benchlib.LIB_HELP)
    a = benchlib.parse_library_args(ap)
    benchlib.finish_args(a, sf=(0.01, 1.0), repeat=(1, 3))
    # --lib NAME=DIR: SYSTEM@NAME is one of our systems on that build's library.
    a.extra = benchlib.extra_builds(a.lib)
    for s in (a.systems.split(',') if a.systems else []):
        base, name = benchlib.split_system(s)
        if name is None:
            continue
        if SQLITE.get(base, ('',))[0] != 'ours':
            die('unknown system %r: SYSTEM@NAME needs one of our systems (%s)' % (
                s, ', '.join(k for k, v in SQLITE.items() if v[0] == 'ours')))
        if name not in a.extra or name in ('ours', 'stock', 'stock-dropin'):
            die('system %r: no --lib %s=DIR' % (s, name))
        SQLITE[s] = (name, SQLITE[base][1])
        SYSTEMS.append(s)
        if base in COPIES:
            COPIES.add(s)
        RATIOS.append((base, s))
    if a.sf <= 0:
        die('scale factor must be > 0 (got %g)' % a.sf)
    if a.limit is None:
        a.limit = 30.0 if a.quick else 120.0 if a.sf <= 0.1 else 300.0
    if a.limit <= 0 or a.instructions_limit <= 0:
        die('--limit and --instructions-limit must be > 0')
    try:
        a.system_list = benchlib.system_list('all' if a.systems is None else a.systems, SYSTEMS, ALIASES)
        a.query_list = sorted(int(q[1:]) for q in benchlib.csv_list(
            ','.join(QUERIES) if a.queries is None else a.queries, QUERIES, 'query'))
    except benchlib.BadInput as e:
        die(str(e))
    return a


def main():
    a = parse_args()
    tpchlib.require_duckdb()
    libs = benchlib.find_libraries(a)
    libs.update({n: b['lib'] for n, b in a.extra.items()})
    if any(SQLITE.get(s, ('',))[0] == 'stock' for s in a.system_list) and libs['stock'] is None \
            and a.lib_stock == benchlib.STOCK_LIB:
        progress('bench/tpch: no stock build: running bench/build-stock.sh (a few minutes)')
        if subprocess.run([os.path.join(TOP, 'bench', 'build-stock.sh')]).returncode != 0:
            die('bench/build-stock.sh failed', 1)
        libs = benchlib.find_libraries(a)
        libs.update({n: b['lib'] for n, b in a.extra.items()})

    def why(s):
        lib = SQLITE.get(s, (None,))[0]
        if lib == 'ours' and libs['ours'] is None:
            return '%s: %s' % (s, benchlib.MISSING_OURS)
        if lib == 'stock' and libs['stock'] is None:
            return benchlib.missing_stock(s, a.lib_stock)
        if s in DUCK or not a.instructions or shutil.which('valgrind'):
            return None
        return '%s: --instructions needs valgrind (apt-get install valgrind)' % s
    skipped = benchlib.drop_unavailable(a.system_list, a.systems is not None, why)
    duck_texts = tpchlib.duck_queries()
    stale = tpchlib.stale_query_files(rewrite.rewritten(duck_texts))
    if stale:
        die('stale query files %s: run python3 bench/tpch/rewrite.py' % ', '.join(stale), 1)
    texts = tpchlib.sqlite_queries()
    tpchlib.check_parses({n: texts[n] for n in a.query_list})
    dbdir, stamp = benchlib.output_dirs(a)
    tmp = tempfile.mkdtemp(prefix='tpch-')
    systems = {}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))   # stop the children, remove tmp
    try:
        bench(a, tmp, dbdir, stamp, libs, texts, duck_texts, skipped, systems)
    finally:
        for s in systems.values():
            s.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def bench(a, tmp, dbdir, stamp, libs, texts, duck_texts, skipped, systems):
    t_start = time.time()
    base = os.path.join(dbdir, 'tpch-sf%g' % a.sf)
    ddb, db = base + '.duckdb', base + '.db'
    counts = make_duck(ddb, a.sf)
    loaded_now = make_sqlite(db, ddb, counts)
    b = Bench(a, tmp)
    b.copies = {}   # library -> (database with column copies, build info), copies built by its shell
    for s in a.system_list:
        key = SQLITE.get(s, ('',))[0]
        if s in COPIES and key not in b.copies:
            b.copies[key] = benchlib.column_copy_db(
                benchlib.OURS_SHELL if key == 'ours' else a.extra[key]['shell'], db,
                suffix='-cc' if key == 'ours' else '-cc-' + key)
    b.compile_driver()
    for key in sorted({SQLITE[s][0] for s in a.system_list if s in SQLITE}):
        b.snapshot(key, libs[key])
    for s in a.system_list:
        systems[s] = (SqliteSystem(s, b, b.copies[SQLITE[s][0]][0] if s in COPIES else db) if s in SQLITE
                      else DuckSystem(s, ddb))
    csvpath = os.path.join(a.out, 'tpch-%s.csv' % stamp)
    with open(csvpath, 'w', newline='') as fcsv:
        log = Log(fcsv, a, systems, db, ddb, benchlib.machine(dbdir), b.copies)
        results, nrows = time_queries(a, systems, texts, duck_texts, DuckSystem('duckdb-all', ddb), log)
        instr = count_instructions(a, b, db, results, nrows, log) if a.instructions else {}
    plots = 'plots skipped (--no-plots)' if a.no_plots else make_plot(a, stamp, results)
    md = os.path.join(a.out, 'tpch-%s.md' % stamp)
    with open(md, 'w') as f:
        report(f, a, stamp, systems, db, ddb, counts, loaded_now, results, instr, nrows, skipped, log.machine,
               b.copies)
        benchlib.write_tail(f, plots, time.time() - t_start)
    benchlib.print_report(md, ('CSV', csvpath), ('Report', md))


def time_queries(a, systems, texts, duck_texts, ref, log):
    """Run every query: DuckDB's rows first (ref, untimed), then a warm-up
    and a.repeat timed runs of every system, alternating.  Return
    ({(query, system): [seconds, None for a run over the limit or skipped]},
    {query: number of rows})."""
    results, nrows = {}, {}
    WRONG.clear()
    for qn in a.query_list:
        q = 'Q%d' % qn
        _, want = ref.run(duck_texts[qn], max(a.limit, 600))
        if want is None:
            die('%s: DuckDB did not answer within %d s' % (q, max(a.limit, 600)), 1)
        nrows[q] = len(want)
        over = {}   # system -> the run that went over the limit (0: the warm-up)
        for rep in range(1 + a.repeat):
            for s in (a.system_list if rep % 2 == 0 else a.system_list[::-1]):
                t = None
                if s not in over:
                    t, rows = systems[s].run(duck_texts[qn] if s in DUCK else texts[qn], a.limit)
                    if t is None:
                        over[s] = rep
                        progress('  %s %s: over the limit of %g s in run %d' % (q, s, a.limit, rep))
                    else:
                        diff = first_difference(want, rows)
                        if diff:
                            msg = '%s: %s returned other rows than DuckDB: %s' % (q, s, diff)
                            if not a.keep_going:
                                die(msg, 1)
                            if (q, s) not in WRONG:
                                progress('  %s (--keep-going: marked WRONG ROWS)' % msg[:300])
                            WRONG[(q, s)] = diff
                if rep == 0:
                    continue
                results.setdefault((q, s), []).append(t)
                log.row(q, s, rep, 'timed', nrows[q], seconds=t, status=(
                    ('wrong rows' if (q, s) in WRONG else 'ok') if t is not None else '>LIMIT' if over[s] == rep else
                    'skipped (%s over the limit)' % ('warm-up' if over[s] == 0 else 'run %d' % over[s])))
        progress('  %-4s %s' % (q, '  '.join('%s %s' % (s, cell(results[(q, s)])) for s in a.system_list)))
    return results, nrows


def count_instructions(a, b, db, results, nrows, log):
    """{(query, system): instructions of one run under callgrind, None if
    its timed runs went over a.instructions_limit} for the SQLite systems."""
    instr = {}
    sq = [s for s in a.system_list if s in SQLITE]
    for qn in a.query_list:
        q = 'Q%d' % qn
        for s in sq:
            v = results[(q, s)]
            n = None
            if None not in v and statistics.median(v) <= a.instructions_limit:
                n = b.instructions(s, db, qn, nrows[q], max(120, 3 * CALLGRIND_SLOWDOWN * statistics.median(v)))
            instr[(q, s)] = n
            log.row(q, s, 1, 'callgrind', nrows[q], instructions=n, status='ok' if n is not None else '>LIMIT')
        progress('  %-4s instructions: %s' % (q, '  '.join('%s %s' % (s, fmt_instr(instr[(q, s)])) for s in sq)))
    return instr


class Log:
    """The CSV of a run: one row per timed run and per callgrind run, with
    the configuration of its system (config()) and the machine."""

    def __init__(self, f, a, systems, db, ddb, machine, copies=None):
        self.f, self.a, self.machine, self.w = f, a, machine, None
        self.cfg = {s: config(sy, sy.db if s in SQLITE else db, ddb) for s, sy in systems.items()}
        for s, c in self.cfg.items():
            info = copies[SQLITE[s][0]][1] if s in COPIES else None
            c['column_copies'] = 'every table' if s in COPIES else 'none'
            c['copy_build_s'] = info['build_s'] if info else ''
            c['copy_bytes'] = info['copy_bytes'] if info else ''

    def row(self, q, s, rep, run, nrows, seconds=None, instructions=None, status='ok'):
        row = dict(benchmark='tpch', sf=self.a.sf, query=q, system=s, rep=rep, run=run,
                   seconds='' if seconds is None else round(seconds, 6),
                   instructions='' if instructions is None else instructions, status=status, rows=nrows,
                   limit_s=self.a.limit, **self.cfg[s], **self.machine)
        if self.w is None:
            self.w = csv.DictWriter(self.f, fieldnames=list(row))
            self.w.writeheader()
        self.w.writerow(row)
        self.f.flush()


def config(system, db, ddb):
    """The configuration columns of a CSV row of system."""
    if isinstance(system, DuckSystem):
        return dict(library='duckdb (Python package)', library_sha256='', sqlite_version='', source_id='',
                    compile_options='', lipsqlite_version='', subquery_amortize='n/a', page_size='',
                    cache_size='', journal_mode='', python_sqlite3_loaded='', db=os.path.basename(ddb),
                    db_bytes=os.path.getsize(ddb), duckdb_version=DUCKDB_VERSION, duckdb_threads=system.threads)
    c, lib = system.cfg, system.bench.libs[system.lib]
    return dict(library=lib['path'], library_sha256=lib['sha256'], sqlite_version=c['sqlite_version'],
                source_id=c['source_id'], compile_options=c['compile_options'],
                lipsqlite_version=benchlib.lipsqlite_version(c), subquery_amortize=system.amortize_value(),
                page_size=c['page_size'], cache_size=c['cache_size'], journal_mode=c['journal_mode'],
                python_sqlite3_loaded=c['mapped'][0][0], db=os.path.basename(db), db_bytes=os.path.getsize(db),
                duckdb_version='', duckdb_threads='')


# ---------------------------------------------------------------- report

def fmt_s(v):
    return '%.3f' % v if v >= 0.1 else '%.4f' % v


WRONG = {}   # (query, system) -> the first difference from DuckDB's rows (--keep-going)


def cell(v, key=None):
    """'median (min–max)' of the seconds v, or >LIMIT."""
    if None in v:
        return '>LIMIT'
    return '%s (%s–%s)' % tuple(fmt_s(x) for x in (statistics.median(v), min(v), max(v))) + (
        ' **WRONG ROWS**' if key in WRONG else '')


def fmt_instr(n):
    return '>LIMIT' if n is None else '{:,}'.format(n)


def ratio(x, y, xbound=False, ybound=False):
    """x / y, where a value that is a lower bound (over the limit, counted
    as the limit) makes the ratio a bound."""
    if xbound and ybound:
        return '?'
    return '%s%.2fx' % ('≥' if xbound else '≤' if ybound else '', x / y)


def report(f, a, stamp, systems, db, ddb, counts, loaded_now, results, instr, nrows, skipped, mach,
           copies=None):
    names = list(systems)
    over = {k: None in v for k, v in results.items()}
    med = {k: a.limit if over[k] else statistics.median(v) for k, v in results.items()}
    qs = ['Q%d' % n for n in a.query_list]
    f.write('# TPC-H, scale factor %g (%s)\n\n' % (a.sf, stamp))
    f.write('Data: DuckDB %s `CALL dbgen(sf=%g)` (duckdb-extension-tpch %s) in `%s` (%.1f MB), the same rows in '
            '`%s` (%.1f MB) loaded through Python\'s sqlite3 (%s): TPC-H\'s primary keys, no other index, '
            'no ANALYZE, dates ISO TEXT, decimals REAL. Rows: %s.\n' % (
                DUCKDB_VERSION, a.sf, DUCKDB_VERSION, os.path.basename(ddb), os.path.getsize(ddb) / 1e6,
                os.path.basename(db), os.path.getsize(db) / 1e6,
                'SQLite %s, %s' % (writer_version(db), 'this run' if loaded_now else
                                   'an earlier run; row counts checked'),
                ', '.join('%s %d' % kv for kv in counts.items())))
    f.write('Queries: DuckDB\'s `tpch_queries()` for DuckDB; `bench/tpch/queries/qNN.sql` (its texts rewritten '
            'by `bench/tpch/rewrite.py`) for SQLite.\n')
    f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s, filesystem %(fs)s.\n' % mach)
    f.write('Runs: 1 warm-up and %d timed per query and system, the systems alternating (order reversed every '
            'other run); limit %g s per run (`>LIMIT`: interrupted, the system\'s remaining runs of the query '
            'skipped). Every completed run returned DuckDB\'s rows (sorted, numbers rounded to 2 places).\n' % (
                a.repeat, a.limit))
    f.write('Warm and cold: both sides warm after the warm-up. Unlike the shell runners (SSB, research), each '
            'SQLite system runs every query in one long-lived process of its own (`bench/tpch/child.py`, one '
            'connection; the OS page cache warm); DuckDB runs every query on one long-lived connection per '
            'system (its own instance, threads set on it), opened once for the whole run.\n\n')
    for s in skipped:
        f.write('- skipped: %s\n' % s)
    for s, sy in systems.items():
        if isinstance(sy, DuckSystem):
            f.write('- **%s**: DuckDB %s (Python package), threads=%d, `%s` read-only\n' % (
                s, DUCKDB_VERSION, sy.threads, os.path.basename(ddb)))
            continue
        c, lib = sy.cfg, sy.bench.libs[sy.lib]
        f.write('- **%s**: `%s` (SHA-256 %s…), SQLite %s, lipsqlite %s, subquery_amortize %s, page_size %s, '
                'cache_size %s, journal_mode %s; Python %s\'s sqlite3 module with LD_LIBRARY_PATH = a directory '
                'holding only a snapshot of that library (checked: mapped, version, compile options)\n' % (
                    s, lib['path'].replace(TOP + '/', ''), lib['sha256'][:16], c['sqlite_version'],
                    benchlib.lipsqlite_version(c) or '- (stock)', sy.amortize_value(), c['page_size'],
                    c['cache_size'], c['journal_mode'], c['python']))
    for key, (copies_db, copies_info) in (copies or {}).items():
        f.write('- column copies for %s (built by the shell of %s): `%s`, %s\n' % (
            ', '.join(s for s in names if s in COPIES and SQLITE[s][0] == key), 'build/' if key == 'ours' else
            a.extra[key]['dir'], os.path.basename(copies_db), benchlib.column_copy_summary(copies_info)))
    if any(isinstance(sy, SqliteSystem) and sy.amortize and sy.cfg['subquery_amortize'] is None
           for sy in systems.values()):
        f.write('\n**Note:** this build of ours does not know `PRAGMA subquery_amortize` (it gives no row): '
                'ours-off and ours-on ran the same code.\n')
    pairs = [p for p in RATIOS if p[0] in names and p[1] in names]
    f.write('\nSeconds: median (min–max). Full configuration per run in `tpch-%s.csv`.\n\n' % stamp)
    f.write('| query | rows | %s |%s\n|---|---:|%s%s\n' % (
        ' | '.join(names), ''.join(' %s / %s |' % p for p in pairs), '---:|' * len(names), '---:|' * len(pairs)))
    for q in qs:
        f.write('| %s | %d | %s |%s\n' % (q, nrows[q], ' | '.join(cell(results[(q, s)], (q, s)) for s in names),
                                         ''.join(' %s |' % ratio(med[(q, x)], med[(q, y)], over[(q, x)], over[(q, y)])
                                                 for x, y in pairs)))
    tot = {s: sum(med[(q, s)] for q in qs) for s in names}
    nover = {s: sum(over[(q, s)] for q in qs) for s in names}
    f.write('| **total** | | %s |%s\n' % (
        ' | '.join('**%s%s**' % ('≥' if nover[s] else '', fmt_s(tot[s])) for s in names),
        ''.join(' **%s** |' % ratio(tot[x], tot[y], nover[x] > 0, nover[y] > 0) for x, y in pairs)))
    for (q, s), d in sorted(WRONG.items()):
        f.write('\n**%s: %s returned other rows than DuckDB** (%s; --keep-going): its time is not comparable.\n'
                % (q, s, d[:300]))
    f.write('\nTotals are sums of the medians.')
    if any(nover.values()):
        f.write(' A query over the limit counts as %g s, which makes its system\'s total a lower bound (≥): %s; '
                'a ratio with a bound is a bound (≥, ≤; ? for two bounds).' % (a.limit, ', '.join(
                    '%s %d quer%s' % (s, n, 'y' if n == 1 else 'ies') for s, n in nover.items() if n)))
    f.write('\n')
    if instr:
        sq = [s for s in names if s in SQLITE]
        has = 'stock' in sq and 'ours-on' in sq
        hascc = 'ours-cc' in sq and 'ours-on' in sq
        f.write('\n## Instructions per query (callgrind)\n\nOne run per query and system under valgrind\'s '
                'callgrind (`bench/tpch/tpch.c`: prepare, step to the end, finalize; loading the library and '
                'opening the database not counted), on the same library snapshots. Queries over the time limit or whose '
                'median timed run exceeded %g s are not run (`>LIMIT`: callgrind is about %dx slower). '
                'Instructions are not '
                'times, they back the timings up.\n\n| query | %s |%s\n|---|%s%s\n' % (
                    a.instructions_limit, CALLGRIND_SLOWDOWN, ' | '.join(sq), (' ours-on / stock |' if has else '') +
                    (' ours-cc / ours-on |' if hascc else ''),
                    '---:|' * len(sq), ('---:|' if has else '') + ('---:|' if hascc else '')))
        for q in qs:
            f.write('| %s | %s |%s%s\n' % (q, ' | '.join(fmt_instr(instr[(q, s)]) for s in sq), (
                ' %s |' % ('%.3f' % (instr[(q, 'ours-on')] / instr[(q, 'stock')])
                           if instr[(q, 'ours-on')] and instr[(q, 'stock')] else '-')) if has else '',
                ' %s |' % ('%.4f' % (instr[(q, 'ours-cc')] / instr[(q, 'ours-on')])
                           if instr[(q, 'ours-cc')] and instr[(q, 'ours-on')] else '-') if hascc else ''))


def make_plot(a, stamp, results):
    """Grouped bars per query, one per system: the median on a log axis,
    min-max as error bars; a triangle at the limit for a system over it."""
    plt = benchlib.pyplot()
    if isinstance(plt, str):
        return plt
    qs = ['Q%d' % n for n in a.query_list]
    names = a.system_list
    fig, ax = plt.subplots(figsize=(min(18.0, max(7.0, 1.5 + 0.14 * len(qs) * len(names))), 4.8))
    benchlib.grouped_bars(ax, names, len(qs),
                          lambda qi, s: [] if None in results[(qs[qi], s)] else results[(qs[qi], s)], capsize=1.5)
    width, over = 0.8 / len(names), False
    for i, s in enumerate(names):
        xs = [qi + (i - (len(names) - 1) / 2) * width for qi, q in enumerate(qs) if None in results[(q, s)]]
        if xs:
            ax.plot(xs, [a.limit] * len(xs), 'v', color='C%d' % i, markersize=5)
            over = True
    ax.set_yscale('log')
    ax.set_xticks(range(len(qs)))
    ax.set_xticklabels(qs, fontsize=8)
    ax.set_ylabel('seconds (median, min-max; log scale)')
    ax.set_title('TPC-H SF %g (lower is better%s)' % (a.sf, '; ▼ at %g s: over the limit' % a.limit if over else ''))
    ax.legend(fontsize=7, ncol=min(len(names), 5))
    ax.grid(axis='y', which='both', alpha=0.3)
    return [benchlib.save_figure(plt, fig, os.path.join(a.out, 'tpch-%s.png' % stamp))]


if __name__ == '__main__':
    main()
