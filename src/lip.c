/*
** 2026 November 23
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
** LIP (look-ahead information passing) Bloom filters for star joins.
**
** A star join scans a large fact table in its outer loop and, for each
** fact row, searches each dimension table by key.  When the dimension has
** local constraints, many of those searches find nothing.  A Bloom filter
** built from the keys of the dimension rows that pass the local
** constraints lets the fact row be rejected with a few memory accesses
** instead of a b-tree search.  All filters of the join are probed at the
** top of the outer loop, before any inner search, in an order that adapts
** to how often each filter rejects.
**
** This file holds:
**
**   *  the filter itself: the hashes of the keys are collected while it is
**      built; at the first probe the bit array is sized from their number
**      (LIP_BITS_PER_KEY bits per key) and filled.  It is a blocked Bloom
**      filter: all LIP_NPROBE bits of one key lie in one 64-byte block, so
**      a probe touches one cache line.
**
**   *  a hash that follows SQLite's comparison rules: an integer and a
**      real with the same value hash alike; NULL hashes to a value of its
**      own; text is hashed under the collation of the comparison (BINARY,
**      NOCASE, RTRIM), and all text hashes alike under any other collation
**      or encoding, so that a filter never rejects a key that could match;
**
**   *  the bodies of the OP_FilterInit, OP_FilterAdd and OP_Filter opcodes;
**
**   *  the planner rule that decides which SEARCH loops get a filter, and
**      the code generators used by where.c and wherecode.c;
**
**   *  PRAGMA lip_filter.
**
** The filter is held in a register as a blob whose destructor is
** lipFilterDelete().  A register holding any other blob is a filter into
** which no key was added (an empty set).  A register holding NULL is a
** disabled filter: every probe passes.  Filters are disabled when memory
** runs out and when OP_FilterInit finds that building one is not worth it.
*/
#include "sqliteInt.h"
#include "vdbeInt.h"
#include "whereInt.h"

/*
** Tuning.  With 12 bits per key and 7 bits set per key, the false positive
** rate of a blocked filter of 512-bit blocks stays well below 2% (checked
** by test/unit/test_lip.c).
*/
#define LIP_BITS_PER_KEY    12
#define LIP_NPROBE          7
#define LIP_BLOCK_WORDS     8          /* 8 x 64 bits = one 64-byte block */
#define LIP_MAX_KEYS        (1<<26)    /* More keys than this: disable */
#define LIP_REORDER         512        /* Leader probes between reorders */

/* Text modes of a key column, two bits each in FilterAdd's P5 */
#define LIP_TEXT_ANY        0          /* All text hashes alike */
#define LIP_TEXT_BINARY     1
#define LIP_TEXT_NOCASE     2
#define LIP_TEXT_RTRIM      3

/* Hashes of values that have no bytes to hash */
#define LIP_H_NULL          (((u64)0x6c697020)<<32 | 0x6e756c6c)
#define LIP_H_TEXT          (((u64)0x6c697020)<<32 | 0x74657874)
#define LIP_H_BLOB          (((u64)0x6c697020)<<32 | 0x626c6f62)

/*
** A Bloom filter.
*/
typedef struct LipFilter LipFilter;
struct LipFilter {
  sqlite3 *db;        /* Connection, for the statistics at release */
  int iReg;           /* Register holding this filter */
  int iRank;          /* Position in its group's probe order, or -1 */
  u8 eStatus;         /* LIPSTAT_BUILT or LIPSTAT_DISABLED */
  i64 nProbeTotal;    /* All probes, for PRAGMA lip_filter_stats */
  i64 nRejectTotal;   /* All rejections */
  u16 mText;          /* Text mode of each key column, 2 bits each */
  u8 nOrder;          /* Number of entries in aOrder[] (group leader only) */
  u8 bOrdered;        /* True once aOrder[] is initialized */
  int nHash;          /* Number of hashes in aHash[] */
  int nHashAlloc;     /* Allocated size of aHash[] */
  u64 *aHash;         /* Hashes of all keys added */
  u64 *aBlock;        /* Bit array: nBlock blocks of LIP_BLOCK_WORDS words */
  u32 nBlock;         /* Number of blocks in aBlock[], 0 if not built */
  int nBuilt;         /* Number of hashes when aBlock[] was sized */
  u32 nProbe;         /* Probes since the last reorder (decayed) */
  u32 nReject;        /* Rejections since the last reorder (decayed) */
  u32 nLeadProbe;     /* Group probes led by this filter since reorder */
  u8 aOrder[LIP_MAX_GROUP];  /* Probe order of the group this filter leads */
};

/*
** Remember what a filter did, for PRAGMA lip_filter_stats.  The most
** recent LIP_MAX_STAT filters are kept.
*/
static void lipRecord(
  sqlite3 *db, int iReg, int nKey, i64 nByte,
  i64 nProbe, i64 nReject, int iRank, u8 eStatus
){
  ForkConn *pFc = &db->fork;
  LipStat *pS;
  if( pFc->nLipStat>=LIP_MAX_STAT ){
    memmove(&pFc->aLipStat[0], &pFc->aLipStat[1],
            sizeof(LipStat)*(LIP_MAX_STAT-1));
    pFc->nLipStat = LIP_MAX_STAT-1;
  }
  pS = &pFc->aLipStat[pFc->nLipStat++];
  pS->iReg = iReg;
  pS->nKey = nKey;
  pS->nByte = nByte;
  pS->nProbe = nProbe;
  pS->nReject = nReject;
  pS->iRank = iRank;
  pS->eStatus = eStatus;
}

/*
** Destructor of a filter held in a register.
*/
static void lipFilterDelete(void *p){
  LipFilter *pF = (LipFilter*)p;
  if( pF ){
    if( pF->db ){
      lipRecord(pF->db, pF->iReg, pF->nHash,
                (i64)pF->nBlock*LIP_BLOCK_WORDS*sizeof(u64),
                pF->nProbeTotal, pF->nRejectTotal, pF->iRank, pF->eStatus);
    }
    sqlite3_free(pF->aHash);
    sqlite3_free(pF->aBlock);
    sqlite3_free(pF);
  }
}

/*
** Return the filter held in register pReg, or NULL if the register holds
** anything else.
*/
static LipFilter *lipFilterOf(Mem *pReg){
  if( (pReg->flags & MEM_Dyn)!=0 && pReg->xDel==lipFilterDelete ){
    return (LipFilter*)pReg->z;
  }
  return 0;
}

/*
** Turn register pReg, which holds an empty filter (any blob), into a
** filter object with text modes mText.  Return it, or NULL if memory
** runs out, in which case the filter is disabled (pReg set to NULL).
*/
static LipFilter *lipFilterCreate(Vdbe *p, int iReg, u16 mText){
  Mem *pReg = &p->aMem[iReg];
  LipFilter *pF = (LipFilter*)sqlite3_malloc64(sizeof(LipFilter));
  if( pF==0 ){
    sqlite3VdbeMemSetNull(pReg);
    if( p->db ) lipRecord(p->db, iReg, 0, 0, 0, 0, -1, LIPSTAT_DISABLED);
    return 0;
  }
  memset(pF, 0, sizeof(*pF));
  pF->db = p->db;
  pF->iReg = iReg;
  pF->iRank = -1;
  pF->mText = mText;
  sqlite3VdbeMemSetStr(pReg, (const char*)pF, sizeof(*pF), 0, lipFilterDelete);
  assert( lipFilterOf(pReg)==pF );
  return pF;
}

/*
** A 64-bit mixing function (the finalizer of splitmix64).
*/
static u64 lipMix(u64 x){
  x ^= x >> 30;
  x *= (((u64)0xbf58476d)<<32) | 0x1ce4e5b9;
  x ^= x >> 27;
  x *= (((u64)0x94d049bb)<<32) | 0x133111eb;
  x ^= x >> 31;
  return x;
}

