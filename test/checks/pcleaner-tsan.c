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
** The driver of test/checks/pcleaner-tsan.sh: a workload for the
** background-thread variant of the page cleaner (src/pcleaner.c), meant to
** run under ThreadSanitizer.  It is linked with the build's amalgamation.
**
**   pcleaner-tsan [threads] [DIR]
**
**       For journal modes DELETE and WAL: a connection opened with
**       SQLITE_OPEN_FULLMUTEX, a 50-page cache and PRAGMA
**       page_cleaner=thread runs large write transactions (committed,
**       rolled back, with a savepoint rolled back inside), switches to
**       page_cleaner=sync and back between transactions, and is closed
**       right after a transaction that woke the cleaner.  Meanwhile a
**       second thread with its own connection counts the rows in a loop.
**       Then: the background thread wrote batches, every count the reader
**       saw was a committed one, PRAGMA integrity_check is ok and the table
**       holds exactly the committed rows.
**
**   pcleaner-tsan nothreads [DIR]
**
**       For a SQLITE_THREADSAFE=0 build: PRAGMA page_cleaner=thread is an
**       SQL error naming SQLITE_THREADSAFE=0, and page_cleaner=sync works.
**
**   pcleaner-tsan race
**
**       Two threads write one variable without a lock: a ThreadSanitizer
**       build must report it, which shows that the sanitizer is active.
**
** The database files are made in DIR (default: a new directory under
** $TMPDIR or /tmp, removed at the end).  Exit 0 after a one-line summary;
** on any failure a line "pcleaner-tsan: FAIL ..." and exit 1.
*/
#ifndef _XOPEN_SOURCE
# define _XOPEN_SOURCE 700      /* mkdtemp() */
#endif
#include "sqlite3.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <pthread.h>

/*
** Rows per write transaction.  Each row takes about 130 bytes in the table
** and its index, so one transaction dirties some 160 pages of 4 KiB:
** three times the 50-page cache.
*/
#ifndef PCT_NROW
# define PCT_NROW 5000
#endif

/* The most counts the reader thread records */
#define PCT_MAXSEEN 4096

/* The most committed totals of one journal mode */
#define PCT_MAXCOMMIT 16

/*
** The state of the writing connection for one journal mode.
*/
typedef struct Writer Writer;
struct Writer {
  sqlite3 *db;                /* The connection (SQLITE_OPEN_FULLMUTEX) */
  sqlite3_stmt *pIns;         /* INSERT INTO t(k,v,i) VALUES(?1,?2,?3) */
  unsigned int iKey;          /* State of the key generator */
  sqlite3_int64 iSeq;         /* Value of column i of the last row made */
  sqlite3_int64 nRow;         /* Rows committed */
  sqlite3_int64 iSum;         /* Sum of column i over the committed rows */
  sqlite3_int64 nTxRow;       /* Rows inserted by the open transaction */
  sqlite3_int64 iTxSum;       /* Sum of their column i */
  int nCommit;                /* Entries in aCommit[] */
  sqlite3_int64 aCommit[PCT_MAXCOMMIT];  /* Row counts after each commit */
};

/*
** The state shared with the reader thread.  bDone is guarded by mu; the
** other fields belong to the reader until it is joined.
*/
typedef struct Reader Reader;
struct Reader {
  const char *zFile;          /* The database file */
  pthread_mutex_t mu;         /* Guards bDone */
  int bDone;                  /* Set by the writer: stop reading */
  int nRead;                  /* Successful SELECT count(*) */
  int nBusy;                  /* SQLITE_BUSY results */
  int nSeen;                  /* Entries in aSeen[] */
  sqlite3_int64 aSeen[PCT_MAXSEEN];  /* Counts seen, each change once */
  char zErr[512];             /* First error, or "" */
};

/* The name of this program in messages */
static const char *zProg = "pcleaner-tsan";

/* The directory of the database files, whether it was made here, and
** whether to keep it (after a failure) */
static char zDir[512];
static int bOwnDir = 0;
static int bKeep = 0;

