/*
** 2026 December 7
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
** cccorrupt: a seeded fuzzer of column copies read from a corrupt file
** (issue 55, "Untrusted bytes"; doc/fuzzing.md).  Built with
** AddressSanitizer, UndefinedBehaviorSanitizer and SQLITE_DEBUG against
** the tree's sqlite3.c (tool/lipfuzz.mk, run by tool/fuzz.sh and
** test/checks/column-copy-corrupt.sh).
**
** Each case, in an in-memory database:
**
**   1. makes a table t of 1 to 6 columns of random declared types
**      (INTEGER, REAL, TEXT, BLOB, none) holding integers (small, wide,
**      sequential, near 2^63), reals (integral, huge, fractional), texts
**      (few or many distinct), blobs and NULLs, mixed within a column
**      sometimes; 500 to 5,000 rows (1 case in 6: 65,537 to 70,000, two
**      chunks), rowids from 1, from a random base, or sparse; some rows
**      deleted; and a table o of 1,100 to 3,000 rowids of t (and some
**      that are not) for a join whose rowid lookups go through the copy;
**   2. builds the copy (PRAGMA column_copy(t)), sometimes writes a few rows
**      after it (stale chunks, a tail), and checks that aggregates read
**      through the intact copy equal the row path's (column_scan OFF);
**   3. applies 1 to 4 mutations with SQL to the copy's tables: a data
**      BLOB's bits flipped, bytes set, truncated, extended, its encoding
**      byte, flags or header row count changed, a 4- or 8-byte word set to
**      a boundary value, another chunk's or column's BLOB or a non-BLOB put
**      in its place, its zone map or counts changed; a directory row's lo,
**      k, hi, nrow or stale set to a boundary value (0, -1, 65536, 65537,
**      2^31-1, 2^47, 2^63-1, ...); a directory or data row duplicated
**      (under another key) or deleted; the meta row's format, ncol,
**      cookie, chunk_rows or rows changed; sometimes a write of the base
**      table afterwards (its triggers mark the corrupt directory);
**   4. runs, with column_scan ON, full scans, aggregates, WHERE terms,
**      rowid ranges, GROUP BY, the join (CROSS JOIN t ON t.rowid=o.k, more
**      than 1,024 lookups), count(*), PRAGMA column_copy_list,
**      PRAGMA optimize (column_copy_refresh 1), PRAGMA column_copy(t)
**      (a refresh) and the scans again.
**
** Any answer or any error is accepted (a wrong answer is allowed from a
** corrupt file); a case fails on a sanitizer report or an assertion (the
** process ends), on a statement running longer than --stmt-seconds
** (default 10, checked by the progress handler) or on a case running
** longer than --case-seconds (default 60, SIGALRM: a loop that never
** returns to the VDBE).  A run of 10 cases or more also fails if no query
** was planned through the copy (--no-feature builds none: a self-test).
** --hang runs a statement that never ends in each case (a self-test of
** the time limits).  Each case prints one line naming it and its
** mutations before it runs them, so a crash's log ends with the case to
** rerun: cccorrupt --seed S --case N --verbose.
*/
#include "sqlite3.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <sys/time.h>
#include <unistd.h>

typedef sqlite3_int64 i64;
typedef sqlite3_uint64 u64;

#include "fuzzrng.h"

static struct {
  const char *zArgv0;
  u64 iSeed;
  int iCase;
  int bVerbose;
  int bNoFeature;
  int bHang;
  double rStmtSeconds;
  int nCaseSeconds;
  int nFail;
  /* counts */
  int nPlanned;         /* Cases whose scan was planned through the copy */
  int nMut;             /* Mutations applied */
  int nMutErr;          /* ... that SQLite refused (constraints) */
  int nStmt;            /* Statements run after the mutations */
  int nStmtErr;         /* ... that ended with an error */
  int nCorruptErr;      /* ... of which SQLITE_CORRUPT */
  int nIntact;          /* Intact copies whose answers equal the row path's */
  int nTwoChunk;        /* Cases with more than one chunk */
  i64 nRows;            /* Result rows read */
  double tStmt;         /* When the current statement started */
  int bStmtTooLong;     /* The current statement ran too long */
  char zDesc[600];      /* The current case and its mutations */
} g;

static double nowSeconds(void){
  struct timeval tv;
  gettimeofday(&tv, 0);
  return (double)tv.tv_sec + (double)tv.tv_usec*1e-6;
}

static void failHeader(const char *zWhat){
  printf("FAIL cccorrupt: seed %llu case %d: %s\n",
         (unsigned long long)g.iSeed, g.iCase, zWhat);
  printf("  case: %s\n", g.zDesc);
  printf("  rerun: %s --seed %llu --case %d --verbose\n",
         g.zArgv0, (unsigned long long)g.iSeed, g.iCase);
  fflush(stdout);
}

