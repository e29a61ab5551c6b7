// operator new / delete for shlo-opt-native (linked into that executable only).
//
// The tool parses and checks a program, prints a verdict and exits; glibc's
// malloc and free took about a tenth of its time (MLIR's parser and the spec
// checks allocate many short-lived small objects, more than glibc's
// per-thread caches hold). Small blocks here come from per-thread free lists
// of 16-byte size classes, carved from 1 MB chunks and never given back to
// the system; larger ones go to malloc. A block freed by another thread joins
// that thread's list. The aligned forms (over 16 bytes of alignment) keep
// libstdc++'s own, which pair among themselves.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace {
constexpr size_t kGranule = 16;                       // also the alignment of every block
constexpr size_t kClasses = 32;                       // 16, 32, ..., 512 bytes
constexpr size_t kChunk = size_t(1) << 20;

// Before each block: its size class, 0 for a block from malloc.
struct alignas(16) Header {
  size_t sizeClass;
};
struct FreeBlock {
  FreeBlock *next;
};
struct ThreadCache {
  FreeBlock *free[kClasses + 1];
  char *next, *end;
};
thread_local ThreadCache cache;   // zero-initialized: no constructor or destructor to run

[[noreturn]] void outOfMemory() {
  std::fputs("shlo-opt-native: out of memory\n", stderr);
  std::abort();
}

void *allocate(size_t size) {
  size_t sizeClass = size ? (size + kGranule - 1) / kGranule : 1;
  if (sizeClass > kClasses) {
    auto *h = static_cast<Header *>(std::malloc(sizeof(Header) + size));
    if (!h)
      outOfMemory();
    h->sizeClass = 0;
    return h + 1;
  }
  ThreadCache &c = cache;
  if (FreeBlock *b = c.free[sizeClass]) {
    c.free[sizeClass] = b->next;
    return b;
  }
  size_t need = sizeof(Header) + sizeClass * kGranule;
  if (size_t(c.end - c.next) < need) {
    c.next = static_cast<char *>(std::malloc(kChunk));   // the rest of the old chunk stays unused
    if (!c.next)
      outOfMemory();
    c.end = c.next + kChunk;
  }
  auto *h = reinterpret_cast<Header *>(c.next);
  c.next += need;
  h->sizeClass = sizeClass;
  return h + 1;
}

void release(void *p) {
  if (!p)
    return;
  Header *h = static_cast<Header *>(p) - 1;
  if (h->sizeClass == 0) {
    std::free(h);
    return;
  }
  auto *b = static_cast<FreeBlock *>(p);
  ThreadCache &c = cache;
  b->next = c.free[h->sizeClass];
  c.free[h->sizeClass] = b;
}
} // namespace

void *operator new(size_t size) { return allocate(size); }
void *operator new[](size_t size) { return allocate(size); }
void *operator new(size_t size, const std::nothrow_t &) noexcept { return allocate(size); }
void *operator new[](size_t size, const std::nothrow_t &) noexcept { return allocate(size); }
void operator delete(void *p) noexcept { release(p); }
void operator delete[](void *p) noexcept { release(p); }
void operator delete(void *p, size_t) noexcept { release(p); }
void operator delete[](void *p, size_t) noexcept { release(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { release(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept { release(p); }
