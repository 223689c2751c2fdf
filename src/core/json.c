/* JSON Lines printer: one object per packet, in the schema every engine
 * shares (docs/json.md):
 * {"offset","engine","name","words","type","opcode"[,"sub_opcode"],"fields","enums",
 *  "registers"|"data"|"groups","extra","diagnostics","text"} */
#include <stdlib.h>
#include <string.h>

#include "gfxkit/stream.h"
#include "gfxkit/unit.h"

#include "bits.h"
#include "layout.h"
#include "out.h"


/* The writers below go straight into a buffer their caller has made room
 * for, and return the end of what they wrote.  They are the JSON printer's
 * hot path: a GFX9 register run is ~200 bytes of JSON a register, and a
 * gk_out call, a libc memcpy call or a digit loop per piece cost more than
 * the bytes (callgrind of decode --json on make bench's GFX9 stream; the
 * figures are in docs/json.md, "How it is written"). */

/* A name from the tables (registers, their fields and values, packets and
 * theirs): tests/core/test_tables.c holds every one to a plain token
 * [A-Za-z0-9_], proven once for all tables, so it is copied as it is, never
 * escaped (gk_put_mem, out.h). */
/* "0000" to "9999": four digits with leading zeros are one load and one
 * store, where gk_put4 divides by 100 and copies two pairs.  JSON's
 * numbers are mostly of 6 to 10 digits (packet words, register values and
 * addresses: two blocks of four each), and this was ~5% of the GFX9 quarter
 * stream's decode --json instructions (callgrind, docs/json.md).  40 KB of
 * const data, written out by the preprocessor. */
#define DEC4_D(a) a "0" a "1" a "2" a "3" a "4" a "5" a "6" a "7" a "8" a "9"
#define DEC4_C(a) \
	DEC4_D(a "0") DEC4_D(a "1") DEC4_D(a "2") DEC4_D(a "3") DEC4_D(a "4") DEC4_D(a "5") DEC4_D(a "6") \
	DEC4_D(a "7") DEC4_D(a "8") DEC4_D(a "9")
#define DEC4_B(a) \
	DEC4_C(a "0") DEC4_C(a "1") DEC4_C(a "2") DEC4_C(a "3") DEC4_C(a "4") DEC4_C(a "5") DEC4_C(a "6") \
	DEC4_C(a "7") DEC4_C(a "8") DEC4_C(a "9")
static const char dec4[4 * 10000 + 1] = DEC4_B("0") DEC4_B("1") DEC4_B("2") DEC4_B("3") DEC4_B("4") DEC4_B("5")
	DEC4_B("6") DEC4_B("7") DEC4_B("8") DEC4_B("9");

static inline char *put4(char *d, uint32_t x) /* x < 10000: four digits, leading zeros */
{
	memcpy(d, dec4 + 4 * x, 4);
	return d + 4;
}

/* 8 digits, leading zeros (x < 100000000) */
static inline char *put8(char *d, uint32_t x)
{
	uint32_t h = x / 10000;
	d = put4(d, h);
	return put4(d, x - 10000 * h);
}

/* x < 10000 without leading zeros: the last n of dec4's four digits for
 * x, n counted by three compares, where gk_put_upto4 (out.h) branches on
 * them.  Those branches were the stream's worst predicted: the words and
 * values mix one- to four-digit numbers at random (cachegrind
 * --branch-sim, GFX9 quarter stream's decode --json: ~210 K of its 1.40 M
 * mispredicts); branchless, ~1 M more instructions (callgrind) for them.
 * Stores four bytes whatever n is: every caller has room for a whole
 * put_dec32 (ten bytes) at d, and what lies past the n digits is
 * overwritten or past the output's len.  The read stays in dec4: n is 4
 * from x = 1000 on. */
static inline __attribute__((always_inline)) char *put_upto4(char *d, uint32_t x)
{
	size_t n = 1 + (size_t)(x > 9) + (size_t)(x > 99) + (size_t)(x > 999);
	memcpy(d, dec4 + 4 * x + 4 - n, 4);
	return d + n;
}

/* x in decimal, at most 10 bytes: gk_put_dec32's digits (out.h) with the
 * blocks of four from dec4 */
static inline __attribute__((always_inline)) char *put_dec32(char *d, uint32_t x)
{
	if (x < 10000)
		return put_upto4(d, x);
	if (x < 100000000) {
		uint32_t h = x / 10000;
		d = put_upto4(d, h);
		return put4(d, x - 10000 * h);
	}
	uint32_t h = x / 100000000; /* 1..42 */
	if (h < 10)
		*d++ = (char)('0' + h);
	else
		d = gk_put_pair(d, h);
	return put8(d, x - 100000000 * h);
}

/* v < 2^53 (the numbers JSON keeps exact; docs/json.md) in decimal, at
 * most 16 bytes: the 40- and 48-bit addresses of DMA packets */
static __attribute__((noinline)) char *put_dec_wide(char *d, uint64_t v)
{
	uint64_t h = v / 100000000; /* < 2^53 / 10^8 < 2^32 */
	d = put_dec32(d, (uint32_t)h);
	return put8(d, (uint32_t)(v - 100000000 * h));
}

static inline __attribute__((always_inline)) char *put_dec53(char *d, uint64_t v)
{
	return v <= UINT32_MAX ? put_dec32(d, (uint32_t)v) : put_dec_wide(d, v);
}

/* a string literal: its length is known at compile time */
#define put_lit(d, lit) (memcpy((d), (lit), sizeof(lit) - 1), (d) + sizeof(lit) - 1)

/* ,"NAME": (the comma unless first): at most n + 4 bytes */
static inline char *put_key(char *d, const char *k, size_t n, bool first)
{
	*d = ',';
	d += !first;
	*d++ = '"';
	d = gk_put_mem(d, k, n);
	memcpy(d, "\":", 2);
	return d + 2;
}

/* ":VALUE," after a field's name, in the register writer's fields: a
 * value below 10 is one five-byte store pattern, not a pass through the
 * digit writer's four compares */
static inline char *put_val_next(char *d, uint32_t x)
{
	if (x < 10) {
		d[0] = '"';
		d[1] = ':';
		d[2] = (char)('0' + x);
		d[3] = ',';
		d[4] = '"';
		return d + 5;
	}
	d = put_lit(d, "\":");
	d = put_dec32(d, x);
	return put_lit(d, ",\"");
}

/* NAME":VALUE," of a unit's or a group's field, after the opening quote
 * (the caller takes the last ," back): a value past 32 bits in decimal up
 * to 2^53, else quoted hex (docs/json.md) */
static inline __attribute__((always_inline)) char *put_field_next(char *d, const char *name, size_t nl, uint64_t v)
{
	d = gk_put_mem(d, name, nl);
	if (v <= UINT32_MAX)
		return put_val_next(d, (uint32_t)v);
	d = put_lit(d, "\":");
	if (v < (1ull << 53)) {
		d = put_dec_wide(d, v);
	} else {
		*d++ = '"';
		d = gk_put_hex64(d, v);
		*d++ = '"';
	}
	return put_lit(d, ",\"");
}

/* gk_reg_value_at with its first probe inline: most enumerations run 0,
 * 1, 2..., so the value's own row is nearly always it (regdb.c) */
static inline const struct gk_reg_value *reg_value_at(const struct gk_reg_field *f, uint32_t x)
{
	if (x < f->nvalues && f->values && f->values[x].value == x)
		return &f->values[x];
	return gk_reg_value_at(f, x);
}

/* ,"NAME": for a name from the tables (see gk_put_mem above: no escaping) */
static void key_len(struct gk_out *o, const char *k, size_t n, bool *first)
{
	if (o->cap - o->len >= n + 4) {
		o->len = (size_t)(put_key(o->buf + o->len, k, n, *first) - o->buf);
	} else {
		if (!*first)
			gk_out_ch(o, ',');
		gk_out_json_str(o, k, n);
		gk_out_ch(o, ':');
	}
	*first = false;
}

void gk_json_uint(struct gk_out *o, uint64_t v)
{
	if (!o)
		return; /* a NULL gk_out is a no-op (stream.h) */
	if (v < (1ull << 53) && o->cap - o->len >= 16) { /* offsets, addresses */
		o->len = (size_t)(put_dec53(o->buf + o->len, v) - o->buf);
		return;
	}
	if (v < (1ull << 53)) {
		gk_out_dec(o, v);
		return;
	}
	gk_out_ch(o, '"');
	gk_out_hex(o, v, 1); /* "0x..." */
	gk_out_ch(o, '"');
}

static bool json_shown(const struct gk_unit_field *uf)
{
	/* one test of a kind mask, not three compares: every field of every
	 * packet comes through here */
	const unsigned hidden = 1u << GK_CONST | 1u << GK_OPCODE | 1u << GK_SUBOP;
	unsigned k = uf->desc->kind;
	return !uf->cut && (k >= 32 || !(hidden >> k & 1));
}

static size_t field_namelen(const struct gk_field *f)
{
	return f->namelen ? f->namelen : strlen(f->name); /* 0: the table macros did not measure it */
}

/* A name from the description tables as a JSON string: the tables test
 * (tests/core/test_tables.c) holds every name to [A-Za-z0-9_], so it needs
 * no escaping, as the keys written by key_len need none. */
static void table_str(struct gk_out *o, const char *s)
{
	size_t n = strlen(s);
	if (o->cap - o->len >= n + 2) {
		char *d = o->buf + o->len;
		d[0] = '"';
		gk_put_mem(d + 1, s, n);
		d[n + 1] = '"';
		o->len += n + 2;
	} else {
		gk_out_json_str(o, s, n);
	}
}

/* "NAME":"SYMBOL" of field uf if its value has a name: enums, flag sets
 * (A|B) and register indices, spelled as the text printer does */
static void json_enum(const struct gk_format *fmt, const struct gk_unit_field *uf, struct gk_out *o, bool *first)
{
	const struct gk_field *f = uf->desc;
	if (uf->symbol && (f->kind == GK_ENUM || f->kind == GK_REG)) {
		size_t nl = field_namelen(f), sl = uf->reg ? uf->reg->namelen : strlen(uf->symbol);
		if (o->cap - o->len >= nl + sl + 6) { /* ,"NAME":"SYMBOL" in one go */
			char *d = put_key(o->buf + o->len, f->name, nl, *first);
			*d++ = '"';
			d = gk_put_mem(d, uf->symbol, sl);
			*d++ = '"';
			o->len = (size_t)(d - o->buf);
			*first = false;
			return;
		}
		key_len(o, f->name, nl, first);
		table_str(o, uf->symbol);
		return;
	}
	if (f->kind != GK_FLAGS || !uf->value)
		return;
	char tb[2048]; /* a flag set names up to 64 bits */
	struct gk_out t = gk_out_text(tb, sizeof tb);
	gk_text_value(fmt, f, uf->value, &t);
	size_t len = gk_out_text_end(&t); /* what it needed: keep to what fitted */
	if (len >= sizeof tb)
		len = sizeof tb - 1;
	key_len(o, f->name, field_namelen(f), first);
	gk_out_json_str(o, tb, len);
}

/* "fields":{"NAME":value for every field shown},"enums":{"NAME":"SYMBOL"
 * for every one whose value has a name}, piece by piece (json_fields_enums
 * writes the same bytes when it has room).  The first pass notes the
 * fields that may have a name, so the second visits only those. */
static void json_fields_enums_slow(const struct gk_format *fmt, const struct gk_unit_field *fields, unsigned n,
				   struct gk_out *o)
{
	uint8_t named[GK_UNIT_FIELDS];
	unsigned nnamed = 0;
	bool all = n > GK_UNIT_FIELDS, first = true;
	gk_out_lit(o, "\"fields\":{");
	for (unsigned i = 0; i < n; i++) {
		const struct gk_unit_field *uf = &fields[i];
		const struct gk_field *f = uf->desc;
		if (!json_shown(uf))
			continue;
		if (!all && (uf->symbol || f->kind == GK_FLAGS))
			named[nnamed++] = (uint8_t)i;
		key_len(o, f->name, field_namelen(f), &first);
		gk_json_uint(o, uf->value);
	}
	gk_out_lit(o, "},\"enums\":{");
	first = true;
	if (all) {
		for (unsigned i = 0; i < n; i++)
			if (json_shown(&fields[i]))
				json_enum(fmt, &fields[i], o, &first);
	} else {
		for (unsigned k = 0; k < nnamed; k++)
			json_enum(fmt, &fields[named[k]], o, &first);
	}
	gk_out_ch(o, '}');
}

