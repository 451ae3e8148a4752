#!/bin/sh
# make release: what a user downloads, in OUTDIR (default dist/), with
# nothing of our build needed to use it (README.md, "Get lipsqlite"):
#
#   lipsqlite-autoconf-VERSION.tar.gz, lipsqlite-amalgamation-VERSION.zip
#       tool/dist.sh;
#   lipsqlite_pysqlite3-...-cp3XY-cp3XY-manylinux_2_NN_ARCH.whl, one per
#       ARCH of RELEASE_ARCHES (default: this machine's, x86_64, and 64-bit
#       Raspberry Pi OS, aarch64, cross-built; tool/wheel.sh), for the
#       Python of PYTHON (default python3), and the alias wheel;
#   lipsqlite-VERSION.manifest  what it was made from: the commit, the
#       upstream version and its pinned SHA-256, the SHA-256 of the patch
#       series, the modules, the compile-time options, the compilers, the
#       pysqlite3 sdist and the target's Python packages of each cross wheel;
#   SHA256SUMS                  sha256sum -c of every file above.
#
# Usage: tool/release.sh BUILDDIR [OUTDIR]
#
# Byte-identical for the same commit: the times are the commit's
# (SOURCE_DATE_EPOCH), the wheels and archives are made reproducibly, the
# manifest holds no time or path of the machine.  RELEASE_WORK=DIR builds
# the wheels in DIR/wheel-ARCH instead of reusing BUILDDIR's (the check
# test/checks/release.sh rebuilds everything that way).  Everything it needs
# is checked first; what is missing is named in one line.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: make release"
[ $# -ge 1 ] || die_with 2 "usage: tool/release.sh BUILDDIR [OUTDIR]"
build=$(cd "$1" 2>/dev/null && pwd) || die "no build directory $1: run ./configure first"
outdir=${2:-$top/dist}
hostarch=$(uname -m)
arches=${RELEASE_ARCHES-$hostarch aarch64}
[ "$arches" != "aarch64 aarch64" ] || arches=aarch64
py=${PYTHON:-python3}

# -------------------------------------------------------------------------
# What it needs, all of it named at once.
# -------------------------------------------------------------------------
missing=
need() { missing="${missing:+$missing, }$1"; }
for t in tar:tar gzip:gzip zip:zip unzip:unzip sha256sum:coreutils make:make git:git; do
  command -v "${t%%:*}" >/dev/null 2>&1 || need "${t%%:*} (apt-get install ${t#*:})"
done
[ -f "$build/sqlite3.c" ] && [ -f "$build/Makefile" ] || need "a build in $build (./configure && make)"
pyv=
if ! command -v "$py" >/dev/null 2>&1; then
  need "Python '$py' (PYTHON names it)"
else
  pyv=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || need "a Python that runs ('$py')"
  "$py" -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null ||
    need "Python $pyv's headers (apt-get install python$pyv-dev)"
  "$py" -c 'import venv, ensurepip' >/dev/null 2>&1 || need "Python $pyv's venv (apt-get install python$pyv-venv)"
fi
[ -n "$(echo $arches)" ] || die_with 2 "RELEASE_ARCHES is empty: name the wheels' architectures (x86_64 aarch64)"
for a in $arches; do
  case $hostarch:$a in
    "$hostarch:$hostarch") ;;
    x86_64:aarch64|x86_64:armv7l)
      case $a in aarch64) x=aarch64-linux-gnu d=arm64 ;; *) x=arm-linux-gnueabihf d=armhf ;; esac
      command -v "$x-gcc" >/dev/null 2>&1 || need "$x-gcc (apt-get install gcc-$x)"
      command -v dpkg >/dev/null 2>&1 && dpkg --print-foreign-architectures | grep -qx "$d" ||
        need "apt's $d lists for the target's Python (dpkg --add-architecture $d && apt-get update)"
      ;;
    *) die_with 2 "RELEASE_ARCHES='$arches': $a cannot be built here (x86_64, aarch64, armv7l on an x86_64 machine)" ;;
  esac
done
[ -z "$missing" ] || die "missing: $missing"
for f in .series .without .patches; do
  [ ! -s "$build/$f" ] || die "$build is not configured with the whole patch series ($f): release from a default ./configure"
done

# The times: the commit's.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$top" log -1 --format=%ct 2>/dev/null) && [ -n "$SOURCE_DATE_EPOCH" ] ||
    die "no commit time (not a git checkout?): set SOURCE_DATE_EPOCH"
fi
export SOURCE_DATE_EPOCH
version=$("$here/build-version.sh" "$build" fork) || exit 1

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-release.XXXXXX") || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM
stage=$tmp/stage
mkdir -p "$stage"

# -------------------------------------------------------------------------
# The files.
# -------------------------------------------------------------------------
sh "$here/dist.sh" "$build" "$stage" > "$tmp/dist.log" 2>&1 || { cat "$tmp/dist.log" >&2; exit 1; }
note "tarball and amalgamation made"
wheels_info=
for a in $arches; do
  if [ -n "${RELEASE_WORK:-}" ]; then wo=$RELEASE_WORK/wheel-$a
  elif [ "$a" = "$hostarch" ]; then wo=$build/wheel
  else wo=$build/wheel-$a
  fi
  if ! ARCH=$a PYTHON=$py WHEEL_OUT=$wo sh "$here/wheel.sh" "$build" > "$tmp/wheel-$a.log" 2>&1; then
    grep '^lipsqlite' "$tmp/wheel-$a.log" | tail -n 1 >&2
    die "the $a wheel was not built (above; make wheel ARCH=$a says more)"
  fi
  w=$(ls "$wo/dist"/lipsqlite_pysqlite3-*_"$a".whl 2>/dev/null | head -n 1)
  [ -n "$w" ] || die "no $a wheel in $wo/dist"
  cp "$w" "$stage/" || die "cannot copy $w"
  [ -f "$stage/$(ls "$wo/dist" | grep '^lipsqlite_sqlite3_alias-' | head -n 1)" ] ||
    cp "$wo/dist"/lipsqlite_sqlite3_alias-*.whl "$stage/" || die "no alias wheel in $wo/dist"
  note "wheel $(basename "$w")"
  if [ "$a" != "$hostarch" ]; then
    wheels_info="$wheels_info
target-python-$a $(sed 's/ .*//' "$wo/target/.debs" | tr '\n' ' ' | sed 's/ $//')
target-python-$a-sha256 $(sha_of "$wo/target/.debs")"
  fi
done

# -------------------------------------------------------------------------
# The manifest: what the files were made from.
# -------------------------------------------------------------------------
get() { "$here/manifest-get.sh" "$1" "$top/manifest"; }
series=$top/patches/series
patchlist=$(series_patches "$series")
serieshash=$( { echo $patchlist; for p in $patchlist; do cat "$top/patches/$p"; done; } | sha256sum | awk '{print $1}')
commit=$(git -C "$top" rev-parse HEAD 2>/dev/null || echo unknown)
dirty=
[ -z "$(git -C "$top" status --porcelain --untracked-files=no 2>/dev/null)" ] || dirty=" (with uncommitted changes)"
cflags=$(library_cflags "$build") || exit 1
# The compiler: the first word of that command.
cc1=$(echo $cflags | awk '{print $1}')
ccver() { "$1" --version 2>/dev/null | head -n 1; }
{
  echo "# lipsqlite $version release manifest (tool/release.sh); SHA256SUMS lists the files"
  echo "lipsqlite-version $version"
  echo "commit $commit$dirty"
  echo "source-date-epoch $SOURCE_DATE_EPOCH"
  echo "upstream-version $(get upstream-version)"
  echo "upstream-checkin $(get upstream-checkin)"
  echo "upstream-tarball $(get tarball) (Debian source $(get debian-source) $(get debian-version))"
  echo "upstream-sha256 $(get sha256)"
  echo "patch-series $(echo $patchlist | wc -w) patches, sha256 $serieshash (names in order, then each patch)"
  echo "modules $(awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }' "$build/modules" 2>/dev/null)"
  echo "compile-options $(for w in $cflags; do case $w in -D*|-U*|-O*) printf '%s ' "$w" ;; esac; done | sed 's/ $//')"
  echo "compiler ${cc1:-cc}: $(ccver "${cc1:-cc}")"
  for a in $arches; do
    case $a in aarch64) echo "compiler-aarch64 aarch64-linux-gnu-gcc: $(ccver aarch64-linux-gnu-gcc)" ;;
               armv7l) echo "compiler-armv7l arm-linux-gnueabihf-gcc: $(ccver arm-linux-gnueabihf-gcc)" ;; esac
  done
  echo "wheel-python $("$py" -c 'import platform; print(platform.python_implementation(), platform.python_version())')"
  echo "pysqlite3-sdist $(sed -n 's/^PYSQLITE3_SDIST=//p' "$here/wheel.sh" | sed 's/\$PYSQLITE3_VERSION/'"$(sed -n 's/^PYSQLITE3_VERSION=//p' "$here/wheel.sh")"'/') sha256 $(sed -n 's/^PYSQLITE3_SHA256=//p' "$here/wheel.sh")"
  echo "wheel-tools $(sed -n 's/^TOOLS="\(.*\)"$/\1/p' "$here/wheel.sh")"
  printf '%s\n' "$wheels_info" | sed '/^$/d'
} > "$stage/lipsqlite-$version.manifest" || die "cannot write the manifest"
touch -d "@$SOURCE_DATE_EPOCH" "$stage"/*

(cd "$stage" && LC_ALL=C ls | grep -v '^SHA256SUMS$' | xargs sha256sum) > "$tmp/SHA256SUMS" || die "sha256sum failed"
mv "$tmp/SHA256SUMS" "$stage/SHA256SUMS" && touch -d "@$SOURCE_DATE_EPOCH" "$stage/SHA256SUMS"
mkdir -p "$outdir" || die "cannot create $outdir"
# The files of this release replace those of an earlier one of the same version.
rm -f "$outdir/SHA256SUMS" "$outdir"/lipsqlite_pysqlite3-*.whl "$outdir"/lipsqlite_sqlite3_alias-*.whl
cp -p "$stage"/* "$outdir/" || die "cannot write to $outdir"
note "in $outdir:"
sed 's/^/  /' "$stage/SHA256SUMS"
