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
** Subquery amortization: an automatic index built once for all runs of a
** correlated subquery.
**
** A correlated subquery runs once for every row of the outer query that
** reaches it.  Inside it, the query planner weighs an automatic index (a
** transient index built from a full scan and a sort, about 7*N*log2(N)) as
** if the subquery ran at most 28 times (wherePathSolver() seeds its paths
** with at most that many iterations), so a full scan of the table for every
** run usually wins, and the subquery costs N rows times the outer rows.
** Yet constructAutomaticIndex() guards the build with OP_Once, whose flag
** belongs to the statement: the index built at the first run serves every
** later run of the subquery in the same execution of the statement.
**
** With PRAGMA subquery_amortize on, the planner divides the setup cost of
** such an index by the number of times the subquery is estimated to run,
** so that it builds the index where doing so once pays for the runs:
**
**   *  The estimate.  Parse.nAmortizeLoop holds the estimated number of
**      times (as a LogEst) that the code being generated runs.  Each WHERE
**      loop saves it when it starts planning and restores it when it ends.
**      The WHERE clause of a correlated SELECT (and an OR-clause loop)
**      runs as often as the code that holds it; any other WHERE clause
**      (the top-level query, a subquery run once behind OP_Once, a
**      materialized view) runs once.  While the loops of a WHERE are
**      coded, the code of loop I (its terms, and so the subqueries in
**      them) runs as often as the WHERE times the rows of loops 0..I; the
**      body of the innermost loop (the select list, ORDER BY keys) as
**      often as the WHERE times its output rows.
**
**   *  The rule (sqlite3AmortizeAutoIndex() and sqlite3AmortizeReview()).
**      When an automatic index is weighed for a table of a correlated
**      subquery whose estimated runs exceed what the solver assumes, and
**      upstream's planner would scan the table instead, the index's setup
**      cost is divided by the ratio, and the loop is marked
**      WHERE_AMORTIZED.  Only where it is safe and keeps stock's results:
**        - the statement writes no table (not INSERT, UPDATE, DELETE, a
**          CREATE TABLE AS, nor a trigger program): an index built at the
**          first run must hold what every later run would read;
**        - the subquery reads one table, an ordinary rowid table, with no
**          index on any column the subquery uses: without the feature it
**          is scanned in rowid order, so the planner's choice is between
**          that scan and the automatic index, nothing else;
**        - upstream's costs would choose the scan: where they choose an
**          automatic index anyway, it is upstream's index, unchanged;
**        - no term refers to an outer aggregate, and no equality converts
**          the column's values (amortizeTermsOk(): upstream's answers
**          depend on the plan there);
**        - the amortized index keeps rowid order (constructAutomaticIndex()
**          puts the rowid right after the key columns): the rows of one
**          key come out in the order the full scan finds them, so sums of
**          reals, group_concat(), the first row of a scalar subquery and
**          ORDER BY ties are exactly what the scan gives.
**      The index's partial-index terms are upstream's: terms of the table
**      alone and constants, which do not change between runs.
**
**   *  The build.  An automatic index may be built from a large table
**      (an amortized one, or one of a join): with the PRAGMA on, its
**      records go through a sorter and are appended to the index in order
**      (sqlite3AmortizeSorterOpen() and its two companions), as CREATE
**      INDEX builds an index, instead of one b-tree search each.
**
**   *  EXPLAIN QUERY PLAN appends "BUILT ONCE FOR ALL RUNS" to the SEARCH
**      line of an amortized automatic index.
**
**   *  PRAGMA subquery_amortize (on by default, SUBQUERY_AMORTIZE_DEFAULT
**      in PRAGMA compile_options).
*/
#include "sqliteInt.h"
#include "whereInt.h"

/*
** wherePathSolver() runs the paths of a WHERE clause at most this many
** times (LogEst 48, 28 runs): pParse->nQueryLoop capped.  Setup costs are
** weighed against that many runs of the loops.
*/
#define AMORTIZE_SOLVER_RUNS 48

/*
** wherePathSolver() uses no automatic index in a loop that runs fewer
** times than this (LogEst 3, 1.25 runs).
*/
#define AMORTIZE_AUTOINDEX_MIN_RUNS 3

/*
** A cost above any a loop can have: the largest LogEst.
*/
#define AMORTIZE_COST_NONE 0x7fff

/*
** OP_IsType's P5 bit for a blob: 1<<(SQLITE_BLOB-1).
*/
#define AMORTIZE_TYPE_BLOB 0x08

/*
** Return true if the WHERE clause of SELECT p runs again for every run of
** the code that holds it: p is a correlated subquery, or an arm of one.
** SF_Correlated is set on the last SELECT of a compound (resolve.c).
*/
static int amortizeIsCorrelated(const Select *p){
  if( p==0 ) return 0;
  while( p->pNext ) p = p->pNext;
  return (p->selFlags & SF_Correlated)!=0;
}

/*
** Return the estimated runs of the WHERE clause of pWInfo, given that the
** code holding it runs nOuter times (LogEst): as often for a correlated
** subquery and for the OR-clause loops of a WHERE clause, once otherwise.
*/
static LogEst amortizeWhereRuns(const WhereInfo *pWInfo, LogEst nOuter){
  if( amortizeIsCorrelated(pWInfo->pSelect)
   || (pWInfo->wctrlFlags & WHERE_OR_SUBCLAUSE)!=0
  ){
    return nOuter;
  }
  return 0;
}

/*
** Called when a WHERE loop starts planning, before any WhereLoop is made.
** Save the estimated runs of the code that holds the WHERE clause and set
** them to the runs of the WHERE clause itself: the same for a correlated
** subquery, one (LogEst 0) for anything else.
*/
void sqlite3AmortizeBegin(WhereInfo *pWInfo){
  Parse *pParse = pWInfo->pParse;
  pWInfo->savedAmortizeLoop = pParse->nAmortizeLoop;
  pParse->nAmortizeLoop = amortizeWhereRuns(pWInfo, pParse->nAmortizeLoop);
  pWInfo->pAmortizeOuter = pParse->pAmortizeWInfo;
  pParse->pAmortizeWInfo = pWInfo;
}

/*
** Called while the loops of pWInfo are coded: before loop iLevel is coded
** (iLevel>=0), and once all of them are (iLevel<0), before the body.  Set
** the estimated runs of the code that follows: the runs of the WHERE
** clause times the rows of loops 0..iLevel, or times the output rows.
*/
void sqlite3AmortizeLevel(WhereInfo *pWInfo, int iLevel){
  Parse *pParse = pWInfo->pParse;
  LogEst nRun = amortizeWhereRuns(pWInfo, pWInfo->savedAmortizeLoop);
  int i;
  assert( iLevel<pWInfo->nLevel );
  if( iLevel<0 ){
    nRun += pWInfo->nRowOut;
  }else{
    for(i=0; i<=iLevel; i++){
      const WhereLoop *pLoop = pWInfo->a[i].pWLoop;
      if( ALWAYS(pLoop) && pLoop->nOut>0 ) nRun += pLoop->nOut;
    }
    /* The Bloom filters built so far, before the loop that checks them
    ** clears WhereLevel.regFilter (filterPullDown()). */
    for(i=iLevel; i<pWInfo->nLevel; i++){
      WhereLevel *pLevel = &pWInfo->a[i];
      if( pLevel->amortize.regFilter==0 ){
        pLevel->amortize.regFilter = pLevel->regFilter;
      }
    }
  }
  pParse->nAmortizeLoop = nRun>0 ? nRun : 0;
}

/*
** Called when a WHERE loop ends (or fails to begin): restore the
** estimated runs of the code that holds it.
*/
void sqlite3AmortizeEnd(WhereInfo *pWInfo){
  Parse *pParse = pWInfo->pParse;
  pParse->nAmortizeLoop = pWInfo->savedAmortizeLoop;
  if( pParse->pAmortizeWInfo==pWInfo ){
    pParse->pAmortizeWInfo = pWInfo->pAmortizeOuter;
  }
}

/*
** Return true if the statement being coded may change no table while it
** runs: it is not a trigger program, nor nested, and it has begun no write
** transaction.  INSERT, UPDATE, DELETE and CREATE TABLE AS begin theirs
** before they code the SELECTs and expressions that hold subqueries.
*/
static int amortizeReadOnly(Parse *pParse){
  return pParse->pToplevel==0
      && pParse->nested==0
      && DbMaskAllZero(pParse->writeMask);
}

/*
** Return true if table pSrc of a one-table subquery would be read by a
** full scan in rowid order without an automatic index: an ordinary rowid
** table none of whose indexes has a key column the subquery uses (so none
** can serve a term, an ORDER BY or a covering scan), nor an expression.
*/
static int amortizeRowidScan(const SrcItem *pSrc){
  const Table *pTab = pSrc->pSTab;
  const Index *pIdx;
  if( !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) return 0;
  if( (pTab->tabFlags & TF_Ephemeral)!=0 ) return 0;
  for(pIdx=pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    int i;
    for(i=0; i<pIdx->nKeyCol; i++){
      int iCol = pIdx->aiColumn[i];
      if( iCol==XN_EXPR ) return 0;
      if( iCol>=0 && (pSrc->colUsed & MASKBIT(MIN(iCol, BMS-1)))!=0 ){
        return 0;
      }
    }
  }
  return 1;
}

/*
** Walker callback: note a value of an outer aggregate query that is read
** from the aggregate's own registers: an aggregate's result, or a GROUP BY
** column while the aggregate is not in direct mode (its output phase,
** where HAVING and the result row are coded).  In direct mode (the loop
** that feeds the aggregate) a column is read from its table or sorter
** into a register of its own.
*/
static int amortizeAggRef(Walker *pWalker, Expr *pExpr){
  if( pExpr->op==TK_AGG_FUNCTION
   || (pExpr->op==TK_AGG_COLUMN
       && (pExpr->pAggInfo==0 || pExpr->pAggInfo->directMode==0))
  ){
    pWalker->eCode = 1;
    return WRC_Abort;
  }
  return WRC_Continue;
}

/*
** Return true if no term of WHERE clause pWC stands in the way of an
** amortized index on table pSrc.  Two kinds do, where upstream's answers
** depend on the plan and the index would change them:
**
**   *  A term that refers to a GROUP BY column or an aggregate of an outer
**      query held in the aggregate's own register (amortizeAggRef()).  An
**      index search applies the key's affinity to that register in place,
**      and the rest of the outer row then sees the converted value
**      (upstream does the same with an ordinary index).
**
**   *  An equality (= or IS) on a column of pSrc whose comparison converts
**      the column's values (a column without affinity compared with a
**      REAL).  Several distinct values then satisfy the term, yet upstream
**      counts the column as fixed by it, for ORDER BY and for min()/max(),
**      and answers from the scan's first row.
*/
static int amortizeTermsOk(WhereClause *pWC, const SrcItem *pSrc){
  const Table *pTab = pSrc->pSTab;
  int i;
  for(i=0; i<pWC->nTerm; i++){
    WhereTerm *pTerm = &pWC->a[i];
    Walker w;
    memset(&w, 0, sizeof(w));
    w.xExprCallback = amortizeAggRef;
    w.xSelectCallback = sqlite3SelectWalkNoop;
    sqlite3WalkExpr(&w, pTerm->pExpr);
    if( w.eCode ) return 0;
    if( (pTerm->eOperator & (WO_EQ|WO_IS))!=0
     && pTerm->leftCursor==pSrc->iCursor
     && pTerm->u.x.leftColumn>=0
     && pTerm->u.x.leftColumn<pTab->nCol
     && !sqlite3IndexAffinityOk(pTerm->pExpr,
                                pTab->aCol[pTerm->u.x.leftColumn].affinity)
    ){
      return 0;
    }
  }
  return 1;
}

