/* The Linux kernel's GFX6-GFX11 clear-state streams (the dwords
 * gfx_v<N>_0_get_csb_buffer writes for the RLC: PREAMBLE_CNTL, CONTEXT_CONTROL,
 * a SET_CONTEXT_REG per extent of clearstate_<gen>.h, the chip's raster or
 * tile-steering register, PREAMBLE_CNTL, CLEAR_STATE), made by
 * scripts/gen_clearstate.py into tests/vectors/clearstate_<gen>.hex.  Real
 * driver output, decoded with the generation the kernel sends it to: it must
 * check with no diagnostic, every packet must have its name, every register
 * dword of the SET_CONTEXT_REG runs must be named, and decode -> encode must
 * give the words back.
 *
 * The kernel's tables fill some dwords they name "HOLE" (no register there);
 * those may stay unnamed.  The registers the kernel names but Mesa's register
 * JSON of that generation does not have (gfxkit's source, so gfxkit cannot
 * name them) are listed below, one by one: a new unnamed register fails, and
 * so does a listed one that has become named (docs/pm4-gcn.md, "Clear-state
 * streams"). */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "pm4_testutil.h"

#define MAXW 2048

/* Unnamed registers the kernel's table names: absent from Mesa's register
 * JSON of the decoding generation (checked against every mesa-amd-json file). */
struct unnamed {
	const char *gen;
	uint32_t addr;
	const char *kernel_name;
};

static const struct unnamed known[] = {
	/* in no Mesa JSON */
	{ "gfx6", 0x28704, "SPI_WAVE_MGMT_1" },
	{ "gfx6", 0x28708, "SPI_WAVE_MGMT_2" },
	/* gfx9.json has DB_Z_INFO2 / DB_STENCIL_INFO2 at 0x28068 / 0x2806c; the
	 * kernel's GFX10 table puts them at 0x28060 / 0x28064, where gfx10.json
	 * has nothing (gfx103.json: DB_VRS_OVERRIDE_CNTL at 0x28064) */
	{ "gfx10", 0x28060, "DB_Z_INFO2" },
	{ "gfx10", 0x28064, "DB_STENCIL_INFO2" },
	{ "gfx10.3", 0x28060, "DB_Z_INFO2" },
	/* the kernel sends its one GFX10 table to GC 10.3 too; these are in
	 * gfx10.json (and gfx9.json) but not in gfx103.json */
	{ "gfx10.3", 0x283a0, "PA_SC_RIGHT_VERT_GRID" },
	{ "gfx10.3", 0x283a4, "PA_SC_LEFT_VERT_GRID" },
	{ "gfx10.3", 0x283a8, "PA_SC_HORIZ_GRID" },
	{ "gfx10.3", 0x28834, "PA_CL_OBJPRIM_ID_CNTL" },
	/* gfx11.json lacks them: the first and SPI_BARYC_SSAA_CNTL are in
	 * gfx115.json only, PA_SC_BINNER_OUTPUT_TIMEOUT_CNTL is at 0x28c58 there,
	 * VGT_GS_ONCHIP_CNTL ends with gfx103.json, PA_SC_FSR_* are in no file */
	{ "gfx11", 0x28060, "DB_SPI_VRS_CENTER_LOCATION" },
	{ "gfx11", 0x283c0, "PA_SC_FSR_EN" },
	{ "gfx11", 0x283c4, "PA_SC_FSR_FBW_RECURSIONS_X" },
	{ "gfx11", 0x283c8, "PA_SC_FSR_FBW_RECURSIONS_Y" },
	{ "gfx11", 0x283e0, "PA_SC_BINNER_OUTPUT_TIMEOUT_CNTL" },
	{ "gfx11", 0x286dc, "SPI_BARYC_SSAA_CNTL" },
	{ "gfx11", 0x28a44, "VGT_GS_ONCHIP_CNTL" },
};
#define NKNOWN (sizeof known / sizeof known[0])

/* The vector: its words, and the kernel's name of each register dword (the
 * "# 0xADDRESS NAME" comments the generator writes) */
struct vec {
	uint32_t w[MAXW];
	size_t n;
	struct {
		uint32_t addr;
		char name[64];
	} reg[MAXW];
	size_t nreg;
};

/* By hand: the words and the kernel's register names */
static void read_plain(const char *path, struct vec *v)
{
	v->n = v->nreg = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	char line[256];
	while (fgets(line, sizeof line, f)) {
		if (line[0] != '0')
			continue;
		char *end;
		unsigned long x = strtoul(line, &end, 16);
		if (end == line || v->n == MAXW)
			continue;
		v->w[v->n++] = (uint32_t)x;
		char *c = strchr(end, '#');
		unsigned addr;
		char name[64];
		if (c && sscanf(c + 1, " 0x%x %63s", &addr, name) == 2 && v->nreg < MAXW) {
			v->reg[v->nreg].addr = addr;
			snprintf(v->reg[v->nreg].name, sizeof v->reg[v->nreg].name, "%s", name);
			v->nreg++;
		}
	}
	fclose(f);
}

static const char *kernel_name(const struct vec *v, uint32_t addr)
{
	for (size_t i = 0; i < v->nreg; i++)
		if (v->reg[i].addr == addr)
			return v->reg[i].name;
	return 0;
}

static const struct unnamed *find_known(const char *gen, uint32_t addr)
{
	for (size_t i = 0; i < NKNOWN; i++)
		if (!strcmp(known[i].gen, gen) && known[i].addr == addr)
			return &known[i];
	return 0;
}

static char text[1 << 20];
static bool seen_known[NKNOWN];

/* gen: the generation decoding; file: the vector's generation.  regs: the
 * register dwords, runs: the SET_CONTEXT_REG packets (the table's extents
 * and the chip's one); same_min: at least this many registers named as the
 * kernel's comment names them (the rest differ in spelling: Mesa's
 * CP_PIPEID for the kernel's CP_RINGID, ...). */
static void one(const char *gen, const char *file, size_t want_words, unsigned runs, unsigned regs, unsigned same_min)
{
	static struct vec v;
	static uint32_t w[MAXW];
	char path[128];
	snprintf(path, sizeof path, "tests/vectors/clearstate_%s.hex", file);
	size_t n = tu_read_words(path, GK_IN_HEX, w, MAXW);
	read_plain(path, &v);
	CHECK(n == want_words, "%s: %zu words read from %s, want %zu (run from the repository root)", gen, n, path,
	      want_words);
	CHECK(v.n == n && !memcmp(v.w, w, n * sizeof w[0]), "%s: the library's hex reader disagrees with a plain read",
	      gen);
	CHECK(v.nreg == regs, "%s: %zu register comments, want %u", gen, v.nreg, regs);
	if (!n)
		return;
	const struct gk_format *fmt = tu_fmt(gen);

	/* checking: nothing to say */
	struct tu_check r;
	tu_check(fmt, w, n, &r);
	CHECK(r.errors == 0 && r.warnings == 0 && r.dropped == 0, "%s: %u errors, %u warnings:%s", gen, r.errors,
	      r.warnings, tu_diags_str(&r));

	/* every packet by its name, in the kernel's order */
	unsigned set_ctx = 0, k = 0;
	bool order = true;
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, n - pos, 4ull * pos, &pkt);
		const struct gk_packet_desc *d = pkt.frame.desc;
		CHECK(d && !pkt.frame.unknown && !pkt.frame.other_gen && d != fmt->special[3] && (d->gens & fmt->gen_bit),
		      "%s @0x%zx: packet 0x%08x not named for the generation", gen, 4 * pos, w[pos]);
		const char *nm = d ? d->name : "";
		const char *want = k == 0 ? "PREAMBLE_CNTL"
				   : k == 1 ? "CONTEXT_CONTROL"
				   : k < 2 + runs ? "SET_CONTEXT_REG"
				   : k == 2 + runs ? "PREAMBLE_CNTL"
				   : k == 3 + runs ? "CLEAR_STATE"
						   : "(end)";
		if (strcmp(nm, want)) {
			if (order)
				printf("  %s: packet %u is %s, want %s\n", gen, k, nm, want);
			order = false;
		}
		set_ctx += !strcmp(nm, "SET_CONTEXT_REG");
		k++;
		pos += pkt.ndw ? pkt.ndw : 1;
	}
	CHECK(order && k == runs + 4 && set_ctx == runs, "%s: %u packets (%u SET_CONTEXT_REG), want %u (%u)", gen, k,
	      set_ctx, runs + 4, runs);

	/* register lines: "    0xADDR NAME <- ..." or, unnamed, "    0xADDR <- ..." */
	tu_decode(fmt, w, n, false, text, sizeof text);
	unsigned lines = 0, same = 0, holes = 0, holes_named = 0, unexpected = 0, differ = 0;
	for (char *p = text; *p;) {
		char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		unsigned addr;
		char name[64];
		if (len > 6 && !memcmp(p, "    0x", 6) && sscanf(p, " 0x%x %63s", &addr, name) == 2) {
			lines++;
			const char *kn = kernel_name(&v, addr);
			bool named = strcmp(name, "<-") != 0;
			bool hole = kn && !strcmp(kn, "HOLE");
			if (!kn) {
				unexpected++;
				printf("  %s 0x%05x: a register dword the vector has no comment for\n", gen, addr);
			} else if (hole) {
				holes++;
				holes_named += named;
			} else if (!named) {
				const struct unnamed *u = find_known(gen, addr);
				if (u && !strcmp(u->kernel_name, kn)) {
					seen_known[u - known] = true;
				} else {
					unexpected++;
					printf("  %s 0x%05x: unnamed, the kernel calls it %s\n", gen, addr, kn);
				}
			} else if (!strcmp(name, kn)) {
				same++;
			} else if (differ++ < 8) {
				printf("# %s 0x%05x: gfxkit %s, the kernel's comment %s\n", gen, addr, name, kn);
			}
		}
		p = nl ? nl + 1 : p + len;
	}
	printf("# %s (clearstate_%s.hex): %u register dwords, %u named as the kernel names them, %u spelled otherwise, "
	       "%u HOLE (%u of them named by Mesa's JSON)\n",
	       gen, file, lines, same, differ, holes, holes_named);
	CHECK(lines == regs, "%s: %u register lines, want %u", gen, lines, regs);
	CHECK(unexpected == 0, "%s: %u register dwords unnamed (or unexplained)", gen, unexpected);
	CHECK(same >= same_min, "%s: %u registers named as the kernel names them, want at least %u", gen, same, same_min);

	/* decode -> encode */
	static struct tu_asm out;
	unsigned errs = tu_assemble(fmt, text, &out);
	CHECK(errs == 0, "%s: %u assembler errors%s%s", gen, errs, out.nd ? ", first: " : "", tu_asm_first(&out));
	CHECK(out.n == n && !memcmp(out.w, w, n * sizeof w[0]), "%s: decode -> encode gives %zu words, not the %zu read",
	      gen, out.n, n);
	for (size_t i = 0; i < n && i < out.n; i++)
		if (out.w[i] != w[i]) {
			printf("  %s: first difference at word %zu: 0x%08x, want 0x%08x\n", gen, i, out.w[i], w[i]);
			break;
		}
}

int main(void)
{
	/* words, SET_CONTEXT_REG runs and register dwords: the kernel tables'
	 * extents (7 on GFX6-8 and GFX11, 8 on GFX9-10) plus the chip's packet
	 * (none on GFX9) */
	one("gfx6", "gfx6", 908, 8, 883, 511);
	one("gfx7", "gfx7", 912, 8, 887, 520);
	one("gfx8", "gfx8", 912, 8, 887, 538);
	one("gfx81", "gfx8", 912, 8, 887, 538);
	one("gfx9", "gfx9", 904, 8, 879, 577);
	one("gfx10", "gfx10", 949, 9, 922, 618);
	one("gfx10.3", "gfx10", 949, 9, 922, 614);
	one("gfx11", "gfx11", 960, 8, 935, 508);
	for (size_t i = 0; i < NKNOWN; i++)
		CHECK(seen_known[i], "%s 0x%05x (%s): listed as unnamed, but it is named now (or not written)",
		      known[i].gen, known[i].addr, known[i].kernel_name);
	return tl_done();
}
