import Foundation
import Testing
@testable import TextLayout

/// Real-world text against a browser (issue 11): Tests/Fixtures/text/corpus.jsonl holds attributed
/// runs, attachments, invisible characters, soft hyphens, emoji sequences and right-to-left
/// paragraphs as headless Chromium laid them out (scripts/textcorpus/generate.py; the HTML mapping is
/// in its header and in docs/ACCURACY.md). The engine measures each case at the same width; a case
/// agrees when its line starts are identical and every line's width is within 0.05 pt. Heights are
/// not compared (Chromium rounds each font's ascent and descent to whole pixels; the engine does
/// not). Chromium is needed only to regenerate the corpus; the emoji cases need
/// fonts-noto-color-emoji and are skipped without it.
@Suite struct TextCorpusTests {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/text/corpus.jsonl")
    static let emojiDirectory = "/usr/share/fonts/truetype/noto"
    /// A directory holding only Noto Color Emoji (a link to it): the corpus was measured with the
    /// emoji font added to the bundled fonts, and Debian's `fonts-noto-core` puts dozens of other
    /// Noto fonts beside it in `emojiDirectory`, which would take characters from DejaVu's fallback.
    static let emojiOnlyDirectory: String = {
        let d = NSTemporaryDirectory() + "TextCorpusTests-emoji-\(getpid())"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: d + "/NotoColorEmoji.ttf", withDestinationPath: emojiDirectory + "/NotoColorEmoji.ttf")
        return d
    }()

    struct Tally {
        var compared = 0
        var agreeing = 0
        /// Of `agreeing`: equal to Chromium, or to Pango where Pango and Chromium differ.
        var chromium = 0
        var pangoOnly = 0
        var disagreements: [String] = []
    }

    static func runs(_ list: [[String: Any]]) -> AttributedText {
        AttributedText(list.map { r in
            var run: TextRun
            if let a = r["attachment"] as? [String: Any] {
                run = .attachment(width: a["width"] as? Double ?? 0, height: a["height"] as? Double ?? 0,
                                  baseline: a["baseline"] as? Double ?? 0)
            } else {
                run = .text(r["text"] as? String ?? "")
            }
            run.font = r["font"] as? String
            run.size = r["size"] as? Double
            run.kern = r["kern"] as? Double ?? 0
            run.baselineOffset = r["baselineOffset"] as? Double ?? 0
            return run
        })
    }

    static func run() throws -> [String: Tally] {
        let emojiEngine: TextEngine? = FileManager.default.fileExists(atPath: emojiDirectory + "/NotoColorEmoji.ttf")
            ? try TextEngine(fontDirectories: [emojiOnlyDirectory, Fixtures.fontsDirectory]) : nil
        var tallies: [String: Tally] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            guard let c = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let id = c["id"] as? String, let category = c["category"] as? String, let font = c["font"] as? String,
                  let size = c["size"] as? Double, let width = c["width"] as? Double,
                  let list = c["runs"] as? [[String: Any]], let chromium = c["chromium"] as? [String: Any],
                  let starts = chromium["lineStarts"] as? [Int], let widths = chromium["lineWidths"] as? [Double] else { continue }
            let engine: TextEngine
            if c["emoji"] as? Bool == true {
                guard let e = emojiEngine else { continue }
                engine = e
            } else {
                engine = Fixtures.engine
            }
            let r = try engine.measure(runs(list), style: TextStyle(font: font, size: size), width: width)
            let ours = r.lines.map(\.range.location), ourWidths = r.lines.map(\.width)
            let pango = c["pango"] as? [String: Any]
            let pangoStarts = pango?["lineStarts"] as? [Int]
            func close(_ theirs: [Double]) -> Bool { theirs.count == ourWidths.count && zip(ourWidths, theirs).allSatisfy { abs($0 - $1) <= 0.05 } }
            var t = tallies[category, default: Tally()]
            t.compared += 1
            // Line starts: Chromium's, or Pango's where the two browsers' engines differ; the widths
            // of the engine whose starts are matched.
            if ours == starts && close(widths) {
                t.agreeing += 1
                t.chromium += 1
            } else if let pangoStarts, pangoStarts != starts, ours == pangoStarts, sharedLinesAgree(ours, ourWidths, starts, widths) {
                t.agreeing += 1
                t.pangoOnly += 1
            } else {
                t.disagreements.append("\(id): starts \(ours) vs Chromium \(starts)\(pangoStarts.map { $0 == starts ? " (= Pango)" : " (Pango \($0))" } ?? ""); "
                                       + "widths \(ourWidths) vs \(widths)")
            }
            tallies[category] = t
        }
        return tallies
    }

    /// Where the engine's line starts are Pango's and not Chromium's: Pango's widths are no
    /// reference (it gives the spaces between Chinese characters WenQuanYi's advance, and spreads
    /// letter spacing around each character, where Chromium and the engine use the primary font's
    /// space and add the spacing after each character), so every line that Chromium has too —
    /// the same start and end — must have Chromium's width within 0.05 pt.
    static func sharedLinesAgree(_ ours: [Int], _ ourWidths: [Double], _ starts: [Int], _ widths: [Double]) -> Bool {
        var chromium: [Int: (end: Int, width: Double)] = [:]
        for (k, s) in starts.enumerated() { chromium[s] = (k + 1 < starts.count ? starts[k + 1] : Int.max, widths[k]) }
        for (k, s) in ours.enumerated() {
            let end = k + 1 < ours.count ? ours[k + 1] : Int.max
            if let c = chromium[s], c.end == end, abs(c.width - ourWidths[k]) > 0.05 { return false }
        }
        return true
    }

    /// The agreement the engine has reached, per category (docs/ACCURACY.md lists every
    /// disagreement with its reason); a drop below a floor fails.
    static let floors: [String: Int] = [
        "attributed-latin": 200, "attributed-cjk": 148, "attachments": 120, "invisible": 75, "soft-hyphen": 50,
        "emoji": 60, "rtl": 80,
    ]

    @Test func agreesWithChromium() throws {
        let tallies = try Self.run()
        if let path = ProcessInfo.processInfo.environment["TEXT_CORPUS_REPORT"] {
            var report = ""
            for (k, t) in tallies.sorted(by: { $0.key < $1.key }) {
                report += "\(k): \(t.agreeing)/\(t.compared) (Chromium \(t.chromium), Pango only \(t.pangoOnly))\n" + t.disagreements.map { "  " + $0 + "\n" }.joined()
            }
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(tallies.values.reduce(0) { $0 + $1.compared } >= 600)
        for (category, floor) in Self.floors {
            let t = tallies[category] ?? Tally()
            #expect(t.agreeing >= Swift.min(floor, t.compared), "\(category): \(t.agreeing)/\(t.compared)\n\(t.disagreements.prefix(5).joined(separator: "\n"))")
        }
    }
}
