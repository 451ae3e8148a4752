#!/usr/bin/env python3
"""One client of bench/htap/run.py: a process of its own, started by the
runner with a JSON job as its only argument.

  LD_LIBRARY_PATH=DIR python3 bench/htap/worker.py JOB_JSON

SQLite jobs run through Python's sqlite3 module on the libsqlite3.so.0 the
dynamic linker finds in LD_LIBRARY_PATH (the runner's snapshot of one
build); the worker reports which file it has mapped (/proc/self/maps, with
device and inode), sqlite_version(), the source id, the compile options and
the PRAGMAs it reads back, so that the runner can check that it measured
the library it meant to.  DuckDB jobs run every client of a mix as a
thread of this one process (DuckDB lets one process at a time open a file
for writing), each thread on a connection of its own.

Roles (JOB['role']):
  probe       describe the library and the database, nothing else
  writer      one HATtrick transactional client (NewOrder, Payment,
              CountOrders, plus single-row updates of lineorder)
  stream      one analytical client: SSB's 13 queries, each in one read
              transaction with SELECT * FROM freshness
  duckmix     a whole mix (writers and streams as threads) on DuckDB
  queries     the 13 queries once each (the --updates mode's timing)
  updates     N random single-row updates of lineorder, one transaction each
  writerate   single-row update transactions of lineorder for S seconds

A mix client prints {"ready": ...} once connected, then waits for a line
"go T0" on stdin: warm-up runs from T0 (time.monotonic(), one clock for
every process of the machine) to T0+warmup, the measured window to
T0+warmup+seconds.  Every job ends by printing one JSON line, its result.
"""
import hashlib, json, os, random, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib

now = time.monotonic

# HATtrick's transaction types, and ours.
NEWORDER, PAYMENT, COUNTORDERS, LOUPDATE = 'neworder', 'payment', 'countorders', 'loupdate'
TX_TYPES = [NEWORDER, PAYMENT, COUNTORDERS, LOUPDATE]
PRIORITIES = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECI', '5-LOW']
SHIPMODES = ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB']


def emit(obj):
    sys.stdout.write(json.dumps(obj) + '\n')
    sys.stdout.flush()


def normal_rows_hash(rows):
    """A hash of a result independent of the order of its rows, numbers
    other than integers rounded to 2 places (SQLite and DuckDB agree then)."""
    out = []
    for r in rows:
        cells = []
        for v in r:
            if isinstance(v, float):
                v = round(v, 2)
                if v == int(v):
                    v = int(v)
            elif v is not None and not isinstance(v, (int, str)):
                try:
                    v = round(float(v), 2)
                    if v == int(v):
                        v = int(v)
                except (TypeError, ValueError):
                    v = str(v)
            cells.append('' if v is None else str(v))
        out.append('|'.join(cells))
    return hashlib.sha256('\n'.join(sorted(out)).encode()).hexdigest()[:16], len(out)


def wait_go():
    line = sys.stdin.readline().split()
    if len(line) != 2 or line[0] != 'go':
        sys.exit(3)
    return float(line[1])


def pct(sorted_values, p):
    n = len(sorted_values)
    if not n:
        return None
    return sorted_values[min(max(int(p / 100.0 * n + 0.999999999), 1), n) - 1]


# ------------------------------------------------------------------ SQLite side

def sqlite_open(job):
    import sqlite3
    con = sqlite3.connect(job['db'], isolation_level=None, timeout=job.get('busy_ms', 10000) / 1000.0,
                          cached_statements=256, check_same_thread=False)
    one = lambda sql: (con.execute(sql).fetchone() or [None])[0]
    jm = one('PRAGMA journal_mode=WAL')
    con.execute('PRAGMA synchronous=%s' % job.get('synchronous', 'NORMAL'))
    con.execute('PRAGMA busy_timeout=%d' % job.get('busy_ms', 10000))
    for p in job.get('pragmas', []):
        con.execute(p).fetchall()
    return con, jm


