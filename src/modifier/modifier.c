/* DRM format modifiers (seed 004 and drm_fourcc.h): split/join, names both
 * ways, the check, JSON and the GFX6-8 lists, all walking modifier_tab.c.
 *
 * One walk (walk_name) decides, field by field, what the name carries and
 * what it leaves out; the name, the exact name and the check all come from
 * it, so every set bit the name drops is reported. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gfxkit/modifier.h"
#include "gfxkit/stream.h"

#include "out.h" /* src/core */
#include "quote.h" /* src/core */
#include "modifier_tab.h"

/* ---- bits ---- */

static uint64_t fget(const struct gk_field *f, uint64_t v)
{
	uint32_t dw[2] = { (uint32_t)v, (uint32_t)(v >> 32) };
	return gk_field_get(f, dw, 2);
}

static uint64_t fput(const struct gk_field *f, uint64_t v, uint64_t x)
{
	uint32_t dw[2] = { (uint32_t)v, (uint32_t)(v >> 32) };
	gk_field_put(f, dw, 2, x);
	return (uint64_t)dw[1] << 32 | dw[0];
}

static uint64_t fmask(const struct gk_field *f)
{
	return (uint64_t)gk_field_mask(f, 1) << 32 | gk_field_mask(f, 0);
}

static unsigned fmax_bit(const struct gk_field *f)
{
	uint64_t m = fmask(f);
	return m ? 63u - (unsigned)__builtin_clzll(m) : 0;
}

static unsigned fmin_bit(const struct gk_field *f)
{
	uint64_t m = fmask(f);
	return m ? (unsigned)__builtin_ctzll(m) : 0;
}

static int is_amd(uint64_t v)
{
	return (v >> 56) == GK_MOD_VENDOR_AMD;
}

/* the version description, NULL for an unknown TILE_VERSION */
static const struct gk_mod_verdesc *version_of(uint64_t v)
{
	unsigned ver = (unsigned)(v & 0xff);
	return ver < GK_MOD_NVERSIONS ? &gk_mod_versions[ver] : NULL;
}

/* the field belongs to the bit layout of the version (NULL: only the general fields) */
static int in_layout(const struct gk_mod_field *mf, const struct gk_mod_verdesc *vd)
{
	return !mf->f.gens || (vd && (mf->f.gens & vd->layout));
}

static int used_by(const struct gk_mod_field *mf, unsigned ver)
{
	return !mf->f.gens || (ver < 16 && (mf->f.gens >> ver & 1));
}

/* bits the fields of the layout claim (a known version's are the
 * complement of its reserved bits: the table test checks that) */
static uint64_t claimed(const struct gk_mod_verdesc *vd)
{
	if (vd)
		return ~vd->reserved;
	uint64_t m = 0;
	for (unsigned i = 0; i < gk_mod_nfields; i++)
		if (in_layout(&gk_mod_fields[i], vd))
			m |= fmask(&gk_mod_fields[i].f);
	return m;
}

static const struct gk_mod_field *field_named(const char *name, size_t len)
{
	for (unsigned i = 0; i < gk_mod_nfields; i++) {
		const struct gk_mod_field *mf = &gk_mod_fields[i];
		if (mf->f.namelen == len && !memcmp(mf->f.name, name, len))
			return mf;
	}
	return NULL;
}

static uint64_t get_named(uint64_t v, const char *name)
{
	const struct gk_mod_field *mf = field_named(name, strlen(name));
	return mf ? fget(&mf->f, v) : 0;
}

static const struct gk_enum *enum_of(const struct gk_mod_field *mf, const struct gk_mod_verdesc *vd)
{
	if (mf->show == GK_MS_TILE)
		return vd ? vd->tiles : NULL;
	return mf->f.enm;
}

/* ---- split / join ---- */

void gk_modifier_split(uint64_t value, struct gk_modifier *m)
{
	if (!m)
		return;
	memset(m, 0, sizeof *m);
	m->vendor = (uint8_t)(value >> 56);
	if (!is_amd(value)) {
		m->payload = value & GK_MOD_PAYLOAD;
		return;
	}
	const struct gk_mod_verdesc *vd = version_of(value);
	for (unsigned i = 0; i < gk_mod_nfields; i++) {
		const struct gk_mod_field *mf = &gk_mod_fields[i];
		if (in_layout(mf, vd))
			*((uint8_t *)m + mf->off) = (uint8_t)fget(&mf->f, value);
	}
	m->reserved = value & GK_MOD_PAYLOAD & ~claimed(vd);
}

/* Every diagnostic of a modifier goes through gk_diags_add (the one
 * container); the messages are formatted here first because gk_diags_add
 * has no va_list form.  dg NULL: dropped. */
static void add_diag(struct gk_diags *dg, enum gk_severity sev, enum gk_diag_code code, const char *field,
		     int lo, int hi, unsigned col, const char *fmt, ...)
{
	static const struct gk_packet_desc modifier_desc = { .name = "modifier" };
	if (!dg)
		return;
	char msg[sizeof dg->d[0].message];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct gk_packet unit = { .frame = { .desc = &modifier_desc } };
	struct gk_diag *d = gk_diags_add(dg, &unit, sev, code, -1, lo, hi, field, "%s", msg);
	if (d)
		d->col = col;
}

int gk_modifier_join(const struct gk_modifier *m, uint64_t *value, struct gk_diags *dg)
{
	uint64_t unused;
	if (!value)
		value = &unused; /* a check that the fields join */
	if (!m) {
		add_diag(dg, GK_ERROR, GK_D_RANGE, NULL, -1, -1, 0, "no modifier fields to join");
		return -1;
	}
	uint64_t v = (uint64_t)m->vendor << 56;
	if (m->vendor != GK_MOD_VENDOR_AMD) {
		if (m->payload & ~GK_MOD_PAYLOAD) {
			add_diag(dg, GK_ERROR, GK_D_RANGE, "PAYLOAD", 0, 55, 0, "payload 0x%llx does not fit bits 55:0",
				 (unsigned long long)m->payload);
			return -1;
		}
		*value = v | m->payload;
		return 0;
	}
	v |= m->tile_version;
	const struct gk_mod_verdesc *vd = version_of(v);
	int rc = 0;
	for (unsigned i = 1; i < gk_mod_nfields; i++) {
		const struct gk_mod_field *mf = &gk_mod_fields[i];
		uint8_t x = *((const uint8_t *)m + mf->off);
		if (!in_layout(mf, vd)) {
			if (x) {
				add_diag(dg, GK_ERROR, GK_D_WRONG_GEN, mf->f.name, -1, -1, 0,
					 "%s is not in the bit layout of TILE_VERSION %u", mf->f.name, m->tile_version);
				rc = -1;
			}
			continue;
		}
		if (!gk_field_fits(&mf->f, x)) {
			add_diag(dg, GK_ERROR, GK_D_RANGE, mf->f.name, (int)fmin_bit(&mf->f), (int)fmax_bit(&mf->f), 0,
				 "%s=%u does not fit bits %u:%u", mf->f.name, x, fmax_bit(&mf->f), fmin_bit(&mf->f));
			rc = -1;
			continue;
		}
		v = fput(&mf->f, v, x);
	}
	uint64_t free_bits = GK_MOD_PAYLOAD & ~claimed(vd);
	if (m->reserved & ~free_bits) {
		add_diag(dg, GK_ERROR, GK_D_RANGE, "RESERVED", -1, -1, 0,
			 "reserved 0x%llx overlaps the fields or the vendor (free bits: 0x%llx)",
			 (unsigned long long)m->reserved, (unsigned long long)free_bits);
		rc = -1;
	}
	if (rc == 0)
		*value = v | m->reserved;
	return rc;
}

int gk_modifier_field(uint64_t value, const char *name, uint64_t *raw)
{
	uint64_t unused;
	if (!name)
		return -1;
	if (!raw)
		raw = &unused; /* only whether the field is there */
	const struct gk_mod_field *mf = field_named(name, strlen(name));
	if (!mf)
		return -1;
	if (mf == &gk_mod_fields[GK_MOD_IX_VENDOR]) { /* VENDOR: every modifier has it */
		*raw = value >> 56;
		return 0;
	}
	if (!is_amd(value) || !in_layout(mf, version_of(value)))
		return -1;
	*raw = fget(&mf->f, value);
	return 0;
}

