/* The library's contracts at its edges: what every public function answers
 * to NULL pointers, zero lengths and maximal values (an error or a
 * documented harmless result, never a crash), and the output plumbing with
 * no buffer.  The sanitized build of this test turns any overread into a
 * failure. */
#define _POSIX_C_SOURCE 200809L /* alarm(): a gk_out that loops is a failure, not a hang */
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

/* A write callback that keeps what it is handed and counts its calls. */
struct sink {
	char b[256];
	size_t n;
	unsigned calls;
	int fail;
};

static int sink_write(void *ctx, const void *p, size_t n)
{
	struct sink *s = ctx;
	s->calls++;
	if (s->fail)
		return -1;
	size_t k = n < sizeof s->b - 1 - s->n ? n : sizeof s->b - 1 - s->n;
	memcpy(s->b + s->n, p, k);
	s->n += k;
	s->b[s->n] = 0;
	return 0;
}

/* ---- a gk_out with no buffer, or a tiny one ---- */
static void test_out_nobuf(void)
{
	static const char msg[] = "0123456789abcdefghij";
	struct sink s = { 0 };
	/* cap 0, buf NULL: every piece goes straight to the callback */
	struct gk_out o = GK_OUT_INIT(NULL, 0, sink_write, &s);
	gk_out_str(&o, msg);
	gk_out_mem(&o, "!", 1);
	gk_out_flush(&o);
	CHECK(!strcmp(s.b, "0123456789abcdefghij!") && !o.failed, "cap 0: '%s'", s.b);
	CHECK(s.calls == 2 && o.len == 0, "cap 0: %u calls, len %zu", s.calls, o.len);

	/* buf NULL but a cap: treated as no buffer, never written through NULL */
	memset(&s, 0, sizeof s);
	o = (struct gk_out)GK_OUT_INIT(NULL, 64, sink_write, &s);
	gk_out_str(&o, msg);
	CHECK(!strcmp(s.b, msg) && o.cap == 0, "buf NULL cap 64: '%s' cap %zu", s.b, o.cap);

	/* a 1-byte buffer: flushed a byte at a time, nothing lost */
	char one[1];
	memset(&s, 0, sizeof s);
	o = (struct gk_out)GK_OUT_INIT(one, 1, sink_write, &s);
	gk_out_str(&o, msg);
	gk_out_flush(&o);
	CHECK(!strcmp(s.b, msg) && !o.failed, "cap 1: '%s'", s.b);
	CHECK(s.calls == strlen(msg), "cap 1: %u calls", s.calls);

	/* a failing callback: failed is set, nothing more is handed over */
	memset(&s, 0, sizeof s);
	s.fail = 1;
	o = (struct gk_out)GK_OUT_INIT(NULL, 0, sink_write, &s);
	gk_out_str(&o, msg);
	gk_out_str(&o, msg);
	CHECK(o.failed && s.calls == 1, "failing callback: failed %d, %u calls", o.failed, s.calls);
	memset(&s, 0, sizeof s);
	s.fail = 1;
	o = (struct gk_out)GK_OUT_INIT(one, 1, sink_write, &s);
	gk_out_str(&o, msg);
	gk_out_flush(&o);
	CHECK(o.failed && s.calls == 1 && o.len <= 1, "failing callback cap 1: %u calls", s.calls);

	/* no buffer, no callback: a length query */
	o = (struct gk_out)GK_OUT_INIT(NULL, 0, NULL, NULL);
	gk_out_str(&o, msg);
	gk_out_mem(&o, msg, 3);
	CHECK(o.dropped == 23 && o.len == 0, "length query: dropped %zu", o.dropped);

	/* a len beyond cap is cut back instead of wrapping cap - len */
	char four[4];
	memset(&s, 0, sizeof s);
	o = (struct gk_out){ four, 9, 4, sink_write, &s, 0, 0 };
	gk_out_str(&o, "xy");
	CHECK(o.failed && o.len <= o.cap, "len > cap: len %zu failed %d", o.len, o.failed);

	/* NULLs */
	gk_out_flush(NULL);
	gk_out_mem(NULL, msg, 3);
	gk_out_str(NULL, msg);
	o = (struct gk_out)GK_OUT_INIT(NULL, 0, NULL, NULL);
	gk_out_str(&o, NULL);
	gk_out_mem(&o, msg, 0);
	CHECK(o.dropped == 0 && !o.failed, "NULL string / 0 bytes wrote something");
	gk_out_mem(&o, NULL, 5);
	CHECK(o.failed && o.dropped == 0, "NULL bytes not reported");

	/* the printers over an out with no buffer */
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (fmt && gk_pm4_format_init(fmt, "evergreen") == 0) {
		const uint32_t eop[] = { 0xc0044700, 0x00000514, 0x00100000, 0x42000000, 0x1234, 0 };
		struct gk_packet pkt;
		gk_packet_frame(fmt, eop, 6, 0, &pkt);
		struct gk_membuf t = { 0 };
		o = (struct gk_out)GK_OUT_INIT(NULL, 0, gk_membuf_write, &t);
		gk_text_packet(fmt, &pkt, false, &o);
		gk_json_packet(fmt, &pkt, NULL, GK_JSON_TEXT, &o);
		gk_out_flush(&o);
		CHECK(t.p && strstr(t.p, "EVENT_WRITE_EOP") && strstr(t.p, "\"EVENT_WRITE_EOP\""),
		      "printers through a bufferless out: %s", t.p ? t.p : "(nothing)");
		free(t.p);
	}
	free(fmt);
}

/* ---- gk_diag_format: snprintf semantics ---- */
static void test_diag_format(void)
{
	struct gk_diag d = { 0 };
	d.severity = GK_ERROR;
	d.code = GK_D_MISALIGNED;
	d.dw = 1;
	d.lo = 0;
	d.hi = 1;
	d.packet = "MEM_WRITE";
	strcpy(d.message, "address not QWORD-aligned");
	static const char want[] = "MEM_WRITE: dw1[1:0]: address not QWORD-aligned";
	const size_t L = sizeof want - 1;
	char buf[128];
	CHECK(gk_diag_format(&d, NULL, 0) == L, "length query: %zu, want %zu", gk_diag_format(&d, NULL, 0), L);
	CHECK(gk_diag_format(&d, buf, 0) == L, "cap 0 length");
	memset(buf, 'x', sizeof buf);
	CHECK(gk_diag_format(&d, buf, sizeof buf) == L && !strcmp(buf, want), "whole: '%s'", buf);
	/* small caps: cut, NUL-terminated, never a byte past cap */
	size_t caps[] = { 1, 2, L, L + 1 };
	for (unsigned k = 0; k < 4; k++) {
		size_t cap = caps[k];
		memset(buf, 'x', sizeof buf);
		size_t n = gk_diag_format(&d, buf, cap);
		size_t got = strlen(buf);
		CHECK(n == L, "cap %zu: returned %zu", cap, n);
		CHECK(got == cap - 1 && !memcmp(buf, want, got), "cap %zu: '%s'", cap, buf);
		CHECK(buf[cap] == 'x', "cap %zu: wrote past cap", cap);
	}
	/* buf NULL with a cap is a length query too; a NULL diagnostic is empty */
	CHECK(gk_diag_format(&d, NULL, 40) == L, "buf NULL cap 40");
	buf[0] = 'x';
	CHECK(gk_diag_format(NULL, buf, sizeof buf) == 0 && buf[0] == 0, "NULL diagnostic");
	CHECK(gk_diag_format(NULL, NULL, 0) == 0, "NULL diagnostic, no buffer");
	CHECK(gk_diag_format(&d, buf, SIZE_MAX) == L && !strcmp(buf, want), "cap SIZE_MAX");
	/* the other two shapes, and no packet */
	d.lo = -1;
	CHECK(gk_diag_format(&d, buf, sizeof buf) == strlen(buf) && !strcmp(buf, "MEM_WRITE: dw1: address not QWORD-aligned"),
	      "'%s'", buf);
	d.dw = -1;
	d.packet = NULL;
	CHECK(gk_diag_format(&d, buf, sizeof buf) == strlen(buf) && !strcmp(buf, "-: address not QWORD-aligned"), "'%s'",
	      buf);
}

/* ---- a message with no terminating NUL: every printer stops at the array's end ---- */
static void test_unterminated_message(void)
{
	struct gk_diag d = { 0 };
	d.severity = GK_ERROR;
	d.code = GK_D_RANGE;
	d.dw = -1;
	d.lo = d.hi = -1;
	d.packet = "P";
	memset(d.message, 'A', sizeof d.message);
	const size_t M = sizeof d.message;
	CHECK(gk_diag_message_len(&d) == M, "message length %zu", gk_diag_message_len(&d));
	CHECK(gk_diag_message_len(NULL) == 0, "NULL diagnostic length");

	char buf[512];
	size_t n = gk_diag_format(&d, buf, sizeof buf);
	CHECK(n == 3 + M && strlen(buf) == n && buf[3] == 'A' && buf[n - 1] == 'A', "format: %zu", n);

	/* text and JSON diagnostics of a stream */
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	dg.d[0] = d;
	dg.n = 1;
	dg.errors = 1;
	struct gk_membuf t = { 0 };
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &t);
	gk_text_diags(&dg, &o);
	gk_json_end("pm4", 64, &dg, &o);
	gk_out_flush(&o);
	char run[sizeof d.message + 2];
	memset(run, 'A', M);
	run[M] = 0;
	CHECK(t.p && strstr(t.p, run), "text/JSON lost the message: %s", t.p ? t.p : "(nothing)");
	run[M] = 'A';
	run[M + 1] = 0;
	CHECK(t.p && !strstr(t.p, run), "text/JSON read past the message");
	free(t.p);

	/* the AMDGPU printers and the sendmsg error object */
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find("gfx10");
	struct gk_amdgpu_insn in;
	gk_amdgpu_decode(g, 0xbf900001u, 0, &in);
	memset(&t, 0, sizeof t);
	o = (struct gk_out)GK_OUT_INIT(NULL, 0, gk_membuf_write, &t);
	gk_amdgpu_text_line(g, &in, &dg, &o);
	gk_amdgpu_json(g, &in, &dg, GK_JSON_TEXT, &o);
	gk_sendmsg_json(g, "x", 0, 0, &d, &o);
	run[M] = 0;
	CHECK(t.p && strstr(t.p, run), "amdgpu printers lost the message");
	run[M] = 'A';
	CHECK(t.p && !strstr(t.p, run), "amdgpu printers read past the message");
	free(t.p);

	/* tiling's info objects */
	struct gk_tile_surface *s = calloc(1, sizeof *s);
	if (s) {
		gk_tile_params_init(&s->p);
		s->ndiags = 1;
		s->errors = 1;
		s->diags[0] = d;
		s->diags[0].field = "bpp";
		char *big = malloc(4096);
		if (big) {
			n = gk_tile_info_json(s, big, 4096);
			CHECK(n < 4096 && strstr(big, "AAAA") && !strstr(big, run), "tile info JSON");
			n = gk_tile_info_text(s, big, 4096);
			CHECK(n < 4096 && !strstr(big, run), "tile info text");
		}
		free(big);
		free(s);
	}
}

/* ---- every public function: NULL pointers, zero lengths, maximal values ---- */

