#!/bin/sh
# The short run of the crash harnesses (doc/stress.md) inside make test:
# tool/stress.sh --quick.  The self-test first: two deliberately broken
# builds of the page cleaner (a commit that returns before its write queue
# is written; database pages written before their journal records are
# synced) must be caught by real SIGKILLs and by simulated power cuts.  Then
# page_cleaner=thread in journal modes DELETE, TRUNCATE, PERSIST and WAL:
# 150 SIGKILLs of writer processes (C API and Python's executemany, large
# and small transactions, savepoints, rollbacks, checkpoints; WAL readers
# checking alongside) and 600 power-loss states built from the recorded
# system calls of the writer thread's workload, each checked by a fresh
# process (integrity_check, every reported commit whole, nothing else);
# the cleaner off as the baseline.  make stress runs the full numbers.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
"$top/tool/stress.sh" "$build" --quick
