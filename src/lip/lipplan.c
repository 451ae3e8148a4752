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
** This file implements the planner's side of LIP (look-ahead information
** passing) Bloom filters for star joins: which loops get a filter, their
** early build and probes, the code generators that where.c and
** wherecode.c call (patch 0010), and PRAGMA lip_filter_stats.  The
** filters themselves are in lipfilter.c; doc/lip.md describes the design.
*/
#include "sqliteInt.h"
#include "whereInt.h"

static void lipPullDownGroup(LipPullDown*, int);

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
** Return the loops that the key of the search of pLoop (the right-hand
** sides of its equality terms, which filterPullDown() codes) refers to.
** This can be fewer than the prerequisites of the loop: a CROSS JOIN makes
** every table on its left a prerequisite, to force the join order.
*/
static Bitmask lipKeyPrereq(WhereLoop *pLoop){
  Bitmask m = 0;
  int i;
  int n = (pLoop->wsFlags & WHERE_IPK) ? 1 : pLoop->u.btree.nEq;
  /* aLTerm[] begins with the loop's equality terms, nEq of them, or the
  ** one of a search by rowid */
  if( NEVER(n>pLoop->nLTerm) ) return ALLBITS;
  for(i=0; i<n; i++){
    WhereTerm *pTerm = pLoop->aLTerm[i];
    if( NEVER(pTerm==0) ) return ALLBITS;
    m |= pTerm->prereqRight;
  }
  return m;
}

/*
** Return true if level iLevel of pWInfo has the shape of a loop whose
** filter can be built before the join starts (lipCanBuildEarly()), its
** WHERE_BLOOMFILTER flag aside.
*/
static int lipEarlyShape(WhereInfo *pWInfo, int iLevel){
  WhereLevel *pLevel = &pWInfo->a[iLevel];
  WhereLoop *pLoop = pLevel->pWLoop;
  SrcItem *pItem = &pWInfo->pTabList->a[pLevel->iFrom];
  Table *pTab = pItem->pSTab;
  if( pLoop->wsFlags & (WHERE_AUTO_INDEX|WHERE_COLUMN_IN) ) return 0;
  if( pLoop->nSkip ) return 0;
  if( pItem->fg.jointype & (JT_LEFT|JT_LTORJ|JT_RIGHT) ) return 0;
  if( pItem->fg.isSubquery || !IsOrdinaryTable(pTab) || pTab->tnum<=0 ){
    return 0;
  }
  return 1;
}

/*
** Return true if the key of the search of pLoop is made of columns of the
** table of cursor iCur alone: each equality term's right-hand side is
** such a column (a COLLATE or likely() around it aside).  Not a value of
** an enclosing query, which lipKeyPrereq() does not see (it is constant in
** this WHERE clause, yet changes from one run of a correlated subquery to
** the next, while a filter is built once per statement), nor a function
** or a subquery.
*/
static int lipKeyFromTable(WhereLoop *pLoop, int iCur){
  int i;
  int n = (pLoop->wsFlags & WHERE_IPK) ? 1 : pLoop->u.btree.nEq;
  if( NEVER(n>pLoop->nLTerm) ) return 0;
  for(i=0; i<n; i++){
    WhereTerm *pTerm = pLoop->aLTerm[i];
    Expr *pRight;
    if( NEVER(pTerm==0) ) return 0;
    pRight = sqlite3ExprSkipCollateAndLikely(pTerm->pExpr->pRight);
    if( pRight==0 || pRight->op!=TK_COLUMN || pRight->iTable!=iCur ){
      return 0;
    }
  }
  return n>0;
}