static int emit_none(void *ctx, const uint32_t *w, size_t n)
{
	(void)ctx;
	(void)w;
	(void)n;
	return 0;
}

static int count_diag(void *ctx, const struct gk_diag *d)
{
	(void)d;
	++*(unsigned *)ctx;
	return 0;
}

static int take_mod(void *ctx, uint64_t v)
{
	(void)v;
	++*(unsigned *)ctx;
	return 0;
}

static void test_core_nulls(void)
{
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (!fmt)
		return;
	CHECK(gk_pm4_format_init(NULL, "evergreen") == -1, "pm4 init NULL fmt");
	CHECK(gk_dma_format_init(NULL, "cayman") == -1, "dma init NULL fmt");
	CHECK(gk_dma_format_init(fmt, NULL) == -1, "dma init NULL gpu");
	CHECK(gk_pm4_gpu_help() && gk_dma_gpu_help(), "help texts");
	gk_format_prepare(NULL);
	CHECK(gk_pm4_format_init(fmt, "evergreen") == 0, "pm4 init");

	/* descriptions */
	CHECK(gk_format_find(NULL, "NOP", 3) == NULL, "find NULL fmt");
	CHECK(gk_format_find(fmt, NULL, 3) == NULL, "find NULL name");
	CHECK(gk_format_find(fmt, "NOP", 0) == NULL, "find empty name");
	CHECK(gk_format_find(fmt, "NOP", SIZE_MAX) == NULL, "find len SIZE_MAX");
	CHECK(gk_format_reg_from(NULL, 0) == 0, "reg_from NULL fmt");
	CHECK(gk_format_reg_from(fmt, UINT32_MAX) == fmt->regs->nregs, "reg_from max: the end");
	CHECK(gk_reg_at(fmt->regs, fmt->regs->nregs) == NULL && gk_reg_at(NULL, 0) == NULL, "reg_at past the end");
	CHECK(gk_reg_name_at(fmt->regs, fmt->regs->nnames) == NULL && gk_reg_name_at(NULL, 0) == NULL, "name_at past the end");
	CHECK(gk_reg_lower_bound(NULL, 0) == 0, "lower_bound NULL");
	const struct gk_packet_desc *nop = gk_format_find(fmt, "NOP", 3);
	CHECK(nop != NULL, "NOP found");
	const struct gk_field *f = nop ? &nop->hdr[0] : NULL;
	uint32_t w[2] = { 0, 0 };
	CHECK(gk_field_get(NULL, w, 2) == 0 && gk_field_get(f, NULL, 2) == 0 && gk_field_get(f, w, 0) == 0,
	      "field_get NULLs");
	CHECK(!gk_field_fits(NULL, 1), "fits NULL");
	gk_field_put(NULL, w, 2, UINT64_MAX);
	gk_field_put(f, NULL, 2, UINT64_MAX);
	gk_field_put(f, w, 0, UINT64_MAX);
	CHECK(w[0] == 0 && w[1] == 0, "field_put with nothing to write wrote");
	CHECK(gk_field_mask(NULL, 0) == 0 && gk_field_width(NULL) == 0 && gk_field_last_dw(NULL) == 0, "field NULLs");
	CHECK(gk_field_mask(f, UINT32_MAX) == 0, "mask of a dword no field has");
	CHECK(!gk_field_present(NULL, 0, w, 2, 1), "present NULL");
	struct gk_field many = { 0 };
	many.nseg = 255; /* more segments than the array holds */
	many.seg[0] = (struct gk_seg){ 0, 0, 3, 0 };
	w[0] = 0xf;
	CHECK(gk_field_get(&many, w, 2) == 0xf && gk_field_width(&many) == 4, "nseg beyond the array");
	CHECK(gk_enum_name(NULL, 0) == NULL, "enum NULL");
	static const char *const two[2] = { "A", "B" };
	struct gk_enum e1 = { 1, two, NULL }, e64 = { 64, two, NULL }, e0 = { 1, NULL, NULL };
	CHECK(gk_enum_name(&e1, UINT64_MAX) == NULL && gk_enum_name(&e1, 1) == two[1], "enum max");
	CHECK(gk_enum_name(&e64, 1) == NULL && gk_enum_name(&e0, 0) == NULL, "enum nbits 64 / no names");

	/* register database */
	const struct gk_reg_table *rt = fmt->regs;
	CHECK(gk_reg_by_offset(NULL, 0) == NULL && gk_reg_lower_bound(NULL, 0) == 0, "reg NULL table");
	CHECK(gk_reg_by_name(NULL, "X", 1) == NULL && gk_reg_by_name(rt, NULL, 1) == NULL, "reg name NULLs");
	CHECK(gk_reg_by_name(rt, "X", SIZE_MAX) == NULL && gk_reg_by_name(rt, "", 0) == NULL, "reg name lengths");
	CHECK(gk_reg_by_offset(rt, UINT32_MAX) == NULL, "reg offset max");
	CHECK(gk_reg_field_by_name(NULL, "X", 1) == NULL, "reg field NULL");
	CHECK(gk_reg_value_name(NULL, 0) == NULL, "reg value NULL");
	uint32_t u32;
	CHECK(gk_reg_value_by_name(NULL, "X", 1, &u32) == -1, "reg value by name NULL");

	/* numbers */
	uint64_t v = 7;
	CHECK(gk_parse_uint(NULL, 3, &v) == -1 && gk_parse_uint("12", 2, NULL) == -1, "parse_uint NULLs");
	CHECK(gk_parse_uint("12", 0, &v) == -1 && gk_parse_uint("12", SIZE_MAX, &v) == -1, "parse_uint lengths");
	CHECK(gk_parse_uint("18446744073709551615", 20, &v) == 0 && v == UINT64_MAX, "parse_uint max");
	CHECK(gk_parse_uint("18446744073709551616", 20, &v) == -1, "parse_uint overflow");

	/* packets */
	struct gk_packet pkt;
	gk_packet_frame(fmt, w, 2, 0, NULL);
	gk_packet_frame(NULL, w, 2, 0, &pkt);
	CHECK(pkt.ndw == 0 && !pkt.frame.desc, "frame NULL fmt");
	gk_packet_frame(fmt, NULL, 2, 0, &pkt);
	CHECK(pkt.ndw == 0 && !pkt.frame.desc, "frame NULL words");
	gk_packet_frame(fmt, w, 0, UINT64_MAX, &pkt);
	CHECK(pkt.ndw == 0 && pkt.offset == UINT64_MAX, "frame 0 words");
	CHECK(gk_packet_field(fmt, &pkt, "COUNT", &v) == -1, "field of an empty packet");
	const uint32_t eop[] = { 0xc0044700, 0x00000514, 0x00100000, 0x42000000, 0x1234, 0 };
	struct gk_packet full;
	gk_packet_frame(fmt, eop, 6, UINT64_MAX - 3, &full);
	CHECK(gk_packet_field(NULL, &full, "COUNT", &v) == -1 && gk_packet_field(fmt, NULL, "COUNT", &v) == -1 &&
	      gk_packet_field(fmt, &full, NULL, &v) == -1 && gk_packet_field(fmt, &full, "COUNT", NULL) == -1,
	      "packet_field NULLs");

	/* check */
	struct gk_check_state st;
	struct gk_diags dg;
	gk_check_init(NULL);
	gk_check_set_buffers(NULL, NULL, 5);
	gk_diags_reset(NULL);
	gk_check_init(&st);
	gk_diags_reset(&dg);
	gk_check_set_buffers(&st, NULL, UINT32_MAX);
	CHECK(st.nbos == 0, "NULL buffers with a count");
	gk_check_packet(NULL, &st, &full, &dg);
	gk_check_packet(fmt, NULL, &full, &dg);
	gk_check_packet(fmt, &st, NULL, &dg);
	gk_check_packet(fmt, &st, &full, NULL);
	gk_check_packet(fmt, &st, &pkt, &dg); /* empty packet */
	CHECK(dg.n == 0 && dg.errors == 0, "NULL checks added diagnostics");
	st.nexec = UINT32_MAX; /* a count beyond the arrays */
	st.nbos = 9;           /* with no buffers */
	gk_check_packet(fmt, &st, &full, &dg);
	CHECK(st.nexec <= 16, "nexec %u", st.nexec);
	gk_check_end(NULL, 0, &dg);
	gk_check_end(&st, UINT64_MAX, NULL);
	gk_check_end(&st, UINT64_MAX, &dg);
	CHECK(st.nexec == 0, "check_end");

	/* printers: NULL arguments, a diagnostics count beyond the array */
	struct gk_membuf t = { 0 };
	struct gk_out o = GK_OUT_INIT(NULL, 0, gk_membuf_write, &t);
	gk_text_packet(NULL, &full, true, &o);
	gk_text_packet(fmt, NULL, true, &o);
	gk_text_packet(fmt, &full, true, NULL);
	gk_text_packet(fmt, &pkt, true, &o);
	gk_json_packet(NULL, &full, &dg, GK_JSON_TEXT, &o);
	gk_json_packet(fmt, NULL, &dg, GK_JSON_TEXT, &o);
	gk_json_packet(fmt, &full, &dg, GK_JSON_TEXT, NULL);
	gk_text_diags(NULL, &o);
	gk_text_diags(&dg, NULL);
	gk_json_end("pm4", 0, NULL, &o);
	gk_json_end("pm4", 0, &dg, NULL);
	CHECK(t.n == 0, "NULL printers wrote '%s'", t.p);
	memset(&dg, 0, sizeof dg);
	for (unsigned i = 0; i < GK_MAX_DIAGS; i++) {
		dg.d[i].severity = GK_WARNING;
		dg.d[i].dw = -1;
		dg.d[i].lo = dg.d[i].hi = -1;
		strcpy(dg.d[i].message, "m");
	}
	dg.n = UINT32_MAX;
	gk_text_diags(&dg, &o);
	gk_json_packet(fmt, &full, &dg, GK_JSON_TEXT, &o);
	gk_json_end("pm4", UINT64_MAX, &dg, &o);
	gk_out_flush(&o);
	CHECK(t.p && strstr(t.p, "\"offset\":\"0xffffffffffffffff\",\"engine\":\"pm4\",\"end\":true"), "json_end max offset");
	free(t.p);

	/* assembler */
	unsigned words = 0, diags = 0;
	CHECK(gk_asm_create(NULL, emit_none, &words, count_diag, &diags) == NULL, "asm without format");
	gk_asm_line(NULL, "NOP", 3);
	CHECK(gk_asm_finish(NULL) == 0, "asm_finish(NULL)");
	gk_asm_destroy(NULL);
	struct gk_asm *a = gk_asm_create(fmt, NULL, NULL, NULL, NULL);
	if (a) {
		gk_asm_line(a, NULL, 5);
		CHECK(gk_asm_finish(a) == 1, "asm NULL line");
		gk_asm_line(a, NULL, 0);
		gk_asm_line(a, "", 0);
		gk_asm_line(a, "NOP bogus=1 ; x", 15); /* errors with no sink */
		unsigned errors = gk_asm_finish(a);
		CHECK(errors >= 2, "errors counted with no diagnostics sink: %u", errors);
		gk_asm_destroy(a);
	}
	CHECK(words == 0 && diags == 0, "asm with NULL arguments emitted %u words, %u diagnostics", words, diags);
	free(fmt);
}