/* The same straight into the buffer, with one room check for the fields
 * (the largest each can be: a name the tables measured, at most 255 bytes,
 * and a value in 20) and one for the enums once their names are measured;
 * a flag set's text still goes through json_enum.  Every packet and every
 * pair group comes through here: a room check, a call and a strlen a piece
 * were ~40 M of the GFX11 quarter stream's 248 M instructions (callgrind). */
static void json_fields_enums(const struct gk_format *fmt, const struct gk_unit_field *fields, unsigned n,
			      struct gk_out *o)
{
	/* "fields":{},"enums":{} 22; a field ,"NAME":  4 + 255, its value 20
	 * (a decimal below 2^53, or "0x" and 16 hex digits quoted) */
	if (n > GK_UNIT_FIELDS) {
		json_fields_enums_slow(fmt, fields, n, o);
		return;
	}
	if (o->cap - o->len < 22 + (size_t)n * (4 + 255 + 20)) {
		/* near the buffer's end: the names' own lengths, as the
		 * register writer does (piece by piece, ~1,000 instructions a
		 * unit, was ~2,000 units of every quarter stream; callgrind) */
		size_t need = 22;
		for (unsigned i = 0; i < n; i++)
			need += (size_t)fields[i].desc->namelen + 4 + 20;
		if (o->cap - o->len < need) {
			json_fields_enums_slow(fmt, fields, n, o);
			return;
		}
	}
	uint8_t named[GK_UNIT_FIELDS]; /* fields whose value may have a name */
	uint16_t symlen[GK_UNIT_FIELDS]; /* 1 + its symbol's length; 0: nothing in "enums" (json_enum) */
	unsigned nnamed = 0;
	size_t enums = 0; /* what the enums' ,"NAME":"SYMBOL" take */
	bool flags = false;
	char *d = o->buf + o->len;
	d = put_lit(d, "\"fields\":{\"");
	bool first = true;
	for (unsigned i = 0; i < n; i++) {
		const struct gk_unit_field *uf = &fields[i];
		if (!json_shown(uf))
			continue;
		const struct gk_field *f = uf->desc;
		size_t nl = f->namelen;
		if (!nl) { /* not measured by the table macros: piece by piece */
			json_fields_enums_slow(fmt, fields, n, o);
			return;
		}
		if (uf->symbol || f->kind == GK_FLAGS) {
			uint16_t sym = 0;
			if (uf->symbol && (f->kind == GK_ENUM || f->kind == GK_REG)) {
				size_t sl = uf->reg ? uf->reg->namelen : strlen(uf->symbol);
				if (sl > 0xfffe) {
					json_fields_enums_slow(fmt, fields, n, o);
					return;
				}
				sym = (uint16_t)(sl + 1);
				enums += nl + sl + 6;
			} else {
				flags |= f->kind == GK_FLAGS;
			}
			symlen[nnamed] = sym;
			named[nnamed++] = (uint8_t)i;
		}
		/* NAME":VALUE," as the register writer's fields (put_val_next),
		 * after the opening quote, the last ," taken back below */
		d = put_field_next(d, f->name, nl, uf->value);
		first = false;
	}
	d -= first ? 1 : 2; /* the opening quote with no field, else the last ," */
	d = put_lit(d, "},\"enums\":{");
	o->len = (size_t)(d - o->buf);
	first = true;
	if (!flags && o->cap - o->len >= enums + 1) {
		for (unsigned k = 0; k < nnamed; k++) {
			const struct gk_unit_field *uf = &fields[named[k]];
			if (!symlen[k])
				continue; /* a symbol of another kind: nothing, as json_enum */
			size_t sl = symlen[k] - 1u;
			d = put_key(d, uf->desc->name, uf->desc->namelen, first);
			first = false;
			*d++ = '"';
			d = gk_put_mem(d, uf->symbol, sl);
			*d++ = '"';
		}
		*d++ = '}';
		o->len = (size_t)(d - o->buf);
		return;
	}
	for (unsigned k = 0; k < nnamed; k++)
		json_enum(fmt, &fields[named[k]], o, &first);
	gk_out_ch(o, '}');
}

/* Bit i of *mask for each field of fields[0, n) that decode_simple (unit.c)
 * would put in a record, at most room of them, and that "fields" shows
 * (json_shown: not a constant, opcode or sub-opcode; a count is shown);
 * returns how many records that is (text.c's plan_list, with JSON's rule). */
static unsigned plan_json_list(const struct gk_format *fmt, const struct gk_field *fields, unsigned n, unsigned room,
			       uint64_t *mask, uint64_t *named)
{
	unsigned k;
	*mask = *named = 0;
	for (uint64_t rec = gk_plan_recorded(fmt, fields, n, room, &k); rec; rec &= rec - 1) {
		unsigned i = (unsigned)__builtin_ctzll(rec);
		const struct gk_field *f = &fields[i];
		if (f->kind != GK_CONST && f->kind != GK_OPCODE && f->kind != GK_SUBOP)
			*mask |= 1ull << i;
		if (f->kind == GK_ENUM || f->kind == GK_REG || f->kind == GK_FLAGS)
			*named |= 1ull << i;
	}
	return k;
}

/* What "fields" and "enums" of the fields of plan masks[l] of lists[l] can
 * take, without the enums' symbols: "fields":{},"enums":{} 22; a field
 * ,"NAME": namelen + 4, its value at most 20 (a decimal below 2^53, or "0x"
 * and 16 hex digits quoted).  0: a name the tables did not measure, or over
 * 65535 (never written from the words). */
static uint16_t plan_json_room(const struct gk_field *const *lists, const uint64_t *masks, unsigned n)
{
	size_t room = 22;
	for (unsigned l = 0; l < n; l++)
		for (uint64_t m = masks[l]; m; m &= m - 1) {
			const struct gk_field *f = &lists[l][__builtin_ctzll(m)];
			room = f->namelen ? room + f->namelen + 4 + 20 : 0x10000;
		}
	return room < 0x10000 ? (uint16_t)room : 0;
}

void gk_format_plan_json(const struct gk_format *fmt, const struct gk_packet_desc *d, struct gk_desc_fast *fast)
{
	/* gk_unit_fill's two lists and their rooms */
	unsigned nhdr = d->nhdr < GK_UNIT_HDR_FIELDS ? d->nhdr : GK_UNIT_HDR_FIELDS;
	unsigned nbody = d->nfields < GK_UNIT_FIELDS ? d->nfields : GK_UNIT_FIELDS;
	unsigned k = plan_json_list(fmt, d->hdr, nhdr, GK_UNIT_HDR_FIELDS, &fast->json[0], &fast->json_named[0]);
	plan_json_list(fmt, d->fields, nbody, GK_UNIT_FIELDS - k, &fast->json[1], &fast->json_named[1]);
	/* "fields":{},"enums":{} 22; a field ,"NAME": namelen + 4, its value
	 * at most 20 (a decimal below 2^53, or "0x" and 16 hex digits quoted) */
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	fast->json_room = plan_json_room(lists, fast->json, 2);
	/* a group's list, as gk_unit_group's decode_simple reads it when
	 * the description is group_plain (set after this by
	 * gk_format_prepare: json_groups asks it) */
	uint64_t gm = 0, gn = 0;
	if (d->tail == GK_TAIL_GROUPS && d->group)
		plan_json_list(fmt, d->group, d->ngroup, GK_UNIT_GROUP_FIELDS, &gm, &gn);
	_Static_assert(GK_UNIT_GROUP_FIELDS <= 16, "a group's plan fits json_group");
	fast->json_group = (uint16_t)gm;
	fast->json_group_named = (uint16_t)gn;
	const struct gk_field *glist[1] = { d->group };
	fast->json_group_room = gm ? plan_json_room(glist, &gm, 1) : 0;
}

/* The value of field f of a simple unit's words, as decode_simple (unit.c)
 * reads it; f starts inside the packet */
static inline uint64_t desc_value(const struct gk_field *f, const uint32_t *dw, size_t ndw)
{
	return f->nseg == 1 ? gk_seg_get(&f->seg[0], dw) : gk_fget(f, dw, ndw);
}

/* The record decode_simple would make of field f (not cut), for json_enum.
 * Inline: a call with the record spilled was ~1.6 M of GFX11's decode
 * --json, two a register pair (callgrind, quarter bench stream) */
static inline __attribute__((always_inline)) void desc_record(const struct gk_format *fmt, const struct gk_field *f,
							    uint64_t v, struct gk_unit_field *uf)
{
	uf->desc = f;
	uf->value = v;
	uf->cut = 0;
	uf->symbol = gk_field_symbol(fmt, f, v, &uf->reg);
}

static inline void json_plan_enums(const struct gk_format *fmt, const struct gk_field *const *lists,
				   const uint64_t *named, unsigned nlists, const uint32_t *dw, size_t ndw,
				   const struct gk_reg **regs, struct gk_out *o);

/* "fields":{...},"enums":{...} of the fields of plan masks[l] of lists[l]
 * (nlists lists, room: their plan_json_room; named[l]: those of them
 * whose value may have a name) straight from the words dw
 * (ndw of them): for a simple unit not yet filled (gk_unit_decode_lazy)
 * its header and body (fast->json, gk_format_plan_json), for a register
 * pair its group (fast->json_group), the bytes json_fields_enums writes
 * from gk_unit_fill's or gk_unit_group's records: the fields the records
 * would hold, in order, none cut (a field starting at or past the end).  Filling the records to read them
 * back once here was ~13% of a GFX9 decode --json (callgrind, quarter
 * bench stream; docs/json.md).  false, nothing written: no room for the
 * largest the fields can take, or a name the tables did not measure
 * (json_room 0): the caller fills the unit and takes the record path.
 * regs (one list, NULL: not wanted): regs[i] set to the register of each
 * GK_REG field i shown (NULL: none), for plain_group_writes.  Inline: its
 * two callers' list counts are constants. */
static inline __attribute__((always_inline)) bool
json_plan_fields_enums(const struct gk_format *fmt, const struct gk_field *const *lists, const uint64_t *masks,
		       const uint64_t *named, unsigned nlists, size_t room, const uint32_t *dw, size_t ndw, const struct gk_reg **regs,
		       struct gk_out *o)
{
	/* one room check for all the fields, measured by the plan (a popcount
	 * of the masks here was a libgcc call: 2 M instructions of GFX9's) */
	if (!room || o->cap - o->len < room)
		return false;
	char *p = o->buf + o->len;
	p = put_lit(p, "\"fields\":{\"");
	bool first = true;
	for (unsigned l = 0; l < nlists; l++) {
		for (uint64_t m = masks[l]; m; m &= m - 1) {
			const struct gk_field *f = &lists[l][__builtin_ctzll(m)];
			if (f->seg[0].dw >= ndw)
				continue; /* cut: not shown */
			size_t nl = f->namelen; /* not 0: json_room */
			/* NAME":VALUE," as json_fields_enums writes it */
			p = put_field_next(p, f->name, nl, desc_value(f, dw, ndw));
			first = false;
		}
	}
	p -= first ? 1 : 2; /* the opening quote with no field, else the last ," */
	p = put_lit(p, "},\"enums\":{");
	o->len = (size_t)(p - o->buf);
	json_plan_enums(fmt, lists, named, nlists, dw, ndw, regs, o);
	return true;
}

/* The "enums" members and the closing '}' of json_plan_fields_enums, at
 * the output's end (after "enums":{) */