/*
** Remove the database files made in zDir and, if it was made here, zDir.
*/
static void cleanupFiles(void){
  static const char *azName[] = { "delete.db", "wal.db", "nothreads.db" };
  static const char *azSuffix[] = { "", "-journal", "-wal", "-shm" };
  char zPath[600];
  int i, j;
  if( zDir[0]==0 || bKeep ) return;
  for(i=0; i<(int)(sizeof(azName)/sizeof(azName[0])); i++){
    for(j=0; j<(int)(sizeof(azSuffix)/sizeof(azSuffix[0])); j++){
      snprintf(zPath, sizeof(zPath), "%s/%s%s", zDir, azName[i], azSuffix[j]);
      unlink(zPath);
    }
  }
  if( bOwnDir ) rmdir(zDir);
}

/*
** Print a failure message and exit with status 1, keeping the database
** files for a post-mortem.
*/
static void fail(const char *zFormat, ...){
  va_list ap;
  fprintf(stdout, "%s: FAIL ", zProg);
  va_start(ap, zFormat);
  vfprintf(stdout, zFormat, ap);
  va_end(ap);
  fprintf(stdout, " (database files kept in %s)\n", zDir);
  fflush(stdout);
  bKeep = 1;
  exit(1);
}

/*
** Open the database file zFile with SQLITE_OPEN_FULLMUTEX and a busy
** timeout, or fail.
*/
static sqlite3 *openDb(const char *zFile){
  sqlite3 *db = 0;
  int rc = sqlite3_open_v2(zFile, &db,
      SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE|SQLITE_OPEN_FULLMUTEX, 0);
  if( rc!=SQLITE_OK ){
    fail("cannot open %s: %s", zFile, db ? sqlite3_errmsg(db) : "out of memory");
  }
  sqlite3_busy_timeout(db, 10000);
  return db;
}

/*
** Run the SQL script zSql on db, or fail naming zWhat.
*/
static void execOk(sqlite3 *db, const char *zSql, const char *zWhat){
  char *zErr = 0;
  int rc = sqlite3_exec(db, zSql, 0, 0, &zErr);
  if( rc!=SQLITE_OK ){
    fail("%s: \"%s\" returned %d (%s)", zWhat, zSql, rc,
         zErr ? zErr : sqlite3_errstr(rc));
  }
}

/*
** Run the query zSql on db and copy the first column of its first row,
** as text, to zOut (nOut bytes); "" if there is no row.  Fail on error.
*/
static void queryText(sqlite3 *db, const char *zSql, char *zOut, int nOut){
  sqlite3_stmt *pStmt = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) fail("prepare \"%s\": %s", zSql, sqlite3_errmsg(db));
  zOut[0] = 0;
  rc = sqlite3_step(pStmt);
  if( rc==SQLITE_ROW ){
    const char *z = (const char*)sqlite3_column_text(pStmt, 0);
    snprintf(zOut, nOut, "%s", z ? z : "NULL");
    rc = sqlite3_step(pStmt);
    while( rc==SQLITE_ROW ) rc = sqlite3_step(pStmt);
  }
  if( rc!=SQLITE_DONE ) fail("\"%s\": %s", zSql, sqlite3_errmsg(db));
  sqlite3_finalize(pStmt);
}

/*
** The row of PRAGMA page_cleaner_stats for schema "main".
*/
typedef struct CleanerStats CleanerStats;
struct CleanerStats {
  char zMode[16];             /* Column "mode" */
  sqlite3_int64 nBatch;       /* Column "batches" */
  sqlite3_int64 nPage;        /* Column "pages" */
};

/*
** Read the row of PRAGMA page_cleaner_stats for "main" into pStats, or
** fail if there is none.
*/
static void readStats(sqlite3 *db, CleanerStats *pStats){
  static const char *zSql = "PRAGMA page_cleaner_stats";
  sqlite3_stmt *pStmt = 0;
  int bFound = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) fail("prepare \"%s\": %s", zSql, sqlite3_errmsg(db));
  if( sqlite3_column_count(pStmt)!=7
   || strcmp(sqlite3_column_name(pStmt, 0), "schema")!=0
   || strcmp(sqlite3_column_name(pStmt, 1), "mode")!=0
   || strcmp(sqlite3_column_name(pStmt, 3), "batches")!=0
   || strcmp(sqlite3_column_name(pStmt, 4), "pages")!=0
   || strcmp(sqlite3_column_name(pStmt, 6), "busy")!=0
  ){
    fail("%s: unexpected columns (want schema, mode, threshold, batches, "
         "pages, microseconds, busy)", zSql);
  }
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    const char *zSchema = (const char*)sqlite3_column_text(pStmt, 0);
    if( zSchema && strcmp(zSchema, "main")==0 ){
      const char *zMode = (const char*)sqlite3_column_text(pStmt, 1);
      snprintf(pStats->zMode, sizeof(pStats->zMode), "%s", zMode ? zMode : "");
      pStats->nBatch = sqlite3_column_int64(pStmt, 3);
      pStats->nPage = sqlite3_column_int64(pStmt, 4);
      bFound = 1;
    }
  }
  if( rc!=SQLITE_DONE ) fail("%s: %s", zSql, sqlite3_errmsg(db));
  sqlite3_finalize(pStmt);
  if( !bFound ) fail("%s has no row for schema main", zSql);
}

/*
** Insert nRow rows into t through the prepared statement of p, one
** sqlite3_step() each, so that the background thread can take the
** connection's mutex between two of them.  Keys are 8 hex digits from a
** full-period 32-bit generator, so never repeat; values are 100 bytes.
*/
static void insertRows(Writer *p, int nRow){
  char zKey[16];
  char zVal[104];
  int i, j, rc;
  for(i=0; i<nRow; i++){
    p->iKey = p->iKey*1664525u + 1013904223u;
    snprintf(zKey, sizeof(zKey), "%08x", p->iKey);
    for(j=0; j<100; j++) zVal[j] = zKey[(j*7 + i) % 8];
    zVal[100] = 0;
    p->iSeq++;
    if( sqlite3_bind_text(p->pIns, 1, zKey, -1, SQLITE_TRANSIENT)
     || sqlite3_bind_text(p->pIns, 2, zVal, 100, SQLITE_TRANSIENT)
     || sqlite3_bind_int64(p->pIns, 3, p->iSeq)
    ){
      fail("bind: %s", sqlite3_errmsg(p->db));
    }
    rc = sqlite3_step(p->pIns);
    if( rc!=SQLITE_DONE ){
      fail("insert of row %lld: %s", p->iSeq, sqlite3_errmsg(p->db));
    }
    sqlite3_reset(p->pIns);
    p->nTxRow++;
    p->iTxSum += p->iSeq;
  }
}

/*
** Start a write transaction on p.
*/
static void txBegin(Writer *p){
  execOk(p->db, "BEGIN", "begin");
  p->nTxRow = 0;
  p->iTxSum = 0;
}

/*
** Commit the transaction of p and record the new row count.
*/
static void txCommit(Writer *p){
  execOk(p->db, "COMMIT", "commit");
  p->nRow += p->nTxRow;
  p->iSum += p->iTxSum;
  if( p->nCommit<PCT_MAXCOMMIT ) p->aCommit[p->nCommit++] = p->nRow;
  p->nTxRow = 0;
  p->iTxSum = 0;
}

/*
** Roll the transaction of p back.
*/
static void txRollback(Writer *p){
  execOk(p->db, "ROLLBACK", "rollback");
  p->nTxRow = 0;
  p->iTxSum = 0;
}

/*
** Return true if the reader was told to stop.
*/
static int readerDone(Reader *r){
  int b;
  pthread_mutex_lock(&r->mu);
  b = r->bDone;
  pthread_mutex_unlock(&r->mu);
  return b;
}