/*
** Hash n bytes of z (FNV-1a), folding ASCII upper case to lower case if
** bFold is true, starting from seed.
*/
static u64 lipHashBytes(const u8 *z, int n, int bFold, u64 seed){
  u64 h = seed ^ ((((u64)0xcbf29ce4)<<32) | 0x84222325);
  const u64 prime = (((u64)0x100)<<32) | 0x000001b3;
  int i;
  if( bFold ){
    for(i=0; i<n; i++){ h = (h ^ sqlite3UpperToLower[z[i]]) * prime; }
  }else{
    for(i=0; i<n; i++){ h = (h ^ z[i]) * prime; }
  }
  return lipMix(h ^ (u64)n);
}

/*
** Return the hash of one value.  Two values that compare equal under
** SQLite's rules, with text compared under text mode eText, hash alike.
*/
static u64 lipHashValue(const Mem *pMem, int eText){
  u16 f = pMem->flags;
  if( f & MEM_Null ) return LIP_H_NULL;
  if( f & (MEM_Int|MEM_IntReal) ) return lipMix((u64)pMem->u.i);
  if( f & MEM_Real ){
    double r = pMem->u.r;
    u64 x;
    if( r>=-9223372036854775808.0 && r<9223372036854775808.0 ){
      i64 i = (i64)r;
      if( (double)i==r ) return lipMix((u64)i);   /* Also folds -0.0 */
    }
    memcpy(&x, &r, sizeof(x));
    return lipMix(x ^ LIP_H_BLOB);
  }
  if( f & MEM_Str ){
    const u8 *z = (const u8*)pMem->z;
    int n = pMem->n;
    if( eText==LIP_TEXT_ANY || pMem->enc!=SQLITE_UTF8 ) return LIP_H_TEXT;
    if( eText==LIP_TEXT_RTRIM ){
      while( n>0 && z[n-1]==' ' ) n--;
    }
    return lipHashBytes(z, n, eText==LIP_TEXT_NOCASE, LIP_H_TEXT);
  }
  if( f & MEM_Blob ){
    if( f & MEM_Zero ) return LIP_H_BLOB;
    return lipHashBytes((const u8*)pMem->z, pMem->n, 0, LIP_H_BLOB);
  }
  return LIP_H_NULL;   /* Not reached: every value has a type */
}

/*
** Return the hash of the key in the nKey registers starting at aKey[0],
** under the text modes mText.
*/
static u64 lipHashKey(const Mem *aKey, int nKey, u16 mText){
  u64 h = 0;
  int i;
  if( nKey==1 ) return lipHashValue(aKey, mText&3);   /* Already mixed */
  for(i=0; i<nKey; i++){
    int eText = i<8 ? (mText>>(2*i))&3 : LIP_TEXT_ANY;
    h = lipMix(h + lipHashValue(&aKey[i], eText) + (u64)i);
  }
  return h;
}

/*
** Set (bSet) or test (!bSet) the bits of hash h in the blocks of pF.
** Return true if all of them are set.
*/
static int lipBits(LipFilter *pF, u64 h, int bSet){
  u64 *aW;
  u64 g;
  int i;
  assert( pF->nBlock>0 );
  aW = &pF->aBlock[((h>>32)*(u64)pF->nBlock >> 32) * LIP_BLOCK_WORDS];
  /* The bit positions come from the high bits of one multiplication,
  ** which depend on every bit of h (multiplicative hashing). */
  g = h * ((((u64)0x9e3779b9)<<32) | 0x7f4a7c15);
  for(i=0; i<LIP_NPROBE; i++){
    u32 b = (u32)(g >> 55);                /* Top 9 bits */
    u64 m = ((u64)1)<<(b & 63);
    g <<= 9;
    if( bSet ){
      aW[b>>6] |= m;
    }else if( (aW[b>>6] & m)==0 ){
      return 0;
    }
  }
  return 1;
}

