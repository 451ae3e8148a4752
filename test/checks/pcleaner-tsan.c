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
** The driver of test/checks/pcleaner-tsan.sh: a workload for the THREAD
** mode of the page cleaner (src/pcleaner/pcleaner_wq.c), meant to run under
** ThreadSanitizer.  It is linked with the build's amalgamation.
**
** In THREAD mode the writing thread runs the cleaner's batches and the
** pager's one-page spills itself, but their writes to the database file
** and the WAL file go to a per-pager write queue, which a writer thread
** performs later with pwrite().  Reads of queued pages are served from
** the queue; a queued write that fails fails the transaction.
**
**   pcleaner-tsan [threads] [DIR]
**
**       1. For journal modes DELETE, WAL and TRUNCATE on a connection
**          opened with SQLITE_OPEN_FULLMUTEX, and DELETE and WAL on one
**          opened with SQLITE_OPEN_NOMUTEX: with a 50-page cache and
**          PRAGMA page_cleaner=thread, large write transactions that are
**          committed, rolled back, and committed after a savepoint was
**          rolled back; the queue made tiny (page_cleaner_queue=1, which
**          in WAL mode must make the writing thread wait for the writer
**          thread), 16 pages, then 1024 again; the mode switched
**          thread -> sync -> off -> thread between transactions (sync and
**          off must queue nothing, off must write no batch); a transaction
**          with PRAGMA mmap_size=64 MiB; the connection closed right after
**          a commit, and closed again with a write transaction open whose
**          writes are queued (which rolls it back).  Meanwhile a second
**          thread with its own connection counts the rows in a loop.
**          Required: writes were queued in every thread-mode transaction
**          and reads were served from the queue (page_cleaner_stats),
**          every count the reader saw is a committed one, and the
**          database holds exactly the committed rows - each row checked
**          against the key and value it was inserted with - both as read
**          by the writing connection inside a transaction (pages served
**          from the queue, or mapped) and as read by a fresh connection
**          with the cleaner off after the writer closed, with
**          PRAGMA integrity_check ok.
**
**       2. I/O errors of the writer thread, in journal modes DELETE and
**          WAL: RLIMIT_FSIZE (with SIGXFSZ ignored, so that pwrite() fails
**          with EFBIG) is set a little above the size of the database, and
**          a transaction that grows the files well past it must fail with
**          SQLITE_IOERR* or SQLITE_FULL (at an INSERT or at COMMIT), never
**          commit.  The unix VFS's own write calls are wrapped (through
**          xSetSystemCall) and must not have failed: then the failure
**          was that of a queued write performed by the writer thread, which
**          also must have queued writes.  With the limit raised back, a
**          fresh connection sees exactly the rows committed before
**          (integrity_check ok), and the failed connection commits again.
**          The soft limit only is lowered and then restored, which any
**          user may do.
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
** $TMPDIR or /tmp, removed at the end).  Exit 0 after a summary line
** "pcleaner-tsan: ok: ..."; on any failure a line "pcleaner-tsan: FAIL ..."
** and exit 1.
*/
#ifndef _XOPEN_SOURCE
# define _XOPEN_SOURCE 700      /* mkdtemp(), pwrite() */
#endif
#include "sqlite3.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <pthread.h>
#include <time.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/resource.h>

/*
** Rows per write transaction.  Each row takes about 130 bytes in the table
** and in the index on k, so one transaction dirties some 55 pages of 4 KiB
** (more as the index grows), more than the 50-page cache holds.
*/
#ifndef PCT_NROW
# define PCT_NROW 1600
#endif

/* Rows of the transaction that must fail in the I/O-error case */
#ifndef PCT_NROW_IOERR
# define PCT_NROW_IOERR 8000
#endif

/* The most counts the reader thread records */
#define PCT_MAXSEEN 4096

/* Transactions with a one-page queue, at most, until one waits (case 4) */
#define PCT_TINY_TRIES 5

/* The most committed totals of one workload */
#define PCT_MAXCOMMIT 64

/* The most ranges of row numbers in a RowSet */
#define PCT_MAXRANGE 64

/*
** A set of row numbers (column i), as ranges [lo,hi) in ascending order.
*/
typedef struct RowSet RowSet;
struct RowSet {
  int nRange;                 /* Entries in aRange[] */
  sqlite3_int64 nRow;         /* Row numbers in the set */
  struct { sqlite3_int64 lo, hi; } aRange[PCT_MAXRANGE];
};

/*
** The state of a writing connection.
*/
typedef struct Writer Writer;
struct Writer {
  sqlite3 *db;                /* The connection */
  sqlite3_stmt *pIns;         /* INSERT INTO t(i,k,v) VALUES(?1,?2,?3) */
  const char *zName;          /* Name of the workload, for messages */
  int bSeqKey;                /* Keys ascend with i (else: scattered) */
  sqlite3_int64 iSeq;         /* Column i of the last row made */
  RowSet sCommit;             /* Rows committed */
  RowSet sTx;                 /* Rows inserted by the open transaction */
  RowSet sSave;               /* sTx when the savepoint was opened */
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
  int flags;                  /* Flags for sqlite3_open_v2() */
  pthread_mutex_t mu;         /* Guards bDone */
  int bDone;                  /* Set by the writer: stop reading */
  int nRead;                  /* Successful SELECT count(*) */
  int nBusy;                  /* SQLITE_BUSY results */
  int nSeen;                  /* Entries in aSeen[] */
  sqlite3_int64 aSeen[PCT_MAXSEEN];  /* Counts seen, each change once */
  char zErr[512];             /* First error, or "" */
};

/*
** The row of PRAGMA page_cleaner_stats for schema "main".
*/
typedef struct CleanerStats CleanerStats;
struct CleanerStats {
  char zMode[16];             /* Column "mode" */
  sqlite3_int64 nBatch;       /* Column "batches" */
  sqlite3_int64 nPage;        /* Column "pages" */
  sqlite3_int64 nQueued;      /* Column "queued" */
  sqlite3_int64 nServed;      /* Column "served" */
  sqlite3_int64 nWait;        /* Column "waits" */
  sqlite3_int64 nWaitUsec;    /* Column "wait_microseconds" */
};

/* The name of this program in messages */
static const char *zProg = "pcleaner-tsan";

/* The directory of the database files, whether it was made here, and
** whether to keep it (after a failure) */
static char zDir[512];
static int bOwnDir = 0;
static int bKeep = 0;

/*
** The unix VFS's write system calls, wrapped to count the calls made and
** the calls that failed.  The writer thread of the write queue calls
** pwrite() itself, not through the VFS, so is not counted.
*/
typedef ssize_t (*PwriteFunc)(int, const void*, size_t, off_t);
typedef ssize_t (*WriteFunc)(int, const void*, size_t);
static PwriteFunc xRealPwrite = 0;
static WriteFunc xRealWrite = 0;
static pthread_mutex_t muVfsCount = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_int64 nVfsWrite = 0;      /* Write calls of the VFS */
static sqlite3_int64 nVfsWriteFail = 0;  /* Those that failed */
static int iVfsErrno = 0;                /* errno of the first failure */

/*
** Remove the database files made in zDir and, if it was made here, zDir.
*/
static void cleanupFiles(void){
  static const char *azName[] = {
    "delete-fullmutex.db", "wal-fullmutex.db", "truncate-fullmutex.db",
    "delete-nomutex.db", "wal-nomutex.db",
    "ioerr-delete.db", "ioerr-wal.db", "nothreads.db"
  };
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
** Count one write system call of the unix VFS that returned rc with errno
** e, and its failure if it failed.  Return rc, with errno restored.
*/
static ssize_t countWrite(ssize_t rc, int e){
  pthread_mutex_lock(&muVfsCount);
  nVfsWrite++;
  if( rc<0 && e!=EINTR ){
    if( nVfsWriteFail++==0 ) iVfsErrno = e;
  }
  pthread_mutex_unlock(&muVfsCount);
  errno = e;
  return rc;
}

/*
** The wrapper of the unix VFS's "pwrite" system call: count the call,
** and the failure if it fails.
*/
static ssize_t countingPwrite(int fd, const void *p, size_t n, off_t iOff){
  ssize_t rc = xRealPwrite(fd, p, n, iOff);
  return countWrite(rc, errno);
}

/*
** The wrapper of the unix VFS's "write" system call, as countingPwrite().
*/
static ssize_t countingWrite(int fd, const void *p, size_t n){
  ssize_t rc = xRealWrite(fd, p, n);
  return countWrite(rc, errno);
}

/*
** Wrap the unix VFS's "pwrite" and "write" system calls (before any
** thread or connection exists), or fail.
*/
static void wrapVfsWrites(void){
  sqlite3_vfs *pVfs = sqlite3_vfs_find("unix");
  if( pVfs==0 || pVfs->iVersion<3 || pVfs->xSetSystemCall==0 ){
    fail("no unix VFS with xSetSystemCall");
  }
  xRealPwrite = (PwriteFunc)pVfs->xGetSystemCall(pVfs, "pwrite");
  xRealWrite = (WriteFunc)pVfs->xGetSystemCall(pVfs, "write");
  if( xRealPwrite
   && pVfs->xSetSystemCall(pVfs, "pwrite",
                           (sqlite3_syscall_ptr)countingPwrite)!=SQLITE_OK ){
    fail("cannot wrap the unix VFS's pwrite()");
  }
  if( xRealWrite
   && pVfs->xSetSystemCall(pVfs, "write",
                           (sqlite3_syscall_ptr)countingWrite)!=SQLITE_OK ){
    fail("cannot wrap the unix VFS's write()");
  }
}

/*
** Read the counters of the wrapped VFS write calls.
*/
static void vfsCounts(sqlite3_int64 *pnWrite, sqlite3_int64 *pnFail,
                      int *piErrno){
  pthread_mutex_lock(&muVfsCount);
  *pnWrite = nVfsWrite;
  *pnFail = nVfsWriteFail;
  *piErrno = iVfsErrno;
  pthread_mutex_unlock(&muVfsCount);
}

/*
** Open the database file zFile with the sqlite3_open_v2() flags flags
** (plus READWRITE and CREATE) and a busy timeout, or fail.
*/
static sqlite3 *openDb(const char *zFile, int flags){
  sqlite3 *db = 0;
  int rc = sqlite3_open_v2(zFile, &db,
      SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE|flags, 0);
  if( rc!=SQLITE_OK ){
    fail("cannot open %s: %s", zFile,
         db ? sqlite3_errmsg(db) : "out of memory");
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
** Read the row of PRAGMA page_cleaner_stats for "main" into pStats, or
** fail if there is none or the columns are not the expected ones.
*/
static void readStats(sqlite3 *db, CleanerStats *pStats){
  static const char *zSql = "PRAGMA page_cleaner_stats";
  static const char *azCol[] = {
    "schema", "mode", "threshold", "batches", "pages", "microseconds",
    "busy", "queued", "served", "waits", "wait_microseconds"
  };
  const int nCol = (int)(sizeof(azCol)/sizeof(azCol[0]));
  sqlite3_stmt *pStmt = 0;
  int bFound = 0;
  int i;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) fail("prepare \"%s\": %s", zSql, sqlite3_errmsg(db));
  if( sqlite3_column_count(pStmt)!=nCol ){
    fail("%s has %d columns, expected %d", zSql,
         sqlite3_column_count(pStmt), nCol);
  }
  for(i=0; i<nCol; i++){
    if( strcmp(sqlite3_column_name(pStmt, i), azCol[i])!=0 ){
      fail("%s: column %d is '%s', expected '%s'", zSql, i,
           sqlite3_column_name(pStmt, i), azCol[i]);
    }
  }
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    const char *zSchema = (const char*)sqlite3_column_text(pStmt, 0);
    if( zSchema && strcmp(zSchema, "main")==0 ){
      const char *zMode = (const char*)sqlite3_column_text(pStmt, 1);
      snprintf(pStats->zMode, sizeof(pStats->zMode), "%s", zMode ? zMode : "");
      pStats->nBatch = sqlite3_column_int64(pStmt, 3);
      pStats->nPage = sqlite3_column_int64(pStmt, 4);
      pStats->nQueued = sqlite3_column_int64(pStmt, 7);
      pStats->nServed = sqlite3_column_int64(pStmt, 8);
      pStats->nWait = sqlite3_column_int64(pStmt, 9);
      pStats->nWaitUsec = sqlite3_column_int64(pStmt, 10);
      bFound = 1;
    }
  }
  if( rc!=SQLITE_DONE ) fail("%s: %s", zSql, sqlite3_errmsg(db));
  sqlite3_finalize(pStmt);
  if( !bFound ) fail("%s has no row for schema main", zSql);
}

/*
** Make the key (8 hex digits, NUL-terminated) and the value (100 bytes,
** NUL-terminated) of row i.  Scattered keys come from a bijective 32-bit
** mix of i, so never repeat; ascending keys are i in hex.
*/
static void makeRow(int bSeqKey, sqlite3_int64 i, char *zKey, char *zVal){
  unsigned int h = (unsigned int)i;
  int j;
  if( !bSeqKey ){
    h ^= h>>16; h *= 0x85ebca6bu;
    h ^= h>>13; h *= 0xc2b2ae35u;
    h ^= h>>16;
  }
  snprintf(zKey, 16, "%08x", h);
  for(j=0; j<100; j++) zVal[j] = zKey[(j*7 + (int)(i%8)) % 8];
  zVal[100] = 0;
}

/*
** Add row number i to the set p, which holds only smaller numbers.
*/
static void rowSetAdd(RowSet *p, sqlite3_int64 i){
  if( p->nRange>0 && p->aRange[p->nRange-1].hi==i ){
    p->aRange[p->nRange-1].hi = i+1;
  }else{
    if( p->nRange>=PCT_MAXRANGE ) fail("RowSet: too many ranges");
    p->aRange[p->nRange].lo = i;
    p->aRange[p->nRange].hi = i+1;
    p->nRange++;
  }
  p->nRow++;
}

/*
** Add every row number of pSrc to p; those of pSrc are all larger.
*/
static void rowSetAppend(RowSet *p, const RowSet *pSrc){
  int k;
  for(k=0; k<pSrc->nRange; k++){
    if( p->nRange>0 && p->aRange[p->nRange-1].hi==pSrc->aRange[k].lo ){
      p->aRange[p->nRange-1].hi = pSrc->aRange[k].hi;
    }else{
      if( p->nRange>=PCT_MAXRANGE ) fail("RowSet: too many ranges");
      p->aRange[p->nRange++] = pSrc->aRange[k];
    }
  }
  p->nRow += pSrc->nRow;
}

/*
** Insert nRow new rows into t through the prepared statement of p.
** Return SQLITE_OK, or the error code of the first INSERT that failed
** (the rows inserted before it are in p->sTx).
*/
static int insertRowsRc(Writer *p, int nRow){
  char zKey[16];
  char zVal[104];
  int i, rc;
  for(i=0; i<nRow; i++){
    p->iSeq++;
    makeRow(p->bSeqKey, p->iSeq, zKey, zVal);
    if( sqlite3_bind_int64(p->pIns, 1, p->iSeq)
     || sqlite3_bind_text(p->pIns, 2, zKey, -1, SQLITE_TRANSIENT)
     || sqlite3_bind_text(p->pIns, 3, zVal, 100, SQLITE_TRANSIENT)
    ){
      fail("%s: bind: %s", p->zName, sqlite3_errmsg(p->db));
    }
    rc = sqlite3_step(p->pIns);
    sqlite3_reset(p->pIns);
    if( rc!=SQLITE_DONE ) return rc;
    rowSetAdd(&p->sTx, p->iSeq);
  }
  return SQLITE_OK;
}

/*
** Insert nRow new rows, or fail.
*/
static void insertRows(Writer *p, int nRow){
  int rc = insertRowsRc(p, nRow);
  if( rc!=SQLITE_OK ){
    fail("%s: insert of row %lld: %s (%d)", p->zName, p->iSeq,
         sqlite3_errmsg(p->db), sqlite3_extended_errcode(p->db));
  }
}

/*
** Open the connection of p to zFile with the open flags flags, set it up
** (50-page cache, page_cleaner=thread, threshold 0.5) and prepare the
** INSERT statement.  The table must exist.
*/
static void writerOpen(Writer *p, const char *zFile, int flags){
  char zBuf[64];
  int rc;
  p->db = openDb(zFile, flags);
  execOk(p->db, "PRAGMA cache_size=50;"
                "PRAGMA page_cleaner=thread;"
                "PRAGMA page_cleaner_threshold=0.5;"
                "PRAGMA page_cleaner_queue=1024;", "setup");
  queryText(p->db, "PRAGMA page_cleaner", zBuf, sizeof(zBuf));
  if( strcmp(zBuf, "thread")!=0 ){
    fail("%s: PRAGMA page_cleaner reads back '%s' after page_cleaner=thread",
         p->zName, zBuf);
  }
  rc = sqlite3_prepare_v2(p->db, "INSERT INTO t(i,k,v) VALUES(?1,?2,?3)", -1,
                          &p->pIns, 0);
  if( rc!=SQLITE_OK ){
    fail("%s: prepare insert: %s", p->zName, sqlite3_errmsg(p->db));
  }
}

/*
** Close the connection of p, which must succeed.
*/
static void writerClose(Writer *p, const char *zWhat){
  int rc;
  sqlite3_finalize(p->pIns);
  p->pIns = 0;
  rc = sqlite3_close(p->db);
  if( rc!=SQLITE_OK ){
    fail("%s: %s: sqlite3_close() returned %d", p->zName, zWhat, rc);
  }
  p->db = 0;
}

/*
** Start a write transaction on p.
*/
static void txBegin(Writer *p){
  execOk(p->db, "BEGIN", p->zName);
  memset(&p->sTx, 0, sizeof(p->sTx));
}

/*
** Commit the transaction of p and record the new row count.
*/
static void txCommit(Writer *p){
  execOk(p->db, "COMMIT", p->zName);
  rowSetAppend(&p->sCommit, &p->sTx);
  if( p->nCommit>=PCT_MAXCOMMIT ) fail("too many commits");
  p->aCommit[p->nCommit++] = p->sCommit.nRow;
  memset(&p->sTx, 0, sizeof(p->sTx));
}

/*
** Roll the transaction of p back.
*/
static void txRollback(Writer *p){
  execOk(p->db, "ROLLBACK", p->zName);
  memset(&p->sTx, 0, sizeof(p->sTx));
}

/*
** Check that table t, as read through db, holds exactly the rows of pSet
** and, if pSet2 is not 0, of pSet2 (all larger numbers), each with the key
** and value it was inserted with.  zWhat names the check in messages.
*/
static void verifyRows(
  sqlite3 *db,
  int bSeqKey,
  const RowSet *pSet,
  const RowSet *pSet2,
  const char *zWhat
){
  static const char *zSql = "SELECT i, k, v FROM t ORDER BY i";
  RowSet all;
  sqlite3_stmt *pStmt = 0;
  sqlite3_int64 nRow = 0;
  int iRange = 0;
  sqlite3_int64 iNext;
  char zKey[16], zVal[104];
  int rc;

  all = *pSet;
  if( pSet2 ) rowSetAppend(&all, pSet2);
  iNext = all.nRange>0 ? all.aRange[0].lo : -1;
  rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) fail("%s: prepare: %s", zWhat, sqlite3_errmsg(db));
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    sqlite3_int64 i = sqlite3_column_int64(pStmt, 0);
    const char *zK = (const char*)sqlite3_column_text(pStmt, 1);
    const char *zV = (const char*)sqlite3_column_text(pStmt, 2);
    if( iRange>=all.nRange ){
      fail("%s: row i=%lld is not a committed row (after all %lld)",
           zWhat, i, all.nRow);
    }
    if( i!=iNext ){
      fail("%s: row i=%lld where row i=%lld was expected (%s)", zWhat, i,
           iNext, i<iNext ? "a row that is not committed"
                          : "a committed row is missing");
    }
    makeRow(bSeqKey, i, zKey, zVal);
    if( zK==0 || strcmp(zK, zKey)!=0 || zV==0 || strcmp(zV, zVal)!=0 ){
      fail("%s: row i=%lld has k='%s' v='%.20s...', expected k='%s' "
           "v='%.20s...'", zWhat, i, zK ? zK : "NULL", zV ? zV : "NULL",
           zKey, zVal);
    }
    nRow++;
    iNext++;
    if( iNext>=all.aRange[iRange].hi ){
      iRange++;
      if( iRange<all.nRange ) iNext = all.aRange[iRange].lo;
    }
  }
  if( rc!=SQLITE_DONE ){
    fail("%s: \"%s\": %s (%d)", zWhat, zSql, sqlite3_errmsg(db),
         sqlite3_extended_errcode(db));
  }
  sqlite3_finalize(pStmt);
  if( nRow!=all.nRow ){
    fail("%s: %lld rows, expected %lld (row i=%lld is missing)", zWhat, nRow,
         all.nRow, iNext);
  }
}

/*
** Check that PRAGMA integrity_check on db is ok.
*/
static void checkIntegrity(sqlite3 *db, const char *zWhat){
  char zBuf[200];
  queryText(db, "PRAGMA integrity_check", zBuf, sizeof(zBuf));
  if( strcmp(zBuf, "ok")!=0 ){
    fail("%s: PRAGMA integrity_check: %s", zWhat, zBuf);
  }
}

/*
** Open zFile with a fresh connection, the cleaner off, and check that it
** is intact and holds exactly the rows of pSet.
*/
static void verifyFile(
  const char *zFile,
  int bSeqKey,
  const RowSet *pSet,
  const char *zWhat
){
  sqlite3 *db = openDb(zFile, SQLITE_OPEN_FULLMUTEX);
  execOk(db, "PRAGMA page_cleaner=off", zWhat);
  checkIntegrity(db, zWhat);
  verifyRows(db, bSeqKey, pSet, 0, zWhat);
  if( sqlite3_close(db)!=SQLITE_OK ) fail("%s: close failed", zWhat);
}

/*
** Check that the statistics of p's connection show mode zMode and, since
** pPrev, more batches if bBatch is 1, none if it is 0 (either if it is
** -1), and more queued page writes if bQueued is 1, none if it is 0.
** Store the new statistics in *pPrev.
**
** In THREAD mode the pager's one-page spills are queued as well as the
** cleaner's batches, and a batch in a rollback-journal mode takes only
** pages that need no journal sync, so a transaction may queue only
** spills: thread mode requires queued writes, not batches.
*/
static void checkStats(
  Writer *p,
  CleanerStats *pPrev,
  const char *zMode,
  int bBatch,
  int bQueued,
  const char *zWhat
){
  CleanerStats s;
  readStats(p->db, &s);
  if( strcmp(s.zMode, zMode)!=0 ){
    fail("%s, %s: page_cleaner_stats mode is '%s', expected '%s'",
         p->zName, zWhat, s.zMode, zMode);
  }
  if( bBatch==1 && s.nBatch<=pPrev->nBatch ){
    fail("%s, %s: no batch written (batches stays %lld): the cleaner did "
         "not run, so this proves nothing", p->zName, zWhat, s.nBatch);
  }
  if( bBatch==0 && s.nBatch!=pPrev->nBatch ){
    fail("%s, %s: %lld batches written with the cleaner off", p->zName,
         zWhat, s.nBatch-pPrev->nBatch);
  }
  if( bQueued==1 && s.nQueued<=pPrev->nQueued ){
    fail("%s, %s: no page write was queued (queued stays %lld), so this "
         "proves nothing", p->zName, zWhat, s.nQueued);
  }
  if( bQueued==0 && s.nQueued!=pPrev->nQueued ){
    fail("%s, %s: %lld page writes were queued outside thread mode",
         p->zName, zWhat, s.nQueued-pPrev->nQueued);
  }
  if( s.nServed<pPrev->nServed || s.nWait<pPrev->nWait
   || s.nQueued<pPrev->nQueued || s.nBatch<pPrev->nBatch
  ){
    fail("%s, %s: a page_cleaner_stats counter went back", p->zName, zWhat);
  }
  *pPrev = s;
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
  struct timespec pause;
  int rc = sqlite3_open_v2(r->zFile, &db, SQLITE_OPEN_READWRITE|r->flags, 0);
  pause.tv_sec = 0;
  pause.tv_nsec = 500000;
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
    nanosleep(&pause, 0);    /* Leave a core to the writing threads */
  }
  sqlite3_finalize(pStmt);
  if( sqlite3_close(db)!=SQLITE_OK && r->zErr[0]==0 ){
    snprintf(r->zErr, sizeof(r->zErr), "reader: close failed");
  }
  return 0;
}

/*
** Set journal mode zJournal on the connection of p, or fail.
*/
static void setJournalMode(Writer *p, const char *zJournal){
  char zBuf[64];
  snprintf(zBuf, sizeof(zBuf), "PRAGMA journal_mode=%s", zJournal);
  queryText(p->db, zBuf, zBuf, sizeof(zBuf));
  if( strcmp(zBuf, zJournal)!=0 ){
    fail("%s: PRAGMA journal_mode=%s gives '%s'", p->zName, zJournal, zBuf);
  }
}

/*
** Run the workload in journal mode zJournal ("delete", "wal" or
** "truncate") on a new database file, with a writing connection opened
** with the flags flags (SQLITE_OPEN_FULLMUTEX or SQLITE_OPEN_NOMUTEX).
** Print one line of results.
*/
static void runWorkload(const char *zJournal, int flags){
  const char *zMutex = flags==SQLITE_OPEN_NOMUTEX ? "nomutex" : "fullmutex";
  char zName[64];
  char zFile[600];
  char zBuf[200];
  Writer w;
  Reader *r;
  pthread_t tid;
  CleanerStats s, s0, sTotal;
  sqlite3_int64 nWaitTiny, nQueuedTiny, nServedMmap;
  int iTry;
  int i, j;

  snprintf(zName, sizeof(zName), "journal_mode=%s %s", zJournal, zMutex);
  snprintf(zFile, sizeof(zFile), "%s/%s-%s.db", zDir, zJournal, zMutex);
  memset(&w, 0, sizeof(w));
  memset(&s, 0, sizeof(s));
  w.zName = zName;
  w.iSeq = zJournal[0]=='w' ? 1000000 : 0;
  w.db = openDb(zFile, flags);
  setJournalMode(&w, zJournal);
  execOk(w.db, "CREATE TABLE t(i INTEGER PRIMARY KEY, k TEXT UNIQUE, v TEXT)",
         "create table");
  sqlite3_close(w.db);
  writerOpen(&w, zFile, flags);
  w.aCommit[w.nCommit++] = 0;

  /* The reader thread, with its own connection */
  r = (Reader*)calloc(1, sizeof(Reader));
  if( r==0 ) fail("out of memory");
  r->zFile = zFile;
  r->flags = flags;
  pthread_mutex_init(&r->mu, 0);
  if( pthread_create(&tid, 0, readerMain, r) ) fail("cannot create a thread");

  /* 1. A committed transaction; before the commit, the writing connection
  ** reads every row back (pages with queued writes served from the
  ** queue) */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  verifyRows(w.db, 0, &w.sCommit, &w.sTx, "read back inside a transaction");
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "committed transaction");

  /* 2. A transaction rolled back after writes were queued */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  checkStats(&w, &s, "thread", -1, 1, "transaction to roll back");
  txRollback(&w);

  /* 3. A savepoint rolled back after many inserts, released, committed */
  txBegin(&w);
  insertRows(&w, PCT_NROW/2);
  execOk(w.db, "SAVEPOINT sp", "savepoint");
  w.sSave = w.sTx;
  insertRows(&w, PCT_NROW);
  checkStats(&w, &s, "thread", -1, 1, "savepoint to roll back");
  execOk(w.db, "ROLLBACK TO sp", "rollback to savepoint");
  w.sTx = w.sSave;
  execOk(w.db, "RELEASE sp", "release savepoint");
  insertRows(&w, PCT_NROW/2);
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "savepoint rolled back");
  if( s.nServed==0 ){
    fail("%s: after three transactions in thread mode, no read was served "
         "from the write queue (served=0, queued=%lld): this run proves "
         "nothing about reads of queued pages", zName, s.nQueued);
  }

  /* 4. A one-page queue: the writing thread must wait for the writer
  ** thread.  In WAL mode it must: a batch queues many frames, and it
  ** hands them to the writer thread only when the queue is full, so the
  ** first full queue of each batch holds writes not even handed over.
  ** In the rollback-journal modes the queued writes are mostly one-page
  ** spills, which the writer thread may keep up with */
  execOk(w.db, "PRAGMA page_cleaner_queue=1", "page_cleaner_queue=1");
  s0 = s;
  for(iTry=0; iTry<PCT_TINY_TRIES; iTry++){
    /* A wait is counted only if the writer thread has not finished the
    ** write it was just handed when the writing thread looks: on a loaded
    ** machine one transaction may see none.  A queue that is not bounded
    ** would see none in any of the tries. */
    txBegin(&w);
    insertRows(&w, PCT_NROW);
    txCommit(&w);
    checkStats(&w, &s, "thread", -1, 1, "page_cleaner_queue=1");
    if( s.nWait>s0.nWait || zJournal[0]!='w' ) break;
  }
  nWaitTiny = s.nWait - s0.nWait;
  nQueuedTiny = s.nQueued - s0.nQueued;
  if( nWaitTiny<=0 && zJournal[0]=='w' ){
    fail("%s: with page_cleaner_queue=1 the writing thread never waited for "
         "the queue in %d transactions (waits stays %lld)", zName,
         PCT_TINY_TRIES, s.nWait);
  }

  /* 5. A 16-page queue */
  execOk(w.db, "PRAGMA page_cleaner_queue=16", "page_cleaner_queue=16");
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "page_cleaner_queue=16");

  /* 6. Sync mode: the queue goes away, nothing is queued */
  execOk(w.db, "PRAGMA page_cleaner=sync", "page_cleaner=sync");
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "sync", 1, 0, "after page_cleaner=sync");

  /* 7. Off: no batch, nothing queued */
  execOk(w.db, "PRAGMA page_cleaner=off", "page_cleaner=off");
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "off", 0, 0, "after page_cleaner=off");

  /* 8. Thread mode again, with a 1024-page queue */
  execOk(w.db, "PRAGMA page_cleaner=thread; PRAGMA page_cleaner_queue=1024",
         "page_cleaner=thread again");
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "after page_cleaner=thread again");

  /* 9. Memory-mapped I/O: a page with a queued write must be read from the
  ** queue, not from the (stale) mapping; the rows are read back inside the
  ** transaction and after it */
  execOk(w.db, "PRAGMA mmap_size=67108864", "mmap_size");
  queryText(w.db, "PRAGMA mmap_size", zBuf, sizeof(zBuf));
  if( atoll(zBuf)<=0 ){
    fail("%s: PRAGMA mmap_size reads back '%s' after mmap_size=67108864: "
         "this build cannot check memory-mapped reads", zName, zBuf);
  }
  s0 = s;
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  verifyRows(w.db, 0, &w.sCommit, &w.sTx, "read back with mmap, inside a "
             "transaction");
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "mmap_size=67108864");
  nServedMmap = s.nServed - s0.nServed;
  verifyRows(w.db, 0, &w.sCommit, 0, "read back with mmap after commit");

  /* 10. Close right after a commit, then reopen (thread mode) */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "commit before the close");
  sTotal = s;
  writerClose(&w, "close right after a commit");
  verifyFile(zFile, 0, &w.sCommit, "fresh connection after close");
  writerOpen(&w, zFile, flags);
  memset(&s, 0, sizeof(s));

  /* 11. Close with a write transaction open and its writes queued: the
  ** close rolls it back */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  checkStats(&w, &s, "thread", -1, 1, "transaction left open at close");
  writerClose(&w, "close with a transaction open");
  memset(&w.sTx, 0, sizeof(w.sTx));

  pthread_mutex_lock(&r->mu);
  r->bDone = 1;
  pthread_mutex_unlock(&r->mu);
  pthread_join(tid, 0);
  pthread_mutex_destroy(&r->mu);
  if( r->zErr[0] ) fail("%s: %s", zName, r->zErr);
  if( r->nRead==0 ){
    fail("%s: the reader thread never read the table", zName);
  }

  /* Every count the reader saw was that of a committed state, and they
  ** never went back */
  for(i=0; i<r->nSeen; i++){
    if( i>0 && r->aSeen[i]<r->aSeen[i-1] ){
      fail("%s: the reader counted %lld rows after %lld: a committed state "
           "was lost", zName, r->aSeen[i], r->aSeen[i-1]);
    }
    for(j=0; j<w.nCommit && w.aCommit[j]!=r->aSeen[i]; j++){}
    if( j>=w.nCommit ){
      fail("%s: the reader counted %lld rows, not a committed row count "
           "(isolation broken)", zName, r->aSeen[i]);
    }
  }

  /* The file: intact, and exactly the committed rows */
  verifyFile(zFile, 0, &w.sCommit, "fresh connection at the end");

  printf("%s: %s: %lld rows committed of %lld inserted; %d commits; "
         "thread mode: %lld page writes queued, %lld reads served from the "
         "queue (%lld with mmap), %lld waits for %lld writes queued with a "
         "1-page queue; reader: "
         "%d reads, %d busy, %d different counts\n",
         zProg, zName, w.sCommit.nRow,
         w.iSeq - (zJournal[0]=='w' ? 1000000 : 0), w.nCommit-1,
         sTotal.nQueued, sTotal.nServed, nServedMmap, nWaitTiny, nQueuedTiny,
         r->nRead, r->nBusy, r->nSeen);
  free(r);
}

/*
** Return the size of file zFile in bytes, 0 if it does not exist.
*/
static sqlite3_int64 fileSize(const char *zFile){
  struct stat st;
  if( stat(zFile, &st)!=0 ) return 0;
  return (sqlite3_int64)st.st_size;
}

/*
** Set the soft RLIMIT_FSIZE to n, or fail.
*/
static void setFsizeLimit(rlim_t n){
  struct rlimit rl;
  if( getrlimit(RLIMIT_FSIZE, &rl)!=0 ) fail("getrlimit: %s", strerror(errno));
  rl.rlim_cur = n;
  if( setrlimit(RLIMIT_FSIZE, &rl)!=0 ){
    fail("setrlimit(RLIMIT_FSIZE, %llu): %s", (unsigned long long)n,
         strerror(errno));
  }
}

/*
** The I/O-error case in journal mode zJournal: a queued write that fails
** (EFBIG past RLIMIT_FSIZE, in the writer thread's pwrite()) must fail
** the transaction, which leaves the database as it was.  Print one line
** of results.
*/
static void runIoErr(const char *zJournal){
  char zName[64];
  char zFile[600];
  char zWal[610];
  char zBuf[200];
  char zWhere[64];
  char zErrMsg[200];
  Writer w;
  CleanerStats s, s0;
  struct rlimit rlOld;
  sqlite3_int64 nLimit, nSize;
  sqlite3_int64 nWrite0, nFail0, nWrite1, nFail1;
  sqlite3_int64 nQueuedFail, nRowBefore;
  int iErrno, rc, eErr;

  snprintf(zName, sizeof(zName), "I/O error, journal_mode=%s", zJournal);
  snprintf(zFile, sizeof(zFile), "%s/ioerr-%s.db", zDir, zJournal);
  snprintf(zWal, sizeof(zWal), "%s-wal", zFile);
  memset(&w, 0, sizeof(w));
  memset(&s, 0, sizeof(s));
  w.zName = zName;
  w.bSeqKey = 1;     /* Appends only: the rollback journal stays small */
  vfsCounts(&nWrite0, &nFail0, &iErrno);
  w.db = openDb(zFile, SQLITE_OPEN_FULLMUTEX);
  setJournalMode(&w, zJournal);
  execOk(w.db, "CREATE TABLE t(i INTEGER PRIMARY KEY, k TEXT UNIQUE, v TEXT)",
         "create table");
  sqlite3_close(w.db);
  vfsCounts(&nWrite1, &nFail1, &iErrno);
  if( nWrite1<=nWrite0 ){
    fail("%s: creating the database made no call of the wrapped VFS write "
         "functions: the check cannot tell the writer thread's failures "
         "from the VFS's", zName);
  }
  writerOpen(&w, zFile, SQLITE_OPEN_FULLMUTEX);

  /* The content before: one transaction through the queue */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "transaction before the I/O error");
  if( zJournal[0]=='w' ){
    /* Empty the WAL file, so that the next transaction's frames must grow
    ** it past the limit */
    queryText(w.db, "PRAGMA wal_checkpoint(TRUNCATE)", zBuf, sizeof(zBuf));
    if( strcmp(zBuf, "0")!=0 || fileSize(zWal)!=0 ){
      fail("%s: PRAGMA wal_checkpoint(TRUNCATE) gives %s, WAL size %lld",
           zName, zBuf, fileSize(zWal));
    }
  }

  /* No file may grow past the database's size plus 16 pages.  Only the
  ** soft limit is lowered, so any user may raise it back. */
  nSize = fileSize(zFile);
  nLimit = nSize + 16*4096;
  if( getrlimit(RLIMIT_FSIZE, &rlOld)!=0 ){
    fail("getrlimit: %s", strerror(errno));
  }
  if( rlOld.rlim_cur!=RLIM_INFINITY && rlOld.rlim_cur<(rlim_t)nLimit ){
    fail("%s: RLIMIT_FSIZE is already %llu bytes, below the %lld this check "
         "needs", zName, (unsigned long long)rlOld.rlim_cur, nLimit);
  }
  if( signal(SIGXFSZ, SIG_IGN)==SIG_ERR ) fail("signal(SIGXFSZ)");
  s0 = s;
  vfsCounts(&nWrite0, &nFail0, &iErrno);
  setFsizeLimit((rlim_t)nLimit);

  /* The transaction that must fail */
  zWhere[0] = 0;
  txBegin(&w);
  rc = insertRowsRc(&w, PCT_NROW_IOERR);
  if( rc!=SQLITE_OK ){
    snprintf(zWhere, sizeof(zWhere), "INSERT of row %lld of %d",
             w.sTx.nRow+1, PCT_NROW_IOERR);
  }else{
    rc = sqlite3_exec(w.db, "COMMIT", 0, 0, 0);
    snprintf(zWhere, sizeof(zWhere), "COMMIT");
  }
  eErr = sqlite3_extended_errcode(w.db);
  snprintf(zErrMsg, sizeof(zErrMsg), "%s", sqlite3_errmsg(w.db));
  vfsCounts(&nWrite1, &nFail1, &iErrno);
  if( rc==SQLITE_OK ){
    setFsizeLimit(rlOld.rlim_cur);
    fail("%s: a transaction growing the files by some %d KiB past "
         "RLIMIT_FSIZE (%lld bytes) committed", zName,
         PCT_NROW_IOERR*130/1024, nLimit);
  }
  if( (rc & 0xff)!=SQLITE_IOERR && (rc & 0xff)!=SQLITE_FULL ){
    setFsizeLimit(rlOld.rlim_cur);
    fail("%s: %s returned %d (%s), expected SQLITE_IOERR* or SQLITE_FULL",
         zName, zWhere, eErr, zErrMsg);
  }
  if( !sqlite3_get_autocommit(w.db) ){
    rc = sqlite3_exec(w.db, "ROLLBACK", 0, 0, 0);
    if( rc!=SQLITE_OK && (rc & 0xff)!=SQLITE_IOERR ){
      fail("%s: ROLLBACK after the error returned %d (%s)", zName, rc,
           sqlite3_errmsg(w.db));
    }
  }
  memset(&w.sTx, 0, sizeof(w.sTx));
  readStats(w.db, &s);
  setFsizeLimit(rlOld.rlim_cur);
  nQueuedFail = s.nQueued - s0.nQueued;
  nRowBefore = w.sCommit.nRow;

  /* It was a queued write that failed: the writer thread queued writes,
  ** and the connection's own write calls (through the VFS) all succeeded
  ** while it had writes to make */
  if( nQueuedFail<=0 ){
    fail("%s: no write was queued in the failed transaction", zName);
  }
  if( nFail1!=nFail0 ){
    fail("%s: %lld of the VFS's own write calls failed (errno %d: %s), so "
         "the error (%s at %s) need not come from the write queue: this "
         "run does not show a failed queued write", zName, nFail1-nFail0,
         iErrno, strerror(iErrno), zErrMsg, zWhere);
  }

  /* With the limit raised back: the rows committed before, and only
  ** those, in a fresh connection (which may roll back a hot journal) and
  ** in the failed one */
  verifyFile(zFile, 1, &w.sCommit, "fresh connection after the I/O error");
  checkIntegrity(w.db, "the failed connection");
  verifyRows(w.db, 1, &w.sCommit, 0, "the failed connection after the error");

  /* The failed connection commits through the queue again */
  txBegin(&w);
  insertRows(&w, PCT_NROW);
  txCommit(&w);
  checkStats(&w, &s, "thread", -1, 1, "commit after the I/O error");
  writerClose(&w, "close after the I/O error");
  verifyFile(zFile, 1, &w.sCommit, "fresh connection after the new commit");

  printf("%s: %s: %s failed with %d (%s) [rc %d], the file limit being "
         "%lld bytes (database %lld bytes); %lld page writes queued in the "
         "failed transaction, %lld VFS write calls, none failed; content "
         "before it intact (%lld rows), then committed again\n",
         zProg, zName, zWhere, eErr, zErrMsg, rc, nLimit, nSize,
         nQueuedFail, nWrite1-nWrite0, nRowBefore);
}

/*
** The SQLITE_THREADSAFE=0 build: thread mode is an SQL error, sync mode
** works and writes batches.
*/
static void runNoThreads(void){
  char zFile[600];
  char zBefore[32], zAfter[32];
  Writer w;
  CleanerStats s;
  sqlite3 *db;
  int rc;

  if( sqlite3_threadsafe()!=0 ){
    fail("'nothreads' needs a SQLITE_THREADSAFE=0 build; this one has "
         "sqlite3_threadsafe()=%d", sqlite3_threadsafe());
  }
  snprintf(zFile, sizeof(zFile), "%s/nothreads.db", zDir);
  memset(&w, 0, sizeof(w));
  memset(&s, 0, sizeof(s));
  w.zName = "SQLITE_THREADSAFE=0";
  w.db = db = openDb(zFile, 0);
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
  execOk(db, "CREATE TABLE t(i INTEGER PRIMARY KEY, k TEXT UNIQUE, v TEXT)",
         "create table");
  rc = sqlite3_prepare_v2(db, "INSERT INTO t(i,k,v) VALUES(?1,?2,?3)", -1,
                          &w.pIns, 0);
  if( rc!=SQLITE_OK ) fail("prepare insert: %s", sqlite3_errmsg(db));
  /* A transaction much larger than the 50-page cache: in a rollback-journal
  ** mode a batch takes only pages that need no journal sync, which exist
  ** only after the pager's first spill has synced the journal. */
  txBegin(&w);
  insertRows(&w, PCT_NROW_IOERR);
  txCommit(&w);
  sqlite3_finalize(w.pIns);
  checkStats(&w, &s, "sync", 1, 0, "SQLITE_THREADSAFE=0, sync mode");
  checkIntegrity(db, "SQLITE_THREADSAFE=0");
  verifyRows(db, 0, &w.sCommit, 0, "SQLITE_THREADSAFE=0");
  sqlite3_close(db);
  printf("%s: SQLITE_THREADSAFE=0: page_cleaner=thread is refused, "
         "page_cleaner=sync works (%lld rows, %lld batches, integrity_check "
         "ok)\n", zProg, w.sCommit.nRow, s.nBatch);
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
  setvbuf(stdout, 0, _IOLBF, 0);
  if( bNoThreads ){
    runNoThreads();
  }else{
    if( sqlite3_threadsafe()==0 ){
      fail("this build has SQLITE_THREADSAFE=0: run '%s nothreads'", argv[0]);
    }
    wrapVfsWrites();
    runWorkload("delete", SQLITE_OPEN_FULLMUTEX);
    runWorkload("wal", SQLITE_OPEN_FULLMUTEX);
    runWorkload("truncate", SQLITE_OPEN_FULLMUTEX);
    runWorkload("delete", SQLITE_OPEN_NOMUTEX);
    runWorkload("wal", SQLITE_OPEN_NOMUTEX);
    runIoErr("delete");
    runIoErr("wal");
    printf("%s: ok: SQLITE_THREADSAFE=%d, page_cleaner=thread in journal "
           "modes DELETE, WAL and TRUNCATE (FULLMUTEX) and DELETE and WAL "
           "(NOMUTEX) with a concurrent reader; queued-write I/O errors in "
           "DELETE and WAL\n", zProg, sqlite3_threadsafe());
  }
  return 0;
}
