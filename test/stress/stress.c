/*
** 2026 November 25
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
** The workload and the checker of the crash harnesses (test/stress/,
** doc/stress.md): a writer that a kill harness kills and a power-loss
** simulator records, a reader that runs beside it, and the checks that
** decide whether a database a crash left behind is good.
**
**   stress init    --db F --journal M
**   stress writer  --db F --journal M [--sync FULL] [--cleaner C]
**                  [--first K] [--count N] [--seed S] [--cache N]
**                  [--queue N] [--big-rows N] [--retire N]
**   stress reader  --db F [--ms N]
**   stress check   --db F [--committed L] [--rolledback L] [--inflight L]
**                  [--report inflight]    (prints "present K,...")
**   stress check-many          (lines "DB<TAB>C<TAB>R<TAB>F" on stdin)
**
** Every command takes --workload rows (the default, described here) or
** --workload cc (tables with column copies, doc/column-copy.md: the
** section "The column-copy workload" below; its writer also takes
** --fault split, its checks --cc-checks).
**
** The database.  Transaction k inserts rows (txn=k, seq, k, v) into t and
** one row (k, nrow, sumseq, NULL) into log.  The value v of a row is a
** function of (txn, seq) alone (stressValue()), so a check can tell every
** row's content.  Rows inserted inside a savepoint that is rolled back are
** not counted in nrow and sumseq.  Transaction k also "retires" every
** transaction j <= k-RETIRE: it deletes j's rows and sets log.retired=k
** for j, which keeps the database at a bounded size.
**
** The writer prints, on stdout, one line per event, flushed at once, so
** that a harness knows what was reported and can aim its kills:
**
**   B k   transaction k begins            P k   its COMMIT begins
**   C k   its COMMIT returned SQLITE_OK    X k   its ROLLBACK begins
**   R k   its ROLLBACK returned             M k   half of a big one is in
**   K     a checkpoint begins               E     the writer is done
**   S q b the cleaner's totals before the end: queued writes, batches
**
** A transaction may be rolled back (ROLLBACK) on purpose; whether it is,
** and its size, is drawn from the seed.  A crash is survived when the
** database then (stressCheck()):
**
**   - passes PRAGMA integrity_check;
**   - is consistent: every log row not retired has exactly its rows, each
**     with its value (count, sum of seq, every v); a retired one has none;
**     no row of t lacks its log row; if transaction r is present, then
**     every transaction j <= r-RETIRE is retired, and by a present one;
**   - holds every transaction reported committed ("C k"), none reported
**     rolled back ("R k"), and of the rest only those in flight (begun,
**     not reported) - whole or not at all, as the checks above ensure.
**
** A reader checks consistency in a read transaction in a loop (WAL mode:
** it must never see part of a transaction).
*/
#include "sqlite3.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>

#define STRESS_RETIRE_DEFAULT 4     /* Transactions kept before retiring */
#define STRESS_VALUE_MIN     40     /* Shortest v */
#define STRESS_VALUE_SPREAD 300     /* v is MIN..MIN+SPREAD-1 bytes */
#define STRESS_ERRMSG       512
#define STRESS_READER_PAUSE_US 5000   /* A reader's pause between checks */

typedef struct Opts Opts;
struct Opts {
  const char *zDb;          /* --db */
  const char *zJournal;     /* --journal: delete truncate persist wal */
  const char *zSync;        /* --sync: FULL or EXTRA (default FULL) */
  const char *zCleaner;     /* --cleaner: off sync thread, or stock */
  const char *zCommitted;   /* --committed list */
  const char *zRolledback;  /* --rolledback list */
  const char *zInflight;    /* --inflight list */
  long long iFirst;         /* --first: id of the first transaction */
  long long nCount;         /* --count: transactions; 0 = no end */
  unsigned int iSeed;       /* --seed */
  int nCache;               /* --cache: PRAGMA cache_size */
  int nQueue;               /* --queue: PRAGMA page_cleaner_queue, 0: keep */
  int nBigRows;             /* --big-rows: rows of a big transaction */
  int nRetire;              /* --retire: RETIRE above */
  int nMs;                  /* --ms: how long a reader runs */
  int bReport;              /* --report inflight: which ones are present */
  int bCc;                  /* --workload cc: the column-copy workload */
  const char *zFault;       /* --fault split: a broken cc writer */
  int mCcChecks;            /* --cc-checks: which checks of cc run */
};

/* The table of the transactions' log rows: log, or cclog (--workload cc) */
static const char *zLogTable = "log";

/*
** A 64-bit mix (splitmix64's finaliser): the source of every value and
** every random choice, so that a seed and a transaction id determine a
** transaction.
*/
static unsigned long long stressMix(unsigned long long x){
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x>>30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x>>27)) * 0x94d049bb133111ebULL;
  return x ^ (x>>31);
}

/*
** The index key (column k) and the value of row (txn, seq).  v is
** STRESS_VALUE_MIN + (txn*7 + seq*13) % STRESS_VALUE_SPREAD bytes, byte
** i being (txn*31 + seq*7 + i) & 0xff.  test/stress/pywriter.py computes
** the same; keep the two in step.
*/
static long long stressKey(long long txn, long long seq){
  return (long long)((txn*2654435761LL + seq*40503LL) & 0x7fffffff);
}
static int stressValueLen(long long txn, long long seq){
  return STRESS_VALUE_MIN + (int)((txn*7 + seq*13) % STRESS_VALUE_SPREAD);
}
static int stressValueOk(long long txn, long long seq, const unsigned char *a,
                         int n){
  int i;
  unsigned int b = (unsigned int)((txn*31 + seq*7) & 0xff);
  if( n!=stressValueLen(txn, seq) ) return 0;
  for(i=0; i<n; i++){
    if( a[i]!=(unsigned char)((b+i)&0xff) ) return 0;
  }
  return 1;
}
static void stressValue(long long txn, long long seq, unsigned char *a){
  int i, n = stressValueLen(txn, seq);
  unsigned int b = (unsigned int)((txn*31 + seq*7) & 0xff);
  for(i=0; i<n; i++) a[i] = (unsigned char)((b+i)&0xff);
}

/*
** The plan of transaction k under seed S (pywriter.py draws the same):
** big (3 in 10) or small, its number of rows, whether it ends in ROLLBACK
** (3 in 20), whether a savepoint inside it is rolled back (3 in 10) and
** at which rows, and whether a checkpoint follows it (1 in 8, WAL).
*/
typedef struct Plan Plan;
struct Plan {
  int bBig;          /* A big transaction: more than the cache */
  int nRow;          /* Rows inserted, savepoint's included */
  int bRollback;     /* Ends in ROLLBACK */
  int iSpFrom;       /* Rows iSpFrom..iSpTo-1 are in a rolled-back */
  int iSpTo;         /*   savepoint (iSpFrom==iSpTo: no savepoint) */
  int eCkpt;         /* 0: none, 1..4: PASSIVE FULL RESTART TRUNCATE */
};
static void stressPlan(unsigned int iSeed, long long k, int nBigRows,
                       Plan *p){
  unsigned long long r = stressMix(((unsigned long long)iSeed<<40) ^ k);
  unsigned long long r2 = stressMix(r);
  p->bBig = (r%10)<3;
  p->nRow = p->bBig ? nBigRows/2 + (int)((r>>8)%(nBigRows/2+1))
                    : 1 + (int)((r>>8)%20);
  p->bRollback = ((r>>20)%20)<3;
  p->iSpFrom = p->iSpTo = 0;
  if( ((r>>28)%10)<3 ){
    p->iSpFrom = (int)(r2 % (p->nRow+1));
    p->iSpTo = p->iSpFrom + (int)((r2>>16) % (p->nRow - p->iSpFrom + 1));
  }
  p->eCkpt = ((r>>36)%8)==0 ? 1 + (int)((r>>40)%4) : 0;
}

/*
** Print an event line with one write(2) to stdout, so that a harness
** reading the pipe, and the power-loss recorder watching the system
** calls, see it whole and in order with the file writes around it.
*/
static void stressEvent(const char *zFmt, long long k){
  char zBuf[64];
  int n = snprintf(zBuf, sizeof(zBuf), zFmt, k);
  if( write(1, zBuf, n)!=n ) exit(2);
}

static void stressDie(sqlite3 *db, const char *zWhat){
  fprintf(stderr, "stress: %s: %s\n", zWhat, db ? sqlite3_errmsg(db) : "");
  exit(2);
}

static void stressExec(sqlite3 *db, const char *zSql){
  char *zErr = 0;
  if( sqlite3_exec(db, zSql, 0, 0, &zErr)!=SQLITE_OK ){
    fprintf(stderr, "stress: %s: %s\n", zSql, zErr ? zErr : "?");
    exit(2);
  }
}

static sqlite3 *stressOpen(const char *zDb){
  sqlite3 *db = 0;
  if( sqlite3_open_v2(zDb, &db, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE, 0)
   !=SQLITE_OK ){
    stressDie(db, "open");
  }
  sqlite3_busy_timeout(db, 10000);
  return db;
}

static const char zSchema[] =
  "CREATE TABLE IF NOT EXISTS t(txn INTEGER, seq INTEGER, k INTEGER,"
  "  v BLOB, PRIMARY KEY(txn, seq));"
  "CREATE INDEX IF NOT EXISTS t_k ON t(k);"
  "CREATE TABLE IF NOT EXISTS log(txn INTEGER PRIMARY KEY, nrow INTEGER,"
  "  sumseq INTEGER, retired INTEGER);";

/*
** stress init: create the database with its schema in journal mode
** zJournal, fully synced, so that a recorded run starts from a durable
** file.
*/
static int stressInit(Opts *o){
  sqlite3 *db = stressOpen(o->zDb);
  char zSql[100];
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA journal_mode=%s",
                   o->zJournal);
  stressExec(db, zSql);
  stressExec(db, "PRAGMA synchronous=EXTRA");
  stressExec(db, zSchema);
  sqlite3_close(db);
  return 0;
}

/*
** Set a writer's connection up as the options say: journal mode,
** synchronous, cache size and, unless the library is stock SQLite, the
** page cleaner and its queue.
*/
static void stressWriterSettings(sqlite3 *db, const Opts *o){
  char zSql[200];
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA journal_mode=%s", o->zJournal);
  stressExec(db, zSql);
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA synchronous=%s", o->zSync);
  stressExec(db, zSql);
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA cache_size=%d", o->nCache);
  stressExec(db, zSql);
  if( strcmp(o->zCleaner, "stock")!=0 ){
    sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA page_cleaner=%s",
                     o->zCleaner);
    stressExec(db, zSql);
    if( o->nQueue>0 ){
      sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA page_cleaner_queue=%d",
                       o->nQueue);
      stressExec(db, zSql);
    }
  }
}

/*
** At the end of a writer, unless the library is stock SQLite, print the
** event "S queued batches": the harness checks that the cleaner worked.
*/
static void stressCleanerReport(sqlite3 *db, const Opts *o){
  sqlite3_stmt *pStat;
  if( strcmp(o->zCleaner, "stock")==0 ) return;
  if( sqlite3_prepare_v2(db, "SELECT total(queued), total(batches)"
        " FROM pragma_page_cleaner_stats", -1, &pStat, 0)!=SQLITE_OK ){
    stressDie(db, "page_cleaner_stats");
  }
  if( sqlite3_step(pStat)==SQLITE_ROW ){
    char zBuf[80];
    int n = snprintf(zBuf, sizeof(zBuf), "S %lld %lld\n",
                     (long long)sqlite3_column_double(pStat, 0),
                     (long long)sqlite3_column_double(pStat, 1));
    if( write(1, zBuf, n)!=n ) exit(2);
  }
  sqlite3_finalize(pStat);
}

/*
** End the open transaction k: ROLLBACK if bRollback, else COMMIT, each
** between its two events ("X k" and "R k", or "P k" and "C k"), the
** harness's record of what a crash may or must leave.  xCommitted, if not
** null, runs after the COMMIT and before "C k": work a crash must be able
** to interrupt while the transaction counts as in flight.
*/
static void stressTxnEnd(
  sqlite3 *db,
  long long k,
  int bRollback,
  void (*xCommitted)(sqlite3*)
){
  if( bRollback ){
    stressEvent("X %lld\n", k);
    stressExec(db, "ROLLBACK");
    stressEvent("R %lld\n", k);
  }else{
    stressEvent("P %lld\n", k);
    stressExec(db, "COMMIT");
    if( xCommitted ) xCommitted(db);
    stressEvent("C %lld\n", k);
  }
}

/*
** In WAL mode, run the checkpoint eCkpt of a transaction's plan (0: none,
** 1 to 4: PASSIVE, FULL, RESTART, TRUNCATE) after the event "K".
*/
static void stressCheckpoint(sqlite3 *db, const Opts *o, int eCkpt){
  static const char *azCkpt[] = { "", "PASSIVE", "FULL", "RESTART",
                                  "TRUNCATE" };
  char zSql[60];
  if( eCkpt==0 || strcmp(o->zJournal, "wal")!=0 ) return;
  stressEvent("K\n", 0);
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA wal_checkpoint(%s)",
                   azCkpt[eCkpt]);
  stressExec(db, zSql);
}

/*
** stress writer: run transactions iFirst, iFirst+1, ... (nCount of them,
** or until killed), printing the events above.
*/
static int stressWriter(Opts *o){
  sqlite3 *db = stressOpen(o->zDb);
  sqlite3_stmt *pIns, *pLog;
  char zSql[200];
  long long k, kEnd = o->nCount ? o->iFirst + o->nCount : 0;
  unsigned char *aVal = malloc(STRESS_VALUE_MIN + STRESS_VALUE_SPREAD);

  if( aVal==0 ) stressDie(0, "out of memory");
  stressWriterSettings(db, o);
  stressExec(db, zSchema);
  if( sqlite3_prepare_v2(db, "INSERT INTO t VALUES(?1,?2,?3,?4)", -1,
                         &pIns, 0)
   || sqlite3_prepare_v2(db, "INSERT INTO log VALUES(?1,?2,?3,NULL)", -1,
                         &pLog, 0) ){
    stressDie(db, "prepare");
  }
  for(k=o->iFirst; kEnd==0 || k<kEnd; k++){
    Plan p;
    int i;
    long long nKept = 0, sumSeq = 0;
    stressPlan(o->iSeed, k, o->nBigRows, &p);
    stressEvent("B %lld\n", k);
    stressExec(db, "BEGIN");
    for(i=0; i<p.nRow; i++){
      if( i==p.iSpFrom && p.iSpFrom<p.iSpTo ) stressExec(db, "SAVEPOINT sp");
      if( p.bBig && i==p.nRow/2 ) stressEvent("M %lld\n", k);
      stressValue(k, i, aVal);
      sqlite3_bind_int64(pIns, 1, k);
      sqlite3_bind_int64(pIns, 2, i);
      sqlite3_bind_int64(pIns, 3, stressKey(k, i));
      sqlite3_bind_blob(pIns, 4, aVal, stressValueLen(k, i), SQLITE_STATIC);
      if( sqlite3_step(pIns)!=SQLITE_DONE ) stressDie(db, "insert");
      sqlite3_reset(pIns);
      if( i<p.iSpFrom || i>=p.iSpTo ){
        nKept++;
        sumSeq += i;
      }
      if( p.iSpFrom<p.iSpTo && i+1==p.iSpTo ){
        stressExec(db, "ROLLBACK TO sp; RELEASE sp");
      }
    }
    sqlite3_bind_int64(pLog, 1, k);
    sqlite3_bind_int64(pLog, 2, nKept);
    sqlite3_bind_int64(pLog, 3, sumSeq);
    if( sqlite3_step(pLog)!=SQLITE_DONE ) stressDie(db, "insert log");
    sqlite3_reset(pLog);
    sqlite3_snprintf(sizeof(zSql), zSql,
        "DELETE FROM t WHERE txn IN (SELECT txn FROM log WHERE txn<=%lld"
        " AND retired IS NULL);"
        "UPDATE log SET retired=%lld WHERE txn<=%lld AND retired IS NULL",
        k - o->nRetire, k, k - o->nRetire);
    stressExec(db, zSql);
    stressTxnEnd(db, k, p.bRollback, 0);
    stressCheckpoint(db, o, p.eCkpt);
  }
  sqlite3_finalize(pIns);
  sqlite3_finalize(pLog);
  stressCleanerReport(db, o);
  if( sqlite3_close(db)!=SQLITE_OK ) stressDie(db, "close");
  free(aVal);
  stressEvent("E\n", 0);
  return 0;
}

/*
** A sorted list of transaction ids, parsed from "1,2,7" ("-" or "" is
** empty).
*/
typedef struct IdList IdList;
struct IdList {
  int n;
  long long *a;
};
static int idCmp(const void *a, const void *b){
  long long x = *(const long long*)a, y = *(const long long*)b;
  return x<y ? -1 : x>y;
}
static void idParse(const char *z, IdList *p){
  int nAlloc = 1;
  const char *zC;
  for(zC=z; zC && *zC; zC++) nAlloc += (*zC==',');
  p->n = 0;
  p->a = malloc(sizeof(long long)*nAlloc);
  if( p->a==0 ) stressDie(0, "out of memory");
  while( z && *z && *z!='-' && p->n<nAlloc ){
    char *zEnd;
    p->a[p->n++] = strtoll(z, &zEnd, 10);
    if( zEnd==z ) break;
    z = (*zEnd==',') ? zEnd+1 : zEnd;
  }
  qsort(p->a, p->n, sizeof(long long), idCmp);
}
static int idHas(const IdList *p, long long k){
  return p->n>0 && bsearch(&k, p->a, p->n, sizeof(long long), idCmp)!=0;
}

/*
** Return 1 if transaction k has its log row in db, 0 if not, or -1 after
** an error (its message in db).
*/
static int stressLogHas(sqlite3 *db, long long k){
  sqlite3_stmt *pStmt = 0;
  char zSql[60];
  int rc;
  sqlite3_snprintf(sizeof(zSql), zSql, "SELECT 1 FROM %s WHERE txn=?1",
                   zLogTable);
  rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  if( rc==SQLITE_OK ){
    sqlite3_bind_int64(pStmt, 1, k);
    rc = sqlite3_step(pStmt);
  }
  sqlite3_finalize(pStmt);
  return rc==SQLITE_ROW ? 1 : rc==SQLITE_DONE ? 0 : -1;
}

