#!/bin/sh
# No C in the executor, the memory and access model or lint decides what a
# packet does by an enum value's spelling: what a value means is its tag
# beside the name in the table (enum gk_tag, include/gfxkit/desc.h), so two
# generations may spell a compare function or an array mode differently and
# mean the same.
#   sh tests/cli/test_no_spellings.sh path/to/build/gfxkit-san
# greps src/exec, src/mem and src/lint for strcmp, strncmp, strstr,
# strcasecmp, strncasecmp and memcmp calls whose arguments hold a string
# literal or a value's name (gk_enum_name, a names[] table, a unit field's
# symbol, the executor's name-of-value helpers) and fails on each, naming
# file and line.  ALLOWED lists the literals that are no enum value, each
# with its reason; the check is run on a crafted file first, so a grep that
# matches nothing cannot pass.
. "$(dirname "$0")/lib.sh"

# file:literal -- why it is not an enum spelling
ALLOWED='src/lint/lint.c:"all" -- the --rules grammar word for every rule, not a value of any field'

CALLS='(strcmp|strncmp|strstr|strcasecmp|strncasecmp|memcmp)[[:space:]]*\('
# the call's line: a literal among its arguments, or a value's name
SUSPECT='"|gk_enum_name|names\[|->symbol|_fname\(|_xsym\('

# the offending lines of the files given, as file:line:text
scan() {
	grep -nE "$CALLS" "$@" 2>/dev/null | grep -E "$CALLS.*($SUSPECT)" | while IFS= read -r hit; do
		file=${hit%%:*}
		allowed=no
		for lit in $(echo "$ALLOWED" | sed -n 's/^\([^:]*\):\("[^"]*"\) -- .*/\1:\2/p'); do
			f=${lit%%:*}
			l=${lit#*:}
			case $file in *"$f") case $hit in *"$l"*) allowed=yes ;; esac ;; esac
		done
		[ "$allowed" = yes ] || echo "$hit"
	done
}

# the scan finds what it must: a literal, a value's name, in .c and .h
mkdir -p probe
cat >probe/a.c <<'EOF'
static int f(const char *n) { return !strcmp(n, "WAIT"); }
static int g(const struct gk_enum *e, unsigned v) { return strncmp(gk_enum_name(e, v), x, 3); }
static int h(const char *a, const char *b) { return strcmp(a, b); }
EOF
cat >probe/b.h <<'EOF'
#define IS(n) (strstr((n), "ARRAY_") != 0)
EOF
scan probe/a.c probe/b.h >hits
n=$(wc -l <hits)
if [ "$n" -eq 3 ]; then ok; else bad "the scan found $n of the 3 planted comparisons: $(cat hits)"; fi
if grep -q 'strcmp(a, b)' hits; then bad "the scan flags a comparison of two variables"; else ok; fi

# the rooms themselves
files=$(find "$ROOT/src/exec" "$ROOT/src/mem" "$ROOT/src/lint" -name '*.[ch]' | sort)
if [ -n "$files" ]; then ok; else bad "no sources under $ROOT/src/exec, src/mem, src/lint"; fi
# shellcheck disable=SC2086
scan $files >hits
if [ -s hits ]; then
	bad "comparisons of an enum value's spelling (give the value a tag in its table):"
	sed "s|^$ROOT/|    |" hits
else
	ok
fi
finish
