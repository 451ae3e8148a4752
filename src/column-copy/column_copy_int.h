/*
** 2026 November 26
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
** Column copies, private interface: names, constants and structures
** shared by column_copy_*.c.  The design is in doc/column-copy.md.
*/
#ifndef SQLITE_COLUMN_COPY_INT_H
#define SQLITE_COLUMN_COPY_INT_H

#include "sqliteInt.h"
#include "vdbeInt.h"
#include "whereInt.h"

/*
** Names.  A copy with id N of table T is made of
**
**   lipsqlite_column_copy         one row per copy (all copies of the file)
**   lipsqlite_column_copy_N_dir   its chunk directory
**   lipsqlite_column_copy_N_data  one BLOB per column and chunk
**   lipsqlite_column_copy_N_changed  the rowids written since their
**                                 chunks were built
**   lipsqlite_column_copy_N_S_OP  its triggers on T, where S is the
**                                 signature of T's definition (ccSig())
*/
#define CC_PREFIX      "lipsqlite_column_copy"
#define CC_PREFIX_LEN  21

/*
** The stamp of a file: one row whose rowid equals its column r, a random
** number of at least CC_STAMP_MIN.  A copy is read only while the file's
** stamp is whole and its schema cookie is the one the copy's row records
** (doc/column-copy.md, "Why a stale chunk never looks clean").
*/
#define CC_STAMP       CC_PREFIX "_stamp"
#define CC_STAMP_MIN   (((i64)1)<<32)

/*
** A new stamp also moves the schema cookie on by a random step of
** CC_COOKIE_JUMP to CC_COOKIE_JUMP+CC_COOKIE_SPAN-1, so that the cookies
** the copies record are not the small count of DDL statements a script
** that rebuilds the file (a dump with --preserve-rowids, which carries the
** stamp) reaches again.  Not above CC_COOKIE_MAX, which keeps the cookie a
** positive 32-bit integer, as PRAGMA schema_version reads it.
*/
#define CC_COOKIE_JUMP  (1<<16)
#define CC_COOKIE_SPAN  (1<<20)
#define CC_COOKIE_MAX   0x7fffffff

/* The shadow tables a plan names: lipsqlite_column_copy, the copy's _dir
** and _data tables, the stamp and the copy's _changed table */
#define CC_SHADOW      5

/*
** The fields of the records of the shadow tables, as sqlite3CcRecord()
** returns them.  Field 0 of each is its INTEGER PRIMARY KEY (id or lo),
** stored as NULL: the rowid is the key of the B-tree.  Each CC_*_NFIELD
** is the number of leading fields the readers parse.
**
** lipsqlite_column_copy(id, tbl, format, chunk_rows, ncol, cookie, ...):
*/
#define CC_META_FORMAT   2      /* Format of the copy (CC_FORMAT) */
#define CC_META_NCOL     4      /* Stored columns of its table */
#define CC_META_COOKIE   5      /* Schema cookie it was built or checked at */
#define CC_META_NFIELD   6
/* lipsqlite_column_copy_N_dir(lo, k, hi, nrow, stale): */
#define CC_DIR_K         1      /* The chunk's number */
#define CC_DIR_HI        2      /* Its last rowid */
#define CC_DIR_NROW      3      /* Its rows */
#define CC_DIR_STALE     4      /* Non-zero if stale */
#define CC_DIR_NFIELD    5
/* lipsqlite_column_copy_N_data(id, nnull, types, minv, maxv, bytes): */
#define CC_DATA_NNULL    1      /* NULLs of the column in the chunk */
#define CC_DATA_TYPES    2      /* Mask of 1<<SQLITE_type of its values */
#define CC_DATA_MINV     3      /* Zone map: smallest number */
#define CC_DATA_MAXV     4      /* Zone map: largest number */
#define CC_DATA_BYTES    5      /* The encoded column chunk (a BLOB) */
#define CC_DATA_NFIELD   6
#define CC_DATA_NZONE    5      /* Fields before the BLOB: the zone map */

