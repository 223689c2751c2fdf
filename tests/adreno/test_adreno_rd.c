/* The .rd captures decoded as a user runs them (the rd reader, gzip,
 * following from the capture's own buffers) against Mesa's cffdump logs
 * of the same captures (../shared/reference/captures/mesa-freedreno-traces,
 * with the options the adreno README lists): every packet the log shows --
 * a block of dwords at a GPU address, under its "opcode: NAME" or "write
 * REG" line and the field lines Mesa prints with it -- is looked up among
 * the units gfxkit's stream loop gave for that submit:
 *  - framed: a unit at the same address with the same dwords;
 *  - named: the same opcode name, or the same registers written;
 *  - field values: each "FIELD = VALUE" (and each bare FLAG, a boolean
 *    set) of the packet's "{ ... }" lines, and each register's value line
 *    ("REG: { F = V | ... }" or "REG: VALUE"), compared by name against
 *    the value as the library types it (fmt->reg_value_text: r63.x by
 *    text, floats within what %f rounds, other numbers by value, enum
 *    names by name); the n-th line of a repeated group against group n; a
 *    payload dword Mesa names by offset ("3") against gfxkit's DW4, a
 *    field named like a header field against its NAME_DWn.
 * Targets: every packet framed, 99% named, 97% of field values equal; the
 * differences left are listed (the first of each kind) and documented in
 * docs/adreno.md.  Every unit of every submit the stream loop gives (all
 * submits of every capture, not only those the logs show) decodes to text
 * that encodes back to its dwords.
 *
 * Needs ../shared (absent from a fresh clone: SKIPPED) and gzip for the
 * logs (the captures go through gfxkit's own inflater). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>

#include "adreno/adreno_testutil.h"
#include "gfxkit/gfxkit.h"

#define CAPS "../shared/reference/adreno/captures"
#define LOGS "../shared/reference/captures/mesa-freedreno-traces"
#define MAXLVL 16

/* ---- gfxkit's side: every unit the stream loop gives, by address ---- */
struct rec {
	uint64_t addr;
	size_t at;
	uint32_t n;
	int next; /* the next record at the same hash slot */
};

static struct rec *recs;
static size_t nrecs, caprecs;
static uint32_t *pool;
static size_t npool, cappool;
#define HBITS 16
static int head[1 << HBITS];

static unsigned hslot(uint64_t a)
{
	return (unsigned)((a * 0x9E3779B97F4A7C15ull) >> (64 - HBITS));
}

static void recs_reset(void)
{
	nrecs = npool = 0;
	memset(head, 0xff, sizeof head);
}

static int on_unit(void *ctx, struct gk_engine *e, uint64_t offset, const uint32_t *w, size_t n,
		   const struct gk_diags *dg)
{
	(void)ctx;
	(void)e;
	(void)dg;
	if (nrecs == caprecs) {
		caprecs = caprecs ? 2 * caprecs : 4096;
		recs = realloc(recs, caprecs * sizeof *recs);
	}
	while (npool + n > cappool) {
		cappool = cappool ? 2 * cappool : 1 << 16;
		pool = realloc(pool, cappool * sizeof *pool);
	}
	if (!recs || !pool)
		return GK_UNIT_STOP;
	memcpy(pool + npool, w, n * 4);
	unsigned h = hslot(offset);
	recs[nrecs] = (struct rec){ offset, npool, (uint32_t)n, head[h] };
	head[h] = (int)nrecs++;
	npool += n;
	return GK_UNIT_GO;
}

static const struct rec *find(uint64_t addr, const uint32_t *w, size_t n)
{
	for (int i = head[hslot(addr)]; i >= 0; i = recs[i].next)
		if (recs[i].addr == addr && recs[i].n == n && !memcmp(pool + recs[i].at, w, n * 4))
			return &recs[i];
	return NULL;
}

static int discard(void *ctx, const void *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
	return 0;
}

/* tu_fmt keeps the name it is given: one lasting copy of each GPU name */
static const char *lasting(const char *gpu)
{
	static char names[16][32];
	static unsigned n;
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(names[i], gpu))
			return names[i];
	if (n == 16)
		return "a630";
	snprintf(names[n], sizeof names[n], "%s", gpu);
	return names[n++];
}

/* The units of submit `sub` (all of them: sub < 0) of the capture at path:
 * -1 when it cannot be read; the GPU it names in gpu. */
static int run_capture(const char *path, long long sub, char *gpu, size_t gpucap, unsigned *roundtrip_bad,
		       unsigned *units)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	recs_reset();
	struct gk_input *in = gk_input_create(gk_read_stdio, f, GK_IN_AUTO, 4);
	if (sub >= 0)
		gk_input_set_submits(in, (uint64_t)sub, (uint64_t)sub);
	gk_input_fill(in, 1);
	const char *eng = NULL, *g = gk_input_gpu(in, &eng);
	CHECK(g && eng && !strcmp(eng, "adreno") && gk_input_format(in) == GK_IN_RD && gk_input_gzipped(in),
	      "%s: an .rd.gz naming its GPU (%s)", path, g ? g : "none");
	if (!g) {
		gk_input_destroy(in);
		fclose(f);
		return -1;
	}
	snprintf(gpu, gpucap, "%s", g);
	struct gk_engine *e = gk_engine_open("adreno", g, NULL);
	char buf[4096];
	struct gk_out out = GK_OUT_INIT(buf, sizeof buf, discard, NULL);
	struct gk_stream_opts so = { .name = path, .unit = on_unit, .mem_read = gk_input_mem_read, .mem_ctx = in };
	struct gk_stream_stats st;
	gk_stream_run(e, in, &so, &out, &st);
	const struct gk_diag *ie = gk_input_error(in);
	CHECK(!ie, "%s: read whole: %s", path, ie ? ie->message : "");
	/* decode -> encode on every unit given */
	const struct gk_format *fmt = tu_fmt(lasting(g));
	static char text[1 << 18];
	static struct tu_asm a;
	for (size_t i = 0; i < nrecs; i++) {
		const uint32_t *w = pool + recs[i].at;
		tu_decode(fmt, w, recs[i].n, false, text, sizeof text);
		if (tu_assemble(fmt, text, &a) == 0 && a.n == recs[i].n && !memcmp(a.w, w, recs[i].n * 4))
			continue;
		if ((*roundtrip_bad)++ < 5)
			printf("# %s: 0x%llx %s does not encode back: %s\n", path, (unsigned long long)recs[i].addr,
			       tu_words_str(w, recs[i].n), text);
	}
	*units += (unsigned)nrecs;
	gk_engine_close(e);
	gk_input_destroy(in);
	fclose(f);
	return 0;
}

/* ---- Mesa's side ---- */
#define MAXITEMS 64
struct mesa_pkt {
	long long submit;
	uint64_t addr;
	uint32_t *w;
	uint32_t n;
	int op;                 /* -1: a register write */
	char name[96];          /* opcode, or the first register written */
	char *items;            /* "FIELD=VALUE\n" (packet fields) and "REG:FIELD=VALUE\n" / "REG:=VALUE\n" lines */
};

struct pend {
	bool on;
	int op;
	char name[96];
	char items[8192];
	size_t len;
};

static struct mesa_pkt *mp;
static size_t nmp, capmp;

static void add_item(struct pend *p, const char *reg, const char *field, const char *val)
{
	int k = snprintf(p->items + p->len, sizeof p->items - p->len, "%s%s%s=%s\n", reg ? reg : "", reg ? ":" : "",
			 field, val);
	if (k > 0 && (size_t)k < sizeof p->items - p->len)
		p->len += (size_t)k;
}

static char *trim(char *s)
{
	while (*s == ' ')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
		s[--n] = 0;
	return s;
}

/* "{ A = 1 | FLAG | B = X }" into items (reg NULL: a packet's fields) */
static void brace_items(struct pend *p, const char *reg, char *s)
{
	char *e = strrchr(s, '}');
	if (*s != '{' || !e)
		return;
	*e = 0;
	s++;
	for (char *tok = strtok(s, "|"); tok; tok = strtok(NULL, "|")) {
		char *t = trim(tok), *eq = strstr(t, " = ");
		if (eq) {
			*eq = 0;
			add_item(p, reg, trim(t), trim(eq + 3));
		} else if ((*t >= 'A' && *t <= 'Z') || *t == '_') {
			add_item(p, reg, t, "<set>"); /* a boolean printed by name: set */
		}
	}
}

static void take_packet(long long submit, uint64_t addr, const uint32_t *w, size_t n, struct pend *p)
{
	if (!p->on)
		return;
	if (nmp == capmp) {
		capmp = capmp ? 2 * capmp : 4096;
		mp = realloc(mp, capmp * sizeof *mp);
	}
	struct mesa_pkt *m = &mp[nmp++];
	m->submit = submit;
	m->addr = addr;
	m->n = (uint32_t)n;
	m->w = malloc(n * 4 + 4);
	memcpy(m->w, w, n * 4);
	m->op = p->op;
	snprintf(m->name, sizeof m->name, "%s", p->name);
	m->items = malloc(p->len + 1);
	memcpy(m->items, p->items, p->len);
	m->items[p->len] = 0;
	p->on = false;
}

static int tabs(const char *s)
{
	int n = 0;
	while (s[n] == '\t')
		n++;
	return n;
}

/* Mesa's hexdump (cffdec.c dump_hex) prints "*" in place of lines whose
 * dwords are all zero: the block's words from n on, up to `to`, are 0 */
static size_t star_fill(uint32_t *w, size_t n, size_t to, size_t cap)
{
	for (; n < to && n < cap; n++)
		w[n] = 0;
	return n;
}

