#!/bin/sh
# Rebase the patch series onto a new upstream SQLite with git's three-way
# merge, and write the refreshed series out.
#
# Usage:
#   tool/rebase.sh [--work DIR] [--out DIR] NEW-UPSTREAM
#   tool/rebase.sh [--work DIR] --continue | --skip
#
#   NEW-UPSTREAM  the new upstream source: a tarball (any compression tar
#                 reads, one top-level directory) or an unpacked tree
#                 (VERSION, src/sqliteInt.h; its manifest and manifest.uuid
#                 are what upstream's build and ./configure want)
#   --work DIR    the git tree of the rebase (default: build/rebase); it
#                 must not exist when a rebase starts
#   --out DIR     write the refreshed series to DIR, with DIR/manifest and
#                 DIR/VERSION for the new upstream, instead of replacing
#                 patches/ (a dry run: ./configure --patches=DIR builds it)
#   --continue    after resolving a conflict in the work tree (edit, git
#                 add): go on with the rebase, then export
#   --skip        drop the patch at which the rebase stopped (upstream made
#                 it unnecessary), then go on as --continue does
#
# tool/patch-tree.sh makes the work tree: the pinned upstream (./manifest)
# plus one commit per patch.  The new upstream is committed on top of the
# pinned one and tagged "upstream" (the old one is "old-upstream", the old
# series "old-series"); git rebase --onto upstream old-upstream then carries
# each patch over.  At a conflict it stops, naming the patch and the files;
# once every patch is over, tool/patch-export.sh writes the series, and the
# changes the new pin needs in manifest, VERSION and test/ are printed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: rebase"

work=$top/build/rebase out= cont=0 new=
while [ $# -gt 0 ]; do
  case $1 in
    --work) [ $# -ge 2 ] || die "--work needs a directory"; work=$2; shift ;;
    --work=*) work=${1#*=} ;;
    --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift ;;
    --out=*) out=${1#*=} ;;
    --continue) cont=1 ;;
    --skip) cont=2 ;;
    -h|--help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see tool/rebase.sh --help)" ;;
    *) [ -z "$new" ] || die "one NEW-UPSTREAM only"; new=$1 ;;
  esac
  shift
done
command -v git >/dev/null 2>&1 || die "git is required"

# What a rebase remembers between its start and its --continue.
state() { printf '%s\n' "$work/.git/lipsqlite-rebase"; }
remember() { printf "%s='%s'\n" "$1" "$2" >> "$(state)"; }

# The commit being applied when the rebase stopped, and its unmerged files:
# say what to do.  Returns 1 (the caller exits with it).
stopped() {
  patch=$(git log -1 --format=%s REBASE_HEAD 2>/dev/null || echo "(unknown)")
  files=$(git diff --name-only --diff-filter=U)
  remember conflicts "$conflicts$patch: $(echo $files);"
  echo
  note "patch $patch does not apply to upstream $newver; conflicts in:"
  printf '  %s\n' $files
  [ -n "$files" ] || git status --short | head -n 20
  cat <<EOF

Resolve them in $work:
  cd $work && git diff     (diff3 markers: between ||||||| and ======= is $oldver's text)
  edit each file: upstream $newver's code with the patch's change in it; git add FILE...
  tool/rebase.sh --work $work --continue      (or: make rebase CONTINUE=1)
If upstream made the patch unnecessary: tool/rebase.sh --work $work --skip (make rebase SKIP=1).
To give up: rm -rf $work (patches/ is untouched until every patch is over).
EOF
  return 1
}

# Every patch is over: export the series and say what the new pin needs.
finish() {
  dest=${out:-$top/patches}
  "$here/patch-export.sh" "$work" "$dest"
  echo
  note "what changed (git range-diff: '=' same change, '!' the patch's text changed, '<' dropped):"
  git range-diff --no-color -s old-upstream..old-series upstream..HEAD | sed 's/^/  /'
  if [ -z "$conflicts" ]; then note "conflicts: none"; else
    note "conflicts (patch: files resolved, or dropped):"
    printf '%s\n' "$conflicts" | tr ';' '\n' | sed -e '/^$/d' -e 's/^/  /'
  fi
  for p in $(git log --format=%s old-upstream..old-series); do
    git log --format=%s upstream..HEAD | grep -qxF "$p" && continue
    m=$(grep -lE "^[[:space:]]*(test)?patch[[:space:]].*$p" "$top"/src/*/module | sed 's|.*/src/|src/|' | tr '\n' ' ' | sed 's/ $//')
    note "$p is dropped: take it out of ${m:-its module file} (with the module, its tests and docs, if nothing else is left of it)"
  done
  ver=$newver+lip.1
  if [ -n "$out" ]; then
    awk -v kv="upstream-version=$newver upstream-checkin=$checkin debian-version=$debver tarball=$tarball tarball-dir=$tarballdir sha256=$sha" '
      BEGIN { n = split(kv, a, " "); for (i = 1; i <= n; i++) { split(a[i], p, "="); val[p[1]] = p[2] } }
      ($1 in val) { printf "%-20s%s\n", $1, val[$1]; next }
      { print }' "$top/manifest" > "$out/manifest"
    echo "$ver" > "$out/VERSION"
    note "wrote $out/manifest and $out/VERSION for upstream $newver; build it with"
    echo "  ./configure --builddir=DIR --patches=$out --with-sqlite-src=$newsrc"
  else
    note "patches/ holds the series for $newver; now change, in one commit with it:"
    echo "  manifest: upstream-version $newver, upstream-checkin $checkin,"
    echo "            and debian-version, tarball, tarball-dir, sha256 of Debian's orig tarball"
    echo "            (this upstream: tarball $tarball, tarball-dir $tarballdir, sha256 $sha)"
    echo "  VERSION:  $ver"
  fi
  hits=$(cd "$top" && grep -rlF "$oldver" test 2>/dev/null | tr '\n' ' ')
  [ -z "$hits" ] || [ "$oldver" = "$newver" ] || note "test files that name $oldver (check them against $newver): $hits"
  note "took $(( $(date +%s) - started )) s since the rebase began"
}

if [ $cont != 0 ]; then
  [ -z "$new" ] || die "--continue and --skip take no NEW-UPSTREAM"
  [ -f "$(state)" ] || die "$work holds no rebase of ours (start one with tool/rebase.sh NEW-UPSTREAM)"
  work=$(cd "$work" && pwd)
  outarg=$out conflicts=
  . "$(state)"
  [ -z "$outarg" ] || { mkdir -p "$outarg" && out=$(cd "$outarg" && pwd); } || die "cannot create $outarg"
  cd "$work"
  if [ $cont = 2 ]; then
    patch=$(git log -1 --format=%s REBASE_HEAD 2>/dev/null) || die "no rebase stopped at a patch in $work"
    remember conflicts "$conflicts$patch: dropped;"
    conflicts="$conflicts$patch: dropped;"
    GIT_EDITOR=true git rebase --skip || { stopped; exit 1; }
  elif [ -d .git/rebase-merge ] || [ -d .git/rebase-apply ]; then
    left=$(git diff --name-only --diff-filter=U)
    [ -z "$left" ] || die "still unmerged: $(echo $left); edit them, then git add"
    marks=$(git diff --cached --check 2>/dev/null | grep 'leftover conflict marker' || true)
    [ -z "$marks" ] || die "conflict markers left: $marks"
    GIT_EDITOR=true git rebase --continue || { stopped; exit 1; }
  fi
  finish
  exit 0
fi

[ -n "$new" ] || die "usage: tool/rebase.sh [--work DIR] [--out DIR] NEW-UPSTREAM (tarball or tree), or --continue, or --skip"
[ -e "$new" ] || die "$new: no such file or directory"
[ ! -e "$work" ] || die "$work exists already: remove it (rm -rf $work), or go on with --continue"
started=$(date +%s)
new=$(cd "$(dirname "$new")" && pwd)/$(basename "$new")
[ -z "$out" ] || { mkdir -p "$out" && out=$(cd "$out" && pwd); } || die "cannot create $out"
oldver=$("$here/manifest-get.sh" upstream-version "$top/manifest")

# The new upstream, unpacked if need be.
unpacked=
trap 'rm -rf "$unpacked"' EXIT
if [ -d "$new" ]; then
  tree=$new tarball=none tarballdir=none sha=none
else
  unpacked=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-rebase.XXXXXX")
  tar -xf "$new" -C "$unpacked" || die "cannot unpack $new"
  tarballdir=$(ls "$unpacked")
  [ "$(echo "$tarballdir" | wc -l)" = 1 ] && [ -d "$unpacked/$tarballdir" ] \
    || die "$new does not hold one top-level directory"
  tree=$unpacked/$tarballdir tarball=$(basename "$new") sha=$(sha_of "$new")
fi
[ -r "$tree/VERSION" ] && [ -r "$tree/src/sqliteInt.h" ] || die "$new: not an upstream SQLite source (no VERSION or src/sqliteInt.h)"
newver=$(cat "$tree/VERSION")
checkin=none
if [ -r "$tree/manifest.uuid" ]; then
  checkin=$(cat "$tree/manifest.uuid")
else
  note "warning: $new has no manifest.uuid; upstream's build wants it and manifest (see doc/patch-workflow.md)"
fi
debver=none   # the revision of Debian's source package, once there is one
newsrc=$new

# The old series on the pinned upstream, then the new upstream on top of it.
"$here/patch-tree.sh" "$work"
work=$(cd "$work" && pwd)
cd "$work"
remember oldver "$oldver"; remember newver "$newver"; remember checkin "$checkin"
remember debver "$debver"; remember tarball "$tarball"; remember tarballdir "$tarballdir"
remember sha "$sha"; remember newsrc "$newsrc"; remember out "$out"
remember started "$started"; conflicts=
git tag old-series HEAD
git tag old-upstream upstream
GIT_INDEX_FILE=$work/.git/index.new git --work-tree="$tree" add -A
newtree=$(GIT_INDEX_FILE=$work/.git/index.new git write-tree)
rm -f "$work/.git/index.new"
newcommit=$(echo "upstream $newver" | git commit-tree "$newtree" -p old-upstream)
git tag -f upstream "$newcommit" >/dev/null
note "upstream $oldver -> $newver: $(git diff --shortstat old-upstream upstream)"

# Each patch onto the new upstream; diff3 markers show the old text too.
git config merge.conflictStyle diff3
n=$(git rev-list --count old-upstream..old-series)
note "rebasing $n patches onto upstream $newver"
if ! git rebase --empty=drop --onto upstream old-upstream; then
  stopped; exit 1
fi
finish
