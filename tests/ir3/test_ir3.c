/* ir3 (Adreno shader ISA): Mesa's disassembler vectors in both directions
 * (tests/vectors/ir3.tsv, and ../shared/reference/ir3/disasm-vectors.tsv when
 * present), lossless round trips of random words on every generation, the
 * raw form, diagnostics, encode errors, JSON, and table soundness. */
#include <inttypes.h>
#include <stdbool.h>

#include "gfxkit/ir3.h"
#include "isa/ir3/ir3_tab.h"
#include "jsoncheck.h"
#include "testlib.h"

struct counts {
	unsigned n, dec, enc, nparse;
	unsigned same, differ, differ_listed, differ_enc; /* the 2022 vectors against current Mesa */
	unsigned old_same, old_other; /* older texts through the default assembler: the same word, another */
};

static char *ir3_doc; /* docs/ir3.md, where every 2022 vector printed differently now is listed */

/* Mesa's text for a word nothing matches, in its disassembler tests: "raw
 * 0xHHHHHHHHHHHHHHHH" (its no_match callback); gfxkit's decode has no text
 * and keeps the raw form. */
static bool raw_text(const char *text)
{
	return !strncmp(text, "raw 0x", 6);
}

/* One vector of a description (desc: 0, the default, Mesa 26.2; or
 * GK_IR3_MESA_2025): decode must print Mesa's text exactly; encode must give
 * the word back (with its don't-care bits cleared), unless Mesa's own
 * assembler cannot read the text (parse_fail).  An older description's text
 * must also assemble with the default, as an old shader dump does: to the
 * same word, or (old_other) to a word the default prints as that very text,
 * where the two descriptions read one text as different bits. */
static void vector(unsigned gpu, uint64_t w, const char *text, bool parse_fail, unsigned desc, struct counts *c)
{
	struct gk_ir3_insn in;
	int rc = gk_ir3_decode(gpu | desc, w, &in, NULL);
	bool dec_ok = raw_text(text) ? rc < 0 && in.name == NULL : !strcmp(in.text, text);
	uint64_t back = 0;
	struct gk_diag err;
	int r = gk_ir3_encode(gpu | desc, text, strlen(text), &back, &err);
	bool enc_ok = r == 0 && back == (w & ~in.dontcare);
	c->n++;
	c->dec += dec_ok;
	c->nparse += !parse_fail;
	c->enc += enc_ok && !parse_fail;
	CHECK(dec_ok, "%u %016" PRIx64 ": decode '%s', want '%s'", gpu, w, in.text, text);
	if (!parse_fail)
		CHECK(enc_ok, "%u '%s': encode rc %d %016" PRIx64 " want %016" PRIx64 " (%s)", gpu, text, r, back,
		      w & ~in.dontcare, r ? err.message : "");
	if (!desc || parse_fail || raw_text(text))
		return;
	r = gk_ir3_encode(gpu, text, strlen(text), &back, &err);
	if (r == 0 && back == (w & ~in.dontcare)) {
		c->old_same++;
		return;
	}
	struct gk_ir3_insn now;
	bool other = r == 0 && gk_ir3_decode(gpu, back, &now, NULL) == 0 && !strcmp(now.text, text);
	c->old_other += other;
	CHECK(other, "%u '%s' (an older Mesa's text): the default assembler gives rc %d %016" PRIx64 ", want %016" PRIx64
	      " (%s)", gpu, text, r, back, w & ~in.dontcare, r ? err.message : "");
}

/* One 2022 vector against Mesa's January 2025 description (the one before
 * 26.2): printed as then, it goes both ways; printed differently since,
 * docs/ir3.md lists it (by its word).  The 2022 text still assembles, with
 * the default assembler, to the same word (users have old shader dumps). */
static void vector_2022(unsigned gpu, uint64_t w, const char *hex, const char *text, struct counts *c)
{
	struct gk_ir3_insn in;
	gk_ir3_decode(gpu | GK_IR3_MESA_2025, w, &in, NULL);
	uint64_t back = 0;
	struct gk_diag err;
	int r = gk_ir3_encode(gpu, text, strlen(text), &back, &err);
	bool enc_ok = r == 0 && back == (w & ~in.dontcare);
	c->n++;
	if (!strcmp(in.text, text)) {
		c->same++;
		c->enc += enc_ok;
	} else {
		bool listed = ir3_doc && strstr(ir3_doc, hex);
		c->differ++;
		c->differ_listed += listed;
		c->differ_enc += enc_ok;
		CHECK(listed, "%u %s: now '%s', was '%s': not listed in docs/ir3.md", gpu, hex, in.text, text);
	}
	CHECK(enc_ok, "%u '%s' (2022 text): encode rc %d %016" PRIx64 " want %016" PRIx64 " (%s)", gpu, text, r,
	      back, w & ~in.dontcare, r ? err.message : "");
}

/* gpu \t HHHHHHHH_LLLLLLLL \t text \t category [\t parse]; '#' lines are
 * comments.  old: the 2022 set (vector_2022). */
static int run_file(const char *path, struct counts *c, int old, unsigned desc)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[1024];
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || strncmp(line, "gpu_id", 6) == 0)
			continue;
		line[strcspn(line, "\r\n")] = 0;
		char *col[5] = { 0 };
		int k = 0;
		for (char *p = line; k < 5 && p; k++) {
			col[k] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = 0;
		}
		if (k < 4)
			continue;
		unsigned hi, lo;
		if (sscanf(col[1], "%8x_%8x", &hi, &lo) != 2)
			continue;
		uint64_t w = (uint64_t)hi << 32 | lo;
		if (old)
			vector_2022((unsigned)atoi(col[0]), w, col[1], col[2], c);
		else
			vector((unsigned)atoi(col[0]), w, col[2], k > 4 && !strcmp(col[4], "parse_fail"), desc, c);
	}
	fclose(f);
	return 0;
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *b = malloc(cap);
	while (b) {
		size_t k = fread(b + n, 1, cap - 1 - n, f);
		n += k;
		if (n < cap - 1)
			break;
		char *nb = realloc(b, cap * 2);
		if (!nb) {
			free(b);
			b = NULL;
			break;
		}
		b = nb;
		cap *= 2;
	}
	fclose(f);
	if (b)
		b[n] = 0;
	return b;
}

static void test_vectors(void)
{
	struct counts c = { 0 };
	CHECK(run_file("tests/vectors/ir3_mesa26.tsv", &c, 0, 0) == 0, "tests/vectors/ir3_mesa26.tsv missing");
	printf("# tests/vectors/ir3_mesa26.tsv (Mesa 26.2): decoded %u/%u, assembled %u/%u (%u Mesa cannot parse)\n",
	       c.dec, c.n, c.enc, c.nparse, c.n - c.nparse);
	CHECK(c.n == 368, "%u Mesa 26.2 vectors, want 368", c.n);
	CHECK(c.dec == c.n && c.enc == c.nparse, "Mesa 26.2 vectors: decoded %u, assembled %u", c.dec, c.enc);

	struct counts c25 = { 0 };
	CHECK(run_file("tests/vectors/ir3_2025.tsv", &c25, 0, GK_IR3_MESA_2025) == 0,
	      "tests/vectors/ir3_2025.tsv missing");
	printf("# tests/vectors/ir3_2025.tsv (Mesa 2025, @mesa-2025): decoded %u/%u, assembled %u/%u; through the "
	       "default assembler %u to the same word, %u to the word Mesa 26.2 prints so\n",
	       c25.dec, c25.n, c25.enc, c25.nparse, c25.old_same, c25.old_other);
	CHECK(c25.n == 328, "%u Mesa 2025 vectors, want 328", c25.n);
	CHECK(c25.dec == c25.n && c25.enc == c25.nparse, "Mesa 2025 vectors: decoded %u, assembled %u", c25.dec,
	      c25.enc);

	ir3_doc = read_all("docs/ir3.md");
	CHECK(ir3_doc != NULL, "docs/ir3.md missing");
	struct counts o = { 0 };
	CHECK(run_file("tests/vectors/ir3.tsv", &o, 1, 0) == 0, "tests/vectors/ir3.tsv missing");
	printf("# tests/vectors/ir3.tsv (Mesa 2022): %u printed the same (%u assemble back), %u differently now "
	       "(%u listed in docs/ir3.md, %u of their 2022 texts assemble to the word)\n",
	       o.same, o.enc, o.differ, o.differ_listed, o.differ_enc);
	CHECK(o.n == 203, "%u 2022 vectors, want 203", o.n);
	CHECK(o.enc == o.same && o.differ_listed == o.differ && o.differ_enc == o.differ, "2022 vectors");

	struct counts s = { 0 };
	if (run_file("../shared/reference/ir3/disasm-vectors.tsv", &s, 1, 0) != 0) {
		TL_SKIP("../shared/reference/ir3/disasm-vectors.tsv not found: the shared corpus's copy of the 2022 "
			"vectors not compared (a fresh clone has no ../shared)");
	} else {
		printf("# ../shared disasm-vectors.tsv: %u same, %u different\n", s.same, s.differ);
		CHECK(s.same == o.same && s.differ == o.differ, "shared corpus differs from tests/vectors/ir3.tsv");
	}
	free(ir3_doc);
	ir3_doc = NULL;
}

/* decode -> the printed line -> encode gives the same 64 bits */
static unsigned roundtrip(unsigned gpu, uint64_t w, unsigned *exact)
{
	struct gk_ir3_insn in;
	gk_ir3_decode(gpu, w, &in, NULL);
	char line[GK_IR3_TEXT_MAX + 64];
	gk_ir3_line(&in, line, sizeof line);
	uint64_t back = ~w;
	struct gk_diag err;
	int r = gk_ir3_encode(gpu, line, strlen(line), &back, &err);
	*exact += in.exact;
	if (r != 0 || back != w) {
		printf("  %u %016" PRIx64 " '%s' -> rc %d %016" PRIx64 "\n", gpu, w, line, r, back);
		return 1;
	}
	/* an exact line is Mesa's text alone; a raw one still names the text */
	if (in.exact && (line[0] == '[' || strcmp(line, in.text)))
		return 1;
	return 0;
}

static void test_random(void)
{
	static const unsigned gens[] = { 306, 420, 530, 630, 660, 730, 840, 630 | GK_IR3_MESA_2025 };
	uint64_t seed = 0x1234567;
	for (unsigned g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		unsigned bad = 0, exact = 0, n = 1500, clean = 0, clean_exact = 0;
		for (unsigned i = 0; i < n; i++) {
			uint64_t w = tl_rand(&seed);
			if (i & 1) /* half of them cat6 */
				w = (w & ~(7ull << 61)) | (6ull << 61);
			unsigned e = 0;
			bad += roundtrip(gens[g], w, &e);
			exact += e;
			/* the same word without its don't-care bits: most of these are plain text */
			struct gk_ir3_insn in;
			if (gk_ir3_decode(gens[g], w, &in, NULL) == 0 && (w & in.dontcare)) {
				clean++;
				e = 0;
				bad += roundtrip(gens[g], w & ~in.dontcare, &e);
				clean_exact += e;
			}
		}
		CHECK(bad == 0, "gpu %u: %u of %u random words did not round-trip", gens[g], bad, n + clean);
		printf("# gpu %u: %u random words round-trip (%u as exact text); %u more with their don't-care bits "
		       "cleared (%u exact)\n",
		       gens[g], n + clean, exact, clean, clean_exact);
		CHECK(clean_exact * 4 > clean, "gpu %u: only %u of %u exact", gens[g], clean_exact, clean);
	}
}

/* every field of every cat6 vector flipped bit by bit still round-trips */
static void test_bitflips(void)
{
	FILE *f = fopen("tests/vectors/ir3.tsv", "r");
	CHECK(f != NULL, "no vectors");
	if (!f)
		return;
	char line[1024];
	unsigned bad = 0, tried = 0, exact = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned gpu, hi, lo;
		if (line[0] == '#' || sscanf(line, "%u\t%8x_%8x", &gpu, &hi, &lo) != 3 || !strstr(line, "\tcat6"))
			continue;
		uint64_t w = (uint64_t)hi << 32 | lo;
		for (unsigned b = 0; b < 64; b++, tried++)
			bad += roundtrip(gpu, w ^ (1ull << b), &exact);
	}
	fclose(f);
	CHECK(bad == 0, "%u of %u one-bit variants of the cat6 vectors did not round-trip", bad, tried);
	printf("# %u one-bit variants of the cat6 vectors round-trip, %u as exact text\n", tried, exact);
}

/* Mangled texts: never a crash; what assembles decodes back to that text
 * (white space runs as one space). */
static void test_mutations(void)
{
	static const char alphabet[] = "0123456789abcdefghlprsuxyzw.,[]()+-<>#_ ";
	FILE *f = fopen("tests/vectors/ir3_mesa26.tsv", "r");
	CHECK(f != NULL, "no vectors");
	if (!f)
		return;
	char line[1024];
	uint64_t seed = 77;
	unsigned tried = 0, assembled = 0, bad = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned gpu, hi, lo;
		char text[300];
		if (line[0] == '#' || sscanf(line, "%u\t%8x_%8x\t%299[^\t]", &gpu, &hi, &lo, text) != 4 ||
		    !strncmp(text, "raw ", 4))
			continue;
		for (int k = 0; k < 30; k++) {
			char t[320];
			size_t n = strlen(text);
			memcpy(t, text, n + 1);
			for (int edits = 1 + (int)(tl_rand(&seed) % 3); edits > 0; edits--) {
				size_t at = (size_t)(tl_rand(&seed) % (n + 1));
				char c = alphabet[tl_rand(&seed) % (sizeof alphabet - 1)];
				unsigned op = (unsigned)(tl_rand(&seed) % 3);
				if (op == 0 && at < n) {
					t[at] = c;
				} else if (op == 1 && n + 1 < sizeof t) {
					memmove(t + at + 1, t + at, n - at + 1);
					t[at] = c;
					n++;
				} else if (at < n) {
					memmove(t + at, t + at + 1, n - at);
					n--;
				}
			}
			uint64_t w;
			struct gk_diag err;
			tried++;
			if (gk_ir3_encode(gpu, t, n, &w, &err) != 0) {
				bad += err.col < 1 || err.col > n + 1 || !err.message[0];
				continue;
			}
			assembled++;
			struct gk_ir3_insn in;
			gk_ir3_decode(gpu, w, &in, NULL);
			/* the mangled text, white space squeezed */
			char norm[320];
			size_t m = 0;
			for (size_t i = 0; i < n; i++)
				if (t[i] != ' ' || (m && norm[m - 1] != ' '))
					norm[m++] = t[i];
			while (m && norm[m - 1] == ' ')
				m--;
			norm[m] = 0;
			/* a 2022 spelling (".s8 " made from ".u8 ") reads as the word
			 * whose current text says the same */
			uint64_t again = ~w;
			bool old_spelling = (strstr(norm, ".s8 ") || strstr(norm, " p0.x")) &&
					    gk_ir3_encode(gpu, in.text, strlen(in.text), &again, NULL) == 0 && again == w;
			/* or Mesa 2025's text of the word (the default assembler
			 * reads it too) */
			struct gk_ir3_insn old;
			old_spelling = old_spelling ||
				       (gk_ir3_decode(gpu | GK_IR3_MESA_2025, w, &old, NULL) == 0 && !strcmp(old.text, norm));
			if (strcmp(in.text, norm) && norm[0] != '[' && !old_spelling) {
				bad++;
				printf("  '%s' -> %016" PRIx64 " -> '%s'\n", t, w, in.text);
			}
		}
	}
	fclose(f);
	CHECK(bad == 0, "%u of %u mangled texts misbehaved", bad, tried);
	printf("# %u mangled vector texts: %u still assemble (and decode back to themselves), the rest are errors\n",
	       tried, assembled);
}

/* Small spaces in full: every 13-bit ldg offset, every 8-bit register in
 * each of ldg's register fields, every TYPE and SIZE, every stg offset
 * (split OFF_HI:OFF_LO), every ldg.a shift/offset pair, every a6xx bindless
 * mode/base: each decodes to text that assembles back bit for bit. */
static void test_exhaustive(void)
{
	struct {
		const char *what;
		uint64_t word;
		unsigned lo, hi;
		unsigned raw; /* how many must stay raw although no don't-care bit is set */
	} spaces[] = {
		{ "ldg OFF", 0xc0060006ull << 32 | 0x0181800f, 1, 13, 0 },
		{ "ldg SRC1", 0xc0060006ull << 32 | 0x0181800f, 14, 21, 0 },
		{ "ldg SIZE", 0xc0060006ull << 32 | 0x0181800f, 24, 31, 0 },
		{ "ldg DST", 0xc0060006ull << 32 | 0x0181800f, 32, 39, 0 },
		{ "ldg TYPE", 0xc0060006ull << 32 | 0x0181800f, 49, 51, 0 },
		{ "stg OFF_HI/SRC3", 0xc0ca0505ull << 32 | 0x03800042, 1, 13, 0 },
		{ "stg OFF_LO", 0xc0ca0505ull << 32 | 0x03800042, 32, 39, 0 },
		/* bit 11 is asserted 0: the 4096 values with it set stay raw */
		{ "ldg.a SRC2/OFF/shift", 0xc0020007ull << 32 | 0x03c1740f, 1, 13, 4096 },
		/* BASE is not shown unless BINDLESS: 7 bases x 4 modes stay raw;
		 * bits 4..5 are OFFSET_HI in Mesa's description since 2023, asserted
		 * 0 without HAS_OFFSET: the 192 values with them set stay raw too */
		{ "ldib.b BASE/MODE/BINDLESS", 0xc0260c0aull << 32 | 0x0a61b180, 1, 8, 220 },
		{ "ldib.b SSBO", 0xc0260c0aull << 32 | 0x0a61b180, 41, 48, 0 },
		{ "ldc OFFSET/SRC1_IM", 0xc0260000ull << 32 | 0x00478600, 9, 10, 0 },
		{ "stc DST", 0xc7060120ull << 32 | 0x03800000, 32, 40, 0 },
	};
	for (unsigned i = 0; i < sizeof spaces / sizeof spaces[0]; i++) {
		unsigned w = spaces[i].hi - spaces[i].lo + 1, bad = 0, inexact = 0;
		uint64_t mask = ((1ull << w) - 1) << spaces[i].lo;
		for (uint64_t v = 0; v < (1ull << w); v++) {
			uint64_t word = (spaces[i].word & ~mask) | v << spaces[i].lo;
			struct gk_ir3_insn in;
			struct gk_diags dg;
			gk_diags_reset(&dg);
			gk_ir3_decode(630, word, &in, &dg);
			unsigned e = 0;
			bad += roundtrip(630, word, &e);
			inexact += !in.exact && dg.errors == 0 && !(word & in.dontcare);
		}
		CHECK(bad == 0, "%s: %u of %u values did not round-trip", spaces[i].what, bad, 1u << w);
		CHECK(inexact == spaces[i].raw, "%s: %u values not exact, want %u", spaces[i].what, inexact,
		      spaces[i].raw);
	}
}

static bool has_diag(const struct gk_diags *dg, enum gk_diag_code code, enum gk_severity sev)
{
	for (unsigned i = 0; i < dg->n; i++)
		if (dg->d[i].code == code && dg->d[i].severity == sev)
			return true;
	return false;
}

/* decode into in, its diagnostics alone in *dg */
static int decode(unsigned gpu, uint64_t w, struct gk_ir3_insn *in, struct gk_diags *dg)
{
	gk_diags_reset(dg);
	return gk_ir3_decode(gpu, w, in, dg);
}

static void test_diags(void)
{
	struct gk_ir3_insn in;
	struct gk_diags dg;
	char line[400];
	/* ldib.b with bit 0 set (the blob's vector): text as Mesa prints, warning, raw line */
	CHECK(decode(630, 0xc0220200ull << 32 | 0x0361b801, &in, &dg) == 0, "ldib.b");
	CHECK(!strcmp(in.text, "ldib.b.typed.1d.f32.4.imm r0.x, r0.w, 1"), "%s", in.text);
	CHECK(has_diag(&dg, GK_D_DONTCARE_BITS, GK_WARNING) && dg.errors == 0, "don't-care warning");
	CHECK(dg.d[0].dw == 0 && dg.d[0].lo == 0 && dg.d[0].hi == 0, "at dw0[0:0]");
	CHECK(!in.exact, "not exact");
	gk_ir3_line(&in, line, sizeof line);
	CHECK(!strcmp(line, "[0xc0220200_0361b801] ; ldib.b.typed.1d.f32.4.imm r0.x, r0.w, 1"), "%s", line);

	/* nothing matches */
	CHECK(decode(630, ~0ull, &in, &dg) < 0, "all ones");
	CHECK(in.name == NULL && in.text[0] == 0 && has_diag(&dg, GK_D_UNKNOWN_OPCODE, GK_ERROR), "no match");
	gk_ir3_line(&in, line, sizeof line);
	CHECK(!strcmp(line, "[0xffffffff_ffffffff]"), "%s", line);

	/* a word both ldl and ldib.b (bit 0 don't-care since 2023) match on
	 * a6xx: isaspec's "bitset conflict", no text */
	int ldl = -1, ldibb = -1;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		if (!strcmp(gk_ir3_bitsets[b].name, "ldl"))
			ldl = (int)b;
		if (!strcmp(gk_ir3_bitsets[b].name, "ldib.b"))
			ldibb = (int)b;
	}
	CHECK(ldl >= 0 && ldibb >= 0, "ldl, ldib.b in the tables");
	if (ldl >= 0 && ldibb >= 0) {
		uint64_t both = gk_ir3_bitsets[ldl].match | gk_ir3_bitsets[ldibb].match;
		CHECK(decode(630, both, &in, &dg) < 0 && in.name == NULL && dg.errors == 1 &&
			      strstr(dg.d[0].message, "bitset conflict: ") != NULL,
		      "conflict %016" PRIx64 ": %s", both, dg.n ? dg.d[0].message : in.text);
		CHECK(decode(530, both, &in, &dg) == 0 && !strcmp(in.name, "ldl"), "no ldib.b on a5xx: %s", in.text);
	}

	/* an a6xx-only encoding on a5xx: stc (a6xx) is stgb's bits before (a4xx form) */
	uint64_t stc = 0xc7020020ull << 32 | 0x01800000;
	CHECK(decode(630, stc, &in, &dg) == 0 && !strcmp(in.text, "stc.f32 c[32], r0.x, 1"), "%s", in.text);
	decode(420, 0xc0d20906ull << 32 | 0x02800004, &in, &dg); /* stg.a: a6xx only */
	CHECK(in.name == NULL && has_diag(&dg, GK_D_WRONG_GEN, GK_ERROR), "stg.a on a420: %s",
	      dg.n ? dg.d[0].message : "no diagnostic");

	/* ldg.a asserts bit 11 = 0: set it and the decoder warns (the text stays) */
	uint64_t ldga = 0xc0020011ull << 32 | 0x04c08023;
	CHECK(decode(630, ldga | 1u << 11, &in, &dg) == 0 && has_diag(&dg, GK_D_RESERVED_BITS, GK_WARNING),
	      "assert bit 11");
	CHECK(!in.exact, "asserted bit set: not exact");

	/* an enum value without a name prints as a number and is flagged: cat6-src-mode 3 */
	uint64_t ldib = 0xc0260c0aull << 32 | 0x0a61b180; /* ldib.b ... nonuniform */
	CHECK(decode(630, ldib | 3u << 6, &in, &dg) == 0 && has_diag(&dg, GK_D_RESERVED_VALUE, GK_WARNING),
	      "MODE=3: %s", in.text);
	CHECK(strstr(in.text, ".3.base0") != NULL, "%s", in.text);
}

