/*
** 2026 November 23
**
** The author disclaims copyright to this source code.  In place of
** a legal notice, here is a blessing:
**
**    May you do good and not evil.
**    May you find forgiveness for yourself and forgive others.
**    May you share freely, never taking more than you give.
**
*************************************************************************
**
** An LD_PRELOAD library that measures where the time of a largetx run
** goes: the wall time spent inside pwrite(), pread(), write(), read(),
** fsync() and fdatasync() (and their 64-bit and vectored forms), split
** into the thread that runs the transactions and all other threads (the
** page cleaner's writer).  It bounds what taking the writes off the
** transaction's thread can gain: the transaction's thread cannot get
** faster than its time minus its time inside the write calls.
**
** Build:   cc -O2 -shared -fPIC -o iotime.so bench/largetx/iotime.c -ldl
** Use:     LD_PRELOAD=./iotime.so IOTIME_OUT=FILE largetx LIB DB ...
**
** Only the calls between the drivers' markers count (largetx.c and
** pydriver.py issue write(-1, "largetx:measure:begin") before the first
** measured transaction and write(-1, "largetx:measure:end") after the
** last).  The thread that issues the begin marker is the transaction's
** thread.  At the end marker one JSON object is written to the file
** named by $IOTIME_OUT (or to stderr):
**
**   {"wall_s":..., "tx":{"pwrite":[calls,seconds], ...},
**    "other":{"pwrite":[calls,seconds], ...}}
**
** wall_s is the time between the markers.  The counters are atomic, so
** calls from several threads add up; the shim costs two clock_gettime()
** calls (vDSO) per intercepted call.
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* The kinds of call measured; the index into the counters. */
enum { K_PWRITE, K_PREAD, K_WRITE, K_READ, K_SYNC, K_COUNT };
static const char *const azKind[K_COUNT] = {
  "pwrite", "pread", "write", "read", "sync"
};

/* Counters of one group of threads: calls and nanoseconds per kind. */
typedef struct Group Group;
struct Group {
  unsigned long long nCall[K_COUNT];
  unsigned long long nNano[K_COUNT];
};

static Group gTx;             /* The transaction's thread */
static Group gOther;          /* Every other thread */
static volatile int bOn = 0;  /* True between the markers */
static pthread_t txThread;    /* The thread that issued the begin marker */
static unsigned long long tBegin;

#define MARK_BEGIN "largetx:measure:begin"
#define MARK_END   "largetx:measure:end"

static unsigned long long nowNano(void){
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (unsigned long long)ts.tv_sec*1000000000ull + ts.tv_nsec;
}

/* The next definition of symbol zName, or abort: a shim that cannot
** find the real call must not pretend it measured anything. */
static void *realFunc(const char *zName){
  void *p = dlsym(RTLD_NEXT, zName);
  if( p==0 ){
    fprintf(stderr, "iotime: no %s after the shim\n", zName);
    abort();
  }
  return p;
}

static void account(int eKind, unsigned long long t0){
  unsigned long long d = nowNano() - t0;
  Group *g = pthread_equal(pthread_self(), txThread) ? &gTx : &gOther;
  __atomic_add_fetch(&g->nCall[eKind], 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&g->nNano[eKind], d, __ATOMIC_RELAXED);
}

static void writeGroup(FILE *f, const char *zName, const Group *g){
  int i;
  fprintf(f, "\"%s\":{", zName);
  for(i=0; i<K_COUNT; i++){
    fprintf(f, "%s\"%s\":[%llu,%.6f]", i ? "," : "", azKind[i],
            __atomic_load_n(&g->nCall[i], __ATOMIC_RELAXED),
            __atomic_load_n(&g->nNano[i], __ATOMIC_RELAXED)/1e9);
  }
  fprintf(f, "}");
}

static void report(void){
  const char *zOut = getenv("IOTIME_OUT");
  FILE *f = zOut ? fopen(zOut, "w") : stderr;
  if( f==0 ){
    fprintf(stderr, "iotime: cannot open %s\n", zOut);
    abort();
  }
  fprintf(f, "{\"wall_s\":%.6f,", (nowNano()-tBegin)/1e9);
  writeGroup(f, "tx", &gTx);
  fprintf(f, ",");
  writeGroup(f, "other", &gOther);
  fprintf(f, "}\n");
  if( f!=stderr ) fclose(f);
}

/* A marker write starts or ends the measured section. */
static int isMarker(int fd, const void *p, size_t n){
  if( fd!=-1 ) return 0;
  if( n==strlen(MARK_BEGIN) && memcmp(p, MARK_BEGIN, n)==0 ){
    memset(&gTx, 0, sizeof(gTx));
    memset(&gOther, 0, sizeof(gOther));
    txThread = pthread_self();
    tBegin = nowNano();
    __atomic_store_n(&bOn, 1, __ATOMIC_RELEASE);
    return 1;
  }
  if( n==strlen(MARK_END) && memcmp(p, MARK_END, n)==0 ){
    __atomic_store_n(&bOn, 0, __ATOMIC_RELEASE);
    report();
    return 1;
  }
  return 0;
}

/* The body of every wrapper: call the real function, timed if on. */
#define TIMED(KIND, TYPE, NAME, PARAMS, ARGS)                          \
  TYPE NAME PARAMS {                                                   \
    static TYPE (*xReal) PARAMS = 0;                                   \
    unsigned long long t0;                                             \
    TYPE rc;                                                           \
    int e;                                                             \
    if( xReal==0 ) xReal = (TYPE (*) PARAMS)realFunc(#NAME);           \
    if( !__atomic_load_n(&bOn, __ATOMIC_ACQUIRE) ) return xReal ARGS;  \
    t0 = nowNano();                                                    \
    rc = xReal ARGS;                                                   \
    e = errno;                                                         \
    account(KIND, t0);                                                 \
    errno = e;                                                         \
    return rc;                                                         \
  }

TIMED(K_PWRITE, ssize_t, pwrite, (int fd, const void *p, size_t n, off_t o),
      (fd, p, n, o))
TIMED(K_PWRITE, ssize_t, pwrite64, (int fd, const void *p, size_t n, off64_t o),
      (fd, p, n, o))
TIMED(K_PWRITE, ssize_t, pwritev, (int fd, const struct iovec *v, int n, off_t o),
      (fd, v, n, o))
TIMED(K_PREAD, ssize_t, pread, (int fd, void *p, size_t n, off_t o),
      (fd, p, n, o))
TIMED(K_PREAD, ssize_t, pread64, (int fd, void *p, size_t n, off64_t o),
      (fd, p, n, o))
TIMED(K_READ, ssize_t, read, (int fd, void *p, size_t n), (fd, p, n))
TIMED(K_SYNC, int, fsync, (int fd), (fd))
TIMED(K_SYNC, int, fdatasync, (int fd), (fd))

/* write() also carries the markers. */
ssize_t write(int fd, const void *p, size_t n){
  static ssize_t (*xReal)(int, const void*, size_t) = 0;
  unsigned long long t0;
  ssize_t rc;
  int e;
  if( xReal==0 ) xReal = (ssize_t (*)(int, const void*, size_t))realFunc("write");
  if( isMarker(fd, p, n) ) return xReal(fd, p, n);
  if( !__atomic_load_n(&bOn, __ATOMIC_ACQUIRE) ) return xReal(fd, p, n);
  t0 = nowNano();
  rc = xReal(fd, p, n);
  e = errno;
  account(K_WRITE, t0);
  errno = e;
  return rc;
}
