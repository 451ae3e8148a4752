#!/bin/sh
# Bad input to ./configure gives one clear error naming the problem, a
# non-zero exit, and no prepared tree that looks finished.
# Run by tool/run-tests.sh with TOP (the repository) and BUILD set.
set -u
top=${TOP:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect_fail NAME PATTERN CMD...: CMD must exit non-zero and print PATTERN.
expect_fail() {
  name=$1; pat=$2; shift 2
  if out=$("$@" 2>&1); then
    echo "FAIL $name: exited 0"; fails=$((fails + 1)); return
  fi
  if ! printf '%s\n' "$out" | grep -q -- "$pat"; then
    echo "FAIL $name: no '$pat' in: $(printf '%s' "$out" | tail -n 3)"; fails=$((fails + 1)); return
  fi
  echo "ok   $name: $(printf '%s\n' "$out" | grep -- "$pat" | head -n 1)"
}

cd "$top"
expect_fail missing-src "no such file or directory" \
  ./configure --builddir="$tmp/b1" --with-sqlite-src="$tmp/does-not-exist.tar.xz"
[ -f "$tmp/b1/.prepared" ] && { echo "FAIL missing-src left a prepared tree"; fails=$((fails + 1)); }

echo "not a tarball" > "$tmp/bad.tar.xz"
expect_fail bad-checksum "SHA-256 mismatch" \
  ./configure --builddir="$tmp/b2" --with-sqlite-src="$tmp/bad.tar.xz"
[ -f "$tmp/b2/.prepared" ] && { echo "FAIL bad-checksum left a prepared tree"; fails=$((fails + 1)); }

mkdir -p "$tmp/tree"
expect_fail not-a-tree "not an upstream SQLite source tree" \
  ./configure --builddir="$tmp/b3" --with-sqlite-src="$tmp/tree"

expect_fail no-compiler "C compiler CC=" \
  env CC="$tmp/no-such-cc" ./configure --builddir="$tmp/b4"

# No tclsh on PATH: every other command is there.
mkdir -p "$tmp/bin"
for f in /usr/bin/* /bin/*; do
  b=$(basename "$f")
  case $b in tclsh*) continue ;; esac
  [ -e "$tmp/bin/$b" ] || ln -s "$f" "$tmp/bin/$b"
done
expect_fail no-tcl "tclsh not found" env PATH="$tmp/bin" ./configure --builddir="$tmp/b5"

# No cmocka: configure warns up front, naming the package (it stops here
# only because the source does not exist), and tool/check-prereqs.sh, which
# make test runs first, fails naming it.
printf '#!/bin/sh\nfor a; do [ "$a" = -lcmocka ] && { echo "cmocka.h: No such file" >&2; exit 1; }; done\nexec cc "$@"\n' > "$tmp/nocmocka-cc"
chmod +x "$tmp/nocmocka-cc"
expect_fail no-cmocka-configure "warning: .*libcmocka-dev" \
  env UNIT_CC="$tmp/nocmocka-cc" ./configure --builddir="$tmp/b7" --with-sqlite-src="$tmp/does-not-exist.tar.xz"
expect_fail no-cmocka-make-test "sudo apt-get install libcmocka-dev" \
  tool/check-prereqs.sh test "$tmp/nocmocka-cc"

# A patch that does not apply: a copy of the repository with one patch
# broken stops, naming that patch, and leaves no prepared tree.
srcline=$(tool/fetch-upstream.sh) || { echo "FAIL cannot find the pinned source"; exit 1; }
mkdir -p "$tmp/repo"
# (what git tracks: no build directory, make file or benchmark output)
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard | tar -cf - --null -T - | (cd "$tmp/repo" && tar -xf -)
else
  tar -cf - --exclude='./build*' --exclude=./Makefile --exclude=./bench/out --exclude='./bench/.stock*' . | (cd "$tmp/repo" && tar -xf -)
fi
first=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$tmp/repo/patches/series" | head -n 1)
sed -i 's/^ \(.*[a-z]\)/ \1 lipsqlite-broken/' "$tmp/repo/patches/$first"
expect_fail bad-patch "patch $first does not apply" \
  "$tmp/repo/configure" --builddir="$tmp/b6" --with-sqlite-src="${srcline#* }"
if [ -f "$tmp/b6/.prepared" ] || [ -d "$tmp/b6/sqlite" ]; then
  echo "FAIL bad-patch left a tree behind"; fails=$((fails + 1))
fi

# No curl and no wget, and nothing in the download cache: one line saying
# what to install or pass.
for f in "$tmp"/bin/curl "$tmp"/bin/wget; do rm -f "$f"; done
expect_fail no-downloader "neither curl nor wget" \
  env PATH="$tmp/bin" LIPSQLITE_CACHE="$tmp/emptycache" tool/fetch-upstream.sh

# Obtaining the source changes nothing on the system: with an empty
# download cache the tarball is downloaded (checked against the pin) and
# /etc/apt is as it was.
apt_state() { find /etc/apt -newer "$tmp/stamp" 2>/dev/null; ls -la /etc/apt /etc/apt/sources.list.d 2>/dev/null; }
touch "$tmp/stamp"; sleep 1
before=$(apt_state)
if line=$(LIPSQLITE_CACHE="$tmp/cache" tool/fetch-upstream.sh 2>"$tmp/fetch.err"); then
  pinned=$(tool/manifest-get.sh sha256 manifest)
  got=$(sha256sum "${line#tarball }" | awk '{print $1}')
  if [ "$got" = "$pinned" ]; then echo "ok   fetch: ${line#tarball }"; else echo "FAIL fetch: $got is not the pin"; fails=$((fails + 1)); fi
else
  echo "FAIL fetch into an empty cache: $(tail -n 1 "$tmp/fetch.err")"; fails=$((fails + 1))
fi
if [ "$(apt_state)" != "$before" ]; then
  echo "FAIL fetching the source changed /etc/apt"; fails=$((fails + 1))
else
  echo "ok   /etc/apt unchanged"
fi

# A second --builddir keeps ./Makefile (which drives the first) and writes
# its own make file; flags of the top-level make file are separate words.
rm -rf "$tmp/repo/patches" && cp -r patches "$tmp/repo/patches"
if (cd "$tmp/repo" && ./configure --builddir=build-a --with-sqlite-src="${srcline#* }" --disable-tcl >/dev/null 2>&1 &&
    ./configure --builddir=build-b --with-sqlite-src="${srcline#* }" --disable-tcl > "$tmp/second.out" 2>&1); then
  if grep -qx "BUILD    = $tmp/repo/build-a" "$tmp/repo/Makefile" && [ -f "$tmp/repo/build-b/lipsqlite.mk" ] &&
     grep -q "make -f $tmp/repo/build-b/lipsqlite.mk" "$tmp/second.out"; then
    echo "ok   second-builddir: ./Makefile kept, build-b/lipsqlite.mk written"
  else
    echo "FAIL second-builddir: $(tail -n 1 "$tmp/second.out")"; fails=$((fails + 1))
  fi
  flags=$(make -n -s -f "$tmp/repo/Makefile" leave-one-out QUICK=1 COMPILE=1 2>/dev/null | tr -s ' ')
  case "$flags " in
    *"--quick --compile "*) echo "ok   make-flags: --quick --compile" ;;
    *) echo "FAIL make-flags: $flags"; fails=$((fails + 1)) ;;
  esac
  flags=$(make -n -s -f "$tmp/repo/Makefile" leave-one-out QUICK=1 NEAR=1 MODULES=lip 2>/dev/null | tr -s ' ')
  case "$flags " in
    *"--quick --near lip "*) echo "ok   make-flags: --quick --near lip" ;;
    *) echo "FAIL make-flags: $flags"; fails=$((fails + 1)) ;;
  esac
else
  echo "FAIL second-builddir: configure failed"; fails=$((fails + 1))
fi

[ $fails = 0 ]
