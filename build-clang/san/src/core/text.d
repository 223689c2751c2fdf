build-clang/san/src/core/text.o: src/core/text.c include/gfxkit/stream.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h include/gfxkit/diag.h \
  src/core/bits.h src/core/layout.h src/core/out.h

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/diag.h:

src/core/bits.h:

src/core/layout.h:

src/core/out.h:
