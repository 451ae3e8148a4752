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
#define BENCH_NAME "largetx"
#include "../common/benchlib.h"

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
** A marker system call for strace logs (see the header comment).
*/
static void straceMarker(const char *zMark){
  ssize_t rc = write(-1, zMark, strlen(zMark));
  (void)rc;
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
  BenchArgs a;
  long nCache = 100, nRow = 8500, nTx = 40, nWarm = 3;
  int bLines = 0;
  int i;
  sqlite3 *db;
  sqlite3_stmt *pIns = 0;
  char zKey[9];
  char zVal[101];
  double *aLat, *aSorted;
  double tStart, tEnd, tSum = 0.0;
  sqlite3_int64 iRow = 0;
  int nCollide = 0;

  benchArgsInit(&a, argc, argv, 0, usage);
  a.zCache = "100";
  for(i=3; i<argc; i++){
    const char *zOpt = argv[i];
    const char *zArg = optionValue(argc, argv, &i, usage);
    if( benchOption(&a, zOpt, zArg) ){
      continue;
    }else if( strcmp(zOpt, "--rows")==0 ){
      nRow = parseCount(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--tx")==0 ){
      nTx = parseCount(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--warmup")==0 ){
      nWarm = parseCount(zOpt, zArg, 0);
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
  nCache = strtol(a.zCache, 0, 10);

  loadLibrary(a.zLib);
  removeDatabase(a.zDb, 0);
  /* The configuration under test.  page_size first: the file is new. */
  db = openConfigured(&a, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 1);

  execAll(db, "CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, n INTEGER)");
  if( api.xPrepare(db, "INSERT INTO t(k, v, n) VALUES(?1, ?2, ?3)", -1,
                   &pIns, 0)!=SQLITE_OK ){
    sqlFatal(db, "prepare INSERT");
  }

  aLat = malloc(sizeof(double)*(nTx+1));
  aSorted = malloc(sizeof(double)*(nTx+1));
  if( aLat==0 || aSorted==0 ) fatal(1, "out of memory");
  prngSeed(a.iSeed);

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
  jsonRunHead(&a, 0);
  printf(", \"cache_size\": %ld, \"page_size\": %ld, \"rows_per_tx\": %ld, "
         "\"tx\": %ld, \"warmup_tx\": %ld}",
         nCache, a.nPage, nRow, nTx, nWarm);
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
  jsonSettings(db);
  jsonPragma(db, "page_count", "PRAGMA page_count", 0);
  jsonPragma(db, "compile_options", "PRAGMA compile_options", " ");
  jsonPragma(db, "page_cleaner", "PRAGMA page_cleaner", 0);
  jsonPragma(db, "page_cleaner_threshold", "PRAGMA page_cleaner_threshold", 0);
  jsonCleanerStats(db);
  printf("\n}\n");
  if( api.xClose(db)!=SQLITE_OK ) fatal(1, "sqlite3_close failed");
  free(aLat);
  free(aSorted);
  free(a.azSql);
  return 0;
}
