/*
** 2026-11-24
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
** This file implements the shell's progress bar of long statements: a
** progress handler, installed for the run of a statement when the bar may
** be drawn, that draws the bar of src/shell/shell_fork.c (ShellBar) with
** the fraction done that sqlite3_stmt_status() reports for
** SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS.  It is not compiled on its own:
** tool/mkshellc.tcl includes it into shell.c (an INCLUDE line of patch
** 0056-progressbar.patch).  The design is in doc/progress.md.
*/

/* The fraction of sqlite3_stmt_status() is in parts per million */
#define SP_PPM 1000000.0

/* Instructions of the virtual machine between two looks at the clock */
#ifndef SP_OPS
# define SP_OPS 10000
#endif

/*
** The bar of the statement running in shell_exec().
*/
static struct {
  ShellBar bar;               /* Its bar */
  sqlite3 *db;                /* Connection whose handler is ours, or NULL */
  sqlite3_stmt *pStmt;        /* The statement */
  FILE *out;                  /* Where its output goes */
  int bMidLine;               /* Its last output did not end a line */
  int nCall;                  /* Calls of the handler since the last look */
  int nEvery;                 /* The handler's interval */
  sqlite3 *userDb;            /* Connection of ".progress N", or NULL */
  int nUser;                  /* Its N, 0 if none */
} spQuery;

/*
** ".progress N" set upstream's progress handler of db with interval N (0:
** removed it).  Remember it, so that it keeps running during a statement
** with a bar and is put back after it.
*/
static void shellProgressUser(sqlite3 *db, int nOps){
  spQuery.userDb = nOps>0 ? db : 0;
  spQuery.nUser = nOps>0 ? nOps : 0;
}

#ifndef SQLITE_OMIT_PROGRESS_CALLBACK
/*
** The progress handler of a statement with a bar.  Calls upstream's
** handler of ".progress", if set, and returns what it returns; every
** SP_OPS instructions, draws the bar if it is due.
*/
static int shellProgressCallback(void *pArg){
  ShellState *p = (ShellState*)pArg;
  int rc = 0;
  if( spQuery.nUser>0 && spQuery.userDb==spQuery.db ){
    /* Erase the bar if upstream's handler is about to print a line */
    if( spQuery.bar.bShown
     && ((p->flgProgress & SHELL_PROGRESS_QUIET)==0
         || (p->mxProgress>0 && p->nProgress+1>=p->mxProgress)
         || ((p->flgProgress & SHELL_PROGRESS_TMOUT)!=0
             && ELAPSE_TIME(p)>=p->tmProgress))
    ){
      shellBarEnd(&spQuery.bar);
    }
    rc = progress_handler(p);
  }
  spQuery.nCall++;
  if( (sqlite3_int64)spQuery.nCall*spQuery.nEvery < SP_OPS ) return rc;
  spQuery.nCall = 0;
  if( spQuery.bMidLine || !shellBarDue(&spQuery.bar) ) return rc;
  if( !spQuery.bar.bShown && spQuery.out ) fflush(spQuery.out);
  {
    int nPpm = sqlite3_stmt_status(spQuery.pStmt,
                                  SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0);
    shellBarStep(&spQuery.bar, nPpm<0 ? -1.0 : nPpm/SP_PPM);
  }
  return rc;
}
#endif

/*
** Statement pStmt of shell p is about to run: if a bar may be drawn,
** install the progress handler that draws it.
*/
static void shellProgressBegin(ShellState *p, sqlite3_stmt *pStmt){
#ifndef SQLITE_OMIT_PROGRESS_CALLBACK
  static int bFork = -1;      /* The library is lipsqlite's */
  if( !shellBarEnabled() ) return;
  if( bFork<0 ) bFork = sqlite3_compileoption_used("LIPSQLITE_VERSION");
  if( !bFork || p->db==0 || spQuery.db!=0 ) return;
  shellBarInit(&spQuery.bar);
  spQuery.db = p->db;
  spQuery.pStmt = pStmt;
  spQuery.out = p->out;
  spQuery.bMidLine = 0;
  spQuery.nCall = 0;
  spQuery.nEvery = SP_OPS;
  if( spQuery.nUser>0 && spQuery.userDb==p->db ) spQuery.nEvery = spQuery.nUser;
  sqlite3_progress_handler(p->db, spQuery.nEvery, shellProgressCallback, p);
#else
  (void)p;
  (void)pStmt;
#endif
}

/*
** The statement has written output, z[0..n-1]: erase the bar first.
*/
static void shellProgressOutput(const char *z, sqlite3_int64 n){
  if( spQuery.db==0 ) return;
  shellBarEnd(&spQuery.bar);
  if( n>0 ) spQuery.bMidLine = z[n-1]!='\n';
}

/*
** The statement has run: erase the bar and give the connection back the
** progress handler it had.
*/
static void shellProgressEnd(ShellState *p){
#ifndef SQLITE_OMIT_PROGRESS_CALLBACK
  if( spQuery.db==0 ) return;
  shellBarEnd(&spQuery.bar);
  if( spQuery.nUser>0 && spQuery.userDb==spQuery.db ){
    sqlite3_progress_handler(spQuery.db, spQuery.nUser, progress_handler, p);
  }else{
    sqlite3_progress_handler(spQuery.db, 0, 0, 0);
  }
  spQuery.db = 0;
  spQuery.pStmt = 0;
#else
  (void)p;
#endif
}
