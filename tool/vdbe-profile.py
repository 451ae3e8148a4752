#!/usr/bin/env python3
"""Per-opcode VDBE profiles of SQL workloads.

A shell built with -DVDBE_PROFILE (./configure --vdbe-profile, or
`make profile-build`) appends, every time a prepared statement is reset or
finalized, one block per statement to ./vdbe_profile.out:

  ---- <the statement's opcodes, two hex digits each>
  -- <its SQL, each line prefixed with "-- ">
  <executions> <cycles> <cycles per execution> <pc> <opcode> <p1> <p2> ...

Subcommands:

  run     run a SQL file through a profiling shell against a database and
          write the parsed profile as JSON (and a report).  Each statement of
          the file is a query; a statement in a block of the file headed by
          a line "-- NAME" (one word) is reported as NAME.  PRAGMAs are
          left out of the report.
  report  print the per-query and whole-workload report of a
          vdbe_profile.out file or of a JSON profile written by run.
  compare a Markdown table of profiles side by side: per query the total
          cycles and the share and executions of chosen opcodes.
  plot    a stacked bar chart in the manner of Figure 4 of the VLDB'22 SQLite
          paper: one bar per query and profile (e.g. a feature off and on),
          stacked by opcode, the top opcodes by name, the rest as "other".

The cycle counts are the CPU's time-stamp counter (rdtsc on x86-64, cntvct
on aarch64); on other CPUs upstream's sqlite3Hwtime() returns 0 and only
execution counts are meaningful.
"""
import argparse, json, os, re, subprocess, sys, tempfile

PROFILE_FILE = 'vdbe_profile.out'
OPLINE = re.compile(r'^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)')


class ProfileError(Exception):
    pass


def parse_profile(path):
    """Parse a vdbe_profile.out file.  Return a list of statement runs, in
    file order, each {'sql': text, 'ops': {opcode: [cycles, executions]}}.
    Raise ProfileError on a missing, empty or malformed file."""
    if not os.path.exists(path):
        raise ProfileError('%s: no such profile file (was the shell built with '
                           '-DVDBE_PROFILE, and run in this directory?)' % path)
    try:
        with open(path, errors='replace') as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise ProfileError('%s: cannot read: %s' % (path, e.strerror))
    runs = []
    cur = None
    for n, line in enumerate(lines, 1):
        if line.startswith('---- '):
            cur = {'sql': '', 'ops': {}}
            runs.append(cur)
        elif line.startswith('-- ') or line == '--':
            if cur is None:
                raise ProfileError('%s:%d: SQL text before any "---- " header' % (path, n))
            cur['sql'] += line[3:] + '\n'
        elif line.strip():
            m = OPLINE.match(line)
            if cur is None or not m:
                raise ProfileError('%s:%d: not a VDBE_PROFILE line: %r' % (path, n, line[:80]))
            nexec, cycles, name = int(m.group(1)), int(m.group(2)), m.group(5)
            acc = cur['ops'].setdefault(name, [0, 0])
            acc[0] += cycles
            acc[1] += nexec
    if not runs:
        raise ProfileError('%s: empty profile (no statement was run, or the '
                           'shell was not built with -DVDBE_PROFILE)' % path)
    return runs


def query_name(sql, index):
    """The name of a statement: its leading "-- NAME" comment if any,
    else its number and the start of its text."""
    for line in sql.splitlines():
        s = line.strip()
        if not s:
            continue
        m = re.match(r'^--\s*(\S.*)$', s)
        if m:
            return m.group(1).strip()
        break
    text = ' '.join(l.strip() for l in sql.splitlines() if l.strip() and not l.strip().startswith('--'))
    return 'stmt %d: %s' % (index, text[:50])


def group_runs(runs, keep):
    """Fold the statement runs into queries, in order of first appearance,
    adding up runs of the same statement.  keep(sql) says whether a
    statement is part of the workload."""
    queries = []
    by_sql = {}
    for r in runs:
        if not keep(r['sql']):
            continue
        q = by_sql.get(r['sql'])
        if q is None:
            q = {'name': query_name(r['sql'], len(queries) + 1), 'sql': r['sql'], 'runs': 0, 'ops': {}}
            by_sql[r['sql']] = q
            queries.append(q)
        q['runs'] += 1
        for op, (cyc, n) in r['ops'].items():
            acc = q['ops'].setdefault(op, [0, 0])
            acc[0] += cyc
            acc[1] += n
    return queries


