/* The Linux kernel's default-state PM4 streams (evergreen_default_state[]
 * of evergreen_blit_shaders.h, cayman_default_state[] of
 * cayman_blit_shaders.h; words in tests/vectors/<gen>_default_state.hex) are
 * real driver output: they must check clean, name every register they
 * write as the kernel's comments do, and round-trip byte for byte.
 * When ../shared exists, every row of its crosscheck-default-state.tsv is
 * verified too. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "pm4_testutil.h"

#define MAXW 4096

/* ---- reading the vector through the library and by hand ---- */

static size_t read_plain(const char *path, uint32_t *w, size_t cap)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	char line[256];
	size_t n = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *end;
		unsigned long v = strtoul(line, &end, 16);
		if (end != line && n < cap)
			w[n++] = (uint32_t)v;
	}
	fclose(f);
	return n;
}

/* ---- decoded register names ---- */

struct regname {
	uint32_t addr;
	char name[64];
};

static struct regname names[MAXW];
static size_t nnames;

static const char *name_at(uint32_t addr)
{
	for (size_t i = 0; i < nnames; i++)
		if (names[i].addr == addr)
			return names[i].name;
	return 0;
}

/* kernel comment names at a few offsets (evergreen_blit_shaders.h,
 * cayman_blit_shaders.h), including ones only the kernel headers or the
 * clear-state tables name */
struct expect {
	uint32_t addr;
	const char *name;
};

static const struct expect eg_names[] = {
	{ 0x0288EC, "SQ_LDS_ALLOC_PS" }, { 0x02800C, "DB_RENDER_OVERRIDE" }, { 0x028214, "PA_SC_CLIPRECT_0_BR" },
	{ 0x028350, "SX_MISC" }, { 0x028C18, "PA_CL_GB_HORZ_DISC_ADJ" }, { 0x02881C, "PA_CL_VS_OUT_CNTL" },
	{ 0x028400, "VGT_MAX_VTX_INDX" }, { 0x028A04, "PA_SU_POINT_MINMAX" }, { 0x028B94, "VGT_STRMOUT_CONFIG" },
	{ 0x0286DC, "SPI_FOG_CNTL" }, { 0x028C58, "VGT_VERTEX_REUSE_BLOCK_CNTL" },
	{ 0x028824, "PA_SU_LINE_STIPPLE_CNTL" }, { 0x028AA0, "VGT_INSTANCE_STEP_RATE_0" },
	{ 0x028000, "DB_RENDER_CONTROL" },
};
static const struct expect cm_names[] = {
	{ 0x028014, "DB_HTILE_DATA_BASE" }, { 0x028214, "PA_SC_CLIPRECT_0_BR" }, { 0x028350, "SX_MISC" },
	{ 0x028418, "CB_BLEND_GREEN" }, { 0x0286D4, "SPI_INTERP_CONTROL_0" }, { 0x0286F8, "SPI_GPR_MGMT" },
	{ 0x02880C, "DB_SHADER_CONTROL" }, { 0x0288A4, "SQ_PGM_START_FS" }, { 0x028A14, "VGT_HOS_CNTL" },
	{ 0x028B70, "DB_ALPHA_TO_MASK" }, { 0x028BEC, "PA_CL_GB_VERT_DISC_ADJ" }, { 0x02803C, "DB_DEPTH_INFO" },
	{ 0x028364, "CP_RINGID" }, { 0x028368, "CP_VMID" }, { 0x028C58, "VGT_VERTEX_REUSE_BLOCK_CNTL" },
};

