@_exported import TestSupport
import LayoutGeometry
@testable import TableLayout

/// Test payload: an identity (to follow rows through updates), a height its sizer reads, a kind.
struct Item: TableContent, Hashable {
    var id: Int = -1
    var height: Double = 0
    var kind: Int = 0
    var chrome: CellChrome = .none
    static var placeholder: Item { Item() }
    var estimationKind: Int { kind }
}

/// A sizer answering the item's own height (arithmetic only).
let itemSizer = ClosureSizer<Item> { $0.content.height }

/// The ids of every row, section by section.
func ids(_ t: TableViewLayout<Item>) -> [[Int]] {
    (0..<t.numberOfSections).map { s in
        (0..<(t.numberOfRows(inSection: s))).map { t.content(at: IndexPath(row: $0, section: s))!.id }
    }
}

func rows(_ ids: [Int], height: Double = 44) -> [TableRow<Item>] {
    ids.map { TableRow.fixed(height, content: Item(id: $0)) }
}

extension IndexPath {
    init(_ s: Int, _ r: Int) { self.init(row: r, section: s) }
}

/// The shared seeded generator (TestSupport), under this suite's name.
typealias SeededRandom = SplitMix