def norm(sql):
    """SQL text without comments and with its white space folded."""
    return ' '.join(' '.join(l.split('--', 1)[0] for l in sql.splitlines()).split()).rstrip(';').strip()


def name_from_file(queries, sql_text):
    """Name the queries after the "-- NAME" line heading the block of the
    SQL file that holds each (the shell drops comments between
    statements, so the profile's SQL text does not carry them)."""
    blocks = []
    name, buf = None, []
    for line in sql_text.splitlines():
        m = re.match(r'^--\s*(\S+)\s*$', line)
        if m:
            if name is not None:
                blocks.append((name, norm('\n'.join(buf))))
            name, buf = m.group(1), []
        else:
            buf.append(line)
    if name is not None:
        blocks.append((name, norm('\n'.join(buf))))
    for q in queries:
        t = norm(q['sql'])
        for n, b in blocks:
            if t and t in b:
                q['name'] = n
                break


def is_query(sql):
    """Statements that are part of a workload: not the PRAGMAs and dot-
    command helpers a driver runs around it."""
    body = ' '.join(l for l in sql.splitlines() if not l.strip().startswith('--')).strip().upper()
    return bool(body) and not body.startswith('PRAGMA')


def totals(ops):
    return sum(c for c, _ in ops.values()), sum(n for _, n in ops.values())


def workload(queries):
    agg = {}
    for q in queries:
        for op, (c, n) in q['ops'].items():
            a = agg.setdefault(op, [0, 0])
            a[0] += c
            a[1] += n
    return agg


