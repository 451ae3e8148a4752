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
** Column copies, the scan: full scans, rowid ranges and rowid lookups
** that read a copy's chunks (OP_ColumnCopyRewind, OP_ColumnCopyNext,
** OP_ColumnCopyColumn, OP_ColumnCopyRowid, OP_ColumnCopySeekRowid).  The
** design is in doc/column-copy.md.
*/
#include "column_copy_int.h"

/************************************************************************
** The scan (OP_ColumnCopyRewind, OP_ColumnCopyNext, OP_ColumnCopyColumn,
** OP_ColumnCopyRowid)
*/

/*
** Free the chunks loaded for the rowid lookups of p.
*/
static void ccSeekColFree(ColumnCopyScan *p){
  if( p->apSeekCol ){
    int i;
    for(i=0; i<p->nSlot*p->nChunk; i++){
      if( p->apSeekCol[i] ){
        sqlite3_free(p->apSeekCol[i]->aRowOff);
        sqlite3_free(p->apSeekCol[i]->aRowAt);
        sqlite3_free(p->apSeekCol[i]->aBuf);
        sqlite3_free(p->apSeekCol[i]->aDictVal);
        sqlite3_free(p->apSeekCol[i]);
      }
    }
    sqlite3_free(p->apSeekCol);
    p->apSeekCol = 0;
  }
  p->nSeekBytes = 0;
}

/*
** Free the changed rowids read for the rowid lookups of p.
*/
static void ccSeekChgFree(ColumnCopyScan *p){
  if( p->apSeekChg ){
    int i;
    for(i=0; i<p->nSeekChg; i++) sqlite3_free(p->apSeekChg[i]);
    sqlite3_free(p->apSeekChg);
    p->apSeekChg = 0;
  }
  sqlite3_free(p->anSeekChg);
  p->anSeekChg = 0;
  p->nSeekChg = 0;
}

/*
** Free the scan state of cursor pC.
*/
void sqlite3ColumnCopyScanFree(sqlite3 *db, VdbeCursor *pC){
  ColumnCopyScan *p = pC->pColumnCopy;
  int i;
  pC->pColumnCopy = 0;
  if( p==0 ) return;
  sqlite3CcCursorClose(p->pData);
  if( p->apCol ){
    for(i=0; i<p->nSlot; i++){
      if( p->apCol[i] ){
        sqlite3_free(p->apCol[i]->aBuf);
        sqlite3_free(p->apCol[i]->aDictVal);
        sqlite3_free(p->apCol[i]);
      }
    }
    sqlite3_free(p->apCol);
  }
  for(i=0; i<p->nMem; i++) sqlite3VdbeMemRelease(&p->aMem[i]);
  sqlite3_free(p->aMem);
  for(i=0; i<p->nTermAlloc; i++){
    sqlite3_free(p->aTerm[i].memo.a);
    sqlite3_free(p->aTerm[i].pMatch);
  }
  for(i=0; i<CC_MAX_PROBE; i++) sqlite3_free(p->aProbeMemo[i].a);
  sqlite3_free(p->aTerm);
  ccSeekColFree(p);
  ccSeekChgFree(p);
  sqlite3CcCursorClose(p->pSentinel);
  sqlite3CcCursorClose(p->pChanged);
  sqlite3_free(p->aChg);
  sqlite3_free(p->aChgPos);
  sqlite3_free(p->aChunk);
  if( p->xConsumerFree ) p->xConsumerFree(p->pConsumer);
  (void)db;
  sqlite3_free(p);
}

/*
** True if pCol, attached to the BLOB of a chunk's slot 0, holds rowids:
** integers without NULL (SEQ or FOR).  The BLOB comes from the file, and
** the rowid is read from aVal[].u.i without a look at its type.
*/
static int ccRowidEnc(const CCCol *pCol){
  return (pCol->enc==CC_ENC_SEQ || pCol->enc==CC_ENC_FOR) && pCol->aNull==0;
}

/*
** Set *pbOk to false unless the file's stamp (CC_STAMP) is whole: one row,
** whose rowid equals its column r, at least CC_STAMP_MIN.  A dump does
** not carry the rowid of a table without an INTEGER PRIMARY KEY (a
** reload numbers the row 1), so a file loaded from a dump has no whole
** stamp until PRAGMA column_copy or PRAGMA optimize checks its copies and
** stamps it anew.  Return an SQLite error code.
*/
static int ccStampOk(sqlite3 *db, CCPlan *pPlan, int *pbOk){
  BtCursor *pCur = 0;
  int rc, res = 1;
  u8 *aBuf = 0;
  u32 nAlloc = 0, n;
  Mem aF[1];
  *pbOk = 0;
  rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iStampRoot, &pCur);
  if( rc==SQLITE_OK ) rc = sqlite3BtreeFirst(pCur, &res);
  if( rc==SQLITE_OK && res==0 ){
    i64 iStamp = sqlite3BtreeIntegerKey(pCur);
    rc = sqlite3CcPayload(pCur, &aBuf, &nAlloc, &n);
    memset(aF, 0, sizeof(aF));
    if( rc==SQLITE_OK && sqlite3CcRecord(aBuf, n, aF, 1)==1
     && (aF[0].flags & MEM_Int) && aF[0].u.i==iStamp
     && iStamp>=CC_STAMP_MIN
    ){
      rc = sqlite3BtreeNext(pCur, 0);
      if( rc==SQLITE_DONE ){
        rc = SQLITE_OK;
        *pbOk = 1;                /* And no second row */
      }
    }
  }
  sqlite3_free(aBuf);
  sqlite3CcCursorClose(pCur);
  assert( rc!=SQLITE_DONE );
  return rc;
}

/*
** Read the directory of the copy into p->aChunk[] and check its row of
** lipsqlite_column_copy.  Return SQLITE_OK and set *pbOk to false if the
** copy cannot be read: a copy this code did not write, a directory that
** is not whole, a cookie other than the schema's (a schema change or a
** VACUUM since the copy was built or checked) or a file whose stamp is
** not whole (loaded from a dump).  Nothing here infers freshness from a
** counter of the connection: every fact comes from the file at this
** snapshot.
*/
int sqlite3CcLoadDir(ColumnCopyScan *p, int *pbOk){
  sqlite3 *db = p->db;
  CCPlan *pPlan = p->pPlan;
  BtCursor *pCur = 0;
  int rc, res = 0;
  u8 *aBuf = 0;
  u32 nAlloc = 0, n;
  Mem aF[CC_META_NFIELD];       /* The copy's row, then each chunk's */
  Mem *pK, *pHi, *pNRow, *pStale;
  int nAllocChunk = 0;
  u32 iCookie = 0;
  *pbOk = 0;
  p->nChunk = 0;
  memset(aF, 0, sizeof(aF));

  /* A connection whose SQLITE_LIMIT_LENGTH is below the largest possible
  ** gets SQLITE_TOOBIG from the row path for a value longer than the
  ** limit, but only where OP_Column reads it into a register too small
  ** for it: the copy, which reads values whole and filters some of them
  ** without a register, cannot fail at the same rows.  So the copy stands
  ** aside and the row path answers (sqlite3_limit() expires no
  ** statement: this is checked at run time) */
  testcase( db->aLimit[SQLITE_LIMIT_LENGTH]<SQLITE_MAX_LENGTH );
  if( db->aLimit[SQLITE_LIMIT_LENGTH]<SQLITE_MAX_LENGTH ) return SQLITE_OK;

  /* The copy's row: format, columns, cookie */
  rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iMetaRoot, &pCur);
  if( rc==SQLITE_OK ) rc = sqlite3BtreeTableMoveto(pCur, pPlan->iId, 0, &res);
  if( rc==SQLITE_OK && res==0 ) rc = sqlite3CcPayload(pCur, &aBuf, &nAlloc, &n);
  if( rc==SQLITE_OK && res==0 ){
    int nF = sqlite3CcRecord(aBuf, n, aF, CC_META_NFIELD);
    const Mem *pFormat = &aF[CC_META_FORMAT];
    const Mem *pNCol = &aF[CC_META_NCOL];
    if( nF>=CC_META_NFIELD
     && (pFormat->flags & MEM_Int)
     && pFormat->u.i>=CC_FORMAT_MIN && pFormat->u.i<=CC_FORMAT
     && (pNCol->flags & MEM_Int) && pNCol->u.i==pPlan->nCol
     && (aF[CC_META_COOKIE].flags & MEM_Int)
    ){
      iCookie = (u32)aF[CC_META_COOKIE].u.i;
      *pbOk = 1;
    }
  }
  sqlite3CcCursorClose(pCur);
  pCur = 0;

  /* The copy was built, refreshed or checked at this schema cookie of
  ** this file: nothing rewrote a row since without its triggers (no
  ** schema change, no VACUUM, not a file loaded from a dump) */
  testcase( *pbOk && iCookie!=sqlite3CcCookie(db, pPlan->iDb) );
  if( *pbOk && iCookie!=sqlite3CcCookie(db, pPlan->iDb) ) *pbOk = 0;
  if( rc==SQLITE_OK && *pbOk ) rc = ccStampOk(db, pPlan, pbOk);
  if( rc || !*pbOk ) goto load_done;

  /* The directory: the fields of each of its rows */
  pK = &aF[CC_DIR_K];
  pHi = &aF[CC_DIR_HI];
  pNRow = &aF[CC_DIR_NROW];
  pStale = &aF[CC_DIR_STALE];
  assert( CC_DIR_NFIELD<=CC_META_NFIELD );
  rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iDirRoot, &pCur);
  if( rc==SQLITE_OK ) rc = sqlite3BtreeFirst(pCur, &res);
  while( rc==SQLITE_OK && !res && !sqlite3BtreeEof(pCur) ){
    CCChunk *c;
    int nF;
    if( p->nChunk>=nAllocChunk ){
      CCChunk *aNew;
      nAllocChunk = nAllocChunk*2 + 64;
      aNew = sqlite3_realloc64(p->aChunk, sizeof(CCChunk)*nAllocChunk);
      if( aNew==0 ){ rc = SQLITE_NOMEM_BKPT; break; }
      p->aChunk = aNew;
    }
    rc = sqlite3CcPayload(pCur, &aBuf, &nAlloc, &n);
    if( rc ) break;
    memset(aF, 0, sizeof(aF));
    nF = sqlite3CcRecord(aBuf, n, aF, CC_DIR_NFIELD);
    /* The directory as a whole (CCChunk): a chunk number and a row count
    ** this code could have written, a first chunk that starts at the
    ** smallest rowid (a build and an emptied refresh start there, and
    ** rows below a first chunk's lo would be in no chunk and read from
    ** none), chunks after the previous one in
    ** both rowids and numbers (so every number is unique), a range of
    ** rowids lo..hi below the next chunk's, 1 to CC_CHUNK_ROWS rows (a
    ** stale chunk, whose rows are read from the B-tree, may have 0).  A
    ** refresh keeps a chunk's range and number, leaves it stale if the
    ** range now has no row or too many, and gives new chunks numbers
    ** above all others.  Anything else is not a copy this code wrote,
    ** and the table is read from its B-tree. */
    testcase( nF>=CC_DIR_NFIELD && (pNRow->flags & MEM_Int)
              && pNRow->u.i==CC_CHUNK_ROWS );
    testcase( nF>=CC_DIR_NFIELD && (pNRow->flags & MEM_Int)
              && pNRow->u.i==0 );
    if( nF<CC_DIR_NFIELD || !(pK->flags & MEM_Int) || !(pHi->flags & MEM_Int)
     || !(pNRow->flags & MEM_Int) || !(pStale->flags & MEM_Int)
     || pNRow->u.i<(pStale->u.i ? 0 : 1) || pNRow->u.i>CC_CHUNK_ROWS
     || pK->u.i<0 || pK->u.i>=CC_K_MAX
     || pHi->u.i<sqlite3BtreeIntegerKey(pCur)
     || (p->nChunk==0 && sqlite3BtreeIntegerKey(pCur)!=SMALLEST_INT64)
     || (p->nChunk>0 && (pK->u.i<=p->aChunk[p->nChunk-1].k
                         || p->iHi>=sqlite3BtreeIntegerKey(pCur)))
    ){
      *pbOk = 0;
      break;
    }
    c = &p->aChunk[p->nChunk++];
    c->lo = sqlite3BtreeIntegerKey(pCur);
    c->k = pK->u.i;
    p->iHi = pHi->u.i;
    c->nRow = (int)pNRow->u.i;
    c->bStale = pStale->u.i!=0;
    assert( c->lo<=p->iHi );
    assert( c->nRow>=(c->bStale ? 0 : 1) && c->nRow<=CC_CHUNK_ROWS );
    assert( p->nChunk==1 || (c[-1].k<c->k && c[-1].lo<c->lo) );
    rc = sqlite3BtreeNext(pCur, 0);
  }
  if( rc==SQLITE_DONE ) rc = SQLITE_OK;
  sqlite3CcCursorClose(pCur);
  pCur = 0;
  if( p->nChunk==0 ) *pbOk = 0;

load_done:
  sqlite3_free(aBuf);
  /* SQLITE_DONE from a cursor of this function is the end of a B-tree,
  ** never a result: returned, it would end the statement with no row and
  ** no error (issue 55 #4).  Every path above maps it; fail loudly if
  ** one does not. */
  assert( rc!=SQLITE_DONE && rc!=SQLITE_ROW );
  if( NEVER(rc==SQLITE_DONE || rc==SQLITE_ROW) ) rc = SQLITE_INTERNAL;
  assert( rc!=SQLITE_OK || *pbOk==0 || p->nChunk>0 );
  return rc;
}

/*
** Load the data row of chunk c and slot iSlot into column pCol.
*/
int sqlite3CcColLoad(ColumnCopyScan *p, CCCol *pCol, const CCChunk *c,
                     int iSlot){
  int rc, res = 0;
  u32 n;
  Mem aF[CC_DATA_NFIELD];
  if( pCol->k==c->k ){
    /* Chunk numbers are unique (sqlite3CcLoadDir()) */
    assert( pCol->nRow==c->nRow );
    return SQLITE_OK;
  }
  pCol->k = -1;
  pCol->iVec = -1;
  rc = sqlite3BtreeTableMoveto(p->pData, c->k*CC_SLOTS+iSlot, 0, &res);
  if( rc ) return rc;
  if( res ) return SQLITE_CORRUPT_BKPT;
  rc = sqlite3CcPayload(p->pData, &pCol->aBuf, &pCol->nAlloc, &n);
  if( rc ) return rc;
  memset(aF, 0, sizeof(aF));
  if( sqlite3CcRecord(pCol->aBuf, n, aF, CC_DATA_NFIELD)<CC_DATA_NFIELD
   || !(aF[CC_DATA_BYTES].flags & MEM_Blob)
  ){
    return SQLITE_CORRUPT_BKPT;
  }
  rc = sqlite3CcColAttach(pCol, (const u8*)aF[CC_DATA_BYTES].z,
                          aF[CC_DATA_BYTES].n, c->nRow);
  if( rc==SQLITE_OK && iSlot==0 && !ccRowidEnc(pCol) ){
    /* Rowids that are not integers */
    rc = SQLITE_CORRUPT_BKPT;
  }
  if( rc==SQLITE_OK ) pCol->k = c->k;
  return rc;
}

/*
** The column of slot iSlot, allocated on first use.
*/
CCCol *sqlite3CcCol(ColumnCopyScan *p, int iSlot){
  CCCol *pCol = p->apCol[iSlot];
  if( pCol==0 ){
    pCol = p->apCol[iSlot] = sqlite3MallocZero(sizeof(CCCol));
    if( pCol ){ pCol->k = -1; pCol->iVec = -1; }
  }
  return pCol;
}

/*
** True if the zone map of slot iSlot of chunk c shows that no row of the
** chunk can satisfy term t.
*/
static int ccZoneSkip(ColumnCopyScan *p, const CCChunk *c, const CCTerm *t){
  int rc, res = 0, i;
  u32 nLocal = 0;
  const u8 *a;
  Mem aF[CC_DATA_NZONE];
  i64 nNull, mTypes;
  CCVal vMin, vMax;
  /* A LIKE or GLOB the scan does not decide may be one whose like() fails
  ** (a pattern over SQLITE_LIMIT_LIKE_PATTERN_LENGTH), on a NULL too:
  ** every row of the chunk goes to the loop's body */
  if( t->bOff && t->op==TK_LIKE_KW ) return 0;
  rc = sqlite3BtreeTableMoveto(p->pData, c->k*CC_SLOTS+t->iSlot, 0, &res);
  if( rc || res ) return 0;
  (void)sqlite3BtreePayloadSize(p->pData);   /* Parses the cell */
  a = (const u8*)sqlite3BtreePayloadFetch(p->pData, &nLocal);
  memset(aF, 0, sizeof(aF));
  /* Parse only what is on the page: the small fields come first, and are
  ** NULLs or numbers in a record this code wrote */
  if( sqlite3CcRecord(a, nLocal, aF, CC_DATA_NZONE)<CC_DATA_NZONE ) return 0;
  for(i=0; i<CC_DATA_NZONE; i++){
    if( aF[i].flags & (MEM_Str|MEM_Blob) ) return 0;
  }
  if( !(aF[CC_DATA_NNULL].flags & MEM_Int)
   || !(aF[CC_DATA_TYPES].flags & MEM_Int)
  ){
    return 0;
  }
  nNull = aF[CC_DATA_NNULL].u.i;
  mTypes = aF[CC_DATA_TYPES].u.i;
  if( t->op==TK_ISNULL ) return nNull==0;
  if( t->op==TK_NOTNULL ) return nNull>=c->nRow;
  if( nNull>=c->nRow ) return 1;      /* All NULL: no comparison holds */
  if( t->bOff || t->op==TK_LIKE_KW ) return 0;
  if( mTypes & ~((1<<SQLITE_INTEGER)|(1<<SQLITE_FLOAT)|(1<<SQLITE_NULL)) ){
    return 0;
  }
  for(i=CC_DATA_MINV; i<=CC_DATA_MAXV; i++){
    CCVal *pV = i==CC_DATA_MINV ? &vMin : &vMax;
    if( aF[i].flags & MEM_Int ){
      pV->eType = SQLITE_INTEGER; pV->u.i = aF[i].u.i;
    }else if( aF[i].flags & MEM_Real ){
      pV->eType = SQLITE_FLOAT; pV->u.r = aF[i].u.r;
    }else{
      return 0;
    }
  }
  for(i=0; i<t->nConst; i++){
    const CCVal *k = &t->aConst[i];
    int cMin, cMax;
    if( k->eType!=SQLITE_INTEGER && k->eType!=SQLITE_FLOAT ) return 0;
    cMin = sqlite3CcNumCmp(&vMin, k);
    cMax = sqlite3CcNumCmp(&vMax, k);
    switch( t->op ){
      case TK_IN:
      case TK_EQ: if( cMin<=0 && cMax>=0 ) return 0; break;
      case TK_LT: return cMin>=0;
      case TK_LE: return cMin>0;
      case TK_GT: return cMax<=0;
      default:    return cMax<0;
    }
  }
  return 1;
}

static int ccSeekColumn(ColumnCopyScan*, int, Mem*);


/*
** Keep in p->aSel[] the rows r for which X holds if aV[r] is an integer,
** or sqlite3CcTermMay() if it is not (used by ccNextVector()).
*/
#define CC_FILTER(X) \
  for(i=0; i<p->nSel; i++){ \
    int r = p->aSel[i]; \
    if( aV[r].eType==SQLITE_INTEGER ? (X) : sqlite3CcTermMay(t, &aV[r]) ){ \
      p->aSel[nOut++] = (u16)r; \
    } \
  }

/*
** Keep in p->aSel[] the rows of the vector starting at row i0 of the
** chunk whose value in the DICT column pCol may satisfy term t (neither
** IS NULL nor IS NOT NULL), finding the outcome of each dictionary entry
** when first needed.
*/
static int ccTermDict(ColumnCopyScan *p, CCTerm *t, const CCCol *pCol,
                      int i0){
  u8 *aMemo = sqlite3CcMemoFor(&t->memo, pCol);
  int i, nOut = 0, rc;
  assert( t->op!=TK_ISNULL && t->op!=TK_NOTNULL );
  if( aMemo==0 ) return SQLITE_NOMEM_BKPT;
  for(i=0; i<p->nSel; i++){
    int r = p->aSel[i];
    int iRow = i0+r, iCode;
    if( pCol->aNull && (pCol->aNull[iRow>>3] & (1<<(iRow&7))) ){
      continue;                 /* No comparison with NULL holds */
    }
    iCode = sqlite3CcDictCode(pCol, iRow);
    if( iCode>=pCol->nDict ){
      if( pCol->nDict==0 ) continue;      /* Every row is NULL */
      return SQLITE_CORRUPT_BKPT;
    }
    if( aMemo[iCode]==0 ){
      CCVal v;
      rc = sqlite3CcDictVal(pCol, iCode, &v);
      if( rc ) return rc;
      aMemo[iCode] = sqlite3CcTermMay(t, &v) ? CC_MEMO_PASS : CC_MEMO_FAIL;
    }
    if( aMemo[iCode]==CC_MEMO_PASS ) p->aSel[nOut++] = (u16)r;
  }
  p->nSel = nOut;
  return SQLITE_OK;
}

/*
** True if the rowids of column pCol (slot 0 of a chunk) are decoded only
** when a row's rowid is first asked for: their encodings, SEQ and FOR
** without NULLs, cannot fail to decode.  Most scans never ask (the body
** reads no rowid).
*/
#define ccRowidLazy(pCol) \
  (((pCol)->enc==CC_ENC_SEQ || (pCol)->enc==CC_ENC_FOR) && (pCol)->aNull==0)

/*
** Decode the rowids of the current vector of scan p, which ccNextVector()
** left to their first use (ccRowidLazy()).
*/
static SQLITE_NOINLINE void ccRowidDecode(ColumnCopyScan *p){
  const CCChunk *c = &p->aChunk[p->iChunk];
  CCCol *pRowid = p->apCol[0];
  int i0 = p->iVec*CC_VEC;
  int rc;
  assert( pRowid!=0 && pRowid->k==c->k && ccRowidLazy(pRowid) );
  rc = sqlite3CcColDecode(pRowid, i0, c->nRow-i0<CC_VEC ? c->nRow-i0 : CC_VEC);
  assert( rc==SQLITE_OK );
  (void)rc;
  pRowid->iVec = p->iVec;
}

/*
** The vector of rows i0..i0+n-1 of the current chunk of p, whose rowids
** are in pRowid (SEQ or FOR, loaded), is about to be read.  Set
** p->iChgEnd past the changed rows aChg[iChg..] that come before the
** row after it (all that are left if it is the chunk's last), and for
** each of those set aChgPos[] to twice the number of rows of the vector
** whose rowid is below it, plus one if the next row's rowid is its own:
** that row of the vector is masked out.  A changed rowid below the
** vector's first (one of a vector whose rows the terms all rejected)
** comes before its first row.  Return the number of rows masked.
*/
static int ccChangePositions(ColumnCopyScan *p, const CCCol *pRowid,
                             int i0, int n){
  i64 iNext = 0;                /* Rowid of the row after the vector */
  int bLast = i0+n>=pRowid->nRow;   /* The chunk's last vector: every
                                    ** changed row left is before its end
                                    ** (2^63-1 too: issue 56's attack) */
  int j, nHit = 0;
  CCVal x;
  assert( ccRowidEnc(pRowid) && i0+n<=pRowid->nRow );
  if( !bLast ){
    sqlite3CcColGet(pRowid, i0+n, &x);
    iNext = x.u.i;
  }
  for(j=p->iChg; j<p->nChg && (bLast || p->aChg[j]<iNext); j++){
    i64 r = p->aChg[j];
    int lo = 0, hi = n;         /* The first row with a rowid >= r */
    if( pRowid->enc==CC_ENC_SEQ ){
      i64 d = r - (pRowid->iBase + i0);
      lo = d<0 ? 0 : (d>n ? n : (int)d);
    }else{
      while( lo<hi ){
        int mid = lo + (hi-lo)/2;
        sqlite3CcColGet(pRowid, i0+mid, &x);
        if( x.u.i<r ) lo = mid+1; else hi = mid;
      }
    }
    p->aChgPos[j] = lo*2;
    if( lo<n ){
      sqlite3CcColGet(pRowid, i0+lo, &x);
      if( x.u.i==r ){
        p->aChgPos[j]++;
        nHit++;
      }
    }
  }
  p->iChgEnd = j;
  return nHit;
}

/*
** Make the next vector of the current chunk (or the first, with iVec
** -1) current, skipping vectors in which no row may match.  Set *pbDone
** if the chunk has no more.
*/
static int ccNextVector(ColumnCopyScan *p, int *pbDone){
  const CCChunk *c = &p->aChunk[p->iChunk];
  int rc = SQLITE_OK;
  *pbDone = 0;
  while( 1 ){
    int i0, n, i, j;
    CCCol *pRowid;
    assert( c->nRow>=0 && c->nRow<=CC_CHUNK_ROWS );
    assert( p->iVec>=-1 && p->iVec<CC_CHUNK_ROWS/CC_VEC );
    p->iVec++;
    i0 = p->iVec*CC_VEC;
    if( i0>=c->nRow ){ *pbDone = 1; return SQLITE_OK; }
    n = c->nRow-i0 < CC_VEC ? c->nRow-i0 : CC_VEC;
    pRowid = sqlite3CcCol(p, 0);
    if( pRowid==0 ) return SQLITE_NOMEM_BKPT;
    rc = sqlite3CcColLoad(p, pRowid, c, 0);
    if( rc==SQLITE_OK && pRowid->iVec!=p->iVec
     && (p->bClip || !ccRowidLazy(pRowid))
    ){
      rc = sqlite3CcColDecode(pRowid, i0, n);
      pRowid->iVec = p->iVec;
    }
    if( rc ) return rc;
    if( p->bClip ){
      /* A rowid range starts or ends in this chunk */
      const CCVal *aV = pRowid->aVal;
      i64 iLo = p->iLo, iStop = p->iStop;
      for(i=j=0; i<n; i++){
        if( aV[i].u.i>=iLo && aV[i].u.i<=iStop ) p->aSel[j++] = (u16)i;
      }
      p->nSel = j;
      if( j==0 && aV[n-1].u.i>iStop ){ *pbDone = 1; return SQLITE_OK; }
    }else{
      if( p->aAll[CC_VEC-1]==0 ){
        for(i=0; i<CC_VEC; i++) p->aAll[i] = (u16)i;
      }
      memcpy(p->aSel, p->aAll, n*sizeof(u16));
      p->nSel = n;
    }
    for(j=0; j<p->nTerm && p->nSel>0; j++){
      CCTerm *t = &p->aTerm[j];
      CCCol *pCol;
      int nOut = 0;
      if( t->bOff && t->op==TK_LIKE_KW ){
        continue;               /* Left to the loop's body (NULLs too) */
      }
      pCol = sqlite3CcCol(p, t->iSlot);
      if( pCol==0 ) return SQLITE_NOMEM_BKPT;
      rc = sqlite3CcColLoad(p, pCol, c, t->iSlot);
      if( rc==SQLITE_OK && pCol->enc==CC_ENC_DICT
       && t->op!=TK_ISNULL && t->op!=TK_NOTNULL
      ){
        /* Texts: the term is decided once per dictionary entry */
        rc = ccTermDict(p, t, pCol, i0);
        if( rc ) return rc;
        continue;
      }
      if( rc==SQLITE_OK && pCol->iVec!=p->iVec ){
        rc = sqlite3CcColDecode(pCol, i0, n);
        pCol->iVec = p->iVec;
      }
      if( rc ) return rc;
      if( t->nConst==1 && !t->bOff && t->aConst[0].eType==SQLITE_INTEGER
       && t->op!=TK_LIKE_KW
      ){
        /* The common case: an integer constant, integer values */
        i64 c = t->aConst[0].u.i;
        const CCVal *aV = pCol->aVal;
        switch( t->op ){
          case TK_IN:
          case TK_EQ: CC_FILTER(aV[r].u.i==c); break;
          case TK_LT: CC_FILTER(aV[r].u.i<c);  break;
          case TK_LE: CC_FILTER(aV[r].u.i<=c); break;
          case TK_GT: CC_FILTER(aV[r].u.i>c);  break;
          default:    CC_FILTER(aV[r].u.i>=c); break;
        }
      }else{
        for(i=0; i<p->nSel; i++){
          int r = p->aSel[i];
          if( sqlite3CcTermMay(t, &pCol->aVal[r]) ) p->aSel[nOut++] = (u16)r;
        }
        if( t->op==TK_LIKE_KW && !t->bOff ){
          t->nTested += p->nSel;
          t->nKept += nOut;
          if( t->nTested>=CC_MATCH_SAMPLE
           && t->nKept > t->nTested - t->nTested/CC_MATCH_KEEP
          ){
            t->bOff = 1;        /* Every row passes from now on */
          }
        }
      }
      p->nSel = nOut;
    }
    if( p->nSel>0 && p->iChg<p->nChg
     && ccChangePositions(p, pRowid, i0, n)
    ){
      /* Rows of the vector changed since the chunk was built: masked out
      ** (ccAdvance() reads them from the B-tree).  After the terms, which
      ** leave few rows in the common case; before the filters' probes */
      int m = p->iChg;
      for(i=j=0; i<p->nSel; i++){
        int r = p->aSel[i];
        while( m<p->iChgEnd && p->aChgPos[m]<r*2+1 ) m++;
        if( m<p->iChgEnd && p->aChgPos[m]==r*2+1 ) continue;
        p->aSel[j++] = (u16)r;
      }
      p->nSel = j;
    }
    if( p->nSel>0 ){
      p->iVecSeq++;
      if( pRowid->iVec==p->iVec ) pRowid->iVecSeq = p->iVecSeq;
      for(j=0; j<p->nTerm; j++){
        CCCol *pCol = p->apCol[p->aTerm[j].iSlot];
        if( pCol && pCol->iVec==p->iVec ) pCol->iVecSeq = p->iVecSeq;
      }
#ifdef LIPSQLITE_HAVE_LIP
      rc = sqlite3CcProbeFilters(p);
      if( rc ) return rc;
#endif
    }
    if( p->nSel>0 ){
      p->iSel = 0;
      return SQLITE_OK;
    }
  }
}

/*
** Position the B-tree cursor on the first row with a rowid of at least
** iFrom.  Set *pbEof if there is none.
*/
static int ccSeek(BtCursor *pCur, i64 iFrom, int *pbEof){
  int res = 0, rc;
  rc = sqlite3BtreeTableMoveto(pCur, iFrom, 0, &res);
  *pbEof = 0;
  if( rc ) return rc;
  if( sqlite3BtreeEof(pCur) ){ *pbEof = 1; return SQLITE_OK; }
  if( res<0 ){
    rc = sqlite3BtreeNext(pCur, 0);
    if( rc==SQLITE_DONE ){ *pbEof = 1; return SQLITE_OK; }
  }
  return rc;
}

/*
** Read into (*paOut)[0..*pnOut-1] the rowids that the _changed table of
** the copy of p records in the range of chunk iChunk, ascending, and at
** most CC_CHANGED_MAX+1 of them: more, and the chunk is read from the
** B-tree as a stale one.  *pnAlloc is the size of *paOut, which grows as
** needed.  The rowids are the keys of a table B-tree, so they ascend and
** are unique whatever the file holds.  Return an SQLite error code.
*/
static int ccChangesRead(
  ColumnCopyScan *p,
  int iChunk,
  i64 **paOut,
  int *pnOut,
  int *pnAlloc
){
  i64 iHi = iChunk+1<p->nChunk ? p->aChunk[iChunk+1].lo-1 : p->iHi;
  int rc = SQLITE_OK, bEof = 0, n = 0;
  assert( iChunk>=0 && iChunk<p->nChunk );
  if( p->pChanged==0 ){
    rc = sqlite3CcCursorOpen(p->db, p->pPlan->iDb, p->pPlan->iChangedRoot,
                             &p->pChanged);
  }
  if( rc==SQLITE_OK ) rc = ccSeek(p->pChanged, p->aChunk[iChunk].lo, &bEof);
  while( rc==SQLITE_OK && !bEof && n<=CC_CHANGED_MAX ){
    i64 r = sqlite3BtreeIntegerKey(p->pChanged);
    if( r>iHi ) break;
    if( n>=*pnAlloc ){
      int nNew = *pnAlloc*2 + 64;
      i64 *aNew = sqlite3_realloc64(*paOut, sizeof(i64)*nNew);
      if( aNew==0 ){ rc = SQLITE_NOMEM_BKPT; break; }
      *paOut = aNew;
      *pnAlloc = nNew;
    }
    (*paOut)[n++] = r;
    rc = sqlite3BtreeNext(p->pChanged, 0);
    if( rc==SQLITE_DONE ){ rc = SQLITE_OK; bEof = 1; }
  }
  *pnOut = n;
  assert( rc!=SQLITE_DONE );
  return rc;
}

/*
** The scan p is in a clean chunk with no current row: before its first
** row, past a row of a vector with no more rows in aSel[] to read before
** the next changed row (p->nSelEnd), or past a changed row.  Move to the
** next row of the chunk in rowid order: the next row of aSel[] (the
** next vector's, once aSel[] is read), or the next changed row that the
** table still has, read from the B-tree, whichever comes first.  Set
** *pbDone if the chunk has no more rows.  Return an SQLite error code.
**
** A row of the vectors whose rowid is not recorded as changed is the
** table's row (the triggers record every write since the chunk was
** built, in the writer's transaction); a changed row is read from the
** B-tree, or not read if it is gone; a row the table gained inside the
** chunk's range is recorded too.  So the scan reads the rows of the
** table at its snapshot, in rowid order, as the row path does.
*/
static int ccAdvance(ColumnCopyScan *p, BtCursor *pBase, int *pbDone){
  int rc, bRow;
  *pbDone = 0;
  p->bChgRow = 0;
  while( 1 ){
    if( p->iSel>=p->nSel && !p->bVecDone ){
      int bDone = 0;
      rc = ccNextVector(p, &bDone);
      if( rc ) return rc;
      if( bDone ){
        p->bVecDone = 1;
        p->nSel = p->iSel = 0;
      }
    }
    assert( p->iSel<p->nSel || p->bVecDone );
    bRow = p->iSel<p->nSel;
    if( p->iChg<p->nChg
     && (!bRow || (p->iChg<p->iChgEnd
                   && p->aChgPos[p->iChg]<=2*p->aSel[p->iSel]+1))
    ){
      /* The changed row comes first: read it from the B-tree */
      i64 r = p->aChg[p->iChg++];
      int res = 0;
      if( r<p->iLo || r>p->iStop ) continue;
      rc = sqlite3BtreeTableMoveto(pBase, r, 0, &res);
      if( rc ) return rc;
      testcase( res!=0 );       /* A row deleted, or changed its rowid */
      if( res!=0 ) continue;
      p->eMode = CC_MODE_BTREE;
      p->bChgRow = 1;
      p->bEndLargest = 0;
      p->iEnd = r;
      return SQLITE_OK;
    }
    if( !bRow ){
      *pbDone = 1;
      return SQLITE_OK;
    }
    /* The rows of aSel[] before the next changed row */
    p->eMode = CC_MODE_VEC;
    p->nSelEnd = p->nSel;
    if( p->iChg<p->iChgEnd ){
      int iPos = p->aChgPos[p->iChg]>>1, i;
      for(i=p->iSel+1; i<p->nSel && p->aSel[i]<iPos; i++){}
      p->nSelEnd = i;
    }
    assert( p->nSelEnd>p->iSel );
    return SQLITE_OK;
  }
}

