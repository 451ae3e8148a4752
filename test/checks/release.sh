#!/bin/sh
# make release (tool/release.sh) and the Raspberry Pi artifacts:
#   1. bad input stops with one line: an ARCH make wheel cannot build (it
#      names those it can), a Python that does not exist, RELEASE_ARCHES
#      naming an architecture that cannot be built here;
#   2. two releases of the same commit: byte-identical files, SHA256SUMS
#      that sha256sum -c accepts, and a manifest with the pinned upstream
#      SHA-256, the patch series' hash, the compile options and the
#      compilers.  In make test (the short form) the first release builds
#      every wheel from scratch (RELEASE_WORK) and the second remakes the
#      archives and the manifest around the same wheels; with
#      RELEASE_CHECK=full (make release-check) both build every wheel from
#      scratch, side by side;
#   3. the release's autoconf tarball cross-built (./configure --host) for
#      aarch64 and armhf, its shell run under qemu-user: PRAGMA
#      lipsqlite_version and a star join whose plan has BLOOM FILTER lines;
#   4. the release's aarch64 wheel installed by pip running on the target's
#      Python (Debian's python3.11 for arm64 under qemu-aarch64), which
#      refuses the x86_64 wheel, and the wheel smoke test
#      (test/wheel/smoke.py) there.
# It needs the cross compilers, qemu-user, apt's arm64 lists and the wheel's
# prerequisites (doc/raspberry-pi.md); without them it is skipped, saying
# what is missing, unless LIPSQLITE_REQUIRE_RELEASE=1 (CI), where that fails.
# Run by tool/run-tests.sh with TOP and BUILD set.
# Long check: about 6 minutes in CI.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"  # pass, fail and their tally $failed
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t00=$(date +%s)

# What it needs.
missing=
for t in aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf \
         aarch64-linux-gnu-strip:binutils-aarch64-linux-gnu qemu-aarch64:qemu-user qemu-arm:qemu-user \
         zip:zip unzip:unzip make:make tar:tar dpkg-deb:dpkg apt-get:apt; do
  command -v "${t%%:*}" >/dev/null 2>&1 || missing="$missing ${t%%:*} (apt-get install ${t#*:});"
done
[ -f /usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1 ] || missing="$missing the aarch64 C library (apt-get install libc6-dev-arm64-cross);"
[ -f /usr/arm-linux-gnueabihf/lib/ld-linux-armhf.so.3 ] || missing="$missing the armhf C library (apt-get install libc6-dev-armhf-cross);"
dpkg --print-foreign-architectures 2>/dev/null | grep -qx arm64 ||
  missing="$missing apt's arm64 lists (dpkg --add-architecture arm64 && apt-get update);"
py=${PYTHON:-python3}
pyv=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || missing="$missing a Python ($py);"
[ -z "$pyv" ] || "$py" -c 'import venv, ensurepip' 2>/dev/null || missing="$missing Python $pyv's venv (apt-get install python$pyv-venv);"
if [ -n "$missing" ]; then
  if [ "${LIPSQLITE_REQUIRE_RELEASE:-0}" = 1 ]; then echo "FAIL missing (LIPSQLITE_REQUIRE_RELEASE=1):$missing"; exit 1; fi
  echo "skip: missing:$missing (doc/raspberry-pi.md)"; exit 77
fi
for f in .series .without .patches; do
  [ ! -s "$build/$f" ] || { echo "skip: $build is not configured with the whole series ($f): a release is made from a default ./configure"; exit 77; }
done
[ -x "$build/sqlite3" ] || { echo "FAIL no $build/sqlite3: run make"; exit 1; }
version=$("$top/tool/build-version.sh" "$build" fork) || exit 1
# The builds of this check run at -j2 at most (make test runs it next to
# other work).
MAKEFLAGS= MFLAGS= MAKELEVEL=
export MAKEFLAGS MFLAGS MAKELEVEL
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && ! git -C "$top" log -1 --format=%ct > /dev/null 2>&1; then
  SOURCE_DATE_EPOCH=1700000000; export SOURCE_DATE_EPOCH
fi

# 1. Bad input: one line on stderr, a non-zero status.
# one_line NAME REGEX CMD...
one_line() {
  name=$1 re=$2; shift 2
  "$@" > "$tmp/bad.out" 2> "$tmp/bad.err"; rc=$?
  if [ $rc != 0 ] && [ "$(wc -l < "$tmp/bad.err")" = 1 ] && grep -Eq "$re" "$tmp/bad.err"; then
    pass "$name: $(cat "$tmp/bad.err")"
  else
    fail "$name: status $rc, stderr: $(cat "$tmp/bad.err")"
  fi
}
one_line "make wheel ARCH=riscv64" "ARCH=riscv64: ARCH=x86_64 \(this machine\), aarch64 or armv7l" \
  env ARCH=riscv64 sh "$top/tool/wheel.sh" "$build"
one_line "make release, PYTHON missing" "missing: .*Python '/nonexistent/python3'" \
  env PYTHON=/nonexistent/python3 sh "$top/tool/release.sh" "$build" "$tmp/bad"
one_line "make release, RELEASE_ARCHES=riscv64" "riscv64 cannot be built here" \
  env RELEASE_ARCHES=riscv64 sh "$top/tool/release.sh" "$build" "$tmp/bad"
[ ! -e "$tmp/bad" ] && pass "nothing written by a refused release" || fail "a refused release wrote $tmp/bad"

# 2. Two releases: in the full form everything rebuilt in each
#    (RELEASE_WORK), side by side; in the short form the second one reuses
#    the first one's wheels.
case ${RELEASE_CHECK:-short} in
  full) w2=$tmp/w2 ;;
  short) w2=$tmp/w1 ;;
  *) echo "FAIL RELEASE_CHECK='$RELEASE_CHECK': short (make test) or full (make release-check)"; exit 1 ;;
esac
t0=$(date +%s)
RELEASE_WORK=$tmp/w1 sh "$top/tool/release.sh" "$build" "$tmp/r1" > "$tmp/release1.log" 2>&1 &
pid1=$!
if [ "$w2" = "$tmp/w1" ]; then wait $pid1; rc1=$?; touch "$tmp/before2"; fi
RELEASE_WORK=$w2 sh "$top/tool/release.sh" "$build" "$tmp/r2" > "$tmp/release2.log" 2>&1 &
pid2=$!
[ "$w2" = "$tmp/w1" ] || { wait $pid1; rc1=$?; }
wait $pid2; rc2=$?
if [ $rc1 != 0 ] || [ $rc2 != 0 ]; then
  cat "$tmp/release1.log" "$tmp/release2.log"; echo "FAIL tool/release.sh (status $rc1, $rc2)"; exit 1
fi
if [ "$w2" = "$tmp/w1" ]; then
  nw=$(find "$tmp/w1" -path '*/dist/lipsqlite_pysqlite3-*.whl' | wc -l)
  new=$(find "$tmp/w1" -path '*/dist/lipsqlite_pysqlite3-*.whl' -cnewer "$tmp/before2")
  if [ "$nw" -ge 2 ] && [ -z "$new" ]; then
    pass "two releases built, the first one's wheels from scratch, the second one's archives and manifest around them ($(( $(date +%s) - t0 )) s; RELEASE_CHECK=full builds both from scratch)"
  else
    fail "the second release rebuilt a wheel, or there are none: $nw wheels, rebuilt: $new"
  fi
else
  pass "two releases built side by side, every wheel from scratch in each ($(( $(date +%s) - t0 )) s)"
fi
r=$tmp/r1
if [ -s "$r/SHA256SUMS" ] && cmp -s "$r/SHA256SUMS" "$tmp/r2/SHA256SUMS" &&
   [ "$(ls "$r")" = "$(ls "$tmp/r2")" ] && (for f in "$r"/*; do cmp -s "$f" "$tmp/r2/${f##*/}" || exit 1; done); then
  pass "the two releases are byte-identical: $(ls "$r" | wc -l) files"
else
  diff "$r/SHA256SUMS" "$tmp/r2/SHA256SUMS" | sed 's/^/  /'; fail "the two releases differ"
fi
if (cd "$r" && sha256sum -c --quiet SHA256SUMS) > "$tmp/sums.log" 2>&1 &&
   [ "$(wc -l < "$r/SHA256SUMS")" = $(( $(ls "$r" | wc -l) - 1 )) ]; then
  pass "SHA256SUMS checks every other file"
else
  cat "$tmp/sums.log"; fail "SHA256SUMS does not check every file of the release"
fi
want="lipsqlite-autoconf-$version.tar.gz lipsqlite-amalgamation-$version.zip lipsqlite-$version.manifest"
for f in $want; do [ -f "$r/$f" ] || fail "no $f in the release"; done
x86=$(ls "$r"/lipsqlite_pysqlite3-*-manylinux_*_x86_64.whl 2>/dev/null | head -n 1)
a64=$(ls "$r"/lipsqlite_pysqlite3-*-manylinux_*_aarch64.whl 2>/dev/null | head -n 1)
[ -n "$x86" ] && [ -n "$a64" ] && ls "$r"/lipsqlite_sqlite3_alias-*.whl > /dev/null 2>&1 &&
  pass "wheels: $(basename "$x86"), $(basename "$a64"), the alias" || fail "the release lacks a wheel: $(ls "$r" | tr '\n' ' ')"
m=$r/lipsqlite-$version.manifest
pin=$("$top/tool/manifest-get.sh" sha256 "$top/manifest")
series=$( { echo $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series");
            for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/patches/series"); do cat "$top/patches/$p"; done; } |
          sha256sum | cut -c1-64)
mok=1
grep -qx "upstream-sha256 $pin" "$m" || { mok=0; echo "  no line 'upstream-sha256 $pin'"; }
grep -q "^patch-series .* sha256 $series " "$m" || { mok=0; echo "  no patch-series line with sha256 $series"; }
grep -q '^compile-options .*-DSQLITE_ENABLE_FTS5' "$m" || { mok=0; echo "  no compile-options line with -DSQLITE_ENABLE_FTS5"; }
grep -q '^compiler [^ ]*: .*[0-9]\.[0-9]' "$m" && grep -q '^compiler-aarch64 aarch64-linux-gnu-gcc: .*[0-9]' "$m" || { mok=0; echo "  no compiler lines"; }
grep -q '^target-python-aarch64 .*python3[.0-9]*-minimal_' "$m" || { mok=0; echo "  no target-python-aarch64 line"; }
grep -q "$tmp\|/tmp/" "$m" && { mok=0; echo "  a temporary path in the manifest"; }
[ $mok = 1 ] && pass "manifest: the pinned upstream SHA-256, the series' hash, compile options, compilers, the target's Python" ||
  { sed 's/^/  | /' "$m"; fail "manifest lacks what it should record"; }

# 3. The tarball, cross-built and run under qemu-user.
tgz=$r/lipsqlite-autoconf-$version.tar.gz
star="CREATE TABLE d1(k INTEGER PRIMARY KEY, cat TEXT); CREATE TABLE d2(k INTEGER PRIMARY KEY, grp INT);
CREATE TABLE f(a, b, v INT);
INSERT INTO d1 SELECT value, 'c'||(value%10) FROM generate_series(1,100);
INSERT INTO d2 SELECT value, value%7 FROM generate_series(1,50);
INSERT INTO f SELECT (value*7)%100+1, (value*13)%50+1, value FROM generate_series(1,3000);"
starq="SELECT count(*), sum(v) FROM f, d1, d2 WHERE f.a=d1.k AND f.b=d2.k AND d1.cat='c3' AND d2.grp=2"
t0=$(date +%s)
for h in aarch64-linux-gnu arm-linux-gnueabihf; do
  mkdir -p "$tmp/x-$h" && tar -xzf "$tgz" -C "$tmp/x-$h" || { fail "cannot unpack $tgz"; continue; }
  (cd "$tmp/x-$h/lipsqlite-autoconf-$version" &&
   ./configure --host="$h" > cfg.log 2>&1 && make sqlite3 > make.log 2>&1; echo $? > "$tmp/x-$h.rc") &
done
wait
for h in aarch64-linux-gnu arm-linux-gnueabihf; do
  case $h in aarch64*) q=qemu-aarch64 m=AArch64 ;; *) q=qemu-arm m=ARM ;; esac
  d=$tmp/x-$h/lipsqlite-autoconf-$version
  if [ "$(cat "$tmp/x-$h.rc" 2>/dev/null)" != 0 ]; then
    tail -n 15 "$d/cfg.log" "$d/make.log" 2>/dev/null; fail "$h: ./configure --host=$h && make sqlite3 in the tarball"; continue
  fi
  mach=$(readelf -h "$d/sqlite3" 2>/dev/null | sed -n 's/^ *Machine: *//p')
  [ "$mach" = "$m" ] && pass "$h: the tarball's ./configure --host=$h && make sqlite3: an $m shell" ||
    { fail "$h: the tarball's shell is not $m ('$mach')"; continue; }
  run() { QEMU_LD_PREFIX=/usr/$h "$q" "$d/sqlite3" -batch :memory: "$@" 2>&1; }
  got=$(run 'PRAGMA lipsqlite_version')
  [ "$got" = "$version" ] && pass "$h under $q: PRAGMA lipsqlite_version $got" || fail "$h under $q: PRAGMA lipsqlite_version '$got'"
  plan=$(run "$star EXPLAIN QUERY PLAN $starq;")
  n=$(printf '%s\n' "$plan" | grep -c 'BLOOM FILTER ON d[12]')
  rows=$(run "$star $starq; PRAGMA lip_filter=OFF; $starq;" | sort -u)
  if [ "$n" = 2 ] && [ -n "$rows" ] && [ "$(printf '%s\n' "$rows" | wc -l)" = 1 ]; then
    pass "$h under $q: star join with BLOOM FILTER on both dimensions, the same rows with LIP off ($rows)"
  else
    printf '%s\n' "$plan" "$rows" | sed 's/^/  /'; fail "$h under $q: star join's plan or rows"
  fi
done
echo "(cross builds of the tarball and their runs: $(( $(date +%s) - t0 )) s)"

# 4. The aarch64 wheel on the target's Python, under qemu-aarch64: pip
#    there installs it (and refuses the x86_64 wheel), then the smoke test.
tp=$tmp/w1/wheel-aarch64/target
tpy=$(ls "$tp"/usr/bin/python3.[0-9]* 2>/dev/null | grep -v config | head -n 1)
sp=$(ls -d "$tmp"/w1/wheel-aarch64/venv-cp*/lib/python3*/site-packages 2>/dev/null | head -n 1)
if [ -z "$tpy" ] || [ -z "$sp" ]; then
  fail "no target Python ($tp) or build venv for the aarch64 wheel"
else
  arch=$(PYTHONPATH= qemu-aarch64 -L "$tp" "$tpy" -c 'import platform, sys; print(platform.machine(), sys.version.split()[0])' 2>&1)
  case $arch in aarch64\ 3.*) pass "the target's Python under qemu-aarch64: $arch" ;; *) fail "the target's Python: '$arch'" ;; esac
  pipi() { PYTHONPATH=$sp qemu-aarch64 -L "$tp" "$tpy" -m pip install --disable-pip-version-check -q --no-index --no-deps --target "$@"; }
  if pipi "$tmp/site-x86" "$x86" > "$tmp/pipx.log" 2>&1; then
    fail "pip on aarch64 installed the x86_64 wheel"
  elif grep -q "is not a supported wheel on this platform" "$tmp/pipx.log"; then
    pass "pip on aarch64 refuses the x86_64 wheel (not a supported wheel on this platform)"
  else
    cat "$tmp/pipx.log"; fail "pip on aarch64 and the x86_64 wheel: another error"
  fi
  if pipi "$tmp/site" "$a64" > "$tmp/pip.log" 2>&1 && [ -d "$tmp/site/pysqlite3" ]; then
    pass "pip on aarch64 installs $(basename "$a64")"
    mkdir -p "$tmp/smoke"
    PYTHONPATH=$tmp/site qemu-aarch64 -L "$tp" "$tpy" "$top/test/wheel/smoke.py" --module pysqlite3 --version "$version" \
      --sqlite-version "$("$top/tool/build-version.sh" "$build" upstream)" --workdir "$tmp/smoke" > "$tmp/smoke.log" 2>&1
    rc=$?
    sed 's/^/  /' "$tmp/smoke.log" | grep -v '^  ok' 
    last=$(tail -n 1 "$tmp/smoke.log")
    case $rc:$last in
      "0:"[1-9]*" passed, 0 failed") pass "the wheel's smoke test on aarch64 under qemu: $last" ;;
      *) fail "the wheel's smoke test on aarch64 under qemu (status $rc): $last" ;;
    esac
  else
    cat "$tmp/pip.log"; fail "pip on aarch64 does not install $(basename "$a64")"
  fi
fi
echo "(release check: $(( $(date +%s) - t00 )) s)"
[ $failed = 0 ]
