build-clang/san/src/core/out.o: src/core/out.c include/gfxkit/stream.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h include/gfxkit/diag.h \
  src/core/out.h

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/diag.h:

src/core/out.h:
