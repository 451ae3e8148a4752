/*
** 2026 November 26
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
** The interface of column copies (column_copy.c, doc/column-copy.md).
*/
#ifndef SQLITE_COLUMN_COPY_H
#define SQLITE_COLUMN_COPY_H

#ifndef SQLITE_COLUMN_SCAN_DEFAULT
# define SQLITE_COLUMN_SCAN_DEFAULT 1
#endif
#if SQLITE_COLUMN_SCAN_DEFAULT!=0 && SQLITE_COLUMN_SCAN_DEFAULT!=1
# error "SQLITE_COLUMN_SCAN_DEFAULT must be 0 or 1"
#endif

/* PRAGMA column_scan_like: LIKE and GLOB terms evaluated inside the scan
** of a copy */
#ifndef SQLITE_COLUMN_SCAN_LIKE_DEFAULT
# define SQLITE_COLUMN_SCAN_LIKE_DEFAULT 1
#endif
#if SQLITE_COLUMN_SCAN_LIKE_DEFAULT!=0 && SQLITE_COLUMN_SCAN_LIKE_DEFAULT!=1
# error "SQLITE_COLUMN_SCAN_LIKE_DEFAULT must be 0 or 1"
#endif

/* PRAGMA column_copy_refresh: the percentage of a copy's rows recorded as
** changed, in stale chunks or past its last chunk at which PRAGMA optimize
** refreshes it (0: never) */
#ifndef SQLITE_COLUMN_COPY_REFRESH_DEFAULT
# define SQLITE_COLUMN_COPY_REFRESH_DEFAULT 10
#endif
#if SQLITE_COLUMN_COPY_REFRESH_DEFAULT<0 \
 || SQLITE_COLUMN_COPY_REFRESH_DEFAULT>100
# error "SQLITE_COLUMN_COPY_REFRESH_DEFAULT must be 0 to 100"
#endif

/* PRAGMA column_copy_step: after every this many rows changed by a
** connection, the next statement it ends outside a transaction takes one
** maintenance step if one is due (a chunk with an eighth of its rows
** changed, or a tail of a chunk's rows); 0: never */
#ifndef SQLITE_COLUMN_COPY_STEP_DEFAULT
# define SQLITE_COLUMN_COPY_STEP_DEFAULT 4096
#endif
#if SQLITE_COLUMN_COPY_STEP_DEFAULT<0 \
 || SQLITE_COLUMN_COPY_STEP_DEFAULT>1000000000
# error "SQLITE_COLUMN_COPY_STEP_DEFAULT must be 0 to 1000000000"
#endif

/* Per-connection state (db->fork.colcopy) */
typedef struct ColumnCopyConn ColumnCopyConn;
struct ColumnCopyConn {
  u8 bOn;                       /* PRAGMA column_scan */
  u8 bLike;                     /* PRAGMA column_scan_like */
  i64 nRefresh;                 /* PRAGMA column_copy_refresh */
  i64 nStep;                    /* PRAGMA column_copy_step */
  i64 nStepMark;                /* db->nTotalChange at the last check */
  u8 bInStep;                   /* A maintenance step is running */
};

/* The state of a columnar scan, hung on the table's VdbeCursor */
typedef struct ColumnCopyScan ColumnCopyScan;

/* Actions of OP_ColumnCopy (P1) */
#define COLUMN_COPY_BUILD 1     /* PRAGMA column_copy(T) */
#define COLUMN_COPY_DROP  2     /* PRAGMA column_copy_drop(T) */
#define COLUMN_COPY_LIST  3     /* One row of PRAGMA column_copy_list */
#define COLUMN_COPY_DUE   4     /* Is a refresh due? (PRAGMA optimize) */
#define COLUMN_COPY_STEP  5     /* PRAGMA column_copy_maintain, one table */

/* Declared by vdbeInt.h and whereInt.h, which come later */
struct VdbeCursor;
struct WhereLevel;

/*
** A value of a column vector of a scan (sqlite3ColumnCopyVector()): an
** integer, a real, a NULL, or a text or blob in the database's encoding
** that points into the chunk.
*/
typedef struct ColumnCopyVal ColumnCopyVal;
struct ColumnCopyVal {
  union { i64 i; double r; const u8 *z; } u;
  int n;                        /* Bytes of a TEXT or BLOB */
  u8 eType;                     /* SQLITE_INTEGER ... SQLITE_NULL */
};

/*
** sqlite3ColumnCopyCompare() of two values whose order the vectors do not
** decide (not a possible result of a comparison: those are -1, 0 and 1).
*/
#define COLUMN_COPY_CMP_UNKNOWN 2

/*
** A consumer of a scan's vectors: the P4 (P4_FORK) of a loop's
** OP_ColumnCopyNext that runs the loop's body over the rows of a vector,
** as the batch path does (batch.c).  The scan calls xRun(v, pC, pCons,
** ppState, aRow, nRow, pnTake) with the rows aRow[0..nRow-1] of the
** current vector of cursor pC that may match; xRun runs the body for the
** first *pnTake of them, and the VDBE runs it for the next one.  xRun keeps
** its run-time state in *ppState (0 at first), which the scan frees with
** xFreeState when it ends.  It returns an SQLite error code.
*/
typedef struct ColumnCopyConsumer ColumnCopyConsumer;
struct ColumnCopyConsumer {
  ForkP4 base;                  /* Must be first */
  int (*xRun)(Vdbe*, struct VdbeCursor*, ColumnCopyConsumer*, void**,
              const u16*, int, int*);
  void (*xFreeState)(void*);
};

/* PRAGMA handlers */
void sqlite3ColumnCopyPragma(Parse*, const char*, const char*, const char*);
void sqlite3ColumnCopyDropPragma(Parse*, const char*, const char*, const char*);
void sqlite3ColumnCopyListPragma(Parse*, const char*, const char*, const char*);
void sqlite3ColumnCopyRefreshPragma(Parse*, const char*, const char*, const char*);
void sqlite3ColumnCopyStepPragma(Parse*, const char*, const char*, const char*);
void sqlite3ColumnCopyMaintainPragma(Parse*, const char*, const char*, const char*);

/* After a statement that sqlite3_step() ran to its end (vdbeapi.c) */
void sqlite3ColumnCopyAfterStep(sqlite3*);

/* PRAGMA optimize (pragma.c) */
void sqlite3ColumnCopyOptimize(Parse*, int, u32);

/* Code generation (wherecode.c, where.c, select.c) */
void sqlite3ColumnCopyLoop(Parse*, WhereInfo*, struct WhereLevel*, int);
void sqlite3ColumnCopySeek(Parse*, WhereInfo*, struct WhereLevel*);
void sqlite3ColumnCopyFill(Parse*, WhereInfo*, struct WhereLevel*, int);
void sqlite3ColumnCopyWhereEnd(Parse*, WhereInfo*);
void sqlite3ColumnCopySimpleCount(Parse*, Table*, int);

/* The opcodes (vdbe.c) */
int sqlite3ColumnCopyOp(Vdbe*, VdbeOp*);
int sqlite3ColumnCopyRewind(Vdbe*, struct VdbeCursor*, VdbeOp*, int*);
int sqlite3ColumnCopyCount(Vdbe*, VdbeOp*, i64*);
int sqlite3ColumnCopyNext(struct VdbeCursor*);
int sqlite3ColumnCopySeekRowid(Vdbe*, struct VdbeCursor*, VdbeOp*, int*);
int sqlite3ColumnCopyLookup(Vdbe*, struct VdbeCursor*, VdbeOp*);
int sqlite3ColumnCopyColumn(struct VdbeCursor*, int, Mem*);
int sqlite3ColumnCopyRowid(struct VdbeCursor*, i64*);
int sqlite3ColumnCopyVector(struct VdbeCursor*, int, const ColumnCopyVal**);
void sqlite3ColumnCopyScanFree(sqlite3*, struct VdbeCursor*);

/* DDL that changes no row (build.c, trigger.c) */
void sqlite3ColumnCopyCarry(Parse*, int, const char*);
void sqlite3ColumnCopyCarryIndex(Parse*, int, Index*);
void sqlite3ColumnCopyCarryTrigger(Parse*, int, const char*, const char*);

/* Comparison of two values of vectors, for their consumers too */
int sqlite3ColumnCopyCompare(const ColumnCopyVal*, const ColumnCopyVal*, int);

/* Triggers (trigger.c) */
int sqlite3ColumnCopyTriggerSkip(Parse*, Trigger*, Table*, int);
int sqlite3ColumnCopyTriggersOnly(Parse*, Trigger*, int);

/* sqlite3_blob_write() (vdbeblob.c) */
int sqlite3ColumnCopyBlobWrite(sqlite3*, Table*, const char*, BtCursor*);

#endif /* SQLITE_COLUMN_COPY_H */
