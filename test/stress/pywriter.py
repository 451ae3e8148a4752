#!/usr/bin/env python3
"""The workload writer of test/stress/stress.c, through Python's sqlite3.

The same transactions as `stress writer` (the same plan for a seed and a
transaction id, the same rows and values, the same events on stdout), but
the rows of a transaction are inserted with one executemany() call per run
of rows between savepoint boundaries, the way Python programs write bulk
data.  Python's sqlite3 module links libsqlite3.so.0 dynamically on Debian
and pyenv builds, so LD_LIBRARY_PATH chooses the library.

Usage: pywriter.py --db F --journal M [--sync FULL] [--cleaner C]
       [--first K] [--count N] [--seed S] [--cache N] [--queue N]
       [--big-rows N] [--retire N]
"""
import argparse
import sqlite3
import sys

MASK64 = (1 << 64) - 1
VALUE_MIN = 40        # stress.c STRESS_VALUE_MIN
VALUE_SPREAD = 300    # stress.c STRESS_VALUE_SPREAD
PATTERN = bytes(range(256)) * 3   # byte i of v is (base + i) & 0xff

SCHEMA = """
CREATE TABLE IF NOT EXISTS t(txn INTEGER, seq INTEGER, k INTEGER,
  v BLOB, PRIMARY KEY(txn, seq));
CREATE INDEX IF NOT EXISTS t_k ON t(k);
CREATE TABLE IF NOT EXISTS log(txn INTEGER PRIMARY KEY, nrow INTEGER,
  sumseq INTEGER, retired INTEGER);
"""
CHECKPOINTS = ["", "PASSIVE", "FULL", "RESTART", "TRUNCATE"]


def mix(x):
    """stressMix(): splitmix64's finaliser, on 64-bit unsigned integers."""
    x = (x + 0x9e3779b97f4a7c15) & MASK64
    x = ((x ^ (x >> 30)) * 0xbf58476d1ce4e5b9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94d049bb133111eb) & MASK64
    return x ^ (x >> 31)


def key(txn, seq):
    return (txn * 2654435761 + seq * 40503) & 0x7fffffff


def value(txn, seq):
    n = VALUE_MIN + (txn * 7 + seq * 13) % VALUE_SPREAD
    base = (txn * 31 + seq * 7) & 0xff
    return PATTERN[base:base + n]


def plan(seed, k, big_rows):
    """stressPlan(): (big, nrow, rollback, sp_from, sp_to, checkpoint)."""
    r = mix(((seed << 40) ^ k) & MASK64)
    r2 = mix(r)
    big = (r % 10) < 3
    if big:
        nrow = big_rows // 2 + (r >> 8) % (big_rows // 2 + 1)
    else:
        nrow = 1 + (r >> 8) % 20
    rollback = ((r >> 20) % 20) < 3
    sp_from = sp_to = 0
    if ((r >> 28) % 10) < 3:
        sp_from = r2 % (nrow + 1)
        sp_to = sp_from + (r2 >> 16) % (nrow - sp_from + 1)
    ckpt = 1 + (r >> 40) % 4 if ((r >> 36) % 8) == 0 else 0
    return big, nrow, rollback, sp_from, sp_to, ckpt


def event(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def rows(k, lo, hi):
    return [(k, i, key(k, i), value(k, i)) for i in range(lo, hi)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--journal", default="delete")
    ap.add_argument("--sync", default="FULL")
    ap.add_argument("--cleaner", default="thread")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--count", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cache", type=int, default=100)
    ap.add_argument("--queue", type=int, default=0)
    ap.add_argument("--big-rows", type=int, default=6000)
    ap.add_argument("--retire", type=int, default=4)
    a = ap.parse_args()

    db = sqlite3.connect(a.db, isolation_level=None, timeout=10)
    db.execute("PRAGMA journal_mode=%s" % a.journal)
    db.execute("PRAGMA synchronous=%s" % a.sync)
    db.execute("PRAGMA cache_size=%d" % a.cache)
    if a.cleaner != "stock":
        db.execute("PRAGMA page_cleaner=%s" % a.cleaner)
        if a.queue > 0:
            db.execute("PRAGMA page_cleaner_queue=%d" % a.queue)
    db.executescript(SCHEMA)
    ins = "INSERT INTO t VALUES(?,?,?,?)"
    k = a.first
    while a.count == 0 or k < a.first + a.count:
        big, nrow, rollback, sp_from, sp_to, ckpt = plan(a.seed, k, a.big_rows)
        event("B %d" % k)
        db.execute("BEGIN")
        if sp_from < sp_to:
            db.executemany(ins, rows(k, 0, sp_from))
            db.execute("SAVEPOINT sp")
            db.executemany(ins, rows(k, sp_from, sp_to))
            db.execute("ROLLBACK TO sp")
            db.execute("RELEASE sp")
            lo = sp_to
        else:
            lo = 0
        if big:
            half = max(lo, nrow // 2)
            db.executemany(ins, rows(k, lo, half))
            event("M %d" % k)
            lo = half
        db.executemany(ins, rows(k, lo, nrow))
        kept = [i for i in range(nrow) if i < sp_from or i >= sp_to]
        db.execute("INSERT INTO log VALUES(?,?,?,NULL)",
                   (k, len(kept), sum(kept)))
        db.execute("DELETE FROM t WHERE txn IN (SELECT txn FROM log WHERE"
                   " txn<=? AND retired IS NULL)", (k - a.retire,))
        db.execute("UPDATE log SET retired=? WHERE txn<=? AND retired IS NULL",
                   (k, k - a.retire))
        if rollback:
            event("X %d" % k)
            db.execute("ROLLBACK")
            event("R %d" % k)
        else:
            event("P %d" % k)
            db.execute("COMMIT")
            event("C %d" % k)
        if ckpt and a.journal == "wal":
            event("K")
            db.execute("PRAGMA wal_checkpoint(%s)" % CHECKPOINTS[ckpt]).fetchall()
        k += 1
    if a.cleaner != "stock":
        q, b = db.execute("SELECT total(queued), total(batches)"
                          " FROM pragma_page_cleaner_stats").fetchone()
        event("S %d %d" % (q, b))
    db.close()
    event("E")


if __name__ == "__main__":
    main()
