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
** lipfuzz: a seeded random tester of lipsqlite's own features, meant to
** be built with AddressSanitizer and UndefinedBehaviorSanitizer against
** the tree's sqlite3.c (tool/lipfuzz.mk, run by tool/fuzz.sh; see
** doc/fuzzing.md).  It has three parts:
**
**   --part lip   LIP Bloom filters.  Each case builds a random star or
**                snowflake schema in an in-memory database: a fact table
**                with 2 to 4 foreign-key columns of random affinity, and
**                dimension tables keyed by INTEGER PRIMARY KEY, by a
**                PRIMARY KEY or a plain index on a column of random
**                affinity and collation (BINARY, NOCASE, RTRIM), WITHOUT
**                ROWID, by an index on an expression or by a two-column
**                index; some dimensions have a dimension of their own
**                (a snowflake).  The data mixes storage classes: integers,
**                reals equal to integers, other reals, texts that look like
**                numbers (with spaces), texts differing in case or in
**                trailing spaces, blobs and NULLs.  Sometimes ANALYZE.
**                Then random queries: the fact table joined with some
**                dimensions (JOIN, LEFT, RIGHT and FULL JOIN, comma joins,
**                orders forced by CROSS JOIN), local constraints on the
**                dimensions (=, <, BETWEEN, IN, LIKE, IS NULL, COLLATE),
**                IN (subquery), EXISTS and scalar subqueries, aggregates
**                with GROUP BY.  Each query runs with PRAGMA lip_filter=ON
**                and OFF; the results, as multisets of rows whose values
**                are compared with their storage classes, must be equal,
**                and so must any error.  A query counts as planned with a
**                LIP filter if its plan has more BLOOM FILTER lines with it
**                ON than OFF, and as filtered if PRAGMA lip_filter_stats
**                counts more rejected keys with it ON than OFF (automatic
**                indexes and IN operators have filters of their own); the
**                run fails if no query was planned so or none was filtered.
**
**   --part pc    The page cleaner.  Each case opens a database file in a
**                scratch directory, in journal mode DELETE, TRUNCATE,
**                PERSIST or WAL, with PRAGMA page_cleaner=sync or thread at
**                a random threshold and queue size and a cache of 10 to 50
**                pages, mostly through "lipfuzz-fault", a VFS over the
**                default one that fails xRead, xWrite, xSync or xTruncate
**                with an SQLITE_IOERR_* code once or from then on, after a
**                random number of calls.  Random write transactions
**                (inserts of rows of random size, updates, deletes,
**                SAVEPOINT, ROLLBACK TO, RELEASE; COMMIT or ROLLBACK;
**                checkpoints between them) run against it and against a
**                model, an in-memory database that commits only what the
**                file database committed.  After each transaction (after
**                an injected fault: with the faults off, the connection
**                closed and the file opened again) the content must equal
**                the model's: as after the transaction if it committed, as
**                before it if it failed before COMMIT or rolled back, one
**                of the two if the COMMIT itself failed; and PRAGMA
**                integrity_check must say ok.  An error without an
**                injected fault is a failure.  Some cases of THREAD run
**                without the fault VFS: only files of the unix VFS give the
**                write queue their descriptor, so only those run its writer
**                thread (the fault VFS runs it in deferred mode).  The run
**                fails if no batch was written, or, when THREAD ran on the
**                unix VFS, no write was queued there.
**
**   --part corrsub
**                Subquery amortization (PRAGMA subquery_amortize).  Each
**                case builds, in an in-memory database shared by two
**                connections (memdb), 2 to 4 tables: rowid tables (with
**                rowids out of insertion order), INTEGER PRIMARY KEY,
**                WITHOUT ROWID, rowid tables with a PRIMARY KEY or UNIQUE
**                constraint; columns of every affinity, some NOCASE or
**                RTRIM, a column beyond the 64th in wide tables; values of
**                every storage class from small domains, with NULLs; ids
**                with ties; sometimes an index (plain, two columns,
**                COLLATE, partial, on an expression), views (flattened, an
**                aggregate, one holding a correlated subquery), ANALYZE.
**                1 case in 10 has 512-byte pages, a small cache, and a
**                table of 1,000-1,500 rows with long texts (the sorter of
**                an amortized index spills; PRAGMA threads=2 in half).
**                Then 10 queries with correlated subqueries, up to two
**                levels deep, in WHERE (comparisons, EXISTS, NOT EXISTS,
**                IN, NOT IN, row values), the select list, HAVING, ORDER
**                BY and LEFT JOIN ... ON; aggregates (count, sum, avg,
**                total, min, max, group_concat, string_agg) in and around
**                them; LIMIT and OFFSET (also inside IN and scalar
**                subqueries), ORDER BY with ties, DISTINCT, compounds,
**                GROUP BY, a window function, a CTE.  Each query runs on
**                the connection with subquery_amortize=OFF and on the one
**                with it ON: the rows must be equal one by one, in order,
**                and so must an error.  A query in four is then run again
**                as the same prepared statement (first a few rows, reset,
**                then to its end) after the data changed, and compared
**                again.  Half the cases run a write statement (UPDATE,
**                DELETE, INSERT ... SELECT) with correlated subqueries in
**                a savepoint on both connections: the tables must be left
**                alike, and its plan must not amortize.  A case in three
**                runs an amortized query 4 times on a third connection
**                with injected OOM (oomInstall()): SQLITE_NOMEM or the OFF
**                result, and the OFF result again afterwards.  After a
**                case, sqlite3_memory_used() must be back where it was.  A
**                query counts as amortized if its plan with the feature ON
**                says BUILT ONCE FOR ALL RUNS; the run fails if none did
**                (and if the plan with it OFF ever says so).
**
** Options:
**   --part lip|pc|corrsub
**                     which part (default lip)
**   --seed S          the seed of the run (default: from the clock)
**   --cases N         stop after N cases (default: no limit)
**   --seconds T       stop starting cases after T seconds (default 10
**                     when --cases is not given either)
**   --case I          run case I of seed S only (as printed on a failure)
**   --dir DIR         scratch directory of --part pc (default $TMPDIR or
**                     /tmp); a directory of its own is made in it
**   --verbose         print every statement
**   --corrupt         self-test: change one result row of lip_filter=ON
**                     (lip), the model's content (pc), or swap two rows
**                     of a subquery_amortize=ON result (corrsub), so that
**                     the run must fail
**   --no-feature      self-test: never switch the feature on (lip_filter
**                     OFF in both runs, page_cleaner OFF, subquery_amortize
**                     OFF on both connections), so that the run must fail
**                     for not exercising it
**
** The last line is "lipfuzz: PART: N cases, N failed" with the counts
** before it; the exit code is 0 only if nothing failed.  Every failure
** prints the command line that reruns its case.
*/
#include "sqlite3.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef sqlite3_uint64 u64;
typedef sqlite3_int64 i64;

#include "fuzzrng.h"

/*
** Global state of the run.
*/
static struct {
  const char *zArgv0;
  const char *zPart;
  u64 iSeed;
  int bVerbose;
  int bCorrupt;         /* --corrupt: not yet used up */
  int bNoFeature;
  int iCase;            /* The case being run */
  int nFail;            /* Failed cases */
  /* lip counts */
  int nQuery;           /* Queries generated */
  int nCompared;        /* Queries that ran in both modes */
  int nBothErr;         /* Queries that failed alike in both modes */
  int nPlanned;         /* Queries with BLOOM FILTER in their plan */
  int nRejected;        /* Queries whose filters rejected a row */
  i64 nRows;            /* Result rows compared */
  /* pc counts */
  int nTx;              /* Transactions */
  int nTxCommitted;     /* Transactions committed */
  int nTxFault;         /* Transactions in which a fault fired */
  int nReopen;          /* Closes and reopens */
  int nReader;          /* Transactions with a WAL reader open */
  int nThreadUnix;      /* THREAD cases on the unix VFS */
  i64 nBatch;           /* page_cleaner_stats batches, summed */
  i64 nQueued;          /* page_cleaner_stats queued, summed */
  i64 nQueuedUnix;      /* queued in THREAD cases on the unix VFS */
  /* corrsub counts (and nQuery, nCompared, nBothErr, nRows above) */
  Rng rngAux;           /* Choices that do not shape a case's SQL */
  int nCsUsed;          /* Queries whose ON plan says BUILT ONCE FOR ALL RUNS */
  int nCsAgain;         /* Statements run again after the data changed */
  int nCsAgainUsed;     /* ... of which amortized */
  int nCsReprep;        /* ... of which were prepared again by SQLite */
  int nCsInterrupted;   /* Statements stopped by the progress handler */
  int nCsDml;           /* Write statements compared */
  int nOomRun;          /* OOM runs */
  int nOomNomem;        /* ... that ended with SQLITE_NOMEM */
  int nOomDone;         /* ... that ran to the end despite a fault */
} g;

/*
** Print a failure header naming the case and how to rerun it.
*/
static void failHeader(const char *zWhat){
  fprintf(stdout, "FAIL lipfuzz %s: seed %llu case %d: %s\n",
          g.zPart, (unsigned long long)g.iSeed, g.iCase, zWhat);
  fprintf(stdout, "  rerun: %s --part %s --seed %llu --case %d --verbose\n",
          g.zArgv0, g.zPart, (unsigned long long)g.iSeed, g.iCase);
}

/*
** Run SQL that must succeed.  Return the result code.
*/
static int execOk(sqlite3 *db, const char *zSql){
  char *zErr = 0;
  int rc;
  if( g.bVerbose ) printf("%s;\n", zSql);
  rc = sqlite3_exec(db, zSql, 0, 0, &zErr);
  if( rc!=SQLITE_OK ){
    printf("  error %d in \"%s\": %s\n", rc, zSql, zErr ? zErr : "?");
  }
  sqlite3_free(zErr);
  return rc;
}

/*
** A 64-bit integer from the first column of the first row of zSql, or
** iDflt if there is none.
*/
static i64 queryInt(sqlite3 *db, const char *zSql, i64 iDflt){
  sqlite3_stmt *p = 0;
  i64 v = iDflt;
  if( sqlite3_prepare_v2(db, zSql, -1, &p, 0)==SQLITE_OK
   && sqlite3_step(p)==SQLITE_ROW
   && sqlite3_column_type(p, 0)!=SQLITE_NULL
  ){
    v = sqlite3_column_int64(p, 0);
  }
  sqlite3_finalize(p);
  return v;
}

/*
** Append the value of column i of p to s with its storage class.
*/
static void appendValue(sqlite3_str *s, sqlite3_stmt *p, int i){
  int n, j;
  const unsigned char *z;
  switch( sqlite3_column_type(p, i) ){
    case SQLITE_INTEGER:
      sqlite3_str_appendf(s, "i%lld", sqlite3_column_int64(p, i));
      break;
    case SQLITE_FLOAT:
      sqlite3_str_appendf(s, "r%!.17g", sqlite3_column_double(p, i));
      break;
    case SQLITE_TEXT:
    case SQLITE_BLOB:
      if( sqlite3_column_type(p, i)==SQLITE_TEXT ){
        z = sqlite3_column_text(p, i);
        sqlite3_str_appendchar(s, 1, 't');
      }else{
        z = (const unsigned char*)sqlite3_column_blob(p, i);
        sqlite3_str_appendchar(s, 1, 'x');
      }
      n = sqlite3_column_bytes(p, i);
      sqlite3_str_appendchar(s, 1, '\'');
      for(j=0; j<n; j++){
        if( z[j]>=0x20 && z[j]<0x7f && z[j]!='\'' && z[j]!='\\' ){
          sqlite3_str_appendchar(s, 1, (char)z[j]);
        }else{
          sqlite3_str_appendf(s, "\\%02x", z[j]);
        }
      }
      sqlite3_str_appendchar(s, 1, '\'');
      break;
    default:
      sqlite3_str_appendall(s, "NULL");
      break;
  }
}

/****************************************************************************
** Part 1: LIP Bloom filters.
*/

/* The kinds of dimension keys */
#define DK_IPK      0   /* k INTEGER PRIMARY KEY */
#define DK_PK       1   /* k <aff> COLLATE <coll> PRIMARY KEY (rowid table) */
#define DK_WR       2   /* the same, WITHOUT ROWID */
#define DK_INDEX    3   /* a plain index on k */
#define DK_EXPR     4   /* an index on an expression of k */
#define DK_TWO      5   /* an index on (k, k2), joined on both */
#define DK_NKIND    6

#define MX_DIM 4
#define MX_KEY 80

typedef struct Dim Dim;
struct Dim {
  int eKind;            /* DK_* */
  char zKey[64];        /* The key expression, with %s for the table name */
  int bSnow;            /* True if it has a snowflake dimension e<i> */
  int nKey;             /* Keys inserted (literals in azKey[]) */
  char *azKey[MX_KEY];  /* Some of the keys inserted */
  int nSnowKey;
  char *azSnowKey[MX_KEY];
};

typedef struct LipCase LipCase;
struct LipCase {
  Rng rng;
  sqlite3 *db;
  int nDim;
  Dim aDim[MX_DIM];
  sqlite3_str *pSchema;  /* Every statement of the schema and data */
  int nFact;             /* Rows of f: its largest id */
  int nFactKey[MX_DIM];  /* Some foreign keys of f, per dimension */
  char *azFactKey[MX_DIM][MX_KEY];
};

static const char *azAff[] = {
  "INTEGER", "INT", "TEXT", "VARCHAR(10)", "REAL", "NUMERIC", "BLOB", ""
};
static const char *azColl[] = { "BINARY", "NOCASE", "RTRIM" };

/*
** A random value for a key column, as an SQL literal (from sqlite3_mprintf).
*/
static char *randomKey(Rng *r, int nRange){
  int i = rnd(r, nRange) + 1;
  switch( rnd(r, 24) ){
    case 0: case 1: case 2: case 3: case 4: case 5:
      return sqlite3_mprintf("%d", i);
    case 6: case 7:
      return sqlite3_mprintf("%d.0", i);
    case 8:
      return sqlite3_mprintf("%d.5", i);
    case 9:
      return sqlite3_mprintf("'%d'", i);
    case 10:
      return sqlite3_mprintf("' %d'", i);
    case 11:
      return sqlite3_mprintf("'%d '", i);
    case 12:
      return sqlite3_mprintf("'k%d'", i);
    case 13:
      return sqlite3_mprintf("'K%d'", i);
    case 14:
      return sqlite3_mprintf("'k%d '", i);
    case 15:
      return sqlite3_mprintf("'k%d  '", i);
    case 16:
      return sqlite3_mprintf("x'%02x'", i);
    case 17:
      return sqlite3_mprintf("x'6b%02x'", 0x30 + i%10);  /* 'k0'..'k9' bytes */
    case 18:
      return sqlite3_mprintf("NULL");
    case 19:
      return sqlite3_mprintf("%s", rnd(r,2) ? "9007199254740993"
                                            : "9007199254740992.0");
    case 20:
      return sqlite3_mprintf("%s", rnd(r,2) ? "-0.0" : "0");
    case 21:
      return sqlite3_mprintf("-%d", i);
    case 22:
      return sqlite3_mprintf("'%d.0'", i);
    default:
      return sqlite3_mprintf("'%c'", rnd(r,2) ? 'a' : 'A');
  }
}

/*
** A key for a fact row's foreign key into a table whose keys are azKey:
** mostly one of them, else a random one.
*/
static char *factKey(Rng *r, int nKey, char **azKey){
  if( nKey>0 && rnd(r, 10)<7 ){
    return sqlite3_mprintf("%s", azKey[rnd(r, nKey)]);
  }
  return randomKey(r, 40);
}

/*
** Run one statement of the schema or data; record it in the schema text.
** Errors (constraints, datatype mismatches) are ignored: the row is not
** there.
*/
static void lipSchemaSql(LipCase *p, char *zSql){
  sqlite3_str_appendf(p->pSchema, "%s;\n", zSql);
  if( g.bVerbose ) printf("%s;\n", zSql);
  sqlite3_exec(p->db, zSql, 0, 0, 0);
  sqlite3_free(zSql);
}

static const char *azB[] = {
  "'x1'", "'X1'", "'x2'", "'x2 '", "'y'", "'abc'", "'ABC'", "NULL", "'x3'"
};

/*
** Create a dimension table named zName keyed as eKind says (DK_*), with
** nRow rows, and record its key expression in zKeyExpr (with %s for the
** table's name or alias) and up to MX_KEY of its keys in azKey.  Columns:
** k (the key), k2 (0-2, the second key column of DK_TWO), a (0-9 or
** NULL), b (short text), c (real or NULL), s (a key of the snowflake
** dimension: one of azSnowKey or a random one).
*/
static void lipMakeDim(
  LipCase *p,
  const char *zName,
  int eKind,
  char *zKeyExpr,
  int nRow,
  int *pnKey, char **azKey,
  int nSnowKey, char **azSnowKey
){
  static const char *azExpr[] = {
    "lower(%s.k)", "%s.k+0", "abs(%s.k)", "substr(%s.k,1,2)",
    "CAST(%s.k AS TEXT)", "(%s.k COLLATE NOCASE)", "coalesce(%s.k,0)"
  };
  Rng *r = &p->rng;
  const char *zAff = azAff[rnd(r, sizeof(azAff)/sizeof(azAff[0]))];
  const char *zColl = azColl[rnd(r, 3)];
  const char *zRest = "k2 INT, a INT, b TEXT, c REAL, s";
  int i;
  strcpy(zKeyExpr, "%s.k");
  switch( eKind ){
    case DK_IPK:
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE TABLE %s(k INTEGER PRIMARY KEY, %s)", zName, zRest));
      break;
    case DK_PK:
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE TABLE %s(k %s COLLATE %s PRIMARY KEY, %s)",
          zName, zAff, zColl, zRest));
      break;
    case DK_WR:
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE TABLE %s(k %s COLLATE %s PRIMARY KEY, %s) WITHOUT ROWID",
          zName, zAff, zColl, zRest));
      break;
    case DK_INDEX:
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE TABLE %s(k %s COLLATE %s, %s)", zName, zAff, zColl, zRest));
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE %sINDEX %s_k ON %s(k)", rnd(r,3)==0 ? "UNIQUE " : "",
          zName, zName));
      break;
    case DK_EXPR: {
      const char *zE = azExpr[rnd(r, sizeof(azExpr)/sizeof(azExpr[0]))];
      char *zI, *a, *b;
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE TABLE %s(k %s COLLATE %s, %s)", zName, zAff, zColl, zRest));
      /* The index names the column without its table: "@.k" -> "k" */
      zI = sqlite3_mprintf(zE, "@");
      for(a=b=zI; *a; a++){
        if( a[0]=='@' && a[1]=='.' ){ a++; continue; }
        *b++ = *a;
      }
      *b = 0;
      lipSchemaSql(p, sqlite3_mprintf("CREATE INDEX %s_k ON %s(%s)",
                                      zName, zName, zI));
      sqlite3_free(zI);
      strcpy(zKeyExpr, zE);
      break;
    }
    default: /* DK_TWO */
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE TABLE %s(k %s COLLATE %s, %s)", zName, zAff, zColl, zRest));
      lipSchemaSql(p, sqlite3_mprintf(
          "CREATE INDEX %s_k ON %s(k, k2)", zName, zName));
      break;
  }
  *pnKey = 0;
  lipSchemaSql(p, sqlite3_mprintf("BEGIN"));
  for(i=0; i<nRow; i++){
    char *zK, *zS;
    char zA[20];
    if( eKind==DK_IPK && rnd(r,6) ){
      zK = sqlite3_mprintf("%d", rnd(r, 60)+1);
    }else{
      zK = randomKey(r, 40);
    }
    zS = factKey(r, nSnowKey, azSnowKey);
    if( rnd(r,8) ){
      sqlite3_snprintf(sizeof(zA), zA, "%d", rnd(r,10));
    }else{
      sqlite3_snprintf(sizeof(zA), zA, "NULL");
    }
    lipSchemaSql(p, sqlite3_mprintf(
        "INSERT INTO %s(k,k2,a,b,c,s) VALUES(%s,%d,%s,%s,%s,%s)",
        zName, zK, rnd(r, 3), zA,
        azB[rnd(r, sizeof(azB)/sizeof(azB[0]))],
        rnd(r,3) ? "NULL" : (rnd(r,2) ? "1.5" : "2"), zS));
    sqlite3_free(zS);
    if( *pnKey<MX_KEY ){
      azKey[(*pnKey)++] = zK;
    }else{
      sqlite3_free(zK);
    }
  }
  lipSchemaSql(p, sqlite3_mprintf("COMMIT"));
}

