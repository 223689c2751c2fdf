/* libFuzzer target for the AMDGPU s_sendmsg engine (`make fuzz-sendmsg`).
 *
 * Input: byte 0 picks the generation (byte 0 % 6: gfx6 .. gfx11); the rest is
 *  (a) little-endian words: each is decoded, checked, printed as text and as
 *      JSON (valid JSON, one line); the text line must assemble back to the
 *      same word with no error (nothing is lost);
 *  (b) assembly text, fed line by line to gk_amdgpu_asm_line (errors are
 *      fine, crashes and reads past the line are not); every word it emits
 *      must decode to text that assembles back to that word;
 *  (c) one operand through gk_sendmsg_parse and gk_sendmsg_json.
 * A word is checked once an input: a repeat (from (a) or emitted in (b))
 * would decode to the same unit, so it is skipped.
 * Any broken property aborts with __builtin_trap(). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN
#include "../asmcap.h"
#include "../jsoncheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

static const char *const gens[] = { "gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx11" };

/* The words of one input already round-tripped.  Decoding is a pure
 * function of the generation and the word (the offset is always 0 here) and
 * the round-trip assembler's text defines no symbols, so a word seen again
 * in the same input would run the same checks on the same output: a third
 * of the words in a grown corpus repeat within their input (runs of equal
 * bytes are what mutations make most), and they were a third of the work. */
struct seen {
	uint32_t w[128];
	unsigned n;
};

static bool seen_before(struct seen *s, uint32_t word)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->w[i] == word)
			return true;
	if (s->n < sizeof s->w / sizeof s->w[0])
		s->w[s->n++] = word;
	return false;
}

/* decode -> text -> assemble gives the word back */
static void roundtrip(const struct gk_amdgpu_gen *g, struct gk_amdgpu_asm *a, struct asmcap *s, struct seen *seen,
		      uint32_t word)
{
	if (seen_before(seen, word))
		return;
	struct gk_amdgpu_insn in;
	struct gk_diags dg;
	static char buf[8192]; /* a word has at most 4 diagnostics; static: no 8 KB stack redzone per word */
	gk_amdgpu_decode(g, word, 0, &in);
	gk_diags_reset(&dg);
	gk_amdgpu_check(g, &in, &dg);
	struct gk_out o = { buf, 0, sizeof buf, NULL, NULL, 0, 0 };
	gk_amdgpu_json(g, &in, &dg, GK_JSON_TEXT, &o);
	if (o.len >= sizeof buf || !json_line_ok(buf, o.len))
		__builtin_trap();
	o.len = 0;
	gk_amdgpu_text_line(g, &in, &dg, &o);
	if (o.len >= sizeof buf)
		__builtin_trap();
	asmcap_reset(s);
	size_t start = 0;
	for (size_t i = 0; i < o.len; i++)
		if (buf[i] == '\n') {
			gk_amdgpu_asm_line(a, buf + start, i - start);
			start = i + 1;
		}
	if (s->errors || s->n != 1 || s->w[0] != word)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	if (n < 1)
		return 0;
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(gens[p[0] % 6]);
	p++;
	n--;
	static struct asmcap sa, sb;
	struct gk_amdgpu_asm *b = gk_amdgpu_asm_create(g, asmcap_emit, &sb, asmcap_diag, &sb);
	struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(g, asmcap_emit, &sa, asmcap_diag, &sa);
	if (!a || !b) {
		gk_amdgpu_asm_destroy(a);
		gk_amdgpu_asm_destroy(b);
		return 0;
	}
	struct seen seen = { .n = 0 };
	/* (a) */
	for (size_t i = 0; i + 4 <= n && i < 4 * 64; i += 4) /* 64 words an input */
		roundtrip(g, b, &sb, &seen, (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 |
					 (uint32_t)p[i + 3] << 24);
	/* (b): lines copied into exact-size heap buffers so ASan sees over-reads */
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '\n')
			continue;
		size_t len = i - start;
		char *line = malloc(len ? len : 1);
		if (!line)
			break;
		memcpy(line, p + start, len);
		sa.n = 0;
		gk_amdgpu_asm_line(a, line, len);
		free(line);
		for (unsigned k = 0; k < sa.n && k < 64; k++)
			roundtrip(g, b, &sb, &seen, sa.w[k]);
		start = i + 1;
	}
	gk_amdgpu_asm_destroy(a);
	gk_amdgpu_asm_destroy(b);
	/* (c) */
	char *text = malloc(n ? n + 1 : 1);
	if (!text)
		return 0;
	memcpy(text, p, n);
	text[n] = 0;
	uint16_t v = 0;
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	size_t end = 0;
	const char *nul = memchr(text, 0, n + 1); /* text[n] is 0: strnlen without POSIX */
	size_t tl = (size_t)(nul - text);
	int ok = gk_sendmsg_parse(g, NULL, text, tl, 0, &end, &v, &err) == 0;
	if (end > n)
		__builtin_trap();
	/* the operand comes back in "input", each byte that is not UTF-8 as
	 * \ufffd (6 bytes): 1023 of them do not fit 4 KiB (a 10-minute run
	 * found that), they do fit 16 KiB; static: no stack redzone per input */
	static char out[16384];
	struct gk_out o = { out, 0, sizeof out, NULL, NULL, 0, 0 };
	if (tl < 1024) {
		gk_sendmsg_json(g, text, ok, v, &err, &o);
		if (o.len >= sizeof out || !json_line_ok(out, o.len))
			__builtin_trap();
	}
	free(text);
	return 0;
}

FUZZ_HARNESS_END
