#!/bin/sh
# The patch workflow round-trips: tool/patch-tree.sh turns the series into
# git commits, tool/patch-export.sh writes them back byte for byte, and a
# new commit in the tree becomes a new patch listed in the series.
# Run by tool/run-tests.sh with TOP (the repository) set.
set -u
top=${TOP:?}
command -v git >/dev/null 2>&1 || { echo "git not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/repo"
(cd "$top" && tar -cf - --exclude=./build --exclude=./.git manifest VERSION tool patches) | (cd "$tmp/repo" && tar -xf -)
cp -r "$tmp/repo/patches" "$tmp/orig"
"$tmp/repo/tool/patch-tree.sh" "$tmp/pw" || { echo "FAIL patch-tree.sh"; exit 1; }
n=$(git -C "$tmp/pw" rev-list --count upstream..HEAD)
want=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$tmp/orig/series" | wc -l)
[ "$n" = "$want" ] || { echo "FAIL $n commits for $want patches"; exit 1; }
"$tmp/repo/tool/patch-export.sh" "$tmp/pw" || { echo "FAIL patch-export.sh"; exit 1; }
diff -r "$tmp/orig" "$tmp/repo/patches" || { echo "FAIL round trip changed the series"; exit 1; }
# A new commit becomes a new patch at the end of the series.
echo "/* lipsqlite round-trip check */" >> "$tmp/pw/src/sqliteInt.h"
printf '0099-roundtrip-check.patch\n\nDescription: round-trip check\nAuthor: test\n' > "$tmp/msg"
git -C "$tmp/pw" commit -q -a -F "$tmp/msg" || { echo "FAIL commit"; exit 1; }
"$tmp/repo/tool/patch-export.sh" "$tmp/pw" > /dev/null || { echo "FAIL export of new commit"; exit 1; }
tail -n 1 "$tmp/repo/patches/series" | grep -qx '0099-roundtrip-check.patch' || { echo "FAIL series does not end with the new patch"; exit 1; }
grep -q '^+/\* lipsqlite round-trip check \*/' "$tmp/repo/patches/0099-roundtrip-check.patch" || { echo "FAIL new patch lacks the change"; exit 1; }
# And a commit without a DEP-3 header is refused.
echo "/* x */" >> "$tmp/pw/src/sqliteInt.h"
printf '0100-bad.patch\n\nno header here\n' > "$tmp/msg"
git -C "$tmp/pw" commit -q -a -F "$tmp/msg"
if "$tmp/repo/tool/patch-export.sh" "$tmp/pw" > "$tmp/out" 2>&1; then echo "FAIL headerless commit accepted"; exit 1; fi
grep -q "no DEP-3 'Description:'" "$tmp/out" || { echo "FAIL unclear error: $(cat "$tmp/out")"; exit 1; }
echo "ok: $n patches round-trip; new commits export; headerless commits are refused"
