#!/bin/sh
# Enable Debian source packages of the suites that carry the pinned upstream
# release (unstable and testing), derived from this machine's own apt source
# file, so that `apt-get source sqlite3=<version>` can find it.  The mirror is
# whatever the machine already uses: nothing here names a host.
#
# Usage (as root):  tool/enable-deb-src.sh [--no-update]
set -eu
SUITES=${LIPSQLITE_DEBSRC_SUITES:-"sid forky"}
OUT=/etc/apt/sources.list.d/lipsqlite-src.sources
die() { echo "lipsqlite: enable-deb-src: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root to write $OUT"

uri= signed=
# deb822 files first: the first "Types: deb" stanza whose suites are not
# -security/-updates/-backports gives the archive URI and its keyring.
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  [ "$f" = "$OUT" ] && continue
  r=$(awk '
    function flush() {
      plain = 0; n = split(suites, w, /[ \t]+/)
      for (j = 1; j <= n; j++) if (w[j] != "" && w[j] !~ /-(security|updates|backports|proposed-updates)$/) plain = 1
      if (types ~ /(^| )deb( |$)/ && uris != "" && plain && comps ~ /main/ && !done) {
        print uris "|" signed; done = 1
      }
      types = uris = suites = comps = signed = ""
    }
    /^[ \t]*$/ { flush(); next }
    /^#/ { next }
    /^Types:/      { sub(/^Types:[ \t]*/, "");      types = $0 }
    /^URIs:/       { sub(/^URIs:[ \t]*/, "");       uris = $1 }
    /^Suites:/     { sub(/^Suites:[ \t]*/, "");     suites = $0 }
    /^Components:/ { sub(/^Components:[ \t]*/, ""); comps = $0 }
    /^Signed-By:/  { sub(/^Signed-By:[ \t]*/, "");  signed = $0 }
    END { flush() }' "$f")
  if [ -n "$r" ]; then
    uri=${r%%|*}; signed=${r#*|}
    break
  fi
done
# One-line format as a fallback.
if [ -z "$uri" ]; then
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    r=$(awk '$1=="deb" {
          i = 2; opts = "";
          if ($2 ~ /^\[/) { while ($i !~ /\]$/) { opts = opts " " $i; i++ } opts = opts " " $i; i++ }
          if ($(i+1) ~ /-(security|updates|backports)/) next;
          print $i "|" opts; exit }' "$f")
    if [ -n "$r" ]; then
      uri=${r%%|*}
      signed=$(printf '%s' "${r#*|}" | sed -n 's/.*signed-by=\([^] ]*\).*/\1/p')
      break
    fi
  done
fi
[ -n "$uri" ] || die "no Debian archive entry found in /etc/apt/sources.list{,.d}: cannot derive a deb-src entry"

{
  echo "# Written by lipsqlite tool/enable-deb-src.sh from this machine's apt sources."
  echo "Types: deb-src"
  echo "URIs: $uri"
  echo "Suites: $SUITES"
  echo "Components: main"
  [ -n "$signed" ] && echo "Signed-By: $signed"
} > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "lipsqlite: wrote $OUT (deb-src for: $SUITES)"
if [ "${1:-}" != "--no-update" ]; then
  apt-get update -qq || die "apt-get update failed"
fi
