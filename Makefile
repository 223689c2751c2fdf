# gfxkit: `make` builds the tool and the libraries (build/gfxkit,
# build/libgfxkit.a, build/libgfxkit.so*); `make check` builds and runs every
# test (also under ASan/UBSan) and ends with "N passed, N failed";
# `make install` / `make uninstall` honour PREFIX and DESTDIR.
CC ?= cc
CFLAGS ?= -O2 -g
WARN = -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes $(PTHREAD)
# a decode's helper threads (gk_stream_opts.threads, src/engine/par.c): POSIX
# threads, in glibc's libc itself since 2.34; -pthread on every compile and
# link line (WARN is on each) for the libcs that keep them apart
PTHREAD = -pthread
# Include paths: each part sees only what it may use.  The CLI and the
# benches see the public API only (include/).  Library code sees the public
# headers, its own folder and core's internal headers (src/core: out.h,
# layout.h, desc_macros.h, bits.h -- output helpers, packet layout and table
# shorthands the family engines share with core; internal, so not in
# include/), never another family's internals.  Tests may look into the
# tables (-Isrc).  CPPFLAGS stays free for the caller (-D...).
INC_TOOL = -Iinclude
INC_LIB = -Iinclude -I$(<D) -Isrc/core
INC_TEST = -Iinclude -Isrc -Itests
SAN = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

B = build
LIB_SRC = $(wildcard src/*/*.c) $(wildcard src/isa/*/*.c)
TOOL_SRC = tools/gfxkit.c tools/cli.c tools/cli_options.c tools/color.c $(wildcard tools/cmd_*.c)
LIB_OBJ = $(LIB_SRC:%.c=$(B)/obj/%.o)
SAN_OBJ = $(LIB_SRC:%.c=$(B)/san/%.o)
TEST_SRC = $(wildcard tests/*/test_*.c)
# every test header: a change to one rebuilds the tests
TEST_HDR = $(wildcard tests/*.h tests/*/*.h)
TESTS = $(TEST_SRC:tests/%.c=$(B)/tests/%)
SAN_TESTS = $(TEST_SRC:tests/%.c=$(B)/san-tests/%)

# the version, from the one place that says it (the soname takes MAJOR)
VERSION := $(shell sed -n 's/^\#define GK_VERSION_STRING "\(.*\)"/\1/p' include/gfxkit/version.h)
MAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME = libgfxkit.so.$(MAJOR)
SHLIB = $(B)/libgfxkit.so.$(VERSION)

all: $(B)/libgfxkit.a $(SHLIB) $(B)/gfxkit
# everything make check runs: the sanitized copies and the tests too, and
# the bench programs built (not run), so an API change cannot break make bench
# one program per family (tools/bench_<family>.c), each linked with what the
# stream benches share (tools/bench_common.c, tools/bench.h)
BENCH_COMMON = tools/bench_common.c
BENCH_SRC = $(filter-out $(BENCH_COMMON),$(wildcard tools/bench_*.c))
BENCH_BINS = $(BENCH_SRC:tools/%.c=$(B)/%)
tests: all $(B)/gfxkit-san $(TESTS) $(SAN_TESTS) $(BENCH_BINS)

$(B)/bench_%: tools/bench_%.c tools/bench.h $(BENCH_COMMON) $(B)/libgfxkit.a
	$(CC) $(INC_TOOL) $(CPPFLAGS) $(WARN) -O2 $< $(BENCH_COMMON) $(B)/libgfxkit.a -o $@

# one set of objects, position-independent, for both libraries
$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(INC_LIB) $(CPPFLAGS) $(WARN) $(CFLAGS) -fPIC -MMD -MP -c $< -o $@

$(B)/san/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(INC_LIB) $(CPPFLAGS) $(WARN) -O1 -g $(SAN) -MMD -MP -c $< -o $@

$(B)/libgfxkit.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# exports gk_* only (src/gfxkit.map); libgfxkit.so.MAJOR and libgfxkit.so
# link to it
$(SHLIB): $(LIB_OBJ) src/gfxkit.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/gfxkit.map $(RELR) $(PTHREAD) $(LDFLAGS) $(LIB_OBJ) -o $@
	ln -sf libgfxkit.so.$(VERSION) $(B)/$(SONAME)
	ln -sf $(SONAME) $(B)/libgfxkit.so

$(B)/libgfxkit-san.a: $(SAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The const tables hold pointers (the register databases alone some 100,000)
# that a position-independent program relocates when it starts: 2.5 MB of
# relocation records read and 2.8 MB of tables written, most of the CLI's
# resident memory.  Packed relative relocations (DT_RELR) cut the records
# to a few KB where the linker and the C library have them (binutils 2.38,
# glibc 2.36): the probe links and runs a program with them.
RELR := $(shell t=$$(mktemp) && printf 'int main(void){return 0;}' | $(CC) -x c - -Wl,-z,pack-relative-relocs -o $$t 2>/dev/null && $$t && echo -Wl,-z,pack-relative-relocs; rm -f $$t)

# The CLI itself links position-dependent (-no-pie) where the compiler can:
# its tables' pointers are then final at link time, where even packed the
# ~108,000 relative relocations were applied at every start, each writing
# a page of tables the process then owned: ~2 M instructions, ~750 page
# faults and 2.4 MB of resident memory a run (200 runs of `decode -g cayman
# -e dma examples/cayman_dma.bin`: 3.41 s -> 1.51 s, 184,000 -> 35,210
# minor faults, peak RSS 6.5 -> 4.0 MB).  Every gfxkit run pays it, the
# many short ones most (ir3 words, a pasted listing).  The cost: the
# program's own code and tables lose address randomisation (its heap,
# stack and the C library keep it).  `make PIE=1` links it as a PIE (the
# flag is no prerequisite: remove $(B)/gfxkit first to relink).  The
# library (libgfxkit.a, .so) is position-independent either way.
ifeq ($(PIE),1)
NOPIE :=
else
NOPIE := $(shell t=$$(mktemp) && printf 'int main(void){return 0;}' | $(CC) -x c - -no-pie -o $$t 2>/dev/null && $$t && echo -no-pie; rm -f $$t)
endif

$(B)/gfxkit: $(TOOL_SRC) tools/commands.h tools/cli.h tools/color.h $(B)/libgfxkit.a
	$(CC) $(INC_TOOL) $(CPPFLAGS) $(WARN) $(CFLAGS) $(TOOL_SRC) $(B)/libgfxkit.a $(if $(NOPIE),$(NOPIE),$(RELR)) $(LDFLAGS) -o $@

$(B)/gfxkit-san: $(TOOL_SRC) tools/commands.h tools/cli.h tools/color.h $(B)/libgfxkit-san.a
	$(CC) $(INC_TOOL) $(CPPFLAGS) $(WARN) -O1 -g $(SAN) $(TOOL_SRC) $(B)/libgfxkit-san.a -o $@

$(B)/tests/%: tests/%.c $(TEST_HDR) $(B)/libgfxkit.a
	@mkdir -p $(dir $@)
	$(CC) $(INC_TEST) $(CPPFLAGS) $(WARN) $(CFLAGS) $< $(B)/libgfxkit.a -o $@

$(B)/san-tests/%: tests/%.c $(TEST_HDR) $(B)/libgfxkit-san.a
	@mkdir -p $(dir $@)
	$(CC) $(INC_TEST) $(CPPFLAGS) $(WARN) -O1 -g $(SAN) $< $(B)/libgfxkit-san.a -o $@

check: tests
	@sh tests/run.sh $(B)

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
LIBDIR = $(PREFIX)/lib
INCDIR = $(PREFIX)/include
MANDIR = $(PREFIX)/share/man/man1
COMPDIR = $(PREFIX)/share/bash-completion/completions
PCDIR = $(LIBDIR)/pkgconfig
HEADERS = $(wildcard include/gfxkit/*.h)

$(B)/gfxkit.pc: gfxkit.pc.in include/gfxkit/version.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCDIR@|$(INCDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' gfxkit.pc.in > $@

install: all $(B)/gfxkit.pc
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR)/gfxkit $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(COMPDIR) $(DESTDIR)$(PCDIR)
	cp $(B)/gfxkit $(DESTDIR)$(BINDIR)/gfxkit
	cp $(B)/libgfxkit.a $(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libgfxkit.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libgfxkit.so
	cp $(HEADERS) $(DESTDIR)$(INCDIR)/gfxkit/
	cp docs/gfxkit.1 $(DESTDIR)$(MANDIR)/gfxkit.1
	cp completions/gfxkit.bash $(DESTDIR)$(COMPDIR)/gfxkit
	cp $(B)/gfxkit.pc $(DESTDIR)$(PCDIR)/gfxkit.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gfxkit $(DESTDIR)$(LIBDIR)/libgfxkit.a $(DESTDIR)$(LIBDIR)/libgfxkit.so \
		$(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libgfxkit.so.$(VERSION) \
		$(DESTDIR)$(MANDIR)/gfxkit.1 $(DESTDIR)$(COMPDIR)/gfxkit $(DESTDIR)$(PCDIR)/gfxkit.pc
	rm -rf $(DESTDIR)$(INCDIR)/gfxkit

demo: $(B)/gfxkit
	$(B)/gfxkit decode -g evergreen -e pm4 examples/evergreen_compute.bin
	$(B)/gfxkit decode -g cayman -e dma examples/cayman_dma.bin
	$(B)/gfxkit decode -g evergreen -e pm4 --follow --mem 0x100000=examples/evergreen_compute.bin \
		examples/radeon_ring_gfx.txt
	$(B)/gfxkit check -g cayman -e dma --bo 0x2000000:0x1000 --bo 0x5000:0x2000 --bo 0x10000000:0x100000 \
		--bo 0x20000000:0x200000 --bo 0x30000000:0x10000 examples/cayman_dma.bin
	$(B)/gfxkit check -g gfx9 -e pm4 tests/vectors/clearstate_gfx9.hex
	$(B)/gfxkit decode -e isa -g a630 examples/a630_cat6.bin
	$(B)/gfxkit sendmsg -g gfx10 0x0122 'sendmsg(MSG_GS_DONE, GS_OP_NOP)'
	$(B)/gfxkit modifier decode 0x0200000000000a01 0x02000001a9580400
	$(B)/gfxkit tile info --modifier 0x02000001a9580400 --bpp 32 --width 100 --height 37 --slices 6
	$(B)/gfxkit run -g bonaire -e dma --mem 0x100000=examples/cik_image.rgba --zero 0x200000:0x4000 \
		--zero 0x300000:0x100 --trace --picture 0x200000:64x64=$(B)/demo_tiled.png examples/cik_upload.bin
	@echo "make demo: the tiled surface the DMA copy wrote, as a picture: $(B)/demo_tiled.png"
	$(B)/gfxkit run -g evergreen -e pm4 --zero 0x100000:0x1000 --state examples/evergreen_compute.bin
	$(B)/gfxkit lint -g evergreen examples/evergreen_compute.bin
	$(B)/gfxkit decode examples/devcoredump_gfx1030.txt

# one tools/bench_*.c per family (bench_pm4.c and bench_dma.c: the command
# streams), run in turn; then every "  target: " line they printed, in one
# block.  Exit 1 when a bench program failed (a stream that does not check
# clean or round-trip); a missed target is reported, not fatal.
bench: $(B)/gfxkit $(BENCH_SRC) $(BENCH_COMMON) tools/bench.h $(B)/libgfxkit.a
	@set -e; rm -f $(B)/bench.log; fail=0; for s in $(BENCH_SRC); do \
		b=$(B)/$$(basename $$s .c); \
		$(CC) $(INC_TOOL) $(CPPFLAGS) $(WARN) -O2 $$s $(BENCH_COMMON) $(B)/libgfxkit.a -o $$b; \
		{ rc=0; $$b $(B)/gfxkit || rc=$$?; echo $$rc > $$b.rc; } | tee -a $(B)/bench.log; \
		[ "$$(cat $$b.rc)" = 0 ] || { echo "make bench: $$b exited $$(cat $$b.rc)"; fail=1; }; \
	done; \
	echo; echo "targets ($$(nproc) cores, $$(date -u '+%Y-%m-%d %H:%M UTC'), GFXKIT_BENCH_MB=$${GFXKIT_BENCH_MB:-200}):"; \
	grep '^  target: ' $(B)/bench.log | sed 's/^  target: /  /'; \
	exit $$fail

FUZZ_CC ?= clang
# harness and library: the union of the library's paths
INC_FUZZ = -Iinclude -Isrc/core -Isrc
FUZZ_SECONDS ?= 60
# fuzz-long: each target for this long, one after another (outside CI:
# `make check` never runs it)
FUZZ_LONG_SECONDS ?= 600
# Every fuzz target is built with ASan and UBSan (a find must be a report,
# not a silent wrong answer) and -O2: at -O1 the library's table walks and
# printers cost about twice as much per input under the instrumentation.
FUZZ_OPT ?= -O2
FUZZ_FLAGS = -std=c11 -g $(FUZZ_OPT) -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
# The library is compiled once into $(B)/fuzz/ (per object, so a change to
# one file rebuilds one object) and linked into each harness.
FUZZ_OBJ = $(LIB_SRC:%.c=$(B)/fuzz/obj/%.o)
# The output buffer and its escapes (src/core/out.c) keep their coverage
# counters but not the comparison callbacks (-fsanitize-coverage=trace-cmp):
# they compare every byte printed with '"', '\\' and the buffer's room, values
# that never help a mutation, and under them that file alone was 28 % of
# fuzz_exec's time and 21 % of fuzz_modifier's (perf).  The assembler
# (src/core/asm.c) likewise: it reads text, so its compares are of
# characters (1- and 2-byte compares feed only -use_value_profile, which the
# targets do not use) and of positions and parsed numbers, which libFuzzer
# would insert into a text input as binary words; the names it looks up go
# through memcmp/strlen, whose interceptor hooks still guide mutations.  Its
# callbacks were 12 % of fuzz_dma's time (perf, split() alone 7 %).  The
# register database's name search (src/core/regdb.c) too: its compares are
# of name characters and of table positions, and in fuzz_lint, where every
# name it looks up is a rule's (none comes from the input), they were 70 %
# of the time, all of it in the one-shot linter's preparation (perf).
FUZZ_NOCMP = $(B)/fuzz/obj/src/core/out.o $(B)/fuzz/obj/src/core/asm.o $(B)/fuzz/obj/src/core/regdb.o
# The AMDGPU assembler's lexer (src/isa/amdgpu/lex.c) for the reason asm.c
# is: it reads text, so it compares characters (1-byte compares, which feed
# only -use_value_profile) and positions and parsed numbers (8-byte ones,
# which libFuzzer would splice into a text input as binary words); the names
# it looks up go through memcmp/strncmp, whose hooks stay.  In fuzz_sendmsg
# most of its text is the decoder's own line (the round trip), not the
# input; its callbacks were 30 % of that target's time (perf, 40,000 runs
# over a 1,405-input corpus).
FUZZ_NOCMP += $(B)/fuzz/obj/src/isa/amdgpu/lex.o
# The input reader's framing (src/input/input.c: hex tokens, dump lines,
# '*' repetitions, AUTO's sniffing, UTF-8 checks) for the same reason: every
# input it reads is text but for binary words, which it only assembles, so
# its compares are of bytes (the gzip magic, characters: value profile only)
# and of positions and numbers parsed from text.  Its callbacks were 40 % of
# fuzz_dump's time (perf, 60,000 runs over an 8,682-input corpus).
FUZZ_NOCMP += $(B)/fuzz/obj/src/input/input.o
# GFX9's swizzle address (src/tiling/gfx9_swz.c): GFX9 has no pattern
# tables, so pack and unpack call gk_swz_gfx9_addr for every element, and
# that per-element path was 68 % of fuzz_swz's time, half of it in the
# comparison callbacks (perf, a 60-s run from the seeds).  Those compares
# are of pointers (UBSan's pointer-overflow and alignment checks, which the
# coverage pass traces too: most of eq_eval's), loop bounds and bit
# positions, and the surface's parameters again for every element (ctx_of),
# the same pairs each time.  What the parameters reach from the input
# passes through fuzz_swz's masks (valid bpp, samples, dims on one bit;
# 10- or 16-bit sizes), so the compares would not steer it further.
FUZZ_NOCMP += $(B)/fuzz/obj/src/tiling/gfx9_swz.o
$(FUZZ_NOCMP): FUZZ_COV_EXTRA = -fno-sanitize-coverage=trace-cmp
$(B)/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(INC_LIB) $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV_EXTRA) -MMD -MP -c $< -o $@
$(B)/fuzz/libgfxkit-fuzz.a: $(FUZZ_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^
$(B)/fuzz/%: tests/fuzz/%.c $(wildcard tests/fuzz/*.h) $(TEST_HDR) $(B)/fuzz/libgfxkit-fuzz.a
	$(FUZZ_CC) $(INC_FUZZ) $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $< $(B)/fuzz/libgfxkit-fuzz.a -o $@
# One libFuzzer target per family: $(1) target, $(2) harness name, $(3) seed
# corpus folders, $(4) -max_len.  Runs it for $(FUZZ_SECONDS) on one core;
# prints libFuzzer's final lines (the DONE line -- libFuzzer puts a tab
# before DONE -- with cov, ft and exec/s, and the stat:: lines), and on a
# find the report, its stack and the reproducer (artifact) path; exit 1 on
# a find.  The corpus grown by a run stays in $(B)/$(1)/corpus.
define FUZZ_TARGET
$(1): $$(B)/fuzz/$(2)
	@mkdir -p $$(B)/$(1)/corpus
	$$(B)/fuzz/$(2) -max_total_time=$$(FUZZ_SECONDS) -max_len=$(4) -print_final_stats=1 -artifact_prefix=$$(B)/$(1)/ \
		$$(B)/$(1)/corpus $(3) > $$(B)/$(1)/log 2>&1; \
	rc=$$$$?; grep -aE '^#[0-9]+[[:space:]]+DONE|^stat::|^==[0-9]+==|SUMMARY|^ +#[0-9]+ |artifact' $$(B)/$(1)/log | head -60; exit $$$$rc
FUZZ_BINS += $$(B)/fuzz/$(2)
FUZZ_TARGETS += $(1)
endef
$(eval $(call FUZZ_TARGET,fuzz,fuzz_pm4,tests/fuzz/corpus tests/vectors,512))
$(eval $(call FUZZ_TARGET,fuzz-dma,fuzz_dma,tests/fuzz/corpus_dma examples,512))
$(eval $(call FUZZ_TARGET,fuzz-gcn,fuzz_pm4_gcn,tests/fuzz/corpus_gcn,512))
$(eval $(call FUZZ_TARGET,fuzz-sendmsg,fuzz_sendmsg,tests/fuzz/corpus_sendmsg,1024))
$(eval $(call FUZZ_TARGET,fuzz-ir3,fuzz_ir3,tests/fuzz/corpus_ir3,256))
$(eval $(call FUZZ_TARGET,fuzz-modifier,fuzz_modifier,tests/fuzz/corpus_modifier,512))
$(eval $(call FUZZ_TARGET,fuzz-tiling,fuzz_tiling,tests/fuzz/corpus_tiling,1024))
$(eval $(call FUZZ_TARGET,fuzz-swz,fuzz_swz,tests/fuzz/corpus_swz,256))
$(eval $(call FUZZ_TARGET,fuzz-dump,fuzz_dump,tests/fuzz/corpus_dump,4096))
$(eval $(call FUZZ_TARGET,fuzz-exec,fuzz_exec,tests/fuzz/corpus_exec,4096))
$(eval $(call FUZZ_TARGET,fuzz-lint,fuzz_lint,tests/fuzz/corpus_lint,4096))
$(eval $(call FUZZ_TARGET,fuzz-adreno,fuzz_adreno,tests/fuzz/corpus_adreno tests/adreno/vectors,512))
$(eval $(call FUZZ_TARGET,fuzz-msm,fuzz_msm,tests/fuzz/corpus_msm,16384))
$(eval $(call FUZZ_TARGET,fuzz-rd,fuzz_rd,tests/fuzz/corpus_rd,8192))
# every harness built, none run
fuzz-build: $(FUZZ_BINS)
# every target for $(FUZZ_LONG_SECONDS) (10 minutes), one at a time (each on
# one core); all run even when one finds something; exit 1 when any did.
fuzz-long: $(FUZZ_BINS)
	@fail=0; for t in $(FUZZ_TARGETS); do \
		echo "== $$t ($(FUZZ_LONG_SECONDS) s)"; \
		$(MAKE) --no-print-directory $$t FUZZ_SECONDS=$(FUZZ_LONG_SECONDS) || fail=1; \
	done; exit $$fail

clean:
	rm -rf $(B)

.PHONY: all tests check install uninstall demo bench fuzz fuzz-dma fuzz-gcn fuzz-sendmsg fuzz-ir3 fuzz-modifier fuzz-tiling fuzz-swz fuzz-dump fuzz-exec fuzz-lint fuzz-adreno fuzz-rd fuzz-msm fuzz-build fuzz-long clean
-include $(LIB_OBJ:.o=.d) $(SAN_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d)
