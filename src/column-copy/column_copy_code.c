/*
** 2026 November 26
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
** Column copies, code generation: a loop over a table with a copy, its
** WHERE terms and its rowid lookups.  The design is in
** doc/column-copy.md.
*/
#include "column_copy_int.h"

/************************************************************************
** The planner: a full scan of a table with a copy
*/

/*
** If pExpr is a column of cursor iCur stored in the table's records (not
** its INTEGER PRIMARY KEY, not a VIRTUAL generated column), return its
** stored column number; else -1.
*/
static int ccTermColumn(Table *pTab, int iCur, const Expr *pExpr){
  int iCol;
  if( pExpr==0 || pExpr->op!=TK_COLUMN || pExpr->iTable!=iCur ) return -1;
  iCol = pExpr->iColumn;
  if( iCol<0 || iCol==pTab->iPKey ) return -1;
  if( pTab->aCol[iCol].colFlags & COLFLAG_VIRTUAL ) return -1;
  return sqlite3TableColumnToStorage(pTab, (i16)iCol);
}

/*
** The comparison op seen from the column's side of "const OP column".
*/
static u8 ccCommute(u8 op){
  switch( op ){
    case TK_LT: return TK_GT;
    case TK_LE: return TK_GE;
    case TK_GT: return TK_LT;
    case TK_GE: return TK_LE;
  }
  return op;
}

/*
** Return true if pExpr is a constant the scan can read when its loop
** starts: sqlite3ExprCodeRunJustOnce() codes it in the statement's
** initialization.  One that calls a function is coded where the loop's
** code is (an OP_Once), after the opcode that starts the loop, which
** would read its register before it is set.
*/
static int ccConstant(Parse *pParse, Expr *pExpr){
  testcase( ExprHasProperty(pExpr, EP_HasFunc) );
  return sqlite3ExprIsConstant(pParse, pExpr)
      && !ExprHasProperty(pExpr, EP_HasFunc);
}

/*
** If pE is "col LIKE pattern" or "col GLOB pattern" (with the built-in
** like() or glob(), an ESCAPE of one ASCII byte), or the NOT of one, with
** a stored column of cursor iCur and a constant pattern, in a UTF-8
** database, and PRAGMA column_scan_like is on, fill *pOut (the pattern is
** returned through apConst[0]) and return 1.  The scan decides the term
** for the rows whose value is a text (column_copy_match.c); like()
** converts the others, and the loop's body decides them.
*/
static int ccTermMatch(
  Parse *pParse,
  Table *pTab,
  int iCur,
  Expr *pE,
  CCPlanTerm *pOut,
  Expr **apConst,
  int *pnConst
){
  sqlite3 *db = pParse->db;
  u8 eMatch = 0;
  int bNoCase = 0, iCol;
  char aWc[4];
  ExprList *pList;
  if( !db->fork.colcopy.bLike || ENC(db)!=SQLITE_UTF8 ) return 0;
  if( pE->op==TK_NOT ){
    eMatch = CC_MATCH_NOT;
    pE = pE->pLeft;
    if( pE==0 || pE->op!=TK_FUNCTION ) return 0;
  }
  assert( pE->op==TK_FUNCTION );
  if( !ExprUseXList(pE) || ExprHasProperty(pE, EP_WinFunc) ) return 0;
  pList = pE->x.pList;
  if( pList==0 || pList->nExpr<2 || pList->nExpr>3 ) return 0;
  if( !sqlite3IsLikeFunction(db, pE, &bNoCase, aWc) ) return 0;
  if( (u8)aWc[3]>=0x80 ) return 0;        /* An escape that is not ASCII */
  /* like(pattern, text[, escape]): "A LIKE B" is like(B, A) */
  iCol = ccTermColumn(pTab, iCur, pList->a[1].pExpr);
  if( iCol<0 || !ccConstant(pParse, pList->a[0].pExpr) ) return 0;
  if( bNoCase ) eMatch |= CC_MATCH_NOCASE;
  if( aWc[0]=='*' ) eMatch |= CC_MATCH_GLOB;
  pOut->iCol = iCol;
  pOut->op = TK_LIKE_KW;
  pOut->aff = SQLITE_AFF_BLOB;          /* like() applies no affinity */
  pOut->bBinary = 1;
  pOut->eMatch = eMatch;
  memcpy(pOut->aWc, aWc, 4);
  apConst[0] = pList->a[0].pExpr;
  *pnConst = 1;
  return 1;
}

/*
** Consider WHERE term pTerm for evaluation inside the scan of cursor
** iCur.  If it compares a stored column with constants in a way the scan
** evaluates, fill *pOut (its constants to be coded are returned through
** apConst[], *pnConst) and return 1.
*/
static int ccTermUsable(
  Parse *pParse,
  Table *pTab,
  int iCur,
  Expr *pE,
  CCPlanTerm *pOut,
  Expr **apConst,
  int *pnConst
){
  Expr *pCol, *pVal;
  u8 op = pE->op;
  int iCol;
  CollSeq *pColl;
  memset(pOut, 0, sizeof(*pOut));
  switch( op ){
    case TK_NOT: case TK_FUNCTION:
      return ccTermMatch(pParse, pTab, iCur, pE, pOut, apConst, pnConst);
    case TK_ISNULL: case TK_NOTNULL:
      iCol = ccTermColumn(pTab, iCur, pE->pLeft);
      if( iCol<0 ) return 0;
      pOut->iCol = iCol;
      pOut->op = op;
      pOut->aff = SQLITE_AFF_BLOB;
      pOut->bBinary = 1;
      *pnConst = 0;
      return 1;
    case TK_IN: {
      ExprList *pList;
      int i;
      if( !ExprUseXList(pE) || (pList = pE->x.pList)==0 ) return 0;
      iCol = ccTermColumn(pTab, iCur, pE->pLeft);
      if( iCol<0 || pList->nExpr>CC_MAX_LIST ) return 0;
      assert( pE->pLeft->op==TK_COLUMN );   /* No COLLATE, not a vector */
      /* An IN list compares with the collation of its left operand alone,
      ** a COLLATE on an item does not count: sqlite3ExprCodeIN() and
      ** sqlite3CodeRhsOfIN() both take sqlite3ExprCollSeq(pLeft).  (A
      ** list of one item is an equality, TK_EQ below, by the parser.) */
      pColl = sqlite3ExprCollSeq(pParse, pE->pLeft);
      pOut->bBinary = pColl==0 || sqlite3IsBinary(pColl);
      for(i=0; i<pList->nExpr; i++){
        Expr *pX = pList->a[i].pExpr;
        if( !ccConstant(pParse, pX) ) return 0;
        apConst[i] = pX;
      }
      pOut->iCol = iCol;
      pOut->op = TK_IN;
      pOut->aff = sqlite3ExprAffinity(pE->pLeft);
      if( pOut->aff<=SQLITE_AFF_NONE ) pOut->aff = SQLITE_AFF_BLOB;
      *pnConst = pList->nExpr;
      return 1;
    }
    case TK_EQ: case TK_LT: case TK_LE: case TK_GT: case TK_GE:
      break;
    default:
      return 0;
  }
  if( ExprHasProperty(pE, EP_Commuted) ){
    /* Not expected from the parser; the collation rules depend on it */
    return 0;
  }
  pCol = pE->pLeft;
  pVal = pE->pRight;
  iCol = ccTermColumn(pTab, iCur, pCol);
  if( iCol<0 ){
    pCol = pE->pRight;
    pVal = pE->pLeft;
    iCol = ccTermColumn(pTab, iCur, pCol);
    if( iCol<0 ) return 0;
    op = ccCommute(op);
  }
  if( pVal==0 || sqlite3ExprIsVector(pVal) || !ccConstant(pParse, pVal) ){
    return 0;
  }
  pColl = sqlite3ExprCompareCollSeq(pParse, pE);
  pOut->iCol = iCol;
  pOut->op = op;
  pOut->aff = sqlite3CompareAffinity(pE->pRight,
                                     sqlite3ExprAffinity(pE->pLeft));
  pOut->bBinary = pColl==0 || sqlite3IsBinary(pColl);
  apConst[0] = pVal;
  *pnConst = 1;
  return 1;
}

/*
** If the statement of pParse may read a copy of table pTab (PRAGMA
** column_scan is on, the copy and its shadow tables exist), set apShadow[]
** to lipsqlite_column_copy, the copy's _dir and _data tables, the file's
** stamp and the copy's _changed table (CC_SHADOW tables), and return the
** copy's id.  Else return
** 0: a file with no stamp has no copy that can be read.
*/
i64 sqlite3CcShadowTables(Parse *pParse, Table *pTab, Table **apShadow){
  sqlite3 *db = pParse->db;
  i64 iId;
  int iDb, i;
  const char *zDb;
  char zName[64];
  if( !db->fork.colcopy.bOn || pParse->pVdbe==0 ) return 0;
  /* Copies are read in UTF-8 databases only: in a UTF-16 one, OP_Column
  ** gives a BLOB longer than 4000 bytes that lies on overflow pages the
  ** encoding UTF-8 (vdbeColumnFromOverflow()), others the database's, so
  ** a CAST of the BLOB to TEXT or to a number depends on where the row's
  ** bytes lie in its page; the copy cannot know that */
  if( ENC(db)!=SQLITE_UTF8 ) return 0;
  if( pTab==0 || !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) return 0;
  if( pTab->pTrigger==0 ) return 0;
  iId = sqlite3CcCopyOf(pTab, 0, 0);
  if( iId==0 ) return 0;
  iDb = sqlite3SchemaToIndex(db, pTab->pSchema);
  if( iDb==1 ) return 0;
  zDb = db->aDb[iDb].zDbSName;
  apShadow[0] = sqlite3FindTable(db, CC_PREFIX, zDb);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_dir", iId);
  apShadow[1] = sqlite3FindTable(db, zName, zDb);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_data", iId);
  apShadow[2] = sqlite3FindTable(db, zName, zDb);
  apShadow[3] = sqlite3FindTable(db, CC_STAMP, zDb);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_changed", iId);
  apShadow[4] = sqlite3FindTable(db, zName, zDb);
  for(i=0; i<CC_SHADOW; i++){
    if( apShadow[i]==0 || !HasRowid(apShadow[i]) ) return 0;
  }
  return iId;
}

/*
** Free plan p, the P4 of a column-copy opcode (freeP4()).
*/
static void ccPlanFree(sqlite3 *db, ForkP4 *p){
  sqlite3DbFree(db, p);
}

/*
** Append plan p to pStr as EXPLAIN shows the P4 of a column-copy opcode:
** the copy, the columns read from it, the WHERE terms evaluated on its
** vectors and the rowid range, e.g. "copy 2, 3 of 7 columns, 1 term,
** rowid>= r[5], rowid<= r[6]".
*/
static void ccPlanDisplay(const ForkP4 *pP4, sqlite3_str *pStr){
  const CCPlan *p = (const CCPlan*)pP4;
  int i, nUsed = 0;
  for(i=0; i<p->nCol; i++){
    if( p->aUsed && p->aUsed[i] ) nUsed++;
  }
  sqlite3_str_appendf(pStr, "copy %lld", p->iId);
  if( p->aUsed ){
    sqlite3_str_appendf(pStr, ", %d of %d columns, %d term%s", nUsed,
                        p->nCol, p->nTerm, p->nTerm==1 ? "" : "s");
  }
  if( p->opStart==OP_SeekGE || p->opStart==OP_SeekGT ){
    sqlite3_str_appendf(pStr, ", rowid>%s r[%d]",
                        p->opStart==OP_SeekGE ? "=" : "", p->iRegStart);
  }
  if( p->opEnd ){
    /* The end test jumps out of the loop: OP_Gt past the bound, OP_Ge at
    ** it */
    sqlite3_str_appendf(pStr, ", rowid<%s r[%d]",
                        p->opEnd==OP_Gt ? "=" : "", p->iRegEnd);
  }
}

