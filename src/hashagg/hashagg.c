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
** The hash aggregate of the lipsqlite fork: GROUP BY without sorting the
** rows.
**
** Without an index that delivers the rows in GROUP BY order, SQLite writes
** every input row into a sorter, sorts them and aggregates the sorted
** stream one group at a time.  When PRAGMA hash_aggregate is on, the code
** generator (select.c, patch 0060, through the functions at the end of
** this file) adds a hash table in front of that sorter:
**
**   1. For each input row, OP_HashAggGroup looks the row's GROUP BY key up
**      in the hash table.  The accumulators of a group (the registers of
**      its aggregate functions and of the columns the aggregate reads)
**      live in the table while the group is not being updated; the group
**      of the current row is moved into the accumulator registers (the
**      one in them moved out first), and the stock accumulator update
**      code runs on them.
**   2. A row of a group the table does not hold, once the table has used
**      its memory budget (PRAGMA hash_aggregate_memory), goes to the
**      sorter exactly as without the hash table.  A group is therefore
**      either wholly in the table or wholly in the sorter: no row is lost
**      or counted twice, and no partial aggregates are ever merged.
**   3. After the scan, OP_HashAggSort sorts the groups of the table (not
**      the rows) by the GROUP BY key, under the key's collations (or, when
**      an ORDER BY decides the output order and no row spilled, leaves
**      them in the order they were made), and OP_HashAggEmit hands them
**      to the stock output subroutine one at a time.  If rows went to the sorter, its groups are output as before,
**      and at the sorter's first row and at each of its changes of group
**      OP_HashAggEmit outputs the table's groups whose keys sort before the
**      sorter's next group: the two sorted streams are merged, in the
**      order of the key's sort flags (a GROUP BY takes DESC from a
**      matching ORDER BY).
**
** Why the results are those of the sorter: keys are equal exactly when
** sqlite3MemCompare() finds them equal under the key's collation, the
** comparison the sorter uses; the hash (sqlite3ForkHashValue()) hashes
** values that compare equal alike (1 and 1.0, 'a' and 'A' under NOCASE).
** The sorter is stable, so under it the value of the GROUP BY key a group
** reports is that of its first row in scan order, and a bare column is
** that of its last row (or of the row min() or max() chose): the hash
** table keeps the first row's key and moves the same registers.  The
** groups come out in the sorter's order, so an ORDER BY that the GROUP BY
** satisfies is still left out, as without the hash table.
**
** The hash table is only used for a GROUP BY whose rows the sorter would
** have sorted (no index gives the order), of a database in UTF-8, whose
** key collations are built-in (BINARY, NOCASE, RTRIM), without DISTINCT
** or ORDER BY aggregates (they keep per-group tables) and without indexed
** expressions.  EXPLAIN QUERY PLAN then says USE HASH TABLE FOR GROUP BY.
**
** The table lives in a register, as a pointer value with a destructor, so
** the VDBE frees it (finalizing any aggregate contexts it still holds)
** whenever it releases its registers.
*/
#include "sqliteInt.h"
#include "vdbeInt.h"

/*
** The smallest number of slots of the hash table, a power of two.  The
** slots double when the groups fill more than half of them; if the budget
** does not allow that, the table takes no group beyond HASHAGG_FULL_LOAD
** quarters of its slots, so that a lookup always ends at a free slot.
*/
#define HASHAGG_MIN_SLOT  64
#define HASHAGG_FULL_LOAD 3

/*
** Every HASHAGG_CHECK_GROUPS new groups (a power of two), the table checks
** that its groups have had at least HASHAGG_MIN_ROWS rows each on average.
** If they have not, most groups are met once, hashing them costs more
** than it saves, and the table takes no more groups: the rows of new
** groups go to the sorter, as when the budget is spent.
*/
#define HASHAGG_CHECK_GROUPS 16384
#define HASHAGG_MIN_ROWS     2

/*
** Groups are carved out of chunks, freed together when the table is
** emptied.  The first chunk has HASHAGG_CHUNK_MIN bytes, each next one
** twice as many up to HASHAGG_CHUNK_MAX (more for a group that needs more),
** so that a small budget still holds some groups.
*/
#define HASHAGG_CHUNK_MIN 4096
#define HASHAGG_CHUNK_MAX 65536

/*
** A chunk of memory for groups, or for aggregate contexts.  The groups
** (contexts) follow the header.
*/
typedef struct HashAggChunk HashAggChunk;
struct HashAggChunk {
  HashAggChunk *pNext;      /* The chunk allocated before this one */
  i64 nGroup;               /* Groups made in it, one after another */
};

/*
** Memory handed out from chunks, freed together when the table is
** emptied.
*/
typedef struct HashAggArena HashAggArena;
struct HashAggArena {
  HashAggChunk *pChunk;     /* Newest chunk */
  u8 *pFree;                /* Free space in pChunk */
  i64 nFree;                /* Bytes at pFree */
  i64 nChunk;               /* Size of the next chunk */
};

/* The bytes of a chunk before its first group: the header, rounded up so
** that the groups are 8-byte aligned where an i64 is aligned on 4 bytes
** only (32-bit x86, where sizeof(HashAggChunk) is 12) */
#define HASHAGG_CHUNK_HDR ROUND8(sizeof(HashAggChunk))

/* OP_HashAggSort sorts at least HASHAGG_RADIX_MIN groups with integer first
** keys by a radix sort of HASHAGG_RADIX_BITS bits per pass */
#define HASHAGG_RADIX_MIN  256
#define HASHAGG_RADIX_BITS 8
#define HASHAGG_RADIX_SIZE (1<<HASHAGG_RADIX_BITS)

/*
** One group of the hash table: its GROUP BY key (nKey values) and its
** accumulators (nAcc values) in aMem[].  While the group is pCur, its
** accumulators are in the accumulator registers, and the copies in aMem[]
** are stale: they own nothing.
*/
typedef struct HashAggGroup HashAggGroup;
struct HashAggGroup {
  HashAggGroup *pNext;      /* Next in the output list */
  i64 nAccByte;             /* Heap bytes of the accumulators when saved */
  HashAggGroup *pTouch;     /* Next group a batch updated (pH->pTouched) */
  u32 iBatch;               /* The last batch that updated it, or 0 */
  Mem aMem[FLEXARRAY];      /* The key, then the accumulators */
};
#define SZ_HASHAGGGROUP(N) (offsetof(HashAggGroup,aMem)+(N)*sizeof(Mem))

/* The bytes a group of table pH takes in its chunk */
#define HASHAGG_GROUP_BYTES(pH) ROUND8(SZ_HASHAGGGROUP((pH)->nKey+(pH)->nAcc))

/*
** A slot of the hash table, which is open addressed with linear probing:
** a lookup reads the slots from the one the hash selects to the first
** free one, and compares a group's key only if the hashes are equal.
*/
typedef struct HashAggSlot HashAggSlot;
struct HashAggSlot {
  u64 h;                    /* Hash of the key of pG */
  HashAggGroup *pG;         /* The group, or 0 if the slot is free */
};

/*
** The hash table of one GROUP BY.
*/
typedef struct HashAgg HashAgg;
struct HashAgg {
  sqlite3 *db;              /* The database connection */
  KeyInfo *pKeyInfo;        /* Collations and sort order of the key */
  int nKey;                 /* Values in the GROUP BY key */
  int iAcc;                 /* First accumulator register */
  int nAcc;                 /* Number of accumulator registers */
  int nCopy;                /* Registers before iAcc that copy the key */
  u8 *aText;                /* Text mode of each key value (FORK_TEXT_*) */
  HashAggArena grp;         /* The groups */
  HashAggArena ctx;         /* Aggregate contexts of batches (batch.c) */
  Mem *aReg;                /* The registers of the VDBE (frame) */
  u32 nSlot;                /* Slots in aSlot[], a power of two */
  HashAggSlot *aSlot;       /* The hash table */
  HashAggGroup *pCur;       /* Group now in the accumulator registers */
  HashAggGroup *pOut;       /* Groups not output yet, sorted */
  int iKey;                 /* Registers that receive an output group's key */
  u8 bLoaded;               /* pOut is in the registers, being output */
  i64 nByte;                /* Bytes used now */
  i64 nLimit;               /* Budget: no new group beyond this */
  u8 bFull;                 /* The budget is spent: new groups spill */
  u32 iBatch;               /* Number of the current batch (batch.c) */
  HashAggGroup *pTouched;   /* Groups the current batch updated */
  HashAggGroup *pLast;      /* The group the batch found last */
  HashAggStat stat;         /* What this run did, for hash_aggregate_stats */
};

