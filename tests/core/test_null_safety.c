/* Every public function called with NULL for each pointer argument and with
 * extreme values (SIZE_MAX, UINT64_MAX, INT_MAX, INT_MIN ...) for each
 * integer argument, the other arguments valid: it must return (an error
 * value, or nothing done), never crash, read or write out of bounds, hit
 * undefined behaviour, leak or allocate absurdly.  The calls are generated
 * from the public headers into null_calls.h by scripts/gen_null_calls.py
 * (rerun it after changing a header; tests/cli/test_null_coverage.sh fails
 * when an exported function is missing from it).  This file holds the valid
 * objects the calls use (fx_*) and runs the calls; a crash names the
 * function and the case.  The sanitized build turns every overread,
 * overflow, undefined behaviour and leak into a failure.
 *
 *   test_null_safety [NAME...]          every function (or these), in turn
 *   test_null_safety --fork [NAME...]   each in a child process: one run
 *                                       names every function that crashes
 */
#define _POSIX_C_SOURCE 200809L /* fork, alarm, sigaction */
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* ---- valid objects, made on first use in a case and ended after it ---- */

/* Zeroed memory for argument k of a call (out-parameters, caller buffers,
 * plain structs): big enough for every buffer the calls give a length to. */
#define FX_SLOTS 12
#define FX_SLOT_BYTES (256u * 1024u)
static _Alignas(max_align_t) unsigned char fx_slots[FX_SLOTS][FX_SLOT_BYTES];
static bool fx_slot_used[FX_SLOTS];
static void *fx_slot(unsigned k)
{
	if (!fx_slot_used[k]) {
		memset(fx_slots[k], 0, FX_SLOT_BYTES);
		fx_slot_used[k] = true;
	}
	return fx_slots[k];
}
#define FX_SLOT(k) fx_slot(k)

/* a name or text: a GPU name, so the calls that take one get somewhere */
#define FX_STR "evergreen"
#define FX_STR_LEN (sizeof FX_STR - 1)
/* an empty text, and one longer than any fixed buffer a message may have */
#define FX_EMPTY ""
#define FX_LONG_LEN 70000u
static char *fx_long(void)
{
	static char s[FX_LONG_LEN + 1];
	if (!s[0])
		memset(s, 'A', FX_LONG_LEN);
	return s;
}
/* bytes of a const void * buffer (read from zeroed memory) */
#define FX_DATA_LEN 64u
/* an Evergreen PM4 NOP with one body dword (type 3, COUNT 0, opcode 0x10) */
static const uint32_t fx_nop[] = { 0xC0001000u, 0x00000000u };
#define FX_NWORDS 2u
static const uint32_t *fx_words(void)
{
	return fx_nop;
}

static const char *fx_case_name = "";
#define FX_CASE(s) (fx_case_name = (s))

static struct gk_format *g_format;
static struct gk_engine *g_engine;
static struct gk_engine_asm *g_engine_asm;
static struct gk_asm *g_asm;
static struct gk_mem *g_mem;
static struct gk_exec *g_exec;
static struct gk_lint *g_lint;
static struct gk_adreno_summary *g_summary;
static struct gk_input *g_input;
static struct gk_gunzip *g_gunzip;
static struct gk_bytes g_bytes;
static bool g_bytes_made;
static struct gk_packet g_packet;
static bool g_packet_made;
static struct gk_unit *g_unit;
static struct gk_check_state g_check;
static bool g_check_made;
static struct gk_out g_out;
static char g_out_buf[256];
static bool g_out_made;
static struct gk_png *g_png;
static struct gk_tile_params g_params;
static struct gk_tile_surface g_surface;
static struct gk_tile_band g_band;
static bool g_params_made, g_surface_made, g_band_made;
static struct gk_amdgpu_asm *g_amdgpu_asm;
static struct gk_amdgpu_insn g_amdgpu_insn;
static bool g_amdgpu_insn_made;
static struct gk_ir3_insn g_ir3_insn;
static bool g_ir3_insn_made;
static struct gk_lint_regs g_lint_regs;
static struct gk_modifier g_modifier;
static bool g_modifier_made;
static void *g_malloc;
static FILE *g_file;
static struct gk_membuf g_membuf;
static bool g_membuf_made;

