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
** The decoding cost of the chunk encodings planned for column copies
** (issue 33, doc/column-copy.md): plain 64-bit integers, frame-of-reference
** with bit-packing, run-length, and a dictionary for TEXT, each decoded
** and filtered a vector of 1,024 values at a time within chunks of 65,536
** values, and the cost of encoding a chunk.  Nothing here is in the
** library: this is the measurement the design's choices rest on.
**
** Build:   cc -O2 -o decode bench/column-copy/decode.c
**
** Usage:   decode [--chunks N] [--runs N] [--callgrind] [--only SUBSTR]
**
**   --chunks N     chunks of 65,536 values per column        (default 4)
**   --runs N       timed runs per kernel, after one warm-up  (default 11)
**   --callgrind    one untimed run per kernel, each followed by a call of
**                  cgMark(), for "valgrind --tool=callgrind
**                  --collect-atstart=no --toggle-collect=benchPass
**                  --toggle-collect=benchEncode --dump-after=cgMark":
**                  dump K then holds the instructions of kernel K alone
**   --only SUBSTR  run only the kernels whose label contains SUBSTR
**
** Output, one line per kernel, tab-separated:
**   kernel column width values ns_median ns_min ns_max bytes_per_value
**   selected
** where ns_* are nanoseconds per value (0 with --callgrind).
** bench/column-copy/run.py runs it both ways and joins the two.
**
** Every kernel is checked once against the plain values before it is
** measured (decoded values equal, selection vectors equal); a difference
** stops the program with exit status 1.
**
** The data: SSB lineorder-like columns from a fixed seed (xorshift64*):
** lo_quantity 1..50, lo_discount 0..10, lo_orderdate (yyyymmdd, any day of
** 1992..1998), lo_orderdate in a date-sorted load (runs of equal dates),
** lo_extendedprice (quantity times a part price in cents, up to about
** 10^7), lo_revenue, a nation name (25 values) and a customer name
** ('Customer#%09d' over 300,000 customers: SSB's c_name at SF 10; one row
** in 1,000 is customer 42).  Filters: lo_quantity < 25, lo_discount
** BETWEEN 1 AND 3 (the row path's query), lo_orderdate in 1993,
** lo_extendedprice BETWEEN 1000000 AND 2000000, lo_revenue < 1000000;
** on the sorted dates, the first to the third quartile; nation = 'FRANCE'
** and IN (the 5 nations of EUROPE); c_name = 'Customer#000000042' and IN
** (10 names, one of them no customer's).
*/
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
typedef unsigned short u16;

#define CHUNK_ROWS    65536             /* values per chunk */
#define VEC           1024              /* values per vector */
#define VEC_PER_CHUNK (CHUNK_ROWS/VEC)  /* 64 */

#ifdef __GNUC__
# define NOINLINE __attribute__((noinline))
# define ALWAYS_INLINE __inline__ __attribute__((always_inline))
#else
# define NOINLINE
# define ALWAYS_INLINE
#endif

/* Options */
static int nChunk = 4;
static int nRun = 11;
static int bCallgrind = 0;
static const char *zOnly = 0;

/*
** Stop with a message.
*/
static void fatal(const char *zMsg, const char *zArg){
  fprintf(stderr, "decode: %s%s%s\n", zMsg, zArg ? ": " : "", zArg ? zArg : "");
  exit(1);
}

/*
** Memory that is never NULL.
*/
static void *xmalloc(size_t n){
  void *p = malloc(n ? n : 1);
  if( p==0 ) fatal("out of memory", 0);
  return p;
}

/*
** The xorshift64* generator, the same as bench/common/benchlib.h's.
*/
static u64 rngState = 0x2545F4914F6CDD1DULL;
static u64 rngNext(void){
  u64 x = rngState;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rngState = x;
  return x * 2685821657736338717ULL;
}
/*
** A value below n.
*/
static u64 rngBelow(u64 n){ return (rngNext() >> 11) % n; }

/*
** The yyyymmdd integer of the day iDay days after 1992-01-01 (the
** civil-from-days algorithm of H. Hinnant).
*/
static i64 dateKey(int iDay){
  i64 z = 8035 + iDay + 719468;    /* 1992-01-01 is day 8035 of 1970 */
  i64 era = z / 146097;
  u32 doe = (u32)(z - era*146097);
  u32 yoe = (doe - doe/1460 + doe/36524 - doe/146096) / 365;
  i64 y = (i64)yoe + era*400;
  u32 doy = doe - (365*yoe + yoe/4 - yoe/100);
  u32 mp = (5*doy + 2)/153;
  u32 d = doy - (153*mp + 2)/5 + 1;
  u32 m = mp<10 ? mp+3 : mp-9;
  if( m<=2 ) y++;
  return y*10000 + m*100 + d;
}

/*
** Nanoseconds of the monotonic clock.
*/
static double nowNs(void){
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec*1e9 + (double)t.tv_nsec;
}

/*
** Called after every kernel under --callgrind, so that callgrind's
** --dump-after=cgMark writes the kernel's instructions to a file of its
** own.  The asm keeps gcc from dropping the call.
*/
static NOINLINE void cgMark(void){
#ifdef __GNUC__
  __asm__ __volatile__("" ::: "memory");
#endif
}

/*
** Bits needed for the unsigned value v (0 for 0, 64 at most).
*/
static int bitsFor(u64 v){
  int w = 0;
  while( w<64 && (v>>w)!=0 ) w++;
  return w;
}

/************************************************************************
** Frame-of-reference + bit-packing.
**
** A chunk is its minimum (the frame, "base"), a width w (0 to 64) and
** 1,024*w 64-bit words.  Vector v (values v*1024 .. v*1024+1023) is the
** 16*w words from word v*16*w; within it, each block of 64 values is w
** words holding value j of the block at bits j*w .. j*w+w-1 of the
** block's bit string, least significant bit first.  So a vector starts
** on a word, and a block's 64 values come out of w words with shifts
** whose amounts are constants once w is a constant.
*/
typedef struct ForChunk ForChunk;
struct ForChunk {
  i64 base;          /* the frame: the chunk's minimum */
  int w;             /* bits per value */
  u64 *aWord;        /* 1024*w words */
};

/*
** Pack 1,024 values a[] (each >= base and below base+2^w) into 16*w
** words.  Generic in w: this is the encoder.
*/
static void forPackVector(const i64 *a, i64 base, int w, u64 *aOut){
  int i;
  if( w==0 ) return;
  memset(aOut, 0, sizeof(u64)*16*w);
  for(i=0; i<VEC; i++){
    u64 v = (u64)a[i] - (u64)base;
    u64 *p = aOut + (i>>6)*w;
    int bit = (i&63)*w;
    int k = bit>>6, sh = bit&63;
    p[k] |= v<<sh;
    if( sh+w>64 ) p[k+1] |= v>>(64-sh);
  }
}

/*
** Encode one chunk (CHUNK_ROWS values from a[]) into p: frame, width,
** packing.  p->aWord must have room for 1024*64 words.
*/
static void forEncodeChunk(const i64 *a, ForChunk *p){
  i64 mn = a[0], mx = a[0];
  int i;
  for(i=1; i<CHUNK_ROWS; i++){
    if( a[i]<mn ) mn = a[i];
    if( a[i]>mx ) mx = a[i];
  }
  p->base = mn;
  p->w = bitsFor((u64)mx - (u64)mn);
  for(i=0; i<VEC_PER_CHUNK; i++){
    forPackVector(a + i*VEC, mn, p->w, p->aWord + i*16*p->w);
  }
}

/*
** Value j of a 64-value block p[] of width w, before the frame is added.
** With w and j constants (the block loops below are unrolled and w is a
** constant in each width's function) this is a load or two, one or two
** shifts and a mask.
*/
#define FOR_GET(p, w, j, mask, v) { \
  int bit_ = (j)*(w), k_ = bit_>>6, sh_ = bit_&63; \
  v = (p)[k_]>>sh_; \
  if( sh_+(w)>64 ) v |= (p)[k_+1]<<(64-sh_); \
  v &= mask; \
}
#define FOR_MASK(w) ((w)==64 ? ~(u64)0 : (((u64)1)<<((w)&63))-1)

/*
** Unpack the 1,024 values of a vector of width w, adding the frame.
*/
static ALWAYS_INLINE void unpackVec(const u64 *p, int w, i64 base, i64 *aOut){
  int b, j;
  u64 mask = FOR_MASK(w);
  for(b=0; b<16; b++){
    const u64 *q = p + b*w;
    i64 *o = aOut + b*64;
#ifdef __GNUC__
#pragma GCC unroll 64
#endif
    for(j=0; j<64; j++){
      u64 v;
      FOR_GET(q, w, j, mask, v);
      o[j] = base + (i64)v;
    }
  }
}

/*
** Filter a vector of width w on the packed form: a value v (frame not
** added) passes if lo <= v <= lo+range, the bounds already moved into
** the frame.  Writes the passing positions to aSel, returns their count.
*/
static ALWAYS_INLINE int filterVec(
  const u64 *p, int w, u64 lo, u64 range, u16 *aSel
){
  int b, j, n = 0;
  u64 mask = FOR_MASK(w);
  for(b=0; b<16; b++){
    const u64 *q = p + b*w;
#ifdef __GNUC__
#pragma GCC unroll 64
#endif
    for(j=0; j<64; j++){
      u64 v;
      FOR_GET(q, w, j, mask, v);
      aSel[n] = (u16)(b*64 + j);
      n += (v - lo)<=range;
    }
  }
  return n;
}

/*
** The same for a set of codes: v passes if bit v of aSet is set.
*/
static ALWAYS_INLINE int inSetVec(
  const u64 *p, int w, const u64 *aSet, u16 *aSel
){
  int b, j, n = 0;
  u64 mask = FOR_MASK(w);
  for(b=0; b<16; b++){
    const u64 *q = p + b*w;
#ifdef __GNUC__
#pragma GCC unroll 64
#endif
    for(j=0; j<64; j++){
      u64 v;
      FOR_GET(q, w, j, mask, v);
      aSel[n] = (u16)(b*64 + j);
      n += (int)((aSet[v>>6] >> (v&63)) & 1);
    }
  }
  return n;
}

/*
** Filter a vector of width w on the packed form into a bitmap: bit j of
** aBits[b] is set if value b*64+j passes.  Two predicates then combine
** with an AND of 16 words, and a selection vector is made once, from
** the bits of the rows that pass both.
*/
static ALWAYS_INLINE void filterBitsVec(
  const u64 *p, int w, u64 lo, u64 range, u64 *aBits
){
  int b, j;
  u64 mask = FOR_MASK(w);
  for(b=0; b<16; b++){
    const u64 *q = p + b*w;
    u64 m = 0;
#ifdef __GNUC__
#pragma GCC unroll 64
#endif
    for(j=0; j<64; j++){
      u64 v;
      FOR_GET(q, w, j, mask, v);
      m |= (u64)((v - lo)<=range) << j;
    }
    aBits[b] = m;
  }
}

/* One function per width, so that w is a constant in each. */
#define WIDTHS16(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) \
  X(11) X(12) X(13) X(14) X(15) X(16)
#define WIDTHS(X) WIDTHS16(X) X(17) X(18) X(19) X(20) X(21) X(22) X(23) \
  X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) X(33) X(34) X(35) \
  X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47) \
  X(48) X(49) X(50) X(51) X(52) X(53) X(54) X(55) X(56) X(57) X(58) X(59) \
  X(60) X(61) X(62) X(63) X(64)