/* The name of the pointer type of the register that holds a HashAgg */
static const char zHashAggType[] = "lipsqlite-hashagg";

/*
** Free the chunks of arena pA and leave it empty.
*/
static void hashAggArenaFree(HashAggArena *pA){
  HashAggChunk *pChunk, *pPrev;
  for(pChunk=pA->pChunk; pChunk; pChunk=pPrev){
    pPrev = pChunk->pNext;
    sqlite3_free(pChunk);
  }
  pA->pChunk = 0;
  pA->pFree = 0;
  pA->nFree = 0;
  pA->nChunk = HASHAGG_CHUNK_MIN;
}

/*
** An accumulator whose aggregate context lives in pH->ctx (made by
** sqlite3HashAggBatchContext()) is MEM_Agg with a context it does not
** own: szMalloc is 0, which an accumulator whose context
** sqlite3_aggregate_context() made on the heap never has.
*/
#define hashAggIsArenaContext(M) \
  (((M)->flags & MEM_Agg)!=0 && (M)->szMalloc==0 && (M)->z!=0)

/*
** Before the contexts of pH->ctx are freed: make NULL each accumulator
** register that still holds one (the group pCur, or a group being output
** whose OP_AggFinal did not run, after an error).  Such a context holds
** no pointer (sqlite3HashAggBatchContext()): there is nothing to
** finalize.  The groups' own Mems were released before.
*/
static void hashAggDropContexts(HashAgg *pH){
  int i;
  if( pH->ctx.pChunk==0 ) return;
  for(i=0; i<pH->nAcc; i++){
    Mem *pAcc = &pH->aReg[pH->iAcc+i];
    if( hashAggIsArenaContext(pAcc) ){
      pAcc->flags = MEM_Null;
      pAcc->z = 0;
    }
  }
}

/*
** Release the groups of pH: every group in the slots and in the output
** list, with whatever its Mems still hold (the key, and the aggregate
** contexts of groups never output, which sqlite3VdbeMemRelease()
** finalizes).  Record what the run did in the connection's statistics if
** it hashed any row.  Leave pH empty and ready for another run.
*/
static void hashAggClear(HashAgg *pH){
  int nMem = pH->nKey + pH->nAcc;
  u32 i;
  HashAggGroup *pG;
  for(i=0; i<pH->nSlot; i++){
    pG = pH->aSlot[i].pG;
    if( pG ){
      int j;
      int n = pG==pH->pCur ? pH->nKey : nMem;  /* Stale accumulators */
      for(j=0; j<n; j++) sqlite3VdbeMemRelease(&pG->aMem[j]);
      pH->aSlot[i].pG = 0;
    }
  }
  for(pG=pH->pOut; pG; pG=pG->pNext){
    int j;
    for(j=0; j<nMem; j++) sqlite3VdbeMemRelease(&pG->aMem[j]);
  }
  hashAggDropContexts(pH);
  hashAggArenaFree(&pH->grp);
  hashAggArenaFree(&pH->ctx);
  pH->pOut = 0;
  pH->pCur = 0;
  pH->pTouched = 0;
  pH->pLast = 0;
  pH->bLoaded = 0;
  if( pH->stat.nRowHashed+pH->stat.nRowSpilled>0 ){
    pH->db->fork.hashagg.stat = pH->stat;
  }
  memset(&pH->stat, 0, sizeof(pH->stat));
  pH->nByte = (i64)pH->nSlot*sizeof(HashAggSlot);
  pH->bFull = 0;
#ifdef SQLITE_DEBUG
  for(i=0; i<pH->nSlot; i++) assert( pH->aSlot[i].pG==0 );
#endif
}

/*
** The destructor of the register that holds a HashAgg.
*/
static void hashAggFree(void *p){
  HashAgg *pH = (HashAgg*)p;
  hashAggClear(pH);
  sqlite3_free(pH->aSlot);
  sqlite3_free(pH);
}

/*
** Return the HashAgg held in register pReg.  OP_HashAggOpen always runs
** before the other opcodes of the table, so the register holds one.
*/
static HashAgg *hashAggOf(Mem *pReg){
  assert( (pReg->flags & MEM_Dyn)!=0 && pReg->xDel==hashAggFree );
  assert( pReg->u.zPType==zHashAggType );
  return (HashAgg*)pReg->z;
}

/*
** Implementation of OP_HashAggOpen: make register P1 hold an empty hash
** table for the key described by P4 (a KeyInfo), with accumulators in the
** P3 registers starting at P2.  A table the register already holds (the
** statement runs the aggregate again, as a correlated subquery does) is
** emptied and reused.  Return SQLITE_OK or SQLITE_NOMEM.
*/
int sqlite3HashAggOpen(Vdbe *p, const VdbeOp *pOp){
  Mem *pReg = &p->aMem[pOp->p1];
  KeyInfo *pKeyInfo = pOp->p4.pKeyInfo;
  HashAgg *pH;
  int i;
  assert( pOp->p4type==P4_KEYINFO );
  assert( pKeyInfo->nKeyField>0 );
  /* The accumulator registers, set by sqlite3HashAggCodeGroup() */
  assert( pOp->p2>0 && pOp->p3>=0 );
  assert( pOp->p2+pOp->p3<=(p->nMem+1 - p->nCursor)+1 );
  assert( pOp->p1<pOp->p2 || pOp->p1>=pOp->p2+pOp->p3 );
  if( (pReg->flags & MEM_Dyn)!=0 && pReg->xDel==hashAggFree ){
    pH = hashAggOf(pReg);
    /* The same statement runs it again: the same key */
    assert( pH->pKeyInfo==pKeyInfo && pH->nKey==pKeyInfo->nKeyField );
    hashAggClear(pH);
  }else{
    int nKey = pKeyInfo->nKeyField;
    pH = sqlite3MallocZero(sizeof(HashAgg) + nKey);
    if( pH==0 ) return SQLITE_NOMEM_BKPT;
    pH->aSlot = sqlite3MallocZero(HASHAGG_MIN_SLOT*sizeof(HashAggSlot));
    if( pH->aSlot==0 ){
      sqlite3_free(pH);
      return SQLITE_NOMEM_BKPT;
    }
    pH->db = p->db;
    pH->pKeyInfo = pKeyInfo;
    pH->nKey = nKey;
    pH->aText = (u8*)&pH[1];
    for(i=0; i<nKey; i++){
      pH->aText[i] = (u8)sqlite3ForkCollTextMode(pKeyInfo->aColl[i]);
    }
    pH->nSlot = HASHAGG_MIN_SLOT;
    pH->nByte = HASHAGG_MIN_SLOT*sizeof(HashAggSlot);
    pH->grp.nChunk = HASHAGG_CHUNK_MIN;
    pH->ctx.nChunk = HASHAGG_CHUNK_MIN;
    sqlite3VdbeMemSetNull(pReg);
    sqlite3VdbeMemSetPointer(pReg, pH, zHashAggType, hashAggFree);
  }
  pH->iAcc = pOp->p2;
  pH->nAcc = pOp->p3;
  pH->nCopy = pOp->p5;
  assert( pH->nCopy<=pH->nKey && pH->nCopy<pH->iAcc );
  pH->aReg = p->aMem;
  pH->nLimit = p->db->fork.hashagg.nMem;
  return SQLITE_OK;
}

/*
** Return the hash of the key in the pH->nKey registers at aKey[].
*/
static u64 hashAggHash(const HashAgg *pH, const Mem *aKey){
  u64 h;
  int i;
  if( pH->nKey==1 ) return sqlite3ForkHashValue(aKey, pH->aText[0]);
  h = 0;
  for(i=0; i<pH->nKey; i++){
    h = sqlite3ForkMix(h + sqlite3ForkHashValue(&aKey[i], pH->aText[i]) + i);
  }
  return h;
}

