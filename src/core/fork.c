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
** The core of the lipsqlite fork: the per-connection state of its modules,
** the dispatcher of its PRAGMAs, the strict parsers those PRAGMAs use for
** their values, the code that returns their results, and PRAGMA
** lipsqlite_version.
**
** Every PRAGMA of the fork is declared by a "pragma" line of the module
** file (src/MODULE/module) of the module that implements it.  From those
** lines tool/prepare.sh writes lipsqlite.pragmas, which mkpragmatab.tcl
** reads (patch 0002: each becomes a pragma of TYPE FORK), and the table
** LIPSQLITE_MODULE_PRAGMAS of lipsqlite_modules.h, in which
** sqlite3ForkPragma() below finds the handler; sqlite3Pragma() hands every
** PRAGMA of TYPE FORK to sqlite3ForkPragma().  So this file names no
** module: a module left out of the build leaves nothing here to resolve.
** A handler reports a bad value with sqlite3ErrorMsg(): a fork PRAGMA never
** ignores a value it does not understand.
*/
#include "sqliteInt.h"

/*
** Set the fork's per-connection state of a new connection to the
** compile-time defaults: each module's member of db->fork is set by that
** module's initialiser (LIPSQLITE_MODULE_CONN_INIT).  Called from
** openDatabase() before the connection is usable.
*/
void sqlite3ForkConnInit(sqlite3 *db){
  memset(&db->fork, 0, sizeof(db->fork));
  LIPSQLITE_MODULE_CONN_INIT(db)
}

/*
** Parse the value of a boolean PRAGMA.  Accept the spellings SQLite's own
** boolean pragmas accept (ON, OFF, TRUE, FALSE, YES, NO, 1, 0, in any case)
** and write 1 or 0 to *pbOut.  Return SQLITE_OK, or SQLITE_ERROR if z is
** anything else; *pbOut is then left untouched.
*/
int sqlite3ForkParseBool(const char *z, int *pbOut){
  static const char *const azOn[] = { "1", "on", "true", "yes" };
  static const char *const azOff[] = { "0", "off", "false", "no" };
  int i;
  if( z==0 ) return SQLITE_ERROR;
  for(i=0; i<ArraySize(azOn); i++){
    if( sqlite3StrICmp(z, azOn[i])==0 ){ *pbOut = 1; return SQLITE_OK; }
    if( sqlite3StrICmp(z, azOff[i])==0 ){ *pbOut = 0; return SQLITE_OK; }
  }
  return SQLITE_ERROR;
}

/*
** Parse the value of a PRAGMA that takes a fraction: a real or integer
** number between 0.0 and 1.0 inclusive, nothing else.  Write it to *prOut
** and return SQLITE_OK, or return SQLITE_ERROR for anything else (empty
** text, trailing garbage, a value out of range, NaN).
*/
int sqlite3ForkParseFraction(const char *z, double *prOut){
  double r = 0.0;
  if( z==0 || sqlite3AtoF(z, &r)<=0 ) return SQLITE_ERROR;
  if( !(r>=0.0 && r<=1.0) ) return SQLITE_ERROR;   /* Also rejects NaN */
  *prOut = r;
  return SQLITE_OK;
}

/*
** Return the VDBE of pParse with register 1 allocated for the single
** value of a PRAGMA's result row, or NULL after an OOM.
*/
static Vdbe *forkResultVdbe(Parse *pParse){
  Vdbe *v = sqlite3GetVdbe(pParse);
  if( v && pParse->nMem<1 ) pParse->nMem = 1;
  return v;
}

/*
** Code an OP_ResultRow that returns the single text value z as the result
** of a PRAGMA.
*/
void sqlite3ForkResultText(Parse *pParse, const char *z){
  Vdbe *v = forkResultVdbe(pParse);
  if( v==0 ) return;
  sqlite3VdbeLoadString(v, 1, z);
  sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 1);
}

#ifdef P4_INT64
/*
** Code an OP_Int64 (OP_Real) that loads iVal (rVal) into register iDest;
** return its address.  Upstream up to 3.53 carries the value in an 8-byte
** P4 copy; see lipsqlite.h for 3.54 on.
*/
int sqlite3ForkAddInt64(Vdbe *v, int iDest, i64 iVal){
  assert( iDest>0 );
  return sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, iDest, 0, (const u8*)&iVal,
                               P4_INT64);
}
int sqlite3ForkAddReal(Vdbe *v, int iDest, double rVal){
  assert( iDest>0 );
  return sqlite3VdbeAddOp4Dup8(v, OP_Real, 0, iDest, 0, (const u8*)&rVal,
                               P4_REAL);
}
#endif /* P4_INT64 */

/*
** Code an OP_ResultRow that returns the single integer value iVal as the
** result of a PRAGMA.
*/
void sqlite3ForkResultInt(Parse *pParse, i64 iVal){
  Vdbe *v = forkResultVdbe(pParse);
  if( v==0 ) return;
  sqlite3ForkAddInt64(v, 1, iVal);
  sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 1);
}

/*
** Code an OP_ResultRow that returns the single real value r as the result
** of a PRAGMA.
*/
void sqlite3ForkResultReal(Parse *pParse, double r){
  Vdbe *v = forkResultVdbe(pParse);
  if( v==0 ) return;
  sqlite3ForkAddReal(v, 1, r);
  sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 1);
}

/*
** Implement a boolean PRAGMA of the fork whose value is *pb: with a value
** zRight, set *pb from it (an SQL error naming zName if it is not a
** boolean) and, if bExpire, code an OP_Expire, so that statements prepared
** under the old value are prepared again, as flag pragmas do; without a
** value, return *pb as the result.
*/
void sqlite3ForkBoolPragma(
  Parse *pParse,
  const char *zName,
  const char *zRight,
  u8 *pb,
  int bExpire
){
  if( zRight ){
    int b;
    if( sqlite3ForkParseBool(zRight, &b) ){
      sqlite3ErrorMsg(pParse,
          "PRAGMA %s: bad value '%s': expected ON or OFF", zName, zRight);
      return;
    }
    *pb = (u8)b;
    if( bExpire ) sqlite3VdbeAddOp0(sqlite3GetVdbe(pParse), OP_Expire);
    return;
  }
  sqlite3ForkResultInt(pParse, *pb);
}

/*
** Implement an integer PRAGMA of the fork whose value is *piVal: with a
** value zRight, set *piVal from it and return 1, or code an SQL error
** naming zName, the unit zUnit and the range iMin..iMax and return 0 if
** it is not an integer in that range; without a value, return *piVal as
** the result, and 0.
*/
int sqlite3ForkIntPragma(
  Parse *pParse,
  const char *zName,
  const char *zRight,
  i64 iMin,
  i64 iMax,
  const char *zUnit,
  i64 *piVal
){
  if( zRight ){
    i64 n = 0;
    if( sqlite3DecOrHexToI64(zRight, &n)!=0 || n<iMin || n>iMax ){
      sqlite3ErrorMsg(pParse,
          "PRAGMA %s: bad value '%s': expected a number of %s from %lld "
          "to %lld", zName, zRight, zUnit, iMin, iMax);
      return 0;
    }
    *piVal = n;
    return 1;
  }
  sqlite3ForkResultInt(pParse, *piVal);
  return 0;
}

/*
** Code OP_Int64s that load the n integers of aVal[] into registers
** iReg..iReg+n-1, for a PRAGMA that returns rows (the caller codes the
** OP_ResultRow and has reserved the registers).
*/
void sqlite3ForkLoadInts(Parse *pParse, int iReg, const i64 *aVal, int n){
  Vdbe *v = sqlite3GetVdbe(pParse);
  int i;
  assert( iReg>=1 && n>=0 );
  assert( pParse->nMem>=iReg+n-1 );
  if( NEVER(v==0) ) return;    /* The caller's sqlite3ForkStatsBegin() made it */
  for(i=0; i<n; i++){
    sqlite3ForkAddInt64(v, iReg+i, aVal[i]);
  }
}

