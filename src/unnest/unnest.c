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
** Subquery unnesting (doc/unnest.md): a correlated IN, EXISTS or NOT
** EXISTS over a join, correlated through equalities, evaluated once for
** all rows of the query that holds it.
**
** A correlated subquery runs once for every row that reaches it.  Over
** one table, subquery amortization (amortize.c) or upstream's
** EXISTS-to-join make each run a search.  Over a join, each run joins its
** tables again.  With PRAGMA subquery_unnest on, sqlite3UnnestWhere()
** moves the correlation out of such a subquery where its terms allow:
**
**     x IN (SELECT y FROM J WHERE P AND c1=o1 AND ... AND ck=ok)
**  => (x, o1, ..., ok) IN (SELECT y, c1, ..., ck FROM J WHERE P)
**
**     EXISTS (SELECT ... FROM J WHERE P AND c1=o1 AND ...)
**  => (o1, ...) IN (SELECT c1, ... FROM J WHERE P)
**
**     NOT EXISTS (SELECT ... FROM J WHERE P AND c1=o1 AND ...)
**  => CASE WHEN o1 IS NULL OR ... THEN 1
**          WHEN (o1, ...) IN (SELECT c1, ... FROM J
**                              WHERE P AND c1 IS NOT NULL AND ...) THEN 0
**          ELSE 1 END
**
** where each ci reads only the subquery's tables and each oi only outer
** ones.  The subquery's ORDER BY is dropped (membership ignores it), and
** so is the DISTINCT of an EXISTS.  The subquery is then uncorrelated: upstream codes it once
** (OP_Once) into an ephemeral index that each row probes, and the planner
** may drive a loop from it.  SQLite defines "a IN (SELECT b ...)" as
** "a=b" for each field (datatype3.html), so a row passes the new term
** exactly when some row of J passes P and every ci=oi; where the old one
** was FALSE the new one may be NULL, which a top-level conjunct of a
** WHERE clause treats alike.  NOT EXISTS cannot take NULL for FALSE, so
** its form keeps NULLs out of both sides.
**
** Only where the result is stock's:
**   - the term is a top-level conjunct of the WHERE clause of a SELECT, not
**     from an ON clause, and the statement writes no table;
**   - the subquery is one SELECT (no compound, aggregate, GROUP BY, HAVING,
**     window, LIMIT or WITH; for an IN, no DISTINCT) over two or more
**     ordinary tables that form a tree of key joins (unnestKeyTree(): the
**     join has at most as many rows as one of its tables, where items
**     joined only through the outer row, or not on a key, could make it
**     far larger than what the correlated runs read);
**   - every conjunct of its WHERE clause that reads an outer table is such
**     an equality (from the WHERE clause, or from the ON clause of an inner
**     join where no RIGHT JOIN follows), and nothing else of it does (its
**     result of an IN, FROM
**     subqueries, table-valued function arguments, ON clauses);
**   - both sides of each equality, and the result of an IN, are columns,
**     literals, parameters and operators that raise no error
**     (unnestSafeExpr()), and so are the other conjuncts, which may also
**     compare and use LIKE or GLOB (unnestSafeCond()): they are evaluated
**     for rows the correlation used to skip, and for outer rows the
**     subquery never reached;
**   - the comparison's affinity is not REAL (OP_MakeRecord would store a
**     large integer of the set as a REAL);
**   - the IN's comparison is the equality's: its collating sequence (named
**     by a COLLATE on the IN's operand where it is not the outer side's
**     own), and, where the affinity is TEXT, the side that
**     gives it holds only texts (the IN converts numbers to text where
**     the equality compares two numbers as numbers);
**   - no ci is a column that leads an index or is the rowid: a run of such
**     a subquery searches, and stays cheap however many rows there are.
** Anything else keeps upstream's path; EXPLAIN QUERY PLAN shows the
** subquery as a LIST SUBQUERY once unnested and CORRELATED otherwise.
*/
#include "sqliteInt.h"

/* Most cursors the FROM clauses of one subquery define, nested ones too */
#define UNNEST_MAX_CURSOR 64
/* Most conjuncts of one subquery's WHERE clause examined */
#define UNNEST_MAX_CONJ 64
/* Most correlated equalities moved out of one subquery */
#define UNNEST_MAX_CORR 8

/* Walker.eCode bits of unnestRefs() */
#define UNNEST_INNER 0x01       /* Reads a table of the subquery */
#define UNNEST_OUTER 0x02       /* Reads a table of an outer query */

/* Walker.eCode of unnestSafe(): something may raise an error */
#define UNNEST_UNSAFE 0x01

/* The shapes unnested */
#define UNNEST_IN         1     /* expr IN (SELECT ...) */
#define UNNEST_EXISTS     2     /* EXISTS (SELECT ...) */
#define UNNEST_NOT_EXISTS 3     /* NOT EXISTS (SELECT ...) */

