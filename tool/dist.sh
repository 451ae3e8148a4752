#!/bin/sh
# make dist: the fork's source releases, made by upstream's own packaging
# from the patched tree, then renamed, given the fork's defaults and made
# reproducible (doc/install.md, "Source tarball and amalgamation").
#
# Usage: tool/dist.sh BUILDDIR [OUTDIR]      (make dist: OUTDIR = TOP/dist)
#
# Writes to OUTDIR:
#   lipsqlite-autoconf-VERSION.tar.gz   upstream's autoconf tarball
#       (tool/mkautoconfamal.sh, the recipe of main.mk's amalgamation-tarball):
#       sqlite3.c, sqlite3.h, sqlite3ext.h, shell.c, a configure and Makefile
#       needing only a C compiler and make; plus README-lipsqlite.md,
#       LIPSQLITE-VERSION and LICENSE-NOTES.
#   lipsqlite-amalgamation-VERSION.zip  the bare amalgamation, as main.mk's
#       sqlite-amalgamation.zip (tool/mkamalzip.tcl) lays it out.
#
# The build's compile-time options (the -DSQLITE_* of its sqlite3.o compile
# command: the distribution-like set of tool/dropin-options.sh and upstream
# configure's own) are baked into the top of sqlite3.c as "#ifndef X /
# #define X V / #endif" defaults, so that "cc -c sqlite3.c" alone has the
# library's feature set; -DX=0 turns a baked option off.  The tarball's
# configure passes -DX=0 for a feature given as --disable-X (and for each
# extension --disable-all names), so that --enable-*/--disable-* keep
# working as upstream's do.
#
# Reproducible: every file has the time of the commit (SOURCE_DATE_EPOCH,
# else git log -1 --format=%ct), names sorted, owner 0, modes u+rw,go=rX
# (whatever the umask), gzip -n, zip -X under TZ=UTC.  Stops with one line
# naming what is missing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: make dist"
[ $# -ge 1 ] || die_with 2 "usage: tool/dist.sh BUILDDIR [OUTDIR]"
build=$(cd "$1" 2>/dev/null && pwd) || die "no build directory $1: run ./configure first"
outdir=${2:-$top/dist}
tree=$build/sqlite

# -------------------------------------------------------------------------
# What it needs.
# -------------------------------------------------------------------------
for t in tar:tar gzip:gzip zip:zip unzip:unzip sha256sum:coreutils make:make; do
  command -v "${t%%:*}" >/dev/null 2>&1 || die "${t%%:*} not found (Debian: apt-get install ${t#*:})"
done
tar --version 2>/dev/null | grep -q 'GNU tar' || die "GNU tar is needed (--sort=name, --mtime)"
[ -f "$tree/tool/mkautoconfamal.sh" ] && [ -f "$tree/tool/mkamalzip.tcl" ] && [ -d "$tree/autoconf" ] ||
  die "no patched upstream tree in $tree: run ./configure first"
[ -f "$build/Makefile" ] || die "no $build/Makefile: run ./configure first"
for f in sqlite3.c sqlite3.h; do
  [ -f "$build/$f" ] || die "no $build/$f: run make amalgamation first"
done
if [ -n "${SOURCE_DATE_EPOCH:-}" ]; then
  when=$SOURCE_DATE_EPOCH
else
  when=$(git -C "$top" log -1 --format=%ct 2>/dev/null) && [ -n "$when" ] ||
    die "no commit time (not a git checkout, or git not found): set SOURCE_DATE_EPOCH"
fi
case $when in ''|*[!0-9]*) die "SOURCE_DATE_EPOCH='$when' is not a number of seconds" ;; esac
version=$("$here/build-version.sh" "$build" fork) || exit 1
upversion=$("$here/build-version.sh" "$build" upstream) || exit 1
tclsh=
for t in tclsh "$build/jimsh"; do command -v "$t" >/dev/null 2>&1 && { tclsh=$t; break; }; done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-dist.XXXXXX") || die "cannot create a temporary directory"
trap 'rm -rf "$tmp"' EXIT INT TERM
log=$tmp/log
quiet() { "$@" > "$log" 2>&1 || { tail -n 15 "$log" >&2; return 1; }; }

# The other inputs upstream's recipes read from the build directory.
quiet make -C "$build" sqlite3.c sqlite3.h sqlite3ext.h shell.c sqlite3rc.h ||
  die "make of sqlite3ext.h, shell.c and sqlite3rc.h in $build failed"
[ -n "$tclsh" ] || [ -x "$build/jimsh" ] || die "no tclsh and no $build/jimsh (upstream's mkamalzip.tcl needs one)"
[ -n "$tclsh" ] || tclsh=$build/jimsh

# -------------------------------------------------------------------------
# The defaults to bake: the -DSQLITE_* options of the library's compile
# command (upstream's T.cc.sqlite), without those that describe the build
# machine (SQLITE_HAVE_*); a measurement or debugging build is refused.
# -------------------------------------------------------------------------
cflags=$(library_cflags "$build") || exit 1
: > "$tmp/defs"
for w in $cflags; do
  case $w in
    -DVDBE_PROFILE*|-DSQLITE_DEBUG*) die "$build is a measurement or debugging build ($w): make dist from a default ./configure" ;;
    -DSQLITE_HAVE_*) ;;
    -DSQLITE_*) echo "${w#-D}" >> "$tmp/defs" ;;
  esac
done
# One line a name, the last value given winning, sorted by name.
awk '{ n = $0; sub(/=.*/, "", n); v[n] = $0 } END { for (n in v) print v[n] }' "$tmp/defs" |
  LC_ALL=C sort > "$tmp/defs.sorted"
[ -s "$tmp/defs.sorted" ] || die "no -DSQLITE_ option in the library's compile command ($cflags)"

# bake SRC DST: sqlite3.c with the defaults block after its opening comment.
bake() {
  awk -v defsfile="$tmp/defs.sorted" -v version="$version" '
    function block(   line, n, val) {
      print "/*"
      print "** lipsqlite " version ": the compile-time options of the lipsqlite library,"
      print "** so that compiling this file alone gives its feature set.  Each is a"
      print "** default: -DNAME=VALUE overrides it, and -DNAME=0 turns a feature off."
      print "*/"
      while ((getline line < defsfile) > 0) {
        n = line; sub(/=.*/, "", n)
        if (index(line, "=")) { val = line; sub(/^[^=]*=/, "", val) } else { val = "1" }
        print "#ifndef " n
        print "# define " n " " val
        if (val == "1") {
          # (0-X-1)==-1 holds for X==0 only, and is false for an X defined
          # empty, which enables a feature as upstream reads it.
          print "#elif (0-" n "-1)==-1"
          print "# undef " n
        }
        print "#endif"
      }
      close(defsfile)
      print "/* End of the lipsqlite defaults. */"
    }
    { print }
    !done && /\*\/[[:space:]]*$/ { block(); done = 1 }
  ' "$1" > "$2" || return 1
  grep -q "^# define SQLITE_" "$2"
}

