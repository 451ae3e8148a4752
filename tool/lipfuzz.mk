# lipfuzz.mk: the make rules of our own fuzzer, test/fuzz/lipfuzz.c
# (doc/fuzzing.md), for a configured build directory.  tool/fuzz.sh passes
# this text to upstream's make with --eval, with these variables on the
# command line:
#
#   make -C BUILDDIR --eval "$(cat tool/lipfuzz.mk)" LIPSQLITE_TOP=TOP \
#        LIPFUZZ_SAN="..." FUZZCHECK_SRC="<upstream's list, sqlite3.c
#        replaced by sqlite3-fuzz.o>" lipfuzz fuzzcheck[-asan]
#
# (--eval, not -f: a makefile read with -f joins $(MAKEFILE_LIST), on which
# upstream's main.mk makes .main.mk.checks, and so sqlite3.c and every
# object, depend.)  The rules:
#
#   sqlite3-fuzz.o  sqlite3.c compiled once, as upstream compiles it into
#                   fuzzcheck ($(T.cc.sqlite) and $(FUZZCHECK_OPT)), plus
#                   $(LIPFUZZ_SAN): the sanitizer flags when the build
#                   directory's CFLAGS do not carry them already (make
#                   test's build directory);
#   lipfuzz         test/fuzz/lipfuzz.c linked with that object (its PRNG
#                   in test/fuzz/fuzzrng.h, shared with cccorrupt.c).
#
# With FUZZCHECK_SRC naming sqlite3-fuzz.o instead of sqlite3.c, upstream's
# fuzzcheck and fuzzcheck-asan rules link the same object instead of
# compiling sqlite3.c once more.
sqlite3-fuzz.o: sqlite3.c sqlite3.h
	$(T.cc.sqlite) $(LIPFUZZ_SAN) $(FUZZCHECK_OPT) -c sqlite3.c -o $@

lipfuzz: $(LIPSQLITE_TOP)/test/fuzz/lipfuzz.c $(LIPSQLITE_TOP)/test/fuzz/fuzzrng.h sqlite3-fuzz.o
	$(T.link) $(LIPFUZZ_SAN) -o $@ $(LIPSQLITE_TOP)/test/fuzz/lipfuzz.c sqlite3-fuzz.o $(LDFLAGS.libsqlite3)

# The corrupt-copy fuzzer, test/fuzz/cccorrupt.c: linked with its own
# compile of sqlite3.c, the same as sqlite3-fuzz.o plus SQLITE_DEBUG (the
# fork's asserts run; sqliteInt.h undefines NDEBUG under SQLITE_DEBUG).
sqlite3-ccdebug.o: sqlite3.c sqlite3.h
	$(T.cc.sqlite) $(LIPFUZZ_SAN) $(FUZZCHECK_OPT) -DSQLITE_DEBUG -c sqlite3.c -o $@

cccorrupt: $(LIPSQLITE_TOP)/test/fuzz/cccorrupt.c $(LIPSQLITE_TOP)/test/fuzz/fuzzrng.h sqlite3-ccdebug.o
	$(T.link) $(LIPFUZZ_SAN) -o $@ $(LIPSQLITE_TOP)/test/fuzz/cccorrupt.c sqlite3-ccdebug.o $(LDFLAGS.libsqlite3)
