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
** This file implements the proactive coarse-grained page cleaner: when
** a write transaction's reclaimable dirty pages reach a threshold
** fraction of the page cache, they are written in one batch sorted by
** page number (PRAGMA page_cleaner=SYNC) or queued for the writer thread
** of pcleaner_wq.c (=THREAD).  Also the pager's hooks into it and its
** PRAGMAs.  The design and why it keeps atomic commit: doc/pcleaner.md.
*/
#include "sqliteInt.h"

#if SQLITE_OS_UNIX
# include <time.h>
# include <sys/time.h>
#endif

/*
** After a batch that was not written (too few reclaimable pages, or the
** database locked), the cleaner looks again after nTrigger/RETRY_DIV
** more page allocations.
*/
#define PCLEANER_RETRY_DIV 8

/*
** A due batch is written once at least 1/PCLEANER_MIN_DIV of the nTrigger
** dirty pages that made it due (rounded up) are reclaimable.
*/
#define PCLEANER_MIN_DIV 2

/*
** The registers of the columns of PRAGMA page_cleaner_stats (its "pragma"
** line in src/pcleaner/module): schema, mode and threshold, then the
** integer columns, from "batches" on: the cleaner's counters, then the
** write queue's statistics (PCLEANER_QSTAT_*).
*/
#define PCLEANER_COL_SCHEMA     1
#define PCLEANER_COL_MODE       2
#define PCLEANER_COL_THRESHOLD  3
#define PCLEANER_COL_BATCHES    4

/*
** The names of the modes, as PRAGMA page_cleaner takes and returns them.
*/
static const char *const azCleanerMode[] = { "off", "sync", "thread" };

/*
** Return a clock in microseconds, for the time counters of
** PRAGMA page_cleaner_stats (of the cleaner's batches, and of the write
** queue's waits).
*/
i64 sqlite3PcleanerNow(void){
#if SQLITE_OS_UNIX
  struct timeval tv;
  gettimeofday(&tv, 0);
  return (i64)tv.tv_sec*1000000 + tv.tv_usec;
#else
  sqlite3_int64 t = 0;
  sqlite3_vfs *pVfs = sqlite3_vfs_find(0);
  if( pVfs ) sqlite3OsCurrentTimeInt64(pVfs, &t);
  return t*1000;
#endif
}

/*
** Return the number of reclaimable dirty pages at which the cache of p is
** cleaned: the threshold fraction of the number of pages the cache may
** hold before it spills (the larger of cache_size and cache_spill), at
** least one page.
*/
static int pcleanerTrigger(PCleaner *p){
  int nCache = sqlite3PcacheSetSpillsize(p->pCache, 0);
  int n = (int)(p->rThreshold*nCache + 0.5);
  assert( p->rThreshold>=0.0 && p->rThreshold<=1.0 );
  testcase( n==0 );               /* Threshold 0.0: every dirty page */
  return n<1 ? 1 : n;
}

/*
** Write one batch: every dirty page of the cache of p that may be written
** now, if at least half (PCLEANER_MIN_DIV) of the nTrigger dirty pages
** that made it due are among them (the rest are referenced, or need a
** journal sync that may not happen now).  Return SQLITE_OK if the batch
** was written, or was not due; otherwise an error code (an I/O error has
** also put the pager into its error state).
**
** The batch must not wait for all nTrigger pages to be reclaimable: the
** pages of the b-tree path being changed are dirty and referenced, and
** waiting for more dirty pages would let the cache fill up, so that the
** pager's one-page spills (pagerStress()) would run before the batch.
*/
static int pcleanerBatch(PCleaner *p, int nTrigger){
  int eAllowed = sqlite3PagerCleanerAllowed(p->pPager);
  int nMin = (nTrigger+PCLEANER_MIN_DIV-1)/PCLEANER_MIN_DIV;
  PgHdr *pList = 0;
  PgHdr **ppTail = &pList;
  PgHdr *pPg, *pNext;
  int n = 0;
  int bNeedSync = 0;
  int rc;
  i64 t0;

  assert( p->eMode==PCLEANER_SYNC || p->eMode==PCLEANER_THREAD );
  assert( nTrigger>=1 );
  if( eAllowed==PCLEANER_ALLOW_NONE ) return SQLITE_OK;
  assert( eAllowed==PCLEANER_ALLOW_NOSYNC || eAllowed==PCLEANER_ALLOW_ALL );
  testcase( eAllowed==PCLEANER_ALLOW_NOSYNC );
  if( eAllowed==PCLEANER_ALLOW_ALL
   && sqlite3PagerGetJournalMode(p->pPager)!=PAGER_JOURNALMODE_WAL
  ){
    /* In a rollback-journal mode a batch takes only the pages that need
    ** no journal sync.  A journal sync per batch costs more than the batch
    ** saves: with batches due every few dozen allocations, sync mode made
    ** five times the fsyncs of stock and lost a quarter of its speed
    ** (doc/pcleaner.md).  The pager's own spills still sync the journal
    ** when they run out of synced pages, as stock does. */
    eAllowed = PCLEANER_ALLOW_NOSYNC;
  }

  /* The dirty pages in ascending page number order; keep those that are
  ** unreferenced and, if the journal may not be synced now, that do not
  ** need a journal sync. */
  for(pPg=sqlite3PcacheDirtyList(p->pCache); pPg; pPg=pNext){
    pNext = pPg->pDirty;
    assert( pPg->flags & PGHDR_DIRTY );
    assert( pPg->pPager==p->pPager );
    assert( pNext==0 || pNext->pgno>pPg->pgno );    /* Sorted, distinct */
    if( pPg->nRef==0
     && (eAllowed==PCLEANER_ALLOW_ALL || (pPg->flags & PGHDR_NEED_SYNC)==0
         || SQLITE_PCLEANER_TEST_BREAK==2)
    ){
      if( pPg->flags & PGHDR_NEED_SYNC ){
        /* Broken on purpose (TEST_BREAK 2): no journal sync first. */
        bNeedSync = SQLITE_PCLEANER_TEST_BREAK!=2;
      }
      *ppTail = pPg;
      ppTail = &pPg->pDirty;
      n++;
    }
  }
  *ppTail = 0;
  assert( bNeedSync==0 || eAllowed==PCLEANER_ALLOW_ALL );
  testcase( n==nMin );            /* Exactly the minimum: written */
  if( n<nMin ){
    /* Too many are referenced or need a sync: do not scan again for the
    ** next nTrigger/PCLEANER_RETRY_DIV page allocations.  (Not "until
    ** more pages are dirty": the cache's own spills keep the dirty count
    ** from growing past the cache, so such a wait could last for the rest
    ** of the transaction.) */
    p->nRetry = 1 + nTrigger/PCLEANER_RETRY_DIV;
    return SQLITE_OK;
  }

  assert( n>=1 && pList!=0 );
  t0 = sqlite3PcleanerNow();
  if( p->eMode==PCLEANER_THREAD ){
    rc = sqlite3PcwBatch(p, pList, bNeedSync);
  }else{
    rc = sqlite3PagerCleanerWrite(p->pPager, pList, bNeedSync);
  }
  if( rc==SQLITE_OK ){
    for(pPg=pList; pPg; pPg=pNext){
      pNext = pPg->pDirty;          /* MakeClean() may free an unref page */
      sqlite3PcacheMakeClean(pPg);
    }
    p->nBatch++;
    p->nPage += n;
    p->nRetry = 0;
  }else if( rc==SQLITE_BUSY ){
    /* Another connection holds a SHARED lock: the journal sync before the
    ** database write needs EXCLUSIVE.  Leave the pages dirty; the spill or
    ** the commit will wait for the lock as usual. */
    rc = SQLITE_OK;
    p->nBusy++;
    p->nRetry = 1 + nTrigger/PCLEANER_RETRY_DIV;
  }
  p->nUsec += sqlite3PcleanerNow() - t0;
  return rc;
}

/***************************** Hooks in the pager ***************************/

/*
** Called by btreeBeginTrans() when a write transaction starts on pPager
** for connection db: copy the connection's settings into the pager's
** cleaner, creating or freeing its write queue (and writer thread) as the
** mode changes.  Every mode works for a shared-cache b-tree too: its pages
** are guarded by the shared b-tree's mutex, under which every batch and
** every method of the queue runs.  In-memory and
** temporary databases are never cleaned.  Return SQLITE_OK, or an error
** code if the write queue could not be made.
*/
int sqlite3PcleanerBegin(sqlite3 *db, Pager *pPager){
  PCleaner *p = sqlite3PagerCleaner(pPager);
  u8 eMode = db->fork.pcleaner.eMode;
  int rc = SQLITE_OK;

  assert( (p->eMode==PCLEANER_THREAD)==(p->pQueue!=0) );
  assert( eMode<=PCLEANER_THREAD );
  if( sqlite3PagerIsMemdb(pPager) ) eMode = PCLEANER_OFF;
  p->pPager = pPager;
  p->pCache = sqlite3PagerPCache(pPager);
  p->rThreshold = db->fork.pcleaner.rThreshold;
  p->nQueuePage = db->fork.pcleaner.nQueue;
  p->nRetry = 0;
  if( eMode!=p->eMode ){
    sqlite3PcwStop(p);
    p->eMode = PCLEANER_OFF;
    if( eMode==PCLEANER_THREAD ){
      rc = sqlite3PcwStart(p);
      if( rc!=SQLITE_OK ) return rc;
    }
    p->eMode = eMode;
  }
  assert( (p->eMode==PCLEANER_THREAD)==(p->pQueue!=0) );
  if( p->eMode==PCLEANER_THREAD ) sqlite3PcwBegin(p);
  return rc;
}

/*
** Called by getPageNormal() (pager.c) each time the page cache allocates
** a page, if the cleaner is on.  If enough reclaimable dirty pages have
** accumulated, write them in one batch (sync mode) or queue them for the
** writer thread (thread mode).  Return SQLITE_OK or the error of a failed
** batch.
*/
int sqlite3PcleanerAlloc(PCleaner *p){
  int nDirty = sqlite3PcacheDirtyCount(p->pCache);
  int nTrigger;
  assert( p->eMode!=PCLEANER_OFF && p->pPager!=0 );
  assert( (p->eMode==PCLEANER_THREAD)==(p->pQueue!=0) );
  if( p->nRetry>0 ){
    p->nRetry--;
    return SQLITE_OK;
  }
  nTrigger = pcleanerTrigger(p);
  testcase( nDirty==nTrigger );   /* Threshold reached exactly: due */
  if( nDirty<nTrigger ) return SQLITE_OK;
  return pcleanerBatch(p, nTrigger);
}

/*
** Called by sqlite3PagerClose(): write what is queued, give the files
** back their own methods, and stop the writer thread, if any.
*/
void sqlite3PcleanerClose(PCleaner *p){
  sqlite3PcwStop(p);
  assert( p->pQueue==0 );
  p->eMode = PCLEANER_OFF;
}

/********************************** PRAGMAs *********************************/

/*
** Code the SQL error of a value zRight that PRAGMA zName does not take;
** zExpected says what it takes.  The setting stays as it was.
*/
static void pcleanerBadValue(
  Parse *pParse,
  const char *zName,
  const char *zRight,
  const char *zExpected
){
  sqlite3ErrorMsg(pParse, "PRAGMA %s: bad value '%s': expected %s",
                  zName, zRight, zExpected);
}

/*
**   PRAGMA page_cleaner
**   PRAGMA page_cleaner = OFF | SYNC | THREAD
**
** Query or set the page cleaner's mode for this connection.  The setting
** applies to every database of the connection from its next write
** transaction on.  THREAD is an error in a build without threads
** (SQLITE_THREADSAFE=0, or an OS without pthreads).
*/
void sqlite3PcleanerPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  u8 *peMode = &pParse->db->fork.pcleaner.eMode;
  int i;
  assert( *peMode<ArraySize(azCleanerMode) );
  if( zRight==0 ){
    sqlite3ForkResultText(pParse, azCleanerMode[*peMode]);
    return;
  }
  for(i=0; i<ArraySize(azCleanerMode); i++){
    if( sqlite3StrICmp(zRight, azCleanerMode[i])==0 ) break;
  }
  if( i>=ArraySize(azCleanerMode) ){
    pcleanerBadValue(pParse, zName, zRight, "OFF, SYNC or THREAD");
  }else if( i==PCLEANER_THREAD
         && (!PCLEANER_HAVE_THREAD || !sqlite3_threadsafe())
  ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s=THREAD is not available: "
        "this build has no threads (SQLITE_THREADSAFE=0)", zName);
  }else{
    *peMode = (u8)i;
  }
}

/*
**   PRAGMA page_cleaner_threshold
**   PRAGMA page_cleaner_threshold = FRACTION
**
** Query or set, for this connection, the fraction of the page cache
** (0.0 to 1.0) that reclaimable dirty pages must reach before the cleaner
** writes them.
*/
void sqlite3PcleanerThresholdPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  double r;
  if( zRight==0 ){
    sqlite3ForkResultReal(pParse, pParse->db->fork.pcleaner.rThreshold);
  }else if( sqlite3ForkParseFraction(zRight, &r) ){
    pcleanerBadValue(pParse, zName, zRight, "a number from 0.0 to 1.0");
  }else{
    assert( r>=0.0 && r<=1.0 );
    pParse->db->fork.pcleaner.rThreshold = r;
  }
}

/*
**   PRAGMA page_cleaner_queue
**   PRAGMA page_cleaner_queue = N
**
** Query or set, for this connection, the most pages the write queue of
** page_cleaner=THREAD holds (1 to PCLEANER_QUEUE_MAX; a full queue makes
** the writing thread wait for the writer thread).  The queue's buffers,
** about N pages with their WAL frame headers, are allocated at the first
** batch of a write transaction and kept until the mode changes or the
** database is closed.
*/
void sqlite3PcleanerQueuePragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  i64 n = db->fork.pcleaner.nQueue;
  if( sqlite3ForkIntPragma(pParse, zName, zRight, 1, PCLEANER_QUEUE_MAX,
                           "pages", &n) ){
    db->fork.pcleaner.nQueue = (int)n;
  }
}

/*
**   PRAGMA page_cleaner_stats
**
** One row for each database of the connection that has had a write
** transaction since it was opened: the schema name, the mode its pager
** used (off if the cleaner was off), the threshold,
** the batches written, the pages they wrote, the microseconds spent
** writing them (and trying to; in THREAD mode, queueing them), the
** batches not written because another connection's lock was in the way
** (SQLITE_BUSY), and for THREAD mode the writes queued, the reads served
** from the queue, the times the writing thread waited for the queue and
** the microseconds it waited.  The values are read when the statement is
** prepared, and
** the statement prepares itself again each time it runs, so that a cached
** statement (a driver's statement cache) reports current values.
*/
void sqlite3PcleanerStatsPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  Vdbe *v;
  int i;
  v = sqlite3ForkStatsBegin(pParse, zName, zRight,
                            LIPSQLITE_NCOL_PAGE_CLEANER_STATS);
  if( v==0 ) return;
  for(i=0; i<db->nDb; i++){
    Btree *pBt = db->aDb[i].pBt;
    PCleaner *p;
    i64 aVal[LIPSQLITE_NCOL_PAGE_CLEANER_STATS-PCLEANER_COL_BATCHES+1];
    int n = 0;
    if( pBt==0 ) continue;
    p = sqlite3PagerCleaner(sqlite3BtreePager(pBt));
    if( p->pPager==0 ) continue;         /* No write transaction yet */
    assert( p->eMode<ArraySize(azCleanerMode) );
    sqlite3VdbeLoadString(v, PCLEANER_COL_SCHEMA, db->aDb[i].zDbSName);
    sqlite3VdbeLoadString(v, PCLEANER_COL_MODE, azCleanerMode[p->eMode]);
    sqlite3ForkAddReal(v, PCLEANER_COL_THRESHOLD, p->rThreshold);
    aVal[n++] = p->nBatch;
    aVal[n++] = p->nPage;
    aVal[n++] = p->nUsec;
    aVal[n++] = p->nBusy;
    assert( n+PCLEANER_QSTAT_N==ArraySize(aVal) );
    sqlite3PcwStats(p, &aVal[n]);
    sqlite3ForkLoadInts(pParse, PCLEANER_COL_BATCHES, aVal, ArraySize(aVal));
    sqlite3ForkStatsRow(pParse, LIPSQLITE_NCOL_PAGE_CLEANER_STATS);
  }
  sqlite3ForkStatsEnd(pParse);
}
