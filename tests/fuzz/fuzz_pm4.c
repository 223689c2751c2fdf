/* libFuzzer target for the PM4 decoder, checker, printers, assembler and
 * input reader (`make fuzz`); the run itself is fuzz_desc_run in
 * fuzz_desc.h, shared with fuzz_dma.c.
 *
 * Input: byte 0 picks the generation (byte 0 % 4: r600, r700, evergreen,
 * cayman) and in byte 0 / 4 the mode, whose value % 3 says which one of
 * three ways the rest is used: (a), (b), or (c) with (d):
 *  (a) as little-endian words: every packet is framed, checked (a packet
 *      the quiet check, gk_check_quiet, calls clean must have no
 *      diagnostic and open no region) and printed as text, and as JSON on half the inputs (each JSON line must be valid
 *      JSON, each diagnostic at its packet's offset); the text must assemble
 *      back to the very same words, with no assembler errors.  On the inputs
 *      with JSON gk_input_next must frame the same bytes (GK_IN_BIN, small
 *      random reads) as gk_packet_frame does; on the others gk_input must
 *      read them as the same words.
 *  (b) as assembly text, fed line by line to gk_asm (errors are fine); when
 *      it assembles without errors, the words must survive decode ->
 *      text -> assemble unchanged.
 *  (c) as hex text through gk_input (GK_IN_HEX), read in small random-sized
 *      chunks: must not crash, and must give the same words and the same
 *      error as one read of the whole buffer (chunk boundaries are
 *      invisible).
 *  (d) GK_IN_AUTO must read like the format it picks; and when bits 2-6 of
 *      byte 0 are all set (the rare mode) and the rest is 7 bytes mod 8
 *      long, the input repeated into a binary stream longer than the
 *      gk_input window must come out word for word.
 * Any broken property aborts with __builtin_trap(). */
#include "fuzz_desc.h"

static const char *const gens[] = { "r600", "r700", "evergreen", "cayman" };

static const struct fuzz_family pm4 = { gens, 4, gk_pm4_format_init, false, NULL, NULL };

int LLVMFuzzerTestOneInput(const uint8_t *p, size_t n)
{
	return fuzz_desc_run(&pm4, p, n);
}
