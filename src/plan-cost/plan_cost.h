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
** Corrections of the query planner's cost estimates (plan_cost.c; the
** hooks of patch 0110 in where.c).
*/
#ifndef SQLITE_PLAN_COST_H
#define SQLITE_PLAN_COST_H

/*
** The per-connection state, db->fork.plancost.
*/
typedef struct PlanCostConn PlanCostConn;
struct PlanCostConn {
  u8 bOn;                   /* PRAGMA plan_cost */
};

/*
** Compile-time default of PRAGMA plan_cost: 1 (on) or 0 (off).
*/
#ifndef SQLITE_PLAN_COST_DEFAULT
# define SQLITE_PLAN_COST_DEFAULT 1
#endif
#if SQLITE_PLAN_COST_DEFAULT!=0 && SQLITE_PLAN_COST_DEFAULT!=1
# error "SQLITE_PLAN_COST_DEFAULT must be 0 or 1"
#endif

/* plan_cost.c */
int sqlite3PlanCostSorted(Parse*, u16, int, int);
int sqlite3PlanCostOtherTerm(Parse*, Bitmask, Bitmask);

#endif /* SQLITE_PLAN_COST_H */
