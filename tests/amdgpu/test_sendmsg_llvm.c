/* gfxkit's s_sendmsg operand against llvm-mc's own output, without llvm-mc:
 * tests/vectors/sendmsg_<gen>_disasm.txt (all 65536 immediates) and
 * sendmsg_<gen>_text.txt (assembly lines, accepted and rejected), written by
 * scripts/gen_sendmsg_vectors.py.  Every place gfxkit differs on purpose is in
 * an explicit list below (seed 003 over llvm, lossless forms), each counted. */
#include <stdbool.h>

#include "gfxkit/amdgpu.h"
#include "asmcap.h"
#include "testlib.h"

/* ---- disassembly of every immediate ---- */

/* Exceptions, by rule:
 *  E1 (all generations): llvm prints a value with unused bits set (GFX6-GFX10:
 *     7 and 15:10; GFX11: 15:8) as if they were clear (0x0081 -> sendmsg(MSG_INTERRUPT), which assembles to 0x0001);
 *     gfxkit prints the decimal number, llvm's own fallback, which keeps them.
 *  E2 (gfx10): llvm 14 names op 3 of MSG_SYSMSG SYSMSG_OP_HOST_TRAP_ACK; seed
 *     003 has no such operation on GFX10, so it prints as numbers. */
struct disasm_expect {
	const char *gen;
	unsigned unused;  /* the unused bits */
	unsigned e1, e2; /* how many values each rule must touch */
};

static const struct disasm_expect disasm_gens[] = {
	/* valid (message, op, stream) triples x the non-zero unused-bit patterns */
	{ "gfx8", 0xfc80, 31 * 127, 0 },
	{ "gfx9", 0xfc80, 37 * 127, 0 },
	{ "gfx10", 0xfc80, 37 * 127, 1 },
	{ "gfx11", 0xff00, 13 * 255, 0 }, /* llvm-mc 16 */
};

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *p = malloc((size_t)n + 1);
	if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
		free(p);
		p = NULL;
	}
	if (p)
		p[n] = 0;
	fclose(f);
	return p;
}

static void test_disasm(const struct disasm_expect *x)
{
	char path[128];
	snprintf(path, sizeof path, "tests/vectors/sendmsg_%s_disasm.txt", x->gen);
	char *data = slurp(path);
	CHECK(data != NULL, "%s missing", path);
	if (!data)
		return;
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(x->gen);
	CHECK(g != NULL, "no generation %s", x->gen);
	if (!g) {
		free(data);
		return;
	}
	unsigned next = 0, bad = 0, e1 = 0, e2 = 0, roundtrip_bad = 0;
	for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n")) {
		if (line[0] == '#')
			continue;
		unsigned first, last;
		int off = 0;
		if (sscanf(line, "%x %x %n", &first, &last, &off) != 2 || !off || first != next || last < first ||
		    last > 0xffff) {
			CHECK(0, "%s: bad row '%s' (expected %04x next)", path, line, next);
			break;
		}
		const char *text = line + off;
		for (unsigned v = first; v <= last; v++) {
			char llvm[64], want[64], got[GK_SENDMSG_TEXT_MAX];
			if (!strcmp(text, "="))
				snprintf(llvm, sizeof llvm, "%u", v);
			else
				snprintf(llvm, sizeof llvm, "%s", text);
			snprintf(want, sizeof want, "%s", llvm);
			if ((v & x->unused) && !strncmp(llvm, "sendmsg(", 8)) {
				snprintf(want, sizeof want, "%u", v); /* E1 */
				e1++;
			} else if (!strcmp(x->gen, "gfx10") && !strcmp(llvm, "sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)")) {
				snprintf(want, sizeof want, "sendmsg(15, 3, 0)"); /* E2 */
				e2++;
			}
			gk_sendmsg_format(g, (uint16_t)v, got, sizeof got);
			if (strcmp(got, want)) {
				if (bad++ < 10)
					printf("  %s 0x%04x: gfxkit '%s', want '%s' (llvm '%s')\n", x->gen, v, got, want, llvm);
			}
			/* lossless: what gfxkit prints assembles back to the same value */
			uint16_t back = 0;
			struct gk_diag err;
			if (gk_sendmsg_parse(g, NULL, got, strlen(got), 0, NULL, &back, &err) || back != v) {
				if (roundtrip_bad++ < 10)
					printf("  %s 0x%04x: '%s' assembles to 0x%04x\n", x->gen, v, got, back);
			}
		}
		next = last + 1;
	}
	CHECK(next == 0x10000, "%s: rows end at 0x%x", path, next);
	CHECK(bad == 0, "%s: %u immediates print differently", x->gen, bad);
	CHECK(roundtrip_bad == 0, "%s: %u immediates do not assemble back", x->gen, roundtrip_bad);
	CHECK(e1 == x->e1, "%s: exception E1 (unused bits) touched %u values, want %u", x->gen, e1, x->e1);
	CHECK(e2 == x->e2, "%s: exception E2 (HOST_TRAP_ACK) touched %u values, want %u", x->gen, e2, x->e2);
	free(data);
}

/* ---- assembly lines ---- */

/* Lines where gfxkit's result differs from llvm-mc 14's on purpose:
 * RESULT as in the vector files. */
struct text_exception {
	const char *gen, *line, *result, *why;
	unsigned used;
};

/* seed 003: MSG_SYSMSG has no operation 3 on GFX10; llvm 14 accepts it (and
 * then complains only about a stream).  gfxkit rejects the operation. */
#define SEED_NO_OP3 "seed 003: no SYSMSG operation 3 on GFX10"

/* llvm-mc 16 accepts MSG_SYSMSG by name on GFX11 (with operations, encoded
 * into the 8-bit id: sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD) is 0x2f, which it
 * prints as sendmsg(47, 0, 0)); gfxkit has no MSG_SYSMSG on GFX11. */
#define NO_SYSMSG_GFX11 "GFX11 row: no MSG_SYSMSG (llvm 16 is inconsistent about it)"

static struct text_exception text_exceptions[] = {
	{ "gfx11", "s_sendmsg sendmsg(MSG_SYSMSG)", "error 19 invalid message id", NO_SYSMSG_GFX11, 0 },
	{ "gfx11", "s_sendmsg sendmsg(MSG_SYSMSG, 0)", "error 19 invalid message id", NO_SYSMSG_GFX11, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK, 0)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK, 1)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK, 3)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK, 4)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK, -1)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, 3)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, 3, 0)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, 3, 1)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, 3, 3)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, 3, 4)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
	{ "gfx10", "s_sendmsg sendmsg(MSG_SYSMSG, 3, -1)", "error 31 invalid operation id", SEED_NO_OP3, 0 },
};

/* Rules over whole classes of lines (each counted, each line of the class
 * must hit it):
 *  E4 (gfx6-gfx10, llvm 14): the GFX11-only names are unknown to llvm 14
 *     ("expected a message name or an absolute expression"); gfxkit knows
 *     them from the GFX11 row and says "invalid message id", as llvm 16 does.
 *  E5 (gfx11, llvm 16): llvm 16 words an unsupported message name "specified
 *     message id is not supported on this GPU"; gfxkit keeps llvm 14's
 *     "invalid message id" on every generation. */
static const char *const gfx11_only[] = { "MSG_HS_TESSFACTOR", "MSG_DEALLOC_VGPRS", "MSG_RTN_GET_DOORBELL",
					  "MSG_RTN_GET_TBA" };

static bool names_gfx11_only(const char *line)
{
	static const char pre[] = "s_sendmsg sendmsg(";
	if (strncmp(line, pre, sizeof pre - 1))
		return false;
	for (size_t i = 0; i < sizeof gfx11_only / sizeof gfx11_only[0]; i++) {
		size_t n = strlen(gfx11_only[i]);
		const char *p = line + sizeof pre - 1;
		if (!strncmp(p, gfx11_only[i], n) && (p[n] == ')' || p[n] == ','))
			return true;
	}
	return false;
}