/*
** Move to chunk iChunk (p->nChunk: the tail) and its first row.  The
** B-tree cursor is positioned on a row when a B-tree range starts.
** Return SQLITE_OK with a current row, SQLITE_DONE at the end.
*/
static int ccEnterChunk(ColumnCopyScan *p, BtCursor *pBase, int iChunk){
  int rc, bEof, bDone;
  while( 1 ){
    p->iChunk = iChunk;
    if( iChunk>=p->nChunk || p->bAll ){
      /* The tail: rows past the last chunk, from the B-tree */
      i64 iFrom = p->bAll ? p->iEnd : p->iHi;
      if( iFrom==LARGEST_INT64 || iFrom>=p->iStop ){
        p->eMode = CC_MODE_EOF;
        return SQLITE_DONE;
      }
      rc = ccSeek(pBase, iFrom+1>p->iLo ? iFrom+1 : p->iLo, &bEof);
      if( rc ) return rc;
      if( bEof || sqlite3BtreeIntegerKey(pBase)>p->iStop ){
        p->eMode = CC_MODE_EOF;
        return SQLITE_DONE;
      }
      p->eMode = CC_MODE_BTREE;
      p->bEndLargest = 1;
      p->iChunk = p->nChunk;
      return SQLITE_OK;
    }else{
      const CCChunk *c = &p->aChunk[iChunk];
      i64 iChunkHi = iChunk+1<p->nChunk ? p->aChunk[iChunk+1].lo-1 : p->iHi;
      int j, bSkip = 0;
      if( c->lo>p->iStop ){ p->eMode = CC_MODE_EOF; return SQLITE_DONE; }
      if( iChunkHi<p->iLo ){ iChunk++; continue; }
      if( c->bStale ){
        int iLast = iChunk;
        i64 iKey;
        while( iLast+1<p->nChunk && p->aChunk[iLast+1].bStale ) iLast++;
        rc = ccSeek(pBase, c->lo>p->iLo ? c->lo : p->iLo, &bEof);
        if( rc ) return rc;
        if( bEof ){ p->eMode = CC_MODE_EOF; return SQLITE_DONE; }
        p->eMode = CC_MODE_BTREE;
        p->iChunk = iLast;
        p->bEndLargest = 0;
        p->iEnd = iLast+1<p->nChunk ? p->aChunk[iLast+1].lo-1 : p->iHi;
        iKey = sqlite3BtreeIntegerKey(pBase);
        if( iKey>p->iStop ){ p->eMode = CC_MODE_EOF; return SQLITE_DONE; }
        if( iKey<=p->iEnd ) return SQLITE_OK;
        iChunk = iLast+1;
        continue;
      }
      /* A clean chunk: the rows written since it was built */
      rc = ccChangesRead(p, iChunk, &p->aChg, &p->nChg, &p->nChgAlloc);
      if( rc ) return rc;
      testcase( p->nChg==CC_CHANGED_MAX );
      if( p->nChg>CC_CHANGED_MAX ){
        /* Read from the B-tree, as a stale chunk */
        p->aChunk[iChunk].bStale = 1;
        continue;
      }
      if( p->nChg>p->nChgPosAlloc ){
        int *aNew = sqlite3_realloc64(p->aChgPos, sizeof(int)*p->nChgAlloc);
        if( aNew==0 ) return SQLITE_NOMEM_BKPT;
        p->aChgPos = aNew;
        p->nChgPosAlloc = p->nChgAlloc;
      }
      p->iChg = p->iChgEnd = 0;
      p->bClip = c->lo<p->iLo || iChunkHi>p->iStop;
      for(j=0; j<p->nTerm && !bSkip; j++){
        bSkip = ccZoneSkip(p, c, &p->aTerm[j]);
      }
      /* The zone maps are those of the chunk as built: a chunk they skip
      ** still has its changed rows, read from the B-tree */
      assert( c->nRow>0 );
      p->iVec = -1;
      p->nSel = p->iSel = 0;
      p->bVecDone = (u8)bSkip;
      rc = ccAdvance(p, pBase, &bDone);
      if( rc ) return rc;
      if( !bDone ) return SQLITE_OK;
      iChunk++;
    }
  }
}

/*
** The current rowid of a scan in CC_MODE_VEC.
*/
static i64 ccRowid(ColumnCopyScan *p){
  assert( p->eMode==CC_MODE_VEC );
  if( p->apCol[0]->iVec!=p->iVec ) ccRowidDecode(p);
  return p->apCol[0]->aVal[p->aSel[p->iSel]].u.i;
}

/*
** Make *pOut a shallow copy of register pIn, a text converted to a number
** as numeric affinity converts it (pIn is not changed).
*/
static void ccNumericCopy(sqlite3 *db, Mem *pIn, Mem *pOut){
  memset(pOut, 0, sizeof(*pOut));
  pOut->db = db;
  pOut->flags = MEM_Null;
  sqlite3VdbeMemShallowCopy(pOut, pIn, MEM_Ephem);
  if( (pOut->flags & (MEM_Int|MEM_Real|MEM_IntReal|MEM_Str))==MEM_Str ){
    sqlite3ValueApplyAffinity(pOut, SQLITE_AFF_NUMERIC, ENC(db));
  }
}

/*
** The first rowid that OP_SeekGE or OP_SeekGT (op) finds for the key in
** register pKey of a table cursor, converted as those opcodes convert
** it: numeric affinity, then a real key rounded to the integer the seek
** starts from.  Return 0 if the seek finds no row whatever the table
** holds (a NULL, a text or blob that is not a number, past the largest
** rowid).
*/
static int ccSeekStart(sqlite3 *db, Mem *pKey, int op, i64 *piLo){
  Mem m;
  i64 iKey;
  int c = 0;
  assert( op==OP_SeekGE || op==OP_SeekGT );
  ccNumericCopy(db, pKey, &m);
  if( m.flags & (MEM_Int|MEM_IntReal) ){
    iKey = m.u.i;
  }else if( m.flags & MEM_Real ){
    iKey = sqlite3VdbeIntValue(&m);
    c = sqlite3IntFloatCompare(iKey, m.u.r);
  }else{
    return 0;
  }
  /* A real key between two integers: > 1.5 and >= 1.5 both start at 2 */
  if( c>0 && op==OP_SeekGT ) op = OP_SeekGE;
  if( c<0 && op==OP_SeekGE ) op = OP_SeekGT;
  if( op==OP_SeekGT ){
    if( iKey==LARGEST_INT64 ) return 0;
    iKey++;
  }
  *piLo = iKey;
  return 1;
}

/*
** A rowid past which the end test of a rowid range, OP_Gt or OP_Ge (op)
** with numeric affinity comparing the rowid with the bound in register
** pEnd, ends the loop for sure.  It may be larger than the first rowid
** that ends it (the test still runs on every row).
*/
static void ccEndStop(sqlite3 *db, Mem *pEnd, int op, i64 *piStop){
  Mem m;
  assert( op==OP_Gt || op==OP_Ge );
  ccNumericCopy(db, pEnd, &m);
  if( m.flags & (MEM_Int|MEM_IntReal) ){
    /* rowid>k or rowid>=k ends it: nothing past k */
    *piStop = m.u.i;
  }else if( (m.flags & MEM_Real) && m.u.r>-CC_RANGE_REAL
         && m.u.r<CC_RANGE_REAL ){
    *piStop = (i64)m.u.r + 1;
  }
  /* A NULL ends the loop at its first row; a text or a blob never does,
  ** as numbers sort before them: no stop */
}

/*
** The scan p of cursor pC is on a row of a vector.  If the loop has a
** consumer of vectors (a ColumnCopyConsumer, the P4 of its
** OP_ColumnCopyNext: the batch path), let it run the loop's body over the
** rows of the vector from this one on, and go on through the next vectors
** while it takes all their rows.  Return
** SQLITE_OK when the scan is on a row the VDBE runs the body for (a row
** the batch leaves to it, or one read from the B-tree), SQLITE_DONE at the
** end of the scan, or an error code.  bFirst: the row is the scan's first,
** which OP_ColumnCopyRewind reached.
**
** Each row taken counts as a step of the scan, as OP_ColumnCopyNext
** would count it (SQLITE_STMTSTATUS_FULLSCAN_STEP); the first row does not.
** Before each vector, as the VDBE does between opcodes, an interrupt or a
** progress handler that returns non-zero stops the statement
** (SQLITE_INTERRUPT).
*/
static int ccConsume(ColumnCopyScan *p, VdbeCursor *pC, int bFirst){
  Vdbe *v = p->pVdbe;
  VdbeOp *pNext = &v->aOp[p->addrNext];
  ColumnCopyConsumer *pCons;
  i64 nTaken = 0;
  int rc = SQLITE_OK;
  assert( pNext->opcode==OP_ColumnCopyNext && pNext->p1==p->iCur );
  if( pNext->p4type!=P4_FORK ) return SQLITE_OK;
  pCons = (ColumnCopyConsumer*)pNext->p4.p;
  assert( pCons->xRun!=0 && pCons->xFreeState!=0 );
  assert( p->xConsumerFree==0 || p->xConsumerFree==pCons->xFreeState );
  p->xConsumerFree = pCons->xFreeState;
  while( p->eMode==CC_MODE_VEC ){
    int nTake = 0, bDone;
    /* As the VDBE does between opcodes: a whole scan may run here */
    if( AtomicLoad(&v->db->u1.isInterrupted) ){
      rc = SQLITE_INTERRUPT;
      break;
    }
#ifndef SQLITE_OMIT_PROGRESS_CALLBACK
    if( v->db->xProgress && v->db->xProgress(v->db->pProgressArg) ){
      rc = SQLITE_INTERRUPT;
      break;
    }
#endif
    assert( p->iSel<p->nSelEnd && p->nSelEnd<=p->nSel );
    rc = pCons->xRun(v, pC, pCons, &p->pConsumer,
                     &p->aSel[p->iSel], p->nSelEnd-p->iSel, &nTake);
    if( rc ) return rc;
    assert( nTake>=0 && p->iSel+nTake<=p->nSelEnd );
    nTaken += nTake;
    p->iSel += nTake;
    if( p->iSel<p->nSelEnd ) break;
    rc = ccAdvance(p, pC->uc.pCursor, &bDone);
    if( rc ) return rc;
    if( bDone ){
      rc = ccEnterChunk(p, pC->uc.pCursor, p->iChunk+1);
      if( rc ) break;
    }
  }
  if( bFirst && rc!=SQLITE_OK && nTaken>0 ) nTaken--;
  v->aCounter[pNext->p5] += (u32)nTaken;
  return rc;
}

/*
** Implement OP_ColumnCopyRewind: set *pRes to 0 if the scan has a first
** row, 1 if there is none.  If the copy cannot be used, the cursor is
** left rewound on its B-tree, with no scan: OP_ColumnCopyNext,
** OP_ColumnCopyColumn and OP_ColumnCopyRowid then act as OP_Next,
** OP_Column and OP_Rowid.
*/

