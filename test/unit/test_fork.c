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
** cmocka unit tests of src/core/fork.c.  The build's amalgamation is included
** whole, so that the tests reach the fork's internal functions.
*/
#include "sqlite3.c"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

/* Every accepted spelling of a boolean gives the right value. */
static void test_parse_bool_accepts(void **state){
  static const char *azOn[] = { "1", "on", "ON", "On", "true", "TRUE", "yes", "Yes" };
  static const char *azOff[] = { "0", "off", "OFF", "false", "False", "no", "NO" };
  int i, b;
  (void)state;
  for(i=0; i<(int)(sizeof(azOn)/sizeof(azOn[0])); i++){
    b = -1;
    assert_int_equal(sqlite3ForkParseBool(azOn[i], &b), SQLITE_OK);
    assert_int_equal(b, 1);
  }
  for(i=0; i<(int)(sizeof(azOff)/sizeof(azOff[0])); i++){
    b = -1;
    assert_int_equal(sqlite3ForkParseBool(azOff[i], &b), SQLITE_OK);
    assert_int_equal(b, 0);
  }
}

/* Anything else is an error and leaves the output alone. */
static void test_parse_bool_rejects(void **state){
  static const char *azBad[] = { "", "2", "-1", "onn", "of", "y", "n", "truee", " on", "1.0" };
  int i, b;
  (void)state;
  for(i=0; i<(int)(sizeof(azBad)/sizeof(azBad[0])); i++){
    b = 42;
    assert_int_equal(sqlite3ForkParseBool(azBad[i], &b), SQLITE_ERROR);
    assert_int_equal(b, 42);
  }
  b = 42;
  assert_int_equal(sqlite3ForkParseBool(0, &b), SQLITE_ERROR);
  assert_int_equal(b, 42);
}

/* Fractions in [0,1] are accepted with their value. */
static void test_parse_fraction_accepts(void **state){
  double r;
  (void)state;
  r = -1.0; assert_int_equal(sqlite3ForkParseFraction("0", &r), SQLITE_OK);
  assert_true(r==0.0);
  r = -1.0; assert_int_equal(sqlite3ForkParseFraction("1", &r), SQLITE_OK);
  assert_true(r==1.0);
  r = -1.0; assert_int_equal(sqlite3ForkParseFraction("0.75", &r), SQLITE_OK);
  assert_true(r==0.75);
  r = -1.0; assert_int_equal(sqlite3ForkParseFraction("1.0", &r), SQLITE_OK);
  assert_true(r==1.0);
  r = -1.0; assert_int_equal(sqlite3ForkParseFraction("5e-1", &r), SQLITE_OK);
  assert_true(r==0.5);
  r = -1.0; assert_int_equal(sqlite3ForkParseFraction(".2", &r), SQLITE_OK);
  assert_true(r==0.2);
}

/* Out of range, not a number, or trailing text: an error. */
static void test_parse_fraction_rejects(void **state){
  static const char *azBad[] = {
    "", "-0.1", "1.0001", "2", "abc", "0.5x", "nan", "inf", "1e10", "-1", "0.5 0.6"
  };
  int i;
  double r;
  (void)state;
  for(i=0; i<(int)(sizeof(azBad)/sizeof(azBad[0])); i++){
    r = 9.0;
    assert_int_equal(sqlite3ForkParseFraction(azBad[i], &r), SQLITE_ERROR);
    assert_true(r==9.0);
  }
  assert_int_equal(sqlite3ForkParseFraction(0, &r), SQLITE_ERROR);
}

/* Through the public API: the fork's version, and the read-only error. */
static void test_version_pragma(void **state){
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  char *zErr = 0;
  size_t nUp;
  (void)state;
  assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
  assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA lipsqlite_version", -1, &pStmt, 0), SQLITE_OK);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_ROW);
  assert_string_equal((const char*)sqlite3_column_text(pStmt, 0), LIPSQLITE_VERSION);
  assert_int_equal(sqlite3_step(pStmt), SQLITE_DONE);
  sqlite3_finalize(pStmt);
  assert_int_equal(sqlite3_exec(db, "PRAGMA lipsqlite_version=1", 0, 0, &zErr), SQLITE_ERROR);
  assert_non_null(zErr);
  assert_string_equal(zErr, "PRAGMA lipsqlite_version is read-only");
  sqlite3_free(zErr);
  /* The fork's version is upstream's plus "+lip.N": our VERSION file and the
  ** upstream tree agree (no release is named here, so that a rebase does not
  ** edit this test). */
  nUp = strlen(sqlite3_libversion());
  assert_true(nUp>0);
  assert_true(strncmp(LIPSQLITE_VERSION, sqlite3_libversion(), nUp)==0);
  assert_true(strncmp(LIPSQLITE_VERSION+nUp, "+lip.", 5)==0);
  assert_true(LIPSQLITE_VERSION[nUp+5]>='0' && LIPSQLITE_VERSION[nUp+5]<='9');
  assert_int_equal(strspn(LIPSQLITE_VERSION+nUp+5, "0123456789"),
                   strlen(LIPSQLITE_VERSION+nUp+5));
  assert_int_equal(sqlite3_compileoption_used("LIPSQLITE_VERSION=" LIPSQLITE_VERSION), 1);
  sqlite3_close(db);
}

int main(void){
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parse_bool_accepts),
    cmocka_unit_test(test_parse_bool_rejects),
    cmocka_unit_test(test_parse_fraction_accepts),
    cmocka_unit_test(test_parse_fraction_rejects),
    cmocka_unit_test(test_version_pragma),
  };
  return cmocka_run_group_tests_name("fork", tests, NULL, NULL);
}
