#if TSAN_VISIBLE_LOCKS
import Foundation
#else
import Synchronization
#endif

/// A value behind a lock: the one way TextLayout shares mutable state between threads.
///
/// Backed by the standard library's `Mutex` (on Linux a futex lock whose waiters spin a little
/// before they sleep), not `NSLock`: most critical sections here are a hash-table probe, shorter
/// than a trip through the kernel, so a thread that finds the lock taken is better off spinning
/// (two threads measuring texts at once slept on `NSLock` about once per text).
///
/// ThreadSanitizer does not see a futex as synchronization, so under it every access a `Mutex`
/// serialises looks like a race. Built with `-Xswiftc -DTSAN_VISIBLE_LOCKS` (as
/// `scripts/tsan.sh` does), `Locked` is an `NSLock` instead, which TSan understands: a TSan run
/// then reports real races only (LayoutEngine's `EngineLock` follows the same flag).
final class Locked<Value>: @unchecked Sendable {
#if TSAN_VISIBLE_LOCKS
    private let lock = NSLock()
    private var value: Value

    init(_ value: sending Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
#else
    private let mutex: Mutex<Value>

    init(_ value: sending Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        // `Mutex` asks for `sending` values; the lock is what makes the access safe here, as it
        // did with `NSLock`, so the value and the result cross it unchecked.
        let result = try mutex.withLock { (value: inout sending Value) throws(E) -> Unchecked<R> in
            Unchecked(value: try body(&value))
        }
        return result.value
    }
#endif
}

/// A value carried across `Mutex.withLock`'s `sending` boundary (see `Locked.withLock`).
private struct Unchecked<T>: @unchecked Sendable {
    var value: T
}
