"""Run CPython's own test suite for its sqlite3 module (test.test_sqlite3)
against lipsqlite's wheel, through the alias: `import sqlite3` must give
pysqlite3 (the lipsqlite-sqlite3-alias wheel installed in this environment).

Usage: python cpython_sqlite3.py --exclude FILE [--check-excluded] [--isolate]
       python cpython_sqlite3.py --only TEST_ID     (one test, for the modes below)

Every test of the suite runs except those FILE excludes; each line of FILE is
a pattern (fnmatch on the test id) and, after '#', the reason it is excluded:
a test of an API the module does not have, or one that crashes the module.
A pattern that matches no test is an error (the list must not go stale).

--check-excluded  also runs each excluded test alone in a child process and
                  counts as a failure every one that passes there: an
                  exclusion must be needed.
--isolate         runs every test in a child process of its own (slow; how
                  the crashing tests were found).
--any-engine      accepts a pysqlite3 that runs stock SQLite: for comparing
                  the failures with pysqlite3 built from stock's amalgamation.

Ends with "N passed, N failed" (N skipped when unittest skipped some);
exit status 0 when nothing failed.
"""
import argparse
import fnmatch
import os
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
DETAIL_LINES = int(os.environ.get("CPYTHON_SQLITE3_DETAIL_LINES", "6"))  # of a failure's traceback


def check_alias(any_engine=False):
    """The suite must see our engine through `import sqlite3`."""
    import sqlite3
    if sqlite3.__name__ != "pysqlite3":
        sys.exit("cpython_sqlite3: `import sqlite3` gives %s (%s), not pysqlite3: "
                 "is lipsqlite-sqlite3-alias installed in this environment?"
                 % (sqlite3.__name__, getattr(sqlite3, "__file__", "?")))
    cx = sqlite3.connect(":memory:")
    row = cx.execute("PRAGMA lipsqlite_version").fetchone()
    cx.close()
    if not row and not any_engine:
        sys.exit("cpython_sqlite3: pysqlite3 here runs stock SQLite %s, not lipsqlite"
                 % sqlite3.sqlite_version)
    return sqlite3, row[0] if row else "no (stock SQLite)"


def shim(sqlite3):
    """test_dbapi reads sqlite3.SQLITE_LIMIT_SQL_LENGTH at import, as a default
    argument of a helper (cx_limit), and six of the nine test modules import
    test_dbapi.  pysqlite3 has no limits API (no getlimit/setlimit, no
    SQLITE_LIMIT_* constants), so without this one constant (its value in
    sqlite3.h) those modules would not load at all.  The tests of the limits
    API itself still fail and are excluded."""
    added = []
    if not hasattr(sqlite3, "SQLITE_LIMIT_SQL_LENGTH"):
        sqlite3.SQLITE_LIMIT_SQL_LENGTH = 1
        added.append("SQLITE_LIMIT_SQL_LENGTH")
    return added


def read_exclusions(path):
    """[(pattern, reason, line number)] from the exclusion file."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            pattern, sep, reason = line.partition("#")
            pattern, reason = pattern.strip(), reason.strip()
            if not sep or not reason or " " in pattern:
                sys.exit("cpython_sqlite3: %s:%d: want 'PATTERN  # reason', got %r" % (path, n, line))
            out.append((pattern, reason, n))
    return out


def flatten(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from flatten(t)
        else:
            yield t


class Result(unittest.TestResult):
    """Outcome per test id: a test with a failing subtest has failed."""

    def __init__(self):
        super().__init__()
        self.outcome = {}
        self.detail = {}

    def _bad(self, test, err, what):
        tid = test.id() if not isinstance(test, unittest.case._SubTest) else test.test_case.id()
        self.outcome[tid] = what
        self.detail.setdefault(tid, self._exc_info_to_string(err, test))

    def startTest(self, test):
        super().startTest(test)
        self.outcome.setdefault(test.id(), "pass")
        self.t0 = time.time()

    def addError(self, test, err):
        super().addError(test, err)
        self._bad(test, err, "error")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._bad(test, err, "fail")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            what = "fail" if issubclass(err[0], test.failureException) else "error"
            self._bad(subtest, err, what)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.outcome[test.id()] = "skip"

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.outcome[test.id()] = "pass"

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.outcome[test.id()] = "fail"
        self.detail[test.id()] = "unexpected success"


def load():
    loader = unittest.defaultTestLoader
    return list(flatten(loader.loadTestsFromName("test.test_sqlite3")))


def child(test_id, timeout):
    """Run one test in a child process: 'pass', 'skip', 'fail', 'error',
    'crash (signal N)' or 'timeout'."""
    cmd = [sys.executable, "-X", "faulthandler", os.path.abspath(__file__), "--only", test_id]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    text = p.stdout.decode("utf-8", "replace")
    if p.returncode < 0:
        return "crash (signal %d)" % -p.returncode, text
    for line in reversed(text.splitlines()):
        if line.startswith("outcome: "):
            return line.split()[1], text
    return "error", text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--exclude", help="the exclusion list")
    ap.add_argument("--check-excluded", action="store_true")
    ap.add_argument("--isolate", action="store_true")
    ap.add_argument("--any-engine", action="store_true")
    ap.add_argument("--only", help=argparse.SUPPRESS)
    ap.add_argument("--timeout", type=float, default=120)
    args = ap.parse_args()

    sqlite3, lipver = check_alias(args.any_engine or bool(args.only))
    added = shim(sqlite3)
    tests = load()
    ids = [t.id() for t in tests]

    if args.only:
        chosen = [t for t in tests if t.id() == args.only]
        if not chosen:
            sys.exit("cpython_sqlite3: no test %s" % args.only)
        r = Result()
        unittest.TestSuite(chosen).run(r)
        tid = chosen[0].id()
        if tid in r.detail:
            print(r.detail[tid])
        print("outcome: %s" % r.outcome.get(tid, "error"))
        return 0

    import test.test_sqlite3
    print("cpython_sqlite3: Python %s, test.test_sqlite3 from %s"
          % (sys.version.split()[0], os.path.dirname(test.test_sqlite3.__file__)))
    print("cpython_sqlite3: import sqlite3 -> %s %s (SQLite %s, lipsqlite %s)"
          % (sqlite3.__name__, sqlite3.__file__, sqlite3.sqlite_version, lipver))
    if added:
        print("cpython_sqlite3: constant given to the module so that the test modules import: %s"
              % ", ".join(added))

    failed = 0
    excl = read_exclusions(args.exclude) if args.exclude else []
    excluded = {}  # test id -> reason
    for pattern, reason, n in excl:
        hits = [i for i in ids if fnmatch.fnmatchcase(i, pattern)]
        if not hits:
            print("FAIL exclusion %s (line %d) matches no test: remove it" % (pattern, n))
            failed += 1
        for i in hits:
            excluded.setdefault(i, reason)
    broken = [i for i in ids if i.startswith("unittest.loader.")]
    for t in tests:
        if t.id() in broken:
            print("FAIL test module does not import: %s" % t.id())
    run = [t for t in tests if t.id() not in excluded and t.id() not in broken]
    failed += len(broken)

    t0 = time.time()
    outcome = {}
    detail = {}
    if args.isolate:
        for t in run:
            outcome[t.id()], detail[t.id()] = child(t.id(), args.timeout)
    else:
        r = Result()
        unittest.TestSuite(run).run(r)
        outcome, detail = r.outcome, r.detail
    passed = skipped = 0
    for t in run:
        o = outcome.get(t.id(), "error")
        if o == "pass":
            passed += 1
        elif o == "skip":
            skipped += 1
        else:
            failed += 1
            print("FAIL %s: %s" % (t.id(), o))
            print("     " + "\n     ".join((detail.get(t.id()) or "").strip().splitlines()[-DETAIL_LINES:]))
    print("cpython_sqlite3: %d tests in the suite: %d run in %.1f s, %d excluded"
          % (len(ids), len(run), time.time() - t0, len(excluded)))

    # Why each test was excluded, counted per reason.
    per = {}
    for i, reason in excluded.items():
        per.setdefault(reason, []).append(i)
    for reason, lst in sorted(per.items(), key=lambda kv: -len(kv[1])):
        print("  excluded %3d: %s" % (len(lst), reason))

    if args.check_excluded and excluded:
        t0 = time.time()
        seen = {}
        for i in sorted(excluded):
            o, text = child(i, args.timeout)
            seen[o.split()[0]] = seen.get(o.split()[0], 0) + 1
            if o in ("pass", "skip"):
                failed += 1
                print("FAIL excluded test %s %ss when run alone: the exclusion is not needed" % (i, o))
        print("cpython_sqlite3: each excluded test run alone (%.1f s): %s"
              % (time.time() - t0, ", ".join("%s %d" % kv for kv in sorted(seen.items()))))

    if passed == 0:
        print("FAIL no test passed")
        failed += 1
    line = "%d passed, %d failed" % (passed, failed)
    if skipped:
        line += ", %d skipped" % skipped
    print(line)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
