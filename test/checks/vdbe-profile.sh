#!/bin/sh
# tool/vdbe-profile.py: it parses the VDBE_PROFILE format, its totals add up,
# a missing or empty profile gives a clear error, and on a live -DVDBE_PROFILE
# shell (compiled here from the build's amalgamation at -O0) a star join
# shows fewer SeekRowid executions with LIP Bloom filters on than off.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"  # pass, fail and their tally $failed
command -v python3 >/dev/null 2>&1 || { echo "skip: no python3"; exit 77; }
tool="python3 $top/tool/vdbe-profile.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. A hand-made profile: two runs of one query (named by the SQL file),
# one PRAGMA (left out), one other statement.
cat > "$tmp/p.out" <<'EOF'
---- 08010203
-- PRAGMA lip_filter=ON;
     1          500      500    0 Init             0    1    0               00 
---- 0801021003
-- SELECT count(*) FROM f, d WHERE f.a=d.x;
     1          100      100    0 Init             0    4    0               00 
    10         4000      400    1 SeekRowid        1    2    0               00 
    20         1000       50    2 Column           0    1    1               00 
     2          300      150    3 Column           0    2    2               00 
---- 0801021003
-- SELECT count(*) FROM f, d WHERE f.a=d.x;
     1           50       50    0 Init             0    4    0               00 
     5         2000      400    1 SeekRowid        1    2    0               00 
    10          500       50    2 Column           0    1    1               00 
     1          150      150    3 Column           0    2    2               00 
---- 0801
-- SELECT 2;
     3          900      300    0 ResultRow        1    1    0               00 
EOF
cat > "$tmp/q.sql" <<'EOF'
-- Qjoin
SELECT count(*)
  FROM f, d WHERE f.a=d.x;
-- Qtwo
SELECT 2;
EOF
if $tool report "$tmp/p.out" --sql "$tmp/q.sql" --json > "$tmp/p.json" 2> "$tmp/err"; then
  python3 - "$tmp/p.json" > "$tmp/chk" <<'EOF'
import json, sys
p = json.load(open(sys.argv[1]))
q = {x['name']: x for x in p['queries']}
assert sorted(q) == ['Qjoin', 'Qtwo'], sorted(q)          # PRAGMA left out
j = q['Qjoin']
assert j['runs'] == 2, j['runs']
assert j['ops']['SeekRowid'] == [6000, 15], j['ops']['SeekRowid']
assert j['ops']['Column'] == [1950, 33], j['ops']['Column']   # two pcs, two runs
assert j['ops']['Init'] == [150, 2]
assert sum(c for c, _ in j['ops'].values()) == 8100
assert q['Qtwo']['ops'] == {'ResultRow': [900, 3]}
print('parsed')
EOF
  [ "$(cat "$tmp/chk")" = parsed ] && pass "parse: names, runs, per-opcode sums" || fail "parse: $(cat "$tmp/chk")"
else
  fail "report --json: $(cat "$tmp/err")"
fi
$tool report "$tmp/p.out" --sql "$tmp/q.sql" > "$tmp/rep" 2>&1
# The workload total is the sum of the queries' totals (8100 + 900), and
# SeekRowid's share of the join is 6000/8100.
grep -Eq '^  total +9000 +53$' "$tmp/rep" && pass "report: workload total 9000 cycles, 53 executions" ||
  fail "report: workload total line missing: $(grep total "$tmp/rep" | tr '\n' '|')"
grep -Eq '^  SeekRowid +6000 +74\.07% +15 ' "$tmp/rep" && pass "report: SeekRowid share 74.07%" ||
  fail "report: SeekRowid line: $(grep SeekRowid "$tmp/rep" | head -n 1)"

# 2. Bad input: one clear line, exit 1.
$tool report "$tmp/none.out" > /dev/null 2> "$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q 'no such profile file' "$tmp/err" && pass "missing file: $(cat "$tmp/err")" ||
  fail "missing file: rc=$rc $(cat "$tmp/err")"
: > "$tmp/empty.out"
$tool report "$tmp/empty.out" > /dev/null 2> "$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q 'empty profile' "$tmp/err" && pass "empty file: $(cat "$tmp/err")" ||
  fail "empty file: rc=$rc $(cat "$tmp/err")"
printf 'garbage\n' > "$tmp/bad.out"
$tool report "$tmp/bad.out" > /dev/null 2> "$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q 'not a VDBE_PROFILE line' "$tmp/err" && pass "malformed file rejected" ||
  fail "malformed file: rc=$rc $(cat "$tmp/err")"

# 3. A live profile from a -DVDBE_PROFILE shell.
cc=${CC:-cc}
if ! $cc -O0 -DVDBE_PROFILE -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -I"$build" \
     "$build/sqlite3.c" "$build/shell.c" -o "$tmp/sqlite3" -lm > "$tmp/cc.log" 2>&1; then
  tail -n 5 "$tmp/cc.log"; fail "cannot compile a VDBE_PROFILE shell"; echo "$failed failed"; exit 1
fi
"$tmp/sqlite3" "$tmp/star.db" <<'EOF'
CREATE TABLE d(x INTEGER PRIMARY KEY, y);
CREATE TABLE f(a, b);
INSERT INTO d SELECT value, value%50 FROM generate_series(1,2000);
INSERT INTO f SELECT value%4000, value FROM generate_series(1,20000);
EOF
cat > "$tmp/star.sql" <<'EOF'
-- Qstar
SELECT count(*), sum(b) FROM f, d WHERE f.a=d.x AND d.y=7;
EOF
for m in OFF ON; do
  if ! $tool run --shell "$tmp/sqlite3" --db "$tmp/star.db" --sql "$tmp/star.sql" \
       --pre "PRAGMA lip_filter=$m" --label "LIP $m" --out "$tmp/$m.json" --quiet 2> "$tmp/err"; then
    fail "run LIP $m: $(cat "$tmp/err")"
  fi
done
if [ -f "$tmp/OFF.json" ] && [ -f "$tmp/ON.json" ]; then
  python3 - "$tmp/OFF.json" "$tmp/ON.json" > "$tmp/chk" <<'EOF'
import json, sys
off, on = (json.load(open(p)) for p in sys.argv[1:3])
for p in (off, on):
    assert [q['name'] for q in p['queries']] == ['Qstar'], [q['name'] for q in p['queries']]
so = off['queries'][0]['ops']; sn = on['queries'][0]['ops']
# Every row of f probes d without a filter; with one, only the rows whose
# key may be in d (d.y=7: 40 keys of 4000) reach the search.
assert so['SeekRowid'][1] == 20000, so['SeekRowid']
assert 'Filter' in sn and sn['Filter'][1] >= 20000, sn.get('Filter')
assert sn['SeekRowid'][1] < 2000, sn['SeekRowid']
print('live')
EOF
  [ "$(cat "$tmp/chk")" = live ] && pass "live: SeekRowid executions 20000 with LIP off, <2000 with LIP on" ||
    fail "live profile: $(cat "$tmp/chk")"
fi
# A shell without -DVDBE_PROFILE writes no profile: a clear error.
$tool run --shell "$build/sqlite3" --db "$tmp/star.db" --sql "$tmp/star.sql" --out "$tmp/x.json" \
  > /dev/null 2> "$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q 'not a -DVDBE_PROFILE build' "$tmp/err" && pass "non-profiling shell: clear error" ||
  fail "non-profiling shell: rc=$rc $(cat "$tmp/err")"
[ $failed = 0 ]
