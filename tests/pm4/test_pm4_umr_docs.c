/* umr's own documentation examples decoded as umr shows them: the three
 * ring/IB listings of umr's "Ring and IB Decoding" page (umr
 * doc/sphinx/source/ring.rst, read from the GitHub copy ps4gentoo/ps4-umr at
 * commit 3c5c89f729353b0f4da84b7556b4ee9caccc8548; umr is MIT-licensed, AMD):
 *  - `umr --ring-stream gfx[.]`: a GFX8 gfx ring (tab-separated, the word in
 *    brackets without padding), cut by the page's "...<snip>..." inside its
 *    CONTEXT_CONTROL;
 *  - an IB it followed, "Decoding IB at 7@0x223000", whose SET_CONTEXT_REG
 *    offset dwords umr leaves out (it names gfx800.mm registers instead);
 *  - `umr --dump-ib 0@0xff00402000 0x10`: 19 words, whole.
 * The listings are kept as the page prints them (each line indented by a
 * tab).  Each is read by gfxkit's umr reader on gfx8, and measured against
 * what umr printed: every packet umr shows starts at umr's offset, with
 * umr's name (PKT3_ dropped; the one-dword pad is NOP_PAD) and umr's length
 * (COUNT + 1 body words), except where the page cut it; every word umr
 * printed is the word gfxkit decoded at that address; every register umr
 * names in a SET_*_REG body is the register gfxkit's table has at that
 * dword, with umr's value.  Counts are asserted so that nothing passes
 * vacuously. */
#include <stdio.h>

#include "pm4/pm4_tab.h"
#include "pm4_testutil.h"

#include "gfxkit/engine.h"
#include "gfxkit/input.h"

static const char ring_gfx8[] =
	"\tDecoding IB at 0@0x0 from 0@0x0 of 257 words (type 4)\n"
	"\t[0@0x00000000 + 0x0000]\t[0xffff1000]\tOpcode 0x10 [PKT3_NOP] (0 words, type: 3, hdr: 0xffff1000)\n"
	"\t[0@0x00000000 + 0x0004]\t[0xc0032200]\tOpcode 0x22 [PKT3_COND_EXEC] (4 words, type: 3, hdr: 0xc0032200)\n"
	"\t[0@0x00000000 + 0x0008]\t[0x00400080]\t|---> GPU_ADDR_LO32=0x400080\n"
	"\t[0@0x00000000 + 0x000c]\t[0x000000ff]\t|---> GPU_ADDR_HI32=0xff\n"
	"\t[0@0x00000000 + 0x0010]\t[0x00000000]\t|---> TEST_VALUE=0x0\n"
	"\t[0@0x00000000 + 0x0014]\t[0x0000002f]\t|---> PATCH_VALUE=0x2f\n"
	"\t[0@0x00000000 + 0x0018]\t[0xc0053c00]\tOpcode 0x3c [PKT3_WAIT_REG_MEM] (6 words, type: 3, hdr: 0xc0053c00)\n"
	"\t[0@0x00000000 + 0x001c]\t[0x00000143]\t|---> ENGINE=[PFP]/1, MEMSPACE=[REG]/0, OPERATION=1, FUNCTION=[==]/3\n"
	"\t[0@0x00000000 + 0x0020]\t[0x00001537]\t|---> POLL_ADDRESS_LO=0x1534, SWAP=0x3\n"
	"\t[0@0x00000000 + 0x0024]\t[0x00001538]\t|---> POLL_ADDRESS_HI=0x1538\n"
	"\t[0@0x00000000 + 0x0028]\t[0x00000001]\t|---> REFERENCE=0x1\n"
	"\t[0@0x00000000 + 0x002c]\t[0x00000001]\t|---> MASK=0x1\n"
	"\t[0@0x00000000 + 0x0030]\t[0x00000020]\t|---> POLL INTERVAL=0x20\n"
	"\t[0@0x00000000 + 0x0034]\t[0xc0004600]\tOpcode 0x46 [PKT3_EVENT_WRITE] (1 words, type: 3, hdr: 0xc0004600)\n"
	"\t[0@0x00000000 + 0x0038]\t[0x0000040f]\t|---> EVENT_TYPE=15, EVENT_INDEX=4\n"
	"\t[0@0x00000000 + 0x003c]\t[0xc0004600]\tOpcode 0x46 [PKT3_EVENT_WRITE] (1 words, type: 3, hdr: 0xc0004600)\n"
	"\t[0@0x00000000 + 0x0040]\t[0x00000024]\t|---> EVENT_TYPE=36, EVENT_INDEX=0\n"
	"\t[0@0x00000000 + 0x0044]\t[0xc0012800]\tOpcode 0x28 [PKT3_CONTEXT_CONTROL] (2 words, type: 3, hdr: 0xc0012800)\n"
	"\t[0@0x00000000 + 0x0048]\t[0x81018003]\t|---> LOAD_EN=1, LOAD_CS=1, LOAD_GFX=1, LOAD_MULTI=1, LOAD_SINGLE=1\n"
	"\t...<snip>...\n";

static const char ib_gfx8[] =
	"\tDecoding IB at 7@0x223000 from 0@0x8c of 512 words (type 4)\n"
	"\t[7@0x00223000 + 0x0000] [0xc0012800]    Opcode 0x28 [PKT3_CONTEXT_CONTROL] (2 words, type: 3, hdr: 0xc0012800)\n"
	"\t[7@0x00223000 + 0x0004] [0x80000000]    |---> LOAD_EN=1, LOAD_CS=0, LOAD_GFX=0, LOAD_MULTI=0, LOAD_SINGLE=0\n"
	"\t[7@0x00223000 + 0x0008] [0x80000000]    |---> SHADOW_EN=1, SHADOW_CS=0, SHADOW_GFX=0, SHADOW_MULTI=0, SHADOW_SINGLE=0\n"
	"\t[7@0x00223000 + 0x000c] [0xc0001200]    Opcode 0x12 [PKT3_CLEAR_STATE] (1 words, type: 3, hdr: 0xc0001200)\n"
	"\t[7@0x00223000 + 0x0010] [0x00000000]    |---> CMD=0\n"
	"\t[7@0x00223000 + 0x0014] [0xc0026900]    Opcode 0x69 [PKT3_SET_CONTEXT_REG] (3 words, type: 3, hdr: 0xc0026900)\n"
	"\t[7@0x00223000 + 0x001c] [0x80000000]    |---> gfx800.mmPA_SC_GENERIC_SCISSOR_TL=0x80000000\n"
	"\t[7@0x00223000 + 0x0020] [0x40004000]    |---> gfx800.mmPA_SC_GENERIC_SCISSOR_BR=0x40004000\n"
	"\t[7@0x00223000 + 0x0024] [0xc0016900]    Opcode 0x69 [PKT3_SET_CONTEXT_REG] (2 words, type: 3, hdr: 0xc0016900)\n"
	"\t[7@0x00223000 + 0x002c] [0x42800000]    |---> gfx800.mmVGT_HOS_MAX_TESS_LEVEL=0x42800000\n"
	"\t[7@0x00223000 + 0x0030] [0xc0026900]    Opcode 0x69 [PKT3_SET_CONTEXT_REG] (3 words, type: 3, hdr: 0xc0026900)\n"
	"\t[7@0x00223000 + 0x0038] [0x01000600]    |---> gfx800.mmTA_BC_BASE_ADDR=0x1000600\n"
	"\t[7@0x00223000 + 0x003c] [0x00000000]    |---> gfx800.mmTA_BC_BASE_ADDR_HI=0x0\n"
	"\t...<snip>...\n";

static const char dump_ib_gfx8[] =
	"\n"
	"\tDecoding IB at 0@0xff00402000 from 0@0x0 of 19 words (type 4)\n"
	"\t[0@0x00000000 + 0x0000] [0xc0032200]    Opcode 0x22 [PKT3_COND_EXEC] (4 words, type: 3, hdr: 0xc0032200)\n"
	"\t[0@0x00000000 + 0x0004] [0x00400080]    |---> GPU_ADDR_LO32=0x400080\n"
	"\t[0@0x00000000 + 0x0008] [0x000000ff]    |---> GPU_ADDR_HI32=0xff\n"
	"\t[0@0x00000000 + 0x000c] [0x00000000]    |---> TEST_VALUE=0x0\n"
	"\t[0@0x00000000 + 0x0010] [0x0000002f]    |---> PATCH_VALUE=0x2f\n"
	"\t[0@0x00000000 + 0x0014] [0xc0053c00]    Opcode 0x3c [PKT3_WAIT_REG_MEM] (6 words, type: 3, hdr: 0xc0053c00)\n"
	"\t[0@0x00000000 + 0x0018] [0x00000143]    |---> ENGINE=[PFP]/1, MEMSPACE=[REG]/0, OPERATION=1, FUNCTION=[==]/3\n"
	"\t[0@0x00000000 + 0x001c] [0x00001537]    |---> POLL_ADDRESS_LO=0x1534, SWAP=0x3\n"
	"\t[0@0x00000000 + 0x0020] [0x00001538]    |---> POLL_ADDRESS_HI=0x1538\n"
	"\t[0@0x00000000 + 0x0024] [0x00000001]    |---> REFERENCE=0x1\n"
	"\t[0@0x00000000 + 0x0028] [0x00000001]    |---> MASK=0x1\n"
	"\t[0@0x00000000 + 0x002c] [0x00000020]    |---> POLL INTERVAL=0x20\n"
	"\t[0@0x00000000 + 0x0030] [0xc0004600]    Opcode 0x46 [PKT3_EVENT_WRITE] (1 words, type: 3, hdr: 0xc0004600)\n"
	"\t[0@0x00000000 + 0x0034] [0x0000040f]    |---> EVENT_TYPE=15, EVENT_INDEX=4\n"
	"\t[0@0x00000000 + 0x0038] [0xc0004600]    Opcode 0x46 [PKT3_EVENT_WRITE] (1 words, type: 3, hdr: 0xc0004600)\n"
	"\t[0@0x00000000 + 0x003c] [0x00000024]    |---> EVENT_TYPE=36, EVENT_INDEX=0\n"
	"\t[0@0x00000000 + 0x0040] [0xc0012800]    Opcode 0x28 [PKT3_CONTEXT_CONTROL] (2 words, type: 3, hdr: 0xc0012800)\n"
	"\t[0@0x00000000 + 0x0044] [0x81018003]    |---> LOAD_EN=1, LOAD_CS=1, LOAD_GFX=1, LOAD_MULTI=1, LOAD_SINGLE=1\n"
	"\t[0@0x00000000 + 0x0048] [0x00000000]    |---> SHADOW_EN=0, SHADOW_CS=0, SHADOW_GFX=0, SHADOW_MULTI=0, SHADOW_SINGLE=0\n"
	"\tDone decoding IB\n";

#define MAXU 64

/* what gfxkit decoded: each unit's offset, name, length and words */
struct got {
	unsigned n;
	struct {
		uint64_t off;
		char name[48];
		size_t nw;
		uint32_t w[16];
	} u[MAXU];
};

static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
		   const struct gk_diags *dg)
{
	(void)dg;
	struct got *g = ctx;
	if (g->n == MAXU)
		return GK_UNIT_GO;
	const struct gk_unit *u = gk_engine_unit(e);
	g->u[g->n].off = offset;
	snprintf(g->u[g->n].name, sizeof g->u[g->n].name, "%s", u && u->desc && u->desc->name ? u->desc->name : "(raw)");
	g->u[g->n].nw = n;
	for (size_t i = 0; i < n && i < 16; i++)
		g->u[g->n].w[i] = words[i];
	g->n++;
	return GK_UNIT_GO;
}

/* the unit holding address a, and the index of a's word in it */
static int unit_at(const struct got *g, uint64_t a, size_t *k)
{
	for (unsigned i = 0; i < g->n; i++)
		if (a >= g->u[i].off && a < g->u[i].off + 4 * g->u[i].nw) {
			*k = (size_t)(a - g->u[i].off) / 4;
			return (int)i;
		}
	return -1;
}

/* the register space (dword address of offset 0) of a SET_*_REG (sid.h) */
static uint32_t space_of(uint32_t hdr)
{
	switch ((hdr >> 8) & 0xff) {
	case 0x68: return 0x2000;
	case 0x69: return 0xA000;
	case 0x76: return 0x2C00;
	case 0x79: return 0xC000;
	default: return 0;
	}
}

struct counts {
	unsigned packets, words, regs;
};

#define NO_CUT UINT64_MAX

/* One listing: read with gfxkit's umr reader and measured against every
 * line umr printed; cut: the address the page's snip cuts a packet at
 * (NO_CUT: none) */
