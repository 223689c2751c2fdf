#!/bin/sh
# The test runner itself: tests/run.sh, tests/testlib.h and tests/cli/lib.sh.
# A test that checked nothing (0 passed, 0 failed, no SKIPPED line) fails,
# never passes; each "# SKIPPED: reason" line is counted and shown with its
# reason; the last line is "N passed, N failed, N skipped".  And the tests
# that read ../shared say SKIPPED when it is absent (a fresh clone).
#   sh tests/cli/test_runner.sh path/to/build/gfxkit-san
. "$(dirname "$0")/lib.sh"

# ---- run.sh over a build folder of stand-in tests --------------------------
# (run from an empty folder, so that it finds no tests/cli scripts)
mkdir -p fb/tests/a fb/san-tests/a ok/tests/a here
t() { # t FOLDER NAME LINES...: a stand-in test printing LINES
	f=$1/tests/a/$2
	shift 2
	{ echo '#!/bin/sh'; for l in "$@"; do printf "echo '%s'\n" "$l"; done; } >"$f"
	chmod +x "$f"
}
t fb test_pass "# passed=3 failed=0"
t fb test_nothing "# passed=0 failed=0"
t fb test_skip "# SKIPPED: corpus x not found" "# passed=0 failed=0"
t fb test_partial "# SKIPPED: part y not found" "# note" "# SKIPPED: part z not found" "# passed=2 failed=0"
t fb test_bare "# SKIPPED:" "# passed=0 failed=0"
(cd here && sh "$ROOT/tests/run.sh" ../fb) >out 2>err
rc=$?
if [ "$rc" -ne 0 ]; then ok; else bad "run.sh: exit 0 with tests that checked nothing"; fi
if [ "$(tail -1 out)" = "5 passed, 2 failed, 3 skipped" ]; then ok; else bad "run.sh: last line '$(tail -1 out)'"; fi
lines out "run.sh: two FAIL, three SKIPPED, the summary" 6
has out "run.sh: 0 passed is a failure" '^FAIL \.\./fb/tests/a/test_nothing: checked nothing \(0 passed and no SKIPPED line saying why\)$'
has out "run.sh: a SKIPPED line without a reason counts as none" '^FAIL \.\./fb/tests/a/test_bare: checked nothing'
has out "run.sh: the skip and its reason" '^SKIPPED \.\./fb/tests/a/test_skip: corpus x not found$'
has out "run.sh: each skipped part" '^SKIPPED \.\./fb/tests/a/test_partial: part y not found$'
has out "run.sh: each skipped part" '^SKIPPED \.\./fb/tests/a/test_partial: part z not found$'
has err "run.sh: per test counts" '^\.\./fb/tests/a/test_partial : 2 passed, 0 failed, 2 skipped$'
t ok test_pass "# passed=3 failed=0"
t ok test_skip "# SKIPPED: corpus x not found" "# passed=0 failed=0"
(cd here && sh "$ROOT/tests/run.sh" ../ok) >out 2>err
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "run.sh: exit $rc when nothing failed"; fi
if [ "$(tail -1 out)" = "3 passed, 0 failed, 1 skipped" ]; then ok; else bad "run.sh: last line '$(tail -1 out)'"; fi

# ---- lib.sh: finish with nothing checked fails; skip says why ---------------
printf '. "%s/tests/cli/lib.sh"\nfinish\n' "$ROOT" >nothing.sh
printf '. "%s/tests/cli/lib.sh"\nskip "tool q not installed"\nfinish\n' "$ROOT" >skips.sh
if sh nothing.sh "$G" >out 2>err; then bad "lib.sh: a script that checked nothing exits 0"; else ok; fi
has out "lib.sh: checked nothing" '^FAIL checked nothing'
has out "lib.sh: counted as a failure" '^# passed=0 failed=1$'
if sh skips.sh "$G" >out 2>err; then ok; else bad "lib.sh: a script that skipped with a reason failed"; fi
has out "lib.sh: the SKIPPED line" '^# SKIPPED: tool q not installed$'

# ---- testlib.h: the same rule in every C test --------------------------------
CC=${CC:-cc}
if ! command -v "$CC" >/dev/null 2>&1 || [ ! -f "$BUILD/libgfxkit.a" ]; then
	skip "no $CC or no $BUILD/libgfxkit.a: the testlib.h check not run"
else
	printf '#include "testlib.h"\nint main(int argc, char **argv)\n{\n\t(void)argv;\n\tif (argc > 1)\n\t\tTL_SKIP("corpus %%s not found", "w");\n\treturn tl_done();\n}\n' >tl.c
	if "$CC" -std=c11 -Wall -Wextra -Werror -I"$ROOT/include" -I"$ROOT/tests" tl.c "$BUILD/libgfxkit.a" -o tl 2>cc.err; then
		ok
		if ./tl >out 2>err; then bad "testlib.h: a test that checked nothing exits 0"; else ok; fi
		has out "testlib.h: checked nothing" '^FAIL checked nothing'
		has out "testlib.h: counted as a failure" '^# passed=0 failed=1$'
		if ./tl skip >out 2>err; then ok; else bad "testlib.h: a test that skipped with a reason failed"; fi
		has out "testlib.h: the SKIPPED line" '^# SKIPPED: corpus w not found$'
		has out "testlib.h: nothing failed" '^# passed=0 failed=0$'
	else
		bad "testlib.h: a test program does not build: $(head -1 cc.err)"
	fi
