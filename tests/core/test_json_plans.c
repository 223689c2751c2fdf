/* The JSON printer writes a register's object from a per-register plan
 * (src/core/json.c, struct gk_json_plans: its constant pieces joined, made
 * the first time the register is written) when the caller keeps plans, as
 * the desc engine does for decode --json, and with the fast or piece by
 * piece writers when it does not.  Both must give the same bytes.  Every
 * register of a PM4 and an Adreno generation is written here by a
 * register-run packet (PM4 type 0, Adreno type 4) with values that set
 * each field to each of its named values, to random bits and to all ones,
 * printed with plans through one large buffer and through buffers of many
 * sizes (the room check's fall-back), and compared with the output printed
 * without plans; so are GFX11 register-pair packets, whose "registers"
 * the plans write too, and packets of every PM4 type-3 description, whose
 * head and "fields" come from per-description plans.  The plans of one format are shared by all its packets,
 * so registers planned earlier are reused, and a table larger than the
 * plans' arena exercises the registers they do not cover. */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "core/layout.h"
#include "core/out.h"
#include "testlib.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd32(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 11);
}

/* The JSON of packet w[0, n) of fmt, with plans P (NULL: none), through
 * a cap-byte buffer flushed into a growing one; NULL if it failed */
static char *json_of(const struct gk_format *fmt, struct gk_json_plans *P, const uint32_t *w, size_t n, size_t cap,
		     size_t *len)
{
	struct gk_membuf mb = { 0, 0, 0 };
	char *buf = malloc(cap);
	if (!buf)
		return NULL;
	struct gk_out o = GK_OUT_INIT(buf, cap, gk_membuf_write, &mb);
	struct gk_packet pkt;
	struct gk_unit u;
	gk_packet_frame(fmt, w, n, 0, &pkt);
	gk_unit_decode_lazy(fmt, &pkt, NULL, &u);
	gk_unit_json_plans(fmt, &u, NULL, 0, P, &o);
	gk_out_flush(&o);
	free(buf);
	*len = mb.n;
	if (o.failed) {
		free(mb.p);
		return NULL;
	}
	return mb.p;
}

/* One packet: with plans and without, through a large buffer, and with
 * plans through small ones (every size up to 300 bytes when sizes, else a
 * few); returns how many ways differed */
static unsigned compare(const char *gen, const struct gk_format *fmt, struct gk_json_plans *P, const uint32_t *w,
			size_t n, bool sizes)
{
	size_t wn = 0, gn = 0;
	char *want = json_of(fmt, NULL, w, n, 1 << 16, &wn);
	char *got = json_of(fmt, P, w, n, 1 << 16, &gn);
	unsigned bad = 0;
	if (!want || !got || gn != wn || memcmp(got, want, wn)) {
		CHECK(0, "%s: %08x.. with plans:\n%.*s\nwithout:\n%.*s", gen, w[0], got ? (int)gn : 0, got ? got : "",
		      want ? (int)wn : 0, want ? want : "");
		bad++;
	}
	free(got);
	static const size_t few[] = { 1, 7, 64, 100, 257 };
	for (size_t k = 1; want && k <= (sizes ? 300 : sizeof few / sizeof few[0]); k++) {
		size_t cap = sizes ? k : few[k - 1];
		got = json_of(fmt, P, w, n, cap, &gn);
		if (!got || gn != wn || memcmp(got, want, wn)) {
			if (!bad)
				CHECK(0, "%s: %08x.. with plans through %zu bytes:\n%.*s\nwant:\n%.*s", gen, w[0], cap,
				      got ? (int)gn : 0, got ? got : "", (int)wn, want);
			bad++;
		}
		free(got);
	}
	free(want);
	return bad;
}

/* a value of register r: each field at its k-th named value (k past the
 * list: random bits), or every bit set (k 0), or random (k 1) */
static uint32_t value_of(const struct gk_reg *r, unsigned k)
{
	if (k == 0)
		return 0xffffffffu;
	uint32_t v = rnd32();
	if (k == 1)
		return v;
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (k - 2 >= f->nvalues)
			continue;
		uint32_t mask = (2u << ((f->hi - f->lo) & 31)) - 1u;
		v = (v & ~(mask << f->lo)) | ((f->values[k - 2].value & mask) << f->lo);
	}
	return v;
}

/* A register-run packet of run registers from r (the table's rows from
 * index k) into w: PM4 type 0 or Adreno type 4; 0 when the family has
 * no such packet for the address */
