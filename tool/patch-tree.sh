#!/bin/sh
# Turn the pinned upstream source into a git repository that carries our
# patch series as commits, for editing and rebasing the series with git.
#
# Usage: tool/patch-tree.sh [DIR]        (default: build/patchwork)
#
# The first commit (tagged "upstream") is the pristine upstream tree.  Each
# patch of patches/series becomes one commit whose subject is the patch's
# file name and whose body is the patch's DEP-3 header.  Edit, add, reorder
# or squash commits with git (keep that subject/body form; a new commit's
# subject is the file name it should get), then write them back with
# tool/patch-export.sh.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
dir=${1:-$top/build/patchwork}
command -v git >/dev/null 2>&1 || die "git is required for the patch workflow"
[ -e "$dir" ] && die "$dir exists already; remove it first (rm -rf $dir)"

srcline=$("$here/fetch-upstream.sh" "${LIPSQLITE_SQLITE_SRC:-}") || exit 1
kind=${srcline%% *}; src=${srcline#* }
mkdir -p "$dir"
if [ "$kind" = tarball ]; then
  tar -xJf "$src" -C "$dir" --strip-components=1 || die "cannot unpack $src"
else
  (cd "$src" && tar -cf - --exclude=.git .) | (cd "$dir" && tar -xf -) || die "cannot copy $src"
fi
cd "$dir"
git init -q
git config user.name  >/dev/null 2>&1 || git config user.name  "lipsqlite"
git config user.email >/dev/null 2>&1 || git config user.email "lipsqlite@localhost"
git add -A
git commit -q -m "upstream $(cat VERSION)"
git tag upstream
for p in $(series_patches "$top/patches/series"); do
  f=$top/patches/$p
  [ -f "$f" ] || die "patches/series names $p, which is not in patches/"
  git apply --index "$f" || die "patch $p does not apply"
  # The header is everything before the first line of the diff.
  hdr=$(awk '/^(diff --git |--- a\/)/ {exit} {print}' "$f" | sed '${/^---$/d;}')
  printf '%s\n\n%s\n' "$p" "$hdr" | git commit -q -F -
done
echo "lipsqlite: $dir holds upstream (tag 'upstream') plus $(git rev-list --count upstream..HEAD) patch commits"
