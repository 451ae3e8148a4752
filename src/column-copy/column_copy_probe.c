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
** Column copies, Bloom-filter probes: the LIP filters of a loop's body
** probed over a vector of the scan (built with the lip module).  The
** design is in doc/column-copy.md.
*/
#include "column_copy_int.h"

#ifdef LIPSQLITE_HAVE_LIP
/*
** If pCol, loaded for the current chunk of scan p, is a column of
** integers without NULL (SEQ, or FOR of at most 56 bits), write to aKey[]
** the values of the rows p->aSel[] of the current vector, read from the
** chunk, and return 1.  Else return 0.
*/
static int ccColInts(const ColumnCopyScan *p, const CCCol *pCol, i64 *aKey){
  int i0 = p->iVec*CC_VEC, k;
  const u16 *aSel = p->aSel;
  if( pCol->aNull ) return 0;
  if( pCol->enc==CC_ENC_SEQ ){
    for(k=0; k<p->nSel; k++) aKey[k] = pCol->iBase + i0 + aSel[k];
    return 1;
  }
  if( pCol->enc==CC_ENC_FOR && pCol->nWidth<=56 ){
    const u8 *a = pCol->aPack;
    int w = pCol->nWidth;
    u64 mask = CC_MASK(w);
    u64 iBase = (u64)pCol->iBase;
    for(k=0; k<p->nSel; k++){
      u64 iBit = (u64)(i0+aSel[k])*w;
      aKey[k] = (i64)(iBase + CC_UNPACK(a, iBit, mask));
    }
    return 1;
  }
  return 0;
}

/*
** Keep in p->aSel[] the rows of the current vector whose key in the DICT
** column pCol the Bloom filter probe pProbe (a copy of an OP_Filter) does
** not reject, probing each dictionary entry once per chunk.  A NULL key
** is left to the body.  The statement's counters of probes are counted
** as if each row had been probed.
*/
static int ccProbeDict(
  ColumnCopyScan *p,            /* The scan */
  VdbeOp *pProbe,               /* The probe */
  int iSlot,                    /* Slot of its key */
  const CCCol *pCol             /* That column, loaded */
){
  Vdbe *v = p->pVdbe;
  Mem *pKey = &v->aMem[pProbe->p3];
  int i, m, nOut = 0, rc;
  u8 *aMemo;
  assert( p->apCol[iSlot]==pCol && pCol->enc==CC_ENC_DICT );
  for(m=0; m<p->nProbeMemo; m++){
    if( p->aProbeReg[m]==pProbe->p1 && p->aProbeSlot[m]==iSlot ) break;
  }
  if( m==p->nProbeMemo ){
    /* A probe is one of at most CC_MAX_PROBE that sqlite3CcProbeFilters() finds,
    ** each with one filter register and key */
    if( NEVER(m>=CC_MAX_PROBE) ) return SQLITE_OK;  /* The body decides */
    p->aProbeReg[m] = pProbe->p1;
    p->aProbeSlot[m] = iSlot;
    p->aProbeMemo[m].k = -1;
    p->nProbeMemo++;
  }
  aMemo = sqlite3CcMemoFor(&p->aProbeMemo[m], pCol);
  if( aMemo==0 ) return SQLITE_NOMEM_BKPT;
  for(i=0; i<p->nSel; i++){
    int r = p->aSel[i];
    int iRow = p->iVec*CC_VEC + r, iCode;
    if( pCol->aNull && (pCol->aNull[iRow>>3] & (1<<(iRow&7))) ){
      p->aSel[nOut++] = (u16)r;           /* The body decides */
      continue;
    }
    iCode = sqlite3CcDictCode(pCol, iRow);
    if( iCode>=pCol->nDict ){
      if( pCol->nDict==0 ){ p->aSel[nOut++] = (u16)r; continue; }
      return SQLITE_CORRUPT_BKPT;
    }
    if( aMemo[iCode]==0 ){
      CCVal val;
      rc = sqlite3CcDictVal(pCol, iCode, &val);
      if( rc==SQLITE_OK ) rc = sqlite3CcColumnValue(p->db, &val, pKey);
      if( rc ) return rc;
      aMemo[iCode] = sqlite3LipFilter(v, pProbe) ? CC_MEMO_FAIL : CC_MEMO_PASS;
    }else{
      v->aCounter[aMemo[iCode]==CC_MEMO_FAIL ? SQLITE_STMTSTATUS_FILTER_HIT
                                             : SQLITE_STMTSTATUS_FILTER_MISS]++;
    }
    if( aMemo[iCode]==CC_MEMO_PASS ) p->aSel[nOut++] = (u16)r;
  }
  p->nSel = nOut;
  return SQLITE_OK;
}