static void one(const char *what, const char *text, uint64_t cut, struct counts *c)
{
	const struct gk_format *fmt = tu_fmt("gfx8");
	struct gk_engine *e = gk_engine_open("pm4", "gfx8", NULL);
	struct tl_reader rd = { (const uint8_t *)text, strlen(text), 0, 7 };
	struct gk_input *in = gk_input_create(tl_read, &rd, GK_IN_AUTO, 4);
	CHECK(e && in && gk_input_set_reg_lookup(in, gk_engine_reg_lookup, e) == 0, "%s: opened", what);
	struct got g;
	memset(&g, 0, sizeof g);
	struct gk_stream_opts so = { .check = true, .unit = on_unit, .unit_ctx = &g };
	static char buf[1 << 14];
	struct gk_out none = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
	struct gk_stream_stats st;
	CHECK(gk_stream_run(e, in, &so, &none, &st) == 0, "%s: ran", what);
	CHECK(gk_input_format(in) == GK_IN_UMR, "%s: read as a umr listing", what);
	CHECK(!gk_input_error(in), "%s: read whole: %s", what, gk_input_error(in) ? gk_input_error(in)->message : "");
	/* every line umr printed */
	for (const char *next = text; *next;) {
		/* one line, on its own */
		char l[512];
		const char *nl = strchr(next, '\n');
		size_t ll = nl ? (size_t)(nl - next) : strlen(next);
		snprintf(l, sizeof l, "%.*s", (int)(ll < sizeof l ? ll : sizeof l - 1), next);
		next += ll + (nl != NULL);
		unsigned vmid, off, word;
		unsigned long long base;
		int used = 0;
		if (sscanf(l, " [%u@0x%llx + 0x%x] [0x%x]%n", &vmid, &base, &off, &word, &used) != 4)
			continue;
		uint64_t a = base + off;
		const char *rest = l + used;
		while (*rest == ' ' || *rest == '\t')
			rest++;
		size_t k = 0;
		int i = unit_at(&g, a, &k);
		CHECK(i >= 0 && g.u[i].w[k] == word, "%s: 0x%llx: umr's word 0x%08x decoded", what, (unsigned long long)a,
		      word);
		c->words++;
		char name[48];
		unsigned nbody;
		if (sscanf(rest, "Opcode 0x%*x [PKT3_%47[A-Z0-9_]] (%u words", name, &nbody) == 2) {
			if (word == 0xffff1000u)
				snprintf(name, sizeof name, "NOP_PAD"); /* Mesa's name of the one-dword pad */
			/* the packet the page's snip cuts is shown raw, cut where the
			 * listing ends ("runs past the end of the buffer") */
			CHECK(i >= 0 && k == 0 && !strcmp(g.u[i].name, a == cut ? "(raw)" : name), "%s: 0x%llx: %s is umr's %s",
			      what, (unsigned long long)a, i >= 0 ? g.u[i].name : "nothing", name);
			size_t want = word == 0xffff1000u ? 1 : nbody + 1;
			if (a != cut)
				CHECK(i >= 0 && g.u[i].nw == want, "%s: 0x%llx: %zu dwords, umr's %zu", what,
				      (unsigned long long)a, i >= 0 ? g.u[i].nw : 0, want);
			c->packets++;
			continue;
		}
		/* "|---> gfx800.mmNAME=0xVALUE": the register at that dword */
		const char *mm = strstr(rest, ".mm");
		if (!strncmp(rest, "|---> ", 6) && mm) {
			char rname[64];
			unsigned v;
			if (sscanf(mm + 3, "%63[A-Za-z0-9_]=0x%x", rname, &v) != 2)
				continue;
			uint32_t sp = i >= 0 ? space_of(g.u[i].w[0]) : 0;
			CHECK(sp && k >= 2, "%s: 0x%llx: %s in a SET_*_REG body", what, (unsigned long long)a, rname);
			if (!sp || k < 2)
				continue;
			uint32_t ra = 4 * (sp + (g.u[i].w[1] & 0xffff) + (uint32_t)(k - 2));
			const struct gk_reg *r = gk_reg_by_offset(fmt->regs, ra);
			CHECK(r && !strcmp(r->name, rname) && v == word, "%s: 0x%llx: 0x%05x is %s (umr: %s=0x%x)", what,
			      (unsigned long long)a, ra, r ? r->name : "unnamed", rname, v);
			c->regs++;
		}
	}
	gk_input_destroy(in);
	gk_engine_close(e);
}

int main(void)
{
	struct counts c = { 0, 0, 0 };
	/* the page's snip cuts the ring inside CONTEXT_CONTROL at 0x44 */
	one("ring gfx[.]", ring_gfx8, 0x44, &c);
	one("IB 7@0x223000", ib_gfx8, NO_CUT, &c);
	one("--dump-ib", dump_ib_gfx8, NO_CUT, &c);
	/* 6 + 5 + 5 packets, 19 + 13 + 19 printed words, 5 registers */
	CHECK(c.packets == 16 && c.words == 51 && c.regs == 5, "%u packets, %u words, %u registers", c.packets, c.words,
	      c.regs);
	return tl_done();
}
