/* SDMA packets of VI to GFX12 (SDMA 2.4 ... 7.0) as the kernel builds them:
 * tests/vectors/sdma_vectors.tsv, written by scripts/gen_sdma_vectors.py with
 * the kernel headers' own setter macros and random field values (this test
 * needs no kernel tree).  For each row:
 *   - the words frame as one packet of the row's generation, named as the
 *     header names it (the description's alias is the header's SDMA_PKT_*),
 *     exactly as long as the row;
 *   - every field value the generator chose is found under the header's field
 *     name (upper-cased; split values joined: SRC_ADDR, GCR_CONTROL, ...);
 *   - decode -> assemble gives the words back, with no assembler error;
 *   - bounds: with one buffer exactly covering each range the packet's
 *     accesses reach, no bounds error; without buffers, none either.
 * And every description of those generations has a row. */
#include "dma_testutil.h"

#define MAXW 64

static bool covered[TU_NGENS][GK_MAX_DESCS];

static unsigned gen_index(const char *name)
{
	for (unsigned g = 0; g < TU_NGENS; g++)
		if (!strcmp(tu_gen_name(g), name))
			return g;
	return TU_NGENS;
}

static const struct gk_field *field_named(const struct gk_packet_desc *d, const char *name, const uint32_t *w,
					  size_t n, unsigned gen_bit)
{
	for (unsigned i = 0; i < d->nfields; i++)
		if (!strcmp(d->fields[i].name, name) && gk_field_present(d->fields, i, w, n, gen_bit))
			return &d->fields[i];
	return NULL;
}

static void row(unsigned lineno, char *gen, char *packet, char *header, char *words, char *fields)
{
	unsigned g = gen_index(gen);
	CHECK(g < TU_NGENS, "line %u: no generation %s", lineno, gen);
	if (g >= TU_NGENS)
		return;
	const struct gk_format *fmt = tu_fmt(tu_gen_name(g)); /* a static name: tu_fmt keeps it */
	uint32_t w[MAXW];
	size_t n = 0;
	for (char *t = strtok(words, " "); t && n < MAXW; t = strtok(NULL, " "))
		w[n++] = (uint32_t)strtoul(t, NULL, 16);
	struct gk_packet pkt;
	gk_packet_frame(fmt, w, n, 0, &pkt);
	const struct gk_packet_desc *d = pkt.frame.desc;
	CHECK(d && !pkt.frame.other_gen && !pkt.frame.unknown && !strcmp(d->name, packet) && d->alias &&
		      !strcmp(d->alias, header) && pkt.ndw == n,
	      "line %u %s: %s frames as %s (%s), %u of %zu dwords", lineno, gen, packet, d ? d->name : "nothing",
	      d && d->alias ? d->alias : "-", pkt.ndw, n);
	if (!d || pkt.ndw != n)
		return;
	covered[g][d - fmt->descs] = true;
	for (char *t = strtok(fields, " "); t; t = strtok(NULL, " ")) {
		char *eq = strchr(t, '=');
		if (!eq)
			continue;
		*eq = 0;
		uint64_t want = strtoull(eq + 1, NULL, 16);
		const struct gk_field *f = field_named(d, t, w, n, fmt->gen_bit);
		CHECK(f && gk_field_get(f, w, n) == want, "line %u %s %s: field %s: want 0x%llx, got %s0x%llx", lineno,
		      gen, packet, t, (unsigned long long)want, f ? "" : "no field, ",
		      f ? (unsigned long long)gk_field_get(f, w, n) : 0ull);
	}
	/* decode -> encode is the identity */
	static char text[1 << 16];
	tu_decode(fmt, w, n, false, text, sizeof text);
	char what[64];
	snprintf(what, sizeof what, "line %u (%s %s)", lineno, gen, packet);
	tu_expect_encode(what, fmt, text, w, n);

	/* bounds: buffers exactly over each access range are enough */
	struct gk_bo bos[4];
	unsigned nb = 0;
	bool all = true;
	for (unsigned a = 0; a < d->naccess && a < 4; a++) {
		struct gk_mem_access ma;
		int got = gk_packet_access(fmt, &pkt, a, &ma);
		if (got == 1 && !ma.overflow && ma.last - ma.first < UINT64_MAX - 1)
			bos[nb++] = (struct gk_bo){ ma.first, ma.last - ma.first + 1 };
		else if (got == 1)
			all = false;
	}
	if (all) {
		struct tu_check c;
		tu_check_bo(fmt, w, n, bos, nb, &c);
		CHECK(tu_count(&c, GK_D_BOUNDS) == 0, "line %u %s %s: bounds errors with every range covered: %s", lineno,
		      gen, packet, tu_diags_str(&c));
	}
}

int main(void)
{
	FILE *f = fopen("tests/vectors/sdma_vectors.tsv", "r");
	CHECK(f != NULL, "tests/vectors/sdma_vectors.tsv: cannot open (run from the source tree)");
	if (!f)
		return tl_done();
	static char line[8192];
	unsigned lineno = 0, rows = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = 0;
		char *col[5] = { 0 };
		char *p = line;
		for (unsigned c = 0; c < 5 && p; c++) {
			col[c] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = 0;
		}
		CHECK(col[3] != NULL, "line %u: fewer than 4 columns", lineno);
		if (!col[3])
			continue;
		row(lineno, col[0], col[1], col[2], col[3], col[4] ? col[4] : (char[]){ 0 });
		rows++;
	}
	fclose(f);
	CHECK(rows > 500, "only %u vectors", rows);
	for (unsigned g = TU_NGENS_SEED; g < TU_NGENS; g++) {
		const struct gk_format *fmt = tu_fmt(tu_gen_name(g));
		for (size_t k = 0; k < fmt->ndescs; k++)
			if (fmt->descs[k].gens & fmt->gen_bit)
				CHECK(covered[g][k], "%s: %s has no vector", tu_gen_name(g), fmt->descs[k].name);
	}
	return tl_done();
}