/* Branch targets as labels: the target is index + the branch field */
static void test_labels(void)
{
	struct gk_ir3_insn in;
	char buf[GK_IR3_TEXT_MAX];
	gk_ir3_decode(630, 0x00800000ull << 32 | 0x00000464, &in, NULL); /* fd-clouds: instruction 174 */
	CHECK(in.has_branch && in.branch == 0x464, "br: has_branch %d branch %" PRId64, in.has_branch, in.branch);
	CHECK(gk_ir3_label_text(630, &in, 174, buf, sizeof buf) == 15 && !strcmp(buf, "br p0.x, #l1298"), "%s", buf);
	gk_ir3_decode(630, 0x01000000ull << 32 | 0xfffffb99, &in, NULL); /* jump back from 1297 */
	CHECK(in.branch == -1127 && gk_ir3_label_text(630, &in, 1297, buf, sizeof buf) && !strcmp(buf, "jump #l170"),
	      "%s", buf);
	CHECK(gk_ir3_label_text(630, &in, 1297, buf, 5) == 4 && !strcmp(buf, "jump"), "cut: %s", buf);
	gk_ir3_decode(630, 0x0181800full | 0xc0060006ull << 32, &in, NULL); /* ldg: no branch */
	CHECK(!in.has_branch && gk_ir3_label_text(630, &in, 9, buf, sizeof buf) && !strcmp(buf, in.text), "%s", buf);
	CHECK(gk_ir3_label_text(630, NULL, 0, buf, sizeof buf) == 0 && buf[0] == 0, "NULL insn");
	CHECK(gk_ir3_label_text(630, &in, 0, NULL, 10) == 0 && gk_ir3_label_text(630, &in, 0, buf, 0) == 0, "no buffer");
}

static void test_encode_errors(void)
{
	uint64_t w;
	struct gk_diag err;
	const char *t = "ldg.u32 r1.z, g[r1.z+7], 1";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0 && w == (0xc0060006ull << 32 | 0x0181800f), "ldg");
	t = "  ldg.u32   r1.z,  g[r1.z+7],\t1  ";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0 && w == (0xc0060006ull << 32 | 0x0181800f),
	      "whitespace");
	t = "ldg.u32 r1.z, g[r1.z+7], 1, 2";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0 && err.code == GK_D_SYNTAX && err.col == 27,
	      "trailing operand: col %u", err.col);
	t = "ldg.u33 r1.z, g[r1.z+7], 1";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0 && err.col == 5, "bad type: col %u", err.col);
	t = "stg.a.f32 g[r1.x+(r1.z)<<2], r0.z, 2"; /* a6xx only */
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0, "stg.a on a630");
	CHECK(gk_ir3_encode(540, t, strlen(t), &w, &err) < 0, "stg.a on a540");
	t = "ldg.u32 r1.z, g[r1.z+4096], 1"; /* OFF is 13 bits signed */
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0, "offset out of range");
	t = "ldg.u32 r1.z, g[r1.z+4095], 1";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0, "largest offset");
	t = "ldg.u32 r64.x, g[r1.z], 1"; /* 6-bit register number */
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0, "r64");
	t = "ldg.u32 r1.z, g[r1.z+99999999999999999999999], 1";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0, "huge number");
	t = "[0xc0220200_0361b801]";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0 && w == (0xc0220200ull << 32 | 0x0361b801), "raw");
	t = "[0x1]";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0 && w == 1, "short raw");
	t = "[0x11111111111111111]";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0, "17 digits");
	t = "[0xzz]";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) < 0, "bad raw");
	CHECK(gk_ir3_encode(630, "", 0, &w, &err) < 0, "empty");
	char big[600];
	memset(big, 'a', sizeof big);
	CHECK(gk_ir3_encode(630, big, sizeof big, &w, &err) < 0, "long garbage");
	t = "nop";
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, &err) == 0 && w == 0, "nop");
}

static void test_json(void)
{
	static const uint64_t words[] = { 0xc0260200ull << 32 | 0x03676100, 0xc0220200ull << 32 | 0x0361b801, ~0ull,
					  0xc0d20906ull << 32 | 0x02800004 };
	for (unsigned i = 0; i < 4; i++) {
		struct gk_ir3_insn in;
		struct gk_diags dg;
		decode(630, words[i], &in, &dg);
		char buf[8192];
		size_t n = gk_ir3_json(&in, &dg, 8 * i, GK_JSON_TEXT, buf, sizeof buf - 1);
		buf[n++] = '\n';
		CHECK(json_line_ok(buf, n), "json %u: %.*s", i, (int)n, buf);
		char dw[64];
		snprintf(dw, sizeof dw, "\"words\":[%u,%u]", (unsigned)words[i], (unsigned)(words[i] >> 32));
		CHECK(strstr(buf, dw) != NULL && strstr(buf, "\"engine\":\"ir3\"") && strstr(buf, "\"text\":\""), "words in %s", buf);
	}
	struct gk_ir3_insn in;
	struct gk_diags dg;
	decode(630, words[0], &in, &dg);
	char buf[8192];
	gk_ir3_json(&in, &dg, 0, 0, buf, sizeof buf);
	CHECK(strstr(buf, "\"name\":\"stib.b\"") && strstr(buf, "\"UAV.IMMED\":1") && !strstr(buf, "\"text\":"),
	      "%s", buf);
	/* a small buffer truncates, never overflows */
	char small[16];
	size_t n = gk_ir3_json(&in, &dg, 0, 0, small, sizeof small);
	CHECK(n == sizeof small - 1 && small[n] == 0, "truncated json");

	/* keys of hand-made records: the same key again gets @ and its low bit
	 * (or its position), whatever pointers hold the strings; a key is at
	 * most 127 characters, its first ones (the suffix too) */
	static char a1[] = "A", a2[] = "A", p1[] = "P", p2[] = "P", l1[201], l2[201], m1[126], m2[126];
	memset(l1, 'n', 200);
	memset(l2, 'n', 200);
	memset(m1, 'm', 125);
	memset(m2, 'm', 125);
	struct gk_ir3_insn hand;
	memset(&hand, 0, sizeof hand);
	hand.name = "hand";
	const struct gk_ir3_field hf[] = {
		{ a1, NULL, 1, 3, 3 },  { a2, NULL, 2, 5, 5 }, { a1, p1, 3, -1, -1 }, { a2, p2, 4, -1, -1 },
		{ a1, p2, 5, 7, 8 },    { l1, NULL, 6, 1, 1 }, { l2, NULL, 7, 2, 2 },  { m1, NULL, 8, 1, 1 },
		{ m2, NULL, 9, 12, 12 }, { p1, a1, 10, 0, 0 },
	};
	memcpy(hand.fields, hf, sizeof hf);
	hand.nfields = sizeof hf / sizeof hf[0];
	static char hbuf[8192], want[1024];
	char l127[128], m127[128];
	memset(l127, 'n', 127);
	l127[127] = 0;
	memset(m127, 'm', 125);
	memcpy(m127 + 125, "@1", 3);
	snprintf(want, sizeof want,
		 "\"fields\":{\"A\":1,\"A@5\":2,\"P.A\":3,\"P.A@3\":4,\"P.A@7\":5,\"%s\":6,\"%s\":7,\"%.125s\":8,\"%s\":9,\"A.P\":10}",
		 l127, l127, m127, m127);
	gk_ir3_json(&hand, NULL, 0, 0, hbuf, sizeof hbuf);
	CHECK(strstr(hbuf, want) != NULL, "keys of a hand-made record: %s", hbuf);
}

/* The lookup aids the generator adds: each field's case holds it, each
 * case's name set is exactly its fields' names and each bitset's those of
 * its cases (and whether one has an expression); the decode index lists every
 * leaf under every key its fixed bits allow (a leaf missing from a group
 * would not decode), each bitset's variant cases (what the assembler reads
 * it by) and what its asserts and encoder constants can set (the exactness
 * proof), each template's literals, the encode index every named leaf
 * under its name's first two characters and the leaves without {NAME} among
 * those always tried (a leaf missing would not assemble). */
static void test_indexes(void)
{
	unsigned bad = 0;
	for (unsigned c = 0; c < IR3_NCASES; c++) {
		const struct ir3_case *C = &gk_ir3_cases[c];
		uint64_t names[IR3_NAME_WORDS] = { 0 };
		for (unsigned f = C->field; f < C->field + C->nfields; f++) {
			names[gk_ir3_fields[f].name / 64] |= 1ull << (gk_ir3_fields[f].name % 64);
			bad += gk_ir3_fields[f].cas != c;
		}
		bad += memcmp(names, C->names, sizeof names) != 0;
	}
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		uint64_t names[IR3_NAME_WORDS] = { 0 };
		int overrides = 0;
		for (unsigned c = B->cas; c < B->cas + B->ncases; c++) {
			for (unsigned w = 0; w < IR3_NAME_WORDS; w++)
				names[w] |= gk_ir3_cases[c].names[w];
			overrides |= gk_ir3_cases[c].expr >= 0;
		}
		bad += memcmp(names, B->names, sizeof names) != 0 || overrides != B->overrides;
	}
	CHECK(bad == 0, "%u fields, cases or bitsets whose case, name set or overrides flag is wrong", bad);
	/* each bitset's variant cases: walking its chain leaf first, the cases
	 * with a display up to the first without an expression (the default),
	 * then every case with an expression and fields that is not among them
	 * or comes after the bitset holding the default */
	unsigned badv = 0;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		unsigned disp[IR3_NCASES], fos[IR3_NCASES], nd = 0, nf = 0;
		int done = 0;
		for (int c = (int)b; c >= 0; c = gk_ir3_bitsets[c].parent) {
			const struct ir3_bitset *B = &gk_ir3_bitsets[c];
			int was_done = done;
			for (unsigned k = B->cas; k < B->cas + B->ncases; k++) {
				const struct ir3_case *C = &gk_ir3_cases[k];
				if (C->tpl < 0 || was_done) {
					if (C->expr >= 0 && C->nfields)
						fos[nf++] = k;
				} else if (!done) {
					disp[nd++] = k;
					done = C->expr < 0;
				}
			}
		}
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		int same = B->ndisp == nd && B->nfos == nf;
		for (unsigned i = 0; same && i < nd + nf; i++)
			same = gk_ir3_variant_cases[B->disp + i] == (i < nd ? disp[i] : fos[i - nd]);
		badv += !same;
	}
	CHECK(badv == 0, "%u bitsets whose variant cases (gk_ir3_variant_cases) are not their displays and overrides",
	      badv);
	/* each template's {NAME} flag and literals of two characters or more */
	unsigned badt = 0;
	for (unsigned t = 0; t < IR3_NTPLS; t++) {
		const struct ir3_tpl *T = &gk_ir3_tpls[t];
		unsigned n = 0;
		int named = 0;
		for (unsigned sg = T->seg; sg < T->seg + T->nsegs; sg++) {
			named |= gk_ir3_segs[sg].field == 0;
			if (gk_ir3_segs[sg].field < 0 && gk_ir3_segs[sg].len > 1)
				badt += n >= T->nlits || gk_ir3_tpl_lits[T->lits + n++] != sg;
		}
		badt += n != T->nlits || named != T->has_name;
	}
	CHECK(badt == 0, "%u templates whose literal list or {NAME} flag is wrong", badt);
	/* each bitset's bits its chain's asserts and encoder constants can set,
	 * and its chain's default-case fields with an encoder constant */
	unsigned badf = 0;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		uint64_t may = 0;
		unsigned n = 0;
		for (int c = (int)b; c >= 0; c = gk_ir3_bitsets[c].parent)
			for (unsigned k = gk_ir3_bitsets[c].cas; k < gk_ir3_bitsets[c].cas + gk_ir3_bitsets[c].ncases; k++) {
				const struct ir3_case *C = &gk_ir3_cases[k];
				may |= C->assert_val & C->assert_mask;
				for (unsigned f = C->field; f < C->field + C->nfields; f++) {
					const struct ir3_field *F = &gk_ir3_fields[f];
					if (!F->has_force || F->expr >= 0 || F->type == IR3_T_BITSET)
						continue;
					unsigned w = F->high - F->low + 1u;
					may |= (F->force & (w >= 64 ? ~0ull : (1ull << w) - 1)) << F->low;
					if (C->expr < 0)
						badf += n >= gk_ir3_bitsets[b].nforced ||
							gk_ir3_forced_fields[gk_ir3_bitsets[b].forced + n++] != f;
				}
			}
		badf += may != gk_ir3_bitsets[b].chain_may || n != gk_ir3_bitsets[b].nforced;
	}
	CHECK(badf == 0, "%u bitsets whose assert/force bits or forced fields are wrong", badf);
	for (unsigned r = 0; r < IR3_NROOTS; r++) {
		const struct ir3_root *R = &gk_ir3_roots[r];
		unsigned missing = 0, unnamed = 0;
		for (unsigned i = 0; i < R->nleaves && R->nkey; i++) {
			const struct ir3_bitset *B = &gk_ir3_bitsets[R->leaves[i]];
			for (unsigned key = 0; key < 1u << R->nkey; key++) {
				int fits = 1;
				for (unsigned k = 0; k < R->nkey; k++)
					if (B->mask >> R->key_bit[k] & 1)
						fits &= (unsigned)(B->match >> R->key_bit[k] & 1) == (key >> k & 1);
				int listed = 0;
				for (unsigned j = R->key_start[key]; j < R->key_start[key + 1]; j++)
					listed |= R->by_key[j] == R->leaves[i];
				missing += fits && !listed;
			}
		}
		for (unsigned i = 0; i < R->nleaves && R->by_pair; i++) {
			const struct ir3_bitset *B = &gk_ir3_bitsets[R->leaves[i]];
			int short_name = !B->name[0] || !B->name[1], by_name = 0, always = 0;
			if (!short_name) {
				unsigned h = IR3_PAIR_HASH(B->name[0], B->name[1]);
				for (unsigned j = R->pair_start[h]; j < R->pair_start[h + 1]; j++)
					by_name |= R->by_pair[j] == i;
			}
			for (unsigned j = 0; j < R->nalways; j++)
				always |= R->always[j] == i;
			unnamed += ((B->nameless || short_name) && !always) || (!short_name && !by_name);
		}
		CHECK(missing == 0, "root %s: %u leaf/key pairs missing from the decode index",
		      gk_ir3_bitsets[R->bitset].name, missing);
		CHECK(unnamed == 0, "root %s: %u leaves the encode index cannot find", gk_ir3_bitsets[R->bitset].name,
		      unnamed);
	}
	CHECK(gk_ir3_roots[gk_ir3_root_instruction].nkey && gk_ir3_roots[gk_ir3_root_instruction].by_pair,
	      "the instruction root has both indexes");
}

static int case_has(unsigned c, unsigned name)
{
	return gk_ir3_cases[c].names[name / 64] >> (name % 64) & 1;
}

/* the field of case c called name (the case has it) */
static unsigned case_field_of(unsigned c, unsigned name)
{
	unsigned f = gk_ir3_cases[c].field;
	while (gk_ir3_fields[f].name != name)
		f++;
	return f;
}

#define XW ((IR3_NEXPRS + 63) / 64)

/* The evaluation graph of test_lookups, as isaspec's lookup goes: what
 * evaluating expression x (in a scope whose chain starts at bitset b) may
 * evaluate while looking up name: every case expression of a bitset of the
 * chain with an expression or the name, leaf first, until a case with the
 * name that surely holds (no expression, or x's own, taken as true while x
 * is evaluated), the derived fields with the name on the way; then the same
 * in every scope around (any bitset whose chain holds a field of b's root,
 * the name passed in by its params).  "needed": the expression decides the
 * lookup (its case has the name) or gives the value (a derived field). */
struct egraph {
	uint64_t any[IR3_NEXPRS][XW];
	uint64_t needed[IR3_NEXPRS][XW];
	uint64_t seen[IR3_NBITSETS][IR3_NAME_WORDS]; /* (b, name) already followed for this x */
};

static void edge(struct egraph *g, unsigned x, unsigned y, int needed)
{
	g->any[x][y / 64] |= 1ull << (y % 64);
	if (needed)
		g->needed[x][y / 64] |= 1ull << (y % 64);
}

static int in_chain(unsigned b, unsigned q)
{
	for (int c = (int)b; c >= 0; c = gk_ir3_bitsets[c].parent)
		if ((unsigned)c == q)
			return 1;
	return 0;
}

static void lookup_edges(struct egraph *g, unsigned x, unsigned b, unsigned name)
{
	if (g->seen[b][name / 64] >> (name % 64) & 1)
		return;
	g->seen[b][name / 64] |= 1ull << (name % 64);
	for (int c = (int)b; c >= 0; c = gk_ir3_bitsets[c].parent) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[c];
		if (!B->overrides && !(B->names[name / 64] >> (name % 64) & 1))
			continue;
		for (unsigned k = B->cas; k < B->cas + B->ncases; k++) {
			const struct ir3_case *C = &gk_ir3_cases[k];
			if (C->expr >= 0 && (unsigned)C->expr != x)
				edge(g, x, (unsigned)C->expr, case_has(k, name));
			if (!case_has(k, name))
				continue;
			const struct ir3_field *F = &gk_ir3_fields[case_field_of(k, name)];
			if (F->expr >= 0)
				edge(g, x, (unsigned)F->expr, 1);
			if (C->expr < 0 || (unsigned)C->expr == x)
				return;
		}
	}
	for (unsigned f = 0; f < IR3_NFIELDS; f++) {
		const struct ir3_field *F = &gk_ir3_fields[f];
		if (F->type != IR3_T_BITSET || F->ref != gk_ir3_bitsets[b].root)
			continue;
		unsigned outer = IR3_NNAMES, q = 0;
		for (unsigned p = 0; p < F->nparams; p++)
			if (gk_ir3_params[F->param + p].as == name)
				outer = gk_ir3_params[F->param + p].name;
		if (outer == IR3_NNAMES)
			continue; /* not passed: not looked up outside */
		while (!(f >= gk_ir3_cases[gk_ir3_bitsets[q].cas].field &&
			 f < gk_ir3_cases[gk_ir3_bitsets[q].cas + gk_ir3_bitsets[q].ncases - 1].field +
				     gk_ir3_cases[gk_ir3_bitsets[q].cas + gk_ir3_bitsets[q].ncases - 1].nfields))
			q++; /* the bitset holding field f */
		for (unsigned p = 0; p < IR3_NBITSETS; p++)
			if (in_chain(p, q))
				lookup_edges(g, x, p, outer);
	}
}

/* The lookup index and the "kept" expressions (scripts/gen_ir3.py says
 * why).  The decoder's lookup evaluates only the case expressions of cases
 * with the name, and the kept ones; isaspec evaluated every case expression
 * of a bitset it passed.  An evaluation only caches the expression's value,
 * and can only come out other than that value when an expression needed for
 * it is being evaluated further down the stack (read as 0): a cycle of the
 * evaluation graph with a needed edge.  The kept expressions are those that
 * can reach such a cycle; every other has one value wherever and whenever
 * it is evaluated, so leaving it for later changes nothing.  Computed here
 * again from the tables (expressions of all scopes counted as one: the
 * guard compares expression ids) and compared with the generator's. */
static void test_lookups(void)
{
	static struct egraph g;
	memset(&g, 0, sizeof g);
	for (unsigned b = 0; b < IR3_NBITSETS; b++)
		for (int c = (int)b; c >= 0; c = gk_ir3_bitsets[c].parent)
			for (unsigned k = gk_ir3_bitsets[c].cas; k < gk_ir3_bitsets[c].cas + gk_ir3_bitsets[c].ncases; k++) {
				/* the expressions evaluated in b's scope: its cases' and derived fields' */
				const struct ir3_case *C = &gk_ir3_cases[k];
				for (int i = -1; i < (int)C->nfields; i++) {
					int x = i < 0 ? C->expr : gk_ir3_fields[C->field + (unsigned)i].expr;
					if (x < 0)
						continue;
					memset(g.seen, 0, sizeof g.seen);
					for (const struct ir3_op *op = &gk_ir3_ops[gk_ir3_exprs[x].op]; op->op != IR3_OP_END; op++)
						if (op->op == IR3_OP_FIELD)
							lookup_edges(&g, (unsigned)x, b, (unsigned)op->arg);
				}
			}
	static uint64_t reach[IR3_NEXPRS][XW];
	memcpy(reach, g.any, sizeof reach);
	for (unsigned k = 0; k < IR3_NEXPRS; k++)
		for (unsigned i = 0; i < IR3_NEXPRS; i++)
			if (reach[i][k / 64] >> (k % 64) & 1)
				for (unsigned w = 0; w < XW; w++)
					reach[i][w] |= reach[k][w];
	uint64_t dangerous[XW] = { 0 };
	unsigned edges = 0;
	for (unsigned x = 0; x < IR3_NEXPRS; x++)
		for (unsigned y = 0; y < IR3_NEXPRS; y++) {
			edges += g.any[x][y / 64] >> (y % 64) & 1;
			if ((g.needed[x][y / 64] >> (y % 64) & 1) && (x == y || (reach[y][x / 64] >> (x % 64) & 1))) {
				dangerous[x / 64] |= 1ull << (x % 64);
				dangerous[y / 64] |= 1ull << (y % 64);
			}
		}
	unsigned wrong = 0, kept = 0;
	for (unsigned x = 0; x < IR3_NEXPRS; x++) {
		int k = (dangerous[x / 64] >> (x % 64) & 1) != 0;
		for (unsigned w = 0; w < XW; w++)
			k |= (reach[x][w] & dangerous[w]) != 0;
		kept += k;
		if (k != gk_ir3_exprs[x].kept) {
			wrong++;
			printf("  expression %u: kept %d, the tables say %d\n", x, k, gk_ir3_exprs[x].kept);
		}
	}
	CHECK(wrong == 0, "%u expressions whose kept flag differs from the evaluation graph's", wrong);
	CHECK(edges > 0 && kept > 0, "the evaluation graph has edges (%u) and kept expressions (%u)", edges, kept);
	CHECK(IR3_NEXPRS < IR3_EVAL_STACK - 1, "%d expressions: the evaluation stack (%d) could fill up", IR3_NEXPRS,
	      IR3_EVAL_STACK);

	/* the index: where the walk ends when no case it passes has a kept
	 * expression and the first with the name has none */
	unsigned bad = 0, found = 0, walks = 0;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		for (unsigned name = 0; name < IR3_NNAMES; name++) {
			int want = IR3_LOOKUP_NONE;
			for (int c = (int)b; c >= 0 && want == IR3_LOOKUP_NONE; c = gk_ir3_bitsets[c].parent) {
				const struct ir3_bitset *Bc = &gk_ir3_bitsets[c];
				if (!Bc->overrides && !(Bc->names[name / 64] >> (name % 64) & 1))
					continue;
				for (unsigned k = Bc->cas; k < Bc->cas + Bc->ncases && want == IR3_LOOKUP_NONE; k++) {
					int x = gk_ir3_cases[k].expr;
					if (x >= 0 && (case_has(k, name) || gk_ir3_exprs[x].kept))
						want = IR3_LOOKUP_WALK;
					else if (case_has(k, name))
						want = (int)case_field_of(k, name);
				}
			}
			bad += gk_ir3_lookup[b][name] != want;
			found += want >= 0;
			walks += want == IR3_LOOKUP_WALK;
		}
	}
	CHECK(bad == 0, "%u wrong lookup index entries", bad);
	CHECK(found > 0 && walks > 0, "the lookup index finds fields (%u) and walks (%u)", found, walks);
}

/* The tables: fields inside their bitset, enums as wide as their fields, no
 * two leaves of a root matching the same word on one GPU. */
/* The encode index's pair per leaf (ir3_root.need_pair): the assembler
 * passes a leaf over when the text lacks it, which is right only when every
 * display it can read the leaf by holds that pair inside one of the literals
 * text_may_fit looks for (two characters or more). */
static void test_need_pair(void)
{
	unsigned wrong = 0, have = 0, leaves = 0;
	for (unsigned r = 0; r < IR3_NROOTS; r++) {
		const struct ir3_root *R = &gk_ir3_roots[r];
		if (!R->need_pair)
			continue;
		for (unsigned i = 0; i < R->nleaves; i++) {
			const struct ir3_bitset *B = &gk_ir3_bitsets[R->leaves[i]];
			unsigned h = R->need_pair[i];
			leaves++;
			if (h == IR3_PAIR_BUCKETS)
				continue;
			have++;
			int ok = h < IR3_PAIR_BUCKETS;
			for (unsigned d = 0; d < B->ndisp && ok; d++) {
				const struct ir3_tpl *T = &gk_ir3_tpls[gk_ir3_cases[gk_ir3_variant_cases[B->disp + d]].tpl];
				int found = 0;
				for (unsigned l = T->lits; l < T->lits + T->nlits && !found; l++) {
					const struct ir3_seg *S = &gk_ir3_segs[gk_ir3_tpl_lits[l]];
					for (unsigned j = 0; j + 1 < S->len && !found; j++)
						found = IR3_PAIR_HASH(S->lit[j], S->lit[j + 1]) == h;
				}
				ok = found;
			}
			if (!ok) {
				wrong++;
				printf("  %s: need_pair %u is not in every display's literals\n", B->name, h);
			}
		}
	}
	/* always_set and short_name say what always[] does, pair_name the
	 * names of by_pair's leaves */
	for (unsigned r = 0; r < IR3_NROOTS; r++) {
		const struct ir3_root *R = &gk_ir3_roots[r];
		if (!R->by_pair)
			continue;
		uint64_t set[(IR3_MAX_LEAVES + 63) / 64] = { 0 };
		unsigned nshort = 0;
		for (unsigned k = 0; k < R->nalways; k++) {
			unsigned pos = R->always[k];
			const char *nm = gk_ir3_bitsets[R->leaves[pos]].name;
			set[pos / 64] |= 1ull << (pos % 64);
			if (!nm[0] || !nm[1])
				wrong += nshort >= R->nshort || R->short_name[nshort++] != pos;
		}
		wrong += nshort != R->nshort || memcmp(set, R->always_set, sizeof set) != 0;
		for (unsigned k = 0; k < R->pair_start[IR3_PAIR_BUCKETS]; k++)
			wrong += strcmp(R->pair_name[k], gk_ir3_bitsets[R->leaves[R->by_pair[k]]].name) != 0;
		/* each bucket in name order, pair_lcp the prefix shared with the
		 * name before (what the assembler's skipping relies on) */
		for (unsigned h = 0; h < IR3_PAIR_BUCKETS; h++)
			for (unsigned k = R->pair_start[h]; k < R->pair_start[h + 1]; k++) {
				const char *a = k > R->pair_start[h] ? R->pair_name[k - 1] : "", *b = R->pair_name[k];
				unsigned l = 0;
				while (a[l] && a[l] == b[l])
					l++;
				wrong += strcmp(a, b) > 0 || R->pair_lcp[k] != l;
			}
	}
	printf("# need_pair: %u of %u indexed leaves have one\n", have, leaves);
	CHECK(wrong == 0 && have > 0, "%u leaves with a wrong need_pair (%u have one)", wrong, have);
}

/* What a lookup of name finds in a scope of leaf b read by display case
 * cas and the overrides fo[0 .. nfo): the encoder's efind, the chain leaf
 * first, in each bitset those cases and its default case. */
static bool in_set(unsigned c, const int *set, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (set[i] == (int)c)
			return true;
	return false;
}

static int scope_field(int b, int cas, const int *fo, unsigned nfo, unsigned name)
{
	for (; b >= 0; b = gk_ir3_bitsets[b].parent) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		for (unsigned c = B->cas; c < B->cas + B->ncases; c++) {
			if ((int)c != cas && !in_set(c, fo, nfo) && c != B->cas + B->ncases - 1)
				continue;
			const struct ir3_case *C = &gk_ir3_cases[c];
			for (unsigned f = C->field; f < C->field + C->nfields; f++)
				if (gk_ir3_fields[f].name == name)
					return (int)f;
		}
	}
	return -1;
}

/* Is expression x "{X} == k"?  Then *name = X. */
static bool eq_const_expr(int x, unsigned *name)
{
	const struct ir3_op *op = &gk_ir3_ops[gk_ir3_exprs[x].op];
	if (op[0].op != IR3_OP_FIELD || op[1].op != IR3_OP_CONST || op[2].op != IR3_OP_EQ || op[3].op != IR3_OP_END)
		return false;
	*name = (unsigned)op[0].arg;
	return true;
}

/* The override sets of a bitset's variants (gk_ir3_fo_combos), found
 * again: every set with at most one override of each group (the overrides
 * testing one field against constants), each such set once, the empty set
 * first; a7xx alias has one with two overrides (its rt destination and
 * const source). */
static unsigned check_combos(unsigned b, unsigned *multi)
{
	const struct ir3_bitset *B = &gk_ir3_bitsets[b];
	unsigned nf = B->nfos < IR3_FOS_MAX ? B->nfos : IR3_FOS_MAX, bad = 0;
	const uint16_t *fos = &gk_ir3_variant_cases[B->disp + B->ndisp];
	unsigned want = 0, seen_empty = 0;
	/* the number of sets: the product of (1 + the size of each group) */
	unsigned grouped = 0, prod = 1;
	for (unsigned j = 0; j < nf; j++) {
		if (grouped >> j & 1)
			continue;
		unsigned sel, name, size = 1;
		bool eq = eq_const_expr(gk_ir3_cases[fos[j]].expr, &sel);
		for (unsigned i = j + 1; eq && i < nf; i++)
			if (!(grouped >> i & 1) && eq_const_expr(gk_ir3_cases[fos[i]].expr, &name) && name == sel) {
				grouped |= 1u << i;
				size++;
			}
		prod *= 1 + size;
	}
	want = prod;
	bad += B->ncombo != want;
	for (unsigned i = 0; i < B->ncombo && !bad; i++) {
		unsigned m = gk_ir3_fo_combos[B->combo + i];
		seen_empty += m == 0;
		bad += i == 0 && m != 0;
		bad += m >> nf != 0;
		for (unsigned k = 0; k < i; k++)
			bad += gk_ir3_fo_combos[B->combo + k] == m;
		/* no two overrides of one group */
		for (unsigned x = 0; x < nf; x++)
			for (unsigned y = x + 1; y < nf; y++) {
				unsigned n1, n2;
				if ((m >> x & 1) && (m >> y & 1) && eq_const_expr(gk_ir3_cases[fos[x]].expr, &n1) &&
				    eq_const_expr(gk_ir3_cases[fos[y]].expr, &n2) && n1 == n2)
					bad++;
			}
		*multi += (m & (m - 1)) != 0;
	}
	bad += seen_empty != 1;
	if (bad)
		printf("  %s: %u override sets, want %u, or a set twice or two of one group\n", B->name, B->ncombo, want);
	return bad != 0;
}

/* The build plans (ir3_bitset.plan): per bitset and variant, the steps the
 * encoder's build walked for them before the plans, found again here the
 * same way: the chain's cases the scope sees, the asserted bits of those it
 * applies (a zero mask changes nothing: no step), the raw fields a lookup
 * of their name finds. */
static void test_build_plans(void)
{
	unsigned wrong = 0, plans = 0, steps = 0, quick = 0, multi = 0;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		if (check_combos(b, &multi)) {
			wrong++;
			continue;
		}
		unsigned nd = B->ndisp < 8 ? B->ndisp : 8, nf = B->nfos;
		unsigned n = nd * B->ncombo < IR3_VARIANTS_MAX ? nd * B->ncombo : IR3_VARIANTS_MAX;
		const uint16_t *disp = &gk_ir3_variant_cases[B->disp], *fos = disp + B->ndisp;
		if (b + 1 < IR3_NBITSETS && gk_ir3_bitsets[b + 1].plan != B->plan + n) {
			wrong++;
			printf("  %s: %u variants, but the next plan is %u past its first\n", B->name, n,
			       gk_ir3_bitsets[b + 1].plan - B->plan);
			continue;
		}
		for (unsigned i = 0; i < n; i++) {
			int cas = disp[i / B->ncombo], fo[IR3_FOS_MAX];
			unsigned nfo = 0, mask = gk_ir3_fo_combos[B->combo + i % B->ncombo];
			for (unsigned j = 0; j < IR3_FOS_MAX && j < B->nfos; j++)
				if (mask >> j & 1)
					fo[nfo++] = fos[j];
			int want[512];
			unsigned nw = 0;
			for (int c2 = (int)b; c2 >= 0; c2 = gk_ir3_bitsets[c2].parent) {
				const struct ir3_bitset *P = &gk_ir3_bitsets[c2];
				int owner = cas >= (int)P->cas && cas < (int)(P->cas + P->ncases);
				for (unsigned c = P->cas; c < P->cas + P->ncases; c++) {
					if ((int)c != cas && !in_set(c, fo, nfo) && c != P->cas + P->ncases - 1)
						continue;
					const struct ir3_case *C = &gk_ir3_cases[c];
					if (C->assert_mask && ((int)c == cas || in_set(c, fo, nfo) || !owner) && nw < 512)
						want[nw++] = -(int)c - 1;
					for (unsigned f = C->field; f < C->field + C->nfields; f++) {
						const struct ir3_field *F = &gk_ir3_fields[f];
						if (F->expr < 0 && F->type != IR3_T_BITSET &&
						    scope_field((int)b, cas, fo, nfo, F->name) == (int)f && nw < 512)
							want[nw++] = (int)f;
					}
				}
			}
			uint32_t first = gk_ir3_plan_start[B->plan + i], end = gk_ir3_plan_start[B->plan + i + 1];
			int same = end - first == nw;
			for (unsigned k = 0; same && k < nw; k++)
				same = gk_ir3_build_steps[first + k] == want[k];
			if (!same) {
				wrong++;
				printf("  %s variant %u: build plan of %u steps, want %u\n", B->name, i, end - first, nw);
			}
			/* the quick-miss count: what the encoder found per nested
			 * scope before the table */
			int q = -1;
			/* without overrides variant i is display i */
			const struct ir3_tpl *T = nf ? NULL : &gk_ir3_tpls[gk_ir3_cases[disp[i]].tpl];
			if (T && T->nsegs && gk_ir3_segs[T->seg].field < 0) {
				unsigned names[8], nn = 0;
				int ok = 1;
				for (unsigned j = 0; j <= i && ok; j++) {
					int ex = gk_ir3_cases[disp[j]].expr;
					if (ex < 0)
						continue;
					const struct ir3_expr *X = &gk_ir3_exprs[ex];
					unsigned a0 = X->assume + (j == i ? 0 : X->ntrue), cnt = j == i ? X->ntrue : X->nfalse;
					for (unsigned a = a0; a < a0 + cnt && ok; a++) {
						unsigned name = gk_ir3_assumes[a].name;
						int k = gk_ir3_lookup[b][name];
						ok = k >= 0 && gk_ir3_fields[k].expr < 0 && nn < 8;
						for (unsigned r = 0; r < nn && ok; r++)
							ok = names[r] != name;
						if (ok)
							names[nn++] = name;
					}
				}
				q = ok ? (int)nn : -1;
			}
			if (gk_ir3_quick_miss[B->plan + i] != q) {
				wrong++;
				printf("  %s variant %u: quick miss %d, want %d\n", B->name, i, gk_ir3_quick_miss[B->plan + i], q);
			}
			quick += q >= 0;
			plans++;
			steps += nw;
		}
	}
	printf("# build plans: %u (%u steps, %u with a quick miss); %u override sets of two or more\n", plans, steps,
	       quick, multi);
	CHECK(wrong == 0 && plans > 0 && quick > 0, "%u wrong build plans of %u (%u quick)", wrong, plans, quick);
	CHECK(multi > 0, "no variant assumes two overrides (a7xx alias's rt destination with a const source needs it)");
}

