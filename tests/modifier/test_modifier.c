/* DRM format modifiers (seed 004): names against libdrm's (committed
 * vectors from scripts/gen_modifier_vectors.c), the GFX6-8 space
 * exhaustively, random values through name -> parse, every validation rule
 * and parse error, the lists and counts, the tile split formula, JSON, and
 * the table's soundness. */
#include <stdint.h>

#include "gfxkit/modifier.h"
#include "modifier/modifier_tab.h"
#include "jsoncheck.h"
#include "testlib.h"

#if defined(__SANITIZE_ADDRESS__)
#define SLOW 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLOW 1
#endif
#endif
#ifndef SLOW
#define SLOW 0
#endif

#define AMD (2ull << 56)

/* v's name by one of the namers, in a static buffer */
static const char *named(size_t (*namer)(uint64_t, char *, size_t), uint64_t v)
{
	static char buf[GK_MOD_NAME_MAX];
	return namer(v, buf, sizeof buf) >= sizeof buf ? "(too long)" : buf;
}

static const char *name_of(uint64_t v)
{
	return named(gk_modifier_name, v);
}

static const char *exact_of(uint64_t v)
{
	return named(gk_modifier_name_exact, v);
}

static int parse(const char *s, uint64_t *v)
{
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	return gk_modifier_parse(s, strlen(s), v, &dg);
}

/* exact name parses back to the value; split/join too */
static int round_trips(uint64_t v)
{
	uint64_t back = ~v;
	if (parse(exact_of(v), &back) != 0 || back != v)
		return 0;
	struct gk_modifier m;
	gk_modifier_split(v, &m);
	uint64_t j = ~v;
	if (gk_modifier_join(&m, &j, NULL) != 0 || j != v)
		return 0;
	return 1;
}

/* ---- libdrm vectors ---- */

/* Every vector: where libdrm names the value gfxkit's name is libdrm's,
 * byte for byte, and says so (GK_MOD_NAME_LIBDRM); where libdrm returns
 * NULL gfxkit's name says it is gfxkit's (with a note) and is never one
 * libdrm gives another value.  Every value's exact name parses back to it,
 * and libdrm's name parses to a value with that name (unless two vendors
 * share it: then the parser asks for the vendor). */
static void test_libdrm_vectors(void)
{
	FILE *f = fopen("tests/vectors/modifier_libdrm.txt", "r");
	CHECK(f != NULL, "tests/vectors/modifier_libdrm.txt missing (run from the repository root)");
	if (!f)
		return;
	char line[1024];
	unsigned names = 0, amd = 0, others = 0, bad = 0, vendors = 0, vbad = 0, nulls = 0, rt_bad = 0;
	unsigned per_vendor[256] = { 0 }, gfx6 = 0;
	while (fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		if (n && line[n - 1] == '\n')
			line[--n] = 0;
		if (!strncmp(line, "vendor ", 7)) {
			unsigned id = 0;
			char want[64];
			if (sscanf(line + 7, "%u %63s", &id, want) != 2)
				continue;
			const char *got = gk_modifier_vendor_name((uint64_t)id << 56);
			if (!strcmp(want, "(null)") ? got != NULL : (!got || strcmp(got, want))) {
				if (vbad++ < 5)
					printf("vendor %u: libdrm %s, gfxkit %s\n", id, want, got ? got : "(null)");
			}
			vendors++;
			continue;
		}
		if (strncmp(line, "name 0x", 7))
			continue;
		char *end;
		uint64_t v = strtoull(line + 5, &end, 16);
		const char *want = end + 1;
		names++;
		if (!round_trips(v) && rt_bad++ < 5)
			printf("round trip: 0x%016llx -> %s\n", (unsigned long long)v, exact_of(v));
		const char *note = "unset";
		enum gk_mod_name_source src = gk_modifier_name_source(v, &note);
		if (!strcmp(want, "(null)")) {
			nulls++;
			gfx6 += (v >> 56) == 2 && (v & 0xff) == 0;
			if ((src != GK_MOD_NAME_GFXKIT || !note || !strstr(note, "libdrm 2.4.114 has no")) && bad++ < 5)
				printf("libdrm has no name for 0x%016llx, gfxkit: %s (source %d, note %s)\n",
				       (unsigned long long)v, name_of(v), (int)src, note ? note : "(null)");
			continue;
		}
		per_vendor[v >> 56]++;
		if ((v >> 56) == 2)
			amd++;
		else
			others++;
		if ((strcmp(name_of(v), want) || src != GK_MOD_NAME_LIBDRM || note) && bad++ < 5)
			printf("0x%016llx: libdrm %s\n                    gfxkit %s (source %d)\n", (unsigned long long)v,
			       want, name_of(v), (int)src);
		/* libdrm's name parses: to the value when the name leaves no set
		 * bit out, and (other vendors) to a value with that name (an AMD
		 * name may leave out a DCC_MAX_COMPRESSED_BLOCK that is not 0) */
		uint64_t back = ~v;
		int shared = !strcmp(want, "TILED");
		if (parse(want, &back) != 0) {
			if (!shared && bad++ < 5)
				printf("libdrm name %s does not parse\n", want);
		} else if (shared && bad++ < 5) {
			printf("%s parses although two vendors spell it\n", want);
		} else if ((((v >> 56) != 2 && strcmp(name_of(back), want)) || (!strcmp(exact_of(v), want) && back != v)) &&
			   bad++ < 5) {
			printf("libdrm name %s parses to 0x%016llx\n", want, (unsigned long long)back);
		}
	}
	fclose(f);
	CHECK(names > 30000, "only %u names in the vectors", names);
	CHECK(amd > 10000, "only %u AMD names", amd);
	CHECK(others > 7000, "only %u other vendors' names", others);
	/* every vendor libdrm names has vectors named */
	static const unsigned named_vendors[] = { 0, 1, 3, 4, 5, 6, 7, 8, 9, 10 };
	for (unsigned i = 0; i < sizeof named_vendors / sizeof named_vendors[0]; i++)
		CHECK(per_vendor[named_vendors[i]] > 0, "no vector libdrm names of vendor %u", named_vendors[i]);
	CHECK(nulls > 5000 && gfx6 > 30, "only %u values libdrm does not name (%u GFX6-8)", nulls, gfx6);
	CHECK(bad == 0, "%u names differ from libdrm 2.4.114", bad);
	CHECK(rt_bad == 0, "%u vector values do not round-trip", rt_bad);
	CHECK(vendors == 256 && vbad == 0, "%u vendor ids, %u differ", vendors, vbad);
	printf("# libdrm vectors: %u AMD and %u other vendors' names equal to libdrm's, %u values libdrm does not "
	       "name (gfxkit's names, said so), %u vendor ids\n", amd, others, nulls, vendors);
}

/* ---- GFX6-8 ---- */

struct enum_ctx {
	unsigned n, invalid, not_rt, not_exact, json_bad, dcc;
	unsigned char seen[32 * 8 * 256 / 8];
	unsigned distinct;
	uint64_t last;
};

static int each_valid(void *p, uint64_t v)
{
	struct enum_ctx *c = p;
	c->n++;
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	gk_modifier_check(v, &dg);
	if ((dg.errors || dg.warnings) && c->invalid++ < 3)
		printf("list --all gave 0x%016llx %s: %s\n", (unsigned long long)v, name_of(v), dg.d[0].message);
	uint64_t back;
	if ((parse(name_of(v), &back) != 0 || back != v) && c->not_rt++ < 3)
		printf("0x%016llx %s does not parse back\n", (unsigned long long)v, name_of(v));
	if (strcmp(name_of(v), exact_of(v)))
		c->not_exact++;
	uint64_t tile = 0, dcc = 0, f[6];
	gk_modifier_field(v, "TILE", &tile);
	gk_modifier_field(v, "DCC", &dcc);
	c->dcc += (unsigned)dcc;
	static const char *const macro[6] = { "PIPE_CONFIG", "TILE_SPLIT", "BANK_WIDTH", "BANK_HEIGHT",
					      "MACRO_TILE_ASPECT", "NUM_BANKS" };
	if (tile == GK_MOD_GFX6_2D_TILED_THIN1) {
		for (unsigned i = 0; i < 6; i++)
			gk_modifier_field(v, macro[i], &f[i]);
		unsigned k = (unsigned)(((f[0] * 8 + f[1]) << 8) | f[2] << 6 | f[3] << 4 | f[4] << 2 | f[5]);
		if (!(c->seen[k >> 3] >> (k & 7) & 1)) {
			c->seen[k >> 3] |= (unsigned char)(1u << (k & 7));
			c->distinct++;
		}
	}
	if ((c->n & 1023) == 1) {
		char buf[4096];
		struct gk_out o = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
		gk_modifier_json(v, &o);
		if (!json_line_ok(buf, o.len))
			c->json_bad++;
	}
	c->last = v;
	return 0;
}

static void test_gfx6_enumerate(void)
{
	static const unsigned want[3] = { 50179, 50179, 75267 };
	for (unsigned gfx = 6; gfx <= 8; gfx++) {
		struct enum_ctx *c = calloc(1, sizeof *c);
		uint64_t n = gk_modifier_enumerate(gfx, each_valid, c);
		CHECK(n == want[gfx - 6] && c->n == n, "gfx%u: %llu modifiers, want %u", gfx, (unsigned long long)n,
		      want[gfx - 6]);
		/* seed 004: "All possible parameters (25088 permutations)" */
		CHECK(c->distinct == 25088, "gfx%u: %u distinct macro-tile parameter sets", gfx, c->distinct);
		CHECK(c->invalid == 0 && c->not_rt == 0 && c->not_exact == 0 && c->json_bad == 0,
		      "gfx%u: %u invalid, %u not round-trip, %u lossy names, %u bad JSON", gfx, c->invalid, c->not_rt,
		      c->not_exact, c->json_bad);
		CHECK(c->dcc == (gfx == 8 ? 25088u : 0u), "gfx%u: %u DCC modifiers", gfx, c->dcc);
		CHECK(c->last == GK_MOD_LINEAR, "gfx%u: the list ends with LINEAR", gfx);
		free(c);
	}
	CHECK(gk_modifier_enumerate(5, each_valid, NULL) == 0 && gk_modifier_enumerate(9, each_valid, NULL) == 0,
	      "only GFX6-8");
}

/* The raw GFX6-8 field space (bits 32:8: TILE, DCC and the seed's fields),
 * reserved values included: name -> parse gives the value back.  By default
 * every TILE x DCC x MICROTILE x PIPE_CONFIG x TILE_SPLIT combination with
 * the low macro fields (BANK_WIDTH, BANK_HEIGHT, MACRO_TILE_ASPECT,
 * NUM_BANKS) cycling through all 256 of their combinations; GK_EXHAUSTIVE=1
 * walks all 2^25 values (about a minute). */
static void test_gfx6_exhaustive(void)
{
	unsigned bad = 0, errors = 0, n = 0;
	int all = getenv("GK_EXHAUSTIVE") && !strcmp(getenv("GK_EXHAUSTIVE"), "1");
	uint64_t step = SLOW ? 13 : 1;
	uint64_t top = all ? 1ull << 25 : 1ull << 17;
	for (uint64_t k = 0; k < top; k += step) {
		/* k: the 17 high field bits (TILE..TILE_SPLIT), low macro bits cycle */
		uint64_t x = all ? k : (k << 8 | ((k * 37 + (k >> 8)) & 0xff));
		/* bits 32:8 are TILE 12:8, DCC 13, MICROTILE 16:14, PIPE_CONFIG 21:17,
		 * TILE_SPLIT 24:22 and the 8 macro bits 32:25 */
		uint64_t v = all ? (AMD | x << 8)
				 : (AMD | (x >> 8 & 0x1ffff) << 8 | (x & 0xff) << 25);
		n++;
		if (!round_trips(v) && bad++ < 5)
			printf("GFX6 0x%016llx -> %s\n", (unsigned long long)v, exact_of(v));
		if (!(k & 0xff)) {
			struct gk_diags dg;
			memset(&dg, 0, sizeof dg);
			gk_modifier_check(v, &dg);
			errors += dg.errors != 0;
		}
		/* GFX6-8 names are never lossy */
		if (!(k & 0x3f) && strcmp(name_of(v), exact_of(v)) && bad++ < 5)
			printf("GFX6 name lossy: %s vs %s\n", name_of(v), exact_of(v));
	}
	CHECK(bad == 0, "%u of %u GFX6-8 values do not round-trip", bad, n);
	CHECK(errors > 0, "the GFX6-8 space has invalid values");
	printf("# GFX6-8 space: %u values (bits 32:8%s) through name -> parse\n", n, all ? ", all" : "");
}

static void test_gfx6_names(void)
{
	/* hand-computed from seed 004's bit table: TILE 4 << 8, MICROTILE 1 << 14,
	 * PIPE_CONFIG 0xc << 17, TILE_SPLIT 5 << 22, BANK_HEIGHT 1 << 27,
	 * MACRO_TILE_ASPECT 1 << 29, NUM_BANKS 3 << 31 */
	const uint64_t v = 0x02000001a9584400ull;
	const char *want = "GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,PIPE_CONFIG=P8_32x32_16x16,TILE_SPLIT=2KB,"
			   "BANK_WIDTH=1,BANK_HEIGHT=2,MACRO_TILE_ASPECT=4:1,NUM_BANKS=16";
	CHECK(!strcmp(name_of(v), want), "got %s", name_of(v));
	uint64_t back = 0;
	CHECK(parse(want, &back) == 0 && back == v, "parse gave 0x%016llx", (unsigned long long)back);
	static const struct { const char *f; uint64_t raw; } fields[] = {
		{ "VENDOR", 2 }, { "TILE_VERSION", 0 }, { "TILE", 4 }, { "DCC", 0 }, { "MICROTILE", 1 },
		{ "PIPE_CONFIG", 0xc }, { "TILE_SPLIT", 5 }, { "BANK_WIDTH", 0 }, { "BANK_HEIGHT", 1 },
		{ "MACRO_TILE_ASPECT", 1 }, { "NUM_BANKS", 3 },
	};
	for (unsigned i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		uint64_t raw = 99;
		CHECK(gk_modifier_field(v, fields[i].f, &raw) == 0 && raw == fields[i].raw, "%s = %llu", fields[i].f,
		      (unsigned long long)raw);
	}
	uint64_t raw;
	CHECK(gk_modifier_field(v, "DCC_RETILE", &raw) == -1, "GFX6-8 has no DCC_RETILE");
	CHECK(gk_modifier_field(v, "NOPE", &raw) == -1, "unknown field");
	CHECK(gk_modifier_field(0x0100000000000001ull, "TILE", &raw) == -1, "Intel has no TILE");
	CHECK(gk_modifier_field(AMD | 1, "MICROTILE", &raw) == -1, "GFX9 has no MICROTILE");
	CHECK(gk_modifier_field(AMD | 1 | 7ull << 24, "BANK_XOR_BITS", &raw) == 0 && raw == 7, "BANK_XOR_BITS");
	CHECK(gk_modifier_field(AMD | 7ull << 31, "NUM_BANKS", &raw) == 0 && raw == 3, "NUM_BANKS crosses bit 32");
	CHECK(gk_modifier_field(AMD | 1 | 7ull << 30, "RB", &raw) == 0 && raw == 7, "RB crosses bit 32");

	/* every value name of every GFX6-8 field: name -> value -> name */
	static const struct { const char *f; const char *names[8]; uint64_t shift; } vals[] = {
		{ "MICROTILE", { "DISPLAY", "THIN" }, 14 },
		{ "TILE_SPLIT", { "64B", "128B", "256B", "512B", "1KB", "2KB", "4KB" }, 22 },
		{ "BANK_WIDTH", { "1", "2", "4", "8" }, 25 },
		{ "BANK_HEIGHT", { "1", "2", "4", "8" }, 27 },
		{ "MACRO_TILE_ASPECT", { "1:1", "4:1", "16:1", "64:1" }, 29 },
		{ "NUM_BANKS", { "2", "4", "8", "16" }, 31 },
	};
	for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++)
		for (uint64_t k = 0; k < 8 && vals[i].names[k]; k++) {
			char nm[256];
			snprintf(nm, sizeof nm, "GFX6,GFX6_2D_TILED_THIN1,%s=%s", vals[i].f, vals[i].names[k]);
			uint64_t got = 0;
			CHECK(parse(nm, &got) == 0 && got == (AMD | 4 << 8 | k << vals[i].shift), "%s -> 0x%016llx", nm,
			      (unsigned long long)got);
			char key[64];
			snprintf(key, sizeof key, ",%s=%s,", vals[i].f, vals[i].names[k]);
			char full[GK_MOD_NAME_MAX + 2];
			snprintf(full, sizeof full, "%s,", name_of(got));
			CHECK(strstr(full, key) != NULL, "%s not in %s", key, full);
		}
	static const char *const pcs[] = { "P2", "P4_8x16", "P4_16x16", "P4_16x32", "P4_32x32", "P8_16x16_8x16",
					   "P8_16x32_8x16", "P8_32x32_8x16", "P8_16x32_16x16", "P8_32x32_16x16",
					   "P8_32x32_16x32", "P8_32x64_32x32", "P16_32x32_8x16", "P16_32x32_16x16" };
	static const unsigned pcv[] = { 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17 };
	for (unsigned i = 0; i < 14; i++) {
		char nm[128];
		snprintf(nm, sizeof nm, "GFX6,GFX6_2D_TILED_THIN1,PIPE_CONFIG=%s", pcs[i]);
		uint64_t got = 0;
		CHECK(parse(nm, &got) == 0 && got == (AMD | 4 << 8 | (uint64_t)pcv[i] << 17), "%s", nm);
		CHECK(strstr(name_of(got), pcs[i]) != NULL, "%s", name_of(got));
	}
	/* 1D: only MICROTILE */
	CHECK(!strcmp(name_of(AMD | 2 << 8 | 1 << 14), "GFX6,GFX6_1D_TILED_THIN1,MICROTILE=THIN"), "%s",
	      name_of(AMD | 2 << 8 | 1 << 14));
	CHECK(!strcmp(name_of(AMD | 4 << 8 | 1 << 13 | 1 << 14),
		      "GFX6,GFX6_2D_TILED_THIN1,DCC,MICROTILE=THIN,PIPE_CONFIG=P2,TILE_SPLIT=64B,BANK_WIDTH=1,"
		      "BANK_HEIGHT=1,MACRO_TILE_ASPECT=1:1,NUM_BANKS=2"),
	      "%s", name_of(AMD | 4 << 8 | 1 << 13 | 1 << 14));
	/* reserved values are spelled as numbers and parse back */
	CHECK(!strcmp(name_of(AMD | 4 << 8 | 3ull << 17 | 7ull << 22 | 5 << 14),
		      "GFX6,GFX6_2D_TILED_THIN1,MICROTILE=5,PIPE_CONFIG=3,TILE_SPLIT=7,BANK_WIDTH=1,BANK_HEIGHT=1,"
		      "MACRO_TILE_ASPECT=1:1,NUM_BANKS=2"),
	      "%s", name_of(AMD | 4 << 8 | 3ull << 17 | 7ull << 22 | 5 << 14));
}

/* ---- GFX9+ and others ---- */

static void test_gfx9_names(void)
{
	static const struct { uint64_t v; const char *name; const char *exact; } t[] = {
		{ 0x0200000000000a01ull, "GFX9,GFX9_64K_D", NULL },
		{ 0x0000000000000000ull, "LINEAR", NULL },
		{ 0x00ffffffffffffffull, "INVALID", NULL },
		{ AMD | 1 | 27 << 8 | 1 << 13 | 1 << 14 | 1 << 15, /* PIPE_ALIGN hidden by RETILE */
		  "GFX9,GFX9_64K_R_X,DCC,DCC_RETILE,DCC_MAX_COMPRESSED_BLOCK=64B,PIPE_XOR_BITS=0,BANK_XOR_BITS=0,RB=0,PIPE_0",
		  "GFX9,GFX9_64K_R_X,DCC,DCC_RETILE,DCC_MAX_COMPRESSED_BLOCK=64B,PIPE_XOR_BITS=0,BANK_XOR_BITS=0,RB=0,PIPE_0,"
		  "DCC_PIPE_ALIGN" },
		{ AMD | 2 | 10 << 8 | 3 << 21, "GFX10,GFX9_64K_D", "GFX10,GFX9_64K_D,PIPE_XOR_BITS=3" },
		{ AMD | 1 | 1ull << 40, "GFX9", "GFX9,RESERVED=0x10000000000" },
		{ AMD | 4 | 31 << 8 | 2 << 21 | 1ull << 27, "GFX11,GFX11_256K_R_X,PIPE_XOR_BITS=2,PACKERS=1", NULL },
		{ AMD | 4 | 10 << 8 | 2 << 21, "GFX11,GFX9_64K_D,PIPE_XOR_BITS=2", NULL },
		{ AMD | 5 | 4 << 8 | 1 << 13 | 1 << 18, "GFX12,GFX12_256K_2D,DCC,DCC_MAX_COMPRESSED_BLOCK=128B", NULL },
		{ AMD | 5 | 2 << 8 | 1 << 24, "GFX12,GFX12_4K_2D,BANK_XOR_BITS=1", NULL },
		{ AMD | 9 | 3 << 8 | 1 << 13 | 1 << 20, "TILE_VERSION=9,TILE=3,DCC,RESERVED=0x100000", NULL },
		{ 0x0100000000000002ull, "Y_TILED", NULL },
		{ 0x010000000000000dull, "INTEL,0xd", NULL },
		{ 0x0300000000000001ull, "TEGRA_TILED", NULL },
		{ 0x0300000000000012ull, "BLOCK_LINEAR_2D,HEIGHT=2,KIND=0,GEN=0,SECTOR=0,COMPRESSION=0", NULL },
		{ 0x0300000001ed5013ull | 1ull << 40, "BLOCK_LINEAR_2D,HEIGHT=3,KIND=213,GEN=2,SECTOR=1,COMPRESSION=3",
		  "BLOCK_LINEAR_2D,HEIGHT=3,KIND=213,GEN=2,SECTOR=1,COMPRESSION=3,RESERVED=0x10000000000" },
		{ 0x0300000000000002ull, "NVIDIA,0x2", NULL },
		{ 0x0600000000000001ull, "TILED", "VIVANTE,TILED" },
		{ 0x0900000000000001ull, "TILED", "ALLWINNER,TILED" },
		{ 0x0700000000000004ull, "SAND128", NULL },
		{ 0x0700000000006004ull, "BROADCOM,0x6004", NULL }, /* SAND128, column height 0x60 */
		{ 0x0800000000000001ull, "BLOCK_SIZE=16x16,", NULL },
		{ 0x0800000000000001ull | 1 << 20, "BLOCK_SIZE=16x16,", "BLOCK_SIZE=16x16,RESERVED=0x100000" },
		{ 0x0800000000000172ull, "BLOCK_SIZE=32x8,MODE=YTR|SPLIT|SPARSE|TILED", NULL },
		{ 0x0800000000000005ull, "ARM,0x5", NULL },
		{ 0x0820000000000121ull, "P0=CU_16,P12=CU_24,SCAN", NULL },
		{ 0x0820000000000051ull, "P0=CU_16,ROT", "P0=CU_16,ROT,RESERVED=0x50" },
		{ 0x0810000000000001ull, "16X16_BLOCK_U_INTERLEAVED", NULL },
		{ 0x0a00000000000102ull, "FBC,LAYOUT=SCATTER,OPTIONS=MEM_SAVING", NULL },
		{ 0x0a00000000000007ull, "FBC,LAYOUT=INVALID_LAYOUT,OPTIONS=0", "FBC,LAYOUT=INVALID_LAYOUT,OPTIONS=0,RESERVED=0x7" },
		{ 0x0001000000000000ull, "NONE,0x1000000000000", NULL },
		{ 0xff00000000000000ull, "VENDOR=0xff,0x0", NULL },
	};
	for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
		CHECK(!strcmp(name_of(t[i].v), t[i].name), "0x%016llx: %s, want %s", (unsigned long long)t[i].v,
		      name_of(t[i].v), t[i].name);
		const char *ex = t[i].exact ? t[i].exact : t[i].name;
		CHECK(!strcmp(exact_of(t[i].v), ex), "0x%016llx exact: %s, want %s", (unsigned long long)t[i].v,
		      exact_of(t[i].v), ex);
		uint64_t back = 0;
		CHECK(parse(ex, &back) == 0 && back == t[i].v, "%s -> 0x%016llx", ex, (unsigned long long)back);
	}
	/* whose name: libdrm's, or gfxkit's with a note saying on what it rests */
	static const struct { uint64_t v; enum gk_mod_name_source src; const char *in_note; } ns[] = {
		{ 0x0200000000000a01ull, GK_MOD_NAME_LIBDRM, NULL },
		{ 0x02000001a9580400ull, GK_MOD_NAME_GFXKIT, "AMD DRM format modifiers for GFX6-8" },
		{ 0x0200000000000a04ull, GK_MOD_NAME_GFXKIT, "this TILE_VERSION" },
		{ 0x0200000000000009ull, GK_MOD_NAME_GFXKIT, "unknown TILE_VERSION" },
		{ 0x0100000000000001ull, GK_MOD_NAME_LIBDRM, NULL },
		{ 0x010000000000000dull, GK_MOD_NAME_GFXKIT, "vendor and payload" },
		{ 0x0800000000000005ull, GK_MOD_NAME_GFXKIT, "vendor and payload" },
		{ 0x0a00000000ff0007ull, GK_MOD_NAME_LIBDRM, NULL },
		{ GK_MOD_LINEAR, GK_MOD_NAME_LIBDRM, NULL },
		{ 0x0b00000000000001ull, GK_MOD_NAME_GFXKIT, "vendor and payload" },
	};
	for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		const char *note = "unset";
		enum gk_mod_name_source src = gk_modifier_name_source(ns[i].v, &note);
		CHECK(src == ns[i].src && (ns[i].in_note ? note && strstr(note, ns[i].in_note) : !note),
		      "0x%016llx: source %d, note %s", (unsigned long long)ns[i].v, (int)src, note ? note : "(null)");
		CHECK(gk_modifier_name_source(ns[i].v, NULL) == ns[i].src, "source without a note");
	}
	CHECK(!strcmp(gk_modifier_vendor_name(0x0200000000000a01ull), "AMD"), "vendor");
	CHECK(gk_modifier_vendor_name(0x0b00000000000000ull) == NULL, "vendor 0x0b is unknown");
	/* other spellings the parser takes */
	static const struct { const char *s; uint64_t v; } p[] = {
		{ "0x0200000000000a01", 0x0200000000000a01ull },
		{ "144115188075858433", 0x0200000000000a01ull },
		{ "GFX9,TILE=GFX9_64K_D", 0x0200000000000a01ull },
		{ "GFX9,GFX9_64K_R_X,PIPE=3,DCC=1", AMD | 1 | 27 << 8 | 3ull << 33 | 1 << 13 },
		{ "TILE_VERSION=1,GFX9_64K_D", 0x0200000000000a01ull },
		{ "GFX6,GFX6_2D_TILED_THIN1,NUM_BANKS=16,BANK_WIDTH=8", AMD | 4 << 8 | 3ull << 31 | 3ull << 25 },
		{ "AMD,0x5", AMD | 5 },
		{ "VENDOR=11,0x7", 0x0b00000000000007ull },
		{ "GFX9,DCC_MAX_COMPRESSED_BLOCK=3", AMD | 1 | 3 << 18 },
		{ "INTEL,X_TILED", 0x0100000000000001ull },
		{ "16BX2_BLOCK_FOUR_GOB", 0x0300000000000012ull },
		{ "BLOCK_LINEAR_2D,KIND=254,HEIGHT=4", 0x03000000000fe014ull },
		{ "BLOCK_SIZE=16x16,MODE=SPLIT|YTR", 0x0800000000000031ull },
		{ "P0=CU_32", 0x0820000000000003ull },
		{ "FBC,OPTIONS=MEM_SAVING,LAYOUT=BASIC", 0x0a00000000000101ull },
	};
	for (unsigned i = 0; i < sizeof p / sizeof p[0]; i++) {
		uint64_t got = 0;
		CHECK(parse(p[i].s, &got) == 0 && got == p[i].v, "%s -> 0x%016llx", p[i].s, (unsigned long long)got);
	}
}

static void test_random(void)
{
	uint64_t s = 0x6d6f646966696572ull;
	unsigned bad = 0, n = SLOW ? 20000 : 300000, json_bad = 0, fld_bad = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t r = tl_rand(&s);
		/* mostly AMD with a small version, sometimes anything */
		uint64_t v = (i % 8 == 7) ? r : (AMD | (r & 0x00ffffffffffff00ull) | (r >> 61) % 6);
		if (!round_trips(v) && bad++ < 5)
			printf("0x%016llx -> %s\n", (unsigned long long)v, exact_of(v));
		if (gk_modifier_name(v, NULL, 0) >= GK_MOD_NAME_MAX || gk_modifier_name_exact(v, NULL, 0) >= GK_MOD_NAME_MAX)
			bad++;
		struct gk_modifier m;
		gk_modifier_split(v, &m);
		uint64_t raw;
		if ((v >> 56) == 2 && (gk_modifier_field(v, "TILE", &raw) != 0 || raw != m.tile ||
				       gk_modifier_field(v, "TILE_VERSION", &raw) != 0 || raw != m.tile_version))
			fld_bad++;
		if (i % 64 == 0) {
			char buf[8192];
			struct gk_out o = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
			gk_modifier_json(v, &o);
			if (!json_line_ok(buf, o.len) && json_bad++ < 3)
				printf("bad JSON: %.*s\n", (int)o.len, buf);
		}
	}
	CHECK(bad == 0, "%u of %u random values do not round-trip", bad, n);
	CHECK(fld_bad == 0, "%u field lookups disagree with split", fld_bad);
	CHECK(json_bad == 0, "%u bad JSON lines", json_bad);
	/* a truncating buffer still gives the full length and a terminated prefix */
	char small[8];
	size_t full = gk_modifier_name(0x0200000000000a01ull, small, sizeof small);
	CHECK(full == strlen("GFX9,GFX9_64K_D") && !strcmp(small, "GFX9,GF"), "%zu %s", full, small);
}

/* one diagnostic with this code and field (NULL: any) and severity */
static int has_diag(uint64_t v, enum gk_severity sev, enum gk_diag_code code, const char *field)
{
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	gk_modifier_check(v, &dg);
	for (unsigned i = 0; i < dg.n; i++)
		if (dg.d[i].severity == sev && dg.d[i].code == code &&
		    (!field || (dg.d[i].field && !strcmp(dg.d[i].field, field))))
			return 1;
	return 0;
}

static unsigned errors_of(uint64_t v)
{
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	return gk_modifier_check(v, &dg);
}

static void test_validation(void)
{
	const uint64_t g6_2d = AMD | 4 << 8 | 1 << 14;  /* 2D THIN */
	const uint64_t g6_1d = AMD | 2 << 8 | 1 << 14;  /* 1D THIN */
	const uint64_t g9 = AMD | 1 | 25 << 8;          /* GFX9_64K_S_X */
	CHECK(errors_of(g6_2d) == 0 && errors_of(g6_1d) == 0 && errors_of(g9) == 0, "valid ones are valid");
	CHECK(errors_of(g6_2d | 1 << 13) == 0, "DCC on 2D THIN is valid");
	/* reserved bits: 55:33 for GFX6-8, 55:36 for GFX9+ */
	CHECK(has_diag(g6_2d | 1ull << 33, GK_ERROR, GK_D_RESERVED_BITS, NULL), "GFX6 bit 33");
	CHECK(has_diag(g6_2d | 1ull << 55, GK_ERROR, GK_D_RESERVED_BITS, NULL), "GFX6 bit 55");
	CHECK(!has_diag(g9 | 1ull << 33, GK_ERROR, GK_D_RESERVED_BITS, NULL), "GFX9 bit 33 is PIPE");
	CHECK(has_diag(g9 | 1ull << 36, GK_ERROR, GK_D_RESERVED_BITS, NULL), "GFX9 bit 36");
	/* fields of one version used in another */
	CHECK(has_diag(AMD | 2 | 25 << 8 | 1 << 24, GK_ERROR, GK_D_WRONG_GEN, "BANK_XOR_BITS"), "BANK_XOR on GFX10");
	CHECK(has_diag(g9 | 1 << 27, GK_ERROR, GK_D_WRONG_GEN, "PACKERS"), "PACKERS on GFX9");
	CHECK(has_diag(AMD | 5 | 1 << 8 | 1 << 14, GK_ERROR, GK_D_WRONG_GEN, "DCC_RETILE"), "DCC_RETILE on GFX12");
	/* TILE values unknown for the version */
	CHECK(has_diag(AMD | 1 | 5 << 8, GK_ERROR, GK_D_RESERVED_VALUE, "TILE"), "GFX9 tile 5");
	CHECK(has_diag(AMD | 3 << 8, GK_ERROR, GK_D_RESERVED_VALUE, "TILE"), "GFX6 tile 3");
	CHECK(has_diag(AMD | 1 | 31 << 8, GK_ERROR, GK_D_RESERVED_VALUE, "TILE"), "GFX11_256K_R_X on GFX9");
	CHECK(errors_of(AMD | 4 | 31 << 8) == 0, "GFX11_256K_R_X on GFX11");
	CHECK(has_diag(AMD | 5 | 27 << 8, GK_ERROR, GK_D_RESERVED_VALUE, "TILE"), "GFX9_64K_R_X on GFX12");
	/* PIPE_CONFIG not in the seed's list, TILE_SPLIT above 6 */
	for (unsigned pc = 0; pc < 32; pc++) {
		int listed = pc == 0 || (pc >= 4 && pc <= 14) || pc == 16 || pc == 17;
		CHECK(has_diag(g6_2d | (uint64_t)pc << 17, GK_ERROR, GK_D_RESERVED_VALUE, "PIPE_CONFIG") == !listed,
		      "PIPE_CONFIG %u", pc);
	}
	CHECK(has_diag(g6_2d | 7ull << 22, GK_ERROR, GK_D_RESERVED_VALUE, "TILE_SPLIT"), "TILE_SPLIT 7");
	CHECK(!has_diag(g6_2d | 6ull << 22, GK_ERROR, GK_D_RESERVED_VALUE, "TILE_SPLIT"), "TILE_SPLIT 6");
	CHECK(has_diag(g6_2d | 2ull << 14, GK_ERROR, GK_D_RESERVED_VALUE, "MICROTILE"), "MICROTILE 2 (DEPTH)");
	/* DCC with DISPLAY or on a 1D mode; macro-tile fields on a 1D mode */
	CHECK(has_diag((g6_2d & ~(1ull << 14)) | 1 << 13, GK_ERROR, GK_D_RULE, "DCC"), "DCC with DISPLAY");
	CHECK(has_diag(g6_1d | 1 << 13, GK_ERROR, GK_D_RULE, "DCC"), "DCC on 1D");
	static const unsigned macro_shift[] = { 17, 22, 25, 27, 29, 31 };
	static const char *const macro_name[] = { "PIPE_CONFIG", "TILE_SPLIT", "BANK_WIDTH", "BANK_HEIGHT",
						  "MACRO_TILE_ASPECT", "NUM_BANKS" };
	for (unsigned i = 0; i < 6; i++)
		CHECK(has_diag(g6_1d | 1ull << macro_shift[i], GK_ERROR, GK_D_RULE, macro_name[i]), "%s on 1D",
		      macro_name[i]);
	/* vendor and version */
	CHECK(has_diag(0x0b00000000000000ull, GK_ERROR, GK_D_RESERVED_VALUE, "VENDOR"), "unknown vendor");
	CHECK(errors_of(0x0100000000000001ull) == 0, "Intel is a known vendor");
	/* other vendors: bits libdrm's name leaves out, values it has no name for */
	CHECK(has_diag(0x0800000000002001ull, GK_WARNING, GK_D_DONTCARE_BITS, NULL) &&
		      errors_of(0x0800000000002001ull) == 0, "AFBC bit 13 is not in the name");
	CHECK(has_diag(0x0a00000000000007ull, GK_WARNING, GK_D_RESERVED_VALUE, "LAYOUT") &&
		      !has_diag(0x0a00000000000007ull, GK_WARNING, GK_D_DONTCARE_BITS, NULL),
	      "Amlogic layout 7: one warning, INVALID_LAYOUT");
	CHECK(has_diag(0x0800000000000005ull, GK_WARNING, GK_D_RESERVED_VALUE, "BLOCK_SIZE"), "AFBC block size 5");
	CHECK(!has_diag(0x0800000000000172ull, GK_WARNING, GK_D_DONTCARE_BITS, NULL) &&
		      errors_of(0x0800000000000172ull) == 0, "a clean AFBC name");
	CHECK(has_diag(AMD | 6, GK_ERROR, GK_D_RESERVED_VALUE, "TILE_VERSION"), "TILE_VERSION 6");
	CHECK(errors_of(GK_MOD_LINEAR) == 0 && errors_of(GK_MOD_INVALID) == 0, "LINEAR, INVALID");
	CHECK(errors_of(1) == 1, "vendor NONE, payload 1");
	/* bits the libdrm name leaves out are warnings */
	CHECK(has_diag(g9 | 1 << 13 | 1 << 14 | 1 << 15, GK_WARNING, GK_D_DONTCARE_BITS, "DCC_PIPE_ALIGN"),
	      "PIPE_ALIGN under RETILE");
	CHECK(has_diag(AMD | 1 | 9 << 8 | 1 << 21, GK_WARNING, GK_D_DONTCARE_BITS, "PIPE_XOR_BITS"),
	      "PIPE_XOR_BITS on 64K_S");
	CHECK(has_diag(g9 | 1 << 14, GK_WARNING, GK_D_DONTCARE_BITS, "DCC_RETILE"), "RETILE without DCC");
	CHECK(has_diag(g9 | 1ull << 30, GK_WARNING, GK_D_DONTCARE_BITS, "RB"), "RB without DCC");
	CHECK(has_diag(AMD | 1 | 22 << 8, GK_WARNING, GK_D_DONTCARE_BITS, "TILE"), "GFX9_4K_D_X is not in libdrm");
	CHECK(has_diag(AMD | 4 | 10 << 8 | 1 << 21, GK_WARNING, GK_D_DONTCARE_BITS, "PIPE_XOR_BITS"),
	      "GFX11: ignored outside _X tiles");
	/* a clean libdrm-named value has no diagnostics at all */
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	gk_modifier_check(0x0200000000000a01ull, &dg);
	CHECK(dg.n == 0, "%u diagnostics", dg.n);
	/* diagnostics carry the bit range */
	memset(&dg, 0, sizeof dg);
	gk_modifier_check(g9 | 1ull << 40, &dg);
	CHECK(dg.n == 1 && dg.d[0].lo == 40 && dg.d[0].hi == 40 && strstr(dg.d[0].message, "bit 40"), "%s",
	      dg.n ? dg.d[0].message : "-");
}

