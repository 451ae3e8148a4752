#!/bin/sh
# Per-opcode VDBE profiles of the 13 SSB queries with our LIP Bloom filters
# off and on (the VLDB'22 paper's Figure 4 a/b), from a -DVDBE_PROFILE shell.
#
#   bench/ssb/profile.sh [--sf SF] [--seed N] [--analyze]
#
# Builds build-profile/sqlite3 (make profile-build) if missing, generates the
# SSB database if missing (bench/out/, as bench/ssb/run.py does), then writes
#   bench/out/profile-ssb-sf<SF>[-analyze]-{off,on}.json   parsed profiles
#   bench/out/profile-ssb-sf<SF>[-analyze].txt             per-query reports
#   bench/out/profile-ssb-sf<SF>[-analyze].md              side by side
#   bench/out/profile-ssb-sf<SF>[-analyze].png             stacked bars (needs matplotlib)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
sf=0.1 seed=1 analyze=
while [ $# -gt 0 ]; do
  case $1 in
    --sf) sf=${2:?--sf needs a value}; shift 2 ;;
    --seed) seed=${2:?--seed needs a value}; shift 2 ;;
    --analyze) analyze=-analyze; shift ;;
    *) echo "bench/ssb/profile.sh: unknown option '$1' (--sf SF, --seed N, --analyze)" >&2; exit 2 ;;
  esac
done
awk -v s="$sf" 'BEGIN{exit !(s+0>0)}' || { echo "bench/ssb/profile.sh: scale factor must be > 0 (got $sf)" >&2; exit 2; }
shell=$top/build-profile/sqlite3
if [ ! -x "$shell" ]; then
  [ -f "$top/Makefile" ] || { echo "bench/ssb/profile.sh: run ./configure first" >&2; exit 1; }
  make -C "$top" profile-build
fi
out=$top/bench/out
mkdir -p "$out"
db=$(cd "$here" && python3 -c "
import sys, run
sf, seed, an = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
p = '$out/ssb-sf%g-seed%d.db' % (sf, seed)
run.make_db(p, sf, seed, False)
print(run.analyzed(p) if an else p)" "$sf" "$seed" "$analyze")
stem=$out/profile-ssb-sf$sf$analyze
tool="python3 $top/tool/vdbe-profile.py"
for m in off on; do
  echo "bench/ssb/profile.sh: profiling SSB SF $sf$analyze with PRAGMA lip_filter=$m" >&2
  $tool run --shell "$shell" --db "$db" --sql "$here/queries.sql" --pre "PRAGMA lip_filter=$m" \
    --label "LIP $m" --out "$stem-$m.json" --quiet
done
{ $tool report "$stem-off.json"; echo; $tool report "$stem-on.json"; } > "$stem.txt"
{
  echo "# VDBE profile of SSB, scale factor $sf, seed $seed${analyze:+, after ANALYZE}"
  echo
  echo "Shell: build-profile/sqlite3 ($("$shell" :memory: 'PRAGMA lipsqlite_version'), -DVDBE_PROFILE, CFLAGS -g -O2);"
  echo "database $(basename "$db"); cycles from the CPU's time-stamp counter ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1));"
  echo "kernel $(uname -r). One run of each query per profile; the profiling itself adds overhead to every opcode."
  echo
  $tool compare "$stem-off.json" "$stem-on.json" --labels "LIP off,LIP on" --opcodes SeekRowid,Column,Filter
} > "$stem.md"
if python3 -c 'import matplotlib' 2>/dev/null; then
  $tool plot "$stem-off.json" "$stem-on.json" --labels "LIP off,LIP on" --out "$stem.png" \
    --title "SSB SF $sf${analyze:+ (ANALYZE)}: cycles per opcode, LIP off (plain) vs on (hatched)"
else
  echo "bench/ssb/profile.sh: matplotlib not installed (pip install matplotlib): no plot" >&2
fi
cat "$stem.md"
echo "bench/ssb/profile.sh: $stem.{txt,md,json,png}" >&2