/* Each enum's index by first character (ir3_enum.first, by_first): every
 * value with a name once, in the group of its first character (0: empty),
 * each group in value order -- the order the assembler used to find them. */
static void test_enum_index(void)
{
	unsigned wrong = 0, named = 0;
	for (unsigned k = 0; k < IR3_NENUMS; k++) {
		const struct ir3_enum *E = &gk_ir3_enums[k];
		unsigned x = 0;
		for (unsigned c = 0; c < 128; c++) {
			wrong += E->first[c] != x;
			for (uint32_t i = 0; i < E->n; i++) {
				const char *nm = E->names[i];
				if (nm && (unsigned char)nm[0] == c)
					wrong += E->first[c + 1] <= x || E->by_first[x++] != i;
			}
		}
		wrong += E->first[128] != x;
		named += x;
	}
	printf("# enum index: %u named values\n", named);
	CHECK(wrong == 0 && named > 0, "enum index: %u wrong entries", wrong);
}

/* Decode's scan tables (ir3_root.scan): by_key's leaves (leaves' without
 * a decode index) in order, with their bitsets' match, mask and
 * generations. */
static void test_scan(void)
{
	unsigned wrong = 0, n = 0;
	for (unsigned r = 0; r < IR3_NROOTS; r++) {
		const struct ir3_root *R = &gk_ir3_roots[r];
		unsigned cnt = R->nkey ? R->key_start[1u << R->nkey] : R->nleaves;
		for (unsigned i = 0; i < cnt; i++, n++) {
			const struct ir3_scan *L = &R->scan[i];
			unsigned bs = R->nkey ? R->by_key[i] : R->leaves[i];
			const struct ir3_bitset *B = &gk_ir3_bitsets[bs];
			wrong += L->bs != bs || L->match != B->match || L->mask != B->mask || L->gen_min != B->gen_min ||
				 L->gen_max != B->gen_max;
		}
	}
	printf("# scan tables: %u entries\n", n);
	CHECK(wrong == 0 && n > 0, "scan tables: %u wrong entries", wrong);
}

/* The plain fields (ir3_field.plain, gen_ir3.py), found again from their
 * types: raw, and a number, a one-bit bool or an enum no two values of
 * which share a name -- display prints, records and proves them without
 * display_field; and the lookup index names fields of default cases only,
 * which that path relies on (it tests no override). */
static void test_plain(void)
{
	unsigned wrong = 0, plain = 0, overridden = 0;
	for (unsigned f = 0; f < IR3_NFIELDS; f++) {
		const struct ir3_field *F = &gk_ir3_fields[f];
		int want = 0;
		if (F->expr < 0) {
			switch (F->type) {
			case IR3_T_UINT:
			case IR3_T_HEX:
			case IR3_T_INT: want = 1; break;
			case IR3_T_BOOL:
			case IR3_T_BOOL_INV: want = F->low == F->high; break;
			case IR3_T_ENUM: {
				const struct ir3_enum *E = &gk_ir3_enums[F->ref];
				want = 1;
				for (uint32_t i = 0; i < E->n && want; i++)
					for (uint32_t j = 0; j < i && want && E->names[i]; j++)
						want = !(E->names[j] && !strcmp(E->names[i], E->names[j]));
				break;
			}
			default: break;
			}
		}
		wrong += F->plain != want;
		plain += want;
	}
	for (unsigned b = 0; b < IR3_NBITSETS; b++)
		for (unsigned n = 0; n < IR3_NNAMES; n++) {
			int k = gk_ir3_lookup[b][n];
			overridden += k >= 0 && gk_ir3_cases[gk_ir3_fields[k].cas].expr >= 0;
		}
	printf("# plain fields: %u of %u\n", plain, (unsigned)IR3_NFIELDS);
	CHECK(wrong == 0 && plain > 0, "plain fields: %u wrong", wrong);
	CHECK(overridden == 0, "lookup index: %u entries name a field of an override", overridden);
}

static void test_tables(void)
{
	unsigned problems = 0;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		const struct ir3_bitset *B = &gk_ir3_bitsets[b];
		for (unsigned c = B->cas; c < B->cas + B->ncases; c++)
			for (unsigned f = gk_ir3_cases[c].field; f < gk_ir3_cases[c].field + gk_ir3_cases[c].nfields; f++) {
				const struct ir3_field *F = &gk_ir3_fields[f];
				if (F->expr < 0 && (F->high >= B->size || F->low > F->high)) {
					problems++;
					printf("  %s.%s bits %u..%u outside %u\n", B->name, gk_ir3_names[F->name], F->low,
					       F->high, B->size);
				}
				if (F->type == IR3_T_ENUM && F->expr < 0 &&
				    gk_ir3_enums[F->ref].n < (1u << (F->high - F->low + 1))) {
					problems++;
					printf("  %s.%s: enum %s narrower than the field\n", B->name, gk_ir3_names[F->name],
					       gk_ir3_enums[F->ref].name);
				}
				if (F->type == IR3_T_BITSET && F->expr < 0 &&
				    gk_ir3_bitsets[gk_ir3_roots[F->ref].bitset].size != F->high - F->low + 1) {
					problems++;
					printf("  %s.%s: bitset size differs from the field\n", B->name, gk_ir3_names[F->name]);
				}
			}
		if (B->match & ~B->mask) {
			problems++;
			printf("  %s: match bits outside its mask\n", B->name);
		}
	}
	/* any GPU id both leaves' generation ranges share: find_leaf takes the
	 * first leaf that matches, which is right only because of this */
	unsigned overlaps = 0;
	for (unsigned r = 0; r < IR3_NROOTS; r++) {
		const struct ir3_root *R = &gk_ir3_roots[r];
		for (unsigned i = 0; i < R->nleaves; i++)
			for (unsigned j = i + 1; j < R->nleaves; j++) {
				const struct ir3_bitset *A = &gk_ir3_bitsets[R->leaves[i]], *B = &gk_ir3_bitsets[R->leaves[j]];
				unsigned lo = A->gen_min > B->gen_min ? A->gen_min : B->gen_min;
				unsigned hi = A->gen_max < B->gen_max ? A->gen_max : B->gen_max;
				if (lo <= hi && !((A->match ^ B->match) & A->mask & B->mask)) {
					/* Mesa's description has these (the decoder reports a word
					 * both match as a conflict, as isaspec does: test_conflict):
					 * since ldib.b's bit 0 became don't-care (a6xx+), ldl, ldp
					 * and ldlw; in Mesa 26.2 also stl, stp and stlw against
					 * stib.b/ldib.b, ray_intersection against ldib.b (a7xx+),
					 * and a8xx's mova.r (a relative a0.x destination) against
					 * the mov forms that do not exclude one */
					static const char *const pairs[][2] = {
						{ "ldl", "ldib.b" }, { "ldp", "ldib.b" }, { "ldlw", "ldib.b" },
						{ "stl", "stib.b" }, { "stl", "ldib.b" }, { "stp", "stib.b" },
						{ "stp", "ldib.b" }, { "stlw", "stib.b" }, { "stlw", "ldib.b" },
						{ "ray_intersection", "ldib.b" }, { "mova-r-immed", "mov-immed" },
						{ "mova-r-gpr", "mov-gpr" }, { "mova-r-gpr", "movs-immed" },
						{ "mova-r-gpr", "movs-a0" }, { "mova-r-gpr", "mov-relgpr" },
						{ "mova-r-gpr", "mov-relconst" },
					};
					int known = 0;
					for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
						known |= !strcmp(A->name, pairs[k][0]) && !strcmp(B->name, pairs[k][1]);
					overlaps += !known;
					printf("  gpus %u-%u: %s and %s can match the same word%s\n", lo, hi, A->name, B->name,
					       known ? " (known: Mesa's too)" : "");
				}
			}
	}
	/* no raw field of a leaf's chain holds one of its don't-care bits, so
	 * the assembler never writes one (gk_ir3_decode_with relies on it) */
	unsigned dcf = 0;
	for (unsigned b = 0; b < IR3_NBITSETS; b++) {
		if (!gk_ir3_bitsets[b].leaf)
			continue;
		uint64_t dc = gk_ir3_bitsets[b].dontcare;
		for (int p = (int)b; p >= 0; p = gk_ir3_bitsets[p].parent)
			for (unsigned c = gk_ir3_bitsets[p].cas; c < gk_ir3_bitsets[p].cas + gk_ir3_bitsets[p].ncases; c++)
				for (unsigned f = gk_ir3_cases[c].field; f < gk_ir3_cases[c].field + gk_ir3_cases[c].nfields;
				     f++) {
					const struct ir3_field *F = &gk_ir3_fields[f];
					uint64_t fm = F->high - F->low >= 63 ? ~0ull
									    : ((1ull << (F->high - F->low + 1)) - 1) << F->low;
					if (F->expr < 0 && F->type != IR3_T_ASSERT && (fm & dc)) {
						dcf++;
						printf("  %s: field %s holds don't-care bits\n", gk_ir3_bitsets[b].name,
						       gk_ir3_names[F->name]);
					}
				}
	}
	CHECK(dcf == 0, "%u fields hold don't-care bits of their leaf", dcf);
	CHECK(problems == 0, "%u table problems", problems);
	CHECK(overlaps == 0, "%u overlapping encodings", overlaps);
	test_indexes();
	test_lookups();
	test_need_pair();
	test_build_plans();
	test_enum_index();
	test_scan();
	test_plain();
}

