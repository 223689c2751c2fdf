/* libFuzzer target for .rd captures (`make fuzz-rd`): the rd reader
 * (src/input/rd.c), the gzip reader in front of every input
 * (src/input/inflate.c: a mutated input that starts 1f 8b goes through it)
 * and following from a capture's own memory (draw-state groups, shaders,
 * indirect buffers, src/engine/stream.c) with the Adreno engine.
 *
 * Input: byte 0 picks how (bit 0: read as -f rd, else AUTO; bit 1: only
 * submit byte0 >> 4; bits 2-3: the read size, 1, 3, 64 or 64 KiB bytes),
 * the rest is the capture.  Beyond no crash / no sanitizer report:
 *  (a) the words, their offsets and submits and the input error do not
 *      depend on the read size (read again 64 KiB at a time);
 *  (b) every input error carries a byte offset inside the input (gzip:
 *      inside what it inflates to, which is bounded here);
 *  (c) the stream loop over it ends, following from the capture's memory.
 * A broken property aborts with __builtin_trap(). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN

struct src {
	const uint8_t *p;
	size_t n, at, chunk;
};

static long rd(void *ctx, void *buf, size_t cap)
{
	struct src *s = ctx;
	size_t k = s->n - s->at;
	if (k > cap)
		k = cap;
	if (k > s->chunk)
		k = s->chunk;
	memcpy(buf, s->p + s->at, k);
	s->at += k;
	return (long)k;
}

struct result {
	uint64_t sum, words;
	bool failed;
	uint64_t err_off;
	enum gk_in_format fmt;
};

#define MAX_WORDS (1u << 20) /* what one input may inflate to, read here */

static void read_all(const uint8_t *p, size_t n, enum gk_in_format f, long long sub, size_t chunk, struct result *r)
{
	struct src s = { p, n, 0, chunk };
	struct gk_input *in = gk_input_create(rd, &s, f, 4);
	memset(r, 0, sizeof *r);
	if (!in)
		return;
	if (sub >= 0)
		gk_input_set_submits(in, (uint64_t)sub, (uint64_t)sub);
	while (r->words < MAX_WORDS) {
		long a = gk_input_fill(in, 1);
		if (a <= 0)
			break;
		uint64_t v = gk_input_words(in)[0] ^ gk_input_offset(in) * 31 ^ (uint64_t)gk_input_submit(in) << 40;
		r->sum = r->sum * 0x100000001b3ull + v;
		r->words++;
		gk_input_skip(in, 1);
	}
	const struct gk_diag *e = gk_input_error(in);
	r->failed = e != NULL;
	r->err_off = e ? e->offset : 0;
	r->fmt = gk_input_format(in);
	gk_input_destroy(in);
}

static int discard(void *ctx, const void *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	if (!n)
		return 0;
	uint8_t how = p[0];
	p++;
	n--;
	enum gk_in_format f = (how & 1) ? GK_IN_RD : GK_IN_AUTO;
	long long sub = (how & 2) ? (long long)(how >> 4) : -1;
	static const size_t chunks[4] = { 1, 3, 64, 1 << 16 };
	struct result a, b;
	read_all(p, n, f, sub, chunks[(how >> 2) & 3], &a);
	read_all(p, n, f, sub, 1 << 16, &b);
	if (a.words < MAX_WORDS && (a.sum != b.sum || a.words != b.words || a.failed != b.failed || a.err_off != b.err_off))
		__builtin_trap(); /* (a) */
	if (a.failed && a.fmt == GK_IN_RD && a.err_off > n && a.words < MAX_WORDS && !(n >= 2 && p[0] == 0x1f && p[1] == 0x8b))
		__builtin_trap(); /* (b): a plain capture's errors lie inside it */
	if (a.fmt != GK_IN_RD || a.words >= MAX_WORDS)
		return 0;
	/* (c) the stream loop, following from the capture */
	struct src s = { p, n, 0, 1 << 16 };
	struct gk_input *in = gk_input_create(rd, &s, f, 4);
	if (!in)
		return 0;
	if (sub >= 0)
		gk_input_set_submits(in, (uint64_t)sub, (uint64_t)sub);
	gk_input_fill(in, 1);
	const char *gpu = gk_input_gpu(in, NULL);
	struct gk_engine *e = gk_engine_open("adreno", gpu ? gpu : "a630", NULL);
	if (!e)
		e = gk_engine_open("adreno", "a630", NULL);
	char buf[4096];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, discard, NULL);
	struct gk_stream_opts so = { .check = (how & 0x40) != 0, .name = "fuzz.rd", .mem_read = gk_input_mem_read,
				     .mem_ctx = in };
	struct gk_stream_stats st;
	gk_stream_run(e, in, &so, &out, &st);
	gk_out_flush(&out);
	gk_engine_close(e);
	gk_input_destroy(in);
	return 0;
}

FUZZ_HARNESS_END
