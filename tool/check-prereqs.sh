#!/bin/sh
# Check, before anything is built, for what `make` and `make test` need, and
# name the Debian/Ubuntu package of everything missing.
#
# Usage: tool/check-prereqs.sh PART[,PART...] [CC]
#
#   build   what ./configure and make need: tar, xz, sha256sum, patch, awk,
#           sed, make, curl or wget and a working C compiler (CC, default
#           cc).
#   tcl     Tcl with its development files (testfixture, make test).
#   cmocka  cmocka, for the unit tests of make test.
#   test    all three: everything make test needs.
#
# Prints one line per missing piece and, if anything is missing, the one
# apt-get line that installs all of it; exits 1 then, 0 when all is there.
# LIPSQLITE_TCL_DIR names a directory holding tclConfig.sh (configure sets it
# from --with-tcl=DIR).
set -u
parts=,${1:-test},
cc=${2:-${CC:-cc}}
case $parts in *,test,*) parts=$parts,build,tcl,cmocka, ;; esac
for p in $(echo "$parts" | tr , ' '); do
  case $p in
    build|tcl|cmocka|test) ;;
    *) echo "usage: tool/check-prereqs.sh build|tcl|cmocka|test[,...] [CC]" >&2; exit 2 ;;
  esac
done
want() { case $parts in *,$1,*) return 0 ;; esac; return 1; }

# The packages of everything README.md's prerequisite line installs.
all_pkgs="build-essential tcl-dev zlib1g-dev libcmocka-dev xz-utils patch curl"
missing=
pkgs=
lack() {  # lack WHAT PACKAGE
  missing="$missing
  - $1 (Debian/Ubuntu package: $2)"
  case " $pkgs " in *" $2 "*) ;; *) pkgs="$pkgs $2" ;; esac
}

want build && for t in tar:tar xz:xz-utils sha256sum:coreutils patch:patch awk:gawk sed:sed make:make; do
  command -v "${t%%:*}" >/dev/null 2>&1 || lack "'${t%%:*}'" "${t#*:}"
done
# The pinned upstream tarball is downloaded once (tool/fetch-upstream.sh).
want build && ! command -v curl >/dev/null 2>&1 && ! command -v wget >/dev/null 2>&1 &&
  lack "'curl' or 'wget' (to download the pinned upstream source)" curl

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-prereqs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# try_cc SOURCE [OPTIONS...]: does SOURCE compile and link with $cc?
try_cc() {
  src=$1; shift
  printf '%s\n' "$src" > "$tmp/t.c"
  eval "$cc" -o "$tmp/t" "$tmp/t.c" "$@" > "$tmp/cc.log" 2>&1
}

if ! want build; then
  :
elif ! command -v "${cc%% *}" >/dev/null 2>&1; then
  lack "a C compiler ('$cc')" build-essential
elif ! try_cc '#include <stdio.h>
int main(void){ puts("ok"); return 0; }'; then
  lack "a C compiler that can build a program ('$cc' failed: $(head -n 1 "$tmp/cc.log"))" build-essential
fi

if want tcl; then
  # Tcl: the interpreter, tclConfig.sh (what upstream's configure looks for)
  # and tcl.h (what testfixture includes).
  if ! command -v tclsh >/dev/null 2>&1; then
    lack "tclsh not found (Tcl 8.6+, for testfixture)" tcl-dev
  else
    cfg=
    lib=$(echo 'puts [info library]' | tclsh 2>/dev/null) || lib=
    for d in ${LIPSQLITE_TCL_DIR:-} "$lib" "${lib%/*}" /usr/lib/tcl8.6 /usr/lib/tcl9.0 \
             /usr/lib/*/tcl8.6 /usr/lib/*/tcl9.0 /usr/local/lib /usr/local/lib/tcl8.6 /usr/lib64 /usr/lib; do
      [ -n "$d" ] && [ -f "$d/tclConfig.sh" ] && { cfg=$d/tclConfig.sh; break; }
    done
    if [ -z "$cfg" ]; then
      lack "Tcl development files (tclConfig.sh), for testfixture" tcl-dev
    else
      inc=$(TCL_INCLUDE_SPEC=; . "$cfg" > /dev/null 2>&1; echo "${TCL_INCLUDE_SPEC:-}")
      try_cc '#include <tcl.h>
int main(void){ return TCL_MAJOR_VERSION < 8; }' "$inc" -c ||
        lack "the Tcl header tcl.h (tclConfig.sh is $cfg), for testfixture" tcl-dev
    fi
  fi
fi
if want cmocka; then
  # cmocka: header and library, as tool/run-tests.sh builds the unit tests.
  try_cc '#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
static void t(void **s){ (void)s; }
int main(void){ const struct CMUnitTest u[] = { cmocka_unit_test(t) };
  return cmocka_run_group_tests(u, NULL, NULL); }' -lcmocka ||
    lack "cmocka (cmocka.h and -lcmocka), for the unit tests of make test" libcmocka-dev
fi

[ -z "$missing" ] && exit 0
label="make test"; [ "$parts" != ,build, ] || label=make
echo "lipsqlite: missing for '$label':$missing"
echo "lipsqlite: on Debian/Ubuntu:  sudo apt-get install$pkgs"
echo "lipsqlite: (everything README.md names: sudo apt-get install $all_pkgs)"
exit 1
