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
}
