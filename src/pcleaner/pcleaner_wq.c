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
** This file implements the write queue of PRAGMA page_cleaner=THREAD and
** its writer thread: io_methods installed on the database and WAL files
** that copy the writes of the cleaner's batches and of the pager's spills
** into a bounded queue, serve reads of queued pages from it, and wait for
** it at every durability point, while the writer thread performs the
** queued writes in order.  The design and why it keeps the files as they
** would be without the queue: doc/pcleaner.md.
*/
#include "sqliteInt.h"

#if PCLEANER_HAVE_THREAD
# include <pthread.h>
# include <unistd.h>
# include <errno.h>

#define PCW_DB          0   /* aFile[] index of the database file */
#define PCW_WAL         1   /* aFile[] index of the WAL file */
#define PCW_NFILE       2   /* Number of files of a queue */
#define PCW_WAL_HDR    32   /* Bytes of the WAL header (wal.c WAL_HDRSIZE) */
#define PCW_FRAME_HDR  24   /* Bytes of a frame header (WAL_FRAME_HDRSIZE) */
#define PCW_BUF_MAX    (((u64)1)<<30)  /* Largest buffer of a queue, bytes */
#define PCW_RUN_MAX    (256*1024)   /* Most bytes of one write call */
#define PCW_REFILL_DIV  8   /* A full queue waits for 1/8 of its entries */
#define PCW_PUBLISH_MIN 32  /* Spills handed to the writer thread at once */
#define PCW_BIG_DIV     2   /* Writes of >1/2 of the buffer are not queued */

/* The sizes of a queue's buffers for nPageMax pages (pcwBuffers()) */
#define PCW_SLOTS_PER_PAGE 2   /* A page's, and its frame header's */
#define PCW_SPARE_SLOTS 2   /* Slots beyond those of nPageMax pages: the WAL
                            ** header's, and one spare */
#define PCW_SPARE_PAGES 2   /* Bytes of pages beyond nPageMax frames and the
                            ** WAL header: what a wrap leaves at the end */
#define PCW_HASH_PER_SLOT 2 /* Buckets of the hash of offsets per slot */
#define PCW_HASH_MULT 0x9E3779B97F4A7C15ULL   /* 2**64 / the golden ratio */

/* The shape of a write or a read (pcwShape()) */
#define PCW_UNIT   0   /* A whole page: a database page or a frame's page */
#define PCW_HDR    1   /* The WAL header or a frame header */
#define PCW_ODD    2   /* Anything else */

typedef struct PcwFile PcwFile;
typedef struct PcwEntry PcwEntry;

/*
** One file of a write queue.  methods must be the first member: it is
** what the file's pMethods points to while the queue is installed.
*/
struct PcwFile {
  sqlite3_io_methods methods;       /* The queue's methods for this file */
  const sqlite3_io_methods *pOrig;  /* The file's own methods */
  sqlite3_file *pFile;              /* The file, or 0 if not installed */
  PcwQueue *pQ;                     /* The queue it belongs to */
  int fd;                           /* Descriptor for the writer, or -1 */
  i64 iLo, iHi;                     /* Queued writes lie within [iLo,iHi) */
  int nOdd;                         /* Queued writes of shape PCW_ODD */
};

/*
** One queued write.  Entry iSeq is aEntry[iSeq & (nEntry-1)].
*/
struct PcwEntry {
  i64 iOff;            /* Offset in the file */
  u64 iSeq;            /* Sequence number */
  u64 iPrev;           /* 1 + iSeq of the next older entry of its hash chain */
  u32 iBuf;            /* The bytes are aBuf[iBuf .. iBuf+nByte-1] */
  int nByte;           /* Number of bytes */
  u8 iFile;            /* PCW_DB or PCW_WAL */
};

/*
** The write queue of one pager.  Sequence numbers: entries [0,nDone) are
** written (or discarded after an error), [nDone,nPublished) are handed to
** the writer, [nPublished,nQueued) are being appended by the batch.
** Entries [nKept,nDoneSeen) are "kept": written without error, with their
** slots and bytes not yet reused, and no other write to their files since
** (pcwDropKept()), so their bytes are what the file holds and reads are
** served from them as from queued entries.  The
** members under "guarded by mu" are shared with the writer thread; all
** others belong to the thread that uses the pager (the writing thread),
** and nDoneSeen and rcSeen are its copies of nDone and rcErr.  The writer
** thread reads the entries [nDone,nPublished) and their bytes, which the
** writing thread does not change until they are done.
**
** Invariants (pcwCheckCursors()):
**
**     nKept <= nDoneSeen <= nDone <= nPublished <= nQueued
**     nQueued - nKept <= nEntry     every queued or kept entry has its slot
**     no buffers: nKept == nQueued  nothing queued or kept
**     rcSeen set: nKept == nDoneSeen   nothing kept after a failed write
**     deferred:   nDone == nDoneSeen, rcErr == rcSeen   (no second thread)
**
** and the bytes of the entries [nDoneSeen,nQueued) never overlap in aBuf.
*/
struct PcwQueue {
  PcwFile aFile[PCW_NFILE]; /* The database file and the WAL file */
  int szPage;               /* Page size the buffers are made for, or 0 */
  int nPageMax;             /* Most pages queued (PRAGMA page_cleaner_queue) */
  int bDeferred;            /* No writer thread: drains write the entries */
  int bCapture;             /* A batch is running: queue its writes */
  u8 *aBuf;                 /* The bytes of the queued writes, a ring */
  u32 nBuf;                 /* Size of aBuf */
  u32 iBufTail;             /* Where the next entry's bytes go */
  PcwEntry *aEntry;         /* The entries, a ring of nEntry */
  u32 nEntry;               /* A power of two */
  u64 *aHash;               /* 1 + iSeq of the newest entry, by offset */
  u32 nHash;                /* A power of two */
  u64 nQueued;              /* Entries appended so far */
  u64 nDoneSeen;            /* nDone as last seen by the writing thread */
  u64 nKept;                /* Entries [nKept,nDoneSeen) are kept (below) */
  int rcSeen;               /* rcErr as last seen by the writing thread */
  i64 aStat[PCLEANER_QSTAT_N];  /* Statistics: writes queued, ... */
  /* Guarded by mu: */
  pthread_mutex_t mu;
  pthread_cond_t cWork;     /* Signalled: entries published, or bStop */
  pthread_cond_t cDone;     /* Signalled: nDone advanced */
  u64 nPublished;           /* Entries handed to the writer */
  u64 nDone;                /* Entries written or discarded */
  u64 nWaitFor;             /* The writing thread waits for this nDone, or 0 */
  int rcErr;                /* First error of a queued write, or SQLITE_OK */
  int bStop;                /* The writer thread is to exit */
  /* Set by the writing thread only while the writer thread is stopped: */
  int bThread;              /* The writer thread exists */
  int bFailed;              /* The writer thread could not be created */
  pthread_t tid;            /* The writer thread */
};

/*
** Return the queue file of f, a file whose methods the queue replaced.
*/
static PcwFile *pcwFile(sqlite3_file *f){
  PcwFile *pF = (PcwFile*)f->pMethods;
  assert( (void*)&pF->methods==(void*)pF );
  assert( pF->pFile==f );
  return pF;
}

#ifdef SQLITE_DEBUG
/*
** Check the invariants of the cursors of q (the comment above struct
** PcwQueue) and return 1, for use in assert().  Only the writing thread
** calls this.  If bLocked, it holds q->mu, and the cursors the writer
** thread moves (nDone) are checked too; so they are in deferred mode,
** where there is no writer thread.
*/
static int pcwCheckCursors(PcwQueue *q, int bLocked){
  assert( q->nKept<=q->nDoneSeen );
  assert( q->nDoneSeen<=q->nPublished );
  assert( q->nPublished<=q->nQueued );
  assert( q->nQueued-q->nKept<=q->nEntry );
  assert( q->aEntry!=0 || q->nKept==q->nQueued );
  assert( q->rcSeen==SQLITE_OK || q->nKept==q->nDoneSeen );
  assert( q->iBufTail<=q->nBuf );
  if( q->bDeferred ){
    assert( q->nDone==q->nDoneSeen );
    assert( q->rcErr==q->rcSeen );
  }else if( bLocked ){
    assert( q->nDoneSeen<=q->nDone );
    assert( q->nDone<=q->nPublished );
    assert( q->nWaitFor==0 || q->nWaitFor<=q->nPublished );
  }
  return 1;
}

/*
** Return 1 if nByte bytes at aBuf[iBuf] overlap the bytes of no entry
** that is queued and not yet seen done (which the writer thread may be
** reading), else 0.  For assert() in pcwMakeRoom().
*/
static int pcwBytesFree(PcwQueue *q, u32 iBuf, int nByte){
  u64 i;
  for(i=q->nDoneSeen; i<q->nQueued; i++){
    PcwEntry *e = &q->aEntry[i & (q->nEntry-1)];
    if( e->iBuf<iBuf+(u32)nByte && e->iBuf+(u32)e->nByte>iBuf ) return 0;
  }
  return 1;
}
#endif /* SQLITE_DEBUG */

/*
** Return the shape of nByte bytes at offset iOff of file pF (PCW_UNIT,
** PCW_HDR or PCW_ODD), given the layouts of the database file (pages) and
** of the WAL file (a header, then frames of a header and a page).  Units
** and headers never overlap each other partially.
*/
static int pcwShape(PcwFile *pF, i64 iOff, int nByte){
  PcwQueue *q = pF->pQ;
  i64 szPage = q->szPage;
  if( pF==&q->aFile[PCW_DB] ){
    return (nByte==szPage && iOff%szPage==0) ? PCW_UNIT : PCW_ODD;
  }
  if( iOff==0 && nByte==PCW_WAL_HDR ) return PCW_HDR;
  if( iOff>=PCW_WAL_HDR ){
    i64 r = (iOff-PCW_WAL_HDR) % (szPage+PCW_FRAME_HDR);
    if( r==0 && nByte==PCW_FRAME_HDR ) return PCW_HDR;
    if( r==PCW_FRAME_HDR && nByte==szPage ) return PCW_UNIT;
  }
  return PCW_ODD;
}

/*
** Return the hash bucket of a write at iOff of file iFile.
*/
static u32 pcwHash(PcwQueue *q, int iFile, i64 iOff){
  /* Offsets of pages and frames are multiples of 8; the high bits of a
  ** multiplicative hash are its best mixed. */
  u64 h = ((u64)iOff>>3)*PCW_HASH_MULT + (u64)iFile;
  assert( (q->nHash & (q->nHash-1))==0 );
  return (u32)(h>>32) & (q->nHash-1);
}

/*
** Return the newest queued or kept entry that writes at exactly iOff of
** file iFile, or 0.  Only the writing thread calls this: entries it has
** not seen done, and kept entries, keep their slots and bytes.
*/
static PcwEntry *pcwLookup(PcwQueue *q, int iFile, i64 iOff){
  u64 s = q->aHash[pcwHash(q, iFile, iOff)];
  assert( q->aEntry!=0 );
  while( s>q->nKept ){
    PcwEntry *e = &q->aEntry[(s-1) & (q->nEntry-1)];
    assert( s<=q->nQueued );
    assert( e->iSeq==s-1 );
    if( e->iOff==iOff && e->iFile==iFile ) return e;
    s = e->iPrev;
  }
  return 0;
}

/*
** The writing thread: hand the appended entries to the writer thread.
*/
static void pcwPublish(PcwQueue *q){
  if( q->bDeferred ) return;
  pthread_mutex_lock(&q->mu);
  assert( pcwCheckCursors(q, 1) );
  if( q->nPublished<q->nQueued ){
    q->nPublished = q->nQueued;
    pthread_cond_signal(&q->cWork);
  }
  pthread_mutex_unlock(&q->mu);
}

/*
** Forget the bounds of the queued and kept writes if there are none (and
** no error is pending), so that the next entries start at the beginning
** of the buffer and reads need not look at the queue.
*/
static void pcwResetIfEmpty(PcwQueue *q){
  if( q->nKept==q->nQueued && q->rcSeen==SQLITE_OK ){
    int i;
    assert( q->nDoneSeen==q->nQueued );
    q->iBufTail = 0;
    for(i=0; i<ArraySize(q->aFile); i++){
      q->aFile[i].iLo = q->aFile[i].iHi = 0;
      q->aFile[i].nOdd = 0;
    }
  }
}

/*
** The writing thread: keep no written entry any more.  Called when the
** files may change other than through the queue: a write or truncation
** the queue does not take, the end of the write transaction (another
** connection may write next), a failed queued write.
*/
static void pcwDropKept(PcwQueue *q){
  q->nKept = q->nDoneSeen;
  pcwResetIfEmpty(q);
  assert( pcwCheckCursors(q, 0) );
}

/*
** Write nByte bytes of a to descriptor fd at offset iOff, as unixWrite()
** does: the whole buffer, retrying short writes and interrupted calls.
** Return SQLITE_OK, SQLITE_FULL (no space) or SQLITE_IOERR_WRITE.
*/
static int pcwPwrite(int fd, const u8 *a, int nByte, i64 iOff){
  while( nByte>0 ){
    ssize_t n = pwrite(fd, a, (size_t)nByte, (off_t)iOff);
    if( n<0 ){
      if( errno==EINTR ) continue;
#ifdef EDQUOT
      if( errno==EDQUOT ) return SQLITE_FULL;
#endif
      return errno==ENOSPC ? SQLITE_FULL : SQLITE_IOERR_WRITE;
    }
    if( n==0 ) return SQLITE_FULL;
    a += n;
    nByte -= (int)n;
    iOff += n;
  }
  return SQLITE_OK;
}

/*
** Deferred mode (no writer thread): write, with the files' own xWrite,
** the entries up to sequence number nTarget.  After a failure the rest
** are discarded.
*/
static void pcwRunDeferred(PcwQueue *q, u64 nTarget){
  assert( q->bDeferred );
  assert( nTarget<=q->nPublished );
  while( q->nDone<nTarget ){
    PcwEntry *e = &q->aEntry[q->nDone & (q->nEntry-1)];
    assert( e->iSeq==q->nDone );
    if( q->rcErr==SQLITE_OK ){
      PcwFile *pF = &q->aFile[e->iFile];
      assert( pF->pFile!=0 );
      q->rcErr = pF->pOrig->xWrite(pF->pFile, &q->aBuf[e->iBuf], e->nByte,
                                   e->iOff);
    }
    q->nDone++;
  }
}

/*
** The writing thread: wait until the entries before sequence number
** nTarget are written.  Return the error of a failed queued write, which
** stays recorded (rcSeen) until pcwForget(), or SQLITE_OK.
*/
static int pcwWaitFor(PcwQueue *q, u64 nTarget){
  assert( pcwCheckCursors(q, 0) );
  assert( nTarget<=q->nQueued );
  if( nTarget>q->nDoneSeen ){
    if( q->bDeferred ){
      q->nPublished = q->nQueued;
      pcwRunDeferred(q, nTarget);
      q->nDoneSeen = q->nDone;
      q->rcSeen = q->rcErr;
    }else{
      i64 t0 = 0;
      pcwPublish(q);
      pthread_mutex_lock(&q->mu);
      /* Published: the writer thread will reach nTarget (no deadlock). */
      assert( nTarget<=q->nPublished );
      assert( pcwCheckCursors(q, 1) );
      if( q->nDone<nTarget ){
        q->aStat[PCLEANER_QSTAT_WAITS]++;
        t0 = sqlite3PcleanerNow();
        q->nWaitFor = nTarget;
        while( q->nDone<nTarget ) pthread_cond_wait(&q->cDone, &q->mu);
        q->nWaitFor = 0;
      }
      assert( q->nDone>=nTarget && q->nDone<=q->nPublished );
      q->nDoneSeen = q->nDone;
      q->rcSeen = q->rcErr;
      pthread_mutex_unlock(&q->mu);
      if( t0 ){
        q->aStat[PCLEANER_QSTAT_WAIT_USEC] += sqlite3PcleanerNow() - t0;
      }
    }
    /* Entries discarded after an error are not in the file. */
    if( q->rcSeen ) q->nKept = q->nDoneSeen;
  }
  pcwResetIfEmpty(q);
  assert( q->nDoneSeen>=nTarget );
  assert( pcwCheckCursors(q, 0) );
  return q->rcSeen;
}

/*
** The writing thread: wait until everything queued is written.
*/
static int pcwDrain(PcwQueue *q){
  int rc = pcwWaitFor(q, q->nQueued);
  assert( q->nDoneSeen==q->nQueued );
  return rc;
}

/*
** The writing thread: forget a recorded error (the write transaction it
** belonged to is over) and the kept entries, after waiting until the
** writer thread has written or discarded everything queued.
*/
static void pcwForget(PcwQueue *q){
  (void)pcwDrain(q);
  pcwDropKept(q);
  if( q->rcSeen!=SQLITE_OK ){
    if( !q->bDeferred ) pthread_mutex_lock(&q->mu);
    q->rcErr = SQLITE_OK;
    if( !q->bDeferred ) pthread_mutex_unlock(&q->mu);
    q->rcSeen = SQLITE_OK;
    pcwResetIfEmpty(q);
  }
  /* Empty: nothing queued or kept, no error, the buffer from its start. */
  assert( q->nKept==q->nQueued && q->rcSeen==SQLITE_OK && q->iBufTail==0 );
  assert( pcwCheckCursors(q, 0) );
}

/*
** The writing thread: wait for the queue, and return its error, if any,
** forgetting it: the caller (xWrite, xSync, xTruncate) reports it as the
** failure of a write, which fails the transaction.
*/
static int pcwDrainReport(PcwQueue *q){
  int rc = SQLITE_OK;
  if( q->nQueued>q->nDoneSeen || q->rcSeen ){
    rc = pcwDrain(q);
    if( rc!=SQLITE_OK ) pcwForget(q);
  }
  return rc;
}

/*
** Return true if nByte bytes at iOff of pF may touch a queued or kept (or,
** after an error, a discarded) write.
*/
static int pcwTouches(PcwFile *pF, i64 iOff, int nByte){
  PcwQueue *q = pF->pQ;
  if( q->nQueued==q->nKept && q->rcSeen==SQLITE_OK ) return 0;
  return iOff<pF->iHi && iOff+nByte>pF->iLo;
}

/*
** The writing thread: find room in the buffer of q for the bytes of a
** write of nByte bytes, without waiting.  If there is a free slot and
** room, set *piBuf to where the bytes go and *pbWrap to 1 if that is the
** start of the buffer because they do not fit after the tail (else 0),
** and return 1; otherwise return 0: the queue is full.
*/
static int pcwFindRoom(PcwQueue *q, int nByte, u32 *piBuf, int *pbWrap){
  u32 iTail = q->iBufTail;
  u32 iHead;
  *piBuf = iTail;
  *pbWrap = 0;
  testcase( q->nQueued-q->nDoneSeen==q->nEntry-1 );   /* Last free slot */
  testcase( q->nQueued-q->nDoneSeen==q->nEntry );     /* No free slot */
  if( q->nQueued-q->nDoneSeen>=q->nEntry ) return 0;
  if( q->nQueued==q->nDoneSeen ){
    /* Nothing queued: the whole buffer may be reused. */
    testcase( q->nBuf-iTail==(u32)nByte );
    if( q->nBuf-iTail<(u32)nByte ){
      *piBuf = 0;
      *pbWrap = 1;
    }
    return 1;
  }
  /* The bytes in use are [iHead,iTail), or [iHead,nBuf) and [0,iTail)
  ** once they wrapped.  The tail never reaches the head (hence the strict
  ** comparisons below): iTail==iHead could not be told from an empty
  ** ring. */
  iHead = q->aEntry[q->nDoneSeen & (q->nEntry-1)].iBuf;
  testcase( q->nBuf-iTail==(u32)nByte );      /* Up to the end exactly */
  testcase( iHead==(u32)nByte );              /* Would reach the head */
  testcase( iHead-iTail==(u32)nByte );        /* Would reach the head */
  if( iTail>=iHead ){
    if( q->nBuf-iTail>=(u32)nByte ) return 1;
    if( iHead>(u32)nByte ){
      *piBuf = 0;
      *pbWrap = 1;
      return 1;
    }
    return 0;
  }
  return iHead-iTail>(u32)nByte;
}