/*
** The version of the SQL of the copy's triggers, part of the signature in
** their names: a copy whose triggers another version made is not read.
** Version 2: a REPLACE's BEFORE triggers mark the chunk of every row
** holding the new key (expression and partial UNIQUE indexes too).
** Version 3: the triggers record each rowid written in the _changed
** table instead of marking its chunk stale.
*/
#define CC_TRIGGER_VERSION 3

/*
** A clean chunk is read from its vectors with the rows whose rowids are
** recorded as changed masked out, each of those read from the B-tree.
** A chunk with more than CC_CHANGED_MAX changed rowids is read from the
** B-tree as a whole, as a stale one: there, one B-tree seek per changed
** row costs more than the step from row to row of a B-tree scan
** (doc/column-copy.md, "Changed rows").
*/
#define CC_CHANGED_MAX 8192

/*
** A maintenance step the connection takes itself rebuilds a chunk once
** at least 1/CC_STEP_FRACTION of its rows are recorded as changed.
*/
#define CC_STEP_FRACTION 8

/*
** A chunk holds CC_CHUNK_ROWS rows when built, a vector CC_VEC rows.  The
** data row of chunk k and slot s (0 for the rowid, 1+i for the table's
** i-th stored column) has the rowid k*CC_SLOTS+s.
*/
#define CC_CHUNK_ROWS  65536
#define CC_VEC         1024
#define CC_RANGE_MIN   CC_VEC   /* A shorter rowid range reads the B-tree */
#define CC_SEEK_MIN    1024     /* Rowid lookups of a cursor from the B-tree
                                ** before the copy serves them */
#define CC_SEEK_BYTES  (64*1024*1024)  /* Chunks a cursor's lookups keep */
#define CC_SEEK_MAP    32       /* A chunk's rowids spanning at most this
                                ** many times its rows are found by a map
                                ** (dates as yyyymmdd span 28 times) */
/* A DICT chunk's dictionary of at most this many texts is decoded an
** entry at a time, the first time a row needs it; the rows with that code
** then copy the decoded entry */
#define CC_DICT_DECODED 4096
#define CC_RANGE_REAL  4.0e18   /* Real bounds of a rowid range made stops */
#define CC_SLOTS       32768
#define CC_FORMAT      2        /* lipsqlite_column_copy.format */
#define CC_FORMAT_MIN  1        /* Oldest format read (no NUM encoding) */
#define CC_MAX_TERM    16       /* WHERE terms evaluated per scan */
#define CC_MAX_LIST    64       /* Values of an IN list evaluated */
/* A LIKE or GLOB term tested row by row (not through a dictionary) is
** left to the loop's body alone once it has passed more than
** 1-1/CC_MATCH_KEEP of the first CC_MATCH_SAMPLE rows: the body tests
** each row the scan passes again, and the scan's test would cost more
** than the rows it drops save */
#define CC_MATCH_SAMPLE 4096
#define CC_MATCH_KEEP   4

/* Encodings of a column chunk (byte 0 of its BLOB) */
#define CC_ENC_SEQ     1        /* Integers base, base+1, ... */
#define CC_ENC_FOR     2        /* Integers: base + bit-packed offsets */
#define CC_ENC_REAL    3        /* Reals, 8 bytes each */
#define CC_ENC_DICT    4        /* Texts: dictionary + bit-packed codes */
#define CC_ENC_PLAIN   5        /* Anything: record serial types + bodies */
#define CC_ENC_NUM     6        /* Integers and reals: 8-byte reals + map */

/* Integers of at most this magnitude are exact as reals (CC_ENC_NUM) */
#define CC_NUM_EXACT   (((i64)1)<<53)

#define CC_HDR         6        /* enc, flags, nrow (4 bytes) */
#define CC_FLAG_NULL   0x01     /* A NULL bitmap follows the header */
#define CC_PAD         9        /* Bytes after packed bits (ccPackGet) */

