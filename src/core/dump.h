/* Readers for the text dumps users paste (a line at a time): radeon debugfs
 * ring dumps, kernel log lines, od / hexdump / xxd output, umr's ring and IB
 * listings, the amdgpu devcoredump's rings.  Each line gives words with the address of the first (address
 * columns are addresses, never data), ring markers, or nothing (headers,
 * unrelated log lines); anything else is an error at a column.  The gk_input
 * reader (input.c) feeds lines in and keeps the words. */
#ifndef GK_DUMP_H
#define GK_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/diag.h"
#include "gfxkit/stream.h"

#define GK_DUMP_LINE_MAX 4096u  /* longest dump line */
#define GK_DUMP_LINE_WORDS 64u  /* most words one dump line gives */
/* most bytes an od/hexdump '*' line may stand for (1 GiB: larger than any
 * ring or IB; a memory image that large is given as a binary file) */
#define GK_DUMP_REPEAT_MAX (1u << 30)

/* What one line gave. */
struct gk_dump_line {
	uint32_t words[GK_DUMP_LINE_WORDS];
	unsigned n;
	bool has_addr;          /* addr is the byte address of words[0] (n > 0), or of the end (n == 0) */
	uint64_t addr;
	uint16_t addr_at, addr_len; /* the address token (od: read in the radix the input settles on) */
	bool repeat;            /* od/hexdump/xxd "*": the previous line repeats up to the next address */
	bool text_col;          /* hexdump -C, xxd: the bytes-as-text column was there */
	unsigned marks;         /* GK_MARK_* on words[0] (radeon " *" and " #") */
	/* ring header values (radeon "wptr: 0x.. [ n]" lines, a devcoredump
	 * ring's "Rptr: .. Wptr: .."): the GK_MARK_* bits given and each
	 * one's ring index, by bit number */
	unsigned header_mark;
	uint64_t header_at[4];
	bool rptr_is_word;      /* the rptr given counts words from the input's first */
	uint32_t err_col;       /* 0: fine; else the 1-based column of what is wrong */
	char err[160];   /* as long as a diagnostic's message */
};

#define GK_DUMP_RING_NAME 64u   /* devcoredump: ring names kept to 63 bytes (amdgpu's fit in 15) */
#define GK_DUMP_RING_LIST 480u  /* devcoredump: the ring names seen, for messages */
#define GK_DUMP_NOTE 480u
#define GK_DUMP_NOTES 4u

/* A devcoredump's reading state: where in the dump, the ring being read,
 * which ring is the stream (see gk_input_set_ring in stream.h). */
struct gk_coredump {
	unsigned part;                  /* CD_*, dump.c */
	char want[GK_DUMP_RING_NAME];   /* the ring asked for; "": none */
	char hung[GK_DUMP_RING_NAME];   /* the ring "Ring timed out details" names; "": none */
	char cur[GK_DUMP_RING_NAME];    /* the ring being read */
	uint32_t cur_line;              /* its "ring name:" line */
	bool cur_take;                  /* its words are the stream */
	bool have_ptrs, have_mask, have_size;
	uint64_t rptr, wptr, mask, size; /* its header: pointers as printed, size in dwords */
	uint64_t at;                    /* its contents: dwords read */
	bool target_seen;               /* the ring asked for (or the hung one) has been seen */
	char taken[GK_DUMP_RING_NAME];  /* the ring read; "": none yet */
	bool taken_done;                /* its contents ended */
	uint32_t second_line;           /* no ring named: the line of a second ring with contents; 0: none */
	char second[GK_DUMP_RING_NAME];
	unsigned nrings, nfull;         /* rings seen, and those with contents */
	char names[GK_DUMP_RING_LIST];  /* "gfx_0.0.0, sdma0 (contents unavailable), ..." */
	size_t names_len;
	bool names_cut;
	char note[GK_DUMP_NOTES][GK_DUMP_NOTE];
	uint32_t note_line[GK_DUMP_NOTES];
	bool note_warns[GK_DUMP_NOTES]; /* the reader had to bend the dump to read it */
	unsigned nnotes;
};

/* Per-input state: a format's settings learnt from earlier lines. */
struct gk_dump {
	enum gk_in_format fmt;
	unsigned group;         /* od/hexdump: bytes per group (1, 2, 4, 8); 0: not yet seen */
	unsigned radix;         /* od: address radix (8, 10, 16); 0: not yet known (parsed as 16) */
	uint32_t line;          /* the line number of the line parsed (the caller sets it) */
	struct gk_coredump cd;
};

/* The text dump format the first lines of a text input are in (n bytes at
 * p, at most the sniff window): one of the dump formats (GK_IN_OD too for
 * an od or hexdump in octal or decimal, which the od reader refuses), or
 * GK_IN_HEX for plain hex words and when no line matches a known form (the
 * hex reader then refuses it at its first bad character: never a guess). */
enum gk_in_format gk_dump_sniff(const char *p, size_t n);

/* An od / hexdump line in octal or decimal (od's default, -t d4, -t o4,
 * hexdump -d, -o ...): what it looks like, and *col the 0-based column of
 * its first number; NULL when it may be hex.  first_line: the address
 * must be 7 digits and two numbers follow it (plain hex words are never
 * taken for one). */
const char *gk_dump_not_hex(const char *s, size_t n, bool first_line, size_t *col);

/* Parse one line (without its newline) of format d->fmt. */
void gk_dump_parse(struct gk_dump *d, const char *s, size_t n, struct gk_dump_line *out);

/* The whole input has been parsed: what is wrong with how it ended (a
 * devcoredump's ring cut short, the ring wanted not there), in msg; *line
 * is where (0: at the end).  false: nothing. */
bool gk_dump_end(struct gk_dump *d, char *msg, size_t cap, uint32_t *line);

/* An address token's value in radix 8, 10 or 16: false when a digit does not fit. */
/* A note for gk_input_note about text line `line` (0: none), a warning
 * when the reader had to bend the dump to read it; past GK_DUMP_NOTES
 * notes, dropped. */
void gk_dump_note(struct gk_coredump *c, bool warns, uint32_t line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
bool gk_dump_od_addr(unsigned radix, const char *s, size_t n, uint64_t *v);

#endif
