#!/usr/bin/env python3
"""Kill a writer with SIGKILL at random moments and check what it left.

The kill harness of doc/stress.md.  For each journal mode and cleaner mode
asked for, it runs writer processes (test/stress/stress.c `stress writer`,
the C API, or test/stress/pywriter.py, Python's sqlite3 with executemany)
on one database, kills each with SIGKILL, and then has a fresh process
(`stress check`) open the database and check it: integrity_check ok, every
transaction the writer reported committed there and whole, nothing of a
rolled-back one, the one in flight whole or absent.  In WAL mode, reader
processes (`stress reader`) check all along that they never see part of a
transaction.

Kills aim at the moments that matter.  Each kill picks a target:

  random      a random time after the writer started;
  commit      inside a COMMIT (after "P k", before "C k" or just after);
  rollback    inside a ROLLBACK ("X k");
  checkpoint  inside a wal_checkpoint ("K"; WAL only, else commit);
  midbig      in the middle of a big transaction ("M k"): the cache is
              full, the cleaner's batches and the writer thread busy;
  queuefull   as midbig, with PRAGMA page_cleaner_queue=8, so that the
              queue is full and the writing thread waits for it;

then waits for the n-th such event (n in 1..3) and a random delay.

With --workload cc (the column-copy workload, stress.c's `--workload cc`:
a table of about 70,000 rows with a column copy, random INSERT, UPDATE,
DELETE and REPLACE transactions and PRAGMA column_copy refreshes and
rebuilds) the targets are random, commit, rollback, checkpoint, midbig and

  build       inside a PRAGMA column_copy build or refresh ("Y k");

the writers are all C ones, and the check adds the copy's: integrity, the
copy's structure, every clean chunk holding exactly the base rows of its
range, and the same answers with column_scan ON and OFF.

A transaction found present after a kill stays committed: later checks
require it; one found absent must stay absent.  The database starts afresh
every --episode kills.  When a check fails, the harness keeps the files as
the kill left them (copied before the check) in --out/fail-N/, with the
events the writer printed, and prints the command that checks them again
and the one that reruns the case.

Usage (see `--help`): killharness.py --stress BIN --lib LIBDIR
  [--journal delete,truncate,persist,wal] [--cleaner off,sync,thread]
  [--kills N] [--seed S] [--out DIR] [--expect-failure]
"""
import argparse
import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = ["random", "commit", "rollback", "checkpoint", "midbig", "queuefull"]
EVENT_OF = {"commit": "P", "rollback": "X", "checkpoint": "K",
            "midbig": "M", "queuefull": "M"}
# The longest delay (seconds) after the target event before the kill.
DELAY_MAX = {"random": 0.08, "commit": 0.004, "rollback": 0.003,
             "checkpoint": 0.004, "midbig": 0.01, "queuefull": 0.01}
# The column-copy workload's targets and delays (a transaction there scans
# the table twice, so its writers are slower).
TARGETS_CC = ["random", "commit", "rollback", "checkpoint", "midbig",
              "build"]
EVENT_OF_CC = dict(EVENT_OF, build="Y")
# A commit there writes the copy's pages too: kills aim up to 12 ms after
# "P k", through the commit and a little after it.
DELAY_MAX_CC = dict(DELAY_MAX, random=0.3, build=0.03, midbig=0.02,
                    commit=0.012)
DB = "stress.db"
SUFFIXES = ["", "-journal", "-wal", "-shm"]
# Where a kill landed, by the writer's last event before it: after "P k"
# and before "C k" the writer was inside COMMIT, and so on.
LANDED = {"P": "in COMMIT", "X": "in ROLLBACK", "K": "in checkpoint",
          "M": "in a big transaction's 2nd half", "B": "in a transaction",
          "C": "between transactions", "R": "between transactions",
          "Y": "in a column_copy build"}
EVENT_TIMEOUT = 10.0      # seconds a writer may take to reach its target


class Failure(Exception):
    pass


def ids(s):
    return ",".join(str(k) for k in sorted(s)) or "-"


class Combo:
    """One journal mode x cleaner mode: its database, counts and failures."""

    def __init__(self, a, journal, cleaner):
        self.a, self.journal, self.cleaner = a, journal, cleaner
        self.dir = os.path.join(a.work, "%s-%s" % (journal, cleaner))
        self.env = dict(os.environ, LD_LIBRARY_PATH=a.lib)
        self.kills = 0
        self.by_target = {t: 0 for t in TARGETS}
        self.landed = {w: 0 for w in LANDED.values()}
        self.landed["elsewhere"] = 0
        self.by_writer = {"c": 0, "py": 0}
        self.commits = 0          # commits reported by killed writers
        self.checked = 0          # reported commits verified, summed
        self.inflight_present = 0
        self.inflight_absent = 0
        self.reader_snapshots = 0
        self.failures = []
        self.readers = []
        self.episodes = 0
        self.cc = a.workload == "cc"
        self.targets = TARGETS_CC if self.cc else TARGETS
        self.event_of = EVENT_OF_CC if self.cc else EVENT_OF
        self.delay_max = DELAY_MAX_CC if self.cc else DELAY_MAX
        self.wl = ["--workload", "cc"] if self.cc else []
        if self.cc and a.cc_checks:
            self.wl += ["--cc-checks", a.cc_checks]
        self.wfault = ["--fault", a.fault] if a.fault else []
        self.by_target = {t: 0 for t in self.targets}
        # What the checks saw of the copy (cc): checks with a copy, with
        # at least one clean chunk, the clean chunks and their rows
        # checked, and the queries that read the copy with column_scan ON.
        self.cc_seen = dict(with_copy=0, with_clean=0, clean_chunks=0,
                            clean_rows=0, copy_scans=0)

    # -- the database of an episode --------------------------------------
    def fresh(self):
        self.stop_readers()
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.db = os.path.join(self.dir, DB)
        self.next_id = 1
        self.committed, self.absent = set(), set()
        self.episodes += 1
        self.run([self.a.stress, "init", "--db", self.db,
                  "--journal", self.journal] + self.wl)
        if self.journal == "wal":
            for _ in range(self.a.readers):
                self.readers.append(subprocess.Popen(
                    [self.a.stress, "reader", "--db", self.db, "--ms", "0"]
                    + self.wl,
                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    env=self.env, text=True))

    def run(self, argv):
        r = subprocess.run(argv, env=self.env, capture_output=True, text=True)
        if r.returncode != 0:
            raise Failure("%s: exit %d: %s" % (" ".join(argv), r.returncode,
                                               r.stdout + r.stderr))
        return r.stdout

    def stop_readers(self):
        """Stop the readers; a reader that failed is a failure."""
        for p in self.readers:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
            out = p.communicate()[0]
            if "FAIL" in out or p.returncode != 0:
                self.fail("reader", "exit %s: %s" % (p.returncode,
                                                     out.strip()), None)
            for ln in out.splitlines():
                if ln.startswith("ok reader:"):
                    self.reader_snapshots += int(ln.split()[2])
        self.readers = []

    def poll_readers(self):
        for p in self.readers:
            if p.poll() is not None:
                out = p.communicate()[0]
                self.readers.remove(p)
                self.fail("reader", "reader exited %s: %s"
                          % (p.returncode, out.strip()), None)
                return

    # -- one kill --------------------------------------------------------
    def writer_argv(self, kind, seed, queue):
        args = ["--db", self.db, "--journal", self.journal,
                "--sync", "FULL", "--cleaner", self.cleaner,
                "--first", str(self.next_id), "--count", "0",
                "--seed", str(seed), "--cache", "100",
                "--big-rows", str(self.a.big_rows)]
        if queue and self.cleaner not in ("stock",):
            args += ["--queue", str(queue)]
        args += self.wl + self.wfault
        if kind == "c":
            return [self.a.stress, "writer"] + args
        return [sys.executable, os.path.join(HERE, "pywriter.py")] + args

    def one_kill(self, case):
        rng = random.Random("%d/%s/%s/%d" % (self.a.seed, self.journal,
                                             self.cleaner, case))
        kind = "py" if rng.random() < self.a.py_share else "c"
        if self.cc:
            kind = "c"              # pywriter.py has no cc workload
        target = rng.choice(self.targets)
        if target == "checkpoint" and self.journal != "wal":
            target = "commit"
        queue = 8 if target == "queuefull" else rng.choice([0, 0, 64])
        nth = rng.randint(1, 3)
        delay = rng.uniform(0, self.delay_max[target])
        seed = rng.randrange(1 << 30)
        argv = self.writer_argv(kind, seed, queue)
        p = subprocess.Popen(argv, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=self.env)
        events, buf = [], b""
        t0 = time.monotonic()
        seen, killed = 0, False
        want = self.event_of.get(target)
        deadline = t0 + (delay if target == "random" else EVENT_TIMEOUT)
        fd = p.stdout.fileno()
        while not killed:
            timeout = max(0.0, deadline - time.monotonic())
            r, _, _ = select.select([fd], [], [], timeout)
            if not r:
                break                       # time to kill
            chunk = os.read(fd, 65536)
            if not chunk:
                break                       # the writer ended by itself
            buf += chunk
            *lines, buf = buf.split(b"\n")
            hit = False
            for ln in lines:            # every line of the chunk is kept
                events.append(ln.decode())
                if want and ln[:1].decode() == want:
                    seen += 1
                    hit = hit or seen == nth
            if hit:
                time.sleep(delay)
                killed = True
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
            killed = True
        rest, err = p.communicate()
        buf += rest
        events += [ln.decode() for ln in buf.split(b"\n") if ln]
        # Keep the files as the kill left them, before anything opens them.
        keep = os.path.join(self.dir, "kill-state")
        shutil.rmtree(keep, ignore_errors=True)
        os.makedirs(keep)
        for s in SUFFIXES:
            if os.path.exists(self.db + s):
                shutil.copyfile(self.db + s, os.path.join(keep, DB + s))
        if p.returncode != -signal.SIGKILL:
            # The writer stopped by itself: an error it met (a corrupt
            # database, an I/O error) is a failure of what came before.
            self.fail("writer exited %s before kill %d" % (p.returncode, case),
                      err.decode().strip(),
                      dict(keep=keep, events=events, check=[
                          self.a.stress, "check", "--db", self.db]
                          + self.wl,
                           case=case, argv=argv))
            return
        if want and seen < nth:
            target = "random"               # its event never came
        self.kills += 1
        self.by_target[target] += 1
        # Where the kill landed: the writer's last event before it died.
        last = events[-1].split()[0] if events else "-"
        self.landed[LANDED.get(last, "elsewhere")] += 1
        self.by_writer[kind] += 1

        # What the writer reported.
        begun, done_c, done_r = [], set(), set()
        for e in events:
            f = e.split()
            if len(f) == 2 and f[0] in "BCR":
                k = int(f[1])
                {"B": begun.append, "C": done_c.add, "R": done_r.add}[f[0]](k)
        inflight = {k for k in begun if k not in done_c and k not in done_r}
        self.commits += len(done_c)
        committed = self.committed | done_c
        rolledback = self.absent | done_r
        if begun:
            self.next_id = max(begun) + 1

        # Check them.
        chk = [self.a.stress, "check", "--db", self.db,
               "--committed", ids(committed), "--rolledback", ids(rolledback),
               "--inflight", ids(inflight)] + self.wl
        r = subprocess.run(chk + ["--report", "inflight"], env=self.env,
                           capture_output=True, text=True)
        if r.returncode != 0 or not r.stdout.startswith("ok"):
            # A checker that exits without a word is a failure too.
            self.fail("kill %d (%s, %s writer, event #%d, delay %.1f ms)"
                      % (case, target, kind, nth, delay * 1000),
                      (r.stdout + r.stderr).strip(),
                      dict(keep=keep, events=events, check=chk, case=case,
                           argv=argv))
            return
        self.checked += len(committed)
        if self.cc:
            self.count_copy(r.stdout)
        # A transaction in flight is now settled: present or absent for good.
        if inflight:
            present = self.present(r.stdout)
            self.committed |= done_c | present
            self.absent |= done_r | (inflight - present)
            self.inflight_present += len(present)
            self.inflight_absent += len(inflight - present)
        else:
            self.committed |= done_c
            self.absent |= done_r
        self.poll_readers()

    def count_copy(self, out):
        """Count what the check saw of the copy: its ok line ends with
        "copy: N chunks, M clean (R rows), S scans" (N = -1: no copy)."""
        m = re.search(r"copy: (-?\d+) chunks, (\d+) clean \((\d+) rows\),"
                      r" (\d+) scans", out)
        if not m:
            raise Failure("stress check printed no copy counts: %r" % out)
        n, clean, rows, scans = (int(x) for x in m.groups())
        s = self.cc_seen
        s["with_copy"] += n >= 0
        s["with_clean"] += clean > 0
        s["clean_chunks"] += clean
        s["clean_rows"] += rows
        s["copy_scans"] += scans

    @staticmethod
    def present(out):
        """The transactions in flight that `stress check --report` found."""
        for ln in out.splitlines():
            if ln.startswith("present "):
                return {int(x) for x in ln.split()[1].split(",") if x != "-"}
        raise Failure("stress check --report printed no 'present' line")

    # -- failures --------------------------------------------------------
    def fail(self, what, msg, info):
        n = len(self.failures) + 1
        line = "FAIL %s/%s %s: %s" % (self.journal, self.cleaner, what, msg)
        print(line, flush=True)
        rec = {"what": what, "message": msg}
        if info:
            dest = os.path.join(self.a.out, "fail-%s-%s-%d"
                                % (self.journal, self.cleaner, n))
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(info["keep"], dest)
            with open(os.path.join(dest, "events.txt"), "w") as f:
                f.write("\n".join(info["events"]) + "\n")
            chk = list(info["check"])
            chk[chk.index("--db") + 1] = os.path.join(dest, "copy", DB)
            case = ("%s --stress %s --lib %s --journal %s --cleaner %s "
                    "--seed %d --case %d --kills 1 --out %s%s"
                    % (os.path.abspath(__file__), self.a.stress, self.a.lib,
                       self.journal, self.cleaner, self.a.seed, info["case"],
                       self.a.out,
                       " --workload cc" if self.cc else "") +
                    (" --fault %s" % self.a.fault if self.a.fault else ""))
            with open(os.path.join(dest, "rerun.sh"), "w") as f:
                f.write("# check the kept files again (on a copy):\n%s\n"
                        "# rerun this kill (its schedule; the timing"
                        " varies):\n%s\n" % ("mkdir -p %s/copy && cp %s/%s* "
                                             "%s/copy/ && LD_LIBRARY_PATH=%s %s"
                                             % (dest, dest, DB, dest,
                                                self.a.lib, " ".join(chk)),
                                             case))
            print("  files as the kill left them: %s" % dest)
            print("  recheck and rerun: sh %s/rerun.sh (writer: %s)"
                  % (dest, " ".join(info["argv"])), flush=True)
            rec["kept"] = dest
        self.failures.append(rec)

    def classify(self):
        lost = sum("lost" in f["message"] for f in self.failures)
        unreadable = sum(any(w in f["message"] for w in
                             ("integrity_check", "open:", "no database",
                              "malformed", "not a database",
                              "writer exited"))
                         for f in self.failures)
        return lost, unreadable, len(self.failures) - lost - unreadable

    def calibrate(self):
        """A writer run to its end must have used the cleaner."""
        if self.cleaner in ("off", "stock"):
            return "-"
        d = self.dir + "-calibrate"
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        if self.cc:
            self.run([self.a.stress, "init", "--db", os.path.join(d, DB),
                      "--journal", self.journal] + self.wl)
        out = self.run([self.a.stress, "writer", "--db",
                        os.path.join(d, DB), "--journal", self.journal,
                        "--cleaner", self.cleaner, "--count", "12",
                        "--seed", "1", "--big-rows", str(self.a.big_rows)]
                       + self.wl)
        st = [ln.split() for ln in out.splitlines() if ln.startswith("S ")]
        shutil.rmtree(d, ignore_errors=True)
        q, b = int(st[0][1]), int(st[0][2])
        if (self.cleaner == "thread" and q == 0) or b == 0:
            raise Failure("the cleaner did not work in a full run: queued %d,"
                          " batches %d" % (q, b))
        return "queued %d, batches %d" % (q, b)


