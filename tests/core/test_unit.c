/* The decoded unit (include/gfxkit/unit.h) against an independent reading of
 * the descriptions: on random PM4 and DMA streams of every generation, the
 * unit's fields are exactly the present fields in table order with the
 * values gk_field_get reads, the claimed bits are the union of their masks,
 * the layout covers the packet, and the access model answers the same from
 * the unit as from the packet.  Hand-made packets pin down the tails.
 * The text printer writes a unit still pending (gk_unit_decode_lazy)
 * straight from its words and the description's plan, and a filled one
 * from its records: on random streams of every PM4 and DMA generation
 * (register pairs, notes, cut fields, stray bits) the two texts are the
 * same bytes.  The JSON printer does the same for "fields" and "enums"
 * (src/core/json.c json_desc_fields_enums): the same packets give the same
 * JSON lines both ways. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "core/layout.h"
#include "core/out.h"
#include "testlib.h"

/* every field of a description fits the unit's arrays */
static void check_limits(const struct gk_format *fmt)
{
	for (size_t k = 0; k < fmt->ndescs; k++) {
		const struct gk_packet_desc *d = &fmt->descs[k];
		CHECK(d->nhdr <= GK_UNIT_HDR_FIELDS, "%s %s: %u header fields", fmt->gen, d->name, d->nhdr);
		CHECK(d->nhdr + d->nfields <= GK_UNIT_FIELDS, "%s %s: %u fields", fmt->gen, d->name, d->nhdr + d->nfields);
		CHECK(d->ngroup <= GK_UNIT_GROUP_FIELDS && d->group_dw <= GK_UNIT_FIXED_DW, "%s %s: group of %u fields, %u dwords",
		      fmt->gen, d->name, d->ngroup, d->group_dw);
	}
}

/* The fields a packet has, read straight from the description. */
static unsigned expected_fields(const struct gk_format *fmt, const struct gk_packet *pkt,
				const struct gk_field **out, uint64_t *vals, bool *cut)
{
	const struct gk_packet_desc *d = pkt->frame.desc;
	unsigned n = 0;
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	unsigned counts[2] = { d->nhdr, d->nfields };
	for (unsigned l = 0; l < 2; l++)
		for (unsigned i = 0; i < counts[l]; i++) {
			if (!gk_field_present(lists[l], i, pkt->dw, pkt->ndw, fmt->gen_bit))
				continue;
			out[n] = &lists[l][i];
			cut[n] = gk_field_last_dw(&lists[l][i]) >= pkt->ndw;
			vals[n] = cut[n] ? 0 : gk_field_get(&lists[l][i], pkt->dw, pkt->ndw);
			n++;
		}
	return n;
}

static void one_packet(const struct gk_format *fmt, const struct gk_packet *pkt, unsigned *bad)
{
	struct gk_unit u;
	struct gk_diags dg;
	gk_diags_reset(&dg);
	gk_unit_decode(fmt, pkt, &dg, &u);
	bool raw = pkt->truncated || !pkt->frame.desc;
	if (raw) {
		if (u.desc || u.nfields || u.extra_begin != pkt->ndw)
			(*bad)++;
		return;
	}
	const struct gk_field *want[GK_UNIT_FIELDS];
	uint64_t vals[GK_UNIT_FIELDS];
	bool cut[GK_UNIT_FIELDS];
	unsigned n = expected_fields(fmt, pkt, want, vals, cut);
	bool ok = u.desc == pkt->frame.desc && u.nfields == n && u.diags == &dg;
	uint32_t claimed[GK_UNIT_FIXED_DW] = { 0 };
	for (unsigned i = 0; ok && i < n; i++) {
		const struct gk_unit_field *uf = &u.fields[i];
		ok = uf->desc == want[i] && uf->value == vals[i] && (bool)uf->cut == cut[i] &&
		     uf->dw == want[i]->seg[0].dw &&
		     (want[i]->kind != GK_ENUM || cut[i] || uf->symbol == gk_enum_name(want[i]->enm, vals[i]));
		for (unsigned k = 0; !cut[i] && k < u.fixed_end && k < GK_UNIT_FIXED_DW; k++)
			claimed[k] |= gk_field_mask(want[i], k);
	}
	for (unsigned k = 0; ok && k < u.fixed_end && k < GK_UNIT_FIXED_DW; k++)
		ok = u.claimed[k] == claimed[k];
	/* the layout splits the packet in order: fixed, tail, extra */
	ok = ok && u.fixed_end <= pkt->ndw && u.extra_begin <= pkt->ndw && u.tail_begin <= u.tail_end &&
	     (u.tail_end <= pkt->ndw || u.tail_end == u.tail_begin) && u.natural >= u.fixed_end;
	/* the access model reads the same fields from the unit as from the packet */
	for (unsigned k = 0; ok && k < u.desc->naccess; k++) {
		struct gk_mem_access a, b;
		int ra = gk_unit_access(fmt, &u, k, &a), rb = gk_packet_access(fmt, pkt, k, &b);
		ok = ra == rb && (ra != 1 || (a.first == b.first && a.last == b.last && a.rw == b.rw && a.field == b.field));
	}
	/* gk_unit_field names the first shown field of that name */
	for (unsigned i = 0; ok && i < n; i++) {
		const struct gk_unit_field *f = gk_unit_field(&u, want[i]->name);
		uint64_t v;
		int rc = gk_packet_field(fmt, pkt, want[i]->name, &v);
		ok = (f == NULL) == (rc != 0) && (!f || f->value == v);
	}
	/* checking a decoded unit finds what gk_check_packet (which reads only
	 * the fields its rules need) finds */
	struct gk_check_state s1, s2;
	struct gk_diags d1, d2;
	gk_check_init(&s1);
	gk_check_init(&s2);
	gk_diags_reset(&d1);
	gk_diags_reset(&d2);
	gk_check_packet(fmt, &s1, pkt, &d1);
	u.diags = &d2;
	gk_unit_check(fmt, &s2, &u);
	ok = ok && d1.n == d2.n && d1.errors == d2.errors && d1.warnings == d2.warnings;
	for (unsigned k = 0; ok && k < d1.n && k < GK_MAX_DIAGS; k++)
		ok = d1.d[k].code == d2.d[k].code && d1.d[k].dw == d2.d[k].dw && !strcmp(d1.d[k].message, d2.d[k].message);
	if (!ok && *bad < 5)
		printf("  mismatch at 0x%llx: %s\n", (unsigned long long)pkt->offset, pkt->frame.desc->name);
	if (!ok)
		(*bad)++;
}

static void random_streams(const char *family, const char *const *gens, size_t ngens)
{
	static struct gk_format fmt;
	enum { N = 1 << 15 };
	static uint32_t w[N];
	for (size_t g = 0; g < ngens; g++) {
		int rc = family[0] == 'p' ? gk_pm4_format_init(&fmt, gens[g]) : gk_dma_format_init(&fmt, gens[g]);
		CHECK(rc == 0, "%s %s", family, gens[g]);
		if (rc)
			continue;
		check_limits(&fmt);
		uint64_t seed = 0x5eed0000u + g;
		for (size_t i = 0; i < N; i++) {
			uint64_t r = tl_rand(&seed);
			w[i] = (uint32_t)r;
			if ((r >> 40) % 3 == 0)
				w[i] &= family[0] == 'p' ? 0xc00fffffu : 0xf00000ffu; /* short counts: more packets */
		}
		unsigned bad = 0, packets = 0;
		for (size_t at = 0; at < N; packets++) {
			struct gk_packet pkt;
			gk_packet_frame(&fmt, w + at, N - at, 4 * at, &pkt);
			one_packet(&fmt, &pkt, &bad);
			at += pkt.frame.ndw ? pkt.frame.ndw : 1;
		}
		CHECK(bad == 0, "%s %s: %u of %u packets decode differently from the description", family, gens[g], bad,
		      packets);
	}
}

/* The text of pkt printed from a pending unit and from a filled one into
 * buf (2 * cap bytes), with the raw words and without (a pending unit's
 * one-line way, put_direct_line, and its head line before a register run
 * are taken only without): 1 when they differ */
