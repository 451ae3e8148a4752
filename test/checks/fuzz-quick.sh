#!/bin/sh
# A quick slice of make fuzz (tool/fuzz.sh, doc/fuzzing.md): upstream's
# fuzzcheck, built by upstream's own "fuzzcheck-asan" rule in the build
# directory with -fsanitize=address,undefined -fno-sanitize-recover=undefined
# and with LIP on and PRAGMA page_cleaner=sync at page_cleaner_threshold=0
# as the compile-time defaults (both checked in the binary's
# compile_options), runs every 20th test case of every test/fuzzdata*.db of
# the tree.  A sanitizer report, a fuzzcheck error (crash, leak, timeout,
# failed query invariant) or a non-zero exit fails the check; make fuzz runs
# every case, also with the cleaner off, and sessionfuzz's corpus.
#
# Skipped (77) only if the build's compiler cannot build and run an
# -fsanitize=address,undefined program.  The binary is moved out of the
# build directory into a scratch directory, kept with the logs on failure.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
exec sh "$top/tool/fuzz.sh" --quick "$build"
