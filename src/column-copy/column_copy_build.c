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
** Column copies, building: a copy's signature, the nested SQL that
** builds, refreshes and drops a copy (OP_ColumnCopy), its PRAGMAs, its
** triggers and incremental BLOB I/O.  The design is in
** doc/column-copy.md.
*/
#include "column_copy_int.h"

/************************************************************************
** The signature of a table's definition and the copy of a table
*/

/*
** A 32-bit FNV-1a step over n bytes of z (lower-cased if bFold).
*/
static u32 ccHashStr(u32 h, const char *z, int bFold){
  if( z ){
    for(; *z; z++){
      h = (h ^ (u8)(bFold ? sqlite3Tolower(*z) : *z)) * 16777619u;
    }
  }
  return (h ^ 0xff) * 16777619u;
}
static u32 ccHashInt(u32 h, i64 v){
  char z[24];
  sqlite3_snprintf(sizeof(z), z, "%lld", v);
  return ccHashStr(h, z, 0);
}

/*
** Hash expression p of an index (a key expression or a partial index's
** condition: no subquery) into h: its tree of operators, tokens and
** column numbers.  Two different expressions may hash alike; see the
** caller.
*/
static u32 ccHashExpr(u32 h, const Expr *p){
  if( p==0 ) return ccHashInt(h, 0);
  h = ccHashInt(h, p->op);
  if( ExprHasProperty(p, EP_IntValue) ){
    h = ccHashInt(h, p->u.iValue);
  }else if( p->u.zToken ){
    h = ccHashStr(h, p->u.zToken, 0);
  }
  h = ccHashInt(h, p->iColumn);
  if( !ExprHasProperty(p, EP_TokenOnly|EP_Leaf) ){
    h = ccHashExpr(h, p->pLeft);
    h = ccHashExpr(h, p->pRight);
    if( ExprUseXList(p) && p->x.pList ){
      int i;
      for(i=0; i<p->x.pList->nExpr; i++){
        h = ccHashExpr(h, p->x.pList->a[i].pExpr);
      }
    }
  }
  return h;
}

/*
** The signature of pTab's definition as a copy depends on it: its name,
** its columns (name, declared type, affinity, collation, generated or
** hidden), its INTEGER PRIMARY KEY and its UNIQUE indexes, whose BEFORE
** triggers the copy has.  Any ALTER TABLE changes it.
*/
static u32 ccSig(Table *pTab){
  u32 h = 2166136261u;
  Index *pIdx;
  u32 hIdx = 0;
  int i;
  h = ccHashStr(h, pTab->zName, 1);
  h = ccHashInt(h, pTab->nCol);
  h = ccHashInt(h, pTab->iPKey);
  for(i=0; i<pTab->nCol; i++){
    Column *pCol = &pTab->aCol[i];
    h = ccHashStr(h, pCol->zCnName, 1);
    h = ccHashStr(h, sqlite3ColumnType(pCol, ""), 0);
    h = ccHashInt(h, pCol->affinity);
    h = ccHashStr(h, sqlite3ColumnColl(pCol), 1);
    h = ccHashInt(h, pCol->colFlags & (COLFLAG_VIRTUAL|COLFLAG_STORED
                                       |COLFLAG_HIDDEN));
  }
  for(pIdx=pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    u32 hi = 2166136261u;
    if( !IsUniqueIndex(pIdx) ) continue;
    for(i=0; i<pIdx->nKeyCol; i++){
      hi = ccHashInt(hi, pIdx->aiColumn[i]);
      hi = ccHashStr(hi, pIdx->azColl[i], 1);
    }
    /* The triggers hold the text of the expressions and of the partial
    ** index's condition */
    if( pIdx->aColExpr ){
      for(i=0; i<pIdx->aColExpr->nExpr; i++){
        hi = ccHashExpr(hi, pIdx->aColExpr->a[i].pExpr);
      }
    }
    hi = ccHashExpr(hi, pIdx->pPartIdxWhere);
    hIdx += hi;                 /* The order of the list does not count */
  }
  /* The version of the triggers' SQL: a copy whose triggers an older
  ** build made (version 1 marked only the first row holding a REPLACE's
  ** key) is not read, and PRAGMA column_copy builds it anew */
  h = ccHashInt(h, CC_TRIGGER_VERSION);
  return ccHashInt(h, hIdx);
}

/*
** If pTab has a copy whose triggers are all there and match its current
** definition, return the copy's id; else 0.  *pnTrig is set to the number
** of triggers of any copy found (for PRAGMA column_copy_drop).
*/
i64 sqlite3CcCopyOf(Table *pTab, int *pnTrig, i64 *piAny){
  Trigger *p;
  char zSig[16];
  i64 iId = 0;
  int nTrig = 0, nWant = 3;
  int bOk = 1;
  Index *pIdx;
  sqlite3_snprintf(sizeof(zSig), zSig, "_%08x_", ccSig(pTab));
  for(pIdx=pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    if( IsUniqueIndex(pIdx) ) nWant += 2;
  }
  for(p=pTab->pTrigger; p; p=p->pNext){
    const char *z = p->zName;
    i64 iThis = 0;
    if( sqlite3StrNICmp(z, CC_PREFIX "_", CC_PREFIX_LEN+1)!=0 ) continue;
    z += CC_PREFIX_LEN+1;
    while( sqlite3Isdigit(*z) && iThis<((i64)1<<40) ){
      iThis = iThis*10 + (*z - '0');
      z++;
    }
    if( iThis<=0 ) continue;
    nTrig++;
    if( iId==0 ) iId = iThis;
    if( iThis!=iId || sqlite3StrNICmp(z, zSig, 10)!=0 ) bOk = 0;
  }
  if( pnTrig ) *pnTrig = nTrig;
  if( piAny ) *piAny = iId;
  return (bOk && nTrig==nWant) ? iId : 0;
}

/************************************************************************
** Nested SQL, for the PRAGMAs
*/

/*
** The error code of a nested statement that failed with rc: an
** out-of-memory inside the pager (SQLITE_IOERR_NOMEM) is out-of-memory,
** as the VDBE reports it.
*/
static int ccNestedRc(sqlite3 *db, int rc){
  if( rc!=SQLITE_OK
   && (db->mallocFailed || sqlite3_extended_errcode(db)==SQLITE_IOERR_NOMEM)
  ){
    return SQLITE_NOMEM_BKPT;
  }
  return rc;
}

/*
** Run the SQL of zFmt on db.  On error, leave the message in *pzErr (if
** it is still 0).  Return an SQLite error code.  A no-op after an error.
*/
static int ccExec(sqlite3 *db, int *pRc, char **pzErr, const char *zFmt, ...){
  va_list ap;
  char *zSql;
  char *zErr = 0;
  if( *pRc ) return *pRc;
  va_start(ap, zFmt);
  zSql = sqlite3_vmprintf(zFmt, ap);
  va_end(ap);
  if( zSql==0 ){
    *pRc = SQLITE_NOMEM_BKPT;
  }else{
    *pRc = ccNestedRc(db, sqlite3_exec(db, zSql, 0, 0, &zErr));
    sqlite3_free(zSql);
    if( *pRc==SQLITE_NOMEM ){
      sqlite3_free(zErr);
      zErr = 0;
    }else if( *pRc && *pzErr==0 ){
      *pzErr = zErr;
      zErr = 0;
    }
    sqlite3_free(zErr);
  }
  return *pRc;
}

/*
** Prepare the SQL of zFmt.  A no-op returning 0 after an error.
*/
static sqlite3_stmt *ccPrepare(
  sqlite3 *db, int *pRc, char **pzErr, const char *zFmt, ...
){
  va_list ap;
  char *zSql;
  sqlite3_stmt *pStmt = 0;
  if( *pRc ) return 0;
  va_start(ap, zFmt);
  zSql = sqlite3_vmprintf(zFmt, ap);
  va_end(ap);
  if( zSql==0 ){
    *pRc = SQLITE_NOMEM_BKPT;
    return 0;
  }
  *pRc = ccNestedRc(db, sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0));
  sqlite3_free(zSql);
  if( *pRc && *pRc!=SQLITE_NOMEM && *pzErr==0 ){
    *pzErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
  }
  return pStmt;
}

/*
** Step pStmt once; on an error, take the message.  Return SQLITE_ROW,
** SQLITE_DONE or an error code (also stored in *pRc).
*/
static int ccStep(sqlite3 *db, sqlite3_stmt *pStmt, int *pRc, char **pzErr){
  int rc;
  if( *pRc ) return *pRc;
  rc = sqlite3_step(pStmt);
  if( rc!=SQLITE_ROW && rc!=SQLITE_DONE ){
    rc = ccNestedRc(db, sqlite3_reset(pStmt));
    if( rc==SQLITE_OK ) rc = SQLITE_ERROR;
    *pRc = rc;
    if( rc!=SQLITE_NOMEM && *pzErr==0 ){
      *pzErr = sqlite3_mprintf("%s", sqlite3_errmsg(db));
    }
  }
  return rc;
}

/************************************************************************
** Building, refreshing and dropping a copy (OP_ColumnCopy)
*/

/* The state of a build */
typedef struct CCBuilder CCBuilder;
struct CCBuilder {
  sqlite3 *db;
  const char *zDb;              /* Schema name */
  const char *zTab;             /* Table name (P4 of OP_ColumnCopy) */
  Table *pTab;                  /* The table, found again after nested SQL */
  i64 iId;
  int nCol;                     /* Stored columns */
  int nSlot;                    /* 1+nCol */
  CCBuild *aB;                  /* One builder per slot */
  Mem *aDflt;                   /* Default value of each stored column */
  CCOut out;
  sqlite3_stmt *pInsData;
  sqlite3_stmt *pInsDir;
  i64 nBytes;                   /* Bytes of the BLOBs written */
  int rc;
  char *zErr;
};

/*
** The next value of builder pB, or 0 after an out-of-memory (p->rc set).
*/
static CCVal *ccBuildNext(CCBuilder *p, CCBuild *pB){
  if( pB->nVal>=pB->nAlloc ){
    /* A stale chunk rebuilt in place may have grown past CC_CHUNK_ROWS */
    CCVal *aNew = sqlite3_realloc64(pB->aVal, sizeof(CCVal)*2*pB->nAlloc);
    if( aNew==0 ){ p->rc = SQLITE_NOMEM_BKPT; return 0; }
    pB->aVal = aNew;
    pB->nAlloc *= 2;
  }
  return &pB->aVal[pB->nVal++];
}

/*
** Set v, a value of builder pB, to the text or blob (eType) of n bytes
** z[0..n-1] followed by nZero zeros, copied into pB's arena.
*/
static void ccBuildBytes(
  CCBuilder *p, CCBuild *pB, CCVal *v,
  u8 eType, const void *z, int n, int nZero
){
  if( pB->nArena+n+nZero>pB->nArenaAlloc ){
    i64 nNew = (pB->nArena+n+nZero)*2 + 4096;
    u8 *aNew = sqlite3_realloc64(pB->aArena, nNew);
    if( aNew==0 ){ p->rc = SQLITE_NOMEM_BKPT; v->eType = SQLITE_NULL; return; }
    pB->aArena = aNew;
    pB->nArenaAlloc = nNew;
  }
  if( n ) memcpy(&pB->aArena[pB->nArena], z, n);
  if( nZero ) memset(&pB->aArena[pB->nArena+n], 0, nZero);
  v->eType = eType;
  v->u.i = pB->nArena;
  v->n = n+nZero;
  pB->nArena += n+nZero;
}

/*
** Append the value m to builder pB.
*/
static void ccBuildAdd(CCBuilder *p, CCBuild *pB, Mem *m){
  CCVal *v = ccBuildNext(p, pB);
  if( v==0 ) return;
  if( m->flags & MEM_Null ){
    v->eType = SQLITE_NULL;
  }else if( m->flags & (MEM_Int|MEM_IntReal) ){
    v->eType = SQLITE_INTEGER;
    v->u.i = m->u.i;
    if( m->flags & MEM_IntReal ){ v->eType = SQLITE_FLOAT; v->u.r = (double)m->u.i; }
  }else if( m->flags & MEM_Real ){
    v->eType = SQLITE_FLOAT;
    v->u.r = m->u.r;
  }else{
    ccBuildBytes(p, pB, v, (m->flags & MEM_Str) ? SQLITE_TEXT : SQLITE_BLOB,
                 m->z, m->n, (m->flags & MEM_Zero) ? m->u.nZero : 0);
  }
}

/*
** Append the fields of the table's record a[0..n-1] to the builders of
** the columns, and the default values of the columns past its end.
** Return SQLITE_CORRUPT if the record is malformed (as sqlite3CcRecord()).
*/
static int ccBuildRecord(CCBuilder *p, const u8 *a, u32 n){
  u32 szHdr = 0, iHdr = 0, iBody, t, len;
  int i = 0;
  if( n>0 ){
    iHdr = getVarint32(a, szHdr);
    if( szHdr>n || szHdr<iHdr ) return SQLITE_CORRUPT_BKPT;
  }
  iBody = szHdr;
  while( iHdr<szHdr && i<p->nCol ){
    CCBuild *pB = &p->aB[1+i];
    CCVal *v;
    iHdr += getVarint32(&a[iHdr], t);
    len = sqlite3VdbeSerialTypeLen(t);
    if( iBody+len>n || t==10 || t==11 ) return SQLITE_CORRUPT_BKPT;
    v = ccBuildNext(p, pB);
    if( v==0 ) return p->rc;
    if( t>=12 ){
      ccBuildBytes(p, pB, v, (t & 1) ? SQLITE_TEXT : SQLITE_BLOB,
                   &a[iBody], (int)len, 0);
    }else if( t>=1 && t<=6 ){
      /* A big-endian two's complement integer of len bytes, decoded here
      ** rather than by sqlite3VdbeSerialGet() (the other classes): that
      ** call costs 5.5% of a build's instructions (SSB lineorder, SF 1) */
      const u8 *z = &a[iBody];
      i64 x = (i64)(signed char)z[0];
      u32 j;
      for(j=1; j<len; j++) x = (i64)(((u64)x<<8) | z[j]);
      v->eType = SQLITE_INTEGER;
      v->u.i = x;
    }else{
      Mem m;
      m.flags = MEM_Null;
      sqlite3VdbeSerialGet(&a[iBody], t, &m);
      if( m.flags & MEM_Int ){
        v->eType = SQLITE_INTEGER; v->u.i = m.u.i;
      }else if( m.flags & MEM_Real ){
        v->eType = SQLITE_FLOAT; v->u.r = m.u.r;
      }else{
        v->eType = SQLITE_NULL;         /* Also a NaN, as OP_Column */
      }
    }
    iBody += len;
    i++;
  }
  for(; i<p->nCol; i++) ccBuildAdd(p, &p->aB[1+i], &p->aDflt[i]);
  return p->rc;
}

/*
** Bind a zone-map bound (a number, or NULL) to parameter i of pStmt.
*/
static void ccBindNum(sqlite3_stmt *pStmt, int i, const CCVal *v){
  if( v->eType==SQLITE_INTEGER ){
    sqlite3_bind_int64(pStmt, i, v->u.i);
  }else if( v->eType==SQLITE_FLOAT ){
    sqlite3_bind_double(pStmt, i, v->u.r);
  }else{
    sqlite3_bind_null(pStmt, i);
  }
}

/*
** Write the chunk held by the builders as chunk k covering rowids from
** lo, and empty the builders.
*/
static void ccFlush(CCBuilder *p, i64 k, i64 lo, i64 hi){
  int s;
  int nRow = p->aB[0].nVal;
  for(s=0; s<p->nSlot && p->rc==SQLITE_OK; s++){
    int nNull, mTypes;
    CCVal vMin, vMax;
    sqlite3CcEncode(&p->aB[s], &p->out, &nNull, &mTypes, &vMin, &vMax);
    if( p->out.rc ){ p->rc = p->out.rc; break; }
    sqlite3_bind_int64(p->pInsData, 1, k*CC_SLOTS+s);
    sqlite3_bind_int(p->pInsData, 2, nNull);
    sqlite3_bind_int(p->pInsData, 3, mTypes);
    ccBindNum(p->pInsData, 4, &vMin);
    ccBindNum(p->pInsData, 5, &vMax);
    sqlite3_bind_blob64(p->pInsData, 6, p->out.a, p->out.n, SQLITE_STATIC);
    ccStep(p->db, p->pInsData, &p->rc, &p->zErr);
    sqlite3_reset(p->pInsData);
    p->nBytes += p->out.n;
    p->aB[s].nVal = 0;
    p->aB[s].nArena = 0;
  }
  if( p->rc ) return;
  sqlite3_bind_int64(p->pInsDir, 1, lo);
  sqlite3_bind_int64(p->pInsDir, 2, k);
  sqlite3_bind_int64(p->pInsDir, 3, hi);
  sqlite3_bind_int(p->pInsDir, 4, nRow);
  ccStep(p->db, p->pInsDir, &p->rc, &p->zErr);
  sqlite3_reset(p->pInsDir);
}

/*
** Read the rows of the table with rowids from iFrom (inclusive) up to
** iTo (inclusive) and write them as chunks: one chunk numbered k0 if
** bOne, else chunks of CC_CHUNK_ROWS rows numbered from k0 on, the first
** covering rowids from lo0.  Return the number of chunks written through
** *pnChunk and the last rowid read through *piLast (unchanged if none).
*/
static void ccBuildRange(
  CCBuilder *p,
  BtCursor *pCur,
  i64 iFrom, i64 iTo,
  int bOne,
  i64 k0, i64 lo0,
  int *pnChunk,
  i64 *piLast
){
  u8 *aRec = 0;
  u32 nAlloc = 0, nRec;
  int res = 0;
  i64 k = k0, lo = lo0, iLast = *piLast;
  int nChunk = 0;
  int rc;
  CCVal *pV;
  if( p->rc ) return;
  rc = sqlite3BtreeTableMoveto(pCur, iFrom, 0, &res);
  if( rc==SQLITE_OK && res<0 ){
    rc = sqlite3BtreeNext(pCur, 0);
    if( rc==SQLITE_DONE ){ rc = SQLITE_OK; res = 1; goto build_done; }
  }
  if( rc==SQLITE_OK && sqlite3BtreeEof(pCur) ) goto build_done;
  while( rc==SQLITE_OK && p->rc==SQLITE_OK ){
    i64 iRowid = sqlite3BtreeIntegerKey(pCur);
    if( iRowid>iTo ) break;
    if( p->aB[0].nVal==CC_CHUNK_ROWS ){
      if( bOne ){
        /* The range of the chunk now holds more rows than a chunk may (a
        ** reader takes a larger one for corrupt): it is left stale, read
        ** from the B-tree */
        int s;
        for(s=0; s<p->nSlot; s++){ p->aB[s].nVal = 0; p->aB[s].nArena = 0; }
        bOne = 0;
        ccExec(p->db, &p->rc, &p->zErr, "UPDATE \"%w\"." CC_PREFIX "_%lld_dir"
               " SET stale=1 WHERE lo=%lld", p->zDb, p->iId, lo0);
        goto build_done;
      }
      ccFlush(p, k, lo, iLast);
      nChunk++;
      k++;
      lo = iRowid;
    }
    rc = sqlite3CcPayload(pCur, &aRec, &nAlloc, &nRec);
    if( rc ) break;
    pV = ccBuildNext(p, &p->aB[0]);
    if( pV==0 ) break;
    pV->eType = SQLITE_INTEGER;
    pV->u.i = iRowid;
    rc = ccBuildRecord(p, aRec, nRec);
    if( rc ) break;
    iLast = iRowid;
    rc = sqlite3BtreeNext(pCur, 0);
  }
  if( rc==SQLITE_DONE ) rc = SQLITE_OK;
build_done:
  if( rc && p->rc==SQLITE_OK ) p->rc = rc;
  /* A chunk (bOne) whose range has no row left is left stale, with no
  ** row: a clean chunk has rows (sqlite3CcLoadDir()) */
  if( p->rc==SQLITE_OK && bOne && p->aB[0].nVal==0 ){
    ccExec(p->db, &p->rc, &p->zErr, "UPDATE \"%w\"." CC_PREFIX "_%lld_dir"
           " SET nrow=0, stale=1 WHERE lo=%lld", p->zDb, p->iId, lo0);
  }
  if( p->rc==SQLITE_OK && p->aB[0].nVal>0 ){
    ccFlush(p, k, lo, iLast);
    nChunk++;
  }
  *pnChunk = nChunk;
  *piLast = iLast;
  sqlite3_free(aRec);
}

/*
** The name of the column to use for the rowid in the triggers' SQL, or 0
** if "rowid", "_rowid_" and "oid" are all names of columns of pTab.
*/
static const char *ccRowidName(Table *pTab){
  static const char *const az[] = { "rowid", "_rowid_", "oid" };
  int i;
  if( pTab->iPKey>=0 ) return pTab->aCol[pTab->iPKey].zCnName;
  for(i=0; i<ArraySize(az); i++){
    if( sqlite3ColumnIndex(pTab, az[i])<0 ) return az[i];
  }
  return 0;
}

/*
** The text of the key items and of the WHERE clause of zSql, the CREATE
** INDEX statement of a UNIQUE index with nKey key columns.  Set azItem[i]
** to the i-th key item (its expression and any COLLATE, without ASC or
** DESC) and *pzWhere to the partial index's condition, or 0; each is
** allocated with sqlite3_malloc().  Return SQLITE_OK, SQLITE_NOMEM or,
** if zSql is not as expected, SQLITE_CORRUPT.
**
** The statement was parsed before (it is the schema's): ON is the first
** keyword ON, the items follow it in parentheses, and WHERE can come only
** after them (an index expression has no subquery).
*/
static int ccIndexText(
  const char *zSql,
  int nKey,
  char **azItem,
  char **pzWhere
){
  const unsigned char *z = (const unsigned char*)zSql;
  int i = 0, n, eTok = 0, nDepth = 0, nItem = 0, bOn = 0;
  int iStart = -1, iEnd = -1;   /* The current item: z[iStart..iEnd-1] */
  *pzWhere = 0;
  for(n=0; n<nKey; n++) azItem[n] = 0;
  if( z==0 ) return SQLITE_CORRUPT_BKPT;
  while( z[i] ){
    n = (int)sqlite3GetToken(&z[i], &eTok);
    if( n<=0 ) return SQLITE_CORRUPT_BKPT;
    if( eTok==TK_SPACE || eTok==TK_COMMENT ){
      i += n;
      continue;
    }
    if( !bOn ){
      bOn = (eTok==TK_ON);
    }else if( nDepth==0 && nItem==0 ){
      if( eTok==TK_LP ){ nDepth = 1; iStart = -1; }
    }else if( nDepth==0 ){
      /* After the items: the partial index's condition, or nothing */
      if( eTok!=TK_WHERE ) return SQLITE_CORRUPT_BKPT;
      i += n;
      while( sqlite3Isspace(z[i]) ) i++;
      n = sqlite3Strlen30((const char*)&z[i]);
      while( n>0 && (sqlite3Isspace(z[i+n-1]) || z[i+n-1]==';') ) n--;
      if( n==0 ) return SQLITE_CORRUPT_BKPT;
      *pzWhere = sqlite3_mprintf("%.*s", n, &z[i]);
      return *pzWhere ? SQLITE_OK : SQLITE_NOMEM_BKPT;
    }else if( nDepth==1 && (eTok==TK_COMMA || eTok==TK_RP) ){
      if( iStart<0 || nItem>=nKey ) return SQLITE_CORRUPT_BKPT;
      azItem[nItem] = sqlite3_mprintf("%.*s", iEnd-iStart, &z[iStart]);
      if( azItem[nItem]==0 ) return SQLITE_NOMEM_BKPT;
      nItem++;
      iStart = -1;
      if( eTok==TK_RP ){
        nDepth = 0;
        if( nItem!=nKey ) return SQLITE_CORRUPT_BKPT;
      }
    }else{
      if( eTok==TK_LP ) nDepth++;
      if( eTok==TK_RP ) nDepth--;
      if( nDepth==1 && (eTok==TK_ASC || eTok==TK_DESC) ){
        /* The sort order ends the item: not part of its value */
      }else{
        if( iStart<0 ) iStart = i;
        iEnd = i+n;
      }
    }
    i += n;
  }
  return (nItem==nKey && nDepth==0) ? SQLITE_OK : SQLITE_CORRUPT_BKPT;
}

/*
** The condition of the BEFORE triggers of UNIQUE index pIdx of pTab, true
** for the row of pTab in pIdx whose key equals NEW's under the index's
** collations: the row a REPLACE of NEW deletes through pIdx, if NEW is in
** the index.  Being in a UNIQUE index, at most one row meets it; the
** triggers record the rowid of every row that does.  A key column is
** compared as `col COLLATE coll = new.col`; an expression, and the
** partial index's condition, are the text of the CREATE INDEX statement
** (zSql), the expression evaluated on NEW through a subquery that names
** NEW's columns as the table's (and itself as the table).  Whether NEW
** is in a partial index is not tested: a row then recorded that the
** REPLACE does not delete costs only speed.  (Without the condition on
** the row, the first row with the key could be one outside the index,
** and the row deleted go unmarked: issue 55, reproduction 2.)  Return an
** sqlite3_malloc()ed string or 0, with *pRc set.
*/
static char *ccReplaceCond(
  sqlite3 *db,
  Table *pTab,
  Index *pIdx,
  const char *zSql,
  int *pRc
){
  sqlite3_str *pOut;
  char *zNew = 0;               /* (SELECT new."a" AS "a", ...) */
  char *zWhere = 0;
  char **azItem = 0;
  int i;
  int bText = pIdx->pPartIdxWhere!=0;
  for(i=0; i<pIdx->nKeyCol; i++){
    if( pIdx->aiColumn[i]==XN_EXPR ) bText = 1;
    assert( pIdx->aiColumn[i]!=XN_ROWID );
    assert( pIdx->aiColumn[i]==XN_EXPR
         || (pIdx->aiColumn[i]>=0 && pIdx->aiColumn[i]<pTab->nCol) );
  }
  if( bText ){
    sqlite3_str *pNew = sqlite3_str_new(db);
    azItem = sqlite3_malloc64(sizeof(char*)*pIdx->nKeyCol);
    if( azItem==0 ){
      sqlite3_free(sqlite3_str_finish(pNew));
      *pRc = SQLITE_NOMEM_BKPT;
      return 0;
    }
    *pRc = ccIndexText(zSql, pIdx->nKeyCol, azItem, &zWhere);
    if( *pRc==SQLITE_OK && (zWhere!=0)!=(pIdx->pPartIdxWhere!=0) ){
      *pRc = SQLITE_CORRUPT_BKPT;
    }
    sqlite3_str_appendall(pNew, "(SELECT ");
    for(i=0; i<pTab->nCol; i++){
      const char *zCol = pTab->aCol[i].zCnName;
      sqlite3_str_appendf(pNew, "%snew.\"%w\" AS \"%w\"", i ? "," : "",
                          zCol, zCol);
    }
    /* Named as the table, for an item that qualifies its columns */
    sqlite3_str_appendf(pNew, ") AS \"%w\"", pTab->zName);
    zNew = sqlite3_str_finish(pNew);
    if( zNew==0 && *pRc==SQLITE_OK ) *pRc = SQLITE_NOMEM_BKPT;
  }
  pOut = sqlite3_str_new(db);
  for(i=0; *pRc==SQLITE_OK && i<pIdx->nKeyCol; i++){
    int iCol = pIdx->aiColumn[i];
    if( iCol==XN_EXPR ){
      /* The comparison's collation is the index's: the item's own
      ** COLLATE if it has one (the left operand's comes first), else the
      ** one on the right.  The left operand is the item as written (the
      ** parentheses make no node), for the planner to find the index. */
      assert( azItem && azItem[i] && zNew );
      sqlite3_str_appendf(pOut, "%s(%s)=(SELECT (%s) FROM %s) COLLATE \"%w\"",
          i ? " AND " : "", azItem[i], azItem[i], zNew, pIdx->azColl[i]);
    }else{
      const char *zCol = pTab->aCol[iCol].zCnName;
      sqlite3_str_appendf(pOut, "%s\"%w\" COLLATE \"%w\"=new.\"%w\"",
          i ? " AND " : "", zCol, pIdx->azColl[i], zCol);
    }
  }
  if( *pRc==SQLITE_OK && zWhere ){
    assert( zNew );
    sqlite3_str_appendf(pOut, " AND (%s)", zWhere);
  }
  if( azItem ){
    for(i=0; i<pIdx->nKeyCol; i++) sqlite3_free(azItem[i]);
    sqlite3_free(azItem);
  }
  sqlite3_free(zWhere);
  sqlite3_free(zNew);
  if( *pRc ){
    sqlite3_free(sqlite3_str_finish(pOut));
    return 0;
  }
  zWhere = sqlite3_str_finish(pOut);
  if( zWhere==0 ) *pRc = SQLITE_NOMEM_BKPT;
  return zWhere;
}

