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
** 0050-csvauto.patch adds to src/shell.c.in, just before
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
**
** Each step is a function of its own with the state of the import in a
** CaImport: caOpenInput(), caReadFirstRow(), caSample(), caDetectHeader(),
** caExistingTable(), caNameColumns(), caSeekData(), caCreateTable(),
** caPrepareInsert(), caLoadRows(), caCommit() and caReport().
** csvautoImport() runs them in order while they succeed; a step that
** fails records its message with caFail().  caImportEnd() is the one
** exit: it undoes a failed import, reports it, and frees everything.
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
  assert( r->iBuf==r->nBuf );
  if( r->in==0 || r->bEof ) return EOF;
  assert( r->buf!=0 );
  r->iOff += r->nBuf;
  got = fread(r->buf, 1, CA_BUFSZ, r->in);
  assert( got<=CA_BUFSZ );
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
  assert( iOff>=0 );
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
  assert( r->iBuf>=0 && r->iBuf<=r->nBuf );
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
  assert( r->n+1<r->nAlloc );
  r->z[r->n++] = (char)c;
}

/* Append n bytes to the record's text. */
static void caAppendN(CaReader *r, const unsigned char *z, i64 n){
  assert( n>0 );
  if( r->n+n>=r->nAlloc ){
    r->nAlloc = r->nAlloc*2 + n + 256;
    r->z = sqlite3_realloc64(r->z, r->nAlloc);
    shell_check_oom(r->z);
  }
  assert( r->n+n<r->nAlloc );
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
    assert( i>=0 && i<=n );
    while( j<n && !aStop[zBuf[j]] ) j++;
    if( j>i ) caAppendN(r, &zBuf[i], j-i);
    if( j<n ){
      r->iBuf = j+1;
      return zBuf[j];
    }
    r->iBuf = n;
    if( caFill(r)==EOF ) return EOF;
    assert( r->iBuf==1 );
    r->iBuf--;
  }
}

/* End the current field, which started at z[iStart]. */
static void caEndField(CaReader *r, i64 iStart, int bQuoted){
  assert( iStart>=0 && iStart<=r->n );
  assert( r->nField==0 || iStart>r->aFld[r->nField-1] );
  if( r->nField>=r->nFieldAlloc ){
    r->nFieldAlloc = r->nFieldAlloc*2 + 16;
    r->aFld = sqlite3_realloc64(r->aFld, r->nFieldAlloc*sizeof(r->aFld[0]));
    r->aLen = sqlite3_realloc64(r->aLen, r->nFieldAlloc*sizeof(r->aLen[0]));
    r->aQuoted = sqlite3_realloc64(r->aQuoted, r->nFieldAlloc);
    shell_check_oom(r->aFld);
    shell_check_oom(r->aLen);
    shell_check_oom(r->aQuoted);
  }
  assert( r->nField<r->nFieldAlloc );
  r->aFld[r->nField] = iStart;
  r->aLen[r->nField] = (int)(r->n - iStart);
  r->aQuoted[r->nField] = (unsigned char)bQuoted;
  r->nField++;
  caAppend(r, 0);
  assert( r->z[r->n-1]==0 );
}

/*
** Return the number of bytes of the UTF-8 character at z[0..n-1], or 0
** if it is not well-formed UTF-8 (overlong forms, surrogates and code
** points above U+10FFFF are not).
*/
static int caUtf8Len(const unsigned char *z, i64 n){
  int c;
  assert( n>=1 );
  c = z[0];
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
      assert( iFld<r->nField && r->aFld[iFld]<=i );
      r->bUtf8Error = 1;
      return caError(r, r->iRecLine,
          "byte 0x%02x in field %d is not UTF-8 (convert the file, "
          "for example with iconv -f ISO-8859-1 -t UTF-8)", z[i], iFld+1);
    }
    assert( k>=2 && k<=r->n - i );
    i += k;
  }
  assert( i==r->n );
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
    assert( c==cSep || c==cRow || c==EOF );
    if( c==cSep ){
      /* The next field, maybe empty and the last of the record */
      c = CA_GETC(r);
      continue;
    }
    if( c==cRow ) r->nLine++;
    break;
  }
  assert( r->nField>=1 && r->nLine>=r->iRecLine );
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
  assert( n>=0 );
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
  assert( i>=nDigit && i<=n );
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
  assert( eType==CA_INT || eType==CA_REAL || eType==CA_TEXT );
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
  assert( bestN>1 || bestSep==',' );
  return bestSep;
}

