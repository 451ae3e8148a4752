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
** This header file defines the interface of the proactive coarse-grained
** page cleaner (pcleaner.c) for the hooks of patch 0025 in pager.c,
** pcache.c and btree.c.  pcleaner_wq.h, the interface of its write
** queue, comes after it (src/pcleaner/module).  See doc/pcleaner.md.
*/
#ifndef SQLITE_PCLEANER_H
#define SQLITE_PCLEANER_H

/*
** The proactive coarse-grained page cleaner (pcleaner.c).  Its modes, the
** values of PRAGMA page_cleaner:
*/
#define PCLEANER_OFF      0   /* Pages are written one at a time by spills */
#define PCLEANER_SYNC     1   /* Batches written by the writing thread */
#define PCLEANER_THREAD   2   /* Batches queued, written by a writer thread */

/*
** What sqlite3PagerCleanerAllowed() (pager.c, patch 0025) lets the cleaner
** write now, under the rules pagerStress() follows for a single page:
*/
#define PCLEANER_ALLOW_NONE    0   /* Nothing */
#define PCLEANER_ALLOW_NOSYNC  1   /* Pages that need no journal sync */
#define PCLEANER_ALLOW_ALL     2   /* Any page, syncing the journal first */

/*
** Compile-time defaults of PRAGMA page_cleaner (one of the modes above) and
** of PRAGMA page_cleaner_threshold, given in percent of the cache (the
** pragma takes a fraction: 80 here is 0.8 there).  See doc/pcleaner.md
** for the measurements behind them.
*/
#ifndef SQLITE_PCLEANER_DEFAULT
# define SQLITE_PCLEANER_DEFAULT PCLEANER_OFF
#endif
#ifndef SQLITE_PCLEANER_THRESHOLD_PCT
# define SQLITE_PCLEANER_THRESHOLD_PCT 80
#endif
#if SQLITE_PCLEANER_DEFAULT==PCLEANER_OFF
# define PCLEANER_DEFAULT_NAME "off"
#elif SQLITE_PCLEANER_DEFAULT==PCLEANER_SYNC
# define PCLEANER_DEFAULT_NAME "sync"
#elif SQLITE_PCLEANER_DEFAULT==PCLEANER_THREAD
# if SQLITE_THREADSAFE==0
#  error "SQLITE_PCLEANER_DEFAULT=2 (thread) needs SQLITE_THREADSAFE=1 or 2"
# endif
# define PCLEANER_DEFAULT_NAME "thread"
#else
# error "SQLITE_PCLEANER_DEFAULT must be 0 (off), 1 (sync) or 2 (thread)"
#endif
#if SQLITE_PCLEANER_THRESHOLD_PCT<0 || SQLITE_PCLEANER_THRESHOLD_PCT>100
# error "SQLITE_PCLEANER_THRESHOLD_PCT must be between 0 and 100"
#endif

/*
** Compile-time default of PRAGMA page_cleaner_queue: the most pages the
** write queue of page_cleaner=THREAD holds (a full queue makes the writing
** thread wait), and the largest value the pragma accepts.
*/
#ifndef SQLITE_PCLEANER_QUEUE_PAGES
# define SQLITE_PCLEANER_QUEUE_PAGES 1024
#endif
#define PCLEANER_QUEUE_MAX 65536
#if SQLITE_PCLEANER_QUEUE_PAGES<1 \
 || SQLITE_PCLEANER_QUEUE_PAGES>PCLEANER_QUEUE_MAX
# error "SQLITE_PCLEANER_QUEUE_PAGES must be between 1 and 65536"
#endif

/*
** SQLITE_PCLEANER_TEST_BREAK builds a deliberately broken cleaner, for the
** self-test of the crash harnesses (test/stress/, doc/stress.md), which
** must catch it.  Never defined in a build that anyone runs:
**
**   1   the writer thread marks each run of queued writes done before it
**       writes it, so a commit can return before its queue is written
**       (pcwWriteRange() in pcleaner_wq.c);
**   2   a batch writes pages whose journal records are not yet synced, and
**       does not sync the journal first (pcleanerBatch() in pcleaner.c).
*/
#ifndef SQLITE_PCLEANER_TEST_BREAK
# define SQLITE_PCLEANER_TEST_BREAK 0
#endif

/*
** The statistics of a write queue (page_cleaner=THREAD): the indexes of
** PCleaner.aQueueStat[] and of what sqlite3PcwStats() returns, in the
** order of their columns of PRAGMA page_cleaner_stats.
*/
#define PCLEANER_QSTAT_QUEUED     0   /* Page writes queued */
#define PCLEANER_QSTAT_SERVED     1   /* Reads served from the queue */
#define PCLEANER_QSTAT_WAITS      2   /* Waits for the writer thread */
#define PCLEANER_QSTAT_WAIT_USEC  3   /* Microseconds waited */
#define PCLEANER_QSTAT_N          4   /* Number of statistics */

/*
** The page cleaner's state of one pager, a member of struct Pager (patch
** 0025), zeroed when the pager is opened.  The pager's write transactions
** copy the connection's settings into it (sqlite3PcleanerBegin()).
*/
typedef struct PCleaner PCleaner;
typedef struct PcwQueue PcwQueue;
struct PCleaner {
  u8 eMode;                 /* PCLEANER_OFF, _SYNC or _THREAD */
  double rThreshold;        /* Clean when this fraction of cache is dirty */
  int nQueuePage;           /* Most pages in the write queue (THREAD) */
  int nRetry;               /* Page allocations before looking again */
  Pager *pPager;            /* The pager this state belongs to */
  PCache *pCache;           /* Its page cache */
  PcwQueue *pQueue;         /* THREAD's write queue (pcleaner_wq.c) */
  i64 nBatch;               /* Batches written */
  i64 nPage;                /* Pages written by those batches */
  i64 nUsec;                /* Microseconds spent writing them */
  i64 nBusy;                /* Batches not written: database locked */
  i64 aQueueStat[PCLEANER_QSTAT_N];  /* Of the queues freed so far */
};

/*
** The per-connection settings of the page cleaner, db->fork.pcleaner,
** copied into the pager when a write transaction starts.  A new connection
** gets the compile-time defaults (the "default" lines of
** src/pcleaner/module).
*/
typedef struct PcleanerConn PcleanerConn;
struct PcleanerConn {
  u8 eMode;                 /* PRAGMA page_cleaner: PCLEANER_OFF, ... */
  double rThreshold;        /* PRAGMA page_cleaner_threshold */
  int nQueue;               /* PRAGMA page_cleaner_queue */
};

/* pcleaner.c, and the hooks of patch 0025 in pager.c and pcache.c */
int sqlite3PcleanerBegin(sqlite3*, Pager*);
int sqlite3PcleanerAlloc(PCleaner*);
void sqlite3PcleanerClose(PCleaner*);
i64 sqlite3PcleanerNow(void);
void sqlite3PcleanerPragma(Parse*, const char*, const char*, const char*);
void sqlite3PcleanerThresholdPragma(Parse*, const char*, const char*, const char*);
void sqlite3PcleanerStatsPragma(Parse*, const char*, const char*, const char*);
void sqlite3PcleanerQueuePragma(Parse*, const char*, const char*, const char*);
int sqlite3PagerPageSize(Pager*);
sqlite3_file *sqlite3PagerWalFd(Pager*);
int sqlite3PagerCleanerAllowed(Pager*);
int sqlite3PagerCleanerWrite(Pager*, PgHdr*, int);
PCleaner *sqlite3PagerCleaner(Pager*);
PCache *sqlite3PagerPCache(Pager*);
int sqlite3PcacheDirtyCount(PCache*);

#endif /* SQLITE_PCLEANER_H */
