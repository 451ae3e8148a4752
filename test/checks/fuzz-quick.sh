#!/bin/sh
# A quick slice of make fuzz (tool/fuzz.sh, doc/fuzzing.md): upstream's
# fuzzcheck, built by upstream's own "fuzzcheck-asan" rule in the build
# directory with -fsanitize=address,undefined -fno-sanitize-recover=undefined
# and with LIP on and PRAGMA page_cleaner=sync at page_cleaner_threshold=0
# as the compile-time defaults (both checked in the binary's
# compile_options), runs every 20th test case of every test/fuzzdata*.db of
# the tree; our own fuzzer, test/fuzz/lipfuzz.c, linked with the same
# sanitized compile of sqlite3.c, runs 30 seconds on LIP filters (results
# with lip_filter ON and OFF equal), 30 on the page cleaner under injected
# I/O faults (content equal to a model's) and 30 on correlated subqueries
# (results with subquery_amortize ON and OFF equal row for row, in order),
# two at a time (FUZZ_QUICK_SECONDS).  A sanitizer report, a fuzzcheck or
# lipfuzz error (crash, leak, timeout, failed query invariant, a
# difference) or a non-zero exit fails the check; so does a self-test that
# finds the judging blind to a planted overflow, fuzzcheck's simulated
# error, or lipfuzz's --corrupt and --no-feature runs (of all three parts).
# make fuzz runs every case, also with the cleaner off, sessionfuzz's
# corpus, and lipfuzz longer.
#
# Skipped (77) only if the build's compiler cannot build and run an
# -fsanitize=address,undefined program.  The binaries are moved out of the
# build directory into a scratch directory, kept with the logs on failure.
# Run by tool/run-tests.sh with TOP and BUILD set.
# Long check: about 5 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
exec sh "$top/tool/fuzz.sh" --quick "$build"