const char *gk_modifier_vendor_name(uint64_t value)
{
	return gk_enum_name(&gk_mod_vendors, value >> 56);
}

static int eq(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && !memcmp(s, lit, n);
}

/* ---- text: a gk_out over the caller's buffer (core/out.h gk_out_text) ---- */

/* ",NAME", ",NAME=TEXT" (text not NULL) */
static void put_item(struct gk_out *b, const struct gk_mod_field *mf, const char *text)
{
	gk_out_mem(b, ",", 1);
	gk_out_mem(b, mf->f.name, mf->f.namelen);
	if (text) {
		gk_out_mem(b, "=", 1);
		gk_out_str(b, text);
	}
}

static void put_item_dec(struct gk_out *b, const struct gk_mod_field *mf, uint64_t x)
{
	put_item(b, mf, "");
	gk_out_dec(b, x);
}

/* ---- the name walk ---- */

/* The fields the name conditions look at, read once per walk. */
struct conds {
	uint64_t dcc, tile, retile, align;
};

static void read_conds(uint64_t v, struct conds *c)
{
	c->dcc = fget(&gk_mod_fields[GK_MOD_IX_DCC].f, v);
	c->tile = fget(&gk_mod_fields[GK_MOD_IX_TILE].f, v);
	c->retile = fget(&gk_mod_fields[GK_MOD_IX_DCC_RETILE].f, v);
	c->align = fget(&gk_mod_fields[GK_MOD_IX_DCC_PIPE_ALIGN].f, v);
}

/* Which condition of mf fails (0: none). */
static unsigned failed_when(const struct gk_mod_field *mf, const struct conds *c, const struct gk_mod_verdesc *vd)
{
	unsigned w = mf->when;
	if ((w & GK_MW_DCC) && !c->dcc)
		return GK_MW_DCC;
	if ((w & GK_MW_TRAILER) && !(vd && (vd->trailer_tiles >> c->tile & 1)))
		return GK_MW_TRAILER;
	if ((w & GK_MW_NO_RETILE) && c->retile)
		return GK_MW_NO_RETILE;
	if ((w & GK_MW_RETILE_OR_ALIGN) && !c->retile && !c->align)
		return GK_MW_RETILE_OR_ALIGN;
	return 0;
}

static const char *when_words(unsigned w, const struct gk_mod_verdesc *vd)
{
	switch (w) {
	case GK_MW_DCC:
		return "with DCC";
	case GK_MW_TRAILER:
		return vd ? vd->trailer_why : "with a known tile";
	case GK_MW_NO_RETILE:
		return "without DCC_RETILE";
	default:
		return "with DCC_RETILE or DCC_PIPE_ALIGN";
	}
}

/* ",KEY=VALUE" form of a field that is set: the extras of a lossy name and
 * the spelling of fields outside their condition in the other names */
static void put_kv(struct gk_out *b, const struct gk_mod_field *mf, const struct gk_mod_verdesc *vd, uint64_t x)
{
	const char *n = gk_enum_name(enum_of(mf, vd), x);
	if (mf->f.kind == GK_FLAG && x == 1)
		put_item(b, mf, NULL);
	else if (n)
		put_item(b, mf, n);
	else
		put_item_dec(b, mf, x);
}

static int bit_lo(uint64_t m)
{
	return m ? __builtin_ctzll(m) : 0;
}

static int bit_hi(uint64_t m)
{
	return m ? 63 - __builtin_clzll(m) : 0;
}

static void put_bits(char *buf, size_t cap, uint64_t m)
{
	if (bit_hi(m) == bit_lo(m))
		snprintf(buf, cap, "bit %d", bit_lo(m));
	else
		snprintf(buf, cap, "bits %d:%d", bit_hi(m), bit_lo(m));
}

static void versions_using(char *buf, size_t cap, uint16_t gens)
{
	struct gk_out b = gk_out_text(buf, cap);
	for (unsigned v = 0; v < GK_MOD_NVERSIONS; v++)
		if (gens >> v & 1) {
			if (b.len + b.dropped)
				gk_out_str(&b, ", ");
			gk_out_str(&b, gk_mod_versions[v].name);
		}
	gk_out_text_end(&b);
}

/* The AMD walk.  base gets the name (libdrm's rules), extra what it leaves
 * out (libdrm versions only: for the others everything goes to base), dg
 * the check.  Either may be NULL. */
static void walk_amd(uint64_t v, struct gk_out *base, struct gk_out *extra, struct gk_diags *dg)
{
	unsigned ver = (unsigned)(v & 0xff);
	const struct gk_mod_verdesc *vd = version_of(v);
	int lossy = vd && vd->libdrm;
	struct gk_out *out_of_place = lossy ? extra : base;
	char where[24] = "";
	struct conds cd;
	read_conds(v, &cd);

	if (vd) {
		if (base)
			gk_out_str(base, vd->name);
	} else {
		if (base)
			gk_out_printf(base, "TILE_VERSION=%u", ver);
		add_diag(dg, GK_ERROR, GK_D_RESERVED_VALUE, "TILE_VERSION", 0, 7, 0,
			 "TILE_VERSION=%u: unknown (known: 0 GFX6-8, 1 GFX9, 2 GFX10, 3 GFX10_RBPLUS, 4 GFX11, 5 GFX12)",
			 ver);
	}
	for (unsigned i = 2; i < gk_mod_nfields; i++) {
		const struct gk_mod_field *mf = &gk_mod_fields[i];
		if (!in_layout(mf, vd))
			continue;
		uint64_t x = fget(&mf->f, v);
		const struct gk_enum *e = enum_of(mf, vd);
		const char *nm = gk_enum_name(e, x);
		uint64_t fm = fmask(&mf->f);
		int lo = bit_lo(fm), hi = bit_hi(fm);
		if (dg)
			put_bits(where, sizeof where, fm);
		if (!used_by(mf, ver)) {
			if (!x)
				continue;
			char users[64];
			versions_using(users, sizeof users, mf->f.gens);
			add_diag(dg, GK_ERROR, GK_D_WRONG_GEN, mf->f.name, lo, hi, 0,
				 "%s %s=%llu: %s does not use %s (a field of %s)%s", where, mf->f.name,
				 (unsigned long long)x, vd->name, mf->f.name, users, lossy ? "; not in the name" : "");
			if (out_of_place)
				put_kv(out_of_place, mf, vd, x);
			continue;
		}
		unsigned fw = failed_when(mf, &cd, vd);
		if (!fw && e && !nm)
			add_diag(dg, GK_ERROR, GK_D_RESERVED_VALUE, mf->f.name, lo, hi, 0,
				 mf->show == GK_MS_TILE ? "%s=%llu: not a %s tile%s" : "%s=%llu: no such value%s%s",
				 mf->f.name, (unsigned long long)x, mf->show == GK_MS_TILE ? vd->name : "",
				 lossy ? "; not in the name" : "");
		if (fw) {
			if (!x)
				continue;
			if (mf->mflags & GK_MF_STRICT)
				add_diag(dg, GK_ERROR, GK_D_RULE, mf->f.name, lo, hi, 0, "%s=%s: only valid %s", mf->f.name,
					 nm ? nm : "set", when_words(fw, vd));
			else if (lossy)
				add_diag(dg, GK_WARNING, GK_D_DONTCARE_BITS, mf->f.name, lo, hi, 0,
					 "%s %s=%llu is not in the name: libdrm shows it only %s", where, mf->f.name,
					 (unsigned long long)x, when_words(fw, vd));
			else
				add_diag(dg, GK_WARNING, GK_D_DONTCARE_BITS, mf->f.name, lo, hi, 0,
					 "%s %s=%llu is ignored: it applies only %s", where, mf->f.name,
					 (unsigned long long)x, when_words(fw, vd));
			if (out_of_place)
				put_kv(out_of_place, mf, vd, x);
			continue;
		}
		switch (mf->show) {
		case GK_MS_TILE:
			if (nm && vd && (vd->name_tiles >> x & 1)) {
				if (base) {
					gk_out_mem(base, ",", 1);
					gk_out_str(base, nm);
				}
			} else if (x) {
				if (nm && lossy)
					add_diag(dg, GK_WARNING, GK_D_DONTCARE_BITS, "TILE", lo, hi, 0,
						 "TILE=%s is not in the name: libdrm 2.4.114 does not spell it", nm);
				if (out_of_place)
					put_kv(out_of_place, mf, vd, x);
			}
			break;
		case GK_MS_FLAG:
			if (x == 1 && base)
				put_item(base, mf, NULL);
			break;
		case GK_MS_ENUM:
			if (nm) {
				if (base)
					put_item(base, mf, nm);
			} else if (lossy) {
				if (extra)
					put_kv(extra, mf, vd, x);
			} else if (base) {
				put_item_dec(base, mf, x);
			}
			break;
		case GK_MS_NUM:
			if (base)
				put_item_dec(base, mf, x);
			break;
		case GK_MS_PIPE:
			if (base) {
				gk_out_str(base, ",PIPE_");
				gk_out_dec(base, x);
			}
			break;
		default:
			break;
		}
	}
	/* rules between fields */
	for (unsigned r = 0; vd && r < gk_mod_nrules; r++) {
		const struct gk_mod_rule *ru = &gk_mod_rules[r];
		if (!(ru->vers >> ver & 1) || get_named(v, ru->a) != ru->a_val)
			continue;
		uint64_t b = get_named(v, ru->b);
		if (b < 32 && (ru->b_ok >> b & 1))
			continue;
		const struct gk_mod_field *fb = field_named(ru->b, strlen(ru->b));
		const char *bn = gk_enum_name(enum_of(fb, vd), b);
		char bv[24];
		snprintf(bv, sizeof bv, "%llu", (unsigned long long)b);
		add_diag(dg, GK_ERROR, GK_D_RULE, ru->a, -1, -1, 0, "%s with %s=%s: %s", ru->a, ru->b, bn ? bn : bv,
			 ru->why);
	}
	uint64_t rest = v & GK_MOD_PAYLOAD & ~claimed(vd);
	if (rest) {
		put_bits(where, sizeof where, rest);
		if (vd)
			add_diag(dg, GK_ERROR, GK_D_RESERVED_BITS, NULL, bit_lo(rest), bit_hi(rest), 0,
				 "reserved %s set (0x%llx): must be zero on %s%s", where, (unsigned long long)rest, vd->name,
				 lossy ? "; not in the name" : "");
		else
			add_diag(dg, GK_ERROR, GK_D_RESERVED_BITS, NULL, bit_lo(rest), bit_hi(rest), 0,
				 "%s set (0x%llx): no known layout for TILE_VERSION=%u", where, (unsigned long long)rest,
				 ver);
		if (out_of_place)
			gk_out_printf(out_of_place, ",RESERVED=0x%llx", (unsigned long long)rest);
	}
}

