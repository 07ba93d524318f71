import Foundation
@testable import LayoutEngine
import Testing

/// Templated rows decoded through their template's plan (`TemplatePlan`) against the direct way
/// (the row's data substituted into the template's JSON, then decoded): the same specs, the same
/// warnings, the same errors — on random templates with bindings at every site the plan follows
/// and at some it does not, and random data of every JSON type, valid or not (600 templates × 6
/// rows by default; `TPSEED` and `TPTRIALS` in the environment run others).
@Suite struct TemplatePlanTests {
    /// The outcome of decoding: the spec and its warnings, or the error and its warnings.
    enum Outcome: Equatable {
        case spec(LayoutSpec, [String])
        case error(String, [String])
    }

    static func decode(_ json: String, plan: Bool) throws -> Outcome {
        let value = try JSONParser.parse(Array(json.utf8))
        do {
            let document = try LayoutSpec.decode(value, planTemplates: plan)
            return .spec(document.spec, document.warnings.map(\.description))
        } catch {
            return .error(error.description, error.warnings.map(\.description))
        }
    }

    /// A small deterministic generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let names = ["a", "b", "c", "d", "e", "f"]

    /// A value for a numeric property: absent (nil), a number, or a binding.
    static func number(_ r: inout Random, _ valid: Double) -> String? {
        switch r.below(6) {
        case 0, 1, 2: return nil
        case 3: return "\(valid)"
        default: return "\"$\(names[r.below(names.count)])\""
        }
    }

