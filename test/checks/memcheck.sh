#!/bin/sh
# The quick form of make memcheck (tool/memcheck.sh --quick): the Tcl
# scripts that run in under a minute under Valgrind's memcheck, ours and a
# few of upstream's, with a self-test that a planted branch on an
# uninitialised value is reported.  Skipped (77) without valgrind, unless
# LIPSQLITE_REQUIRE_VALGRIND=1 (CI).  Run by tool/run-tests.sh with TOP
# and BUILD set.
# Long check: about 7 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
exec sh "$top/tool/memcheck.sh" --quick "$build"
