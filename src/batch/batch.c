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
** The batch path: the body of a loop over a column copy, run a vector of
** rows at a time instead of one row at a time by the VDBE
** (doc/batch.md).
*/
#include "sqliteInt.h"
#include "vdbeInt.h"
#include "whereInt.h"

/* Most opcodes of a loop body the batch path runs */
#define BATCH_MAX_STEP 64

/* Most values of a GROUP BY key, and of an opcode's inputs */
#define BATCH_MAX_IN   8

/* Rows of one batch: at most those of a vector of the copy */
#define BATCH_ROWS     1024

/* The selected rows of a vector are run as the span from the first to the
** last if the span has at most this many rows per selected row */
#define BATCH_SPAN_MAX 2

/* Kinds of steps */
#define BATCH_COLUMN   1        /* out = column iVal of the scan */
#define BATCH_ROWID    2        /* out = the rowid */
#define BATCH_INTEGER  3        /* out = iVal */
#define BATCH_REALAFF  4        /* out = in[0], an integer made real */
#define BATCH_ARITH    5        /* out = in[1] OP in[0] (OP_Add ...) */
#define BATCH_COPY     6        /* out = in[0] (OP_Copy, OP_SCopy) */
#define BATCH_CMP      7        /* in[1] OP in[0] jumps (OP_Eq ...) */
#define BATCH_NULLTEST 8        /* in[0] IS NULL jumps (OP_IsNull ...) */
#define BATCH_GROUP    9        /* find the group of key in[] (hashagg.c) */
#define BATCH_AGG      10       /* an aggregate's step on in[] */
#define BATCH_SAME     11       /* out = in[0]: the same vector, unchanged */

/* Entries of the cache of the groups a batch met (a power of two), and
** how many consecutive entries from its hash a key may take */
#define BATCH_GROUP_CACHE 64
#define BATCH_GROUP_PROBE 4

/* Why batchCompile() failed, if not at an opcode (BatchProg.iStop) */
#define BATCH_STOP_SHAPE  (-1)  /* The registers, the OP_If blocks */
#define BATCH_STOP_NOAGG  (-2)  /* The body steps no aggregate */

/* How far before a loop its EXPLAIN QUERY PLAN line may be */
#define BATCH_EXPLAIN_BACK 16

/* The outcome of a step for one row */
#define BATCH_ON       0        /* The row goes on */
#define BATCH_VDBE     2        /* The VDBE must run the body for it */

/*
** One opcode of the body.  An input is the output of an earlier step
** (a step number, >=0) or a register the body does not write (-1-reg).
*/
typedef struct BatchStep BatchStep;
struct BatchStep {
  u8 eStep;                     /* BATCH_* */
  u8 opcode;                    /* The opcode */
  u8 bDrop;                     /* CMP, NULLTEST: a jump drops the row */
  int iCond;                    /* Run only for rows where the output of
                                ** step iCond is bWant (-1: always) */
  u8 bWant;
  u16 p5;                       /* CMP: the opcode's P5 */
  u8 bBinary;                   /* CMP: texts compare as BINARY */
  int iOut;                     /* Register written, or 0 */
  u8 bStore;                    /* iOut is an accumulator of the group */
  int nIn;
  int aIn[BATCH_MAX_IN];
  int iAddr;                    /* Address of the opcode */
  i64 iVal;                     /* COLUMN: the column; INTEGER: the value */
  CollSeq *pColl;               /* CMP */
  FuncDef *pFunc;               /* AGG */
  u8 eAggKind;                  /* AGG: sqlite3BatchAggKind(pFunc) */
  int iAcc;                     /* AGG: the accumulator register */
  int regHit;                   /* AGG: OP_CollSeq's P1 register, or 0 */
};

/*
** A loop body the batch path runs: the P4 (P4_FORK) of the loop's
** OP_ColumnCopyNext, a consumer of the scan's vectors.  One allocation.
*/
struct BatchProg {
  ColumnCopyConsumer base;      /* Must be first */
  int iCur;                     /* The scan's cursor */
  int regHash;                  /* GROUP BY: register of the hash table */
  int iAccFirst, nAcc;          /* GROUP BY: the accumulator registers */
  int nKey;                     /* GROUP BY: values of the key */
  int iGroup;                   /* Step of the GROUP, or -1 */
  u8 bGroupRead;                /* A step reads the GROUP's output of
                                ** other rows than those of aNew[] */
  int nStep;
  int iStop;                    /* batchCompile() failed: the address of the
                                ** opcode it stopped at, or BATCH_STOP_* */
  BatchStep aStep[BATCH_MAX_STEP];
};

/*
** An entry of the cache of the groups a batch met: a key, as the values of
** the vectors represent it, and the group's accumulators.
*/
typedef struct BatchCache BatchCache;
struct BatchCache {
  ColumnCopyVal aKey[BATCH_MAX_IN];
  Mem *pAcc;
  u32 iGen;                     /* Holds a group if BatchRun.iGen */
};

typedef struct BatchRun BatchRun;
/*
** The state of the batches of one scan, freed with the scan.
*/
struct BatchRun {
  /* The Mems first: at offset 0 of the allocation they are 8-byte
  ** aligned, as sqlite3VdbeIntValue() and the others assert, also where
  ** a pointer has 4 bytes and an i64 a 4-byte alignment (i386) */
  Mem aArg[BATCH_MAX_IN];       /* Arguments of an aggregate's step */
  Mem aKey[BATCH_MAX_IN];       /* A GROUP BY key */
  Mem mOut;                     /* An aggregate step's result (unused) */
  sqlite3 *db;
  int nStep;                    /* Steps of the program it was made for */
  ColumnCopyVal *aVec;          /* BATCH_ROWS values for each step */
  ColumnCopyVal **apVec;        /* The vector of each step's output */
  ColumnCopyVal *aConst;        /* The value of each input register */
  u8 *aFate;                    /* Per row: the step that dropped it */
  sqlite3_context **apCtx;      /* Per step: the context of an AGG */
  BatchCache aCache[BATCH_GROUP_CACHE];
  u32 iGen;                     /* The batch's generation of aCache[] */
  u8 bDrop;                     /* Some row of the batch was dropped */
  u16 aLive[BATCH_ROWS];        /* Rows no step dropped */
  int nNew;                     /* Entries of aNew[] */
  u16 aNew[BATCH_ROWS];         /* Rows of them that made their group */
  Mem *apNewAcc[BATCH_ROWS];    /* The accumulators of those groups */
  u16 aRunLen[BATCH_ROWS];      /* Live rows of each run (batchEffects()) */
  Mem *apRunAcc[BATCH_ROWS];    /* The accumulators of each run's group */
  u16 aAll[BATCH_ROWS];         /* 0, 1, 2 ...: the rows if none dropped */
};

/************************************************************************
** Compiling the body
*/

/*
** Return true if register iReg is an accumulator of the group.
*/
static int batchIsAcc(const BatchProg *p, int iReg){
  return p->regHash>0 && iReg>=p->iAccFirst && iReg<p->iAccFirst+p->nAcc;
}

/*
** Return the input of register iReg at step number nStep: the last step
** before that writes it, or -1-iReg.
*/
static int batchInput(const BatchProg *p, int iReg){
  int i;
  for(i=p->nStep-1; i>=0; i--){
    if( p->aStep[i].iOut==iReg ) return i;
  }
  return -1-iReg;
}

/*
** The aggregates the batch path runs: built-in, of at most one argument,
** whose steps are independent of other aggregates and of any state but
** their accumulator.
*/
static int batchAggOk(const FuncDef *pFunc, int nArg){
  static const char *const azAgg[] = {
    "count", "sum", "total", "avg", "min", "max"
  };
  int i;
  if( pFunc==0 || (pFunc->funcFlags & SQLITE_FUNC_BUILTIN)==0 ) return 0;
  if( pFunc->xSFunc==0 || pFunc->xFinalize==0 || nArg>1 ) return 0;
  for(i=0; i<(int)ArraySize(azAgg); i++){
    if( sqlite3StrICmp(pFunc->zName, azAgg[i])==0 ) return 1;
  }
  return 0;
}

/*
** The address jump target iTarget stands for: a label is resolved at the
** end of the code generation (resolveP2Values()), but its address is known
** as soon as it is placed.  -1 for a label not placed yet.
*/
static int batchTarget(Parse *pParse, int iTarget){
  int j;
  if( iTarget>=0 ) return iTarget;
  j = ADDR(iTarget);
  if( j<0 || j>=pParse->nLabelAlloc ) return -1;
  return pParse->aLabel[j];
}

static int batchConsumerRun(Vdbe*, VdbeCursor*, ColumnCopyConsumer*, void**,
                            const u16*, int, int*);
static void batchConsumerFree(void*);

/*
** Free batch program p, the P4 of an OP_ColumnCopyNext (freeP4()).
*/
static void batchProgFree(sqlite3 *db, ForkP4 *p){
  sqlite3DbFree(db, p);
}

/*
** Append batch program p to pStr as EXPLAIN shows the P4 of its
** OP_ColumnCopyNext, e.g. "batch, 5 steps, 2 key values".
*/
static void batchProgDisplay(const ForkP4 *pP4, sqlite3_str *pStr){
  const BatchProg *p = (const BatchProg*)pP4;
  sqlite3_str_appendf(pStr, "batch, %d step%s", p->nStep,
                      p->nStep==1 ? "" : "s");
  if( p->nKey>0 ){
    sqlite3_str_appendf(pStr, ", %d key value%s", p->nKey,
                        p->nKey==1 ? "" : "s");
  }
}

/*
** Make batch program p a consumer of a scan's vectors (column_copy.h).
*/
static void batchConsumerInit(BatchProg *p){
  p->base.base.xDisplay = batchProgDisplay;
  p->base.base.xFree = batchProgFree;
  p->base.xRun = batchConsumerRun;
  p->base.xFreeState = batchConsumerFree;
}

/*
** Translate the body of the loop over cursor iCur, the opcodes
** aOp[addrLoop..addrNext-1] (addrNext: its OP_ColumnCopyNext), into
** program p.  Return 1 if the batch path can run it, 0 if not: then it
** runs in the VDBE only.
**
** The body must be straight-line code of the opcodes below, whose
** effects on the state that outlives a row are: aggregate steps, the
** group of the row (OP_HashAggGroup, its sorter branch skipped), writes
** to the group's accumulators, and the registers it leaves.  Every jump
** goes to the loop's next row (a WHERE term), past the sorter branch, or
** is an OP_If on the group's "seen" flag over writes to accumulators; a
** comparison that jumps elsewhere (a range's end) makes its rows the
** VDBE's.  All WHERE terms come before the first effect.
*/
static int batchCompile(
  Parse *pParse,
  const VdbeOp *aOp,
  int iCur,
  int addrLoop,
  int addrNext,
  BatchProg *p
){
  int addr;
  int bEffect = 0;              /* An effect was seen */
  int addrEndIf = 0;            /* End of the OP_If's block, or 0 */
  int iCondIf = -1;             /* Its condition: the output of this step */
  u8 bWantIf = 0;               /* The rows it runs for have this value */
  int regHit = 0;               /* P1 of the OP_CollSeq before an AggStep */
  int nAgg = 0;
  int i, j;

  memset(p, 0, sizeof(*p));
  batchConsumerInit(p);
  p->iCur = iCur;
  p->iGroup = -1;
  for(addr=addrLoop; addr<addrNext; addr++){
    const VdbeOp *pOp = &aOp[addr];
    int iJump = batchTarget(pParse, pOp->p2);
    BatchStep *s;
    p->iStop = addr;
    if( addr==addrEndIf ){ addrEndIf = 0; iCondIf = -1; }
    if( pOp->opcode==OP_Noop || pOp->opcode==OP_Explain
     || pOp->opcode==OP_ReleaseReg
    ){
      continue;                 /* No effect on the rows */
    }
    if( pOp->opcode==OP_CollSeq ){
      /* Read by min() and max() through sqlite3GetFuncCollSeq(); its P1
      ** register, set to 0 here, is set to 1 by the aggregate's step when
      ** the row is not the new minimum or maximum */
      if( addr+1>=addrNext ) return 0;
      if( aOp[addr+1].opcode!=OP_AggStep && aOp[addr+1].opcode!=OP_AggStep1 ){
        return 0;
      }
      regHit = pOp->p1;
      continue;
    }
    if( p->nStep>=BATCH_MAX_STEP ) return 0;
    s = &p->aStep[p->nStep];
    memset(s, 0, sizeof(*s));
    s->opcode = pOp->opcode;
    s->iAddr = addr;
    s->iCond = iCondIf;
    s->bWant = bWantIf;
    switch( pOp->opcode ){
      case OP_ColumnCopyColumn:
        if( pOp->p1!=iCur ) return 0;
        s->eStep = BATCH_COLUMN;
        s->iVal = pOp->p2;
        s->iOut = pOp->p3;
        break;
      case OP_ColumnCopyRowid:
        if( pOp->p1!=iCur ) return 0;
        s->eStep = BATCH_ROWID;
        s->iOut = pOp->p2;
        break;
      case OP_Integer:
        s->eStep = BATCH_INTEGER;
        s->iVal = pOp->p1;
        s->iOut = pOp->p2;
        break;
      case OP_Copy: case OP_SCopy:
        /* A value of an outer loop or a parameter, or another register's */
        if( pOp->opcode==OP_Copy && pOp->p3!=0 ) return 0;
        s->eStep = BATCH_COPY;
        s->nIn = 1;
        s->aIn[0] = batchInput(p, pOp->p1);
        s->iOut = pOp->p2;
        break;
      case OP_RealAffinity:
        s->eStep = BATCH_REALAFF;
        s->nIn = 1;
        s->aIn[0] = batchInput(p, pOp->p1);
        s->iOut = pOp->p1;
        break;
      case OP_Add: case OP_Subtract: case OP_Multiply:
        s->eStep = BATCH_ARITH;
        s->nIn = 2;
        s->aIn[0] = batchInput(p, pOp->p1);
        s->aIn[1] = batchInput(p, pOp->p2);
        s->iOut = pOp->p3;
        break;
      case OP_Eq: case OP_Ne: case OP_Lt: case OP_Le: case OP_Gt: case OP_Ge:
        if( bEffect || addrEndIf ) return 0;
        if( iJump<0 || (iJump>addrLoop && iJump<addrNext) ) return 0;
        if( pOp->p4type!=P4_COLLSEQ && pOp->p4.pColl!=0 ) return 0;
        s->eStep = BATCH_CMP;
        s->bDrop = iJump==addrNext;
        s->p5 = pOp->p5;
        s->pColl = pOp->p4.pColl;
        /* Texts compared as bytes: under BINARY, and with no affinity that
        ** would make a number of a text */
        s->bBinary = (pOp->p5 & SQLITE_AFF_MASK)<SQLITE_AFF_NUMERIC
                  && (s->pColl==0
                      || sqlite3ForkCollTextMode(s->pColl)==FORK_TEXT_BINARY);
        s->nIn = 2;
        s->aIn[0] = batchInput(p, pOp->p1);
        s->aIn[1] = batchInput(p, pOp->p3);
        break;
      case OP_IsNull: case OP_NotNull:
        if( bEffect || addrEndIf ) return 0;
        if( iJump<0 || (iJump>addrLoop && iJump<addrNext) ) return 0;
        s->eStep = BATCH_NULLTEST;
        s->bDrop = iJump==addrNext;
        s->nIn = 1;
        s->aIn[0] = batchInput(p, pOp->p1);
        break;
      case OP_HashAggGroup: {
        /* The first effect.  The hash table's OP_HashAggOpen comes before
        ** the loop; the sorter branch ends with a jump to the next row. */
        const VdbeOp *pOpen = 0;
        if( bEffect || p->regHash || addrEndIf ) return 0;
        if( pOp->p4type!=P4_INT32 ) return 0;
        if( iJump<=addr+1 || iJump>=addrNext ) return 0;
        if( aOp[iJump-1].opcode!=OP_Goto
         || batchTarget(pParse, aOp[iJump-1].p2)!=addrNext
        ){
          return 0;
        }
        for(j=addrLoop-1; j>=0; j--){
          if( aOp[j].opcode==OP_HashAggOpen && aOp[j].p1==pOp->p1 ){
            pOpen = &aOp[j];
            break;
          }
        }
        if( pOpen==0 || pOpen->p4type!=P4_KEYINFO ) return 0;
        p->regHash = pOp->p1;
        p->iAccFirst = pOpen->p2;
        p->nAcc = pOpen->p3;
        p->nKey = pOpen->p4.pKeyInfo->nKeyField;
        if( p->nKey<1 || p->nKey>BATCH_MAX_IN ) return 0;
        s->eStep = BATCH_GROUP;
        s->nIn = p->nKey;
        for(j=0; j<p->nKey; j++) s->aIn[j] = batchInput(p, pOp->p3+j);
        s->iOut = pOp->p4.i;
        p->iGroup = p->nStep;
        bEffect = 1;
        addr = iJump-1;         /* Past the sorter branch */
        break;
      }
      case OP_AggStep: case OP_AggStep1: {
        FuncDef *pFunc;
        if( pOp->p1!=0 || addrEndIf ) return 0;
        if( pOp->p4type==P4_FUNCDEF ){
          pFunc = pOp->p4.pFunc;
        }else if( pOp->p4type==P4_FUNCCTX ){
          pFunc = pOp->p4.pCtx->pFunc;
        }else{
          return 0;
        }
        if( !batchAggOk(pFunc, pOp->p5) ) return 0;
        if( p->regHash && !batchIsAcc(p, pOp->p3) ) return 0;
        s->eStep = BATCH_AGG;
        s->pFunc = pFunc;
        s->eAggKind = (u8)sqlite3BatchAggKind(pFunc);
        s->iAcc = pOp->p3;
        s->iOut = s->regHit = regHit;
        regHit = 0;
        s->nIn = pOp->p5;
        for(j=0; j<s->nIn; j++) s->aIn[j] = batchInput(p, pOp->p2+j);
        bEffect = 1;
        nAgg++;
        break;
      }
      case OP_If: case OP_IfNot: {
        /* A block of writes run for some rows: those of a new group (on
        ** OP_HashAggGroup's flag), or those a min() or max() took (on
        ** OP_CollSeq's register) */
        int iCond = batchInput(p, pOp->p1);
        if( addrEndIf || iCond<0 ) return 0;
        if( p->aStep[iCond].eStep!=BATCH_GROUP
         && p->aStep[iCond].eStep!=BATCH_AGG
        ){
          return 0;
        }
        if( iJump<=addr+1 || iJump>addrNext ) return 0;
        addrEndIf = iJump;
        iCondIf = iCond;
        bWantIf = pOp->opcode==OP_IfNot;  /* OP_If skips the block on 1 */
        continue;
      }
      default:
        return 0;
    }
    if( s->iOut && batchIsAcc(p, s->iOut) ){
      if( p->iGroup<0 ) return 0;
      s->bStore = 1;
    }
    if( s->iCond<0 && s->eStep>=BATCH_COLUMN && s->eStep<=BATCH_COPY ){
      /* A value computed before (the same column read again, the same
      ** expression): this step only names it */
      for(j=0; j<p->nStep; j++){
        BatchStep *e = &p->aStep[j];
        if( e->eStep==s->eStep && e->opcode==s->opcode && e->iVal==s->iVal
         && e->iCond<0 && e->aIn[0]==s->aIn[0] && e->aIn[1]==s->aIn[1]
        ){
          s->eStep = BATCH_SAME;
          s->nIn = 1;
          s->aIn[0] = j;
          break;
        }
      }
    }
    if( s->iCond>=0 && s->eStep!=BATCH_COLUMN && s->eStep!=BATCH_ROWID
     && s->eStep!=BATCH_INTEGER && s->eStep!=BATCH_COPY
    ){
      return 0;                 /* Only values are written there */
    }
    p->nStep++;
  }
  p->iStop = nAgg ? BATCH_STOP_SHAPE : BATCH_STOP_NOAGG;
  if( nAgg==0 || (addrEndIf && addrEndIf!=addrNext) || regHit ) return 0;

  /* Inputs: no accumulator (the group's copy is not in the register); no
  ** register the body writes later (it would carry a value from the row
  ** before); an aggregate's accumulator is not otherwise written */
  for(i=0; i<p->nStep; i++){
    BatchStep *s = &p->aStep[i];
    for(j=0; j<s->nIn; j++){
      int iIn = s->aIn[j];
      if( iIn>=0 ){
        if( p->aStep[iIn].bStore || p->aStep[iIn].iCond>=0 ) return 0;
        continue;
      }
      if( batchIsAcc(p, -1-iIn) ) return 0;
      for(addr=0; addr<p->nStep; addr++){
        if( p->aStep[addr].iOut==-1-iIn ) return 0;
        if( p->aStep[addr].eStep==BATCH_AGG && p->aStep[addr].iAcc==-1-iIn ){
          return 0;
        }
      }
    }
    if( s->eStep==BATCH_AGG ){
      for(addr=0; addr<p->nStep; addr++){
        if( p->aStep[addr].iOut==s->iAcc ) return 0;
      }
    }
    if( p->iGroup>=0 && s->iCond==p->iGroup && s->bWant ) p->bGroupRead = 1;
    for(j=0; j<s->nIn; j++){
      if( p->iGroup>=0 && s->aIn[j]==p->iGroup ) p->bGroupRead = 1;
    }
  }
  return 1;
}