/*
** Build the schema and data of a case.
*/
static void lipMakeSchema(LipCase *p){
  Rng *r = &p->rng;
  int i, j, nFact;
  char zName[16];
  char zKey[64];
  p->nDim = rndRange(r, 2, MX_DIM);
  for(i=0; i<p->nDim; i++){
    Dim *pD = &p->aDim[i];
    pD->eKind = rnd(r, DK_NKIND);
    pD->bSnow = rnd(r, 10)<3;
    if( pD->bSnow ){
      static const int aSnowKind[] = { DK_IPK, DK_PK, DK_WR, DK_INDEX };
      sqlite3_snprintf(sizeof(zName), zName, "e%d", i+1);
      lipMakeDim(p, zName, aSnowKind[rnd(r,4)], zKey, rndRange(r, 2, 40),
                 &pD->nSnowKey, pD->azSnowKey, 0, 0);
    }
    sqlite3_snprintf(sizeof(zName), zName, "d%d", i+1);
    lipMakeDim(p, zName, pD->eKind, pD->zKey,
               rnd(r, 15)==0 ? 0 : rndRange(r, 3, 60),
               &pD->nKey, pD->azKey, pD->nSnowKey, pD->azSnowKey);
  }
  {
    sqlite3_str *s = sqlite3_str_new(0);
    int bWr = rnd(r, 6)==0;
    sqlite3_str_appendf(s, "CREATE TABLE f(id INTEGER%s", 
                        bWr ? " NOT NULL" : " PRIMARY KEY");
    for(i=0; i<p->nDim; i++){
      sqlite3_str_appendf(s, ", fk%d %s", i+1,
                          azAff[rnd(r, sizeof(azAff)/sizeof(azAff[0]))]);
    }
    sqlite3_str_appendf(s, ", g INT, m INT%s)%s",
                        bWr ? ", PRIMARY KEY(id)" : "",
                        bWr ? " WITHOUT ROWID" : "");
    lipSchemaSql(p, sqlite3_str_finish(s));
  }
  nFact = rnd(r, 4)==0 ? rndRange(r, 30, 200) : rndRange(r, 200, 1500);
  lipSchemaSql(p, sqlite3_mprintf("BEGIN"));
  for(j=0; j<nFact; j++){
    sqlite3_str *s = sqlite3_str_new(0);
    sqlite3_str_appendf(s, "INSERT INTO f VALUES(%d", j+1);
    for(i=0; i<p->nDim; i++){
      char *z = factKey(r, p->aDim[i].nKey, p->aDim[i].azKey);
      sqlite3_str_appendf(s, ",%s", z);
      if( p->nFactKey[i]<MX_KEY && rnd(r, 4)==0 ){
        p->azFactKey[i][p->nFactKey[i]++] = z;
      }else{
        sqlite3_free(z);
      }
    }
    if( rnd(r, 10) ){
      sqlite3_str_appendf(s, ",%d,%d)", rnd(r, 3), rnd(r, 100));
    }else{
      sqlite3_str_appendf(s, ",%d,NULL)", rnd(r, 3));
    }
    lipSchemaSql(p, sqlite3_str_finish(s));
  }
  lipSchemaSql(p, sqlite3_mprintf("COMMIT"));
  p->nFact = nFact;
  if( rnd(r, 10)<3 ) lipSchemaSql(p, sqlite3_mprintf("ANALYZE"));
}

/*
** A local constraint on table (alias) zT, as sqlite3_mprintf() text.
** zKey is its key expression (with %s for the alias).
*/
static char *lipFilter(Rng *r, const char *zT, const char *zKey){
  int x = rnd(r, 10);
  switch( rnd(r, 13) ){
    case 0:  return sqlite3_mprintf("%s.a=%d", zT, x);
    case 1:  return sqlite3_mprintf("%s.a<%d", zT, x);
    case 2:  return sqlite3_mprintf("%s.a BETWEEN %d AND %d", zT, x, x+2);
    case 3:  return sqlite3_mprintf("%s.b LIKE 'x%%'", zT);
    case 4:  return sqlite3_mprintf("%s.b='X1'", zT);
    case 5:  return sqlite3_mprintf("%s.b IS NULL", zT);
    case 6:  return sqlite3_mprintf("%s.c IS NOT NULL", zT);
    case 7:  return sqlite3_mprintf("%s.a IN (1,3,5,7)", zT);
    case 8:  return sqlite3_mprintf("%s.b='x1' COLLATE NOCASE", zT);
    case 9: {
      char *zK = randomKey(r, 40);
      char *zE = sqlite3_mprintf(zKey, zT);
      char *z = sqlite3_mprintf("%s>%s", zE, zK);
      sqlite3_free(zK);
      sqlite3_free(zE);
      return z;
    }
    case 10: return sqlite3_mprintf("%s.a<>%d", zT, x);
    case 11: return sqlite3_mprintf("%s.b>='x2'", zT);
    default: return sqlite3_mprintf("%s.c IS NULL AND %s.a>%d", zT, zT, x);
  }
}

/*
** The join condition of dimension i (alias zT) with the fact table (alias
** zF), as sqlite3_mprintf() text.
*/
static char *lipJoinCond(LipCase *p, int i, const char *zT, const char *zF){
  Dim *pD = &p->aDim[i];
  char *zE = sqlite3_mprintf(pD->zKey, zT);
  char *z;
  int x = rnd(&p->rng, 16);
  /* Mostly "=", either way round; sometimes "IS" (NULL matches NULL), or a
  ** COLLATE on the comparison (which may or may not match the index's) */
  const char *zOp = x==0 ? " IS " : "=";
  const char *zColl = x==1 ? " COLLATE NOCASE" : x==2 ? " COLLATE BINARY"
                    : x==3 ? " COLLATE RTRIM" : "";
  if( rnd(&p->rng, 4)==0 ){
    z = sqlite3_mprintf("%s%s%s.fk%d%s", zE, zOp, zF, i+1, zColl);
  }else{
    z = sqlite3_mprintf("%s.fk%d%s%s%s", zF, i+1, zOp, zE, zColl);
  }
  sqlite3_free(zE);
  if( pD->eKind==DK_TWO ){
    char *z2 = sqlite3_mprintf("%s AND %s.k2=%s.g", z, zT, zF);
    sqlite3_free(z);
    z = z2;
  }
  return z;
}

/* One table of a query's FROM clause */
typedef struct QTab QTab;
struct QTab {
  char zName[8];        /* "f", "d1", "e1", ... */
  char *zCond;          /* Its join condition (none for f) */
  char *zFilter;        /* Its local constraint, or NULL */
};

/*
** A random query of case p, as sqlite3_mprintf() text.
*/
static char *lipQuery(LipCase *p){
  Rng *r = &p->rng;
  QTab aT[1+2*MX_DIM];
  int nT = 0;
  int aUse[MX_DIM];
  int i, j, nUse = 0;
  int eStyle = rnd(r, 4);
  int eSel = rnd(r, 3);
  sqlite3_str *s = sqlite3_str_new(0);
  sqlite3_str *w = sqlite3_str_new(0);   /* WHERE terms, " AND "-joined */

  memset(aT, 0, sizeof(aT));
  strcpy(aT[nT++].zName, "f");
  for(i=0; i<p->nDim; i++){
    aUse[i] = rnd(r, 10)<7;
    if( aUse[i]==0 ) continue;
    nUse++;
  }
  if( nUse==0 ){ aUse[0] = 1; nUse = 1; }
  for(i=0; i<p->nDim; i++){
    if( !aUse[i] ) continue;
    sqlite3_snprintf(8, aT[nT].zName, "d%d", i+1);
    aT[nT].zCond = lipJoinCond(p, i, aT[nT].zName, "f");
    if( rnd(r, 10)<8 ) aT[nT].zFilter = lipFilter(r, aT[nT].zName,
                                                  p->aDim[i].zKey);
    nT++;
    if( p->aDim[i].bSnow && rnd(r, 2) ){
      sqlite3_snprintf(8, aT[nT].zName, "e%d", i+1);
      aT[nT].zCond = sqlite3_mprintf("d%d.s=e%d.k", i+1, i+1);
      if( rnd(r, 10)<8 ) aT[nT].zFilter = lipFilter(r, aT[nT].zName, "%s.k");
      nT++;
    }
  }

  /* The SELECT list */
  sqlite3_str_appendall(s, "SELECT ");
  if( eSel==1 ){
    static const char *azGrp[] = { "f.g", "%s.a", "%s.b", 0 };
    const char *zG = azGrp[rnd(r, 4)];
    char *zGrp = zG ? sqlite3_mprintf(zG, aT[1].zName) : 0;
    if( zGrp ) sqlite3_str_appendf(s, "%s, ", zGrp);
    sqlite3_str_appendf(s, "count(*), count(%s.k), sum(f.m), min(f.m), "
                        "max(%s.a), total(f.id), count(DISTINCT f.fk1)",
                        aT[nT-1].zName, aT[1].zName);
    sqlite3_str_appendf(s, " FROM ");
    /* The GROUP BY clause waits, as the "filter" of f, for the end */
    aT[0].zFilter = zGrp ? sqlite3_mprintf("GROUP BY %s", zGrp) : 0;
    sqlite3_free(zGrp);
  }else{
    sqlite3_str_appendall(s, "f.id, f.m");
    for(i=1; i<nT; i++){
      sqlite3_str_appendf(s, ", %s.k, %s.%s", aT[i].zName, aT[i].zName,
                          rnd(r,2) ? "a" : "b");
    }
    if( eSel==2 ){
      j = rnd(r, p->nDim);
      {
        char *zE = sqlite3_mprintf(p->aDim[j].zKey, "q");
        char *zF = lipFilter(r, "q", p->aDim[j].zKey);
        sqlite3_str_appendf(s,
            ", (SELECT count(*) FROM d%d AS q WHERE %s=f.fk%d AND %s)",
            j+1, zE, j+1, zF);
        sqlite3_free(zE);
        sqlite3_free(zF);
      }
      if( rnd(r, 3)==0 ){
        /* An uncorrelated star join in a scalar subquery */
        char *zC = lipJoinCond(p, j, "q", "f2");
        char *zF = lipFilter(r, "q", p->aDim[j].zKey);
        sqlite3_str_appendf(s,
            ", (SELECT count(*) FROM f AS f2 JOIN d%d AS q ON %s WHERE %s)",
            j+1, zC, zF);
        sqlite3_free(zC);
        sqlite3_free(zF);
      }
    }
    sqlite3_str_appendall(s, " FROM ");
  }

  /* The FROM clause and the join conditions */
  if( eStyle>=1 && nT>1 ){
    /* comma joins or CROSS JOIN: shuffle; style 2 keeps f first */
    for(i=nT-1; i>0; i--){
      QTab t;
      j = rnd(r, i+1);
      if( eStyle==2 && (i==0 || j==0) ) continue;
      t = aT[i]; aT[i] = aT[j]; aT[j] = t;
    }
    for(i=0; i<nT; i++){
      if( i>0 ) sqlite3_str_appendall(s, eStyle==1 ? ", " : " CROSS JOIN ");
      sqlite3_str_appendall(s, aT[i].zName);
      if( aT[i].zCond ){
        sqlite3_str_appendf(w, "%s%s", sqlite3_str_length(w) ? " AND " : "",
                            aT[i].zCond);
      }
      if( aT[i].zName[0]!='f' && aT[i].zFilter ){
        sqlite3_str_appendf(w, "%s%s", sqlite3_str_length(w) ? " AND " : "",
                            aT[i].zFilter);
      }
    }
  }else{
    static const char *azJoin[] = {
      "JOIN", "JOIN", "JOIN", "INNER JOIN", "JOIN", "LEFT JOIN", "LEFT JOIN",
      "RIGHT JOIN", "FULL JOIN", "JOIN"
    };
    sqlite3_str_appendall(s, "f");
    for(i=1; i<nT; i++){
      const char *zJ = azJoin[rnd(r, 10)];
      sqlite3_str_appendf(s, " %s %s ON %s", zJ, aT[i].zName, aT[i].zCond);
      if( aT[i].zFilter ){
        if( zJ[0]!='J' && zJ[0]!='I' && rnd(r, 2) ){
          sqlite3_str_appendf(s, " AND %s", aT[i].zFilter);
        }else{
          sqlite3_str_appendf(w, "%s%s", sqlite3_str_length(w) ? " AND " : "",
                              aT[i].zFilter);
        }
      }
    }
  }

  /* More WHERE terms: on the fact table, IN and EXISTS subqueries */
  if( rnd(r, 4)==0 ){
    sqlite3_str_appendf(w, "%sf.m<%d", sqlite3_str_length(w) ? " AND " : "",
                        rnd(r, 100));
  }
  for(i=0; i<p->nDim; i++){
    char *zE, *zF;
    if( aUse[i] || rnd(r, 3)!=0 ) continue;
    zE = sqlite3_mprintf(p->aDim[i].zKey, "q");
    zF = lipFilter(r, "q", p->aDim[i].zKey);
    switch( rnd(r, 3) ){
      case 0:
        sqlite3_str_appendf(w, "%sf.fk%d IN (SELECT %s FROM d%d AS q WHERE %s)",
                            sqlite3_str_length(w) ? " AND " : "",
                            i+1, zE, i+1, zF);
        break;
      case 1:
        sqlite3_str_appendf(w,
            "%sEXISTS (SELECT 1 FROM d%d AS q WHERE %s=f.fk%d AND %s)",
            sqlite3_str_length(w) ? " AND " : "", i+1, zE, i+1, zF);
        break;
      default:
        sqlite3_str_appendf(w,
            "%sf.fk%d NOT IN (SELECT %s FROM d%d AS q WHERE %s)",
            sqlite3_str_length(w) ? " AND " : "", i+1, zE, i+1, zF);
        break;
    }
    sqlite3_free(zE);
    sqlite3_free(zF);
  }
  if( sqlite3_str_length(w) ){
    sqlite3_str_appendf(s, " WHERE %s", sqlite3_str_value(w));
  }
  for(i=0; i<nT; i++){
    if( aT[i].zName[0]=='f' && aT[i].zFilter ){
      sqlite3_str_appendf(s, " %s", aT[i].zFilter);
    }
    sqlite3_free(aT[i].zCond);
    sqlite3_free(aT[i].zFilter);
  }
  sqlite3_free(sqlite3_str_finish(w));
  return sqlite3_str_finish(s);
}

/* The result of one query */
typedef struct Res Res;
struct Res {
  int rc;               /* Result code (SQLITE_DONE if it ran to the end) */
  char *zErr;           /* Error message */
  int nRow, nAlloc;
  char **azRow;         /* The rows, as text, sorted */
  i64 nRejected;        /* Rows rejected by filters (lipRejected()) */
  int bInterrupted;     /* Stopped by the progress handler */
};

static int nProgress;
static int lipProgress(void *pArg){
  (void)pArg;
  return ++nProgress > 20000;     /* about 20 M opcodes */
}

static int cmpStr(const void *a, const void *b){
  return strcmp(*(char*const*)a, *(char*const*)b);
}

static void resFree(Res *p){
  int i;
  for(i=0; i<p->nRow; i++) sqlite3_free(p->azRow[i]);
  sqlite3_free(p->azRow);
  sqlite3_free(p->zErr);
  memset(p, 0, sizeof(*p));
}

/*
** The rows rejected by the LIP filters released since the last call
** (PRAGMA lip_filter_stats: the sum of "rejected" over the filters whose
** status is "built").
*/
static i64 lipRejected(sqlite3 *db){
  sqlite3_stmt *pStmt = 0;
  i64 n = 0;
  int i, iRej = -1, iStatus = -1;
  if( sqlite3_prepare_v2(db, "PRAGMA lip_filter_stats", -1, &pStmt, 0) ){
    return 0;
  }
  for(i=0; i<sqlite3_column_count(pStmt); i++){
    const char *zCol = sqlite3_column_name(pStmt, i);
    if( strcmp(zCol, "rejected")==0 ) iRej = i;
    if( strcmp(zCol, "status")==0 ) iStatus = i;
  }
  while( sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *z;
    if( iRej<0 || iStatus<0 ) continue;
    z = (const char*)sqlite3_column_text(pStmt, iStatus);
    if( z && strcmp(z, "built")==0 ) n += sqlite3_column_int64(pStmt, iRej);
  }
  sqlite3_finalize(pStmt);
  return n;
}

/*
** Run zSql on db with lip_filter bOn, into pRes.  If ppKeep is not NULL,
** the statement is kept there, and if it holds one already, that one is
** run again (reset, the setting left as it is: changing it would expire
** the statement) instead of a new one: the same program runs again.
*/
static void lipRun(
  sqlite3 *db, const char *zSql, int bOn, Res *pRes, sqlite3_stmt **ppKeep
){
  sqlite3_stmt *pStmt = 0;
  int rc, i, n;
  memset(pRes, 0, sizeof(*pRes));
  if( ppKeep==0 || *ppKeep==0 ){
    sqlite3_exec(db, bOn ? "PRAGMA lip_filter=ON" : "PRAGMA lip_filter=OFF",
                 0, 0, 0);
  }
  lipRejected(db);
  nProgress = 0;
  sqlite3_progress_handler(db, 1000, lipProgress, 0);
  if( ppKeep && *ppKeep ){
    pStmt = *ppKeep;
    sqlite3_reset(pStmt);
    rc = SQLITE_OK;
  }else{
    rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  }
  if( rc==SQLITE_OK ){
    n = sqlite3_column_count(pStmt);
    while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
      sqlite3_str *s = sqlite3_str_new(0);
      for(i=0; i<n; i++){
        if( i ) sqlite3_str_appendchar(s, 1, '|');
        appendValue(s, pStmt, i);
      }
      if( pRes->nRow>=pRes->nAlloc ){
        pRes->nAlloc = pRes->nAlloc*2 + 16;
        pRes->azRow = sqlite3_realloc64(pRes->azRow,
                                        sizeof(char*)*pRes->nAlloc);
        if( pRes->azRow==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
      }
      pRes->azRow[pRes->nRow++] = sqlite3_str_finish(s);
    }
  }
  if( rc!=SQLITE_DONE ){
    pRes->zErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    pRes->bInterrupted = rc==SQLITE_INTERRUPT || nProgress>20000;
  }
  pRes->rc = rc;
  if( ppKeep ){
    sqlite3_reset(pStmt);
    *ppKeep = pStmt;
  }else{
    sqlite3_finalize(pStmt);
  }
  sqlite3_progress_handler(db, 0, 0, 0);
  pRes->nRejected = lipRejected(db);
  if( pRes->nRow>1 ){
    qsort(pRes->azRow, pRes->nRow, sizeof(char*), cmpStr);
  }
}

/*
** The number of BLOOM FILTER lines of zSql's plan with lip_filter bOn.
** (With it OFF, automatic indexes and IN operators may still have
** filters of their own.)
*/
static int lipPlanned(sqlite3 *db, const char *zSql, int bOn){
  sqlite3_stmt *pStmt = 0;
  char *z = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", zSql);
  int nFound = 0;
  sqlite3_exec(db, bOn ? "PRAGMA lip_filter=ON" : "PRAGMA lip_filter=OFF",
               0, 0, 0);
  if( sqlite3_prepare_v2(db, z, -1, &pStmt, 0)==SQLITE_OK ){
    while( sqlite3_step(pStmt)==SQLITE_ROW ){
      const char *zD = (const char*)sqlite3_column_text(pStmt, 3);
      if( zD && strstr(zD, "BLOOM FILTER") ) nFound++;
    }
  }
  sqlite3_finalize(pStmt);
  sqlite3_free(z);
  return nFound;
}

/*
** Open the file $TMPDIR/lipfuzz-PART-SEED-CASE.sql (TMPDIR defaults to
** /tmp) for writing the script of a failed case of part zPart, write the
** schema and data pSchema into it and its name into zFile (nFile bytes).
** Return the open file, or 0 if it cannot be opened.
*/
static FILE *lipCaseFile(const char *zPart, sqlite3_str *pSchema,
                         char *zFile, int nFile){
  const char *zTmp = getenv("TMPDIR");
  FILE *out;
  sqlite3_snprintf(nFile, zFile, "%s/lipfuzz-%s-%llu-%d.sql",
                   zTmp ? zTmp : "/tmp", zPart,
                   (unsigned long long)g.iSeed, g.iCase);
  out = fopen(zFile, "w");
  if( out ) fprintf(out, "%s", sqlite3_str_value(pSchema));
  return out;
}

/*
** Write the schema, the data and the query of a failed case to a file
** that the sqlite3 shell can run, and name it.
*/
static void lipSaveCase(LipCase *p, const char *zSql){
  char zFile[256];
  FILE *out = lipCaseFile("lip", p->pSchema, zFile, sizeof(zFile));
  if( out==0 ) return;
  fprintf(out, "PRAGMA lip_filter=ON;\n%s;\nPRAGMA lip_filter=OFF;\n%s;\n",
          zSql, zSql);
  fclose(out);
  printf("  schema, data and query (for the sqlite3 shell): %s\n", zFile);
}

/*
** Report a difference between the two runs of zSql.
*/
static void lipReport(LipCase *p, const char *zSql, Res *pOn, Res *pOff){
  int i, j, n;
  const char *z = sqlite3_str_value(p->pSchema);
  failHeader("lip_filter=ON and OFF differ");
  printf("  schema (without the INSERTs):\n");
  while( z && *z ){
    const char *zEnd = strchr(z, '\n');
    n = zEnd ? (int)(zEnd-z) : (int)strlen(z);
    if( strncmp(z, "INSERT", 6)!=0 && strncmp(z, "BEGIN", 5)!=0
     && strncmp(z, "COMMIT", 6)!=0 ){
      printf("    %.*s\n", n, z);
    }
    z += n + (zEnd!=0);
  }
  printf("  query: %s\n", zSql);
  printf("  ON:  rc=%d %s, %d rows\n", pOn->rc, pOn->zErr ? pOn->zErr : "",
         pOn->nRow);
  printf("  OFF: rc=%d %s, %d rows\n", pOff->rc, pOff->zErr ? pOff->zErr : "",
         pOff->nRow);
  for(i=j=n=0; (i<pOn->nRow || j<pOff->nRow) && n<10; ){
    int c;
    if( i>=pOn->nRow ) c = 1;
    else if( j>=pOff->nRow ) c = -1;
    else c = strcmp(pOn->azRow[i], pOff->azRow[j]);
    if( c==0 ){ i++; j++; continue; }
    if( c<0 ){
      printf("  only with ON:  %s\n", pOn->azRow[i++]);
    }else{
      printf("  only with OFF: %s\n", pOff->azRow[j++]);
    }
    n++;
  }
  lipSaveCase(p, zSql);
}

/*
** Run zSql with lip_filter OFF and ON, compare, count, report.  With ppKeep
** not NULL, the ON run's statement is kept in *ppKeep or, if there is one
** already, run again (lipRun()).  Return the number of failures (0 or 1).
*/
static int lipCompare(LipCase *p, const char *zSql, sqlite3_stmt **ppKeep){
  Res on, off;
  int i, bDiff = 0, nFail = 0;
  lipRun(p->db, zSql, 0, &off, 0);
  lipRun(p->db, zSql, !g.bNoFeature, &on, ppKeep);
  if( g.bCorrupt && on.nRow>0 ){
    /* Self-test: one row of the ON run changed */
    char *z = sqlite3_mprintf("%s|corrupted", on.azRow[0]);
    sqlite3_free(on.azRow[0]);
    on.azRow[0] = z;
    g.bCorrupt = 0;
  }
  if( on.bInterrupted || off.bInterrupted ){
    /* Too long: not compared */
  }else if( on.rc!=off.rc
         || (on.zErr && off.zErr && strcmp(on.zErr, off.zErr)!=0)
         || on.nRow!=off.nRow ){
    bDiff = 1;
  }else{
    for(i=0; i<on.nRow; i++){
      if( strcmp(on.azRow[i], off.azRow[i])!=0 ){ bDiff = 1; break; }
    }
  }
  if( bDiff ){
    lipReport(p, zSql, &on, &off);
    nFail++;
  }else if( !on.bInterrupted && !off.bInterrupted ){
    if( on.rc==SQLITE_DONE ){
      g.nCompared++;
      g.nRows += on.nRow;
      /* Counted as using LIP: more BLOOM FILTER lines with it ON than
      ** OFF, more rows rejected with it ON than OFF */
      if( (ppKeep==0 || *ppKeep==0)
       && lipPlanned(p->db, zSql, !g.bNoFeature)>lipPlanned(p->db, zSql, 0)
      ){
        g.nPlanned++;
      }
      if( on.nRejected>off.nRejected ) g.nRejected++;
    }else{
      g.nBothErr++;
      if( g.bVerbose ) printf("-- both failed: %s\n", on.zErr);
    }
  }
  if( ppKeep && *ppKeep && on.rc!=SQLITE_DONE ){
    sqlite3_finalize(*ppKeep);
    *ppKeep = 0;
  }
  resFree(&on);
  resFree(&off);
  return nFail;
}

/*
** Change the data of case p a little: a new row in a dimension (a key
** that some fact rows may have), a new fact row, a dimension row deleted.
*/
static void lipChangeData(LipCase *p){
  Rng *r = &p->rng;
  int i = rnd(r, p->nDim), j;
  char *zK = factKey(r, p->nFactKey[i], p->azFactKey[i]);
  sqlite3_str *s;
  lipSchemaSql(p, sqlite3_mprintf(
      "INSERT INTO d%d(k,k2,a,b,c,s) VALUES(%s,%d,%d,%s,NULL,NULL)",
      i+1, zK, rnd(r, 3), rnd(r, 10), azB[rnd(r, sizeof(azB)/sizeof(azB[0]))]));
  sqlite3_free(zK);
  s = sqlite3_str_new(0);
  sqlite3_str_appendf(s, "INSERT INTO f VALUES(%d", ++p->nFact);
  for(j=0; j<p->nDim; j++){
    char *z = factKey(r, p->aDim[j].nKey, p->aDim[j].azKey);
    sqlite3_str_appendf(s, ",%s", z);
    sqlite3_free(z);
  }
  sqlite3_str_appendf(s, ",%d,%d)", rnd(r, 3), rnd(r, 100));
  lipSchemaSql(p, sqlite3_str_finish(s));
  if( rnd(r, 2) ){
    lipSchemaSql(p, sqlite3_mprintf("DELETE FROM d%d WHERE a=%d",
                                    rnd(r, p->nDim)+1, rnd(r, 10)));
  }
}

/*
** Run case g.iCase of part lip.  Return 0 if it passed.
*/
static int lipCase(void){
  LipCase c;
  int i, q, nFail = 0;
  int nQuery = 12;
  memset(&c, 0, sizeof(c));
  rngSeed(&c.rng, g.iSeed, (u64)g.iCase);
  if( sqlite3_open(":memory:", &c.db)!=SQLITE_OK ){
    failHeader("cannot open an in-memory database");
    return 1;
  }
  c.pSchema = sqlite3_str_new(0);
  lipMakeSchema(&c);
  for(q=0; q<nQuery && nFail==0; q++){
    char *zSql = lipQuery(&c);
    sqlite3_stmt *pKeep = 0;
    int bAgain = rnd(&c.rng, 4)==0;
    g.nQuery++;
    if( g.bVerbose ) printf("-- query %d\n%s;\n", q, zSql);
    nFail += lipCompare(&c, zSql, bAgain ? &pKeep : 0);
    if( bAgain && nFail==0 ){
      /* Change the data, and run the same program again (its filters must
      ** be built again: a key inserted since must pass) */
      lipChangeData(&c);
      if( g.bVerbose ) printf("-- the same statement again\n");
      nFail += lipCompare(&c, zSql, &pKeep);
    }
    sqlite3_finalize(pKeep);
    sqlite3_free(zSql);
  }
  for(i=0; i<c.nDim; i++){
    int j;
    for(j=0; j<c.aDim[i].nKey; j++) sqlite3_free(c.aDim[i].azKey[j]);
    for(j=0; j<c.aDim[i].nSnowKey; j++) sqlite3_free(c.aDim[i].azSnowKey[j]);
    for(j=0; j<c.nFactKey[i]; j++) sqlite3_free(c.azFactKey[i][j]);
  }
  sqlite3_free(sqlite3_str_finish(c.pSchema));
  if( sqlite3_close(c.db)!=SQLITE_OK ){
    failHeader("sqlite3_close() failed");
    nFail++;
  }
  return nFail;
}

/****************************************************************************
** Part 2: the page cleaner under a fault-injecting VFS.
*/

/* What the fault VFS may fail */
#define FAULT_READ      0x01
#define FAULT_WRITE     0x02
#define FAULT_SYNC      0x04
#define FAULT_TRUNCATE  0x08

static struct {
  sqlite3_vfs *pReal;   /* The VFS below */
  int bArmed;           /* Faults are armed */
  unsigned mask;        /* FAULT_* that may fail */
  int nCountdown;       /* Calls of those kinds before the first failure */
  int bPersist;         /* Fail every such call after the first */
  int nFired;           /* Failures injected since armed */
} fault;

typedef struct FaultFile FaultFile;
struct FaultFile {
  sqlite3_file base;
  sqlite3_file *pReal;
};
#define REALFILE(f) (((FaultFile*)(f))->pReal)

/*
** Return rcErr if a call of kind op is to fail now, else SQLITE_OK.
*/
static int faultCheck(unsigned op, int rcErr){
  if( !fault.bArmed || (fault.mask & op)==0 ) return SQLITE_OK;
  if( fault.nFired ){
    if( !fault.bPersist ) return SQLITE_OK;
    fault.nFired++;
    return rcErr;
  }
  if( --fault.nCountdown>0 ) return SQLITE_OK;
  fault.nFired++;
  return rcErr;
}

/*
** No faults, and none fired.
*/
static void faultDisarm(void){
  fault.bArmed = 0;
  fault.mask = 0;
  fault.nCountdown = 0;
  fault.bPersist = 0;
  fault.nFired = 0;
}

static int faultClose(sqlite3_file *f){
  int rc = REALFILE(f)->pMethods->xClose(REALFILE(f));
  f->pMethods = 0;
  return rc;
}
static int faultRead(sqlite3_file *f, void *z, int n, sqlite3_int64 o){
  int rc = faultCheck(FAULT_READ, SQLITE_IOERR_READ);
  if( rc ) return rc;
  return REALFILE(f)->pMethods->xRead(REALFILE(f), z, n, o);
}
static int faultWrite(sqlite3_file *f, const void *z, int n, sqlite3_int64 o){
  int rc = faultCheck(FAULT_WRITE, SQLITE_IOERR_WRITE);
  if( rc ) return rc;
  return REALFILE(f)->pMethods->xWrite(REALFILE(f), z, n, o);
}
static int faultTruncate(sqlite3_file *f, sqlite3_int64 n){
  int rc = faultCheck(FAULT_TRUNCATE, SQLITE_IOERR_TRUNCATE);
  if( rc ) return rc;
  return REALFILE(f)->pMethods->xTruncate(REALFILE(f), n);
}
static int faultSync(sqlite3_file *f, int flags){
  int rc = faultCheck(FAULT_SYNC, SQLITE_IOERR_FSYNC);
  if( rc ) return rc;
  return REALFILE(f)->pMethods->xSync(REALFILE(f), flags);
}
static int faultFileSize(sqlite3_file *f, sqlite3_int64 *p){
  return REALFILE(f)->pMethods->xFileSize(REALFILE(f), p);
}
static int faultLock(sqlite3_file *f, int e){
  return REALFILE(f)->pMethods->xLock(REALFILE(f), e);
}
static int faultUnlock(sqlite3_file *f, int e){
  return REALFILE(f)->pMethods->xUnlock(REALFILE(f), e);
}
static int faultCheckReservedLock(sqlite3_file *f, int *p){
  return REALFILE(f)->pMethods->xCheckReservedLock(REALFILE(f), p);
}
static int faultFileControl(sqlite3_file *f, int op, void *p){
  return REALFILE(f)->pMethods->xFileControl(REALFILE(f), op, p);
}
static int faultSectorSize(sqlite3_file *f){
  return REALFILE(f)->pMethods->xSectorSize(REALFILE(f));
}
static int faultDeviceCharacteristics(sqlite3_file *f){
  return REALFILE(f)->pMethods->xDeviceCharacteristics(REALFILE(f));
}
static int faultShmMap(sqlite3_file *f, int i, int n, int b, void volatile **pp){
  return REALFILE(f)->pMethods->xShmMap(REALFILE(f), i, n, b, pp);
}
static int faultShmLock(sqlite3_file *f, int o, int n, int flags){
  return REALFILE(f)->pMethods->xShmLock(REALFILE(f), o, n, flags);
}
static void faultShmBarrier(sqlite3_file *f){
  REALFILE(f)->pMethods->xShmBarrier(REALFILE(f));
}
static int faultShmUnmap(sqlite3_file *f, int bDelete){
  return REALFILE(f)->pMethods->xShmUnmap(REALFILE(f), bDelete);
}

/* Version 2: no xFetch, so every page is read with xRead */
static const sqlite3_io_methods faultMethods = {
  2,
  faultClose, faultRead, faultWrite, faultTruncate, faultSync,
  faultFileSize, faultLock, faultUnlock, faultCheckReservedLock,
  faultFileControl, faultSectorSize, faultDeviceCharacteristics,
  faultShmMap, faultShmLock, faultShmBarrier, faultShmUnmap,
  0, 0
};

static int faultOpen(
  sqlite3_vfs *pVfs, sqlite3_filename zName, sqlite3_file *pFile,
  int flags, int *pOutFlags
){
  FaultFile *p = (FaultFile*)pFile;
  int rc;
  (void)pVfs;
  p->pReal = (sqlite3_file*)&p[1];
  rc = fault.pReal->xOpen(fault.pReal, zName, p->pReal, flags, pOutFlags);
  pFile->pMethods = p->pReal->pMethods ? &faultMethods : 0;
  return rc;
}
static int faultDelete(sqlite3_vfs *pVfs, const char *z, int bSync){
  (void)pVfs;
  return fault.pReal->xDelete(fault.pReal, z, bSync);
}
static int faultAccess(sqlite3_vfs *pVfs, const char *z, int f, int *pOut){
  (void)pVfs;
  return fault.pReal->xAccess(fault.pReal, z, f, pOut);
}
static int faultFullPathname(sqlite3_vfs *pVfs, const char *z, int n, char *zOut){
  (void)pVfs;
  return fault.pReal->xFullPathname(fault.pReal, z, n, zOut);
}
static int faultRandomness(sqlite3_vfs *pVfs, int n, char *z){
  (void)pVfs;
  return fault.pReal->xRandomness(fault.pReal, n, z);
}
static int faultSleep(sqlite3_vfs *pVfs, int n){
  (void)pVfs;
  return fault.pReal->xSleep(fault.pReal, n);
}
static int faultCurrentTime(sqlite3_vfs *pVfs, double *p){
  (void)pVfs;
  return fault.pReal->xCurrentTime(fault.pReal, p);
}
static int faultGetLastError(sqlite3_vfs *pVfs, int n, char *z){
  (void)pVfs;
  return fault.pReal->xGetLastError(fault.pReal, n, z);
}
static int faultCurrentTimeInt64(sqlite3_vfs *pVfs, sqlite3_int64 *p){
  (void)pVfs;
  return fault.pReal->xCurrentTimeInt64(fault.pReal, p);
}

static sqlite3_vfs faultVfs = {
  2, 0, 1024, 0, "lipfuzz-fault", 0,
  faultOpen, faultDelete, faultAccess, faultFullPathname,
  0, 0, 0, 0,
  faultRandomness, faultSleep, faultCurrentTime, faultGetLastError,
  faultCurrentTimeInt64, 0, 0, 0
};

/*
** Register the fault VFS over the default one (not as the default).
*/
static void faultRegister(void){
  if( fault.pReal ) return;
  fault.pReal = sqlite3_vfs_find(0);
  faultVfs.szOsFile = (int)sizeof(FaultFile) + fault.pReal->szOsFile;
  faultVfs.mxPathname = fault.pReal->mxPathname;
  sqlite3_vfs_register(&faultVfs, 0);
}

/* The operations of a transaction */
#define OP_INSERT    0   /* n rows into t, keys a, a+b, ...; size c */
#define OP_UPDATE    1   /* t's rows a..a+b: n+=1, v resized to c */
#define OP_DELETE    2   /* t's rows a..a+b */
#define OP_WINSERT   3   /* n rows into w, keys from a; size c */
#define OP_WDELETE   4   /* w's rows a..a+b */
#define OP_SAVEPOINT 5
#define OP_ROLLBACKTO 6
#define OP_RELEASE   7
#define OP_BIG       8   /* OP_INSERT of many rows */

typedef struct PcOp PcOp;
struct PcOp { int eOp, n, a, b, c; u64 iSeed; };

#define MX_OP 24

/*
** Fill z[0..n-1] with bytes from seed iSeed.
*/
static void fillBytes(unsigned char *z, int n, u64 iSeed){
  Rng r;
  int i;
  r.s = iSeed;
  for(i=0; i<n; i++){
    if( (i&7)==0 ) iSeed = rngNext(&r);
    z[i] = (unsigned char)(iSeed >> ((i&7)*8));
  }
}

/*
** Run one statement with bound integers/blob: zSql with "?1".."?3" bound
** to a, b (integers) and a blob of nBlob bytes from iSeed.
*/
static int pcStmt(
  sqlite3 *db, const char *zSql, i64 a, i64 b, int nBlob, u64 iSeed
){
  sqlite3_stmt *p = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &p, 0);
  if( rc==SQLITE_OK ){
    int nParam = sqlite3_bind_parameter_count(p);
    if( nParam>=1 ) sqlite3_bind_int64(p, 1, a);
    if( nParam>=2 ) sqlite3_bind_int64(p, 2, b);
    if( nParam>=3 ){
      unsigned char *z = sqlite3_malloc(nBlob>0 ? nBlob : 1);
      if( z==0 ){ sqlite3_finalize(p); return SQLITE_NOMEM; }
      fillBytes(z, nBlob, iSeed);
      sqlite3_bind_blob(p, 3, z, nBlob, sqlite3_free);
    }
    while( (rc = sqlite3_step(p))==SQLITE_ROW ){}
    if( rc==SQLITE_DONE ) rc = SQLITE_OK;
  }
  sqlite3_finalize(p);
  return rc;
}

