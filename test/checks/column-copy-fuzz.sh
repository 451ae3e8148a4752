#!/bin/sh
# The quick run of the column copies' differential fuzzer
# (test/fuzz/ccfuzz.py, doc/fuzzing.md): random tables of 70,000 to
# 140,000 rows (several 65,536-row chunks), PRAGMA column_copy at random
# moments, random queries run with PRAGMA column_scan=ON and OFF (the same
# rows, storage classes and order), interleaved with random writes, WAL
# readers on older snapshots and, when bench/.stock/sqlite3 is built
# (bench/build-stock.sh; LIPSQLITE_REQUIRE_STOCK=1 builds it), writes by
# stock SQLite 3.53.4 in another process.
# The self-test first: --corrupt (one ON value changed) and --no-feature
# (no copy ever built) must both fail.  CCFUZZ_QUICK_SECONDS (default 40)
# seconds of cases; FUZZ_SEED sets the seed (printed).  make fuzz runs it
# longer (tool/fuzz.sh).
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"
LIPSQLITE_PROG=column-copy-fuzz
py=python3
command -v "$py" > /dev/null 2>&1 || { echo "skip: no python3"; exit 77; }
[ -f "$build/libsqlite3.so.0" ] || abort "no $build/libsqlite3.so.0: build first"
stock=
if [ ! -x "$top/bench/.stock/sqlite3" ] && [ "${LIPSQLITE_REQUIRE_STOCK:-0}" = 1 ]; then
  "$top/bench/build-stock.sh" > /dev/null 2>&1 || abort "LIPSQLITE_REQUIRE_STOCK=1 and bench/build-stock.sh failed"
fi
if [ -x "$top/bench/.stock/sqlite3" ]; then stock="--stock $top/bench/.stock/sqlite3"
else note "no bench/.stock/sqlite3 (bench/build-stock.sh): no writes by stock SQLite in this run"; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lipsqlite-ccfuzz.XXXXXX") || exit 1
small="--min-rows 70000 --max-rows 100000 --min-steps 6 --max-steps 10"
for t in "--corrupt:column_scan=ON and OFF differ" "--no-feature:no query used a column copy"; do
  opt=${t%%:*} msg=${t#*:}
  if "$py" "$top/test/fuzz/ccfuzz.py" --build "$build" --seed 1 --cases 1 $small $opt \
       --dir "$tmp/self" > "$tmp/self$opt.log" 2>&1; then
    fail "self-test: ccfuzz $opt passed"; cat "$tmp/self$opt.log"
  elif grep '^FAIL' "$tmp/self$opt.log" | grep -qF "$msg"; then
    pass "self-test: ccfuzz $opt fails ($msg)"
  else
    fail "self-test: ccfuzz $opt did not fail for '$msg'"; tail -n 20 "$tmp/self$opt.log"
  fi
done
rm -rf "$tmp/self"
# shellcheck disable=SC2086
"$py" "$top/test/fuzz/ccfuzz.py" --build "$build" $stock --max-rows 140000 \
  --seconds "${CCFUZZ_QUICK_SECONDS:-40}" --dir "$tmp/run" > "$tmp/run.log" 2>&1
rc=$?
grep -v '^ok ' "$tmp/run.log" | head -n 60
line=$(grep -E '^ccfuzz: [0-9]+ cases in' "$tmp/run.log" | tail -n 1)
n=$(echo "$line" | awk '{print $2}') nf=$(echo "$line" | awk '{print $6}')
if [ -z "$line" ]; then
  fail "ccfuzz printed no summary (exit $rc)"; tail -n 20 "$tmp/run.log"
elif [ "$rc" = 0 ] && [ "$nf" = 0 ]; then
  count "$n" 0
  rm -rf "$tmp"
else
  count $((n - nf > 0 ? n - nf : 0)) "${nf:-1}"
  note "logs and the failing cases' databases in $tmp"
fi
summary
