/* JSON of register-pair packets (GFX11 SET_CONTEXT_REG_PAIRS_PACKED): the
 * "registers" array holds every pair's write in group order, whether the
 * printer kept the writes while printing "groups" (up to 256 writes) or decoded
 * the groups a second time (more): packets of 3, 128 and 129 groups give
 * one entry per register written, each naming the register its offset
 * field names and carrying its value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* how many times key occurs in s */
static unsigned count(const char *s, const char *key)
{
	unsigned n = 0;
	for (const char *p = s; (p = strstr(p, key)) != NULL; p += strlen(key))
		n++;
	return n;
}

static void one(const struct gk_format *fmt, unsigned groups)
{
	/* groups of two writes: PA_SU_LINE_CNTL and PA_SC_CLIPRECT_3_TL, values counting up */
	size_t cap = 64 + (size_t)groups * 200;
	char *text = malloc(cap);
	size_t len = (size_t)snprintf(text, cap, "SET_CONTEXT_REG_PAIRS_PACKED REG_COUNT=%u\n", 2 * groups);
	for (unsigned g = 0; g < groups; g++)
		len += (size_t)snprintf(text + len, cap - len,
					"    REG_OFFSET0=PA_SU_LINE_CNTL REG_OFFSET1=PA_SC_CLIPRECT_3_TL REG_VALUE0=0x%x "
					"REG_VALUE1=0x%x\n",
					2 * g + 1, 2 * g + 2);
	struct words w = { 0 };
	struct gk_asm *a = gk_asm_create(fmt, words_emit, &w, NULL, NULL);
	const char *p = text;
	while (*p) {
		const char *nl = strchr(p, '\n');
		gk_asm_line(a, p, (size_t)(nl - p));
		p = nl + 1;
	}
	CHECK(gk_asm_finish(a) == 0, "%u groups assemble", groups);
	gk_asm_destroy(a);
	struct gk_packet pkt;
	gk_packet_frame(fmt, w.w, w.n, 0, &pkt);
	struct gk_membuf mb = { 0, 0, 0 };
	char buf[256];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &mb);
	struct gk_diags dg;
	gk_diags_reset(&dg);
	gk_json_packet(fmt, &pkt, &dg, 0, &o);
	gk_out_flush(&o);
	CHECK(!o.failed && mb.p, "%u groups: JSON written", groups);
	if (!mb.p)
		return;
	char *json = malloc(mb.n + 1);
	memcpy(json, mb.p, mb.n);
	json[mb.n] = 0;
	const char *regs = strstr(json, "\"registers\":[");
	CHECK(regs != NULL, "%u groups: a registers array", groups);
	if (regs) {
		CHECK(count(regs, "\"name\":\"PA_SU_LINE_CNTL\"") == groups, "%u groups: every first write (%u)", groups,
		      count(regs, "\"name\":\"PA_SU_LINE_CNTL\""));
		CHECK(count(regs, "\"name\":\"PA_SC_CLIPRECT_3_TL\"") == groups, "%u groups: every second write", groups);
		/* the last group's values, in order, at the end */
		char last[96];
		snprintf(last, sizeof last, "\"value\":%u,", 2 * groups - 1);
		const char *l0 = strstr(regs, last);
		snprintf(last, sizeof last, "\"value\":%u,", 2 * groups);
		const char *l1 = strstr(regs, last);
		CHECK(l0 && l1 && l0 < l1 && !strstr(l1 + 1, "\"offset\":"), "%u groups: the last pair last, in order",
		      groups);
	}
	free(json);
	free(mb.p);
	free(w.w);
	free(text);
}

int main(void)
{
	struct gk_format *fmt = malloc(sizeof *fmt);
	CHECK(fmt && gk_pm4_format_init(fmt, "gfx11") == 0, "the GFX11 PM4 format");
	if (!fmt)
		return 1;
	one(fmt, 3);
	one(fmt, 128); /* 256 writes: as many as the printer keeps */
	one(fmt, 129); /* 258: more than it keeps, decoded again */
	free(fmt);
	return tl_done();
}