static int is_linear_or_invalid(uint64_t v)
{
	return v == GK_MOD_LINEAR || v == GK_MOD_INVALID;
}

/* ---- other vendors: fixed names and parametric layouts (modifier_tab.c) ---- */

static const struct gk_mod_layout *layout_of(uint64_t v)
{
	for (unsigned i = 0; i < gk_mod_nlayouts; i++) {
		const struct gk_mod_layout *l = &gk_mod_layouts[i];
		if ((v >> 56) == l->vendor && (v & l->match_mask) == l->match)
			return l;
	}
	return NULL;
}

/* the row of a value libdrm names from its fixed table (no parse-only row) */
static const struct gk_mod_fixed *fixed_of(uint64_t v)
{
	for (unsigned i = 0; i < gk_mod_nfixed; i++)
		if (gk_mod_fixed_names[i].value == v && !gk_mod_fixed_names[i].parse_only)
			return &gk_mod_fixed_names[i];
	return NULL;
}

/* how many rows spell this name (more than one: the name needs its vendor) */
static unsigned fixed_spellings(const char *s, size_t n, const struct gk_mod_fixed **first)
{
	unsigned k = 0;
	for (unsigned i = 0; i < gk_mod_nfixed; i++)
		if (eq(s, n, gk_mod_fixed_names[i].name) && !k++ && first)
			*first = &gk_mod_fixed_names[i];
	return k;
}

/* the item's value name (NULL: none; GK_VS_FLAGS items have none) */
static const char *vitem_name(const struct gk_mod_vitem *it, uint64_t x)
{
	return it->show == GK_VS_FLAGS ? NULL : gk_enum_name(it->f.enm, x);
}

/* A value of layout l by libdrm's rules, into b (NULL: not written).
 * Returns the bits the name spells (vendor and match bits included), or 0
 * when an item libdrm needs has no name (*unnamed: that item): libdrm then
 * names no modifier of the layout.  *open_end (when not NULL): the name
 * ends in a separator (libdrm's AFBC names without MODE). */
static uint64_t layout_name(const struct gk_mod_layout *l, uint64_t v, struct gk_out *b,
			    const struct gk_mod_vitem **unnamed, int *open_end)
{
	int bare = 0;
	uint64_t spelled = GK_MOD_VENDOR_BITS | l->match_mask;
	for (unsigned i = 0; i < l->nitems; i++) {
		const struct gk_mod_vitem *it = &l->items[i];
		if ((it->vflags & GK_VI_NEEDED) && !vitem_name(it, fget(&it->f, v))) {
			if (unnamed)
				*unnamed = it;
			return 0;
		}
	}
	int first = 1;
#define SEP() \
	do { \
		if (!first && b) \
			gk_out_ch(b, ','); \
		bare = !first; \
		first = 0; \
	} while (0)
	if (l->lead) {
		if (b)
			gk_out_str(b, l->lead);
		first = 0;
	}
	for (unsigned i = 0; i < l->nitems; i++) {
		const struct gk_mod_vitem *it = &l->items[i];
		uint64_t x = fget(&it->f, v), m = fmask(&it->f);
		const char *nm = vitem_name(it, x);
		if (it->show == GK_VS_FLAGS) {
			unsigned lo = fmin_bit(&it->f), w = fmax_bit(&it->f) - lo + 1, k = 0;
			for (unsigned bit = 0; bit < w; bit++) {
				const char *fl = gk_enum_name(it->f.enm, bit);
				if (!(x >> bit & 1) || !fl)
					continue;
				if (!k++) {
					SEP();
					bare = 0;
					if (b) {
						gk_out_str(b, it->f.name);
						gk_out_ch(b, '=');
					}
				} else if (b) {
					gk_out_ch(b, '|');
				}
				if (b)
					gk_out_str(b, fl);
				spelled |= 1ull << (lo + bit);
			}
			if (!k && (it->vflags & GK_VI_COMMA))
				SEP();
			continue;
		}
		/* a value without a name: left out, or the layout's word for it
		 * (Amlogic's INVALID_LAYOUT); either way its bits are not spelled */
		if (it->f.enm && !nm && (it->vflags & GK_VI_SKIP)) {
			if (it->vflags & GK_VI_COMMA)
				SEP();
			continue;
		}
		SEP();
		bare = 0;
		if (b) {
			if (it->show == GK_VS_KEY) {
				gk_out_str(b, it->f.name);
				gk_out_ch(b, '=');
			}
			if (!it->f.enm)
				gk_out_dec(b, x);
			else
				gk_out_str(b, nm ? nm : it->other);
		}
		if (nm || !it->f.enm)
			spelled |= m;
	}
#undef SEP
	if (open_end)
		*open_end = bare;
	return spelled;
}

/* The walk of a value of another vendor (or LINEAR / INVALID).  base gets
 * the name; with extra (the exact name wanted) a name two vendors share
 * gets its vendor first and the bits the name leaves out go to extra. */
