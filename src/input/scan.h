/* Scanning a dump line: the numbers, words and errors every text reader's
 * lines are made of (s: the line, n: its length, *i: where the scan is). */
#ifndef GK_INPUT_SCAN_H
#define GK_INPUT_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reader.h"

static inline bool gk_scan_is_hex(char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

static inline unsigned gk_scan_hexv(char c)
{
	return c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}

/* One byte of text: printable ASCII, white space or well-formed UTF-8
 * (comments may carry "§"); *need counts the continuation bytes a UTF-8
 * sequence still wants.  false: a byte text never holds.  The one rule for
 * every reader of text, the line readers and the devcoredump read whole. */
static inline bool gk_scan_text_byte(unsigned *need, uint8_t c)
{
	if (*need) {
		if ((c & 0xc0) != 0x80)
			return false;
		(*need)--;
		return true;
	}
	if ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v')
		return true;
	*need = (c >= 0xc2 && c <= 0xdf) ? 1 : (c >= 0xe0 && c <= 0xef) ? 2 : (c >= 0xf0 && c <= 0xf4) ? 3 : 0;
	return *need != 0;
}

/* digits of a hex number at s[*i] (with "0x" when want_0x), at most
 * max_digits of them: its value, *i past it; false: none there */
bool gk_scan_hex(const char *s, size_t n, size_t *i, bool want_0x, unsigned max_digits, uint64_t *v);
/* a decimal number of at most 19 digits at s[*i] */
bool gk_scan_dec(const char *s, size_t n, size_t *i, uint64_t *v);
/* past spaces and tabs */
void gk_scan_spaces(const char *s, size_t n, size_t *i);
/* s[i..] starts with lit */
bool gk_scan_starts(const char *s, size_t n, size_t i, const char *lit);
/* the end of the token at s[i] (up to a space, tab or '\r') */
size_t gk_scan_token_end(const char *s, size_t n, size_t i);
/* the line without its trailing white space (and '\r') */
size_t gk_scan_trim_end(const char *s, size_t n);
/* The line's error at 0-based column at (the first one stays). */
void gk_in_line_error(struct gk_in_line *out, size_t at, const char *msg);
void gk_in_line_errorf(struct gk_in_line *out, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
