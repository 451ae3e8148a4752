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
** Column copies, LIKE and GLOB inside the scan: a pattern made of ASCII
** literals and "match any" wildcards ('%a%b%', 'a%', '%a') compiled
** once per scan into its literal segments, and matched against a text
** by a substring search.  The design is in doc/column-copy.md.
*/
#include "column_copy_int.h"

/*
** A compiled pattern: the literal segments between its "match any"
** wildcards, aOff[i]..aOff[i+1]-1 the bytes of segment i in z[] (folded
** to lower case if bNoCase).  No segment is empty.
*/
struct CCMatch {
  u8 bNoCase;                   /* ASCII letters match either case */
  u8 bHead;                     /* No wildcard first: segment 0 starts the
                                ** text */
  u8 bTail;                     /* No wildcard last: the last segment ends
                                ** the text */
  int nSeg;                     /* Segments */
  int *aOff;                    /* nSeg+1 offsets into z[] */
  u8 *z;                        /* The segments' bytes */
};

/*
** True if the n bytes at z equal the n bytes of segment bytes at zSeg,
** folding the ASCII letters of z if bNoCase (zSeg is folded already).
*/
static int ccSegEq(const u8 *z, const u8 *zSeg, int n, int bNoCase){
  int i;
  if( !bNoCase ) return memcmp(z, zSeg, n)==0;
  for(i=0; i<n; i++){
    if( sqlite3Tolower(z[i])!=zSeg[i] ) return 0;
  }
  return 1;
}

/*
** The offset of the first occurrence of the nSeg bytes at zSeg in the n
** bytes at z, as ccSegEq() compares, or -1.
*/
static int ccSegFind(const u8 *z, int n, const u8 *zSeg, int nSeg,
                     int bNoCase){
  u8 c0 = zSeg[0];                      /* Folded already, if bNoCase */
  u8 c1 = bNoCase ? sqlite3Toupper(c0) : c0;
  int nLast = n-nSeg;                   /* Last offset that can start it */
  const u8 *z0, *z1, *zEnd = &z[nLast+1];
  assert( nSeg>0 );
  if( nLast<0 ) return -1;
  /* The next candidates with the first byte in either case, found by
  ** memchr() (z1 is z0 if that byte has one case) */
  z0 = memchr(z, c0, nLast+1);
  z1 = c1==c0 ? z0 : memchr(z, c1, nLast+1);
  while( z0 || z1 ){
    const u8 *zAt = z1==0 || (z0 && z0<z1) ? z0 : z1;
    if( ccSegEq(zAt+1, &zSeg[1], nSeg-1, bNoCase) ) return (int)(zAt-z);
    if( zAt==z0 ){
      z0 = zAt+1<zEnd ? memchr(zAt+1, c0, zEnd-(zAt+1)) : 0;
    }
    if( zAt==z1 ){
      z1 = c1==c0 ? z0 : (zAt+1<zEnd ? memchr(zAt+1, c1, zEnd-(zAt+1)) : 0);
    }
  }
  return -1;
}

/*
** Return 1 if the text z[0..n-1] (UTF-8, its first NUL byte ending it as
** it ends the text that like() reads) matches pattern pM, else 0.
**
** Exact, not just "may match": the pattern's bytes are ASCII, and an
** ASCII byte of a text is always a character of its own to SQLite's
** UTF-8 reader (a continuation byte is 0x80..0xBF; a multi-byte sequence
** that decodes below 0x80 is read as U+FFFD), so a run of the pattern's
** characters occurs in the text exactly where its bytes do.  Segments
** between "match any" wildcards match leftmost first, which finds a
** match whenever there is one.
*/
int sqlite3CcMatch(const CCMatch *pM, const u8 *z, int n){
  const u8 *zNul = n>0 ? memchr(z, 0, n) : 0;
  int i, iPos = 0;
  if( zNul ) n = (int)(zNul - z);
  if( pM->nSeg==0 ){
    /* '' matches the empty text; a pattern of wildcards, any text */
    return pM->bHead && pM->bTail ? n==0 : 1;
  }
  for(i=0; i<pM->nSeg; i++){
    const u8 *zSeg = &pM->z[pM->aOff[i]];
    int nSeg = pM->aOff[i+1] - pM->aOff[i];
    if( i==pM->nSeg-1 && pM->bTail ){
      /* The last segment ends the text, after what matched before it */
      if( n-iPos<nSeg ) return 0;
      if( i==0 && pM->bHead && n!=nSeg ) return 0;
      return ccSegEq(&z[n-nSeg], zSeg, nSeg, pM->bNoCase);
    }
    if( i==0 && pM->bHead ){
      if( n<nSeg || !ccSegEq(z, zSeg, nSeg, pM->bNoCase) ) return 0;
      iPos = nSeg;
    }else{
      int iAt = ccSegFind(&z[iPos], n-iPos, zSeg, nSeg, pM->bNoCase);
      if( iAt<0 ) return 0;
      iPos += iAt + nSeg;
    }
  }
  return 1;
}

/*
** Compile the pattern of LIKE or GLOB term t (plan term pt), its
** constant t->aConst[0], into t->pMatch.  If the scan cannot evaluate it
** exactly, set t->bOff instead: every row with a value passes, and the
** loop's body decides.  That is so for a pattern that is not a text, is
** longer than SQLITE_LIMIT_LIKE_PATTERN_LENGTH (like() fails on it), has
** a byte that is not ASCII, a "match one" wildcard, a GLOB set or an
** escape at its end.  Return SQLITE_OK or SQLITE_NOMEM.
*/
int sqlite3CcMatchCompile(sqlite3 *db, const CCPlanTerm *pt, CCTerm *t){
  const CCVal *pPat = &t->aConst[0];
  u8 cAll = (u8)pt->aWc[0], cOne = (u8)pt->aWc[1];
  u8 cSet = (u8)pt->aWc[2], cEsc = (u8)pt->aWc[3];
  const u8 *zPat;
  int nPat, i, nSeg = 0, nByte = 0, bEsc = 0;
  CCMatch *pM;
  u8 *zOut;

  assert( pt->op==TK_LIKE_KW && t->op==TK_LIKE_KW );
  sqlite3_free(t->pMatch);
  t->pMatch = 0;
  t->bNot = (pt->eMatch & CC_MATCH_NOT)!=0;
  if( t->bOff ) return SQLITE_OK;               /* A NULL pattern */
  if( pPat->eType!=SQLITE_TEXT
   || pPat->n>db->aLimit[SQLITE_LIMIT_LIKE_PATTERN_LENGTH]
  ){
    t->bOff = 1;
    return SQLITE_OK;
  }
  zPat = pPat->u.z;
  nPat = pPat->n;
  for(i=0; i<nPat && zPat[i]; i++){
    u8 c = zPat[i];
    if( c>=0x80 ){ t->bOff = 1; return SQLITE_OK; }
    if( bEsc ){
      bEsc = 0;
    }else if( cEsc && c==cEsc ){
      bEsc = 1;
      continue;
    }else if( c==cAll ){
      continue;
    }else if( c==cOne || (cSet && c==cSet) ){
      t->bOff = 1;
      return SQLITE_OK;
    }
    nByte++;
  }
  for(i=0; i<nPat && zPat[i]; i++){
    if( zPat[i]==cAll ) nSeg++;       /* Segments: at most one more */
  }
  nSeg++;
  if( bEsc ){ t->bOff = 1; return SQLITE_OK; }  /* Escape last: like() fails
                                                 ** to match anything */
  nPat = i;

  pM = sqlite3_malloc64(sizeof(CCMatch) + sizeof(int)*(nSeg+1) + nByte + 1);
  if( pM==0 ) return SQLITE_NOMEM_BKPT;
  memset(pM, 0, sizeof(CCMatch));
  pM->aOff = (int*)&pM[1];
  pM->z = zOut = (u8*)&pM->aOff[nSeg+1];
  pM->bNoCase = (pt->eMatch & CC_MATCH_NOCASE)!=0;
  pM->bHead = nPat==0 || zPat[0]!=cAll;
  pM->bTail = 1;
  pM->aOff[0] = 0;
  nByte = 0;
  bEsc = 0;
  for(i=0; i<nPat; i++){
    u8 c = zPat[i];
    if( !bEsc && cEsc && c==cEsc ){
      bEsc = 1;
      continue;
    }
    if( !bEsc && c==cAll ){
      /* Ends the segment being read, if it has a byte */
      if( nByte>pM->aOff[pM->nSeg] ) pM->aOff[++pM->nSeg] = nByte;
      pM->bTail = 0;
      continue;
    }
    bEsc = 0;
    pM->bTail = 1;
    zOut[nByte++] = pM->bNoCase ? sqlite3Tolower(c) : c;
  }
  if( nByte>pM->aOff[pM->nSeg] ) pM->aOff[++pM->nSeg] = nByte;
  assert( pM->nSeg<=nSeg );
  t->pMatch = pM;
  return SQLITE_OK;
}
