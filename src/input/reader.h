/* The reader interface: one dump form (a ring file, a kernel log, od
 * output, a devcoredump...) is one struct gk_reader, a row of the reader
 * list (readers.c, the only place that names them).  gk_input (input.c)
 * owns what every form shares -- the read callback and its buffering, the
 * window of words, text/binary detection, line assembly, addresses and
 * their breaks, od-style repeats, notes and errors at FILE:LINE:COL -- and
 * asks the reader of the input's form only what that form says: whether a
 * first line is of it, what one line (or a run of binary bytes) gives, what
 * its end says, which ring it reads, what memory it carries. */
#ifndef GK_INPUT_READER_H
#define GK_INPUT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/input.h"

struct gk_mem;

#define GK_IN_LINE_MAX 4096u   /* longest dump line */
#define GK_IN_LINE_WORDS 64u   /* most words one dump line gives */
/* most bytes an od/hexdump '*' line may stand for (1 GiB: larger than any
 * ring or IB; a memory image that large is given as a binary file) */
#define GK_IN_REPEAT_MAX (1u << 30)
#define GK_IN_NOTES 4u         /* notes an input keeps (gk_input_note) */
#define GK_IN_NOTE 480u        /* bytes of one */
#define GK_IN_RING_NAME 64u    /* a ring name asked for: at most 63 bytes */

/* What one text line gave.  Each line gives words with the address of the
 * first (address columns are addresses, never data), ring markers, or
 * nothing (headers, unrelated log lines); anything else is an error at a
 * column. */
struct gk_in_line {
	uint32_t words[GK_IN_LINE_WORDS];
	unsigned n;
	bool has_addr;          /* addr is the byte address of words[0] (n > 0), or of the end (n == 0) */
	uint64_t addr;
	uint16_t addr_at, addr_len; /* the address token (its column and length) */
	bool repeat;            /* od/hexdump/xxd "*": the previous line repeats up to the next address */
	bool text_col;          /* hexdump -C, xxd: the bytes-as-text column was there */
	unsigned marks;         /* GK_MARK_* on words[0] (radeon " *" and " #") */
	/* ring header values (radeon "wptr: 0x.. [ n]" lines, a devcoredump
	 * ring's "Rptr: .. Wptr: .."): the GK_MARK_* bits given and each
	 * one's ring index, by bit number */
	unsigned header_mark;
	uint64_t header_at[4];
	bool rptr_is_word;      /* the rptr given counts words from the input's first */
	/* words the dump leaves out that the reader rebuilt as padding: pad
	 * words of value pad_word come before words[0] (at addr - 4 * pad) */
	uint32_t pad, pad_word;
	bool brk;               /* addr starts a new section of the dump (umr's next IB): a break, not a gap */
	uint32_t err_col;       /* 0: fine; else the 1-based column of what is wrong */
	bool err_whole;         /* err names the form itself: not followed by "(reading FORM)" */
	bool err_drop;          /* the words held back (holding) are never given */
	char err[160];          /* as long as a diagnostic's message */
};

/* What a first line of a text says of a reader's form (sniff_line). */
enum gk_in_sniff {
	GK_SNIFF_NO,    /* not this form: ask the next reader */
	GK_SNIFF_YES,   /* this form: the input is read as it */
	GK_SNIFF_SKIP,  /* a line of no form's words (a log line, a heading): the next line decides */
};

/* A reader.  Ops a form has no use for are NULL.  st is the reader's own
 * state, state_size bytes, zeroed, one per input; in is the input being
 * read (NULL while the detector probes a line), for gk_in_note and the
 * binary readers' calls below. */
struct gk_reader {
	enum gk_in_format format;  /* its value in the public enum */
	const char *name;          /* gk_in_format_name: "od" (-f NAME) */
	const char *what;          /* in messages: "a devcoredump" */
	unsigned flags;            /* GK_RD_* */
	size_t state_size;