static void test_amdgpu_nulls(void)
{
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find("gfx10");
	CHECK(g && gk_amdgpu_gen_find(NULL) == NULL && gk_amdgpu_gen_find("") == NULL, "gen_find");
	CHECK(gk_amdgpu_gen_name(NULL) == NULL && gk_amdgpu_gpu_help(), "gen_name NULL");
	struct gk_sendmsg m;
	gk_sendmsg_decode(g, 0x22, NULL);
	gk_sendmsg_decode(NULL, 0x22, &m);
	CHECK(m.value == 0x22 && !m.msg_name && m.form == GK_SENDMSG_DECIMAL, "decode without a generation");
	char buf[GK_SENDMSG_TEXT_MAX];
	CHECK(gk_sendmsg_format(NULL, 0xffff, buf, sizeof buf) == 5 && !strcmp(buf, "65535"), "format no gen: %s", buf);
	CHECK(gk_sendmsg_format(g, 0x22, NULL, 10) > 0 && gk_sendmsg_format(g, 0x22, NULL, 0) > 0, "format NULL buf");
	CHECK(gk_sendmsg_format(g, 0xffff, buf, 1) == 5 && buf[0] == 0, "format cap 1");

	uint16_t val = 0;
	size_t end = 0;
	struct gk_diag err;
	CHECK(gk_sendmsg_parse(NULL, NULL, "2", 1, 0, &end, &val, &err) == -1 && err.col == 1, "parse NULL gen");
	CHECK(gk_sendmsg_parse(g, NULL, NULL, 1, 0, &end, &val, &err) == -1, "parse NULL line");
	CHECK(gk_sendmsg_parse(g, NULL, "2", 1, 0, &end, NULL, &err) == -1, "parse NULL value");
	CHECK(gk_sendmsg_parse(g, NULL, "2", 1, 5, &end, &val, &err) == -1 && end == 5, "parse start past end");
	CHECK(gk_sendmsg_parse(g, NULL, "2", 1, SIZE_MAX, NULL, &val, NULL) == -1, "parse start max");
	CHECK(gk_sendmsg_parse(g, NULL, "2", 1, 0, NULL, &val, NULL) == 0 && val == 2, "parse NULL end/err");
	CHECK(gk_sendmsg_parse(g, NULL, "bogus", 5, 0, NULL, &val, NULL) == -1, "parse error, NULL err");
	CHECK(gk_sendmsg_parse(g, NULL, "3", SIZE_MAX, 0, &end, &val, &err) == 0 && val == 3 && end == 1,
	      "parse len SIZE_MAX stops at the NUL");
	CHECK(gk_sendmsg_parse(g, NULL, "", 0, 0, &end, &val, &err) == -1, "parse empty");
	struct gk_amdgpu_syms *syms = calloc(1, sizeof *syms);
	if (syms) {
		syms->n = UINT32_MAX; /* a count beyond the array */
		CHECK(gk_sendmsg_parse(g, syms, "x", 1, 0, &end, &val, &err) == -1, "parse with a huge symbol count");
		free(syms);
	}
	int64_t ev = 0;
	CHECK(gk_amdgpu_expr(NULL, "1+2", 3, 0, NULL, &ev, NULL) == 0 && ev == 3, "expr NULL syms/end/err");
	CHECK(gk_amdgpu_expr(NULL, "1+2", 3, 0, NULL, NULL, NULL) == 0, "expr NULL value");
	CHECK(gk_amdgpu_expr(NULL, NULL, 3, 0, NULL, &ev, &err) == -1, "expr NULL line");
	CHECK(gk_amdgpu_expr(NULL, "1", 1, 2, &end, &ev, &err) == -1, "expr start past end");
	CHECK(gk_amdgpu_expr(NULL, "9223372036854775807", SIZE_MAX, 0, NULL, &ev, NULL) == 0 && ev == INT64_MAX,
	      "expr max");

	struct gk_amdgpu_insn in;
	gk_amdgpu_decode(g, 0xbf900001u, 0, NULL);
	gk_amdgpu_decode(NULL, 0xbf900001u, 0, &in);
	CHECK(in.name == NULL && in.word == 0xbf900001u, "decode without a generation is a .long");
	gk_amdgpu_decode(g, 0xbf900001u, UINT64_MAX, &in);
	char line[128];
	CHECK(gk_amdgpu_text(g, NULL, line, sizeof line) == 0 && line[0] == 0, "text NULL insn");
	CHECK(gk_amdgpu_text(g, &in, NULL, 40) == 0, "text NULL buf");
	CHECK(gk_amdgpu_text(g, &in, line, 4) == 3 && !strcmp(line, "s_s"), "text cap 4: %s", line);
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	gk_amdgpu_check(NULL, &in, &dg);
	gk_amdgpu_check(g, NULL, &dg);
	gk_amdgpu_check(g, &in, NULL);
	CHECK(dg.n == 0, "check NULLs");
	struct gk_membuf t = { 0 };
	struct gk_out o = GK_OUT_INIT(NULL, 0, gk_membuf_write, &t);
	gk_amdgpu_text_line(g, NULL, &dg, &o);
	gk_amdgpu_text_line(g, &in, &dg, NULL);
	gk_amdgpu_json(g, NULL, &dg, GK_JSON_TEXT, &o);
	gk_amdgpu_json(g, &in, &dg, GK_JSON_TEXT, NULL);
	gk_sendmsg_json(g, "x", 1, 2, NULL, NULL);
	CHECK(t.n == 0, "NULL printers wrote");
	gk_amdgpu_text_line(NULL, &in, NULL, &o);
	gk_amdgpu_json(NULL, &in, NULL, GK_JSON_TEXT, &o);
	gk_sendmsg_json(NULL, NULL, 1, 0xffff, NULL, &o);
	gk_sendmsg_json(g, NULL, 0, 0, NULL, &o);
	for (unsigned i = 0; i < GK_MAX_DIAGS; i++) {
		dg.d[i].dw = -1;
		dg.d[i].lo = dg.d[i].hi = 0;
	}
	dg.n = UINT32_MAX;
	gk_amdgpu_text_line(g, &in, &dg, &o);
	gk_amdgpu_json(g, &in, &dg, GK_JSON_TEXT, &o);
	CHECK(t.p && strstr(t.p, "0xffffffffffffffff: s_sendmsg"), "offset max: %s", t.p ? t.p : "");
	CHECK(t.p && strstr(t.p, "{\"input\":null,\"error\":{\"col\":0,\"message\":null}}"), "sendmsg_json NULLs");
	free(t.p);

	unsigned words = 0;
	CHECK(gk_amdgpu_asm_line(NULL, "s_sendmsg 2", 11) == -1, "asm NULL");
	CHECK(gk_amdgpu_asm_errors(NULL) == 0 && gk_amdgpu_asm_syms(NULL) == NULL, "asm NULL getters");
	gk_amdgpu_asm_destroy(NULL);
	struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(NULL, emit_none, &words, NULL, NULL);
	CHECK(a != NULL, "asm create with no gen");
	if (a) {
		CHECK(gk_amdgpu_asm_line(a, "s_sendmsg 2", 11) == -1 && gk_amdgpu_asm_errors(a) == 1, "asm no gen");
		gk_amdgpu_asm_destroy(a);
	}
	a = gk_amdgpu_asm_create(g, NULL, NULL, NULL, NULL);
	CHECK(a != NULL, "asm create");
	if (a) {
		CHECK(gk_amdgpu_asm_line(a, NULL, 4) == -1, "asm NULL line");
		CHECK(gk_amdgpu_asm_line(a, NULL, 0) == 0 && gk_amdgpu_asm_line(a, "", 0) == 0, "asm empty lines");
		CHECK(gk_amdgpu_asm_line(a, "s_sendmsg bogus", 15) == -1, "asm error with no sink");
		CHECK(gk_amdgpu_asm_line(a, "s_sendmsg 2", 11) == 0 && gk_amdgpu_asm_errors(a) == 2, "asm with no emit");
		gk_amdgpu_asm_destroy(a);
	}
}

