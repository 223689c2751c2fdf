/* How library messages quote what the caller gave them (a token of the
 * assembler's text, a modifier name, a rule list): at most GK_QUOTE_MAX
 * bytes, then "...", so a 100,000-byte token cannot fill a message with
 * itself and push out what the message says about it.  Use as
 *   "found '%.*s%s'", GK_QUOTE_LEN(n), p, GK_QUOTE_MORE(n)
 * (n: the token's length, any unsigned or non-negative integer). */
#ifndef GK_QUOTE_H
#define GK_QUOTE_H

#define GK_QUOTE_MAX 64
#define GK_QUOTE_LEN(n) ((int)((n) > GK_QUOTE_MAX ? GK_QUOTE_MAX : (n)))
#define GK_QUOTE_MORE(n) ((n) > GK_QUOTE_MAX ? "..." : "")

#endif