	/* Called once the input is known to be of this form, before its first
	 * bytes are given: 0, or -1 (out of memory, an error set through in). */
	int (*open)(void *st, struct gk_input *in);
	void (*close)(void *st);   /* frees what open or reading allocated */

	/* ---- text read a line at a time ---- */
	/* Whether a line at the start of a text (the first that says
	 * something: blank and comment lines never reach it) is of this form. */
	enum gk_in_sniff (*sniff_line)(const char *s, size_t n);
	/* One line, without its newline; line_no is its 1-based number. */
	void (*line)(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out);
	/* A line this form refuses that is still of its text form (od's octal
	 * dumps): it counts toward text when the detector weighs a damaged
	 * window. */
	bool (*of_form)(const char *s, size_t n);
	/* While true, the words given so far may still be refused (od: the
	 * address radix is settled by the second address): gk_input_fill
	 * gives none until the input ends. */
	bool (*holding)(const void *st);
	/* The words do not follow on from those before (expected: the address
	 * the next word should have had): the error message, when the form
	 * has its own reason (umr leaves out words it does not decode). */
	void (*gap)(char *msg, size_t cap, uint64_t expected);
	/* The whole text has been read: what is wrong with how it ended, in
	 * msg, at *line (0: at the end); false: nothing. */
	bool (*end)(void *st, struct gk_input *in, char *msg, size_t cap, uint32_t *line);

	/* ---- binary, a run of bytes at a time ---- */
	/* Bytes in: returns how many it took (the rest comes again).  Plain
	 * little-endian words go through gk_in_units. */
	size_t (*bytes)(void *st, struct gk_input *in, const uint8_t *p, size_t n);
	/* Words the reader holds ready beyond the bytes (a wrapping ring put in
	 * order), and handing them over as room allows (gk_in_put). */
	size_t (*waiting)(const void *st);
	void (*drain)(void *st, struct gk_input *in);
	/* The bytes have ended: true when there are words waiting still (asked
	 * again once they are given). */
	bool (*bytes_end)(void *st, struct gk_input *in);

	/* ---- anything ---- */
	/* The named ring read (gk_input_ring), NULL before; a reader without
	 * this op holds no named rings and refuses gk_input_set_ring. */
	const char *(*ring)(const void *st);
	/* The memory the dump carries beside the stream, added to m
	 * (gk_input_mem): regions added, or -1 with *err set. */
	int (*mem)(void *st, struct gk_mem *m, struct gk_diag *err);

	/* ---- captures of submits (GK_RD_SUBMITS: an .rd) ---- */
	/* Whether the first bytes of a binary input (n of them, the sniff
	 * window) are of this form: asked when AUTO finds binary. */
	bool (*sniff_bin)(const uint8_t *p, size_t n);
	/* gk_input_mem_read: the memory of the submit stream word `word`
	 * (counted from the first, from 0) belongs to, as a gk_mem_fn. */
	long (*mem_read)(void *st, uint64_t word, uint64_t addr, void *buf, size_t n);
	/* The submit stream word `word` belongs to (-1: none yet). */
	long long (*submit_of)(const void *st, uint64_t word);
	/* The GPU the dump says it is from (NULL: not said, or not yet), and
	 * the engine of its streams in *engine. */
	const char *(*gpu)(const void *st, const char **engine);
};

#define GK_RD_TEXT 1u       /* text: errors have a line and column */
#define GK_RD_UNIT64 2u     /* reads 8-byte units too (the dumps are of dwords) */
#define GK_RD_WRAPS 4u      /* its addresses may jump back (a ring dump wrapping, a log skipping) */
#define GK_RD_GPU_ADDR 8u   /* its addresses are GPU addresses (gk_input_gpu_addressed) */
/* its first line is a banner of its own (a devcoredump's "**** AMDGPU Device
 * Coredump ****"): detection asks it before the others, whose patterns the
 * rest of such a line may hold (a ring named "ib[...") */
