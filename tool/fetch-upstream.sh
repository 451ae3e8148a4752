#!/bin/sh
# Obtain the pinned upstream SQLite source and print where it is.
#
# Usage: tool/fetch-upstream.sh [PATH]
#
# PATH, when given (configure's --with-sqlite-src), is a tarball or an unpacked
# upstream tree.  Without it the tarball is looked for in the download cache
# ($LIPSQLITE_CACHE, default ${XDG_CACHE_HOME:-$HOME/.cache}/lipsqlite) and
# then downloaded from the pool of a Debian mirror (the ones this machine's
# apt sources name, $LIPSQLITE_MIRROR, deb.debian.org) and kept only if its
# SHA-256 is the pinned one.  The system's configuration is read, never
# changed; root is not needed.
#
# The pin is ./manifest, or the file $LIPSQLITE_MANIFEST names (configure
# --patches=DIR with a DIR/manifest).
#
# On success prints one line "tarball FILE" or "tree DIR" and exits 0.  On any
# failure prints one line naming the problem on stderr and exits non-zero.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
get() { "$here/manifest-get.sh" "$1" "${LIPSQLITE_MANIFEST:-$top/manifest}"; }

version=$(get upstream-version)
checkin=$(get upstream-checkin)
pkg=$(get debian-source)
tarball=$(get tarball)
sha=$(get sha256)

command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (install coreutils)"

# 1. An explicit path.
if [ $# -ge 1 ] && [ -n "$1" ]; then
  src=$1
  if [ -d "$src" ]; then
    [ -r "$src/VERSION" ] && [ -r "$src/manifest.uuid" ] && [ -r "$src/src/sqliteInt.h" ] \
      || die "--with-sqlite-src=$src: not an upstream SQLite source tree (no VERSION, manifest.uuid or src/sqliteInt.h)"
    v=$(cat "$src/VERSION")
    [ "$v" = "$version" ] || die "--with-sqlite-src=$src: tree is SQLite $v, the pin is $version"
    u=$(cat "$src/manifest.uuid")
    [ "$u" = "$checkin" ] || die "--with-sqlite-src=$src: tree is check-in $u, the pin is $checkin"
    echo "tree $(cd "$src" && pwd)"
    exit 0
  fi
  [ -e "$src" ] || die "--with-sqlite-src=$src: no such file or directory"
  [ -r "$src" ] || die "--with-sqlite-src=$src: not readable"
  got=$(sha_of "$src")
  [ "$got" = "$sha" ] || die "--with-sqlite-src=$src: SHA-256 mismatch (got $got, pinned $sha)"
  echo "tarball $(cd "$(dirname "$src")" && pwd)/$(basename "$src")"
  exit 0
fi

# 2. The download cache.
cache=$(download_cache)
if [ -f "$cache/$tarball" ]; then
  got=$(sha_of "$cache/$tarball")
  if [ "$got" = "$sha" ]; then
    echo "tarball $cache/$tarball"
    exit 0
  fi
  echo "lipsqlite: cached $cache/$tarball has SHA-256 $got, not the pinned $sha; discarding it" >&2
  rm -f "$cache/$tarball"
fi

# 3. Debian's archive, by URL: the pool directory of the source package on
#    the mirrors this machine's apt already uses (read, never written), then
#    $LIPSQLITE_MIRROR and deb.debian.org.  Nothing on the system changes:
#    the file goes to the cache, and only once its SHA-256 is the pin's.
#    Debian's pool keeps an .orig.tar.xz for as long as any suite (or
#    snapshot.debian.org, forever) carries a revision of that version.
case $pkg in lib?*) pooldir=$(printf '%s' "$pkg" | cut -c1-4) ;; *) pooldir=$(printf '%s' "$pkg" | cut -c1) ;; esac
pool="pool/main/$pooldir/$pkg/$tarball"

# The archive URIs of this machine's apt sources, deb822 and one-line
# format, without the security archive; one per line.
apt_uris() {
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] && awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] && awk '$1 == "deb" || $1 == "deb-src" {
        i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } print $i }' "$f"
  done
}

if command -v curl >/dev/null 2>&1; then
  download() { curl -fsSL --retry 2 --connect-timeout 20 -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
  download() { wget -q -T 20 -O "$2" "$1"; }
else
  die "upstream source not found: no --with-sqlite-src, nothing in $cache, and neither curl nor wget to download $tarball (install curl, or pass --with-sqlite-src=PATH)"
fi

mirrors=$( { apt_uris 2>/dev/null; [ -z "${LIPSQLITE_MIRROR:-}" ] || echo "$LIPSQLITE_MIRROR"; echo "http://deb.debian.org/debian"; } \
  | grep -v -- '-security' | sed 's:/*$::' | awk '!seen[$0]++')
mkdir -p "$cache" || die "cannot create download cache $cache"
tmp=$(mktemp "$cache/dl.XXXXXX") || die "cannot write to the download cache $cache"
trap 'rm -f "$tmp"' EXIT
for m in $mirrors; do
  echo "lipsqlite: fetching $m/$pool" >&2
  if download "$m/$pool" "$tmp" 2>/dev/null; then
    got=$(sha_of "$tmp")
    if [ "$got" = "$sha" ]; then
      mv "$tmp" "$cache/$tarball"
      echo "tarball $cache/$tarball"
      exit 0
    fi
    echo "lipsqlite: $m/$pool has SHA-256 $got, not the pinned $sha" >&2
  fi
done
die "could not download $tarball with SHA-256 $sha from ${mirrors:-no mirror}: fetch it from any Debian mirror's $pool (or snapshot.debian.org) and run ./configure --with-sqlite-src=FILE"
