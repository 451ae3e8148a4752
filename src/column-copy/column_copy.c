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
** Column copies: a rowid table's columns kept as compressed vectors in
** ordinary shadow tables of the same file, kept honest by triggers, and
** read by full-table scans.  The design is in doc/column-copy.md.
*/
#include "sqliteInt.h"
#include "vdbeInt.h"
#include "whereInt.h"

/*
** Names.  A copy with id N of table T is made of
**
**   lipsqlite_column_copy         one row per copy (all copies of the file)
**   lipsqlite_column_copy_N_dir   its chunk directory
**   lipsqlite_column_copy_N_data  one BLOB per column and chunk
**   lipsqlite_column_copy_N_S_OP  its triggers on T, where S is the
**                                 signature of T's definition (ccSig())
*/
#define CC_PREFIX      "lipsqlite_column_copy"
#define CC_PREFIX_LEN  21

/*
** A chunk holds CC_CHUNK_ROWS rows when built, a vector CC_VEC rows.  The
** data row of chunk k and slot s (0 for the rowid, 1+i for the table's
** i-th stored column) has the rowid k*CC_SLOTS+s.
*/
#define CC_CHUNK_ROWS  65536
#define CC_VEC         1024
#define CC_RANGE_MIN   CC_VEC   /* A shorter rowid range reads the B-tree */
#define CC_SEEK_MIN    1024     /* Rowid lookups of a cursor from the B-tree
                                ** before the copy serves them */
#define CC_SEEK_BYTES  (64*1024*1024)  /* Chunks a cursor's lookups keep */
#define CC_SEEK_MAP    32       /* A chunk's rowids spanning at most this
                                ** many times its rows are found by a map
                                ** (dates as yyyymmdd span 28 times) */
/* A DICT chunk's dictionary of at most this many texts is decoded an
** entry at a time, the first time a row needs it; the rows with that code
** then copy the decoded entry */
#define CC_DICT_DECODED 4096
#define CC_RANGE_REAL  4.0e18   /* Real bounds of a rowid range made stops */
#define CC_SLOTS       32768
#define CC_FORMAT      2        /* lipsqlite_column_copy.format */
#define CC_FORMAT_MIN  1        /* Oldest format read (no NUM encoding) */
#define CC_MAX_TERM    16       /* WHERE terms evaluated per scan */
#define CC_MAX_LIST    64       /* Values of an IN list evaluated */

/* Encodings of a column chunk (byte 0 of its BLOB) */
#define CC_ENC_SEQ     1        /* Integers base, base+1, ... */
#define CC_ENC_FOR     2        /* Integers: base + bit-packed offsets */
#define CC_ENC_REAL    3        /* Reals, 8 bytes each */
#define CC_ENC_DICT    4        /* Texts: dictionary + bit-packed codes */
#define CC_ENC_PLAIN   5        /* Anything: record serial types + bodies */
#define CC_ENC_NUM     6        /* Integers and reals: 8-byte reals + map */

/* Integers of at most this magnitude are exact as reals (CC_ENC_NUM) */
#define CC_NUM_EXACT   (((i64)1)<<53)

#define CC_HDR         6        /* enc, flags, nrow (4 bytes) */
#define CC_FLAG_NULL   0x01     /* A NULL bitmap follows the header */
#define CC_PAD         9        /* Bytes after packed bits (ccPackGet) */
#define CC_MAX_DICT    65536    /* Largest dictionary */

/* Scan modes */
#define CC_MODE_VEC    1        /* Rows from decoded vectors */
#define CC_MODE_BTREE  2        /* Rows from the table's B-tree */
#define CC_MODE_EOF    3
#define CC_MODE_SEEK   4        /* A row found by a rowid lookup in a chunk */

/* Comparison of a term that cannot be decided over the vector */
#define CC_CMP_UNKNOWN 2

/*
** A value of a vector (column_copy.h).  During a build, u.i of a TEXT or
** BLOB value is its offset in the builder's arena; in a scan, u.z points
** into the chunk.
*/
typedef ColumnCopyVal CCVal;

/*
** A WHERE term of the plan: column iCol compared with the constants in
** registers aReg[iReg..iReg+nReg-1] of the statement.
*/
typedef struct CCPlanTerm CCPlanTerm;
struct CCPlanTerm {
  int iCol;                     /* Stored column number */
  int iReg;                     /* First of its constants in CCPlan.aReg[] */
  int nReg;                     /* Number of constants (several for IN) */
  u8 op;                        /* TK_EQ, TK_LT, ..., TK_IN, TK_ISNULL... */
  char aff;                     /* Affinity of the comparison */
  u8 bBinary;                   /* Texts compare with BINARY */
};

/*
** The P4 of OP_ColumnCopyRewind: what the code generator decided.  One
** allocation (P4_DYNAMIC): aTerm, aReg and aUsed point into it.
*/
typedef struct CCPlan CCPlan;
struct CCPlan {
  i64 iId;                      /* The copy */
  Pgno iMetaRoot;               /* Root of lipsqlite_column_copy */
  Pgno iDirRoot;                /* Root of its _dir table */
  Pgno iDataRoot;               /* Root of its _data table */
  Pgno iTabRoot;                /* Root of the table */
  int iDb;                      /* Database of the table */
  int nCol;                     /* Stored columns of the table */
  u8 bRenumber;                 /* VACUUM may renumber its rowids */
  u8 opStart;                   /* OP_Rewind, OP_SeekGE or OP_SeekGT */
  u8 opEnd;                     /* OP_Gt, OP_Ge, or 0: no end test */
  int iRegStart;                /* The seek's key (P3), if opStart seeks */
  int iRegEnd;                  /* The end test's bound, if opEnd */
  int addrLoop;                 /* Target of the loop's OP_ColumnCopyNext */
  int addrProbe;                /* First opcode past the end test */
  int nTerm;
  CCPlanTerm *aTerm;
  int *aReg;
  u8 *aUsed;                    /* aUsed[i]: column i read from the copy */
};

/* A chunk of the directory */
typedef struct CCChunk CCChunk;
struct CCChunk {
  i64 lo;                       /* First rowid it covers */
  i64 k;                        /* Its number in the _data table */
  int nRow;                     /* Rows */
  u8 bStale;                    /* Read from the B-tree */
};

/* A column of the current chunk, as loaded and decoded */
typedef struct CCCol CCCol;
struct CCCol {
  i64 k;                        /* Chunk loaded, or -1 */
  int iVec;                     /* Vector decoded into aVal[], or -1 */
  u32 iVecSeq;                  /* ColumnCopyScan.iVecSeq of aVal[] */
  u8 *aBuf;                     /* The data row's record */
  u32 nAlloc;                   /* Allocated bytes of aBuf */
  const u8 *a;                  /* The chunk's BLOB */
  int n;                        /* Its size */
  u8 enc;                       /* CC_ENC_* */
  const u8 *aNull;              /* NULL bitmap, or 0 */
  i64 iBase;                    /* SEQ, FOR */
  u8 nWidth;                    /* FOR, DICT: bits per value */
  const u8 *aPack;              /* FOR, DICT: the packed values */
  const u8 *aReal;              /* REAL, NUM */
  const u8 *aIsInt;             /* NUM: bit i set if row i is an integer */
  int nDict;                    /* DICT */
  const u8 *aDictOff;           /* DICT: nDict+1 offsets (u32) */
  const u8 *aDict;              /* DICT: the texts */
  const u8 *aVecOff;            /* PLAIN: offset of each vector (u32) */
  const u8 *aPlain;             /* PLAIN: the values */
  u32 *aRowOff;                 /* PLAIN, for lookups: each row's offset in
                                ** aPlain, or 0 */
  u16 *aRowAt;                  /* FOR rowids, for lookups: the row of rowid
                                ** iBase+d at aRowAt[d], if it has one */
  u32 nRowAt;                   /* Entries of aRowAt[], 0 if not made */
  u8 bNoRowAt;                  /* Rowids too sparse for aRowAt[] */
  int nDictVal;                 /* DICT: entries in aDictVal[] for the
                                ** chunk (those not decoded yet have
                                ** type 0), or 0 */
  int nDictAlloc;               /* Allocated entries of aDictVal[] */
  CCVal *aDictVal;              /* DICT: the dictionary, decoded */
  CCVal aVal[CC_VEC];
};

/* A constant of a term, with the comparison's affinity applied */
typedef struct CCConst CCConst;
struct CCConst {
  Mem m;
};

/*
** The outcome of a test (a term, a Bloom filter probe) for each entry of
** the dictionary of one chunk of a DICT column, found when first needed:
** the test then runs once per distinct text of the chunk, not per row.
*/
typedef struct CCMemo CCMemo;
struct CCMemo {
  i64 k;                        /* The chunk a[] is for, or -1 */
  int nAlloc;                   /* Allocated bytes of a[] */
  u8 *a;                        /* a[code]: 0 or CC_MEMO_PASS/CC_MEMO_FAIL */
};
#define CC_MEMO_PASS   1        /* The row may match */
#define CC_MEMO_FAIL   2        /* It cannot */

/* A term as evaluated by the scan */
typedef struct CCTerm CCTerm;
struct CCTerm {
  int iSlot;                    /* 1+column */
  u8 op;
  u8 bBinary;
  u8 bOff;                      /* Cannot decide: every row passes */
  int nConst;
  CCMemo memo;                  /* Of a DICT column */
  CCVal aConst[CC_MAX_LIST];
};

/* Most Bloom filter probes of a loop's body run inside the scan */
#define CC_MAX_PROBE 8

struct ColumnCopyScan {
  sqlite3 *db;
  CCPlan *pPlan;
  BtCursor *pData;              /* On the _data table */
  int nChunk;
  CCChunk *aChunk;
  i64 iHi;                      /* Last rowid covered by chunks */
  int iChunk;                   /* Current chunk */
  u8 eMode;                     /* CC_MODE_* */
  u8 bAll;                      /* B-tree to the end (a write was seen) */
  i64 iEnd;                     /* CC_MODE_BTREE: last rowid of the range */
  i64 iLo;                      /* Rowids below are not wanted (a seek) */
  i64 iStop;                    /* Nor above (the end test would stop) */
  u8 bClip;                     /* The current chunk has rowids to drop */
  u8 bEndLargest;               /* iEnd is the largest rowid */
  int iVec;                     /* Current vector of the chunk */
  u32 iVecSeq;                  /* Changes with every vector made current */
  int nSel;                     /* Rows of aSel[] */
  int iSel;                     /* Current row in aSel[] */
  u16 aSel[CC_VEC];             /* Rows of the vector that may match */
  u16 aAll[CC_VEC];             /* 0, 1, 2 ...: every row, once filled */
  i64 aKey[CC_VEC];             /* Their keys, for a Bloom filter probe */
  int nSlot;                    /* 1+nCol */
  CCCol **apCol;                /* apCol[slot], loaded when used */
  int nTerm;
  int nTermAlloc;               /* Allocated entries of aTerm[] */
  CCTerm *aTerm;
  Mem *aMem;                    /* Constants of the terms */
  int nMem;
  Vdbe *pVdbe;                  /* The statement */
  int iCur;                     /* The table's cursor */
  int addrBody;                 /* First opcode of the loop's body */
  int addrNext;                 /* Its OP_ColumnCopyNext */
  int nProbeMemo;               /* Probes with a memo */
  int aProbeReg[CC_MAX_PROBE];  /* The filter register of each */
  int aProbeSlot[CC_MAX_PROBE]; /* The slot of its key */
  CCMemo aProbeMemo[CC_MAX_PROBE];
#ifdef SQLITE_BATCH_H
  BatchRun *pBatch;             /* The batch path's state (batch.c) */
#endif
  /* Rowid lookups (OP_ColumnCopySeekRowid) */
  i64 nSeek;                    /* Lookups so far */
  BtCursor *pSentinel;          /* On the table's first row: a write moves it */
  int iSeekChunk;               /* CC_MODE_SEEK: the chunk of the row */
  int iSeekRow;                 /* Its row in the chunk */
  i64 iSeekRowid;               /* Its rowid */
  CCCol **apSeekCol;            /* [slot*nChunk + chunk], loaded when read */
  i64 nSeekBytes;               /* Bytes of the BLOBs loaded in apSeekCol */
};

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
static u64 ccLoad64(const u8 *p){
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
    ccStore64(p, ccLoad64(p) | (v<<sh));
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
  return nWidth==64 ? x : (x & ((((u64)1)<<nWidth)-1));
}

