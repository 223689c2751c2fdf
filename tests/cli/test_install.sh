#!/bin/sh
# make install into a temporary DESTDIR, then use what it installed as a
# user would: a C program built with pkg-config's flags against the shared
# and against the static library, run; the shared library exports gk_
# symbols only and carries its soname; the man page renders; the bash
# completion parses; --version agrees with the header; make uninstall
# removes every file.
#   sh tests/cli/test_install.sh path/to/build/gfxkit-san
. "$(dirname "$0")/lib.sh"

CC=${CC:-cc}
D=$T/dest
P=/usr/local
MAKE=${MAKE:-make}
if ! command -v "$MAKE" >/dev/null 2>&1 || ! command -v "$CC" >/dev/null 2>&1; then
	skip "no $MAKE or $CC: the install test not run"
	finish
	exit
fi
VERSION=$(sed -n 's/^#define GK_VERSION_STRING "\(.*\)"/\1/p' "$ROOT/include/gfxkit/version.h")
MAJOR=${VERSION%%.*}
if [ -n "$VERSION" ]; then ok; else bad "no GK_VERSION_STRING in include/gfxkit/version.h"; fi

if "$MAKE" -s -C "$ROOT" B="$BUILD" PREFIX="$P" DESTDIR="$D" install >make.out 2>&1; then ok; else
	bad "make install failed"
	tail -5 make.out
	finish
	exit
fi
for f in bin/gfxkit lib/libgfxkit.a "lib/libgfxkit.so.$VERSION" include/gfxkit/gfxkit.h include/gfxkit/version.h \
	lib/pkgconfig/gfxkit.pc share/man/man1/gfxkit.1 share/bash-completion/completions/gfxkit; do
	if [ -f "$D$P/$f" ]; then ok; else bad "make install did not install $P/$f"; fi
done
for l in "libgfxkit.so.$MAJOR" libgfxkit.so; do
	if [ -L "$D$P/lib/$l" ] && [ -f "$D$P/lib/$l" ]; then ok; else bad "lib/$l is not a link to the library"; fi
done
has "$D$P/lib/pkgconfig/gfxkit.pc" "pkg-config file: version" "^Version: $VERSION\$"
has "$D$P/lib/pkgconfig/gfxkit.pc" "pkg-config file: prefix" "^prefix=$P\$"

# the installed tool runs and says its version
"$D$P/bin/gfxkit" --version >out 2>err
has out "installed gfxkit --version" "^gfxkit $VERSION \(library $VERSION\)\$"

# a user's program: the version it was built against and runs with, and a
# packet decoded through the engine API
cat >prog.c <<'PROG'
#include <stdio.h>
#include <string.h>
#include <gfxkit/gfxkit.h>

static int collect(void *ctx, const void *p, size_t n)
{
	fwrite(p, 1, n, (FILE *)ctx);
	return 0;
}

int main(void)
{
	if (strcmp(gk_version(), GK_VERSION_STRING) != 0)
		return 1;
	struct gk_diag err;
	struct gk_engine *e = gk_engine_open("pm4", "cayman", &err);
	if (!e)
		return 2;
	FILE *f = fopen("nop.bin", "rb"); /* a NOP with one dword */
	if (!f)
		return 4;
	struct gk_input *in = gk_input_create(gk_read_stdio, f, GK_IN_BIN, 4);
	char buf[256];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, collect, stdout);
	struct gk_stream_opts o = { 0 };
	struct gk_stream_stats st;
	int rc = in ? gk_stream_run(e, in, &o, &out, &st) : -1;
	gk_out_flush(&out);
	gk_input_destroy(in);
	fclose(f);
	gk_engine_close(e);
	printf("version %s, %llu unit(s)\n", gk_version(), (unsigned long long)st.units);
	return rc ? 3 : 0;
}
PROG

printf '\000\020\000\300\052\000\000\000' >nop.bin
if command -v pkg-config >/dev/null 2>&1; then
	# the sysroot makes pkg-config put DESTDIR in front of the installed paths
	export PKG_CONFIG_PATH="$D$P/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$D"
	CFLAGS_GK=$(pkg-config --cflags gfxkit)
	LIBS_GK=$(pkg-config --libs gfxkit)
	LDIR=$(pkg-config --libs-only-L gfxkit)
	if [ "$(pkg-config --modversion gfxkit)" = "$VERSION" ]; then ok; else bad "pkg-config --modversion"; fi
else
	echo "# pkg-config not installed: its flags read from gfxkit.pc"
	CFLAGS_GK="-I$D$P/include"
	LIBS_GK="-L$D$P/lib -lgfxkit"
	LDIR="-L$D$P/lib"
fi

# shared
# shellcheck disable=SC2086
if "$CC" -std=c11 prog.c $CFLAGS_GK $LIBS_GK -o prog-shared 2>cc.err; then ok; else bad "cannot build against the shared library"; cat cc.err; fi
if LD_LIBRARY_PATH="$D$P/lib" ./prog-shared >out 2>err; then ok; else bad "the program linked to the shared library failed ($?)"; fi
has out "shared: runs and decodes" "^0x00000000: NOP"
has out "shared: version" "^version $VERSION, 1 unit"
if command -v readelf >/dev/null 2>&1; then
	readelf -d prog-shared >dyn 2>&1
	has dyn "the program needs the soname" "NEEDED.*\[libgfxkit\.so\.$MAJOR\]"
	readelf -d "$D$P/lib/libgfxkit.so.$VERSION" >dyn 2>&1
	has dyn "the library's soname" "SONAME.*\[libgfxkit\.so\.$MAJOR\]"
fi
# static: the same flags, with the archive chosen over the shared library
# shellcheck disable=SC2086
if "$CC" -std=c11 prog.c $CFLAGS_GK $LDIR -Wl,-Bstatic -lgfxkit -Wl,-Bdynamic -o prog-static 2>cc.err; then ok; else
	bad "cannot build against the static library"
	cat cc.err
fi
if ./prog-static >out 2>err; then ok; else bad "the program linked to the static library failed ($?)"; fi
has out "static: runs and decodes" "^0x00000000: NOP"

# the shared library exports the API only
if command -v nm >/dev/null 2>&1; then
	nm -D --defined-only "$D$P/lib/libgfxkit.so.$VERSION" | awk '{ print $NF }' >dsyms
	if grep -q '^gk_version$' dsyms; then ok; else bad "gk_version is not exported"; fi
	if grep -v '^gk_' dsyms >others; then bad "exported without gk_: $(head -5 others | tr '\n' ' ')"; else ok; fi
fi

# the man page renders; the completion parses
if command -v man >/dev/null 2>&1; then
	MANWIDTH=80 man -l "$D$P/share/man/man1/gfxkit.1" >man.out 2>man.err
	has man.out "man page renders" "gfxkit - decode, assemble and check"
	hasnot man.err "man page warnings" "warning|error"
else
	echo "# man not installed: man page not rendered"
fi
if command -v bash >/dev/null 2>&1; then
	if bash -c ". '$D$P/share/bash-completion/completions/gfxkit' && complete -p gfxkit" >comp.out 2>&1; then ok; else
		bad "the bash completion does not load"
		cat comp.out
	fi
fi

# uninstall leaves no file behind
if "$MAKE" -s -C "$ROOT" B="$BUILD" PREFIX="$P" DESTDIR="$D" uninstall >make.out 2>&1; then ok; else bad "make uninstall failed"; fi
find "$D" ! -type d >left
empty left "files left after make uninstall"
finish