static void walk_vendor(uint64_t v, struct gk_out *base, struct gk_out *extra, struct gk_diags *dg)
{
	if (is_linear_or_invalid(v)) {
		if (base)
			gk_out_str(base, v ? "INVALID" : "LINEAR");
		return;
	}
	const char *vn = gk_modifier_vendor_name(v);
	unsigned vid = (unsigned)(v >> 56);
	const struct gk_mod_layout *l = layout_of(v);
	const struct gk_mod_vitem *unnamed = NULL;
	int open_end = 0;
	uint64_t spelled = l ? layout_name(l, v, base, &unnamed, &open_end) : 0;
	if (spelled) {
		uint64_t told = 0; /* bits a warning already named */
		for (unsigned i = 0; i < l->nitems; i++) {
			const struct gk_mod_vitem *it = &l->items[i];
			uint64_t x = fget(&it->f, v);
			if (!it->other || vitem_name(it, x))
				continue;
			told |= fmask(&it->f);
			add_diag(dg, GK_WARNING, GK_D_RESERVED_VALUE, it->f.name, (int)fmin_bit(&it->f),
				 (int)fmax_bit(&it->f), 0, "%s=%llu: no such %s value (libdrm spells it %s)", it->f.name,
				 (unsigned long long)x, l->what, it->other);
		}
		uint64_t rest = v & ~spelled, untold = rest & ~told;
		if (untold) {
			char where[24];
			put_bits(where, sizeof where, untold);
			add_diag(dg, GK_WARNING, GK_D_DONTCARE_BITS, NULL, bit_lo(untold), bit_hi(untold), 0,
				 "%s set (0x%llx): not in the name (libdrm's %s name does not spell them)", where,
				 (unsigned long long)untold, l->what);
		}
		if (rest) {
			/* after a name ending in "," (AFBC without MODE) no empty item */
			if (extra)
				gk_out_printf(extra, "%sRESERVED=0x%llx", open_end ? "" : ",", (unsigned long long)rest);
		}
		return;
	}
	if (unnamed) {
		uint64_t x = fget(&unnamed->f, v);
		add_diag(dg, GK_WARNING, GK_D_RESERVED_VALUE, unnamed->f.name, (int)fmin_bit(&unnamed->f),
			 (int)fmax_bit(&unnamed->f), 0, "%s %s=%llu: no such value (libdrm names no %s modifier without one)",
			 l->what, unnamed->f.name, (unsigned long long)x, l->what);
	}
	const struct gk_mod_fixed *fx = fixed_of(v);
	if (fx) {
		if (base) {
			if (extra && fixed_spellings(fx->name, strlen(fx->name), NULL) > 1) {
				gk_out_str(base, vn);
				gk_out_ch(base, ',');
			}
			gk_out_str(base, fx->name);
		}
		return;
	}
	if (base) {
		if (vn)
			gk_out_str(base, vn);
		else
			gk_out_printf(base, "VENDOR=0x%02x", vid);
		gk_out_printf(base, ",0x%llx", (unsigned long long)(v & GK_MOD_PAYLOAD));
	}
	if (!vn)
		add_diag(dg, GK_ERROR, GK_D_RESERVED_VALUE, "VENDOR", 56, 63, 0,
			 "unknown vendor 0x%02x (known: 0x00-0x0a, NONE to AMLOGIC)", vid);
	else if (vid == 0)
		add_diag(dg, GK_ERROR, GK_D_RESERVED_VALUE, NULL, 0, 55, 0,
			 "vendor NONE defines only LINEAR (0) and INVALID (0x00ffffffffffffff)");
}

static void walk(uint64_t v, struct gk_out *base, struct gk_out *extra, struct gk_diags *dg)
{
	if (is_amd(v))
		walk_amd(v, base, extra, dg);
	else
		walk_vendor(v, base, extra, dg);
}

enum gk_mod_name_source gk_modifier_name_source(uint64_t value, const char **note)
{
	const char *why = NULL;
	if (is_amd(value)) {
		const struct gk_mod_verdesc *vd = version_of(value);
		if (vd && vd->libdrm)
			why = NULL;
		else if ((value & 0xff) == GK_MOD_GFX6)
			why = "gfxkit's name, following the proposal \"AMD DRM format modifiers for GFX6-8\" (its "
			      "fields in libdrm's KEY=VALUE grammar); libdrm 2.4.114 has no name for TILE_VERSION 0 (GFX6-8)";
		else if (vd)
			why = "gfxkit's name, libdrm's grammar with drm_fourcc.h's fields; libdrm 2.4.114 has no name for "
			      "this TILE_VERSION";
		else
			why = "gfxkit's name (an unknown TILE_VERSION); libdrm 2.4.114 has none";
	} else if (!is_linear_or_invalid(value)) {
		const struct gk_mod_layout *l = layout_of(value);
		if (!(l && layout_name(l, value, NULL, NULL, NULL)) && !fixed_of(value))
			why = "gfxkit's name (vendor and payload); libdrm 2.4.114 has none for this value";
	}
	if (note)
		*note = why;
	return why ? GK_MOD_NAME_GFXKIT : GK_MOD_NAME_LIBDRM;
}

size_t gk_modifier_name(uint64_t value, char *buf, size_t cap)
{
	struct gk_out b = gk_out_text(buf, cap);
	walk(value, &b, NULL, NULL);
	return gk_out_text_end(&b);
}

size_t gk_modifier_name_exact(uint64_t value, char *buf, size_t cap)
{
	struct gk_out b = gk_out_text(buf, cap);
	char more[GK_MOD_NAME_MAX];
	struct gk_out x = gk_out_text(more, sizeof more);
	walk(value, &b, &x, NULL);
	gk_out_mem(&b, more, x.len); /* what fitted of it */
	return gk_out_text_end(&b);
}

unsigned gk_modifier_check(uint64_t value, struct gk_diags *dg)
{
	struct gk_diags count; /* dg NULL: the errors are still counted */
	if (!dg) {
		gk_diags_reset(&count);
		dg = &count;
	}
	unsigned before = dg->errors;
	walk(value, NULL, NULL, dg);
	return dg->errors - before;
}

/* ---- parse ---- */

static int enum_lookup(const struct gk_enum *e, const char *s, size_t n, uint64_t *out)
{
	if (!e)
		return -1;
	for (uint64_t i = 0; i < (1ull << e->nbits); i++) {
		const char *nm = e->names[i];
		/* the first character before the length: most names differ there */
		if (nm && (n ? nm[0] == s[0] : !nm[0]) && strlen(nm) == n && !memcmp(nm, s, n)) {
			*out = i;
			return 0;
		}
	}
	return -1;
}

/* The length of the comma-separated item at *pos of s[0, len); *pos moves
 * past it and its comma. */
static size_t next_item(const char *s, size_t len, size_t *pos)
{
	size_t start = *pos;
	while (*pos < len && s[*pos] != ',')
		++*pos;
	size_t n = *pos - start;
	if (*pos < len)
		++*pos;
	return n;
}

#define SYNTAX(col, ...) \
	do { \
		add_diag(dg, GK_ERROR, GK_D_SYNTAX, NULL, -1, -1, (unsigned)(col) + 1, __VA_ARGS__); \
		return -1; \
	} while (0)

/* the value of one field from its text (the enum by name, a number only for
 * a value without a name) */
static int field_value(const struct gk_mod_field *mf, const struct gk_mod_verdesc *vd, const char *s, size_t n,
		       size_t col, uint64_t *x, struct gk_diags *dg)
{
	const struct gk_enum *e = enum_of(mf, vd);
	if (enum_lookup(e, s, n, x) == 0)
		return 0;
	if (gk_parse_uint(s, n, x) != 0)
		SYNTAX(col, "%s=%.*s%s: not a value of %s", mf->f.name, GK_QUOTE_LEN(n), s, GK_QUOTE_MORE(n), mf->f.name);
	if (!gk_field_fits(&mf->f, *x))
		SYNTAX(col, "%s=%.*s%s: does not fit bits %u:%u", mf->f.name, GK_QUOTE_LEN(n), s, GK_QUOTE_MORE(n), fmax_bit(&mf->f),
		       fmin_bit(&mf->f));
	if (e && gk_enum_name(e, *x))
		SYNTAX(col, "%s=%.*s%s: say %s (numbers are only for values without a name)", mf->f.name, GK_QUOTE_LEN(n), s, GK_QUOTE_MORE(n),
		       gk_enum_name(e, *x));
	return 0;
}