/*
** Called by whereLoopAddBtree() for each automatic-index WhereLoop pNew it
** weighs for table pSrc, before the loop is inserted.  If the feature is on
** and the rules in the header of this file hold, mark the loop
** WHERE_AMORTIZED: a candidate whose setup cost sqlite3AmortizeReview()
** may divide once every loop of the WHERE clause is known.  The costs stay
** upstream's here, so that whereLoopInsert() keeps and drops the loops it
** would keep and drop without the feature.
*/
void sqlite3AmortizeAutoIndex(
  WhereLoopBuilder *pBuilder,     /* The WHERE clause being planned */
  SrcItem *pSrc,                  /* The table the index would be on */
  WhereLoop *pNew                 /* Its automatic-index loop */
){
  WhereInfo *pWInfo = pBuilder->pWInfo;
  Parse *pParse = pWInfo->pParse;
  assert( pNew->wsFlags & WHERE_AUTO_INDEX );
  if( pParse->db->fork.amortize.bOn==0 ) return;
  if( pParse->nAmortizeLoop<=MIN(pParse->nQueryLoop, AMORTIZE_SOLVER_RUNS) ){
    return;
  }
  if( !amortizeIsCorrelated(pWInfo->pSelect) ) return;
  if( pWInfo->pTabList->nSrc!=1 ) return;
  if( !amortizeReadOnly(pParse) ) return;
  if( !amortizeRowidScan(pSrc) ) return;
  if( !amortizeTermsOk(pBuilder->pWC, pSrc) ) return;
  pNew->wsFlags |= WHERE_AMORTIZED;
}

/*
** The cost the solver gives a one-loop path through pLoop when the WHERE
** clause runs nRun times (LogEst), before any sort: as wherePathSolver()
** adds it up.
*/
static LogEst amortizePathCost(const WhereLoop *pLoop, LogEst nRun){
  LogEst rCost = pLoop->rRun + nRun;
  if( pLoop->rSetup ) rCost = sqlite3LogEstAdd(pLoop->rSetup, rCost);
  return rCost;
}

/*
** Called by sqlite3WhereBegin() once every WhereLoop of pWInfo is known,
** before the solver runs.  Decide for the candidates that
** sqlite3AmortizeAutoIndex() marked:
**
**   *  If upstream's planner would choose an automatic index anyway (one
**      is no dearer than every other loop at upstream's costs), or would
**      never use one here (fewer than 3 runs: the solver skips automatic
**      indexes then), or another loop reads the table in an order other
**      than rowid order (the OR optimization), clear the marks: the plan,
**      the index and the rows are upstream's.
**
**   *  Otherwise divide each candidate's setup cost by the ratio of the
**      estimated runs of the WHERE clause to the runs the solver weighs it
**      against (at least 1 remains, so that the index never dominates the
**      full scan in whereLoopInsert()'s sense).  If the solver then takes
**      the index, it replaces a scan in rowid order, and the index keeps
**      rowid order within a key: the rows are the scan's, in its order.
**      An ORDER BY changes neither conclusion: an automatic index never
**      delivers rows in ORDER BY order at planning time, so its sort costs
**      at least what any other loop's does.
*/
void sqlite3AmortizeReview(WhereInfo *pWInfo){
  Parse *pParse = pWInfo->pParse;
  LogEst nSolver = MIN(pParse->nQueryLoop, AMORTIZE_SOLVER_RUNS);
  LogEst nRun = pParse->nAmortizeLoop;
  LogEst rAuto = AMORTIZE_COST_NONE;   /* Cheapest automatic index */
  LogEst rOther = AMORTIZE_COST_NONE;  /* Cheapest other loop */
  int bKeep = 1;                       /* False to clear the marks */
  WhereLoop *p;

  for(p=pWInfo->pLoops; p; p=p->pNextLoop){
    if( p->wsFlags & WHERE_AMORTIZED ) break;
  }
  if( p==0 ) return;
  assert( pWInfo->pTabList->nSrc==1 );
  for(p=pWInfo->pLoops; p; p=p->pNextLoop){
    LogEst rCost = amortizePathCost(p, nSolver);
    if( p->wsFlags & WHERE_AUTO_INDEX ){
      if( rCost<rAuto ) rAuto = rCost;
    }else{
      if( rCost<rOther ) rOther = rCost;
      if( p->wsFlags & WHERE_MULTI_OR ) bKeep = 0;
    }
  }
  testcase( rAuto==rOther );
  if( rAuto<=rOther || nSolver<AMORTIZE_AUTOINDEX_MIN_RUNS || nRun<=nSolver ){
    bKeep = 0;
  }
  for(p=pWInfo->pLoops; p; p=p->pNextLoop){
    if( (p->wsFlags & WHERE_AMORTIZED)==0 ) continue;
    if( bKeep ){
      p->rSetup -= nRun - nSolver;
      if( p->rSetup<1 ) p->rSetup = 1;
    }else{
      p->wsFlags &= ~WHERE_AMORTIZED;
    }
  }
}

/*
** A Bloom filter built from the values of an IN operator (amortizeInFilter())
** has one byte per value the IN's right-hand side is estimated to hold, and
** no fewer than AMORTIZE_IN_FILTER_MIN nor more than AMORTIZE_IN_FILTER_MAX
** bytes: the bounds upstream puts on a Bloom filter.
*/
#define AMORTIZE_IN_FILTER_MIN 10000
#define AMORTIZE_IN_FILTER_MAX 10000000

/*
** Loop pOuter of an enclosing WHERE clause iterates over the values of an
** IN operator on column pCol of its table ("o.c IN (...)", its first
** equality), and has no Bloom filter.  If those values are in an ephemeral
** table that the loop's own cursor reads (upstream's IN_INDEX_EPH: the
** cursor is the one the IN expression was coded into), code a Bloom filter
** of them into a new register, built now from a second cursor on that
** table, and return the register.  Return 0 if there is no such table.
**
** The code runs where the index is filled, inside the body of loop pOuter,
** so the table is complete: the IN's right-hand side was computed before
** the loop began.  If the cursor is not open even so, the register is left
** NULL, which sqlite3AmortizeSorterOpen() takes as no filter.
*/
static int amortizeInFilter(
  Parse *pParse,                  /* The parsing context */
  WhereLevel *pOuter,             /* The outer loop */
  Table *pTab,                    /* Its table */
  Expr *pCol                      /* The column of pTab */
){
  Vdbe *v = pParse->pVdbe;
  WhereLoop *pOL = pOuter->pWLoop;
  WhereTerm *pTerm;
  Expr *pX;
  i64 nByte;
  int reg, regVal, iDup, addrOpen, addrEmpty, addrLoop;
  if( (pOL->wsFlags & WHERE_IN_ABLE)==0 ) return 0;
  if( pOL->wsFlags & (WHERE_MULTI_OR|WHERE_VIRTUALTABLE) ) return 0;
  if( (pOL->wsFlags & (WHERE_IPK|WHERE_INDEXED))==0 ) return 0;
  /* No multi-index OR: WhereLevel.u is u.in */
  if( pOL->nLTerm<1 || pOuter->u.in.nIn<1 ) return 0;
  pTerm = pOL->aLTerm[0];
  if( pTerm==0 || (pTerm->eOperator & WO_IN)==0 ) return 0;
  pX = pTerm->pExpr;
  if( pX->op!=TK_IN || sqlite3ExprVectorSize(pX->pLeft)!=1 ) return 0;
  if( !ExprHasProperty(pX, EP_Subrtn) || ExprHasProperty(pX, EP_VarSelect) ){
    return 0;
  }
  if( pOuter->u.in.aInLoop[0].iCur!=pX->iTable ) return 0;
  if( pOL->wsFlags & WHERE_IPK ){
    if( pCol->iColumn>=0 && pCol->iColumn!=pTab->iPKey ) return 0;
  }else if( pCol->iColumn<0
         || pOL->u.btree.pIndex->aiColumn[0]!=pCol->iColumn ){
    return 0;
  }
  if( ExprUseXSelect(pX) ){
    nByte = sqlite3LogEstToInt(pX->x.pSelect->nSelectRow);
  }else{
    nByte = pX->x.pList->nExpr;
  }
  if( nByte<AMORTIZE_IN_FILTER_MIN ) nByte = AMORTIZE_IN_FILTER_MIN;
  if( nByte>AMORTIZE_IN_FILTER_MAX ) nByte = AMORTIZE_IN_FILTER_MAX;
  reg = ++pParse->nMem;
  regVal = ++pParse->nMem;
  iDup = pParse->nTab++;
  sqlite3VdbeAddOp2(v, OP_Null, 0, reg);
  addrOpen = sqlite3VdbeAddOp1(v, OP_IfNotOpen, pX->iTable);
  VdbeCoverageNeverTaken(v);
  sqlite3VdbeAddOp2(v, OP_Blob, (int)nByte, reg);
  VdbeComment((v, "Bloom filter of the IN operator's values"));
  sqlite3VdbeAddOp2(v, OP_OpenDup, iDup, pX->iTable);
  addrEmpty = sqlite3VdbeAddOp1(v, OP_Rewind, iDup); VdbeCoverage(v);
  addrLoop = sqlite3VdbeAddOp3(v, OP_Column, iDup, 0, regVal);
  sqlite3VdbeAddOp4Int(v, OP_FilterAdd, reg, 0, regVal, 1);
  sqlite3VdbeAddOp2(v, OP_Next, iDup, addrLoop); VdbeCoverage(v);
  sqlite3VdbeJumpHere(v, addrEmpty);
  sqlite3VdbeAddOp1(v, OP_Close, iDup);
  sqlite3VdbeJumpHere(v, addrOpen);
  return reg;
}

/*
** Return the register of a Bloom filter that holds the values the outer
** expression of the first equality of amortized loop pLevel can take, or 0
** if there is none.  Code may be added to build the filter.
**
** The equality is "t.k = o.c" for a column o.c of a table of an enclosing
** WHERE clause that is being coded, and the filter is either
**
**   *  the Bloom filter upstream gave to o's loop, of exactly that column
**      (the rowid of a rowid lookup, or the one key column of an index):
**      each row of o that reaches the subquery passed that loop's check,
**      so its o.c is usually in the filter; or
**
**   *  one built from the values of the IN operator that o's loop iterates
**      over for that column (amortizeInFilter()).
**
** Usually is enough: the filter only chooses which rows the index holds,
** and sqlite3AmortizeProbe() checks every run's value.
*/
static int amortizeOuterFilter(Parse *pParse, WhereLevel *pLevel, Index *pIdx){
  WhereLoop *pLoop = pLevel->pWLoop;
  WhereInfo *pW;
  WhereTerm *pTerm;
  Expr *pRight;
  if( pLoop->u.btree.nEq<1 || pLoop->aLTerm[0]==0 ) return 0;
  pTerm = pLoop->aLTerm[0];
  if( (pTerm->eOperator & WO_EQ)==0 ) return 0;
  /* Keys equal under BINARY are equal bytes or equal numbers, which hash
  ** alike under any text mode of the filter (sqlite3ForkHashValue()) */
  if( sqlite3StrICmp(pIdx->azColl[0], sqlite3StrBINARY)!=0 ) return 0;
  pRight = sqlite3ExprSkipCollateAndLikely(pTerm->pExpr->pRight);
  if( pRight==0 || pRight->op!=TK_COLUMN ) return 0;
  if( NEVER(pParse->pAmortizeWInfo==0) ) return 0;
  for(pW=pParse->pAmortizeWInfo->pAmortizeOuter; pW; pW=pW->pAmortizeOuter){
    int i;
    for(i=0; i<pW->nLevel; i++){
      WhereLevel *pOuter = &pW->a[i];
      WhereLoop *pOL = pOuter->pWLoop;
      Table *pTab;
      if( pOuter->iTabCur!=pRight->iTable ) continue;
      /* Only the filter of a WHERE clause that runs once per statement,
      ** as the index is built once: not that of a correlated subquery,
      ** which may hold other keys at each run */
      if( amortizeIsCorrelated(pW->pSelect) || pOL==0 ) return 0;
      pTab = pW->pTabList->a[pOuter->iFrom].pSTab;
      if( pOuter->amortize.regFilter==0 ){
        return amortizeInFilter(pParse, pOuter, pTab, pRight);
      }
      if( pOL->wsFlags & WHERE_IPK ){
        if( pRight->iColumn<0 || pRight->iColumn==pTab->iPKey ){
          return pOuter->amortize.regFilter;
        }
      }else if( (pOL->wsFlags & WHERE_INDEXED)!=0
             && pOL->u.btree.nEq==1
             && pOL->u.btree.pIndex->aiColumn[0]==pRight->iColumn
             && pRight->iColumn>=0
      ){
        return pOuter->amortize.regFilter;
      }
      return 0;
    }
  }
  return 0;
}

/*
** OP_AmortizeSeen's set of integers starts with this many slots, doubles
** while it is more than half full, and grows no further than
** AMORTIZE_SEEN_MAX slots (8 MiB): past half of that, keys it has not
** seen are no longer added, and their rows go to the index as before.
** Both are powers of two.
*/
#define AMORTIZE_SEEN_MIN 64
#define AMORTIZE_SEEN_MAX (1<<20)

/*
** A free slot of the set.  The one integer it cannot hold is never added.
*/
#define AMORTIZE_SEEN_FREE SMALLEST_INT64

/*
** The hash of an integer key is the top bits of its product with this odd
** constant (2^64 divided by the golden ratio).
*/
#define AMORTIZE_SEEN_MUL ((((u64)0x9e3779b9)<<32) | 0x7f4a7c15)

/*
** A set of integers, held in a register by OP_AmortizeSeen: open
** addressing with linear probing over nSlot slots, allocated with the
** structure.
*/
typedef struct AmortizeSeenSet AmortizeSeenSet;
struct AmortizeSeenSet {
  u64 nSlot;                /* Number of slots, a power of two */
  u64 nUsed;                /* Slots that hold a key */
  int nShift;               /* 64 - log2(nSlot) */
  i64 *aSlot;               /* The slots, AMORTIZE_SEEN_FREE if free */
};

/*
** Destructor of a set held in a register.
*/
static void amortizeSeenDelete(void *p){
  sqlite3_free(p);
}

/*
** Return the set held in register pReg, or NULL if it holds anything else.
*/
static AmortizeSeenSet *amortizeSeenOf(Mem *pReg){
  if( (pReg->flags & MEM_Dyn)!=0 && pReg->xDel==amortizeSeenDelete ){
    return (AmortizeSeenSet*)pReg->z;
  }
  return 0;
}

/*
** Add iKey, which pSet does not hold, to pSet, which has a free slot.
*/
static void amortizeSeenPut(AmortizeSeenSet *pSet, i64 iKey){
  u64 mSlot = pSet->nSlot - 1;
  u64 i = ((u64)iKey * AMORTIZE_SEEN_MUL) >> pSet->nShift;
  assert( iKey!=AMORTIZE_SEEN_FREE );
  assert( pSet->nUsed<pSet->nSlot );
  while( pSet->aSlot[i]!=AMORTIZE_SEEN_FREE ){
    assert( pSet->aSlot[i]!=iKey );
    i = (i+1) & mSlot;
  }
  pSet->aSlot[i] = iKey;
  pSet->nUsed++;
}

/*
** Make register pReg hold a new set of nSlot slots with the keys of pOld
** (if not NULL), and free pOld, which pReg held.  Return the new set, or
** NULL if memory runs out, in which case pReg is unchanged.
*/
static AmortizeSeenSet *amortizeSeenNew(
  Mem *pReg,
  AmortizeSeenSet *pOld,
  u64 nSlot
){
  AmortizeSeenSet *pNew;
  u64 i;
  assert( nSlot>=AMORTIZE_SEEN_MIN && nSlot<=AMORTIZE_SEEN_MAX );
  assert( (nSlot & (nSlot-1))==0 );
  assert( pOld==0 || pOld->nUsed<nSlot/2 );
  pNew = (AmortizeSeenSet*)sqlite3_malloc64(sizeof(*pNew)+nSlot*sizeof(i64));
  if( pNew==0 ) return 0;
  pNew->nSlot = nSlot;
  pNew->nUsed = 0;
  for(pNew->nShift=64; nSlot>1; nSlot>>=1) pNew->nShift--;
  pNew->aSlot = (i64*)&pNew[1];
  for(i=0; i<pNew->nSlot; i++) pNew->aSlot[i] = AMORTIZE_SEEN_FREE;
  if( pOld ){
    assert( amortizeSeenOf(pReg)==pOld );
    for(i=0; i<pOld->nSlot; i++){
      if( pOld->aSlot[i]!=AMORTIZE_SEEN_FREE ){
        amortizeSeenPut(pNew, pOld->aSlot[i]);
      }
    }
    assert( pNew->nUsed==pOld->nUsed );
  }
  /* A blob of size 0, which no SQLITE_LIMIT_LENGTH refuses (a refused one
  ** would be freed and the register set to NULL); this frees pOld */
  sqlite3VdbeMemSetStr(pReg, (const char*)pNew, 0, 0, amortizeSeenDelete);
  assert( amortizeSeenOf(pReg)==pNew );
  return pNew;
}

/*
** The body of OP_AmortizeSeen.  Register pSetReg holds a set of integers
** from an earlier call, or NULL for an empty set.  Return true if register
** pKey holds an integer that the set holds.  Otherwise add pKey's value to
** the set if it is an integer the set has room for, and return false.
**
** Only values of storage class INTEGER are compared: a REAL equal to an
** integer, a text or a NULL key is never "seen", and its row is inserted.
** If memory runs out, the set stays as it is.  A false answer is always
** correct: the row then goes to the index as it would without the set.
*/
int sqlite3AmortizeSeen(Mem *pSetReg, Mem *pKey){
  AmortizeSeenSet *pSet;
  i64 iKey;
  u64 mSlot, i;
  if( (pKey->flags & (MEM_Null|MEM_Int|MEM_Real|MEM_IntReal))!=MEM_Int ){
    return 0;
  }
  iKey = pKey->u.i;
  if( iKey==AMORTIZE_SEEN_FREE ) return 0;
  pSet = amortizeSeenOf(pSetReg);
  if( pSet==0 ){
    assert( pSetReg->flags & MEM_Null );
    pSet = amortizeSeenNew(pSetReg, 0, AMORTIZE_SEEN_MIN);
    if( pSet==0 ) return 0;
  }
  mSlot = pSet->nSlot - 1;
  for(i=((u64)iKey*AMORTIZE_SEEN_MUL)>>pSet->nShift;
      pSet->aSlot[i]!=AMORTIZE_SEEN_FREE;
      i=(i+1)&mSlot
  ){
    if( pSet->aSlot[i]==iKey ) return 1;
  }
  if( 2*(pSet->nUsed+1)>pSet->nSlot ){
    AmortizeSeenSet *pNew;
    if( pSet->nSlot>=AMORTIZE_SEEN_MAX ) return 0;
    pNew = amortizeSeenNew(pSetReg, pSet, pSet->nSlot*2);
    if( pNew==0 ) return 0;
    pSet = pNew;
  }
  amortizeSeenPut(pSet, iKey);
  return 0;
}

