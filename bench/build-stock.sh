#!/bin/sh
# Build stock SQLite 3.53.4 (the pinned tarball, none of our patches, upstream's
# default options) for side-by-side benchmarks: bench/.stock/sqlite3 (shell)
# and bench/.stock/libsqlite3.so.0.  The tarball is found the way ./configure
# finds it (tool/fetch-upstream.sh).  Re-running is a no-op once built.
#
# bench/build-stock.sh --dropin builds bench/.stock-dropin instead: stock
# SQLite with the same compile options as our default build (the feature set
# of a distribution's library, tool/dropin-options.sh), so that a comparison
# measures our changes alone.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out=$here/.stock
features= defines=
case ${1:-} in
  --dropin) out=$here/.stock-dropin
            . "$top/tool/dropin-options.sh"
            features=$dropin_features defines=$dropin_defines ;;
  "") ;;
  *) echo "bench/build-stock.sh: unknown option '$1' (--dropin)" >&2; exit 2 ;;
esac
if [ -x "$out/sqlite3" ] && [ -f "$out/libsqlite3.so.0" ]; then
  echo "bench: stock build present in $out"; exit 0
fi
srcline=$("$top/tool/fetch-upstream.sh" "${LIPSQLITE_SQLITE_SRC:-}") || exit 1
src=${srcline#* }
# Built in a directory of its own, renamed into place when complete: two
# checks that need stock SQLite may run this at the same time.
work=$(mktemp -d "$out.build.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bld"
case $srcline in
  tarball*) tar -xJf "$src" -C "$work" ;;
  tree*) mkdir -p "$work/sqlite3-3.53.4" && (cd "$src" && tar -cf - .) | (cd "$work/sqlite3-3.53.4" && tar -xf -) ;;
esac
cd "$work/bld"
echo "bench: building stock SQLite from $src (${features:+drop-in options, }--soname=legacy)"
CFLAGS="$defines -g -O2" ../sqlite3-3.53.4/configure --soname=legacy --disable-tcl $features > configure.log 2>&1 \
  || { tail configure.log; echo "bench: stock configure failed" >&2; exit 1; }
make -j"$(nproc)" sqlite3 so > make.log 2>&1 || { tail make.log; echo "bench: stock build failed" >&2; exit 1; }
cp sqlite3 "$work/sqlite3"
cp libsqlite3.so "$work/libsqlite3.so.0"
cd "$here"
if [ -x "$out/sqlite3" ] && [ -f "$out/libsqlite3.so.0" ]; then
  echo "bench: stock SQLite built meanwhile by another run: $out"
  exit 0
fi
rm -rf "$out"
# Should another run rename its build into place since the test above,
# mv puts this one inside it (mv -T, which would not, is GNU's only): the
# copy inside goes.
mv "$work" "$out" || exit 1
rm -rf "$out/${work##*/}"
[ -x "$out/sqlite3" ] || exit 1
echo "bench: stock SQLite built: $out/sqlite3, $out/libsqlite3.so.0"
