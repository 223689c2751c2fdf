#!/bin/sh
# The public headers are usable from C++:
#   sh tests/cli/test_cxx.sh path/to/build/gfxkit-san
# compiles each include/gfxkit/*.h alone as C++11, then one translation unit
# including the umbrella header and every other public header, all with
# -Wall -Wextra -Werror -pedantic; links that one against libgfxkit.a next to
# the given binary (a missing extern "C" fails there, on mangled names) and
# runs it.  Also checks that gfxkit.h includes every public header and that
# each one has an extern "C" block.  Uses ${CXX:-c++}; skipped when there is
# no C++ compiler.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

CXX=${CXX:-c++}
CXXFLAGS="-std=c++11 -Wall -Wextra -Werror -pedantic"
LIB=$BUILD/libgfxkit.a
if ! command -v "$CXX" >/dev/null 2>&1; then
	skip "$CXX not installed: the C++ header test not run"
	finish
	exit
fi

# ---- the umbrella names every public header
for h in "$ROOT"/include/gfxkit/*.h; do
	n=${h##*/}
	[ "$n" = gfxkit.h ] && continue
	if grep -q "^#include \"gfxkit/$n\"" "$ROOT/include/gfxkit/gfxkit.h"; then ok; else bad "gfxkit.h does not include gfxkit/$n"; fi
done

# ---- every header that declares something wraps it in extern "C" (the
# link below only proves it for the functions main() calls)
for h in "$ROOT"/include/gfxkit/*.h; do
	n=${h##*/}
	[ "$n" = gfxkit.h ] && continue
	# a header of #include lines only (stream.h: the split headers) declares nothing to wrap
	grep -q '^[A-Za-z]' "$h" || continue
	if grep -q '^extern "C" {' "$h"; then ok; else bad "gfxkit/$n has no extern \"C\" block"; fi
done

# ---- each header alone (self-contained in C++)
for h in "$ROOT"/include/gfxkit/*.h; do
	n=${h##*/}
	printf '#include "gfxkit/%s"\n' "$n" >alone.cpp
	# shellcheck disable=SC2086
	if "$CXX" $CXXFLAGS -I"$ROOT/include" -c alone.cpp -o alone.o >out 2>err; then
		ok
	else
		bad "gfxkit/$n alone does not compile as C++ ($CXX $CXXFLAGS)"
	fi
done

# ---- all of them in one unit, linked and run
{
	echo '#include "gfxkit/gfxkit.h"'
	for h in "$ROOT"/include/gfxkit/*.h; do printf '#include "gfxkit/%s"\n' "${h##*/}"; done
	cat <<'EOF'
#include <cstdio>
#include <string>

int main()
{
	int failed = 0;
	char buf[GK_MOD_NAME_MAX];
	gk_modifier_name(0x0200000000000a01ull, buf, sizeof buf);
	const std::string name(buf);
	if (name != "GFX9,GFX9_64K_D") {
		std::printf("gk_modifier_name: '%s', want 'GFX9,GFX9_64K_D'\n", buf);
		failed++;
	}
	uint64_t back = 0;
	if (gk_modifier_parse(name.c_str(), name.size(), &back, NULL) != 0 || back != 0x0200000000000a01ull) {
		std::printf("gk_modifier_parse('%s') did not give 0x0200000000000a01\n", buf);
		failed++;
	}
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find("gfx10");
	char text[GK_SENDMSG_TEXT_MAX];
	if (!g) {
		std::printf("gk_amdgpu_gen_find(\"gfx10\") is NULL\n");
		failed++;
	} else if (gk_sendmsg_format(g, 0x0122, text, sizeof text) == 0 ||
		   std::string(text) != "sendmsg(MSG_GS, GS_OP_EMIT, 1)") {
		std::printf("gk_sendmsg_format(gfx10, 0x0122): '%s'\n", text);
		failed++;
	}
	std::printf("%s\n", failed ? "FAILED" : "OK");
	return failed != 0;
}
EOF
} >all.cpp
if [ -f "$LIB" ]; then ok; else bad "no library at $LIB"; fi
# shellcheck disable=SC2086
if "$CXX" $CXXFLAGS -I"$ROOT/include" all.cpp "$LIB" -o all >out 2>err; then
	ok
	./all >out 2>err
	rc=$?
	if [ "$rc" -eq 0 ]; then ok; else bad "C++ program calling the library: exit $rc"; fi
	has out "C++ program output" '^OK$'
else
	bad "every public header in one C++ unit, linked with $LIB ($CXX $CXXFLAGS)"
fi
finish
