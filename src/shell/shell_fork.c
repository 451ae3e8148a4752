/*
** 2026-11-25
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
** This file implements the shell's part of the fork's core (patch 0003):
**
**   *  shellForkVersion(): the fork's version of the library in use, which
**      "sqlite3 --version" and ".version" print;
**   *  the progress bar that the fork's shell features draw on a terminal
**      (ShellBar: ".import --auto", src/csvauto/shell_csvauto.c, and long
**      statements, src/progressbar/shell_progressbar.c);
**   *  the dot-command ".progressbar on|off ?DELAY-MS?" that switches it.
**
** This file is not compiled on its own: tool/mkshellc.tcl includes it into
** shell.c (an "INCLUDE shell_fork.c" line that patch 0003 adds to
** src/shell.c.in), so it sees the shell's ShellState, cli_printf(),
** timeOfDay() and integerValue().  The bar is described in
** doc/progress.md.
*/

/* The entry of sqlite3_compileoption_get() that names the fork's version */
#define SHELL_FORK_VERSION_OPT "LIPSQLITE_VERSION="

/* The progress bar */
#define SHELL_BAR_WIDTH      30     /* Characters between its brackets */
#define SHELL_BAR_DELAY_MS   2000   /* Default delay before it shows */
#define SHELL_BAR_REDRAW_MS  200    /* Least time between two drawings */
#define SHELL_BAR_ESTIMATE   0.01   /* Fraction done to estimate time left */
#define SHELL_USEC_PER_MS    1000   /* timeOfDay() counts microseconds */

/*
** Return the fork's version string of the library in use (the value of
** its LIPSQLITE_VERSION compile-time option), or NULL if the library is
** not a lipsqlite build.
*/
static const char *shellForkVersion(void){
  const int n = (int)sizeof(SHELL_FORK_VERSION_OPT)-1;
  const char *z;
  int i;
  for(i=0; (z = sqlite3_compileoption_get(i))!=0; i++){
    if( cli_strncmp(z, SHELL_FORK_VERSION_OPT, n)==0 ) return &z[n];
  }
  return 0;
}

static int spBarOn = 1;                      /* .progressbar on */
static sqlite3_int64 spBarDelay =            /* Microseconds before it shows */
  (sqlite3_int64)SHELL_BAR_DELAY_MS*SHELL_USEC_PER_MS;
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
** passed and it was not drawn in the last SHELL_BAR_REDRAW_MS.  Reads the
** clock.
*/
static int shellBarDue(ShellBar *pp){
  sqlite3_int64 now;
  if( !pp->bTty ) return 0;
  now = timeOfDay();
  if( now - pp->tStart < spBarDelay ) return 0;
  if( pp->bShown && now - pp->tLast < SHELL_BAR_REDRAW_MS*SHELL_USEC_PER_MS ){
    return 0;
  }
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
  char zBar[SHELL_BAR_WIDTH+1];
  int i, nFill;
  if( !shellBarDue(pp) ) return;
  now = timeOfDay();
  pp->tLast = now;
  rElapsed = (now - pp->tStart)/(1000.0*SHELL_USEC_PER_MS);
  if( rFrac>1.0 ) rFrac = 1.0;
  if( rFrac<pp->rShown ) rFrac = pp->rShown;
  pp->rShown = rFrac;
  if( rFrac<0.0 ){
    cli_printf(stderr, "\r[%*s] %.1f s ", SHELL_BAR_WIDTH, "", rElapsed);
    fflush(stderr);
    pp->bShown = 1;
    return;
  }
  nFill = (int)(rFrac*SHELL_BAR_WIDTH);
  for(i=0; i<SHELL_BAR_WIDTH; i++) zBar[i] = i<nFill ? '#' : '.';
  zBar[SHELL_BAR_WIDTH] = 0;
  if( rFrac>SHELL_BAR_ESTIMATE ){
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
** The dot-command ".progressbar ?on|off? ?DELAY-MS?".  Return 0 on
** success, 1 on a usage error.
*/
static int shellProgressbarCmd(ShellState *p, int nArg, char **azArg){
  if( nArg==1 ){
    cli_printf(p->out, "progressbar: %s, after %d ms\n",
               spBarOn ? "on" : "off",
               (int)(spBarDelay/SHELL_USEC_PER_MS));
    return 0;
  }
  if( nArg>3
   || (sqlite3_stricmp(azArg[1], "on")!=0
       && sqlite3_stricmp(azArg[1], "off")!=0)
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
    spBarDelay = ms*SHELL_USEC_PER_MS;
  }
  return 0;
}
