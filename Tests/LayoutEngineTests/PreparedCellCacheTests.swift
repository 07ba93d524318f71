import CellLayout
@testable import LayoutEngine
import Testing
import TextLayout

/// The layouter's cache of prepared composed cells (kept across compute calls): bounded by the code
/// units of the texts it holds, emptied by `clearCaches()`, and never a different answer.
@Suite struct PreparedCellCacheTests {
    /// A cell whose one text is `units` code units long.
    static func cell(units: Int) throws -> PreparedCell {
        try CellLayout(textEngine: try Layouter.shared.textEngine())
            .prepare(.vstack([.text(String(repeating: "a", count: units))]))
    }

    /// 8 shards of 1,000 units each; a cell of 36 text units costs 36 + 64 = 100 units, so a shard
    /// keeps at most 10 in its young generation and 10 in its old one: at most 8 × 20 = 160 cells
    /// whatever is stored, and the newest are found again.
    @Test func theCacheKeepsAtMostTwoGenerationsOfItsCapacity() throws {
        let cache = PreparedCellCache(capacityUnits: 8_000)
        let cell = try Self.cell(units: 36)
        #expect(cell.textUnits == 36)
        var keys: [CellLayoutSpec.Identity] = []
        for _ in 0..<5_000 {
            let key = Self.identity()
            keys.append(key)
            cache.store(cell, units: cell.textUnits, layout: key, styles: [], settings: CellSettings())
            #expect(cache.count <= 160)
        }
        #expect(cache.count > 80)  // every shard holds something: the bound is not reached by dropping all
        #expect(cache.cell(keys[keys.count - 1], styles: [], settings: CellSettings()) != nil)
        #expect(cache.cell(keys[0], styles: [], settings: CellSettings()) == nil)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    /// A capacity of 0 keeps nothing; a cell larger than a shard's capacity is not kept.
    @Test func zeroCapacityKeepsNothing() throws {
        let none = PreparedCellCache(capacityUnits: 0)
        let key = Self.identity()
        none.store(try Self.cell(units: 10), units: 10, layout: key, styles: [], settings: CellSettings())
        #expect(none.count == 0 && none.cell(key, styles: [], settings: CellSettings()) == nil)
        let small = PreparedCellCache(capacityUnits: 800)  // 100 units per shard
        small.store(try Self.cell(units: 50), units: 50, layout: key, styles: [], settings: CellSettings())  // 50 + 64 > 100
        #expect(small.count == 0)
    }

    /// A cell is found only for the layout, styles and baseline placement it was prepared with; one
    /// prepared with other styles (the same decoded layout in a table with other text styles)
    /// replaces it, and is not counted twice.
    @Test func aCellIsFoundOnlyWithItsOwnStylesAndPlacement() throws {
        let cache = PreparedCellCache(capacityUnits: 80_000)
        let layout = Self.identity()
        let small = [TextStyle(size: 12)], large = [TextStyle(size: 20)]
        let a = try Self.cell(units: 3), b = try Self.cell(units: 4)
        cache.store(a, units: 3, layout: layout, styles: small, settings: CellSettings())
        #expect(cache.cell(layout, styles: small, settings: CellSettings())?.textUnits == 3)
        #expect(cache.cell(layout, styles: large, settings: CellSettings()) == nil)
        #expect(cache.cell(layout, styles: small, settings: CellSettings(baselines: .css)) == nil)
        #expect(cache.cell(layout, styles: small, settings: CellSettings(direction: .rightToLeft)) == nil)
        #expect(cache.cell(Self.identity(), styles: small, settings: CellSettings()) == nil)
        cache.store(b, units: 4, layout: layout, styles: large, settings: CellSettings())
        #expect(cache.cell(layout, styles: large, settings: CellSettings())?.textUnits == 4)
        #expect(cache.cell(layout, styles: small, settings: CellSettings()) == nil)
        #expect(cache.count == 1)
        cache.store(a, units: 3, layout: layout, styles: small, settings: CellSettings(baselines: .css))
        #expect(cache.count == 2)
    }

    /// Equal lists of styles come back as one array (the same storage), different ones as
    /// themselves; `removeAll()` forgets them.
    @Test func equalStyleListsShareOneArray() {
        let cache = PreparedCellCache(capacityUnits: 80_000)
        func storage(_ a: [TextStyle]) -> UnsafeRawPointer? { a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let first = cache.canonical([TextStyle(size: 14), TextStyle(size: 12)])
        let again = cache.canonical([TextStyle(size: 14), TextStyle(size: 12)])
        #expect(again == first && storage(again) == storage(first))
        let other = cache.canonical([TextStyle(size: 14), TextStyle(size: 13)])
        #expect(other != first && storage(other) != storage(first))
        cache.removeAll()
        let fresh = cache.canonical([TextStyle(size: 14), TextStyle(size: 12)])
        #expect(fresh == first && storage(fresh) != storage(first))
    }

    static func identity() -> CellLayoutSpec.Identity {
        CellLayoutSpec.Identity(root: CellElement(.spacer), textStyles: [], styleIdentity: nil)
    }

    /// A layouter keeping no cells and one keeping them answer the same, call after call, at
    /// changing widths; `clearCaches()` empties what it kept.
    @Test func keepingCellsNeverChangesAnAnswer() throws {
        let json = { (width: Int) in #"""
            {"width": \#(width), "rowHeight": "automatic", "templates": {"t": {"stack": "horizontal", "spacing": 8, "padding": 10, "children": [
              {"box": {"width": 40, "height": 40}}, {"text": "$text", "textStyle": {"size": 15}, "grow": 1}]}},
             "rows": [{"template": "t", "data": {"text": "one short line"}},
                      {"template": "t", "data": {"text": "a longer text that wraps onto a second line at narrow widths, 中文也在这里"}}]}
            """# }
        let keeping = Layouter(preparedCellUnits: Layouter.defaultPreparedCellUnits)
        let spec = try LayoutSpec.decode(json: json(375)).spec
        for width in [375, 200, 414, 120, 375] {
            guard case .table(var t) = spec else { return }
            t.width = Double(width)
            var kept = try keeping.compute(.table(t))
            var fresh = try Layouter(preparedCellUnits: 0).compute(try LayoutSpec.decode(json: json(width)).spec)
            (kept.timings, fresh.timings) = ([], [])
            #expect(kept == fresh, "width \(width)")
        }
        keeping.clearCaches()
        var again = try keeping.compute(spec)
        var fresh = try Layouter(preparedCellUnits: 0).compute(spec)
        (again.timings, fresh.timings) = ([], [])
        #expect(again == fresh)
    }

    /// A row's payload kept with its prepared cell is taken again only for the same row: the same
    /// decoded layout placed elsewhere in another spec is resolved anew, and its messages name
    /// where it is now.
    @Test func aKeptPayloadIsReusedOnlyForItsOwnRow() throws {
        let keeping = Layouter(preparedCellUnits: Layouter.defaultPreparedCellUnits)
        let decoded = try LayoutSpec.decode(json: """
            {"width": 375, "rows": [{"layout": {"stack": "horizontal", "children": [
              {"box": {"width": 300, "height": 10}, "minWidth": 300}, {"box": {"width": 300, "height": 10}, "minWidth": 300}]}}]}
            """).spec
        guard case .table(var table) = decoded else { Issue.record("not a table"); return }
        let first = try keeping.compute(decoded)
        #expect(first.warnings.first?.hasPrefix("sections[0].rows[0].layout: the root at width 375") == true)
        let again = try keeping.compute(decoded)  // the same row: its payload and cell are taken as kept
        #expect(again.warnings == first.warnings)
        #expect(again.sections[0].elements[0].frames == first.sections[0].elements[0].frames)
        // The same decoded row second in another table: a payload of its own, its own path.
        let row = table.sections[0].rows.runs[0].cycle[0]
        table.sections[0].rows = RunList([SpecRun(count: 1, element: RowSpec(height: .fixed(44))), SpecRun(count: 1, element: row)])
        let moved = try keeping.compute(.table(table))
        #expect(moved.warnings.first?.hasPrefix("sections[0].rows[1].layout: the root at width 375") == true)
        #expect(moved.sections[0].elements[1].frames?.map(\.rect) == first.sections[0].elements[0].frames?.map(\.rect))
    }
}
