#!/bin/sh
# The modules of the fork: each directory src/MODULE/ holds a file "module"
# (its format is described in src/core/module) and the module's sources.
#
# Usage:
#   tool/modules.sh list
#       every module, in build order (a module after those it requires)
#   tool/modules.sh get MODULE KEY
#       the values of KEY (patch, testpatch, requires, uses, header,
#       private, library, shell, test, unit, check), one a line
#   tool/modules.sh resolve PATCH...
#       for the patches of an effective series, one line per module:
#       "MODULE tested" (every patch there), "MODULE built" (its code
#       patches there, not all its test patches) or "MODULE absent" (none
#       of its patches there).  Fails, saying why, when a module has only
#       some of its code patches, requires a module that is not built, or
#       when a patch of the series belongs to no module.
#   tool/modules.sh patches MODULE...
#       the patches of these modules
#   tool/modules.sh generate TREE MODULE...
#       write the build's view of these modules into TREE/src:
#       lipsqlite_modules.h, lipsqlite.files, lipsqlite.mk, lipsqlite.ctime
#       and lipsqlite.pragmas (files that did not change are not touched)
#   tool/modules.sh names
#       check that each module's patches and files carry its name (also
#       done by resolve, hence by every ./configure and make)
#   tool/modules.sh owners KIND FILE
#       the modules that list FILE as a KIND (test, unit, check)
#   tool/modules.sh near MODULE
#       the other modules whose patches change an upstream file that a
#       patch of MODULE changes, one a line: those whose hooks could be
#       broken by cutting MODULE out of the series
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: modules"

# All module files, "MODULE<TAB>KEY<TAB>VALUE" per value.
records() {
  for f in "$top"/src/*/module; do
    [ -f "$f" ] || continue
    m=$(basename "$(dirname "$f")")
    awk -v m="$m" -v f="$f" '
      { sub(/#.*/, "") }
      NF == 0 { next }
      $1 == "conn" || $1 == "pragma" || $1 == "ctime" || $1 == "default" {
        v = $0; sub(/^[ \t]*[a-z]+[ \t]+/, "", v); sub(/[ \t]+$/, "", v)
        printf "%s\t%s\t%s\n", m, $1, v; next }
      $1 ~ /^(patch|testpatch|requires|uses|header|private|library|shell|test|unit|check)$/ {
        for (i = 2; i <= NF; i++) printf "%s\t%s\t%s\n", m, $1, $i; next }
      { printf "lipsqlite: modules: %s:%d: unknown key \"%s\"\n", f, NR, $1 > "/dev/stderr"; exit 1 }
    ' "$f" || exit 1
  done
}

# Modules in dependency order (tsort of "requires"), then by name.
ordered() {
  recs=$(records) || exit 1
  names=$(printf '%s\n' "$recs" | cut -f1 | sort -u)
  { for m in $names; do echo "$m $m"; done
    printf '%s\n' "$recs" | awk -F'\t' '$2 == "requires" { print $3, $1 }'
  } | tsort 2>/dev/null || die "the \"requires\" lines of src/*/module form a cycle"
}