/*
** SIGALRM: a case ran longer than --case-seconds.  Only async-signal-safe
** calls: the report was formatted into g.zDesc before.
*/
static void onAlarm(int sig){
  static const char z1[] = "FAIL cccorrupt: case timeout (--case-seconds): ";
  (void)sig;
  if( write(1, z1, sizeof(z1)-1) ){}
  if( write(1, g.zDesc, strlen(g.zDesc)) ){}
  if( write(1, "\n", 1) ){}
  _exit(3);
}

/*
** The progress handler: ends a statement that ran longer than
** --stmt-seconds, which the caller reports as a hang.
*/
static int onProgress(void *pArg){
  (void)pArg;
  if( nowSeconds()-g.tStmt > g.rStmtSeconds ){
    g.bStmtTooLong = 1;
    return 1;
  }
  return 0;
}

/*
** Run every statement of zSql, reading every value of every row.  Return
** the first error's code (SQLITE_OK if none).  A result digest is
** appended to pOut if it is not NULL.
*/
static int runSql(sqlite3 *db, const char *zSql, sqlite3_str *pOut){
  const char *zTail = zSql;
  int rc = SQLITE_OK;
  if( g.bVerbose ){ printf("%s;\n", zSql); fflush(stdout); }
  while( zTail && zTail[0] && rc==SQLITE_OK ){
    sqlite3_stmt *p = 0;
    rc = sqlite3_prepare_v2(db, zTail, -1, &p, &zTail);
    if( rc!=SQLITE_OK || p==0 ) break;
    g.tStmt = nowSeconds();
    g.bStmtTooLong = 0;
    while( (rc = sqlite3_step(p))==SQLITE_ROW ){
      int i, n = sqlite3_column_count(p);
      g.nRows++;
      for(i=0; i<n; i++){
        int t = sqlite3_column_type(p, i);
        if( pOut ){
          switch( t ){
            case SQLITE_INTEGER:
              sqlite3_str_appendf(pOut, " i%lld", sqlite3_column_int64(p,i));
              break;
            case SQLITE_FLOAT:
              sqlite3_str_appendf(pOut, " r%!.15g", sqlite3_column_double(p,i));
              break;
            case SQLITE_TEXT:
              sqlite3_str_appendf(pOut, " t'%q'", sqlite3_column_text(p,i));
              break;
            case SQLITE_BLOB:
              sqlite3_str_appendf(pOut, " b%d", sqlite3_column_bytes(p,i));
              break;
            default:
              sqlite3_str_appendall(pOut, " NULL");
          }
        }else if( t==SQLITE_BLOB ){
          const unsigned char *z = sqlite3_column_blob(p, i);
          int nb = sqlite3_column_bytes(p, i);
          if( z && nb>0 && z[nb-1]==0x5a ) g.nRows++;  /* read the bytes */
        }else{
          (void)sqlite3_column_text(p, i);
        }
      }
    }
    if( rc==SQLITE_DONE ) rc = SQLITE_OK;
    if( g.bStmtTooLong ){
      char *zMsg = sqlite3_mprintf("a statement ran longer than %.0fs: %s",
                                   g.rStmtSeconds, sqlite3_sql(p));
      failHeader(zMsg);
      sqlite3_free(zMsg);
      g.bStmtTooLong = 0;
      sqlite3_finalize(p);
      return -1;
    }
    if( rc!=SQLITE_OK && pOut ){
      sqlite3_str_appendf(pOut, " error %d", rc);
    }
    sqlite3_finalize(p);
  }
  if( rc!=SQLITE_OK && pOut ){
    sqlite3_str_appendf(pOut, " error %s", sqlite3_errmsg(db));
  }
  return rc;
}

/* Boundary values for directory and meta columns */
static const char *azBound[] = {
  "0", "-1", "1", "2", "1023", "1024", "1025", "65535", "65536", "65537",
  "2147483646", "2147483647", "2147483648", "4294967295", "4294967296",
  "140737488355327", "140737488355328", "9223372036854775807",
  "-9223372036854775808", "-2147483648", "NULL", "'1'", "1.5", "x'00'",
  "1e300", "-65536"
};
#define N_BOUND ((int)(sizeof(azBound)/sizeof(azBound[0])))

/* Boundary 32-bit words for a BLOB */
static const unsigned int aWord32[] = {
  0, 1, 2, 7, 8, 0xff, 0x100, 0x3ff, 0x400, 0x401, 0xffff, 0x10000, 0x10001,
  0x7ffffffe, 0x7fffffff, 0x80000000u, 0xfffffff0u, 0xfffffffeu, 0xffffffffu
};
#define N_WORD32 ((int)(sizeof(aWord32)/sizeof(aWord32[0])))

/*
** A random value of the kind of column iKind for row iRow.
*/
static char *colValue(Rng *r, int iKind, int nNullPct, int iRow){
  if( rnd(r, 100)<nNullPct ) return sqlite3_mprintf("NULL");
  switch( iKind ){
    case 0: return sqlite3_mprintf("%d", rndRange(r, -50, 50));
    case 1: return sqlite3_mprintf("%lld",
                     (i64)(rngNext(r)>>rnd(r, 64)) * (rnd(r,2) ? 1 : -1));
    case 2: return sqlite3_mprintf("%d", iRow);
    case 3: return sqlite3_mprintf("%lld",
                     (i64)0x7fffffffffffff00LL + rnd(r, 256));
    case 4: return sqlite3_mprintf("%d.0", rndRange(r, -1000, 1000));
    case 5: return sqlite3_mprintf("%!.17g",
                     (double)(rngNext(r)>>11) * 1.1e-10 * (rnd(r,2)?1:-1));
    case 6: return sqlite3_mprintf("%s", rnd(r,2) ? "1e300" : "-9.5e307");
    case 7: return sqlite3_mprintf("'v%d'", rnd(r, 13));
    case 8: return sqlite3_mprintf("'text%llx'", rngNext(r)>>rnd(r,60));
    case 9: return sqlite3_mprintf("randomblob(%d)", rnd(r, 40));
    default: {
      /* mixed classes */
      return colValue(r, rnd(r, 10), 0, iRow);
    }
  }
}

static const char *azType[] = { "INTEGER", "REAL", "TEXT", "BLOB", "" };

/*
** Make table t and table o and the copy.  Return non-zero if the setup
** failed (an error of the harness).
*/
static int makeTable(sqlite3 *db, Rng *r, int *pnCol){
  int nCol = rndRange(r, 1, 6);
  int nRow, i, j, iBase, iStep, nNull[6], aKind[6];
  int bTwo = rnd(r, 6)==0;
  sqlite3_str *s = sqlite3_str_new(db);
  char *z;
  int rc;

  nRow = bTwo ? rndRange(r, 65537, 70000) : rndRange(r, 500, 5000);
  if( bTwo ) g.nTwoChunk++;
  sqlite3_str_appendall(s, "CREATE TABLE t(");
  for(j=0; j<nCol; j++){
    int iKind = rnd(r, 11);
    aKind[j] = iKind;
    nNull[j] = rnd(r,3)==0 ? 0 : rnd(r, 60);
    sqlite3_str_appendf(s, "%sc%d %s", j?", ":"", j,
        iKind<=3 ? (rnd(r,3) ? "INTEGER" : azType[rnd(r,5)]) :
        iKind<=6 ? (rnd(r,3) ? "REAL" : azType[rnd(r,5)]) :
        iKind<=8 ? (rnd(r,3) ? "TEXT" : azType[rnd(r,5)]) :
        azType[rnd(r,5)]);
  }
  sqlite3_str_appendall(s, ")");
  z = sqlite3_str_finish(s);
  rc = runSql(db, z, 0);
  sqlite3_free(z);
  if( rc ) return rc;

  switch( rnd(r, 3) ){
    case 0:  iBase = 1; iStep = 1; break;
    case 1:  iBase = rndRange(r, -100000, 100000); iStep = 1; break;
    default: iBase = rndRange(r, -1000, 1000); iStep = rndRange(r, 2, 9);
  }
  rc = runSql(db, "BEGIN", 0);
  for(i=0; i<nRow && rc==SQLITE_OK; i++){
    s = sqlite3_str_new(db);
    sqlite3_str_appendf(s, "INSERT INTO t(rowid");
    for(j=0; j<nCol; j++) sqlite3_str_appendf(s, ",c%d", j);
    sqlite3_str_appendf(s, ") VALUES(%lld", (i64)iBase + (i64)i*iStep);
    for(j=0; j<nCol; j++){
      char *zv = colValue(r, aKind[j], nNull[j], i);
      sqlite3_str_appendf(s, ",%s", zv);
      sqlite3_free(zv);
    }
    sqlite3_str_appendall(s, ")");
    z = sqlite3_str_finish(s);
    rc = sqlite3_exec(db, z, 0, 0, 0);
    sqlite3_free(z);
  }
  if( rc==SQLITE_OK && rnd(r,2) ){
    z = sqlite3_mprintf("DELETE FROM t WHERE rowid%%%d=%d",
                        rndRange(r, 2, 50), rnd(r, 2));
    rc = runSql(db, z, 0);
    sqlite3_free(z);
  }
  if( rc==SQLITE_OK && rnd(r,2) ){
    i64 lo = (i64)iBase + (i64)rnd(r, nRow)*iStep;
    z = sqlite3_mprintf("DELETE FROM t WHERE rowid BETWEEN %lld AND %lld",
                        lo, lo + rnd(r, 2000));
    rc = runSql(db, z, 0);
    sqlite3_free(z);
  }
  if( rc==SQLITE_OK ){
    z = sqlite3_mprintf(
      "CREATE TABLE o(k);"
      "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c"
      " WHERE n<%d)"
      " INSERT INTO o SELECT %lld + ((n*7919)%%%d)*%d FROM c",
      rndRange(r, 1100, 3000), (i64)iBase - 3, nRow+10, iStep);
    rc = runSql(db, z, 0);
    sqlite3_free(z);
  }
  if( rc==SQLITE_OK ) rc = runSql(db, "COMMIT", 0);
  *pnCol = nCol;
  return rc;
}

/*
** The queries run on the corrupt copy.  %d in a query is replaced by a
** random number.
*/
static const char *azQuery[] = {
  "SELECT count(*) FROM t",
  "SELECT count(*), sum(c0), min(c0), max(c0), total(c0) FROM t",
  "SELECT rowid, * FROM t",
  "SELECT * FROM t WHERE c0>%d",
  "SELECT rowid, c0 FROM t WHERE c0=%d OR c0 IS NULL",
  "SELECT count(*), avg(rowid) FROM t WHERE rowid>=%d",
  "SELECT rowid, * FROM t WHERE rowid BETWEEN %d AND %d+3000",
  "SELECT rowid FROM t WHERE rowid>=%d LIMIT 5",
  "SELECT max(rowid), min(rowid), sum(rowid) FROM t",
  "SELECT c0, count(*) FROM t GROUP BY c0 ORDER BY 2 DESC LIMIT 10",
  "SELECT count(*), sum(t.c0), max(t.rowid) FROM o CROSS JOIN t"
  " ON t.rowid=o.k",
  "SELECT t.* FROM o CROSS JOIN t ON t.rowid=o.k WHERE o.k%%7=0",
  "SELECT count(*) FROM t WHERE c0 IN (1, 2.5, 'v3', x'00', %d)",
  "SELECT count(*) FROM t WHERE c0 BETWEEN 'v1' AND 'v5'",
  "SELECT typeof(c0), length(c0) FROM t WHERE rowid%%97=0",
  /* LIKE and GLOB inside the scan (column_copy_match.c): texts of the
  ** chunk searched, dictionaries memoized */
  "SELECT count(*), max(rowid) FROM t WHERE c0 LIKE '%%v%%1%%'",
  "SELECT rowid FROM t WHERE c0 NOT LIKE 'v%%' AND c0 GLOB '*%d*'",
};
#define N_QUERY ((int)(sizeof(azQuery)/sizeof(azQuery[0])))

/*
** The text of query iQ with c0 replaced by column iCol.
*/
static char *queryText(Rng *r, int iQ, int nCol){
  char *z = sqlite3_mprintf(azQuery[iQ], rndRange(r,-100,6000),
                            rndRange(r,-100,6000));
  char *p;
  int iCol = rnd(r, nCol);
  for(p=z; (p = strstr(p, "c0"))!=0; p+=2) p[1] = (char)('0'+iCol);
  return z;
}

/* Fetch the data row ids of copy 1 into aId (at most nMax). */
static int dataIds(sqlite3 *db, i64 *aId, int nMax){
  sqlite3_stmt *p = 0;
  int n = 0;
  sqlite3_prepare_v2(db, "SELECT id FROM lipsqlite_column_copy_1_data"
                         " ORDER BY id", -1, &p, 0);
  while( p && sqlite3_step(p)==SQLITE_ROW && n<nMax ){
    aId[n++] = sqlite3_column_int64(p, 0);
  }
  sqlite3_finalize(p);
  return n;
}

static void descAdd(const char *zFmt, ...){
  va_list ap;
  size_t n = strlen(g.zDesc);
  if( n+4 >= sizeof(g.zDesc) ) return;
  va_start(ap, zFmt);
  sqlite3_vsnprintf((int)(sizeof(g.zDesc)-n), g.zDesc+n, zFmt, ap);
  va_end(ap);
}

