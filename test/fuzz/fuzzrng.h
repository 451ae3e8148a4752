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
** The PRNG of our C fuzzers (lipfuzz.c, cccorrupt.c): splitmix64, seeded
** from a run's seed and a case number, so that a case replays from the
** two numbers a failure prints.  Include after "sqlite3.h"; each fuzzer
** is one translation unit, so the functions are static.
*/
#ifndef LIPSQLITE_FUZZRNG_H
#define LIPSQLITE_FUZZRNG_H

/* The state of a PRNG (rngNext()) */
typedef struct Rng Rng;
struct Rng { sqlite3_uint64 s; };

/*
** The next 64 bits of PRNG p.
*/
static sqlite3_uint64 rngNext(Rng *p){
  sqlite3_uint64 z = (p->s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z>>30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z>>27)) * 0x94d049bb133111ebULL;
  return z ^ (z>>31);
}

/*
** A number from 0 to n-1 (0 if n is at most 1).
*/
static int rnd(Rng *p, int n){
  return n<=1 ? 0 : (int)(rngNext(p) % (sqlite3_uint64)n);
}

/*
** A number from lo to hi, both included.
*/
static int rndRange(Rng *p, int lo, int hi){
  return lo + rnd(p, hi-lo+1);
}

/*
** Seed PRNG p for case iCase of the run with seed iSeed.
*/
static void rngSeed(Rng *p, sqlite3_uint64 iSeed, sqlite3_uint64 iCase){
  p->s = iSeed*0x2545f4914f6cdd1dULL + iCase;
  rngNext(p);
}

#endif /* LIPSQLITE_FUZZRNG_H */
