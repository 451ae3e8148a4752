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
** Helpers shared by the benchmark drivers bench/largetx/largetx.c,
** bench/tatp/tatp.c and bench/blob/blob.c: loading a libsqlite3 shared
** library at run time (dlopen), running SQL through it, the configuration
** PRAGMAs every driver sets, JSON output, the xorshift64* generator, the
** monotonic clock, percentiles and argument parsing.
**
** A driver defines BENCH_NAME, the prefix of its error messages, and then
** includes this file by its path relative to the driver's source:
**
**     #define BENCH_NAME "largetx"
**     #include "../common/benchlib.h"
**
** so that a plain "cc -O2 -o largetx bench/largetx/largetx.c -ldl" builds
** it from any directory.  Every function here is static: each driver is
** one translation unit, and every driver uses every function.
*/
#ifndef BENCHLIB_H
#define BENCHLIB_H

#ifndef BENCH_NAME
# error "define BENCH_NAME (the driver's name) before including benchlib.h"
#endif

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
** The few types and constants of sqlite3.h that the drivers need.  They
** are part of SQLite's stable ABI, so declaring them here lets a driver
** build without any SQLite header and load any libsqlite3 at run time.
*/
typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long int sqlite3_int64;
#define SQLITE_OK             0
#define SQLITE_CONSTRAINT    19
#define SQLITE_ROW          100
#define SQLITE_DONE         101
#define SQLITE_INTEGER        1
#define SQLITE_NULL           5
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE    0x00000004
#define SQLITE_STATIC         ((void(*)(void*))0)

