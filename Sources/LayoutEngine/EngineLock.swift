#if TSAN_VISIBLE_LOCKS
import Foundation

/// LayoutEngine's lock built for ThreadSanitizer (`-Xswiftc -DTSAN_VISIBLE_LOCKS`, scripts/tsan.sh):
/// an `NSLock`, which TSan sees, instead of the futex `Mutex` it cannot.
final class EngineLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: sending Value) { self.value = value }

    func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
#else
import Synchronization

/// LayoutEngine's lock: the standard library's `Mutex`, used directly so that its generic
/// `withLock` is specialised here (TextLayout's `Locked` wrapper, called across the module
/// boundary, cost the 10,000-post feed 25 ms). Built with `TSAN_VISIBLE_LOCKS`, an `NSLock`.
typealias EngineLock<Value> = Mutex<Value>
#endif
