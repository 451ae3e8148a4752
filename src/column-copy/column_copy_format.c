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
** Column copies, formats: the encodings of a column chunk, comparisons
** of its values, and the records of the base and shadow tables.  The
** design is in doc/column-copy.md.
*/
#include "column_copy_int.h"

/************************************************************************
** Little-endian integers and bit-packing
*/
static void ccPut32(u8 *a, u32 v){
  a[0] = (u8)v; a[1] = (u8)(v>>8); a[2] = (u8)(v>>16); a[3] = (u8)(v>>24);
}
static u32 ccGet32(const u8 *a){
  return (u32)a[0] | ((u32)a[1]<<8) | ((u32)a[2]<<16) | ((u32)a[3]<<24);
}
static void ccPut64(u8 *a, u64 v){
  ccPut32(a, (u32)v);
  ccPut32(a+4, (u32)(v>>32));
}
static u64 ccGet64(const u8 *a){
  return (u64)ccGet32(a) | ((u64)ccGet32(a+4)<<32);
}

/*
** The 8 bytes at p as a little-endian integer, in one load where the
** machine is little-endian.
*/
u64 sqlite3CcLoad64(const u8 *p){
#if SQLITE_BYTEORDER==1234
  u64 x;
  memcpy(&x, p, 8);
  return x;
#else
  return ccGet64(p);
#endif
}

/*
** Bits needed to hold v.
*/
static int ccWidth(u64 v){
  int n = 0;
  while( v ){ n++; v >>= 1; }
  return n;
}

/*
** Store x at p[0..7], little-endian.
*/
static void ccStore64(u8 *p, u64 x){
#if SQLITE_BYTEORDER==1234
  memcpy(p, &x, 8);
#else
  ccPut64(p, x);
#endif
}

/*
** OR v, which has no bits set above its nWidth low bits, into the bit
** array a[] at bit iBit.  a[] is zeroed and has CC_PAD bytes past its
** last value.
*/
static void ccPackPut(u8 *a, u64 iBit, int nWidth, u64 v){
  u8 *p = &a[iBit>>3];
  int sh = (int)(iBit & 7);
  int i;
  assert( nWidth>0 && nWidth<=64 );
  assert( nWidth==64 || (v>>nWidth)==0 );
  if( nWidth<=56 ){
    /* Its bits end within the 8 bytes at p */
    ccStore64(p, sqlite3CcLoad64(p) | (v<<sh));
    return;
  }
  for(i=0; i*8<nWidth+sh && i<8; i++){
    p[i] |= (u8)((v<<sh)>>(8*i));
  }
  if( sh && nWidth+sh>64 ) p[8] |= (u8)(v>>(64-sh));
}

/*
** The nWidth-bit value at bit iBit of a[].
*/
static u64 ccPackGet(const u8 *a, u64 iBit, int nWidth){
  const u8 *p = &a[iBit>>3];
  int sh = (int)(iBit & 7);
  u64 x;
  if( nWidth==0 ) return 0;
  x = ccGet64(p) >> sh;
  if( sh && nWidth+sh>64 ) x |= (u64)p[8]<<(64-sh);
  return nWidth==64 ? x : (x & CC_MASK(nWidth));
}

/************************************************************************
** Comparisons, as sqlite3MemCompare() orders values of one class
*/

/*
** Compare two numbers (SQLITE_INTEGER or SQLITE_FLOAT) exactly.  Inlined:
** the scans' terms and the batch path call it for every row.
*/
SQLITE_INLINE int sqlite3CcNumCmp(const CCVal *a, const CCVal *b){
  if( a->eType==SQLITE_INTEGER ){
    if( b->eType==SQLITE_INTEGER ){
      return a->u.i<b->u.i ? -1 : a->u.i>b->u.i;
    }
    return sqlite3IntFloatCompare(a->u.i, b->u.r);
  }
  if( b->eType==SQLITE_INTEGER ){
    return -sqlite3IntFloatCompare(b->u.i, a->u.r);
  }
  return a->u.r<b->u.r ? -1 : a->u.r>b->u.r;
}

/*
** Compare value v with value c as sqlite3MemCompare() would, where the
** vectors decide it without a collation: two numbers (an integer and a
** real exactly), two blobs, or two texts if bBinary (BINARY collation).
** Return -1, 0 or 1 if v is less than, equal to or greater than c, or
** COLUMN_COPY_CMP_UNKNOWN otherwise (the classes differ, a NULL, texts
** under another collation): the caller then decides, or leaves it to the
** VDBE.  Used by the scans' WHERE terms and by consumers of the vectors
** (column_copy.h), for every row: inlined.
*/
SQLITE_INLINE int sqlite3ColumnCopyCompare(
  const CCVal *v,
  const CCVal *c,
  int bBinary
){
  int isNumV = v->eType==SQLITE_INTEGER || v->eType==SQLITE_FLOAT;
  int isNumC = c->eType==SQLITE_INTEGER || c->eType==SQLITE_FLOAT;
  if( isNumV && isNumC ) return sqlite3CcNumCmp(v, c);
  if( v->eType==c->eType
   && (v->eType==SQLITE_BLOB || (v->eType==SQLITE_TEXT && bBinary))
  ){
    int n = v->n<c->n ? v->n : c->n;
    int r = n ? memcmp(v->u.z, c->u.z, n) : 0;
    if( r==0 ) r = v->n - c->n;
    return r<0 ? -1 : r>0;
  }
  return COLUMN_COPY_CMP_UNKNOWN;
}

