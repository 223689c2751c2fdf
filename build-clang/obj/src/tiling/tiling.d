build-clang/obj/src/tiling/tiling.o: src/tiling/tiling.c \
  include/gfxkit/tiling.h include/gfxkit/diag.h src/core/out.h \
  include/gfxkit/stream.h include/gfxkit/desc.h include/gfxkit/regdb.h \
  src/tiling/tiling_tab.h

include/gfxkit/tiling.h:

include/gfxkit/diag.h:

src/core/out.h:

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/tiling/tiling_tab.h:
