#!/bin/sh
# The quick run of the corrupt-copy fuzzer (test/fuzz/cccorrupt.c,
# doc/fuzzing.md; issue 55, "Untrusted bytes"): built in the build
# directory from a compile of sqlite3.c with -fsanitize=address,undefined
# -fno-sanitize-recover=undefined -O1 and SQLITE_DEBUG, it makes random
# tables and their column copies, mutates the copies' shadow tables
# (BLOBs flipped, truncated, extended, their encoding and row count
# changed; directory rows set to boundary values, duplicated, deleted;
# data rows deleted or duplicated; the meta row's format, ncol and cookie
# changed) and runs scans, aggregates, rowid ranges, a join of more than
# 1,024 lookups through the copy, PRAGMA column_copy_list, optimize and
# column_copy on them with column_scan ON.  Any answer or error passes; a
# sanitizer report, an assertion, a crash, a statement longer than 10 s or
# a case longer than 60 s fails.  Its self-test first: --no-feature (no
# copy built) and --hang (a statement that never ends) must both fail.
# CCCORRUPT_QUICK_SECONDS (default 45) seconds of cases; FUZZ_SEED sets
# the seed (printed).  make fuzz runs it for FUZZ_SECONDS (tool/fuzz.sh).
# Skipped (77) only if the build's compiler cannot build and run an
# -fsanitize=address,undefined program.
# Run by tool/run-tests.sh with TOP and BUILD set.
# Long check: about 4 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
exec sh "$top/tool/fuzz.sh" --quick-cc "$build"
