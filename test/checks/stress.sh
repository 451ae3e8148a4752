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
# the cleaner off as the baseline.  Then tables with column copies
# (doc/column-copy.md): a 70,000-row table with a copy, random INSERT,
# UPDATE, DELETE and REPLACE transactions and PRAGMA column_copy refreshes
# and rebuilds, 25 SIGKILLs and 60 power-loss states in DELETE and WAL
# modes, each check also requiring that every clean chunk of the copy
# holds exactly its table's rows and that queries give the same rows with
# column_scan ON and OFF; its self-test, a writer that marks the copy's
# chunks stale in a second transaction, must be caught by both harnesses.
# make stress runs the full numbers.
# Run by tool/run-tests.sh with TOP and BUILD set.
# Long check: about 4 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
"$top/tool/stress.sh" "$build" --quick