/*
** Return true if group pG has the key in registers aKey[].
*/
static int hashAggMatch(
  const HashAgg *pH,
  const HashAggGroup *pG,
  const Mem *aKey
){
  int i;
  for(i=0; i<pH->nKey; i++){
    const Mem *a = &pG->aMem[i];
    const Mem *b = &aKey[i];
    if( (a->flags & b->flags & MEM_Int)!=0 ){
      if( a->u.i!=b->u.i ) return 0;        /* As sqlite3MemCompare() */
    }else if( pH->aText[i]==FORK_TEXT_BINARY
           && (a->flags & b->flags & MEM_Str)!=0
           && ((a->flags|b->flags) & (MEM_Null|MEM_Int|MEM_Real|MEM_IntReal))==0
    ){
      /* Text under BINARY: equal bytes (sqlite3MemCompare() would call
      ** the collation, which compares the same bytes) */
      if( a->n!=b->n || memcmp(a->z, b->z, a->n)!=0 ) return 0;
    }else if( sqlite3MemCompare(a, b, pH->pKeyInfo->aColl[i]) ){
      return 0;
    }
  }
  return 1;
}

/*
** Double the slots of pH, if the budget allows.  A longer search is only
** slower, so a failure to grow is no error.
*/
static void hashAggGrow(HashAgg *pH){
  u32 nNew = pH->nSlot*2;
  u32 mask = nNew-1;
  i64 nAdd = (i64)pH->nSlot*sizeof(HashAggSlot);
  HashAggSlot *aNew;
  u32 i;
  assert( (pH->nSlot & (pH->nSlot-1))==0 );
  testcase( pH->nByte+nAdd==pH->nLimit );    /* Exactly the budget: grows */
  testcase( pH->nByte+nAdd==pH->nLimit+1 );  /* One byte over: does not */
  if( nNew<pH->nSlot || pH->nByte+nAdd>pH->nLimit ) return;
  aNew = sqlite3MallocZero((i64)nNew*sizeof(HashAggSlot));
  if( aNew==0 ) return;
  for(i=0; i<pH->nSlot; i++){
    if( pH->aSlot[i].pG ){
      u32 iNew = (u32)pH->aSlot[i].h & mask;
      while( aNew[iNew].pG ) iNew = (iNew+1) & mask;
      aNew[iNew] = pH->aSlot[i];
    }
  }
  sqlite3_free(pH->aSlot);
  pH->aSlot = aNew;
  pH->nSlot = nNew;
  pH->nByte += nAdd;
}

/*
** Return nByte bytes (a multiple of 8) of memory from arena pA of pH (a
** group, or an aggregate context), from its newest chunk or from a new
** one, or NULL if memory runs out.  Count a new chunk in pH->nByte.
*/
static void *hashAggAlloc(HashAgg *pH, HashAggArena *pA, i64 nByte){
  void *p;
  assert( nByte%8==0 && nByte>0 );
  assert( pA->nFree>=0 && (pA->nFree==0 || pA->pFree!=0) );
  testcase( nByte==pA->nFree );              /* The chunk's last group */
  testcase( nByte>pA->nChunk );              /* A group larger than a chunk */
  if( nByte>pA->nFree ){
    i64 nChunk = HASHAGG_CHUNK_HDR + MAX(nByte, pA->nChunk);
    HashAggChunk *pChunk = sqlite3Malloc(nChunk);
    if( pChunk==0 ) return 0;
    testcase( pA->nChunk==HASHAGG_CHUNK_MAX );   /* Chunks stop growing */
    if( pA->nChunk<HASHAGG_CHUNK_MAX ) pA->nChunk *= 2;
    pChunk->pNext = pA->pChunk;
    pChunk->nGroup = 0;
    pA->pChunk = pChunk;
    pA->pFree = (u8*)pChunk + HASHAGG_CHUNK_HDR;
    pA->nFree = nChunk - HASHAGG_CHUNK_HDR;
    pH->nByte += nChunk;
  }
  assert( nByte<=pA->nFree );
  p = pA->pFree;
  assert( EIGHT_BYTE_ALIGNMENT(p) );
  pA->pFree += nByte;
  pA->nFree -= nByte;
  return p;
}

/*
** Create a group for the key in registers aKey[], hash h, and put it in
** slot pSlot of pH, the free slot where the search for the key ended.
** Return SQLITE_OK and set *ppG to the group, or to NULL if the budget
** does not allow another group (pH->bFull is then set).  Return
** SQLITE_NOMEM if memory runs out.
*/
static int hashAggNewGroup(
  HashAgg *pH,
  const Mem *aKey,
  u64 h,
  HashAggSlot *pSlot,
  HashAggGroup **ppG
){
  int nMem = pH->nKey + pH->nAcc;
  i64 nGroup = HASHAGG_GROUP_BYTES(pH);
  i64 nKeyByte = 0;
  i64 nNeed;                  /* Bytes used once the group is made */
  HashAggGroup *pG;
  int i;
  assert( !pH->bFull );
  *ppG = 0;
  for(i=0; i<pH->nKey; i++){
    if( aKey[i].flags & (MEM_Str|MEM_Blob) ){
      nKeyByte += aKey[i].n;
      if( aKey[i].flags & MEM_Zero ) nKeyByte += aKey[i].u.nZero;
    }
  }
  nNeed = pH->nByte + nKeyByte
      + (nGroup>pH->grp.nFree ? HASHAGG_CHUNK_HDR+MAX(nGroup, pH->grp.nChunk) : 0);
  testcase( pH->nLimit==0 );                 /* No group at all */
  testcase( nNeed==pH->nLimit );             /* Exactly the budget: taken */
  testcase( nNeed==pH->nLimit+1 );           /* One byte over: spilled */
  testcase( (pH->stat.nGroup+1)*4==(i64)pH->nSlot*HASHAGG_FULL_LOAD );
  assert( pSlot->pG==0 );
  if( nNeed>pH->nLimit
   || (pH->stat.nGroup+1)*4>(i64)pH->nSlot*HASHAGG_FULL_LOAD
  ){
    pH->bFull = 1;
    return SQLITE_OK;
  }
  pG = hashAggAlloc(pH, &pH->grp, nGroup);
  if( pG==0 ) return SQLITE_NOMEM_BKPT;
  pG->nAccByte = 0;
  pG->pTouch = 0;
  pG->iBatch = 0;
  for(i=0; i<nMem; i++){
    /* As OP_Null leaves an accumulator register: n counts the steps an
    ** aggregate has taken, for sqlite3_aggregate_count() */
    sqlite3VdbeMemInit(&pG->aMem[i], pH->db, MEM_Null);
    pG->aMem[i].n = 0;
  }
  for(i=0; i<pH->nKey; i++){
    if( sqlite3VdbeMemCopy(&pG->aMem[i], &aKey[i]) ){
      int j;
      for(j=0; j<=i; j++) sqlite3VdbeMemRelease(&pG->aMem[j]);
      /* Give its bytes back: the groups of a chunk stay contiguous */
      assert( (u8*)pG+nGroup==pH->grp.pFree );
      pH->grp.pFree = (u8*)pG;
      pH->grp.nFree += nGroup;
      return SQLITE_NOMEM_BKPT;
    }
    /* The sorter does not keep subtypes: neither does the table */
    pG->aMem[i].flags &= ~MEM_Subtype;
    assert( sqlite3VdbeCheckMemInvariants(&pG->aMem[i]) );
    /* The group's key compares equal to the row's: the row is its first */
    assert( sqlite3MemCompare(&pG->aMem[i], &aKey[i],
                              pH->pKeyInfo->aColl[i])==0 );
  }
  pG->pNext = 0;
  pSlot->h = h;
  pSlot->pG = pG;
  pH->grp.pChunk->nGroup++;
  for(i=0; i<pH->nKey; i++) pH->nByte += pG->aMem[i].szMalloc;
  pH->stat.nGroup++;
  if( pH->stat.nGroup*2>(i64)pH->nSlot ) hashAggGrow(pH);
  assert( (HASHAGG_CHECK_GROUPS & (HASHAGG_CHECK_GROUPS-1))==0 );
  testcase( (pH->stat.nGroup & (HASHAGG_CHECK_GROUPS-1))==0
         && pH->stat.nRowHashed==pH->stat.nGroup*HASHAGG_MIN_ROWS );
  testcase( (pH->stat.nGroup & (HASHAGG_CHECK_GROUPS-1))==0
         && pH->stat.nRowHashed==pH->stat.nGroup*HASHAGG_MIN_ROWS-1 );
  if( (pH->stat.nGroup & (HASHAGG_CHECK_GROUPS-1))==0
   && pH->stat.nRowHashed < pH->stat.nGroup*HASHAGG_MIN_ROWS
  ){
    pH->bFull = 1;
  }
  *ppG = pG;
  return SQLITE_OK;
}

