#!/bin/sh
# make wheel-test: the wheels of make wheel (tool/wheel.sh), tested the way a
# user gets them: installed into fresh virtual environments from the wheel
# files alone (pip install --no-index).
#
# Usage: tool/wheel-test.sh BUILDDIR      (PYTHON="python3 /path/python3.12 ...")
#
# For each Python of $PYTHON (default python3), with the wheel of its tag:
#   - a fresh venv given only the engine's wheel: `import pysqlite3` runs the
#     smoke test of the fork's features (test/wheel/smoke.py: version, a star
#     join with its Bloom filters, page_cleaner=thread, the hash aggregate,
#     subquery amortization, the progress op through the C API, PRAGMA
#     compile_options equal to our library's), and `import sqlite3` is still
#     the standard library's;
#   - the alias wheel added: `import sqlite3` gives pysqlite3 (the smoke test
#     again, through that name), and CPython's test_sqlite3 runs through it
#     (test/wheel/cpython_sqlite3.py, exclusions in
#     test/wheel/test_sqlite3-X.Y.exclude, each checked to be needed when
#     WHEEL_CHECK_EXCLUDED=1); a Python without test.test_sqlite3 skips that
#     part (fails with LIPSQLITE_REQUIRE_CPYTHON_TESTS=1), and so does a
#     CPython version without an exclusion list;
#   - the alias uninstalled: `import sqlite3` is the standard library's again.
# WHEEL_TEST_ALSO="/usr/bin/python3 ..." names more Pythons that get the smoke
# test with the wheel already built for their tag (another build of the same
# CPython version, for one).
# Then bad input: tool/wheel.sh without a Python, without a compiler, with a
# Python without headers, without network and without cached copies, each
# must stop with one line naming what is missing.
# Ends with "N passed, N failed" (and ", N skipped").
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=wheel-test
[ $# -ge 1 ] || { echo "usage: tool/wheel-test.sh BUILDDIR" >&2; exit 2; }
build=$(cd "$1" 2>/dev/null && pwd) || { echo "lipsqlite: wheel-test: no build directory $1" >&2; exit 2; }
dist=$build/wheel/dist
# The versions of the engine the wheels compile in (tool/wheel.sh reads the same).
version=$("$here/build-version.sh" "$build" fork) || exit 2
sqlite_version=$("$here/build-version.sh" "$build" upstream) || exit 2
pythons=${PYTHON:-python3}
cache=$(download_cache)
# add_counts LOG: add the "N passed, N failed[, N skipped]" last line of LOG;
# a run without that line counts as one failure.
add_counts() {
  counted=$1
  set -- $(tail -n 1 "$1" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}$/\1 \2 \4/p')
  if [ $# -lt 2 ]; then fail "$(basename "$counted" .log): no summary line"; return; fi
  count "$@"
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-wheel-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
t_start=$(date +%s)

alias_whl=$(ls "$dist"/lipsqlite_sqlite3_alias-*.whl 2>/dev/null | head -n 1)
[ -n "$alias_whl" ] || fail "no alias wheel in $dist: run make wheel"

# wheel_for PY: the engine's wheel for PY's tag.
wheel_for() {
  t=$("$1" -c 'import sys; print("cp%d%d" % sys.version_info[:2])' 2>/dev/null) || return 1
  ls "$dist"/lipsqlite_pysqlite3-*-"$t"-"$t"-manylinux*.whl 2>/dev/null | head -n 1
}

# smoke VENV LABEL MODULE: the smoke test in VENV; its counts added.
smoke() {
  "$1/bin/python" "$top/test/wheel/smoke.py" --module "$3" --version "$version" \
    --sqlite-version "$sqlite_version" --library "$build/libsqlite3.so.0" --workdir "$tmp" \
    > "$tmp/smoke.log" 2>&1
  sed 's/^/  /' "$tmp/smoke.log"
  add_counts "$tmp/smoke.log"
  note "smoke test, $2: $(tail -n 1 "$tmp/smoke.log")"
}

# stdlib_sqlite3 VENV: is `import sqlite3` the standard library's?
stdlib_sqlite3() {
  "$1/bin/python" -c '
import sqlite3, sys
sys.exit(0 if sqlite3.__name__ == "sqlite3" and "site-packages" not in sqlite3.__file__ else 1)'
}

for py in $pythons; do
  whl=$(wheel_for "$py")
  if [ -z "$whl" ]; then fail "no wheel for $py in $dist: run make wheel PYTHON='$pythons'"; continue; fi
  pyver=$("$py" -c 'import sys; print(sys.version.split()[0])')
  note "Python $pyver ($py): $(basename "$whl")"
  case $(basename "$whl") in
    *-manylinux_*.whl) pass "platform tag: $(basename "$whl" .whl | sed 's/.*-cp[0-9]*-cp[0-9]*-//')" ;;
    *) fail "$(basename "$whl"): no manylinux platform tag" ;;
  esac
  v=$tmp/venv-$(basename "$py")
  rm -rf "$v"
  if ! "$py" -m venv "$v" > "$tmp/venv.log" 2>&1; then fail "$py -m venv: $(tail -n 1 "$tmp/venv.log")"; continue; fi
  t0=$(date +%s)
  if "$v/bin/python" -m pip install --disable-pip-version-check -q --no-index "$whl" > "$tmp/pip.log" 2>&1; then
    pass "pip install --no-index $(basename "$whl") into a fresh venv ($(( $(date +%s) - t0 )) s)"
  else
    fail "pip install --no-index $(basename "$whl"): $(tail -n 1 "$tmp/pip.log")"; continue
  fi
  if stdlib_sqlite3 "$v"; then pass "engine's wheel alone: import sqlite3 is still the standard library's"
  else fail "engine's wheel alone changed import sqlite3"; fi
  smoke "$v" "Python $pyver, import pysqlite3" pysqlite3
  # Linked with -Bsymbolic, the module keeps calling its own engine even when
  # a system libsqlite3 is loaded into the process ahead of it.
  syslib=$(/sbin/ldconfig -p 2>/dev/null | awk '/libsqlite3\.so\.0 / { print $NF; exit }')
  if [ -n "$syslib" ] && [ -f "$syslib" ]; then
    got=$(LD_PRELOAD=$syslib "$v/bin/python" -c '
import ctypes, pysqlite3
g = ctypes.CDLL(None)  # the global scope, where the preloaded library is
g.sqlite3_libversion.restype = ctypes.c_char_p
print(g.sqlite3_libversion().decode(), g.sqlite3_compileoption_used(b"LIPSQLITE_VERSION"),
      pysqlite3.connect(":memory:").execute("PRAGMA lipsqlite_version").fetchone())' 2>&1)
    case $got in
      *" 1 "*) skip "$syslib is lipsqlite itself: nothing to preload against" ;;
      *" 0 ('$version',)") pass "with $syslib (SQLite ${got%% *}) preloaded, pysqlite3 still runs lipsqlite $version" ;;
      *) fail "with $syslib preloaded: $got" ;;
    esac
  else
    skip "no system libsqlite3.so.0 to preload"
  fi

  [ -n "$alias_whl" ] || continue
  if "$v/bin/python" -m pip install --disable-pip-version-check -q --no-index --find-links "$dist" "$alias_whl" > "$tmp/pip.log" 2>&1; then
    pass "pip install --no-index $(basename "$alias_whl")"
  else
    fail "pip install --no-index $(basename "$alias_whl"): $(tail -n 1 "$tmp/pip.log")"; continue
  fi
  "$v/bin/python" -m lipsqlite_sqlite3_alias | sed 's/^/  /'
  smoke "$v" "Python $pyver, import sqlite3 through the alias" sqlite3

  # The exclusions are those of one CPython version's suite.
  exclude=$top/test/wheel/test_sqlite3-$(echo "$pyver" | cut -d. -f1,2).exclude
  if [ ! -f "$exclude" ]; then
    skip "no exclusion list for CPython $(echo "$pyver" | cut -d. -f1,2)'s test_sqlite3 ($(basename "$exclude")): suite not run"
  elif "$v/bin/python" -c 'import importlib.util, sys
sys.exit(importlib.util.find_spec("test.test_sqlite3") is None)' > /dev/null 2>&1; then
    t0=$(date +%s)
    "$v/bin/python" "$top/test/wheel/cpython_sqlite3.py" --exclude "$exclude" \
      $( [ "${WHEEL_CHECK_EXCLUDED:-0}" = 1 ] && echo --check-excluded) > "$tmp/cpython.log" 2>&1
    grep -v '^test_sqlite3: testing' "$tmp/cpython.log" | sed 's/^/  /' | tail -n 60
    add_counts "$tmp/cpython.log"
    note "CPython $pyver test_sqlite3 through the alias ($(( $(date +%s) - t0 )) s): $(tail -n 1 "$tmp/cpython.log")"
  elif [ "${LIPSQLITE_REQUIRE_CPYTHON_TESTS:-0}" = 1 ]; then
    fail "Python $pyver has no test.test_sqlite3 (Debian: libpython$(echo "$pyver" | cut -d. -f1,2)-testsuite)"
  else
    skip "Python $pyver has no test.test_sqlite3: CPython's suite not run"
  fi

  if "$v/bin/python" -m pip uninstall --disable-pip-version-check -y -q lipsqlite-sqlite3-alias > "$tmp/pip.log" 2>&1 &&
     stdlib_sqlite3 "$v"; then
    pass "alias uninstalled: import sqlite3 is the standard library's again"
  else
    fail "after pip uninstall lipsqlite-sqlite3-alias, import sqlite3 is not the standard library's"
  fi
  rm -rf "$v"
done

# The same wheel in a venv of another Python of its tag.
for py in ${WHEEL_TEST_ALSO:-}; do
  command -v "$py" > /dev/null 2>&1 || { skip "WHEEL_TEST_ALSO: no $py"; continue; }
  whl=$(wheel_for "$py")
  [ -n "$whl" ] || { skip "WHEEL_TEST_ALSO: no wheel for the tag of $py"; continue; }
  pyver=$("$py" -c 'import sys; print(sys.version.split()[0])')
  v=$tmp/venv-also
  rm -rf "$v"
  if "$py" -m venv "$v" > "$tmp/venv.log" 2>&1 &&
     "$v/bin/python" -m pip install --disable-pip-version-check -q --no-index "$whl" > "$tmp/pip.log" 2>&1; then
    pass "$(basename "$whl") installs into a venv of Python $pyver ($py)"
    smoke "$v" "Python $pyver ($py), import pysqlite3" pysqlite3
  else
    fail "$(basename "$whl") into a venv of $py: $(cat "$tmp/venv.log" "$tmp/pip.log" 2>/dev/null | tail -n 1)"
  fi
  rm -rf "$v"
done

# ---------------------------------------------------------------------------
# Bad input: tool/wheel.sh stops with one line naming what is missing.
# ---------------------------------------------------------------------------
# A build directory of its own holding only the amalgamation, so that the
# real one is not touched.
fake=$tmp/build
mkdir -p "$fake"
cp "$build/sqlite3.c" "$build/sqlite3.h" "$build/sqlite_cfg.h" "$fake/" 2>/dev/null
first=$(echo $pythons | awk '{print $1}')

# expect_one LABEL PATTERN CMD...: CMD fails with one line matching PATTERN.
expect_one() {
  label=$1 pat=$2; shift 2
  "$@" > "$tmp/bad.log" 2>&1; rc=$?
  n=$(wc -l < "$tmp/bad.log")
  if [ $rc != 0 ] && [ "$n" = 1 ] && grep -Eq "$pat" "$tmp/bad.log"; then
    pass "bad input, $label: $(cat "$tmp/bad.log")"
  else
    fail "bad input, $label: exit $rc, $n lines, want one matching /$pat/:"
    sed 's/^/     /' "$tmp/bad.log" | tail -n 10
  fi
}

expect_one "no such Python" "Python '/nonexistent/python3' not found" \
  env PYTHON=/nonexistent/python3 "$here/wheel.sh" "$fake"
expect_one "no C compiler" "C compiler .*/nonexistent/cc.* not found" \
  env PYTHON="$first" CC=/nonexistent/cc "$here/wheel.sh" "$fake"

# A Python without headers: a copy of the interpreter beside a link to its
# standard library, so that its prefix, where it looks for Python.h, has no
# include directory (as a Python installed without its -dev package).
set -- $("$first" -c 'import os, sys, sysconfig; print(os.path.realpath(sys.executable), "%d.%d" % sys.version_info[:2], sysconfig.get_paths()["stdlib"])')
nohdr=$tmp/nohdr
mkdir -p "$nohdr/bin" "$nohdr/lib" && cp "$1" "$nohdr/bin/python$2" && ln -s "$3" "$nohdr/lib/python$2"
if "$nohdr/bin/python$2" -c 'import os, sys, sysconfig
sys.exit(os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; then
  expect_one "Python without headers" "Python $2 headers not found" \
    env PYTHON="$nohdr/bin/python$2" "$here/wheel.sh" "$fake"
else
  skip "bad input, Python without headers: a copy of $1 does not run without its headers here"
fi

# No network: a network namespace of our own where we may make one (root),
# else an index address that refuses connections.
nonet() {
  if [ "$(id -u)" = 0 ] && unshare -n true 2>/dev/null; then
    unshare -n env "$@"
  else
    env PIP_INDEX_URL=http://127.0.0.1:9/simple PIP_RETRIES=0 PIP_TIMEOUT=2 "$@"
  fi
}
# The build tools cached but not the sdist: the sdist is what is missing.
mkdir -p "$tmp/cache-tools/python"
cp "$cache"/python/*.whl "$tmp/cache-tools/python/" 2>/dev/null
expect_one "no network, no cached sdist" "cannot download pysqlite3 0\.6\.1 from PyPI \(no network" \
  nonet PYTHON="$first" LIPSQLITE_CACHE="$tmp/cache-tools" "$here/wheel.sh" "$fake"
# Nothing cached (and a build directory whose venv has no tools yet): the
# build tools are what is missing first.
mkdir -p "$tmp/build2"
cp "$fake"/sqlite3.c "$fake"/sqlite3.h "$fake"/sqlite_cfg.h "$tmp/build2/"
expect_one "no network, empty cache" "cannot download the build tools .* \(no network" \
  nonet PYTHON="$first" LIPSQLITE_CACHE="$tmp/cache-empty" "$here/wheel.sh" "$tmp/build2"

note "done in $(( $(date +%s) - t_start )) s"
summary