/*
** Mutate a data BLOB: read it, change it in memory, write it back.
*/
static int mutateBlob(sqlite3 *db, Rng *r, i64 iId, i64 iOther){
  sqlite3_stmt *p = 0;
  unsigned char *a;
  int n = 0, nAlloc, op, i, rc;
  sqlite3_prepare_v2(db, "SELECT bytes FROM lipsqlite_column_copy_1_data"
                         " WHERE id=?", -1, &p, 0);
  if( p==0 ) return 1;
  sqlite3_bind_int64(p, 1, rnd(r,4)==0 ? iOther : iId);
  if( sqlite3_step(p)==SQLITE_ROW ) n = sqlite3_column_bytes(p, 0);
  nAlloc = n + 70000;
  a = sqlite3_malloc(nAlloc);
  if( a==0 ){ sqlite3_finalize(p); return 1; }
  memset(a, 0, nAlloc);
  if( n>0 ) memcpy(a, sqlite3_column_blob(p, 0), n);
  sqlite3_finalize(p);
  op = rnd(r, 10);
  switch( op ){
    case 0:   /* flip bits */
      for(i=rndRange(r,1,8); i>0 && n>0; i--){
        a[rnd(r, n)] ^= (unsigned char)(1<<rnd(r,8));
      }
      descAdd(" blob %lld flip", iId);
      break;
    case 1: { /* truncate */
      n = rnd(r,2) ? rnd(r, n+1) : (n>0 ? n - rndRange(r, 1, n<16?n:16) : 0);
      descAdd(" blob %lld truncate %d", iId, n);
      break;
    }
    case 2: { /* extend */
      int k = rnd(r,3)==0 ? rndRange(r, 1000, 65536) : rndRange(r, 1, 64);
      for(i=0; i<k; i++) a[n+i] = rnd(r,2) ? 0 : (unsigned char)rnd(r,256);
      n += k;
      descAdd(" blob %lld extend %d", iId, k);
      break;
    }
    case 3:   /* the encoding byte */
      if( n>0 ) a[0] = (unsigned char)(rnd(r,3) ? rnd(r,8) : rnd(r,256));
      descAdd(" blob %lld enc %d", iId, n>0 ? a[0] : -1);
      break;
    case 4:   /* the flags byte */
      if( n>1 ) a[1] ^= (unsigned char)(1<<rnd(r,8));
      descAdd(" blob %lld flags", iId);
      break;
    case 5: { /* the header row count */
      unsigned int v = rnd(r,2) ? aWord32[rnd(r,N_WORD32)]
                                : (unsigned int)rndRange(r, -2, 2) +
                                  (n>=6 ? ((unsigned)a[2]|((unsigned)a[3]<<8)
                                   |((unsigned)a[4]<<16)|((unsigned)a[5]<<24)) : 0);
      if( n>=6 ){
        a[2] = (unsigned char)v; a[3] = (unsigned char)(v>>8);
        a[4] = (unsigned char)(v>>16); a[5] = (unsigned char)(v>>24);
      }
      descAdd(" blob %lld nrow %u", iId, v);
      break;
    }
    case 6: { /* a boundary 32-bit word */
      unsigned int v = aWord32[rnd(r,N_WORD32)];
      if( n>=4 ){
        int o = rnd(r, n-3);
        a[o] = (unsigned char)v; a[o+1] = (unsigned char)(v>>8);
        a[o+2] = (unsigned char)(v>>16); a[o+3] = (unsigned char)(v>>24);
        descAdd(" blob %lld word32@%d=%u", iId, o, v);
      }
      break;
    }
    case 7: { /* a boundary 64-bit word: huge, infinite or NaN doubles */
      static const u64 aW[] = {
        0x7ff0000000000000ULL, 0xfff0000000000000ULL, 0x7ff8000000000001ULL,
        0x7fefffffffffffffULL, 0x43e0000000000000ULL, 0xc3e0000000000000ULL,
        0x7fffffffffffffffULL, 0x8000000000000000ULL, 0x7ffffffffffffff0ULL,
        0xffffffffffffffffULL, 0x0020000000000001ULL, 0x4340000000000001ULL
      };
      u64 v = aW[rnd(r, (int)(sizeof(aW)/sizeof(aW[0])))];
      if( n>=8 ){
        int o = rnd(r,2) ? rnd(r, n-7) : (n>=14 ? 6 : 0);
        for(i=0; i<8; i++) a[o+i] = (unsigned char)(v>>(8*i));
        descAdd(" blob %lld word64@%d=%llx", iId, o, v);
      }
      break;
    }
    case 8:   /* random bytes from an offset */
      if( n>0 ){
        int o = rnd(r, n);
        for(i=o; i<n && i<o+rndRange(r,1,32); i++) a[i] = (unsigned char)rnd(r,256);
        descAdd(" blob %lld bytes@%d", iId, o);
      }
      break;
    default:  /* another row's BLOB, unchanged */
      descAdd(" blob %lld from %lld", iId, iOther);
      break;
  }
  sqlite3_prepare_v2(db, "UPDATE lipsqlite_column_copy_1_data SET bytes=?"
                         " WHERE id=?", -1, &p, 0);
  if( p==0 ){ sqlite3_free(a); return 1; }
  sqlite3_bind_blob(p, 1, a, n, SQLITE_TRANSIENT);
  sqlite3_bind_int64(p, 2, iId);
  rc = sqlite3_step(p);
  sqlite3_finalize(p);
  sqlite3_free(a);
  return rc!=SQLITE_DONE;
}

/*
** Apply one random mutation to the copy's tables.
*/
static void mutate(sqlite3 *db, Rng *r, int nCol){
  i64 aId[64];
  int nId = dataIds(db, aId, 64);
  i64 iId = nId ? aId[rnd(r, nId)] : 0;
  i64 iOther = nId ? aId[rnd(r, nId)] : 0;
  const char *zB = azBound[rnd(r, N_BOUND)];
  char *z = 0;
  int rc = SQLITE_OK;
  static const char *azDirCol[] = { "k", "hi", "nrow", "stale", "lo" };
  static const char *azDataCol[] = { "nnull", "types", "minv", "maxv", "id" };
  static const char *azMetaCol[] = {
    "format", "ncol", "cookie", "chunk_rows", "rows", "bytes", "tbl"
  };
  (void)nCol;
  g.nMut++;
  switch( rnd(r, 12) ){
    case 0: case 1: case 2: case 3: case 4:
      rc = mutateBlob(db, r, iId, iOther) ? SQLITE_ERROR : SQLITE_OK;
      break;
    case 5: { /* a directory column of one or every row */
      const char *zc = azDirCol[rnd(r, 5)];
      if( rnd(r,2) && strcmp(zc,"lo")!=0 ){
        z = sqlite3_mprintf("UPDATE lipsqlite_column_copy_1_dir SET %s=%s%s",
                            zc, zc, rnd(r,2) ? "+1" : "-1");
      }else{
        z = sqlite3_mprintf("UPDATE lipsqlite_column_copy_1_dir SET %s=%s"
                            " WHERE rowid IN (SELECT rowid FROM"
                            " lipsqlite_column_copy_1_dir ORDER BY %s LIMIT 1"
                            " OFFSET %d)", zc, zB, rnd(r,2)?"lo":"lo DESC",
                            rnd(r,2));
      }
      break;
    }
    case 6: { /* a directory row duplicated or a new one */
      z = sqlite3_mprintf(
        "INSERT INTO lipsqlite_column_copy_1_dir SELECT %s, %s, %s, %s, %s"
        " FROM lipsqlite_column_copy_1_dir ORDER BY lo %s LIMIT 1",
        rnd(r,2) ? "hi+1" : rnd(r,2) ? "lo-1" : zB,
        rnd(r,2) ? "k" : rnd(r,2) ? "k+1" : zB,
        rnd(r,2) ? "hi+70000" : rnd(r,2) ? "hi" : zB,
        rnd(r,2) ? "nrow" : zB, rnd(r,2) ? "0" : "stale",
        rnd(r,2) ? "DESC" : "");
      break;
    }
    case 7: /* a directory row deleted */
      z = sqlite3_mprintf("DELETE FROM lipsqlite_column_copy_1_dir"
                          " WHERE rowid=(SELECT rowid FROM"
                          " lipsqlite_column_copy_1_dir ORDER BY %s LIMIT 1)",
                          rnd(r,2) ? "lo" : "lo DESC");
      break;
    case 8: { /* a data row deleted, duplicated, or a slot added */
      switch( rnd(r,3) ){
        case 0:
          z = sqlite3_mprintf("DELETE FROM lipsqlite_column_copy_1_data"
                              " WHERE id=%lld", iId);
          break;
        case 1:
          z = sqlite3_mprintf("INSERT OR REPLACE INTO"
              " lipsqlite_column_copy_1_data SELECT %lld, nnull, types, minv,"
              " maxv, bytes FROM lipsqlite_column_copy_1_data WHERE id=%lld",
              rnd(r,2) ? iOther : iId + 32768*(i64)rndRange(r,-1,2)
                                  + (rnd(r,2) ? 0 : rndRange(r,1,8)),
              iId);
          break;
        default:
          z = sqlite3_mprintf("UPDATE lipsqlite_column_copy_1_data SET"
              " bytes=%s WHERE id=%lld",
              rnd(r,2) ? zB : "zeroblob(6)", iId);
      }
      break;
    }
    case 9: { /* data row columns */
      const char *zc = azDataCol[rnd(r, 5)];
      z = sqlite3_mprintf("UPDATE lipsqlite_column_copy_1_data SET %s=%s"
                          " WHERE id=%lld", zc, zB, iId);
      break;
    }
    case 10: { /* the meta row */
      const char *zc = azMetaCol[rnd(r, 7)];
      if( rnd(r,2) && strcmp(zc,"tbl")!=0 ){
        z = sqlite3_mprintf("UPDATE lipsqlite_column_copy SET %s=%s%s", zc, zc,
                            rnd(r,2) ? "+1" : "-1");
      }else{
        z = sqlite3_mprintf("UPDATE lipsqlite_column_copy SET %s=%s", zc, zB);
      }
      break;
    }
    default: { /* a write of the base table: triggers on a corrupt dir */
      switch( rnd(r,3) ){
        case 0:
          z = sqlite3_mprintf("INSERT INTO t(rowid) VALUES(%s)",
                              rnd(r,2) ? "NULL" : zB);
          break;
        case 1:
          z = sqlite3_mprintf("UPDATE t SET c0=NULL WHERE rowid IN"
                              " (SELECT rowid FROM t LIMIT 3 OFFSET %d)",
                              rnd(r, 4000));
          break;
        default:
          z = sqlite3_mprintf("DELETE FROM t WHERE rowid IN"
                              " (SELECT rowid FROM t LIMIT %d OFFSET %d)",
                              rndRange(r,1,100), rnd(r, 4000));
      }
    }
  }
  if( z ){
    descAdd(" [%s]", z);
    if( g.bVerbose ) printf("%s;\n", z);
    rc = sqlite3_exec(db, z, 0, 0, 0);
    sqlite3_free(z);
  }
  if( rc!=SQLITE_OK ) g.nMutErr++;
}