fi

# ---- the tests that read ../shared, in a tree that has none next to it ------
# (a copy of the repository made of links: its ../ is this folder, no shared/)
mkdir repo
for f in "$ROOT"/*; do ln -s "$f" repo/; done
for name in pm4/test_pm4_umr pm4/test_default_state; do
	bin=$BUILD/san-tests/$name
	[ -x "$bin" ] || bin=$BUILD/tests/$name
	if [ ! -x "$bin" ]; then
		bad "$name: not built ($bin)"
		continue
	fi
	(cd repo && "$bin") >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ]; then ok; else bad "$name without ../shared: exit $rc"; fi
	has out "$name without ../shared: says SKIPPED and why" '^# SKIPPED: \.\./shared/reference/.* not found: .*a fresh clone has no \.\./shared'
done
# a corpus only partly there: what is missing is skipped, each piece by name
# (test_pm4_umr with one of its four captures, linked from ../shared)
KAT=$ROOT/../shared/reference/captures/umr-kat
UMR=$BUILD/tests/pm4/test_pm4_umr
if [ ! -f "$KAT/rs_kat_navi10_test2.txt.gz" ]; then
	skip "$KAT not found: the partial-corpus check of test_pm4_umr not run (a fresh clone has no ../shared)"
elif ! command -v gzip >/dev/null 2>&1; then
	skip "gzip not installed: the partial-corpus check of test_pm4_umr not run"
else
	mkdir -p part/shared/reference/captures/umr-kat part/repo
	for f in PROVENANCE.md rs_kat_navi10_test2.txt.gz rs_kat_navi10_test2.answer.gz rs_kat_cezanne_test1.txt.gz; do
		ln -s "$KAT/$f" part/shared/reference/captures/umr-kat/
	done
	(cd part/repo && "$UMR") >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ]; then ok; else bad "test_pm4_umr with one capture: exit $rc"; fi
	has out "partial corpus: the capture there is checked" '^# rs_kat_navi10_test2 \(-g navi10\): 3 sections'
	has out "partial corpus: a half-present capture skipped" '^# SKIPPED: \.\./shared/reference/captures/umr-kat/rs_kat_cezanne_test1\.answer\.gz not found: capture rs_kat_cezanne_test1 not checked$'
	has out "partial corpus: an absent capture skipped" '^# SKIPPED: \.\./shared/reference/captures/umr-kat/rs_kat_phoenix_test1\.txt\.gz not found'
	has out "partial corpus: the totals skipped" '^# SKIPPED: the totals over all four umr captures: 1 of them read$'
	if [ "$(grep -c '^# SKIPPED:' out)" -eq 4 ]; then ok; else bad "partial corpus: $(grep -c '^# SKIPPED:' out) SKIPPED lines, want 4"; fi
fi
# a capture that is there but damaged is a failure, not a skip
if command -v gzip >/dev/null 2>&1; then
	mkdir -p bad/shared/reference/captures/umr-kat bad/repo
	echo "provenance" >bad/shared/reference/captures/umr-kat/PROVENANCE.md
	for c in rs_kat_cezanne_test1 rs_kat_cezanne_test3 rs_kat_navi10_test2 rs_kat_phoenix_test1; do
		echo "not gzip" >"bad/shared/reference/captures/umr-kat/$c.txt.gz"
		echo "not gzip" >"bad/shared/reference/captures/umr-kat/$c.answer.gz"
	done
	(cd bad/repo && "$UMR") >out 2>err
	rc=$?
	if [ "$rc" -ne 0 ]; then ok; else bad "test_pm4_umr with damaged captures: exit 0"; fi
	has out "damaged captures fail" '^FAIL .*rs_kat_cezanne_test1: the capture is there but gzip -dc cannot read it$'
fi

# and through run.sh (from here/, which has no tests/cli and no ../shared)
mkdir -p one/tests/pm4
ln -s "$BUILD/tests/pm4/test_pm4_umr" one/tests/pm4/test_pm4_umr
(cd here && sh "$ROOT/tests/run.sh" ../one) >out 2>err
rc=$?
if [ "$rc" -eq 0 ]; then ok; else bad "run.sh, test_pm4_umr without ../shared: exit $rc"; fi
has out "run.sh, test_pm4_umr without ../shared: shown skipped" '^SKIPPED \.\./one/tests/pm4/test_pm4_umr: \.\./shared/reference/captures/umr-kat/PROVENANCE\.md not found'
if [ "$(tail -1 out)" = "0 passed, 0 failed, 1 skipped" ]; then ok; else bad "run.sh, test_pm4_umr without ../shared: last line '$(tail -1 out)'"; fi

finish
