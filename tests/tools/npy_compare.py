#!/usr/bin/env python3
"""npy_compare.py GOT.npy WANT.npy [REL]: compare two .npy arrays without numpy.

Exit 0 when both have the same dtype class and shape and
max|got - want| <= REL * max|want| (REL 1e-4 by default; exact for integer
and bool arrays), else print why and exit 1. Prints one line either way:
NAME shape max_err max_abs_want. Reads what numpy's np.save writes (format
1.0-3.0, little-endian f2/f4/f8, i1-i8, u1-u8, b1, C order) in pure Python,
because CI has python3 but not numpy.
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


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    rel = float(sys.argv[3]) if len(sys.argv) == 4 else 1e-4
    gd, gs, gf, got = load(sys.argv[1])
    wd, ws, wf, want = load(sys.argv[2])
    name = sys.argv[1]
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
