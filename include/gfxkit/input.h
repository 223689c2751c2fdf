/* Reading words: little-endian binary, hex text and the dumps users paste
 * (ring files, kernel logs, od/hexdump/xxd, umr, devcoredumps), read
 * incrementally in bounded memory; the dump form is chosen by name or by
 * its first bytes. */
#ifndef GFXKIT_INPUT_H
#define GFXKIT_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gk_mem;

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
	GK_IN_MESA,         /* Mesa's IB listings (ac_parse_ib: RADV_DEBUG=hang, radeonsi ddebug) */
	GK_IN_RD,           /* freedreno .rd capture: its submits, with their buffers as memory */
};

/* Ring markers (gk_input_marks): which pointer sits where. */
#define GK_MARK_RPTR 1u         /* the read pointer: what the CP fetches next */
#define GK_MARK_WPTR 2u         /* the hardware write pointer */
#define GK_MARK_RPTR_NEXT 4u    /* the saved rptr (radeon's "rptr next", " #") */
#define GK_MARK_DRIVER_WPTR 8u  /* the driver's copy of the wptr */

/* "bin", "hex", "radeon-ring", "klog", "od", "hexdump-c", "xxd", "umr",
 * "amdgpu-ring", "devcoredump", "mesa", "rd", "auto"; NULL for a value outside the enum. */
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

/* The bytes a file stands for, read whole by a caller that parses text in
 * memory (the devcoredump readers): gk_gunzip_read is a gk_read_fn (ctx: a
 * struct gk_gunzip) over read(ctx) giving the uncompressed bytes when the
 * file starts with the gzip magic 1f 8b -- through the inflater gk_input
 * uses, every member, CRC-32 and size checked -- and the bytes as they are
 * otherwise.  gk_gunzip_open: NULL when read is NULL or memory runs out.
 * gk_gunzip_error: NULL, or what is wrong once a read returned -1 ("read
 * error" for the callback's own), with the byte of the compressed file in
 * *offset (0 when unknown; offset may be NULL). */
struct gk_gunzip;
struct gk_gunzip *gk_gunzip_open(gk_read_fn read, void *ctx);
long gk_gunzip_read(void *gunzip, void *buf, size_t cap);
bool gk_gunzip_gzipped(const struct gk_gunzip *g); /* known after the first read */
const char *gk_gunzip_error(const struct gk_gunzip *g, uint64_t *offset);
void gk_gunzip_close(struct gk_gunzip *g); /* NULL: nothing */

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
/* What a loop over units asks before each one, in one call: gk_input_fill
 * (in, want), then what gk_input_words, gk_input_unbroken and
 * gk_input_offset would say, and run: how many of the unbroken words a
 * loop may step through on its own, without asking again, while at least
 * want of them are left -- their offsets follow on from offset (4 bytes a
 * word, no break in the addresses) and gk_input_fill would read nothing
 * before any of them (0 when it would, as while a dump's reader holds
 * words back).  Such a loop tells gk_input_skip the words it stepped
 * through before it asks anything else of in.  Returns what gk_input_fill
 * returns; -1 (at untouched) when in or at is NULL. */
struct gk_input_at {
	const uint32_t *words;
	size_t unbroken;
	uint64_t offset;
	size_t run;
};
long gk_input_peek(struct gk_input *in, size_t want, struct gk_input_at *at);
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

/* A register's byte offset (as the register tables give it) from its name
 * (len bytes, not NUL-terminated; a listing's own prefix such as umr's
 * "gfx1033.mm" already taken off): 0, or -1 when the name is unknown. */
typedef int (*gk_reg_lookup_fn)(void *ctx, const char *name, size_t len, uint32_t *offset);
/* The register names of the GPU the dump is from, for the listings that
 * print register names in place of the words that hold their offsets (a
 * current umr leaves out the offset dword of every SET_*_REG packet): the
 * reader rebuilds those words through fn and refuses them without it.  ctx
 * is handed to fn and not owned.  Only before the first gk_input_fill:
 * 0, or -1 (also for a NULL in or fn). */
int gk_input_set_reg_lookup(struct gk_input *in, gk_reg_lookup_fn fn, void *ctx);

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

/* A capture of several submits (freedreno's .rd: GK_IN_RD, found by its
 * first sections when AUTO reads binary): the stream is the dwords of each
 * submit in turn, at their GPU addresses (the offsets break between
 * submits), and the memory is each submit's own buffers.
 *  - gk_input_set_submits: only submits first..last (counted from 0 in
 *    capture order; the others' buffers are still read).  Only before the
 *    first gk_input_fill, first <= last: 0, or -1.  An input of a form
 *    without submits fails at once; no submit of the range in the capture
 *    is an input error saying how many there are.
 *  - gk_input_submit: the submit the word at the position belongs to, -1
 *    before the first (and for a form without submits or a NULL in).
 *  - gk_input_mem_read: a gk_mem_fn (include/gfxkit/engine.h) over the
 *    buffers of the submit at the position (ctx: the gk_input), for
 *    gk_stream_opts.mem_read: following reads the buffers the CP would
 *    have seen.  0 bytes for a form that carries no memory by submit
 *    (gk_input_has_memory false), -1 for a NULL in.
 *  - gk_input_gpu: the GPU the capture says it is from (GPU_ID: "a630",
 *    CHIP_ID: "0x06030002"), and in *engine (when not NULL) the engine its
 *    streams are for ("adreno"); NULL when it does not say, or not yet
 *    (the capture says it in its first sections: after the first
 *    gk_input_fill).  Valid until gk_input_destroy. */
int gk_input_set_submits(struct gk_input *in, uint64_t first, uint64_t last);
/* Of the words available, those before the end of the submit or buffer
 * the position is in (all of them for a form of one buffer; 0 for a NULL
 * in): a packet is framed within its submit, never with the next one's
 * words; a umr listing's ring and each IB it lists are buffers of their
 * own, each at its own address. */
size_t gk_input_unbroken(const struct gk_input *in);
long long gk_input_submit(const struct gk_input *in);
/* gk_input_submit of the word ahead words past the position (at most the
 * words available; -1 past them): what a loop that steps through the
 * words gk_input_peek's run allows, before telling gk_input_skip, asks
 * without telling the input first (which would end the run). */
long long gk_input_submit_ahead(const struct gk_input *in, size_t ahead);
bool gk_input_has_memory(const struct gk_input *in);
long gk_input_mem_read(void *in, uint64_t addr, void *buf, size_t n);
const char *gk_input_gpu(const struct gk_input *in, const char **engine);

/* gzip: an input whose first four bytes are a gzip header (RFC 1952: 1f 8b,
 * method 8, no reserved flag bit; an input of words that only begin 1f 8b
 * is not one) is a gzip file, read through gfxkit's own inflater before anything else looks
 * at it, whatever the format (detection then sees the bytes it stands
 * for); every member is read in turn, and each one's CRC-32 and size are
 * checked.  Damage is an input error naming the byte of the compressed
 * file.  The inflater's memory is fixed (about 52 KiB).  Offsets are those
 * of the uncompressed bytes.  gk_input_set_gzip(in, false) reads the bytes
 * as they are (for words that may start with 1f 8b, such as a buffer read
 * out of GPU memory); only before the first gk_input_fill: 0, or -1. */
int gk_input_set_gzip(struct gk_input *in, bool on);
/* Whether the input is read through the inflater (known once the first
 * bytes are read); false for a NULL in. */
bool gk_input_gzipped(const struct gk_input *in);

/* The memory the input carries beside its stream (a capture that holds its
 * buffers, a dump of several rings at their GPU addresses), added to m as
 * regions through the memory API (include/gfxkit/memory.h), so following
 * indirect buffers and running need no --mem for it.  Call it once
 * gk_input_fill has returned 0 (the whole input read).  Returns the regions
 * added: 0 when the dump form carries none (every form gfxkit reads today:
 * a devcoredump gives one ring's words, the others without their GPU
 * addresses), or -1 with *err set (when err is not NULL) when m refuses one
 * (an overlap, its byte limit) or in or m is NULL. */
int gk_input_mem(struct gk_input *in, struct gk_mem *m, struct gk_diag *err);

/* The input error, or NULL when there is none (and for a NULL in).  Text
 * errors carry line and col (1-based); binary ones and read errors carry
 * the byte offset, with line 0. */
const struct gk_diag *gk_input_error(const struct gk_input *in);

/* The n characters at s as an unsigned number: decimal, or hex after 0x;
 * all of them, no sign, no overflow.  0, or -1 when they are not one (n 0,
 * a NUL among them, s or v NULL). */
int gk_parse_uint(const char *s, size_t n, uint64_t *v);

#ifdef __cplusplus
}
#endif
#endif
