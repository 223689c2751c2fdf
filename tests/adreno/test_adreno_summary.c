/* The Adreno summary (gk_adreno_summary_*, src/adreno/adreno_summary.c): an
 * a630 stream that writes a colour target's address and format and the
 * window scissor, draws, dispatches and blits, run through the stream loop
 * with the summary fed from the unit callback; the lines say each event
 * with the targets the registers name, and the totals; a submit change
 * closes the previous one; register writes later than an event do not
 * reach it; and a2xx (no row) still counts. */
#include "adreno/adreno_testutil.h"
#include "gfxkit/gfxkit.h"

static uint32_t odd(uint32_t v)
{
	return (__builtin_popcount(v) & 1u) ? 0u : 1u;
}

static uint32_t t4(uint32_t reg, uint32_t cnt)
{
	return 0x40000000u | reg << 8 | odd(reg) << 27 | odd(cnt) << 7 | cnt;
}

static uint32_t t7(uint32_t op, uint32_t cnt)
{
	return 0x70000000u | op << 16 | odd(op) << 23 | odd(cnt) << 15 | cnt;
}

/* the dword offset of a register of the GPU, and a field's value in place */
static uint32_t reg(const char *gpu, const char *name)
{
	const struct gk_reg *r = gk_reg_by_name(gk_adreno_regs(gpu), name, strlen(name));
	CHECK(r != NULL, "%s has %s", gpu, name);
	return r ? r->offset / 4 : 0;
}

static uint32_t put(const char *gpu, const char *name, const char *field, uint32_t v)
{
	const struct gk_reg *r = gk_reg_by_name(gk_adreno_regs(gpu), name, strlen(name));
	const struct gk_reg_field *f = r ? gk_reg_field_by_name(r, field, strlen(field)) : NULL;
	CHECK(f != NULL, "%s.%s", name, field);
	return f ? v << f->lo : 0;
}

struct ctx {
	struct gk_adreno_summary *s;
	struct gk_out *out;
	long long submit;
};

static int on_unit(void *c_, struct gk_engine *e, uint64_t offset, const uint32_t *w, size_t n, const struct gk_diags *dg)
{
	struct ctx *c = c_;
	(void)offset;
	(void)w;
	(void)n;
	(void)dg;
	gk_adreno_summary_unit(c->s, e, c->submit, c->out);
	return GK_UNIT_GO;
}

static int discard(void *ctx, const void *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
	return 0;
}

/* the summary of words as submit `submit` into out (appended) */
static void run(const char *gpu, struct gk_adreno_summary *s, long long submit, const uint32_t *w, size_t n,
		struct gk_out *out)
{
	struct gk_bytes b = { w, 4 * n, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &b, GK_IN_BIN, 4);
	struct gk_engine *e = gk_engine_open("adreno", gpu, NULL);
	char qb[1024];
	struct gk_out quiet = GK_OUT_INIT(qb, sizeof qb, discard, NULL);
	struct ctx c = { s, out, submit };
	struct gk_stream_opts so = { .name = "t", .unit = on_unit, .unit_ctx = &c };
	struct gk_stream_stats st;
	gk_stream_run(e, in, &so, &quiet, &st);
	gk_engine_close(e);
	gk_input_destroy(in);
}

int main(void)
{
	const char *gpu = "a630";
	const struct gk_reg *info = gk_reg_by_name(gk_adreno_regs(gpu), "RB_MRT[0].BUF_INFO", 18);
	const struct gk_reg_field *cf = info ? gk_reg_field_by_name(info, "COLOR_FORMAT", 12) : NULL;
	const char *fmt_name = cf ? gk_reg_value_name(cf, 0x30) : NULL;
	CHECK(fmt_name != NULL, "a630 COLOR_FORMAT 0x30 has a name");
	uint32_t w[] = {
		t4(reg(gpu, "RB_MRT[0].BUF_INFO"), 1), 0x30,
		t4(reg(gpu, "RB_MRT[0].BASE"), 2), 0x00100000, 0x1,
		t4(reg(gpu, "GRAS_SC_WINDOW_SCISSOR_TL"), 2), 0,
		put(gpu, "GRAS_SC_WINDOW_SCISSOR_BR", "X", 99) | put(gpu, "GRAS_SC_WINDOW_SCISSOR_BR", "Y", 49),
		t7(0x38, 3), 0x00000186, 1, 4, /* CP_DRAW_INDX_OFFSET */
		t7(0x33, 4), 0, 1, 1, 1,       /* CP_EXEC_CS */
		t4(reg(gpu, "RB_MRT[0].BUF_INFO"), 1), 0x31, /* after the draw: not in its line */
	};
	static char buf[4096];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
	struct gk_adreno_summary *s = gk_adreno_summary_create(gpu);
	CHECK(s != NULL, "a summary for a630");
	run(gpu, s, 0, w, sizeof w / 4, &out);
	static const uint32_t blit[] = { 0x70460001, 0x1e /* BLIT */ };
	run(gpu, s, 1, blit, 2, &out);
	gk_adreno_summary_end(s, &out);
	buf[out.len] = 0;
	char want[256];
	snprintf(want, sizeof want, "draw CP_DRAW_INDX_OFFSET: MRT0 0x100100000 %s, window 0,0..99,49\n",
		 fmt_name ? fmt_name : "?");
	CHECK(!strncmp(buf, "submit 0:\n", 10) && strstr(buf, want), "the draw's line (%s) in:\n%s", want, buf);
	CHECK(strstr(buf, "dispatch CP_EXEC_CS\n") && strstr(buf, "  submit 0: 1 draw, 0 blits, 1 dispatch\nsubmit 1:\n"),
	      "the dispatch and submit 0's totals:\n%s", buf);
	CHECK(strstr(buf, "blit CP_EVENT_WRITE\n  submit 1: 0 draws, 1 blit, 0 dispatches\n"), "submit 1's blit:\n%s", buf);
	gk_adreno_summary_destroy(s);

	/* a2xx: no target row, the events still counted */
	s = gk_adreno_summary_create("a2xx");
	CHECK(s != NULL, "a summary for a2xx");
	out = (struct gk_out)GK_OUT_INIT(buf, sizeof buf - 1, NULL, NULL);
	static const uint32_t draw2[] = { 0xc0012200, 0, 0x00000004 }; /* type-3 CP_DRAW_INDX, 2 dwords */
	run("a2xx", s, 0, draw2, 3, &out);
	gk_adreno_summary_end(s, &out);
	buf[out.len] = 0;
	CHECK(strstr(buf, "draw CP_DRAW_INDX\n") && strstr(buf, "1 draw, 0 blits, 0 dispatches"), "a2xx:\n%s", buf);
	gk_adreno_summary_destroy(s);
	CHECK(!gk_adreno_summary_create("gfx9") && !gk_adreno_summary_create(NULL), "no summary for another GPU");
	return tl_done();
}