/*
** Fill in the copy's part of plan pPlan, for table pTab and the copy iId
** that sqlite3CcShadowTables() found with apShadow[], and lock the shadow tables
** for reading (shared cache).
*/
void sqlite3CcPlanInit(
  Parse *pParse,
  CCPlan *pPlan,
  Table *pTab,
  i64 iId,
  Table **apShadow
){
  int iDb = sqlite3SchemaToIndex(pParse->db, pTab->pSchema);
  int i;
  pPlan->base.xDisplay = ccPlanDisplay;
  pPlan->base.xFree = ccPlanFree;
  pPlan->iId = iId;
  pPlan->iMetaRoot = apShadow[0]->tnum;
  pPlan->iDirRoot = apShadow[1]->tnum;
  pPlan->iDataRoot = apShadow[2]->tnum;
  pPlan->iTabRoot = pTab->tnum;
  pPlan->iDb = iDb;
  pPlan->nCol = pTab->nNVCol;
  pPlan->iStampRoot = apShadow[3]->tnum;
  pPlan->iChangedRoot = apShadow[4]->tnum;
  for(i=0; i<CC_SHADOW; i++){
    sqlite3TableLock(pParse, iDb, apShadow[i]->tnum, 0, apShadow[i]->zName);
  }
}

/*
** Collect into aTerm[] (their constants into apConst[], counted in
** *pnReg) the WHERE terms of pWInfo on the table of level pLevel alone
** that a scan of its copy can evaluate, and return their number.  For
** a scan of the loop (bFill false): the terms on that table alone; for
** the loop that fills the level's automatic index (bFill true): the terms
** that constructAutomaticIndex() puts into the index's partial condition,
** which the loop's body evaluates on every row.
*/
static int ccTerms(
  Parse *pParse,
  WhereInfo *pWInfo,
  WhereLevel *pLevel,
  Table *pTab,
  int bFill,
  CCPlanTerm *aTerm,              /* Out: CC_MAX_TERM entries */
  Expr **apConst,                 /* Out: CC_MAX_TERM*CC_MAX_LIST entries */
  int *pnReg
){
  WhereClause *pWC = &pWInfo->sWC;
  int iCur = pLevel->iTabCur;
  Bitmask mSelf = sqlite3WhereGetMask(&pWInfo->sMaskSet, iCur);
  int i, nTerm = 0, nReg = 0;
  for(i=0; i<pWC->nTerm && pParse->okConstFactor; i++){
    WhereTerm *pTerm = &pWC->a[i];
    int nConst = 0;
    if( nTerm>=CC_MAX_TERM ) break;
    if( pTerm->wtFlags & (TERM_VNULL|TERM_LIKEOPT|TERM_LIKECOND|TERM_SLICE
                          |TERM_IS|TERM_VARSELECT) ){
      continue;
    }
    if( bFill ){
      if( (pTerm->wtFlags & TERM_VIRTUAL)!=0
       || !sqlite3ExprIsSingleTableConstraint(pTerm->pExpr, pWInfo->pTabList,
                                              pLevel->iFrom, 0)
      ){
        continue;
      }
    }else{
      if( pTerm->prereqAll!=mSelf ) continue;
      if( ExprHasProperty(pTerm->pExpr, EP_OuterON) ) continue;
    }
    if( !ccTermUsable(pParse, pTab, iCur, pTerm->pExpr, &aTerm[nTerm],
                      &apConst[nReg], &nConst) ){
      continue;
    }
    aTerm[nTerm].iReg = nReg;
    aTerm[nTerm].nReg = nConst;
    nReg += nConst;
    nTerm++;
  }
  *pnReg = nReg;
  return nTerm;
}

/*
** A new plan for a scan of the copy iId of pTab (shadow tables apShadow[])
** with the nTerm terms aTerm[], whose nReg constants apConst[] are coded
** to be computed once, or 0 after an out-of-memory.
*/
static CCPlan *ccPlanNew(
  Parse *pParse,
  Table *pTab,
  i64 iId,
  Table **apShadow,
  CCPlanTerm *aTerm,
  int nTerm,
  Expr **apConst,
  int nReg
){
  CCPlan *pPlan;
  int i;
  pPlan = sqlite3DbMallocZero(pParse->db, sizeof(CCPlan)
                              + sizeof(CCPlanTerm)*nTerm
                              + sizeof(int)*(nReg+1) + pTab->nNVCol + 1);
  if( pPlan==0 ) return 0;
  pPlan->aTerm = (CCPlanTerm*)&pPlan[1];
  pPlan->aReg = (int*)&pPlan->aTerm[nTerm];
  pPlan->aUsed = (u8*)&pPlan->aReg[nReg+1];
  sqlite3CcPlanInit(pParse, pPlan, pTab, iId, apShadow);
  pPlan->nTerm = nTerm;
  if( nTerm ) memcpy(pPlan->aTerm, aTerm, sizeof(CCPlanTerm)*nTerm);
  for(i=0; i<nReg; i++){
    pPlan->aReg[i] = sqlite3ExprCodeRunJustOnce(pParse, apConst[i], -1);
  }
  return pPlan;
}

