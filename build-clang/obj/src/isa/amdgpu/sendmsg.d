build-clang/obj/src/isa/amdgpu/sendmsg.o: src/isa/amdgpu/sendmsg.c \
  include/gfxkit/amdgpu.h include/gfxkit/diag.h include/gfxkit/stream.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h src/isa/amdgpu/lex.h \
  src/isa/amdgpu/sendmsg_tab.h

include/gfxkit/amdgpu.h:

include/gfxkit/diag.h:

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/isa/amdgpu/lex.h:

src/isa/amdgpu/sendmsg_tab.h:
