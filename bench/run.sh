#!/bin/sh
# Every benchmark, one after the other, from the top of the repository
# (bench/README.md, "All of them"):
#
#   bench/run.sh quick          make bench: each benchmark at small scale, about
#                               five minutes; a smoke pass, not figures
#   bench/run.sh full           make bench-full: SSB at SF 1 (integer and text
#                               keys, with and without ANALYZE), the
#                               large-transaction matrix, its threshold sweep
#                               and system calls, TATP, BLOB, footprint, the
#                               researcher workflow and TPC-H at SF 0.1 and 1:
#                               a few hours on 2 cores
#   bench/run.sh --list quick|full
#                               print the commands, run none
#
# Our build and stock 3.53.4 (bench/build-stock.sh) must be there: make bench
# and make bench-full make them first.  Each command is printed before it
# runs; the first that fails stops the run, naming it, with its exit status.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../tool/lib.sh"
LIPSQLITE_PROG=bench

list=0
[ "${1:-}" = --list ] && { list=1; shift; }
mode=${1:-}
case $mode in
  quick|full) [ $# = 1 ] || die_with 2 "usage: bench/run.sh [--list] quick|full" ;;
  *) die_with 2 "usage: bench/run.sh [--list] quick|full" ;;
esac

quick() {
  run bench/ssb/run.py --sf 0.05 --repeat 1 --warmup 1 --analyze both --text-keys
  run bench/largetx/run.py --quick
  run bench/tatp/run.py --quick
  run bench/blob/run.py --quick
  run bench/footprint/run.py --quick
  run bench/research/run.py --rows 20000 --warmup 0 --repeat 1
  run bench/tpch/run.py --quick
  run bench/htap/run.py --quick
  run bench/unnest/run.py --products 200 --orders 4000 --items 20000 --runs 1
}

full() {
  run bench/ssb/run.py --sf 1 --repeat 3 --analyze both --text-keys
  run bench/largetx/run.py --repeat 3
  run bench/largetx/run.py --sweep 0.2,0.4,0.6,0.8,1.0 --sweep-only --sync full --repeat 3
  run bench/largetx/run.py --tx-size 1mb --sync full --repeat 1 --syscalls --syscalls-tx 10
  run bench/tatp/run.py
  run bench/blob/run.py
  run bench/footprint/run.py
  run bench/research/run.py --rows 1000000 --repeat 3
  run bench/tpch/run.py --sf 0.1
  run bench/tpch/run.py --sf 1
  run bench/htap/run.py --sf 1
  run bench/htap/run.py --sf 1 --updates 10000
  run bench/htap/run.py --sf 1 --write-rate --systems sqlite --seconds 5 --repeat 3
  run bench/unnest/run.py --runs 5
}

# How many there are, then each in turn.
n=0
run() { n=$((n + 1)); }
$mode
i=0
run() {
  i=$((i + 1))
  if [ $list = 1 ]; then echo "python3 $*"; return; fi
  note "$mode $i/$n: python3 $*"
  python3 "$@" && return
  status=$? rest=
  [ $i = $n ] || rest="; the $((n - i)) after it not run"
  die_with "$status" "$mode $i/$n failed (exit $status): python3 $*$rest"
}
cd "$top" || die "cannot change to $top"
$mode
[ $list = 1 ] || note "$mode: all $n benchmarks ran"
