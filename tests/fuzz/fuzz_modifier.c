/* libFuzzer target for the DRM format modifier parser and printers
 * (make fuzz-modifier, FUZZ_SECONDS=60 by default).
 * The input is (a) a name: when it parses, the value's exact name must parse
 * back to the same value; and (b) its first 8 bytes a value: name, exact
 * name, check, describe and JSON must not crash, the exact name must parse
 * back, the JSON line must be valid JSON, and split/join must give the value
 * back; a GFX6-8 value's surface (sizes from the value's own bits) must be
 * computed or refused with an error, and print as valid JSON; and (c) the
 * modifier engine, one way an input (by its last byte): the input as a
 * binary stream of values decodes to valid JSON lines, or its lines as
 * assembler text give values whose decoded text assembles back to the same
 * values.  Any broken property traps. */
#include <stdint.h>
#include <string.h>

#include "gfxkit/check.h"
#include "gfxkit/engine.h"
#include "gfxkit/modifier.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN
#include "../jsoncheck.h"

static void value_props(uint64_t v)
{
	char name[GK_MOD_NAME_MAX], exact[GK_MOD_NAME_MAX], desc[1024];
	if (gk_modifier_name(v, name, sizeof name) >= sizeof name ||
	    gk_modifier_name_exact(v, exact, sizeof exact) >= sizeof exact)
		__builtin_trap();
	gk_modifier_describe(v, desc, sizeof desc);
	/* gk_diags_reset, not memset: the container is GK_MAX_DIAGS messages
	 * (tens of KiB) and clearing it whole four times an input was 6 % of
	 * the target's time; only its counts say what it holds */
	struct gk_diags dg;
	gk_diags_reset(&dg);
	gk_modifier_check(v, &dg);
	uint64_t back = ~v;
	gk_diags_reset(&dg);
	if (gk_modifier_parse(exact, strlen(exact), &back, &dg) != 0 || back != v)
		__builtin_trap();
	struct gk_modifier m;
	gk_modifier_split(v, &m);
	if (gk_modifier_join(&m, &back, NULL) != 0 || back != v)
		__builtin_trap();
	char buf[8192];
	struct gk_out o = { buf, 0, sizeof buf, NULL, NULL, 0, 0 };
	gk_modifier_json(v, &o);
	if (o.len >= sizeof buf || !json_line_ok(buf, o.len))
		__builtin_trap();
	/* the surface: sizes from a hash of the value (a valid GFX6-8 value has
	 * no spare bits): bpp 8 << (0..7) (5-7 refused), sizes 0 to past the limits */
	struct gk_tile_surface s;
	gk_diags_reset(&dg);
	uint64_t x = v * 0x9e3779b97f4a7c15ull;
	unsigned bpp = 8u << (x >> 61);
	uint32_t w = (uint32_t)(x >> 46) % 17000, h = (uint32_t)(x >> 30 & 0xffff) % 17000, d = (uint32_t)(x >> 18 & 0xfff) % 2100;
	int r = gk_modifier_surface(v, bpp, w, h, d, &s, &dg);
	if (r != 0 && !dg.errors)
		__builtin_trap();
	if (r == 0) {
		if (s.pitch < w || s.padded_height < h || s.surface_bytes < (uint64_t)w * h * d * (bpp / 8))
			__builtin_trap();
		o.len = 0;
		gk_modifier_json_surface(v, &s, &o);
		if (o.len >= sizeof buf || !json_line_ok(buf, o.len))
			__builtin_trap();
	}
}

struct fuzz_read {
	const uint8_t *p;
	size_t n;
};

static long fuzz_read(void *ctx, void *buf, size_t cap)
{
	struct fuzz_read *r = ctx;
	size_t k = r->n < cap ? r->n : cap;
	memcpy(buf, r->p, k);
	r->p += k;
	r->n -= k;
	return (long)k;
}

