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
** lipsqlite: how far a running statement has got, for a progress bar.
**
**   n = sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0);
**
** returns the fraction of the statement done in parts per million (0 to
** 1000000), or -1 if it is not known.  The fraction is the position of
** the cursor of the statement's outermost loop in its b-tree.
**
** Which loop is outermost is decided when the statement is prepared
** (sqlite3ForkProgressLoop(), called at the end of sqlite3WhereBegin(),
** and sqlite3ForkProgressLoopEnd(), at the start of sqlite3WhereEnd();
** patch 0055).  A WHERE loop is a candidate when no WHERE loop around it
** (one whose code encloses its code) is a candidate, and when the loop of
** its level 0 is a full scan of a b-tree: no constraint of the WHERE
** clause positions or bounds it (so that the whole b-tree is the loop's
** range), it is not a virtual table, a co-routine or an OR of indexes.
** The cursor that drives it is the one of the opcode that ends the loop
** (OP_Next or OP_Prev: the table's, or the index's for a scan in index
** order).  A statement can have several candidates, in the order their
** code was generated: the materialisation of a view or CTE, then the
** outer loop; each arm of a compound SELECT.  The last
** FORK_PROGRESS_NCSR are kept.
**
** At run time, the candidate that reports is the last one (in that order)
** whose cursor is open, is not an ephemeral table, and has been
** positioned; the phases of a statement run in the order their code was
** generated, so that is the phase running now.  Its position: at each
** level of the cursor's page stack, the index of the cell (or child) over
** the number of cells (children) of the page, each level weighted by the
** share of the range of its parent's entry: for a b-tree of height h,
** sum(i=0..h-1) idx[i]/n[i] * prod(j<i) 1/n[j].  This is exact for a
** balanced tree and monotone for a scan of a tree that does not change.
** A scan in reverse order (OP_Prev) reports one minus its position.  A
** cursor that has run off the end of its b-tree (or found it empty) is
** done: 1000000.  A cursor that has saved its position because its
** b-tree was written (CURSOR_REQUIRESEEK), or has failed, gives -1.
**
** Nothing of this runs unless sqlite3_stmt_status() is asked for it: the
** only run-time cost of the feature is that call.  It takes the
** connection's mutex (recursive), so that it may be called from the
** statement's progress handler (sqlite3_progress_handler()), which is
** what it is for, or between calls of sqlite3_step() from any thread.
**
** The fraction is that of the outermost loop only: after it ends (a
** sorter returning rows for ORDER BY, the output of an aggregate), the
** statement reports 1000000, or the last fraction of the loop if that
** loop stopped early (LIMIT).  The caller keeps the fraction it displays
** from going backwards (a second arm of a compound SELECT starts again at
** 0, a b-tree written while it is scanned can shift).
*/
#include "sqliteInt.h"
#include "btreeInt.h"
#include "vdbeInt.h"
#include "whereInt.h"

/*
** Record the WHERE loop pWInfo, whose code sqlite3WhereBegin() has just
** generated, as a candidate for the statement's progress if it is one
** (see the comment at the top of this file), and count it as enclosing
** the loops coded until its sqlite3WhereEnd().  Only the loops of the
** top-level statement count, not those of a trigger program.
*/
void sqlite3ForkProgressLoop(Parse *pParse, WhereInfo *pWInfo){
  Vdbe *v = pParse->pVdbe;
  ForkProgress *pProg;
  int iDepth;
  if( v==0 ) return;
  pProg = &v->forkProgress;
  iDepth = pProg->nDepth++;
  if( pParse->pToplevel!=0 || pProg->mCand!=0 ) return;
  if( iDepth>=32 || pWInfo->nLevel<1 ) return;
  {
    WhereLevel *pLevel = &pWInfo->a[0];
    WhereLoop *pLoop = pLevel->pWLoop;
    int iCsr;
    if( pLoop==0 ) return;
    if( pLoop->wsFlags & (WHERE_CONSTRAINT|WHERE_VIRTUALTABLE|WHERE_MULTI_OR
                          |WHERE_COROUTINE) ){
      return;
    }
    if( pLevel->op!=OP_Next && pLevel->op!=OP_Prev ) return;
    iCsr = pLevel->p1;
    if( iCsr<0 ) return;
    if( pProg->nCsr>=FORK_PROGRESS_NCSR ){
      memmove(&pProg->aCsr[0], &pProg->aCsr[1],
              sizeof(pProg->aCsr[0])*(FORK_PROGRESS_NCSR-1));
      pProg->nCsr--;
    }
    pProg->aCsr[pProg->nCsr++] = iCsr*2 + (pLevel->op==OP_Prev);
    pProg->mCand |= ((u32)1)<<iDepth;
  }
}