static inline void json_plan_enums(const struct gk_format *fmt, const struct gk_field *const *lists, const uint64_t *named,
		unsigned nlists, const uint32_t *dw, size_t ndw, const struct gk_reg **regs, struct gk_out *o)
{
	char *p;
	bool first = true;
	/* only the fields whose value may have a name (the plan's named[]):
	 * walking every shown field for its kind was ~6 M of GFX9's */
	for (unsigned l = 0; l < nlists; l++) {
		for (uint64_t m = named[l]; m; m &= m - 1) {
			const struct gk_field *f = &lists[l][__builtin_ctzll(m)];
			if (f->seg[0].dw >= ndw)
				continue;
			unsigned i = (unsigned)__builtin_ctzll(m);
			struct gk_unit_field uf;
			desc_record(fmt, f, desc_value(f, dw, ndw), &uf);
			if (regs)
				regs[i] = uf.reg;
			if (!uf.symbol) {
				/* a flag set's text, or nothing: not a call for nothing
				 * (a register offset no register has, a value of no
				 * name; ~1.5 M of GFX9's instructions, callgrind) */
				if (f->kind == GK_FLAGS)
					json_enum(fmt, &uf, o, &first);
				continue;
			}
			/* ,"NAME":"SYMBOL" in one go, as json_enum writes it: a
			 * call a symbol was ~9 M of GFX11's instructions
			 * (two register names a pair group; callgrind) */
			size_t sl = uf.reg ? uf.reg->namelen : strlen(uf.symbol);
			if (o->cap - o->len < f->namelen + sl + 6) {
				json_enum(fmt, &uf, o, &first);
				continue;
			}
			p = put_key(o->buf + o->len, f->name, f->namelen, first);
			first = false;
			*p++ = '"';
			p = gk_put_mem(p, uf.symbol, sl);
			*p++ = '"';
			o->len = (size_t)(p - o->buf);
		}
	}
	gk_out_ch(o, '}');
}

static bool json_desc_fields_enums(const struct gk_format *fmt, const struct gk_packet_desc *d,
				   const struct gk_desc_fast *fast, const uint32_t *dw, size_t ndw, struct gk_out *o)
{
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	return json_plan_fields_enums(fmt, lists, fast->json, fast->json_named, 2, fast->json_room, dw, ndw, NULL, o);
}

void gk_out_json_words(struct gk_out *o, const uint32_t *w, size_t n)
{
	/* every packet has this array: straight into the buffer, as many
	 * words at a time as the room left holds (eleven bytes a word), one
	 * word piece by piece where none does (the output flushes there).
	 * All or nothing, a long data tail near the buffer's end went piece
	 * by piece whole: ~1 M of the SDMA6 quarter stream's 142 M
	 * instructions (callgrind). */
	gk_out_ch(o, '[');
	for (size_t i = 0; i < n;) {
		size_t room = o->len <= o->cap ? o->cap - o->len : 0, k = room / 11;
		if (!k) {
			if (i)
				gk_out_ch(o, ',');
			gk_out_dec(o, w[i++]);
			continue;
		}
		if (k > n - i)
			k = n - i;
		char *d = o->buf + o->len;
		for (size_t e = i + k; i < e; i++) {
			*d = ',';
			d += i != 0;
			d = put_dec32(d, w[i]);
		}
		o->len = (size_t)(d - o->buf);
	}
	gk_out_ch(o, ']');
}

/* {"offset","name","value","fields","enums"} of one register write (r NULL: no
 * register of this generation has the address) */
static void json_register(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			  struct gk_out *o);

void gk_json_register(const struct gk_reg *r, uint32_t addr, uint32_t v, struct gk_out *o)
{
	json_register(NULL, r, addr, v, o);
}

/* Field f of register value v: gk_get's bits with a mask of two shifts,
 * where gk_get builds it with a compare and two (~6 instructions a field,
 * half a million fields in the GFX9 quarter stream; callgrind).  The
 * tables hold lo <= hi <= 31 (tests/core/test_tables.c); the masked shift
 * counts keep anything else defined, if wrong. */
static inline uint32_t reg_field_value(uint32_t v, const struct gk_reg_field *f)
{
	return (v >> (f->lo & 31)) & ((2u << ((f->hi - f->lo) & 31)) - 1u);
}

/* One field's member of "values" (its value, unnamed, as typed text),
 * opening the object at the first */
static void json_reg_value(const struct gk_format *fmt, const struct gk_reg_field *f, uint32_t fv, bool named,
			   bool *first, struct gk_out *o)
{
	char typed[64];
	size_t tl = named ? 0 : fmt->reg_value_text(f, fv, typed, sizeof typed);
	if (!tl || tl >= sizeof typed)
		return;
	if (*first)
		gk_out_lit(o, ",\"values\":{");
	key_len(o, f->name, f->namelen, first);
	gk_out_ch(o, '"');
	gk_out_put(o, typed, tl); /* digits, '.', '-', 'x', 'r', letters: no escaping */
	gk_out_ch(o, '"');
}

/* ,"values":{...}: each field the format's reg_value_text shows as its
 * database type does (a float, fixed-point, signed, shifted, a register
 * id), as that text; fv: each field's value; named: bit i set when field
 * i's value has a name (shown in "enums" instead).
 * The typed text goes straight into the output after its key: the format
 * writes it in place (at most 64 bytes, as into json_reg_value's buffer),
 * and a field it has no text for leaves o->len where it was.  Through the
 * temporary buffer, key_len and a libc memcpy a field, this was ~40 M of
 * the a630 quarter stream's 365 M instructions (callgrind, docs/json.md). */
static void json_reg_values(const struct gk_format *fmt, const struct gk_reg *r, uint32_t v, uint32_t named,
			    struct gk_out *o)
{
	bool first = true;
	for (unsigned i = 0; i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (named >> i & 1)
			continue; /* its value's name is in "enums" */
		/* ,"values":{ 11, ,"NAME":" at most 255 + 5, the text 63, '"' */
		if (o->cap - o->len < 11 + 260u + 64) {
			json_reg_value(fmt, f, reg_field_value(v, f), false, &first, o);
			continue;
		}
		/* the text where it goes after its key, the key written only
		 * for a field that has text (most have none) */
		char *d = o->buf + o->len;
		size_t kl = (first ? 15 : 5) + (size_t)f->namelen; /* ,"values":{"NAME":" or ,"NAME":" */
		size_t tl = fmt->reg_value_text(f, reg_field_value(v, f), d + kl, 64);
		if (!tl || tl >= 64)
			continue; /* nothing to show: what was put past o->len is not kept */
		if (first)
			d = put_lit(d, ",\"values\":{");
		d = put_key(d, f->name, f->namelen, first);
		*d++ = '"';
		d[tl] = '"';
		o->len = (size_t)(d + tl + 1 - o->buf);
		first = false;
	}
	if (!first)
		gk_out_ch(o, '}');
}

/* The end of a register's object after "enums":{ : its ,"NAME":"VALUE"
 * members for the fields of named (bit i: field i's value has the name
 * vx[i]), the closing brace, the typed "values" of a format that has them
 * (json_reg_values) and the object's closing brace; o->len is past the
 * "enums":{ */
static void json_reg_tail(const struct gk_format *fmt, const struct gk_reg *r, uint32_t v, uint32_t named,
			  const struct gk_reg_value *const *vx, struct gk_out *o)
{
	size_t enums = 0; /* what the enums' ,"NAME":"VALUE" take */
	for (uint32_t m = named; m; m &= m - 1) {
		unsigned i = (unsigned)__builtin_ctz(m);
		enums += r->fields[i].namelen + vx[i]->namelen + 6u;
	}
	bool first = true;
	if (o->cap - o->len >= enums) {
		char *d = o->buf + o->len;
		for (uint32_t m = named; m; m &= m - 1) {
			unsigned i = (unsigned)__builtin_ctz(m);
			d = put_key(d, r->fields[i].name, r->fields[i].namelen, first);
			first = false;
			*d++ = '"';
			d = gk_put_mem(d, vx[i]->name, vx[i]->namelen);
			*d++ = '"';
		}
		o->len = (size_t)(d - o->buf);
	} else {
		for (uint32_t m = named; m; m &= m - 1) {
			unsigned i = (unsigned)__builtin_ctz(m);
			key_len(o, r->fields[i].name, r->fields[i].namelen, &first);
			table_str(o, vx[i]->name);
		}
	}
	gk_out_ch(o, '}');
	if (fmt && fmt->reg_value_text)
		json_reg_values(fmt, r, v, named, o);
	gk_out_ch(o, '}');
}

/* A register has at most 32 one-bit fields (sorted, non-overlapping:
 * regdb.h); past that a table is not what json_register_fast expects */
enum { REG_FIELDS_MAX = 32 };

/* One register write straight into the buffer: every register of a run and
 * of a pair group comes through here (make bench measures it).  One room
 * check for the head and fields (the longest they can be: the names and
 * ten digits a number), one for the enums once their names are known.
 * false (nothing written): no room for the head; the caller writes it
 * piece by piece. */
static bool json_register_fast(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			       bool comma, struct gk_out *o)
{
	unsigned nf = r->nfields;
	if (nf > REG_FIELDS_MAX)
		return false;
	/* ,{"offset":,"name":"","value":,"fields":{},"enums":{}} and two
	 * numbers: 76; a field ,"NAME":4294967295 at most 255 + 14.  With
	 * that much room (most of the time in a 64 KB buffer) the names need
	 * not be summed. */
	size_t need = 76 + r->namelen + (size_t)nf * (255 + 14);
	if (o->cap - o->len < need) {
		need = 76 + r->namelen;
		for (unsigned i = 0; i < nf; i++)
			need += r->fields[i].namelen + 14u;
		if (o->cap - o->len < need)
			return false;
	}
	/* the fields whose value has a name: bit i, and the name in vx[i]
	 * (a mask, so that the fields without one store nothing) */
	uint32_t named = 0;
	const struct gk_reg_value *vx[REG_FIELDS_MAX];
	char *d = o->buf + o->len;
	*d = ',';
	d += comma; /* the array's separator: one gk_out_ch a register less */
	d = put_lit(d, "{\"offset\":");
	d = put_dec32(d, addr);
	d = put_lit(d, ",\"name\":\"");
	d = gk_put_mem(d, r->name, r->namelen);
	d = put_lit(d, "\",\"value\":");
	d = put_dec32(d, v);
	/* every field as NAME":VALUE," after the opening quote, and the last
	 * ," taken back: no test for the first field's comma; a value of one
	 * digit (most fields are flags and small counts) in one five-byte
	 * piece.  The bound above has room for the two bytes taken back. */
	d = put_lit(d, ",\"fields\":{\"");
	for (unsigned i = 0; i < nf; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		uint32_t x = reg_field_value(v, f);
		d = gk_put_mem(d, f->name, f->namelen);
		d = put_val_next(d, x);
		if (f->nvalues) {
			const struct gk_reg_value *vn = reg_value_at(f, x);
			if (vn) {
				vx[i] = vn;
				named |= 1u << i;
			}
		}
	}
	d -= nf ? 2 : 1; /* the last field's ," or, with none, the opening quote */
	d = put_lit(d, "},\"enums\":{");
	bool typed = fmt && fmt->reg_value_text;
	if (!named && !typed) {
		/* no field's value has a name, nothing typed: most registers */
		d = put_lit(d, "}}");
		o->len = (size_t)(d - o->buf);
		return true;
	}
	o->len = (size_t)(d - o->buf);
	json_reg_tail(fmt, r, v, named, vx, o);
	return true;
}

/* json_register without the fast writer: an address no register has, or
 * no room for the fast writer */
