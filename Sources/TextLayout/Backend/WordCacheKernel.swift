internal import CTextKernels

/// `WordCache`'s look-up of a paragraph's words in C (`le_find_words`): the same probe, the same
/// comparisons and the same copies as the Swift loop it stands for (`WordCacheTests` and
/// `FusedPreparationTests` compare paragraphs prepared through it with the separate passes').
enum WordCacheKernel {
    /// Whether the Swift entry, key and summary are laid out as the C structs (they are, field
    /// for field; checked once rather than assumed).
    static let layoutMatches: Bool =
        Preparer.kernelLayoutMatches
        && MemoryLayout<WordCache.Entry>.size == MemoryLayout<le_word_entry>.size
        && MemoryLayout<WordCache.Entry>.stride == MemoryLayout<le_word_entry>.stride
        && MemoryLayout<WordCache.Entry>.offset(of: \WordCache.Entry.chain) == 8
        && MemoryLayout<WordCache.Entry>.offset(of: \WordCache.Entry.script) == 16
        && MemoryLayout<WordCache.Entry>.offset(of: \WordCache.Entry.next) == 20
        && MemoryLayout<WordCache.Entry>.offset(of: \WordCache.Entry.offset) == 24
        && MemoryLayout<WordCache.Entry>.offset(of: \WordCache.Entry.count) == 28
        && MemoryLayout<WordCache.Entry>.offset(of: \WordCache.Entry.summary) == 32

    /// `WordCache.Table.findAll` over the table's buffers (`slots`' count a power of two).
    static func findAll(_ keys: UnsafeBufferPointer<WordCache.Key>, chain: UInt64, _ text: UnsafePointer<UInt16>,
                        slots: UnsafeBufferPointer<Int32>, shift: Int, entries: UnsafeBufferPointer<WordCache.Entry>,
                        units: UnsafeBufferPointer<UInt16>, values: UnsafeBufferPointer<Double>,
                        _ advances: UnsafeMutablePointer<Double>, _ adjust: UnsafeMutablePointer<Double>,
                        _ summaries: UnsafeMutablePointer<WordCache.Summary>, _ found: UnsafeMutablePointer<Bool>) -> Int {
        guard let keyBase = keys.baseAddress, let slotBase = slots.baseAddress else { return 0 }
        return le_find_words(UnsafeRawPointer(keyBase).assumingMemoryBound(to: le_word_key.self), keys.count,
                             UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self), chain, text,
                             slotBase, slots.count, shift,
                             entries.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: le_word_entry.self) },
                             units.baseAddress, values.baseAddress, advances, adjust,
                             UnsafeMutableRawPointer(summaries).assumingMemoryBound(to: le_word_summary.self))
    }
}
