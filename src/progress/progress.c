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
** This file implements the fraction done of a running statement,
** sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, 0): the
** outermost full-scan loops are recorded while the statement is coded,
** and the position of the cursor of the one running is read when asked
** for.  The design is in doc/progress.md.
*/
#include "sqliteInt.h"
#include "vdbeInt.h"
#include "whereInt.h"

/* Parts per million: the unit of the fraction returned */
#define PROGRESS_PPM 1000000

/*
** Record the WHERE loop pWInfo, whose code sqlite3WhereBegin() has just
** generated, as a candidate for the statement's progress if it is one:
** the loop of its level 0 is a full scan of a b-tree (no WHERE term
** positions or bounds it, not a virtual table, a co-routine or an OR of
** indexes, ended by OP_Next or OP_Prev), and no loop enclosing it is a
** candidate.  Count it as enclosing the loops coded until its
** sqlite3WhereEnd().  Only the loops of the top-level program count, not
** those of a trigger program.
*/
void sqlite3ProgressLoop(Parse *pParse, WhereInfo *pWInfo){
  Vdbe *v = pParse->pVdbe;
  Progress *pProg;
  WhereLevel *pLevel;
  WhereLoop *pLoop;
  int iDepth;
  int iCsr;

  assert( v!=0 );
  assert( PROGRESS_MAXDEPTH==8*(int)sizeof(pProg->mCand) );
  pProg = &v->progress;
  iDepth = pProg->nDepth++;
  if( pParse->pToplevel!=0 || pProg->mCand!=0 ) return;
  if( iDepth>=PROGRESS_MAXDEPTH || pWInfo->nLevel<1 ) return;
  pLevel = &pWInfo->a[0];
  pLoop = pLevel->pWLoop;
  assert( pLoop!=0 );
  if( pLoop->wsFlags & (WHERE_CONSTRAINT|WHERE_VIRTUALTABLE|WHERE_MULTI_OR
                        |WHERE_COROUTINE) ){
    return;
  }
  if( pLevel->op!=OP_Next && pLevel->op!=OP_Prev ) return;
  iCsr = pLevel->p1;
  assert( iCsr>=0 );
  if( pProg->nCsr>=PROGRESS_NCSR ){
    memmove(&pProg->aCsr[0], &pProg->aCsr[1],
            sizeof(pProg->aCsr[0])*(PROGRESS_NCSR-1));
    pProg->nCsr--;
  }
  pProg->aCsr[pProg->nCsr++] = iCsr*2 + (pLevel->op==OP_Prev);
  pProg->mCand |= ((u32)1)<<iDepth;
}

/*
** The WHERE loop coded last by sqlite3WhereBegin() ends: it no longer
** encloses the loops coded after it.
*/
void sqlite3ProgressLoopEnd(Parse *pParse){
  Vdbe *v = pParse->pVdbe;
  Progress *pProg;
  assert( v!=0 );
  pProg = &v->progress;
  if( NEVER(pProg->nDepth<=0) ) return;
  pProg->nDepth--;
  if( pProg->nDepth<PROGRESS_MAXDEPTH ){
    pProg->mCand &= ~(((u32)1)<<pProg->nDepth);
  }
}

/*
** The progress of the running statement pStmt: parts per million done,
** or -1 if not known.  The implementation of
** sqlite3_stmt_status(pStmt, SQLITE_STMTSTATUS_LIPSQLITE_PROGRESS, ...).
** The candidate that reports is the last one whose cursor is open, not
** an ephemeral table, and positioned: the phase of the statement running
** now.
*/
int sqlite3ProgressStmt(sqlite3_stmt *pStmt){
  Vdbe *p = (Vdbe*)pStmt;
  Progress *pProg;
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
  pProg = &p->progress;
  if( p->eVdbeState!=VDBE_RUN_STATE || pProg->nCsr==0 ){
    sqlite3_mutex_leave(p->db->mutex);
    return -1;
  }
  sqlite3VdbeEnter(p);
  /* The cursors of the top-level program, also while a trigger runs */
  apCsr = p->apCsr;
  nCursor = p->nCursor;
  if( p->pFrame ){
    VdbeFrame *pFrame = p->pFrame;
    while( pFrame->pParent ) pFrame = pFrame->pParent;
    apCsr = pFrame->apCsr;
    nCursor = pFrame->nCursor;
  }
  assert( apCsr!=0 );
  for(i=pProg->nCsr-1; i>=0; i--){
    int iCsr = pProg->aCsr[i]/2;
    int bRev = pProg->aCsr[i]&1;
    VdbeCursor *pC;
    double r = 0.0;
    int ePos;
    if( NEVER(iCsr>=nCursor) ) continue;
    pC = apCsr[iCsr];
    if( pC==0 || pC->eCurType!=CURTYPE_BTREE || pC->isEphemeral ) continue;
    assert( pC->uc.pCursor!=0 );
    ePos = sqlite3BtreeCursorPosition(pC->uc.pCursor, !bRev, &r);
    if( ePos==BTREE_POS_UNSET ) continue;
    if( ePos==BTREE_POS_EOF ){
      iRet = PROGRESS_PPM;                 /* Past the end, or empty */
    }else if( ePos==BTREE_POS_ENTRY ){
      if( bRev ) r = 1.0 - r;
      iRet = (int)(r*PROGRESS_PPM);
      assert( iRet>=0 && iRet<=PROGRESS_PPM );
    }
    break;                                 /* BTREE_POS_UNKNOWN: -1 */
  }
  sqlite3VdbeLeave(p);
  sqlite3_mutex_leave(p->db->mutex);
  return iRet;
}