static void json_register_slow(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			       struct gk_out *o)
{
	if (!r && o->cap - o->len >= 80) {
		/* an address no register of the generation has (some of every
		 * Evergreen bench run): the same object, in one go */
		char *d = o->buf + o->len;
		d = put_lit(d, "{\"offset\":");
		d = put_dec32(d, addr);
		d = put_lit(d, ",\"name\":null,\"value\":");
		d = put_dec32(d, v);
		d = put_lit(d, ",\"fields\":{},\"enums\":{}}");
		o->len = (size_t)(d - o->buf);
		return;
	}
	/* piece by piece: the output is about to flush, or r is NULL */
	gk_out_lit(o, "{\"offset\":");
	gk_out_dec(o, addr);
	gk_out_lit(o, ",\"name\":");
	if (r) {
		gk_out_ch(o, '"');
		gk_out_put(o, r->name, r->namelen);
		gk_out_ch(o, '"');
	} else {
		gk_out_lit(o, "null");
	}
	gk_out_lit(o, ",\"value\":");
	gk_out_dec(o, v);
	gk_out_lit(o, ",\"fields\":{");
	bool first = true;
	for (unsigned i = 0; r && i < r->nfields; i++) {
		key_len(o, r->fields[i].name, r->fields[i].namelen, &first);
		gk_out_dec(o, gk_get(v, r->fields[i].lo, r->fields[i].hi));
	}
	gk_out_lit(o, "},\"enums\":{");
	first = true;
	for (unsigned i = 0; r && i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		if (!f->nvalues)
			continue;
		uint32_t fv = gk_get(v, f->lo, f->hi);
		const char *n = gk_reg_value_name(f, fv);
		if (!n)
			continue;
		key_len(o, f->name, f->namelen, &first);
		table_str(o, n);
	}
	gk_out_ch(o, '}');
	first = true;
	for (unsigned i = 0; fmt && fmt->reg_value_text && r && i < r->nfields; i++) {
		const struct gk_reg_field *f = &r->fields[i];
		uint32_t fv = gk_get(v, f->lo, f->hi);
		json_reg_value(fmt, f, fv, f->nvalues && gk_reg_value_name(f, fv), &first, o);
	}
	if (!first)
		gk_out_ch(o, '}');
	gk_out_ch(o, '}');
}

static void json_register(const struct gk_format *fmt, const struct gk_reg *r, uint32_t addr, uint32_t v,
			  struct gk_out *o)
{
	if (!r || !json_register_fast(fmt, r, addr, v, false, o))
		json_register_slow(fmt, r, addr, v, o);
}

/* Nothing JSON escapes, ASCII: 0x20 <= c < 0x80 but '"' (0x22) and '\\'
 * (0x5c), as one bit test: bit c - 0x20 of the word below for c < 0x60,
 * and every byte from 0x60 to 0x7f.  The engine's name is checked byte by
 * byte every packet (a caller's format may name its family anything):
 * four compares a byte were ~1.3% of the a630 quarter stream's decode
 * --json ("adreno", callgrind). */
static inline bool plain_char(char c)
{
	const uint64_t plain = ~(1ull << ('"' - 0x20) | 1ull << ('\\' - 0x20));
	unsigned k = (unsigned char)c - 0x20u; /* wraps for c < 0x20 */
	return k < 64 ? plain >> k & 1 : k < 0x60;
}

/* ---- per-register plans ----
 *
 * A register's object is the same bytes every time but for its value and
 * its fields' values: {"offset":ADDR,"name":"NAME","value": then the value,
 * ,"fields":{"F0": and F0's value, ,"F1": ..., },"enums":{ (and }} when no
 * field has a value list and the format types none).  A plan keeps those
 * constant pieces joined, each field's shift and mask beside them, made
 * the first time the register is written (plan_make) in the caller's
 * struct gk_json_plans (the desc engine keeps one a format: the printer
 * itself takes a const format, docs/json.md), so a register is written
 * as a few 16-byte block copies and its numbers, with one room check:
 * no decimal address, no name copied by length, no per-field name and
 * punctuation pieces.  Registers without fields (half of GFX9's bench
 * registers) are a head copy, the value and one end copy. */

/* One field of a plan: its bits of the value and where its pieces are */
struct jplan_field {
	uint32_t mask;
	uint8_t lo, keylen, ekeylen;
	uint8_t vmax; /* its longest value name (0: no value list) */
	uint16_t key; /* offset of ,"NAME": (the first: ,"fields":{"NAME":) from the plan's start */
	uint16_t ekey; /* of ,"NAME":" ("enums" and "values") */
	uint8_t kind;  /* how its typed value is written (enum gk_value_kind) */
};

struct jplan {
	uint32_t named;   /* bit i: field i has a value list ("enums" may name its value) */
	uint32_t typed;   /* bit i: field i may have a typed value ("values"): its kind is not GK_VK_NUMBER */
	uint16_t room;    /* the most the whole object takes, with the copies' slack */
	uint16_t end;     /* offset of the end piece */
	uint8_t nf, headlen, endlen, closed; /* closed: the end piece closes the object (no enums, nothing typed) */
	struct jplan_field f[];
	/* then the head piece, the key pieces, the end piece */
};

/* Plans take 16-byte units of the arena; a slot holds a plan's unit (its
 * offset / 16, never 0: the arena's first unit is not used) */
enum {
	JPLAN_NONE = 0xffff, /* a register the plans do not cover: the fast writer writes it */
	JPLAN_ARENA = 512 * 1024, /* room for ~3,000 registers' plans (GFX9's bench stream writes 846 different ones) */
	JPLAN_SLACK = 64, /* the block copies read and write up to 63 bytes past a piece (put_blocks64) */
	JPLAN_TEXT = 64 /* the room a typed value's text is given (json_reg_values' cap) */
};

struct gk_json_plans {
	const struct gk_reg *pool; /* the format's register rows (fmt->regs->pool) */
	size_t npool;              /* rows [0, npool) of it its table lists can be planned */
	bool typed;                /* the format has reg_value_text: "values" after "enums" */
	uint8_t (*kind)(const struct gk_reg_field *); /* the format's reg_value_kind (NULL: every field GK_VK_HOOK) */
	/* the format's family name (fmt->family when made) and its length
	 * when it needs no escaping and is at most 64 bytes (0: not so):
	 * json_head_fast copies it, where it checked every byte of it a
	 * packet */
	const char *family;
	uint8_t famlen;
	char famtext[64 + 32]; /* its bytes, for put_blocks: what is read past them is here */
	uint16_t *slot;            /* by pool row: 0 not yet planned, JPLAN_NONE, or the plan's unit */
	/* by index k of the table (fmt->regs) the plans were made for: 1 when
	 * its row k + 1 is the register at the next address, so a run of
	 * registers goes on with one byte's test, where it loaded row k + 1's
	 * pool index and offset and compared them each register (~1.5 M of the
	 * GFX9 quarter stream's 120 M instructions, callgrind) */
	const uint16_t *regs;      /* that table's regs (NULL: no table) */
	size_t nregs;
	uint8_t *next;
	/* by description index: its packet head's plan (struct jhead), as
	 * slot[] (json_head_fast) */
	uint16_t dslot[GK_MAX_DESCS];
	/* by description index: the plan of a pending unit's "fields"
	 * (struct jfields), as slot[] (json_fields_plan) */
	uint16_t fslot[GK_MAX_DESCS];
	const struct gk_packet_desc *descs; /* fmt->descs when made */
	size_t ndescs;
	char *arena;               /* JPLAN_ARENA bytes and the slack */
	size_t used;               /* bytes of the arena taken (a multiple of 16) */
};

struct gk_json_plans *gk_json_plans_new(const struct gk_format *fmt)
{
	if (!fmt)
		return NULL;
	/* registers' plans when the format has a register table (packet
	 * heads' plans whatever it has) */
	const struct gk_reg_table *t = fmt->regs;
	size_t npool = 0;
	for (size_t k = 0; t && t->pool && t->regs && k < t->nregs; k++)
		if ((size_t)t->regs[k] + 1 > npool)
			npool = (size_t)t->regs[k] + 1;
	struct gk_json_plans *P = calloc(1, sizeof *P);
	if (!P)
		return NULL;
	/* both mostly untouched: the pages a stream's registers reach are
	 * what it costs (calloc and malloc of this size map fresh pages) */
	P->slot = npool ? calloc(npool, sizeof *P->slot) : NULL;
	P->next = npool ? malloc(t->nregs) : NULL;
	P->arena = malloc(JPLAN_ARENA + JPLAN_SLACK);
	if ((npool && (!P->slot || !P->next)) || !P->arena) {
		gk_json_plans_free(P);
		return NULL;
	}
	P->pool = npool ? t->pool : NULL;
	P->npool = npool;
	if (npool) {
		P->regs = t->regs;
		P->nregs = t->nregs;
		for (size_t k = 0; k < t->nregs; k++)
			P->next[k] = k + 1 < t->nregs &&
				     (uint64_t)t->pool[t->regs[k + 1]].offset == (uint64_t)t->pool[t->regs[k]].offset + 4;
	}
	P->descs = fmt->descs;
	P->ndescs = fmt->ndescs < GK_MAX_DESCS ? fmt->ndescs : GK_MAX_DESCS;
	P->typed = fmt->reg_value_text != NULL;
	P->kind = fmt->reg_value_kind;
	P->used = 16;
	P->family = fmt->family;
	size_t n = 0;
	while (fmt->family && n <= 64 && fmt->family[n] && plain_char(fmt->family[n]))
		n++;
	P->famlen = fmt->family && !fmt->family[n] && n <= 64 ? (uint8_t)n : 0;
	memcpy(P->famtext, fmt->family, P->famlen);
	return P;
}

void gk_json_plans_free(struct gk_json_plans *P)
{
	if (!P)
		return;
	free(P->slot);
	free(P->next);
	free(P->arena);
	free(P);
}

static char *plan_piece(char *d, const char *s, size_t n)
{
	memcpy(d, s, n);
	return d + n;
}

/* The plan of pool row i (register r), made into the arena: its slot,
 * JPLAN_NONE when the plans do not cover it (more fields than a plan
 * keeps, a name too long for a piece's length byte, a full arena) */
static __attribute__((noinline)) unsigned plan_make(struct gk_json_plans *P, const struct gk_reg *r, size_t i)
{
	unsigned nf = r->nfields;
	P->slot[i] = JPLAN_NONE;
	if (nf > REG_FIELDS_MAX || (nf && !r->fields) || !r->name || r->namelen > 200)
		return JPLAN_NONE;
	char num[16];
	size_t numlen = (size_t)(put_dec32(num, r->offset) - num);
	size_t headlen = 10 + numlen + 9 + r->namelen + 10; /* {"offset":N,"name":"NAME","value": */
	/* the room: the comma before the object, the head, the value, and
	 * below each field's key and value, its enum or typed value */
	size_t keys = 0, room = 1 + headlen + 10;
	uint32_t named = 0, typed = 0;
	uint8_t kinds[REG_FIELDS_MAX];
	for (unsigned k = 0; k < nf; k++) {
		const struct gk_reg_field *f = &r->fields[k];
		if (!f->name || f->namelen > 200 || (f->nvalues && !f->values))
			return JPLAN_NONE;
		size_t kl = (k ? 2 : 12) + f->namelen + 2; /* ,"NAME": or ,"fields":{"NAME": */
		size_t el = f->namelen + 5;                /* ,"NAME":" */
		keys += kl + el;
		room += kl + 10;
		size_t vmax = 0;
		for (unsigned n = 0; n < f->nvalues; n++)
			vmax = f->values[n].namelen > vmax ? f->values[n].namelen : vmax;
		if (f->nvalues) {
			named |= 1u << k;
			room += el + vmax + 1; /* ,"NAME":"VALUE" */
		}
		/* how the field's typed value is written, asked once here:
		 * a field the format never types costs nothing at each value
		 * (the hook's call returned nothing for ~93,000 of the a630
		 * quarter stream's 349,000 fields, callgrind) */
		kinds[k] = !P->typed ? GK_VK_NUMBER : P->kind ? P->kind(f) : GK_VK_HOOK;
		if (kinds[k] != GK_VK_NUMBER) {
			typed |= 1u << k;
			room += 11 + el + JPLAN_TEXT + 1; /* ,"values":{ ,"NAME":" the text " */
		}
	}
	bool closed = !named && !typed;
	size_t endlen = (nf ? 11 : 22) + (closed ? 2 : 0); /* },"enums":{ or ,"fields":{},"enums":{, and }} */
	room += endlen + 3 + JPLAN_SLACK; /* and } } } after "enums" and "values" */
	size_t size = sizeof(struct jplan) + nf * sizeof(struct jplan_field) + headlen + keys + endlen;
	size = (size + 15) & ~(size_t)15;
	if (room > 0xffff || size > 0xffff || P->used + size > JPLAN_ARENA)
		return JPLAN_NONE;
	struct jplan *p = (struct jplan *)(void *)(P->arena + P->used);
	char *base = (char *)p, *d = base + sizeof *p + nf * sizeof(struct jplan_field);
	p->named = named;
	p->typed = typed;
	p->room = (uint16_t)room;
	p->nf = (uint8_t)nf;
	p->headlen = (uint8_t)headlen;
	p->closed = closed;
	d = plan_piece(d, "{\"offset\":", 10);
	d = plan_piece(d, num, numlen);
	d = plan_piece(d, ",\"name\":\"", 9);
	d = plan_piece(d, r->name, r->namelen);
	d = plan_piece(d, "\",\"value\":", 10);
	for (unsigned k = 0; k < nf; k++) {
		const struct gk_reg_field *f = &r->fields[k];
		char *key = d;
		d = plan_piece(d, k ? ",\"" : ",\"fields\":{\"", k ? 2 : 12);
		d = plan_piece(d, f->name, f->namelen);
		d = plan_piece(d, "\":", 2);
		p->f[k].key = (uint16_t)(key - base);
		p->f[k].keylen = (uint8_t)(d - key);
		key = d;
		d = plan_piece(d, ",\"", 2);
		d = plan_piece(d, f->name, f->namelen);
		d = plan_piece(d, "\":\"", 3);
		p->f[k].ekey = (uint16_t)(key - base);
		p->f[k].ekeylen = (uint8_t)(d - key);
		p->f[k].lo = (uint8_t)(f->lo & 31);
		p->f[k].mask = (2u << ((f->hi - f->lo) & 31)) - 1u; /* reg_field_value's */
		p->f[k].kind = kinds[k];
	}
	p->end = (uint16_t)(d - base);
	d = plan_piece(d, nf ? "},\"enums\":{" : ",\"fields\":{},\"enums\":{", nf ? 11 : 22);
	if (closed)
		d = plan_piece(d, "}}", 2);
	p->endlen = (uint8_t)(d - (base + p->end));
	unsigned unit = (unsigned)(P->used / 16);
	P->used += size;
	P->slot[i] = (uint16_t)unit;
	return unit;
}