# Every module carries its one name: each patch is "NNNN-MODULE.patch" or
# "NNNN-MODULE-WHAT.patch", and each file of a feature module (all but the
# shared hooks: build, core, shell) has MODULE in its name ("-" written "_"
# or left out: session-fix's test_session_fix.c), and a header's name is at
# most 15 characters.  Prints one line per
# name that does not and fails; prints nothing when all do.
names() {
  records | awk -F'\t' '
    $2 == "patch" || $2 == "testpatch" {
      if ($3 !~ ("^[0-9][0-9][0-9][0-9]-" $1 "(-[a-z0-9-]+)?\\.patch$")) {
        printf "lipsqlite: modules: %s: patch %s is not named %s (NNNN-%s[-WHAT].patch)\n", $1, $3, $1, $1; bad = 1 }
    }
    $2 ~ /^(header|private|library|shell|test|unit)$/ && $1 !~ /^(build|core|shell)$/ {
      m1 = $1; m2 = $1; gsub(/-/, "_", m1); gsub(/-/, "", m2)
      if (index($3, $1) == 0 && index($3, m1) == 0 && index($3, m2) == 0) {
        printf "lipsqlite: modules: %s: %s %s does not carry the module name %s\n", $1, $2, $3, $1; bad = 1 }
    }
    # tool/mksqlite3c.tcl marks a header inlined into another with the
    # comment "Include H in the middle of lipsqlite_modules.h", padded to
    # 60 columns with stars: a longer one is left unclosed (-Wcomment).
    $2 == "header" && length($3) > 15 {
      printf "lipsqlite: modules: %s: header %s is longer than 15 characters (the amalgamation\x27s section comment stays open)\n", $1, $3; bad = 1
    }
    # A private header is inlined in the middle of the module\x27s first
    # library file, which includes it first: the two names together may
    # have at most 34 characters for the same comment.
    $2 == "private" { priv[$1] = $3 }
    $2 == "library" && !($1 in lib1) { lib1[$1] = $3 }
    $2 == "uses" { uses[$1] = uses[$1] " " $3 }
    { mods[$1] = 1 }
    END {
      for (m in priv) if (length(priv[m]) + length(lib1[m]) > 34) {
        printf "lipsqlite: modules: %s: private header %s and first library %s have more than 34 characters together (the amalgamation\x27s section comment stays open)\n", m, priv[m], lib1[m]; bad = 1 }
      for (m in uses) { n = split(uses[m], u, " "); for (i = 1; i <= n; i++) if (!(u[i] in mods)) {
        printf "lipsqlite: modules: %s: uses %s, which is no module\n", m, u[i]; bad = 1 } }
      exit bad }' >&2
}

