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
** The "large transactions" benchmark of the proactive coarse-grained
** page-cleaner paper, as one small driver that loads a libsqlite3 shared
** library at run time (dlopen), so that the same binary drives stock
** SQLite and lipsqlite side by side.
**
** Build:   cc -O2 -o largetx bench/largetx/largetx.c -ldl
**
** Usage:   largetx LIBRARY DATABASE [OPTIONS]
**
**   --journal MODE     delete | truncate | persist | wal   (default delete)
**   --sync MODE        full | normal | off | extra          (default full)
**   --cache N          PRAGMA cache_size value              (default 100)
**   --page-size N      PRAGMA page_size of the new database (default 4096)
**   --rows N           inserts per transaction              (default 8500)
**   --tx N             measured transactions                (default 40)
**   --warmup N         transactions run first, not measured (default 3)
**   --seed N           seed of the key/value generator      (default 1)
**   --sql TEXT         SQL run after the configuration PRAGMAs and before
**                      the table is created; may be given more than once,
**                      TEXT may hold several statements
**   --format FMT       json (default): one JSON object on stdout;
**                      lines: one latency in microseconds per measured
**                      transaction, nothing else
**   --probe            print sqlite_version and source id as JSON and exit
**
** The workload is the paper's: a table t(k TEXT PRIMARY KEY, v TEXT,
** n INTEGER); each transaction is BEGIN, N inserts of an 8-character
** pseudo-random key, a 100-byte pseudo-random text value and an integer,
** COMMIT.  8,500 rows make a transaction of about 1 MB, 85 rows about
** 10 KB.  Keys and values come from a xorshift64* generator with a fixed
** seed, so every run inserts the same rows in the same order.  One
** prepared INSERT statement is reused throughout.  The database file and
** its -journal, -wal and -shm files are removed before the run.
**
** Each transaction is timed from before BEGIN to after COMMIT returns
** (CLOCK_MONOTONIC); checkpoints that COMMIT runs are part of it.
** Throughput is measured transactions divided by the wall time of the
** measured section.
**
** Just before the first measured BEGIN and just after the last measured
** COMMIT the driver issues write(-1, "largetx:measure:begin"/"...end"),
** which fails harmlessly with EBADF but shows up in an strace log: a
** runner can count system calls of the measured transactions only.
**
** The JSON summary also holds what the library says about its own
** configuration after the run: sqlite_version(), sqlite_source_id(),
** PRAGMA journal_mode, synchronous, page_size, cache_size, mmap_size,
** wal_autocheckpoint, temp_store, locking_mode, compile_options, and,
** where the library knows them (lipsqlite), PRAGMA page_cleaner,
** page_cleaner_threshold and the rows of page_cleaner_stats.  A library
** that does not know a PRAGMA returns no rows for it: that is reported
** as null (for page_cleaner_stats, an empty list).
**
** Exit status: 0 on success, 1 if SQLite or the library fails, 2 on bad
** arguments.
*/
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

/*
** The few types and constants of sqlite3.h that this driver needs.  They
** are part of SQLite's stable ABI, so declaring them here lets the driver
** build without any SQLite header and load any libsqlite3 at run time.
*/
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long int sqlite3_int64;
#define SQLITE_OK             0
#define SQLITE_CONSTRAINT    19
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
  int (*xBindText)(sqlite3_stmt*, int, const char*, int, void(*)(void*));
  int (*xBindInt64)(sqlite3_stmt*, int, sqlite3_int64);
  int (*xColumnCount)(sqlite3_stmt*);
  const char *(*xColumnName)(sqlite3_stmt*, int);
  const unsigned char *(*xColumnText)(sqlite3_stmt*, int);
  int (*xColumnType)(sqlite3_stmt*, int);
  const char *(*xErrmsg)(sqlite3*);
  int (*xExtendedErrcode)(sqlite3*);
  const char *(*xLibversion)(void);
  const char *(*xSourceid)(void);
} api;

/*
** Print an error message prefixed with "largetx: " and exit with status
** rc.
*/
static void fatal(int rc, const char *zFormat, ...){
  va_list ap;
  fprintf(stderr, "largetx: ");
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
  loadSym(h, zLib, "sqlite3_bind_text", &api.xBindText);
  loadSym(h, zLib, "sqlite3_bind_int64", &api.xBindInt64);
  loadSym(h, zLib, "sqlite3_column_count", &api.xColumnCount);
  loadSym(h, zLib, "sqlite3_column_name", &api.xColumnName);
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
      fprintf(stderr, "largetx: in SQL: %s\n", zSql);
      sqlFatal(db, "prepare");
    }
    if( pStmt==0 ) continue;   /* Whitespace or a comment */
    while( (rc = api.xStep(pStmt))==SQLITE_ROW ){}
    if( rc!=SQLITE_DONE ){
      fprintf(stderr, "largetx: in SQL: %s\n", zSql);
      sqlFatal(db, "step");
    }
    api.xFinalize(pStmt);
  }
}

