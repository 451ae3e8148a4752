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
** An automatic index built once for all runs of a correlated subquery
** (amortize.c; the hooks of patch 0070 in where.c and wherecode.c).
*/
#ifndef SQLITE_AMORTIZE_H
#define SQLITE_AMORTIZE_H

/*
** The per-connection state of subquery amortization, db->fork.amortize.
*/
typedef struct AmortizeConn AmortizeConn;
struct AmortizeConn {
  u8 bOn;                   /* PRAGMA subquery_amortize */
};

/*
** Compile-time default of PRAGMA subquery_amortize: 1 (on) or 0 (off).
*/
#ifndef SQLITE_SUBQUERY_AMORTIZE_DEFAULT
# define SQLITE_SUBQUERY_AMORTIZE_DEFAULT 1
#endif
#if SQLITE_SUBQUERY_AMORTIZE_DEFAULT!=0 && SQLITE_SUBQUERY_AMORTIZE_DEFAULT!=1
# error "SQLITE_SUBQUERY_AMORTIZE_DEFAULT must be 0 or 1"
#endif

/*
** What a WHERE loop's level needs for an amortized index reduced to the
** keys of an outer Bloom filter (WhereLevel.amortize).  All are 0 unless
** set.
*/
typedef struct AmortizeLevel AmortizeLevel;
struct AmortizeLevel {
  int regFilter;     /* This level's Bloom filter, as built */
  int regReduce;     /* Automatic index: 1 while reduced to regOuter's keys */
  int regOuter;      /* Automatic index: the outer Bloom filter */
  int addrRefill;    /* Automatic index: fill again, whole, from here */
  int regSeen;       /* Automatic index: the keys inserted (OP_AmortizeSeen) */
};

/* amortize.c (whereInt.h defines the two structures) */
struct WhereLoopBuilder;
struct WhereLoop;
struct WhereLevel;
void sqlite3AmortizeBegin(WhereInfo*);
void sqlite3AmortizeLevel(WhereInfo*, int);
void sqlite3AmortizeEnd(WhereInfo*);
void sqlite3AmortizeAutoIndex(struct WhereLoopBuilder*, SrcItem*,
                              struct WhereLoop*);
void sqlite3AmortizeReview(WhereInfo*);
int sqlite3AmortizeSorterOpen(Parse*, struct WhereLevel*, Index*);
void sqlite3AmortizeSorterInsert(Parse*, struct WhereLevel*, int, int);
void sqlite3AmortizeProbe(Parse*, struct WhereLevel*, int);
void sqlite3AmortizeSorterFill(Parse*, struct WhereLevel*, int);
void sqlite3AmortizeExists(Parse*, Select*);

/* amortize.c, for vdbe.c */
int sqlite3AmortizeSeen(Mem*, Mem*);

#endif /* SQLITE_AMORTIZE_H */
