build-clang/san/src/core/layout.o: src/core/layout.c src/core/layout.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h src/core/bits.h

src/core/layout.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/core/bits.h:
