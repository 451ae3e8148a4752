#!/usr/bin/env python3
"""Footprint (VLDB'22 "SQLite: Past, Present, and Future", section 4.4,
Tables 3 and 4): the size of the library compiled from our amalgamation
(build/sqlite3.c) and from stock 3.53.4's, at -Os and -O2, with the same
compile options (the drop-in feature set of tool/dropin-options.sh, and
upstream's defaults); the compile time and peak memory of each; and the
size of the database files the other benchmarks left in bench/out/.

  python3 bench/footprint/run.py [--repeat 3] [--opt Os,O2] [--options dropin,defaults]
  python3 bench/footprint/run.py --quick      # -Os only, drop-in options, repeat 1

Each library is `cc -OPT -fPIC -shared sqlite3.c OPTIONS -lm -lpthread`
with the configuration header of our build (build/sqlite_cfg.h, the same for
both amalgamations), one compiler at a time, repeated; sizes from `size`
(text, data, bss) and the file size of the .so, stripped and not.  Stock's
amalgamation is bench/.stock/bld/sqlite3.c if present, else made once in
bench/out/footprint-stock/ from the pinned tarball (tool/fetch-upstream.sh,
upstream's configure --disable-tcl, make sqlite3.c).

Writes bench/out/footprint-<stamp>.csv (one row per compile and one per
database file, with the full configuration) and bench/out/footprint-<stamp>.md.
"""
import argparse, csv, glob, os, re, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import benchlib
from benchlib import BadInput, TOP, csv_list, die, progress, sha256

benchlib.init('footprint')
OURS_C = os.path.join(TOP, 'build', 'sqlite3.c')
CFG_H = os.path.join(TOP, 'build', 'sqlite_cfg.h')
DROPIN_SH = os.path.join(TOP, 'tool', 'dropin-options.sh')
FETCH = os.path.join(TOP, 'tool', 'fetch-upstream.sh')
STOCK_C = [os.path.join(TOP, 'bench', '.stock', 'bld', 'sqlite3.c')]
OPTS = ['Os', 'O2']
OPTION_SETS = ['dropin', 'defaults']
# What upstream's configure adds to every build by default (OPT_FEATURE_FLAGS
# of a plain ./configure of 3.53.4; SQLITE_HAVE_ZLIB concerns the shell only).
UPSTREAM_DEFAULTS = ['-DSQLITE_ENABLE_MATH_FUNCTIONS', '-DSQLITE_ENABLE_PERCENTILE', '-DSQLITE_THREADSAFE=1']
# Upstream configure's --feature flags and the macros they define.
FEATURE_MACROS = {
    '--fts3': ['-DSQLITE_ENABLE_FTS3'], '--fts4': ['-DSQLITE_ENABLE_FTS4'], '--fts5': ['-DSQLITE_ENABLE_FTS5'],
    '--rtree': ['-DSQLITE_ENABLE_RTREE'], '--geopoly': ['-DSQLITE_ENABLE_GEOPOLY', '-DSQLITE_ENABLE_RTREE'],
    '--session': ['-DSQLITE_ENABLE_SESSION', '-DSQLITE_ENABLE_PREUPDATE_HOOK'],
    '--dbstat': ['-DSQLITE_ENABLE_DBSTAT_VTAB'], '--column-metadata': ['-DSQLITE_ENABLE_COLUMN_METADATA'],
    '--update-limit': ['-DSQLITE_ENABLE_UPDATE_DELETE_LIMIT'], '--memsys5': ['-DSQLITE_ENABLE_MEMSYS5'],
    '--memsys3': ['-DSQLITE_ENABLE_MEMSYS3'], '--scanstatus': ['-DSQLITE_ENABLE_STMT_SCANSTATUS'],
}


