#!/bin/sh
# python/gfxkit.py (ctypes over build/libgfxkit.so) through its own test,
# tests/python/test_gfxkit.py (its SKIPPED lines passed on); skipped, with
# a SKIPPED line, when python3 is not installed.
#   sh tests/cli/test_python.sh path/to/build/gfxkit-san
. "$(dirname "$0")/lib.sh"

if ! command -v python3 >/dev/null 2>&1; then
	skip "python3 not installed: python/gfxkit.py not tested"
	finish
	exit
fi
if [ ! -f "$BUILD/libgfxkit.so" ]; then
	bad "no shared library at $BUILD/libgfxkit.so (make builds it)"
	finish
	exit
fi
# the shared library is the plain build: no sanitizer runtime in python
(cd "$ROOT" && GFXKIT_LIB="$BUILD/libgfxkit.so" python3 -B tests/python/test_gfxkit.py) >py.out 2>&1
rc=$?
grep '^FAIL' py.out
grep '^# SKIPPED:' py.out
skipped=$((skipped + $(grep -c '^# SKIPPED:' py.out)))
line=$(grep '^# passed=' py.out | tail -1)
p=$(printf '%s' "$line" | sed -n 's/^# passed=\([0-9]*\) failed=\([0-9]*\)$/\1/p')
f=$(printf '%s' "$line" | sed -n 's/^# passed=\([0-9]*\) failed=\([0-9]*\)$/\2/p')
if [ -z "$p" ]; then
	bad "python test printed no result (exit $rc)"
	tail -20 py.out
	finish
	exit
fi
pass=$((pass + p))
fail=$((fail + f))
[ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || bad "python test exited $rc"
finish