static int fx_diag_cb(void *ctx, const struct gk_diag *d)
{
	(void)ctx;
	(void)d;
	return 0;
}
static int fx_emit_cb(void *ctx, const uint32_t *w, size_t n)
{
	(void)ctx;
	(void)w;
	(void)n;
	return 0;
}
static long fx_read_cb(void *ctx, void *buf, size_t cap)
{
	(void)ctx;
	(void)buf;
	(void)cap;
	return 0;
}
static int fx_reg_lookup_cb(void *ctx, const char *name, size_t len, uint32_t *offset)
{
	(void)ctx;
	(void)name;
	(void)len;
	(void)offset;
	return -1;
}
static int fx_write_cb(void *ctx, const void *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
	return 0;
}
static int fx_enum_cb(void *ctx, uint64_t value)
{
	(void)ctx;
	(void)value;
	return 0;
}
/* a release callback (the memory hands back what a caller lent it) */
static void fx_release_cb(void *ctx, void *data, size_t size)
{
	(void)ctx;
	(void)data;
	(void)size;
}
static int fx_lint_get(void *ctx, uint32_t byte_addr, uint32_t *value)
{
	(void)ctx;
	(void)byte_addr;
	(void)value;
	return 0;
}

/* A fixture the tests cannot make is a broken test, not a pass. */
static void *fx_need(void *p, const char *what)
{
	if (!p) {
		fprintf(stderr, "test_null_safety: cannot make the fixture %s\n", what);
		exit(3);
	}
	return p;
}

