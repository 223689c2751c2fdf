#!/bin/sh
# tests/core/test_null_safety.c calls every public function with NULL and
# extreme arguments, from tests/core/null_calls.h, which
# scripts/gen_null_calls.py generates from the public headers.  The build
# never runs python, so this check makes a stale table fail instead of
# quietly leaving a new function out:
#   sh tests/cli/test_null_coverage.sh path/to/build/gfxkit-san
# fails for every name written as a call "gk_x(" in include/gfxkit/*.h and
# every function libgfxkit.so exports (nm -D) that a public header declares,
# when null_calls.h does not call it.  Exported gk_ functions no public
# header declares (the library's internals, exported by src/gfxkit.map's
# gk_* pattern) are counted, not called: no caller can use them.
# Where python3 is installed it also reruns the generator with --check.
# $NM picks another nm.  Prints "# passed=N failed=M".
. "$(dirname "$0")/lib.sh"

NM=${NM:-nm}
TABLE=$ROOT/tests/core/null_calls.h
HINT="run python3 scripts/gen_null_calls.py and commit tests/core/null_calls.h"

# the functions the table calls: its { "name", nc_name } rows
sed -n 's/^	{ "\(gk_[a-z0-9_]*\)", nc_gk_[a-z0-9_]* },$/\1/p' "$TABLE" | sort -u >called
n=$(wc -l <called | tr -d ' ')
if [ "$n" -gt 150 ]; then ok; else bad "$TABLE lists $n functions: expected every public one ($HINT)"; fi

# every function name the headers spell as a call (prototypes; comments
# name functions the same way, and those are public too)
cat "$ROOT"/include/gfxkit/*.h | grep -o 'gk_[a-z0-9_]*(' | tr -d '(' | sort -u >declared
if [ -s declared ]; then ok; else bad "no gk_ function found in $ROOT/include/gfxkit/*.h"; fi
missing=0
for f in $(comm -23 declared called); do
	bad "$f is declared in include/gfxkit but test_null_safety does not call it: $HINT"
	missing=$((missing + 1))
done
[ "$missing" -eq 0 ] && ok

# every exported function: declared in a public header, so it must be called
SO=$BUILD/libgfxkit.so
if ! command -v "$NM" >/dev/null 2>&1; then
	echo "# exported symbols not checked: $NM not installed"
elif [ ! -f "$SO" ]; then
	bad "no shared library at $SO (make builds it)"
else
	if "$NM" -D --defined-only "$SO" >syms 2>nm.err; then ok; else bad "$NM -D --defined-only $SO failed"; fi
	awk '$2 == "T" && $3 ~ /^gk_/ { print $3 }' syms | sort -u >exported
	if [ -s exported ]; then ok; else bad "$NM listed no exported gk_ function in $SO (output format?)"; fi
	internal=0
	missing=0
	for f in $(comm -23 exported called); do
		if grep -qx "$f" declared; then
			bad "$SO exports $f (a public header names it) but test_null_safety does not call it: $HINT"
			missing=$((missing + 1))
		else
			internal=$((internal + 1))
		fi
	done
	[ "$missing" -eq 0 ] && ok
	echo "# $(wc -l <exported | tr -d ' ') exported functions; $n called; $internal internal ones no public header declares"
fi
# where python is installed (the build does not need it): the table is
# exactly what the generator writes from today's headers (an argument whose
# type changed without breaking the compile changes its extreme values)
if command -v python3 >/dev/null 2>&1; then
	if python3 "$ROOT/scripts/gen_null_calls.py" --check >gen.out 2>&1; then
		ok
	else
		bad "$(head -1 gen.out)"
	fi
else
	echo "# tests/core/null_calls.h not compared with the generator: python3 not installed"
fi
finish