/*
** Return true if an inner level of level iLevel of pWInfo has a filter,
** built before the join starts, whose key is made of columns of the table
** of iLevel alone (lipKeyFromTable()): "d1.x = d2.k" for d1 at iLevel.  The filter of iLevel,
** built early too, then holds only the keys of the rows whose key into
** d2 passes d2's filter (sqlite3LipBuildProbes()).
*/
static int lipCulled(WhereInfo *pWInfo, int iLevel){
  Bitmask mSelf = sqlite3WhereGetMask(&pWInfo->sMaskSet,
                                      pWInfo->a[iLevel].iTabCur);
  int j;
  for(j=iLevel+1; j<pWInfo->nLevel; j++){
    WhereLoop *pLoop = pWInfo->a[j].pWLoop;
    if( (pLoop->wsFlags & WHERE_BLOOMFILTER)!=0
     && lipEarlyShape(pWInfo, j)
     && lipKeyPrereq(pLoop)==mSelf
     && lipKeyFromTable(pLoop, pWInfo->a[iLevel].iTabCur)
    ){
      return 1;
    }
  }
  return 0;
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
**       searches by (WHERE_COLUMN_EQ), or because the filter of an inner
**       level, keyed by this table's columns alone, culls its rows
**       (lipCulled(); both filters built before the join starts).
*/
void sqlite3WhereLipCheck(WhereInfo *pWInfo){
  int i;
  LogEst nSearch = 0;
  int bAllStat = 1;
  int bOuter = lipOuterCursor(pWInfo)>=0;
  Bitmask mWorth = 0;           /* Levels (1) and (2) hold for */

  assert( pWInfo->nLevel>=2 );
  for(i=0; i<pWInfo->nLevel; i++){
    WhereLoop *pLoop = pWInfo->a[i].pWLoop;
    SrcItem *pItem = &pWInfo->pTabList->a[pLoop->iTab];
    Table *pTab = pItem->pSTab;
    int bStat = lipHasStat(pItem);
    if( bStat && bAllStat ) pTab->tabFlags |= TF_MaybeReanalyze;
    if( i>=1
     && (pLoop->wsFlags & WHERE_COLUMN_EQ)!=0
     && ALWAYS((pLoop->wsFlags & (WHERE_IPK|WHERE_INDEXED))!=0)
     && IsOrdinaryTable(pTab)
    ){
      if( bStat && bAllStat ){
        if( nSearch>pTab->nRowLogEst ) mWorth |= MASKBIT(i);
      }else if( bOuter ){
        /* Sizes not known here: OP_FilterInit decides at run time */
        mWorth |= MASKBIT(i);
      }
      if( (mWorth & MASKBIT(i))!=0 && (pLoop->wsFlags & WHERE_SELFCULL)!=0 ){
        testcase( pItem->fg.jointype & JT_LEFT );
        pLoop->wsFlags |= WHERE_BLOOMFILTER;
        pLoop->wsFlags &= ~WHERE_IDX_ONLY;
      }
    }
    if( !bStat ) bAllStat = 0;
    nSearch += pLoop->nOut;
  }

  /* (3) also holds for a level without local constraints whose rows the
  ** filter of an inner level culls (sqlite3LipBuildProbes()).  From the
  ** last level to the first, so that chains are found (d1 culled by d2,
  ** itself culled by d3's local constraints). */
  if( OptimizationDisabled(pWInfo->pParse->db, SQLITE_BloomPulldown) ) return;
  if( pWInfo->pTabList->a[0].fg.jointype & JT_LTORJ ) return;  /* RIGHT JOIN */
  for(i=pWInfo->nLevel-1; i>=1; i--){
    WhereLoop *pLoop = pWInfo->a[i].pWLoop;
    if( (mWorth & MASKBIT(i))==0 ) continue;
    if( pLoop->wsFlags & WHERE_BLOOMFILTER ) continue;
    if( !lipEarlyShape(pWInfo, i) || !lipCulled(pWInfo, i) ) continue;
    pLoop->wsFlags |= WHERE_BLOOMFILTER;
    pLoop->wsFlags &= ~WHERE_IDX_ONLY;
  }
}

/*
** Code an OP_FilterInit for the Bloom filter of level iLevel, if the
** decision to build it is left to run time (see sqlite3WhereLipCheck()).
** Return the address of the OP_FilterInit, whose jump the caller points
** past the code that builds the filter, or 0 if none was coded.  The
** filter is built before the join starts if its level is in
** pWInfo->mLipEarly (sqlite3LipBuildEarly()).
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
  testcase( iOuter+1==LIP_INIT_EARLY-1 );         /* The last that fits */
  if( iOuter+1>=LIP_INIT_EARLY ) iOuter = -1;     /* Does not fit in P5 */
  pOuterTab = pWInfo->pTabList->a[pWInfo->a[0].iFrom].pSTab;
  addr = sqlite3VdbeAddOp4Int(v, OP_FilterInit, pLevel->regFilter, 0,
                              pLevel->iTabCur,
                              nSearch - pOuterTab->nRowLogEst);
  if( iOuter>=0 && (pWInfo->mLipEarly & MASKBIT(iLevel))!=0 ){
    sqlite3VdbeChangeP5(v, (u16)((iOuter+1) | LIP_INIT_EARLY));
  }else{
    sqlite3VdbeChangeP5(v, (u16)(iOuter+1));
  }
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
  assert( FORK_TEXT_RTRIM<=LIP_TEXT_MASK );
  for(i=0; i<nCol && i<LIP_TEXT_COLS; i++){
    const char *zColl = pIdx->azColl[i];
    int e = FORK_TEXT_ANY;
    if( zColl==0 || sqlite3StrICmp(zColl, sqlite3StrBINARY)==0 ){
      e = FORK_TEXT_BINARY;
    }else if( sqlite3StrICmp(zColl, "NOCASE")==0 ){
      e = FORK_TEXT_NOCASE;
    }else if( sqlite3StrICmp(zColl, "RTRIM")==0 ){
      e = FORK_TEXT_RTRIM;
    }
    m |= (u16)(e<<(LIP_TEXT_BITS*i));
  }
  return m;
}