/*
** Run the LIP Bloom filter probes that open the loop's body over the
** rows of the current vector, dropping from p->aSel[] the rows a filter
** rejects: those the body would skip at its OP_Filter (lipfilter.c).
** The probes are found at each vector, as a group of probes reorders its
** opcodes while it runs: from the body's first opcode on, as long as
** the opcodes are OP_ColumnCopyColumn of this cursor, OP_MustBeInt,
** OP_IsNull, the comparisons OP_Eq ... OP_Ge and OP_Filter jumping to the
** loop's OP_ColumnCopyNext, and OP_FilterGroup.
** The probe of a key that OP_MustBeInt would change or reject is left to
** the body.  The key goes into the register the body loads it into
** before its own probe.
*/
int sqlite3CcProbeFilters(ColumnCopyScan *p){
  Vdbe *v = p->pVdbe;
  VdbeOp *pOp;
  int aCol[CC_MAX_PROBE];         /* Column of each probe's key */
  u8 aInt[CC_MAX_PROBE];          /* Its key went through OP_MustBeInt */
  VdbeOp aProbe[CC_MAX_PROBE];    /* The probes, as copies */
  int nProbe = 0, addr, j;
  int aRegCol[CC_MAX_PROBE*2], aReg[CC_MAX_PROBE*2], nReg = 0;
  u8 aRegInt[CC_MAX_PROBE*2];
  u32 aCost[CC_MAX_PROBE];        /* Cost of each probe, in aOrder[] order */
  u8 aOrder[CC_MAX_PROBE];        /* The probes, cheapest first */
  int iOrd;
  for(addr=p->addrBody; addr<v->nOp && nProbe<CC_MAX_PROBE; addr++){
    pOp = &v->aOp[addr];
    if( pOp->opcode==OP_ColumnCopyColumn && pOp->p1==p->iCur ){
      if( nReg>=CC_MAX_PROBE*2 ) break;
      aReg[nReg] = pOp->p3;
      aRegCol[nReg] = pOp->p2;
      aRegInt[nReg] = 0;
      nReg++;
    }else if( pOp->opcode==OP_MustBeInt && pOp->p2==p->addrNext ){
      for(j=nReg-1; j>=0 && aReg[j]!=pOp->p1; j--){}
      if( j<0 ) break;
      aRegInt[j] = 1;
    }else if( pOp->opcode==OP_IsNull && pOp->p2==p->addrNext ){
      /* A NULL key skips the row; the probes leave NULL to the body */
      for(j=nReg-1; j>=0 && aReg[j]!=pOp->p1; j--){}
      if( j<0 ) break;
    }else if( (pOp->opcode==OP_Eq || pOp->opcode==OP_Ne
            || pOp->opcode==OP_Lt || pOp->opcode==OP_Le
            || pOp->opcode==OP_Gt || pOp->opcode==OP_Ge)
           && pOp->p2==p->addrNext ){
      /* A WHERE term of this table (usually one the scan has already
      ** applied) only skips rows; a probe after it may run before it, as
      ** the two are ANDed.  Its affinity may change its registers in
      ** place, so that neither is a probe's key any more. */
      testcase( pOp->opcode==OP_Eq );
      testcase( pOp->opcode==OP_Ge );
      for(j=0; j<nReg; j++){
        if( aReg[j]==pOp->p1 || aReg[j]==pOp->p3 ) aReg[j] = -1;
      }
    }else if( pOp->opcode==OP_Filter && pOp->p2==p->addrNext
           && pOp->p4type==P4_INT32 && pOp->p4.i==1 ){
      for(j=nReg-1; j>=0 && aReg[j]!=pOp->p3; j--){}
      if( j<0 ) break;
      aProbe[nProbe] = *pOp;
      aProbe[nProbe].p5 = 0;        /* Not a member of its group here */
      aCol[nProbe] = aRegCol[j];
      aInt[nProbe] = aRegInt[j];
      nProbe++;
    }else if( pOp->opcode!=OP_FilterGroup && pOp->opcode!=OP_ReleaseReg
           && pOp->opcode!=OP_Explain
    ){
      /* (OP_ReleaseReg, and OP_Explain outside EXPLAIN QUERY PLAN, are
      ** in debug builds only, and do nothing) */
      break;
    }
  }
  /* The probes are ANDed: run the cheapest first.  An integer key costs
  ** a bit test per row, and of those the probe that has rejected the
  ** largest share of its keys goes first, so that the others see fewer
  ** rows; a text key of a dictionary costs a memo lookup per row and a
  ** hash per distinct text (ccProbeDict()), so the one with the smallest
  ** dictionary goes first; any other key, a hash per row. */
  for(j=0; j<nProbe; j++){
    CCCol *pCol = sqlite3CcCol(p, 1+aCol[j]);
    int rc, k;
    u32 iCost;
    if( pCol==0 ) return SQLITE_NOMEM_BKPT;
    rc = sqlite3CcColLoad(p, pCol, &p->aChunk[p->iChunk], 1+aCol[j]);
    if( rc ) return rc;
    if( pCol->enc==CC_ENC_SEQ || pCol->enc==CC_ENC_FOR ){
      u32 iRate = sqlite3LipFilterRate(v, &aProbe[j]);
      assert( iRate<=LIP_RATE_ONE );
      iCost = LIP_RATE_ONE - iRate;
    }else if( pCol->enc==CC_ENC_DICT && !aInt[j] ){
      iCost = LIP_RATE_ONE + 1 + (u32)pCol->nDict;
    }else{
      iCost = LIP_RATE_ONE + 2 + CC_MAX_DICT;
    }
    for(k=j; k>0 && aCost[k-1]>iCost; k--){
      aCost[k] = aCost[k-1];
      aOrder[k] = aOrder[k-1];
    }
    aCost[k] = iCost;
    aOrder[k] = (u8)j;
  }
  for(iOrd=0; iOrd<nProbe && p->nSel>0; iOrd++){
    int j = aOrder[iOrd];
    Mem *pKey = &v->aMem[aProbe[j].p3];
    CCCol *pCol = p->apCol[1+aCol[j]];
    int i, nOut = 0, rc;
    assert( pCol!=0 && pCol->k==p->aChunk[p->iChunk].k );
    if( pCol->enc==CC_ENC_DICT && !aInt[j] ){
      rc = ccProbeDict(p, &aProbe[j], 1+aCol[j], pCol);
      if( rc ) return rc;
      continue;
    }
    if( pCol->iVecSeq!=p->iVecSeq && ccColInts(p, pCol, p->aKey) ){
      /* Integer keys read from the chunk, not decoded into the vector */
      p->nSel = sqlite3LipFilterInts(v, &aProbe[j], p->aKey, p->aSel,
                                     p->nSel);
      continue;
    }
    if( pCol->iVecSeq!=p->iVecSeq ){
      rc = sqlite3CcColumnVector(p, aCol[j]);
      if( rc ) return rc;
      pCol = p->apCol[1+aCol[j]];
    }
    for(i=0; i<p->nSel; i++){
      const CCVal *pV = &pCol->aVal[p->aSel[i]];
      if( pV->eType!=SQLITE_INTEGER ) break;
      p->aKey[i] = pV->u.i;
    }
    if( i==p->nSel ){
      /* The usual case: all keys integers, probed as a vector */
      p->nSel = sqlite3LipFilterInts(v, &aProbe[j], p->aKey, p->aSel, i);
      continue;
    }
    for(i=0; i<p->nSel; i++){
      int r = p->aSel[i];
      const CCVal *pV = &pCol->aVal[r];
      if( pV->eType==SQLITE_INTEGER ){
        sqlite3VdbeMemSetInt64(pKey, pV->u.i);
      }else if( aInt[j] || pV->eType==SQLITE_NULL ){
        p->aSel[nOut++] = (u16)r;     /* The body decides */
        continue;
      }else{
        rc = sqlite3CcColumnValue(p->db, pV, pKey);
        if( rc ) return rc;
      }
      if( !sqlite3LipFilter(v, &aProbe[j]) ) p->aSel[nOut++] = (u16)r;
    }
    p->nSel = nOut;
  }
  return SQLITE_OK;
}
#endif /* LIPSQLITE_HAVE_LIP */