static void test_gpus(void)
{
	unsigned id = 0;
	CHECK(gk_ir3_gpu("a630", &id) == 0 && id == 630, "a630");
	CHECK(gk_ir3_gpu("630", &id) == 0 && id == 630, "630");
	CHECK(gk_ir3_gpu("a6xx", &id) == 0 && id == 600, "a6xx");
	CHECK(gk_ir3_gpu("a306", &id) == 0 && id == 306, "a306");
	CHECK(gk_ir3_gpu("adreno540", &id) == 0 && id == 540, "adreno540");
	CHECK(gk_ir3_gpu("evergreen", &id) < 0, "evergreen");
	CHECK(gk_ir3_gpu("a7xx", &id) == 0 && id == 700, "a7xx");
	CHECK(gk_ir3_gpu("a740", &id) == 0 && id == 740, "a740");
	CHECK(gk_ir3_gpu("702", &id) == 0 && id == 702, "702");
	/* Mesa's chip ids: the a7xx ones by table, others by their bytes */
	CHECK(gk_ir3_gpu("0x07030001", &id) == 0 && id == 730, "0x07030001");
	CHECK(gk_ir3_gpu("0x43051401", &id) == 0 && id == 750, "0x43051401");
	CHECK(gk_ir3_gpu("0x6010800", &id) == 0 && id == 618, "0x6010800");
	CHECK(gk_ir3_gpu("0x06030002", &id) == 0 && id == 630, "0x06030002");
	CHECK(gk_ir3_gpu("0x12345678", &id) < 0, "0x12345678");
	CHECK(gk_ir3_gpu("0x", &id) < 0, "0x");
	CHECK(gk_ir3_gpu("0x1ffffffff", &id) < 0, "0x1ffffffff");
	CHECK(gk_ir3_gpu("a8xx", &id) == 0 && id == 800, "a8xx");
	CHECK(gk_ir3_gpu("a840", &id) == 0 && id == 840, "a840");
	CHECK(gk_ir3_gpu("840", &id) == 0 && id == 840, "840");
	/* Mesa's a8xx chip ids, also in the "any speed bin" form */
	CHECK(gk_ir3_gpu("0x44050000", &id) == 0 && id == 830, "0x44050000");
	CHECK(gk_ir3_gpu("0xffff44050a31", &id) == 0 && id == 840, "0xffff44050a31");
	CHECK(gk_ir3_gpu("0x44030a20", &id) == 0 && id == 829, "0x44030a20");
	CHECK(gk_ir3_gpu("0x -5", &id) < 0, "0x -5");
	CHECK(gk_ir3_gpu("a9xx", &id) < 0, "a9xx");
	/* the description: Mesa 26.2 unless told */
	CHECK(gk_ir3_gpu("a630@mesa-2025", &id) == 0 && id == (630 | GK_IR3_MESA_2025), "a630@mesa-2025");
	CHECK(gk_ir3_gpu("a630@mesa-26.2", &id) == 0 && id == 630, "a630@mesa-26.2");
	CHECK(gk_ir3_gpu("a840@mesa-2025", &id) < 0, "a840@mesa-2025 (no a8xx then)");
	CHECK(gk_ir3_gpu("a630@mesa-1999", &id) < 0, "a630@mesa-1999");
	CHECK(gk_ir3_gpu("@mesa-2025", &id) < 0, "@mesa-2025");
	CHECK(gk_ir3_gpu(NULL, &id) < 0, "NULL");
}

/* Every public function: NULL pointers, zero lengths and capacities, and
 * maximal values give the error return, never a crash (the sanitized run of
 * this test would stop on a bad access). */
static void test_bad_arguments(void)
{
	unsigned id = 7;
	CHECK(gk_ir3_gpu(NULL, NULL) < 0, "gpu NULL, NULL");
	CHECK(gk_ir3_gpu("a630", NULL) < 0, "gpu a630, NULL");
	CHECK(gk_ir3_gpu("", &id) < 0 && id == 7, "gpu empty name");
	CHECK(gk_ir3_gpu_help() != NULL && gk_ir3_gpu_help()[0], "help");

	const uint64_t ldg = 0xc0060006ull << 32 | 0x0181800f;
	struct gk_diags dg;
	gk_diags_reset(&dg);
	CHECK(gk_ir3_decode(630, ldg, NULL, &dg) < 0 && dg.n == 0 && dg.errors == 0, "decode into NULL");
	struct gk_ir3_insn in;
	CHECK(decode(0, ldg, &in, &dg) < 0 && in.name == NULL && dg.errors == 1 && !in.exact, "gpu 0");
	CHECK(decode(~0u, ldg, &in, &dg) < 0 && in.name == NULL && dg.errors == 1, "gpu UINT_MAX");
	CHECK(decode(~0u, ~0ull, &in, &dg) < 0 && dg.errors == 1, "gpu and word all ones");
	CHECK(gk_ir3_decode(~0u, ~0ull, &in, NULL) < 0 && in.name == NULL, "diagnostics not kept");

	uint64_t w = 5;
	struct gk_diag err;
	const char *t = "ldg.u32 r1.z, g[r1.z+7], 1";
	CHECK(gk_ir3_encode(630, NULL, 10, &w, &err) < 0 && err.severity == GK_ERROR && err.message[0] && w == 5,
	      "encode NULL text");
	CHECK(gk_ir3_encode(630, NULL, 0, &w, NULL) < 0 && w == 5, "encode NULL text, NULL err");
	CHECK(gk_ir3_encode(630, t, strlen(t), NULL, &err) < 0 && err.message[0], "encode into NULL");
	CHECK(gk_ir3_encode(630, t, strlen(t), NULL, NULL) < 0, "encode into NULL, NULL err");
	CHECK(gk_ir3_encode(630, t, 0, &w, &err) < 0 && err.col == 1 && w == 5, "encode length 0");
	CHECK(gk_ir3_encode(630, t, SIZE_MAX, &w, &err) < 0 && err.col == 0 && w == 5, "encode length SIZE_MAX");
	CHECK(gk_ir3_encode(630, t, GK_IR3_INPUT_MAX + 1, &w, &err) < 0 && w == 5, "encode length above the limit");
	CHECK(gk_ir3_encode(630, t, strlen(t), &w, NULL) == 0 && w == ldg, "encode, NULL err");
	CHECK(gk_ir3_encode(0, t, strlen(t), &w, &err) < 0 && err.col >= 1, "encode gpu 0");
	CHECK(gk_ir3_encode(~0u, t, strlen(t), &w, &err) < 0 && err.col >= 1, "encode gpu UINT_MAX");
	CHECK(gk_ir3_encode(~0u, "[0xffffffffffffffff]", 20, &w, &err) == 0 && w == ~0ull, "raw, all ones");
	/* a long run of white space or a long raw comment is read only as far as it matters */
	static char spaces[70000];
	memset(spaces, ' ', sizeof spaces);
	memcpy(spaces + 30000, "nop", 3);
	CHECK(gk_ir3_encode(630, spaces, sizeof spaces, &w, &err) == 0 && w == 0, "nop in white space");
	memset(spaces, 'x', sizeof spaces);
	memcpy(spaces, "[0x1] ;", 7);
	CHECK(gk_ir3_encode(630, spaces, sizeof spaces, &w, &err) == 0 && w == 1, "raw with a long comment");

	decode(630, ldg, &in, &dg);
	char buf[400];
	memset(buf, 'x', sizeof buf);
	CHECK(gk_ir3_line(&in, NULL, 100) == 0, "line into NULL");
	CHECK(gk_ir3_line(&in, buf, 0) == 0 && buf[0] == 'x', "line cap 0");
	CHECK(gk_ir3_line(NULL, buf, sizeof buf) == 0 && buf[0] == 0, "line of NULL");
	CHECK(gk_ir3_line(&in, buf, 1) == 0 && buf[0] == 0, "line cap 1");
	CHECK(gk_ir3_line(&in, buf, SIZE_MAX) == strlen("ldg.u32 r1.z, g[r1.z+7], 1"), "line cap SIZE_MAX: %s", buf);

	size_t total = gk_ir3_encodings(630, NULL, 0);
	CHECK(total > 100, "encodings count %zu", total);
	CHECK(gk_ir3_encodings(630, NULL, 5) == 0, "encodings into NULL with a cap");
	CHECK(gk_ir3_encodings(0, NULL, 0) == 0 && gk_ir3_encodings(~0u, NULL, 0) == 0, "encodings of no GPU");
	struct gk_ir3_encoding encs[300];
	CHECK(total <= 300 && gk_ir3_encodings(630, encs, 300) == total && encs[0].name, "encodings");

	memset(buf, 'x', sizeof buf);
	CHECK(gk_ir3_json(&in, &dg, 0, 0, NULL, 100) == 0, "json into NULL");
	CHECK(gk_ir3_json(&in, &dg, 0, 0, buf, 0) == 0 && buf[0] == 'x', "json cap 0");
	CHECK(gk_ir3_json(NULL, &dg, 0, 0, buf, sizeof buf) == 0 && buf[0] == 0, "json of NULL");
	CHECK(gk_ir3_json(&in, &dg, UINT64_MAX, 0, buf, 1) == 0 && buf[0] == 0, "json cap 1");
	static char big[8192];
	size_t n = gk_ir3_json(&in, NULL, UINT64_MAX, GK_JSON_TEXT, big, sizeof big);
	CHECK(n > 0 && n == strlen(big) && strstr(big, "\"offset\":\"0xffffffffffffffff\","), "json offset max: %s", big);
	/* a hand-made record (and diagnostics) that claims more than it holds, without terminators */
	struct gk_ir3_insn odd;
	memset(&odd, 'z', sizeof odd);
	odd.name = NULL;
	odd.exact = true;
	odd.nfields = ~0u;
	for (unsigned i = 0; i < GK_IR3_MAX_FIELDS; i++)
		odd.fields[i].name = odd.fields[i].parent = NULL;
	struct gk_diags odd_dg;
	memset(&odd_dg, 'z', sizeof odd_dg);
	odd_dg.n = ~0u;
	for (unsigned i = 0; i < GK_MAX_DIAGS; i++)
		odd_dg.d[i].field = odd_dg.d[i].packet = odd_dg.d[i].rule = odd_dg.d[i].section = NULL;
	n = gk_ir3_json(&odd, &odd_dg, 0, GK_JSON_TEXT, big, sizeof big);
	CHECK(n > 0 && n < sizeof big - 1, "json of an odd record: %zu", n);
	n = gk_ir3_line(&odd, buf, sizeof buf);
	CHECK(n == GK_IR3_TEXT_MAX, "line of an odd record: %zu", n);
}

/* decode's exactness proof against assembling the text back: on random
 * words of every generation (sparse ones, cat6 ones, and each with its
 * don't-care bits cleared, so that many are exact), whenever the proof alone
 * says exact, the whole decode result (text, fields, diagnostics, exact) is
 * byte for byte the one assembling the text back gives.  The proof only ever
 * says "exact"; when it cannot, gk_ir3_decode assembles back as before.
 * GK_IR3_EXACT_WORDS=N sets the words per GPU (default 200000; a tenth
 * under the sanitizers). */
