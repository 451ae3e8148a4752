/*
** Regression test for CVE-2026-50813 (patches/0030-session-fix.patch):
** a changeset whose TEXT or BLOB length is a varint out of the range of an
** int must make sqlite3changeset_concat() and sqlite3changegroup_add()
** return SQLITE_CORRUPT, without reading outside the changeset.  This file
** is compiled with AddressSanitizer (the UNIT_CFLAGS line below), which
** turns any such read into a failure.
**
** UNIT_CFLAGS: -fsanitize=address -fno-omit-frame-pointer
*/
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include "sqlite3.c"
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

/*
** Make a changeset of one INSERT into t1(a INTEGER PRIMARY KEY, b TEXT)
** with b = 'abc'.  Return it in *ppOut (sqlite3_free() it).
*/
static int makeChangeset(int iKey, int *pnOut, void **ppOut){
  sqlite3 *db = 0;
  sqlite3_session *pS = 0;
  char zSql[100];
  int rc = sqlite3_open(":memory:", &db);
  if( rc==SQLITE_OK ) rc = sqlite3_exec(db, "CREATE TABLE t1(a INTEGER PRIMARY KEY, b TEXT)", 0, 0, 0);
  if( rc==SQLITE_OK ) rc = sqlite3session_create(db, "main", &pS);
  if( rc==SQLITE_OK ) rc = sqlite3session_attach(pS, "t1");
  sqlite3_snprintf(sizeof(zSql), zSql, "INSERT INTO t1 VALUES(%d, 'abc')", iKey);
  if( rc==SQLITE_OK ) rc = sqlite3_exec(db, zSql, 0, 0, 0);
  if( rc==SQLITE_OK ) rc = sqlite3session_changeset(pS, pnOut, ppOut);
  if( pS ) sqlite3session_delete(pS);
  sqlite3_close(db);
  return rc;
}

/*
** Copy changeset a[0..n-1] into a new buffer with the one-byte length of
** the TEXT value 'abc' (03 03 'a' 'b' 'c') replaced by the 5-byte varint
** aVarint[], and without the text bytes that follow it, so that the
** changeset ends right after the length.  Return the new size, 0 if the
** value was not found.
*/
static int corrupt(const unsigned char *a, int n, const unsigned char *aVarint,
                   int nVarint, unsigned char *aOut){
  int i;
  for(i=0; i+5<=n; i++){
    if( a[i]==0x03 && a[i+1]==0x03 && memcmp(&a[i+2], "abc", 3)==0 ){
      memcpy(aOut, a, i+1);
      memcpy(&aOut[i+1], aVarint, nVarint);
      return i+1+nVarint;
    }
  }
  return 0;
}

/* The changesets used are valid to start with: concat works. */
static void test_valid_concat(void **state){
  int n1, n2, n;
  void *p1, *p2, *p = 0;
  (void)state;
  assert_int_equal(makeChangeset(1, &n1, &p1), SQLITE_OK);
  assert_int_equal(makeChangeset(2, &n2, &p2), SQLITE_OK);
  assert_int_equal(sqlite3changeset_concat(n1, p1, n2, p2, &n, &p), SQLITE_OK);
  assert_true(n>n1);
  sqlite3_free(p);
  sqlite3_free(p1);
  sqlite3_free(p2);
}

/* Lengths 0xFFFFFFFF (-1 as an int), 0x80000000 and 2^35: all corrupt. */
static void test_out_of_range_length(void **state){
  static const unsigned char aaVarint[][5] = {
    { 0x8f, 0xff, 0xff, 0xff, 0x7f },    /* 0xFFFFFFFF */
    { 0x88, 0x80, 0x80, 0x80, 0x00 },    /* 0x80000000 */
    { 0xff, 0xff, 0xff, 0xff, 0x7f },    /* 2^35-1 */
  };
  int k;
  (void)state;
  for(k=0; k<(int)(sizeof(aaVarint)/sizeof(aaVarint[0])); k++){
    int n1, n2, nBad, n = 0, rc;
    void *p1, *p2, *p = 0;
    unsigned char *aBad;
    sqlite3_changegroup *pGrp = 0;
    assert_int_equal(makeChangeset(1, &n1, &p1), SQLITE_OK);
    assert_int_equal(makeChangeset(1, &n2, &p2), SQLITE_OK);
    /* An exact-size heap copy, so that AddressSanitizer sees any read past
    ** its end. */
    aBad = (unsigned char*)malloc(n2+8);
    nBad = corrupt((const unsigned char*)p2, n2, aaVarint[k], 5, aBad);
    assert_true(nBad>0);
    aBad = (unsigned char*)realloc(aBad, nBad);
    rc = sqlite3changeset_concat(n1, p1, nBad, aBad, &n, &p);
    print_message("varint %d: sqlite3changeset_concat() = %d\n", k, rc);
    assert_int_equal(rc & 0xff, SQLITE_CORRUPT);
    sqlite3_free(p);
    p = 0;
    assert_int_equal(sqlite3changegroup_new(&pGrp), SQLITE_OK);
    rc = sqlite3changegroup_add(pGrp, nBad, aBad);
    assert_int_equal(rc & 0xff, SQLITE_CORRUPT);
    sqlite3changegroup_delete(pGrp);
    free(aBad);
    sqlite3_free(p1);
    sqlite3_free(p2);
  }
}

/*
** A hand-made changeset: table "u" of one PRIMARY KEY column, one UPDATE
** whose old value is a TEXT whose length varint (four 0xff bytes) is cut
** short by the end of the changeset.  Concatenated with itself, and added
** to a change group, it is corrupt.
*/
static void test_truncated_length(void **state){
  static const unsigned char aCs[] = {
    'T', 0x01, 0x01, 'u', 0x00,          /* table u, 1 column, the PK */
    SQLITE_UPDATE, 0x00,                 /* UPDATE, not indirect */
    SQLITE_TEXT, 0xff, 0xff, 0xff, 0xff  /* old value: TEXT, length cut */
  };
  unsigned char *a = (unsigned char*)malloc(sizeof(aCs));
  int n = 0, rc;
  void *p = 0;
  sqlite3_changegroup *pGrp = 0;
  (void)state;
  memcpy(a, aCs, sizeof(aCs));
  rc = sqlite3changeset_concat(sizeof(aCs), a, sizeof(aCs), a, &n, &p);
  assert_int_equal(rc & 0xff, SQLITE_CORRUPT);
  sqlite3_free(p);
  assert_int_equal(sqlite3changegroup_new(&pGrp), SQLITE_OK);
  rc = sqlite3changegroup_add(pGrp, sizeof(aCs), a);
  assert_int_equal(rc & 0xff, SQLITE_CORRUPT);
  sqlite3changegroup_delete(pGrp);
  free(a);
}

int main(void){
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_valid_concat),
    cmocka_unit_test(test_out_of_range_length),
    cmocka_unit_test(test_truncated_length),
  };
  return cmocka_run_group_tests(tests, 0, 0);
}