/*
** (Re)build the bit array of pF, sized from the number of hashes it holds.
** Return SQLITE_OK or SQLITE_NOMEM.
*/
static int lipFilterBuild(LipFilter *pF){
  u64 nBit = (u64)pF->nHash * LIP_BITS_PER_KEY;
  u32 nBlock = (u32)((nBit + 511)/512);
  int i;
  if( nBlock==0 ) nBlock = 1;
  sqlite3_free(pF->aBlock);
  pF->aBlock = (u64*)sqlite3_malloc64((u64)nBlock*LIP_BLOCK_WORDS*sizeof(u64));
  if( pF->aBlock==0 ){
    pF->nBlock = 0;
    return SQLITE_NOMEM;
  }
  memset(pF->aBlock, 0, (size_t)nBlock*LIP_BLOCK_WORDS*sizeof(u64));
  pF->nBlock = nBlock;
  pF->nBuilt = pF->nHash;
  for(i=0; i<pF->nHash; i++) lipBits(pF, pF->aHash[i], 1);
  return SQLITE_OK;
}

/*
** Implementation of OP_FilterAdd: add the key in registers P3..P3+P4-1 to
** the filter in register P1, with text modes P5.
*/
void sqlite3LipFilterAdd(Vdbe *p, VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  LipFilter *pF;
  u64 h;
  if( pReg->flags & MEM_Null ) return;             /* Disabled */
  pF = lipFilterOf(pReg);
  if( pF==0 ){
    pF = lipFilterCreate(p, pOp->p1, pOp->p5);
    if( pF==0 ) return;
  }
  h = lipHashKey(&p->aMem[pOp->p3], pOp->p4.i, pF->mText);
  if( pF->nHash>=pF->nHashAlloc ){
    int nNew = pF->nHashAlloc ? pF->nHashAlloc*2 : 64;
    u64 *aNew;
    if( nNew>LIP_MAX_KEYS ){
      pF->eStatus = LIPSTAT_DISABLED;
      sqlite3VdbeMemSetNull(pReg);                 /* Too large: disable */
      return;
    }
    aNew = (u64*)sqlite3_realloc64(pF->aHash, (u64)nNew*sizeof(u64));
    if( aNew==0 ){
      pF->eStatus = LIPSTAT_DISABLED;
      sqlite3VdbeMemSetNull(pReg);                 /* OOM: disable */
      return;
    }
    pF->aHash = aNew;
    pF->nHashAlloc = nNew;
  }
  pF->aHash[pF->nHash++] = h;
  if( pF->nBlock ){
    /* Keys added after the first probe (a RIGHT JOIN, or an IN operator
    ** whose right-hand side is re-run): keep the bit array in step, and
    ** resize it when it holds twice the keys it was sized for. */
    if( pF->nHash>2*pF->nBuilt ){
      if( lipFilterBuild(pF) ){
        pF->eStatus = LIPSTAT_DISABLED;
        sqlite3VdbeMemSetNull(pReg);
      }
    }else{
      lipBits(pF, h, 1);
    }
  }
}

/*
** Probe the filter of one OP_Filter opcode.  Return 1 if the key is
** certainly not in it (reject), 0 if it may be (pass).
*/
static int lipProbeOne(Vdbe *p, VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  LipFilter *pF;
  int bPass;
  if( pReg->flags & MEM_Null ){
    bPass = 1;                                     /* Disabled */
  }else if( (pF = lipFilterOf(pReg))==0 ){
    bPass = 0;                                     /* Empty set */
  }else{
    if( pF->nBlock==0 && pF->nHash>0 && lipFilterBuild(pF) ){
      pF->eStatus = LIPSTAT_DISABLED;
      sqlite3VdbeMemSetNull(pReg);                 /* OOM: disable */
      bPass = 1;
    }else if( pF->nHash==0 ){
      bPass = 0;
    }else{
      u64 h = lipHashKey(&p->aMem[pOp->p3], pOp->p4.i, pF->mText);
      bPass = lipBits(pF, h, 0);
    }
    if( lipFilterOf(pReg) ){
      pF->nProbe++;
      pF->nReject += !bPass;
      pF->nProbeTotal++;
      pF->nRejectTotal += !bPass;
    }
  }
  if( bPass ){
    p->aCounter[SQLITE_STMTSTATUS_FILTER_MISS]++;
  }else{
    p->aCounter[SQLITE_STMTSTATUS_FILTER_HIT]++;
  }
  return !bPass;
}

