/* Register lines against a plain reading of the register tables.  The text
 * printer visits only the fields that hold set bits of a value (the tables
 * keep fields sorted by lo without overlap); this test writes every line
 * the long way instead, testing each field of the register in turn as the
 * grammar in docs/syntax.md describes it, and compares:
 *  - gk_text_register (the piece-by-piece writer) for every register of
 *    every PM4 generation, and
 *  - SET_CONTEXT_REG packets through gk_text_packet (the writer that checks
 *    the buffer's room once a line) for every context register address of
 *    GFX9 and Evergreen, the ones no register has included,
 * each with zero, all ones, each field's lowest bit alone, the bits no field
 * claims and pseudo-random dense and sparse values. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gfxkit/gfxkit.h"
#include "core/out.h"
#include "testlib.h"

/* "    0xAAAAA NAME <- F=V ... [0xSTRAY]\n" by testing every field */
static void plain_line(const struct gk_reg *r, uint32_t addr, uint32_t v, char *b, size_t cap)
{
	size_t n = (size_t)snprintf(b, cap, "    0x%05x", (unsigned)addr);
	if (r)
		n += (size_t)snprintf(b + n, cap - n, " %s", r->name);
	n += (size_t)snprintf(b + n, cap - n, " <-");
	if (!r || !r->nfields) {
		snprintf(b + n, cap - n, " 0x%08x\n", (unsigned)v);
		return;
	}
	uint32_t claimed = 0;
	for (unsigned k = 0; k < r->nfields; k++) {
		const struct gk_reg_field *f = &r->fields[k];
		uint32_t m = (uint32_t)((2ull << f->hi) - (1ull << f->lo));
		uint32_t fv = (v & m) >> f->lo;
		claimed |= m;
		if (!fv)
			continue;
		const char *name = NULL;
		for (unsigned i = 0; i < f->nvalues; i++)
			if (f->values[i].value == fv)
				name = f->values[i].name;
		if (name)
			n += (size_t)snprintf(b + n, cap - n, " %s=%s", f->name, name);
		else if (f->hi - f->lo < 8)
			n += (size_t)snprintf(b + n, cap - n, " %s=%u", f->name, (unsigned)fv);
		else
			n += (size_t)snprintf(b + n, cap - n, " %s=0x%x", f->name, (unsigned)fv);
	}
	if (v & ~claimed)
		n += (size_t)snprintf(b + n, cap - n, " 0x%08x", (unsigned)(v & ~claimed));
	else if (!v)
		n += (size_t)snprintf(b + n, cap - n, " 0");
	snprintf(b + n, cap - n, "\n");
}

/* the values tried on r: *nv of them into out[] */
static unsigned values_for(const struct gk_reg *r, uint32_t *seed, uint32_t *out, unsigned room)
{
	unsigned n = 0;
	uint32_t claimed = 0;
	out[n++] = 0;
	out[n++] = 0xffffffffu;
	for (unsigned k = 0; k < r->nfields && n + 8 < room; k++) {
		out[n++] = 1u << r->fields[k].lo;
		claimed |= (uint32_t)((2ull << r->fields[k].hi) - (1ull << r->fields[k].lo));
	}
	out[n++] = ~claimed;
	out[n++] = ~claimed | 1u;
	for (unsigned i = 0; i < 3; i++) {
		uint32_t a = (*seed = *seed * 1103515245u + 12345u), b2 = (*seed = *seed * 1103515245u + 12345u);
		out[n++] = a ^ (b2 << 7);
		out[n++] = a & b2 & (b2 >> 11); /* sparse, as most register values are */
	}
	return n;
}

static void text_register_lines(const char *gen)
{
	struct gk_format *fmt = calloc(1, sizeof *fmt);
	if (!fmt || gk_pm4_format_init(fmt, gen) != 0 || !fmt->regs) {
		CHECK(0, "%s: no format", gen);
		free(fmt);
		return;
	}
	if (fmt->reg_value_text) {
		TL_SKIP("%s: typed register values, which this test's plain reading does not write", gen);
		free(fmt);
		return;
	}
	char want[4096], got[4096];
	unsigned lines = 0, bad = 0;
	uint32_t seed = 0x2545f491u, vals[80];
	for (size_t i = 0; i < fmt->regs->nregs; i++) {
		const struct gk_reg *r = gk_reg_at(fmt->regs, i);
		unsigned nv = values_for(r, &seed, vals, sizeof vals / sizeof vals[0]);
		for (unsigned j = 0; j < nv; j++) {
			plain_line(r, r->offset, vals[j], want, sizeof want);
			struct gk_out o = gk_out_text(got, sizeof got);
			gk_text_register(fmt, r->offset, vals[j], &o);
			gk_out_text_end(&o);
			lines++;
			if (strcmp(want, got) && !bad++)
				CHECK(0, "%s: %s = 0x%08x:\n%s  want\n%s", gen, r->name, vals[j], got, want);
		}
	}
	CHECK(!bad && lines > 1000, "%s: %u of %u register lines differ from the plain reading", gen, bad, lines);
	free(fmt);
}

/* SET_CONTEXT_REG of one value for every context register: the line after
 * the packet's own is the register line */
static void packet_register_lines(const char *gen)
{
	struct gk_format *fmt = calloc(1, sizeof *fmt);
	if (!fmt || gk_pm4_format_init(fmt, gen) != 0 || !fmt->regs) {
		CHECK(0, "%s: no format", gen);
		free(fmt);
		return;
	}
	char want[4096], got[8192];
	unsigned lines = 0, named = 0, bad = 0;
	uint32_t seed = 0x9e3779b9u, vals[80];
	static const struct gk_reg none = { 0 };
	for (uint32_t addr = 0x28000; addr < 0x29000; addr += 4) {
		const struct gk_reg *r = gk_reg_by_offset(fmt->regs, addr); /* NULL: a line without a name */
		unsigned nv = values_for(r ? r : &none, &seed, vals, sizeof vals / sizeof vals[0]);
		for (unsigned j = 0; j < nv; j++) {
			uint32_t w[3] = { 0xc0016900u, (addr - 0x28000) / 4, vals[j] };
			struct gk_packet pkt;
			gk_packet_frame(fmt, w, 3, 0, &pkt);
			struct gk_out o = gk_out_text(got, sizeof got);
			gk_text_packet(fmt, &pkt, false, &o);
			gk_out_text_end(&o);
			plain_line(r, addr, vals[j], want, sizeof want);
			const char *line = strchr(got, '\n');
			lines++;
			named += r != NULL;
			if ((!line || strcmp(line + 1, want)) && !bad++)
				CHECK(0, "%s: SET_CONTEXT_REG 0x%05x = 0x%08x:\n%s  want\n%s", gen, (unsigned)addr, vals[j],
				      got, want);
		}
	}
	CHECK(!bad && named > 1000 && lines > named,
	      "%s: %u of %u SET_CONTEXT_REG lines (%u named) differ from the plain reading", gen, bad, lines, named);
	free(fmt);
}

int main(void)
{
	static const char *const gens[] = { "r600", "r700", "evergreen", "cayman", "gfx6",    "gfx7",    "gfx8",
					    "gfx81", "gfx9", "gfx10",     "gfx10.3", "gfx11", "gfx11.5", "gfx12" };
	for (unsigned g = 0; g < sizeof gens / sizeof gens[0]; g++)
		text_register_lines(gens[g]);
	packet_register_lines("gfx9");
	packet_register_lines("evergreen");
	return tl_done();
}
