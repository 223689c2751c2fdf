"""gfxkit from Python: ctypes over the shared library (libgfxkit.so), no
compiled extension.

    import gfxkit
    units = gfxkit.decode(open("ring.bin", "rb").read(), gpu="evergreen")
    for u in units:
        print(u["offset"], u["name"], u["fields"])
    problems = gfxkit.check(data, gpu="cik", engine="dma")
    data = gfxkit.encode("NOP\\n", gpu="cayman")
    gfxkit.modifier(0x02000001A9580400)
    gfxkit.tile_info(0x02000001A9580400, bpp=32, width=100, height=37)

Units and diagnostics are the JSON objects of docs/json.md, as dicts.
Errors raise gfxkit.Error with gfxkit's message (line and column for text
it cannot read).  The library is found through $GFXKIT_LIB, next to this
file (a source tree's build/), or the system's library path.
"""

import ctypes
import ctypes.util
import json
import os
import struct

__all__ = ["Error", "decode", "check", "encode", "modifier", "tile_info", "version"]

CHECK = 1
JSON = 2
TEXT = 4


class Error(Exception):
    """What gfxkit refused, with its message."""


def _load():
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("GFXKIT_LIB"),
                  os.path.join(here, "..", "build", "libgfxkit.so"),
                  os.path.join(here, "libgfxkit.so"),
                  ctypes.util.find_library("gfxkit")]
    for path in candidates:
        if path and (os.path.exists(path) or not os.path.dirname(path)):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    raise ImportError("libgfxkit.so not found: set GFXKIT_LIB, or install gfxkit (make install)")


_lib = _load()
_c_char_pp = ctypes.POINTER(ctypes.c_char_p)
_lib.gk_version.restype = ctypes.c_char_p
_lib.gk_version.argtypes = []
_lib.gk_buffer_run.restype = ctypes.c_int
_lib.gk_buffer_run.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p,
                               ctypes.c_size_t, ctypes.c_uint, ctypes.POINTER(ctypes.c_void_p),
                               ctypes.POINTER(ctypes.c_size_t)]
_lib.gk_buffer_encode.restype = ctypes.c_int
_lib.gk_buffer_encode.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t,
                                  ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_size_t),
                                  ctypes.POINTER(ctypes.c_void_p)]
_lib.gk_buffer_tile_info.restype = ctypes.c_int
_lib.gk_buffer_tile_info.argtypes = [ctypes.c_uint64, ctypes.c_uint, ctypes.c_uint32, ctypes.c_uint32,
                                     ctypes.c_uint32, ctypes.POINTER(ctypes.c_void_p)]
_lib.gk_free.restype = None
_lib.gk_free.argtypes = [ctypes.c_void_p]


def _take(ptr, length=None):
    """The library's allocation as bytes, freed."""
    if not ptr.value:
        raise MemoryError("gfxkit: out of memory")
    try:
        if length is None:
            return ctypes.string_at(ptr.value)
        return ctypes.string_at(ptr.value, length)
    finally:
        _lib.gk_free(ptr)


def _b(s):
    return s.encode() if isinstance(s, str) else s


def version():
    """The version of the library loaded."""
    return _lib.gk_version().decode()


def _run(data, gpu, engine, fmt, flags):
    if isinstance(data, str):
        data = data.encode()
    data = bytes(data)
    out = ctypes.c_void_p()
    n = ctypes.c_size_t()
    rc = _lib.gk_buffer_run(_b(engine), _b(gpu), _b(fmt), data, len(data), flags, ctypes.byref(out),
                            ctypes.byref(n))
    text = _take(out, n.value).decode("utf-8")
    if rc < 0:
        raise Error(text.strip())
    return [json.loads(line) for line in text.splitlines() if line]


def decode(data, gpu, engine="pm4", fmt="auto", text=False):
    """Every unit of data (bytes: a binary stream, or the text of any dump
    form gfxkit reads), as dicts; the last may be the stream's end line
    ({"end": true, ...}) when the end of the stream has diagnostics."""
    return _run(data, gpu, engine, fmt, JSON | (TEXT if text else 0))


def check(data, gpu, engine="pm4", fmt="auto"):
    """The diagnostics of data: a list of (unit offset, diagnostic dict)."""
    found = []
    for unit in _run(data, gpu, engine, fmt, JSON | CHECK):
        for d in unit.get("diagnostics", []):
            found.append((unit.get("offset"), d))
    return found


def encode(text, gpu, engine="pm4"):
    """The bytes text assembles to; Error listing every error otherwise."""
    if isinstance(text, str):
        text = text.encode()
    words = ctypes.c_void_p()
    n = ctypes.c_size_t()
    errors = ctypes.c_void_p()
    rc = _lib.gk_buffer_encode(_b(engine), _b(gpu), text, len(text), ctypes.byref(words), ctypes.byref(n),
                               ctypes.byref(errors))
    message = _take(errors).decode("utf-8")
    if rc != 0:
        if words.value:
            _lib.gk_free(words)
        raise Error(message.strip())
    return _take(words, n.value)


def modifier(value, gpu="gfx9"):
    """One 64-bit DRM format modifier, decoded and checked: a dict."""
    units = decode(struct.pack("<Q", value), gpu=gpu, engine="modifier", fmt="bin")
    return units[0]


def tile_info(modifier_value, bpp, width, height, slices=1):
    """The GFX6-8 surface the modifier lays out: pitch, sizes, alignments."""
    out = ctypes.c_void_p()
    rc = _lib.gk_buffer_tile_info(modifier_value, bpp, width, height, slices, ctypes.byref(out))
    info = json.loads(_take(out).decode("utf-8"))
    if rc != 0:
        raise Error(info.get("error", "cannot lay out this surface"))
    return info