static void test_modifier_nulls(void)
{
	const uint64_t gfx9 = 0x0200000000000a01ull;
	struct gk_modifier m;
	gk_modifier_split(gfx9, NULL);
	gk_modifier_split(UINT64_MAX, &m);
	uint64_t v = 0;
	struct gk_diags dg;
	memset(&dg, 0, sizeof dg);
	CHECK(gk_modifier_join(NULL, &v, &dg) == -1 && dg.errors == 1, "join NULL fields");
	CHECK(gk_modifier_join(NULL, &v, NULL) == -1, "join NULL fields, NULL diags");
	gk_modifier_split(gfx9, &m);
	CHECK(gk_modifier_join(&m, NULL, NULL) == 0, "join NULL value");
	CHECK(gk_modifier_field(gfx9, NULL, &v) == -1, "field NULL name");
	CHECK(gk_modifier_field(gfx9, "TILE_VERSION", NULL) == 0, "field NULL raw");
	CHECK(gk_modifier_field(UINT64_MAX, "", &v) == -1, "field empty name");
	CHECK(gk_modifier_vendor_name(UINT64_MAX) == NULL || gk_modifier_vendor_name(UINT64_MAX)[0], "vendor max");
	char buf[GK_MOD_NAME_MAX];
	size_t n = gk_modifier_name(gfx9, NULL, 0);
	CHECK(n > 0 && gk_modifier_name(gfx9, NULL, 100) == n && gk_modifier_name(gfx9, buf, 1) == n && !buf[0],
	      "name NULL buf / cap 1");
	CHECK(gk_modifier_name_exact(UINT64_MAX, NULL, 0) > 0 && gk_modifier_describe(UINT64_MAX, NULL, 0) > 0,
	      "exact/describe length queries");
	CHECK(gk_modifier_name(UINT64_MAX, buf, SIZE_MAX) < sizeof buf, "name cap SIZE_MAX");
	/* NULL diagnostics: accepted everywhere; check still counts */
	CHECK(gk_modifier_check(UINT64_MAX, NULL) > 0, "check NULL diags counts");
	memset(&dg, 0, sizeof dg);
	CHECK(gk_modifier_check(UINT64_MAX, &dg) == gk_modifier_check(UINT64_MAX, NULL), "same count");
	CHECK(gk_modifier_parse("bogus", 5, &v, NULL) == -1, "parse NULL diags");
	CHECK(gk_modifier_parse(NULL, 3, &v, &dg) == -1 && gk_modifier_parse(NULL, 0, &v, NULL) == -1, "parse NULL");
	CHECK(gk_modifier_parse("LINEAR", 6, NULL, NULL) == 0, "parse NULL value");
	CHECK(gk_modifier_parse("", 0, &v, NULL) == -1, "parse empty");
	CHECK(gk_modifier_parse("INVALID", SIZE_MAX, &v, NULL) == 0 && v == GK_MOD_INVALID, "parse len SIZE_MAX");
	CHECK(gk_modifier_parse("0xffffffffffffffff", 18, &v, NULL) == 0 && v == UINT64_MAX, "parse max");
	gk_modifier_json(gfx9, NULL);
	gk_modifier_json_surface(gfx9, NULL, NULL);
	struct gk_tile_params p;
	CHECK(gk_modifier_tile_params(GK_MOD_LINEAR, NULL, NULL) == -1, "tile_params NULL params");
	CHECK(gk_modifier_tile_params(UINT64_MAX, &p, NULL) == -1, "tile_params NULL diags");
	struct gk_tile_surface *s = malloc(sizeof *s);
	if (s) {
		const uint64_t g6 = 0x02000001a9580400ull;
		CHECK(gk_modifier_surface(g6, 32, 64, 64, 1, NULL, NULL) == -1, "surface NULL");
		CHECK(gk_modifier_surface(g6, 32, UINT32_MAX, UINT32_MAX, UINT32_MAX, s, NULL) == -1, "surface max");
		CHECK(gk_modifier_surface(g6, UINT32_MAX, 0, 0, 0, s, &dg) == -1, "surface zero sizes");
		free(s);
	}
	struct gk_tile_split ts;
	CHECK(gk_modifier_tile_split(32, 1, 1, 0, 4096, NULL) == -1, "tile_split NULL");
	CHECK(gk_modifier_tile_split(UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX, UINT32_MAX, &ts) == -1,
	      "tile_split max");
	struct gk_mod_macro mm = { 0 };
	uint64_t out[4];
	CHECK(gk_modifier_list(8, NULL, 3, out, 4) == 0, "list NULL macros");
	size_t total = gk_modifier_list(8, NULL, 0, NULL, 0);
	CHECK(total > 0 && gk_modifier_list(8, NULL, 0, NULL, SIZE_MAX) == total, "list NULL out counts");
	CHECK(gk_modifier_list(8, NULL, 0, out, 1) == total, "list cap 1");
	CHECK(gk_modifier_list(UINT32_MAX, &mm, 1, out, 4) == 0, "list bad gfx");
	unsigned seen = 0;
	CHECK(gk_modifier_enumerate(8, NULL, NULL) == 0, "enumerate NULL fn");
	CHECK(gk_modifier_enumerate(UINT32_MAX, take_mod, &seen) == 0 && seen == 0, "enumerate bad gfx");
}