/* A packet head's plan: the pieces of the head that a description's
 * packets share, ,"engine":"FAMILY","name":"NAME","words":[ after the
 * offset, and ],"type":T,"opcode":O[,"sub_opcode":S], after the words
 * for the frame values of the first packet it was made for (a packet
 * whose values differ writes them itself) */
struct jhead {
	uint32_t type;
	int32_t opcode, sub_opcode;
	uint16_t midlen;
	uint8_t taillen, pad;
	/* then the middle piece and the tail piece */
};

/* The head plan of description index di (d) for a packet framed as pkt,
 * made into the arena: its unit, JPLAN_NONE when the plans do not cover
 * it (a family name to escape, a full arena) */
static __attribute__((noinline)) unsigned head_make(struct gk_json_plans *P, const struct gk_format *fmt,
						    const struct gk_packet_desc *d, size_t di, const struct gk_packet *pkt)
{
	P->dslot[di] = JPLAN_NONE;
	size_t nl = d->name ? strlen(d->name) : 0;
	if (!P->famlen || !nl || nl > 255)
		return JPLAN_NONE;
	char tail[96], *t = tail;
	t = plan_piece(t, "],\"type\":", 9);
	t = put_dec32(t, pkt->frame.type);
	t = plan_piece(t, ",\"opcode\":", 10);
	t = pkt->frame.opcode >= 0 ? put_dec32(t, (uint32_t)pkt->frame.opcode) : plan_piece(t, "null", 4);
	if (fmt->has_sub_opcode) {
		t = plan_piece(t, ",\"sub_opcode\":", 14);
		t = pkt->frame.sub_opcode >= 0 ? put_dec32(t, (uint32_t)pkt->frame.sub_opcode) : plan_piece(t, "null", 4);
	}
	*t++ = ',';
	size_t midlen = 11 + P->famlen + 10 + nl + 11; /* ,"engine":"F","name":"N","words":[ */
	size_t taillen = (size_t)(t - tail);
	size_t size = (sizeof(struct jhead) + midlen + taillen + 15) & ~(size_t)15;
	if (P->used + size > JPLAN_ARENA)
		return JPLAN_NONE;
	struct jhead *h = (struct jhead *)(void *)(P->arena + P->used);
	h->type = pkt->frame.type;
	h->opcode = pkt->frame.opcode;
	h->sub_opcode = fmt->has_sub_opcode ? pkt->frame.sub_opcode : 0;
	h->midlen = (uint16_t)midlen;
	h->taillen = (uint8_t)taillen;
	char *m = (char *)(h + 1);
	m = plan_piece(m, ",\"engine\":\"", 11);
	m = plan_piece(m, P->famtext, P->famlen);
	m = plan_piece(m, "\",\"name\":\"", 10);
	m = plan_piece(m, d->name, nl);
	m = plan_piece(m, "\",\"words\":[", 11);
	memcpy(m, tail, taillen);
	unsigned unit = (unsigned)(P->used / 16);
	P->used += size;
	P->dslot[di] = (uint16_t)unit;
	return unit;
}

/* s[0, n) in 16-byte blocks, the first two whatever n is (a key piece
 * ,"NAME": is nearly always under 32 bytes): a piece is two loads and two
 * stores, where gk_put_mem tests its length three ways first and a loop
 * from the first block tested every piece again (6 M instructions of the
 * GFX9 quarter stream's decode --json, callgrind).  What is copied past n
 * (at most 31 bytes; JPLAN_SLACK) is overwritten or past the output's len. */
static inline char *put_blocks(char *d, const char *s, size_t n)
{
	memcpy(d, s, 16);
	memcpy(d + 16, s + 16, 16);
	if (__builtin_expect(n > 32, 0))
		for (size_t k = 32; k < n; k += 16)
			memcpy(d + k, s + k, 16);
	return d + n;
}

/* the same for a head piece {"offset":N,"name":"NAME","value": (39 bytes
 * and the name's and number's lengths): four blocks whatever n is, more
 * for a name over 20 bytes */
static inline char *put_blocks64(char *d, const char *s, size_t n)
{
	memcpy(d, s, 16);
	memcpy(d + 16, s + 16, 16);
	memcpy(d + 32, s + 32, 16);
	memcpy(d + 48, s + 48, 16);
	if (__builtin_expect(n > 64, 0))
		for (size_t k = 64; k < n; k += 16)
			memcpy(d + k, s + k, 16);
	return d + n;
}

/* The pool row of register r for json_register_plan_at, or SIZE_MAX when r
 * is not a row of the plans' pool (one unsigned compare covers both ends) */
static inline size_t plan_row(const struct gk_json_plans *P, const struct gk_reg *r)
{
	size_t off = (size_t)((uintptr_t)r - (uintptr_t)P->pool), i = off / sizeof *r;
	return off < P->npool * sizeof *r && &P->pool[i] == r ? i : SIZE_MAX;
}

/* One register write (r at its own address, row i of the plans' pool:
 * plan_row) from its plan at d, which has left bytes of room; returns the
 * end of what it wrote, NULL (nothing written) when there is no plan for
 * r or no room for it.  The output's position is the caller's: a register
 * run keeps it in locals along the run. */
static inline __attribute__((always_inline)) char *json_register_plan_at(struct gk_json_plans *P,
								       const struct gk_format *fmt,
								       const struct gk_reg *r, size_t i, uint32_t v,
								       bool comma, char *d, size_t left)
{
	unsigned unit = P->slot[i];
	if (!unit)
		unit = plan_make(P, r, i);
	if (unit == JPLAN_NONE)
		return NULL;
	const struct jplan *p = (const struct jplan *)(const void *)(P->arena + 16 * (size_t)unit);
	if (left < p->room)
		return NULL;
	const char *base = (const char *)p;
	*d = ',';
	d += comma;
	d = put_blocks64(d, base + sizeof *p + p->nf * sizeof(struct jplan_field), p->headlen);
	d = put_dec32(d, v);
	/* each field's plan read into a local before its bytes are stored:
	 * through the pointer, the char stores (which may alias anything)
	 * made the compiler load the field's plan and the count again after
	 * every piece (~2 M instructions of GFX9's, callgrind) */
	for (const struct jplan_field *f = p->f, *fe = f + p->nf; f < fe; f++) {
		const struct jplan_field e = *f;
		uint32_t x = (v >> e.lo) & e.mask;
		d = put_blocks(d, base + e.key, e.keylen);
		if (x < 10)
			*d++ = (char)('0' + x);
		else
			d = put_dec32(d, x);
	}
	d = put_blocks(d, base + p->end, p->endlen);
	if (p->closed)
		return d;
	/* "enums": each field with a value list whose value has a name,
	 * ,"NAME":"VALUE" (the first without its comma); vx: those fields */
	uint32_t vx = 0;
	for (uint32_t m = p->named; m; m &= m - 1) {
		unsigned k = (unsigned)__builtin_ctz(m);
		const struct jplan_field *f = &p->f[k];
		const struct gk_reg_value *vn = reg_value_at(&r->fields[k], (v >> f->lo) & f->mask);
		if (!vn)
			continue;
		bool first = !vx;
		d = put_blocks(d, base + f->ekey + first, f->ekeylen - first);
		d = gk_put_mem(d, vn->name, vn->namelen);
		*d++ = '"';
		vx |= 1u << k;
	}
	*d++ = '}';
	/* "values": each field without a name whose value the format types,
	 * its text written where it goes after its key (the key and
	 * ,"values":{ taken back when it has none).  Only the fields whose
	 * kind is not GK_VK_NUMBER are visited; plain numbers, hex and
	 * register ids are written here as the format's reg_value_text
	 * writes them (test_json_plans holds the two to each other), the
	 * rest through it: the hook's call, its frame and its switch were
	 * ~25 M of the a630 quarter stream's 166 M instructions (callgrind). */
	if (p->typed & ~vx) {
		/* ,"values": and every key with its comma, the first comma
		 * made the '{' at the end; all taken back when no field has
		 * text.  Testing for the first field at each was ~3 M of the
		 * a630 quarter stream's instructions (callgrind). */
		char *start = d;
		d = put_lit(d, ",\"values\":");
		char *open = d;
		const struct gk_reg_field *rf = r->fields;
		for (uint32_t m = p->typed & ~vx; m; m &= m - 1) {
			unsigned k = (unsigned)__builtin_ctz(m);
			const struct jplan_field e = p->f[k];
			uint32_t x = (v >> e.lo) & e.mask;
			char *mark = d;
			d = put_blocks(d, base + e.ekey, e.ekeylen);
			switch (e.kind) {
			case GK_VK_UINT:
				d = put_dec32(d, x);
				break;
			case GK_VK_HEX:
				if (x)
					d = gk_put_hex32(d, x);
				else
					*d++ = '0';
				break;
			case GK_VK_REGID:
				*d++ = 'r';
				d = put_dec32(d, x >> 2);
				*d++ = '.';
				*d++ = "xyzw"[x & 3];
				break;
			default: {
				size_t tl = fmt->reg_value_text(&rf[k], x, d, JPLAN_TEXT);
				if (!tl || tl >= JPLAN_TEXT) {
					d = mark;
					continue;
				}
				d += tl;
				break;
			}
			}
			*d++ = '"';
		}
		if (d == open) {
			d = start;
		} else {
			*open = '{'; /* the first key's comma */
			*d++ = '}';
		}
	}
	*d++ = '}';
	return d;
}

/* "registers" of a packet whose groups are register writes (offset and
 * value pairs: a value field's .value_reg), in the shape of a register run's */
static void json_group_registers(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	const struct gk_packet_desc *d = u->desc;
	bool writes = false;
	for (unsigned i = 0; i < d->ngroup; i++)
		writes |= d->group[i].value_reg != 0;
	if (!writes)
		return;
	gk_out_lit(o, ",\"registers\":[");
	bool first = true;
	for (unsigned g = 0; g < u->ngroups; g++) {
		struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
		uint32_t claimed[GK_UNIT_FIXED_DW];
		unsigned n = gk_unit_group(fmt, u, g, gf, claimed);
		for (unsigned i = 0; i < n; i++) {
			if (!gf[i].desc->value_reg)
				continue;
			const struct gk_unit_field *of = gk_unit_value_reg_field(&gf[i], gf, n);
			uint32_t addr;
			if (!of || gf[i].cut || !gk_field_reg_addr(fmt, of->desc, of->value, &addr))
				continue;
			if (!first)
				gk_out_ch(o, ',');
			first = false;
			/* the register the decoder found for the offset field */
			json_register(fmt, of->reg, addr, (uint32_t)gf[i].value, o);
		}
	}
	gk_out_ch(o, ']');
}

