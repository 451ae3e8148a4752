/*
** 2026 November 25
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
** plrec.so: the system-call recorder of the power-loss simulator
** (test/stress/powerloss.py, doc/stress.md).  Preloaded into a writer
** process, it records, in the order they really happened, the calls that
** change the files of one directory, and the lines the process writes on
** its standard output, so that powerloss.py can build every state of the
** directory that a power cut during the run could leave.
**
**   cc -O2 -shared -fPIC -o plrec.so plrec.c -ldl -lpthread
**   LD_PRELOAD=plrec.so PLREC_LOG=/abs/log PLREC_DIR=/abs/dir program ...
**
** Only the files directly in PLREC_DIR (and PLREC_DIR itself, whose fsync
** makes the directory's entries durable) are tracked.  Files whose name
** ends in "-shm" are ignored altogether: SQLite's wal-index is memory
** mapped scratch that is rebuilt after a crash.  Without PLREC_LOG and
** PLREC_DIR the recorder does nothing.
**
** Files are modelled by incarnations, not by names: each file that exists
** when recording starts, and each file created later, gets a new
** incarnation id.  A name maps to its current incarnation; an unlink
** unmaps it; a rename moves the mapping.  A descriptor maps to the
** incarnation it was opened on until it is closed.
**
** The log.  A sequence of records, each a 20-byte header
**
**     u32 type   u32 inc   u64 offset   u32 len       (little-endian)
**
** followed by len bytes of payload.  The types:
**
**   0 START     payload "PLREC1\0" + the directory; offset = pid
**   1 CREATE    inc = the new incarnation; payload = its name
**   2 UNLINK    payload = the name
**   3 RENAME    payload = "from\0to" (names)
**   4 WRITE     inc, offset, payload = the bytes written
**   5 TRUNCATE  inc, offset = the new size
**   6 FSYNC     inc (fsync() or fdatasync() of a tracked file)
**   7 DIRSYNC   fsync() or fdatasync() of the directory
**   8 MARK      payload = bytes written to standard output
**   9 INIT      inc, payload = "name\0" + content: a file that existed
**               when recording started, as it was then
**  10 EXTEND    inc, offset = a size the file grows to if it is smaller
**               (fallocate(), posix_fallocate())
**  11 SYNCALL   sync() or syncfs(): everything is durable
**
** Only successful calls are recorded, and of a write only the bytes it
** wrote.  One global mutex is held around each tracked call and the
** append of its record, so the order of the records is the order in
** which the calls took effect, whichever thread made them (the page
** cleaner's writer thread writes with pwrite() beside the connection's
** thread).  Each record is appended with one writev() system call on a
** descriptor opened with O_APPEND, so a process killed at any moment
** leaves at most a truncated last record, which the reader discards.
**
** Standard output: a write() or writev() on descriptor 1 is recorded as a
** MARK.  A program whose lines should be marks must print them with
** write() (stress.c's stressEvent(), Python's flushed sys.stdout): glibc's
** stdio writes through its internal __write(), which no preloaded library
** sees.  powerloss.py compares the MARKs with the captured output, so a
** line printed otherwise is a failed run, not a silently missing mark.
**
** Schedule jitter: with PLREC_JITTER_US=N (N>0), one in eight of the
** write, truncate and sync calls of the recording process (chosen
** pseudo-randomly) first sleeps 0..N microseconds, outside the mutex.
** The recorder's mutex serialises the threads' system calls, which
** narrows the windows in which a race between the page cleaner's writer
** thread and the connection's thread could order a write after a sync;
** the jitter widens them again.  It changes only the timing, never what
** is recorded about a call.
**
** Which process records.  The first process that starts with the
** recorder preloaded creates the log and records.  A child made by fork()
** records nothing (it would not share the maps), and neither does any
** other process that finds the log already begun - except one that has
** the recording process's pid and finds nothing but the START and INIT
** records in the log: that is the same process after an exec() (a
** launcher such as a pyenv shim that execs the real program), and it
** starts the log afresh.  A process that records nothing warns on
** standard error when it first opens a file of the directory.
*/
#define _GNU_SOURCE 1
#undef _FORTIFY_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* Record types (see the header comment) */
#define PLREC_START     0
#define PLREC_CREATE    1
#define PLREC_UNLINK    2
#define PLREC_RENAME    3
#define PLREC_WRITE     4
#define PLREC_TRUNCATE  5
#define PLREC_FSYNC     6
#define PLREC_DIRSYNC   7
#define PLREC_MARK      8
#define PLREC_INIT      9
#define PLREC_EXTEND   10
#define PLREC_SYNCALL  11

#define PLREC_HDRSIZE  20

/* What a path names (plrecClassify()) */
#define PLREC_OTHER     0   /* Not tracked */
#define PLREC_ISDIR     1   /* The directory itself */
#define PLREC_CHILD     2   /* A tracked file in the directory */
#define PLREC_IGNORED   3   /* A "-shm" file in the directory */

/* fd map values other than incarnation ids (which are >0) */
#define PLREC_FD_NONE   0
#define PLREC_FD_DIR   (-1)

typedef unsigned int u32;
typedef unsigned long long u64;

