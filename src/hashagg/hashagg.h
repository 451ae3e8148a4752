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
** GROUP BY through a hash table (hashagg.c; the hooks of patch 0060 in
** select.c and vdbe.c).
*/
#ifndef SQLITE_HASHAGG_H
#define SQLITE_HASHAGG_H

/*
** What the last hash aggregate of a connection did (hashagg.c), for PRAGMA
** hash_aggregate_stats.
*/
typedef struct HashAggStat HashAggStat;
struct HashAggStat {
  i64 nGroup;               /* Groups made */
  i64 nRowHashed;           /* Rows aggregated in the table */
  i64 nRowSpilled;          /* Rows passed to the sorter: budget spent */
  i64 nBytePeak;            /* Most bytes the table held */
};

/*
** The state select.c keeps while it codes a hash aggregate (hashagg.c).
** sqlite3HashAggCodeOpen() sets the first part.  The second part holds
** the registers and labels of sqlite3Select() that the output of the
** table's groups shares with that of the sorter's groups; select.c copies
** them in, under the names of its own variables, once it has made them.
*/
typedef struct HashAggCode HashAggCode;
struct HashAggCode {
  int regHash;              /* Register of the table, 0 if none */
  int addrOpen;             /* Address of its OP_HashAggOpen */
  int addrSort;             /* Address of its OP_HashAggSort, or 0 */
  int lblHashed;            /* Update of the accumulators of a hashed row */
  int lblDone;              /* End of the body of the WHERE loop */
  int nKey;                 /* Terms of the GROUP BY key */
  /* Set by select.c */
  int iUseFlag;             /* Register: 1 if the accumulators hold a row */
  int iAbortFlag;           /* Register: positive if no more rows wanted */
  int regOutputRow;         /* Return register of the output subroutine */
  int addrOutputRow;        /* Label of the output subroutine */
  int regReset;             /* Return register of the reset subroutine */
  int addrReset;            /* Label of the reset subroutine */
  int iAMem;                /* nKey registers: key of the group in progress */
  int iBMem;                /* nKey registers: key of the sorter's row */
  int addrEnd;              /* Label of the end of the SELECT */
};

/*
** The per-connection state of the hash aggregate, db->fork.hashagg.
*/
typedef struct HashAggConn HashAggConn;
struct HashAggConn {
  u8 bOn;                   /* PRAGMA hash_aggregate */
  i64 nMem;                 /* PRAGMA hash_aggregate_memory, bytes */
  HashAggStat stat;         /* PRAGMA hash_aggregate_stats */
};

/*
** Compile-time default of PRAGMA hash_aggregate: 1 (on) or 0 (off).
*/
#ifndef SQLITE_HASH_AGGREGATE_DEFAULT
# define SQLITE_HASH_AGGREGATE_DEFAULT 1
#endif
#if SQLITE_HASH_AGGREGATE_DEFAULT!=0 && SQLITE_HASH_AGGREGATE_DEFAULT!=1
# error "SQLITE_HASH_AGGREGATE_DEFAULT must be 0 or 1"
#endif

/*
** Compile-time default of PRAGMA hash_aggregate_memory: the bytes one hash
** aggregate may hold before new groups go to the sorter (64 MiB).
*/
#ifndef SQLITE_HASH_AGGREGATE_MEMORY
# define SQLITE_HASH_AGGREGATE_MEMORY 67108864
#endif
#if SQLITE_HASH_AGGREGATE_MEMORY<0
# error "SQLITE_HASH_AGGREGATE_MEMORY must not be negative"
#endif

/* hashagg.c */
int sqlite3HashAggOpen(Vdbe*, const VdbeOp*);
int sqlite3HashAggGroup(Vdbe*, const VdbeOp*, int*);
int sqlite3HashAggSort(Vdbe*, const VdbeOp*, int*);
void sqlite3HashAggEmit(Vdbe*, const VdbeOp*, int*);
void sqlite3HashAggBatchBegin(Vdbe*, int, int*, int*);
int sqlite3HashAggBatchGroup(Vdbe*, int, const Mem*, Mem**, int*);
void sqlite3HashAggBatchEnd(Vdbe*, int, i64);
int sqlite3HashAggBatchContext(Vdbe*, int, Mem*, FuncDef*, int);
void sqlite3HashAggCodeOpen(Parse*, AggInfo*, KeyInfo*, int, HashAggCode*);
int sqlite3HashAggUsable(Parse*, HashAggCode*, int);
void sqlite3HashAggCodeGroup(Parse*, AggInfo*, HashAggCode*, int);
void sqlite3HashAggCodeUpdate(Parse*, HashAggCode*);
void sqlite3HashAggCodeUpdateEnd(Parse*, HashAggCode*);
void sqlite3HashAggCodeEmit(Parse*, HashAggCode*, int);
void sqlite3HashAggCodeFirst(Parse*, HashAggCode*);
void sqlite3HashAggCodeSort(Parse*, HashAggCode*);
void sqlite3HashAggCodeOrder(Parse*, HashAggCode*, Select*, AggInfo*,
                             ExprList*);
void sqlite3HashAggMemoryPragma(Parse*, const char*, const char*, const char*);
void sqlite3HashAggStatsPragma(Parse*, const char*, const char*, const char*);

#endif /* SQLITE_HASHAGG_H */
