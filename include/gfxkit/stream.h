/* Streams of packets: reading words, framing, checking, printing, assembling.
 * Everything works a packet at a time in caller-owned, bounded memory. */
#ifndef GFXKIT_STREAM_H
#define GFXKIT_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/desc.h"
#include "gfxkit/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- input: little-endian binary or hex text, read incrementally ---- */

enum gk_in_format { GK_IN_AUTO, GK_IN_BIN, GK_IN_HEX };

/* Returns bytes read (0 at end), or -1 on error. */
typedef long (*gk_read_fn)(void *ctx, void *buf, size_t cap);

#define GK_IN_RAW 65536u          /* bytes read per call */
#define GK_IN_WORDS (1u << 22)    /* dword window; must hold two of the longest packet (DMA: 2^20 + 9) */
#define GK_IN_SPAN (1u << 17)     /* part of the window used while packets are short (bounded RSS) */

struct gk_input {
	gk_read_fn read;
	void *ctx;
	enum gk_in_format format;     /* resolved from AUTO on the first read */
	/* private */
	uint8_t raw[GK_IN_RAW];
	size_t raw_len, raw_pos;
	bool eof, failed;
	uint8_t carry[4];             /* binary bytes not yet forming a word */
	unsigned ncarry;
	/* hex tokenizer */
	int hx_state;
	uint64_t hx_val;
	unsigned hx_digits;
	bool hx_line_start, hx_prefix, hx_any;
	uint32_t line, col, tok_line, tok_col;
	uint32_t words[GK_IN_WORDS];
	size_t nwords, pos;           /* valid words, first unconsumed */
	uint64_t base;                /* byte offset of words[0] in the stream */
	struct gk_diag error;         /* set when failed */
};

void gk_input_init(struct gk_input *in, gk_read_fn read, void *ctx, enum gk_in_format fmt);

/* The n characters at s as an unsigned number: decimal, or hex after 0x;
 * all of them, no sign, no overflow.  0, or -1 when they are not one (n 0,
 * a NUL among them, s or v NULL). */
int gk_parse_uint(const char *s, size_t n, uint64_t *v);
/* Make at least want words available from in->pos (fewer only at end of
 * input).  Returns the number available, or -1 after an input error
 * (in->error says what and where). */
long gk_input_fill(struct gk_input *in, size_t want);

/* ---- packets ---- */

struct gk_packet;

/* Frame the next packet of the stream and step past it: 1 with *pkt set
 * (pkt->dw stays valid until the next call), 0 at the end, -1 after an
 * input error (in->error says what and where). */
int gk_input_next(struct gk_input *in, const struct gk_format *fmt, struct gk_packet *pkt);

struct gk_packet {
	uint64_t offset;              /* byte offset of dword 0 in the stream */
	const uint32_t *dw;           /* the packet's dwords */
	uint32_t ndw;                 /* dwords present (< frame.ndw when truncated) */
	struct gk_frame frame;
	bool truncated;
};

/* Split a buffer into packets: frames the packet at words[0] (n >= 1).
 * Nothing to frame (fmt or words NULL, n 0) gives an empty packet (ndw 0,
 * no description), which the checker and the printers skip.  pkt NULL:
 * nothing. */
void gk_packet_frame(const struct gk_format *fmt, const uint32_t *words, size_t n, uint64_t offset,
		     struct gk_packet *pkt);

/* Value of the field called name (header or body) that this packet shows;
 * returns 0 and sets *value, or -1 when the packet has no such field here
 * (absent by condition or generation, or cut off by a short COUNT) or an
 * argument is NULL. */
int gk_packet_field(const struct gk_format *fmt, const struct gk_packet *pkt, const char *name, uint64_t *value);

/* ---- check ---- */

#define GK_MAX_DIAGS 16           /* per packet; further ones are summarised */

/* A buffer a stream may touch (check --bo BASE:SIZE). */
struct gk_bo {
	uint64_t base, size;
};

struct gk_check_state {
	const struct gk_bo *bos;      /* caller-owned; bounds are checked when nbos > 0 */
	unsigned nbos;
	uint64_t exec_end[16];        /* pending COND_EXEC/PRED_EXEC region ends */
	uint64_t exec_from[16];
	const char *exec_pkt[16];     /* packet that opened the region */
	uint8_t exec_dw[16], exec_lo[16], exec_hi[16]; /* where its EXEC_COUNT is */
	unsigned nexec;
};

struct gk_diags {
	struct gk_diag d[GK_MAX_DIAGS];
	unsigned n, dropped;
	unsigned errors, warnings;
};

/* The check functions do nothing when a pointer argument is NULL (no
 * diagnostics; an empty packet has none either).  A state whose nexec
 * exceeds its arrays is cut back to them, and nbos counts nothing while
 * bos is NULL. */
void gk_check_init(struct gk_check_state *st);
/* Declare the buffers packets may read and write (kept by pointer, caller-owned);
 * from then on every memory range a packet touches must lie inside one. */
void gk_check_set_buffers(struct gk_check_state *st, const struct gk_bo *bos, unsigned n);
/* Empty *dg before checking the next packet (counts only: cheap per packet). */
void gk_diags_reset(struct gk_diags *dg);
/* Diagnose one packet (appends to *out). */
void gk_check_packet(const struct gk_format *fmt, struct gk_check_state *st, const struct gk_packet *pkt,
		     struct gk_diags *out);
/* End of stream at byte offset end: unfinished EXEC_COUNT regions. */
void gk_check_end(struct gk_check_state *st, uint64_t end, struct gk_diags *out);

/* ---- output ---- */

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
/* One JSON object (one line) per packet.  Every JSON writer of the library
 * writes valid UTF-8: strings escape control characters, '"' and backslash,
 * and each ill-formed UTF-8 sequence in them becomes the escape \ufffd. */
void gk_json_packet(const struct gk_format *fmt, const struct gk_packet *pkt, const struct gk_diags *dg,
		    struct gk_out *o);

/* End-of-stream diagnostics (gk_check_end) as one more JSON line
 * {"offset":END,"end":true,"diagnostics":[...]}; nothing when there are none. */
void gk_json_end(uint64_t end, const struct gk_diags *dg, struct gk_out *o);

/* ---- assembler: text -> words ---- */

typedef int (*gk_emit_fn)(void *ctx, const uint32_t *w, size_t n);

struct gk_asm {
	const struct gk_format *fmt;
	gk_emit_fn emit;
	void *emit_ctx;
	gk_diag_fn diag;
	void *diag_ctx;
	unsigned errors;
	uint32_t line;                /* lines fed so far */
	/* private */
	struct gk_asm_state *st;
};

/* st_mem must be at least gk_asm_state_size() bytes, caller-owned.  With
 * st_mem or fmt NULL every fed line counts as an error (a->errors) and
 * nothing is emitted; emit and diag may be NULL (words and diagnostics are
 * then dropped; errors are still counted).  a NULL: nothing. */
size_t gk_asm_state_size(void);
void gk_asm_init(struct gk_asm *a, const struct gk_format *fmt, void *st_mem, gk_emit_fn emit, void *emit_ctx,
		 gk_diag_fn diag, void *diag_ctx);
/* Feed one line (without its newline): the len bytes at line, read whole (a
 * NUL among them is text like any other).  line NULL with len > 0 counts as
 * an error. */
void gk_asm_line(struct gk_asm *a, const char *line, size_t len);
/* End of input: emit the last packet. */
void gk_asm_finish(struct gk_asm *a);

#ifdef __cplusplus
}
#endif
#endif
