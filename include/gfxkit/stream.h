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

enum gk_in_format {
	GK_IN_AUTO,
	GK_IN_BIN,          /* little-endian binary */
	GK_IN_HEX,          /* hex words ("ADDRESS:" labels allowed) */
	GK_IN_RADEON_RING,  /* radeon debugfs ring dump: header, "r[%5d]=0x%08x" with " *" / " #" */
	GK_IN_KLOG,         /* kernel log lines carrying "ib[%d]=0x%08X" or "r[%5d]=0x%08x" */
	GK_IN_OD,           /* od -A x -t x4/x2/x1 and hexdump's default / -x output (hex addresses) */
	GK_IN_HEXDUMP_C,    /* hexdump -C */
	GK_IN_XXD,          /* xxd and xxd -e */
	GK_IN_UMR,          /* umr ring / IB listings: "[VMID@0xADDR + 0xOFF] [0xWORD] ..." */
	GK_IN_AMDGPU_RING,  /* amdgpu debugfs ring file: binary rptr, wptr, driver wptr, then the ring */
	GK_IN_DEVCOREDUMP,  /* amdgpu devcoredump text: one of its rings (gk_input_set_ring) */
};

/* Ring markers (gk_input_marks): which pointer sits where. */
#define GK_MARK_RPTR 1u         /* the read pointer: what the CP fetches next */
#define GK_MARK_WPTR 2u         /* the hardware write pointer */
#define GK_MARK_RPTR_NEXT 4u    /* the saved rptr (radeon's "rptr next", " #") */
#define GK_MARK_DRIVER_WPTR 8u  /* the driver's copy of the wptr */

/* "bin", "hex", "radeon-ring", "klog", "od", "hexdump-c", "xxd", "umr",
 * "amdgpu-ring", "devcoredump", "auto"; NULL for a value outside the enum. */
const char *gk_in_format_name(enum gk_in_format f);
/* The format called name (as gk_in_format_name spells it): 0, or -1. */
int gk_in_format_parse(const char *name, enum gk_in_format *f);
/* The formats, for usage and error messages: "hex, radeon-ring, ..." */
const char *gk_in_format_list(void);

/* Returns bytes read (0 at end, at most cap), or -1 on error.  Any other
 * value (more than cap, or below -1) is not trusted: the reader stops with
 * an I/O error. */
typedef long (*gk_read_fn)(void *ctx, void *buf, size_t cap);
/* A gk_read_fn over a stdio FILE * (ctx): fread, -1 on a read error. */
long gk_read_stdio(void *file, void *buf, size_t cap);
/* Bytes already in memory, read from pos on (the caller's; pos advances). */
struct gk_bytes {
	const void *p;
	size_t n, pos;
};
/* A gk_read_fn over a struct gk_bytes (ctx): 0 once pos reaches n, -1 for
 * a NULL source or buffer, or a NULL p with n bytes to give. */
long gk_read_bytes(void *bytes, void *buf, size_t cap);

#define GK_IN_MAX_WANT (1u << 21) /* most words gk_input_fill makes available at once */

/* An input reader: an opaque handle owning its buffers.  Memory stays a
 * fixed small amount (under 1 MB) while packets are short and grows only to
 * about twice the longest want given to gk_input_fill, whatever the input
 * size.
 *
 * The stream is a sequence of units of unit_bytes (4 or 8) bytes, seen as
 * 32-bit words in memory order (a 64-bit unit is two words, low first):
 *  - binary: each unit little-endian; a length that is not a whole number
 *    of units is an error (code GK_D_TRUNCATED) at the offset of the
 *    partial unit, after the whole ones.
 *  - hex text: tokens separated by white space or commas; '#' and ';'
 *    start a comment to the end of the line; "0x" is optional.
 *    4-byte units: a token is one word of up to 8 significant digits;
 *    "ADDRESS:" at a line start is skipped.
 *    8-byte units (ir3 instructions, as `gfxkit decode -e isa` always read
 *    them): a token of up to 8 digits is a 32-bit word and two of them, low
 *    first, make a unit; a token of 9 to 16 digits (leading zeros count) is
 *    one unit, and may be written as Mesa prints it, HHHHHHHH_LLLLLLLL (the
 *    '_' only after the 8th of 16 digits); any token ending in ':' is an
 *    offset label and skipped; a 32-bit word left without its high half is
 *    an error.
 *  - AUTO: text when the first 16 KiB (or the whole input when shorter) are
 *    printable ASCII, white space or UTF-8, or when only a few of their
 *    bytes are not and most of their lines are of one text form (a damaged
 *    dump: an error at its first bad byte, never binary words); else
 *    binary.  Octal and decimal od / hexdump output, and od addresses in
 *    octal or decimal, are refused (an error at the first number, naming
 *    the od command that gives hex), and so is UTF-16 text (a byte-order
 *    mark, then a NUL beside every character).
 *  - any text: a byte text never holds (a NUL, a control byte other than
 *    white space, bytes that are not UTF-8) is an error at its line and
 *    column.
 *  - amdgpu ring files whose used part wraps (wptr < rptr) are given in
 *    the order the CP reads them: from wptr through the ring's end, then
 *    from index 0 (offsets stay ring indices); a pointer outside the ring
 *    is a note (gk_input_note) and the ring is given from index 0. */
struct gk_input;

/* NULL when read is NULL, unit_bytes is not 4 or 8, fmt is not one of the
 * enum, or memory runs out.  ctx is handed to read and not owned. */
struct gk_input *gk_input_create(gk_read_fn read, void *ctx, enum gk_in_format fmt, unsigned unit_bytes);
void gk_input_destroy(struct gk_input *in); /* NULL: nothing */

/* Make at least want words available from the position (fewer only at the
 * end of the input, after an error, or when want exceeds GK_IN_MAX_WANT).
 * In 8-byte units, words become available a whole unit at a time.
 * Returns the number available, or -1 after an input error when none are
 * left (gk_input_error says what and where), and for a NULL in. */
long gk_input_fill(struct gk_input *in, size_t want);
/* The words available at the position (gk_input_avail of them); valid until
 * the next gk_input_fill or gk_input_next.  NULL for a NULL in. */
const uint32_t *gk_input_words(const struct gk_input *in);
/* Words available at the position without reading more; 0 for a NULL in. */
size_t gk_input_avail(const struct gk_input *in);
/* Step past n available words: 0, or -1 (nothing done) when fewer than n
 * are available or in is NULL. */
int gk_input_skip(struct gk_input *in, size_t n);
/* Byte offset in the stream of the word at the position, i.e. of the
 * available words (hex text counts 4 bytes a word, like the binary it
 * stands for); 0 for a NULL in. */
uint64_t gk_input_offset(const struct gk_input *in);
/* The format read: the one asked for, or what AUTO chose once the first
 * bytes were read (GK_IN_AUTO before that, and for a NULL in). */
enum gk_in_format gk_input_format(const struct gk_input *in);
/* Bytes per unit (4 or 8); 0 for a NULL in. */
unsigned gk_input_unit(const struct gk_input *in);
/* Where the text reader is: 1-based line, and the column of the last byte
 * read (0 at a line start); both 0 for binary input and a NULL in. */
void gk_input_where(const struct gk_input *in, uint32_t *line, uint32_t *col);
/* The address of the first unit (--base): offsets are then GPU addresses.
 * Dumps with their own address column keep their spacing from there.  Only
 * before the first gk_input_fill: 0, or -1. */
int gk_input_set_base(struct gk_input *in, uint64_t base);
/* Whether the offsets are GPU addresses: a base was set, or the dump gives
 * GPU addresses of its own (umr's listings).  Address columns of od,
 * hexdump, xxd and ring indices are file offsets and indices: false. */
bool gk_input_gpu_addressed(const struct gk_input *in);

/* What a ring dump said of its pointers, as byte addresses in the offsets
 * gk_input_offset gives (ring index * 4 from the base): have is a set of
 * GK_MARK_* bits.  rptr_word: the unit (counted from the first, from 0)
 * marked as rptr in the dump, when have_rptr_word. */
struct gk_ring_marks {
	unsigned have;
	uint64_t rptr, wptr, rptr_next, driver_wptr;
	bool have_rptr_word;
	uint64_t rptr_word;
};
/* Filled as far as the input has been read (headers come first). */
void gk_input_marks(const struct gk_input *in, struct gk_ring_marks *m);

/* A devcoredump (the amdgpu driver's /sys/class/drm/cardN/device/devcoredump/data)
 * holds several rings, each with its rptr, wptr and contents; one of them is
 * the stream, its byte offsets the dump's, rptr and wptr its ring marks:
 *  - the ring called name, when gk_input_set_ring gave one;
 *  - else the ring the dump's "Ring timed out details" names (the kernel's
 *    hung ring; that section comes before the rings);
 *  - else the first ring with contents, and a second ring with contents
 *    after it is an input error (the first one's words have been given by
 *    then: the input is read once, a line at a time, and memory stays
 *    bounded, so which rings follow is not known in advance).
 * The ring asked for or named as hung missing, or without contents, is an
 * input error listing the rings there are.  gk_input_set_ring: only before
 * the first gk_input_fill, name 1 to 63 bytes; 0, or -1.  An input in
 * another format with a ring asked for fails at once. */