/*
** A correlated equality of the subquery: the conjunct, its side that reads
** the subquery's tables (or none) and its side that reads outer ones.
*/
typedef struct UnnestCorr UnnestCorr;
struct UnnestCorr {
  Expr *pConj;              /* The TK_EQ conjunct */
  Expr *pInner;             /* Its side on the subquery's tables */
  Expr *pOuter;             /* Its side on outer tables */
  const char *zColl;        /* A COLLATE the IN's operand needs, or 0 */
};

/*
** Walker callback of unnestCursors(): append the cursors of the FROM
** clause of p to pWalker->u.aiCol (aiCol[0] counts them); give up, with
** pWalker->eCode set, past UNNEST_MAX_CURSOR.
*/
static int unnestCursorsSelect(Walker *pWalker, Select *p){
  int *aCur = pWalker->u.aiCol;
  int i;
  if( NEVER(p->pSrc==0) ) return WRC_Continue;
  for(i=0; i<p->pSrc->nSrc; i++){
    if( aCur[0]>=UNNEST_MAX_CURSOR ){
      pWalker->eCode = 1;
      return WRC_Abort;
    }
    aCur[++aCur[0]] = p->pSrc->a[i].iCursor;
  }
  return WRC_Continue;
}

/*
** Fill aCur (UNNEST_MAX_CURSOR+1 entries) with the cursors that pSub and
** the subqueries nested in it define.  Return 0 if there are too many.
*/
static int unnestCursors(Select *pSub, int *aCur){
  Walker w;
  memset(&w, 0, sizeof(w));
  w.xExprCallback = sqlite3ExprWalkNoop;
  w.xSelectCallback = unnestCursorsSelect;
  w.u.aiCol = aCur;
  aCur[0] = 0;
  sqlite3WalkSelect(&w, pSub);
  return w.eCode==0;
}

/*
** Walker callback of unnestRefs(): note a column of a cursor of
** pWalker->u.aiCol (UNNEST_INNER) or of any other (UNNEST_OUTER).  An
** aggregate that belongs to an outer query counts as outer.
*/
static int unnestRefsExpr(Walker *pWalker, Expr *pExpr){
  if( pExpr->op==TK_COLUMN || pExpr->op==TK_AGG_COLUMN ){
    const int *aCur = pWalker->u.aiCol;
    int i;
    for(i=1; i<=aCur[0]; i++){
      if( aCur[i]==pExpr->iTable ) break;
    }
    pWalker->eCode |= (i<=aCur[0]) ? UNNEST_INNER : UNNEST_OUTER;
  }else if( pExpr->op==TK_AGG_FUNCTION && pExpr->op2>0 ){
    pWalker->eCode |= UNNEST_OUTER;
  }
  return WRC_Continue;
}

/*
** Prepare walker pW for unnestRefsExpr() against the cursors aCur of a
** subquery, subqueries nested in what it walks included.
*/
static void unnestRefsInit(Walker *pW, const int *aCur){
  memset(pW, 0, sizeof(*pW));
  pW->xExprCallback = unnestRefsExpr;
  pW->xSelectCallback = sqlite3SelectWalkNoop;
  pW->u.aiCol = (int*)aCur;
}

/*
** Return the UNNEST_INNER and UNNEST_OUTER bits for expression pExpr
** (subqueries in it included) against the cursors aCur of a subquery.
*/
static int unnestRefs(const int *aCur, Expr *pExpr){
  Walker w;
  unnestRefsInit(&w, aCur);
  sqlite3WalkExpr(&w, pExpr);
  return w.eCode;
}

/*
** As unnestRefs() for every expression of an expression list.
*/
static int unnestRefsList(const int *aCur, ExprList *pList){
  Walker w;
  unnestRefsInit(&w, aCur);
  sqlite3WalkExprList(&w, pList);
  return w.eCode;
}

/*
** As unnestRefs() for the FROM clause of pSub: its subqueries, the
** arguments of its table-valued functions and any ON clause still there.
*/
static int unnestRefsFrom(const int *aCur, Select *pSub){
  Walker w;
  int i;
  unnestRefsInit(&w, aCur);
  sqlite3WalkSelectFrom(&w, pSub);
  for(i=0; i<pSub->pSrc->nSrc; i++){
    SrcItem *pItem = &pSub->pSrc->a[i];
    if( !pItem->fg.isUsing ) sqlite3WalkExpr(&w, pItem->u3.pOn);
  }
  return w.eCode;
}

/*
** Walker callback of unnestSafe(): accept columns (but for virtual
** generated ones, which compute an expression), literals, parameters and
** the operators that raise no error; anything else (functions, subqueries,
** vectors, string concatenation, which may exceed SQLITE_LIMIT_LENGTH)
** sets UNNEST_UNSAFE.
*/
static int unnestSafeExpr(Walker *pWalker, Expr *pExpr){
  switch( pExpr->op ){
    case TK_COLUMN: {
      const Table *pTab = pExpr->y.pTab;
      assert( ExprUseYTab(pExpr) );
      if( pTab && pExpr->iColumn>=0 && pExpr->iColumn<pTab->nCol
       && (pTab->aCol[pExpr->iColumn].colFlags & COLFLAG_VIRTUAL)!=0
      ){
        pWalker->eCode |= UNNEST_UNSAFE;
        return WRC_Abort;
      }
      return WRC_Continue;
    }
    case TK_INTEGER: case TK_FLOAT: case TK_STRING: case TK_NULL:
    case TK_BLOB: case TK_VARIABLE: case TK_TRUEFALSE:
    case TK_UMINUS: case TK_UPLUS: case TK_BITNOT: case TK_COLLATE:
    case TK_CAST:
    case TK_PLUS: case TK_MINUS: case TK_STAR: case TK_SLASH: case TK_REM:
    case TK_BITAND: case TK_BITOR: case TK_LSHIFT: case TK_RSHIFT:
      return WRC_Continue;
    default:
      pWalker->eCode |= UNNEST_UNSAFE;
      return WRC_Abort;
  }
}

/*
** Return true if evaluating pExpr for any row can raise no error.
*/
static int unnestSafe(Expr *pExpr){
  Walker w;
  memset(&w, 0, sizeof(w));
  w.xExprCallback = unnestSafeExpr;
  sqlite3WalkExpr(&w, pExpr);
  return w.eCode==0;
}

/*
** Walker callback of unnestSafeCond(): as unnestSafeExpr(), and also
** comparisons, logic, CASE, IN with a list, and SQLite's own LIKE and GLOB
** with a literal pattern within SQLITE_LIMIT_LIKE_PATTERN_LENGTH (whose
** escape sqlite3IsLikeFunction() has checked).
*/
static int unnestSafeCondExpr(Walker *pWalker, Expr *pExpr){
  switch( pExpr->op ){
    case TK_EQ: case TK_NE: case TK_LT: case TK_LE: case TK_GT: case TK_GE:
    case TK_IS: case TK_ISNOT: case TK_ISNULL: case TK_NOTNULL:
    case TK_AND: case TK_OR: case TK_NOT: case TK_BETWEEN: case TK_TRUTH:
    case TK_CASE: case TK_VECTOR:
      return WRC_Continue;
    case TK_IN:
      if( ExprUseXSelect(pExpr) ) break;
      return WRC_Continue;
    case TK_FUNCTION: {
      int bNocase;
      char aWc[4];
      const Expr *pPattern;
      if( ExprHasProperty(pExpr, EP_WinFunc) ) break;
      if( !sqlite3IsLikeFunction(pWalker->pParse->db, pExpr, &bNocase, aWc) ){
        break;
      }
      pPattern = pExpr->x.pList->a[0].pExpr;
      if( pPattern->op!=TK_STRING ) break;
      assert( !ExprHasProperty(pPattern, EP_IntValue) );
      if( sqlite3Strlen30(pPattern->u.zToken)
          > pWalker->pParse->db->aLimit[SQLITE_LIMIT_LIKE_PATTERN_LENGTH]
      ){
        break;
      }
      return WRC_Continue;
    }
    default:
      return unnestSafeExpr(pWalker, pExpr);
  }
  pWalker->eCode |= UNNEST_UNSAFE;
  return WRC_Abort;
}

/*
** Return true if evaluating condition pExpr for any row can raise no
** error (unnestSafeCondExpr()).
*/
static int unnestSafeCond(Parse *pParse, Expr *pExpr){
  Walker w;
  memset(&w, 0, sizeof(w));
  w.pParse = pParse;
  w.xExprCallback = unnestSafeCondExpr;
  sqlite3WalkExpr(&w, pExpr);
  return w.eCode==0;
}

/*
** Return the index in pSrc of the one FROM item whose columns pExpr reads,
** -1 if it reads none, or -2 if it reads several, or anything but columns
** of pSrc's items, or holds a subquery.
*/
static int unnestItemOf(const SrcList *pSrc, const Expr *pExpr){
  int iItem = -1, i, iSub;
  if( pExpr==0 ) return -1;
  if( pExpr->op==TK_COLUMN ){
    for(i=0; i<pSrc->nSrc; i++){
      if( pSrc->a[i].iCursor==pExpr->iTable ) return i;
    }
    return -2;
  }
  if( ExprUseXSelect(pExpr) || pExpr->op==TK_AGG_COLUMN ) return -2;
  if( ExprHasProperty(pExpr, EP_TokenOnly|EP_Leaf) ) return -1;
  if( ExprUseXList(pExpr) && pExpr->x.pList ){
    for(i=0; i<pExpr->x.pList->nExpr; i++){
      iSub = unnestItemOf(pSrc, pExpr->x.pList->a[i].pExpr);
      if( iSub==-2 || (iSub>=0 && iItem>=0 && iSub!=iItem) ) return -2;
      if( iSub>=0 ) iItem = iSub;
    }
  }
  iSub = unnestItemOf(pSrc, pExpr->pLeft);
  if( iSub==-2 || (iSub>=0 && iItem>=0 && iSub!=iItem) ) return -2;
  if( iSub>=0 ) iItem = iSub;
  iSub = unnestItemOf(pSrc, pExpr->pRight);
  if( iSub==-2 || (iSub>=0 && iItem>=0 && iSub!=iItem) ) return -2;
  if( iSub>=0 ) iItem = iSub;
  return iItem;
}