/* the engine over p as 8-byte units: text (to tb) or JSON lines; 0 or -1 */
static int engine_run(struct gk_engine *e, const uint8_t *p, size_t n, bool json, char *tb, size_t cap, size_t *len)
{
	struct fuzz_read r = { p, n };
	struct gk_input *in = gk_input_create(fuzz_read, &r, GK_IN_BIN, 8);
	struct gk_out o = { tb, 0, cap, NULL, NULL, 0, 0 };
	struct gk_stream_opts so = { .json = json, .json_flags = GK_JSON_TEXT };
	struct gk_stream_stats st;
	int rc = gk_stream_run(e, in, &so, &o, &st);
	gk_input_destroy(in);
	if (o.dropped)
		__builtin_trap(); /* 64 units at most (-max_len 512) */
	*len = o.len;
	return rc;
}

struct values {
	uint8_t b[8 * 1024];
	size_t n;
};

static int take(void *ctx, const uint32_t *w, size_t n)
{
	struct values *v = ctx;
	for (size_t i = 0; i < n && v->n + 4 <= sizeof v->b; i++)
		for (unsigned k = 0; k < 4; k++)
			v->b[v->n++] = (uint8_t)(w[i] >> 8 * k); /* little-endian, as the reader reads it */
	return 0;
}

static void assemble(struct gk_engine *e, const char *t, size_t n, struct values *v)
{
	struct gk_engine_asm *a = gk_engine_asm_open(e, take, v, NULL, NULL);
	for (size_t i = 0; a && i < n;) {
		const char *nl = memchr(t + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (t + i)) : n - i;
		gk_engine_asm_line(a, t + i, k);
		i += k + 1;
	}
	gk_engine_asm_finish(a);
	gk_engine_asm_close(a);
}

#define ENGINE_JSON_BYTES 128u

static void engine_props(const uint8_t *p, size_t n)
{
	static char tb[1 << 18];
	static struct values v1, v2;
	static struct gk_engine *e; /* const once open: kept, not opened per input */
	if (!e)
		e = gk_engine_open("modifier", "gfx9", NULL);
	if (!e)
		__builtin_trap();
	/* One way an input, by the last byte's parity (as fuzz_desc.h does
	 * for the packet engines; not the length's, which would give the
	 * binary run only streams that end in a partial unit): each way costs as much as all of value_props,
	 * and both every input held the rate near 2,700 inputs a second on a
	 * grown corpus.  The JSON run takes the first ENGINE_JSON_BYTES only:
	 * every unit prints a line of about 1 KiB that the harness parses,
	 * and 16 units reach every path of the printer. */
	size_t len;
	if (n && (p[n - 1] & 1)) {
		engine_run(e, p, n < ENGINE_JSON_BYTES ? n : ENGINE_JSON_BYTES, true, tb, sizeof tb, &len);
		for (size_t i = 0; i < len;) {
			const char *nl = memchr(tb + i, '\n', len - i);
			size_t k = nl ? (size_t)(nl - (tb + i)) + 1 : len - i; /* with its newline */
			if (!json_line_ok(tb + i, k))
				__builtin_trap();
			i += k;
		}
		return;
	}
	/* the input as text: what assembles decodes to text that assembles the same */
	v1.n = v2.n = 0;
	assemble(e, (const char *)p, n, &v1);
	if (v1.n % 8 || engine_run(e, v1.b, v1.n, false, tb, sizeof tb, &len) != 0)
		__builtin_trap();
	assemble(e, tb, len, &v2);
	if (v2.n != v1.n || memcmp(v1.b, v2.b, v1.n))
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	struct gk_diags dg;
	gk_diags_reset(&dg);
	uint64_t v;
	if (gk_modifier_parse((const char *)p, n, &v, &dg) == 0)
		value_props(v);
	if (n >= 8) {
		memcpy(&v, p, 8);
		value_props(v);
	}
	engine_props(p, n);
	return 0;
}

FUZZ_HARNESS_END