int gk_input_set_ring(struct gk_input *in, const char *name);
/* The devcoredump ring read (once its contents have begun), else NULL.
 * Valid until gk_input_destroy. */
const char *gk_input_ring(const struct gk_input *in);
/* What the reader says about the input beside its words, one line of text
 * each: which devcoredump ring it reads and why, a ring pointer it had to
 * bring into the ring, the rings a devcoredump holds when it refuses it.
 * The i-th note (from 0) and, when line is not NULL, the text line it is
 * about (0: none); NULL past the last.  Valid until gk_input_destroy. */
const char *gk_input_note(const struct gk_input *in, unsigned i, uint32_t *line);
/* 1 when the i-th note is a warning: the reader could not take the dump as
 * it says (a ring pointer outside the ring, a mask that is not the ring's
 * size less one, contents cut short) and says how it read it instead; 0
 * for an informational note, past the last and for a NULL in. */
int gk_input_note_warns(const struct gk_input *in, unsigned i);

/* The input error, or NULL when there is none (and for a NULL in).  Text
 * errors carry line and col (1-based); binary ones and read errors carry
 * the byte offset, with line 0. */
const struct gk_diag *gk_input_error(const struct gk_input *in);

/* The n characters at s as an unsigned number: decimal, or hex after 0x;
 * all of them, no sign, no overflow.  0, or -1 when they are not one (n 0,
 * a NUL among them, s or v NULL). */
int gk_parse_uint(const char *s, size_t n, uint64_t *v);

/* ---- packets ---- */

struct gk_packet;

/* Frame the next packet of the stream and step past it: 1 with *pkt set
 * (pkt->dw stays valid until the next call), 0 at the end, -1 after an
 * input error (gk_input_error says what and where) or for a NULL
 * argument. */
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
	const char *exec_field[16];   /* its count field (GK_F_EXEC) */
	uint8_t exec_dw[16], exec_lo[16], exec_hi[16]; /* where its EXEC_COUNT is */
	unsigned nexec;
	unsigned bo_hint;             /* the buffer that held the last range: tried first */
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
/* Append one diagnostic about pkt (message printf-style, truncated to fit);
 * counts it in out->errors / out->warnings and, past GK_MAX_DIAGS, in
 * out->dropped.  Returns the entry, or NULL when it was dropped.  dw, lo, hi:
 * -1 when the diagnostic is about no dword or bit range.  The family rule
 * hooks (struct gk_format) report through it.  out NULL: nothing, NULL;
 * pkt NULL: offset 0, packet "PACKET"; fmt NULL: an empty message. */
struct gk_diag *gk_diags_add(struct gk_diags *out, const struct gk_packet *pkt, enum gk_severity sev,
			     enum gk_diag_code code, int dw, int lo, int hi, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));
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

/* ---- assembler: text -> words ---- */

typedef int (*gk_emit_fn)(void *ctx, const uint32_t *w, size_t n);

/* The assembler of the table families (PM4, DMA): the text the printers
 * write, back to words.  Its state is a few KiB at first and grows on the
 * heap as long packets need (a 2^20-dword DMA WRITE: 12 MiB, kept until
 * gk_asm_destroy); memory running out is an error diagnostic on the line
 * that needed it.  emit and diag may be NULL (words and diagnostics are
 * then dropped; errors are still counted).  NULL when fmt is NULL or there
 * is no memory for the state. */
struct gk_asm;
struct gk_asm *gk_asm_create(const struct gk_format *fmt, gk_emit_fn emit, void *emit_ctx, gk_diag_fn diag,
			     void *diag_ctx);
void gk_asm_destroy(struct gk_asm *a); /* NULL: nothing */
/* Feed one line (without its newline): the len bytes at line, read whole (a
 * NUL among them is text like any other).  line NULL with len > 0 counts as
 * an error.  a NULL: nothing. */
void gk_asm_line(struct gk_asm *a, const char *line, size_t len);
/* End of input: emit the last packet.  The errors so far (0 for a NULL a). */
unsigned gk_asm_finish(struct gk_asm *a);
/* From now on, run each packet built through the checker (gk_check_packet,
 * keeping its state across packets) and hand what it finds to diag as
 * warnings on the packet's first line ("check error: ..."), with the
 * checker's code, dword and bits.  The words are emitted as written and
 * the findings are not errors (gk_asm_finish does not count them), so
 * decode -> encode stays the identity on streams the checker rejects.
 * Words given raw (.long) are not checked.  Off by default. */
void gk_asm_check(struct gk_asm *a, bool on);

#ifdef __cplusplus
}
#endif
#endif