/*
** Return true if the Bloom filter of level iLevel of pWInfo has been built
** and not yet probed, and can be probed by code placed where the loops
** not in notReady have started: every table its key is computed from is
** ready.  Such a filter is probed there together with the others, before
** any search of the inner loops (filterPullDown() in wherecode.c).
*/
int sqlite3LipCanPullDown(WhereInfo *pWInfo, int iLevel, Bitmask notReady){
  WhereLevel *pLevel = &pWInfo->a[iLevel];
  assert( iLevel>=0 && iLevel<pWInfo->nLevel );
  return pLevel->regFilter!=0
      && pLevel->pWLoop->nSkip==0
      && (lipKeyPrereq(pLevel->pWLoop) & notReady)==0;
}

/*
** Return true if the Bloom filter planned for level iLevel of pWInfo
** (WHERE_BLOOMFILTER) can be built before the join starts and probed
** wherever its key is first known, whatever the join order:
**
**   (1) it is a search of an ordinary table of the database by equality
**       (no IN operator, no skip-scan, no automatic index, no subquery);
**   (2) its table is joined by an inner join: rejecting a row at an outer
**       loop then drops only rows that the search would have dropped.
**       The right table of a LEFT JOIN keeps its filter at its own level,
**       where a rejected key still gives the row of NULLs.
**
** What the build inserts never depends on a row of the join, wherever it
** is built: sqlite3ConstructBloomFilter() inserts the key of every row of
** the table that passes the table's own constraints (those that refer to
** no other table and hold no subquery); a constraint that refers to
** another table, of this join or of an enclosing query, is left to the
** search.  Queries with a RIGHT or FULL JOIN are excluded by the caller.
*/
static int lipCanBuildEarly(WhereInfo *pWInfo, int iLevel){
  WhereLoop *pLoop = pWInfo->a[iLevel].pWLoop;
  return (pLoop->wsFlags & WHERE_BLOOMFILTER)!=0
      && lipEarlyShape(pWInfo, iLevel);
}

/*
** LIP: build, before the outer loop of the join of pWInfo starts, every
** Bloom filter that can be built then (lipCanBuildEarly()).  Called by
** sqlite3WhereBegin() after the cursors are opened and before the code of
** the first loop; notReady has every loop of the join.  The levels whose
** filter is built here are recorded in pWInfo->mLipEarly: their probes are
** coded by sqlite3LipProbeEarly() as soon as their keys are known, and
** their EXPLAIN QUERY PLAN lines go there.  Each build is run once per
** statement (OP_Once), and OP_FilterInit may still decide at run time not
** to build a filter.  Other filters are built at their own level, as
** before.
*/
void sqlite3LipBuildEarly(WhereInfo *pWInfo, Bitmask notReady){
  Parse *pParse = pWInfo->pParse;
  int i;
  assert( pWInfo->nLevel>=2 && pWInfo->mLipEarly==0 );
  if( OptimizationDisabled(pParse->db, SQLITE_BloomPulldown) ) return;
  if( pWInfo->pTabList->a[0].fg.jointype & JT_LTORJ ) return;  /* RIGHT JOIN */
  /* Inner levels first: a filter's build probes the filters of inner
  ** levels keyed by its table (sqlite3LipBuildProbes()) */
  for(i=pWInfo->nLevel-1; i>=1; i--){
    if( !lipCanBuildEarly(pWInfo, i) ) continue;
    pWInfo->mLipEarly |= MASKBIT(i);
    sqlite3ConstructBloomFilter(pWInfo, i, &pWInfo->a[i], notReady, 1);
    if( pParse->db->mallocFailed ) return;
    assert( pWInfo->a[i].regFilter>0 );
  }
}

/*
** LIP: called by sqlite3ConstructBloomFilter() in the loop that builds,
** before the join starts, the filter of level iLevel, for a row of its
** table that passed the table's own constraints.  Probe the filters of
** inner levels, built before this one (sqlite3LipBuildEarly()), whose keys
** are computed from this table alone: for d1 at iLevel, the filter of d2
** in "f.a = d1.k AND d1.x = d2.k".  A row whose key is not in one of them
** goes to addrSkip and stays out of this filter.  No row of the join holds
** it: d2 is joined by an inner join, and its search with that key finds
** no row that passes d2's own constraints.  So the rows of outer loops
** whose key into d1 is that row's are dropped at the outer loop, where
** this filter is probed, instead of after two searches.
**
** The probes are coded as filterPullDown() codes them where the loops of
** this table's level have started (the key computed from the row, its
** affinity applied), the filters of the inner levels kept for their own
** probes in the join.
*/
void sqlite3LipBuildProbes(WhereInfo *pWInfo, int iLevel, int addrSkip){
  Bitmask mSelf = sqlite3WhereGetMask(&pWInfo->sMaskSet,
                                      pWInfo->a[iLevel].iTabCur);
  int aReg[BMS];                  /* regFilter of each level, saved */
  LipPullDown pd;
  int i;
  int n = 0;
  assert( pWInfo->nLevel<=BMS );
  assert( pWInfo->mLipEarly & MASKBIT(iLevel) );
  for(i=iLevel+1; i<pWInfo->nLevel; i++){
    WhereLevel *pLevel = &pWInfo->a[i];
    aReg[i] = pLevel->regFilter;
    if( pLevel->regFilter==0 ) continue;
    if( (pWInfo->mLipEarly & MASKBIT(i))!=0
     && lipKeyPrereq(pLevel->pWLoop)==mSelf
     && lipKeyFromTable(pLevel->pWLoop, pWInfo->a[iLevel].iTabCur)
     && sqlite3LipCanPullDown(pWInfo, i, ~mSelf)
    ){
      n++;
    }else{
      pLevel->regFilter = 0;      /* Not probed here */
    }
  }
  if( n>0 ){
    memset(&pd, 0, sizeof(pd));
    pd.pWInfo = pWInfo;
    pd.iLevel = iLevel;
    pd.notReady = ~mSelf;
    pd.addrNxt = addrSkip;
    lipPullDownGroup(&pd, 0);
    sqlite3WhereLipPullDown(&pd);
  }
  for(i=iLevel+1; i<pWInfo->nLevel; i++){
    pWInfo->a[i].regFilter = aReg[i];
  }
}

