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
};

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
** stress writer: run transactions iFirst, iFirst+1, ... (nCount of them,
** or until killed), printing the events above.
*/
static int stressWriter(Opts *o){
  sqlite3 *db = stressOpen(o->zDb);
  sqlite3_stmt *pIns, *pLog;
  char zSql[200];
  long long k, kEnd = o->nCount ? o->iFirst + o->nCount : 0;
  unsigned char *aVal = malloc(STRESS_VALUE_MIN + STRESS_VALUE_SPREAD);
  static const char *azCkpt[] = { "", "PASSIVE", "FULL", "RESTART",
                                  "TRUNCATE" };

  if( aVal==0 ) stressDie(0, "out of memory");
  sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA journal_mode=%s",
                   o->zJournal);
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
    if( p.bRollback ){
      stressEvent("X %lld\n", k);
      stressExec(db, "ROLLBACK");
      stressEvent("R %lld\n", k);
    }else{
      stressEvent("P %lld\n", k);
      stressExec(db, "COMMIT");
      stressEvent("C %lld\n", k);
    }
    if( p.eCkpt && strcmp(o->zJournal, "wal")==0 ){
      stressEvent("K\n", 0);
      sqlite3_snprintf(sizeof(zSql), zSql, "PRAGMA wal_checkpoint(%s)",
                       azCkpt[p.eCkpt]);
      stressExec(db, zSql);
    }
  }
  sqlite3_finalize(pIns);
  sqlite3_finalize(pLog);
  if( strcmp(o->zCleaner, "stock")!=0 ){
    /* "S queued batches": the harness checks that the cleaner worked. */
    sqlite3_stmt *pStat;
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
  int rc = sqlite3_prepare_v2(db, "SELECT 1 FROM log WHERE txn=?1", -1,
                              &pStmt, 0);
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
** Check database file zDb in a new connection; print "ok ..." or
** "FAIL: ..." on stdout.  Return 0 if it is good.
*/
static int stressCheckFile(const char *zDb, const char *zC, const char *zR,
                           const char *zF, int nRetire, int bReport){
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
    bad = stressCheck(db, 1, &C, &R, &F, zErr, nRetire, &nTxn);
    if( bad ){
      char *z;
      for(z=zErr; *z; z++) if( *z=='\n' ) *z = ' ';  /* One line each */
      printf("FAIL: %s\n", zErr);
    }else{
      printf("ok %lld transactions, %d reported committed\n", nTxn, C.n);
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
    if( stressCheck(db, 0, 0, 0, 0, zErr, o->nRetire, 0) ){
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
    usleep(STRESS_READER_PAUSE_US);
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
    nBad += stressCheckFile(az[0], az[1], az[2], az[3], o->nRetire, 0);
  }
  return nBad>0;
}

static void usage(void){
  fprintf(stderr,
    "usage: stress init|writer|reader|check|check-many [--db FILE]"
    " [--journal MODE] [--sync FULL|EXTRA] [--cleaner off|sync|thread|stock]"
    " [--first K] [--count N] [--seed S] [--cache N] [--queue N]"
    " [--big-rows N] [--retire N] [--ms N] [--committed L]"
    " [--rolledback L] [--inflight L] [--report inflight]\n");
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
    else usage();
  }
  if( o.nBigRows<2 || o.nRetire<1 ) usage();
  if( strcmp(zCmd, "check-many")==0 ) return stressCheckMany(&o);
  if( o.zDb==0 ) usage();
  if( strcmp(zCmd, "init")==0 ) return stressInit(&o);
  if( strcmp(zCmd, "writer")==0 ) return stressWriter(&o);
  if( strcmp(zCmd, "reader")==0 ) return stressReader(&o);
  if( strcmp(zCmd, "check")==0 ){
    return stressCheckFile(o.zDb, o.zCommitted, o.zRolledback, o.zInflight,
                           o.nRetire, o.bReport);
  }
  usage();
  return 2;
}
