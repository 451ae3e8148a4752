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
** The common part of the lipsqlite fork: per-connection defaults, the
** dispatcher for the fork's PRAGMAs, and the strict parsers those PRAGMAs
** use for their values.
**
** Every PRAGMA of the fork is listed in tool/mkpragmatab.tcl with TYPE FORK
** (patch 0002).  sqlite3Pragma() hands all of them to sqlite3ForkPragma()
** below, which finds the handler in aForkPragma[].  A handler reports a bad
** value with sqlite3ErrorMsg(): a fork PRAGMA never ignores a value it does
** not understand.
*/
#include "sqliteInt.h"

/*
** Set the fork's per-connection state of a new connection to the
** compile-time defaults.  Called from openDatabase() before the connection
** is usable.
*/
void sqlite3ForkConnInit(sqlite3 *db){
  memset(&db->fork, 0, sizeof(db->fork));
  db->fork.bLip = SQLITE_LIP_DEFAULT;
  db->fork.eCleaner = SQLITE_PCLEANER_DEFAULT;
  db->fork.rCleanerThreshold = SQLITE_PCLEANER_THRESHOLD_PCT/100.0;
  db->fork.nCleanerQueue = SQLITE_PCLEANER_QUEUE_PAGES;
  db->fork.bHashAgg = SQLITE_HASH_AGGREGATE_DEFAULT;
  db->fork.nHashAggMem = SQLITE_HASH_AGGREGATE_MEMORY;
  db->fork.bAmortize = SQLITE_SUBQUERY_AMORTIZE_DEFAULT;
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
** Code an OP_ResultRow that returns the single text value z as the result
** of a PRAGMA.
*/
void sqlite3ForkResultText(Parse *pParse, const char *z){
  Vdbe *v = sqlite3GetVdbe(pParse);
  if( v==0 ) return;
  if( pParse->nMem<1 ) pParse->nMem = 1;
  sqlite3VdbeLoadString(v, 1, z);
  sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 1);
}

/*
** Code an OP_ResultRow that returns the single integer value iVal as the
** result of a PRAGMA.
*/
void sqlite3ForkResultInt(Parse *pParse, i64 iVal){
  Vdbe *v = sqlite3GetVdbe(pParse);
  if( v==0 ) return;
  if( pParse->nMem<1 ) pParse->nMem = 1;
  sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 1, 0, (const u8*)&iVal, P4_INT64);
  sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 1);
}

/*
** Code an OP_ResultRow that returns the single real value r as the result
** of a PRAGMA.
*/
void sqlite3ForkResultReal(Parse *pParse, double r){
  Vdbe *v = sqlite3GetVdbe(pParse);
  if( v==0 ) return;
  if( pParse->nMem<1 ) pParse->nMem = 1;
  sqlite3VdbeAddOp4Dup8(v, OP_Real, 0, 1, 0, (const u8*)&r, P4_REAL);
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
** Code OP_Int64s that load the n integers of aVal[] into registers 1..n,
** for a PRAGMA that returns rows (the caller codes the OP_ResultRow).
*/
void sqlite3ForkLoadInts(Parse *pParse, const i64 *aVal, int n){
  Vdbe *v = sqlite3GetVdbe(pParse);
  int i;
  if( v==0 ) return;
  if( pParse->nMem<n ) pParse->nMem = n;
  for(i=0; i<n; i++){
    sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 1+i, 0, (const u8*)&aVal[i],
                          P4_INT64);
  }
}

/*
** A 64-bit mixing function (the finalizer of splitmix64): every bit of the
** result depends on every bit of x.
*/
u64 sqlite3ForkMix(u64 x){
  x ^= x >> 30;
  x *= (((u64)0xbf58476d)<<32) | 0x1ce4e5b9;
  x ^= x >> 27;
  x *= (((u64)0x94d049bb)<<32) | 0x133111eb;
  x ^= x >> 31;
  return x;
}

/* Seeds of the hashes of each storage class, and the hash of NULL */
#define FORK_H_NULL  (((u64)0x6c697020)<<32 | 0x6e756c6c)
#define FORK_H_TEXT  (((u64)0x6c697020)<<32 | 0x74657874)
#define FORK_H_BLOB  (((u64)0x6c697020)<<32 | 0x626c6f62)
#define FORK_FNV_BASIS  ((((u64)0xcbf29ce4)<<32) | 0x84222325)
#define FORK_FNV_PRIME  ((((u64)0x100)<<32) | 0x000001b3)

/*
** Continue the FNV-1a hash h over n bytes of z, folding ASCII upper case
** to lower case if bFold is true (as the NOCASE collation compares).
*/
static u64 forkHashBytes(u64 h, const u8 *z, int n, int bFold){
  int i;
  if( bFold ){
    for(i=0; i<n; i++){ h = (h ^ sqlite3UpperToLower[z[i]]) * FORK_FNV_PRIME; }
  }else{
    for(i=0; i<n; i++){ h = (h ^ z[i]) * FORK_FNV_PRIME; }
  }
  return h;
}

/*
** Return the hash of the value in pMem.  Two values that compare equal
** under SQLite's rules (sqlite3MemCompare()), with text compared under
** text mode eText (FORK_TEXT_BINARY, _NOCASE or _RTRIM), hash alike: an
** integer and a real of the same value, -0.0 and 0.0, a zero-filled blob
** (MEM_Zero) and the same bytes stored in full.  Under FORK_TEXT_ANY (an
** unknown collation), and for text not in UTF-8, all text hashes alike.
*/
u64 sqlite3ForkHashValue(const Mem *pMem, int eText){
  u16 f = pMem->flags;
  if( f & MEM_Null ) return FORK_H_NULL;
  if( f & (MEM_Int|MEM_IntReal) ) return sqlite3ForkMix((u64)pMem->u.i);
  if( f & MEM_Real ){
    double r = pMem->u.r;
    u64 x;
    if( r>=-9223372036854775808.0 && r<9223372036854775808.0 ){
      i64 i = (i64)r;
      if( (double)i==r ) return sqlite3ForkMix((u64)i);  /* Also -0.0 */
    }
    memcpy(&x, &r, sizeof(x));
    return sqlite3ForkMix(x ^ FORK_H_BLOB);
  }
  if( f & MEM_Str ){
    const u8 *z = (const u8*)pMem->z;
    int n = pMem->n;
    if( eText==FORK_TEXT_ANY || pMem->enc!=SQLITE_UTF8 ) return FORK_H_TEXT;
    if( eText==FORK_TEXT_RTRIM ){
      while( n>0 && z[n-1]==' ' ) n--;
    }
    return sqlite3ForkMix(forkHashBytes(FORK_H_TEXT ^ FORK_FNV_BASIS, z, n,
                                        eText==FORK_TEXT_NOCASE) ^ (u64)n);
  }
  if( f & MEM_Blob ){
    u64 h = forkHashBytes(FORK_H_BLOB ^ FORK_FNV_BASIS,
                          (const u8*)pMem->z, pMem->n, 0);
    i64 n = pMem->n;
    if( f & MEM_Zero ){
      int i;
      for(i=0; i<pMem->u.nZero; i++) h *= FORK_FNV_PRIME;  /* h ^= 0 */
      n += pMem->u.nZero;
    }
    return sqlite3ForkMix(h ^ (u64)n);
  }
  return FORK_H_NULL;   /* Not reached: every value has a type */
}

/*
** Return the text mode under which sqlite3ForkHashValue() hashes text so
** that values equal under collating sequence pColl hash alike:
** FORK_TEXT_BINARY, _NOCASE or _RTRIM for SQLite's built-in collations in
** UTF-8, FORK_TEXT_ANY for any other (a user-defined collation, or one that
** replaced a built-in one of the same name).
*/
int sqlite3ForkCollTextMode(const CollSeq *pColl){
  if( pColl && pColl->enc!=SQLITE_UTF8 ) return FORK_TEXT_ANY;
  return sqlite3BuiltinCollation(pColl);
}

/*
**   PRAGMA lipsqlite_version
**
** Return the version of the fork.  The pragma is read-only.
*/
static void forkPragmaVersion(
  Parse *pParse,
  int iDb,
  const char *zName,
  const char *zRight
){
  UNUSED_PARAMETER(iDb);
  if( zRight ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s is read-only", zName);
    return;
  }
  sqlite3ForkResultText(pParse, LIPSQLITE_VERSION);
}

/*
** The PRAGMAs of the fork and their handlers.  Each handler is called with
** the parser, the index of the schema named in the PRAGMA (0 if none), the
** pragma's name and its value (NULL for a query).
*/
static const struct ForkPragma {
  const char *zName;
  void (*xPragma)(Parse*, int, const char*, const char*);
} aForkPragma[] = {
  { "hash_aggregate",        sqlite3HashAggPragma },
  { "hash_aggregate_memory", sqlite3HashAggMemoryPragma },
  { "hash_aggregate_stats",  sqlite3HashAggStatsPragma },
  { "lip_filter",            sqlite3LipPragma },
  { "lip_filter_stats",      sqlite3LipStatsPragma },
  { "lipsqlite_version",     forkPragmaVersion },
  { "page_cleaner",          sqlite3PcleanerPragma },
  { "page_cleaner_queue",    sqlite3PcleanerQueuePragma },
  { "page_cleaner_stats",    sqlite3PcleanerStatsPragma },
  { "page_cleaner_threshold", sqlite3PcleanerThresholdPragma },
  { "subquery_amortize",     sqlite3AmortizePragma },
};

/*
** Implement a PRAGMA of TYPE FORK: find its handler by name and call it.
*/
void sqlite3ForkPragma(
  Parse *pParse,          /* The parser */
  int iDb,                /* Schema named by the PRAGMA, 0 for "main" */
  const char *zName,      /* Name of the pragma, as in mkpragmatab.tcl */
  const char *zRight      /* Its value, or NULL if none was given */
){
  int i;
  pParse->db->fork.nForkPragma++;
  for(i=0; i<ArraySize(aForkPragma); i++){
    if( sqlite3StrICmp(zName, aForkPragma[i].zName)==0 ){
      aForkPragma[i].xPragma(pParse, iDb, zName, zRight);
      return;
    }
  }
  /* Every TYPE FORK entry of mkpragmatab.tcl must have a handler */
  assert( 0 );
  sqlite3ErrorMsg(pParse, "PRAGMA %s: no handler in this build", zName);
}