int sqlite3ColumnCopyRewind(Vdbe *v, VdbeCursor *pC, VdbeOp *pOp, int *pRes){
  sqlite3 *db = v->db;
  CCPlan *pPlan = (CCPlan*)pOp->p4.p;
  ColumnCopyScan *p = pC->pColumnCopy;
  BtCursor *pBase = pC->uc.pCursor;
  int rc, res = 0, bOk = 0, bEmpty = 0, i, j, nMem = 0;
  i64 iLo = SMALLEST_INT64, iStop = LARGEST_INT64, iFirst;

  *pRes = 1;
  assert( pC->eCurType==CURTYPE_BTREE && pC->isTable );
  pC->deferredMoveto = 0;
  pC->cacheStatus = CACHE_STALE;

  /* The rowids wanted: from the seek's key and the end test's bound */
  if( pPlan->opStart!=OP_Rewind ){
    if( !ccSeekStart(db, &v->aMem[pPlan->iRegStart], pPlan->opStart, &iLo) ){
      /* As the seek: no row, the loop does not start */
      if( p ) sqlite3ColumnCopyScanFree(db, pC);
      pC->nullRow = 1;
      return SQLITE_OK;
    }
  }
  if( pPlan->opEnd ){
    ccEndStop(db, &v->aMem[pPlan->iRegEnd], pPlan->opEnd, &iStop);
  }
  iFirst = iLo;
  if( pPlan->opEnd && iLo==SMALLEST_INT64 ){
    /* The span of an upper bound alone starts at the first row */
    rc = sqlite3BtreeFirst(pBase, &res);
    if( rc ) return rc;
    if( res==0 ) iFirst = sqlite3BtreeIntegerKey(pBase);
  }
  if( iStop<iFirst || (u64)iStop-(u64)iFirst<CC_RANGE_MIN ){
    /* A short range: the B-tree, as the seek */
    if( p ) sqlite3ColumnCopyScanFree(db, pC);
    rc = ccSeek(pBase, iLo, &res);
    if( rc ) return rc;
    pC->nullRow = (u8)res;
    *pRes = res;
    return SQLITE_OK;
  }

  if( p && p->pPlan!=pPlan ){
    /* The cursor's state is that of another use of the copy */
    sqlite3ColumnCopyScanFree(db, pC);
    p = 0;
  }
  if( p==0 ){
    p = pC->pColumnCopy = sqlite3MallocZero(sizeof(ColumnCopyScan));
    if( p==0 ) return SQLITE_NOMEM_BKPT;
    p->db = db;
    p->pPlan = pPlan;
    p->nSlot = 1 + pPlan->nCol;
    p->apCol = sqlite3MallocZero(sizeof(CCCol*)*p->nSlot);
    for(i=0; i<pPlan->nTerm; i++) nMem += pPlan->aTerm[i].nReg;
    p->aMem = sqlite3MallocZero(sizeof(Mem)*(nMem+1));
    p->aTerm = sqlite3MallocZero(sizeof(CCTerm)*(pPlan->nTerm+1));
    if( p->apCol==0 || p->aMem==0 || p->aTerm==0 ){
      sqlite3ColumnCopyScanFree(db, pC);
      return SQLITE_NOMEM_BKPT;
    }
    p->nMem = nMem;
    p->nTermAlloc = pPlan->nTerm;
    for(i=0; i<nMem; i++){ p->aMem[i].flags = MEM_Null; p->aMem[i].db = db; }
    rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iDataRoot, &p->pData);
    if( rc ){
      sqlite3ColumnCopyScanFree(db, pC);
      return rc;
    }
  }
  assert( p->pPlan==pPlan );
  p->eMode = CC_MODE_EOF;
  p->bAll = 0;
  p->nProbeMemo = 0;            /* The filters may be new */
  p->pVdbe = v;
  p->iCur = pOp->p1;
  p->addrBody = pPlan->addrProbe;
  for(p->addrNext=pPlan->addrLoop; p->addrNext<v->nOp; p->addrNext++){
    VdbeOp *pX = &v->aOp[p->addrNext];
    if( pX->opcode==OP_ColumnCopyNext && pX->p1==p->iCur
     && pX->p2==pPlan->addrLoop ){
      break;
    }
  }

  p->iLo = iLo;
  p->iStop = iStop;

  rc = sqlite3BtreeFirst(pBase, &res);
  if( rc ) return rc;
  if( res ){
    /* An empty table */
    pC->nullRow = 1;
    *pRes = 1;
    return SQLITE_OK;
  }
  rc = sqlite3CcLoadDir(p, &bOk);
  if( rc ) return rc;
  if( p->iLo==SMALLEST_INT64 ){
    rc = sqlite3BtreeFirst(pBase, &res);  /* Valid: a write will move it */
  }else{
    rc = ccSeek(pBase, p->iLo, &res);
  }
  if( rc ) return rc;
  if( !bOk ){
    /* As OP_Rewind, OP_SeekGE or OP_SeekGT */
    sqlite3ColumnCopyScanFree(db, pC);
    pC->nullRow = (u8)res;
    *pRes = res;
    return SQLITE_OK;
  }

  /* A cursor on the table's first row that nothing but a write to the
  ** table moves (saveAllCursors()).  The scan's own cursor cannot tell:
  ** on a run of stale chunks the loop's OP_Column reads it and restores
  ** it after a write (sqlite3VdbeHandleMovedCursor()), and the scan would
  ** then go back to the vectors of a chunk the write made stale. */
  if( p->pSentinel==0 ){
    rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iTabRoot, &p->pSentinel);
    if( rc ) return rc;
  }
  rc = sqlite3BtreeFirst(p->pSentinel, &bEmpty);
  if( rc ) return rc;
  assert( bEmpty==0 );          /* The table has a row: see above */
  assert( !sqlite3BtreeCursorHasMoved(p->pSentinel) );

  /* The constants of the terms, with the comparison's affinity applied */
  nMem = 0;
  p->nTerm = 0;
  for(i=0; i<pPlan->nTerm; i++){
    CCPlanTerm *pt = &pPlan->aTerm[i];
    CCTerm *t = &p->aTerm[p->nTerm++];
    t->iSlot = 1 + pt->iCol;
    t->op = pt->op;
    t->bBinary = pt->bBinary;
    t->bOff = 0;
    t->nTested = t->nKept = 0;
    t->memo.k = -1;             /* The constants may be new */
    t->nConst = pt->nReg;
    for(j=0; j<pt->nReg; j++){
      Mem *pM = &p->aMem[nMem++];
      CCVal *k = &t->aConst[j];
      rc = sqlite3VdbeMemCopy(pM, &v->aMem[pPlan->aReg[pt->iReg+j]]);
      if( rc ) return rc;
      if( pt->aff>SQLITE_AFF_BLOB ){
        sqlite3ValueApplyAffinity(pM, pt->aff, ENC(db));
      }
      if( pM->flags & MEM_Null ){
        k->eType = SQLITE_NULL;
        if( t->op!=TK_IN ) t->bOff = 1;   /* Let the VDBE decide */
      }else if( pM->flags & MEM_Int ){
        k->eType = SQLITE_INTEGER; k->u.i = pM->u.i;
      }else if( pM->flags & (MEM_Real|MEM_IntReal) ){
        k->eType = SQLITE_FLOAT;
        k->u.r = (pM->flags & MEM_IntReal) ? (double)pM->u.i : pM->u.r;
      }else{
        if( pM->flags & MEM_Zero ){
          rc = sqlite3VdbeMemExpandBlob(pM);
          if( rc ) return rc;
        }
        if( (pM->flags & MEM_Str) && pM->enc!=ENC(db) ){
          rc = sqlite3VdbeChangeEncoding(pM, ENC(db));
          if( rc ) return rc;
        }
        k->eType = (pM->flags & MEM_Str) ? SQLITE_TEXT : SQLITE_BLOB;
        k->u.z = (const u8*)pM->z;
        k->n = pM->n;
      }
    }
    if( t->op==TK_LIKE_KW ){
      rc = sqlite3CcMatchCompile(db, pt, t);
      if( rc ) return rc;
    }
    if( t->op==TK_IN ){
      /* A NULL in the list matches nothing; any other value decides */
      int nKeep = 0;
      for(j=0; j<t->nConst; j++){
        if( t->aConst[j].eType!=SQLITE_NULL ) t->aConst[nKeep++] = t->aConst[j];
      }
      t->nConst = nKeep;
    }
  }

  /* The first row */
  rc = ccEnterChunk(p, pBase, 0);
  if( rc==SQLITE_OK && p->eMode==CC_MODE_VEC ){
    pC->nullRow = 0;            /* On a row: a consumer reads its vector */
    rc = ccConsume(p, pC, 1);
  }
  if( rc==SQLITE_DONE ){
    pC->nullRow = 1;
    *pRes = 1;
    return SQLITE_OK;
  }
  if( rc ) return rc;
  pC->nullRow = 0;
  *pRes = 0;
  return SQLITE_OK;
}

/*
** Called when the loop's body reads the current row of scan p, a row of
** a vector, after this connection wrote to the table (a function of the
** body did: the sentinel moved).  The row path's cursor would read the
** row as it is now.  So leave the vectors: put the B-tree cursor on the
** current row and read the rest of the scan from the B-tree.  If the
** write deleted the row (or changed its rowid), the cursor is a null row,
** as a B-tree cursor whose row was deleted is after
** sqlite3VdbeHandleMovedCursor(), and its next row is the first after it
** (p->bGone).  Return an SQLite error code.
*/
static int ccLeaveVectors(VdbeCursor *pC){
  ColumnCopyScan *p = pC->pColumnCopy;
  i64 iRowid = ccRowid(p);
  int rc, res = 0;
  assert( p->eMode==CC_MODE_VEC );
  rc = sqlite3BtreeTableMoveto(pC->uc.pCursor, iRowid, 0, &res);
  if( rc ) return rc;
  p->eMode = CC_MODE_BTREE;
  p->bAll = 1;
  p->bEndLargest = 1;
  p->iEnd = iRowid;
  pC->cacheStatus = CACHE_STALE;
  testcase( res!=0 );
  if( res!=0 ){
    p->bGone = 1;
    pC->nullRow = 1;
  }
  return SQLITE_OK;
}

/*
** Called when the body reads the row a lookup of p found in a chunk
** (CC_MODE_SEEK) after this connection wrote to the table (the sentinel
** moved).  Leave the row to the B-tree, in the state the row path's cursor
** would be in: after OP_SeekRowid, or once a value of the row was read,
** the row path's cursor was on the row when the write moved it, so put
** it there now, a null row if the write deleted it; after OP_DeferredSeek
** with no value read, the seek is still deferred, and OP_Column finishes
** it as in the row path.  Return -1 (the B-tree answers) or an error.
*/
static int ccLeaveSeek(VdbeCursor *pC){
  ColumnCopyScan *p = pC->pColumnCopy;
  assert( p->eMode==CC_MODE_SEEK );
  p->eMode = CC_MODE_BTREE;
  testcase( p->bSeekRowid );
  testcase( p->bSeekRead );
  if( p->bSeekRowid || p->bSeekRead ){
    int res = 0;
    int rc = sqlite3BtreeTableMoveto(pC->uc.pCursor, p->iSeekRowid, 0, &res);
    if( rc ) return rc;
    pC->deferredMoveto = 0;
    pC->cacheStatus = CACHE_STALE;
    if( res!=0 ) pC->nullRow = 1;
  }
  return -1;
}

