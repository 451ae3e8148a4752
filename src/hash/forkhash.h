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
** This file defines the interface to the hashes of values that follow
** SQLite's comparison rules (forkhash.c).
*/
#ifndef SQLITE_FORKHASH_H
#define SQLITE_FORKHASH_H

/*
** Text modes of sqlite3ForkHashValue(): how text is hashed so that values
** equal under a collation hash alike.  Also the two-bit fields of
** OP_FilterAdd's P5 (lipplan.c, lipfilter.c).
*/
#define FORK_TEXT_ANY       0          /* All text hashes alike */
#define FORK_TEXT_BINARY    1
#define FORK_TEXT_NOCASE    2
#define FORK_TEXT_RTRIM     3

/*
** 2 to the power 63, as a double: the integers of an i64 are those from
** -FORK_TWO_POW_63 up to, and not including, FORK_TWO_POW_63.
*/
#define FORK_TWO_POW_63 9223372036854775808.0

u64 sqlite3ForkMix(u64);
u64 sqlite3ForkHashValue(const sqlite3_value*, int);
int sqlite3ForkCollTextMode(const CollSeq*);

/* main.c (patch 0004) */
int sqlite3BuiltinCollation(const CollSeq*);

#endif /* SQLITE_FORKHASH_H */
