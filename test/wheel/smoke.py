"""Smoke test of lipsqlite's features from Python, through the wheel.

Usage: python smoke.py --module pysqlite3|sqlite3 --version VERSION
                       [--library LIBSQLITE3] --workdir DIR

--module sqlite3 checks the alias: `import sqlite3` must be pysqlite3.
--library names our libsqlite3.so.0: PRAGMA compile_options through the
wheel must list what the library's sqlite3_compileoption_get() lists.
Prints "ok   ..." or "FAIL ..." per check and ends with "N passed, N failed".
"""
import argparse
import ctypes
import importlib
import os
import sys
import time

# The fork's op of sqlite3_stmt_status() (doc/progress.md): a copy of
# SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, which sqlite3.h defines
# (patches/0055-progress.patch, in upstream's src/sqlite.h.in).  The wheel
# carries no header and tool/wheel-test.sh runs this script in a venv
# without the build directory, so it is not read from sqlite3.h; a wrong
# copy fails (or crashes) the progress check below.
SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS = 0x4C495002
# Options that may differ between the wheel and the library, and why.
INTENDED_DIFFERENCES = {
    "COMPILER": "the wheel is compiled by the compiler its Python builds extensions with",
}

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print("ok   %s%s" % (name, ": " + detail if detail else ""))
    else:
        failed += 1
        print("FAIL %s%s" % (name, ": " + detail if detail else ""))
    return ok


def run(name, fn, *args):
    """A check that raises fails with the exception, and the others run."""
    try:
        fn(*args)
    except Exception as e:  # noqa: BLE001 - every error is a failed check
        check(name, False, "%s: %s" % (type(e).__name__, e))


def plan(cx, sql):
    return "\n".join(r[3] for r in cx.execute("EXPLAIN QUERY PLAN " + sql))


def t_version(mod, args):
    cx = mod.connect(":memory:")
    lip = cx.execute("PRAGMA lipsqlite_version").fetchone()
    check("PRAGMA lipsqlite_version", lip is not None and lip[0] == args.version,
          "%s (want %s)" % (lip and lip[0], args.version))
    check("sqlite_version", mod.sqlite_version == args.sqlite_version,
          "%s (want %s)" % (mod.sqlite_version, args.sqlite_version))
    # The engine is the one compiled into the module: no libsqlite3 is
    # mapped into this process (before --library loads ours on purpose).
    with open("/proc/self/maps") as f:
        libs = sorted({l.split()[-1] for l in f if "libsqlite3" in l})
    check("engine inside the module, no libsqlite3.so loaded", not libs, ", ".join(libs))
    cx.close()


def t_alias(mod, args):
    import sqlite3
    import sqlite3.dbapi2
    import _sqlite3
    import pysqlite3
    check("import sqlite3 is pysqlite3", sqlite3 is pysqlite3 and sqlite3.dbapi2 is pysqlite3.dbapi2
          and _sqlite3 is pysqlite3._sqlite3,
          "%s, %s, %s" % (sqlite3.__name__, sqlite3.dbapi2.__name__, _sqlite3.__name__))


def t_compile_options(mod, args):
    cx = mod.connect(":memory:")
    wheel = [r[0] for r in cx.execute("PRAGMA compile_options")]
    cx.close()
    lib = ctypes.CDLL(args.library)
    lib.sqlite3_compileoption_get.restype = ctypes.c_char_p
    lib.sqlite3_compileoption_get.argtypes = [ctypes.c_int]
    ours = []
    while True:
        o = lib.sqlite3_compileoption_get(len(ours))
        if o is None:
            break
        ours.append(o.decode())
    key = lambda o: o.split("=")[0]
    only_wheel = [o for o in wheel if o not in ours and key(o) not in INTENDED_DIFFERENCES]
    only_lib = [o for o in ours if o not in wheel and key(o) not in INTENDED_DIFFERENCES]
    intended = sorted({key(o) for o in set(wheel) ^ set(ours)} & set(INTENDED_DIFFERENCES))
    for k in intended:
        print("     intended difference %s: %s" % (k, INTENDED_DIFFERENCES[k]))
    check("PRAGMA compile_options: the library's %d options" % len(ours),
          not only_wheel and not only_lib and len(ours) > 0,
          "only in the wheel: %s; only in %s: %s" % (only_wheel, args.library, only_lib)
          if only_wheel or only_lib else "%d of %d equal" % (len(set(wheel) & set(ours)), len(wheel)))
    for o in ("LIP_DEFAULT=1", "HASH_AGGREGATE_DEFAULT=1", "SUBQUERY_AMORTIZE_DEFAULT=1",
              "PCLEANER_DEFAULT=off", "IMPLIED_TERMS_DEFAULT=1", "PLAN_COST_DEFAULT=1"):
        check("compile option %s" % o, o in wheel)


def t_star_join(mod, args):
    cx = mod.connect(":memory:")
    cx.executescript("""
      CREATE TABLE d1(k INTEGER PRIMARY KEY, cat TEXT, r REAL);
      CREATE TABLE d2(k INTEGER PRIMARY KEY, grp INT);
      CREATE TABLE f(a, b, v INT, t TEXT);
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<100)
        INSERT INTO d1 SELECT x, 'c'||(x%10), x*1.0 FROM c;
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<50)
        INSERT INTO d2 SELECT x, x%7 FROM c;
      WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x<30000)
        INSERT INTO f SELECT (x*7)%100+1, (x*13)%50+1, x, 'c'||(x%10) FROM c;
    """)
    q = ("SELECT d1.cat, d2.grp, count(*), sum(v) FROM f, d1, d2 "
         "WHERE f.a=d1.k AND f.b=d2.k AND d1.cat IN ('c3','c4') AND d2.grp=2 "
         "GROUP BY 1, 2 ORDER BY 1, 2")
    p = plan(cx, q)
    check("star join plan has BLOOM FILTER lines", p.count("BLOOM FILTER ON") == 2,
          " | ".join(p.splitlines()))
    on = cx.execute(q).fetchall()
    stats = cx.execute("PRAGMA lip_filter_stats").fetchall()
    cx.execute("PRAGMA lip_filter=OFF")
    off = cx.execute(q).fetchall()
    check("star join rows equal with lip_filter off and on", on == off and len(on) > 0, repr(on))
    cur = cx.execute("PRAGMA lip_filter_stats")
    cur.fetchall()
    col = [d[0] for d in cur.description].index("rejected")
    rej = sum(r[col] for r in stats)
    check("lip_filter_stats: the filters rejected fact rows", len(stats) == 2 and rej > 0,
          "%d filters, %d rows rejected" % (len(stats), rej))
    try:
        cx.execute("PRAGMA lip_filter=2")
        check("PRAGMA lip_filter=2 is an error", False, "no error")
    except mod.OperationalError as e:
        check("PRAGMA lip_filter=2 is an error", "bad value '2'" in str(e), str(e))
    cx.close()


def t_page_cleaner(mod, args):
    path = os.path.join(args.workdir, "pcleaner.db")
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.unlink(path + suffix)
    cx = mod.connect(path, isolation_level=None)
    cx.execute("PRAGMA cache_size=100")
    cx.execute("PRAGMA page_cleaner=thread")
    mode = cx.execute("PRAGMA page_cleaner").fetchone()[0]
    cx.execute("CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, n INTEGER)")
    n = 40000
    t0 = time.time()
    cx.execute("BEGIN")
    cx.executemany("INSERT INTO t VALUES(?, ?, ?)",
                   ((("k%08d" % ((i * 7919) % n)), "v" * 80, i) for i in range(n)))
    cx.execute("COMMIT")
    dt = time.time() - t0
    row = cx.execute("SELECT * FROM pragma_page_cleaner_stats WHERE schema='main'").fetchone()
    names = [d[0] for d in cx.execute("SELECT * FROM pragma_page_cleaner_stats").description]
    st = dict(zip(names, row)) if row else {}
    check("page_cleaner=thread on a %d-row transaction (%.1f s)" % (n, dt),
          str(mode).lower() == "thread" and st.get("mode") == "thread"
          and st.get("batches", 0) > 0 and st.get("queued", 0) > 0,
          "page_cleaner_stats: %s" % ", ".join("%s=%s" % kv for kv in st.items()))
    cx.close()
    cx = mod.connect(path)
    check("page_cleaner=thread: integrity_check ok and every row there",
          cx.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
          and cx.execute("SELECT count(*), count(DISTINCT k) FROM t").fetchone() == (n, n))
    cx.close()


def t_hash_aggregate(mod, args):
    cx = mod.connect(":memory:")
    cx.executescript("""
      CREATE TABLE obs(site TEXT, kind INT, x REAL);
      WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<50000)
        INSERT INTO obs SELECT 'site'||(i*37%1000), i%7, (i*7919%1000)/10.0 FROM c;
    """)
    q = "SELECT site, kind, count(*), sum(x), max(x) FROM obs GROUP BY site, kind"
    p = plan(cx, q)
    check("hash aggregate plan: USE HASH TABLE FOR GROUP BY", "USE HASH TABLE FOR GROUP BY" in p,
          " | ".join(p.splitlines()))
    on = cx.execute(q).fetchall()
    names = [d[0] for d in cx.execute("PRAGMA hash_aggregate_stats").description or []]
    st = dict(zip(names, cx.execute("PRAGMA hash_aggregate_stats").fetchone() or ()))
    groups = cx.execute("SELECT count(*) FROM (SELECT DISTINCT site, kind FROM obs)").fetchone()[0]
    check("hash_aggregate_stats: every group and row through the table",
          st.get("groups") == groups and st.get("rows_hashed") == 50000,
          ", ".join("%s=%s" % kv for kv in st.items()))
    cx.execute("PRAGMA hash_aggregate=OFF")
    off = cx.execute(q).fetchall()
    check("hash aggregate: rows and order equal with hash_aggregate off", on == off,
          "%d groups" % len(on))
    cx.close()