/*
** Bit-packed values (FOR offsets, DICT codes): value i of width w is at
** bit i*w of the packed array.  CC_MASK(w) has the w low bits set (w less
** than 64).  CC_UNPACK(a, iBit, mask) is the value at bit iBit of a[]
** whose width the mask gives, of at most 56 bits: its bits start in the
** byte loaded, so one unaligned 8-byte load holds them all (a[] has
** CC_PAD bytes past its last value).  Wider values: ccPackGet().
*/
#define CC_MASK(w)     ((((u64)1)<<(w))-1)
#define CC_UNPACK(a, iBit, mask) \
  ((sqlite3CcLoad64(&(a)[(iBit)>>3])>>((iBit)&7)) & (mask))
#define CC_MAX_DICT    65536    /* Largest dictionary */

/* Scan modes */
#define CC_MODE_VEC    1        /* Rows from decoded vectors */
#define CC_MODE_BTREE  2        /* Rows from the table's B-tree */
#define CC_MODE_EOF    3
#define CC_MODE_SEEK   4        /* A row found by a rowid lookup in a chunk */

/*
** A value of a vector (column_copy.h).  During a build, u.i of a TEXT or
** BLOB value is its offset in the builder's arena; in a scan, u.z points
** into the chunk.
*/
typedef ColumnCopyVal CCVal;

/*
** A WHERE term of the plan: column iCol compared with the constants in
** registers aReg[iReg..iReg+nReg-1] of the statement.
*/
typedef struct CCPlanTerm CCPlanTerm;
struct CCPlanTerm {
  int iCol;                     /* Stored column number */
  int iReg;                     /* First of its constants in CCPlan.aReg[] */
  int nReg;                     /* Number of constants (several for IN) */
  u8 op;                        /* TK_EQ, TK_LT, ..., TK_IN, TK_ISNULL,
                                ** TK_LIKE_KW (LIKE or GLOB, eMatch) */
  char aff;                     /* Affinity of the comparison */
  u8 bBinary;                   /* Texts compare with BINARY */
  u8 eMatch;                    /* TK_LIKE_KW: CC_MATCH_* flags */
  char aWc[4];                  /* TK_LIKE_KW: the function's wildcards and
                                ** escape (sqlite3IsLikeFunction()) */
};

/* CCPlanTerm.eMatch of a LIKE or GLOB term */
#define CC_MATCH_NOT    0x01    /* NOT LIKE, NOT GLOB */
#define CC_MATCH_NOCASE 0x02    /* ASCII letters match either case (LIKE) */
#define CC_MATCH_GLOB   0x04    /* GLOB (for EXPLAIN QUERY PLAN) */

/*
** The P4 of OP_ColumnCopyRewind: what the code generator decided.  One
** allocation (P4_FORK: EXPLAIN shows it through base.xDisplay): aTerm,
** aReg and aUsed point into it.
*/
typedef struct CCPlan CCPlan;
struct CCPlan {
  ForkP4 base;                  /* Must be first */
  i64 iId;                      /* The copy */
  Pgno iMetaRoot;               /* Root of lipsqlite_column_copy */
  Pgno iDirRoot;                /* Root of its _dir table */
  Pgno iDataRoot;               /* Root of its _data table */
  Pgno iTabRoot;                /* Root of the table */
  int iDb;                      /* Database of the table */
  int nCol;                     /* Stored columns of the table */
  Pgno iStampRoot;              /* Root of lipsqlite_column_copy_stamp */
  Pgno iChangedRoot;            /* Root of its _changed table */
  u8 opStart;                   /* OP_Rewind, OP_SeekGE or OP_SeekGT */
  u8 opEnd;                     /* OP_Gt, OP_Ge, or 0: no end test */
  int iRegStart;                /* The seek's key (P3), if opStart seeks */
  int iRegEnd;                  /* The end test's bound, if opEnd */
  int addrLoop;                 /* Target of the loop's OP_ColumnCopyNext */
  int addrProbe;                /* First opcode past the end test */
  int nTerm;
  CCPlanTerm *aTerm;
  int *aReg;
  u8 *aUsed;                    /* aUsed[i]: column i read from the copy */
};

