/* libFuzzer target for the DRM format modifier parser and printers
 * (make fuzz-modifier, FUZZ_SECONDS=60 by default).
 * The input is (a) a name: when it parses, the value's exact name must parse
 * back to the same value; and (b) its first 8 bytes a value: name, exact
 * name, check, describe and JSON must not crash, the exact name must parse
 * back, the JSON line must be valid JSON, and split/join must give the value
 * back; a GFX6-8 value's surface (sizes from the value's own bits) must be
 * computed or refused with an error, and print as valid JSON.  Any broken
 * property traps. */
#include <stdint.h>
#include <string.h>

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
	struct gk_mod_diags dg;
	memset(&dg, 0, sizeof dg);
	gk_modifier_check(v, &dg);
	uint64_t back = ~v;
	memset(&dg, 0, sizeof dg);
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
	memset(&dg, 0, sizeof dg);
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

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	struct gk_mod_diags dg;
	memset(&dg, 0, sizeof dg);
	uint64_t v;
	if (gk_modifier_parse((const char *)p, n, &v, &dg) == 0)
		value_props(v);
	if (n >= 8) {
		memcpy(&v, p, 8);
		value_props(v);
	}
	return 0;
}

FUZZ_HARNESS_END
