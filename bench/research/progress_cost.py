#!/usr/bin/env python3
"""What the progress bar costs when it is not shown (issue 18).

  python3 bench/research/progress_cost.py --rows 1000000 --repeat 5

Configurations, all on the same data:
  stock       stock 3.53.4 shell (bench/.stock/sqlite3)
  off         our shell (build/sqlite3) with .progressbar off
  on-pipe     our shell, .progressbar on (the default), stderr a pipe: the
              bar cannot show, no progress handler is installed
  on-tty      our shell, .progressbar on with a delay it never reaches,
              stderr a pseudo-terminal (script(1)): the progress handler
              runs every 10,000 instructions and reads the clock, but the
              bar is never drawn (a statement shorter than the delay)

Workloads: Q, a long query (a full scan of t, COUNT over an expression of
each row); I, an import of a CSV of the same rows (.import --auto for ours;
stock has no --auto, so it imports with .import --csv into a table created
with the same types: a different code path, given for scale only).

Wall times: each configuration in alternating rounds (order reversed every
other round) after --warmup rounds; median and min-max of --repeat rounds.
Instruction counts: valgrind --tool=callgrind on a run with --cg-rows rows
(Ir of the whole shell process, startup included).

Writes bench/out/progress-cost-<stamp>.md with the numbers and the
configuration.
"""
import argparse, os, platform, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, '..', '..'))
OURS = os.path.join(TOP, 'build', 'sqlite3')
STOCK = os.path.join(TOP, 'bench', '.stock', 'sqlite3')
QUERY = "SELECT count(*) FROM t WHERE length(hex(b||a))>4;"
CONFIGS = ['stock', 'off', 'on-pipe', 'on-tty']


def die(msg):
    sys.exit('progress_cost: ' + msg)


def make_data(d, rows):
    csv = os.path.join(d, 't%d.csv' % rows)
    with open(csv, 'w') as f:
        f.write('a,b,c\n')
        for i in range(1, rows + 1):
            f.write('%d,name%d,%d.5\n' % (i, i, i * 7))
    db = os.path.join(d, 't%d.db' % rows)
    subprocess.run([OURS, db, '.import --auto %s t' % csv], check=True, capture_output=True)
    return csv, db


def command(cfg, wl, csv, db, scratch):
    """The argv of one run, and whether it needs a pseudo-terminal."""
    if wl == 'Q':
        target, sql = db, QUERY
    else:
        target = os.path.join(scratch, 'imp.db')
        if os.path.exists(target):
            os.remove(target)
        if cfg == 'stock':
            sql = None
        else:
            sql = '.import --auto %s t' % csv
    if cfg == 'stock':
        if wl == 'Q':
            return [STOCK, target, sql], False
        return [STOCK, target, 'CREATE TABLE t(a INTEGER, b TEXT, c REAL);',
                '.import --csv --skip 1 %s t' % csv], False
    pre = {'off': '.progressbar off', 'on-pipe': '.progressbar on',
           'on-tty': '.progressbar on 100000000'}[cfg]
    return [OURS, '-cmd', pre, target, sql], cfg == 'on-tty'


def shq(a):
    return "'" + a.replace("'", "'\\''") + "'"


def run(argv, tty, prefix=()):
    argv = list(prefix) + argv
    if tty:
        # script(1): the shell's stdin, stdout and stderr are a pseudo-terminal
        return subprocess.run(['script', '-q', '-e', '-c', ' '.join(shq(a) for a in argv), '/dev/null'],
                              stdin=subprocess.DEVNULL, capture_output=True, check=True)
    return subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, check=True)


def timed(argv, tty):
    t0 = time.perf_counter()
    r = run(argv, tty)
    t = time.perf_counter() - t0
    if b'[#' in r.stderr or b'[#' in r.stdout:
        die('a bar was drawn: %s' % argv)
    return t


def callgrind(argv, tty, scratch):
    out = os.path.join(scratch, 'cg.out')
    run(argv, tty, ['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out])
    with open(out) as f:
        for line in f:
            if line.startswith('summary:') or line.startswith('totals:'):
                return int(line.split()[1])
    die('no callgrind summary')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--rows', type=int, default=1000000)
    ap.add_argument('--cg-rows', type=int, default=100000)
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--warmup', type=int, default=1)
    ap.add_argument('--no-callgrind', action='store_true')
    ap.add_argument('--out', default=os.path.join(TOP, 'bench', 'out'))
    a = ap.parse_args()
    if a.rows < 1 or a.repeat < 1 or a.cg_rows < 1:
        die('--rows, --cg-rows and --repeat must be positive')
    for s in (OURS, STOCK):
        if not os.access(s, os.X_OK):
            die('no %s (make; bench/build-stock.sh)' % s)
    if not shutil.which('script'):
        die('no script(1) (util-linux)')
    scratch = tempfile.mkdtemp(prefix='lipsqlite-progress-')
    try:
        csv, db = make_data(scratch, a.rows)
        times = {(c, w): [] for c in CONFIGS for w in 'QI'}
        for rnd in range(a.warmup + a.repeat):
            order = CONFIGS if rnd % 2 == 0 else CONFIGS[::-1]
            for w in 'QI':
                for c in order:
                    argv, tty = command(c, w, csv, db, scratch)
                    t = timed(argv, tty)
                    if rnd >= a.warmup:
                        times[(c, w)].append(t)
        ir = {}
        if not a.no_callgrind:
            if not shutil.which('valgrind'):
                die('no valgrind (or --no-callgrind)')
            ccsv, cdb = make_data(scratch, a.cg_rows)
            for w in 'QI':
                for c in CONFIGS:
                    argv, tty = command(c, w, ccsv, cdb, scratch)
                    ir[(c, w)] = callgrind(argv, tty, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    os.makedirs(a.out, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    path = os.path.join(a.out, 'progress-cost-%s.md' % stamp)
    ver = subprocess.run([OURS, '--version'], capture_output=True, text=True).stdout.strip()
    lines = ['# Progress bar cost, %s' % stamp, '',
             'rows %d (callgrind: %d), %d warm-up + %d timed rounds, alternating; '
             'query: `%s`; CPU %s, %d cores, load average before: %s; ours: %s' % (
                 a.rows, a.cg_rows, a.warmup, a.repeat, QUERY, platform.processor() or platform.machine(),
                 os.cpu_count(), ' '.join(open('/proc/loadavg').read().split()[:3]), ver), '',
             '| workload | config | seconds, median (min-max) | vs off | Ir (callgrind) | Ir vs off |',
             '|---|---|---|---|---|---|']
    for w in 'QI':
        moff = statistics.median(times[('off', w)])
        for c in CONFIGS:
            ts = times[(c, w)]
            m = statistics.median(ts)
            irs = ir.get((c, w))
            lines.append('| %s | %s | %.3f (%.3f-%.3f) | %.3fx | %s | %s |' % (
                'query' if w == 'Q' else 'import', c, m, min(ts), max(ts), m / moff,
                '{:,}'.format(irs) if irs else '-',
                '%+.3f%%' % (100.0 * (irs - ir[('off', w)]) / ir[('off', w)]) if irs else '-'))
    text = '\n'.join(lines) + '\n'
    with open(path, 'w') as f:
        f.write(text)
    print(text)
    print('wrote', path)


if __name__ == '__main__':
    main()
