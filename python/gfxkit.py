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
it cannot read).  Arguments are checked before they reach the library, so
nothing is wrapped or truncated on the way: an integer outside its C type
(negative ones too), a value of the wrong type (bool is not an integer
here; an int is not data) or a name holding a NUL raises gfxkit.Error
naming the argument and what it takes.  The type errors are
gfxkit.ArgumentTypeError (also a TypeError), the range errors
gfxkit.ArgumentRangeError (also a ValueError).  The library's text is read
as UTF-8 with invalid bytes replaced (U+FFFD).  The library is found
through $GFXKIT_LIB, next to this file (a source tree's build/), or the
system's library path.
"""

import ctypes
import ctypes.util
import json
import operator
import os
import struct

__all__ = ["Error", "ArgumentTypeError", "ArgumentRangeError", "decode", "check", "encode", "modifier", "tile_info",
           "version"]

CHECK = 1
JSON = 2
TEXT = 4


class Error(Exception):
    """What gfxkit refused, with its message."""


class ArgumentTypeError(Error, TypeError):
    """An argument of a type gfxkit does not take (a gfxkit.Error, and a
    TypeError for callers that catch those)."""


class ArgumentRangeError(Error, ValueError):
    """An integer argument outside what its C parameter holds (a
    gfxkit.Error, and a ValueError for callers that catch those)."""


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

# The largest value of each C integer parameter: ctypes converts a Python
# int by keeping its low bits, so 2**32 + 64 would reach a uint32_t as 64.
_UINT_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_uint))) - 1
_U32_MAX = (1 << 32) - 1
_U64_MAX = (1 << 64) - 1


def _type_name(value):
    return type(value).__name__


def _int(value, name, hi, ctype):
    """value as an int in 0..hi, or Error naming the argument: ints and
    objects with __index__ (numpy integers), not bool (True is no width)
    nor float (3.5 is no width either)."""
    if isinstance(value, bool):
        raise ArgumentTypeError("%s must be an integer, not bool" % name)
    try:
        v = operator.index(value)
    except TypeError:
        raise ArgumentTypeError("%s must be an integer, not %s" % (name, _type_name(value))) from None
    if v < 0 or v > hi:
        # a huge value is described, not printed: str() of an int of
        # thousands of digits is slow (and refused by Python 3.11+)
        shown = str(v) if v.bit_length() <= 128 else "(a %s%d-bit integer)" % ("negative " if v < 0 else "",
                                                                             v.bit_length())
        raise ArgumentRangeError("%s %s out of range: must be 0 to %d (%s)" % (name, shown, hi, ctype))
    return v


def _name(value, name, optional=False):
    """A name (GPU, engine, format) as the NUL-terminated bytes the library
    reads: a str without NUL (a NUL would end the name early in C, so
    "cayman\\0x" would be read as "cayman"); None only where the library has
    a default."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ArgumentTypeError("%s must be a str%s, not %s"
                                % (name, " or None" if optional else "", _type_name(value)))
    if "\0" in value:
        raise Error("%s %r holds a NUL character (a C string ends there)" % (name, value[:64]))
    return _utf8(value, name, "")