static int parse_amd(const char *s, size_t len, size_t pos, unsigned ver, uint64_t *value, struct gk_diags *dg)
{
	const struct gk_mod_verdesc *vd = version_of(ver);
	uint64_t v = (uint64_t)GK_MOD_VENDOR_AMD << 56 | ver;
	uint64_t given = 0, free_bits = GK_MOD_PAYLOAD & ~claimed(vd), reserved = 0;
	int have_reserved = 0;
	while (pos < len) {
		size_t start = pos, n = next_item(s, len, &pos);
		const char *t = s + start;
		if (!n || (pos == len && s[len - 1] == ','))
			SYNTAX(n ? pos - 1 : start, "empty item");
		const char *eqs = memchr(t, '=', n);
		size_t kn = eqs ? (size_t)(eqs - t) : n;
		const char *val = eqs ? eqs + 1 : NULL;
		size_t vn = eqs ? n - kn - 1 : 0;
		const struct gk_mod_field *mf = NULL;
		uint64_t x = 1, tile;
		if (!eqs && enum_lookup(vd ? vd->tiles : NULL, t, n, &tile) == 0) {
			mf = field_named("TILE", 4);
			x = tile;
		} else if (!eqs && n > 5 && !memcmp(t, "PIPE_", 5) && gk_parse_uint(t + 5, n - 5, &x) == 0 &&
			   !field_named(t, n)) {
			mf = field_named("PIPE", 4);
			if (!in_layout(mf, vd))
				SYNTAX(start, "%.*s%s: %s has no PIPE field", GK_QUOTE_LEN(n), t, GK_QUOTE_MORE(n), vd ? vd->name : "this version");
			if (!gk_field_fits(&mf->f, x))
				SYNTAX(start, "%.*s%s: PIPE does not fit bits 35:33", GK_QUOTE_LEN(n), t, GK_QUOTE_MORE(n));
		} else if (eq(t, kn, "RESERVED")) {
			if (!eqs || gk_parse_uint(val, vn, &x) != 0)
				SYNTAX(start, "RESERVED takes a number (the bits in place, 0x...)");
			if (have_reserved)
				SYNTAX(start, "RESERVED given twice");
			if (x & ~free_bits)
				SYNTAX(start + kn + 1, "RESERVED=0x%llx: bits 0x%llx belong to fields or the vendor",
				       (unsigned long long)x, (unsigned long long)(x & ~free_bits));
			have_reserved = 1;
			reserved = x;
			continue;
		} else {
			mf = field_named(t, kn);
			if (!mf || mf == &gk_mod_fields[GK_MOD_IX_VENDOR] || mf == &gk_mod_fields[GK_MOD_IX_TILE_VERSION])
				SYNTAX(start, "%.*s%s: not a field or tile of %s", GK_QUOTE_LEN(kn), t, GK_QUOTE_MORE(kn), vd ? vd->name : "AMD modifiers");
			if (!in_layout(mf, vd)) {
				char users[64];
				versions_using(users, sizeof users, mf->f.gens);
				SYNTAX(start, "%s is a field of %s, not in the bit layout of %s", mf->f.name, users,
				       vd ? vd->name : "an unknown TILE_VERSION");
			}
			if (eqs) {
				if (field_value(mf, vd, val, vn, start + kn + 1, &x, dg) != 0)
					return -1;
			} else if (mf->f.kind != GK_FLAG) {
				SYNTAX(start, "%s needs a value (%s=...)", mf->f.name, mf->f.name);
			}
		}
		uint64_t m = fmask(&mf->f);
		if (given & m)
			SYNTAX(start, "%s given twice", mf->f.name);
		given |= m;
		v = fput(&mf->f, v, x);
	}
	*value = v | reserved;
	return 0;
}

/* A name of a vendor's layout (libdrm's spelling; items in any order,
 * RESERVED=0x... for bits the name does not spell) from pos, after the
 * lead when the layout has one. */
static int parse_layout(const struct gk_mod_layout *l, const char *s, size_t len, size_t pos, uint64_t *value,
			struct gk_diags *dg)
{
	uint64_t v = (uint64_t)l->vendor << 56 | l->match, reserved = 0;
	unsigned given = 0;
	int have_reserved = 0, comma_ok = 0;
	for (unsigned i = 0; i < l->nitems; i++)
		comma_ok |= l->items[i].vflags & GK_VI_COMMA;
	if (pos == len && len && s[len - 1] == ',')
		SYNTAX(len - 1, "empty item at the end");
	while (pos < len) {
		size_t start = pos, n = next_item(s, len, &pos);
		const char *t = s + start;
		if (!n)
			SYNTAX(start, "empty item");
		if (pos == len && s[len - 1] == ',' && !comma_ok)
			SYNTAX(len - 1, "empty item at the end");
		const char *eqs = memchr(t, '=', n);
		size_t kn = eqs ? (size_t)(eqs - t) : n, vn = eqs ? n - kn - 1 : 0;
		const char *val = eqs ? eqs + 1 : NULL;
		uint64_t x = 0;
		if (eqs && eq(t, kn, "RESERVED")) {
			if (gk_parse_uint(val, vn, &x) != 0)
				SYNTAX(start, "RESERVED takes a number (the bits in place, 0x...)");
			if (have_reserved)
				SYNTAX(start, "RESERVED given twice");
			if (x & (~GK_MOD_PAYLOAD | l->match_mask))
				SYNTAX(start + kn + 1, "RESERVED=0x%llx: bits 0x%llx are the vendor's or say the %s layout",
				       (unsigned long long)x, (unsigned long long)(x & (~GK_MOD_PAYLOAD | l->match_mask)),
				       l->what);
			have_reserved = 1;
			reserved = x;
			continue;
		}
		unsigned i;
		for (i = 0; i < l->nitems; i++) {
			const struct gk_mod_vitem *it = &l->items[i];
			if (eqs ? it->show != GK_VS_WORD && eq(t, kn, it->f.name)
				: it->show == GK_VS_WORD && enum_lookup(it->f.enm, t, n, &x) == 0)
				break;
		}
		if (i == l->nitems)
			SYNTAX(start, "%.*s%s: not an item of %s names", GK_QUOTE_LEN(kn), t, GK_QUOTE_MORE(kn), l->what);
		const struct gk_mod_vitem *it = &l->items[i];
		if (given >> i & 1)
			SYNTAX(start, "%s given twice", it->f.name);
		given |= 1u << i;
		if (it->show == GK_VS_FLAGS) {
			size_t p = 0;
			while (p < vn) {
				size_t q = p;
				while (q < vn && val[q] != '|')
					q++;
				uint64_t bit;
				if (enum_lookup(it->f.enm, val + p, q - p, &bit) != 0)
					SYNTAX(start + kn + 1 + p, "%.*s%s: not a %s bit", GK_QUOTE_LEN((q - p)), val + p, GK_QUOTE_MORE((q - p)), it->f.name);
				x |= 1ull << bit;
				p = q + 1;
				if (q + 1 == vn)
					SYNTAX(start + kn + 1 + q, "empty %s bit at the end", it->f.name);
			}
		} else if (it->show == GK_VS_KEY && !it->f.enm) {
			if (gk_parse_uint(val, vn, &x) != 0 || !gk_field_fits(&it->f, x))
				SYNTAX(start + kn + 1, "%s=%.*s%s: %s is a number that fits bits %u:%u", it->f.name, GK_QUOTE_LEN(vn), val, GK_QUOTE_MORE(vn),
				       it->f.name, fmax_bit(&it->f), fmin_bit(&it->f));
		} else if (it->show == GK_VS_KEY && enum_lookup(it->f.enm, val, vn, &x) != 0) {
			if (!it->other || !eq(val, vn, it->other))
				SYNTAX(start + kn + 1, "%s=%.*s%s: not a value of %s", it->f.name, GK_QUOTE_LEN(vn), val, GK_QUOTE_MORE(vn), it->f.name);
			x = 0; /* the bits of the value go in RESERVED */
		}
		v = fput(&it->f, v, x);
	}
	for (unsigned i = 0; i < l->nitems; i++)
		if ((l->items[i].vflags & GK_VI_NEEDED) && !(given >> i & 1))
			SYNTAX(len, "%s names need %s=...", l->what, l->items[i].f.name);
	/* RESERVED carries only bits the name does not spell, and does not
	 * turn on a field the name would then spell */
	uint64_t spelled = layout_name(l, v, NULL, NULL, NULL);
	if (reserved & spelled)
		SYNTAX(0, "RESERVED=0x%llx: bits 0x%llx are spelled by the name's items", (unsigned long long)reserved,
		       (unsigned long long)(reserved & spelled));
	if (layout_name(l, v | reserved, NULL, NULL, NULL) != spelled)
		SYNTAX(0, "RESERVED=0x%llx sets an item the name spells: say it by name", (unsigned long long)reserved);
	*value = v | reserved;
	return 0;
}