/*
** Check the open database db.  If pC is not NULL, also check it against
** the transactions reported committed (pC), rolled back (pR) and in
** flight (pF).  Return 0 if all is well, or 1 with a message in zErr.
** Consistency is checked inside one read transaction.
*/
static int stressCheck(sqlite3 *db, int bIntegrity, const IdList *pC,
                       const IdList *pR, const IdList *pF, char *zErr,
                       int nRetire, long long *pnTxn){
  sqlite3_stmt *pStmt = 0;
  int rc, bad = 0;
  long long nLog = 0, maxPresent = -1;
  int i;

#define STRESS_FAIL(...) \
  do{ sqlite3_snprintf(STRESS_ERRMSG, zErr, __VA_ARGS__); bad = 1; \
      goto check_done; }while(0)

  zErr[0] = 0;
  if( sqlite3_exec(db, "BEGIN", 0, 0, 0)!=SQLITE_OK ){
    STRESS_FAIL("BEGIN: %s", sqlite3_errmsg(db));
  }
  if( bIntegrity ){
    rc = sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &pStmt, 0);
    if( rc!=SQLITE_OK ) STRESS_FAIL("integrity_check: %s", sqlite3_errmsg(db));
    rc = sqlite3_step(pStmt);
    if( rc!=SQLITE_ROW ){
      STRESS_FAIL("integrity_check: %s", sqlite3_errmsg(db));
    }
    if( strcmp((const char*)sqlite3_column_text(pStmt, 0), "ok")!=0 ){
      STRESS_FAIL("integrity_check: %s", sqlite3_column_text(pStmt, 0));
    }
    sqlite3_finalize(pStmt);
    pStmt = 0;
  }

  /* Every log row: its rows whole (or none, if retired), its ids known. */
  rc = sqlite3_prepare_v2(db,
      "SELECT log.txn, log.nrow, log.sumseq, log.retired,"
      "  (SELECT count(*) FROM t WHERE t.txn=log.txn),"
      "  (SELECT total(seq) FROM t WHERE t.txn=log.txn),"
      "  (SELECT 1 FROM log AS l2 WHERE l2.txn=log.retired)"
      " FROM log ORDER BY log.txn", -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) STRESS_FAIL("prepare: %s", sqlite3_errmsg(db));
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    long long k = sqlite3_column_int64(pStmt, 0);
    long long nrow = sqlite3_column_int64(pStmt, 1);
    long long sumseq = sqlite3_column_int64(pStmt, 2);
    int bRetired = sqlite3_column_type(pStmt, 3)!=SQLITE_NULL;
    long long n = sqlite3_column_int64(pStmt, 4);
    double sum = sqlite3_column_double(pStmt, 5);
    nLog++;
    if( k>maxPresent ) maxPresent = k;
    if( bRetired ){
      if( n!=0 ) STRESS_FAIL("txn %lld is retired but has %lld rows", k, n);
      if( sqlite3_column_type(pStmt, 6)==SQLITE_NULL ){
        STRESS_FAIL("txn %lld retired by txn %lld, which is absent",
                    k, sqlite3_column_int64(pStmt, 3));
      }
    }else if( n!=nrow || (long long)sum!=sumseq ){
      STRESS_FAIL("txn %lld partial: %lld rows (sum %lld), expected %lld"
                  " (sum %lld)", k, n, (long long)sum, nrow, sumseq);
    }
    if( pC && !idHas(pC, k) && !idHas(pF, k) ){
      STRESS_FAIL("txn %lld is present but was %s", k,
                  idHas(pR, k) ? "rolled back" : "never reported begun");
    }
  }
  if( rc!=SQLITE_DONE ) STRESS_FAIL("log: %s", sqlite3_errmsg(db));
  sqlite3_finalize(pStmt);
  pStmt = 0;

  /* The retirement of the newest transaction is whole. */
  if( maxPresent>=0 ){
    char zSql[160];
    sqlite3_snprintf(sizeof(zSql), zSql,
        "SELECT txn FROM log WHERE txn<=%lld AND retired IS NULL LIMIT 1",
        maxPresent - nRetire);
    rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
    if( rc!=SQLITE_OK ) STRESS_FAIL("prepare: %s", sqlite3_errmsg(db));
    if( sqlite3_step(pStmt)==SQLITE_ROW ){
      STRESS_FAIL("txn %lld present but txn %lld not retired", maxPresent,
                  sqlite3_column_int64(pStmt, 0));
    }
    sqlite3_finalize(pStmt);
    pStmt = 0;
  }

  /* Every row of t: its value, and its log row. */
  rc = sqlite3_prepare_v2(db,
      "SELECT t.txn, t.seq, t.k, t.v, log.txn IS NULL"
      " FROM t LEFT JOIN log USING(txn)", -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) STRESS_FAIL("prepare: %s", sqlite3_errmsg(db));
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    long long k = sqlite3_column_int64(pStmt, 0);
    long long s = sqlite3_column_int64(pStmt, 1);
    const unsigned char *a = sqlite3_column_blob(pStmt, 3);
    int n = sqlite3_column_bytes(pStmt, 3);
    if( sqlite3_column_int(pStmt, 4) ){
      STRESS_FAIL("row (%lld,%lld) without its log row", k, s);
    }
    if( sqlite3_column_int64(pStmt, 2)!=stressKey(k, s)
     || !stressValueOk(k, s, a, n)
    ){
      STRESS_FAIL("row (%lld,%lld) has a wrong value", k, s);
    }
  }
  if( rc!=SQLITE_DONE ) STRESS_FAIL("t: %s", sqlite3_errmsg(db));
  sqlite3_finalize(pStmt);
  pStmt = 0;

  /* Every transaction reported committed is there. */
  if( pC ){
    for(i=0; i<pC->n; i++){
      int bHas = stressLogHas(db, pC->a[i]);
      if( bHas<0 ) STRESS_FAIL("log: %s", sqlite3_errmsg(db));
      if( bHas==0 ){
        STRESS_FAIL("txn %lld was reported committed and is lost",
                    pC->a[i]);
      }
    }
  }
  if( pnTxn ) *pnTxn = nLog;

check_done:
  sqlite3_finalize(pStmt);
  sqlite3_exec(db, "COMMIT", 0, 0, 0);
  return bad;
#undef STRESS_FAIL
}

/*
** ---------------------------------------------------------------------
** The column-copy workload (--workload cc; doc/stress.md, doc/column-copy.md).
**
** The database: a rowid table t(a, b, c, d, u UNIQUE, ver) of about 70,000
** rows (two 65,536-row chunks and more) with a column copy, and
** cclog(txn INTEGER PRIMARY KEY, n, h).  Every row's a, b, c and d are
** functions of its rowid and ver (CC_A.. below, ccRowOk() in C); u is
** unique (the initial rowid, the ver of the operation that inserted it,
** or NULL).  Transaction k does random INSERTs (appends, into holes,
** ranges), UPDATEs, DELETEs, REPLACEs on the rowid and REPLACEs through
** the UNIQUE index u (which delete another row without a DELETE trigger),
** sometimes a PRAGMA column_copy('t') refresh among them, sometimes a
** rolled-back savepoint (half the transactions write only among the
** last CC_LOCAL rowids, so the chunks below stay clean), and then inserts cclog(k, count(*), sum(CC_H))
** computed over t (with column_scan OFF, and ON as a check: they must
** agree inside the transaction).  1 in 16 transactions is a rebuild: PRAGMA
** column_copy_drop('t') and PRAGMA column_copy('t'); 1 in 3 commits is
** followed by a refresh in its own (autocommit) transaction, or (every
** other time) by CC_STEPS maintenance steps (PRAGMA column_copy_maintain),
** each its own transaction.  Events as in
** the rows workload, plus "Y k": a column_copy build or refresh begins.
**
** The check (ccCheck()), in one read transaction: integrity_check; the
** copy's structure (its row in lipsqlite_column_copy, its three tables
** and its five triggers, nothing else named lipsqlite_column_copy_*, the
** triggers' bound equal to the last chunk's hi); every clean chunk claims
** the base rows of its rowid range: the rows of t in the range whose
** rowid is not recorded as changed are at most dir.nrow, and with the
** recorded rowids of the range at least dir.nrow (equal with none), and
** the header of each of its ncol+1 vectors says nrow too; every query of ccQuery[] gives the same rows, in the same order,
** with the same values and types, with column_scan ON and OFF; every row
** is a function of (rowid, ver); the newest cclog row's n and h are those
** of t; the cclog rows present are those reported committed, and maybe
** the ones in flight, never one rolled back.
**
** --fault split (the harnesses' self-test; a deliberately broken writer):
** the first transaction of a writer and 1 in 3 of the others write with
** triggers off (no marks) and update the first row, commit, pause 5 ms,
** then mark every chunk stale in a second transaction, and only then
** report "C k".  A crash between the two leaves a copy that claims rows the base
** no longer has (or lacks rows it has): the check must catch it.
*/
#define CC_ROWS_INIT    70000   /* Rows of the initial table */
#define CC_STEPS        3       /* Maintenance steps after a commit */
#define CC_ROWS_LOW     70000   /* Fewer at a transaction's start: grow */
#define CC_ROWS_HIGH    76000   /* More: shrink */
#define CC_READER_PAUSE_US 50000  /* A cc reader's pause between checks */
#define CC_FAULT_PAUSE_US 5000  /* --fault split: between its two commits */
#define CC_LOCAL         6000   /* A local transaction's last rowids */
#define CC_VER_TXN     100000   /* ver of op i of txn k: k*CC_VER_TXN+i+1 */
#define CC_STR_(X) #X
#define CC_STR(X) CC_STR_(X)

