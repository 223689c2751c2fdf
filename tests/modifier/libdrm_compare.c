/* Live comparison with the installed libdrm (built and run by
 * tests/cli/test_modifier.sh only when pkg-config finds libdrm):
 * gk_modifier_name() against drmGetFormatModifierName() for every vendor:
 * AMD over every value of bits 23:8 and every _X tile x DCC flags x
 * per-chip field value; the other vendors over their low 16 payload bits
 * (every ARM type) and the fields of ARM AFBC/AFRC, NVIDIA block linear and
 * Amlogic FBC; plus random values.  Where libdrm names a value gfxkit's name
 * must be libdrm's and say so (GK_MOD_NAME_LIBDRM); where libdrm returns
 * NULL gfxkit's must say it is gfxkit's.  Vendor names against
 * drmGetFormatModifierVendor() for all 256 vendor ids.  Prints the counts
 * and "# passed=N failed=M". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xf86drm.h>

#include "gfxkit/modifier.h"

static unsigned long long same, nulls, differ;

static void one(uint64_t v)
{
	char *want = drmGetFormatModifierName(v);
	char got[GK_MOD_NAME_MAX];
	gk_modifier_name(v, got, sizeof got);
	enum gk_mod_name_source src = gk_modifier_name_source(v, NULL);
	if (!want) {
		nulls++;
		if (src != GK_MOD_NAME_GFXKIT && differ++ < 10)
			printf("0x%016llx: libdrm (null), gfxkit %s (said to be libdrm's)\n", (unsigned long long)v, got);
	} else if (strcmp(want, got) || src != GK_MOD_NAME_LIBDRM) {
		if (differ++ < 10)
			printf("0x%016llx: libdrm %s\n                    gfxkit %s (source %d)\n", (unsigned long long)v,
			       want, got, (int)src);
	} else {
		same++;
	}
	free(want);
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1Dull;
}

int main(void)
{
	const uint64_t amd = 2ull << 56;
	unsigned vendor_bad = 0;
	for (unsigned id = 0; id < 256; id++) {
		char *want = drmGetFormatModifierVendor((uint64_t)id << 56);
		const char *got = gk_modifier_vendor_name((uint64_t)id << 56);
		if (want ? (!got || strcmp(want, got)) : got != NULL) {
			vendor_bad++;
			printf("vendor %u: libdrm %s, gfxkit %s\n", id, want ? want : "(null)", got ? got : "(null)");
		}
		free(want);
	}
	one(GK_MOD_LINEAR);
	one(GK_MOD_INVALID);
	for (uint64_t ver = 0; ver < 8; ver++)
		for (uint64_t x = 0; x < (1u << 16); x++)
			if ((ver >= 1 && ver <= 3) || !(x & 0xff00))
				one(amd | ver | x << 8);
	for (uint64_t ver = 1; ver <= 3; ver++)
		for (uint64_t tile = 25; tile <= 27; tile++)
			for (uint64_t f = 0; f < 8; f++)
				for (uint64_t x = 0; x < (1u << (ver == 1 ? 15 : 12)); x++)
					one(amd | ver | tile << 8 | f << 13 | x << 21);
	/* the other vendors: low payloads, every ARM type, the layouts' fields */
	for (uint64_t id = 0; id < 12; id++)
		for (uint64_t x = 0; x < (1u << 16); x++)
			if (id != 2)
				one(id << 56 | x);
	for (uint64_t type = 0; type < 16; type++)
		for (uint64_t x = 0; x < (1u << 14); x++)
			one(8ull << 56 | type << 52 | x);
	for (uint64_t x = 0; x < (1u << 22); x++)
		one(3ull << 56 | 0x10 | (x & 0xf) | (x >> 4) << 12);
	uint64_t s = 0x6c6962646d6c6976ull;
	for (unsigned i = 0; i < 1000000; i++) {
		uint64_t r = rnd(&s);
		if (i % 4 == 3)
			one(r);
		else
			one(amd | (r & 0x00ffffffffffff00ull) | (i % 4 == 2 ? r >> 56 & 7 : 1 + (r >> 60) % 3));
	}
	printf("# libdrm live: %llu names equal to libdrm's, %llu values libdrm does not name, %llu differ; "
	       "%u of 256 vendor ids differ\n", same, nulls, differ, vendor_bad);
	printf("# passed=%d failed=%d\n", 2 - !!differ - !!vendor_bad, !!differ + !!vendor_bad);
	return differ || vendor_bad;
}
