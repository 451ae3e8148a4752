#!/bin/sh
# Obtain the pinned upstream SQLite source and print where it is.
#
# Usage: tool/fetch-upstream.sh [PATH]
#
# PATH, when given (configure's --with-sqlite-src), is a tarball or an unpacked
# upstream tree.  Without it the tarball is looked for in the download cache
# ($LIPSQLITE_CACHE, default ${XDG_CACHE_HOME:-$HOME/.cache}/lipsqlite) and
# then fetched with `apt-get source --download-only` from any Debian source
# package revision whose .orig.tar.xz has the pinned SHA-256.
#
# The pin is ./manifest, or the file $LIPSQLITE_MANIFEST names (configure
# --patches=DIR with a DIR/manifest).
#
# On success prints one line "tarball FILE" or "tree DIR" and exits 0.  On any
# failure prints one line naming the problem on stderr and exits non-zero.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
get() { "$here/manifest-get.sh" "$1" "${LIPSQLITE_MANIFEST:-$top/manifest}"; }
die() { echo "lipsqlite: $*" >&2; exit 1; }

version=$(get upstream-version)
checkin=$(get upstream-checkin)
pkg=$(get debian-source)
debver=$(get debian-version)
tarball=$(get tarball)
sha=$(get sha256)

command -v sha256sum >/dev/null 2>&1 || die "sha256sum not found (install coreutils)"
sha_of() { sha256sum "$1" | awk '{print $1}'; }

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
cache=${LIPSQLITE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lipsqlite}
if [ -f "$cache/$tarball" ]; then
  got=$(sha_of "$cache/$tarball")
  if [ "$got" = "$sha" ]; then
    echo "tarball $cache/$tarball"
    exit 0
  fi
  echo "lipsqlite: cached $cache/$tarball has SHA-256 $got, not the pinned $sha; discarding it" >&2
  rm -f "$cache/$tarball"
fi

# 3. Debian's source package: any revision of $version whose orig tarball
#    carries the pinned checksum (the checksum is the pin, not the revision).
command -v apt-get >/dev/null 2>&1 || die "upstream source not found: no --with-sqlite-src, nothing in $cache, and no apt-get to fetch Debian's source package (see README: using an upstream release)"

find_revisions() {
  # Print "VERSION" for every source stanza of $pkg $version-* whose
  # Checksums-Sha256 lists $tarball with the pinned checksum; the manifest's
  # revision first.
  apt-cache showsrc "$pkg" 2>/dev/null | awk -v want="$version" -v tb="$tarball" -v sha="$sha" '
    /^Package:/ { ver = ""; insha = 0 }
    /^Version:/ { ver = $2 }
    /^[A-Za-z0-9-]+:/ { insha = ($1 == "Checksums-Sha256:") ; next }
    insha && $3 == tb && $1 == sha && index(ver, want "-") == 1 { print ver }
  ' | sort -u | awk -v pref="$debver" '$0==pref {print; next} {rest = rest $0 "\n"} END {printf "%s", rest}'
}

revs=$(find_revisions)
if [ -z "$revs" ] && [ "$(id -u)" = 0 ] && [ ! -f /etc/apt/sources.list.d/lipsqlite-src.sources ]; then
  echo "lipsqlite: no deb-src entry carries $pkg $version; deriving one from this machine's apt sources" >&2
  "$here/enable-deb-src.sh" >&2 || die "could not enable Debian source packages (tool/enable-deb-src.sh failed)"
  revs=$(find_revisions)
fi
if [ -z "$revs" ]; then
  known=$(apt-cache showsrc "$pkg" 2>/dev/null | awk '/^Version:/ {printf "%s ", $2}')
  die "no Debian source package revision of $pkg $version with $tarball SHA-256 $sha is known to apt (known: ${known:-none}; as root run tool/enable-deb-src.sh, or pass --with-sqlite-src=PATH)"
fi

mkdir -p "$cache" || die "cannot create download cache $cache"
for rev in $revs; do
  tmp=$(mktemp -d "$cache/dl.XXXXXX")
  echo "lipsqlite: fetching Debian source package $pkg=$rev" >&2
  if (cd "$tmp" && chmod 755 . && apt-get source --download-only -qq "$pkg=$rev" >/dev/null 2>"$tmp/.err"); then
    if [ -f "$tmp/$tarball" ]; then
      got=$(sha_of "$tmp/$tarball")
      if [ "$got" = "$sha" ]; then
        mv "$tmp/$tarball" "$cache/$tarball"
        rm -rf "$tmp"
        echo "tarball $cache/$tarball"
        exit 0
      fi
      echo "lipsqlite: $pkg=$rev: $tarball has SHA-256 $got, not the pinned $sha" >&2
    fi
  else
    echo "lipsqlite: apt-get source $pkg=$rev failed: $(grep -v '^W:' "$tmp/.err" | head -n 1)" >&2
  fi
  rm -rf "$tmp"
done
die "no Debian source package revision of $pkg $version delivered $tarball with SHA-256 $sha"