/*
** True if the row with value v in the term's column may satisfy the term.
** False only if it cannot, under SQLite's rules.
*/
int sqlite3CcTermMay(const CCTerm *t, const CCVal *v){
  int i, r;
  switch( t->op ){
    case TK_ISNULL:  return v->eType==SQLITE_NULL;
    case TK_NOTNULL: return v->eType!=SQLITE_NULL;
  }
  if( v->eType==SQLITE_NULL ) return 0;
  if( t->bOff ) return 1;
  if( t->op==TK_LIKE_KW ){
    /* like() reads a number or a BLOB as a text: the loop decides */
    if( v->eType!=SQLITE_TEXT ) return 1;
    return sqlite3CcMatch(t->pMatch, v->u.z, v->n) ^ t->bNot;
  }
  for(i=0; i<t->nConst; i++){
    r = sqlite3ColumnCopyCompare(v, &t->aConst[i], t->bBinary);
    if( r==COLUMN_COPY_CMP_UNKNOWN ) return 1;
    switch( t->op ){
      case TK_IN:
      case TK_EQ: if( r==0 ) return 1; break;
      case TK_LT: return r<0;
      case TK_LE: return r<=0;
      case TK_GT: return r>0;
      default:    assert( t->op==TK_GE ); return r>=0;
    }
  }
  return 0;
}

/************************************************************************
** Records: the rows of the base table and of the shadow tables
*/

/*
** Parse the record a[0..n-1] and set aOut[0..nOut-1] to its first nOut
** fields (text and blob values point into a[]); fields past the record's
** end are left as they are.  Return the number of fields parsed, or -1 if
** the record is malformed.
*/
int sqlite3CcRecord(const u8 *a, u32 n, Mem *aOut, int nOut){
  u32 szHdr, iHdr, iBody, t, len;
  int i = 0;
  if( n==0 ) return 0;
  iHdr = getVarint32(a, szHdr);
  if( szHdr>n || szHdr<iHdr ) return -1;
  iBody = szHdr;
  while( iHdr<szHdr && i<nOut ){
    iHdr += getVarint32(&a[iHdr], t);
    len = sqlite3VdbeSerialTypeLen(t);
    if( iHdr>szHdr || len>n-iBody ) return -1;
    if( t>=12 ){
      aOut[i].z = (char*)&a[iBody];
      aOut[i].n = (int)len;
      aOut[i].flags = (t & 1) ? (MEM_Str|MEM_Static) : (MEM_Blob|MEM_Static);
    }else if( t==10 || t==11 ){
      return -1;
    }else{
      sqlite3VdbeSerialGet(&a[iBody], t, &aOut[i]);
    }
    iBody += len;
    i++;
  }
  return i;
}

/*
** Make *ppBuf (of *pnAlloc bytes) hold the whole payload of the row at
** pCur; set *pn to its size.  Return an SQLite error code.
*/
int sqlite3CcPayload(BtCursor *pCur, u8 **ppBuf, u32 *pnAlloc, u32 *pn){
  u32 n = sqlite3BtreePayloadSize(pCur);
  if( n+CC_PAD>*pnAlloc ){
    u8 *aNew = sqlite3_realloc64(*ppBuf, (u64)n+CC_PAD);
    if( aNew==0 ) return SQLITE_NOMEM_BKPT;
    *ppBuf = aNew;
    *pnAlloc = n+CC_PAD;
  }
  *pn = n;
  memset(&(*ppBuf)[n], 0, CC_PAD);
  return n ? sqlite3BtreePayload(pCur, 0, n, *ppBuf) : SQLITE_OK;
}

/*
** Open a read cursor on table iRoot (a root page) of database iDb, read
** locked first if the database is in shared-cache mode, as OP_TableLock
** locks the tables a statement reads (SQLITE_LOCKED_SHAREDCACHE if
** another connection writes it).  As OP_TableLock, take no read lock
** with PRAGMA read_uncommitted: the row path then reads what another
** connection of the cache is writing, and so must the copy.
*/
int sqlite3CcCursorOpen(sqlite3 *db, int iDb, Pgno iRoot, BtCursor **pp){
  BtCursor *p;
  int rc;
  *pp = 0;
  assert( iDb>=0 && iDb<db->nDb );
  assert( db->aDb[iDb].pBt!=0 );
  assert( sqlite3BtreeHoldsMutex(db->aDb[iDb].pBt) );
#ifndef SQLITE_OMIT_SHARED_CACHE
  if( 0==(db->flags & SQLITE_ReadUncommit) ){
    rc = sqlite3BtreeLockTable(db->aDb[iDb].pBt, (int)iRoot, 0);
    if( rc ) return rc;
  }
#endif
  p = (BtCursor*)sqlite3MallocZero(sqlite3BtreeCursorSize());
  if( p==0 ) return SQLITE_NOMEM_BKPT;
  sqlite3BtreeCursorZero(p);
  rc = sqlite3BtreeCursor(db->aDb[iDb].pBt, iRoot, 0, 0, p);
  if( rc ){ sqlite3_free(p); return rc; }
  *pp = p;
  return SQLITE_OK;
}
void sqlite3CcCursorClose(BtCursor *p){
  if( p ){
    sqlite3BtreeCloseCursor(p);
    sqlite3_free(p);
  }
}

