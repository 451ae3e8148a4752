/*
** 2026-11-23
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
** lipsqlite: the typed CSV import of the shell, ".import --auto".
**
** This file is not compiled on its own: tool/mkshellc.tcl includes it into
** shell.c (an "INCLUDE shell_csvauto.c" line that patch
** 0050-shell-import-auto.patch adds to src/shell.c.in, just before
** dotCmdImport()), so it sees the shell's ShellState, ImportCtx,
** cli_printf() and friends.  dotCmdImport() parses the options and opens
** the input as usual, then hands the open input to csvautoImport().
**
** What csvautoImport() does:
**
**   1.  Reads the input through a buffered RFC-4180 reader of its own
**       (CaReader), strict where upstream's reader is lenient: a ragged
**       row, an unterminated quoted field, a character after a closing
**       quote, a NUL byte or a byte sequence that is not UTF-8 is an error
**       naming the line.
**   2.  If no column separator was given (--csv, --colsep or the mode),
**       picks the one of "," TAB "|" ";" that splits the first rows into
**       the same number (more than one) of fields.
**   3.  Samples the input: its first CA_HEAD_ROWS rows, and for a file that
**       can be repositioned, CA_SPREAD chunks of CA_CHUNK_ROWS rows spread
**       evenly through the rest.  Each column gets the narrowest of
**       INTEGER, REAL and TEXT that holds every non-empty sampled value.  A
**       number written with a leading zero ("007", ZIP code "02134") is a
**       code, not a number: its column is TEXT.  A column with no
**       non-empty value is TEXT.
**   4.  Decides whether the first row is a header: it is when a column
**       typed INTEGER or REAL has a non-empty value there that is not a
**       number, or when no column is numeric (upstream's convention).
**       Header names must be non-empty and distinct (ignoring case, as
**       SQL does); without a header the columns are column1, column2, ...
**   5.  Inside one SAVEPOINT: creates the table (printing the CREATE TABLE
**       it used) unless it exists, inserts every row, then RELEASEs.
**       On any error: ROLLBACK TO the savepoint, so that no table and no
**       row of the import is left behind.  Into an existing table the
**       values are bound by its columns' declared affinities instead.
**   6.  An empty unquoted field is NULL; an empty quoted field ("") is an
**       empty string in a TEXT column and NULL in a numeric one.  A value
**       that does not fit its column's type (one the sample did not see)
**       is bound as text and stored as SQLite's flexible typing stores it:
**       "n/a" as text, "2.5" in an INTEGER column as a REAL, but "007" in
**       an INTEGER column as 7 (its affinity converts it).  How many did
**       not fit, per column, with the first one's line, is reported.
*/

/* Sample sizes (rows). */
#ifndef CA_HEAD_ROWS
# define CA_HEAD_ROWS 2048
#endif
#ifndef CA_SPREAD
# define CA_SPREAD 32
#endif
#ifndef CA_CHUNK_ROWS
# define CA_CHUNK_ROWS 64
#endif
#define CA_SKIP_SHOWN 5        /* Bad rows listed by --keep-going */
#define CA_BUFSZ (1<<20)      /* Bytes read from the file at a time */
#define CA_I64_MAX ((((u64)0x7fffffff)<<32)|(u64)0xffffffff)

/* Return codes of caReadRecord() */
#define CA_ROW   1
#define CA_EOF   0
#define CA_ERROR (-1)

/* Kinds of values (caClassify()) and column types */
#define CA_EMPTY 0            /* Empty field */
#define CA_INT   1            /* An integer that fits in 64 bits */
#define CA_REAL  2            /* Any other decimal number */
#define CA_TEXT  3            /* Anything else, including codes like 007 */

/*
** The CSV reader.  Input is either an open FILE (read CA_BUFSZ bytes at a
** time into buf[]) or a block of memory (buf[] points at it).
*/
typedef struct CaReader CaReader;
struct CaReader {
  const char *zName;          /* Name of the input, for messages */
  FILE *in;                   /* Input file, or NULL for memory input */
  unsigned char *buf;         /* Buffered input */
  unsigned char *bufAlloc;    /* buf[] when it is ours to free */
  i64 nBuf;                   /* Bytes in buf[] */
  i64 iBuf;                   /* Next byte of buf[] to read */
  i64 iOff;                   /* Input offset of buf[0] */
  int bEof;                   /* No more input after buf[] */
  int cSep;                   /* Column separator */
  int cRow;                   /* Row separator */
  i64 nLine;                  /* Current line number (1-based) */
  i64 iRecLine;               /* Line where the last record started */
  char *z;                    /* Fields of the record, each 0-terminated */
  i64 n, nAlloc;              /* Bytes used and allocated in z[] */
  int nField, nFieldAlloc;    /* Fields in the record, and allocated */
  i64 *aFld;                  /* Offset in z[] of each field */
  int *aLen;                  /* Length of each field */
  unsigned char *aQuoted;     /* True if the field was quoted */
  char *zErr;                 /* Error message (sqlite3_malloc) */
  int bUtf8Error;             /* zErr is about UTF-8: the record was read whole */
  int cTabSep;                /* cSep when aPlain[] was made, or 0 */
  unsigned char aPlain[256];  /* Bytes that end an unquoted field */
  unsigned char aQuote[256];  /* Bytes that stop the scan of a quoted one */
};

/*
** Fill the buffer of a file reader.  Return the next byte, or EOF.
*/
static int caFill(CaReader *r){
  size_t got;
  if( r->in==0 || r->bEof ) return EOF;
  r->iOff += r->nBuf;
  got = fread(r->buf, 1, CA_BUFSZ, r->in);
  r->nBuf = (i64)got;
  r->iBuf = 0;
  if( got==0 ){
    r->bEof = 1;
    return EOF;
  }
  return r->buf[r->iBuf++];
}
#define CA_GETC(r) ((r)->iBuf<(r)->nBuf ? (int)(r)->buf[(r)->iBuf++] : caFill(r))

/*
** Position the reader at input offset iOff (a file reader must be on a
** file that can be repositioned).  Return 0 on success.
*/
static int caSeek(CaReader *r, i64 iOff){
  if( r->in==0 ){
    r->iBuf = iOff<r->nBuf ? iOff : r->nBuf;
    return 0;
  }
  if( fseek(r->in, (long)iOff, SEEK_SET) ) return 1;
  r->iOff = iOff;
  r->nBuf = r->iBuf = 0;
  r->bEof = 0;
  return 0;
}

/* The input offset of the next byte to be read. */
static i64 caTell(CaReader *r){
  return (r->in ? r->iOff : 0) + r->iBuf;
}

/*
** Record an error message about the current record.  Return CA_ERROR.
*/
static int caError(CaReader *r, i64 nLine, const char *zFormat, ...){
  va_list ap;
  char *zMsg;
  va_start(ap, zFormat);
  zMsg = sqlite3_vmprintf(zFormat, ap);
  va_end(ap);
  sqlite3_free(r->zErr);
  r->zErr = sqlite3_mprintf("%s:%lld: %z", r->zName, nLine, zMsg);
  shell_check_oom(r->zErr);
  return CA_ERROR;
}

/* Append byte c to the record's text. */
static void caAppend(CaReader *r, int c){
  if( r->n+1>=r->nAlloc ){
    r->nAlloc = r->nAlloc*2 + 256;
    r->z = sqlite3_realloc64(r->z, r->nAlloc);
    shell_check_oom(r->z);
  }
  r->z[r->n++] = (char)c;
}

/* Append n bytes to the record's text. */
static void caAppendN(CaReader *r, const unsigned char *z, i64 n){
  if( r->n+n>=r->nAlloc ){
    r->nAlloc = r->nAlloc*2 + n + 256;
    r->z = sqlite3_realloc64(r->z, r->nAlloc);
    shell_check_oom(r->z);
  }
  memcpy(&r->z[r->n], z, (size_t)n);
  r->n += n;
}

/*
** Append to the record the input up to the first byte whose entry in
** aStop[] is set; consume that byte and return it, or EOF at the end of
** the input.
*/
static int caScan(CaReader *r, const unsigned char *aStop){
  while( 1 ){
    const unsigned char *zBuf = r->buf;
    i64 i = r->iBuf, n = r->nBuf, j = i;
    while( j<n && !aStop[zBuf[j]] ) j++;
    if( j>i ) caAppendN(r, &zBuf[i], j-i);
    if( j<n ){
      r->iBuf = j+1;
      return zBuf[j];
    }
    r->iBuf = n;
    if( caFill(r)==EOF ) return EOF;
    r->iBuf--;
  }
}

/* End the current field, which started at z[iStart]. */
static void caEndField(CaReader *r, i64 iStart, int bQuoted){
  if( r->nField>=r->nFieldAlloc ){
    r->nFieldAlloc = r->nFieldAlloc*2 + 16;
    r->aFld = sqlite3_realloc64(r->aFld, r->nFieldAlloc*sizeof(r->aFld[0]));
    r->aLen = sqlite3_realloc64(r->aLen, r->nFieldAlloc*sizeof(r->aLen[0]));
    r->aQuoted = sqlite3_realloc64(r->aQuoted, r->nFieldAlloc);
    shell_check_oom(r->aFld);
    shell_check_oom(r->aLen);
    shell_check_oom(r->aQuoted);
  }
  r->aFld[r->nField] = iStart;
  r->aLen[r->nField] = (int)(r->n - iStart);
  r->aQuoted[r->nField] = (unsigned char)bQuoted;
  r->nField++;
  caAppend(r, 0);
}

/*
** Return the number of bytes of the UTF-8 character at z[0..n-1], or 0
** if it is not well-formed UTF-8 (overlong forms, surrogates and code
** points above U+10FFFF are not).
*/
static int caUtf8Len(const unsigned char *z, i64 n){
  int c = z[0];
  if( c<0x80 ) return 1;
  if( c>=0xc2 && c<=0xdf ){
    return (n>=2 && (z[1]&0xc0)==0x80) ? 2 : 0;
  }
  if( c>=0xe0 && c<=0xef ){
    if( n<3 || (z[1]&0xc0)!=0x80 || (z[2]&0xc0)!=0x80 ) return 0;
    if( c==0xe0 && z[1]<0xa0 ) return 0;
    if( c==0xed && z[1]>=0xa0 ) return 0;
    return 3;
  }
  if( c>=0xf0 && c<=0xf4 ){
    if( n<4 || (z[1]&0xc0)!=0x80 || (z[2]&0xc0)!=0x80 || (z[3]&0xc0)!=0x80 ){
      return 0;
    }
    if( c==0xf0 && z[1]<0x90 ) return 0;
    if( c==0xf4 && z[1]>=0x90 ) return 0;
    return 4;
  }
  return 0;
}