/* The values of row (R, V) in SQL; ccRowOk() computes the same in C */
#define CC_A(R,V) "((" R ")*7+(" V ")*131)%1000"
#define CC_B(R,V) "(((" R ")*13+(" V ")*7)%10000)/4.0"
#define CC_C(R,V) "('w'||(((" R ")+(" V ")*3)%12))"
#define CC_D(R,V) "CASE WHEN ((" R ")+(" V "))%7=0 THEN NULL" \
                  " ELSE ((" R ")*3+(" V "))%100000 END"
#define CC_H      "(rowid*1000003+ver*10007+coalesce(u,0)*101)%1000000007"
#define CC_VALUES(R,V) CC_A(R,V) "," CC_B(R,V) "," CC_C(R,V) "," CC_D(R,V)

static const char zCcSchema[] =
  "CREATE TABLE t(a INTEGER, b REAL, c TEXT, d INTEGER, u INTEGER UNIQUE,"
  "  ver INTEGER NOT NULL);"
  "CREATE TABLE cclog(txn INTEGER PRIMARY KEY, n INTEGER, h INTEGER);";

/* The queries compared with column_scan ON and OFF */
static const char *const ccQuery[] = {
  "SELECT rowid, * FROM t ORDER BY rowid",
  "SELECT rowid, * FROM t",
  "SELECT rowid, a, c FROM t WHERE a < 100 AND c = 'w3'",
  "SELECT rowid, b, d FROM t WHERE b >= 500.0 AND b < 900.5"
  "  AND d IS NOT NULL",
  "SELECT rowid, u FROM t WHERE d IS NULL AND a BETWEEN 200 AND 260",
  "SELECT rowid, ver FROM t WHERE ver >= 100000"
  "  AND c IN ('w1','w5','w11')",
  "SELECT rowid, a, d FROM t WHERE d > 50000 AND a <= 500 AND b > 100",
  "SELECT count(*), sum(a), total(b), min(d), max(d), count(u), max(ver)"
  "  FROM t",
  "SELECT c, count(*), sum(a), total(b), sum(d) FROM t GROUP BY c"
  "  ORDER BY c",
  "SELECT count(*), sum(" CC_H ") FROM t WHERE a >= 0",
};
#define CC_NQUERY ((int)(sizeof(ccQuery)/sizeof(ccQuery[0])))

static int ccRowOk(long long r, long long v, sqlite3_stmt *p){
  /* Columns 1..4 of p: a, b, c, d */
  char zC[16];
  long long d = (r*3 + v) % 100000;
  if( sqlite3_column_type(p, 1)!=SQLITE_INTEGER
   || sqlite3_column_int64(p, 1)!=(r*7 + v*131) % 1000 ) return 0;
  if( sqlite3_column_type(p, 2)!=SQLITE_FLOAT
   || sqlite3_column_double(p, 2)!=((r*13 + v*7) % 10000)/4.0 ) return 0;
  snprintf(zC, sizeof(zC), "w%lld", (r + v*3) % 12);
  if( sqlite3_column_type(p, 3)!=SQLITE_TEXT
   || strcmp((const char*)sqlite3_column_text(p, 3), zC)!=0 ) return 0;
  if( (r + v) % 7==0 ){
    if( sqlite3_column_type(p, 4)!=SQLITE_NULL ) return 0;
  }else if( sqlite3_column_type(p, 4)!=SQLITE_INTEGER
         || sqlite3_column_int64(p, 4)!=d ){
    return 0;
  }
  return 1;
}

/* Step zSql to its end; return the first column of its last row (or 0) */
static long long ccExecInt(sqlite3 *db, const char *zSql){
  sqlite3_stmt *p = 0;
  long long v = 0;
  int rc;
  if( sqlite3_prepare_v2(db, zSql, -1, &p, 0)!=SQLITE_OK ){
    stressDie(db, zSql);
  }
  while( (rc = sqlite3_step(p))==SQLITE_ROW ) v = sqlite3_column_int64(p, 0);
  if( rc!=SQLITE_DONE ) stressDie(db, zSql);
  sqlite3_finalize(p);
  return v;
}

static sqlite3_stmt *ccPrep(sqlite3 *db, const char *zSql){
  sqlite3_stmt *p = 0;
  if( sqlite3_prepare_v2(db, zSql, -1, &p, 0)!=SQLITE_OK ) stressDie(db, zSql);
  return p;
}

/* count(*) and sum(CC_H) of t with column_scan bOn */
static void ccCountHash(sqlite3 *db, int bOn, long long *pN, long long *pH){
  sqlite3_stmt *p;
  stressExec(db, bOn ? "PRAGMA column_scan=ON" : "PRAGMA column_scan=OFF");
  p = ccPrep(db, "SELECT count(*), coalesce(sum(" CC_H "),0) FROM t");
  if( sqlite3_step(p)!=SQLITE_ROW ) stressDie(db, "count");
  *pN = sqlite3_column_int64(p, 0);
  *pH = sqlite3_column_int64(p, 1);
  sqlite3_finalize(p);
}

/* The plan of transaction k of the cc workload */
typedef struct CcPlan CcPlan;
struct CcPlan {
  int bRebuild;      /* column_copy_drop + column_copy, nothing else */
  int bBig;
  int nOp;
  int iRefresh;      /* PRAGMA column_copy before op iRefresh; -1: none */
  int bRollback;
  int iSpFrom, iSpTo;
  int eCkpt;
  int bAfter;        /* An autocommit refresh after the commit */
  int bFault;        /* --fault split: this one is split */
  int bLocal;        /* Writes only the last CC_LOCAL rowids (a chunk
                     ** below them stays clean), else anywhere */
  unsigned long long rOps;
};
static void ccPlan(unsigned int iSeed, long long k, int nBig, int bFault,
                   int bFirst, CcPlan *p){
  unsigned long long r = stressMix(((unsigned long long)iSeed<<40) ^ k
                                   ^ 0xcc0000000000000ULL);
  unsigned long long r2 = stressMix(r), r3 = stressMix(r2);
  memset(p, 0, sizeof(*p));
  p->bRebuild = (r%16)==0;
  p->bBig = ((r>>4)%10)<2;
  p->nOp = p->bBig ? nBig/2 + (int)((r>>8)%(nBig/2+1)) : 1 + (int)((r>>8)%20);
  p->bRollback = ((r>>20)%20)<3;
  p->iSpFrom = p->iSpTo = 0;
  if( ((r>>28)%10)<2 ){
    p->iSpFrom = (int)(r2 % (p->nOp+1));
    p->iSpTo = p->iSpFrom + (int)((r2>>16) % (p->nOp - p->iSpFrom + 1));
  }
  /* A refresh in 1 in 4, half of them after the last operation */
  p->iRefresh = ((r>>32)%4)!=0 ? -1 :
                ((r>>34)%2) ? p->nOp : (int)(r3 % (p->nOp+1));
  p->eCkpt = ((r>>36)%4)==0 ? 1 + (int)((r>>40)%4) : 0;
  p->bAfter = ((r>>44)%3)==0;
  p->bLocal = ((r>>52)%2)==0;
  p->bFault = bFault && ((r>>48)%3)==0 && !p->bRebuild;
  if( bFault && bFirst ){
    /* Under the fault, a writer's first transaction is a split one that
    ** commits, so that every run has one */
    p->bFault = 1;
    p->bRebuild = p->bRollback = 0;
  }
  p->rOps = stressMix(r3);
}

/* Statements of the cc writer */
typedef struct CcW CcW;
struct CcW {
  sqlite3 *db;
  sqlite3_stmt *pAt;       /* The first row at or after ?1: rowid, u */
  sqlite3_stmt *pAtU;      /* ... with a u */
  sqlite3_stmt *pHas;      /* Row ?1 exists */
  sqlite3_stmt *pMax;      /* max(rowid) */
  sqlite3_stmt *pIns;      /* INSERT (?1 rowid, ?2 ver, ?3 u) */
  sqlite3_stmt *pRepl;     /* INSERT OR REPLACE, the same */
  sqlite3_stmt *pInsRange; /* rows ?1..?2, ver ?3, u NULL */
  sqlite3_stmt *pUpd;      /* rows ?1..?2 get ver ?3 */
  sqlite3_stmt *pDel;      /* DELETE rows ?1..?2 */
  sqlite3_stmt *pDelN;     /* DELETE ?2 rows from rowid ?1 on */
};

static void ccRun(CcW *w, sqlite3_stmt *p, long long i1, long long i2,
                  long long i3, int bNullU){
  sqlite3_bind_int64(p, 1, i1);
  if( sqlite3_bind_parameter_count(p)>=2 ) sqlite3_bind_int64(p, 2, i2);
  if( sqlite3_bind_parameter_count(p)>=3 ){
    if( bNullU ) sqlite3_bind_null(p, 3);
    else sqlite3_bind_int64(p, 3, i3);
  }
  if( sqlite3_step(p)!=SQLITE_DONE ) stressDie(w->db, sqlite3_sql(p));
  sqlite3_reset(p);
}
/* The first row at or after rowid r (with a u if bU): 0 if none */
static long long ccRowAt(CcW *w, long long r, int bU, long long *pU){
  sqlite3_stmt *p = bU ? w->pAtU : w->pAt;
  long long x = 0;
  sqlite3_bind_int64(p, 1, r);
  if( sqlite3_step(p)==SQLITE_ROW ){
    x = sqlite3_column_int64(p, 0);
    if( pU ) *pU = sqlite3_column_int64(p, 1);
  }
  sqlite3_reset(p);
  return x;
}
static long long ccMaxRowid(CcW *w){
  long long x = 0;
  if( sqlite3_step(w->pMax)==SQLITE_ROW ) x = sqlite3_column_int64(w->pMax, 0);
  sqlite3_reset(w->pMax);
  return x;
}
static int ccHas(CcW *w, long long r){
  int b;
  sqlite3_bind_int64(w->pHas, 1, r);
  b = sqlite3_step(w->pHas)==SQLITE_ROW;
  sqlite3_reset(w->pHas);
  return b;
}

