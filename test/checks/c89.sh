#!/bin/sh
# The library's amalgamation, our modules' code in it, compiles as C89
# as upstream's does: gcc -std=c89 -fsyntax-only with
# -Wdeclaration-after-statement reports nothing (a declaration after a
# statement in a block, a // comment, a C99-only construct fails it).  A
# self-test first: a copy with a planted declaration after a statement at
# its end must fail.  Skipped (77) if the compiler is not gcc or clang
# (the options are theirs).  Run by tool/run-tests.sh with TOP and BUILD.
set -u
build=${BUILD:?}
cc=${CC:-cc}
"$cc" --version 2>/dev/null | grep -q -i -E 'gcc|clang|free software' ||
  { echo "skip: $cc is neither gcc nor clang"; exit 77; }
[ -f "$build/sqlite3.c" ] || { echo "FAIL no $build/sqlite3.c"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
c89() {
  "$cc" -std=c89 -fsyntax-only -Wdeclaration-after-statement \
    -I "$build" -I "$build/sqlite/src" "$1" > "$tmp/out" 2>&1 &&
  ! grep -q -E 'warning|error' "$tmp/out"
}
{ cat "$build/sqlite3.c"
  printf 'int lipsqliteC89Probe(int a){\n  a++;\n  int b = a;\n  return b;\n}\n'
} > "$tmp/planted.c"
if c89 "$tmp/planted.c"; then
  echo "FAIL self-test: a declaration after a statement went unreported"
  exit 1
fi
echo "ok   self-test: a planted declaration after a statement is reported"
if c89 "$build/sqlite3.c"; then
  echo "ok   sqlite3.c compiles as C89 without a warning"
  exit 0
fi
echo "FAIL sqlite3.c under -std=c89 -Wdeclaration-after-statement:"
head -n 20 "$tmp/out"
exit 1