static int text_differs(const struct gk_format *fmt, const struct gk_packet *pkt, char *buf, size_t cap)
{
	for (unsigned raw = 0; raw < 2; raw++) {
		struct gk_unit u;
		struct gk_out a = gk_out_text(buf, cap), b = gk_out_text(buf + cap, cap);
		gk_unit_decode_lazy(fmt, pkt, NULL, &u);
		gk_unit_text(fmt, &u, raw, &a);
		gk_unit_decode_lazy(fmt, pkt, NULL, &u);
		gk_unit_fill(&u);
		gk_unit_text(fmt, &u, raw, &b);
		size_t na = gk_out_text_end(&a), nb = gk_out_text_end(&b);
		if (na != nb || na >= cap || memcmp(buf, buf + cap, na) != 0)
			return 1;
	}
	return 0;
}

/* A flushing output's sink: appends to a buffer */
struct sink {
	char *buf;
	size_t len, cap;
};

static int sink_write(void *ctx, const void *p, size_t n)
{
	struct sink *k = ctx;
	if (n > k->cap - k->len)
		return -1;
	memcpy(k->buf + k->len, p, n);
	k->len += n;
	return 0;
}

/* The JSON line of pkt printed from a pending unit into buf (the words'
 * path: room for all of it), and from a filled one through a 64-byte
 * output flushed into buf + cap (the records' path: gk_unit_fill's and
 * gk_unit_group's records, as no plan's room check passes): 1 when they
 * differ */
static int json_differs(const struct gk_format *fmt, const struct gk_packet *pkt, char *buf, size_t cap)
{
	struct gk_unit u;
	struct gk_out a = gk_out_text(buf, cap);
	gk_unit_decode_lazy(fmt, pkt, NULL, &u);
	gk_unit_json_diags(fmt, &u, NULL, 0, &a);
	char small[64];
	struct sink k = { buf + cap, 0, cap };
	struct gk_out b = GK_OUT_INIT(small, sizeof small, sink_write, &k);
	gk_unit_decode_lazy(fmt, pkt, NULL, &u);
	gk_unit_fill(&u);
	gk_unit_json_diags(fmt, &u, NULL, 0, &b);
	gk_out_flush(&b);
	size_t na = gk_out_text_end(&a);
	return b.failed || na != k.len || na >= cap || memcmp(buf, buf + cap, na) != 0;
}

/* Packets made from each description of the generation (its selecting
 * header bits, random bits where its fields are, sparse or whole, random
 * words in its tail), each also with one bit flipped anywhere, as
 * test_check_quiet makes them: random words frame mostly as packets too
 * long for the stream */
