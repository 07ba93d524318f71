internal import CHarfBuzz

/// A small pool of HarfBuzz buffers, so that shaping does not allocate one per call.
///
/// A buffer is used by one thread at a time: taken from the pool, reset, used, given back.
/// At most `limit` idle buffers are kept; the rest are destroyed.
enum HarfBuzzBuffers {
    private struct Pool: @unchecked Sendable { var idle: [OpaquePointer] = [] }
    private static let pool = Locked(Pool())
    private static let limit = 32

    /// Runs `body` with an empty buffer.
    static func with(_ body: (OpaquePointer) -> Void) {
        guard let buffer = pool.withLock({ $0.idle.popLast() }) ?? hb_buffer_create() else { return }
        body(buffer)
        hb_buffer_reset(buffer)
        let kept = pool.withLock { p -> Bool in
            guard p.idle.count < limit else { return false }
            p.idle.append(buffer)
            return true
        }
        if !kept { hb_buffer_destroy(buffer) }
    }
}
