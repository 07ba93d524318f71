#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocks of memory straight from `malloc` (16-byte aligned), for a paragraph's buffers. The
/// standard library's `UnsafeMutableRawPointer.allocate` asks the runtime for its "aligned" path
/// whatever the alignment (so that it can be freed without it): on Linux `posix_memalign`,
/// whose bookkeeping cost about 300 instructions a block more than `malloc` — four blocks a post
/// of a cold feed.
enum PlainMemory {
    /// `byteCount` bytes (at least one), aligned for any value of 16 bytes or less. Traps when
    /// the system has no memory left, as `UnsafeMutableRawPointer.allocate` does.
    @inline(__always)
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        guard let p = malloc(Swift.max(byteCount, 1)) else { preconditionFailure("out of memory: \(byteCount) bytes") }
        return p
    }

    /// Frees a block `allocate` gave.
    @inline(__always)
    static func deallocate(_ p: UnsafeMutableRawPointer) { free(p) }
}
