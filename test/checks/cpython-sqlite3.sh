#!/bin/sh
# A real client of the drop-in library: CPython's own test suite for its
# sqlite3 module (python3 -m test test_sqlite3) with our libsqlite3.so.0
# loaded through LD_LIBRARY_PATH.  It needs the FTS4 and other features a
# distribution's library has, which the default build enables.
#
# The first python3 (PATH, then /usr/bin/python3) whose test package has
# test_sqlite3 and whose _sqlite3 module links libsqlite3.so.0 dynamically
# is used.  None: skipped, unless LIPSQLITE_REQUIRE_CPYTHON_TESTS=1 (CI sets
# it after installing Debian's libpython3.X-testsuite), then failed.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
build=${BUILD:?}
none() {
  if [ "${LIPSQLITE_REQUIRE_CPYTHON_TESTS:-0}" = 1 ]; then echo "FAIL $*"; exit 1; fi
  echo "skip: $*"; exit 77
}
py=
for p in python3 /usr/bin/python3; do
  command -v "$p" >/dev/null 2>&1 || continue
  "$p" -c 'import test.test_sqlite3' >/dev/null 2>&1 || continue
  so=$("$p" -c 'import _sqlite3; print(_sqlite3.__file__)' 2>/dev/null) || continue
  # A _sqlite3 built into the interpreter, or linked statically, would
  # never load our library.
  case $so in *.so) ldd "$so" 2>/dev/null | grep -q 'libsqlite3\.so\.0' || continue ;; *) continue ;; esac
  py=$p; break
done
[ -n "$py" ] || none "no python3 with test.test_sqlite3 and a dynamically linked _sqlite3 (Debian: apt-get install libpython3-testsuite or libpython3.X-testsuite)"
# The library the tests load must be ours.
got=$(LD_LIBRARY_PATH="$build" "$py" -c '
import sqlite3
c = sqlite3.connect(":memory:")
print(sqlite3.sqlite_version, c.execute("PRAGMA lipsqlite_version").fetchone()[0])' 2>&1)
# (the versions the build was made from: those of ./VERSION and ./manifest,
# or of another series, ./configure --patches=DIR)
want="$("${TOP:?}/tool/build-version.sh" "$build" upstream) $("$TOP/tool/build-version.sh" "$build" fork)" || exit 1
[ "$got" = "$want" ] || { echo "FAIL $py does not load our library: got '$got', want '$want'"; exit 1; }
echo "ok   $py ($("$py" -c 'import sys; print(sys.version.split()[0])')) loads our library: $got"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if LD_LIBRARY_PATH="$build" "$py" -m test test_sqlite3 > "$log" 2>&1; then
  grep -E '^(Total tests|Result|== Tests result)' "$log" | sed 's/^/ok   /'
  exit 0
fi
tail -n 40 "$log"
echo "FAIL python3 -m test test_sqlite3 with our library"
exit 1
