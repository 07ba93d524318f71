internal import CICUShim

/// UAX #9 after line breaking (ICU's ubidi): lines are broken in logical order, then each line's
/// runs are put in visual order, with their directions, x positions and widths; a line of a
/// right-to-left paragraph is aligned to the right of the text's bounding rect (natural
/// alignment). Only paragraphs that have right-to-left characters, or a right-to-left base
/// direction, come here.
enum Bidi {
    /// Whether every line of a paragraph of `text` laid out right to left (or with its direction
    /// found from its first strong character) is one right-to-left run, so that UAX #9 has nothing
    /// to reorder: Hebrew (R) and Arabic (AL) letters, with at least one of them, and only the
    /// space and neutral punctuation besides (`. , : ; ! ? ' "` and Arabic punctuation) — no
    /// digits (EN, AN), Latin (L), separators or controls. The neutrals between letters take
    /// their direction, those at the paragraph's edges and a line's trailing spaces the
    /// paragraph's (N1, N2, L1): all at level 1. `BidiTests` checks this against ICU.
    static func isPureRightToLeft(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        // (Each unit's kind read from the character table: `pureRightToLeftKind`.)
        CharacterTable.table.withUnsafeBufferPointer { table in
            var seen: UInt16 = 0
            for u in text {
                let e = table[Int(u)] & (CharacterTable.rightToLeftLetter | CharacterTable.rightToLeftNeutral)
                if e == 0 { return false }
                seen |= e
            }
            return seen & CharacterTable.rightToLeftLetter != 0
        }
    }

    /// What code unit `u` is to `isPureRightToLeft`: 2, a Hebrew or Arabic letter (or Arabic
    /// punctuation of class AL); 1, the space or neutral punctuation; 0, anything else.
    static func pureRightToLeftKind(_ u: UInt16) -> Int {
        switch u {
        case 0x05D0...0x05EA, 0x05EF...0x05F2, 0x0620...0x064A, 0x0671...0x06D3, 0x061B, 0x061F, 0x06D4:
            return 2
        case 0x20, 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x27, 0x22, 0x060C:
            return 1
        default:
            return 0
        }
    }

    static func reorder(_ result: inout TextLayoutResult, _ box: PreparedBox, spans: [LineBreaker.Span],
                        direction: TextDirection, size: Double, widest: Double) {
        let p = box.paragraph
        let n = result.lines.count
        guard n > 0, n == spans.count else { return }
        var starts = [Int32](repeating: 0, count: n), ends = [Int32](repeating: 0, count: n)
        for (i, span) in spans.enumerated() {
            starts[i] = Int32(p.start(span.start))
            ends[i] = span.end > span.start ? p.ends[span.end - 1] : starts[i]
        }
        let level: UInt8 = direction == .leftToRight ? 0 : direction == .rightToLeft ? 1 : 0xFE
        let pure = direction != .leftToRight && isPureRightToLeft(UnsafeBufferPointer(p.utf16))
            && !zip(starts, ends).contains(where: { $0 >= $1 })
        let capacity = pure ? n : p.utf16.count + n
        var runStart = [Int32](repeating: 0, count: capacity), runLength = [Int32](repeating: 0, count: capacity)
        var runRTL = [UInt8](repeating: 0, count: capacity)
        var perLine = [Int32](repeating: 0, count: n), paraRTL = [UInt8](repeating: 0, count: n)
        if pure {
            // Every line is one right-to-left run (see `isPureRightToLeft`): ICU's answer without ICU.
            for i in 0..<n {
                runStart[i] = starts[i]
                runLength[i] = ends[i] - starts[i]
                runRTL[i] = 1
                perLine[i] = 1
                paraRTL[i] = 1
            }
        } else {
            let written = le_bidi_runs(p.utf16.baseAddress, Int32(p.utf16.count), level, starts, ends, Int32(n),
                                       &runStart, &runLength, &runRTL, Int32(capacity), &perLine, &paraRTL)
            guard written >= 0 else { return }
        }
        result.direction = paraRTL[0] == 1 ? .rightToLeft : .leftToRight
        var r = 0
        for i in 0..<n {
            var line = result.lines[i]
            let count = Int(perLine[i])
            defer { r += count }
            let rtlParagraph = paraRTL[i] == 1
            line.x = rtlParagraph ? widest - line.width : 0
            let truncated = result.truncated && i == n - 1 && line.range.end != Int(ends[i])
            if truncated || count == 0 {
                if rtlParagraph {
                    line.visualRuns = [TextVisualRun(range: line.range, x: line.x, width: line.width, direction: .rightToLeft)]
                }
                result.lines[i] = line
                continue
            }
            // The line's content: up to its last cluster that is not hanging white space.
            let span = spans[i]
            var contentEnd = span.end
            while contentEnd > span.start && p.kinds[contentEnd - 1] != .text { contentEnd -= 1 }
            // Widths per run from the clusters' advances, by the run holding each cluster's start.
            var widths = [Double](repeating: 0, count: count)
            if count == 1 {
                // (The same sum in the same order as below, without looking for each cluster's run.)
                for c in span.start..<contentEnd { widths[0] += p.advances[c] * size }
            } else {
                for c in span.start..<contentEnd {
                    let u = Int32(p.start(c))
                    for k in 0..<count where runStart[r + k] <= u && u < runStart[r + k] + runLength[r + k] {
                        widths[k] += p.advances[c] * size
                        break
                    }
                }
            }
            // The line's end adjustments (kerning taken back, a soft hyphen's hyphen) go to the run
            // holding its last content cluster, so that the runs add up to the line's width.
            let sum = widths.reduce(0, +)
            if contentEnd > span.start {
                let u = Int32(p.start(contentEnd - 1))
                if let k = (0..<count).first(where: { runStart[r + $0] <= u && u < runStart[r + $0] + runLength[r + $0] }) {
                    widths[k] += line.width - sum
                }
            }
            var x = line.x
            var runs: [TextVisualRun] = []
            runs.reserveCapacity(count)
            for k in 0..<count {
                let rtl = runRTL[r + k] == 1
                runs.append(TextVisualRun(range: TextRange(location: Int(runStart[r + k]), length: Int(runLength[r + k])),
                                          x: x, width: widths[k], direction: rtl ? .rightToLeft : .leftToRight))
                x += widths[k]
            }
            if runs.count > 1 || rtlParagraph || runs.first?.direction == .rightToLeft { line.visualRuns = runs }
            result.lines[i] = line
        }
    }
}