/*
** One case.  Return non-zero if it failed.
*/
static int runCase(void){
  sqlite3 *db = 0;
  Rng r;
  int nCol = 0, i, rc, nMut, nFail = 0;
  sqlite3_str *pOn, *pOff;
  char *zOn, *zOff, *zAgg;

  rngSeed(&r, g.iSeed, (u64)g.iCase);
  sqlite3_snprintf(sizeof(g.zDesc), g.zDesc, "seed %llu case %d:",
                   (unsigned long long)g.iSeed, g.iCase);
  alarm((unsigned)g.nCaseSeconds);
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ){
    failHeader("cannot open a database");
    return 1;
  }
  sqlite3_progress_handler(db, 1000, onProgress, 0);
  if( makeTable(db, &r, &nCol) ){
    failHeader("cannot make the table");
    printf("  %s\n", sqlite3_errmsg(db));
    sqlite3_close(db);
    return 1;
  }
  if( !g.bNoFeature ){
    rc = runSql(db, "PRAGMA column_copy(t)", 0);
    if( rc ){
      failHeader("PRAGMA column_copy failed");
      printf("  %s\n", sqlite3_errmsg(db));
      sqlite3_close(db);
      return 1;
    }
  }
  if( rnd(&r, 3)==0 ){
    char *z = sqlite3_mprintf("UPDATE t SET c0=c0 WHERE rowid%%%d=0;"
                              "INSERT INTO t(rowid) SELECT max(rowid)+%d FROM t",
                              rndRange(&r, 50, 5000), rndRange(&r, 1, 3));
    runSql(db, z, 0);
    sqlite3_free(z);
  }
  runSql(db, "PRAGMA column_scan=ON", 0);

  /* The intact copy: its aggregates equal the row path's */
  zAgg = sqlite3_mprintf("SELECT count(*), sum(rowid), max(c0), min(c%d),"
                         " total(length(c%d)) FROM t;"
                         " SELECT count(*), sum(t.rowid) FROM o CROSS JOIN t"
                         " ON t.rowid=o.k", nCol-1, rnd(&r, nCol));
  pOn = sqlite3_str_new(db);
  if( runSql(db, zAgg, pOn)<0 ) nFail++;
  runSql(db, "PRAGMA column_scan=OFF", 0);
  pOff = sqlite3_str_new(db);
  if( runSql(db, zAgg, pOff)<0 ) nFail++;
  runSql(db, "PRAGMA column_scan=ON", 0);
  zOn = sqlite3_str_finish(pOn);
  zOff = sqlite3_str_finish(pOff);
  if( strcmp(zOn ? zOn : "", zOff ? zOff : "")!=0 ){
    failHeader("the intact copy's answer differs from the row path's");
    printf("  %s\n  ON: %s\n  OFF:%s\n", zAgg, zOn, zOff);
    nFail++;
  }else{
    g.nIntact++;
  }
  sqlite3_free(zOn);
  sqlite3_free(zOff);
  {
    sqlite3_stmt *p = 0;
    char *zPlan = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", zAgg);
    int bCopy = 0;
    sqlite3_prepare_v2(db, zPlan, -1, &p, 0);
    while( p && sqlite3_step(p)==SQLITE_ROW ){
      const char *zD = (const char*)sqlite3_column_text(p, 3);
      if( zD && strstr(zD, "COLUMN COPY") ) bCopy = 1;
    }
    sqlite3_finalize(p);
    sqlite3_free(zPlan);
    if( bCopy ) g.nPlanned++;
  }
  sqlite3_free(zAgg);

  /* The mutations */
  nMut = rndRange(&r, 1, 4);
  for(i=0; i<nMut; i++) mutate(db, &r, nCol);
  printf("%s\n", g.zDesc);
  fflush(stdout);

  /* The queries, each accepting any answer or error */
  {
    static const char *azPragma[] = {
      "PRAGMA column_copy_list",
      "PRAGMA column_copy_refresh=1; PRAGMA optimize",
      "PRAGMA column_copy(t)",
      "PRAGMA integrity_check",
    };
    int nQ = rndRange(&r, 8, 20);
    for(i=0; i<nQ && nFail==0; i++){
      char *z;
      int iQ = rnd(&r, N_QUERY + 4);
      if( iQ<N_QUERY ){
        z = queryText(&r, iQ, nCol);
      }else{
        z = sqlite3_mprintf("%s", azPragma[iQ-N_QUERY]);
      }
      if( g.bHang && i==0 ){
        sqlite3_free(z);
        z = sqlite3_mprintf("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL"
                            " SELECT n+1 FROM c) SELECT count(*) FROM c");
      }
      g.nStmt++;
      rc = runSql(db, z, 0);
      if( rc<0 ){
        nFail++;
      }else if( rc!=SQLITE_OK ){
        g.nStmtErr++;
        if( (rc&0xff)==SQLITE_CORRUPT ) g.nCorruptErr++;
      }
      sqlite3_free(z);
    }
  }
  alarm(0);
  sqlite3_close(db);
  return nFail;
}

static void usage(void){
  fprintf(stderr, "usage: %s [--seed N] [--cases N] [--seconds S] "
          "[--case N] [--stmt-seconds S] [--case-seconds S] [--verbose] "
          "[--no-feature] [--hang]\n", g.zArgv0);
  exit(2);
}

int main(int argc, char **argv){
  int i, nCase = -1, iOnly = -1, nRun = 0, nBad = 0;
  double rSeconds = -1.0, t0;

  g.zArgv0 = argv[0];
  g.iSeed = (u64)time(0);
  g.rStmtSeconds = 10.0;
  g.nCaseSeconds = 60;
  for(i=1; i<argc; i++){
    const char *z = argv[i];
    if( z[0]=='-' && z[1]=='-' ) z++;
    if( strcmp(z, "-verbose")==0 ){ g.bVerbose = 1; continue; }
    if( strcmp(z, "-no-feature")==0 ){ g.bNoFeature = 1; continue; }
    if( strcmp(z, "-hang")==0 ){ g.bHang = 1; continue; }
    if( i+1>=argc ) usage();
    if( strcmp(z, "-seed")==0 ) g.iSeed = strtoull(argv[++i], 0, 0);
    else if( strcmp(z, "-cases")==0 ) nCase = atoi(argv[++i]);
    else if( strcmp(z, "-seconds")==0 ) rSeconds = atof(argv[++i]);
    else if( strcmp(z, "-case")==0 ) iOnly = atoi(argv[++i]);
    else if( strcmp(z, "-stmt-seconds")==0 ) g.rStmtSeconds = atof(argv[++i]);
    else if( strcmp(z, "-case-seconds")==0 ) g.nCaseSeconds = atoi(argv[++i]);
    else if( strcmp(z, "-dir")==0 ) i++;   /* accepted, unused */
    else usage();
  }
  if( nCase<0 && rSeconds<0.0 ) rSeconds = 10.0;
  if( iOnly>=0 ){ nCase = 1; rSeconds = -1.0; }
  if( g.nCaseSeconds<1 ) g.nCaseSeconds = 1;
  signal(SIGALRM, onAlarm);
  printf("cccorrupt: seed %llu, %s%s\n", (unsigned long long)g.iSeed,
         sqlite3_libversion(),
         g.bNoFeature ? " (--no-feature)" : g.bHang ? " (--hang)" : "");
  fflush(stdout);
  t0 = nowSeconds();
  for(i=0; nCase<0 || nRun<nCase; i++){
    if( rSeconds>=0.0 && nowSeconds()-t0>=rSeconds ) break;
    g.iCase = iOnly>=0 ? iOnly : i;
    if( runCase() ) g.nFail++;
    nRun++;
    fflush(stdout);
  }
  printf("cccorrupt: %d mutations (%d refused by SQLite), %d cases with two "
         "chunks, %d planned through the copy, %d intact copies equal to the "
         "row path; %d statements on corrupt copies: %d errors "
         "(%d SQLITE_CORRUPT), %lld rows read\n",
         g.nMut, g.nMutErr, g.nTwoChunk, g.nPlanned, g.nIntact, g.nStmt,
         g.nStmtErr, g.nCorruptErr, g.nRows);
  if( iOnly<0 && nRun>=10 && g.nFail==0 && g.nPlanned==0 ){
    printf("FAIL cccorrupt: no query used a column copy in %d cases "
           "(seed %llu)\n", nRun, (unsigned long long)g.iSeed);
    nBad++;
  }
  printf("cccorrupt: %d cases in %.0fs, %d failed\n", nRun,
         nowSeconds()-t0, g.nFail+nBad);
  return (g.nFail+nBad)>0 || nRun==0;
}