static size_t run_packet(bool adreno, const struct gk_reg_table *t, size_t k, unsigned run, unsigned vk, uint32_t *w)
{
	const struct gk_reg *r = gk_reg_at(t, k);
	uint32_t idx = r->offset / 4;
	if (adreno) {
		if (idx > 0x3ffff || run > 0x7f)
			return 0;
		/* pm4_pkt4_hdr (freedreno adreno_pm4.xml): odd parity of the
		 * count byte and of the register index */
		uint32_t h = 0x40000000u | run | idx << 8;
		if (!__builtin_parity(run))
			h |= 1u << 7;
		if (!__builtin_parity(idx))
			h |= 1u << 27;
		w[0] = h;
	} else {
		if (idx > 0xffff || run > 0x3fff)
			return 0;
		w[0] = (run - 1) << 16 | idx; /* type 0: COUNT is one less */
	}
	for (unsigned i = 0; i < run; i++) {
		/* the run writes consecutive addresses: the table's own row
		 * at each, when it has one there */
		const struct gk_reg *x = gk_reg_at(t, k + i);
		w[1 + i] = x && x->offset == r->offset + 4 * i ? value_of(x, vk) : rnd32();
	}
	return 1 + run;
}

static void every_register(const char *gen, bool adreno)
{
	static struct gk_format fmt;
	int rc = adreno ? gk_adreno_format_init(&fmt, gen) : gk_pm4_format_init(&fmt, gen);
	CHECK(rc == 0, "%s", gen);
	if (rc)
		return;
	struct gk_json_plans *P = gk_json_plans_new(&fmt);
	CHECK(P != NULL, "%s: plans", gen);
	if (!P)
		return;
	const struct gk_reg_table *t = fmt.regs;
	unsigned bad = 0, packets = 0, kinds[GK_VK_REGID + 1] = { 0 };
	uint32_t w[1 + 8];
	for (size_t k = 0; k < t->nregs && bad < 5; k++) {
		const struct gk_reg *r = gk_reg_at(t, k);
		unsigned most = 0;
		for (unsigned i = 0; i < r->nfields; i++)
			most = r->fields[i].nvalues > most ? r->fields[i].nvalues : most;
		/* a register with a field the plans write a typed value of
		 * themselves (reg_value_kind's uint, hex, regid) or through
		 * the hook: more random values (vk 1), each held to the
		 * writer without plans, which asks the hook at every field */
		unsigned extra = 0;
		for (unsigned i = 0; fmt.reg_value_text && i < r->nfields; i++) {
			unsigned kind = fmt.reg_value_kind ? fmt.reg_value_kind(&r->fields[i]) : GK_VK_HOOK;
			if (kind <= GK_VK_REGID)
				kinds[kind]++;
			if (kind != GK_VK_NUMBER)
				extra = 12;
		}
		for (unsigned vk = 0; vk < 2 + (most < 4 ? most : 4) + extra; vk++) {
			size_t n = run_packet(adreno, t, k, vk == 1 ? 3 : 1, vk >= 2 + (most < 4 ? most : 4) ? 1 : vk, w);
			if (!n)
				continue;
			/* every buffer size for a few registers, a few sizes for
			 * the rest (the sanitized build checks every write) */
			bad += compare(gen, &fmt, P, w, n, k % 97 == 0);
			packets++;
		}
	}
	CHECK(!bad, "%s: %u packets of %u differ", gen, bad, packets);
	/* a typed format: fields of every value kind were written */
	for (unsigned k = 0; fmt.reg_value_text && k <= GK_VK_REGID; k++)
		CHECK(kinds[k] > 0, "%s: a field of value kind %u", gen, k);
	CHECK(packets > t->nregs, "%s: %u packets for %zu registers", gen, packets, t->nregs);
	gk_json_plans_free(P);
}

/* GFX11 register pairs (SET_CONTEXT_REG_PAIRS_PACKED): the "registers"
 * array of a pair packet is written from the same plans, as a list of the
 * pairs' writes; every context register of the table, eight groups of two
 * a packet, with the values value_of gives */
