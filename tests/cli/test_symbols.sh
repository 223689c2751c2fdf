#!/bin/sh
# Every global symbol libgfxkit.a defines starts with gk_ (the project rule
# that keeps the library from clashing with its callers' names):
#   sh tests/cli/test_symbols.sh path/to/build/gfxkit-san
# reads libgfxkit.a next to the given binary with `nm -A -P -g --defined-only`
# (POSIX output: one "archive[member.o]: name type value size" line per
# symbol, so member headers and address columns need no guessing) and names
# each offender with its object file and nm type letter.  $NM picks another nm.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

NM=${NM:-nm}
LIB=$BUILD/libgfxkit.a
if ! command -v "$NM" >/dev/null 2>&1; then
	skip "$NM not installed: the symbol check not run"
	finish
	exit
fi

if [ -f "$LIB" ]; then ok; else bad "no library at $LIB"; finish; exit; fi
if "$NM" -A -P -g --defined-only "$LIB" >syms 2>nm.err; then
	ok
else
	bad "$NM -A -P -g --defined-only $LIB failed"
	head -5 nm.err
fi

# name type object, one line per defined global symbol
awk '{ obj = $1; sub(/^.*\[/, "", obj); sub(/\]?:$/, "", obj); print $2, $3, obj }' syms >defined
# a parse that found nothing would pass every rule below: insist on the API
if grep -q '^gk_[a-z0-9_]* [A-Za-z] ' defined; then ok; else bad "nm listed no gk_ symbol in $LIB (output format?)"; fi

offenders=0
while read -r name type obj; do
	case $name in
	gk_*) ;;
	*)
		bad "$obj defines global symbol $name (nm type $type) without the gk_ prefix"
		offenders=$((offenders + 1))
		;;
	esac
done <defined
[ "$offenders" -eq 0 ] && ok
echo "# $(wc -l <defined | tr -d ' ') global symbols in $LIB, $offenders without gk_"
finish
