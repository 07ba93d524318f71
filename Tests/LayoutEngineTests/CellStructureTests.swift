import Foundation
@testable import LayoutEngine
import Testing

/// Rows made from one template with the same values bound everywhere but in their texts' strings
/// share a structure (`CellStructure`): the first such row on a thread is flattened, the others
/// take its properties, children and ids and read only their texts (`FlexSkeleton`). Each must
/// lay out exactly as the same row decoded the direct way (no plan, no structure: flattened) —
/// every frame, every height — with hidden elements, repeats, overlays and backgrounds whose
/// base or layer is hidden, ids, directions and named text styles bound (a text's style is taken
/// by its place in the tree's text order, hidden texts counted).
@Suite struct CellStructureTests {
    static let template = #"""
    {"stack": "vertical", "spacing": 6, "padding": 8, "id": "$idv", "direction": "$dir", "children": [
      {"stack": "horizontal", "spacing": 4, "alignment": "firstBaseline", "children": [
        {"text": "$a", "textStyle": "title", "numberOfLines": 2},
        {"box": {"width": 12, "height": 12}, "hidden": "$h1"},
        {"text": "$b", "textStyle": "body", "hidden": "$h2"}]},
      {"overlay": [{"text": "$c", "textStyle": "body", "hidden": "$h3"}, {"text": "$d", "textStyle": "title", "hidden": "$h4"}]},
      {"background": [{"box": {"width": 30, "height": 20}, "hidden": "$h5"}, {"text": "$e"}]},
      {"stack": "vertical", "children": [{"repeat": "$n", "element":
        {"stack": "horizontal", "spacing": 3, "children": [{"text": "$f", "textStyle": "body"}, {"box": {"width": 8, "height": 8}}]}}]},
      {"text": "$g", "textStyle": "title", "textAlignment": "$align"}]}
    """#

    static let words = ["table", "cell", "view", "今天", "天气", "很好", "swift", "layout", "a", "supercalifragilistic", "中文文本测试"]

    static func text(_ r: inout TemplatePlanTests.Random) -> String {
        (0..<(1 + r.below(14))).map { _ in words[r.below(words.count)] }.joined(separator: r.chance(70) ? " " : "")
    }

    /// A row's data: the shaping values of one of `shapes`, every text drawn afresh.
    static func row(_ r: inout TemplatePlanTests.Random, shapes: [String]) -> String {
        let texts = ["a", "b", "c", "d", "e", "f", "g"].map { "\"\($0)\": \"\(text(&r))\"" }.joined(separator: ", ")
        return "{\"template\": \"t\", \"data\": {\(texts), \(shapes[r.below(shapes.count)])}}"
    }

    static func shape(_ r: inout TemplatePlanTests.Random) -> String {
        let h = (1...5).map { "\"h\($0)\": \(r.chance(35))" }.joined(separator: ", ")
        return h + ", \"n\": \(r.below(4)), \"dir\": \"\(r.chance(30) ? "rtl" : "ltr")\", \"idv\": \"\(r.chance(50) ? "post" : "card")\""
            + ", \"align\": \"\(["natural", "center", "justified", "right"][r.below(4)])\""
    }

    /// The result of computing `json` (no timings), and how many of its rows' layouts have a structure.
    static func result(_ json: String, plan: Bool) throws -> (ComputeResult, structured: Int) {
        let document = try LayoutSpec.decode(try JSONParser.parse(Array(json.utf8)), planTemplates: plan)
        var result = try compute(document.spec)
        result.timings = []
        var structured = 0
        if case .table(let table) = document.spec {
            for run in table.sections.flatMap(\.rows.runs) {
                for row in run.cycle { if case .layout(let l) = row.content, l.identity.structure != nil { structured += 1 } }
            }
        }
        return (result, structured)
    }

    @Test func rowsOfOneStructureLayOutAsFlattenedOnes() throws {
        var r = TemplatePlanTests.Random(state: 20261129)
        var structured = 0
        for trial in 0..<40 {
            let shapes = (0..<3).map { _ in Self.shape(&r) }
            let rows = (0..<24).map { _ in Self.row(&r, shapes: shapes) }
            let json = #"{"width": \#(200 + 20 * r.below(8)), "rowHeight": "automatic", "separatorStyle": "none", "#
                + #""textStyles": {"title": {"size": 17, "weight": "bold"}, "body": {"size": 13}}, "#
                + #""templates": {"t": "# + Self.template + #"}, "rows": ["# + rows.joined(separator: ", ") + "]}"
            let planned = try Self.result(json, plan: true), direct = try Self.result(json, plan: false)
            #expect(planned.0 == direct.0, "trial \(trial)")
            #expect(direct.structured == 0)
            structured += planned.structured
        }
        // (Every row was planned, and had a structure: 40 × 24, less the rows two draws made alike.)
        #expect(structured > 900, "\(structured) rows with a structure")
    }

    /// The structures: one object for every row binding the same values outside its texts'
    /// strings, another for any other values; none for a row the plan leaves to the direct way.
    @Test func oneStructureForTheSameShapingValues() throws {
        // (Inline styles: a template alone has no named styles to refer to.)
        let template = Self.template.replacingOccurrences(of: "\"title\"", with: "{\"size\": 17}")
            .replacingOccurrences(of: "\"body\"", with: "{\"size\": 13}")
        let node = SpecNode(value: try JSONParser.parse(Array(template.utf8)), path: .root, context: SpecDecodingContext())
        let plan = try #require(TemplatePlan.make(node))
        func values(_ a: String, n: Double, h1: Bool) -> [JSONValue?] {
            plan.names.map { name -> JSONValue? in
                switch name {
                case "n": return .number(n)
                case "dir": return .string("ltr")
                case "idv": return .string("post")
                case "align": return .string("natural")
                case "h1": return .bool(h1)
                case let h where h.hasPrefix("h"): return .bool(false)
                default: return .string(a + name)
                }
            }
        }
        let one = try #require(plan.instantiate(values("x", n: 2, h1: false))?.structure)
        let again = try #require(plan.instantiate(values("other words", n: 2, h1: false))?.structure)
        let more = try #require(plan.instantiate(values("x", n: 3, h1: false))?.structure)
        let hidden = try #require(plan.instantiate(values("x", n: 2, h1: true))?.structure)
        #expect(one === again)
        #expect(one !== more && one !== hidden && more !== hidden)
        #expect(plan.structuralSlots.map { plan.names[$0] }.sorted() == ["align", "dir", "h1", "h2", "h3", "h4", "h5", "idv", "n"])
    }
}