/*
** The writing thread: make room in q for a write of nByte bytes, which
** is at most 1/PCW_BIG_DIV of the buffer, as pcwFindRoom() does, waiting
** for the writer thread while the queue is full.  Return SQLITE_OK, with
** *piBuf and *pbWrap set as by pcwFindRoom(), or the error of a failed
** queued write.
*/
static int pcwMakeRoom(PcwQueue *q, int nByte, u32 *piBuf, int *pbWrap){
  assert( (u32)nByte<=q->nBuf/PCW_BIG_DIV );
  while( !pcwFindRoom(q, nByte, piBuf, pbWrap) ){
    /* Full: wait until 1/PCW_REFILL_DIV of the queue is free again (not
    ** for one entry at a time, which would wake this thread for every
    ** write). */
    u64 nTarget = q->nDoneSeen + MAX(q->nEntry/PCW_REFILL_DIV, 1);
    assert( q->nQueued>q->nDoneSeen );   /* An empty queue always fits */
    testcase( nTarget==q->nQueued );
    if( nTarget>q->nQueued ) nTarget = q->nQueued;
    if( pcwWaitFor(q, nTarget) ) return q->rcSeen;
  }
  assert( *piBuf+(u32)nByte<=q->nBuf );
  assert( pcwBytesFree(q, *piBuf, nByte) );
  return SQLITE_OK;
}

/*
** The writing thread: before a write of nByte bytes is appended to q at
** aBuf[iBuf] (bWrap: at the start of the buffer, the tail being
** elsewhere), stop keeping the written entries whose bytes or slot it
** takes, and all older ones.
*/
static void pcwEndKept(PcwQueue *q, u32 iBuf, int nByte, int bWrap){
  /* In the ring, the kept entries lie, oldest first, between the free
  ** space after the tail and the oldest queued entry, so the overwritten
  ** ones are the oldest kept entries; if the new entry wraps to the start
  ** of the buffer, the kept entries after the tail are older than those
  ** it overwrites there. */
  while( q->nKept<q->nDoneSeen ){
    PcwEntry *k = &q->aEntry[q->nKept & (q->nEntry-1)];
    if( (bWrap && k->iBuf>=q->iBufTail)
     || (k->iBuf<iBuf+(u32)nByte && k->iBuf+(u32)k->nByte>iBuf)
    ){
      q->nKept++;
    }else{
      break;
    }
  }
  /* And the entry whose slot the new one takes. */
  testcase( q->nQueued+1-q->nKept==q->nEntry );  /* Every slot in use */
  if( q->nQueued+1-q->nKept>q->nEntry ){
    q->nKept = q->nQueued+1-q->nEntry;
  }
  assert( q->nKept<=q->nDoneSeen );
  assert( q->nQueued+1-q->nKept<=q->nEntry );
}

/*
** The writing thread: append to q the write of nByte bytes of a at iOff
** of file pF, its bytes at aBuf[iBuf], for which pcwMakeRoom() made room
** and pcwEndKept() freed slot and bytes: copy the bytes, fill in the
** entry, chain it into the hash of offsets, widen the file's bounds of
** queued writes and count it.
*/
static void pcwPush(PcwFile *pF, const void *a, int nByte, i64 iOff, u32 iBuf){
  PcwQueue *q = pF->pQ;
  int iFile = (int)(pF - q->aFile);
  PcwEntry *e = &q->aEntry[q->nQueued & (q->nEntry-1)];
  u32 h = pcwHash(q, iFile, iOff);
  int eShape = pcwShape(pF, iOff, nByte);

  assert( iFile==PCW_DB || iFile==PCW_WAL );
  e->iOff = iOff;
  e->iSeq = q->nQueued;
  e->iBuf = iBuf;
  e->nByte = nByte;
  e->iFile = (u8)iFile;
  memcpy(&q->aBuf[iBuf], a, nByte);
  e->iPrev = q->aHash[h];
  q->aHash[h] = q->nQueued+1;
  q->iBufTail = iBuf + (u32)nByte;
  if( pF->iLo==pF->iHi ){
    pF->iLo = iOff;
    pF->iHi = iOff+nByte;
  }else{
    if( iOff<pF->iLo ) pF->iLo = iOff;
    if( iOff+nByte>pF->iHi ) pF->iHi = iOff+nByte;
  }
  if( eShape==PCW_ODD ) pF->nOdd++;
  if( eShape==PCW_UNIT ) q->aStat[PCLEANER_QSTAT_QUEUED]++;
  q->nQueued++;
  assert( pcwCheckCursors(q, 0) );
}

/*
** The writing thread, inside a batch or a spill: append a write of nByte
** bytes of a at iOff of file pF to the queue, waiting while it is full.
** Return SQLITE_OK, SQLITE_DONE if the write is too large for the queue
** (the caller writes it directly; the pager never makes one), or the
** error of an earlier queued write.
*/
static int pcwAppend(PcwFile *pF, const void *a, int nByte, i64 iOff){
  PcwQueue *q = pF->pQ;
  u32 iBuf;
  int bWrap;
  int rc;

  assert( q->bCapture );
  assert( q->aBuf!=0 && q->szPage>0 );
  assert( pF->pFile!=0 && (q->bDeferred || pF->fd>=0) );
  assert( nByte>0 );
  assert( pcwCheckCursors(q, 0) );
  if( q->rcSeen ) return q->rcSeen;
  /* A page, a frame header or the WAL header: pcwBuffers() makes the
  ** buffer at least PCW_BIG_DIV times as large as a page with its frame
  ** header. */
  if( NEVER((u32)nByte>q->nBuf/PCW_BIG_DIV) ) return SQLITE_DONE;
  rc = pcwMakeRoom(q, nByte, &iBuf, &bWrap);
  if( rc!=SQLITE_OK ) return rc;
  pcwEndKept(q, iBuf, nByte, bWrap);
  pcwPush(pF, a, nByte, iOff, iBuf);
  return SQLITE_OK;
}

