/* umr's known-answer captures (../shared/reference/captures/umr-kat, see its
 * PROVENANCE.md): the ring and IB dwords umr read on a Cezanne (GFX9), a
 * Navi10 (GFX10) and a Phoenix (GFX11), and umr's decode of every packet.
 *
 * For each "Decoding IB" section of umr's answer the words are found among
 * the capture's reads (RINGDATA = { rptr, wptr, wptr, ring... } and the
 * SYSRAM@addr byte reads, contiguous ones joined) as the place where every
 * dword umr printed matches.  gfxkit decodes them with the generation of the
 * machine and is measured against umr: a packet is framed as umr frames it
 * when one of gfxkit's packets starts at umr's offset with umr's length
 * (umr prints the body words, COUNT + 1, and 0 for the one-dword NOP pad);
 * named as umr names it when the names agree (umr's PKT3_ prefix dropped;
 * gfxkit calls the pad NOP_PAD, Mesa's name for it, where umr says NOP);
 * every register umr names in a SET_*_REG body is compared with gfxkit's
 * register at that dword (umr's "gfx930.mm" / "gfx1101.reg" prefix
 * dropped).  Each section also round-trips: decode -> encode is the
 * identity, and the checker has nothing to say but what the capture's cut
 * explains.  And with umr's IB sections given as memory at the addresses
 * umr decoded them at, following the IBs of the first section (the ring, or
 * the IB umr was asked to dump) must reach every one of them.  The counts
 * reached are asserted, so a regression fails.
 *
 * The captures are gzip files, read through `gzip -dc` (POSIX popen).  When
 * ../shared (a fresh clone has none), gzip or a capture is absent the test
 * says SKIPPED for what it cannot check; a capture that is there but does
 * not decompress is a failure. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "pm4/pm4_tab.h"
#include "pm4_testutil.h"
#include "gzread.h"

/* registers umr names in SET_*_REG bodies that gfxkit names the same
 * (reached: 9,036 of 9,060; the 24 others are GFX10's
 * COMPUTE_/SPI_SHADER_PREF_PRI_ACCUM_* of umr's register database, which
 * Mesa's gfx10 register JSON, gfxkit's source, calls *_USER_ACCUM_*) */
#define REGS_NAMED_MIN 9036u

#define KAT "../shared/reference/captures/umr-kat"

struct region {
	uint64_t addr;
	uint8_t *p;
	size_t n;
};

struct printed {
	uint32_t off, val;
};

struct upkt {
	uint32_t off, words;
	char name[48];
};

struct ureg {
	uint32_t off;
	char name[64];
};

struct section {
	uint32_t n;
	uint64_t va;       /* the GPU address umr decoded it at */
	struct printed *dw;
	size_t ndw, capdw;
	struct upkt *pk;
	size_t npk, cappk;
	struct ureg *rg;
	size_t nrg, caprg;
};

struct totals {
	unsigned packets, framed, named, regs, regs_named, sections, found, roundtrip;
	unsigned ibs, ibs_followed, ibs_extra;
	unsigned errors, warnings;
};

/* The IB sections as GPU memory at the addresses umr decoded them at */
struct ibmem {
	const struct section *secs;
	const uint32_t *const *words;
	size_t n;
};

static long ib_read(void *ctx, uint64_t addr, void *buf, size_t n)
{
	const struct ibmem *m = ctx;
	for (size_t i = 1; i < m->n; i++) {
		uint64_t base = m->secs[i].va, end = base + 4ull * m->secs[i].n;
		if (!m->words[i] || addr < base || addr >= end)
			continue;
		size_t have = end - addr < n ? (size_t)(end - addr) : n;
		if (buf)
			memcpy(buf, (const uint8_t *)m->words[i] + (addr - base), have);
		return (long)have;
	}
	return 0;
}

/* Follow the IBs of the first section (the ring, or the IB umr was asked
 * to dump) through the others given as memory: the buffers reached (JSON
 * "ib" of the units at depth >= 1) must be umr's sections */
