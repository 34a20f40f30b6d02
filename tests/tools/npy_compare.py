#!/usr/bin/env python3
"""npy_compare.py [--bf16] GOT.npy WANT.npy [REL]: compare two .npy arrays without numpy.

Exit 0 when both have the same dtype class and shape and
max|got - want| <= REL * max|want| (REL 1e-4 by default; exact for integer
and bool arrays), else print why and exit 1. Prints one line either way:
NAME shape max_err max_abs_want. Reads what numpy's np.save writes (format
1.0-3.0, little-endian f2/f4/f8, i1-i8, u1-u8, b1, C order) in pure Python,
because CI has python3 but not numpy.

--bf16: both files hold bf16 values as their bit patterns, little-endian
uint16 ('<u2', what `spadc run -o` writes for a bf16 result and what
tools/torch_corpus.py stores, numpy having no bf16); they are decoded to
floats and compared as floats.
"""
import array
import ast
import math
import struct
import sys

# dtype letter+size -> (array typecode, is_float)
CODES = {"f4": ("f", True), "f8": ("d", True), "i1": ("b", False), "u1": ("B", False),
         "b1": ("B", False), "i2": ("h", False), "u2": ("H", False), "i4": ("i", False),
         "u4": ("I", False), "i8": ("q", False), "u8": ("Q", False)}


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        sys.exit(f"{path}: not a .npy file")
    major = data[6]
    if major == 1:
        hlen, start = struct.unpack("<H", data[8:10])[0], 10
    else:
        hlen, start = struct.unpack("<I", data[8:12])[0], 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    descr, shape = header["descr"], tuple(header["shape"])
    if header["fortran_order"] or descr[0] not in "<|" or descr[1:] not in CODES:
        sys.exit(f"{path}: unsupported array ({descr}, fortran_order={header['fortran_order']})")
    if descr[1:] == "f2":
        sys.exit(f"{path}: f16 not supported here")
    code, is_float = CODES[descr[1:]]
    values = array.array(code)
    n = math.prod(shape)
    body = data[start + hlen:]
    if len(body) != n * values.itemsize:
        sys.exit(f"{path}: {len(body)} data bytes for shape {shape} of {descr}")
    values.frombytes(body)
    if sys.byteorder != "little":
        values.byteswap()
    return descr[1:], shape, is_float, values


def bf16_values(path, descr, bits):
    """The floats that bf16 bit patterns stand for (each the upper half of an f32)."""
    if descr != "u2":
        sys.exit(f"{path}: --bf16 wants '<u2' bit patterns, not {descr}")
    f32 = array.array("I", (b << 16 for b in bits))
    return array.array("f", f32.tobytes())


def main():
    argv = sys.argv[1:]
    bf16 = "--bf16" in argv
    argv = [a for a in argv if a != "--bf16"]
    if len(argv) not in (2, 3):
        sys.exit(__doc__)
    rel = float(argv[2]) if len(argv) == 3 else 1e-4
    gd, gs, gf, got = load(argv[0])
    wd, ws, wf, want = load(argv[1])
    name = argv[0]
    if bf16:
        got, want = bf16_values(argv[0], gd, got), bf16_values(argv[1], wd, want)
        gf = wf = True
    if gs != ws or gf != wf or (not gf and gd != wd):
        print(f"{name}: got {gd} {gs}, want {wd} {ws}")
        return 1
    err = max((abs(a - b) for a, b in zip(got, want)), default=0.0)
    big = max((abs(b) for b in want), default=0.0)
    bad = any(math.isnan(a) for a in got) if gf else False
    ok = not bad and not math.isnan(err) and (err <= rel * big if gf else err == 0)
    print(f"{name}: shape {gs} max_err {err:.3g} max_abs_want {big:.3g}{'' if ok else ' MISMATCH'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