/*
** A chunk of the directory.  The directory comes from the file and is
** checked as a whole when read (sqlite3CcLoadDir()): the chunks ascend by
** lo and by k (so no two share a number), each lies below the next
** (lo<=hi<next lo), k is below CC_K_MAX, and nRow is 0..CC_CHUNK_ROWS.
*/
#define CC_K_MAX       (((i64)1)<<47)   /* k*CC_SLOTS+slot fits an i64 */
typedef struct CCChunk CCChunk;
struct CCChunk {
  i64 lo;                       /* First rowid it covers */
  i64 k;                        /* Its number in the _data table */
  int nRow;                     /* Rows, 0..CC_CHUNK_ROWS */
  u8 bStale;                    /* Read from the B-tree */
};

/* A column of the current chunk, as loaded and decoded */
typedef struct CCCol CCCol;
struct CCCol {
  i64 k;                        /* Chunk loaded, or -1 */
  int iVec;                     /* Vector decoded into aVal[], or -1 */
  u32 iVecSeq;                  /* ColumnCopyScan.iVecSeq of aVal[] */
  u8 *aBuf;                     /* The data row's record */
  u32 nAlloc;                   /* Allocated bytes of aBuf */
  const u8 *a;                  /* The chunk's BLOB */
  int n;                        /* Its size */
  int nRow;                     /* Its rows, 0..CC_CHUNK_ROWS */
  u8 enc;                       /* CC_ENC_* */
  const u8 *aNull;              /* NULL bitmap, or 0 */
  i64 iBase;                    /* SEQ, FOR */
  u8 nWidth;                    /* FOR, DICT: bits per value */
  const u8 *aPack;              /* FOR, DICT: the packed values */
  const u8 *aReal;              /* REAL, NUM */
  const u8 *aIsInt;             /* NUM: bit i set if row i is an integer */
  int nDict;                    /* DICT */
  const u8 *aDictOff;           /* DICT: nDict+1 offsets (u32) */
  const u8 *aDict;              /* DICT: the texts */
  const u8 *aVecOff;            /* PLAIN: offset of each vector (u32) */
  const u8 *aPlain;             /* PLAIN: the values */
  u32 *aRowOff;                 /* PLAIN, for lookups: each row's offset in
                                ** aPlain, or 0 */
  u16 *aRowAt;                  /* FOR rowids, for lookups: the row of rowid
                                ** iBase+d at aRowAt[d], if it has one */
  u32 nRowAt;                   /* Entries of aRowAt[], 0 if not made */
  u8 bNoRowAt;                  /* Rowids too sparse for aRowAt[] */
  int nDictVal;                 /* DICT: entries in aDictVal[] for the
                                ** chunk (those not decoded yet have
                                ** type 0), or 0 */
  int nDictAlloc;               /* Allocated entries of aDictVal[] */
  CCVal *aDictVal;              /* DICT: the dictionary, decoded */
  CCVal aVal[CC_VEC];
};

/*
** The outcome of a test (a term, a Bloom filter probe) for each entry of
** the dictionary of one chunk of a DICT column, found when first needed:
** the test then runs once per distinct text of the chunk, not per row.
*/
typedef struct CCMemo CCMemo;
struct CCMemo {
  i64 k;                        /* The chunk a[] is for, or -1 */
  int nAlloc;                   /* Allocated bytes of a[] */
  u8 *a;                        /* a[code]: 0 or CC_MEMO_PASS/CC_MEMO_FAIL */
};
#define CC_MEMO_PASS   1        /* The row may match */
#define CC_MEMO_FAIL   2        /* It cannot */

/* A LIKE or GLOB pattern as the scan evaluates it (column_copy_match.c) */
typedef struct CCMatch CCMatch;

/* A term as evaluated by the scan */
typedef struct CCTerm CCTerm;
struct CCTerm {
  int iSlot;                    /* 1+column */
  u8 op;
  u8 bBinary;
  u8 bOff;                      /* Cannot decide: every row passes */
  u8 bNot;                      /* TK_LIKE_KW: NOT LIKE, NOT GLOB */
  CCMatch *pMatch;              /* TK_LIKE_KW: the pattern, unless bOff */
  i64 nTested;                  /* TK_LIKE_KW: rows tested one by one */
  i64 nKept;                    /* Of those, rows that passed */
  int nConst;
  CCMemo memo;                  /* Of a DICT column */
  CCVal aConst[CC_MAX_LIST];
};

