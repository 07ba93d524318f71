import Foundation
@testable import LayoutEngine
import Testing

/// A layouter keeps a long section's resolved rows across compute calls (the same decoded feed at
/// a new width takes them as they were): whatever it kept, every call must answer what a layouter
/// keeping nothing answers — at another width, with other text styles or another scale over the
/// same rows, and with the warnings a reused section would otherwise lose.
@Suite struct ResolvedSectionTests {
    /// A 5,000-row templated feed (a long section: resolved on all cores and kept); row i's text is
    /// 1 + i % 7 words in the style "body", its box 10 + i % 7 wide.
    static func feed(extraRow: String? = nil) throws -> TableSpec {
        var rows = (0..<5_000).map { i in
            #"{"template": "t", "data": {"s": "\#(String(repeating: "word ", count: 1 + i % 7))", "w": \#(10 + i % 7)}}"#
        }
        if let extraRow { rows[2_500] = extraRow }
        let json = """
            {"width": 120, "separatorStyle": "none", "textStyles": {"body": {"size": 14}},
             "templates": {"t": {"stack": "vertical", "spacing": 2, "children": [
              {"id": "s", "text": "$s", "textStyle": "body"}, {"id": "box", "box": {"width": "$w", "height": 10}}]}},
             "rows": [\(rows.joined(separator: ","))]}
            """
        guard case .table(let table) = try LayoutSpec.decode(json: json).spec else { throw CocoaError(.coderInvalidValue) }
        return table
    }

    /// Every row's rect and frames, and the warnings.
    static func same(_ a: ComputeResult, _ b: ComputeResult) -> Bool {
        a.warnings == b.warnings && a.sections[0].elements.count == b.sections[0].elements.count
            && zip(a.sections[0].elements, b.sections[0].elements).allSatisfy { $0.rect == $1.rect && $0.frames == $1.frames }
    }

    @Test func aFeedAtANewWidthIsWhatAFreshLayouterFinds() throws {
        let keeping = Layouter(), fresh = Layouter(preparedCellUnits: 0)
        let narrow = try Self.feed()
        var wide = narrow
        wide.width = 300
        let first = try keeping.compute(.table(narrow))
        let atWide = try keeping.compute(.table(wide))  // the narrow call's rows, taken as they were
        #expect(Self.same(atWide, try fresh.compute(.table(wide))))
        #expect(Self.same(try keeping.compute(.table(narrow)), first))
        // By hand: at 300 pt every text (at most 7 × "word ") fits one line, so rows of the same
        // data have the same height, and the box is 10 + i % 7 wide below the 2-pt gap.
        let rows = atWide.sections[0].elements
        #expect(rows[0].rect.height == rows[7].rect.height)
        let box = try #require(rows[4_999].frames?.first { $0.id == "box" }?.rect)
        #expect(box.width == Double(10 + 4_999 % 7))
        #expect(rows[4_999].rect.height == box.maxY)
        // At 120 pt the 7-word text wraps: the rows differ from the wide ones.
        #expect(first.sections[0].elements[6].rect.height > rows[6].rect.height)
    }

    @Test func otherStylesOrAnotherScaleOverTheSameRowsAreResolvedAgain() throws {
        let keeping = Layouter(), fresh = Layouter(preparedCellUnits: 0)
        let base = try Self.feed()
        _ = try keeping.compute(.table(base))
        var larger = base  // the same rows (the same storage), the style they name changed
        larger.textStyles["body"] = TextStyleSpec(size: 20)
        let l = try keeping.compute(.table(larger))
        #expect(Self.same(l, try fresh.compute(.table(larger))))
        #expect(l.sections[0].elements[0].frames?.first { $0.id == "s" }?.rect.height
            != (try keeping.compute(.table(base))).sections[0].elements[0].frames?.first { $0.id == "s" }?.rect.height)
        var scaled = base
        scaled.scale = 3
        #expect(Self.same(try keeping.compute(.table(scaled)), try fresh.compute(.table(scaled))))
    }

    /// The cache holds the newest sections within its row budget (the prepared-cell units / 256).
    @Test func keptSectionsStayWithinTheirBudget() throws {
        let rows = try Self.feed().sections[0].rows.runs
        let cache = ResolvedSectionCache(limit: 2, preparedCellUnits: 10 * ResolvedSectionCache.unitsPerRow)
        #expect(cache.rowLimit == 10)
        func entry(_ n: Int) -> ResolvedSectionCache.Entry {
            let key = ResolvedSectionCache.Key(rows: Array(rows.prefix(n)), path: "sections[0]", scope: .builtin, scale: nil,
                                               rowHeight: .automatic, settings: CellSettings())
            return ResolvedSectionCache.Entry(key: key, rows: ResolvedRows(Array(repeating: EngineRowRun(count: 1, row: EngineRow(height: .automatic, content: .none)), count: n)),
                                              sawEstimatedHeight: false)
        }
        let six = entry(6), four = entry(4), five = entry(5), eleven = entry(11)
        cache.store(six)
        cache.store(four)  // 6 + 4 rows: both kept
        #expect(cache.entry(for: six.key) != nil && cache.entry(for: four.key) != nil)
        cache.store(five)  // 5 + 4 rows: the oldest (six) goes
        #expect(cache.entry(for: six.key) == nil && cache.entry(for: four.key) != nil && cache.entry(for: five.key) != nil)
        cache.store(eleven)  // past the budget alone: not kept, nothing dropped
        #expect(cache.entry(for: eleven.key) == nil && cache.entry(for: five.key) != nil)
        // Another array with the same rows is another section (its storage differs).
        #expect(cache.entry(for: entry(5).key) == nil)
        #expect(ResolvedSectionCache(limit: 2, preparedCellUnits: 0).rowLimit == 0)
    }

    @Test func aFeedThatWarnsWarnsEveryTime() throws {
        let keeping = Layouter()
        // A run naming a font nobody has (a warning while its row is resolved) and a row with an
        // estimated height (the table's warning): both again on the second call.
        let run = #"{"layout": {"text": [{"text": "a", "font": "No Such Font"}], "textStyle": {"size": 12}}, "estimatedHeight": 30}"#
        var spec = try Self.feed(extraRow: run)
        let first = try keeping.compute(.table(spec))
        #expect(first.warnings.contains { $0.contains("No Such Font") }, "\(first.warnings)")
        #expect(first.warnings.contains { $0.contains("estimatedHeight") }, "\(first.warnings)")
        spec.width = 200
        let second = try keeping.compute(.table(spec))
        #expect(second.warnings == (try Layouter(preparedCellUnits: 0).compute(.table(spec))).warnings)
        #expect(second.warnings.contains { $0.contains("No Such Font") }, "\(second.warnings)")
        #expect(second.warnings.contains { $0.contains("estimatedHeight") }, "\(second.warnings)")
    }
}
