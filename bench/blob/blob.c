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
#define BENCH_NAME "blob"
#include "../common/benchlib.h"

#include <fcntl.h>
#include <sys/stat.h>

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
  BenchArgs a;
  long nSize = 102400, nOps = 100, nWarm = 5, nPct = 50;
  double rSeconds = 0.0;
  int bFs = 0;
  int i, nDone = 0, nRead = 0, nWrite = 0;
  double *aAll, *aRd, *aWr;
  double tStart, tEnd;

  benchArgsInit(&a, argc, argv, azJournal, usage);
  if( strcmp(a.zLib, "--fs")==0 ){
    bFs = 1;
    a.zLib = 0;
  }
  for(i=3; i<argc; i++){
    const char *zOpt = argv[i];
    const char *zArg = optionValue(argc, argv, &i, usage);
    if( benchOption(&a, zOpt, zArg) ){
      continue;
    }else if( strcmp(zOpt, "--size")==0 ){
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
  prngState = 0x2545F4914F6CDD1DULL ^ (unsigned long long)(a.iSeed + 7);
  for(i=0; i+8<=nSize; i+=8){
    unsigned long long v = prngNext();
    memcpy(g.aOut+i, &v, 8);
  }
  for(; i<nSize; i++) g.aOut[i] = (unsigned char)prngNext();
  /* The read/write sequence depends on the seed alone. */
  prngSeed(a.iSeed);

  removeDatabase(a.zDb, ".tmp");
  if( bFs ){
    size_t n = strlen(a.zDb);
    const char *zSlash = strrchr(a.zDb, '/');
    int fd;
    g.zFile = a.zDb;
    g.zTmp = malloc(n + 5);
    g.zDir = malloc(n + 2);
    if( g.zTmp==0 || g.zDir==0 ) fatal(1, "out of memory");
    memcpy(g.zTmp, a.zDb, n);
    strcpy(g.zTmp+n, ".tmp");
    if( zSlash==0 ){
      strcpy(g.zDir, ".");
    }else if( zSlash==a.zDb ){
      strcpy(g.zDir, "/");
    }else{
      memcpy(g.zDir, a.zDb, zSlash-a.zDb);
      g.zDir[zSlash-a.zDb] = 0;
    }
    stampNext();
    fd = open(g.zFile, O_WRONLY|O_CREAT|O_TRUNC, 0644);
    if( fd<0 ) fatal(1, "create %s: %s", g.zFile, strerror(errno));
    writeAll(fd, g.aOut, g.nSize, 0, g.zFile);
    if( fsync(fd)!=0 ) fatal(1, "fsync %s: %s", g.zFile, strerror(errno));
    close(fd);
  }else{
    loadLibrary(a.zLib);
    g.db = openConfigured(&a, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 1);
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

  if( bFs ){
    /* Not SQLite: no journal mode, synchronous setting or cache. */
    a.zJournal = a.zSync = a.zCache = 0;
  }
  jsonRunHead(&a, bFs ? (g.bRename ? "fs-rename" : "fs-inplace") : "sqlite");
  printf(", \"cache_size\": ");
  jsonString(a.zCache);
  printf(", \"size\": %ld, \"ops\": %ld, \"seconds\": %g, "
         "\"warmup_ops\": %ld, \"read_pct\": %ld, \"page_size\": %ld, "
         "\"fs_mode\": ", nSize, nOps, rSeconds, nWarm, nPct, bFs ? 0 : a.nPage);
  jsonString(bFs ? (g.bRename ? "rename" : "inplace") : 0);
  printf("}");
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
    jsonSettings(g.db);
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
  free(a.azSql);
  return 0;
}
