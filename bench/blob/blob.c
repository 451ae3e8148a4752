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
** The BLOB benchmark of the VLDB'22 paper "SQLite: Past, Present, and
** Future" (section 4.3), as one small driver that either loads a
** libsqlite3 shared library at run time (dlopen), so that the same binary
** drives stock SQLite and lipsqlite side by side, or works on a plain file
** through the filesystem, as the paper's baseline.
**
** Build:   cc -O2 -o blob bench/blob/blob.c -ldl
**
** Usage:   blob LIBRARY DATABASE [OPTIONS]     SQLite through LIBRARY
**          blob --fs FILE [OPTIONS]            the filesystem baseline
**          blob LIBRARY --probe                print the library's version
**
**   --size BYTES       size of the blob                   (default 102400)
**   --ops N            measured operations                (default 100)
**   --seconds S        stop the measured section after S seconds even if
**                      fewer than N operations are done (0: no limit,
**                      the default); at least one operation is measured
**   --warmup N         operations run first, not measured (default 5)
**   --read-pct P       percentage of operations that read, 0..100
**                      (default 50)
**   --seed N           seed of the read/write choice      (default 1)
**   --journal MODE     delete | wal                       (default delete)
**   --sync MODE        full | normal | off | extra        (default full)
**   --cache N          PRAGMA cache_size                  (default: the
**                      library's own default)
**   --page-size N      PRAGMA page_size of the new database (default 4096)
**   --sql TEXT         SQL run after the configuration PRAGMAs, before the
**                      table is created; may be given more than once
**   --fs-mode MODE     inplace (default): a write overwrites the file in
**                      place with pwrite() then fdatasync(); rename: a
**                      write creates FILE.tmp, write()s the blob,
**                      fdatasync()s it, rename()s it over FILE and
**                      fsync()s the directory (an atomic replacement)
**
** The workload is the paper's: one table with one row holding one blob,
**
**     CREATE TABLE blobs(id INTEGER PRIMARY KEY, data BLOB);
**
** filled (not timed) with --size pseudo-random bytes.  Each operation
** either reads the whole blob (SELECT data FROM blobs WHERE id=1, the
** bytes copied into the application's buffer) or replaces it (UPDATE
** blobs SET data=?1 WHERE id=1, one autocommit transaction).  Which one is
** drawn from a xorshift64* generator seeded with --seed, so every system
** does the same sequence of operations.  Every write stamps the first 8
** bytes of the blob with a new serial number, and every read checks that
** it sees the last one written and the full size: a wrong read stops the
** run.  One connection is opened for the whole run, as in the paper.
**
** The filesystem baseline does the same with a file: a read is open(),
** read() of the whole file into the buffer, close(); a write is as
** --fs-mode says.  The paper used fread for reads and fdatasync for
** writes.
**
** The database (and its -journal, -wal and -shm) or the file is removed
** before the run; it is left in place afterwards so that the caller can
** measure it.  Each operation is timed (CLOCK_MONOTONIC); throughput is
** the number of measured operations divided by the wall time of the
** measured section.  Output: one JSON object on stdout with the
** configuration, the counts, throughput, p50/p99 latency of all
** operations, of reads and of writes, and what the library reports after
** the run (sqlite_version(), sqlite_source_id(), PRAGMA journal_mode,
** synchronous, page_size, cache_size, mmap_size, wal_autocheckpoint,
** temp_store, locking_mode, page_count, secure_delete, compile_options).
**
** Exit status: 0 on success, 1 if SQLite, the library, the filesystem or
** a read check fails, 2 on bad arguments.
*/
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/*
** The few types and constants of sqlite3.h that this driver needs.  They
** are part of SQLite's stable ABI.
*/
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
#define SQLITE_OK             0
#define SQLITE_ROW          100
#define SQLITE_DONE         101
#define SQLITE_NULL           5
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE    0x00000004
#define SQLITE_STATIC         ((void(*)(void*))0)

/*
** Entry points resolved with dlsym() from the library under test.
*/
static struct {
  int (*xOpen)(const char*, sqlite3**, int, const char*);
  int (*xClose)(sqlite3*);
  int (*xPrepare)(sqlite3*, const char*, int, sqlite3_stmt**, const char**);
  int (*xStep)(sqlite3_stmt*);
  int (*xReset)(sqlite3_stmt*);
  int (*xFinalize)(sqlite3_stmt*);
  int (*xBindBlob)(sqlite3_stmt*, int, const void*, int, void(*)(void*));
  int (*xColumnCount)(sqlite3_stmt*);
  const void *(*xColumnBlob)(sqlite3_stmt*, int);
  int (*xColumnBytes)(sqlite3_stmt*, int);
  const unsigned char *(*xColumnText)(sqlite3_stmt*, int);
  int (*xColumnType)(sqlite3_stmt*, int);
  const char *(*xErrmsg)(sqlite3*);
  int (*xExtendedErrcode)(sqlite3*);
  const char *(*xLibversion)(void);
  const char *(*xSourceid)(void);
} api;

/*
** Print an error message prefixed with "blob: " and exit with status rc.
*/
static void fatal(int rc, const char *zFormat, ...){
  va_list ap;
  fprintf(stderr, "blob: ");
  va_start(ap, zFormat);
  vfprintf(stderr, zFormat, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  exit(rc);
}

/*
** Exit with a message naming zWhat and the connection's last error.
*/
static void sqlFatal(sqlite3 *db, const char *zWhat){
  fatal(1, "%s: %s (extended code %d)", zWhat, api.xErrmsg(db),
        api.xExtendedErrcode(db));
}

/*
** Resolve symbol zName in library handle h into *ppOut, or exit.
*/
static void loadSym(void *h, const char *zLib, const char *zName, void *ppOut){
  void *p = dlsym(h, zName);
  if( p==0 ) fatal(1, "%s: no symbol %s", zLib, zName);
  memcpy(ppOut, &p, sizeof(p));
}

/*
** Load the SQLite library zLib and fill in the api structure.
*/
static void loadLibrary(const char *zLib){
  void *h = dlopen(zLib, RTLD_NOW|RTLD_LOCAL);
  if( h==0 ) fatal(1, "cannot load %s: %s", zLib, dlerror());
  loadSym(h, zLib, "sqlite3_open_v2", &api.xOpen);
  loadSym(h, zLib, "sqlite3_close", &api.xClose);
  loadSym(h, zLib, "sqlite3_prepare_v2", &api.xPrepare);
  loadSym(h, zLib, "sqlite3_step", &api.xStep);
  loadSym(h, zLib, "sqlite3_reset", &api.xReset);
  loadSym(h, zLib, "sqlite3_finalize", &api.xFinalize);
  loadSym(h, zLib, "sqlite3_bind_blob", &api.xBindBlob);
  loadSym(h, zLib, "sqlite3_column_count", &api.xColumnCount);
  loadSym(h, zLib, "sqlite3_column_blob", &api.xColumnBlob);
  loadSym(h, zLib, "sqlite3_column_bytes", &api.xColumnBytes);
  loadSym(h, zLib, "sqlite3_column_text", &api.xColumnText);
  loadSym(h, zLib, "sqlite3_column_type", &api.xColumnType);
  loadSym(h, zLib, "sqlite3_errmsg", &api.xErrmsg);
  loadSym(h, zLib, "sqlite3_extended_errcode", &api.xExtendedErrcode);
  loadSym(h, zLib, "sqlite3_libversion", &api.xLibversion);
  loadSym(h, zLib, "sqlite3_sourceid", &api.xSourceid);
}

/*
** Run every statement of zSql, stepping each to completion and ignoring
** any rows.  Exit naming zSql on error.
*/
static void execAll(sqlite3 *db, const char *zSql){
  const char *zTail = zSql;
  while( zTail && zTail[0] ){
    sqlite3_stmt *pStmt = 0;
    int rc;
    if( api.xPrepare(db, zTail, -1, &pStmt, &zTail)!=SQLITE_OK ){
      fprintf(stderr, "blob: in SQL: %s\n", zSql);
      sqlFatal(db, "prepare");
    }
    if( pStmt==0 ) continue;
    while( (rc = api.xStep(pStmt))==SQLITE_ROW ){}
    if( rc!=SQLITE_DONE ){
      fprintf(stderr, "blob: in SQL: %s\n", zSql);
      sqlFatal(db, "step");
    }
    api.xFinalize(pStmt);
  }
}

/*
** Run the single statement zSql and return a malloc'd copy of the first
** column of its first row, or NULL if there is no row, the value is NULL
** or the statement fails.  With zSep!=0, the first columns of all rows are
** joined with zSep.
*/
static char *queryText(sqlite3 *db, const char *zSql, const char *zSep){
  sqlite3_stmt *pStmt = 0;
  char *zOut = 0;
  size_t nOut = 0;
  if( api.xPrepare(db, zSql, -1, &pStmt, 0)!=SQLITE_OK || pStmt==0 ){
    return 0;
  }
  while( api.xStep(pStmt)==SQLITE_ROW ){
    const char *z;
    size_t n, nSep;
    if( api.xColumnCount(pStmt)<1 ) break;
    if( api.xColumnType(pStmt, 0)==SQLITE_NULL ) break;
    z = (const char*)api.xColumnText(pStmt, 0);
    if( z==0 ) break;
    n = strlen(z);
    nSep = (zOut && zSep) ? strlen(zSep) : 0;
    zOut = realloc(zOut, nOut + nSep + n + 1);
    if( zOut==0 ) fatal(1, "out of memory");
    if( nSep ) memcpy(zOut+nOut, zSep, nSep);
    memcpy(zOut+nOut+nSep, z, n+1);
    nOut += nSep + n;
    if( zSep==0 ) break;
  }
  api.xFinalize(pStmt);
  return zOut;
}

/*
** Write z to stdout as a JSON string, or null if z is NULL.
*/
static void jsonString(const char *z){
  if( z==0 ){
    fputs("null", stdout);
    return;
  }
  putchar('"');
  for(; *z; z++){
    unsigned char c = (unsigned char)*z;
    if( c=='"' || c=='\\' ){
      putchar('\\');
      putchar(c);
    }else if( c<0x20 ){
      printf("\\u%04x", c);
    }else{
      putchar(c);
    }
  }
  putchar('"');
}

/*
** Write ,"zKey": value-of-zSql to stdout (see queryText()).
*/
static void jsonPragma(sqlite3 *db, const char *zKey, const char *zSql,
                       const char *zSep){
  char *z = queryText(db, zSql, zSep);
  printf(",\n  ");
  jsonString(zKey);
  printf(": ");
  jsonString(z);
  free(z);
}

/*
** xorshift64* (Marsaglia's xorshift with a multiplicative output step).
** The state must never be zero.
*/
static unsigned long long prngState;
static unsigned long long prngNext(void){
  unsigned long long x = prngState;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  prngState = x;
  return x * 0x2545F4914F6CDD1DULL;
}

/*
** Microseconds on the monotonic clock.
*/
static double nowUs(void){
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec*1e6 + (double)ts.tv_nsec/1e3;
}

/*
** qsort() comparison of doubles.
*/
static int cmpDouble(const void *a, const void *b){
  double x = *(const double*)a, y = *(const double*)b;
  return x<y ? -1 : x>y;
}

/*
** The p-th percentile (0<p<=100) of the n sorted values a[] by the
** nearest-rank method.  Zero when n is zero.
*/
static double percentile(const double *a, int n, double p){
  int k = (int)(p/100.0*n + 0.999999999);
  if( n<1 ) return 0.0;
  if( k<1 ) k = 1;
  if( k>n ) k = n;
  return a[k-1];
}

/*
** Write "zKey": {"n": N, "p50_ms": ..., "p99_ms": ..., "mean_ms": ...,
** "max_ms": ...} for the n latencies (microseconds) of a[], sorting a[].
*/
static void jsonLatency(const char *zKey, double *a, int n){
  double tSum = 0.0;
  int i;
  for(i=0; i<n; i++) tSum += a[i];
  qsort(a, n, sizeof(double), cmpDouble);
  printf(",\n  \"%s\": {\"n\": %d", zKey, n);
  if( n>0 ){
    printf(", \"p50_ms\": %.4f, \"p99_ms\": %.4f, \"mean_ms\": %.4f, "
           "\"min_ms\": %.4f, \"max_ms\": %.4f",
           percentile(a, n, 50.0)/1e3, percentile(a, n, 99.0)/1e3,
           tSum/n/1e3, a[0]/1e3, a[n-1]/1e3);
  }else{
    printf(", \"p50_ms\": null, \"p99_ms\": null, \"mean_ms\": null, "
           "\"min_ms\": null, \"max_ms\": null");
  }
  printf("}");
}

/*
** Remove zPath and zPath followed by each suffix in azSuffix[].  A file
** that does not exist is not an error.
*/
static void removeFiles(const char *zPath){
  static const char *azSuffix[] = { "", "-journal", "-wal", "-shm", ".tmp" };
  size_t n = strlen(zPath);
  char *z = malloc(n + 10);
  int i;
  if( z==0 ) fatal(1, "out of memory");
  for(i=0; i<5; i++){
    memcpy(z, zPath, n);
    strcpy(z+n, azSuffix[i]);
    if( unlink(z)!=0 && errno!=ENOENT ){
      fatal(1, "cannot remove %s: %s", z, strerror(errno));
    }
  }
  free(z);
}

/*
** Parse an integer argument >= iMin, or exit with status 2.
*/
static long parseCount(const char *zOpt, const char *z, long iMin){
  char *zEnd = 0;
  long v;
  errno = 0;
  v = strtol(z, &zEnd, 10);
  if( errno || zEnd==z || *zEnd || v<iMin ){
    fatal(2, "%s wants an integer >= %ld, not '%s'", zOpt, iMin, z);
  }
  return v;
}

/*
** Return 1 if z is one of the words in the NULL-terminated list az[].
*/
static int oneOf(const char *z, const char *const *az){
  for(; *az; az++){
    if( strcasecmp(z, *az)==0 ) return 1;
  }
  return 0;
}

/*
** The state of one run: the blob buffer that writes store, the buffer
** that reads fill, and the serial number of the last write.
*/
static struct {
  unsigned char *aOut;        /* What the next write stores */
  unsigned char *aIn;         /* Where a read puts the blob */
  long nSize;                 /* Bytes in the blob */
  unsigned long long iSerial; /* Serial number stamped by the last write */
  /* SQLite */
  sqlite3 *db;
  sqlite3_stmt *pRead, *pWrite;
  /* Filesystem */
  const char *zFile;          /* The file of the blob */
  char *zTmp;                 /* zFile.tmp, for --fs-mode rename */
  char *zDir;                 /* Directory of zFile */
  int bRename;                /* --fs-mode rename */
} g;

/*
** Stamp the next serial number into the first 8 bytes of the blob to be
** written.
*/
static void stampNext(void){
  g.iSerial++;
  memcpy(g.aOut, &g.iSerial, sizeof(g.iSerial));
}

/*
** Check that the blob just read into g.aIn has nGot bytes and carries the
** serial number of the last write.
*/
static void checkRead(long nGot){
  unsigned long long iGot;
  if( nGot!=g.nSize ){
    fatal(1, "read %ld bytes, the blob has %ld", nGot, g.nSize);
  }
  memcpy(&iGot, g.aIn, sizeof(iGot));
  if( iGot!=g.iSerial ){
    fatal(1, "read the blob of write #%llu, the last write was #%llu",
          iGot, g.iSerial);
  }
}

/* One read and one write through SQLite. */
static void sqlRead(void){
  int rc = api.xStep(g.pRead);
  long n;
  if( rc!=SQLITE_ROW ) sqlFatal(g.db, "SELECT of the blob");
  n = api.xColumnBytes(g.pRead, 0);
  if( n==g.nSize ) memcpy(g.aIn, api.xColumnBlob(g.pRead, 0), n);
  rc = api.xStep(g.pRead);
  if( rc!=SQLITE_DONE ) sqlFatal(g.db, "SELECT of the blob (end)");
  api.xReset(g.pRead);
  checkRead(n);
}
static void sqlWrite(void){
  stampNext();
  api.xBindBlob(g.pWrite, 1, g.aOut, (int)g.nSize, SQLITE_STATIC);
  if( api.xStep(g.pWrite)!=SQLITE_DONE ) sqlFatal(g.db, "UPDATE of the blob");
  api.xReset(g.pWrite);
}

/*
** Write all n bytes of a[] to fd at offset iOff, or exit naming zWhat.
*/
static void writeAll(int fd, const unsigned char *a, long n, long iOff,
                     const char *zWhat){
  while( n>0 ){
    ssize_t k = pwrite(fd, a, (size_t)n, (off_t)iOff);
    if( k<0 && errno==EINTR ) continue;
    if( k<=0 ) fatal(1, "write %s: %s", zWhat, strerror(errno));
    a += k;
    n -= (long)k;
    iOff += (long)k;
  }
}

/* One read and one write through the filesystem. */
static void fsRead(void){
  int fd = open(g.zFile, O_RDONLY);
  long n = 0;
  if( fd<0 ) fatal(1, "open %s: %s", g.zFile, strerror(errno));
  for(;;){
    ssize_t k;
    if( n>=g.nSize ){
      /* One more byte would mean the file is larger than the blob. */
      unsigned char c;
      k = read(fd, &c, 1);
      if( k>0 ) n++;
      break;
    }
    k = read(fd, g.aIn+n, (size_t)(g.nSize-n));
    if( k<0 && errno==EINTR ) continue;
    if( k<0 ) fatal(1, "read %s: %s", g.zFile, strerror(errno));
    if( k==0 ) break;
    n += (long)k;
  }
  close(fd);
  checkRead(n);
}
static void fsWrite(void){
  int fd;
  stampNext();
  if( g.bRename ){
    fd = open(g.zTmp, O_WRONLY|O_CREAT|O_TRUNC, 0644);
    if( fd<0 ) fatal(1, "open %s: %s", g.zTmp, strerror(errno));
    writeAll(fd, g.aOut, g.nSize, 0, g.zTmp);
    if( fdatasync(fd)!=0 ) fatal(1, "fdatasync %s: %s", g.zTmp, strerror(errno));
    close(fd);
    if( rename(g.zTmp, g.zFile)!=0 ){
      fatal(1, "rename %s: %s", g.zTmp, strerror(errno));
    }
    fd = open(g.zDir, O_RDONLY);
    if( fd<0 || fsync(fd)!=0 ){
      fatal(1, "fsync of directory %s: %s", g.zDir, strerror(errno));
    }
    close(fd);
  }else{
    fd = open(g.zFile, O_WRONLY);
    if( fd<0 ) fatal(1, "open %s: %s", g.zFile, strerror(errno));
    writeAll(fd, g.aOut, g.nSize, 0, g.zFile);
    if( fdatasync(fd)!=0 ) fatal(1, "fdatasync %s: %s", g.zFile, strerror(errno));
    close(fd);
  }
}

static void usage(void){
  fprintf(stderr,
    "usage: blob LIBRARY DATABASE [--size BYTES] [--ops N] [--seconds S]"
    " [--warmup N] [--read-pct P] [--seed N] [--journal delete|wal]"
    " [--sync full|normal|off|extra] [--cache N] [--page-size N] [--sql TEXT]...\n"
    "       blob --fs FILE [--fs-mode inplace|rename] [--size BYTES] [--ops N]"
    " [--seconds S] [--warmup N] [--read-pct P] [--seed N]\n"
    "       blob LIBRARY --probe\n");
  exit(2);
}

int main(int argc, char **argv){
  static const char *const azJournal[] = { "delete", "wal", 0 };
  static const char *const azSync[] = { "off", "normal", "full", "extra", 0 };
  const char *zLib, *zPath;
  const char *zJournal = "delete";
  const char *zSync = "full";
  const char *zCache = 0;
  const char **azSql;
  int nSql = 0;
  long nSize = 102400, nOps = 100, nWarm = 5, nPct = 50, iSeed = 1;
  long nPage = 4096;
  double rSeconds = 0.0;
  int bFs = 0;
  int i, nDone = 0, nRead = 0, nWrite = 0;
  char zSet[200];
  double *aAll, *aRd, *aWr;
  double tStart, tEnd;

  if( argc<3 ) usage();
  zLib = argv[1];
  if( strcmp(argv[2], "--probe")==0 ){
    loadLibrary(zLib);
    printf("{\"sqlite_version\": ");
    jsonString(api.xLibversion());
    printf(", \"source_id\": ");
    jsonString(api.xSourceid());
    printf("}\n");
    return 0;
  }
  if( strcmp(zLib, "--fs")==0 ){
    bFs = 1;
    zLib = 0;
  }
  zPath = argv[2];
  azSql = malloc(sizeof(char*)*argc);
  if( azSql==0 ) fatal(1, "out of memory");
  for(i=3; i<argc; i++){
    const char *zOpt = argv[i];
    const char *zArg;
    if( zOpt[0]!='-' || i+1>=argc ){
      fprintf(stderr, "blob: unexpected argument '%s'\n", zOpt);
      usage();
    }
    zArg = argv[++i];
    if( strcmp(zOpt, "--size")==0 ){
      nSize = parseCount(zOpt, zArg, 16);
      if( nSize>1000000000 ) fatal(2, "--size at most 1000000000 bytes");
    }else if( strcmp(zOpt, "--ops")==0 ){
      nOps = parseCount(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--seconds")==0 ){
      char *zEnd = 0;
      rSeconds = strtod(zArg, &zEnd);
      if( zEnd==zArg || *zEnd || rSeconds<0.0 ){
        fatal(2, "--seconds wants a number >= 0, not '%s'", zArg);
      }
    }else if( strcmp(zOpt, "--warmup")==0 ){
      nWarm = parseCount(zOpt, zArg, 0);
    }else if( strcmp(zOpt, "--read-pct")==0 ){
      nPct = parseCount(zOpt, zArg, 0);
      if( nPct>100 ) fatal(2, "--read-pct wants 0..100, not %ld", nPct);
    }else if( strcmp(zOpt, "--seed")==0 ){
      iSeed = parseCount(zOpt, zArg, 0);
    }else if( strcmp(zOpt, "--journal")==0 ){
      if( !oneOf(zArg, azJournal) ){
        fatal(2, "unknown journal mode '%s' (delete, wal)", zArg);
      }
      zJournal = zArg;
    }else if( strcmp(zOpt, "--sync")==0 ){
      if( !oneOf(zArg, azSync) ){
        fatal(2, "unknown synchronous '%s' (off, normal, full, extra)", zArg);
      }
      zSync = zArg;
    }else if( strcmp(zOpt, "--cache")==0 ){
      char *zEnd = 0;
      (void)strtol(zArg, &zEnd, 10);
      if( zEnd==zArg || *zEnd ) fatal(2, "--cache wants an integer");
      zCache = zArg;
    }else if( strcmp(zOpt, "--page-size")==0 ){
      nPage = parseCount(zOpt, zArg, 512);
    }else if( strcmp(zOpt, "--sql")==0 ){
      azSql[nSql++] = zArg;
    }else if( strcmp(zOpt, "--fs-mode")==0 ){
      if( strcmp(zArg, "rename")==0 ){
        g.bRename = 1;
      }else if( strcmp(zArg, "inplace")!=0 ){
        fatal(2, "unknown --fs-mode '%s' (inplace, rename)", zArg);
      }
    }else{
      fprintf(stderr, "blob: unknown option '%s'\n", zOpt);
      usage();
    }
  }

  g.nSize = nSize;
  g.aOut = malloc(nSize);
  g.aIn = malloc(nSize);
  aAll = malloc(sizeof(double)*(nOps+1));
  aRd = malloc(sizeof(double)*(nOps+1));
  aWr = malloc(sizeof(double)*(nOps+1));
  if( !g.aOut || !g.aIn || !aAll || !aRd || !aWr ) fatal(1, "out of memory");
  prngState = 0x2545F4914F6CDD1DULL ^ (unsigned long long)(iSeed + 7);
  for(i=0; i+8<=nSize; i+=8){
    unsigned long long v = prngNext();
    memcpy(g.aOut+i, &v, 8);
  }
  for(; i<nSize; i++) g.aOut[i] = (unsigned char)prngNext();
  /* The read/write sequence depends on the seed alone. */
  prngState = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)iSeed;
  if( prngState==0 ) prngState = 1;

  removeFiles(zPath);
  if( bFs ){
    size_t n = strlen(zPath);
    const char *zSlash = strrchr(zPath, '/');
    int fd;
    g.zFile = zPath;
    g.zTmp = malloc(n + 5);
    g.zDir = malloc(n + 2);
    if( g.zTmp==0 || g.zDir==0 ) fatal(1, "out of memory");
    memcpy(g.zTmp, zPath, n);
    strcpy(g.zTmp+n, ".tmp");
    if( zSlash==0 ){
      strcpy(g.zDir, ".");
    }else if( zSlash==zPath ){
      strcpy(g.zDir, "/");
    }else{
      memcpy(g.zDir, zPath, zSlash-zPath);
      g.zDir[zSlash-zPath] = 0;
    }
    stampNext();
    fd = open(g.zFile, O_WRONLY|O_CREAT|O_TRUNC, 0644);
    if( fd<0 ) fatal(1, "create %s: %s", g.zFile, strerror(errno));
    writeAll(fd, g.aOut, g.nSize, 0, g.zFile);
    if( fsync(fd)!=0 ) fatal(1, "fsync %s: %s", g.zFile, strerror(errno));
    close(fd);
  }else{
    char *z;
    loadLibrary(zLib);
    if( api.xOpen(zPath, &g.db, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 0)
        !=SQLITE_OK ){
      fatal(1, "cannot open %s: %s", zPath, g.db ? api.xErrmsg(g.db) : "?");
    }
    snprintf(zSet, sizeof(zSet), "PRAGMA page_size=%ld", nPage);
    execAll(g.db, zSet);
    snprintf(zSet, sizeof(zSet), "PRAGMA journal_mode=%s", zJournal);
    z = queryText(g.db, zSet, 0);
    if( z==0 || strcasecmp(z, zJournal)!=0 ){
      fatal(1, "PRAGMA journal_mode=%s gave '%s'", zJournal, z ? z : "nothing");
    }
    free(z);
    snprintf(zSet, sizeof(zSet), "PRAGMA synchronous=%s", zSync);
    execAll(g.db, zSet);
    if( zCache ){
      snprintf(zSet, sizeof(zSet), "PRAGMA cache_size=%s", zCache);
      execAll(g.db, zSet);
    }
    for(i=0; i<nSql; i++) execAll(g.db, azSql[i]);
    execAll(g.db, "CREATE TABLE blobs(id INTEGER PRIMARY KEY, data BLOB)");
    if( api.xPrepare(g.db, "INSERT INTO blobs(id, data) VALUES(1, ?1)", -1,
                     &g.pWrite, 0)!=SQLITE_OK ){
      sqlFatal(g.db, "prepare INSERT");
    }
    stampNext();
    api.xBindBlob(g.pWrite, 1, g.aOut, (int)g.nSize, SQLITE_STATIC);
    if( api.xStep(g.pWrite)!=SQLITE_DONE ) sqlFatal(g.db, "INSERT of the blob");
    api.xFinalize(g.pWrite);
    if( api.xPrepare(g.db, "UPDATE blobs SET data=?1 WHERE id=1", -1,
                     &g.pWrite, 0)!=SQLITE_OK ){
      sqlFatal(g.db, "prepare UPDATE");
    }
    if( api.xPrepare(g.db, "SELECT data FROM blobs WHERE id=1", -1,
                     &g.pRead, 0)!=SQLITE_OK ){
      sqlFatal(g.db, "prepare SELECT");
    }
  }

  tStart = 0.0;
  for(i=0; i<nWarm+nOps; i++){
    double t0, t;
    int bRead = (long)(prngNext() % 100)<nPct;
    if( i==nWarm ) tStart = nowUs();
    if( i>nWarm && rSeconds>0.0 && nowUs()-tStart>=rSeconds*1e6 ) break;
    t0 = nowUs();
    if( bFs ){
      if( bRead ) fsRead(); else fsWrite();
    }else{
      if( bRead ) sqlRead(); else sqlWrite();
    }
    t = nowUs() - t0;
    if( i>=nWarm ){
      aAll[nDone++] = t;
      if( bRead ) aRd[nRead++] = t; else aWr[nWrite++] = t;
    }
  }
  tEnd = nowUs();
  /* A last read checks that the final state is the last write. */
  if( bFs ) fsRead(); else sqlRead();

  printf("{\n  \"system\": ");
  jsonString(bFs ? (g.bRename ? "fs-rename" : "fs-inplace") : "sqlite");
  printf(",\n  \"library\": ");
  jsonString(zLib);
  printf(",\n  \"database\": ");
  jsonString(zPath);
  printf(",\n  \"requested\": {\"size\": %ld, \"ops\": %ld, \"seconds\": %g, "
         "\"warmup_ops\": %ld, \"read_pct\": %ld, \"seed\": %ld, "
         "\"journal\": ", nSize, nOps, rSeconds, nWarm, nPct, iSeed);
  jsonString(bFs ? 0 : zJournal);
  printf(", \"sync\": ");
  jsonString(bFs ? 0 : zSync);
  printf(", \"cache_size\": ");
  jsonString(bFs ? 0 : zCache);
  printf(", \"page_size\": %ld, \"fs_mode\": ", bFs ? 0 : nPage);
  jsonString(bFs ? (g.bRename ? "rename" : "inplace") : 0);
  printf(", \"sql\": [");
  for(i=0; i<nSql; i++){
    if( i ) printf(", ");
    jsonString(azSql[i]);
  }
  printf("]}");
  printf(",\n  \"ops\": %d, \"reads\": %d, \"writes\": %d", nDone, nRead, nWrite);
  printf(",\n  \"total_s\": %.6f", (tEnd - tStart)/1e6);
  printf(",\n  \"ops_per_s\": %.3f", nDone/((tEnd - tStart)/1e6));
  printf(",\n  \"mib_per_s\": %.3f",
         nDone*(double)nSize/1048576.0/((tEnd - tStart)/1e6));
  jsonLatency("all", aAll, nDone);
  jsonLatency("read", aRd, nRead);
  jsonLatency("write", aWr, nWrite);
  if( bFs ){
    printf("\n}\n");
  }else{
    api.xFinalize(g.pRead);
    api.xFinalize(g.pWrite);
    jsonPragma(g.db, "sqlite_version", "SELECT sqlite_version()", 0);
    jsonPragma(g.db, "source_id", "SELECT sqlite_source_id()", 0);
    jsonPragma(g.db, "journal_mode", "PRAGMA journal_mode", 0);
    jsonPragma(g.db, "synchronous", "PRAGMA synchronous", 0);
    jsonPragma(g.db, "page_size", "PRAGMA page_size", 0);
    jsonPragma(g.db, "cache_size", "PRAGMA cache_size", 0);
    jsonPragma(g.db, "mmap_size", "PRAGMA mmap_size", 0);
    jsonPragma(g.db, "wal_autocheckpoint", "PRAGMA wal_autocheckpoint", 0);
    jsonPragma(g.db, "temp_store", "PRAGMA temp_store", 0);
    jsonPragma(g.db, "locking_mode", "PRAGMA locking_mode", 0);
    jsonPragma(g.db, "page_count", "PRAGMA page_count", 0);
    jsonPragma(g.db, "secure_delete", "PRAGMA secure_delete", 0);
    jsonPragma(g.db, "compile_options", "PRAGMA compile_options", " ");
    printf("\n}\n");
    if( api.xClose(g.db)!=SQLITE_OK ) fatal(1, "sqlite3_close failed");
  }
  free(g.aOut);
  free(g.aIn);
  free(aAll);
  free(aRd);
  free(aWr);
  free(azSql);
  return 0;
}
