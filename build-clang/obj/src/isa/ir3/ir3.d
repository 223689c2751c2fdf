build-clang/obj/src/isa/ir3/ir3.o: src/isa/ir3/ir3.c include/gfxkit/ir3.h \
  include/gfxkit/diag.h src/core/out.h include/gfxkit/stream.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h src/isa/ir3/ir3_tab.h \
  src/isa/ir3/ir3_counts.h

include/gfxkit/ir3.h:

include/gfxkit/diag.h:

src/core/out.h:

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/isa/ir3/ir3_tab.h:

src/isa/ir3/ir3_counts.h:
