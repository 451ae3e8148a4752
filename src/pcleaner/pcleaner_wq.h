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
** This header file defines the interface of the write queue of
** PRAGMA page_cleaner=THREAD and its writer thread (pcleaner_wq.c)
** for the cleaner (pcleaner.c) and the hooks of patch 0025 in pager.c and
** os_unix.c.  It needs the types of pcleaner.h, which comes before it
** (src/pcleaner/module).  See doc/pcleaner.md.
*/
#ifndef SQLITE_PCLEANER_WQ_H
#define SQLITE_PCLEANER_WQ_H

/*
** True if this build can run a writer thread: PRAGMA page_cleaner=THREAD
** is an error where it is false.
*/
#if SQLITE_THREADSAFE>0 && SQLITE_OS_UNIX
# define PCLEANER_HAVE_THREAD 1
#else
# define PCLEANER_HAVE_THREAD 0
#endif

/*
** The file control with which the write queue asks a file of the unix VFS
** (os_unix.c, patch 0025) for its descriptor, so that its writer thread
** can write without touching the unixFile object the connection's thread
** is using.  The argument is a PcwFd; os_unix.c fills in the descriptor
** and its own io_methods, which the caller compares with the file's
** methods, so that a shim VFS forwarding file controls to a unix file
** below it is never bypassed.  The value is outside upstream's range of
** SQLITE_FCNTL_* codes.
*/
#define SQLITE_FCNTL_LIPSQLITE_FD 0x4c495001
typedef struct PcwFd PcwFd;
struct PcwFd {
  int fd;                              /* The file descriptor */
  const sqlite3_io_methods *pMethods;  /* The methods of the unix file */
};

/*
** A pager whose cleaner is in THREAD mode has a queue (PCleaner.pQueue is
** not 0 exactly when PCleaner.eMode is PCLEANER_THREAD).  Every function
** below runs in the thread that uses the pager (the "writing thread"),
** under the connection's mutex or the shared b-tree's mutex; only the
** writer thread inside pcleaner_wq.c runs beside it.
*/

/*
** Create the write queue of cleaner p, which has none.  The queue takes
** no memory for pages, installs nothing and starts no thread until its
** first write (a transaction that fits in the cache never gets them).
** Return SQLITE_OK (p->pQueue is set), SQLITE_NOMEM, or SQLITE_ERROR if
** the queue's mutex or condition variables could not be made or the
** build has no threads (p->pQueue stays 0).
*/
int sqlite3PcwStart(PCleaner *p);

/*
** Free the write queue of p, if it has one: write everything queued, give
** the database and WAL files back their own methods, stop the writer
** thread, and add the queue's statistics to p->aQueueStat.  Afterwards
** p->pQueue is 0 and no write of the pager is outstanding.
*/
void sqlite3PcwStop(PCleaner *p);

/*
** A write transaction starts on the pager of p, which has a queue: wait
** for the queue, and forget the error of a failed queued write and the
** kept writes of an earlier transaction (another connection may have
** changed the files since).
*/
void sqlite3PcwBegin(PCleaner *p);

/*
** Write the batch pList (sorted, every page unreferenced and dirty) of p,
** which has a queue, as sqlite3PagerCleanerWrite(p->pPager, pList,
** bNeedSync) does, but with its writes to the database and WAL files
** copied into the queue, then wake the writer thread once.  Return as
** sqlite3PagerCleanerWrite(); on SQLITE_OK the pages may be made clean at
** once: reads of them are served from the queue until their writes are
** in the files.  If the queue cannot take writes now (no memory for its
** buffers, no writer thread) the batch is written directly.
*/
int sqlite3PcwBatch(PCleaner *p, PgHdr *pList, int bNeedSync);

/*
** Store in aOut[0..PCLEANER_QSTAT_N-1] the write queue's statistics for
** PRAGMA page_cleaner_stats (PCLEANER_QSTAT_*), over the pager's life:
** queues already freed and the current one.
*/
void sqlite3PcwStats(PCleaner *p, i64 *aOut);

/*
** The hooks of patch 0025 in pager.c, called only if the pager has a
** write queue:
**
** sqlite3PcleanerSpill(p, 1) and (p, 0) bracket pagerStress()'s write of
** a single page: the spill's writes are queued in order with the batches.
**
** sqlite3PcleanerFlush(p) waits until everything queued is in the files
** (sqlite3_db_cacheflush(), and a rollback in WAL mode before it undoes
** frames).  It returns SQLITE_OK or the error of a failed queued write,
** which stays recorded, so that the transaction still fails at its next
** write.
*/
void sqlite3PcleanerSpill(PCleaner *p, int bOn);
int sqlite3PcleanerFlush(PCleaner *p);

#endif /* SQLITE_PCLEANER_WQ_H */
