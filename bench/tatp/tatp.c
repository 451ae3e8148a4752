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
** TATP (Telecom Application Transaction Processing benchmark) as one small
** driver that loads a libsqlite3 shared library at run time (dlopen), so
** that the same binary drives stock SQLite and lipsqlite side by side.
**
** Build:   cc -O2 -o tatp bench/tatp/tatp.c -ldl
**
** Usage:   tatp LIBRARY DATABASE --load N [--seed N] [--page-size N]
**                                          [--progress]
**          tatp LIBRARY DATABASE [RUN OPTIONS]
**          tatp LIBRARY --probe
**
**   --load N           create DATABASE afresh (the file and its -journal,
**                      -wal and -shm are removed first) with the four TATP
**                      tables populated for N subscribers, and print a JSON
**                      summary (load time, rows per table)
**   --progress         with --load: a progress bar on stderr
**
** Run options (DATABASE must exist, as made by --load):
**   --journal MODE     delete | truncate | persist | wal   (default delete)
**   --sync MODE        off | normal | full | extra          (default full)
**   --cache N          PRAGMA cache_size (default: the library's default)
**   --duration S       seconds of the measured interval     (default 10)
**   --warmup S         seconds run first, not measured      (default 2)
**   --seed N           seed of the random generator         (default 1)
**   --tx N             stop after N transactions (warm-up ones included),
**                      even before the duration is over: the same
**                      transactions for every library, for instruction
**                      counts (default: no limit)
**   --sql TEXT         SQL run after the configuration PRAGMAs; may be
**                      given more than once
**
** The schema, the population and the transactions follow the TATP
** specification (IBM Software Group Information Management, version 1.0,
** 2009):
**
**   subscriber(s_id INTEGER PRIMARY KEY, sub_nbr TEXT UNIQUE, bit_1..bit_10,
**              hex_1..hex_10, byte2_1..byte2_10, msc_location,
**              vlr_location)
**   access_info(s_id, ai_type, data1, data2, data3, data4),
**              PRIMARY KEY(s_id, ai_type)
**   special_facility(s_id, sf_type, is_active, error_cntrl, data_a,
**              data_b), PRIMARY KEY(s_id, sf_type)
**   call_forwarding(s_id, sf_type, start_time, end_time, numberx),
**              PRIMARY KEY(s_id, sf_type, start_time)
**
** Population for N subscribers: s_id 1..N; sub_nbr the s_id as a 15-digit
** zero-padded string; bit_x 0..1, hex_x 0..15, byte2_x 0..255,
** msc_location and vlr_location 1..2^32-1.  Per subscriber 1-4
** access_info rows with distinct ai_type 1..4 (data1, data2 0..255, data3
** 3 and data4 5 random upper-case letters) and 1-4 special_facility rows
** with distinct sf_type 1..4 (is_active 1 with probability 85%,
** error_cntrl and data_a 0..255, data_b 5 upper-case letters); per
** special_facility row 0-3 call_forwarding rows with distinct start_time
** of 0, 8, 16, end_time start_time+1..8 and numberx 15 random digits.
**
** The mix, one client, each transaction in BEGIN ... COMMIT:
**
**   35% GET_SUBSCRIBER_DATA     SELECT all columns of one subscriber by s_id
**   10% GET_NEW_DESTINATION     join special_facility (is_active=1) and
**                               call_forwarding on a time window
**   35% GET_ACCESS_DATA         access_info by (s_id, ai_type)
**    2% UPDATE_SUBSCRIBER_DATA  subscriber.bit_1 by s_id, then
**                               special_facility.data_a by (s_id, sf_type)
**   14% UPDATE_LOCATION         subscriber.vlr_location by sub_nbr
**    2% INSERT_CALL_FORWARDING  s_id by sub_nbr, the sf_types of it, an
**                               INSERT into call_forwarding
**    2% DELETE_CALL_FORWARDING  s_id by sub_nbr, a DELETE from
**                               call_forwarding
**
** s_id is drawn non-uniformly, (rand(0,A) | rand(1,N)) % N + 1 with A =
** 65535 for N <= 1,000,000, 1048575 up to 10,000,000, 2097151 above;
** sf_type and ai_type are rand(1,4), start_time one of 0, 8, 16 and
** end_time rand(1,24).  The "expected failures" of the specification end
** the transaction with ROLLBACK and are counted apart, by reason:
** not_found (GET_NEW_DESTINATION and GET_ACCESS_DATA find no row,
** UPDATE_SUBSCRIBER_DATA finds no special_facility row,
** DELETE_CALL_FORWARDING deletes nothing), fk (INSERT_CALL_FORWARDING of
** an sf_type the subscriber has no special_facility row for: checked by
** the transaction from its SELECT, as PRAGMA foreign_keys is off by
** default) and duplicate (INSERT_CALL_FORWARDING of an existing primary
** key).  Any other error stops the driver.  Throughput is committed
** (successful) transactions per second of the measured interval, the
** specification's Mean Qualified Throughput; latency is of every measured
** transaction, BEGIN to the end of COMMIT or ROLLBACK.
**
** All random draws come from one xorshift64* generator (rand(lo,hi) =
** lo + next() % (hi-lo+1)) in a fixed order, so that a run from the same
** database and seed attempts the same transactions in the same order, on
** any library; bench/tatp/run.py implements the same generator and
** transactions for DuckDB.  The type and outcome of every transaction of
** a run (warm-up included) are hashed (FNV-1a) and the hash is reported
** after the first 100, 200, 500, 1000, ..., 50000 transactions: equal
** hashes across systems show that they agreed on every outcome so far.
**
** Exit status: 0 on success, 1 if SQLite or the library fails, 2 on bad
** arguments.
*/
#define BENCH_NAME "tatp"
#include "../common/benchlib.h"

/* Counts of transactions after which the outcome digest is reported */
static const long aDigestAt[] = {
  100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 0
};

/*
** Return the integer result of the single statement zSql, or exit.
*/
static sqlite3_int64 queryInt(sqlite3 *db, const char *zSql){
  char *z = queryText(db, zSql, 0);
  sqlite3_int64 v;
  if( z==0 ) sqlFatal(db, zSql);
  v = strtoll(z, 0, 10);
  free(z);
  return v;
}

/*
** What the library reports about its configuration, as JSON members.
** PRAGMAs a library does not know (lip_filter, page_cleaner on stock)
** return no row: null.
*/
static void jsonConfig(sqlite3 *db){
  jsonSettings(db);
  jsonPragma(db, "foreign_keys", "PRAGMA foreign_keys", 0);
  jsonPragma(db, "page_count", "PRAGMA page_count", 0);
  jsonPragma(db, "compile_options", "PRAGMA compile_options", " ");
  jsonPragma(db, "lip_filter", "PRAGMA lip_filter", 0);
  jsonPragma(db, "page_cleaner", "PRAGMA page_cleaner", 0);
  jsonPragma(db, "page_cleaner_threshold", "PRAGMA page_cleaner_threshold", 0);
}

/*
** A uniform integer in lo..hi (inclusive).
*/
static sqlite3_int64 rnd(sqlite3_int64 lo, sqlite3_int64 hi){
  return lo + (sqlite3_int64)(prngNext() % (unsigned long long)(hi-lo+1));
}

/*
** n random upper-case letters into z, terminated.
*/
static void rndUpper(char *z, int n){
  int i;
  for(i=0; i<n; i++) z[i] = (char)('A' + rnd(0, 25));
  z[n] = 0;
}

/*
** 15 random digits into z, terminated (one draw modulo 10^15).
*/
static void rndNumberx(char *z){
  snprintf(z, 16, "%015llu", prngNext() % 1000000000000000ULL);
}

/*
** k distinct values of a[0..n-1], moved to a[0..k-1] (a partial
** Fisher-Yates shuffle).
*/
static void rndPick(int *a, int n, int k){
  int i;
  for(i=0; i<k; i++){
    int j = (int)rnd(i, n-1);
    int t = a[i]; a[i] = a[j]; a[j] = t;
  }
}

/*
** The specification's non-uniform s_id for a population of nSub.
*/
static sqlite3_int64 nuSid(sqlite3_int64 nSub){
  sqlite3_int64 A = nSub<=1000000 ? 65535 : nSub<=10000000 ? 1048575 : 2097151;
  sqlite3_int64 a = rnd(0, A);
  sqlite3_int64 b = rnd(1, nSub);
  return ((a | b) % nSub) + 1;
}

/*
** Parse a number of seconds > 0 (>= 0 if bZero), or exit with status 2.
*/
static double parseSeconds(const char *zOpt, const char *z, int bZero){
  char *zEnd = 0;
  double v = strtod(z, &zEnd);
  if( zEnd==z || *zEnd || v<0.0 || (v==0.0 && !bZero) ){
    fatal(2, "%s wants a number of seconds %s 0, not '%s'", zOpt,
          bZero ? ">=" : ">", z);
  }
  return v;
}

/*
** Prepare zSql on db, or exit.
*/
static sqlite3_stmt *prepare(sqlite3 *db, const char *zSql){
  sqlite3_stmt *p = 0;
  if( api.xPrepare(db, zSql, -1, &p, 0)!=SQLITE_OK || p==0 ){
    fprintf(stderr, "tatp: in SQL: %s\n", zSql);
    sqlFatal(db, "prepare");
  }
  return p;
}

/*
** Step a statement that returns no row, then reset it.  Return the
** result code of the step (SQLITE_DONE or an error).
*/
static int stepDone(sqlite3_stmt *p){
  int rc = api.xStep(p);
  api.xReset(p);
  return rc;
}

/*
** The schema.  The foreign keys of the specification (access_info,
** special_facility to subscriber; call_forwarding to special_facility) are
** not declared: the transactions check the one that matters
** (INSERT_CALL_FORWARDING), the same way on every system.
*/
static const char zSchema[] =
  "CREATE TABLE subscriber("
  " s_id INTEGER PRIMARY KEY, sub_nbr TEXT NOT NULL UNIQUE,"
  " bit_1 INTEGER, bit_2 INTEGER, bit_3 INTEGER, bit_4 INTEGER,"
  " bit_5 INTEGER, bit_6 INTEGER, bit_7 INTEGER, bit_8 INTEGER,"
  " bit_9 INTEGER, bit_10 INTEGER,"
  " hex_1 INTEGER, hex_2 INTEGER, hex_3 INTEGER, hex_4 INTEGER,"
  " hex_5 INTEGER, hex_6 INTEGER, hex_7 INTEGER, hex_8 INTEGER,"
  " hex_9 INTEGER, hex_10 INTEGER,"
  " byte2_1 INTEGER, byte2_2 INTEGER, byte2_3 INTEGER, byte2_4 INTEGER,"
  " byte2_5 INTEGER, byte2_6 INTEGER, byte2_7 INTEGER, byte2_8 INTEGER,"
  " byte2_9 INTEGER, byte2_10 INTEGER,"
  " msc_location INTEGER, vlr_location INTEGER);"
  "CREATE TABLE access_info("
  " s_id INTEGER NOT NULL, ai_type INTEGER NOT NULL,"
  " data1 INTEGER, data2 INTEGER, data3 TEXT, data4 TEXT,"
  " PRIMARY KEY(s_id, ai_type));"
  "CREATE TABLE special_facility("
  " s_id INTEGER NOT NULL, sf_type INTEGER NOT NULL,"
  " is_active INTEGER NOT NULL, error_cntrl INTEGER, data_a INTEGER,"
  " data_b TEXT, PRIMARY KEY(s_id, sf_type));"
  "CREATE TABLE call_forwarding("
  " s_id INTEGER NOT NULL, sf_type INTEGER NOT NULL,"
  " start_time INTEGER NOT NULL, end_time INTEGER, numberx TEXT,"
  " PRIMARY KEY(s_id, sf_type, start_time));";

/*
** Draw a progress bar for done/total on stderr.
*/
static void progressBar(const char *zWhat, sqlite3_int64 done,
                        sqlite3_int64 total, double tStart){
  int i, w = (int)(40*done/total);
  fprintf(stderr, "\r%s [", zWhat);
  for(i=0; i<40; i++) fputc(i<w ? '#' : '.', stderr);
  fprintf(stderr, "] %3d%% %lld/%lld subscribers %5.1fs", (int)(100*done/total),
          done, total, (nowUs()-tStart)/1e6);
  if( done==total ) fputc('\n', stderr);
  fflush(stderr);
}

/*
** Create and populate the database for nSub subscribers.
*/
static void loadDatabase(const char *zLib, const char *zDb, sqlite3_int64 nSub,
                         long iSeed, long nPage, int bProgress){
  sqlite3 *db;
  sqlite3_stmt *pSub, *pAi, *pSf, *pCf;
  sqlite3_int64 s;
  sqlite3_int64 nAi = 0, nSf = 0, nCf = 0;
  double t0, tLoad;
  char zSet[100];
  double tDrawn = 0.0;
  char zNbr[24], zA[6], zB[6], zNum[16];

  removeDatabase(zDb, 0);
  db = openDatabase(zDb, SQLITE_OPEN_READWRITE|SQLITE_OPEN_CREATE);
  t0 = nowUs();
  snprintf(zSet, sizeof(zSet), "PRAGMA page_size=%ld", nPage);
  execAll(db, zSet);
  execAll(db, "PRAGMA journal_mode=delete");
  execAll(db, zSchema);
  pSub = prepare(db, "INSERT INTO subscriber VALUES(?1,?2,"
     "?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,"
     "?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,"
     "?23,?24,?25,?26,?27,?28,?29,?30,?31,?32,?33,?34)");
  pAi = prepare(db, "INSERT INTO access_info VALUES(?1,?2,?3,?4,?5,?6)");
  pSf = prepare(db, "INSERT INTO special_facility VALUES(?1,?2,?3,?4,?5,?6)");
  pCf = prepare(db, "INSERT INTO call_forwarding VALUES(?1,?2,?3,?4,?5)");
  prngSeed(iSeed);
  execAll(db, "BEGIN");
  for(s=1; s<=nSub; s++){
    int i, j, n;
    int aAi[4] = {1, 2, 3, 4};
    int aSf[4] = {1, 2, 3, 4};

    snprintf(zNbr, sizeof(zNbr), "%015lld", s);
    api.xBindInt64(pSub, 1, s);
    api.xBindText(pSub, 2, zNbr, 15, SQLITE_STATIC);
    for(i=0; i<10; i++) api.xBindInt64(pSub, 3+i, rnd(0, 1));
    for(i=0; i<10; i++) api.xBindInt64(pSub, 13+i, rnd(0, 15));
    for(i=0; i<10; i++) api.xBindInt64(pSub, 23+i, rnd(0, 255));
    api.xBindInt64(pSub, 33, rnd(1, 4294967295LL));
    api.xBindInt64(pSub, 34, rnd(1, 4294967295LL));
    if( stepDone(pSub)!=SQLITE_DONE ) sqlFatal(db, "INSERT subscriber");

    n = (int)rnd(1, 4);
    rndPick(aAi, 4, n);
    for(i=0; i<n; i++){
      api.xBindInt64(pAi, 1, s);
      api.xBindInt64(pAi, 2, aAi[i]);
      api.xBindInt64(pAi, 3, rnd(0, 255));
      api.xBindInt64(pAi, 4, rnd(0, 255));
      rndUpper(zA, 3);
      rndUpper(zB, 5);
      api.xBindText(pAi, 5, zA, 3, SQLITE_STATIC);
      api.xBindText(pAi, 6, zB, 5, SQLITE_STATIC);
      if( stepDone(pAi)!=SQLITE_DONE ) sqlFatal(db, "INSERT access_info");
      nAi++;
    }

    n = (int)rnd(1, 4);
    rndPick(aSf, 4, n);
    for(i=0; i<n; i++){
      int aStart[3] = {0, 8, 16};
      int m;
      api.xBindInt64(pSf, 1, s);
      api.xBindInt64(pSf, 2, aSf[i]);
      api.xBindInt64(pSf, 3, rnd(1, 100)<=85);
      api.xBindInt64(pSf, 4, rnd(0, 255));
      api.xBindInt64(pSf, 5, rnd(0, 255));
      rndUpper(zB, 5);
      api.xBindText(pSf, 6, zB, 5, SQLITE_STATIC);
      if( stepDone(pSf)!=SQLITE_DONE ) sqlFatal(db, "INSERT special_facility");
      nSf++;
      m = (int)rnd(0, 3);
      rndPick(aStart, 3, m);
      for(j=0; j<m; j++){
        api.xBindInt64(pCf, 1, s);
        api.xBindInt64(pCf, 2, aSf[i]);
        api.xBindInt64(pCf, 3, aStart[j]);
        api.xBindInt64(pCf, 4, aStart[j] + rnd(1, 8));
        rndNumberx(zNum);
        api.xBindText(pCf, 5, zNum, 15, SQLITE_STATIC);
        if( stepDone(pCf)!=SQLITE_DONE ) sqlFatal(db, "INSERT call_forwarding");
        nCf++;
      }
    }
    if( s%10000==0 && s<nSub ){
      execAll(db, "COMMIT");
      execAll(db, "BEGIN");
    }
    if( bProgress && (s==nSub || nowUs()-tDrawn>=250000.0) ){
      tDrawn = nowUs();
      progressBar("loading", s, nSub, t0);
    }
  }
  execAll(db, "COMMIT");
  api.xFinalize(pSub);
  api.xFinalize(pAi);
  api.xFinalize(pSf);
  api.xFinalize(pCf);
  tLoad = (nowUs() - t0)/1e6;
  printf("{\n  \"library\": ");
  jsonString(zLib);
  printf(",\n  \"database\": ");
  jsonString(zDb);
  printf(",\n  \"subscribers\": %lld, \"seed\": %ld", nSub, iSeed);
  printf(",\n  \"load_s\": %.3f", tLoad);
  {
    sqlite3_int64 nS = queryInt(db, "SELECT count(*) FROM subscriber");
    sqlite3_int64 nA = queryInt(db, "SELECT count(*) FROM access_info");
    sqlite3_int64 nF = queryInt(db, "SELECT count(*) FROM special_facility");
    sqlite3_int64 nC = queryInt(db, "SELECT count(*) FROM call_forwarding");
    if( nS!=nSub || nA!=nAi || nF!=nSf || nC!=nCf ){
      fatal(1, "%s: rows read back (%lld, %lld, %lld, %lld) differ from rows "
            "inserted (%lld, %lld, %lld, %lld)", zDb, nS, nA, nF, nC, nSub,
            nAi, nSf, nCf);
    }
    printf(",\n  \"rows\": {\"subscriber\": %lld, \"access_info\": %lld, "
           "\"special_facility\": %lld, \"call_forwarding\": %lld}",
           nS, nA, nF, nC);
  }
  jsonConfig(db);
  printf("\n}\n");
  if( api.xClose(db)!=SQLITE_OK ) fatal(1, "sqlite3_close failed");
}

/* Transaction types, in the order of the mix */
#define T_GSD 0   /* GET_SUBSCRIBER_DATA */
#define T_GND 1   /* GET_NEW_DESTINATION */
#define T_GAD 2   /* GET_ACCESS_DATA */
#define T_USD 3   /* UPDATE_SUBSCRIBER_DATA */
#define T_UL  4   /* UPDATE_LOCATION */
#define T_ICF 5   /* INSERT_CALL_FORWARDING */
#define T_DCF 6   /* DELETE_CALL_FORWARDING */
#define N_TYPE 7
static const char *const azType[N_TYPE] = {
  "GET_SUBSCRIBER_DATA", "GET_NEW_DESTINATION", "GET_ACCESS_DATA",
  "UPDATE_SUBSCRIBER_DATA", "UPDATE_LOCATION", "INSERT_CALL_FORWARDING",
  "DELETE_CALL_FORWARDING"
};
/* Cumulative percentages of the mix */
static const int aMixCum[N_TYPE] = { 35, 45, 80, 82, 96, 98, 100 };

/* Outcomes */
#define O_OK        0
#define O_NOTFOUND  1
#define O_FK        2
#define O_DUP       3
#define N_OUTCOME   4
static const char *const azOutcome[N_OUTCOME] = {
  "committed", "not_found", "fk", "duplicate"
};

/* The prepared statements of the run */
static struct {
  sqlite3_stmt *pBegin, *pCommit, *pRollback;
  sqlite3_stmt *pGsd, *pGnd, *pGad, *pUsd1, *pUsd2, *pUl;
  sqlite3_stmt *pSidByNbr, *pSfTypes, *pIcf, *pDcf;
} st;

/*
** Step a SELECT to its end, reading every column of every row (as an
** application would), and return the number of rows.
*/
static int fetchAll(sqlite3 *db, sqlite3_stmt *p){
  int rc, nRow = 0;
  while( (rc = api.xStep(p))==SQLITE_ROW ){
    int i, n = api.xColumnCount(p);
    for(i=0; i<n; i++){
      if( api.xColumnType(p, i)==SQLITE_INTEGER ){
        (void)api.xColumnInt64(p, i);
      }else{
        (void)api.xColumnText(p, i);
      }
    }
    nRow++;
  }
  api.xReset(p);
  if( rc!=SQLITE_DONE ) sqlFatal(db, "SELECT");
  return nRow;
}

/*
** The s_id of subscriber number zNbr, or exit (every sub_nbr exists).
*/
static sqlite3_int64 sidByNbr(sqlite3 *db, const char *zNbr){
  sqlite3_int64 s;
  api.xBindText(st.pSidByNbr, 1, zNbr, 15, SQLITE_STATIC);
  if( api.xStep(st.pSidByNbr)!=SQLITE_ROW ){
    sqlFatal(db, "no subscriber with that sub_nbr");
  }
  s = api.xColumnInt64(st.pSidByNbr, 0);
  api.xReset(st.pSidByNbr);
  return s;
}

/*
** Run one transaction of type eType with parameters drawn from the
** generator; return its outcome.  The draws happen in a fixed order per
** type (s_id first), whatever the outcome, so that the stream of
** transactions is the same on every system.
*/
static int runTransaction(sqlite3 *db, int eType, sqlite3_int64 nSub){
  sqlite3_int64 s = nuSid(nSub);
  int rc, eOut = O_OK;
  char zNbr[24], zNum[16];
  if( stepDone(st.pBegin)!=SQLITE_DONE ) sqlFatal(db, "BEGIN");
  switch( eType ){
    case T_GSD: {
      api.xBindInt64(st.pGsd, 1, s);
      if( fetchAll(db, st.pGsd)!=1 ) fatal(1, "subscriber %lld missing", s);
      break;
    }
    case T_GND: {
      sqlite3_int64 sf = rnd(1, 4), start = 8*rnd(0, 2), end = rnd(1, 24);
      api.xBindInt64(st.pGnd, 1, s);
      api.xBindInt64(st.pGnd, 2, sf);
      api.xBindInt64(st.pGnd, 3, start);
      api.xBindInt64(st.pGnd, 4, end);
      if( fetchAll(db, st.pGnd)==0 ) eOut = O_NOTFOUND;
      break;
    }
    case T_GAD: {
      api.xBindInt64(st.pGad, 1, s);
      api.xBindInt64(st.pGad, 2, rnd(1, 4));
      if( fetchAll(db, st.pGad)==0 ) eOut = O_NOTFOUND;
      break;
    }
    case T_USD: {
      sqlite3_int64 bit = rnd(0, 1), sf = rnd(1, 4), a = rnd(0, 255);
      api.xBindInt64(st.pUsd1, 1, bit);
      api.xBindInt64(st.pUsd1, 2, s);
      if( stepDone(st.pUsd1)!=SQLITE_DONE ) sqlFatal(db, "UPDATE subscriber");
      api.xBindInt64(st.pUsd2, 1, a);
      api.xBindInt64(st.pUsd2, 2, s);
      api.xBindInt64(st.pUsd2, 3, sf);
      if( stepDone(st.pUsd2)!=SQLITE_DONE ){
        sqlFatal(db, "UPDATE special_facility");
      }
      if( api.xChanges(db)==0 ) eOut = O_NOTFOUND;
      break;
    }
    case T_UL: {
      sqlite3_int64 vlr = rnd(1, 4294967295LL);
      snprintf(zNbr, sizeof(zNbr), "%015lld", s);
      api.xBindInt64(st.pUl, 1, vlr);
      api.xBindText(st.pUl, 2, zNbr, 15, SQLITE_STATIC);
      if( stepDone(st.pUl)!=SQLITE_DONE ) sqlFatal(db, "UPDATE_LOCATION");
      if( api.xChanges(db)!=1 ) fatal(1, "sub_nbr %s missing", zNbr);
      break;
    }
    case T_ICF: {
      sqlite3_int64 sf = rnd(1, 4), start = 8*rnd(0, 2), end = rnd(1, 24);
      sqlite3_int64 sid;
      int bFound = 0;
      rndNumberx(zNum);
      snprintf(zNbr, sizeof(zNbr), "%015lld", s);
      sid = sidByNbr(db, zNbr);
      api.xBindInt64(st.pSfTypes, 1, sid);
      while( (rc = api.xStep(st.pSfTypes))==SQLITE_ROW ){
        if( api.xColumnInt64(st.pSfTypes, 0)==sf ) bFound = 1;
      }
      api.xReset(st.pSfTypes);
      if( rc!=SQLITE_DONE ) sqlFatal(db, "SELECT sf_type");
      if( !bFound ){
        eOut = O_FK;
        break;
      }
      api.xBindInt64(st.pIcf, 1, sid);
      api.xBindInt64(st.pIcf, 2, sf);
      api.xBindInt64(st.pIcf, 3, start);
      api.xBindInt64(st.pIcf, 4, end);
      api.xBindText(st.pIcf, 5, zNum, 15, SQLITE_STATIC);
      rc = stepDone(st.pIcf);
      if( rc==SQLITE_CONSTRAINT ){
        eOut = O_DUP;
      }else if( rc!=SQLITE_DONE ){
        sqlFatal(db, "INSERT call_forwarding");
      }
      break;
    }
    default: {   /* T_DCF */
      sqlite3_int64 sf = rnd(1, 4), start = 8*rnd(0, 2);
      sqlite3_int64 sid;
      snprintf(zNbr, sizeof(zNbr), "%015lld", s);
      sid = sidByNbr(db, zNbr);
      api.xBindInt64(st.pDcf, 1, sid);
      api.xBindInt64(st.pDcf, 2, sf);
      api.xBindInt64(st.pDcf, 3, start);
      if( stepDone(st.pDcf)!=SQLITE_DONE ) sqlFatal(db, "DELETE");
      if( api.xChanges(db)==0 ) eOut = O_NOTFOUND;
      break;
    }
  }
  if( eOut==O_OK ){
    if( stepDone(st.pCommit)!=SQLITE_DONE ) sqlFatal(db, "COMMIT");
  }else{
    if( stepDone(st.pRollback)!=SQLITE_DONE ) sqlFatal(db, "ROLLBACK");
  }
  return eOut;
}

static void usage(void){
  fprintf(stderr,
    "usage: tatp LIBRARY DATABASE --load N [--seed N] [--page-size N]"
    " [--progress]\n"
    "       tatp LIBRARY DATABASE [--journal delete|truncate|persist|wal]"
    " [--sync off|normal|full|extra] [--cache N] [--duration S]"
    " [--warmup S] [--seed N] [--tx N] [--sql TEXT]...\n"
    "       tatp LIBRARY --probe\n");
  exit(2);
}

int main(int argc, char **argv){
  BenchArgs a;
  sqlite3_int64 nLoad = 0, nSub;
  double rDuration = 10.0, rWarmup = 2.0;
  int bProgress = 0;
  int i;
  sqlite3 *db;
  double *aLat = 0, *aSorted;
  unsigned char *aTypeOf = 0;
  long nLat = 0, nAlloc = 0;
  long aCount[N_TYPE][N_OUTCOME];
  long nWarmTx = 0, nTotal = 0, nTxMax = 0;
  unsigned long long digest = 0xcbf29ce484222325ULL;
  unsigned long long aDigest[sizeof(aDigestAt)/sizeof(aDigestAt[0])];
  int nDigest = 0;
  double tBegin, tStart, tEnd, tSum = 0.0;
  long nOk = 0, nFail = 0;

  benchArgsInit(&a, argc, argv, 0, usage);
  for(i=3; i<argc; i++){
    const char *zOpt = argv[i];
    const char *zArg;
    if( strcmp(zOpt, "--progress")==0 ){
      bProgress = 1;
      continue;
    }
    zArg = optionValue(argc, argv, &i, usage);
    if( benchOption(&a, zOpt, zArg) ){
      continue;
    }else if( strcmp(zOpt, "--load")==0 ){
      nLoad = parseCount(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--duration")==0 ){
      rDuration = parseSeconds(zOpt, zArg, 0);
    }else if( strcmp(zOpt, "--warmup")==0 ){
      rWarmup = parseSeconds(zOpt, zArg, 1);
    }else if( strcmp(zOpt, "--tx")==0 ){
      nTxMax = (long)parseCount(zOpt, zArg, 1);
    }else{
      fprintf(stderr, "tatp: unknown option '%s'\n", zOpt);
      usage();
    }
  }

  loadLibrary(a.zLib);
  if( nLoad>0 ){
    loadDatabase(a.zLib, a.zDb, nLoad, a.iSeed, a.nPage, bProgress);
    free(a.azSql);
    return 0;
  }

  if( access(a.zDb, R_OK|W_OK)!=0 ){
    fatal(2, "%s: %s (make it with --load N)", a.zDb, strerror(errno));
  }
  db = openConfigured(&a, SQLITE_OPEN_READWRITE, 0);
  nSub = queryInt(db, "SELECT count(*) FROM subscriber");
  if( nSub<1 || queryInt(db, "SELECT max(s_id) FROM subscriber")!=nSub ){
    fatal(1, "%s: subscriber ids are not 1..%lld", a.zDb, nSub);
  }

  st.pBegin = prepare(db, "BEGIN");
  st.pCommit = prepare(db, "COMMIT");
  st.pRollback = prepare(db, "ROLLBACK");
  st.pGsd = prepare(db, "SELECT s_id, sub_nbr,"
      " bit_1, bit_2, bit_3, bit_4, bit_5, bit_6, bit_7, bit_8, bit_9, bit_10,"
      " hex_1, hex_2, hex_3, hex_4, hex_5, hex_6, hex_7, hex_8, hex_9, hex_10,"
      " byte2_1, byte2_2, byte2_3, byte2_4, byte2_5, byte2_6, byte2_7,"
      " byte2_8, byte2_9, byte2_10, msc_location, vlr_location"
      " FROM subscriber WHERE s_id=?1");
  st.pGnd = prepare(db, "SELECT cf.numberx"
      " FROM special_facility AS sf, call_forwarding AS cf"
      " WHERE sf.s_id=?1 AND sf.sf_type=?2 AND sf.is_active=1"
      " AND cf.s_id=sf.s_id AND cf.sf_type=sf.sf_type"
      " AND cf.start_time<=?3 AND ?4<cf.end_time");
  st.pGad = prepare(db, "SELECT data1, data2, data3, data4"
      " FROM access_info WHERE s_id=?1 AND ai_type=?2");
  st.pUsd1 = prepare(db, "UPDATE subscriber SET bit_1=?1 WHERE s_id=?2");
  st.pUsd2 = prepare(db, "UPDATE special_facility SET data_a=?1"
      " WHERE s_id=?2 AND sf_type=?3");
  st.pUl = prepare(db, "UPDATE subscriber SET vlr_location=?1"
      " WHERE sub_nbr=?2");
  st.pSidByNbr = prepare(db, "SELECT s_id FROM subscriber WHERE sub_nbr=?1");
  st.pSfTypes = prepare(db, "SELECT sf_type FROM special_facility"
      " WHERE s_id=?1");
  st.pIcf = prepare(db, "INSERT INTO call_forwarding"
      "(s_id, sf_type, start_time, end_time, numberx) VALUES(?1,?2,?3,?4,?5)");
  st.pDcf = prepare(db, "DELETE FROM call_forwarding"
      " WHERE s_id=?1 AND sf_type=?2 AND start_time=?3");

  memset(aCount, 0, sizeof(aCount));
  prngSeed(a.iSeed);
  tBegin = nowUs();
  tStart = tBegin + rWarmup*1e6;
  tEnd = 0.0;
  for(;;){
    double t0 = nowUs(), t1;
    int eType = 0, eOut;
    int r = (int)rnd(1, 100);
    int bMeasured;
    while( r>aMixCum[eType] ) eType++;
    if( tEnd==0.0 && t0>=tStart ){
      tStart = t0;            /* the measured interval starts here */
      tEnd = tStart + rDuration*1e6;
    }
    bMeasured = tEnd!=0.0;
    eOut = runTransaction(db, eType, nSub);
    t1 = nowUs();
    digest ^= (unsigned long long)(eType*N_OUTCOME + eOut);
    digest *= 0x100000001b3ULL;
    nTotal++;
    if( nTotal==aDigestAt[nDigest] ) aDigest[nDigest++] = digest;
    if( !bMeasured ){
      nWarmTx++;
      if( nTxMax>0 && nTotal>=nTxMax ){ tStart = tEnd = t1; break; }
      continue;
    }
    if( nLat>=nAlloc ){
      nAlloc = nAlloc ? 2*nAlloc : 65536;
      aLat = realloc(aLat, sizeof(double)*nAlloc);
      aTypeOf = realloc(aTypeOf, nAlloc);
      if( aLat==0 || aTypeOf==0 ) fatal(1, "out of memory");
    }
    aLat[nLat] = t1 - t0;
    aTypeOf[nLat] = (unsigned char)eType;
    nLat++;
    tSum += t1 - t0;
    aCount[eType][eOut]++;
    if( eOut==O_OK ) nOk++; else nFail++;
    if( t1>=tEnd || (nTxMax>0 && nTotal>=nTxMax) ){
      tEnd = t1;
      break;
    }
  }

  aSorted = malloc(sizeof(double)*(nLat+1));
  if( aSorted==0 ) fatal(1, "out of memory");
  memcpy(aSorted, aLat, sizeof(double)*nLat);
  qsort(aSorted, nLat, sizeof(double), cmpDouble);
  jsonRunHead(&a, 0);
  printf(", \"cache_size\": ");
  jsonString(a.zCache);
  printf(", \"duration_s\": %g, \"warmup_s\": %g}", rDuration, rWarmup);
  printf(",\n  \"subscribers\": %lld", nSub);
  printf(",\n  \"warmup_tx\": %ld", nWarmTx);
  printf(",\n  \"measured_s\": %.6f", (tEnd - tStart)/1e6);
  printf(",\n  \"tx\": %ld, \"committed\": %ld, \"failed\": %ld", nLat, nOk,
         nFail);
  printf(",\n  \"tx_per_s\": %.3f", nOk/((tEnd - tStart)/1e6));
  printf(",\n  \"attempted_per_s\": %.3f", nLat/((tEnd - tStart)/1e6));
  printf(",\n  \"mean_ms\": %.5f", nLat ? tSum/nLat/1e3 : 0.0);
  printf(",\n  \"p50_ms\": %.5f", percentile(aSorted, (int)nLat, 50.0)/1e3);
  printf(",\n  \"p99_ms\": %.5f", percentile(aSorted, (int)nLat, 99.0)/1e3);
  printf(",\n  \"max_ms\": %.5f", nLat ? aSorted[nLat-1]/1e3 : 0.0);
  printf(",\n  \"digests\": {");
  for(i=0; i<nDigest; i++){
    printf("%s\"%ld\": \"%016llx\"", i ? ", " : "", aDigestAt[i], aDigest[i]);
  }
  printf("}");
  printf(",\n  \"types\": {");
  for(i=0; i<N_TYPE; i++){
    long n = 0, j, m = 0;
    int o;
    for(o=0; o<N_OUTCOME; o++) n += aCount[i][o];
    for(j=0; j<nLat; j++){
      if( aTypeOf[j]==i ) aSorted[m++] = aLat[j];
    }
    qsort(aSorted, m, sizeof(double), cmpDouble);
    printf("%s\n    ", i ? "," : "");
    jsonString(azType[i]);
    printf(": {\"tx\": %ld", n);
    for(o=0; o<N_OUTCOME; o++) printf(", \"%s\": %ld", azOutcome[o], aCount[i][o]);
    printf(", \"p50_ms\": %.5f, \"p99_ms\": %.5f}",
           percentile(aSorted, (int)m, 50.0)/1e3,
           percentile(aSorted, (int)m, 99.0)/1e3);
  }
  printf("\n  }");
  jsonConfig(db);
  printf("\n}\n");
  api.xFinalize(st.pBegin);
  api.xFinalize(st.pCommit);
  api.xFinalize(st.pRollback);
  api.xFinalize(st.pGsd);
  api.xFinalize(st.pGnd);
  api.xFinalize(st.pGad);
  api.xFinalize(st.pUsd1);
  api.xFinalize(st.pUsd2);
  api.xFinalize(st.pUl);
  api.xFinalize(st.pSidByNbr);
  api.xFinalize(st.pSfTypes);
  api.xFinalize(st.pIcf);
  api.xFinalize(st.pDcf);
  if( api.xClose(db)!=SQLITE_OK ) fatal(1, "sqlite3_close failed");
  free(aLat);
  free(aTypeOf);
  free(aSorted);
  free(a.azSql);
  return 0;
}
