#!/usr/bin/env python3
#
# 2026 November 25
#
# The author disclaims copyright to this source code.  In place of
# a legal notice, here is a blessing:
#
#    May you do good and not evil.
#    May you find forgiveness for yourself and forgive others.
#    May you share freely, never taking more than you give.
#
"""The power-loss simulator of the crash harnesses (test/stress/,
doc/stress.md).

In the style of ALICE and CrashMonkey: a workload writer (stress writer) runs
with the recorder plrec.so preloaded, which logs every call that changes the
files of the database's directory, and the writer's progress lines, in the
order they happened.  From the log this script builds the states of the
directory that a power cut at each point of the run could leave, and has the
checker (stress check-many) open each one, recover it (hot-journal rollback,
WAL recovery) and check it: integrity, consistency, and that every
transaction reported committed before the cut is there, none reported rolled
back is, and only those in flight may be.

The disk model.  The log is a list of operations 0..n-1.  A power cut "after
op c" (0 <= c <= n) leaves:

  - for each file incarnation (a file created, or there at the start): its
    durable image - its initial content plus every WRITE/TRUNCATE/EXTEND on
    it that precedes an FSYNC of it before c - plus any subset, applied in op
    order, of its data operations after its last FSYNC before c ("pending");
  - the names: every CREATE/UNLINK/RENAME followed by a DIRSYNC before c is
    durable; of the ones after the last DIRSYNC, a prefix (in order) took
    effect (metadata is ordered, as on ext4 with its journal).  A file whose
    CREATE did not take effect does not exist; one whose UNLINK did not still
    exists, with its durable image plus the subset chosen for it.
  - a "torn" write: the last write applied may have reached the disk only up
    to a 512-byte sector boundary (absolute, in the file) inside it.

States built at a cut (each counted once: identical states are recognised by
the choices that make them): none of the pending operations ("none"), all of
them ("all": what a crash of the process alone would leave), prefixes of the
pending operations in global order ("prefix"), random subsets of the data
operations with a random prefix of the name operations ("subset"), and
prefixes whose last write is torn ("torn").

What must hold at a cut comes from the writer's lines before it:
B k (txn k begins), P k (its COMMIT begins), C k (COMMIT returned OK), X k
(its ROLLBACK begins), R k (rolled back), K, M k, S, E.  committed = every k
with "C k"; rolledback = every k with "R k"; inflight = begun, neither.  With
--strict, a transaction whose COMMIT had not begun ("B k" without "P k") must
be absent too: it is passed to the checker with the rolled-back ones.

With --workload cc the writer is stress.c's column-copy workload (a table
of about 70,000 rows with a column copy, random INSERT, UPDATE, DELETE and
REPLACE transactions, PRAGMA column_copy refreshes and rebuilds; "Y k" lines
mark a build) and the checker adds the copy's checks: its structure, every
clean chunk holding exactly the base rows of its range, the same answers
with column_scan ON and OFF.  --fault split runs a deliberately broken cc
writer (its chunk marks in a transaction of their own) for the self-test.

Each run also checks the recording itself: the writer's output must equal
the recorded MARKs, and replaying the whole log must give, byte for byte, the
files the writer left.  The recorder serialises the threads' system calls,
which hides races of the page cleaner's writer thread; --jitter makes it sleep
now and then before a write or sync so that such races still happen.

Expected failures: journal_mode=DELETE with synchronous=FULL loses the last
commit when the journal's unlink (the commit point) has not reached the disk:
SQLite syncs the directory after the unlink only with synchronous=EXTRA, so
a power cut can bring the journal back, and the commit is rolled back (stock
SQLite too).  Such failures are counted, and marked with a note.

Usage:
  powerloss.py --stress BIN --plrec SO --lib DIR --journal delete|truncate|
               persist|wal --cleaner off|sync|thread|stock --sync FULL|EXTRA
               --runs R --states N --seed S --out DIR [--keep-failures]
               [--writer c|py] [--strict] [--count T] [--jitter US]
               [--stock-lib DIR (recheck failed states' recovery with it)]
               [--workload rows|cc] [--fault split]
  powerloss.py --replay LOG --cut C --choice SPEC --out DIR
               [--stress BIN --lib DIR] [--strict]
  powerloss.py --self-test-model

Exit status: 0 if every state passed, 1 if any failed (or the writer
failed), 2 on a usage or set-up error (the recording does not match what
happened).
"""

import argparse
import hashlib
import json
import os
import random
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

# ---------------------------------------------------------------------------
# The log (plrec.c has the authoritative description)

REC_START, REC_CREATE, REC_UNLINK, REC_RENAME, REC_WRITE, REC_TRUNCATE, \
    REC_FSYNC, REC_DIRSYNC, REC_MARK, REC_INIT, REC_EXTEND, REC_SYNCALL = \
    range(12)
REC_NAMES = ["START", "CREATE", "UNLINK", "RENAME", "WRITE", "TRUNCATE",
             "FSYNC", "DIRSYNC", "MARK", "INIT", "EXTEND", "SYNCALL"]
HDR = struct.Struct("<IIQI")        # type, inc, offset, len
DATA_OPS = (REC_WRITE, REC_TRUNCATE, REC_EXTEND)
NS_OPS = (REC_CREATE, REC_UNLINK, REC_RENAME)
SECTOR = 512


class Op:
    """One recorded operation.  For WRITE, data holds the bytes; for
    TRUNCATE and EXTEND, off is the size; for CREATE/UNLINK name is the
    file's name; for RENAME name and name2 are from and to; for MARK data
    holds the bytes written to standard output."""
    __slots__ = ("idx", "type", "inc", "off", "data", "name", "name2")

    def __init__(self, idx, typ, inc, off, data=b"", name=None, name2=None):
        self.idx, self.type, self.inc, self.off = idx, typ, inc, off
        self.data, self.name, self.name2 = data, name, name2

    def describe(self):
        t = REC_NAMES[self.type]
        if self.type == REC_WRITE:
            return "%d %s inc=%d off=%d len=%d" % (
                self.idx, t, self.inc, self.off, len(self.data))
        if self.type in (REC_TRUNCATE, REC_EXTEND):
            return "%d %s inc=%d size=%d" % (self.idx, t, self.inc, self.off)
        if self.type == REC_CREATE:
            return "%d %s %s inc=%d" % (self.idx, t, self.name, self.inc)
        if self.type == REC_UNLINK:
            return "%d %s %s" % (self.idx, t, self.name)
        if self.type == REC_RENAME:
            return "%d %s %s -> %s" % (self.idx, t, self.name, self.name2)
        if self.type == REC_FSYNC:
            return "%d %s inc=%d" % (self.idx, t, self.inc)
        if self.type == REC_MARK:
            return "%d %s %r" % (self.idx, t, self.data.decode("latin-1"))
        return "%d %s" % (self.idx, t)


class Log:
    """A parsed log: the initial files (inits: list of (inc, name,
    content)), the operations (ops), the recording process's pid and
    directory, and the number of bytes of a truncated last record."""

    def __init__(self):
        self.pid = None
        self.dir = None
        self.inits = []
        self.ops = []
        self.tail = 0


def encode_record(typ, inc=0, off=0, payload=b""):
    """The bytes of one record (for the self-test's synthetic logs)."""
    return HDR.pack(typ, inc, off, len(payload)) + payload


def parse_log(path):
    """Read the log at path into a Log.  A truncated last record (the
    process was killed while appending it) is left out and counted in
    Log.tail."""
    with open(path, "rb") as f:
        buf = f.read()
    log = Log()
    pos, n = 0, len(buf)
    while pos + HDR.size <= n:
        typ, inc, off, ln = HDR.unpack_from(buf, pos)
        if pos + HDR.size + ln > n:
            break
        payload = buf[pos + HDR.size:pos + HDR.size + ln]
        pos += HDR.size + ln
        if typ == REC_START:
            if not payload.startswith(b"PLREC1\0"):
                raise ValueError("%s: not a plrec log" % path)
            log.pid, log.dir = off, payload[7:].decode()
            continue
        if typ == REC_INIT:
            name, _, content = payload.partition(b"\0")
            log.inits.append((inc, name.decode(), bytes(content)))
            continue
        idx = len(log.ops)
        if typ == REC_WRITE:
            op = Op(idx, typ, inc, off, bytes(payload))
        elif typ in (REC_CREATE, REC_UNLINK):
            op = Op(idx, typ, inc, off, name=payload.decode())
        elif typ == REC_RENAME:
            a, _, b = payload.partition(b"\0")
            op = Op(idx, typ, inc, off, name=a.decode(), name2=b.decode())
        elif typ == REC_MARK:
            op = Op(idx, typ, inc, off, bytes(payload))
        elif typ in (REC_TRUNCATE, REC_EXTEND, REC_FSYNC, REC_DIRSYNC,
                     REC_SYNCALL):
            op = Op(idx, typ, inc, off)
        else:
            raise ValueError("%s: unknown record type %d at byte %d"
                             % (path, typ, pos))
        log.ops.append(op)
    log.tail = n - pos
    return log


# ---------------------------------------------------------------------------
# Applying operations

def apply_data(img, op, limit=None):
    """Apply data operation op to bytearray img.  limit: for a torn WRITE,
    the number of its bytes (from its start) that reached the disk."""
    if op.type == REC_WRITE:
        data = op.data if limit is None else op.data[:limit]
        if len(img) < op.off:
            img.extend(bytes(op.off - len(img)))
        img[op.off:op.off + len(data)] = data
    elif op.type == REC_TRUNCATE:
        if op.off < len(img):
            del img[op.off:]
        else:
            img.extend(bytes(op.off - len(img)))
    elif op.type == REC_EXTEND:
        if len(img) < op.off:
            img.extend(bytes(op.off - len(img)))


def apply_ns(names, op):
    """Apply name operation op to names (a dict name -> incarnation)."""
    if op.type == REC_CREATE:
        names[op.name] = op.inc
    elif op.type == REC_UNLINK:
        names.pop(op.name, None)
    elif op.type == REC_RENAME:
        inc = names.pop(op.name, None)
        if inc is not None:
            names[op.name2] = inc