/*
** Count the probes that can be coded at the point of the loop that pPd
** describes: that of the level's own filter if bOwn, and those of the
** inner levels' filters that can be pulled down to it
** (sqlite3LipCanPullDown()), LIP_MAX_GROUP at most.  If there are two or
** more, begin a group for them (pPd->bGroup), coded as a region of
** segments, one per probe, followed by its descriptor:
**
**   seg0:  <compute key0>; Filter f0, next, key0, P5=distance to desc
**   seg1:  <compute key1>; Filter f1, next, key1, P5=...
**          ...
**   desc:  FilterGroup [size, seg0, flag, lengths of the segments]
**
** (P4 of the FilterGroup: LIP_GROUP_* in lip.h).
**
** A row that passes a segment falls through to the next; a key is computed
** only if the filters probed before it passed.  At run time the segments
** are moved into the order that rejects rows soonest
** (sqlite3LipFilterGroup() in lipfilter.c).  With bOwn, the segment of the
** level's own probe starts here.  With fewer than two probes, or if memory
** runs out, pPd->bGroup stays clear: the probe coded, if any, is a single
** OP_Filter.
*/
static void lipPullDownGroup(LipPullDown *pPd, int bOwn){
  WhereInfo *pWInfo = pPd->pWInfo;
  int n = bOwn!=0;
  int i;
  assert( pPd->nMember==0 && pPd->bGroup==0 && pPd->ai==0 );
  for(i=pPd->iLevel+1; i<pWInfo->nLevel && n<LIP_MAX_GROUP; i++){
    if( sqlite3LipCanPullDown(pWInfo, i, pPd->notReady) ) n++;
  }
  testcase( n==1 );                  /* A single OP_Filter */
  testcase( n==2 );                  /* The smallest group */
  testcase( n==LIP_MAX_GROUP );      /* More filters wait for their level */
  if( n<2 ) return;
  pPd->ai = (u32*)sqlite3DbMallocZero(pWInfo->pParse->db,
                                      sizeof(u32)*(LIP_GROUP_LEN+n));
  if( pPd->ai==0 ) return;
  pPd->ai[LIP_GROUP_SIZE] = LIP_GROUP_LEN-1+n;
  pPd->nMax = n;
  pPd->bGroup = 1;
  if( bOwn ) sqlite3LipPullDownSegment(pPd);
}

/*
** Begin the probes of Bloom filters coded in the loop of level iLevel of
** pWInfo before its search (notReady: the loops not started yet): the
** probe of the level's own filter, if it has one, which the caller codes
** with sqlite3LipPullDownProbe(), then those of inner levels' filters,
** which filterPullDown() in wherecode.c pulls down to the same point.
** If they form a group, the segment of the level's own probe starts here,
** so that a key the caller computes after this call (a rowid) is computed
** only if the probes before it passed.  The caller sets pPd->addrNxt, the
** jump of a rejected key, before the first probe.
*/
void sqlite3LipPullDownBegin(
  LipPullDown *pPd,         /* Set here */
  WhereInfo *pWInfo,        /* The join */
  int iLevel,               /* Level whose loop is being coded */
  Bitmask notReady          /* Loops not started yet */
){
  assert( iLevel>=0 && iLevel<pWInfo->nLevel );
  memset(pPd, 0, sizeof(*pPd));
  pPd->pWInfo = pWInfo;
  pPd->iLevel = iLevel;
  pPd->notReady = notReady;
  if( pWInfo->a[iLevel].regFilter ) lipPullDownGroup(pPd, 1);
}

/*
** Return true if no more probes can be coded at the point pPd describes:
** its group has all the members it counted, or, without a group, one
** probe was coded.
*/
int sqlite3LipPullDownDone(const LipPullDown *pPd){
  assert( pPd->bGroup || pPd->nMember<=1 );
  assert( !pPd->bGroup || pPd->nMember<=pPd->nMax );
  return pPd->bGroup ? pPd->nMember>=pPd->nMax : pPd->nMember>0;
}

/*
** The code of the next probe of pPd (the code of its key, then its
** OP_Filter) starts here.
*/
void sqlite3LipPullDownSegment(LipPullDown *pPd){
  if( pPd->bGroup ){
    assert( pPd->nMember<pPd->nMax );
    pPd->aSeg[pPd->nMember] =
        sqlite3VdbeCurrentAddr(pPd->pWInfo->pParse->pVdbe);
  }
}

/*
** Code the probe of the filter in register regFilter with the key in the
** nKey registers from regKey: jump to pPd->addrNxt if the key is not in
** the filter, else fall through.  In a group it ends the segment of its
** member.
*/
void sqlite3LipPullDownProbe(
  LipPullDown *pPd,         /* The probes at this point */
  int regFilter,            /* Register of the filter */
  int regKey,               /* First register of the key */
  int nKey                  /* Registers in the key */
){
  Vdbe *v = pPd->pWInfo->pParse->pVdbe;
  int addr;
  assert( regFilter>0 && regKey>0 && nKey>=1 );
  assert( pPd->addrNxt!=0 );
  assert( !sqlite3LipPullDownDone(pPd) );
  addr = sqlite3VdbeAddOp4Int(v, OP_Filter, regFilter, pPd->addrNxt,
                              regKey, nKey);
  VdbeCoverage(v);
  if( pPd->bGroup ) pPd->aFilter[pPd->nMember] = addr;
  pPd->nMember++;
}