/*
** The read-only statistics PRAGMAs of the modules (lip_filter_stats,
** page_cleaner_stats, hash_aggregate_stats, ...) share one shape:
**
**     if( (v = sqlite3ForkStatsBegin(pParse, zName, zRight, nCol))==0 ){
**       return;
**     }
**     ... load each row into registers 1..nCol, then
**         sqlite3ForkStatsRow(pParse, nCol);
**     sqlite3ForkStatsEnd(pParse);
**
** sqlite3ForkStatsBegin() refuses a value (the pragma is read-only: an SQL
** error naming it), reserves registers 1..nCol and returns the statement
** being coded; it returns 0, and the handler must return, after an error
** or if no statement could be made (out of memory).
*/
Vdbe *sqlite3ForkStatsBegin(
  Parse *pParse,
  const char *zName,
  const char *zRight,
  int nCol
){
  assert( nCol>=1 );
  if( zRight ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s is read-only", zName);
    return 0;
  }
  if( pParse->nMem<nCol ) pParse->nMem = nCol;
  return sqlite3GetVdbe(pParse);
}

/*
** Code the output of one row of a statistics PRAGMA, held in registers
** 1..nCol.
*/
void sqlite3ForkStatsRow(Parse *pParse, int nCol){
  assert( pParse->nMem>=nCol );
  sqlite3VdbeAddOp2(sqlite3GetVdbe(pParse), OP_ResultRow, 1, nCol);
}

/*
** End the code of a statistics PRAGMA.  Its rows are the values of
** prepare time: an OP_Expire makes the statement prepare again before it
** runs again, so that a cached statement (a driver's statement cache)
** reports the values of its own time.
*/
void sqlite3ForkStatsEnd(Parse *pParse){
  sqlite3VdbeAddOp2(sqlite3GetVdbe(pParse), OP_Expire, 1, 1);
}

/*
**   PRAGMA lipsqlite_version
**
** Return the version of the fork.  The pragma is read-only.
*/
void sqlite3ForkVersionPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  if( zRight ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s is read-only", zName);
    return;
  }
  sqlite3ForkResultText(pParse, LIPSQLITE_VERSION);
}

/*
** The PRAGMAs of the fork and their handlers: PRAGMA lipsqlite_version and
** those of the modules of this build (lipsqlite_modules.h, written from
** their module files).  A boolean PRAGMA of a module has no handler of its
** own, only the place of its flag in struct ForkConn.
*/
static const struct ForkPragma {
  const char *zName;        /* Name, as in lipsqlite.pragmas */
  ForkPragmaFunc xPragma;   /* Its handler, or 0 for a boolean PRAGMA */
  size_t iField;            /* Boolean PRAGMA: offset of its u8 in ForkConn */
} aForkPragma[] = {
  { "lipsqlite_version", sqlite3ForkVersionPragma, 0 },
  LIPSQLITE_MODULE_PRAGMAS
};

/*
** Implement a PRAGMA of TYPE FORK: find its handler by name and call it.
*/
void sqlite3ForkPragma(
  Parse *pParse,          /* The parser */
  const char *zName,      /* Name of the pragma, as in lipsqlite.pragmas */
  const char *zDb,        /* The schema it names, or NULL if none */
  const char *zRight      /* Its value, or NULL if none was given */
){
  int i;
  for(i=0; i<ArraySize(aForkPragma); i++){
    if( sqlite3StrICmp(zName, aForkPragma[i].zName)==0 ){
      if( aForkPragma[i].xPragma ){
        aForkPragma[i].xPragma(pParse, zName, zDb, zRight);
      }else{
        /* A boolean setting of the code generator: a change expires the
        ** prepared statements, whose code depends on it */
        u8 *pb = (u8*)&pParse->db->fork + aForkPragma[i].iField;
        assert( aForkPragma[i].iField<sizeof(ForkConn) );
        sqlite3ForkBoolPragma(pParse, zName, zRight, pb, 1);
      }
      return;
    }
  }
  /* Both tables are written from the same module files: every pragma of
  ** TYPE FORK has a handler */
  assert( 0 );
  sqlite3ErrorMsg(pParse, "PRAGMA %s: no handler in this build", zName);
}