def torn_points(op):
    """The byte counts a torn write op may have reached the disk with: up
    to each 512-byte boundary of the file strictly inside the write."""
    if op.type != REC_WRITE:
        return []
    first = (op.off // SECTOR + 1) * SECTOR
    return [b - op.off for b in range(first, op.off + len(op.data), SECTOR)]


# ---------------------------------------------------------------------------
# The writer's progress lines

class Marks:
    """The transactions' fates, from the writer's lines (MARK bytes, which
    may split or join lines arbitrarily)."""

    def __init__(self):
        self.buf = b""
        self.begun, self.precommit = set(), set()
        self.committed, self.rolledback = set(), set()
        self.lines = []
        self.exited = False

    def feed(self, data):
        self.buf += data
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self.line(line.decode("latin-1").strip())

    def line(self, line):
        self.lines.append(line)
        w = line.split()
        if not w:
            return
        if w[0] == "E":
            self.exited = True
        if len(w) != 2 or not w[1].lstrip("-").isdigit():
            return
        k = int(w[1])
        if w[0] == "B":
            self.begun.add(k)
        elif w[0] == "P":
            self.precommit.add(k)
        elif w[0] == "C":
            self.committed.add(k)
        elif w[0] == "R":
            self.rolledback.add(k)

    def sig(self):
        """A value that identifies the sets (they only grow)."""
        return (len(self.begun), len(self.precommit), len(self.committed),
                len(self.rolledback))

    def sets(self, strict=False):
        """(committed, must-be-absent, inflight), sorted lists.  strict: a
        transaction whose COMMIT had not begun must be absent too."""
        c, r = self.committed, self.rolledback
        f = self.begun - c - r
        absent = set(r)
        if strict:
            absent |= f - self.precommit
            f = f & self.precommit
        return sorted(c), sorted(absent), sorted(f)


def idlist(ids):
    return ",".join(str(k) for k in ids) if ids else "-"


# ---------------------------------------------------------------------------
# The model

class Choice:
    """Which pending operations a state applies: data (frozenset of op
    indices of pending data operations), ns (how many of the pending name
    operations, a prefix), torn ((op index, bytes) or None: that write,
    which must be in data, reached the disk only partly)."""
    __slots__ = ("data", "ns", "torn", "kind")

    def __init__(self, data, ns, torn=None, kind="?"):
        self.data, self.ns = frozenset(data), ns
        self.torn, self.kind = torn, kind

    def spec(self):
        """The choice as a string for --choice (and case.txt)."""
        d = ",".join(str(j) for j in sorted(self.data)) or "-"
        t = "%d:%d" % self.torn if self.torn else "-"
        return "ns=%d;data=%s;torn=%s" % (self.ns, d, t)

    @staticmethod
    def parse(spec):
        ns, data, torn = 0, [], None
        for part in spec.split(";"):
            k, _, v = part.partition("=")
            if k == "ns":
                ns = int(v)
            elif k == "data" and v not in ("", "-"):
                data = [int(x) for x in v.split(",")]
            elif k == "torn" and v not in ("", "-"):
                a, _, b = v.partition(":")
                torn = (int(a), int(b))
        return Choice(data, ns, torn, "replay")


class Model:
    """The durable state of the directory as the cut point c advances
    through the operations, and the pending operations at c; build() makes
    the files of one state."""

    def __init__(self, log):
        self.ops = log.ops
        self.c = 0
        self.durable = {}           # inc -> bytearray: its durable image
        self.ndurable = {}          # inc -> number of data ops made durable
        self.names = {}             # name -> inc, durable
        self.nsdurable = 0          # number of name ops made durable
        self.pending = []           # op indices, in order: data and name
        self.pend_inc = {}          # inc -> its pending data ops, in order
        self.marks = Marks()
        for inc, name, content in log.inits:
            self.durable[inc] = bytearray(content)
            self.ndurable[inc] = 0
            self.names[name] = inc

    def advance(self, c):
        """Move the cut to c (not backwards)."""
        if c < self.c:
            raise ValueError("the model cannot go back")
        while self.c < c:
            self.step(self.ops[self.c])
            self.c += 1

    def step(self, op):
        """Account for op, the next operation before the cut."""
        t = op.type
        if t in DATA_OPS:
            self.pending.append(op.idx)
            self.pend_inc.setdefault(op.inc, []).append(op.idx)
            self.durable.setdefault(op.inc, bytearray())
            self.ndurable.setdefault(op.inc, 0)
        elif t in NS_OPS:
            self.pending.append(op.idx)
            if t == REC_CREATE:
                self.durable[op.inc] = bytearray()
                self.ndurable[op.inc] = 0
        elif t == REC_FSYNC:
            self.sync_inc(op.inc)
        elif t == REC_DIRSYNC:
            self.sync_ns()
        elif t == REC_SYNCALL:
            for inc in list(self.pend_inc):
                self.sync_inc(inc)
            self.sync_ns()
        elif t == REC_MARK:
            self.marks.feed(op.data)

    def sync_inc(self, inc):
        """Make the pending data operations of inc durable."""
        idx = self.pend_inc.pop(inc, None)
        if not idx:
            return
        img = self.durable.setdefault(inc, bytearray())
        for j in idx:
            apply_data(img, self.ops[j])
        self.ndurable[inc] = self.ndurable.get(inc, 0) + len(idx)
        done = set(idx)
        self.pending = [j for j in self.pending if j not in done]

    def sync_ns(self):
        """Make the pending name operations durable."""
        keep = []
        for j in self.pending:
            op = self.ops[j]
            if op.type in NS_OPS:
                apply_ns(self.names, op)
                self.nsdurable += 1
            else:
                keep.append(j)
        self.pending = keep

    def pending_ns(self):
        return [j for j in self.pending if self.ops[j].type in NS_OPS]

    def prefix(self, p, kind="prefix"):
        """The choice that applies the first p pending operations."""
        sub = self.pending[:p]
        data = [j for j in sub if self.ops[j].type in DATA_OPS]
        return Choice(data, len(sub) - len(data), None, kind)

    def key(self, choice):
        """A value identifying the state that choice makes at this cut,
        and the expectations checked on it: equal keys, equal states.
        Operations on files that the state does not hold do not count."""
        names = self.build_names(choice)
        visible = set(names.values())
        dur = tuple(sorted((i, self.ndurable.get(i, 0)) for i in visible))
        data = frozenset(j for j in choice.data
                         if self.ops[j].inc in visible)
        torn = choice.torn if choice.torn and choice.torn[0] in data else None
        return (self.marks.sig(), tuple(sorted(names.items())), dur, data,
                torn)

    def build_names(self, choice):
        """The names (name -> inc) of the state choice makes."""
        names = dict(self.names)
        for j in self.pending_ns()[:choice.ns]:
            apply_ns(names, self.ops[j])
        return names

    def validate(self, choice):
        """Raise ValueError if choice is not possible at this cut."""
        pend = set(self.pending)
        for j in choice.data:
            if j not in pend or self.ops[j].type not in DATA_OPS:
                raise ValueError("op %d is not a pending data op at cut %d"
                                 % (j, self.c))
        if choice.ns > len(self.pending_ns()):
            raise ValueError("only %d pending name ops at cut %d"
                             % (len(self.pending_ns()), self.c))
        if choice.torn and (choice.torn[0] not in choice.data or
                            choice.torn[1] not in torn_points(
                                self.ops[choice.torn[0]])):
            raise ValueError("bad torn write %r" % (choice.torn,))

    def build(self, choice):
        """The files (dict name -> bytes-like) of the state choice makes."""
        names = self.build_names(choice)
        files = {}
        for name, inc in names.items():
            img = bytearray(self.durable.get(inc, b""))
            for j in self.pend_inc.get(inc, ()):
                if j in choice.data:
                    limit = None
                    if choice.torn and choice.torn[0] == j:
                        limit = choice.torn[1]
                    apply_data(img, self.ops[j], limit)
            files[name] = img
        return files


def final_files(log):
    """The files the whole run leaves when every operation is applied:
    what the directory held when the writer exited (a check of the
    recording)."""
    m = Model(log)
    m.advance(len(log.ops))
    return m.build(m.prefix(len(m.pending), "all"))


def candidate_choices(model, rng):
    """Generate the choices at the model's cut, most valuable first: none,
    all, then prefixes, random subsets and torn prefixes in turn.  The
    caller stops when it has enough, and removes duplicates."""
    P = model.pending
    n = len(P)
    yield model.prefix(0, "none")
    if n == 0:
        return
    yield model.prefix(n, "all")
    # Prefix lengths: all of them, or the first and last few and a sample.
    inner = list(range(1, n))
    if len(inner) > 64:
        edge = inner[:8] + inner[-8:]
        inner = edge + rng.sample(inner[8:-8], 48)
    else:
        rng.shuffle(inner)
        # The longest proper prefix and the shortest first: the last and
        # the first operation missing.
        for p in (1, n - 1):
            if p in inner:
                inner.remove(p)
                inner.insert(0, p)
    torn = [p for p in range(1, n + 1)
            if torn_points(model.ops[P[p - 1]])]
    nns = len(model.pending_ns())
    data = [j for j in P if model.ops[j].type in DATA_OPS]
    tries = 0
    while tries < 4 * n + 64:
        tries += 1
        if inner:
            yield model.prefix(inner.pop(0))
        if data:
            sub = [j for j in data if rng.random() < 0.5]
            yield Choice(sub, rng.randint(0, nns), None, "subset")
        if torn:
            p = rng.choice(torn)
            ch = model.prefix(p, "torn")
            j = P[p - 1]
            ch.torn = (j, rng.choice(torn_points(model.ops[j])))
            yield ch
        elif not inner and not data:
            return


def plan_cuts(ops, budget, rng, per_cut=4):
    """The cut points of a run: all of them if the budget allows about
    per_cut states at each, else the neighbourhoods of the syncs, marks
    and name operations (sampled if even they are too many) and a uniform
    sample of the rest."""
    n = len(ops)
    every = list(range(n + 1))
    most = max(2, budget // per_cut)
    if len(every) <= most:
        return every
    key = {0, n}
    for op in ops:
        if op.type in (REC_FSYNC, REC_DIRSYNC, REC_SYNCALL, REC_MARK) + \
                NS_OPS + (REC_TRUNCATE, REC_EXTEND):
            key.add(op.idx)
            key.add(op.idx + 1)
    if len(key) >= most:
        return sorted(rng.sample(sorted(key), most))
    rest = [c for c in every if c not in key]
    return sorted(key | set(rng.sample(rest, min(len(rest),
                                                 most - len(key)))))


def write_state(path, files):
    """Make directory path hold exactly files (name -> bytes)."""
    clear_dir(path)
    for name, img in files.items():
        fd = os.open(os.path.join(path, name),
                     os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            mv = memoryview(img)
            while mv:
                mv = mv[os.write(fd, mv):]
        finally:
            os.close(fd)


def clear_dir(path):
    os.makedirs(path, exist_ok=True)
    for name in os.listdir(path):
        p = os.path.join(path, name)
        if os.path.isdir(p) and not os.path.islink(p):
            shutil.rmtree(p)
        else:
            os.unlink(p)


# ---------------------------------------------------------------------------
# The checker

class Checker:
    """A stress check-many process, fed one state per line."""

    def __init__(self, stress, lib, timeout=300, workload=()):
        self.argv = [stress, "check-many"] + list(workload)
        self.env = dict(os.environ, LD_LIBRARY_PATH=lib)
        self.env.pop("LD_PRELOAD", None)
        self.timeout = timeout
        self.proc = None
        self.buf = b""
        self.restarts = 0
        self.nsent = 0

    def start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=self.env,
                                     bufsize=0)
        self.buf = b""

    def check(self, db, committed, absent, inflight):
        """Check database db; return the checker's answer ("ok ..." or
        "FAIL: ..."), on one line.

        An answer may span lines (PRAGMA integrity_check's messages hold
        newlines), so each state is followed by a sentinel line naming a
        database that does not exist, and the answer is everything before
        the sentinel's own answer."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        self.nsent += 1
        sentinel = "/nonexistent/powerloss-sentinel-%d" % self.nsent
        text = "%s\t%s\t%s\t%s\n%s\t-\t-\t-\n" % (
            db, idlist(committed), idlist(absent), idlist(inflight), sentinel)
        try:
            self.proc.stdin.write(text.encode())
        except (BrokenPipeError, OSError):
            return self.died("the checker died")
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        lines = []
        while True:
            while b"\n" not in self.buf:
                left = deadline - time.monotonic()
                if left <= 0:
                    return self.died("the checker timed out after %ds"
                                     % self.timeout)
                r, _, _ = select.select([fd], [], [], left)
                if r:
                    chunk = os.read(fd, 65536)
                    if not chunk:
                        return self.died("the checker died")
                    self.buf += chunk
            out, self.buf = self.buf.split(b"\n", 1)
            out = out.decode("latin-1")
            if sentinel in out:
                break
            lines.append(out)
        if not lines:
            return "FAIL: the checker gave no answer"
        return " | ".join(lines)

    def died(self, why):
        """The checker crashed or hung on the current state: that state
        fails; a new checker takes the next one."""
        rc = None
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            rc = self.proc.wait()
        self.proc = None
        self.restarts += 1
        return "FAIL: %s (exit status %s)" % (why, rc)

    def close(self):
        if self.proc is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None


# ---------------------------------------------------------------------------
# The runner

class Totals:
    def __init__(self):
        self.ops = self.cuts = self.states = self.failed = 0
        self.committed = 0
        self.kinds = {"prefix": 0, "subset": 0, "torn": 0, "none": 0,
                      "all": 0}
        self.writer_failed = 0
        self.runs = 0
        # The cc workload: what the checks saw of the copy
        self.cc = dict(with_copy=0, with_clean=0, clean_chunks=0,
                       clean_rows=0, copy_scans=0)

    def count_copy(self, res):
        """Count the copy of a passed cc state, from the checker's "copy:
        N chunks, M clean (R rows), S scans" (N = -1: no copy)."""
        m = re.search(r"copy: (-?\d+) chunks, (\d+) clean \((\d+) rows\),"
                      r" (\d+) scans", res)
        if not m:
            return
        n, clean, rows, scans = (int(x) for x in m.groups())
        self.cc["with_copy"] += n >= 0
        self.cc["with_clean"] += clean > 0
        self.cc["clean_chunks"] += clean
        self.cc["clean_rows"] += rows
        self.cc["copy_scans"] += scans


def fsync_dir_files(path):
    """fsync every file of directory path, then the directory."""
    for name in os.listdir(path):
        fd = os.open(os.path.join(path, name), os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def writer_argv(args, db, seed):
    opts = ["writer", "--db", db, "--journal", args.journal, "--sync",
            args.sync, "--cleaner", args.cleaner, "--first", "1", "--count",
            str(args.count), "--seed", str(seed), "--cache", str(args.cache),
            "--big-rows", str(args.big_rows)] + workload_args(args)
    if args.fault:
        opts += ["--fault", args.fault]
    if args.queue:
        opts += ["--queue", str(args.queue)]
    if args.writer == "py":
        # pywriter.py takes the writer's options without the command
        return [sys.executable, args.pywriter] + opts[1:]
    return [args.stress] + opts


def workload_args(args):
    """The stress options of the workload (none for the rows one)."""
    return ["--workload", "cc"] if args.workload == "cc" else []


def record_run(args, run, seed, rundir, logpath):
    """Prepare rundir, run the writer under the recorder, and check that
    the recording is complete.  Return (the parsed Log, None), or (the Log,
    a message) if the writer failed (a broken library can make it fail:
    the states it recorded are still checked).  Raise SetupError if the
    recording cannot be trusted."""
    dbdir = os.path.join(rundir, "db")
    os.makedirs(dbdir)
    db = os.path.join(dbdir, "stress.db")
    env = dict(os.environ, LD_LIBRARY_PATH=args.lib)
    env.pop("LD_PRELOAD", None)
    r = subprocess.run([args.stress, "init", "--db", db, "--journal",
                        args.journal] + workload_args(args), env=env,
                       capture_output=True, timeout=120)
    if r.returncode != 0:
        raise SetupError("stress init failed: %s" % r.stderr.decode())
    fsync_dir_files(dbdir)
    wenv = dict(env, LD_PRELOAD=args.plrec, PLREC_LOG=logpath,
                PLREC_DIR=dbdir, PLREC_JITTER_US=str(args.jitter))
    outpath = os.path.join(rundir, "writer.out")
    errpath = os.path.join(rundir, "writer.err")
    failed = None
    with open(outpath, "wb") as out, open(errpath, "wb") as err:
        try:
            r = subprocess.run(writer_argv(args, db, seed), env=wenv,
                               stdout=out, stderr=err,
                               timeout=args.writer_timeout)
            if r.returncode != 0:
                failed = "the writer exited with status %d" % r.returncode
        except subprocess.TimeoutExpired:
            failed = "the writer ran for more than %ds" % args.writer_timeout
    errtext = open(errpath, "rb").read().decode("latin-1")
    if failed:
        failed += ": " + errtext.strip()[-500:]
    if not os.path.exists(logpath):
        raise SetupError("run %d: no log (is %s a working recorder?)%s"
                         % (run, args.plrec, ": " + failed if failed else ""))
    log = parse_log(logpath)
    # The recording must match what happened.
    problems = []
    if log.tail and not failed:
        problems.append("a truncated record at the end of the log")
    if os.path.realpath(log.dir or "") != os.path.realpath(dbdir):
        problems.append("the log is of directory %r" % log.dir)
    marks = b"".join(op.data for op in log.ops if op.type == REC_MARK)
    stdout = open(outpath, "rb").read()
    if marks != stdout:
        problems.append("the recorded output (%d bytes) is not the "
                        "writer's (%d bytes)" % (len(marks), len(stdout)))
    m = Marks()
    m.feed(marks)
    if not m.exited and not failed:
        problems.append('no "E" line')
    real = {}
    for name in os.listdir(dbdir):
        if not name.endswith("-shm"):
            with open(os.path.join(dbdir, name), "rb") as f:
                real[name] = f.read()
    built = {k: bytes(v) for k, v in final_files(log).items()}
    if built != real:
        for name in sorted(set(built) | set(real)):
            a, b = built.get(name), real.get(name)
            if a != b:
                problems.append("replaying the log gives %s %s, the writer "
                                "left %s" % (name, desc_bytes(a),
                                             desc_bytes(b)))
    if "plrec:" in errtext:
        problems.append("recorder warnings: " + errtext.strip()[-500:])
    if problems:
        raise SetupError("run %d: the recording is not faithful: %s"
                         % (run, "; ".join(problems)))
    return log, failed


def desc_bytes(b):
    if b is None:
        return "(absent)"
    return "(%d bytes, md5 %s)" % (len(b), hashlib.md5(b).hexdigest()[:12])


class SetupError(Exception):
    pass


def recheck_cmd(args, lib, statedir, C, R, F):
    """A shell command that checks a copy of the state kept in statedir
    (the check recovers the database in place, so the kept state is
    copied first and stays as the power cut left it)."""
    return ("d=$(mktemp -d) && cp -a %s/. $d/ && LD_LIBRARY_PATH=%s %s check "
            "--db $d/stress.db --committed %s --rolledback %s --inflight %s%s"
            % (statedir, lib, args.stress, idlist(C), idlist(R), idlist(F),
               "".join(" " + w for w in workload_args(args))))


def describe_case(model, choice, logpath, C, R, F, result):
    """The text of case.txt for a failed state."""
    ops = model.ops
    lines = ["log: %s" % logpath,
             "cut: %d (of %d ops)" % (model.c, len(ops)),
             "kind: %s" % choice.kind,
             "choice: %s" % choice.spec(),
             "committed: %s" % idlist(C),
             "absent: %s" % idlist(R),
             "inflight: %s" % idlist(F),
             "result: %s" % result,
             "replay: powerloss.py --replay %s --cut %d --choice '%s' "
             "--out DIR [--strict] [--stress BIN --lib DIR]"
             % (logpath, model.c, choice.spec()),
             "",
             "durable names: %s" % sorted(model.names.items()),
             "durable images: %s" % ", ".join(
                 "inc %d: %d bytes" % (i, len(v))
                 for i, v in sorted(model.durable.items())),
             "pending ops (* = applied):"]
    nsn = 0
    for j in model.pending:
        op = ops[j]
        if op.type in NS_OPS:
            on = nsn < choice.ns
            nsn += 1
        else:
            on = j in choice.data
        mark = "*" if on else " "
        if choice.torn and choice.torn[0] == j:
            mark = "T%d" % choice.torn[1]
        lines.append("  %s %s" % (mark, op.describe()))
    lines.append("last lines before the cut: %s" % model.marks.lines[-8:])
    lines.append("ops around the cut (| = the first op after it):")
    for j in range(max(0, model.c - 12), min(len(ops), model.c + 4)):
        lines.append("  %s %s" % ("|" if j == model.c else " ",
                                  ops[j].describe()))
    return "\n".join(lines) + "\n"


def run_states(args, run, log, logpath, budget, checker, stock, scratch,
               tot, fails):
    """Build and check the states of one recorded run.  Return the number
    of states that failed."""
    rng = random.Random(args.seed * 1000003 + run)
    model = Model(log)
    # Two states a cut on average: a cut with fewer distinct states than
    # its share leaves the rest to the cuts after it, so the run reaches
    # its budget unless the recording has fewer distinct states.
    cuts = plan_cuts(log.ops, budget, rng, per_cut=2)
    statedir = os.path.join(scratch, "state")
    db = os.path.join(statedir, "stress.db")
    seen = set()
    nstates = nfailed = 0
    for ci, c in enumerate(cuts):
        model.advance(c)
        left_cuts = len(cuts) - ci
        quota = max(1, (budget - nstates) // left_cuts)
        C, R, F = model.marks.sets(args.strict)
        got = 0
        for choice in candidate_choices(model, rng):
            if got >= quota:
                break
            k = model.key(choice)
            if k in seen:
                continue
            seen.add(k)
            got += 1
            nstates += 1
            files = model.build(choice)
            write_state(statedir, files)
            res = checker.check(db, C, R, F)
            tot.kinds[choice.kind] += 1
            tot.committed += len(C)
            if res.startswith("ok"):
                tot.count_copy(res)
            else:
                nfailed += 1
                report_failure(args, run, model, choice, files, logpath,
                               C, R, F, res, stock, scratch, fails)
    tot.cuts += len(cuts)
    tot.states += nstates
    tot.failed += nfailed
    tot.ops += len(log.ops)
    print("run %d: seed=%d ops=%d cuts=%d states=%d failed=%d"
          % (run, args.seed + run, len(log.ops), len(cuts), nstates,
             nfailed), flush=True)
    return nfailed


def report_failure(args, run, model, choice, files, logpath, C, R, F, res,
                   stock, scratch, fails):
    """Print a failed state, keep it under --out/fail-N/ if asked, and
    recheck it with the stock library if one was given."""
    fails.append(str(res))
    n = len(fails)
    stock_res = None
    if stock is not None:
        sdir = os.path.join(scratch, "stock")
        write_state(sdir, files)
        stock_res = stock.check(os.path.join(sdir, "stress.db"), C, R, F)
        clear_dir(sdir)
    tail = ""
    if stock_res is not None:
        tail = "; stock: %s" % stock_res
    hint = undone_unlink_hint(model, choice, files)
    if hint:
        tail += "; " + hint
    print("FAIL run %d cut %d %s %s: %s%s" % (run, model.c, choice.kind,
                                             choice.spec(), res, tail),
          flush=True)
    if args.keep_failures and n <= args.max_kept:
        fdir = os.path.join(args.out, "fail-%d" % n)
        clear_dir(fdir)
        write_state(fdir, files)
        text = describe_case(model, choice, logpath, C, R, F, res)
        if hint:
            text += hint + "\n"
        if stock_res is not None:
            text += "stock library (%s): %s\n" % (args.stock_lib, stock_res)
        with open(os.path.join(fdir, "case.txt"), "w") as f:
            f.write(text)
        cmd = recheck_cmd(args, args.lib, fdir, C, R, F)
        with open(os.path.join(fdir, "case.txt"), "a") as f:
            f.write("recheck: %s\n" % cmd)
        print("  recheck: " + cmd, flush=True)
    else:
        print("  rebuild: %s --replay %s --cut %d --choice '%s' --out DIR%s"
              % (os.path.abspath(__file__), logpath, model.c, choice.spec(),
                 " --strict" if args.strict else ""), flush=True)


def undone_unlink_hint(model, choice, files):
    """A note for a state in which a rollback journal's deletion (the
    commit point of journal_mode=DELETE) did not reach the disk: with
    synchronous=FULL SQLite does not sync the directory after it, so a
    power cut may bring the journal back and roll the commit back, with
    stock SQLite too (synchronous=EXTRA syncs it).  None if there is no
    such journal."""
    for j in model.pending_ns()[choice.ns:]:
        op = model.ops[j]
        if op.type == REC_UNLINK and op.name.endswith("-journal") and \
                op.name in files:
            return ("note: the unlink of %s (op %d) did not reach the disk "
                    "(not followed by a directory sync: synchronous=FULL "
                    "does not sync the directory after deleting the "
                    "journal, EXTRA does)" % (op.name, j))
    return None


def run_all(args):
    for p, what in ((args.stress, "--stress"), (args.plrec, "--plrec")):
        if not p or not os.path.exists(p):
            raise SetupError("%s: %r does not exist" % (what, p))
    if args.writer == "py" and not os.path.exists(args.pywriter):
        raise SetupError("--pywriter: %r does not exist" % args.pywriter)
    args.stress = os.path.abspath(args.stress)
    args.plrec = os.path.abspath(args.plrec)
    args.lib = os.path.abspath(args.lib)
    os.makedirs(args.out, exist_ok=True)
    args.out = os.path.abspath(args.out)
    scratch = tempfile.mkdtemp(prefix="powerloss-", dir=args.scratch)
    checker = Checker(args.stress, args.lib, args.check_timeout,
                      workload_args(args))
    stock = None
    if args.stock_lib:
        stock = Checker(args.stress, os.path.abspath(args.stock_lib),
                        args.check_timeout, workload_args(args))
    tot = Totals()
    fails = []                  # the message of each failure
    t_start = time.monotonic()
    try:
        # --runs recordings at least; more (new seeds) while the distinct
        # states found fall short of --states, up to three times as many.
        run = -1
        while True:
            run += 1
            left = args.states - tot.states
            if left <= 0 or run >= 3 * args.runs:
                break
            budget = -(-left // max(1, args.runs - run))   # ceiling
            rundir = os.path.join(scratch, "run-%d" % run)
            logpath = os.path.join(rundir, "plrec.log")
            os.makedirs(rundir)
            log, failed = record_run(args, run, args.seed + run, rundir,
                                     logpath)
            nfail_before = len(fails)
            keep = os.path.join(args.out, "run-%d.plrec.log" % run)
            if failed:
                fails.append("writer exited: %s" % failed)
                tot.failed += 1
                tot.writer_failed += 1
                print("FAIL run %d: %s" % (run, failed), flush=True)
            run_states(args, run, log, keep, budget, checker, stock,
                       scratch, tot, fails)
            if len(fails) > nfail_before or args.keep_logs:
                shutil.copyfile(logpath, keep)
                for name in ("writer.out", "writer.err"):
                    shutil.copyfile(os.path.join(rundir, name),
                                    os.path.join(args.out, "run-%d.%s"
                                                 % (run, name)))
            shutil.rmtree(rundir)
        tot.runs = run
    finally:
        checker.close()
        if stock is not None:
            stock.close()
        shutil.rmtree(scratch, ignore_errors=True)
    k = tot.kinds
    print("powerloss: journal=%s cleaner=%s sync=%s runs=%d ops=%d cuts=%d "
          "states=%d (prefix=%d subset=%d torn=%d none=%d all=%d) "
          "committed-checked=%d failed=%d%s"
          % (args.journal, args.cleaner, args.sync, tot.runs, tot.ops,
             tot.cuts, tot.states, k["prefix"], k["subset"], k["torn"],
             k["none"], k["all"], tot.committed, tot.failed,
             " (strict)" if args.strict else ""), flush=True)
    if args.workload == "cc":
        print("powerloss: copy: %(with_copy)d states with a copy, "
              "%(with_clean)d with clean chunks; %(clean_chunks)d clean "
              "chunks (%(clean_rows)d rows) checked against the table; "
              "%(copy_scans)d queries read through the copy" % tot.cc,
              flush=True)
    if tot.writer_failed:
        print("powerloss: the writer failed in %d of %d runs (counted in "
              "failed)" % (tot.writer_failed, tot.runs), flush=True)
    # The failures by kind, as the kill harness counts them.
    lost = sum("lost" in f for f in fails)
    unreadable = sum(any(w in f for w in ("integrity_check", "open:",
                                          "no database", "malformed",
                                          "not a database", "writer exited"))
                     for f in fails)
    if args.json:
        res = dict(harness="power", journal=args.journal,
                   workload=args.workload,
                   cleaner=args.cleaner, sync=args.sync, runs=tot.runs,
                   ops=tot.ops, cuts=tot.cuts, states=tot.states,
                   kinds=dict(k), commits_checked=tot.committed,
                   failures=tot.failed, lost_commits=lost,
                   unreadable=unreadable,
                   partial=len(fails) - lost - unreadable,
                   seconds=round(time.monotonic() - t_start, 1),
                   seed=args.seed, library=args.lib, jitter=args.jitter)
        if args.workload == "cc":
            res["copy"] = tot.cc
            # Failures that are the copy's (counted in partial above)
            res["copy_inconsistent"] = sum(
                any(w in f for w in ("chunk ", "query ", "copy"))
                for f in fails)
        with open(args.json, "a") as f:
            f.write(json.dumps(res) + "\n")
    if args.expect_failure:
        print("powerloss: self-test: the broken build was %s"
              % ("caught" if tot.failed else "NOT caught"), flush=True)
        return 0 if tot.failed else 1
    return 1 if tot.failed else 0


def replay(args):
    """--replay: build the state of one cut and choice into --out/replay
    and, given --stress and --lib, check it."""
    log = parse_log(args.replay)
    model = Model(log)
    model.advance(args.cut)
    choice = Choice.parse(args.choice)
    model.validate(choice)
    C, R, F = model.marks.sets(args.strict)
    files = model.build(choice)
    d = os.path.abspath(os.path.join(args.out, "replay"))
    write_state(d, files)
    print("built %s: %s" % (d, ", ".join("%s %d bytes" % (n, len(b))
                                         for n, b in sorted(files.items()))))
    print(describe_case(model, choice, args.replay, C, R, F, "(replay)"))
    if args.stress and args.lib:
        # Check a copy: the check recovers the database in place.
        tmp = tempfile.mkdtemp(prefix="powerloss-replay-", dir=args.scratch)
        ch = Checker(os.path.abspath(args.stress), os.path.abspath(args.lib),
                     workload=workload_args(args))
        try:
            write_state(tmp, files)
            res = ch.check(os.path.join(tmp, "stress.db"), C, R, F)
        finally:
            ch.close()
            shutil.rmtree(tmp, ignore_errors=True)
        print(res)
        return 0 if res.startswith("ok") else 1
    return 0


# ---------------------------------------------------------------------------
# The model's self-test

def self_test_model():
    """Check the parser and the state builder on synthetic logs with known
    answers.  Return the number of mismatches."""
    bad = []

    def expect(what, cond):
        if not cond:
            bad.append(what)
            print("self-test: MISMATCH: %s" % what)

    tmp = tempfile.mkdtemp(prefix="powerloss-selftest-")

    def mklog(recs, name="t.log", tail=b""):
        p = os.path.join(tmp, name)
        with open(p, "wb") as f:
            f.write(encode_record(REC_START, 0, 1, b"PLREC1\0/d"))
            for r in recs:
                f.write(encode_record(*r))
            f.write(tail)
        return parse_log(p)

    def init(inc, name, content):
        return (REC_INIT, inc, 0, name.encode() + b"\0" + content)

    def states(model, rng=None, limit=2000):
        """All distinct states (as frozen dicts) generated at the cut."""
        rng = rng or random.Random(1)
        out, seen = {}, set()
        for i, ch in enumerate(candidate_choices(model, rng)):
            if i > limit:
                break
            k = model.key(ch)
            if k in seen:
                continue
            seen.add(k)
            f = model.build(ch)
            out[k] = (ch, {n: bytes(b) for n, b in f.items()})
        return list(out.values())

    def all_subsets(model):
        """Every state of every subset of the pending data ops and every
        name prefix (small cases only)."""
        data = [j for j in model.pending if model.ops[j].type in DATA_OPS]
        res = []
        for mask in range(1 << len(data)):
            sub = [data[i] for i in range(len(data)) if mask >> i & 1]
            for ns in range(len(model.pending_ns()) + 1):
                f = model.build(Choice(sub, ns))
                res.append({n: bytes(b) for n, b in f.items()})
        return res

    try:
        # 1. A write followed by its fsync is always there; before the
        # fsync it may be absent.
        log = mklog([init(1, "a", b"AAAA"), (REC_WRITE, 1, 0, b"BB"),
                     (REC_FSYNC, 1, 0, b"")])
        expect("parser: 1 init, 2 ops", len(log.inits) == 1 and
               len(log.ops) == 2 and log.tail == 0 and log.dir == "/d")
        m = Model(log)
        m.advance(1)
        got = {s[1]["a"] for s in states(m)}
        expect("unsynced write: present or absent", got == {b"AAAA", b"BBAA"})
        m.advance(2)
        st = states(m)
        expect("synced write always present",
               len(st) == 1 and st[0][1] == {"a": b"BBAA"})

        # 2. A created file whose directory was not synced can vanish,
        # even after its own fsync; after the dirsync it stays.
        log = mklog([init(1, "a", b"A"), (REC_CREATE, 2, 0, b"b"),
                     (REC_WRITE, 2, 0, b"xyz"), (REC_FSYNC, 2, 0, b""),
                     (REC_DIRSYNC, 0, 0, b"")])
        m = Model(log)
        m.advance(3)
        got = {tuple(sorted(s[1].items())) for s in states(m)}
        expect("non-dirsynced create can vanish",
               got == {(("a", b"A"),), (("a", b"A"), ("b", b"xyz"))})
        m.advance(4)
        got = {tuple(sorted(s[1].items())) for s in states(m)}
        expect("dirsynced create stays",
               got == {(("a", b"A"), ("b", b"xyz"))})
        # Before the fsync of b, b may exist with or without its data.
        m = Model(log)
        m.advance(2)
        got = {tuple(sorted(s[1].items())) for s in states(m)}
        expect("created file: absent, empty or written",
               got == {(("a", b"A"),), (("a", b"A"), ("b", b"")),
                       (("a", b"A"), ("b", b"xyz"))})

        # 3. An unlink not dirsynced can be undone: the file comes back
        # with its durable content (and any subset of its pending writes).
        log = mklog([init(1, "a", b"old"), (REC_WRITE, 1, 0, b"new"),
                     (REC_UNLINK, 0, 0, b"a"), (REC_DIRSYNC, 0, 0, b"")])
        m = Model(log)
        m.advance(2)
        got = {tuple(sorted(s[1].items())) for s in states(m)}
        expect("undone unlink", got == {(("a", b"old"),), (("a", b"new"),),
                                        ()})
        m.advance(3)
        got = [s[1] for s in states(m)]
        expect("dirsynced unlink is final", got == [{}])

        # 4. Name operations persist as a prefix: never "a removed but c
        # not created" when the create came first.
        log = mklog([init(1, "a", b"A"), (REC_CREATE, 2, 0, b"c"),
                     (REC_UNLINK, 0, 0, b"a")])
        m = Model(log)
        m.advance(2)
        got = {tuple(sorted(s)) for s in all_subsets(m)}
        expect("name prefix", got == {("a",), ("a", "c"), ("c",)})
        got2 = {tuple(sorted(s[1])) for s in states(m, limit=200)}
        expect("generated name states are prefixes", got2 <= got and
               len(got2) == 3)

        # 5. Torn writes: the first 512*j bytes, j = 1..3, of a 2048-byte
        # write over 'X's; a write not on a sector boundary tears at the
        # file's boundaries.
        log = mklog([init(1, "a", b"X" * 2048), (REC_WRITE, 1, 0, b"Y" * 2048),
                     (REC_WRITE, 1, 700, b"Z" * 1000)])
        m = Model(log)
        m.advance(1)
        got, kinds = set(), set()
        for ch, f in states(m, random.Random(7)):
            got.add(f["a"])
            kinds.add(ch.kind)
        want = {b"Y" * (512 * j) + b"X" * (2048 - 512 * j)
                for j in range(0, 5)}
        expect("torn write states", got == want and "torn" in kinds)
        expect("torn points, unaligned write",
               torn_points(log.ops[1]) == [1024 - 700, 1536 - 700])
        m.advance(2)
        tornz = {f["a"] for ch, f in states(m, random.Random(3))
                 if ch.kind == "torn" and ch.torn[0] == 1}
        expect("torn unaligned write keeps whole sectors",
               tornz <= {(b"Y" * 2048)[:700] + b"Z" * k +
                         (b"Y" * 2048)[700 + k:] for k in (324, 836)}
               and len(tornz) >= 1)

        # 6. Truncations are ordered with the writes of the same file.
        orig = bytes(range(100))
        log = mklog([init(1, "a", orig), (REC_TRUNCATE, 1, 0, b""),
                     (REC_WRITE, 1, 0, b"hi")])
        m = Model(log)
        m.advance(2)
        got = {s["a"] for s in all_subsets(m)}
        expect("truncate and write subsets",
               got == {orig, b"", b"hi" + orig[2:], b"hi"})
        log = mklog([init(1, "a", b"ab"), (REC_WRITE, 1, 6, b"cd"),
                     (REC_EXTEND, 1, 10, b""), (REC_TRUNCATE, 1, 3, b"")])
        m = Model(log)
        m.advance(3)
        got = {s["a"] for s in all_subsets(m)}
        expect("gap fill, extend, truncate",
               got == {b"ab", b"ab\0\0\0\0cd", b"ab" + bytes(8),
                       b"ab\0\0\0\0cd\0\0", b"ab\0"})

        # 7. An fsync makes durable only its own file; SYNCALL everything.
        log = mklog([init(1, "a", b"a"), init(2, "b", b"b"),
                     (REC_WRITE, 1, 0, b"A"), (REC_WRITE, 2, 0, b"B"),
                     (REC_FSYNC, 1, 0, b""), (REC_CREATE, 3, 0, b"c"),
                     (REC_SYNCALL, 0, 0, b"")])
        m = Model(log)
        m.advance(3)
        got = {(s["a"], s["b"]) for s in all_subsets(m)}
        expect("fsync of one file", got == {(b"A", b"b"), (b"A", b"B")})
        m.advance(5)
        got = [s[1] for s in states(m)]
        expect("syncall", got == [{"a": b"A", "b": b"B", "c": b""}])

        # 8. Rename: not dirsynced, the old file keeps the name.
        log = mklog([init(1, "a", b"old"), (REC_CREATE, 2, 0, b"t"),
                     (REC_WRITE, 2, 0, b"new"), (REC_FSYNC, 2, 0, b""),
                     (REC_RENAME, 0, 0, b"t\0a")])
        m = Model(log)
        m.advance(4)
        got = {tuple(sorted(s.items())) for s in all_subsets(m)}
        expect("rename prefix",
               got == {(("a", b"old"),), (("a", b"old"), ("t", b"new")),
                       (("a", b"new"),)})

        # 9. The writer's lines: sets at each cut, lines split across
        # records, strict mode.
        log = mklog([(REC_MARK, 0, 0, b"B 1\nP 1\n"), (REC_WRITE, 9, 0, b"x"),
                     (REC_MARK, 0, 0, b"C 1\nB 2\n"),
                     (REC_MARK, 0, 0, b"X 2\n"),
                     (REC_MARK, 0, 0, b"R 2\nB 3\nP"),
                     (REC_MARK, 0, 0, b" 3\nB 4"),
                     (REC_MARK, 0, 0, b"\nE\n")])
        m = Model(log)
        m.advance(1)
        expect("marks: 1 in flight", m.marks.sets() == ([], [], [1]))
        m.advance(3)
        expect("marks: 1 committed", m.marks.sets() == ([1], [], [2]))
        expect("marks strict: 2 must be absent",
               m.marks.sets(True) == ([1], [2], []))
        m.advance(4)
        expect("marks: 2 rolling back", m.marks.sets() == ([1], [], [2]))
        m.advance(5)
        expect("marks: partial line P", m.marks.sets() == ([1], [2], [3]) and
               m.marks.sets(True) == ([1], [2, 3], []))
        m.advance(6)
        expect("marks: P 3 joined", m.marks.sets(True) == ([1], [2], [3]))
        m.advance(7)
        expect("marks: 4 begun, exit", m.marks.sets() == ([1], [2], [3, 4])
               and m.marks.sets(True) == ([1], [2, 4], [3])
               and m.marks.exited)

        # 10. Deduplication: a cut with no pending op has one state; the
        # same state at the next cut (a MARK changes nothing on disk but
        # the expectations) is checked again only if the sets changed.
        log = mklog([init(1, "a", b"a"), (REC_WRITE, 1, 0, b"1"),
                     (REC_WRITE, 1, 1, b"2"), (REC_WRITE, 1, 2, b"3"),
                     (REC_MARK, 0, 0, b"S 1 2\n"), (REC_MARK, 0, 0, b"B 5\n")])
        m = Model(log)
        m.advance(3)
        keys = set()
        prefixes = set()
        for p in range(0, 4):
            ch = m.prefix(p)
            prefixes.add(m.key(ch))
        expect("prefixes distinct", len(prefixes) == 4)
        st = states(m, limit=5000)
        expect("at most 2^3 subsets", 4 <= len(st) <= 8)
        keys = {m.key(m.prefix(0))}
        m.advance(4)
        expect("same state, other line, same key",
               m.key(m.prefix(0)) in keys)
        m.advance(5)
        expect("same state, new sets, new key",
               m.key(m.prefix(0)) not in keys)

        # 11. A truncated last record is left out.
        log = mklog([init(1, "a", b"a"), (REC_WRITE, 1, 0, b"b")],
                    name="tail.log",
                    tail=encode_record(REC_WRITE, 1, 0, b"cdef")[:-2])
        expect("truncated tail", len(log.ops) == 1 and log.tail == 22)

        # 12. Choices as strings, and their validation.
        ch = Choice([3, 1], 2, (3, 512), "torn")
        back = Choice.parse(ch.spec())
        expect("choice spec round trip", back.data == ch.data and
               back.ns == 2 and back.torn == (3, 512))
        log = mklog([init(1, "a", b"a"), (REC_WRITE, 1, 0, b"b"),
                     (REC_FSYNC, 1, 0, b"")])
        m = Model(log)
        m.advance(2)
        try:
            m.validate(Choice([0], 0))
            expect("validate rejects a durable op", False)
        except ValueError:
            pass

        # 13. The files a state is written as.
        d = os.path.join(tmp, "state")
        write_state(d, {"x": bytearray(b"12"), "y": b""})
        write_state(d, {"x": bytearray(b"3")})
        expect("write_state", sorted(os.listdir(d)) == ["x"] and
               open(os.path.join(d, "x"), "rb").read() == b"3")

        # 14. Cut planning: all cuts when cheap, else the key ones first.
        ops = mklog([init(1, "a", b"")] + [(REC_WRITE, 1, i, b"w")
                                           for i in range(100)] +
                    [(REC_FSYNC, 1, 0, b"")] + [(REC_WRITE, 1, i, b"v")
                                                for i in range(100)]).ops
        cuts = plan_cuts(ops, 10000, random.Random(1))
        expect("all cuts", cuts == list(range(len(ops) + 1)))
        cuts = plan_cuts(ops, 40, random.Random(1))
        expect("sampled cuts keep the fsync",
               100 in cuts and 101 in cuts and 0 in cuts and
               len(ops) in cuts and len(cuts) == 10)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("self-test-model: %d mismatches" % len(bad))
    return 1 if bad else 0


# ---------------------------------------------------------------------------

def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(
        description="Power-loss simulator: record a writer, build the disk "
        "states a power cut could leave, check each.")
    ap.add_argument("--stress", help="the stress binary (writer, checker)")
    ap.add_argument("--plrec", help="plrec.so, the recorder")
    ap.add_argument("--lib", help="LD_LIBRARY_PATH of writer and checker")
    ap.add_argument("--journal", default="wal",
                    choices=["delete", "truncate", "persist", "wal"])
    ap.add_argument("--cleaner", default="thread",
                    choices=["off", "sync", "thread", "stock"])
    ap.add_argument("--sync", default="FULL",
                    choices=["FULL", "EXTRA", "NORMAL", "OFF"],
                    help="PRAGMA synchronous of the writer (NORMAL and OFF "
                    "do not promise durability: negative controls)")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--states", type=int, default=1000,
                    help="distinct states to check, over all runs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="powerloss-out")
    ap.add_argument("--keep-failures", action="store_true")
    ap.add_argument("--max-kept", type=int, default=20,
                    help="most failed states kept under --out")
    ap.add_argument("--keep-logs", action="store_true",
                    help="keep every run's log under --out")
    ap.add_argument("--writer", default="c", choices=["c", "py"])
    ap.add_argument("--pywriter", default=os.path.join(here, "pywriter.py"))
    ap.add_argument("--count", type=int, default=30,
                    help="transactions per run")
    ap.add_argument("--cache", type=int, default=20)
    ap.add_argument("--big-rows", type=int, default=400)
    ap.add_argument("--queue", type=int, default=0)
    ap.add_argument("--strict", action="store_true",
                    help="a transaction whose COMMIT had not begun must be "
                    "absent")
    ap.add_argument("--jitter", type=int, default=2000, metavar="US",
                    help="the recorder sleeps 0..US microseconds before "
                    "each write and sync (PLREC_JITTER_US), to widen the "
                    "races of the cleaner's writer thread")
    ap.add_argument("--stock-lib",
                    help="recheck failed states with this library too (its "
                    "recovery of the same state, not its own writing)")
    ap.add_argument("--scratch", default="/dev/shm" if
                    os.path.isdir("/dev/shm") else None)
    ap.add_argument("--writer-timeout", type=int, default=900)
    ap.add_argument("--check-timeout", type=int, default=300)
    ap.add_argument("--replay", metavar="LOG")
    ap.add_argument("--cut", type=int)
    ap.add_argument("--workload", default="rows", choices=["rows", "cc"],
                    help="rows: the page cleaner's workload; cc: a table "
                    "with a column copy (stress.c --workload cc)")
    ap.add_argument("--fault", choices=["split"],
                    help="cc: a deliberately broken writer (self-test)")
    ap.add_argument("--choice", default="ns=0;data=-;torn=-")
    ap.add_argument("--self-test-model", action="store_true")
    ap.add_argument("--json", help="append the results as a JSON line here")
    ap.add_argument("--expect-failure", action="store_true",
                    help="self-test of a broken build: exit 0 only if a"
                         " state failed")
    args = ap.parse_args(argv)
    if args.self_test_model:
        return self_test_model()
    try:
        if args.replay:
            if args.cut is None:
                ap.error("--replay needs --cut")
            return replay(args)
        if not (args.stress and args.plrec and args.lib):
            ap.error("--stress, --plrec and --lib are required")
        if args.runs < 1 or args.states < args.runs:
            ap.error("need --runs >= 1 and --states >= --runs")
        if args.workload == "cc" and args.writer == "py":
            ap.error("pywriter.py has no cc workload")
        return run_all(args)
    except (SetupError, ValueError, OSError) as e:
        print("powerloss: error: %s" % e, file=sys.stderr, flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
