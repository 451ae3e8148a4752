#!/bin/sh
# Print a version of the engine a build made, from its amalgamation:
#   tool/build-version.sh BUILDDIR fork       the fork's (3.53.4+lip.1): LIPSQLITE_VERSION
#                                             in BUILDDIR/sqlite3.c
#   tool/build-version.sh BUILDDIR upstream   upstream's (3.53.4): SQLITE_VERSION in
#                                             BUILDDIR/sqlite3.h
# A build of another series (./configure --patches=DIR, a rebase's dry run)
# has the versions of DIR/VERSION and of its upstream tree, not those of
# ./VERSION and ./manifest, so the checks and scripts that compare what they
# load, install or package with the build ask here.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
usage() { echo "usage: tool/build-version.sh BUILDDIR fork|upstream" >&2; exit 2; }
[ $# = 2 ] || usage
case $2 in
  fork)     f=$1/sqlite3.c; re='^#define LIPSQLITE_VERSION "\([^"]*\)"$' ;;
  upstream) f=$1/sqlite3.h; re='^#define SQLITE_VERSION  *"\([^"]*\)"$' ;;
  *) usage ;;
esac
v=$(sed -n "s/$re/\\1/p" "$f" 2>/dev/null | head -n 1)
[ -n "$v" ] || die "no $2 version in $f: run make first"
printf '%s\n' "$v"