/*
** Return the rejection rate of the filter of pOp, in 1/1024ths: 1024 for
** an empty filter (it rejects everything), 0 for a disabled one.
*/
static u32 lipRejectRate(Vdbe *p, VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  LipFilter *pF;
  if( pReg->flags & MEM_Null ) return 0;
  pF = lipFilterOf(pReg);
  if( pF==0 ) return 1024;
  if( pF->nProbe==0 ) return 512;
  return (u32)(((u64)pF->nReject*1024)/pF->nProbe);
}

/*
** Sort the probe order of the group led by pL (nMember opcodes starting at
** pOp) so that the filters that reject the most keys come first, then
** halve every member's counts so that the order follows changes in the
** data.
*/
static void lipReorder(Vdbe *p, VdbeOp *pOp, LipFilter *pL){
  u32 aRate[LIP_MAX_GROUP];
  int i, j;
  for(i=0; i<pL->nOrder; i++){
    aRate[i] = lipRejectRate(p, &pOp[pL->aOrder[i]]);
  }
  for(i=1; i<pL->nOrder; i++){
    u8 o = pL->aOrder[i];
    u32 r = aRate[i];
    for(j=i; j>0 && aRate[j-1]<r; j--){
      aRate[j] = aRate[j-1];
      pL->aOrder[j] = pL->aOrder[j-1];
    }
    aRate[j] = r;
    pL->aOrder[j] = o;
  }
  for(i=0; i<pL->nOrder; i++){
    LipFilter *pF = lipFilterOf(&p->aMem[pOp[pL->aOrder[i]].p1]);
    if( pF ){
      pF->nProbe /= 2;
      pF->nReject /= 2;
      pF->iRank = i;
    }
  }
}

/*
** Implementation of OP_Filter.  Return -1 to jump to P2, or the number of
** opcodes after this one to skip: 0 for a single probe, P5-1 when this
** opcode leads a group of P5 probes that all passed.
*/
int sqlite3LipFilter(Vdbe *p, VdbeOp *pOp){
  int nMember = pOp->p5;
  LipFilter *pL;
  int i;
  if( nMember<2 ){
    return lipProbeOne(p, pOp) ? -1 : 0;
  }
  assert( nMember<=LIP_MAX_GROUP );
#ifdef SQLITE_DEBUG
  for(i=1; i<nMember; i++){
    assert( pOp[i].opcode==OP_Filter );
    assert( pOp[i].p2==pOp->p2 );
    assert( pOp[i].p5==0 );
  }
#endif
  pL = lipFilterOf(&p->aMem[pOp->p1]);
  if( pL==0 ){
    /* The leader is empty (rejects everything) or disabled: probe in the
    ** order of the code. */
    for(i=0; i<nMember; i++){
      if( lipProbeOne(p, &pOp[i]) ) return -1;
    }
    return nMember-1;
  }
  if( !pL->bOrdered ){
    for(i=0; i<nMember; i++){
      LipFilter *pF = lipFilterOf(&p->aMem[pOp[i].p1]);
      if( pF ) pF->iRank = i;
      pL->aOrder[i] = (u8)i;
    }
    pL->nOrder = (u8)nMember;
    pL->bOrdered = 1;
  }
  if( ++pL->nLeadProbe>=LIP_REORDER ){
    pL->nLeadProbe = 0;
    lipReorder(p, pOp, pL);
  }
  for(i=0; i<nMember; i++){
    if( lipProbeOne(p, &pOp[pL->aOrder[i]]) ) return -1;
    if( lipFilterOf(&p->aMem[pOp->p1])!=pL ){
      /* The leader was disabled (out of memory) while probing: its order
      ** is gone with it; probe the rest in the order of the code. */
      int j;
      for(j=0; j<nMember; j++){
        if( lipProbeOne(p, &pOp[j]) ) return -1;
      }
      return nMember-1;
    }
  }
  return nMember-1;
}

