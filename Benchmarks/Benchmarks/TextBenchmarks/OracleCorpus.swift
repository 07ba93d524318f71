import BenchmarkSupport
import Foundation
import TextLayout

/// The oracle corpus (674 cases, `shared/oracle/README.md` §3) as engine cases and as Pango cases.
struct OracleCase: Sendable {
    var id: String
    var text: String
    /// "cjk" (WenQuanYi Micro Hei) or "latin" (DejaVu Sans).
    var isCJK: Bool
    /// Font size in px (= points here).
    var size: Int
    var width: Double
    /// "char" wrapping (any grapheme) rather than "word".
    var wrapsAnywhere: Bool

    /// The same case for the engine: the same font file (by file stem), size, width and wrap.
    var engineCase: TextCase {
        TextCase(
            id: id, text: text,
            style: TextStyle(font: isCJK ? "WenQuanYiMicroHei" : "DejaVuSans", size: Double(size),
                             lineBreakMode: wrapsAnywhere ? .charWrap : .wordWrap),
            width: width)
    }
}

enum OracleCorpus {
    /// Every case of the committed corpus, in file order.
    static let cases: [OracleCase] = load(RepositoryPaths.corpus)
    static let engineCases: [TextCase] = cases.map(\.engineCase)
    /// Code points in the corpus (83,476 in the oracle's corpus).
    static let codePoints: Int = cases.reduce(0) { $0 + $1.text.unicodeScalars.count }

    private struct Row: Decodable {
        var id: String
        var font: String
        var size: Double
        var width: Double
        var text: String
        var wrap: String
    }

    static func load(_ url: URL) -> [OracleCase] {
        guard let data = try? Data(contentsOf: url) else {
            fixtureFailure("cannot read the oracle corpus at \(url.path)")
        }
        var result: [OracleCase] = []
        let decoder = JSONDecoder()
        for (n, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            guard let row = try? decoder.decode(Row.self, from: Data(line)) else {
                fixtureFailure("\(url.path): line \(n + 1) is not a corpus case")
            }
            guard ["latin", "cjk"].contains(row.font), ["word", "char"].contains(row.wrap),
                  row.size == row.size.rounded(), row.size > 0, row.width > 0
            else {
                fixtureFailure("\(url.path): line \(n + 1) (\(row.id)) has an unexpected font, wrap, size or width")
            }
            result.append(OracleCase(id: row.id, text: row.text, isCJK: row.font == "cjk", size: Int(row.size),
                                     width: row.width, wrapsAnywhere: row.wrap == "char"))
        }
        guard !result.isEmpty else { fixtureFailure("\(url.path) holds no cases") }
        return result
    }

    /// Pango's line count per case id, from the committed reference answers.
    static func pangoLineCounts() -> [String: Int] {
        struct Reference: Decodable {
            var id: String
            var pango_n_lines: Int
        }
        guard let data = try? Data(contentsOf: RepositoryPaths.reference) else {
            fixtureFailure("cannot read \(RepositoryPaths.reference.path)")
        }
        var counts: [String: Int] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            if let r = try? JSONDecoder().decode(Reference.self, from: Data(line)) { counts[r.id] = r.pango_n_lines }
        }
        return counts
    }
}
