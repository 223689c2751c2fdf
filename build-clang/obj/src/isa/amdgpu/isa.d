build-clang/obj/src/isa/amdgpu/isa.o: src/isa/amdgpu/isa.c \
  include/gfxkit/amdgpu.h include/gfxkit/diag.h include/gfxkit/stream.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h src/core/out.h \
  src/isa/amdgpu/lex.h src/isa/amdgpu/sendmsg_tab.h

include/gfxkit/amdgpu.h:

include/gfxkit/diag.h:

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/core/out.h:

src/isa/amdgpu/lex.h:

src/isa/amdgpu/sendmsg_tab.h:
