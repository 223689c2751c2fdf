build-clang/san/src/dma/dma.o: src/dma/dma.c include/gfxkit/dma.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h src/core/layout.h \
  src/dma/dma_tab.h

include/gfxkit/dma.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/core/layout.h:

src/dma/dma_tab.h:
