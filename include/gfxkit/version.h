/* gfxkit's version: the macros say what a program was compiled against,
 * gk_version() what it runs with (the shared library may be newer). */
#ifndef GFXKIT_VERSION_H
#define GFXKIT_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

#define GK_VERSION_MAJOR 0 /* the shared library's soname: libgfxkit.so.MAJOR */
#define GK_VERSION_MINOR 1
#define GK_VERSION_PATCH 0
#define GK_VERSION_STRING "0.1.0"

/* "MAJOR.MINOR.PATCH" of the library linked in. */
const char *gk_version(void);

#ifdef __cplusplus
}
#endif
#endif
