# What the scripts of tool/ share (and ./configure and bench/run.sh).  POSIX
# sh, sourced by each of them once it has set "here" to its own directory,
# a directory just below the top of the repository:
#
#   here=$(cd "$(dirname "$0")" && pwd)
#   . "$here/lib.sh"
#
# It sets "top", the top of the repository, and the tallies passed, failed
# and skipped (0), and defines functions only; it runs nothing else.

top=$(cd "$here/.." && pwd)

# What the lines of die and note start with, followed by ": ".  A script
# whose messages say more ("lipsqlite: modules", "stress") sets it after
# sourcing this file; it is not read from the environment.
LIPSQLITE_PROG=lipsqlite

# die MESSAGE...: "$LIPSQLITE_PROG: MESSAGE" on stderr, and exit 1.
die() { die_with 1 "$@"; }

# die_with STATUS MESSAGE...: the same, exiting with STATUS (2: bad usage,
# or a tool this machine lacks).
die_with() {
  _status=$1; shift
  printf '%s: %s\n' "$LIPSQLITE_PROG" "$*" >&2
  exit "$_status"
}

# note MESSAGE...: "$LIPSQLITE_PROG: MESSAGE" on stdout.
note() { printf '%s: %s\n' "$LIPSQLITE_PROG" "$*"; }

# The tallies of a script that runs tests and ends with summary.
passed=0 failed=0 skipped=0

# pass [MESSAGE...], fail [MESSAGE...], skip [MESSAGE...]: count one test
# passed, failed or skipped, and print "ok   MESSAGE", "FAIL MESSAGE" or
# "skip MESSAGE" (nothing without a MESSAGE).  They return 0.
pass() { passed=$((passed + 1)); [ $# = 0 ] || printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); [ $# = 0 ] || printf 'FAIL %s\n' "$*"; }
skip() { skipped=$((skipped + 1)); [ $# = 0 ] || printf 'skip %s\n' "$*"; }

# count PASSED FAILED [SKIPPED]: add a run's counts to the tallies.
count() { passed=$((passed + $1)); failed=$((failed + $2)); skipped=$((skipped + ${3:-0})); }

# summary: the last line of a test run, "N passed, N failed", with
# ", N skipped" when any test was skipped; returns 1 if any failed.
summary() {
  if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
  else
    echo "$passed passed, $failed failed"
  fi
  [ "$failed" = 0 ]
}

# abort MESSAGE...: a test run that cannot go on: note MESSAGE, then the
# summary of a run that is one failure, "0 passed, 1 failed"; exit 1.
abort() { note "$@"; echo "0 passed, 1 failed"; exit 1; }

# sha_of FILE: the SHA-256 of FILE, in hex.
sha_of() { sha256sum "$1" | awk '{print $1}'; }

# download_cache: the directory of downloads kept between builds (the
# upstream tarball, the wheel's sources and build tools).
download_cache() { printf '%s\n' "${LIPSQLITE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lipsqlite}"; }

# series_patches FILE: the patches a series file lists, one a line, in its
# order (comments and blank lines left out).
series_patches() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1"; }

# library_cflags BUILDDIR: the compile command of the library's sqlite3.o
# in a configured build (upstream's T.cc.sqlite in BUILDDIR/Makefile), the
# fork's defaults and the distribution-like features included; dies if it
# cannot be read.
library_cflags() {
  _mk=$(mktemp "${TMPDIR:-/tmp}/lipsqlite-cflags.XXXXXX") || die "cannot create a temporary file"
  printf 'lipsqlite-print-cflags:\n\t@echo $(T.cc.sqlite)\n' > "$_mk"
  if ! make -s --no-print-directory -C "$1" -f Makefile -f "$_mk" lipsqlite-print-cflags 2>/dev/null; then
    rm -f "$_mk"
    die "cannot read the library's compile options from $1/Makefile (run ./configure)"
  fi
  rm -f "$_mk"
}

# ncpu: the number of processors, for a default number of jobs.
ncpu() { nproc 2>/dev/null || echo 2; }