    static func element(_ r: inout Random, depth: Int) -> String {
        var members: [String] = []
        let kind = depth >= 3 ? r.below(3) : r.below(6)
        switch kind {
        case 0:
            members.append(r.chance(70) ? "\"text\": \"$\(names[r.below(names.count)])\"" : "\"text\": \"fixed words\"")
            if r.chance(30) { members.append("\"numberOfLines\": \(r.below(3))") }
            // (An unknown field of a text style is a warning per decoded text: in a repeat, once per copy.)
            if r.chance(20) { members.append("\"textStyle\": {\"size\": \(r.chance(80) ? "12" : "\"$a\"")\(r.chance(30) ? ", \"colr\": 1" : "")}") }
            if r.chance(25) { members.append("\"textAlignment\": \(r.chance(30) ? "\"center\"" : "\"$\(names[r.below(names.count)])\"")") }
        case 1:
            var box: [String] = []
            for (key, valid) in [("width", 20.0), ("height", 10.0), ("aspectRatio", 1.5)] {
                if let v = number(&r, valid) { box.append("\"\(key)\": \(v)") }
            }
            members.append("\"box\": {\(box.joined(separator: ", "))}")
        case 2:
            members.append("\"spacer\": {}")
        case 3, 4:
            members.append("\"stack\": \"\(r.chance(50) ? "vertical" : "horizontal")\"")
            if let v = number(&r, 4) { members.append("\"spacing\": \(v)") }
            if r.chance(20) { members.append("\"wrap\": true") }
            if r.chance(15) { members.append("\"alignment\": \"$\(Self.names[r.below(Self.names.count)])\"") }
            if r.chance(15) { members.append("\"justify\": \"$\(Self.names[r.below(Self.names.count)])\"") }
            if r.chance(10) { members.append("\"wrap\": \"$\(Self.names[r.below(Self.names.count)])\"") }
            var children: [String] = []
            for _ in 0..<r.below(4) {
                if r.chance(25) {
                    let times = r.chance(50) ? "\"$\(names[r.below(names.count)])\"" : "\(r.below(3))"
                    children.append("{\"repeat\": \(times), \"element\": \(element(&r, depth: depth + 1))}")
                } else {
                    children.append(element(&r, depth: depth + 1))
                }
            }
            members.append("\"children\": [\(children.joined(separator: ", "))]")
        default:
            members.append("\"\(r.chance(50) ? "overlay" : "background")\": [\(element(&r, depth: depth + 1)), \(element(&r, depth: depth + 1))]")
        }
        for (key, valid) in [("width", 30.0), ("height", 12.0), ("minWidth", 1.0), ("maxHeight", 90.0), ("grow", 1.0), ("shrink", 0.0), ("basis", 5.0)]
        where r.chance(30) {
            if let v = number(&r, valid) { members.append("\"\(key)\": \(v)") }
        }
        if r.chance(20) { members.append("\"hidden\": \(r.chance(50) ? "true" : "\"$\(names[r.below(names.count)])\"")") }
        if r.chance(20) { members.append("\"id\": \(r.chance(50) ? "\"x\"" : "\"$\(names[r.below(names.count)])\"")") }
        if r.chance(10) { members.append("\"padding\": \(r.chance(50) ? "3" : r.chance(50) ? "\"$c\"" : "{\"top\": \"$d\"}")") }
        if r.chance(10) { members.append("\"alignSelf\": \(r.chance(30) ? "\"end\"" : "\"$\(Self.names[r.below(Self.names.count)])\"")") }
        if r.chance(15) { members.append("\"direction\": \(r.chance(30) ? "\"rtl\"" : "\"$\(names[r.below(names.count)])\"")") }
        if r.chance(15), let v = number(&r, 6) { members.append("\"spacingAfter\": \(v)") }
        if r.chance(3) { members.append("\"justify\": \"$a\"") }  // on any element: an error on all but a stack
        if r.chance(3) { members.append("\"textAlignment\": \"$b\"") }  // on any element: an error on all but a text
        if r.chance(3) { members.append("\"gorw\": 1") }  // an unknown property: an error either way
        return "{\(members.joined(separator: ", "))}"
    }

    /// Data binding some of the names, with values of every type; with `types`, every name
    /// (given always) has a value of its type (0 a string, 1 a number ≥ 0, 2 a boolean).
    /// With `favourites` (a string per name), a string value is mostly the name's favourite, so
    /// that a name bound where only some strings are valid (a direction, an alignment) is valid in
    /// every row often enough for the rows to decode.
    static let words = ["words", "start", "center", "stretch", "spaceBetween", "space-between", "firstBaseline", "middle",
                        "rtl", "forceLeftToRight", "leftToRight", "natural", "right", "justified", "RTL"]

    static func data(_ r: inout Random, types: [Int]? = nil, favourites: [String]? = nil) -> String {
        var members: [String] = []
        for (i, name) in (names + ["unused"]).enumerated() where types != nil || r.chance(85) {
            let value: String
            switch types.map({ [0, 3, 8][$0[i]] }) ?? r.below(12) {
            // (Strings: words for texts and ids, and every spelling an alignment or a justification may
            // take — the older hyphenated one too, which the plan leaves to the direct way.)
            // (And every name of a direction or a text alignment, with ones the decoder refuses.)
            case 0, 1, 2:
                if let favourites, r.chance(80) {
                    value = "\"\(favourites[i])\""
                } else {
                    let word = Self.words[r.below(Self.words.count)]
                    value = "\"\(word == "words" ? "words \(r.below(5))" : word)\""
                }
            case 3, 4, 5: value = "\(r.below(4))"
            case 6: value = "\(r.below(3)).5"
            case 7: value = "-1"
            case 8: value = r.chance(50) ? "true" : "false"
            case 9: value = "null"
            case 10: value = "[\"run\", {\"text\": \"bold\", \"font\": \"DejaVuSans-Bold\"}]"
            default: value = "{}"
            }
            members.append("\"\(name)\": \(value)")
        }
        return "{\(members.joined(separator: ", "))}"
    }

    @Test func planAndDirectWayAgreeOnRandomTemplates() throws {
        var r = Random(state: UInt64(ProcessInfo.processInfo.environment["TPSEED"] ?? "") ?? 20261128)
        var planned = 0, errors = 0, specs = 0
        for trial in 0..<(Int(ProcessInfo.processInfo.environment["TPTRIALS"] ?? "") ?? 600) {
            let template = Self.element(&r, depth: 0)
            // Half the trials give every name a value of one type in every row (more of them decode).
            let types = r.chance(50) ? (0...Self.names.count).map { _ in r.below(3) } : nil
            let favourites = types == nil ? nil : (0...Self.names.count).map { _ in Self.words[r.below(Self.words.count)] }
            let rows = (0..<6).map { _ in "{\"template\": \"t\", \"data\": \(Self.data(&r, types: types, favourites: favourites))}" }
            let json = #"{"width": 200, "separatorStyle": "none", "templates": {"t": "# + template + #"}, "rows": ["# + rows.joined(separator: ", ") + "]}"
            let direct = try Self.decode(json, plan: false), viaPlan = try Self.decode(json, plan: true)
            #expect(direct == viaPlan, "trial \(trial): \(json)")
            if case .spec = direct { specs += 1 } else { errors += 1 }
            let node = SpecNode(value: try JSONParser.parse(Array(template.utf8)), path: .root, context: SpecDecodingContext())
            if TemplatePlan.make(node) != nil { planned += 1 }
        }
        // The generator reaches all three: planned templates, decoded specs and errors.
        #expect(planned > 150 && specs > 40 && errors > 100, "planned \(planned), specs \(specs), errors \(errors)")
        if ProcessInfo.processInfo.environment["TPTRIALS"] != nil { print("planned \(planned), specs \(specs), errors \(errors)") }
    }

    /// Every site the plan follows, bound at once, with rows of valid values and rows of values
    /// the plan leaves to the direct way (an older spelling, a `null`, a wrong type, a negative
    /// size): the plan exists, both ways agree row by row, and a valid row's values land where
    /// they belong.
    @Test func everySiteThePlanFollowsIsWrittenAsTheDirectWayWrites() throws {
        let template = #"""
        {"stack": "horizontal", "spacing": "$gap", "alignment": "$align", "justify": "$justify", "wrap": "$wrap",
         "padding": "$pad", "id": "$id", "width": "$w", "minHeight": "$minH", "children": [
          {"text": "$text", "hidden": "$hide", "alignSelf": "$self", "grow": "$grow", "shrink": "$shrink", "basis": "$basis",
           "maxWidth": "$maxW", "minWidth": "$minW", "maxHeight": "$maxH", "height": "$h", "textAlignment": "$talign",
           "direction": "$dir", "spacingAfter": "$after"},
          {"box": {"width": "$bw", "height": "$bh"}},
          {"box": {"width": "$bw", "aspectRatio": "$ratio"}},
          {"box": {"width": "$bw", "height": 3}, "width": 50},
          {"overlay": [{"box": {"width": 5, "height": 5}}, {"text": "$text"}]},
          {"repeat": "$n", "element": {"box": {"width": "$bw", "height": 2}}}]}
        """#
        let node = SpecNode(value: try JSONParser.parse(Array(template.utf8)), path: .root, context: SpecDecodingContext())
        #expect(TemplatePlan.make(node) != nil)
        let valid = #"{"gap": 3, "align": "center", "justify": "spaceBetween", "wrap": true, "pad": 7, "id": "row", "w": 300, "minH": 10, "text": "hi there", "hide": false, "self": "end", "grow": 2, "shrink": 0, "basis": 40, "maxW": 200, "minW": 1, "maxH": 90, "h": 20, "bw": 12, "bh": 6, "ratio": 1.5, "n": 3, "talign": "right", "dir": "forceRightToLeft", "after": 9}"#
        var rows = [valid]
        // (Every spelling of a direction and of a text alignment, each a valid row of its own.)
        for d in ["ltr", "rtl", "leftToRight", "rightToLeft", "forceLeftToRight", "forceRightToLeft"] {
            rows.append(valid.replacingOccurrences(of: #""dir": "forceRightToLeft""#, with: #""dir": "\#(d)""#))
        }
        for a in ["natural", "start", "left", "center", "right"] {
            rows.append(valid.replacingOccurrences(of: #""talign": "right""#, with: #""talign": "\#(a)""#))
        }
        for (key, value) in [("justify", #""space-between""#), ("align", #""middle""#), ("pad", "null"), ("pad", #"{"top": 1}"#),
                             ("wrap", "1"), ("bw", "-2"), ("ratio", "0"), ("n", "2.5"), ("text", #"["a ", {"text": "b"}]"#), ("self", "3"),
                             ("talign", #""centre""#), ("talign", #""start""#), ("talign", #""justify""#), ("dir", #""RTL""#), ("dir", "1"), ("after", "-1")] {
            rows.append(valid.replacingOccurrences(of: #""\#(key)": "#, with: #""\#(key)": \#(value), "was\#(key)": "#))
        }
        // Row by row (one row per spec), so that a row the direct way rejects does not hide the others.
        func spec(_ row: String) -> String {
            #"{"width": 320, "templates": {"t": "# + template + #"}, "rows": [{"template": "t", "data": "# + row + "}]}"
        }
        for row in rows {
            #expect(try Self.decode(spec(row), plan: false) == Self.decode(spec(row), plan: true), "\(row)")
        }
        guard case .spec(.table(let table), _) = try Self.decode(spec(valid), plan: true),
              case .layout(let layout) = table.sections[0].rows.runs[0].cycle[0].content,
              case .stack(let root) = layout.root.kind else { Issue.record("no layout"); return }
        #expect(root.spacing == 3 && root.alignment == .center && root.justify == .spaceBetween && root.wraps)
        #expect(layout.root.padding == EdgeInsets(top: 7, left: 7, bottom: 7, right: 7))
        #expect(layout.root.id == "row" && layout.root.width == 300 && layout.root.minHeight == 10)
        let text = root.children[0]
        #expect(text.alignSelf == .end && text.grow == 2 && text.shrink == 0 && text.basis == 40 && !text.isHidden)
        #expect(text.maxWidth == 200 && text.minWidth == 1 && text.maxHeight == 90 && text.height == 20)
        #expect(text.layoutDirection == .rightToLeft && text.spacingAfter == 9)
        if case .text(let t) = text.kind { #expect(t.alignment == .right && t.text == "hi there") } else { Issue.record("not a text") }
        // (CSS's `start` is `natural`: the start edge of the element's direction, not the left.)
        guard case .spec(.table(let started), _) = try Self.decode(spec(valid.replacingOccurrences(of: #""talign": "right""#, with: #""talign": "start""#)), plan: true),
              case .layout(let startLayout) = started.sections[0].rows.runs[0].cycle[0].content,
              case .stack(let startRoot) = startLayout.root.kind, case .text(let startText) = startRoot.children[0].kind
        else { Issue.record("no layout"); return }
        #expect(startText.alignment == .natural)
        #expect(root.children[1].width == 12 && root.children[1].height == 6)
        #expect(root.children[2].width == 12 && root.children[2].kind == .box(aspectRatio: 1.5))
        #expect(root.children[3].width == 50)  // the element's own width, decoded after its box's
        #expect(root.children.count == 5 + 3)  // five children and three repeated boxes
    }

    /// The issue-10 post template (the feed benchmark's) is planned, and its rows decode to the
    /// direct way's trees.
    @Test func theFeedPostIsPlanned() throws {
        let template = #"""
        {"stack": "vertical", "spacing": 10, "padding": 10, "children": [
          {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
            {"id": "avatar", "box": {"width": 40, "height": 40}},
            {"stack": "vertical", "justify": "spaceBetween", "alignment": "start", "height": 40, "children": [
              {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
                {"id": "name", "text": "$name", "textStyle": {"size": 14}, "numberOfLines": 1},
                {"id": "badge", "box": {"width": 13, "height": 13}, "hidden": "$noBadge"}]},
              {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": [
                {"id": "time", "text": "$time", "textStyle": {"size": 12}, "numberOfLines": 1},
                {"id": "source", "text": "$source", "textStyle": {"size": 12}, "numberOfLines": 1}]}]}]},
          {"id": "text", "text": "$text", "textStyle": {"size": 14}},
          {"id": "photos", "stack": "horizontal", "wrap": true, "spacing": 5, "hidden": "$noPhotos",
           "children": [{"repeat": "$photos", "element": {"box": {"width": 80, "height": 80}}}]}]}
        """#
        let node = SpecNode(value: try JSONParser.parse(Array(template.utf8)), path: .root, context: SpecDecodingContext())
        let plan = try #require(TemplatePlan.make(node))
        #expect(plan.names == ["name", "noBadge", "time", "source", "text", "noPhotos", "photos"])
        let rows = (0..<10).map { i in
            #"{"template": "post", "data": {"name": "User \#(i)", "noBadge": \#(i % 3 == 0), "time": "10:\#(i)", "source": "来自 iPhone", "text": "\#(String(repeating: "今天 fox ", count: i))", "photos": \#(i), "noPhotos": \#(i == 0)}}"#
        }
        let json = #"{"width": 375, "templates": {"post": "# + template + #"}, "rows": ["# + rows.joined(separator: ",") + "]}"
        let direct = try Self.decode(json, plan: false), viaPlan = try Self.decode(json, plan: true)
        guard case .spec(let spec, let warnings) = viaPlan else { Issue.record("\(viaPlan)"); return }
        #expect(direct == viaPlan)
        #expect(warnings.isEmpty)
        // Row 9 has 9 photos (boxes of 80 × 80) in the photo stack, the third child of the root.
        guard case .table(let table) = spec, case .layout(let layout)? = table.sections.first?.rows.runs.last?.cycle.first?.content,
              case .stack(let root) = layout.root.kind, case .stack(let photos) = root.children[2].kind else {
            Issue.record("not a table of layouts"); return
        }
        #expect(photos.children.count == 9)
        #expect(photos.children.allSatisfy { $0.width == 80 && $0.height == 80 })
    }

    /// Two tables may each define a template of the same name: rows with the same data use their
    /// own table's template (identical uses are shared only within one definition).
    @Test func sameNameInANestedTableIsItsOwnTemplate() throws {
        let json = #"""
        {"width": 200, "separatorStyle": "none", "templates": {"t": {"text": "$s"}},
         "rows": [{"template": "t", "data": {"s": "a"}},
                  {"table": {"templates": {"t": {"box": {"width": 10, "height": 7}, "id": "$s"}},
                             "rows": [{"template": "t", "data": {"s": "a"}}]}}]}
        """#
        for plan in [false, true] {
            guard case .spec(.table(let table), _) = try Self.decode(json, plan: plan) else { Issue.record("no table"); return }
            let rows = table.sections[0].rows.runs.flatMap(\.cycle)
            guard case .layout(let outer) = rows[0].content, case .table(let nested) = rows[1].content,
                  case .layout(let inner) = nested.sections[0].rows.runs[0].cycle[0].content else {
                Issue.record("unexpected rows"); return
            }
            guard case .text(let t) = outer.root.kind else { Issue.record("outer is not a text"); return }
            #expect(t.text == "a")
            #expect(inner.root.id == "a" && inner.root.width == 10 && inner.root.height == 7)
        }
    }
}