# repro_tar DIR NAME OUT: DIR/NAME as a reproducible .tar.gz.
repro_tar() {
  find "$1/$2" -exec touch -h -d "@$when" {} + &&
  (cd "$1" && LC_ALL=C tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$when" \
     --mode=u+rw,go=rX --format=gnu -cf - "$2") | gzip -n -9 > "$3"
}

# -------------------------------------------------------------------------
# 1. The autoconf tarball: upstream's recipe (main.mk's amalgamation-tarball:
#    TOP=... sh tool/mkautoconfamal.sh --normal, run where the amalgamation
#    is), in a scratch copy of those files so that concurrent runs and the
#    build directory stay apart.
# -------------------------------------------------------------------------
mkdir -p "$tmp/at" "$tmp/bin" || die "cannot create $tmp/at"
for f in sqlite3.c sqlite3.h sqlite3ext.h shell.c sqlite3rc.h; do
  cp "$build/$f" "$tmp/at/" || die "cannot copy $build/$f"
done
# mkautoconfamal.sh lists its staging directory with tree(1), a listing
# only: where tree is not installed, find stands in for it.
if ! command -v tree >/dev/null 2>&1; then
  printf '#!/bin/sh\nfind "$@" | LC_ALL=C sort\n' > "$tmp/bin/tree" && chmod +x "$tmp/bin/tree"
fi
(cd "$tmp/at" && PATH=$tmp/bin:$PATH && TOP=$tree && export PATH TOP && quiet sh "$tree/tool/mkautoconfamal.sh" --normal) ||
  die "upstream's tool/mkautoconfamal.sh failed (it runs the bundle's ./configure and make dist: a C compiler is needed)"
up=$(cd "$tmp/at" && ls sqlite-autoconf-*.tar.gz 2>/dev/null | head -n 1)
[ -n "$up" ] || die "tool/mkautoconfamal.sh made no sqlite-autoconf-*.tar.gz"
mkdir "$tmp/un" && tar -xzf "$tmp/at/$up" -C "$tmp/un" || die "cannot unpack $up"
name=lipsqlite-autoconf-$version
mv "$tmp/un/${up%.tar.gz}" "$tmp/un/$name" || die "unexpected layout of $up"
d=$tmp/un/$name
bake "$tmp/at/sqlite3.c" "$d/sqlite3.c" || die "cannot bake the defaults into sqlite3.c"
# The bundle's configure: a feature given as --disable-X (or one of the
# extensions --disable-all names) passes -DSQLITE_...=0, since the
# amalgamation now enables it by default; one not mentioned on the command
# line keeps the baked default (upstream's bundle leaves most of them off).
cfg=$d/autosetup/sqlite-config.tcl
[ -f "$cfg" ] || die "no autosetup/sqlite-config.tcl in $up"
awk '
  { print }
  # The options given on the command line, before the loop sets some.
  /^  msg-result "Feature flags\.\.\."$/ {
    print "  set lipsqliteGiven [dict keys $::autosetup(optset)]"; m++
  }
  /^    proj-if-opt-truthy \$boolFlag \{/ { inloop = 1 }
  inloop && /^    \} \{$/ {
    print "      # lipsqlite: the amalgamation enables its features by default"
    print "      # (see the top of sqlite3.c); a feature turned off passes -DX=0."
    print "      if {$boolFlag in $lipsqliteGiven || (\"all\" in $lipsqliteGiven"
    print "          && $boolFlag in $::sqliteConfig(all-flag-enables))} {"
    print "        foreach f $featureFlag {"
    print "          if {[string match -DSQLITE_ENABLE_* $f]} {sqlite-add-feature-flag $f=0}"
    print "        }"
    print "      }"
    inloop = 0; n++
  }
  # --disable-math: the math functions are baked on too.
  /^    msg-result "Disabling math SQL functions"$/ {
    print "    sqlite-add-feature-flag -DSQLITE_ENABLE_MATH_FUNCTIONS=0 -DSQLITE_ENABLE_PERCENTILE=0"; k++
  }
  END { if (n != 1 || m != 1 || k != 1) exit 1 }
' "$cfg" > "$tmp/cfg" || die "autosetup/sqlite-config.tcl of $up: its feature-flag loop not found (a new upstream?)"
cat "$tmp/cfg" > "$cfg"
cp "$top/README.md" "$d/README-lipsqlite.md" || die "cannot copy README.md"
printf '%s\n' "$version" > "$d/LIPSQLITE-VERSION"
cat > "$d/LICENSE-NOTES" <<EOF
lipsqlite $version is SQLite $upversion with the lipsqlite patch series and
sources applied (README-lipsqlite.md).

SQLite is in the public domain: see the header of sqlite3.c and
https://sqlite.org/copyright.html.  The lipsqlite changes are too: each of
their source files carries SQLite's blessing in place of a legal notice.

VERSION is SQLite's ($upversion), read by ./configure for the library's
version; LIPSQLITE-VERSION is the fork's, also given by
PRAGMA lipsqlite_version.
EOF
mkdir -p "$outdir" || die "cannot create $outdir"
repro_tar "$tmp/un" "$name" "$tmp/$name.tar.gz" || die "cannot write $name.tar.gz"

# -------------------------------------------------------------------------
# 2. The amalgamation zip: upstream's tool/mkamalzip.tcl (main.mk's
#    sqlite-amalgamation.zip), then renamed, baked and zipped again with
#    fixed times and sorted names.
# -------------------------------------------------------------------------
mkdir -p "$tmp/az" && cp "$tmp/at/sqlite3.c" "$build/sqlite3.h" "$build/sqlite3ext.h" "$build/shell.c" "$tmp/az/" ||
  die "cannot copy the amalgamation"
(cd "$tmp/az" && quiet "$tclsh" "$tree/tool/mkamalzip.tcl") || die "upstream's tool/mkamalzip.tcl failed"
upzip=$(cd "$tmp/az" && ls sqlite-amalgamation-*.zip 2>/dev/null | head -n 1)
[ -n "$upzip" ] || die "tool/mkamalzip.tcl made no sqlite-amalgamation-*.zip"
zname=lipsqlite-amalgamation-$version
mkdir "$tmp/uz" && (cd "$tmp/uz" && quiet unzip -q "$tmp/az/$upzip") || die "cannot unpack $upzip"
mv "$tmp/uz/${upzip%.zip}" "$tmp/uz/$zname" || die "unexpected layout of $upzip"
bake "$tmp/at/sqlite3.c" "$tmp/uz/$zname/sqlite3.c" || die "cannot bake the defaults into sqlite3.c"
chmod -R u+rw,go=rX "$tmp/uz/$zname" && find "$tmp/uz/$zname" -exec touch -h -d "@$when" {} +
(cd "$tmp/uz" && find "$zname" | LC_ALL=C sort | TZ=UTC quiet zip -X -q -@ "$tmp/$zname.zip") ||
  die "cannot write $zname.zip"

mv "$tmp/$name.tar.gz" "$tmp/$zname.zip" "$outdir/" || die "cannot write to $outdir"
note "$outdir/$name.tar.gz $(sha_of "$outdir/$name.tar.gz")"
note "$outdir/$zname.zip $(sha_of "$outdir/$zname.zip")"
