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
** cmocka unit tests of ccServeCursor() (src/column-copy/column_copy_code.c),
** which decides whether a copy may serve a table cursor in a stretch of a
** program: it must fail closed.  An opcode that no SQL statement of this
** build codes (one numbered past the last opcode, as the next one an
** upstream release adds would be) must keep the copy away whichever of
** its operands names the cursor, and every opcode of this build must be
** classified, so that such a new opcode is noticed here.  The programs are
** made by hand: no SQL can put an unknown opcode in a loop.  The build's
** amalgamation is included whole to reach the static functions.
*/
#include "sqlite3.c"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#define CUR 3                       /* The table cursor of the tests */
#define N_OPCODE ((int)sizeof(sqlite3OpcodeProperty))

/* A program of up to 16 opcodes, in a Vdbe made by hand. */
typedef struct Prog Prog;
struct Prog {
  sqlite3 *db;
  Vdbe v;
  VdbeOp aOp[16];
  CCPlan plan;
  u8 aUsed[8];
};

static void progInit(Prog *p, u8 opStart){
  sqlite3 *db = p->db;
  memset(p, 0, sizeof(*p));
  p->db = db;
  p->v.db = db;
  p->v.aOp = p->aOp;
  p->v.eVdbeState = VDBE_INIT_STATE;
  p->plan.nCol = 8;
  p->plan.aUsed = p->aUsed;
  p->plan.opStart = opStart;
}

static int progAdd(Prog *p, int op, int p1, int p2, int p3){
  VdbeOp *pOp = &p->aOp[p->v.nOp];
  assert_true(p->v.nOp < 16);
  pOp->opcode = (u8)op;
  pOp->p1 = p1;
  pOp->p2 = p2;
  pOp->p3 = p3;
  return p->v.nOp++;
}

/*
** A full scan's loop, OP_ColumnCopyRewind at 0 and OP_ColumnCopyNext at
** the end, with opcode (op, p1, p2, p3) in its body after a column read:
** true if ccServeCursor() lets the copy serve cursor CUR there.  A
** refusal must leave the program as it was.
*/
static int serveWith(Prog *p, int op, int p1, int p2, int p3){
  int rc;
  progInit(p, OP_Rewind);
  progAdd(p, OP_ColumnCopyRewind, CUR, 5, 0);
  progAdd(p, OP_Column, CUR, 1, 10);
  progAdd(p, op, p1, p2, p3);
  progAdd(p, OP_ColumnCopyNext, CUR, 1, 0);
  rc = ccServeCursor(&p->v, &p->plan, CUR, 0, 1, p->v.nOp);
  if( rc==0 ){
    assert_int_equal(p->aOp[1].opcode, OP_Column);
    assert_int_equal(p->aUsed[1], 0);
  }else{
    assert_int_equal(p->aOp[1].opcode, OP_ColumnCopyColumn);
    assert_int_equal(p->aUsed[1], 1);
  }
  return rc;
}

static int setup(void **state){
  Prog *p = sqlite3_malloc(sizeof(Prog));
  if( p==0 ) return -1;
  memset(p, 0, sizeof(*p));
  if( sqlite3_open(":memory:", &p->db)!=SQLITE_OK ) return -1;
  *state = p;
  return 0;
}
static int teardown(void **state){
  Prog *p = (Prog*)*state;
  sqlite3_close(p->db);
  sqlite3_free(p);
  return 0;
}

/*
** Column and rowid reads of the cursor are served and rewritten; opcodes
** whose operands hold CUR as a register, a value or a jump, and reads of
** another cursor, change nothing.
*/
static void test_served(void **state){
  Prog *p = (Prog*)*state;
  progInit(p, OP_Rewind);
  progAdd(p, OP_ColumnCopyRewind, CUR, 9, 0);
  progAdd(p, OP_Column, CUR, 2, 10);
  progAdd(p, OP_Rowid, CUR, 11, 0);
  progAdd(p, OP_Integer, CUR, 12, 0);           /* The value 3 */
  progAdd(p, OP_Eq, 10, CUR, 12);               /* A jump to 3 */
  progAdd(p, OP_Copy, 10, CUR, 0);              /* Register 3 */
  progAdd(p, OP_Column, CUR+1, 0, 13);          /* Another cursor */
  progAdd(p, OP_NullRow, CUR, 0, 0);
  progAdd(p, OP_ColumnCopyNext, CUR, 1, 0);
  assert_true(ccServeCursor(&p->v, &p->plan, CUR, 0, 1, p->v.nOp));
  assert_int_equal(p->aOp[1].opcode, OP_ColumnCopyColumn);
  assert_int_equal(p->aOp[2].opcode, OP_ColumnCopyRowid);
  assert_int_equal(p->aOp[6].opcode, OP_Column);
  assert_int_equal(p->aUsed[2], 1);
  assert_int_equal(p->aUsed[0], 0);
}

/*
** Known opcodes that use the cursor other than by reading a column or the
** rowid keep the copy away, whichever operand names it (P2 of OpenDup and
** RowCell, P3 of DeferredSeek, SorterData and FilterInit).
*/
static void test_refused_known(void **state){
  Prog *p = (Prog*)*state;
  assert_false(serveWith(p, OP_Insert, CUR, 10, 11));
  assert_false(serveWith(p, OP_Delete, CUR, 0, 0));
  assert_false(serveWith(p, OP_SeekRowid, CUR, 4, 10));
  assert_false(serveWith(p, OP_NotExists, CUR, 4, 10));
  assert_false(serveWith(p, OP_RowData, CUR, 10, 0));
  assert_false(serveWith(p, OP_Offset, CUR, 0, 10));
  assert_false(serveWith(p, OP_IsType, CUR, 4, 1));
  assert_false(serveWith(p, OP_OpenAutoindex, CUR, 2, 0));
  assert_false(serveWith(p, OP_OpenDup, 7, CUR, 0));
  assert_false(serveWith(p, OP_RowCell, 7, CUR, 10));
  assert_false(serveWith(p, OP_DeferredSeek, 7, 0, CUR));
  assert_false(serveWith(p, OP_SorterData, 7, 10, CUR));
#ifdef LIPSQLITE_HAVE_LIP
  assert_false(serveWith(p, OP_FilterInit, 10, 4, CUR));
#endif
  /* The same opcodes on other cursors are no use of CUR */
  assert_true(serveWith(p, OP_Insert, CUR+1, 10, 11));
  assert_true(serveWith(p, OP_OpenDup, 7, CUR+1, 0));
  assert_true(serveWith(p, OP_SorterData, 7, 10, CUR+1));
#ifdef LIPSQLITE_HAVE_LIP
  assert_true(serveWith(p, OP_FilterInit, 10, 4, CUR+1));
#endif
}

/*
** An opcode this build does not have, numbered as the next one added
** would be: any of its P1, P2 and P3 that holds CUR keeps the copy away.
*/
static void test_refused_unknown(void **state){
  Prog *p = (Prog*)*state;
  int op = N_OPCODE;
  assert_true(op<=255);
  assert_int_equal(ccCursorOperands((u8)op), CC_CUR_ANY);
  assert_false(serveWith(p, op, CUR, 10, 11));
  assert_false(serveWith(p, op, 10, CUR, 11));
  assert_false(serveWith(p, op, 10, 11, CUR));
  assert_true(serveWith(p, op, 10, 11, 12));
  /* The last opcode number of all (255) too */
  assert_false(serveWith(p, 255, 0, 0, CUR));
}

/*
** Every opcode of this build is classified, so that one that an upstream
** release adds fails this test until it is; the opcodes served name
** their cursor in P1 only.
*/
static void test_every_opcode_classified(void **state){
  int op, nServed = 0;
  VdbeOp x;
  (void)state;
  memset(&x, 0, sizeof(x));
  for(op=0; op<N_OPCODE; op++){
    int m = ccCursorOperands((u8)op);
    if( m==CC_CUR_ANY ){
      print_message("opcode %d (%s) is not classified\n", op,
                    sqlite3OpcodeName(op));
    }
    assert_true(m!=CC_CUR_ANY);
    x.opcode = (u8)op;
    if( ccServedOp(&x) ){
      nServed++;
      assert_int_equal(m, CC_CUR_P1);
    }
  }
  assert_int_equal(nServed, 8);
}

/*
** A lookup through an index: the level's own OP_DeferredSeek (its P3 the
** table cursor) precedes the OP_ColumnCopyLookup and is no use of the
** cursor; a scan's is.
*/
static void test_deferred_seek(void **state){
  Prog *p = (Prog*)*state;
  progInit(p, OP_DeferredSeek);
  progAdd(p, OP_DeferredSeek, 7, 0, CUR);
  progAdd(p, OP_ColumnCopyLookup, CUR, 0, 0);
  progAdd(p, OP_Column, CUR, 1, 10);
  assert_true(ccServeCursor(&p->v, &p->plan, CUR, 1, 0, p->v.nOp));
  assert_int_equal(p->aOp[2].opcode, OP_ColumnCopyColumn);
  assert_false(serveWith(p, OP_DeferredSeek, 7, 0, CUR));
}

int main(void){
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_served, setup, teardown),
    cmocka_unit_test_setup_teardown(test_refused_known, setup, teardown),
    cmocka_unit_test_setup_teardown(test_refused_unknown, setup, teardown),
    cmocka_unit_test(test_every_opcode_classified),
    cmocka_unit_test_setup_teardown(test_deferred_seek, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