#ifdef SQLITE_DEBUG
/*
** Debug builds record, for each register, the register it is a shallow
** copy of (OP_SCopy), and vdbe.c marks the copies undefined when that
** register changes (memAboutToChange()).  The table moves values between
** registers and groups with raw copies, so it does the same: it calls
** hashAggWriteBegin() before the n registers at aReg[] of p receive other
** values, and hashAggWriteEnd() after, so that they are the shallow copy
** of no register, whatever the values carried from a group.
*/
static void hashAggWriteBegin(Vdbe *p, Mem *aReg, int n){
  int i;
  for(i=0; i<n; i++) sqlite3VdbeMemAboutToChange(p, &aReg[i]);
}
static void hashAggWriteEnd(Mem *aReg, int n){
  int i;
  for(i=0; i<n; i++){
    aReg[i].pScopyFrom = 0;
    aReg[i].bScopy = 0;
  }
}
#else
# define hashAggWriteBegin(P,A,N)
# define hashAggWriteEnd(A,N)
#endif

/*
** Copy the accumulators in the registers into group pH->pCur, which then
** owns what they own, and account for the heap memory they hold.  The
** registers are stale afterwards: the caller overwrites them without
** releasing them, or calls hashAggEmptyRegisters().
*/
static void hashAggSaveCurrent(HashAgg *pH, Mem *aMem){
  HashAggGroup *pG = pH->pCur;
  if( pG ){
    Mem *aAcc = &aMem[pH->iAcc];
    i64 nAccByte = 0;
    int i;
    for(i=0; i<pH->nAcc; i++) nAccByte += aAcc[i].szMalloc;
    memcpy(&pG->aMem[pH->nKey], aAcc, pH->nAcc*sizeof(Mem));
#ifdef SQLITE_DEBUG
    for(i=0; i<pH->nAcc; i++){
      /* The raw copy holds what the register held, for the same
      ** connection: a value, NULL, or an aggregate context */
      Mem *pAcc = &pG->aMem[pH->nKey+i];
      assert( sqlite3VdbeCheckMemInvariants(pAcc) );
      assert( pAcc->db==pH->db );
      assert( (pAcc->flags & MEM_Agg)!=0 || memIsValid(pAcc) );
      /* Nothing that another register or a page owns: it must outlive
      ** them (OP_Column gives accumulators values of their own) */
      assert( (pAcc->flags & MEM_Ephem)==0 );
    }
#endif
    assert( pG->nAccByte>=0 && nAccByte>=0 );
    pH->nByte += nAccByte - pG->nAccByte;
    pG->nAccByte = nAccByte;
    pH->pCur = 0;
  }
}

/*
** Make the accumulator registers of p NULL without releasing what they
** held (which hashAggSaveCurrent() gave to a group).
*/
static void hashAggEmptyRegisters(HashAgg *pH, Vdbe *p){
  Mem *aMem = p->aMem;
  int i;
  assert( pH->pCur==0 );          /* Saved: a group owns what they hold */
  hashAggWriteBegin(p, &aMem[pH->iAcc], pH->nAcc);
  for(i=0; i<pH->nAcc; i++){
    aMem[pH->iAcc+i].flags = MEM_Null;
    aMem[pH->iAcc+i].szMalloc = 0;
  }
}

/*
** Find the group of key aKey in table pH, or make it if it is new and the
** budget allows.  Set *ppG to the group, or to 0 if the key is new and
** the budget is spent, and *pbNew to whether the group was made.  Return
** SQLITE_OK or SQLITE_NOMEM.
*/
static int hashAggFind(
  HashAgg *pH,
  const Mem *aKey,
  HashAggGroup **ppG,
  int *pbNew
){
  u64 h = hashAggHash(pH, aKey);
  u32 mask = pH->nSlot-1;
  u32 iSlot = (u32)h & mask;
  HashAggGroup *pG;
  *pbNew = 0;
  while( (pG = pH->aSlot[iSlot].pG)!=0 ){
    if( pH->aSlot[iSlot].h==h && hashAggMatch(pH, pG, aKey) ) break;
    iSlot = (iSlot+1) & mask;
  }
  if( pG==0 && !pH->bFull ){
    int rc = hashAggNewGroup(pH, aKey, h, &pH->aSlot[iSlot], &pG);
    if( rc ) return rc;
    *pbNew = pG!=0;
  }
  *ppG = pG;
  return SQLITE_OK;
}

/*
** Implementation of OP_HashAggGroup: find the group of the key in the
** registers starting at P3 in the table of register P1, creating it if the
** budget allows.  If there is such a group, make its accumulators those in
** the accumulator registers, set register P4 to 1 if the group had rows
** before or to 0 if it is new, and set *pbHashed.  Otherwise (the budget is
** spent and the group is new) clear *pbHashed: the row goes to the sorter.
** Return SQLITE_OK or SQLITE_NOMEM.
*/
int sqlite3HashAggGroup(Vdbe *p, const VdbeOp *pOp, int *pbHashed){
  Mem *aMem = p->aMem;
  HashAgg *pH = hashAggOf(&aMem[pOp->p1]);
  const Mem *aKey = &aMem[pOp->p3];
  HashAggGroup *pG = pH->pCur;
  int bNew = 0;
  int i;

  assert( pOp->p4type==P4_INT32 );
  assert( pOp->p3+pH->nKey<=pH->iAcc || pOp->p3>=pH->iAcc+pH->nAcc );
  assert( pOp->p3>0 && pOp->p3+pH->nKey<=(p->nMem+1 - p->nCursor)+1 );
  /* The flag register is not one the table swaps */
  assert( pOp->p4.i<pH->iAcc || pOp->p4.i>=pH->iAcc+pH->nAcc );
  assert( pH->pOut==0 && !pH->bLoaded );  /* Not sorted yet */
#ifdef SQLITE_DEBUG
  for(i=0; i<pH->nKey; i++) assert( memIsValid(&aKey[i]) );
#endif
  /* Rows of one group often come together: try the current group first,
  ** without hashing the key */
  if( pG==0 || !hashAggMatch(pH, pG, aKey) ){
    int rc = hashAggFind(pH, aKey, &pG, &bNew);
    if( rc ) return rc;
    if( pG==0 ){
      pH->stat.nRowSpilled++;
      *pbHashed = 0;
      return SQLITE_OK;
    }
    if( pH->pCur ){
      hashAggSaveCurrent(pH, aMem);
    }else{
      /* The registers hold what OP_HashAggOpen's caller reset them to */
      for(i=0; i<pH->nAcc; i++){
        sqlite3VdbeMemRelease(&aMem[pH->iAcc+i]);
        assert( !VdbeMemDynamic(&aMem[pH->iAcc+i]) );
        assert( aMem[pH->iAcc+i].szMalloc==0 );
      }
    }
    hashAggWriteBegin(p, &aMem[pH->iAcc], pH->nAcc);
    memcpy(&aMem[pH->iAcc], &pG->aMem[pH->nKey], pH->nAcc*sizeof(Mem));
    hashAggWriteEnd(&aMem[pH->iAcc], pH->nAcc);
#ifdef SQLITE_DEBUG
    for(i=0; i<pH->nAcc; i++){
      /* The registers now hold the group's accumulators, which its copies
      ** in aMem[] no longer own (they are stale while it is pCur) */
      Mem *pAcc = &aMem[pH->iAcc+i];
      assert( sqlite3VdbeCheckMemInvariants(pAcc) );
      assert( (pAcc->flags & MEM_Agg)!=0 || memIsValid(pAcc) );
      assert( !bNew || (pAcc->flags==MEM_Null && pAcc->szMalloc==0) );
    }
#endif
    pH->pCur = pG;
    sqlite3VdbeMemSetInt64(&aMem[pOp->p4.i], bNew ? 0 : 1);
  }
  if( pH->nByte>pH->stat.nBytePeak ) pH->stat.nBytePeak = pH->nByte;
  pH->stat.nRowHashed++;
  *pbHashed = 1;
  return SQLITE_OK;
}

