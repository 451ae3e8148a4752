/*
** 2026 November 27
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
** Single-table terms implied by an OR across tables (implied.c; the hook
** of patch 0090 in where.c).
*/
#ifndef SQLITE_IMPLIED_H
#define SQLITE_IMPLIED_H

/*
** The per-connection state, db->fork.implied.
*/
typedef struct ImpliedConn ImpliedConn;
struct ImpliedConn {
  u8 bOn;                   /* PRAGMA implied_terms */
};

/*
** Compile-time default of PRAGMA implied_terms: 1 (on) or 0 (off).
*/
#ifndef SQLITE_IMPLIED_TERMS_DEFAULT
# define SQLITE_IMPLIED_TERMS_DEFAULT 1
#endif
#if SQLITE_IMPLIED_TERMS_DEFAULT!=0 && SQLITE_IMPLIED_TERMS_DEFAULT!=1
# error "SQLITE_IMPLIED_TERMS_DEFAULT must be 0 or 1"
#endif

/* implied.c (whereInt.h defines WhereInfo) */
void sqlite3ImpliedTerms(WhereInfo*, SrcList*);

#endif /* SQLITE_IMPLIED_H */
