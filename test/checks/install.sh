#!/bin/sh
# make install puts the library (with its SONAME link), the static library,
# the headers, the shell and sqlite3.pc under the prefix; checked with a
# DESTDIR staging install of the current build.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
build=${BUILD:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$(sed -n 's/^prefix[[:space:]]*=[[:space:]]*//p' "$build/Makefile" | head -n 1)
[ -n "$prefix" ] || { echo "FAIL no prefix in $build/Makefile"; exit 1; }
if ! DESTDIR="$tmp" "${TOP:?}/tool/install.sh" install "$build" > "$tmp/log" 2>&1; then
  tail -n 20 "$tmp/log"; echo "FAIL make install"; exit 1
fi
root=$tmp$prefix
fails=0
for f in lib/libsqlite3.so.0 lib/libsqlite3.so lib/libsqlite3.a include/sqlite3.h \
         include/sqlite3ext.h bin/sqlite3 lib/pkgconfig/sqlite3.pc; do
  if [ -e "$root/$f" ]; then echo "ok   $prefix/$f"; else echo "FAIL missing $prefix/$f"; fails=$((fails+1)); fi
done
soname=$(readelf -d "$root/lib/libsqlite3.so.0" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
[ "$soname" = libsqlite3.so.0 ] || { echo "FAIL SONAME is '$soname'"; fails=$((fails+1)); }
grep -qx "Version: $("${TOP:?}/tool/build-version.sh" "$build" upstream)" "$root/lib/pkgconfig/sqlite3.pc" || { echo "FAIL sqlite3.pc version"; fails=$((fails+1)); }
# The installed shell runs against the installed library and is ours.
v=$(LD_LIBRARY_PATH="$root/lib" "$root/bin/sqlite3" :memory: 'PRAGMA lipsqlite_version' 2>&1)
[ "$v" = "$("$TOP/tool/build-version.sh" "$build" fork)" ] || { echo "FAIL installed shell says '$v'"; fails=$((fails+1)); }
# make uninstall removes every file make install put there, and only those.
mkdir -p "$root/bin" && echo keep > "$root/bin/other-program"
if DESTDIR="$tmp" "$TOP/tool/install.sh" uninstall "$build" > "$tmp/log" 2>&1; then
  left=$(cd "$root" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort | tr '\n' ' ')
  if [ "$left" = "bin/other-program " ]; then echo "ok   make uninstall removed what make install installed"
  else echo "FAIL after make uninstall: '$left'"; fails=$((fails+1)); fi
else
  cat "$tmp/log"; echo "FAIL make uninstall"; fails=$((fails+1))
fi
[ $fails = 0 ]