/*
** Run operation pOp on db.  iDepth is the savepoint depth before it.
*/
static int pcRunOp(sqlite3 *db, PcOp *pOp, int iDepth){
  int i, rc = SQLITE_OK;
  char zSql[64];
  if( g.bVerbose ){
    printf("-- op %d n=%d a=%d b=%d c=%d\n", pOp->eOp, pOp->n, pOp->a,
           pOp->b, pOp->c);
  }
  switch( pOp->eOp ){
    case OP_INSERT:
    case OP_BIG:
      for(i=0; i<pOp->n && rc==SQLITE_OK; i++){
        rc = pcStmt(db, "INSERT OR REPLACE INTO t(k,n,v) VALUES(?1,?2,?3)",
                    pOp->a + (i64)i*pOp->b, i, pOp->c + (i*37)%(pOp->c+1),
                    pOp->iSeed + i);
      }
      break;
    case OP_UPDATE:
      rc = pcStmt(db, "UPDATE t SET n=n+1, v=substr(v,1,?2)||?3 "
                      "WHERE k BETWEEN ?1 AND ?1+?2", pOp->a, pOp->b,
                  pOp->c, pOp->iSeed);
      break;
    case OP_DELETE:
      rc = pcStmt(db, "DELETE FROM t WHERE k BETWEEN ?1 AND ?1+?2",
                  pOp->a, pOp->b, -1, 0);
      break;
    case OP_WINSERT:
      for(i=0; i<pOp->n && rc==SQLITE_OK; i++){
        rc = pcStmt(db, "INSERT OR REPLACE INTO w(x,y) "
                        "VALUES(printf('w%06d',?1),?3)",
                    pOp->a + i*7, 0, pOp->c, pOp->iSeed + i);
      }
      break;
    case OP_WDELETE:
      rc = pcStmt(db, "DELETE FROM w WHERE x BETWEEN printf('w%06d',?1) "
                      "AND printf('w%06d',?1+?2)", pOp->a, pOp->b, -1, 0);
      break;
    case OP_SAVEPOINT:
      sqlite3_snprintf(sizeof(zSql), zSql, "SAVEPOINT sp%d", iDepth+1);
      rc = sqlite3_exec(db, zSql, 0, 0, 0);
      break;
    case OP_ROLLBACKTO:
      sqlite3_snprintf(sizeof(zSql), zSql, "ROLLBACK TO sp%d", iDepth);
      rc = sqlite3_exec(db, zSql, 0, 0, 0);
      break;
    default: /* OP_RELEASE */
      sqlite3_snprintf(sizeof(zSql), zSql, "RELEASE sp%d", iDepth);
      rc = sqlite3_exec(db, zSql, 0, 0, 0);
      break;
  }
  return rc;
}

/*
** A hash of the content of db (tables t and w), or 0 if it cannot be read.
*/
static u64 pcContent(sqlite3 *db, i64 *pnRow){
  static const char *azSql[] = {
    "SELECT k, n, v FROM t ORDER BY k", "SELECT x, y FROM w ORDER BY x"
  };
  u64 h = 0xcbf29ce484222325ULL;
  int i, j, n;
  *pnRow = 0;
  for(i=0; i<2; i++){
    sqlite3_stmt *p = 0;
    int rc = sqlite3_prepare_v2(db, azSql[i], -1, &p, 0);
    if( rc!=SQLITE_OK ) return 0;
    while( (rc = sqlite3_step(p))==SQLITE_ROW ){
      (*pnRow)++;
      for(j=0; j<sqlite3_column_count(p); j++){
        const unsigned char *z;
        int k;
        h = (h ^ (u64)(sqlite3_column_type(p, j)+7)) * 0x100000001b3ULL;
        if( sqlite3_column_type(p, j)==SQLITE_INTEGER ){
          h = (h ^ (u64)sqlite3_column_int64(p, j)) * 0x100000001b3ULL;
          continue;
        }
        z = (const unsigned char*)sqlite3_column_blob(p, j);
        n = sqlite3_column_bytes(p, j);
        for(k=0; k<n; k++) h = (h ^ z[k]) * 0x100000001b3ULL;
        h = (h ^ (u64)n) * 0x100000001b3ULL;
      }
    }
    sqlite3_finalize(p);
    if( rc!=SQLITE_DONE ) return 0;
  }
  return h ? h : 1;
}

/*
** The result of PRAGMA integrity_check on db: 1 if "ok".
*/
static int pcIntegrityOk(sqlite3 *db){
  sqlite3_stmt *p = 0;
  int bOk = 0;
  if( sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &p, 0)==SQLITE_OK
   && sqlite3_step(p)==SQLITE_ROW ){
    const char *z = (const char*)sqlite3_column_text(p, 0);
    bOk = z && strcmp(z, "ok")==0;
    if( !bOk ) printf("  integrity_check: %s\n", z ? z : "NULL");
  }
  sqlite3_finalize(p);
  return bOk;
}

/* The configuration of a pc case */
typedef struct PcCase PcCase;
struct PcCase {
  Rng rng;
  char zFile[512];
  const char *zJournal;
  const char *zSync;
  const char *zCleaner;
  int iThresholdPct;
  int nQueue;
  int nCache;
  int nPage;
  int bFault;           /* Through the fault VFS */
  int bExclusive;       /* PRAGMA locking_mode=EXCLUSIVE */
  sqlite3 *db;          /* The database file */
  sqlite3 *dbModel;     /* The model */
};

/*
** Add the connection's page_cleaner_stats to the run's counts.
*/
static void pcStats(PcCase *p){
  i64 nB = queryInt(p->db,
      "SELECT sum(batches) FROM pragma_page_cleaner_stats", 0);
  i64 nQ = queryInt(p->db,
      "SELECT sum(queued) FROM pragma_page_cleaner_stats", 0);
  g.nBatch += nB;
  g.nQueued += nQ;
  if( !p->bFault && p->zCleaner[0]=='t' ) g.nQueuedUnix += nQ;
}

/*
** Open (again) the database file of p and configure it.
*/
static int pcOpen(PcCase *p){
  char *z;
  int rc = sqlite3_open_v2(p->zFile, &p->db,
                           SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE,
                           p->bFault ? "lipfuzz-fault" : 0);
  if( rc!=SQLITE_OK ){
    printf("  cannot open %s: %s\n", p->zFile, sqlite3_errmsg(p->db));
    return rc;
  }
  z = sqlite3_mprintf(
      "PRAGMA page_size=%d; PRAGMA locking_mode=%s;"
      "PRAGMA journal_mode=%s; PRAGMA synchronous=%s;"
      "PRAGMA cache_size=%d; PRAGMA page_cleaner=%s;"
      "PRAGMA page_cleaner_threshold=%d.%02d; PRAGMA page_cleaner_queue=%d",
      p->nPage, p->bExclusive ? "EXCLUSIVE" : "NORMAL",
      p->zJournal, p->zSync, p->nCache,
      g.bNoFeature ? "off" : p->zCleaner,
      p->iThresholdPct/100, p->iThresholdPct%100, p->nQueue);
  rc = execOk(p->db, z);
  sqlite3_free(z);
  return rc;
}

/*
** Close the database file of p (faults off), adding up its statistics.
*/
static int pcClose(PcCase *p){
  int rc;
  pcStats(p);
  rc = sqlite3_close(p->db);
  p->db = 0;
  if( rc!=SQLITE_OK ) printf("  sqlite3_close() returned %d\n", rc);
  return rc;
}

static void pcRemoveFiles(PcCase *p){
  static const char *azSuffix[] = { "", "-journal", "-wal", "-shm" };
  char zName[600];
  int i;
  for(i=0; i<4; i++){
    sqlite3_snprintf(sizeof(zName), zName, "%s%s", p->zFile, azSuffix[i]);
    unlink(zName);
  }
}

/*
** Generate the operations of one transaction into aOp; return their
** number.
*/
static int pcGenTx(Rng *r, PcOp *aOp){
  int nOp = rndRange(r, 2, MX_OP-4);
  int i, iDepth = 0;
  for(i=0; i<nOp; i++){
    PcOp *o = &aOp[i];
    int x = rnd(r, 20);
    memset(o, 0, sizeof(*o));
    o->iSeed = rngNext(r);
    if( x<5 ){
      o->eOp = OP_INSERT;
      o->n = rndRange(r, 1, 30);
      o->a = rnd(r, 3000);
      o->b = rndRange(r, 1, 5);
      x = rnd(r, 10);
      o->c = x<5 ? rndRange(r, 10, 300) : x<9 ? rndRange(r, 300, 1500)
                 : rndRange(r, 1500, 6000);
    }else if( x<7 ){
      o->eOp = OP_BIG;
      o->n = rndRange(r, 50, 250);
      o->a = rnd(r, 3000);
      o->b = rndRange(r, 1, 3);
      o->c = rndRange(r, 100, 1200);
    }else if( x<10 ){
      o->eOp = OP_UPDATE;
      o->a = rnd(r, 3000);
      o->b = rndRange(r, 0, 200);
      o->c = rndRange(r, 0, 800);
    }else if( x<12 ){
      o->eOp = OP_DELETE;
      o->a = rnd(r, 3000);
      o->b = rndRange(r, 0, 300);
    }else if( x<14 ){
      o->eOp = OP_WINSERT;
      o->n = rndRange(r, 1, 40);
      o->a = rnd(r, 5000);
      o->c = rndRange(r, 0, 2000);
    }else if( x<15 ){
      o->eOp = OP_WDELETE;
      o->a = rnd(r, 5000);
      o->b = rndRange(r, 0, 500);
    }else if( x<17 || iDepth==0 ){
      o->eOp = OP_SAVEPOINT;
      iDepth++;
    }else if( x<19 ){
      o->eOp = OP_ROLLBACKTO;
    }else{
      o->eOp = OP_RELEASE;
      iDepth--;
    }
  }
  return nOp;
}

/*
** Run case g.iCase of part pc in directory zDir.  Return 0 if it passed.
*/
static int pcCase(const char *zDir){
  static const char *azJournal[] = { "DELETE", "TRUNCATE", "PERSIST", "WAL" };
  static const char *azSync[] = { "OFF", "NORMAL", "FULL", "FULL" };
  static const int aQueue[] = { 1, 4, 16, 64, 1024 };
  static const int aPage[] = { 512, 1024, 4096, 4096 };
  static const int aThreshold[] = { 0, 10, 25, 50, 80, 100 };
  PcCase c;
  PcOp aOp[MX_OP];
  int nTx, iTx, rc, nFail = 0;
  i64 nRowModel = 0, nRowReal = 0;
  u64 hBefore, hAfter, hReal;
  sqlite3 *dbReader = 0;        /* A WAL reader */

  memset(&c, 0, sizeof(c));
  rngSeed(&c.rng, g.iSeed, (u64)g.iCase + 0x5bd1e995ULL);
  sqlite3_snprintf(sizeof(c.zFile), c.zFile, "%s/pc%d.db", zDir, g.iCase);
  c.zJournal = azJournal[rnd(&c.rng, 4)];
  c.zSync = azSync[rnd(&c.rng, 4)];
  c.zCleaner = rnd(&c.rng, 2) ? "sync" : "thread";
  c.iThresholdPct = rnd(&c.rng, 3)==0 ? rnd(&c.rng, 101)
                                      : aThreshold[rnd(&c.rng, 6)];
  c.nQueue = aQueue[rnd(&c.rng, 5)];
  c.nCache = rndRange(&c.rng, 10, 50);
  c.nPage = aPage[rnd(&c.rng, 4)];
  c.bFault = c.zCleaner[0]=='t' ? rnd(&c.rng, 2) : rnd(&c.rng, 4)!=0;
  c.bExclusive = rnd(&c.rng, 5)==0;
  if( !c.bFault && c.zCleaner[0]=='t' ) g.nThreadUnix++;
  if( g.bVerbose ){
    printf("-- pc case %d: %s journal, synchronous=%s, cleaner %s at %d%%, "
           "queue %d, cache %d pages of %d bytes, %s VFS, locking_mode %s\n",
           g.iCase, c.zJournal, c.zSync, c.zCleaner, c.iThresholdPct,
           c.nQueue, c.nCache, c.nPage, c.bFault ? "fault" : "default",
           c.bExclusive ? "EXCLUSIVE" : "NORMAL");
  }
  pcRemoveFiles(&c);
  faultRegister();
  faultDisarm();
  if( sqlite3_open(":memory:", &c.dbModel)!=SQLITE_OK || pcOpen(&c) ){
    failHeader("cannot open the databases");
    sqlite3_close(c.dbModel);
    sqlite3_close(c.db);
    return 1;
  }
  {
    const char *zSchema =
      "CREATE TABLE t(k INTEGER PRIMARY KEY, n INT, v BLOB);"
      "CREATE INDEX tn ON t(n, length(v));"
      "CREATE TABLE w(x TEXT PRIMARY KEY, y BLOB) WITHOUT ROWID;";
    if( execOk(c.db, zSchema) || execOk(c.dbModel, zSchema) ){
      failHeader("cannot create the schema");
      nFail++;
    }
  }
  hBefore = pcContent(c.dbModel, &nRowModel);
  nTx = rndRange(&c.rng, 4, 12);
  for(iTx=0; iTx<nTx && nFail==0; iTx++){
    int nOp = pcGenTx(&c.rng, aOp);
    int bCommit = rnd(&c.rng, 5)!=0;
    int bArm = rnd(&c.rng, 2);
    int i, iDepth = 0, iFailed = -1, rcCommit = SQLITE_OK;
    int bReopen, nAfter;
    const char *zExpect;

    g.nTx++;
    /* The model: the whole transaction, kept open */
    rc = execOk(c.dbModel, "BEGIN");
    for(i=0; i<nOp && rc==SQLITE_OK; i++){
      rc = pcRunOp(c.dbModel, &aOp[i], iDepth);
      if( aOp[i].eOp==OP_SAVEPOINT ) iDepth++;
      if( aOp[i].eOp==OP_RELEASE ) iDepth--;
    }
    if( rc!=SQLITE_OK ){
      failHeader("the model failed");
      printf("  %s\n", sqlite3_errmsg(c.dbModel));
      nFail++;
      break;
    }
    hAfter = bCommit ? pcContent(c.dbModel, &nRowModel) : hBefore;

    /* In WAL mode, now and then a reader (on the default VFS) whose
    ** snapshot must stay the content from before the transaction */
    if( c.zJournal[0]=='W' && !c.bExclusive && rnd(&c.rng, 4)==0 ){
      if( sqlite3_open_v2(c.zFile, &dbReader, SQLITE_OPEN_READWRITE, 0)
       || execOk(dbReader, "BEGIN")
       || pcContent(dbReader, &nRowReal)!=hBefore
      ){
        failHeader("a reader does not see the committed content");
        nFail++;
        break;
      }
    }

    /* The database file, with faults armed or not */
    faultDisarm();
    if( bArm && c.bFault ){
      fault.mask = (unsigned)rndRange(&c.rng, 1, 15);
      fault.nCountdown = rndRange(&c.rng, 1, 400);
      fault.bPersist = rnd(&c.rng, 2);
      fault.bArmed = 1;
    }
    nAfter = fault.nCountdown;
    iDepth = 0;
    rc = sqlite3_exec(c.db, "BEGIN", 0, 0, 0);
    if( rc ) iFailed = 0;
    for(i=0; i<nOp && rc==SQLITE_OK; i++){
      rc = pcRunOp(c.db, &aOp[i], iDepth);
      if( aOp[i].eOp==OP_SAVEPOINT ) iDepth++;
      if( aOp[i].eOp==OP_RELEASE ) iDepth--;
      if( rc ) iFailed = i+1;
    }
    if( rc==SQLITE_OK ){
      rcCommit = sqlite3_exec(c.db, bCommit ? "COMMIT" : "ROLLBACK", 0, 0, 0);
    }
    if( rc || rcCommit ){
      if( !sqlite3_get_autocommit(c.db) ){
        sqlite3_exec(c.db, "ROLLBACK", 0, 0, 0);
      }
    }
    if( fault.nFired ) g.nTxFault++;
    fault.bArmed = 0;
    if( (rc || rcCommit) && fault.nFired==0 ){
      failHeader("an error without an injected fault");
      printf("  transaction %d, operation %d: %s\n", iTx, iFailed,
             sqlite3_errmsg(c.db));
      nFail++;
      break;
    }

    if( dbReader ){
      int bSame = pcContent(dbReader, &nRowReal)==hBefore;
      sqlite3_exec(dbReader, "COMMIT", 0, 0, 0);
      sqlite3_close(dbReader);
      dbReader = 0;
      if( !bSame ){
        failHeader("a reader's snapshot changed during a transaction");
        nFail++;
        break;
      }
      g.nReader++;
    }

    /* Faults off; reopen after a fault, and now and then */
    bReopen = fault.nFired>0 || rnd(&c.rng, 4)==0;
    if( bReopen ){
      g.nReopen++;
      if( pcClose(&c) || pcOpen(&c) ){
        failHeader("cannot close and reopen the database");
        nFail++;
        break;
      }
    }
    hReal = pcContent(c.db, &nRowReal);
    if( g.bCorrupt ){
      /* Self-test: the model is wrong */
      hAfter ^= 1;
      hBefore ^= 1;
      g.bCorrupt = 0;
    }
    if( rc==SQLITE_OK && rcCommit==SQLITE_OK ){
      zExpect = hReal==hAfter ? 0 : bCommit ? "as after the COMMIT"
                                            : "as before the ROLLBACK";
    }else if( rc ){
      zExpect = hReal==hBefore ? 0 : "as before (a statement failed)";
    }else{
      zExpect = (hReal==hBefore || hReal==hAfter) ? 0
                : "as before or after (the COMMIT failed)";
    }
    if( zExpect ){
      failHeader("the content differs from the model's");
      printf("  transaction %d (%d operations, %s), expected %s; %s VFS, "
             "%s journal, synchronous=%s, cleaner %s at %d%%, queue %d, "
             "cache %d pages of %d bytes, locking_mode %s; "
             "fault: %s, mask %u, after %d, "
             "fired %d; statement rc %d (operation %d), end rc %d; "
             "reopened %d; model %lld rows, file %lld rows\n",
             iTx, nOp, bCommit ? "COMMIT" : "ROLLBACK", zExpect,
             c.bFault ? "fault" : "default", c.zJournal, c.zSync, c.zCleaner,
             c.iThresholdPct, c.nQueue, c.nCache, c.nPage,
             c.bExclusive ? "EXCLUSIVE" : "NORMAL",
             bArm && c.bFault ? (fault.bPersist ? "persistent" : "transient")
                              : "none",
             fault.mask, nAfter, fault.nFired, rc, iFailed,
             rcCommit, bReopen, nRowModel, nRowReal);
      nFail++;
      break;
    }
    if( !pcIntegrityOk(c.db) ){
      failHeader("integrity_check failed");
      nFail++;
      break;
    }
    /* The model follows the file */
    if( hReal==hAfter && bCommit ){
      execOk(c.dbModel, "COMMIT");
      g.nTxCommitted++;
      hBefore = hAfter;
    }else{
      execOk(c.dbModel, "ROLLBACK");
    }
    /* A checkpoint now and then, with faults armed */
    if( c.zJournal[0]=='W' && rnd(&c.rng, 3)==0 ){
      static const char *azCkpt[] = {
        "PRAGMA wal_checkpoint(PASSIVE)", "PRAGMA wal_checkpoint(FULL)",
        "PRAGMA wal_checkpoint(RESTART)", "PRAGMA wal_checkpoint(TRUNCATE)"
      };
      faultDisarm();
      if( c.bFault && rnd(&c.rng, 2) ){
        fault.mask = (unsigned)rndRange(&c.rng, 1, 15);
        fault.nCountdown = rndRange(&c.rng, 1, 40);
        fault.bPersist = rnd(&c.rng, 2);
        fault.bArmed = 1;
      }
      rc = sqlite3_exec(c.db, azCkpt[rnd(&c.rng, 4)], 0, 0, 0);
      fault.bArmed = 0;
      if( rc && fault.nFired==0 ){
        failHeader("a checkpoint failed without an injected fault");
        printf("  %s\n", sqlite3_errmsg(c.db));
        nFail++;
        break;
      }
      if( fault.nFired ){
        g.nReopen++;
        if( pcClose(&c) || pcOpen(&c) ){
          failHeader("cannot close and reopen the database");
          nFail++;
          break;
        }
      }
      if( pcContent(c.db, &nRowReal)!=hBefore ){
        failHeader("the content changed at a checkpoint");
        nFail++;
        break;
      }
    }
  }
  sqlite3_close(dbReader);
  if( c.db && pcClose(&c) ) nFail++;
  sqlite3_close(c.dbModel);
  if( nFail==0 ) pcRemoveFiles(&c);
  return nFail;
}

/****************************************************************************
** Part 3: subquery amortization (PRAGMA subquery_amortize).
**
** Two connections share one in-memory database (the memdb VFS, a name that
** starts with "/"): dbOff with subquery_amortize=OFF, which also makes the
** schema and changes the data, and dbOn with it ON.  A setting per
** connection, not a PRAGMA switched before each run: changing it expires
** the connection's statements, and a statement kept to be run again must
** stay the program that was planned with the feature on.
*/

#define CS_MX_TAB    4    /* Tables t1..t4 */
#define CS_MX_SRC    8    /* Tables t1..t4, views v1..v3, a CTE c1 */
#define CS_MX_SCOPE  8    /* Aliases an expression may refer to */
#define CS_MX_SUB    7    /* Subqueries in one query, at most (about) */
#define CS_NPAD      58   /* Padding columns: w is the 65th of a wide table */

/* Key kinds of a table */
#define CK_ROWID   0      /* A plain rowid table: no index but those made */
#define CK_IPK     1      /* id INTEGER PRIMARY KEY */
#define CK_WR      2      /* WITHOUT ROWID, PRIMARY KEY(id) */
#define CK_PK2     3      /* rowid table with PRIMARY KEY(a,id): an index on a */
#define CK_UNIQ    4      /* rowid table with UNIQUE(b,id): an index on b */

/* A table, view or CTE that a query may read.  Each has the columns id,
** a, b, c, d and e; a wide table also w, its 65th column, beyond the
** 63 columns that the bits of colUsed name one by one. */
typedef struct CsSrc CsSrc;
struct CsSrc {
  char zName[8];
  int bWide;            /* Has column w */
  int bRowid;           /* A rowid table: "rowid" may be named */
  int eKind;            /* CK_* of a table, -1 for a view or CTE */
};

typedef struct CsCase CsCase;
struct CsCase {
  Rng rng;
  sqlite3 *dbOff;       /* subquery_amortize=OFF: also makes schema and data */
  sqlite3 *dbOn;        /* subquery_amortize=ON (OFF with --no-feature) */
  char zUri[80];        /* The shared memdb database */
  char zSettings[160];  /* PRAGMAs set alike on every connection */
  sqlite3_str *pSchema; /* Every statement of the schema and data */
  int nTab;             /* Tables t1..tN: aSrc[0..nTab-1] */
  int nSrc;             /* Tables and views */
  CsSrc aSrc[CS_MX_SRC];
  int nExtraId;         /* Ids given to rows inserted by data changes */
  int bThreads;         /* PRAGMA threads=2: ORDER BY ties in any order */
  int bBig;             /* 512-byte pages, a small cache, t1 of 1000-1500
                        ** rows with long texts: amortized indexes large
                        ** enough for their sorter to spill */
};

/* The state of the generator while it writes one statement */
typedef struct CsGen CsGen;
struct CsGen {
  CsCase *p;
  int nSrc;             /* Sources of this statement: p's and a CTE */
  CsSrc aSrc[CS_MX_SRC];
  int nAlias;           /* Subquery aliases s1, s2, ... made */
  int nSub;             /* Subqueries made */
};

/* The aliases that an expression may refer to: the outer queries' */
typedef struct CsScope CsScope;
struct CsScope {
  int n;
  char azAlias[CS_MX_SCOPE][8];
  int aiSrc[CS_MX_SCOPE];                /* Index in CsGen.aSrc[] */
  const char *azFix[CS_MX_SCOPE];        /* The only column that may be
                                         ** named (a GROUP BY column), or 0 */
};

/*
** Add alias zAlias of source iSrc to scope pS (zFix: see CsScope).
*/
static void csScopeAdd(CsScope *pS, const char *zAlias, int iSrc,
                       const char *zFix){
  if( pS->n>=CS_MX_SCOPE ) return;
  sqlite3_snprintf(8, pS->azAlias[pS->n], "%s", zAlias);
  pS->aiSrc[pS->n] = iSrc;
  pS->azFix[pS->n] = zFix;
  pS->n++;
}

/*
** A value for the data: small domains, so that correlations match, of
** every storage class: integers, reals equal to integers, other reals
** (1e16 and 0.1 make sums depend on their order), texts that look like
** numbers, texts differing in case or trailing spaces, blobs, NULL.
*/
static char *csValue(Rng *r){
  static const char *azText[] = {
    "'1'", "'2'", "'a'", "'A'", "'a '", "'b'", "'B'", "'1.0'", "' 1'", "''",
    "'ab'", "'AB'"
  };
  static const char *azReal[] = {
    "1.0", "2.0", "0.0", "-0.0", "0.5", "2.5", "0.1", "0.7", "1e16", "-1e16"
  };
  static const char *azBlob[] = { "x'61'", "x'01'", "x''", "x'31'" };
  int x = rnd(r, 32);
  if( x<12 ) return sqlite3_mprintf("%d", rndRange(r, -1, 4));
  if( x<17 ) return sqlite3_mprintf("%s", azReal[rnd(r, 10)]);
  if( x<26 ) return sqlite3_mprintf("%s", azText[rnd(r, 12)]);
  if( x<28 ) return sqlite3_mprintf("%s", azBlob[rnd(r, 4)]);
  return sqlite3_mprintf("NULL");
}

/*
** Run one statement of the schema or data on dbOff and record it.  Errors
** (constraints) are ignored, as in part lip.
*/
static void csSql(CsCase *p, char *zSql){
  sqlite3_str_appendf(p->pSchema, "%s;\n", zSql);
  if( g.bVerbose ) printf("%s;\n", zSql);
  sqlite3_exec(p->dbOff, zSql, 0, 0, 0);
  sqlite3_free(zSql);
}

/*
** A column of source pSrc: "a".."e", "id", sometimes "w" (wide tables)
** or "rowid" (rowid tables).
*/
static const char *csColumn(Rng *r, const CsSrc *pSrc){
  static const char *az[] = { "a", "b", "c", "d", "e", "a", "b", "id" };
  if( pSrc->bWide && rnd(r, 3)==0 ) return "w";
  if( pSrc->bRowid && rnd(r, 30)==0 ) return "rowid";
  return az[rnd(r, 8)];
}

/*
** A constraint on alias zA of source pSrc alone.
*/
static char *csLocal(Rng *r, const char *zA, const CsSrc *pSrc){
  const char *zC = csColumn(r, pSrc);
  switch( rnd(r, 11) ){
    case 0:  return sqlite3_mprintf("%s.%s>1", zA, zC);
    case 1:  return sqlite3_mprintf("%s.%s IS NOT NULL", zA, zC);
    case 2:  return sqlite3_mprintf("%s.%s LIKE 'a%%'", zA, zC);
    case 3:  return sqlite3_mprintf("%s.%s IN (1,2,'a','b')", zA, zC);
    case 4:  return sqlite3_mprintf("%s.%s<>2", zA, zC);
    case 5:  return sqlite3_mprintf("%s.%s BETWEEN 0 AND 2", zA, zC);
    case 6:  return sqlite3_mprintf("(%s.%s=1 OR %s.%s='a')", zA, zC, zA, zC);
    case 7:  return sqlite3_mprintf("%s.%s IS NULL", zA, zC);
    case 8:  return sqlite3_mprintf("%s.%s='A' COLLATE NOCASE", zA, zC);
    case 9:  return sqlite3_mprintf("%s.%s=%d", zA, zC, rnd(r, 3));
    default: return sqlite3_mprintf("%s.%s<'b'", zA, zC);
  }
}

/*
** Append term z (then freed) to the AND-list w.
*/
static void csAnd(sqlite3_str *w, char *z){
  if( z==0 ) return;
  sqlite3_str_appendf(w, "%s%s", sqlite3_str_length(w) ? " AND " : "", z);
  sqlite3_free(z);
}

/*
** A reference to a column of entry i of scope pS, sometimes inside an
** expression that changes its affinity or value.
*/
static char *csOuterRef(CsGen *pG, const CsScope *pS, int i){
  Rng *r = &pG->p->rng;
  const char *zA = pS->azAlias[i];
  const char *zC = pS->azFix[i] ? pS->azFix[i]
                                : csColumn(r, &pG->aSrc[pS->aiSrc[i]]);
  switch( rnd(r, 16) ){
    case 0:  return sqlite3_mprintf("%s.%s+0", zA, zC);
    case 1:  return sqlite3_mprintf("CAST(%s.%s AS TEXT)", zA, zC);
    case 2:  return sqlite3_mprintf("lower(%s.%s)", zA, zC);
    case 3:  return sqlite3_mprintf("coalesce(%s.%s,1)", zA, zC);
    case 4:  return sqlite3_mprintf("CAST(%s.%s AS INTEGER)", zA, zC);
    default: return sqlite3_mprintf("%s.%s", zA, zC);
  }
}

/*
** A term that correlates alias zIn (of source pIn) with entry i of scope
** pS: mostly an equality that can drive an automatic index (either way
** round, IS, with a COLLATE), sometimes a term that cannot (<, >=, <>, OR).
*/
static char *csCorrTerm(CsGen *pG, const CsScope *pS, int i,
                        const char *zIn, const CsSrc *pIn){
  Rng *r = &pG->p->rng;
  const char *zX = csColumn(r, pIn);
  char *zO = csOuterRef(pG, pS, i);
  char *z;
  switch( rnd(r, 18) ){
    case 6: case 7:
      z = sqlite3_mprintf("%s=%s.%s", zO, zIn, zX); break;
    case 8:
      z = sqlite3_mprintf("%s.%s IS %s", zIn, zX, zO); break;
    case 9:
      z = sqlite3_mprintf("%s.%s=%s COLLATE NOCASE", zIn, zX, zO); break;
    case 10:
      z = sqlite3_mprintf("%s.%s=%s COLLATE RTRIM", zIn, zX, zO); break;
    case 11:
      z = sqlite3_mprintf("%s.%s COLLATE BINARY=%s", zIn, zX, zO); break;
    case 12:
      z = sqlite3_mprintf("%s.%s<%s", zIn, zX, zO); break;
    case 13:
      z = sqlite3_mprintf("%s.%s>=%s", zIn, zX, zO); break;
    case 14:
      z = sqlite3_mprintf("(%s.%s=%s OR %s.%s IS NULL)", zIn, zX, zO, zIn, zX);
      break;
    case 15:
      z = sqlite3_mprintf("%s.%s<>%s", zIn, zX, zO); break;
    default:
      z = sqlite3_mprintf("%s.%s=%s", zIn, zX, zO); break;
  }
  sqlite3_free(zO);
  return z;
}

/*
** An aggregate over alias zA of source pSrc.  Several depend on the order
** of their rows: group_concat() without ORDER BY, sums of reals.
*/
static char *csAggregate(Rng *r, const char *zA, const CsSrc *pSrc){
  const char *zC = csColumn(r, pSrc);
  const char *zC2 = csColumn(r, pSrc);
  switch( rnd(r, 17) ){
    case 0:  return sqlite3_mprintf("count(*)");
    case 1:  return sqlite3_mprintf("count(%s.%s)", zA, zC);
    case 2:  return sqlite3_mprintf("count(DISTINCT %s.%s)", zA, zC);
    case 3:  return sqlite3_mprintf("sum(%s.%s)", zA, zC);
    case 4:  return sqlite3_mprintf("avg(%s.%s)", zA, zC);
    case 5:  return sqlite3_mprintf("total(%s.%s)", zA, zC);
    case 6:  return sqlite3_mprintf("min(%s.%s)", zA, zC);
    case 7:  return sqlite3_mprintf("max(%s.%s)", zA, zC);
    case 8:  return sqlite3_mprintf("group_concat(%s.%s)", zA, zC);
    case 9:  return sqlite3_mprintf("group_concat(%s.%s,'|')", zA, zC);
    case 10: return sqlite3_mprintf("group_concat(%s.%s ORDER BY %s.%s)",
                                    zA, zC, zA, zC2);
    case 11: return sqlite3_mprintf("sum(%s.%s*0.1)", zA, zC);
    case 12: return sqlite3_mprintf("total(%s.%s/3.0)", zA, zC);
    case 13: return sqlite3_mprintf("string_agg(%s.%s||'',',')", zA, zC);
    case 14: return sqlite3_mprintf("group_concat(DISTINCT %s.%s)", zA, zC);
    case 15: return sqlite3_mprintf("min(%s.%s)||':'||%s.%s", zA, zC, zA, zC2);
    default: return sqlite3_mprintf("max(%s.%s)-min(%s.%s)+count(*)",
                                    zA, zC, zA, zC);
  }
}

#define CS_SCALAR 0       /* A scalar subquery */
#define CS_EXISTS 1       /* The subquery of EXISTS */
#define CS_LIST   2       /* The right of IN: one column */

static char *csPredicate(CsGen *pG, const CsScope *pS, int iDepth);

/*
** The WHERE clause of a subquery reading source iSrc as alias zIn, with
** the outer queries of scope pS: one or two correlated terms (mostly with
** the nearest outer query), sometimes a local term, sometimes (up to two
** levels deep) a predicate with a subquery of its own, correlated with
** this one and the outer ones.
*/
static char *csWhereOf(CsGen *pG, const CsScope *pS, const char *zIn,
                       int iSrc, int iDepth){
  Rng *r = &pG->p->rng;
  sqlite3_str *w = sqlite3_str_new(0);
  const CsSrc *pIn = &pG->aSrc[iSrc];
  csAnd(w, csCorrTerm(pG, pS, rnd(r, 10)<7 ? pS->n-1 : rnd(r, pS->n),
                      zIn, pIn));
  if( rnd(r, 10)<3 ) csAnd(w, csCorrTerm(pG, pS, rnd(r, pS->n), zIn, pIn));
  if( rnd(r, 10)<4 ) csAnd(w, csLocal(r, zIn, pIn));
  if( iDepth<2 && pS->n<CS_MX_SCOPE && pG->nSub<CS_MX_SUB && rnd(r, 10)<2 ){
    CsScope s2 = *pS;
    csScopeAdd(&s2, zIn, iSrc, 0);
    csAnd(w, csPredicate(pG, &s2, iDepth+1));
  }
  return sqlite3_str_finish(w);
}

/*
** A subquery of kind eKind (CS_*) correlated with scope pS.
*/
static char *csSubquery(CsGen *pG, const CsScope *pS, int eKind, int iDepth){
  Rng *r = &pG->p->rng;
  int iSrc = pG->p->bBig && rnd(r, 2) ? 0 : rnd(r, pG->nSrc);
  const CsSrc *pSrc = &pG->aSrc[iSrc];
  const char *zT = pSrc->zName;
  const char *zC = csColumn(r, pSrc);
  const char *zC2 = csColumn(r, pSrc);
  char zIn[8];
  char *zW;
  sqlite3_str *s = sqlite3_str_new(0);
  int x;
  sqlite3_snprintf(sizeof(zIn), zIn, "s%d", ++pG->nAlias);
  pG->nSub++;
  zW = csWhereOf(pG, pS, zIn, iSrc, iDepth);
  switch( eKind ){
    case CS_SCALAR:
      x = rnd(r, 20);
      if( x<11 ){
        char *zAgg = csAggregate(r, zIn, pSrc);
        sqlite3_str_appendf(s, "SELECT %s FROM %s AS %s WHERE %s",
                            zAgg, zT, zIn, zW);
        sqlite3_free(zAgg);
      }else if( x<16 ){
        /* The first row: in rowid order, or the first of ties */
        sqlite3_str_appendf(s, "SELECT %s.%s FROM %s AS %s WHERE %s",
                            zIn, zC, zT, zIn, zW);
        if( rnd(r, 2) ){
          sqlite3_str_appendf(s, " ORDER BY %s.%s%s", zIn, zC2,
                              rnd(r, 3)==0 ? " DESC" : "");
        }
        if( rnd(r, 3)==0 ){
          sqlite3_str_appendf(s, " LIMIT 1 OFFSET %d", rnd(r, 3));
        }
      }else if( x<18 ){
        sqlite3_str_appendf(s, "SELECT count(*) FROM %s AS %s WHERE %s "
                            "GROUP BY %s.%s%s%s LIMIT 1",
                            zT, zIn, zW, zIn, zC,
                            rnd(r, 2) ? " HAVING count(*)>1" : "",
                            rnd(r, 2) ? " ORDER BY 1 DESC" : "");
      }else{
        /* A compound: its first row */
        int iSrc2 = rnd(r, pG->nSrc);
        char zIn2[8];
        char *zW2;
        sqlite3_snprintf(sizeof(zIn2), zIn2, "s%d", ++pG->nAlias);
        pG->nSub++;
        zW2 = csWhereOf(pG, pS, zIn2, iSrc2, 2);
        sqlite3_str_appendf(s, "SELECT %s.%s FROM %s AS %s WHERE %s "
                            "UNION%s SELECT %s.%s FROM %s AS %s WHERE %s LIMIT 1",
                            zIn, zC, zT, zIn, zW, rnd(r, 3) ? " ALL" : "",
                            zIn2, csColumn(r, &pG->aSrc[iSrc2]),
                            pG->aSrc[iSrc2].zName, zIn2, zW2);
        sqlite3_free(zW2);
      }
      break;
    case CS_EXISTS:
      x = rnd(r, 10);
      if( x<5 ){
        sqlite3_str_appendf(s, "SELECT 1 FROM %s AS %s WHERE %s", zT, zIn, zW);
      }else if( x==5 ){
        /* Columns that the EXISTS never computes (amortize.c) */
        sqlite3_str_appendf(s, "SELECT * FROM %s AS %s WHERE %s", zT, zIn, zW);
      }else if( x==6 ){
        sqlite3_str_appendf(s, "SELECT %s.%s FROM %s AS %s WHERE %s",
                            zIn, zC, zT, zIn, zW);
      }else if( x<9 ){
        sqlite3_str_appendf(s, "SELECT %s.%s FROM %s AS %s WHERE %s "
                            "LIMIT 1 OFFSET %d", zIn, zC, zT, zIn, zW,
                            rndRange(r, 1, 3));
      }else{
        sqlite3_str_appendf(s, "SELECT %s.%s FROM %s AS %s WHERE %s "
                            "GROUP BY %s.%s HAVING count(*)>1",
                            zIn, zC, zT, zIn, zW, zIn, zC);
      }
      break;
    default: /* CS_LIST */
      x = rnd(r, 10);
      sqlite3_str_appendf(s, "SELECT %s%s.%s FROM %s AS %s WHERE %s",
                          rnd(r, 8)==0 ? "DISTINCT " : "",
                          zIn, zC, zT, zIn, zW);
      if( x<2 ){
        /* Which rows are the first ones: rowid order, or ties */
        sqlite3_str_appendf(s, " LIMIT %d", rndRange(r, 1, 3));
      }else if( x<4 ){
        sqlite3_str_appendf(s, " ORDER BY %s.%s LIMIT %d", zIn, zC2,
                            rndRange(r, 1, 3));
      }else if( x<5 ){
        int iSrc2 = rnd(r, pG->nSrc);
        char zIn2[8];
        char *zW2;
        static const char *azOp[] = { "UNION", "UNION ALL", "EXCEPT",
                                      "INTERSECT" };
        sqlite3_snprintf(sizeof(zIn2), zIn2, "s%d", ++pG->nAlias);
        pG->nSub++;
        zW2 = csWhereOf(pG, pS, zIn2, iSrc2, 2);
        sqlite3_str_appendf(s, " %s SELECT %s.%s FROM %s AS %s WHERE %s",
                            azOp[rnd(r, 4)],
                            zIn2, csColumn(r, &pG->aSrc[iSrc2]),
                            pG->aSrc[iSrc2].zName, zIn2, zW2);
        sqlite3_free(zW2);
      }
      break;
  }
  sqlite3_free(zW);
  return sqlite3_str_finish(s);
}

/*
** A predicate holding a subquery correlated with scope pS: EXISTS, NOT
** EXISTS, IN, NOT IN, or a comparison with a scalar subquery.
*/
static char *csPredicate(CsGen *pG, const CsScope *pS, int iDepth){
  Rng *r = &pG->p->rng;
  char *zSub, *zO = 0, *z;
  switch( rnd(r, 11) ){
    case 10: {
      /* A row value IN a two-column subquery */
      int iSrc = rnd(r, pG->nSrc);
      char zIn[8];
      char *zW, *zO2;
      sqlite3_snprintf(sizeof(zIn), zIn, "s%d", ++pG->nAlias);
      pG->nSub++;
      zW = csWhereOf(pG, pS, zIn, iSrc, iDepth);
      zO = csOuterRef(pG, pS, rnd(r, pS->n));
      zO2 = csOuterRef(pG, pS, rnd(r, pS->n));
      z = sqlite3_mprintf("(%s,%s) %sIN (SELECT %s.%s, %s.%s FROM %s AS %s "
                          "WHERE %s)", zO, zO2, rnd(r, 3)==0 ? "NOT " : "",
                          zIn, csColumn(r, &pG->aSrc[iSrc]),
                          zIn, csColumn(r, &pG->aSrc[iSrc]),
                          pG->aSrc[iSrc].zName, zIn, zW);
      sqlite3_free(zW);
      sqlite3_free(zO2);
      zSub = 0;
      break;
    }
    case 0: case 1: case 2:
      zSub = csSubquery(pG, pS, CS_EXISTS, iDepth);
      z = sqlite3_mprintf("%sEXISTS (%s)", rnd(r, 3)==0 ? "NOT " : "", zSub);
      break;
    case 3: case 4: case 5:
      zO = csOuterRef(pG, pS, rnd(r, pS->n));
      zSub = csSubquery(pG, pS, CS_LIST, iDepth);
      z = sqlite3_mprintf("%s %sIN (%s)", zO, rnd(r, 3)==0 ? "NOT " : "", zSub);
      break;
    default:
      zSub = csSubquery(pG, pS, CS_SCALAR, iDepth);
      switch( rnd(r, 6) ){
        case 0:  z = sqlite3_mprintf("(%s)>%d", zSub, rnd(r, 3)); break;
        case 1:
          zO = csOuterRef(pG, pS, rnd(r, pS->n));
          z = sqlite3_mprintf("(%s)=%s", zSub, zO);
          break;
        case 2:  z = sqlite3_mprintf("(%s) IS NULL", zSub); break;
        case 3:  z = sqlite3_mprintf("(%s) IS NOT NULL", zSub); break;
        case 4:  z = sqlite3_mprintf("coalesce((%s),0)<2", zSub); break;
        default:
          zO = csOuterRef(pG, pS, rnd(r, pS->n));
          z = sqlite3_mprintf("%s<(%s)", zO, zSub);
          break;
      }
      break;
  }
  sqlite3_free(zO);
  sqlite3_free(zSub);
  return z;
}

/*
** Start the generator state of one statement of case p.
*/
static void csGenInit(CsGen *pG, CsCase *p){
  memset(pG, 0, sizeof(*pG));
  pG->p = p;
  pG->nSrc = p->nSrc;
  memcpy(pG->aSrc, p->aSrc, sizeof(p->aSrc));
}

/*
** A random query of case p: one or two outer tables (a join, a LEFT JOIN
** whose ON may hold a subquery), correlated subqueries in the select list,
** WHERE, HAVING and ORDER BY, up to two levels deep; sometimes an
** aggregate with GROUP BY (subqueries correlated with the group's column,
** or inside an aggregate's argument), DISTINCT, a window function, LIMIT
** and OFFSET, a CTE (c1, also read by the subqueries).
*/
static char *csQuery(CsGen *pG){
  CsCase *p = pG->p;
  Rng *r = &p->rng;
  sqlite3_str *s = sqlite3_str_new(0);
  sqlite3_str *w = sqlite3_str_new(0);
  sqlite3_str *f = sqlite3_str_new(0);
  CsScope sc, scFix;
  int bAgg = rnd(r, 4)==0;
  int i1, i2 = -1, i, nScalar, nPred;
  const char *zG = 0;
  char *z;

  memset(&sc, 0, sizeof(sc));
  memset(&scFix, 0, sizeof(scFix));
  if( rnd(r, 5)==0 && pG->nSrc<CS_MX_SRC ){
    static const char *azMat[] = { "", " MATERIALIZED", " NOT MATERIALIZED" };
    int iT = rnd(r, p->nTab);
    char *zL = csLocal(r, "x", &p->aSrc[iT]);
    sqlite3_str_appendf(s, "WITH c1 AS%s (SELECT id,a,b,c,d,e FROM %s AS x "
                        "WHERE %s) ", azMat[rnd(r, 3)], p->aSrc[iT].zName, zL);
    sqlite3_free(zL);
    memset(&pG->aSrc[pG->nSrc], 0, sizeof(CsSrc));
    strcpy(pG->aSrc[pG->nSrc].zName, "c1");
    pG->aSrc[pG->nSrc].eKind = -1;
    pG->nSrc++;
  }
  i1 = rnd(r, pG->nSrc);
  csScopeAdd(&sc, "o1", i1, 0);
  if( rnd(r, 10)<3 ){
    i2 = rnd(r, pG->nSrc);
    csScopeAdd(&sc, "o2", i2, 0);
  }
  if( bAgg ){
    zG = csColumn(r, &pG->aSrc[i1]);
    csScopeAdd(&scFix, "o1", i1, zG);
  }

  /* FROM */
  sqlite3_str_appendf(f, " FROM %s AS o1", pG->aSrc[i1].zName);
  if( i2>=0 ){
    char *zJ = sqlite3_mprintf("o2.%s=o1.%s", csColumn(r, &pG->aSrc[i2]),
                               csColumn(r, &pG->aSrc[i1]));
    switch( rnd(r, 5) ){
      case 0:
        sqlite3_str_appendf(f, ", %s AS o2", pG->aSrc[i2].zName);
        csAnd(w, zJ);
        zJ = 0;
        break;
      case 1:
        sqlite3_str_appendf(f, " CROSS JOIN %s AS o2 ON %s",
                            pG->aSrc[i2].zName, zJ);
        break;
      case 2:
        sqlite3_str_appendf(f, " JOIN %s AS o2 ON %s", pG->aSrc[i2].zName, zJ);
        break;
      default:
        sqlite3_str_appendf(f, " LEFT JOIN %s AS o2 ON %s",
                            pG->aSrc[i2].zName, zJ);
        if( rnd(r, 2) ){
          z = csPredicate(pG, &sc, 1);
          sqlite3_str_appendf(f, " AND %s", z);
          sqlite3_free(z);
        }
        break;
    }
    sqlite3_free(zJ);
  }

  /* WHERE */
  nScalar = rnd(r, 3);
  nPred = rnd(r, 3);
  if( nScalar==0 && nPred==0 && !bAgg ) nPred = 1;
  for(i=0; i<nPred; i++) csAnd(w, csPredicate(pG, &sc, 1));
  if( rnd(r, 10)<3 ) csAnd(w, csLocal(r, "o1", &pG->aSrc[i1]));

  if( !bAgg ){
    sqlite3_str_appendf(s, "SELECT %so1.id, o1.%s", rnd(r, 10)==0 ? "DISTINCT " : "",
                        csColumn(r, &pG->aSrc[i1]));
    if( i2>=0 ) sqlite3_str_appendf(s, ", o2.%s", csColumn(r, &pG->aSrc[i2]));
    for(i=0; i<nScalar; i++){
      z = csSubquery(pG, &sc, CS_SCALAR, 1);
      sqlite3_str_appendf(s, ", (%s)", z);
      sqlite3_free(z);
    }
    if( rnd(r, 20)==0 ){
      sqlite3_str_appendf(s, ", count(*) OVER (PARTITION BY o1.%s)",
                          csColumn(r, &pG->aSrc[i1]));
    }
    sqlite3_str_appendall(s, sqlite3_str_value(f));
    if( sqlite3_str_length(w) ){
      sqlite3_str_appendf(s, " WHERE %s", sqlite3_str_value(w));
    }
    switch( rnd(r, 6) ){
      case 0:
        sqlite3_str_appendf(s, " ORDER BY o1.%s", csColumn(r, &pG->aSrc[i1]));
        break;
      case 1:
        z = csSubquery(pG, &sc, CS_SCALAR, 1);
        sqlite3_str_appendf(s, " ORDER BY (%s) DESC, o1.%s", z,
                            csColumn(r, &pG->aSrc[i1]));
        sqlite3_free(z);
        break;
      case 2:
        sqlite3_str_appendf(s, " ORDER BY 2 DESC, 1");
        break;
      default:
        break;
    }
  }else{
    char *zAgg = csAggregate(r, "o1", &pG->aSrc[i1]);
    sqlite3_str_appendf(s, "SELECT o1.%s, count(*), %s", zG, zAgg);
    sqlite3_free(zAgg);
    for(i=0; i<nScalar; i++){
      z = csSubquery(pG, &scFix, CS_SCALAR, 1);
      sqlite3_str_appendf(s, ", (%s)", z);
      sqlite3_free(z);
    }
    if( rnd(r, 4)==0 ){
      /* A subquery run for every row of the input, in an aggregate */
      z = csSubquery(pG, &sc, CS_SCALAR, 1);
      sqlite3_str_appendf(s, ", %s((%s))", rnd(r, 2) ? "sum" : "group_concat",
                          z);
      sqlite3_free(z);
    }
    sqlite3_str_appendall(s, sqlite3_str_value(f));
    if( sqlite3_str_length(w) ){
      sqlite3_str_appendf(s, " WHERE %s", sqlite3_str_value(w));
    }
    sqlite3_str_appendf(s, " GROUP BY o1.%s", zG);
    switch( rnd(r, 4) ){
      case 0:
        z = csPredicate(pG, &scFix, 1);
        sqlite3_str_appendf(s, " HAVING %s", z);
        sqlite3_free(z);
        break;
      case 1:
        z = csSubquery(pG, &scFix, CS_SCALAR, 1);
        sqlite3_str_appendf(s, " HAVING count(*)>=(%s)", z);
        sqlite3_free(z);
        break;
      default:
        break;
    }
    switch( rnd(r, 4) ){
      case 0:
        sqlite3_str_appendf(s, " ORDER BY 2 DESC");
        break;
      case 1:
        z = csSubquery(pG, &scFix, CS_SCALAR, 1);
        sqlite3_str_appendf(s, " ORDER BY (%s)", z);
        sqlite3_free(z);
        break;
      default:
        break;
    }
  }
  if( rnd(r, 5)==0 ){
    sqlite3_str_appendf(s, " LIMIT %d", rndRange(r, 1, 6));
    if( rnd(r, 2) ) sqlite3_str_appendf(s, " OFFSET %d", rndRange(r, 1, 4));
  }
  sqlite3_free(sqlite3_str_finish(w));
  sqlite3_free(sqlite3_str_finish(f));
  return sqlite3_str_finish(s);
}

/*
** Build the schema and data of case p: 2 to 4 tables t1.. of the key kinds
** CK_*, columns a..e of random affinity and sometimes NOCASE or RTRIM,
** 1 in 8 wide (w is column 64), 0 to 160 rows (rowids sometimes out of
** insertion order; ids with ties), sometimes an index (one or two
** columns, a collation, partial, an expression); sometimes a view v1
** (flattened into its table) and v2 (an aggregate); 1 in 4 ANALYZE.
*/
static void csMakeSchema(CsCase *p){
  static const char *azCsColl[] = {
    "", "", "", "", "", " COLLATE NOCASE", " COLLATE NOCASE", " COLLATE RTRIM"
  };
  static const char *azCol[] = { "a", "b", "c", "d", "e" };
  Rng *r = &p->rng;
  int i, j, k;
  p->nTab = rndRange(r, 2, CS_MX_TAB);
  for(i=0; i<p->nTab; i++){
    CsSrc *pT = &p->aSrc[i];
    sqlite3_str *s = sqlite3_str_new(0);
    int x = rnd(r, 20);
    int nRow, bExplicitRowid;
    pT->eKind = x<9 ? CK_ROWID : x<14 ? CK_IPK : x<16 ? CK_WR
              : x<18 ? CK_PK2 : CK_UNIQ;
    if( p->bBig && i==0 ) pT->eKind = CK_ROWID;
    pT->bWide = rnd(r, 8)==0;
    pT->bRowid = pT->eKind!=CK_WR;
    sqlite3_snprintf(8, pT->zName, "t%d", i+1);
    sqlite3_str_appendf(s, "CREATE TABLE %s(id %s", pT->zName,
        pT->eKind==CK_IPK ? "INTEGER PRIMARY KEY" :
        pT->eKind==CK_WR ? "INT NOT NULL" : "INT");
    for(j=0; j<5; j++){
      sqlite3_str_appendf(s, ", %s %s%s", azCol[j],
                          azAff[rnd(r, sizeof(azAff)/sizeof(azAff[0]))],
                          azCsColl[rnd(r, 8)]);
    }
    if( pT->bWide ){
      for(j=1; j<=CS_NPAD; j++) sqlite3_str_appendf(s, ", p%d DEFAULT 0", j);
      sqlite3_str_appendf(s, ", w %s", azAff[rnd(r, 8)]);
    }
    if( pT->eKind==CK_WR ) sqlite3_str_appendall(s, ", PRIMARY KEY(id)");
    if( pT->eKind==CK_PK2 ) sqlite3_str_appendall(s, ", PRIMARY KEY(a,id)");
    if( pT->eKind==CK_UNIQ ) sqlite3_str_appendall(s, ", UNIQUE(b,id)");
    sqlite3_str_appendf(s, ")%s", pT->eKind==CK_WR ? " WITHOUT ROWID" : "");
    csSql(p, sqlite3_str_finish(s));

    /* The rows, 20 to an INSERT */
    x = rnd(r, 20);
    nRow = x==0 ? 0 : x<5 ? rndRange(r, 1, 12) : rndRange(r, 12, 160);
    if( pT->bWide && nRow>60 ) nRow = 60;
    if( p->bBig && i==0 ) nRow = rndRange(r, 1000, 1500);
    bExplicitRowid = pT->eKind==CK_ROWID && rnd(r, 10)<4;
    csSql(p, sqlite3_mprintf("BEGIN"));
    for(j=0; j<nRow; j+=20){
      s = sqlite3_str_new(0);
      sqlite3_str_appendf(s, "INSERT OR IGNORE INTO %s(%sid,a,b,c,d,e%s) VALUES",
                          pT->zName, bExplicitRowid ? "rowid," : "",
                          pT->bWide ? ",w" : "");
      for(k=j; k<nRow && k<j+20; k++){
        int m;
        sqlite3_str_appendf(s, "%s(", k>j ? "," : "");
        if( bExplicitRowid ){
          sqlite3_str_appendf(s, "%d,", rndRange(r, 1, 100000));
        }
        if( pT->eKind==CK_ROWID ){
          sqlite3_str_appendf(s, "%d", rnd(r, 1+nRow/3));   /* ties */
        }else if( pT->eKind==CK_IPK && rnd(r, 2) ){
          sqlite3_str_appendf(s, "%d", rndRange(r, 1, 100000));
        }else{
          sqlite3_str_appendf(s, "%d", k+1);
        }
        for(m=0; m<5+pT->bWide; m++){
          char *zV;
          if( p->bBig && i==0 && (m==4 || m==3) && rnd(r, 4) ){
            /* long texts, from a small domain */
            zV = sqlite3_mprintf("'%.*c%d'", rndRange(r, 60, 200), '-',
                                 rnd(r, 5));
          }else{
            zV = csValue(r);
          }
          sqlite3_str_appendf(s, ",%s", zV);
          sqlite3_free(zV);
        }
        sqlite3_str_appendchar(s, 1, ')');
      }
      csSql(p, sqlite3_str_finish(s));
    }
    csSql(p, sqlite3_mprintf("COMMIT"));

    /* An index */
    if( rnd(r, 20)<9 ){
      const char *zC = azCol[rnd(r, 5)];
      switch( rnd(r, 7) ){
        case 0: case 1:
          csSql(p, sqlite3_mprintf("CREATE INDEX %s_i ON %s(%s)",
                                   pT->zName, pT->zName, zC));
          break;
        case 2:
          csSql(p, sqlite3_mprintf("CREATE INDEX %s_i ON %s(%s COLLATE NOCASE)",
                                   pT->zName, pT->zName, zC));
          break;
        case 3:
          csSql(p, sqlite3_mprintf("CREATE INDEX %s_i ON %s(%s,%s)",
                                   pT->zName, pT->zName, zC, azCol[rnd(r, 5)]));
          break;
        case 4:
          csSql(p, sqlite3_mprintf(
              "CREATE INDEX %s_i ON %s(%s) WHERE %s IS NOT NULL",
              pT->zName, pT->zName, zC, zC));
          break;
        case 5:
          csSql(p, sqlite3_mprintf("CREATE INDEX %s_i ON %s(lower(%s))",
                                   pT->zName, pT->zName, zC));
          break;
        default:
          csSql(p, sqlite3_mprintf("CREATE INDEX %s_i ON %s(%s+1)",
                                   pT->zName, pT->zName, zC));
          break;
      }
    }
  }
  p->nSrc = p->nTab;
  if( rnd(r, 10)<4 ){
    int iT = rnd(r, p->nTab);
    char *zL = csLocal(r, p->aSrc[iT].zName, &p->aSrc[iT]);
    csSql(p, sqlite3_mprintf(
        "CREATE VIEW v1 AS SELECT id,a,b,c,d,e FROM %s WHERE %s",
        p->aSrc[iT].zName, zL));
    sqlite3_free(zL);
    memset(&p->aSrc[p->nSrc], 0, sizeof(CsSrc));
    strcpy(p->aSrc[p->nSrc].zName, "v1");
    p->aSrc[p->nSrc].eKind = -1;
    p->nSrc++;
  }
  if( rnd(r, 10)<2 ){
    int iT = rnd(r, p->nTab);
    csSql(p, sqlite3_mprintf(
        "CREATE VIEW v2 AS SELECT a, min(b) AS b, sum(c) AS c, max(d) AS d, "
        "count(e) AS e, count(*) AS id FROM %s GROUP BY a",
        p->aSrc[iT].zName));
    memset(&p->aSrc[p->nSrc], 0, sizeof(CsSrc));
    strcpy(p->aSrc[p->nSrc].zName, "v2");
    p->aSrc[p->nSrc].eKind = -1;
    p->nSrc++;
  }
  if( rnd(r, 10)<2 ){
    /* A correlated subquery inside a view */
    int iT = rnd(r, p->nTab), iU = rnd(r, p->nTab);
    char *zAgg = csAggregate(r, "q", &p->aSrc[iU]);
    csSql(p, sqlite3_mprintf(
        "CREATE VIEW v3 AS SELECT id, a, (SELECT %s FROM %s AS q WHERE q.%s=%s.%s)"
        " AS b, c, d, e FROM %s",
        zAgg, p->aSrc[iU].zName, csColumn(r, &p->aSrc[iU]), p->aSrc[iT].zName,
        csColumn(r, &p->aSrc[iT]), p->aSrc[iT].zName));
    sqlite3_free(zAgg);
    memset(&p->aSrc[p->nSrc], 0, sizeof(CsSrc));
    strcpy(p->aSrc[p->nSrc].zName, "v3");
    p->aSrc[p->nSrc].eKind = -1;
    p->nSrc++;
  }
  if( rnd(r, 4)==0 ) csSql(p, sqlite3_mprintf("ANALYZE"));
}

/*
** Change the data of case p a little (through dbOff): rows inserted
** (rowids also between the existing ones), deleted, updated.
*/
static void csChangeData(CsCase *p){
  Rng *r = &p->rng;
  int n = rndRange(r, 1, 3);
  while( n-- > 0 ){
    CsSrc *pT = &p->aSrc[rnd(r, p->nTab)];
    char *zV = csValue(r);
    char *zV2 = csValue(r);
    switch( rnd(r, 4) ){
      case 0: case 1: {
        sqlite3_str *s = sqlite3_str_new(0);
        int k, nNew = rndRange(r, 1, 4);
        sqlite3_str_appendf(s, "INSERT OR IGNORE INTO %s(id,a,b,c,d,e) VALUES",
                            pT->zName);
        for(k=0; k<nNew; k++){
          int m;
          sqlite3_str_appendf(s, "%s(%d", k ? "," : "",
                              pT->eKind==CK_ROWID ? rnd(r, 20)
                                                  : 1000000 + ++p->nExtraId);
          for(m=0; m<5; m++){
            char *zX = csValue(r);
            sqlite3_str_appendf(s, ",%s", zX);
            sqlite3_free(zX);
          }
          sqlite3_str_appendchar(s, 1, ')');
        }
        csSql(p, sqlite3_str_finish(s));
        break;
      }
      case 2:
        csSql(p, sqlite3_mprintf("DELETE FROM %s WHERE %s=%s",
                                 pT->zName, csColumn(r, pT), zV));
        break;
      default:
        csSql(p, sqlite3_mprintf("UPDATE %s SET %s=%s WHERE %s=%s",
                                 pT->zName, rnd(r, 2) ? "b" : "c", zV2,
                                 csColumn(r, pT), zV));
        break;
    }
    sqlite3_free(zV);
    sqlite3_free(zV2);
  }
}

/*
** Fault injection for part corrsub: a memory allocator over the default
** one that fails sqlite3_malloc()/sqlite3_realloc() after a countdown,
** once (transient) or from then on (persistent).  Installed (before
** sqlite3_initialize()) only for this part; armed only around the steps
** of an OOM run (paused while the harness formats a row).
*/
static struct {
  sqlite3_mem_methods real;   /* The allocator below */
  int bInstalled;
  int bArmed;
  int bPaused;                /* The harness is allocating: never fail */
  int nCountdown;             /* Calls before the first failure */
  int bPersist;               /* Fail every call after the first */
  int nFired;                 /* Failures injected since armed */
  i64 nCall;                  /* Calls while armed */
} oom;

/*
** True if the allocation being made is to fail.
*/
static int oomFail(void){
  if( !oom.bArmed || oom.bPaused ) return 0;
  oom.nCall++;
  if( oom.nFired ){
    if( !oom.bPersist ) return 0;
    oom.nFired++;
    return 1;
  }
  if( --oom.nCountdown>0 ) return 0;
  oom.nFired++;
  return 1;
}
/*
** xMalloc and xRealloc of the wrapper: fail, or call the allocator below.
*/
static void *oomMalloc(int n){
  return oomFail() ? 0 : oom.real.xMalloc(n);
}
static void *oomRealloc(void *p, int n){
  return oomFail() ? 0 : oom.real.xRealloc(p, n);
}

/*
** Install the wrapper (before sqlite3_initialize()); oom.bInstalled says
** whether it is.
*/
static void oomInstall(void){
  sqlite3_mem_methods m;
  if( sqlite3_config(SQLITE_CONFIG_GETMALLOC, &oom.real)!=SQLITE_OK ) return;
  m = oom.real;
  m.xMalloc = oomMalloc;
  m.xRealloc = oomRealloc;
  oom.bInstalled = sqlite3_config(SQLITE_CONFIG_MALLOC, &m)==SQLITE_OK;
}
/*
** Arm the wrapper: allocation nCountdown from now fails, and with bPersist
** every one after it too.
*/
static void oomArm(int nCountdown, int bPersist){
  oom.bArmed = 1;
  oom.bPaused = 0;
  oom.nCountdown = nCountdown;
  oom.bPersist = bPersist;
  oom.nFired = 0;
  oom.nCall = 0;
}

/*
** The progress handler of part corrsub: stop a statement after about 5 M
** opcodes (such a statement is not compared).
*/
static int csProgressCount;
static int csProgress(void *pArg){
  (void)pArg;
  return ++csProgressCount > 5000;     /* about 5 M opcodes */
}

/*
** Run the statement pStmt to its end (or, if nMax>=0, for at most nMax
** rows), into pRes (rows in order, not sorted).
*/
static void csStep(sqlite3 *db, sqlite3_stmt *pStmt, Res *pRes, int nMax){
  int rc = SQLITE_DONE, i, n = sqlite3_column_count(pStmt);
  while( (nMax<0 || pRes->nRow<nMax)
      && (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    sqlite3_str *s;
    oom.bPaused = 1;
    s = sqlite3_str_new(0);
    for(i=0; i<n; i++){
      if( i ) sqlite3_str_appendchar(s, 1, '|');
      appendValue(s, pStmt, i);
    }
    if( pRes->nRow>=pRes->nAlloc ){
      pRes->nAlloc = pRes->nAlloc*2 + 16;
      pRes->azRow = sqlite3_realloc64(pRes->azRow, sizeof(char*)*pRes->nAlloc);
      if( pRes->azRow==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
    }
    /* sqlite3_str_finish() returns NULL for an empty string too (a row of
    ** one empty text): only an error code means memory ran out.  The fuzz
    ** build's hard heap limit (SQLITE_MAX_MEMORY, 50 MB, as upstream's
    ** fuzzcheck) counts the rows the harness keeps too, so a result that
    ** large is not compared, as one the progress handler stopped is not. */
    if( sqlite3_str_errcode(s) ){
      sqlite3_free(sqlite3_str_finish(s));
      oom.bPaused = 0;
      pRes->bInterrupted = 1;
      pRes->rc = SQLITE_NOMEM;
      return;
    }
    pRes->azRow[pRes->nRow] = sqlite3_str_length(s)>0 ?
        sqlite3_str_finish(s) : (sqlite3_free(sqlite3_str_finish(s)),
                                 sqlite3_mprintf("%s", ""));
    if( pRes->azRow[pRes->nRow]==0 ){
      fprintf(stderr, "out of memory\n"); exit(2);
    }
    pRes->nRow++;
    oom.bPaused = 0;
  }
  if( nMax>=0 && pRes->nRow>=nMax ) return;
  if( rc!=SQLITE_DONE ){
    oom.bPaused = 1;
    pRes->zErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    oom.bPaused = 0;
    pRes->bInterrupted = rc==SQLITE_INTERRUPT || csProgressCount>5000;
  }
  pRes->rc = rc;
}

/*
** Run zSql on db into pRes.  If ppKeep is not NULL, the statement is kept
** there, and if it holds one already that one is run again: first a few
** rows of it, then reset, then to its end.
*/
static void csRun(
  sqlite3 *db, const char *zSql, Res *pRes, sqlite3_stmt **ppKeep
){
  sqlite3_stmt *pStmt = 0;
  int rc;
  memset(pRes, 0, sizeof(*pRes));
  csProgressCount = 0;
  sqlite3_progress_handler(db, 1000, csProgress, 0);
  if( ppKeep && *ppKeep ){
    Res part;
    pStmt = *ppKeep;
    sqlite3_reset(pStmt);
    memset(&part, 0, sizeof(part));
    csStep(db, pStmt, &part, rndRange(&g.rngAux, 1, 3));
    resFree(&part);
    sqlite3_reset(pStmt);
    csProgressCount = 0;
    rc = SQLITE_OK;
  }else{
    rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  }
  if( rc==SQLITE_OK && pStmt ){
    csStep(db, pStmt, pRes, -1);
  }else{
    oom.bPaused = 1;
    pRes->rc = rc ? rc : SQLITE_DONE;
    if( rc ) pRes->zErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    oom.bPaused = 0;
  }
  if( ppKeep && pRes->rc==SQLITE_DONE ){
    sqlite3_reset(pStmt);
    *ppKeep = pStmt;
  }else{
    if( ppKeep ) *ppKeep = 0;
    sqlite3_finalize(pStmt);
  }
  sqlite3_progress_handler(db, 0, 0, 0);
}

/*
** The EXPLAIN QUERY PLAN of zSql on db, one line a row, indented by its
** depth in the tree (empty on an error), and in *pnUse the number of its
** lines that say BUILT ONCE FOR ALL RUNS.
*/
static char *csPlan(sqlite3 *db, const char *zSql, int *pnUse){
  sqlite3_stmt *pStmt = 0;
  char *z = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", zSql);
  sqlite3_str *s = sqlite3_str_new(0);
  int aId[64], aDepth[64], nId = 0;
  *pnUse = 0;
  if( sqlite3_prepare_v2(db, z, -1, &pStmt, 0)==SQLITE_OK ){
    while( sqlite3_step(pStmt)==SQLITE_ROW ){
      const char *zD = (const char*)sqlite3_column_text(pStmt, 3);
      int iParent = sqlite3_column_int(pStmt, 1), i, iDepth = 0;
      if( zD==0 ) continue;
      for(i=nId-1; i>=0; i--){
        if( aId[i]==iParent ){ iDepth = aDepth[i]+1; break; }
      }
      if( nId<64 ){
        aId[nId] = sqlite3_column_int(pStmt, 0);
        aDepth[nId++] = iDepth;
      }
      if( strstr(zD, "BUILT ONCE FOR ALL RUNS") ) (*pnUse)++;
      sqlite3_str_appendf(s, "    %*s%s\n", 2*iDepth, "", zD);
    }
  }
  sqlite3_finalize(pStmt);
  sqlite3_free(z);
  return sqlite3_str_finish(s);
}

/*
** Write the schema, the data and the statement of a failed case to a file
** for the sqlite3 shell, and name it.
*/
static void csSaveCase(CsCase *p, const char *zSql){
  char zFile[256];
  FILE *out = lipCaseFile("corrsub", p->pSchema, zFile, sizeof(zFile));
  if( out==0 ) return;
  fprintf(out, "%s\n", p->zSettings);
  fprintf(out, ".print '-- subquery_amortize=ON'\n"
               "PRAGMA subquery_amortize=ON;\nEXPLAIN QUERY PLAN %s;\n%s;\n"
               ".print '-- subquery_amortize=OFF'\n"
               "PRAGMA subquery_amortize=OFF;\n%s;\n", zSql, zSql, zSql);
  fclose(out);
  printf("  schema, data and statement (for the sqlite3 shell): %s\n", zFile);
}

/*
** Print the schema of case p without its data.
*/
static void csPrintSchema(CsCase *p){
  const char *z = sqlite3_str_value(p->pSchema);
  int n;
  printf("  schema (without the data):\n");
  while( z && *z ){
    const char *zEnd = strchr(z, '\n');
    n = zEnd ? (int)(zEnd-z) : (int)strlen(z);
    if( strncmp(z, "INSERT", 6)!=0 && strncmp(z, "BEGIN", 5)!=0
     && strncmp(z, "COMMIT", 6)!=0 && strncmp(z, "DELETE", 6)!=0
     && strncmp(z, "UPDATE", 6)!=0
    ){
      printf("    %.*s\n", n, z);
    }
    z += n + (zEnd!=0);
  }
  printf("    %s\n", p->zSettings);
}

/*
** If a table that plan zOn reads through an amortized index ("SEARCH x
** USING AUTOMATIC ... BUILT ONCE FOR ALL RUNS") is read through an
** automatic index in plan zOff too, return a pointer to its name in zOn.
*/
static const char *csAutoBoth(const char *zOn, const char *zOff){
  const char *z = zOn;
  while( z && zOff && (z = strstr(z, "SEARCH "))!=0 ){
    const char *zName = z+7;
    const char *zEol = strchr(z, '\n');
    int n = (int)strcspn(zName, " \n");
    z = zName;
    if( zEol && strstr(z, "BUILT ONCE FOR ALL RUNS")
     && strstr(z, "BUILT ONCE FOR ALL RUNS")<zEol
    ){
      char *zWant = sqlite3_mprintf("SEARCH %.*s USING AUTOMATIC", n, zName);
      int bFound = zWant && strstr(zOff, zWant)!=0;
      sqlite3_free(zWant);
      if( bFound ) return zName;
    }
  }
  return 0;
}

/*
** Report that the two runs of zSql differ (zWhat says how).
*/
static void csReport(CsCase *p, sqlite3 *dbOn, const char *zWhat,
                     const char *zSql, Res *pOn, Res *pOff){
  int i, nUse;
  char *zPlanOn, *zPlanOff;
  const char *zAuto;
  failHeader(zWhat);
  csPrintSchema(p);
  printf("  query: %s\n", zSql);
  zPlanOn = csPlan(dbOn, zSql, &nUse);
  printf("  plan with subquery_amortize=ON:\n%s", zPlanOn ? zPlanOn : "");
  zPlanOff = csPlan(p->dbOff, zSql, &nUse);
  printf("  plan with subquery_amortize=OFF:\n%s", zPlanOff ? zPlanOff : "");
  zAuto = csAutoBoth(zPlanOn, zPlanOff);
  if( zAuto ){
    printf("  note: with OFF, %.*s is read through upstream's automatic index "
           "as well, whose rows of one key come in the order of its other "
           "columns, not in rowid order as in the amortized index\n",
           (int)strcspn(zAuto, " "), zAuto);
  }
  sqlite3_free(zPlanOn);
  sqlite3_free(zPlanOff);
  printf("  ON:  rc=%d %s, %d rows\n", pOn->rc, pOn->zErr ? pOn->zErr : "",
         pOn->nRow);
  printf("  OFF: rc=%d %s, %d rows\n", pOff->rc, pOff->zErr ? pOff->zErr : "",
         pOff->nRow);
  for(i=0; i<pOn->nRow && i<pOff->nRow; i++){
    if( strcmp(pOn->azRow[i], pOff->azRow[i])!=0 ) break;
  }
  if( i<pOn->nRow || i<pOff->nRow ){
    int j;
    printf("  first difference at row %d:\n", i+1);
    for(j=i; j<i+5 && (j<pOn->nRow || j<pOff->nRow); j++){
      printf("  row %d ON:  %s\n", j+1, j<pOn->nRow ? pOn->azRow[j] : "-");
      printf("  row %d OFF: %s\n", j+1, j<pOff->nRow ? pOff->azRow[j] : "-");
    }
  }
  csSaveCase(p, zSql);
}

/*
** True if the rows of a and b are equal as multisets (their order aside).
*/
static int csSameRows(Res *a, Res *b){
  int i, bSame = 1;
  char **az1, **az2;
  if( a->nRow!=b->nRow ) return 0;
  if( a->nRow==0 ) return 1;
  az1 = malloc(sizeof(char*)*a->nRow);
  az2 = malloc(sizeof(char*)*a->nRow);
  if( az1==0 || az2==0 ){ fprintf(stderr, "out of memory\n"); exit(2); }
  memcpy(az1, a->azRow, sizeof(char*)*a->nRow);
  memcpy(az2, b->azRow, sizeof(char*)*a->nRow);
  qsort(az1, a->nRow, sizeof(char*), cmpStr);
  qsort(az2, a->nRow, sizeof(char*), cmpStr);
  for(i=0; i<a->nRow; i++){
    if( strcmp(az1[i], az2[i])!=0 ){ bSame = 0; break; }
  }
  free(az1);
  free(az2);
  return bSame;
}

/*
** 0 if the two results are the same (rows in order, result code, error
** message), else a description of how they differ.
*/
static const char *csDiffer(Res *pOn, Res *pOff){
  int i;
  if( pOn->rc!=pOff->rc
   || (pOn->zErr && pOff->zErr && strcmp(pOn->zErr, pOff->zErr)!=0)
  ){
    return "subquery_amortize=ON and OFF differ (result code or error)";
  }
  for(i=0; i<pOn->nRow && i<pOff->nRow; i++){
    if( strcmp(pOn->azRow[i], pOff->azRow[i])!=0 ) break;
  }
  if( i==pOn->nRow && i==pOff->nRow ) return 0;
  if( csSameRows(pOn, pOff) ){
    return "subquery_amortize=ON and OFF differ (the same rows in another "
           "order)";
  }
  return "subquery_amortize=ON and OFF differ (other rows)";
}

/*
** Return true if zSql gives the same result on dbOn and dbOff with PRAGMA
** threads=0 on both.  With threads=2, a sorter that spills merges its
** runs in worker threads, and rows with equal keys (an ORDER BY's ties,
** the rows of one group of a sorted GROUP BY, and so the order that
** group_concat() sees) come out in an order that changes from run to run,
** in stock SQLite too.  Single-threaded, the order is fixed again.
*/
static int csSerialAgree(CsCase *p, const char *zSql){
  Res on, off;
  int bAgree;
  sqlite3_exec(p->dbOn, "PRAGMA threads=0", 0, 0, 0);
  sqlite3_exec(p->dbOff, "PRAGMA threads=0", 0, 0, 0);
  csRun(p->dbOff, zSql, &off, 0);
  csRun(p->dbOn, zSql, &on, 0);
  bAgree = !on.bInterrupted && !off.bInterrupted && on.rc==off.rc
        && csDiffer(&on, &off)==0;
  resFree(&on);
  resFree(&off);
  sqlite3_exec(p->dbOn, "PRAGMA threads=2", 0, 0, 0);
  sqlite3_exec(p->dbOff, "PRAGMA threads=2", 0, 0, 0);
  return bAgree;
}

/*
** Run zSql on dbOff and on dbOn, compare in order, count, report.  With
** ppKeep not NULL, the ON run's statement is kept in *ppKeep or, if one is
** there already, run again (csRun()).  *pbUsed is set if the ON plan
** amortizes an index.  Return the number of failures (0 or 1).
*/
static int csCompare(CsCase *p, const char *zSql, sqlite3_stmt **ppKeep,
                     int *pbUsed){
  Res on, off;
  const char *zDiff = 0;
  int nFail = 0, bAgain = ppKeep && *ppKeep;
  int bSwapped = 0;                /* The self-test swapped two rows */
  i64 nReprep = bAgain ? sqlite3_stmt_status(*ppKeep,
                                        SQLITE_STMTSTATUS_REPREPARE, 0) : 0;
  if( pbUsed ) *pbUsed = 0;
  csRun(p->dbOff, zSql, &off, 0);
  csRun(p->dbOn, zSql, &on, ppKeep);
  if( g.bCorrupt && on.nRow>1 && strcmp(on.azRow[0], on.azRow[1])!=0 ){
    /* Self-test: two rows of the ON run swapped (the same rows, in
    ** another order: the comparison must see the order) */
    char *z = on.azRow[0];
    on.azRow[0] = on.azRow[1];
    on.azRow[1] = z;
    g.bCorrupt = 0;
    bSwapped = 1;
  }
  if( !on.bInterrupted && !off.bInterrupted ){
    zDiff = csDiffer(&on, &off);
    if( zDiff && p->bThreads && !bSwapped && on.rc==off.rc
     && (csSameRows(&on, &off) || csSerialAgree(p, zSql))
    ){
      /* With PRAGMA threads=2 the sorter's worker threads leave the ties
      ** of an ORDER BY, and the rows of a group, in an order that changes
      ** from run to run, in stock SQLite too: only the rows are compared,
      ** or, where an aggregate saw them in another order, the results
      ** with one thread (csSerialAgree()) */
      zDiff = 0;
    }
  }
  if( zDiff ){
    csReport(p, p->dbOn, zDiff, zSql, &on, &off);
    if( bAgain ){
      printf("  (the ON statement was the same prepared statement run again "
             "after the data changed: the .sql file runs a new one)\n");
    }
    nFail++;
  }else if( !on.bInterrupted && !off.bInterrupted ){
    if( on.rc==SQLITE_DONE ){
      g.nCompared++;
      g.nRows += on.nRow;
    }else{
      g.nBothErr++;
      if( g.bVerbose ) printf("-- both failed: %s\n", on.zErr);
    }
    if( !bAgain ){
      int nOn = 0, nOff = 0;
      sqlite3_free(csPlan(p->dbOn, zSql, &nOn));
      sqlite3_free(csPlan(p->dbOff, zSql, &nOff));
      if( nOff>0 ){
        failHeader("a plan with subquery_amortize=OFF says BUILT ONCE FOR "
                   "ALL RUNS");
        printf("  query: %s\n", zSql);
        nFail++;
      }
      if( nOn>0 && on.rc==SQLITE_DONE ){
        g.nCsUsed++;
        if( pbUsed ) *pbUsed = 1;
        if( g.bVerbose ) printf("-- amortized (%d)\n", nOn);
      }
    }else if( on.rc==SQLITE_DONE ){
      g.nCsAgain++;
      if( sqlite3_stmt_status(*ppKeep, SQLITE_STMTSTATUS_REPREPARE, 0)
          !=nReprep ){
        g.nCsReprep++;
      }
    }
  }else{
    g.nCsInterrupted++;
  }
  resFree(&on);
  resFree(&off);
  return nFail;
}

/*
** The content of every table of case p on db, as text.
*/
static char *csContent(CsCase *p, sqlite3 *db){
  sqlite3_str *s = sqlite3_str_new(0);
  int i;
  for(i=0; i<p->nTab; i++){
    Res res;
    int j;
    char *z = sqlite3_mprintf("SELECT * FROM %s ORDER BY %s", p->aSrc[i].zName,
                              p->aSrc[i].bRowid ? "rowid" : "id");
    csRun(db, z, &res, 0);
    sqlite3_str_appendf(s, "%s: rc=%d %s\n", p->aSrc[i].zName, res.rc,
                        res.zErr ? res.zErr : "");
    for(j=0; j<res.nRow; j++) sqlite3_str_appendf(s, "  %s\n", res.azRow[j]);
    resFree(&res);
    sqlite3_free(z);
  }
  return sqlite3_str_finish(s);
}

/*
** Run write statement zSql on db in a savepoint rolled back afterwards.
** Return its result code, its error message in *pzErr and the content of
** the tables it left in *pzContent.
*/
static int csWrite(CsCase *p, sqlite3 *db, const char *zSql, char **pzErr,
                   char **pzContent){
  char *zErr = 0;
  int rc;
  sqlite3_exec(db, "SAVEPOINT dml", 0, 0, 0);
  csProgressCount = 0;
  sqlite3_progress_handler(db, 1000, csProgress, 0);
  rc = sqlite3_exec(db, zSql, 0, 0, &zErr);
  sqlite3_progress_handler(db, 0, 0, 0);
  *pzErr = zErr;
  *pzContent = csContent(p, db);
  sqlite3_exec(db, "ROLLBACK TO dml; RELEASE dml", 0, 0, 0);
  return rc;
}

/*
** A write statement with correlated subqueries that may read the table
** written (UPDATE, DELETE, INSERT ... SELECT), run with the feature OFF
** and ON: the tables must be left alike, and the ON plan must not
** amortize (the rule: only in a statement that writes no table).
*/
static int csDml(CsCase *p){
  Rng *r = &p->rng;
  CsGen gen;
  CsScope sc;
  int iT = rnd(r, p->nTab);
  const char *zT = p->aSrc[iT].zName;
  char *zSql, *z, *zErrOn, *zErrOff, *zOn, *zOff;
  int rcOn, rcOff, nUse = 0, nFail = 0;
  csGenInit(&gen, p);
  memset(&sc, 0, sizeof(sc));
  csScopeAdd(&sc, zT, iT, 0);
  switch( rnd(r, 3) ){
    case 0:
      z = csSubquery(&gen, &sc, CS_SCALAR, 1);
      zSql = sqlite3_mprintf("UPDATE %s SET %s=(%s)", zT, rnd(r, 2) ? "c" : "e", z);
      sqlite3_free(z);
      if( rnd(r, 2) ){
        z = csPredicate(&gen, &sc, 1);
        zSql = sqlite3_mprintf("%z WHERE %s", zSql, z);
        sqlite3_free(z);
      }
      break;
    case 1:
      z = csPredicate(&gen, &sc, 1);
      zSql = sqlite3_mprintf("DELETE FROM %s WHERE %s", zT, z);
      sqlite3_free(z);
      break;
    default: {
      int iS = rnd(r, p->nSrc);
      memset(&sc, 0, sizeof(sc));
      csScopeAdd(&sc, "o1", iS, 0);
      z = csSubquery(&gen, &sc, CS_SCALAR, 1);
      zSql = sqlite3_mprintf(
          "INSERT OR IGNORE INTO %s(id,a,b,c,d,e) SELECT o1.id+%d, o1.a, (%s), "
          "o1.c, o1.d, o1.e FROM %s AS o1", zT,
          p->aSrc[iT].eKind==CK_ROWID ? 0 : 2000000, z, p->aSrc[iS].zName);
      sqlite3_free(z);
      if( rnd(r, 2) ){
        z = csPredicate(&gen, &sc, 1);
        zSql = sqlite3_mprintf("%z WHERE %s", zSql, z);
        sqlite3_free(z);
      }
      break;
    }
  }
  if( g.bVerbose ) printf("-- write statement\n%s;\n", zSql);
  rcOff = csWrite(p, p->dbOff, zSql, &zErrOff, &zOff);
  rcOn = csWrite(p, p->dbOn, zSql, &zErrOn, &zOn);
  sqlite3_free(csPlan(p->dbOn, zSql, &nUse));
  if( rcOn==SQLITE_INTERRUPT || rcOff==SQLITE_INTERRUPT ){
    g.nCsInterrupted++;
  }else if( rcOn!=rcOff || strcmp(zOn, zOff)!=0 ){
    failHeader("subquery_amortize=ON and OFF leave the tables different "
               "after a write statement");
    csPrintSchema(p);
    printf("  statement: %s\n", zSql);
    printf("  ON:  rc=%d %s\n  OFF: rc=%d %s\n", rcOn, zErrOn ? zErrOn : "",
           rcOff, zErrOff ? zErrOff : "");
    csSaveCase(p, zSql);
    nFail++;
  }else{
    g.nCsDml++;
  }
  if( nUse>0 && nFail==0 ){
    failHeader("the plan of a write statement amortizes an automatic index "
               "(BUILT ONCE FOR ALL RUNS)");
    printf("  statement: %s\n", zSql);
    nFail++;
  }
  sqlite3_free(zErrOn);
  sqlite3_free(zErrOff);
  sqlite3_free(zOn);
  sqlite3_free(zOff);
  sqlite3_free(zSql);
  return nFail;
}

/*
** Open a connection to the database of case p with subquery_amortize
** bOn, and the case's other settings.
*/
static sqlite3 *csOpen(CsCase *p, int bOn, int bNoLookaside){
  sqlite3 *db = 0;
  if( sqlite3_open_v2(p->zUri, &db, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE
                      |SQLITE_OPEN_URI, 0)!=SQLITE_OK ){
    sqlite3_close(db);
    return 0;
  }
  if( bNoLookaside ) sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, 0, 0, 0);
  sqlite3_exec(db, p->zSettings, 0, 0, 0);
  sqlite3_exec(db, bOn ? "PRAGMA subquery_amortize=ON"
                       : "PRAGMA subquery_amortize=OFF", 0, 0, 0);
  return db;
}

/*
** OOM runs of query zSql on a connection of its own with the feature ON
** and no lookaside: allocation N fails (N at random up to the allocations
** of a whole run), once or from then on.  The run must end with
** SQLITE_NOMEM or give the result of dbOff; afterwards the connection
** must give it again.  Return the failures (0 or 1).
*/
static int csOom(CsCase *p, const char *zSql){
  sqlite3 *db;
  Res res, off;
  Res *pOff = &off;
  i64 nCall;
  int k, nFail = 0;
  const char *zDiff;
  if( !oom.bInstalled ) return 0;
  csRun(p->dbOff, zSql, &off, 0);    /* the data may have changed since */
  if( off.rc!=SQLITE_DONE ){
    resFree(&off);
    return 0;
  }
  db = csOpen(p, !g.bNoFeature, 1);
  if( db==0 ){
    resFree(&off);
    return 0;
  }
  oomArm(0x7fffffff, 0);
  csRun(db, zSql, &res, 0);
  nCall = oom.nCall;
  oom.bArmed = 0;
  resFree(&res);
  for(k=0; k<4 && nFail==0 && nCall>0; k++){
    int n = (int)(1 + rngNext(&g.rngAux) % (u64)nCall);
    oomArm(n, k>=2);
    csRun(db, zSql, &res, 0);
    oom.bArmed = 0;
    g.nOomRun++;
    if( oom.nFired==0 || res.bInterrupted ){
      /* No fault: nothing more to check than usual */
    }else if( res.rc==SQLITE_DONE ){
      g.nOomDone++;
      if( (zDiff = csDiffer(&res, pOff))!=0 ){
        char *zW = sqlite3_mprintf("after an injected OOM (allocation %d, %s) "
                                   "the result is not OFF's: %s", n,
                                   k>=2 ? "persistent" : "transient", zDiff);
        csReport(p, db, zW, zSql, &res, pOff);
        sqlite3_free(zW);
        nFail++;
      }
    }else if( (res.rc & 0xff)==SQLITE_NOMEM ){
      g.nOomNomem++;
    }else{
      char *zW = sqlite3_mprintf("an injected OOM (allocation %d, %s) ended "
                                 "with rc=%d (%s), not SQLITE_NOMEM", n,
                                 k>=2 ? "persistent" : "transient", res.rc,
                                 res.zErr ? res.zErr : "");
      failHeader(zW);
      printf("  query: %s\n", zSql);
      sqlite3_free(zW);
      nFail++;
    }
    resFree(&res);
  }
  if( nFail==0 ){
    csRun(db, zSql, &res, 0);
    if( !res.bInterrupted && (zDiff = csDiffer(&res, pOff))!=0 ){
      char *zW = sqlite3_mprintf("after injected OOMs the connection gives "
                                 "another result: %s", zDiff);
      csReport(p, db, zW, zSql, &res, pOff);
      sqlite3_free(zW);
      nFail++;
    }
    resFree(&res);
  }
  if( sqlite3_close(db)!=SQLITE_OK ){
    failHeader("sqlite3_close() failed after OOM runs");
    nFail++;
  }
  resFree(&off);
  return nFail;
}

/*
** Run case g.iCase of part corrsub.  Return 0 if it passed.
*/
static int csCase(void){
  CsCase c;
  int q, nFail = 0;
  int nQuery = 10;
  char *zOom = 0;
  sqlite3_int64 nMem0 = sqlite3_memory_used();
  memset(&c, 0, sizeof(c));
  rngSeed(&c.rng, g.iSeed, (u64)g.iCase);
  rngSeed(&g.rngAux, g.iSeed ^ 0x5a5a5a5a, (u64)g.iCase);
  sqlite3_snprintf(sizeof(c.zUri), c.zUri,
                   "file:/lipfuzz-corrsub-%llu-%d?vfs=memdb",
                   (unsigned long long)g.iSeed, g.iCase);
  c.bBig = rnd(&c.rng, 10)==0;
  {
    const char *zLip = rnd(&c.rng, 10)==0 ? "OFF" : "ON";
    const char *zHash = rnd(&c.rng, 10)==0 ? "OFF" : "ON";
    c.bThreads = c.bBig && rnd(&c.rng, 2)==0;
    sqlite3_snprintf(sizeof(c.zSettings), c.zSettings,
                     "PRAGMA lip_filter=%s; PRAGMA hash_aggregate=%s;%s",
                     zLip, zHash,
                     !c.bBig ? "" : !c.bThreads ? " PRAGMA cache_size=10;"
                     : " PRAGMA cache_size=10; PRAGMA threads=2;");
  }
  c.pSchema = sqlite3_str_new(0);
  c.dbOff = csOpen(&c, 0, 0);
  c.dbOn = csOpen(&c, !g.bNoFeature, 0);
  if( c.dbOff==0 || c.dbOn==0 ){
    failHeader("cannot open the shared in-memory database");
    sqlite3_close(c.dbOff);
    sqlite3_close(c.dbOn);
    sqlite3_free(sqlite3_str_finish(c.pSchema));
    return 1;
  }
  if( g.bVerbose ) printf("%s\n", c.zSettings);
  if( c.bBig ) csSql(&c, sqlite3_mprintf("PRAGMA page_size=512"));
  csMakeSchema(&c);
  for(q=0; q<nQuery && nFail==0; q++){
    CsGen gen;
    char *zSql;
    sqlite3_stmt *pKeep = 0;
    int bAgain = rnd(&c.rng, 4)==0;
    int bUsed = 0;
    csGenInit(&gen, &c);
    zSql = csQuery(&gen);
    g.nQuery++;
    if( g.bVerbose ) printf("-- query %d\n%s;\n", q, zSql);
    nFail += csCompare(&c, zSql, bAgain ? &pKeep : 0, &bUsed);
    if( bAgain && nFail==0 && pKeep ){
      /* Change the data, then run the same program again: its amortized
      ** index must be built again, from the new rows */
      csChangeData(&c);
      if( g.bVerbose ) printf("-- the same statement again\n");
      nFail += csCompare(&c, zSql, &pKeep, 0);
      if( bUsed ) g.nCsAgainUsed++;
    }
    sqlite3_finalize(pKeep);
    if( bUsed && (zOom==0 || rnd(&c.rng, 3)==0) ){
      sqlite3_free(zOom);
      zOom = zSql;
    }else{
      sqlite3_free(zSql);
    }
  }
  if( nFail==0 && rnd(&c.rng, 2) ){
    nFail += csDml(&c);
  }
  if( nFail==0 && zOom && rnd(&c.rng, 3)==0 ){
    if( g.bVerbose ) printf("-- OOM runs of\n%s;\n", zOom);
    nFail += csOom(&c, zOom);
  }
  sqlite3_free(zOom);
  if( sqlite3_close(c.dbOn)!=SQLITE_OK || sqlite3_close(c.dbOff)!=SQLITE_OK ){
    failHeader("sqlite3_close() failed");
    nFail++;
  }
  sqlite3_free(sqlite3_str_finish(c.pSchema));
  if( nFail==0 && sqlite3_memory_used()>nMem0 ){
    char *zW = sqlite3_mprintf("%lld bytes more in use after the case than "
                               "before it (a leak)",
                               sqlite3_memory_used()-nMem0);
    failHeader(zW);
    sqlite3_free(zW);
    nFail++;
  }
  return nFail;
}

/****************************************************************************
** The driver.
*/
static double nowSeconds(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + t.tv_nsec*1e-9;
}

static void usage(void){
  fprintf(stderr,
    "usage: %s [--part lip|pc|corrsub] [--seed S] [--cases N] [--seconds T]\n"
    "          [--case I] [--dir DIR] [--verbose] [--corrupt] [--no-feature]\n",
    g.zArgv0);
  exit(2);
}

int main(int argc, char **argv){
  int i, nCase = -1, iOnly = -1, nRun = 0, bPc, bCs, nBad = 0;
  double rSeconds = -1.0, t0;
  const char *zDir = 0;
  char *zTmpDir = 0;

  g.zArgv0 = argv[0];
  g.zPart = "lip";
  g.iSeed = (u64)time(0);
  for(i=1; i<argc; i++){
    const char *z = argv[i];
    if( z[0]=='-' && z[1]=='-' ) z++;
    if( strcmp(z, "-verbose")==0 ){ g.bVerbose = 1; continue; }
    if( strcmp(z, "-corrupt")==0 ){ g.bCorrupt = 1; continue; }
    if( strcmp(z, "-no-feature")==0 ){ g.bNoFeature = 1; continue; }
    if( i+1>=argc ) usage();
    if( strcmp(z, "-part")==0 ) g.zPart = argv[++i];
    else if( strcmp(z, "-seed")==0 ) g.iSeed = strtoull(argv[++i], 0, 0);
    else if( strcmp(z, "-cases")==0 ) nCase = atoi(argv[++i]);
    else if( strcmp(z, "-seconds")==0 ) rSeconds = atof(argv[++i]);
    else if( strcmp(z, "-case")==0 ) iOnly = atoi(argv[++i]);
    else if( strcmp(z, "-dir")==0 ) zDir = argv[++i];
    else usage();
  }
  if( strcmp(g.zPart, "lip")!=0 && strcmp(g.zPart, "pc")!=0
   && strcmp(g.zPart, "corrsub")!=0
  ){
    usage();
  }
  bPc = g.zPart[0]=='p';
  bCs = g.zPart[0]=='c';
  if( bCs ) oomInstall();      /* before sqlite3_initialize() */
  if( nCase<0 && rSeconds<0.0 ) rSeconds = 10.0;
  if( iOnly>=0 ){ nCase = 1; rSeconds = -1.0; }
  if( bPc ){
    char zTemplate[512];
    if( zDir==0 ) zDir = getenv("TMPDIR");
    if( zDir==0 ) zDir = "/tmp";
    sqlite3_snprintf(sizeof(zTemplate), zTemplate, "%s/lipfuzz-pc.XXXXXX",
                     zDir);
    zTmpDir = mkdtemp(zTemplate) ? sqlite3_mprintf("%s", zTemplate) : 0;
    if( zTmpDir==0 ){
      fprintf(stderr, "cannot make a directory in %s\n", zDir);
      return 2;
    }
  }
  printf("lipfuzz: %s: seed %llu, %s%s\n", g.zPart,
         (unsigned long long)g.iSeed, sqlite3_libversion(),
         g.bCorrupt ? " (--corrupt)" : g.bNoFeature ? " (--no-feature)" : "");
  fflush(stdout);
  t0 = nowSeconds();
  for(i=0; nCase<0 || nRun<nCase; i++){
    if( rSeconds>=0.0 && nowSeconds()-t0>=rSeconds ) break;
    g.iCase = iOnly>=0 ? iOnly : i;
    if( g.bVerbose ) printf("-- case %d\n", g.iCase);
    if( bPc ? pcCase(zTmpDir) : bCs ? csCase() : lipCase() ) g.nFail++;
    nRun++;
    fflush(stdout);
  }
  if( bPc ){
    printf("lipfuzz: pc: %d transactions (%d committed, %d with an injected "
           "fault, %d with a WAL reader), %d reopens; page_cleaner_stats: "
           "%lld batches, %lld writes queued (%lld by %d THREAD cases on the "
           "unix VFS)\n",
           g.nTx, g.nTxCommitted, g.nTxFault, g.nReader, g.nReopen,
           g.nBatch, g.nQueued,
           g.nQueuedUnix, g.nThreadUnix);
    if( g.nFail==0 ) rmdir(zTmpDir);
    sqlite3_free(zTmpDir);
  }else if( bCs ){
    printf("lipfuzz: corrsub: %d queries: %d compared in order (%lld rows), "
           "%d failed alike in both modes, %d stopped as too long; "
           "%d used an amortized index (BUILT ONCE FOR ALL RUNS); "
           "%d run again after a data change (%d of them amortized, "
           "%d prepared again); %d write statements compared; "
           "%d OOM runs (%d ended with SQLITE_NOMEM, %d completed despite "
           "a fault)\n",
           g.nQuery, g.nCompared, g.nRows, g.nBothErr, g.nCsInterrupted,
           g.nCsUsed, g.nCsAgain, g.nCsAgainUsed, g.nCsReprep, g.nCsDml,
           g.nOomRun, g.nOomNomem, g.nOomDone);
  }else{
    printf("lipfuzz: lip: %d queries: %d compared (%lld rows), %d failed "
           "alike in both modes, %d planned with a LIP filter, "
           "%d with rows rejected by LIP filters\n",
           g.nQuery, g.nCompared, g.nRows, g.nBothErr, g.nPlanned,
           g.nRejected);
  }
  /* A run that does not exercise the feature is a failure */
  if( iOnly<0 && nRun>=10 && g.nFail==0 ){
    if( bPc ){
      if( g.nBatch==0 ){
        printf("FAIL lipfuzz pc: no batch was written: the cleaner was not "
               "exercised (seed %llu)\n", (unsigned long long)g.iSeed);
        nBad++;
      }else if( g.nThreadUnix>0 && g.nQueuedUnix==0 ){
        printf("FAIL lipfuzz pc: no write was queued for the writer thread "
               "(seed %llu)\n", (unsigned long long)g.iSeed);
        nBad++;
      }
    }else if( bCs ){
      if( g.nCsUsed==0 ){
        printf("FAIL lipfuzz corrsub: no query used an amortized index "
               "(BUILT ONCE FOR ALL RUNS) in %d queries (seed %llu)\n",
               g.nQuery, (unsigned long long)g.iSeed);
        nBad++;
      }
      if( g.nCompared < g.nQuery/2 ){
        printf("FAIL lipfuzz corrsub: fewer than half of the queries ran "
               "(%d of %d): the generator is broken\n",
               g.nCompared, g.nQuery);
        nBad++;
      }
    }else{
      if( g.nPlanned==0 || g.nRejected==0 ){
        printf("FAIL lipfuzz lip: no query used a Bloom filter "
               "(%d planned, %d rejected rows; seed %llu)\n",
               g.nPlanned, g.nRejected, (unsigned long long)g.iSeed);
        nBad++;
      }
      if( g.nCompared < g.nQuery/2 ){
        printf("FAIL lipfuzz lip: fewer than half of the queries ran "
               "(%d of %d): the generator is broken\n",
               g.nCompared, g.nQuery);
        nBad++;
      }
    }
  }
  printf("lipfuzz: %s: %d cases in %.0fs, %d failed\n", g.zPart, nRun,
         nowSeconds()-t0, g.nFail+nBad);
  return (g.nFail+nBad)>0 || nRun==0;
}