/*
** The batch path (src/batch/batch.c) updates the accumulators of many rows
** in their groups, in place, instead of moving the group of each row into
** the accumulator registers.  sqlite3HashAggBatchBegin() starts such a
** batch on the table of register regHash of p: the group in the registers,
** if any, goes back to the table, and the registers are left as after
** OP_HashAggOpen's caller reset them (OP_HashAggGroup then finds no
** current group).  It sets *piAcc and *pnAcc to the accumulator registers.
*/
void sqlite3HashAggBatchBegin(Vdbe *p, int regHash, int *piAcc, int *pnAcc){
  HashAgg *pH = hashAggOf(&p->aMem[regHash]);
  assert( pH->pOut==0 && !pH->bLoaded );  /* Not sorted yet */
  if( pH->pCur ){
    hashAggSaveCurrent(pH, p->aMem);
    hashAggEmptyRegisters(pH, p);
  }
  pH->iBatch++;
  if( pH->iBatch==0 ) pH->iBatch = 1;     /* 0: never updated by a batch */
  pH->pTouched = 0;
  pH->pLast = 0;
  *piAcc = pH->iAcc;
  *pnAcc = pH->nAcc;
}

/*
** Within a batch, find the group of the key in aKey[] in the table of
** register regHash, making it if the budget allows, as OP_HashAggGroup
** does, and set *ppAcc to its accumulators (nAcc Mems that stay in the
** group) and *pbNew to 1 if the group is new or 0 if it had rows before.
** If the group is new and the budget is spent, set *ppAcc to 0: that row
** must go through OP_HashAggGroup, to the sorter.  Return SQLITE_OK or
** SQLITE_NOMEM.
*/
int sqlite3HashAggBatchGroup(
  Vdbe *p,
  int regHash,
  const Mem *aKey,
  Mem **ppAcc,
  int *pbNew
){
  HashAgg *pH = hashAggOf(&p->aMem[regHash]);
  HashAggGroup *pG = pH->pLast;
  *pbNew = 0;
  assert( pH->pCur==0 );
  if( pG==0 || !hashAggMatch(pH, pG, aKey) ){
    int rc = hashAggFind(pH, aKey, &pG, pbNew);
    if( rc ) return rc;
    if( pG==0 ){
      *ppAcc = 0;
      return SQLITE_OK;
    }
    pH->pLast = pG;
    if( pG->iBatch!=pH->iBatch ){
      pG->iBatch = pH->iBatch;
      pG->pTouch = pH->pTouched;
      pH->pTouched = pG;
    }
  }
  pH->stat.nRowHashed++;
  *ppAcc = &pG->aMem[pH->nKey];
  return SQLITE_OK;
}

/*
** Within a batch, give pAcc, an accumulator of a group of the table of
** register regHash that no aggregate step has touched (NULL), the
** zero-filled context of nByte bytes of aggregate function pFunc, as
** sqlite3_aggregate_context() would, but in the table's memory instead
** of the heap: no allocation for each group, none freed when the group
** is output.  The context must hold no pointer (it is never finalized
** once the table is emptied: count() and sum() contexts).  Return
** SQLITE_OK, or SQLITE_NOMEM with pAcc unchanged.
*/
int sqlite3HashAggBatchContext(
  Vdbe *p,
  int regHash,
  Mem *pAcc,
  FuncDef *pFunc,
  int nByte
){
  HashAgg *pH = hashAggOf(&p->aMem[regHash]);
  void *pCtx;
  assert( pH->pCur==0 && !pH->bLoaded );
  assert( pAcc->flags==MEM_Null && pAcc->szMalloc==0 && pAcc->db==pH->db );
  assert( nByte>0 );
  pCtx = hashAggAlloc(pH, &pH->ctx, ROUND8(nByte));
  if( pCtx==0 ) return SQLITE_NOMEM_BKPT;
  memset(pCtx, 0, nByte);
  pAcc->flags = MEM_Agg;
  pAcc->u.pDef = pFunc;
  pAcc->z = (char*)pCtx;
  assert( hashAggIsArenaContext(pAcc) );
  return SQLITE_OK;
}

/*
** End a batch on the table of register regHash: count nRow more rows
** hashed (rows whose group the batch found without
** sqlite3HashAggBatchGroup()), and account for the heap memory that the
** accumulators of the groups it updated now hold, as OP_HashAggGroup does
** when it moves a group out of the registers.
*/
void sqlite3HashAggBatchEnd(Vdbe *p, int regHash, i64 nRow){
  HashAgg *pH = hashAggOf(&p->aMem[regHash]);
  HashAggGroup *pG;
  pH->stat.nRowHashed += nRow;
  for(pG=pH->pTouched; pG; pG=pG->pTouch){
    i64 nAccByte = 0;
    int i;
    for(i=0; i<pH->nAcc; i++) nAccByte += pG->aMem[pH->nKey+i].szMalloc;
    pH->nByte += nAccByte - pG->nAccByte;
    pG->nAccByte = nAccByte;
  }
  pH->pTouched = 0;
  pH->pLast = 0;
  if( pH->nByte>pH->stat.nBytePeak ) pH->stat.nBytePeak = pH->nByte;
}

/*
** Compare the key of group pA with the key in aKey[] as the sorter
** compares keys: under
** the key's collations, reversed for a DESC term, with NULLs last for a
** NULLS LAST term of an ascending key (KEYINFO_ORDER_BIGNULL).
*/
static int hashAggCompareKey(
  const HashAgg *pH,
  const HashAggGroup *pA,
  const Mem *aKey
){
  const KeyInfo *pKeyInfo = pH->pKeyInfo;
  int i;
  for(i=0; i<pH->nKey; i++){
    const Mem *a = &pA->aMem[i];
    const Mem *b = &aKey[i];
    int rc;
    if( (a->flags & b->flags & MEM_Int)!=0 ){
      rc = a->u.i<b->u.i ? -1 : a->u.i>b->u.i;
    }else if( (a->flags & b->flags & MEM_Str)!=0
           && ((a->flags|b->flags) & (MEM_Null|MEM_Int|MEM_Real|MEM_IntReal))==0
           && pH->aText[i]==FORK_TEXT_BINARY
    ){
      int n = a->n<b->n ? a->n : b->n;
      rc = memcmp(a->z, b->z, n);
      if( rc==0 ) rc = a->n - b->n;
    }else{
      rc = sqlite3MemCompare(a, b, pKeyInfo->aColl[i]);
    }
    if( rc ){
      u8 f = pKeyInfo->aSortFlags[i];
      if( (f & KEYINFO_ORDER_BIGNULL) && ((a->flags|b->flags) & MEM_Null) ){
        rc = -rc;
      }
      if( f & KEYINFO_ORDER_DESC ) rc = -rc;
      return rc;
    }
  }
  return 0;
}

/*
** Move the key and the accumulators of the first group of the output list
** into the registers of p: the key into the pH->nKey registers starting at
** pH->iKey, the accumulators into the accumulator registers.
*/
static void hashAggLoadFirst(HashAgg *pH, Vdbe *p){
  Mem *aMem = p->aMem;
  HashAggGroup *pG = pH->pOut;
  int i;
  assert( pG!=0 && pH->pCur==0 && !pH->bLoaded );
#ifdef SQLITE_DEBUG
  for(i=0; i<pH->nKey+pH->nAcc; i++){
    assert( sqlite3VdbeCheckMemInvariants(&pG->aMem[i]) );
  }
#endif
  hashAggWriteBegin(p, &aMem[pH->iKey], pH->nKey);
  hashAggWriteBegin(p, &aMem[pH->iAcc], pH->nAcc);
  for(i=0; i<pH->nKey; i++){
    sqlite3VdbeMemMove(&aMem[pH->iKey+i], &pG->aMem[i]);
  }
  for(i=0; i<pH->nAcc; i++){
    sqlite3VdbeMemMove(&aMem[pH->iAcc+i], &pG->aMem[pH->nKey+i]);
  }
  hashAggWriteEnd(&aMem[pH->iKey], pH->nKey);
  hashAggWriteEnd(&aMem[pH->iAcc], pH->nAcc);
  /* The registers of the columns that are the first GROUP BY terms (not
  ** kept in the groups: sqlite3HashAggCodeGroup()) take the key, which
  ** stays in the key registers until after the output subroutine */
  for(i=0; i<pH->nCopy; i++){
    Mem *pCopy = &aMem[pH->iAcc-pH->nCopy+i];
    assert( pCopy<&aMem[pH->iKey] || pCopy>=&aMem[pH->iKey+pH->nKey] );
    hashAggWriteBegin(p, pCopy, 1);
    sqlite3VdbeMemShallowCopy(pCopy, &aMem[pH->iKey+i], MEM_Ephem);
#ifdef SQLITE_DEBUG
    /* As after OP_SCopy: a change of the key register first makes the
    ** copy undefined, so that a read of it after that asserts */
    pCopy->pScopyFrom = &aMem[pH->iKey+i];
    pCopy->mScopyFlags = pCopy->flags;
#endif
  }
}

