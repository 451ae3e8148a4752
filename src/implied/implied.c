/*
** 2026 November 27
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
** Single-table terms implied by an OR across tables (doc/implied.md).
*/
#include "sqliteInt.h"
#include "whereInt.h"

/* Most OR terms of one WHERE clause examined, and disjuncts of each */
#define IMPLIED_MAX_OR   8
#define IMPLIED_MAX_DISJ 16
/* Most conjuncts of one disjunct examined */
#define IMPLIED_MAX_CONJ 32

/* Walker.eCode bits of impliedOnlyCursor() */
#define IMPLIED_CUR  0x01         /* A column of the cursor is read */
#define IMPLIED_BAD  0x02         /* Something else is */

/*
** Expression walker callback of impliedOnlyCursor(): accept columns of
** cursor pWalker->u.iCur, literals, parameters and the operators below;
** anything else (functions, subqueries, columns of other tables, RAISE,
** window functions) makes the expression unusable.
*/
static int impliedWalkExpr(Walker *pWalker, Expr *pExpr){
  switch( pExpr->op ){
    case TK_COLUMN:
      if( pExpr->iTable!=pWalker->u.iCur || pExpr->op2!=0 ){
        pWalker->eCode |= IMPLIED_BAD;
        return WRC_Abort;
      }
      pWalker->eCode |= IMPLIED_CUR;
      return WRC_Continue;
    case TK_IN:
      if( ExprUseXSelect(pExpr) ){
        pWalker->eCode |= IMPLIED_BAD;
        return WRC_Abort;
      }
      return WRC_Continue;
    case TK_INTEGER: case TK_FLOAT: case TK_STRING: case TK_NULL:
    case TK_BLOB: case TK_VARIABLE: case TK_TRUEFALSE:
    case TK_UMINUS: case TK_UPLUS: case TK_BITNOT: case TK_COLLATE:
    case TK_CAST: case TK_NOT: case TK_AND: case TK_OR:
    case TK_EQ: case TK_NE: case TK_LT: case TK_LE: case TK_GT: case TK_GE:
    case TK_IS: case TK_ISNOT: case TK_ISNULL: case TK_NOTNULL:
    case TK_BETWEEN: case TK_TRUTH:
    case TK_PLUS: case TK_MINUS: case TK_STAR: case TK_SLASH: case TK_REM:
    case TK_CONCAT: case TK_BITAND: case TK_BITOR: case TK_LSHIFT:
    case TK_RSHIFT:
      return WRC_Continue;
    default:
      pWalker->eCode |= IMPLIED_BAD;
      return WRC_Abort;
  }
}

/*
** True if pExpr reads columns of cursor iCur and nothing else that can
** change between rows or between two evaluations: then evaluating it a
** second time, as soon as the row of iCur is known, gives the value it
** has where the query evaluates it.
*/
static int impliedOnlyCursor(Expr *pExpr, int iCur){
  Walker w;
  if( ExprHasProperty(pExpr, EP_OuterON|EP_InnerON) ) return 0;
  memset(&w, 0, sizeof(w));
  w.xExprCallback = impliedWalkExpr;
  w.xSelectCallback = sqlite3SelectWalkFail;
  w.u.iCur = iCur;
  sqlite3WalkExpr(&w, pExpr);
  return w.eCode==IMPLIED_CUR;
}

/*
** Append to apOut[] (at most nMax, *pnOut of them used) the top-level
** operands of pExpr joined by operator op (TK_OR or TK_AND).  Return 0
** if there are more than nMax.
*/
static int impliedSplit(Expr *pExpr, int op, Expr **apOut, int *pnOut,
                        int nMax){
  if( pExpr->op==op ){
    return impliedSplit(pExpr->pLeft, op, apOut, pnOut, nMax)
        && impliedSplit(pExpr->pRight, op, apOut, pnOut, nMax);
  }
  if( *pnOut>=nMax ) return 0;
  apOut[(*pnOut)++] = pExpr;
  return 1;
}

/*
** Add term pNew (ownership passes) to the WHERE clause of pWInfo.  The
** parse owns the expression (sqlite3ParserAddCleanup()), not the term:
** exprAnalyzeOrTerm() asserts that an OR term is not TERM_DYNAMIC.  The
** term does not change the planner's estimate of the rows that pass
** (truthProb 0: it only repeats what the OR it comes from already says).
*/
static void impliedAdd(WhereInfo *pWInfo, Expr *pNew){
  WhereClause *pWC = &pWInfo->sWC;
  Parse *pParse = pWInfo->pParse;
  int n0 = pWC->nTerm, i;
  if( pNew==0 ) return;
  if( pParse->db->mallocFailed ){
    /* A failed allocation may have left out part of the expression: it
    ** might say more than the OR does.  The statement fails anyway. */
    sqlite3ExprDelete(pParse->db, pNew);
    return;
  }
  assert( pNew->op!=TK_AND );
  if( sqlite3ParserAddCleanup(pParse, sqlite3ExprDeleteGeneric, pNew)==0 ){
    return;                     /* Out of memory: pNew is already freed */
  }
  sqlite3WhereSplit(pWC, pNew, TK_AND);
  for(i=n0; i<pWC->nTerm; i++){
    assert( (pWC->a[i].wtFlags & TERM_DYNAMIC)==0 );
    pWC->a[i].truthProb = 0;
  }
}

/*
** The terms on cursor iCur implied by the OR of the nDisj disjuncts
** apConj[i][0..anConj[i]-1] (each an AND of conjuncts): each conjunct on
** iCur alone that every disjunct has (sqlite3ExprCompare()), and the OR
** over the disjuncts of the AND of their other conjuncts on iCur alone.
** Nothing is added for iCur if a disjunct has no conjunct on it.
*/
static void impliedForCursor(
  WhereInfo *pWInfo,
  int iCur,
  int nDisj,
  Expr *(*apConj)[IMPLIED_MAX_CONJ],
  int *anConj
){
  sqlite3 *db = pWInfo->pParse->db;
  Parse *pParse = pWInfo->pParse;
  u8 aUse[IMPLIED_MAX_DISJ][IMPLIED_MAX_CONJ];  /* 1: on iCur, 2: common */
  Expr *pOr = 0;
  int i, j, k, bRest = 1;

  for(i=0; i<nDisj; i++){
    int nOn = 0;
    for(j=0; j<anConj[i]; j++){
      aUse[i][j] = (u8)impliedOnlyCursor(apConj[i][j], iCur);
      nOn += aUse[i][j];
    }
    if( nOn==0 ) return;
  }

  /* Conjuncts every disjunct has */
  for(j=0; j<anConj[0]; j++){
    int bAll = aUse[0][j]==1;
    for(i=1; i<nDisj && bAll; i++){
      for(k=0; k<anConj[i]; k++){
        if( aUse[i][k]==1
         && sqlite3ExprCompare(0, apConj[0][j], apConj[i][k], -1)==0
        ){
          break;
        }
      }
      bAll = k<anConj[i];
    }
    if( !bAll ) continue;
    impliedAdd(pWInfo, sqlite3ExprDup(db, apConj[0][j], 0));
    for(i=0; i<nDisj; i++){
      for(k=0; k<anConj[i]; k++){
        if( aUse[i][k]==1
         && sqlite3ExprCompare(0, apConj[0][j], apConj[i][k], -1)==0
        ){
          aUse[i][k] = 2;
        }
      }
    }
  }

  /* The OR of the rest: true whenever a disjunct has no rest */
  for(i=0; i<nDisj && bRest; i++){
    for(k=0; k<anConj[i] && aUse[i][k]!=1; k++){}
    bRest = k<anConj[i];
  }
  if( !bRest ) return;
  for(i=0; i<nDisj; i++){
    Expr *pAnd = 0;
    for(k=0; k<anConj[i]; k++){
      if( aUse[i][k]==1 ){
        pAnd = sqlite3ExprAnd(pParse, pAnd, sqlite3ExprDup(db,apConj[i][k],0));
      }
    }
    pOr = pOr ? sqlite3PExpr(pParse, TK_OR, pOr, pAnd) : pAnd;
  }
  impliedAdd(pWInfo, pOr);
}

/*
** Called by sqlite3WhereBegin() when it has split the WHERE clause of
** pWInfo into terms and before it analyzes them.  For each term that is
** an OR of ANDs reading two or more tables of pTabList, and each
** ordinary table of pTabList, add the terms on that table alone that the
** OR implies (impliedForCursor()), so that they filter its rows as soon
** as they are read.  They never change the rows that pass the WHERE
** clause: whenever the OR is true, one of its disjuncts is, and so are
** its conjuncts.  Not for a statement with an outer join, whose WHERE
** terms may apply after a NULL row is made.
*/
void sqlite3ImpliedTerms(WhereInfo *pWInfo, SrcList *pTabList){
  Parse *pParse = pWInfo->pParse;
  sqlite3 *db = pParse->db;
  WhereClause *pWC = &pWInfo->sWC;
  int nTerm = pWC->nTerm;
  int i, j, nOr = 0;

  if( !db->fork.implied.bOn ) return;
  if( pWInfo->wctrlFlags & WHERE_OR_SUBCLAUSE ) return;
  if( pTabList->nSrc<2 ) return;
  for(j=0; j<pTabList->nSrc; j++){
    if( pTabList->a[j].fg.jointype & (JT_LEFT|JT_RIGHT) ) return;
  }
  for(i=0; i<nTerm && nOr<IMPLIED_MAX_OR && !db->mallocFailed; i++){
    Expr *pExpr = pWC->a[i].pExpr;
    Expr *apDisj[IMPLIED_MAX_DISJ];
    Expr *apConj[IMPLIED_MAX_DISJ][IMPLIED_MAX_CONJ];
    int anConj[IMPLIED_MAX_DISJ];
    int nDisj = 0, nTab = 0, bOk = 1;
    Bitmask mOr;
    if( pExpr==0 || pExpr->op!=TK_OR ) continue;
    if( ExprHasProperty(pExpr, EP_OuterON|EP_InnerON) ) continue;
    if( !impliedSplit(pExpr, TK_OR, apDisj, &nDisj, IMPLIED_MAX_DISJ) ){
      continue;
    }
    for(j=0; j<nDisj && bOk; j++){
      anConj[j] = 0;
      bOk = impliedSplit(apDisj[j], TK_AND, apConj[j], &anConj[j],
                         IMPLIED_MAX_CONJ);
    }
    if( !bOk ) continue;
    /* Tables of this FROM clause the OR reads (sqlite3WhereBegin() made
    ** their masks already): nothing to gain from an OR on one */
    mOr = sqlite3WhereExprUsage(&pWInfo->sMaskSet, pExpr);
    for(j=0; j<pTabList->nSrc; j++){
      Bitmask m = sqlite3WhereGetMask(&pWInfo->sMaskSet,
                                      pTabList->a[j].iCursor);
      if( mOr & m ) nTab++;
    }
    if( nTab<2 ) continue;
    nOr++;
    for(j=0; j<pTabList->nSrc && !db->mallocFailed; j++){
      SrcItem *pItem = &pTabList->a[j];
      if( pItem->pSTab==0 || !IsOrdinaryTable(pItem->pSTab) ) continue;
      impliedForCursor(pWInfo, pItem->iCursor, nDisj, apConj, anConj);
    }
  }
}