static void follow(const char *gpu, const struct section *secs, const uint32_t *const *words, size_t nsec,
		   struct totals *t)
{
	struct ibmem m = { secs, words, nsec };
	struct gk_engine *e = gk_engine_open("pm4", gpu, NULL);
	struct tl_reader src = { (const uint8_t *)words[0], 4ull * secs[0].n, 0, 0 };
	struct gk_input *in = gk_input_create(tl_read, &src, GK_IN_BIN, 4);
	struct gk_membuf out_text = { 0 };
	char buf[4096];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, &out_text);
	struct gk_stream_opts o = { .json = true, .name = "ring", .mem_read = ib_read, .mem_ctx = &m };
	struct gk_stream_stats st;
	CHECK(e && in && gk_stream_run(e, in, &o, &out, &st) == 0, "%s: following failed", gpu);
	gk_out_flush(&out);
	gk_membuf_write(&out_text, "", 0);
	bool *seen = calloc(nsec, sizeof *seen);
	if (!seen)
		exit(2);
	for (const char *p = out_text.p; p && (p = strstr(p, "\"ib\":")) != NULL; p += 5) {
		uint64_t ib = strtoull(p + 5, NULL, 10);
		size_t i = 1;
		while (i < nsec && secs[i].va != ib)
			i++;
		if (i < nsec)
			seen[i] = true;
		else
			t->ibs_extra++;
	}
	for (size_t i = 1; i < nsec; i++) {
		t->ibs++;
		t->ibs_followed += seen[i];
		CHECK(seen[i], "%s: umr's IB at 0x%llx (%u words) not reached by following", gpu,
		      (unsigned long long)secs[i].va, secs[i].n);
	}
	free(seen);
	free(out_text.p);
	gk_input_destroy(in);
	gk_engine_close(e);
}

static void *grow(void *p, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return p;
	size_t c = *cap ? *cap * 2 : 64;
	void *q = realloc(p, c * size);
	if (!q) {
		printf("FAIL out of memory\n");
		exit(2);
	}
	*cap = c;
	return q;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* The capture's reads: ring words (RINGDATA) and joined SYSRAM regions */
static size_t parse_txt(char *txt, uint32_t **ring, size_t *nring, struct region **regs)
{
	size_t nreg = 0, capreg = 0, capring = 0;
	*ring = NULL;
	*nring = 0;
	*regs = NULL;
	for (char *line = strtok(txt, "\n"); line; line = strtok(NULL, "\n")) {
		if (strncmp(line, "RINGDATA = {", 12) == 0) {
			char *s = line + 12;
			for (;;) {
				char *end;
				unsigned long v = strtoul(s, &end, 16);
				if (end == s)
					break;
				*ring = grow(*ring, &capring, *nring, sizeof **ring);
				(*ring)[(*nring)++] = (uint32_t)v;
				s = end;
				while (*s == ',' || *s == ' ')
					s++;
			}
		} else if (strncmp(line, "SYSRAM@0x", 9) == 0) {
			char *end;
			uint64_t addr = strtoull(line + 9, &end, 16);
			char *b = strchr(end, '{');
			if (!b)
				continue;
			b++;
			size_t len = 0;
			while (hexval(b[len]) >= 0)
				len++;
			len /= 2;
			struct region *last = nreg ? &(*regs)[nreg - 1] : NULL;
			if (!last || last->addr + last->n != addr) {
				*regs = grow(*regs, &capreg, nreg, sizeof **regs);
				last = &(*regs)[nreg++];
				last->addr = addr;
				last->p = NULL;
				last->n = 0;
			}
			uint8_t *q = realloc(last->p, last->n + len + 1);
			if (!q)
				exit(2);
			last->p = q;
			for (size_t i = 0; i < len; i++)
				last->p[last->n + i] = (uint8_t)(hexval(b[2 * i]) << 4 | hexval(b[2 * i + 1]));
			last->n += len;
		}
	}
	return nreg;
}

/* umr's answer: sections, their printed dwords, packets and register names */
static size_t parse_answer(char *ans, struct section **secs)
{
	size_t nsec = 0, capsec = 0;
	*secs = NULL;
	for (char *line = strtok(ans, "\n"); line; line = strtok(NULL, "\n")) {
		unsigned n;
		if (strncmp(line, "Decoding IB at ", 15) == 0) {
			char *of = strstr(line, " of ");
			char *at = strchr(line + 15, '@');
			if (!of || !at || sscanf(of, " of %u words", &n) != 1)
				continue;
			*secs = grow(*secs, &capsec, nsec, sizeof **secs);
			struct section *s = &(*secs)[nsec++];
			memset(s, 0, sizeof *s);
			s->n = n;
			s->va = strtoull(at + 1, NULL, 16);
			continue;
		}
		if (line[0] != '[' || !nsec)
			continue;
		struct section *s = &(*secs)[nsec - 1];
		char *plus = strstr(line, " + 0x");
		char *v = plus ? strstr(plus, "]\t[") : NULL;
		if (!plus || !v)
			continue;
		uint32_t off = (uint32_t)strtoul(plus + 5, NULL, 16);
		char *end;
		uint32_t val = (uint32_t)strtoul(v + 3, &end, 16);
		char *rest = strstr(end, "]\t");
		if (!rest)
			continue;
		rest += 2;
		s->dw = grow(s->dw, &s->capdw, s->ndw, sizeof *s->dw);
		s->dw[s->ndw++] = (struct printed){ off, val };
		unsigned op, words;
		char name[48];
		if (sscanf(rest, "Opcode 0x%x [PKT3_%47[A-Z0-9_]] (%u words", &op, name, &words) == 3) {
			s->pk = grow(s->pk, &s->cappk, s->npk, sizeof *s->pk);
			struct upkt *p = &s->pk[s->npk++];
			p->off = off;
			p->words = words;
			snprintf(p->name, sizeof p->name, "%s", name);
			continue;
		}
		if (strncmp(rest, "|---> gfx", 9) == 0) {
			char *dot = strchr(rest + 9, '.');
			char *eq = dot ? strchr(dot, '=') : NULL;
			if (!dot || !eq)
				continue;
			char *nm = dot + 1;
			if (strncmp(nm, "mm", 2) == 0)
				nm += 2;
			else if (strncmp(nm, "reg", 3) == 0)
				nm += 3;
			else
				continue;
			s->rg = grow(s->rg, &s->caprg, s->nrg, sizeof *s->rg);
			struct ureg *r = &s->rg[s->nrg++];
			r->off = off;
			snprintf(r->name, sizeof r->name, "%.*s", (int)(eq - nm), nm);
		}
	}
	return nsec;
}

/* Where all of a section's printed dwords match: the section's words */
static const uint32_t *find_words(const struct section *s, const uint32_t *const *cand, const size_t *ncand,
				  size_t ncands)
{
	if (!s->ndw)
		return NULL;
	for (size_t c = 0; c < ncands; c++) {
		for (size_t st = 0; st + s->n <= ncand[c]; st++) {
			const uint32_t *w = cand[c] + st;
			bool ok = true;
			for (size_t i = 0; i < s->ndw && ok; i++)
				ok = s->dw[i].off / 4 < s->n && w[s->dw[i].off / 4] == s->dw[i].val;
			if (ok)
				return w;
		}
	}
	return NULL;
}

static char textbuf[1 << 22];
static struct tu_asm asmres;

static void measure(const struct gk_format *fmt, const struct section *s, const uint32_t *w, struct totals *t)
{
	/* gfxkit's packets: length and description at each start, and the
	 * register each dword of a SET_*_REG body writes */
	uint32_t *len = calloc(s->n, sizeof *len);
	const struct gk_packet_desc **desc = calloc(s->n, sizeof *desc);
	const char **reg = calloc(s->n, sizeof *reg);
	if (!len || !desc || !reg)
		exit(2);
	size_t pos = 0;
	while (pos < s->n) {
		struct gk_packet pkt;
		gk_packet_frame(fmt, w + pos, s->n - pos, 4 * pos, &pkt);
		len[pos] = pkt.frame.ndw;
		desc[pos] = pkt.frame.desc;
		const struct gk_packet_desc *d = pkt.frame.desc;
		if (d && d->tail == GK_TAIL_REGS && !d->reg_in_hdr && d->reg_field < d->nfields && pkt.ndw > d->tail_dw) {
			uint64_t first = gk_field_get(&d->fields[d->reg_field], w + pos, pkt.ndw);
			for (uint32_t j = d->tail_dw; j < pkt.ndw; j++) {
				uint64_t a = fmt->spaces[d->space].start + 4 * (first + j - d->tail_dw);
				const struct gk_reg *r = a < 0x40000 ? gk_reg_by_offset(fmt->regs, (uint32_t)a) : NULL;
				reg[pos + j] = r ? r->name : NULL;
			}
		}
		pos += pkt.ndw ? pkt.ndw : 1;
	}
	for (size_t i = 0; i < s->npk; i++) {
		const struct upkt *p = &s->pk[i];
		uint32_t at = p->off / 4;
		bool pad = strcmp(p->name, "NOP") == 0 && p->words == 0;
		uint32_t want = pad ? 1 : p->words + 1;
		t->packets++;
		if (p->off % 4 || at >= s->n || len[at] != want) {
			if (t->framed + 5 > t->packets)
				printf("# not framed as umr: %s at +0x%x (%u words)\n", p->name, p->off, p->words);
			continue;
		}
		t->framed++;
		const char *ours = desc[at] ? desc[at]->name : "";
		if (strcmp(ours, p->name) == 0 || (pad && desc[at] == gk_pm4_nop_pad))
			t->named++;
		else if (t->named + 5 > t->framed)
			printf("# umr %s at +0x%x, gfxkit %s\n", p->name, p->off, ours);
	}
	for (size_t i = 0; i < s->nrg; i++) {
		uint32_t at = s->rg[i].off / 4;
		t->regs++;
		if (at < s->n && reg[at] && strcmp(reg[at], s->rg[i].name) == 0)
			t->regs_named++;
		else if (t->regs - t->regs_named <= 8)
			printf("# register at +0x%x: umr %s, gfxkit %s\n", s->rg[i].off, s->rg[i].name,
			       at < s->n && reg[at] ? reg[at] : "(none)");
	}
	/* what the checker says of umr's real streams */
	static struct tu_check chk;
	tu_check(fmt, w, s->n, &chk);
	t->errors += chk.errors;
	t->warnings += chk.warnings;
	if (chk.errors || chk.warnings)
		printf("# %s: %s", fmt->gen, tu_diags_str(&chk));
	/* decode -> encode is the identity */
	tu_decode(fmt, w, s->n, false, textbuf, sizeof textbuf);
	unsigned errs = tu_assemble(fmt, textbuf, &asmres);
	bool same = errs == 0 && asmres.n == s->n && memcmp(asmres.w, w, 4ull * s->n) == 0;
	CHECK(same, "%s section of %u words does not round-trip (%u errors: %s)", fmt->gen, s->n, errs,
	      tu_asm_first(&asmres));
	t->roundtrip += same;
	free(len);
	free(desc);
	free(reg);
}

/* One capture: returns false when it cannot be read */
static bool run_capture(const char *name, const char *gpu, struct totals *all)
{
	char path[256];
	snprintf(path, sizeof path, KAT "/%s.txt.gz", name);
	char *txt = tl_read_gz(path);
	snprintf(path, sizeof path, KAT "/%s.answer.gz", name);
	char *ans = tl_read_gz(path);
	if (!txt || !ans) {
		free(txt);
		free(ans);
		return false;
	}
	uint32_t *ring;
	size_t nring;
	struct region *regs;
	size_t nreg = parse_txt(txt, &ring, &nring, &regs);
	struct section *secs;
	size_t nsec = parse_answer(ans, &secs);
	const uint32_t **cand = calloc(nreg + 1, sizeof *cand);
	size_t *ncand = calloc(nreg + 1, sizeof *ncand);
	uint32_t **owned = calloc(nreg + 1, sizeof *owned);
	if (!cand || !ncand || !owned)
		exit(2);
	size_t nc = 0;
	if (nring > 3) {
		cand[nc] = ring + 3;
		ncand[nc++] = nring - 3;
	}
	for (size_t r = 0; r < nreg; r++) {
		size_t n = regs[r].n / 4;
		uint32_t *w = malloc((n ? n : 1) * sizeof *w);
		if (!w)
			exit(2);
		for (size_t i = 0; i < n; i++) /* little-endian bytes */
			w[i] = (uint32_t)regs[r].p[4 * i] | (uint32_t)regs[r].p[4 * i + 1] << 8 |
			       (uint32_t)regs[r].p[4 * i + 2] << 16 | (uint32_t)regs[r].p[4 * i + 3] << 24;
		owned[r] = w;
		cand[nc] = w;
		ncand[nc++] = n;
	}
	const struct gk_format *fmt = tu_fmt(gpu);
	struct totals t = { 0 };
	const uint32_t **words = calloc(nsec ? nsec : 1, sizeof *words);
	if (!words)
		exit(2);
	for (size_t i = 0; i < nsec; i++) {
		t.sections++;
		const uint32_t *w = find_words(&secs[i], cand, ncand, nc);
		CHECK(w != NULL, "%s: section %zu (%u words) not found in the capture", name, i, secs[i].n);
		words[i] = w;
		if (!w)
			continue;
		t.found++;
		measure(fmt, &secs[i], w, &t);
	}
	if (nsec && words[0])
		follow(gpu, secs, words, nsec, &t);
	free(words);
	printf("# %s (-g %s): %u sections (%u found, %u round-trip), packets framed %u/%u, named %u/%u, "
	       "registers named %u/%u, umr's IBs reached by following %u/%u (%u others)\n",
	       name, gpu, t.sections, t.found, t.roundtrip, t.framed, t.packets, t.named, t.packets, t.regs_named, t.regs,
	       t.ibs_followed, t.ibs, t.ibs_extra);
	all->packets += t.packets;
	all->framed += t.framed;
	all->named += t.named;
	all->regs += t.regs;
	all->regs_named += t.regs_named;
	all->sections += t.sections;
	all->found += t.found;
	all->roundtrip += t.roundtrip;
	all->ibs += t.ibs;
	all->ibs_followed += t.ibs_followed;
	all->ibs_extra += t.ibs_extra;
	all->errors += t.errors;
	all->warnings += t.warnings;
	for (size_t i = 0; i < nsec; i++) {
		free(secs[i].dw);
		free(secs[i].pk);
		free(secs[i].rg);
	}
	free(secs);
	for (size_t r = 0; r < nreg; r++) {
		free(regs[r].p);
		free(owned[r]);
	}
	free(regs);
	free(owned);
	free(cand);
	free(ncand);
	free(ring);
	free(txt);
	free(ans);
	return true;
}

static bool exists(const char *path)
{
	FILE *f = fopen(path, "r");
	if (f)
		fclose(f);
	return f != NULL;
}

int main(void)
{
	if (!exists(KAT "/PROVENANCE.md")) {
		TL_SKIP(KAT "/PROVENANCE.md not found: the umr known-answer captures are absent (a fresh clone has no "
			    "../shared corpus)");
		return tl_done();
	}
	if (system("gzip -V >/dev/null 2>&1") != 0) {
		TL_SKIP("gzip not installed: the umr captures in " KAT " cannot be read");
		return tl_done();
	}
	static const struct {
		const char *name, *gpu;
	} caps[] = {
		{ "rs_kat_cezanne_test1", "cezanne" },
		{ "rs_kat_cezanne_test3", "cezanne" },
		{ "rs_kat_navi10_test2", "navi10" },
		{ "rs_kat_phoenix_test1", "phoenix" },
	};
	struct totals all = { 0 };
	size_t ran = 0;
	for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		char txt[256], ans[256];
		snprintf(txt, sizeof txt, KAT "/%s.txt.gz", caps[i].name);
		snprintf(ans, sizeof ans, KAT "/%s.answer.gz", caps[i].name);
		if (!exists(txt) || !exists(ans)) {
			TL_SKIP("%s not found: capture %s not checked", exists(txt) ? ans : txt, caps[i].name);
			continue;
		}
		bool ok = run_capture(caps[i].name, caps[i].gpu, &all);
		CHECK(ok, "%s: the capture is there but gzip -dc cannot read it", caps[i].name);
		ran += ok;
	}
	if (ran < sizeof caps / sizeof caps[0]) {
		TL_SKIP("the totals over all four umr captures: %zu of them read", ran);
		return tl_done();
	}
	printf("# umr-kat total: %u sections, packets framed as umr %u/%u, named as umr %u/%u, "
	       "registers named as umr %u/%u, umr's IBs reached by --follow %u/%u (%u others)\n",
	       all.sections, all.framed, all.packets, all.named, all.packets, all.regs_named, all.regs, all.ibs_followed,
	       all.ibs, all.ibs_extra);
	CHECK(all.ibs == 7 && all.ibs_followed == 7 && all.ibs_extra == 0, "IBs followed %u of %u, %u units in others",
	      all.ibs_followed, all.ibs, all.ibs_extra);
	CHECK(all.sections == 11 && all.found == 11 && all.roundtrip == 11, "sections %u found %u round-trip %u",
	      all.sections, all.found, all.roundtrip);
	CHECK(all.packets == 6650, "%u packets in umr's answers", all.packets);
	/* the checker finds only the two COND_EXECs of the Phoenix ring whose
	 * EXEC_COUNT (0x800 dwords, as umr prints too) reaches past the 512
	 * dwords umr decoded */
	CHECK(all.errors == 2 && all.warnings == 0, "check: %u errors, %u warnings", all.errors, all.warnings);
	CHECK(all.framed == 6650, "framed %u of %u", all.framed, all.packets);
	CHECK(all.named == 6650, "named %u of %u", all.named, all.packets);
	CHECK(all.regs == 9060 && all.regs_named >= REGS_NAMED_MIN, "registers named %u of %u (reached: %u)", all.regs_named,
	      all.regs, REGS_NAMED_MIN);
	return tl_done();
}