/*
** An entry of the array OP_HashAggSort sorts: a group, and its key's first
** value if that is an integer (bInt), which most comparisons then use
** without reading the group.
*/
typedef struct HashAggSortEntry HashAggSortEntry;
struct HashAggSortEntry {
  i64 iKey;                 /* The first key value, if bInt */
  HashAggGroup *pG;         /* The group */
  int bInt;                 /* True if the first key value is an integer */
};

/*
** Compare two entries as hashAggCompareKey() compares their groups.
*/
static int hashAggCompareEntry(
  const HashAgg *pH,
  const HashAggSortEntry *pA,
  const HashAggSortEntry *pB
){
  if( pA->bInt && pB->bInt ){
    int rc = pA->iKey<pB->iKey ? -1 : pA->iKey>pB->iKey;
    if( rc ){
      /* Two integers: NULLS LAST (KEYINFO_ORDER_BIGNULL) plays no part */
      return (pH->pKeyInfo->aSortFlags[0] & KEYINFO_ORDER_DESC) ? -rc : rc;
    }
    if( pH->nKey==1 ) return 0;
  }
  return hashAggCompareKey(pH, pA->pG, pB->pG->aMem);
}

/*
** Sort the n entries of a[] (a stable bottom-up merge sort), using aTmp[]
** (n entries) as scratch space.
*/
static void hashAggSortArray(
  const HashAgg *pH,
  HashAggSortEntry *a,
  HashAggSortEntry *aTmp,
  i64 n
){
  HashAggSortEntry *pFrom = a, *pTo = aTmp;
  i64 w;
  for(w=1; w<n; w*=2){
    i64 i;
    for(i=0; i<n; i+=2*w){
      i64 j = i, k = MIN(i+w, n), jEnd = MIN(i+w, n), kEnd = MIN(i+2*w, n);
      i64 o = i;
      while( j<jEnd && k<kEnd ){
        if( hashAggCompareEntry(pH, &pFrom[k], &pFrom[j])<0 ){
          pTo[o++] = pFrom[k++];
        }else{
          pTo[o++] = pFrom[j++];
        }
      }
      while( j<jEnd ) pTo[o++] = pFrom[j++];
      while( k<kEnd ) pTo[o++] = pFrom[k++];
    }
    { HashAggSortEntry *pSwap = pFrom; pFrom = pTo; pTo = pSwap; }
  }
  if( pFrom!=a ) memcpy(a, pFrom, n*sizeof(a[0]));
}

/*
** Sort the n entries of a[], each of whose groups has an integer first key
** (bInt), by that key in the order of the first GROUP BY term, using
** aTmp[] (n entries) as scratch space: a least-significant-digit radix
** sort, stable, that skips the digits all the keys share.  Return a[] or
** aTmp[], whichever holds the sorted entries.
*/
static HashAggSortEntry *hashAggRadixSort(
  const HashAgg *pH,
  HashAggSortEntry *a,
  HashAggSortEntry *aTmp,
  i64 n
){
  HashAggSortEntry *pFrom = a, *pTo = aTmp;
  i64 aCount[HASHAGG_RADIX_SIZE];
  /* The keys as unsigned numbers in the order of the term: the sign bit
  ** flipped, and every bit for a DESC term */
  u64 mFlip = ((u64)1)<<63;
  int iShift;
  assert( (HASHAGG_RADIX_SIZE & (HASHAGG_RADIX_SIZE-1))==0 );
  assert( 64%HASHAGG_RADIX_BITS==0 );
  if( pH->pKeyInfo->aSortFlags[0] & KEYINFO_ORDER_DESC ) mFlip = ~mFlip;
  for(iShift=0; iShift<64; iShift+=HASHAGG_RADIX_BITS){
    i64 i, nBefore;
    memset(aCount, 0, sizeof(aCount));
    for(i=0; i<n; i++){
      assert( pFrom[i].bInt );
      aCount[(((u64)pFrom[i].iKey^mFlip)>>iShift) & (HASHAGG_RADIX_SIZE-1)]++;
    }
    if( aCount[(((u64)pFrom[0].iKey^mFlip)>>iShift)
               & (HASHAGG_RADIX_SIZE-1)]==n ){
      continue;                   /* Every key has this digit */
    }
    for(i=0, nBefore=0; i<HASHAGG_RADIX_SIZE; i++){
      i64 nDigit = aCount[i];
      aCount[i] = nBefore;
      nBefore += nDigit;
    }
    for(i=0; i<n; i++){
      u64 d = (((u64)pFrom[i].iKey^mFlip)>>iShift) & (HASHAGG_RADIX_SIZE-1);
      pTo[aCount[d]++] = pFrom[i];
    }
    { HashAggSortEntry *pSwap = pFrom; pFrom = pTo; pTo = pSwap; }
  }
  return pFrom;
}

/*
** Make pH->pOut the list of the groups of pH in the order they were made,
** which is that of their memory, and empty the slots.  Return 1, or 0
** (and leave pH as it was) if the chunks do not hold every group.
*/
static int hashAggMadeOrder(HashAgg *pH){
  i64 nGroup = HASHAGG_GROUP_BYTES(pH);
  i64 n = 0;
  HashAggChunk *pChunk;
  HashAggGroup *pList = 0;
  for(pChunk=pH->grp.pChunk; pChunk; pChunk=pChunk->pNext){
    u8 *aGroup = (u8*)pChunk + HASHAGG_CHUNK_HDR;
    i64 k;
    for(k=pChunk->nGroup-1; k>=0; k--){
      HashAggGroup *pG = (HashAggGroup*)&aGroup[k*nGroup];
      pG->pNext = pList;
      pList = pG;
    }
    n += pChunk->nGroup;
  }
  if( NEVER(n!=pH->stat.nGroup) ) return 0;
  memset(pH->aSlot, 0, pH->nSlot*sizeof(HashAggSlot));
  pH->pOut = pList;
  return 1;
}

/*
** Implementation of OP_HashAggSort: save the group in the accumulator
** registers, and sort the groups of the table of register P1 by their
** keys for OP_HashAggEmit, which loads keys into the registers starting at
** P3.  Set *pbSpilled if the table passed rows to the sorter.  If P5 is
** set and none did, leave the groups in the order they were made.  Return
** SQLITE_OK or SQLITE_NOMEM.
*/
int sqlite3HashAggSort(Vdbe *p, const VdbeOp *pOp, int *pbSpilled){
  HashAgg *pH = hashAggOf(&p->aMem[pOp->p1]);
  i64 n = pH->stat.nGroup;
  HashAggSortEntry *a = 0;
  i64 i = 0;
  i64 nInt = 0;                   /* Groups whose first key is an integer */
  u32 iS;

  assert( pH->pOut==0 && !pH->bLoaded );  /* Sorted once per run */
  assert( pOp->p3>0 && pOp->p3+pH->nKey<=(p->nMem+1 - p->nCursor)+1 );
  if( pH->pCur ){
    hashAggSaveCurrent(pH, p->aMem);
    hashAggEmptyRegisters(pH, p);
  }
  pH->pOut = 0;
  pH->bLoaded = 0;
  pH->iKey = pOp->p3;
  *pbSpilled = pH->stat.nRowSpilled>0;
  if( n==0 ) return SQLITE_OK;
  if( pOp->p5 && !*pbSpilled && hashAggMadeOrder(pH) ){
    /* Any order will do (sqlite3HashAggCodeOrder()) */
    return SQLITE_OK;
  }
  a = sqlite3Malloc(2*n*sizeof(HashAggSortEntry));
  if( a==0 ) return SQLITE_NOMEM_BKPT;
  for(iS=0; iS<pH->nSlot; iS++){
    HashAggGroup *pG = pH->aSlot[iS].pG;
    if( pG ){
      assert( i<n );
      a[i].pG = pG;
      a[i].bInt = (pG->aMem[0].flags & MEM_Int)!=0;
      a[i].iKey = a[i].bInt ? pG->aMem[0].u.i : 0;
      nInt += a[i].bInt;
      i++;
      pH->aSlot[iS].pG = 0;
    }
  }
  assert( i==n );
  if( nInt==n && n>=HASHAGG_RADIX_MIN ){
    /* Integer first keys: by that key, then each run of equal first keys
    ** by the whole key */
    HashAggSortEntry *pSorted = hashAggRadixSort(pH, a, &a[n], n);
    if( pSorted!=a ) memcpy(a, pSorted, n*sizeof(a[0]));
    if( pH->nKey>1 ){
      i64 iRun = 0;
      for(i=1; i<=n; i++){
        if( i==n || a[i].iKey!=a[iRun].iKey ){
          if( i-iRun>1 ) hashAggSortArray(pH, &a[iRun], &a[n+iRun], i-iRun);
          iRun = i;
        }
      }
    }
  }else{
    hashAggSortArray(pH, a, &a[n], n);
  }
#ifdef SQLITE_DEBUG
  for(i=1; i<n; i++) assert( hashAggCompareEntry(pH, &a[i-1], &a[i])<=0 );
#endif
  for(i=n-1; i>=0; i--){
    a[i].pG->pNext = pH->pOut;
    pH->pOut = a[i].pG;
  }
  sqlite3_free(a);
  return SQLITE_OK;
}

/*
** Implementation of OP_HashAggEmit: drop the group loaded last, if any;
** then load the next group, if there is one and either P3 is 0 or the
** group's key sorts before the key in the registers starting at P3.  Set
** *pbLoaded if a group was loaded.
*/
void sqlite3HashAggEmit(Vdbe *p, const VdbeOp *pOp, int *pbLoaded){
  HashAgg *pH = hashAggOf(&p->aMem[pOp->p1]);
  assert( pH->pCur==0 );          /* OP_HashAggSort saved the last group */
  assert( pOp->p3==0 || pOp->p3+pH->nKey<=(p->nMem+1 - p->nCursor)+1 );
  if( pH->bLoaded ){
    assert( pH->pOut!=0 );
    pH->pOut = pH->pOut->pNext;   /* Its Mems were moved out: nothing held */
    pH->bLoaded = 0;
  }
  if( pH->pOut==0
   || (pOp->p3>0 && hashAggCompareKey(pH, pH->pOut, &p->aMem[pOp->p3])>=0)
  ){
    *pbLoaded = 0;
    return;
  }
  hashAggLoadFirst(pH, p);
  pH->bLoaded = 1;
  *pbLoaded = 1;
}

/****************************************************************************
** Code generation.  select.c calls these at the points where it codes the
** sorter of a GROUP BY; HashAggCode carries their state.
*/

/*
** Called before the WHERE loop of an aggregate query with a GROUP BY: if
** the hash aggregate may serve it, code an OP_HashAggOpen and record it in
** *pCode, otherwise clear *pCode.  bDistinct is true if the GROUP BY comes
** from a SELECT DISTINCT.  pKeyInfo is the key of the GROUP BY sorter.
*/
void sqlite3HashAggCodeOpen(
  Parse *pParse,
  AggInfo *pAggInfo,
  KeyInfo *pKeyInfo,
  int bDistinct,
  HashAggCode *pCode
){
  sqlite3 *db = pParse->db;
  Vdbe *v = pParse->pVdbe;
  int i;
  memset(pCode, 0, sizeof(*pCode));
  if( !db->fork.hashagg.bOn || bDistinct || pKeyInfo==0 || pParse->nErr ){
    return;
  }
  if( ENC(db)!=SQLITE_UTF8 ) return;
  for(i=0; i<pKeyInfo->nKeyField; i++){
    if( sqlite3ForkCollTextMode(pKeyInfo->aColl[i])==FORK_TEXT_ANY ) return;
  }
  for(i=0; i<pAggInfo->nFunc; i++){
    /* DISTINCT and ORDER BY aggregates keep a table per group */
    if( pAggInfo->aFunc[i].iDistinct>=0 || pAggInfo->aFunc[i].iOBTab>=0 ){
      return;
    }
  }
  pCode->regHash = ++pParse->nMem;
  pCode->nKey = pKeyInfo->nKeyField;
  pCode->addrOpen = sqlite3VdbeAddOp4(v, OP_HashAggOpen, pCode->regHash,
      0, 0, (char*)sqlite3KeyInfoRef(pKeyInfo), P4_KEYINFO);
}

/*
** Called inside the WHERE loop, once the loop knows the GROUP BY needs its
** sorter.  Return true if the hash table serves the GROUP BY; otherwise
** (or if the rows come in GROUP BY order: bSorted) turn the OP_HashAggOpen
** into a no-op and return false.
*/
int sqlite3HashAggUsable(Parse *pParse, HashAggCode *pCode, int bSorted){
  if( pCode->regHash==0 ) return 0;
  if( bSorted || pParse->pIdxEpr!=0 || pParse->nErr ){
    sqlite3VdbeChangeToNoop(pParse->pVdbe, pCode->addrOpen);
    pCode->regHash = 0;
    return 0;
  }
  return 1;
}

/*
** Code the probe of the hash table for the GROUP BY key in the registers
** starting at regKey, now that the accumulator registers are assigned.
** The code jumps to the label returned in pCode->lblHashed (where
** sqlite3HashAggCodeUpdate() puts the update of the accumulators) if the
** table takes the row, and falls through to the sorter's code otherwise.
** It sets register pCode->iUseFlag to 0 for a new group, 1 for another.
*/
void sqlite3HashAggCodeGroup(
  Parse *pParse,
  AggInfo *pAggInfo,
  HashAggCode *pCode,
  int regKey
){
  Vdbe *v = pParse->pVdbe;
  int i, nCopy = 0;
  if( pCode->regHash==0 ) return;
  assert( pCode->iUseFlag>0 );
  assert( regKey>0 && pCode->nKey>0 );
  /* The key is outside the accumulator registers that the table swaps */
  assert( regKey+pCode->nKey<=pAggInfo->iFirstReg
       || regKey>=pAggInfo->iFirstReg+pAggInfo->nColumn+pAggInfo->nFunc );
  /* The first columns that are the first GROUP BY terms, read on a
  ** group's first row only (no min() or max() picks another row:
  ** updateAccumulator()), always hold the group's key: the groups do not
  ** keep them, and the key is copied into them at output */
  for(i=0; i<pAggInfo->nFunc; i++){
    if( pAggInfo->aFunc[i].pFunc->funcFlags & SQLITE_FUNC_NEEDCOLL ) break;
  }
  if( i==pAggInfo->nFunc ){
    while( nCopy<pAggInfo->nAccumulator && nCopy<pCode->nKey
        && pAggInfo->aCol[nCopy].iSorterColumn==nCopy
    ){
      nCopy++;
    }
  }
  sqlite3VdbeChangeP2(v, pCode->addrOpen, pAggInfo->iFirstReg+nCopy);
  sqlite3VdbeChangeP3(v, pCode->addrOpen,
                      pAggInfo->nColumn+pAggInfo->nFunc-nCopy);
  sqlite3VdbeGetOp(v, pCode->addrOpen)->p5 = (u16)nCopy;
  pCode->lblHashed = sqlite3VdbeMakeLabel(pParse);
  pCode->lblDone = sqlite3VdbeMakeLabel(pParse);
  sqlite3VdbeAddOp4Int(v, OP_HashAggGroup, pCode->regHash, pCode->lblHashed,
                       regKey, pCode->iUseFlag);
  VdbeCoverage(v);
}

/*
** Called after the sorter's code in the WHERE loop: jump over the code that
** follows (the update of the accumulators, which the caller codes next)
** and make it the target of OP_HashAggGroup.
*/
void sqlite3HashAggCodeUpdate(Parse *pParse, HashAggCode *pCode){
  Vdbe *v = pParse->pVdbe;
  if( pCode->regHash==0 ) return;
  sqlite3VdbeGoto(v, pCode->lblDone);
  sqlite3VdbeResolveLabel(v, pCode->lblHashed);
}

/*
** Called after the update of the accumulators, at the end of the body of
** the WHERE loop.
*/
void sqlite3HashAggCodeUpdateEnd(Parse *pParse, HashAggCode *pCode){
  if( pCode->regHash==0 ) return;
  sqlite3VdbeResolveLabel(pParse->pVdbe, pCode->lblDone);
}

