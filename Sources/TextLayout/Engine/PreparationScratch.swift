#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread's scratch memory for preparing a paragraph (its units' scripts and its words'
/// keys and sums: about 50 bytes a code unit), reused from paragraph to paragraph: a feed's
/// paragraph of 200 units needed 10 KB, which `withUnsafeTemporaryAllocation` took from the heap
/// (glibc's aligned path) and gave back for every post. Kept per thread (a POSIX thread-specific
/// value, freed with the thread) and bounded: a block above `largestKept` bytes is not kept.
final class PreparationScratch {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    /// Whether a preparation on this thread holds the block (a nested one gets memory of its own).
    private var inUse = false

    /// The most bytes kept between preparations (a paragraph of about 20,000 units).
    static let largestKept = 1 << 20

    deinit { base?.deallocate() }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<PreparationScratch>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// `body` with `bytes` bytes of scratch memory, 16-byte aligned, uninitialised: this thread's
    /// block when it is free and the request within the bound, else memory of its own.
    @inline(__always)
    static func with<R>(bytes: Int, _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let count = max(bytes, 1)
        let scratch: PreparationScratch
        if let p = pthread_getspecific(key) {
            scratch = Unmanaged<PreparationScratch>.fromOpaque(p).takeUnretainedValue()
        } else {
            scratch = PreparationScratch()
            pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        }
        guard !scratch.inUse, count <= largestKept else {
            return withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { body($0.baseAddress.unsafelyUnwrapped) }
        }
        if scratch.capacity < count {
            scratch.base?.deallocate()
            // (Grown by half again at least: a feed's paragraphs grow it a few times at most.)
            let grown = min(max(count, scratch.capacity + scratch.capacity / 2), largestKept)
            scratch.base = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            scratch.capacity = grown
        }
        scratch.inUse = true
        defer { scratch.inUse = false }
        return body(scratch.base.unsafelyUnwrapped)
    }
}