/*
** Create the triggers of copy iId of pTab, whose chunks cover the rowids
** up to iHi.  The AFTER triggers record the rowid of each row written
** (both rowids of an UPDATE that changes it) in the copy's _changed
** table; the BEFORE triggers, one pair per UNIQUE index, record the rowid
** of a row that a REPLACE may delete without a DELETE trigger.  A rowid
** recorded in vain (in the tail, or of a row the REPLACE keeps) costs
** only the speed of reading that row from the B-tree.
*/
static void ccCreateTriggers(CCBuilder *p, i64 iHi){
  Table *pTab;
  char *zR, *zT;                /* Copies of the rowid's and table's names */
  char zName[80];
  Index *pIdx;
  int iIdx = 0;
  u32 sig;
  if( p->rc ) return;
  /* Nested SQL may have reloaded the schema: find the table again */
  p->pTab = pTab = sqlite3FindTable(p->db, p->zTab, p->zDb);
  if( pTab==0 ){ p->rc = SQLITE_SCHEMA; return; }
  if( ccRowidName(pTab)==0 ){ p->rc = SQLITE_ERROR; return; }
  sig = ccSig(pTab);
  /* A statement below that fails (out of memory) resets the schema and
  ** frees pTab: the statements after it are not run, but their arguments
  ** are read, so they read names from copies */
  zR = sqlite3_mprintf("%s", ccRowidName(pTab));
  zT = sqlite3_mprintf("%s", pTab->zName);
  if( zR==0 || zT==0 ){
    p->rc = SQLITE_NOMEM_BKPT;
    sqlite3_free(zR);
    sqlite3_free(zT);
    return;
  }
  /* Not INSERT OR IGNORE: the conflict clause of the writing statement
  ** (INSERT OR ABORT, an UPSERT's DO UPDATE) overrides a trigger step's.
  ** An upsert's DO NOTHING is not overridden (SQLite 3.24 and later), so
  ** a rowid recorded already is left as it is, and no write fails here */
#define CC_MARK(X) \
  "INSERT INTO " CC_PREFIX "_%lld_changed(r) VALUES(" X ")" \
  " ON CONFLICT DO NOTHING;"
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_ai", p->iId, sig);
  ccExec(p->db, &p->rc, &p->zErr,
    "CREATE TRIGGER \"%w\".\"%w\" AFTER INSERT ON \"%w\" "
    "WHEN new.\"%w\"<=%lld BEGIN " CC_MARK("new.\"%w\"") " END",
    p->zDb, zName, zT, zR, iHi, p->iId, zR);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_ad", p->iId, sig);
  ccExec(p->db, &p->rc, &p->zErr,
    "CREATE TRIGGER \"%w\".\"%w\" AFTER DELETE ON \"%w\" "
    "WHEN old.\"%w\"<=%lld BEGIN " CC_MARK("old.\"%w\"") " END",
    p->zDb, zName, zT, zR, iHi, p->iId, zR);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_au", p->iId, sig);
  ccExec(p->db, &p->rc, &p->zErr,
    "CREATE TRIGGER \"%w\".\"%w\" AFTER UPDATE ON \"%w\" "
    "WHEN old.\"%w\"<=%lld OR new.\"%w\"<=%lld BEGIN "
    CC_MARK("old.\"%w\"") CC_MARK("new.\"%w\"") " END",
    p->zDb, zName, zT, zR, iHi, zR, iHi, p->iId, zR, p->iId, zR);
  /* The indexes are read only while every statement so far succeeded.
  ** A REPLACE deletes the row its new row conflicts with through each
  ** UNIQUE index, and with recursive_triggers off (the default) no DELETE
  ** trigger fires for it: a BEFORE trigger per index marks its chunk. */
  for(pIdx=p->rc ? 0 : pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    char *zCond;
    char *zSql = 0;
    int i, bText = pIdx->pPartIdxWhere!=0;
    if( !IsUniqueIndex(pIdx) ) continue;
    iIdx++;
    for(i=0; i<pIdx->nKeyCol; i++){
      if( pIdx->aiColumn[i]==XN_EXPR ) bText = 1;
    }
    if( bText ){
      /* The text of the CREATE INDEX statement */
      sqlite3_stmt *pStmt = ccPrepare(p->db, &p->rc, &p->zErr,
          "SELECT sql FROM \"%w\".sqlite_schema "
          "WHERE type='index' AND name=%Q", p->zDb, pIdx->zName);
      if( pStmt && ccStep(p->db, pStmt, &p->rc, &p->zErr)==SQLITE_ROW ){
        zSql = sqlite3_mprintf("%s", sqlite3_column_text(pStmt, 0));
        if( zSql==0 ) p->rc = SQLITE_NOMEM_BKPT;
      }
      sqlite3_finalize(pStmt);
      if( p->rc ) break;        /* pIdx may be freed */
      if( zSql==0 ){
        p->rc = SQLITE_CORRUPT_BKPT;
        break;
      }
    }
    zCond = ccReplaceCond(p->db, pTab, pIdx, zSql, &p->rc);
    sqlite3_free(zSql);
    if( zCond==0 ){
      if( p->rc==SQLITE_CORRUPT && p->zErr==0 ){
        p->zErr = sqlite3_mprintf("cannot read the definition of index %s",
                                  pIdx->zName);
      }
      break;
    }
    for(i=0; i<2; i++){
      /* _biN: BEFORE INSERT, then _buN: BEFORE UPDATE, the same body */
      sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_b%c%d",
                       p->iId, sig, i ? 'u' : 'i', iIdx);
      ccExec(p->db, &p->rc, &p->zErr,
        "CREATE TRIGGER \"%w\".\"%w\" BEFORE %s ON \"%w\" BEGIN "
        "INSERT INTO " CC_PREFIX "_%lld_changed(r) "
        "SELECT \"%w\" FROM \"%w\" WHERE %s ON CONFLICT DO NOTHING; END",
        p->zDb, zName, i ? "UPDATE" : "INSERT", zT, p->iId, zR, zT, zCond);
    }
    sqlite3_free(zCond);
    if( p->rc ) break;          /* pIdx may be freed */
  }
  if( p->rc==SQLITE_OK && iIdx>0 ){
    /* CREATE TRIGGER does not resolve names, and a trigger that does not
    ** compile would fail every write to the table, by any SQLite: compile
    ** an INSERT and an UPDATE of the table, which compile its triggers */
    sqlite3_stmt *pStmt;
    pTab = sqlite3FindTable(p->db, zT, p->zDb);
    if( pTab==0 ){
      p->rc = SQLITE_SCHEMA;
    }else{
      int i;
      for(i=0; i<pTab->nCol; i++){
        if( (pTab->aCol[i].colFlags & COLFLAG_GENERATED)==0 ) break;
      }
      assert( i<pTab->nCol );   /* A table has a column that is not generated */
      pStmt = ccPrepare(p->db, &p->rc, &p->zErr,
          "INSERT INTO \"%w\".\"%w\" DEFAULT VALUES", p->zDb, zT);
      sqlite3_finalize(pStmt);
      pStmt = ccPrepare(p->db, &p->rc, &p->zErr,
          "UPDATE \"%w\".\"%w\" SET \"%w\"=\"%w\"", p->zDb, zT,
          pTab->aCol[i].zCnName, pTab->aCol[i].zCnName);
      sqlite3_finalize(pStmt);
    }
  }
#undef CC_MARK
  sqlite3_free(zR);
  sqlite3_free(zT);
}

/*
** Drop the triggers of any copy on table zTab, and the shadow tables and
** the row of copy iId.  db->nVDestroy is raised around the DROPs, as
** OP_VDestroy does for a virtual table's xDestroy: the statement that
** runs them is still active.
*/
static void ccDropCopy(CCBuilder *p, const char *zTab, i64 iId){
  sqlite3 *db = p->db;
  Table *pTab = sqlite3FindTable(db, zTab, p->zDb);
  db->nVDestroy++;
  if( pTab ){
    Trigger *pTrig;
    char **azName = 0;
    int n = 0, i;
    for(pTrig=pTab->pTrigger; pTrig; pTrig=pTrig->pNext) n++;
    azName = sqlite3_malloc64(sizeof(char*)*(n+1));
    if( azName==0 ){
      p->rc = SQLITE_NOMEM_BKPT;
    }else{
      n = 0;
      for(pTrig=pTab->pTrigger; pTrig; pTrig=pTrig->pNext){
        if( sqlite3StrNICmp(pTrig->zName, CC_PREFIX "_", CC_PREFIX_LEN+1)==0 ){
          azName[n++] = sqlite3_mprintf("%s", pTrig->zName);
        }
      }
      for(i=0; i<n; i++){
        if( azName[i]==0 ){ p->rc = SQLITE_NOMEM_BKPT; continue; }
        ccExec(db, &p->rc, &p->zErr, "DROP TRIGGER IF EXISTS \"%w\".\"%w\"",
               p->zDb, azName[i]);
        sqlite3_free(azName[i]);
      }
      sqlite3_free(azName);
    }
  }
  if( iId>0 ){
    ccExec(db, &p->rc, &p->zErr,
        "DROP TABLE IF EXISTS \"%w\".\"" CC_PREFIX "_%lld_dir\";"
        "DROP TABLE IF EXISTS \"%w\".\"" CC_PREFIX "_%lld_data\";"
        "DROP TABLE IF EXISTS \"%w\".\"" CC_PREFIX "_%lld_changed\";",
        p->zDb, iId, p->zDb, iId, p->zDb, iId);
    if( sqlite3FindTable(db, CC_PREFIX, p->zDb) ){
      ccExec(db, &p->rc, &p->zErr,
          "DELETE FROM \"%w\"." CC_PREFIX " WHERE id=%lld", p->zDb, iId);
    }
  }
  db->nVDestroy--;
}

/*
** Free the builders of p.
*/
static void ccBuilderFree(CCBuilder *p){
  int i;
  if( p->aB ){
    for(i=0; i<p->nSlot; i++){
      sqlite3_free(p->aB[i].aVal);
      sqlite3_free(p->aB[i].aArena);
    }
    sqlite3_free(p->aB);
  }
  if( p->aDflt ){
    for(i=0; i<p->nCol; i++) sqlite3VdbeMemRelease(&p->aDflt[i]);
    sqlite3_free(p->aDflt);
  }
  sqlite3_free(p->out.a);
  sqlite3_finalize(p->pInsData);
  sqlite3_finalize(p->pInsDir);
}

/*
** Set up the builders of p for table p->pTab: one per slot, and the
** default value of each stored column (a record that ends before a
** column added by ALTER TABLE ADD COLUMN has that column's default, as
** OP_Column gives it).
*/
static void ccBuilderInit(CCBuilder *p){
  Table *pTab = p->pTab;
  int i;
  p->nCol = pTab->nNVCol;
  p->nSlot = 1 + p->nCol;
  p->aB = sqlite3MallocZero(sizeof(CCBuild)*p->nSlot);
  p->aDflt = sqlite3MallocZero(sizeof(Mem)*(p->nCol ? p->nCol : 1));
  if( p->aB==0 || p->aDflt==0 ){ p->rc = SQLITE_NOMEM_BKPT; return; }
  for(i=0; i<p->nSlot; i++){
    p->aB[i].aVal = sqlite3_malloc64(sizeof(CCVal)*CC_CHUNK_ROWS);
    if( p->aB[i].aVal==0 ){ p->rc = SQLITE_NOMEM_BKPT; return; }
    p->aB[i].nAlloc = CC_CHUNK_ROWS;
  }
  for(i=0; i<p->nCol; i++){
    int iTabCol = sqlite3StorageColumnToTable(pTab, (i16)i);
    Column *pCol = &pTab->aCol[iTabCol];
    sqlite3_value *pVal = 0;
    p->aDflt[i].flags = MEM_Null;
    p->aDflt[i].db = p->db;
    if( pCol->iDflt ){
      sqlite3ValueFromExpr(p->db, sqlite3ColumnExpr(pTab, pCol), ENC(p->db),
                           pCol->affinity, &pVal);
      if( pVal ){
        sqlite3VdbeMemCopy(&p->aDflt[i], pVal);
        sqlite3ValueFree(pVal);
      }
#ifndef SQLITE_OMIT_FLOATING_POINT
      if( pCol->affinity==SQLITE_AFF_REAL ){
        /* sqlite3ColumnDefault() codes OP_RealAffinity after the OP_Column
        ** that gives the default: an integer default of a REAL column
        ** is a real in the row path (9007199254740993 becomes
        ** 9007199254740992.0), so it is one in the copy.  The other
        ** affinities were applied by sqlite3ValueFromExpr(). */
        if( p->aDflt[i].flags & MEM_Int ){
          sqlite3VdbeMemRealify(&p->aDflt[i]);
        }
        assert( (p->aDflt[i].flags & (MEM_Int|MEM_IntReal))==0 );
      }
#endif
    }
  }
}

/*
** Set up the builders of p (ccBuilderInit()) and prepare the statements
** that write the data and directory rows of copy p->iId: zVerb is
** "INSERT" for a new copy, "REPLACE" for a refresh, which rewrites its
** stale chunks in place.  A no-op after an error (p->rc).
*/
static void ccBuilderStart(CCBuilder *p, const char *zVerb){
  ccBuilderInit(p);
  p->pInsData = ccPrepare(p->db, &p->rc, &p->zErr,
      "%s INTO \"%w\"." CC_PREFIX "_%lld_data"
      "(id,nnull,types,minv,maxv,bytes) VALUES(?,?,?,?,?,?)",
      zVerb, p->zDb, p->iId);
  p->pInsDir = ccPrepare(p->db, &p->rc, &p->zErr,
      "%s INTO \"%w\"." CC_PREFIX "_%lld_dir(lo,k,hi,nrow,stale) "
      "VALUES(?,?,?,?,0)", zVerb, p->zDb, p->iId);
}

/*
** Free the builders of p and report its error, if any, as the error of
** statement v, "PRAGMA zPragma: ..." (an out-of-memory in the pager is
** out-of-memory).  Return p->rc.
*/
static int ccBuilderEnd(Vdbe *v, CCBuilder *p, const char *zPragma){
  ccBuilderFree(p);
  if( p->rc==SQLITE_IOERR_NOMEM || (p->rc && p->db->mallocFailed) ){
    p->rc = SQLITE_NOMEM_BKPT;
    sqlite3_free(p->zErr);
    p->zErr = 0;
  }
  if( p->rc ){
    sqlite3VdbeError(v, "PRAGMA %s: %s", zPragma,
                     p->zErr ? p->zErr : sqlite3ErrStr(p->rc));
    sqlite3_free(p->zErr);
    p->zErr = 0;
  }
  return p->rc;
}

/*
** Read the current schema cookie of database iDb.
*/
u32 sqlite3CcCookie(sqlite3 *db, int iDb){
  u32 v = 0;
  sqlite3BtreeGetMeta(db->aDb[iDb].pBt, BTREE_SCHEMA_VERSION, &v);
  return v;
}

/*
** Return true if the stamp of schema zDb (CC_STAMP) is whole: its table
** holds one row, whose rowid equals its column r and is at least
** CC_STAMP_MIN (sqlite3CcLoadDir() checks the same when it reads a copy).
** An error goes to *pRc and *pzErr.
*/
static int ccStamped(sqlite3 *db, const char *zDb, int *pRc, char **pzErr){
  sqlite3_stmt *pStmt;
  int bOk = 0;
  if( sqlite3FindTable(db, CC_STAMP, zDb)==0 ) return 0;
  pStmt = ccPrepare(db, pRc, pzErr,
      "SELECT count(*)=1 AND min(rowid=r AND typeof(r)='integer'"
      " AND r>=%lld) FROM \"%w\"." CC_STAMP, CC_STAMP_MIN, zDb);
  if( ccStep(db, pStmt, pRc, pzErr)==SQLITE_ROW ){
    bOk = sqlite3_column_int(pStmt, 0)!=0;
  }
  sqlite3_finalize(pStmt);
  return bOk;
}

/*
** Stamp schema zDb (database iDb) anew: a random number, at least
** CC_STAMP_MIN, as the one row's rowid and its column r; and move the
** schema cookie on by a random step (CC_COOKIE_JUMP).  An error goes to
** *pRc and *pzErr.
*/
static void ccStamp(
  sqlite3 *db, const char *zDb, int iDb, int *pRc, char **pzErr
){
  i64 iStamp;
  u32 iStep, iCookie;
  sqlite3_randomness(sizeof(iStamp), &iStamp);
  iStamp = (iStamp & LARGEST_INT64) | CC_STAMP_MIN;
  assert( iStamp>=CC_STAMP_MIN );
  ccExec(db, pRc, pzErr,
      "CREATE TABLE IF NOT EXISTS \"%w\"." CC_STAMP "(r INTEGER NOT NULL);"
      "DELETE FROM \"%w\"." CC_STAMP ";"
      "INSERT INTO \"%w\"." CC_STAMP "(rowid, r) VALUES(%lld, %lld)",
      zDb, zDb, zDb, iStamp, iStamp);
  sqlite3_randomness(sizeof(iStep), &iStep);
  iStep = CC_COOKIE_JUMP + iStep%CC_COOKIE_SPAN;
  iCookie = sqlite3CcCookie(db, iDb);
  testcase( iCookie>CC_COOKIE_MAX-iStep );
  if( *pRc==SQLITE_OK && iCookie<=CC_COOKIE_MAX-iStep ){
    /* As OP_SetCookie does: a larger cookie, which no connection can
    ** have seen, and the schema of this one reloaded after the statement
    ** (PRAGMA schema_version=N, a no-op in defensive mode, is not used) */
    Db *pDb = &db->aDb[iDb];
    *pRc = sqlite3BtreeUpdateMeta(pDb->pBt, BTREE_SCHEMA_VERSION,
                                  iCookie + iStep);
    if( *pRc==SQLITE_OK ){
      pDb->pSchema->schema_cookie = (int)(iCookie + iStep);
      db->mDbFlags |= DBFLAG_SchemaChange;
    }
  }
}

/*
** Return true if copy iId in schema zDb (database iDb) may differ from
** its table without a stale chunk to say so: the file's stamp is not
** whole (bStamped false: a file loaded from a dump), or the copy's row
** records another schema cookie than the file's (a schema change or a
** VACUUM, by any program, since the copy was built or checked).  Such a
** copy is built anew.  An error goes to *pRc and *pzErr.
*/
static int ccUntrusted(
  sqlite3 *db, const char *zDb, int iDb, i64 iId, int bStamped,
  int *pRc, char **pzErr
){
  sqlite3_stmt *pStmt;
  int bUntrusted;
  if( !bStamped ) return 1;
  pStmt = ccPrepare(db, pRc, pzErr,
      "SELECT cookie FROM \"%w\"." CC_PREFIX " WHERE id=%lld", zDb, iId);
  bUntrusted = ccStep(db, pStmt, pRc, pzErr)!=SQLITE_ROW
     || sqlite3_column_type(pStmt, 0)!=SQLITE_INTEGER
     || sqlite3_column_int64(pStmt, 0)!=(i64)sqlite3CcCookie(db, iDb);
  sqlite3_finalize(pStmt);
  return bUntrusted;
}

/* A row of a copy's directory, as ccDirRead() reads it */
typedef struct CCDirRow CCDirRow;
struct CCDirRow {
  i64 lo, k, hi;                /* Its first rowid, number and last rowid */
  i64 nRow;                     /* Its rows */
  int bStale;                   /* Non-zero if stale */
};

/*
** Read the directory of copy p->iId into *paDir (sqlite3_malloc()ed, to
** be freed by the caller) and *pnDir, ascending by lo.  The directory
** comes from the file: trust it no more than a scan does
** (sqlite3CcLoadDir()), so that k*CC_SLOTS+slot and the ranges built from
** it cannot overflow; a directory that fails is an SQLITE_CORRUPT error
** in p.  A no-op after an error.
*/
static void ccDirRead(CCBuilder *p, CCDirRow **paDir, int *pnDir){
  sqlite3_stmt *pStmt;
  int nAlloc = 0;
  *paDir = 0;
  *pnDir = 0;
  pStmt = ccPrepare(p->db, &p->rc, &p->zErr,
      "SELECT lo, k, hi, nrow, stale FROM \"%w\"." CC_PREFIX "_%lld_dir "
      "ORDER BY lo", p->zDb, p->iId);
  while( ccStep(p->db, pStmt, &p->rc, &p->zErr)==SQLITE_ROW ){
    CCDirRow *a = *paDir;
    int n = *pnDir;
    i64 lo = sqlite3_column_int64(pStmt, 0);
    i64 k = sqlite3_column_int64(pStmt, 1);
    i64 hi = sqlite3_column_int64(pStmt, 2);
    if( sqlite3_column_type(pStmt, 1)!=SQLITE_INTEGER
     || sqlite3_column_type(pStmt, 2)!=SQLITE_INTEGER
     || k<0 || k>=CC_K_MAX || hi<lo
     || (n>0 && (k<=a[n-1].k || a[n-1].hi>=lo))
    ){
      p->rc = SQLITE_CORRUPT_BKPT;
      p->zErr = sqlite3_mprintf("the column copy of %s is corrupt: "
                                "PRAGMA column_copy_drop it", p->zTab);
      break;
    }
    if( n>=nAlloc ){
      CCDirRow *aNew;
      nAlloc = nAlloc*2 + 64;
      aNew = sqlite3_realloc64(a, sizeof(CCDirRow)*nAlloc);
      if( aNew==0 ){ p->rc = SQLITE_NOMEM_BKPT; break; }
      *paDir = a = aNew;
    }
    a[n].lo = lo;
    a[n].k = k;
    a[n].hi = hi;
    a[n].nRow = sqlite3_column_int64(pStmt, 3);
    a[n].bStale = sqlite3_column_int(pStmt, 4);
    *pnDir = n+1;
  }
  sqlite3_finalize(pStmt);
}