/* ../shared/reference/registers/crosscheck-default-state.tsv, when present */
static void crosscheck(const char *gen, const char *stream)
{
	FILE *f = fopen("../shared/reference/registers/crosscheck-default-state.tsv", "r");
	if (!f) {
		TL_SKIP("../shared/reference/registers/crosscheck-default-state.tsv not found: %s's registers not "
			"cross-checked against the kernel's comments (a fresh clone has no ../shared)", gen);
		return;
	}
	char line[1024];
	unsigned rows = 0, named = 0;
	while (fgets(line, sizeof line, f)) {
		char *col[8] = { 0 };
		unsigned nc = 0;
		char *p = line;
		line[strcspn(line, "\r\n")] = 0;
		while (nc < 8) {
			col[nc++] = p;
			char *tab = strchr(p, '\t');
			if (!tab)
				break;
			*tab = 0;
			p = tab + 1;
		}
		if (nc < 6 || strcmp(col[0], gen) || strcmp(col[1], stream))
			continue;
		uint32_t addr = (uint32_t)strtoul(col[2], 0, 16);
		const char *got = name_at(addr);
		rows++;
		CHECK(got != 0, "%s 0x%06x (%s): the stream does not write it, or it has no name", gen, addr, col[3]);
		if (!got)
			continue;
		if (col[3][0]) {
			named++;
			CHECK(!strcmp(got, col[3]), "%s 0x%06x: decoded as %s, the kernel's comment says %s", gen, addr, got,
			      col[3]);
		}
		if (col[5][0])
			CHECK(!strcmp(got, col[5]), "%s 0x%06x: decoded as %s, the register table has %s", gen, addr, got,
			      col[5]);
	}
	fclose(f);
	printf("# %s: crosscheck-default-state.tsv: %u rows, %u with a kernel comment name\n", gen, rows, named);
	CHECK(rows == nnames, "%s: %u crosscheck rows, %zu register dwords decoded", gen, rows, nnames);
}