#define DEF_UNPACK(W) \
static void forUnpack##W(const u64 *p, i64 base, i64 *aOut){ \
  unpackVec(p, W, base, aOut); \
}
#define DEF_FILTER(W) \
static int forFilter##W(const u64 *p, u64 lo, u64 range, u16 *aSel){ \
  return filterVec(p, W, lo, range, aSel); \
}
#define DEF_INSET(W) \
static int forInSet##W(const u64 *p, const u64 *aSet, u16 *aSel){ \
  return inSetVec(p, W, aSet, aSel); \
}
#define DEF_FBITS(W) \
static void forFilterBits##W(const u64 *p, u64 lo, u64 range, u64 *aBits){ \
  filterBitsVec(p, W, lo, range, aBits); \
}
WIDTHS(DEF_UNPACK)
WIDTHS(DEF_FILTER)
WIDTHS(DEF_FBITS)
WIDTHS16(DEF_INSET)

/* Width 0: every value is the frame. */
static void forUnpack0(const u64 *p, i64 base, i64 *aOut){
  int i;
  (void)p;
  for(i=0; i<VEC; i++) aOut[i] = base;
}
static int forFilter0(const u64 *p, u64 lo, u64 range, u16 *aSel){
  int i;
  (void)p;
  if( (0 - lo)>range ) return 0;
  for(i=0; i<VEC; i++) aSel[i] = (u16)i;
  return VEC;
}

static void forFilterBits0(const u64 *p, u64 lo, u64 range, u64 *aBits){
  int b;
  u64 m = (0 - lo)<=range ? ~(u64)0 : 0;
  (void)p;
  for(b=0; b<16; b++) aBits[b] = m;
}

typedef void (*UnpackFn)(const u64*, i64, i64*);
typedef void (*FilterBitsFn)(const u64*, u64, u64, u64*);
typedef int (*FilterFn)(const u64*, u64, u64, u16*);
typedef int (*InSetFn)(const u64*, const u64*, u16*);
#define REF_FN(P, W) P##W,
#define REF_UNPACK(W) REF_FN(forUnpack, W)
#define REF_FILTER(W) REF_FN(forFilter, W)
#define REF_INSET(W) REF_FN(forInSet, W)
#define REF_FBITS(W) REF_FN(forFilterBits, W)
static const UnpackFn aUnpack[65] = { forUnpack0, WIDTHS(REF_UNPACK) };
static const FilterFn aFilter[65] = { forFilter0, WIDTHS(REF_FILTER) };
static const InSetFn aInSet[17] = { 0, WIDTHS16(REF_INSET) };
static const FilterBitsFn aFilterBits[65] = {
  forFilterBits0, WIDTHS(REF_FBITS)
};

/*
** Bits set in x.
*/
static int popCount(u64 x){
  x = x - ((x>>1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x>>2) & 0x3333333333333333ULL);
  x = (x + (x>>4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (int)((x * 0x0101010101010101ULL) >> 56);
}

/*
** Unpack a vector with w known only at run time: the same code without
** the specialization, to show what it buys.
*/
static NOINLINE void forUnpackGeneric(const u64 *p, int w, i64 base, i64 *aOut){
  int b, j;
  u64 mask = FOR_MASK(w);
  for(b=0; b<16; b++){
    const u64 *q = p + b*w;
    i64 *o = aOut + b*64;
    for(j=0; j<64; j++){
      u64 v;
      FOR_GET(q, w, j, mask, v);
      o[j] = base + (i64)v;
    }
  }
}

/*
** The vector of chunk c's vector v.
*/
static const u64 *forVecWords(const ForChunk *p, int v){
  return p->aWord + (size_t)v*16*p->w;
}

/*
** Move the predicate lo <= x <= hi into chunk p's frame: on return
** *pLo and *pRange describe the packed values that pass.  Returns 0 if
** no value of the chunk can pass (the zone map's answer).
*/
static int forBounds(const ForChunk *p, i64 lo, i64 hi, u64 *pLo, u64 *pRange){
  u64 maxv = FOR_MASK(p->w);
  u64 a, b;
  if( hi<p->base ) return 0;
  a = lo<=p->base ? 0 : (u64)lo - (u64)p->base;
  b = (u64)hi - (u64)p->base;
  if( b>maxv ) b = maxv;
  if( a>b ) return 0;
  *pLo = a;
  *pRange = b - a;
  return 1;
}

/************************************************************************
** Run-length: per chunk, runs of equal values, each its value and the
** position after its last value.
*/
typedef struct RleChunk RleChunk;
struct RleChunk {
  int nRun;
  i64 *aVal;
  u32 *aEnd;
};

/*
** Encode a chunk. p->aVal and p->aEnd need room for CHUNK_ROWS runs.
*/
static void rleEncodeChunk(const i64 *a, RleChunk *p){
  int i, n = 0;
  i64 cur = a[0];
  for(i=1; i<CHUNK_ROWS; i++){
    if( a[i]!=cur ){
      p->aVal[n] = cur;
      p->aEnd[n] = (u32)i;
      n++;
      cur = a[i];
    }
  }
  p->aVal[n] = cur;
  p->aEnd[n] = CHUNK_ROWS;
  p->nRun = n+1;
}

/*
** Bytes of a run-length chunk with its values frame-of-reference packed
** and its run lengths bit-packed (the size the encoding would store).
*/
static double rleBytes(const RleChunk *p){
  i64 mn = p->aVal[0], mx = p->aVal[0];
  u32 maxLen = 0, prev = 0;
  int i;
  for(i=0; i<p->nRun; i++){
    if( p->aVal[i]<mn ) mn = p->aVal[i];
    if( p->aVal[i]>mx ) mx = p->aVal[i];
    if( p->aEnd[i]-prev>maxLen ) maxLen = p->aEnd[i]-prev;
    prev = p->aEnd[i];
  }
  return 16.0 + p->nRun*(double)(bitsFor((u64)mx-(u64)mn)
                                 + bitsFor(maxLen))/8.0;
}

/*
** Decode vector v of p into aOut, starting at run *piRun (the caller
** keeps the cursor from one vector to the next); returns nothing.
*/
static void rleDecodeVec(const RleChunk *p, int v, int *piRun, i64 *aOut){
  u32 i = (u32)v*VEC, iEnd = i + VEC;
  int r = *piRun;
  i64 *o = aOut - i;
  while( i<iEnd ){
    u32 e = p->aEnd[r];
    i64 x = p->aVal[r];
    if( e>iEnd ) e = iEnd;
    for(; i<e; i++) o[i] = x;
    if( i==p->aEnd[r] ) r++;
  }
  *piRun = r;
}

/*
** Filter vector v of p: the predicate is decided once per run.
*/
static int rleFilterVec(
  const RleChunk *p, int v, int *piRun, i64 lo, u64 range, u16 *aSel
){
  u32 i = (u32)v*VEC, iEnd = i + VEC, i0 = i;
  int r = *piRun, n = 0;
  while( i<iEnd ){
    u32 e = p->aEnd[r];
    if( e>iEnd ) e = iEnd;
    if( (u64)p->aVal[r] - (u64)lo <= range ){
      for(; i<e; i++) aSel[n++] = (u16)(i - i0);
    }else{
      i = e;
    }
    if( i==p->aEnd[r] ) r++;
  }
  *piRun = r;
  return n;
}

/************************************************************************
** TEXT.  Plain: the lengths frame-of-reference packed (a ForChunk), the
** bytes one after the other, and the offset of each vector's first byte.
** Dictionary: the distinct values of the chunk in sorted order (memcmp,
** then length: BINARY collation), their offsets, and the codes packed
** with width bitsFor(nDict-1).
*/
typedef struct TextCol TextCol;
struct TextCol {
  const char *zName;
  const char **azVal;   /* one per row */
  int *anVal;           /* lengths */
};

typedef struct PlainText PlainText;
struct PlainText {
  ForChunk len;         /* lengths */
  char *z;              /* bytes */
  size_t nByte;
  size_t aVecOff[VEC_PER_CHUNK];
};

typedef struct DictText DictText;
struct DictText {
  int nDict;
  u32 *aOff;            /* nDict+1 offsets into z */
  char *z;
  ForChunk code;        /* base 0 */
};

/* Scratch space of the dictionary encoder */
typedef struct DictScratch DictScratch;
struct DictScratch {
  u32 *aSlot;           /* hash table: 0 or 1+index of a distinct value */
  u32 nSlot;            /* power of two */
  u32 *aFirst;          /* row of each distinct value's first occurrence */
  u32 *aCode;           /* code per row, first-seen numbering */
  u32 *aSort;           /* distinct values in sorted order */
  u32 *aRemap;          /* first-seen number -> sorted code */
  i64 *aTmp;            /* codes as i64 for the packer */
};

/*
** Compare two strings as the BINARY collation does.
*/
static int textCmp(const char *a, int na, const char *b, int nb){
  int c = memcmp(a, b, na<nb ? na : nb);
  return c ? c : na - nb;
}

/* The rows being sorted by dictEncodeChunk's qsort (not thread-safe) */
static const char **sortAz;
static const int *sortAn;
/*
** qsort() comparison of two rows' values (sortAz, sortAn).
*/
static int dictSortCmp(const void *pA, const void *pB){
  u32 a = *(const u32*)pA, b = *(const u32*)pB;
  return textCmp(sortAz[a], sortAn[a], sortAz[b], sortAn[b]);
}

/*
** FNV-1a hash of a string.
*/
static u32 strHash(const char *z, int n){
  u32 h = 2166136261u;
  int i;
  for(i=0; i<n; i++){ h ^= (unsigned char)z[i]; h *= 16777619u; }
  return h;
}

/*
** Encode rows [iRow0, iRow0+CHUNK_ROWS) of t as a dictionary in p.  If
** bSort is 0 the dictionary keeps first-seen order (cheaper to build,
** but then translating a constant is a linear search and ranges cannot
** be done on codes).  p's buffers are preallocated.
*/
static void dictEncodeChunk(
  const TextCol *t, int iRow0, DictText *p, DictScratch *s, int bSort
){
  const char **az = t->azVal + iRow0;
  const int *an = t->anVal + iRow0;
  u32 mask = s->nSlot - 1;
  int i, nDict = 0;
  size_t nByte = 0;
  memset(s->aSlot, 0, sizeof(u32)*s->nSlot);
  for(i=0; i<CHUNK_ROWS; i++){
    u32 h = strHash(az[i], an[i]) & mask;
    for(;;){
      u32 e = s->aSlot[h];
      if( e==0 ){
        s->aFirst[nDict] = (u32)i;
        s->aSlot[h] = (u32)++nDict;
        s->aCode[i] = (u32)(nDict-1);
        break;
      }
      if( an[s->aFirst[e-1]]==an[i]
       && memcmp(az[s->aFirst[e-1]], az[i], an[i])==0 ){
        s->aCode[i] = e-1;
        break;
      }
      h = (h+1) & mask;
    }
  }
  for(i=0; i<nDict; i++) s->aSort[i] = s->aFirst[i];
  if( bSort ){
    sortAz = az;
    sortAn = an;
    qsort(s->aSort, nDict, sizeof(u32), dictSortCmp);
    for(i=0; i<nDict; i++) s->aRemap[s->aCode[s->aSort[i]]] = (u32)i;
  }else{
    for(i=0; i<nDict; i++) s->aRemap[i] = (u32)i;
  }
  for(i=0; i<nDict; i++){
    u32 r = s->aSort[i];
    p->aOff[i] = (u32)nByte;
    memcpy(p->z + nByte, az[r], an[r]);
    nByte += an[r];
  }
  p->aOff[nDict] = (u32)nByte;
  p->nDict = nDict;
  for(i=0; i<CHUNK_ROWS; i++) s->aTmp[i] = s->aRemap[s->aCode[i]];
  p->code.base = 0;
  p->code.w = bitsFor((u64)(nDict-1));
  for(i=0; i<VEC_PER_CHUNK; i++){
    forPackVector(s->aTmp + i*VEC, 0, p->code.w,
                  p->code.aWord + i*16*p->code.w);
  }
}

/*
** Encode rows [iRow0, iRow0+CHUNK_ROWS) of t as plain text in p, with
** aTmp (CHUNK_ROWS i64) as scratch space.
*/
static void plainTextEncodeChunk(
  const TextCol *t, int iRow0, PlainText *p, i64 *aTmp
){
  const char **az = t->azVal + iRow0;
  const int *an = t->anVal + iRow0;
  size_t n = 0;
  int i;
  for(i=0; i<CHUNK_ROWS; i++){
    if( (i&(VEC-1))==0 ) p->aVecOff[i/VEC] = n;
    memcpy(p->z + n, az[i], an[i]);
    n += an[i];
    aTmp[i] = an[i];
  }
  p->nByte = n;
  forEncodeChunk(aTmp, &p->len);
}

/*
** The code of the constant (z,n) in a sorted dictionary, or -1.
*/
static int dictFind(const DictText *p, const char *z, int n){
  int lo = 0, hi = p->nDict-1;
  while( lo<=hi ){
    int mid = (lo+hi)/2;
    int c = textCmp(p->z + p->aOff[mid], (int)(p->aOff[mid+1]-p->aOff[mid]),
                    z, n);
    if( c==0 ) return mid;
    if( c<0 ) lo = mid+1; else hi = mid-1;
  }
  return -1;
}

/************************************************************************
** The data.
*/
typedef struct IntCol IntCol;
struct IntCol {
  const char *zName;
  i64 *a;
  i64 lo, hi;          /* the filter lo <= x <= hi */
  const char *zPred;   /* the filter as SQL */
};

static const char *azNation[25] = {
  "ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT", "ETHIOPIA", "FRANCE",
  "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN", "KENYA",
  "MOROCCO", "MOZAMBIQUE", "PERU", "CHINA", "ROMANIA", "SAUDI ARABIA",
  "VIETNAM", "RUSSIA", "UNITED KINGDOM", "UNITED STATES"
};
/* The IN lists: the nations of EUROPE; ten customer names */
static const char *azEurope[5] = {   /* azEurope[0]: the "=" constant */
  "FRANCE", "GERMANY", "ROMANIA", "RUSSIA", "UNITED KINGDOM"
};
static const char *azCustIn[10] = {
  "Customer#000000042", "Customer#000001000", "Customer#000012345",
  "Customer#000050000", "Customer#000099999", "Customer#000123456",
  "Customer#000200000", "Customer#000250001", "Customer#000299999",
  "Customer#000300001"   /* not a customer: absent from every chunk */
};
#define N_CUSTOMER 300000

static int nRow;
static IntCol colQty, colDisc, colDate, colPrice, colRev;
static IntCol colDateSorted[3];     /* mean run lengths 2,495, 25, 4 */
static TextCol colNation, colCust;
static char *zCustBytes;

/*
** Fill a date-sorted orderdate column whose runs have lengths drawn
** uniformly from 1 .. 2*meanRun-1, dates advancing one day per run from
** 1992-01-01 (past 1998 where the runs are short: a column of shorter
** runs, not SSB's calendar).
*/
static void makeSortedDates(IntCol *p, int meanRun, const char *zName){
  int i = 0, iDay = 0;
  p->zName = zName;
  p->a = (i64*)xmalloc(sizeof(i64)*nRow);
  while( i<nRow ){
    int len = 1 + (int)rngBelow(2*(u64)meanRun - 1);
    i64 d = dateKey(iDay);
    while( len-- > 0 && i<nRow ) p->a[i++] = d;
    iDay++;
  }
  /* a range from the first to the third quartile of the rows: on a
  ** sorted column most chunks pass whole or fail whole */
  p->lo = p->a[nRow/4];
  p->hi = p->a[nRow/4*3];
  p->zPred = "lo_orderdate BETWEEN (first quartile) AND (third quartile)";
}

/*
** Generate every column.
*/
static void makeData(void){
  int i;
  nRow = nChunk*CHUNK_ROWS;
  colQty.zName = "lo_quantity";
  colDisc.zName = "lo_discount";
  colDate.zName = "lo_orderdate";
  colPrice.zName = "lo_extendedprice";
  colRev.zName = "lo_revenue";
  colQty.a = (i64*)xmalloc(sizeof(i64)*nRow);
  colDisc.a = (i64*)xmalloc(sizeof(i64)*nRow);
  colDate.a = (i64*)xmalloc(sizeof(i64)*nRow);
  colPrice.a = (i64*)xmalloc(sizeof(i64)*nRow);
  colRev.a = (i64*)xmalloc(sizeof(i64)*nRow);
  colNation.zName = "nation";
  colNation.azVal = (const char**)xmalloc(sizeof(char*)*nRow);
  colNation.anVal = (int*)xmalloc(sizeof(int)*nRow);
  colCust.zName = "c_name";
  colCust.azVal = (const char**)xmalloc(sizeof(char*)*nRow);
  colCust.anVal = (int*)xmalloc(sizeof(int)*nRow);
  zCustBytes = (char*)xmalloc((size_t)19*nRow);
  for(i=0; i<nRow; i++){
    i64 pk = 1 + (i64)rngBelow(200000);
    i64 price = 90000 + (pk/10)%20001 + 100*(pk%1000);     /* cents */
    int nat = (int)rngBelow(25);
    colQty.a[i] = 1 + (i64)rngBelow(50);
    colDisc.a[i] = (i64)rngBelow(11);
    colDate.a[i] = dateKey((int)rngBelow(2557));
    colPrice.a[i] = colQty.a[i]*price;
    colRev.a[i] = colPrice.a[i]*(100 - colDisc.a[i])/100;
    colNation.azVal[i] = azNation[nat];
    colNation.anVal[i] = (int)strlen(azNation[nat]);
    /* one customer in a thousand rows is customer 42, so that the
    ** filter "= 'Customer#000000042'" finds its constant in every chunk */
    sprintf(zCustBytes + (size_t)19*i, "Customer#%09d",
            i%1000==7 ? 42 : 1 + (int)rngBelow(N_CUSTOMER));
    colCust.azVal[i] = zCustBytes + (size_t)19*i;
    colCust.anVal[i] = 18;
  }
  colQty.lo = 1;  colQty.hi = 24;  colQty.zPred = "lo_quantity < 25";
  colDisc.lo = 1; colDisc.hi = 3;
  colDisc.zPred = "lo_discount BETWEEN 1 AND 3";
  colDate.lo = 19930101; colDate.hi = 19931231;
  colDate.zPred = "lo_orderdate BETWEEN 19930101 AND 19931231";
  colPrice.lo = 1000000; colPrice.hi = 2000000;
  colPrice.zPred = "lo_extendedprice BETWEEN 1000000 AND 2000000";
  colRev.lo = 0; colRev.hi = 999999; colRev.zPred = "lo_revenue < 1000000";
  makeSortedDates(&colDateSorted[0], 2495, "lo_orderdate sorted, runs ~2495");
  makeSortedDates(&colDateSorted[1], 25, "lo_orderdate sorted, runs ~25");
  makeSortedDates(&colDateSorted[2], 4, "lo_orderdate sorted, runs ~4");
}

/************************************************************************
** Kernels.  A kernel decodes or filters one vector; benchPass() runs it
** over every vector of every chunk, with a per-chunk step first where
** the kernel has one (translating constants to codes).
*/
typedef struct Kernel Kernel;
struct Kernel {
  const char *zKernel;        /* what it does */
  const char *zCol;           /* on which column */
  int w;                      /* bits per value, -1 if not bit-packed */
  double bytesPerValue;
  int (*xVec)(Kernel*, int iChunk, int iVec);
  void (*xChunk)(Kernel*, int iChunk);
  /* the encoded column: one of these */
  i64 *aPlain;
  ForChunk *aFor;
  RleChunk *aRle;
  PlainText *aPlainText;
  DictText *aDict;
  ForChunk *aFor2;            /* a second column (the query kernel) */
  /* the predicate */
  i64 lo, hi;
  u64 fLo, fRange;            /* lo/hi in the current chunk's frame */
  int bNone;                  /* no value of the chunk can pass */
  const char **azIn; int nIn; /* text constants; nIn==1 for "=" */
  int anIn[16];               /* their lengths */
  u64 *aSet;                  /* accepted codes */
  /* state and output */
  int iRun;
  i64 *aOut;
  i64 *aOut2;
  u16 *aSel;
  const char **azOut;
  int *anOut;
  u64 *aBits;                 /* 16 words: the output of bitmap filters */
  int bBits;                  /* the kernel's answer is aBits, not aSel */
};

static i64 aOutBuf[VEC], aOutBuf2[VEC];
static u16 aSelBuf[VEC];
static const char *azOutBuf[VEC];
static int anOutBuf[VEC];
static u64 aSetBuf[1024];     /* 2^16 bits */
static u64 aBitsBuf[16], aBitsBuf2[16];

/*
** The pass being measured.  The two functions are the only ones that
** callgrind's --toggle-collect names: everything they call is counted.
*/
static NOINLINE u64 benchPass(Kernel *p){
  u64 x = 0;
  int c, v;
  for(c=0; c<nChunk; c++){
    if( p->xChunk ) p->xChunk(p, c);
    for(v=0; v<VEC_PER_CHUNK; v++){
      x += (u64)p->xVec(p, c, v);
    }
  }
  return x;
}

typedef struct Encoder Encoder;
struct Encoder {
  const char *zKernel;
  const char *zCol;
  void (*xChunk)(Encoder*, int iChunk);
  const i64 *aIn;
  const TextCol *pText;
  ForChunk forOut;
  RleChunk rleOut;
  PlainText textOut;
  DictText dictOut;
  DictScratch scratch;
  i64 *aPlainOut;
  int w;
  double bytesPerValue;
};

/*
** The encoding pass being measured: every chunk built once.
*/
static NOINLINE u64 benchEncode(Encoder *p){
  int c;
  for(c=0; c<nChunk; c++) p->xChunk(p, c);
  return 0;
}

/* --- plain 64-bit integers --- */
static int kPlainDecode(Kernel *p, int c, int v){
  const i64 *a = p->aPlain + (size_t)c*CHUNK_ROWS + v*VEC;
  memcpy(p->aOut, a, sizeof(i64)*VEC);
  return (int)p->aOut[v];
}
/*
** Filter 1,024 plain values, lo <= x <= hi, into a selection vector.
*/
static int filterPlain(const i64 *a, i64 lo, i64 hi, u16 *aSel){
  u64 range = (u64)hi - (u64)lo;
  int i, n = 0;
  for(i=0; i<VEC; i++){
    aSel[n] = (u16)i;
    n += ((u64)a[i] - (u64)lo)<=range;
  }
  return n;
}
/*
** Filter a plain vector.
*/
static int kPlainFilter(Kernel *p, int c, int v){
  return filterPlain(p->aPlain + (size_t)c*CHUNK_ROWS + v*VEC, p->lo, p->hi,
                     p->aSel);
}

/* --- frame-of-reference + bit-packing --- */
static int kForUnpack(Kernel *p, int c, int v){
  const ForChunk *f = &p->aFor[c];
  aUnpack[f->w](forVecWords(f, v), f->base, p->aOut);
  return (int)p->aOut[v];
}
/*
** Unpack with the width a variable.
*/
static int kForUnpackGeneric(Kernel *p, int c, int v){
  const ForChunk *f = &p->aFor[c];
  forUnpackGeneric(forVecWords(f, v), f->w, f->base, p->aOut);
  return (int)p->aOut[v];
}
/*
** Unpack, then filter the plain values.
*/
static int kForUnpackFilter(Kernel *p, int c, int v){
  const ForChunk *f = &p->aFor[c];
  aUnpack[f->w](forVecWords(f, v), f->base, p->aOut);
  return filterPlain(p->aOut, p->lo, p->hi, p->aSel);
}
/*
** Per chunk: the predicate in the chunk's frame, or none can pass.
*/
static void kForChunkBounds(Kernel *p, int c){
  p->bNone = !forBounds(&p->aFor[c], p->lo, p->hi, &p->fLo, &p->fRange);
}
/*
** Filter on the packed values into a selection vector.
*/
static int kForFilterPacked(Kernel *p, int c, int v){
  const ForChunk *f = &p->aFor[c];
  if( p->bNone ) return 0;
  return aFilter[f->w](forVecWords(f, v), p->fLo, p->fRange, p->aSel);
}

/*
** Filter on the packed values into a bitmap.
*/
static int kForFilterBits(Kernel *p, int c, int v){
  const ForChunk *f = &p->aFor[c];
  if( p->bNone ){
    memset(p->aBits, 0, sizeof(u64)*16);
    return 0;
  }
  aFilterBits[f->w](forVecWords(f, v), p->fLo, p->fRange, p->aBits);
  return (int)p->aBits[v&15];
}

/* --- the same query with bitmaps: both columns filtered packed into
** bitmaps, ANDed, the rows counted --- */
static int kQueryBits(Kernel *p, int c, int v){
  const ForChunk *fq = &p->aFor[c];
  const ForChunk *fd = &p->aFor2[c];
  u64 qLo, qRange, dLo, dRange;
  int b, m = 0;
  if( !forBounds(fq, colQty.lo, colQty.hi, &qLo, &qRange)
   || !forBounds(fd, colDisc.lo, colDisc.hi, &dLo, &dRange) ){
    memset(p->aBits, 0, sizeof(u64)*16);
    return 0;
  }
  aFilterBits[fq->w](forVecWords(fq, v), qLo, qRange, p->aBits);
  aFilterBits[fd->w](forVecWords(fd, v), dLo, dRange, aBitsBuf2);
  for(b=0; b<16; b++){
    p->aBits[b] &= aBitsBuf2[b];
    m += popCount(p->aBits[b]);
  }
  return m;
}

/* --- the query: count(*) WHERE lo_quantity < 25 AND lo_discount
** BETWEEN 1 AND 3, lo_quantity filtered packed, then lo_discount
** unpacked and checked at the positions that passed --- */
static int kQuery(Kernel *p, int c, int v){
  const ForChunk *fq = &p->aFor[c];
  const ForChunk *fd = &p->aFor2[c];
  u64 qLo, qRange;
  int n, m = 0, k;
  const i64 *d = p->aOut;
  if( !forBounds(fq, colQty.lo, colQty.hi, &qLo, &qRange) ) return 0;
  n = aFilter[fq->w](forVecWords(fq, v), qLo, qRange, p->aSel);
  if( n==0 ) return 0;
  aUnpack[fd->w](forVecWords(fd, v), fd->base, p->aOut);
  for(k=0; k<n; k++){
    int i = p->aSel[k];
    p->aSel[m] = (u16)i;
    m += ((u64)d[i] - (u64)colDisc.lo)<=(u64)(colDisc.hi - colDisc.lo);
  }
  return m;
}

/* --- run-length --- */
static void kRleChunk(Kernel *p, int c){ (void)c; p->iRun = 0; }
/*
** Decode a run-length vector.
*/
static int kRleDecode(Kernel *p, int c, int v){
  rleDecodeVec(&p->aRle[c], v, &p->iRun, p->aOut);
  return (int)p->aOut[v];
}
/*
** Filter a run-length vector.
*/
static int kRleFilter(Kernel *p, int c, int v){
  return rleFilterVec(&p->aRle[c], v, &p->iRun, p->lo, (u64)(p->hi - p->lo),
                      p->aSel);
}

/* --- plain text --- */
static int kTextDecode(Kernel *p, int c, int v){
  const PlainText *t = &p->aPlainText[c];
  const char *z = t->z + t->aVecOff[v];
  int i;
  aUnpack[t->len.w](forVecWords(&t->len, v), t->len.base, p->aOut);
  for(i=0; i<VEC; i++){
    p->azOut[i] = z;
    p->anOut[i] = (int)p->aOut[i];
    z += p->aOut[i];
  }
  return p->anOut[v];
}
/*
** Plain text = or IN: length, then memcmp() with each constant.
*/
static int kTextFilter(Kernel *p, int c, int v){
  int i, j, n = 0;
  kTextDecode(p, c, v);
  for(i=0; i<VEC; i++){
    for(j=0; j<p->nIn; j++){
      int nc = p->anIn[j];
      if( p->anOut[i]==nc && memcmp(p->azOut[i], p->azIn[j], nc)==0 ){
        p->aSel[n++] = (u16)i;
        break;
      }
    }
  }
  return n;
}

/* --- dictionary --- */
static int kDictCodes(Kernel *p, int c, int v){
  const ForChunk *f = &p->aDict[c].code;
  aUnpack[f->w](forVecWords(f, v), 0, p->aOut);
  return (int)p->aOut[v];
}
/*
** Dictionary: (pointer, length) of every value of a vector.
*/
static int kDictValues(Kernel *p, int c, int v){
  const DictText *d = &p->aDict[c];
  int i;
  aUnpack[d->code.w](forVecWords(&d->code, v), 0, p->aOut);
  for(i=0; i<VEC; i++){
    u32 k = (u32)p->aOut[i];
    p->azOut[i] = d->z + d->aOff[k];
    p->anOut[i] = (int)(d->aOff[k+1] - d->aOff[k]);
  }
  return p->anOut[v];
}
/*
** Per chunk: the code of the = constant (binary search), or none.
*/
static void kDictEqChunk(Kernel *p, int c){
  int k = dictFind(&p->aDict[c], p->azIn[0], (int)strlen(p->azIn[0]));
  p->bNone = k<0;
  p->fLo = (u64)k;
}
/*
** Dictionary =: the packed filter with range 0.
*/
static int kDictEq(Kernel *p, int c, int v){
  const ForChunk *f = &p->aDict[c].code;
  if( p->bNone ) return 0;
  return aFilter[f->w](forVecWords(f, v), p->fLo, 0, p->aSel);
}
/*
** Per chunk: the bitmap of the IN constants' codes.
*/
static void kDictInChunk(Kernel *p, int c){
  const DictText *d = &p->aDict[c];
  int j, nWord = d->code.w>=6 ? 1<<(d->code.w-6) : 1;
  memset(p->aSet, 0, sizeof(u64)*nWord);
  p->bNone = 1;
  for(j=0; j<p->nIn; j++){
    int k = dictFind(d, p->azIn[j], (int)strlen(p->azIn[j]));
    if( k>=0 ){
      p->aSet[k>>6] |= ((u64)1)<<(k&63);
      p->bNone = 0;
    }
  }
}
/*
** Dictionary IN: test each code's bit.
*/
static int kDictIn(Kernel *p, int c, int v){
  const ForChunk *f = &p->aDict[c].code;
  if( p->bNone ) return 0;
  return aInSet[f->w](forVecWords(f, v), p->aSet, p->aSel);
}

/* --- encoders --- */
static void ePlain(Encoder *p, int c){
  memcpy(p->aPlainOut, p->aIn + (size_t)c*CHUNK_ROWS, sizeof(i64)*CHUNK_ROWS);
}
/*
** The encoders, one chunk each.
*/
static void eFor(Encoder *p, int c){
  forEncodeChunk(p->aIn + (size_t)c*CHUNK_ROWS, &p->forOut);
}
static void eRle(Encoder *p, int c){
  rleEncodeChunk(p->aIn + (size_t)c*CHUNK_ROWS, &p->rleOut);
}
static void eText(Encoder *p, int c){
  plainTextEncodeChunk(p->pText, c*CHUNK_ROWS, &p->textOut, p->scratch.aTmp);
}
static void eDictSorted(Encoder *p, int c){
  dictEncodeChunk(p->pText, c*CHUNK_ROWS, &p->dictOut, &p->scratch, 1);
}
static void eDictUnsorted(Encoder *p, int c){
  dictEncodeChunk(p->pText, c*CHUNK_ROWS, &p->dictOut, &p->scratch, 0);
}

/************************************************************************
** Encoding whole columns (not measured), and checking the kernels.
*/
static ForChunk *forEncodeCol(const i64 *a, double *pBytes, int *pW){
  ForChunk *aC = (ForChunk*)xmalloc(sizeof(ForChunk)*nChunk);
  double nByte = 0;
  int c, wMax = 0;
  for(c=0; c<nChunk; c++){
    aC[c].aWord = (u64*)xmalloc(sizeof(u64)*1024*64);
    forEncodeChunk(a + (size_t)c*CHUNK_ROWS, &aC[c]);
    nByte += 16 + 8.0*1024*aC[c].w;     /* frame, width; the words */
    if( aC[c].w>wMax ) wMax = aC[c].w;
  }
  *pBytes = nByte / ((double)nChunk*CHUNK_ROWS);
  *pW = wMax;
  return aC;
}
/*
** Free a column encoded by forEncodeCol().
*/
static void forFreeCol(ForChunk *aC){
  int c;
  for(c=0; c<nChunk; c++) free(aC[c].aWord);
  free(aC);
}
/*
** Encode a column run-length; *pBytes is its size per value.
*/
static RleChunk *rleEncodeCol(const i64 *a, double *pBytes){
  RleChunk *aC = (RleChunk*)xmalloc(sizeof(RleChunk)*nChunk);
  double nByte = 0;
  int c;
  for(c=0; c<nChunk; c++){
    aC[c].aVal = (i64*)xmalloc(sizeof(i64)*CHUNK_ROWS);
    aC[c].aEnd = (u32*)xmalloc(sizeof(u32)*CHUNK_ROWS);
    rleEncodeChunk(a + (size_t)c*CHUNK_ROWS, &aC[c]);
    nByte += rleBytes(&aC[c]);
  }
  *pBytes = nByte / ((double)nChunk*CHUNK_ROWS);
  return aC;
}
/*
** Allocate the dictionary encoder's scratch space.
*/
static void scratchInit(DictScratch *s){
  s->nSlot = 2*CHUNK_ROWS;
  s->aSlot = (u32*)xmalloc(sizeof(u32)*s->nSlot);
  s->aFirst = (u32*)xmalloc(sizeof(u32)*CHUNK_ROWS);
  s->aCode = (u32*)xmalloc(sizeof(u32)*CHUNK_ROWS);
  s->aSort = (u32*)xmalloc(sizeof(u32)*CHUNK_ROWS);
  s->aRemap = (u32*)xmalloc(sizeof(u32)*CHUNK_ROWS);
  s->aTmp = (i64*)xmalloc(sizeof(i64)*CHUNK_ROWS);
}
/*
** Allocate a dictionary chunk (room for the largest).
*/
static void dictInit(DictText *d){
  d->aOff = (u32*)xmalloc(sizeof(u32)*(CHUNK_ROWS+1));
  d->z = (char*)xmalloc((size_t)CHUNK_ROWS*32);
  d->code.aWord = (u64*)xmalloc(sizeof(u64)*1024*64);
}
/*
** Allocate a plain text chunk (room for the largest).
*/
static void plainTextInit(PlainText *t){
  t->z = (char*)xmalloc((size_t)CHUNK_ROWS*32);
  t->len.aWord = (u64*)xmalloc(sizeof(u64)*1024*64);
}
/*
** Encode a column as sorted dictionaries: *pBytes per value, the
** largest code width *pW and dictionary *pMaxDict.
*/
static DictText *dictEncodeCol(
  const TextCol *t, double *pBytes, int *pW, int *pMaxDict
){
  DictText *aC = (DictText*)xmalloc(sizeof(DictText)*nChunk);
  DictScratch s;
  double nByte = 0;
  int c;
  scratchInit(&s);
  *pW = 0;
  *pMaxDict = 0;
  for(c=0; c<nChunk; c++){
    dictInit(&aC[c]);
    dictEncodeChunk(t, c*CHUNK_ROWS, &aC[c], &s, 1);
    nByte += 16 + 4.0*(aC[c].nDict+1) + aC[c].aOff[aC[c].nDict]
           + 8.0*1024*aC[c].code.w;
    if( aC[c].code.w>*pW ) *pW = aC[c].code.w;
    if( aC[c].nDict>*pMaxDict ) *pMaxDict = aC[c].nDict;
  }
  *pBytes = nByte / ((double)nChunk*CHUNK_ROWS);
  return aC;
}
/*
** Encode a column as plain text: *pBytes per value, lengths' width *pW.
*/
static PlainText *plainTextEncodeCol(const TextCol *t, double *pBytes, int *pW){
  PlainText *aC = (PlainText*)xmalloc(sizeof(PlainText)*nChunk);
  i64 *aTmp = (i64*)xmalloc(sizeof(i64)*CHUNK_ROWS);
  double nByte = 0;
  int c;
  *pW = 0;
  for(c=0; c<nChunk; c++){
    plainTextInit(&aC[c]);
    plainTextEncodeChunk(t, c*CHUNK_ROWS, &aC[c], aTmp);
    nByte += 16 + 8.0*1024*aC[c].len.w + aC[c].nByte + 8.0*VEC_PER_CHUNK;
    if( aC[c].len.w>*pW ) *pW = aC[c].len.w;
  }
  free(aTmp);
  *pBytes = nByte / ((double)nChunk*CHUNK_ROWS);
  return aC;
}

/*
** The reference answers, from the plain values.
*/
typedef struct Ref Ref;
struct Ref {
  const i64 *aInt;          /* integer values, or */
  const TextCol *pText;     /* text values */
  int bDecode;              /* the kernel decodes (else: filters) */
  int bQuery;               /* the kernel is kQuery */
};

/*
** True if row i passes kernel p's predicate, from the plain values.
*/
static int refPass(const Ref *r, const Kernel *p, size_t i){
  if( r->bQuery ){
    return colQty.a[i]>=colQty.lo && colQty.a[i]<=colQty.hi
        && colDisc.a[i]>=colDisc.lo && colDisc.a[i]<=colDisc.hi;
  }
  if( r->aInt ) return r->aInt[i]>=p->lo && r->aInt[i]<=p->hi;
  {
    int j;
    for(j=0; j<p->nIn; j++){
      if( (int)strlen(p->azIn[j])==r->pText->anVal[i]
       && memcmp(p->azIn[j], r->pText->azVal[i], r->pText->anVal[i])==0 ){
        return 1;
      }
    }
  }
  return 0;
}

/*
** Run p once over all the data, comparing every vector with the
** reference.  Returns the number of values selected (filters).
*/
static u64 checkKernel(Kernel *p, const Ref *r){
  int c, v, i;
  u64 nSel = 0;
  for(c=0; c<nChunk; c++){
    if( p->xChunk ) p->xChunk(p, c);
    for(v=0; v<VEC_PER_CHUNK; v++){
      size_t i0 = (size_t)c*CHUNK_ROWS + v*VEC;
      int n = p->xVec(p, c, v);
      if( r->bDecode ){
        for(i=0; i<VEC; i++){
          if( r->aInt ){
            if( p->aOut[i]!=r->aInt[i0+i] ) goto bad;
          }else{
            if( p->anOut[i]!=r->pText->anVal[i0+i]
             || memcmp(p->azOut[i], r->pText->azVal[i0+i], p->anOut[i])!=0 ){
              goto bad;
            }
          }
        }
      }else{
        int k = 0;
        if( p->bBits ){
          for(i=0, n=0; i<VEC; i++){
            if( (p->aBits[i>>6]>>(i&63)) & 1 ) p->aSel[n++] = (u16)i;
          }
        }
        for(i=0; i<VEC; i++){
          if( refPass(r, p, i0+i) ){
            if( k>=n || p->aSel[k]!=i ) goto bad;
            k++;
          }
        }
        if( k!=n ) goto bad;
        nSel += (u64)n;
      }
    }
  }
  return nSel;
bad:
  fprintf(stderr, "decode: kernel %s on %s gives a wrong answer"
          " (chunk %d, vector %d)\n",
          p->zKernel, p->zCol, c, v);
  exit(1);
  return 0;
}

/*
** qsort() comparison of doubles.
*/
static int cmpDouble(const void *a, const void *b){
  double x = *(const double*)a, y = *(const double*)b;
  return x<y ? -1 : x>y;
}

/*
** Time fn(arg) (one pass over the data): one warm-up pass, then nRun
** timed runs, each of as many passes as make it last about 5 ms (at
** least one).  Returns median, min, max in ns per value.
*/
static void timeIt(u64 (*fn)(void*), void *arg, double nValue, double *a3){
  double t0, t1, *aT;
  int nPass = 1, r, k;
  volatile u64 sink = 0;
  t0 = nowNs();
  sink += fn(arg);
  t1 = nowNs();
  if( t1-t0 < 5e6 ) nPass = (int)(5e6/(t1-t0+1)) + 1;
  if( nPass>200 ) nPass = 200;
  aT = (double*)xmalloc(sizeof(double)*nRun);
  for(r=0; r<nRun; r++){
    t0 = nowNs();
    for(k=0; k<nPass; k++) sink += fn(arg);
    t1 = nowNs();
    aT[r] = (t1-t0)/(nValue*nPass);
  }
  qsort(aT, nRun, sizeof(double), cmpDouble);
  a3[0] = aT[nRun/2];
  if( (nRun&1)==0 ) a3[0] = (aT[nRun/2-1] + aT[nRun/2])/2;
  a3[1] = aT[0];
  a3[2] = aT[nRun-1];
  free(aT);
  (void)sink;
}
/*
** The passes, as timeIt() calls them.
*/
static u64 passThunk(void *p){ return benchPass((Kernel*)p); }
static u64 encodeThunk(void *p){ return benchEncode((Encoder*)p); }

/*
** True if --only lets this kernel run.
*/
static int wanted(const char *zKernel, const char *zCol){
  char zLabel[200];
  if( zOnly==0 ) return 1;
  sprintf(zLabel, "%.90s %.90s", zKernel, zCol);
  return strstr(zLabel, zOnly)!=0;
}

/*
** Check and measure one kernel, and print its line.
*/
static void measure(Kernel *p, const Ref *r){
  double a3[3] = {0, 0, 0};
  double nValue = (double)nChunk*CHUNK_ROWS;
  u64 nSel;
  if( !wanted(p->zKernel, p->zCol) ) return;
  if( p->aOut==0 ) p->aOut = aOutBuf;
  if( p->aOut2==0 ) p->aOut2 = aOutBuf2;
  if( p->aSel==0 ) p->aSel = aSelBuf;
  p->azOut = azOutBuf;
  p->anOut = anOutBuf;
  p->aSet = aSetBuf;
  p->aBits = aBitsBuf;
  nSel = checkKernel(p, r);
  if( bCallgrind ){
    benchPass(p);
    cgMark();
  }else{
    timeIt(passThunk, p, nValue, a3);
  }
  printf("%s\t%s\t%d\t%.0f\t%.4f\t%.4f\t%.4f\t%.4f\t%.0f\n",
         p->zKernel, p->zCol,
         p->w, nValue, a3[0], a3[1], a3[2], p->bytesPerValue,
         r->bDecode ? -1.0 : (double)nSel);
  fflush(stdout);
}

/*
** Measure one encoder and print its line (5 timed runs at most).
*/
static void measureEncoder(Encoder *p){
  double a3[3] = {0, 0, 0};
  double nValue = (double)nChunk*CHUNK_ROWS;
  if( !wanted(p->zKernel, p->zCol) ) return;
  if( bCallgrind ){
    benchEncode(p);
    cgMark();
  }else{
    int save = nRun;
    if( nRun>5 ) nRun = 5;       /* the encoders are slow: 5 runs */
    timeIt(encodeThunk, p, nValue, a3);
    nRun = save;
  }
  printf("%s\t%s\t%d\t%.0f\t%.4f\t%.4f\t%.4f\t%.4f\t-1\n", p->zKernel, p->zCol,
         p->w, nValue, a3[0], a3[1], a3[2], p->bytesPerValue);
  fflush(stdout);
}

/*
** All the kernels on an integer column: plain, frame-of-reference.
*/
static void measureIntCol(IntCol *col, int bPlain){
  Kernel k;
  Ref r;
  double bFor;
  int w;
  ForChunk *aFor = forEncodeCol(col->a, &bFor, &w);
  memset(&r, 0, sizeof(r));
  r.aInt = col->a;
  if( bPlain ){
    memset(&k, 0, sizeof(k));
    k.zCol = col->zName; k.w = 64; k.bytesPerValue = 8.0;
    k.aPlain = col->a; k.lo = col->lo; k.hi = col->hi;
    k.zKernel = "plain: decode"; k.xVec = kPlainDecode;
    r.bDecode = 1; measure(&k, &r);
    k.zKernel = "plain: filter"; k.xVec = kPlainFilter;
    r.bDecode = 0; measure(&k, &r);
  }
  memset(&k, 0, sizeof(k));
  k.zCol = col->zName; k.w = w; k.bytesPerValue = bFor;
  k.aFor = aFor; k.lo = col->lo; k.hi = col->hi;
  k.zKernel = "for: unpack"; k.xVec = kForUnpack;
  r.bDecode = 1; measure(&k, &r);
  k.zKernel = "for: unpack+filter"; k.xVec = kForUnpackFilter;
  r.bDecode = 0; measure(&k, &r);
  k.zKernel = "for: filter packed"; k.xVec = kForFilterPacked;
  k.xChunk = kForChunkBounds;
  measure(&k, &r);
  k.zKernel = "for: filter packed, bitmap"; k.xVec = kForFilterBits;
  k.bBits = 1;
  measure(&k, &r);
  forFreeCol(aFor);
}

/*
** The width sweep: uniform values over [1000, 1000+2^w) and the filter
** keeping the middle half of that range.
*/
static void measureWidth(int w, i64 *a){
  Kernel k;
  Ref r;
  double bFor;
  int i, wGot;
  char zCol[64];
  ForChunk *aFor;
  u64 span = w==64 ? ~(u64)0 : ((u64)1)<<w;
  for(i=0; i<nRow; i++){
    u64 x = rngNext();
    if( w<64 ) x &= span-1;
    a[i] = (i64)((u64)1000 + x);
  }
  if( w==64 ){
    a[0] = (i64)0x8000000000000000ULL;     /* the full range, once */
    a[1] = (i64)0x7fffffffffffffffULL;
  }else{
    a[0] = 1000; a[1] = (i64)(1000 + span - 1);  /* width exactly w */
  }
  aFor = forEncodeCol(a, &bFor, &wGot);
  sprintf(zCol, "uniform, %d bits", w);
  memset(&r, 0, sizeof(r));
  r.aInt = a;
  memset(&k, 0, sizeof(k));
  k.zCol = zCol; k.w = wGot; k.bytesPerValue = bFor; k.aFor = aFor;
  if( w==64 ){
    k.lo = -(i64)0x4000000000000000LL; k.hi = (i64)0x3fffffffffffffffLL;
  }else{
    k.lo = (i64)(1000 + span/4); k.hi = (i64)(1000 + span/4*3);
  }
  k.zKernel = "for: unpack"; k.xVec = kForUnpack;
  r.bDecode = 1; measure(&k, &r);
  k.zKernel = "for: unpack, generic width"; k.xVec = kForUnpackGeneric;
  measure(&k, &r);
  k.zKernel = "for: unpack+filter"; k.xVec = kForUnpackFilter;
  r.bDecode = 0; measure(&k, &r);
  k.zKernel = "for: filter packed"; k.xVec = kForFilterPacked;
  k.xChunk = kForChunkBounds;
  measure(&k, &r);
  k.zKernel = "for: filter packed, bitmap"; k.xVec = kForFilterBits;
  k.bBits = 1;
  measure(&k, &r);
  {
    Encoder e;
    memset(&e, 0, sizeof(e));
    e.zKernel = "encode for"; e.zCol = zCol; e.xChunk = eFor; e.aIn = a;
    e.forOut.aWord = (u64*)xmalloc(sizeof(u64)*1024*64);
    e.w = wGot; e.bytesPerValue = bFor;
    measureEncoder(&e);
    free(e.forOut.aWord);
  }
  forFreeCol(aFor);
}

/*
** Run-length kernels on a column.
*/
static void measureRle(IntCol *col){
  Kernel k;
  Ref r;
  double bRle;
  RleChunk *aRle = rleEncodeCol(col->a, &bRle);
  int c;
  memset(&r, 0, sizeof(r));
  r.aInt = col->a;
  memset(&k, 0, sizeof(k));
  k.zCol = col->zName; k.w = -1; k.bytesPerValue = bRle;
  k.aRle = aRle; k.lo = col->lo; k.hi = col->hi; k.xChunk = kRleChunk;
  k.zKernel = "rle: decode"; k.xVec = kRleDecode;
  r.bDecode = 1; measure(&k, &r);
  k.zKernel = "rle: filter"; k.xVec = kRleFilter;
  r.bDecode = 0; measure(&k, &r);
  for(c=0; c<nChunk; c++){ free(aRle[c].aVal); free(aRle[c].aEnd); }
  free(aRle);
}

/*
** The TEXT kernels and encoders on a column: plain and dictionary,
** = azIn[0] and IN (azIn[0..nIn-1]).
*/
static void measureText(TextCol *t, const char **azIn, int nIn){
  Kernel k;
  Ref r;
  double bDict, bPlain;
  int wDict, wLen, nDictMax;
  DictText *aDict = dictEncodeCol(t, &bDict, &wDict, &nDictMax);
  PlainText *aPlain = plainTextEncodeCol(t, &bPlain, &wLen);
  char zCol[100];
  int j;
  memset(&r, 0, sizeof(r));
  r.pText = t;
  /* plain text */
  memset(&k, 0, sizeof(k));
  k.zCol = t->zName; k.w = wLen; k.bytesPerValue = bPlain;
  k.aPlainText = aPlain;
  k.zKernel = "text plain: decode"; k.xVec = kTextDecode;
  r.bDecode = 1; measure(&k, &r);
  k.azIn = azIn; k.nIn = 1;
  for(j=0; j<nIn; j++) k.anIn[j] = (int)strlen(azIn[j]);
  k.zKernel = "text plain: filter ="; k.xVec = kTextFilter;
  r.bDecode = 0; measure(&k, &r);
  k.nIn = nIn;
  k.zKernel = "text plain: filter IN"; k.xVec = kTextFilter;
  measure(&k, &r);
  /* dictionary */
  sprintf(zCol, "%s (dictionary up to %d)", t->zName, nDictMax);
  memset(&k, 0, sizeof(k));
  k.zCol = zCol; k.w = wDict; k.bytesPerValue = bDict; k.aDict = aDict;
  k.zKernel = "dict: unpack codes"; k.xVec = kDictCodes;
  {
    /* checked through the values: kDictValues */
    Kernel kv = k;
    kv.zKernel = "dict: values (pointer, length)"; kv.xVec = kDictValues;
    r.bDecode = 1; measure(&kv, &r);
  }
  if( wanted(k.zKernel, k.zCol) ){
    /* the codes are checked through "dict: values" above, which
    ** unpacks them with the same function and looks every one up */
    k.aOut = aOutBuf;
    if( bCallgrind ){ benchPass(&k); cgMark(); }
    {
      double a3[3] = {0, 0, 0};
      if( !bCallgrind ) timeIt(passThunk, &k, (double)nChunk*CHUNK_ROWS, a3);
      printf("%s\t%s\t%d\t%.0f\t%.4f\t%.4f\t%.4f\t%.4f\t-1\n",
             k.zKernel, k.zCol, k.w, (double)nChunk*CHUNK_ROWS,
             a3[0], a3[1], a3[2], k.bytesPerValue);
      fflush(stdout);
    }
  }
  k.azIn = azIn; k.nIn = 1;
  k.zKernel = "dict: filter ="; k.xVec = kDictEq; k.xChunk = kDictEqChunk;
  r.bDecode = 0; measure(&k, &r);
  k.nIn = nIn;
  k.zKernel = "dict: filter IN"; k.xVec = kDictIn; k.xChunk = kDictInChunk;
  measure(&k, &r);
  /* encoders */
  {
    Encoder e;
    memset(&e, 0, sizeof(e));
    e.zCol = t->zName; e.pText = t;
    scratchInit(&e.scratch);
    dictInit(&e.dictOut);
    plainTextInit(&e.textOut);
    e.zKernel = "encode text plain"; e.xChunk = eText; e.w = wLen;
    e.bytesPerValue = bPlain;
    measureEncoder(&e);
    e.zKernel = "encode dict, sorted"; e.xChunk = eDictSorted; e.w = wDict;
    e.bytesPerValue = bDict;
    measureEncoder(&e);
    e.zKernel = "encode dict, first-seen order"; e.xChunk = eDictUnsorted;
    measureEncoder(&e);
  }
}

/*
** The integer encoders on a column (run-length if bRle).
*/
static void measureIntEncoders(IntCol *col, int bRle){
  Encoder e;
  double b;
  int w;
  ForChunk *aFor = forEncodeCol(col->a, &b, &w);
  forFreeCol(aFor);
  memset(&e, 0, sizeof(e));
  e.zCol = col->zName; e.aIn = col->a;
  e.forOut.aWord = (u64*)xmalloc(sizeof(u64)*1024*64);
  e.rleOut.aVal = (i64*)xmalloc(sizeof(i64)*CHUNK_ROWS);
  e.rleOut.aEnd = (u32*)xmalloc(sizeof(u32)*CHUNK_ROWS);
  e.aPlainOut = (i64*)xmalloc(sizeof(i64)*CHUNK_ROWS);
  e.zKernel = "encode plain (copy)"; e.xChunk = ePlain;
  e.w = 64; e.bytesPerValue = 8;
  measureEncoder(&e);
  e.zKernel = "encode for"; e.xChunk = eFor; e.w = w; e.bytesPerValue = b;
  measureEncoder(&e);
  if( bRle ){
    RleChunk *aRle = rleEncodeCol(col->a, &b);
    int c;
    for(c=0; c<nChunk; c++){ free(aRle[c].aVal); free(aRle[c].aEnd); }
    free(aRle);
    e.zKernel = "encode rle"; e.xChunk = eRle; e.w = -1; e.bytesPerValue = b;
    measureEncoder(&e);
  }
  free(e.forOut.aWord);
  free(e.rleOut.aVal);
  free(e.rleOut.aEnd);
  free(e.aPlainOut);
}

int main(int argc, char **argv){
  int i;
  static const int aW[] = { 1, 2, 4, 6, 8, 12, 16, 20, 24, 32, 40, 48, 56, 64 };
  for(i=1; i<argc; i++){
    if( strcmp(argv[i], "--chunks")==0 && i+1<argc ){
      nChunk = atoi(argv[++i]);
      if( nChunk<1 ) fatal("bad --chunks", argv[i]);
    }else if( strcmp(argv[i], "--runs")==0 && i+1<argc ){
      nRun = atoi(argv[++i]);
      if( nRun<1 ) fatal("bad --runs", argv[i]);
    }else if( strcmp(argv[i], "--callgrind")==0 ){
      bCallgrind = 1;
    }else if( strcmp(argv[i], "--only")==0 && i+1<argc ){
      zOnly = argv[++i];
    }else{
      fprintf(stderr, "usage: %s [--chunks N] [--runs N] [--callgrind]"
              " [--only SUBSTR]\n",
              argv[0]);
      return 2;
    }
  }
  makeData();
  printf("kernel\tcolumn\twidth\tvalues\tns_median\tns_min\tns_max"
         "\tbytes_per_value\tselected\n");
  /* 1, 2: plain and frame-of-reference on the lineorder columns */
  measureIntCol(&colQty, 1);
  measureIntCol(&colDisc, 1);
  measureIntCol(&colDate, 1);
  measureIntCol(&colPrice, 1);
  measureIntCol(&colRev, 1);
  /* the query's two predicates together */
  {
    Kernel k;
    Ref r;
    double b1, b2;
    int w1, w2;
    memset(&k, 0, sizeof(k));
    memset(&r, 0, sizeof(r));
    r.bQuery = 1;
    k.aFor = forEncodeCol(colQty.a, &b1, &w1);
    k.aFor2 = forEncodeCol(colDisc.a, &b2, &w2);
    k.zKernel = "query: for q<25 packed, then discount 1..3 on survivors";
    k.zCol = "lo_quantity, lo_discount";
    k.w = -1; k.bytesPerValue = b1 + b2; k.xVec = kQuery;
    measure(&k, &r);
    k.zKernel = "query: both packed into bitmaps, AND, count";
    k.xVec = kQueryBits; k.bBits = 1;
    measure(&k, &r);
    forFreeCol(k.aFor);
    forFreeCol(k.aFor2);
  }
  /* 2: the width sweep */
  {
    i64 *a = (i64*)xmalloc(sizeof(i64)*nRow);
    for(i=0; i<(int)(sizeof(aW)/sizeof(aW[0])); i++) measureWidth(aW[i], a);
    free(a);
  }
  /* 3: run-length on date-sorted loads, and frame-of-reference beside it */
  for(i=0; i<3; i++){
    measureRle(&colDateSorted[i]);
    measureIntCol(&colDateSorted[i], 0);
  }
  /* 4: text */
  measureText(&colNation, azEurope, 5);
  measureText(&colCust, azCustIn, 10);
  /* 5: encoders */
  measureIntEncoders(&colQty, 0);
  measureIntEncoders(&colDate, 0);
  measureIntEncoders(&colPrice, 0);
  measureIntEncoders(&colDateSorted[0], 1);
  measureIntEncoders(&colDateSorted[1], 1);
  return 0;
}
