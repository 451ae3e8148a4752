#!/bin/sh
# Prepare the patched upstream tree in the build directory.
#
# Usage: tool/prepare.sh BUILDDIR [SOURCE-LINE]
#
# SOURCE-LINE is what tool/fetch-upstream.sh printed ("tarball FILE" or
# "tree DIR"); without it the one recorded in BUILDDIR/.source is used.
#
# BUILDDIR/sqlite is the patched tree.  It is (re)made from the pristine source
# whenever the source, patches/series or any patch changed since it was made;
# a partly made tree is never left behind: the new tree is assembled under a
# temporary name and renamed into place only once every patch applied.  Our
# own sources (src/), Tcl tests (test/*.test) and the generated lipsqlite.h are
# synchronised into it on every call, copying only files that changed, so a
# rebuild after editing one of our files recompiles only what it must.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
die() { echo "lipsqlite: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: tool/prepare.sh BUILDDIR [SOURCE-LINE]"
build=$1
mkdir -p "$build" || die "cannot create build directory $build"
build=$(cd "$build" && pwd)
if [ $# -ge 2 ]; then
  srcline=$2
  printf '%s\n' "$srcline" > "$build/.source"
else
  [ -f "$build/.source" ] || die "$build is not configured: run ./configure first"
  srcline=$(cat "$build/.source")
fi
kind=${srcline%% *}
src=${srcline#* }
tree=$build/sqlite
series=$top/patches/series
[ -f "$series" ] || die "patches/series is missing"

# The key of the prepared tree: the source and every patch's content.
patchlist=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
key=$( { echo "$srcline"; cat "$series";
         for p in $patchlist; do
           [ -f "$top/patches/$p" ] || die "patches/series names $p, which is not in patches/"
           cat "$top/patches/$p"
         done; } | sha256sum | awk '{print $1}')

if [ ! -f "$build/.prepared" ] || [ "$(cat "$build/.prepared")" != "$key" ] || [ ! -d "$tree" ]; then
  rm -f "$build/.prepared"
  tmp=$build/sqlite.new
  rm -rf "$tmp"
  case $kind in
    tarball)
      dirname=$("$here/manifest-get.sh" tarball-dir "$top/manifest")
      mkdir -p "$tmp.x"
      if ! tar -xJf "$src" -C "$tmp.x"; then
        rm -rf "$tmp.x"; die "cannot unpack $src"
      fi
      [ -d "$tmp.x/$dirname" ] || { rm -rf "$tmp.x"; die "$src does not contain $dirname/"; }
      mv "$tmp.x/$dirname" "$tmp"; rmdir "$tmp.x" 2>/dev/null || rm -rf "$tmp.x"
      ;;
    tree)
      mkdir -p "$tmp"
      (cd "$src" && tar -cf - --exclude=.git .) | (cd "$tmp" && tar -xf -) \
        || { rm -rf "$tmp"; die "cannot copy source tree $src"; }
      ;;
    *) die "bad source line in $build/.source: $srcline" ;;
  esac
  for p in $patchlist; do
    if ! out=$(patch -d "$tmp" -p1 --forward --batch --no-backup-if-mismatch -s < "$top/patches/$p" 2>&1); then
      rm -rf "$tmp"
      die "patch $p does not apply: $(printf '%s' "$out" | head -n 1)"
    fi
  done
  find "$tmp" -name '*.orig' -newer "$series" -exec rm -f {} + 2>/dev/null || true
  rm -rf "$tree"
  mv "$tmp" "$tree"
  printf '%s\n' "$key" > "$build/.prepared"
  echo "lipsqlite: prepared $tree ($(echo $patchlist | wc -w) patches applied)"
fi

# Synchronise our own files into the tree.
sync_file() {  # sync_file SRC DEST
  if ! cmp -s "$1" "$2"; then cp "$1" "$2"; fi
}
version=$(cat "$top/VERSION")
for f in "$top"/src/*; do
  case $f in *.in) continue ;; esac
  [ -f "$f" ] && sync_file "$f" "$tree/src/$(basename "$f")"
done
sed "s/@LIPSQLITE_VERSION@/$version/" "$top/src/lipsqlite.h.in" > "$build/lipsqlite.h.tmp"
sync_file "$build/lipsqlite.h.tmp" "$tree/src/lipsqlite.h"
rm -f "$build/lipsqlite.h.tmp"
for f in "$top"/test/*.test; do
  [ -f "$f" ] && sync_file "$f" "$tree/test/$(basename "$f")"
done
exit 0