static struct gk_format *fx_format(void)
{
	if (!g_format) {
		g_format = fx_need(calloc(1, sizeof *g_format), "format");
		if (gk_pm4_format_init(g_format, "evergreen"))
			fx_need(NULL, "gk_pm4_format_init(evergreen)");
	}
	return g_format;
}
static struct gk_engine *fx_engine(void)
{
	if (!g_engine)
		g_engine = fx_need(gk_engine_open("pm4", "evergreen", NULL), "engine");
	return g_engine;
}
static struct gk_engine_asm *fx_engine_asm(void)
{
	if (!g_engine_asm)
		g_engine_asm = fx_need(gk_engine_asm_open(fx_engine(), fx_emit_cb, NULL, fx_diag_cb, NULL), "engine asm");
	return g_engine_asm;
}
static struct gk_asm *fx_asm(void)
{
	if (!g_asm)
		g_asm = fx_need(gk_asm_create(fx_format(), fx_emit_cb, NULL, fx_diag_cb, NULL), "asm");
	return g_asm;
}
/* 4 KiB of contents at 0x1000, and a declared 4 KiB at 0x10000 */
static struct gk_mem *fx_mem(void)
{
	if (!g_mem) {
		static const uint8_t zero[4096];
		g_mem = fx_need(gk_mem_create(0), "memory");
		if (gk_mem_add_copy(g_mem, 0x1000, zero, sizeof zero, NULL) || gk_mem_declare(g_mem, 0x10000, 0x1000, NULL))
			fx_need(NULL, "memory regions");
	}
	return g_mem;
}
static struct gk_exec *fx_exec(void)
{
	if (!g_exec)
		g_exec = fx_need(gk_exec_create(fx_engine(), fx_mem(), NULL), "executor");
	return g_exec;
}
static struct gk_lint *fx_lint(void)
{
	if (!g_lint)
		g_lint = fx_need(gk_lint_open(fx_format()), "linter");
	return g_lint;
}
static struct gk_adreno_summary *fx_adreno_summary(void)
{
	if (!g_summary)
		g_summary = fx_need(gk_adreno_summary_create("a630"), "adreno summary");
	return g_summary;
}
static struct gk_bytes *fx_bytes(void)
{
	static const char text[] = "c0001000 00000000\n";
	if (!g_bytes_made) {
		g_bytes = (struct gk_bytes){ text, sizeof text - 1, 0 };
		g_bytes_made = true;
	}
	return &g_bytes;
}
static struct gk_gunzip *fx_gunzip(void)
{
	if (!g_gunzip)
		g_gunzip = fx_need(gk_gunzip_open(gk_read_bytes, fx_bytes()), "gunzip");
	return g_gunzip;
}
static struct gk_input *fx_input(void)
{
	if (!g_input)
		g_input = fx_need(gk_input_create(gk_read_bytes, fx_bytes(), GK_IN_HEX, 4), "input");
	return g_input;
}
static struct gk_packet *fx_packet(void)
{
	if (!g_packet_made) {
		gk_packet_frame(fx_format(), fx_nop, FX_NWORDS, 0, &g_packet);
		g_packet_made = true;
	}
	return &g_packet;
}
static struct gk_unit *fx_unit(void)
{
	if (!g_unit) {
		static struct gk_diags dg;
		memset(&dg, 0, sizeof dg);
		g_unit = fx_need(calloc(1, sizeof *g_unit), "unit");
		gk_unit_decode(fx_format(), fx_packet(), &dg, g_unit);
	}
	return g_unit;
}
static struct gk_check_state *fx_check_state(void)
{
	if (!g_check_made) {
		gk_check_init(&g_check);
		g_check_made = true;
	}
	return &g_check;
}
static struct gk_out *fx_out(void)
{
	if (!g_out_made) {
		g_out = (struct gk_out)GK_OUT_INIT(g_out_buf, sizeof g_out_buf, fx_write_cb, NULL);
		g_out_made = true;
	}
	return &g_out;
}
static struct gk_png *fx_png(void)
{
	if (!g_png) {
		g_png = fx_need(calloc(1, sizeof *g_png), "png");
		if (gk_png_begin(g_png, 4, 4, fx_write_cb, NULL))
			fx_need(NULL, "gk_png_begin");
	}
	return g_png;
}
/* a 16 x 16 x 1 surface of 32-bit elements, 1D tiled */
static struct gk_tile_params *fx_tile_params(void)
{
	if (!g_params_made) {
		gk_tile_params_simple(&g_params, GK_TILE_1D, 32, 16, 16, 1);
		g_params_made = true;
	}
	return &g_params;
}
static struct gk_tile_surface *fx_tile_surface(void)
{
	if (!g_surface_made) {
		struct gk_tile_params p;
		gk_tile_params_simple(&p, GK_TILE_1D, 32, 16, 16, 1);
		if (gk_tile_surface_init(&g_surface, &p))
			fx_need(NULL, "gk_tile_surface_init");
		g_surface_made = true;
	}
	return &g_surface;
}
static struct gk_tile_band *fx_tile_band(void)
{
	if (!g_band_made) {
		if (gk_tile_band(fx_tile_surface(), 0, 0, &g_band))
			fx_need(NULL, "gk_tile_band");
		g_band_made = true;
	}
	return &g_band;
}
static const struct gk_amdgpu_gen *fx_amdgpu_gen(void)
{
	return fx_need((void *)gk_amdgpu_gen_find("gfx10"), "amdgpu generation");
}
static struct gk_amdgpu_asm *fx_amdgpu_asm(void)
{
	if (!g_amdgpu_asm)
		g_amdgpu_asm = fx_need(gk_amdgpu_asm_create(fx_amdgpu_gen(), fx_emit_cb, NULL, fx_diag_cb, NULL),
				       "amdgpu asm");
	return g_amdgpu_asm;
}
static const struct gk_amdgpu_syms *fx_amdgpu_syms(void)
{
	return fx_need((void *)gk_amdgpu_asm_syms(fx_amdgpu_asm()), "amdgpu symbols");
}
static struct gk_amdgpu_insn *fx_amdgpu_insn(void)
{
	if (!g_amdgpu_insn_made) {
		gk_amdgpu_decode(fx_amdgpu_gen(), 0xbf900001u, 0, &g_amdgpu_insn); /* s_sendmsg */
		g_amdgpu_insn_made = true;
	}
	return &g_amdgpu_insn;
}
static struct gk_ir3_insn *fx_ir3_insn(void)
{
	if (!g_ir3_insn_made) {
		static struct gk_diags dg;
		unsigned id = 0;
		memset(&dg, 0, sizeof dg);
		if (gk_ir3_gpu("a630", &id))
			fx_need(NULL, "ir3 gpu a630");
		gk_ir3_decode(id, 0, &g_ir3_insn, &dg); /* nop */
		g_ir3_insn_made = true;
	}
	return &g_ir3_insn;
}
static const struct gk_reg_table *fx_reg_table(void)
{
	return fx_need((void *)fx_format()->regs, "register table");
}
/* the first register with fields */
static const struct gk_reg *fx_reg(void)
{
	const struct gk_reg *r;
	for (size_t i = 0; (r = gk_reg_at(fx_reg_table(), i)); i++)
		if (r->nfields)
			return r;
	return fx_need(NULL, "a register with fields");
}
static const struct gk_reg_field *fx_reg_field(void)
{
	return fx_reg()->fields;
}
static const struct gk_field *fx_field(void)
{
	const struct gk_format *f = fx_format();
	for (size_t i = 0; i < f->ndescs; i++)
		if (f->descs[i].nfields)
			return f->descs[i].fields;
	return fx_need(NULL, "a packet with fields");
}
/* the first enum of a field */
static const struct gk_enum *fx_enum(void)
{
	const struct gk_format *f = fx_format();
	for (size_t i = 0; i < f->ndescs; i++)
		for (unsigned j = 0; j < f->descs[i].nfields; j++)
			if (f->descs[i].fields[j].enm)
				return f->descs[i].fields[j].enm;
	return fx_need(NULL, "a field with an enum");
}
static const struct gk_lint_regs *fx_lint_regs(void)
{
	g_lint_regs = (struct gk_lint_regs){ fx_lint_get, NULL, NULL, NULL, 0 };
	return &g_lint_regs;
}
static const struct gk_modifier *fx_modifier(void)
{
	if (!g_modifier_made) {
		gk_modifier_split(0x0200000000000a01ull, &g_modifier);
		g_modifier_made = true;
	}
	return &g_modifier;
}
static void *fx_malloc(void)
{
	if (!g_malloc)
		g_malloc = fx_need(malloc(16), "malloc");
	return g_malloc;
}
static FILE *fx_file(void)
{
	if (!g_file)
		g_file = fx_need(fopen("/dev/null", "rb"), "/dev/null");
	return g_file;
}
static struct gk_membuf *fx_membuf(void)
{
	g_membuf_made = true;
	return &g_membuf;
}

