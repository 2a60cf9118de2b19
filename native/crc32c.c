/*
 * CRC32C (Castagnoli) for Strand's record batches, called from TypeScript through bun:ffi.
 *
 * Exported:
 *   uint32_t strand_crc32c(const uint8_t *base, uint32_t start, uint32_t len)
 *     CRC32C of base[start, start+len). Taking (base, start) instead of a pointer lets the caller
 *     pass a Uint8Array without first making a subarray view.
 *   uint32_t strand_crc32c_update(uint32_t crc, const uint8_t *base, uint32_t start, uint32_t len)
 *     Same, continuing from a previous result (0 to start).
 *   int strand_crc32c_kind(void)
 *     1 when the hardware instruction is used, 0 for the portable table path.
 *
 * Paths:
 *   - x86-64 with SSE4.2: the crc32 instruction. With gcc/clang through __builtin_ia32_crc32di under a
 *     target attribute (no -msse4.2 needed for the whole file); with TinyCC (bun:ffi cc(), which has no
 *     intrinsics and no SSE4.2 mnemonics) through hand-encoded instruction bytes.
 *   - aarch64 with the CRC extension: __crc32cd and friends.
 *   - anything else: slicing-by-8 tables, built on first use.
 * The CPU is checked once (cpuid), so a binary built here still runs on a CPU without SSE4.2.
 */
#include <stddef.h>
#include <stdint.h>

#define POLY 0x82f63b78u

static uint32_t table[8][256];
static int table_ready = 0;

static void build_table(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ POLY : c >> 1;
    table[0][n] = c;
  }
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = table[0][n];
    for (int k = 1; k < 8; k++) {
      c = table[0][c & 0xff] ^ (c >> 8);
      table[k][n] = c;
    }
  }
  table_ready = 1;
}

static uint32_t crc_table(uint32_t crc, const uint8_t *p, size_t len) {
  if (!table_ready) build_table();
  uint32_t c = ~crc;
  while (len >= 8) {
    uint32_t lo = c ^ ((uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24));
    uint32_t hi = (uint32_t)p[4] | ((uint32_t)p[5] << 8) | ((uint32_t)p[6] << 16) | ((uint32_t)p[7] << 24);
    c = table[7][lo & 0xff] ^ table[6][(lo >> 8) & 0xff] ^ table[5][(lo >> 16) & 0xff] ^ table[4][lo >> 24] ^
        table[3][hi & 0xff] ^ table[2][(hi >> 8) & 0xff] ^ table[1][(hi >> 16) & 0xff] ^ table[0][hi >> 24];
    p += 8;
    len -= 8;
  }
  while (len--) c = table[0][(c ^ *p++) & 0xff] ^ (c >> 8);
  return ~c;
}

#if defined(__x86_64__)
#define HAVE_HW_PATH 1

static int cpu_has_sse42(void) {
  uint32_t a = 1, b, c = 0, d;
  __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d));
  return (c >> 20) & 1; /* CPUID.1:ECX.SSE4_2 */
}

#if defined(__TINYC__)
/* crc32q %rcx,%rax = F2 48 0F 38 F1 C1 ; crc32b %cl,%eax = F2 0F 38 F0 C1 */
static inline uint64_t hw_u64(uint64_t c, uint64_t v) {
  __asm__ volatile(".byte 0xf2, 0x48, 0x0f, 0x38, 0xf1, 0xc1" : "+a"(c) : "c"(v));
  return c;
}
static inline uint32_t hw_u8(uint32_t c, uint32_t v) {
  __asm__ volatile(".byte 0xf2, 0x0f, 0x38, 0xf0, 0xc1" : "+a"(c) : "c"(v));
  return c;
}
#define HW_ATTR
#else
#define HW_ATTR __attribute__((target("sse4.2")))
static inline HW_ATTR uint64_t hw_u64(uint64_t c, uint64_t v) { return __builtin_ia32_crc32di(c, v); }
static inline HW_ATTR uint32_t hw_u8(uint32_t c, uint32_t v) { return __builtin_ia32_crc32qi(c, (unsigned char)v); }
#endif

static HW_ATTR uint32_t crc_hw(uint32_t crc, const uint8_t *p, size_t len) {
  uint64_t c = (uint32_t)~crc;
  while (len && ((uintptr_t)p & 7)) {
    c = hw_u8((uint32_t)c, *p++);
    len--;
  }
  /* 4 words per step: the loop overhead is amortised, the dependency chain stays one instruction. */
  while (len >= 32) {
    const uint64_t *q = (const uint64_t *)p;
    c = hw_u64(c, q[0]);
    c = hw_u64(c, q[1]);
    c = hw_u64(c, q[2]);
    c = hw_u64(c, q[3]);
    p += 32;
    len -= 32;
  }
  while (len >= 8) {
    c = hw_u64(c, *(const uint64_t *)p);
    p += 8;
    len -= 8;
  }
  while (len--) c = hw_u8((uint32_t)c, *p++);
  return ~(uint32_t)c;
}

#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#define HAVE_HW_PATH 1
#include <arm_acle.h>
static int cpu_has_sse42(void) { return 1; } /* compiled for the CRC extension: always present */
static uint32_t crc_hw(uint32_t crc, const uint8_t *p, size_t len) {
  uint32_t c = ~crc;
  while (len && ((uintptr_t)p & 7)) { c = __crc32cb(c, *p++); len--; }
  while (len >= 8) { c = __crc32cd(c, *(const uint64_t *)p); p += 8; len -= 8; }
  while (len--) c = __crc32cb(c, *p++);
  return ~c;
}
#else
#define HAVE_HW_PATH 0
#endif

static int kind = -1; /* -1 unknown, 0 table, 1 hardware */

static int detect(void) {
#if HAVE_HW_PATH
  kind = cpu_has_sse42() ? 1 : 0;
#else
  kind = 0;
#endif
  if (kind == 0 && !table_ready) build_table();
  return kind;
}

uint32_t strand_crc32c_update(uint32_t crc, const uint8_t *base, uint32_t start, uint32_t len) {
  const uint8_t *p = base + start;
  if (kind < 0) detect();
#if HAVE_HW_PATH
  if (kind == 1) return crc_hw(crc, p, len);
#endif
  return crc_table(crc, p, len);
}

uint32_t strand_crc32c(const uint8_t *base, uint32_t start, uint32_t len) {
  return strand_crc32c_update(0, base, start, len);
}

int strand_crc32c_kind(void) { return kind < 0 ? detect() : kind; }