/*
** The body of the reader thread: with its own connection, count the rows
** of t until told to stop, recording each new count.  SQLITE_BUSY (the
** writer holds an EXCLUSIVE lock in rollback mode) is counted, not an
** error.  Other errors are recorded in r->zErr.
*/
static void *readerMain(void *pArg){
  Reader *r = (Reader*)pArg;
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  int rc = sqlite3_open_v2(r->zFile, &db,
      SQLITE_OPEN_READWRITE|SQLITE_OPEN_FULLMUTEX, 0);
  if( rc!=SQLITE_OK ){
    snprintf(r->zErr, sizeof(r->zErr), "reader: cannot open %s: %s",
             r->zFile, db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return 0;
  }
  sqlite3_busy_timeout(db, 20);
  while( !readerDone(r) ){
    if( pStmt==0 ){
      rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM t", -1, &pStmt, 0);
      if( (rc & 0xff)==SQLITE_BUSY ){
        r->nBusy++;
        continue;
      }
      if( rc!=SQLITE_OK ){
        snprintf(r->zErr, sizeof(r->zErr), "reader: prepare: %s",
                 sqlite3_errmsg(db));
        break;
      }
    }
    rc = sqlite3_step(pStmt);
    if( rc==SQLITE_ROW ){
      sqlite3_int64 n = sqlite3_column_int64(pStmt, 0);
      r->nRead++;
      if( r->nSeen==0 || r->aSeen[r->nSeen-1]!=n ){
        if( r->nSeen<PCT_MAXSEEN ) r->aSeen[r->nSeen++] = n;
      }
      rc = sqlite3_step(pStmt);
    }
    if( (rc & 0xff)==SQLITE_BUSY ){
      r->nBusy++;
    }else if( rc!=SQLITE_DONE ){
      snprintf(r->zErr, sizeof(r->zErr), "reader: SELECT count(*): %s (%d)",
               sqlite3_errmsg(db), sqlite3_extended_errcode(db));
      break;
    }
    sqlite3_reset(pStmt);
  }
  sqlite3_finalize(pStmt);
  if( sqlite3_close(db)!=SQLITE_OK && r->zErr[0]==0 ){
    snprintf(r->zErr, sizeof(r->zErr), "reader: close failed");
  }
  return 0;
}

/*
** Check the cleaner statistics of p's connection: the mode is zMode and
** more than nPrev batches were written.  Return the batch count.
*/
static sqlite3_int64 checkBatches(
  Writer *p,
  const char *zJournal,
  const char *zMode,
  sqlite3_int64 nPrev,
  const char *zWhat
){
  CleanerStats s;
  readStats(p->db, &s);
  if( strcmp(s.zMode, zMode)!=0 ){
    fail("journal_mode=%s, %s: page_cleaner_stats mode is '%s', expected '%s'",
         zJournal, zWhat, s.zMode, zMode);
  }
  if( s.nBatch<=nPrev ){
    fail("journal_mode=%s, %s: page_cleaner_stats shows %lld batches "
         "(%lld before): the cleaner wrote no batch, so this run proves "
         "nothing", zJournal, zWhat, s.nBatch, nPrev);
  }
  return s.nBatch;
}

/*
** Run the workload in journal mode zJournal ("delete" or "wal") on a new
** database file.  Print one line of results.
*/
static void runJournalMode(const char *zJournal){
  char zFile[600];
  char zBuf[200];
  Writer w;
  Reader *r;
  pthread_t tid;
  sqlite3 *db;
  sqlite3_int64 nBatch, nBatchThread;
  int i, j, rc;

  snprintf(zFile, sizeof(zFile), "%s/%s.db", zDir, zJournal);
  memset(&w, 0, sizeof(w));
  w.iKey = zJournal[0]=='w' ? 0x9e3779b9u : 0x12345678u;
  w.db = db = openDb(zFile);

  execOk(db, "PRAGMA cache_size=50;"
             "PRAGMA page_cleaner=thread;"
             "PRAGMA page_cleaner_threshold=0.5;", "setup");
  queryText(db, "PRAGMA page_cleaner", zBuf, sizeof(zBuf));
  if( strcmp(zBuf, "thread")!=0 ){
    fail("PRAGMA page_cleaner reads back '%s' after page_cleaner=thread", zBuf);
  }
  snprintf(zBuf, sizeof(zBuf), "PRAGMA journal_mode=%s", zJournal);
  queryText(db, zBuf, zBuf, sizeof(zBuf));
  if( strcmp(zBuf, zJournal)!=0 ){
    fail("PRAGMA journal_mode=%s gives '%s'", zJournal, zBuf);
  }
  execOk(db, "CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, i INTEGER)",
         "create table");
  w.aCommit[w.nCommit++] = 0;
  rc = sqlite3_prepare_v2(db, "INSERT INTO t(k,v,i) VALUES(?1,?2,?3)", -1,
                          &w.pIns, 0);
  if( rc!=SQLITE_OK ) fail("prepare insert: %s", sqlite3_errmsg(db));

  /* The reader thread, with its own connection */
  r = (Reader*)calloc(1, sizeof(Reader));
  if( r==0 ) fail("out of memory");
  r->zFile = zFile;
  pthread_mutex_init(&r->mu, 0);
  if( pthread_create(&tid, 0, readerMain, r) ) fail("cannot create a thread");

  /* 1. A committed transaction, in thread mode: batches by the thread */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  nBatch = checkBatches(&w, zJournal, "thread", 0, "committed transaction");

  /* 2. A transaction rolled back after the thread wrote batches */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txRollback(&w);

  /* 3. A savepoint rolled back after many inserts, released, committed */
  txBegin(&w);
  insertRows(&w, PCT_NROW/2);
  execOk(db, "SAVEPOINT sp", "savepoint");
  {
    sqlite3_int64 nSave = w.nTxRow, iSave = w.iTxSum;
    insertRows(&w, PCT_NROW);
    execOk(db, "ROLLBACK TO sp", "rollback to savepoint");
    w.nTxRow = nSave;
    w.iTxSum = iSave;
  }
  execOk(db, "RELEASE sp", "release savepoint");
  insertRows(&w, PCT_NROW/2);
  txCommit(&w);
  nBatchThread = nBatch = checkBatches(&w, zJournal, "thread", nBatch,
                                       "rollback and savepoint");

  /* 4. Sync mode: the thread, which may still be pending from the last
  ** transaction, is stopped when the next write transaction starts */
  execOk(db, "PRAGMA page_cleaner=sync", "page_cleaner=sync");
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  nBatch = checkBatches(&w, zJournal, "sync", nBatch, "after page_cleaner=sync");

  /* 5. Thread mode again: a new thread is started and writes batches */
  execOk(db, "PRAGMA page_cleaner=thread", "page_cleaner=thread");
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  nBatch = checkBatches(&w, zJournal, "thread", nBatch,
                        "after page_cleaner=thread again");

  /* 6. Close right after a transaction that woke the thread: the close
  ** stops and joins it, perhaps while it waits for the mutex */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  sqlite3_finalize(w.pIns);
  w.pIns = 0;
  rc = sqlite3_close(db);
  if( rc!=SQLITE_OK ) fail("journal_mode=%s: sqlite3_close() returned %d",
                           zJournal, rc);
  w.db = 0;

  pthread_mutex_lock(&r->mu);
  r->bDone = 1;
  pthread_mutex_unlock(&r->mu);
  pthread_join(tid, 0);
  pthread_mutex_destroy(&r->mu);
  if( r->zErr[0] ) fail("journal_mode=%s: %s", zJournal, r->zErr);
  if( r->nRead==0 ){
    fail("journal_mode=%s: the reader thread never read the table", zJournal);
  }

  /* Every count the reader saw was that of a committed state, and they
  ** never went back */
  for(i=0; i<r->nSeen; i++){
    if( i>0 && r->aSeen[i]<r->aSeen[i-1] ){
      fail("journal_mode=%s: the reader counted %lld rows after %lld: a "
           "committed state was lost", zJournal, r->aSeen[i], r->aSeen[i-1]);
    }
    for(j=0; j<w.nCommit && w.aCommit[j]!=r->aSeen[i]; j++){}
    if( j>=w.nCommit ){
      fail("journal_mode=%s: the reader counted %lld rows, not a committed "
           "row count (isolation broken)", zJournal, r->aSeen[i]);
    }
  }

  /* The file: intact, and exactly the committed rows */
  db = openDb(zFile);
  queryText(db, "PRAGMA integrity_check", zBuf, sizeof(zBuf));
  if( strcmp(zBuf, "ok")!=0 ){
    fail("journal_mode=%s: PRAGMA integrity_check: %s", zJournal, zBuf);
  }
  queryText(db, "SELECT count(*)||' '||coalesce(sum(i),0) FROM t", zBuf,
            sizeof(zBuf));
  {
    char zWant[64];
    snprintf(zWant, sizeof(zWant), "%lld %lld", w.nRow, w.iSum);
    if( strcmp(zBuf, zWant)!=0 ){
      fail("journal_mode=%s: count(*) and sum(i) are %s, expected %s "
           "(the committed rows only)", zJournal, zBuf, zWant);
    }
  }
  sqlite3_close(db);

  printf("%s: journal_mode=%s: %lld rows committed of %lld inserted, "
         "%lld batches (%lld in thread mode before the switch); reader: "
         "%d reads, %d busy, %d different counts\n",
         zProg, zJournal, w.nRow, w.iSeq, nBatch, nBatchThread,
         r->nRead, r->nBusy, r->nSeen);
  free(r);
}

/*
** A connection without a mutex cannot use thread mode.
*/
static void checkNoMutex(void){
  char zFile[600];
  sqlite3 *db = 0;
  int rc;
  snprintf(zFile, sizeof(zFile), "%s/nothreads.db", zDir);
  rc = sqlite3_open_v2(zFile, &db,
       SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE|SQLITE_OPEN_NOMUTEX, 0);
  if( rc!=SQLITE_OK ) fail("cannot open %s: %s", zFile, sqlite3_errmsg(db));
  rc = sqlite3_exec(db, "PRAGMA page_cleaner=thread", 0, 0, 0);
  if( rc!=SQLITE_ERROR || strstr(sqlite3_errmsg(db), "FULLMUTEX")==0 ){
    fail("on a SQLITE_OPEN_NOMUTEX connection, PRAGMA page_cleaner=thread "
         "returned %d (%s), expected SQLITE_ERROR naming FULLMUTEX",
         rc, sqlite3_errmsg(db));
  }
  sqlite3_close(db);
}

/*
** The SQLITE_THREADSAFE=0 build: thread mode is an SQL error, sync mode
** works and writes batches.
*/
static void runNoThreads(void){
  char zFile[600];
  char zBefore[32], zAfter[32];
  Writer w;
  sqlite3 *db;
  int rc;

  if( sqlite3_threadsafe()!=0 ){
    fail("'nothreads' needs a SQLITE_THREADSAFE=0 build; this one has "
         "sqlite3_threadsafe()=%d", sqlite3_threadsafe());
  }
  snprintf(zFile, sizeof(zFile), "%s/nothreads.db", zDir);
  memset(&w, 0, sizeof(w));
  w.iKey = 1;
  w.db = db = openDb(zFile);
  queryText(db, "PRAGMA page_cleaner", zBefore, sizeof(zBefore));
  rc = sqlite3_exec(db, "PRAGMA page_cleaner=thread", 0, 0, 0);
  if( rc!=SQLITE_ERROR || strstr(sqlite3_errmsg(db), "THREADSAFE=0")==0 ){
    fail("SQLITE_THREADSAFE=0: PRAGMA page_cleaner=thread returned %d (%s), "
         "expected SQLITE_ERROR naming SQLITE_THREADSAFE=0",
         rc, sqlite3_errmsg(db));
  }
  queryText(db, "PRAGMA page_cleaner", zAfter, sizeof(zAfter));
  if( strcmp(zBefore, zAfter)!=0 ){
    fail("SQLITE_THREADSAFE=0: the failed PRAGMA page_cleaner=thread changed "
         "the mode from '%s' to '%s'", zBefore, zAfter);
  }
  execOk(db, "PRAGMA cache_size=50;"
             "PRAGMA page_cleaner=sync;"
             "PRAGMA page_cleaner_threshold=0.5;", "setup");
  queryText(db, "PRAGMA page_cleaner", zAfter, sizeof(zAfter));
  if( strcmp(zAfter, "sync")!=0 ){
    fail("SQLITE_THREADSAFE=0: PRAGMA page_cleaner reads back '%s' after "
         "page_cleaner=sync", zAfter);
  }
  execOk(db, "CREATE TABLE t(k TEXT PRIMARY KEY, v TEXT, i INTEGER)",
         "create table");
  rc = sqlite3_prepare_v2(db, "INSERT INTO t(k,v,i) VALUES(?1,?2,?3)", -1,
                          &w.pIns, 0);
  if( rc!=SQLITE_OK ) fail("prepare insert: %s", sqlite3_errmsg(db));
  txBegin(&w);
  insertRows(&w, PCT_NROW/2);
  txCommit(&w);
  sqlite3_finalize(w.pIns);
  checkBatches(&w, "delete", "sync", 0, "SQLITE_THREADSAFE=0, sync mode");
  queryText(db, "PRAGMA integrity_check", zAfter, sizeof(zAfter));
  if( strcmp(zAfter, "ok")!=0 ){
    fail("SQLITE_THREADSAFE=0: PRAGMA integrity_check: %s", zAfter);
  }
  sqlite3_close(db);
  printf("%s: SQLITE_THREADSAFE=0: page_cleaner=thread is refused, "
         "page_cleaner=sync works (%lld rows, integrity_check ok)\n",
         zProg, w.nRow);
}

/*
** The body of both threads of the "race" self-test: increment *pArg
** without a lock.
*/
static void *raceMain(void *pArg){
  volatile int *pN = (volatile int*)pArg;
  int i;
  for(i=0; i<100000; i++) (*pN)++;
  return 0;
}

/*
** The "race" self-test: a data race that ThreadSanitizer must report.
*/
static int runRace(void){
  static int n = 0;
  pthread_t a, b;
  if( pthread_create(&a, 0, raceMain, &n) ) return 1;
  if( pthread_create(&b, 0, raceMain, &n) ) return 1;
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("%s: race: finished, no sanitizer stopped it (n=%d)\n",
         zProg, n);
  return 0;
}

/*
** Usage: pcleaner-tsan [threads|nothreads|race] [DIR]
*/
int main(int argc, char **argv){
  int bNoThreads = 0;
  int i;
  if( argc==2 && strcmp(argv[1], "race")==0 ) return runRace();
  for(i=1; i<argc; i++){
    if( strcmp(argv[i], "nothreads")==0 ){
      bNoThreads = 1;
    }else if( strcmp(argv[i], "threads")==0 ){
      bNoThreads = 0;
    }else if( argv[i][0]!='-' && zDir[0]==0 ){
      snprintf(zDir, sizeof(zDir), "%s", argv[i]);
    }else{
      fprintf(stderr, "usage: %s [threads|nothreads|race] [DIR]\n", argv[0]);
      return 2;
    }
  }
  if( zDir[0]==0 ){
    const char *zTmp = getenv("TMPDIR");
    snprintf(zDir, sizeof(zDir), "%s/pcleaner-tsan.XXXXXX",
             zTmp && zTmp[0] ? zTmp : "/tmp");
    if( mkdtemp(zDir)==0 ){
      fprintf(stderr, "%s: cannot make a directory %s\n", zProg, zDir);
      return 1;
    }
    bOwnDir = 1;
  }
  atexit(cleanupFiles);
  if( bNoThreads ){
    runNoThreads();
  }else{
    if( sqlite3_threadsafe()==0 ){
      fail("this build has SQLITE_THREADSAFE=0: run '%s nothreads'", argv[0]);
    }
    checkNoMutex();
    runJournalMode("delete");
    runJournalMode("wal");
    printf("%s: ok: SQLITE_THREADSAFE=%d, page_cleaner=thread in journal "
           "modes DELETE and WAL with a concurrent reader\n",
           zProg, sqlite3_threadsafe());
  }
  return 0;
}
