build-clang/obj/src/core/asm.o: src/core/asm.c include/gfxkit/stream.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h include/gfxkit/diag.h \
  src/core/bits.h src/core/layout.h

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/diag.h:

src/core/bits.h:

src/core/layout.h:
