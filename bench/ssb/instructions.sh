#!/bin/sh
# Instructions executed per SSB query by stock 3.53.4 and by our build, from
# valgrind's callgrind: a deterministic companion to the timings of run.py,
# for differences of a few percent that the noise of a shared machine hides.
#
#   bench/ssb/instructions.sh [--sf SF] [--seed N] [--analyze] [--forced] [--queries Q1.1,Q3.3]
#                             [--hashagg-off]
#
# --forced: the queries of queries-forced.sql (join orders forced by CROSS JOIN).
# --hashagg-off: also ours with PRAGMA hash_aggregate=OFF (GROUP BY through
#   upstream's sorter), and hashagg-off / ours.
#
# Uses the databases run.py generates (bench/out/ssb-sf<SF>-seed<N>[-analyze].db;
# run it first), bench/.stock/sqlite3 (bench/build-stock.sh) and build/sqlite3.
# Prints one line per query: stock and ours in instructions, and stock / ours.
# Under callgrind a query runs about 50 times slower: SF 1, all 13 queries,
# takes about 8 minutes here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
sf=1 seed=1 analyze= queries= qfile=queries.sql hashoff=0
while [ $# -gt 0 ]; do
  case $1 in
    --sf) sf=${2:?--sf needs a value}; shift 2 ;;
    --seed) seed=${2:?--seed needs a value}; shift 2 ;;
    --analyze) analyze=-analyze; shift ;;
    --forced) qfile=queries-forced.sql; shift ;;
    --queries) queries=${2:?--queries needs a value}; shift 2 ;;
    --hashagg-off) hashoff=1; shift ;;
    *) echo "bench/ssb/instructions.sh: unknown option '$1' (--sf SF, --seed N, --analyze, --forced, --queries LIST, --hashagg-off)" >&2; exit 2 ;;
  esac
done
command -v valgrind >/dev/null || { echo "bench/ssb/instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
db=$top/bench/out/ssb-sf$sf-seed$seed$analyze.db
[ -f "$db" ] || { echo "bench/ssb/instructions.sh: no $db: run bench/ssb/run.py --sf $sf${analyze:+ --analyze analyze} first" >&2; exit 1; }
stock=$top/bench/.stock/sqlite3
ours=$top/build/sqlite3
[ -x "$stock" ] || { echo "bench/ssb/instructions.sh: no $stock: run bench/build-stock.sh" >&2; exit 1; }
[ -x "$ours" ] || { echo "bench/ssb/instructions.sh: no $ours: run ./configure && make" >&2; exit 1; }
echo "# SSB SF $sf seed $seed${analyze:+, after ANALYZE}, $qfile: instructions (callgrind Ir)"
echo "# stock: $("$stock" :memory: 'select sqlite_source_id()')"
echo "# ours:  $("$ours" :memory: 'select sqlite_source_id()'), lip_filter ON"
python3 - "$db" "$stock" "$ours" "$here" "$queries" "$qfile" "$hashoff" <<'EOF'
import re, subprocess, sys
db, stock, ours, here, want, qfile, hashoff = sys.argv[1:8]
sys.path.insert(0, here)
import run as ssb                    # bench/ssb/run.py: the same query list
qs = ssb.queries(qfile)
want = [w for w in want.split(',') if w]
unknown = set(want) - set(n for n, _ in qs)
if unknown:
    sys.exit("bench/ssb/instructions.sh: unknown query: " + ",".join(sorted(unknown)))
runs = [(stock, ''), (ours, '')]
head = "%-6s %15s %15s %12s" % ("query", "stock", "ours", "stock/ours")
if hashoff == '1':
    runs.append((ours, 'PRAGMA hash_aggregate=OFF; '))
    head += " %15s %15s" % ("hashagg-off", "hashagg-off/ours")
print(head)
for name, q in qs:
    if want and name not in want:
        continue
    n = []
    for b, pre in runs:
        r = subprocess.run(['valgrind', '--tool=callgrind',
                            '--callgrind-out-file=/dev/null', b, db, pre + q],
                           capture_output=True, text=True)
        m = re.search(r'Collected : (\d+)', r.stderr)
        if r.returncode != 0 or not m:
            sys.exit("bench/ssb/instructions.sh: %s failed on %s:\n%s"
                     % (b, name, r.stderr[-2000:]))
        n.append(int(m.group(1)))
    line = "%-6s %15d %15d %11.3fx" % (name, n[0], n[1], n[0] / n[1])
    if len(n) > 2:
        line += " %15d %15.3fx" % (n[2], n[2] / n[1])
    print(line, flush=True)
EOF
