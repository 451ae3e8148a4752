"""What bench/tpch/run.py and bench/tpch/rewrite.py share: the pinned
DuckDB and its TPC-H extension, the SQLite schema, the query files and the
check that they parse.  A caller has bench/common and bench/tpch on
sys.path and has called benchlib.init() (the prefix of die()'s messages).
"""
import os, re, sqlite3

from benchlib import die

HERE = os.path.dirname(os.path.abspath(__file__))
DUCKDB_VERSION = '1.5.5'
PIP = 'pip install duckdb==%s duckdb-extension-tpch==%s' % (DUCKDB_VERSION, DUCKDB_VERSION)

QUERY_DIR = os.path.join(HERE, 'queries')


# TPC-H's tables (dss.ddl) in SQLite's types, in the order they are loaded.
SCHEMA = '''
CREATE TABLE region(r_regionkey INTEGER PRIMARY KEY, r_name TEXT NOT NULL, r_comment TEXT NOT NULL);
CREATE TABLE nation(n_nationkey INTEGER PRIMARY KEY, n_name TEXT NOT NULL, n_regionkey INTEGER NOT NULL,
  n_comment TEXT NOT NULL);
CREATE TABLE part(p_partkey INTEGER PRIMARY KEY, p_name TEXT NOT NULL, p_mfgr TEXT NOT NULL,
  p_brand TEXT NOT NULL, p_type TEXT NOT NULL, p_size INTEGER NOT NULL, p_container TEXT NOT NULL,
  p_retailprice REAL NOT NULL, p_comment TEXT NOT NULL);
CREATE TABLE supplier(s_suppkey INTEGER PRIMARY KEY, s_name TEXT NOT NULL, s_address TEXT NOT NULL,
  s_nationkey INTEGER NOT NULL, s_phone TEXT NOT NULL, s_acctbal REAL NOT NULL, s_comment TEXT NOT NULL);
CREATE TABLE partsupp(ps_partkey INTEGER NOT NULL, ps_suppkey INTEGER NOT NULL, ps_availqty INTEGER NOT NULL,
  ps_supplycost REAL NOT NULL, ps_comment TEXT NOT NULL, PRIMARY KEY(ps_partkey, ps_suppkey));
CREATE TABLE customer(c_custkey INTEGER PRIMARY KEY, c_name TEXT NOT NULL, c_address TEXT NOT NULL,
  c_nationkey INTEGER NOT NULL, c_phone TEXT NOT NULL, c_acctbal REAL NOT NULL, c_mktsegment TEXT NOT NULL,
  c_comment TEXT NOT NULL);
CREATE TABLE orders(o_orderkey INTEGER PRIMARY KEY, o_custkey INTEGER NOT NULL, o_orderstatus TEXT NOT NULL,
  o_totalprice REAL NOT NULL, o_orderdate TEXT NOT NULL, o_orderpriority TEXT NOT NULL, o_clerk TEXT NOT NULL,
  o_shippriority INTEGER NOT NULL, o_comment TEXT NOT NULL);
CREATE TABLE lineitem(l_orderkey INTEGER NOT NULL, l_partkey INTEGER NOT NULL, l_suppkey INTEGER NOT NULL,
  l_linenumber INTEGER NOT NULL, l_quantity REAL NOT NULL, l_extendedprice REAL NOT NULL,
  l_discount REAL NOT NULL, l_tax REAL NOT NULL, l_returnflag TEXT NOT NULL, l_linestatus TEXT NOT NULL,
  l_shipdate TEXT NOT NULL, l_commitdate TEXT NOT NULL, l_receiptdate TEXT NOT NULL,
  l_shipinstruct TEXT NOT NULL, l_shipmode TEXT NOT NULL, l_comment TEXT NOT NULL,
  PRIMARY KEY(l_orderkey, l_linenumber));
'''
TABLES = re.findall(r'CREATE TABLE (\w+)', SCHEMA)
# DuckDB's types of the generated columns -> SQLite's, and how a value is
# read out of DuckDB for SQLite (decimals as doubles, dates as ISO text).
DUCK_TYPES = {'BIGINT': ('INTEGER', '%s'), 'INTEGER': ('INTEGER', '%s'), 'VARCHAR': ('TEXT', '%s'),
              'DATE': ('TEXT', 'CAST(%s AS VARCHAR)'), 'DECIMAL': ('REAL', 'CAST(%s AS DOUBLE)')}


# ---------------------------------------------------------------- DuckDB

def require_duckdb():
    """The duckdb module, checked to be the pinned version with the pinned
    TPC-H extension; die() with the pip command otherwise."""
    from importlib import metadata
    found = []
    for pkg in ('duckdb', 'duckdb-extension-tpch'):
        try:
            v = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            v = None
        if v != DUCKDB_VERSION:
            found.append('%s %s' % (pkg, v or 'not installed'))
    try:
        import duckdb
    except ImportError:
        duckdb = None
        found.append('duckdb does not import')
    if found:
        die('needs DuckDB %s and its TPC-H extension (%s): %s' % (DUCKDB_VERSION, ', '.join(found), PIP))
    return duckdb


def tpch_extension():
    """The TPC-H extension file of the duckdb-extension-tpch package (it
    ships the signed extension of its DuckDB version; LOAD takes its path,
    nothing is downloaded or installed into ~/.duckdb)."""
    import duckdb_extension_tpch
    path = os.path.join(os.path.dirname(duckdb_extension_tpch.__file__), 'extensions',
                        'v' + DUCKDB_VERSION, 'tpch.duckdb_extension')
    if not os.path.isfile(path):
        die('no %s in the duckdb-extension-tpch package: %s' % (path, PIP))
    return path


def duck_connect(path=':memory:', read_only=False, tpch=False):
    """A DuckDB connection that never downloads an extension; with tpch,
    the TPC-H extension loaded."""
    duckdb = require_duckdb()
    con = duckdb.connect(path, read_only=read_only, config={'autoinstall_known_extensions': False,
                                                            'autoload_known_extensions': False})
    if tpch:
        con.execute("LOAD '%s'" % tpch_extension())
    return con


def duck_queries():
    """{1: text, ..., 22: text}: DuckDB's tpch_queries()."""
    con = duck_connect(tpch=True)
    out = dict(con.execute('SELECT query_nr, query FROM tpch_queries() ORDER BY query_nr').fetchall())
    con.close()
    if sorted(out) != list(range(1, 23)):
        die('tpch_queries() gave queries %s, not 1..22' % sorted(out), 1)
    return out


# ---------------------------------------------------------------- queries

def query_file(n):
    return os.path.join(QUERY_DIR, 'q%02d.sql' % n)


def sqlite_queries():
    """{1: text, ..., 22: text} of bench/tpch/queries/."""
    out = {}
    for n in range(1, 23):
        try:
            with open(query_file(n)) as f:
                out[n] = f.read()
        except OSError:
            die('no %s (run python3 bench/tpch/rewrite.py)' % query_file(n), 1)
    return out


def stale_query_files(texts):
    """The files of bench/tpch/queries/ that are not rewrite.py's texts."""
    have = sqlite_queries()
    return [os.path.basename(query_file(n)) for n in texts if have[n] != texts[n]]


def check_parses(texts):
    """Every query of texts prepares on an empty database with SCHEMA."""
    con = sqlite3.connect(':memory:')
    con.executescript(SCHEMA)
    for n, sql in texts.items():
        try:
            con.execute('EXPLAIN ' + sql).fetchall()
        except sqlite3.Error as e:
            die('Q%d does not parse in SQLite %s: %s' % (n, sqlite3.sqlite_version, e), 1)
    con.close()


