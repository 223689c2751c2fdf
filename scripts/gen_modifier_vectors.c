/* Writes tests/vectors/modifier_libdrm.txt: what libdrm says of a large,
 * systematic set of modifiers, so tests/modifier/test_modifier.c can compare
 * gfxkit's names with libdrm's without libdrm installed.
 *
 *   cc scripts/gen_modifier_vectors.c $(pkg-config --cflags --libs libdrm) -o /tmp/gen_mod
 *   /tmp/gen_mod > tests/vectors/modifier_libdrm.txt
 *
 * Lines: "name 0x<16 hex> <drmGetFormatModifierName or (null)>" and
 * "vendor <id> <drmGetFormatModifierVendor or (null)>".  The header line
 * records the libdrm version the vectors came from. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <xf86drm.h>

#ifndef LIBDRM_VERSION
#define LIBDRM_VERSION "unknown"
#endif

static unsigned long count;

static void name(uint64_t v)
{
	char *n = drmGetFormatModifierName(v);
	printf("name 0x%016llx %s\n", (unsigned long long)v, n ? n : "(null)");
	free(n);
	count++;
}

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1Dull;
}

#define AMD (2ull << 56)

int main(void)
{
	printf("# libdrm %s: drmGetFormatModifierName / drmGetFormatModifierVendor (scripts/gen_modifier_vectors.c)\n",
	       LIBDRM_VERSION);
	for (unsigned id = 0; id < 256; id++) {
		char *n = drmGetFormatModifierVendor((uint64_t)id << 56 | 1);
		printf("vendor %u %s\n", id, n ? n : "(null)");
		free(n);
	}
	name(0);
	name(0x00ffffffffffffffull);
	for (uint64_t ver = 0; ver < 8; ver++) {
		/* every tile x DCC, DCC_RETILE, DCC_PIPE_ALIGN x DCC_MAX_COMPRESSED_BLOCK */
		for (uint64_t tile = 0; tile < 32; tile++)
			for (uint64_t f = 0; f < 8; f++)
				for (uint64_t blk = 0; blk < 4; blk++)
					if (ver >= 1 && ver <= 3)
						name(AMD | ver | tile << 8 | f << 13 | blk << 18);
					else if (!f && !blk)
						name(AMD | ver | tile << 8);
		if (ver < 1 || ver > 3)
			continue;
		/* the other DCC flags on the tiles libdrm spells */
		static const uint64_t tiles[] = { 9, 10, 22, 25, 26, 27, 31 };
		for (unsigned t = 0; t < 7; t++)
			for (uint64_t f = 0; f < 256; f++)
				name(AMD | ver | tiles[t] << 8 | 1ull << 13 | (f & 7) << 14 | (f >> 3) << 16);
		/* each per-chip field through its values on the _X tiles, with
		 * DCC, DCC_RETILE and DCC_PIPE_ALIGN in every combination */
		for (uint64_t tile = 25; tile <= 27; tile++)
			for (uint64_t f = 0; f < 8; f++)
				for (unsigned sh = 21; sh <= 33; sh += 3)
					for (uint64_t x = 0; x < 8; x++)
						name(AMD | ver | tile << 8 | f << 13 | x << sh | (uint64_t)(sh == 21 ? 5 : 2) << 24);
	}
	/* random payloads: GFX9-GFX10_RBPLUS, then any version, then any vendor */
	uint64_t s = 0x4d6f646966696572ull;
	for (unsigned i = 0; i < 6000; i++) {
		uint64_t r = rnd(&s);
		uint64_t keep = (i & 1) ? 0x0000000fffffff00ull : 0x00ffffffffffff00ull;
		name(AMD | (r & keep) | (1 + (r >> 60) % 3));
	}
	for (unsigned i = 0; i < 1000; i++)
		name(AMD | (rnd(&s) & 0x00ffffffffffffffull));
	for (unsigned i = 0; i < 500; i++)
		name(rnd(&s) & 0x0fffffffffffffffull);
	fprintf(stderr, "%lu names\n", count);
	return 0;
}