/*
** The address of the opcode that starts the loop of level pLevel: the
** first opcode in [pLevel->addrBody, pLevel->p2) on the level's cursor
** that is op, or any of OP_Rewind, OP_SeekGE and OP_SeekGT if op is 0,
** searching back from pLevel->p2.  A full scan's OP_Rewind is right before
** p2; a rowid range's OP_SeekGE or OP_SeekGT (OP_Rewind if it has no
** lower bound) may be followed by the code of its upper bound.  Return -1
** if there is none.
*/
static int ccLoopStart(Vdbe *v, WhereLevel *pLevel, int op){
  int addr;
  for(addr=pLevel->p2-1; addr>=pLevel->addrBody && addr>=0; addr--){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, addr);
    if( pOp->p1!=pLevel->iTabCur ) continue;
    if( op ? pOp->opcode==op : (pOp->opcode==OP_Rewind
            || pOp->opcode==OP_SeekGE || pOp->opcode==OP_SeekGT) ){
      return addr;
    }
  }
  return -1;
}

/*
** Called by the code generator when it has coded the start of a forward
** full scan of level pLevel (its OP_Rewind) or of a scan of a rowid range
** (its seek and the test of its upper bound).  If the table has a usable
** copy, make the opcode that starts the loop OP_ColumnCopyRewind, with the
** plan in P4, and the loop's step OP_ColumnCopyNext;
** sqlite3ColumnCopyWhereEnd() finishes the job.
*/
void sqlite3ColumnCopyLoop(
  Parse *pParse,
  WhereInfo *pWInfo,
  WhereLevel *pLevel,
  int bRev
){
  sqlite3 *db = pParse->db;
  Vdbe *v = pParse->pVdbe;
  SrcItem *pItem;
  Table *pTab, *apShadow[CC_SHADOW];
  i64 iId;
  int iCur, i, nTerm = 0, nReg = 0;
  CCPlanTerm aTerm[CC_MAX_TERM];
  Expr *apConst[CC_MAX_TERM*CC_MAX_LIST];
  CCPlan *pPlan;
  sqlite3_str *pExpl = 0;
  u32 wsFlags = pLevel->pWLoop->wsFlags;
  int addrStart, opEnd = 0, addrProbe = pLevel->p2;
  Expr *pEndExpr = 0;

  if( bRev || !db->fork.colcopy.bOn || v==0 ) return;
  if( pWInfo->pSelect==0 || pWInfo->eOnePass!=ONEPASS_OFF ) return;
  if( pLevel->pRJ ) return;
  pItem = &pWInfo->pTabList->a[pLevel->iFrom];
  pTab = pItem->pSTab;
  iId = sqlite3CcShadowTables(pParse, pTab, apShadow);
  if( iId==0 ) return;
  iCur = pLevel->iTabCur;

  /* The opcode that starts the loop and, for a rowid range with an upper
  ** bound, the end test that wherecode.c codes first in the body:
  ** OP_Rowid into a register and OP_Gt or OP_Ge jumping out of the loop
  ** when the rowid passes the bound.  The bound is computed after the
  ** seek, so the scan computes its own copy of it, once: served only if
  ** it is constant for the statement. */
  addrStart = ccLoopStart(v, pLevel, 0);
  if( addrStart<0 ) return;
  if( (wsFlags & WHERE_COLUMN_RANGE)!=0 ){
    assert( wsFlags & WHERE_IPK );
    if( wsFlags & WHERE_TOP_LIMIT ){
      WhereLoop *pLoop = pLevel->pWLoop;
      VdbeOp *pRowid, *pTest;
      int iEnd = (wsFlags & WHERE_BTM_LIMIT) ? 1 : 0;
      if( NEVER(pLoop->nLTerm<=iEnd) ) return;
      pEndExpr = pLoop->aLTerm[iEnd]->pExpr->pRight;
      if( sqlite3ExprIsVector(pEndExpr) ){
        if( pEndExpr->op!=TK_VECTOR ) return;
        pEndExpr = pEndExpr->x.pList->a[0].pExpr;
      }
      if( !pParse->okConstFactor || !ccConstant(pParse, pEndExpr) ){
        return;
      }
      if( sqlite3VdbeCurrentAddr(v)<pLevel->p2+2 ) return;
      pRowid = sqlite3VdbeGetOp(v, pLevel->p2);
      pTest = sqlite3VdbeGetOp(v, pLevel->p2+1);
      if( pRowid->opcode!=OP_Rowid || pRowid->p1!=iCur ) return;
      if( pTest->opcode!=OP_Gt && pTest->opcode!=OP_Ge ) return;
      if( pTest->p3!=pRowid->p2 ) return;
      opEnd = pTest->opcode;
      addrProbe = pLevel->p2+2;
    }
  }else if( addrStart!=pLevel->p2-1
         || sqlite3VdbeGetOp(v, addrStart)->opcode!=OP_Rewind ){
    return;
  }

  /* The WHERE terms on this table alone that the scan can evaluate.  Not
  ** for the right table of a LEFT JOIN, whose WHERE terms apply after
  ** its NULL row is made. */
  if( !pLevel->iLeftJoin ){
    nTerm = ccTerms(pParse, pWInfo, pLevel, pTab, 0, aTerm, apConst, &nReg);
  }
  pPlan = ccPlanNew(pParse, pTab, iId, apShadow, aTerm, nTerm, apConst, nReg);
  if( pPlan==0 ) return;
  pPlan->opStart = sqlite3VdbeGetOp(v, addrStart)->opcode;
  pPlan->iRegStart = sqlite3VdbeGetOp(v, addrStart)->p3;
  pPlan->opEnd = (u8)opEnd;
  if( pEndExpr ){
    /* The end test reads the statement's copy of the bound too.  Its own
    ** register is set after the seek, and OP_ColumnCopyRewind, which
    ** reads the bound and may run the loop's body over the first vectors
    ** (the batch path, which reads the test's register as a constant),
    ** comes before it: from the second run of the statement on, that
    ** register would hold the bound of the previous run. */
    VdbeOp *pTest;
    pPlan->iRegEnd = sqlite3ExprCodeRunJustOnce(pParse, pEndExpr, -1);
    if( pParse->db->mallocFailed ){
      /* sqlite3VdbeGetOp() would return its dummy opcode */
      sqlite3DbFree(pParse->db, pPlan);
      return;
    }
    pTest = sqlite3VdbeGetOp(v, pLevel->p2+1);
    assert( pTest->opcode==opEnd );
    assert( pTest->p3==sqlite3VdbeGetOp(v, pLevel->p2)->p2 );
    pTest->p1 = pPlan->iRegEnd;
  }
  pPlan->addrLoop = pLevel->p2;
  pPlan->addrProbe = addrProbe;

  assert( pLevel->p2>0 );
  sqlite3VdbeChangeOpcode(v, addrStart, OP_ColumnCopyRewind);
  sqlite3VdbeChangeP4(v, addrStart, (char*)pPlan, P4_FORK);
  pLevel->op = OP_ColumnCopyNext;

  /* EXPLAIN QUERY PLAN: SCAN t USING COLUMN COPY (a<? AND b IN (...)) */
  if( pLevel->addrBody>0 ){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, pLevel->addrBody-1);
    if( pOp->opcode==OP_Explain && pOp->p4.z ){
      pExpl = sqlite3_str_new(db);
      sqlite3_str_appendf(pExpl, "%s USING COLUMN COPY", pOp->p4.z);
      for(i=0; i<nTerm; i++){
        int iTabCol = sqlite3StorageColumnToTable(pTab, (i16)aTerm[i].iCol);
        const char *zCol = pTab->aCol[iTabCol].zCnName;
        sqlite3_str_appendf(pExpl, "%s%s", i ? " AND " : " (", zCol);
        switch( aTerm[i].op ){
          case TK_ISNULL:  sqlite3_str_appendall(pExpl, " IS NULL"); break;
          case TK_NOTNULL: sqlite3_str_appendall(pExpl, " NOT NULL"); break;
          case TK_IN:      sqlite3_str_appendall(pExpl, " IN (...)"); break;
          case TK_LIKE_KW:
            sqlite3_str_appendf(pExpl, " %s%s ?",
                (aTerm[i].eMatch & CC_MATCH_NOT) ? "NOT " : "",
                (aTerm[i].eMatch & CC_MATCH_GLOB) ? "GLOB" : "LIKE");
            break;
          case TK_EQ:      sqlite3_str_appendall(pExpl, "=?"); break;
          case TK_LT:      sqlite3_str_appendall(pExpl, "<?"); break;
          case TK_LE:      sqlite3_str_appendall(pExpl, "<=?"); break;
          case TK_GT:      sqlite3_str_appendall(pExpl, ">?"); break;
          default:         sqlite3_str_appendall(pExpl, ">=?"); break;
        }
      }
      if( nTerm ) sqlite3_str_appendall(pExpl, ")");
      if( sqlite3_str_errcode(pExpl)==SQLITE_OK && pOp->p4type==P4_DYNAMIC ){
        sqlite3DbFree(db, pOp->p4.z);
        pOp->p4.z = sqlite3_str_finish(pExpl);
      }else{
        sqlite3_free(sqlite3_str_finish(pExpl));
      }
    }
  }
}

