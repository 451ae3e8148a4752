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
** This file implements the hashes of values that the modules of the fork
** use for keys (lipfilter.c, hashagg.c): values equal under SQLite's
** comparison rules, text under a built-in collation, hash alike.
*/
#include "sqliteInt.h"

/*
** The constants of the hashes: the multipliers of splitmix64's finalizer,
** the seeds of the hashes of each storage class (also the hash of NULL),
** and the offset basis and prime of 64-bit FNV-1a.
*/
#define FORK_MIX_MUL1   ((((u64)0xbf58476d)<<32) | 0x1ce4e5b9)
#define FORK_MIX_MUL2   ((((u64)0x94d049bb)<<32) | 0x133111eb)
#define FORK_H_NULL     ((((u64)0x6c697020)<<32) | 0x6e756c6c)
#define FORK_H_TEXT     ((((u64)0x6c697020)<<32) | 0x74657874)
#define FORK_H_BLOB     ((((u64)0x6c697020)<<32) | 0x626c6f62)
#define FORK_FNV_BASIS  ((((u64)0xcbf29ce4)<<32) | 0x84222325)
#define FORK_FNV_PRIME  ((((u64)0x100)<<32) | 0x000001b3)

/*
** A 64-bit mixing function (the finalizer of splitmix64): every bit of the
** result depends on every bit of x.
*/
u64 sqlite3ForkMix(u64 x){
  x ^= x >> 30;
  x *= FORK_MIX_MUL1;
  x ^= x >> 27;
  x *= FORK_MIX_MUL2;
  x ^= x >> 31;
  return x;
}

/*
** Continue the FNV-1a hash h over n bytes of z, folding ASCII upper case
** to lower case if bFold is true (as the NOCASE collation compares).
*/
static u64 forkHashBytes(u64 h, const u8 *z, int n, int bFold){
  int i;
  if( bFold ){
    for(i=0; i<n; i++){ h = (h ^ sqlite3UpperToLower[z[i]]) * FORK_FNV_PRIME; }
  }else{
    for(i=0; i<n; i++){ h = (h ^ z[i]) * FORK_FNV_PRIME; }
  }
  return h;
}

/*
** Continue the FNV-1a hash h over nZero zero bytes, in time logarithmic in
** nZero, with the result forkHashBytes() gives over the same bytes.  A step
** over a zero byte is h = (h ^ 0) * FORK_FNV_PRIME, so nZero of them
** multiply h by FORK_FNV_PRIME to the power nZero, all modulo 2^64 (the
** arithmetic of u64), computed by square-and-multiply.
*/
static u64 forkHashZeros(u64 h, i64 nZero){
  u64 m = FORK_FNV_PRIME;         /* FORK_FNV_PRIME to the power 2^k */
  u64 n = (u64)nZero;
  assert( nZero>=0 );
  while( n ){
    if( n & 1 ) h *= m;
    m *= m;
    n >>= 1;
  }
  return h;
}

/*
** Return the hash of the value in pMem.  Two values that compare equal
** under SQLite's rules (sqlite3MemCompare()), with text compared under
** text mode eText (FORK_TEXT_BINARY, _NOCASE or _RTRIM), hash alike: an
** integer and a real of the same value, -0.0 and 0.0, a zero-filled blob
** (MEM_Zero) and the same bytes stored in full.  Under FORK_TEXT_ANY (an
** unknown collation), and for text not in UTF-8, all text hashes alike.
*/
u64 sqlite3ForkHashValue(const Mem *pMem, int eText){
  u16 f = pMem->flags;
  u64 h;
  i64 n;
  if( f & MEM_Null ) return FORK_H_NULL;
  if( f & (MEM_Int|MEM_IntReal) ) return sqlite3ForkMix((u64)pMem->u.i);
  if( f & MEM_Real ){
    double r = pMem->u.r;
    u64 x;
    if( r>=-FORK_TWO_POW_63 && r<FORK_TWO_POW_63 ){
      i64 i = (i64)r;
      if( (double)i==r ) return sqlite3ForkMix((u64)i);  /* Also -0.0 */
    }
    memcpy(&x, &r, sizeof(x));
    return sqlite3ForkMix(x ^ FORK_H_BLOB);
  }
  if( f & MEM_Str ){
    const u8 *z = (const u8*)pMem->z;
    int nText = pMem->n;
    if( eText==FORK_TEXT_ANY || pMem->enc!=SQLITE_UTF8 ) return FORK_H_TEXT;
    if( eText==FORK_TEXT_RTRIM ){
      while( nText>0 && z[nText-1]==' ' ) nText--;
    }
    h = forkHashBytes(FORK_H_TEXT ^ FORK_FNV_BASIS, z, nText,
                      eText==FORK_TEXT_NOCASE);
    return sqlite3ForkMix(h ^ (u64)nText);
  }
  /* Every value is NULL, a number, text or a blob */
  if( NEVER((f & MEM_Blob)==0) ) return FORK_H_NULL;
  h = forkHashBytes(FORK_H_BLOB ^ FORK_FNV_BASIS, (const u8*)pMem->z,
                    pMem->n, 0);
  n = pMem->n;
  if( f & MEM_Zero ){
    h = forkHashZeros(h, pMem->u.nZero);
    n += pMem->u.nZero;
  }
  return sqlite3ForkMix(h ^ (u64)n);
}

/*
** Return the text mode under which sqlite3ForkHashValue() hashes text so
** that values equal under collating sequence pColl hash alike:
** FORK_TEXT_BINARY, _NOCASE or _RTRIM for SQLite's built-in collations in
** UTF-8, FORK_TEXT_ANY for any other (a user-defined collation, or one that
** replaced a built-in one of the same name).
*/
int sqlite3ForkCollTextMode(const CollSeq *pColl){
  if( pColl && pColl->enc!=SQLITE_UTF8 ) return FORK_TEXT_ANY;
  return sqlite3BuiltinCollation(pColl);
}
