/*
** 2026 November 28
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
** Corrections of the query planner's cost estimates (doc/plan-cost.md).
*/
#include "sqliteInt.h"

/*
** Called by whereSortingCost() in where.c for a plan whose rows come with
** only the first nSorted of the nOrderBy terms of its ORDER BY in order,
** 0<=nSorted<nOrderBy.  wctrlFlags are the flags of the WHERE clause.
** Return the number of terms the estimate of the sort should count as in
** order.
**
** A partial order lets the sorter of an ORDER BY sort blocks of rows, but
** the sorter of a GROUP BY (select.c) sorts all its rows unless they come
** wholly in order, and so does the hash table that may replace it
** (hashagg.c).  So if the WHERE clause's ORDER BY is a GROUP BY, return 0;
** otherwise, or if PRAGMA plan_cost is off, return nSorted.
*/
int sqlite3PlanCostSorted(
  Parse *pParse,
  u16 wctrlFlags,
  int nOrderBy,
  int nSorted
){
  assert( nSorted>=0 && nSorted<nOrderBy );
  if( nSorted>0
   && pParse->db->fork.plancost.bOn
   && (wctrlFlags & (WHERE_GROUPBY|WHERE_DISTINCTBY))==WHERE_GROUPBY
  ){
    return 0;
  }
  return nSorted;
}

/*
** Called by whereLoopAddBtree() in where.c, which estimates the table
** lookups of a full scan of a non-covering index from the terms of the
** WHERE clause that the index alone can test: each such term is taken to
** spare some lookups.  mPrereq is the set of tables a term reads and
** mSelf the scanned table.  Return true if the estimate should pass over
** the term: PRAGMA plan_cost is on and the term reads another table.
**
** Where the scan is the outer loop, such a term is tested in a later loop
** and spares no lookup of the scan.  Counting it (it reads no column
** missing from the index, since it reads none of this table's or only
** indexed ones) made a scan of, say, the primary key index of TPC-H's
** lineitem look cheaper than a scan of the table in Q3, where the index
** only served an order the GROUP BY could not use.  The estimate is made
** once for every place of the loop in the join: where the scan is an inner
** loop of the tables the term reads, the term could spare lookups, which
** the estimate then no longer counts (a full scan as an inner loop, run
** once per outer row, rarely wins anyway).
*/
int sqlite3PlanCostOtherTerm(Parse *pParse, Bitmask mPrereq, Bitmask mSelf){
  assert( mSelf!=0 );
  return pParse->db->fork.plancost.bOn && (mPrereq & ~mSelf)!=0;
}
