#!/bin/sh
# The rooms stay apart (docs/architecture.md "Who calls whom"):
#   sh tests/cli/test_layers.sh path/to/build/gfxkit-san
#  1. no object of src/core refers to a symbol an object of another room
#     defines (src/mem, src/exec, src/lint, src/engine, src/tiling and the
#     family rooms src/pm4, src/dma, src/isa/*, src/modifier): core knows no
#     family and calls no memory model, executor, lint or stream loop; read
#     with `nm -P` from the objects next to the binary (obj/, else san/);
#  2. no file of src/core includes another room's header: a quoted include
#     that is not a file of src/core, or the public header of another room
#     (gfxkit/memory.h, exec.h, lint.h, tiling.h, pm4.h, dma.h, ir3.h,
#     amdgpu.h, modifier.h);
#  3. no two files include each other (include/, src/, tools/, tests/).
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

NM=${NM:-nm}
OBJ=$BUILD/obj
[ -d "$OBJ/src/core" ] || OBJ=$BUILD/san
if ! command -v "$NM" >/dev/null 2>&1; then
	skip "$NM not installed: the symbol check not run"
elif [ ! -d "$OBJ/src/core" ]; then
	bad "no objects of src/core under $BUILD/obj or $BUILD/san"
else
	# symbols the other rooms define: "name object"
	: >others
	for d in mem exec lint engine tiling pm4 dma modifier isa; do
		for o in $(find "$OBJ/src/$d" -name '*.o' 2>/dev/null); do
			"$NM" -P -g --defined-only "$o" | awk -v o="${o#"$OBJ"/}" '{ print $1, o }' >>others
		done
	done
	if grep -q '^gk_unit_access \|^gk_stream_run ' others; then ok; else bad "nm listed none of the rooms' symbols (output format?)"; fi
	n=0
	for o in "$OBJ"/src/core/*.o; do
		n=$((n + 1))
		"$NM" -P -u "$o" | awk '{ print $1 }' | sort -u >undef
		# every symbol of another room this core object refers to
		awk 'NR == FNR { want[$1] = 1; next } ($1 in want) { print $1, $2 }' undef others >hits
		if [ -s hits ]; then
			while read -r sym where; do
				bad "src/core/$(basename "$o" .o).c refers to $sym, defined in $where"
			done <hits
		else
			ok
		fi
	done
	[ "$n" -gt 5 ] && ok || bad "found only $n objects of src/core"
fi

# 2. what src/core includes
for f in "$ROOT"/src/core/*.c "$ROOT"/src/core/*.h; do
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" >incs
	clean=true
	while read -r h; do
		case $h in
		gfxkit/memory.h | gfxkit/exec.h | gfxkit/lint.h | gfxkit/tiling.h | gfxkit/pm4.h | gfxkit/dma.h | \
			gfxkit/ir3.h | gfxkit/amdgpu.h | gfxkit/modifier.h)
			bad "src/core/$(basename "$f") includes $h, another room's header"
			clean=false
			;;
		gfxkit/*) ;;
		*)
			if [ ! -f "$ROOT/src/core/$h" ]; then
				bad "src/core/$(basename "$f") includes \"$h\", not a file of src/core"
				clean=false
			fi
			;;
		esac
	done <incs
	$clean && ok
done

# 3. no pair of files includes each other: "from to" edges over the tree,
# quoted includes resolved against the including file's folder, then
# include/, then src/core (the include paths the Makefile gives)
: >edges
for f in $(cd "$ROOT" && find include src tools tests -name '*.[ch]'); do
	dir=$(dirname "$f")
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$ROOT/$f" | while read -r h; do
		for cand in "$dir/$h" "include/$h" "src/core/$h" "src/$h" "tests/$h"; do
			if [ -f "$ROOT/$cand" ]; then
				echo "$f $cand"
				break
			fi
		done
	done >>edges
done
if [ "$(wc -l <edges)" -gt 100 ]; then ok; else bad "only $(wc -l <edges) include edges found"; fi
awk '{ e[$1 " " $2] = 1 } END { for (k in e) { split(k, p, " "); if ((p[2] " " p[1]) in e && p[1] < p[2]) print p[1], p[2] } }' \
	edges >mutual
if [ -s mutual ]; then
	while read -r a b; do bad "$a and $b include each other"; done <mutual
else
	ok
fi
finish