static void test_parse_errors(void)
{
	static const struct { const char *s; unsigned col; const char *msg; } t[] = {
		{ "GFX9,NOPE", 6, "not a field" },
		{ "GFX9,MICROTILE=THIN", 6, "GFX6" },
		{ "GFX6,DCC_RETILE", 6, "GFX9" },
		{ "GFX6,GFX6_2D_TILED_THIN1,BANK_WIDTH=3", 37, "BANK_WIDTH" },
		{ "GFX6,GFX6_2D_TILED_THIN1,TILE_SPLIT=3", 37, "say 512B" },
		{ "GFX6,GFX6_2D_TILED_THIN1,TILE_SPLIT=8", 37, "does not fit" },
		{ "GFX9,GFX9_64K_D,GFX9_64K_S", 17, "twice" },
		{ "GFX9,PIPE_XOR_BITS", 6, "needs a value" },
		{ "GFX9,RESERVED=0x100", 15, "belong to fields" },
		{ "GFX9,,DCC", 6, "empty" },
		{ "GFX9,DCC,", 9, "empty" },
		{ "GFX9,", 5, "empty" },
		{ "GFX6,PIPE_3", 6, "no PIPE" },
		{ "FOO", 1, "not a modifier name" },
		{ "INTEL", 6, "payload" },
		{ "INTEL,0x100000000000000", 7, "56 bits" },
		{ "", 1, "not a modifier name" },
		{ "TILE_VERSION=256,DCC", 14, "0-255" },
		{ "GFX6,GFX6_1D_TILED_THIN1,PIPE_CONFIG=P3", 38, "not a value" },
		/* other vendors */
		{ "TILED", 1, "say VIVANTE,TILED or ALLWINNER,TILED" },
		{ "BLOCK_SIZE=16x16,MODE=YTR|NOPE", 27, "not a MODE bit" },
		{ "BLOCK_SIZE=16x16,MODE=YTR|", 26, "empty MODE bit" },
		{ "BLOCK_SIZE=16x16,,MODE=YTR", 18, "empty item" },
		{ "BLOCK_SIZE=NOPE", 12, "not a value of BLOCK_SIZE" },
		{ "BLOCK_LINEAR_2D,HEIGHT=16", 24, "fits bits 3:0" },
		{ "BLOCK_LINEAR_2D,FOO=1", 17, "not an item of NVIDIA block linear" },
		{ "BLOCK_LINEAR_2D,HEIGHT=1,HEIGHT=2", 26, "given twice" },
		{ "P0=CU_16,RESERVED=0x1", 1, "spelled by the name's items" },
		{ "P0=CU_16,RESERVED=0x20", 1, "sets an item the name spells" },
		{ "P0=CU_16,RESERVED=0x10000000000000", 19, "say the ARM AFRC layout" },
		{ "P0=CU_16,SCAN,", 14, "empty item at the end" },
		{ "P0=CU_16,SCAN,ROT", 15, "LAYOUT given twice" },
		{ "FBC,LAYOUT=NOPE", 12, "not a value of LAYOUT" },
		{ "FBC,", 4, "empty item at the end" },
	};
	for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct gk_diags dg;
		memset(&dg, 0, sizeof dg);
		uint64_t v;
		int rc = gk_modifier_parse(t[i].s, strlen(t[i].s), &v, &dg);
		CHECK(rc == -1 && dg.n == 1 && dg.d[0].code == GK_D_SYNTAX && strstr(dg.d[0].message, t[i].msg),
		      "%s: rc %d, %s", t[i].s, rc, dg.n ? dg.d[0].message : "-");
		CHECK(dg.n == 1 && dg.d[0].col == t[i].col, "%s: column %u, want %u", t[i].s, dg.n ? dg.d[0].col : 0,
		      t[i].col);
	}
	/* garbage never crashes */
	uint64_t s = 99;
	const char alphabet[] = "GFX69_,=0x1TILEDCPRSVNAMB:4K";
	for (unsigned i = 0; i < (SLOW ? 20000u : 200000u); i++) {
		char buf[40];
		size_t n = tl_rand(&s) % sizeof buf;
		for (size_t k = 0; k < n; k++)
			buf[k] = alphabet[tl_rand(&s) % (sizeof alphabet - 1)];
		struct gk_diags dg;
		memset(&dg, 0, sizeof dg);
		uint64_t v;
		if (gk_modifier_parse(buf, n, &v, &dg) == 0 && !round_trips(v))
			CHECK(0, "%.*s parsed to 0x%016llx which does not round-trip", (int)n, buf, (unsigned long long)v);
	}
}

static void test_join(void)
{
	struct gk_modifier m;
	memset(&m, 0, sizeof m);
	m.vendor = 2;
	m.tile_version = 0;
	m.tile = 4;
	m.microtile = 1;
	m.num_banks = 3;
	m.pipe_config = 0xc;
	uint64_t v = 0;
	CHECK(gk_modifier_join(&m, &v, NULL) == 0 && v == (AMD | 4 << 8 | 1 << 14 | 0xcull << 17 | 3ull << 31),
	      "join gave 0x%016llx", (unsigned long long)v);
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	m.num_banks = 4;
	CHECK(gk_modifier_join(&m, &v, &dg) == -1 && dg.n == 1 && !strcmp(dg.d[0].field, "NUM_BANKS"), "too wide");
	m.num_banks = 0;
	m.dcc_retile = 1;
	memset(&dg, 0, sizeof dg);
	CHECK(gk_modifier_join(&m, &v, &dg) == -1 && dg.n == 1 && !strcmp(dg.d[0].field, "DCC_RETILE"),
	      "GFX9 field in a GFX6 modifier");
	m.dcc_retile = 0;
	m.reserved = 1ull << 20;
	CHECK(gk_modifier_join(&m, &v, NULL) == -1, "reserved overlapping a field");
	m.reserved = 1ull << 40;
	CHECK(gk_modifier_join(&m, &v, NULL) == 0 && (v >> 40 & 1), "reserved bit kept");
}

static void test_lists(void)
{
	struct gk_tile_split ts;
	CHECK(gk_modifier_tile_split(32, 1, 1, 1, 2048, &ts) == 0 && ts.tile_bytes_1x == 256 &&
		      ts.tile_split_bytes == 512 && ts.tile_bytes == 256 && ts.field == 3,
	      "32bpp: %u %u %u %d", ts.tile_bytes_1x, ts.tile_split_bytes, ts.tile_bytes, ts.field);
	CHECK(gk_modifier_tile_split(8, 1, 1, 0, 2048, &ts) == 0 && ts.tile_bytes_1x == 64 &&
		      ts.tile_split_bytes == 256 && ts.tile_bytes == 64 && ts.field == 2,
	      "8bpp: clamps to 256 and 64");
	CHECK(gk_modifier_tile_split(128, 1, 8, 3, 1024, &ts) == 0 && ts.tile_bytes_1x == 1024 &&
		      ts.tile_split_bytes == 1024 && ts.tile_bytes == 1024 && ts.field == 4,
	      "128bpp 8x: row size clamps");
	CHECK(gk_modifier_tile_split(32, 4, 1, 0, 4096, &ts) == 0 && ts.tile_bytes_1x == 1024 && ts.field == 4,
	      "thickness 4");
	CHECK(gk_modifier_tile_split(0, 1, 1, 0, 2048, &ts) == -1 && gk_modifier_tile_split(32, 2, 1, 0, 2048, &ts) == -1 &&
		      gk_modifier_tile_split(32, 1, 0, 0, 2048, &ts) == -1 &&
		      gk_modifier_tile_split(32, 1, 1, 4, 2048, &ts) == -1 &&
		      gk_modifier_tile_split(32, 1, 1, 0, 3000, &ts) == -1,
	      "bad inputs refused");

	struct gk_mod_macro mm = { 0xc, 3, 0, 1, 1, 3 };
	uint64_t out[16];
	size_t n = gk_modifier_list(8, &mm, 1, out, 16);
	CHECK(n == 6, "gfx8: %zu", n);
	const uint64_t macro = 0xcull << 17 | 3ull << 22 | 1ull << 27 | 1ull << 29 | 3ull << 31;
	const uint64_t want8[6] = { AMD | 4 << 8 | 1 << 13 | 1 << 14 | macro, AMD | 4 << 8 | 1 << 14 | macro,
				    AMD | 4 << 8 | macro, AMD | 2 << 8 | 1 << 14, AMD | 2 << 8, GK_MOD_LINEAR };
	for (unsigned i = 0; i < 6 && i < n; i++)
		CHECK(out[i] == want8[i], "gfx8 [%u] 0x%016llx %s", i, (unsigned long long)out[i], name_of(out[i]));
	n = gk_modifier_list(6, &mm, 1, out, 16);
	CHECK(n == 5 && out[0] == want8[1] && out[4] == GK_MOD_LINEAR, "gfx6: no DCC (%zu)", n);
	for (unsigned i = 0; i < n; i++)
		CHECK(errors_of(out[i]) == 0, "listed 0x%016llx is valid", (unsigned long long)out[i]);
	struct gk_mod_macro two[2] = { mm, mm };
	two[1].pipe_config = 0x11;
	n = gk_modifier_list(7, two, 2, out, 3);
	CHECK(n == 7, "gfx7 two pipe configs: %zu", n);
	mm.pipe_config = 3;
	CHECK(gk_modifier_list(8, &mm, 1, out, 16) == 0, "PIPE_CONFIG 3 refused");
	mm.pipe_config = 0;
	CHECK(gk_modifier_list(9, &mm, 1, out, 16) == 0, "gfx 9 refused");
}

/* The table is sound: fields of one layout do not overlap, stay in bits
 * 55:0 (VENDOR 63:56), enums are no wider than their field; each version's
 * reserved bits are exactly what its layout leaves; the tiles the name
 * spells and the trailer tiles have names; rules name real fields. */
static uint64_t mask_of(const struct gk_field *f)
{
	return (uint64_t)gk_field_mask(f, 1) << 32 | gk_field_mask(f, 0);
}

static void test_table(void)
{
	const uint16_t layouts[2] = { GK_MV_GFX6_8, GK_MV_GFX9_12 };
	for (unsigned l = 0; l < 2; l++) {
		uint64_t seen = 0;
		for (unsigned i = 0; i < gk_mod_nfields; i++) {
			const struct gk_mod_field *mf = &gk_mod_fields[i];
			if (mf->f.gens && !(mf->f.gens & layouts[l]))
				continue;
			uint64_t m = mask_of(&mf->f);
			CHECK(m && !(seen & m), "%s overlaps another field (layout %u)", mf->f.name, l);
			seen |= m;
			CHECK(i == 0 ? m == GK_MOD_VENDOR_BITS : !(m & GK_MOD_VENDOR_BITS), "%s bits", mf->f.name);
			unsigned w = gk_field_width(&mf->f);
			CHECK(m >> __builtin_ctzll(m) == (w == 64 ? ~0ull : (1ull << w) - 1), "%s is contiguous", mf->f.name);
			if (mf->f.enm)
				CHECK(mf->f.enm->nbits == w, "%s: enum of %u bits for a %u-bit field", mf->f.name,
				      mf->f.enm->nbits, w);
			CHECK(mf->f.namelen == strlen(mf->f.name), "%s namelen", mf->f.name);
			CHECK(!mf->f.gens || (mf->f.gens & ~layouts[l]) == 0, "%s used outside its layout", mf->f.name);
			/* rows in bit order (the order names print in), VENDOR first */
			if (i > 1 && mf->f.gens)
				CHECK(__builtin_ctzll(m) > 13, "%s after the general fields", mf->f.name);
		}
		for (unsigned v = 0; v < GK_MOD_NVERSIONS; v++) {
			const struct gk_mod_verdesc *vd = &gk_mod_versions[v];
			if (vd->layout != layouts[l])
				continue;
			CHECK(vd->reserved == (GK_MOD_PAYLOAD & ~seen), "%s: reserved 0x%llx, the layout leaves 0x%llx",
			      vd->name, (unsigned long long)vd->reserved, (unsigned long long)(GK_MOD_PAYLOAD & ~seen));
			CHECK(vd->tiles && vd->tiles->nbits == 5, "%s tiles", vd->name);
			for (unsigned t = 0; t < 32; t++) {
				if ((vd->name_tiles | vd->trailer_tiles) >> t & 1)
					CHECK(vd->tiles->names[t] != NULL, "%s: tile %u named/trailer without a name", vd->name, t);
			}
		}
	}
	CHECK(!strcmp(gk_mod_versions[0].name, "GFX6") && gk_mod_versions[0].reserved == 0x00fffffe00000000ull,
	      "GFX6-8 reserved is 55:33");
	CHECK(gk_mod_versions[1].reserved == 0x00fffff000000000ull, "GFX9 reserved is 55:36");
	for (unsigned r = 0; r < gk_mod_nrules; r++) {
		uint64_t raw;
		CHECK(gk_modifier_field(AMD, gk_mod_rules[r].a, &raw) == 0 && gk_modifier_field(AMD, gk_mod_rules[r].b, &raw) == 0,
		      "rule %u names GFX6-8 fields", r);
	}
	CHECK(!strcmp(gk_mod_fields[GK_MOD_IX_VENDOR].f.name, "VENDOR") &&
		      !strcmp(gk_mod_fields[GK_MOD_IX_TILE_VERSION].f.name, "TILE_VERSION") &&
		      !strcmp(gk_mod_fields[GK_MOD_IX_TILE].f.name, "TILE") &&
		      !strcmp(gk_mod_fields[GK_MOD_IX_DCC].f.name, "DCC") &&
		      !strcmp(gk_mod_fields[GK_MOD_IX_DCC_RETILE].f.name, "DCC_RETILE") &&
		      !strcmp(gk_mod_fields[GK_MOD_IX_DCC_PIPE_ALIGN].f.name, "DCC_PIPE_ALIGN"),
	      "GK_MOD_IX_* name the rows they index");
	/* seed 004: 14 PIPE_CONFIG values */
	unsigned pcs = 0;
	for (unsigned i = 0; i < 32; i++)
		pcs += gk_mod_gfx6_pipe_config.names[i] != NULL;
	CHECK(pcs == 14, "%u PIPE_CONFIG names", pcs);
}

/* The other vendors' tables: fixed rows of a named vendor, not AMD, one
 * row per value, a parse-only row where a layout names the value; layout
 * items inside the payload, apart from each other and the match bits, with
 * enums of their width and names the parser can tell apart. */
static void test_vendor_tables(void)
{
	for (unsigned i = 0; i < gk_mod_nfixed; i++) {
		const struct gk_mod_fixed *fx = &gk_mod_fixed_names[i];
		unsigned vid = (unsigned)(fx->value >> 56);
		CHECK(vid != 0 && vid != 2 && gk_modifier_vendor_name(fx->value), "%s: vendor %u", fx->name, vid);
		for (unsigned j = 0; j < i; j++)
			CHECK(gk_mod_fixed_names[j].value != fx->value, "%s and %s: one value", fx->name,
			      gk_mod_fixed_names[j].name);
		const char *note = "unset";
		CHECK(fx->parse_only ? strcmp(name_of(fx->value), fx->name) != 0
				     : !strcmp(name_of(fx->value), fx->name) &&
					       gk_modifier_name_source(fx->value, &note) == GK_MOD_NAME_LIBDRM && !note,
		      "%s: named %s", fx->name, name_of(fx->value));
		uint64_t back = 0;
		int shared = 0;
		for (unsigned j = 0; j < gk_mod_nfixed; j++)
			shared += j != i && !strcmp(gk_mod_fixed_names[j].name, fx->name);
		CHECK(shared ? parse(fx->name, &back) != 0 : parse(fx->name, &back) == 0 && back == fx->value,
		      "%s parses (shared by %d more)", fx->name, shared);
		char q[64];
		snprintf(q, sizeof q, "%s,%s", gk_modifier_vendor_name(fx->value), fx->name);
		CHECK(parse(q, &back) == 0 && back == fx->value, "%s parses", q);
	}
	for (unsigned li = 0; li < gk_mod_nlayouts; li++) {
		const struct gk_mod_layout *l = &gk_mod_layouts[li];
		uint64_t seen = l->match_mask;
		CHECK(!(l->match_mask & ~GK_MOD_PAYLOAD) && (l->match & ~l->match_mask) == 0, "%s match", l->what);
		CHECK(l->nitems > 0 && l->nitems <= 32, "%s items", l->what);
		for (unsigned i = 0; i < l->nitems; i++) {
			const struct gk_mod_vitem *it = &l->items[i];
			uint64_t m = mask_of(&it->f);
			unsigned w = gk_field_width(&it->f);
			CHECK(m && !(m & ~GK_MOD_PAYLOAD) && !(seen & m), "%s %s overlaps", l->what, it->f.name);
			seen |= m;
			CHECK(it->f.namelen == strlen(it->f.name), "%s namelen", it->f.name);
			if (it->show == GK_VS_FLAGS)
				CHECK(it->f.kind == GK_FLAGS && it->f.enm && (1u << it->f.enm->nbits) >= w, "%s flags",
				      it->f.name);
			else if (it->f.enm)
				CHECK(it->f.enm->nbits == w, "%s: enum of %u bits for a %u-bit field", it->f.name,
				      it->f.enm->nbits, w);
			CHECK(it->show != GK_VS_WORD || it->f.enm, "%s: a word needs value names", it->f.name);
			CHECK(!(it->vflags & GK_VI_NEEDED) || it->f.enm, "%s: needed without value names", it->f.name);
			/* a value name, or one rule for values without one: NULL
			 * (NEEDED), left out (SKIP) or the layout's word (other) */
			if (it->f.enm && it->show != GK_VS_FLAGS)
				CHECK(!!(it->vflags & GK_VI_NEEDED) + !!(it->vflags & GK_VI_SKIP) + !!it->other == 1 ||
					      (it->f.enm->nbits == 1 && it->f.enm->names[0] && it->f.enm->names[1]),
				      "%s %s: one rule for values without a name", l->what, it->f.name);
			/* keys differ within the layout */
			for (unsigned j = 0; j < i; j++)
				CHECK(strcmp(l->items[j].f.name, it->f.name) != 0, "%s twice", it->f.name);
		}
		/* layouts of one vendor do not overlap */
		for (unsigned lj = 0; lj < li; lj++)
			if (gk_mod_layouts[lj].vendor == l->vendor)
				CHECK((gk_mod_layouts[lj].match & l->match_mask) != (l->match & gk_mod_layouts[lj].match_mask),
				      "%s and %s overlap", l->what, gk_mod_layouts[lj].what);
	}
}

/* ---- GFX6-8 modifiers as tiling parameters (gfxkit/tiling.h) ---- */

struct surf_ctx {
	unsigned n, ok, refused, refused_not_aspect, wrong_params, surface_failed, surface_wrong;
};

static int each_surface(void *p, uint64_t v)
{
	struct surf_ctx *c = p;
	struct gk_modifier m;
	gk_modifier_split(v, &m);
	struct gk_tile_params tp;
	gk_tile_params_init(&tp);
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	c->n++;
	bool is_2d = v != GK_MOD_LINEAR && m.tile == GK_MOD_GFX6_2D_TILED_THIN1;
	if (gk_modifier_tile_params(v, &tp, &dg) != 0) {
		c->refused++;
		/* the one thing seed 004 allows and addrlib cannot lay out: a macro
		 * aspect (1 << v) above the bank count (2 << v) */
		if (!is_2d || (1u << m.macro_tile_aspect) <= (2u << m.num_banks) || !dg.errors)
			c->refused_not_aspect++;
		return 0;
	}
	c->ok++;
	unsigned want_mode = v == GK_MOD_LINEAR ? GK_TILE_LINEAR : m.tile;
	bool right = tp.mode == want_mode && (v == GK_MOD_LINEAR || tp.micro == m.microtile);
	if (is_2d)
		right = right && tp.pipe_config == m.pipe_config && tp.tile_split == (64u << m.tile_split) &&
			tp.bank_width == (1u << m.bank_width) && tp.bank_height == (1u << m.bank_height) &&
			tp.macro_aspect == (1u << m.macro_tile_aspect) && tp.num_banks == (2u << m.num_banks);
	if (!right)
		c->wrong_params++;
	/* every laid-out modifier gives a surface; spot-check it at 32 bpp */
	if ((c->n % 7) == 0 || v == GK_MOD_LINEAR || !is_2d) {
		struct gk_tile_surface s;
		memset(&dg, 0, sizeof dg);
		if (gk_modifier_surface(v, 32, 300, 200, 3, &s, &dg) != 0)
			c->surface_failed++;
		else if (s.p.mode != want_mode || s.pitch < 300 || s.padded_height < 200 || s.padded_slices != 3 ||
			 s.surface_bytes != s.slice_bytes * 3 || s.surface_bytes < 300ull * 200 * 4 * 3)
			c->surface_wrong++;
	}
	return 0;
}

static void test_gfx6_surfaces(void)
{
	struct surf_ctx c;
	memset(&c, 0, sizeof c);
	gk_modifier_enumerate(8, each_surface, &c);
	/* of the 25,088 macro sets, those whose aspect 1 << a fits the 2 << n
	 * banks: 13 of the 16 (aspect, banks) pairs, 20,384 sets */
	unsigned fit = 0;
	for (unsigned a = 0; a < 4; a++)
		for (unsigned nb = 0; nb < 4; nb++)
			fit += (1u << a) <= (2u << nb);
	fit *= 14 * 7 * 4 * 4; /* pipe configs x tile splits x bank widths x bank heights */
	CHECK(c.n == 75267, "%u GFX8 modifiers", c.n);
	CHECK(fit == 20384, "%u macro sets addrlib lays out", fit);
	CHECK(c.ok == 3 * fit + 3, "%u laid out, want %u (2D DCC/thin/display per set, 1D x2, LINEAR)", c.ok, 3 * fit + 3);
	CHECK(c.refused == 3 * (25088 - fit) && c.refused_not_aspect == 0,
	      "%u refused (%u for another reason)", c.refused, c.refused_not_aspect);
	CHECK(c.wrong_params == 0 && c.surface_failed == 0 && c.surface_wrong == 0,
	      "%u wrong parameters, %u surfaces failed, %u wrong", c.wrong_params, c.surface_failed, c.surface_wrong);

	/* not GFX6-8: an error naming the field, p untouched */
	static const uint64_t others[] = { 0x0200000000000a01ull, 0x0100000000000001ull, GK_MOD_INVALID };
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		struct gk_tile_params tp;
		gk_tile_params_init(&tp);
		struct gk_diags dg;
		memset(&dg, 0, sizeof dg);
		CHECK(gk_modifier_tile_params(others[i], &tp, &dg) == -1 && dg.errors >= 1 && tp.mode == 0,
		      "0x%016llx refused", (unsigned long long)others[i]);
		CHECK(dg.n >= 1 && dg.d[0].field && strstr(dg.d[0].message, "not a GFX6-8 AMD modifier"),
		      "0x%016llx: message names the reason", (unsigned long long)others[i]);
	}
	/* no diagnostics wanted: the same answers */
	{
		struct gk_tile_params q;
		gk_tile_params_init(&q);
		struct gk_tile_surface s0;
		CHECK(gk_modifier_tile_params(0x0200000180d84400ull, &q, NULL) == 0 && q.mode == GK_TILE_2D &&
			      gk_modifier_tile_params(0x02000101a9580400ull, &q, NULL) == -1 &&
			      gk_modifier_surface(0x0200000180d84400ull, 32, 64, 64, 1, &s0, NULL) == 0 &&
			      gk_modifier_surface(0x0200000180d84400ull, 24, 64, 64, 1, &s0, NULL) == -1,
		      "NULL diagnostics");
	}
	/* a GFX6 modifier with its own errors (a reserved bit) is refused with them */
	struct gk_tile_params tp;
	gk_tile_params_init(&tp);
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	CHECK(gk_modifier_tile_params(0x02000101a9580400ull, &tp, &dg) == -1 && dg.errors >= 1, "reserved bit refused");
	/* bad sizes: the tiling module's error, naming the parameter */
	struct gk_tile_surface s;
	memset(&dg, 0, sizeof dg);
	CHECK(gk_modifier_surface(0x0200000180d84400ull, 24, 64, 64, 1, &s, &dg) == -1 && dg.n >= 1 && dg.d[0].field &&
		      !strcmp(dg.d[0].field, "bpp"),
	      "bpp 24 refused by name");
	/* JSON with a surface is one valid object with the tiling module's numbers */
	memset(&dg, 0, sizeof dg);
	CHECK(gk_modifier_surface(0x0200000180d84400ull, 32, 1920, 1080, 1, &s, &dg) == 0 && s.pitch == 1920 &&
		      s.padded_height == 1152 && s.surface_bytes == 8847360,
	      "1920x1080 at 32 bpp: pitch %u, padded height %u, %llu bytes", s.pitch, s.padded_height,
	      (unsigned long long)s.surface_bytes);
	char buf[8192];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
	gk_modifier_json_surface(0x0200000180d84400ull, &s, &o);
	CHECK(o.len < sizeof buf && json_line_ok(buf, o.len), "JSON with a surface is one valid line");
	if (o.len < sizeof buf) {
		buf[o.len] = 0;
		CHECK(strstr(buf, "\"surface\":{\"pitch\":1920,\"padded_height\":1152") != NULL, "JSON surface: %s", buf);
	}
}

int main(void)
{
	test_table();
	test_vendor_tables();
	test_libdrm_vectors();
	test_gfx6_names();
	test_gfx9_names();
	test_validation();
	test_parse_errors();
	test_join();
	test_lists();
	test_random();
	test_gfx6_enumerate();
	test_gfx6_exhaustive();
	test_gfx6_surfaces();
	return tl_done();
}
