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
** This file implements the run time of LIP (look-ahead information
** passing) Bloom filters for star joins: the filters and the bodies of
** their opcodes.  The planner's side is in lipplan.c; doc/lip.md
** describes the design.
*/
#include "sqliteInt.h"
#include "vdbeInt.h"

/*
** Tuning.  With 24 bits per key and 6 bits set per key in one 64-bit
** word, the false positive rate of the filter is about 0.1%, well below
** the 2% required (checked by test/unit/test_lip.c).  A false positive
** costs a b-tree search, hundreds of times a probe, so a few more bits
** per key pay for themselves when a filter rejects most keys.
*/
#define LIP_BITS_PER_KEY    24
#define LIP_NPROBE          6
#define LIP_BLOCK_WORDS     1          /* A block is one 64-bit word */
#define LIP_MAX_KEYS        (1<<26)    /* More keys than this: disable */
#define LIP_HASH_INIT       64         /* First size of aHash[] */
#define LIP_RATE_PRIOR      16         /* Smoothing of reject rates */
#define LIP_RATE_MARGIN     16         /* Rates closer than this: equal */
#define LIP_REORDER_MAX     65536      /* Longest interval between revisions */
#define LIP_STATIC_OPS      24         /* Regions this small: no malloc */
#define LIP_EXACT_BITS      64         /* Exact bitmap: at most 64 bits/key */
#define LIP_EXACT_MIN       (1<<21)    /* ... or 256 KiB in all */

/*
** The bits of the 64-bit words of a filter's bit array: bit d of the array
** is bit (d & LIP_WORD_MASK) of word (d >> LIP_WORD_SHIFT).
*/
#define LIP_WORD_SHIFT      6
#define LIP_WORD_BITS       (1<<LIP_WORD_SHIFT)
#define LIP_WORD_MASK       (LIP_WORD_BITS-1)
#define LIP_BLOCK_BITS      (LIP_WORD_BITS*LIP_BLOCK_WORDS)
#define LIP_BIT_SET(a,d) \
  ((a)[(d)>>LIP_WORD_SHIFT] |= ((u64)1)<<((d)&LIP_WORD_MASK))
#define LIP_BIT_TEST(a,d) \
  (((a)[(d)>>LIP_WORD_SHIFT]>>((d)&LIP_WORD_MASK)) & 1)

/*
** A Bloom filter.  A register holds one as a blob whose destructor is
** lipFilterDelete().  A register holding any other blob is an empty filter
** (no key was added): its first probe turns it into a filter object
** holding no key.  A register holding NULL is a disabled filter, which
** every key passes: memory ran out, there were too many keys, or
** OP_FilterInit found it not worth building.
*/
typedef struct LipFilter LipFilter;
struct LipFilter {
  /* Used by every probe: kept together, in the first 64 bytes */
  u64 *aBlock;        /* Bit array: nBlock blocks of LIP_BLOCK_WORDS words */
  u32 nBlock;         /* Number of blocks in aBlock[], 0 if not built */
  u8 bExact;          /* aBlock[] is an exact bitmap of keys iMin.. */
  u8 bInt;            /* aHash[] holds the keys themselves: all integers */
  u16 mText;          /* Text modes of the key columns (LIP_TEXT_MODE()) */
  i64 iMin;           /* Smallest key while bInt */
  u64 nRange;         /* Bits of the exact bitmap: keys iMin..iMin+nRange-1 */
  i64 nPass;          /* Probes that let the key through */
  i64 nReject;        /* Probes that rejected it */
  /* Used when the filter is built, revised or released */
  i64 iMax;           /* Largest key while bInt */
  i64 nProbeBase;     /* Decayed part of nPass+nReject, for the rate */
  i64 nRejectBase;    /* Decayed part of nReject */
  int nHash;          /* Number of hashes in aHash[] */
  int nHashAlloc;     /* Allocated size of aHash[] */
  u64 *aHash;         /* Hashes of all keys added */
  int nBuilt;         /* Number of hashes when aBlock[] was sized */
  int iReg;           /* Register holding this filter */
  int iRank;          /* Position in its group's probe order, or -1 */
  u8 eStatus;         /* LIPSTAT_BUILT or LIPSTAT_DISABLED */
  sqlite3 *db;        /* Connection, for the statistics at release */
};

/*
** Remember what a filter did, for PRAGMA lip_filter_stats.  The most
** recent LIP_MAX_STAT filters are kept.
*/
static void lipRecord(
  sqlite3 *db, int iReg, int nKey, i64 nByte,
  i64 nProbe, i64 nReject, int iRank, u8 eStatus
){
  LipConn *pFc = &db->fork.lip;
  LipStat *pS;
  assert( pFc->nStat>=0 && pFc->nStat<=LIP_MAX_STAT );
  assert( eStatus==LIPSTAT_BUILT || eStatus==LIPSTAT_SKIPPED
       || eStatus==LIPSTAT_DISABLED );
  testcase( pFc->nStat==LIP_MAX_STAT-1 );    /* The last free entry */
  testcase( pFc->nStat==LIP_MAX_STAT );      /* The oldest is forgotten */
  if( pFc->nStat>=LIP_MAX_STAT ){
    memmove(&pFc->aStat[0], &pFc->aStat[1],
            sizeof(LipStat)*(LIP_MAX_STAT-1));
    pFc->nStat = LIP_MAX_STAT-1;
  }
  pS = &pFc->aStat[pFc->nStat++];
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
  /* Only a register set by lipFilterCreate() has this destructor */
  if( NEVER(pF==0) ) return;
  if( pF->db ){
    lipRecord(pF->db, pF->iReg, pF->nHash,
              (i64)pF->nBlock*LIP_BLOCK_WORDS*sizeof(u64),
              pF->nPass+pF->nReject, pF->nReject, pF->iRank, pF->eStatus);
  }
  sqlite3_free(pF->aHash);
  sqlite3_free(pF->aBlock);
  sqlite3_free(pF);
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
** Turn register iReg of p, which holds an empty filter (any blob), into a
** filter object for keys of nKey columns with text modes mText.  Return
** it, or NULL if memory runs out, in which case the filter is disabled
** (the register set to NULL).
*/
static LipFilter *lipFilterCreate(Vdbe *p, int iReg, int nKey, u16 mText){
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
  pF->bInt = (u8)(nKey==1);
  /* A blob of size 0, which no SQLITE_LIMIT_LENGTH refuses: a refused one
  ** would be freed (by lipFilterDelete) and the register set to NULL */
  sqlite3VdbeMemSetStr(pReg, (const char*)pF, 0, 0, lipFilterDelete);
  assert( lipFilterOf(pReg)==pF );
  return pF;
}

/*
** Return the hash of the key in the nKey registers starting at aKey[0],
** under the text modes mText (LIP_TEXT_MODE()).
*/
static u64 lipHashKey(const Mem *aKey, int nKey, u16 mText){
  u64 h = 0;
  int i;
  if( nKey==1 ){
    return sqlite3ForkHashValue(aKey, LIP_TEXT_MODE(mText, 0));  /* Mixed */
  }
  for(i=0; i<nKey; i++){
    h = sqlite3ForkMix(h + sqlite3ForkHashValue(&aKey[i],
                                                LIP_TEXT_MODE(mText, i))
                         + (u64)i);
  }
  return h;
}

/*
** The word of pF that hash h maps to, and the LIP_NPROBE bits of h in that
** word.  The positions of the bits are the high bits of one multiplication
** of h, which depend on every bit of h.  All bits of a key are in one
** 64-bit word (a register-blocked Bloom filter): a probe is one load, one
** mask and one compare.
*/
#define LIP_WORD(pF,h) \
  (&(pF)->aBlock[(((h)>>32)*(u64)(pF)->nBlock >> 32) * LIP_BLOCK_WORDS])
#define LIP_BITMUL  ((((u64)0x9e3779b9)<<32) | 0x7f4a7c15)
static u64 lipMask(u64 h){
  u64 g = h * LIP_BITMUL;
  u64 m = 0;
  int i;
  /* Each bit takes LIP_WORD_SHIFT bits of g, from the top */
  assert( LIP_NPROBE*LIP_WORD_SHIFT<=LIP_WORD_BITS );
  for(i=0; i<LIP_NPROBE; i++){
    m |= ((u64)1) << (g >> (LIP_WORD_BITS-LIP_WORD_SHIFT));
    g <<= LIP_WORD_SHIFT;
  }
  return m;
}

/*
** Set the bits of hash h in pF.
*/
static void lipBitsSet(LipFilter *pF, u64 h){
  assert( pF->nBlock>0 );
  *LIP_WORD(pF, h) |= lipMask(h);
}

/*
** Return true if all the bits of hash h are set in pF.
*/
static int lipBitsTest(const LipFilter *pF, u64 h){
  u64 m;
  assert( pF->nBlock>0 );
  m = lipMask(h);
  return (*LIP_WORD(pF, h) & m)==m;
}

/*
** Turn the keys pF holds (bInt: single-column integer keys stored as
** themselves) into their hashes, as sqlite3ForkHashValue() computes them,
** so that keys of any kind can join them.
*/
static void lipKeysToHashes(LipFilter *pF){
  int i;
  if( pF->bInt ){
    for(i=0; i<pF->nHash; i++) pF->aHash[i] = sqlite3ForkMix(pF->aHash[i]);
    pF->bInt = 0;
  }
  pF->bExact = 0;
}

/*
** (Re)build the bit array of pF from the keys it holds.  If they are all
** integers (one column) in a range no wider than LIP_EXACT_BITS bits per
** key, or LIP_EXACT_MIN bits in all, the array is an exact bitmap of that
** range: no false positives, and a probe is a subtraction and one bit
** test.  Otherwise it is a Bloom filter of LIP_BITS_PER_KEY bits per key.
** Return SQLITE_OK or SQLITE_NOMEM.
*/
static int lipFilterBuild(LipFilter *pF){
  u64 nBit = (u64)pF->nHash * LIP_BITS_PER_KEY;
  u32 nBlock;
  int i;
  pF->bExact = 0;
  if( pF->bInt && pF->nHash==0 ){
    /* No key: an exact bitmap of an empty range rejects every key, on the
    ** fast path of sqlite3LipFilter() when the key is an integer. */
    pF->bExact = 1;
    pF->nRange = 0;
    nBit = 0;
  }else if( pF->bInt ){
    u64 nRange = (u64)pF->iMax - (u64)pF->iMin + 1;
    u64 nMax = (u64)pF->nHash * LIP_EXACT_BITS;
    assert( pF->iMin<=pF->iMax );
    if( nMax<LIP_EXACT_MIN ) nMax = LIP_EXACT_MIN;
    testcase( nMax==LIP_EXACT_MIN );         /* Few keys: the smallest cap */
    testcase( nRange==nMax );                /* The widest exact bitmap */
    testcase( nRange==nMax+1 );              /* One key wider: Bloom filter */
    testcase( nRange==0 );                   /* Every i64: wraps to 0 */
    if( nRange>0 && nRange<=nMax ){
      pF->bExact = 1;
      pF->nRange = nRange;
      nBit = nRange;
    }else{
      lipKeysToHashes(pF);
    }
  }
  /* At most LIP_MAX_KEYS keys of LIP_EXACT_BITS or LIP_BITS_PER_KEY bits
  ** each (or LIP_EXACT_MIN bits): the number of blocks fits in a u32 */
  assert( pF->nHash<=LIP_MAX_KEYS );
  assert( (nBit + LIP_BLOCK_BITS-1)/LIP_BLOCK_BITS <= 0xffffffff );
  nBlock = (u32)((nBit + LIP_BLOCK_BITS-1)/LIP_BLOCK_BITS);
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
  if( pF->bExact ){
    for(i=0; i<pF->nHash; i++){
      u64 d = pF->aHash[i] - (u64)pF->iMin;
      assert( d<pF->nRange );
      LIP_BIT_SET(pF->aBlock, d);
    }
  }else{
    for(i=0; i<pF->nHash; i++) lipBitsSet(pF, pF->aHash[i]);
  }
  return SQLITE_OK;
}

/*
** Implementation of OP_FilterAdd: add the key in registers P3..P3+P4-1 to
** the filter in register P1, with text modes P5.
*/
void sqlite3LipFilterAdd(Vdbe *p, VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  const Mem *pKey = &p->aMem[pOp->p3];
  LipFilter *pF;
  u64 h;
  int bBelow = 0;       /* The key is below a built exact bitmap's base */
  assert( pOp->p4type==P4_INT32 && pOp->p4.i>=1 );
  if( pReg->flags & MEM_Null ) return;             /* Disabled */
  pF = lipFilterOf(pReg);
  if( pF==0 ){
    pF = lipFilterCreate(p, pOp->p1, pOp->p4.i, pOp->p5);
    if( pF==0 ) return;
  }else if( pF->nHash==0 ){
    /* Made by a probe of the empty filter (lipProbeSlow()): the text modes
    ** are only known now.  No key was hashed with the old ones. */
    pF->mText = pOp->p5;
  }
  if( pF->nHash>=pF->nHashAlloc ){
    int nNew = pF->nHashAlloc ? pF->nHashAlloc*2 : LIP_HASH_INIT;
    u64 *aNew;
    assert( pF->nHash==pF->nHashAlloc );
    testcase( nNew==LIP_MAX_KEYS );          /* The largest array */
    testcase( nNew==LIP_MAX_KEYS*2 );        /* One key more: disabled */
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
  if( pF->bInt && pOp->p4.i==1 && (pKey->flags & MEM_Int)!=0 ){
    /* Another integer key: keep it as itself, for an exact bitmap. */
    i64 v = pKey->u.i;
    /* A key below the base of a built exact bitmap moves the base: the
    ** bits set so far no longer stand for their keys, so it is rebuilt */
    testcase( pF->nBlock && pF->bExact && v==pF->iMin-1 );
    if( pF->nBlock && pF->bExact && v<pF->iMin ) bBelow = 1;
    if( pF->nHash==0 || v<pF->iMin ) pF->iMin = v;
    if( pF->nHash==0 || v>pF->iMax ) pF->iMax = v;
    h = (u64)v;
  }else{
    if( pF->bInt ) lipKeysToHashes(pF);
    h = lipHashKey(pKey, pOp->p4.i, pF->mText);
  }
  pF->aHash[pF->nHash++] = h;
  if( pF->nBlock ){
    /* Keys added after the first probe (a RIGHT JOIN, or an IN operator
    ** whose right-hand side is re-run): keep the bit array in step, and
    ** rebuild it when it holds twice the keys it was sized for, or when
    ** the key does not fit the exact bitmap it has. */
    int bRebuild = pF->nHash>2*pF->nBuilt;
    testcase( pF->nHash==2*pF->nBuilt );     /* Still the size it has */
    testcase( pF->nHash==2*pF->nBuilt+1 );   /* Resized */
    if( pF->bExact ){
      testcase( pF->bInt && h-(u64)pF->iMin==pF->nRange-1 );  /* Last bit */
      testcase( pF->bInt && h-(u64)pF->iMin==pF->nRange );    /* Past it */
      if( !pF->bInt || bBelow || h-(u64)pF->iMin>=pF->nRange ){
        bRebuild = 1;
      }else if( !bRebuild ){
        u64 d = h-(u64)pF->iMin;
        LIP_BIT_SET(pF->aBlock, d);
      }
    }else if( !bRebuild ){
      lipBitsSet(pF, h);
    }
    if( bRebuild && lipFilterBuild(pF) ){
      pF->eStatus = LIPSTAT_DISABLED;
      sqlite3VdbeMemSetNull(pReg);
    }
  }
}

/*
** Return true if integer v is in the exact bitmap of pF (keys iMin to
** iMin+nRange-1; nRange may be 0, an empty set).
*/
static SQLITE_INLINE int lipExactHas(const LipFilter *pF, i64 v){
  u64 d = (u64)v - (u64)pF->iMin;
  assert( pF->bExact && pF->nBlock>0 );
  testcase( d==pF->nRange-1 );
  testcase( d==pF->nRange );
  testcase( v<pF->iMin );
  return d<pF->nRange && LIP_BIT_TEST(pF->aBlock, d)!=0;
}

/*
** Return true if the key in the nKey registers at pKey cannot be in the
** built filter pF.
*/
static SQLITE_INLINE int lipTest(
  const LipFilter *pF,
  const Mem *pKey,
  int nKey
){
  u64 h;
  assert( pF->nBlock>0 );
  if( pF->bExact ){
    /* An exact bitmap of single-column integer keys.  Only an integer, or
    ** a real equal to one, can compare equal to them. */
    i64 v;
    assert( nKey==1 );
    if( pKey->flags & (MEM_Int|MEM_IntReal) ){
      v = pKey->u.i;
    }else if( pKey->flags & MEM_Real ){
      double r = pKey->u.r;
      testcase( r==-FORK_TWO_POW_63 );    /* Smallest i64: probed */
      testcase( r==FORK_TWO_POW_63 );     /* No i64 equals it */
      if( !(r>=-FORK_TWO_POW_63 && r<FORK_TWO_POW_63) ) return 1;
      v = (i64)r;
      if( (double)v!=r ) return 1;
    }else{
      return 1;                        /* NULL, text, blob */
    }
    return !lipExactHas(pF, v);
  }
  if( nKey==1 && (pKey->flags & MEM_Int)!=0 ){
    /* As sqlite3ForkHashValue() hashes an integer */
    h = sqlite3ForkMix((u64)pKey->u.i);
  }else{
    h = lipHashKey(pKey, nKey, pF->mText);
  }
  return !lipBitsTest(pF, h);
}

/*
** Probe the filter of OP_Filter pOp in the cases other than a built
** filter: disabled (every key passes), empty (every key is rejected), not
** yet sized (size it now).  Return true if the key is rejected.
**
** An empty filter (a register holding a blob other than a filter object:
** no key passed the local constraints) is turned into a filter object
** holding no key, so that it is counted and later probes of it are as
** cheap as those of any other built filter.
*/
static SQLITE_NOINLINE int lipProbeSlow(Vdbe *p, VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  LipFilter *pF;
  int bReject;
  if( pReg->flags & MEM_Null ) return 0;           /* Disabled */
  pF = lipFilterOf(pReg);
  if( pF==0 ){
    /* Empty set.  The text modes are set by the first FilterAdd, if any
    ** comes (keys added after the first probe). */
    pF = lipFilterCreate(p, pOp->p1, pOp->p4.i, 0);
    if( pF==0 ) return 0;                          /* OOM: disabled */
    assert( pF->nHash==0 );
  }
  assert( pF->nBlock==0 );
  if( lipFilterBuild(pF) ){
    pF->eStatus = LIPSTAT_DISABLED;
    sqlite3VdbeMemSetNull(pReg);                   /* OOM: disable */
    return 0;
  }
  bReject = lipTest(pF, &p->aMem[pOp->p3], pOp->p4.i);
  assert( pF->nHash>0 || bReject );
  if( bReject ) pF->nReject++; else pF->nPass++;
  return bReject;
}

/*
** A member of a group of probes (OP_Filter pOp, P5 set) has rejected
** another LIP_REORDER keys: count them on the group's OP_FilterGroup, and
** revise the group's order once it has counted its interval (P2).  This
** may move pOp: the caller jumps to the P2 it read before the probe.
*/
static SQLITE_NOINLINE void lipGroupTick(Vdbe *p, VdbeOp *pOp){
  VdbeOp *pD = &pOp[pOp->p5];
  assert( pD->opcode==OP_FilterGroup );
  /* P2 starts at LIP_REORDER and doubles up to LIP_REORDER_MAX
  ** (sqlite3LipFilterGroup()): a multiple of LIP_REORDER that P1 reaches */
  assert( LIP_REORDER_MAX%LIP_REORDER==0 );
  assert( ((LIP_REORDER_MAX/LIP_REORDER)
           & (LIP_REORDER_MAX/LIP_REORDER-1))==0 );
  pD->p1 += LIP_REORDER;
  if( pD->p1>=pD->p2 ){
    pD->p1 = 0;
    sqlite3LipFilterGroup(p, pD, (int)(pOp - p->aOp));
  }
}

/*
** Probe the filter of OP_Filter pOp with the key in registers P3..P3+P4-1,
** in every case but the one sqlite3LipFilter() handles itself.  Return
** true if the key cannot be in it (jump), false otherwise.  Count the
** probe in the statement's FILTER_HIT/FILTER_MISS counters.
*/
static SQLITE_NOINLINE int lipProbeOne(Vdbe *p, VdbeOp *pOp){
  LipFilter *pF = lipFilterOf(&p->aMem[pOp->p1]);
  int bReject;
  if( pF && pF->nBlock>0 ){
    bReject = lipTest(pF, &p->aMem[pOp->p3], pOp->p4.i);
    if( bReject ){
      pF->nReject++;
      assert( (LIP_REORDER & (LIP_REORDER-1))==0 );
      if( pOp->p5 && (pF->nReject & (LIP_REORDER-1))==0 ){
        lipGroupTick(p, pOp);
      }
    }else{
      pF->nPass++;
    }
  }else{
    bReject = lipProbeSlow(p, pOp);
  }
  p->aCounter[bReject ? SQLITE_STMTSTATUS_FILTER_HIT
                      : SQLITE_STMTSTATUS_FILTER_MISS]++;
  return bReject;
}

/*
** Return the rejection rate of the filter of pOp, in units of
** 1/LIP_RATE_ONE: LIP_RATE_ONE for an empty filter (it rejects
** everything), 0 for a disabled one.  The observed rate is smoothed
** towards 1/2 by LIP_RATE_PRIOR imaginary probes, so that a filter probed
** only a few times (late in the order, it sees only the rows the others
** let through) does not look perfect after one lucky rejection and jump
** to the front of the order.
*/
static u32 lipRejectRate(Vdbe *p, VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  LipFilter *pF;
  if( pReg->flags & MEM_Null ) return 0;
  pF = lipFilterOf(pReg);
  if( pF==0 ) return LIP_RATE_ONE;
  /* The halving in lipGroupDecay() keeps the recent rejections among the
  ** recent probes: the rate is at most LIP_RATE_ONE */
  assert( pF->nRejectBase<=pF->nReject );
  assert( pF->nProbeBase<=pF->nPass+pF->nReject );
  assert( pF->nReject-pF->nRejectBase
          <= pF->nPass+pF->nReject-pF->nProbeBase );
  /* The imaginary probes reject half their keys, exactly */
  assert( LIP_RATE_ONE%2==0 );
  return (u32)(((pF->nReject-pF->nRejectBase)*LIP_RATE_ONE
                 + (LIP_RATE_ONE/2)*LIP_RATE_PRIOR)
                 / (pF->nPass+pF->nReject-pF->nProbeBase + LIP_RATE_PRIOR));
}

/*
** The rejection rate of the filter of OP_Filter pOp (or a copy of one), in
** units of 1/LIP_RATE_ONE, as lipRejectRate() computes it: for a caller
** that orders probes of its own (column_copy.c).
*/
u32 sqlite3LipFilterRate(Vdbe *p, VdbeOp *pOp){
  return lipRejectRate(p, pOp);
}

/*
** Implementation of OP_Filter: probe one filter.  Return true if the key
** cannot be in the filter (jump to P2).
**
** This runs once per row of the outer loop for every filter, so the most
** common case, an integer key probing an exact bitmap (dense integer join
** keys, as star schemas have), is handled here with nothing but loads, one
** subtraction, a compare and a bit test; every other case is left to
** lipProbeOne(), out of line, so that this function needs no stack frame.
*/
int sqlite3LipFilter(Vdbe *p, VdbeOp *pOp){
  const Mem *pReg = &p->aMem[pOp->p1];
  const Mem *pKey = &p->aMem[pOp->p3];
  LipFilter *pF;
  if( (pReg->flags & MEM_Dyn)==0 || pReg->xDel!=lipFilterDelete
   || ((LipFilter*)pReg->z)->bExact==0 || (pKey->flags & MEM_Int)==0
  ){
    return lipProbeOne(p, pOp);
  }
  pF = (LipFilter*)pReg->z;
  assert( pF->nBlock>0 && pOp->p4.i==1 && pF->bInt );
  if( lipExactHas(pF, pKey->u.i) ){
    pF->nPass++;
    p->aCounter[SQLITE_STMTSTATUS_FILTER_MISS]++;
    return 0;
  }
  pF->nReject++;
  p->aCounter[SQLITE_STMTSTATUS_FILTER_HIT]++;
  assert( (LIP_REORDER & (LIP_REORDER-1))==0 );     /* A mask of low bits */
  if( pOp->p5 && (pF->nReject & (LIP_REORDER-1))==0 ){
    lipGroupTick(p, pOp);
  }
  return 1;
}

/*
** Probe the filter of OP_Filter pOp (one key column, P5 clear: not a member
** of a group) with each of the nSel integer keys aKey[], as nSel
** sqlite3LipFilter() calls with the key in register P3 would: compact
** aSel[] (the rows the keys belong to) to the rows whose keys may be in
** the filter, and return their number.  Used by a scan that holds a
** vector of keys (column_copy.c): a built filter is probed in one loop
** without a branch per key; other cases probe key by key, through
** register P3.
*/
int sqlite3LipFilterInts(
  Vdbe *p,                      /* The statement */
  VdbeOp *pOp,                  /* An OP_Filter, or a copy of one */
  const i64 *aKey,              /* The keys */
  u16 *aSel,                    /* Their rows, compacted in place */
  int nSel                      /* Number of keys */
){
  const Mem *pReg = &p->aMem[pOp->p1];
  LipFilter *pF;
  int i, nOut = 0;
  assert( pOp->opcode==OP_Filter && pOp->p4type==P4_INT32 );
  assert( pOp->p4.i==1 && pOp->p5==0 );
  if( (pReg->flags & MEM_Dyn)==0 || pReg->xDel!=lipFilterDelete
   || ((LipFilter*)pReg->z)->nBlock==0
  ){
    Mem *pKey = &p->aMem[pOp->p3];
    for(i=0; i<nSel; i++){
      sqlite3VdbeMemSetInt64(pKey, aKey[i]);
      if( !sqlite3LipFilter(p, pOp) ) aSel[nOut++] = aSel[i];
    }
    return nOut;
  }
  pF = (LipFilter*)pReg->z;
  if( pF->bExact ){
    const u64 *aBlock = pF->aBlock;
    u64 iMin = (u64)pF->iMin, nRange = pF->nRange;
    for(i=0; i<nSel; i++){
      u64 d = (u64)aKey[i] - iMin;
      u64 bIn = d<nRange;
      d = bIn ? d : 0;
      aSel[nOut] = aSel[i];
      nOut += (int)(bIn & LIP_BIT_TEST(aBlock, d));
    }
  }else{
    for(i=0; i<nSel; i++){
      aSel[nOut] = aSel[i];
      nOut += lipBitsTest(pF, sqlite3ForkMix((u64)aKey[i]));
    }
  }
  pF->nPass += nOut;
  pF->nReject += nSel-nOut;
  p->aCounter[SQLITE_STMTSTATUS_FILTER_MISS] += nOut;
  p->aCounter[SQLITE_STMTSTATUS_FILTER_HIT] += nSel-nOut;
  return nOut;
}

/*
** Return LIP_GROUP_MOVABLE if the segments of the group of probes whose
** code is the region of p from address iStart up to iDesc (its
** OP_FilterGroup) can be moved, LIP_GROUP_FIXED if not.  They can be moved
** if no opcode of the region jumps into the region (the code before the
** group enters it at its start, which stays its start) and the region
** holds no subroutine (OP_BeginSubrtn: a subquery in a key, which code
** after the region may call with OP_Gosub at its present address).
*/
static u32 lipGroupCheck(const Vdbe *p, int iStart, int iDesc){
  int addr;
  for(addr=iStart; addr<iDesc; addr++){
    const VdbeOp *pOp = &p->aOp[addr];
    if( ((sqlite3OpcodeProperty[pOp->opcode] & OPFLG_JUMP)!=0
         && pOp->p2>=iStart && pOp->p2<iDesc)
     || pOp->opcode==OP_BeginSubrtn
    ){
      return LIP_GROUP_FIXED;
    }
  }
  return LIP_GROUP_MOVABLE;
}

/*
** Rank the nMember members of the group of probes whose first segment is
** at address iStart of p and whose segments have the lengths aLen[], in
** their present order.  Set aPos[i] to the address of segment i, and
** aOrder[] to the members (their present positions) in the order in which
** they should be probed: the largest rejection rate (lipRejectRate())
** first.  The sort is stable, and a member moves ahead of another only if
** its rate is higher by more than LIP_RATE_MARGIN, so that two filters
** that reject alike do not swap back and forth.  Return true if the new
** order differs from the present one.
*/
static int lipGroupRank(
  Vdbe *p,                  /* The statement */
  int iStart,               /* Address of the first segment */
  int nMember,              /* Members of the group */
  const u32 *aLen,          /* Length of each segment */
  u32 *aPos,                /* OUT: address of each segment */
  u8 *aOrder                /* OUT: the members, in their new order */
){
  u32 aRate[LIP_MAX_GROUP];
  int i, j, addr;
  assert( nMember>=2 && nMember<=LIP_MAX_GROUP );
  for(i=0, addr=iStart; i<nMember; i++){
    aPos[i] = (u32)addr;
    addr += aLen[i];
    assert( p->aOp[addr-1].opcode==OP_Filter );
    aOrder[i] = (u8)i;
    aRate[i] = lipRejectRate(p, &p->aOp[addr-1]);
  }
  /* Insertion sort */
  for(i=1; i<nMember; i++){
    u8 o = aOrder[i];
    u32 r = aRate[i];
    testcase( aRate[i-1]+LIP_RATE_MARGIN==r );   /* Alike: no swap */
    for(j=i; j>0 && aRate[j-1]+LIP_RATE_MARGIN<r; j--){
      aRate[j] = aRate[j-1];
      aOrder[j] = aOrder[j-1];
    }
    aRate[j] = r;
    aOrder[j] = o;
  }
  for(i=0; i<nMember && aOrder[i]==i; i++){}
  return i<nMember;
}

/*
** Move the segments of the group of probes described by OP_FilterGroup pD
** (P4: LIP_GROUP_*) into the order aOrder[], from their present addresses
** aPos[] (lipGroupRank()), and rewrite the lengths in P4 and the distance
** to pD in the P5 of each member's OP_Filter.  If the opcode at address
** iTrigger (the OP_Filter that called) moves, set pD->p3 to its new
** address, so that the profiling counters of a VDBE_PROFILE or
** SQLITE_ENABLE_STMT_SCANSTATUS build follow it (OP_Filter).  Return
** SQLITE_OK, or SQLITE_NOMEM if memory runs out, in which case nothing
** moves.
*/
static int lipGroupMove(
  Vdbe *p,                  /* The statement */
  VdbeOp *pD,               /* The OP_FilterGroup of the group */
  int iTrigger,             /* Address of the OP_Filter that called */
  const u32 *aPos,          /* Present address of each segment */
  const u8 *aOrder          /* The segments, in their new order */
){
  u32 *ai = pD->p4.ai;
  int nMember = (int)ai[LIP_GROUP_SIZE] - (LIP_GROUP_LEN-1);
  int iStart = (int)ai[LIP_GROUP_START];
  int iDesc = (int)(pD - p->aOp);
  u32 *aLen = &ai[LIP_GROUP_LEN];
  u32 aNewLen[LIP_MAX_GROUP];
  VdbeOp aStatic[LIP_STATIC_OPS];    /* Copy of a small region */
  VdbeOp *aCopy;
  int i, addr;
  testcase( iDesc-iStart==LIP_STATIC_OPS );    /* Largest copy on stack */
  testcase( iDesc-iStart==LIP_STATIC_OPS+1 );  /* Smallest malloc'd */
  if( iDesc-iStart<=LIP_STATIC_OPS ){
    aCopy = aStatic;
  }else{
    aCopy = (VdbeOp*)sqlite3_malloc64(sizeof(VdbeOp)*(u64)(iDesc-iStart));
    if( aCopy==0 ) return SQLITE_NOMEM;
  }
  memcpy(aCopy, &p->aOp[iStart], sizeof(VdbeOp)*(size_t)(iDesc-iStart));
  for(i=0, addr=iStart; i<nMember; i++){
    int k = aOrder[i];
    if( iTrigger>=(int)aPos[k] && iTrigger<(int)(aPos[k]+aLen[k]) ){
      pD->p3 = addr + (iTrigger - (int)aPos[k]);
    }
    memcpy(&p->aOp[addr], &aCopy[aPos[k]-iStart], sizeof(VdbeOp)*aLen[k]);
    aNewLen[i] = aLen[k];
    addr += aLen[k];
    assert( p->aOp[addr-1].opcode==OP_Filter );
    assert( iDesc-(addr-1)<=LIP_MAX_DIST );
    p->aOp[addr-1].p5 = (u16)(iDesc - (addr-1));
  }
  assert( addr==iDesc );
  memcpy(aLen, aNewLen, sizeof(u32)*(size_t)nMember);
  if( aCopy!=aStatic ) sqlite3_free(aCopy);
  return SQLITE_OK;
}

/*
** Halve the weight of what the members of the group of probes described
** by OP_FilterGroup pD have counted so far, so that their rates, hence
** the order, follow changes in the data, and record each member's
** position in the order (for PRAGMA lip_filter_stats).
*/
static void lipGroupDecay(Vdbe *p, const VdbeOp *pD){
  const u32 *ai = pD->p4.ai;
  int nMember = (int)ai[LIP_GROUP_SIZE] - (LIP_GROUP_LEN-1);
  int i, addr;
  for(i=0, addr=(int)ai[LIP_GROUP_START]; i<nMember; i++){
    LipFilter *pF;
    addr += ai[LIP_GROUP_LEN+i];
    pF = lipFilterOf(&p->aMem[p->aOp[addr-1].p1]);
    if( pF ){
      pF->nProbeBase += (pF->nPass + pF->nReject - pF->nProbeBase)/2;
      pF->nRejectBase += (pF->nReject - pF->nRejectBase)/2;
      pF->iRank = i;
    }
  }
}

/*
** Revise the probing order of a group of filter probes (LIP), whose
** descriptor is the OP_FilterGroup pD.  Called (lipGroupTick()) when the
** members of the group have rejected pD->p2 rows: LIP_REORDER after the
** order changed, twice as many each time it held, up to LIP_REORDER_MAX.
** iTrigger is the address of the OP_Filter that called.
**
** The group is a region of consecutive code, one segment per member: the
** code that computes the member's key, then the OP_Filter that probes it
** (and jumps away, to the same address for all members, if the key is not
** in it).  A row that passes a segment falls through into the next one;
** the last one falls through to pD.  The order is revised by moving the
** segments, so that the filters that rejected the largest share of the
** keys they were given come first (the adaptive order of the LIP paper).
** The rate of a filter probed late counts only the keys its predecessors
** let through, which is what matters for the cost of the order.  If the
** segments cannot be moved (lipGroupCheck()), or memory runs out, the
** order stays as it is.
*/
void sqlite3LipFilterGroup(Vdbe *p, VdbeOp *pD, int iTrigger){
  u32 *ai = pD->p4.ai;
  int nMember = (int)ai[LIP_GROUP_SIZE] - (LIP_GROUP_LEN-1);
  int iStart = (int)ai[LIP_GROUP_START];
  int iDesc = (int)(pD - p->aOp);
  u32 aPos[LIP_MAX_GROUP];           /* Start of each segment, by position */
  u8 aOrder[LIP_MAX_GROUP];          /* The members in their new order */
  int bMove;                         /* The order changes */
  assert( pD->p4type==P4_INTARRAY && pD->opcode==OP_FilterGroup );
  assert( nMember>=2 && nMember<=LIP_MAX_GROUP );
  if( NEVER(iDesc<=iStart) || NEVER(nMember<2 || nMember>LIP_MAX_GROUP) ){
    return;
  }
  if( ai[LIP_GROUP_FLAG]==LIP_GROUP_UNCHECKED ){
    ai[LIP_GROUP_FLAG] = lipGroupCheck(p, iStart, iDesc);
  }
  if( ai[LIP_GROUP_FLAG]!=LIP_GROUP_MOVABLE ) return;
  bMove = lipGroupRank(p, iStart, nMember, &ai[LIP_GROUP_LEN], aPos, aOrder);
  assert( aPos[nMember-1]+ai[LIP_GROUP_LEN+nMember-1]==(u32)iDesc );
  if( bMove ){
    /* Move the segments into their new order, and revise it again soon */
    pD->p2 = LIP_REORDER;
    if( lipGroupMove(p, pD, iTrigger, aPos, aOrder) ) return;
  }else{
    /* The order holds: revise it half as often, down to once every
    ** LIP_REORDER_MAX rejections */
    testcase( pD->p2==LIP_REORDER_MAX/2 );   /* Doubled one last time */
    testcase( pD->p2==LIP_REORDER_MAX );     /* Stays there */
    if( pD->p2<LIP_REORDER_MAX ) pD->p2 *= 2;
  }
  lipGroupDecay(p, pD);
}

/*
** Implementation of OP_FilterInit.  Set *pbSkip to true (and disable the
** filter) if building it is not worth it: the searches it would save are
** not expected to outnumber the rows of the table it is built from.
**
** P5 is one more than the cursor of the outer loop, or 0 if there is
** none, with LIP_INIT_EARLY set if the filter is built before the join
** starts (sqlite3LipBuildEarly()): the outer cursor is then moved to its
** first row, which the outer loop's OP_Rewind does again.  Without that
** flag, the outer cursor must be positioned by its loop.
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
  if( (pOp->p5 & ~LIP_INIT_EARLY)==0 ) goto skip;
  pOuter = p->apCsr[(pOp->p5 & ~LIP_INIT_EARLY)-1];
  if( pOuter==0 || pOuter->eCurType!=CURTYPE_BTREE ) goto skip;
  if( pOp->p5 & LIP_INIT_EARLY ){
    /* Before the join starts: the outer loop has not positioned its
    ** cursor yet, and will rewind it when it starts.  Move it to its first
    ** row for the estimate; an empty table means no search at all. */
    if( !sqlite3BtreeCursorIsValidNN(pOuter->uc.pCursor) ){
      rc = sqlite3BtreeFirst(pOuter->uc.pCursor, &res);
      if( rc ) return rc;
      if( res ) goto skip;
    }
  }else if( pOuter->nullRow || pOuter->deferredMoveto ){
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
