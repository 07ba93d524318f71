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
        if graphemeEnds.count == text.count && simpleLineBreaks(text, into: &breakAfter) { return }
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

    /// UAX #14 without ICU for text made only of ASCII letters and digits, spaces, line feeds and
    /// `. , ; : ! ? ' "`: there, the only opportunities are after a run of spaces — unless a line
    /// feed or one of `. , ; : ! ?` follows it (LB6: no break before a hard break; LB13: none
    /// before IS and EX, except an IS that starts a number) —, after `!` or `?` before a letter or digit (LB31), after each line
    /// feed (LB5, mandatory), and at the end. Writes one
    /// flag per code unit (each is its own cluster) and returns true, or returns false (writing
    /// nothing) when another character appears. `UnicodeBreaksTests` checks it against ICU.
    static func simpleLineBreaks(_ text: UnsafeBufferPointer<UInt16>, into breakAfter: inout [Bool]) -> Bool {
        let n = text.count
        guard n > 0, breakAfter.count == n else { return false }
        for u in text {
            let ok = (u >= 0x61 && u <= 0x7A) || (u >= 0x41 && u <= 0x5A) || (u >= 0x30 && u <= 0x39)
                || u == 0x20 || u == 0x0A || u == 0x2E || u == 0x2C || u == 0x3B || u == 0x3A || u == 0x21
                || u == 0x3F || u == 0x27 || u == 0x22
            if !ok { return false }
        }
        breakAfter.withUnsafeMutableBufferPointer { out in
            for i in 0..<(n - 1) {
                let u = text[i], v = text[i + 1]
                if u == 0x0A {
                    out[i] = true
                } else if u == 0x20 {
                    let infix = v == 0x2E || v == 0x2C || v == 0x3B || v == 0x3A
                    if infix {
                        // ICU: a space may break before an infix separator that starts a number (" .5").
                        out[i] = i + 2 < n && text[i + 2] >= 0x30 && text[i + 2] <= 0x39
                    } else {
                        out[i] = !(v == 0x20 || v == 0x0A || v == 0x21 || v == 0x3F)
                    }
                } else if u == 0x21 || u == 0x3F {
                    // EX: nothing forbids a break before a letter or a digit (LB31).
                    out[i] = (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
                }
            }
            out[n - 1] = true
        }
        return true
    }

    /// ICU's answer, one flag per code unit (for checking `simpleLineBreaks`).
    static func icuLineBreakFlags(_ text: UnsafeBufferPointer<UInt16>) -> [Bool] {
        var flags = [Bool](repeating: false, count: text.count)
        for b in lineBreaks(text) where b.offset > 0 { flags[b.offset - 1] = true }
        return flags
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
    /// with a neighbour: Latin-1 and Latin Extended letters (below U+0300), general punctuation
    /// (U+2010–2027, U+2030–205E: dashes, curly quotes, "…"), currency signs, CJK punctuation
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
            let simple = u < 0x300 || (u >= 0x2010 && u <= 0x2027) || (u >= 0x2030 && u <= 0x205E)
                || (u >= 0x20A0 && u <= 0x20BF) || (u >= 0x3000 && u <= 0x3029) || (u >= 0x3030 && u <= 0x303F)
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
