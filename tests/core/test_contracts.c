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
	struct gk_out o = { NULL, 0, 0, sink_write, &s, 0, 0 };
	gk_out_str(&o, msg);
	gk_out_mem(&o, "!", 1);
	gk_out_flush(&o);
	CHECK(!strcmp(s.b, "0123456789abcdefghij!") && !o.failed, "cap 0: '%s'", s.b);
	CHECK(s.calls == 2 && o.len == 0, "cap 0: %u calls, len %zu", s.calls, o.len);

	/* buf NULL but a cap: treated as no buffer, never written through NULL */
	memset(&s, 0, sizeof s);
	o = (struct gk_out){ NULL, 0, 64, sink_write, &s, 0, 0 };
	gk_out_str(&o, msg);
	CHECK(!strcmp(s.b, msg) && o.cap == 0, "buf NULL cap 64: '%s' cap %zu", s.b, o.cap);

	/* a 1-byte buffer: flushed a byte at a time, nothing lost */
	char one[1];
	memset(&s, 0, sizeof s);
	o = (struct gk_out){ one, 0, 1, sink_write, &s, 0, 0 };
	gk_out_str(&o, msg);
	gk_out_flush(&o);
	CHECK(!strcmp(s.b, msg) && !o.failed, "cap 1: '%s'", s.b);
	CHECK(s.calls == strlen(msg), "cap 1: %u calls", s.calls);

	/* a failing callback: failed is set, nothing more is handed over */
	memset(&s, 0, sizeof s);
	s.fail = 1;
	o = (struct gk_out){ NULL, 0, 0, sink_write, &s, 0, 0 };
	gk_out_str(&o, msg);
	gk_out_str(&o, msg);
	CHECK(o.failed && s.calls == 1, "failing callback: failed %d, %u calls", o.failed, s.calls);
	memset(&s, 0, sizeof s);
	s.fail = 1;
	o = (struct gk_out){ one, 0, 1, sink_write, &s, 0, 0 };
	gk_out_str(&o, msg);
	gk_out_flush(&o);
	CHECK(o.failed && s.calls == 1 && o.len <= 1, "failing callback cap 1: %u calls", s.calls);

	/* no buffer, no callback: a length query */
	o = (struct gk_out){ NULL, 0, 0, NULL, NULL, 0, 0 };
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
	o = (struct gk_out){ NULL, 0, 0, NULL, NULL, 0, 0 };
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
		struct text t = { 0 };
		o = (struct gk_out){ NULL, 0, 0, text_write, &t, 0, 0 };
		gk_text_packet(fmt, &pkt, false, &o);
		gk_json_packet(fmt, &pkt, NULL, &o);
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
	struct text t = { 0 };
	struct gk_out o = { buf, 0, sizeof buf, text_write, &t, 0, 0 };
	gk_text_diags(&dg, &o);
	gk_json_end(64, &dg, &o);
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
	o = (struct gk_out){ NULL, 0, 0, text_write, &t, 0, 0 };
	gk_amdgpu_text_line(g, &in, &dg, &o);
	gk_amdgpu_json(g, &in, &dg, &o);
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
	return tl_done();
}