/*
** Walker callback: note a reference to the rowid of the table of cursor
** pWalker->u.iCur.
*/
static int amortizeRowidRef(Walker *pWalker, Expr *pExpr){
  if( (pExpr->op==TK_COLUMN || pExpr->op==TK_AGG_COLUMN)
   && pExpr->iTable==pWalker->u.iCur
   && pExpr->iColumn<0
  ){
    pWalker->eCode = 1;
    return WRC_Abort;
  }
  return WRC_Continue;
}

/*
** Walker callback: add the columns that a column reference of the table of
** FROM item pWalker->u.pSrcItem reads to the item's colUsed.
*/
static int amortizeColUsed(Walker *pWalker, Expr *pExpr){
  SrcItem *pItem = pWalker->u.pSrcItem;
  if( pExpr->op==TK_COLUMN
   && pExpr->iTable==pItem->iCursor
   && pExpr->iColumn>=0
  ){
    pItem->colUsed |= sqlite3ExprColUsed(pExpr);
  }
  return WRC_Continue;
}

/*
** Called by sqlite3CodeSubselect() before it codes SELECT p, the subquery
** of an EXISTS, and by existsToJoin() before it moves the one table of p
** into the FROM clause of the outer query.  An EXISTS never computes its subquery's result columns
** (selectInnerLoop()), yet the tables of its FROM clause count the columns
** that those read as used: "EXISTS (SELECT * FROM t WHERE t.k=o.x)" uses
** every column of t, and an automatic index on t(k) holds them all.
**
** If PRAGMA subquery_amortize is on and p is a plain SELECT (no compound,
** aggregate, window, ORDER BY, nor any FROM item but ordinary tables),
** replace its result columns with the constant 1, as the count-of-view
** optimization of select.c does, and set each table's colUsed to the
** columns the rest of p reads.  A table that would then read no column
** keeps its mask, so that sqlite3Select() calls the authorizer as before.
*/
void sqlite3AmortizeExists(Parse *pParse, Select *p){
  sqlite3 *db = pParse->db;
  SrcList *pSrc = p->pSrc;
  ExprList *pNew;
  int i;
  if( db->fork.amortize.bOn==0 ) return;
  if( p->pPrior || p->pNext || p->pOrderBy ) return;
  if( (p->selFlags & SF_Aggregate)!=0 ) return;
#ifndef SQLITE_OMIT_WINDOWFUNC
  if( p->pWin || p->pWinDefn ) return;
#endif
  if( pSrc==0 || p->pEList==0 ) return;
  for(i=0; i<pSrc->nSrc; i++){
    SrcItem *pItem = &pSrc->a[i];
    if( pItem->fg.isSubquery || pItem->fg.isTabFunc
     || pItem->pSTab==0 || !IsOrdinaryTable(pItem->pSTab)
    ){
      return;
    }
  }
  pNew = sqlite3ExprListAppend(pParse, 0, sqlite3ExprInt32(db, 1));
  if( pNew==0 ) return;
  sqlite3ParserAddCleanup(pParse, sqlite3ExprListDeleteGeneric, p->pEList);
  p->pEList = pNew;
  for(i=0; i<pSrc->nSrc; i++){
    SrcItem *pItem = &pSrc->a[i];
    Bitmask mOld = pItem->colUsed;
    Walker w;
    memset(&w, 0, sizeof(w));
    w.xExprCallback = amortizeColUsed;
    w.xSelectCallback = sqlite3SelectWalkNoop;
    w.u.pSrcItem = pItem;
    pItem->colUsed = 0;
    sqlite3WalkSelect(&w, p);
    if( !pItem->fg.isUsing && pItem->u3.pOn ){
      sqlite3WalkExpr(&w, pItem->u3.pOn);
    }
    assert( (pItem->colUsed & ~mOld)==0 );
    if( pItem->colUsed==0 ) pItem->colUsed = mOld;
  }
}

/*
** Return true if automatic index pIdx of pLevel, which a sorter fills,
** need hold only the first row (in rowid order) of each key: its loop
** reads nothing but the key, and only whether a row exists.
**
**   *  The loop searches one key column (nEq is 1) and the index holds no
**      other column than the rowid: the rows of one key differ in their
**      rowid alone.  Nothing of the statement reads that rowid: no term,
**      result, ORDER BY or subquery (amortizeRowidRef()).  So its rows
**      of one key give the same answers, one as the other.
**   *  The loop stops at its first row that passes: it is the one loop of
**      the WHERE clause of a SELECT with LIMIT 1 and no OFFSET (an EXISTS
**      or a scalar subquery), which is not an aggregate, a window query nor
**      an arm of a compound, or it is the loop of an EXISTS turned into a
**      join (SrcItem.fg.fromExists).  So how many rows a key has changes
**      nothing.
**   *  The table is an ordinary rowid table, filled in rowid order: the
**      row kept is the one a search finds first in the full index.
*/
static int amortizeDistinctOk(Parse *pParse, WhereLevel *pLevel, Index *pIdx){
  WhereInfo *pWInfo = pParse->pAmortizeWInfo;
  WhereLoop *pLoop = pLevel->pWLoop;
  SrcItem *pSrc;
  Select *pSel;
  Walker w;
  int i;
  int nCol = 0;
  if( NEVER(pWInfo==0) ) return 0;
  assert( pLevel>=pWInfo->a && pLevel<&pWInfo->a[pWInfo->nLevel] );
  pSel = pWInfo->pSelect;
  pSrc = &pWInfo->pTabList->a[pLevel->iFrom];
  if( pSel==0 || pSrc->fg.viaCoroutine || !HasRowid(pSrc->pSTab) ) return 0;
  if( pLoop->u.btree.nEq!=1 || pIdx->aiColumn[0]<0 ) return 0;
  for(i=0; i<pIdx->nKeyCol; i++){
    if( pIdx->aiColumn[i]!=XN_ROWID ) nCol++;
  }
  if( nCol!=1 ) return 0;
  if( !pSrc->fg.fromExists ){
    Expr *pLimit = pSel->pLimit;
    if( pWInfo->nLevel!=1 ) return 0;
    if( pSel->selFlags & (SF_Aggregate|SF_Compound) ) return 0;
#ifndef SQLITE_OMIT_WINDOWFUNC
    if( pSel->pWin ) return 0;
#endif
    if( pLimit==0 || pLimit->pRight!=0 ) return 0;
    assert( pLimit->op==TK_LIMIT && pLimit->pLeft!=0 );
    if( !ExprHasProperty(pLimit->pLeft, EP_IntValue)
     || pLimit->pLeft->u.iValue!=1
    ){
      return 0;
    }
  }
  memset(&w, 0, sizeof(w));
  w.xExprCallback = amortizeRowidRef;
  w.xSelectCallback = sqlite3SelectWalkNoop;
  w.u.iCur = pLevel->iTabCur;
  sqlite3WalkSelect(&w, pSel);
  for(i=0; i<pWInfo->sWC.nTerm && w.eCode==0; i++){
    sqlite3WalkExpr(&w, pWInfo->sWC.a[i].pExpr);
  }
  return w.eCode==0;
}