/*
** The WHERE loop coded last by sqlite3WhereBegin() ends: it no longer
** encloses the loops coded after it.
*/
void sqlite3ForkProgressLoopEnd(Parse *pParse){
  Vdbe *v = pParse->pVdbe;
  ForkProgress *pProg;
  if( v==0 ) return;
  pProg = &v->forkProgress;
  if( pProg->nDepth<=0 ) return;
  pProg->nDepth--;
  if( pProg->nDepth<32 ) pProg->mCand &= ~(((u32)1)<<pProg->nDepth);
}

/*
** The position of b-tree cursor pCur, which is valid, in [0,1]: the share
** of the entries of its b-tree before it (bAfter false) or before it and
** including it (bAfter true).  A cursor of an index b-tree can stand on a
** cell of an interior page: that entry follows the whole of its left
** child.
*/
static double forkCursorPosition(BtCursor *pCur, int bAfter){
  double rPos = 0.0;
  double rWeight = 1.0;
  int i;
  for(i=0; i<=pCur->iPage; i++){
    MemPage *pPg = i<pCur->iPage ? pCur->apPage[i] : pCur->pPage;
    int ix = i<pCur->iPage ? pCur->aiIdx[i] : pCur->ix;
    int n;
    if( pPg==0 ) break;
    n = pPg->nCell + (pPg->leaf ? 0 : 1);
    if( n<=0 ) break;
    if( ix>=n ) ix = n-1;
    if( i==pCur->iPage && (bAfter || !pPg->leaf) ){
      /* The entry itself counts (bAfter), and an entry of an interior
      ** page of an index comes after all of the child to its left */
      ix++;
    }
    rWeight /= n;
    rPos += ix*rWeight;
  }
  if( rPos>1.0 ) rPos = 1.0;
  return rPos;
}

/*
** The progress of the running statement pStmt: parts per million done,
** or -1 if not known.  The implementation of
** sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, ...).
*/
int sqlite3ForkStmtProgress(sqlite3_stmt *pStmt){
  Vdbe *p = (Vdbe*)pStmt;
  ForkProgress *pProg;
  VdbeCursor **apCsr;
  int nCursor;
  int i;
  int iRet = -1;
#ifdef SQLITE_ENABLE_API_ARMOR
  if( p==0 ){
    (void)SQLITE_MISUSE_BKPT;
    return -1;
  }
#endif
  sqlite3_mutex_enter(p->db->mutex);
  pProg = &p->forkProgress;
  if( p->eVdbeState!=VDBE_RUN_STATE || pProg->nCsr==0 ) goto progress_out;
  /* The cursors of the top-level program, also while a trigger runs */
  apCsr = p->apCsr;
  nCursor = p->nCursor;
  if( p->pFrame ){
    VdbeFrame *pFrame = p->pFrame;
    while( pFrame->pParent ) pFrame = pFrame->pParent;
    apCsr = pFrame->apCsr;
    nCursor = pFrame->nCursor;
  }
  if( apCsr==0 ) goto progress_out;
  for(i=pProg->nCsr-1; i>=0; i--){
    int iCsr = pProg->aCsr[i]/2;
    int bRev = pProg->aCsr[i]&1;
    VdbeCursor *pC;
    BtCursor *pCur;
    double r;
    if( iCsr>=nCursor ) continue;
    pC = apCsr[iCsr];
    if( pC==0 || pC->eCurType!=CURTYPE_BTREE || pC->isEphemeral ) continue;
    pCur = pC->uc.pCursor;
    if( pCur==0 ) continue;
    if( pCur->eState==CURSOR_INVALID ){
      if( pCur->iPage<0 ) continue;      /* Not positioned yet */
      iRet = 1000000;                    /* Past the end, or empty */
      break;
    }
    if( (pCur->eState!=CURSOR_VALID && pCur->eState!=CURSOR_SKIPNEXT)
     || pCur->iPage<0
    ){
      break;                             /* Position not known now */
    }
    r = forkCursorPosition(pCur, !bRev);
    if( bRev ) r = 1.0 - r;
    iRet = (int)(r*1000000.0);
    if( iRet<0 ) iRet = 0;
    if( iRet>1000000 ) iRet = 1000000;
    break;
  }
progress_out:
  sqlite3_mutex_leave(p->db->mutex);
  return iRet;
}