/*
** Check that every field of the record is UTF-8.  Return CA_ROW, or
** CA_ERROR with a message.
*/
static int caCheckUtf8(CaReader *r){
  const unsigned char *z = (const unsigned char*)r->z;
  i64 i = 0;
  int k;
  while( i<r->n ){
    if( i+8<=r->n ){
      u64 w;
      memcpy(&w, &z[i], 8);
      if( (w & ((((u64)0x80808080)<<32)|(u64)0x80808080))==0 ){ i += 8; continue; }
    }
    if( z[i]<0x80 ){ i++; continue; }
    k = caUtf8Len(&z[i], r->n - i);
    if( k==0 ){
      int iFld = 0;
      while( iFld+1<r->nField && r->aFld[iFld+1]<=i ) iFld++;
      r->bUtf8Error = 1;
      return caError(r, r->iRecLine,
          "byte 0x%02x in field %d is not UTF-8 (convert the file, "
          "for example with iconv -f ISO-8859-1 -t UTF-8)", z[i], iFld+1);
    }
    i += k;
  }
  return CA_ROW;
}

/*
** Read one record.  Return CA_ROW (r->nField fields in r->z), CA_EOF, or
** CA_ERROR (message in r->zErr).  Empty lines are skipped.  If bCheck is
** false, the record is not checked for UTF-8 (sampling at a guessed
** position).
*/
static int caReadRecord(CaReader *r, int bCheck){
  int c;
  int cSep = r->cSep;
  int cRow = r->cRow;
  r->nField = 0;
  r->n = 0;
  if( r->cTabSep!=cSep ){
    memset(r->aPlain, 0, sizeof(r->aPlain));
    memset(r->aQuote, 0, sizeof(r->aQuote));
    r->aPlain[(u8)cSep] = r->aPlain[(u8)cRow] = r->aPlain[0] = 1;
    r->aQuote['"'] = r->aQuote[(u8)cRow] = r->aQuote[0] = 1;
    r->cTabSep = cSep;
  }
  c = CA_GETC(r);
  /* Skip empty lines */
  while( c==cRow || c=='\r' ){
    if( c=='\r' ){
      c = CA_GETC(r);
      if( c!=cRow ){
        if( r->iBuf>0 && c!=EOF ) r->iBuf--;
        c = '\r';
        break;
      }
    }
    r->nLine++;
    c = CA_GETC(r);
  }
  if( c==EOF ) return CA_EOF;
  r->iRecLine = r->nLine;
  while( 1 ){
    i64 iStart = r->n;
    int bQuoted = 0;
    if( c=='"' ){
      i64 iQuoteLine = r->nLine;
      bQuoted = 1;
      while( 1 ){
        c = caScan(r, r->aQuote);
        if( c=='"' ){
          c = CA_GETC(r);
          if( c!='"' ) break;
        }else if( c==EOF ){
          return caError(r, iQuoteLine,
              "unterminated quoted field (the quote opened on this line "
              "is never closed)");
        }else if( c==0 ){
          return caError(r, r->nLine, "NUL byte in field %d", r->nField+1);
        }else if( c==cRow ){
          r->nLine++;
        }
        caAppend(r, c);
      }
      if( c=='\r' ){
        c = CA_GETC(r);
        if( c!=cRow && c!=EOF ) c = '\r';
      }
      if( c!=cSep && c!=cRow && c!=EOF ){
        return caError(r, r->nLine,
            "field %d: character '%c' after the closing quote (a quote "
            "inside a quoted field is written \"\")", r->nField+1, c);
      }
    }else{
      if( c!=EOF && !r->aPlain[c] ){
        caAppend(r, c);
        c = caScan(r, r->aPlain);
      }
      if( c==0 ){
        return caError(r, r->nLine, "NUL byte in field %d", r->nField+1);
      }
      if( c!=cSep && r->n>iStart && r->z[r->n-1]=='\r' ) r->n--;
    }
    caEndField(r, iStart, bQuoted);
    if( c==cSep ){
      /* The next field, maybe empty and the last of the record */
      c = CA_GETC(r);
      continue;
    }
    if( c==cRow ) r->nLine++;
    break;
  }
  if( bCheck ) return caCheckUtf8(r);
  return CA_ROW;
}

/* Field i of the current record */
#define CA_FIELD(r,i) (&(r)->z[(r)->aFld[i]])