def run_combo(a, journal, cleaner):
    c = Combo(a, journal, cleaner)
    t0 = time.monotonic()
    calib = c.calibrate()
    cases = [a.case] if a.case is not None else range(a.kills)
    try:
        for i, case in enumerate(cases):
            if i % a.episode == 0:
                c.fresh()
            nfail = len(c.failures)
            c.one_kill(case)
            if a.expect_failure and c.failures:
                break
            if len(c.failures) > nfail:
                c.fresh()           # a failed database is not built upon
            if a.time_limit and time.monotonic() - t0 > a.time_limit:
                break
    finally:
        c.stop_readers()            # no reader outlives the harness
    lost, unreadable, partial = c.classify()
    res = dict(journal=journal, cleaner=cleaner, workload=a.workload,
               kills=c.kills,
               episodes=c.episodes, targets=c.by_target, landed=c.landed,
               writers=c.by_writer,
               commits_reported=c.commits, commits_checked=c.checked,
               inflight_present=c.inflight_present,
               inflight_absent=c.inflight_absent,
               reader_snapshots=c.reader_snapshots, lost_commits=lost,
               partial=partial, unreadable=unreadable,
               failures=len(c.failures), seconds=round(time.monotonic() - t0, 1),
               calibration=calib, seed=a.seed, library=a.lib)
    if c.cc:
        res["copy"] = c.cc_seen
        # Failures that are the copy's (counted in partial above)
        res["copy_inconsistent"] = sum(
            any(w in f["message"] for w in ("chunk ", "query ", "copy"))
            for f in c.failures)
    print("killharness: landed: %s" % ", ".join(
        "%s %d" % (w, n) for w, n in sorted(c.landed.items()) if n))
    if c.cc:
        print("killharness: copy: %(with_copy)d checks with a copy, "
              "%(with_clean)d with clean chunks; %(clean_chunks)d clean "
              "chunks (%(clean_rows)d rows) checked against the table; "
              "%(copy_scans)d queries read through the copy" % c.cc_seen)
    print("killharness: journal=%s cleaner=%s kills=%d (%s; C %d, Python %d)"
          " commits-reported=%d commits-checked=%d inflight present/absent=%d/%d"
          " reader-snapshots=%d lost=%d partial=%d unreadable=%d %.0fs [%s]"
          % (journal, cleaner, c.kills,
             " ".join("%s %d" % (t, n) for t, n in c.by_target.items() if n),
             c.by_writer["c"], c.by_writer["py"], c.commits, c.checked,
             c.inflight_present, c.inflight_absent, c.reader_snapshots,
             lost, partial, unreadable,
             res["seconds"], calib), flush=True)
    if not a.keep_work:
        shutil.rmtree(c.dir, ignore_errors=True)
    return res


