/* npy.h - numpy .npy files (format versions 1.0, 2.0 and 3.0).
 *
 *     npy_array a;
 *     npy_read(ctx, "x.npy", &a);     // inside sp_pcall; raises on bad files
 *     ... a.dtype, a.rank, a.dims, a.data (little-endian, row-major) ...
 *     npy_free(ctx, &a);              // the caller owns a.data
 *
 *     npy_write(ctx, "out.npy", IR_F32, rank, dims, data);
 *
 * dtypes: f32 '<f4', f64 '<f8', f16 '<f2', i8 '|i1', i16 '<i2', i32 '<i4',
 * i64 '<i8', i1 '|b1' (bool). bf16 has no numpy dtype: spadc writes bf16
 * tensors as their 16-bit patterns in a uint16 array ('<u2'); load them with
 * np.load(f).view(ml_dtypes.bfloat16). Reading '<u2' yields IR_BF16 for the
 * same reason. Big-endian files are byte-swapped; Fortran order is rejected.
 *
 * The header is parsed as the Python dict literal numpy writes: the keys
 * 'descr', 'fortran_order' (True or False) and 'shape' (a tuple of
 * non-negative integers), each exactly once, nothing else, nothing after
 * the closing brace; every other header is an error naming what is wrong.
 * A file that holds less data than its shape needs is refused before the
 * data is allocated. npy_write writes through fio_out (io/fileio.h): the
 * file is whole or absent.
 */
#ifndef SPADC_IO_NPY_H
#define SPADC_IO_NPY_H

#include <stdint.h>

#include "ir/ir.h"

typedef struct npy_array {
    ir_dtype dtype;
    uint32_t rank;
    int64_t dims[IR_MAX_RANK];
    uint8_t *data; /* numel * ir_dtype_bytes(dtype) bytes */
    size_t bytes;
} npy_array;

/* a.data is set before anything else can fail, so npy_free is always safe. */
void npy_read(sp_ctx *ctx, const char *path, npy_array *a);
void npy_free(sp_ctx *ctx, npy_array *a);
void npy_write(sp_ctx *ctx, const char *path, ir_dtype dt, uint32_t rank, const int64_t *dims, const void *data);
/* The descr string spadc writes for dt ("<f4", ...). */
const char *npy_descr(ir_dtype dt);

#endif
