/* Readers for the text dumps users paste (a line at a time): radeon debugfs
 * ring dumps, kernel log lines, od / hexdump / xxd output, umr's ring and IB
 * listings.  Each line gives words with the address of the first (address
 * columns are addresses, never data), ring markers, or nothing (headers,
 * unrelated log lines); anything else is an error at a column.  The gk_input
 * reader (input.c) feeds lines in and keeps the words. */
#ifndef GK_DUMP_H
#define GK_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gfxkit/stream.h"

#define GK_DUMP_LINE_MAX 4096u  /* longest dump line */
#define GK_DUMP_LINE_WORDS 64u  /* most words one dump line gives */

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
	/* ring header values (radeon "wptr: 0x.. [ n]" lines): GK_MARK_* bit and value */
	unsigned header_mark;
	uint64_t header_index;
	uint32_t err_col;       /* 0: fine; else the 1-based column of what is wrong */
	char err[120];
};

/* Per-input state: a format's settings learnt from earlier lines. */
struct gk_dump {
	enum gk_in_format fmt;
	unsigned group;         /* od/hexdump: bytes per group (1, 2, 4, 8); 0: not yet seen */
	unsigned radix;         /* od: address radix (8, 10, 16); 0: not yet known (parsed as 16) */
};

/* The text dump format the first lines of a text input are in (n bytes at
 * p, at most the sniff window): one of the dump formats, GK_IN_HEX for plain
 * hex words, or GK_IN_AUTO when no line matches a known form (the caller
 * refuses the input: never a guess). */
enum gk_in_format gk_dump_sniff(const char *p, size_t n);

/* Parse one line (without its newline) of format d->fmt. */
void gk_dump_parse(struct gk_dump *d, const char *s, size_t n, struct gk_dump_line *out);

/* An address token's value in radix 8, 10 or 16: false when a digit does not fit. */
bool gk_dump_od_addr(unsigned radix, const char *s, size_t n, uint64_t *v);

#endif