/*
** Return true if pExpr, a side of equality pConj, is a key of FROM item
** pItem under that equality's comparison: its rowid (compared as a
** number, whatever the other side), or the column of a single-column
** UNIQUE or PRIMARY KEY index without a WHERE clause, compared with the
** index's collating sequence and, unless the column's affinity is
** numeric, without a numeric conversion (which makes '1' and '01' equal).
** A cost rule: the join then matches each row of the other side with at
** most one row of pItem.
*/
static int unnestIsKey(
  Parse *pParse,            /* Parsing context */
  const SrcItem *pItem,     /* The FROM item */
  Expr *pConj,              /* The equality */
  Expr *pExpr               /* Its side on pItem */
){
  const Index *pIdx;
  const Table *pTab = pItem->pSTab;
  CollSeq *pColl;
  char aff;
  pExpr = sqlite3ExprSkipCollate(pExpr);
  if( pExpr->op!=TK_COLUMN || pExpr->iTable!=pItem->iCursor ) return 0;
  if( pExpr->iColumn<0 ) return 1;
  if( HasRowid(pTab) && pExpr->iColumn==pTab->iPKey ) return 1;
  pColl = sqlite3BinaryCompareCollSeq(pParse, pConj->pLeft, pConj->pRight);
  if( pColl==0 ) pColl = pParse->db->pDfltColl;
  aff = sqlite3CompareAffinity(pConj->pRight,
                               sqlite3ExprAffinity(pConj->pLeft));
  if( sqlite3IsNumericAffinity(aff)
   && !sqlite3IsNumericAffinity(pTab->aCol[pExpr->iColumn].affinity)
  ){
    return 0;
  }
  for(pIdx=pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    if( pIdx->onError!=OE_None && pIdx->nKeyCol==1
     && pIdx->aiColumn[0]==pExpr->iColumn && pIdx->pPartIdxWhere==0
     && sqlite3StrICmp(pIdx->azColl[0], pColl->zName)==0
    ){
      return 1;
    }
  }
  return 0;
}

/*
** Return true if the FROM items of the subquery form a tree of key joins:
** starting from one of them, each other item can be added through an
** equality between a column of an item already added and a key of its own
** (unnestIsKey()), among the conjuncts apConj that are not correlations
** (aCorr).  The join then has at most as many rows as that first item,
** however large it is.  Items joined only through the outer row, or by
** equalities that are keys of neither side, could make the join far larger
** than the rows a correlated EXISTS reads before its first match: such a
** subquery stays as it is.
*/
static int unnestKeyTree(
  Parse *pParse,            /* Parsing context */
  const SrcList *pSrc,      /* FROM clause of the subquery */
  Expr **apConj, int nConj, /* Conjuncts of its WHERE clause */
  const UnnestCorr *aCorr, int nCorr  /* Those that are correlations */
){
  Bitmask mIn;              /* Items added, starting from iRoot */
  Bitmask mAll;             /* All items */
  int iRoot, i, j, bMore;
  if( pSrc->nSrc>=BMS ) return 0;
  mAll = (((Bitmask)1)<<pSrc->nSrc) - 1;
  for(iRoot=0; iRoot<pSrc->nSrc; iRoot++){
    mIn = ((Bitmask)1)<<iRoot;
    do{
      bMore = 0;
      for(i=0; i<nConj; i++){
        Expr *pConj = apConj[i];
        int iA, iB;
        for(j=0; j<nCorr && aCorr[j].pConj!=pConj; j++){}
        if( j<nCorr ) continue;
        if( pConj->op!=TK_EQ && pConj->op!=TK_IS ) continue;
        iA = unnestItemOf(pSrc, pConj->pLeft);
        iB = unnestItemOf(pSrc, pConj->pRight);
        if( iA<0 || iB<0 || iA==iB ) continue;
        if( (mIn & MASKBIT(iA))!=0 && (mIn & MASKBIT(iB))==0
         && unnestIsKey(pParse, &pSrc->a[iB], pConj, pConj->pRight)
        ){
          mIn |= MASKBIT(iB);
          bMore = 1;
        }else if( (mIn & MASKBIT(iB))!=0 && (mIn & MASKBIT(iA))==0
         && unnestIsKey(pParse, &pSrc->a[iA], pConj, pConj->pLeft)
        ){
          mIn |= MASKBIT(iA);
          bMore = 1;
        }
      }
    }while( bMore && mIn!=mAll );
    if( mIn==mAll ) return 1;
  }
  return 0;
}

