#!/usr/bin/env python3
"""Write bench/tpch/queries/q01.sql ... q22.sql: the 22 TPC-H queries of
DuckDB's tpch_queries() (duckdb-extension-tpch 1.5.5) in SQLite's dialect.

  python3 bench/tpch/rewrite.py            # rewrite the files, check they parse
  python3 bench/tpch/rewrite.py --check    # only check the files are up to date

The rewrites are mechanical, so that rerunning the script gives the same
files (bench/tpch/run.py checks that they are up to date):

  CAST('1994-01-01' AS date), DATE '1994-01-01'  ->  '1994-01-01'
      (the database holds dates as ISO 'YYYY-MM-DD' TEXT, which sorts and
      compares as the dates do)
  DATE '1994-01-01' + INTERVAL '3' MONTH (also - , YEAR, DAY, and
      INTERVAL '3 months')  ->  the computed date, '1994-04-01'
  extract(year FROM x)  ->  CAST(strftime('%Y', x) AS INTEGER)
  substring(x FROM a FOR b)  ->  substr(x, a, b)
  (SELECT a, f(b) FROM ...) AS t (c1, c2)  ->  (SELECT a AS c1, f(b) AS c2
      FROM ...) AS t   (a derived table's column list, Q13)

Q15's WITH clause is SQLite's too and stays.  Every rewritten query must
parse in SQLite (prepared on an empty database with the schema of run.py);
--self-test runs the rules on the spec's own spellings as well.
"""
import argparse, calendar, datetime, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'common'))
sys.path.insert(0, HERE)
import benchlib
from benchlib import die
import tpchlib

benchlib.init('tpch/rewrite.py')

DATE = r"(?:CAST\(\s*'(\d{4}-\d{2}-\d{2})'\s+AS\s+date\s*\)|date\s+'(\d{4}-\d{2}-\d{2})')"
INTERVAL = (r"interval\s+(?:'(\d+)'\s+|(\d+)\s+|'(\d+)\s+)"
            r"(year|month|day)s?'?(?:\s*\(\d+\))?")


def add_interval(iso, sign, n, unit):
    """The date iso plus (sign '+') or minus n years, months or days, as
    SQL's date arithmetic gives it (a day past the end of the month is
    clamped to its last day)."""
    d = datetime.date.fromisoformat(iso)
    n = n if sign == '+' else -n
    if unit == 'day':
        return (d + datetime.timedelta(days=n)).isoformat()
    months = d.year * 12 + d.month - 1 + (n * 12 if unit == 'year' else n)
    y, m = divmod(months, 12)
    return datetime.date(y, m + 1, min(d.day, calendar.monthrange(y, m + 1)[1])).isoformat()


def top_level(text):
    """The indexes of the characters of text outside parentheses and
    quoted strings."""
    out, depth, quote = [], 0, None
    for j, c in enumerate(text):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == '(':
            depth += 1
        elif c == ')':
            depth -= 1
        elif depth == 0:
            out.append(j)
    return out


def open_paren(text, close):
    """The index of the parenthesis that the one at text[close] closes
    (the queries have no parenthesis inside a string)."""
    depth = 0
    for j in range(close, -1, -1):
        depth += {')': 1, '(': -1}.get(text[j], 0)
        if depth == 0:
            return j
    raise ValueError('unbalanced parentheses')


def move_column_lists(sql):
    """(SELECT e1, e2 FROM ...) AS t (c1, c2) -> (SELECT e1 AS c1, e2 AS c2
    FROM ...) AS t: SQLite has no column list on a derived table.  An item
    that is the bare name of its column keeps its text."""
    def derived(m):   # the match is a derived table's column list
        return re.match(r'\s*SELECT\s', sql[open_paren(sql, m.start()) + 1:], re.I)
    pat = re.compile(r'\)\s*AS\s+(\w+)\s*\(([^()]*)\)', re.I)
    while True:   # one at a time: each rewrite moves the text after it
        m = next((m for m in pat.finditer(sql) if derived(m)), None)
        if m is None:
            return sql
        start = open_paren(sql, m.start())
        body = sql[start + 1:m.start()]
        sel = re.match(r'\s*SELECT\s+', body, re.I)
        top = set(top_level(body))
        frm = next(f for f in re.finditer(r'\bFROM\b', body, re.I) if f.start() in top)
        items_text = body[sel.end():frm.start()]
        cuts = [-1] + [j for j in top_level(items_text) if items_text[j] == ','] + [len(items_text)]
        items = [items_text[cuts[k] + 1:cuts[k + 1]] for k in range(len(cuts) - 1)]
        names = [c.strip() for c in m.group(2).split(',')]
        if len(items) != len(names):
            raise ValueError('%d columns named for %d select items' % (len(names), len(items)))
        new = []
        for item, name in zip(items, names):
            expr = item.rstrip()
            new.append(item if re.fullmatch(r'\s*%s' % re.escape(name), expr, re.I)
                       else '%s AS %s%s' % (expr, name, item[len(expr):]))
        sql = (sql[:start + 1] + body[:sel.end()] + ','.join(new) + body[frm.start():] +
               ') AS %s' % m.group(1) + sql[m.end():])


def rewrite(sql):
    """sql (DuckDB's text of a TPC-H query) in SQLite's dialect."""
    def arith(m):
        n = next(int(x) for x in m.group(4, 5, 6) if x)
        return "'%s'" % add_interval(m.group(1) or m.group(2), m.group(3), n, m.group(7).lower())
    sql = re.sub(DATE + r'\s*([+-])\s*' + INTERVAL, arith, sql, flags=re.I)
    sql = re.sub(DATE, lambda m: "'%s'" % (m.group(1) or m.group(2)), sql, flags=re.I)
    sql = re.sub(r'\bextract\(\s*year\s+FROM\s+([\w.]+)\s*\)',
                 r"CAST(strftime('%Y', \1) AS INTEGER)", sql, flags=re.I)
    sql = re.sub(r'\bsubstring\(\s*([\w.]+)\s+FROM\s+(\d+)\s+FOR\s+(\d+)\s*\)',
                 r'substr(\1, \2, \3)', sql, flags=re.I)
    return move_column_lists(sql)


# The spec's own spellings (TPC-H 3.0.1 §2.4) and what they must become.
SELF_TEST = [
    ("l_shipdate <= date '1998-12-01' - interval '90' day (3)", "l_shipdate <= '1998-09-02'"),
    ("o_orderdate < date '1993-07-01' + interval '3' month", "o_orderdate < '1993-10-01'"),
    ("l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR", "l_shipdate < '1995-01-01'"),
    ("x < CAST('1995-01-31' AS date) + INTERVAL '1 month'", "x < '1995-02-28'"),
    ("x < date '1996-02-29' + interval 1 year", "x < '1997-02-28'"),
    ("extract(year from o_orderdate) as o_year", "CAST(strftime('%Y', o_orderdate) AS INTEGER) as o_year"),
    ("substring(c_phone from 1 for 2)", "substr(c_phone, 1, 2)"),
    ("FROM (SELECT c_custkey, count(o_orderkey) FROM customer GROUP BY c_custkey) AS c_orders (c_custkey, c_count)",
     "FROM (SELECT c_custkey, count(o_orderkey) AS c_count FROM customer GROUP BY c_custkey) AS c_orders"),
    ("(SELECT a, f(b, (SELECT 1 FROM z)) FROM t) AS d (x, y)",
     "(SELECT a AS x, f(b, (SELECT 1 FROM z)) AS y FROM t) AS d"),
]


def self_test():
    bad = [(src, want, rewrite(src)) for src, want in SELF_TEST if rewrite(src) != want]
    for src, want, got in bad:
        sys.stderr.write('rewrite(%r)\n  gave   %r\n  wanted %r\n' % (src, got, want))
    if bad:
        die('self-test: %d of %d rewrites wrong' % (len(bad), len(SELF_TEST)), 1)


def rewritten(duck_texts):
    """{number: SQLite text} of DuckDB's texts {number: text}."""
    return {n: rewrite(sql).strip() + '\n' for n, sql in duck_texts.items()}


def main():
    ap = benchlib.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--check', action='store_true', help='only check that the files are up to date')
    ap.add_argument('--self-test', action='store_true', help='only check the rules on the spec\'s spellings')
    a = ap.parse_args()
    self_test()
    if a.self_test:
        print('bench/tpch/rewrite.py: %d rewrites as expected' % len(SELF_TEST))
        return
    texts = rewritten(tpchlib.duck_queries())
    if a.check:
        stale = tpchlib.stale_query_files(texts)
        if stale:
            die('stale: %s (run python3 bench/tpch/rewrite.py)' % ', '.join(stale), 1)
    else:
        os.makedirs(tpchlib.QUERY_DIR, exist_ok=True)
        for n, text in texts.items():
            with open(tpchlib.query_file(n), 'w') as f:
                f.write(text)
    tpchlib.check_parses(tpchlib.sqlite_queries())
    print('bench/tpch/rewrite.py: %d queries %s and parse in SQLite %s' % (
        len(texts), 'up to date' if a.check else 'written to bench/tpch/queries/',
        tpchlib.sqlite3.sqlite_version))


if __name__ == '__main__':
    main()