#define GK_RD_BANNER 16u
/* a capture of several submits: gk_input_set_submits narrows it (gk_in_want_submits) */
#define GK_RD_SUBMITS 32u
/* each break in its addresses (a line's brk) starts another buffer, as a
 * submit does: no unit runs across it (umr's ring and each IB it lists) */
#define GK_RD_BUFFERS 64u

/* The reader list (readers.c): the reader of format f, NULL for none
 * (GK_IN_AUTO); the i-th reader in detection order, NULL past the last. */
const struct gk_reader *gk_reader_of(enum gk_in_format f);
const struct gk_reader *gk_reader_at(size_t i);
/* "auto, bin, hex, ...": every reader's name (with the variants it reads). */
const char *gk_reader_list_text(void);
/* The text dump forms, as the hex reader's refusal of a first line lists
 * them: "a ring dump, kernel log, ..., nor a devcoredump". */
const char *gk_reader_text_forms(void);

/* An input read by reader r (one outside the list too: tests, a caller's
 * own form).  gk_input_create is this with the list's reader of fmt. */
struct gk_input *gk_input_create_reader(gk_read_fn read, void *ctx, const struct gk_reader *r, unsigned unit_bytes);

/* ---- what a reader may do to its input (in NULL: nothing) ---- */
/* A note for gk_input_note about text line `line` (0: none), a warning
 * when the reader had to bend the dump to read it; past GK_IN_NOTES
 * notes, dropped. */
void gk_in_note(struct gk_input *in, bool warns, uint32_t line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Stop with an error at byte offset `offset` (binary: line 0). */
void gk_in_fail(struct gk_input *in, enum gk_diag_code code, uint64_t offset, const char *msg);
/* The ring asked for by gk_input_set_ring ("": none). */
const char *gk_in_want_ring(const struct gk_input *in);
/* Bytes the read callback has given so far. */
uint64_t gk_in_bytes_read(const struct gk_input *in);
/* Little-endian units from p into the window, as many as fit (one copy on
 * a little-endian host): bytes taken; *words counts the words made. */
size_t gk_in_units(struct gk_input *in, const uint8_t *p, size_t n, uint64_t *words);
/* Bytes that end the input without making a whole unit (fewer than one):
 * gk_input reports them at the end as it reports its own. */
void gk_in_carry(struct gk_input *in, const uint8_t *b, unsigned n);
/* Words into the window as room allows: how many went in. */
size_t gk_in_put(struct gk_input *in, const uint32_t *w, size_t n);
/* The offset of the first word (the base, or 0), and setting it while no
 * word has been given. */
uint64_t gk_in_first_offset(const struct gk_input *in);
void gk_in_set_first_offset(struct gk_input *in, uint64_t off);
/* The next word is at offset off (a break in the offsets: a ring's wrap). */
void gk_in_break(struct gk_input *in, uint64_t off);
/* A ring pointer (GK_MARK_* bit) at ring index idx; ring index 0 is at
 * offset base (gk_input_marks). */
void gk_in_mark(struct gk_input *in, unsigned bit, uint64_t idx);
void gk_in_mark_base(struct gk_input *in, uint64_t base);
/* A register's byte offset from its name (gk_input_set_reg_lookup): 0, or
 * -1 when there is no lookup or it does not know the name. */
int gk_in_reg_lookup(struct gk_input *in, const char *name, size_t len, uint32_t *offset);
/* The word (counted from the input's first, from 0) rptr marks. */
void gk_in_rptr_word(struct gk_input *in, uint64_t word);
/* The word at the position (counted from the input's first, from 0): the
 * stream loop is on it or past everything before it. */
uint64_t gk_in_position(const struct gk_input *in);
/* The submits gk_input_set_submits asked for (all: 0 and UINT64_MAX). */
void gk_in_want_submits(const struct gk_input *in, uint64_t *first, uint64_t *last);

#endif