/* Most Bloom filter probes of a loop's body run inside the scan */
#define CC_MAX_PROBE 8

struct ColumnCopyScan {
  sqlite3 *db;
  CCPlan *pPlan;
  BtCursor *pData;              /* On the _data table */
  int nChunk;
  CCChunk *aChunk;
  i64 iHi;                      /* Last rowid covered by chunks */
  int iChunk;                   /* Current chunk */
  u8 eMode;                     /* CC_MODE_* */
  u8 bAll;                      /* B-tree to the end (a write was seen) */
  u8 bGone;                     /* A write deleted the current row */
  u8 bSeekRowid;                /* CC_MODE_SEEK by OP_ColumnCopySeekRowid */
  u8 bSeekRead;                 /* CC_MODE_SEEK: a value of the row read */
  i64 iEnd;                     /* CC_MODE_BTREE: last rowid of the range */
  i64 iLo;                      /* Rowids below are not wanted (a seek) */
  i64 iStop;                    /* Nor above (the end test would stop) */
  u8 bClip;                     /* The current chunk has rowids to drop */
  u8 bEndLargest;               /* iEnd is the largest rowid */
  int iVec;                     /* Current vector of the chunk */
  u32 iVecSeq;                  /* Changes with every vector made current */
  int nSel;                     /* Rows of aSel[] */
  int iSel;                     /* Current row in aSel[] */
  int nSelEnd;                  /* Rows of aSel[] before the changed row
                                ** aChg[iChg]: read before it */
  /* The rows of the current chunk recorded as changed (the _changed
  ** table): masked out of its vectors, read from the B-tree in turn */
  BtCursor *pChanged;           /* On the _changed table, opened when used */
  i64 *aChg;                    /* Their rowids, ascending */
  int nChg;                     /* Entries of aChg[] */
  int nChgAlloc;                /* Allocated entries of aChg[] */
  int iChg;                     /* Next of aChg[] to read from the B-tree */
  int iChgEnd;                  /* aChg[iChg..iChgEnd-1] come before the
                                ** vector after the current one */
  int *aChgPos;                 /* aChgPos[j]: 2*(rows of the current vector
                                ** with a rowid below aChg[j]) + 1 if the
                                ** next row's rowid is aChg[j] (masked) */
  int nChgPosAlloc;             /* Allocated entries of aChgPos[] */
  u8 bVecDone;                  /* Every vector of the chunk was read */
  u8 bChgRow;                   /* CC_MODE_BTREE on the row aChg[iChg-1] */
  u16 aSel[CC_VEC];             /* Rows of the vector that may match */
  u16 aAll[CC_VEC];             /* 0, 1, 2 ...: every row, once filled */
  i64 aKey[CC_VEC];             /* Their keys, for a Bloom filter probe */
  int nSlot;                    /* 1+nCol */
  CCCol **apCol;                /* apCol[slot], loaded when used */
  int nTerm;
  int nTermAlloc;               /* Allocated entries of aTerm[] */
  CCTerm *aTerm;
  Mem *aMem;                    /* Constants of the terms */
  int nMem;
  Vdbe *pVdbe;                  /* The statement */
  int iCur;                     /* The table's cursor */
  int addrBody;                 /* First opcode of the loop's body */
  int addrNext;                 /* Its OP_ColumnCopyNext */
  int nProbeMemo;               /* Probes with a memo */
  int aProbeReg[CC_MAX_PROBE];  /* The filter register of each */
  int aProbeSlot[CC_MAX_PROBE]; /* The slot of its key */
  CCMemo aProbeMemo[CC_MAX_PROBE];
  void *pConsumer;              /* Run-time state of the loop's consumer
                                ** of vectors (ColumnCopyConsumer) */
  void (*xConsumerFree)(void*); /* Frees it */
  /* Rowid lookups (OP_ColumnCopySeekRowid) */
  i64 nSeek;                    /* Lookups so far */
  BtCursor *pSentinel;          /* On the table's first row: a write moves it */
  int iSeekChunk;               /* CC_MODE_SEEK: the chunk of the row */
  int iSeekRow;                 /* Its row in the chunk */
  i64 iSeekRowid;               /* Its rowid */
  CCCol **apSeekCol;            /* [slot*nChunk + chunk], loaded when read */
  i64 nSeekBytes;               /* Bytes of the BLOBs loaded in apSeekCol */
  i64 **apSeekChg;              /* [chunk]: its changed rowids, ascending */
  int *anSeekChg;               /* [chunk]: entries of apSeekChg[chunk], or
                                ** -1 until they are read */
  int nSeekChg;                 /* Chunks of apSeekChg[] and anSeekChg[] */
};