/*
** Called by the code generator when it has coded the OP_SeekRowid of the
** rowid lookup (rowid=? or rowid IN (...)) of level pLevel, or the
** OP_DeferredSeek of its search of an index.  If the table has a usable
** copy, make that OP_SeekRowid an OP_ColumnCopySeekRowid, or follow that
** OP_DeferredSeek with an OP_ColumnCopyLookup, the plan in P4;
** sqlite3ColumnCopyWhereEnd() finishes the job.
*/
void sqlite3ColumnCopySeek(
  Parse *pParse,
  WhereInfo *pWInfo,
  WhereLevel *pLevel
){
  sqlite3 *db = pParse->db;
  Vdbe *v = pParse->pVdbe;
  Table *pTab, *apShadow[CC_SHADOW];
  CCPlan *pPlan;
  VdbeOp *pOp;
  i64 iId;
  int addr;

  if( !db->fork.colcopy.bOn || v==0 ) return;
  if( pWInfo->pSelect==0 || pWInfo->eOnePass!=ONEPASS_OFF ) return;
  if( pLevel->pRJ ) return;
  addr = sqlite3VdbeCurrentAddr(v) - 1;
  if( NEVER(addr<0) ) return;
  pOp = sqlite3VdbeGetOp(v, addr);
  if( pOp->opcode==OP_SeekRowid ){
    if( pOp->p1!=pLevel->iTabCur ) return;
  }else if( pOp->opcode!=OP_DeferredSeek || pOp->p3!=pLevel->iTabCur ){
    return;
  }
  pTab = pWInfo->pTabList->a[pLevel->iFrom].pSTab;
  iId = sqlite3CcShadowTables(pParse, pTab, apShadow);
  if( iId==0 ) return;
  pPlan = sqlite3DbMallocZero(db, sizeof(CCPlan) + pTab->nNVCol + 1);
  if( pPlan==0 ) return;
  pPlan->aUsed = (u8*)&pPlan[1];
  sqlite3CcPlanInit(pParse, pPlan, pTab, iId, apShadow);
  pPlan->opStart = pOp->opcode;
  if( pOp->opcode==OP_SeekRowid ){
    sqlite3VdbeChangeOpcode(v, addr, OP_ColumnCopySeekRowid);
    sqlite3VdbeChangeP4(v, addr, (char*)pPlan, P4_FORK);
  }else{
    sqlite3VdbeAddOp4(v, OP_ColumnCopyLookup, pLevel->iTabCur, 0, 0,
                      (char*)pPlan, P4_FORK);
  }
}

/*
** The operands of opcode op that name a cursor, as CC_CUR_P1, CC_CUR_P2
** and CC_CUR_P3 bits: 0 for an opcode known to take none (its operands
** are registers, jump addresses, counts or database numbers), and all
** three for an opcode this list does not know.  ccServeCursor() fails
** closed: an opcode that a later upstream adds, or one of the fork's not
** classified here, is taken to use the cursor in whichever of its first
** three operands holds its number, and keeps the copy away.  Checked
** against the "Opcode:" comments of vdbe.c (3.53.4 with the fork's
** patches).
*/
#define CC_CUR_P1  0x01
#define CC_CUR_P2  0x02
#define CC_CUR_P3  0x04
#define CC_CUR_ANY (CC_CUR_P1|CC_CUR_P2|CC_CUR_P3)
static int ccCursorOperands(u8 op){
  switch( op ){
    /* A cursor in P1 */
    case OP_Close: case OP_ColumnsUsed: case OP_Count: case OP_CursorHint:
    case OP_CursorLock: case OP_CursorUnlock: case OP_Delete:
    case OP_FinishSeek: case OP_Found: case OP_NotFound: case OP_NoConflict:
    case OP_IFindKey: case OP_IdxDelete: case OP_IdxGE: case OP_IdxGT:
    case OP_IdxLE: case OP_IdxLT: case OP_IdxInsert: case OP_IdxRowid:
    case OP_IfEmpty: case OP_IfNoHope: case OP_IfNotOpen:
    case OP_IfSizeBetween: case OP_Insert: case OP_IsType: case OP_Last:
    case OP_NewRowid: case OP_Next: case OP_NotExists: case OP_SeekRowid:
    case OP_Offset: case OP_OpenEphemeral: case OP_OpenAutoindex:
    case OP_OpenPseudo: case OP_OpenRead: case OP_OpenWrite: case OP_Prev:
    case OP_ReopenIdx: case OP_ResetSorter: case OP_Rewind: case OP_RowData:
    case OP_SeekGT: case OP_SeekGE: case OP_SeekLT: case OP_SeekLE:
    case OP_SeekHit: case OP_SeekEnd: case OP_Sequence: case OP_SequenceTest:
    case OP_SorterCompare: case OP_SorterInsert: case OP_SorterNext:
    case OP_SorterOpen: case OP_SorterSort: case OP_Sort:
    case OP_VColumn: case OP_VFilter: case OP_VNext: case OP_VOpen:
    case OP_VInitIn: case OP_NullRow: case OP_IfNullRow:
    case OP_Column: case OP_Rowid: case OP_ColumnCopyRewind:
    case OP_ColumnCopyNext: case OP_ColumnCopyColumn: case OP_ColumnCopyRowid:
    case OP_ColumnCopySeekRowid: case OP_ColumnCopyLookup:
    case OP_ColumnCopyCount:
      return CC_CUR_P1;

    /* Two cursors */
    case OP_OpenDup: case OP_RowCell:
      return CC_CUR_P1|CC_CUR_P2;
    case OP_DeferredSeek: case OP_SorterData:
      return CC_CUR_P1|CC_CUR_P3;

#ifdef LIPSQLITE_HAVE_LIP
    /* A cursor in P3 (LIP: the table or index the filter serves) */
    case OP_FilterInit:
      return CC_CUR_P3;
    case OP_FilterGroup:
      return 0;
#endif
#ifdef LIPSQLITE_HAVE_HASHAGG
    /* No cursor (the hash aggregate's own table) */
    case OP_HashAggOpen: case OP_HashAggGroup: case OP_HashAggSort:
    case OP_HashAggEmit:
      return 0;
#endif
#ifdef LIPSQLITE_HAVE_AMORTIZE
    /* No cursor (a subquery's memo) */
    case OP_AmortizeSeen:
      return 0;
#endif

    /* No cursor */
    case OP_Goto: case OP_Gosub: case OP_Return: case OP_InitCoroutine:
    case OP_EndCoroutine: case OP_Yield: case OP_HaltIfNull: case OP_Halt:
    case OP_Integer: case OP_Int64: case OP_Real: case OP_String8:
    case OP_String: case OP_BeginSubrtn: case OP_Null: case OP_SoftNull:
    case OP_Blob: case OP_Variable: case OP_Move: case OP_Copy: case OP_SCopy:
    case OP_IntCopy: case OP_FkCheck: case OP_ResultRow: case OP_Concat:
    case OP_Add: case OP_Subtract: case OP_Multiply: case OP_Divide:
    case OP_Remainder: case OP_CollSeq: case OP_BitAnd: case OP_BitOr:
    case OP_ShiftLeft: case OP_ShiftRight: case OP_AddImm: case OP_MustBeInt:
    case OP_RealAffinity: case OP_Cast: case OP_Eq: case OP_Ne: case OP_Lt:
    case OP_Le: case OP_Gt: case OP_Ge: case OP_ElseEq: case OP_Permutation:
    case OP_Compare: case OP_Jump: case OP_And: case OP_Or: case OP_IsTrue:
    case OP_Not: case OP_BitNot: case OP_Once: case OP_If: case OP_IfNot:
    case OP_IsNull: case OP_ZeroOrNull: case OP_NotNull: case OP_TypeCheck:
    case OP_Affinity: case OP_MakeRecord: case OP_Savepoint:
    case OP_AutoCommit: case OP_Transaction: case OP_ReadCookie:
    case OP_SetCookie: case OP_SeekScan:
    case OP_ResetCount: case OP_Destroy: case OP_Clear:
    case OP_CreateBtree: case OP_SqlExec: case OP_ParseSchema:
    case OP_LoadAnalysis: case OP_DropTable: case OP_DropIndex:
    case OP_DropTrigger: case OP_IntegrityCk: case OP_RowSetAdd:
    case OP_RowSetRead: case OP_RowSetTest: case OP_Program: case OP_Param:
    case OP_FkCounter: case OP_FkIfZero: case OP_MemMax: case OP_IfPos:
    case OP_OffsetLimit: case OP_IfNotZero: case OP_DecrJumpZero:
    case OP_AggInverse: case OP_AggStep: case OP_AggStep1: case OP_AggValue:
    case OP_AggFinal: case OP_Checkpoint: case OP_JournalMode: case OP_Vacuum:
    case OP_IncrVacuum: case OP_ColumnCopy: case OP_Expire: case OP_TableLock:
    case OP_VBegin: case OP_VCreate: case OP_VDestroy: case OP_VCheck:
    case OP_VRename: case OP_VUpdate: case OP_Pagecount: case OP_MaxPgcnt:
    case OP_PureFunc: case OP_Function: case OP_ClrSubtype:
    case OP_GetSubtype: case OP_SetSubtype: case OP_FilterAdd: case OP_Filter:
    case OP_Trace: case OP_Init: case OP_Abortable:
    case OP_ReleaseReg: case OP_Noop: case OP_Explain:
      return 0;
  }
  return CC_CUR_ANY;
}