def t_amortize(mod, args):
    cx = mod.connect(":memory:")
    cx.executescript("""
      CREATE TABLE t1(a INTEGER PRIMARY KEY, b, c TEXT);
      CREATE TABLE t2(k, x REAL, y TEXT, z INTEGER);
      WITH s(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM s WHERE i<2000)
        INSERT INTO t1 SELECT i, CASE WHEN i%97=0 THEN NULL ELSE i%50 END, 'c' FROM s;
      WITH s(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM s WHERE i<5000)
        INSERT INTO t2 SELECT CASE WHEN i%101=0 THEN NULL ELSE (i*7)%60 END,
                              (i*7919%1000)/7.0, 'v'||(i*31%97), i%5 FROM s;
    """)
    q = "SELECT a FROM t1 WHERE b < (SELECT avg(z) FROM t2 WHERE t2.k=t1.b)"
    p = plan(cx, q)
    check("subquery amortization plan: BUILT ONCE FOR ALL RUNS", "BUILT ONCE FOR ALL RUNS" in p,
          " | ".join(p.splitlines()))
    on = cx.execute(q).fetchall()
    cx.execute("PRAGMA subquery_amortize=OFF")
    p_off = plan(cx, q)
    off = cx.execute(q).fetchall()
    check("subquery amortization: rows equal with subquery_amortize off",
          on == off and len(on) > 0 and "BUILT ONCE" not in p_off, "%d rows" % len(on))
    cx.close()


def t_progress(mod, args):
    """pysqlite3 has no sqlite3_stmt_status() (nor any statement handle):
    the fork's op is reached through the C API of the engine compiled into
    the module, with ctypes on the module's own shared object."""
    so = importlib.import_module("pysqlite3._sqlite3").__file__
    lib = ctypes.CDLL(so)
    vp, cp, ip = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    lib.sqlite3_compileoption_used.argtypes = [cp]
    lib.sqlite3_open_v2.argtypes = [cp, ctypes.POINTER(vp), ip, cp]
    lib.sqlite3_exec.argtypes = [vp, cp, vp, vp, vp]
    lib.sqlite3_prepare_v2.argtypes = [vp, cp, ip, ctypes.POINTER(vp), vp]
    lib.sqlite3_step.argtypes = [vp]
    lib.sqlite3_stmt_status.argtypes = [vp, ip, ip]
    lib.sqlite3_finalize.argtypes = [vp]
    lib.sqlite3_close.argtypes = [vp]
    check("C API: sqlite3_compileoption_used(\"LIPSQLITE_VERSION\")",
          lib.sqlite3_compileoption_used(b"LIPSQLITE_VERSION") == 1, so)
    db = vp()
    assert lib.sqlite3_open_v2(b":memory:", ctypes.byref(db), 6, None) == 0
    n = 20000
    rc = lib.sqlite3_exec(db, (b"CREATE TABLE t(x); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL "
                               b"SELECT i+1 FROM c WHERE i<%d) INSERT INTO t SELECT i FROM c;" % n),
                          None, None, None)
    assert rc == 0, rc
    st = vp()
    assert lib.sqlite3_prepare_v2(db, b"SELECT x FROM t", -1, ctypes.byref(st), None) == 0
    before = lib.sqlite3_stmt_status(st, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0)
    seen = []
    rows = 0
    while lib.sqlite3_step(st) == 100:  # SQLITE_ROW
        rows += 1
        if rows % (n // 10) == 0:
            seen.append(lib.sqlite3_stmt_status(st, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0))
    lib.sqlite3_finalize(st)
    lib.sqlite3_close(db)
    mono = all(a <= b for a, b in zip(seen, seen[1:]))
    mid = seen[4] if len(seen) > 4 else -1
    check("progress op through the C API: parts per million rise with the scan",
          before == -1 and rows == n and mono and 300000 <= mid <= 700000 and seen[-1] <= 1000000,
          "before the first step %d; at every tenth of the rows %s" % (before, seen))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--module", default="pysqlite3", choices=["pysqlite3", "sqlite3"])
    ap.add_argument("--version", required=True, help="the fork's version (tool/build-version.sh BUILDDIR fork)")
    ap.add_argument("--sqlite-version", required=True,
                    help="upstream's version (tool/build-version.sh BUILDDIR upstream)")
    ap.add_argument("--library", help="our libsqlite3.so.0, for PRAGMA compile_options")
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    mod = importlib.import_module(args.module)
    print("smoke: Python %s, import %s -> %s" % (sys.version.split()[0], args.module, mod.__file__))
    if args.module == "sqlite3":
        run("alias", t_alias, mod, args)
    run("version", t_version, mod, args)
    run("star join", t_star_join, mod, args)
    run("page cleaner", t_page_cleaner, mod, args)
    run("hash aggregate", t_hash_aggregate, mod, args)
    run("subquery amortization", t_amortize, mod, args)
    run("progress op", t_progress, mod, args)
    if args.library:
        run("compile options", t_compile_options, mod, args)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