/* A returned string must be one: read it to its end (ASan checks). */
static void fx_string(const char *s)
{
	if (s)
		(void)strlen(s);
}

/* A destroy or close call ended this object: the case must not end it again. */
static void fx_forget(const void *p)
{
	if (!p)
		return;
	if (p == g_engine)
		g_engine = NULL;
	if (p == g_engine_asm)
		g_engine_asm = NULL;
	if (p == g_asm)
		g_asm = NULL;
	if (p == g_mem)
		g_mem = NULL;
	if (p == g_exec)
		g_exec = NULL;
	if (p == g_lint)
		g_lint = NULL;
	if (p == g_summary)
		g_summary = NULL;
	if (p == g_input)
		g_input = NULL;
	if (p == g_gunzip)
		g_gunzip = NULL;
	if (p == g_amdgpu_asm)
		g_amdgpu_asm = NULL;
	if (p == g_malloc)
		g_malloc = NULL;
}

/* End every object the case made (users before what they use), and free
 * what a call allocated into an out-parameter (char **, void **). */
static void fx_end_case(void)
{
	memset(fx_slot_used, 0, sizeof fx_slot_used);
	gk_exec_destroy(g_exec);
	g_exec = NULL;
	gk_lint_close(g_lint);
	g_lint = NULL;
	gk_adreno_summary_destroy(g_summary);
	g_summary = NULL;
	gk_engine_asm_close(g_engine_asm);
	g_engine_asm = NULL;
	gk_engine_close(g_engine);
	g_engine = NULL;
	gk_asm_destroy(g_asm);
	g_asm = NULL;
	gk_mem_destroy(g_mem);
	g_mem = NULL;
	gk_input_destroy(g_input);
	g_input = NULL;
	gk_gunzip_close(g_gunzip);
	g_gunzip = NULL;
	gk_amdgpu_asm_destroy(g_amdgpu_asm);
	g_amdgpu_asm = NULL;
	free(g_unit);
	g_unit = NULL;
	free(g_format);
	g_format = NULL;
	free(g_png);
	g_png = NULL;
	free(g_malloc);
	g_malloc = NULL;
	if (g_file)
		fclose(g_file);
	g_file = NULL;
	if (g_membuf_made)
		free(g_membuf.p);
	memset(&g_membuf, 0, sizeof g_membuf);
	g_membuf_made = g_bytes_made = g_packet_made = g_check_made = g_out_made = false;
	g_params_made = g_surface_made = g_band_made = false;
	g_amdgpu_insn_made = g_ir3_insn_made = g_modifier_made = false;
}