/* One random operation: op i of transaction k */
static void ccOp(CcW *w, const CcPlan *p, long long k, int i, long long nRows){
  unsigned long long x = stressMix(p->rOps + (unsigned long long)i);
  int e = (int)(x%100);
  long long v = k*CC_VER_TXN + i + 1;
  long long mx = ccMaxRowid(w);
  long long r = p->bLocal ?
      mx - (long long)((x>>8) % CC_LOCAL) :
      1 + (long long)((x>>8) % (unsigned long long)(mx>0 ? mx : 1));
  int wid = p->bBig ? 20 + (int)((x>>40)%381) : 2 + (int)((x>>40)%39);
  long long u = 0;
  /* Keep the table between CC_ROWS_LOW and CC_ROWS_HIGH rows: inserts
  ** become deletes, or deletes inserts */
  if( nRows<CC_ROWS_LOW && e>=57 && e<79 ) e -= 57;
  else if( nRows>CC_ROWS_HIGH && e<34 ) e = 57 + e%22;
  if( e<20 ){                                   /* append a row */
    ccRun(w, w->pIns, mx + 1 + (long long)((x>>32)%3), v, v, 0);
  }else if( e<25 ){                             /* append a range */
    ccRun(w, w->pInsRange, mx+1, mx+wid, v, 0);
  }else if( e<34 ){                             /* insert into a hole */
    if( !ccHas(w, r) ) ccRun(w, w->pIns, r, v, v, 0);
  }else if( e<52 ){                             /* update a row */
    if( (r = ccRowAt(w, r, 0, 0))!=0 ) ccRun(w, w->pUpd, r, r, v, 0);
  }else if( e<57 ){                             /* update a range */
    ccRun(w, w->pUpd, r, r+wid-1, v, 0);
  }else if( e<74 ){                             /* delete a row */
    if( (r = ccRowAt(w, r, 0, 0))!=0 ) ccRun(w, w->pDel, r, r, 0, 0);
  }else if( e<79 ){                             /* delete wid rows */
    ccRun(w, w->pDelN, r, wid, 0, 0);
  }else if( e<89 ){                             /* REPLACE on the rowid */
    if( (r = ccRowAt(w, r, 0, 0))!=0 ) ccRun(w, w->pRepl, r, v, v, 0);
  }else{                                        /* REPLACE through u */
    if( ccRowAt(w, r, 1, &u)!=0 ){
      /* A new row (an append or a hole) takes the u of another row,
      ** which REPLACE deletes without a DELETE trigger */
      long long r2 = (x>>32)%2 ? mx+1 : 1 + (long long)((x>>33)%(mx>0?mx:1));
      ccRun(w, w->pRepl, r2, v, u, 0);
    }
  }
}

static void ccRefresh(sqlite3 *db, long long k, int bRebuild){
  stressEvent("Y %lld\n", k);
  if( bRebuild ) ccExecInt(db, "PRAGMA column_copy_drop('t')");
  if( !bRebuild && (k%2)==1 ){
    /* Maintenance in small steps, each its own transaction */
    int i;
    for(i=0; i<CC_STEPS; i++) stressExec(db, "PRAGMA column_copy_maintain");
  }else{
    ccExecInt(db, "PRAGMA column_copy('t')");
  }
}

/* stress init --workload cc */
static int ccInit(Opts *o){
  sqlite3 *db = stressOpen(o->zDb);
  char zSql[100];
  long long n, h;
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA journal_mode=%s", o->zJournal);
  stressExec(db, zSql);
  stressExec(db, "PRAGMA synchronous=EXTRA");
  stressExec(db, "BEGIN");
  stressExec(db, zCcSchema);
  /* (Not through a printf: the SQL holds '%') */
  stressExec(db,
      "WITH RECURSIVE s(r) AS (SELECT 1 UNION ALL SELECT r+1 FROM s"
      " WHERE r<" CC_STR(CC_ROWS_INIT) ") INSERT INTO t(rowid,a,b,c,d,u,ver)"
      " SELECT r," CC_VALUES("r","0") ",r,0 FROM s");
  ccExecInt(db, "PRAGMA column_copy('t')");
  ccCountHash(db, 0, &n, &h);
  sqlite3_snprintf(sizeof(zSql), zSql,
                   "INSERT INTO cclog VALUES(0,%lld,%lld)", n, h);
  stressExec(db, zSql);
  stressExec(db, "COMMIT");
  sqlite3_close(db);
  return 0;
}

/*
** The broken maintenance of --fault split, run between the COMMIT of a
** transaction and its event "C": the copy's chunks marked stale in a
** transaction of their own, after the writes have committed (and a pause,
** as for some other work in between: the window a crash must hit).
*/
static void ccFaultMarks(sqlite3 *db){
  char zSql[100];
  long long id;
  usleep(CC_FAULT_PAUSE_US);
  id = ccExecInt(db, "SELECT id FROM lipsqlite_column_copy WHERE tbl='t'");
  if( id ){
    sqlite3_snprintf(sizeof(zSql), zSql,
        "UPDATE lipsqlite_column_copy_%lld_dir SET stale=1", id);
    stressExec(db, zSql);
  }
}

/* stress writer --workload cc */
static int ccWriter(Opts *o){
  sqlite3 *db = stressOpen(o->zDb);
  char zSql[200];
  long long k, kEnd = o->nCount ? o->iFirst + o->nCount : 0;
  long long nRows;
  CcW w;
  memset(&w, 0, sizeof(w));
  w.db = db;
  stressWriterSettings(db, o);
  nRows = ccExecInt(db, "SELECT n FROM cclog ORDER BY txn DESC LIMIT 1");
  for(k=o->iFirst; kEnd==0 || k<kEnd; k++){
    CcPlan p;
    int i;
    long long n, h, n2, h2;
    ccPlan(o->iSeed, k, o->nBigRows, o->zFault!=0, k==o->iFirst, &p);
    /* The statements are prepared anew each transaction: PRAGMA
    ** column_scan and column_copy expire them */
    w.pAt = ccPrep(db, "SELECT rowid, u FROM t WHERE rowid>=?1"
                       " ORDER BY rowid LIMIT 1");
    w.pAtU = ccPrep(db, "SELECT rowid, u FROM t WHERE rowid>=?1"
                        " AND u IS NOT NULL ORDER BY rowid LIMIT 1");
    w.pHas = ccPrep(db, "SELECT 1 FROM t WHERE rowid=?1");
    w.pMax = ccPrep(db, "SELECT max(rowid) FROM t");
    w.pIns = ccPrep(db, "INSERT INTO t(rowid,a,b,c,d,u,ver) VALUES(?1,"
                        CC_VALUES("?1","?2") ",?3,?2)");
    w.pRepl = ccPrep(db, "INSERT OR REPLACE INTO t(rowid,a,b,c,d,u,ver)"
                         " VALUES(?1," CC_VALUES("?1","?2") ",?3,?2)");
    w.pInsRange = ccPrep(db, "WITH RECURSIVE s(r) AS (SELECT ?1 UNION ALL"
        " SELECT r+1 FROM s WHERE r<?2) INSERT INTO t(rowid,a,b,c,d,u,ver)"
        " SELECT r," CC_VALUES("r","?3") ",NULL,?3 FROM s");
    w.pUpd = ccPrep(db, "UPDATE t SET ver=?3, a=" CC_A("rowid","?3")
        ", b=" CC_B("rowid","?3") ", c=" CC_C("rowid","?3")
        ", d=" CC_D("rowid","?3") " WHERE rowid BETWEEN ?1 AND ?2");
    w.pDel = ccPrep(db, "DELETE FROM t WHERE rowid BETWEEN ?1 AND ?2");
    w.pDelN = ccPrep(db, "DELETE FROM t WHERE rowid IN (SELECT rowid FROM t"
                         " WHERE rowid>=?1 ORDER BY rowid LIMIT ?2)");
    stressEvent("B %lld\n", k);
    stressExec(db, "BEGIN");
    if( p.bRebuild ){
      ccRefresh(db, k, 1);
    }else{
      if( p.bFault ){
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int*)0);
      }
      for(i=0; i<=p.nOp; i++){
        if( i==p.iSpFrom && p.iSpFrom<p.iSpTo ) stressExec(db, "SAVEPOINT sp");
        if( i==p.iRefresh && !p.bFault ){
          /* The refresh expires the statements: finalize, refresh,
          ** prepare again (sqlite3_prepare_v2 would reprepare anyway) */
          ccRefresh(db, k, 0);
        }
        if( i==p.nOp ) break;
        if( p.bBig && i==p.nOp/2 ) stressEvent("M %lld\n", k);
        ccOp(&w, &p, k, i, nRows);
        if( p.iSpFrom<p.iSpTo && i+1==p.iSpTo ){
          stressExec(db, "ROLLBACK TO sp; RELEASE sp");
        }
      }
      if( p.bFault ){
        /* ... and the first row changes, so that a clean chunk 0 is out
        ** of date until the second transaction */
        long long r0 = ccRowAt(&w, -1, 0, 0);
        ccRun(&w, w.pUpd, r0, r0, k*CC_VER_TXN + p.nOp + 1, 0);
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 1, (int*)0);
      }
    }
    sqlite3_finalize(w.pAt); sqlite3_finalize(w.pAtU);
    sqlite3_finalize(w.pHas); sqlite3_finalize(w.pMax);
    sqlite3_finalize(w.pIns); sqlite3_finalize(w.pRepl);
    sqlite3_finalize(w.pInsRange); sqlite3_finalize(w.pUpd);
    sqlite3_finalize(w.pDel); sqlite3_finalize(w.pDelN);
    /* The log row, from the base table; the copy must agree (not under
    ** the fault: its copy is wrong until its second transaction) */
    ccCountHash(db, 0, &n, &h);
    if( !p.bFault ){
      ccCountHash(db, 1, &n2, &h2);
      if( n!=n2 || h!=h2 ){
        fprintf(stderr, "stress: txn %lld: column_scan ON gives %lld rows"
                " (hash %lld), OFF %lld (%lld)\n", k, n2, h2, n, h);
        exit(2);
      }
    }
    stressExec(db, "PRAGMA column_scan=ON");
    sqlite3_snprintf(sizeof(zSql), zSql,
                     "INSERT INTO cclog VALUES(%lld,%lld,%lld)", k, n, h);
    stressExec(db, zSql);
    stressTxnEnd(db, k, p.bRollback, p.bFault ? ccFaultMarks : 0);
    if( !p.bRollback ){
      nRows = n;
      if( p.bAfter && !p.bFault ) ccRefresh(db, k, 0);
    }
    stressCheckpoint(db, o, p.eCkpt);
  }
  stressCleanerReport(db, o);
  if( sqlite3_close(db)!=SQLITE_OK ) stressDie(db, "close");
  stressEvent("E\n", 0);
  return 0;
}

/* What a check saw of the copy */
typedef struct CcStat CcStat;
struct CcStat {
  int bCopy;        /* A copy of t exists */
  int nChunk;       /* Its chunks */
  int nClean;       /* ... clean */
  long long nCleanRows;   /* Rows claimed by the clean chunks */
  int nScan;        /* Queries whose plan reads the copy (ON) */
};

/* FNV-1a over bytes */
static unsigned long long ccFnv(unsigned long long h, const void *p, int n){
  const unsigned char *a = (const unsigned char*)p;
  int i;
  for(i=0; i<n; i++){ h ^= a[i]; h *= 0x100000001b3ULL; }
  return h;
}

/* Run zSql, hash its rows (order, types and values); 0 or an error */
static int ccHashQuery(sqlite3 *db, const char *zSql, unsigned long long *pH,
                       long long *pN){
  sqlite3_stmt *p = 0;
  unsigned long long h = 0xcbf29ce484222325ULL;
  long long n = 0;
  int rc = sqlite3_prepare_v2(db, zSql, -1, &p, 0);
  if( rc ) return rc;
  while( (rc = sqlite3_step(p))==SQLITE_ROW ){
    int i, nCol = sqlite3_column_count(p);
    n++;
    for(i=0; i<nCol; i++){
      unsigned char t = (unsigned char)sqlite3_column_type(p, i);
      h = ccFnv(h, &t, 1);
      if( t==SQLITE_INTEGER ){
        long long v = sqlite3_column_int64(p, i);
        h = ccFnv(h, &v, 8);
      }else if( t==SQLITE_FLOAT ){
        double v = sqlite3_column_double(p, i);
        h = ccFnv(h, &v, 8);
      }else if( t!=SQLITE_NULL ){
        const void *z = sqlite3_column_blob(p, i);
        int nb = sqlite3_column_bytes(p, i);
        h = ccFnv(h, &nb, 4);
        h = ccFnv(h, z, nb);
      }
    }
  }
  sqlite3_finalize(p);
  *pH = h;
  *pN = n;
  return rc==SQLITE_DONE ? SQLITE_OK : rc;
}

/* --cc-checks: which of the copy's checks run (all by default; the
** others are for showing that each one alone catches a fault) */
#define CC_CHK_STRUCT  0x01
#define CC_CHK_CLAIM   0x02
#define CC_CHK_QUERY   0x04
#define CC_CHK_MODEL   0x08
#define CC_CHK_ALL     0x0f

/*
** The check of the cc workload (the comment at the top of this section).
*/
static int ccCheck(sqlite3 *db, int bIntegrity, const IdList *pC,
                   const IdList *pR, const IdList *pF, char *zErr,
                   long long *pnTxn, int mChecks, CcStat *pS){
  sqlite3_stmt *pStmt = 0, *pCnt = 0;
  int rc, bad = 0, i;
  long long iId = 0, nCol = 0, nLog = 0, maxTxn = -1, lastN = 0, lastH = 0;
  char *z = 0;
  CcStat s;

#define CC_FAIL(...) \
  do{ sqlite3_snprintf(STRESS_ERRMSG, zErr, __VA_ARGS__); bad = 1; \
      goto cc_done; }while(0)
#define CC_PREP(SQL) \
  do{ sqlite3_finalize(pStmt); pStmt = 0; \
      if( sqlite3_prepare_v2(db, SQL, -1, &pStmt, 0)!=SQLITE_OK ) \
        CC_FAIL("prepare: %s", sqlite3_errmsg(db)); }while(0)

  memset(&s, 0, sizeof(s));
  zErr[0] = 0;
  if( sqlite3_exec(db, "BEGIN", 0, 0, 0)!=SQLITE_OK ){
    CC_FAIL("BEGIN: %s", sqlite3_errmsg(db));
  }
  if( bIntegrity ){
    CC_PREP("PRAGMA integrity_check");
    if( sqlite3_step(pStmt)!=SQLITE_ROW ){
      CC_FAIL("integrity_check: %s", sqlite3_errmsg(db));
    }
    if( strcmp((const char*)sqlite3_column_text(pStmt, 0), "ok")!=0 ){
      CC_FAIL("integrity_check: %s", sqlite3_column_text(pStmt, 0));
    }
  }

  /* The copy's row, tables and triggers, and nothing else of it */
  CC_PREP("SELECT count(*) FROM sqlite_schema"
          " WHERE name='lipsqlite_column_copy'");
  if( sqlite3_step(pStmt)!=SQLITE_ROW ) CC_FAIL("schema: %s",
                                                sqlite3_errmsg(db));
  if( sqlite3_column_int(pStmt, 0) ){
    CC_PREP("SELECT id, tbl, ncol, (SELECT count(*) FROM"
            " lipsqlite_column_copy) FROM lipsqlite_column_copy");
    if( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
      iId = sqlite3_column_int64(pStmt, 0);
      nCol = sqlite3_column_int64(pStmt, 2);
      if( (mChecks & CC_CHK_STRUCT) && (sqlite3_column_int(pStmt, 3)!=1
       || strcmp((const char*)sqlite3_column_text(pStmt, 1), "t")!=0) ){
        CC_FAIL("copy: %d rows in lipsqlite_column_copy (table %s)",
                sqlite3_column_int(pStmt, 3), sqlite3_column_text(pStmt, 1));
      }
    }else if( rc!=SQLITE_DONE ){
      CC_FAIL("lipsqlite_column_copy: %s", sqlite3_errmsg(db));
    }
  }
  s.bCopy = iId>0;
  if( mChecks & CC_CHK_STRUCT ){
    sqlite3_free(z);
    z = sqlite3_mprintf("SELECT"
        " (SELECT count(*) FROM sqlite_schema WHERE type='table' AND"
        "  name IN ('lipsqlite_column_copy_%lld_dir',"
        "  'lipsqlite_column_copy_%lld_data',"
        "  'lipsqlite_column_copy_%lld_changed')),"
        " (SELECT count(*) FROM sqlite_schema WHERE type='trigger' AND"
        "  tbl_name='t' AND name GLOB 'lipsqlite_column_copy_%lld_*'),"
        " (SELECT group_concat(name) FROM sqlite_schema WHERE"
        "  name GLOB 'lipsqlite_column_copy_*' AND NOT"
        "  name GLOB 'lipsqlite_column_copy_%lld_*' AND"
        "  name<>'lipsqlite_column_copy_stamp')",
        iId, iId, iId, iId, iId);
    CC_PREP(z);
    if( sqlite3_step(pStmt)!=SQLITE_ROW ) CC_FAIL("schema: %s",
                                                  sqlite3_errmsg(db));
    if( sqlite3_column_type(pStmt, 2)!=SQLITE_NULL ){
      CC_FAIL("copy: objects of no copy: %s", sqlite3_column_text(pStmt, 2));
    }
    if( iId && (sqlite3_column_int(pStmt, 0)!=3
             || sqlite3_column_int(pStmt, 1)!=5) ){
      CC_FAIL("copy %lld: %d of its 3 tables, %d of its 5 triggers", iId,
              sqlite3_column_int(pStmt, 0), sqlite3_column_int(pStmt, 1));
    }
  }

  if( iId ){
    /* The chunks: every clean one claims exactly the rows of its range */
    long long lo = 0, k = 0, hi = 0, nrow = 0, bound;
    int bStale = 0, bHave = 0;
    sqlite3_free(z);
    z = sqlite3_mprintf("SELECT (SELECT count(*) FROM t WHERE rowid BETWEEN"
        " ?1 AND ?2 AND rowid NOT IN (SELECT r FROM"
        " lipsqlite_column_copy_%lld_changed)), (SELECT count(*) FROM"
        " lipsqlite_column_copy_%lld_changed WHERE r BETWEEN ?1 AND ?2)",
        iId, iId);
    if( sqlite3_prepare_v2(db, z, -1, &pCnt, 0) ){
      CC_FAIL("prepare: %s", sqlite3_errmsg(db));
    }
    sqlite3_free(z);
    z = sqlite3_mprintf("SELECT d.lo, d.k, d.hi, d.nrow, d.stale,"
        " (SELECT group_concat((x.id-d.k*32768) || ':' || length(x.bytes)"
        "  || ':' || hex(substr(x.bytes,3,4))) FROM"
        "  lipsqlite_column_copy_%lld_data AS x WHERE x.id BETWEEN"
        "  d.k*32768 AND d.k*32768+32767)"
        " FROM lipsqlite_column_copy_%lld_dir AS d ORDER BY d.lo", iId, iId);
    CC_PREP(z);
    for(;;){
      long long lo2 = 0, k2 = 0, hi2 = 0, nrow2 = 0;
      int bStale2 = 0, bEnd;
      char *zVec = 0;
      rc = sqlite3_step(pStmt);
      if( rc!=SQLITE_ROW && rc!=SQLITE_DONE ){
        CC_FAIL("dir: %s", sqlite3_errmsg(db));
      }
      bEnd = rc==SQLITE_DONE;
      if( !bEnd ){
        lo2 = sqlite3_column_int64(pStmt, 0);
        k2 = sqlite3_column_int64(pStmt, 1);
        hi2 = sqlite3_column_int64(pStmt, 2);
        nrow2 = sqlite3_column_int64(pStmt, 3);
        bStale2 = sqlite3_column_int(pStmt, 4);
        if( !bStale2 ){
          /* Each of the ncol+1 vectors: its header's nrow (bytes 2..5,
          ** little-endian) is the chunk's */
          const char *zv = (const char*)sqlite3_column_text(pStmt, 5);
          int nv = 0;
          while( (mChecks & CC_CHK_CLAIM) && zv && *zv ){
            int slot = 0, len = 0;
            unsigned int b0, b1, b2, b3;
            if( sscanf(zv, "%d:%d:%2x%2x%2x%2x", &slot, &len, &b0, &b1, &b2,
                       &b3)!=6 || len<6 ){
              CC_FAIL("chunk %lld: vector %d is %d bytes", k2, slot, len);
            }
            if( (long long)(b0 | b1<<8 | b2<<16 | (unsigned)b3<<24)!=nrow2 ){
              CC_FAIL("chunk %lld (clean): vector %d holds %u rows, the"
                      " directory says %lld", k2, slot,
                      b0 | b1<<8 | b2<<16 | (unsigned)b3<<24, nrow2);
            }
            nv++;
            zv = strchr(zv, ',');
            if( zv ) zv++;
          }
          if( (mChecks & CC_CHK_CLAIM) && nv!=nCol+1 ){
            CC_FAIL("chunk %lld (clean): %d vectors, expected %lld", k2, nv,
                    nCol+1);
          }
        }
        (void)zVec;
      }
      if( bHave ){
        /* The previous chunk: up to this one's lo, or the last up to hi */
        long long iTo = bEnd ? hi : lo2-1;
        s.nChunk++;
        if( !bStale ){
          long long nBase, nChanged;
          s.nClean++;
          s.nCleanRows += nrow;
          sqlite3_bind_int64(pCnt, 1, lo);
          sqlite3_bind_int64(pCnt, 2, iTo);
          if( sqlite3_step(pCnt)!=SQLITE_ROW ){
            CC_FAIL("count: %s", sqlite3_errmsg(db));
          }
          nBase = sqlite3_column_int64(pCnt, 0);
          nChanged = sqlite3_column_int64(pCnt, 1);
          sqlite3_reset(pCnt);
          if( (mChecks & CC_CHK_CLAIM)
           && (nBase>nrow || nBase+nChanged<nrow) ){
            CC_FAIL("chunk %lld (clean, rowids %lld..%lld) claims %lld rows,"
                    " the table has %lld not recorded as changed and %lld"
                    " recorded", k, lo, iTo, nrow, nBase, nChanged);
          }
        }
      }
      if( bEnd ) break;
      lo = lo2; k = k2; hi = hi2; nrow = nrow2; bStale = bStale2; bHave = 1;
    }
    /* The triggers mark rows up to the last chunk's hi */
    if( mChecks & CC_CHK_STRUCT ){
      const char *zSql, *zLe;
      sqlite3_free(z);
      z = sqlite3_mprintf("SELECT sql FROM sqlite_schema WHERE type='trigger'"
          " AND name GLOB 'lipsqlite_column_copy_%lld_*_ai'", iId);
      CC_PREP(z);
      if( sqlite3_step(pStmt)!=SQLITE_ROW ) CC_FAIL("copy %lld: no ai trigger",
                                                    iId);
      zSql = (const char*)sqlite3_column_text(pStmt, 0);
      zLe = zSql ? strstr(zSql, "<=") : 0;
      bound = zLe ? strtoll(zLe+2, 0, 10) : 0;
      if( bHave && bound!=hi ){
        CC_FAIL("copy %lld: its triggers mark up to rowid %lld, its last"
                " chunk ends at %lld", iId, bound, hi);
      }
    }
  }

  /* The queries: the same rows with column_scan ON and OFF */
  if( mChecks & CC_CHK_QUERY ){
    for(i=0; i<CC_NQUERY; i++){
      unsigned long long hOn = 0, hOff = 0;
      long long nOn = 0, nOff = 0;
      sqlite3_exec(db, "PRAGMA column_scan=OFF", 0, 0, 0);
      if( ccHashQuery(db, ccQuery[i], &hOff, &nOff) ){
        CC_FAIL("query %d (OFF): %s", i, sqlite3_errmsg(db));
      }
      sqlite3_exec(db, "PRAGMA column_scan=ON", 0, 0, 0);
      if( ccHashQuery(db, ccQuery[i], &hOn, &nOn) ){
        CC_FAIL("query %d (ON): %s", i, sqlite3_errmsg(db));
      }
      if( hOn!=hOff || nOn!=nOff ){
        CC_FAIL("query %d differs: column_scan ON gives %lld rows, OFF %lld"
                " (%s)", i, nOn, nOff, ccQuery[i]);
      }
      /* Did the ON run read the copy? */
      sqlite3_free(z);
      z = sqlite3_mprintf("EXPLAIN QUERY PLAN %s", ccQuery[i]);
      CC_PREP(z);
      while( sqlite3_step(pStmt)==SQLITE_ROW ){
        const char *zD = (const char*)sqlite3_column_text(pStmt, 3);
        if( zD && strstr(zD, "USING COLUMN COPY") ){ s.nScan++; break; }
      }
    }
  }
  sqlite3_exec(db, "PRAGMA column_scan=OFF", 0, 0, 0);

  /* The model: every row's values, the newest log row's count and hash,
  ** and which transactions are there */
  CC_PREP("SELECT txn, n, h FROM cclog ORDER BY txn");
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    long long kk = sqlite3_column_int64(pStmt, 0);
    nLog++;
    maxTxn = kk;
    lastN = sqlite3_column_int64(pStmt, 1);
    lastH = sqlite3_column_int64(pStmt, 2);
    if( pC && kk>0 && !idHas(pC, kk) && !idHas(pF, kk) ){
      CC_FAIL("txn %lld is present but was %s", kk,
              idHas(pR, kk) ? "rolled back" : "never reported begun");
    }
  }
  if( rc!=SQLITE_DONE ) CC_FAIL("cclog: %s", sqlite3_errmsg(db));
  if( maxTxn<0 ) CC_FAIL("cclog is empty");
  if( mChecks & CC_CHK_MODEL ){
    long long n = 0, h = 0;
    CC_PREP("SELECT rowid, a, b, c, d, ver, " CC_H " FROM t");
    while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
      long long r = sqlite3_column_int64(pStmt, 0);
      long long v = sqlite3_column_int64(pStmt, 5);
      if( !ccRowOk(r, v, pStmt) ){
        CC_FAIL("row %lld (ver %lld) has wrong values", r, v);
      }
      n++;
      h += sqlite3_column_int64(pStmt, 6);
    }
    if( rc!=SQLITE_DONE ) CC_FAIL("t: %s", sqlite3_errmsg(db));
    if( n!=lastN || h!=lastH ){
      CC_FAIL("txn %lld partial: t has %lld rows (hash %lld), its log says"
              " %lld (%lld)", maxTxn, n, h, lastN, lastH);
    }
  }
  if( pC ){
    for(i=0; i<pC->n; i++){
      sqlite3_finalize(pStmt);
      pStmt = 0;
      sqlite3_free(z);
      z = sqlite3_mprintf("SELECT 1 FROM cclog WHERE txn=%lld", pC->a[i]);
      CC_PREP(z);
      rc = sqlite3_step(pStmt);
      if( rc==SQLITE_DONE ){
        CC_FAIL("txn %lld was reported committed and is lost", pC->a[i]);
      }
      if( rc!=SQLITE_ROW ) CC_FAIL("cclog: %s", sqlite3_errmsg(db));
    }
  }
  if( pnTxn ) *pnTxn = nLog;
  if( pS ) *pS = s;

