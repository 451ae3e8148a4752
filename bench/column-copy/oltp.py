#!/usr/bin/env python3
"""Column copies (issue 33): what they cost outside the analytic scans.

  python3 bench/column-copy/oltp.py [--parts instr,tatp,bulk,space]
        [--base-lib /tmp/wt-base/build/libsqlite3.so]   # the parent commit's build
        [--subscribers 100000] [--duration 5] [--repeat 5]
        [--bulk-rows 1000000] [--ssb-db bench/out/ssb-sf1-seed1.db]

Parts, each on its own database files under bench/out/column-copy/:

  instr  Instructions (valgrind callgrind) of our build and of the base
         build (--base-lib, e.g. the parent commit's) on tables WITHOUT a
         copy: the TATP driver for --instr-tx transactions (bench/tatp/tatp.c
         --tx, the same transactions for both), collected in
         runTransaction() only, per transaction; and the large-transaction
         driver (bench/largetx/largetx.c, 1 MB transactions), the whole
         process.  WAL, synchronous NORMAL.
  tatp   TATP tx/s of our build on the same template, without copies and
         with a copy of each of the four tables (PRAGMA column_copy after
         the load), each run on a fresh copy of its template, alternating,
         --repeat runs of --duration s after 1 s of warm-up.
  bulk   Bulk load of --bulk-rows rows (one INSERT ... SELECT from a
         recursive CTE, one transaction, by our shell) into an SSB-like
         table of 10 columns: empty without a copy, empty with a copy built
         on it (all rows land in the copy's tail), and holding --bulk-rows
         rows with a copy of them (the load appends as many again);
         alternating, --repeat runs each on a fresh file.
  space  The copy of SSB lineorder (--ssb-db; bench/ssb/run.py makes it):
         bytes and base_bytes of PRAGMA column_copy_list, pages of the base
         table and of the shadow tables (dbstat), the file's size before
         and after; and the time of PRAGMA column_copy('lineorder') against
         CREATE INDEX on lo_quantity and on lo_orderdate, alternating,
         --repeat runs each on a fresh copy of the database file.
  refresh The automatic refresh rule (PRAGMA optimize with PRAGMA
         column_copy_refresh at its default): on a fresh copy of --ssb-db
         with a copy of lineorder, --repeat rounds of: an UPDATE of one
         row in every 4th chunk (25% of the rows' chunks stale), a scan of
         lineorder with SSB Q1.1's terms (3 runs), PRAGMA optimize (the
         refresh), the scan again, and PRAGMA optimize with nothing due.

Writes bench/out/column-copy/oltp-<stamp>.csv (one row per run) and
oltp-<stamp>.md (medians, min-max, ratios).
"""
import argparse, csv, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
from benchlib import TOP, die, progress

benchlib.init('column-copy')
PARTS = ['instr', 'tatp', 'bulk', 'space', 'refresh']


def sh(shell, db, sql, what, timer=False):
    """Run sql in our shell on db; return (stdout, the sum of the statements'
    .timer real times, with timer)."""
    r = subprocess.run([shell, '-bail', db], input=('.timer on\n' if timer else '') + sql,
                       capture_output=True, text=True)
    if r.returncode != 0:
        die('%s failed: %s' % (what, (r.stderr or r.stdout).strip()[-400:]), 1)
    times = [float(m.group(1)) for m in re.finditer(r'Run Time: real ([0-9.]+)', r.stdout)]
    return r.stdout, (sum(times) if times else None)


def fmt(v, d=3):
    return '%.*f (%.*f–%.*f)' % (d, statistics.median(v), d, min(v), d, max(v))


