/* libFuzzer target for the ir3 decoder, printers and encoder (`make fuzz-ir3`).
 *
 * Input: byte 0 picks the GPU (byte 0 % 13: a306, a420, a530, a540, a630,
 * a660, a702, a730, a740, a750, a840 with Mesa 26.2's description, the
 * default; a630 and a730 with Mesa 2025's, @mesa-2025); the rest is used
 *  (a) as 8-byte little-endian instructions (the first 4): each is decoded, its line
 *      (gk_ir3_line) must assemble back to the very same 64 bits, an exact
 *      line must be the text alone, and the JSON must be one valid object;
 *  (b) as text, one instruction per line: whatever assembles must decode to
 *      that text (white space squeezed) or be the raw form, or be a 2022
 *      spelling (".s8 ", "p0.x") whose word's current text assembles to it,
 *      or be Mesa 2025's text of the word (the default assembler reads it).
 * Any broken property aborts with __builtin_trap(). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gfxkit/ir3.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN
#include "../jsoncheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	static const unsigned gpus[] = { 306, 420, 530, 540, 630, 660, 702, 730, 740, 750, 840,
					 630 | GK_IR3_MESA_2025, 730 | GK_IR3_MESA_2025 };
	if (n < 1)
		return 0;
	unsigned gpu = gpus[p[0] % (sizeof gpus / sizeof gpus[0])];
	p++;
	n--;
	static struct gk_ir3_insn in;
	static struct gk_diags dg;
	static char line[GK_IR3_TEXT_MAX + 64], js[8192];
	/* 4 instructions an input: coverage feedback per instruction, not per
	 * batch.  An instruction's decode, line, assembly back (which decodes
	 * its candidates again) and JSON are 93 % of an input's time and
	 * libFuzzer's own work a few per cent, so the inputs run per second
	 * go as the inverse of this count while the instructions per second
	 * stay (8 ran at ~3,000 inputs a CPU second); each seed's
	 * instructions past the fourth are a seed of their own (the
	 * corpus_ir3 files named *_hi) */
	for (size_t i = 0; i + 8 <= n && i < 4 * 8; i += 8) {
		uint64_t w = 0;
		for (int b = 7; b >= 0; b--)
			w = w << 8 | p[i + (size_t)b];
		gk_diags_reset(&dg);
		gk_ir3_decode(gpu, w, &in, &dg);
		size_t ln = gk_ir3_line(&in, line, sizeof line);
		uint64_t back;
		struct gk_diag err;
		if (gk_ir3_encode(gpu, line, ln, &back, &err) != 0 || back != w)
			__builtin_trap();
		if (in.exact && strcmp(line, in.text))
			__builtin_trap();
		size_t jn = gk_ir3_json(&in, &dg, i, GK_JSON_TEXT, js, sizeof js - 1);
		js[jn++] = '\n';
		if (!json_line_ok(js, jn))
			__builtin_trap();
	}
	/* (b) text */
	for (size_t s = 0, e; s < n; s = e + 1) {
		const uint8_t *nl = memchr(p + s, '\n', n - s);
		e = nl ? (size_t)(nl - p) : n;
		uint64_t w;
		struct gk_diag err;
		const char *t = (const char *)p + s;
		size_t len = e - s;
		if (len < GK_IR3_TEXT_MAX && !memchr(t, 0, len) && gk_ir3_encode(gpu, t, len, &w, &err) == 0) {
			char norm[GK_IR3_TEXT_MAX];
			size_t m = 0;
			for (size_t i = 0; i < len; i++) {
				char c = t[i] == '\t' || t[i] == '\r' || t[i] == '\v' || t[i] == '\f' ? ' ' : t[i];
				if (c != ' ' || (m && norm[m - 1] != ' '))
					norm[m++] = c;
			}
			while (m && norm[m - 1] == ' ')
				m--;
			norm[m] = 0;
			gk_ir3_decode(gpu, w, &in, NULL);
			uint64_t again = ~w;
			bool old_spelling = (strstr(norm, ".s8 ") || strstr(norm, " p0.x")) &&
					    gk_ir3_encode(gpu, in.text, strlen(in.text), &again, NULL) == 0 && again == w;
			static struct gk_ir3_insn old;
			old_spelling = old_spelling || (!(gpu & GK_IR3_MESA_2025) &&
							gk_ir3_decode(gpu | GK_IR3_MESA_2025, w, &old, NULL) == 0 &&
							!strcmp(old.text, norm));
			if (norm[0] != '[' && strncmp(norm, "raw ", 4) && strcmp(in.text, norm) && !old_spelling)
				__builtin_trap();
		}
	}
	return 0;
}

FUZZ_HARNESS_END