/*
** Implementation of OP_FilterInit.  Set *pbSkip to true (and disable the
** filter) if building it is not worth it: the searches it would save are
** not expected to outnumber the rows of the table it is built from.
*/
int sqlite3LipFilterInit(Vdbe *p, VdbeOp *pOp, int *pbSkip){
  VdbeCursor *pC = p->apCsr[pOp->p3];
  VdbeCursor *pOuter;
  LogEst nDim, nOuter;
  i64 n;
  int res = 0;
  int rc;

  *pbSkip = 1;
  if( pC==0 || pC->eCurType!=CURTYPE_BTREE ) goto skip;
  rc = sqlite3BtreeFirst(pC->uc.pCursor, &res);
  if( rc ) return rc;
  if( res ){
    *pbSkip = 0;                   /* Empty table: the filter rejects all */
    return SQLITE_OK;
  }
  n = sqlite3BtreeRowCountEst(pC->uc.pCursor);
  if( n<=0 ) goto skip;
  nDim = sqlite3LogEst((u64)n);
  if( pOp->p5==0 ) goto skip;
  pOuter = p->apCsr[pOp->p5-1];
  if( pOuter==0 || pOuter->eCurType!=CURTYPE_BTREE
   || pOuter->nullRow || pOuter->deferredMoveto
  ){
    goto skip;
  }
  n = sqlite3BtreeRowCountEst(pOuter->uc.pCursor);
  if( n<=0 ) goto skip;
  nOuter = sqlite3LogEst((u64)n) + pOp->p4.i;
  if( nOuter>nDim ){
    *pbSkip = 0;
    return SQLITE_OK;
  }
skip:
  sqlite3VdbeMemSetNull(&p->aMem[pOp->p1]);
  if( p->db ) lipRecord(p->db, pOp->p1, 0, 0, 0, 0, -1, LIPSTAT_SKIPPED);
  return SQLITE_OK;
}

/*
** Return true if the table of FROM item pItem has sqlite_stat1 rows.
*/
static int lipHasStat(SrcItem *pItem){
  return (pItem->pSTab->tabFlags & TF_HasStat1)!=0;
}

/*
** Return the cursor whose b-tree size estimates the number of rows of the
** outermost loop of pWInfo, or -1 if there is none.  There is one only if
** the outermost loop is a full scan of an ordinary table (or of one of its
** indexes): the fact table of a star join.  A search, a subquery, a
** virtual table or an OR-optimized loop gives no estimate here.
*/
static int lipOuterCursor(WhereInfo *pWInfo){
  WhereLevel *pLevel = &pWInfo->a[0];
  WhereLoop *pLoop = pLevel->pWLoop;
  SrcItem *pItem = &pWInfo->pTabList->a[pLevel->iFrom];
  Table *pTab = pItem->pSTab;
  if( !IsOrdinaryTable(pTab) || pItem->fg.isSubquery || pTab->tnum<=0 ){
    return -1;                /* Not a b-tree of the database file */
  }
  /* A full scan of a rowid table has WHERE_IPK but no WHERE_COLUMN_* flag */
  if( pLoop->wsFlags & (WHERE_MULTI_OR|WHERE_VIRTUALTABLE
                        |WHERE_COLUMN_EQ|WHERE_COLUMN_RANGE
                        |WHERE_COLUMN_NULL|WHERE_COLUMN_IN) ){
    return -1;
  }
  if( pLoop->wsFlags & WHERE_INDEXED ) return pLevel->iIdxCur;
  return pLevel->iTabCur;
}

/*
** The planner rule for LIP Bloom filters.  Mark with WHERE_BLOOMFILTER
** every SEARCH loop (other than the outermost) for which
**
**   (1) the number of rows of its table is known (sqlite_stat1) or can be
**       estimated (from the b-tree, at run time: OP_FilterInit);
**   (2) the number of searches expected is larger than that number of
**       rows (decided here with statistics for the table and all outer
**       loops, else at run time by OP_FilterInit);
**   (3) some searches are expected to find nothing, because the loop has
**       local constraints (WHERE_SELFCULL) besides the equality it
**       searches by (WHERE_COLUMN_EQ).
*/
void sqlite3WhereLipCheck(WhereInfo *pWInfo){
  int i;
  LogEst nSearch = 0;
  int bAllStat = 1;
  int bOuter = lipOuterCursor(pWInfo)>=0;

  assert( pWInfo->nLevel>=2 );
  for(i=0; i<pWInfo->nLevel; i++){
    WhereLoop *pLoop = pWInfo->a[i].pWLoop;
    const unsigned int reqFlags = (WHERE_SELFCULL|WHERE_COLUMN_EQ);
    SrcItem *pItem = &pWInfo->pTabList->a[pLoop->iTab];
    Table *pTab = pItem->pSTab;
    int bStat = lipHasStat(pItem);
    if( bStat && bAllStat ) pTab->tabFlags |= TF_MaybeReanalyze;
    if( i>=1
     && (pLoop->wsFlags & reqFlags)==reqFlags
     && ALWAYS((pLoop->wsFlags & (WHERE_IPK|WHERE_INDEXED))!=0)
     && IsOrdinaryTable(pTab)
    ){
      if( bStat && bAllStat ){
        if( nSearch>pTab->nRowLogEst ){
          testcase( pItem->fg.jointype & JT_LEFT );
          pLoop->wsFlags |= WHERE_BLOOMFILTER;
          pLoop->wsFlags &= ~WHERE_IDX_ONLY;
        }
      }else if( bOuter ){
        /* Sizes not known here: OP_FilterInit decides at run time */
        pLoop->wsFlags |= WHERE_BLOOMFILTER;
        pLoop->wsFlags &= ~WHERE_IDX_ONLY;
      }
    }
    if( !bStat ) bAllStat = 0;
    nSearch += pLoop->nOut;
  }
}

/*
** Code an OP_FilterInit for the Bloom filter of level iLevel, if the
** decision to build it is left to run time (see sqlite3WhereLipCheck()).
** Return the address of the OP_FilterInit, whose jump the caller points
** past the code that builds the filter, or 0 if none was coded.
*/
int sqlite3LipCodeFilterInit(
  Parse *pParse,
  WhereInfo *pWInfo,
  int iLevel,
  WhereLevel *pLevel
){
  int i;
  LogEst nSearch = 0;
  int bAllStat = 1;
  int iOuter;
  Table *pOuterTab;
  Vdbe *v = pParse->pVdbe;
  int addr;

  for(i=0; i<=iLevel; i++){
    SrcItem *pItem = &pWInfo->pTabList->a[pWInfo->a[i].iFrom];
    if( !lipHasStat(pItem) ) bAllStat = 0;
    if( i<iLevel ) nSearch += pWInfo->a[i].pWLoop->nOut;
  }
  if( bAllStat ) return 0;        /* Decided at prepare time */
  iOuter = lipOuterCursor(pWInfo);
  pOuterTab = pWInfo->pTabList->a[pWInfo->a[0].iFrom].pSTab;
  addr = sqlite3VdbeAddOp4Int(v, OP_FilterInit, pLevel->regFilter, 0,
                              pLevel->iTabCur,
                              nSearch - pOuterTab->nRowLogEst);
  sqlite3VdbeChangeP5(v, (u16)(iOuter+1));
  VdbeCoverage(v);
  return addr;
}

/*
** Return the text modes (FilterAdd's P5) for the first nCol columns of
** index pIdx: how each column's text must be hashed so that values equal
** under the index's collation hash alike.
*/
u16 sqlite3LipKeyCollations(Index *pIdx, int nCol){
  u16 m = 0;
  int i;
  for(i=0; i<nCol && i<8; i++){
    const char *zColl = pIdx->azColl[i];
    int e = LIP_TEXT_ANY;
    if( zColl==0 || sqlite3StrICmp(zColl, sqlite3StrBINARY)==0 ){
      e = LIP_TEXT_BINARY;
    }else if( sqlite3StrICmp(zColl, "NOCASE")==0 ){
      e = LIP_TEXT_NOCASE;
    }else if( sqlite3StrICmp(zColl, "RTRIM")==0 ){
      e = LIP_TEXT_RTRIM;
    }
    m |= (u16)(e<<(2*i));
  }
  return m;
}

/*
** Code the probes of aProbe[0..nProbe-1], all jumping to addrNxt on
** rejection, as consecutive OP_Filter opcodes.  When there are two or more,
** the first leads the group (P5 = their number) and probes them all in an
** adaptive order.
*/
void sqlite3LipCodeProbes(
  Parse *pParse,
  LipProbe *aProbe,
  int nProbe,
  int addrNxt
){
  Vdbe *v = pParse->pVdbe;
  int i;
  assert( nProbe>=1 && nProbe<=LIP_MAX_GROUP );
  for(i=0; i<nProbe; i++){
    sqlite3VdbeAddOp4Int(v, OP_Filter, aProbe[i].regFilter, addrNxt,
                         aProbe[i].regKey, aProbe[i].nKey);
    VdbeCoverage(v);
    if( i==0 && nProbe>=2 ) sqlite3VdbeChangeP5(v, (u16)nProbe);
  }
}

/*
**   PRAGMA lip_filter
**   PRAGMA lip_filter = ON|OFF
**
** Query or set whether the planner of this connection builds LIP Bloom
** filters for joins.  Statements prepared before a change are re-prepared
** when they next run.  Any value other than a boolean is an error.
*/
void sqlite3LipPragma(
  Parse *pParse,
  int iDb,
  const char *zName,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  UNUSED_PARAMETER(iDb);
  if( zRight ){
    int b;
    if( sqlite3ForkParseBool(zRight, &b) ){
      sqlite3ErrorMsg(pParse,
          "PRAGMA %s: bad value '%s': expected ON or OFF", zName, zRight);
      return;
    }
    db->fork.bLip = (u8)b;
    /* The setting changes the code the planner generates: expire every
    ** prepared statement when this one runs, as flag pragmas do. */
    sqlite3VdbeAddOp0(sqlite3GetVdbe(pParse), OP_Expire);
    return;
  }
  sqlite3ForkResultInt(pParse, db->fork.bLip);
}

/*
**   PRAGMA lip_filter_stats
**
** Return one row for each of the LIP Bloom filters released since the
** last time this pragma ran on this connection (the most recent
** LIP_MAX_STAT of them), in the order they were released, then forget
** them.  Columns: the register that held the filter, the keys inserted,
** the bytes of its bit array, the keys probed and rejected, its position
** in the adaptive probe order of its group when the statement ended
** (-1 if it was not in a group), and its status: "built", "skipped" (run
** time found it not worth building) or "disabled" (out of memory).
*/
void sqlite3LipStatsPragma(
  Parse *pParse,
  int iDb,
  const char *zName,
  const char *zRight
){
  sqlite3 *db = pParse->db;
  Vdbe *v = sqlite3GetVdbe(pParse);
  static const char *const azStatus[] = { "built", "skipped", "disabled" };
  int i;
  UNUSED_PARAMETER(iDb);
  if( zRight ){
    sqlite3ErrorMsg(pParse, "PRAGMA %s is read-only", zName);
    return;
  }
  if( v==0 ) return;
  if( pParse->nMem<7 ) pParse->nMem = 7;      /* Registers 1..7 hold a row */
  for(i=0; i<db->fork.nLipStat; i++){
    LipStat *pS = &db->fork.aLipStat[i];
    i64 aVal[6];
    int j;
    aVal[0] = pS->iReg;
    aVal[1] = pS->nKey;
    aVal[2] = pS->nByte;
    aVal[3] = pS->nProbe;
    aVal[4] = pS->nReject;
    aVal[5] = pS->iRank;
    for(j=0; j<6; j++){
      sqlite3VdbeAddOp4Dup8(v, OP_Int64, 0, 1+j, 0, (const u8*)&aVal[j],
                            P4_INT64);
    }
    sqlite3VdbeLoadString(v, 7, azStatus[pS->eStatus]);
    sqlite3VdbeAddOp2(v, OP_ResultRow, 1, 7);
  }
  db->fork.nLipStat = 0;
}
