#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H
#include <stddef.h>

/// Bytes the heap holds in use: glibc's mallinfo2() in-use arena chunks (uordblks) plus mmapped
/// blocks (hblkhd), all arenas; 0 where mallinfo2 is not available.
size_t cheapstats_bytes_in_use(void);

#endif