def sqlite_describe(con):
    import sqlite3
    one = lambda sql: (con.execute(sql).fetchone() or [None])[0]

    def opt(sql):
        try:
            return one(sql)
        except sqlite3.Error:
            return None
    return dict(pid=os.getpid(), python=sys.version.split()[0], mapped=benchlib.mapped_sqlite(),
                sqlite_version=one('SELECT sqlite_version()'), source_id=one('SELECT sqlite_source_id()'),
                compile_options=' '.join(r[0] for r in con.execute('PRAGMA compile_options')),
                journal_mode=one('PRAGMA journal_mode'), synchronous=one('PRAGMA synchronous'),
                busy_timeout=one('PRAGMA busy_timeout'), page_size=one('PRAGMA page_size'),
                cache_size=one('PRAGMA cache_size'), mmap_size=one('PRAGMA mmap_size'),
                wal_autocheckpoint=one('PRAGMA wal_autocheckpoint'), temp_store=one('PRAGMA temp_store'),
                locking_mode=one('PRAGMA locking_mode'), column_scan=opt('PRAGMA column_scan'),
                lip_filter=opt('PRAGMA lip_filter'), batch=opt('PRAGMA batch'),
                column_copies=opt("SELECT group_concat(\"table\", ',') FROM pragma_column_copy_list"))


class Dims:
    """What a writer draws its keys from: the sizes of the SSB tables and
    the date table's d_date values."""

    def __init__(self, job):
        self.customers = job['customers']
        self.suppliers = job['suppliers']
        self.parts = job['parts']
        self.dates = job['dates']
        self.max_rowid = job['lineorder_rows']


def draw_neworder(rng, d):
    """HATtrick's NewOrder parameters: a customer by name, 1 to 7 lines of a
    random part (its price read in the transaction), a supplier by name and
    an order date by its text, and random quantity, discount, tax, ..."""
    cust = 'Customer#%09d' % rng.randint(1, d.customers)
    lines = []
    for _ in range(rng.randint(1, 7)):
        lines.append(dict(part=rng.randint(1, d.parts), supp='Supplier#%09d' % rng.randint(1, d.suppliers),
                          date=rng.choice(d.dates), prio=rng.choice(PRIORITIES), shipprio=str(rng.randint(0, 1)),
                          qty=rng.randint(1, 50), disc=rng.randint(0, 10), cost=int(rng.uniform(1.0, 1000.0) * 100) // 100,
                          tax=rng.randint(0, 8), mode=rng.choice(SHIPMODES)))
    return cust, lines


LO_INSERT = ('INSERT INTO lineorder(lo_orderkey, lo_linenumber, lo_custkey, lo_partkey, lo_suppkey, lo_orderdate, '
             'lo_orderpriority, lo_shippriority, lo_quantity, lo_extendedprice, lo_ordtotalprice, lo_discount, '
             'lo_revenue, lo_supplycost, lo_tax, lo_commitdate, lo_shipmode) '
             'VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)')


def neworder_body(q, one, orderkey, cust, lines, client, txn):
    """The statements of NewOrder (q(sql, args) runs one, one(sql, args)
    gives the first column of the first row)."""
    custkey = one('SELECT c_custkey FROM customer WHERE c_name = ?', (cust,))
    rows = []
    for i, l in enumerate(lines):
        price = one('SELECT p_price FROM part WHERE p_partkey = ?', (l['part'],))
        suppkey = one('SELECT s_suppkey FROM supplier WHERE s_name = ?', (l['supp'],))
        datekey = one('SELECT d_datekey FROM date WHERE d_date = ?', (l['date'],))
        ext = int(l['qty'] * price)
        rev = ext * (100 - l['disc']) // 100
        rows.append([orderkey, i + 1, custkey, l['part'], suppkey, datekey, l['prio'], l['shipprio'], l['qty'],
                     ext, 0, l['disc'], rev, l['cost'], l['tax'], datekey, l['mode']])
    total = sum(r[9] for r in rows)
    for r in rows:
        r[10] = total
        q(LO_INSERT, r)
    q('UPDATE freshness SET f_txnnum = ? WHERE f_clientnum = ?', (txn, client))


def payment_body(q, one, orderkey, custkey, suppkey, amount, client, txn):
    q('UPDATE customer SET c_paymentcnt = c_paymentcnt + 1 WHERE c_custkey = ?', (custkey,))
    q('UPDATE supplier SET s_ytd = s_ytd + ? WHERE s_suppkey = ?', (amount, suppkey))
    q('INSERT INTO history(h_orderkey, h_custkey, h_amount) VALUES (?,?,?)', (orderkey, custkey, amount))
    q('UPDATE freshness SET f_txnnum = ? WHERE f_clientnum = ?', (txn, client))


