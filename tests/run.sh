#!/bin/sh
# Runs every test binary (plain and sanitized) and every CLI script; prints
# each failure, each part skipped with its reason, and one closing line
# "N passed, N failed, N skipped" (CI reads it: it is the last line).
#
# A test ends with "# passed=N failed=M"; each "# SKIPPED: reason" line it
# prints is one part it could not check here (an absent ../shared corpus or
# tool), counted in N skipped and shown as "SKIPPED test: reason".  A test
# that passed nothing, failed nothing and skipped nothing checked nothing:
# that is a failure, never a pass.
B=${1:-build}
passed=0
failed=0
skipped=0
run() {
	out=$("$@" 2>&1)
	rc=$?
	line=$(printf '%s\n' "$out" | grep '^# passed=' | tail -1)
	p=$(printf '%s' "$line" | sed -n 's/^# passed=\([0-9]*\) failed=\([0-9]*\)$/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/^# passed=\([0-9]*\) failed=\([0-9]*\)$/\2/p')
	# a skip names its reason; a bare "# SKIPPED:" line is not counted
	reasons=$(printf '%s\n' "$out" | sed -n 's/^# SKIPPED: *\([^ ].*\)$/\1/p')
	k=$(printf '%s' "$reasons" | grep -c '')
	if [ -z "$p" ]; then
		echo "FAIL $*: no result line (exit $rc)"
		printf '%s\n' "$out" | tail -20
		failed=$((failed + 1))
		return
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $*: exit $rc"
		printf '%s\n' "$out" | tail -20
		f=1
	fi
	if [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$k" -eq 0 ]; then
		echo "FAIL $*: checked nothing (0 passed and no SKIPPED line saying why)"
		f=1
	fi
	printf '%s\n' "$out" | grep '^FAIL' | head -50
	if [ "$k" -gt 0 ]; then
		printf '%s\n' "$reasons" | while IFS= read -r r; do
			printf 'SKIPPED %s: %s\n' "$*" "$r"
		done
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + k))
	echo "$* : $p passed, $f failed, $k skipped" >&2
}
for t in "$B"/tests/*/test_* "$B"/san-tests/*/test_*; do
	[ -x "$t" ] || continue
	run "$t"
done
for s in tests/cli/test_*.sh; do
	[ -f "$s" ] || continue
	run sh "$s" "$B/gfxkit-san"
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