/* "NAME" or "VENDOR,NAME": a fixed name; 1 when s is none (nothing said) */
static int parse_fixed(const char *s, size_t len, size_t n, uint64_t *value, struct gk_diags *dg)
{
	const struct gk_mod_fixed *fx = NULL;
	if (n == len) {
		unsigned k = fixed_spellings(s, len, &fx);
		if (k == 1) {
			*value = fx->value;
			return 0;
		}
		if (k > 1) {
			char alts[128];
			struct gk_out b = gk_out_text(alts, sizeof alts);
			for (unsigned i = 0; i < gk_mod_nfixed; i++)
				if (eq(s, len, gk_mod_fixed_names[i].name)) {
					if (b.len)
						gk_out_str(&b, " or ");
					gk_out_str(&b, gk_modifier_vendor_name(gk_mod_fixed_names[i].value));
					gk_out_ch(&b, ',');
					gk_out_str(&b, gk_mod_fixed_names[i].name);
				}
			gk_out_text_end(&b);
			SYNTAX(0, "%.*s%s: more than one vendor's name; say %s", GK_QUOTE_LEN(len), s, GK_QUOTE_MORE(len), alts);
		}
		return 1;
	}
	uint64_t vid;
	if (enum_lookup(&gk_mod_vendors, s, n, &vid) != 0)
		return 1;
	for (unsigned i = 0; i < gk_mod_nfixed; i++) {
		fx = &gk_mod_fixed_names[i];
		if (fx->value >> 56 == vid && eq(s + n + 1, len - n - 1, fx->name)) {
			*value = fx->value;
			return 0;
		}
	}
	return 1;
}

int gk_modifier_parse(const char *s, size_t len, uint64_t *value, struct gk_diags *dg)
{
	uint64_t x, unused;
	if (!value)
		value = &unused; /* a syntax check */
	if (!s && len)
		SYNTAX(0, "no text");
	if (s) {
		/* the text ends at len or at a NUL, whichever comes first */
		const char *z = memchr(s, 0, len);
		if (z)
			len = (size_t)(z - s);
	}
	if (gk_parse_uint(s, len, &x) == 0) {
		*value = x;
		return 0;
	}
	size_t n = 0;
	while (n < len && s[n] != ',')
		n++;
	if (n == len) {
		if (eq(s, n, "LINEAR")) {
			*value = GK_MOD_LINEAR;
			return 0;
		}
		if (eq(s, n, "INVALID")) {
			*value = GK_MOD_INVALID;
			return 0;
		}
	}
	/* a vendor's layout ("BLOCK_SIZE=16x16," ends in a comma) */
	for (unsigned i = 0; i < gk_mod_nlayouts; i++) {
		const struct gk_mod_layout *l = &gk_mod_layouts[i];
		const char *first = l->items[0].f.name;
		size_t fl = strlen(first);
		if (l->lead ? eq(s, n, l->lead) : n > fl && s[fl] == '=' && !memcmp(s, first, fl))
			return parse_layout(l, s, len, l->lead ? n + (n < len) : 0, value, dg);
	}
	if (n + 1 == len)
		SYNTAX(n, "empty item at the end");
	for (unsigned v = 0; v < GK_MOD_NVERSIONS; v++)
		if (eq(s, n, gk_mod_versions[v].name))
			return parse_amd(s, len, n + (n < len), v, value, dg);
	if (n > 13 && !memcmp(s, "TILE_VERSION=", 13)) {
		if (gk_parse_uint(s + 13, n - 13, &x) != 0 || x > 255)
			SYNTAX(13, "TILE_VERSION takes a number 0-255");
		return parse_amd(s, len, n + (n < len), (unsigned)x, value, dg);
	}
	/* other vendors: a fixed name, VENDOR,0xPAYLOAD */
	int r = parse_fixed(s, len, n, value, dg);
	if (r <= 0)
		return r;
	uint64_t vid;
	if (enum_lookup(&gk_mod_vendors, s, n, &vid) != 0) {
		if (!(n > 7 && !memcmp(s, "VENDOR=", 7) && gk_parse_uint(s + 7, n - 7, &vid) == 0 && vid <= 255))
			SYNTAX(0, "%.*s%s: not a modifier name (GFX6..GFX12, LINEAR, INVALID, a vendor's name, a vendor, or a number)",
			       GK_QUOTE_LEN(n), s, GK_QUOTE_MORE(n));
	}
	if (n == len)
		SYNTAX(n, "%.*s%s needs a payload: %.*s%s,0x...", GK_QUOTE_LEN(n), s, GK_QUOTE_MORE(n), GK_QUOTE_LEN(n), s, GK_QUOTE_MORE(n));
	if (gk_parse_uint(s + n + 1, len - n - 1, &x) != 0 || x > GK_MOD_PAYLOAD)
		SYNTAX(n + 1, "the payload is a number of at most 56 bits");
	*value = vid << 56 | x;
	return 0;
}

/* ---- describe and JSON ---- */

static void meaning(struct gk_out *b, const struct gk_mod_field *mf, const struct gk_mod_verdesc *vd, uint64_t x)
{
	const char *nm = gk_enum_name(enum_of(mf, vd), x);
	if (mf->f.scale == GK_S_POW2 && nm) {
		unsigned long long q = (unsigned long long)mf->f.mul << x;
		char qs[24];
		snprintf(qs, sizeof qs, "%llu", q);
		if (strcmp(qs, nm))
			gk_out_printf(b, " (%s: %llu %s)", nm, q, mf->f.unit);
		else
			gk_out_printf(b, " (%llu %s)", q, mf->f.unit);
	}
	else if (!strcmp(mf->f.name, "MACRO_TILE_ASPECT"))
		gk_out_printf(b, " (%s: addrlib macroAspectRatio %u)", nm, 1u << x);
	else if (nm && mf->f.kind != GK_FLAG)
		gk_out_printf(b, " (%s)", nm);
}

