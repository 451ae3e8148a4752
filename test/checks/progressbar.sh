#!/bin/sh
# The progress bar of long statements (src/progressbar/shell_progressbar.c, the fraction
# from sqlite3_stmt_status(), src/progress/progress.c) and of .import --auto
# (src/csvauto/shell_csvauto.c): on a terminal
# (a pseudo-terminal made by script(1), and a tmux pane whose screen is
# captured while the import runs) it is drawn on stderr and erased at the
# end; on a pipe or a file, and after .progressbar off, there is none.
# .progressbar's usage errors.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
top=${TOP:?} build=${BUILD:?}
here=$top/tool
. "$here/lib.sh"  # pass, fail and their tally $failed
shell=$build/sqlite3
[ -x "$shell" ] || { echo "FAIL no $shell"; exit 1; }
command -v script >/dev/null 2>&1 || { echo "skip: no script(1) (util-linux)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${tsess:-}" ] && tmux kill-session -t "$tsess" 2>/dev/null' EXIT
esc=$(printf '\033')
cr=$(printf '\r')

# 300,000 rows: long enough for a few updates of a bar shown at once.
seq 1 300000 | awk 'BEGIN { print "id,v,name" } { print $1 "," $1*7 ",name" $1 }' > "$tmp/p.csv"

# 1. A terminal: script(1) gives the shell a pseudo-terminal and records
# every byte it writes.
rm -f "$tmp/t1.db"
script -q -e -c "$shell -cmd '.progressbar on 0' $tmp/t1.db '.import --auto $tmp/p.csv t'" "$tmp/typescript" > /dev/null 2>&1
if grep -a -q '\[#*\.*\] *[0-9]*%' "$tmp/typescript"; then pass "a bar on a terminal"; else fail "no bar on a terminal"; fi
if grep -a -q "${esc}\[K" "$tmp/typescript"; then pass "the bar is erased"; else fail "the bar is not erased"; fi
if grep -a -q '300000 rows imported' "$tmp/typescript"; then pass "import on a terminal"; else fail "import on a terminal"; fi

# 2. A pipe and a file: no bar, whatever the delay.
rm -f "$tmp/t2.db"
"$shell" -cmd '.progressbar on 0' "$tmp/t2.db" ".import --auto $tmp/p.csv t" 2> "$tmp/err" | cat > "$tmp/out"
if [ ! -s "$tmp/err" ] && grep -q '300000 rows imported' "$tmp/out"; then pass "nothing on a pipe"; else fail "output on a pipe: $(head -c 200 "$tmp/err")"; fi

# 3. .progressbar off: no bar on a terminal.
rm -f "$tmp/t3.db"
script -q -e -c "$shell -cmd '.progressbar off 0' $tmp/t3.db '.import --auto $tmp/p.csv t'" "$tmp/typescript3" > /dev/null 2>&1
if grep -a -q '300000 rows imported' "$tmp/typescript3" && ! grep -a -q '\[#*\.*\] *[0-9]*%' "$tmp/typescript3"; then
  pass ".progressbar off"; else fail ".progressbar off"; fi

# 4. The default delay (2 s): a short import shows nothing.
rm -f "$tmp/t4.db"
head -n 1000 "$tmp/p.csv" > "$tmp/small.csv"
script -q -e -c "$shell $tmp/t4.db '.import --auto $tmp/small.csv t'" "$tmp/typescript4" > /dev/null 2>&1
if grep -a -q '999 rows imported' "$tmp/typescript4" && ! grep -a -q '\[#*\.*\] *[0-9]*%' "$tmp/typescript4"; then
  pass "nothing before the delay"; else fail "a bar before the delay"; fi