/************************************************************************
** Encoding a chunk of one column
*/

static u8 *ccOutGrow(CCOut *p, i64 nAdd){
  if( p->rc ) return 0;
  if( p->n+nAdd+CC_PAD>p->nAlloc ){
    i64 nNew = (p->n+nAdd+CC_PAD)*2;
    u8 *aNew = sqlite3_realloc64(p->a, nNew);
    if( aNew==0 ){ p->rc = SQLITE_NOMEM_BKPT; return 0; }
    memset(&aNew[p->nAlloc], 0, nNew-p->nAlloc);
    p->a = aNew;
    p->nAlloc = nNew;
  }
  p->n += nAdd;
  return &p->a[p->n-nAdd];
}

/*
** Serial type of a value, as a record stores it.
*/
static u32 ccSerialType(const CCVal *v){
  switch( v->eType ){
    case SQLITE_NULL:  return 0;
    case SQLITE_FLOAT: return 7;
    case SQLITE_TEXT:  return 13 + 2*(u32)v->n;
    case SQLITE_BLOB:  return 12 + 2*(u32)v->n;
    default: {
      i64 i = v->u.i;
      u64 u = i<0 ? ~(u64)i : (u64)i;
      if( i==0 ) return 8;
      if( i==1 ) return 9;
      if( u<=127 ) return 1;
      if( u<=32767 ) return 2;
      if( u<=8388607 ) return 3;
      if( u<=2147483647 ) return 4;
      if( u<=((((i64)0x00008000)<<32)-1) ) return 5;
      return 6;
    }
  }
}

/*
** Append value v to a PLAIN body: its serial type and its bytes.
*/
static void ccPlainPut(CCOut *pOut, const CCBuild *pB, const CCVal *v){
  u32 t = ccSerialType(v);
  u32 len = sqlite3VdbeSerialTypeLen(t);
  u8 *p = ccOutGrow(pOut, sqlite3VarintLen(t)+len);
  u64 x;
  int i;
  if( p==0 ) return;
  p += putVarint32(p, t);
  if( t==7 ){
    memcpy(&x, &v->u.r, 8);
  }else if( t>=12 ){
    if( len ) memcpy(p, &pB->aArena[v->u.i], len);
    return;
  }else{
    x = (u64)v->u.i;
  }
  for(i=(int)len-1; i>=0; i--){ p[i] = (u8)x; x >>= 8; }
}

/* Slots of the dictionary's hash table: a power of two over 2*CC_MAX_DICT */
#define CC_DICT_HASH   (2*CC_MAX_DICT)

/*
** Encode the column values of pB as a chunk BLOB into pOut, and return
** through the pointers the NULL count and the mask of storage classes
** present (bit 1<<eType).  The zone map min/max go to pMin/pMax (class
** SQLITE_NULL if the column is not all numbers and NULLs).
*/
void sqlite3CcEncode(
  CCBuild *pB,
  CCOut *pOut,
  int *pnNull,
  int *pmTypes,
  CCVal *pMin,
  CCVal *pMax
){
  int n = pB->nVal;
  int nNull = 0, mTypes = 0, i;
  CCVal *a = pB->aVal;
  int bSeq = n>0 && a[0].eType==SQLITE_INTEGER;
  u8 *p;
  u8 enc;
  i64 iNullOff = 0;
  CCVal vIntMin, vIntMax, vRealMin, vRealMax;
  pMin->eType = pMax->eType = SQLITE_NULL;
  vIntMin.eType = vIntMax.eType = vRealMin.eType = vRealMax.eType
    = SQLITE_NULL;
  /* The smallest and largest integer and real apart, with plain compares:
  ** one exact comparison of each kind (sqlite3CcNumCmp()) at the end */
  for(i=0; i<n; i++){
    mTypes |= 1<<a[i].eType;
    if( a[i].eType==SQLITE_INTEGER ){
      i64 x = a[i].u.i;
      if( vIntMin.eType==SQLITE_NULL ){
        vIntMin = vIntMax = a[i];
      }else if( x<vIntMin.u.i ){
        vIntMin.u.i = x;
      }else if( x>vIntMax.u.i ){
        vIntMax.u.i = x;
      }
      if( bSeq && (u64)x!=(u64)a[0].u.i+(u64)i ) bSeq = 0;
    }else if( a[i].eType==SQLITE_FLOAT ){
      double r = a[i].u.r;
      if( vRealMin.eType==SQLITE_NULL ){
        vRealMin = vRealMax = a[i];
      }else if( r<vRealMin.u.r ){
        vRealMin.u.r = r;
      }else if( r>vRealMax.u.r ){
        vRealMax.u.r = r;
      }
    }else if( a[i].eType==SQLITE_NULL ){
      nNull++;
    }
  }
  if( vIntMin.eType!=SQLITE_NULL ){ *pMin = vIntMin; *pMax = vIntMax; }
  if( vRealMin.eType!=SQLITE_NULL ){
    if( pMin->eType==SQLITE_NULL || sqlite3CcNumCmp(&vRealMin, pMin)<0 ){
      *pMin = vRealMin;
    }
    if( pMax->eType==SQLITE_NULL || sqlite3CcNumCmp(&vRealMax, pMax)>0 ){
      *pMax = vRealMax;
    }
  }
  *pnNull = nNull;
  *pmTypes = mTypes;
  if( mTypes & ~((1<<SQLITE_INTEGER)|(1<<SQLITE_FLOAT)|(1<<SQLITE_NULL)) ){
    pMin->eType = pMax->eType = SQLITE_NULL;
  }
  if( n==0 || nNull || !(mTypes==(1<<SQLITE_INTEGER)) ) bSeq = 0;
  if( bSeq && a[0].u.i>LARGEST_INT64-n ) bSeq = 0;

  if( bSeq ){
    enc = CC_ENC_SEQ;
  }else if( (mTypes & ~((1<<SQLITE_INTEGER)|(1<<SQLITE_NULL)))==0 ){
    enc = CC_ENC_FOR;
  }else if( (mTypes & ~((1<<SQLITE_FLOAT)|(1<<SQLITE_NULL)))==0 ){
    enc = CC_ENC_REAL;
  }else if( (mTypes & ~((1<<SQLITE_INTEGER)|(1<<SQLITE_FLOAT)
                        |(1<<SQLITE_NULL)))==0
         && vIntMin.u.i>=-CC_NUM_EXACT && vIntMax.u.i<=CC_NUM_EXACT
  ){
    /* Both integers and reals (a REAL column holds its integral values
    ** as integers): reals, and a map of the rows that are integers */
    assert( vIntMin.eType==SQLITE_INTEGER );
    enc = CC_ENC_NUM;
  }else if( (mTypes & ~((1<<SQLITE_TEXT)|(1<<SQLITE_NULL)))==0 ){
    enc = CC_ENC_DICT;
  }else{
    enc = CC_ENC_PLAIN;
  }

  pOut->n = 0;
  p = ccOutGrow(pOut, CC_HDR);
  if( p==0 ) return;
  p[1] = (nNull && enc!=CC_ENC_PLAIN) ? CC_FLAG_NULL : 0;
  ccPut32(&p[2], (u32)n);
  if( p[1] & CC_FLAG_NULL ){
    iNullOff = pOut->n;
    p = ccOutGrow(pOut, (n+7)/8);
    if( p==0 ) return;
    memset(p, 0, (n+7)/8);
    for(i=0; i<n; i++){
      if( a[i].eType==SQLITE_NULL ) p[i>>3] |= (u8)(1<<(i&7));
    }
  }

  if( enc==CC_ENC_DICT ){
    /* A dictionary of the distinct texts, in order of first appearance,
    ** if there are at most CC_MAX_DICT of them and it is smaller than
    ** the plain encoding; else fall back to PLAIN. */
    int *aHash = sqlite3_malloc64(sizeof(int)*CC_DICT_HASH);
    int *aCode = sqlite3_malloc64(sizeof(int)*(n+1));
    int *aFirst = sqlite3_malloc64(sizeof(int)*(CC_MAX_DICT+1));
    int nDict = 0, nWidth;
    i64 nDictBytes = 0, nPlain = 0, iStart = pOut->n;
    if( aHash==0 || aCode==0 || aFirst==0 ){
      pOut->rc = SQLITE_NOMEM_BKPT;
    }else{
      memset(aHash, 0xff, sizeof(int)*CC_DICT_HASH);
      for(i=0; i<n && nDict>=0; i++){
        u32 h = 2166136261u;
        int j;
        const u8 *z;
        aCode[i] = 0;
        if( a[i].eType==SQLITE_NULL ) continue;
        z = &pB->aArena[a[i].u.i];
        nPlain += a[i].n + sqlite3VarintLen(13+2*(u64)a[i].n);
        for(j=0; j<a[i].n; j++) h = (h ^ z[j]) * 16777619u;
        h &= CC_DICT_HASH-1;
        while( aHash[h]>=0 ){
          const CCVal *d = &a[aFirst[aHash[h]]];
          if( d->n==a[i].n && memcmp(&pB->aArena[d->u.i], z, d->n)==0 ) break;
          h = (h+1) & (CC_DICT_HASH-1);
        }
        if( aHash[h]<0 ){
          if( nDict>=CC_MAX_DICT ){ nDict = -1; break; }
          aHash[h] = nDict;
          aFirst[nDict++] = i;
          nDictBytes += a[i].n;
        }
        aCode[i] = aHash[h];
      }
      nWidth = nDict>0 ? ccWidth((u64)(nDict-1)) : 0;
      if( nDict>=0
       && 5 + 4*((i64)nDict+1) + nDictBytes + ((i64)n*nWidth+7)/8 < nPlain
      ){
        p = ccOutGrow(pOut, 5 + 4*(nDict+1) + nDictBytes);
        if( p ){
          i64 off = 0;
          ccPut32(p, (u32)nDict);
          p[4] = (u8)nWidth;
          for(i=0; i<nDict; i++){
            ccPut32(&p[5+4*i], (u32)off);
            memcpy(&p[5+4*(nDict+1)+off], &pB->aArena[a[aFirst[i]].u.i],
                   a[aFirst[i]].n);
            off += a[aFirst[i]].n;
          }
          ccPut32(&p[5+4*nDict], (u32)off);
          if( nWidth ){
            i64 iPack = pOut->n;
            if( ccOutGrow(pOut, ((i64)n*nWidth+7)/8) ){
              memset(&pOut->a[iPack], 0, pOut->nAlloc-iPack);
              for(i=0; i<n; i++){
                if( aCode[i] ){
                  ccPackPut(&pOut->a[iPack], (u64)i*nWidth, nWidth,
                            (u64)aCode[i]);
                }
              }
            }
          }
        }
      }else{
        pOut->n = iStart;
        enc = CC_ENC_PLAIN;
      }
    }
    sqlite3_free(aHash);
    sqlite3_free(aCode);
    sqlite3_free(aFirst);
    if( enc==CC_ENC_PLAIN && iNullOff ){
      pOut->n = iNullOff;       /* PLAIN has no NULL bitmap */
      pOut->a[1] = 0;
    }
  }

  if( enc==CC_ENC_SEQ ){
    p = ccOutGrow(pOut, 8);
    if( p ) ccPut64(p, (u64)a[0].u.i);
  }else if( enc==CC_ENC_FOR ){
    i64 iMin = 0, iMax = 0;
    int bFirst = 1, nWidth;
    for(i=0; i<n; i++){
      if( a[i].eType!=SQLITE_INTEGER ) continue;
      if( bFirst || a[i].u.i<iMin ) iMin = a[i].u.i;
      if( bFirst || a[i].u.i>iMax ) iMax = a[i].u.i;
      bFirst = 0;
    }
    nWidth = ccWidth((u64)iMax - (u64)iMin);
    p = ccOutGrow(pOut, 9);
    if( p ){
      ccPut64(p, (u64)iMin);
      p[8] = (u8)nWidth;
      if( nWidth ){
        i64 iPack = pOut->n;
        if( ccOutGrow(pOut, ((i64)n*nWidth+7)/8) ){
          memset(&pOut->a[iPack], 0, pOut->nAlloc-iPack);
          for(i=0; i<n; i++){
            if( a[i].eType!=SQLITE_INTEGER ) continue;
            ccPackPut(&pOut->a[iPack], (u64)i*nWidth, nWidth,
                      (u64)a[i].u.i - (u64)iMin);
          }
        }
      }
    }
  }else if( enc==CC_ENC_NUM ){
    p = ccOutGrow(pOut, (n+7)/8 + 8*(i64)n);
    if( p ){
      u8 *aIsInt = p, *aNum = p + (n+7)/8;
      memset(aIsInt, 0, (n+7)/8);
      for(i=0; i<n; i++){
        double r = 0.0;
        u64 x;
        if( a[i].eType==SQLITE_INTEGER ){
          aIsInt[i>>3] |= (u8)(1<<(i&7));
          r = (double)a[i].u.i;
          assert( (i64)r==a[i].u.i );
        }else if( a[i].eType==SQLITE_FLOAT ){
          r = a[i].u.r;
        }
        memcpy(&x, &r, 8);
        ccPut64(&aNum[8*i], x);
      }
    }
  }else if( enc==CC_ENC_REAL ){
    p = ccOutGrow(pOut, 8*(i64)n);
    if( p ){
      for(i=0; i<n; i++){
        u64 x = 0;
        if( a[i].eType==SQLITE_FLOAT ) memcpy(&x, &a[i].u.r, 8);
        ccPut64(&p[8*i], x);
      }
    }
  }else if( enc==CC_ENC_PLAIN ){
    int nVec = (n+CC_VEC-1)/CC_VEC;
    i64 iOff = pOut->n, iBody;
    if( ccOutGrow(pOut, 4*(i64)nVec) ){
      iBody = pOut->n;
      for(i=0; i<n && pOut->rc==SQLITE_OK; i++){
        if( (i % CC_VEC)==0 ){
          ccPut32(&pOut->a[iOff+4*(i/CC_VEC)], (u32)(pOut->n-iBody));
        }
        ccPlainPut(pOut, pB, &a[i]);
      }
    }
  }
  if( pOut->rc==SQLITE_OK ) pOut->a[0] = enc;
}

/************************************************************************
** Decoding a chunk of one column
*/

/*
** Point pCol at the chunk BLOB a[0..n-1] of a chunk of nRow rows.  Return
** SQLITE_CORRUPT if the BLOB is not one this code wrote: its header must
** give nRow rows, and every part the rows are read from must lie within
** the BLOB.  The BLOB comes from the file, so every offset and length read
** from it is compared with the bytes left (nLeft) before a pointer is
** formed from it: on a 32-bit machine, p+x could wrap.
*/
int sqlite3CcColAttach(CCCol *pCol, const u8 *a, int n, int nRow){
  const u8 *p = a + CC_HDR;
  i64 nLeft = (i64)n - CC_HDR;    /* Bytes of the BLOB from p on */
  pCol->a = a;
  pCol->n = n;
  pCol->iVec = -1;
  pCol->aNull = 0;
  pCol->nDictVal = 0;
  if( nRow<0 || nRow>CC_CHUNK_ROWS ) return SQLITE_CORRUPT_BKPT;
  if( n<CC_HDR || ccGet32(&a[2])!=(u32)nRow ) return SQLITE_CORRUPT_BKPT;
  pCol->enc = a[0];
  pCol->nRow = nRow;
  if( a[1] & CC_FLAG_NULL ){
    i64 nNull = ((i64)nRow+7)/8;
    if( nNull>nLeft ) return SQLITE_CORRUPT_BKPT;
    pCol->aNull = p;
    p += nNull;
    nLeft -= nNull;
  }
  switch( pCol->enc ){
    case CC_ENC_SEQ:
      if( nLeft<8 ) return SQLITE_CORRUPT_BKPT;
      pCol->iBase = (i64)ccGet64(p);
      /* Rows iBase .. iBase+nRow-1: the encoder never writes a base that
      ** would overflow (sqlite3CcEncode()) */
      testcase( pCol->iBase==LARGEST_INT64-nRow );
      if( pCol->iBase>LARGEST_INT64-nRow ) return SQLITE_CORRUPT_BKPT;
      break;
    case CC_ENC_FOR:
      if( nLeft<9 ) return SQLITE_CORRUPT_BKPT;
      pCol->iBase = (i64)ccGet64(p);
      pCol->nWidth = p[8];
      if( pCol->nWidth>64
       || ((i64)nRow*pCol->nWidth+7)/8 > nLeft-9
      ){
        return SQLITE_CORRUPT_BKPT;
      }
      pCol->aPack = p+9;
      break;
    case CC_ENC_REAL:
      if( 8*(i64)nRow>nLeft ) return SQLITE_CORRUPT_BKPT;
      pCol->aReal = p;
      break;
    case CC_ENC_NUM:
      if( ((i64)nRow+7)/8+8*(i64)nRow>nLeft ) return SQLITE_CORRUPT_BKPT;
      pCol->aIsInt = p;
      pCol->aReal = p + (nRow+7)/8;
      break;
    case CC_ENC_DICT: {
      u32 nText;
      i64 nHead;
      if( nLeft<5 ) return SQLITE_CORRUPT_BKPT;
      pCol->nDict = (int)ccGet32(p);
      pCol->nWidth = p[4];
      if( ccGet32(p)>CC_MAX_DICT || pCol->nWidth>17 ){
        return SQLITE_CORRUPT_BKPT;
      }
      nHead = 5 + 4*((i64)pCol->nDict+1);
      if( nHead>nLeft ) return SQLITE_CORRUPT_BKPT;
      pCol->aDictOff = p+5;
      nText = ccGet32(&pCol->aDictOff[4*pCol->nDict]);
      if( (i64)nText>nLeft-nHead
       || ((i64)nRow*pCol->nWidth+7)/8 > nLeft-nHead-(i64)nText
      ){
        return SQLITE_CORRUPT_BKPT;
      }
      pCol->aDict = p+nHead;
      pCol->aPack = pCol->aDict + nText;
      break;
    }
    case CC_ENC_PLAIN: {
      int nVec = (nRow+CC_VEC-1)/CC_VEC;
      /* Each value takes at least a byte (its serial type) */
      if( 4*(i64)nVec + nRow>nLeft ) return SQLITE_CORRUPT_BKPT;
      pCol->aVecOff = p;
      pCol->aPlain = p+4*nVec;
      break;
    }
    default:
      return SQLITE_CORRUPT_BKPT;
  }
  return SQLITE_OK;
}

/*
** The dictionary code of row i of the DICT chunk of pCol (a NULL row's
** code is 0 and means nothing).
*/
int sqlite3CcDictCode(const CCCol *pCol, int i){
  int w = pCol->nWidth;
  u64 iBit = (u64)i*w;
  assert( pCol->enc==CC_ENC_DICT && w<=17 );
  return (int)CC_UNPACK(pCol->aPack, iBit, CC_MASK(w));
}

/*
** Set *pV to entry c of the dictionary of the DICT chunk of pCol, or to
** NULL if the dictionary is empty (every row is NULL).  Return
** SQLITE_CORRUPT if the BLOB does not hold the entry.
*/
int sqlite3CcDictVal(const CCCol *pCol, int c, CCVal *pV){
  u32 o1, o2;
  if( c>=pCol->nDict ){
    if( pCol->nDict==0 ){ pV->eType = SQLITE_NULL; return SQLITE_OK; }
    return SQLITE_CORRUPT_BKPT;
  }
  o1 = ccGet32(&pCol->aDictOff[4*c]);
  o2 = ccGet32(&pCol->aDictOff[4*c+4]);
  if( o2<o1 || o2>(u32)(pCol->a+pCol->n-pCol->aDict) ){
    return SQLITE_CORRUPT_BKPT;
  }
  pV->eType = SQLITE_TEXT;
  pV->u.z = pCol->aDict+o1;
  pV->n = (int)(o2-o1);
  return SQLITE_OK;
}

/*
** Return the memo pM for the chunk of the DICT column pCol (a fresh one,
** every entry unknown, if it was for another chunk), or 0 after an
** out-of-memory.
*/
u8 *sqlite3CcMemoFor(CCMemo *pM, const CCCol *pCol){
  assert( pCol->enc==CC_ENC_DICT && pCol->k>=0 );
  if( pM->k!=pCol->k ){
    int n = pCol->nDict>0 ? pCol->nDict : 1;
    if( pM->nAlloc<n ){
      u8 *aNew = sqlite3_realloc64(pM->a, n);
      if( aNew==0 ) return 0;
      pM->a = aNew;
      pM->nAlloc = n;
    }
    memset(pM->a, 0, n);
    pM->k = pCol->k;
  }
  return pM->a;
}

/*
** Set *pV to the value of a PLAIN chunk at p (a serial type and its body;
** the chunk ends at pEnd).  Return the next value's address, or 0 if the
** chunk does not hold this one.
*/
const u8 *sqlite3CcPlainVal(const u8 *p, const u8 *pEnd, CCVal *pV){
  u32 t, len;
  Mem m;
  if( p>=pEnd ) return 0;
  p += getVarint32(p, t);
  len = sqlite3VdbeSerialTypeLen(t);
  if( p>pEnd || len>(u32)(pEnd-p) ) return 0;
  if( t>=12 ){
    pV->eType = (t & 1) ? SQLITE_TEXT : SQLITE_BLOB;
    pV->u.z = p;
    pV->n = (int)len;
  }else if( t==0 ){
    pV->eType = SQLITE_NULL;
  }else if( t==10 || t==11 ){
    return 0;
  }else{
    sqlite3VdbeSerialGet(p, t, &m);
    if( m.flags & MEM_Int ){
      pV->eType = SQLITE_INTEGER;
      pV->u.i = m.u.i;
    }else{
      pV->eType = SQLITE_FLOAT;
      pV->u.r = m.u.r;
    }
  }
  return p + len;
}

/*
** Decode rows i0..i0+n-1 of the chunk into pCol->aVal[0..n-1].  Return
** SQLITE_CORRUPT if the BLOB does not hold them.
*/
int sqlite3CcColDecode(CCCol *pCol, int i0, int n){
  CCVal *aV = pCol->aVal;
  int i;
  assert( i0>=0 && n>=0 && n<=CC_VEC && i0+n<=pCol->nRow );
  switch( pCol->enc ){
    case CC_ENC_SEQ:
      for(i=0; i<n; i++){
        aV[i].eType = SQLITE_INTEGER;
        aV[i].u.i = pCol->iBase + i0 + i;
      }
      return SQLITE_OK;
    case CC_ENC_FOR: {
      int w = pCol->nWidth;
      u64 iBase = (u64)pCol->iBase;
      if( w<=56 ){
        /* One load per value: its bits start in the byte loaded */
        const u8 *a = pCol->aPack;
        u64 mask = CC_MASK(w);
        u64 iBit = (u64)i0*w;
        for(i=0; i<n; i++, iBit+=w){
          aV[i].eType = SQLITE_INTEGER;
          aV[i].u.i = (i64)(iBase + CC_UNPACK(a, iBit, mask));
        }
      }else{
        for(i=0; i<n; i++){
          aV[i].eType = SQLITE_INTEGER;
          aV[i].u.i = (i64)(iBase + ccPackGet(pCol->aPack, (u64)(i0+i)*w, w));
        }
      }
      break;
    }
    case CC_ENC_REAL:
      for(i=0; i<n; i++){
        u64 x = sqlite3CcLoad64(&pCol->aReal[8*(i0+i)]);
        aV[i].eType = SQLITE_FLOAT;
        memcpy(&aV[i].u.r, &x, 8);
      }
      break;
    case CC_ENC_NUM:
      for(i=0; i<n; i++){
        int j = i0+i;
        u64 x = sqlite3CcLoad64(&pCol->aReal[8*j]);
        double r;
        memcpy(&r, &x, 8);
        if( pCol->aIsInt[j>>3] & (1<<(j&7)) ){
          /* An integer within +/-2^53 (sqlite3CcEncode()); anything else,
          ** an infinity or a NaN too, is corrupt (and (i64)r UB) */
          if( !(r>=-(double)CC_NUM_EXACT && r<=(double)CC_NUM_EXACT) ){
            return SQLITE_CORRUPT_BKPT;
          }
          aV[i].eType = SQLITE_INTEGER;
          aV[i].u.i = (i64)r;
        }else{
          aV[i].eType = SQLITE_FLOAT;
          aV[i].u.r = r;
        }
      }
      break;
    case CC_ENC_DICT: {
      int nDict = pCol->nDict;
      if( nDict>0 && nDict<=CC_DICT_DECODED && nDict>pCol->nDictAlloc ){
        /* After an out-of-memory, the texts are found row by row */
        CCVal *aNew = sqlite3_realloc64(pCol->aDictVal, nDict*sizeof(CCVal));
        if( aNew ){
          pCol->aDictVal = aNew;
          pCol->nDictAlloc = nDict;
        }
      }
      if( nDict>0 && nDict<=pCol->nDictAlloc ){
        CCVal *aDictVal = pCol->aDictVal;
        if( pCol->nDictVal==0 ){
          /* Every entry unknown (type 0) until a row needs it */
          memset(aDictVal, 0, nDict*sizeof(CCVal));
          pCol->nDictVal = nDict;
        }
        assert( pCol->nDictVal==nDict );
        for(i=0; i<n; i++){
          int c = sqlite3CcDictCode(pCol, i0+i);
          if( c>=nDict ) return SQLITE_CORRUPT_BKPT;
          if( aDictVal[c].eType==0 ){
            int rc = sqlite3CcDictVal(pCol, c, &aDictVal[c]);
            if( rc ) return rc;
            assert( aDictVal[c].eType!=0 );
          }
          aV[i] = aDictVal[c];
        }
        break;
      }
      for(i=0; i<n; i++){
        int rc = sqlite3CcDictVal(pCol, sqlite3CcDictCode(pCol, i0+i), &aV[i]);
        if( rc ) return rc;
      }
      break;
    }
    default: {
      const u8 *p, *pEnd = pCol->a + pCol->n;
      assert( pCol->enc==CC_ENC_PLAIN );
      assert( (i0 % CC_VEC)==0 );
      assert( i0>=0 && i0+n<=pCol->nRow );
      {
        u32 off = ccGet32(&pCol->aVecOff[4*(i0/CC_VEC)]);
        if( off>(u32)(pEnd-pCol->aPlain) ) return SQLITE_CORRUPT_BKPT;
        p = pCol->aPlain + off;
      }
      for(i=0; i<n; i++){
        p = sqlite3CcPlainVal(p, pEnd, &aV[i]);
        if( p==0 ) return SQLITE_CORRUPT_BKPT;
      }
      return SQLITE_OK;
    }
  }
  if( pCol->aNull ){
    for(i=0; i<n; i++){
      int j = i0+i;
      if( pCol->aNull[j>>3] & (1<<(j&7)) ) aV[i].eType = SQLITE_NULL;
    }
  }
  return SQLITE_OK;
}

/*
** Set *pV to the value of row i of the chunk of pCol, whose encoding is
** not PLAIN (that one is read vector by vector).  Return SQLITE_CORRUPT
** if the BLOB does not hold it.
*/
int sqlite3CcColGet(const CCCol *pCol, int i, CCVal *pV){
  assert( pCol->enc!=CC_ENC_PLAIN );
  assert( i>=0 && i<pCol->nRow );
  if( pCol->aNull && (pCol->aNull[i>>3] & (1<<(i&7))) ){
    pV->eType = SQLITE_NULL;
    return SQLITE_OK;
  }
  switch( pCol->enc ){
    case CC_ENC_SEQ:
      pV->eType = SQLITE_INTEGER;
      pV->u.i = pCol->iBase + i;
      return SQLITE_OK;
    case CC_ENC_FOR: {
      int w = pCol->nWidth;
      u64 iBit = (u64)i*w;
      u64 x = w<=56 ? CC_UNPACK(pCol->aPack, iBit, CC_MASK(w))
                    : ccPackGet(pCol->aPack, iBit, w);
      pV->eType = SQLITE_INTEGER;
      pV->u.i = (i64)((u64)pCol->iBase + x);
      return SQLITE_OK;
    }
    case CC_ENC_REAL: {
      u64 x = sqlite3CcLoad64(&pCol->aReal[8*(i64)i]);
      pV->eType = SQLITE_FLOAT;
      memcpy(&pV->u.r, &x, 8);
      return SQLITE_OK;
    }
    case CC_ENC_NUM: {
      u64 x = sqlite3CcLoad64(&pCol->aReal[8*(i64)i]);
      double r;
      memcpy(&r, &x, 8);
      if( pCol->aIsInt[i>>3] & (1<<(i&7)) ){
        if( !(r>=-(double)CC_NUM_EXACT && r<=(double)CC_NUM_EXACT) ){
          return SQLITE_CORRUPT_BKPT;
        }
        pV->eType = SQLITE_INTEGER;
        pV->u.i = (i64)r;
      }else{
        pV->eType = SQLITE_FLOAT;
        pV->u.r = r;
      }
      return SQLITE_OK;
    }
    default:
      assert( pCol->enc==CC_ENC_DICT );
      return sqlite3CcDictVal(pCol, sqlite3CcDictCode(pCol, i), pV);
  }
}

/*
** Decode into pCol->aVal[] the rows aSel[0..nSel-1] of the vector of n
** rows starting at row i0 of the chunk (a PLAIN column, or one most of
** whose rows are selected, is decoded whole).  Return SQLITE_CORRUPT if
** the BLOB does not hold them.
*/
int sqlite3CcColDecodeSel(CCCol *pCol, int i0, const u16 *aSel, int nSel,
                          int n){
  CCVal *aV = pCol->aVal;
  int k, rc;
  if( pCol->enc==CC_ENC_PLAIN || nSel*2>n ) return sqlite3CcColDecode(pCol, i0, n);
  if( pCol->enc==CC_ENC_FOR && pCol->nWidth<=56 ){
    const u8 *a = pCol->aPack;
    int w = pCol->nWidth;
    u64 mask = CC_MASK(w);
    u64 iBase = (u64)pCol->iBase;
    for(k=0; k<nSel; k++){
      int r = aSel[k];
      u64 iBit = (u64)(i0+r)*w;
      aV[r].eType = SQLITE_INTEGER;
      aV[r].u.i = (i64)(iBase + CC_UNPACK(a, iBit, mask));
      if( pCol->aNull && (pCol->aNull[(i0+r)>>3] & (1<<((i0+r)&7))) ){
        aV[r].eType = SQLITE_NULL;
      }
    }
    return SQLITE_OK;
  }
  for(k=0; k<nSel; k++){
    int r = aSel[k];
    rc = sqlite3CcColGet(pCol, i0+r, &aV[r]);
    if( rc ) return rc;
  }
  return SQLITE_OK;
}

