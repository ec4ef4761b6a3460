// Package hugeheap lets the Go heap grow into memory that the kernel
// backs with transparent huge pages.
//
// Where the kernel gives huge pages only to memory that asks for them
// (transparent_hugepage set to "madvise", the default of Debian and
// Ubuntu), the Go runtime does not ask: every 4 KiB of a growing heap
// then costs a page fault, and the analysis's hash tables, read at random,
// miss the TLB on most probes. On a 100k-op function the analysis took
// about 60,000 faults, and a quarter to a third of its time went with
// them (docs/benchmarks.md).
//
// Reserve allocates the size asked, in pieces of 16 MiB, advises their
// pages MADV_HUGEPAGE, lets them go and collects them, which also paces
// the collector by the heap without them. The spans allocated after are
// carved from those pages, which keep the advice: the runtime maps heap
// memory once and afterwards only advises it, which leaves the kernel's
// flag on the mapping. A piece that the runtime places in fresh memory is
// not written, so it costs address space, not memory; one placed where
// the heap was before is zeroed, memory the heap had already. In one
// piece, a reservation that started in such a hole was zeroed whole, in
// small pages: `bufferlog fmt` on a 1M-op function took 24 s instead of
// 7, and 3.5 GB instead of 0.9, in 2 of 4 runs (docs/benchmarks.md).
//
// The pages are rounded up to 2 MiB, so a heap of many partly filled
// buffers can take more memory: 10-15% more at the peak of a large
// function's analysis, less on a module's (docs/benchmarks.md).
// GODEBUG=disablethp=1, the Go runtime's own switch, turns Reserve off;
// so does any kernel setting but "madvise", and any system but Linux.
package hugeheap