/*
** End the probes of pPd.  For a group, code its descriptor and point the
** OP_Filter of each member at it.
*/
void sqlite3LipPullDownEnd(LipPullDown *pPd){
  Parse *pParse = pPd->pWInfo->pParse;
  Vdbe *v = pParse->pVdbe;
  u32 *ai = pPd->ai;
  int i, n, addrDesc;
  if( !pPd->bGroup ) return;
  /* filterPullDown() codes the members lipPullDownGroup() counted, under
  ** the same conditions */
  assert( pPd->nMember==pPd->nMax );
  n = pPd->nMember;
  ai[LIP_GROUP_SIZE] = LIP_GROUP_LEN-1+n;
  ai[LIP_GROUP_START] = (u32)pPd->aSeg[0];
  ai[LIP_GROUP_FLAG] = LIP_GROUP_UNCHECKED;
  addrDesc = sqlite3VdbeCurrentAddr(v);
  for(i=0; i<n; i++){
    int iEnd = i+1<n ? pPd->aSeg[i+1] : addrDesc;
    /* Each segment ends with its Filter (unless memory ran out, when the
    ** addresses coded are not real) */
    assert( pPd->aFilter[i]==iEnd-1 || pParse->db->mallocFailed );
    ai[LIP_GROUP_LEN+i] = (u32)(iEnd - pPd->aSeg[i]);
    testcase( addrDesc - pPd->aFilter[i]==LIP_MAX_DIST );
    testcase( addrDesc - pPd->aFilter[i]==LIP_MAX_DIST+1 );
    if( addrDesc - pPd->aFilter[i]>LIP_MAX_DIST || pPd->aFilter[i]!=iEnd-1 ){
      ai[LIP_GROUP_FLAG] = LIP_GROUP_FIXED;  /* Keep the order of the code */
    }
  }
  for(i=0; i<n; i++){
    VdbeOp *pOp = sqlite3VdbeGetOp(v, pPd->aFilter[i]);
    if( ai[LIP_GROUP_FLAG]==LIP_GROUP_UNCHECKED ){
      pOp->p5 = (u16)(addrDesc - pPd->aFilter[i]);
    }
  }
  sqlite3VdbeAddOp4(v, OP_FilterGroup, 0, LIP_REORDER, 0,
                    (const char*)ai, P4_INTARRAY);
  pPd->ai = 0;
}

/*
** LIP: called by sqlite3WhereBegin() right after the code that starts the
** loop of level iLevel (notReady: the loops not started yet).  Probe now,
** before any search of the inner loops, every filter built early whose
** key is known here, as one group whose order adapts at run time; a
** rejected key goes on to the next row of level iLevel.  If the next
** level is among them, the group is left to it: it probes its own filter
** first thing in its code, with the others pulled down into its group
** (filterPullDown()), at the same point, and shares its key with its
** search.  Either way, EXPLAIN QUERY PLAN shows the filters here, before
** the SEARCH lines of the loops they protect.
*/
static void lipProbeEarly(
  WhereInfo *pWInfo,
  int iLevel,
  Bitmask notReady,
  int bHere                 /* Probe here, also what iLevel+1 could */
){
  Parse *pParse = pWInfo->pParse;
  LipPullDown pd;                    /* The probes of the group */
  int aMember[LIP_MAX_GROUP];        /* Levels probed, in the code's order */
  int nMember = 0;
  int bNext;                         /* The group is left to iLevel+1 */
  int i;
  if( iLevel+1>=pWInfo->nLevel ) return;
  bNext = !bHere
       && (pWInfo->mLipEarly & MASKBIT(iLevel+1))!=0
       && sqlite3LipCanPullDown(pWInfo, iLevel+1, notReady);
  if( bNext ) aMember[nMember++] = iLevel+1;
  /* The selection of lipPullDownGroup() */
  for(i=iLevel+1+bNext; i<pWInfo->nLevel && nMember<LIP_MAX_GROUP; i++){
    if( sqlite3LipCanPullDown(pWInfo, i, notReady) ) aMember[nMember++] = i;
  }
  /* The EXPLAIN lines of the filters built early (other filters have had
  ** theirs where they were built).  They are in the outer loop: code them
  ** only when they can be shown, as sqlite3WhereExplainOneScan() does. */
#if !defined(SQLITE_DEBUG)
  if( sqlite3ParseToplevel(pParse)->explain==2
   || IS_STMT_SCANSTATUS(pParse->db)
  )
#endif
  {
    for(i=0; i<nMember; i++){
      int iMember = aMember[i];
      if( pWInfo->mLipEarly & MASKBIT(iMember) ){
        sqlite3WhereExplainBloomFilter(pParse, pWInfo, &pWInfo->a[iMember]);
      }
    }
  }
  if( nMember==0 || bNext ) return;
  /* No probe of level iLevel's own: its filter, if any, was probed before
  ** its search.  A rejected key goes on to the next row of iLevel. */
  memset(&pd, 0, sizeof(pd));
  pd.pWInfo = pWInfo;
  pd.iLevel = iLevel;
  pd.notReady = notReady;
  pd.addrNxt = pWInfo->a[iLevel].addrCont;
  lipPullDownGroup(&pd, 0);
  sqlite3WhereLipPullDown(&pd);
}
void sqlite3LipProbeEarly(WhereInfo *pWInfo, int iLevel, Bitmask notReady){
  lipProbeEarly(pWInfo, iLevel, notReady, 0);
}