/*
** Append zWhat to the EXPLAIN QUERY PLAN line of the scan through a
** column copy whose loop starts at addrLoop, if the statement has one
** ("SCAN t USING COLUMN COPY ..." just before the loop).
*/
static void batchExplain(
  Parse *pParse,
  VdbeOp *aOp,
  int addrLoop,
  const char *zWhat
){
  sqlite3 *db = pParse->db;
  int addr;
  for(addr=addrLoop-1; addr>=0 && addr>=addrLoop-BATCH_EXPLAIN_BACK; addr--){
    VdbeOp *pOp = &aOp[addr];
    if( pOp->opcode==OP_Explain && pOp->p4type==P4_DYNAMIC
     && pOp->p4.z && strstr(pOp->p4.z, " USING COLUMN COPY")
    ){
      char *z = sqlite3MPrintf(db, "%s %s", pOp->p4.z, zWhat);
      if( z ){
        sqlite3DbFree(db, pOp->p4.z);
        pOp->p4.z = z;
      }
      break;
    }
  }
}

/*
** Called at the end of the code of a WHERE loop (where.c): if the loop is
** a single scan through a column copy whose body the batch path can run,
** hang the batch program on its OP_ColumnCopyNext.  EXPLAIN QUERY PLAN
** says of each scan through a column copy "IN BATCHES", or "ROW BY ROW"
** and why: the opcode of the body the batch path does not run, "no
** aggregate", "shape" (a register the body reads before it writes it, an
** OP_If block it does not end), "join" (an outer loop), "UTF-16".
*/
void sqlite3BatchWhereEnd(Parse *pParse, WhereInfo *pWInfo){
  sqlite3 *db = pParse->db;
  Vdbe *v = pParse->pVdbe;
  WhereLevel *pLevel;
  VdbeOp *aOp;
  BatchProg *pProg;
  int addrLoop, addrNext, nOp, i;
  if( v==0 || db->mallocFailed || !db->fork.batch.bOn ) return;
  /* A SELECT without FROM has a WHERE clause but no loop */
  testcase( pWInfo->nLevel==0 );
  if( pWInfo->nLevel<1 ) return;
  aOp = sqlite3VdbeGetOp(v, 0);
  for(i=0; i<pWInfo->nLevel-1; i++){
    /* Outer loops run row by row (the pipeline's joins are to come) */
    if( pWInfo->a[i].op==OP_ColumnCopyNext ){
      batchExplain(pParse, aOp, pWInfo->a[i].p2, "ROW BY ROW (join)");
    }
  }
  /* The innermost loop: an outer loop's values are constants for it */
  pLevel = &pWInfo->a[pWInfo->nLevel-1];
  if( pLevel->op!=OP_ColumnCopyNext ) return;
  addrLoop = pLevel->p2;
  if( ENC(db)!=SQLITE_UTF8 ){
    batchExplain(pParse, aOp, addrLoop, "ROW BY ROW (UTF-16)");
    return;
  }
  nOp = sqlite3VdbeCurrentAddr(v);
  for(addrNext=addrLoop; addrNext<nOp; addrNext++){
    if( aOp[addrNext].opcode==OP_ColumnCopyNext
     && aOp[addrNext].p1==pLevel->iTabCur && aOp[addrNext].p2==addrLoop
    ){
      break;
    }
  }
  if( NEVER(addrNext>=nOp) ) return;
  if( aOp[addrNext].p4type!=P4_NOTUSED ) return;
  pProg = sqlite3DbMallocZero(db, sizeof(BatchProg));
  if( pProg==0 ) return;
  if( !batchCompile(pParse, aOp, pLevel->iTabCur, addrLoop, addrNext, pProg) ){
#ifndef SQLITE_OMIT_EXPLAIN
    char *zWhy;
    if( pProg->iStop>=0 ){
      zWhy = sqlite3MPrintf(db, "ROW BY ROW (%s)",
                            sqlite3OpcodeName(aOp[pProg->iStop].opcode));
    }else{
      zWhy = sqlite3MPrintf(db, "ROW BY ROW (%s)",
          pProg->iStop==BATCH_STOP_NOAGG ? "no aggregate" : "shape");
    }
    if( zWhy ) batchExplain(pParse, aOp, addrLoop, zWhy);
    sqlite3DbFree(db, zWhy);
#endif
    sqlite3DbFree(db, pProg);
    return;
  }
  /* OP_ColumnCopyRewind runs the body over the first vectors (ccConsume())
  ** and reports no row when the batch took them all: its jump must then
  ** end this loop only, as OP_ColumnCopyNext's fall-through does.  The
  ** planner may have aimed it at an outer loop's break (an inner loop
  ** that depends on no outer one: an empty table empties the join), which
  ** would skip the outer loops' other rows after the first. */
  for(i=addrLoop-1; i>=0; i--){
    if( aOp[i].opcode==OP_ColumnCopyRewind && aOp[i].p1==pLevel->iTabCur ){
      break;
    }
  }
  if( NEVER(i<0) ){
    sqlite3DbFree(db, pProg);
    return;
  }
  assert( aOp[i].p2!=0 );
  aOp[i].p2 = addrNext+1;
  sqlite3VdbeChangeP4(v, addrNext, (char*)pProg, P4_FORK);
  batchExplain(pParse, aOp, addrLoop, "IN BATCHES");
}

/************************************************************************
** Running a batch
*/

/*
** Free the batch state p.
*/
static void batchRunFree(BatchRun *p){
  int i;
  if( p==0 ) return;
  for(i=0; i<BATCH_MAX_IN; i++){
    sqlite3VdbeMemRelease(&p->aArg[i]);
    sqlite3VdbeMemRelease(&p->aKey[i]);
  }
  sqlite3VdbeMemRelease(&p->mOut);
  if( p->apCtx ){
    for(i=0; i<p->nStep; i++) sqlite3_free(p->apCtx[i]);
    sqlite3_free(p->apCtx);
  }
  sqlite3_free(p->aVec);
  sqlite3_free(p->apVec);
  sqlite3_free(p->aConst);
  sqlite3_free(p->aFate);
  sqlite3_free(p);
}

/*
** Make the batch state for program pProg.  Return 0 if out of memory.
*/
static BatchRun *batchRunNew(sqlite3 *db, const BatchProg *pProg){
  BatchRun *p = sqlite3MallocZero(sizeof(BatchRun));
  int i, n = pProg->nStep;
  if( p==0 ) return 0;
  p->db = db;
  p->nStep = n;
  p->aVec = sqlite3Malloc(sizeof(ColumnCopyVal)*BATCH_ROWS*n);
  p->aConst = sqlite3Malloc(sizeof(ColumnCopyVal)*n*BATCH_MAX_IN);
  p->aFate = sqlite3Malloc(BATCH_ROWS);
  p->apCtx = sqlite3MallocZero(sizeof(sqlite3_context*)*n);
  p->apVec = sqlite3Malloc(sizeof(ColumnCopyVal*)*n);
  if( p->apVec ){
    for(i=0; i<n; i++){
      const BatchStep *s = &pProg->aStep[i];
      p->apVec[i] = s->eStep==BATCH_SAME ? p->apVec[s->aIn[0]]
                                         : &p->aVec[i*BATCH_ROWS];
    }
  }
  for(i=0; i<BATCH_MAX_IN; i++){
    sqlite3VdbeMemInit(&p->aArg[i], db, MEM_Null);
    sqlite3VdbeMemInit(&p->aKey[i], db, MEM_Null);
  }
  sqlite3VdbeMemInit(&p->mOut, db, MEM_Null);
  if( p->aVec==0 || p->aConst==0 || p->aFate==0
   || p->apCtx==0 || p->apVec==0
  ){
    batchRunFree(p);
    return 0;
  }
  for(i=0; i<BATCH_ROWS; i++) p->aAll[i] = (u16)i;
  for(i=0; i<n; i++){
    /* The vector of an integer constant is only ever read: filled once */
    if( pProg->aStep[i].eStep==BATCH_INTEGER ){
      ColumnCopyVal *aOut = &p->aVec[i*BATCH_ROWS];
      int j;
      for(j=0; j<BATCH_ROWS; j++){
        aOut[j].eType = SQLITE_INTEGER;
        aOut[j].u.i = pProg->aStep[i].iVal;
      }
    }
  }
  return p;
}

/*
** Set *pV to the value of register pMem.  Return 0, or 1 if the register
** holds more than one representation (a text with a number cached, a
** zero-filled blob, another encoding), which the batch path leaves to
** the VDBE.
*/
static int batchConst(const Mem *pMem, ColumnCopyVal *pV){
  switch( pMem->flags & (MEM_Null|MEM_Int|MEM_Real|MEM_IntReal
                         |MEM_Str|MEM_Blob|MEM_Zero) ){
    case MEM_Null:
      pV->eType = SQLITE_NULL;
      return 0;
    case MEM_Int:
      pV->eType = SQLITE_INTEGER;
      pV->u.i = pMem->u.i;
      return 0;
    case MEM_Real:
      pV->eType = SQLITE_FLOAT;
      pV->u.r = pMem->u.r;
      return 0;
    case MEM_Str:
      if( pMem->enc!=SQLITE_UTF8 ) return 1;
      pV->eType = SQLITE_TEXT;
      pV->u.z = (const u8*)pMem->z;
      pV->n = pMem->n;
      return 0;
    case MEM_Blob:
      pV->eType = SQLITE_BLOB;
      pV->u.z = (const u8*)pMem->z;
      pV->n = pMem->n;
      return 0;
  }
  return 1;
}

/*
** Make pMem an ephemeral copy of value pV, as an argument or a key.
*/
static void batchMem(Mem *pMem, const ColumnCopyVal *pV){
  if( VdbeMemDynamic(pMem) ) sqlite3VdbeMemSetNull(pMem);
  switch( pV->eType ){
    case SQLITE_INTEGER:
      pMem->u.i = pV->u.i;
      pMem->flags = MEM_Int;
      break;
    case SQLITE_FLOAT:
      pMem->u.r = pV->u.r;
      pMem->flags = MEM_Real;
      break;
    case SQLITE_NULL:
      pMem->flags = MEM_Null;
      break;
    default:
      pMem->z = (char*)pV->u.z;
      pMem->n = pV->n;
      pMem->enc = SQLITE_UTF8;
      pMem->flags = (pV->eType==SQLITE_TEXT ? MEM_Str : MEM_Blob)|MEM_Ephem;
      break;
  }
}

/*
** Write value pV to pMem, which keeps it (its own copy of a text or
** blob), as OP_Column writes a register.  Return SQLITE_OK or an error.
*/
static int batchStore(Mem *pMem, const ColumnCopyVal *pV){
  switch( pV->eType ){
    case SQLITE_INTEGER:
      sqlite3VdbeMemSetInt64(pMem, pV->u.i);
      return SQLITE_OK;
    case SQLITE_FLOAT:
      sqlite3VdbeMemSetDouble(pMem, pV->u.r);
      return SQLITE_OK;
    case SQLITE_NULL:
      sqlite3VdbeMemSetNull(pMem);
      return SQLITE_OK;
  }
  return sqlite3VdbeMemSetStr(pMem, (const char*)pV->u.z, pV->n,
                              pV->eType==SQLITE_TEXT ? SQLITE_UTF8 : 0,
                              SQLITE_TRANSIENT);
}

