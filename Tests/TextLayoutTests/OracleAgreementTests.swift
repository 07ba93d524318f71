import Foundation
import Testing
@testable import TextLayout

/// One oracle case (Fixtures/corpus.jsonl) with its reference answer (Fixtures/reference.jsonl).
struct OracleCase: Sendable {
    var id: String
    var text: String
    var style: TextStyle
    var width: Double
    /// Chromium's line starts, in code points.
    var reference: [Int]
    /// Pango's line starts, in code points.
    var pango: [Int]
    var unambiguous: Bool
    /// Chromium's trimmed line widths (px = pt here).
    var referenceWidths: [Double]
}

enum OracleCorpus {
    static func load() throws -> [OracleCase] {
        func rows(_ name: String) throws -> [[String: Any]] {
            guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "jsonl") else {
                throw CocoaError(.fileNoSuchFile)
            }
            return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }
        let refs = Dictionary(uniqueKeysWithValues: try rows("reference").map { ($0["id"] as! String, $0) })
        return try rows("corpus").map { c in
            let id = c["id"] as! String
            let r = refs[id]!
            let mode: TextLineBreakMode = (c["wrap"] as! String) == "char" ? .charWrap : .wordWrap
            let font = (c["font"] as! String) == "latin" ? "DejaVu Sans" : "WenQuanYi Micro Hei"
            return OracleCase(
                id: id, text: c["text"] as! String,
                style: TextStyle(font: font, size: (c["size"] as! NSNumber).doubleValue, lineBreakMode: mode),
                width: (c["width"] as! NSNumber).doubleValue,
                reference: (r["line_starts"] as! [NSNumber]).map(\.intValue),
                pango: (r["pango_line_starts"] as! [NSNumber]).map(\.intValue),
                unambiguous: r["unambiguous"] as? Bool ?? false,
                referenceWidths: (r["line_widths_trimmed"] as! [NSNumber]).map(\.doubleValue))
        }
    }

    /// Line starts of a result in code points (the oracle's unit).
    static func codePointStarts(_ r: TextLayoutResult, _ text: String) -> [Int] {
        var map: [Int: Int] = [:]
        var u = 0
        for (i, s) in text.unicodeScalars.enumerated() {
            map[u] = i
            u += s.utf16.count
        }
        map[u] = text.unicodeScalars.count
        return r.lines.map { map[$0.range.location] ?? -1 }
    }
}

/// Pins the agreement with the real engines (docs/ACCURACY.md) so it cannot regress silently.
@Suite struct OracleAgreementTests {
    static let cases: [OracleCase] = (try? OracleCorpus.load()) ?? []

    @Test func corpusIsComplete() {
        #expect(Self.cases.count == 674)
        #expect(Self.cases.filter(\.unambiguous).count == 596)
    }

    @Test func lineStartsAgree() throws {
        let engine = Fixtures.engine
        var unambiguousMisses: [String] = []
        var either = 0
        var widthWorst = 0.0
        for c in Self.cases {
            let r = try engine.measure(c.text, style: c.style, width: c.width)
            let starts = OracleCorpus.codePointStarts(r, c.text)
            if c.unambiguous && starts != c.reference { unambiguousMisses.append(c.id) }
            if starts == c.reference || starts == c.pango { either += 1 }
            if starts == c.reference {
                for (line, w) in zip(r.lines, c.referenceWidths) { widthWorst = max(widthWorst, abs(line.width - w)) }
            }
        }
        // Targets (issue 2): 100 % of the unambiguous cases; ≥ 99 % Chromium-or-Pango overall.
        #expect(unambiguousMisses == [])
        #expect(Double(either) >= 0.99 * Double(Self.cases.count), "either = \(either)")
        #expect(either == 674)  // today's figure (docs/ACCURACY.md): keep it
        // Line widths within 0.05 pt of Chromium's where the breaks agree (today: 0.027).
        #expect(widthWorst <= 0.05, "worst width difference \(widthWorst)")
    }

    @Test func cachedWordsGiveTheSameAnswersAsShapingAfresh() throws {
        // No paragraph cache: every measurement prepares again, from cached words where possible
        // (every run through HarfBuzz and the shape cache: direct shaping off).
        let warm = try TextEngine(fontDirectory: Fixtures.fontsDirectory,
                                  configuration: .init(shapeCacheEntries: 1 << 16, paragraphCacheUnits: 0, directShaping: false))
        let first = try Self.cases.map { try warm.measure($0.text, style: $0.style, width: $0.width) }
        #expect(warm.cacheStatistics.paragraphs == 0)
        let runs = warm.cacheStatistics.shapedRuns
        let again = try Self.cases.reversed().map { try warm.measure($0.text, style: $0.style, width: $0.width) }
        #expect(warm.cacheStatistics.shapedRuns == runs)  // nothing new was shaped
        #expect(Array(again.reversed()) == first)
    }

    @Test func lineHeightsFollowTheContractFormula() throws {
        let engine = Fixtures.engine
        for c in Self.cases.prefix(200) {
            let r = try engine.measure(c.text, style: c.style, width: c.width)
            let expected = c.style.font == "DejaVu Sans" ? Fixtures.dejaVuLineHeight(c.style.size) : Fixtures.wqyLineHeight(c.style.size)
            for line in r.lines { #expect(line.height == expected, "\(c.id)") }
            #expect(abs(r.size.height - Double(r.lineCount) * expected) < 1e-9)
        }
    }
}