/*
** Return true if every expression of pList is unnestSafe().
*/
static int unnestSafeList(ExprList *pList){
  int i;
  for(i=0; i<pList->nExpr; i++){
    if( !unnestSafe(pList->a[i].pExpr) ) return 0;
  }
  return 1;
}

/*
** Return true if the values of pExpr, whose affinity is TEXT, are texts
** or NULL: a column of an ordinary table (whose TEXT affinity converts
** every number stored) or a CAST to TEXT.
*/
static int unnestOnlyText(const Expr *pExpr){
  pExpr = sqlite3ExprSkipCollate((Expr*)pExpr);
  if( pExpr->op==TK_CAST ) return 1;
  if( pExpr->op!=TK_COLUMN ) return 0;
  assert( ExprUseYTab(pExpr) );
  return pExpr->y.pTab!=0
      && IsOrdinaryTable(pExpr->y.pTab)
      && (pExpr->y.pTab->tabFlags & TF_Ephemeral)==0;
}

/*
** Return true if pInner is a column that leads an index of its table, or
** is its rowid: a run of the subquery can search on it.
*/
static int unnestSearchable(Expr *pInner){
  const Table *pTab;
  const Index *pIdx;
  pInner = sqlite3ExprSkipCollate(pInner);
  if( pInner->op!=TK_COLUMN ) return 0;
  assert( ExprUseYTab(pInner) );
  pTab = pInner->y.pTab;
  if( pTab==0 ) return 0;
  if( pInner->iColumn<0 ) return 1;
  if( HasRowid(pTab) && pInner->iColumn==pTab->iPKey ) return 1;
  for(pIdx=pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    if( pIdx->nKeyCol>0 && pIdx->aiColumn[0]==pInner->iColumn ) return 1;
  }
  return 0;
}

/*
** Conjunct pConj of the subquery reads an outer table.  If it is an
** equality that can move out of the subquery (see the header comment),
** fill *pCorr and return 1; return 0 otherwise.
*/
static int unnestCorrelation(
  Parse *pParse,            /* Parsing context */
  const int *aCur,          /* The cursors of the subquery */
  int bRightJoin,           /* The subquery has a RIGHT or FULL JOIN */
  Expr *pConj,              /* The conjunct */
  UnnestCorr *pCorr         /* OUT: what moves */
){
  int eLeft, eRight;
  char aff;
  CollSeq *pColl;
  if( pConj->op!=TK_EQ ) return 0;
  if( ExprHasProperty(pConj, EP_OuterON|EP_Reduced|EP_TokenOnly) ) return 0;
  if( bRightJoin && ExprHasProperty(pConj, EP_InnerON) ){
    /* An inner join's ON clause left of a RIGHT JOIN filters before the
    ** RIGHT JOIN adds its unmatched rows: not a WHERE term */
    return 0;
  }
  eLeft = unnestRefs(aCur, pConj->pLeft);
  eRight = unnestRefs(aCur, pConj->pRight);
  if( (eLeft & UNNEST_OUTER)==0 && eRight==UNNEST_OUTER ){
    pCorr->pInner = pConj->pLeft;
    pCorr->pOuter = pConj->pRight;
  }else if( (eRight & UNNEST_OUTER)==0 && eLeft==UNNEST_OUTER ){
    pCorr->pInner = pConj->pRight;
    pCorr->pOuter = pConj->pLeft;
  }else{
    return 0;
  }
  pCorr->pConj = pConj;
  pCorr->zColl = 0;
  if( !unnestSafe(pCorr->pInner) || !unnestSafe(pCorr->pOuter) ) return 0;
  pColl = sqlite3BinaryCompareCollSeq(pParse, pConj->pLeft, pConj->pRight);
  if( pColl==0 ) pColl = pParse->db->pDfltColl;
  if( pColl!=sqlite3ExprNNCollSeq(pParse, pCorr->pOuter) ){
    /* The outer side compares with another collating sequence than its
    ** own.  The IN would take its left operand's, or, where that has none,
    ** its right operand's, and the planner would search an index of the
    ** outer column with the column's own: name the equality's on the
    ** IN's operand. */
    pCorr->zColl = pColl->zName;
  }
  aff = sqlite3CompareAffinity(pCorr->pInner,
                               sqlite3ExprAffinity(pCorr->pOuter));
  if( aff==SQLITE_AFF_REAL || aff==SQLITE_AFF_FLEXNUM ){
    /* OP_MakeRecord stores an integer beyond 2^47 as a REAL under REAL
    ** affinity, losing digits the equality compares */
    return 0;
  }
  if( aff==SQLITE_AFF_TEXT ){
    const Expr *pText = pCorr->pInner;
    if( sqlite3ExprAffinity(pText)!=SQLITE_AFF_TEXT ) pText = pCorr->pOuter;
    if( !unnestOnlyText(pText) ) return 0;
  }
  return 1;
}