/* Free what a call put into a char ** or void ** out-parameter (the
 * generator points them at a slot). */
static void fx_free_out(void *slot)
{
	void **p = slot;
	gk_free(*p);
	*p = NULL;
}

#if defined(__GNUC__)
/* The calls pass NULL and non-literal formats on purpose. */
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wnonnull"
#endif
#include "core/null_calls.h"

static const char *fx_func_name = "";

/* ---- what the NULL and extreme cases must answer, beyond not crashing ---- */

/* an endless source of bytes: loading it must stop at the memory's limit */
static long endless(void *ctx, void *buf, size_t cap)
{
	(void)ctx;
	memset(buf, 0xAB, cap);
	return cap > 4096 ? 4096 : (long)cap;
}

static void test_answers(void)
{
	struct gk_diag err;
	static uint8_t page[4096];
	uint8_t buf[16];
	size_t done = 99;
	struct gk_mem_region r;
	fx_func_name = "test_answers";
	FX_CASE("its CHECKs in order");

	/* NULL memory: an error that says so, or an empty memory */
	memset(&err, 0, sizeof err);
	CHECK(gk_mem_declare(NULL, 0x1000, 16, &err) == -1 && err.severity == GK_ERROR && err.message[0] &&
		      err.offset == 0x1000,
	      "declare on NULL: '%s' at 0x%llx", err.message, (unsigned long long)err.offset);
	CHECK(gk_mem_add_copy(NULL, 0, page, 16, &err) == -1, "add_copy on NULL");
	CHECK(gk_mem_add_borrowed(NULL, 0, page, 16, &err) == -1, "add_borrowed on NULL");
	CHECK(gk_mem_load(NULL, 0, endless, NULL, &err) == -1, "load on NULL");
	CHECK(gk_mem_load_file(NULL, 0, "/dev/null", &err) == -1, "load_file on NULL");
	CHECK(gk_mem_read(NULL, 0, buf, 1, &done, &err) == -1 && done == 0, "read on NULL: done %zu", done);
	CHECK(gk_mem_write(NULL, 0, buf, 1, &err) == -1, "write on NULL");
	CHECK(gk_mem_count(NULL) == 0, "count of NULL");
	CHECK(gk_mem_region_at(NULL, 0, &r) == -1, "region_at of NULL");
	CHECK(gk_mem_find(NULL, 0, 0, &r) == -1, "find in NULL");
	CHECK(gk_mem_find_bo(NULL, 5, 0, 0, NULL) == -1, "find_bo in a NULL list of 5");

	struct gk_mem *m = gk_mem_create(0);
	CHECK(gk_mem_load(m, 0, NULL, NULL, &err) == -1 && err.message[0], "load with no reader");
	CHECK(gk_mem_load_file(m, 0, NULL, &err) == -1 && err.message[0], "load_file with no path");

	/* a region that ends at the last address, and none past it */
	CHECK(gk_mem_add_copy(m, UINT64_MAX - 4095, page, sizeof page, &err) == 0, "top region: %s", err.message);
	CHECK(gk_mem_declare(m, UINT64_MAX, 2, &err) == -1 && err.code == GK_D_OVERFLOW, "past 2^64: %s",
	      err.message);
	CHECK(gk_mem_declare(m, UINT64_MAX - 1, UINT64_MAX, &err) == -1 && err.code == GK_D_OVERFLOW,
	      "wrapping size: %s", err.message);
	/* (today the read stops before its first byte, done 0, rather than
	 * after the 2 bytes there are: either is within the header's word) */
	CHECK(gk_mem_read(m, UINT64_MAX - 1, buf, sizeof buf, &done, &err) == -1 && done <= 2 && err.message[0],
	      "read across 2^64: done %zu", done);
	CHECK(gk_mem_read(m, UINT64_MAX - 1, buf, 2, &done, &err) == 0 && done == 2, "the last 2 bytes");
	CHECK(gk_mem_write(m, UINT64_MAX - 1, buf, sizeof buf, &err) == -1, "write across 2^64");
	CHECK(gk_mem_write(m, UINT64_MAX, buf, 1, &err) == 0, "write the last byte");
	CHECK(gk_mem_span(m, UINT64_MAX, 1) != NULL && gk_mem_span(m, UINT64_MAX, 2) == NULL, "span at the top");
	CHECK(gk_mem_span(m, UINT64_MAX - 4095, SIZE_MAX) == NULL, "span of SIZE_MAX bytes");
	CHECK(gk_mem_find(m, UINT64_MAX, UINT64_MAX, &r) == 1 && r.base == UINT64_MAX - 4095, "find the top");
	CHECK(gk_mem_find(m, 0, UINT64_MAX, NULL) == 0, "find everything, no region wanted");
	long got = gk_mem_reader(m, UINT64_MAX - 1, NULL, SIZE_MAX);
	CHECK(got >= 0 && got <= 2, "reader at the top: %ld", got);
	CHECK(gk_mem_region_at(m, SIZE_MAX, &r) == -1 && gk_mem_region_at(m, 0, NULL) == 0, "region_at");
	gk_mem_destroy(m);

	/* the whole address space declared but its last byte */
	m = gk_mem_create(0);
	CHECK(gk_mem_declare(m, 0, UINT64_MAX, &err) == 0, "declare 2^64 - 1 bytes: %s", err.message);
	CHECK(gk_mem_declare(m, UINT64_MAX, 1, &err) == 0, "and the last byte: %s", err.message);
	CHECK(gk_mem_declare(m, 5, 1, &err) == -1 && err.code == GK_D_RANGE, "an overlap: %s", err.message);
	CHECK(gk_mem_count(m) == 2, "%zu regions", gk_mem_count(m));
	CHECK(gk_mem_read(m, 0, buf, 1, &done, &err) == -1 && done == 0, "declared bytes have no contents");
	gk_mem_destroy(m);

	/* a memory that may own 16 bytes: more is refused, an endless load ends */
	m = gk_mem_create(16);
	CHECK(gk_mem_add_copy(m, 0, page, 17, &err) == -1 && err.code == GK_D_LIMIT, "17 of 16 bytes: %s",
	      err.message);
	CHECK(gk_mem_load(m, 0x100, endless, NULL, &err) == -1 && err.code == GK_D_LIMIT, "endless load: %s",
	      err.message);
	CHECK(gk_mem_count(m) == 0, "nothing added");
	gk_mem_destroy(m);

	/* gk_diags_add: NULL container, NULL packet, NULL format */
	static struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	CHECK(gk_diags_add(NULL, NULL, GK_ERROR, GK_D_RANGE, -1, -1, -1, NULL, "x") == NULL, "no container");
	struct gk_diag *d = gk_diags_add(&dg, NULL, GK_ERROR, GK_D_RANGE, -1, -1, -1, NULL, NULL);
	CHECK(d && d->offset == 0 && !strcmp(d->packet, "PACKET") && !d->message[0] && dg.errors == 1,
	      "no packet, no format");

	/* extreme sizes with valid objects: errors, not crashes or huge allocations */
	CHECK(gk_input_create(gk_read_bytes, fx_bytes(), GK_IN_HEX, UINT_MAX) == NULL, "a unit of UINT_MAX bytes");
	struct gk_input *in = gk_input_create(gk_read_bytes, fx_bytes(), GK_IN_HEX, 4);
	CHECK(in && gk_input_fill(in, SIZE_MAX) == 2 && gk_input_skip(in, SIZE_MAX) == -1 && gk_input_avail(in) == 2,
	      "fill SIZE_MAX words of a 2-word input");
	gk_input_destroy(in);
	char *out = NULL;
	CHECK(gk_buffer_tile_info(0x0200000000000a01ull, 32, UINT32_MAX, UINT32_MAX, UINT32_MAX, &out) == -1 && out &&
		      strstr(out, "\"error\""),
	      "a surface of 2^96 elements: %s", out ? out : "(null)");
	gk_free(out);
	struct gk_tile_params p;
	struct gk_tile_surface ts;
	gk_tile_params_simple(&p, GK_TILE_1D, UINT_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX);
	CHECK(gk_tile_surface_init(&ts, &p) == -1, "a surface of UINT32_MAX cubed");
	memset(&err, 0, sizeof err);
	struct gk_engine *e = gk_engine_open(fx_long(), fx_long(), &err);
	CHECK(!e && err.message[0] && gk_diag_message_len(&err) < sizeof err.message, "70,000-byte names: '%.60s'",
	      err.message);
	gk_engine_close(e);
	fx_end_case();

	/* a NULL gk_out is a no-op (stream.h) */
	gk_json_uint(NULL, UINT64_MAX);
	gk_json_diags(d, 1, 1, NULL);
	CHECK(1, "json to NULL");
}

static void on_signal(int sig)
{
	static const char msg[] = "test_null_safety: signal in ";
	ssize_t r = write(2, msg, sizeof msg - 1);
	r = write(2, fx_func_name, strlen(fx_func_name));
	r = write(2, ", case: ", 8);
	r = write(2, fx_case_name, strlen(fx_case_name));
	r = write(2, "\n", 1);
	(void)r;
	_exit(128 + sig);
}

#if defined(__SANITIZE_ADDRESS__)
#define FX_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FX_ASAN 1
#endif
#endif

/* Name the function and case on a crash (the sanitizers' own handlers
 * report with a stack: they are left alone); a call that loops is a
 * failure, not a hang. */
static void watch(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
#ifndef FX_ASAN
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGFPE, &sa, NULL);
#endif
	sigaction(SIGALRM, &sa, NULL);
	alarm(120);
}

static void run(const struct nc_func *f)
{
	fx_func_name = f->name;
	f->run();
	CHECK(1, "%s", f->name);
}

static const struct nc_func *find(const char *name)
{
	for (size_t i = 0; i < sizeof nc_funcs / sizeof nc_funcs[0]; i++)
		if (!strcmp(nc_funcs[i].name, name))
			return &nc_funcs[i];
	return NULL;
}

/* --fork: each function in a child process of its own, so one run names
 * every function that crashes (slow under the sanitizers: a fork each). */
