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
** This file implements the cmocka unit tests of the hashes of values
** (src/hash/forkhash.c): the zeros of a zero-filled blob (MEM_Zero), hashed
** in logarithmic time, hash as the same bytes hashed one at a time.  The
** build's amalgamation is included whole to reach the static functions.
*/
#include "sqlite3.c"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

/*
** The reference: continue the FNV-1a hash h over n zero bytes, one byte at
** a time, as forkHashBytes() does over bytes that are zero.
*/
static u64 refHashZeros(u64 h, i64 n){
  i64 i;
  for(i=0; i<n; i++) h = (h ^ 0) * FORK_FNV_PRIME;
  return h;
}

/*
** Starting hashes: the seed of a blob, what a few bytes give, and values
** with few or many bits set.
*/
static u64 aStart[6];
static void startInit(void){
  aStart[0] = FORK_H_BLOB ^ FORK_FNV_BASIS;
  aStart[1] = forkHashBytes(aStart[0], (const u8*)"\001\377x", 3, 0);
  aStart[2] = 0;
  aStart[3] = 1;
  aStart[4] = ~(u64)0;
  aStart[5] = (((u64)0x80000000)<<32) | 0x12345679;
}

/* forkHashBytes() over n zero bytes in a buffer, to check the reference */
static u64 bytesHashZeros(u64 h, int n){
  u8 *z = (u8*)calloc((size_t)n + 1, 1);
  assert_non_null(z);
  h = forkHashBytes(h, z, n, 0);
  free(z);
  return h;
}

/* The reference is what forkHashBytes() gives over zero bytes. */
static void test_reference(void **state){
  int i, n;
  (void)state;
  startInit();
  for(i=0; i<(int)ArraySize(aStart); i++){
    for(n=0; n<=300; n+=13){
      assert_true(refHashZeros(aStart[i], n)==bytesHashZeros(aStart[i], n));
    }
  }
}

/* Every length from 0 to 1100, from every starting hash. */
static void test_zeros_small(void **state){
  int i, n;
  (void)state;
  startInit();
  for(i=0; i<(int)ArraySize(aStart); i++){
    u64 hRef = aStart[i];
    for(n=0; n<=1100; n++){
      if( n>0 ) hRef = refHashZeros(hRef, 1);
      assert_true(forkHashZeros(aStart[i], n)==hRef);
    }
  }
}

/*
** Compare qsort() keys.
*/
static int cmpI64(const void *a, const void *b){
  i64 x = *(const i64*)a, y = *(const i64*)b;
  return x<y ? -1 : x>y;
}

/*
** Powers of two and their neighbours up to the largest zero count a Mem
** holds (u.nZero, an int), and a few other large lengths.  The reference
** walks up through them once, byte at a time, from two starting hashes.
*/
static void test_zeros_large(void **state){
  i64 aLen[3*31+5];
  int nLen = 0;
  int i, k;
  (void)state;
  startInit();
  for(k=1; k<=31; k++){
    i64 p = ((i64)1)<<k;
    aLen[nLen++] = p-1;
    if( p<0x7fffffff ){                /* Both still fit in an int */
      aLen[nLen++] = p;
      aLen[nLen++] = p+1;
    }
  }
  aLen[nLen++] = 1000003;
  aLen[nLen++] = 123456789;
  aLen[nLen++] = 1000000000;
  aLen[nLen++] = 1000000007;
  aLen[nLen++] = 0x7ffffffe;
  assert_true(nLen<=(int)ArraySize(aLen));
  qsort(aLen, (size_t)nLen, sizeof(aLen[0]), cmpI64);
  assert_true(aLen[nLen-1]==0x7fffffff);
  for(i=0; i<2; i++){
    u64 hRef = aStart[i];
    i64 nDone = 0;
    for(k=0; k<nLen; k++){
      hRef = refHashZeros(hRef, aLen[k]-nDone);
      nDone = aLen[k];
      assert_true(forkHashZeros(aStart[i], aLen[k])==hRef);
    }
  }
}

/*
** A zero-filled blob (MEM_Zero: n bytes at z, then u.nZero zeros) hashes
** as the same bytes stored in full, for prefixes of several kinds and
** lengths of zeros around powers of two.
*/
static void test_zeroblob_value(void **state){
  static const char *azPrefix[] = { "", "\001", "abc", "\000\000\001",
                                    "\377\000\377\000\377\000\377\000\377" };
  static const int anPrefix[] = { 0, 1, 3, 3, 9 };
  static const int anZero[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31,
                                32, 33, 63, 64, 65, 255, 256, 257, 1000,
                                4095, 4096, 4097, 65535, 65536, 65537,
                                (1<<20)-1, 1<<20, (1<<20)+1 };
  int i, j;
  u8 *zFull = (u8*)malloc((1<<20) + 16);
  (void)state;
  assert_non_null(zFull);
  for(i=0; i<(int)ArraySize(azPrefix); i++){
    for(j=0; j<(int)ArraySize(anZero); j++){
      Mem a, b;
      int nPrefix = anPrefix[i];
      int nZero = anZero[j];
      memcpy(zFull, azPrefix[i], (size_t)nPrefix);
      memset(&zFull[nPrefix], 0, (size_t)nZero+1);
      memset(&a, 0, sizeof(a));
      a.flags = MEM_Blob|MEM_Zero|MEM_Static;
      a.z = (char*)azPrefix[i];
      a.n = nPrefix;
      a.u.nZero = nZero;
      memset(&b, 0, sizeof(b));
      b.flags = MEM_Blob|MEM_Static;
      b.z = (char*)zFull;
      b.n = nPrefix + nZero;
      /* SQLite compares only zero-filled blobs without a prefix (the ones
      ** zeroblob() makes); the hash takes any */
      if( nPrefix==0 ) assert_true(sqlite3MemCompare(&a, &b, 0)==0);
      assert_true(sqlite3ForkHashValue(&a, FORK_TEXT_BINARY)
               ==sqlite3ForkHashValue(&b, FORK_TEXT_BINARY));
      /* One zero more or less is another value, with another hash */
      b.n = nPrefix + nZero + 1;
      assert_true(sqlite3ForkHashValue(&a, FORK_TEXT_BINARY)
               !=sqlite3ForkHashValue(&b, FORK_TEXT_BINARY));
    }
  }
  free(zFull);
}

int main(void){
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_reference),
    cmocka_unit_test(test_zeros_small),
    cmocka_unit_test(test_zeros_large),
    cmocka_unit_test(test_zeroblob_value),
  };
  return cmocka_run_group_tests(tests, 0, 0);
}
