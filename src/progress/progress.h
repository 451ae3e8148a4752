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
** This file contains the interface of src/progress/progress.c, the
** fraction done of a running statement: sqlite3_stmt_status() with
** SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, which sqlite3.h defines (patch
** 0055-progress.patch, with the hooks in vdbeapi.c, vdbeInt.h, where.c and
** btree.c).  See doc/progress.md.
*/
#ifndef SQLITE_PROGRESS_H
#define SQLITE_PROGRESS_H

/* Candidate loops remembered per statement: the last PROGRESS_NCSR */
#define PROGRESS_NCSR 8

/* WHERE loops open at once that Progress.mCand can mark: its bits */
#define PROGRESS_MAXDEPTH 32

/*
** The candidates of a statement for its progress: the cursors of its
** outermost full-scan loops, in the order their code was generated.  A
** member of struct Vdbe (patch 0055), zeroed when the Vdbe is created.
*/
typedef struct Progress Progress;
struct Progress {
  int nDepth;               /* WHERE loops open while coding */
  u32 mCand;                /* Bit i: the open loop at depth i is a candidate */
  int nCsr;                 /* Entries in aCsr[] */
  int aCsr[PROGRESS_NCSR];  /* Candidates: cursor*2 + (1 if reverse) */
};

int sqlite3ProgressStmt(sqlite3_stmt*);
void sqlite3ProgressLoop(Parse*, WhereInfo*);
void sqlite3ProgressLoopEnd(Parse*);

#endif /* SQLITE_PROGRESS_H */
