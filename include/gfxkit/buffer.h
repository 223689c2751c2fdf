/* Whole buffers in, one allocated result out: for bindings (python/gfxkit.py
 * calls these through ctypes) and for callers that hold the whole input in
 * memory anyway.  Every result is NUL-terminated (its length not counting
 * the NUL), allocated with malloc and the caller's: free it with gk_free,
 * which uses the library's own allocator whatever the caller links.  The
 * streaming API (gk_stream_run, engine.h) stays the one for large inputs:
 * these hold the whole output. */
#ifndef GFXKIT_BUFFER_H
#define GFXKIT_BUFFER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GK_BUF_CHECK 1u /* diagnostics only (check lines; JSON: units with diagnostics) */
#define GK_BUF_JSON  2u /* JSON Lines in the schema of docs/json.md */
#define GK_BUF_TEXT  4u /* with GK_BUF_JSON: each unit's text line too */

/* Decode (or, with GK_BUF_CHECK, check) the n bytes at data with engine
 * ("pm4", "dma", "isa", "modifier"; NULL: "pm4") for gpu, reading them in
 * input format fmt (gk_in_format_name's spelling; NULL: "auto").  *out: the
 * output as the CLI prints it.  Returns 0 (no errors), 1 (errors in the
 * stream), or -1: nothing was decoded, and *out is one line saying why
 * (unknown engine, GPU or format, input in no form gfxkit reads, with its
 * line and column), or NULL when memory ran out.  out_len may be NULL. */
int gk_buffer_run(const char *engine, const char *gpu, const char *fmt, const void *data, size_t n, unsigned flags,
		  char **out, size_t *out_len);

/* Assemble the n bytes of text (lines as decode prints them) with engine
 * for gpu: *bytes the stream (little-endian), *errors one "LINE:COL: message"
 * line per error ("" when none).  Returns the number of errors, or -1 when
 * the engine or GPU is unknown (*errors says so) or memory ran out (*errors
 * NULL).  bytes_len and errors may be NULL. */
int gk_buffer_encode(const char *engine, const char *gpu, const char *text, size_t n, void **bytes, size_t *bytes_len,
		     char **errors);

/* A GFX6-8 surface laid out as an AMD format modifier says (width x height
 * x slices elements of bpp bits): gk_tile_info_json's object.  Returns 0, or
 * -1 with *out {"error": ...} naming what is wrong (NULL: out of memory). */
int gk_buffer_tile_info(uint64_t modifier, unsigned bpp, uint32_t width, uint32_t height, uint32_t slices, char **out);

/* Free a result of the calls above (NULL: nothing). */
void gk_free(void *p);

#ifdef __cplusplus
}
#endif
#endif
