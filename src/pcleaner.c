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
** The proactive coarse-grained page cleaner of the lipsqlite fork.
**
** When a write transaction outgrows the page cache, stock SQLite reclaims
** one dirty page at a time: the page cache's stress callback (pagerStress()
** in pager.c) syncs the journal if it must, writes one page and makes it
** clean.  The cleaner instead watches the number of dirty pages the cache
** could reclaim (dirty, unreferenced, and allowed to be written under the
** pager's doNotSpill rules).  When, after a page allocation, that number
** reaches a threshold fraction of the cache, it writes all of them in one
** batch sorted by page number - after one journal sync in rollback modes,
** as one list of frames in WAL mode - and makes them clean, so that the
** allocations that follow find clean pages to reuse.
**
** Modes (PRAGMA page_cleaner):
**
**   off      stock behaviour.
**   sync     the batch is written by the thread that allocated the page,
**            inside sqlite3PagerGet() (hook in getPageNormal(), pager.c).
**   thread   a background thread per page cache sleeps until the writing
**            thread signals that the threshold was crossed, then takes the
**            connection's mutex - so it runs between two API calls of the
**            writer, never during one - and writes the batch.  It needs the
**            connection mutex: SQLITE_THREADSAFE=0 builds and connections
**            without a mutex (SQLITE_OPEN_NOMUTEX, or multi-thread mode) get
**            an error from the pragma; a shared-cache database, where pages
**            are guarded by the shared b-tree's mutex instead, is cleaned
**            in sync mode (PRAGMA page_cleaner_stats shows the mode used).
**
** Atomic commit is kept because a batch is exactly what pagerStress() does
** for one page, for many pages at once: the same eligibility rules
** (sqlite3PagerCleanerAllowed()), a journal sync before the first database
** write of a page that needs one, WAL frames that belong to the open
** transaction until its commit frame.  A batch that fails with an I/O
** error puts the pager into its error state (pager_error()), as a failed
** spill does; the transaction then rolls back from the journal.  Pages
** become clean only after the whole batch was written.
**
** The settings are per connection (db->fork); each pager picks them up
** when one of its write transactions starts (sqlite3PcleanerBegin(),
** called from btreeBeginTrans()).
*/
#include "sqliteInt.h"

#if SQLITE_THREADSAFE>0 && SQLITE_OS_UNIX
# define PCLEANER_HAVE_THREAD 1
# include <pthread.h>
#else
# define PCLEANER_HAVE_THREAD 0
#endif
#if SQLITE_OS_UNIX
# include <time.h>
# include <sys/time.h>
#endif

/*
** The names of the modes, as PRAGMA page_cleaner takes and returns them.
*/
static const char *const azCleanerMode[] = { "off", "sync", "thread" };

/*
** Return a clock in microseconds, for the time counters of
** PRAGMA page_cleaner_stats.
*/
static i64 pcleanerNow(void){
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
  return n<1 ? 1 : n;
}

/*
** Write one batch: every dirty page of the cache of p that may be written
** now, if there are at least nTrigger of them.  Return SQLITE_OK if the
** batch was written, or was not due; otherwise an error code (an I/O
** error has also put the pager into its error state).
*/
static int pcleanerBatch(PCleaner *p, int nTrigger){
  int eAllowed = sqlite3PagerCleanerAllowed(p->pPager);
  PgHdr *pList = 0;
  PgHdr **ppTail = &pList;
  PgHdr *pPg, *pNext;
  int n = 0;
  int bNeedSync = 0;
  int rc;
  i64 t0;

  if( eAllowed==0 ) return SQLITE_OK;
  testcase( eAllowed==1 );

  /* The dirty pages in ascending page number order; keep those that are
  ** unreferenced and, if the journal may not be synced now, that do not
  ** need a journal sync. */
  for(pPg=sqlite3PcacheDirtyList(p->pCache); pPg; pPg=pNext){
    pNext = pPg->pDirty;
    assert( pPg->flags & PGHDR_DIRTY );
    if( pPg->nRef==0
     && (eAllowed==2 || (pPg->flags & PGHDR_NEED_SYNC)==0)
    ){
      if( pPg->flags & PGHDR_NEED_SYNC ) bNeedSync = 1;
      *ppTail = pPg;
      ppTail = &pPg->pDirty;
      n++;
    }
  }
  *ppTail = 0;
  if( n<nTrigger ){
    /* Too many are referenced or need a sync: do not scan again until
    ** more pages are dirty. */
    p->nRetry = sqlite3PcacheDirtyCount(p->pCache) + 1 + nTrigger/8;
    return SQLITE_OK;
  }

  t0 = pcleanerNow();
  rc = sqlite3PagerCleanerWrite(p->pPager, pList, bNeedSync);
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
    p->nRetry = sqlite3PcacheDirtyCount(p->pCache) + 1 + nTrigger/8;
  }
  p->nUsec += pcleanerNow() - t0;
  return rc;
}

/************************** The background thread ***************************/
#if PCLEANER_HAVE_THREAD
/*
** A background cleaning thread.  bPending and bStop are guarded by mu;
** everything the thread does to the pager happens while it holds
** pDbMutex, the mutex of db, the connection that owns the pager.
*/
struct PCleanerThread {
  PCleaner *p;              /* The cleaner it works for */
  sqlite3 *db;              /* The connection that owns the pager */
  sqlite3_mutex *pDbMutex;  /* db->mutex */
  pthread_t tid;            /* The thread */
  pthread_mutex_t mu;       /* Guards bPending and bStop */
  pthread_cond_t cond;      /* Signalled when bPending or bStop is set */
  int bPending;             /* The writer saw the threshold crossed */
  int bStop;                /* The thread is to exit */
};

/*
** The body of a background cleaning thread.  Wait for a signal; then try
** to take the connection's mutex, which the writer holds for the whole of
** each API call, and write a batch if one is still due.  The mutex is
** tried, not waited for, so that a thread being stopped by a closing
** connection (which holds that mutex) never deadlocks.
*/
static void *pcleanerThreadMain(void *pArg){
  PCleanerThread *pT = (PCleanerThread*)pArg;
  pthread_mutex_lock(&pT->mu);
  while( !pT->bStop ){
    if( !pT->bPending ){
      pthread_cond_wait(&pT->cond, &pT->mu);
      continue;
    }
    pthread_mutex_unlock(&pT->mu);
    if( sqlite3_mutex_try(pT->pDbMutex)==SQLITE_OK ){
      PCleaner *p = pT->p;
      int nTrigger = pcleanerTrigger(p);
      if( sqlite3PcacheDirtyCount(p->pCache)>=nTrigger ){
        /* The batch runs without the connection's busy handler: the
        ** application's handler must not be called from a thread it did
        ** not create, nor a busy_timeout make this thread sleep while it
        ** holds the connection's mutex.  SQLITE_BUSY leaves the pages
        ** dirty (pcleanerBatch()).  An error other than an I/O error
        ** (which pager_error() made sticky) also leaves them dirty: the
        ** writer's own spills and commit handle them as usual. */
        BusyHandler saved = pT->db->busyHandler;
        pT->db->busyHandler.xBusyHandler = 0;
        (void)pcleanerBatch(p, nTrigger);
        pT->db->busyHandler = saved;
      }
      sqlite3_mutex_leave(pT->pDbMutex);
      pthread_mutex_lock(&pT->mu);
      pT->bPending = 0;
    }else{
      struct timeval now;
      struct timespec until;
      gettimeofday(&now, 0);
      until.tv_sec = now.tv_sec;
      until.tv_nsec = (now.tv_usec + 200)*1000;   /* Try again in 200us */
      if( until.tv_nsec>=1000000000 ){
        until.tv_sec++;
        until.tv_nsec -= 1000000000;
      }
      pthread_mutex_lock(&pT->mu);
      if( !pT->bStop ) pthread_cond_timedwait(&pT->cond, &pT->mu, &until);
    }
  }
  pthread_mutex_unlock(&pT->mu);
  return 0;
}

/*
** Start the background thread of p, which cleans under the mutex of
** connection db.  Return SQLITE_OK, SQLITE_NOMEM, or SQLITE_ERROR if no
** thread could be created.
*/
static int pcleanerThreadStart(PCleaner *p, sqlite3 *db){
  PCleanerThread *pT;
  assert( p->pThread==0 && db->mutex!=0 );
  assert( sqlite3_mutex_held(db->mutex) );
  pT = (PCleanerThread*)sqlite3MallocZero(sizeof(*pT));
  if( pT==0 ) return SQLITE_NOMEM_BKPT;
  pT->p = p;
  pT->db = db;
  pT->pDbMutex = db->mutex;
  if( pthread_mutex_init(&pT->mu, 0) ){
    sqlite3_free(pT);
    return SQLITE_ERROR;
  }
  if( pthread_cond_init(&pT->cond, 0) ){
    pthread_mutex_destroy(&pT->mu);
    sqlite3_free(pT);
    return SQLITE_ERROR;
  }
  if( pthread_create(&pT->tid, 0, pcleanerThreadMain, pT) ){
    pthread_cond_destroy(&pT->cond);
    pthread_mutex_destroy(&pT->mu);
    sqlite3_free(pT);
    return SQLITE_ERROR;
  }
  p->pThread = pT;
  return SQLITE_OK;
}

/*
** Stop and join the background thread of p, if it has one.
*/
static void pcleanerThreadStop(PCleaner *p){
  PCleanerThread *pT = p->pThread;
  if( pT==0 ) return;
  pthread_mutex_lock(&pT->mu);
  pT->bStop = 1;
  pthread_cond_signal(&pT->cond);
  pthread_mutex_unlock(&pT->mu);
  pthread_join(pT->tid, 0);
  pthread_cond_destroy(&pT->cond);
  pthread_mutex_destroy(&pT->mu);
  sqlite3_free(pT);
  p->pThread = 0;
}

/*
** Tell the background thread of p that a batch is due.
*/
static void pcleanerThreadSignal(PCleaner *p){
  PCleanerThread *pT = p->pThread;
  assert( pT!=0 );
  pthread_mutex_lock(&pT->mu);
  if( !pT->bPending ){
    pT->bPending = 1;
    pthread_cond_signal(&pT->cond);
  }
  pthread_mutex_unlock(&pT->mu);
}
#else  /* !PCLEANER_HAVE_THREAD */
# define pcleanerThreadStart(P,D) SQLITE_ERROR
# define pcleanerThreadStop(P)
# define pcleanerThreadSignal(P)
#endif /* PCLEANER_HAVE_THREAD */

/***************************** Hooks in the pager ***************************/

/*
** Called by btreeBeginTrans() when a write transaction starts on pPager
** for connection db: copy the connection's settings into the pager's
** cleaner, starting or stopping its background thread as the mode
** changes.  bShared is true for a shared-cache b-tree.  In-memory and
** temporary databases are never cleaned.  Return SQLITE_OK, or an error
** code if a background thread could not be started.
*/
int sqlite3PcleanerBegin(sqlite3 *db, Pager *pPager, int bShared){
  PCleaner *p = sqlite3PagerCleaner(pPager);
  u8 eMode = db->fork.eCleaner;
  int rc = SQLITE_OK;

  if( eMode==PCLEANER_THREAD && (bShared || db->mutex==0) ){
    /* Other connections may use a sharable b-tree's pager, under their
    ** own mutexes.  (A debug build marks every persistent b-tree sharable
    ** and lists it where a shared-cache open could join it: there the
    ** thread variant is never used for a file database.) */
    testcase( bShared );
    eMode = PCLEANER_SYNC;
  }
  if( sqlite3PagerIsMemdb(pPager) ) eMode = PCLEANER_OFF;
  p->pPager = pPager;
  p->pCache = sqlite3PagerPCache(pPager);
  p->rThreshold = db->fork.rCleanerThreshold;
  p->nRetry = 0;
  if( eMode!=p->eMode ){
    pcleanerThreadStop(p);
    p->eMode = PCLEANER_OFF;
    if( eMode==PCLEANER_THREAD ){
      rc = pcleanerThreadStart(p, db);
      if( rc!=SQLITE_OK ) return rc;
    }
    p->eMode = eMode;
  }
  return rc;
}

/*
** Called by getPageNormal() (pager.c) each time the page cache allocates
** a page, if the cleaner is on.  If enough reclaimable dirty pages have
** accumulated, write them in one batch (sync mode) or wake the background
** thread (thread mode).  Return SQLITE_OK or the error of a failed batch.
*/
int sqlite3PcleanerAlloc(PCleaner *p){
  int nDirty = sqlite3PcacheDirtyCount(p->pCache);
  int nTrigger;
  assert( p->eMode!=PCLEANER_OFF );
  if( nDirty<p->nRetry ) return SQLITE_OK;
  nTrigger = pcleanerTrigger(p);
  if( nDirty<nTrigger ) return SQLITE_OK;
  if( p->eMode==PCLEANER_THREAD ){
    pcleanerThreadSignal(p);
    return SQLITE_OK;
  }
  return pcleanerBatch(p, nTrigger);
}

/*
** Called by sqlite3PagerClose(): stop the background thread, if any.
*/
void sqlite3PcleanerClose(PCleaner *p){
  pcleanerThreadStop(p);
  p->eMode = PCLEANER_OFF;
}