/*
** OP_Add, OP_Subtract and OP_Multiply on values a1 (P1) and a2 (P2), into
** *pOut, as vdbe.c computes them.  Return BATCH_ON, or BATCH_VDBE for a
** text or blob operand (its conversion to a number is the VDBE's).
*/
static int batchArith(
  u8 op,
  const ColumnCopyVal *a1,
  const ColumnCopyVal *a2,
  ColumnCopyVal *pOut
){
  double rA, rB;
  if( a1->eType==SQLITE_FLOAT && a2->eType==SQLITE_FLOAT ){
    /* The common case of analytical queries: two reals */
    rA = a1->u.r;
    rB = a2->u.r;
  }else if( a1->eType==SQLITE_INTEGER && a2->eType==SQLITE_INTEGER ){
    i64 iA = a1->u.i, iB = a2->u.i;
    int bOvfl;
    switch( op ){
      case OP_Add:      bOvfl = sqlite3AddInt64(&iB, iA); break;
      case OP_Subtract: bOvfl = sqlite3SubInt64(&iB, iA); break;
      default:          bOvfl = sqlite3MulInt64(&iB, iA); break;
    }
    if( !bOvfl ){
      pOut->eType = SQLITE_INTEGER;
      pOut->u.i = iB;
      return BATCH_ON;
    }
    /* An overflow: the operation on reals, as vdbe.c's fp_math */
    rA = (double)a1->u.i;
    rB = (double)a2->u.i;
  }else if( a1->eType==SQLITE_NULL || a2->eType==SQLITE_NULL ){
    pOut->eType = SQLITE_NULL;
    return BATCH_ON;
  }else if( a1->eType>SQLITE_FLOAT || a2->eType>SQLITE_FLOAT ){
    return BATCH_VDBE;
  }else{
    rA = a1->eType==SQLITE_INTEGER ? (double)a1->u.i : a1->u.r;
    rB = a2->eType==SQLITE_INTEGER ? (double)a2->u.i : a2->u.r;
  }
  switch( op ){
    case OP_Add:      rB += rA; break;
    case OP_Subtract: rB -= rA; break;
    default:          rB *= rA; break;
  }
  if( sqlite3IsNaN(rB) ){
    pOut->eType = SQLITE_NULL;
  }else{
    pOut->eType = SQLITE_FLOAT;
    pOut->u.r = rB;
  }
  return BATCH_ON;
}

/*
** The comparison of step s on values a1 (its P1) and a3 (its P3), as
** vdbe.c's OP_Eq ... OP_Ge make it: return 1 if the opcode jumps, 0 if
** it falls through, or -1 if the VDBE must decide (an affinity would
** change an operand, a NULL under SQLITE_NULLEQ).
*/
static int batchCmp(
  const BatchStep *s,
  const ColumnCopyVal *a1,
  const ColumnCopyVal *a3
){
  int res;
  u8 t1 = a1->eType, t3 = a3->eType;
  if( t1==SQLITE_NULL || t3==SQLITE_NULL ){
    if( s->p5 & SQLITE_NULLEQ ) return -1;
    return (s->p5 & SQLITE_JUMPIFNULL)!=0;
  }
  /* Two numbers, two blobs, two texts under BINARY: no affinity changes
  ** them, and the column copy's comparison is sqlite3MemCompare()'s */
  res = sqlite3ColumnCopyCompare(a3, a1, s->bBinary);
  if( res==COLUMN_COPY_CMP_UNKNOWN ){
    char aff = (char)(s->p5 & SQLITE_AFF_MASK);
    Mem m1, m3;
    if( t1==SQLITE_TEXT || t3==SQLITE_TEXT ){
      if( aff>=SQLITE_AFF_NUMERIC ) return -1;
      if( aff==SQLITE_AFF_TEXT
       && (t1==SQLITE_INTEGER || t1==SQLITE_FLOAT
           || t3==SQLITE_INTEGER || t3==SQLITE_FLOAT)
      ){
        return -1;
      }
    }
    memset(&m1, 0, sizeof(m1));
    memset(&m3, 0, sizeof(m3));
    batchMem(&m1, a1);
    batchMem(&m3, a3);
    res = sqlite3MemCompare(&m3, &m1, s->pColl);
  }
  switch( s->opcode ){
    case OP_Eq: return res==0;
    case OP_Ne: return res!=0;
    case OP_Lt: return res<0;
    case OP_Le: return res<=0;
    case OP_Gt: return res>0;
    default:    return res>=0;
  }
}

/*
** Run the steps of program pProg that compute values, for rows
** aRow[0..*pnRow-1] of the scan's vector: fill the steps' vectors and
** each row's fate (aFate[i]: the number of the step that dropped it, or
** pProg->nStep).  If nSpan is not 0, the batch is instead the nSpan
** consecutive rows from aRow[0] to aRow[*pnRow-1], those not in aRow[]
** dropped at once, and *pnRow becomes nSpan (no copy of the selected
** rows' values).  Lower *pnRow to the first row the VDBE must run the
** body for, if any.  Return SQLITE_OK or an error code.
*/
static int batchValues(
  BatchRun *pRun,
  BatchProg *pProg,
  VdbeCursor *pC,
  const u16 *aRow,
  int nSpan,
  int *pnRow
){
  int nRow = *pnRow;
  int iStep, i;
  if( nSpan ){
    /* Row i of the batch is row aRow[0]+i of the vector; those the scan
    ** did not select are dropped before the first step */
    memset(pRun->aFate, 0, nSpan);
    for(i=0; i<nRow; i++) pRun->aFate[aRow[i]-aRow[0]] = (u8)pProg->nStep;
    nRow = nSpan;
    pRun->bDrop = 1;
  }else{
    memset(pRun->aFate, pProg->nStep, nRow);
    pRun->bDrop = 0;
  }
  for(iStep=0; iStep<pProg->nStep && nRow>0; iStep++){
    const BatchStep *s = &pProg->aStep[iStep];
    ColumnCopyVal *aOut = &pRun->aVec[iStep*BATCH_ROWS];
    const ColumnCopyVal *aIn[2] = {0, 0};
    int bIn[2] = {0, 0};        /* aIn[k] is a vector */
    int k;
    for(k=0; k<s->nIn && k<2; k++){
      if( s->aIn[k]>=0 ){
        aIn[k] = pRun->apVec[s->aIn[k]];
        bIn[k] = 1;
      }else{
        aIn[k] = &pRun->aConst[iStep*BATCH_MAX_IN+k];
      }
    }
    if( s->eStep==BATCH_SAME ){
      pRun->apVec[iStep] = pRun->apVec[s->aIn[0]];
      continue;
    }
    pRun->apVec[iStep] = aOut;
#define BATCH_IN(K,I) (bIn[K] ? &aIn[K][I] : aIn[K])
#define BATCH_LIVE(I) (pRun->aFate[I]==pProg->nStep)
    switch( s->eStep ){
      case BATCH_COLUMN:
      case BATCH_ROWID: {
        const ColumnCopyVal *aV;
        int rc = sqlite3ColumnCopyVector(pC,
                     s->eStep==BATCH_ROWID ? -1 : (int)s->iVal, &aV);
        if( rc ) return rc;
        if( nSpan || aRow[nRow-1]-aRow[0]==nRow-1 ){
          /* Consecutive rows: the scan's vector itself */
          pRun->apVec[iStep] = (ColumnCopyVal*)&aV[aRow[0]];
        }else{
          for(i=0; i<nRow; i++) aOut[i] = aV[aRow[i]];
        }
        break;
      }
      case BATCH_INTEGER:
        /* Filled by batchRunNew() */
        assert( aOut[0].eType==SQLITE_INTEGER && aOut[0].u.i==s->iVal );
        assert( aOut[nRow-1].eType==SQLITE_INTEGER );
        break;
      case BATCH_COPY:
        for(i=0; i<nRow; i++) aOut[i] = *BATCH_IN(0,i);
        break;
      case BATCH_REALAFF: {
        const ColumnCopyVal *a = aIn[0];
        const int d = bIn[0];   /* Row i's input is a[i*d] */
        for(i=0; i<nRow; i++, a+=d){
          if( a->eType==SQLITE_INTEGER ){
            aOut[i].eType = SQLITE_FLOAT;
            aOut[i].u.r = (double)a->u.i;
          }else{
            aOut[i] = *a;
          }
        }
        break;
      }
      case BATCH_ARITH: {
        const u8 op = s->opcode;
        const u8 nLive = (u8)pProg->nStep;
        const u8 *aFate = pRun->aFate;
        const ColumnCopyVal *a1 = aIn[0], *a2 = aIn[1];
        const int d1 = bIn[0], d2 = bIn[1];  /* Row i's are a1[i*d1]... */
        for(i=0; i<nRow; i++, a1+=d1, a2+=d2){
          if( aFate[i]!=nLive ) continue;
          if( (a1->eType==SQLITE_FLOAT || a2->eType==SQLITE_FLOAT)
           && a1->eType<=SQLITE_FLOAT && a2->eType<=SQLITE_FLOAT
          ){
            /* Inline, the case of batchArith() that analytical queries
            ** meet: a real and a real or an integer */
            double rA = a1->eType==SQLITE_FLOAT ? a1->u.r : (double)a1->u.i;
            double rB = a2->eType==SQLITE_FLOAT ? a2->u.r : (double)a2->u.i;
            double r = op==OP_Add ? rB + rA
                     : op==OP_Subtract ? rB - rA : rB * rA;
            assert( SQLITE_INTEGER<SQLITE_FLOAT && SQLITE_NULL>SQLITE_FLOAT );
            if( !sqlite3IsNaN(r) ){
              aOut[i].eType = SQLITE_FLOAT;
              aOut[i].u.r = r;
              continue;
            }
          }
          if( batchArith(op, a1, a2, &aOut[i]) ){
            nRow = i;
            break;
          }
        }
        break;
      }
      case BATCH_CMP:
      case BATCH_NULLTEST:
        for(i=0; i<nRow; i++){
          int bJump;
          if( !BATCH_LIVE(i) ) continue;
          if( s->eStep==BATCH_CMP ){
            bJump = batchCmp(s, BATCH_IN(0,i), BATCH_IN(1,i));
          }else{
            bJump = (BATCH_IN(0,i)->eType==SQLITE_NULL)==(s->opcode==OP_IsNull);
          }
          if( bJump<0 || (bJump && !s->bDrop) ){
            nRow = i;           /* The VDBE decides, or leaves the loop */
            break;
          }
          if( bJump ){
            pRun->aFate[i] = (u8)iStep;
            pRun->bDrop = 1;
          }
        }
        break;
      default:
        /* SAME: the vector of another step; GROUP, AGG: effects, run by
        ** batchEffects() */
        break;
    }
#undef BATCH_IN
#undef BATCH_LIVE
  }
  *pnRow = nRow;
  return SQLITE_OK;
}

