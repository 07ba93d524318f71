import LayoutGeometry
import TableLayout
import TextLayout

/// The peer: what a UIKit tutorial does. The view controller keeps the rows; every layout pass
/// asks `heightForRowAt` for every row, and `heightForRowAt` measures the row's text (no cache of
/// heights); `indexPathForRow(at:)` walks the rows from the top adding heights. Measures with the
/// same text engine and the same cell geometry as `TextCellSizer`, so both compute the same
/// heights (checked in the benchmarks' setup) and only the layout strategy differs.
struct NaiveTextTable {
    let rows: [TextRow]
    let engine: TextEngine
    let style: TextStyle
    let metrics = TableMetrics.standard
    let scale = PixelScale(2)

    /// `tableView(_:heightForRowAt:)`: the text measured now, rounded up to pixels, plus the separator.
    func heightForRow(_ row: Int, tableWidth: Double) throws -> Double {
        let margin = metrics.layoutMargin(tableWidth: tableWidth)
        let text = try engine.size(of: rows[row].text, style: style, width: tableWidth - 2 * margin).size.height
        return scale.ceil(text + 2 * metrics.cellVerticalPadding) + metrics.separatorHeight(scale: scale)
    }

    /// One layout pass: every row's height asked again; answers the content height.
    func layoutPass(tableWidth: Double) throws -> [Double] {
        try rows.indices.map { try heightForRow($0, tableWidth: tableWidth) }
    }
}

/// The same peer for a large table whose heights are known: an array of heights (one `Double`
/// per row, as `heightForRowAt` would answer), `indexPathForRow(at:)` by a linear scan from the top.
struct NaiveHeightsTable {
    let heights: [Double]

    func indexPathForRow(at y: Double) -> IndexPath? {
        guard y >= 0 else { return nil }
        var top = 0.0
        for (row, h) in heights.enumerated() {
            if y < top + h { return IndexPath(row: row, section: 0) }
            top += h
        }
        return nil
    }
}