def countorders_body(q, one, cust):
    custkey = one('SELECT c_custkey FROM customer WHERE c_name = ?', (cust,))
    return one('SELECT count(DISTINCT lo_orderkey) FROM lineorder WHERE lo_custkey = ?', (custkey,))


def loupdate_body(q, one, rowid, client, txn, rowid_offset=0):
    q('UPDATE lineorder SET lo_revenue = lo_revenue + 1 WHERE rowid = ?', (rowid - rowid_offset,))
    q('UPDATE freshness SET f_txnnum = ? WHERE f_clientnum = ?', (txn, client))


class WriterLoop:
    """One writer client's loop, the same for SQLite and DuckDB: HATtrick's
    mix (a NewOrder followed by a Payment of that order with probability
    0.96, a CountOrders otherwise: 48/48/4), with a share update_pct (in %)
    of iterations a single-row update of a random lineorder row instead.
    Transaction numbers count the committed writing transactions of this
    client from 1; each writes its number into the client's freshness row
    and its commit time (after COMMIT returned) is logged."""

    def __init__(self, job, begin_write, begin_read, commit, rollback, q, one, is_retryable, rowid_offset=0):
        self.job = job
        self.client = job['client']
        self.rng = random.Random(job['seed'] * 1000003 + self.client)
        self.d = Dims(job)
        self.nclients = job['nclients']
        self.next_order = job['first_orderkey'] + self.client - 1
        self.begin_write, self.begin_read = begin_write, begin_read
        self.commit, self.rollback, self.q, self.one = commit, rollback, q, one
        self.is_retryable = is_retryable
        self.rowid_offset = rowid_offset
        self.txn = 0
        self.commit_times = []
        self.log = []   # (type, start, begin_wait, latency) of each committed transaction
        self.aborts = {t: 0 for t in TX_TYPES}
        self.errors = []

    def run_tx(self, kind, body, write=True):
        t0 = now()
        try:
            (self.begin_write if write else self.begin_read)()
            t1 = now()
            res = body(self.txn + 1)
            self.commit()
        except Exception as e:
            try:
                self.rollback()
            except Exception:
                pass
            self.aborts[kind] += 1
            if not self.is_retryable(e) and len(self.errors) < 5:
                self.errors.append('%s: %s' % (kind, e))
            return False, None
        t2 = now()
        if write:
            self.txn += 1
            self.commit_times.append(t2)
        self.log.append((kind, t0, t1 - t0, t2 - t0))
        return True, res

    def run(self, t_end):
        upd = self.job['update_pct']
        while now() < t_end:
            r = self.rng.random() * 100
            if r < upd:
                rowid = self.rng.randint(1, self.d.max_rowid)
                self.run_tx(LOUPDATE, lambda n: loupdate_body(self.q, self.one, rowid, self.client, n,
                                                              self.rowid_offset))
            elif self.rng.random() < 0.96:
                orderkey = self.next_order
                self.next_order += self.nclients
                cust, lines = draw_neworder(self.rng, self.d)
                self.run_tx(NEWORDER, lambda n: neworder_body(self.q, self.one, orderkey, cust, lines,
                                                              self.client, n))
                custkey = self.rng.randint(1, self.d.customers)
                suppkey = self.rng.randint(1, self.d.suppliers)
                amount = round(self.rng.uniform(1.0, 104950.0), 2)
                self.run_tx(PAYMENT, lambda n: payment_body(self.q, self.one, orderkey, custkey, suppkey, amount,
                                                            self.client, n))
            else:
                cust = 'Customer#%09d' % self.rng.randint(1, self.d.customers)
                self.run_tx(COUNTORDERS, lambda n: countorders_body(self.q, self.one, cust), write=False)

    def result(self):
        return dict(client=self.client, commit_times=self.commit_times, log=self.log, aborts=self.aborts,
                    errors=self.errors, txns=self.txn)


def sqlite_busy(e):
    s = str(e).lower()
    return 'locked' in s or 'busy' in s


