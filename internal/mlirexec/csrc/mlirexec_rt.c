// mlirexec_rt.c: the run-time half of package mlirexec.
//
// The Go side lowers memref IR with --finalize-memref-to-llvm=use-generic-functions
// and rewrites the LLVM-dialect text so that every heap allocation, free and
// memref.copy of the program calls one of the hooks below. The hooks do the
// work and keep counts; a destructor prints one line to stderr at exit:
//
//   MLIREXEC-STATS allocs=N frees=N alloc_bytes=N copies=N copy_bytes=N
//                  peak_bytes=N leaks=N leak_bytes=N bad_frees=N
//
// (on one line). Sizes are the sizes the program asked for: the padding that
// the lowering adds for `alignment = N` is passed separately
// (mlirexec_alloc_padded) and not counted.
//
// Built two ways:
//   - as a shared library for mlir-runner's JIT (--shared-libs); printing comes
//     from the upstream runner utils there;
//   - with -DMLIREXEC_NATIVE as an object linked into a standalone executable
//     that runs under valgrind. Then it also provides printMemref* and the
//     scalar print functions, a main() that calls the renamed program entry,
//     and it hands bad frees on to free() so that memcheck reports them too.
//
// Programs are single-threaded, so there is no locking.
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- live allocations: pointer -> requested size ----
// Linear probing; deletion shifts later entries back so that no tombstones
// are needed. The key 0 marks an empty slot (malloc never returns NULL here
// for a live block we record).
//
// Keys are pointers XORed with key_mask, so that under valgrind the table
// keeps no block reachable: a leaked block shows up as "definitely lost"
// even when the program crashes and the table is never freed.
struct slot {
  uintptr_t key; // key(pointer)
  int64_t size;
};

static const uintptr_t key_mask = (uintptr_t)0xa5a5a5a5a5a5a5a5ull;

static uintptr_t key(const void *p) { return (uintptr_t)p ^ key_mask; }

static struct slot *slots;
static size_t nslots, nlive;

static int64_t n_allocs, n_frees, n_copies, n_bad_frees;
static int64_t alloc_bytes, copy_bytes, live_bytes, peak_bytes;

static size_t home(uintptr_t k) {
  uint64_t x = (uint64_t)k;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return (size_t)x & (nslots - 1);
}

static void put(uintptr_t k, int64_t size);

static void grow(void) {
  struct slot *old = slots;
  size_t oldn = nslots;
  nslots = oldn ? 2 * oldn : 256;
  slots = calloc(nslots, sizeof *slots);
  if (!slots) {
    fputs("mlirexec runtime: out of memory\n", stderr);
    abort();
  }
  nlive = 0;
  for (size_t i = 0; i < oldn; i++)
    if (old[i].key)
      put(old[i].key, old[i].size);
  free(old);
}

static void put(uintptr_t k, int64_t size) {
  if (2 * (nlive + 1) > nslots)
    grow();
  size_t i = home(k);
  while (slots[i].key)
    i = (i + 1) & (nslots - 1);
  slots[i].key = k;
  slots[i].size = size;
  nlive++;
}

// take removes key k and returns its size, or -1 when k is not live.
static int64_t take(uintptr_t k) {
  if (!nslots)
    return -1;
  size_t mask = nslots - 1, i = home(k);
  while (slots[i].key != k) {
    if (!slots[i].key)
      return -1;
    i = (i + 1) & mask;
  }
  int64_t size = slots[i].size;
  // Close the gap: move back any later entry whose home slot is not in
  // the cyclic range (i, j].
  for (size_t j = (i + 1) & mask; slots[j].key; j = (j + 1) & mask) {
    size_t h = home(slots[j].key);
    int between = i <= j ? (i < h && h <= j) : (i < h || h <= j);
    if (!between) {
      slots[i] = slots[j];
      i = j;
    }
  }
  slots[i].key = 0;
  nlive--;
  return size;
}

static void *record(void *p, int64_t size) {
  if (!p) {
    fprintf(stderr, "mlirexec runtime: allocation of %" PRId64 " bytes failed\n", size);
    abort();
  }
  n_allocs++;
  alloc_bytes += size;
  live_bytes += size;
  if (live_bytes > peak_bytes)
    peak_bytes = live_bytes;
  put(key(p), size);
  return p;
}

// ---- allocation hooks ----

// Called by the generic-function lowering for allocations without an
// alignment attribute (and for those the Go rewrite could not split).
void *_mlir_memref_to_llvm_alloc(size_t size) {
  return record(malloc(size ? size : 1), (int64_t)size);
}

// Called with use-aligned-alloc; the lowering may have rounded size up.
void *_mlir_memref_to_llvm_aligned_alloc(size_t align, size_t size) {
  void *p = NULL;
  if (align < sizeof(void *))
    align = sizeof(void *);
  if (posix_memalign(&p, align, size ? size : 1))
    p = NULL;
  return record(p, (int64_t)size);
}

// The Go rewrite turns `alloc(size + pad)` into this, so that only the size
// the program asked for is counted.
void *mlirexec_alloc_padded(int64_t size, int64_t pad) {
  return record(malloc((size_t)(size + pad) ? (size_t)(size + pad) : 1), size);
}

void _mlir_memref_to_llvm_free(void *p) {
  if (!p)
    return;
  int64_t size = take(key(p));
  if (size < 0) {
    n_bad_frees++;
    fflush(stdout);
    fprintf(stderr, "MLIREXEC-BADFREE %p (not a live allocation: double or invalid free)\n", p);
#ifdef MLIREXEC_NATIVE
    free(p); // let memcheck see and report it
#endif
    return; // in the JIT, skipping the free keeps the process alive
  }
  n_frees++;
  live_bytes -= size;
  free(p);
}

// ---- copy hooks ----

// Replaces "llvm.intr.memcpy" (memref.copy between identity layouts).
void mlirexec_memcpy(void *dst, const void *src, int64_t n) {
  n_copies++;
  copy_bytes += n;
  if (n > 0)
    memmove(dst, src, (size_t)n);
}

// Memref descriptors as the LLVM lowering lays them out.
struct unranked {
  int64_t rank;
  void *desc;
};
struct ranked {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizes_then_strides[]; // sizes[rank], then strides[rank]
};

// Replaces memrefCopy (memref.copy with a strided layout on either side).
void mlirexec_memrefCopy(int64_t elem, struct unranked *src, struct unranked *dst) {
  int64_t rank = src->rank;
  struct ranked *s = src->desc, *d = dst->desc;
  const int64_t *sizes = s->sizes_then_strides;
  const int64_t *sstr = s->sizes_then_strides + rank;
  const int64_t *dstr = d->sizes_then_strides + rank;
  int64_t total = 1;
  for (int64_t k = 0; k < rank; k++)
    total *= sizes[k];
  n_copies++;
  copy_bytes += total * elem;
  if (total == 0)
    return;
  int64_t idx[rank > 0 ? rank : 1];
  memset(idx, 0, sizeof idx);
  int64_t so = s->offset, dof = d->offset;
  for (int64_t n = 0; n < total; n++) {
    memcpy(d->aligned + dof * elem, s->aligned + so * elem, (size_t)elem);
    // Odometer step over the index space, last dimension fastest.
    for (int64_t k = rank - 1; k >= 0; k--) {
      so += sstr[k];
      dof += dstr[k];
      if (++idx[k] < sizes[k])
        break;
      so -= sstr[k] * sizes[k];
      dof -= dstr[k] * sizes[k];
      idx[k] = 0;
    }
  }
}

// ---- report at exit ----

__attribute__((destructor)) static void report(void) {
  int64_t leaks = 0, leak_bytes = 0;
  for (size_t i = 0; i < nslots; i++) {
    if (slots[i].key) {
      leaks++;
      leak_bytes += slots[i].size;
    }
  }
  fflush(stdout);
  fprintf(stderr,
          "MLIREXEC-STATS allocs=%" PRId64 " frees=%" PRId64 " alloc_bytes=%" PRId64
          " copies=%" PRId64 " copy_bytes=%" PRId64 " peak_bytes=%" PRId64
          " leaks=%" PRId64 " leak_bytes=%" PRId64 " bad_frees=%" PRId64 "\n",
          n_allocs, n_frees, alloc_bytes, n_copies, copy_bytes, peak_bytes, leaks,
          leak_bytes, n_bad_frees);
  free(slots);
  slots = NULL;
  nslots = nlive = 0;
}