static void text_direct_vs_filled(void)
{
	static const char *const pm4[] = { "r600", "evergreen", "cayman", "gfx6", "gfx9", "gfx10.3", "gfx11", "gfx12" };
	static const char *const dma[] = { "r600", "cayman", "si", "cik", "sdma4", "sdma6", "sdma7" };
	static struct gk_format fmt;
	enum { N = 1 << 12, CAP = 1 << 20 };
	static uint32_t w[N];
	static char buf[2 * CAP];
	/* a register run's JSON: ~300 bytes a word of N */
	enum { JCAP = 1 << 22 };
	static char jbuf[2 * JCAP];
	uint64_t seed = 0x7e470000u;
	for (size_t g = 0; g < sizeof pm4 / sizeof pm4[0] + sizeof dma / sizeof dma[0]; g++) {
		bool is_pm4 = g < sizeof pm4 / sizeof pm4[0];
		const char *gen = is_pm4 ? pm4[g] : dma[g - sizeof pm4 / sizeof pm4[0]];
		int rc = is_pm4 ? gk_pm4_format_init(&fmt, gen) : gk_dma_format_init(&fmt, gen);
		CHECK(rc == 0, "%s", gen);
		if (rc)
			continue;
		unsigned bad = 0, jbad = 0, packets = 0, pending = 0;
		for (size_t k = 0; k < fmt.ndescs && k < GK_MAX_DESCS; k++) {
			const struct gk_packet_desc *d = &fmt.descs[k];
			const struct gk_desc_fast *fast = &fmt.fast[k];
			if (!(d->gens & fmt.gen_bit))
				continue;
			for (unsigned rep = 0; rep < 32; rep++) {
				uint32_t sparse = (uint32_t)(tl_rand(&seed) & tl_rand(&seed) & tl_rand(&seed));
				w[0] = fmt.sel[k].value | (sparse & ~fmt.sel[k].mask & (fast->simple ? fast->claimed[0] : ~0u));
				for (unsigned i = 1; i < N; i++) {
					uint32_t r = (uint32_t)tl_rand(&seed);
					w[i] = rep & 1 ? r : r & (uint32_t)tl_rand(&seed) & (uint32_t)tl_rand(&seed);
					if (i < 16 && fast->simple && !(rep & 2) && !(d->tail && i >= d->tail_dw))
						w[i] &= fast->claimed[i] | (rep & 4 ? 0 : 1u << (r % 32));
				}
				for (unsigned flip = 0; flip < 2; flip++) {
					if (flip)
						w[tl_rand(&seed) % 64] ^= 1u << (tl_rand(&seed) % 32);
					struct gk_packet pkt;
					gk_packet_frame(&fmt, w, N, 0, &pkt);
					struct gk_unit u;
					gk_unit_decode_lazy(&fmt, &pkt, NULL, &u);
					pending += u.pending;
					packets++;
					if (text_differs(&fmt, &pkt, buf, CAP) && bad++ < 5)
						printf("  text differs: %s %s\n", gen, pkt.frame.desc ? pkt.frame.desc->name : "raw");
					if (json_differs(&fmt, &pkt, jbuf, JCAP) && jbad++ < 5)
						printf("  JSON differs: %s %s\n", gen, pkt.frame.desc ? pkt.frame.desc->name : "raw");
				}
			}
		}
		CHECK(bad == 0, "%s: %u of %u packets print differently pending and filled", gen, bad, packets);
		CHECK(jbad == 0, "%s: %u of %u packets print JSON differently pending and filled", gen, jbad, packets);
		/* the property is asked of units that take the words' path */
		CHECK(pending > packets / 4, "%s: only %u of %u units pending", gen, pending, packets);
		printf("# %s: %u packets, %u pending\n", gen, packets, pending);
	}
}

/* A SET_CONTEXT_REG with a tail of two registers, an unknown opcode and a
 * truncated packet: the unit's tail, register start, symbols and raw forms. */
static void hand_made(void)
{
	static struct gk_format fmt;
	CHECK(gk_pm4_format_init(&fmt, "evergreen") == 0, "evergreen");
	/* PACKET3 SET_CONTEXT_REG (0x69), COUNT 2: offset 0 = 0x28000 (DB_RENDER_CONTROL), two values */
	const uint32_t set[] = { 0xc0026900u, 0x0u, 0x1u, 0x2u };
	struct gk_packet pkt;
	struct gk_unit u;
	gk_packet_frame(&fmt, set, 4, 0x40, &pkt);
	gk_unit_decode(&fmt, &pkt, NULL, &u);
	CHECK(u.desc && !strcmp(u.desc->name, "SET_CONTEXT_REG"), "%s", u.desc ? u.desc->name : "raw");
	CHECK(u.tail_begin == 2 && u.tail_end == 4 && u.extra_begin == 4, "tail %u..%u extra %u", u.tail_begin, u.tail_end,
	      u.extra_begin);
	const struct gk_reg *first = gk_reg_at(fmt.regs, gk_format_reg_from(&fmt, (uint32_t)u.reg_addr));
	CHECK(u.reg_addr == 0x28000 && first && first->offset == 0x28000 && u.reg_slot >= 0,
	      "registers from 0x%llx (%s)", (unsigned long long)u.reg_addr, first ? first->name : "none");
	CHECK(u.pkt.offset == 0x40 && u.pkt.ndw == 4 && !u.has_gpu_addr, "offset 0x%llx", (unsigned long long)u.pkt.offset);
	const struct gk_unit_field *op = gk_unit_field(&u, "IT_OPCODE");
	CHECK(op && op->value == 0x69 && op->desc->kind == GK_OPCODE, "the opcode is a field of the unit too (printers skip it)");
	const struct gk_unit_field *cnt = gk_unit_field(&u, "COUNT");
	CHECK(cnt && cnt->value == 2 && cnt->in_hdr, "COUNT");

	/* cut off after two of four dwords: raw */
	gk_packet_frame(&fmt, set, 2, 0, &pkt);
	gk_unit_decode(&fmt, &pkt, NULL, &u);
	CHECK(pkt.truncated && !u.desc && u.nfields == 0 && u.extra_begin == 2, "truncated packet is raw");

	/* checking a unit adds to the container it carries */
	struct gk_diags dg;
	struct gk_check_state st;
	gk_diags_reset(&dg);
	gk_check_init(&st);
	gk_unit_decode(&fmt, &pkt, &dg, &u);
	gk_unit_check(&fmt, &st, &u);
	CHECK(dg.n == 1 && dg.d[0].code == GK_D_TRUNCATED, "%u diagnostics", dg.n);

	/* NULLs answer nothing */
	gk_unit_decode(NULL, &pkt, NULL, &u);
	CHECK(!u.desc && u.nfields == 0, "no format");
	gk_unit_decode(&fmt, NULL, NULL, &u);
	CHECK(!u.desc && u.pkt.ndw == 0, "no packet");
	gk_unit_decode(&fmt, &pkt, NULL, NULL);
	CHECK(gk_unit_field(NULL, "COUNT") == NULL && gk_unit_field(&u, NULL) == NULL, "gk_unit_field NULL");
	struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
	uint32_t claimed[GK_UNIT_FIXED_DW];
	CHECK(gk_unit_group(&fmt, &u, 0, gf, claimed) == 0 && gk_unit_group(NULL, NULL, 0, NULL, NULL) == 0, "no groups");
	struct gk_mem_access a;
	CHECK(gk_unit_access(NULL, &u, 0, &a) == -1 && gk_unit_access(&fmt, NULL, 0, &a) == -1, "gk_unit_access NULL");
	gk_unit_check(NULL, NULL, NULL);
	gk_unit_text(&fmt, NULL, false, NULL);
	gk_unit_json(NULL, &u, 0, NULL);
}

