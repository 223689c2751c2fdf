/* Writes tests/vectors/modifier_libdrm.txt: what libdrm says of a large,
 * systematic set of modifiers (AMD's fields, then every vendor's fixed
 * values and the fields of the parametric layouts: ARM AFBC and AFRC, NVIDIA
 * block linear, Amlogic FBC, Broadcom SAND), so tests/modifier/test_modifier.c
 * can compare gfxkit's names with libdrm's without libdrm installed.
 *
 *   cc scripts/gen_modifier_vectors.c $(pkg-config --cflags --libs libdrm) \
 *      -DLIBDRM_VERSION="\"$(pkg-config --modversion libdrm)\"" -o /tmp/gen_mod
 *   /tmp/gen_mod > tests/vectors/modifier_libdrm.txt
 *
 * Values may repeat across the sweeps (a fixed value is also a low payload);
 * the test reads every line.
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
#define NVIDIA (3ull << 56)
#define BROADCOM (7ull << 56)
#define ARM (8ull << 56)
#define AMLOGIC (10ull << 56)

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

	/* ---- the other vendors (drm_fourcc.h) ---- */
	/* every fixed value: the low payloads of every vendor but AMD, and of
	 * every ARM type (bits 55:52) */
	for (uint64_t id = 0; id <= 11; id++)
		for (uint64_t x = 0; x < 64; x++)
			if (id != 2)
				name(id << 56 | x);
	for (uint64_t type = 0; type < 16; type++)
		for (uint64_t x = 0; x < 64; x++)
			name(ARM | type << 52 | x);
	/* ... and each of them with one more bit set */
	for (uint64_t id = 0; id <= 10; id++)
		for (uint64_t x = 1; x <= 12; x++)
			for (unsigned b = 4; b < 56; b += 3)
				if (id != 2)
					name(id << 56 | x | 1ull << b);
	/* ARM AFBC: every block size with every mode bit alone and bits past
	 * them; every mode combination of the four block sizes */
	for (uint64_t blk = 0; blk < 16; blk++)
		for (unsigned b = 4; b < 52; b++)
			name(ARM | blk | 1ull << b);
	for (uint64_t blk = 1; blk <= 4; blk++)
		for (uint64_t mode = 0; mode < 512; mode++)
			name(ARM | blk | mode << 4);
	/* ARM AFRC: P0 x P12 x SCAN, and bits past them */
	for (uint64_t x = 0; x < 512; x++)
		name(ARM | 2ull << 52 | x);
	for (uint64_t x = 1; x <= 3; x++)
		for (unsigned b = 9; b < 52; b += 2)
			name(ARM | 2ull << 52 | x | 0x20 | 1ull << b);
	/* NVIDIA block linear: HEIGHT x GEN x SECTOR x COMPRESSION, every KIND,
	 * and each reserved bit (5-11, 26-55) with and without bit 4 */
	for (uint64_t h = 0; h < 16; h++)
		for (uint64_t g = 0; g < 4; g++)
			for (uint64_t sct = 0; sct < 2; sct++)
				for (uint64_t c = 0; c < 8; c++)
					name(NVIDIA | 0x10 | h | g << 20 | sct << 22 | c << 23);
	for (uint64_t k = 0; k < 256; k++)
		name(NVIDIA | 0x10 | 2 | k << 12 | 1ull << 22);
	for (unsigned b = 5; b < 56; b++)
		if (b < 12 || b > 25) {
			name(NVIDIA | 0x10 | 1ull << b);
			name(NVIDIA | 1ull << b);
		}
	/* Amlogic FBC: layouts 0-7 x every options byte, every layout byte
	 * with MEM_SAVING off and on, and bits past them */
	for (uint64_t layout = 0; layout < 8; layout++)
		for (uint64_t opt = 0; opt < 256; opt++)
			name(AMLOGIC | layout | opt << 8);
	for (uint64_t layout = 0; layout < 256; layout++)
		for (uint64_t opt = 0; opt < 2; opt++)
			name(AMLOGIC | layout | opt << 8);
	for (unsigned b = 16; b < 56; b++)
		name(AMLOGIC | 1 | 1ull << b);
	/* Broadcom: every type (bits 7:0) with SAND column heights (bits 55:8) */
	static const uint64_t heights[] = { 0, 1, 2, 3, 0x60, 0x80, 0xff, 0x100, 0x1000, 0xffff, 1ull << 40,
					    (1ull << 48) - 1 };
	for (uint64_t type = 0; type < 8; type++)
		for (unsigned h = 0; h < sizeof heights / sizeof heights[0]; h++)
			name(BROADCOM | type | heights[h] << 8);
	/* random payloads of each vendor: all 56 bits, then the low 28 */
	for (uint64_t id = 0; id <= 10; id++)
		for (unsigned i = 0; i < 400; i++)
			if (id != 2)
				name(id << 56 | (rnd(&s) & ((i & 1) ? 0x000000000fffffffull : 0x00ffffffffffffffull)));
	fprintf(stderr, "%lu names\n", count);
	return 0;
}