def _utf8(text, name, hint):
    """text as UTF-8; a str that has none (a lone surrogate, as
    os.fsdecode makes of an undecodable byte) is an Error, not a
    UnicodeEncodeError."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise Error("%s is not valid Unicode: %s at index %d%s" % (name, repr(text[e.start:e.end]), e.start, hint)) \
            from None


def _bytes(value, name):
    """The bytes of a data or text argument: a str (as UTF-8) or any
    bytes-like object (bytes, bytearray, memoryview, array ...).  An int is
    refused, as bytes(5) would be five zero bytes."""
    if isinstance(value, str):
        return _utf8(value, name, " (pass bytes for raw bytes)")
    if isinstance(value, bytes):
        return value
    try:
        view = memoryview(value)
    except TypeError:
        raise ArgumentTypeError("%s must be bytes-like or str, not %s" % (name, _type_name(value))) from None
    with view:
        return view.tobytes()


def _text(raw):
    """The library's output as str: UTF-8, any invalid byte (a quoted piece of
    the caller's input, a name cut at a length limit) shown as U+FFFD rather
    than a UnicodeDecodeError from inside this module."""
    return raw.decode("utf-8", errors="replace")


def _json(line):
    try:
        return json.loads(line)
    except ValueError as e:
        raise Error("gfxkit printed a line that is not JSON (%s): %r" % (e, line[:64])) from None


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


def version():
    """The version of the library loaded."""
    return _text(_lib.gk_version())


def _run(data, gpu, engine, fmt, flags):
    data = _bytes(data, "data")
    gpu = _name(gpu, "gpu")
    engine = _name(engine, "engine", True)
    fmt = _name(fmt, "fmt", True)
    out = ctypes.c_void_p()
    n = ctypes.c_size_t()
    rc = _lib.gk_buffer_run(engine, gpu, fmt, data, len(data), flags, ctypes.byref(out), ctypes.byref(n))
    text = _text(_take(out, n.value))
    if rc < 0:
        raise Error(text.strip())
    return [_json(line) for line in text.splitlines() if line]


def _flag(value, name):
    if not isinstance(value, bool):
        raise ArgumentTypeError("%s must be True or False, not %s" % (name, _type_name(value)))
    return value


def decode(data, gpu, engine="pm4", fmt="auto", text=False):
    """Every unit of data (bytes: a binary stream, or the text of any dump
    form gfxkit reads, as bytes or str), as dicts; the last may be the
    stream's end line ({"end": true, ...}) when the end of the stream has
    diagnostics.  engine and fmt None: the library's defaults (pm4, auto)."""
    return _run(data, gpu, engine, fmt, JSON | (TEXT if _flag(text, "text") else 0))


def check(data, gpu, engine="pm4", fmt="auto"):
    """The diagnostics of data: a list of (unit offset, diagnostic dict)."""
    found = []
    for unit in _run(data, gpu, engine, fmt, JSON | CHECK):
        for d in unit.get("diagnostics", []):
            found.append((unit.get("offset"), d))
    return found


def encode(text, gpu, engine="pm4"):
    """The bytes text (str, or its bytes) assembles to; Error listing every
    error otherwise."""
    text = _bytes(text, "text")
    gpu = _name(gpu, "gpu")
    engine = _name(engine, "engine", True)
    words = ctypes.c_void_p()
    n = ctypes.c_size_t()
    errors = ctypes.c_void_p()
    rc = _lib.gk_buffer_encode(engine, gpu, text, len(text), ctypes.byref(words), ctypes.byref(n),
                               ctypes.byref(errors))
    if rc != 0 and words.value:
        _lib.gk_free(words)
    message = _text(_take(errors))
    if rc != 0:
        raise Error(message.strip())
    return _take(words, n.value)


def modifier(value, gpu="gfx9"):
    """One 64-bit DRM format modifier, decoded and checked: a dict."""
    value = _int(value, "modifier", _U64_MAX, "uint64_t")
    units = decode(struct.pack("<Q", value), gpu=gpu, engine="modifier", fmt="bin")
    return units[0]


def tile_info(modifier_value, bpp, width, height, slices=1):
    """The GFX6-8 surface the modifier lays out: pitch, sizes, alignments."""
    modifier_value = _int(modifier_value, "modifier_value", _U64_MAX, "uint64_t")
    bpp = _int(bpp, "bpp", _UINT_MAX, "unsigned int")
    width = _int(width, "width", _U32_MAX, "uint32_t")
    height = _int(height, "height", _U32_MAX, "uint32_t")
    slices = _int(slices, "slices", _U32_MAX, "uint32_t")
    out = ctypes.c_void_p()
    rc = _lib.gk_buffer_tile_info(modifier_value, bpp, width, height, slices, ctypes.byref(out))
    info = _json(_text(_take(out)))
    if rc != 0:
        raise Error(info.get("error", "cannot lay out this surface") if isinstance(info, dict)
                    else "cannot lay out this surface")
    return info