/*
** True if the cursor iCur, named by an operand of pOp (ccCursorOperands()),
** may be served by a copy there: the opcode reads a column or the rowid
** of its row, or moves it to a NULL row, and nothing else.  Every other
** use of the cursor, by an opcode known or not, keeps the copy away.
*/
static int ccServedOp(const VdbeOp *pOp){
  switch( pOp->opcode ){
    case OP_Column:
    case OP_Rowid:
    case OP_NullRow:
    case OP_IfNullRow:
    case OP_CursorHint:
    case OP_ColumnCopyNext:
    case OP_ColumnCopyColumn:
    case OP_ColumnCopyRowid:
      return 1;
  }
  return 0;
}

/*
** If the cursor iCur is used in [iFrom, iEnd) of v's program only by
** opcodes a copy serves (ccServedOp()), apart from the opcode at iAddr
** that starts its use of the copy (plan pPlan), turn its OP_Column and
** OP_Rowid there into OP_ColumnCopyColumn and OP_ColumnCopyRowid, noting
** the columns read, and return true; else change nothing and return
** false.  An opcode that ccCursorOperands() does not know counts as a use
** of the cursor if any of its P1, P2 and P3 is iCur: the test fails
** closed.
*/
static int ccServeCursor(
  Vdbe *v,
  CCPlan *pPlan,
  int iCur,
  int iAddr,
  int iFrom,
  int iEnd
){
  int j, m;
  for(j=iFrom; j<iEnd; j++){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, j);
    if( j==iAddr ) continue;
    if( pOp->opcode==OP_DeferredSeek && pOp->p3==iCur
     && pPlan->opStart==OP_DeferredSeek
    ){
      continue;                 /* The index's row, which iAddr follows */
    }
    m = ccCursorOperands(pOp->opcode);
    if( ((m & CC_CUR_P1)!=0 && pOp->p1==iCur)
     || ((m & CC_CUR_P2)!=0 && pOp->p2==iCur)
     || ((m & CC_CUR_P3)!=0 && pOp->p3==iCur)
    ){
      /* The served opcodes name their cursor in P1 only */
      assert( !ccServedOp(pOp) || m==CC_CUR_P1 );
      if( pOp->p1!=iCur || !ccServedOp(pOp) ) return 0;
    }
  }
  for(j=iFrom; j<iEnd; j++){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, j);
    if( pOp->p1!=iCur ) continue;
    if( pOp->opcode==OP_Column ){
      pOp->opcode = OP_ColumnCopyColumn;
      if( pOp->p2>=0 && pOp->p2<pPlan->nCol ) pPlan->aUsed[pOp->p2] = 1;
    }else if( pOp->opcode==OP_Rowid ){
      pOp->opcode = OP_ColumnCopyRowid;
    }
  }
  return 1;
}

/*
** Called by constructAutomaticIndex() when it has coded the loop that
** fills the automatic index of level pLevel from its table: an OP_Rewind
** at addrTop, the body, and the OP_Next it has just coded.  If the table
** has a usable copy and the body uses the table's cursor only for column
** and rowid reads, the loop scans the copy, which skips the rows that
** cannot satisfy the index's partial condition (its terms, ccTerms()).
*/
void sqlite3ColumnCopyFill(
  Parse *pParse,
  WhereInfo *pWInfo,
  WhereLevel *pLevel,
  int addrTop
){
  sqlite3 *db = pParse->db;
  Vdbe *v = pParse->pVdbe;
  Table *pTab, *apShadow[CC_SHADOW];
  CCPlan *pPlan;
  VdbeOp *pRewind, *pNext;
  i64 iId;
  int iCur = pLevel->iTabCur;
  int addrNext;
  int nTerm, nReg = 0;
  CCPlanTerm aTerm[CC_MAX_TERM];
  Expr *apConst[CC_MAX_TERM*CC_MAX_LIST];

  if( !db->fork.colcopy.bOn || v==0 || db->mallocFailed ) return;
  if( pWInfo->pSelect==0 || pWInfo->eOnePass!=ONEPASS_OFF ) return;
  if( pLevel->pRJ ) return;
  addrNext = sqlite3VdbeCurrentAddr(v) - 1;
  if( NEVER(addrTop<0 || addrNext<=addrTop) ) return;
  pRewind = sqlite3VdbeGetOp(v, addrTop);
  pNext = sqlite3VdbeGetOp(v, addrNext);
  if( pRewind->opcode!=OP_Rewind || pRewind->p1!=iCur ) return;
  if( pNext->opcode!=OP_Next || pNext->p1!=iCur || pNext->p2!=addrTop+1 ){
    return;
  }
  pTab = pWInfo->pTabList->a[pLevel->iFrom].pSTab;
  iId = sqlite3CcShadowTables(pParse, pTab, apShadow);
  if( iId==0 ) return;
  nTerm = ccTerms(pParse, pWInfo, pLevel, pTab, 1, aTerm, apConst, &nReg);
  pPlan = ccPlanNew(pParse, pTab, iId, apShadow, aTerm, nTerm, apConst, nReg);
  if( pPlan==0 ) return;
  pPlan->opStart = OP_Rewind;
  pPlan->addrLoop = addrTop+1;
  pPlan->addrProbe = addrTop+1;
  if( !ccServeCursor(v, pPlan, iCur, addrTop, addrTop+1, addrNext) ){
    sqlite3DbFree(db, pPlan);
    return;
  }
  pNext->opcode = OP_ColumnCopyNext;
  sqlite3VdbeChangeOpcode(v, addrTop, OP_ColumnCopyRewind);
  sqlite3VdbeChangeP4(v, addrTop, (char*)pPlan, P4_FORK);
}

