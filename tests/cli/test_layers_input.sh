#!/bin/sh
# src/core knows no dump form: its sources include no header of src/input
# (the reader interface, the reader list, the line scanner), and the input
# room's files are all in src/input.
#   sh tests/cli/test_layers_input.sh path/to/build/gfxkit-san
# reads every '#include "..."' line of src/core/*.c and *.h: a quoted name
# that is a header of src/input (by its file name, or by a path through
# input/), or that is no file of src/core or include/ (a header reached
# through another room's folder), fails.  Also fails when a dump reader's
# file is back in src/core, and when the check found no include to read
# (a test that read nothing passes nothing).
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

core=$ROOT/src/core
inputs=$ROOT/src/input
if [ -d "$inputs" ] && ls "$inputs"/*.h >/dev/null 2>&1; then ok; else bad "no headers in src/input to check against"; fi

# FILE:LINE:NAME for every quoted include of core
for f in "$core"/*.c "$core"/*.h; do
	[ -f "$f" ] || continue
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while IFS= read -r name; do
		printf '%s:%s\n' "${f#"$ROOT"/}" "$name"
	done
done >includes

if [ -s includes ]; then ok; else bad "no #include \"...\" line found in src/core"; fi

while IFS=: read -r file name; do
	base=${name##*/}
	case $name in
	input/* | */input/* | ../input/*)
		bad "$file includes $name: a header of src/input"
		continue
		;;
	esac
	if [ -f "$inputs/$base" ] && [ ! -f "$core/$name" ]; then
		bad "$file includes $name: a header of src/input"
	elif [ -f "$core/$name" ] || [ -f "$ROOT/include/$name" ]; then
		ok
	else
		bad "$file includes $name: neither a file of src/core nor a public header"
	fi
done <includes

# the readers live in src/input: no dump reader's source in core
for f in dump.c dump.h input.c reader.h readers.c; do
	if [ -e "$core/$f" ]; then bad "src/core/$f exists: the input room's code is in src/input"; else ok; fi
done
# and core calls no input function (gk_input_*): the input room calls core,
# never the other way
if grep -n 'gk_input_[a-z_]*(' "$core"/*.c >calls 2>/dev/null; then
	bad "src/core calls the input room: $(head -3 calls | tr '\n' ' ')"
else
	ok
fi

finish