static void test_text(const char *gen)
{
	bool gfx11 = !strcmp(gen, "gfx11");
	unsigned e4 = 0, e4_lines = 0, e5 = 0;
	char path[128];
	snprintf(path, sizeof path, "tests/vectors/sendmsg_%s_text.txt", gen);
	char *data = slurp(path);
	CHECK(data != NULL, "%s missing", path);
	if (!data)
		return;
	const struct gk_amdgpu_gen *g = gk_amdgpu_gen_find(gen);
	struct asmcap r;
	struct gk_amdgpu_asm *a = gk_amdgpu_asm_create(g, asmcap_emit, &r, asmcap_diag, &r);
	unsigned lines = 0, bad = 0, accepted = 0, rejected = 0;
	for (char *line = strtok(data, "\n"); line; line = strtok(NULL, "\n")) {
		if (line[0] == '#')
			continue;
		char *tab = strrchr(line, '\t');
		if (!tab) {
			CHECK(0, "%s: no tab in '%s'", path, line);
			continue;
		}
		*tab = 0;
		const char *want = tab + 1;
		for (size_t i = 0; i < sizeof text_exceptions / sizeof text_exceptions[0]; i++) {
			struct text_exception *x = &text_exceptions[i];
			if (!strcmp(x->gen, gen) && !strcmp(x->line, line)) {
				want = x->result;
				x->used++;
			}
		}
		char rule[200];
		if (!gfx11 && names_gfx11_only(line)) {
			e4_lines++;
			if (!strcmp(want, "error 19 expected a message name or an absolute expression")) {
				want = "error 19 invalid message id";
				e4++;
			}
		}
		static const char l16[] = "specified message id is not supported on this GPU";
		size_t wl = strlen(want);
		if (gfx11 && !strncmp(want, "error ", 6) && wl > sizeof l16 && !strcmp(want + wl - (sizeof l16 - 1), l16)) {
			snprintf(rule, sizeof rule, "%.*sinvalid message id", (int)(wl - (sizeof l16 - 1)), want);
			want = rule;
			e5++;
		}
		memset(&r, 0, sizeof r);
		gk_amdgpu_asm_line(a, line, strlen(line));
		char got[256];
		if (r.errors)
			snprintf(got, sizeof got, "error %u %s", r.first.col, r.first.message);
		else if (r.n == 1)
			snprintf(got, sizeof got, "0x%08x", r.w[0]);
		else if (r.n == 0)
			snprintf(got, sizeof got, "-");
		else
			snprintf(got, sizeof got, "%u words", r.n);
		lines++;
		if (!strncmp(want, "error", 5))
			rejected++;
		else if (strcmp(want, "-"))
			accepted++;
		if (strcmp(got, want)) {
			bad++;
			printf("  %s: '%s': gfxkit '%s', want '%s'\n", gen, line, got, want);
		}
	}
	CHECK(bad == 0, "%s: %u of %u lines differ from llvm-mc", gen, bad, lines);
	CHECK(e4 == e4_lines && (gfx11 || e4 > 0), "%s: rule E4 hit %u of %u lines", gen, e4, e4_lines);
	CHECK(gfx11 ? e5 == 12 : e5 == 0, "%s: rule E5 hit %u lines", gen, e5);
	printf("# %s: %u lines (%u accepted, %u rejected) agree with llvm-mc\n", gen, lines - bad, accepted, rejected);
	gk_amdgpu_asm_destroy(a);
	free(data);
}

int main(void)
{
	for (size_t i = 0; i < sizeof disasm_gens / sizeof disasm_gens[0]; i++)
		test_disasm(&disasm_gens[i]);
	const char *gens[] = { "gfx6", "gfx7", "gfx8", "gfx9", "gfx10", "gfx11" };
	for (size_t i = 0; i < 6; i++)
		test_text(gens[i]);
	for (size_t i = 0; i < sizeof text_exceptions / sizeof text_exceptions[0]; i++)
		CHECK(text_exceptions[i].used == 1, "exception '%s' (%s) used %u times", text_exceptions[i].line,
		      text_exceptions[i].gen, text_exceptions[i].used);
	return tl_done();
}