/* A register write of a pair group, kept for "registers" */
struct json_write {
	const struct gk_reg *r; /* the decoder's register: no second lookup */
	uint32_t addr, v;
};

/* The register writes of one group of a group_plain description at its
 * words gw, straight from them: what the record loop in json_groups finds
 * among gk_unit_group's records (gk_unit_value_reg_field: the GK_REG field
 * a value field's .value_reg names, when this generation has it and it is
 * whole), appended to wr (*nwr of cap); regs: the registers of the
 * group's GK_REG fields (json_plan_fields_enums).  false: wr is full, nothing kept
 * of this group past it. */
static bool plain_group_writes(const struct gk_format *fmt, const struct gk_packet_desc *d, const uint32_t *gw,
			       const struct gk_reg *const *regs, struct json_write *wr, unsigned *nwr, unsigned cap)
{
	unsigned nf = d->ngroup < GK_UNIT_GROUP_FIELDS ? d->ngroup : GK_UNIT_GROUP_FIELDS;
	unsigned gdw = d->group_dw, gen = fmt->gen_bit;
	for (unsigned i = 0; i < nf; i++) {
		const struct gk_field *f = &d->group[i];
		if (!f->value_reg || (f->gens && !(f->gens & gen)) || f->seg[0].dw >= gdw)
			continue; /* not a value, not on this generation, or cut */
		unsigned want = f->value_reg - 1u;
		const struct gk_field *of = want < nf ? &d->group[want] : 0;
		if (!of || (of->gens && !(of->gens & gen)) || of->seg[0].dw >= gdw || of->kind != GK_REG)
			continue;
		uint64_t ov = desc_value(of, gw, gdw);
		uint32_t addr;
		if (!gk_field_reg_addr(fmt, of, ov, &addr))
			continue;
		if (*nwr == cap)
			return false;
		wr[*nwr].r = regs[want]; /* the register "enums" found for it */
		wr[*nwr].addr = addr;
		wr[(*nwr)++].v = (uint32_t)desc_value(f, gw, gdw);
	}
	return true;
}

/* What every group of a group_plain description has in common, worked out
 * once a unit from the description and the plan (gk_format_plan_json),
 * where json_plan_fields_enums and plain_group_writes asked it of each
 * group: which fields are shown and not cut (a group is always whole), which
 * may have a name, and which value field writes the register which offset
 * field names (plain_group_writes' conditions).  Per group that left the
 * values read once, each offset's address found once, and one room check
 * for the whole group (callgrind, decode --json -g gfx11 -e pm4 quarter
 * bench stream, 51,167 pair groups: 182.7 M instructions before, 177.2 M
 * after). */
struct json_gplan {
	uint16_t shown, named;  /* bit i: group field i in "fields", and of them those that may be in "enums" */
	uint16_t offsets;       /* bit i: a GK_REG field some value field names */
	uint8_t nwrites;
	uint8_t wval[GK_UNIT_GROUP_FIELDS], woff[GK_UNIT_GROUP_FIELDS]; /* value field, its offset field */
	/* each shown field's bits when it is one segment (one: bit i), as
	 * gk_seg_get reads them, with the mask made once: through
	 * desc_value a value was ~30 instructions, four a pair group
	 * (callgrind, GFX11 quarter stream) */
	uint16_t one;
	struct json_gseg {
		uint32_t mask;
		uint8_t dw, lo, pos;
	} seg[GK_UNIT_GROUP_FIELDS];
};

/* false: the fast group writer does not apply (a flag set, whose text goes
 * through json_enum, or no measured room) */
static bool json_gplan_make(const struct gk_format *fmt, const struct gk_packet_desc *d,
			    const struct gk_desc_fast *fast, struct json_gplan *gp)
{
	if (!fast->group_plain || !fast->json_group_room)
		return false;
	unsigned nf = d->ngroup < GK_UNIT_GROUP_FIELDS ? d->ngroup : GK_UNIT_GROUP_FIELDS;
	unsigned gdw = d->group_dw, gen = fmt->gen_bit;
	gp->shown = gp->named = gp->offsets = gp->one = 0;
	gp->nwrites = 0;
	for (unsigned i = 0; i < nf; i++) {
		const struct gk_field *f = &d->group[i];
		if (f->seg[0].dw >= gdw)
			continue; /* cut in every group: not shown */
		if (fast->json_group >> i & 1)
			gp->shown |= (uint16_t)(1u << i);
		if (f->nseg == 1) {
			const struct gk_seg *sg = &f->seg[0];
			gp->one |= (uint16_t)(1u << i);
			gp->seg[i].mask = 0xffffffffu >> (31u - (unsigned)(sg->hi - sg->lo) % 32u);
			gp->seg[i].dw = sg->dw;
			gp->seg[i].lo = sg->lo;
			gp->seg[i].pos = sg->pos;
		}
		if (fast->json_group_named >> i & 1) {
			if (f->kind == GK_FLAGS)
				return false;
			gp->named |= (uint16_t)(1u << i);
		}
		/* plain_group_writes' tests, once */
		if (!f->value_reg || (f->gens && !(f->gens & gen)))
			continue;
		unsigned want = f->value_reg - 1u;
		const struct gk_field *of = want < nf ? &d->group[want] : 0;
		if (!of || (of->gens && !(of->gens & gen)) || of->seg[0].dw >= gdw || of->kind != GK_REG)
			continue;
		if (!(gp->shown >> i & 1))
			return false; /* a value json_plain_group would not read */
		gp->offsets |= (uint16_t)(1u << want);
		gp->wval[gp->nwrites] = (uint8_t)i;
		gp->woff[gp->nwrites++] = (uint8_t)want;
	}
	/* an offset field is a shown GK_REG field: its register comes from
	 * "enums" (plan_json_list puts every GK_REG field it shows there) */
	return (gp->offsets & gp->named) == gp->offsets;
}

/* {"fields":{...},"enums":{...}} of one group at its words gw (a ',' first
 * unless first), the bytes json_plan_fields_enums writes, and its register
 * writes appended to wr (*nwr of cap; *kept false once full, as
 * plain_group_writes).  false, nothing written: no room for the largest
 * the group can take. */
static bool json_plain_group(const struct gk_format *fmt, const struct gk_packet_desc *d,
			     const struct gk_desc_fast *fast, const struct json_gplan *gp, const uint32_t *gw,
			     bool first, struct json_write *wr, unsigned *nwr, unsigned cap, bool *kept,
			     struct gk_out *o)
{
	unsigned gdw = d->group_dw;
	uint64_t v[GK_UNIT_GROUP_FIELDS];
	const char *sym[GK_UNIT_GROUP_FIELDS];
	size_t sl[GK_UNIT_GROUP_FIELDS];
	const struct gk_reg *reg[GK_UNIT_GROUP_FIELDS];
	for (unsigned m = gp->shown; m; m &= m - 1) {
		unsigned i = (unsigned)__builtin_ctz(m);
		const struct json_gseg *sg = &gp->seg[i];
		v[i] = gp->one >> i & 1 ? (uint64_t)((gw[sg->dw] >> sg->lo) & sg->mask) << sg->pos
				      : desc_value(&d->group[i], gw, gdw);
	}
	/* ,{} 3, "fields":{},"enums":{} and the fields: the plan's room; the
	 * enums' ,"NAME":"SYMBOL" once their symbols are known */
	size_t room = 3 + (size_t)fast->json_group_room;
	for (unsigned m = gp->named; m; m &= m - 1) {
		unsigned i = (unsigned)__builtin_ctz(m);
		const struct gk_field *f = &d->group[i];
		sym[i] = gk_field_symbol(fmt, f, v[i], &reg[i]);
		if (sym[i]) {
			sl[i] = reg[i] ? reg[i]->namelen : strlen(sym[i]);
			room += f->namelen + sl[i] + 6;
		}
	}
	if (o->cap - o->len < room)
		return false;
	char *p = o->buf + o->len;
	*p = ',';
	p += !first;
	p = put_lit(p, "{\"fields\":{\"");
	for (unsigned m = gp->shown; m; m &= m - 1) {
		unsigned i = (unsigned)__builtin_ctz(m);
		p = put_field_next(p, d->group[i].name, d->group[i].namelen, v[i]);
	}
	p -= gp->shown ? 2 : 1; /* the last ," or, with no field, the opening quote */
	p = put_lit(p, "},\"enums\":{");
	bool efirst = true;
	for (unsigned m = gp->named; m; m &= m - 1) {
		unsigned i = (unsigned)__builtin_ctz(m);
		if (!sym[i])
			continue;
		p = put_key(p, d->group[i].name, d->group[i].namelen, efirst);
		efirst = false;
		*p++ = '"';
		p = gk_put_mem(p, sym[i], sl[i]);
		*p++ = '"';
	}
	p = put_lit(p, "}}");
	o->len = (size_t)(p - o->buf);
	for (unsigned k = 0; *kept && k < gp->nwrites; k++) {
		unsigned vi = gp->wval[k], oi = gp->woff[k];
		/* the offset field's register, found for "enums", is at the
		 * address: gk_field_reg gives a row only at the address
		 * gk_field_reg_addr makes.  Only an offset no register has is
		 * worked out again, where every pair asked for its space's
		 * bounds twice (~2.2 M of the GFX11 quarter stream's
		 * 146.6 M instructions, callgrind) */
		uint32_t addr;
		if (reg[oi])
			addr = reg[oi]->offset;
		else if (!gk_field_reg_addr(fmt, &d->group[oi], v[oi], &addr))
			continue;
		if (*nwr == cap) {
			*kept = false;
			break;
		}
		wr[*nwr].r = reg[oi]; /* the register "enums" found for it */
		wr[*nwr].addr = addr;
		wr[(*nwr)++].v = (uint32_t)v[vi];
	}
	return true;
}

/* ,"groups":[...] and, when the groups are register writes,
 * ,"registers":[...] of a GK_TAIL_GROUPS unit */