/*
** LIP: called by sqlite3WhereCodeOneLoopStart() for level iLevel of pWInfo
** before it codes the terms of the level that hold a correlated subquery
** (its last pass over the terms), notReady the loops not started yet.
** Probe the filters built early whose keys are known here now, before
** those terms, instead of after them (sqlite3LipProbeEarly(), which then
** finds nothing left to probe): TPC-H Q21 evaluates a NOT EXISTS for each
** row of lineitem that a filter of the suppliers of one nation would have
** rejected.  A rejected row goes on to the next row of the level, as it
** does after the terms.  The filter of the next level is probed here too
** (its key computed twice, once for the probe and once for its search),
** instead of first thing in the next level's code, which comes after
** these terms.  Not for the right table of a LEFT JOIN.
*/
void sqlite3LipProbeSubqueries(WhereInfo *pWInfo, int iLevel, Bitmask notReady){
  WhereLevel *pLevel = &pWInfo->a[iLevel];
  SrcItem *pItem = &pWInfo->pTabList->a[pLevel->iFrom];
  if( pWInfo->mLipEarly==0 ) return;
  if( pItem->fg.jointype & (JT_LEFT|JT_LTORJ|JT_RIGHT) ) return;
  lipProbeEarly(pWInfo, iLevel, notReady, 1);
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
  const char *zName,
  const char *zDb,
  const char *zRight
){
  LipConn *pLip = &pParse->db->fork.lip;
  static const char *const azStatus[] = { "built", "skipped", "disabled" };
  Vdbe *v;
  int i;
  v = sqlite3ForkStatsBegin(pParse, zName, zRight,
                            LIPSQLITE_NCOL_LIP_FILTER_STATS);
  if( v==0 ) return;
  assert( pLip->nStat>=0 && pLip->nStat<=LIP_MAX_STAT );
  for(i=0; i<pLip->nStat; i++){
    LipStat *pS = &pLip->aStat[i];
    i64 aVal[LIPSQLITE_NCOL_LIP_FILTER_STATS-1];
    assert( pS->eStatus<ArraySize(azStatus) );
    assert( ArraySize(aVal)==6 );
    aVal[0] = pS->iReg;
    aVal[1] = pS->nKey;
    aVal[2] = pS->nByte;
    aVal[3] = pS->nProbe;
    aVal[4] = pS->nReject;
    aVal[5] = pS->iRank;
    sqlite3ForkLoadInts(pParse, 1, aVal, ArraySize(aVal));
    sqlite3VdbeLoadString(v, LIPSQLITE_NCOL_LIP_FILTER_STATS,
                          azStatus[pS->eStatus]);
    sqlite3ForkStatsRow(pParse, LIPSQLITE_NCOL_LIP_FILTER_STATS);
  }
  pLip->nStat = 0;
  sqlite3ForkStatsEnd(pParse);
}