/*
** Run the single statement zSql and return a malloc'd copy of the first
** column of its first row, or NULL if it returns no row, returns NULL, or
** fails (a PRAGMA the library does not know returns no row).  With
** zSep!=0, the first columns of all rows are joined with zSep instead.
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
** Write "zKey": value-of-zSql, to stdout, where the value is the text
** returned by queryText() as a JSON string (or null).
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
** Write the rows of PRAGMA page_cleaner_stats as a JSON list of objects
** keyed by column name.  A library without that PRAGMA gives no rows and
** so an empty list.  Values are written as JSON strings; the runner
** converts the numeric ones.
*/
static void jsonCleanerStats(sqlite3 *db){
  sqlite3_stmt *pStmt = 0;
  int nRow = 0;
  printf(",\n  \"page_cleaner_stats\": [");
  if( api.xPrepare(db, "PRAGMA page_cleaner_stats", -1, &pStmt, 0)==SQLITE_OK
   && pStmt!=0
  ){
    while( api.xStep(pStmt)==SQLITE_ROW ){
      int i, nCol = api.xColumnCount(pStmt);
      printf("%s{", nRow++ ? ", " : "");
      for(i=0; i<nCol; i++){
        const char *zVal = 0;
        if( api.xColumnType(pStmt, i)!=SQLITE_NULL ){
          zVal = (const char*)api.xColumnText(pStmt, i);
        }
        if( i ) printf(", ");
        jsonString(api.xColumnName(pStmt, i));
        printf(": ");
        jsonString(zVal);
      }
      printf("}");
    }
  }
  api.xFinalize(pStmt);
  printf("]");
}

/*
** The key and value generator: xorshift64* (Marsaglia's xorshift with a
** multiplicative output step).  The state must never be zero.
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
** Fill z[0..n-1] with pseudo-random letters and digits and terminate it.
** 62**10 < 2**64, so each generator output gives ten characters.
*/
static void prngText(char *z, int n){
  static const char azAlpha[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  int i = 0;
  while( i<n ){
    unsigned long long v = prngNext();
    int j;
    for(j=0; j<10 && i<n; j++, i++){
      z[i] = azAlpha[v % 62];
      v /= 62;
    }
  }
  z[n] = 0;
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
** A marker system call for strace logs (see the header comment).
*/
static void straceMarker(const char *zMark){
  ssize_t rc = write(-1, zMark, strlen(zMark));
  (void)rc;
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
** nearest-rank method: the smallest value with at least p% of the values
** at or below it.
*/
static double percentile(const double *a, int n, double p){
  int k = (int)(p/100.0*n + 0.999999999);
  if( k<1 ) k = 1;
  if( k>n ) k = n;
  return a[k-1];
}

/*
** Remove zDb and its -journal, -wal and -shm files.  A file that does not
** exist is not an error.
*/
static void removeDatabase(const char *zDb){
  static const char *azSuffix[] = { "", "-journal", "-wal", "-shm" };
  size_t n = strlen(zDb);
  char *z = malloc(n + 10);
  int i;
  if( z==0 ) fatal(1, "out of memory");
  for(i=0; i<4; i++){
    memcpy(z, zDb, n);
    strcpy(z+n, azSuffix[i]);
    if( unlink(z)!=0 && errno!=ENOENT ){
      fatal(1, "cannot remove %s: %s", z, strerror(errno));
    }
  }
  free(z);
}

/*
** Parse a non-negative integer argument, or exit with status 2.
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

static void usage(void){
  fprintf(stderr,
    "usage: largetx LIBRARY DATABASE [--journal delete|truncate|persist|wal]"
    " [--sync full|normal|off|extra] [--cache N] [--page-size N] [--rows N]"
    " [--tx N] [--warmup N] [--seed N] [--sql TEXT]... [--format json|lines]"
    " | largetx LIBRARY --probe\n");
  exit(2);
}

int main(int argc, char **argv){
  static const char *const azJournal[] =
    { "delete", "truncate", "persist", "wal", 0 };
  static const char *const azSync[] = { "off", "normal", "full", "extra", 0 };
  const char *zLib, *zDb;
  const char *zJournal = "delete";
  const char *zSync = "full";
  long nCache = 100, nPage = 4096, nRow = 8500, nTx = 40, nWarm = 3;
  long iSeed = 1;
  int bLines = 0;
  const char **azSql;
  int nSql = 0;
  int i;
  sqlite3 *db = 0;
  sqlite3_stmt *pIns = 0;
  char zSet[200];
  char zKey[9];
  char zVal[101];
  double *aLat, *aSorted;
  double tStart, tEnd, tSum = 0.0;
  sqlite3_int64 iRow = 0;
  int nCollide = 0;
  char *z;

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
  zDb = argv[2];
  azSql = malloc(sizeof(char*)*argc);
  if( azSql==0 ) fatal(1, "out of memory");
  for(i=3; i<argc; i++){
    const char *zOpt = argv[i];
    const char *zArg;
    if( zOpt[0]!='-' || i+1>=argc ){
      fprintf(stderr, "largetx: unexpected argument '%s'\n", zOpt);
      usage();
    }
    zArg = argv[++i];
    if( strcmp(zOpt, "--journal")==0 ){
      if( !oneOf(zArg, azJournal) ){
        fatal(2, "unknown journal mode '%s' (delete, truncate, persist, wal)",
              zArg);
      }
      zJournal = zArg;
    }else if( strcmp(zOpt, "--sync")==0 ){
      if( !oneOf(zArg, azSync) ){
        fatal(2, "unknown synchronous '%s' (off, normal, full, extra)", zArg);
      }
      zSync = zArg;
    }else if( strcmp(zOpt, "--cache")==0 ){
      char *zEnd = 0;
      nCache = strtol(zArg, &zEnd, 10);
      if( zEnd==zArg || *zEnd ) fatal(2, "--cache wants an integer");
    }else if( strcmp(zOpt, "--page-size")==0 ){
      nPage = parseCount(zOpt, zArg, 512);
    }else if( strcmp(zOpt, "--rows")==0 ){
      nRow = parseCount(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--tx")==0 ){
      nTx = parseCount(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--warmup")==0 ){
      nWarm = parseCount(zOpt, zArg, 0);
    }else if( strcmp(zOpt, "--seed")==0 ){
      iSeed = parseCount(zOpt, zArg, 0);
    }else if( strcmp(zOpt, "--sql")==0 ){
      azSql[nSql++] = zArg;
    }else if( strcmp(zOpt, "--format")==0 ){
      if( strcmp(zArg, "lines")==0 ){
        bLines = 1;
      }else if( strcmp(zArg, "json")!=0 ){
        fatal(2, "unknown format '%s' (json, lines)", zArg);
      }
    }else{
      fprintf(stderr, "largetx: unknown option '%s'\n", zOpt);
      usage();
    }
  }

  loadLibrary(zLib);
  removeDatabase(zDb);
  if( api.xOpen(zDb, &db, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 0)
      !=SQLITE_OK ){
    fatal(1, "cannot open %s: %s", zDb, db ? api.xErrmsg(db) : "?");
  }

  /* The configuration under test.  page_size first: the file is new. */
  snprintf(zSet, sizeof(zSet), "PRAGMA page_size=%ld", nPage);
  execAll(db, zSet);
  snprintf(zSet, sizeof(zSet), "PRAGMA journal_mode=%s", zJournal);
  z = queryText(db, zSet, 0);
  if( z==0 || strcasecmp(z, zJournal)!=0 ){
    fatal(1, "PRAGMA journal_mode=%s gave '%s'", zJournal, z ? z : "nothing");
  }
  free(z);
  snprintf(zSet, sizeof(zSet), "PRAGMA synchronous=%s", zSync);
  execAll(db, zSet);
  snprintf(zSet, sizeof(zSet), "PRAGMA cache_size=%ld", nCache);
  execAll(db, zSet);
  for(i=0; i<nSql; i++) execAll(db, azSql[i]);

  execAll(db, "CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, n INTEGER)");
  if( api.xPrepare(db, "INSERT INTO t(k, v, n) VALUES(?1, ?2, ?3)", -1,
                   &pIns, 0)!=SQLITE_OK ){
    sqlFatal(db, "prepare INSERT");
  }

  aLat = malloc(sizeof(double)*(nTx+1));
  aSorted = malloc(sizeof(double)*(nTx+1));
  if( aLat==0 || aSorted==0 ) fatal(1, "out of memory");
  prngState = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)iSeed;
  if( prngState==0 ) prngState = 1;

  tStart = 0.0;
  for(i=0; i<nWarm+nTx; i++){
    double t0;
    long j;
    if( i==nWarm ){
      straceMarker("largetx:measure:begin");
      tStart = nowUs();
    }
    t0 = nowUs();
    execAll(db, "BEGIN");
    for(j=0; j<nRow; j++){
      int rc;
      iRow++;
      do{
        prngText(zKey, 8);
        prngText(zVal, 100);
        api.xBindText(pIns, 1, zKey, 8, SQLITE_STATIC);
        api.xBindText(pIns, 2, zVal, 100, SQLITE_STATIC);
        api.xBindInt64(pIns, 3, iRow);
        rc = api.xStep(pIns);
        api.xReset(pIns);
        /* A duplicate key (unlikely: 62**8 keys) fails this statement
        ** only, not the transaction: draw another key. */
        if( rc==SQLITE_CONSTRAINT ) nCollide++;
      }while( rc==SQLITE_CONSTRAINT );
      if( rc!=SQLITE_DONE ) sqlFatal(db, "INSERT");
    }
    execAll(db, "COMMIT");
    if( i>=nWarm ){
      aLat[i-nWarm] = nowUs() - t0;
      tSum += aLat[i-nWarm];
    }
  }
  tEnd = nowUs();
  straceMarker("largetx:measure:end");
  api.xFinalize(pIns);

  if( bLines ){
    for(i=0; i<nTx; i++) printf("%.1f\n", aLat[i]);
    api.xClose(db);
    return 0;
  }

  memcpy(aSorted, aLat, sizeof(double)*nTx);
  qsort(aSorted, nTx, sizeof(double), cmpDouble);
  printf("{\n  \"library\": ");
  jsonString(zLib);
  printf(",\n  \"database\": ");
  jsonString(zDb);
  printf(",\n  \"requested\": {\"journal\": ");
  jsonString(zJournal);
  printf(", \"sync\": ");
  jsonString(zSync);
  printf(", \"cache_size\": %ld, \"page_size\": %ld, \"rows_per_tx\": %ld, "
         "\"tx\": %ld, \"warmup_tx\": %ld, \"seed\": %ld, \"sql\": [",
         nCache, nPage, nRow, nTx, nWarm, iSeed);
  for(i=0; i<nSql; i++){
    if( i ) printf(", ");
    jsonString(azSql[i]);
  }
  printf("]}");
  printf(",\n  \"total_s\": %.6f", (tEnd - tStart)/1e6);
  printf(",\n  \"tx_per_s\": %.3f", nTx/((tEnd - tStart)/1e6));
  printf(",\n  \"mean_ms\": %.3f", tSum/nTx/1e3);
  printf(",\n  \"p50_ms\": %.3f", percentile(aSorted, nTx, 50.0)/1e3);
  printf(",\n  \"p99_ms\": %.3f", percentile(aSorted, nTx, 99.0)/1e3);
  printf(",\n  \"min_ms\": %.3f", aSorted[0]/1e3);
  printf(",\n  \"max_ms\": %.3f", aSorted[nTx-1]/1e3);
  printf(",\n  \"key_collisions\": %d", nCollide);
  printf(",\n  \"latencies_us\": [");
  for(i=0; i<nTx; i++) printf("%s%.1f", i ? ", " : "", aLat[i]);
  printf("]");
  jsonPragma(db, "sqlite_version", "SELECT sqlite_version()", 0);
  jsonPragma(db, "source_id", "SELECT sqlite_source_id()", 0);
  jsonPragma(db, "journal_mode", "PRAGMA journal_mode", 0);
  jsonPragma(db, "synchronous", "PRAGMA synchronous", 0);
  jsonPragma(db, "page_size", "PRAGMA page_size", 0);
  jsonPragma(db, "cache_size", "PRAGMA cache_size", 0);
  jsonPragma(db, "mmap_size", "PRAGMA mmap_size", 0);
  jsonPragma(db, "wal_autocheckpoint", "PRAGMA wal_autocheckpoint", 0);
  jsonPragma(db, "temp_store", "PRAGMA temp_store", 0);
  jsonPragma(db, "locking_mode", "PRAGMA locking_mode", 0);
  jsonPragma(db, "page_count", "PRAGMA page_count", 0);
  jsonPragma(db, "compile_options", "PRAGMA compile_options", " ");
  jsonPragma(db, "page_cleaner", "PRAGMA page_cleaner", 0);
  jsonPragma(db, "page_cleaner_threshold", "PRAGMA page_cleaner_threshold", 0);
  jsonCleanerStats(db);
  printf("\n}\n");
  if( api.xClose(db)!=SQLITE_OK ) fatal(1, "sqlite3_close failed");
  free(aLat);
  free(aSorted);
  free(azSql);
  return 0;
}
