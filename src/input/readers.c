/* The reader list: every dump form gfxkit reads, one row each, and the only
 * place that names them.  The order is the detection order (a text's first
 * line that says something is offered to each reader in turn, those with a
 * banner line of their own first; hex words when none takes it) and the
 * order -f lists them in.  A row: the reader, then how the usage text names
 * it (with the variants it also reads).  A new text form also joins the
 * sentence of gk_reader_text_forms (the hex reader's refusal of a first
 * line, whose wording tests/cli/test_dumps.sh holds). */
#include <stddef.h>

#include "reader.h"

#define READERS(R)                                   \
	R(gk_reader_bin, "bin")                      \
	R(gk_reader_hex, "hex")                      \
	R(gk_reader_radeon_ring, "radeon-ring")      \
	R(gk_reader_klog, "klog")                    \
	R(gk_reader_od, "od (also hexdump -x)")      \
	R(gk_reader_hexdump_c, "hexdump-c")          \
	R(gk_reader_xxd, "xxd (and xxd -e)")         \
	R(gk_reader_umr, "umr")                      \
	R(gk_reader_mesa, "mesa")                    \
	R(gk_reader_amdgpu_ring, "amdgpu-ring")      \
	R(gk_reader_devcoredump, "devcoredump")      \
	R(gk_reader_rd, "rd (and .rd.gz)")

#define DECLARE(r, text) extern const struct gk_reader r;
READERS(DECLARE)
#define ROW(r, text) &r,
static const struct gk_reader *const readers[] = { READERS(ROW) };
#define TEXT(r, text) ", " text

const struct gk_reader *gk_reader_at(size_t i)
{
	return i < sizeof readers / sizeof readers[0] ? readers[i] : NULL;
}

const struct gk_reader *gk_reader_of(enum gk_in_format f)
{
	for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
		if (readers[i]->format == f)
			return readers[i];
	return NULL;
}

const char *gk_reader_list_text(void)
{
	return "auto" READERS(TEXT);
}

const char *gk_reader_text_forms(void)
{
	return "a ring dump, kernel log, od, hexdump, xxd, umr or Mesa IB listing, nor a devcoredump";
}