static void run_forked(const struct nc_func *f)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		CHECK(0, "fork: cannot run %s", f->name);
		return;
	}
	if (pid == 0) {
		watch();
		fx_func_name = f->name;
		f->run();
		exit(0); /* exit, not _exit: LeakSanitizer checks at exit */
	}
	int st = 0;
	while (waitpid(pid, &st, 0) < 0)
		;
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: %s %d (its output above names the case)", f->name,
	      WIFEXITED(st) ? "exit" : "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
}

int main(int argc, char **argv)
{
	(void)fx_release_cb; /* for gk_mem_add_lent, in the headers of the memory that lends */
	bool forked = argc > 1 && !strcmp(argv[1], "--fork");
	int first = forked ? 2 : 1;
	size_t n = sizeof nc_funcs / sizeof nc_funcs[0];
	CHECK(n > 150, "null_calls.h has %zu functions: the generator read the headers wrong", n);
	if (!forked)
		watch();
	if (argc == first)
		test_answers();
	if (argc > first) {
		for (int i = first; i < argc; i++) {
			const struct nc_func *f = find(argv[i]);
			CHECK(f != NULL, "no function %s in null_calls.h", argv[i]);
			if (f)
				forked ? run_forked(f) : run(f);
		}
		return tl_done();
	}
	for (size_t i = 0; i < n; i++)
		forked ? run_forked(&nc_funcs[i]) : run(&nc_funcs[i]);
	return tl_done();
}
