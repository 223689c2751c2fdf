build-clang/obj/src/core/check.o: src/core/check.c \
  include/gfxkit/stream.h include/gfxkit/desc.h include/gfxkit/regdb.h \
  include/gfxkit/diag.h include/gfxkit/tiling.h src/core/bits.h \
  src/core/layout.h

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/diag.h:

include/gfxkit/tiling.h:

src/core/bits.h:

src/core/layout.h:
