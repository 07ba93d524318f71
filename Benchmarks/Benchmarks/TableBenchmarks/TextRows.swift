import BenchmarkSupport
import Foundation
import LayoutGeometry
import TableLayout
import TextLayout

/// A row showing one paragraph of text (a chat message, a feed item).
struct TextRow: TableContent, Hashable {
    var text: String
    static var placeholder: TextRow { TextRow(text: "") }
}

/// A row identified by its index in the app's own storage: what a large table carries per row.
struct RowID: TableContent, Hashable {
    var id: Int
    static var placeholder: RowID { RowID(id: -1) }
}

/// Measures a text row like a custom cell with one multi-line label pinned to the content
/// view's layout margins: the text's height at the content width less the horizontal margins,
/// plus the vertical margins. The table rounds the answer up to 1/scale and adds the separator.
struct TextCellSizer: TableSizer {
    let engine: TextEngine
    let style: TextStyle

    func height(for request: SizingRequest<TextRow>) throws -> Double {
        let m = request.layoutMargins
        let width = request.contentWidth - m.left - m.right
        return try engine.size(of: request.content.text, style: style, width: width > 0 ? width : nil).size.height
            + m.top + m.bottom
    }
}

enum Engines {
    /// The engine the text rows are measured with (default caches).
    static let standard: TextEngine = {
        do { return try TextEngine(fontDirectory: RepositoryPaths.fonts) } catch {
            fixtureFailure("cannot create a text engine on \(RepositoryPaths.fonts): \(error)")
        }
    }()
}

/// The self-sizing workload: 1,000 rows of mixed Chinese/English text that wrap to 1–6 lines
/// at the 343-pt text width of a 375-pt plain table (375 − 2 × 16 pt margins), the line count
/// drawn uniformly per row. Deterministic (SplitMix64, seed 3): each row's text is generated at
/// a length guessed for its line count and regenerated, with the guess corrected, until it
/// measures exactly that many lines.
enum TextRows {
    static let tableWidth = 375.0
    static let style = MixedText.style
    static let lineRange = 1...6

    static let workload: [TextRow] = generate(count: 1_000, seed: 3)

    static func generate(count: Int, seed: UInt64) -> [TextRow] {
        var rng = SplitMix64(seed: seed)
        let engine = Engines.standard
        let textWidth = tableWidth - 2 * TableMetrics.standard.layoutMargin(tableWidth: tableWidth)
        return (0..<count).map { i in
            let lines = Int.random(in: lineRange, using: &rng)
            var guess = 22 * lines - 8
            for _ in 0..<200 {
                let length = max(4, guess + Int.random(in: -6...6, using: &rng))
                let text = MixedText.paragraph(length: length, using: &rng)
                guard let m = try? engine.size(of: text, style: style, width: textWidth) else { break }
                if m.lineCount == lines { return TextRow(text: text) }
                guess += m.lineCount < lines ? 3 : -3
            }
            fixtureFailure("TextRows: found no text of \(lines) lines for row \(i)")
        }
    }

    /// The table the cold benchmark builds: one plain section without header and footer,
    /// every row self-sizing and measured at build (no estimate).
    static func configuration(width: Double = tableWidth) -> TableConfiguration {
        TableConfiguration(style: .plain, width: width, rowHeight: .automatic, estimatedRowHeight: 0)
    }

    static func sections(_ rows: [TextRow]) -> [TableSection<TextRow>] {
        [TableSection(header: .none, rows: rows.map { TableRow.automatic($0) }, footer: .none)]
    }

    static var sizer: TextCellSizer { TextCellSizer(engine: Engines.standard, style: style) }
}
