#!/bin/sh
# Runs every test binary (plain and sanitized) and every CLI script; prints
# each failure and one closing line "N passed, N failed".
B=${1:-build}
passed=0
failed=0
run() {
	out=$("$@" 2>&1)
	rc=$?
	line=$(printf '%s\n' "$out" | grep '^# passed=' | tail -1)
	p=$(printf '%s' "$line" | sed -n 's/^# passed=\([0-9]*\) failed=\([0-9]*\)$/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/^# passed=\([0-9]*\) failed=\([0-9]*\)$/\2/p')
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
	printf '%s\n' "$out" | grep '^FAIL' | head -50
	passed=$((passed + p))
	failed=$((failed + f))
	echo "$* : $p passed, $f failed" >&2
}
for t in "$B"/tests/*/test_* "$B"/san-tests/*/test_*; do
	[ -x "$t" ] || continue
	run "$t"
done
for s in tests/cli/test_*.sh; do
	[ -f "$s" ] || continue
	run sh "$s" "$B/gfxkit-san"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
