/*
** 2026 November 27
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
** The batch path: the body of a loop over a column copy run a vector of
** rows at a time (batch.c, doc/batch.md).
*/
#ifndef SQLITE_BATCH_H
#define SQLITE_BATCH_H

/*
** Compile-time default of PRAGMA batch: 1 (on) or 0 (off).
*/
#ifndef SQLITE_BATCH_DEFAULT
# define SQLITE_BATCH_DEFAULT 1
#endif
#if SQLITE_BATCH_DEFAULT!=0 && SQLITE_BATCH_DEFAULT!=1
# error "SQLITE_BATCH_DEFAULT must be 0 or 1"
#endif

/* The per-connection state, db->fork.batch */
typedef struct BatchConn BatchConn;
struct BatchConn {
  u8 bOn;                       /* PRAGMA batch */
};

/* A loop body as the batch path runs it: the P4 of its OP_ColumnCopyNext,
** a consumer of the scan's vectors (ColumnCopyConsumer, column_copy.h) */
typedef struct BatchProg BatchProg;

void sqlite3BatchWhereEnd(Parse*, WhereInfo*);

/* The step functions of built-in aggregates the batch path runs without a
** call through the FuncDef (func.c, patch 0100) */
#define BATCH_AGG_SUM    1      /* sumStep(): sum(), total(), avg() */
#define BATCH_AGG_COUNT  2      /* countStep(): count() */
int sqlite3BatchAggKind(const FuncDef*);
void sqlite3BatchSumReal(void*, double);
int sqlite3BatchSumInt(void*, i64);
void sqlite3BatchCountAdd(void*, i64);
int sqlite3BatchAggContextSize(int);

#endif /* SQLITE_BATCH_H */
