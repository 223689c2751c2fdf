build-clang/san/src/tiling/png.o: src/tiling/png.c \
  include/gfxkit/tiling.h include/gfxkit/diag.h

include/gfxkit/tiling.h:

include/gfxkit/diag.h:
