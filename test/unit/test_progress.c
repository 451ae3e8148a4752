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
** cmocka unit tests of src/progress/progress.c: the fraction done of a running
** statement, sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS,
** 0), and of sqlite3BtreeCursorPosition(), which patch 0055 adds to btree.c.
** The build's amalgamation is included whole.
*/
#include "sqlite3.c"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#define NROW 20000
#define PROG(S) sqlite3_stmt_status((S), SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0)

/* A database with table t of NROW rows (a b-tree of several levels) and
** an index on t(b). */
static sqlite3 *openDb(void){
  sqlite3 *db = 0;
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  assert_int_equal(sqlite3_exec(db,
      "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT);"
      "WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM c"
      "  WHERE x<20000) INSERT INTO t SELECT x, printf('%08d', x) FROM c;"
      "CREATE INDEX tb ON t(b);", 0, 0, 0), SQLITE_OK);
  return db;
}

/*
** Step zSql to its end; at each row compare the fraction reported with
** the share of the NROW rows returned: within 2%, never going backwards
** by more than rounding.  Return the number of rows.
*/
static int checkScan(sqlite3 *db, const char *zSql){
  sqlite3_stmt *pStmt = 0;
  int nRow = 0, nLast = -1;
  assert_int_equal(sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0), SQLITE_OK);
  assert_int_equal(PROG(pStmt), -1);          /* Not running */
  while( sqlite3_step(pStmt)==SQLITE_ROW ){
    int n = PROG(pStmt);
    double rWant = (double)(nRow+1)/NROW;
    nRow++;
    assert_true(n>=0 && n<=1000000);
    if( n<(int)((rWant-0.02)*1e6) || n>(int)((rWant+0.02)*1e6) ){
      fail_msg("%s: row %d: %d ppm, expected about %.0f", zSql, nRow, n,
               rWant*1e6);
    }
    assert_true(n>=nLast);
    nLast = n;
  }
  assert_int_equal(PROG(pStmt), -1);          /* Halted */
  sqlite3_finalize(pStmt);
  return nRow;
}

/* A full scan of a table, forward and in reverse, and of an index. */
static void test_full_scans(void **state){
  sqlite3 *db = openDb();
  (void)state;
  assert_int_equal(checkScan(db, "SELECT a FROM t"), NROW);
  assert_int_equal(checkScan(db, "SELECT a FROM t ORDER BY a DESC"), NROW);
  assert_int_equal(checkScan(db, "SELECT b FROM t ORDER BY b"), NROW);
  assert_int_equal(checkScan(db, "SELECT b FROM t ORDER BY b DESC"), NROW);
  assert_int_equal(checkScan(db, "SELECT a FROM t WHERE b LIKE '%'"), NROW);
  sqlite3_close(db);
}

/* A loop positioned by the WHERE clause is not a candidate: -1. */
static void test_not_a_scan(void **state){
  sqlite3 *db = openDb();
  sqlite3_stmt *pStmt = 0;
  (void)state;
  assert_int_equal(sqlite3_prepare_v2(db,
      "SELECT b FROM t WHERE a BETWEEN 100 AND 200", -1, &pStmt, 0), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  assert_int_equal(PROG(pStmt), -1);
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
}

/* Once the outermost loop has ended (a sorter returns the rows), the
** statement reports 1000000; the stock counters still work. */
static void test_after_the_loop(void **state){
  sqlite3 *db = openDb();
  sqlite3_stmt *pStmt = 0;
  (void)state;
  assert_int_equal(sqlite3_prepare_v2(db,
      "SELECT a FROM t ORDER BY substr(b,8)", -1, &pStmt, 0), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  assert_int_equal(PROG(pStmt), 1000000);
  assert_int_equal(sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_SORT, 0), 1);
  assert_true(sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0)
              >= NROW-1);
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
}

/* Values seen by a progress handler during one sqlite3_step() */
static int aSeen[4096];
static int nSeen;
static sqlite3_stmt *pSeenStmt;
static int progressCb(void *p){
  (void)p;
  if( nSeen<4096 ) aSeen[nSeen++] = PROG(pSeenStmt);
  return 0;
}

/* From the progress handler, during an aggregate that returns one row at
** the end: the fraction rises through the scan, ends near 1000000.  An
** aggregate over a subquery reports the subquery's scan (a co-routine). */
static void test_from_progress_handler(void **state){
  static const char *azSql[] = {
    "SELECT count(*), sum(length(b)) FROM t WHERE b LIKE '%1%'",
    "SELECT count(*) FROM (SELECT b FROM t WHERE b LIKE '%1%' LIMIT 1000000)",
    "SELECT max(b) FROM t GROUP BY a%7",
  };
  sqlite3 *db = openDb();
  int k, i;
  (void)state;
  for(k=0; k<(int)(sizeof(azSql)/sizeof(azSql[0])); k++){
    int nMax = -1;
    assert_int_equal(sqlite3_prepare_v2(db, azSql[k], -1, &pSeenStmt, 0),
                     SQLITE_OK);
    nSeen = 0;
    sqlite3_progress_handler(db, 100, progressCb, 0);
    assert_int_equal(sqlite3_step(pSeenStmt), SQLITE_ROW);
    sqlite3_progress_handler(db, 0, 0, 0);
    assert_true(nSeen>50);
    for(i=0; i<nSeen; i++){
      assert_true(aSeen[i]>=-1 && aSeen[i]<=1000000);
      if( aSeen[i]>=0 ){
        assert_true(aSeen[i]>=nMax);
        nMax = aSeen[i];
      }
    }
    if( nMax<900000 ) fail_msg("%s: largest fraction %d", azSql[k], nMax);
    /* Somewhere in the middle, the fraction was in the middle */
    if( aSeen[nSeen/2]<200000 || aSeen[nSeen/2]>800000 ){
      fail_msg("%s: at half the callbacks: %d", azSql[k], aSeen[nSeen/2]);
    }
    sqlite3_finalize(pSeenStmt);
  }
  sqlite3_close(db);
}

/*
** Written between two steps, the scanned table saves the position of the
** scan's cursor: not known (-1), not the fraction of another candidate.
** The next step restores it and the fraction goes on.
*/
static void test_table_written(void **state){
  sqlite3 *db = openDb();
  sqlite3_stmt *pStmt = 0;
  int i, n;
  (void)state;
  assert_int_equal(sqlite3_prepare_v2(db, "SELECT a FROM t", -1, &pStmt, 0),
                   SQLITE_OK);
  for(i=0; i<NROW/2; i++){
    assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  }
  n = PROG(pStmt);
  assert_true(n>=480000 && n<=520000);
  assert_int_equal(sqlite3_exec(db, "UPDATE t SET b='x' WHERE a=1", 0, 0, 0),
                   SQLITE_OK);
  assert_int_equal(PROG(pStmt), -1);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  assert_true(PROG(pStmt)>=n);
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
}

/*
** A database in shared-cache mode, asked between two steps, when the
** statement does not hold the b-tree's mutex: it takes it.
*/
static void test_shared_cache(void **state){
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  int i, n;
  (void)state;
  assert_int_equal(sqlite3_open_v2("file:progress_shared?mode=memory", &db,
      SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE|SQLITE_OPEN_URI
      |SQLITE_OPEN_SHAREDCACHE, 0), SQLITE_OK);
  assert_int_equal(sqlite3_exec(db,
      "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT);"
      "WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM c"
      "  WHERE x<20000) INSERT INTO t SELECT x, printf('%08d', x) FROM c;",
      0, 0, 0), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(db, "SELECT a FROM t", -1, &pStmt, 0),
                   SQLITE_OK);
  for(i=0; i<NROW/4; i++){
    assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  }
  n = PROG(pStmt);
  assert_true(n>=230000 && n<=270000);
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
}

/*
** sqlite3BtreeCursorPosition() on a cursor of table t: not positioned
** when opened, each entry's share of the b-tree through a whole scan
** (before it, or up to and including it with bAfter), past the end.
*/
static void test_btree_position(void **state){
  sqlite3 *db = openDb();
  sqlite3_stmt *pStmt = 0;
  Btree *pBt;
  BtCursor *pCur;
  Pgno iRoot;
  double r = -1.0, rBefore = -1.0, rLast = 0.0;
  int res = 0, rc, nRow = 0;
  (void)state;
  assert_int_equal(sqlite3_prepare_v2(db,
      "SELECT rootpage FROM sqlite_schema WHERE name='t'", -1, &pStmt, 0),
      SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  iRoot = (Pgno)sqlite3_column_int(pStmt, 0);
  sqlite3_finalize(pStmt);
  pCur = (BtCursor*)sqlite3MallocZero(sqlite3BtreeCursorSize());
  assert_non_null(pCur);
  sqlite3_mutex_enter(db->mutex);
  pBt = db->aDb[0].pBt;
  sqlite3BtreeEnter(pBt);
  assert_int_equal(sqlite3BtreeBeginTrans(pBt, 0, 0), SQLITE_OK);
  assert_int_equal(sqlite3BtreeCursor(pBt, iRoot, 0, 0, pCur), SQLITE_OK);
  assert_int_equal(sqlite3BtreeCursorPosition(pCur, 1, &r), BTREE_POS_UNSET);
  assert_int_equal(sqlite3BtreeFirst(pCur, &res), SQLITE_OK);
  assert_int_equal(res, 0);
  do{
    nRow++;
    assert_int_equal(sqlite3BtreeCursorPosition(pCur, 0, &rBefore),
                     BTREE_POS_ENTRY);
    assert_int_equal(sqlite3BtreeCursorPosition(pCur, 1, &r),
                     BTREE_POS_ENTRY);
    assert_true(rBefore>=0.0 && rBefore<r && r<=1.0);
    assert_true(rBefore>=rLast-1e-9);
    if( r<(double)nRow/NROW-0.02 || r>(double)nRow/NROW+0.02 ){
      fail_msg("row %d: position %f", nRow, r);
    }
    rLast = r;
    rc = sqlite3BtreeNext(pCur, 0);
  }while( rc==SQLITE_OK );
  assert_int_equal(rc, SQLITE_DONE);
  assert_int_equal(nRow, NROW);
  assert_true(rLast>0.999999);
  assert_int_equal(sqlite3BtreeCursorPosition(pCur, 1, &r), BTREE_POS_EOF);
  sqlite3BtreeCloseCursor(pCur);
  sqlite3_free(pCur);
  assert_int_equal(sqlite3BtreeCommit(pBt), SQLITE_OK);
  sqlite3BtreeLeave(pBt);
  sqlite3_mutex_leave(db->mutex);
  sqlite3_close(db);
}

/* A NULL statement is not a crash. */
static void test_null(void **state){
  (void)state;
#ifdef SQLITE_ENABLE_API_ARMOR
  assert_int_equal(PROG(0), -1);
#endif
  assert_true(1);
}

int main(void){
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_full_scans),
    cmocka_unit_test(test_not_a_scan),
    cmocka_unit_test(test_after_the_loop),
    cmocka_unit_test(test_from_progress_handler),
    cmocka_unit_test(test_table_written),
    cmocka_unit_test(test_shared_cache),
    cmocka_unit_test(test_btree_position),
    cmocka_unit_test(test_null),
  };
  return cmocka_run_group_tests(tests, 0, 0);
}