static bool read_log(const char *name, const char *gpu_of_log)
{
	char path[512], cmd[640];
	snprintf(path, sizeof path, "%s/%s.log.gz", LOGS, name);
	FILE *probe = fopen(path, "rb");
	if (!probe)
		return false;
	fclose(probe);
	snprintf(cmd, sizeof cmd, "gzip -dc '%s' 2>/dev/null", path);
	FILE *f = popen(cmd, "r");
	if (!f)
		return false;
	static struct pend p[MAXLVL], blk; /* blk: what the block of dwords being read belongs to */
	memset(p, 0, sizeof p);
	blk.on = false;
	static char line[1 << 16];
	static uint32_t w[1 << 14];
	size_t n = 0;
	bool star = false;
	int lvl = -1;
	uint64_t addr = 0;
	long long submit = -1;
	const struct gk_format *fmt = tu_fmt(lasting(gpu_of_log));
	/* a block's end: a "*" still open repeats to the packet's length */
#define BLOCK_END()                                                                                   \
	do {                                                                                          \
		if (star && n) {                                                                      \
			struct gk_frame fr;                                                           \
			fmt->frame(fmt, w, n, &fr);                                                   \
			n = star_fill(w, n, fr.ndw, sizeof w / sizeof w[0]);          \
		}                                                                                     \
		star = false;                                                                         \
		take_packet(submit, addr, w, n, &blk);                                                \
	} while (0)
	while (fgets(line, sizeof line, f)) {
		unsigned sn;
		if (sscanf(line, "cmdstream[%u]:", &sn) == 1) {
			BLOCK_END();
			lvl = -1;
			n = 0;
			memset(p, 0, sizeof p);
			submit = sn;
			continue;
		}
		char *c = line;
		while ((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f'))
			c++;
		if (c > line && *c == ':' && c[1] == '\t') {
			char *q = c + 1;
			int l = tabs(q);
			q += l;
			unsigned rel;
			int used = 0;
			if (sscanf(q, "%4x:%n", &rel, &used) == 1 && used == 5) {
				if (rel == 0) {
					BLOCK_END();
					n = 0;
					lvl = l;
					addr = strtoull(line, NULL, 16);
					if (l < MAXLVL) {
						blk = p[l];
						p[l].on = false;
					}
				}
				q += used;
				if (star) /* the lines "*" stood for, up to this one */
					n = star_fill(w, n, rel / 4, sizeof w / sizeof w[0]);
				star = false;
				for (;;) {
					char *e;
					unsigned long v = strtoul(q, &e, 16);
					if (e == q)
						break;
					if (n < sizeof w / sizeof w[0])
						w[n++] = (uint32_t)v;
					q = e;
				}
				continue;
			}
		}
		if (!strcmp(line, "*\n")) {
			star = true;
			continue;
		}
		int l = tabs(line);
		char *s = line + l;
		if (l >= MAXLVL)
			continue;
		char nm[96];
		unsigned v;
		if (sscanf(s, "opcode: %95s (%x)", nm, &v) == 2) {
			p[l] = (struct pend){ .on = true, .op = (int)v };
			snprintf(p[l].name, sizeof p[l].name, "%s", nm);
		} else if (sscanf(s, "write %95s (%x)", nm, &v) == 2) {
			p[l] = (struct pend){ .on = true, .op = -1 };
			snprintf(p[l].name, sizeof p[l].name, "%s", nm);
		} else if (l >= 1 && p[l - 1].on && *s == '{' && p[l - 1].op >= 0) {
			brace_items(&p[l - 1], NULL, trim(s));
		} else if (l >= 1 && p[l - 1].on && p[l - 1].op < 0) {
			char *colon = strstr(s, ": ");
			if (colon && !memchr(s, ' ', (size_t)(colon - s))) {
				*colon = 0;
				char *val = colon + 2;
				/* an address Mesa found in a buffer: "0x1011000\t\tbase=..." */
				val[strcspn(val, "\t")] = 0;
				val = trim(val);
				if (*val == '{')
					brace_items(&p[l - 1], s, val);
				else
					add_item(&p[l - 1], s, "", val);
			}
		}
	}
	BLOCK_END();
#undef BLOCK_END
	(void)lvl;
	return pclose(f) == 0;
}

/* ---- the comparison ---- */
struct tally {
	unsigned pkts, framed, named_of, named, fields, fields_eq;
};

#define MAXKINDS 400
static struct {
	char what[600];
	char eg[200]; /* the first: Mesa's value and gfxkit's, where */
	unsigned n;
} kinds[MAXKINDS];
static unsigned nkinds;

static void differ(const char *what, const char *eg)
{
	for (unsigned i = 0; i < nkinds; i++)
		if (!strcmp(kinds[i].what, what)) {
			kinds[i].n++;
			return;
		}
	if (nkinds < MAXKINDS) {
		snprintf(kinds[nkinds].what, sizeof kinds[nkinds].what, "%s", what);
		snprintf(kinds[nkinds].eg, sizeof kinds[nkinds].eg, "%s", eg ? eg : "");
		kinds[nkinds++].n = 1;
	}
}

/* why a value differs, by what Mesa printed */
static unsigned causes[4];
static const char *const cause_names[4] = {
	"a field gfxkit's tables do not have there (a payload layout chosen by another field; see docs/adreno.md)",
	"a register id (Mesa prints r63.x: the a3xx_regid value type)",
	"a float or fixed-point value (Mesa prints 1.000000: the float/fixed value types)",
	"a number or enum name that differs",
};

static void cause(bool have_field, const char *val)
{
	if (!have_field)
		causes[0]++;
	else if ((val[0] == 'r' || (val[0] == 'h' && val[1] == 'r')) && strchr(val, '.'))
		causes[1]++;
	else if (strchr(val, '.') && !strstr(val, "0x"))
		causes[2]++;
	else
		causes[3]++;
}

/* Mesa's printed value against gfxkit's value and value name */
static bool same_value(const char *m, uint64_t v, const char *sym, unsigned width)
{
	if (!strcmp(m, "<set>"))
		return v != 0;
	if (!strcmp(m, "TRUE") || !strcmp(m, "FALSE")) /* rnndec's boolean */
		return v == (m[0] == 'T');
	if ((*m >= 'A' && *m <= 'Z') || (*m >= 'a' && *m <= 'z') || *m == '_')
		return sym && !strcmp(sym, m);
	char *e;
	if (strchr(m, '.') && !strstr(m, "0x")) { /* a float: the field's bits as a float */
		double d = strtod(m, &e);
		float fv;
		uint32_t bits = (uint32_t)v;
		memcpy(&fv, &bits, 4);
		return *e == 0 && width == 32 && fabs((double)fv - d) <= 1e-6 * (fabs(d) > 1 ? fabs(d) : 1);
	}
	long long x = strtoll(m, &e, 0);
	if (*e)
		return false;
	if (x < 0 && width && width < 64)
		return ((uint64_t)x & ((1ull << width) - 1)) == v;
	return (uint64_t)x == v;
}

/* a number as text: decimal, 0x hex or a real ("1.000000"); -1: not one */
static int number_of(const char *s, double *d)
{
	char *e;
	if (!*s)
		return -1;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		*d = (double)strtoull(s, &e, 16);
	else
		*d = strtod(s, &e);
	return *e ? -1 : 0;
}

/* Mesa's printed value against the text the library types the field's
 * value with (fmt->reg_value_text: a float, fixed-point number, register
 * id or shifted address): numbers by value -- a float within what Mesa's
 * %f rounds away --, anything else (r63.x) by text.  No typed text: the
 * raw value, its name, or its bits as a float. */
static bool same_typed(const char *m, const char *typed, uint64_t v, const char *sym, unsigned width)
{
	if (!typed)
		return same_value(m, v, sym, width);
	double a, b;
	if (number_of(m, &a) == 0 && number_of(typed, &b) == 0)
		return fabs(a - b) <= 5e-7 + 1e-7 * fabs(b);
	return !strcmp(m, typed);
}

/* the field's value as the library types it, or NULL: shown as a number */
static const char *typed_text(const struct gk_format *fmt, const struct gk_reg_field *rf, uint32_t raw, char *buf,
			      size_t cap)
{
	if (!fmt->reg_value_text || !rf || rf->nvalues)
		return NULL;
	return fmt->reg_value_text(rf, raw, buf, cap) ? buf : NULL;
}

static void compare(const struct gk_format *fmt, const struct mesa_pkt *m, struct tally *t, const char *log)
{
	t->pkts++;
	const struct rec *r = find(m->addr, m->w, m->n);
	if (!r) {
		char what[160];
		snprintf(what, sizeof what, "not framed at its address: %.95s", m->name);
		differ(what, NULL);
		return;
	}
	t->framed++;
	struct gk_packet pkt;
	gk_packet_frame(fmt, m->w, m->n, m->addr, &pkt);
	static struct gk_unit u;
	gk_unit_decode(fmt, &pkt, NULL, &u);
	bool regs = u.desc == &fmt->descs[GK_ADRENO_ROW_REGS];
	if (m->op >= 0 || strncmp(m->name, "0x", 2)) {
		if (!(m->op >= 0 && !strcmp(m->name, "(null)"))) {
			t->named_of++;
			bool ok = regs ? m->op < 0 && u.reg_addr != ~0ull &&
						 gk_reg_by_offset(fmt->regs, (uint32_t)u.reg_addr) &&
						 !strcmp(gk_reg_by_offset(fmt->regs, (uint32_t)u.reg_addr)->name, m->name)
				       : u.desc && !strcmp(u.desc->name, m->name);
			t->named += ok;
			if (!ok) {
				char what[240];
				snprintf(what, sizeof what, "named %.95s by Mesa, %.95s by gfxkit", m->name, u.desc ? u.desc->name : "?");
				differ(what, NULL);
			}
		}
	}
	/* field values */
	for (const char *it = m->items; *it;) {
		const char *nl = strchr(it, '\n');
		char item[512];
		size_t len = (size_t)(nl - it) < sizeof item - 1 ? (size_t)(nl - it) : sizeof item - 1;
		memcpy(item, it, len);
		item[len] = 0;
		const char *start = it; /* this item's line, for the group count */
		it = nl + 1;
		char *eq = strchr(item, '=');
		if (!eq)
			continue;
		*eq = 0;
		const char *val = eq + 1;
		char what[600], ours[64] = "-";
		bool ok = false, counted = true;
		if (!regs) {
			/* a payload field: Mesa never prints the header's (COUNT,
			 * OPCODE), so a payload field of a header field's name is
			 * not one of them */
			const struct gk_unit_field *uf = NULL;
			/* a payload dword without bitfields Mesa names by its
			 * offset ("{ 3 = 0x1 }"); gfxkit by its dword, DW4 */
			char dwname[16];
			const char *fname = item;
			if (*item >= '0' && *item <= '9' && strlen(item) < 4 && strspn(item, "0123456789") == strlen(item)) {
				snprintf(dwname, sizeof dwname, "DW%d", atoi(item) + 1);
				fname = dwname;
			}
			for (unsigned k = 0; !uf && k < u.nfields && k < GK_UNIT_FIELDS; k++)
				if (!u.fields[k].in_hdr && !u.fields[k].cut && !strcmp(u.fields[k].desc->name, fname))
					uf = &u.fields[k];
			/* a payload field of a header field's name (OPCODE, COUNT)
			 * takes its dword's number in gfxkit: OPCODE_DW2 */
			size_t fl = strlen(fname);
			for (unsigned k = 0; !uf && k < u.nfields && k < GK_UNIT_FIELDS; k++) {
				const char *dn = u.fields[k].desc->name;
				if (!u.fields[k].in_hdr && !u.fields[k].cut && !strncmp(dn, fname, fl) &&
				    !strncmp(dn + fl, "_DW", 3) && dn[fl + 3] && strspn(dn + fl + 3, "0123456789") == strlen(dn + fl + 3))
					uf = &u.fields[k];
			}
			/* a repeated group's field: Mesa prints the groups in order,
			 * each with its first numeric field (a flag only when set), so
			 * the lines naming that field so far say which group this is */
			if (!uf && u.ngroups) {
				const char *anchor = NULL;
				for (unsigned k = 0; !anchor && k < u.desc->ngroup; k++)
					if (u.desc->group[k].kind != GK_FLAG)
						anchor = u.desc->group[k].name;
				unsigned g = 0;
				size_t al = anchor ? strlen(anchor) : 0;
				for (const char *q = m->items; anchor && q < start; q = strchr(q, '\n') + 1)
					g += !strncmp(q, anchor, al) && q[al] == '=';
				if (anchor && strcmp(item, anchor) && g)
					g--; /* a field after its group's anchor */
				static struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
				uint32_t claimed[GK_UNIT_FIXED_DW];
				unsigned nf = g < u.ngroups ? gk_unit_group(fmt, &u, g, gf, claimed) : 0;
				for (unsigned k = 0; !uf && k < nf; k++)
					if (!strcmp(gf[k].desc->name, item))
						uf = &gf[k];
			}
			unsigned width = 0;
			if (uf)
				for (unsigned k = 0; k < uf->desc->nseg; k++)
					width += (unsigned)(uf->desc->seg[k].hi - uf->desc->seg[k].lo + 1);
			ok = uf && same_value(val, uf->value, uf->symbol, width);
			if (uf && uf->symbol)
				snprintf(ours, sizeof ours, "%s", uf->symbol);
			else if (uf)
				snprintf(ours, sizeof ours, "0x%llx", (unsigned long long)uf->value);
			snprintf(what, sizeof what, "%.95s %.200s: %s", m->name, item, uf ? "value differs" : "no such field");
			if (!ok)
				cause(uf != NULL, val);
		} else {
			char *colon = strchr(item, ':');
			if (!colon)
				continue;
			*colon = 0;
			const char *reg = item, *field = colon + 1;
			/* the register's value among the packet's */
			const struct gk_reg *rr = gk_reg_by_name(fmt->regs, reg, strlen(reg));
			uint32_t first = (uint32_t)u.reg_addr;
			if (!rr || rr->offset < first || rr->offset >= first + 4 * (m->n - 1)) {
				counted = false; /* not a register of this write (a line of something else) */
			} else {
				uint32_t wv = m->w[1 + (rr->offset - first) / 4];
				char tt[64];
				if (!*field) {
					/* a typed register without bitfields (a float, a
					 * fixed-point number, the bits low..high of a6xx's
					 * RB_2D_DST_FLAGS_PITCH) is one nameless field; Mesa
					 * prints the bits outside it after " | " */
					const struct gk_reg_field *whole =
						rr->nfields == 1 && !rr->fields[0].namelen ? &rr->fields[0] : NULL;
					uint32_t fv = wv, rest = 0;
					unsigned wd = 32;
					if (whole) {
						wd = whole->hi - whole->lo + 1u;
						uint32_t mask = wd >= 32 ? ~0u : ((1u << wd) - 1u) << whole->lo;
						fv = (wv & mask) >> whole->lo;
						rest = wv & ~mask;
					}
					char vb[128];
					snprintf(vb, sizeof vb, "%s", val);
					char *bar = strstr(vb, " | ");
					unsigned long long mrest = 0;
					if (bar) {
						*bar = 0;
						mrest = strtoull(bar + 3, NULL, 16);
					}
					const char *ty = typed_text(fmt, whole, fv, tt, sizeof tt);
					ok = same_typed(vb, ty, fv, whole ? gk_reg_value_name(whole, fv) : NULL, wd) &&
					     mrest == rest;
					wv = fv;
					if (ty)
						snprintf(ours, sizeof ours, "%s", ty);
					else
						snprintf(ours, sizeof ours, "0x%x", wv);
					snprintf(what, sizeof what, "register value printed whole (%.200s)", reg);
					if (!ok)
						cause(true, val);
				} else {
					const struct gk_reg_field *rf = gk_reg_field_by_name(rr, field, strlen(field));
					uint32_t fv = 0;
					if (rf) {
						unsigned wd = rf->hi - rf->lo + 1u;
						fv = wd >= 32 ? wv : (wv >> rf->lo) & ((1u << wd) - 1u);
						const char *ty = typed_text(fmt, rf, fv, tt, sizeof tt);
						const char *nm = gk_reg_value_name(rf, fv);
						ok = same_typed(val, ty, fv, nm, wd);
						if (ty || nm)
							snprintf(ours, sizeof ours, "%s", ty ? ty : nm);
						else
							snprintf(ours, sizeof ours, "0x%x", fv);
					}
					snprintf(what, sizeof what, "register field %.200s.%.200s: %s", reg, field,
						 rf ? "value differs" : "no such field");
					if (!ok)
						cause(rf != NULL, val);
				}
			}
		}
		if (!counted)
			continue;
		t->fields++;
		t->fields_eq += ok;
		if (!ok) {
			char eg[200];
			snprintf(eg, sizeof eg, "Mesa %.40s, gfxkit %.40s (%.30s 0x%llx)", val, ours, log,
				 (unsigned long long)m->addr);
			differ(what, eg);
		}
	}
}

int main(void)
{
	/* what each capture reaches (field values compared by
	 * the typed values; a regression fails) */
	static const struct {
		const char *name;
		double min_fields;
	} caps[] = {
		{ "fd-clouds", 100.0 },
		{ "dEQP-VK.draw.indirect_draw.indexed.indirect_draw_count.triangle_list", 100.0 },
		{ "compute-a540", 100.0 },
		{ "glxgears-a420", 100.0 },
		{ "es2gears-a320", 100.0 },
		{ "dEQP-GLES2.functional.texture.specification.basic_teximage2d.rgba16f_2d", 100.0 },
		{ "shadow", 0 },
	};
	FILE *g = popen("gzip --version >/dev/null 2>&1", "r");
	int have_gzip = g && pclose(g) == 0;
	struct tally all = { 0 };
	unsigned rt_bad = 0, units = 0;
	for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		char cap[512], gpu[32];
		snprintf(cap, sizeof cap, "%s/%s.rd.gz", CAPS, caps[i].name);
		FILE *probe = fopen(cap, "rb");
		if (!probe) {
			TL_SKIP("%s absent: not read", cap);
			continue;
		}
		fclose(probe);
		/* every submit: decode -> encode */
		if (run_capture(cap, -1, gpu, sizeof gpu, &rt_bad, &units) != 0)
			continue;
		for (size_t k = 0; k < nmp; k++) {
			free(mp[k].w);
			free(mp[k].items);
		}
		nmp = 0;
		if (!have_gzip || !read_log(caps[i].name, gpu)) {
			TL_SKIP("%s/%s.log.gz or gzip absent: not compared", LOGS, caps[i].name);
			continue;
		}
		if (!nmp)
			continue; /* a summary, no packet listing (shadow) */
		/* the whole capture read at once, as `gfxkit decode` reads it:
		 * each packet Mesa shows at its address among the units (the
		 * window then holds many submits' address breaks at a time) */
		unsigned whole = 0;
		for (size_t k = 0; k < nmp; k++)
			whole += find(mp[k].addr, mp[k].w, mp[k].n) != NULL;
		CHECK(whole == nmp, "%s read whole: %u of %zu packets Mesa shows at their address", caps[i].name, whole, nmp);
		const struct gk_format *fmt = tu_fmt(lasting(gpu));
		struct tally t = { 0 };
		for (size_t k = 0; k < nmp;) {
			long long sub = mp[k].submit;
			run_capture(cap, sub, gpu, sizeof gpu, &rt_bad, &units);
			for (; k < nmp && mp[k].submit == sub; k++)
				compare(fmt, &mp[k], &t, caps[i].name);
		}
		printf("# %s (%s): %u packets Mesa shows; framed at their address %u (%.2f%%); named %u of %u (%.2f%%); "
		       "field values equal %u of %u (%.2f%%)\n",
		       caps[i].name, gpu, t.pkts, t.framed, 100.0 * t.framed / (t.pkts ? t.pkts : 1), t.named, t.named_of,
		       100.0 * t.named / (t.named_of ? t.named_of : 1), t.fields_eq, t.fields,
		       100.0 * t.fields_eq / (t.fields ? t.fields : 1));
		/* the targets: every packet framed, 99% named; field values no
		 * worse than reached */
		CHECK(t.framed == t.pkts, "%s: %u of %u packets framed at their address", caps[i].name, t.framed, t.pkts);
		CHECK(t.named * 100.0 >= 99.0 * t.named_of, "%s: %u of %u named as Mesa", caps[i].name, t.named, t.named_of);
		CHECK(t.fields_eq * 100.0 >= caps[i].min_fields * t.fields, "%s: field values %u of %u, below the %.1f%% reached",
		      caps[i].name, t.fields_eq, t.fields, caps[i].min_fields);
		all.pkts += t.pkts;
		all.framed += t.framed;
		all.named += t.named;
		all.named_of += t.named_of;
		all.fields += t.fields;
		all.fields_eq += t.fields_eq;
	}
	if (all.pkts) {
		printf("# all: %u packets; framed %u (%.2f%%); named %u of %u (%.2f%%); field values %u of %u (%.2f%%)\n",
		       all.pkts, all.framed, 100.0 * all.framed / all.pkts, all.named, all.named_of,
		       100.0 * all.named / (all.named_of ? all.named_of : 1), all.fields_eq, all.fields,
		       100.0 * all.fields_eq / (all.fields ? all.fields : 1));
		/* the differences, most frequent first */
		for (unsigned a = 0; a < nkinds; a++)
			for (unsigned b = a + 1; b < nkinds; b++)
				if (kinds[b].n > kinds[a].n) {
					static char tmp[sizeof kinds[0]];
					memcpy(tmp, &kinds[a], sizeof tmp);
					kinds[a] = kinds[b];
					memcpy(&kinds[b], tmp, sizeof tmp);
				}
		for (unsigned c = 0; c < 4; c++)
			printf("# values that differ, by cause: %u %s\n", causes[c], cause_names[c]);
		for (unsigned a = 0; a < nkinds && a < 40; a++)
			printf("#   %5u  %s%s%s\n", kinds[a].n, kinds[a].what, kinds[a].eg[0] ? ": " : "", kinds[a].eg);
	}
	CHECK(rt_bad == 0, "%u of %u units do not encode back to their dwords", rt_bad, units);
	return tl_done();
}