/*
** Classify the text z[0..n-1]: CA_EMPTY, CA_INT (value in *piVal),
** CA_REAL, or CA_TEXT.  Numbers are what SQL writes as literals, with an
** optional sign; one whose integer part has a leading zero ("007",
** "02134", "00.5") is a code: CA_TEXT.  So is anything with spaces.
*/
static int caClassify(const char *z, int n, i64 *piVal){
  int i = 0;
  int bNeg = 0;
  int nDigit;
  u64 v = 0;
  int bOver = 0;
  if( n==0 ) return CA_EMPTY;
  if( z[0]=='-' || z[0]=='+' ){
    bNeg = z[0]=='-';
    i++;
  }
  nDigit = 0;
  while( i<n && z[i]>='0' && z[i]<='9' ){
    if( v>CA_I64_MAX/10 ){
      bOver = 1;
    }else{
      v = v*10 + (z[i]-'0');
      if( v>CA_I64_MAX + (u64)bNeg ) bOver = 1;
    }
    nDigit++;
    i++;
  }
  if( nDigit>1 && z[i-nDigit]=='0' ) return CA_TEXT;
  if( i==n ){
    if( nDigit==0 ) return CA_TEXT;
    if( bOver ) return CA_REAL;
    if( bNeg ){
      *piVal = v==CA_I64_MAX+1 ? (i64)(((u64)1)<<63) : -(i64)v;
    }else{
      *piVal = (i64)v;
    }
    return CA_INT;
  }
  if( z[i]=='.' ){
    int nFrac = 0;
    i++;
    while( i<n && z[i]>='0' && z[i]<='9' ){ i++; nFrac++; }
    if( nDigit+nFrac==0 ) return CA_TEXT;
  }else if( nDigit==0 ){
    return CA_TEXT;
  }
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    int nExp = 0;
    i++;
    if( i<n && (z[i]=='-' || z[i]=='+') ) i++;
    while( i<n && z[i]>='0' && z[i]<='9' ){ i++; nExp++; }
    if( nExp==0 ) return CA_TEXT;
  }
  return i==n ? CA_REAL : CA_TEXT;
}

/* The bar of the import running, for caFail() (src/shell/shell_fork.c) */
static ShellBar *caCurProgress = 0;

/*
** Per-column state of the import.
*/
typedef struct CaColumn CaColumn;
struct CaColumn {
  char *zName;                /* Column name */
  int eType;                  /* CA_INT, CA_REAL or CA_TEXT */
  i64 nSeen[4];               /* Sampled values of each kind */
  i64 nMisfit;                /* Loaded values that did not fit eType */
  i64 iMisfitLine;            /* Line of the first of them */
  char *zMisfit;              /* The first of them (shortened) */
};

/* The name of a column type */
static const char *caTypeName(int eType){
  return eType==CA_INT ? "INTEGER" : eType==CA_REAL ? "REAL" : "TEXT";
}

/* The type of a column from what was sampled */
static int caColumnType(const CaColumn *pCol){
  if( pCol->nSeen[CA_TEXT] ) return CA_TEXT;
  if( pCol->nSeen[CA_REAL] ) return CA_REAL;
  if( pCol->nSeen[CA_INT] ) return CA_INT;
  return CA_TEXT;
}

/*
** Count the number of fields of the first rows of the input with each
** candidate separator; return the first separator that gives every row
** the same number of fields, more than one, preferring the one with the
** most fields.  ',' if none does.
*/
static int caSniffSeparator(CaReader *r){
  static const char azCand[] = ",\t|;";
  int i, bestSep = ',', bestN = 1;
  i64 iStart = caTell(r);
  i64 nLine = r->nLine;
  for(i=0; azCand[i]; i++){
    int nRow = 0, nCol = -1, ok = 1;
    r->cSep = azCand[i];
    caSeek(r, iStart);
    r->nLine = nLine;
    while( nRow<100 ){
      int rc = caReadRecord(r, 0);
      if( rc==CA_EOF ) break;
      if( rc==CA_ERROR || (nCol>=0 && r->nField!=nCol) ){ ok = 0; break; }
      nCol = r->nField;
      nRow++;
    }
    if( ok && nRow>0 && nCol>bestN ){
      bestN = nCol;
      bestSep = azCand[i];
    }
  }
  caSeek(r, iStart);
  r->nLine = nLine;
  sqlite3_free(r->zErr);
  r->zErr = 0;
  return bestSep;
}

/* Add the values of the current record to the column statistics */
static void caSampleRecord(CaReader *r, CaColumn *aCol){
  int i;
  i64 iVal;
  for(i=0; i<r->nField; i++){
    aCol[i].nSeen[caClassify(CA_FIELD(r,i), r->aLen[i], &iVal)]++;
  }
}

/*
** The affinity of a declared column type, by SQLite's rules (section 3.1
** of datatype3.html), as one of CA_INT, CA_REAL, CA_TEXT (NUMERIC and
** BLOB affinity count as CA_TEXT here: values are bound as text and
** converted, or not, by the affinity).
*/
static int caAffinity(const char *zType){
  char *z = sqlite3_mprintf("%s", zType ? zType : "");
  int i, eType = CA_TEXT;
  shell_check_oom(z);
  for(i=0; z[i]; i++) z[i] = (char)toupper((unsigned char)z[i]);
  if( strstr(z, "INT") ) eType = CA_INT;
  else if( strstr(z, "CHAR") || strstr(z, "CLOB") || strstr(z, "TEXT") ) eType = CA_TEXT;
  else if( strstr(z, "REAL") || strstr(z, "FLOA") || strstr(z, "DOUB") ) eType = CA_REAL;
  sqlite3_free(z);
  return eType;
}

/*
** Undo an import that failed: roll the savepoint back (the table made by
** the import goes with it) and report zMsg.
*/
static int caFail(ShellState *p, const char *zMsg, int bInTx){
  shellBarEnd(caCurProgress);
  if( bInTx ){
    sqlite3_exec(p->db, "ROLLBACK TO csvauto; RELEASE csvauto;", 0, 0, 0);
  }
  cli_printf(stderr, "%s\n", zMsg);
  cli_printf(stderr, ".import --auto: nothing imported\n");
  return 1;
}

