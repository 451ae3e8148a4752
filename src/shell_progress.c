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
** lipsqlite: the shell's progress bar, for long statements and for
** ".import --auto" (src/shell_csvauto.c).
**
** This file is not compiled on its own: tool/mkshellc.tcl includes it into
** shell.c (an "INCLUDE shell_progress.c" line that patch
** 0056-shell-query-progressbar.patch adds to src/shell.c.in before
** shellWriteQR()), so it sees the shell's ShellState, cli_printf(),
** timeOfDay() and upstream's progress_handler().
**
** The bar is one line on stderr:
**
**   [#########.....................]  31%  2.4 s, about 5 s left
**
** drawn only when stderr is a terminal and ".progressbar" is on (the
** default), once the work has run for the delay (2 s by default), redrawn
** at most five times a second, and erased ("\r", "ESC [K") before anything
** else is written and when the work ends.  The fraction shown never goes
** backwards.
**
** For a statement (shellProgressBegin() and shellProgressEnd() around its
** run in shell_exec()), the shell installs a progress handler for the
** statement's run, which every SP_OPS virtual machine instructions reads
** the clock; once the delay has passed it asks the library how far the
** statement has got (sqlite3_stmt_status() with lipsqlite's op
** SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, src/progress.c: the position of
** the outermost loop's cursor in its b-tree).  When ".progress" has set
** upstream's handler on the same connection, the shell's handler calls it
** at the interval it was given, and puts it back after the statement.
** When the bar is off or stderr is not a terminal, no handler is
** installed: the cost is one test per statement.  Output of the statement
** (shellWriteQR()) erases the bar; it is drawn again only while the
** output written last ended a line, after flushing it, so that rows
** printed as they come are never cut by it.
*/

/* The op of sqlite3_stmt_status() for the progress of a statement; the
** value of src/lipsqlite.h.in, which the shell does not include. */
#define SP_STMTSTATUS_PROGRESS 0x4c495002

/* Instructions of the virtual machine between two looks at the clock */
#ifndef SP_OPS
# define SP_OPS 10000
#endif

static int spBarOn = 1;                      /* .progressbar on */
static sqlite3_int64 spBarDelay = 2000000;   /* Microseconds before it shows */
static int spStderrTty = -1;                 /* isatty(stderr), or -1 */

/*
** A progress bar.  shellBarInit() starts it.
*/
typedef struct ShellBar ShellBar;
struct ShellBar {
  int bTty;                   /* Enabled, and stderr is a terminal */
  int bShown;                 /* The bar is on the screen */
  double rShown;              /* Largest fraction shown, or -1.0 */
  sqlite3_int64 tStart;       /* When the work started (timeOfDay()) */
  sqlite3_int64 tLast;        /* When the bar was last drawn */
};

/*
** Return true if a bar may be drawn: .progressbar is on and stderr is a
** terminal (asked once: the shell never redirects its stderr).
*/
static int shellBarEnabled(void){
  if( !spBarOn ) return 0;
  if( spStderrTty<0 ) spStderrTty = isatty(fileno(stderr)) ? 1 : 0;
  return spStderrTty;
}

/* Start bar pp: the work it shows starts now. */
static void shellBarInit(ShellBar *pp){
  memset(pp, 0, sizeof(*pp));
  pp->bTty = shellBarEnabled();
  pp->rShown = -1.0;
  pp->tStart = timeOfDay();
}

/*
** Return true if it is time to draw bar pp: it is enabled, the delay has
** passed and it was not drawn in the last 200 ms.  Reads the clock.
*/
static int shellBarDue(ShellBar *pp){
  sqlite3_int64 now;
  if( !pp->bTty ) return 0;
  now = timeOfDay();
  if( now - pp->tStart < spBarDelay ) return 0;
  if( pp->bShown && now - pp->tLast < 200000 ) return 0;
  return 1;
}

/*
** Draw bar pp for the fraction rFrac done (in [0,1], or negative if not
** known), if shellBarDue().  The fraction drawn is never less than one
** drawn before.
*/
static void shellBarStep(ShellBar *pp, double rFrac){
  sqlite3_int64 now;
  double rElapsed;
  char zBar[31];
  int i, nFill;
  if( !shellBarDue(pp) ) return;
  now = timeOfDay();
  pp->tLast = now;
  rElapsed = (now - pp->tStart)*0.000001;
  if( rFrac>1.0 ) rFrac = 1.0;
  if( rFrac<pp->rShown ) rFrac = pp->rShown;
  pp->rShown = rFrac;
  if( rFrac<0.0 ){
    cli_printf(stderr, "\r[%30s] %.1f s ", "", rElapsed);
    fflush(stderr);
    pp->bShown = 1;
    return;
  }
  nFill = (int)(rFrac*30);
  for(i=0; i<30; i++) zBar[i] = i<nFill ? '#' : '.';
  zBar[30] = 0;
  if( rFrac>0.01 ){
    cli_printf(stderr, "\r[%s] %3d%%  %.1f s, about %.0f s left ", zBar,
               (int)(rFrac*100), rElapsed, rElapsed/rFrac - rElapsed);
  }else{
    cli_printf(stderr, "\r[%s] %3d%%  %.1f s ", zBar, (int)(rFrac*100),
               rElapsed);
  }
  fflush(stderr);
  pp->bShown = 1;
}

/* Erase bar pp if it is on the screen. */
static void shellBarEnd(ShellBar *pp){
  if( pp && pp->bShown ){
    cli_printf(stderr, "\r\033[K");
    fflush(stderr);
    pp->bShown = 0;
  }
}

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
    int nPpm = sqlite3_stmt_status(spQuery.pStmt, SP_STMTSTATUS_PROGRESS, 0);
    shellBarStep(&spQuery.bar, nPpm<0 ? -1.0 : nPpm/1000000.0);
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

/*
** The dot-command ".progressbar ?on|off? ?DELAY-MS?".  Return 0 on
** success, 1 on a usage error.
*/
static int shellProgressbarCmd(ShellState *p, int nArg, char **azArg){
  if( nArg==1 ){
    cli_printf(p->out, "progressbar: %s, after %d ms\n",
               spBarOn ? "on" : "off", (int)(spBarDelay/1000));
    return 0;
  }
  if( nArg>3
   || (sqlite3_stricmp(azArg[1], "on")!=0 && sqlite3_stricmp(azArg[1], "off")!=0)
  ){
    eputz("Usage: .progressbar on|off ?DELAY-MS?\n");
    return 1;
  }
  spBarOn = sqlite3_stricmp(azArg[1], "on")==0;
  if( nArg==3 ){
    sqlite3_int64 ms = integerValue(azArg[2]);
    if( ms<0 ){
      eputz("Usage: .progressbar on|off ?DELAY-MS? (DELAY-MS >= 0)\n");
      return 1;
    }
    spBarDelay = ms*1000;
  }
  return 0;
}
