import Foundation
import LayoutEngine
import Testing

/// Issue 12: specs written by a hostile user are refused quickly, with the place named.
@Suite struct HostileSpecTests {
    /// "Billion laughs": nine levels of nine aliases each (9⁹ ≈ 387 million strings) in ten lines.
    /// Refused from the document's shape, before anything is expanded, naming where.
    @Test func aliasBombIsRefusedBeforeExpanding() {
        var yaml = #"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"# + "\n"
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for k in 1..<names.count {
            let alias = "*" + names[k - 1]
            yaml += "\(names[k]): &\(names[k]) [\(Array(repeating: alias, count: 9).joined(separator: ","))]\n"
        }
        yaml += "rows: *i\n"
        let start = ContinuousClock.now
        do {
            _ = try LayoutSpec.decode(yaml: yaml)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("expands to more than 5000000 values once its aliases are followed"))
            #expect(error.line == 7)  // g: 9 × 9⁶ ≈ 4.8 M values… its parent's aliases pass the limit
        }
        // Not a timing assertion (machines differ): a sanity bound far above the milliseconds it takes.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func deepFlowNestingIsRefusedBeforeParsing() {
        let yaml = String(repeating: "[", count: 100_000)
        do {
            _ = try LayoutSpec.decode(yaml: yaml)
            Issue.record("accepted")
        } catch {
            #expect(error.message == "YAML: collections nested deeper than 512 levels")
            #expect(error.column == 513)
        }
        // Block sequences nested on one line (`- - - … x`): Yams would recurse 100,000 deep.
        do {
            _ = try LayoutSpec.decode(yaml: String(repeating: "- ", count: 100_000) + "x")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "YAML: collections nested deeper than 512 levels")
            #expect(error.column == 1025)  // the 513th "-"
        }
        // Nesting through indentation: 2,000 levels, one more space each.
        do {
            _ = try LayoutSpec.decode(yaml: (0..<2_000).map { String(repeating: " ", count: $0) + "-\n" }.joined())
            Issue.record("accepted")
        } catch {
            #expect(error.message == "YAML: a line indented more than 1024 columns")
            #expect(error.line == 1026)
        }
        do {
            _ = try LayoutSpec.decode(yaml: String(repeating: "? ", count: 100_000) + "x")
            Issue.record("accepted")
        } catch {
            #expect(error.message == "YAML: collections nested deeper than 512 levels")
        }
        do {
            _ = try LayoutSpec.decode(json: String(repeating: "[", count: 100_000))
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("nesting deeper than 512 levels"))
        }
    }

    /// A repeated key is a warning naming its path and where it repeats (the last value is used);
    /// with strict decoding it is an error.
    @Test(arguments: [SpecFormat.json, .yaml])
    func duplicateKeysWarnAndFailWhenStrict(format: SpecFormat) throws {
        let text = format == .json ? #"{"rows": [44, {"height": 30, "height": 40}]}"# : "rows:\n  - 44\n  - height: 30\n    height: 40\n"
        let document = try LayoutSpec.decode(Array(text.utf8), format: format)
        #expect(document.warnings.map(\.path.description) == ["rows[1].height"])
        #expect(document.warnings.first?.message.contains("duplicate key at line") == true)
        guard case .table(let table) = document.spec, case .fixed(let h)? = table.sections[0].rows.elements[1].height else {
            Issue.record("no fixed height"); return
        }
        #expect(h == 40)  // the last one
        #expect(throws: SpecError.self) { try LayoutSpec.decode(Array(text.utf8), format: format, strict: true) }
    }

    /// A table too narrow for its text: an error naming the row and the width, not a one-line row.
    @Test func noRoomForTextIsAnError() throws {
        let spec = try LayoutSpec.decode(json: #"{"width": 20, "rowHeight": "automatic", "rows": [{"text": "Hello there"}]}"#).spec
        do {
            _ = try Layouter.shared.compute(spec)
            Issue.record("computed")
        } catch {
            #expect(error.description.contains("row [0, 0]"))
            #expect(error.description.contains("no room for the text block (after its insets): its width is -12 pt"))  // 20 − 2 × 16
        }
    }
}
