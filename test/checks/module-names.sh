#!/bin/sh
# Each module carries its one name (tool/modules.sh names): its patches
# and, for a feature module, its files.  The check passes on the tree, and
# fails on copies with a wrongly named patch and a wrongly named file.
# Run by tool/run-tests.sh with TOP (the repository) set.
set -u
top=${TOP:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

if out=$("$top/tool/modules.sh" names 2>&1); then
  echo "ok   the tree: every patch and file carries its module's name"
else
  echo "FAIL the tree: $out"; fails=$((fails + 1))
fi

# expect_refused NAME PATTERN MODULE SED CMD...: in a scratch copy of tool/
# and src/ with SED applied to src/MODULE/module, the modules.sh command
# CMD must fail and say PATTERN.
expect_refused() {
  name=$1; pat=$2; m=$3; edit=$4; shift 4
  rm -rf "$tmp/t"; mkdir -p "$tmp/t"; cp -r "$top/tool" "$top/src" "$tmp/t/"
  sed -i "$edit" "$tmp/t/src/$m/module"
  if out=$("$tmp/t/tool/modules.sh" "$@" 2>&1); then
    echo "FAIL $name: passed"; fails=$((fails + 1))
  else
    case $out in
      *"$pat"*) echo "ok   $name: $(printf '%s' "$out" | head -n 1)" ;;
      *) echo "FAIL $name: unexpected message: $out"; fails=$((fails + 1)) ;;
    esac
  fi
}

expect_refused "bad patch name" "lip: patch 0010-bloom-filters.patch is not named lip" \
  lip 's/^patch .*/patch     0010-bloom-filters.patch/' names
expect_refused "bad file name (resolve)" "amortize: library subquery.c does not carry the module name amortize" \
  amortize 's/^library .*/library   amortize.c subquery.c/' resolve 0001-build-fork-sources.patch
expect_refused "long header name" "amortize: header amortize_headers.h is longer than 15 characters" \
  amortize 's/^header .*/header    amortize_headers.h/' names

[ $fails = 0 ]