cc_done:
  sqlite3_finalize(pStmt);
  sqlite3_finalize(pCnt);
  sqlite3_free(z);
  sqlite3_exec(db, "PRAGMA column_scan=ON", 0, 0, 0);
  sqlite3_exec(db, "COMMIT", 0, 0, 0);
  return bad;
#undef CC_FAIL
#undef CC_PREP
}

/*
** Check database file zDb in a new connection; print "ok ..." or
** "FAIL: ..." on stdout.  Return 0 if it is good.
*/
static int stressCheckFile(const char *zDb, const char *zC, const char *zR,
                           const char *zF, int nRetire, int bReport,
                           const Opts *o){
  sqlite3 *db = 0;
  char zErr[STRESS_ERRMSG];
  IdList C, R, F;
  long long nTxn = 0;
  int bad;
  idParse(zC, &C);
  idParse(zR, &R);
  idParse(zF, &F);
  if( access(zDb, F_OK)!=0 ){
    printf("FAIL: %s: no database file\n", zDb);
    bad = 1;
  }else if( sqlite3_open_v2(zDb, &db, SQLITE_OPEN_READWRITE, 0)!=SQLITE_OK ){
    printf("FAIL: open: %s\n", sqlite3_errmsg(db));
    bad = 1;
  }else{
    sqlite3_busy_timeout(db, 10000);
    CcStat s;
    if( o->bCc ){
      bad = ccCheck(db, 1, &C, &R, &F, zErr, &nTxn, o->mCcChecks, &s);
    }else{
      bad = stressCheck(db, 1, &C, &R, &F, zErr, nRetire, &nTxn);
    }
    if( bad ){
      char *z;
      for(z=zErr; *z; z++) if( *z=='\n' ) *z = ' ';  /* One line each */
      printf("FAIL: %s\n", zErr);
    }else{
      if( o->bCc ){
        /* What the copy was: the harnesses count it */
        printf("ok %lld transactions, %d reported committed; copy: %d"
               " chunks, %d clean (%lld rows), %d scans\n", nTxn, C.n,
               s.bCopy ? s.nChunk : -1, s.nClean, s.nCleanRows, s.nScan);
      }else{
        printf("ok %lld transactions, %d reported committed\n", nTxn, C.n);
      }
      if( bReport ){
        /* "present K,..." : the transactions in flight that are there */
        int i, n = 0;
        printf("present ");
        for(i=0; i<F.n; i++){
          /* An error here leaves "present" short: the harness's next
          ** check of this database fails on it. */
          if( stressLogHas(db, F.a[i])==1 ){
            printf("%s%lld", n++ ? "," : "", F.a[i]);
          }
        }
        printf("%s\n", n ? "" : "-");
      }
    }
  }
  sqlite3_close(db);
  fflush(stdout);
  free(C.a); free(R.a); free(F.a);
  return bad;
}

static volatile sig_atomic_t stressStop = 0;
static void stressOnTerm(int sig){ (void)sig; stressStop = 1; }

/*
** stress reader: check consistency in read transactions for nMs
** milliseconds (0: until SIGTERM, then print how many).  Exit 1 on the
** first inconsistency.
*/
static int stressReader(Opts *o){
  sqlite3 *db = stressOpen(o->zDb);
  char zErr[STRESS_ERRMSG];
  struct timespec t0, t;
  long long nPass = 0;
  signal(SIGTERM, stressOnTerm);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while( !stressStop ){
    if( o->bCc ? ccCheck(db, 0, 0, 0, 0, zErr, 0, o->mCcChecks, 0)
               : stressCheck(db, 0, 0, 0, 0, zErr, o->nRetire, 0) ){
      /* A busy or locked database is not an inconsistency: try again */
      if( strstr(zErr, "locked") || strstr(zErr, "busy") ){
        usleep(1000);
        continue;
      }
      printf("FAIL: reader: %s\n", zErr);
      fflush(stdout);
      return 1;
    }
    nPass++;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if( o->nMs>0 && (t.tv_sec-t0.tv_sec)*1000
                    + (t.tv_nsec-t0.tv_nsec)/1000000 > o->nMs ){
      break;
    }
    usleep(o->bCc ? CC_READER_PAUSE_US : STRESS_READER_PAUSE_US);
  }
  printf("ok reader: %lld consistent snapshots\n", nPass);
  sqlite3_close(db);
  return 0;
}

/*
** stress check-many: check one database per line of stdin,
** "DB<TAB>COMMITTED<TAB>ROLLEDBACK<TAB>INFLIGHT".
*/
static int stressCheckMany(Opts *o){
  static char zLine[1<<20];
  int nBad = 0;
  while( fgets(zLine, sizeof(zLine), stdin) ){
    char *az[4] = {0, "-", "-", "-"};
    char *z = zLine;
    int i;
    z[strcspn(z, "\r\n")] = 0;
    if( z[0]==0 ) continue;
    for(i=0; i<4 && z; i++){
      az[i] = z;
      z = strchr(z, '\t');
      if( z ) *(z++) = 0;
    }
    nBad += stressCheckFile(az[0], az[1], az[2], az[3], o->nRetire, 0, o);
  }
  return nBad>0;
}

static void usage(void){
  fprintf(stderr,
    "usage: stress init|writer|reader|check|check-many [--db FILE]"
    " [--journal MODE] [--sync FULL|EXTRA] [--cleaner off|sync|thread|stock]"
    " [--first K] [--count N] [--seed S] [--cache N] [--queue N]"
    " [--big-rows N] [--retire N] [--ms N] [--committed L]"
    " [--rolledback L] [--inflight L] [--report inflight]"
    " [--workload rows|cc] [--fault split]"
    " [--cc-checks struct,claim,query,model|all]\n");
  exit(2);
}

int main(int argc, char **argv){
  Opts o;
  int i;
  const char *zCmd;
  memset(&o, 0, sizeof(o));
  o.zJournal = "delete";
  o.zSync = "FULL";
  o.zCleaner = "thread";
  o.iFirst = 1;
  o.nCache = 100;
  o.nBigRows = 6000;
  o.nRetire = STRESS_RETIRE_DEFAULT;
  o.mCcChecks = CC_CHK_ALL;
  if( argc<2 ) usage();
  zCmd = argv[1];
  for(i=2; i<argc; i++){
    const char *z = argv[i];
    const char *zVal = i+1<argc ? argv[i+1] : 0;
    if( zVal==0 ) usage();
    i++;
    if( strcmp(z, "--db")==0 ) o.zDb = zVal;
    else if( strcmp(z, "--journal")==0 ) o.zJournal = zVal;
    else if( strcmp(z, "--sync")==0 ) o.zSync = zVal;
    else if( strcmp(z, "--cleaner")==0 ) o.zCleaner = zVal;
    else if( strcmp(z, "--first")==0 ) o.iFirst = atoll(zVal);
    else if( strcmp(z, "--count")==0 ) o.nCount = atoll(zVal);
    else if( strcmp(z, "--seed")==0 ) o.iSeed = (unsigned)atoll(zVal);
    else if( strcmp(z, "--cache")==0 ) o.nCache = atoi(zVal);
    else if( strcmp(z, "--queue")==0 ) o.nQueue = atoi(zVal);
    else if( strcmp(z, "--big-rows")==0 ) o.nBigRows = atoi(zVal);
    else if( strcmp(z, "--retire")==0 ) o.nRetire = atoi(zVal);
    else if( strcmp(z, "--ms")==0 ) o.nMs = atoi(zVal);
    else if( strcmp(z, "--committed")==0 ) o.zCommitted = zVal;
    else if( strcmp(z, "--rolledback")==0 ) o.zRolledback = zVal;
    else if( strcmp(z, "--inflight")==0 ) o.zInflight = zVal;
    else if( strcmp(z, "--report")==0 ) o.bReport = strcmp(zVal, "inflight")==0;
    else if( strcmp(z, "--workload")==0 ){
      if( strcmp(zVal, "cc")==0 ) o.bCc = 1;
      else if( strcmp(zVal, "rows")!=0 ) usage();
    }
    else if( strcmp(z, "--fault")==0 ){
      if( strcmp(zVal, "split")!=0 ) usage();
      o.zFault = zVal;
    }
    else if( strcmp(z, "--cc-checks")==0 ){
      /* a list of struct,claim,query,model (or all) */
      o.mCcChecks = (strstr(zVal, "struct") ? CC_CHK_STRUCT : 0)
                  | (strstr(zVal, "claim") ? CC_CHK_CLAIM : 0)
                  | (strstr(zVal, "query") ? CC_CHK_QUERY : 0)
                  | (strstr(zVal, "model") ? CC_CHK_MODEL : 0)
                  | (strstr(zVal, "all") ? CC_CHK_ALL : 0);
    }
    else usage();
  }
  if( o.nBigRows<2 || o.nRetire<1 ) usage();
  if( o.bCc ) zLogTable = "cclog";
  if( strcmp(zCmd, "check-many")==0 ) return stressCheckMany(&o);
  if( o.zDb==0 ) usage();
  if( strcmp(zCmd, "init")==0 ) return o.bCc ? ccInit(&o) : stressInit(&o);
  if( strcmp(zCmd, "writer")==0 ){
    return o.bCc ? ccWriter(&o) : stressWriter(&o);
  }
  if( strcmp(zCmd, "reader")==0 ) return stressReader(&o);
  if( strcmp(zCmd, "check")==0 ){
    return stressCheckFile(o.zDb, o.zCommitted, o.zRolledback, o.zInflight,
                           o.nRetire, o.bReport, &o);
  }
  usage();
  return 2;
}