#if defined(__SANITIZE_ADDRESS__)
#define TL_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TL_SANITIZED 1
#endif
#endif
static void test_exact_proof(void)
{
	static const unsigned gens[] = { 630, 660, 530, 420, 306, 730, 840 };
	unsigned long per = 200000;
#ifdef TL_SANITIZED
	per /= 10;
#endif
	const char *env = getenv("GK_IR3_EXACT_WORDS");
	if (env && *env)
		per = strtoul(env, NULL, 0);
	uint64_t seed = 0xe8ac7;
	for (unsigned g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		unsigned long exact = 0, proven = 0, differ = 0, n = 0;
		static struct gk_ir3_insn a, b;
		static struct gk_diags da, db;
		while (n < per) {
			uint64_t w = tl_rand(&seed);
			switch (n % 3) {
			case 0: w &= tl_rand(&seed) | tl_rand(&seed) << 61; break; /* sparse fields, any category */
			case 1: w = (w & ~(7ull << 61)) | (6ull << 61); break;  /* cat6 */
			default: break;
			}
			for (int pass = 0; pass < 2 && n < per; pass++, n++) {
				gk_diags_reset(&da);
				gk_ir3_decode_with(gens[g], w, &a, &da, IR3_EXACT_PROOF_ONLY);
				if (a.exact) {
					proven++;
					gk_diags_reset(&db);
					gk_ir3_decode_with(gens[g], w, &b, &db, IR3_EXACT_REASSEMBLE);
					if ((memcmp(&a, &b, sizeof a) || da.n != db.n || da.dropped != db.dropped ||
					     da.errors != db.errors || da.warnings != db.warnings ||
					     memcmp(da.d, db.d, da.n * sizeof da.d[0])) &&
					    differ++ < 5)
						printf("  %u %016" PRIx64 " '%s': proven exact, reassembly %s\n", gens[g], w,
						       a.text, b.exact ? "agrees but the results differ" : "says not");
				}
				if (!a.name || !(w & a.dontcare))
					break;
				w &= ~a.dontcare;
			}
		}
		CHECK(differ == 0, "gpu %u: %lu of %lu proofs wrong", gens[g], differ, proven);
		if (gens[g] >= 700) {
			/* alias's SCOPE 2 prints "tex" as 0 does (found by fuzz_ir3): the
			 * text assembles to SCOPE 0, so the word is not exact and its
			 * line (raw) assembles back to it */
			const uint64_t scope2 = 0xe445000000000014ull;
			char line[GK_IR3_TEXT_MAX + 64];
			uint64_t back = 0;
			gk_ir3_decode_with(gens[g], scope2, &a, NULL, IR3_EXACT_PROOF_ONLY);
			CHECK(!a.exact, "gpu %u: %016" PRIx64 " '%s' proven exact", gens[g], scope2, a.text);
			gk_ir3_decode(gens[g], scope2, &a, NULL);
			size_t ln = gk_ir3_line(&a, line, sizeof line);
			CHECK(!a.exact && gk_ir3_encode(gens[g], line, ln, &back, NULL) == 0 && back == scope2,
			      "gpu %u: %016" PRIx64 " '%s' (exact %d) assembles to %016" PRIx64, gens[g], scope2, line,
			      a.exact, back);
		}
		CHECK(proven > per / 4, "gpu %u: only %lu of %lu words proven exact", gens[g], proven, per);
		/* what the proof leaves to reassembly, on a sample */
		unsigned long sample = per / 20, left = 0;
		for (unsigned long i = 0; i < sample; i++) {
			uint64_t w = tl_rand(&seed) & tl_rand(&seed);
			gk_ir3_decode_with(gens[g], w, &a, NULL, IR3_EXACT_PROOF_ONLY);
			if (a.exact)
				exact++;
			else if (gk_ir3_decode(gens[g], w, &b, NULL) == 0 && b.exact)
				left++;
		}
		printf("# gpu %u: %lu words, %lu proven exact, each so when assembled back; of %lu sparse words "
		       "%lu proven exact, %lu exact only by reassembly\n",
		       gens[g], n, proven, sample, exact, left);
	}
}

/* The engine decodes without field records unless JSON needs them
 * (IR3_DECODE_NO_FIELDS): everything else must be what a decode with
 * records gives, diagnostics included, and no record written. */
static void test_no_fields(void)
{
	static const unsigned gens[] = { 630, 660, 530, 420, 306, 730, 840, 630 | GK_IR3_MESA_2025 };
	unsigned long per = 20000, bad = 0;
#ifdef TL_SANITIZED
	per /= 10;
#endif
	uint64_t seed = 0x5eedf;
	for (unsigned g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		static struct gk_ir3_insn a, b;
		static struct gk_diags da, db;
		for (unsigned long n = 0; n < per; n++) {
			uint64_t w = tl_rand(&seed);
			if (n % 3 == 0)
				w &= tl_rand(&seed) | tl_rand(&seed) << 61;
			else if (n % 3 == 1)
				w = (w & ~(7ull << 61)) | (6ull << 61);
			gk_diags_reset(&da);
			gk_diags_reset(&db);
			int ra = gk_ir3_decode(gens[g], w, &a, &da);
			memset(&b, 0xa5, sizeof b); /* whatever the last unit left */
			b.nfields = 7;
			int rb = gk_ir3_decode_with(gens[g], w, &b, &db,
						    IR3_EXACT_PROVE_OR_REASSEMBLE | IR3_DECODE_NO_FIELDS);
			int same = ra == rb && a.word == b.word && a.name == b.name && !strcmp(a.text, b.text) &&
				   a.exact == b.exact && a.dontcare == b.dontcare && a.has_branch == b.has_branch &&
				   a.branch == b.branch && b.nfields == 0 && da.n == db.n && da.errors == db.errors &&
				   da.warnings == db.warnings && !memcmp(da.d, db.d, da.n * sizeof da.d[0]);
			if (!same && bad++ < 5)
				printf("  %u %016" PRIx64 " '%s': without records '%s' (exact %d/%d, %u/%u "
				       "diagnostics)\n",
				       gens[g], w, a.text, b.text, a.exact, b.exact, da.n, db.n);
		}
	}
	CHECK(bad == 0, "%lu decodes without records differ", bad);
}

/* The expressions' generated C (scripts/gen_ir3.py expr_code,
 * src/isa/ir3/ir3_expr.inc) computes what their stack programs do: a decode
 * with the programs interpreted (IR3_DECODE_INTERPRET) gives the same
 * text, exactness, records and diagnostics, on random words (a third
 * sparse, a third cat6) of every generation and description. */
static void test_expr_code(void)
{
	static const unsigned gens[] = { 306, 420, 530, 630, 660, 730, 840, 630 | GK_IR3_MESA_2025,
					 730 | GK_IR3_MESA_2025 };
	unsigned long per = 20000, bad = 0, n_all = 0;
#ifdef TL_SANITIZED
	per /= 10;
#endif
	uint64_t seed = 0x5eede;
	for (unsigned g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		static struct gk_ir3_insn a, b;
		static struct gk_diags da, db;
		for (unsigned long n = 0; n < per; n++) {
			uint64_t w = tl_rand(&seed);
			if (n % 3 == 0)
				w &= tl_rand(&seed) | tl_rand(&seed) << 61;
			else if (n % 3 == 1)
				w = (w & ~(7ull << 61)) | (6ull << 61);
			gk_diags_reset(&da);
			gk_diags_reset(&db);
			int ra = gk_ir3_decode(gens[g], w, &a, &da);
			int rb = gk_ir3_decode_with(gens[g], w, &b, &db,
						    IR3_EXACT_PROVE_OR_REASSEMBLE | IR3_DECODE_INTERPRET);
			int same = ra == rb && a.name == b.name && !strcmp(a.text, b.text) && a.exact == b.exact &&
				   a.dontcare == b.dontcare && a.has_branch == b.has_branch && a.branch == b.branch &&
				   a.nfields == b.nfields && !memcmp(a.fields, b.fields, a.nfields * sizeof a.fields[0]) &&
				   da.n == db.n && !memcmp(da.d, db.d, da.n * sizeof da.d[0]);
			n_all++;
			if (!same && bad++ < 5)
				printf("  %#x %016" PRIx64 " '%s': interpreted '%s' (exact %d/%d, %u/%u diagnostics)\n",
				       gens[g], w, a.text, b.text, a.exact, b.exact, da.n, db.n);
		}
	}
	CHECK(bad == 0, "%lu of %lu decodes with the expressions interpreted differ", bad, n_all);
}

/* The search that passes over the nested variants cannot_start rules out
 * (gk_ir3_encode) finds what the full one finds: the same word, or the
 * same error at the same column, on the texts of random words of every
 * description and on those texts broken (a character dropped, doubled or
 * changed, an operand added), which fail or read another way. */
static void test_pruned_search(void)
{
	static const unsigned gens[] = { 306, 420, 530, 630, 660, 730, 840, 630 | GK_IR3_MESA_2025 };
	static const char junk[] = "r0.xc1(-h,.)[]+ 9";
	uint64_t seed = 0x5eed1;
	for (unsigned g = 0; g < sizeof gens / sizeof gens[0]; g++) {
		unsigned n = 0, diff = 0, ok = 0;
		for (unsigned i = 0; i < 1200; i++) {
			uint64_t w = tl_rand(&seed);
			if (i & 1)
				w = (w & ~(7ull << 61)) | (6ull << 61);
			struct gk_ir3_insn in;
			if (gk_ir3_decode(gens[g], w, &in, NULL) < 0 || !in.name)
				continue;
			for (unsigned k = 0; k < 4; k++) {
				char t[GK_IR3_TEXT_MAX + 8];
				size_t l = strlen(in.text);
				memcpy(t, in.text, l + 1);
				uint64_t r = tl_rand(&seed);
				size_t at = l ? (size_t)(r % l) : 0;
				char ch = junk[(r >> 20) % (sizeof junk - 1)];
				if (k == 1 && l) /* a character dropped */
					memmove(t + at, t + at + 1, l - at);
				else if (k == 2 && l + 1 < sizeof t) { /* one added */
					memmove(t + at + 1, t + at, l - at + 1);
					t[at] = ch;
				} else if (k == 3 && l) { /* one changed, or an operand more */
					if (r >> 40 & 1)
						t[at] = ch;
					else if (l + 6 < sizeof t)
						memcpy(t + l, ", r0.x", 7);
				}
				uint64_t a = 0, b = 0;
				struct gk_diag ea, eb;
				memset(&ea, 0, sizeof ea);
				memset(&eb, 0, sizeof eb);
				int ra = gk_ir3_encode_with(gens[g], t, strlen(t), &a, &ea, 0);
				int rb = gk_ir3_encode_with(gens[g], t, strlen(t), &b, &eb, IR3_ENCODE_FULL_SEARCH);
				n++;
				ok += ra == 0;
				if (ra != rb || (ra == 0 && a != b) ||
				    (ra != 0 && (ea.col != eb.col || strcmp(ea.message, eb.message) != 0))) {
					if (diff++ < 5)
						printf("# gpu %u: '%s': %d %016" PRIx64 " col %u / full %d %016" PRIx64 " col %u\n",
						       gens[g], t, ra, a, ea.col, rb, b, eb.col);
				}
			}
		}
		CHECK(diff == 0, "gpu %u: %u of %u texts assemble otherwise without the full search", gens[g], diff, n);
		printf("# gpu %u: %u texts (%u assemble) the same with and without the full search\n", gens[g], n, ok);
	}
}

int main(void)
{
	test_labels();
	test_gpus();
	test_bad_arguments();
	test_tables();
	test_vectors();
	test_diags();
	test_encode_errors();
	test_json();
	test_exhaustive();
	test_bitflips();
	test_mutations();
	test_random();
	test_exact_proof();
	test_no_fields();
	test_expr_code();
	test_pruned_search();
	return tl_done();
}