/********************************** PRAGMAs *********************************/

/*
**   PRAGMA page_cleaner
**   PRAGMA page_cleaner = OFF | SYNC | THREAD
**
** Query or set the page cleaner's mode for this connection.  The setting
** applies to every database of the connection from its next write
** transaction on.  THREAD is an error in a build without threads
** (SQLITE_THREADSAFE=0) and on a connection without a mutex.
*/
void sqlite3PcleanerPragma(
  Parse *pParse,
  int iDb,
  const char *zName,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  UNUSED_PARAMETER(iDb);
  if( zRight ){
    int i;
    for(i=0; i<ArraySize(azCleanerMode); i++){
      if( sqlite3StrICmp(zRight, azCleanerMode[i])==0 ) break;
    }
    if( i>=ArraySize(azCleanerMode) ){
      sqlite3ErrorMsg(pParse,
          "PRAGMA %s: bad value '%s': expected OFF, SYNC or THREAD",
          zName, zRight);
      return;
    }
    if( i==PCLEANER_THREAD ){
      if( !PCLEANER_HAVE_THREAD || !sqlite3_threadsafe() ){
        sqlite3ErrorMsg(pParse, "PRAGMA %s=THREAD is not available: "
            "this build has no threads (SQLITE_THREADSAFE=0)", zName);
        return;
      }
      if( db->mutex==0 ){
        sqlite3ErrorMsg(pParse, "PRAGMA %s=THREAD needs a serialized "
            "connection: this one has no mutex (SQLITE_OPEN_NOMUTEX or "
            "multi-thread mode); open it with SQLITE_OPEN_FULLMUTEX", zName);
        return;
      }
    }
    db->fork.eCleaner = (u8)i;
    return;
  }
  sqlite3ForkResultText(pParse, azCleanerMode[db->fork.eCleaner]);
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
  int iDb,
  const char *zName,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  UNUSED_PARAMETER(iDb);
  if( zRight ){
    double r;
    if( sqlite3ForkParseFraction(zRight, &r) ){
      sqlite3ErrorMsg(pParse,
          "PRAGMA %s: bad value '%s': expected a number from 0.0 to 1.0",
          zName, zRight);
      return;
    }
    db->fork.rCleanerThreshold = r;
    return;
  }
  sqlite3ForkResultReal(pParse, db->fork.rCleanerThreshold);
}

/*
**   PRAGMA page_cleaner_stats
**
** One row for each database of the connection that has had a write
** transaction since it was opened: the schema name, the mode its pager
** used (off if the cleaner was off), the threshold,
** the batches written, the pages they wrote, the microseconds spent
** writing them (and trying to), and the batches not written because
** another connection's lock was in the way (SQLITE_BUSY).  The values are read when the statement is prepared, and
** the statement prepares itself again each time it runs, so that a cached
** statement (a driver's statement cache) reports current values.
*/
void sqlite3PcleanerStatsPragma(
  Parse *pParse,
  int iDb,
  const char *zName,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  Vdbe *v = sqlite3GetVdbe(pParse);
  int i;
  UNUSED_PARAMETER(iDb);
  if( zRight ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s is read-only", zName);
    return;
  }
  if( v==0 ) return;
  if( pParse->nMem<7 ) pParse->nMem = 7;
  for(i=0; i<db->nDb; i++){
    Btree *pBt = db->aDb[i].pBt;
    PCleaner *p;
    if( pBt==0 ) continue;
    p = sqlite3PagerCleaner(sqlite3BtreePager(pBt));
    if( p->pPager==0 ) continue;         /* No write transaction yet */
    sqlite3VdbeLoadString(v, 1, db->aDb[i].zDbSName);
    sqlite3VdbeLoadString(v, 2, azCleanerMode[p->eMode]);
    sqlite3VdbeAddOp4Dup8(v, OP_Real, 0, 3, 0, (const u8*)&p->rThreshold,
                          P4_REAL);
    sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 4, 0, (const u8*)&p->nBatch,
                          P4_INT64);
    sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 5, 0, (const u8*)&p->nPage,
                          P4_INT64);
    sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 6, 0, (const u8*)&p->nUsec,
                          P4_INT64);
    sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 7, 0, (const u8*)&p->nBusy,
                          P4_INT64);
    sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 7);
  }
  /* The values above are those of prepare time: make the statement
  ** prepare again before it runs again. */
  sqlite3VdbeAddOp2(v, OP_Expire, 1, 1);
}
