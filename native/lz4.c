/*
 * LZ4 block decoder for Strand (loaded through bun:ffi by
 * src/protocol/records/compression/lz4-native.ts). Written from the LZ4 block format description:
 * sequences of token (literal length << 4 | match length - 4), extra length bytes while 255,
 * literals, 2-byte little-endian offset, extra match length bytes; the last sequence has literals only.
 *
 * The frame (header, block sizes, xxhash32 checksums) is parsed by lz4.ts; this decodes one block.
 * Every length is checked against the input end and the output bound before anything is copied, so
 * corrupt input never reads past src[srcStart + srcLen) nor writes past dst[dstStart + dstCap).
 *
 * Returns the bytes written (>= 0), or
 *   -1  corrupt input (truncated length, literals or offset)
 *   -2  the output bound would be exceeded
 *   -3  a match offset of 0 or before the start of this block's output
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define STRAND_LZ4_CORRUPT (-1)
#define STRAND_LZ4_OUTPUT_BOUND (-2)
#define STRAND_LZ4_BAD_OFFSET (-3)
#define MIN_MATCH 4

int32_t strand_lz4_block(const uint8_t *src, uint32_t srcStart, uint32_t srcLen,
                         uint8_t *dst, uint32_t dstStart, uint32_t dstCap) {
    const uint8_t *ip = src + srcStart;
    const uint8_t *const iend = ip + srcLen;
    uint8_t *const ostart = dst + dstStart;
    uint8_t *op = ostart;
    uint8_t *const oend = ostart + dstCap;
    if (dstCap > 0x7fffffffu) return STRAND_LZ4_OUTPUT_BOUND; /* the count must fit the int32 result */

    /* Each sequence consumes at least its token byte: at most srcLen iterations. */
    while (ip < iend) {
        const unsigned token = *ip++;
        size_t lit = token >> 4;
        if (lit == 15) {
            unsigned b;
            /* Each extension byte is consumed from the input: bounded by srcLen. */
            do {
                if (ip >= iend) return STRAND_LZ4_CORRUPT;
                b = *ip++;
                lit += b;
            } while (b == 255);
        }
        if (lit > (size_t)(iend - ip)) return STRAND_LZ4_CORRUPT;
        if (lit > (size_t)(oend - op)) return STRAND_LZ4_OUTPUT_BOUND;
        memcpy(op, ip, lit);
        ip += lit;
        op += lit;
        if (ip >= iend) break; /* the last sequence has literals only */

        if (iend - ip < 2) return STRAND_LZ4_CORRUPT;
        const size_t offset = (size_t)ip[0] | ((size_t)ip[1] << 8);
        ip += 2;
        if (offset == 0 || offset > (size_t)(op - ostart)) return STRAND_LZ4_BAD_OFFSET;

        size_t match = token & 15;
        if (match == 15) {
            unsigned b;
            do {
                if (ip >= iend) return STRAND_LZ4_CORRUPT;
                b = *ip++;
                match += b;
            } while (b == 255);
        }
        match += MIN_MATCH;
        if (match > (size_t)(oend - op)) return STRAND_LZ4_OUTPUT_BOUND;

        const uint8_t *from = op - offset;
        if (offset >= match) {
            memcpy(op, from, match); /* no overlap */
            op += match;
        } else if (offset >= 8) {
            /* Overlapping but each 8-byte step reads bytes already written: copy in steps of 8. */
            uint8_t *const mend = op + match;
            while (mend - op >= 8) {
                memcpy(op, from, 8);
                op += 8;
                from += 8;
            }
            while (op < mend) *op++ = *from++;
        } else {
            /* Short offsets repeat a pattern: byte by byte (match <= the output bound, checked above). */
            for (size_t i = 0; i < match; i++) *op++ = *from++;
        }
    }
    return (int32_t)(op - ostart);
}
