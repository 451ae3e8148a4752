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
** lipsqlite: the shell's part of the fork's core (patch 0003):
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
** timeOfDay() and integerValue().
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
*/

/*
** Return the fork's version string of the library in use (the value of
** its LIPSQLITE_VERSION compile-time option), or NULL if the library is
** not a lipsqlite build.
*/
static const char *shellForkVersion(void){
  const char *z;
  int i;
  for(i=0; (z = sqlite3_compileoption_get(i))!=0; i++){
    if( cli_strncmp(z, "LIPSQLITE_VERSION=", 18)==0 ) return &z[18];
  }
  return 0;
}

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
