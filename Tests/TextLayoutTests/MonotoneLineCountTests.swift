import Testing
@testable import TextLayout

/// Seeded random text: narrowing the box never gives fewer lines (greedy breaking fills each
/// line at least as far at a larger width), and the lines re-join to the text at every width.
/// Uses `LineBreakerInvariantTests.fake` (advances are arithmetic: letters 1.97–2.22, spaces 0.5).
@Suite struct MonotoneLineCountTests {
    @Test(arguments: Array(1...20) as [UInt64])
    func lineCountNeverDecreasesAsWidthShrinks(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var text = ""
        for _ in 0..<300 {
            let r = rng.next() % 12
            text += r < 8 ? String(UnicodeScalar(UInt8(97 + rng.next() % 26))) : r < 11 ? " " : "\n"
        }
        let p = LineBreakerInvariantTests.fake(text, advance: { $0 == " " ? 0.5 : 1 + Double($0.asciiValue ?? 0) / 100 })
        for anywhere in [false, true] {
            var previous = 0
            var width = 200.0
            while width >= 0.5 {
                let spans = LineBreaker(p, width: width, size: 1, anywhere: anywhere).lines().spans
                #expect(spans.count >= previous, "width \(width), anywhere \(anywhere): \(spans.count) < \(previous)")
                previous = spans.count
                // The spans cover every cluster in order, so the lines re-join to the text.
                #expect(spans.first?.start ?? 0 == 0)
                #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.end == $1.start })
                #expect(spans.last?.end ?? 0 == p.count)
                width *= 0.93
            }
        }
    }
}
