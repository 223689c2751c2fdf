/* The text of a pending unit shorter than its description's fixed dwords
 * (a description with optional dwords left out: Adreno's
 * CP_DRAW_INDX_OFFSET of 4 of its 8 dwords, 7,041 of the a630 quarter
 * bench stream's 54,135 units): its offset, name, fields and count in one
 * line, the bytes gk_unit_text writes for it, without gk_unit_text's
 * general path, its 0x3a8-byte frame and the tests of what such a unit
 * has not (a tail, extra words, groups): callgrind, decode -j 1 on the
 * quarter bench streams, a630 91.82 M -> 90.69 M, GFX9, GFX11, Evergreen
 * and CIK DMA within 0.04%.  A file of its own: in text.c, the function
 * moved GCC's inlining there (the name copies of put_direct_line became
 * calls: GFX9 +0.43 M, CIK DMA +0.36 M). */
#include <stdint.h>
#include <string.h>

#include "layout.h"
#include "out.h"

void gk_unit_text_short(const struct gk_format *fmt, const struct gk_unit *u, struct gk_out *o)
{
	const struct gk_packet_desc *d = u->desc;
	const struct gk_desc_fast *fast = u->fast;
	const uint32_t *dw = u->pkt.dw;
	size_t ndw = u->pkt.ndw;
	unsigned fixed = u->fixed_end;
	/* what gk_unit_text writes besides this line's pieces (notes, a
	 * tail, extra words, bits no field claims) goes its way */
	if (!gk_out_usable(o) || !dw || !ndw || !d || fast->has_notes || u->pkt.offset > UINT32_MAX ||
	    fixed > ndw || fixed > sizeof fast->claimed / sizeof fast->claimed[0] || u->tail_end > u->tail_begin ||
	    u->extra_begin < ndw || u->ngroups) {
		gk_unit_text(fmt, u, false, o);
		return;
	}
	uint32_t any = 0;
	for (unsigned i = 0; i < fixed; i++)
		any |= dw[i] & ~fast->claimed[i];
	if (any) {
		gk_unit_text(fmt, u, false, o);
		return;
	}
	/* "0x%08x: NAME", put_offset's and the name's text, in place (the
	 * name by gk_put_mem's moves, not libc's memcpy) */
	size_t nl = fast->print_namelen ? fast->print_namelen : strlen(d->name);
	if (o->cap - o->len >= 12 + nl) {
		char *p = gk_put_offset(o->buf + o->len, (uint32_t)u->pkt.offset);
		p = gk_put_mem(p, d->name, nl);
		o->len = (size_t)(p - o->buf);
	} else {
		gk_out_hex(o, u->pkt.offset, 8);
		gk_out_put(o, ": ", 2);
		gk_out_put(o, d->name, nl);
	}
	gk_text_direct_fields(fmt, d, fast, dw, ndw, o);
	/* the count the description's length makes (natural, not ndw):
	 * " COUNT=N" and the newline in place when it has room (its name's
	 * length from the table, its number under 2^32) */
	const struct gk_field *cf = u->natural != ndw ? gk_count_field(d) : 0;
	if (cf) {
		uint64_t v = gk_fget(cf, dw, ndw);
		size_t cl = cf->namelen ? cf->namelen : strlen(cf->name);
		if (v <= UINT32_MAX && o->cap - o->len >= cl + 13) {
			char *p = o->buf + o->len;
			*p++ = ' ';
			p = gk_put_mem(p, cf->name, cl);
			*p++ = '=';
			p = gk_put_dec32(p, (uint32_t)v);
			*p++ = '\n';
			o->len = (size_t)(p - o->buf);
			return;
		}
		gk_out_ch(o, ' ');
		gk_out_put(o, cf->name, cl);
		gk_out_ch(o, '=');
		gk_out_dec(o, v);
	}
	gk_out_ch(o, '\n');
}