/*
** The writer thread: write the entries [iFrom,iTo), one write call per
** run of entries contiguous in their file and in the buffer, and mark
** each run done as soon as it is written.  After an error, record it and
** discard everything published.  Like everything the writer thread runs,
** it touches only the queue, the descriptors and the published entries:
** no testcase(), which in an SQLITE_DEBUG build adds to a global counter
** that the connections' threads update too.
*/
static void pcwWriteRange(PcwQueue *q, u64 iFrom, u64 iTo){
  u64 i = iFrom;
  assert( iFrom<iTo && iTo-iFrom<=q->nEntry );
  while( i<iTo ){
    PcwEntry *e = &q->aEntry[i & (q->nEntry-1)];
    PcwFile *pF = &q->aFile[e->iFile];
    i64 iEnd = e->iOff + e->nByte;
    u32 iBufEnd = e->iBuf + (u32)e->nByte;
    u64 j = i+1;
    int rc;
    assert( e->iSeq==i );
    assert( pF->fd>=0 );      /* Only files with a descriptor are queued */
    while( j<iTo && (iEnd-e->iOff)<PCW_RUN_MAX ){
      PcwEntry *e2 = &q->aEntry[j & (q->nEntry-1)];
      assert( e2->iSeq==j );
      if( e2->iFile!=e->iFile || e2->iOff!=iEnd || e2->iBuf!=iBufEnd ) break;
      iEnd += e2->nByte;
      iBufEnd += (u32)e2->nByte;
      j++;
    }
    assert( iBufEnd<=q->nBuf );
#if SQLITE_PCLEANER_TEST_BREAK==1
    pthread_mutex_lock(&q->mu);
    q->nDone = j;            /* Broken on purpose: done before written */
    if( q->nWaitFor && q->nDone>=q->nWaitFor ) pthread_cond_signal(&q->cDone);
    pthread_mutex_unlock(&q->mu);
#endif
    rc = pcwPwrite(pF->fd, &q->aBuf[e->iBuf], (int)(iEnd-e->iOff), e->iOff);
    pthread_mutex_lock(&q->mu);
    if( rc!=SQLITE_OK ){
      if( q->rcErr==SQLITE_OK ) q->rcErr = rc;
      j = iTo;
    }
    q->nDone = j;
    if( q->nWaitFor && q->nDone>=q->nWaitFor ) pthread_cond_signal(&q->cDone);
    pthread_mutex_unlock(&q->mu);
    i = j;
  }
}

/*
** The body of the writer thread: write what is published, in order,
** until told to stop.  After an error, published entries are discarded
** unwritten until the writing thread forgets the error.
*/
static void *pcwThreadMain(void *pArg){
  PcwQueue *q = (PcwQueue*)pArg;
  pthread_mutex_lock(&q->mu);
  while( 1 ){
    u64 iFrom, iTo;
    assert( q->nDone<=q->nPublished );
    if( q->nDone==q->nPublished ){
      if( q->bStop ) break;
      pthread_cond_wait(&q->cWork, &q->mu);
      continue;
    }
    iFrom = q->nDone;
    iTo = q->nPublished;
    if( q->rcErr!=SQLITE_OK ){
      q->nDone = iTo;
      if( q->nWaitFor && q->nDone>=q->nWaitFor ) pthread_cond_signal(&q->cDone);
      continue;
    }
    pthread_mutex_unlock(&q->mu);
    pcwWriteRange(q, iFrom, iTo);
    pthread_mutex_lock(&q->mu);
  }
  pthread_mutex_unlock(&q->mu);
  return 0;
}

/****** The methods the queue installs on the database and WAL files *******/

/*
** xClose: write what is queued for any file of the queue, give f back its
** own methods and close it with them.
*/
static int pcwClose(sqlite3_file *f){
  PcwFile *pF = pcwFile(f);
  (void)pcwDrain(pF->pQ);
  f->pMethods = pF->pOrig;
  pF->pFile = 0;
  return f->pMethods->xClose(f);
}

/*
** xRead: a page (or a WAL frame's page) with a queued or kept write is
** copied from the newest such write; any other read that overlaps queued
** writes waits for the newest of them, then reads the file.  After a
** failed queued write, a read of bytes the queue touched returns its
** error: they may lack a discarded write.
*/
static int pcwRead(sqlite3_file *f, void *pBuf, int amt, sqlite3_int64 iOff){
  PcwFile *pF = pcwFile(f);
  if( pcwTouches(pF, iOff, amt) ){
    PcwQueue *q = pF->pQ;
    int iFile = (int)(pF - q->aFile);
    assert( q->aEntry!=0 );   /* Something queued or kept: buffers exist */
    if( pF->nOdd==0 && pcwShape(pF, iOff, amt)==PCW_UNIT ){
      /* Units overlap units only exactly: the newest write of this very
      ** page, if any, is all there is to look at. */
      PcwEntry *e = pcwLookup(q, iFile, iOff);
      if( e ){
        assert( e->nByte==amt );
        assert( e->iSeq>=q->nKept && e->iSeq<q->nQueued );
        memcpy(pBuf, &q->aBuf[e->iBuf], amt);
        q->aStat[PCLEANER_QSTAT_SERVED]++;
        return SQLITE_OK;
      }
    }else{
      /* Wait for the newest write this read overlaps. */
      u64 i, nTarget = 0;
      for(i=q->nDoneSeen; i<q->nQueued; i++){
        PcwEntry *e = &q->aEntry[i & (q->nEntry-1)];
        if( e->iFile==iFile && e->iOff<iOff+amt && e->iOff+e->nByte>iOff ){
          nTarget = i+1;
        }
      }
      if( nTarget ) (void)pcwWaitFor(q, nTarget);
    }
    /* After a failed queued write, these bytes may lack a discarded one. */
    if( q->rcSeen ) return q->rcSeen;
  }
  return pF->pOrig->xRead(f, pBuf, amt, iOff);
}

/*
** xWrite: inside a batch or a spill (bCapture), append the write to the
** queue; a write too large for it, or any other write (a commit, a
** rollback's playback, a checkpoint), first waits for the queue, reports
** the error of a failed queued write, and ends the kept entries, since
** the file changes behind them.
*/
static int pcwWrite(
  sqlite3_file *f,
  const void *pBuf,
  int amt,
  sqlite3_int64 iOff
){
  PcwFile *pF = pcwFile(f);
  PcwQueue *q = pF->pQ;
  int rc;
  if( q->bCapture && ALWAYS(q->bDeferred || pF->fd>=0) ){
    rc = pcwAppend(pF, pBuf, amt, iOff);
    if( rc!=SQLITE_DONE ){
      if( rc!=SQLITE_OK ) pcwForget(q);
      return rc;
    }
  }
  rc = pcwDrainReport(q);
  if( rc!=SQLITE_OK ) return rc;
  pcwDropKept(q);
  assert( q->nKept==q->nQueued );   /* Nothing the write could contradict */
  return pF->pOrig->xWrite(f, pBuf, amt, iOff);
}

/*
** xTruncate: wait for the queue, report the error of a failed queued
** write, and end the kept entries (the file changes behind them) first.
*/
static int pcwTruncate(sqlite3_file *f, sqlite3_int64 size){
  PcwFile *pF = pcwFile(f);
  int rc = pcwDrainReport(pF->pQ);
  if( rc!=SQLITE_OK ) return rc;
  pcwDropKept(pF->pQ);
  assert( pF->pQ->nKept==pF->pQ->nQueued );
  return pF->pOrig->xTruncate(f, size);
}

/*
** xSync: a durability point.  Wait for the queue and report the error of a
** failed queued write first.
*/
static int pcwSync(sqlite3_file *f, int flags){
  PcwFile *pF = pcwFile(f);
  int rc = pcwDrainReport(pF->pQ);
  if( rc!=SQLITE_OK ) return rc;
  return pF->pOrig->xSync(f, flags);
}