/*
** Add the values of the current record, which has nCol fields, to the
** column statistics aCol[0..nCol-1].
*/
static void caSampleRecord(CaReader *r, CaColumn *aCol, int nCol){
  int i;
  i64 iVal;
  assert( r->nField==nCol );
  for(i=0; i<nCol; i++){
    int eKind = caClassify(CA_FIELD(r,i), r->aLen[i], &iVal);
    assert( eKind>=CA_EMPTY && eKind<=CA_TEXT );
    aCol[i].nSeen[eKind]++;
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
** The state of one import, from csvautoImport() to caImportEnd(), which
** releases every resource held here.  Each step below works on it and
** either succeeds, returning 0, or records why it failed with caFail()
** and returns 1; csvautoImport() then runs no further step.
*/
typedef struct CaImport CaImport;
struct CaImport {
  /* What csvautoImport() was given */
  ShellState *p;              /* The shell */
  ImportCtx *pCtx;            /* Open input (the caller cleans it up) */
  const char *zSchema;        /* Schema of the table, or NULL */
  const char *zTable;         /* Table to import into */
  i64 nSkip;                  /* Rows to skip before the first */
  int eVerbose;               /* -v given */
  int bKeepGoing;             /* --keep-going: skip bad rows */
  /* The input */
  CaReader r;                 /* Its reader */
  int bSeekable;              /* r.in is a file that can be repositioned */
  i64 nFileSize;              /* Its size in bytes, or -1 */
  i64 nFirstLine;             /* Number of the input's first line */
  /* The columns */
  int nCol;                   /* Fields of the first row: the columns */
  CaColumn *aCol;             /* nCol columns */
  char **azFirst;             /* The first row's nCol fields */
  i64 iDataStart;             /* Offset of the row after the first */
  i64 nDataLine;              /* Its line */
  i64 nSampled;               /* Rows of the head sampled after the first */
  int bHeader;                /* The first row is the column names */
  int bExists;                /* The table (or a view) exists */
  /* The load */
  int bInTx;                  /* SAVEPOINT csvauto is open */
  char *zCreate;              /* The CREATE TABLE statement used, or NULL */
  sqlite3_stmt *pStmt;        /* The INSERT */
  i64 nRow;                   /* Rows inserted */
  i64 nMisfit;                /* Values that did not fit their column */
  i64 nSkipped;               /* Bad rows skipped by --keep-going */
  char *azSkipped[CA_SKIP_SHOWN];  /* The first ones' messages */
  ShellBar prog;              /* The progress bar (src/shell/shell_fork.c) */
  /* The failure */
  int bFailed;                /* caFail() was called */
  const char *zFail;          /* Its message: a constant, zErr or r.zErr */
  char *zErr;                 /* A message of ours (sqlite3_malloc) */
};

/*
** Record that the running step failed with the message zMsg, which
** caImportEnd() prints.  zMsg is a constant, pI->zErr or pI->r.zErr (both
** freed by caImportEnd()); it is NULL if the sqlite3_mprintf() that made
** it ran out of memory.  At most one failure is recorded.  Return 1, the
** step's return code.
*/
static int caFail(CaImport *pI, const char *zMsg){
  assert( pI->bFailed==0 );
  pI->bFailed = 1;
  pI->zFail = zMsg;
  return 1;
}

/*
** --keep-going: one more bad row was skipped, with the message zMsg
** ("FILE:LINE: ...", from sqlite3_malloc(), which this takes over).  The
** first CA_SKIP_SHOWN messages are kept for caReportSkipped().
*/
static void caSkipped(CaImport *pI, char *zMsg){
  assert( pI->bKeepGoing );
  assert( zMsg!=0 );
  assert( pI->nSkipped>=0 );
  if( pI->nSkipped<CA_SKIP_SHOWN ){
    assert( pI->azSkipped[pI->nSkipped]==0 );
    pI->azSkipped[pI->nSkipped] = zMsg;
  }else{
    sqlite3_free(zMsg);
  }
  pI->nSkipped++;
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
static void caReportSkipped(CaImport *pI){
  int i;
  i64 nSkipped = pI->nSkipped;
  assert( nSkipped>0 );
  for(i=0; i<CA_SKIP_SHOWN && i<nSkipped; i++){
    assert( pI->azSkipped[i]!=0 );
    cli_printf(stderr, "%s (row skipped)\n", pI->azSkipped[i]);
  }
  cli_printf(stderr, ".import --auto --keep-going: %lld bad row%s skipped%s; "
             "table %s kept\n", nSkipped, nSkipped==1 ? "" : "s",
             nSkipped>CA_SKIP_SHOWN ? " (the first ones listed)" : "",
             pI->zTable);
}

/* The size of the input in bytes, for the sample and the progress bar */
static i64 caInputSize(CaImport *pI){
  return pI->bSeekable ? pI->nFileSize : pI->r.nBuf;
}

/*
** Step: set pI->r up to read the input that pI->pCtx holds.  A file that
** can be repositioned is read CA_BUFSZ bytes at a time; a pipe is read
** whole into memory, so that it can be sampled and then read again; "<<"
** text is read where it is.  Return 0, or 1 (caFail()) if a pipe is too
** large to be held in memory.
*/
static int caOpenInput(CaImport *pI){
  CaReader *r = &pI->r;
  ImportCtx *pCtx = pI->pCtx;
  assert( r->buf==0 && r->nBuf==0 && r->iBuf==0 && !pI->bSeekable );
  if( pCtx->in!=0 && fseek(pCtx->in, 0, SEEK_END)==0 ){
    long sz = ftell(pCtx->in);
    if( sz>=0 && fseek(pCtx->in, 0, SEEK_SET)==0 ){
      pI->nFileSize = sz;
      pI->bSeekable = 1;
    }
  }
  if( pI->bSeekable ){
    r->in = pCtx->in;
    r->bufAlloc = r->buf = sqlite3_malloc64(CA_BUFSZ);
    shell_check_oom(r->buf);
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
      pI->zErr = sqlite3_mprintf("%s: cannot be repositioned, and is too "
                                 "large to be read into memory", r->zName);
      return caFail(pI, pI->zErr);
    }
    r->nBuf = sqlite3_str_length(pAll);
    r->bufAlloc = r->buf = (unsigned char*)sqlite3_str_finish(pAll);
    if( r->buf==0 ){
      r->bufAlloc = r->buf = sqlite3_malloc64(1);
      shell_check_oom(r->buf);
      r->nBuf = 0;
    }
  }else{
    assert( pCtx->zIn!=0 );
    r->buf = (unsigned char*)pCtx->zIn;
    r->nBuf = (i64)strlen(pCtx->zIn);
  }
  assert( r->buf!=0 && r->nBuf>=0 && r->iBuf==0 );
  assert( (r->in!=0)==pI->bSeekable );
  return 0;
}

/*
** Position the reader at the start of the input (its line number
** pI->nFirstLine), past a UTF-8 byte order mark if the input starts with
** one: a byte order mark is not data.
*/
static void caInputStart(CaImport *pI){
  CaReader *r = &pI->r;
  caSeek(r, 0);
  r->nLine = pI->nFirstLine;
  if( CA_GETC(r)!=0xef || CA_GETC(r)!=0xbb || CA_GETC(r)!=0xbf ){
    caSeek(r, 0);
  }
}

/* Skip the --skip rows (pI->nSkip of them, or as many as there are). */
static void caSkipRows(CaImport *pI){
  i64 i;
  for(i=0; i<pI->nSkip; i++){
    if( caReadRecord(&pI->r, 0)!=CA_ROW ) break;
  }
}

/*
** Step: choose the column separator (cColSep, or the one
** caSniffSeparator() detects if it is 0), skip the --skip rows, and read
** the first row, which gives the number of columns.  On success, pI->nCol
** is more than 0, pI->aCol[] holds nCol zeroed columns, pI->azFirst[] the
** first row's fields, and pI->iDataStart and pI->nDataLine where the row
** after it starts.  Return 0, or 1 (caFail()) if the separator cannot be
** used, the first row is bad or there is none.
*/
static int caReadFirstRow(CaImport *pI, int cColSep){
  CaReader *r = &pI->r;
  int i, rc;
  assert( pI->nCol==0 && pI->aCol==0 && pI->azFirst==0 );
  caInputStart(pI);
  r->cSep = cColSep ? cColSep : caSniffSeparator(r);
  if( r->cSep=='"' || r->cSep==r->cRow ){
    return caFail(pI, "Error: .import --auto: the column separator cannot "
                      "be a quote or the row separator");
  }
  caSkipRows(pI);
  rc = caReadRecord(r, 1);
  if( rc==CA_ERROR ){
    return caFail(pI, r->zErr);
  }
  if( rc==CA_EOF ){
    pI->zErr = sqlite3_mprintf("%s: empty file", r->zName);
    return caFail(pI, pI->zErr);
  }
  assert( rc==CA_ROW && r->nField>0 );
  pI->nCol = r->nField;
  pI->aCol = sqlite3_malloc64(sizeof(CaColumn)*pI->nCol);
  pI->azFirst = sqlite3_malloc64(sizeof(char*)*pI->nCol);
  shell_check_oom(pI->aCol);
  shell_check_oom(pI->azFirst);
  memset(pI->aCol, 0, sizeof(CaColumn)*pI->nCol);
  for(i=0; i<pI->nCol; i++){
    pI->azFirst[i] = sqlite3_mprintf("%s", CA_FIELD(r,i));
    shell_check_oom(pI->azFirst[i]);
  }
  pI->iDataStart = caTell(r);
  pI->nDataLine = r->nLine;
  return 0;
}

/*
** Step: add to the column statistics the rows of the sample after the
** first: the head, CA_HEAD_ROWS rows (pI->nSampled counts them), then, if
** the head was full, CA_SPREAD chunks of CA_CHUNK_ROWS rows spread evenly
** through the rest of the input.  The head and each chunk end at a row
** that cannot be read or has another number of fields (the load reports
** it).  Leaves the reader anywhere in the input.
*/
static void caSample(CaImport *pI){
  CaReader *r = &pI->r;
  int i;
  assert( pI->nCol>0 && pI->nSampled==0 );
  for(i=0; i<CA_HEAD_ROWS; i++){
    int rc = caReadRecord(r, 0);
    if( rc!=CA_ROW || r->nField!=pI->nCol ) break;
    caSampleRecord(r, pI->aCol, pI->nCol);
    pI->nSampled++;
  }
  assert( pI->nSampled==i && i<=CA_HEAD_ROWS );
  if( i==CA_HEAD_ROWS ){
    i64 iHeadEnd = caTell(r);
    i64 nTotal = caInputSize(pI);
    int k, j;
    for(k=1; k<=CA_SPREAD && nTotal>iHeadEnd; k++){
      i64 iOff = iHeadEnd + (nTotal - iHeadEnd)/(CA_SPREAD+1)*k;
      int c;
      assert( iOff>=iHeadEnd && iOff<nTotal );
      if( caSeek(r, iOff) ) break;
      /* Resynchronise at the start of a line.  In a file with quoted
      ** line breaks this may land inside a field: such a chunk ends at
      ** its first row with the wrong number of fields. */
      do{ c = CA_GETC(r); }while( c!=EOF && c!=r->cRow );
      for(j=0; j<CA_CHUNK_ROWS; j++){
        int rc = caReadRecord(r, 0);
        if( rc!=CA_ROW || r->nField!=pI->nCol ) break;
        caSampleRecord(r, pI->aCol, pI->nCol);
      }
    }
  }
  sqlite3_free(r->zErr);
  r->zErr = 0;
}

/*
** Step: decide whether the first row is a header, and the type of each
** column.  The first row is a header if no column is numeric, or if a
** numeric column has text there; a file of one row is a header unless a
** value of it is a number.  If the first row is data, it is sampled too.
** Sets pI->bHeader and every pI->aCol[].eType.
*/
static void caDetectHeader(CaImport *pI){
  CaColumn *aCol = pI->aCol;
  int nCol = pI->nCol;
  int i, bAnyNumeric = 0, bText = 0;
  assert( nCol>0 && aCol!=0 && pI->azFirst!=0 );
  for(i=0; i<nCol; i++){
    i64 iVal;
    int eKind = caClassify(pI->azFirst[i], (int)strlen(pI->azFirst[i]), &iVal);
    if( caColumnType(&aCol[i])!=CA_TEXT ){
      bAnyNumeric = 1;
      if( eKind==CA_TEXT ) bText = 1;
    }
  }
  pI->bHeader = !bAnyNumeric || bText;
  if( pI->nSampled==0 ){
    /* Only one row: a header if none of its values is a number */
    pI->bHeader = 1;
    for(i=0; i<nCol; i++){
      i64 iVal;
      if( caClassify(pI->azFirst[i], (int)strlen(pI->azFirst[i]), &iVal)
            !=CA_TEXT ){
        pI->bHeader = 0;
      }
    }
  }
  for(i=0; i<nCol; i++){
    if( !pI->bHeader ){
      i64 iVal;
      int eKind = caClassify(pI->azFirst[i], (int)strlen(pI->azFirst[i]),
                             &iVal);
      assert( eKind>=CA_EMPTY && eKind<=CA_TEXT );
      aCol[i].nSeen[eKind]++;
    }
    aCol[i].eType = caColumnType(&aCol[i]);
  }
}

/*
** Step: find out whether the table (or a view of that name) exists.  If
** it does, the values are bound by the affinities of its columns'
** declared types instead of the detected types (pI->aCol[].eType), and it
** must have pI->nCol columns.  Sets pI->bExists.  Return 0, or 1
** (caFail()) if the number of columns differs.
*/
static int caExistingTable(CaImport *pI){
  ShellState *p = pI->p;
  int nTabCol = 0;
  sqlite3_stmt *pInfo = 0;
  char *zSql;
  assert( pI->nCol>0 && !pI->bInTx );
  pI->bExists =
         sqlite3_table_column_metadata(p->db, pI->zSchema, pI->zTable,
                                       0,0,0,0,0,0)==SQLITE_OK
      || db_int(p->db, "SELECT count(*) FROM \"%w\".sqlite_schema"
                       " WHERE name=%Q AND type='view'",
                       pI->zSchema ? pI->zSchema : "main", pI->zTable)>0;
  if( !pI->bExists ) return 0;
  zSql = sqlite3_mprintf("SELECT type FROM pragma_table_info(%Q,%Q)",
                         pI->zTable, pI->zSchema);
  shell_check_oom(zSql);
  if( sqlite3_prepare_v2(p->db, zSql, -1, &pInfo, 0)==SQLITE_OK ){
    while( sqlite3_step(pInfo)==SQLITE_ROW ){
      if( nTabCol<pI->nCol ){
        pI->aCol[nTabCol].eType =
            caAffinity((const char*)sqlite3_column_text(pInfo, 0));
      }
      nTabCol++;
    }
  }
  sqlite3_finalize(pInfo);
  sqlite3_free(zSql);
  if( nTabCol!=pI->nCol ){
    pI->zErr = sqlite3_mprintf("%s:%lld: %d fields, but table %s has %d "
                               "columns", pI->r.zName, pI->nDataLine-1,
                               pI->nCol, pI->zTable, nTabCol);
    return caFail(pI, pI->zErr);
  }
  return 0;
}

/*
** Step: name the columns of the table to be created (none if it exists):
** the header's fields, which must be non-empty and distinct ignoring
** case (they move from pI->azFirst[] to pI->aCol[].zName), or column1,
** column2, ... without a header.  Return 0, or 1 (caFail()) for a bad
** header.
*/
static int caNameColumns(CaImport *pI){
  CaColumn *aCol = pI->aCol;
  int i;
  if( pI->bExists ) return 0;
  for(i=0; i<pI->nCol; i++){
    assert( aCol[i].zName==0 );
    if( pI->bHeader ){
      char *zName = pI->azFirst[i];
      int j;
      assert( zName!=0 );
      if( zName[0]==0 ){
        pI->zErr = sqlite3_mprintf("%s:%lld: header: column %d has no name",
                                   pI->r.zName, pI->nDataLine-1, i+1);
        return caFail(pI, pI->zErr);
      }
      for(j=0; j<i; j++){
        if( sqlite3_stricmp(zName, aCol[j].zName)==0 ){
          pI->zErr = sqlite3_mprintf(
              "%s:%lld: header: columns %d and %d are both named \"%s\"",
              pI->r.zName, pI->nDataLine-1, j+1, i+1, zName);
          return caFail(pI, pI->zErr);
        }
      }
      aCol[i].zName = zName;
      pI->azFirst[i] = 0;
    }else{
      aCol[i].zName = sqlite3_mprintf("column%d", i+1);
      shell_check_oom(aCol[i].zName);
    }
  }
  return 0;
}

/*
** Position the reader at the first row to load: the one after the
** header, or else the first row (after the byte order mark and the --skip
** rows, as caReadFirstRow() found it).
*/
static void caSeekData(CaImport *pI){
  CaReader *r = &pI->r;
  if( pI->bHeader ){
    caSeek(r, pI->iDataStart);
    r->nLine = pI->nDataLine;
  }else{
    caInputStart(pI);
    caSkipRows(pI);
  }
}

/*
** Return a new string that starts an SQL statement on the import's table:
** zVerb, the table's name quoted (with its schema, if the import names
** one) and zAfter.  The caller finishes it with sqlite3_str_finish().
*/
static sqlite3_str *caStatementStart(
  sqlite3 *db,
  CaImport *pI,
  const char *zVerb,
  const char *zAfter
){
  sqlite3_str *pSql = sqlite3_str_new(db);
  assert( pI->zTable!=0 );
  if( pI->zSchema ){
    sqlite3_str_appendf(pSql, "%s \"%w\".\"%w\"%s",
                        zVerb, pI->zSchema, pI->zTable, zAfter);
  }else{
    sqlite3_str_appendf(pSql, "%s \"%w\"%s", zVerb, pI->zTable, zAfter);
  }
  return pSql;
}

/*
** Step: open SAVEPOINT csvauto (pI->bInTx), then create the table unless
** it exists, with the columns' names and types; pI->zCreate is the
** CREATE TABLE statement used.  Return 0, or 1 (caFail()) if either
** fails.
*/
static int caCreateTable(CaImport *pI){
  sqlite3 *db = pI->p->db;
  sqlite3_str *pSql;
  char *zSql;
  int i;
  assert( !pI->bInTx && pI->zCreate==0 && pI->pStmt==0 );
  if( sqlite3_exec(db, "SAVEPOINT csvauto", 0, 0, 0)!=SQLITE_OK ){
    pI->zErr = sqlite3_mprintf("Error: %s", sqlite3_errmsg(db));
    return caFail(pI, pI->zErr);
  }
  pI->bInTx = 1;
  if( pI->bExists ) return 0;
  pSql = caStatementStart(db, pI, "CREATE TABLE", "(");
  for(i=0; i<pI->nCol; i++){
    assert( pI->aCol[i].zName!=0 );
    sqlite3_str_appendf(pSql, "%s\n  \"%w\" %s", i ? "," : "",
                        pI->aCol[i].zName, caTypeName(pI->aCol[i].eType));
  }
  sqlite3_str_appendall(pSql, "\n);");
  zSql = sqlite3_str_finish(pSql);
  shell_check_oom(zSql);
  if( sqlite3_exec(db, zSql, 0, 0, 0)!=SQLITE_OK ){
    pI->zErr = sqlite3_mprintf("%s\nfailed: %s", zSql, sqlite3_errmsg(db));
    sqlite3_free(zSql);
    return caFail(pI, pI->zErr);
  }
  pI->zCreate = zSql;
  return 0;
}

/*
** Step: prepare the INSERT of one row into the table (pI->pStmt), with
** one parameter per column; -v -v prints it.  Return 0, or 1 (caFail())
** if it cannot be prepared.
*/
static int caPrepareInsert(CaImport *pI){
  sqlite3 *db = pI->p->db;
  sqlite3_str *pSql;
  char *zSql;
  int i;
  assert( pI->bInTx && pI->pStmt==0 );
  pSql = caStatementStart(db, pI, "INSERT INTO", " VALUES(");
  for(i=0; i<pI->nCol; i++) sqlite3_str_appendall(pSql, i ? ",?" : "?");
  sqlite3_str_appendall(pSql, ")");
  zSql = sqlite3_str_finish(pSql);
  shell_check_oom(zSql);
  if( sqlite3_prepare_v2(db, zSql, -1, &pI->pStmt, 0)!=SQLITE_OK ){
    pI->zErr = sqlite3_mprintf("%s\nfailed: %s", zSql, sqlite3_errmsg(db));
    sqlite3_free(zSql);
    return caFail(pI, pI->zErr);
  }
  assert( pI->pStmt!=0 && sqlite3_bind_parameter_count(pI->pStmt)==pI->nCol );
  if( pI->eVerbose>=2 ) cli_printf(pI->p->out, "Insert using: %s\n", zSql);
  sqlite3_free(zSql);
  return 0;
}

/*
** Bind the fields of the current record, which has pI->nCol of them, to
** the INSERT: a non-empty value of a TEXT column as text; an empty one as
** NULL, or '' if it was quoted and its column is TEXT; an integer of a
** numeric column as an integer; anything else as text.  A value that does
** not fit its column's type is counted, per column and in pI->nMisfit.
** The text stays in the reader's buffer (SQLITE_STATIC) until the next
** record is read.
*/
static void caBindRow(CaImport *pI){
  CaReader *r = &pI->r;
  sqlite3_stmt *pStmt = pI->pStmt;
  int i;
  assert( pStmt!=0 && r->nField==pI->nCol );
  for(i=0; i<pI->nCol; i++){
    const char *z = CA_FIELD(r, i);
    int n = r->aLen[i];
    i64 iVal = 0;
    int eType = pI->aCol[i].eType;
    int eKind;
    assert( eType==CA_INT || eType==CA_REAL || eType==CA_TEXT );
    assert( n>=0 && r->aFld[i]+n<r->n && z[n]==0 );
    if( eType==CA_TEXT && n>0 ){
      /* Any non-empty value fits a TEXT column */
      sqlite3_bind_text(pStmt, i+1, z, n, SQLITE_STATIC);
      continue;
    }
    eKind = caClassify(z, n, &iVal);
    if( eKind==CA_EMPTY ){
      if( eType==CA_TEXT && r->aQuoted[i] ){
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
    assert( eType!=CA_TEXT && eKind!=CA_EMPTY );
    if( pI->aCol[i].nMisfit++==0 ){
      pI->aCol[i].iMisfitLine = r->iRecLine;
      pI->aCol[i].zMisfit = sqlite3_mprintf("%.40s%s", z, n>40 ? "..." : "");
      shell_check_oom(pI->aCol[i].zMisfit);
    }
    pI->nMisfit++;
  }
}

/*
** Step: insert every row from the reader's position to the end of the
** input.  A bad row (one the reader refuses, one with another number of
** fields, one whose INSERT fails on a constraint) stops the import, or
** with --keep-going is skipped (caSkipped()).  Counts the rows inserted
** in pI->nRow, draws the progress bar every 1,024 rows and looks for
** Ctrl-C every 4,096.  Return 0, or 1 (caFail()) if the import must stop.
*/
static int caLoadRows(CaImport *pI){
  CaReader *r = &pI->r;
  sqlite3 *db = pI->p->db;
  assert( pI->bInTx && pI->pStmt!=0 && pI->nRow==0 );
  while( 1 ){
    int rc = caReadRecord(r, 1);
    if( rc==CA_EOF ) break;
    if( rc==CA_ERROR ){
      assert( r->zErr!=0 );
      if( pI->bKeepGoing ){
        /* Skip the bad row, then go on at the next line.  An unterminated
        ** quoted field has read the rest of the input: that ends it. */
        caSkipped(pI, r->zErr);
        r->zErr = 0;
        if( caResync(r) ) continue;
        break;
      }
      return caFail(pI, r->zErr);
    }
    assert( rc==CA_ROW );
    if( r->nField!=pI->nCol ){
      char *zMsg = sqlite3_mprintf("%s:%lld: expected %d fields but found %d",
                                   r->zName, r->iRecLine, pI->nCol, r->nField);
      if( pI->bKeepGoing ){
        shell_check_oom(zMsg);
        caSkipped(pI, zMsg);
        continue;
      }
      pI->zErr = zMsg;
      return caFail(pI, pI->zErr);
    }
    caBindRow(pI);
    sqlite3_step(pI->pStmt);
    rc = sqlite3_reset(pI->pStmt);
    if( rc!=SQLITE_OK ){
      char *zMsg = sqlite3_mprintf("%s:%lld: INSERT failed: %s",
                                   r->zName, r->iRecLine, sqlite3_errmsg(db));
      if( pI->bKeepGoing && (rc&0xff)==SQLITE_CONSTRAINT ){
        /* A constraint undoes this row's INSERT only: skip the row */
        shell_check_oom(zMsg);
        caSkipped(pI, zMsg);
        continue;
      }
      pI->zErr = zMsg;
      return caFail(pI, pI->zErr);
    }
    pI->nRow++;
    if( (pI->nRow & 0x3ff)==0 ){
      i64 nTotal = caInputSize(pI);
      shellBarStep(&pI->prog,
                   nTotal>0 ? (double)caTell(r)/(double)nTotal : 0.0);
    }
    if( (pI->nRow & 0xfff)==0 && seenInterrupt ){
      pI->zErr = sqlite3_mprintf("%s:%lld: interrupted", r->zName,
                                 r->iRecLine);
      return caFail(pI, pI->zErr);
    }
  }
  return 0;
}

/*
** Step: finalize the INSERT and RELEASE the savepoint: the import is
** done.  Return 0, or 1 (caFail()) if the RELEASE fails (caImportEnd()
** then rolls the savepoint back).
*/
static int caCommit(CaImport *pI){
  sqlite3 *db = pI->p->db;
  assert( pI->bInTx && pI->pStmt!=0 );
  sqlite3_finalize(pI->pStmt);
  pI->pStmt = 0;
  if( sqlite3_exec(db, "RELEASE csvauto", 0, 0, 0)!=SQLITE_OK ){
    pI->zErr = sqlite3_mprintf("Error: COMMIT failed: %s",
                               sqlite3_errmsg(db));
    return caFail(pI, pI->zErr);
  }
  pI->bInTx = 0;
  return 0;
}

/*
** Step: report an import that succeeded: erase the progress bar, then on
** the shell's output the CREATE TABLE used, how many rows were imported,
** and the values that did not fit their column's type; on stderr the
** bad rows that --keep-going skipped.
*/
static void caReport(CaImport *pI){
  FILE *out = pI->p->out;
  i64 nRow = pI->nRow;
  i64 nMisfit = pI->nMisfit;
  int i;
  assert( !pI->bFailed && !pI->bInTx && pI->pStmt==0 );
  assert( pI->bKeepGoing || pI->nSkipped==0 );
#ifndef NDEBUG
  {
    i64 nSum = 0;
    for(i=0; i<pI->nCol; i++) nSum += pI->aCol[i].nMisfit;
    assert( nSum==nMisfit );
  }
#endif
  shellBarEnd(&pI->prog);
  if( pI->zCreate ) cli_printf(out, "%s\n", pI->zCreate);
  cli_printf(out, "-- %lld row%s imported from %s%s\n", nRow,
             nRow==1 ? "" : "s", pI->r.zName,
             pI->bHeader ? " (first row: the column names)" : "");
  if( pI->nSkipped ){
    caReportSkipped(pI);
  }
  if( nMisfit ){
    cli_printf(out, "-- %lld value%s did not fit the column's type, "
                    "stored as the column's affinity stores text:\n",
               nMisfit, nMisfit==1 ? "" : "s");
    for(i=0; i<pI->nCol; i++){
      if( pI->aCol[i].nMisfit==0 ) continue;
      cli_printf(out, "--   \"%s\" %s: %lld, the first at line %lld: %s\n",
                 pI->aCol[i].zName, caTypeName(pI->aCol[i].eType),
                 pI->aCol[i].nMisfit, pI->aCol[i].iMisfitLine,
                 pI->aCol[i].zMisfit);
    }
  }
}

/*
** The single exit of an import, rc its result so far (0 or 1).  Erase the
** progress bar; if the import failed, roll the savepoint back (taking
** with it the table the import made, and every row it inserted) and
** report the failure on stderr.  Then release every resource held in pI.
** Return rc.
*/
static int caImportEnd(CaImport *pI, int rc){
  int i;
  assert( rc==0 || rc==1 );
  assert( (rc!=0)==(pI->bFailed!=0) );
  assert( rc!=0 || (!pI->bInTx && pI->pStmt==0) );
  shellBarEnd(&pI->prog);
  if( pI->bInTx ){
    sqlite3_exec(pI->p->db, "ROLLBACK TO csvauto; RELEASE csvauto;", 0, 0, 0);
    pI->bInTx = 0;
  }
  if( rc ){
    cli_printf(stderr, "%s\n", pI->zFail);
    cli_printf(stderr, ".import --auto: nothing imported\n");
  }
  sqlite3_finalize(pI->pStmt);
  for(i=0; i<pI->nCol; i++){
    if( pI->aCol ){
      sqlite3_free(pI->aCol[i].zName);
      sqlite3_free(pI->aCol[i].zMisfit);
    }
    if( pI->azFirst ) sqlite3_free(pI->azFirst[i]);
  }
  sqlite3_free(pI->aCol);
  sqlite3_free(pI->azFirst);
  for(i=0; i<CA_SKIP_SHOWN; i++){
    assert( i<pI->nSkipped || pI->azSkipped[i]==0 );
    sqlite3_free(pI->azSkipped[i]);
  }
  sqlite3_free(pI->zCreate);
  sqlite3_free(pI->zErr);
  sqlite3_free(pI->r.bufAlloc);
  sqlite3_free(pI->r.z);
  sqlite3_free(pI->r.aFld);
  sqlite3_free(pI->r.aLen);
  sqlite3_free(pI->r.aQuoted);
  sqlite3_free(pI->r.zErr);
  return rc;
}

/*
** The typed import.  pCtx holds the input dotCmdImport() opened (a file,
** a pipe, or "<<" text in memory); the caller cleans it up.  cColSep is 0
** if no separator was given.  Return 0 on success, 1 on error (reported
** on stderr, and nothing imported).
**
** The steps run in order while they succeed; caImportEnd() is the one
** exit, which undoes a failed import and frees everything.
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
  CaImport s;
  int rc;

  memset(&s, 0, sizeof(s));
  shellBarInit(&s.prog);
  s.p = p;
  s.pCtx = pCtx;
  s.zSchema = zSchema;
  s.zTable = zTable;
  s.nSkip = nSkip;
  s.eVerbose = eVerbose;
  s.bKeepGoing = bKeepGoing;
  s.nFileSize = -1;
  s.nFirstLine = pCtx->nLine>0 ? pCtx->nLine : 1;
  s.r.zName = pCtx->zFile;
  s.r.cRow = cRowSep;
  s.r.nLine = s.nFirstLine;

  rc = caOpenInput(&s);
  if( rc==0 ) rc = caReadFirstRow(&s, cColSep);
  if( rc==0 ){
    caSample(&s);
    caDetectHeader(&s);
    rc = caExistingTable(&s);
  }
  if( rc==0 ) rc = caNameColumns(&s);
  if( rc==0 ){
    caSeekData(&s);
    rc = caCreateTable(&s);
  }
  if( rc==0 ) rc = caPrepareInsert(&s);
  if( rc==0 ) rc = caLoadRows(&s);
  if( rc==0 ) rc = caCommit(&s);
  if( rc==0 ) caReport(&s);
  return caImportEnd(&s, rc);
}
