#!/bin/sh
# The target's Python for a cross-built wheel (make wheel ARCH=aarch64 or
# ARCH=armv7l, tool/wheel.sh): Debian's pythonX.Y for that architecture,
# its packages fetched with apt-get download into the download cache and
# unpacked with dpkg-deb -x into DEST.  Nothing is installed and the system
# is not changed: the headers are what the wheel compiles against, and
# DEST/usr/bin/pythonX.Y runs under qemu-user (qemu-aarch64 -L DEST) for
# the wheel's smoke test.
#
# Usage: tool/target-python.sh ARCH X.Y DEST
#
# apt must have the target's package lists, once, as root (the same step as
# for the cross tests' libcmocka, doc/raspberry-pi.md):
#   dpkg --add-architecture arm64 && apt-get update      (armhf for armv7l)
# The packages are those apt's lists name now; each is kept in the cache
# ($LIPSQLITE_CACHE/debs/DEBARCH) once its SHA-256 matches the lists', and
# DEST/.debs lists them, "NAME SHA256" a line (the release manifest records
# it).  DEST is made anew only when that list changes.  Stops with one line
# naming what is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: target Python"
[ $# = 3 ] || die_with 2 "usage: tool/target-python.sh ARCH X.Y DEST"
arch=$1 v=$2 dest=$3
case $arch in
  aarch64) darch=arm64 ;;
  armv7l) darch=armhf ;;
  *) die_with 2 "no target Python for ARCH=$arch (aarch64, armv7l)" ;;
esac
case $v in 3.[0-9]|3.[0-9][0-9]) ;; *) die_with 2 "not a Python version: '$v' (X.Y)" ;; esac
for t in apt-get:apt dpkg-deb:dpkg dpkg:dpkg sha256sum:coreutils; do
  command -v "${t%%:*}" >/dev/null 2>&1 || die "${t%%:*} not found (a Debian or Ubuntu system with ${t#*:} is needed)"
done
dpkg --print-foreign-architectures 2>/dev/null | grep -qx "$darch" ||
  die "apt has no $darch package lists: as root, dpkg --add-architecture $darch && apt-get update"

# The interpreter, its standard library and headers, and what the
# interpreter and ctypes load (libc from the same lists, so that qemu needs
# nothing of the host's multiarch libraries).
pkgs="python$v-minimal libpython$v-minimal libpython$v-stdlib libpython$v-dev libexpat1 zlib1g libffi8 libc6"
cache=$(download_cache)/debs/$darch
mkdir -p "$cache" "$dest" || die "cannot create $cache or $dest"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-tpy.XXXXXX") || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM

# What apt's lists name: 'URI' FILE SIZE SHA256:HEX, one a package.
args=
for p in $pkgs; do args="$args $p:$darch"; done
if ! apt-get download --print-uris $args > "$tmp/uris" 2> "$tmp/err"; then
  die "apt has no $(grep -o "[a-z0-9.+-]*:$darch" "$tmp/err" | head -n 1 || echo "package") in its lists ($(head -n 1 "$tmp/err")): python$v for $darch is needed (apt-get update, or PYTHON=a Python of the version Debian ships)"
fi
: > "$tmp/debs"
while read -r uri file size hash; do
  sha=${hash#SHA256:}
  [ "$sha" != "$hash" ] || die "apt gives no SHA256 for $file"
  if [ ! -f "$cache/$file" ] || [ "$(sha_of "$cache/$file")" != "$sha" ]; then
    rm -f "$cache/$file"
    pkg=${file%%_*}
    (cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$pkg:$darch=$(echo "${file#*_}" | sed 's/_[^_]*$//; s/%3a/:/')" > "$tmp/dl.log" 2>&1) ||
      die "cannot download $pkg:$darch ($(grep -E '^(E|Err):' "$tmp/dl.log" | head -n 1 | cut -c1-150))"
    [ -f "$tmp/$file" ] && [ "$(sha_of "$tmp/$file")" = "$sha" ] ||
      die "downloaded $file does not have the SHA-256 apt's lists give ($sha)"
    mv "$tmp/$file" "$cache/$file" || die "cannot store $cache/$file"
  fi
  echo "$file $sha" >> "$tmp/debs"
done <<EOF
$(sed "s/^'\([^']*\)'/\1/" "$tmp/uris")
EOF
[ "$(wc -l < "$tmp/debs")" = "$(echo $pkgs | wc -w)" ] ||
  die "apt named $(wc -l < "$tmp/debs") packages for the $(echo $pkgs | wc -w) asked ($pkgs)"
LC_ALL=C sort -o "$tmp/debs" "$tmp/debs"

if ! cmp -s "$tmp/debs" "$dest/.debs" || [ ! -x "$dest/usr/bin/python$v" ]; then
  rm -rf "$dest" && mkdir -p "$dest" || die "cannot create $dest"
  while read -r file sha; do
    dpkg-deb -x "$cache/$file" "$dest" || die "cannot unpack $file"
  done < "$tmp/debs"
  [ -x "$dest/usr/bin/python$v" ] && [ -f "$dest/usr/include/python$v/Python.h" ] ||
    die "the $darch packages gave no usr/bin/python$v or usr/include/python$v/Python.h"
  cp "$tmp/debs" "$dest/.debs"
fi