static void pairs(void)
{
	static struct gk_format fmt;
	int rc = gk_pm4_format_init(&fmt, "gfx11");
	CHECK(rc == 0, "gfx11");
	if (rc)
		return;
	struct gk_json_plans *P = gk_json_plans_new(&fmt);
	CHECK(P != NULL, "gfx11: plans");
	if (!P)
		return;
	const struct gk_reg_table *t = fmt.regs;
	const struct gk_reg *ctx[8192];
	size_t n = 0;
	for (size_t k = 0; k < t->nregs && n < sizeof ctx / sizeof ctx[0]; k++) {
		const struct gk_reg *r = gk_reg_at(t, k);
		if (r->offset >= 0x28000 && r->offset < 0x29000)
			ctx[n++] = r;
	}
	CHECK(n > 100, "gfx11: %zu context registers", n);
	unsigned bad = 0, packets = 0;
	enum { GROUPS = 8 };
	for (size_t k = 0; k + 2 * GROUPS <= n && bad < 5; k += 2 * GROUPS) {
		char text[4096];
		size_t len = (size_t)snprintf(text, sizeof text, "SET_CONTEXT_REG_PAIRS_PACKED REG_COUNT=%u\n", 2 * GROUPS);
		for (unsigned g = 0; g < GROUPS; g++) {
			const struct gk_reg *a = ctx[k + 2 * g], *b = ctx[k + 2 * g + 1];
			len += (size_t)snprintf(text + len, sizeof text - len,
						"    REG_OFFSET0=%s REG_OFFSET1=%s REG_VALUE0=0x%x REG_VALUE1=0x%x\n", a->name,
						b->name, value_of(a, 2 + g % 3), value_of(b, g % 2));
		}
		struct words w = { 0 };
		struct gk_asm *as = gk_asm_create(&fmt, words_emit, &w, NULL, NULL);
		for (const char *p = text; *p;) {
			const char *nl = strchr(p, '\n');
			gk_asm_line(as, p, (size_t)(nl - p));
			p = nl + 1;
		}
		unsigned errs = gk_asm_finish(as);
		gk_asm_destroy(as);
		if (errs) { /* a name the assembler takes another way: not this test's business */
			free(w.w);
			continue;
		}
		bad += compare("gfx11 pairs", &fmt, P, w.w, w.n, k % (32 * GROUPS) == 0);
		packets++;
		free(w.w);
	}
	CHECK(!bad, "gfx11 pairs: %u packets of %u differ", bad, packets);
	CHECK(packets > 10, "gfx11 pairs: %u packets", packets);
	gk_json_plans_free(P);
}

/* Every PM4 type-3 description of a generation (by its opcode), with
 * counts from 0 to 7 (some fields cut off by the packet's end) and random
 * words: a pending unit's "fields" and the packet head come from the
 * description's plans (made by the first such packet) */
static void type3(const char *gen)
{
	static struct gk_format fmt;
	int rc = gk_pm4_format_init(&fmt, gen);
	CHECK(rc == 0, "%s", gen);
	if (rc)
		return;
	struct gk_json_plans *P = gk_json_plans_new(&fmt);
	CHECK(P != NULL, "%s: plans", gen);
	if (!P)
		return;
	unsigned bad = 0, packets = 0;
	uint32_t w[9];
	for (unsigned op = 0; op < 256 && bad < 5; op++) {
		if (!fmt.by_op[op])
			continue;
		for (unsigned c = 0; c < 8; c++) {
			w[0] = 0xc0000000u | c << 16 | op << 8;
			for (unsigned i = 1; i < 9; i++)
				w[i] = rnd32() >> (rnd32() % 32); /* small values too */
			bad += compare(gen, &fmt, P, w, 2 + c, op % 16 == 0 && c == 3);
			packets++;
		}
	}
	CHECK(!bad, "%s type 3: %u packets of %u differ", gen, bad, packets);
	CHECK(packets > 400, "%s type 3: %u packets", gen, packets);
	gk_json_plans_free(P);
}

/* Plans made for one generation given a unit of another: the generations
 * of a family share one pool of register rows but list different rows
 * (regdb.h), so what the plans know of a table's order (which row follows
 * which at the next address) must not serve another table.  Runs of eight
 * registers from every row of gen's table, with the plans of other's
 * format: the bytes of no plans. */
static void other_generation(const char *gen, const char *other)
{
	static struct gk_format fmt, ofmt;
	int rc = gk_pm4_format_init(&fmt, gen), orc = gk_pm4_format_init(&ofmt, other);
	CHECK(rc == 0 && orc == 0, "%s, %s", gen, other);
	if (rc || orc)
		return;
	CHECK(fmt.regs && ofmt.regs && fmt.regs->pool == ofmt.regs->pool && fmt.regs->regs != ofmt.regs->regs,
	      "%s, %s: one pool, two tables", gen, other);
	struct gk_json_plans *P = gk_json_plans_new(&ofmt);
	CHECK(P != NULL, "%s: plans", other);
	if (!P)
		return;
	const struct gk_reg_table *t = fmt.regs;
	unsigned bad = 0, packets = 0;
	uint32_t w[1 + 8];
	for (size_t k = 0; k < t->nregs && bad < 5; k++) {
		size_t n = run_packet(false, t, k, 8, 1, w);
		if (!n)
			continue;
		bad += compare(gen, &fmt, P, w, n, false);
		packets++;
	}
	CHECK(!bad, "%s with %s's plans: %u packets of %u differ", gen, other, bad, packets);
	CHECK(packets > 100, "%s with %s's plans: %u packets", gen, other, packets);
	gk_json_plans_free(P);
}

int main(void)
{
	every_register("gfx9", false);
	every_register("gfx11", false);
	every_register("evergreen", false);
	every_register("a630", true);
	pairs();
	type3("gfx9");
	type3("gfx11");
	type3("evergreen");
	other_generation("gfx11", "gfx9");
	other_generation("gfx9", "gfx11");
	/* plans of no format, freed as nothing */
	CHECK(gk_json_plans_new(NULL) == NULL, "plans of no format");
	gk_json_plans_free(NULL);
	return tl_done();
}