static void test_tiling_nulls(void)
{
	gk_tile_params_init(NULL);
	struct gk_tile_surface *s = calloc(1, sizeof *s);
	if (!s)
		return;
	struct gk_tile_params p;
	gk_tile_params_init(&p);
	CHECK(gk_tile_surface_init(NULL, &p) == -1, "surface NULL");
	CHECK(gk_tile_surface_init(s, NULL) == -1 && s->errors == 1 && s->ndiags == 1, "surface NULL params");
	p.mode = GK_TILE_1D;
	p.bpp = UINT32_MAX;
	p.width = p.height = p.slices = UINT32_MAX;
	CHECK(gk_tile_surface_init(s, &p) == -1, "surface max values");
	memset(s, 0, sizeof *s); /* a surface never initialised */
	uint64_t addr = 0, lo, hi;
	struct gk_tile_loc loc;
	struct gk_tile_band band;
	CHECK(gk_tile_addr(NULL, 0, 0, 0, &addr) == -1 && gk_tile_addr(s, 0, 0, 0, NULL) == -1, "addr NULLs");
	CHECK(gk_tile_locate(NULL, 0, 0, 0, &loc) == -1 && gk_tile_locate(s, 0, 0, 0, NULL) == -1, "locate NULLs");
	CHECK(gk_tile_addr(s, 0, 0, 0, &addr) == -1, "addr zero surface");
	CHECK(gk_tile_band_count(NULL) == 0 && gk_tile_band_bytes(NULL) == 0 && gk_tile_linear_bytes(NULL) == 0,
	      "band NULLs");
	CHECK(gk_tile_band(NULL, 0, 0, &band) == -1 && gk_tile_band(s, 0, 0, NULL) == -1, "band NULL");
	CHECK(gk_tile_range(NULL, 0, 0, 0, 1, 1, 1, &lo, &hi) == -1 && gk_tile_range(s, 0, 0, 0, 1, 1, 1, NULL, &hi) == -1,
	      "range NULLs");
	CHECK(gk_tile_amdgpu_flags(NULL) == 0, "flags NULL");
	char buf[4096];
	CHECK(gk_tile_info_json(NULL, buf, sizeof buf) == 0 && !buf[0], "info_json NULL");
	CHECK(gk_tile_info_text(NULL, NULL, 0) == 0, "info_text NULL");
	s->p.mode = 77;        /* no name */
	s->p.pipe_config = 99; /* no name */
	s->ndiags = UINT32_MAX; /* beyond the array */
	s->errors = 1;
	CHECK(gk_tile_info_json(s, buf, sizeof buf) < sizeof buf && strstr(buf, "\"mode\":\"?\"") == NULL, "info_json");
	s->errors = 0;
	s->ndiags = 0;
	CHECK(gk_tile_info_json(s, buf, sizeof buf) < sizeof buf && strstr(buf, "\"mode\":\"?\""), "info_json: %s", buf);
	CHECK(gk_tile_info_text(s, buf, sizeof buf) < sizeof buf && strstr(buf, "mode ?\n"), "info_text");
	gk_tile_pack(NULL, buf, buf);
	gk_tile_unpack(s, NULL, buf);
	gk_tile_map_row(NULL, GK_MAP_PIPE, 0, 0, (uint8_t *)buf);
	gk_tile_map_row(s, GK_MAP_PIPE, 0, 0, NULL);

	/* a real surface, and bands the caller made up */
	gk_tile_params_init(&p);
	p.mode = GK_TILE_1D;
	p.bpp = 32;
	p.width = p.height = 16;
	CHECK(gk_tile_surface_init(s, &p) == 0, "1D surface");
	CHECK(gk_tile_addr(s, UINT32_MAX, UINT32_MAX, UINT32_MAX, &addr) == -1, "addr max");
	CHECK(gk_tile_range(s, 0, 0, 0, UINT32_MAX, UINT32_MAX, UINT32_MAX, &lo, &hi) == -1, "range max");
	CHECK(gk_tile_range(s, 0, 0, 0, 0, 1, 1, &lo, &hi) == -1, "range empty");
	CHECK(gk_tile_band(s, UINT32_MAX, UINT32_MAX, &band) == -1, "band max");
	size_t bytes = (size_t)gk_tile_band_bytes(s);
	uint8_t *tiled = calloc(1, bytes + 16), *lin = calloc(1, 16 * 16 * 4);
	if (tiled && lin && gk_tile_band(s, 0, 0, &band) == 0) {
		struct gk_tile_band bad = band;
		bad.nranges = UINT32_MAX;
		gk_tile_pack_band(s, &bad, lin, 64, tiled);
		bad = band;
		bad.range_len = UINT64_MAX / 2;
		gk_tile_unpack_band(s, &bad, tiled, lin, 64);
		bad = band;
		bad.range_off[0] = UINT64_MAX / 4;
		gk_tile_pack_band(s, &bad, lin, 64, tiled);
		bad = band;
		bad.rows = UINT32_MAX;
		gk_tile_pack_band(s, &bad, lin, 64, tiled);
		gk_tile_pack_band(s, &band, NULL, 64, tiled);
		gk_tile_pack_band(s, &band, lin, 64, NULL);
		gk_tile_pack_band(NULL, &band, lin, 64, tiled);
		gk_tile_pack_band(s, NULL, lin, 64, tiled);
		CHECK(tiled[bytes] == 0, "a made-up band wrote past the surface");
		memset(lin, 0xab, 16 * 4);
		gk_tile_pack_band(s, &band, lin, 64, tiled); /* the real one still works */
		CHECK(tiled[0] == 0xab, "pack_band of a real band");
	}
	free(tiled);
	free(lin);

	/* parameters from elsewhere */
	struct gk_tile_mod_fields mf = { UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX,
					 UINT64_MAX, UINT64_MAX };
	struct gk_diag d[2];
	unsigned nd = 99;
	CHECK(gk_tile_params_from_modifier(NULL, &mf, d, 2, &nd) == -1 && nd == 1, "from_modifier NULL params");
	CHECK(gk_tile_params_from_modifier(&p, NULL, NULL, 2, &nd) == -1 && nd == 0, "from_modifier NULL fields");
	CHECK(gk_tile_params_from_modifier(&p, &mf, NULL, UINT32_MAX, &nd) == -1 && nd == 0, "from_modifier no diags");
	CHECK(gk_tile_params_from_modifier(&p, &mf, d, 2, NULL) == -1, "from_modifier max values");
	struct gk_diag err;
	CHECK(gk_tile_params_from_chip(NULL, "tahiti", 0, &err) == -1, "from_chip NULL params");
	CHECK(gk_tile_params_from_chip(&p, NULL, 0, &err) == -1 && err.message[0], "from_chip NULL chip");
	CHECK(gk_tile_params_from_chip(&p, "tahiti", UINT32_MAX, NULL) == -1, "from_chip max index, NULL err");
	CHECK(gk_tile_chip_help() != NULL, "chip help");
	CHECK(gk_tile_pipe_config_name(-1) == NULL && gk_tile_pipe_config_name(INT32_MAX) == NULL, "pipe config name");
	CHECK(gk_tile_pipe_config_parse(NULL) == -1 && gk_tile_pipe_config_parse("") == -1 &&
	      gk_tile_pipe_config_parse("99999999999999999999") == -1, "pipe config parse");
	CHECK(gk_tile_mode_name(UINT32_MAX) == NULL, "mode name max");

	/* PNG writer */
	struct gk_png png;
	struct sink k = { 0 };
	uint8_t rgb[3] = { 0 };
	CHECK(gk_png_begin(NULL, 1, 1, sink_write, &k) == -1, "png NULL");
	CHECK(gk_png_begin(&png, 1, 1, NULL, NULL) == -1, "png NULL write");
	CHECK(gk_png_row(&png, rgb) == -1 && gk_png_end(&png) == -1, "png after a failed begin");
	CHECK(gk_png_begin(&png, UINT32_MAX, UINT32_MAX, sink_write, &k) == -1, "png max size");
	CHECK(gk_png_begin(&png, 0, 1, sink_write, &k) == -1, "png zero width");
	CHECK(gk_png_row(NULL, rgb) == -1 && gk_png_end(NULL) == -1, "png row/end NULL");
	CHECK(gk_png_begin(&png, 1, 1, sink_write, &k) == 0 && gk_png_row(&png, NULL) == -1, "png NULL row");
	CHECK(gk_png_row(&png, rgb) == 0 && gk_png_row(&png, rgb) == -1 && gk_png_end(&png) == 0, "png rows");
	CHECK(gk_crc32(0, NULL, SIZE_MAX) == 0 && gk_adler32(1, NULL, SIZE_MAX) == 1, "checksums of nothing");
	CHECK(gk_crc32(0, "123456789", 9) == 0xcbf43926u && gk_adler32(1, "Wikipedia", 9) == 0x11e60398u,
	      "checksums still right");
	free(s);
}

static void on_alarm(int sig)
{
	(void)sig;
	static const char m[] = "FAIL test_contracts: timed out (an output loop?)\n";
	if (write(1, m, sizeof m - 1) < 0)
		_exit(3);
	_exit(2);
}

int main(void)
{
	signal(SIGALRM, on_alarm);
	alarm(60);
	test_out_nobuf();
	test_diag_format();
	test_unterminated_message();
	test_core_nulls();
	test_amdgpu_nulls();
	test_modifier_nulls();
	test_tiling_nulls();
	return tl_done();
}