/*
** The address of the OP_ColumnCopySeekRowid or OP_ColumnCopyLookup of
** level pLevel, coded from its addrBody, or -1 if there is none.
*/
static int ccSeekAddr(Vdbe *v, WhereLevel *pLevel, int iEnd){
  int addr;
  u32 wsFlags = pLevel->pWLoop->wsFlags;
  if( (wsFlags & WHERE_IPK)!=0 ){
    if( (wsFlags & (WHERE_COLUMN_IN|WHERE_COLUMN_EQ))==0 ) return -1;
  }else if( (wsFlags & WHERE_INDEXED)==0 || (wsFlags & WHERE_IDX_ONLY)!=0 ){
    return -1;
  }
  for(addr=pLevel->addrBody; addr<iEnd; addr++){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, addr);
    if( (pOp->opcode==OP_ColumnCopySeekRowid
         || pOp->opcode==OP_ColumnCopyLookup)
     && pOp->p1==pLevel->iTabCur
    ){
      return addr;
    }
  }
  return -1;
}

/*
** At the end of a WHERE loop's code: for each level scanned through a
** copy, or whose rowid lookup is, check that its cursor is used only by
** opcodes the copy serves, from its OP_ColumnCopyRewind (the level's
** body for a lookup) to here, and turn its OP_Column and OP_Rowid into
** OP_ColumnCopyColumn and OP_ColumnCopyRowid, noting the columns read.
** If another opcode uses the cursor, undo the level's change: it reads
** its B-tree.
*/
void sqlite3ColumnCopyWhereEnd(Parse *pParse, WhereInfo *pWInfo){
  Vdbe *v = pParse->pVdbe;
  int i;
  if( v==0 || pParse->db->mallocFailed ) return;
  for(i=0; i<pWInfo->nLevel; i++){
    WhereLevel *pLevel = &pWInfo->a[i];
    int iCur = pLevel->iTabCur;
    int iAddr, iFrom;
    int iEnd = sqlite3VdbeCurrentAddr(v);
    int j, bOk = 1;
    VdbeOp *pRewind;
    CCPlan *pPlan;
    if( pLevel->op==OP_ColumnCopyNext ){
      iAddr = ccLoopStart(v, pLevel, OP_ColumnCopyRewind);
      if( NEVER(iAddr<0) ) continue;
      iFrom = iAddr+1;
    }else{
      iAddr = ccSeekAddr(v, pLevel, iEnd);
      if( iAddr<0 ) continue;
      iFrom = pLevel->addrBody;
    }
    pRewind = sqlite3VdbeGetOp(v, iAddr);
    if( NEVER(pRewind->opcode!=OP_ColumnCopyRewind
           && pRewind->opcode!=OP_ColumnCopySeekRowid
           && pRewind->opcode!=OP_ColumnCopyLookup) ){
      continue;
    }
    pPlan = (CCPlan*)pRewind->p4.p;
    bOk = ccServeCursor(v, pPlan, iCur, iAddr, iFrom, iEnd);
    if( !bOk ){
      for(j=iFrom; j<iEnd; j++){
        VdbeOp *pOp = sqlite3VdbeGetOp(v, j);
        if( pOp->p1==iCur && pOp->opcode==OP_ColumnCopyNext ){
          pOp->opcode = OP_Next;
        }
      }
    }
    if( !bOk ){
      u8 opStart = pPlan->opStart;
      if( opStart==OP_DeferredSeek ){
        sqlite3VdbeChangeToNoop(v, iAddr);      /* Frees the plan */
      }else{
        pRewind->opcode = opStart;
        sqlite3DbFree(pParse->db, pRewind->p4.p);
        pRewind->p4.p = 0;
        pRewind->p4type = P4_NOTUSED;
      }
      if( pLevel->op==OP_ColumnCopyNext ) pLevel->op = OP_Next;
    }else if( pLevel->op!=OP_ColumnCopyNext && pLevel->addrBody>0 ){
      /* EXPLAIN QUERY PLAN: SEARCH t USING INTEGER PRIMARY KEY (rowid=?)
      ** USING COLUMN COPY, or SEARCH t USING INDEX i (a=?) USING COLUMN
      ** COPY */
      VdbeOp *pOp = sqlite3VdbeGetOp(v, pLevel->addrBody-1);
      if( pOp->opcode==OP_Explain && pOp->p4.z && pOp->p4type==P4_DYNAMIC ){
        char *z = sqlite3MPrintf(pParse->db, "%s USING COLUMN COPY",
                                 pOp->p4.z);
        if( z ){
          sqlite3DbFree(pParse->db, pOp->p4.z);
          pOp->p4.z = z;
        }
      }
    }
  }
}

