import CHeapStats

/// Bytes the process's heap holds in use (glibc `mallinfo2`: in-use arena chunks plus mmapped
/// blocks, chunk headers included), for memory-per-element measurements: take it before and
/// after building a structure that is then kept alive, single-threaded. 0 without glibc ≥ 2.33.
public enum HeapUsage {
    public static var bytesInUse: Int { Int(cheapstats_bytes_in_use()) }

    /// Whether `bytesInUse` measures anything on this platform.
    public static var isAvailable: Bool { bytesInUse > 0 }
}
