#!/bin/sh
# The executor's files call each other in one direction only (the layers
# exec_priv.h draws): exec_run.c -> exec_trace.c, exec_cp.c -> exec_mem.c
# -> exec_sides.c -> exec.c.  Two files that call each other (a circle)
# are one concern split badly.
#   sh tests/cli/test_exec_layers.sh path/to/build/gfxkit-san
# reads libgfxkit.a next to the binary with `nm -A -P` (POSIX output): for
# each src/exec object, the gk_* symbols it uses that another src/exec
# object defines.  Fails on a call against the layer order and on any pair
# of objects that use each other; a parse that finds no call fails too.
# $NM picks another nm.
. "$(dirname "$0")/lib.sh"

NM=${NM:-nm}
LIB=$BUILD/libgfxkit.a
if ! command -v "$NM" >/dev/null 2>&1; then
	skip "$NM not installed: the layer check not run"
	finish
	exit
fi
if [ -f "$LIB" ]; then ok; else bad "no library at $LIB"; finish; exit; fi
"$NM" -A -P "$LIB" >syms 2>/dev/null || bad "$NM -A -P $LIB failed"

# object symbol U|D, for the executor's objects only
awk '{ obj = $1; sub(/^.*\[/, "", obj); sub(/\]?:$/, "", obj);
       if (obj ~ /^exec(_[a-z]+)?\.o$/ && $2 ~ /^gk_/) print obj, $2, ($3 == "U" ? "U" : "D") }' syms >exec
awk '$3 == "D" { print $2, $1 }' exec | sort -u >defs
awk '$3 == "U" { print $2, $1 }' exec | sort -u >uses
# user definer, one line per executor object calling into another
join defs uses | awk '$2 != $3 { print $3, $2 }' | sort -u >calls
if [ -s calls ]; then ok; else bad "no call between the executor's objects found in $LIB"; fi

# the layer of each object: a call goes to a lower layer only
layer() {
	case $1 in
	exec_run.o) echo 5 ;; exec_trace.o) echo 4 ;; exec_cp.o) echo 4 ;; exec_mem.o) echo 3 ;;
	exec_sides.o) echo 2 ;; exec.o) echo 1 ;; *) echo 0 ;;
	esac
}
while read -r from to; do
	lf=$(layer "$from")
	lt=$(layer "$to")
	if [ "$lf" -eq 0 ] || [ "$lt" -eq 0 ]; then
		bad "$from or $to is an executor file the layers do not place (add it to this test and exec_priv.h)"
	elif [ "$lf" -le "$lt" ]; then
		bad "$from calls $to: against the layers (exec_priv.h)"
	else
		ok
	fi
	if grep -q "^$to $from\$" calls; then bad "$from and $to call each other"; fi
done <calls
# the dispatcher reaches both kinds of op
if grep -q '^exec_run.o exec_cp.o$' calls && grep -q '^exec_run.o exec_mem.o$' calls; then ok; else
	bad "exec_run.o calls neither exec_cp.o nor exec_mem.o: $(tr '\n' ';' <calls)"
fi
finish
