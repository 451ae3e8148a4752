#!/bin/sh
# perf stat / perf record of the queries in a SQL file, run by a shell built
# for it (make perf-build: -O2 -g -fno-omit-frame-pointer).
#
#   tool/perf-query.sh stat   DB SQLFILE [SHELL]   counters of the whole run
#   tool/perf-query.sh record DB SQLFILE [SHELL]   call-graph profile, then
#                                                  perf report --stdio (top)
# SHELL defaults to build-perf/sqlite3.  PERF_EVENTS overrides the events of
# "stat"; PERF_OUT the data file of "record" (default ./perf.data).
# Where perf is missing, or the kernel does not let this user use it, the
# script says so and exits 2.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
LIPSQLITE_PROG=perf-query
[ $# -ge 3 ] || die_with 2 "usage: tool/perf-query.sh stat|record DB SQLFILE [SHELL]"
mode=$1 db=$2 sql=$3 shell=${4:-$top/build-perf/sqlite3}
case $mode in stat|record) ;; *) die_with 2 "unknown mode '$mode' (stat or record)" ;; esac
[ -f "$db" ] || die "no such database: $db"
[ -r "$sql" ] || die "cannot read SQL file: $sql"
[ -x "$shell" ] || die "no shell $shell: run make perf-build (or pass a shell)"
command -v perf >/dev/null 2>&1 ||
  die_with 2 "perf not found: install it (Debian: apt-get install linux-perf) to use this wrapper; tool/vdbe-profile.py needs no perf"
if ! perf stat -e task-clock -o /dev/null true >/dev/null 2>&1; then
  die_with 2 "perf cannot count events here (kernel.perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo '?'), or a container without perf_event_open)"
fi
case $mode in
  stat)
    # Hardware counters are not available in every VM; perf prints
    # "<not supported>" for those and still reports the software events.
    events=${PERF_EVENTS:-task-clock,context-switches,page-faults,cycles,instructions,branch-misses,cache-misses}
    perf stat -e "$events" -- "$shell" -bail "$db" < "$sql" > /dev/null
    ;;
  record)
    out=${PERF_OUT:-perf.data}
    perf record -q -g -o "$out" -- "$shell" -bail "$db" < "$sql" > /dev/null || die "perf record failed"
    perf report -i "$out" --stdio --no-children --percent-limit 2 2>/dev/null | sed -n '1,80p'
    note "full profile in $out (perf report -i $out)"
    ;;
esac