def sqlite_writer(job):
    con, _ = sqlite_open(job)
    cfg = sqlite_describe(con)
    cur = con.cursor()

    def q(sql, args=()):
        cur.execute(sql, args)

    def one(sql, args=()):
        r = cur.execute(sql, args).fetchone()
        return r[0] if r else None
    con.execute('INSERT OR REPLACE INTO freshness(f_clientnum, f_txnnum) VALUES (?, 0)', (job['client'],))
    w = WriterLoop(job, lambda: cur.execute('BEGIN IMMEDIATE'), lambda: cur.execute('BEGIN'),
                   lambda: cur.execute('COMMIT'), lambda: cur.execute('ROLLBACK'), q, one, sqlite_busy)
    emit({'ready': True, 'config': cfg})
    t0 = wait_go()
    w.run(t0 + job['warmup'] + job['seconds'])
    res = w.result()
    res['config'] = cfg
    res['wal_bytes'] = os.path.getsize(job['db'] + '-wal') if os.path.exists(job['db'] + '-wal') else 0
    emit(res)


def stream_loop(job, run_query, t_end, interrupt=None):
    """The analytical client's loop: the 13 queries in order, from a
    random one on (as HATtrick's stream), until t_end; a query started
    before t_end is run to its end.  Each entry: query, start, end, the
    query's own seconds, the freshness rows read in the same transaction,
    the rows' hash and count."""
    qs = job['queries']
    rng = random.Random(job['seed'] * 7919 + job.get('stream', 1))
    i = rng.randrange(len(qs))
    out = []
    while now() < t_end:
        name, sql = qs[i]
        ts = now()
        qsec, fresh, h, n = run_query(sql)
        te = now()
        out.append(dict(query=name, start=ts, end=te, query_s=qsec, total_s=te - ts, fresh=fresh, hash=h, rows=n))
        i = (i + 1) % len(qs)
    return out


def sqlite_stream(job):
    con, _ = sqlite_open(job)
    cfg = sqlite_describe(con)

    def run_query(sql):
        con.execute('BEGIN')
        t0 = now()
        rows = con.execute(sql).fetchall()
        t1 = now()
        fresh = {str(c): n for c, n in con.execute('SELECT f_clientnum, f_txnnum FROM freshness')}
        con.execute('COMMIT')
        h, n = normal_rows_hash(rows)
        return t1 - t0, fresh, h, n
    emit({'ready': True, 'config': cfg})
    t0 = wait_go()
    out = stream_loop(job, run_query, t0 + job['warmup'] + job['seconds'])
    emit({'queries': out, 'config': cfg})


def run_queries(con, queries):
    """Each query once, in the order given: its time, answer hash and rows."""
    out = []
    for name, sql in queries:
        t0 = now()
        rows = con.execute(sql).fetchall()
        t = now() - t0
        h, n = normal_rows_hash(rows)
        out.append(dict(query=name, seconds=t, hash=h, rows=n))
    return out


def sqlite_queries(job):
    """The 13 queries once each, in the order given (a new process: cold)."""
    con, _ = sqlite_open(job)
    cfg = sqlite_describe(con)
    emit({'queries': run_queries(con, job['queries']), 'config': cfg})


def sqlite_updates(job):
    """job['rowids']: one single-row update of lineorder each, each its own
    transaction; nothing else (no maintenance)."""
    con, _ = sqlite_open(job)
    cfg = sqlite_describe(con)
    t0 = now()
    for r in job['rowids']:
        con.execute('BEGIN IMMEDIATE')
        con.execute('UPDATE lineorder SET lo_revenue = lo_revenue + 1 WHERE rowid = ?', (r,))
        con.execute('COMMIT')
    t = now() - t0
    emit({'seconds': t, 'n': len(job['rowids']), 'config': cfg})


def sqlite_writerate(job):
    con, _ = sqlite_open(job)
    cfg = sqlite_describe(con)
    rng = random.Random(job['seed'])
    n_rows = job['lineorder_rows']
    lat = []
    t_start = now()
    t_meas = t_start + job['warmup']
    t_end = t_meas + job['seconds']
    while True:
        t0 = now()
        if t0 >= t_end:
            break
        con.execute('BEGIN IMMEDIATE')
        con.execute('UPDATE lineorder SET lo_revenue = lo_revenue + 1 WHERE rowid = ?', (rng.randint(1, n_rows),))
        con.execute('COMMIT')
        if t0 >= t_meas:
            lat.append(now() - t0)
    lat.sort()
    emit({'tx': len(lat), 'seconds': job['seconds'], 'p50': pct(lat, 50), 'p99': pct(lat, 99), 'max': lat[-1] if lat else None,
          'config': cfg})


# ------------------------------------------------------------------ DuckDB side

def duck_connect(job):
    return benchlib.duck_open(job['db'], job['threads'], read_only=job.get('read_only', False))