/*
** The context through which the batch path calls the step function of
** AGG step s, step iStep of the program (made at its first use, as
** OP_AggStep makes it), or 0 after an out-of-memory.
*/
static sqlite3_context *batchAggCtx(
  Vdbe *v,
  BatchRun *pRun,
  const BatchStep *s,
  int iStep
){
  sqlite3_context *pCtx = pRun->apCtx[iStep];
  if( pCtx==0 ){
    int k;
    pCtx = sqlite3MallocZero(SZ_CONTEXT(BATCH_MAX_IN));
    if( pCtx==0 ) return 0;
    pRun->apCtx[iStep] = pCtx;
    pCtx->pOut = &pRun->mOut;
    pCtx->pFunc = s->pFunc;
    pCtx->iOp = s->iAddr;
    pCtx->enc = SQLITE_UTF8;
    pCtx->argc = (u16)s->nIn;
    for(k=0; k<s->nIn; k++) pCtx->argv[k] = &pRun->aArg[k];
  }
  pCtx->pVdbe = v;
  return pCtx;
}

/*
** Call the step function of AGG step s through its context pCtx for one
** row, as OP_AggStep does, on accumulator pAcc, with the argument pV (0:
** none, or a constant already in the argument).  If pHit is not 0, set
** it to whether the function took the row (min() and max(): the
** skipFlag).  Return SQLITE_OK or the function's error.
*/
static int batchAggCall(
  Vdbe *v,
  BatchRun *pRun,
  const BatchStep *s,
  sqlite3_context *pCtx,
  Mem *pAcc,
  const ColumnCopyVal *pV,
  ColumnCopyVal *pHit
){
  Mem *pArg = &pRun->aArg[0];
  int rc = SQLITE_OK;
  if( pV ){
    if( pV->eType==SQLITE_FLOAT && !VdbeMemDynamic(pArg) ){
      pArg->u.r = pV->u.r;
      pArg->flags = MEM_Real;
    }else if( pV->eType==SQLITE_INTEGER && !VdbeMemDynamic(pArg) ){
      pArg->u.i = pV->u.i;
      pArg->flags = MEM_Int;
    }else{
      batchMem(pArg, pV);
    }
  }
  pAcc->n++;
  pCtx->pMem = pAcc;
  s->pFunc->xSFunc(pCtx, pCtx->argc, pCtx->argv);
  if( pHit ){
    pHit->eType = SQLITE_INTEGER;
    pHit->u.i = pCtx->skipFlag;
  }
  if( pCtx->isError ){
    /* As OP_AggStep: an error, or min() and max() skipping */
    if( pCtx->isError>0 ){
      sqlite3VdbeError(v, "%s", sqlite3_value_text(pCtx->pOut));
      rc = pCtx->isError;
    }
    pCtx->skipFlag = 0;
    sqlite3VdbeMemRelease(pCtx->pOut);
    pCtx->pOut->flags = MEM_Null;
    pCtx->isError = 0;
  }
  return rc;
}

/*
** True if the values *A and *B of vectors have the same representation:
** the same storage class and 64-bit value, and for a text or blob the same
** length (a text or blob at the same place in the chunk, which the value
** then locates).
*/
#define batchSameVal(A,B) \
  ((A)->eType==(B)->eType && (A)->u.i==(B)->u.i \
   && ((B)->eType<SQLITE_TEXT || (A)->n==(B)->n))

/*
** Return true if the group cache entry pE holds the key whose nIn values
** are *aKey[0..nIn-1], as the same representation (batchSameVal()).
*/
static int batchSameKey(
  const BatchCache *pE,
  const ColumnCopyVal **aKey,
  int nIn
){
  int k;
  if( nIn==1 ) return batchSameVal(&pE->aKey[0], aKey[0]);
  for(k=0; k<nIn; k++){
    if( !batchSameVal(&pE->aKey[k], aKey[k]) ) return 0;
  }
  return 1;
}

