/*
** 2026 November 24
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
** The driver of bench/tpch/run.py --instructions: run one TPC-H query once
** on a libsqlite3 loaded with dlopen(), so that valgrind's callgrind counts
** the instructions of that query alone:
**
**     valgrind --tool=callgrind --toggle-collect=runQuery \
**         tpch LIBRARY DATABASE QUERYFILE [--sql TEXT]...
**
** runQuery() prepares the query of QUERYFILE, steps it to its end and
** finalizes it; loading the library, opening the database and the --sql
** statements (PRAGMA subquery_amortize=ON, ...) happen outside it.  The
** connection has the settings of openConfigured() in benchlib.h (journal
** mode delete, synchronous full, the library's default cache size), which
** a query that only reads does not depend on.
**
** Output: one JSON object with the number of rows, PRAGMA
** subquery_amortize as read back after the --sql statements (null: the
** library does not know it) and the settings of jsonSettings().
**
**     tpch LIBRARY --probe     prints the library's version and source id.
**
** Build: cc -O2 -o tpch bench/tpch/tpch.c -ldl
*/
#define BENCH_NAME "tpch"
/* This driver uses a part of the helpers only. */
#if defined(__GNUC__)
# pragma GCC diagnostic ignored "-Wunused-function"
# define TPCH_NOINLINE __attribute__((noinline))
#else
# define TPCH_NOINLINE
#endif
#include "../common/benchlib.h"

static void usage(void){
  fprintf(stderr,
    "usage: tpch LIBRARY DATABASE QUERYFILE [--sql TEXT]...\n"
    "       tpch LIBRARY --probe\n");
  exit(2);
}

/*
** Return the contents of file zFile as a NUL-terminated string obtained
** from malloc(), or exit with status 1.
*/
static char *readFile(const char *zFile){
  FILE *f = fopen(zFile, "rb");
  char *z;
  long n;
  if( f==0 ) fatal(1, "cannot open %s: %s", zFile, strerror(errno));
  if( fseek(f, 0, SEEK_END)!=0 || (n = ftell(f))<0 || fseek(f, 0, SEEK_SET)!=0 ){
    fatal(1, "cannot read %s: %s", zFile, strerror(errno));
  }
  z = malloc(n + 1);
  if( z==0 ) fatal(1, "out of memory");
  if( fread(z, 1, n, f)!=(size_t)n ) fatal(1, "cannot read %s", zFile);
  z[n] = 0;
  fclose(f);
  return z;
}

/*
** Prepare zSql (one statement), step it to its end and finalize it;
** return the number of rows it gave.  Exit with status 1 on an error.
** Not inlined: callgrind counts the instructions executed inside it.
*/
TPCH_NOINLINE long runQuery(sqlite3 *db, const char *zSql){
  sqlite3_stmt *pStmt = 0;
  long nRow = 0;
  int rc;
  if( api.xPrepare(db, zSql, -1, &pStmt, 0)!=SQLITE_OK || pStmt==0 ){
    sqlFatal(db, "prepare");
  }
  while( (rc = api.xStep(pStmt))==SQLITE_ROW ) nRow++;
  if( rc!=SQLITE_DONE ) sqlFatal(db, "step");
  api.xFinalize(pStmt);
  return nRow;
}

int main(int argc, char **argv){
  BenchArgs args;
  sqlite3 *db;
  char *zSql;
  long nRow;
  int i;
  benchArgsInit(&args, argc, argv, 0, usage);
  if( argc<4 ) usage();
  for(i=4; i<argc; i++){
    const char *zOpt = argv[i];
    const char *zArg = optionValue(argc, argv, &i, usage);
    if( !benchOption(&args, zOpt, zArg) ){
      fprintf(stderr, "%s: unknown option '%s'\n", BENCH_NAME, zOpt);
      usage();
    }
  }
  zSql = readFile(argv[3]);
  loadLibrary(args.zLib);
  db = openConfigured(&args, SQLITE_OPEN_READWRITE, 0);
  nRow = runQuery(db, zSql);
  printf("{\n  \"library\": ");
  jsonString(args.zLib);
  printf(",\n  \"query\": ");
  jsonString(argv[3]);
  printf(",\n  \"rows\": %ld", nRow);
  jsonPragma(db, "subquery_amortize", "PRAGMA subquery_amortize", 0);
  jsonSettings(db);
  printf("\n}\n");
  api.xClose(db);
  free(zSql);
  return 0;
}
