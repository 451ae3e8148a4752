#!/bin/sh
# Prepare the patched upstream tree in the build directory.
#
# Usage: tool/prepare.sh BUILDDIR [SOURCE-LINE]
#
# SOURCE-LINE is what tool/fetch-upstream.sh printed ("tarball FILE" or
# "tree DIR"); without it the one recorded in BUILDDIR/.source is used.
#
# BUILDDIR/sqlite is the patched tree.  It is (re)made from the pristine source
# whenever the source, patches/series, any patch or the modules left out
# changed since it was made; a partly made tree is never left behind: the new
# tree is assembled under a temporary name and renamed into place only once
# every patch applied.
#
# The series applied is patches/series (or BUILDDIR/.series, which
# tool/series-check.sh writes; or DIR/series when BUILDDIR/.patches names
# DIR, ./configure --patches=DIR, whose manifest and VERSION, when there,
# stand for ./manifest and ./VERSION) without the patches of the modules
# named in BUILDDIR/.without (./configure --without-module=NAME).  The
# modules whose code patches are all applied are built (tool/modules.sh):
# their sources (src/MODULE/) are synchronised into the tree's src/ on every
# call, copying only files that changed, so a rebuild after editing one of
# our files recompiles only what it must, together with the files generated
# from their module files (lipsqlite.h, lipsqlite_modules.h, lipsqlite.files,
# lipsqlite.mk, lipsqlite.ctime, lipsqlite.pragmas) and our Tcl tests
# (test/*.test).  BUILDDIR/modules says which modules are built and tested.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

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
pdir=$top/patches
[ -f "$build/.patches" ] && pdir=$(cat "$build/.patches")
series=$pdir/series
manifest=$top/manifest
[ -f "$pdir/manifest" ] && manifest=$pdir/manifest
verfile=$top/VERSION
[ -f "$pdir/VERSION" ] && verfile=$pdir/VERSION
# A build may apply a prefix of the series instead (tool/series-check.sh).
[ -f "$build/.series" ] && series=$build/.series
[ -f "$series" ] || die "$series is missing"

# The effective series: patches/series without the modules left out.
without=
[ -f "$build/.without" ] && without=$(cat "$build/.without")
patchlist=$(series_patches "$series")
if [ -n "$without" ]; then
  skip=$("$here/modules.sh" patches $without) || exit 1
  patchlist=$(for p in $patchlist; do
                printf '%s\n' "$skip" | grep -qxF "$p" || echo "$p"
              done)
fi
modstate=$("$here/modules.sh" resolve $patchlist) \
  || die "the series does not make a working set of modules (above)"
built=$(printf '%s\n' "$modstate" | awk '$2 != "absent" { printf "%s ", $1 }')

# The key of the prepared tree: the source, the effective series and every
# patch's content.
key=$( { echo "$srcline"; echo $patchlist;
         for p in $patchlist; do
           [ -f "$pdir/$p" ] || die "$series names $p, which is not in $pdir/"
           cat "$pdir/$p"
         done; } | sha256sum | awk '{print $1}')

if [ ! -f "$build/.prepared" ] || [ "$(cat "$build/.prepared")" != "$key" ] || [ ! -d "$tree" ]; then
  rm -f "$build/.prepared"
  tmp=$build/sqlite.new
  rm -rf "$tmp"
  case $kind in
    tarball)
      dirname=$("$here/manifest-get.sh" tarball-dir "$manifest")
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
    if ! out=$(patch -d "$tmp" -p1 --forward --batch --no-backup-if-mismatch -s < "$pdir/$p" 2>&1); then
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

# Synchronise our own files into the tree: the sources of the modules built
# (each file name once in the whole of src/), then what is generated from
# their module files.
sync_file() {  # sync_file SRC DEST
  if ! cmp -s "$1" "$2"; then cp "$1" "$2"; fi
}
version=$(cat "$verfile")
seen=" "
for m in $built; do
  for f in $("$here/modules.sh" get "$m" header) $("$here/modules.sh" get "$m" private) \
           $("$here/modules.sh" get "$m" library) \
           $("$here/modules.sh" get "$m" shell); do
    case "$seen" in *" $f "*) die "src/*/$f: two modules have a file of this name" ;; esac
    seen="$seen$f "
    if [ "$f" = lipsqlite.h ]; then
      sed "s/@LIPSQLITE_VERSION@/$version/" "$top/src/$m/lipsqlite.h.in" > "$build/lipsqlite.h.tmp"
      sync_file "$build/lipsqlite.h.tmp" "$tree/src/lipsqlite.h"
      rm -f "$build/lipsqlite.h.tmp"
      continue
    fi
    [ -f "$top/src/$m/$f" ] || die "src/$m/module names $f, which is not in src/$m/"
    sync_file "$top/src/$m/$f" "$tree/src/$f"
  done
done
"$here/modules.sh" generate "$tree" $built
printf '%s\n' "$modstate" > "$build/modules.tmp"
sync_file "$build/modules.tmp" "$build/modules"
rm -f "$build/modules.tmp"
for f in "$top"/test/*.test; do
  [ -f "$f" ] && sync_file "$f" "$tree/test/$(basename "$f")"
done
exit 0