#ifdef MLIREXEC_NATIVE
// ---- printing, for the standalone executable ----
// Output matches the upstream runner utils (RunnerUtils.h): a metadata line,
// then nested brackets with ", " between elements, a newline after each row
// of a rank>1 memref and indentation by nesting depth.

enum kind { F32, F64, I32, I64 };

static void print_elem(enum kind k, const char *base, int64_t i) {
  switch (k) {
  case F32: printf("%g", (double)((const float *)base)[i]); break;
  case F64: printf("%g", ((const double *)base)[i]); break;
  case I32: printf("%" PRId32, ((const int32_t *)base)[i]); break;
  case I64: printf("%" PRId64, ((const int64_t *)base)[i]); break;
  }
}

static void spaces(int64_t n) {
  for (int64_t i = 0; i < n; i++)
    putchar(' ');
}

// print_dims prints the dim innermost dimensions starting at offset.
static void print_dims(enum kind k, const char *base, int64_t dim, int64_t rank,
                       int64_t offset, const int64_t *sizes, const int64_t *strides) {
  if (dim == 0) {
    print_elem(k, base, offset);
    return;
  }
  putchar('[');
  for (int64_t i = 0; i < sizes[0]; i++) {
    if (i > 0) {
      fputs(", ", stdout);
      if (dim > 1)
        putchar('\n');
      spaces(rank - dim + 1);
    }
    print_dims(k, base, dim - 1, rank, offset + i * strides[0], sizes + 1, strides + 1);
  }
  putchar(']');
}

static void print_memref(enum kind k, int64_t rank, void *d) {
  struct ranked *m = d;
  const int64_t *sizes = m->sizes_then_strides, *strides = sizes + rank;
  if (m->aligned)
    printf("Unranked Memref base@ = %p rank = %" PRId64 " offset = %" PRId64 " sizes = [",
           (void *)m->aligned, rank, m->offset);
  else
    printf("Unranked Memref base@ = 0 rank = %" PRId64 " offset = %" PRId64 " sizes = [",
           rank, m->offset);
  for (int64_t i = 0; i < rank; i++)
    printf(i ? ", %" PRId64 : "%" PRId64, sizes[i]);
  fputs("] strides = [", stdout);
  for (int64_t i = 0; i < rank; i++)
    printf(i ? ", %" PRId64 : "%" PRId64, strides[i]);
  fputs("] data = \n", stdout);
  if (rank == 0)
    putchar('[');
  print_dims(k, m->aligned, rank, rank, m->offset, sizes, strides);
  if (rank == 0)
    putchar(']');
  putchar('\n');
}

void printMemrefF32(int64_t rank, void *d) { print_memref(F32, rank, d); }
void printMemrefF64(int64_t rank, void *d) { print_memref(F64, rank, d); }
void printMemrefI32(int64_t rank, void *d) { print_memref(I32, rank, d); }
void printMemrefI64(int64_t rank, void *d) { print_memref(I64, rank, d); }

void printF32(float f) { printf("%g", (double)f); }
void printF64(double f) { printf("%g", f); }
void printI64(int64_t i) { printf("%" PRId64, i); }
void printU64(uint64_t u) { printf("%" PRIu64, u); }
void printNewline(void) { putchar('\n'); }
void printComma(void) { fputs(", ", stdout); }
void printOpen(void) { fputs("( ", stdout); }
void printClose(void) { fputs(" )", stdout); }

// Un-rewritten strided copies (memrefCopy) still work and are counted.
void memrefCopy(int64_t elem, struct unranked *src, struct unranked *dst) {
  mlirexec_memrefCopy(elem, src, dst);
}

// objcopy renames the program's main to this.
void mlirexec_program_main(void);

int main(void) {
  // Line buffered, so that what the program printed before a crash is
  // not lost with the buffer.
  setvbuf(stdout, NULL, _IOLBF, 0);
  mlirexec_program_main();
  return 0;
}
#endif
