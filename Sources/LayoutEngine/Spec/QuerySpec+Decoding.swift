import LayoutGeometry

extension SpecNode {
    /// One query object. Tables ask `scrollToRow` (+ `position`), `indexPathAt`, `rowsIn`,
    /// `visibleAt`; grids `indexPathAt`, `itemsIn`, `visibleAt`.
    func query(grid: Bool) throws -> QuerySpec {
        let questions = grid ? ["indexPathAt", "itemsIn", "visibleAt"] : ["scrollToRow", "indexPathAt", "rowsIn", "visibleAt"]
        let o = try object(known: questions + (grid ? [] : ["position"]))
        let asked = questions.filter { o.has($0) }
        guard let question = asked.first else { throw fail("expected one of \(questions.joined(separator: ", "))") }
        if asked.count > 1 { throw fail("asks \(asked.joined(separator: " and ")): write one question per query") }
        let node = try o.required(question)
        switch question {
        case "scrollToRow":
            let position = try o.optional("position")?.choice(ScrollPositionSpec.self) ?? .none
            return .scrollToRow(try node.indexPath(), position: position)
        case "indexPathAt":
            let p = try node.numbers(2, "[x, y]")
            return .indexPathAt(Point(x: p[0], y: p[1]))
        case "visibleAt":
            return .visibleAt(try node.number())
        default:
            let r = try node.numbers(4, "[x, y, width, height]")
            for i in 2..<4 where r[i] < 0 { throw node.path.appending(i).error("must be ≥ 0") }
            return .elementsIn(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
    }
}
