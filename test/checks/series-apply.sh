#!/bin/sh
# Every feature module's patches apply on their own and can be taken out:
# for each module that does not hold the shared hooks (tool/modules.sh),
#   alone:   the shared hooks' patches (modules build, core, shell, hash),
#            the module's patches and those of the modules it requires,
#            in series order, apply to the pristine upstream source;
#   without: patches/series without the module's patches (and without the
#            modules that require it) applies.
# Both without fuzz (patch -F0), so that no patch leans on another
# feature's lines as its context, and tool/modules.sh resolve must accept
# each set as a working set of modules.  Building and testing such sets is
# tool/series-check.sh's (make leave-one-out, make series-prefixes); this
# check is the quick part of it that runs in make test for every module.
# Run by tool/run-tests.sh with TOP (the repository) and BUILD set.
set -u
top=${TOP:?}
build=${BUILD:?}
mods=$top/tool/modules.sh
src=$(sed -n 's/^tarball //p' "$build/.source" 2>/dev/null)
[ -n "$src" ] && [ -f "$src" ] || { echo "the build was not made from a tarball (.source: $(cat "$build/.source" 2>/dev/null))"; exit 77; }
dirname=$("$top/tool/manifest-get.sh" tarball-dir "$top/manifest")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-apply.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tar -xJf "$src" -C "$tmp" || { echo "FAIL cannot unpack $src"; exit 1; }
pristine=$tmp/$dirname
[ -d "$pristine" ] || { echo "FAIL $src holds no $dirname/"; exit 1; }
series=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series")
shared="build core shell hash"

# closure WHAT MODULE: MODULE and, for WHAT=requires, every module it
# requires, or for WHAT=dependents, every module that requires it, directly
# or not.
reqs=$(for m in $("$mods" list); do for r in $("$mods" get "$m" requires); do echo "$m $r"; done; done)
closure() {
  printf '%s\n' "$reqs" | awk -v what="$1" -v start="$2" '
    { m[NR] = $1; r[NR] = $2 }
    END {
      in_[start] = 1; out = start; changed = 1
      while (changed) {
        changed = 0
        for (i = 1; i <= NR; i++) {
          if (what == "requires") { a = r[i]; b = m[i] } else { a = m[i]; b = r[i] }
          if ((b in in_) && !(a in in_)) { in_[a] = 1; out = out " " a; changed = 1 }
        }
      }
      print out
    }'
}

# try LABEL PATCH...: apply the patches (a subset of the series, kept in
# series order) to a copy of the pristine tree.
failed=0 n=0
try() {
  label=$1; shift
  want=$(printf '%s\n' "$@")
  list=$(for p in $series; do printf '%s\n' "$want" | grep -qxF "$p" && echo "$p"; done)
  if ! err=$("$mods" resolve $list 2>&1 >/dev/null); then
    echo "FAIL $label: not a working set of modules: $err"; failed=$((failed + 1)); return
  fi
  # Only the files the patches touch are copied: the rest is not read.
  rm -rf "$tmp/t"; mkdir "$tmp/t"
  for f in $(for p in $list; do sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$top/patches/$p"; done | sort -u); do
    [ -f "$pristine/$f" ] || continue
    mkdir -p "$tmp/t/$(dirname "$f")" && cp "$pristine/$f" "$tmp/t/$f"
  done
  for p in $list; do
    if ! out=$(patch -d "$tmp/t" -p1 -F0 --forward --batch --no-backup-if-mismatch -s < "$top/patches/$p" 2>&1); then
      echo "FAIL $label: $p does not apply without fuzz: $(printf '%s' "$out" | head -n 3)"
      failed=$((failed + 1)); return
    fi
  done
  n=$((n + 1))
  echo "ok $label ($(echo $list | wc -w) patches)"
}

hooks=$("$mods" patches $shared)
[ -n "$hooks" ] || { echo "FAIL no patches for the shared hooks ($shared)"; exit 1; }
try "shared hooks alone" $hooks
features=0
for m in $("$mods" list); do
  case " $shared " in *" $m "*) continue ;; esac
  features=$((features + 1))
  try "$m alone" $hooks $("$mods" patches $(closure requires "$m"))
  out=$("$mods" patches $(closure dependents "$m"))
  try "without $(closure dependents "$m" | sed 's/ /, /g')" \
    $(for p in $series; do printf '%s\n' "$out" | grep -qxF "$p" || echo "$p"; done)
done
[ $features -gt 0 ] || { echo "FAIL no feature module found"; exit 1; }
echo "$n sets applied, $failed failed ($features feature modules)"
[ $failed = 0 ]
