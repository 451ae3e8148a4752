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
** Hashes of values for the modules of the fork that hash keys: LIP Bloom
** filters (lipfilter.c) and the hash aggregate (hashagg.c).  Two values equal
** under SQLite's comparison rules hash alike, and text is hashed so that
** values equal under its collation hash alike when the collation is one of
** the built-in ones (BINARY, NOCASE, RTRIM), which main.c tells by their
** comparison functions (sqlite3BuiltinCollation(), patch 0004).  A hash
** may only tell that two values differ, never that they are equal: the
** callers compare the values themselves (hashagg.c) or only skip a row
** whose key cannot match (lipfilter.c).
*/
#include "sqliteInt.h"

/*
** A 64-bit mixing function (the finalizer of splitmix64): every bit of the
** result depends on every bit of x.
*/
u64 sqlite3ForkMix(u64 x){
  x ^= x >> 30;
  x *= (((u64)0xbf58476d)<<32) | 0x1ce4e5b9;
  x ^= x >> 27;
  x *= (((u64)0x94d049bb)<<32) | 0x133111eb;
  x ^= x >> 31;
  return x;
}

/* Seeds of the hashes of each storage class, and the hash of NULL */
#define FORK_H_NULL  (((u64)0x6c697020)<<32 | 0x6e756c6c)
#define FORK_H_TEXT  (((u64)0x6c697020)<<32 | 0x74657874)
#define FORK_H_BLOB  (((u64)0x6c697020)<<32 | 0x626c6f62)
#define FORK_FNV_BASIS  ((((u64)0xcbf29ce4)<<32) | 0x84222325)
#define FORK_FNV_PRIME  ((((u64)0x100)<<32) | 0x000001b3)

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
** Return the hash of the value in pMem.  Two values that compare equal
** under SQLite's rules (sqlite3MemCompare()), with text compared under
** text mode eText (FORK_TEXT_BINARY, _NOCASE or _RTRIM), hash alike: an
** integer and a real of the same value, -0.0 and 0.0, a zero-filled blob
** (MEM_Zero) and the same bytes stored in full.  Under FORK_TEXT_ANY (an
** unknown collation), and for text not in UTF-8, all text hashes alike.
*/
u64 sqlite3ForkHashValue(const Mem *pMem, int eText){
  u16 f = pMem->flags;
  if( f & MEM_Null ) return FORK_H_NULL;
  if( f & (MEM_Int|MEM_IntReal) ) return sqlite3ForkMix((u64)pMem->u.i);
  if( f & MEM_Real ){
    double r = pMem->u.r;
    u64 x;
    if( r>=-9223372036854775808.0 && r<9223372036854775808.0 ){
      i64 i = (i64)r;
      if( (double)i==r ) return sqlite3ForkMix((u64)i);  /* Also -0.0 */
    }
    memcpy(&x, &r, sizeof(x));
    return sqlite3ForkMix(x ^ FORK_H_BLOB);
  }
  if( f & MEM_Str ){
    const u8 *z = (const u8*)pMem->z;
    int n = pMem->n;
    if( eText==FORK_TEXT_ANY || pMem->enc!=SQLITE_UTF8 ) return FORK_H_TEXT;
    if( eText==FORK_TEXT_RTRIM ){
      while( n>0 && z[n-1]==' ' ) n--;
    }
    return sqlite3ForkMix(forkHashBytes(FORK_H_TEXT ^ FORK_FNV_BASIS, z, n,
                                        eText==FORK_TEXT_NOCASE) ^ (u64)n);
  }
  if( f & MEM_Blob ){
    u64 h = forkHashBytes(FORK_H_BLOB ^ FORK_FNV_BASIS,
                          (const u8*)pMem->z, pMem->n, 0);
    i64 n = pMem->n;
    if( f & MEM_Zero ){
      int i;
      for(i=0; i<pMem->u.nZero; i++) h *= FORK_FNV_PRIME;  /* h ^= 0 */
      n += pMem->u.nZero;
    }
    return sqlite3ForkMix(h ^ (u64)n);
  }
  return FORK_H_NULL;   /* Not reached: every value has a type */
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