static void json_groups(const struct gk_format *fmt, const struct gk_unit *u, struct gk_json_plans *P, struct gk_out *o)
{
	const struct gk_packet_desc *d = u->desc;
	const struct gk_desc_fast *fast = gk_fast(fmt, d);
	/* the register writes of pair groups, kept as the groups are
	 * decoded for "groups" so that "registers" needs no second
	 * decode (past WRITES_KEPT: json_group_registers decodes again) */
	enum { WRITES_KEPT = 256 };
	struct json_write wr[WRITES_KEPT];
	unsigned nwr = 0;
	bool writes = false, kept = true;
	for (unsigned i = 0; i < d->ngroup; i++)
		writes |= d->group[i].value_reg != 0;
	/* a register pair (group_plain) is written straight from its words,
	 * as the text printer's put_plain_group does: one group's records
	 * from gk_unit_group, read back once, were ~11% of a GFX11 decode
	 * --json (callgrind, quarter bench stream) */
	const struct gk_field *glist[1] = { d->group };
	uint64_t gplan = fast->json_group, gnamed = fast->json_group_named;
	bool plain = fast->group_plain && fast->json_group_room;
	const struct gk_reg *regs[GK_UNIT_GROUP_FIELDS] = { 0 }; /* by group field: its register */
	struct json_gplan gp;
	bool planned = json_gplan_make(fmt, d, fast, &gp);
	gk_out_lit(o, ",\"groups\":[");
	for (unsigned g = 0; g < u->ngroups; g++) {
		const uint32_t *gw = u->pkt.dw + u->tail_begin + g * d->group_dw;
		if (planned && json_plain_group(fmt, d, fast, &gp, gw, g == 0, wr, &nwr, writes ? WRITES_KEPT : 0,
						&kept, o))
			continue;
		if (g)
			gk_out_ch(o, ',');
		gk_out_ch(o, '{');
		if (plain &&
		    json_plan_fields_enums(fmt, glist, &gplan, &gnamed, 1, fast->json_group_room, gw, d->group_dw, regs, o)) {
			gk_out_ch(o, '}');
			if (writes && kept)
				kept = plain_group_writes(fmt, d, gw, regs, wr, &nwr, WRITES_KEPT);
			continue;
		}
		struct gk_unit_field gf[GK_UNIT_GROUP_FIELDS];
		uint32_t claimed[GK_UNIT_FIXED_DW];
		unsigned n = gk_unit_group(fmt, u, g, gf, claimed);
		json_fields_enums(fmt, gf, n, o);
		gk_out_ch(o, '}');
		for (unsigned i = 0; writes && kept && i < n; i++) {
			if (!gf[i].desc->value_reg)
				continue; /* an offset field: no call to find none */
			const struct gk_unit_field *of = gk_unit_value_reg_field(&gf[i], gf, n);
			uint32_t addr;
			if (!of || gf[i].cut || !gk_field_reg_addr(fmt, of->desc, of->value, &addr))
				continue;
			if (nwr == WRITES_KEPT) {
				kept = false;
				break;
			}
			wr[nwr].r = of->reg; /* the decoder's: no second lookup */
			wr[nwr].addr = addr;
			wr[nwr++].v = (uint32_t)gf[i].value;
		}
	}
	gk_out_ch(o, ']');
	if (writes && kept) {
		gk_out_lit(o, ",\"registers\":[");
		for (unsigned k = 0; k < nwr; k++) {
			const struct gk_reg *r = wr[k].r;
			if (P && o->buf) {
				/* planned registers (a plan has the register's own
				 * address) with the output's position in locals, as
				 * a register run's */
				char *p = o->buf + o->len, *end = o->buf + o->cap, *e = NULL;
				for (; k < nwr; k++) {
					r = wr[k].r;
					size_t row = r && r->offset == wr[k].addr ? plan_row(P, r) : SIZE_MAX;
					if (row == SIZE_MAX ||
					    !(e = json_register_plan_at(P, fmt, r, row, wr[k].v, k != 0, p, (size_t)(end - p))))
						break;
					p = e;
				}
				o->len = (size_t)(p - o->buf);
				if (k == nwr)
					break;
			}
			if (r && json_register_fast(fmt, r, wr[k].addr, wr[k].v, k != 0, o))
				continue;
			if (k)
				gk_out_ch(o, ',');
			json_register_slow(fmt, wr[k].r, wr[k].addr, wr[k].v, o);
		}
		gk_out_ch(o, ']');
	} else {
		json_group_registers(fmt, u, o);
	}
}

void gk_json_diags(const struct gk_diag *d, size_t n, size_t dropped, struct gk_out *o)
{
	if (!gk_out_usable(o))
		return; /* a NULL gk_out is a no-op (stream.h) */
	if ((!d || !n) && !dropped) { /* nearly every packet */
		gk_out_lit(o, ",\"diagnostics\":[]");
		return;
	}
	gk_out_lit(o, ",\"diagnostics\":[");
	for (size_t i = 0; d && i < n; i++) {
		const struct gk_diag *x = &d[i];
		if (i)
			gk_out_ch(o, ',');
		gk_out_str(o, x->severity == GK_ERROR ? "{\"severity\":\"error\",\"code\":\""
						      : "{\"severity\":\"warning\",\"code\":\"");
		gk_out_str(o, gk_diag_code_name(x->code));
		gk_out_lit(o, "\",\"offset\":");
		gk_json_uint(o, x->offset);
		gk_out_lit(o, ",\"dw\":");
		if (x->dw >= 0)
			gk_out_dec(o, (uint64_t)x->dw);
		else
			gk_out_lit(o, "null");
		gk_out_lit(o, ",\"bits\":");
		if (x->lo >= 0 && x->hi >= x->lo) {
			gk_out_ch(o, '[');
			gk_out_dec(o, (uint64_t)x->hi);
			gk_out_ch(o, ',');
			gk_out_dec(o, (uint64_t)x->lo);
			gk_out_ch(o, ']');
		} else {
			gk_out_lit(o, "null");
		}
		gk_out_lit(o, ",\"field\":");
		if (x->field)
			gk_out_json_str(o, x->field, strlen(x->field));
		else
			gk_out_lit(o, "null");
		gk_out_lit(o, ",\"message\":");
		gk_out_json_str(o, x->message, gk_diag_message_len(x));
		if (x->rule) { /* lint diagnostics only */
			gk_out_lit(o, ",\"rule\":");
			gk_out_json_str(o, x->rule, strlen(x->rule));
		}
		if (x->section) {
			gk_out_lit(o, ",\"section\":");
			gk_out_json_str(o, x->section, strlen(x->section));
		}
		gk_out_ch(o, '}');
	}
	gk_out_ch(o, ']');
	if (dropped) {
		gk_out_lit(o, ",\"diagnostics_dropped\":");
		gk_out_dec(o, dropped);
	}
}

static void json_diags_of(const struct gk_diags *dg, struct gk_out *o)
{
	if (!dg || (!dg->n && !dg->dropped)) { /* nearly every unit: no call */
		gk_out_lit(o, ",\"diagnostics\":[]");
		return;
	}
	/* a caller's container may claim more than it holds */
	gk_json_diags(dg ? dg->d : 0, dg ? (dg->n < GK_MAX_DIAGS ? dg->n : GK_MAX_DIAGS) : 0, dg ? dg->dropped : 0, o);
}

/* JSON-escapes text into another output, dropping the final newline. */
struct esc {
	struct gk_out *to;
	bool pending_nl;
};

static int esc_write(void *ctx, const void *p, size_t n)
{
	struct esc *e = ctx;
	const char *s = p;
	if (!n)
		return 0;
	if (e->pending_nl)
		gk_out_mem(e->to, "\\n", 2);
	e->pending_nl = s[n - 1] == '\n';
	if (e->pending_nl)
		n--;
	gk_out_json_body(e->to, s, n);
	return 0;
}

/* {"offset","engine","name","words","type","opcode"[,"sub_opcode"] of a
 * packet, piece by piece */
static void json_head(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	const struct gk_packet *pkt = &u->pkt;
	const struct gk_packet_desc *d = u->desc;
	gk_out_lit(o, "{\"offset\":");
	gk_json_uint(o, pkt->offset);
	gk_out_lit(o, ",\"engine\":");
	gk_out_json_str(o, fmt->family, strlen(fmt->family));
	gk_out_lit(o, ",\"name\":");
	if (d)
		table_str(o, d->name);
	else
		gk_out_lit(o, "null");
	gk_out_lit(o, ",\"words\":");
	gk_out_json_words(o, pkt->dw, pkt->ndw);
	gk_out_lit(o, ",\"type\":");
	gk_out_dec(o, pkt->frame.type);
	gk_out_lit(o, ",\"opcode\":");
	if (pkt->frame.opcode >= 0)
		gk_out_dec(o, (uint64_t)pkt->frame.opcode);
	else
		gk_out_lit(o, "null");
	if (fmt->has_sub_opcode) {
		gk_out_lit(o, ",\"sub_opcode\":");
		if (pkt->frame.sub_opcode >= 0)
			gk_out_dec(o, (uint64_t)pkt->frame.sub_opcode);
		else
			gk_out_lit(o, "null");
	}
}

/* the words of a packet head, w[0, n) (n >= 1) as decimals with commas:
 * the first outside the loop, where each word tested for it */
static inline char *put_words(char *p, const uint32_t *w, size_t n)
{
	p = put_dec32(p, w[0]);
	for (size_t i = 1; i < n; i++) {
		*p++ = ',';
		p = put_dec32(p, w[i]);
	}
	return p;
}

/* ],"type":T,"opcode":O[,"sub_opcode":S], after a packet head's words */
static char *put_head_tail(const struct gk_format *fmt, const struct gk_packet *pkt, char *p)
{
	p = put_lit(p, "],\"type\":");
	p = put_dec32(p, pkt->frame.type);
	p = put_lit(p, ",\"opcode\":");
	if (pkt->frame.opcode >= 0) {
		p = put_dec32(p, (uint32_t)pkt->frame.opcode);
	} else {
		p = put_lit(p, "null");
	}
	if (fmt->has_sub_opcode) {
		p = put_lit(p, ",\"sub_opcode\":");
		if (pkt->frame.sub_opcode >= 0) {
			p = put_dec32(p, (uint32_t)pkt->frame.sub_opcode);
		} else {
			p = put_lit(p, "null");
		}
	}
	*p++ = ','; /* before "fields" */
	return p;
}

/* A description's "fields" plan: the fields of its JSON plan
 * (gk_desc_fast.json[0], then json[1]) in order, each one's name as a
 * piece for put_blocks and, for a field of one segment, its bits as
 * gk_seg_get reads them with the mask made once */
struct jfield {
	const struct gk_field *f;
	uint32_t mask;
	uint16_t key;          /* offset of its name from the plan's start */
	uint8_t keylen, dw, lo, pos, one;
};

struct jfields {
	uint32_t n;
	struct jfield e[];
	/* then the names */
};

/* The fields plan of description index di (d, its JSON plan fast): its
 * unit, JPLAN_NONE when the plans do not cover it (a name the tables did
 * not measure, a full arena) */
static __attribute__((noinline)) unsigned fields_make(struct gk_json_plans *P, const struct gk_packet_desc *d,
						      const struct gk_desc_fast *fast, size_t di)
{
	P->fslot[di] = JPLAN_NONE;
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	size_t n = 0, names = 0;
	for (unsigned l = 0; l < 2; l++)
		for (uint64_t m = fast->json[l]; m; m &= m - 1) {
			const struct gk_field *f = &lists[l][__builtin_ctzll(m)];
			if (!f->namelen || !f->nseg)
				return JPLAN_NONE;
			n++;
			names += f->namelen;
		}
	size_t size = (sizeof(struct jfields) + n * sizeof(struct jfield) + names + 15) & ~(size_t)15;
	if (P->used + size > JPLAN_ARENA || size > 0xffff)
		return JPLAN_NONE;
	struct jfields *J = (struct jfields *)(void *)(P->arena + P->used);
	char *base = (char *)J, *k = base + sizeof *J + n * sizeof(struct jfield);
	J->n = (uint32_t)n;
	n = 0;
	for (unsigned l = 0; l < 2; l++)
		for (uint64_t m = fast->json[l]; m; m &= m - 1) {
			const struct gk_field *f = &lists[l][__builtin_ctzll(m)];
			const struct gk_seg *sg = &f->seg[0];
			struct jfield *e = &J->e[n++];
			e->f = f;
			e->key = (uint16_t)(k - base);
			e->keylen = (uint8_t)f->namelen;
			k = plan_piece(k, f->name, f->namelen);
			e->dw = sg->dw;
			e->lo = sg->lo;
			e->pos = sg->pos;
			e->one = f->nseg == 1;
			e->mask = 0xffffffffu >> (31u - (unsigned)(sg->hi - sg->lo) % 32u); /* gk_seg_get's */
		}
	unsigned unit = (unsigned)(P->used / 16);
	P->used += size;
	P->fslot[di] = (uint16_t)unit;
	return unit;
}

/* json_desc_fields_enums with the description's fields plan: "fields"
 * from the plan (each name one block copy, a one-segment value by the
 * plan's shift and mask), "enums" as json_plan_fields_enums writes them;
 * false, nothing written, as json_desc_fields_enums (no room, no plan) */
