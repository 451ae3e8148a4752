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
** This file defines the interface to LIP Bloom filters for star joins
** (lipfilter.c at run time, lipplan.c in the planner, hooks of patch 0010
** in vdbe.c, where.c and wherecode.c).
*/
#ifndef SQLITE_LIP_H
#define SQLITE_LIP_H

/*
** What a LIP Bloom filter did, recorded when it is released at the end of
** the statement that built it, for PRAGMA lip_filter_stats.
*/
typedef struct LipStat LipStat;
struct LipStat {
  int iReg;                 /* Register that held the filter */
  int nKey;                 /* Keys inserted */
  i64 nByte;                /* Bytes of its bit array */
  i64 nProbe;               /* Keys probed */
  i64 nReject;              /* Keys rejected */
  int iRank;                /* Position in its group's final order, or -1 */
  u8 eStatus;               /* LIPSTAT_BUILT, _SKIPPED, _DISABLED */
};
#define LIPSTAT_BUILT     0   /* Built and used */
#define LIPSTAT_SKIPPED   1   /* OP_FilterInit found it not worth building */
#define LIPSTAT_DISABLED  2   /* Disabled: out of memory or too many keys */
#define LIP_MAX_STAT     32   /* Most recent filters remembered */

/*
** The per-connection state of LIP Bloom filters, db->fork.lip.
*/
typedef struct LipConn LipConn;
struct LipConn {
  u8 bOn;                   /* PRAGMA lip_filter: plan LIP Bloom filters */
  int nStat;                /* Entries in aStat[] */
  LipStat aStat[LIP_MAX_STAT];  /* Filters released since last report */
};

/*
** Compile-time default of PRAGMA lip_filter: 1 (on) or 0 (off).
*/
#ifndef SQLITE_LIP_DEFAULT
# define SQLITE_LIP_DEFAULT 1
#endif
#if SQLITE_LIP_DEFAULT!=0 && SQLITE_LIP_DEFAULT!=1
# error "SQLITE_LIP_DEFAULT must be 0 or 1"
#endif

/*
** The largest number of Bloom filters probed together by one group led by
** an OP_FilterGroup (coded by lipplan.c and wherecode.c filterPullDown(),
** reordered at run time by lipfilter.c).
*/
#define LIP_MAX_GROUP 16

/*
** A group of filter probes revises its probing order every LIP_REORDER
** rows its members reject (OP_Filter, OP_FilterGroup), a power of two.
*/
#define LIP_REORDER 512

/*
** P4 of an OP_FilterGroup, an array of u32: at LIP_GROUP_SIZE the number
** of entries after it, at LIP_GROUP_START the address of the group's
** first segment, at LIP_GROUP_FLAG whether the segments can be moved
** (one of the three values below), and from LIP_GROUP_LEN on the lengths
** of the segments in their current order.  P5 of the OP_Filter of each
** member is its distance to the OP_FilterGroup, at most LIP_MAX_DIST.
*/
#define LIP_GROUP_SIZE    0
#define LIP_GROUP_START   1
#define LIP_GROUP_FLAG    2
#define LIP_GROUP_LEN     3
#define LIP_GROUP_UNCHECKED 0     /* Not checked yet */
#define LIP_GROUP_MOVABLE   1     /* The segments can be moved */
#define LIP_GROUP_FIXED     2     /* They cannot: the order stays */
#define LIP_MAX_DIST      0xffff  /* Largest value of P5 (a u16) */

/*
** P5 of OP_FilterAdd holds the text mode (FORK_TEXT_*) of each of the first
** LIP_TEXT_COLS columns of the key, in fields of LIP_TEXT_BITS bits, the
** first column in the lowest bits; text in any later column is hashed as
** FORK_TEXT_ANY (all text alike).  LIP_TEXT_MODE(m,i) is the mode of
** column i in P5 m.
*/
#define LIP_TEXT_BITS     2
#define LIP_TEXT_MASK     ((1<<LIP_TEXT_BITS)-1)
#define LIP_TEXT_COLS     (8*(int)sizeof(u16)/LIP_TEXT_BITS)
#define LIP_TEXT_MODE(m,i) \
  ((i)<LIP_TEXT_COLS ? ((m)>>(LIP_TEXT_BITS*(i)))&LIP_TEXT_MASK : FORK_TEXT_ANY)