/*
** Code a loop that outputs, through the output subroutine of select.c
** (pCode->regOutputRow, addrOutputRow), the groups of the hash table that
** sort before the key in the registers starting at iCmp (all that are
** left if iCmp is 0), in key order.  The subroutine returns with register
** pCode->iAbortFlag positive if no more rows are wanted: then jump to
** pCode->addrEnd.
*/
void sqlite3HashAggCodeEmit(Parse *pParse, HashAggCode *pCode, int iCmp){
  Vdbe *v = pParse->pVdbe;
  int addrTop;
  int addrEmit;
  if( pCode->regHash==0 ) return;
  assert( pCode->iUseFlag>0 && pCode->iAbortFlag>0 );
  assert( pCode->regOutputRow>0 && pCode->addrOutputRow<0 );
  assert( pCode->addrEnd<0 );
  assert( iCmp==0 || iCmp==pCode->iBMem );
  /* The output subroutine of the sorter's group just before may have set
  ** the abort flag already: test it before each group */
  addrTop = sqlite3VdbeAddOp2(v, OP_IfPos, pCode->iAbortFlag, pCode->addrEnd);
  VdbeCoverage(v);
  addrEmit = sqlite3VdbeAddOp3(v, OP_HashAggEmit, pCode->regHash, 0, iCmp);
  VdbeCoverage(v);
  sqlite3VdbeAddOp2(v, OP_Integer, 1, pCode->iUseFlag);
  sqlite3VdbeAddOp2(v, OP_Gosub, pCode->regOutputRow, pCode->addrOutputRow);
  VdbeComment((v, "output one group of the hash table"));
  sqlite3VdbeGoto(v, addrTop);
  sqlite3VdbeJumpHere(v, addrEmit);
}

/*
** Called in the loop over the sorter's rows, once the row's GROUP BY key
** is in the registers at pCode->iBMem and before it is compared with the
** key of the group in progress (registers at pCode->iAMem): on the
** sorter's first row (register pCode->iUseFlag is 0 only there), output
** the groups of the hash table that sort before it, then reset the
** accumulators (subroutine pCode->regReset, addrReset) and the key
** registers to where they were.  The other groups of the table are output
** at the sorter's changes of group (sqlite3HashAggCodeEmit()): but the
** first row may not make one (its key may be all NULL, as the key
** registers are at the start), and a group that sorts before it must not
** wait until then.
*/
void sqlite3HashAggCodeFirst(Parse *pParse, HashAggCode *pCode){
  Vdbe *v = pParse->pVdbe;
  int addrSkip;
  if( pCode->regHash==0 ) return;
  assert( pCode->iAMem>0 && pCode->iBMem==pCode->iAMem+pCode->nKey );
  assert( pCode->regReset>0 && pCode->addrReset<0 );
  addrSkip = sqlite3VdbeAddOp2(v, OP_IfPos, pCode->iUseFlag, 0);
  VdbeCoverage(v);
  sqlite3HashAggCodeEmit(pParse, pCode, pCode->iBMem);
  sqlite3VdbeAddOp2(v, OP_Gosub, pCode->regReset, pCode->addrReset);
  sqlite3VdbeAddOp3(v, OP_Null, 0, pCode->iAMem, pCode->iAMem+pCode->nKey-1);
  sqlite3VdbeJumpHere(v, addrSkip);
}

/*
** Called after the WHERE loop, before the sorter's groups are output: sort
** the groups of the hash table.  If no row went to the sorter, output them
** all (their keys into the registers at pCode->iAMem, where the output
** subroutine expects the key of its group) and jump to pCode->addrEnd.
** Otherwise reset the accumulators (subroutine pCode->regReset,
** addrReset) and go on to the sorter's groups, among which
** sqlite3HashAggCodeEmit() merges the table's.
*/
void sqlite3HashAggCodeSort(Parse *pParse, HashAggCode *pCode){
  Vdbe *v = pParse->pVdbe;
  int addrSort;
  if( pCode->regHash==0 ) return;
  assert( pCode->iAMem>0 );
  assert( pCode->regReset>0 && pCode->addrReset<0 );
  addrSort = sqlite3VdbeAddOp3(v, OP_HashAggSort, pCode->regHash, 0,
                               pCode->iAMem);
  VdbeCoverage(v);
  pCode->addrSort = addrSort;
  sqlite3HashAggCodeEmit(pParse, pCode, 0);
  sqlite3VdbeGoto(v, pCode->addrEnd);
  sqlite3VdbeJumpHere(v, addrSort);
  sqlite3VdbeAddOp2(v, OP_Gosub, pCode->regReset, pCode->addrReset);
}

/*
** Called once the GROUP BY of SELECT p (aggregates pAggInfo) is coded,
** with pOrderBy the ORDER BY that sorts its output rows, or 0 if there is
** none or the GROUP BY's order stands for it.  If the ORDER BY orders any
** two groups of the table whatever order they are output in, mark the
** OP_HashAggSort (P5): the groups need not be sorted unless rows went to
** the sorter, whose groups are merged with them in key order.
**
** The ORDER BY orders any two groups when each term of the GROUP BY key
** is a column that a term of the ORDER BY is, under the same collation,
** with no COLLATE of its own.  Two groups differ in some key term under
** its collation; every row of a group has the same value of that column
** under it; so the ORDER BY tells the two groups apart, and its sorter
** puts them in one order only.  Not with DISTINCT (which keeps the first
** of rows equal under its collations) or window functions.
*/
void sqlite3HashAggCodeOrder(
  Parse *pParse,
  HashAggCode *pCode,
  Select *p,
  AggInfo *pAggInfo,
  ExprList *pOrderBy
){
  ExprList *pGroupBy = pAggInfo->pGroupBy;
  int i, j;
  if( pCode->regHash==0 || pCode->addrSort==0 || pOrderBy==0 ) return;
  if( (p->selFlags & SF_Distinct)!=0 ) return;
#ifndef SQLITE_OMIT_WINDOWFUNC
  if( p->pWin ) return;
#endif
  assert( pGroupBy!=0 && pGroupBy->nExpr==pCode->nKey );
  for(i=0; i<pGroupBy->nExpr; i++){
    const Expr *pE = pGroupBy->a[i].pExpr;
    if( pE->op!=TK_COLUMN ) return;
    for(j=0; j<pOrderBy->nExpr; j++){
      const Expr *pO = pOrderBy->a[j].pExpr;
      if( pO->op==TK_AGG_COLUMN
       && pO->pAggInfo==pAggInfo
       && pO->iTable==pE->iTable
       && pO->iColumn==pE->iColumn
       && sqlite3ExprNNCollSeq(pParse, (Expr*)pO)
              ==sqlite3ExprNNCollSeq(pParse, (Expr*)pE)
      ){
        break;
      }
    }
    if( j==pOrderBy->nExpr ) return;
  }
  sqlite3VdbeGetOp(pParse->pVdbe, pCode->addrSort)->p5 = 1;
}

/****************************************************************************
** PRAGMAs.
*/

/*
**   PRAGMA hash_aggregate_memory
**   PRAGMA hash_aggregate_memory = N
**
** The budget of one hash table in bytes: the table, its groups, their keys
** and the heap memory their accumulators hold when they are saved.  When
** a new group would pass it, that group's rows go to the sorter.  Read
** when a statement starts its GROUP BY.
*/
void sqlite3HashAggMemoryPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  sqlite3ForkIntPragma(pParse, zName, zRight, 0, LARGEST_INT64, "bytes",
                       &pParse->db->fork.hashagg.nMem);
}

/*
**   PRAGMA hash_aggregate_stats
**
** One row about the last hash table of this connection that received rows
** (none if there was none since the connection opened): the groups it
** made, the rows it aggregated, the rows it passed to the sorter because
** its budget was spent, and the most bytes it held.
*/
void sqlite3HashAggStatsPragma(
  Parse *pParse,
  const char *zName,
  const char *zDb,
  const char *zRight
){
  HashAggStat *pS = &pParse->db->fork.hashagg.stat;
  i64 aVal[LIPSQLITE_NCOL_HASH_AGGREGATE_STATS];
  if( sqlite3ForkStatsBegin(pParse, zName, zRight, ArraySize(aVal))==0 ){
    return;
  }
  assert( ArraySize(aVal)==4 );
  if( pS->nRowHashed+pS->nRowSpilled>0 ){
    aVal[0] = pS->nGroup;
    aVal[1] = pS->nRowHashed;
    aVal[2] = pS->nRowSpilled;
    aVal[3] = pS->nBytePeak;
    sqlite3ForkLoadInts(pParse, 1, aVal, ArraySize(aVal));
    sqlite3ForkStatsRow(pParse, ArraySize(aVal));
  }
  sqlite3ForkStatsEnd(pParse);
}
