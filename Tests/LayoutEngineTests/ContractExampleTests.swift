import Foundation
import LayoutEngine
import Testing

/// Every spec example in docs/CONTRACT.md marked `<!-- spec: runs -->` decodes without a warning
/// and computes (issue 14: "its example spec runs as written").
@Suite struct ContractExampleTests {
    static func examples() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/CONTRACT.md")
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var out: [String] = []
        var i = 0
        while i < lines.count {
            if lines[i].trimmingCharacters(in: .whitespaces) == "<!-- spec: runs -->", i + 1 < lines.count,
               lines[i + 1].hasPrefix("```") {
                var j = i + 2
                var block: [String] = []
                while j < lines.count, !lines[j].hasPrefix("```") { block.append(lines[j]); j += 1 }
                out.append(block.joined(separator: "\n"))
                i = j
            }
            i += 1
        }
        return out
    }

    @Test func everyMarkedExampleRuns() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 3)
        for (n, json) in examples.enumerated() {
            let document = try LayoutSpec.decode(json: json)
            #expect(document.warnings.isEmpty, "example \(n): \(document.warnings)")
            let result = try Layouter.shared.compute(document.spec)
            #expect(result.contentSize.height > 0, "example \(n)")
        }
    }

    /// The contract's element list writes `"lineBreakMode": "wordWrap"`; UIKit's names
    /// (`byTruncatingTail`) are read as the spec's own (`truncateTail`): the same frames.
    @Test func lineBreakModesByUIKitsNamesLayOutAsTheSpecsOwn() throws {
        func frames(_ mode: String) throws -> [CellFrame] {
            let json = #"{"width": 120, "sections": [{"rows": [{"layout": {"stack": "vertical", "children": ["#
                + #"{"text": "a long line of words that does not fit", "numberOfLines": 1, "lineBreakMode": "\#(mode)"},"#
                + #"{"text": "wrapped words over several lines", "lineBreakMode": "wordWrap"}]}}]}]}"#
            let document = try LayoutSpec.decode(json: json)
            #expect(document.warnings.isEmpty, "\(mode): \(document.warnings)")
            return try Layouter.shared.compute(document.spec).sections[0].elements[0].frames ?? []
        }
        let own = try frames("truncateTail")
        #expect(own.count == 3)
        // Truncated to one line: narrower than the 120-pt row would be were it wrapped and not cut.
        #expect(own[1].rect.height < own[2].rect.height)
        #expect(try frames("byTruncatingTail") == own)
        #expect(try frames("truncatingTail") == own)
        #expect(try frames("truncate-tail") == own)
        #expect(try frames("byWordWrapping") == frames("word"))
        #expect(try frames("byCharWrapping") == frames("char"))
    }

    /// `UIStackView.Alignment`'s names are read as the spec's: `leading`/`top` = `start`,
    /// `trailing`/`bottom` = `end`, `fill` = `stretch` (the same frames, in a stack and for one child).
    @Test func alignmentsByUIKitsNamesLayOutAsTheSpecsOwn() throws {
        func frames(_ stack: String, _ child: String) throws -> [CellFrame] {
            let json = #"{"width": 200, "sections": [{"rows": [{"layout": {"stack": "vertical", "alignment": "\#(stack)", "children": ["#
                + #"{"box": {"width": 40, "height": 10}}, {"box": {"height": 10}, "alignSelf": "\#(child)"}, {"text": "words"}]}}]}]}"#
            let document = try LayoutSpec.decode(json: json)
            #expect(document.warnings.isEmpty)
            return try Layouter.shared.compute(document.spec).sections[0].elements[0].frames ?? []
        }
        for (uikit, own) in [("leading", "start"), ("top", "start"), ("trailing", "end"), ("bottom", "end"), ("fill", "stretch")] {
            #expect(try frames(uikit, uikit) == frames(own, own), "\(uikit)")
        }
        // (The hyphenated spelling every enum value still takes: `first-baseline`.)
        #expect(try frames("first-baseline", "last-baseline") == frames("firstBaseline", "lastBaseline"))
        // (They differ from one another: the test would not pass with every name read as one.)
        #expect(try frames("leading", "fill") != frames("trailing", "leading"))
        let error = #expect(throws: SpecError.self) {
            try LayoutSpec.decode(json: #"{"sections": [{"rows": [{"layout": {"stack": "vertical", "alignment": "left"}}]}]}"#)
        }
        #expect(error?.description.contains(#"sections[0].rows[0].layout.alignment: "left" is not one of start, center, end, stretch, firstBaseline, lastBaseline"#) == true,
                "\(String(describing: error))")
    }

    /// `"direction"` on any element (CSS's `ltr`/`rtl`, UIKit's `leftToRight`/`rightToLeft` and
    /// `forceLeftToRight`/`forceRightToLeft`), inherited; `padding` with `leading`/`trailing`
    /// sides. A row of a 40-pt avatar and a 20-pt box, 10 apart, in a 200-pt row: right to left,
    /// the avatar's right edge is 200 less the right padding (physical) or the leading one.
    @Test func rightToLeftByEveryName() throws {
        func frames(_ direction: String, padding: String = #"{"left": 4, "right": 8}"#) throws -> [CellFrame] {
            let json = #"{"width": 200, "separatorStyle": "none", "sections": [{"rows": [{"layout": {"stack": "horizontal", "spacing": 10, "#
                + #""direction": "\#(direction)", "padding": \#(padding), "children": ["#
                + #"{"id": "avatar", "box": {"width": 40, "height": 40}}, {"id": "box", "box": {"width": 20, "height": 20}}]}}]}]}"#
            let document = try LayoutSpec.decode(json: json)
            #expect(document.warnings.isEmpty)
            return try Layouter.shared.compute(document.spec).sections[0].elements[0].frames ?? []
        }
        func x(_ frames: [CellFrame], _ id: String) -> Double { frames.first { $0.id == id }?.rect.minX ?? .nan }
        let rtl = try frames("rtl")
        #expect(x(rtl, "avatar") == 200 - 8 - 40)
        #expect(x(rtl, "box") == 200 - 8 - 40 - 10 - 20)
        for name in ["rightToLeft", "forceRightToLeft"] { #expect(try frames(name) == rtl, "\(name)") }
        let ltr = try frames("ltr")
        #expect(x(ltr, "avatar") == 4)
        for name in ["leftToRight", "forceLeftToRight"] { #expect(try frames(name) == ltr, "\(name)") }
        let directional = try frames("rtl", padding: #"{"leading": 4, "trailing": 8}"#)
        #expect(x(directional, "avatar") == 200 - 4 - 40)
        #expect(try frames("ltr", padding: #"{"leading": 4, "trailing": 8}"#) == ltr)
        // Errors at their paths: an unknown direction, and both kinds of sides at once.
        let unknown = #expect(throws: SpecError.self) {
            try LayoutSpec.decode(json: #"{"sections": [{"rows": [{"layout": {"box": {}, "direction": "left"}}]}]}"#)
        }
        #expect(unknown?.description.contains(#"sections[0].rows[0].layout.direction: "left" is not one of ltr, rtl"#) == true,
                "\(String(describing: unknown))")
        let mixed = #expect(throws: SpecError.self) {
            try LayoutSpec.decode(json: #"{"sections": [{"rows": [{"layout": {"box": {}, "padding": {"leading": 4, "right": 2}}}]}]}"#)
        }
        #expect(mixed?.description.contains("sections[0].rows[0].layout.padding.right: left and right are physical sides") == true,
                "\(String(describing: mixed))")
    }

    /// `"textAlignment"` on a text (`NSTextAlignment`'s natural, left, center, right): its frame
    /// across its box — also in a template whose text is bound (the planned way keeps the
    /// template's alignment). A 200-pt column: right-aligned, the frame ends at 200.
    @Test func textAlignmentPlacesTheTextsFrame() throws {
        let json = #"{"width": 200, "separatorStyle": "none", "templates": {"t": {"stack": "vertical", "children": ["#
            + #"{"id": "t", "text": "$text", "textAlignment": "right"}, {"id": "c", "text": "$text", "textAlignment": "center"}]}},"#
            + #""sections": [{"rows": [{"template": "t", "data": {"text": "words"}}, {"template": "t", "data": {"text": "more words"}}]}]}"#
        let document = try LayoutSpec.decode(json: json)
        #expect(document.warnings.isEmpty)
        let result = try Layouter.shared.compute(document.spec)
        for (row, text) in [(0, "words"), (1, "more words")] {  // (the text's measured width: its frame's)
            let frames = result.sections[0].elements[row].frames ?? []
            let right = try #require(frames.first { $0.id == "t" }).rect, center = try #require(frames.first { $0.id == "c" }).rect
            #expect(abs(right.maxX - 200) < 1e-9 && right.width < 150 && right.width == center.width, "\(text): \(right)")
            #expect(abs(center.midX - 100) < 1e-9, "\(center)")
        }
        // Justified: a text of several lines reaches both edges of its box (its stretched lines do);
        // one line, or lines each ending a paragraph, stay where natural alignment puts them.
        let justifiedJSON = #"{"width": 200, "separatorStyle": "none", "sections": [{"rows": [{"layout": {"stack": "vertical", "children": ["#
            + #"{"id": "long", "text": "words words words words words words words words", "textAlignment": "justified"},"#
            + #"{"id": "one", "text": "words", "textAlignment": "justify"},"#
            + #"{"id": "hard", "text": "words\nwords", "textAlignment": "justified"}]}}]}]}"#
        let justified = try Layouter.shared.compute(LayoutSpec.decode(json: justifiedJSON).spec).sections[0].elements[0].frames ?? []
        let long = try #require(justified.first { $0.id == "long" }).rect, one = try #require(justified.first { $0.id == "one" }).rect
        let hard = try #require(justified.first { $0.id == "hard" }).rect
        #expect(long.minX == 0 && long.width == 200 && long.height > 2 * one.height, "\(long)")
        #expect(one.minX == 0 && one.width < 60 && hard.minX == 0 && hard.width == one.width, "\(one) \(hard)")
        let unknown = #expect(throws: SpecError.self) {
            try LayoutSpec.decode(json: #"{"sections": [{"rows": [{"layout": {"text": "a", "textAlignment": "middle"}}]}]}"#)
        }
        #expect(unknown?.description.contains(#"textAlignment: "middle" is not one of natural, left, center, right or justified"#) == true,
                "\(String(describing: unknown))")
    }

    /// `"spacingAfter"` on a stack's child (`UIStackView.setCustomSpacing(_:after:)`): 20-pt boxes
    /// 10 apart, the first followed by 30 — at 0, 50, 80; a negative one is an error at its path.
    @Test func spacingAfterAChild() throws {
        let json = #"{"width": 300, "separatorStyle": "none", "rows": [{"layout": {"stack": "horizontal", "spacing": 10, "alignment": "start", "children": ["#
            + #"{"id": "a", "box": {"width": 20, "height": 20}, "spacingAfter": 30}, {"id": "b", "box": {"width": 20, "height": 20}},"#
            + #"{"id": "c", "box": {"width": 20, "height": 20}}]}}]}"#
        let document = try LayoutSpec.decode(json: json)
        #expect(document.warnings.isEmpty)
        let frames = try Layouter.shared.compute(document.spec).sections[0].elements[0].frames ?? []
        #expect(["a", "b", "c"].map { id in frames.first { $0.id == id }?.rect.minX ?? .nan } == [0, 50, 80])
        let negative = #expect(throws: SpecError.self) {
            try LayoutSpec.decode(json: #"{"rows": [{"layout": {"stack": "vertical", "children": [{"box": {}, "spacingAfter": -1}]}}]}"#)
        }
        #expect(negative?.description.contains("sections[0].rows[0].layout.children[0].spacingAfter") == true
                    || negative?.description.contains("rows[0].layout.children[0].spacingAfter") == true, "\(String(describing: negative))")
    }
}