/*
** xFileSize: the size once everything queued is written.
*/
static int pcwFileSize(sqlite3_file *f, sqlite3_int64 *pSize){
  PcwFile *pF = pcwFile(f);
  (void)pcwDrain(pF->pQ);
  return pF->pOrig->xFileSize(f, pSize);
}

/*
** xLock: the file's own (taking a lock changes no byte of it).
*/
static int pcwLock(sqlite3_file *f, int eLock){
  return pcwFile(f)->pOrig->xLock(f, eLock);
}

/*
** xUnlock: the end of a rollback-mode transaction (or of its EXCLUSIVE
** lock).  Wait for the queue; at SHARED or below the write transaction is
** over, and its error and kept entries are forgotten.
*/
static int pcwUnlock(sqlite3_file *f, int eLock){
  PcwFile *pF = pcwFile(f);
  (void)pcwDrain(pF->pQ);
  if( eLock<=SQLITE_LOCK_SHARED ) pcwForget(pF->pQ);
  return pF->pOrig->xUnlock(f, eLock);
}

/*
** xCheckReservedLock: the file's own.
*/
static int pcwCheckReservedLock(sqlite3_file *f, int *pResOut){
  return pcwFile(f)->pOrig->xCheckReservedLock(f, pResOut);
}

/*
** xFileControl: wait for the queue first, except for the file controls
** that only report or hint and never read or change the file's bytes.
*/
static int pcwFileControl(sqlite3_file *f, int op, void *pArg){
  PcwFile *pF = pcwFile(f);
  switch( op ){
    case SQLITE_FCNTL_SIZE_HINT:     /* Only ever grows the file */
    case SQLITE_FCNTL_LOCKSTATE:
    case SQLITE_FCNTL_VFSNAME:
    case SQLITE_FCNTL_VFS_POINTER:
    case SQLITE_FCNTL_HAS_MOVED:
    case SQLITE_FCNTL_PRAGMA:
    case SQLITE_FCNTL_BUSYHANDLER:
    case SQLITE_FCNTL_DB_UNCHANGED:
    case SQLITE_FCNTL_LIPSQLITE_FD:
      break;
    default:
      (void)pcwDrain(pF->pQ);
      break;
  }
  return pF->pOrig->xFileControl(f, op, pArg);
}

/*
** xSectorSize: the file's own.
*/
static int pcwSectorSize(sqlite3_file *f){
  return pcwFile(f)->pOrig->xSectorSize(f);
}

/*
** xDeviceCharacteristics: the file's own.
*/
static int pcwDeviceCharacteristics(sqlite3_file *f){
  return pcwFile(f)->pOrig->xDeviceCharacteristics(f);
}

/*
** xShmMap: the file's own.
*/
static int pcwShmMap(
  sqlite3_file *f,
  int iPg,
  int pgsz,
  int bExtend,
  void volatile **pp
){
  return pcwFile(f)->pOrig->xShmMap(f, iPg, pgsz, bExtend, pp);
}

/*
** xShmLock: releasing a WAL lock waits for the queue; releasing the write
** lock also forgets the transaction's error and kept entries.
*/
static int pcwShmLock(sqlite3_file *f, int ofst, int n, int flags){
  PcwFile *pF = pcwFile(f);
  if( flags & SQLITE_SHM_UNLOCK ){
    /* Releasing a WAL lock: the frames written under it reach the file
    ** first.  Releasing the write lock (slot 0) ends the transaction. */
    (void)pcwDrain(pF->pQ);
    if( ofst==0 ) pcwForget(pF->pQ);
  }
  return pF->pOrig->xShmLock(f, ofst, n, flags);
}

/*
** xShmBarrier: the file's own.
*/
static void pcwShmBarrier(sqlite3_file *f){
  pcwFile(f)->pOrig->xShmBarrier(f);
}

/*
** xShmUnmap: wait for the queue first (the WAL may be deleted next).
*/
static int pcwShmUnmap(sqlite3_file *f, int deleteFlag){
  PcwFile *pF = pcwFile(f);
  (void)pcwDrain(pF->pQ);
  return pF->pOrig->xShmUnmap(f, deleteFlag);
}

/*
** xFetch: no memory-mapped page where the queue has writes (the pager
** then reads the page with xRead, which the queue serves).
*/
static int pcwFetch(sqlite3_file *f, sqlite3_int64 iOff, int amt, void **pp){
  PcwFile *pF = pcwFile(f);
  if( pcwTouches(pF, iOff, amt) ){
    *pp = 0;                  /* The pager reads it with xRead instead */
    return SQLITE_OK;
  }
  return pF->pOrig->xFetch(f, iOff, amt, pp);
}

/*
** xUnfetch: the file's own.
*/
static int pcwUnfetch(sqlite3_file *f, sqlite3_int64 iOff, void *p){
  return pcwFile(f)->pOrig->xUnfetch(f, iOff, p);
}

/*
** Install the queue's methods on file f as file iFile of q, if f is open
** and they are not installed already.  Ask a unix file for its
** descriptor; in deferred mode none is needed.  Return SQLITE_OK, or
** SQLITE_NOTFOUND if the queue cannot take f's writes (a file without a
** descriptor while a writer thread runs): then f is left as it is, and
** its writes go to it directly.
*/
static int pcwInstall(PcwQueue *q, int iFile, sqlite3_file *f){
  PcwFile *pF = &q->aFile[iFile];
  const sqlite3_io_methods *pOrig;
  sqlite3_io_methods *m = &pF->methods;
  PcwFd x;
  if( NEVER(f==0 || f->pMethods==0) ) return SQLITE_NOTFOUND;
  if( f->pMethods==&pF->methods ) return SQLITE_OK;
  assert( pF->pFile==0 );
  pOrig = f->pMethods;
  x.fd = -1;
  x.pMethods = 0;
  if( pOrig->xFileControl(f, SQLITE_FCNTL_LIPSQLITE_FD, &x)!=SQLITE_OK
   || x.pMethods!=pOrig
  ){
    x.fd = -1;
  }
  if( x.fd<0 && !q->bDeferred ) return SQLITE_NOTFOUND;
  memset(m, 0, sizeof(*m));
  m->iVersion = pOrig->iVersion;
  m->xClose = pcwClose;
  m->xRead = pcwRead;
  m->xWrite = pcwWrite;
  m->xTruncate = pcwTruncate;
  m->xSync = pcwSync;
  m->xFileSize = pcwFileSize;
  m->xLock = pcwLock;
  m->xUnlock = pcwUnlock;
  m->xCheckReservedLock = pcwCheckReservedLock;
  m->xFileControl = pcwFileControl;
  m->xSectorSize = pcwSectorSize;
  m->xDeviceCharacteristics = pcwDeviceCharacteristics;
  if( pOrig->iVersion>=2 ){
    if( pOrig->xShmMap ) m->xShmMap = pcwShmMap;
    if( pOrig->xShmLock ) m->xShmLock = pcwShmLock;
    if( pOrig->xShmBarrier ) m->xShmBarrier = pcwShmBarrier;
    if( pOrig->xShmUnmap ) m->xShmUnmap = pcwShmUnmap;
  }
  if( pOrig->iVersion>=3 ){
    if( pOrig->xFetch ) m->xFetch = pcwFetch;
    if( pOrig->xUnfetch ) m->xUnfetch = pcwUnfetch;
  }
  pF->pOrig = pOrig;
  pF->pFile = f;
  pF->pQ = q;
  pF->fd = x.fd;
  pF->iLo = pF->iHi = 0;
  pF->nOdd = 0;
  f->pMethods = m;
  return SQLITE_OK;
}

