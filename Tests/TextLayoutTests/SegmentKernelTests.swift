import Testing
import TestSupport
@testable import TextLayout

/// The two ways of building a paragraph's segments with positions — widths summed per segment
/// then turned into positions (`SegmentKernel.segments` + `finish(positions: true)`), and prefix
/// sums (`SegmentKernel.positions` + `finish(positions: false)`, taken when every sum is exact) —
/// must write the same bytes: every position to the bit, flags, font masks or the two fonts' last
/// segments, font runs, stops, and the search answers.
@Suite struct SegmentKernelTests {
    /// Everything one way wrote.
    struct Built: Equatable {
        var ends: [Int32], totals: [UInt64], contents: [UInt64], flags: [UInt8], fontWords: [UInt64]
        var runStarts: [Int32], runFonts: [UInt8], stops: [Int32]
        var searchable: Bool, lookback: UInt64, fontsTracked: Bool, fontPair: [UInt8]
    }

    /// Random clusters: kinds (text, space, hard break; spaces may start the paragraph and follow
    /// a hard break), break opportunities after spaces and after some text (as after an
    /// ideograph), advances and kerning in 2048ths of an em (zero, −0 and positive kerning too).
    static func clusters(_ rng: inout SplitMix, count n: Int, fonts: Int)
        -> (kinds: [UInt8], breakAfter: [UInt8], fonts: [UInt8]?, advances: [Double], adjust: [Double]) {
        var kinds: [UInt8] = [], breakAfter: [UInt8] = [], fontList: [UInt8] = [], advances: [Double] = [], adjust: [Double] = []
        for i in 0..<n {
            let r = rng.next() % 20
            let kind: UInt8 = i < 2 && rng.next() % 3 == 0 ? 1 : r < 14 ? 0 : r < 19 ? 1 : 2
            kinds.append(kind)
            breakAfter.append(kind == 1 || (kind == 0 && rng.next() % 4 == 0) ? 1 : 0)
            fontList.append(fonts <= 1 ? 0 : UInt8(fonts > 64 && rng.next() % 2 == 0 ? 64 + rng.next() % UInt64(fonts - 64) : rng.next() % UInt64(min(fonts, 64))))
            advances.append(kind == 2 || rng.next() % 17 == 0 ? 0 : Double(1 + rng.next() % 2400) / 2048)
            switch rng.next() % 6 {
            case 0: adjust.append(-Double(rng.next() % 90) / 2048)
            case 1: adjust.append(Double(rng.next() % 300) / 2048)
            case 2: adjust.append(-0.0)
            default: adjust.append(0)
            }
        }
        return (kinds, breakAfter, fonts <= 1 ? nil : fontList, advances, adjust)
    }

    static func build(_ kinds: [UInt8], _ breakAfter: [UInt8], _ fonts: [UInt8]?, _ advances: [Double], _ adjust: [Double],
                      prefixed: Bool) -> Built {
        kinds.withUnsafeBufferPointer { kinds in
            breakAfter.withUnsafeBufferPointer { breakAfter in
                (fonts ?? [0]).withUnsafeBufferPointer { fontList in
                    advances.withUnsafeBufferPointer { advances in
                        adjust.withUnsafeBufferPointer { adjust in
                            let n = kinds.count
                            let clusters = SegmentKernel.Clusters(count: n, kinds: kinds.baseAddress!, breakAfter: breakAfter.baseAddress!,
                                                                  fonts: fonts == nil ? nil : fontList.baseAddress!,
                                                                  advances: advances.baseAddress!, adjust: adjust.baseAddress!)
                            let counted = SegmentKernel.count(clusters)
                            let k = counted.segments, r = counted.runs
                            let storage = SegmentStorage.make(segments: k + 1, fonts: fonts != nil, runs: r + 1, stops: counted.stops)
                            let masks = UnsafeMutableRawPointer(storage.lastSeen).assumingMemoryBound(to: UInt64.self)
                            var searchable = false, lookback = 0.0
                            let out = SegmentKernel.Buffers(ends: storage.ends, totals: storage.total, contents: storage.content,
                                                            flags: storage.flags, masks: masks, runStarts: storage.runStarts,
                                                            runFonts: storage.runFonts)
                            if prefixed {
                                let made = SegmentKernel.positions(clusters, into: out)
                                #expect(made.segments == k && made.runs == r)
                                searchable = made.searchable
                                lookback = made.lookback
                            } else {
                                let made = SegmentKernel.segments(clusters, into: out)
                                #expect(made.segments == k && made.runs == r)
                            }
                            let finished = SegmentKernel.finish(count: k, totals: storage.total, contents: storage.content, flags: storage.flags,
                                                                masks: fonts == nil ? nil : masks, stops: storage.stops, positions: !prefixed)
                            if !prefixed {
                                searchable = finished.searchable
                                lookback = finished.lookback
                            }
                            return Built(ends: Array(UnsafeBufferPointer(start: storage.ends, count: k)),
                                         totals: UnsafeBufferPointer(start: storage.total, count: k).map(\.bitPattern),
                                         contents: UnsafeBufferPointer(start: storage.content, count: k).map(\.bitPattern),
                                         flags: Array(UnsafeBufferPointer(start: storage.flags, count: k)),
                                         fontWords: fonts == nil ? [] : Array(UnsafeBufferPointer(start: masks, count: k)),
                                         runStarts: Array(UnsafeBufferPointer(start: storage.runStarts, count: r)),
                                         runFonts: Array(UnsafeBufferPointer(start: storage.runFonts, count: r)),
                                         stops: Array(UnsafeBufferPointer(start: storage.stops, count: finished.stops)),
                                         searchable: searchable, lookback: lookback.bitPattern,
                                         fontsTracked: finished.fontsTracked, fontPair: [finished.fontPair.0, finished.fontPair.1])
                        }
                    }
                }
            }
        }
    }

    /// One font, two (tracked), three (masks kept), and fonts past 63 (not in the masks).
    @Test(arguments: [1, 2, 3, 70])
    func prefixSumsWriteWhatRunningSumsWrite(fonts: Int) {
        var rng = SplitMix(seed: 2048 + UInt64(fonts))
        for n in [1, 2, 3, 7, 64, 255, 256, 1000, 4097] {
            let c = Self.clusters(&rng, count: n, fonts: fonts)
            let widths = Self.build(c.kinds, c.breakAfter, c.fonts, c.advances, c.adjust, prefixed: false)
            let sums = Self.build(c.kinds, c.breakAfter, c.fonts, c.advances, c.adjust, prefixed: true)
            #expect(widths == sums, "\(n) clusters, \(fonts) fonts")
            // Not vacuous: the text has segments of text, of spaces only and hard breaks.
            if n >= 1000 {
                #expect(widths.flags.contains(1) && widths.flags.contains(2) && widths.stops.count > 2)
            }
        }
    }

    /// A segment's content position is its last text cluster's end, with that cluster's kerning
    /// taken back only when it ends the segment (a space after it keeps the kerning): by hand,
    /// advances 1, 2 and a space of 0.5 ems, kerning −0.25 on the "b".
    @Test func contentPositionsByHand() {
        // "ab " | "c": the first segment's content ends after "b" (1 + 2 = 3, its kerning kept:
        // a space follows); the second starts at 3.5 and ends at 4.5 − 0.125.
        let built = Self.build([0, 0, 1, 0], [0, 0, 1, 0], nil, [1, 2, 0.5, 1], [0, -0.25, 0, -0.125], prefixed: true)
        #expect(built.ends == [3, 4])
        #expect(built.totals == [0, 3.5].map(\.bitPattern))
        #expect(built.contents == [3, 4.375].map(\.bitPattern))
        #expect(built.flags == [1, 1])
    }
}