static void one(const char *gen, const char *path, size_t want_words, unsigned want_packets, unsigned want_regs,
		const struct expect *ex, size_t nex)
{
	static uint32_t w[MAXW], w2[MAXW];
	size_t n = tu_read_words(path, GK_IN_AUTO, w, MAXW);
	size_t n2 = read_plain(path, w2, MAXW);
	CHECK(n == want_words, "%s: %zu words read from %s, want %zu (run from the repository root)", gen, n, path,
	      want_words);
	CHECK(n == n2 && !memcmp(w, w2, n * sizeof w[0]), "%s: the library's hex reader disagrees with a plain read",
	      gen);
	if (!n)
		return;

	struct gk_format fmt;
	CHECK(gk_pm4_format_init(&fmt, gen) == 0, "%s", gen);
	struct gk_check_state cs;
	gk_check_init(&cs);
	struct gk_membuf t = { 0, 0, 0 }, js = { 0, 0, 0 };
	static char ob[4096], jb[4096];
	struct gk_out o = GK_OUT_INIT(ob, sizeof ob, gk_membuf_write, &t);
	struct gk_out oj = GK_OUT_INIT(jb, sizeof jb, gk_membuf_write, &js);
	unsigned packets = 0, diags = 0, set_ctx = 0;
	size_t pos = 0;
	while (pos < n) {
		struct gk_packet pkt;
		struct gk_diags dg;
		memset(&dg, 0, sizeof dg);
		gk_packet_frame(&fmt, w + pos, n - pos, 4ull * pos, &pkt);
		gk_check_packet(&fmt, &cs, &pkt, &dg);
		for (unsigned i = 0; i < dg.n; i++) {
			char b[320];
			gk_diag_format(&dg.d[i], b, sizeof b);
			printf("  %s @0x%llx: %s\n", gen, (unsigned long long)dg.d[i].offset, b);
		}
		diags += dg.n + dg.dropped;
		if (pkt.frame.desc && !strcmp(pkt.frame.desc->name, "SET_CONTEXT_REG"))
			set_ctx++;
		gk_text_packet(&fmt, &pkt, false, &o);
		gk_json_packet(&fmt, &pkt, &dg, GK_JSON_TEXT, &oj);
		packets++;
		pos += pkt.ndw;
	}
	struct gk_diags end;
	memset(&end, 0, sizeof end);
	gk_check_end(&cs, 4ull * n, &end);
	gk_out_flush(&o);
	gk_out_flush(&oj);
	CHECK(diags == 0 && end.n == 0, "%s: %u check diagnostics, want none", gen, diags + end.n);
	CHECK(packets == want_packets && set_ctx == want_packets, "%s: %u packets (%u SET_CONTEXT_REG), want %u", gen,
	      packets, set_ctx, want_packets);

	/* register lines: "    0xADDR NAME <- ..." */
	nnames = 0;
	unsigned unnamed = 0, lines = 0;
	for (char *p = t.p; p && *p;) {
		char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		bool arrow = false;
		for (size_t k = 0; k + 3 <= len; k++)
			if (!memcmp(p + k, " <-", 3))
				arrow = true;
		if (len > 4 && p[0] == ' ' && arrow) {
			char addr[32], name[64];
			lines++;
			if (sscanf(p, " %31s %63s", addr, name) == 2 && strcmp(name, "<-") != 0) {
				if (nnames < MAXW) {
					names[nnames].addr = (uint32_t)strtoul(addr, 0, 16);
					snprintf(names[nnames].name, sizeof names[nnames].name, "%s", name);
					nnames++;
				}
			} else {
				unnamed++;
				printf("  %s: unnamed register: %.*s\n", gen, (int)len, p);
			}
		}
		p = nl ? nl + 1 : p + len;
	}
	CHECK(lines == want_regs, "%s: %u register lines, want %u", gen, lines, want_regs);
	CHECK(unnamed == 0, "%s: %u register dwords without a name", gen, unnamed);
	for (size_t i = 0; i < nex; i++) {
		const char *got = name_at(ex[i].addr);
		CHECK(got && !strcmp(got, ex[i].name), "%s 0x%06x: decoded as %s, the kernel's comment says %s", gen,
		      ex[i].addr, got ? got : "(not written)", ex[i].name);
	}
	crosscheck(gen, strcmp(gen, "cayman") ? "evergreen_default_state" : "cayman_default_state");

	/* one JSON line per packet, each naming SET_CONTEXT_REG */
	unsigned jl = 0, jnamed = 0;
	for (char *p = js.p; p && *p; p++)
		if (*p == '\n')
			jl++;
	for (char *p = js.p; p && (p = strstr(p, "\"name\":\"SET_CONTEXT_REG\"")); p++)
		jnamed++;
	CHECK(jl == want_packets && jnamed == want_packets, "%s: %u JSON lines, %u naming SET_CONTEXT_REG", gen, jl,
	      jnamed);
	CHECK(js.p && !strstr(js.p, "\"name\":null"), "%s: a JSON register without a name", gen);

	/* decode -> encode */
	static struct tu_asm out;
	unsigned errs = tu_assemble(&fmt, t.p ? t.p : "", &out);
	CHECK(errs == 0, "%s: %u assembler errors%s%s", gen, errs, out.nd ? ", first: " : "", tu_asm_first(&out));
	CHECK(out.n == n && !memcmp(out.w, w, n * sizeof w[0]), "%s: decode -> encode gives %zu words, not the %zu read",
	      gen, out.n, n);
	for (size_t i = 0; i < n && i < out.n; i++)
		if (out.w[i] != w[i]) {
			printf("  %s: first difference at word %zu: 0x%08x, want 0x%08x\n", gen, i, out.w[i], w[i]);
			break;
		}
	free(t.p);
	free(js.p);
}

int main(void)
{
	/* sizes from the kernel arrays: 32 resp. 31 SET_CONTEXT_REG packets */
	one("evergreen", "tests/vectors/evergreen_default_state.hex", 227, 32, 163, eg_names,
	    sizeof eg_names / sizeof eg_names[0]);
	one("cayman", "tests/vectors/cayman_default_state.hex", 245, 31, 183, cm_names,
	    sizeof cm_names / sizeof cm_names[0]);
	return tl_done();
}
