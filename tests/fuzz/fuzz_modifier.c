/* libFuzzer target for the DRM format modifier parser and printers:
 *   clang -Iinclude -Isrc -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined \
 *     tests/fuzz/fuzz_modifier.c src/modifier/modifier.c src/modifier/modifier_tab.c \
 *     src/core/desc.c src/core/out.c -o fuzz_modifier
 * The input is (a) a name: when it parses, the value's exact name must parse
 * back to the same value; and (b) its first 8 bytes a value: name, exact
 * name, check, describe and JSON must not crash, the exact name must parse
 * back, the JSON line must be valid JSON, and split/join must give the value
 * back.  Any broken property traps. */
#include <stdint.h>
#include <string.h>

#include "gfxkit/modifier.h"
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
	struct gk_out o = { buf, 0, sizeof buf, NULL, NULL, 0 };
	gk_modifier_json(v, &o);
	if (o.len >= sizeof buf || !json_line_ok(buf, o.len))
		__builtin_trap();
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