/*
** Called by constructAutomaticIndex() before it codes the loop that fills
** automatic index pIdx of pLevel.  If PRAGMA subquery_amortize is on, open
** a sorter for the index's records and return the sorter's cursor;
** otherwise return -1.
**
** An automatic index may be built from a large table: an amortized one,
** or the inner table of a join (TPC-H Q13's orders).  Inserting its records
** into the index's b-tree in the table's order costs a search of the
** b-tree each, and pages that leave the cache are written and read again;
** sorting them first (as CREATE INDEX does) and appending them in order
** writes each page once.
**
** The sorter compares whole records, as the index does: an automatic
** index is not UNIQUE, so its KeyInfo covers every column, the rowid last,
** and no two records compare equal (an amortized index's key columns
** already end with the rowid).  The appended records are then in the
** index's order, and a search finds the rows of a key in the same order as
** in an index filled one record at a time.
**
** An amortized index whose first key is an outer column with a Bloom
** filter (amortizeOuterFilter()) is reduced to the rows whose key is in
** that filter: TPC-H Q17 probes its index of 6 M lineitem rows for the
** parts of one brand and container only.  The filter is complete and no
** longer changes by then: it was built before the loops that reach the
** subquery (under OP_Once, once per statement), or just now from an IN
** operator's values, and a built filter only answers probes.  If the filter is a blob (built; NULL is a disabled filter), the
** code sets AmortizeLevel.regReduce; each run checks its key against the
** filter (sqlite3AmortizeProbe()), and the first key that is not in it
** clears the index and fills it again, whole, from
** AmortizeLevel.addrRefill.  A key and the rows equal to it hash alike
** (BINARY keys, sqlite3ForkHashValue()), so a key in the filter finds all
** of its rows in the reduced index.
*/
int sqlite3AmortizeSorterOpen(Parse *pParse, WhereLevel *pLevel, Index *pIdx){
  Vdbe *v = pParse->pVdbe;
  KeyInfo *pKey;
  int iSorter;
  int regOuter;
  if( pParse->db->fork.amortize.bOn==0 ) return -1;
  if( (pLevel->pWLoop->wsFlags & WHERE_AMORTIZED)!=0
   && (regOuter = amortizeOuterFilter(pParse, pLevel, pIdx))!=0
  ){
    int addrIsBlob;
    AmortizeLevel *pA = &pLevel->amortize;
    pA->regReduce = ++pParse->nMem;
    pA->regOuter = regOuter;
    sqlite3VdbeAddOp2(v, OP_Integer, 0, pA->regReduce);
    addrIsBlob = sqlite3VdbeAddOp3(v, OP_IsType, -1, 0, regOuter);
    sqlite3VdbeChangeP5(v, AMORTIZE_TYPE_BLOB);
    VdbeCoverage(v);
    sqlite3VdbeAddOp2(v, OP_Goto, 0, sqlite3VdbeCurrentAddr(v)+2);
    sqlite3VdbeJumpHere(v, addrIsBlob);
    sqlite3VdbeAddOp2(v, OP_Integer, 1, pA->regReduce);
    VdbeComment((v, "index reduced to the outer filter's keys"));
    pA->addrRefill = sqlite3VdbeCurrentAddr(v);
  }
  pKey = sqlite3KeyInfoOfIndex(pParse, pIdx);
  assert( pKey==0 || pKey->nKeyField==pIdx->nColumn );
  iSorter = pParse->nTab++;
  sqlite3VdbeAddOp4(v, OP_SorterOpen, iSorter, 0,
                    /* An amortized index's key columns end with the rowid:
                    ** no two keys are equal, and the sorter need compare
                    ** (and decode) no more */
                    (pLevel->pWLoop->wsFlags & WHERE_AMORTIZED)!=0 ?
                        pIdx->nKeyCol : 0,
                    (char*)pKey, P4_KEYINFO);
  if( amortizeDistinctOk(pParse, pLevel, pIdx) ){
    /* Cleared at each fill, as the refill of a reduced index is one */
    pLevel->amortize.regSeen = ++pParse->nMem;
    sqlite3VdbeAddOp2(v, OP_Null, 0, pLevel->amortize.regSeen);
    VdbeComment((v, "first row of each key only"));
  }
  return iSorter;
}

/* How far back from the fill loop's first test of a row its
** OP_MakeRecord may be: OP_MakeRecord, OP_FilterAdd, OP_IfNot */
#define AMORTIZE_RECORD_BACK 3

/*
** The fill loop has coded, before address addrTest, the record of the
** index's row into register regRecord (OP_MakeRecord), then the tests
** that skip the row from addrTest on: make the record only for the rows
** that pass them, right here.
*/
static void amortizeMoveRecord(Vdbe *v, int regRecord, int addrTest){
  int addr;
  for(addr=addrTest-1; addr>=0 && addr>=addrTest-AMORTIZE_RECORD_BACK; addr--){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, addr);
    if( pOp->opcode==OP_MakeRecord && pOp->p3==regRecord
     && pOp->p4type==P4_NOTUSED
    ){
      sqlite3VdbeAddOp3(v, OP_MakeRecord, pOp->p1, pOp->p2, regRecord);
      sqlite3VdbeChangeToNoop(v, addr);
      return;
    }
  }
}