/*
** Append the top-level conjuncts of pExpr to apConj (*pnConj of them so
** far).  Return 0 if there are more than UNNEST_MAX_CONJ.
*/
static int unnestSplit(Expr *pExpr, Expr **apConj, int *pnConj){
  if( pExpr==0 ) return 1;
  if( pExpr->op==TK_AND ){
    return unnestSplit(pExpr->pLeft, apConj, pnConj)
        && unnestSplit(pExpr->pRight, apConj, pnConj);
  }
  if( *pnConj>=UNNEST_MAX_CONJ ) return 0;
  apConj[(*pnConj)++] = pExpr;
  return 1;
}

/*
** Return true if the shape of subquery pSub allows unnesting: one SELECT
** over two or more ordinary tables (no view, FROM subquery or CTE, whose
** columns may compute expressions that raise errors; no virtual table,
** whose xFilter converts the values of its constraints its own way) with
** no aggregate, GROUP BY, HAVING, window, LIMIT or WITH clause.
*/
static int unnestShapeOk(const Select *pSub){
  int i;
  if( pSub->pSrc==0 ) return 0;
  for(i=0; i<pSub->pSrc->nSrc; i++){
    const SrcItem *pItem = &pSub->pSrc->a[i];
    if( pItem->fg.isSubquery || pItem->fg.isTabFunc ) return 0;
    if( pItem->pSTab==0 || !IsOrdinaryTable(pItem->pSTab) ) return 0;
  }
  return pSub->pPrior==0
      && pSub->pNext==0
      && (pSub->selFlags & (SF_Aggregate|SF_Recursive))==0
      && pSub->pGroupBy==0
      && pSub->pHaving==0
      && pSub->pLimit==0
      && pSub->pWith==0
#ifndef SQLITE_OMIT_WINDOWFUNC
      && pSub->pWin==0
      && pSub->pWinDefn==0
#endif
      && pSub->pSrc!=0
      && pSub->pSrc->nSrc>=2;
}

/*
** Turn conjunct pConj, whose operands have moved elsewhere, into the
** constant TRUE, as existsToJoin() does.
*/
static void unnestMakeTrue(Parse *pParse, Expr *pConj){
  sqlite3ExprDeferredDelete(pParse, pConj->pLeft);
  sqlite3ExprDeferredDelete(pParse, pConj->pRight);
  memset(pConj, 0, sizeof(*pConj));
  pConj->op = TK_INTEGER;
  pConj->u.iValue = 1;
  ExprSetProperty(pConj, EP_IntValue);
}

/*
** Unnest the subquery of the top-level WHERE conjunct *ppTerm, of shape
** eKind, if it qualifies (see the header comment).  Nothing changes if it
** does not, or if memory runs out.
*/
static void unnestOne(Parse *pParse, Expr **ppTerm, int eKind){
  sqlite3 *db = pParse->db;
  Expr *pSubq = eKind==UNNEST_NOT_EXISTS ? (*ppTerm)->pLeft : *ppTerm;
  Select *pSub = pSubq->x.pSelect;
  int aCur[UNNEST_MAX_CURSOR+1];
  Expr *apConj[UNNEST_MAX_CONJ];
  UnnestCorr aCorr[UNNEST_MAX_CORR];
  int nConj = 0, nCorr = 0, i;
  int bRightJoin = 0;       /* The subquery has a RIGHT or FULL JOIN */
  ExprList *pNewList = 0;   /* The subquery's new result */
  ExprList *pNewLhs = 0;    /* The fields of the IN's new left operand */
  Expr *pLhs = 0;           /* The IN's new left operand */
  Expr *pNotNull = 0;       /* NOT EXISTS: TK_AND(-, ci IS NOT NULL...) */
  Expr *pIsNull = 0;        /* NOT EXISTS: oi IS NULL OR ... */
  Expr *pCase = 0;          /* NOT EXISTS: the CASE that replaces it */

  if( ExprHasProperty(pSubq, EP_Reduced|EP_TokenOnly|EP_Subrtn) ) return;
  if( !unnestShapeOk(pSub) ) return;
  if( !unnestCursors(pSub, aCur) ) return;
  if( !unnestSplit(pSub->pWhere, apConj, &nConj) ) return;
  for(i=0; i<pSub->pSrc->nSrc; i++){
    if( pSub->pSrc->a[i].fg.jointype & (JT_RIGHT|JT_LTORJ) ) bRightJoin = 1;
  }
  for(i=0; i<nConj; i++){
    if( (unnestRefs(aCur, apConj[i]) & UNNEST_OUTER)==0 ){
      /* Evaluated, once unnested, for rows the correlation used to skip */
      if( !unnestSafeCond(pParse, apConj[i]) ) return;
      continue;
    }
    if( nCorr>=UNNEST_MAX_CORR ) return;
    if( !unnestCorrelation(pParse, aCur, bRightJoin, apConj[i],
                           &aCorr[nCorr]) ){
      return;
    }
    if( unnestSearchable(aCorr[nCorr].pInner) ) return;
    nCorr++;
  }
  if( nCorr==0 ) return;
  if( !unnestKeyTree(pParse, pSub->pSrc, apConj, nConj, aCorr, nCorr) ){
    return;
  }
  if( unnestRefsFrom(aCur, pSub) & UNNEST_OUTER ) return;
  if( eKind==UNNEST_IN ){
    /* DISTINCT keeps one of the values its collating sequence or affinity
    ** takes for equal, which the IN may then tell apart */
    if( pSub->selFlags & SF_Distinct ) return;
    /* The ORDER BY of an IN is evaluated, and dropped once unnested */
    if( pSub->pOrderBy ){
      for(i=0; i<pSub->pOrderBy->nExpr; i++){
        if( !unnestSafeCond(pParse, pSub->pOrderBy->a[i].pExpr) ) return;
      }
    }
    if( pSubq->pLeft->op==TK_SELECT ) return;
    if( unnestRefsList(aCur, pSub->pEList) & UNNEST_OUTER ) return;
    if( !unnestSafeList(pSub->pEList) ) return;
  }

  /* Build the new parts from copies, so that the tree is left as it was
  ** if memory runs out. */
  if( eKind==UNNEST_IN ){
    Expr *pLeft = pSubq->pLeft;
    pNewList = sqlite3ExprListDup(db, pSub->pEList, 0);
    if( pLeft->op==TK_VECTOR ){
      pNewLhs = sqlite3ExprListDup(db, pLeft->x.pList, 0);
    }else{
      pNewLhs = sqlite3ExprListAppend(pParse, 0, sqlite3ExprDup(db,pLeft,0));
    }
  }
  for(i=0; i<nCorr; i++){
    Expr *pOut = sqlite3ExprDup(db, aCorr[i].pOuter, 0);
    pNewList = sqlite3ExprListAppend(pParse, pNewList,
                                     sqlite3ExprDup(db, aCorr[i].pInner, 0));
    if( aCorr[i].zColl ){
      pOut = sqlite3ExprAddCollateString(pParse, pOut, aCorr[i].zColl);
    }
    pNewLhs = sqlite3ExprListAppend(pParse, pNewLhs, pOut);
    if( eKind==UNNEST_NOT_EXISTS ){
      Expr *pNN = sqlite3PExpr(pParse, TK_NOTNULL,
                               sqlite3ExprDup(db, aCorr[i].pInner, 0), 0);
      Expr *pIN = sqlite3PExpr(pParse, TK_ISNULL,
                               sqlite3ExprDup(db, aCorr[i].pOuter, 0), 0);
      pNotNull = pNotNull ? sqlite3PExpr(pParse, TK_AND, pNotNull, pNN) : pNN;
      pIsNull = pIsNull ? sqlite3PExpr(pParse, TK_OR, pIsNull, pIN) : pIN;
    }
  }
  if( pNewLhs && pNewLhs->nExpr==1 ){
    pLhs = pNewLhs->a[0].pExpr;
    pNewLhs->a[0].pExpr = 0;
    sqlite3ExprListDelete(db, pNewLhs);
  }else if( pNewLhs ){
    pLhs = sqlite3PExpr(pParse, TK_VECTOR, 0, 0);
    if( pLhs ){
      pLhs->x.pList = pNewLhs;
      sqlite3ExprSetHeightAndFlags(pParse, pLhs);
    }else{
      sqlite3ExprListDelete(db, pNewLhs);
    }
  }
  if( eKind==UNNEST_NOT_EXISTS ){
    /* CASE WHEN oi IS NULL OR ... THEN 1 WHEN <IN> THEN 0 ELSE 1 END, the
    ** IN's slot left empty.  A CASE tests its WHENs taking NULL for FALSE,
    ** which spares the IN the search for a partial match that a vector
    ** operand takes to tell NULL from FALSE (the set holds no NULL). */
    ExprList *pWhen = sqlite3ExprListAppend(pParse, 0, pIsNull);
    pIsNull = 0;
    pWhen = sqlite3ExprListAppend(pParse, pWhen, sqlite3ExprInt32(db, 1));
    pWhen = sqlite3ExprListAppend(pParse, pWhen, sqlite3ExprInt32(db, 1));
    pWhen = sqlite3ExprListAppend(pParse, pWhen, sqlite3ExprInt32(db, 0));
    pWhen = sqlite3ExprListAppend(pParse, pWhen, sqlite3ExprInt32(db, 1));
    pCase = sqlite3PExpr(pParse, TK_CASE, 0, 0);
    if( pCase ){
      pCase->x.pList = pWhen;
    }else{
      sqlite3ExprListDelete(db, pWhen);
    }
    pNotNull = sqlite3PExpr(pParse, TK_AND, 0, pNotNull);
  }
  if( db->mallocFailed || pParse->nErr ){
    sqlite3ExprListDelete(db, pNewList);
    sqlite3ExprDelete(db, pLhs);
    sqlite3ExprDelete(db, pNotNull);
    sqlite3ExprDelete(db, pIsNull);
    sqlite3ExprDelete(db, pCase);
    return;
  }

  /* Splice them in.  Nothing below allocates. */
  assert( pNewList && pNewList->nExpr==sqlite3ExprVectorSize(pLhs) );
  sqlite3ParserAddCleanup(pParse, sqlite3ExprListDeleteGeneric, pSub->pEList);
  pSub->pEList = pNewList;
  /* An EXISTS ignores its result, so its DISTINCT too; once the result is
  ** the ci, DISTINCT would remove duplicates with their collating sequence,
  ** not the comparison's (an IN with DISTINCT is not unnested) */
  pSub->selFlags &= ~(u32)SF_Distinct;
  if( pSub->pOrderBy ){
    /* Ignored by an IN or EXISTS, and may name result columns no more */
    sqlite3ParserAddCleanup(pParse, sqlite3ExprListDeleteGeneric,
                            pSub->pOrderBy);
    pSub->pOrderBy = 0;
  }
  for(i=0; i<nCorr; i++){
    unnestMakeTrue(pParse, aCorr[i].pConj);
  }
  if( eKind==UNNEST_IN ){
    sqlite3ExprDeferredDelete(pParse, pSubq->pLeft);
  }else{
    assert( pSubq->op==TK_EXISTS && pSubq->pLeft==0 );
    pSubq->op = TK_IN;
  }
  pSubq->pLeft = pLhs;
  ExprClearProperty(pSubq, EP_VarSelect);
  pSub->selFlags &= ~(u32)SF_Correlated;
  sqlite3ExprSetHeightAndFlags(pParse, pSubq);
  if( eKind==UNNEST_NOT_EXISTS ){
    Expr *pNot = *ppTerm;
    pNotNull->pLeft = pSub->pWhere;
    pNotNull->flags |= pSub->pWhere->flags & EP_Propagate;
#if SQLITE_MAX_EXPR_DEPTH>0
    if( pNotNull->nHeight<=pSub->pWhere->nHeight ){
      pNotNull->nHeight = pSub->pWhere->nHeight + 1;
    }
#endif
    pSub->pWhere = pNotNull;
    assert( pCase->x.pList->nExpr==5 && pCase->x.pList->a[2].pExpr );
    sqlite3ExprDelete(db, pCase->x.pList->a[2].pExpr);
    pCase->x.pList->a[2].pExpr = pSubq;
    pNot->pLeft = 0;
    sqlite3ExprDeferredDelete(pParse, pNot);
    *ppTerm = pCase;
    sqlite3ExprSetHeightAndFlags(pParse, pCase);
  }
}

/*
** Unnest the qualifying subqueries of the top-level conjuncts of *ppWhere
** (see unnestOne()).
*/
static void unnestConjuncts(Parse *pParse, Expr **ppWhere){
  Expr *pExpr = *ppWhere;
  if( pExpr==0 || pParse->nErr ) return;
  if( ExprHasProperty(pExpr, EP_OuterON|EP_InnerON) ) return;
  switch( pExpr->op ){
    case TK_AND:
      unnestConjuncts(pParse, &pExpr->pLeft);
      unnestConjuncts(pParse, &pExpr->pRight);
      break;
    case TK_IN:
      if( ExprUseXSelect(pExpr) && ExprHasProperty(pExpr, EP_VarSelect) ){
        unnestOne(pParse, ppWhere, UNNEST_IN);
      }
      break;
    case TK_EXISTS:
      if( ExprHasProperty(pExpr, EP_VarSelect) ){
        unnestOne(pParse, ppWhere, UNNEST_EXISTS);
      }
      break;
    case TK_NOT:
      if( pExpr->pLeft->op==TK_EXISTS
       && ExprHasProperty(pExpr->pLeft, EP_VarSelect)
       && !ExprHasProperty(pExpr, EP_Reduced|EP_TokenOnly)
      ){
        unnestOne(pParse, ppWhere, UNNEST_NOT_EXISTS);
      }
      break;
  }
}

/*
** Called by sqlite3Select() for SELECT p (not a compound) before it codes
** its WHERE clause: with PRAGMA subquery_unnest on, in a statement that
** writes no table, unnest the correlated IN, EXISTS and NOT EXISTS
** subqueries of the top-level conjuncts of that WHERE clause that qualify
** (see the header comment).
*/
void sqlite3UnnestWhere(Parse *pParse, Select *p){
  if( !pParse->db->fork.unnest.bOn ) return;
  if( p->pWhere==0 || pParse->nErr ) return;
  if( pParse->pToplevel!=0 || pParse->nested!=0 ) return;
  if( !DbMaskAllZero(pParse->writeMask) ) return;
  unnestConjuncts(pParse, &p->pWhere);
}