/************************************************************************
** Comparisons, as sqlite3MemCompare() orders values of one class
*/

/*
** Compare two numbers (SQLITE_INTEGER or SQLITE_FLOAT) exactly.
*/
static int ccNumCmp(const CCVal *a, const CCVal *b){
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
** Compare value v with constant c, or return CC_CMP_UNKNOWN when the
** vector code does not decide it (the classes differ, or texts under a
** collation other than BINARY): the VDBE then decides.
*/
static int ccCmp(const CCVal *v, const CCVal *c, int bBinary){
  int isNumV = v->eType==SQLITE_INTEGER || v->eType==SQLITE_FLOAT;
  int isNumC = c->eType==SQLITE_INTEGER || c->eType==SQLITE_FLOAT;
  if( isNumV && isNumC ) return ccNumCmp(v, c);
  if( v->eType==c->eType
   && (v->eType==SQLITE_BLOB || (v->eType==SQLITE_TEXT && bBinary))
  ){
    int n = v->n<c->n ? v->n : c->n;
    int r = n ? memcmp(v->u.z, c->u.z, n) : 0;
    if( r==0 ) r = v->n - c->n;
    return r<0 ? -1 : r>0;
  }
  return CC_CMP_UNKNOWN;
}

/*
** True if the row with value v in the term's column may satisfy the term.
** False only if it cannot, under SQLite's rules.
*/
static int ccTermMay(const CCTerm *t, const CCVal *v){
  int i, r;
  switch( t->op ){
    case TK_ISNULL:  return v->eType==SQLITE_NULL;
    case TK_NOTNULL: return v->eType!=SQLITE_NULL;
  }
  if( v->eType==SQLITE_NULL ) return 0;
  if( t->bOff ) return 1;
  for(i=0; i<t->nConst; i++){
    r = ccCmp(v, &t->aConst[i], t->bBinary);
    if( r==CC_CMP_UNKNOWN ) return 1;
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
static int ccRecord(const u8 *a, u32 n, Mem *aOut, int nOut){
  u32 szHdr, iHdr, iBody, t, len;
  int i = 0;
  if( n==0 ) return 0;
  iHdr = getVarint32(a, szHdr);
  if( szHdr>n || szHdr<iHdr ) return -1;
  iBody = szHdr;
  while( iHdr<szHdr && i<nOut ){
    iHdr += getVarint32(&a[iHdr], t);
    len = sqlite3VdbeSerialTypeLen(t);
    if( iBody+len>n ) return -1;
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
static int ccPayload(BtCursor *pCur, u8 **ppBuf, u32 *pnAlloc, u32 *pn){
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
** another connection writes it).
*/
static int ccCursorOpen(sqlite3 *db, int iDb, Pgno iRoot, BtCursor **pp){
  BtCursor *p;
  int rc;
  *pp = 0;
#ifndef SQLITE_OMIT_SHARED_CACHE
  rc = sqlite3BtreeLockTable(db->aDb[iDb].pBt, (int)iRoot, 0);
  if( rc ) return rc;
#endif
  p = (BtCursor*)sqlite3MallocZero(sqlite3BtreeCursorSize());
  if( p==0 ) return SQLITE_NOMEM_BKPT;
  sqlite3BtreeCursorZero(p);
  rc = sqlite3BtreeCursor(db->aDb[iDb].pBt, iRoot, 0, 0, p);
  if( rc ){ sqlite3_free(p); return rc; }
  *pp = p;
  return SQLITE_OK;
}
static void ccCursorClose(BtCursor *p){
  if( p ){
    sqlite3BtreeCloseCursor(p);
    sqlite3_free(p);
  }
}

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
    hIdx += hi;                 /* The order of the list does not count */
  }
  return ccHashInt(h, hIdx);
}

/*
** If pTab has a copy whose triggers are all there and match its current
** definition, return the copy's id; else 0.  *pnTrig is set to the number
** of triggers of any copy found (for PRAGMA column_copy_drop).
*/
static i64 ccCopyOf(Table *pTab, int *pnTrig, i64 *piAny){
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
** Encoding a chunk of one column
*/

/* The values of one column of a chunk being built */
typedef struct CCBuild CCBuild;
struct CCBuild {
  CCVal *aVal;                  /* Values */
  int nVal;
  int nAlloc;                   /* Allocated entries of aVal[] */
  u8 *aArena;                   /* Bytes of texts and blobs */
  i64 nArena, nArenaAlloc;
};

/* An output buffer */
typedef struct CCOut CCOut;
struct CCOut {
  u8 *a;
  i64 n, nAlloc;
  int rc;
};
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
static void ccEncode(
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
  ** one exact comparison of each kind (ccNumCmp()) at the end */
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
    if( pMin->eType==SQLITE_NULL || ccNumCmp(&vRealMin, pMin)<0 ){
      *pMin = vRealMin;
    }
    if( pMax->eType==SQLITE_NULL || ccNumCmp(&vRealMax, pMax)>0 ){
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
** Point pCol at the chunk BLOB a[0..n-1].  Return SQLITE_CORRUPT if the
** BLOB is not one this code wrote.
*/
static int ccColAttach(CCCol *pCol, const u8 *a, int n, int nRow){
  const u8 *p = a + CC_HDR;
  const u8 *pEnd = a + n;
  pCol->a = a;
  pCol->n = n;
  pCol->iVec = -1;
  pCol->aNull = 0;
  pCol->nDictVal = 0;
  if( n<CC_HDR || (int)ccGet32(&a[2])!=nRow ) return SQLITE_CORRUPT_BKPT;
  pCol->enc = a[0];
  if( a[1] & CC_FLAG_NULL ){
    pCol->aNull = p;
    p += (nRow+7)/8;
  }
  switch( pCol->enc ){
    case CC_ENC_SEQ:
      if( p+8>pEnd ) return SQLITE_CORRUPT_BKPT;
      pCol->iBase = (i64)ccGet64(p);
      break;
    case CC_ENC_FOR:
      if( p+9>pEnd ) return SQLITE_CORRUPT_BKPT;
      pCol->iBase = (i64)ccGet64(p);
      pCol->nWidth = p[8];
      pCol->aPack = p+9;
      if( pCol->nWidth>64
       || pCol->aPack + ((i64)nRow*pCol->nWidth+7)/8 > pEnd
      ){
        return SQLITE_CORRUPT_BKPT;
      }
      break;
    case CC_ENC_REAL:
      if( p+8*(i64)nRow>pEnd ) return SQLITE_CORRUPT_BKPT;
      pCol->aReal = p;
      break;
    case CC_ENC_NUM:
      if( p+(nRow+7)/8+8*(i64)nRow>pEnd ) return SQLITE_CORRUPT_BKPT;
      pCol->aIsInt = p;
      pCol->aReal = p + (nRow+7)/8;
      break;
    case CC_ENC_DICT: {
      if( p+5>pEnd ) return SQLITE_CORRUPT_BKPT;
      pCol->nDict = (int)ccGet32(p);
      pCol->nWidth = p[4];
      if( pCol->nDict<0 || pCol->nDict>CC_MAX_DICT || pCol->nWidth>17
       || p+5+4*((i64)pCol->nDict+1)>pEnd
      ){
        return SQLITE_CORRUPT_BKPT;
      }
      pCol->aDictOff = p+5;
      pCol->aDict = p+5+4*(pCol->nDict+1);
      pCol->aPack = pCol->aDict + ccGet32(&pCol->aDictOff[4*pCol->nDict]);
      if( pCol->aPack + ((i64)nRow*pCol->nWidth+7)/8 > pEnd ){
        return SQLITE_CORRUPT_BKPT;
      }
      break;
    }
    case CC_ENC_PLAIN: {
      int nVec = (nRow+CC_VEC-1)/CC_VEC;
      if( p+4*(i64)nVec>pEnd ) return SQLITE_CORRUPT_BKPT;
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
static int ccDictCode(const CCCol *pCol, int i){
  int w = pCol->nWidth;
  u64 iBit = (u64)i*w;
  assert( pCol->enc==CC_ENC_DICT && w<=17 );
  return (int)((ccLoad64(&pCol->aPack[iBit>>3])>>(iBit&7))
               & ((((u64)1)<<w)-1));
}

/*
** Set *pV to entry c of the dictionary of the DICT chunk of pCol, or to
** NULL if the dictionary is empty (every row is NULL).  Return
** SQLITE_CORRUPT if the BLOB does not hold the entry.
*/
static int ccDictVal(const CCCol *pCol, int c, CCVal *pV){
  u32 o1, o2;
  if( c>=pCol->nDict ){
    if( pCol->nDict==0 ){ pV->eType = SQLITE_NULL; return SQLITE_OK; }
    return SQLITE_CORRUPT_BKPT;
  }
  o1 = ccGet32(&pCol->aDictOff[4*c]);
  o2 = ccGet32(&pCol->aDictOff[4*c+4]);
  if( o2<o1 || pCol->aDict+o2>pCol->a+pCol->n ) return SQLITE_CORRUPT_BKPT;
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
static u8 *ccMemoFor(CCMemo *pM, const CCCol *pCol){
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
static const u8 *ccPlainVal(const u8 *p, const u8 *pEnd, CCVal *pV){
  u32 t, len;
  Mem m;
  if( p>=pEnd ) return 0;
  p += getVarint32(p, t);
  len = sqlite3VdbeSerialTypeLen(t);
  if( p+len>pEnd ) return 0;
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
static int ccColDecode(CCCol *pCol, int i0, int n){
  CCVal *aV = pCol->aVal;
  int i;
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
        u64 mask = w ? ((((u64)1)<<w)-1) : 0;
        u64 iBit = (u64)i0*w;
        for(i=0; i<n; i++, iBit+=w){
          aV[i].eType = SQLITE_INTEGER;
          aV[i].u.i = (i64)(iBase + ((ccLoad64(&a[iBit>>3])>>(iBit&7)) & mask));
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
        u64 x = ccLoad64(&pCol->aReal[8*(i0+i)]);
        aV[i].eType = SQLITE_FLOAT;
        memcpy(&aV[i].u.r, &x, 8);
      }
      break;
    case CC_ENC_NUM:
      for(i=0; i<n; i++){
        int j = i0+i;
        u64 x = ccLoad64(&pCol->aReal[8*j]);
        double r;
        memcpy(&r, &x, 8);
        if( pCol->aIsInt[j>>3] & (1<<(j&7)) ){
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
          int c = ccDictCode(pCol, i0+i);
          if( c>=nDict ) return SQLITE_CORRUPT_BKPT;
          if( aDictVal[c].eType==0 ){
            int rc = ccDictVal(pCol, c, &aDictVal[c]);
            if( rc ) return rc;
            assert( aDictVal[c].eType!=0 );
          }
          aV[i] = aDictVal[c];
        }
        break;
      }
      for(i=0; i<n; i++){
        int rc = ccDictVal(pCol, ccDictCode(pCol, i0+i), &aV[i]);
        if( rc ) return rc;
      }
      break;
    }
    default: {
      const u8 *p, *pEnd = pCol->a + pCol->n;
      assert( pCol->enc==CC_ENC_PLAIN );
      assert( (i0 % CC_VEC)==0 );
      p = pCol->aPlain + ccGet32(&pCol->aVecOff[4*(i0/CC_VEC)]);
      for(i=0; i<n; i++){
        p = ccPlainVal(p, pEnd, &aV[i]);
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
static int ccColGet(const CCCol *pCol, int i, CCVal *pV){
  assert( pCol->enc!=CC_ENC_PLAIN );
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
      u64 x = w<=56 ?
          (ccLoad64(&pCol->aPack[iBit>>3])>>(iBit&7)) & ((((u64)1)<<w)-1)
        : ccPackGet(pCol->aPack, iBit, w);
      pV->eType = SQLITE_INTEGER;
      pV->u.i = (i64)((u64)pCol->iBase + x);
      return SQLITE_OK;
    }
    case CC_ENC_REAL: {
      u64 x = ccLoad64(&pCol->aReal[8*(i64)i]);
      pV->eType = SQLITE_FLOAT;
      memcpy(&pV->u.r, &x, 8);
      return SQLITE_OK;
    }
    case CC_ENC_NUM: {
      u64 x = ccLoad64(&pCol->aReal[8*(i64)i]);
      double r;
      memcpy(&r, &x, 8);
      if( pCol->aIsInt[i>>3] & (1<<(i&7)) ){
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
      return ccDictVal(pCol, ccDictCode(pCol, i), pV);
  }
}

/*
** Decode into pCol->aVal[] the rows aSel[0..nSel-1] of the vector of n
** rows starting at row i0 of the chunk (a PLAIN column, or one most of
** whose rows are selected, is decoded whole).  Return SQLITE_CORRUPT if
** the BLOB does not hold them.
*/
static int ccColDecodeSel(CCCol *pCol, int i0, const u16 *aSel, int nSel,
                          int n){
  CCVal *aV = pCol->aVal;
  int k, rc;
  if( pCol->enc==CC_ENC_PLAIN || nSel*2>n ) return ccColDecode(pCol, i0, n);
  if( pCol->enc==CC_ENC_FOR && pCol->nWidth<=56 ){
    const u8 *a = pCol->aPack;
    int w = pCol->nWidth;
    u64 mask = w ? ((((u64)1)<<w)-1) : 0;
    u64 iBase = (u64)pCol->iBase;
    for(k=0; k<nSel; k++){
      int r = aSel[k];
      u64 iBit = (u64)(i0+r)*w;
      aV[r].eType = SQLITE_INTEGER;
      aV[r].u.i = (i64)(iBase + ((ccLoad64(&a[iBit>>3])>>(iBit&7)) & mask));
      if( pCol->aNull && (pCol->aNull[(i0+r)>>3] & (1<<((i0+r)&7))) ){
        aV[r].eType = SQLITE_NULL;
      }
    }
    return SQLITE_OK;
  }
  for(k=0; k<nSel; k++){
    int r = aSel[k];
    rc = ccColGet(pCol, i0+r, &aV[r]);
    if( rc ) return rc;
  }
  return SQLITE_OK;
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
** Return SQLITE_CORRUPT if the record is malformed (as ccRecord()).
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
    ccEncode(&p->aB[s], &p->out, &nNull, &mTypes, &vMin, &vMax);
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
    if( !bOne && p->aB[0].nVal==CC_CHUNK_ROWS ){
      ccFlush(p, k, lo, iLast);
      nChunk++;
      k++;
      lo = iRowid;
    }
    rc = ccPayload(pCur, &aRec, &nAlloc, &nRec);
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
  if( p->rc==SQLITE_OK && (bOne || p->aB[0].nVal>0) ){
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
** Create the triggers of copy iId of pTab, whose chunks cover the rowids
** up to iHi.  The AFTER triggers mark the chunk of each row written; the
** BEFORE triggers, one pair per UNIQUE index, mark the chunk of a row
** that a REPLACE may delete without a DELETE trigger.
*/
static void ccCreateTriggers(CCBuilder *p, i64 iHi){
  Table *pTab;
  char *zR, *zT;                /* Copies of the rowid's and table's names */
  char *zDir;
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
  zDir = sqlite3_mprintf("\"%w\".\"" CC_PREFIX "_%lld_dir\"", p->zDb, p->iId);
  if( zR==0 || zT==0 || zDir==0 ){
    p->rc = SQLITE_NOMEM_BKPT;
    sqlite3_free(zR);
    sqlite3_free(zT);
    sqlite3_free(zDir);
    return;
  }
#define CC_MARK(X) \
  "UPDATE " CC_PREFIX "_%lld_dir SET stale=1 WHERE lo=(SELECT max(lo) FROM " \
  CC_PREFIX "_%lld_dir WHERE lo<=" X ") AND stale=0;"
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_ai", p->iId, sig);
  ccExec(p->db, &p->rc, &p->zErr,
    "CREATE TRIGGER \"%w\".\"%w\" AFTER INSERT ON \"%w\" "
    "WHEN new.\"%w\"<=%lld BEGIN " CC_MARK("new.\"%w\"") " END",
    p->zDb, zName, zT, zR, iHi, p->iId, p->iId, zR);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_ad", p->iId, sig);
  ccExec(p->db, &p->rc, &p->zErr,
    "CREATE TRIGGER \"%w\".\"%w\" AFTER DELETE ON \"%w\" "
    "WHEN old.\"%w\"<=%lld BEGIN " CC_MARK("old.\"%w\"") " END",
    p->zDb, zName, zT, zR, iHi, p->iId, p->iId, zR);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_au", p->iId, sig);
  ccExec(p->db, &p->rc, &p->zErr,
    "CREATE TRIGGER \"%w\".\"%w\" AFTER UPDATE ON \"%w\" "
    "WHEN old.\"%w\"<=%lld OR new.\"%w\"<=%lld BEGIN "
    CC_MARK("old.\"%w\"") CC_MARK("new.\"%w\"") " END",
    p->zDb, zName, zT, zR, iHi, zR, iHi,
    p->iId, p->iId, zR, p->iId, p->iId, zR);
  /* The indexes are read only while every statement so far succeeded */
  for(pIdx=p->rc ? 0 : pTab->pIndex; pIdx; pIdx=pIdx->pNext){
    sqlite3_str *pWhere;
    char *zWhere;
    int i;
    if( !IsUniqueIndex(pIdx) ) continue;
    iIdx++;
    pWhere = sqlite3_str_new(p->db);
    for(i=0; i<pIdx->nKeyCol; i++){
      int iCol = pIdx->aiColumn[i];
      const char *zCol = pTab->aCol[iCol].zCnName;
      sqlite3_str_appendf(pWhere, "%s\"%w\" COLLATE \"%w\"=new.\"%w\"",
          i ? " AND " : "", zCol, pIdx->azColl[i], zCol);
    }
    zWhere = sqlite3_str_finish(pWhere);
    if( zWhere==0 ){ p->rc = SQLITE_NOMEM_BKPT; break; }
    sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_bi%d",
                     p->iId, sig, iIdx);
    ccExec(p->db, &p->rc, &p->zErr,
      "CREATE TRIGGER \"%w\".\"%w\" BEFORE INSERT ON \"%w\" BEGIN "
      CC_MARK("(SELECT \"%w\" FROM \"%w\" WHERE %s)") " END",
      p->zDb, zName, zT, p->iId, p->iId, zR, zT, zWhere);
    sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_%08x_bu%d",
                     p->iId, sig, iIdx);
    ccExec(p->db, &p->rc, &p->zErr,
      "CREATE TRIGGER \"%w\".\"%w\" BEFORE UPDATE ON \"%w\" BEGIN "
      CC_MARK("(SELECT \"%w\" FROM \"%w\" WHERE %s)") " END",
      p->zDb, zName, zT, p->iId, p->iId, zR, zT, zWhere);
    sqlite3_free(zWhere);
    if( p->rc ) break;          /* pIdx may be freed */
  }
#undef CC_MARK
  sqlite3_free(zR);
  sqlite3_free(zT);
  sqlite3_free(zDir);
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
        "DROP TABLE IF EXISTS \"%w\".\"" CC_PREFIX "_%lld_data\";",
        p->zDb, iId, p->zDb, iId);
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
    }
  }
}

/*
** Read the current schema cookie of database iDb.
*/
static u32 ccCookie(sqlite3 *db, int iDb){
  u32 v = 0;
  sqlite3BtreeGetMeta(db->aDb[iDb].pBt, BTREE_SCHEMA_VERSION, &v);
  return v;
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

  memset(&b, 0, sizeof(b));
  b.db = db;
  b.zDb = db->aDb[iDb].zDbSName;
  b.zTab = zTab;
  sqlite3OsCurrentTimeInt64(db->pVfs, &t0);
  iCookie0 = ccCookie(db, iDb);
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
  iId = ccCopyOf(pTab, &nTrig, &iAny);

  /* VACUUM may have renumbered the rowids of a table with neither an
  ** INTEGER PRIMARY KEY nor an index since the copy was built: build it
  ** anew (sqlite3ColumnCopyRewind() checks the rowids instead) */
  if( iId && pTab->iPKey<0 && pTab->pIndex==0 ){
    pStmt = ccPrepare(db, &b.rc, &b.zErr,
        "SELECT cookie FROM \"%w\"." CC_PREFIX " WHERE id=%lld", b.zDb, iId);
    if( ccStep(db, pStmt, &b.rc, &b.zErr)!=SQLITE_ROW
     || sqlite3_column_int64(pStmt, 0)!=(i64)ccCookie(db, iDb)
    ){
      iAny = iId;
      iId = 0;
    }
    sqlite3_finalize(pStmt);
    pStmt = 0;
  }

  if( iId ){
    /* Refresh: rebuild the stale chunks, then chunk the tail */
    i64 iHi = SMALLEST_INT64, kMax = -1;
    int nDir = 0, nDirAlloc = 0, i;
    struct CCDirRow { i64 lo, k, hi; int bStale; } *aDir = 0;
    b.pTab = pTab;
    b.iId = iId;
    ccBuilderInit(&b);
    b.pInsData = ccPrepare(db, &b.rc, &b.zErr,
        "REPLACE INTO \"%w\"." CC_PREFIX "_%lld_data"
        "(id,nnull,types,minv,maxv,bytes) VALUES(?,?,?,?,?,?)", b.zDb, iId);
    b.pInsDir = ccPrepare(db, &b.rc, &b.zErr,
        "REPLACE INTO \"%w\"." CC_PREFIX "_%lld_dir(lo,k,hi,nrow,stale) "
        "VALUES(?,?,?,?,0)", b.zDb, iId);
    pStmt = ccPrepare(db, &b.rc, &b.zErr,
        "SELECT lo, k, hi, stale FROM \"%w\"." CC_PREFIX "_%lld_dir "
        "ORDER BY lo", b.zDb, iId);
    while( ccStep(db, pStmt, &b.rc, &b.zErr)==SQLITE_ROW ){
      if( nDir>=nDirAlloc ){
        struct CCDirRow *aNew;
        nDirAlloc = nDirAlloc*2 + 64;
        aNew = sqlite3_realloc64(aDir, sizeof(*aDir)*nDirAlloc);
        if( aNew==0 ){ b.rc = SQLITE_NOMEM_BKPT; break; }
        aDir = aNew;
      }
      aDir[nDir].lo = sqlite3_column_int64(pStmt, 0);
      aDir[nDir].k = sqlite3_column_int64(pStmt, 1);
      aDir[nDir].hi = sqlite3_column_int64(pStmt, 2);
      aDir[nDir].bStale = sqlite3_column_int(pStmt, 3);
      if( aDir[nDir].k>kMax ) kMax = aDir[nDir].k;
      iHi = aDir[nDir].hi;
      nDir++;
    }
    sqlite3_finalize(pStmt);
    pStmt = 0;
    pTab = sqlite3FindTable(db, zTab, b.zDb);   /* Nested SQL ran */
    if( pTab==0 && b.rc==SQLITE_OK ) b.rc = SQLITE_SCHEMA;
    if( b.rc==SQLITE_OK ) b.rc = ccCursorOpen(db, iDb, pTab->tnum, &pCur);
    for(i=0; i<nDir && b.rc==SQLITE_OK; i++){
      if( aDir[i].bStale ){
        /* Chunk i covers the rowids up to the next chunk's first, the
        ** last chunk those up to its hi */
        int n = 0;
        i64 iTo = i+1<nDir ? aDir[i+1].lo-1 : aDir[i].hi;
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
    sqlite3_free(aDir);
    if( b.rc==SQLITE_OK && iHi<LARGEST_INT64 ){
      i64 iLast = iHi;
      int n = 0;
      i64 iFrom = nDir ? iHi+1 : SMALLEST_INT64;
      ccBuildRange(&b, pCur, iFrom, LARGEST_INT64, 0, kMax+1, iFrom, &n,
                   &iLast);
      if( n>0 && b.rc==SQLITE_OK ){
        /* The chunks now reach further: new triggers */
        ccCursorClose(pCur);
        pCur = 0;
        ccDropCopy(&b, zTab, 0);
        b.pTab = pTab = sqlite3FindTable(db, zTab, b.zDb);
        if( pTab ) ccCreateTriggers(&b, iLast);
      }
    }
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
        "INSERT INTO \"%w\"." CC_PREFIX "(id,tbl,format,chunk_rows,ncol)"
        " VALUES(%lld,%Q,%d,%d,%d)",
        b.zDb, iId, b.zDb, iId, b.zDb, iId, zTab, CC_FORMAT, CC_CHUNK_ROWS,
        nCol);
    b.pTab = pTab = sqlite3FindTable(db, zTab, b.zDb);
    if( pTab==0 && b.rc==SQLITE_OK ) b.rc = SQLITE_SCHEMA;
    if( b.rc==SQLITE_OK ){
      ccBuilderInit(&b);
      b.pInsData = ccPrepare(db, &b.rc, &b.zErr,
          "INSERT INTO \"%w\"." CC_PREFIX "_%lld_data"
          "(id,nnull,types,minv,maxv,bytes) VALUES(?,?,?,?,?,?)", b.zDb, iId);
      b.pInsDir = ccPrepare(db, &b.rc, &b.zErr,
          "INSERT INTO \"%w\"." CC_PREFIX "_%lld_dir(lo,k,hi,nrow,stale) "
          "VALUES(?,?,?,?,0)", b.zDb, iId);
      if( b.rc==SQLITE_OK ) b.rc = ccCursorOpen(db, iDb, pTab->tnum, &pCur);
      ccBuildRange(&b, pCur, SMALLEST_INT64, LARGEST_INT64, 0, 0,
                   SMALLEST_INT64, &n, &iLast);
      nChunk = n;
      ccCursorClose(pCur);
      pCur = 0;
      /* With no rows, no chunk: every row will be in the tail, and the
      ** triggers' bound only decides which writes start their program
      ** (to mark nothing) */
      ccCreateTriggers(&b, n ? iLast : 0);
    }
  }
  ccCursorClose(pCur);

  /* The totals, and the schema cookie after the DDL above.  Every copy
  ** whose cookie was current before this build is still checked: it gets
  ** the new cookie too, so that building copies one table after another
  ** does not send every reader back to a rowid check (ccLoadDir()) */
  if( b.rc==SQLITE_OK ){
    ccExec(db, &b.rc, &b.zErr,
        "UPDATE \"%w\"." CC_PREFIX " SET cookie=%u WHERE cookie=%u",
        b.zDb, ccCookie(db, iDb), iCookie0);
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
        b.zDb, ccCookie(db, iDb), nRows, b.nBytes, CC_FORMAT, iId);
  }
  ccBuilderFree(&b);
  if( b.rc==SQLITE_IOERR_NOMEM || (b.rc && db->mallocFailed) ){
    b.rc = SQLITE_NOMEM_BKPT;
    sqlite3_free(b.zErr);
    b.zErr = 0;
  }
  if( b.rc ){
    sqlite3VdbeError(v, "PRAGMA column_copy: %s",
                     b.zErr ? b.zErr : sqlite3ErrStr(b.rc));
    sqlite3_free(b.zErr);
    return b.rc;
  }
  sqlite3OsCurrentTimeInt64(db->pVfs, &t1);
  sqlite3VdbeMemSetInt64(&aOut[0], nRows);
  sqlite3VdbeMemSetInt64(&aOut[1], nChunk);
  sqlite3VdbeMemSetInt64(&aOut[2], b.nBytes);
  sqlite3VdbeMemSetDouble(&aOut[3], (t1-t0)/1000.0);
  return SQLITE_OK;
}

/*
** The bytes of the pages of the B-tree rooted at iRoot (a walk of its
** pages through a cursor: every leaf and interior page once).
*/
static int ccTreeBytes(sqlite3 *db, int iDb, Pgno iRoot, i64 *pn){
  BtCursor *pCur = 0;
  i64 nRow = 0;
  int rc = ccCursorOpen(db, iDb, iRoot, &pCur);
  *pn = 0;
  if( rc==SQLITE_OK ){
    i64 nPage = 0;
    int res = 0;
    rc = sqlite3BtreeFirst(pCur, &res);
    /* Every row's payload, plus the pages it spills to; a close estimate
    ** of the table's bytes without a page-by-page walk */
    while( rc==SQLITE_OK && !res && !sqlite3BtreeEof(pCur) ){
      nPage += sqlite3BtreePayloadSize(pCur) + 4;
      nRow++;
      rc = sqlite3BtreeNext(pCur, 0);
    }
    if( rc==SQLITE_DONE ) rc = SQLITE_OK;
    *pn = nPage;
  }
  ccCursorClose(pCur);
  (void)nRow;
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
  int res = 0, rc;
  i64 nTail = 0;
  rc = ccCursorOpen(db, iDb, pTab->tnum, &pCur);
  if( rc==SQLITE_OK ){
    if( iHi==SMALLEST_INT64 ){
      rc = sqlite3BtreeFirst(pCur, &res);
    }else{
      rc = sqlite3BtreeTableMoveto(pCur, iHi, 0, &res);
      if( rc==SQLITE_OK && res<=0 && !sqlite3BtreeEof(pCur) ){
        rc = sqlite3BtreeNext(pCur, 0);
      }
    }
    while( rc==SQLITE_OK && !sqlite3BtreeEof(pCur) ){
      nTail++;
      rc = sqlite3BtreeNext(pCur, 0);
    }
    if( rc==SQLITE_DONE ) rc = SQLITE_OK;
  }
  ccCursorClose(pCur);
  *pnTail = nTail;
  return rc;
}

/*
** One row of PRAGMA column_copy_list for copy zId: table, rows, clean
** chunks, stale chunks, tail rows, bytes, the base table's bytes.
*/
static int ccList(Vdbe *v, int iDb, const char *zId, Mem *aOut){
  sqlite3 *db = v->db;
  const char *zDb = db->aDb[iDb].zDbSName;
  int rc = SQLITE_OK;
  char *zErr = 0;
  sqlite3_stmt *pStmt;
  i64 iId = 0;
  sqlite3Atoi64(zId, &iId, sqlite3Strlen30(zId), SQLITE_UTF8);
  pStmt = ccPrepare(db, &rc, &zErr,
      "SELECT m.tbl, (SELECT coalesce(sum(nrow),0) FROM \"%w\"." CC_PREFIX
      "_%lld_dir WHERE NOT stale), (SELECT count(*) FROM \"%w\"." CC_PREFIX
      "_%lld_dir WHERE NOT stale), (SELECT count(*) FROM \"%w\"." CC_PREFIX
      "_%lld_dir WHERE stale), (SELECT max(hi) FROM \"%w\"." CC_PREFIX
      "_%lld_dir), (SELECT coalesce(sum(length(bytes)),0) FROM \"%w\"."
      CC_PREFIX "_%lld_data) FROM \"%w\"." CC_PREFIX " AS m WHERE m.id=%lld",
      zDb, iId, zDb, iId, zDb, iId, zDb, iId, zDb, iId, zDb, iId);
  if( ccStep(db, pStmt, &rc, &zErr)==SQLITE_ROW ){
    const char *zTab = (const char*)sqlite3_column_text(pStmt, 0);
    Table *pTab = zTab ? sqlite3FindTable(db, zTab, zDb) : 0;
    i64 nTail = 0, nBase = 0, iAny = 0;
    sqlite3VdbeMemSetStr(&aOut[0], zTab, -1, SQLITE_UTF8, SQLITE_TRANSIENT);
    sqlite3VdbeMemSetInt64(&aOut[1], sqlite3_column_int64(pStmt, 1));
    sqlite3VdbeMemSetInt64(&aOut[2], sqlite3_column_int64(pStmt, 2));
    sqlite3VdbeMemSetInt64(&aOut[3], sqlite3_column_int64(pStmt, 3));
    sqlite3VdbeMemSetInt64(&aOut[5], sqlite3_column_int64(pStmt, 5));
    if( pTab && IsOrdinaryTable(pTab) && HasRowid(pTab) ){
      ccCopyOf(pTab, 0, &iAny);
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
    for(i=0; i<7; i++) sqlite3VdbeMemSetNull(&aOut[i]);
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
  iId = ccCopyOf(pTab, 0, &iAny);
  if( iId==0 ) return rc;
  if( pTab->iPKey<0 && pTab->pIndex==0 ){
    pStmt = ccPrepare(db, &rc, &zErr,
        "SELECT cookie FROM \"%w\"." CC_PREFIX " WHERE id=%lld", zDb, iId);
    if( ccStep(db, pStmt, &rc, &zErr)!=SQLITE_ROW
     || sqlite3_column_int64(pStmt, 0)!=(i64)ccCookie(db, iDb)
    ){
      iId = 0;
    }
    sqlite3_finalize(pStmt);
  }
  if( iId ){
    pStmt = ccPrepare(db, &rc, &zErr,
        "SELECT coalesce(sum(CASE WHEN stale THEN nrow END),0),"
        " coalesce(sum(nrow),0), max(hi) FROM \"%w\"." CC_PREFIX "_%lld_dir",
        zDb, iId);
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
    bDue = nStale+nTail>0 && db->fork.colcopy.nRefresh>0
        && (nStale+nTail)*100 >= db->fork.colcopy.nRefresh*(nRow+nTail);
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

/*
** Implement OP_ColumnCopy: P1 is the action (COLUMN_COPY_*), P2 the
** database, P3 the first output register, P4 the table's name (the copy's
** id for COLUMN_COPY_LIST).
*/
int sqlite3ColumnCopyOp(Vdbe *v, VdbeOp *pOp){
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
      if( pTab ) ccCopyOf(pTab, &nTrig, &iAny);
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
    default:
      assert( pOp->p1==COLUMN_COPY_LIST );
      return ccList(v, pOp->p2, z, aOut);
  }
}

/************************************************************************
** The PRAGMAs (code generation)
*/

/*
** Find the table of PRAGMA zName's argument: a rowid table that is not a
** shadow table of a copy.  Code an error and return 0 if there is none.
*/
static Table *ccPragmaTable(Parse *pParse, const char *zName, const char *z){
  Table *pTab;
  if( z==0 || z[0]==0 ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s: expected a table name", zName);
    return 0;
  }
  pTab = sqlite3LocateTable(pParse, LOCATE_NOERR, z, 0);
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
void sqlite3ColumnCopyPragma(Parse *pParse, const char *zName, const char *z){
  Table *pTab = ccPragmaTable(pParse, zName, z);
  if( pTab ) ccPragmaCode(pParse, pTab, COLUMN_COPY_BUILD, 4);
}

/*
**   PRAGMA column_copy_drop(TABLE)
**
** Drop the copy of TABLE, if it has one.
*/
void sqlite3ColumnCopyDropPragma(
  Parse *pParse,
  const char *zName,
  const char *z
){
  Table *pTab = ccPragmaTable(pParse, zName, z);
  if( pTab ) ccPragmaCode(pParse, pTab, COLUMN_COPY_DROP, 0);
}

/*
**   PRAGMA column_copy_list
**
** One row per copy of the main and attached databases: found at prepare
** time from the schema (each copy's _dir table), read at run time.
*/
void sqlite3ColumnCopyListPragma(
  Parse *pParse,
  const char *zName,
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
  if( pParse->nMem<7 ) pParse->nMem = 7;
  for(iDb=0; iDb<db->nDb; iDb++){
    HashElem *k;
    if( iDb==1 ) continue;
    if( db->aDb[iDb].pBt==0 ) continue;
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
        sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 7);
      }
    }
  }
}

/*
**   PRAGMA column_copy_refresh
**   PRAGMA column_copy_refresh = N
**
** The percentage (1 to 100) of a copy's rows in stale chunks or past its
** last chunk at which PRAGMA optimize refreshes the copy; 0: never.
*/
void sqlite3ColumnCopyRefreshPragma(
  Parse *pParse,
  const char *zName,
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
    sqlite3CodeVerifySchema(pParse, iDb);
    for(k=sqliteHashFirst(&db->aDb[iDb].pSchema->tblHash); k;
        k=sqliteHashNext(k)){
      Table *pTab = (Table*)sqliteHashData(k);
      i64 iAny = 0;
      char *zSql;
      int addr;
      if( !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) continue;
      if( sqlite3StrNICmp(pTab->zName, CC_PREFIX, CC_PREFIX_LEN)==0 ) continue;
      ccCopyOf(pTab, 0, &iAny);
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
  switch( op ){
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
      pOut->bBinary = 1;
      for(i=0; i<pList->nExpr; i++){
        Expr *pX = pList->a[i].pExpr;
        if( !sqlite3ExprIsConstant(pParse, pX) ) return 0;
        pColl = sqlite3BinaryCompareCollSeq(pParse, pE->pLeft, pX);
        if( pColl && !sqlite3IsBinary(pColl) ) pOut->bBinary = 0;
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
  if( pVal==0 || sqlite3ExprIsVector(pVal)
   || !sqlite3ExprIsConstant(pParse, pVal)
  ){
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
** to lipsqlite_column_copy and the copy's _dir and _data tables, and
** return the copy's id.  Else return 0.
*/
static i64 ccShadowTables(Parse *pParse, Table *pTab, Table **apShadow){
  sqlite3 *db = pParse->db;
  i64 iId;
  int iDb, i;
  const char *zDb;
  char zName[64];
  if( !db->fork.colcopy.bOn || pParse->pVdbe==0 ) return 0;
  if( pTab==0 || !IsOrdinaryTable(pTab) || !HasRowid(pTab) ) return 0;
  if( pTab->pTrigger==0 ) return 0;
  iId = ccCopyOf(pTab, 0, 0);
  if( iId==0 ) return 0;
  iDb = sqlite3SchemaToIndex(db, pTab->pSchema);
  if( iDb==1 ) return 0;
  zDb = db->aDb[iDb].zDbSName;
  apShadow[0] = sqlite3FindTable(db, CC_PREFIX, zDb);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_dir", iId);
  apShadow[1] = sqlite3FindTable(db, zName, zDb);
  sqlite3_snprintf(sizeof(zName), zName, CC_PREFIX "_%lld_data", iId);
  apShadow[2] = sqlite3FindTable(db, zName, zDb);
  for(i=0; i<3; i++){
    if( apShadow[i]==0 || !HasRowid(apShadow[i]) ) return 0;
  }
  return iId;
}

/*
** Fill in the copy's part of plan pPlan, for table pTab and the copy iId
** that ccShadowTables() found with apShadow[], and lock the shadow tables
** for reading (shared cache).
*/
static void ccPlanInit(
  Parse *pParse,
  CCPlan *pPlan,
  Table *pTab,
  i64 iId,
  Table **apShadow
){
  int iDb = sqlite3SchemaToIndex(pParse->db, pTab->pSchema);
  int i;
  pPlan->iId = iId;
  pPlan->iMetaRoot = apShadow[0]->tnum;
  pPlan->iDirRoot = apShadow[1]->tnum;
  pPlan->iDataRoot = apShadow[2]->tnum;
  pPlan->iTabRoot = pTab->tnum;
  pPlan->iDb = iDb;
  pPlan->nCol = pTab->nNVCol;
  pPlan->bRenumber = pTab->iPKey<0 && pTab->pIndex==0;
  for(i=0; i<3; i++){
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
  ccPlanInit(pParse, pPlan, pTab, iId, apShadow);
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
  Table *pTab, *apShadow[3];
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
  iId = ccShadowTables(pParse, pTab, apShadow);
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
      if( !pParse->okConstFactor || !sqlite3ExprIsConstant(pParse, pEndExpr) ){
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
    pPlan->iRegEnd = sqlite3ExprCodeRunJustOnce(pParse, pEndExpr, -1);
  }
  pPlan->addrLoop = pLevel->p2;
  pPlan->addrProbe = addrProbe;

  assert( pLevel->p2>0 );
  sqlite3VdbeChangeOpcode(v, addrStart, OP_ColumnCopyRewind);
  sqlite3VdbeChangeP4(v, addrStart, (char*)pPlan, P4_DYNAMIC);
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
  Table *pTab, *apShadow[3];
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
  iId = ccShadowTables(pParse, pTab, apShadow);
  if( iId==0 ) return;
  pPlan = sqlite3DbMallocZero(db, sizeof(CCPlan) + pTab->nNVCol + 1);
  if( pPlan==0 ) return;
  pPlan->aUsed = (u8*)&pPlan[1];
  ccPlanInit(pParse, pPlan, pTab, iId, apShadow);
  pPlan->opStart = pOp->opcode;
  if( pOp->opcode==OP_SeekRowid ){
    sqlite3VdbeChangeOpcode(v, addr, OP_ColumnCopySeekRowid);
    sqlite3VdbeChangeP4(v, addr, (char*)pPlan, P4_DYNAMIC);
  }else{
    sqlite3VdbeAddOp4(v, OP_ColumnCopyLookup, pLevel->iTabCur, 0, 0,
                      (char*)pPlan, P4_DYNAMIC);
  }
}

/*
** True if opcode op reads or moves the cursor in its P1.
*/
static int ccCursorOp(u8 op){
  switch( op ){
    case OP_Close: case OP_ColumnsUsed: case OP_Count: case OP_CursorHint:
    case OP_CursorLock: case OP_CursorUnlock: case OP_Delete:
    case OP_FinishSeek: case OP_Found: case OP_NotFound: case OP_NoConflict:
    case OP_IFindKey: case OP_IdxDelete: case OP_IdxGE: case OP_IdxGT:
    case OP_IdxLE: case OP_IdxLT: case OP_IdxInsert: case OP_IdxRowid:
    case OP_IfEmpty: case OP_IfNoHope: case OP_IfNotOpen:
    case OP_IfSizeBetween: case OP_Insert: case OP_IntegrityCk:
    case OP_IsType: case OP_Last: case OP_NewRowid: case OP_Next:
    case OP_NotExists: case OP_SeekRowid: case OP_Offset:
    case OP_OpenDup: case OP_OpenEphemeral: case OP_OpenPseudo:
    case OP_OpenRead: case OP_OpenWrite: case OP_Prev: case OP_ReopenIdx:
    case OP_ResetSorter: case OP_Rewind: case OP_RowCell: case OP_RowData:
    case OP_SeekGT: case OP_SeekGE: case OP_SeekLT: case OP_SeekLE:
    case OP_SeekHit: case OP_SeekEnd: case OP_Sequence: case OP_SequenceTest:
    case OP_SoftNull: case OP_SorterCompare: case OP_SorterData:
    case OP_SorterInsert: case OP_SorterNext: case OP_SorterOpen:
    case OP_SorterSort: case OP_Sort: case OP_DeferredSeek:
    case OP_VColumn: case OP_VFilter: case OP_VNext: case OP_VOpen:
    case OP_VInitIn: case OP_NullRow: case OP_IfNullRow:
    case OP_Column: case OP_Rowid: case OP_ColumnCopyRewind:
    case OP_ColumnCopyNext: case OP_ColumnCopyColumn: case OP_ColumnCopyRowid:
    case OP_ColumnCopySeekRowid: case OP_ColumnCopyLookup:
      return 1;
  }
  return 0;
}

/*
** If the cursor iCur is used in [iFrom, iEnd) of v's program only by
** opcodes a copy serves, apart from the opcode at iAddr that starts its
** use of the copy (plan pPlan), turn its OP_Column and OP_Rowid there into
** OP_ColumnCopyColumn and OP_ColumnCopyRowid, noting the columns read,
** and return true; else change nothing and return false.
*/
static int ccServeCursor(
  Vdbe *v,
  CCPlan *pPlan,
  int iCur,
  int iAddr,
  int iFrom,
  int iEnd
){
  int j;
  for(j=iFrom; j<iEnd; j++){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, j);
    if( j==iAddr ) continue;
    if( pOp->opcode==OP_DeferredSeek && pOp->p3==iCur
     && pPlan->opStart==OP_DeferredSeek
    ){
      continue;                 /* The index's row, which iAddr follows */
    }
    if( (pOp->opcode==OP_DeferredSeek || pOp->opcode==OP_IdxRowid)
     && pOp->p3==iCur ){
      return 0;
    }else if( (pOp->opcode==OP_OpenDup || pOp->opcode==OP_RowCell)
           && pOp->p2==iCur ){
      return 0;
    }else if( pOp->p1==iCur && ccCursorOp(pOp->opcode) ){
      switch( pOp->opcode ){
        case OP_Column:
        case OP_Rowid:
        case OP_NullRow:
        case OP_IfNullRow:
        case OP_CursorHint:
        case OP_ColumnCopyNext:
        case OP_ColumnCopyColumn:
        case OP_ColumnCopyRowid:
          break;
        default:
          return 0;
      }
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
  Table *pTab, *apShadow[3];
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
  iId = ccShadowTables(pParse, pTab, apShadow);
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
  sqlite3VdbeChangeP4(v, addrTop, (char*)pPlan, P4_DYNAMIC);
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
** Free the scan state of cursor pC.
*/
void sqlite3ColumnCopyScanFree(sqlite3 *db, VdbeCursor *pC){
  ColumnCopyScan *p = pC->pColumnCopy;
  int i;
  pC->pColumnCopy = 0;
  if( p==0 ) return;
  ccCursorClose(p->pData);
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
  for(i=0; i<p->nTermAlloc; i++) sqlite3_free(p->aTerm[i].memo.a);
  for(i=0; i<CC_MAX_PROBE; i++) sqlite3_free(p->aProbeMemo[i].a);
  sqlite3_free(p->aTerm);
  ccSeekColFree(p);
  ccCursorClose(p->pSentinel);
  sqlite3_free(p->aChunk);
#ifdef SQLITE_BATCH_H
  sqlite3BatchFree(p->pBatch);
#endif
  (void)db;
  sqlite3_free(p);
}

/*
** Read the directory of the copy into p->aChunk[] and check its row of
** lipsqlite_column_copy.  Return SQLITE_OK and set *pbOk to false if the
** copy cannot be used (a copy this code did not write, a cookie mismatch
** on a table VACUUM may renumber that a check of the rowids against
** pBase, a cursor on the table's B-tree, refutes).
*/
static int ccLoadDir(ColumnCopyScan *p, BtCursor *pBase, int *pbOk){
  sqlite3 *db = p->db;
  CCPlan *pPlan = p->pPlan;
  BtCursor *pCur = 0;
  int rc, res = 0;
  u8 *aBuf = 0;
  u32 nAlloc = 0, n;
  Mem aF[9];
  int nAllocChunk = 0;
  u32 iCookie = 0;
  *pbOk = 0;
  p->nChunk = 0;
  memset(aF, 0, sizeof(aF));

  /* The copy's row: format, columns, cookie */
  rc = ccCursorOpen(db, pPlan->iDb, pPlan->iMetaRoot, &pCur);
  if( rc==SQLITE_OK ) rc = sqlite3BtreeTableMoveto(pCur, pPlan->iId, 0, &res);
  if( rc==SQLITE_OK && res==0 ) rc = ccPayload(pCur, &aBuf, &nAlloc, &n);
  if( rc==SQLITE_OK && res==0 ){
    int nF = ccRecord(aBuf, n, aF, 6);
    if( nF>=6
     && (aF[2].flags & MEM_Int)
     && aF[2].u.i>=CC_FORMAT_MIN && aF[2].u.i<=CC_FORMAT
     && (aF[4].flags & MEM_Int) && aF[4].u.i==pPlan->nCol
     && (aF[5].flags & MEM_Int)
    ){
      iCookie = (u32)aF[5].u.i;
      *pbOk = 1;
    }
  }
  ccCursorClose(pCur);
  pCur = 0;
  if( rc || !*pbOk ) goto load_done;

  /* The directory */
  rc = ccCursorOpen(db, pPlan->iDb, pPlan->iDirRoot, &pCur);
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
    rc = ccPayload(pCur, &aBuf, &nAlloc, &n);
    if( rc ) break;
    memset(aF, 0, sizeof(aF));
    nF = ccRecord(aBuf, n, aF, 5);
    if( nF<5 || !(aF[1].flags & MEM_Int) || !(aF[2].flags & MEM_Int)
     || !(aF[3].flags & MEM_Int) || !(aF[4].flags & MEM_Int)
     || aF[3].u.i<0 || aF[3].u.i>=0x7fffffff
     || aF[1].u.i<0 || aF[1].u.i>=((i64)1<<47)
    ){
      *pbOk = 0;
      break;
    }
    c = &p->aChunk[p->nChunk++];
    c->lo = sqlite3BtreeIntegerKey(pCur);
    c->k = aF[1].u.i;
    p->iHi = aF[2].u.i;
    c->nRow = (int)aF[3].u.i;
    c->bStale = aF[4].u.i!=0;
    rc = sqlite3BtreeNext(pCur, 0);
  }
  if( rc==SQLITE_DONE ) rc = SQLITE_OK;
  ccCursorClose(pCur);
  pCur = 0;
  if( p->nChunk==0 ) *pbOk = 0;

  /* VACUUM renumbers the rowids of a table with neither an INTEGER
  ** PRIMARY KEY nor an index, and changes the schema cookie: after a
  ** cookie change, check the rowids of such a table once per connection
  ** and cookie (doc/column-copy.md). */
  if( rc==SQLITE_OK && *pbOk && pPlan->bRenumber
   && iCookie!=ccCookie(db, pPlan->iDb)
  ){
    ColumnCopyConn *pConn = &db->fork.colcopy;
    u32 iNow = ccCookie(db, pPlan->iDb);
    int j, bKnown = 0;
    for(j=0; j<COLUMN_COPY_NOK; j++){
      if( pConn->aOk[j].iId==pPlan->iId && pConn->aOk[j].iCookie==iNow ){
        bKnown = 1;
      }
    }
    if( !bKnown ){
      /* Walk the B-tree's rowids against the copy's */
      int iChunk;
      rc = ccCursorOpen(db, pPlan->iDb, pPlan->iDataRoot, &pCur);
      for(iChunk=0; rc==SQLITE_OK && iChunk<p->nChunk && *pbOk; iChunk++){
        CCChunk *c = &p->aChunk[iChunk];
        CCCol col;
        int i, iR;
        if( c->bStale ) continue;
        memset(&col, 0, sizeof(col));
        rc = sqlite3BtreeTableMoveto(pCur, c->k*CC_SLOTS, 0, &res);
        if( rc || res ){ *pbOk = 0; break; }
        rc = ccPayload(pCur, &col.aBuf, &col.nAlloc, &n);
        if( rc==SQLITE_OK ){
          memset(aF, 0, sizeof(aF));
          if( ccRecord(col.aBuf, n, aF, 6)<6 || !(aF[5].flags & MEM_Blob)
           || ccColAttach(&col, (const u8*)aF[5].z, aF[5].n, c->nRow)
          ){
            *pbOk = 0;
          }
        }
        rc = rc ? rc : sqlite3BtreeTableMoveto(pBase, c->lo, 0, &res);
        if( rc==SQLITE_OK && res<0 ) rc = sqlite3BtreeNext(pBase, 0);
        for(i=0; rc==SQLITE_OK && *pbOk && i<c->nRow; i+=CC_VEC){
          int nv = c->nRow-i < CC_VEC ? c->nRow-i : CC_VEC;
          if( ccColDecode(&col, i, nv) ){ *pbOk = 0; break; }
          for(iR=0; iR<nv; iR++){
            if( sqlite3BtreeEof(pBase)
             || sqlite3BtreeIntegerKey(pBase)!=col.aVal[iR].u.i
            ){
              *pbOk = 0;
              break;
            }
            rc = sqlite3BtreeNext(pBase, 0);
            if( rc==SQLITE_DONE ) rc = SQLITE_OK;
          }
        }
        if( rc==SQLITE_OK && *pbOk && !sqlite3BtreeEof(pBase) ){
          /* No row between this chunk's last and the next chunk */
          i64 iNext = iChunk+1<p->nChunk ? p->aChunk[iChunk+1].lo : p->iHi+1;
          if( sqlite3BtreeIntegerKey(pBase)<iNext ) *pbOk = 0;
        }
        sqlite3_free(col.aBuf);
        sqlite3_free(col.aDictVal);
      }
      ccCursorClose(pCur);
      pCur = 0;
      if( rc==SQLITE_OK && *pbOk ){
        for(j=COLUMN_COPY_NOK-1; j>0; j--) pConn->aOk[j] = pConn->aOk[j-1];
        pConn->aOk[0].iId = pPlan->iId;
        pConn->aOk[0].iCookie = iNow;
      }
    }
  }
load_done:
  sqlite3_free(aBuf);
  return rc;
}

/*
** Load the data row of chunk c and slot iSlot into column pCol.
*/
static int ccColLoad(ColumnCopyScan *p, CCCol *pCol, const CCChunk *c,
                     int iSlot){
  int rc, res = 0;
  u32 n;
  Mem aF[6];
  if( pCol->k==c->k ) return SQLITE_OK;
  pCol->k = -1;
  pCol->iVec = -1;
  rc = sqlite3BtreeTableMoveto(p->pData, c->k*CC_SLOTS+iSlot, 0, &res);
  if( rc ) return rc;
  if( res ) return SQLITE_CORRUPT_BKPT;
  rc = ccPayload(p->pData, &pCol->aBuf, &pCol->nAlloc, &n);
  if( rc ) return rc;
  memset(aF, 0, sizeof(aF));
  if( ccRecord(pCol->aBuf, n, aF, 6)<6 || !(aF[5].flags & MEM_Blob) ){
    return SQLITE_CORRUPT_BKPT;
  }
  rc = ccColAttach(pCol, (const u8*)aF[5].z, aF[5].n, c->nRow);
  if( rc==SQLITE_OK ) pCol->k = c->k;
  return rc;
}

/*
** The column of slot iSlot, allocated on first use.
*/
static CCCol *ccCol(ColumnCopyScan *p, int iSlot){
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
  Mem aF[6];
  i64 nNull, mTypes;
  CCVal vMin, vMax;
  rc = sqlite3BtreeTableMoveto(p->pData, c->k*CC_SLOTS+t->iSlot, 0, &res);
  if( rc || res ) return 0;
  (void)sqlite3BtreePayloadSize(p->pData);   /* Parses the cell */
  a = (const u8*)sqlite3BtreePayloadFetch(p->pData, &nLocal);
  memset(aF, 0, sizeof(aF));
  /* Parse only what is on the page: the small fields come first */
  {
    u32 szHdr, iHdr, iBody, st, len;
    int nF = 0;
    if( nLocal==0 ) return 0;
    iHdr = getVarint32(a, szHdr);
    if( szHdr>nLocal ) return 0;
    iBody = szHdr;
    while( iHdr<szHdr && nF<5 ){
      iHdr += getVarint32(&a[iHdr], st);
      len = sqlite3VdbeSerialTypeLen(st);
      if( st>=10 || iBody+len>nLocal ) return 0;
      sqlite3VdbeSerialGet(&a[iBody], st, &aF[nF]);
      iBody += len;
      nF++;
    }
    if( nF<5 ) return 0;
  }
  if( !(aF[1].flags & MEM_Int) || !(aF[2].flags & MEM_Int) ) return 0;
  nNull = aF[1].u.i;
  mTypes = aF[2].u.i;
  if( t->op==TK_ISNULL ) return nNull==0;
  if( t->op==TK_NOTNULL ) return nNull>=c->nRow;
  if( nNull>=c->nRow ) return 1;      /* All NULL: no comparison holds */
  if( t->bOff ) return 0;
  if( mTypes & ~((1<<SQLITE_INTEGER)|(1<<SQLITE_FLOAT)|(1<<SQLITE_NULL)) ){
    return 0;
  }
  for(i=3; i<=4; i++){
    CCVal *pV = i==3 ? &vMin : &vMax;
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
    cMin = ccNumCmp(&vMin, k);
    cMax = ccNumCmp(&vMax, k);
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

static int ccColumnVector(ColumnCopyScan*, int);
static int ccSeekColumn(ColumnCopyScan*, int, Mem*);
static int ccColumnValue(sqlite3*, const CCVal*, Mem*);

#ifdef SQLITE_LIP_H
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
    u64 mask = w ? ((((u64)1)<<w)-1) : 0;
    u64 iBase = (u64)pCol->iBase;
    for(k=0; k<p->nSel; k++){
      u64 iBit = (u64)(i0+aSel[k])*w;
      aKey[k] = (i64)(iBase + ((ccLoad64(&a[iBit>>3])>>(iBit&7)) & mask));
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
    /* A probe is one of at most CC_MAX_PROBE that ccProbeFilters() finds,
    ** each with one filter register and key */
    if( NEVER(m>=CC_MAX_PROBE) ) return SQLITE_OK;  /* The body decides */
    p->aProbeReg[m] = pProbe->p1;
    p->aProbeSlot[m] = iSlot;
    p->aProbeMemo[m].k = -1;
    p->nProbeMemo++;
  }
  aMemo = ccMemoFor(&p->aProbeMemo[m], pCol);
  if( aMemo==0 ) return SQLITE_NOMEM_BKPT;
  for(i=0; i<p->nSel; i++){
    int r = p->aSel[i];
    int iRow = p->iVec*CC_VEC + r, iCode;
    if( pCol->aNull && (pCol->aNull[iRow>>3] & (1<<(iRow&7))) ){
      p->aSel[nOut++] = (u16)r;           /* The body decides */
      continue;
    }
    iCode = ccDictCode(pCol, iRow);
    if( iCode>=pCol->nDict ){
      if( pCol->nDict==0 ){ p->aSel[nOut++] = (u16)r; continue; }
      return SQLITE_CORRUPT_BKPT;
    }
    if( aMemo[iCode]==0 ){
      CCVal val;
      rc = ccDictVal(pCol, iCode, &val);
      if( rc==SQLITE_OK ) rc = ccColumnValue(p->db, &val, pKey);
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
static int ccProbeFilters(ColumnCopyScan *p){
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
    CCCol *pCol = ccCol(p, 1+aCol[j]);
    int rc, k;
    u32 iCost;
    if( pCol==0 ) return SQLITE_NOMEM_BKPT;
    rc = ccColLoad(p, pCol, &p->aChunk[p->iChunk], 1+aCol[j]);
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
      rc = ccColumnVector(p, aCol[j]);
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
        rc = ccColumnValue(p->db, pV, pKey);
        if( rc ) return rc;
      }
      if( !sqlite3LipFilter(v, &aProbe[j]) ) p->aSel[nOut++] = (u16)r;
    }
    p->nSel = nOut;
  }
  return SQLITE_OK;
}
#endif /* SQLITE_LIP_H */

/*
** Keep in p->aSel[] the rows r for which X holds if aV[r] is an integer,
** or ccTermMay() if it is not (used by ccNextVector()).
*/
#define CC_FILTER(X) \
  for(i=0; i<p->nSel; i++){ \
    int r = p->aSel[i]; \
    if( aV[r].eType==SQLITE_INTEGER ? (X) : ccTermMay(t, &aV[r]) ){ \
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
  u8 *aMemo = ccMemoFor(&t->memo, pCol);
  int i, nOut = 0, rc;
  assert( t->op!=TK_ISNULL && t->op!=TK_NOTNULL );
  if( aMemo==0 ) return SQLITE_NOMEM_BKPT;
  for(i=0; i<p->nSel; i++){
    int r = p->aSel[i];
    int iRow = i0+r, iCode;
    if( pCol->aNull && (pCol->aNull[iRow>>3] & (1<<(iRow&7))) ){
      continue;                 /* No comparison with NULL holds */
    }
    iCode = ccDictCode(pCol, iRow);
    if( iCode>=pCol->nDict ){
      if( pCol->nDict==0 ) continue;      /* Every row is NULL */
      return SQLITE_CORRUPT_BKPT;
    }
    if( aMemo[iCode]==0 ){
      CCVal v;
      rc = ccDictVal(pCol, iCode, &v);
      if( rc ) return rc;
      aMemo[iCode] = ccTermMay(t, &v) ? CC_MEMO_PASS : CC_MEMO_FAIL;
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
  rc = ccColDecode(pRowid, i0, c->nRow-i0<CC_VEC ? c->nRow-i0 : CC_VEC);
  assert( rc==SQLITE_OK );
  (void)rc;
  pRowid->iVec = p->iVec;
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
    p->iVec++;
    i0 = p->iVec*CC_VEC;
    if( i0>=c->nRow ){ *pbDone = 1; return SQLITE_OK; }
    n = c->nRow-i0 < CC_VEC ? c->nRow-i0 : CC_VEC;
    pRowid = ccCol(p, 0);
    if( pRowid==0 ) return SQLITE_NOMEM_BKPT;
    rc = ccColLoad(p, pRowid, c, 0);
    if( rc==SQLITE_OK && pRowid->iVec!=p->iVec
     && (p->bClip || !ccRowidLazy(pRowid))
    ){
      rc = ccColDecode(pRowid, i0, n);
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
      CCCol *pCol = ccCol(p, t->iSlot);
      int nOut = 0;
      if( pCol==0 ) return SQLITE_NOMEM_BKPT;
      rc = ccColLoad(p, pCol, c, t->iSlot);
      if( rc==SQLITE_OK && pCol->enc==CC_ENC_DICT
       && t->op!=TK_ISNULL && t->op!=TK_NOTNULL
      ){
        /* Texts: the term is decided once per dictionary entry */
        rc = ccTermDict(p, t, pCol, i0);
        if( rc ) return rc;
        continue;
      }
      if( rc==SQLITE_OK && pCol->iVec!=p->iVec ){
        rc = ccColDecode(pCol, i0, n);
        pCol->iVec = p->iVec;
      }
      if( rc ) return rc;
      if( t->nConst==1 && !t->bOff && t->aConst[0].eType==SQLITE_INTEGER ){
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
          if( ccTermMay(t, &pCol->aVal[r]) ) p->aSel[nOut++] = (u16)r;
        }
      }
      p->nSel = nOut;
    }
    if( p->nSel>0 ){
      p->iVecSeq++;
      if( pRowid->iVec==p->iVec ) pRowid->iVecSeq = p->iVecSeq;
      for(j=0; j<p->nTerm; j++){
        CCCol *pCol = p->apCol[p->aTerm[j].iSlot];
        if( pCol->iVec==p->iVec ) pCol->iVecSeq = p->iVecSeq;
      }
#ifdef SQLITE_LIP_H
      rc = ccProbeFilters(p);
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
      p->bClip = c->lo<p->iLo || iChunkHi>p->iStop;
      for(j=0; j<p->nTerm && !bSkip; j++){
        bSkip = ccZoneSkip(p, c, &p->aTerm[j]);
      }
      if( !bSkip && c->nRow>0 ){
        p->eMode = CC_MODE_VEC;
        p->iVec = -1;
        rc = ccNextVector(p, &bDone);
        if( rc ) return rc;
        if( !bDone ) return SQLITE_OK;
      }
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
** Implement OP_ColumnCopyRewind: set *pRes to 0 if the scan has a first
** row, 1 if there is none.  If the copy cannot be used, the cursor is
** left rewound on its B-tree, with no scan: OP_ColumnCopyNext,
** OP_ColumnCopyColumn and OP_ColumnCopyRowid then act as OP_Next,
** OP_Column and OP_Rowid.
*/
#ifdef SQLITE_BATCH_H
/*
** The scan p of cursor pC is on a row of a vector.  If the loop has a
** batch program (the P4 of its OP_ColumnCopyNext, batch.c), let it run
** the loop's body over the rows of the vector from this one on, and go on
** through the next vectors while it takes all their rows.  Return
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
static int ccBatch(ColumnCopyScan *p, VdbeCursor *pC, int bFirst){
  Vdbe *v = p->pVdbe;
  VdbeOp *pNext = &v->aOp[p->addrNext];
  i64 nTaken = 0;
  int rc = SQLITE_OK;
  assert( pNext->opcode==OP_ColumnCopyNext && pNext->p1==p->iCur );
  if( pNext->p4type!=P4_DYNAMIC ) return SQLITE_OK;
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
    rc = sqlite3BatchRun(v, pC, (BatchProg*)pNext->p4.p, &p->pBatch,
                         &p->aSel[p->iSel], p->nSel-p->iSel, &nTake);
    if( rc ) return rc;
    assert( nTake>=0 && p->iSel+nTake<=p->nSel );
    nTaken += nTake;
    p->iSel += nTake;
    if( p->iSel<p->nSel ) break;
    rc = ccNextVector(p, &bDone);
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
#endif

int sqlite3ColumnCopyRewind(Vdbe *v, VdbeCursor *pC, VdbeOp *pOp, int *pRes){
  sqlite3 *db = v->db;
  CCPlan *pPlan = (CCPlan*)pOp->p4.p;
  ColumnCopyScan *p = pC->pColumnCopy;
  BtCursor *pBase = pC->uc.pCursor;
  int rc, res = 0, bOk = 0, i, j, nMem = 0;
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
    rc = ccCursorOpen(db, pPlan->iDb, pPlan->iDataRoot, &p->pData);
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
  rc = ccLoadDir(p, pBase, &bOk);
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
#ifdef SQLITE_BATCH_H
  if( rc==SQLITE_OK && p->eMode==CC_MODE_VEC ){
    pC->nullRow = 0;            /* On a row: the batch reads its vector */
    rc = ccBatch(p, pC, 1);
  }
#endif
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
** Implement OP_ColumnCopyNext on a cursor with a scan: return SQLITE_OK
** at the next row, SQLITE_DONE at the end, or an error code.
*/
static int ccNext(VdbeCursor *pC){
  ColumnCopyScan *p = pC->pColumnCopy;
  BtCursor *pBase = pC->uc.pCursor;
  int rc, bDone;
  i64 iKey;
  if( pC->nullRow || p->eMode==CC_MODE_EOF ){
    /* OP_NullRow, or past the end: as sqlite3BtreeNext() on such a
    ** cursor */
    p->eMode = CC_MODE_EOF;
    return SQLITE_DONE;
  }
  if( p->eMode==CC_MODE_VEC ){
    if( sqlite3BtreeCursorHasMoved(pBase) ){
      /* This connection wrote to the table during the scan: the rest of
      ** it comes from the B-tree */
      p->bAll = 1;
      p->iEnd = ccRowid(p);
      return ccEnterChunk(p, pBase, p->nChunk);
    }
    p->iSel++;
    if( p->iSel<p->nSel ) return SQLITE_OK;
    rc = ccNextVector(p, &bDone);
    if( rc ) return rc;
    if( !bDone ) return SQLITE_OK;
    return ccEnterChunk(p, pBase, p->iChunk+1);
  }
  assert( p->eMode==CC_MODE_BTREE );
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
#ifdef SQLITE_BATCH_H
  ColumnCopyScan *p = pC->pColumnCopy;
  if( rc==SQLITE_OK && p->eMode==CC_MODE_VEC ) rc = ccBatch(p, pC, 0);
#endif
  return rc;
}

/*
** Add to *pn the rows of table cursor pBase with rowids from iLo to iHi.
*/
static int ccCountRange(BtCursor *pBase, i64 iLo, i64 iHi, i64 *pn){
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
** Implement OP_ColumnCopyCount: set *pnEntry to the rows of the table of
** the copy in P4, as a scan through the copy reads them: the rows of each
** clean chunk from the directory, those of stale chunks and of the tail
** from the table's B-tree.  If the copy cannot be used, count the B-tree
** of cursor P1 (the table or an index of it) as OP_Count does.
*/
int sqlite3ColumnCopyCount(Vdbe *v, VdbeOp *pOp, i64 *pnEntry){
  sqlite3 *db = v->db;
  CCPlan *pPlan = (CCPlan*)pOp->p4.p;
  ColumnCopyScan s;
  BtCursor *pBase = 0;
  int rc, bOk = 0, i;
  i64 n = 0;

  memset(&s, 0, sizeof(s));
  s.db = db;
  s.pPlan = pPlan;
  rc = ccCursorOpen(db, pPlan->iDb, pPlan->iTabRoot, &pBase);
  if( rc==SQLITE_OK ) rc = ccLoadDir(&s, pBase, &bOk);
  for(i=0; rc==SQLITE_OK && bOk && i<s.nChunk; ){
    const CCChunk *c = &s.aChunk[i];
    if( !c->bStale ){
      n += c->nRow;
      i++;
    }else{
      int iLast = i;
      while( iLast+1<s.nChunk && s.aChunk[iLast+1].bStale ) iLast++;
      rc = ccCountRange(pBase, c->lo,
          iLast+1<s.nChunk ? s.aChunk[iLast+1].lo-1 : s.iHi, &n);
      i = iLast+1;
    }
  }
  if( rc==SQLITE_OK && bOk && s.iHi<LARGEST_INT64 ){
    rc = ccCountRange(pBase, s.iHi+1, LARGEST_INT64, &n);
  }
  ccCursorClose(pBase);
  sqlite3_free(s.aChunk);
  if( rc==SQLITE_OK && !bOk ){
    VdbeCursor *pC = v->apCsr[pOp->p1];
    assert( pC->eCurType==CURTYPE_BTREE );
    n = 0;
    rc = sqlite3BtreeCount(db, pC->uc.pCursor, &n);
  }
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
  Table *apShadow[3];
  CCPlan *pPlan;
  i64 iId;
  int addr;
  iId = ccShadowTables(pParse, pTab, apShadow);
  if( iId==0 ) return;
  for(addr=sqlite3VdbeCurrentAddr(v)-1; addr>=0; addr--){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, addr);
    if( pOp->opcode==OP_Count && pOp->p1==iCsr ) break;
  }
  if( NEVER(addr<0) || sqlite3VdbeGetOp(v, addr)->p3!=0 ) return;
  pPlan = sqlite3DbMallocZero(pParse->db, sizeof(CCPlan));
  if( pPlan==0 ) return;
  ccPlanInit(pParse, pPlan, pTab, iId, apShadow);
  sqlite3VdbeChangeOpcode(v, addr, OP_ColumnCopyCount);
  sqlite3VdbeChangeP4(v, addr, (char*)pPlan, P4_DYNAMIC);

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
static SQLITE_NOINLINE int ccColumnVector(ColumnCopyScan *p, int iCol){
  CCCol *pCol = ccCol(p, 1+iCol);
  const CCChunk *c = &p->aChunk[p->iChunk];
  int i0 = p->iVec*CC_VEC;
  int rc;
  if( pCol==0 ) return SQLITE_NOMEM_BKPT;
  rc = ccColLoad(p, pCol, c, 1+iCol);
  if( rc==SQLITE_OK ){
    /* The rows still selected: later vectors' selections only shrink */
    rc = ccColDecodeSel(pCol, i0, p->aSel, p->nSel,
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
static SQLITE_NOINLINE int ccColumnValue(sqlite3 *db, const CCVal *pV,
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
    return p->eMode==CC_MODE_SEEK ? ccSeekColumn(p, iCol, pDest) : -1;
  }
  if( NEVER((unsigned)iCol>=(unsigned)(p->nSlot-1)) ) return -1;
  pCol = p->apCol[1+iCol];
  if( pCol==0 || pCol->iVecSeq!=p->iVecSeq ){
    int rc = ccColumnVector(p, iCol);
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
  return ccColumnValue(p->db, pV, pDest);
}

/*
** Implement OP_ColumnCopyRowid: if the scan of pC is on a row of a
** vector, set *piRowid and return 1; else return 0.
*/
int sqlite3ColumnCopyRowid(VdbeCursor *pC, i64 *piRowid){
  ColumnCopyScan *p = pC->pColumnCopy;
  if( p==0 || pC->nullRow ) return 0;
  if( p->eMode==CC_MODE_SEEK ){
    *piRowid = p->iSeekRowid;
    return 1;
  }
  if( p->eMode!=CC_MODE_VEC ) return 0;
  *piRowid = ccRowid(p);
  return 1;
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
  *pRc = ccColLoad(p, pCol, &p->aChunk[iChunk], iSlot);
  if( *pRc==SQLITE_OK && pCol->enc==CC_ENC_PLAIN ){
    /* Values of varying sizes: note where each row's starts */
    int nRow = p->aChunk[iChunk].nRow, j;
    const u8 *a = pCol->aPlain, *pEnd = pCol->a + pCol->n;
    pCol->aRowOff = sqlite3_malloc64(sizeof(u32)*(nRow+1));
    if( pCol->aRowOff==0 ) *pRc = SQLITE_NOMEM_BKPT;
    for(j=0; j<nRow && *pRc==SQLITE_OK; j++){
      CCVal x;
      pCol->aRowOff[j] = (u32)(a - pCol->aPlain);
      a = ccPlainVal(a, pEnd, &x);
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
  ccColGet(pCol, nRow-1, &x);
  nSpan = (u64)x.u.i - (u64)pCol->iBase + 1;
  if( x.u.i<pCol->iBase || nSpan>(u64)nRow*CC_SEEK_MAP ) return;
  /* A row number is less than CC_CHUNK_ROWS */
  assert( CC_CHUNK_ROWS-1<=0xffff );
  if( nRow>CC_CHUNK_ROWS ) return;
  pCol->aRowAt = sqlite3_malloc64(sizeof(u16)*nSpan);
  if( pCol->aRowAt==0 ) return;
  memset(pCol->aRowAt, 0, sizeof(u16)*nSpan);
  for(i=0; i<nRow; i++){
    ccColGet(pCol, i, &x);
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
  if( pCol->enc==CC_ENC_SEQ ){
    if( iKey>=pCol->iBase && (u64)iKey-(u64)pCol->iBase<(u64)nRow ){
      *piRow = (int)(iKey - pCol->iBase);
    }
  }else{
    /* Rowids ascend: a binary search, or the map of the rowids of a chunk
    ** whose rowids are dense enough (dates as yyyymmdd) */
    int lo = 0, hi = nRow-1;
    CCVal x;
    if( pCol->enc!=CC_ENC_FOR || pCol->aNull ) return SQLITE_CORRUPT_BKPT;
    if( pCol->aRowAt==0 && !pCol->bNoRowAt ) ccSeekRowMap(p, pCol, nRow);
    if( pCol->aRowAt ){
      /* The map gives the row of a rowid the chunk has, and a row whose
      ** rowid is checked for any other */
      u64 d = (u64)iKey - (u64)pCol->iBase;
      if( d<pCol->nRowAt ){
        int iRow = pCol->aRowAt[d];
        ccColGet(pCol, iRow, &x);
        if( x.u.i==iKey ) *piRow = iRow;
      }
      return SQLITE_OK;
    }
    while( lo<=hi ){
      int mid = lo + (hi-lo)/2;
      ccColGet(pCol, mid, &x);
      if( x.u.i==iKey ){ *piRow = mid; break; }
      if( x.u.i<iKey ) lo = mid+1; else hi = mid-1;
    }
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
  rc = ccCursorOpen(p->db, pPlan->iDb, pPlan->iDataRoot, &p->pData);
  if( rc==SQLITE_OK ) rc = ccLoadDir(p, pC->uc.pCursor, &bOk);
  if( rc==SQLITE_OK && bOk ){
    rc = ccCursorOpen(p->db, pPlan->iDb, pPlan->iTabRoot, &p->pSentinel);
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
** the chunks, and every lookup after a write to the table are the
** B-tree's.  Return SQLITE_OK or an error code.
*/
static int ccLookup(ColumnCopyScan *p, VdbeCursor *pC, i64 iKey, int *peOut){
  int rc, lo, hi, iRow;
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
    if( ccPlainVal(pCol->aPlain + pCol->aRowOff[p->iSeekRow],
                   pCol->a + pCol->n, &x)==0 ){
      return SQLITE_CORRUPT_BKPT;
    }
  }else{
    rc = ccColGet(pCol, p->iSeekRow, &x);
    if( rc ) return rc;
  }
  return ccColumnValue(p->db, &x, pDest);
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
    int rc = ccColumnVector(p, iCol);
    if( rc ) return rc;
    pCol = p->apCol[1+iCol];
  }
  *paVal = pCol->aVal;
  return SQLITE_OK;
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
** trigger, all of whose steps update a _dir table of database iDb that
** the SELECT's code, coded so far, does not read: the SELECT then runs
** row by row.  (sqlite3Insert() codes BEFORE triggers of an INSERT ...
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
      Table *pDir;
      const char *zT;
      int n, i;
      if( pStep->op!=TK_UPDATE || pStep->pSrc==0 || pStep->pSrc->nSrc!=1 ){
        return 0;
      }
      zT = pStep->pSrc->a[0].zName;
      n = zT ? sqlite3Strlen30(zT) : 0;
      if( n<CC_PREFIX_LEN+5
       || sqlite3StrNICmp(zT, CC_PREFIX "_", CC_PREFIX_LEN+1)!=0
       || sqlite3StrICmp(&zT[n-4], "_dir")!=0
      ){
        return 0;
      }
      pDir = sqlite3FindTable(db, zT, db->aDb[iDb].zDbSName);
      if( pDir==0 ) return 0;
      for(i=1; i<sqlite3VdbeCurrentAddr(v); i++){
        VdbeOp *pOp = sqlite3VdbeGetOp(v, i);
        if( pOp->opcode==OP_OpenRead && pOp->p2==(int)pDir->tnum ) return 0;
      }
    }
  }
  return 1;
}

/************************************************************************
** Incremental BLOB I/O
*/

/*
** Called by sqlite3_blob_write(), holding the connection's mutex, before
** it writes through cursor pCsr to a row of pTab in schema zDb: if pTab
** has a copy, mark the row's chunk stale in the blob handle's
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
      "UPDATE \"%w\"." CC_PREFIX "_%lld_dir SET stale=1 WHERE lo=(SELECT max(lo)"
      " FROM \"%w\"." CC_PREFIX "_%lld_dir WHERE lo<=%lld) AND stale=0",
      zDb, iId, zDb, iId, iRow);
  if( rc ) sqlite3ErrorWithMsg(db, rc, "%s", zErr ? zErr : sqlite3ErrStr(rc));
  sqlite3_free(zErr);
  return rc;
}
