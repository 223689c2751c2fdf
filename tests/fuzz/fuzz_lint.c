/* libFuzzer target for the linter (`make fuzz-lint`): random register
 * states and events through a linter prepared once (gk_lint_check), and
 * one input in 32 through the one-shot gk_lint_event, which must agree:
 * the prepared linter evaluates only the rules whose registers changed
 * since its last event (any earlier input's), the one-shot one every rule.
 *
 * Input: byte 0 picks the generation (bit 0: evergreen / cayman), the
 * event (bit 1: draw / dispatch), whether there is a packet (bit 2) and a
 * --rules list (bit 3: the next byte's low bits pick one of a few); then
 * the packet's 5 words when there is one (framed as they come: any
 * packet), then 6-byte records: a register of the table (16-bit index,
 * modulo the table's size; an index past it writes a raw address instead)
 * and a 32-bit value.  Properties: the result is the number of
 * diagnostics added (listed + dropped), each is a lint diagnostic with its
 * rule and section and a NUL-terminated message, and (on 1 input in 32,
 * chosen by a hash of the whole input: one_in_32) the one-shot
 * gk_lint_event gives the same.  The prepared linters are made once a
 * process and each check allocates nothing, so memory is bounded.  Any broken property aborts with __builtin_trap(). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "fuzz_harness.h"

FUZZ_HARNESS_BEGIN

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n);

#define NREC 512
/* The registers written, the last write winning: a table by dword address
 * (every address the records make is a dword below 1 MiB), stamped with
 * the input's number so that no input clears it.  The linter reads
 * hundreds of registers an event: a scan of the records at each read was a
 * tenth of the time. */
#define NADDR (1u << 18)
struct state {
	uint32_t val[NADDR], stamp[NADDR];
	uint32_t now;
	size_t n;
};

static void put_reg(struct state *s, uint32_t addr, uint32_t v)
{
	if (addr % 4 || addr / 4 >= NADDR)
		__builtin_trap(); /* the records make none */
	s->val[addr / 4] = v;
	s->stamp[addr / 4] = s->now;
}

static int get(void *ctx, uint32_t addr, uint32_t *v)
{
	const struct state *s = ctx;
	if (addr % 4 || addr / 4 >= NADDR || s->stamp[addr / 4] != s->now)
		return 0;
	*v = s->val[addr / 4];
	return 1;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void check_diags(const struct gk_diags *dg, int r)
{
	if (r < 0 || (unsigned)r != dg->n + dg->dropped || dg->n > GK_MAX_DIAGS)
		__builtin_trap();
	for (unsigned i = 0; i < dg->n; i++) {
		const struct gk_diag *d = &dg->d[i];
		if (d->code != GK_D_LINT || !d->rule || !d->section || !memchr(d->message, 0, sizeof d->message))
			__builtin_trap();
	}
}

/* Whether this input also goes through the one-shot gk_lint_event: 1 input
 * in 32, by a hash of the whole input (FNV-1a).  The one-shot call prepares
 * a linter of its own (every rule's register names resolved, the
 * dependency lists built: about 6 M instructions, 4.7 ms under the
 * sanitizers, where a prepared check is well under 0.1 ms), and its code
 * gives the inputs that reach it coverage features no other input has.
 * When bits of the input chose it (bits 4-5 of the first byte and the low
 * three of the last), the corpus filled with such inputs and their
 * mutations kept the bits: on the corpus of the last ten-minute runs
 * (1,518 inputs, 20,000 runs with -seed=1) 87 % of the time was in
 * gk_lint_event, 639 inputs a CPU second.  A hash of the whole input is
 * kept by no mutation, so the share stays 1 in 32 whatever the corpus. */
static bool one_in_32(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return (h >> 27) == 0;
}

static const char *const lists[] = { "all", "8", "-2.2,-8.3", "3.2,cs-pa-cull", "-all", "rat-above-normal,7" };

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	/* the engines and the linters prepared from them, once a process:
	 * gk_lint_open resolves every rule's names through the register table,
	 * which per input was nearly all of the time (15 inputs a second) */
	static struct gk_engine *eng[2];
	static struct gk_lint *lint[2];
	if (n < 1)
		return 0;
	int g = p[0] & 1;
	if (!eng[g])
		eng[g] = gk_engine_open("pm4", g ? "cayman" : "evergreen", NULL);
	const struct gk_format *fmt = gk_engine_format(eng[g]);
	if (!fmt)
		return 0;
	if (!lint[g])
		lint[g] = gk_lint_open(fmt);
	if (!lint[g])
		__builtin_trap(); /* evergreen and cayman have rules */
	size_t pos = 1;
	struct gk_lint_select sel, *ps = NULL;
	if (p[0] & 8 && pos < n) {
		const char *l = lists[p[pos++] % (sizeof lists / sizeof lists[0])];
		if (gk_lint_select_parse(&sel, l, strlen(l), NULL))
			__builtin_trap();
		ps = &sel;
	}
	uint32_t words[5] = { 0 };
	struct gk_packet pkt;
	bool has_pkt = (p[0] & 4) && n - pos >= 20;
	if (has_pkt) {
		for (int i = 0; i < 5; i++)
			words[i] = le32(p + pos + 4 * (size_t)i);
		pos += 20;
		gk_packet_frame(fmt, words, 5, 0, &pkt);
	}
	static struct state st;
	st.n = 0;
	if (++st.now == 0) { /* 2^32 inputs: the old stamps would match again */
		memset(st.stamp, 0, sizeof st.stamp);
		st.now = 1;
	}
	size_t nregs = fmt->regs->nregs;
	for (; n - pos >= 6 && st.n < NREC; pos += 6, st.n++) {
		unsigned ix = p[pos] | (unsigned)p[pos + 1] << 8;
		const struct gk_reg *r = gk_reg_at(fmt->regs, ix % (nregs + 64));
		put_reg(&st, r ? r->offset : 0x28000u + 4u * ix, le32(p + pos + 2));
	}
	struct gk_lint_regs regs = { get, &st, NULL, NULL, 0 };
	struct gk_lint_event ev = { (p[0] & 2) ? GK_LINT_DISPATCH : GK_LINT_DRAW, has_pkt ? &pkt : NULL };
	static struct gk_diags a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	int ra = gk_lint_check(lint[g], &ev, NULL, &regs, ps, &a);
	check_diags(&a, ra);
	if (!one_in_32(p, n))
		return 0; /* the second run: the one-shot call must say the same */
	int rb = gk_lint_event(fmt, &ev, &regs, ps, &b);
	if (ra != rb || a.n != b.n)
		__builtin_trap();
	for (unsigned i = 0; i < a.n; i++)
		if (strcmp(a.d[i].message, b.d[i].message) || a.d[i].rule != b.d[i].rule)
			__builtin_trap();
	return 0;
}

FUZZ_HARNESS_END