class Run:
    def __init__(self, a):
        self.a = a
        self.stamp = time.strftime('%Y%m%d-%H%M%S')
        self.dir = os.path.join(a.out, 'column-copy')
        self.tmp = os.path.join(self.dir, 'oltp-%s' % self.stamp)
        os.makedirs(self.tmp, exist_ok=True)
        self.rows = []
        self.md = []
        self.mach = benchlib.machine(self.dir)
        # Snapshots: one build per run.
        self.shell = os.path.join(self.tmp, 'sqlite3')
        shutil.copy2(benchlib.OURS_SHELL, self.shell)
        ours = next((p for p in benchlib.OURS_LIBS if os.path.exists(p)), None)
        if ours is None:
            die(benchlib.MISSING_OURS)
        self.libs = {'ours': self.snap('ours', ours)}
        if a.base_lib:
            if not os.path.isfile(a.base_lib):
                die('--base-lib %s: no such file' % a.base_lib)
            self.libs['base'] = self.snap('base', a.base_lib)
        self.drivers = {}
        # tatp-noinline: for callgrind's --toggle-collect=runTransaction
        for d, src, extra in (('tatp', 'tatp/tatp.c', []), ('largetx', 'largetx/largetx.c', []),
                              ('tatp-noinline', 'tatp/tatp.c', ['-fno-inline'])):
            exe = os.path.join(self.tmp, d)
            r = subprocess.run(['cc', '-O2', '-g'] + extra + ['-o', exe, os.path.join(HERE, '..', src), '-ldl'],
                               capture_output=True, text=True)
            if r.returncode != 0:
                die('cannot compile %s: %s' % (src, r.stderr[-400:]), 1)
            self.drivers[d] = exe

    def snap(self, key, path):
        d = os.path.join(self.tmp, 'lib-' + key)
        os.makedirs(d, exist_ok=True)
        dst = os.path.join(d, 'libsqlite3.so.0')
        shutil.copy2(os.path.realpath(path), dst)
        return {'path': path, 'snapshot': dst, 'sha256': benchlib.sha256(dst)}

    def row(self, part, case, system, rep, **kw):
        r = dict(part=part, case=case, system=system, rep=rep)
        r.update(kw)
        self.rows.append(r)

    # ------------------------------------------------------------ TATP templates
    def tatp_template(self, n, copies):
        path = os.path.join(self.dir, 'tatp-%d%s.db' % (n, '-cc' if copies else ''))
        if os.path.exists(path):
            return path
        plain = os.path.join(self.dir, 'tatp-%d.db' % n)
        if not os.path.exists(plain):
            progress('bench/column-copy: loading TATP, %d subscribers' % n)
            subprocess.run([self.drivers['tatp'], self.libs['ours']['snapshot'], plain + '.tmp', '--load', str(n)],
                           check=True, stdout=subprocess.DEVNULL)
            os.rename(plain + '.tmp', plain)
        if copies:
            shutil.copyfile(plain, path + '.tmp')
            sh(self.shell, path + '.tmp', ''.join("PRAGMA column_copy('%s');\n" % t for t in
                                                   ('subscriber', 'access_info', 'special_facility',
                                                    'call_forwarding')), 'TATP copies')
            os.rename(path + '.tmp', path)
        return path

    def fresh(self, template):
        dst = os.path.join(self.tmp, 'run.db')
        benchlib.remove_db(dst)
        shutil.copyfile(template, dst)
        return dst

    # ------------------------------------------------------------ instr
    def callgrind(self, cmd, toggle=None):
        vg = ['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null']
        if toggle:
            vg.append('--toggle-collect=' + toggle)
        r = subprocess.run(vg + cmd, capture_output=True, text=True)
        m = re.search(r'Collected : (\d+)', r.stderr)
        if r.returncode != 0 or not m:
            die('callgrind failed: %s' % r.stderr[-400:], 1)
        return int(m.group(1)), json.loads(r.stdout) if r.stdout.strip().startswith('{') else None

    def part_instr(self):
        if 'base' not in self.libs:
            die('--parts instr needs --base-lib')
        a = self.a
        out = {}
        tmpl = self.tatp_template(a.subscribers, False)
        cases = [('tatp', 'TATP %d subscribers, %d transactions, WAL/NORMAL, per transaction (runTransaction)'
                  % (a.subscribers, a.instr_tx)),
                 ('largetx-wal', 'largetx WAL/NORMAL, 4 tx of 8500 rows after 1, whole process'),
                 ('largetx-delete', 'largetx DELETE/FULL, 4 tx of 8500 rows after 1, whole process')]
        for case, desc in cases:
            for lib in ('base', 'ours'):
                L = self.libs[lib]['snapshot']
                if case == 'tatp':
                    db = self.fresh(tmpl)
                    n, js = self.callgrind([self.drivers['tatp-noinline'], L, db, '--journal', 'wal', '--sync', 'normal',
                                            '--warmup', '0', '--duration', '100000', '--tx', str(a.instr_tx)],
                                           toggle='runTransaction')
                    ntx = js['tx'] + js['warmup_tx']
                    v = n / ntx
                else:
                    db = os.path.join(self.tmp, 'largetx.db')
                    j = case.split('-')[1]
                    n, js = self.callgrind([self.drivers['largetx'], L, db, '--journal', j, '--sync',
                                            'normal' if j == 'wal' else 'full', '--tx', '4', '--warmup', '1'])
                    v = n
                out[(case, lib)] = v
                self.row('instr', case, lib, 1, instructions=round(v, 1), library_sha256=self.libs[lib]['sha256'])
                progress('  instr %s %s: %s' % (case, lib, '{:,.1f}'.format(v)))
        self.md.append('## Instructions, tables without a copy: ours against the base build\n\n'
                       'valgrind callgrind; ours `%s` (SHA-256 %s…), base `%s` (SHA-256 %s…).\n\n'
                       '| case | base | ours | ours / base |\n|---|---:|---:|---:|\n' % (
                           self.libs['ours']['path'].replace(TOP + '/', ''), self.libs['ours']['sha256'][:16],
                           self.libs['base']['path'], self.libs['base']['sha256'][:16]))
        for case, desc in cases:
            b, o = out[(case, 'base')], out[(case, 'ours')]
            self.md.append('| %s | %s | %s | %.4f |\n' % (desc, '{:,.1f}'.format(b), '{:,.1f}'.format(o), o / b))

    # ------------------------------------------------------------ tatp
    def part_tatp(self):
        a = self.a
        tm = {'without': self.tatp_template(a.subscribers, False), 'with': self.tatp_template(a.subscribers, True)}
        res = {}
        for rep in range(a.repeat):
            for case in (('without', 'with') if rep % 2 == 0 else ('with', 'without')):
                for j, sync in (('wal', 'normal'),):
                    db = self.fresh(tm[case])
                    r = subprocess.run([self.drivers['tatp'], self.libs['ours']['snapshot'], db, '--journal', j,
                                        '--sync', sync, '--warmup', '1', '--duration', str(a.duration),
                                        '--seed', str(rep + 1)], capture_output=True, text=True)
                    if r.returncode != 0:
                        die('tatp failed: %s' % r.stderr[-400:], 1)
                    js = json.loads(r.stdout)
                    res.setdefault((case, j), []).append(js['tx_per_s'])
                    self.row('tatp', '%s-%s' % (case, j), 'ours', rep + 1, tx_per_s=js['tx_per_s'],
                             committed=js['committed'], subscribers=a.subscribers, duration_s=a.duration)
            progress('  tatp round %d: %s' % (rep + 1, '  '.join('%s %.0f' % (k[0], v[-1]) for k, v in res.items())))
        self.md.append('\n## TATP, %d subscribers, WAL/NORMAL: committed tx/s of ours, tables without and with '
                       'copies\n\n%d runs of %g s after 1 s warm-up each, alternating, each on a fresh copy of its '
                       'template (seed = run number, the same for both). With: PRAGMA column_copy of subscriber, '
                       'access_info, special_facility, call_forwarding after the load.\n\n'
                       '| journal | without | with | with / without |\n|---|---:|---:|---:|\n' % (
                           a.subscribers, a.repeat, a.duration))
        for j in ('wal',):
            w, c = res[('without', j)], res[('with', j)]
            self.md.append('| %s | %s | %s | %.3fx |\n' % (j, fmt(w, 0), fmt(c, 0),
                                                           statistics.median(c) / statistics.median(w)))

    # ------------------------------------------------------------ bulk
    BULK_DDL = ('CREATE TABLE lo(lo_orderkey INTEGER, lo_linenumber INTEGER, lo_custkey INTEGER, '
                'lo_partkey INTEGER, lo_suppkey INTEGER, lo_orderdate INTEGER, lo_quantity INTEGER, '
                'lo_extendedprice INTEGER, lo_discount INTEGER, lo_shipmode TEXT);\n')

    def bulk_sql(self, n, start):
        return ('INSERT INTO lo SELECT i/4, i%%4+1, (i*7919)%%30000+1, (i*104729)%%200000+1, (i*31)%%2000+1, '
                '19920101+(i%%2400), i%%50+1, 90000+(i*37)%%10000000, i%%11, '
                "CASE i%%7 WHEN 0 THEN 'AIR' WHEN 1 THEN 'MAIL' WHEN 2 THEN 'SHIP' WHEN 3 THEN 'TRUCK' "
                "WHEN 4 THEN 'RAIL' WHEN 5 THEN 'FOB' ELSE 'REG AIR' END "
                'FROM (WITH RECURSIVE r(i) AS (SELECT %d UNION ALL SELECT i+1 FROM r WHERE i<%d) SELECT i FROM r);\n'
                % (start, start + n - 1))

    def part_bulk(self):
        a = self.a
        n = a.bulk_rows
        tmpl = {}
        for case in ('empty', 'empty-copy', 'full-copy', 'full'):
            p = os.path.join(self.tmp, 'bulk-%s.db' % case)
            sql = self.BULK_DDL
            if case.startswith('full'):
                sql += self.bulk_sql(n, 0)
            if case.endswith('copy'):
                sql += "PRAGMA column_copy('lo');\n"
            sh(self.shell, p, sql, 'bulk template ' + case)
            tmpl[case] = p
        res = {}
        cases = ['empty', 'empty-copy', 'full', 'full-copy']
        for rep in range(a.warmup + a.repeat):
            for case in (cases if rep % 2 == 0 else cases[::-1]):
                db = self.fresh(tmpl[case])
                _, t = sh(self.shell, db, 'BEGIN;\n%sCOMMIT;\n' % self.bulk_sql(n, n if case.startswith('full') else 0),
                          'bulk ' + case, timer=True)
                if rep < a.warmup:
                    continue
                res.setdefault(case, []).append(t)
                self.row('bulk', case, 'ours', rep - a.warmup + 1, seconds=t, rows=n)
            progress('  bulk round %d: %s' % (rep + 1, '  '.join('%s %.2f' % (k, v[-1]) for k, v in res.items())))
        self.md.append('\n## Bulk load of %s rows in one transaction (INSERT ... SELECT), ours\n\n'
                       '%d warm-up + %d timed runs, alternating, each on a fresh file; shell `.timer` real time of '
                       'BEGIN, the INSERT and COMMIT. empty: a new table; full: the table holds %s rows already (the load appends); '
                       '-copy: PRAGMA column_copy built before the load (the rows land in the tail).\n\n'
                       '| case | seconds | rows/s | without / with (speed ratio) |\n|---|---:|---:|---:|\n' % (
                           '{:,}'.format(n), a.warmup, a.repeat, '{:,}'.format(n)))
        for case in cases:
            base = case.replace('-copy', '')
            r = '%.3fx' % (statistics.median(res[base]) / statistics.median(res[case])) if case != base else ''
            self.md.append('| %s | %s | %s | %s |\n' % (case, fmt(res[case]), '{:,.0f}'.format(
                n / statistics.median(res[case])), r))
        out, _ = sh(self.shell, self.fresh(tmpl['full-copy']), self.bulk_sql(n, n) + '.headers on\nPRAGMA column_copy_list;\n',
                    'copy list after load')
        self.md.append('\nAfter the load into full-copy: `%s`\n' % ' / '.join(out.strip().splitlines()))

    # ------------------------------------------------------------ space
    def part_space(self):
        a = self.a
        if not os.path.exists(a.ssb_db):
            die('no %s: run bench/ssb/run.py --sf 1 first (or give --ssb-db)' % a.ssb_db)
        res = {}
        stats = None
        steps = [('copy', "PRAGMA column_copy('lineorder');\n"),
                 ('index-quantity', 'CREATE INDEX i1 ON lineorder(lo_quantity);\n'),
                 ('index-orderdate', 'CREATE INDEX i2 ON lineorder(lo_orderdate);\n')]
        for rep in range(a.repeat):
            for name, sql in (steps if rep % 2 == 0 else steps[::-1]):
                db = self.fresh(a.ssb_db)
                before = os.path.getsize(db)
                t0 = time.perf_counter()
                sh(self.shell, db, sql, name)
                t = time.perf_counter() - t0
                res.setdefault(name, []).append(t)
                self.row('space', name, 'ours', rep + 1, seconds=t, file_before=before, file_after=os.path.getsize(db))
                if name == 'copy' and stats is None:
                    out, _ = sh(self.shell, db, '.headers on\nPRAGMA column_copy_list;\n', 'list')
                    lst = out.strip().splitlines()
                    pages, _ = sh(self.shell, db, "SELECT name, count(*), sum(pgsize) FROM dbstat WHERE name IN "
                                  "('lineorder') OR name LIKE 'lipsqlite_column_copy%' OR name LIKE "
                                  "'sqlite_autoindex_lipsqlite%' GROUP BY name ORDER BY name;\n", 'dbstat')
                    stats = (lst, pages.strip().splitlines(), before, os.path.getsize(db))
            progress('  space round %d: %s' % (rep + 1, '  '.join('%s %.2f' % (k, v[-1]) for k, v in res.items())))
        lst, pages, before, after = stats
        keys = lst[0].split('|')
        row = dict(zip(keys, lst[1].split('|'))) if len(lst) > 1 else {}
        base_pages = sum(int(p.split('|')[1]) for p in pages if p.split('|')[0] == 'lineorder')
        copy_pages = sum(int(p.split('|')[1]) for p in pages if p.split('|')[0] != 'lineorder')
        self.md.append('\n## Space and build time of the copy of SSB lineorder (`%s`)\n\n' % os.path.basename(a.ssb_db))
        self.md.append('PRAGMA column_copy_list: `%s` / `%s`: bytes / base_bytes = **%.3f**.\n\n' % (
            lst[0], lst[1] if len(lst) > 1 else '', int(row.get('bytes', 0)) / max(1, int(row.get('base_bytes', 1)))))
        self.md.append('dbstat pages (name, pages, bytes):\n\n```\n%s\n```\n\nPages of the copy / pages of lineorder = '
                       '**%.3f**; file %s -> %s bytes (+%.3f of the file before).\n\n' % (
                           '\n'.join(pages), copy_pages / max(1, base_pages), '{:,}'.format(before),
                           '{:,}'.format(after), (after - before) / before))
        self.md.append('Build time, %d runs alternating, each on a fresh copy of the file (wall time of the shell '
                       'process: open, statement, commit):\n\n| step | seconds | / CREATE INDEX on lo_quantity |\n'
                       '|---|---:|---:|\n' % a.repeat)
        for name, _ in steps:
            self.md.append('| %s | %s | %.3fx |\n' % (name, fmt(res[name]), statistics.median(res[name]) /
                                                      statistics.median(res['index-quantity'])))

    # ------------------------------------------------------------ refresh
    def part_refresh(self):
        a = self.a
        if not os.path.exists(a.ssb_db):
            die('no %s: run bench/ssb/run.py --sf 1 first (or give --ssb-db)' % a.ssb_db)
        db = self.fresh(a.ssb_db)
        sh(self.shell, db, "PRAGMA column_copy('lineorder');\n", 'copy')
        scan = ('SELECT sum(lo_extendedprice*lo_discount) FROM lineorder '
                'WHERE lo_discount BETWEEN 1 AND 3 AND lo_quantity < 25;\n')

        def times(sql, what):
            out, _ = sh(self.shell, db, '.timer on\n' + sql, what)
            return [float(m.group(1)) for m in re.finditer(r'Run Time: real ([0-9.]+)', out)], out

        res = {}
        lists = []
        for rep in range(a.repeat):
            step = {}
            step['update'], _ = times('UPDATE lineorder SET lo_tax=lo_tax WHERE rowid %% %d = 7;\n'
                                      % (4 * 65536), 'update')
            out, _ = sh(self.shell, db, 'PRAGMA column_copy_list;\n', 'list')
            lists.append(('stale', out.strip()))
            t, _ = times(scan * 3, 'scan stale')
            step['scan-stale'] = [statistics.median(t)]
            step['optimize'], _ = times('PRAGMA optimize;\n', 'optimize')
            out, _ = sh(self.shell, db, 'PRAGMA column_copy_list;\n', 'list')
            lists.append(('refreshed', out.strip()))
            t, _ = times(scan * 3, 'scan clean')
            step['scan-clean'] = [statistics.median(t)]
            step['optimize-none-due'], _ = times('PRAGMA optimize;\n', 'optimize')
            for k, v in step.items():
                res.setdefault(k, []).append(sum(v))
                self.row('refresh', k, 'ours', rep + 1, seconds=sum(v))
            progress('  refresh round %d: %s' % (rep + 1, '  '.join('%s %.3f' % (k, v[-1]) for k, v in res.items())))
        self.md.append('\n## The automatic refresh rule: PRAGMA optimize (`%s`)\n\n' % os.path.basename(a.ssb_db))
        self.md.append('A copy of lineorder built once; then %d rounds of: an UPDATE of one row in every 4th chunk '
                       '(`rowid %% 262144 = 7`), the scan `%s` (median of 3 in one process), PRAGMA optimize '
                       '(column_copy_refresh 10: due), the scan again, PRAGMA optimize with nothing due. '
                       'Statement times (shell `.timer`):\n\n| step | seconds |\n|---|---:|\n'
                       % (a.repeat, scan.strip()))
        for k in ['update', 'scan-stale', 'optimize', 'scan-clean', 'optimize-none-due']:
            self.md.append('| %s | %s |\n' % (k, fmt(res[k])))
        self.md.append('\nPRAGMA column_copy_list after the first UPDATE and after the first refresh: `%s` / `%s`\n'
                       % (lists[0][1], lists[1][1]))

    def write(self):
        csvp = os.path.join(self.dir, 'oltp-%s.csv' % self.stamp)
        keys = []
        for r in self.rows:
            for k in r:
                if k not in keys:
                    keys.append(k)
        keys += list(self.mach)
        with open(csvp, 'w', newline='') as f:
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for r in self.rows:
                w.writerow(dict(r, **self.mach))
        md = os.path.join(self.dir, 'oltp-%s.md' % self.stamp)
        ver, _ = sh(self.shell, ':memory:', 'SELECT sqlite_version(), sqlite_source_id();\n', 'version')
        with open(md, 'w') as f:
            f.write('# Column copies outside the scans (%s)\n\n' % self.stamp)
            f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s, filesystem %(fs)s.\n' % self.mach)
            f.write('Ours: `%s` (SHA-256 %s…), shell `build/sqlite3` (%s).\n\n' % (
                self.libs['ours']['path'].replace(TOP + '/', ''), self.libs['ours']['sha256'][:16], ver.strip()))
            f.write(''.join(self.md))
        shutil.rmtree(self.tmp, ignore_errors=True)
        benchlib.print_report(md, ('CSV', csvp), ('Report', md))


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--parts', default=','.join(PARTS))
    ap.add_argument('--base-lib', default=None)
    ap.add_argument('--subscribers', type=int, default=100000)
    ap.add_argument('--instr-tx', type=int, default=20000)
    ap.add_argument('--duration', type=float, default=5.0)
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--warmup', type=int, default=1)
    ap.add_argument('--bulk-rows', type=int, default=1000000)
    ap.add_argument('--ssb-db', default=os.path.join(benchlib.OUT, 'ssb-sf1-seed1.db'))
    ap.add_argument('--out', default=benchlib.OUT)
    a = ap.parse_args()
    try:
        parts = benchlib.csv_list(a.parts, PARTS, 'part')
    except benchlib.BadInput as e:
        die(str(e))
    r = Run(a)
    for p in parts:
        getattr(r, 'part_' + p)()
    r.write()


if __name__ == '__main__':
    main()
