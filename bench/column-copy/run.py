#!/usr/bin/env python3
"""The decoding cost of the column-copy chunk encodings (issue 33,
doc/column-copy.md), beside the row path's cost per row.

  python3 bench/column-copy/run.py [--chunks 4] [--runs 11] [--sf 0.2]
                                   [--shell build/sqlite3] [--no-row-path]

1. Builds bench/column-copy/decode.c with `gcc -O2` into bench/out/column-copy/.
2. Times every kernel (decode.c: one warm-up pass, then --runs timed runs;
   nanoseconds per value, median and min-max).
3. Runs it once more under callgrind, collecting only inside the measured
   passes (--collect-atstart=no, --toggle-collect=benchPass*/benchEncode*)
   and dumping after every kernel (--dump-after=cgMark*): instructions per
   value of each kernel, setup and checking excluded.
4. The row path (unless --no-row-path): SSB lineorder at scale factor --sf
   made by bench/ssb/gen.sql.in with --shell, then
     SELECT count(*) FROM lineorder WHERE lo_quantity < 25
        AND lo_discount BETWEEN 1 AND 3
   run once to warm the page cache, timed (.timer, 1 warm-up + --row-runs),
   and counted under callgrind, minus the same statement with "AND 0"
   (which opens the database, reads the schema and prepares, but scans
   nothing): instructions per row.  Also the time of
   CREATE INDEX ... ON lineorder(lo_quantity) (in a transaction rolled back),
   the bound issue 33 sets on building a copy.

Writes bench/out/column-copy/decode-<stamp>.{csv,md} and keeps the callgrind
files under bench/out/column-copy/cg-<stamp>/.
"""
import argparse, csv, json, os, re, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
import benchlib
TOP = benchlib.TOP
OUT = os.path.join(TOP, 'bench', 'out', 'column-copy')

QUERY = ('SELECT count(*) FROM lineorder WHERE lo_quantity < 25 '
         'AND lo_discount BETWEEN 1 AND 3')


def die(msg, status=2):
    sys.stderr.write('bench/column-copy: %s\n' % msg)
    sys.exit(status)


def say(msg):
    sys.stderr.write(msg + '\n')
    sys.stderr.flush()


def run(cmd, **kw):
    say('+ ' + ' '.join(cmd))
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        die('%s failed (exit %d): %s' % (cmd[0], r.returncode, r.stderr[-600:]), 1)
    return r


def machine():
    """benchlib's machine (kernel, cpu, cores), the compiler, valgrind and
    the commit measured."""
    out = benchlib.machine()
    out['gcc'] = subprocess.run(['gcc', '--version'], capture_output=True, text=True).stdout.splitlines()[0]
    out['valgrind'] = subprocess.run(['valgrind', '--version'], capture_output=True, text=True).stdout.strip()
    out['commit'] = subprocess.run(['git', '-C', TOP, 'rev-parse', '--short', 'HEAD'],
                                   capture_output=True, text=True).stdout.strip()
    return out


def loadavg():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def cg_total(path):
    with open(path) as f:
        for l in f:
            m = re.match(r'(?:totals|summary):\s*(\d+)', l)
            if m:
                return int(m.group(1))
    die('no totals in %s' % path, 1)


def parse_tsv(text):
    lines = text.splitlines()
    head = lines[0].split('\t')
    return [dict(zip(head, l.split('\t'))) for l in lines[1:] if l]


def decode_bench(a, stamp, cfg):
    exe = os.path.join(OUT, 'decode')
    cc = ['gcc', '-O2', '-Wall', '-o', exe, os.path.join(HERE, 'decode.c')]
    run(cc)
    cfg['compile'] = ' '.join(cc)
    args = ['--chunks', str(a.chunks)]
    # timings
    cfg['load_before_timing'] = loadavg()
    t = run([exe] + args + ['--runs', str(a.runs)])
    timed = parse_tsv(t.stdout)
    cfg['load_after_timing'] = loadavg()
    # instruction counts
    cgdir = os.path.join(OUT, 'cg-' + stamp)
    os.makedirs(cgdir, exist_ok=True)
    vg = ['valgrind', '--tool=callgrind', '--callgrind-out-file=' + os.path.join(cgdir, 'decode.out'),
          '--collect-atstart=no', '--toggle-collect=benchPass*', '--toggle-collect=benchEncode*',
          '--dump-after=cgMark*']
    c = run(vg + [exe] + args + ['--callgrind'])
    counted = parse_tsv(c.stdout)
    cfg['callgrind'] = ' '.join(vg) + ' ' + exe + ' ' + ' '.join(args) + ' --callgrind'
    cfg['timing'] = exe + ' ' + ' '.join(args) + ' --runs %d' % a.runs
    if len(counted) != len(timed):
        die('the timed and the counted runs list different kernels', 1)
    rows = []
    for i, (tr, cr) in enumerate(zip(timed, counted)):
        if (tr['kernel'], tr['column']) != (cr['kernel'], cr['column']):
            die('kernel %d differs between runs' % i, 1)
        ir = cg_total(os.path.join(cgdir, 'decode.out.%d' % (i + 1)))
        n = float(tr['values'])
        rows.append({
            'kernel': tr['kernel'], 'column': tr['column'], 'width': int(tr['width']),
            'values': int(n), 'ir': ir, 'ir_per_value': ir / n,
            'ns_median': float(tr['ns_median']), 'ns_min': float(tr['ns_min']),
            'ns_max': float(tr['ns_max']), 'bytes_per_value': float(tr['bytes_per_value']),
            'selected': int(float(tr['selected'])),
        })
    return rows


def shell_sql(shell, db, sql):
    return run([shell, '-bail', db], input=sql).stdout


def row_path(a, stamp, cfg):
    shell = os.path.abspath(a.shell)
    if not os.access(shell, os.X_OK):
        die('no shell at %s (build one, or give --shell; or --no-row-path)' % shell)
    db = os.path.join(OUT, 'ssb-sf%s.db' % a.sf)
    if not os.path.exists(db):
        sql = open(os.path.join(TOP, 'bench', 'ssb', 'gen.sql.in')).read()
        sql = sql.replace('@SF@', repr(float(a.sf))).replace('@SEED@', '1')
        if os.path.exists(db + '.tmp'):
            os.remove(db + '.tmp')
        shell_sql(shell, db + '.tmp', sql)
        os.rename(db + '.tmp', db)
    res = {'shell': shell, 'db': db, 'db_bytes': os.path.getsize(db)}
    info = shell_sql(shell, db, "SELECT sqlite_version(); SELECT sqlite_source_id();"
                     " SELECT count(*) FROM lineorder; PRAGMA page_size; PRAGMA cache_size;"
                     " PRAGMA journal_mode; PRAGMA mmap_size; %s;" % QUERY).splitlines()
    res.update(version=info[0], source_id=info[1], rows=int(info[2]), page_size=info[3],
               cache_size=info[4], journal_mode=info[5], mmap_size=info[6], matches=int(info[7]))
    opts = shell_sql(shell, db, 'PRAGMA compile_options;').split()
    res['compile_options'] = ' '.join(opts)
    # wall time of the query: .timer, 1 warm-up then row_runs
    times = []
    for i in range(1 + a.row_runs):
        out = shell_sql(shell, db, '.timer on\n%s;\n' % QUERY)
        m = re.search(r'Run Time: real ([0-9.]+)', out)
        if i > 0:
            times.append(float(m.group(1)))
    res['query_s'] = times
    # instructions: the query, and the same statement scanning nothing
    cg = {}
    for name, sql in (('query', QUERY), ('open', QUERY + ' AND 0')):
        out = os.path.join(OUT, 'cg-' + stamp, 'shell-%s.out' % name)
        r = run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out, shell, db, sql])
        cg[name] = cg_total(out)
        res['%s_output' % name] = r.stdout.strip()
    res['ir_query'] = cg['query']
    res['ir_open'] = cg['open']
    res['ir_per_row'] = (cg['query'] - cg['open']) / float(res['rows'])
    ann = subprocess.run(['callgrind_annotate', '--inclusive=no',
                          os.path.join(OUT, 'cg-' + stamp, 'shell-query.out')],
                         capture_output=True, text=True).stdout
    top = []
    for l in ann.splitlines():
        m = re.match(r'\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+\S*?:?(\S+)\s', l + ' ')
        if m and len(top) < 10 and 'PROGRAM' not in l:
            top.append((m.group(3), int(m.group(1).replace(',', '')), float(m.group(2))))
    res['top_functions'] = top
    # CREATE INDEX on an integer column, rolled back
    ci = []
    for i in range(1 + a.row_runs):
        out = shell_sql(shell, db, 'BEGIN;\n.timer on\nCREATE INDEX cc_bench_q ON '
                        'lineorder(lo_quantity);\n.timer off\nROLLBACK;\n')
        m = re.search(r'Run Time: real ([0-9.]+)', out)
        if i > 0:
            ci.append(float(m.group(1)))
    res['create_index_s'] = ci
    cfg['row_path'] = res
    return res


def fmt_ns(r):
    return '%.2f (%.2f–%.2f)' % (r['ns_median'], r['ns_min'], r['ns_max'])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--chunks', type=int, default=4)
    ap.add_argument('--runs', type=int, default=11)
    ap.add_argument('--sf', type=float, default=0.2)
    ap.add_argument('--row-runs', type=int, default=3)
    ap.add_argument('--shell', default=os.path.join(TOP, 'build', 'sqlite3'))
    ap.add_argument('--no-row-path', action='store_true')
    a = ap.parse_args()
    if a.chunks < 1 or a.runs < 1 or a.row_runs < 1 or a.sf <= 0:
        die('--chunks, --runs, --row-runs and --sf must be positive')
    for tool in ('gcc', 'valgrind'):
        if shutil.which(tool) is None:
            die('%s is not installed' % tool)
    os.makedirs(OUT, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S', time.gmtime())
    cfg = {'stamp': stamp, 'machine': machine(), 'chunks': a.chunks, 'chunk_rows': 65536,
           'vector': 1024, 'runs': a.runs, 'argv': sys.argv}
    t0 = time.time()
    rows = decode_bench(a, stamp, cfg)
    rp = None if a.no_row_path else row_path(a, stamp, cfg)
    cfg['elapsed_s'] = round(time.time() - t0, 1)
    base = os.path.join(OUT, 'decode-' + stamp)
    with open(base + '.csv', 'w', newline='') as f:
        w = csv.writer(f)
        keys = ['kernel', 'column', 'width', 'values', 'ir', 'ir_per_value', 'ns_median',
                'ns_min', 'ns_max', 'bytes_per_value', 'selected']
        w.writerow(keys + ['config'])
        for r in rows:
            w.writerow([r[k] for k in keys] + [json.dumps(cfg, sort_keys=True)])
    with open(base + '.md', 'w') as f:
        f.write('# Column-copy decoding cost, %s\n\n' % stamp)
        f.write('```\n%s\n```\n\n' % json.dumps(cfg, indent=1, sort_keys=True))
        f.write('| kernel | column | width | Ir/value | ns/value median (min–max) | bytes/value | selected |\n')
        f.write('|---|---|---:|---:|---|---:|---:|\n')
        for r in rows:
            f.write('| %s | %s | %s | %.2f | %s | %.3f | %s |\n' % (
                r['kernel'], r['column'], r['width'] if r['width'] >= 0 else '',
                r['ir_per_value'], fmt_ns(r), r['bytes_per_value'],
                r['selected'] if r['selected'] >= 0 else ''))
        if rp:
            q = sorted(rp['query_s'])
            ci = sorted(rp['create_index_s'])
            f.write('\n## Row path\n\n')
            f.write('%s over %d rows (%d match): %.1f instructions per row '
                    '(%d - %d), %.1f ns per row (median of %d; %.3f s, %.3f–%.3f)\n\n' % (
                        QUERY, rp['rows'], rp['matches'], rp['ir_per_row'], rp['ir_query'],
                        rp['ir_open'], statistics.median(q) * 1e9 / rp['rows'], len(q),
                        statistics.median(q), q[0], q[-1]))
            f.write('CREATE INDEX on lo_quantity: %.1f ns per row (median %.3f s, %.3f–%.3f)\n\n' % (
                statistics.median(ci) * 1e9 / rp['rows'], statistics.median(ci), ci[0], ci[-1]))
            f.write('Top functions (exclusive Ir of the query run):\n\n')
            for name, ir, pct in rp['top_functions']:
                f.write('- %s: %d (%.1f%%), %.1f per row\n' % (name, ir, pct, ir / float(rp['rows'])))
    say('wrote %s.csv and %s.md (%.0f s)' % (base, base, cfg['elapsed_s']))
    print(open(base + '.md').read())


if __name__ == '__main__':
    main()
