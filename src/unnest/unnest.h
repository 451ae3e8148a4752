/*
** 2026 December 7
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
** Subquery unnesting: a correlated IN, EXISTS or NOT EXISTS over a join
** evaluated once for all rows (unnest.c, the hook of patch 0120 in
** select.c; doc/unnest.md).
*/
#ifndef SQLITE_UNNEST_H
#define SQLITE_UNNEST_H

/*
** The per-connection state of subquery unnesting, db->fork.unnest.
*/
typedef struct UnnestConn UnnestConn;
struct UnnestConn {
  u8 bOn;                   /* PRAGMA subquery_unnest */
};

/*
** Compile-time default of PRAGMA subquery_unnest: 1 (on) or 0 (off).
*/
#ifndef SQLITE_SUBQUERY_UNNEST_DEFAULT
# define SQLITE_SUBQUERY_UNNEST_DEFAULT 1
#endif
#if SQLITE_SUBQUERY_UNNEST_DEFAULT!=0 && SQLITE_SUBQUERY_UNNEST_DEFAULT!=1
# error "SQLITE_SUBQUERY_UNNEST_DEFAULT must be 0 or 1"
#endif

/* unnest.c */
void sqlite3UnnestWhere(Parse*, Select*);

#endif /* SQLITE_UNNEST_H */
