import Foundation
import Testing
@testable import TextLayout
import CICUShim

/// Issue 11, right-to-left and mixed-direction text: lines broken in logical order, then each
/// line's runs in visual order (UAX #9 through ICU), the paragraph's direction resolved from its
/// first strong character, right-to-left lines aligned right. Expected values: the run structure
/// UAX #9 gives these strings (worked by hand below, rules cited), widths as sums of the same
/// engine's plain measurements.
struct BidiTests {
    let engine = Fixtures.engine
    let style = TextStyle(font: "DejaVu Sans", size: 17)

    func width(_ s: String) throws -> Double { try engine.measure(s, style: style, width: nil).size.width }

    func checkRunsTile(_ line: TextLine) {
        let runs = line.runs
        // The runs cover the line's range, each code unit once.
        let units = runs.flatMap { $0.range.location..<$0.range.end }.sorted()
        #expect(units == Array(line.range.location..<line.range.end))
        // Left to right without gaps, adding up to the line's width.
        var x = line.x
        for run in runs {
            #expect(abs(run.x - x) < 1e-9)
            x += run.width
        }
        #expect(abs(x - (line.x + line.width)) < 1e-9)
    }

    /// Plain English: one left-to-right run, nothing reordered, nothing stored.
    /// `Bidi.isPureRightToLeft` lets a paragraph skip ICU: for 20,000 seeded strings of Hebrew and
    /// Arabic letters, spaces and neutral punctuation, split into lines at random points, ICU's
    /// `ubidi` (direction by the first strong character, and right to left) gives every line one
    /// right-to-left run covering it, in a right-to-left paragraph — what the short cut writes.
    @Test func pureRightToLeftLinesAreOneRunAsICUSays() {
        let alphabet: [UInt16] = [0x05D0, 0x05D1, 0x05E9, 0x05EA, 0x05F0, 0x0627, 0x0628, 0x0644, 0x064A, 0x0640, 0x0671,
                                  0x061B, 0x061F, 0x06D4, 0x060C, 0x20, 0x20, 0x20, 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x27, 0x22]
        var rng = SplitMix(seed: 71)
        var checked = 0
        for _ in 0..<20_000 {
            let n = Int(rng.next() % 40) + 1
            let text = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            guard text.withUnsafeBufferPointer({ Bidi.isPureRightToLeft($0) }) else {
                #expect(!text.contains { ($0 >= 0x05D0 && $0 <= 0x05F2) || ($0 >= 0x0620 && $0 <= 0x06D4) })
                continue
            }
            checked += 1
            var cuts = Set<Int32>([0, Int32(n)])
            for _ in 0..<Int(rng.next() % 4) { cuts.insert(Int32(rng.next() % UInt64(n))) }
            let bounds = cuts.sorted()
            let starts = Array(bounds.dropLast()), ends = Array(bounds.dropFirst())
            for level: UInt8 in [0xFE, 1] {
                let capacity = n + starts.count
                var runStart = [Int32](repeating: 0, count: capacity), runLength = [Int32](repeating: 0, count: capacity)
                var runRTL = [UInt8](repeating: 0, count: capacity)
                var perLine = [Int32](repeating: 0, count: starts.count), paraRTL = [UInt8](repeating: 0, count: starts.count)
                let written = le_bidi_runs(text, Int32(n), level, starts, ends, Int32(starts.count),
                                           &runStart, &runLength, &runRTL, Int32(capacity), &perLine, &paraRTL)
                #expect(Int(written) == starts.count)
                #expect(perLine.allSatisfy { $0 == 1 } && paraRTL.allSatisfy { $0 == 1 } && runRTL.prefix(starts.count).allSatisfy { $0 == 1 })
                #expect(Array(runStart.prefix(starts.count)) == starts)
                #expect(zip(runLength.prefix(starts.count), zip(starts, ends)).allSatisfy { $0 == $1.1 - $1.0 })
            }
        }
        #expect(checked > 15_000)
    }