/* The values of one column of a chunk being built */
typedef struct CCBuild CCBuild;
struct CCBuild {
  CCVal *aVal;                  /* Values */
  int nVal;
  int nAlloc;                   /* Allocated entries of aVal[] */
  u8 *aArena;                   /* Bytes of texts and blobs */
  i64 nArena, nArenaAlloc;
};

/* An output buffer */
typedef struct CCOut CCOut;
struct CCOut {
  u8 *a;
  i64 n, nAlloc;
  int rc;
};

/* column_copy_format.c */
int sqlite3CcColAttach(CCCol *pCol, const u8 *a, int n, int nRow);
int sqlite3CcColDecode(CCCol *pCol, int i0, int n);
int sqlite3CcColDecodeSel(CCCol *pCol, int i0, const u16 *aSel, int nSel, int n);
int sqlite3CcColGet(const CCCol *pCol, int i, CCVal *pV);
void sqlite3CcCursorClose(BtCursor *p);
int sqlite3CcCursorOpen(sqlite3 *db, int iDb, Pgno iRoot, BtCursor **pp);
int sqlite3CcDictCode(const CCCol *pCol, int i);
int sqlite3CcDictVal(const CCCol *pCol, int c, CCVal *pV);
void sqlite3CcEncode( CCBuild *pB, CCOut *pOut, int *pnNull, int *pmTypes, CCVal *pMin, CCVal *pMax );
u64 sqlite3CcLoad64(const u8 *p);
u8 *sqlite3CcMemoFor(CCMemo *pM, const CCCol *pCol);
int sqlite3CcNumCmp(const CCVal *a, const CCVal *b);
int sqlite3CcPayload(BtCursor *pCur, u8 **ppBuf, u32 *pnAlloc, u32 *pn);
const u8 *sqlite3CcPlainVal(const u8 *p, const u8 *pEnd, CCVal *pV);
int sqlite3CcRecord(const u8 *a, u32 n, Mem *aOut, int nOut);
int sqlite3CcTermMay(const CCTerm *t, const CCVal *v);

/* column_copy_build.c */
u32 sqlite3CcCookie(sqlite3 *db, int iDb);
i64 sqlite3CcCopyOf(Table *pTab, int *pnTrig, i64 *piAny);

/* column_copy_code.c */
void sqlite3CcPlanInit( Parse *pParse, CCPlan *pPlan, Table *pTab, i64 iId, Table **apShadow );
i64 sqlite3CcShadowTables(Parse *pParse, Table *pTab, Table **apShadow);

/* column_copy_match.c */
int sqlite3CcMatch(const CCMatch *pM, const u8 *z, int n);
int sqlite3CcMatchCompile(sqlite3 *db, const CCPlanTerm *pt, CCTerm *t);

/* column_copy_probe.c */
int sqlite3CcProbeFilters(ColumnCopyScan *p);

/* column_copy.c */
CCCol *sqlite3CcCol(ColumnCopyScan *p, int iSlot);
int sqlite3CcColLoad(ColumnCopyScan *p, CCCol *pCol, const CCChunk *c, int iSlot);
int sqlite3CcColumnValue(sqlite3 *db, const CCVal *pV, Mem *pDest);
int sqlite3CcColumnVector(ColumnCopyScan *p, int iCol);
int sqlite3CcCountRange(BtCursor *pBase, i64 iLo, i64 iHi, i64 *pn);
int sqlite3CcLoadDir(ColumnCopyScan *p, int *pbOk);

#endif /* SQLITE_COLUMN_COPY_INT_H */