static bool json_desc_fields_planned(struct gk_json_plans *P, const struct gk_format *fmt,
				     const struct gk_packet_desc *d, const struct gk_desc_fast *fast,
				     const uint32_t *dw, size_t ndw, struct gk_out *o)
{
	if (P->descs != fmt->descs || (size_t)(d - fmt->descs) >= P->ndescs)
		return false;
	size_t di = (size_t)(d - fmt->descs);
	unsigned unit = P->fslot[di];
	if (!unit)
		unit = fields_make(P, d, fast, di);
	/* the plan's room and the block copies' slack */
	if (unit == JPLAN_NONE || !fast->json_room || o->cap - o->len < (size_t)fast->json_room + JPLAN_SLACK)
		return false;
	const struct jfields *J = (const struct jfields *)(const void *)(P->arena + 16 * (size_t)unit);
	const char *base = (const char *)J;
	char *p = o->buf + o->len;
	p = put_lit(p, "\"fields\":{\"");
	bool first = true;
	for (const struct jfield *f = J->e, *fe = f + J->n; f < fe; f++) {
		const struct jfield e = *f; /* before the stores, which may alias it */
		if (e.dw >= ndw)
			continue; /* cut: not shown */
		uint64_t v = e.one ? (uint64_t)((dw[e.dw] >> e.lo) & e.mask) << e.pos : desc_value(e.f, dw, ndw);
		/* NAME":VALUE," as put_field_next writes it */
		p = put_blocks(p, base + e.key, e.keylen);
		if (v <= UINT32_MAX) {
			p = put_val_next(p, (uint32_t)v);
		} else {
			p = put_lit(p, "\":");
			if (v < (1ull << 53)) {
				p = put_dec_wide(p, v);
			} else {
				*p++ = '"';
				p = gk_put_hex64(p, v);
				*p++ = '"';
			}
			p = put_lit(p, ",\"");
		}
		first = false;
	}
	p -= first ? 1 : 2; /* the opening quote with no field, else the last ," */
	p = put_lit(p, "},\"enums\":{");
	o->len = (size_t)(p - o->buf);
	const struct gk_field *lists[2] = { d->hdr, d->fields };
	json_plan_enums(fmt, lists, fast->json_named, 2, dw, ndw, NULL, o);
	return true;
}

/* json_head and the ',' after it straight into the buffer, with one room
 * check for all of it (every packet has one; piece by piece it cost ~400
 * instructions a packet).  false (nothing written): no room, an offset
 * past 32 bits, or an engine name that needs escaping (a caller's own
 * format). */
static bool json_head_fast(const struct gk_format *fmt, const struct gk_unit *u, struct gk_json_plans *P,
			   struct gk_out *o)
{
	const struct gk_packet *pkt = &u->pkt;
	const struct gk_packet_desc *d = u->desc;
	/* the name's length from the text printer's plan (a strlen a packet
	 * was ~1% of GFX9's decode --json; 0: over 255 or not planned) */
	size_t nl = d ? gk_fast(fmt, d)->print_namelen : 4;
	if (d && !nl)
		nl = strlen(d->name);
	if (pkt->offset > UINT32_MAX || pkt->ndw > 4096)
		return false;
	/* the keys and punctuation are 88 bytes with sub_opcode and the ','
	 * after the head; 11 bytes a word, 10 a number; the family's name 64
	 * at most (checked below) */
	size_t need = 89 + 64 + nl + 11 * (size_t)pkt->ndw + 4 * 10;
	if (P && d && P->descs == fmt->descs && (size_t)(d - fmt->descs) < P->ndescs) {
		/* the description's head plan: the engine's and the
		 * description's names and the keys around them one block
		 * copy, the frame's values after the words another (a
		 * packet's head piece by piece was ~60 instructions more,
		 * callgrind) */
		size_t di = (size_t)(d - fmt->descs);
		unsigned unit = P->dslot[di];
		if (!unit)
			unit = head_make(P, fmt, d, di, pkt);
		/* the head's bound above and the block copies' slack */
		if (unit != JPLAN_NONE && o->cap - o->len >= need + JPLAN_SLACK) {
			const struct jhead *h = (const struct jhead *)(const void *)(P->arena + 16 * (size_t)unit);
			const char *mid = (const char *)(h + 1);
			char *p = o->buf + o->len;
			p = put_lit(p, "{\"offset\":");
			p = put_dec32(p, (uint32_t)pkt->offset);
			p = put_blocks64(p, mid, h->midlen);
			p = put_words(p, pkt->dw, pkt->ndw);
			if (pkt->frame.type == h->type && pkt->frame.opcode == h->opcode &&
			    (!fmt->has_sub_opcode || pkt->frame.sub_opcode == h->sub_opcode))
				p = put_blocks(p, mid + h->midlen, h->taillen);
			else
				p = put_head_tail(fmt, pkt, p);
			o->len = (size_t)(p - o->buf);
			return true;
		}
	}
	if (o->cap - o->len < need)
		return false;
	char *p = o->buf + o->len;
	p = put_lit(p, "{\"offset\":");
	p = put_dec32(p, (uint32_t)pkt->offset);
	p = put_lit(p, ",\"engine\":\"");
	/* the family's name measured, checked and copied in one pass (a
	 * strlen and a check loop a packet were ~1% of GFX11 JSON); anything
	 * to escape or too long: nothing is kept (o->len not moved) and the
	 * caller writes it piece by piece */
	if (P && P->famlen && P->family == fmt->family) {
		/* measured and checked once by the plans: ~1.3% of GFX9's
		 * decode --json checked it byte by byte (callgrind) */
		p = put_blocks(p, P->famtext, P->famlen); /* what it writes past them: inside need's 64 */
	} else {
		for (const char *f = fmt->family; *f; f++) {
			if (f - fmt->family >= 64 || !plain_char(*f))
				return false;
			*p++ = *f;
		}
	}
	if (d) {
		p = put_lit(p, "\",\"name\":\"");
		p = gk_put_mem(p, d->name, nl);
		p = put_lit(p, "\",\"words\":[");
	} else {
		p = put_lit(p, "\",\"name\":null,\"words\":[");
	}
	p = put_words(p, pkt->dw, pkt->ndw);
	p = put_head_tail(fmt, pkt, p);
	o->len = (size_t)(p - o->buf);
	return true;
}

void gk_json_packet(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_diags *dg,
		    unsigned flags, struct gk_out *o)
{
	if (!fmt || !pkt || !pkt->dw || !pkt->ndw || !gk_out_usable(o))
		return;
	struct gk_unit u;
	gk_unit_decode(fmt, pkt, NULL, &u);
	gk_unit_json_diags(fmt, &u, dg, flags, o);
}

void gk_unit_json(const struct gk_format *fmt, const struct gk_unit *u, unsigned flags, struct gk_out *o)
{
	gk_unit_json_diags(fmt, u, u ? u->diags : NULL, flags, o);
}

void gk_unit_json_diags(const struct gk_format *fmt, const struct gk_unit *u, const struct gk_diags *dg,
			unsigned flags, struct gk_out *o)
{
	gk_unit_json_plans(fmt, u, dg, flags, NULL, o);
}

void gk_unit_json_plans(const struct gk_format *fmt, const struct gk_unit *u, const struct gk_diags *dg,
			unsigned flags, struct gk_json_plans *P, struct gk_out *o)
{
	if (!fmt || !u || !u->pkt.dw || !u->pkt.ndw || !gk_out_usable(o))
		return;
	const struct gk_packet *pkt = &u->pkt;
	const struct gk_packet_desc *d = u->desc;
	const uint32_t *dw = pkt->dw;
	size_t ndw = pkt->ndw;
	if (!json_head_fast(fmt, u, P, o)) { /* the fast head ends with the ',' */
		json_head(fmt, u, o);
		gk_out_ch(o, ',');
	}
	/* A simple unit not yet filled (gk_unit_decode_lazy) is printed
	 * straight from its words, as the text printer does (gk_unit_text);
	 * nothing below reads its records, so it stays pending.
	 * tests/core/test_unit.c holds both ways to the same bytes. */
	if (!u->pending || !((P && json_desc_fields_planned(P, fmt, d, gk_fast(fmt, d), dw, ndw, o)) ||
			     json_desc_fields_enums(fmt, d, gk_fast(fmt, d), dw, ndw, o))) {
		gk_unit_fill(u);
		json_fields_enums(fmt, u->fields, u->nfields, o);
	}
	if (d && d->tail == GK_TAIL_REGS) {
		uint64_t addr = u->reg_addr;
		gk_out_lit(o, ",\"registers\":[");
		/* walk the register table along the run, as the text printer does */
		size_t k = gk_format_reg_from(fmt, (uint32_t)u->reg_addr);
		const struct gk_reg *cur = gk_reg_at(fmt->regs, k);
		/* the table's rows in order as gk_reg_at gives them, without a
		 * call a row: a run steps through about one row a register */
		const struct gk_reg_table *t = fmt->regs;
		size_t nregs = cur ? t->nregs : 0;
		/* plans of this table (the pool is the family's: the table must be the same generation's too) */
		struct gk_json_plans *RP = P && P->npool && P->pool == t->pool && P->regs == t->regs && P->nregs == t->nregs ? P : NULL;
		for (unsigned i = u->tail_begin; i < u->tail_end; i++, addr += 4) {
			bool comma = i > u->tail_begin;
			while (cur && cur->offset < addr)
				cur = ++k < nregs ? &t->pool[t->regs[k]] : NULL;
			if (cur && cur->offset == addr && RP && t->regs[k] < RP->npool && o->buf) {
				/* a plan by the row the walk is at (t->pool: the
				 * plans' pool), and the registers after it while
				 * each is the table's next row at the next address,
				 * with the output's position in locals: through the
				 * gk_out each register loaded and stored it, and the
				 * walk tested its row again (~2 M of GFX9's
				 * instructions, callgrind) */
				char *p = o->buf + o->len, *end = o->buf + o->cap, *e;
				while ((e = json_register_plan_at(RP, fmt, cur, t->regs[k], dw[i], comma, p,
								  (size_t)(end - p)))) {
					p = e;
					comma = true;
					if (i + 1 == u->tail_end || !RP->next[k])
						break; /* RP->next: row k + 1 is at addr + 4 (and below npool, its bound) */
					i++;
					addr += 4;
					cur = &t->pool[t->regs[++k]];
				}
				o->len = (size_t)(p - o->buf);
				if (e)
					continue; /* register i written */
			}
			/* the fast writer straight from here: through json_register
			 * it was one more call a register (~4 M of the GFX9
			 * quarter stream's 206 M instructions, callgrind) */
			if (cur && cur->offset == addr && json_register_fast(fmt, cur, (uint32_t)addr, dw[i], comma, o))
				continue;
			if (comma)
				gk_out_ch(o, ',');
			json_register_slow(fmt, cur && cur->offset == addr ? cur : NULL, (uint32_t)addr, dw[i], o);
		}
		gk_out_ch(o, ']');
	} else if (d && d->tail == GK_TAIL_DATA) {
		gk_out_lit(o, ",\"data\":");
		gk_out_json_words(o, dw + u->tail_begin, u->tail_end > u->tail_begin ? u->tail_end - u->tail_begin : 0);
	} else if (d && d->tail == GK_TAIL_GROUPS) {
		json_groups(fmt, u, P, o);
	}
	if (d && u->extra_begin < ndw) {
		gk_out_lit(o, ",\"extra\":");
		gk_out_json_words(o, dw + u->extra_begin, ndw - u->extra_begin);
	}
	if (!(flags & GK_JSON_TEXT) && (!dg || (!dg->n && !dg->dropped))) {
		/* nearly every unit: its end in one piece */
		gk_out_lit(o, ",\"diagnostics\":[]}\n");
		return;
	}
	json_diags_of(dg, o);
	if (flags & GK_JSON_TEXT) {
		/* the packet's assembly text, escaped on the way through */
		gk_out_lit(o, ",\"text\":\"");
		char tb[1024];
		struct esc e = { o, false };
		struct gk_out t = { tb, 0, sizeof tb, esc_write, &e, 0, 0 };
		gk_unit_text(fmt, u, false, &t);
		gk_out_flush(&t);
		gk_out_ch(o, '"');
	}
	gk_out_lit(o, "}\n");
}

void gk_json_end(const char *engine, uint64_t end, const struct gk_diags *dg, struct gk_out *o)
{
	if (!dg || !dg->n || !gk_out_usable(o))
		return;
	gk_out_lit(o, "{\"offset\":");
	gk_json_uint(o, end);
	gk_out_lit(o, ",\"engine\":");
	if (engine)
		gk_out_json_str(o, engine, strlen(engine));
	else
		gk_out_lit(o, "null");
	gk_out_lit(o, ",\"end\":true");
	json_diags_of(dg, o);
	gk_out_lit(o, "}\n");
}