    @Test func leftToRightTextIsOneRun() throws {
        let r = try engine.measure("hello world", style: style, width: nil)
        #expect(r.direction == .leftToRight)
        #expect(r.lines[0].visualRuns.isEmpty)
        #expect(r.lines[0].runs == [TextVisualRun(range: TextRange(location: 0, length: 11), x: 0, width: r.lines[0].width,
                                                  direction: .leftToRight)])
    }

    /// Hebrew alone: a right-to-left paragraph (P2: its first strong character is R), one run.
    @Test func hebrewIsARightToLeftParagraph() throws {
        let text = "שלום עולם"
        let r = try engine.measure(text, style: style, width: nil)
        #expect(r.direction == .rightToLeft)
        #expect(r.lines[0].runs.count == 1)
        #expect(r.lines[0].runs[0].direction == .rightToLeft)
        #expect(abs(r.lines[0].width - (try width(text))) < 1e-9)
        checkRunsTile(r.lines[0])
    }

    /// "abc שלום def": an LTR paragraph (first strong is L); the Hebrew word is level 1, the
    /// spaces around it resolve to the embedding level (N1/N2: between L and R → e = 0), so the
    /// visual runs are "abc " (L), "שלום" (R), " def" (L), in that order.
    @Test func hebrewInsideEnglish() throws {
        let r = try engine.measure("abc שלום def", style: style, width: nil)
        #expect(r.direction == .leftToRight)
        let runs = r.lines[0].runs
        #expect(runs.map(\.range) == [TextRange(location: 0, length: 4), TextRange(location: 4, length: 4), TextRange(location: 8, length: 4)])
        #expect(runs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(abs(runs[1].width - (try width("שלום"))) < 1e-9)
        checkRunsTile(r.lines[0])
    }

    /// "שלום abc עולם": an RTL paragraph; "abc" is level 2 (I2: L in an odd level goes up one),
    /// the spaces between R and L resolve to the embedding level 1. Runs are maximal stretches of
    /// one level: "שלום " (0 ..< 5, level 1), "abc" (level 2), " עולם" (8 ..< 13, level 1);
    /// reversing levels ≥ 1 (L2) shows them right to left — the last Hebrew word leftmost.
    @Test func englishInsideHebrew() throws {
        let text = "שלום abc עולם"
        let r = try engine.measure(text, style: style, width: nil)
        #expect(r.direction == .rightToLeft)
        let runs = r.lines[0].runs
        #expect(runs.first?.range == TextRange(location: 8, length: 5))  // " עולם" leftmost
        #expect(runs.last?.range == TextRange(location: 0, length: 5))  // "שלום " rightmost
        let abc = try #require(runs.first { $0.range.location <= 5 && 5 < $0.range.end })
        #expect(abc.direction == .leftToRight && abc.range == TextRange(location: 5, length: 3))
        checkRunsTile(r.lines[0])
    }

    /// A wrapped right-to-left paragraph: lines broken in logical order, each aligned right
    /// (x = the bounding width less the line's width).
    @Test func wrappedArabicLinesAlignRight() throws {
        let text = "مرحبا بالعالم هذا نص عربي للاختبار"
        let r = try engine.measure(text, style: style, width: 120)
        #expect(r.lines.count > 1)
        #expect(r.direction == .rightToLeft)
        let widest = r.lines.map(\.width).max() ?? 0
        for line in r.lines {
            #expect(abs(line.x - (widest - line.width)) < 1e-9)
            #expect(line.runs.allSatisfy { $0.direction == .rightToLeft })
            checkRunsTile(line)
        }
        // Line breaking is logical: the lines' texts join back to the text.
        #expect(r.lines.map(\.text).joined() == text)
    }

    /// A forced base direction: English in a right-to-left paragraph aligns right; Hebrew in a
    /// left-to-right paragraph aligns left.
    @Test func forcedDirection() throws {
        var rtl = style
        rtl.direction = .rightToLeft
        let r = try engine.measure("one two three four", style: rtl, width: 80)
        #expect(r.direction == .rightToLeft)
        let widest = r.lines.map(\.width).max() ?? 0
        for line in r.lines { #expect(abs(line.x - (widest - line.width)) < 1e-9) }
        var ltr = style
        ltr.direction = .leftToRight
        let h = try engine.measure("שלום עולם", style: ltr, width: nil)
        #expect(h.direction == .leftToRight && h.lines[0].x == 0)
        #expect(h.lines[0].runs.map(\.direction).contains(.rightToLeft))
    }

    /// Each paragraph takes its own direction (P1: hard breaks separate paragraphs).
    @Test func paragraphsResolveApart() throws {
        let r = try engine.measure("שלום\nhello", style: style, width: nil)
        #expect(r.direction == .rightToLeft)
        #expect(r.lines.count == 2)
        #expect(r.lines[0].runs.allSatisfy { $0.direction == .rightToLeft })
        #expect(r.lines[1].runs.allSatisfy { $0.direction == .leftToRight })
        #expect(r.lines[1].x == 0)
    }
}