get() {  # get MODULE KEY
  records | awk -F'\t' -v m="$1" -v k="$2" '$1 == m && $2 == k { print $3 }'
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
  list)
    ordered ;;
  get)
    [ $# = 2 ] || die "usage: tool/modules.sh get MODULE KEY"
    [ -f "$top/src/$1/module" ] || die "no module $1 (src/$1/module)"
    get "$1" "$2" ;;
  patches)
    for m in "$@"; do
      [ -f "$top/src/$m/module" ] || die "no module '$m' (the modules: $(ordered | tr '\n' ' '))"
      get "$m" patch; get "$m" testpatch
    done ;;
  owners)
    [ $# = 2 ] || die "usage: tool/modules.sh owners KIND FILE"
    records | awk -F'\t' -v k="$1" -v f="$2" '$2 == k && $3 == f { print $1 }' ;;
  near)
    [ $# = 1 ] || die "usage: tool/modules.sh near MODULE"
    [ -f "$top/src/$1/module" ] || die "no module '$1' (the modules: $(ordered | tr '\n' ' '))"
    # changed_files M: the upstream files the patches of module M change
    changed_files() {
      for p in $(get "$1" patch) $(get "$1" testpatch); do
        [ -f "$top/patches/$p" ] || die "module $1: no patches/$p"
        sed -n 's,^+++ b/\([^ 	]*\).*,\1,p' "$top/patches/$p"
      done | sort -u
    }
    mine=$(changed_files "$1") || exit 1
    for m in $(ordered); do
      [ "$m" = "$1" ] && continue
      theirs=$(changed_files "$m") || exit 1
      for f in $theirs; do
        if printf '%s\n' "$mine" | grep -qxF "$f"; then echo "$m"; break; fi
      done
    done ;;
  names)
    names ;;
  resolve)
    names || die "rename the files above, or the module (one name per feature: doc/architecture.md)"
    recs=$(records) || exit 1
    order=$(ordered) || exit 1
    printf '%s\n' "$@" > "${TMPDIR:-/tmp}/lipsqlite-series.$$"
    out=$(printf '%s\n' "$recs" | awk -F'\t' -v order="$order" -v sfile="${TMPDIR:-/tmp}/lipsqlite-series.$$" '
      BEGIN { while ((getline p < sfile) > 0) if (p != "") inseries[p] = 1 }
      $2 == "patch" || $2 == "testpatch" {
        owner[$3] = $1; n[$1, $2]++; if ($3 in inseries) have[$1, $2]++ }
      $2 == "requires" { req[$1] = req[$1] " " $3 }
      END {
        bad = 0
        for (p in inseries) if (!(p in owner)) {
          printf "patch %s of the series belongs to no module (list it in a src/*/module file)\n", p; bad = 1 }
        nm = split(order, mods, "\n")
        for (i = 1; i <= nm; i++) {
          m = mods[i]; c = have[m, "patch"] + 0; t = have[m, "testpatch"] + 0
          if (c == 0 && t == 0) { state[m] = "absent" }
          else if (c < n[m, "patch"] + 0) {
            printf "module %s: only %d of its %d code patches are in the series\n", m, c, n[m, "patch"]; bad = 1; state[m] = "absent" }
          else if (t < n[m, "testpatch"] + 0) state[m] = "built"
          else state[m] = "tested"
        }
        for (i = 1; i <= nm; i++) {
          m = mods[i]; if (state[m] == "absent") continue
          k = split(req[m], r, " ")
          for (j = 1; j <= k; j++) if (state[r[j]] == "absent") {
            printf "module %s requires module %s, whose patches are not in the series\n", m, r[j]; bad = 1 }
        }
        if (bad) exit 1
        for (i = 1; i <= nm; i++) print mods[i], state[mods[i]]
      }') || { rc=$?; rm -f "${TMPDIR:-/tmp}/lipsqlite-series.$$"; printf '%s\n' "$out" | sed 's/^/lipsqlite: /' >&2; exit $rc; }
    rm -f "${TMPDIR:-/tmp}/lipsqlite-series.$$"
    printf '%s\n' "$out" ;;
  generate)
    [ $# -ge 1 ] || die "usage: tool/modules.sh generate TREE MODULE..."
    tree=$1; shift
    [ -d "$tree/src" ] || die "no directory $tree/src"
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-gen.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    recs=$(records) || exit 1
    printf '%s\n' "$recs" | awk -F'\t' -v mods="$*" -v tmp="$tmp" '
      BEGIN { n = split(mods, order, " "); for (i = 1; i <= n; i++) on[order[i]] = i }
      ($1 in on) { v[on[$1], $2] = v[on[$1], $2] "\037" $3 }
      function vals(i, k, a) { return split(substr(v[i, k], 2), a, "\037") }
      END {
        h = tmp "/lipsqlite_modules.h"; fl = tmp "/lipsqlite.files"; mk = tmp "/lipsqlite.mk"
        ct = tmp "/lipsqlite.ctime"; pr = tmp "/lipsqlite.pragmas"
        print "/* lipsqlite_modules.h: written by tool/prepare.sh from the module files\n** of src/.\n** The modules of this build: " mods ". */" > h
        print "# lipsqlite.files: written by tool/prepare.sh from src/*/module: the fork\x27s\n# headers and library sources for tool/mksqlite3c.tcl (patch 0001)." > fl
        print "# lipsqlite.mk: written by tool/prepare.sh from src/*/module: the fork\x27s\n# sources, included by main.mk (patch 0001)." > mk
        print "# lipsqlite.ctime: written by tool/prepare.sh from src/*/module: the\n# fork\x27s entries of PRAGMA compile_options, \"NAME C-STRING-EXPRESSION\"\n# (tool/mkctimec.tcl, patch 0002)." > ct
        printf "" > pr   # mkpragmatab.tcl reads no comments
        hdrs = ""; srcs = ""; objs = ""; shells = ""; rules = ""
        if ("core" in on) {
          print "header lipsqlite.h" > fl
          print "header lipsqlite_modules.h" > fl
          hdrs = " $(TOP)/src/lipsqlite.h $(TOP)/src/lipsqlite_modules.h"
        }
        conn = ""; init = ""; prag = ""; ncol = ""
        for (i = 1; i <= n; i++) {
          k = vals(i, "header", a)
          for (j = 1; j <= k; j++) if (a[j] != "lipsqlite.h") {
            print "#include \"" a[j] "\"" > h; print "header " a[j] > fl; hdrs = hdrs " $(TOP)/src/" a[j] }
          k = vals(i, "private", a)
          for (j = 1; j <= k; j++) { print "header " a[j] > fl; hdrs = hdrs " $(TOP)/src/" a[j] }
        }
        for (i = 1; i <= n; i++) {
          k = vals(i, "library", a)
          for (j = 1; j <= k; j++) {
            o = a[j]; sub(/\.c$/, ".o", o)
            print "library " a[j] > fl
            srcs = srcs " $(TOP)/src/" a[j]; objs = objs " " o
            rules = rules "\n" o ":\t$(TOP)/src/" a[j] " $(MAKE_SANITY_CHECK) $(HDR)\n\t$(T.cc.sqlite) -c $(TOP)/src/" a[j] "\n"
          }
          k = vals(i, "shell", a)
          for (j = 1; j <= k; j++) shells = shells " $(TOP)/src/" a[j]
          k = vals(i, "conn", a)
          for (j = 1; j <= k; j++) {
            split(a[j], c, /[ \t]+/)
            conn = conn " \\\n  " c[1] " " c[2] ";"
            if (c[3] != "") init = init " \\\n  " c[3] "(db);"
          }
          k = vals(i, "default", a)
          for (j = 1; j <= k; j++) {
            split(a[j], c, /[ \t]+/)
            init = init " \\\n  db->fork." c[1] " = " c[2] ";"
          }
          k = vals(i, "pragma", a)
          for (j = 1; j <= k; j++) {
            np = split(a[j], c, /[ \t]+/)
            if (c[2] == "-") {
              # the core registers it itself (fork.c)
            } else if (c[2] ~ /^bool:/) {
              prag = prag " \\\n  { \"" c[1] "\", 0, offsetof(ForkConn, " substr(c[2], 6) ") },"
            } else {
              prag = prag " \\\n  { \"" c[1] "\", " c[2] ", 0 },"
            }
            print "\n  NAME: " c[1] "\n  TYPE: FORK" > pr
            f = c[3]; gsub(/,/, " ", f); print "  FLAG: " f > pr
            if (np >= 4) {
              f = c[4]; gsub(/,/, " ", f); print "  COLS: " f > pr
              ncol = ncol "\n#define LIPSQLITE_NCOL_" toupper(c[1]) " " split(c[4], cc, ",")
            }
          }
          k = vals(i, "ctime", a)
          for (j = 1; j <= k; j++) print a[j] > ct
        }
        # C89 has no empty struct: a build whose modules keep no
        # per-connection state (the core alone) gets a placeholder.
        if (conn == "") conn = " \\\n  u8 notUsed1;"
        # LIPSQLITE_HAVE_<MODULE>: the module is in this build.  A module
        # tests only those of the modules it "requires" or "uses".
        have = ""
        for (i = 1; i <= n; i++) { mn = toupper(order[i]); gsub(/-/, "_", mn); have = have "\n#define LIPSQLITE_HAVE_" mn " 1" }
        print "\n/* The modules of this build */" have > h
        print "\n/* Members of struct ForkConn */\n#define LIPSQLITE_MODULE_CONN" conn > h
        print "\n/* Set the members above of connection db to their defaults */\n#define LIPSQLITE_MODULE_CONN_INIT(db)" init > h
        print "\n/* The PRAGMAs of TYPE FORK and their handlers, for sqlite3ForkPragma() */\n#define LIPSQLITE_MODULE_PRAGMAS" prag > h
        print "\n/* The number of result columns of each PRAGMA with a COLUMNS list */" ncol > h
        print "LIPSQLITE_HDR =" hdrs > mk
        print "LIPSQLITE_SRC =" srcs > mk
        print "LIPSQLITE_OBJ =" objs > mk
        print "LIPSQLITE_SHELL_SRC =" shells > mk
        print "LIBOBJS0 += $(LIPSQLITE_OBJ)\nSRC += $(LIPSQLITE_SRC) $(LIPSQLITE_HDR)\nHDR += $(LIPSQLITE_HDR)" > mk
        printf "%s", rules > mk
      }'
    for f in lipsqlite_modules.h lipsqlite.files lipsqlite.mk lipsqlite.ctime lipsqlite.pragmas; do
      cmp -s "$tmp/$f" "$tree/src/$f" || cp "$tmp/$f" "$tree/src/$f"
    done ;;
  *)
    die "usage: tool/modules.sh list|get|patches|names|owners|resolve|generate ..." ;;
esac