/*
** Called by constructAutomaticIndex() right after it codes the OP_IdxInsert
** of its fill loop, the record's key in registers regBase and up.  If
** iSorter is a sorter from sqlite3AmortizeSorterOpen(), make that
** instruction insert the record into the sorter instead, skipping the
** records whose key is not in the outer filter if the index is reduced,
** and those whose key it already holds if it holds one row per key
** (amortizeDistinctOk()).
*/
void sqlite3AmortizeSorterInsert(
  Parse *pParse,
  WhereLevel *pLevel,
  int iSorter,
  int regBase
){
  Vdbe *v = pParse->pVdbe;
  VdbeOp *pOp;
  AmortizeLevel *pA = &pLevel->amortize;
  int regRecord;
  int addrSkip = 0;               /* Jump past the insert: not in the filter */
  int addrSeen = 0;               /* Jump past the insert: key seen */
  if( iSorter<0 ) return;
  pOp = sqlite3VdbeGetLastOp(v);
  if( pParse->db->mallocFailed ) return;
  assert( pOp->opcode==OP_IdxInsert );
  regRecord = pOp->p2;
  pOp->p4type = P4_NOTUSED;
  pOp->p5 = 0;
  if( pA->regReduce ){
    pOp->opcode = OP_IfNot;
    pOp->p1 = pA->regReduce;
    pOp->p2 = sqlite3VdbeCurrentAddr(v)+1;
    pOp->p3 = 1;
    VdbeCoverage(v);
    addrSkip = sqlite3VdbeAddOp4Int(v, OP_Filter, pA->regOuter, 0, regBase, 1);
    VdbeCoverage(v);
    if( pA->regSeen ){
      addrSeen = sqlite3VdbeAddOp3(v, OP_AmortizeSeen, pA->regSeen, 0, regBase);
      VdbeCoverage(v);
    }
  }else if( pA->regSeen ){
    addrSeen = sqlite3VdbeCurrentAddr(v)-1;
    pOp->opcode = OP_AmortizeSeen;
    pOp->p1 = pA->regSeen;
    pOp->p2 = 0;
    pOp->p3 = regBase;
    VdbeCoverage(v);
  }else{
    pOp->opcode = OP_SorterInsert;
    pOp->p1 = iSorter;
    return;
  }
  amortizeMoveRecord(v, regRecord, addrSkip ? addrSkip : addrSeen);
  sqlite3VdbeAddOp2(v, OP_SorterInsert, iSorter, regRecord);
  if( addrSkip ) sqlite3VdbeJumpHere(v, addrSkip);
  if( addrSeen ) sqlite3VdbeJumpHere(v, addrSeen);
}

/*
** Called by codeOneLoopStart() for the automatic index of pLevel once the
** key of its search is in register regBase, before the search.  If the
** index is reduced to the keys of an outer filter and this key is not in
** that filter, the index may lack the key's rows: clear the index and fill
** it again with every row, then search.
*/
void sqlite3AmortizeProbe(Parse *pParse, WhereLevel *pLevel, int regBase){
  Vdbe *v = pParse->pVdbe;
  AmortizeLevel *pA = &pLevel->amortize;
  int addrReduced;
  int addrIn;
  if( pA->regReduce==0 ) return;
  assert( pLevel->pWLoop->wsFlags & WHERE_AUTO_INDEX );
  addrReduced = sqlite3VdbeAddOp3(v, OP_IfNot, pA->regReduce, 0, 1);
  VdbeCoverage(v);
  addrIn = sqlite3VdbeAddOp4Int(v, OP_Filter, pA->regOuter, 0, regBase, 1);
  VdbeCoverage(v);
  sqlite3VdbeAddOp2(v, OP_Goto, 0, sqlite3VdbeCurrentAddr(v)+4);
  sqlite3VdbeJumpHere(v, addrIn);
  sqlite3VdbeAddOp2(v, OP_Integer, 0, pA->regReduce);
  VdbeComment((v, "key not in the outer filter: fill the whole index"));
  sqlite3VdbeAddOp1(v, OP_ResetSorter, pLevel->iIdxCur);
  sqlite3VdbeAddOp2(v, OP_Goto, 0, pA->addrRefill);
  sqlite3VdbeJumpHere(v, addrReduced);
}

/*
** Called by constructAutomaticIndex() after the fill loop.  If iSorter is a
** sorter from sqlite3AmortizeSorterOpen(), code the sort of its records and
** their insertion, in order, into the index of pLevel, then close it.
*/
void sqlite3AmortizeSorterFill(Parse *pParse, WhereLevel *pLevel, int iSorter){
  Vdbe *v = pParse->pVdbe;
  int addrSort;                   /* OP_SorterSort: jumps past if empty */
  int addrLoop;                   /* Top of the loop over sorted records */
  int regRecord;                  /* One record */
  if( iSorter<0 ) return;
  regRecord = sqlite3GetTempReg(pParse);
  addrSort = sqlite3VdbeAddOp2(v, OP_SorterSort, iSorter, 0); VdbeCoverage(v);
  addrLoop = sqlite3VdbeAddOp3(v, OP_SorterData, iSorter, regRecord,
                               pLevel->iIdxCur);
  sqlite3VdbeAddOp1(v, OP_SeekEnd, pLevel->iIdxCur);
  sqlite3VdbeAddOp2(v, OP_IdxInsert, pLevel->iIdxCur, regRecord);
  sqlite3VdbeChangeP5(v, OPFLAG_USESEEKRESULT);
  sqlite3VdbeAddOp2(v, OP_SorterNext, iSorter, addrLoop); VdbeCoverage(v);
  sqlite3VdbeJumpHere(v, addrSort);
  sqlite3VdbeAddOp1(v, OP_Close, iSorter);
  /* Leave the index as a scan's first row leaves it, not at its end: a
  ** LEFT JOIN's OP_NullRow may come before the first seek, and the
  ** OP_Next after it then finds the cursor as stock's fill loop leaves it
  ** (vdbe.c's checks of seekOp in a debug build) */
  sqlite3VdbeAddOp2(v, OP_Rewind, pLevel->iIdxCur, sqlite3VdbeCurrentAddr(v)+1);
  VdbeCoverage(v);
  if( pLevel->amortize.regSeen ){
    sqlite3VdbeAddOp2(v, OP_Null, 0, pLevel->amortize.regSeen);
  }
  sqlite3ReleaseTempReg(pParse, regRecord);
}