/*
** Give back its own methods to every file the queue is installed on,
** after writing everything queued.
*/
static void pcwUninstall(PcwQueue *q){
  int i;
  (void)pcwDrain(q);
  for(i=0; i<ArraySize(q->aFile); i++){
    PcwFile *pF = &q->aFile[i];
    if( pF->pFile ){
      assert( pF->pFile->pMethods==&pF->methods );
      pF->pFile->pMethods = pF->pOrig;
      pF->pFile = 0;
    }
  }
}

/*
** Free the buffers of q, if it has any.
*/
static void pcwFreeBuffers(PcwQueue *q){
  sqlite3_free(q->aBuf);
  sqlite3_free(q->aEntry);
  sqlite3_free(q->aHash);
  q->aBuf = 0;
  q->aEntry = 0;
  q->aHash = 0;
}

/*
** Make the buffers of q for pages of szPage bytes, at most nPageMax pages
** (each possibly a WAL frame with its header, and a WAL header).  Nothing
** may be queued, and no error pending.  The kept entries end with the old
** buffers.  Return SQLITE_OK or SQLITE_NOMEM (then q has no buffers).
*/
static int pcwBuffers(PcwQueue *q, int szPage, int nPageMax){
  const u64 szFrame = (u64)szPage + PCW_FRAME_HDR;
  const u64 nFixed = PCW_WAL_HDR + PCW_SPARE_PAGES*(u64)szPage;
  u32 nSlot;                  /* Slots needed */
  u32 nEntry = 1;             /* Slots made: a power of two, at least nSlot */
  assert( q->nQueued==q->nDoneSeen && q->rcSeen==SQLITE_OK );
  assert( szPage>0 && nPageMax>0 );
  q->nKept = q->nQueued;
  pcwResetIfEmpty(q);
  pcwFreeBuffers(q);
  q->szPage = 0;
  /* The buffer's size is a u32: a queue that would need more than
  ** PCW_BUF_MAX bytes (page_cleaner_queue=65536 at page size 65536 asks
  ** for 4 GiB) holds as many pages as PCW_BUF_MAX takes; a full queue
  ** only makes the writing thread wait (doc/pcleaner.md) */
  if( nPageMax*szFrame+nFixed>PCW_BUF_MAX ){
    nPageMax = (int)((PCW_BUF_MAX-nFixed)/szFrame);
  }
  testcase( nPageMax*szFrame+nFixed==PCW_BUF_MAX );
  assert( nPageMax>0 );
  nSlot = PCW_SLOTS_PER_PAGE*(u32)nPageMax + PCW_SPARE_SLOTS;
  while( nEntry<nSlot ) nEntry *= 2;
  q->nBuf = (u32)(nPageMax*szFrame + nFixed);
  assert( q->nBuf<=PCW_BUF_MAX );
  q->aBuf = (u8*)sqlite3Malloc(q->nBuf);
  q->aEntry = (PcwEntry*)sqlite3MallocZero(nEntry*sizeof(PcwEntry));
  q->aHash = (u64*)sqlite3MallocZero(PCW_HASH_PER_SLOT*nEntry*sizeof(u64));
  if( q->aBuf==0 || q->aEntry==0 || q->aHash==0 ){
    pcwFreeBuffers(q);
    return SQLITE_NOMEM_BKPT;
  }
  q->nEntry = nEntry;
  q->nHash = PCW_HASH_PER_SLOT*nEntry;
  q->szPage = szPage;
  q->nPageMax = nPageMax;
  /* A slot for every page and for every frame header, and a power of two
  ** (the ring's index is a mask); every page or frame write fits in
  ** 1/PCW_BIG_DIV of the buffer, so pcwAppend() takes them all. */
  testcase( nEntry==nSlot );
  assert( (nEntry & (nEntry-1))==0 );
  assert( nEntry>=nSlot );
  assert( q->nBuf/PCW_BIG_DIV>=szFrame );
  assert( q->iBufTail==0 && pcwCheckCursors(q, 0) );
  return SQLITE_OK;
}

/*
** Create the write queue of cleaner p (pcleaner_wq.h), without buffers,
** without its methods installed and without a writer thread: those come
** with the first write the queue takes (pcwActivate()), so that a
** connection whose transactions fit in its cache never gets a second
** thread.
*/
int sqlite3PcwStart(PCleaner *p){
  PcwQueue *q;
  assert( p->pQueue==0 );
  q = (PcwQueue*)sqlite3MallocZero(sizeof(*q));
  if( q==0 ) return SQLITE_NOMEM_BKPT;
  q->aFile[PCW_DB].pQ = q;
  q->aFile[PCW_WAL].pQ = q;
  q->aFile[PCW_DB].fd = q->aFile[PCW_WAL].fd = -1;
  if( pthread_mutex_init(&q->mu, 0) ){
    sqlite3_free(q);
    return SQLITE_ERROR;
  }
  if( pthread_cond_init(&q->cWork, 0) ){
    pthread_mutex_destroy(&q->mu);
    sqlite3_free(q);
    return SQLITE_ERROR;
  }
  if( pthread_cond_init(&q->cDone, 0) ){
    pthread_cond_destroy(&q->cWork);
    pthread_mutex_destroy(&q->mu);
    sqlite3_free(q);
    return SQLITE_ERROR;
  }
  p->pQueue = q;
  return SQLITE_OK;
}

/*
** Make the queue of p ready to take writes: installed on the database
** file (deciding between a writer thread and deferred mode) and on the
** WAL file if one is open, with its writer thread running.  Return
** SQLITE_OK, or SQLITE_ERROR if the writer thread cannot be created: then
** the queue stays unused (its writes go to the files directly, as in sync
** mode) for the life of the pager, which PRAGMA page_cleaner_stats shows
** as no writes queued.
*/
static int pcwActivate(PCleaner *p){
  PcwQueue *q = p->pQueue;
  sqlite3_file *pWalFd;
  if( q->bFailed ) return SQLITE_ERROR;
  if( q->aFile[PCW_DB].pFile==0 ){
    sqlite3_file *fd = sqlite3PagerFile(p->pPager);
    assert( q->bThread==0 );
    q->bDeferred = 0;
    if( pcwInstall(q, PCW_DB, fd)!=SQLITE_OK ){
      q->bDeferred = 1;
      (void)pcwInstall(q, PCW_DB, fd);
    }
    if( !q->bDeferred ){
      if( pthread_create(&q->tid, 0, pcwThreadMain, q) ){
        pcwUninstall(q);
        q->bFailed = 1;
        return SQLITE_ERROR;
      }
      q->bThread = 1;
    }
  }
  pWalFd = sqlite3PagerWalFd(p->pPager);
  if( pWalFd ) (void)pcwInstall(q, PCW_WAL, pWalFd);
  /* A writer thread, or deferred mode: never both. */
  assert( q->bThread==!q->bDeferred );
  return SQLITE_OK;
}

