#!/bin/sh
# make install / make uninstall.
#
#   tool/install.sh install   BUILDDIR   install what make built under the
#                                        configured prefix (and DESTDIR), and
#                                        record every file installed in
#                                        <prefix>/share/lipsqlite/installed-files
#   tool/install.sh uninstall BUILDDIR   remove exactly the files recorded
#
# Installing stages upstream's install rules into a scratch directory first,
# so that the record lists what was really installed.  Uninstalling removes
# the recorded files and the record, then runs ldconfig when run as root
# without DESTDIR, so that the system library is found again.
set -eu
mode=${1:?usage: tool/install.sh install|uninstall BUILDDIR}
build=${2:?usage: tool/install.sh install|uninstall BUILDDIR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG="lipsqlite: $mode"
prefix=$(sed -n 's/^prefix[[:space:]]*=[[:space:]]*//p' "$build/Makefile" | head -n 1)
[ -n "$prefix" ] || die "no prefix in $build/Makefile: run ./configure"
dest=${DESTDIR:-}
record=$dest$prefix/share/lipsqlite/installed-files
case $mode in
  install)
    stage=$(mktemp -d)
    trap 'rm -rf "$stage"' EXIT
    make -s -C "$build" install-dll install-lib install-headers install-shell-0 install-pc \
      DESTDIR="$stage" > "$stage.log" 2>&1 || { tail -n 20 "$stage.log"; rm -f "$stage.log"; die "upstream install rules failed"; }
    rm -f "$stage.log"
    mkdir -p "$dest$prefix/share/lipsqlite"
    (cd "$stage$prefix" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort) > "$record.new"
    # Copy the staged tree in place, keeping symbolic links as links.
    (cd "$stage$prefix" && tar -cf - .) | (cd "$dest$prefix" && tar -xf -)
    echo "share/lipsqlite/installed-files" >> "$record.new"
    mv "$record.new" "$record"
    echo "lipsqlite: installed $(wc -l < "$record") files under $dest$prefix (list: $record)"
    if [ -z "$dest" ] && [ "$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi
    ;;
  uninstall)
    [ -f "$record" ] || die "no $record: nothing of lipsqlite is installed under $dest$prefix"
    n=0
    while IFS= read -r f; do
      [ -n "$f" ] || continue
      case $f in /*|*..*) die "refusing a suspicious entry in $record: $f" ;; esac
      if [ -e "$dest$prefix/$f" ] || [ -L "$dest$prefix/$f" ]; then rm -f "$dest$prefix/$f"; n=$((n+1)); fi
    done < "$record"
    rmdir "$dest$prefix/share/lipsqlite" 2>/dev/null || true
    echo "lipsqlite: removed $n files from $dest$prefix"
    if [ -z "$dest" ] && [ "$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi
    ;;
  *) die "unknown mode '$mode' (install or uninstall)" ;;
esac