def format_ops(ops, top):
    cyc, nexe = totals(ops)
    rows = sorted(ops.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
    out = ['  %-16s %16s %7s %14s %7s' % ('opcode', 'cycles', 'share', 'executions', 'share')]
    shown = rows if top <= 0 else rows[:top]
    for op, (c, n) in shown:
        out.append('  %-16s %16d %6.2f%% %14d %6.2f%%' % (
            op, c, 100.0 * c / cyc if cyc else 0.0, n, 100.0 * n / nexe if nexe else 0.0))
    rest = rows[len(shown):]
    if rest:
        c = sum(v[0] for _, v in rest)
        n = sum(v[1] for _, v in rest)
        out.append('  %-16s %16d %6.2f%% %14d %6.2f%%' % (
            '(%d others)' % len(rest), c, 100.0 * c / cyc if cyc else 0.0, n, 100.0 * n / nexe if nexe else 0.0))
    out.append('  %-16s %16d %7s %14d' % ('total', cyc, '', nexe))
    return '\n'.join(out)


def report(profile, top):
    out = []
    label = profile.get('label')
    if label:
        out.append('Profile: %s' % label)
    for q in profile['queries']:
        out.append('\n%s (%d run%s)' % (q['name'], q['runs'], '' if q['runs'] == 1 else 's'))
        out.append(format_ops(q['ops'], top))
    out.append('\nWhole workload (%d quer%s)' % (len(profile['queries']),
                                                 'y' if len(profile['queries']) == 1 else 'ies'))
    out.append(format_ops(workload(profile['queries']), top))
    return '\n'.join(out)


def load(path, all_statements=False):
    """A profile from a JSON file written by run, or from a raw
    vdbe_profile.out."""
    if path.endswith('.json'):
        try:
            with open(path) as f:
                p = json.load(f)
        except OSError as e:
            raise ProfileError('%s: cannot read: %s' % (path, e.strerror))
        except ValueError:
            raise ProfileError('%s: not a JSON profile' % path)
        if not isinstance(p, dict) or 'queries' not in p:
            raise ProfileError('%s: not a JSON profile written by vdbe-profile.py run' % path)
        return p
    runs = parse_profile(path)
    qs = group_runs(runs, (lambda s: True) if all_statements else is_query)
    if not qs:
        raise ProfileError('%s: no query in the profile (only PRAGMAs)' % path)
    return {'label': os.path.basename(path), 'queries': qs}


def cmd_run(a):
    shell = os.path.abspath(a.shell)
    if not os.access(shell, os.X_OK):
        raise ProfileError('%s: no such shell; build one with `make profile-build`' % a.shell)
    db = os.path.abspath(a.db)
    if not os.path.exists(db):
        raise ProfileError('%s: no such database' % a.db)
    try:
        with open(a.sql) as f:
            sql = f.read()
    except OSError as e:
        raise ProfileError('%s: cannot read: %s' % (a.sql, e.strerror))
    pre = ''.join(p.rstrip().rstrip(';') + ';\n' for p in a.pre)
    with tempfile.TemporaryDirectory(prefix='vdbe-profile-') as tmp:
        r = subprocess.run([shell, '-bail', db], input=pre + sql, cwd=tmp,
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise ProfileError('the shell failed: %s' % r.stderr.strip()[-400:])
        path = os.path.join(tmp, PROFILE_FILE)
        if not os.path.exists(path):
            raise ProfileError('%s wrote no %s: it is not a -DVDBE_PROFILE build '
                               '(make profile-build), or the SQL file holds no statement' % (a.shell, PROFILE_FILE))
        prof = load(path)
    # Only the statements of the SQL file: not those the shell runs itself
    # (reading the schema, ...).
    whole = norm(sql)
    prof['queries'] = [q for q in prof['queries'] if norm(q['sql']) and norm(q['sql']) in whole]
    if not prof['queries']:
        raise ProfileError('no statement of %s ran (only PRAGMAs?)' % a.sql)
    name_from_file(prof['queries'], sql)
    prof['label'] = a.label or os.path.basename(a.sql)
    prof['shell'] = shell
    prof['db'] = db
    prof['pre'] = a.pre
    with open(a.out, 'w') as f:
        json.dump(prof, f, indent=1)
    if not a.quiet:
        print(report(prof, a.top))
    return 0


def cmd_report(a):
    prof = load(a.profile, a.all_statements)
    if a.sql:
        try:
            with open(a.sql) as f:
                name_from_file(prof['queries'], f.read())
        except OSError as e:
            raise ProfileError('%s: cannot read: %s' % (a.sql, e.strerror))
    if a.json:
        json.dump(prof, sys.stdout, indent=1)
        print()
    else:
        print(report(prof, a.top))
    return 0


def cmd_compare(a):
    profs = [load(p) for p in a.profiles]
    labels = a.labels.split(',') if a.labels else [p.get('label', str(i)) for i, p in enumerate(profs)]
    if len(labels) != len(profs):
        raise ProfileError('--labels gives %d names for %d profiles' % (len(labels), len(profs)))
    ops = [o for o in a.opcodes.split(',') if o]
    names = [q['name'] for q in profs[0]['queries']]
    head = ['query'] + ['%s Mcycles' % l for l in labels]
    for o in ops:
        head += ['%s share, %s' % (o, l) for l in labels]
        head += ['%s execs, %s' % (o, l) for l in labels]
    print('| ' + ' | '.join(head) + ' |')
    print('|' + '---|' * len(head))
    rows = [(n, [next((q['ops'] for q in p['queries'] if q['name'] == n), None) for p in profs]) for n in names]
    rows.append(('**all**', [workload(p['queries']) for p in profs]))
    for n, opss in rows:
        if any(x is None for x in opss):
            raise ProfileError('query %s is not in every profile' % n)
        cells = [n] + ['%.1f' % (totals(x)[0] / 1e6) for x in opss]
        for o in ops:
            cells += ['%.1f%%' % (100.0 * x.get(o, [0, 0])[0] / totals(x)[0] if totals(x)[0] else 0.0) for x in opss]
            cells += ['%d' % x.get(o, [0, 0])[1] for x in opss]
        print('| ' + ' | '.join(cells) + ' |')
    return 0


def cmd_plot(a):
    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except ImportError:
        raise ProfileError('plot needs matplotlib (pip install matplotlib)')
    profs = [load(p) for p in a.profiles]
    labels = a.labels.split(',') if a.labels else [p.get('label', str(i)) for i, p in enumerate(profs)]
    if len(labels) != len(profs):
        raise ProfileError('--labels gives %d names for %d profiles' % (len(labels), len(profs)))
    names = [q['name'] for q in profs[0]['queries']]
    for p, l in zip(profs[1:], labels[1:]):
        if [q['name'] for q in p['queries']] != names:
            raise ProfileError('profile %s does not hold the same queries as %s' % (l, labels[0]))
    # The opcodes shown by name: the top ones of the whole of all profiles.
    agg = {}
    for p in profs:
        for op, (c, _) in workload(p['queries']).items():
            agg[op] = agg.get(op, 0) + c
    top = [op for op, _ in sorted(agg.items(), key=lambda kv: -kv[1])[:a.top]]
    scale = 1e6 if a.unit == 'Mcycles' else 1e9
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(names) * len(profs)), 4.5))
    width = 0.8 / len(profs)
    colors = plt.get_cmap('tab10').colors
    hatches = ['', '//', '..', 'xx']
    for j, (p, lab) in enumerate(zip(profs, labels)):
        xs = [i + (j - (len(profs) - 1) / 2.0) * width for i in range(len(names))]
        bottom = [0.0] * len(names)
        for k, op in enumerate(top + ['other']):
            vals = []
            for q in p['queries']:
                if op == 'other':
                    v = sum(c for o, (c, _) in q['ops'].items() if o not in top)
                else:
                    v = q['ops'].get(op, [0, 0])[0]
                vals.append(v / scale)
            ax.bar(xs, vals, width, bottom=bottom, color=colors[k % len(colors)],
                   hatch=hatches[j % len(hatches)], edgecolor='black', linewidth=0.3,
                   label=op if j == 0 else None)
            bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=0)
    ax.set_ylabel('%s (%s)' % ('CPU cycles', a.unit))
    ax.set_title(a.title or 'Cycles per opcode: ' + ' (plain) vs '.join(labels) +
                 (' (hatched)' if len(labels) > 1 else ''))
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(a.out, dpi=120)
    print('plot: %s' % a.out)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd')
    r = sub.add_parser('run', help='profile a SQL file')
    r.add_argument('--shell', required=True, help='a sqlite3 shell built with -DVDBE_PROFILE')
    r.add_argument('--db', required=True)
    r.add_argument('--sql', required=True, help='the workload: a SQL file')
    r.add_argument('--pre', action='append', default=[], help='a statement run first (e.g. a PRAGMA); repeatable')
    r.add_argument('--label', default='')
    r.add_argument('--out', required=True, help='the JSON profile to write')
    r.add_argument('--top', type=int, default=12, help='opcodes shown per query (0 = all)')
    r.add_argument('--quiet', action='store_true')
    p = sub.add_parser('report', help='report a vdbe_profile.out or JSON profile')
    p.add_argument('profile')
    p.add_argument('--top', type=int, default=12)
    p.add_argument('--all-statements', action='store_true', help='PRAGMAs too')
    p.add_argument('--json', action='store_true', help='print the parsed profile as JSON')
    p.add_argument('--sql', default='', help='the SQL file run, to name queries after its "-- NAME" lines')
    c = sub.add_parser('compare', help='a Markdown table of profiles side by side')
    c.add_argument('profiles', nargs='+')
    c.add_argument('--labels', default='')
    c.add_argument('--opcodes', default='SeekRowid,Column', help='opcodes to show shares of')
    g = sub.add_parser('plot', help='stacked bars per query and opcode (Figure 4 style)')
    g.add_argument('profiles', nargs='+')
    g.add_argument('--labels', default='')
    g.add_argument('--top', type=int, default=6, help='opcodes shown by name')
    g.add_argument('--unit', choices=['Mcycles', 'Gcycles'], default='Gcycles')
    g.add_argument('--title', default='')
    g.add_argument('--out', required=True, help='the PNG to write')
    a = ap.parse_args(argv)
    if a.cmd is None:
        ap.print_help(sys.stderr)
        return 2
    try:
        return {'run': cmd_run, 'report': cmd_report, 'compare': cmd_compare,
                'plot': cmd_plot}[a.cmd](a)
    except ProfileError as e:
        sys.stderr.write('vdbe-profile: %s\n' % e)
        return 1


if __name__ == '__main__':
    sys.exit(main())