def dropin_options():
    """The -D options of the drop-in feature set: tool/dropin-options.sh's
    configure features (as upstream's configure translates them) and
    defines, plus what upstream's configure adds by default."""
    r = subprocess.run(['sh', '-c', '. "$1" && printf "%s\\n%s\\n" "$dropin_features" "$dropin_defines"',
                        'sh', DROPIN_SH], capture_output=True, text=True)
    if r.returncode != 0:
        die('cannot read %s: %s' % (DROPIN_SH, r.stderr.strip()), 1)
    features, defines = (r.stdout.split('\n') + ['', ''])[:2]
    out = list(UPSTREAM_DEFAULTS)
    for f in features.split():
        if f not in FEATURE_MACROS:
            die('%s names configure feature %s, which this script cannot translate into -D options '
                '(add it to FEATURE_MACROS)' % (os.path.relpath(DROPIN_SH, TOP), f), 1)
        out += FEATURE_MACROS[f]
    out += defines.split()
    # Later definitions of one macro win, as on a compiler command line.
    seen = {}
    for d in out:
        seen[d.split('=', 1)[0]] = d
    return sorted(seen.values())


def macro_version(path):
    v = sid = ''
    with open(path, errors='replace') as f:
        for i, l in enumerate(f):
            m = re.match(r'#define SQLITE_VERSION\s+"([^"]+)"', l)
            if m:
                v = m.group(1)
            m = re.match(r'#define SQLITE_SOURCE_ID\s+"([^"]+)"', l)
            if m:
                sid = m.group(1)
            if v and sid or i > 5000:
                break
    return v, sid


def stock_amalgamation(scratch_root):
    """Stock 3.53.4's sqlite3.c: reuse one if present, else make it from the
    pinned tarball with upstream's own `make sqlite3.c`."""
    for p in STOCK_C + [os.path.join(scratch_root, 'bld', 'sqlite3.c')]:
        if os.path.isfile(p):
            return p, 'reused'
    progress('bench/footprint: making stock sqlite3.c in %s' % os.path.relpath(scratch_root, TOP))
    r = subprocess.run([FETCH], capture_output=True, text=True)
    if r.returncode != 0:
        die('cannot obtain the pinned upstream source: %s' % r.stderr.strip(), 1)
    kind, src = r.stdout.strip().split(' ', 1)
    shutil.rmtree(scratch_root, ignore_errors=True)
    os.makedirs(os.path.join(scratch_root, 'bld'))
    if kind == 'tarball':
        subprocess.run(['tar', '-xJf', src, '-C', scratch_root], check=True)
        tree = os.path.join(scratch_root, 'sqlite3-3.53.4')
    else:
        tree = src
    bld = os.path.join(scratch_root, 'bld')
    for cmd, log in (([os.path.join(tree, 'configure'), '--disable-tcl'], 'configure.log'),
                     (['make', 'sqlite3.c'], 'make.log')):
        with open(os.path.join(bld, log), 'w') as f:
            if subprocess.run(cmd, cwd=bld, stdout=f, stderr=subprocess.STDOUT).returncode != 0:
                die('stock %s failed: see %s' % (' '.join(cmd[-1:]), os.path.join(bld, log)), 1)
    return os.path.join(bld, 'sqlite3.c'), 'made from %s' % src


def compile_lib(src, out, opt, defines, tmp):
    """Compile src into the shared library out; return (wall s, user+sys s,
    peak RSS KiB of the compiler) from wait4()."""
    cmd = ['cc', '-' + opt, '-fPIC', '-shared', '-D_HAVE_SQLITE_CONFIG_H', '-I', tmp] + defines + \
          ['-o', out, src, '-lm', '-lpthread']
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors='replace')
    p.stdout.close()
    p.stderr.close()
    if p.returncode != 0:
        die('compile failed: %s\n%s' % (' '.join(cmd), err[-800:]), 1)
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, cmd


def size_of(lib):
    r = subprocess.run(['size', '-B', lib], capture_output=True, text=True)
    if r.returncode != 0:
        die('size %s failed: %s' % (lib, r.stderr.strip()), 1)
    text, data, bss = r.stdout.splitlines()[1].split()[:3]
    return int(text), int(data), int(bss)


def stripped_bytes(lib, tmp):
    out = os.path.join(tmp, 'stripped.so')
    if subprocess.run(['strip', '-o', out, lib], capture_output=True).returncode != 0:
        return ''
    n = os.path.getsize(out)
    os.remove(out)
    return n


DB_PATTERNS = [('SSB (SQLite)', 'ssb-*.db'), ('SSB (DuckDB)', 'ssb-*.duckdb'),
               ('TATP (SQLite)', 'tatp*.db'), ('TATP (DuckDB)', 'tatp*.duckdb')]


