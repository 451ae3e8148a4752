#!/usr/bin/env python3
"""sqllogictest runner for lipsqlite's column copies (issue 55).

Each .test file is run twice, each time on a fresh database of its own:

  OFF  PRAGMA column_scan=OFF and no copy: the row path, the reference;
  ON   column_scan left at its default (ON) and, just before the file's
       first query record, PRAGMA column_copy('T') for every table T in
       sqlite_schema (a refusal, e.g. for a WITHOUT ROWID table, is recorded).

--off STATEMENT (repeatable) adds a statement the OFF run runs first, so
that the reference also has another feature off: e.g. --off "PRAGMA
subquery_unnest=OFF" compares unnesting too (doc/unnest.md).

Every query's results are formatted and compared the way sqllogictest's own
runner (slt_sqlite.c) does: NULL as "NULL", '' as "(empty)", type I as
sqlite3_column_int64 printed %lld, R as sqlite3_column_double printed %.3f,
T as text with bytes outside ' '..'~' shown as '@'; sort modes nosort,
rowsort, valuesort; "N values hashing to MD5" compared by md5 over the values,
each followed by a newline.  A file "differs" when some query's results in
the ON run are not the OFF run's; both runs are also checked against the
results written in the file.

The library is whatever libsqlite3.so.0 Python's sqlite3 module loads: run
with LD_LIBRARY_PATH=build (the script checks PRAGMA lipsqlite_version
unless --allow-stock).  Standard library only.

  LD_LIBRARY_PATH=build python3 test/slt/run.py [-j2] [--out DIR] PATH...

PATH is a .test file or a directory searched for them.  Prints one line per
file that differs and a summary; --out DIR writes DIR/results.jsonl (one
object per file) for later comparison.
"""

import argparse
import decimal
import hashlib
import json
import math
import os
import re
import sqlite3
import sys
import time

HASH_RE = re.compile(r'^(\d+) values hashing to ([0-9a-f]{32})$')


def parse(path):
    """Yield records: dicts with line, kind, cond, sql, and for queries
    types, sort, label, expected (None, list of values or (n, md5))."""
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        lines = f.read().split('\n')
    i, n = 0, len(lines)
    while i < n:
        # skip blank lines and comments between records
        while i < n and (lines[i].strip() == '' or lines[i].startswith('#')):
            i += 1
        if i >= n:
            break
        start = i
        block = []
        seen_sep = False
        while i < n and lines[i].strip() != '':
            # a comment line inside a record, not among its results
            if seen_sep or not lines[i].startswith('#'):
                block.append(lines[i])
            seen_sep = seen_sep or lines[i] == '----'
            i += 1
        conds = []
        while block and block[0].split()[0] in ('skipif', 'onlyif'):
            w = block.pop(0).split()
            conds.append((w[0], w[1] if len(w) > 1 else ''))
        if not block:
            continue
        head = block[0].split()
        rec = {'line': start + 1, 'cond': conds, 'kind': head[0]}
        if head[0] == 'statement':
            rec['expect'] = head[1] if len(head) > 1 else 'ok'
            rec['sql'] = '\n'.join(block[1:])
        elif head[0] == 'query':
            rec['types'] = head[1] if len(head) > 1 else ''
            rec['sort'] = head[2] if len(head) > 2 else 'nosort'
            rec['label'] = head[3] if len(head) > 3 else None
            body = block[1:]
            if '----' in body:
                k = body.index('----')
                rec['sql'] = '\n'.join(body[:k])
                res = body[k + 1:]
                m = HASH_RE.match(res[0]) if len(res) == 1 else None
                rec['expected'] = (int(m.group(1)), m.group(2)) if m else res
            else:
                rec['sql'] = '\n'.join(body)
                rec['expected'] = None
        elif head[0] == 'hash-threshold':
            rec['n'] = int(head[1])
        yield rec


def applies(conds):
    for kind, db in conds:
        if kind == 'skipif' and db == 'sqlite':
            return False
        if kind == 'onlyif' and db != 'sqlite':
            return False
    return True


def _text_int(s):
    """sqlite3_column_int64 of a text value: the leading integer, else 0."""
    m = re.match(r'\s*([+-]?\d+)', s)
    if not m:
        return 0
    v = int(m.group(1))
    return max(-2**63, min(2**63 - 1, v))


def _text_real(s):
    m = re.match(r'\s*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)', s)
    try:
        return float(m.group(1)) if m else 0.0
    except (ValueError, OverflowError):
        return 0.0


def _real_text(v):
    """sqlite3_column_text of a REAL (%!.15g, as sqlite3 prints it)."""
    if math.isinf(v):
        return 'Inf' if v > 0 else '-Inf'
    s = '%.15g' % v
    if 'e' in s:
        mant, ex = s.split('e')
        if '.' not in mant:
            mant += '.0'
        s = mant + 'e' + ex
    elif '.' not in s and 'n' not in s:
        s += '.0'
    return s


def _real_f3(v):
    """sqlite3_snprintf("%.3f"): at most 16 significant digits (the value
    rounded to 16 digits first, then at the third decimal, half up)."""
    if math.isnan(v):
        return 'NaN'
    if math.isinf(v):
        return 'Inf' if v > 0 else '-Inf'
    d = decimal.Decimal('%.15e' % v)
    q = d.quantize(decimal.Decimal('0.001'), rounding=decimal.ROUND_HALF_UP,
                   context=decimal.Context(prec=400))
    return format(q, 'f') if q else ('-0.000' if str(q).startswith('-') else
                                 '0.000')


def split_sql(sql):
    """A statement record's text as the statements sqlite3_exec() runs."""
    out, cur = [], ''
    for part in sql.split(';'):
        cur += part + ';'
        if sqlite3.complete_statement(cur):
            if cur.strip(' \n\t;'):
                out.append(cur)
            cur = ''
    if cur.strip(' \n\t;'):
        out.append(cur[:-1])
    return out


def fmt(v, t):
    if v is None:
        return 'NULL'
    if t == 'I':
        if isinstance(v, int):
            return '%d' % v
        if isinstance(v, float):
            if math.isnan(v):
                return '0'
            if v >= 9.223372036854775807e18:
                return '%d' % (2**63 - 1)
            if v <= -9.223372036854775808e18:
                return '%d' % (-2**63)
            return '%d' % int(v)
        if isinstance(v, bytes):
            v = v.decode('utf-8', 'replace')
        return '%d' % _text_int(v)
    if t == 'R':
        if isinstance(v, bytes):
            v = v.decode('utf-8', 'replace')
        if isinstance(v, str):
            v = _text_real(v)
        return _real_f3(float(v))
    # 'T' (and anything else)
    if isinstance(v, float):
        s = _real_text(v)
    elif isinstance(v, int):
        s = '%d' % v
    elif isinstance(v, bytes):
        s = v.decode('utf-8', 'replace')
    else:
        s = v
    if s == '':
        return '(empty)'
    return ''.join(c if ' ' <= c <= '~' else '@' for c in s)


def format_result(rows, types, sort):
    ncol = len(types)
    frows = []
    for r in rows:
        frows.append([fmt(v, types[i] if i < ncol else 'T')
                      for i, v in enumerate(r)])
    if sort == 'rowsort':
        frows.sort()
    vals = [v for r in frows for v in r]
    if sort == 'valuesort':
        vals.sort()
    return vals


def md5(vals):
    h = hashlib.md5()
    for v in vals:
        h.update(v.encode('utf-8', 'surrogateescape') + b'\n')
    return h.hexdigest()


def run_file(path, copies, timeout, pragmas=()):
    """Run one file, after the PRAGMA statements pragmas; return (list of
    per-query results, info dict)."""
    con = sqlite3.connect(':memory:', isolation_level=None,
                          check_same_thread=False)
    deadline = [0.0]
    con.set_progress_handler(lambda: 1 if time.time() > deadline[0] else 0,
                             10000)
    if not copies:
        con.execute('PRAGMA column_scan=OFF')
    for one in pragmas:
        con.execute(one).fetchall()
    info = {'copy_errors': {}, 'copied': [], 'stmt_fail': 0, 'timeouts': 0,
            'queries': 0, 'expected_mismatch': [], 'halted': False}
    results = []
    threshold = 0
    built = False
    for rec in parse(path):
        if not applies(rec['cond']):
            continue
        kind = rec['kind']
        if kind == 'halt':
            info['halted'] = True
            break
        if kind == 'hash-threshold':
            threshold = rec['n']
            continue
        if kind == 'statement':
            deadline[0] = time.time() + timeout
            try:
                for one in split_sql(rec['sql']):
                    con.execute(one).fetchall()
                ok = True
            except sqlite3.Error:
                ok = False
            if ok != (rec['expect'] == 'ok'):
                info['stmt_fail'] += 1
            results.append(('S', rec['line'], ok))
            continue
        if kind != 'query':
            continue
        if copies and not built:
            built = True
            for (name,) in con.execute(
                    "SELECT name FROM sqlite_schema WHERE type='table' "
                    "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                    "AND name NOT LIKE 'lipsqlite\\_%' ESCAPE '\\' "
                    "ORDER BY name").fetchall():
                try:
                    con.execute("PRAGMA column_copy('%s')"
                                % name.replace("'", "''")).fetchall()
                    info['copied'].append(name)
                except sqlite3.Error as e:
                    info['copy_errors'][name] = str(e)
        info['queries'] += 1
        deadline[0] = time.time() + timeout
        try:
            rows = con.execute(rec['sql']).fetchall()
            vals = format_result(rows, rec['types'], rec['sort'])
            out = ('ok', len(vals), md5(vals), vals[:40])
        except sqlite3.OperationalError as e:
            if str(e) == 'interrupted':
                info['timeouts'] += 1
            out = ('error', str(e))
        except sqlite3.Error as e:
            out = ('error', str(e))
        results.append(('Q', rec['line'], out))
        exp = rec['expected']
        if exp is not None:
            if out[0] != 'ok':
                good = False
            elif isinstance(exp, tuple):
                good = (out[1], out[2]) == exp
            else:
                good = out[1] == len(exp) and md5(exp) == out[2]
            if not good:
                info['expected_mismatch'].append(rec['line'])
    con.close()
    return results, info


def compare(path, timeout, off_pragmas):
    t0 = time.time()
    off, ioff = run_file(path, False, timeout, off_pragmas)
    on, ion = run_file(path, True, timeout)
    diffs = []
    for a, b in zip(off, on):
        if a != b:
            diffs.append({'line': a[1], 'off': a[2], 'on': b[2]})
    if len(off) != len(on):
        diffs.append({'line': -1, 'off': len(off), 'on': len(on)})
    return {
        'file': path, 'seconds': round(time.time() - t0, 2),
        'queries': ioff['queries'], 'records': len(off),
        'differs': bool(diffs), 'ndiff': len(diffs), 'diffs': diffs[:5],
        'copied': ion['copied'], 'copy_errors': ion['copy_errors'],
        'expected_mismatch_off': ioff['expected_mismatch'][:20],
        'nexpected_mismatch_off': len(ioff['expected_mismatch']),
        'expected_mismatch_on': ion['expected_mismatch'][:20],
        'nexpected_mismatch_on': len(ion['expected_mismatch']),
        'stmt_fail_off': ioff['stmt_fail'], 'stmt_fail_on': ion['stmt_fail'],
        'timeouts': ioff['timeouts'] + ion['timeouts'],
    }


def _worker(args):
    path, timeout, off_pragmas = args
    try:
        return compare(path, timeout, off_pragmas)
    except Exception as e:  # a runner bug, reported, not hidden
        return {'file': path, 'runner_error': repr(e), 'differs': True}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('paths', nargs='+')
    ap.add_argument('-j', type=int, default=1, help='worker processes')
    ap.add_argument('--out', help='directory for results.jsonl')
    ap.add_argument('--timeout', type=float, default=60.0,
                    help='seconds per statement before it is interrupted')
    ap.add_argument('--off', action='append', default=[], metavar='PRAGMA',
                    help='a statement the OFF run also runs first, e.g. '
                         '"PRAGMA subquery_unnest=OFF" (repeatable)')
    ap.add_argument('--allow-stock', action='store_true',
                    help='run even if the library is not lipsqlite')
    a = ap.parse_args()
    con = sqlite3.connect(':memory:')
    ver = con.execute('SELECT sqlite_version()').fetchone()[0]
    lip = con.execute('PRAGMA lipsqlite_version').fetchall()
    con.close()
    print('sqlite_version %s, lipsqlite_version %s' %
          (ver, lip[0][0] if lip else 'none'), flush=True)
    if not lip and not a.allow_stock:
        sys.exit('run.py: the library loaded is not lipsqlite '
                 '(run with LD_LIBRARY_PATH=build)')
    files = []
    for p in a.paths:
        if os.path.isdir(p):
            for d, _, fs in os.walk(p):
                files += [os.path.join(d, f) for f in fs if f.endswith('.test')]
        else:
            files.append(p)
    files.sort()
    out = None
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        out = open(os.path.join(a.out, 'results.jsonl'), 'w')
    jobs = [(f, a.timeout, tuple(a.off)) for f in files]
    if a.j > 1:
        import multiprocessing
        pool = multiprocessing.Pool(a.j)
        it = pool.imap_unordered(_worker, jobs)
    else:
        it = map(_worker, jobs)
    n = ndiff = nexp_off = nexp_on = nerr = 0
    t0 = time.time()
    for r in it:
        n += 1
        if out:
            out.write(json.dumps(r) + '\n')
            out.flush()
        if 'runner_error' in r:
            nerr += 1
            print('RUNNER ERROR %s: %s' % (r['file'], r['runner_error']),
                  flush=True)
            continue
        nexp_off += r['nexpected_mismatch_off'] > 0
        nexp_on += r['nexpected_mismatch_on'] > 0
        if r['differs']:
            ndiff += 1
            d = r['diffs'][0]
            print('DIFF %s: %d queries differ; first at line %d: off %s on %s'
                  % (r['file'], r['ndiff'], d['line'],
                     str(d['off'])[:150], str(d['on'])[:150]), flush=True)
    print('files %d, differ ON vs OFF %d, against the file\'s results: '
          'OFF %d, ON %d, runner errors %d, %.0f s'
          % (n, ndiff, nexp_off, nexp_on, nerr, time.time() - t0))
    sys.exit(1 if ndiff or nerr else 0)


if __name__ == '__main__':
    main()