/*
** Run the effects of program pProg for the rows 0..*pnRow-1 of the batch
** that no step dropped, in the order of the steps: the GROUP (which may
** lower *pnRow to a row whose new group the hash table has no room for:
** the VDBE sends it to the sorter), the aggregates' steps and the writes
** to accumulators.  Return SQLITE_OK or an error code.
**
** The GROUP cuts the live rows into runs, consecutive rows of one group
** (pRun->aRunLen[], pRun->apRunAcc[]): the aggregates then step a group's
** accumulators for a run at a time, and count(*) adds a run's length.
** Without a GROUP BY, the live rows are one run.
*/
static int batchEffects(
  Vdbe *v,
  BatchRun *pRun,
  BatchProg *pProg,
  int *pnRow
){
  int nRow = *pnRow;
  const u8 nLive = (u8)pProg->nStep;
  int iStep, i, k, r, rc = SQLITE_OK;
  int iAccFirst = 0, nAcc = 0, iProbe;
  i64 nHit = 0;                 /* Rows whose group the cache gave */
  const u16 *aLive = pRun->aAll;  /* The rows no step dropped */
  int nLiveRow = nRow, j;
  int nNew = 0;                 /* Rows in pRun->aNew[] */
  int nRun = 0;                 /* Runs in pRun->aRunLen[] */
  u16 *aRunLen = pRun->aRunLen;
  Mem **apRunAcc = pRun->apRunAcc;

  /* The rows that run the effects */
  if( pRun->bDrop ){
    nLiveRow = 0;
    for(i=0; i<nRow; i++){
      if( pRun->aFate[i]==nLive ) pRun->aLive[nLiveRow++] = (u16)i;
    }
    aLive = pRun->aLive;
  }
#ifdef SQLITE_DEBUG
  else{
    for(i=0; i<nRow; i++) assert( pRun->aFate[i]==nLive );
  }
#endif
  if( pProg->iGroup>=0 ){
    const BatchStep *s = &pProg->aStep[pProg->iGroup];
    ColumnCopyVal *aOut = pRun->apVec[pProg->iGroup];
    const ColumnCopyVal *aKey[BATCH_MAX_IN];
    BatchCache *pPrev = 0;      /* The entry of the previous live row */
    const ColumnCopyVal *aKeyVec0 = s->aIn[0]>=0 ? pRun->apVec[s->aIn[0]] : 0;
    const int bOneVec = s->nIn==1 && aKeyVec0!=0;   /* A key of one vector */
    const int bOut = pProg->bGroupRead;  /* Set aOut[] of every row */
    u8 eType = 0;               /* pPrev's key, if bOneVec */
    i64 iVal = 0;
    int nVal = 0;
    sqlite3HashAggBatchBegin(v, pProg->regHash, &iAccFirst, &nAcc);
    if( NEVER(iAccFirst!=pProg->iAccFirst || nAcc!=pProg->nAcc) ){
      return SQLITE_CORRUPT_BKPT;
    }
    assert( (BATCH_GROUP_CACHE & (BATCH_GROUP_CACHE-1))==0 );
    assert( BATCH_GROUP_PROBE<=BATCH_GROUP_CACHE );
    /* The entries of earlier batches are free: their texts may be gone */
    if( ++pRun->iGen==0 ){
      memset(pRun->aCache, 0, sizeof(pRun->aCache));
      pRun->iGen = 1;
    }
    for(j=0; j<nLiveRow; j++){
      int bNew = 0;
      u64 h = 0;
      BatchCache *pE;
      Mem *pAcc = 0;
      if( bOneVec ){
        /* Rows of one group often come together: the rows from this one
        ** with the previous live row's key (the same representation)
        ** extend its run, without hashing */
        int j0 = j;
        const ColumnCopyVal *pK;
        if( pPrev ){
          if( eType<SQLITE_TEXT ){
            while( j<nLiveRow ){
              pK = &aKeyVec0[aLive[j]];
              if( pK->u.i!=iVal || pK->eType!=eType ) break;
              j++;
            }
          }else{
            while( j<nLiveRow ){
              pK = &aKeyVec0[aLive[j]];
              if( pK->u.i!=iVal || pK->eType!=eType || pK->n!=nVal ) break;
              j++;
            }
          }
          if( j>j0 ){
            assert( batchSameVal(&pPrev->aKey[0], &aKeyVec0[aLive[j-1]]) );
            aRunLen[nRun-1] += (u16)(j-j0);
            nHit += j-j0;
            for(k=j0; bOut && k<j; k++){
              aOut[aLive[k]].eType = SQLITE_INTEGER;
              aOut[aLive[k]].u.i = 1;
            }
            if( j==nLiveRow ) break;
          }
        }
        i = aLive[j];
        aKey[0] = &aKeyVec0[i];
      }else{
        i = aLive[j];
        for(k=0; k<s->nIn; k++){
          int iIn = s->aIn[k];
          aKey[k] = iIn>=0 ? &pRun->apVec[iIn][i]
                           : &pRun->aConst[pProg->iGroup*BATCH_MAX_IN+k];
        }
        if( pPrev && batchSameKey(pPrev, aKey, s->nIn) ){
          aRunLen[nRun-1]++;
          if( bOut ){
            aOut[i].eType = SQLITE_INTEGER;
            aOut[i].u.i = 1;
          }
          nHit++;
          continue;
        }
      }
      for(k=0; k<s->nIn; k++){
        h = (h ^ (u64)aKey[k]->u.i ^ aKey[k]->eType) * 0x9e3779b97f4a7c15ULL;
      }
      /* A key of the same representation as one met in this batch (a text
      ** at the same place in the chunk) is that group's.  It is in one of
      ** the BATCH_GROUP_PROBE entries from its hash, the first free one
      ** if it was stored; else it goes to the first free one, or to the
      ** first entry if none is free. */
      pE = 0;
      for(iProbe=0; iProbe<BATCH_GROUP_PROBE; iProbe++){
        BatchCache *pX = &pRun->aCache[((h>>32)+iProbe)
                                       & (BATCH_GROUP_CACHE-1)];
        if( pX->iGen!=pRun->iGen || batchSameKey(pX, aKey, s->nIn) ){
          pE = pX;
          break;
        }
      }
      if( pE && pE->iGen==pRun->iGen ){
        pAcc = pE->pAcc;
        nHit++;
      }else{
        if( pE==0 ) pE = &pRun->aCache[(h>>32) & (BATCH_GROUP_CACHE-1)];
        for(k=0; k<s->nIn; k++) batchMem(&pRun->aKey[k], aKey[k]);
        rc = sqlite3HashAggBatchGroup(v, pProg->regHash, pRun->aKey,
                                      &pAcc, &bNew);
        if( rc ) break;
        if( pAcc==0 ){
          nRow = i;             /* To the sorter, through the VDBE */
          nLiveRow = j;
          break;
        }
        pE->pAcc = pAcc;
        pE->iGen = pRun->iGen;
        for(k=0; k<s->nIn; k++) pE->aKey[k] = *aKey[k];
        if( bNew ){
          pRun->aNew[nNew] = (u16)i;
          pRun->apNewAcc[nNew] = pAcc;
          nNew++;
        }
      }
      /* A new run */
      pPrev = pE;
      eType = pE->aKey[0].eType;
      iVal = pE->aKey[0].u.i;
      nVal = pE->aKey[0].n;
      apRunAcc[nRun] = pAcc;
      aRunLen[nRun] = 1;
      nRun++;
      aOut[i].eType = SQLITE_INTEGER;
      aOut[i].u.i = !bNew;
    }
    if( !bOut && nLiveRow>0 && nRun>0 && aRunLen[nRun-1]>1 ){
      /* Only the last live row's is read (batchRegisters()) */
      i = aLive[nLiveRow-1];
      aOut[i].eType = SQLITE_INTEGER;
      aOut[i].u.i = 1;
    }
  }else if( nLiveRow>0 ){
    apRunAcc[0] = 0;
    aRunLen[0] = (u16)nLiveRow;
    nRun = 1;
  }
  for(iStep=pProg->iGroup+1; iStep<pProg->nStep && rc==SQLITE_OK; iStep++){
    const BatchStep *s = &pProg->aStep[iStep];
    if( s->eStep==BATCH_AGG ){
      sqlite3_context *pCtx;
      Mem *pAcc = &v->aMem[s->iAcc];
      int bAcc = pProg->regHash>0;
      int iOff = s->iAcc-iAccFirst;
      const ColumnCopyVal *aIn = 0;
      ColumnCopyVal *aHit = s->regHit ? pRun->apVec[iStep] : 0;
      const u8 eAggKind = s->eAggKind;   /* Locals: the loop stores through */
      const int nArg = s->nIn;           /* pointers the compiler cannot
                                         ** tell from s */
      const int nCtxByte = bAcc && eAggKind
                             ? sqlite3BatchAggContextSize(eAggKind) : 0;
      int jEnd;
      pCtx = batchAggCtx(v, pRun, s, iStep);
      if( pCtx==0 ){ rc = SQLITE_NOMEM_BKPT; break; }
      if( s->nIn>0 ){
        if( s->aIn[0]>=0 ){
          aIn = pRun->apVec[s->aIn[0]];
        }else{
          /* A constant: the argument, set once */
          batchMem(&pRun->aArg[0], &pRun->aConst[iStep*BATCH_MAX_IN]);
        }
      }
      for(r=0, j=0; r<nRun && rc==SQLITE_OK; r++, j=jEnd){
        jEnd = j + aRunLen[r];
        if( bAcc ) pAcc = apRunAcc[r] + iOff;
        if( nCtxByte && pAcc->flags==MEM_Null ){
          /* The group's first row for this aggregate: its context, made
          ** in the hash table's memory rather than on the heap */
          rc = sqlite3HashAggBatchContext(v, pProg->regHash, pAcc,
                                          s->pFunc, nCtxByte);
          if( rc ) break;
        }
        if( eAggKind==BATCH_AGG_COUNT && nArg==0
         && (pAcc->flags & MEM_Agg)!=0 && pAcc->z!=0
        ){
          /* count(*), the commonest aggregate: the run at once */
          assert( pAcc->u.pDef==s->pFunc );
          pAcc->n += jEnd - j;
          sqlite3BatchCountAdd(pAcc->z, jEnd - j);
          continue;
        }
        for(; j<jEnd && rc==SQLITE_OK; j++){
          i = aLive[j];
          if( eAggKind && (pAcc->flags & MEM_Agg)!=0 && pAcc->z!=0 ){
            /* The context exists (after an out-of-memory it may not, and
            ** the function then skips the row): sumStep() of a REAL or of
            ** an INTEGER while the sum is an exact integer, countStep()
            ** of a column value that is not NULL, without the call (a
            ** constant argument takes the call, below) */
            assert( pAcc->u.pDef==s->pFunc );
            if( eAggKind==BATCH_AGG_SUM ){
              if( aIn && aIn[i].eType==SQLITE_FLOAT ){
                pAcc->n++;
                sqlite3BatchSumReal(pAcc->z, aIn[i].u.r);
                continue;
              }
              if( aIn && aIn[i].eType==SQLITE_INTEGER
               && sqlite3BatchSumInt(pAcc->z, aIn[i].u.i)==0
              ){
                pAcc->n++;
                continue;
              }
            }else if( nArg==0 || (aIn && aIn[i].eType!=SQLITE_NULL) ){
              assert( eAggKind==BATCH_AGG_COUNT );
              pAcc->n++;
              sqlite3BatchCountAdd(pAcc->z, 1);
              continue;
            }
          }
          rc = batchAggCall(v, pRun, s, pCtx, pAcc, aIn ? &aIn[i] : 0,
                            aHit ? &aHit[i] : 0);
        }
      }
    }else if( s->bStore ){
      const ColumnCopyVal *aV = pRun->apVec[iStep];
      const ColumnCopyVal *aCond = s->iCond>=0 ? pRun->apVec[s->iCond] : 0;
      const int bWant = s->bWant;
      const int iOff = s->iOut-iAccFirst;
      if( s->iCond==pProg->iGroup && pProg->iGroup>=0 && !bWant ){
        /* Stored when the row's group is new (the GROUP's output is 0):
        ** the rows that made their groups, and no other */
        for(j=0; j<nNew && rc==SQLITE_OK; j++){
          i = pRun->aNew[j];
          assert( pRun->aFate[i]==nLive );
          assert( pRun->apVec[s->iCond][i].u.i==0 );
          rc = batchStore(&pRun->apNewAcc[j][iOff], &aV[i]);
        }
        continue;
      }
      assert( pProg->iGroup>=0 );
      for(r=0, j=0; r<nRun && rc==SQLITE_OK; r++){
        int jEnd = j + aRunLen[r];
        for(; j<jEnd; j++){
          i = aLive[j];
          assert( pRun->aFate[i]==nLive );
          if( aCond && (aCond[i].u.i!=0)!=bWant ) continue;
          rc = batchStore(&apRunAcc[r][iOff], &aV[i]);
          if( rc ) break;
        }
      }
    }
  }
  if( pProg->iGroup>=0 ) sqlite3HashAggBatchEnd(v, pProg->regHash, nHit);
  pRun->nNew = nNew;
  *pnRow = nRow;
  return rc;
}