/*
** Implement OP_ColumnCopyNext on a cursor with a scan: return SQLITE_OK
** at the next row, SQLITE_DONE at the end, or an error code.
*/
static int ccNext(VdbeCursor *pC){
  ColumnCopyScan *p = pC->pColumnCopy;
  BtCursor *pBase = pC->uc.pCursor;
  int rc, bDone;
  i64 iKey;
  if( p->bGone ){
    /* ccLeaveVectors() found the current row deleted: go on from the
    ** row after it */
    assert( p->eMode==CC_MODE_BTREE && p->bAll );
    p->bGone = 0;
    pC->nullRow = 0;
    return ccEnterChunk(p, pBase, p->nChunk);
  }
  if( p->eMode==CC_MODE_EOF || (pC->nullRow && p->eMode!=CC_MODE_BTREE) ){
    /* OP_NullRow, or past the end: as sqlite3BtreeNext() on such a
    ** cursor.  On the B-tree, sqlite3BtreeNext() below tells, as in
    ** OP_Next: there a null row may also be a row this connection
    ** deleted (sqlite3VdbeHandleMovedCursor()), and the scan goes on */
    p->eMode = CC_MODE_EOF;
    return SQLITE_DONE;
  }
  assert( p->pSentinel!=0 );
  if( p->eMode==CC_MODE_VEC ){
    if( sqlite3BtreeCursorHasMoved(pBase)
     || sqlite3BtreeCursorHasMoved(p->pSentinel)
    ){
      /* This connection wrote to the table during the scan: the rest of
      ** it comes from the B-tree */
      p->bAll = 1;
      p->iEnd = ccRowid(p);
      return ccEnterChunk(p, pBase, p->nChunk);
    }
    p->iSel++;
    if( p->iSel<p->nSelEnd ) return SQLITE_OK;
    rc = ccAdvance(p, pBase, &bDone);
    if( rc || !bDone ) return rc;
    return ccEnterChunk(p, pBase, p->iChunk+1);
  }
  assert( p->eMode==CC_MODE_BTREE );
  if( p->bChgRow ){
    /* On a changed row of a clean chunk, read from the B-tree */
    p->bChgRow = 0;
    if( !pC->nullRow && !sqlite3BtreeCursorHasMoved(p->pSentinel) ){
      rc = ccAdvance(p, pBase, &bDone);
      if( rc || !bDone ) return rc;
      return ccEnterChunk(p, pBase, p->iChunk+1);
    }
    /* This connection wrote to the table while the scan was on the row
    ** (the rest of the table comes from the B-tree, whose next row is the
    ** row path's), or OP_NullRow cleared the cursor (no next row) */
    p->bAll = 1;
    p->bEndLargest = 1;
  }
  if( !p->bEndLargest && sqlite3BtreeCursorHasMoved(p->pSentinel) ){
    /* This connection wrote to the table while the scan was on a run of
    ** stale chunks: the chunks after the run may be stale now, so the
    ** rest of the table comes from the B-tree (the cursor's next row is
    ** the row path's, sqlite3BtreeNext() restoring its position) */
    p->bAll = 1;
    p->bEndLargest = 1;
  }
  rc = sqlite3BtreeNext(pBase, 0);
  if( rc ) return rc;
  iKey = sqlite3BtreeIntegerKey(pBase);
  if( iKey>p->iStop ){
    p->eMode = CC_MODE_EOF;
    return SQLITE_DONE;
  }
  if( p->bEndLargest || iKey<=p->iEnd ){
    return SQLITE_OK;
  }
  return ccEnterChunk(p, pBase, p->iChunk+1);
}

/*
** Implement OP_ColumnCopyNext on a cursor with a scan: return SQLITE_OK
** at the next row the loop's body runs for, SQLITE_DONE at the end, or an
** error code.
*/
int sqlite3ColumnCopyNext(VdbeCursor *pC){
  int rc = ccNext(pC);
  ColumnCopyScan *p = pC->pColumnCopy;
  if( rc==SQLITE_OK && p->eMode==CC_MODE_VEC ) rc = ccConsume(p, pC, 0);
  return rc;
}

/*
** Add to *pn the rows of table cursor pBase with rowids from iLo to iHi.
** Return SQLITE_OK or an error code (never SQLITE_DONE).
*/
int sqlite3CcCountRange(BtCursor *pBase, i64 iLo, i64 iHi, i64 *pn){
  int rc, bEof;
  rc = ccSeek(pBase, iLo, &bEof);
  while( rc==SQLITE_OK && !bEof && sqlite3BtreeIntegerKey(pBase)<=iHi ){
    (*pn)++;
    rc = sqlite3BtreeNext(pBase, 0);
    if( rc==SQLITE_DONE ){ rc = SQLITE_OK; bEof = 1; }
  }
  return rc;
}

/*
** Add to *pn the rows that clean chunk iChunk of p holds now: its rows as
** built (the directory's count), less those recorded as changed (p->aChg[]
** of the chunk, found among the chunk's rowids), plus the changed rows
** the table's B-tree (cursor pBase) has.  Return an SQLite error code.
*/
static int ccCountChanged(ColumnCopyScan *p, BtCursor *pBase, int iChunk,
                          i64 *pn){
  const CCChunk *c = &p->aChunk[iChunk];
  CCCol *pRowid = sqlite3CcCol(p, 0);
  int rc, i0, m = 0, nGone = 0, i;
  if( pRowid==0 ) return SQLITE_NOMEM_BKPT;
  rc = sqlite3CcColLoad(p, pRowid, c, 0);
  for(i0=0; rc==SQLITE_OK && i0<c->nRow && m<p->nChg; i0+=CC_VEC){
    int n = c->nRow-i0<CC_VEC ? c->nRow-i0 : CC_VEC;
    rc = sqlite3CcColDecode(pRowid, i0, n);
    pRowid->iVec = -1;
    for(i=0; rc==SQLITE_OK && i<n; i++){
      i64 r = pRowid->aVal[i].u.i;
      while( m<p->nChg && p->aChg[m]<r ) m++;
      if( m<p->nChg && p->aChg[m]==r ) nGone++;
    }
  }
  *pn += c->nRow - nGone;
  for(i=0; rc==SQLITE_OK && i<p->nChg; i++){
    int res = 0;
    rc = sqlite3BtreeTableMoveto(pBase, p->aChg[i], 0, &res);
    if( rc==SQLITE_OK && res==0 ) (*pn)++;
  }
  return rc;
}

/*
** Implement OP_ColumnCopyCount: set *pnEntry to the rows of the table of
** the copy in P4, as a scan through the copy reads them: the rows of each
** clean chunk from the directory and its changed rows (ccCountChanged()),
** those of stale chunks and of the tail from the table's B-tree.  If the copy cannot be used, count the B-tree
** of cursor P1 (the table or an index of it) as OP_Count does.
*/
int sqlite3ColumnCopyCount(Vdbe *v, VdbeOp *pOp, i64 *pnEntry){
  sqlite3 *db = v->db;
  CCPlan *pPlan = (CCPlan*)pOp->p4.p;
  ColumnCopyScan s;
  BtCursor *pBase = 0;
  CCCol *pRowid = 0;            /* s.apCol[0], for ccCountChanged() */
  int rc, bOk = 0, i;
  i64 n = 0;

  memset(&s, 0, sizeof(s));
  s.db = db;
  s.pPlan = pPlan;
  s.nSlot = 1;
  s.apCol = &pRowid;
  rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iTabRoot, &pBase);
  if( rc==SQLITE_OK ) rc = sqlite3CcLoadDir(&s, &bOk);
  for(i=0; rc==SQLITE_OK && bOk && i<s.nChunk; ){
    CCChunk *c = &s.aChunk[i];
    if( !c->bStale ){
      rc = ccChangesRead(&s, i, &s.aChg, &s.nChg, &s.nChgAlloc);
      if( rc ) break;
      if( s.nChg>CC_CHANGED_MAX ){
        c->bStale = 1;          /* Counted in the B-tree */
        continue;
      }
      if( s.nChg==0 ){
        n += c->nRow;
      }else{
        if( s.pData==0 ){
          rc = sqlite3CcCursorOpen(db, pPlan->iDb, pPlan->iDataRoot, &s.pData);
          if( rc ) break;
        }
        rc = ccCountChanged(&s, pBase, i, &n);
      }
      i++;
    }else{
      int iLast = i;
      while( iLast+1<s.nChunk && s.aChunk[iLast+1].bStale ) iLast++;
      rc = sqlite3CcCountRange(pBase, c->lo,
          iLast+1<s.nChunk ? s.aChunk[iLast+1].lo-1 : s.iHi, &n);
      i = iLast+1;
    }
  }
  if( rc==SQLITE_OK && bOk && s.iHi<LARGEST_INT64 ){
    rc = sqlite3CcCountRange(pBase, s.iHi+1, LARGEST_INT64, &n);
  }
  sqlite3CcCursorClose(pBase);
  sqlite3CcCursorClose(s.pData);
  sqlite3CcCursorClose(s.pChanged);
  if( pRowid ){
    sqlite3_free(pRowid->aBuf);
    sqlite3_free(pRowid);
  }
  sqlite3_free(s.aChg);
  sqlite3_free(s.aChunk);
  if( rc==SQLITE_OK && !bOk ){
    VdbeCursor *pC = v->apCsr[pOp->p1];
    assert( pC->eCurType==CURTYPE_BTREE );
    n = 0;
    rc = sqlite3BtreeCount(db, pC->uc.pCursor, &n);
  }
  assert( rc!=SQLITE_DONE && rc!=SQLITE_ROW );
  *pnEntry = n;
  return rc;
}

/*
** Called by the code generator after it coded SELECT count(*) FROM pTab
** as OP_Count on cursor iCsr (the table or one of its indexes) and its
** EXPLAIN QUERY PLAN line.  If the table has a usable copy, make that
** opcode OP_ColumnCopyCount, with the copy in P4.
*/
void sqlite3ColumnCopySimpleCount(Parse *pParse, Table *pTab, int iCsr){
  Vdbe *v = pParse->pVdbe;
  Table *apShadow[CC_SHADOW];
  CCPlan *pPlan;
  i64 iId;
  int addr;
  iId = sqlite3CcShadowTables(pParse, pTab, apShadow);
  if( iId==0 ) return;
  for(addr=sqlite3VdbeCurrentAddr(v)-1; addr>=0; addr--){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, addr);
    if( pOp->opcode==OP_Count && pOp->p1==iCsr ) break;
  }
  if( NEVER(addr<0) || sqlite3VdbeGetOp(v, addr)->p3!=0 ) return;
  pPlan = sqlite3DbMallocZero(pParse->db, sizeof(CCPlan));
  if( pPlan==0 ) return;
  sqlite3CcPlanInit(pParse, pPlan, pTab, iId, apShadow);
  sqlite3VdbeChangeOpcode(v, addr, OP_ColumnCopyCount);
  sqlite3VdbeChangeP4(v, addr, (char*)pPlan, P4_FORK);

  /* EXPLAIN QUERY PLAN: SCAN t USING COLUMN COPY */
  addr = sqlite3VdbeCurrentAddr(v)-1;
  if( addr>=0 ){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, addr);
    if( pOp->opcode==OP_Explain && pOp->p4type==P4_DYNAMIC && pOp->p4.z ){
      char *z = sqlite3MPrintf(pParse->db, "SCAN %s USING COLUMN COPY",
                               pTab->zName);
      if( z ){
        sqlite3DbFree(pParse->db, pOp->p4.z);
        pOp->p4.z = z;
      }
    }
  }
}

/*
** Load and decode column iCol of the current vector of scan p.
*/
SQLITE_NOINLINE int sqlite3CcColumnVector(ColumnCopyScan *p, int iCol){
  CCCol *pCol = sqlite3CcCol(p, 1+iCol);
  const CCChunk *c = &p->aChunk[p->iChunk];
  int i0 = p->iVec*CC_VEC;
  int rc;
  if( pCol==0 ) return SQLITE_NOMEM_BKPT;
  rc = sqlite3CcColLoad(p, pCol, c, 1+iCol);
  if( rc==SQLITE_OK ){
    /* The rows still selected: later vectors' selections only shrink */
    rc = sqlite3CcColDecodeSel(pCol, i0, p->aSel, p->nSel,
                        c->nRow-i0<CC_VEC ? c->nRow-i0 : CC_VEC);
    pCol->iVec = -1;            /* Not all rows may be decoded */
  }
  if( rc==SQLITE_OK ) pCol->iVecSeq = p->iVecSeq;
  return rc;
}

