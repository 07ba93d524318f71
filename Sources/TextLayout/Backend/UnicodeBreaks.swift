import CICUShim

/// UAX #14 line-break opportunities and UAX #29 grapheme clusters, from ICU (through CICUShim).
enum UnicodeBreaks {
    /// A line-break opportunity: a UTF-16 offset after which a line may (or, if `hard`, must) end.
    struct LineBreak {
        var offset: Int
        var hard: Bool
    }

    /// The line-break opportunities of `text`, ascending; the last is at `text.count`.
    static func lineBreaks(_ text: UnsafeBufferPointer<UInt16>) -> [LineBreak] {
        guard text.count > 0, let base = text.baseAddress else { return [] }
        let capacity = text.count + 1
        var positions = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let n = positions.withUnsafeMutableBufferPointer { p in
            hard.withUnsafeMutableBufferPointer { h in
                le_line_breaks(base, Int32(text.count), p.baseAddress, h.baseAddress, Int32(capacity))
            }
        }
        guard n > 0 else { return [LineBreak(offset: text.count, hard: false)] }
        return (0..<Int(n)).map { LineBreak(offset: Int(positions[$0]), hard: hard[$0] != 0) }
    }

    /// Sets `breakAfter[i]` for each grapheme cluster after which UAX #14 allows (or requires)
    /// a line break; `graphemeEnds` are the clusters' ends.
    static func markLineBreaks(_ text: UnsafeBufferPointer<UInt16>, graphemeEnds: [Int32], into breakAfter: inout [Bool]) {
        guard text.count > 0, let base = text.baseAddress else { return }
        let capacity = text.count + 1
        var positions = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let n = positions.withUnsafeMutableBufferPointer { p in
            hard.withUnsafeMutableBufferPointer { h in
                le_line_breaks(base, Int32(text.count), p.baseAddress, h.baseAddress, Int32(capacity))
            }
        }
        guard n > 0 else {
            if !breakAfter.isEmpty { breakAfter[breakAfter.count - 1] = true }
            return
        }
        // Break opportunities land on cluster ends; walk both ascending lists together.
        var b = 0
        let count = Int(n)
        breakAfter.withUnsafeMutableBufferPointer { out in
            graphemeEnds.withUnsafeBufferPointer { ends in
                for i in 0..<ends.count {
                    let end = ends[i]
                    while b < count && positions[b] < end { b += 1 }
                    if b < count && positions[b] == end { out[i] = true }
                }
            }
        }
    }

    /// The ends of the grapheme clusters of `text` (UTF-16 offsets), ascending; the last is `text.count`.
    static func graphemeEnds(_ text: UnsafeBufferPointer<UInt16>) -> [Int32] {
        guard text.count > 0, let base = text.baseAddress else { return [] }
        if let simple = simpleGraphemeEnds(text) { return simple }
        let capacity = text.count + 1
        var positions = [Int32](repeating: 0, count: capacity)
        let n = positions.withUnsafeMutableBufferPointer { p in
            le_grapheme_breaks(base, Int32(text.count), p.baseAddress, Int32(capacity))
        }
        guard n > 0 else { return (1...text.count).map { Int32($0) } }
        positions.removeLast(capacity - Int(n))
        return positions
    }

    /// Grapheme ends without ICU for text made only of characters that never join a cluster
    /// with a neighbour: Latin-1 and Latin Extended letters (below U+0300), CJK punctuation
    /// (U+3000–3029, U+3030–303F), CJK ideographs (U+4E00–9FFF) and full-width forms
    /// (U+FF01–FF9D). Every such code unit is a cluster of its own, except CR LF. Returns nil when
    /// any other character appears, and ICU decides.
    static func simpleGraphemeEnds(_ text: UnsafeBufferPointer<UInt16>) -> [Int32]? {
        var ends: [Int32] = []
        ends.reserveCapacity(text.count)
        var i = 0
        let n = text.count
        while i < n {
            let u = text[i]
            let simple = u < 0x300 || (u >= 0x3000 && u <= 0x3029) || (u >= 0x3030 && u <= 0x303F)
                || (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0xFF01 && u <= 0xFF9D)
            guard simple else { return nil }
            if u == 0x0D && i + 1 < n && text[i + 1] == 0x0A {
                i += 2
            } else {
                i += 1
            }
            ends.append(Int32(i))
        }
        return ends
    }

    /// The ICU version in use ("72.1").
    static var icuVersion: String { String(cString: le_icu_version()) }
}
