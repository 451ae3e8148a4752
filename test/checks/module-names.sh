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

# copy: a scratch tree with tool/ and src/ of the repository.
copy() { rm -rf "$tmp/t"; mkdir -p "$tmp/t"; cp -r "$top/tool" "$top/src" "$tmp/t/"; }

copy
sed -i 's/^patch .*/patch     0010-bloom-filters.patch/' "$tmp/t/src/lip/module"
if out=$("$tmp/t/tool/modules.sh" names 2>&1); then
  echo "FAIL a patch named without its module passed"; fails=$((fails + 1))
else
  case $out in
    *"lip: patch 0010-bloom-filters.patch is not named lip"*) echo "ok   bad patch name: $out" ;;
    *) echo "FAIL bad patch name: unexpected message: $out"; fails=$((fails + 1)) ;;
  esac
fi

copy
sed -i 's/^library .*/library   amortize.c subquery.c/' "$tmp/t/src/amortize/module"
if out=$("$tmp/t/tool/modules.sh" resolve 0001-build-fork-sources.patch 2>&1); then
  echo "FAIL a file named without its module passed resolve"; fails=$((fails + 1))
else
  case $out in
    *"amortize: library subquery.c does not carry the module name amortize"*) echo "ok   bad file name: $(printf '%s' "$out" | head -n 1)" ;;
    *) echo "FAIL bad file name: unexpected message: $out"; fails=$((fails + 1)) ;;
  esac
fi

copy
sed -i 's/^header .*/header    amortize_headers.h/' "$tmp/t/src/amortize/module"
if out=$("$tmp/t/tool/modules.sh" names 2>&1); then
  echo "FAIL a header name longer than 15 characters passed"; fails=$((fails + 1))
else
  case $out in
    *"amortize: header amortize_headers.h is longer than 15 characters"*) echo "ok   long header name: $out" ;;
    *) echo "FAIL long header name: unexpected message: $out"; fails=$((fails + 1)) ;;
  esac
fi

[ $fails = 0 ]
