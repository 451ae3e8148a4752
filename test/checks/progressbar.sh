#!/bin/sh
# The progress bar of .import --auto (src/shell_csvauto.c): on a terminal
# (a pseudo-terminal made by script(1), and a tmux pane whose screen is
# captured while the import runs) it is drawn on stderr and erased at the
# end; on a pipe or a file, and after .progressbar off, there is none.
# .progressbar's usage errors.
# Run by tool/run-tests.sh with TOP and BUILD set.
set -u
build=${BUILD:?}
shell=$build/sqlite3
[ -x "$shell" ] || { echo "FAIL no $shell"; exit 1; }
command -v script >/dev/null 2>&1 || { echo "skip: no script(1) (util-linux)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${tsess:-}" ] && tmux kill-session -t "$tsess" 2>/dev/null' EXIT
fails=0
ok()   { echo "ok   $*"; }
fail() { echo "FAIL $*"; fails=$((fails+1)); }
esc=$(printf '\033')

# 300,000 rows: long enough for a few updates of a bar shown at once.
seq 1 300000 | awk 'BEGIN { print "id,v,name" } { print $1 "," $1*7 ",name" $1 }' > "$tmp/p.csv"

# 1. A terminal: script(1) gives the shell a pseudo-terminal and records
# every byte it writes.
rm -f "$tmp/t1.db"
script -q -e -c "$shell -cmd '.progressbar on 0' $tmp/t1.db '.import --auto $tmp/p.csv t'" "$tmp/typescript" > /dev/null 2>&1
if grep -a -q '\[#*\.*\] *[0-9]*%' "$tmp/typescript"; then ok "a bar on a terminal"; else fail "no bar on a terminal"; fi
if grep -a -q "${esc}\[K" "$tmp/typescript"; then ok "the bar is erased"; else fail "the bar is not erased"; fi
if grep -a -q '300000 rows imported' "$tmp/typescript"; then ok "import on a terminal"; else fail "import on a terminal"; fi

# 2. A pipe and a file: no bar, whatever the delay.
rm -f "$tmp/t2.db"
"$shell" -cmd '.progressbar on 0' "$tmp/t2.db" ".import --auto $tmp/p.csv t" 2> "$tmp/err" | cat > "$tmp/out"
if [ ! -s "$tmp/err" ] && grep -q '300000 rows imported' "$tmp/out"; then ok "nothing on a pipe"; else fail "output on a pipe: $(head -c 200 "$tmp/err")"; fi

# 3. .progressbar off: no bar on a terminal.
rm -f "$tmp/t3.db"
script -q -e -c "$shell -cmd '.progressbar off 0' $tmp/t3.db '.import --auto $tmp/p.csv t'" "$tmp/typescript3" > /dev/null 2>&1
if grep -a -q '300000 rows imported' "$tmp/typescript3" && ! grep -a -q '\[#*\.*\] *[0-9]*%' "$tmp/typescript3"; then
  ok ".progressbar off"; else fail ".progressbar off"; fi

# 4. The default delay (2 s): a short import shows nothing.
rm -f "$tmp/t4.db"
head -n 1000 "$tmp/p.csv" > "$tmp/small.csv"
script -q -e -c "$shell $tmp/t4.db '.import --auto $tmp/small.csv t'" "$tmp/typescript4" > /dev/null 2>&1
if grep -a -q '999 rows imported' "$tmp/typescript4" && ! grep -a -q '\[#*\.*\] *[0-9]*%' "$tmp/typescript4"; then
  ok "nothing before the delay"; else fail "a bar before the delay"; fi

# 5. Usage.
out=$("$shell" :memory: '.progressbar maybe' 2>&1); rc=$?
if [ $rc = 1 ] && [ "$out" = "Usage: .progressbar on|off ?DELAY-MS?" ]; then ok "usage error"; else fail "usage error: $rc $out"; fi
out=$("$shell" :memory: '.progressbar off 250' '.progressbar' 2>&1)
if [ "$out" = "progressbar: off, after 250 ms" ]; then ok "state shown"; else fail "state: $out"; fi

# 6. tmux: a real terminal emulator; the pane is captured while the
# import runs, then after it ends.
if command -v tmux >/dev/null 2>&1; then
  seq 1 3000000 | awk 'BEGIN { print "id,v,name" } { print $1 "," $1*7 ",name" $1 }' > "$tmp/big.csv"
  tsess=lipsqlite-pb-$$
  tmux new-session -d -s "$tsess" -x 120 -y 10 "$shell -cmd '.progressbar on 0' $tmp/t6.db; sleep 30"
  sleep 0.5
  tmux send-keys -t "$tsess" ".import --auto $tmp/big.csv t" Enter
  seen=0 i=0
  while [ $i -lt 200 ]; do
    if tmux capture-pane -p -t "$tsess" | grep -q '\[#*\.*\] *[0-9]*%'; then seen=1; break; fi
    sleep 0.05; i=$((i+1))
  done
  i=0
  while [ $i -lt 600 ] && ! tmux capture-pane -p -t "$tsess" | grep -q 'rows imported'; do sleep 0.1; i=$((i+1)); done
  tmux capture-pane -p -t "$tsess" > "$tmp/pane"
  if [ $seen = 1 ]; then ok "tmux: a bar while importing"; else fail "tmux: no bar seen"; fi
  if grep -q '3000000 rows imported' "$tmp/pane" && ! grep -q '\[#*\.*\] *[0-9]*%' "$tmp/pane"; then
    ok "tmux: erased at the end"; else fail "tmux: pane at the end: $(cat "$tmp/pane")"; fi
  tmux kill-session -t "$tsess" 2>/dev/null
  tsess=
else
  echo "note: no tmux; the tmux part is left out"
fi

[ $fails = 0 ]
