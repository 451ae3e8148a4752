# The feature set of a distribution's libsqlite3 (Debian's, for one), so that
# programs built against the system library keep working with ours: sourced
# by ./configure (the default build) and bench/build-stock.sh --dropin (stock
# SQLite with the same options, for like-for-like benchmarks).
dropin_features="--fts3 --fts4 --fts5 --rtree --session --dbstat --column-metadata --update-limit"
dropin_defines="-DSQLITE_ENABLE_FTS3_PARENTHESIS -DSQLITE_ENABLE_FTS3_TOKENIZER"
dropin_defines="$dropin_defines -DSQLITE_ENABLE_STMTVTAB -DSQLITE_ENABLE_UNLOCK_NOTIFY"
dropin_defines="$dropin_defines -DSQLITE_ENABLE_PREUPDATE_HOOK -DSQLITE_SOUNDEX"
dropin_defines="$dropin_defines -DSQLITE_SECURE_DELETE -DSQLITE_USE_URI=1"
dropin_defines="$dropin_defines -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_THREADSAFE=1"