/*
** PRAGMA column_copy(T): build the copy of T, or refresh its stale chunks
** and extend it over the tail.  Write rows, chunks, bytes and seconds to
** aOut[0..3].
*/
static int ccBuild(Vdbe *v, int iDb, const char *zTab, Mem *aOut){
  sqlite3 *db = v->db;
  CCBuilder b;
  Table *pTab;
  i64 iId, iAny = 0;
  int nTrig = 0;
  i64 t0 = 0, t1 = 0;
  BtCursor *pCur = 0;
  i64 nRows = 0;
  int nChunk = 0;
  sqlite3_stmt *pStmt = 0;
  u32 iCookie0;                 /* The schema cookie before this build */
  int bStamped;                 /* The file's stamp was whole before it */

  memset(&b, 0, sizeof(b));
  b.db = db;
  b.zDb = db->aDb[iDb].zDbSName;
  b.zTab = zTab;
  sqlite3OsCurrentTimeInt64(db->pVfs, &t0);
  iCookie0 = sqlite3CcCookie(db, iDb);
  pTab = sqlite3FindTable(db, zTab, b.zDb);
  if( pTab==0 || !IsOrdinaryTable(pTab) || !HasRowid(pTab) ){
    /* The code generator checked it; another statement of this
    ** connection changed the schema since */
    sqlite3VdbeError(v, "PRAGMA column_copy: no such rowid table: %s", zTab);
    return SQLITE_ERROR;
  }
  if( ccRowidName(pTab)==0 ){
    sqlite3VdbeError(v, "PRAGMA column_copy: table %s has columns named "
        "rowid, _rowid_ and oid: its rowid cannot be named", zTab);
    return SQLITE_ERROR;
  }
  iId = sqlite3CcCopyOf(pTab, &nTrig, &iAny);

  /* A copy that may differ from its table with no stale chunk to say so
  ** (a schema change or a VACUUM since it was checked, a file loaded from
  ** a dump: ccUntrusted()) is emptied, and the refresh below builds every
  ** chunk from the table's rows, in the same shadow tables (no DROP TABLE:
  ** PRAGMA optimize runs this with its own statement active) */
  bStamped = ccStamped(db, b.zDb, &b.rc, &b.zErr);
  if( iId && ccUntrusted(db, b.zDb, iDb, iId, bStamped, &b.rc, &b.zErr) ){
    ccExec(db, &b.rc, &b.zErr,
        "DELETE FROM \"%w\"." CC_PREFIX "_%lld_dir;"
        "DELETE FROM \"%w\"." CC_PREFIX "_%lld_data;"
        "DELETE FROM \"%w\"." CC_PREFIX "_%lld_changed",
        b.zDb, iId, b.zDb, iId, b.zDb, iId);
  }

  if( iId ){
    /* Refresh: rebuild the stale chunks, then chunk the tail */
    i64 iHi = SMALLEST_INT64, kMax = -1;
    int nDir = 0, i;
    CCDirRow *aDir = 0;
    b.pTab = pTab;
    b.iId = iId;
    ccBuilderStart(&b, "REPLACE");
    ccDirRead(&b, &aDir, &nDir);
    for(i=0; i<nDir; i++){
      if( aDir[i].k>kMax ) kMax = aDir[i].k;
      iHi = aDir[i].hi;
    }
    pTab = sqlite3FindTable(db, zTab, b.zDb);   /* Nested SQL ran */
    if( pTab==0 && b.rc==SQLITE_OK ) b.rc = SQLITE_SCHEMA;
    if( b.rc==SQLITE_OK ) b.rc = sqlite3CcCursorOpen(db, iDb, pTab->tnum, &pCur);
    pStmt = ccPrepare(db, &b.rc, &b.zErr,
        "SELECT EXISTS(SELECT 1 FROM \"%w\"." CC_PREFIX "_%lld_changed"
        " WHERE r BETWEEN ?1 AND ?2)", b.zDb, iId);
    for(i=0; i<nDir && b.rc==SQLITE_OK; i++){
      /* Chunk i covers the rowids up to the next chunk's first, the last
      ** chunk those up to its hi */
      i64 iTo = i+1<nDir ? aDir[i+1].lo-1 : aDir[i].hi;
      int bChanged = 0;
      if( !aDir[i].bStale ){
        sqlite3_bind_int64(pStmt, 1, aDir[i].lo);
        sqlite3_bind_int64(pStmt, 2, iTo);
        if( ccStep(db, pStmt, &b.rc, &b.zErr)==SQLITE_ROW ){
          bChanged = sqlite3_column_int(pStmt, 0);
        }
        sqlite3_reset(pStmt);
      }
      if( aDir[i].bStale || bChanged ){
        int n = 0;
        i64 iLast = aDir[i].hi;
        ccBuildRange(&b, pCur, aDir[i].lo, iTo, 1, aDir[i].k, aDir[i].lo,
                     &n, &iLast);
        if( i+1==nDir && b.rc==SQLITE_OK ){
          /* The last chunk keeps covering up to iHi */
          ccExec(db, &b.rc, &b.zErr, "UPDATE \"%w\"." CC_PREFIX "_%lld_dir"
                 " SET hi=%lld WHERE lo=%lld", b.zDb, iId, iHi, aDir[i].lo);
        }
      }
    }
    sqlite3_finalize(pStmt);
    pStmt = 0;
    sqlite3_free(aDir);
    if( b.rc==SQLITE_OK && iHi<LARGEST_INT64 ){
      i64 iLast = iHi;
      int n = 0;
      i64 iFrom = nDir ? iHi+1 : SMALLEST_INT64;
      ccBuildRange(&b, pCur, iFrom, LARGEST_INT64, 0, kMax+1, iFrom, &n,
                   &iLast);
      if( n>0 && b.rc==SQLITE_OK ){
        /* The chunks now reach further: new triggers */
        sqlite3CcCursorClose(pCur);
        pCur = 0;
        ccDropCopy(&b, zTab, 0);
        b.pTab = pTab = sqlite3FindTable(db, zTab, b.zDb);
        if( pTab ) ccCreateTriggers(&b, iLast);
      }
    }
    /* Every chunk with a changed row was built again from the table's
    ** rows (or left stale, read from the B-tree), and the tail's rows are
    ** read from the B-tree or now in chunks built here: no recorded
    ** change is needed any longer */
    ccExec(db, &b.rc, &b.zErr,
        "DELETE FROM \"%w\"." CC_PREFIX "_%lld_changed", b.zDb, iId);
  }else{
    /* A new copy: drop what is left of an old one */
    i64 iLast = SMALLEST_INT64;
    int n = 0;
    int nCol = pTab->nNVCol;
    b.pTab = pTab;
    if( iAny ) ccDropCopy(&b, zTab, iAny);
    ccExec(db, &b.rc, &b.zErr,
        "CREATE TABLE IF NOT EXISTS \"%w\"." CC_PREFIX "(id INTEGER PRIMARY KEY,"
        " tbl TEXT NOT NULL, format INTEGER NOT NULL, chunk_rows INTEGER NOT"
        " NULL, ncol INTEGER NOT NULL, cookie INTEGER, rows INTEGER,"
        " bytes INTEGER, built TEXT)", b.zDb);
    if( b.rc==SQLITE_OK ){
      /* Rows of copies whose table is gone (DROP TABLE by any SQLite) */
      pStmt = ccPrepare(db, &b.rc, &b.zErr,
          "SELECT id FROM \"%w\"." CC_PREFIX " WHERE tbl=?1 COLLATE NOCASE",
          b.zDb);
      if( pStmt ) sqlite3_bind_text(pStmt, 1, zTab, -1, SQLITE_STATIC);
      while( ccStep(db, pStmt, &b.rc, &b.zErr)==SQLITE_ROW ){
        i64 iOld = sqlite3_column_int64(pStmt, 0);
        sqlite3_reset(pStmt);
        ccDropCopy(&b, zTab, iOld);
      }
      sqlite3_finalize(pStmt);
      pStmt = 0;
    }
    pStmt = ccPrepare(db, &b.rc, &b.zErr,
        "SELECT coalesce(max(id),0)+1 FROM \"%w\"." CC_PREFIX, b.zDb);
    if( ccStep(db, pStmt, &b.rc, &b.zErr)==SQLITE_ROW ){
      b.iId = iId = sqlite3_column_int64(pStmt, 0);
    }
    sqlite3_finalize(pStmt);
    pStmt = 0;
    ccExec(db, &b.rc, &b.zErr,
        "CREATE TABLE \"%w\"." CC_PREFIX "_%lld_dir(lo INTEGER PRIMARY KEY,"
        " k INTEGER NOT NULL, hi INTEGER NOT NULL, nrow INTEGER NOT NULL,"
        " stale INTEGER NOT NULL);"
        "CREATE TABLE \"%w\"." CC_PREFIX "_%lld_data(id INTEGER PRIMARY KEY,"
        " nnull INTEGER, types INTEGER, minv, maxv, bytes BLOB);"
        "CREATE TABLE \"%w\"." CC_PREFIX "_%lld_changed"
        "(r INTEGER PRIMARY KEY);"
        "INSERT INTO \"%w\"." CC_PREFIX "(id,tbl,format,chunk_rows,ncol)"
        " VALUES(%lld,%Q,%d,%d,%d)",
        b.zDb, iId, b.zDb, iId, b.zDb, iId, b.zDb, iId, zTab, CC_FORMAT,
        CC_CHUNK_ROWS, nCol);
    b.pTab = pTab = sqlite3FindTable(db, zTab, b.zDb);
    if( pTab==0 && b.rc==SQLITE_OK ) b.rc = SQLITE_SCHEMA;
    if( b.rc==SQLITE_OK ){
      ccBuilderStart(&b, "INSERT");
      if( b.rc==SQLITE_OK ) b.rc = sqlite3CcCursorOpen(db, iDb, pTab->tnum, &pCur);
      ccBuildRange(&b, pCur, SMALLEST_INT64, LARGEST_INT64, 0, 0,
                   SMALLEST_INT64, &n, &iLast);
      nChunk = n;
      sqlite3CcCursorClose(pCur);
      pCur = 0;
      /* With no rows, no chunk: every row will be in the tail, and the
      ** triggers' bound only decides which writes start their program
      ** (to mark nothing) */
      ccCreateTriggers(&b, n ? iLast : 0);
    }
  }
  sqlite3CcCursorClose(pCur);

  /* The totals, and the schema cookie after the DDL above.  If the file
  ** was stamped, every copy whose cookie was current before this build
  ** is still exact (this transaction changed no other table): it gets
  ** the new cookie too, so that building copies one table after another
  ** does not untrust the ones built before (sqlite3CcLoadDir()) */
  if( b.rc==SQLITE_OK ){
    if( bStamped ){
      ccExec(db, &b.rc, &b.zErr,
          "UPDATE \"%w\"." CC_PREFIX " SET cookie=%u WHERE cookie=%u",
          b.zDb, sqlite3CcCookie(db, iDb), iCookie0);
    }else{
      /* No copy of the file was trusted before (a file loaded from a
      ** dump, or the first copy): stamp it, and let no other copy's
      ** cookie meet the file's by chance from now on: each is rebuilt
      ** when next refreshed */
      ccStamp(db, b.zDb, iDb, &b.rc, &b.zErr);
      ccExec(db, &b.rc, &b.zErr,
          "UPDATE \"%w\"." CC_PREFIX " SET cookie=NULL WHERE id<>%lld",
          b.zDb, iId);
    }
    pStmt = ccPrepare(db, &b.rc, &b.zErr,
        "SELECT (SELECT coalesce(sum(nrow),0) FROM \"%w\"." CC_PREFIX
        "_%lld_dir), (SELECT count(*) FROM \"%w\"." CC_PREFIX "_%lld_dir),"
        " (SELECT coalesce(sum(length(bytes)),0) FROM \"%w\"." CC_PREFIX
        "_%lld_data)", b.zDb, iId, b.zDb, iId, b.zDb, iId);
    if( ccStep(db, pStmt, &b.rc, &b.zErr)==SQLITE_ROW ){
      nRows = sqlite3_column_int64(pStmt, 0);
      nChunk = sqlite3_column_int(pStmt, 1);
      b.nBytes = sqlite3_column_int64(pStmt, 2);
    }
    sqlite3_finalize(pStmt);
    ccExec(db, &b.rc, &b.zErr,
        "UPDATE \"%w\"." CC_PREFIX " SET cookie=%u, rows=%lld, bytes=%lld,"
        " built=datetime('now'), format=%d WHERE id=%lld",
        b.zDb, sqlite3CcCookie(db, iDb), nRows, b.nBytes, CC_FORMAT, iId);
  }
  if( ccBuilderEnd(v, &b, "column_copy") ) return b.rc;
  sqlite3OsCurrentTimeInt64(db->pVfs, &t1);
  sqlite3VdbeMemSetInt64(&aOut[0], nRows);
  sqlite3VdbeMemSetInt64(&aOut[1], nChunk);
  sqlite3VdbeMemSetInt64(&aOut[2], b.nBytes);
  sqlite3VdbeMemSetDouble(&aOut[3], (t1-t0)/1000.0);
  return SQLITE_OK;
}

/*
** Set *pn to an estimate of the bytes of the B-tree rooted at iRoot: the
** payload of every row (the pages it spills to included) plus 4 bytes
** of cell overhead each, read through a cursor without a walk of the
** pages themselves.
*/
static int ccTreeBytes(sqlite3 *db, int iDb, Pgno iRoot, i64 *pn){
  BtCursor *pCur = 0;
  int rc = sqlite3CcCursorOpen(db, iDb, iRoot, &pCur);
  *pn = 0;
  if( rc==SQLITE_OK ){
    i64 nByte = 0;
    int res = 0;
    rc = sqlite3BtreeFirst(pCur, &res);
    while( rc==SQLITE_OK && !res && !sqlite3BtreeEof(pCur) ){
      nByte += sqlite3BtreePayloadSize(pCur) + 4;
      rc = sqlite3BtreeNext(pCur, 0);
    }
    if( rc==SQLITE_DONE ) rc = SQLITE_OK;
    *pn = nByte;
  }
  sqlite3CcCursorClose(pCur);
  return rc;
}

/*
** Set *pnTail to the number of rows of table pTab of database iDb with a
** rowid above iHi (all of them if iHi is SMALLEST_INT64): the tail of its
** copy, whose last chunk ends at iHi.
*/
static int ccTailRows(sqlite3 *db, int iDb, Table *pTab, i64 iHi,
                      i64 *pnTail){
  BtCursor *pCur = 0;
  int rc;
  *pnTail = 0;
  rc = sqlite3CcCursorOpen(db, iDb, pTab->tnum, &pCur);
  if( rc==SQLITE_OK && iHi<LARGEST_INT64 ){
    rc = sqlite3CcCountRange(pCur, iHi==SMALLEST_INT64 ? iHi : iHi+1,
                             LARGEST_INT64, pnTail);
  }
  sqlite3CcCursorClose(pCur);
  return rc;
}

/*
** One row of PRAGMA column_copy_list for copy zId: table, rows, clean
** chunks, stale chunks, tail rows, bytes, the base table's bytes, and
** the rowids recorded as changed.
*/
static int ccList(Vdbe *v, int iDb, const char *zId, Mem *aOut){
  sqlite3 *db = v->db;
  const char *zDb = db->aDb[iDb].zDbSName;
  int rc = SQLITE_OK;
  char *zErr = 0;
  sqlite3_stmt *pStmt;
  i64 iId = 0;
  char zChanged[64];
  char *zCount = 0;             /* The count of its changed rows, or 0 */
  sqlite3Atoi64(zId, &iId, sqlite3Strlen30(zId), SQLITE_UTF8);
  /* A copy built by a lipsqlite older than the record of changed rows
  ** (trigger version 2) has no _changed table: its changed_rows is NULL,
  ** and no scan reads it until PRAGMA column_copy builds it anew */
  sqlite3_snprintf(sizeof(zChanged), zChanged, CC_PREFIX "_%lld_changed",
                   iId);
  if( sqlite3FindTable(db, zChanged, zDb) ){
    zCount = sqlite3_mprintf("(SELECT count(*) FROM \"%w\".\"%w\")",
                             zDb, zChanged);
    if( zCount==0 ) rc = SQLITE_NOMEM_BKPT;   /* ccPrepare() does nothing */
  }
  pStmt = ccPrepare(db, &rc, &zErr,
      "SELECT m.tbl, (SELECT coalesce(sum(nrow),0) FROM \"%w\"." CC_PREFIX
      "_%lld_dir WHERE NOT stale), (SELECT count(*) FROM \"%w\"." CC_PREFIX
      "_%lld_dir WHERE NOT stale), (SELECT count(*) FROM \"%w\"." CC_PREFIX
      "_%lld_dir WHERE stale), (SELECT max(hi) FROM \"%w\"." CC_PREFIX
      "_%lld_dir), (SELECT coalesce(sum(length(bytes)),0) FROM \"%w\"."
      CC_PREFIX "_%lld_data), %s FROM \"%w\"." CC_PREFIX " AS m "
      "WHERE m.id=%lld",
      zDb, iId, zDb, iId, zDb, iId, zDb, iId, zDb, iId,
      zCount ? zCount : "NULL", zDb, iId);
  sqlite3_free(zCount);
  if( ccStep(db, pStmt, &rc, &zErr)==SQLITE_ROW ){
    const char *zTab = (const char*)sqlite3_column_text(pStmt, 0);
    Table *pTab = zTab ? sqlite3FindTable(db, zTab, zDb) : 0;
    i64 nTail = 0, nBase = 0, iAny = 0;
    sqlite3VdbeMemSetStr(&aOut[0], zTab, -1, SQLITE_UTF8, SQLITE_TRANSIENT);
    sqlite3VdbeMemSetInt64(&aOut[1], sqlite3_column_int64(pStmt, 1));
    sqlite3VdbeMemSetInt64(&aOut[2], sqlite3_column_int64(pStmt, 2));
    sqlite3VdbeMemSetInt64(&aOut[3], sqlite3_column_int64(pStmt, 3));
    sqlite3VdbeMemSetInt64(&aOut[5], sqlite3_column_int64(pStmt, 5));
    if( sqlite3_column_type(pStmt, 6)!=SQLITE_NULL ){
      sqlite3VdbeMemSetInt64(&aOut[7], sqlite3_column_int64(pStmt, 6));
    }else{
      sqlite3VdbeMemSetNull(&aOut[7]);
    }
    if( pTab && IsOrdinaryTable(pTab) && HasRowid(pTab) ){
      sqlite3CcCopyOf(pTab, 0, &iAny);
    }
    if( iAny==iId ){
      rc = ccTailRows(db, iDb, pTab,
                      sqlite3_column_type(pStmt, 4)==SQLITE_NULL ?
                          SMALLEST_INT64 : sqlite3_column_int64(pStmt, 4),
                      &nTail);
      if( rc==SQLITE_OK ) rc = ccTreeBytes(db, iDb, pTab->tnum, &nBase);
      if( rc==SQLITE_IOERR_NOMEM ) rc = SQLITE_NOMEM_BKPT;
    }
    sqlite3VdbeMemSetInt64(&aOut[4], nTail);
    sqlite3VdbeMemSetInt64(&aOut[6], nBase);
  }else if( rc==SQLITE_OK ){
    int i;
    for(i=0; i<LIPSQLITE_NCOL_COLUMN_COPY_LIST; i++){
      sqlite3VdbeMemSetNull(&aOut[i]);
    }
    sqlite3VdbeMemSetStr(&aOut[0], zId, -1, SQLITE_UTF8, SQLITE_TRANSIENT);
  }
  sqlite3_finalize(pStmt);
  if( rc ){
    sqlite3VdbeError(v, "PRAGMA column_copy_list: %s",
                     zErr ? zErr : sqlite3ErrStr(rc));
  }
  sqlite3_free(zErr);
  return rc;
}

/*
** Set *pOut to 1 if the copy of table zTab of database iDb is due for a
** refresh by PRAGMA optimize, else to 0.  It is due when at least PRAGMA
** column_copy_refresh percent of its rows are in stale chunks or past its
** last chunk.  A copy that PRAGMA column_copy would build anew is never
** due: one its triggers no longer keep (the table's definition changed),
** and one of a table VACUUM may renumber after a schema change (see
** ccBuild()).  Building anew drops the old copy's tables, which cannot be
** done while PRAGMA optimize's own statement runs (OP_Destroy).
*/
static int ccRefreshDue(Vdbe *v, int iDb, const char *zTab, Mem *pOut){
  sqlite3 *db = v->db;
  const char *zDb = db->aDb[iDb].zDbSName;
  Table *pTab = sqlite3FindTable(db, zTab, zDb);
  i64 iId, iAny = 0, nStale = 0, nRow = 0, nTail = 0, iHi = SMALLEST_INT64;
  int rc = SQLITE_OK, bDue = 0;
  char *zErr = 0;
  sqlite3_stmt *pStmt;
  sqlite3VdbeMemSetInt64(pOut, 0);
  if( pTab==0 || !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) return rc;
  iId = sqlite3CcCopyOf(pTab, 0, &iAny);
  if( iId==0 ) return rc;
  if( ccUntrusted(db, zDb, iDb, iId, ccStamped(db, zDb, &rc, &zErr),
                  &rc, &zErr) ){
    bDue = rc==SQLITE_OK;       /* Built anew by the refresh */
    iId = 0;
  }
  if( iId ){
    pStmt = ccPrepare(db, &rc, &zErr,
        "SELECT coalesce(sum(CASE WHEN stale THEN nrow END),0)"
        " + (SELECT count(*) FROM \"%w\"." CC_PREFIX "_%lld_changed),"
        " coalesce(sum(nrow),0), max(hi) FROM \"%w\"." CC_PREFIX "_%lld_dir",
        zDb, iId, zDb, iId);
    if( ccStep(db, pStmt, &rc, &zErr)==SQLITE_ROW ){
      nStale = sqlite3_column_int64(pStmt, 0);
      nRow = sqlite3_column_int64(pStmt, 1);
      if( sqlite3_column_type(pStmt, 2)!=SQLITE_NULL ){
        iHi = sqlite3_column_int64(pStmt, 2);
      }
    }
    sqlite3_finalize(pStmt);
    if( rc==SQLITE_OK ) rc = ccTailRows(db, iDb, pTab, iHi, &nTail);
    /* PRAGMA column_copy_refresh may have become 0 since the prepare */
    assert( db->fork.colcopy.nRefresh>=0 && db->fork.colcopy.nRefresh<=100 );
    /* The counts come from the file: compare the percentages as reals,
    ** which cannot overflow */
    bDue = nStale+(double)nTail>0 && db->fork.colcopy.nRefresh>0
        && ((double)nStale+(double)nTail)*100.0
             >= (double)db->fork.colcopy.nRefresh*((double)nRow+(double)nTail);
  }
  /* An out-of-memory in the pager under the tail's walk is out-of-memory */
  if( rc==SQLITE_IOERR_NOMEM ) rc = SQLITE_NOMEM_BKPT;
  if( rc ){
    sqlite3VdbeError(v, "PRAGMA optimize: %s",
                     zErr ? zErr : sqlite3ErrStr(rc));
  }
  sqlite3_free(zErr);
  sqlite3VdbeMemSetInt64(pOut, bDue);
  return rc;
}

static int ccMaintainStep(Vdbe*, int, const char*, Mem*);

/*
** Implement OP_ColumnCopy: P1 is the action (COLUMN_COPY_*), P2 the
** database, P3 the first output register, P4 the table's name (the copy's
** id for COLUMN_COPY_LIST).
*/
static int ccOp(Vdbe *v, VdbeOp *pOp){
  const char *z = pOp->p4.z;
  Mem *aOut = &v->aMem[pOp->p3];
  switch( pOp->p1 ){
    case COLUMN_COPY_BUILD:
      return ccBuild(v, pOp->p2, z, aOut);
    case COLUMN_COPY_DROP: {
      CCBuilder b;
      Table *pTab = sqlite3FindTable(v->db, z, v->db->aDb[pOp->p2].zDbSName);
      i64 iAny = 0;
      int nTrig = 0;
      memset(&b, 0, sizeof(b));
      b.db = v->db;
      b.zDb = v->db->aDb[pOp->p2].zDbSName;
      b.zTab = z;
      if( pTab ) sqlite3CcCopyOf(pTab, &nTrig, &iAny);
      if( iAny ) ccDropCopy(&b, z, iAny);
      if( b.rc ){
        sqlite3VdbeError(v, "PRAGMA column_copy_drop: %s",
                         b.zErr ? b.zErr : sqlite3ErrStr(b.rc));
      }
      sqlite3_free(b.zErr);
      return b.rc;
    }
    case COLUMN_COPY_DUE:
      return ccRefreshDue(v, pOp->p2, z, aOut);
    case COLUMN_COPY_STEP:
      return ccMaintainStep(v, pOp->p2, z, aOut);
    default:
      assert( pOp->p1==COLUMN_COPY_LIST );
      return ccList(v, pOp->p2, z, aOut);
  }
}

/*
** Implement OP_ColumnCopy (ccOp()) without changing what the application
** sees of the connection's change counters.
*/
int sqlite3ColumnCopyOp(Vdbe *v, VdbeOp *pOp){
  /* The nested statements of the work below are the fork's bookkeeping,
  ** not changes of the application's: sqlite3_changes(),
  ** sqlite3_total_changes() and sqlite3_last_insert_rowid() are what
  ** they were, as after upstream's PRAGMAs (issue 56's attack) */
  sqlite3 *db = v->db;
  i64 nChange = db->nChange, nTotal = db->nTotalChange, iRowid = db->lastRowid;
  int rc = ccOp(v, pOp);
  db->nChange = nChange;
  db->nTotalChange = nTotal;
  db->lastRowid = iRowid;
  return rc;
}

/************************************************************************
** The PRAGMAs (code generation)
*/

/*
** Find the table of PRAGMA zName's argument z in schema zDb (any schema,
** as a name in a query finds it, if zDb is NULL): a rowid table that is
** not a shadow table of a copy.  Code an error and return 0 if there is
** none.
*/
static Table *ccPragmaTable(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *z
){
  Table *pTab;
  if( z==0 || z[0]==0 ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: expected a table name", zName);
    return 0;
  }
  pTab = sqlite3LocateTable(pParse, LOCATE_NOERR, z, zDb);
  if( pTab==0 ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: no such table: %s", zName, z);
  }else if( IsView(pTab) ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: %s is a view", zName, z);
    pTab = 0;
  }else if( IsVirtual(pTab) ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: %s is a virtual table", zName, z);
    pTab = 0;
  }else if( !HasRowid(pTab) ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: %s is a WITHOUT ROWID table",
                    zName, z);
    pTab = 0;
  }else if( sqlite3StrNICmp(pTab->zName, CC_PREFIX, CC_PREFIX_LEN)==0
         || sqlite3StrNICmp(pTab->zName, "sqlite_", 7)==0
  ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: %s is an internal table", zName, z);
    pTab = 0;
  }
  return pTab;
}

/*
** Code OP_ColumnCopy for action eAct on pTab with nOut output columns.
*/
static void ccPragmaCode(Parse *pParse, Table *pTab, int eAct, int nOut){
  sqlite3 *db = pParse->db;
  Vdbe *v = sqlite3GetVdbe(pParse);
  int iDb = sqlite3SchemaToIndex(db, pTab->pSchema);
  if( v==0 ) return;
  if( iDb==1 ){
    sqlite3ErrorMsg(pParse, "PRAGMA column_copy: %s is a TEMP table",
                    pTab->zName);
    return;
  }
  if( eAct==COLUMN_COPY_BUILD && ENC(db)!=SQLITE_UTF8 ){
    /* None would be read: sqlite3CcShadowTables() */
    sqlite3ErrorMsg(pParse, "PRAGMA column_copy: column copies need a UTF-8 "
                    "database");
    return;
  }
  sqlite3BeginWriteOperation(pParse, 1, iDb);
  sqlite3MayAbort(pParse);
  /* Shared cache: the DDL writes the schema; the build reads the table */
  sqlite3TableLock(pParse, iDb, SCHEMA_ROOT, 1, LEGACY_SCHEMA_TABLE);
  sqlite3TableLock(pParse, iDb, pTab->tnum, 0, pTab->zName);
  if( pParse->nMem<nOut ) pParse->nMem = nOut;
  sqlite3VdbeAddOp4(v, OP_ColumnCopy, eAct, iDb, 1,
                    sqlite3DbStrDup(db, pTab->zName), P4_DYNAMIC);
  if( nOut ) sqlite3VdbeAddOp2(v, OP_ResultRow, 1, nOut);
}

/*
**   PRAGMA column_copy(TABLE)
**
** Build the copy of TABLE, or refresh it: one row of rows, chunks, bytes,
** seconds.
*/
void sqlite3ColumnCopyPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *z
){
  Table *pTab = ccPragmaTable(pParse, zName, zDb, z);
  if( pTab ){
    ccPragmaCode(pParse, pTab, COLUMN_COPY_BUILD, LIPSQLITE_NCOL_COLUMN_COPY);
  }
}

/*
**   PRAGMA column_copy_drop(TABLE)
**
** Drop the copy of TABLE, if it has one.
*/
void sqlite3ColumnCopyDropPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *z
){
  Table *pTab = ccPragmaTable(pParse, zName, zDb, z);
  if( pTab ) ccPragmaCode(pParse, pTab, COLUMN_COPY_DROP, 0);
}

/*
**   PRAGMA column_copy_list
**
** One row per copy of the main and attached databases (of schema zDb
** only, if given): found at prepare time from the schema (each copy's _dir
** table), read at run time.
*/
void sqlite3ColumnCopyListPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *z
){
  sqlite3 *db = pParse->db;
  Vdbe *v;
  int iDb;
  if( z ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s is read-only", zName);
    return;
  }
  v = sqlite3GetVdbe(pParse);
  if( v==0 ) return;
  if( pParse->nMem<LIPSQLITE_NCOL_COLUMN_COPY_LIST ){
    pParse->nMem = LIPSQLITE_NCOL_COLUMN_COPY_LIST;
  }
  for(iDb=0; iDb<db->nDb; iDb++){
    HashElem *k;
    if( iDb==1 ) continue;
    if( db->aDb[iDb].pBt==0 ) continue;
    if( zDb && sqlite3StrICmp(zDb, db->aDb[iDb].zDbSName)!=0 ) continue;
    sqlite3CodeVerifySchema(pParse, iDb);
    for(k=sqliteHashFirst(&db->aDb[iDb].pSchema->tblHash); k;
        k=sqliteHashNext(k)){
      Table *pTab = (Table*)sqliteHashData(k);
      const char *zT = pTab->zName;
      int n = sqlite3Strlen30(zT);
      if( pTab->pTrigger && IsOrdinaryTable(pTab) ){
        /* Shared cache: the tail and the bytes of a table with a copy */
        sqlite3TableLock(pParse, iDb, pTab->tnum, 0, zT);
      }
      if( sqlite3StrNICmp(zT, CC_PREFIX, CC_PREFIX_LEN)==0 ){
        sqlite3TableLock(pParse, iDb, pTab->tnum, 0, zT);
      }
      if( n>CC_PREFIX_LEN+5
       && sqlite3StrNICmp(zT, CC_PREFIX "_", CC_PREFIX_LEN+1)==0
       && sqlite3StrICmp(&zT[n-4], "_dir")==0
      ){
        char *zId = sqlite3DbStrNDup(db, &zT[CC_PREFIX_LEN+1],
                                     n-CC_PREFIX_LEN-5);
        sqlite3VdbeAddOp4(v, OP_ColumnCopy, COLUMN_COPY_LIST, iDb, 1,
                          zId, P4_DYNAMIC);
        sqlite3VdbeAddOp2(v, OP_ResultRow, 1,
                          LIPSQLITE_NCOL_COLUMN_COPY_LIST);
      }
    }
  }
}

/*
**   PRAGMA column_copy_refresh
**   PRAGMA column_copy_refresh = N
**
** The percentage (1 to 100) of a copy's rows recorded as changed, in
** stale chunks or past its last chunk at which PRAGMA optimize refreshes
** the copy; 0: never.
*/
void sqlite3ColumnCopyRefreshPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  sqlite3ForkIntPragma(pParse, zName, zRight, 0, 100, "percent",
                       &pParse->db->fork.colcopy.nRefresh);
}

/*
** The part of PRAGMA optimize that refreshes column copies, coded after
** upstream's: for every table of database iDbOnly (of every database but
** TEMP if iDbOnly is negative) that has a copy, check at run time whether
** a refresh is due (ccRefreshDue()) and if so run PRAGMA column_copy on it
** through OP_SqlExec, as upstream runs ANALYZE; with bit 0x01 of opMask,
** return the PRAGMA's text as a row instead.  Nothing is coded when PRAGMA
** column_copy_refresh is 0.
*/
void sqlite3ColumnCopyOptimize(Parse *pParse, int iDbOnly, u32 opMask){
  sqlite3 *db = pParse->db;
  Vdbe *v = sqlite3GetVdbe(pParse);
  int iDb, iDbEnd, r;
  if( v==0 || db->fork.colcopy.nRefresh==0 ) return;
  r = ++pParse->nMem;
  iDb = iDbOnly<0 ? 0 : iDbOnly;
  iDbEnd = iDbOnly<0 ? db->nDb : iDbOnly+1;
  for(; iDb<iDbEnd; iDb++){
    HashElem *k;
    if( iDb==1 ) continue;
    /* A read-only file or connection: a refresh would fail where stock
    ** SQLite's PRAGMA optimize succeeds; its copies are read where they
    ** are current and the B-tree answers elsewhere */
    testcase( (db->flags & SQLITE_QueryOnly)!=0 );
    if( (db->flags & SQLITE_QueryOnly)!=0
     || db->aDb[iDb].pBt==0
     || sqlite3BtreeIsReadonly(db->aDb[iDb].pBt)
    ){
      continue;
    }
    sqlite3CodeVerifySchema(pParse, iDb);
    for(k=sqliteHashFirst(&db->aDb[iDb].pSchema->tblHash); k;
        k=sqliteHashNext(k)){
      Table *pTab = (Table*)sqliteHashData(k);
      i64 iAny = 0;
      char *zSql;
      int addr;
      if( !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) continue;
      if( sqlite3StrNICmp(pTab->zName, CC_PREFIX, CC_PREFIX_LEN)==0 ) continue;
      sqlite3CcCopyOf(pTab, 0, &iAny);
      if( iAny==0 ) continue;
      sqlite3VdbeAddOp4(v, OP_ColumnCopy, COLUMN_COPY_DUE, iDb, r,
                        sqlite3DbStrDup(db, pTab->zName), P4_DYNAMIC);
      addr = sqlite3VdbeAddOp1(v, OP_IfNot, r);
      VdbeCoverage(v);
      zSql = sqlite3MPrintf(db, "PRAGMA \"%w\".column_copy(\"%w\")",
                            db->aDb[iDb].zDbSName, pTab->zName);
      if( opMask & 0x01 ){
        sqlite3VdbeAddOp4(v, OP_String8, 0, r, 0, zSql, P4_DYNAMIC);
        sqlite3VdbeAddOp2(v, OP_ResultRow, r, 1);
      }else{
        sqlite3VdbeAddOp4(v, OP_SqlExec, 0, 0, 0, zSql, P4_DYNAMIC);
      }
      sqlite3VdbeJumpHere(v, addr);
    }
  }
}

/*
** Called by the DDL of schema iDb that changes its schema cookie: by
** CREATE TABLE, CREATE VIEW, CREATE INDEX, CREATE TRIGGER, DROP INDEX,
** DROP VIEW, DROP TRIGGER and DROP TABLE, none of which changes a row of
** a table (ALTER TABLE, whose DROP COLUMN rewrites rows, and VACUUM,
** which renumbers them, do not call this).  It is coded before any
** OP_Destroy of the statement, which in an auto-vacuum file may move the
** root page of lipsqlite_column_copy.  Code the update that gives
** the new schema cookie to every copy of schema iDb whose row records the
** old one, but for the copy of table zTab if zTab is not NULL: the table
** a DROP TABLE drops or whose copy's trigger a DROP TRIGGER drops.
**
** A copy read at the old cookie equals its rows; this statement changes
** none, and it writes the copy's row in the same transaction as the new
** cookie, so both are undone together.  A copy whose row records another
** cookie stays unread: this never makes one current.  Without this, any
** DDL would leave every copy of the schema unread until PRAGMA
** column_copy or PRAGMA optimize checked it again (sqlite3CcLoadDir()).
*/
void sqlite3ColumnCopyCarry(Parse *pParse, int iDb, const char *zTab){
  sqlite3 *db = pParse->db;
  const char *zDb = db->aDb[iDb].zDbSName;
  u32 iOld, iNew;
#ifndef SQLITE_OMIT_AUTHORIZATION
  sqlite3_xauth xAuth = db->xAuth;
#endif
  if( iDb==1 || pParse->nErr ) return;
  if( sqlite3FindTable(db, CC_PREFIX, zDb)==0 ) return;
  /* The value sqlite3ChangeCookie() codes */
  iOld = (u32)db->aDb[iDb].pSchema->schema_cookie;
  iNew = iOld + 1;
#ifndef SQLITE_OMIT_AUTHORIZATION
  /* The fork's own bookkeeping: not an UPDATE the application wrote */
  db->xAuth = 0;
#endif
  if( zTab ){
    sqlite3NestedParse(pParse,
        "UPDATE %Q." CC_PREFIX " SET cookie=%lld"
        " WHERE cookie=%lld AND tbl<>%Q COLLATE NOCASE",
        zDb, (i64)iNew, (i64)iOld, zTab);
  }else{
    sqlite3NestedParse(pParse,
        "UPDATE %Q." CC_PREFIX " SET cookie=%lld WHERE cookie=%lld",
        zDb, (i64)iNew, (i64)iOld);
  }
#ifndef SQLITE_OMIT_AUTHORIZATION
  db->xAuth = xAuth;
#endif
}

/*
** Called by CREATE INDEX and DROP INDEX of index pIdx of schema iDb:
** sqlite3ColumnCopyCarry(), but a UNIQUE index takes its table's copy out
** of it.  Through a UNIQUE index a REPLACE deletes rows without a DELETE
** trigger (recursive_triggers is off by default), which the copy sees
** only by triggers of its own for each such index (ccSig()): from the
** CREATE of one to its DROP, the copy of the table may miss deletes.
*/
void sqlite3ColumnCopyCarryIndex(Parse *pParse, int iDb, Index *pIdx){
  testcase( IsUniqueIndex(pIdx) );
  sqlite3ColumnCopyCarry(pParse, iDb,
                         IsUniqueIndex(pIdx) ? pIdx->pTable->zName : 0);
}

/*
** Called by DROP TRIGGER (not by DROP TABLE, which drops the triggers of
** its table) of trigger zName on table zTab of schema iDb:
** sqlite3ColumnCopyCarry(), but a trigger of a copy takes its table's copy
** out of it.
*/
void sqlite3ColumnCopyCarryTrigger(
  Parse *pParse,
  int iDb,
  const char *zName,
  const char *zTab
){
  int bCopy = sqlite3StrNICmp(zName, CC_PREFIX, CC_PREFIX_LEN)==0;
  sqlite3ColumnCopyCarry(pParse, iDb, bCopy ? zTab : 0);
}

/************************************************************************
** The triggers, coded by the fork
*/

/*
** Called by sqlite3CodeRowTriggerDirect() before it codes the OP_Program
** of trigger p on pTab, whose OLD.rowid is register reg and NEW.rowid
** register reg+pTab->nCol+1.  A copy's AFTER INSERT and AFTER DELETE
** triggers have the WHEN clause "new.R<=HI" ("old.R<=HI"), R the rowid:
** for such a trigger, code a jump over the OP_Program when the rowid is
** above HI (a row of the tail: the trigger would do nothing), so that an
** append does not start the trigger's program for each row.  Return the
** address of that jump, or 0 if the trigger is not of that form (then
** its program tests its WHEN itself, as for every trigger).
*/
int sqlite3ColumnCopyTriggerSkip(Parse *pParse, Trigger *p, Table *pTab,
                                 int reg){
  Expr *pW = p->pWhen, *pL, *pR;
  const char *zSide, *zCol;
  i64 iHi = 0;
  int regHi, regRowid, bNeg = 0;
  Vdbe *v = pParse->pVdbe;
  if( pW==0 || p->zName==0 || v==0 ) return 0;
  if( sqlite3StrNICmp(p->zName, CC_PREFIX "_", CC_PREFIX_LEN+1)!=0 ) return 0;
  if( p->tr_tm!=TRIGGER_AFTER ) return 0;
  if( p->op==TK_INSERT ){
    zSide = "new";
    regRowid = reg + pTab->nCol + 1;
  }else if( p->op==TK_DELETE ){
    zSide = "old";
    regRowid = reg;
  }else{
    return 0;
  }
  if( pW->op!=TK_LE ) return 0;
  pL = pW->pLeft;
  pR = pW->pRight;
  if( pL==0 || pL->op!=TK_DOT || pL->pLeft==0 || pL->pRight==0
   || pL->pLeft->op!=TK_ID || pL->pRight->op!=TK_ID
   || sqlite3StrICmp(pL->pLeft->u.zToken, zSide)!=0
  ){
    return 0;
  }
  zCol = pL->pRight->u.zToken;
  if( pTab->iPKey>=0 ){
    if( sqlite3StrICmp(zCol, pTab->aCol[pTab->iPKey].zCnName)!=0 ) return 0;
  }else if( !sqlite3IsRowid(zCol) || sqlite3ColumnIndex(pTab, zCol)>=0 ){
    return 0;
  }
  if( pR && pR->op==TK_UMINUS ){
    bNeg = 1;
    pR = pR->pLeft;
  }
  if( pR==0 || pR->op!=TK_INTEGER ) return 0;
  if( ExprHasProperty(pR, EP_IntValue) ){
    iHi = bNeg ? -(i64)pR->u.iValue : pR->u.iValue;
  }else switch( sqlite3DecOrHexToI64(pR->u.zToken, &iHi) ){
    case 0: if( bNeg ) iHi = -iHi; break;
    case 2: if( bNeg ){ iHi = SMALLEST_INT64; break; }  /* -2^63 */
            return 0;
    default: return 0;
  }
  regHi = ++pParse->nMem;
  sqlite3ForkAddInt64(v, regHi, iHi);
  return sqlite3VdbeAddOp3(v, OP_Gt, regHi, 0, regRowid);
}

/*
** Called by sqlite3Insert() for an INSERT ... SELECT into a table with
** the row triggers pList, which would make it run the SELECT into a
** temporary table first, in case a trigger writes a table the SELECT
** reads.  Return true if every trigger of pList is a copy's AFTER
** trigger, all of whose steps insert into a _changed table of database
** iDb that the SELECT's code, coded so far, does not read: the SELECT
** then runs row by row.  (sqlite3Insert() codes BEFORE triggers of an INSERT ...
** SELECT only from the temporary table.)
*/
int sqlite3ColumnCopyTriggersOnly(Parse *pParse, Trigger *pList, int iDb){
  sqlite3 *db = pParse->db;
  Vdbe *v = pParse->pVdbe;
  Trigger *p;
  if( v==0 ) return 0;
  for(p=pList; p; p=p->pNext){
    TriggerStep *pStep;
    if( p->zName==0
     || sqlite3StrNICmp(p->zName, CC_PREFIX "_", CC_PREFIX_LEN+1)!=0
     || p->step_list==0
     || p->tr_tm!=TRIGGER_AFTER   /* BEFORE triggers need the temp table */
    ){
      return 0;
    }
    for(pStep=p->step_list; pStep; pStep=pStep->pNext){
      Table *pChanged;
      const char *zT;
      int n, i;
      if( pStep->op!=TK_INSERT || pStep->pSrc==0 || pStep->pSrc->nSrc!=1 ){
        return 0;
      }
      zT = pStep->pSrc->a[0].zName;
      n = zT ? sqlite3Strlen30(zT) : 0;
      if( n<CC_PREFIX_LEN+9
       || sqlite3StrNICmp(zT, CC_PREFIX "_", CC_PREFIX_LEN+1)!=0
       || sqlite3StrICmp(&zT[n-8], "_changed")!=0
      ){
        return 0;
      }
      pChanged = sqlite3FindTable(db, zT, db->aDb[iDb].zDbSName);
      if( pChanged==0 ) return 0;
      for(i=1; i<sqlite3VdbeCurrentAddr(v); i++){
        VdbeOp *pOp = sqlite3VdbeGetOp(v, i);
        if( pOp->opcode==OP_OpenRead && pOp->p2==(int)pChanged->tnum ){
          return 0;
        }
      }
    }
  }
  return 1;
}

/************************************************************************
** Maintenance in small steps (PRAGMA column_copy_maintain)
*/

/*
** One maintenance step on the copy of table zTab of database iDb, if one
** is due: rebuild the chunk with the most rows recorded as changed, if it
** has any (PRAGMA column_copy_maintain run by the application) or, for a
** step the connection takes itself (sqlite3ColumnCopyAfterStep()), if it
** has an eighth of its rows changed (CC_STEP_FRACTION: about where its
** seeks cost what a B-tree scan of the chunk costs); else, if the tail
** holds CC_CHUNK_ROWS rows, make its first CC_CHUNK_ROWS rows a chunk
** (new triggers with the new bound).  Set aOut[0..4] to table, action ('chunk' or 'tail'), the
** chunk's first rowid, its rows and seconds, and aOut[5] to 1 if a step
** was taken, else 0.  A copy that is not current is left to PRAGMA
** column_copy and PRAGMA optimize, which build it anew.
**
** The step runs in the statement's write transaction: an autocommit
** PRAGMA column_copy_maintain is one short transaction per step.  Its writes are those of a refresh, so a kill or
** a power cut leaves the copy and its table those of one commit.
*/
static int ccMaintainStep(Vdbe *v, int iDb, const char *zTab, Mem *aOut){
  sqlite3 *db = v->db;
  CCBuilder b;
  Table *pTab;
  i64 iId, iAny = 0, iBest = -1, nBest = 0;
  i64 t0 = 0, t1 = 0;
  int nDir = 0, i, bStamped, nBuilt = 0;
  CCDirRow *aDir = 0;
  sqlite3_stmt *pStmt = 0;
  BtCursor *pCur = 0;
  u32 iCookie0 = sqlite3CcCookie(db, iDb);
  const char *zAction = 0;
  i64 iChunkLo = 0, nRows = 0;

  memset(&b, 0, sizeof(b));
  b.db = db;
  b.zDb = db->aDb[iDb].zDbSName;
  b.zTab = zTab;
  sqlite3VdbeMemSetInt64(&aOut[5], 0);
  sqlite3OsCurrentTimeInt64(db->pVfs, &t0);
  pTab = sqlite3FindTable(db, zTab, b.zDb);
  if( pTab==0 || !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) return SQLITE_OK;
  iId = sqlite3CcCopyOf(pTab, 0, &iAny);
  if( iId==0 ) return SQLITE_OK;
  bStamped = ccStamped(db, b.zDb, &b.rc, &b.zErr);
  if( b.rc==SQLITE_OK && ccUntrusted(db, b.zDb, iDb, iId, bStamped,
                                     &b.rc, &b.zErr) ){
    goto step_done;
  }

  /* The directory, and the changed rows of each chunk.  A stale chunk is
  ** PRAGMA optimize's: its range may not fit a chunk */
  b.iId = iId;
  ccDirRead(&b, &aDir, &nDir);
  if( b.rc || nDir==0 ) goto step_done;
  pStmt = ccPrepare(db, &b.rc, &b.zErr,
      "SELECT count(*) FROM \"%w\"." CC_PREFIX "_%lld_changed"
      " WHERE r BETWEEN ?1 AND ?2", b.zDb, iId);
  for(i=0; i<nDir && b.rc==SQLITE_OK; i++){
    i64 n = 0;
    if( aDir[i].bStale ) continue;
    sqlite3_bind_int64(pStmt, 1, aDir[i].lo);
    sqlite3_bind_int64(pStmt, 2, i+1<nDir ? aDir[i+1].lo-1 : aDir[i].hi);
    if( ccStep(db, pStmt, &b.rc, &b.zErr)==SQLITE_ROW ){
      n = sqlite3_column_int64(pStmt, 0);
    }
    sqlite3_reset(pStmt);
    if( n>nBest ){ nBest = n; iBest = i; }
  }
  sqlite3_finalize(pStmt);
  pStmt = 0;
  if( b.rc ) goto step_done;

  pTab = sqlite3FindTable(db, zTab, b.zDb);   /* Nested SQL ran */
  if( pTab==0 ){ b.rc = SQLITE_SCHEMA; goto step_done; }
  b.pTab = pTab;
  b.iId = iId;
  if( iBest>=0 && (!db->fork.colcopy.bInStep
                   || nBest*CC_STEP_FRACTION>=aDir[iBest].nRow) ){
    /* Rebuild the chunk with the most changed rows in place */
    i64 iTo = iBest+1<nDir ? aDir[iBest+1].lo-1 : aDir[iBest].hi;
    i64 iLast = aDir[iBest].hi;
    int n = 0;
    ccBuilderStart(&b, "REPLACE");
    if( b.rc==SQLITE_OK ) b.rc = sqlite3CcCursorOpen(db, iDb, pTab->tnum, &pCur);
    ccBuildRange(&b, pCur, aDir[iBest].lo, iTo, 1, aDir[iBest].k,
                 aDir[iBest].lo, &n, &iLast);
    if( iBest+1==nDir ){
      /* The last chunk keeps covering up to the triggers' bound */
      ccExec(db, &b.rc, &b.zErr, "UPDATE \"%w\"." CC_PREFIX "_%lld_dir"
             " SET hi=%lld WHERE lo=%lld", b.zDb, iId, aDir[iBest].hi,
             aDir[iBest].lo);
    }
    ccExec(db, &b.rc, &b.zErr, "DELETE FROM \"%w\"." CC_PREFIX "_%lld_changed"
           " WHERE r BETWEEN %lld AND %lld", b.zDb, iId, aDir[iBest].lo, iTo);
    zAction = "chunk";
    iChunkLo = aDir[iBest].lo;
    nRows = nBest;
    nBuilt = n;
  }else{
    /* The tail: its first CC_CHUNK_ROWS rows, if it has that many */
    i64 iHi = aDir[nDir-1].hi, iTo = 0, kMax = -1, n = 0;
    int res = 0;
    b.rc = sqlite3CcCursorOpen(db, iDb, pTab->tnum, &pCur);
    if( b.rc==SQLITE_OK && iHi<LARGEST_INT64 ){
      b.rc = sqlite3BtreeTableMoveto(pCur, iHi+1, 0, &res);
      if( b.rc==SQLITE_OK && !sqlite3BtreeEof(pCur) && res<0 ){
        b.rc = sqlite3BtreeNext(pCur, 0);
      }
      while( b.rc==SQLITE_OK && !sqlite3BtreeEof(pCur) && n<CC_CHUNK_ROWS ){
        iTo = sqlite3BtreeIntegerKey(pCur);
        n++;
        b.rc = sqlite3BtreeNext(pCur, 0);
      }
      if( b.rc==SQLITE_DONE ) b.rc = SQLITE_OK;
    }
    for(i=0; i<nDir; i++){
      if( aDir[i].k>kMax ) kMax = aDir[i].k;
    }
    if( b.rc==SQLITE_OK && n==CC_CHUNK_ROWS && kMax+1<CC_K_MAX ){
      i64 iLast = iHi;
      int nChunk = 0;
      ccBuilderStart(&b, "REPLACE");
      ccBuildRange(&b, pCur, iHi+1, iTo, 0, kMax+1, iHi+1, &nChunk, &iLast);
      sqlite3CcCursorClose(pCur);
      pCur = 0;
      ccExec(db, &b.rc, &b.zErr, "DELETE FROM \"%w\"." CC_PREFIX "_%lld_changed"
             " WHERE r BETWEEN %lld AND %lld", b.zDb, iId, iHi+1, iLast);
      if( b.rc==SQLITE_OK ){
        /* The chunks now reach further: new triggers, and the new schema
        ** cookie for the copies that were current (this DDL changed no
        ** row), as a build does */
        ccDropCopy(&b, zTab, 0);
        b.pTab = pTab = sqlite3FindTable(db, zTab, b.zDb);
        if( pTab==0 && b.rc==SQLITE_OK ) b.rc = SQLITE_SCHEMA;
        if( pTab ) ccCreateTriggers(&b, iLast);
        ccExec(db, &b.rc, &b.zErr,
            "UPDATE \"%w\"." CC_PREFIX " SET cookie=%u WHERE cookie=%u",
            b.zDb, sqlite3CcCookie(db, iDb), iCookie0);
      }
      zAction = "tail";
      iChunkLo = iHi+1;
      nRows = CC_CHUNK_ROWS;
      nBuilt = nChunk;
    }
  }
  if( zAction && b.rc==SQLITE_OK ){
    ccExec(db, &b.rc, &b.zErr,
        "UPDATE \"%w\"." CC_PREFIX " SET rows=(SELECT coalesce(sum(nrow),0)"
        " FROM \"%w\"." CC_PREFIX "_%lld_dir WHERE NOT stale) WHERE id=%lld",
        b.zDb, b.zDb, iId, iId);
  }

step_done:
  sqlite3CcCursorClose(pCur);
  sqlite3_finalize(pStmt);
  sqlite3_free(aDir);
  if( ccBuilderEnd(v, &b, "column_copy_maintain") ) return b.rc;
  if( zAction ){
    (void)nBuilt;
    sqlite3OsCurrentTimeInt64(db->pVfs, &t1);
    sqlite3VdbeMemSetStr(&aOut[0], zTab, -1, SQLITE_UTF8, SQLITE_TRANSIENT);
    sqlite3VdbeMemSetStr(&aOut[1], zAction, -1, SQLITE_UTF8, SQLITE_STATIC);
    sqlite3VdbeMemSetInt64(&aOut[2], iChunkLo);
    sqlite3VdbeMemSetInt64(&aOut[3], nRows);
    sqlite3VdbeMemSetDouble(&aOut[4], (t1-t0)/1000.0);
    sqlite3VdbeMemSetInt64(&aOut[5], 1);
  }
  return SQLITE_OK;
}

/*
**   PRAGMA column_copy_step
**   PRAGMA column_copy_step = N
**
** After every N rows this connection changes, the next statement to end
** outside a transaction takes one maintenance step if one is due
** (ccMaintainStep()); 0: never.
*/
void sqlite3ColumnCopyStepPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  sqlite3ForkIntPragma(pParse, zName, zRight, 0, 1000000000, "rows",
                       &pParse->db->fork.colcopy.nStep);
}

/*
**   PRAGMA [schema.]column_copy_maintain
**
** One maintenance step: on the first copy (of the schema, or of every
** schema but TEMP) that has one due (ccMaintainStep()), and a row saying
** what it did; no row if none was due.
*/
void sqlite3ColumnCopyMaintainPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *z
){
  sqlite3 *db = pParse->db;
  Vdbe *v;
  int iDb, r, addrEnd;
  if( z ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s takes no value", zName);
    return;
  }
  v = sqlite3GetVdbe(pParse);
  if( v==0 ) return;
  r = pParse->nMem+1;
  pParse->nMem += LIPSQLITE_NCOL_COLUMN_COPY_MAINTAIN+1;
  addrEnd = sqlite3VdbeMakeLabel(pParse);
  for(iDb=0; iDb<db->nDb; iDb++){
    HashElem *k;
    if( iDb==1 || db->aDb[iDb].pBt==0 ) continue;
    if( zDb && sqlite3StrICmp(zDb, db->aDb[iDb].zDbSName)!=0 ) continue;
    if( sqlite3FindTable(db, CC_PREFIX, db->aDb[iDb].zDbSName)==0 ) continue;
    /* A write transaction from the start: the step's statements then run
    ** in it, and it commits them together at the end of this statement
    ** (in a read transaction, each would commit on its own) */
    sqlite3BeginWriteOperation(pParse, 0, iDb);
    sqlite3MayAbort(pParse);
    for(k=sqliteHashFirst(&db->aDb[iDb].pSchema->tblHash); k;
        k=sqliteHashNext(k)){
      Table *pTab = (Table*)sqliteHashData(k);
      i64 iAny = 0;
      if( !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) continue;
      if( sqlite3StrNICmp(pTab->zName, CC_PREFIX, CC_PREFIX_LEN)==0 ) continue;
      sqlite3CcCopyOf(pTab, 0, &iAny);
      if( iAny==0 ) continue;
      sqlite3VdbeAddOp4(v, OP_ColumnCopy, COLUMN_COPY_STEP, iDb, r,
                        sqlite3DbStrDup(db, pTab->zName), P4_DYNAMIC);
      sqlite3VdbeAddOp2(v, OP_IfNot, r+LIPSQLITE_NCOL_COLUMN_COPY_MAINTAIN,
                        sqlite3VdbeCurrentAddr(v)+3);
      VdbeCoverage(v);
      sqlite3VdbeAddOp2(v, OP_ResultRow, r, LIPSQLITE_NCOL_COLUMN_COPY_MAINTAIN);
      sqlite3VdbeGoto(v, addrEnd);
    }
  }
  sqlite3VdbeResolveLabel(v, addrEnd);
}

/*
** Called by sqlite3_step() when a statement of db ran to its end.  If the
** connection is outside any transaction and statement (the statement
** committed, or read), has changed PRAGMA column_copy_step rows since the
** last check, and a schema has copies, take one maintenance step
** (PRAGMA column_copy_maintain) in a transaction of its own.  The step
** does not wait for a busy database (the busy handler is off meanwhile):
** it is tried again after the next column_copy_step rows, and nothing is
** lost, the changed rows staying recorded.  What the application sees of
** the connection is kept: sqlite3_changes(), sqlite3_total_changes(),
** sqlite3_last_insert_rowid(), the error code and message; an error of
** the step is not reported (the copy stays exact, only slower).
*/
void sqlite3ColumnCopyAfterStep(sqlite3 *db){
  ColumnCopyConn *pC = &db->fork.colcopy;
  i64 nChange, nTotal, iRowid;
  int errCode, iDb, bAny = 0;
  BusyHandler busy;
#ifndef SQLITE_OMIT_AUTHORIZATION
  sqlite3_xauth xAuth;
#endif
  if( pC->nStep==0 || pC->bInStep ) return;
  if( !db->autoCommit || db->nVdbeActive>0 ) return;
  if( db->nTotalChange - pC->nStepMark < pC->nStep ) return;
  pC->nStepMark = db->nTotalChange;
  if( (db->flags & SQLITE_QueryOnly)!=0 ) return;
  for(iDb=0; iDb<db->nDb && !bAny; iDb++){
    if( iDb==1 || db->aDb[iDb].pBt==0 ) continue;
    if( sqlite3BtreeIsReadonly(db->aDb[iDb].pBt) ) continue;
    if( sqlite3FindTable(db, CC_PREFIX, db->aDb[iDb].zDbSName) ) bAny = 1;
  }
  if( !bAny ) return;
  nChange = db->nChange;
  nTotal = db->nTotalChange;
  iRowid = db->lastRowid;
  errCode = db->errCode;
  busy = db->busyHandler;
  db->busyHandler.xBusyHandler = 0;
#ifndef SQLITE_OMIT_AUTHORIZATION
  xAuth = db->xAuth;
  db->xAuth = 0;              /* The fork's own bookkeeping */
#endif
  pC->bInStep = 1;
  sqlite3_exec(db, "PRAGMA column_copy_maintain", 0, 0, 0);
  pC->bInStep = 0;
#ifndef SQLITE_OMIT_AUTHORIZATION
  db->xAuth = xAuth;
#endif
  db->busyHandler = busy;
  db->nChange = nChange;
  db->nTotalChange = nTotal;
  db->lastRowid = iRowid;
  db->errCode = errCode;
  if( db->pErr ) sqlite3ValueSetNull(db->pErr);
}

/************************************************************************
** Incremental BLOB I/O
*/

/*
** Called by sqlite3_blob_write(), holding the connection's mutex, before
** it writes through cursor pCsr to a row of pTab in schema zDb: if pTab
** has a copy, record the row's rowid as changed in the blob handle's
** transaction.  Return an SQLite error code (the write must not happen).
*/
int sqlite3ColumnCopyBlobWrite(sqlite3 *db, Table *pTab, const char *zDb,
                               BtCursor *pCsr){
  Trigger *pTrig;
  i64 iId = 0, iRow;
  int rc = SQLITE_OK;
  char *zErr = 0;
  for(pTrig=pTab->pTrigger; pTrig && iId==0; pTrig=pTrig->pNext){
    const char *z = pTrig->zName;
    if( sqlite3StrNICmp(z, CC_PREFIX "_", CC_PREFIX_LEN+1)==0 ){
      z += CC_PREFIX_LEN+1;
      while( sqlite3Isdigit(*z) && iId<((i64)1<<40) ){
        iId = iId*10 + (*z - '0');
        z++;
      }
    }
  }
  if( iId==0 ) return SQLITE_OK;
  sqlite3BtreeEnterCursor(pCsr);
  if( !sqlite3BtreeCursorIsValidNN(pCsr) ){
    int bDiff = 0;
    rc = sqlite3BtreeCursorRestore(pCsr, &bDiff);
  }
  if( rc || !sqlite3BtreeCursorIsValidNN(pCsr) ){
    /* The write fails on its own: the row is gone */
    sqlite3BtreeLeaveCursor(pCsr);
    return SQLITE_OK;
  }
  iRow = sqlite3BtreeIntegerKey(pCsr);
  sqlite3BtreeLeaveCursor(pCsr);
  ccExec(db, &rc, &zErr,
      "INSERT OR IGNORE INTO \"%w\"." CC_PREFIX "_%lld_changed(r) "
      "VALUES(%lld)", zDb, iId, iRow);
  if( rc ) sqlite3ErrorWithMsg(db, rc, "%s", zErr ? zErr : sqlite3ErrStr(rc));
  sqlite3_free(zErr);
  return rc;
}