/*
** Write value pV to pDest as OP_Column does: a text or blob is copied
** into the register's own buffer.
*/
SQLITE_NOINLINE int sqlite3CcColumnValue(sqlite3 *db, const CCVal *pV,
                                         Mem *pDest){
  switch( pV->eType ){
    case SQLITE_INTEGER:
      sqlite3VdbeMemSetInt64(pDest, pV->u.i);
      break;
    case SQLITE_FLOAT:
      sqlite3VdbeMemSetDouble(pDest, pV->u.r);
      break;
    case SQLITE_NULL:
      sqlite3VdbeMemSetNull(pDest);
      break;
    default: {
      int len = pV->n;
      if( len>db->aLimit[SQLITE_LIMIT_LENGTH] ) return SQLITE_TOOBIG;
      if( VdbeMemDynamic(pDest) ) sqlite3VdbeMemSetNull(pDest);
      if( pDest->szMalloc<len+2 ){
        pDest->flags = MEM_Null;
        if( sqlite3VdbeMemGrow(pDest, len+2, 0) ) return SQLITE_NOMEM_BKPT;
      }else{
        pDest->z = pDest->zMalloc;
      }
      if( len ) memcpy(pDest->z, pV->u.z, len);
      pDest->z[len] = 0;
      pDest->z[len+1] = 0;
      pDest->n = len;
      pDest->enc = ENC(db);
      pDest->flags = pV->eType==SQLITE_TEXT ? (MEM_Str|MEM_Term) : MEM_Blob;
      break;
    }
  }
  return 0;
}

/*
** Implement OP_ColumnCopyColumn: if the scan of pC is on a row of a
** vector, write column iCol of that row to pDest and return 0 (or an
** error code, positive); else return -1 (OP_Column reads the B-tree).
*/
int sqlite3ColumnCopyColumn(VdbeCursor *pC, int iCol, Mem *pDest){
  ColumnCopyScan *p = pC->pColumnCopy;
  CCCol *pCol;
  const CCVal *pV;
  if( p==0 || pC->nullRow ) return -1;
  if( p->eMode!=CC_MODE_VEC ){
    int rc;
    if( p->eMode!=CC_MODE_SEEK ) return -1;
    if( sqlite3BtreeCursorHasMoved(p->pSentinel) ) return ccLeaveSeek(pC);
    rc = ccSeekColumn(p, iCol, pDest);
    if( rc==0 ) p->bSeekRead = 1;
    return rc;
  }
  if( sqlite3BtreeCursorHasMoved(p->pSentinel) ){
    /* A write by this connection since the row was read */
    int rc = ccLeaveVectors(pC);
    return rc ? rc : -1;
  }
  if( NEVER((unsigned)iCol>=(unsigned)(p->nSlot-1)) ) return -1;
  pCol = p->apCol[1+iCol];
  if( pCol==0 || pCol->iVecSeq!=p->iVecSeq ){
    int rc = sqlite3CcColumnVector(p, iCol);
    if( rc ) return rc;
    pCol = p->apCol[1+iCol];
  }
  pV = &pCol->aVal[p->aSel[p->iSel]];
  if( !VdbeMemDynamic(pDest) ){
    switch( pV->eType ){
      case SQLITE_INTEGER:
        pDest->u.i = pV->u.i;
        pDest->flags = MEM_Int;
        return 0;
      case SQLITE_FLOAT:
        pDest->u.r = pV->u.r;      /* Never a NaN: SQLite stores none */
        pDest->flags = MEM_Real;
        return 0;
      case SQLITE_NULL:
        pDest->flags = MEM_Null;
        return 0;
    }
  }
  return sqlite3CcColumnValue(p->db, pV, pDest);
}

/*
** Implement OP_ColumnCopyRowid: if the scan of pC is on a row of a
** vector, set *piRowid and return 0; else return -1 (OP_Rowid reads the
** B-tree), or an error code (positive).
*/
int sqlite3ColumnCopyRowid(VdbeCursor *pC, i64 *piRowid){
  ColumnCopyScan *p = pC->pColumnCopy;
  if( p==0 || pC->nullRow ) return -1;
  if( p->eMode==CC_MODE_SEEK ){
    if( sqlite3BtreeCursorHasMoved(p->pSentinel) ) return ccLeaveSeek(pC);
    *piRowid = p->iSeekRowid;
    p->bSeekRead = 1;
    return 0;
  }
  if( p->eMode!=CC_MODE_VEC ) return -1;
  if( sqlite3BtreeCursorHasMoved(p->pSentinel) ){
    /* A write by this connection since the row was read */
    int rc = ccLeaveVectors(pC);
    return rc ? rc : -1;
  }
  *piRowid = ccRowid(p);
  return 0;
}

/************************************************************************
** Rowid lookups (OP_ColumnCopySeekRowid)
*/

/*
** The column of slot iSlot of chunk iChunk, for the lookups of p: loaded
** on first use and kept, until those kept hold CC_SEEK_BYTES, when all
** are dropped.  Return 0 after an error, written to *pRc.
*/
static CCCol *ccSeekCol(ColumnCopyScan *p, int iSlot, int iChunk, int *pRc){
  int i = iSlot*p->nChunk + iChunk;
  CCCol *pCol;
  assert( iSlot>=0 && iSlot<p->nSlot && iChunk>=0 && iChunk<p->nChunk );
  if( p->apSeekCol && (pCol = p->apSeekCol[i])!=0 ) return pCol;
  if( p->nSeekBytes>CC_SEEK_BYTES ) ccSeekColFree(p);
  if( p->apSeekCol==0 ){
    p->apSeekCol = sqlite3MallocZero(sizeof(CCCol*)*p->nSlot*p->nChunk);
    if( p->apSeekCol==0 ){ *pRc = SQLITE_NOMEM_BKPT; return 0; }
  }
  /* A lookup decodes no vector: the fields before aVal[] only */
  pCol = sqlite3MallocZero(offsetof(CCCol, aVal));
  if( pCol==0 ){ *pRc = SQLITE_NOMEM_BKPT; return 0; }
  pCol->k = -1;
  *pRc = sqlite3CcColLoad(p, pCol, &p->aChunk[iChunk], iSlot);
  if( *pRc==SQLITE_OK && pCol->enc==CC_ENC_PLAIN ){
    /* Values of varying sizes: note where each row's starts */
    int nRow = p->aChunk[iChunk].nRow, j;
    const u8 *a = pCol->aPlain, *pEnd = pCol->a + pCol->n;
    pCol->aRowOff = sqlite3_malloc64(sizeof(u32)*(nRow+1));
    if( pCol->aRowOff==0 ) *pRc = SQLITE_NOMEM_BKPT;
    for(j=0; j<nRow && *pRc==SQLITE_OK; j++){
      CCVal x;
      pCol->aRowOff[j] = (u32)(a - pCol->aPlain);
      a = sqlite3CcPlainVal(a, pEnd, &x);
      if( a==0 ) *pRc = SQLITE_CORRUPT_BKPT;
    }
  }
  if( *pRc ){
    sqlite3_free(pCol->aRowOff);
    sqlite3_free(pCol->aBuf);
    sqlite3_free(pCol);
    return 0;
  }
  p->apSeekCol[i] = pCol;
  p->nSeekBytes += pCol->nAlloc;
  if( pCol->aRowOff ) p->nSeekBytes += sizeof(u32)*p->aChunk[iChunk].nRow;
  return pCol;
}

/*
** Make the map aRowAt[] of the FOR rowid column pCol of a chunk of nRow
** rows, loaded for lookups of p, if its rowids span at most CC_SEEK_MAP
** times nRow: then a lookup is a load and a check instead of a binary
** search.  If they span more, or memory runs out, lookups search.
*/
static void ccSeekRowMap(ColumnCopyScan *p, CCCol *pCol, int nRow){
  CCVal x;
  u64 nSpan;
  int i;
  assert( pCol->enc==CC_ENC_FOR && pCol->aRowAt==0 && nRow>0 );
  pCol->bNoRowAt = 1;
  sqlite3CcColGet(pCol, nRow-1, &x);
  nSpan = (u64)x.u.i - (u64)pCol->iBase + 1;
  if( x.u.i<pCol->iBase || nSpan>(u64)nRow*CC_SEEK_MAP ) return;
  /* A row number is less than CC_CHUNK_ROWS */
  assert( CC_CHUNK_ROWS-1<=0xffff );
  if( nRow>CC_CHUNK_ROWS ) return;
  pCol->aRowAt = sqlite3_malloc64(sizeof(u16)*nSpan);
  if( pCol->aRowAt==0 ) return;
  memset(pCol->aRowAt, 0, sizeof(u16)*nSpan);
  for(i=0; i<nRow; i++){
    sqlite3CcColGet(pCol, i, &x);
    if( (u64)x.u.i - (u64)pCol->iBase>=nSpan ){
      /* Not ascending: a corrupt chunk, which the binary search reports
      ** as no row */
      sqlite3_free(pCol->aRowAt);
      pCol->aRowAt = 0;
      return;
    }
    pCol->aRowAt[x.u.i - pCol->iBase] = (u16)i;
  }
  pCol->nRowAt = (u32)nSpan;
  pCol->bNoRowAt = 0;
  p->nSeekBytes += sizeof(u16)*nSpan;
}

/*
** Set *piRow to the row of chunk iChunk whose rowid is iKey, or to -1 if
** the chunk has none.  Return SQLITE_OK or an error code.
*/
static int ccSeekRow(ColumnCopyScan *p, int iChunk, i64 iKey, int *piRow){
  int rc = SQLITE_OK;
  int nRow = p->aChunk[iChunk].nRow;
  CCCol *pCol = ccSeekCol(p, 0, iChunk, &rc);
  *piRow = -1;
  if( pCol==0 ) return rc;
  assert( nRow>=0 && nRow<=CC_CHUNK_ROWS && pCol->nRow==nRow );
  assert( ccRowidEnc(pCol) );
  assert( nRow>0 );   /* A clean chunk has rows (sqlite3CcLoadDir()) */
  if( pCol->enc==CC_ENC_SEQ ){
    if( iKey>=pCol->iBase && (u64)iKey-(u64)pCol->iBase<(u64)nRow ){
      *piRow = (int)(iKey - pCol->iBase);
    }
  }else{
    /* Rowids ascend: a binary search, or the map of the rowids of a chunk
    ** whose rowids are dense enough (dates as yyyymmdd) */
    int lo = 0, hi = nRow-1;
    CCVal x;
    if( pCol->aRowAt==0 && !pCol->bNoRowAt ) ccSeekRowMap(p, pCol, nRow);
    if( pCol->aRowAt ){
      /* The map gives the row of a rowid the chunk has, and a row whose
      ** rowid is checked for any other */
      u64 d = (u64)iKey - (u64)pCol->iBase;
      if( d<pCol->nRowAt ){
        int iRow = pCol->aRowAt[d];
        sqlite3CcColGet(pCol, iRow, &x);
        if( x.u.i==iKey ) *piRow = iRow;
      }
      return SQLITE_OK;
    }
    while( lo<=hi ){
      int mid = lo + (hi-lo)/2;
      sqlite3CcColGet(pCol, mid, &x);
      if( x.u.i==iKey ){ *piRow = mid; break; }
      if( x.u.i<iKey ) lo = mid+1; else hi = mid-1;
    }
  }
  return SQLITE_OK;
}

