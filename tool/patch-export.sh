#!/bin/sh
# Write the commits of a patch tree (made by tool/patch-tree.sh) back to
# patches/: one file per commit after the "upstream" tag, named by the
# commit's subject, holding the commit's body (the DEP-3 header) followed by
# the diff; patches/series lists them in commit order.  Patch files that no
# commit produces any more are removed.
#
# Usage: tool/patch-export.sh [DIR [OUTDIR]]
#   DIR     the patch tree (default: build/patchwork)
#   OUTDIR  where the series and patches go (default: patches/; created if
#           need be), e.g. a scratch directory for a series refreshed by
#           tool/rebase.sh that is not to replace the committed one
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
dir=${1:-$top/build/patchwork}
out=${2:-$top/patches}
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)     # the loop below runs in $dir
[ -d "$dir/.git" ] || die "$dir is not a patch tree (make one with tool/patch-tree.sh)"
cd "$dir"
git rev-parse -q --verify upstream >/dev/null || die "$dir has no 'upstream' tag"
[ -z "$(git status --porcelain --untracked-files=no)" ] || die "$dir has uncommitted changes; commit them first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/series"
for c in $(git rev-list --reverse upstream..HEAD); do
  name=$(git log -1 --format=%s "$c")
  case $name in
    [0-9][0-9][0-9][0-9]-*.patch) ;;
    *) die "commit $(git rev-parse --short "$c") has subject '$name'; it must be the patch file name (NNNN-name.patch)" ;;
  esac
  grep -qx "$name" "$tmp/series" && die "two commits are named $name"
  body=$(git log -1 --format=%b "$c")
  printf '%s\n' "$body" | grep -q '^Description:' || die "commit $name has no DEP-3 'Description:' header in its body"
  { printf '%s\n' "$body"; echo "---"; git diff-tree -p --no-renames --full-index "$c^" "$c" | sed '/^index [0-9a-f]*\.\.[0-9a-f]*/d'; } > "$tmp/$name"
  echo "$name" >> "$tmp/series"
done
for f in "$out"/*.patch; do
  [ -f "$f" ] || continue
  grep -qx "$(basename "$f")" "$tmp/series" || { rm -f "$f"; echo "lipsqlite: removed $out/$(basename "$f")"; }
done
for p in $(cat "$tmp/series"); do
  cmp -s "$tmp/$p" "$out/$p" || { cp "$tmp/$p" "$out/$p"; echo "lipsqlite: wrote $out/$p"; }
done
{ echo "# lipsqlite patch series, applied in order with patch -p1 (see doc/patch-workflow.md)"; cat "$tmp/series"; } > "$out/series"
echo "lipsqlite: $out/series lists $(wc -l < "$tmp/series") patches"