/*
** Entry points resolved with dlsym() from the library under test: the
** union of what the drivers call.  Every one of them is in every
** libsqlite3 since 3.7, so loadLibrary() resolves them all.
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
  int (*xBindBlob)(sqlite3_stmt*, int, const void*, int, void(*)(void*));
  int (*xColumnCount)(sqlite3_stmt*);
  const char *(*xColumnName)(sqlite3_stmt*, int);
  const unsigned char *(*xColumnText)(sqlite3_stmt*, int);
  sqlite3_int64 (*xColumnInt64)(sqlite3_stmt*, int);
  const void *(*xColumnBlob)(sqlite3_stmt*, int);
  int (*xColumnBytes)(sqlite3_stmt*, int);
  int (*xColumnType)(sqlite3_stmt*, int);
  int (*xChanges)(sqlite3*);
  const char *(*xErrmsg)(sqlite3*);
  int (*xExtendedErrcode)(sqlite3*);
  const char *(*xLibversion)(void);
  const char *(*xSourceid)(void);
} api;

/*
** Print an error message prefixed with BENCH_NAME ": " on stderr and exit
** with status rc (1: SQLite, the library or the system failed; 2: bad
** arguments).
*/
static void fatal(int rc, const char *zFormat, ...){
  va_list ap;
  fprintf(stderr, "%s: ", BENCH_NAME);
  va_start(ap, zFormat);
  vfprintf(stderr, zFormat, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  exit(rc);
}

/*
** Exit with status 1 and a message naming zWhat and the last error of
** connection db.
*/
static void sqlFatal(sqlite3 *db, const char *zWhat){
  fatal(1, "%s: %s (extended code %d)", zWhat, api.xErrmsg(db),
        api.xExtendedErrcode(db));
}

/*
** Resolve symbol zName in the library handle h (loaded from zLib) into
** the function pointer *ppOut, or exit with status 1.
*/
static void loadSym(void *h, const char *zLib, const char *zName, void *ppOut){
  void *p = dlsym(h, zName);
  if( p==0 ) fatal(1, "%s: no symbol %s", zLib, zName);
  memcpy(ppOut, &p, sizeof(p));
}

/*
** Load the SQLite library zLib with dlopen() and fill in every member of
** the api structure, or exit with status 1.
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
  loadSym(h, zLib, "sqlite3_bind_blob", &api.xBindBlob);
  loadSym(h, zLib, "sqlite3_column_count", &api.xColumnCount);
  loadSym(h, zLib, "sqlite3_column_name", &api.xColumnName);
  loadSym(h, zLib, "sqlite3_column_text", &api.xColumnText);
  loadSym(h, zLib, "sqlite3_column_int64", &api.xColumnInt64);
  loadSym(h, zLib, "sqlite3_column_blob", &api.xColumnBlob);
  loadSym(h, zLib, "sqlite3_column_bytes", &api.xColumnBytes);
  loadSym(h, zLib, "sqlite3_column_type", &api.xColumnType);
  loadSym(h, zLib, "sqlite3_changes", &api.xChanges);
  loadSym(h, zLib, "sqlite3_errmsg", &api.xErrmsg);
  loadSym(h, zLib, "sqlite3_extended_errcode", &api.xExtendedErrcode);
  loadSym(h, zLib, "sqlite3_libversion", &api.xLibversion);
  loadSym(h, zLib, "sqlite3_sourceid", &api.xSourceid);
}

/*
** Open (or, with SQLITE_OPEN_CREATE in flags, create) the database zDb,
** or exit with status 1.
*/
static sqlite3 *openDatabase(const char *zDb, int flags){
  sqlite3 *db = 0;
  if( api.xOpen(zDb, &db, flags, 0)!=SQLITE_OK ){
    fatal(1, "cannot open %s: %s", zDb, db ? api.xErrmsg(db) : "?");
  }
  return db;
}

/*
** Run every statement of zSql, stepping each to completion and ignoring
** any rows.  On error, print zSql and exit with status 1.
*/
static void execAll(sqlite3 *db, const char *zSql){
  const char *zTail = zSql;
  while( zTail && zTail[0] ){
    sqlite3_stmt *pStmt = 0;
    int rc;
    if( api.xPrepare(db, zTail, -1, &pStmt, &zTail)!=SQLITE_OK ){
      fprintf(stderr, "%s: in SQL: %s\n", BENCH_NAME, zSql);
      sqlFatal(db, "prepare");
    }
    if( pStmt==0 ) continue;   /* Whitespace or a comment */
    while( (rc = api.xStep(pStmt))==SQLITE_ROW ){}
    if( rc!=SQLITE_DONE ){
      fprintf(stderr, "%s: in SQL: %s\n", BENCH_NAME, zSql);
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
** The caller frees the result.
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
** Set the configuration under test on the connection db, in this order:
** PRAGMA page_size=nPage (unless nPage is 0: it only matters for a new
** file, so it comes first), journal_mode=zJournal (exit with status 1
** unless the library reads back zJournal), synchronous=zSync,
** cache_size=zCache (unless zCache is NULL: the library's default), then
** every SQL text of azSql[0..nSql-1] (see execAll()).
*/
static void configureDatabase(
  sqlite3 *db,
  long nPage,
  const char *zJournal,
  const char *zSync,
  const char *zCache,
  const char *const *azSql,
  int nSql
){
  char zSet[200];
  char *z;
  int i;
  if( nPage>0 ){
    snprintf(zSet, sizeof(zSet), "PRAGMA page_size=%ld", nPage);
    execAll(db, zSet);
  }
  snprintf(zSet, sizeof(zSet), "PRAGMA journal_mode=%s", zJournal);
  z = queryText(db, zSet, 0);
  if( z==0 || strcasecmp(z, zJournal)!=0 ){
    fatal(1, "PRAGMA journal_mode=%s gave '%s'", zJournal, z ? z : "nothing");
  }
  free(z);
  snprintf(zSet, sizeof(zSet), "PRAGMA synchronous=%s", zSync);
  execAll(db, zSet);
  if( zCache ){
    snprintf(zSet, sizeof(zSet), "PRAGMA cache_size=%s", zCache);
    execAll(db, zSet);
  }
  for(i=0; i<nSql; i++) execAll(db, azSql[i]);
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
** Write the n strings of az[] to stdout as a JSON list.
*/
static void jsonStringList(const char *const *az, int n){
  int i;
  putchar('[');
  for(i=0; i<n; i++){
    if( i ) printf(", ");
    jsonString(az[i]);
  }
  putchar(']');
}

/*
** The --probe mode of every driver: load zLib and print its version and
** source id as one JSON object on stdout.
*/
static void probeLibrary(const char *zLib){
  loadLibrary(zLib);
  printf("{\"sqlite_version\": ");
  jsonString(api.xLibversion());
  printf(", \"source_id\": ");
  jsonString(api.xSourceid());
  printf("}\n");
}

/*
** Write ,\n  "zKey": value to stdout, where the value is the text that
** queryText(db, zSql, zSep) returns, as a JSON string (or null).
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
** Write, as JSON members (see jsonPragma()), what every driver reports
** about the library and the connection's settings: sqlite_version(),
** sqlite_source_id() and PRAGMA journal_mode, synchronous, page_size,
** cache_size, mmap_size, wal_autocheckpoint, temp_store, locking_mode.
*/
static void jsonSettings(sqlite3 *db){
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
}

/*
** The pseudo-random generator of every driver: xorshift64* (Marsaglia's
** xorshift with a multiplicative output step).  prngNext() returns the
** next 64-bit output.  The state must never be zero.
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
** Seed the generator from iSeed, the same way in every driver and in the
** Python copies of it (bench/common/benchlib.py), so that a seed gives
** the same stream everywhere.
*/
static void prngSeed(long iSeed){
  prngState = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)iSeed;
  if( prngState==0 ) prngState = 1;
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
** qsort() comparison of doubles, ascending.
*/
static int cmpDouble(const void *a, const void *b){
  double x = *(const double*)a, y = *(const double*)b;
  return x<y ? -1 : x>y;
}

/*
** The p-th percentile (0<p<=100) of the n sorted values a[] by the
** nearest-rank method: the smallest value with at least p% of the values
** at or below it.  0.0 if n is 0 (a[] is then not read).
*/
static double percentile(const double *a, int n, double p){
  int k = (int)(p/100.0*n + 0.999999999);
  if( n<1 ) return 0.0;
  if( k<1 ) k = 1;
  if( k>n ) k = n;
  return a[k-1];
}

/*
** Remove the database zDb and its -journal, -wal and -shm files, and zDb
** followed by zExtra if zExtra is not NULL.  A file that does not exist is
** not an error; any other failure exits with status 1.
*/
static void removeDatabase(const char *zDb, const char *zExtra){
  const char *azSuffix[5];
  size_t n = strlen(zDb);
  size_t nExtra = zExtra ? strlen(zExtra) : 0;
  char *z = malloc(n + nExtra + 10);
  int i, nSuffix = 4;
  if( z==0 ) fatal(1, "out of memory");
  azSuffix[0] = "";
  azSuffix[1] = "-journal";
  azSuffix[2] = "-wal";
  azSuffix[3] = "-shm";
  if( zExtra ) azSuffix[nSuffix++] = zExtra;
  for(i=0; i<nSuffix; i++){
    memcpy(z, zDb, n);
    strcpy(z+n, azSuffix[i]);
    if( unlink(z)!=0 && errno!=ENOENT ){
      fatal(1, "cannot remove %s: %s", z, strerror(errno));
    }
  }
  free(z);
}

/*
** Return the value of option zOpt, the decimal integer z, which must be
** at least iMin; otherwise exit with status 2.
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
** Return z, the value of option zOpt, if it is a decimal integer of any
** sign (such as a cache_size); otherwise exit with status 2.
*/
static const char *parseInteger(const char *zOpt, const char *z){
  char *zEnd = 0;
  (void)strtol(z, &zEnd, 10);
  if( zEnd==z || *zEnd ) fatal(2, "%s wants an integer", zOpt);
  return z;
}

/*
** Return z if it is one of the words of the NULL-terminated list az[]
** (ignoring case); otherwise exit with status 2 and a message saying that
** z is an unknown zWhat and listing az[].
*/
static const char *parseWord(
  const char *zWhat,
  const char *z,
  const char *const *az
){
  int i;
  for(i=0; az[i]; i++){
    if( strcasecmp(z, az[i])==0 ) return z;
  }
  fprintf(stderr, "%s: unknown %s '%s' (", BENCH_NAME, zWhat, z);
  for(i=0; az[i]; i++) fprintf(stderr, "%s%s", i ? ", " : "", az[i]);
  fprintf(stderr, ")\n");
  exit(2);
  return 0;
}

/*
** The arguments every driver takes: LIBRARY DATABASE [OPTIONS], where
** the options below are common to all drivers and each driver adds its
** own.  benchArgsInit() fills in the defaults; benchOption() parses one
** common option.
*/
typedef struct BenchArgs BenchArgs;
struct BenchArgs {
  const char *zLib;              /* LIBRARY: the libsqlite3 to load */
  const char *zDb;               /* DATABASE (blob: the file of --fs) */
  const char *const *azJournal;  /* Journal modes this driver accepts */
  const char *zJournal;          /* --journal MODE (default delete) */
  const char *zSync;             /* --sync MODE (default full) */
  const char *zCache;            /* --cache N, or NULL for the default */
  long nPage;                    /* --page-size N (default 4096) */
  long iSeed;                    /* --seed N (default 1) */
  const char **azSql;            /* --sql TEXT, in the order given */
  int nSql;                      /* Number of azSql[] entries */
};

/*
** Start parsing the command line argv[0..argc-1] into *p, with the
** defaults above and the NULL-terminated list azJournal as the accepted
** journal modes (NULL: all of delete, truncate, persist, wal).  Call
** xUsage() (which must exit) if there are fewer than two arguments.
** "LIBRARY --probe" is the probe mode: print what probeLibrary() prints
** and exit with status 0.
*/
static void benchArgsInit(
  BenchArgs *p,
  int argc,
  char **argv,
  const char *const *azJournal,
  void (*xUsage)(void)
){
  static const char *const azAll[] =
    { "delete", "truncate", "persist", "wal", 0 };
  if( argc<3 ) xUsage();
  memset(p, 0, sizeof(*p));
  p->zLib = argv[1];
  if( strcmp(argv[2], "--probe")==0 ){
    probeLibrary(p->zLib);
    exit(0);
  }
  p->zDb = argv[2];
  p->azJournal = azJournal ? azJournal : azAll;
  p->zJournal = "delete";
  p->zSync = "full";
  p->nPage = 4096;
  p->iSeed = 1;
  p->azSql = malloc(sizeof(char*)*argc);
  if( p->azSql==0 ) fatal(1, "out of memory");
}

/*
** Return the value of the option argv[*pI] and advance *pI past it.  If
** argv[*pI] is not an option (it does not start with '-') or is the last
** argument, say so and call xUsage(), which must exit.
*/
static const char *optionValue(
  int argc,
  char **argv,
  int *pI,
  void (*xUsage)(void)
){
  const char *zOpt = argv[*pI];
  if( zOpt[0]!='-' || *pI+1>=argc ){
    fprintf(stderr, "%s: unexpected argument '%s'\n", BENCH_NAME, zOpt);
    xUsage();
  }
  *pI += 1;
  return argv[*pI];
}

/*
** If zOpt is one of the options of every driver (--journal, --sync,
** --cache, --page-size, --seed, --sql), set it in *p from its value zArg
** and return 1; a bad value exits with status 2.  Return 0 for any other
** option.
*/
static int benchOption(BenchArgs *p, const char *zOpt, const char *zArg){
  static const char *const azSync[] = { "off", "normal", "full", "extra", 0 };
  if( strcmp(zOpt, "--journal")==0 ){
    p->zJournal = parseWord("journal mode", zArg, p->azJournal);
  }else if( strcmp(zOpt, "--sync")==0 ){
    p->zSync = parseWord("synchronous", zArg, azSync);
  }else if( strcmp(zOpt, "--cache")==0 ){
    p->zCache = parseInteger(zOpt, zArg);
  }else if( strcmp(zOpt, "--page-size")==0 ){
    p->nPage = parseCount(zOpt, zArg, 512);
  }else if( strcmp(zOpt, "--seed")==0 ){
    p->iSeed = parseCount(zOpt, zArg, 0);
  }else if( strcmp(zOpt, "--sql")==0 ){
    p->azSql[p->nSql++] = zArg;
  }else{
    return 0;
  }
  return 1;
}

/*
** Open DATABASE of *p (creating it if flags has SQLITE_OPEN_CREATE) and
** set the configuration of *p on it (see configureDatabase(); page_size
** only if bPageSize, for a new file).  Return the connection.
*/
static sqlite3 *openConfigured(const BenchArgs *p, int flags, int bPageSize){
  sqlite3 *db = openDatabase(p->zDb, flags);
  configureDatabase(db, bPageSize ? p->nPage : 0, p->zJournal, p->zSync,
                    p->zCache, p->azSql, p->nSql);
  return db;
}

/*
** Start the JSON object a driver prints on stdout after a run: "{", then
** the member "system" if zSystem is not NULL, "library", "database" and
** the start of the object "requested" with the members "journal",
** "sync", "seed" and "sql" of *p (a NULL string is written as null).
** The caller adds the rest of "requested" (each member preceded by ", "),
** closes it and adds more members.
*/
static void jsonRunHead(const BenchArgs *p, const char *zSystem){
  printf("{\n  ");
  if( zSystem ){
    printf("\"system\": ");
    jsonString(zSystem);
    printf(",\n  ");
  }
  printf("\"library\": ");
  jsonString(p->zLib);
  printf(",\n  \"database\": ");
  jsonString(p->zDb);
  printf(",\n  \"requested\": {\"journal\": ");
  jsonString(p->zJournal);
  printf(", \"sync\": ");
  jsonString(p->zSync);
  printf(", \"seed\": %ld, \"sql\": ", p->iSeed);
  jsonStringList(p->azSql, p->nSql);
}

#endif /* BENCHLIB_H */