def databases(outdir):
    """Database files left in bench/out by the other benchmarks, and the
    BLOB benchmark's per-run sizes from its CSVs (its files are removed
    after each run)."""
    rows = []
    for bench, pat in DB_PATTERNS:
        for p in sorted(glob.glob(os.path.join(outdir, pat))):
            if p.endswith('.tmp'):
                continue
            rows.append(dict(benchmark=bench, file=os.path.basename(p), bytes=os.path.getsize(p),
                             source='file in bench/out', mtime=time.strftime(
                                 '%Y-%m-%d %H:%M', time.localtime(os.path.getmtime(p)))))
    # Per system, journal and size, the latest BLOB CSV that has it (a CSV
    # of a partial run covers only some), preferring its run at 50% reads.
    seen = {}
    for path in sorted(glob.glob(os.path.join(outdir, 'blob-*.csv'))):
        mine = {}
        with open(path) as f:
            for r in csv.DictReader(f):
                key = (r['system'], r['journal'], r['size_bytes'])
                if r['read_pct'] == '50' or key not in mine:
                    mine[key] = dict(r, csv=os.path.basename(path))
        seen.update(mine)
    for (s, j, n), r in sorted(seen.items(), key=lambda kv: (int(kv[0][2]), kv[0][0], kv[0][1])):
        rows.append(dict(benchmark='BLOB %s B blob' % '{:,}'.format(int(n)),
                         file='%s%s' % (s, '-' + j if j else ''), bytes=int(r['db_bytes']),
                         source='%s (after a run at %s%% reads)' % (r['csv'], r['read_pct']), mtime=''))
    return rows


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--repeat', type=int, default=None, help='compiles per library, timed (default 3)')
    ap.add_argument('--opt', default=None, help='optimisation levels: Os,O2 (default both)')
    ap.add_argument('--options', default=None, help='option sets: dropin,defaults (default both)')
    ap.add_argument('--ours', default=OURS_C, help='our amalgamation (default build/sqlite3.c)')
    ap.add_argument('--stock', default=None, help='stock amalgamation (default: reused or made, see above)')
    ap.add_argument('--quick', action='store_true', help='-Os, drop-in options, repeat 1')
    ap.add_argument('--out', default=benchlib.OUT)
    a = ap.parse_args()
    q = a.quick
    try:
        opts = csv_list(a.opt or ('Os' if q else 'Os,O2'), OPTS, 'optimisation level')
        sets = csv_list(a.options or ('dropin' if q else 'dropin,defaults'), OPTION_SETS, 'option set')
    except BadInput as e:
        die(str(e))
    benchlib.finish_args(a, repeat=(1, 3))
    repeat = a.repeat
    if not os.path.isfile(a.ours):
        die('no %s: run ./configure && make first' % a.ours)
    if not os.path.isfile(CFG_H):
        die('no %s: run ./configure first' % CFG_H)
    if a.stock is not None and not os.path.isfile(a.stock):
        die('--stock %s: no such file' % a.stock)
    if not shutil.which('size') or not shutil.which('cc'):
        die('needs cc and size (binutils)')
    os.makedirs(a.out, exist_ok=True)
    stamp = time.strftime('%Y%m%d-%H%M%S')
    t_begin = time.time()
    tmp = tempfile.mkdtemp(prefix='footprint-')
    try:
        # Snapshots of both sources and the configuration header, so that a
        # rebuild meanwhile cannot mix versions.
        shutil.copyfile(CFG_H, os.path.join(tmp, 'sqlite_cfg.h'))
        stock_src, how = (a.stock, 'given') if a.stock else stock_amalgamation(os.path.join(a.out, 'footprint-stock'))
        srcs = {}
        for name, path, note in (('stock', stock_src, how), ('ours', a.ours, 'our build')):
            snap = os.path.join(tmp, '%s-sqlite3.c' % name)
            shutil.copyfile(path, snap)
            v, sid = macro_version(snap)
            with open(snap, 'rb') as f:
                lines = sum(1 for _ in f)
            srcs[name] = dict(path=path, snap=snap, sha256=sha256(snap), bytes=os.path.getsize(snap),
                              lines=lines, version=v, source_id=sid, note=note)
        if srcs['stock']['version'] != '3.53.4':
            die('the stock amalgamation %s is SQLite %r, not 3.53.4' % (stock_src, srcs['stock']['version']), 1)
        defs = {'dropin': dropin_options(), 'defaults': list(UPSTREAM_DEFAULTS)}
        cc = subprocess.run(['cc', '--version'], capture_output=True, text=True).stdout.splitlines()[0]
        mach = benchlib.machine()
        results = {}
        csvpath = os.path.join(a.out, 'footprint-%s.csv' % stamp)
        fields = ['benchmark', 'stamp', 'kind', 'system', 'options', 'opt', 'run', 'wall_s', 'cpu_s',
                  'peak_rss_kib', 'text', 'data', 'bss', 'file_bytes', 'stripped_bytes', 'of_benchmark', 'file',
                  'bytes', 'source', 'mtime', 'amalgamation', 'amalgamation_sha256', 'amalgamation_bytes', 'amalgamation_lines',
                  'sqlite_version', 'source_id', 'defines', 'command', 'compiler', 'kernel', 'cpu', 'cores']
        with open(csvpath, 'w', newline='') as fcsv:
            w = csv.DictWriter(fcsv, fieldnames=fields)
            w.writeheader()
            builds = [(s, o, n) for s in sets for o in opts for n in ('stock', 'ours')]
            for rep in range(repeat):
                # Alternate the two amalgamations; rotate the order per round.
                order = builds if rep % 2 == 0 else builds[::-1]
                for s, o, n in order:
                    lib = os.path.join(tmp, 'lib-%s-%s-%s.so' % (n, s, o))
                    wall, cpu, rss, cmd = compile_lib(srcs[n]['snap'], lib, o, defs[s], tmp)
                    text, data, bss = size_of(lib)
                    res = dict(wall_s=wall, cpu_s=cpu, peak_rss_kib=rss, text=text, data=data, bss=bss,
                               file_bytes=os.path.getsize(lib), stripped_bytes=stripped_bytes(lib, tmp))
                    results.setdefault((s, o, n), []).append(res)
                    progress('  %-8s %-3s %-5s run %d: %.1f s, text %d' % (s, o, n, rep + 1, wall, text))
                    w.writerow(dict(benchmark='footprint', stamp=stamp, kind='library', system=n, options=s,
                                    opt='-' + o, run=rep + 1, source=srcs[n]['note'],
                                    amalgamation=os.path.relpath(srcs[n]['path'], TOP),
                                    amalgamation_sha256=srcs[n]['sha256'], amalgamation_bytes=srcs[n]['bytes'],
                                    amalgamation_lines=srcs[n]['lines'], sqlite_version=srcs[n]['version'],
                                    source_id=srcs[n]['source_id'], defines=' '.join(defs[s]),
                                    command=' '.join(os.path.basename(c) if c.startswith(tmp) else c for c in cmd),
                                    compiler=cc, **mach, **res))
                    fcsv.flush()
            dbs = databases(a.out)
            for d in dbs:
                row = dict(d, of_benchmark=d['benchmark'])
                row.update(benchmark='footprint', stamp=stamp, kind='database', **mach)
                w.writerow(row)
        md = os.path.join(a.out, 'footprint-%s.md' % stamp)
        write_report(md, stamp, sets, opts, repeat, srcs, defs, results, dbs, cc, mach, csvpath,
                     time.time() - t_begin)
        benchlib.print_report(md, ('CSV', csvpath), ('Report', md))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_report(md, stamp, sets, opts, repeat, srcs, defs, results, dbs, cc, mach, csvpath, elapsed):
    def m(key, field):
        return statistics.median(r[field] for r in results[key])

    with open(md, 'w') as f:
        f.write('# Footprint (%s)\n\n' % stamp)
        f.write('Machine: %(cpu)s, %(cores)s cores, kernel %(kernel)s (shared: compile times drift).\n' % mach)
        f.write('Compiler: %s; one compile at a time; `cc -OPT -fPIC -shared -D_HAVE_SQLITE_CONFIG_H '
                '-I. OPTIONS -o lib.so sqlite3.c -lm -lpthread`, with our build\'s `sqlite_cfg.h` for both '
                'amalgamations. %d timed compile(s) per library, the two amalgamations alternating; times are '
                'the median (min–max) wall time, peak memory the median of the compiler\'s peak RSS '
                '(wait4).\n\n' % (cc, repeat))
        for n in ('stock', 'ours'):
            s = srcs[n]
            f.write('- **%s**: `%s` (%s), SQLite %s, source id `%s`, %s lines, %s bytes, sha256 %s…\n' % (
                n, os.path.relpath(s['path'], TOP), s['note'], s['version'], s['source_id'],
                '{:,}'.format(s['lines']), '{:,}'.format(s['bytes']), s['sha256'][:12]))
        for s in sets:
            f.write('- options **%s**: `%s`\n' % (s, ' '.join(defs[s])))
        f.write('\n## Library (Table 3 of the paper)\n\n')
        f.write('| options | opt | system | text | data | bss | .so bytes | stripped | compile s | '
                'peak MiB |\n|---|---|---|---|---|---|---|---|---|---|\n')
        for s in sets:
            for o in opts:
                for n in ('stock', 'ours'):
                    k = (s, o, n)
                    if k not in results:
                        continue
                    r = results[k][-1]
                    walls = [x['wall_s'] for x in results[k]]
                    f.write('| %s | -%s | %s | %s | %s | %s | %s | %s | %.1f (%.1f–%.1f) | %.0f |\n' % (
                        s, o, n, '{:,}'.format(r['text']), '{:,}'.format(r['data']), '{:,}'.format(r['bss']),
                        '{:,}'.format(r['file_bytes']),
                        '{:,}'.format(r['stripped_bytes']) if r['stripped_bytes'] != '' else '-',
                        statistics.median(walls), min(walls), max(walls), m(k, 'peak_rss_kib') / 1024))
        f.write('\nOurs against stock (ratios; sizes are exact, times are medians of this run):\n\n')
        f.write('| options | opt | text | text+data+bss | stripped .so | compile time |\n|---|---|---|---|---|---|\n')
        for s in sets:
            for o in opts:
                a_, b_ = results.get((s, o, 'ours')), results.get((s, o, 'stock'))
                if not a_ or not b_:
                    continue
                x, y = a_[-1], b_[-1]
                f.write('| %s | -%s | %.4f (%+d B) | %.4f | %s | %.3f |\n' % (
                    s, o, x['text'] / y['text'], x['text'] - y['text'],
                    (x['text'] + x['data'] + x['bss']) / (y['text'] + y['data'] + y['bss']),
                    '%.4f' % (x['stripped_bytes'] / y['stripped_bytes'])
                    if x['stripped_bytes'] != '' and y['stripped_bytes'] else '-',
                    m((s, o, 'ours'), 'wall_s') / m((s, o, 'stock'), 'wall_s')))
        f.write('\n## Databases (Table 4 of the paper)\n\n')
        if not dbs:
            f.write('No database files of other benchmarks in the output directory (run bench/ssb/run.py, bench/blob/run.py '
                    'first).\n')
        else:
            f.write('Files present in bench/out when this ran (the SSB files are made by bench/ssb/run.py: '
                    '`ssb-sfSF-seedN[-text][-analyze].db` and its DuckDB copy `.duckdb`); the BLOB benchmark '
                    'removes its files after each run, so its sizes come from its latest CSVs.\n\n')
            f.write('| benchmark | file | bytes | MiB | source |\n|---|---|---|---|---|\n')
            for d in dbs:
                f.write('| %s | %s | %s | %.1f | %s%s |\n' % (
                    d['benchmark'], d['file'], '{:,}'.format(d['bytes']), d['bytes'] / 1048576.0, d['source'],
                    (', ' + d['mtime']) if d['mtime'] else ''))
            pairs = []
            for d in dbs:
                if d['file'].endswith('.duckdb'):
                    base = d['file'][:-7] + '.db'
                    s = next((x for x in dbs if x['file'] == base), None)
                    if s:
                        pairs.append((base, s['bytes'], d['bytes']))
            if pairs:
                f.write('\n| SQLite file | SQLite / DuckDB size |\n|---|---|\n')
                for base, x, y in pairs:
                    f.write('| %s | %.2f |\n' % (base, x / y))
        f.write('\nEvery compile and file is a row of `%s`. Wall time of this run: %.0f s.\n' % (
            os.path.basename(csvpath), elapsed))


if __name__ == '__main__':
    main()