/*
** The real functions, found with dlsym(RTLD_NEXT).
*/
static int (*real_openat64)(int, const char*, int, ...);
static int (*real_close)(int);
static ssize_t (*real_write)(int, const void*, size_t);
static ssize_t (*real_pwrite)(int, const void*, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void*, size_t, off64_t);
static ssize_t (*real_writev)(int, const struct iovec*, int);
static ssize_t (*real_pwritev)(int, const struct iovec*, int, off_t);
static ssize_t (*real_pwritev64)(int, const struct iovec*, int, off64_t);
static int (*real_ftruncate)(int, off_t);
static int (*real_ftruncate64)(int, off64_t);
static int (*real_truncate)(const char*, off_t);
static int (*real_truncate64)(const char*, off64_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static void (*real_sync)(void);
static int (*real_syncfs)(int);
static int (*real_unlink)(const char*);
static int (*real_unlinkat)(int, const char*, int);
static int (*real_rename)(const char*, const char*);
static int (*real_renameat)(int, const char*, int, const char*);
static int (*real_renameat2)(int, const char*, int, const char*, unsigned);
static int (*real_fallocate)(int, int, off_t, off_t);
static int (*real_fallocate64)(int, int, off64_t, off64_t);
static int (*real_posix_fallocate)(int, off_t, off_t);
static int (*real_posix_fallocate64)(int, off64_t, off64_t);
static int (*real_dup)(int);
static int (*real_dup2)(int, int);
static int (*real_dup3)(int, int, int);
static int (*real_fcntl)(int, int, ...);
static int (*real_fcntl64)(int, int, ...);

/*
** The recorder's state.  Everything below gOn is protected by gMutex.
*/
static pthread_once_t gOnce = PTHREAD_ONCE_INIT;
static pthread_mutex_t gMutex = PTHREAD_MUTEX_INITIALIZER;
static int gOn = 0;              /* True if recording */
static pid_t gPid = 0;           /* The recording process */
static int gLogFd = -1;          /* The log, O_APPEND */
static char gDir[PATH_MAX];      /* PLREC_DIR, normalised */
static char gDirReal[PATH_MAX];  /* realpath() of it, normalised */
static u32 gInc = 0;             /* The last incarnation id handed out */
static const char *zNotOn = 0;   /* Why this process does not record */
static int *aFdInc = 0;          /* Descriptor -> incarnation (or DIR) */
static int nFdInc = 0;           /* Entries of aFdInc[] */
typedef struct PlrecName PlrecName;
struct PlrecName {
  char *zName;                   /* A name in the directory */
  int inc;                       /* Its current incarnation */
};
static PlrecName *aName = 0;     /* The names that exist, and their files */
static int nName = 0;            /* Entries of aName[] in use */
static int nNameAlloc = 0;       /* Entries allocated */

static int gJitterUs = 0;        /* PLREC_JITTER_US */

/* Set while this thread runs recorder code: nested calls pass through */
static __thread int tInShim = 0;
static __thread unsigned int tJitter = 0;   /* xorshift32 state */

/*
** Return the real function called zName (the next definition after this
** library's).  Abort if there is none: the recorder cannot work without.
*/
static void *plrecSym(const char *zName){
  void *p = dlsym(RTLD_NEXT, zName);
  if( p==0 ){
    static const char zMsg[] = "plrec: a libc function is missing\n";
    syscall(SYS_write, 2, zMsg, sizeof(zMsg)-1);
    abort();
  }
  return p;
}

/*
** Return the real function called zName, or 0 if the C library has none
** (for functions only newer C libraries have).
*/
static void *plrecSymOpt(const char *zName){
  return dlsym(RTLD_NEXT, zName);
}

/*
** Write the whole of the nIov buffers of aIov to descriptor fd with the
** writev() system call (never through a wrapper of this file), retrying
** after a short write.  Return 0 on success, -1 on an error.
*/
static int plrecWriteAll(int fd, struct iovec *aIov, int nIov){
  while( nIov>0 ){
    long n = syscall(SYS_writev, fd, aIov, nIov);
    if( n<0 ){
      if( errno==EINTR ) continue;
      return -1;
    }
    while( nIov>0 && (size_t)n>=aIov[0].iov_len ){
      n -= (long)aIov[0].iov_len;
      aIov++;
      nIov--;
    }
    if( nIov>0 ){
      aIov[0].iov_base = (char*)aIov[0].iov_base + n;
      aIov[0].iov_len -= (size_t)n;
    }
  }
  return 0;
}

/*
** Append one record to the log: the header (eType, inc, iOff, n1+n2) and
** the payload, the n1 bytes of p1 followed by the n2 bytes of p2, with
** one system call.  The caller holds gMutex.
*/
static void plrecLog(u32 eType, u32 inc, u64 iOff,
                     const void *p1, size_t n1, const void *p2, size_t n2){
  unsigned char aHdr[PLREC_HDRSIZE];
  struct iovec aIov[3];
  u32 nLen = (u32)(n1+n2);
  int i, nIov = 1;
  for(i=0; i<4; i++){
    aHdr[i] = (unsigned char)(eType>>(8*i));
    aHdr[4+i] = (unsigned char)(inc>>(8*i));
    aHdr[16+i] = (unsigned char)(nLen>>(8*i));
  }
  for(i=0; i<8; i++) aHdr[8+i] = (unsigned char)(iOff>>(8*i));
  aIov[0].iov_base = aHdr;
  aIov[0].iov_len = PLREC_HDRSIZE;
  if( n1>0 ){ aIov[nIov].iov_base = (void*)p1; aIov[nIov++].iov_len = n1; }
  if( n2>0 ){ aIov[nIov].iov_base = (void*)p2; aIov[nIov++].iov_len = n2; }
  if( plrecWriteAll(gLogFd, aIov, nIov) ){
    static const char zMsg[] = "plrec: cannot write the log\n";
    syscall(SYS_write, 2, zMsg, sizeof(zMsg)-1);
    gOn = 0;
  }
}

/*
** Write zMsg (a warning) on standard error.
*/
static void plrecWarn(const char *zMsg, const char *zArg){
  char z[PATH_MAX+200];
  int n = snprintf(z, sizeof(z), "plrec: %s%s%s\n", zMsg, zArg ? ": " : "",
                   zArg ? zArg : "");
  if( n>(int)sizeof(z)-1 ) n = (int)sizeof(z)-1;
  syscall(SYS_write, 2, z, (size_t)n);
}

/*
** Normalise the absolute path z in place, lexically: no empty or "."
** components, ".." removes the component before it, no trailing '/'
** (except for "/" itself).
*/
static void plrecNormalise(char *z){
  char *zOut = z;           /* Where the next component goes */
  const char *zIn = z;
  size_t n = 0;             /* Length of the normalised path so far */
  while( *zIn ){
    const char *zEnd;
    size_t nComp;
    while( *zIn=='/' ) zIn++;
    if( *zIn==0 ) break;
    zEnd = zIn;
    while( *zEnd && *zEnd!='/' ) zEnd++;
    nComp = (size_t)(zEnd - zIn);
    if( nComp==1 && zIn[0]=='.' ){
      /* skip */
    }else if( nComp==2 && zIn[0]=='.' && zIn[1]=='.' ){
      while( n>0 && zOut[n-1]!='/' ) n--;
      if( n>0 ) n--;
    }else{
      zOut[n++] = '/';
      memmove(&zOut[n], zIn, nComp);
      n += nComp;
    }
    zIn = zEnd;
  }
  if( n==0 ) zOut[n++] = '/';
  zOut[n] = 0;
}

/*
** Write into zOut (PATH_MAX bytes) the absolute, normalised form of zPath
** relative to directory descriptor dirfd (AT_FDCWD: the working
** directory).  Return 0 on success, or -1 if it cannot be had.
*/
static int plrecAbsPath(int dirfd, const char *zPath, char *zOut){
  size_t nBase = 0, nPath;
  if( zPath==0 ) return -1;
  nPath = strlen(zPath);
  if( zPath[0]!='/' ){
    if( dirfd==AT_FDCWD ){
      if( getcwd(zOut, PATH_MAX)==0 ) return -1;
    }else{
      char zLink[64];
      ssize_t n;
      snprintf(zLink, sizeof(zLink), "/proc/self/fd/%d", dirfd);
      n = readlink(zLink, zOut, PATH_MAX-1);
      if( n<0 ) return -1;
      zOut[n] = 0;
    }
    nBase = strlen(zOut);
  }
  if( nBase+1+nPath+1>PATH_MAX ) return -1;
  zOut[nBase] = '/';
  memcpy(&zOut[nBase+1], zPath, nPath+1);
  plrecNormalise(zOut);
  return 0;
}

/*
** Classify zPath (relative to dirfd): PLREC_OTHER, PLREC_ISDIR,
** PLREC_CHILD or PLREC_IGNORED.  For a child, *pzBase is set to its name
** (within zAbs, a PATH_MAX buffer the caller provides).
*/
static int plrecClassify(int dirfd, const char *zPath, char *zAbs,
                         const char **pzBase){
  char *zSlash;
  size_t nBase;
  if( plrecAbsPath(dirfd, zPath, zAbs) ) return PLREC_OTHER;
  if( strcmp(zAbs, gDir)==0 || strcmp(zAbs, gDirReal)==0 ){
    return PLREC_ISDIR;
  }
  zSlash = strrchr(zAbs, '/');
  if( zSlash==0 || zSlash[1]==0 ) return PLREC_OTHER;
  *zSlash = 0;
  if( strcmp(zAbs[0] ? zAbs : "/", gDir)!=0
   && strcmp(zAbs[0] ? zAbs : "/", gDirReal)!=0 ){
    *zSlash = '/';
    return PLREC_OTHER;
  }
  *zSlash = '/';
  *pzBase = zSlash+1;
  nBase = strlen(*pzBase);
  if( nBase>=4 && strcmp(&(*pzBase)[nBase-4], "-shm")==0 ){
    return PLREC_IGNORED;
  }
  return PLREC_CHILD;
}

/*
** The incarnation of descriptor fd (0 if untracked, PLREC_FD_DIR for the
** directory).
*/
static int plrecFdGet(int fd){
  return (fd>=0 && fd<nFdInc) ? aFdInc[fd] : PLREC_FD_NONE;
}

/*
** Map descriptor fd to incarnation inc (or PLREC_FD_DIR, or
** PLREC_FD_NONE to forget it).
*/
static void plrecFdSet(int fd, int inc){
  if( fd<0 ) return;
  if( fd>=nFdInc ){
    int nNew = fd*2 + 64;
    int *aNew;
    if( inc==PLREC_FD_NONE ) return;
    aNew = realloc(aFdInc, sizeof(int)*nNew);
    if( aNew==0 ){
      plrecWarn("out of memory", 0);
      gOn = 0;
      return;
    }
    memset(&aNew[nFdInc], 0, sizeof(int)*(nNew-nFdInc));
    aFdInc = aNew;
    nFdInc = nNew;
  }
  aFdInc[fd] = inc;
}

/*
** The entry of aName[] for name zName, or -1.
*/
static int plrecNameFind(const char *zName){
  int i;
  for(i=0; i<nName; i++){
    if( strcmp(aName[i].zName, zName)==0 ) return i;
  }
  return -1;
}

/*
** The current incarnation of name zName, or 0 if the name does not exist.
*/
static int plrecNameInc(const char *zName){
  int i = plrecNameFind(zName);
  return i<0 ? 0 : aName[i].inc;
}

/*
** Make name zName refer to incarnation inc (0: the name no longer exists).
*/
static void plrecNameSet(const char *zName, int inc){
  int i = plrecNameFind(zName);
  if( inc==0 ){
    if( i>=0 ){
      free(aName[i].zName);
      aName[i] = aName[--nName];
    }
    return;
  }
  if( i<0 ){
    if( nName>=nNameAlloc ){
      int nNew = nNameAlloc*2 + 8;
      PlrecName *aNew = realloc(aName, sizeof(PlrecName)*nNew);
      if( aNew==0 ){ plrecWarn("out of memory", 0); gOn = 0; return; }
      aName = aNew;
      nNameAlloc = nNew;
    }
    i = nName++;
    aName[i].zName = strdup(zName);
    if( aName[i].zName==0 ){ nName--; plrecWarn("out of memory", 0); return; }
  }
  aName[i].inc = inc;
}

/*
** Record file zAbs (named zName in the directory), which exists and is
** not yet known, as an initial file: a new incarnation and an INIT record
** with its present content.  Return the incarnation.
*/
static int plrecInitFile(const char *zAbs, const char *zName){
  int inc = (int)++gInc;
  char *aBuf = 0;
  size_t nBuf = 0, nAlloc = 0;
  int fd = real_openat64(AT_FDCWD, zAbs, O_RDONLY|O_CLOEXEC);
  if( fd>=0 ){
    for(;;){
      ssize_t n;
      if( nBuf==nAlloc ){
        char *aNew;
        nAlloc = nAlloc*2 + 65536;
        aNew = realloc(aBuf, nAlloc);
        if( aNew==0 ){ plrecWarn("out of memory", zAbs); break; }
        aBuf = aNew;
      }
      n = read(fd, &aBuf[nBuf], nAlloc-nBuf);
      if( n<0 && errno==EINTR ) continue;
      if( n<=0 ) break;
      nBuf += (size_t)n;
    }
    real_close(fd);
  }else{
    plrecWarn("cannot read an initial file", zAbs);
  }
  plrecLog(PLREC_INIT, (u32)inc, 0, zName, strlen(zName)+1, aBuf, nBuf);
  free(aBuf);
  plrecNameSet(zName, inc);
  return inc;
}

static int plrecNameCmp(const void *a, const void *b){
  return strcmp(*(char*const*)a, *(char*const*)b);
}

/*
** Record every regular file that is in the directory now (other than
** "-shm" files) as an initial file, in the order of their names.
*/
static void plrecScanDir(void){
  DIR *pDir = opendir(gDir);
  struct dirent *pEnt;
  char **azName = 0;
  int nAz = 0, nAzAlloc = 0, i;
  if( pDir==0 ){
    plrecWarn("cannot read the directory", gDir);
    return;
  }
  while( (pEnt = readdir(pDir))!=0 ){
    size_t n = strlen(pEnt->d_name);
    if( strcmp(pEnt->d_name, ".")==0 || strcmp(pEnt->d_name, "..")==0 ){
      continue;
    }
    if( n>=4 && strcmp(&pEnt->d_name[n-4], "-shm")==0 ) continue;
    if( nAz>=nAzAlloc ){
      char **azNew;
      nAzAlloc = nAzAlloc*2 + 16;
      azNew = realloc(azName, sizeof(char*)*nAzAlloc);
      if( azNew==0 ) break;
      azName = azNew;
    }
    azName[nAz] = strdup(pEnt->d_name);
    if( azName[nAz] ) nAz++;
  }
  closedir(pDir);
  if( nAz>0 ) qsort(azName, nAz, sizeof(char*), plrecNameCmp);
  for(i=0; i<nAz; i++){
    char zAbs[PATH_MAX];
    struct stat st;
    size_t nDir = strlen(gDir), nEnt = strlen(azName[i]);
    if( nDir+1+nEnt<PATH_MAX ){
      memcpy(zAbs, gDir, nDir);
      zAbs[nDir] = '/';
      memcpy(&zAbs[nDir+1], azName[i], nEnt+1);
      if( lstat(zAbs, &st)==0 && S_ISREG(st.st_mode) ){
        plrecInitFile(zAbs, azName[i]);
      }
    }
    free(azName[i]);
  }
  free(azName);
}

/*
** The log (descriptor fd, nSize bytes) is not empty.  If it was begun by
** this process (the same pid: this is the process after an exec()) and
** holds nothing but the START and INIT records, empty it and return 0:
** this process records.  Otherwise return 1: it does not.
*/
static int plrecLogRestart(int fd, off_t nSize){
  off_t iOff = 0;
  while( iOff<nSize ){
    unsigned char aHdr[PLREC_HDRSIZE];
    u32 eType, nLen;
    u64 iRecOff = 0;
    int i;
    if( pread(fd, aHdr, PLREC_HDRSIZE, iOff)!=PLREC_HDRSIZE ) return 1;
    eType = aHdr[0] | (aHdr[1]<<8) | (aHdr[2]<<16) | ((u32)aHdr[3]<<24);
    nLen = aHdr[16] | (aHdr[17]<<8) | (aHdr[18]<<16) | ((u32)aHdr[19]<<24);
    for(i=7; i>=0; i--) iRecOff = (iRecOff<<8) | aHdr[8+i];
    if( iOff==0 ){
      if( eType!=PLREC_START || iRecOff!=(u64)getpid() ) return 1;
    }else if( eType!=PLREC_INIT ){
      return 1;
    }
    iOff += PLREC_HDRSIZE + (off_t)nLen;
  }
  return real_ftruncate(fd, 0)!=0;
}

/* fork() handlers: the child gets an unlocked mutex (and records nothing) */
static void plrecAtforkPrepare(void){ pthread_mutex_lock(&gMutex); }
static void plrecAtforkParent(void){ pthread_mutex_unlock(&gMutex); }
static void plrecAtforkChild(void){ pthread_mutex_unlock(&gMutex); }

/*
** Initialise the recorder, once: find the real functions, and if
** PLREC_LOG and PLREC_DIR are set, open the log, write the START record
** and record the files the directory holds.
*/
static void plrecInit(void){
  const char *zLog, *zDir;
  struct stat st;
  tInShim++;
  real_openat64 = plrecSym("openat64");
  real_close = plrecSym("close");
  real_write = plrecSym("write");
  real_pwrite = plrecSym("pwrite");
  real_pwrite64 = plrecSym("pwrite64");
  real_writev = plrecSym("writev");
  real_pwritev = plrecSym("pwritev");
  real_pwritev64 = plrecSym("pwritev64");
  real_ftruncate = plrecSym("ftruncate");
  real_ftruncate64 = plrecSym("ftruncate64");
  real_truncate = plrecSym("truncate");
  real_truncate64 = plrecSym("truncate64");
  real_fsync = plrecSym("fsync");
  real_fdatasync = plrecSym("fdatasync");
  real_sync = plrecSym("sync");
  real_syncfs = plrecSymOpt("syncfs");
  real_unlink = plrecSym("unlink");
  real_unlinkat = plrecSym("unlinkat");
  real_rename = plrecSym("rename");
  real_renameat = plrecSym("renameat");
  real_renameat2 = plrecSymOpt("renameat2");
  real_fallocate = plrecSym("fallocate");
  real_fallocate64 = plrecSym("fallocate64");
  real_posix_fallocate = plrecSym("posix_fallocate");
  real_posix_fallocate64 = plrecSym("posix_fallocate64");
  real_dup = plrecSym("dup");
  real_dup2 = plrecSym("dup2");
  real_dup3 = plrecSymOpt("dup3");
  real_fcntl = plrecSym("fcntl");
  real_fcntl64 = plrecSymOpt("fcntl64");

  zLog = getenv("PLREC_LOG");
  zDir = getenv("PLREC_DIR");
  if( getenv("PLREC_JITTER_US") ) gJitterUs = atoi(getenv("PLREC_JITTER_US"));
  if( zLog && zLog[0] && zDir && zDir[0] ){
    char zReal[PATH_MAX];
    if( zDir[0]!='/' || strlen(zDir)>=PATH_MAX ){
      plrecWarn("PLREC_DIR must be an absolute path", zDir);
      tInShim--;
      return;
    }
    strcpy(gDir, zDir);
    plrecNormalise(gDir);
    if( realpath(gDir, zReal) ){
      strcpy(gDirReal, zReal);
      plrecNormalise(gDirReal);
    }else{
      strcpy(gDirReal, gDir);
    }
    gLogFd = real_openat64(AT_FDCWD, zLog,
                           O_RDWR|O_CREAT|O_APPEND|O_CLOEXEC, 0644);
    if( gLogFd<0 ){
      plrecWarn("cannot open the log", zLog);
    }else if( fstat(gLogFd, &st)==0 && st.st_size>0
           && plrecLogRestart(gLogFd, st.st_size) ){
      /* Another process records into this log */
      zNotOn = "another process records into the log";
      real_close(gLogFd);
      gLogFd = -1;
    }else{
      static const char zMagic[] = "PLREC1";
      gPid = getpid();
      gOn = 1;
      pthread_atfork(plrecAtforkPrepare, plrecAtforkParent,
                     plrecAtforkChild);
      pthread_mutex_lock(&gMutex);
      plrecLog(PLREC_START, 0, (u64)gPid, zMagic, sizeof(zMagic),
               gDir, strlen(gDir));
      plrecScanDir();
      pthread_mutex_unlock(&gMutex);
    }
  }
  tInShim--;
}

__attribute__((constructor)) static void plrecConstructor(void){
  pthread_once(&gOnce, plrecInit);
}

/*
** Begin a wrapped call.  Return true if the call is to be recorded: the
** recorder is on, this is the recording process, and the call was not
** made by the recorder itself.  Then the caller holds gMutex and must
** call plrecLeave().
*/
static int plrecEnter(void){
  if( tInShim ) return 0;
  pthread_once(&gOnce, plrecInit);
  if( !gOn || getpid()!=gPid ) return 0;
  tInShim++;
  pthread_mutex_lock(&gMutex);
  return 1;
}
static void plrecLeave(void){
  pthread_mutex_unlock(&gMutex);
  tInShim--;
}

/*
** Before a write, truncate or sync call: sleep 0..PLREC_JITTER_US
** microseconds (see the header comment), if the recorder is on and this
** is not the recorder's own call.
*/
static void plrecJitter(void){
  unsigned int x;
  if( gJitterUs<=0 || tInShim || !gOn ) return;
  x = tJitter;
  if( x==0 ) x = ((unsigned int)syscall(SYS_gettid)*2654435761u) | 1;
  x ^= x<<13;
  x ^= x>>17;
  x ^= x<<5;
  tJitter = x;
  /* One call in eight sleeps: long sleeps, rarely, reorder the threads
  ** more than short ones everywhere would */
  x = (x & 7)==0 ? (x>>3) % ((unsigned int)gJitterUs + 1) : 0;
  if( x>0 ){
    struct timespec ts;
    ts.tv_sec = x/1000000;
    ts.tv_nsec = (long)(x%1000000)*1000;
    nanosleep(&ts, 0);
  }
}

/*
** Make sure the real functions are known (for a call that is not to be
** recorded, possibly before the constructor ran).
*/
static void plrecReal(void){
  if( real_openat64==0 && !tInShim ) pthread_once(&gOnce, plrecInit);
}

/************************* opening and closing ****************************/

/*
** open(), open64(), openat(), openat64(), creat(), and the fortified
** variants all come here.
*/
static int plrecOpen(int dirfd, const char *zPath, int flags, mode_t mode){
  char zAbs[PATH_MAX];
  const char *zBase = 0;
  int fd, eClass, bExisted = 1;
  plrecReal();
  if( real_openat64==0 ){
    /* Called while the real functions are being looked up */
    return (int)syscall(SYS_openat, dirfd, zPath, flags, mode);
  }
  if( !plrecEnter() ){
    if( zNotOn && !tInShim ){
      /* Say once, if this process uses the directory, that it does not
      ** record */
      static int bWarned = 0;
      tInShim++;
      if( !bWarned && plrecClassify(dirfd, zPath, zAbs, &zBase)!=PLREC_OTHER ){
        bWarned = 1;
        plrecWarn("not recording", zNotOn);
      }
      tInShim--;
    }
    return real_openat64(dirfd, zPath, flags, mode);
  }
  eClass = plrecClassify(dirfd, zPath, zAbs, &zBase);
  if( eClass==PLREC_CHILD && (flags & O_CREAT) ){
    bExisted = access(zAbs, F_OK)==0;
  }
  fd = real_openat64(dirfd, zPath, flags, mode);
  if( fd>=0 && gOn ){
    if( (flags & O_TMPFILE)==O_TMPFILE ){
      /* An unnamed file: it can never be found after a power cut */
      plrecFdSet(fd, PLREC_FD_NONE);
    }else if( eClass==PLREC_ISDIR ){
      plrecFdSet(fd, PLREC_FD_DIR);
    }else if( eClass==PLREC_CHILD ){
      int inc = plrecNameInc(zBase);
      if( !bExisted ){
        if( inc ) plrecWarn("a known file had vanished", zAbs);
        inc = (int)++gInc;
        plrecNameSet(zBase, inc);
        plrecLog(PLREC_CREATE, (u32)inc, 0, zBase, strlen(zBase), 0, 0);
      }else{
        if( inc==0 ){
          /* Not there at the start, not created by us: made by someone
          ** else, or in a way the recorder does not see. */
          plrecWarn("an unknown file: recorded as initial", zAbs);
          inc = plrecInitFile(zAbs, zBase);
        }
        if( (flags & O_TRUNC) && (flags & O_ACCMODE)!=O_RDONLY ){
          plrecLog(PLREC_TRUNCATE, (u32)inc, 0, 0, 0, 0, 0);
        }
      }
      plrecFdSet(fd, inc);
    }else{
      plrecFdSet(fd, PLREC_FD_NONE);
    }
  }
  plrecLeave();
  return fd;
}

/* The mode argument of an open() that creates (or makes a temp file) */
#define PLREC_MODE(flags, mode) \
  do{ \
    if( (flags) & (O_CREAT|O_TMPFILE) ){ \
      va_list ap; va_start(ap, flags); \
      mode = (mode_t)va_arg(ap, int); \
      va_end(ap); \
    } \
  }while(0)

int open(const char *zPath, int flags, ...){
  mode_t mode = 0;
  PLREC_MODE(flags, mode);
  return plrecOpen(AT_FDCWD, zPath, flags, mode);
}
int open64(const char *zPath, int flags, ...){
  mode_t mode = 0;
  PLREC_MODE(flags, mode);
  return plrecOpen(AT_FDCWD, zPath, flags, mode);
}
int openat(int dirfd, const char *zPath, int flags, ...){
  mode_t mode = 0;
  PLREC_MODE(flags, mode);
  return plrecOpen(dirfd, zPath, flags, mode);
}
int openat64(int dirfd, const char *zPath, int flags, ...){
  mode_t mode = 0;
  PLREC_MODE(flags, mode);
  return plrecOpen(dirfd, zPath, flags, mode);
}
int creat(const char *zPath, mode_t mode){
  return plrecOpen(AT_FDCWD, zPath, O_CREAT|O_WRONLY|O_TRUNC, mode);
}
int creat64(const char *zPath, mode_t mode){
  return plrecOpen(AT_FDCWD, zPath, O_CREAT|O_WRONLY|O_TRUNC, mode);
}
int __open_2(const char *zPath, int flags){
  return plrecOpen(AT_FDCWD, zPath, flags, 0);
}
int __open64_2(const char *zPath, int flags){
  return plrecOpen(AT_FDCWD, zPath, flags, 0);
}
int __openat_2(int dirfd, const char *zPath, int flags){
  return plrecOpen(dirfd, zPath, flags, 0);
}
int __openat64_2(int dirfd, const char *zPath, int flags){
  return plrecOpen(dirfd, zPath, flags, 0);
}

int close(int fd){
  int rc;
  plrecReal();
  if( real_close==0 ) return (int)syscall(SYS_close, fd);
  if( !plrecEnter() ) return real_close(fd);
  if( fd==gLogFd ){
    /* The program closes descriptors it did not open: keep the log */
    plrecLeave();
    return 0;
  }
  rc = real_close(fd);
  plrecFdSet(fd, PLREC_FD_NONE);
  plrecLeave();
  return rc;
}

/*
** dup(), dup2(), dup3(): the new descriptor refers to the same file.
*/
int dup(int fd){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_dup(fd);
  rc = real_dup(fd);
  if( rc>=0 ) plrecFdSet(rc, plrecFdGet(fd));
  plrecLeave();
  return rc;
}
int dup2(int fd, int fd2){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_dup2(fd, fd2);
  rc = real_dup2(fd, fd2);
  if( rc>=0 && fd2!=fd ) plrecFdSet(fd2, plrecFdGet(fd));
  plrecLeave();
  return rc;
}
int dup3(int fd, int fd2, int flags){
  int rc;
  plrecReal();
  if( real_dup3==0 ){ errno = ENOSYS; return -1; }
  if( !plrecEnter() ) return real_dup3(fd, fd2, flags);
  rc = real_dup3(fd, fd2, flags);
  if( rc>=0 ) plrecFdSet(fd2, plrecFdGet(fd));
  plrecLeave();
  return rc;
}

/*
** fcntl() and fcntl64(): F_DUPFD and F_DUPFD_CLOEXEC make a descriptor
** that refers to the same file (Python's os.dup() uses them).  Every
** other command is passed through without the mutex: a lock may block.
** The third argument is passed on as a pointer-sized value, which is how
** the x86-64 and AArch64 calling conventions pass an int or a pointer.
*/
static int plrecFcntl(int (*xReal)(int, int, ...), int fd, int cmd,
                      void *pArg){
  int rc;
  if( cmd!=F_DUPFD && cmd!=F_DUPFD_CLOEXEC ) return xReal(fd, cmd, pArg);
  if( !plrecEnter() ) return xReal(fd, cmd, pArg);
  rc = xReal(fd, cmd, pArg);
  if( rc>=0 ) plrecFdSet(rc, plrecFdGet(fd));
  plrecLeave();
  return rc;
}
int fcntl(int fd, int cmd, ...){
  va_list ap;
  void *pArg;
  va_start(ap, cmd);
  pArg = va_arg(ap, void*);
  va_end(ap);
  plrecReal();
  if( real_fcntl==0 ) return (int)syscall(SYS_fcntl, fd, cmd, pArg);
  return plrecFcntl(real_fcntl, fd, cmd, pArg);
}
int fcntl64(int fd, int cmd, ...){
  va_list ap;
  void *pArg;
  va_start(ap, cmd);
  pArg = va_arg(ap, void*);
  va_end(ap);
  plrecReal();
  if( real_fcntl64==0 ){
    if( real_fcntl==0 ) return (int)syscall(SYS_fcntl, fd, cmd, pArg);
    return plrecFcntl(real_fcntl, fd, cmd, pArg);
  }
  return plrecFcntl(real_fcntl64, fd, cmd, pArg);
}

/******************************** writing *********************************/

/*
** Record the n bytes of a written at offset iOff to descriptor fd (a MARK
** for standard output, a WRITE for a tracked file).  The caller holds
** gMutex.
*/
static void plrecWritten(int fd, const void *a, ssize_t n, u64 iOff){
  int inc;
  if( n<=0 || !gOn ) return;
  if( fd==1 ){
    plrecLog(PLREC_MARK, 0, 0, a, (size_t)n, 0, 0);
    return;
  }
  inc = plrecFdGet(fd);
  if( inc>0 ) plrecLog(PLREC_WRITE, (u32)inc, iOff, a, (size_t)n, 0, 0);
}

/*
** The offset a write() to tracked descriptor fd starts at: its file
** offset, or its size if it was opened with O_APPEND.
*/
static u64 plrecWriteOffset(int fd){
  int fl = fcntl(fd, F_GETFL);
  if( fl>=0 && (fl & O_APPEND) ){
    struct stat st;
    if( fstat(fd, &st)==0 ) return (u64)st.st_size;
  }
  return (u64)lseek(fd, 0, SEEK_CUR);
}

ssize_t write(int fd, const void *a, size_t n){
  ssize_t rc;
  u64 iOff = 0;
  plrecReal();
  plrecJitter();
  if( real_write==0 ) return (ssize_t)syscall(SYS_write, fd, a, n);
  if( !plrecEnter() ) return real_write(fd, a, n);
  if( plrecFdGet(fd)>0 ) iOff = plrecWriteOffset(fd);
  rc = real_write(fd, a, n);
  plrecWritten(fd, a, rc, iOff);
  plrecLeave();
  return rc;
}

ssize_t pwrite(int fd, const void *a, size_t n, off_t iOff){
  ssize_t rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_pwrite(fd, a, n, iOff);
  rc = real_pwrite(fd, a, n, iOff);
  plrecWritten(fd, a, rc, (u64)iOff);
  plrecLeave();
  return rc;
}

ssize_t pwrite64(int fd, const void *a, size_t n, off64_t iOff){
  ssize_t rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_pwrite64(fd, a, n, iOff);
  rc = real_pwrite64(fd, a, n, iOff);
  plrecWritten(fd, a, rc, (u64)iOff);
  plrecLeave();
  return rc;
}

/*
** Record the first n bytes of the nIov buffers of aIov written at iOff to
** fd, gathered into one buffer.  The caller holds gMutex.
*/
static void plrecWrittenV(int fd, const struct iovec *aIov, int nIov,
                          ssize_t n, u64 iOff){
  char *aBuf;
  size_t nDone = 0;
  int i;
  if( n<=0 || !gOn ) return;
  if( fd!=1 && plrecFdGet(fd)<=0 ) return;
  aBuf = malloc((size_t)n);
  if( aBuf==0 ){ plrecWarn("out of memory", 0); gOn = 0; return; }
  for(i=0; i<nIov && nDone<(size_t)n; i++){
    size_t nCopy = aIov[i].iov_len;
    if( nCopy>(size_t)n-nDone ) nCopy = (size_t)n-nDone;
    memcpy(&aBuf[nDone], aIov[i].iov_base, nCopy);
    nDone += nCopy;
  }
  plrecWritten(fd, aBuf, n, iOff);
  free(aBuf);
}

ssize_t writev(int fd, const struct iovec *aIov, int nIov){
  ssize_t rc;
  u64 iOff = 0;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_writev(fd, aIov, nIov);
  if( plrecFdGet(fd)>0 ) iOff = plrecWriteOffset(fd);
  rc = real_writev(fd, aIov, nIov);
  plrecWrittenV(fd, aIov, nIov, rc, iOff);
  plrecLeave();
  return rc;
}

ssize_t pwritev(int fd, const struct iovec *aIov, int nIov, off_t iOff){
  ssize_t rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_pwritev(fd, aIov, nIov, iOff);
  rc = real_pwritev(fd, aIov, nIov, iOff);
  plrecWrittenV(fd, aIov, nIov, rc, (u64)iOff);
  plrecLeave();
  return rc;
}

ssize_t pwritev64(int fd, const struct iovec *aIov, int nIov, off64_t iOff){
  ssize_t rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_pwritev64(fd, aIov, nIov, iOff);
  rc = real_pwritev64(fd, aIov, nIov, iOff);
  plrecWrittenV(fd, aIov, nIov, rc, (u64)iOff);
  plrecLeave();
  return rc;
}

/************************** sizes and durability **************************/

/*
** Record a new size of descriptor fd's file.  The caller holds gMutex.
*/
static void plrecTruncated(int fd, u64 iSize){
  int inc = plrecFdGet(fd);
  if( inc>0 && gOn ) plrecLog(PLREC_TRUNCATE, (u32)inc, iSize, 0, 0, 0, 0);
}

int ftruncate(int fd, off_t iSize){
  int rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_ftruncate(fd, iSize);
  rc = real_ftruncate(fd, iSize);
  if( rc==0 ) plrecTruncated(fd, (u64)iSize);
  plrecLeave();
  return rc;
}

int ftruncate64(int fd, off64_t iSize){
  int rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_ftruncate64(fd, iSize);
  rc = real_ftruncate64(fd, iSize);
  if( rc==0 ) plrecTruncated(fd, (u64)iSize);
  plrecLeave();
  return rc;
}

/*
** Record a truncation of the file named zPath.  The caller holds gMutex.
*/
static void plrecTruncatedPath(const char *zPath, u64 iSize){
  char zAbs[PATH_MAX];
  const char *zBase = 0;
  if( gOn && plrecClassify(AT_FDCWD, zPath, zAbs, &zBase)==PLREC_CHILD ){
    int inc = plrecNameInc(zBase);
    if( inc>0 ) plrecLog(PLREC_TRUNCATE, (u32)inc, iSize, 0, 0, 0, 0);
  }
}

int truncate(const char *zPath, off_t iSize){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_truncate(zPath, iSize);
  rc = real_truncate(zPath, iSize);
  if( rc==0 ) plrecTruncatedPath(zPath, (u64)iSize);
  plrecLeave();
  return rc;
}

int truncate64(const char *zPath, off64_t iSize){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_truncate64(zPath, iSize);
  rc = real_truncate64(zPath, iSize);
  if( rc==0 ) plrecTruncatedPath(zPath, (u64)iSize);
  plrecLeave();
  return rc;
}

/*
** Record an allocation that extends descriptor fd's file to at least
** iSize bytes.  The caller holds gMutex.
*/
static void plrecExtended(int fd, u64 iSize){
  int inc = plrecFdGet(fd);
  if( inc>0 && gOn ) plrecLog(PLREC_EXTEND, (u32)inc, iSize, 0, 0, 0, 0);
}

int fallocate(int fd, int mode, off_t iOff, off_t nLen){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_fallocate(fd, mode, iOff, nLen);
  rc = real_fallocate(fd, mode, iOff, nLen);
  if( rc==0 && mode==0 ) plrecExtended(fd, (u64)(iOff+nLen));
  if( rc==0 && mode!=0 && plrecFdGet(fd)>0 ){
    plrecWarn("fallocate() with a mode is not modelled", 0);
  }
  plrecLeave();
  return rc;
}

int fallocate64(int fd, int mode, off64_t iOff, off64_t nLen){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_fallocate64(fd, mode, iOff, nLen);
  rc = real_fallocate64(fd, mode, iOff, nLen);
  if( rc==0 && mode==0 ) plrecExtended(fd, (u64)(iOff+nLen));
  if( rc==0 && mode!=0 && plrecFdGet(fd)>0 ){
    plrecWarn("fallocate() with a mode is not modelled", 0);
  }
  plrecLeave();
  return rc;
}

int posix_fallocate(int fd, off_t iOff, off_t nLen){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_posix_fallocate(fd, iOff, nLen);
  rc = real_posix_fallocate(fd, iOff, nLen);
  if( rc==0 ) plrecExtended(fd, (u64)(iOff+nLen));
  plrecLeave();
  return rc;
}

int posix_fallocate64(int fd, off64_t iOff, off64_t nLen){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_posix_fallocate64(fd, iOff, nLen);
  rc = real_posix_fallocate64(fd, iOff, nLen);
  if( rc==0 ) plrecExtended(fd, (u64)(iOff+nLen));
  plrecLeave();
  return rc;
}

/*
** Record a successful fsync() or fdatasync() of descriptor fd.  The
** caller holds gMutex.
*/
static void plrecSynced(int fd){
  int inc = plrecFdGet(fd);
  if( !gOn ) return;
  if( inc==PLREC_FD_DIR ){
    plrecLog(PLREC_DIRSYNC, 0, 0, 0, 0, 0, 0);
  }else if( inc>0 ){
    plrecLog(PLREC_FSYNC, (u32)inc, 0, 0, 0, 0, 0);
  }
}

int fsync(int fd){
  int rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_fsync(fd);
  rc = real_fsync(fd);
  if( rc==0 ) plrecSynced(fd);
  plrecLeave();
  return rc;
}

int fdatasync(int fd){
  int rc;
  plrecReal();
  plrecJitter();
  if( !plrecEnter() ) return real_fdatasync(fd);
  rc = real_fdatasync(fd);
  if( rc==0 ) plrecSynced(fd);
  plrecLeave();
  return rc;
}

void sync(void){
  plrecReal();
  if( !plrecEnter() ){ real_sync(); return; }
  real_sync();
  if( gOn ) plrecLog(PLREC_SYNCALL, 0, 0, 0, 0, 0, 0);
  plrecLeave();
}

int syncfs(int fd){
  int rc;
  plrecReal();
  if( real_syncfs==0 ){ errno = ENOSYS; return -1; }
  if( !plrecEnter() ) return real_syncfs(fd);
  rc = real_syncfs(fd);
  if( rc==0 && gOn ) plrecLog(PLREC_SYNCALL, 0, 0, 0, 0, 0, 0);
  plrecLeave();
  return rc;
}

/******************************* the names ********************************/

/*
** Record the removal of zPath (relative to dirfd), which succeeded.  The
** caller holds gMutex.
*/
static void plrecUnlinked(int dirfd, const char *zPath){
  char zAbs[PATH_MAX];
  const char *zBase = 0;
  if( gOn && plrecClassify(dirfd, zPath, zAbs, &zBase)==PLREC_CHILD ){
    if( plrecNameInc(zBase)==0 ){
      plrecWarn("an unknown file was removed", zAbs);
    }
    plrecLog(PLREC_UNLINK, 0, 0, zBase, strlen(zBase), 0, 0);
    plrecNameSet(zBase, 0);
  }
}

int unlink(const char *zPath){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_unlink(zPath);
  rc = real_unlink(zPath);
  if( rc==0 ) plrecUnlinked(AT_FDCWD, zPath);
  plrecLeave();
  return rc;
}

int unlinkat(int dirfd, const char *zPath, int flags){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_unlinkat(dirfd, zPath, flags);
  rc = real_unlinkat(dirfd, zPath, flags);
  if( rc==0 && (flags & AT_REMOVEDIR)==0 ) plrecUnlinked(dirfd, zPath);
  plrecLeave();
  return rc;
}

/*
** Record the rename of zFrom (relative to dirFrom) to zTo (relative to
** dirTo), which succeeded.  The caller holds gMutex.
*/
static void plrecRenamed(int dirFrom, const char *zFrom, int dirTo,
                         const char *zTo){
  char zAbsFrom[PATH_MAX], zAbsTo[PATH_MAX];
  const char *zBaseFrom = 0, *zBaseTo = 0;
  int eFrom, eTo;
  if( !gOn ) return;
  eFrom = plrecClassify(dirFrom, zFrom, zAbsFrom, &zBaseFrom);
  eTo = plrecClassify(dirTo, zTo, zAbsTo, &zBaseTo);
  if( eFrom==PLREC_CHILD && eTo==PLREC_CHILD ){
    int inc = plrecNameInc(zBaseFrom);
    plrecLog(PLREC_RENAME, 0, 0, zBaseFrom, strlen(zBaseFrom)+1,
             zBaseTo, strlen(zBaseTo));
    plrecNameSet(zBaseFrom, 0);
    plrecNameSet(zBaseTo, inc);
  }else if( eFrom==PLREC_CHILD ){
    /* Moved out of the directory: gone from it */
    plrecLog(PLREC_UNLINK, 0, 0, zBaseFrom, strlen(zBaseFrom), 0, 0);
    plrecNameSet(zBaseFrom, 0);
  }else if( eTo==PLREC_CHILD ){
    plrecWarn("a file moved into the directory is not modelled", zAbsTo);
  }
}

int rename(const char *zFrom, const char *zTo){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_rename(zFrom, zTo);
  rc = real_rename(zFrom, zTo);
  if( rc==0 ) plrecRenamed(AT_FDCWD, zFrom, AT_FDCWD, zTo);
  plrecLeave();
  return rc;
}

int renameat(int dirFrom, const char *zFrom, int dirTo, const char *zTo){
  int rc;
  plrecReal();
  if( !plrecEnter() ) return real_renameat(dirFrom, zFrom, dirTo, zTo);
  rc = real_renameat(dirFrom, zFrom, dirTo, zTo);
  if( rc==0 ) plrecRenamed(dirFrom, zFrom, dirTo, zTo);
  plrecLeave();
  return rc;
}

int renameat2(int dirFrom, const char *zFrom, int dirTo, const char *zTo,
              unsigned int flags){
  int rc;
  plrecReal();
  if( real_renameat2==0 ){ errno = ENOSYS; return -1; }
  if( !plrecEnter() ) return real_renameat2(dirFrom, zFrom, dirTo, zTo, flags);
  rc = real_renameat2(dirFrom, zFrom, dirTo, zTo, flags);
  if( rc==0 ){
    if( flags & RENAME_EXCHANGE ){
      plrecWarn("renameat2(RENAME_EXCHANGE) is not modelled", zTo);
    }else{
      plrecRenamed(dirFrom, zFrom, dirTo, zTo);
    }
  }
  plrecLeave();
  return rc;
}
