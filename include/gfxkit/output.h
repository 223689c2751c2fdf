/* Output: the buffered writer every printer writes through (struct gk_out),
 * output collected in memory, JSON pieces, and the text and JSON printers of
 * a packet and its diagnostics. */
#ifndef GFXKIT_OUTPUT_H
#define GFXKIT_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gk_packet;
struct gk_diags;

typedef int (*gk_write_fn)(void *ctx, const void *p, size_t n);

/* Output collects in buf[0, cap) and goes to write when it is full (and on
 * gk_out_flush).  No buffer (buf NULL or cap 0) with a write callback: every
 * piece goes straight to the callback.  No buffer and no callback: nothing is
 * written and everything counts as dropped (a length query).  A callback
 * returning non-zero sets failed; nothing more is handed to it. */
struct gk_out {
	char *buf;
	size_t len, cap;
	gk_write_fn write;            /* NULL: buffer only, output beyond cap is dropped */
	void *ctx;
	int failed;
	size_t dropped;               /* write NULL: bytes that did not fit */
};
/* A struct gk_out over buf[0, cap) that goes to write(ctx, ...): the one way
 * callers set one up, so a member added to the struct starts zeroed in every
 * caller instead of shifting positional initialisers.  GK_OUT_INIT(NULL, 0,
 * NULL, NULL) is the length query; GK_OUT_INIT(NULL, 0, fn, ctx) writes every
 * piece straight to fn. */
#define GK_OUT_INIT(buf_, cap_, write_, ctx_) \
	{ .buf = (buf_), .len = 0, .cap = (cap_), .write = (write_), .ctx = (ctx_), .failed = 0, .dropped = 0 }

/* Every function taking a struct gk_out does nothing when it is NULL. */
void gk_out_flush(struct gk_out *o);
/* p NULL with n > 0: nothing is written and o->failed is set. */
void gk_out_mem(struct gk_out *o, const void *p, size_t n);
/* s NULL: nothing is written. */
void gk_out_str(struct gk_out *o, const char *s);

/* The printers write nothing when fmt, pkt or o is NULL or the packet is
 * empty; dg may be NULL (no diagnostics), and a dg->n beyond the array is
 * read as GK_MAX_DIAGS. */
/* Assembly text of one packet, the form gk_asm reads back. */
void gk_text_packet(const struct gk_format *fmt, const struct gk_packet *pkt, bool raw_words,
		    struct gk_out *o);
/* Diagnostics as comment lines ("    ; error: ..."). */
void gk_text_diags(const struct gk_diags *dg, struct gk_out *o);
/* JSON Lines, one schema for every engine (docs/json.md, docs/json-schema.json). */
#define GK_JSON_TEXT 1u           /* add "text": the unit's text exactly as the text printer prints it */

/* One JSON object (one line) per packet:
 * Every JSON writer of the library writes valid UTF-8: strings escape control
 * characters, '"' and backslash, and each ill-formed UTF-8 sequence becomes
 * the escape \ufffd.
 * {"offset","engine","name","words","type","opcode"[,"sub_opcode"],"fields","enums"
 *  [,"registers"|"data"|"groups"][,"extra"],"diagnostics"[,"diagnostics_dropped"][,"text"]} */
void gk_json_packet(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_diags *dg,
		    unsigned flags, struct gk_out *o);

/* End-of-stream diagnostics (gk_check_end) as one more JSON line
 * {"offset":END,"engine":ENGINE,"end":true,"diagnostics":[...]}; nothing when there are none. */
void gk_json_end(const char *engine, uint64_t end, const struct gk_diags *dg, struct gk_out *o);

/* Output collected in memory, on the heap: gk_membuf_write is a gk_write_fn
 * over a struct gk_membuf (start it zeroed).  p stays NUL-terminated after
 * its n bytes; the caller frees it (free or gk_free).  When memory runs out
 * the write returns -1 and what was collected stays. */
struct gk_membuf {
	char *p;
	size_t n, cap;
};
int gk_membuf_write(void *ctx, const void *p, size_t n);

/* ,"diagnostics":[...] (and ,"diagnostics_dropped":N when dropped > 0): each
 * {"severity","code","offset","dw","bits","field","message"}, with "code"
 * gk_diag_code_name's, "bits" [high, low] or null, "dw" null when none,
 * and "rule", "section" only when set (lint diagnostics).
 * Every engine's JSON writes its diagnostics through this. */
void gk_json_diags(const struct gk_diag *d, size_t n, size_t dropped, struct gk_out *o);
/* An unsigned integer as JSON: a number below 2^53, else a "0x..." string
 * (so jq and JavaScript read every value exactly). */
void gk_json_uint(struct gk_out *o, uint64_t v);

#ifdef __cplusplus
}
#endif
#endif