/* gk_engine_unit: a client of the stream loop sees each unit's record */
struct seen {
	unsigned units, good;
};

static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *words, size_t n,
		   const struct gk_diags *dg)
{
	struct seen *s = ctx;
	const struct gk_unit *u = gk_engine_unit(e);
	s->units++;
	if (u && u->pkt.offset == offset && u->pkt.dw == words && u->pkt.ndw == n && u->diags == dg)
		s->good++;
	return 0;
}

static void engine_records(void)
{
	static const uint32_t w[] = { 0xc0026900u, 0x0u, 0x1u, 0x2u, 0xc0001000u, 0x0u, 0xdeadbeefu };
	struct gk_engine *e = gk_engine_open("pm4", "evergreen", NULL);
	CHECK(e && gk_engine_unit(e) == NULL, "no record before the first unit");
	struct tl_reader r = { (const uint8_t *)w, sizeof w, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &r, GK_IN_BIN, 4);
	struct seen s = { 0, 0 };
	struct gk_stream_opts o = { .check = true, .unit = on_unit, .unit_ctx = &s };
	char buf[512];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, NULL, NULL);
	struct gk_stream_stats st;
	gk_stream_run(e, in, &o, &out, &st);
	CHECK(s.units == 3 && s.good == 3, "%u units, %u with their record", s.units, s.good);
	const struct gk_unit *u = gk_engine_unit(e);
	CHECK(u && !u->desc && u->pkt.offset == 24, "the last unit (a raw word) stays readable");
	gk_input_destroy(in);
	gk_engine_close(e);
	struct gk_engine *isa = gk_engine_open("ir3", "a630", NULL);
	CHECK(isa && gk_engine_unit(isa) == NULL && gk_engine_unit(NULL) == NULL, "instruction sets keep no gk_unit");
	gk_engine_close(isa);
}

int main(void)
{
	engine_records();
	static const char *const pm4[] = { "r600", "rv770", "evergreen", "cayman" };
	static const char *const dma[] = { "r600", "cayman", "si", "cik" };
	random_streams("pm4", pm4, sizeof pm4 / sizeof pm4[0]);
	random_streams("dma", dma, sizeof dma / sizeof dma[0]);
	hand_made();
	text_direct_vs_filled();
	return tl_done();
}
