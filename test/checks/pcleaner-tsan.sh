#!/bin/sh
# The background-thread page cleaner (PRAGMA page_cleaner=thread, in
# src/pcleaner.c) under ThreadSanitizer.
#
# The driver test/checks/pcleaner-tsan.c, linked with the build's
# amalgamation, runs large write transactions (committed, rolled back, one
# with a savepoint rolled back) through a SQLITE_OPEN_FULLMUTEX connection
# with a 50-page cache, in journal modes DELETE and WAL, while a second
# thread counts the rows through its own connection; it switches the mode
# to sync and back between transactions and closes the connection right
# after a transaction that woke the cleaner (stop and join at close).  It
# requires batches written by the background thread (else the run proves
# nothing), counts seen by the reader that are committed ones, PRAGMA
# integrity_check ok and exactly the committed rows in the table.
#
# The driver is built with -fsanitize=thread for SQLITE_THREADSAFE=1 and
# for SQLITE_THREADSAFE=2; a driver failure or any ThreadSanitizer report
# fails the check (save for upstream SQLite's lock-free WAL-index reads,
# which are suppressed below, each with its reason).  A self-test first
# shows that the sanitizer reports a planted data race.  A plain SQLITE_THREADSAFE=0 build must refuse
# PRAGMA page_cleaner=thread with an SQL error naming THREADSAFE=0, and
# accept page_cleaner=sync.
#
# Skipped only if the compiler ($CC, default cc) cannot build a
# -fsanitize=thread program.  A run that dies with "FATAL: ThreadSanitizer:
# unexpected memory mapping" (the kernel's address-space randomisation is
# more than this libtsan supports) is run again under setarch -R.  After a
# failure the logs and binaries are kept, and their directory is named.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
cc=${CC:-cc}
drv=$top/test/checks/pcleaner-tsan.c
t0=$(date +%s)
fails=0
ok()   { echo "ok   $*"; }
fail() { echo "FAIL $*"; fails=$((fails+1)); }
[ -f "$drv" ] || { echo "FAIL no $drv"; exit 1; }
[ -f "$build/sqlite3.c" ] || { echo "FAIL no $build/sqlite3.c: build first"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pcleaner-tsan.XXXXXX") ||
  { echo "FAIL cannot make a scratch directory"; exit 1; }
trap 'if [ $fails = 0 ]; then rm -rf "$tmp"; else echo "logs and binaries kept in $tmp"; fi' EXIT

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
#    of the WAL-index header.  Upstream marks both SQLITE_NO_TSAN
#    (tag-20200519-1), but only for clang; with gcc they stay instrumented.
#  - walCleanupHash(): a rollback (or ROLLBACK TO) of a WAL transaction
#    that wrote frames zeroes their hash slots with plain stores, while
#    another connection walking a hash chain in walFindFrame() reads the
#    slots with AtomicLoad().  The reader ignores slots beyond its snapshot,
#    so the race is benign.  It shows in about one run of this check in
#    twenty, and just as well with PRAGMA page_cleaner=off (stock SQLite
#    3.53.4, whose spills write frames too).
# race_top matches only a report whose racing access is in walCleanupHash
# itself; the cleaner thread never rolls back, so never runs it.  A matched
# suppression is shown as a note.
cat > "$tmp/tsan.supp" <<'EOF'
race_top:walCleanupHash
race:walIndexTryHdr
race:walIndexWriteHdr
EOF
tsan_options="halt_on_error=1 exitcode=66 second_deadlock_stack=1 print_suppressions=1 suppressions='$tmp/tsan.supp'"

# run_tsan LOG PROGRAM ARGS...: run PROGRAM under ThreadSanitizer, all
# output to LOG; again under setarch -R if the sanitizer could not start.
run_tsan() {
  log=$1; shift
  TSAN_OPTIONS=$tsan_options "$@" > "$log" 2>&1; st=$?
  if grep -q 'FATAL: ThreadSanitizer: unexpected memory mapping' "$log"; then
    if command -v setarch > /dev/null 2>&1; then
      echo "note ThreadSanitizer: unexpected memory mapping (kernel ASLR): running again under setarch $(uname -m) -R"
      TSAN_OPTIONS=$tsan_options setarch "$(uname -m)" -R "$@" > "$log" 2>&1; st=$?
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
# $tmp/NAME/pcleaner-tsan.
compile() {
  name=$1; shift
  mkdir -p "$tmp/$name"
  if $cc "$@" -I"$build" "$drv" "$build/sqlite3.c" -o "$tmp/$name/pcleaner-tsan" \
       -lpthread -ldl -lm > "$tmp/$name.cc.log" 2>&1; then
    return 0
  fi
  tail -n 5 "$tmp/$name.cc.log" | sed 's/^/  | /'
  fail "cannot compile the driver with: $*"
  return 1
}

for ts in 1 2; do
  name=tsan$ts
  compile $name -fsanitize=thread -g -O1 -DSQLITE_THREADSAFE=$ts || continue
  exe=$tmp/$name/pcleaner-tsan
  if [ $ts = 1 ]; then
    # The sanitizer is active: a planted race is reported, with exit 66.
    run_tsan "$tmp/race.log" "$exe" race; st=$?
    if [ $st = 66 ] && grep -q 'WARNING: ThreadSanitizer: data race' "$tmp/race.log"; then
      ok "self-test: ThreadSanitizer reports a planted data race"
    else
      tail -n 5 "$tmp/race.log" | sed 's/^/  | /'
      fail "self-test: a planted data race was not reported (exit $st): is -fsanitize=thread working?"
    fi
  fi
  run_tsan "$tmp/$name.log" "$exe" threads "$tmp/$name"; st=$?
  if tsan_reported "$tmp/$name.log"; then
    show_report "$tmp/$name.log"
    fail "SQLITE_THREADSAFE=$ts: ThreadSanitizer report (exit $st), see above"
  elif [ $st != 0 ]; then
    tail -n 10 "$tmp/$name.log" | sed 's/^/  | /'
    fail "SQLITE_THREADSAFE=$ts: the driver failed (exit $st)"
  elif ! grep -q '^pcleaner-tsan: ok' "$tmp/$name.log"; then
    tail -n 10 "$tmp/$name.log" | sed 's/^/  | /'
    fail "SQLITE_THREADSAFE=$ts: the driver exited 0 without its summary line"
  else
    ok "SQLITE_THREADSAFE=$ts under ThreadSanitizer: no report, driver passed"
    grep '^pcleaner-tsan: journal_mode=' "$tmp/$name.log" | sed 's/^pcleaner-tsan: /       /'
    if grep -q 'ThreadSanitizer: Matched' "$tmp/$name.log"; then
      echo "note upstream WAL-index reports suppressed:" \
        $(sed -n '/ThreadSanitizer: Matched/,$p' "$tmp/$name.log" | grep -E '^ *[0-9]+ ')
    fi
  fi
done

# SQLITE_THREADSAFE=0: thread mode is an SQL error, sync mode works.
if compile nothreads -g -O0 -DSQLITE_THREADSAFE=0; then
  "$tmp/nothreads/pcleaner-tsan" nothreads "$tmp/nothreads" > "$tmp/nothreads.log" 2>&1; st=$?
  if [ $st = 0 ] && grep -q '^pcleaner-tsan: SQLITE_THREADSAFE=0' "$tmp/nothreads.log"; then
    ok "SQLITE_THREADSAFE=0: page_cleaner=thread is an SQL error naming THREADSAFE=0; page_cleaner=sync works"
  else
    tail -n 10 "$tmp/nothreads.log" | sed 's/^/  | /'
    fail "SQLITE_THREADSAFE=0 build (exit $st)"
  fi
fi

secs=$(( $(date +%s) - t0 ))
if [ $fails = 0 ]; then
  echo "ok   pcleaner-tsan: all passed in ${secs}s"
else
  echo "FAIL pcleaner-tsan: $fails failed (${secs}s)"
fi
[ $fails = 0 ]