def main():
    # SIGTERM ends the harness through its finally clauses (readers stop).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(3))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--stress", required=True, help="the stress binary")
    ap.add_argument("--lib", required=True,
                    help="directory of the libsqlite3.so.0 to run")
    ap.add_argument("--journal", default="delete,truncate,persist,wal")
    ap.add_argument("--cleaner", default="thread",
                    help="off, sync, thread (ours) or stock")
    ap.add_argument("--kills", type=int, default=100,
                    help="kills per journal mode and cleaner mode")
    ap.add_argument("--episode", type=int, default=40,
                    help="kills on one database before a fresh one")
    ap.add_argument("--readers", type=int, default=None,
                    help="WAL readers (default 2; cc: 1)")
    ap.add_argument("--py-share", type=float, default=0.25,
                    help="share of the writers that are Python's")
    ap.add_argument("--big-rows", type=int, default=None,
                    help="rows of a big transaction (default 6000; cc:"
                         " operations, default 2000)")
    ap.add_argument("--workload", default="rows", choices=["rows", "cc"],
                    help="rows: the page cleaner's; cc: tables with column"
                         " copies")
    ap.add_argument("--fault", choices=["split"],
                    help="a deliberately broken cc writer (self-test): its"
                         " marks in a second transaction")
    ap.add_argument("--cc-checks",
                    help="cc: which checks run (struct,claim,query,model;"
                         " default all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--case", type=int, help="run only this kill")
    ap.add_argument("--time-limit", type=float, default=0,
                    help="seconds per combination (0: none)")
    ap.add_argument("--work", default=None, help="scratch directory")
    ap.add_argument("--out", default="stress-out",
                    help="failures and results go here")
    ap.add_argument("--json", help="append the results as JSON lines here")
    ap.add_argument("--keep-work", action="store_true")
    ap.add_argument("--expect-failure", action="store_true",
                    help="self-test: stop at the first failure; exit 0 only"
                         " if there was one")
    a = ap.parse_args()
    if a.big_rows is None:
        a.big_rows = 2000 if a.workload == "cc" else 6000
    if a.readers is None:
        a.readers = 1 if a.workload == "cc" else 2
    a.stress = os.path.abspath(a.stress)
    a.lib = os.path.abspath(a.lib)
    a.out = os.path.abspath(a.out)
    a.work = os.path.abspath(a.work or os.path.join(a.out, "work"))
    os.makedirs(a.out, exist_ok=True)
    results, nfail = [], 0
    for journal in a.journal.split(","):
        for cleaner in a.cleaner.split(","):
            try:
                res = run_combo(a, journal, cleaner)
            except Failure as e:
                print("FAIL %s/%s harness: %s" % (journal, cleaner, e),
                      flush=True)
                res = dict(journal=journal, cleaner=cleaner, failures=1,
                           harness_error=str(e))
            results.append(res)
            nfail += res["failures"]
            if a.json:
                with open(a.json, "a") as f:
                    f.write(json.dumps(res) + "\n")
    if a.expect_failure:
        caught = sum(r["failures"] > 0 and "harness_error" not in r
                     for r in results)
        print("killharness: self-test: the broken build was caught in %d of"
              " %d combinations" % (caught, len(results)))
        return 0 if caught == len(results) else 1
    print("killharness: %d failures" % nfail)
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
