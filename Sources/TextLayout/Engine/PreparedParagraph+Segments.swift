/// Segments: the text between two line-break opportunities (a word with its trailing spaces,
/// an ideograph, a hard break), with the sums the line breaker needs, so that laying out a
/// paragraph costs one step per word rather than one per character.
extension PreparedParagraph {
    /// Per segment: its end (cluster index, exclusive), its width with everything (ems), its
    /// width if a line ends right after it (no trailing spaces, kerning into the next taken
    /// back), and what it is.
    struct Segments: Sendable {
        var ends: [Int32] = []
        var total: [Double] = []
        var content: [Double] = []
        var flags: [UInt8] = []

        static let hasText: UInt8 = 1
        static let newline: UInt8 = 2

        var count: Int { ends.count }
    }

    /// Fills `segments` from the clusters (after advances are known).
    mutating func buildSegments() {
        var s = Segments()
        let n = count
        guard n > 0 else {
            segments = s
            return
        }
        s.ends.reserveCapacity(n / 4 + 1)
        var start = 0
        for i in 0..<n {
            let boundary = i == n - 1 || breakAfter[i] || kinds[i] == .newline || kinds[i + 1] == .newline
            guard boundary else { continue }
            var total = 0.0, content = 0.0, flags: UInt8 = 0
            for j in start...i {
                total += advances[j]
                switch kinds[j] {
                case .text:
                    content = total + (j == i ? breakAdjust[j] : 0)
                    flags |= Segments.hasText
                case .space:
                    break
                case .newline:
                    flags |= Segments.newline
                }
            }
            s.ends.append(Int32(i + 1))
            s.total.append(total)
            s.content.append(content)
            s.flags.append(flags)
            start = i + 1
        }
        segments = s
    }
}
