#!/bin/sh
# Drop-in ABI: our libsqlite3.so.0 exports every public symbol that the
# system's libsqlite3.so.0 exports, and has its SONAME.
#
# The public ABI is every exported name starting "sqlite3_" (the API of
# sqlite3.h, sqlite3ext.h and the extensions a distribution enables), which
# is what programs linked against the system library resolve.  A system
# library built from upstream's separate source files (not the amalgamation)
# also exports SQLite's internal functions (sqlite3BtreeOpen, ...): they are
# not part of any header, change from release to release, and the
# amalgamation keeps them internal; they are counted and listed as a note,
# not compared.  Any missing public symbol is named and fails the check.
#
# LIPSQLITE_SYSTEM_LIB names the system library; by default it is the
# libsqlite3.so.0 the dynamic linker finds.  No system library: skipped.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
build=${BUILD:?}
ours=$build/libsqlite3.so.0
command -v nm >/dev/null 2>&1 || { echo "skip: no nm (binutils)"; exit 77; }
sys=${LIPSQLITE_SYSTEM_LIB:-}
if [ -z "$sys" ]; then
  sys=$( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null) |
         sed -n 's/^[[:space:]]*libsqlite3\.so\.0 ([^)]*) => //p' | head -n 1)
fi
[ -n "$sys" ] && [ -f "$sys" ] || { echo "skip: no system libsqlite3.so.0 to compare with (Debian: apt-get install libsqlite3-0)"; exit 77; }
[ -f "$ours" ] || { echo "FAIL no $ours: build first"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
exports() { nm -D --defined-only "$1" | awk 'NF>=3 {print $3}' | sed 's/@.*//' | sort -u; }
exports "$sys" > "$tmp/sys"
exports "$ours" > "$tmp/ours"
[ -s "$tmp/sys" ] || { echo "FAIL cannot read the exports of $sys"; exit 1; }
grep '^sqlite3_' "$tmp/sys" > "$tmp/sys.api"
grep '^sqlite3_' "$tmp/ours" > "$tmp/ours.api"
comm -23 "$tmp/sys.api" "$tmp/ours.api" > "$tmp/missing"
sysver=$(LD_PRELOAD= python3 -c "import ctypes; l=ctypes.CDLL('$sys'); l.sqlite3_libversion.restype=ctypes.c_char_p; print(l.sqlite3_libversion().decode())" 2>/dev/null || echo '?')
echo "system library: $sys (SQLite $sysver): $(wc -l < "$tmp/sys.api") public symbols, $(grep -vc '^sqlite3_' "$tmp/sys") other exports"
echo "our library:    $ours: $(wc -l < "$tmp/ours.api") public symbols"
fails=0
if [ -s "$tmp/missing" ]; then
  echo "FAIL public symbols of the system library missing from ours:"
  sed 's/^/  /' "$tmp/missing"
  fails=1
else
  echo "ok   every public symbol of the system library is exported by ours"
fi
# The comparison itself can fail: a library exporting one more public name
# than ours must be reported, by that name.
if command -v cc >/dev/null 2>&1; then
  printf 'int sqlite3_lipsqlite_probe_symbol(void){ return 1; }\n' > "$tmp/x.c"
  if cc -shared -fPIC -o "$tmp/libx.so" "$tmp/x.c" 2>/dev/null; then
    exports "$tmp/libx.so" | grep '^sqlite3_' | comm -23 - "$tmp/ours.api" > "$tmp/xmissing"
    if grep -qx sqlite3_lipsqlite_probe_symbol "$tmp/xmissing"; then
      echo "ok   a symbol missing from ours is named (self-test)"
    else
      echo "FAIL the comparison did not name a missing symbol (self-test)"; fails=1
    fi
  fi
fi
n=$(grep -vc '^sqlite3_' "$tmp/sys")
[ "$n" = 0 ] || echo "note $n internal symbols of the system library are not compared (not in any header), e.g. $(grep -v '^sqlite3_' "$tmp/sys" | head -n 3 | tr '\n' ' ')"
soname=$(readelf -d "$ours" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
if [ "$soname" = libsqlite3.so.0 ]; then echo "ok   SONAME libsqlite3.so.0"; else echo "FAIL SONAME is '$soname'"; fails=1; fi
[ $fails = 0 ]