/*
** Leave in each register the body writes (other than accumulators of
** groups) the value the VDBE would have left after running the body for
** rows 0..nRow-1 of the batch: that of the last row that ran a step that
** writes it, from the last such step it ran.
*/
static int batchRegisters(Vdbe *v, BatchRun *pRun, BatchProg *pProg,
                          int nRow){
  int iStep, i, j;
  for(iStep=pProg->nStep-1; iStep>=0; iStep--){
    const BatchStep *s = &pProg->aStep[iStep];
    int iLast = -1, iFrom = -1;
    if( s->iOut==0 || s->bStore ) continue;
    for(j=iStep+1; j<pProg->nStep; j++){
      if( pProg->aStep[j].iOut==s->iOut ) break;
    }
    if( j<pProg->nStep ) continue;      /* Done for the last writer */
    /* The last row that reached a step writing this register, and the
    ** last such step it reached */
    for(j=iStep; j>=0; j--){
      const BatchStep *w = &pProg->aStep[j];
      if( w->iOut!=s->iOut ) continue;
      if( w->iCond>=0 && w->iCond==pProg->iGroup && !w->bWant ){
        /* Run for the rows that made their groups (batchEffects()) */
        i = pRun->nNew>0 ? pRun->aNew[pRun->nNew-1] : -1;
        assert( i<nRow );
      }else{
        for(i=nRow-1; i>iLast; i--){
          if( pRun->aFate[i]>j
           && (w->iCond<0
               || (pRun->apVec[w->iCond][i].u.i!=0)==w->bWant)
          ){
            break;
          }
        }
      }
      if( i>iLast ){
        iLast = i;
        iFrom = j;
      }
    }
    if( iLast>=0 ){
      Mem *pReg = &v->aMem[s->iOut];
      int rc;
#ifdef SQLITE_DEBUG
      sqlite3VdbeMemAboutToChange(v, pReg);
#endif
      rc = batchStore(pReg, &pRun->apVec[iFrom][iLast]);
      if( rc ) return rc;
    }
  }
  return SQLITE_OK;
}

/*
** Run the loop body of program pProg (the P4 of the loop's
** OP_ColumnCopyNext) over rows aRow[0..nRow-1] of the current vector of
** the scan of pC (indexes into its column vectors), the first of them the
** scan's current row.  Set *pnTake to the number of rows taken, from the
** first: the VDBE runs the body for the next one (a value it must
** convert, a jump out of the loop, a group that goes to the sorter).
** *ppRun is the state of the scan's batches, made at the first call.
** Return SQLITE_OK or an error code.
*/
static int batchRun(
  Vdbe *v,
  VdbeCursor *pC,
  BatchProg *pProg,
  BatchRun **ppRun,
  const u16 *aRow,
  int nRow,
  int *pnTake
){
  BatchRun *pRun = *ppRun;
  int rc, i, k, nSpan, nSel;
  *pnTake = 0;
  assert( pProg->base.xRun==batchConsumerRun );
  if( pRun==0 ){
    pRun = *ppRun = batchRunNew(v->db, pProg);
    if( pRun==0 ) return SQLITE_NOMEM_BKPT;
  }
  assert( pRun->nStep==pProg->nStep );
  if( nRow>BATCH_ROWS ) nRow = BATCH_ROWS;

  /* The registers the body reads and does not write */
  for(i=0; i<pProg->nStep; i++){
    const BatchStep *s = &pProg->aStep[i];
    for(k=0; k<s->nIn; k++){
      if( s->aIn[k]<0
       && batchConst(&v->aMem[-1-s->aIn[k]], &pRun->aConst[i*BATCH_MAX_IN+k])
      ){
        return SQLITE_OK;       /* The VDBE runs this row */
      }
    }
  }

  /* Most rows of the span selected: run the span (see batchValues()) */
  assert( nRow>0 );
  nSpan = aRow[nRow-1]-aRow[0]+1;
  assert( nSpan>=nRow );
  if( nSpan==nRow || NEVER(nSpan>BATCH_ROWS) || nSpan>BATCH_SPAN_MAX*nRow ){
    nSpan = 0;
  }
  nSel = nRow;
  rc = batchValues(pRun, pProg, pC, aRow, nSpan, &nRow);
  if( rc==SQLITE_OK && nRow>0 ) rc = batchEffects(v, pRun, pProg, &nRow);
  if( rc==SQLITE_OK && nRow>0 ) rc = batchRegisters(v, pRun, pProg, nRow);
  if( nSpan ){
    /* The rows taken: those of aRow[] before the first one not taken */
    for(k=0; k<nSel && aRow[k]-aRow[0]<nRow; k++){}
    nRow = k;
  }
  for(k=0; k<BATCH_MAX_IN; k++){
    /* What the arguments and keys point to changes with the vector */
    if( VdbeMemDynamic(&pRun->aArg[k]) ) sqlite3VdbeMemSetNull(&pRun->aArg[k]);
    if( VdbeMemDynamic(&pRun->aKey[k]) ) sqlite3VdbeMemSetNull(&pRun->aKey[k]);
  }
  if( rc==SQLITE_OK ) *pnTake = nRow;
  return rc;
}

/*
** The xRun of a batch program as a consumer of a scan's vectors
** (ColumnCopyConsumer): batchRun() with the run-time state in *ppState.
*/
static int batchConsumerRun(
  Vdbe *v,
  VdbeCursor *pC,
  ColumnCopyConsumer *pCons,
  void **ppState,
  const u16 *aRow,
  int nRow,
  int *pnTake
){
  BatchRun *pRun = (BatchRun*)*ppState;
  int rc = batchRun(v, pC, (BatchProg*)pCons, &pRun, aRow, nRow, pnTake);
  *ppState = (void*)pRun;
  return rc;
}

/*
** The xFreeState of a batch program: free the run-time state p.
*/
static void batchConsumerFree(void *p){
  batchRunFree((BatchRun*)p);
}