def duck_cursor(con):
    c = con.cursor()
    c.execute('USE bench')
    return c


def duck_retryable(e):
    s = str(e).lower()
    return 'conflict' in s


def duck_describe(con):
    import duckdb
    one = lambda sql: con.execute(sql).fetchone()[0]
    return dict(pid=os.getpid(), python=sys.version.split()[0], duckdb_version=duckdb.__version__,
                duckdb_threads=one("SELECT current_setting('threads')"),
                duckdb_memory_limit=one("SELECT current_setting('memory_limit')"),
                duckdb_checkpoint_threshold=one("SELECT current_setting('checkpoint_threshold')"))


def duck_mix(job):
    """A whole mix on DuckDB: job['writers'] writer threads and
    job['streams'] stream threads, each on a connection of its own to one
    DuckDB instance (threads set on it)."""
    con = duck_connect(job)
    cfg = duck_describe(con)
    writers = []
    for i in range(job['writers']):
        c = duck_cursor(con)
        wjob = dict(job, client=i + 1)
        c.execute('DELETE FROM freshness WHERE f_clientnum = ?', (i + 1,))
        c.execute('INSERT INTO freshness VALUES (?, 0)', (i + 1,))

        def mk(c):
            def q(sql, args=()):
                c.execute(sql, args)

            def one(sql, args=()):
                r = c.execute(sql, args).fetchone()
                return r[0] if r else None
            return q, one
        q, one = mk(c)
        writers.append(WriterLoop(wjob, (lambda c=c: c.execute('BEGIN TRANSACTION')),
                                  (lambda c=c: c.execute('BEGIN TRANSACTION')),
                                  (lambda c=c: c.execute('COMMIT')), (lambda c=c: c.execute('ROLLBACK')),
                                  q, one, duck_retryable, rowid_offset=1))
    streams = []
    for s in range(job['streams']):
        c = duck_cursor(con)

        def run_query(sql, c=c):
            c.execute('BEGIN TRANSACTION')
            t0 = now()
            rows = c.execute(sql).fetchall()
            t1 = now()
            fresh = {str(k): n for k, n in c.execute('SELECT f_clientnum, f_txnnum FROM freshness').fetchall()}
            c.execute('COMMIT')
            h, n = normal_rows_hash(rows)
            return t1 - t0, fresh, h, n
        streams.append(run_query)
    emit({'ready': True, 'config': cfg})
    t0 = wait_go()
    t_end = t0 + job['warmup'] + job['seconds']
    results = {'writers': [None] * len(writers), 'streams': [None] * len(streams)}

    def wr(i):
        writers[i].run(t_end)
        results['writers'][i] = writers[i].result()

    def st(i):
        results['streams'][i] = stream_loop(dict(job, stream=i + 1), streams[i], t_end)
    ths = [threading.Thread(target=wr, args=(i,)) for i in range(len(writers))]
    ths += [threading.Thread(target=st, args=(i,)) for i in range(len(streams))]
    for t in ths:
        t.start()
    for t in ths:
        t.join()
    results['config'] = cfg
    emit(results)


def duck_queries(job):
    con = duck_connect(dict(job, read_only=True))
    cfg = duck_describe(con)
    emit({'queries': run_queries(con, job['queries']), 'config': cfg})


def duck_updates(job):
    con = duck_connect(job)
    cfg = duck_describe(con)
    t0 = now()
    for r in job['rowids']:
        con.execute('BEGIN TRANSACTION')
        con.execute('UPDATE lineorder SET lo_revenue = lo_revenue + 1 WHERE rowid = ?', (r - 1,))
        con.execute('COMMIT')
    t = now() - t0
    emit({'seconds': t, 'n': len(job['rowids']), 'config': cfg})


def main():
    job = json.loads(sys.argv[1])
    role = job['role']
    if job.get('engine') == 'duckdb':
        {'duckmix': duck_mix, 'queries': duck_queries, 'updates': duck_updates,
         'probe': lambda j: emit({'config': duck_describe(duck_connect(dict(j, read_only=True)))})}[role](job)
        return
    if role == 'probe':
        con, _ = sqlite_open(job)
        emit({'config': sqlite_describe(con)})
        return
    {'writer': sqlite_writer, 'stream': sqlite_stream, 'queries': sqlite_queries, 'updates': sqlite_updates,
     'writerate': sqlite_writerate}[role](job)


if __name__ == '__main__':
    main()