/*
** Write everything queued, give the files back their methods, stop the
** writer thread and free the queue of p, if it has one (pcleaner_wq.h).
*/
void sqlite3PcwStop(PCleaner *p){
  PcwQueue *q = p->pQueue;
  int i;
  if( q==0 ) return;
  assert( q->bCapture==0 );
  pcwUninstall(q);
  assert( q->nDoneSeen==q->nQueued );
  if( q->bThread ){
    pthread_mutex_lock(&q->mu);
    q->bStop = 1;
    pthread_cond_signal(&q->cWork);
    pthread_mutex_unlock(&q->mu);
    pthread_join(q->tid, 0);
  }
  /* Every write was made or discarded, by a thread that has ended. */
  assert( q->nDone==q->nQueued && q->nPublished==q->nQueued );
  pthread_cond_destroy(&q->cDone);
  pthread_cond_destroy(&q->cWork);
  pthread_mutex_destroy(&q->mu);
  for(i=0; i<PCLEANER_QSTAT_N; i++) p->aQueueStat[i] += q->aStat[i];
  pcwFreeBuffers(q);
  sqlite3_free(q);
  p->pQueue = 0;
}

/*
** Called when a write transaction starts: forget an error and the kept
** entries of an earlier transaction (pcleaner_wq.h).
*/
void sqlite3PcwBegin(PCleaner *p){
  assert( p->pQueue!=0 && p->pQueue->bCapture==0 );
  pcwForget(p->pQueue);
}

/*
** Make the queue of p ready (pcwActivate()) with buffers that fit the
** pager's page size and the connection's PRAGMA page_cleaner_queue
** (draining the queue first if they must be made again).  Return
** SQLITE_OK, or an error: then nothing can be queued now.
*/
static int pcwPrepare(PCleaner *p){
  PcwQueue *q = p->pQueue;
  int szPage = sqlite3PagerPageSize(p->pPager);
  int rc = pcwActivate(p);
  if( rc!=SQLITE_OK ) return rc;
  if( q->szPage!=szPage || q->nPageMax!=p->nQueuePage ){
    rc = pcwDrain(q);
    if( rc==SQLITE_OK ) rc = pcwBuffers(q, szPage, p->nQueuePage);
  }
  return rc;
}

/*
** Run one batch of cleaner p, the list of pages pList, through the queue:
** sqlite3PagerCleanerWrite() with the writes captured, then one wake-up of
** the writer thread (pcleaner_wq.h).  Return as sqlite3PagerCleanerWrite().
** If the queue cannot take writes (no buffers: out of memory; no writer
** thread), the batch is written directly.
*/
int sqlite3PcwBatch(PCleaner *p, PgHdr *pList, int bNeedSync){
  PcwQueue *q = p->pQueue;
  int rc;
  assert( q!=0 && q->bCapture==0 );
  if( pcwPrepare(p)!=SQLITE_OK ){
    return sqlite3PagerCleanerWrite(p->pPager, pList, bNeedSync);
  }
  q->bCapture = 1;
  rc = sqlite3PagerCleanerWrite(p->pPager, pList, bNeedSync);
  q->bCapture = 0;
  pcwPublish(q);
  return rc;
}

/*
** The write queue's statistics for PRAGMA page_cleaner_stats
** (PCLEANER_QSTAT_*, pcleaner_wq.h).
*/
void sqlite3PcwStats(PCleaner *p, i64 *aOut){
  PcwQueue *q = p->pQueue;
  int i;
  for(i=0; i<PCLEANER_QSTAT_N; i++){
    aOut[i] = p->aQueueStat[i] + (q ? q->aStat[i] : 0);
  }
}

/*
** Called by pagerStress() (pager.c) around its write of a single page
** (bOn true before, false after) if the pager has a write queue: the
** spill's writes are queued like a batch's.  Spills are handed to the
** writer thread PCW_PUBLISH_MIN at a time (or when the writing thread
** waits for the queue), so that it is not woken for every page.
*/
void sqlite3PcleanerSpill(PCleaner *p, int bOn){
  PcwQueue *q = p->pQueue;
  assert( q!=0 );
  if( bOn ){
    assert( q->bCapture==0 );
    q->bCapture = (pcwPrepare(p)==SQLITE_OK);
  }else{
    q->bCapture = 0;
    testcase( q->nQueued-q->nPublished==PCW_PUBLISH_MIN );
    if( q->nQueued-q->nPublished>=PCW_PUBLISH_MIN ) pcwPublish(q);
  }
}

/*
** Called by sqlite3PagerFlush() (sqlite3_db_cacheflush()) after its
** spills, and in WAL mode by pagerPlaybackSavepoint() (ROLLBACK, ROLLBACK
** TO, a statement's rollback) before it undoes frames, if the pager has a
** write queue: wait until the queue is written.
** Return SQLITE_OK or the error of a failed queued write, which stays
** recorded, so that the transaction still fails at its next write.
*/
int sqlite3PcleanerFlush(PCleaner *p){
  assert( p->pQueue!=0 );
  return pcwDrain(p->pQueue);
}

#else  /* !PCLEANER_HAVE_THREAD */
/*
** A build without threads: PRAGMA page_cleaner=THREAD is an error and no
** pager ever gets a write queue; these keep the interface of pcleaner_wq.h.
*/
int sqlite3PcwStart(PCleaner *p){
  UNUSED_PARAMETER(p);
  return SQLITE_ERROR;
}
void sqlite3PcwStop(PCleaner *p){
  assert( p->pQueue==0 );
}
void sqlite3PcwBegin(PCleaner *p){
  UNUSED_PARAMETER(p);
}
int sqlite3PcwBatch(PCleaner *p, PgHdr *pList, int bNeedSync){
  return sqlite3PagerCleanerWrite(p->pPager, pList, bNeedSync);
}
void sqlite3PcwStats(PCleaner *p, i64 *aOut){
  memcpy(aOut, p->aQueueStat, sizeof(p->aQueueStat));
}
void sqlite3PcleanerSpill(PCleaner *p, int bOn){
  UNUSED_PARAMETER2(p, bOn);
}
int sqlite3PcleanerFlush(PCleaner *p){
  UNUSED_PARAMETER(p);
  return SQLITE_OK;
}
#endif /* PCLEANER_HAVE_THREAD */