/*
** --keep-going: one more bad row was skipped, with the message zMsg
** ("FILE:LINE: ...", from sqlite3_malloc(), which this takes over).  The
** first CA_SKIP_SHOWN messages are kept for caReportSkipped().
*/
static void caSkipped(i64 *pnSkipped, char **azSkipped, char *zMsg){
  if( *pnSkipped<CA_SKIP_SHOWN ){
    azSkipped[*pnSkipped] = zMsg;
  }else{
    sqlite3_free(zMsg);
  }
  (*pnSkipped)++;
}

/*
** --keep-going: after a record the reader refused, go on at the start of
** the next line.  Return 0 if the input is at its end (an unterminated
** quoted field has read all of it), 1 otherwise.  A record refused for its
** UTF-8 was read whole, and is not skipped further.
*/
static int caResync(CaReader *r){
  int c;
  if( r->bUtf8Error ){
    r->bUtf8Error = 0;
    return 1;
  }
  do{ c = CA_GETC(r); }while( c!=EOF && c!=r->cRow );
  if( c==EOF ) return 0;
  r->nLine++;
  return 1;
}

/*
** --keep-going: report on stderr the bad rows that were skipped: the
** first CA_SKIP_SHOWN messages, then how many in all and at which lines.
*/
static void caReportSkipped(const char *zTable, i64 nSkipped, char **azSkipped){
  int i;
  for(i=0; i<CA_SKIP_SHOWN && i<nSkipped; i++){
    cli_printf(stderr, "%s (row skipped)\n", azSkipped[i]);
  }
  cli_printf(stderr, ".import --auto --keep-going: %lld bad row%s skipped%s; "
             "table %s kept\n", nSkipped, nSkipped==1 ? "" : "s",
             nSkipped>CA_SKIP_SHOWN ? " (the first ones listed)" : "", zTable);
}

