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
** The fraction done of a running statement (progress.c; the hooks of patch
** 0055 in vdbeapi.c, vdbeInt.h and where.c).
*/
#ifndef SQLITE_PROGRESS_H
#define SQLITE_PROGRESS_H

/*
** The progress of a running statement (progress.c, patch 0055).
** sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0)
** returns the fraction done in parts per million, or -1 if not known.  The
** value is far outside upstream's range of SQLITE_STMTSTATUS_* codes (a
** stock library must not be asked for it: it does not check the code).
** The shell has its own copy of the value (src/shell_progressbar.c).
*/
#define SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS 0x4c495002
#define FORK_PROGRESS_NCSR 8  /* Candidate loops remembered per statement */
typedef struct ForkProgress ForkProgress;
struct ForkProgress {
  int nDepth;               /* WHERE loops open while coding */
  u32 mCand;                /* Bit i: the open loop at depth i is a candidate */
  int nCsr;                 /* Entries in aCsr[] */
  int aCsr[FORK_PROGRESS_NCSR];  /* Candidates: cursor*2 + (1 if reverse) */
};
int sqlite3ForkStmtProgress(sqlite3_stmt*);
void sqlite3ForkProgressLoop(Parse*, WhereInfo*);
void sqlite3ForkProgressLoopEnd(Parse*);

#endif /* SQLITE_PROGRESS_H */