/*
** Set *pbChanged if rowid iKey of clean chunk iChunk of p is recorded as
** changed: the B-tree then answers its lookup.  The chunk's changed
** rowids are read when first needed and kept for the statement; a chunk
** with more than CC_CHANGED_MAX is made stale (its lookups are the
** B-tree's).  Return an SQLite error code.
*/
static int ccSeekChanged(ColumnCopyScan *p, int iChunk, i64 iKey,
                         int *pbChanged){
  int lo, hi;
  const i64 *a;
  *pbChanged = 0;
  if( p->anSeekChg==0 ){
    int i;
    p->anSeekChg = sqlite3_malloc64(sizeof(int)*p->nChunk);
    p->apSeekChg = sqlite3MallocZero(sizeof(i64*)*p->nChunk);
    if( p->anSeekChg==0 || p->apSeekChg==0 ){
      ccSeekChgFree(p);
      return SQLITE_NOMEM_BKPT;
    }
    for(i=0; i<p->nChunk; i++) p->anSeekChg[i] = -1;
    p->nSeekChg = p->nChunk;
  }
  assert( p->nSeekChg==p->nChunk );
  if( p->anSeekChg[iChunk]<0 ){
    int nAlloc = 0, n = 0;
    int rc = ccChangesRead(p, iChunk, &p->apSeekChg[iChunk], &n, &nAlloc);
    if( rc ) return rc;
    p->anSeekChg[iChunk] = n;
    if( n>CC_CHANGED_MAX ) p->aChunk[iChunk].bStale = 1;
  }
  if( p->aChunk[iChunk].bStale ){
    *pbChanged = 1;
    return SQLITE_OK;
  }
  a = p->apSeekChg[iChunk];
  lo = 0;
  hi = p->anSeekChg[iChunk]-1;
  while( lo<=hi ){
    int mid = lo + (hi-lo)/2;
    if( a[mid]==iKey ){ *pbChanged = 1; break; }
    if( a[mid]<iKey ) lo = mid+1; else hi = mid-1;
  }
  return SQLITE_OK;
}

/*
** The first lookup the copy serves: read its directory, and put a cursor
** on the table's first row, which a write to the table moves.  If the
** copy cannot be used, the lookups are the B-tree's (p->bAll).
*/
static int ccSeekOpen(ColumnCopyScan *p, VdbeCursor *pC){
  CCPlan *pPlan = p->pPlan;
  int rc, bOk = 0, res = 0;
  rc = sqlite3CcCursorOpen(p->db, pPlan->iDb, pPlan->iDataRoot, &p->pData);
  if( rc==SQLITE_OK ) rc = sqlite3CcLoadDir(p, &bOk);
  if( rc==SQLITE_OK && bOk ){
    rc = sqlite3CcCursorOpen(p->db, pPlan->iDb, pPlan->iTabRoot, &p->pSentinel);
    if( rc==SQLITE_OK ) rc = sqlite3BtreeFirst(p->pSentinel, &res);
    if( res ) bOk = 0;
  }
  if( rc || !bOk ) p->bAll = 1;
  return rc;
}

/*
** The lookup state of table cursor pC, whose copy plan P4 of pOp
** describes, made on first use.  Return 0 after an out-of-memory.
*/
static ColumnCopyScan *ccSeekState(sqlite3 *db, VdbeCursor *pC, VdbeOp *pOp){
  ColumnCopyScan *p = pC->pColumnCopy;
  if( p && p->pPlan!=(CCPlan*)pOp->p4.p ){
    /* The cursor's state is that of another use of the copy */
    sqlite3ColumnCopyScanFree(db, pC);
    p = 0;
  }
  if( p==0 ){
    p = pC->pColumnCopy = sqlite3MallocZero(sizeof(ColumnCopyScan));
    if( p==0 ) return 0;
    p->db = db;
    p->pPlan = (CCPlan*)pOp->p4.p;
    p->nSlot = 1 + p->pPlan->nCol;
  }
  assert( p->pPlan==(CCPlan*)pOp->p4.p );
  return p;
}

/* What ccLookup() found */
#define CC_LOOKUP_BTREE 0       /* Ask the B-tree */
#define CC_LOOKUP_FOUND 1       /* Row p->iSeekRow of chunk p->iSeekChunk */
#define CC_LOOKUP_NONE  2       /* The table has no row with that rowid */

/*
** Look up rowid iKey of the table of table cursor pC in its copy, with
** the state p: set *peOut to a CC_LOOKUP_* code.  The first CC_SEEK_MIN
** lookups of the cursor, those of a rowid in a stale chunk or outside
** the chunks or recorded as changed, and every lookup after a write to
** the table are the B-tree's.  Return SQLITE_OK or an error code.
*/
static int ccLookup(ColumnCopyScan *p, VdbeCursor *pC, i64 iKey, int *peOut){
  int rc, lo, hi, iRow, bChanged = 0;
  *peOut = CC_LOOKUP_BTREE;
  if( p->nSeek<=CC_SEEK_MIN ){
    p->nSeek++;
    if( p->nSeek<=CC_SEEK_MIN ) return SQLITE_OK;
  }
  if( p->bAll ) return SQLITE_OK;
  if( p->pData==0 ){
    rc = ccSeekOpen(p, pC);
    if( rc || p->bAll ) return rc;
  }
  if( sqlite3BtreeCursorHasMoved(p->pSentinel) ){
    /* This connection wrote to the table: the directory may be stale */
    p->bAll = 1;
    return SQLITE_OK;
  }
  if( iKey<p->aChunk[0].lo || iKey>p->iHi ) return SQLITE_OK;
  lo = 0;
  hi = p->nChunk-1;
  while( lo<hi ){
    int mid = lo + (hi-lo+1)/2;
    if( p->aChunk[mid].lo<=iKey ) lo = mid; else hi = mid-1;
  }
  if( p->aChunk[lo].bStale ) return SQLITE_OK;
  rc = ccSeekChanged(p, lo, iKey, &bChanged);
  if( rc || bChanged ) return rc;
  rc = ccSeekRow(p, lo, iKey, &iRow);
  if( rc ) return rc;
  if( iRow<0 ){
    *peOut = CC_LOOKUP_NONE;
  }else{
    *peOut = CC_LOOKUP_FOUND;
    p->iSeekChunk = lo;
    p->iSeekRow = iRow;
    p->iSeekRowid = iKey;
  }
  return SQLITE_OK;
}

/*
** Implement OP_ColumnCopySeekRowid: OP_SeekRowid for the table cursor pC
** of a table with a copy (the plan in pOp->p4).  Set *pRes to 1 if the
** table has no row with the rowid in register P3, else to 0 with that row
** the cursor's.  A row the copy finds (ccLookup()) becomes the cursor's
** by a deferred seek (VdbeCursor.deferredMoveto, as OP_DeferredSeek sets
** it), so that an opcode reading the row from the B-tree first moves the
** B-tree cursor there, and OP_ColumnCopyColumn reads the chunk.
*/
int sqlite3ColumnCopySeekRowid(Vdbe *v, VdbeCursor *pC, VdbeOp *pOp,
                               int *pRes){
  sqlite3 *db = v->db;
  ColumnCopyScan *p;
  Mem *pIn = &v->aMem[pOp->p3];
  i64 iKey;
  int rc, res = 0, eFound;

  assert( pC->eCurType==CURTYPE_BTREE && pC->isTable );
  *pRes = 1;
  if( pIn->flags & (MEM_Int|MEM_IntReal) ){
    iKey = pIn->u.i;
  }else{
    /* As OP_SeekRowid: numeric affinity on a copy of the register, and no
    ** row unless that gives an integer */
    Mem x = *pIn;
    sqlite3ValueApplyAffinity(&x, SQLITE_AFF_NUMERIC, ENC(db));
    if( (x.flags & MEM_Int)==0 ) return SQLITE_OK;
    iKey = x.u.i;
  }
  p = ccSeekState(db, pC, pOp);
  if( p==0 ) return SQLITE_NOMEM_BKPT;
  pC->nullRow = 0;
  pC->cacheStatus = CACHE_STALE;
  pC->movetoTarget = iKey;
  rc = ccLookup(p, pC, iKey, &eFound);
  if( rc ) return rc;
  if( eFound==CC_LOOKUP_NONE ){
    p->eMode = CC_MODE_EOF;
    pC->deferredMoveto = 0;
    pC->seekResult = 1;
    return SQLITE_OK;
  }
  if( eFound==CC_LOOKUP_FOUND ){
    p->eMode = CC_MODE_SEEK;
    p->bSeekRowid = 1;
    p->bSeekRead = 0;
    pC->deferredMoveto = 1;
    pC->ub.aAltMap = 0;
    pC->seekResult = 0;
    *pRes = 0;
    return SQLITE_OK;
  }

  /* The B-tree, as OP_SeekRowid */
  p->eMode = CC_MODE_BTREE;
  pC->deferredMoveto = 0;
  rc = sqlite3BtreeTableMoveto(pC->uc.pCursor, iKey, 0, &res);
  pC->seekResult = res;
  if( rc ) return rc;
  *pRes = res!=0;
  return SQLITE_OK;
}

/*
** Implement OP_ColumnCopyLookup, which follows OP_DeferredSeek on the
** table cursor pC of a table with a copy (the plan in pOp->p4): if the
** row the deferred seek is to is in a clean chunk of the copy,
** OP_ColumnCopyColumn reads it there; else OP_Column finishes the seek.
*/
int sqlite3ColumnCopyLookup(Vdbe *v, VdbeCursor *pC, VdbeOp *pOp){
  ColumnCopyScan *p;
  int rc, eFound;
  assert( pC->eCurType==CURTYPE_BTREE && pC->isTable );
  if( pC->nullRow || !pC->deferredMoveto ){
    /* OP_DeferredSeek on an index cursor without a row: no seek */
    return SQLITE_OK;
  }
  p = ccSeekState(v->db, pC, pOp);
  if( p==0 ) return SQLITE_NOMEM_BKPT;
  rc = ccLookup(p, pC, pC->movetoTarget, &eFound);
  /* A rowid the index has and a clean chunk has not: the B-tree decides */
  p->eMode = eFound==CC_LOOKUP_FOUND ? CC_MODE_SEEK : CC_MODE_BTREE;
  p->bSeekRowid = 0;
  p->bSeekRead = 0;
  return rc;
}

/*
** Column iCol of the row a lookup found in a chunk of p, as
** sqlite3ColumnCopyColumn() returns it.
*/
static int ccSeekColumn(ColumnCopyScan *p, int iCol, Mem *pDest){
  int rc = SQLITE_OK;
  CCCol *pCol;
  CCVal x;
  if( (unsigned)iCol>=(unsigned)(p->nSlot-1) ) return -1;
  pCol = ccSeekCol(p, 1+iCol, p->iSeekChunk, &rc);
  if( pCol==0 ) return rc;
  if( pCol->enc==CC_ENC_PLAIN ){
    assert( pCol->aRowOff!=0 );
    if( sqlite3CcPlainVal(pCol->aPlain + pCol->aRowOff[p->iSeekRow],
                   pCol->a + pCol->n, &x)==0 ){
      return SQLITE_CORRUPT_BKPT;
    }
  }else{
    rc = sqlite3CcColGet(pCol, p->iSeekRow, &x);
    if( rc ) return rc;
  }
  return sqlite3CcColumnValue(p->db, &x, pDest);
}

/*
** Set *paVal to the vector of column iCol (the rowid if iCol is -1) of the
** current vector of the scan of pC, indexed by the rows of the vector
** (ColumnCopyScan.aSel[]): every row still selected has its value.  The
** scan must be on a row of a vector.  Return SQLITE_OK or an error code.
*/
int sqlite3ColumnCopyVector(VdbeCursor *pC, int iCol, const ColumnCopyVal **paVal){
  ColumnCopyScan *p = pC->pColumnCopy;
  CCCol *pCol;
  assert( p!=0 && p->eMode==CC_MODE_VEC && !pC->nullRow );
  assert( iCol>=-1 && iCol<p->nSlot-1 );
  pCol = p->apCol[1+iCol];
  if( iCol<0 ){
    if( pCol->iVec!=p->iVec ) ccRowidDecode(p);
  }else if( pCol==0 || pCol->iVecSeq!=p->iVecSeq ){
    int rc = sqlite3CcColumnVector(p, iCol);
    if( rc ) return rc;
    pCol = p->apCol[1+iCol];
  }
  *paVal = pCol->aVal;
  return SQLITE_OK;
}