# 5. Usage.
out=$("$shell" :memory: '.progressbar maybe' 2>&1); rc=$?
if [ $rc = 1 ] && [ "$out" = "Usage: .progressbar on|off ?DELAY-MS?" ]; then pass "usage error"; else fail "usage error: $rc $out"; fi
out=$("$shell" :memory: '.progressbar off 250' '.progressbar' 2>&1)
if [ "$out" = "progressbar: off, after 250 ms" ]; then pass "state shown"; else fail "state: $out"; fi

# tmux_bar TAG DELAY-MS DB KEYS DONE: run the shell with the bar on after
# DELAY-MS in a tmux pane (a real terminal emulator) on DB, type KEYS, watch
# the pane for a bar with a percentage ($seen becomes 1), wait until the
# pane shows DONE, and leave the final pane in $tmp/pane.
tmux_bar() {
  tsess=lipsqlite-$1-$$
  tmux new-session -d -s "$tsess" -x 120 -y 10 "$shell -cmd '.progressbar on $2' $3; sleep 30"
  sleep 0.5
  tmux send-keys -t "$tsess" "$4" Enter
  seen=0 i=0
  while [ $i -lt 200 ]; do
    if tmux capture-pane -p -t "$tsess" | grep -q '\[#*\.*\] *[0-9][0-9]*%'; then seen=1; break; fi
    sleep 0.05; i=$((i+1))
  done
  i=0
  while [ $i -lt 600 ] && ! tmux capture-pane -p -t "$tsess" | grep -q "$5"; do sleep 0.1; i=$((i+1)); done
  tmux capture-pane -p -t "$tsess" > "$tmp/pane"
  tmux kill-session -t "$tsess" 2>/dev/null
  tsess=
}

# 6. tmux: the pane is captured while an import runs, then after it ends.
if command -v tmux >/dev/null 2>&1; then
  seq 1 3000000 | awk 'BEGIN { print "id,v,name" } { print $1 "," $1*7 ",name" $1 }' > "$tmp/big.csv"
  tmux_bar pb 0 "$tmp/t6.db" ".import --auto $tmp/big.csv t" 'rows imported'
  if [ $seen = 1 ]; then pass "tmux: a bar while importing"; else fail "tmux: no bar seen"; fi
  if grep -q '3000000 rows imported' "$tmp/pane" && ! grep -q '\[#*\.*\] *[0-9]*%' "$tmp/pane"; then
    pass "tmux: erased at the end"; else fail "tmux: pane at the end: $(cat "$tmp/pane")"; fi
else
  echo "note: no tmux; the tmux part is left out"
fi

# 7. A long query.  q.db: 1,000,000 rows; the query's count is known.
# Each row costs a 1,200-byte hex string, so that the query lasts several
# redraws of the bar (200 ms) on a fast machine: at 120 bytes it lasted
# about 0.4 s here, and a run that drew only 0% and 49% failed the
# "reaches 50%" test below.
q="SELECT count(*) FROM t WHERE length(hex(randomblob(1200)))=2400;"
"$shell" "$tmp/q.db" "CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT); WITH RECURSIVE c(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM c WHERE x<1000000) INSERT INTO t SELECT x, x*7 FROM c;"
script -q -e -c "$shell -cmd '.progressbar on 0' $tmp/q.db '$q'" "$tmp/tq" > /dev/null 2>&1
if grep -a -q '\[#*\.*\] *[0-9][0-9]*%' "$tmp/tq"; then pass "query: a bar with a percentage on a terminal"; else fail "query: no bar: $(head -c 300 "$tmp/tq")"; fi
pcts=$(tr '\r' '\n' < "$tmp/tq" | sed -n 's/^\[[#.]*\] *\([0-9][0-9]*\)%.*/\1/p' | tr '\n' ' ')
mono=$(echo "$pcts" | awk '{ for (i = 2; i <= NF; i++) if ($i < $(i-1)) { print "no"; exit } print "yes" }')
if [ "$mono" = yes ] && [ -n "$pcts" ] && [ "$(echo "$pcts" | awk '{print $NF}')" -ge 50 ]; then
  pass "query: the percentage rises ($pcts)"; else fail "query: percentages $pcts"; fi
