#!/bin/sh
# THREAD mode of the page cleaner (PRAGMA page_cleaner=thread, the write
# queue of src/pcleaner/pcleaner_wq.c) under ThreadSanitizer.  In that mode
# the writing thread runs the cleaner's batches and the pager's one-page
# spills, but their writes to the database and WAL files go to a per-pager
# write queue that a writer thread performs later with pwrite(); reads of
# queued pages are served from the queue, and a failed queued write fails
# the transaction.
#
# The driver test/checks/pcleaner-tsan.c, linked with the build's
# amalgamation, runs with a 50-page cache, in journal modes DELETE, WAL and
# TRUNCATE on a SQLITE_OPEN_FULLMUTEX connection and DELETE and WAL on a
# SQLITE_OPEN_NOMUTEX one, while a second thread counts the rows through
# its own connection: large write transactions committed, rolled back, and
# committed after a savepoint was rolled back; PRAGMA page_cleaner_queue
# set to 1 (the writing thread must wait for the queue in WAL mode), 16
# and 1024 between transactions; the mode switched thread -> sync -> off
# -> thread (sync and off must queue nothing); a transaction with
# PRAGMA mmap_size=64 MiB; the connection closed right after a commit, and
# closed with a transaction open whose writes are queued.  It requires
# queued page writes in every thread-mode transaction and reads served from
# the queue (PRAGMA page_cleaner_stats), only committed counts seen by the
# reader, and exactly the committed rows - each checked against what was
# inserted - read back by the writing connection inside transactions
# (through the queue, and through mmap) and by a fresh connection with the
# cleaner off after each close, with PRAGMA integrity_check ok.  Then, in
# DELETE and WAL mode, RLIMIT_FSIZE (SIGXFSZ ignored) makes the writer
# thread's pwrite() fail with EFBIG: the transaction must fail with
# SQLITE_IOERR* or SQLITE_FULL, while the unix VFS's own write calls
# (wrapped with xSetSystemCall) did not fail, and with the limit raised
# back a fresh connection must see exactly the rows from before; the failed
# connection must then commit again.
#
# The driver is built with -fsanitize=thread for SQLITE_THREADSAFE=1 and
# for SQLITE_THREADSAFE=2 (the two builds and runs in parallel); a driver
# failure or any ThreadSanitizer report fails the check (save for upstream
# SQLite's WAL-index hash cleanup, suppressed below with its reason; no
# report in the cleaner's code is suppressed).  A self-test first shows
# that the sanitizer reports a planted data race.  A plain
# SQLITE_THREADSAFE=0 build must refuse PRAGMA page_cleaner=thread with an
# SQL error naming THREADSAFE=0, and accept page_cleaner=sync.
#
# Skipped only if the compiler ($CC, default cc) cannot build a
# -fsanitize=thread program.  A run that dies with "FATAL: ThreadSanitizer:
# unexpected memory mapping" (the kernel's address-space randomisation is
# more than this libtsan supports) is run again under setarch -R.  After a
# failure the logs and binaries are kept, and their directory is named.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"  # pass, fail and their tally $failed
cc=${CC:-cc}
drv=$top/test/checks/pcleaner-tsan.c
t0=$(date +%s)
[ -f "$drv" ] || { echo "FAIL no $drv"; exit 1; }
[ -f "$build/sqlite3.c" ] || { echo "FAIL no $build/sqlite3.c: build first"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pcleaner-tsan.XXXXXX") ||
  { echo "FAIL cannot make a scratch directory"; exit 1; }
trap 'if [ $failed = 0 ]; then rm -rf "$tmp"; else echo "logs and binaries kept in $tmp"; fi' EXIT

# The probe: a trivial threaded program with -fsanitize=thread.
cat > "$tmp/probe.c" <<'EOF'
#include <pthread.h>
static void *run(void *p){ return p; }
int main(void){
  pthread_t t;
  if( pthread_create(&t, 0, run, 0) ) return 1;
  return pthread_join(t, 0);
}
EOF
if ! $cc -fsanitize=thread -g -O1 "$tmp/probe.c" -o "$tmp/probe" -lpthread > "$tmp/probe.log" 2>&1; then
  why=$(grep -m 1 -i error "$tmp/probe.log" || head -n 1 "$tmp/probe.log")
  echo "skip: $cc cannot build a -fsanitize=thread program: ${why:-the compiler failed}"
  echo "      (Debian: apt-get install libtsan2 for gcc, or set CC=clang)"
  exit 77
fi

# Upstream SQLite's WAL index is read without locks by design, and three of
# its functions give reports that have nothing to do with the cleaner:
#  - walIndexTryHdr()/walIndexWriteHdr(): the optimistic, checksummed read
#    of the WAL-index header (memcpy() of the two copies, which another
#    connection's commit may be writing; a torn read fails the checksum and
#    is retried).  Upstream marks both SQLITE_NO_TSAN (tag-20200519-1), but
#    only for clang; with gcc they stay instrumented, and at -O0 (used here
#    because it compiles the amalgamation three times faster) the memcpy()
#    calls go through the sanitizer's interceptor and are reported in
#    nearly every run in WAL mode with a concurrent reader.
#  - walCleanupHash(): a rollback (or ROLLBACK TO) of a WAL transaction
#    that wrote frames zeroes their hash slots with plain stores, while
#    another connection walking a hash chain in walFindFrame() reads the
#    slots with AtomicLoad().  The reader ignores slots beyond its snapshot,
#    so the race is benign; it shows just as well with
#    PRAGMA page_cleaner=off (stock SQLite 3.53.4, whose spills write
#    frames too).  race_top matches only a report whose racing access is in
#    walCleanupHash itself.
# All three run in the connections' own threads: the write queue's writer
# thread only calls pwrite() and never touches the WAL index, so no report
# of the cleaner's code can match them.  A matched suppression is shown as
# a note.
printf '%s\n' 'race_top:walCleanupHash' 'race:walIndexTryHdr' \
  'race:walIndexWriteHdr' > "$tmp/tsan.supp"
tsan_options="halt_on_error=1 exitcode=66 second_deadlock_stack=1 print_suppressions=1 suppressions='$tmp/tsan.supp'"

# run_tsan LOG PROGRAM ARGS...: run PROGRAM under ThreadSanitizer, all
# output to LOG; again under setarch -R if the sanitizer could not start.
run_tsan() {
  log=$1; shift
  TSAN_OPTIONS=$tsan_options nice -n 10 "$@" > "$log" 2>&1; st=$?
  if grep -q 'FATAL: ThreadSanitizer: unexpected memory mapping' "$log"; then
    if command -v setarch > /dev/null 2>&1; then
      echo "note ThreadSanitizer: unexpected memory mapping (kernel ASLR): running again under setarch $(uname -m) -R"
      TSAN_OPTIONS=$tsan_options nice -n 10 setarch "$(uname -m)" -R "$@" > "$log" 2>&1; st=$?
    else
      echo "note ThreadSanitizer: unexpected memory mapping, and no setarch to disable ASLR"
    fi
  fi
  return $st
}

# tsan_reported LOG: whether ThreadSanitizer reported anything in LOG.
tsan_reported() {
  grep -Eq '(WARNING|ERROR|FATAL): ThreadSanitizer|ThreadSanitizer: reported' "$1"
}

# show_report LOG: the start of the first report, and its summary.
show_report() {
  sed -n '/ThreadSanitizer/,$p' "$1" | head -n 45 | sed 's/^/  | /'
  grep -m 1 '^SUMMARY: ThreadSanitizer' "$1" | sed 's/^/  | /'
}

# compile NAME CFLAGS...: compile the driver with the amalgamation into
# $tmp/NAME/pcleaner-tsan, output to $tmp/NAME.cc.log.  Run in the
# background; see compiled.
compile() {
  name=$1; shift
  mkdir -p "$tmp/$name" &&
  nice -n 10 $cc "$@" -I"$build" "$drv" "$build/sqlite3.c" \
    -o "$tmp/$name/pcleaner-tsan" -lpthread -ldl -lm > "$tmp/$name.cc.log" 2>&1
}

# compiled NAME PID CFLAGS...: wait for the compile job PID of NAME, and
# count a failure if it failed.
compiled() {
  name=$1 pid=$2; shift 2
  if wait "$pid"; then
    return 0
  fi
  tail -n 5 "$tmp/$name.cc.log" | sed 's/^/  | /'
  fail "cannot compile the driver with: $*"
  return 1
}

# check_run TS ST: judge the run of the SQLITE_THREADSAFE=TS driver, which
# exited with status ST, from its log $tmp/tsanTS.log.
check_run() {
  ts=$1 st=$2 log=$tmp/tsan$1.log
  if tsan_reported "$log"; then
    show_report "$log"
    fail "SQLITE_THREADSAFE=$ts: ThreadSanitizer report (exit $st), see above"
  elif [ "$st" != 0 ]; then
    tail -n 10 "$log" | sed 's/^/  | /'
    fail "SQLITE_THREADSAFE=$ts: the driver failed (exit $st)"
  elif ! grep -q '^pcleaner-tsan: ok' "$log"; then
    tail -n 10 "$log" | sed 's/^/  | /'
    fail "SQLITE_THREADSAFE=$ts: the driver exited 0 without its summary line"
  else
    pass "SQLITE_THREADSAFE=$ts under ThreadSanitizer: no report, driver passed"
    grep -E '^pcleaner-tsan: (journal_mode|I/O error)' "$log" |
      sed 's/^pcleaner-tsan: /       /'
    if grep -q 'ThreadSanitizer: Matched' "$log"; then
      echo "note upstream WAL-index reports suppressed:" \
        $(sed -n '/ThreadSanitizer: Matched/,$p' "$log" | grep -E '^ *[0-9]+ ')
    fi
  fi
}

# The three builds, in parallel: the amalgamation takes a while to compile
# with -fsanitize=thread.
tsflags="-fsanitize=thread -g -O0"
compile tsan1 $tsflags -DSQLITE_THREADSAFE=1 & pid1=$!
compile tsan2 $tsflags -DSQLITE_THREADSAFE=2 & pid2=$!
compile nothreads -g -O0 -DSQLITE_THREADSAFE=0 & pid0=$!
have1=0 have2=0 have0=0
compiled tsan1 $pid1 $tsflags -DSQLITE_THREADSAFE=1 && have1=1
compiled tsan2 $pid2 $tsflags -DSQLITE_THREADSAFE=2 && have2=1
compiled nothreads $pid0 -g -O0 -DSQLITE_THREADSAFE=0 && have0=1

# The sanitizer is active: a planted race is reported, with exit 66.
if [ $have1 = 1 ]; then
  run_tsan "$tmp/race.log" "$tmp/tsan1/pcleaner-tsan" race; st=$?
  if [ $st = 66 ] && grep -q 'WARNING: ThreadSanitizer: data race' "$tmp/race.log"; then
    pass "self-test: ThreadSanitizer reports a planted data race"
  else
    tail -n 5 "$tmp/race.log" | sed 's/^/  | /'
    fail "self-test: a planted data race was not reported (exit $st): is -fsanitize=thread working?"
  fi
fi

# The two sanitizer runs, in parallel, each with its own directory.
if [ $have1 = 1 ]; then
  run_tsan "$tmp/tsan1.log" "$tmp/tsan1/pcleaner-tsan" threads "$tmp/tsan1" &
  rpid1=$!
fi
if [ $have2 = 1 ]; then
  run_tsan "$tmp/tsan2.log" "$tmp/tsan2/pcleaner-tsan" threads "$tmp/tsan2" &
  rpid2=$!
fi
if [ $have1 = 1 ]; then wait $rpid1; check_run 1 $?; fi
if [ $have2 = 1 ]; then wait $rpid2; check_run 2 $?; fi

# SQLITE_THREADSAFE=0: thread mode is an SQL error, sync mode works.
if [ $have0 = 1 ]; then
  "$tmp/nothreads/pcleaner-tsan" nothreads "$tmp/nothreads" > "$tmp/nothreads.log" 2>&1; st=$?
  if [ $st = 0 ] && grep -q '^pcleaner-tsan: SQLITE_THREADSAFE=0' "$tmp/nothreads.log"; then
    pass "SQLITE_THREADSAFE=0: page_cleaner=thread is an SQL error naming THREADSAFE=0; page_cleaner=sync works"
  else
    tail -n 10 "$tmp/nothreads.log" | sed 's/^/  | /'
    fail "SQLITE_THREADSAFE=0 build (exit $st)"
  fi
fi

secs=$(( $(date +%s) - t0 ))
if [ $failed = 0 ]; then
  echo "ok   pcleaner-tsan: all passed in ${secs}s"
else
  echo "FAIL pcleaner-tsan: $failed failed (${secs}s)"
fi
[ $failed = 0 ]