/*
** The typed import.  pCtx holds the input dotCmdImport() opened (a file,
** a pipe, or "<<" text in memory); the caller cleans it up.  cColSep is 0
** if no separator was given.  Return 0 on success, 1 on error.
*/
static int csvautoImport(
  ShellState *p,              /* The shell */
  ImportCtx *pCtx,            /* Open input */
  const char *zSchema,        /* Schema of the table, or NULL */
  const char *zTable,         /* Table to import into */
  int cColSep,                /* Column separator, 0 to detect */
  int cRowSep,                /* Row separator */
  i64 nSkip,                  /* Rows to skip before the first */
  int eVerbose,               /* -v given */
  int bKeepGoing              /* --keep-going: skip bad rows */
){
  CaReader r;
  CaColumn *aCol = 0;
  int nCol = 0;
  int i, rc = 0, bInTx = 0, bHeader = 0, bExists = 0, bSeekable = 0;
  i64 nFileSize = -1;
  i64 iDataStart;             /* Offset of the first row after the header */
  i64 nDataLine;              /* Its line */
  i64 nRow = 0, nMisfit = 0;
  i64 nSampled = 0;           /* Rows sampled after the first */
  char **azFirst = 0;         /* The first row's fields */
  sqlite3_str *pSql;
  char *zSql = 0;
  char *zErr = 0;
  sqlite3_stmt *pStmt = 0;
  char *zCreate = 0;          /* The CREATE TABLE statement used */
  ShellBar prog;              /* The progress bar (shell_fork.c) */
  i64 nSkipped = 0;           /* Bad rows skipped by --keep-going */
  char *azSkipped[CA_SKIP_SHOWN];  /* The first ones' messages */

  memset(&r, 0, sizeof(r));
  shellBarInit(&prog);
  memset(azSkipped, 0, sizeof(azSkipped));
  caCurProgress = &prog;
  r.zName = pCtx->zFile;
  r.cRow = cRowSep;
  r.nLine = pCtx->nLine>0 ? pCtx->nLine : 1;
  if( pCtx->in!=0 && fseek(pCtx->in, 0, SEEK_END)==0 ){
    long sz = ftell(pCtx->in);
    if( sz>=0 && fseek(pCtx->in, 0, SEEK_SET)==0 ){
      nFileSize = sz;
      bSeekable = 1;
    }
  }
  if( bSeekable ){
    r.in = pCtx->in;
    r.bufAlloc = r.buf = sqlite3_malloc64(CA_BUFSZ);
    shell_check_oom(r.buf);
  }else if( pCtx->in!=0 ){
    /* A pipe: read it all, so that it can be sampled and then read again */
    sqlite3_str *pAll = sqlite3_str_new(0);
    char *zChunk = sqlite3_malloc64(CA_BUFSZ);
    size_t got;
    shell_check_oom(zChunk);
    while( (got = fread(zChunk, 1, CA_BUFSZ, pCtx->in))>0 ){
      sqlite3_str_append(pAll, zChunk, (int)got);
    }
    sqlite3_free(zChunk);
    if( sqlite3_str_errcode(pAll)!=SQLITE_OK ){
      sqlite3_free(sqlite3_str_finish(pAll));
      zErr = sqlite3_mprintf("%s: cannot be repositioned, and is too large "
                             "to be read into memory", r.zName);
      rc = caFail(p, zErr, 0);
      goto import_done;
    }
    r.nBuf = sqlite3_str_length(pAll);
    r.bufAlloc = r.buf = (unsigned char*)sqlite3_str_finish(pAll);
    if( r.buf==0 ){
      r.bufAlloc = r.buf = sqlite3_malloc64(1);
      shell_check_oom(r.buf);
      r.nBuf = 0;
    }
  }else{
    r.buf = (unsigned char*)pCtx->zIn;
    r.nBuf = (i64)strlen(pCtx->zIn);
  }
  /* A UTF-8 byte order mark is not data */
  if( CA_GETC(&r)==0xef && CA_GETC(&r)==0xbb && CA_GETC(&r)==0xbf ){
    /* skipped */
  }else{
    caSeek(&r, 0);
  }
  r.cSep = cColSep ? cColSep : caSniffSeparator(&r);
  if( r.cSep=='"' || r.cSep==r.cRow ){
    rc = caFail(p, "Error: .import --auto: the column separator cannot be "
                   "a quote or the row separator", 0);
    goto import_done;
  }
  for(i=0; i<nSkip; i++){
    if( caReadRecord(&r, 0)!=CA_ROW ) break;
  }

  /* The first row, and how many columns there are */
  rc = caReadRecord(&r, 1);
  if( rc==CA_ERROR ){
    rc = caFail(p, r.zErr, 0);
    goto import_done;
  }
  if( rc==CA_EOF ){
    zErr = sqlite3_mprintf("%s: empty file", r.zName);
    rc = caFail(p, zErr, 0);
    goto import_done;
  }
  rc = 0;
  nCol = r.nField;
  aCol = sqlite3_malloc64(sizeof(CaColumn)*nCol);
  azFirst = sqlite3_malloc64(sizeof(char*)*nCol);
  shell_check_oom(aCol);
  shell_check_oom(azFirst);
  memset(aCol, 0, sizeof(CaColumn)*nCol);
  for(i=0; i<nCol; i++){
    azFirst[i] = sqlite3_mprintf("%s", CA_FIELD(&r,i));
    shell_check_oom(azFirst[i]);
  }
  iDataStart = caTell(&r);
  nDataLine = r.nLine;

  /* The sample: the head, then chunks spread through the rest */
  for(i=0; i<CA_HEAD_ROWS; i++){
    int rc2 = caReadRecord(&r, 0);
    if( rc2!=CA_ROW || r.nField!=nCol ) break;
    caSampleRecord(&r, aCol);
    nSampled++;
  }
  if( i==CA_HEAD_ROWS ){
    i64 iHeadEnd = caTell(&r);
    i64 nTotal = bSeekable ? nFileSize : r.nBuf;
    int k, j;
    for(k=1; k<=CA_SPREAD && nTotal>iHeadEnd; k++){
      i64 iOff = iHeadEnd + (nTotal - iHeadEnd)/(CA_SPREAD+1)*k;
      int c;
      if( caSeek(&r, iOff) ) break;
      /* Resynchronise at the start of a line.  In a file with quoted
      ** line breaks this may land inside a field: such a chunk ends at
      ** its first row with the wrong number of fields. */
      do{ c = CA_GETC(&r); }while( c!=EOF && c!=r.cRow );
      for(j=0; j<CA_CHUNK_ROWS; j++){
        int rc2 = caReadRecord(&r, 0);
        if( rc2!=CA_ROW || r.nField!=nCol ) break;
        caSampleRecord(&r, aCol);
      }
    }
  }
  sqlite3_free(r.zErr);
  r.zErr = 0;

  /* Does the table exist?  Otherwise decide the types and the header. */
  bExists = sqlite3_table_column_metadata(p->db, zSchema, zTable,0,0,0,0,0,0)
                ==SQLITE_OK
      || db_int(p->db, "SELECT count(*) FROM \"%w\".sqlite_schema"
                       " WHERE name=%Q AND type='view'",
                       zSchema ? zSchema : "main", zTable)>0;
  {
    /* The first row is a header if no column is numeric, or if a numeric
    ** column has text there.  If it is not, it is data: sample it too. */
    int bAnyNumeric = 0, bText = 0;
    for(i=0; i<nCol; i++){
      i64 iVal;
      int eKind = caClassify(azFirst[i], (int)strlen(azFirst[i]), &iVal);
      if( caColumnType(&aCol[i])!=CA_TEXT ){
        bAnyNumeric = 1;
        if( eKind==CA_TEXT ) bText = 1;
      }
    }
    bHeader = !bAnyNumeric || bText;
    if( nSampled==0 ){
      /* Only one row: a header if none of its values is a number */
      bHeader = 1;
      for(i=0; i<nCol; i++){
        i64 iVal;
        if( caClassify(azFirst[i], (int)strlen(azFirst[i]), &iVal)!=CA_TEXT ){
          bHeader = 0;
        }
      }
    }
    for(i=0; i<nCol; i++){
      if( !bHeader ){
        i64 iVal;
        aCol[i].nSeen[caClassify(azFirst[i], (int)strlen(azFirst[i]), &iVal)]++;
      }
      aCol[i].eType = caColumnType(&aCol[i]);
    }
  }
  if( bExists ){
    /* Bind by the declared types of the existing table's columns */
    int nTabCol = 0;
    sqlite3_stmt *pInfo = 0;
    zSql = sqlite3_mprintf("SELECT type FROM pragma_table_info(%Q,%Q)",
                           zTable, zSchema);
    shell_check_oom(zSql);
    if( sqlite3_prepare_v2(p->db, zSql, -1, &pInfo, 0)==SQLITE_OK ){
      while( sqlite3_step(pInfo)==SQLITE_ROW ){
        if( nTabCol<nCol ){
          aCol[nTabCol].eType =
              caAffinity((const char*)sqlite3_column_text(pInfo, 0));
        }
        nTabCol++;
      }
    }
    sqlite3_finalize(pInfo);
    sqlite3_free(zSql);
    zSql = 0;
    if( nTabCol!=nCol ){
      zErr = sqlite3_mprintf("%s:%lld: %d fields, but table %s has %d columns",
                             r.zName, nDataLine-1, nCol, zTable, nTabCol);
      rc = caFail(p, zErr, 0);
      goto import_done;
    }
  }
  if( bHeader && !bExists ){
    for(i=0; i<nCol; i++){
      int j;
      if( azFirst[i][0]==0 ){
        zErr = sqlite3_mprintf("%s:%lld: header: column %d has no name",
                               r.zName, nDataLine-1, i+1);
        rc = caFail(p, zErr, 0);
        goto import_done;
      }
      for(j=0; j<i; j++){
        if( sqlite3_stricmp(azFirst[i], aCol[j].zName)==0 ){
          zErr = sqlite3_mprintf(
              "%s:%lld: header: columns %d and %d are both named \"%s\"",
              r.zName, nDataLine-1, j+1, i+1, azFirst[i]);
          rc = caFail(p, zErr, 0);
          goto import_done;
        }
      }
      aCol[i].zName = azFirst[i];
      azFirst[i] = 0;
    }
  }else if( !bExists ){
    for(i=0; i<nCol; i++){
      aCol[i].zName = sqlite3_mprintf("column%d", i+1);
      shell_check_oom(aCol[i].zName);
    }
  }

  /* Start at the first row of data */
  if( bHeader ){
    caSeek(&r, iDataStart);
    r.nLine = nDataLine;
  }else{
    caSeek(&r, 0);
    r.nLine = pCtx->nLine>0 ? pCtx->nLine : 1;
    if( CA_GETC(&r)!=0xef || CA_GETC(&r)!=0xbb || CA_GETC(&r)!=0xbf ){
      caSeek(&r, 0);
    }
    for(i=0; i<nSkip; i++){
      if( caReadRecord(&r, 0)!=CA_ROW ) break;
    }
  }

  if( sqlite3_exec(p->db, "SAVEPOINT csvauto", 0, 0, 0)!=SQLITE_OK ){
    zErr = sqlite3_mprintf("Error: %s", sqlite3_errmsg(p->db));
    rc = caFail(p, zErr, 0);
    goto import_done;
  }
  bInTx = 1;
  if( !bExists ){
    pSql = sqlite3_str_new(p->db);
    if( zSchema ){
      sqlite3_str_appendf(pSql, "CREATE TABLE \"%w\".\"%w\"(", zSchema, zTable);
    }else{
      sqlite3_str_appendf(pSql, "CREATE TABLE \"%w\"(", zTable);
    }
    for(i=0; i<nCol; i++){
      sqlite3_str_appendf(pSql, "%s\n  \"%w\" %s", i ? "," : "",
                          aCol[i].zName, caTypeName(aCol[i].eType));
    }
    sqlite3_str_appendall(pSql, "\n);");
    zSql = sqlite3_str_finish(pSql);
    shell_check_oom(zSql);
    if( sqlite3_exec(p->db, zSql, 0, 0, 0)!=SQLITE_OK ){
      zErr = sqlite3_mprintf("%s\nfailed: %s", zSql, sqlite3_errmsg(p->db));
      rc = caFail(p, zErr, bInTx);
      bInTx = 0;
      goto import_done;
    }
    zCreate = zSql;
    zSql = 0;
  }

  /* The INSERT statement */
  pSql = sqlite3_str_new(p->db);
  if( zSchema ){
    sqlite3_str_appendf(pSql, "INSERT INTO \"%w\".\"%w\" VALUES(", zSchema, zTable);
  }else{
    sqlite3_str_appendf(pSql, "INSERT INTO \"%w\" VALUES(", zTable);
  }
  for(i=0; i<nCol; i++) sqlite3_str_appendall(pSql, i ? ",?" : "?");
  sqlite3_str_appendall(pSql, ")");
  zSql = sqlite3_str_finish(pSql);
  shell_check_oom(zSql);
  if( sqlite3_prepare_v2(p->db, zSql, -1, &pStmt, 0)!=SQLITE_OK ){
    zErr = sqlite3_mprintf("%s\nfailed: %s", zSql, sqlite3_errmsg(p->db));
    rc = caFail(p, zErr, bInTx);
    bInTx = 0;
    goto import_done;
  }
  if( eVerbose>=2 ) cli_printf(p->out, "Insert using: %s\n", zSql);

  /* Load every row */
  while( 1 ){
    int rc2 = caReadRecord(&r, 1);
    if( rc2==CA_EOF ) break;
    if( rc2==CA_ERROR ){
      if( bKeepGoing ){
        /* Skip the bad row, then go on at the next line.  An unterminated
        ** quoted field has read the rest of the input: that ends it. */
        caSkipped(&nSkipped, azSkipped, r.zErr);
        r.zErr = 0;
        if( caResync(&r) ) continue;
        break;
      }
      rc = caFail(p, r.zErr, bInTx);
      bInTx = 0;
      goto import_done;
    }
    if( r.nField!=nCol ){
      zErr = sqlite3_mprintf("%s:%lld: expected %d fields but found %d",
                             r.zName, r.iRecLine, nCol, r.nField);
      if( bKeepGoing ){
        shell_check_oom(zErr);
        caSkipped(&nSkipped, azSkipped, zErr);
        zErr = 0;
        continue;
      }
      rc = caFail(p, zErr, bInTx);
      bInTx = 0;
      goto import_done;
    }
    for(i=0; i<nCol; i++){
      const char *z = CA_FIELD(&r, i);
      int n = r.aLen[i];
      i64 iVal = 0;
      int eType = aCol[i].eType;
      int eKind;
      if( eType==CA_TEXT && n>0 ){
        /* Any non-empty value fits a TEXT column */
        sqlite3_bind_text(pStmt, i+1, z, n, SQLITE_STATIC);
        continue;
      }
      eKind = caClassify(z, n, &iVal);
      if( eKind==CA_EMPTY ){
        if( eType==CA_TEXT && r.aQuoted[i] ){
          sqlite3_bind_text(pStmt, i+1, "", 0, SQLITE_STATIC);
        }else{
          sqlite3_bind_null(pStmt, i+1);
        }
        continue;
      }
      if( eKind==CA_INT && eType!=CA_TEXT ){
        sqlite3_bind_int64(pStmt, i+1, iVal);
        continue;
      }
      sqlite3_bind_text(pStmt, i+1, z, n, SQLITE_STATIC);
      if( eType==CA_TEXT || (eType==CA_REAL && eKind==CA_REAL) ) continue;
      /* A value that does not fit the column's type */
      if( aCol[i].nMisfit++==0 ){
        aCol[i].iMisfitLine = r.iRecLine;
        aCol[i].zMisfit = sqlite3_mprintf("%.40s%s", z, n>40 ? "..." : "");
        shell_check_oom(aCol[i].zMisfit);
      }
      nMisfit++;
    }
    sqlite3_step(pStmt);
    rc2 = sqlite3_reset(pStmt);
    if( rc2!=SQLITE_OK ){
      zErr = sqlite3_mprintf("%s:%lld: INSERT failed: %s",
                             r.zName, r.iRecLine, sqlite3_errmsg(p->db));
      if( bKeepGoing && (rc2&0xff)==SQLITE_CONSTRAINT ){
        /* A constraint undoes this row's INSERT only: skip the row */
        shell_check_oom(zErr);
        caSkipped(&nSkipped, azSkipped, zErr);
        zErr = 0;
        continue;
      }
      rc = caFail(p, zErr, bInTx);
      bInTx = 0;
      goto import_done;
    }
    nRow++;
    if( (nRow & 0x3ff)==0 ){
      i64 nTotal = bSeekable ? nFileSize : r.nBuf;
      shellBarStep(&prog, nTotal>0 ? (double)caTell(&r)/(double)nTotal : 0.0);
    }
    if( (nRow & 0xfff)==0 && seenInterrupt ){
      zErr = sqlite3_mprintf("%s:%lld: interrupted", r.zName, r.iRecLine);
      rc = caFail(p, zErr, bInTx);
      bInTx = 0;
      goto import_done;
    }
  }
  sqlite3_finalize(pStmt);
  pStmt = 0;
  if( sqlite3_exec(p->db, "RELEASE csvauto", 0, 0, 0)!=SQLITE_OK ){
    zErr = sqlite3_mprintf("Error: COMMIT failed: %s", sqlite3_errmsg(p->db));
    rc = caFail(p, zErr, bInTx);
    bInTx = 0;
    goto import_done;
  }
  bInTx = 0;
  shellBarEnd(&prog);
  if( zCreate ) cli_printf(p->out, "%s\n", zCreate);
  cli_printf(p->out, "-- %lld row%s imported from %s%s\n", nRow,
             nRow==1 ? "" : "s", r.zName,
             bHeader ? " (first row: the column names)" : "");
  if( nSkipped ){
    caReportSkipped(zTable, nSkipped, azSkipped);
  }
  if( nMisfit ){
    cli_printf(p->out, "-- %lld value%s did not fit the column's type, "
                       "stored as the column's affinity stores text:\n",
               nMisfit, nMisfit==1 ? "" : "s");
    for(i=0; i<nCol; i++){
      if( aCol[i].nMisfit==0 ) continue;
      cli_printf(p->out, "--   \"%s\" %s: %lld, the first at line %lld: %s\n",
                 aCol[i].zName, caTypeName(aCol[i].eType), aCol[i].nMisfit,
                 aCol[i].iMisfitLine, aCol[i].zMisfit);
    }
  }

import_done:
  shellBarEnd(&prog);
  caCurProgress = 0;
  if( pStmt ) sqlite3_finalize(pStmt);
  if( bInTx ){
    sqlite3_exec(p->db, "ROLLBACK TO csvauto; RELEASE csvauto;", 0, 0, 0);
  }
  for(i=0; i<nCol; i++){
    if( aCol ){
      sqlite3_free(aCol[i].zName);
      sqlite3_free(aCol[i].zMisfit);
    }
    if( azFirst ) sqlite3_free(azFirst[i]);
  }
  sqlite3_free(aCol);
  sqlite3_free(azFirst);
  for(i=0; i<CA_SKIP_SHOWN; i++) sqlite3_free(azSkipped[i]);
  sqlite3_free(zSql);
  sqlite3_free(zCreate);
  sqlite3_free(zErr);
  sqlite3_free(r.bufAlloc);
  sqlite3_free(r.z);
  sqlite3_free(r.aFld);
  sqlite3_free(r.aLen);
  sqlite3_free(r.aQuoted);
  sqlite3_free(r.zErr);
  return rc;
}