# Erased before the result: the last bar is followed by ESC [K, then 1000000.
if tr '\r' '\n' < "$tmp/tq" | grep -a -A2 '^\[' | tail -n 3 | grep -a -q "${esc}\[K" && grep -a -q '1000000' "$tmp/tq" \
   && ! tr '\r' '\n' < "$tmp/tq" | grep -a -q '1000000.*\[#*\.*\]'; then
  pass "query: erased before the result"; else fail "query: not erased: $(tail -c 300 "$tmp/tq" | od -c | tail -n 5)"; fi
# A pipe: nothing on stderr.
"$shell" -cmd '.progressbar on 0' "$tmp/q.db" "$q" 2> "$tmp/qerr" | cat > "$tmp/qout"
if [ ! -s "$tmp/qerr" ] && [ "$(cat "$tmp/qout")" = 1000000 ]; then pass "query: nothing on a pipe"; else fail "query on a pipe: $(head -c 200 "$tmp/qerr")"; fi
# .progressbar off: nothing on a terminal.
script -q -e -c "$shell -cmd '.progressbar off 0' $tmp/q.db '$q'" "$tmp/tq2" > /dev/null 2>&1
if grep -a -q 1000000 "$tmp/tq2" && ! grep -a -q '\[#*\.*\]' "$tmp/tq2"; then pass "query: .progressbar off"; else fail "query: .progressbar off"; fi
# The default delay: a short query shows nothing.
script -q -e -c "$shell $tmp/q.db 'SELECT count(*) FROM t;'" "$tmp/tq3" > /dev/null 2>&1
if grep -a -q 1000000 "$tmp/tq3" && ! grep -a -q '\[#*\.*\]' "$tmp/tq3"; then pass "query: nothing before the delay"; else fail "query: a bar before the delay"; fi
# .progress (upstream's handler) still works alongside the bar, and after it.
# Its lines erase the bar first: none starts after a bar.
script -q -e -c "$shell -cmd '.progressbar on 0' -cmd '.progress 2000000 --reset' $tmp/q.db '$q' '$q'" "$tmp/tq4" > /dev/null 2>&1
if [ "$(tr -d '\r' < "$tmp/tq4" | grep -a -c '^Progress 1$')" = 2 ] && [ "$(tr -d '\r' < "$tmp/tq4" | grep -a -c ' 1000000 ')" = 2 ] \
   && grep -a -q '\[#*\.*\] *[0-9][0-9]*%' "$tmp/tq4" && ! grep -a -q "%[^$cr]*Progress" "$tmp/tq4"; then
  pass "query: .progress runs with the bar"; else fail "query: .progress with the bar: $(tr '\r' '\n' < "$tmp/tq4" | head -n 8)"; fi
out=$("$shell" -cmd '.progress 100000 --limit 2' "$tmp/q.db" "$q" 2>&1)
if echo "$out" | grep -q 'Progress limit reached (2)'; then pass "query: .progress --limit on a pipe"; else fail "query: .progress --limit: $out"; fi

# 8. tmux: the keys of a long query typed into the shell; the pane is
# captured while it runs (the bar with a percentage), then after it ends
# (the result, no bar).
if command -v tmux >/dev/null 2>&1; then
  tmux_bar pbq 300 "$tmp/q.db" "SELECT count(*) FROM t WHERE length(hex(randomblob(600)))=1200\\;" '1000000'
  if [ $seen = 1 ]; then pass "tmux: a bar while the query runs"; else fail "tmux: no bar seen for the query"; fi
  if grep -q '1000000' "$tmp/pane" && ! grep -q '\[#*\.*\]' "$tmp/pane"; then
    pass "tmux: the query's bar erased, the result shown"; else fail "tmux: pane after the query: $(cat "$tmp/pane")"; fi
fi

[ $failed = 0 ]