size_t gk_modifier_describe(uint64_t value, char *buf, size_t cap)
{
	struct gk_out b = gk_out_text(buf, cap);
	if (!is_amd(value)) {
		gk_out_printf(&b, "VENDOR=%u, PAYLOAD=0x%llx", (unsigned)(value >> 56),
		       (unsigned long long)(value & GK_MOD_PAYLOAD));
		const struct gk_mod_layout *l = is_linear_or_invalid(value) ? NULL : layout_of(value);
		for (unsigned i = 0; l && i < l->nitems; i++) {
			const struct gk_mod_vitem *it = &l->items[i];
			uint64_t x = fget(&it->f, value);
			const char *nm = vitem_name(it, x);
			gk_out_printf(&b, ", %s=%llu", it->f.name, (unsigned long long)x);
			if (nm)
				gk_out_printf(&b, " (%s)", nm);
			else if (it->show == GK_VS_FLAGS && x) {
				unsigned k = 0;
				for (unsigned bit = 0; bit < 64 && (x >> bit); bit++)
					if (x >> bit & 1)
						gk_out_printf(&b, "%s%s", k++ ? "|" : " (",
							      gk_enum_name(it->f.enm, bit) ? gk_enum_name(it->f.enm, bit) : "?");
				gk_out_ch(&b, ')');
			}
		}
		return gk_out_text_end(&b);
	}
	const struct gk_mod_verdesc *vd = version_of(value);
	unsigned ver = (unsigned)(value & 0xff);
	gk_out_printf(&b, "TILE_VERSION=%u", ver);
	if (vd)
		gk_out_printf(&b, " (%s)", vd->name);
	for (unsigned i = 2; i < gk_mod_nfields; i++) {
		const struct gk_mod_field *mf = &gk_mod_fields[i];
		if (!in_layout(mf, vd))
			continue;
		uint64_t x = fget(&mf->f, value);
		if (!used_by(mf, ver) && !x)
			continue;
		gk_out_printf(&b, ", %s=%llu", mf->f.name, (unsigned long long)x);
		meaning(&b, mf, vd, x);
	}
	uint64_t rest = value & GK_MOD_PAYLOAD & ~claimed(vd);
	if (rest)
		gk_out_printf(&b, ", RESERVED=0x%llx", (unsigned long long)rest);
	return gk_out_text_end(&b);
}

/* The fields a value shows (AMD: every field of its layout its version
 * uses, and any other that is set; other vendors: VENDOR), as the JSON
 * object of raw values, or (enums) of the value names those that have one
 * spell: the object and the engine's unit share it. */
void gk_mod_json_fields(uint64_t value, int enums, struct gk_out *o)
{
	unsigned k = 0;
	gk_out_ch(o, '{');
	if (is_amd(value)) {
		const struct gk_mod_verdesc *vd = version_of(value);
		unsigned ver = (unsigned)(value & 0xff);
		for (unsigned i = 1; i < gk_mod_nfields; i++) {
			const struct gk_mod_field *mf = &gk_mod_fields[i];
			uint64_t x = fget(&mf->f, value);
			if (!in_layout(mf, vd) || (!used_by(mf, ver) && !x))
				continue;
			const char *nm = i == GK_MOD_IX_TILE_VERSION ? (vd ? vd->name : NULL)
				       : mf->f.kind == GK_FLAG ? NULL : gk_enum_name(enum_of(mf, vd), x);
			if (enums && !nm)
				continue;
			if (k++)
				gk_out_ch(o, ',');
			gk_out_json_str(o, mf->f.name, mf->f.namelen);
			gk_out_ch(o, ':');
			if (enums)
				gk_out_json_str(o, nm, strlen(nm));
			else
				gk_out_dec(o, x);
		}
	} else {
		const char *vn = gk_modifier_vendor_name(value);
		if (!enums) {
			gk_out_str(o, "\"VENDOR\":");
			gk_out_dec(o, value >> 56);
			k++;
		} else if (vn) {
			gk_out_str(o, "\"VENDOR\":");
			gk_out_json_str(o, vn, strlen(vn));
			k++;
		}
		/* the items of a vendor's layout (ARM AFBC, NVIDIA block linear, ...) */
		const struct gk_mod_layout *l = is_linear_or_invalid(value) ? NULL : layout_of(value);
		for (unsigned i = 0; l && i < l->nitems; i++) {
			const struct gk_mod_vitem *it = &l->items[i];
			uint64_t x = fget(&it->f, value);
			const char *nm = vitem_name(it, x);
			if (enums && !nm)
				continue;
			if (k++)
				gk_out_ch(o, ',');
			gk_out_json_str(o, it->f.name, strlen(it->f.name));
			gk_out_ch(o, ':');
			if (enums)
				gk_out_json_str(o, nm, strlen(nm));
			else
				gk_out_dec(o, x);
		}
	}
	gk_out_ch(o, '}');
}

void gk_modifier_json(uint64_t value, struct gk_out *o)
{
	gk_modifier_json_surface(value, NULL, o);
}

void gk_modifier_json_surface(uint64_t value, const struct gk_tile_surface *surface, struct gk_out *o)
{
	char name[GK_MOD_NAME_MAX], exact[GK_MOD_NAME_MAX];
	if (!gk_out_usable(o))
		return;
	size_t nl = gk_modifier_name(value, name, sizeof name);
	size_t el = gk_modifier_name_exact(value, exact, sizeof exact);
	gk_out_str(o, "{\"value\":\"");
	gk_out_hex(o, value, 16);
	gk_out_str(o, "\",\"vendor\":");
	const char *vn = gk_modifier_vendor_name(value);
	if (vn)
		gk_out_json_str(o, vn, strlen(vn));
	else
		gk_out_str(o, "null");
	gk_out_str(o, ",\"name\":");
	gk_out_json_str(o, name, nl < sizeof name ? nl : sizeof name - 1);
	if (el != nl || strcmp(name, exact)) {
		gk_out_str(o, ",\"exact\":");
		gk_out_json_str(o, exact, el < sizeof exact ? el : sizeof exact - 1);
	}
	const char *note;
	if (gk_modifier_name_source(value, &note) == GK_MOD_NAME_LIBDRM) {
		gk_out_str(o, ",\"name_source\":\"libdrm\"");
	} else {
		gk_out_str(o, ",\"name_source\":\"gfxkit\",\"name_note\":");
		gk_out_json_str(o, note, strlen(note));
	}
	gk_out_str(o, ",\"fields\":");
	gk_mod_json_fields(value, 0, o);
	struct gk_diags dg;
	gk_diags_reset(&dg);
	gk_modifier_check(value, &dg);
	gk_json_diags(dg.d, dg.n, dg.dropped, o);
	if (surface) {
		/* the tiling module's info object, as `gfxkit tile info --json` prints it */
		char buf[4096];
		size_t n = gk_tile_info_json(surface, buf, sizeof buf);
		if (n >= sizeof buf)
			n = sizeof buf - 1;
		while (n && buf[n - 1] == '\n') /* one JSON line: the object without its line end */
			n--;
		gk_out_str(o, ",\"surface\":");
		gk_out_mem(o, buf, n);
	}
	gk_out_str(o, "}\n");
}

/* ---- GFX6-8 lists ---- */

int gk_modifier_tile_split(unsigned bpp, unsigned thickness, unsigned samples, unsigned sample_split,
			   unsigned row_size, struct gk_tile_split *out)
{
	if (!out || !bpp || bpp > 128 || (thickness != 1 && thickness != 4 && thickness != 8) || !samples || samples > 16 ||
	    sample_split > 3 || row_size < 256 || row_size > (1u << 20) || (row_size & (row_size - 1)))
		return -1;
	uint32_t tile_pixels = 8 * 8;
	uint32_t b1x = thickness * tile_pixels * bpp / 8;
	uint32_t split = b1x << sample_split;
	if (split < 256)
		split = 256;
	if (split > row_size)
		split = row_size;
	uint32_t tb = b1x * samples;
	if (tb < 64)
		tb = 64;
	if (tb > split)
		tb = split;
	out->tile_bytes_1x = b1x;
	out->tile_split_bytes = split;
	out->tile_bytes = tb;
	out->field = -1;
	for (int f = 0; f <= 6; f++)
		if ((64u << f) == split)
			out->field = f;
	return 0;
}

static uint64_t gfx6_mod(unsigned tile, unsigned microtile, unsigned dcc, const struct gk_mod_macro *mm)
{
	struct gk_modifier m;
	memset(&m, 0, sizeof m);
	m.vendor = GK_MOD_VENDOR_AMD;
	m.tile_version = GK_MOD_GFX6;
	m.tile = (uint8_t)tile;
	m.microtile = (uint8_t)microtile;
	m.dcc = (uint8_t)dcc;
	if (mm) {
		m.pipe_config = mm->pipe_config;
		m.tile_split = mm->tile_split;
		m.bank_width = mm->bank_width;
		m.bank_height = mm->bank_height;
		m.macro_tile_aspect = mm->macro_tile_aspect;
		m.num_banks = mm->num_banks;
	}
	uint64_t v = 0;
	gk_modifier_join(&m, &v, NULL);
	return v;
}

static int macro_valid(const struct gk_mod_macro *mm)
{
	return gk_enum_name(&gk_mod_gfx6_pipe_config, mm->pipe_config) && mm->tile_split <= 6 && mm->bank_width <= 3 &&
	       mm->bank_height <= 3 && mm->macro_tile_aspect <= 3 && mm->num_banks <= 3;
}

struct list_sink {
	uint64_t *out;
	size_t cap, n;
};

static int list_put(void *ctx, uint64_t v)
{
	struct list_sink *ls = ctx;
	if (ls->n < ls->cap)
		ls->out[ls->n] = v;
	ls->n++;
	return 0;
}

/* The ladder of seed 004 over the macro sets the iterator gives. */
static uint64_t ladder(unsigned gfx, int (*next)(void *it, struct gk_mod_macro *mm), void *it_proto,
		       size_t it_size, int (*fn)(void *ctx, uint64_t v), void *ctx)
{
	if (gfx < 6 || gfx > 8)
		return 0;
	/* 2D THIN + DCC (GFX8), 2D THIN, 2D DISPLAY */
	static const struct { uint8_t microtile, dcc, gfx; } rungs[] = { { 1, 1, 8 }, { 1, 0, 6 }, { 0, 0, 6 } };
	uint64_t n = 0;
	for (unsigned r = 0; r < 3; r++) {
		if (gfx < rungs[r].gfx)
			continue;
		unsigned char it[64];
		memcpy(it, it_proto, it_size);
		struct gk_mod_macro mm;
		while (next(it, &mm)) {
			n++;
			if (fn(ctx, gfx6_mod(GK_MOD_GFX6_2D_TILED_THIN1, rungs[r].microtile, rungs[r].dcc, &mm)))
				return n;
		}
	}
	uint64_t tail[3] = { gfx6_mod(GK_MOD_GFX6_1D_TILED_THIN1, 1, 0, NULL),
			     gfx6_mod(GK_MOD_GFX6_1D_TILED_THIN1, 0, 0, NULL), GK_MOD_LINEAR };
	for (unsigned i = 0; i < 3; i++) {
		n++;
		if (fn(ctx, tail[i]))
			return n;
	}
	return n;
}

struct given_it {
	const struct gk_mod_macro *m;
	size_t n, i;
};

static int given_next(void *p, struct gk_mod_macro *mm)
{
	struct given_it *it = p;
	if (it->i >= it->n)
		return 0;
	*mm = it->m[it->i++];
	return 1;
}

size_t gk_modifier_list(unsigned gfx, const struct gk_mod_macro *macros, size_t nmacros, uint64_t *out, size_t cap)
{
	if (!macros && nmacros)
		return 0;
	if (!out)
		cap = 0; /* a count */
	for (size_t i = 0; i < nmacros; i++)
		if (!macro_valid(&macros[i]))
			return 0;
	struct given_it it = { macros, nmacros, 0 };
	struct list_sink ls = { out, cap, 0 };
	ladder(gfx, given_next, &it, sizeof it, list_put, &ls);
	return ls.n;
}

/* every macro set: PIPE_CONFIG over the seed's 14 values, then TILE_SPLIT
 * 0-6, BANK_WIDTH, BANK_HEIGHT, MACRO_TILE_ASPECT, NUM_BANKS 0-3 */
struct all_it {
	unsigned k;
};

static int all_next(void *p, struct gk_mod_macro *mm)
{
	struct all_it *it = p;
	for (;;) {
		unsigned k = it->k;
		if (k >= 32u * 7 * 256)
			return 0;
		it->k++;
		unsigned rest = k % 256, ts = k / 256 % 7, pc = k / 256 / 7;
		if (!gk_enum_name(&gk_mod_gfx6_pipe_config, pc))
			continue;
		mm->pipe_config = (uint8_t)pc;
		mm->tile_split = (uint8_t)ts;
		mm->bank_width = (uint8_t)(rest >> 6);
		mm->bank_height = (uint8_t)(rest >> 4 & 3);
		mm->macro_tile_aspect = (uint8_t)(rest >> 2 & 3);
		mm->num_banks = (uint8_t)(rest & 3);
		return 1;
	}
}

uint64_t gk_modifier_enumerate(unsigned gfx, int (*fn)(void *ctx, uint64_t value), void *ctx)
{
	struct all_it it = { 0 };
	if (!fn)
		return 0;
	return ladder(gfx, all_next, &it, sizeof it, fn, ctx);
}

/* ---- GFX6-8: the surface a modifier stands for ---- */

int gk_modifier_tile_params(uint64_t value, struct gk_tile_params *p, struct gk_diags *dg)
{
	if (!p) {
		add_diag(dg, GK_ERROR, GK_D_RANGE, NULL, -1, -1, 0, "no tiling parameters to fill");
		return -1;
	}
	if (value == GK_MOD_LINEAR) {
		/* DRM_FORMAT_MOD_LINEAR on GFX6-8 is addrlib's LINEAR_ALIGNED (the
		 * amdgpu kernel's modifier for ARRAY_MODE 1) */
		p->mode = GK_TILE_LINEAR;
		return 0;
	}
	struct gk_diags none;
	if (!dg) { /* the caller wants no diagnostics; gk_modifier_check needs somewhere to count */
		gk_diags_reset(&none);
		dg = &none;
	}
	struct gk_modifier m;
	gk_modifier_split(value, &m);
	if (m.vendor != GK_MOD_VENDOR_AMD || m.tile_version != GK_MOD_GFX6) {
		add_diag(dg, GK_ERROR, GK_D_RANGE, m.vendor != GK_MOD_VENDOR_AMD ? "VENDOR" : "TILE_VERSION",
			 m.vendor != GK_MOD_VENDOR_AMD ? 56 : 0, m.vendor != GK_MOD_VENDOR_AMD ? 63 : 7, 0,
			 "0x%016llx is not a GFX6-8 AMD modifier (TILE_VERSION GFX6): no GFX6-8 surface to describe",
			 (unsigned long long)value);
		return -1;
	}
	if (gk_modifier_check(value, dg))
		return -1;
	/* seed 004's field meanings, turned into tiling parameters by the
	 * tiling module (which also knows which combinations addrlib refuses) */
	const struct gk_tile_mod_fields f = { m.tile, m.microtile, m.pipe_config, m.tile_split,
					      m.bank_width, m.bank_height, m.macro_tile_aspect, m.num_banks };
	struct gk_diag td[GK_TILE_MAX_DIAGS];
	unsigned ntd = 0;
	int r = gk_tile_params_from_modifier(p, &f, td, GK_TILE_MAX_DIAGS, &ntd);
	for (unsigned i = 0; i < ntd && i < GK_TILE_MAX_DIAGS; i++)
		add_diag(dg, td[i].severity, td[i].code, td[i].field, -1, -1, 0, "%.*s",
			 (int)gk_diag_message_len(&td[i]), td[i].message);
	return r ? -1 : 0;
}

int gk_modifier_surface(uint64_t value, unsigned bpp, uint32_t width, uint32_t height, uint32_t slices,
			struct gk_tile_surface *s, struct gk_diags *dg)
{
	struct gk_tile_params p;
	if (!s) {
		add_diag(dg, GK_ERROR, GK_D_RANGE, NULL, -1, -1, 0, "no surface to fill");
		return -1;
	}
	gk_tile_params_init(&p);
	if (gk_modifier_tile_params(value, &p, dg) != 0)
		return -1;
	p.bpp = bpp;
	p.width = width;
	p.height = height;
	p.slices = slices;
	int r = gk_tile_surface_init(s, &p);
	for (unsigned i = 0; i < s->ndiags && i < GK_TILE_MAX_DIAGS; i++)
		add_diag(dg, s->diags[i].severity, s->diags[i].code, s->diags[i].field, -1, -1, 0, "%.*s",
			 (int)gk_diag_message_len(&s->diags[i]), s->diags[i].message);
	return r ? -1 : 0;
}