/*
** Bytes of the blob that a filter's register holds before its first key
** (OP_Blob in sqlite3ConstructBloomFilter()).  Any blob that is not a
** filter object is an empty filter, whatever its size (lipfilter.c).
*/
#define LIP_EMPTY_BLOB    1

/*
** Flag in P5 of OP_FilterInit: the filter is built before the join starts
** (sqlite3LipBuildEarly()); the rest of P5 is the outer cursor plus one.
*/
#define LIP_INIT_EARLY 0x8000

/*
** The Bloom filter probes coded at one point of the loop of a level of a
** join, before the search of any inner loop (lipplan.c; filterPullDown()
** in wherecode.c): that of the level's own filter, if it has one, and
** those of inner levels' filters whose keys are known there.  Two probes
** or more form a group led by an OP_FilterGroup, whose order adapts at
** run time; a single probe is a plain OP_Filter.
** sqlite3LipPullDownBegin() sets it up; the caller sets addrNxt.
*/
typedef struct LipPullDown LipPullDown;
struct LipPullDown {
  WhereInfo *pWInfo;        /* The join */
  int iLevel;               /* Probes are coded in the loop of this level */
  Bitmask notReady;         /* The loops not started at that point */
  int addrNxt;              /* Jump here if a probe rejects its key */
  int nMember;              /* Probes coded so far */
  u8 bGroup;                /* The probes form a group, described below */
  int nMax;                 /* Members counted when the group began */
  u32 *ai;                  /* P4 of the OP_FilterGroup, until coded */
  int aSeg[LIP_MAX_GROUP];  /* Address of each member's segment */
  int aFilter[LIP_MAX_GROUP];  /* Address of each member's OP_Filter */
};

/* A rejection rate of 1 (all keys), the unit of sqlite3LipFilterRate() */
#define LIP_RATE_ONE 1024

/* lipfilter.c */
void sqlite3LipFilterAdd(Vdbe*, VdbeOp*);
int sqlite3LipFilter(Vdbe*, VdbeOp*);
int sqlite3LipFilterInts(Vdbe*, VdbeOp*, const i64*, u16*, int);
u32 sqlite3LipFilterRate(Vdbe*, VdbeOp*);
int sqlite3LipFilterInit(Vdbe*, VdbeOp*, int*);
void sqlite3LipFilterGroup(Vdbe*, VdbeOp*, int);
/* lipplan.c */
struct WhereLevel;
void sqlite3WhereLipCheck(WhereInfo*);
int sqlite3LipCodeFilterInit(Parse*, WhereInfo*, int, struct WhereLevel*);
u16 sqlite3LipKeyCollations(Index*, int);
int sqlite3LipCanPullDown(WhereInfo*, int, Bitmask);
void sqlite3LipBuildEarly(WhereInfo*, Bitmask);
void sqlite3LipBuildProbes(WhereInfo*, int, int);
void sqlite3LipProbeEarly(WhereInfo*, int, Bitmask);
void sqlite3LipProbeSubqueries(WhereInfo*, int, Bitmask);
void sqlite3LipPullDownBegin(LipPullDown*, WhereInfo*, int, Bitmask);
int sqlite3LipPullDownDone(const LipPullDown*);
void sqlite3LipPullDownSegment(LipPullDown*);
void sqlite3LipPullDownProbe(LipPullDown*, int, int, int);
void sqlite3LipPullDownEnd(LipPullDown*);
void sqlite3LipStatsPragma(Parse*, const char*, const char*, const char*);
/* where.c and wherecode.c (patch 0010) */
void sqlite3ConstructBloomFilter(WhereInfo*, int, struct WhereLevel*, Bitmask,
                                 int);
void sqlite3WhereLipPullDown(LipPullDown*);

#endif /* SQLITE_LIP_H */
