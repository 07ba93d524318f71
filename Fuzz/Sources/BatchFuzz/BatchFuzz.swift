import LayoutEngine

/// One fuzz input: a small table and the same grid built from the first bytes, then up to eight
/// batch updates read from the rest, each applied to both engines (which share one planner).
/// Findings (a crash is one): the engines refusing differently or for different reasons (but for
/// the one stated rule: a table refuses rows of a moving section), a refused batch that changed a
/// layout, different rows after an accepted batch, a table whose tree breaks its invariants or
/// whose rows stop tiling the content.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Bytes(base: data, count: size)
    var id = 0
    let counts = (0..<(1 + input.next() % 4)).map { _ in input.next() % 6 }
    let content: [[Int]] = counts.map { c in (0..<c).map { _ in defer { id += 1 }; return id } }
    let heights = (0..<id).map { _ in Double(1 + input.next() % 60) }
    guard var table = try? TableViewLayout<Row>(sections: content.map { TableSection(rows: $0.map { TableRow.fixed(heights[$0], content: Row(id: $0)) }) }),
          var grid = try? CollectionFlowLayout<Int>(
            configuration: FlowConfiguration(containerSize: Size(width: 320, height: 667)),
            sections: content.map { FlowSection(items: $0.map { .fixed(width: 50, height: 40, payload: $0) }) })
    else { fatalError("the starting layouts are valid") }

    for _ in 0..<8 where !input.isEmpty {
        let sectionCount = table.numberOfSections
        func index(_ n: Int) -> Int { input.next() % (n + 2) - (input.next() % 16 == 0 ? 1 : 0) }
        func path() -> IndexPath {
            let s = index(sectionCount)
            return IndexPath(row: index(s >= 0 && s < sectionCount ? table.numberOfRows(inSection: s) : 3), section: s)
        }
        var tb = TableBatch<Row>()
        var gb = FlowBatchUpdate<Int>()
        for _ in 0..<(input.next() % 5) {
            id += 1
            switch input.next() % 8 {
            case 0: let p = path(); tb.deleteRows.append(p); gb.deleteItems.append(p)
            case 1: let p = path(); tb.insertRows.append((p, TableRow.fixed(20, content: Row(id: id))))
                gb.insertItems.append(FlowItemChange(at: p, item: .fixed(width: 50, height: 40, payload: id)))
            case 2: let p = path(); tb.reloadRows.append((p, TableRow.fixed(30, content: Row(id: id))))
                gb.reloadItems.append(FlowItemChange(at: p, item: .fixed(width: 50, height: 40, payload: id)))
            case 3: let (a, b) = (path(), path()); tb.moveRows.append((a, b)); gb.moveItems.append(FlowMove(from: a, to: b))
            case 4: let s = index(sectionCount); tb.deleteSections.append(s); gb.deleteSections.append(s)
            case 5: let s = index(sectionCount)
                tb.insertSections.append((s, TableSection(rows: [TableRow.fixed(10, content: Row(id: id))])))
                gb.insertSections.append(FlowSectionChange(at: s, section: FlowSection(items: [.fixed(width: 50, height: 40, payload: id)])))
            case 6: let s = index(sectionCount)
                tb.reloadSections.append((s, TableSection(rows: [TableRow.fixed(10, content: Row(id: id))])))
                gb.reloadSections.append(FlowSectionChange(at: s, section: FlowSection(items: [.fixed(width: 50, height: 40, payload: id)])))
            default: let (a, b) = (index(sectionCount), index(sectionCount))
                tb.moveSections.append((a, b)); gb.moveSections.append(FlowMove(from: a, to: b))
            }
        }
        let (tableBefore, gridBefore) = (ids(table), ids(grid))
        var tableError: String?, gridError: String?
        do { try table.apply(tb) } catch { tableError = "\(error)" }
        do { try grid.apply(gb) } catch { gridError = error.message }
        if let t = tableError, t.contains("which is also being moved") { return 0 }  // the stated difference: stop here
        if tableError != nil && ids(table) != tableBefore { fatalError("a refused batch changed the table") }
        if gridError != nil && ids(grid) != gridBefore { fatalError("a refused batch changed the grid") }
        if (tableError == nil) != (gridError == nil) {
            fatalError("one engine refused: table \(tableError ?? "accepted"), grid \(gridError ?? "accepted")")
        }
        if let t = tableError, let g = gridError {
            let normalised = g.replacingOccurrences(of: "items", with: "rows").replacingOccurrences(of: "item ", with: "row ")
                .replacing(/\[(-?\d+), (-?\d+)\]/) { "(\($0.1) - \($0.2))" }
            if !t.contains(normalised) { fatalError("different reasons: \(t) / \(g)") }
            continue
        }
        if ids(table) != ids(grid) { fatalError("different rows: \(ids(table)) / \(ids(grid))") }
        if let problem = table.checkInvariants() { fatalError("table tree: \(problem)") }
        // Plain style, no headers or footers: the rows tile the content from 0.
        var y = 0.0
        for s in 0..<table.numberOfSections {
            for r in 0..<table.numberOfRows(inSection: s) {
                let rect = table.rectForRow(at: IndexPath(row: r, section: s))
                if rect.minY != y { fatalError("row [\(s), \(r)] at \(rect.minY), expected \(y)") }
                y = rect.maxY
            }
        }
        if y != table.contentSize.height { fatalError("rows end at \(y), content height \(table.contentSize.height)") }
    }
    return 0
}

struct Row: TableContent, Hashable {
    var id = -1
    static var placeholder: Row { Row() }
}

func ids(_ t: TableViewLayout<Row>) -> [[Int]] {
    (0..<t.numberOfSections).map { s in (0..<t.numberOfRows(inSection: s)).map { t.content(at: IndexPath(row: $0, section: s))?.id ?? -2 } }
}

func ids(_ g: CollectionFlowLayout<Int>) -> [[Int]] {
    (0..<g.numberOfSections).map { s in (0..<g.numberOfItems(inSection: s)).map { g.payload(at: IndexPath(item: $0, section: s)) ?? -2 } }
}

/// The input, read a byte at a time (0 once it is used up).
struct Bytes {
    let base: UnsafePointer<UInt8>
    let count: Int
    var offset = 0

    var isEmpty: Bool { offset >= count }

    mutating func next() -> Int {
        guard offset < count else { return 0 }
        defer { offset += 1 }
        return Int(base[offset])
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// The executable's entry point (see SpecFuzz): libFuzzer's driver with this target's callback.
@_cdecl("BatchFuzz_main")
public func batchFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzz(data, size) }
}
